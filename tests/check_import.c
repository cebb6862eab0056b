/*
 * check_import.c - real block traces: the event vocabulary (blk.c), the
 * pipeline state built from events (pipe.c) and the parsers (import.c),
 * one small fixture per pitfall of the formats (tests/data/import).
 */
#include "config.h"

#include <check.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blk.h"
#include "blktrace.h"
#include "check-main.h"
#include "export.h"
#include "import.h"
#include "pipe.h"
#include "engine/sim.h"

#define FIX	SRCDATADIR "/tests/data/import/"

/* Every action's letters parse back to it. */
START_TEST(act_names)
{
	enum blk_act	a, b;
	const char	*n;

	for (a = 0; a < BLK_READ_BEGIN; a++) {
		n = blk_act_name(a);
		ck_assert_int_eq(blk_act_parse(n, strlen(n), &b), 0);
		ck_assert_int_eq(a, b);
		ck_assert_str_ne(blk_act_words(a), "?");
	}
	ck_assert_int_eq(blk_act_parse("Z", 1, &b), -1);
	ck_assert_int_eq(blk_act_parse("read_end", 8, &b), -1);
	ck_assert_str_eq(blk_act_name(BLK_UT), "UT");
}
END_TEST

/* RWBS: letters only; R makes a read. */
START_TEST(rwbs)
{
	int	r;

	ck_assert_int_eq(blk_rwbs("RA", 2, &r), 0);
	ck_assert_int_eq(r, 1);
	ck_assert_int_eq(blk_rwbs("FWFS", 4, &r), 0);
	ck_assert_int_eq(r, 0);
	ck_assert_int_eq(blk_rwbs("N", 1, &r), 0);
	ck_assert_int_eq(r, 0);
	ck_assert_int_eq(blk_rwbs("R1", 2, &r), -1);
	ck_assert_int_eq(blk_rwbs("", 0, &r), -1);
	ck_assert_uint_eq(blk_dev_major(blk_dev(259, 3)), 259);
	ck_assert_uint_eq(blk_dev_minor(blk_dev(259, 3)), 3);
	ck_assert_uint_eq(blk_dev(7, 0), 7340032);	/* the kernel's dev */
}
END_TEST

/* M merges at a request's end, F at its start; nothing else merges. */
START_TEST(merges)
{
	struct blk_event	m = blk_read_event(BLK_M, 0, 0, 108, 8);
	struct blk_event	f = blk_read_event(BLK_F, 0, 0, 92, 8);
	struct blk_event	q = blk_read_event(BLK_Q, 0, 0, 108, 8);

	ck_assert(blk_merges(&m, 100, 8));	/* [100, 108) + [108, 116) */
	ck_assert(!blk_merges(&m, 100, 7));
	ck_assert(!blk_merges(&m, 108, 8));
	ck_assert(blk_merges(&f, 100, 8));	/* [92, 100) + [100, 108) */
	ck_assert(!blk_merges(&f, 101, 8));
	ck_assert(!blk_merges(&f, 92, 8));
	ck_assert(!blk_merges(&q, 100, 8));	/* a Q is no merge */
}
END_TEST

/* Real events in words (narration). */
START_TEST(narrate)
{
	struct blk_event	e;
	char			b[128];

	memset(&e, 0, sizeof e);
	e.act = BLK_UT;
	e.count = 1;
	ck_assert_str_eq(blk_narrate(b, sizeof b, &e),
	    "unplug: 1 request, the task is about to sleep");
	e.act = BLK_U;
	e.count = 3;
	ck_assert_str_eq(blk_narrate(b, sizeof b, &e),
	    "unplug: 3 requests, explicit");
	e.act = BLK_D;
	e.sector = 2048;
	e.nsect = 256;
	ck_assert_str_eq(blk_narrate(b, sizeof b, &e),
	    "issue: 128 KiB at sector 2048 to the device");
	e.act = BLK_C;
	e.error = -5;
	ck_assert_str_eq(blk_narrate(b, sizeof b, &e),
	    "complete: 128 KiB at sector 2048 failed (error -5)");
	ck_assert_str_eq(blk_narrate(b, 8, &e), "complet");
}
END_TEST

/* Sorting keeps the file order among equal times. */
START_TEST(sort_stable)
{
	struct blk_event	e[4];
	int			i;

	memset(e, 0, sizeof e);
	for (i = 0; i < 4; i++)
		e[i].seq = (uint64_t)i;
	e[0].t_ns = 30;
	e[1].t_ns = 10;
	e[2].t_ns = 30;
	e[3].t_ns = 10;
	blk_sort(e, 4);
	ck_assert_uint_eq(e[0].seq, 1);
	ck_assert_uint_eq(e[1].seq, 3);
	ck_assert_uint_eq(e[2].seq, 0);
	ck_assert_uint_eq(e[3].seq, 2);
}
END_TEST

/* An event for the pipe tests. */
static struct blk_event
ev(enum blk_act a, uint64_t t, uint64_t sector, uint32_t nsect)
{
	return (blk_read_event(a, t, blk_dev(8, 0), sector, nsect));
}

/* Apply an event, failing the test on error. */
static void
put(struct pipe *p, struct blk_event e)
{
	ck_assert_int_eq(pipe_apply(p, &e), 0);
}

/* The statistics that stats_are() checks, by their names in pipe.h. */
#define STAT(f)	{ #f, offsetof(struct pipe_stats, f),			\
	    sizeof(((struct pipe_stats *)NULL)->f) }
static const struct {
	const char	*name;
	size_t		 off, size;
} stat_fields[] = {
	STAT(requests), STAT(request_sectors), STAT(max_request_sectors),
	STAT(common_request_sectors), STAT(writes), STAT(completed),
	STAT(errors), STAT(busy_ns), STAT(max_in_flight), STAT(plugs),
	STAT(unplugs_explicit), STAT(unplugs_sleep), STAT(unplug_requests),
	STAT(inserts), STAT(merges), STAT(remaps), STAT(splits),
	STAT(requeues), STAT(q2d_sum_ns), STAT(q2d_n), STAT(d2c_sum_ns),
	STAT(d2c_n), STAT(ra_sync), STAT(ra_async), STAT(ra_windows),
	STAT(page_adds), STAT(reads), STAT(read_bytes),
};

/* Check st against spec, words NAME=VALUE; what names the run in failures. */
static void
stats_are(const char *what, const struct pipe_stats *st, const char *spec)
{
	const char	*s = spec, *eq;
	char		*end;
	uint64_t	 want, got;
	uint32_t	 v32;
	size_t		 i, n;

	while (*s != '\0') {
		eq = strchr(s, '=');
		ck_assert_ptr_nonnull(eq);
		n = (size_t)(eq - s);
		for (i = 0; i < (size_t)CHECK_N(stat_fields); i++)
			if (strlen(stat_fields[i].name) == n &&
			    memcmp(stat_fields[i].name, s, n) == 0)
				break;
		if (i == (size_t)CHECK_N(stat_fields))
			ck_abort_msg("%s: no statistic '%.*s'", what, (int)n, s);
		want = strtoull(eq + 1, &end, 10);
		if (stat_fields[i].size == sizeof v32) {
			memcpy(&v32, (const char *)st + stat_fields[i].off,
			    sizeof v32);
			got = v32;
		} else
			memcpy(&got, (const char *)st + stat_fields[i].off,
			    sizeof got);
		ck_assert_msg(got == want, "%s: %.*s is %llu, expected %llu",
		    what, (int)n, s, (unsigned long long)got,
		    (unsigned long long)want);
		s = end + strspn(end, " ");
	}
}

/* Pages go through the five states; the lists follow the requests. */
START_TEST(pipe_states)
{
	struct pipe		*p = pipe_new();
	struct blk_event	 e;

	ck_assert_ptr_nonnull(p);
	put(p, ev(BLK_P, 0, 0, 0));
	put(p, ev(BLK_Q, 10, 800, 64));		/* pages 0..7 */
	put(p, ev(BLK_G, 11, 800, 64));
	ck_assert_int_eq(pipe_state_at(p, 0), PIPE_QUEUED);
	ck_assert_int_eq(pipe_state_at(p, 8), PIPE_NOT_REQUESTED);
	ck_assert_uint_eq(pipe_count(p, PIPE_PLUG), 1);
	ck_assert(pipe_plugged(p));
	put(p, ev(BLK_Q, 12, 864, 64));		/* pages 8..15, merged */
	put(p, ev(BLK_M, 13, 864, 64));
	ck_assert_uint_eq(pipe_nreqs(p), 1);
	ck_assert_uint_eq(pipe_req(p, 0).nsect, 128);
	e = ev(BLK_UT, 20, 0, 0);
	e.count = 1;
	put(p, e);
	ck_assert(!pipe_plugged(p));
	ck_assert_uint_eq(pipe_count(p, PIPE_QUEUE), 1);
	put(p, ev(BLK_D, 30, 800, 128));
	ck_assert_int_eq(pipe_state_at(p, 15), PIPE_IN_FLIGHT);
	ck_assert_uint_eq(pipe_count(p, PIPE_DEVICE), 1);
	ck_assert_uint_eq(pipe_nextents(p), 1);
	put(p, ev(BLK_C, 130, 800, 128));
	ck_assert_int_eq(pipe_state_at(p, 3), PIPE_IN_MEMORY);
	ck_assert_uint_eq(pipe_nreqs(p), 0);
	e = ev(BLK_READ_END, 140, 0, 0);
	e.offset = 0;
	e.len = 16384;
	put(p, e);
	ck_assert_int_eq(pipe_state_at(p, 3), PIPE_CONSUMED);
	ck_assert_int_eq(pipe_state_at(p, 4), PIPE_IN_MEMORY);
	ck_assert_uint_eq(pipe_nextents(p), 2);
	ck_assert_uint_eq(pipe_extent(p, 0).npages, 4);
	ck_assert_uint_eq(pipe_extent(p, 1).first, 4);
	/* Q at 10, D at 30, C at 130. */
	stats_are("pipe_states", pipe_stats(p), "requests=1 "
	    "common_request_sectors=128 q2d_n=1 q2d_sum_ns=20 d2c_sum_ns=100 "
	    "busy_ns=100 unplugs_sleep=1 merges=1");
	ck_assert_str_eq(pipe_state_name(PIPE_CONSUMED), "consumed");
	pipe_free(p);
}
END_TEST

/* Setting ranges splits and re-joins extents. */
START_TEST(pipe_extents)
{
	struct pipe	*p = pipe_new();
	uint64_t	 i;

	pipe_set_base(p, 0);
	for (i = 0; i < 10; i++)		/* 10 adjacent bios: 1 extent */
		put(p, ev(BLK_Q, i, i * 8, 8));
	ck_assert_uint_eq(pipe_nextents(p), 1);
	ck_assert_uint_eq(pipe_extent(p, 0).npages, 10);
	put(p, ev(BLK_D, 20, 24, 16));		/* pages 3, 4 in the middle */
	ck_assert_uint_eq(pipe_nextents(p), 3);
	ck_assert_int_eq(pipe_state_at(p, 2), PIPE_QUEUED);
	ck_assert_int_eq(pipe_state_at(p, 3), PIPE_IN_FLIGHT);
	ck_assert_int_eq(pipe_state_at(p, 5), PIPE_QUEUED);
	put(p, ev(BLK_C, 30, 24, 16));
	put(p, ev(BLK_D, 31, 0, 80));		/* all ten: one extent again */
	ck_assert_uint_eq(pipe_nextents(p), 1);
	ck_assert_int_eq(pipe_state_at(p, 9), PIPE_IN_FLIGHT);
	ck_assert_int_eq(pipe_state_at(p, 10), PIPE_NOT_REQUESTED);
	pipe_free(p);
}
END_TEST

/* Edges found by the fuzzer: nothing to clear, the end of sector space. */
START_TEST(pipe_edges)
{
	struct pipe		*p = pipe_new();
	struct blk_event	 e = ev(BLK_C, 5, 0, 8);

	e.error = -5;
	put(p, e);			/* clearing pages of an empty map */
	ck_assert_uint_eq(pipe_nextents(p), 0);
	put(p, ev(BLK_Q, 6, UINT64_MAX - 4, 8));
	ck_assert_uint_eq(pipe_nextents(p), 0);
	e = ev(BLK_READ_END, 7, 0, 0);
	e.offset = UINT64_MAX - 10;
	e.len = 100;
	put(p, e);
	ck_assert_uint_eq(pipe_nextents(p), 0);
	ck_assert_uint_eq(pipe_stats(p)->reads, 1);
	pipe_free(p);
}
END_TEST

/* Load a fixture, apply it; the pipe (import freed by the caller). */
static struct pipe *
load(const char *name, uint32_t dev, struct import *im)
{
	char		 path[512];
	struct pipe	*p;
	size_t		 i;

	snprintf(path, sizeof path, FIX "%s", name);
	if (import_load(im, path, dev) != 0)
		ck_abort_msg("%s: %s", name, im->err);
	p = pipe_new();
	for (i = 0; i < im->nev; i++)
		ck_assert_int_eq(pipe_apply(p, &im->ev[i]), 0);
	return (p);
}

/* blkparse, legacy: P, I, U, a back merge, the summary blocks skipped. */
static void
legacy_checks(const struct import *im, const struct pipe *p)
{
	ck_assert_uint_eq(im->nev, 9);
	ck_assert_int_eq(pipe_state_at(p, 1), PIPE_IN_MEMORY);
}

/* A comm with brackets in it. */
static void
comm_checks(const struct import *im, const struct pipe *p)
{
	(void)p;
	ck_assert_uint_eq(im->dev, blk_dev(8, 16));
	ck_assert_uint_eq(im->ev[3].pid, 4242);
	ck_assert_uint_eq(im->ev[3].sector, 2304);
	ck_assert_str_eq(im->ev[3].comm, "my [odd] task");
	ck_assert_str_eq(im->ev[0].comm, "kworker/u8:2");
}

/* C's bracket is the error code: the pages are not read. */
static void
cerror_checks(const struct import *im, const struct pipe *p)
{
	ck_assert_int_eq(im->ev[6].error, -5);
	ck_assert_int_eq(pipe_state_at(p, 0), PIPE_NOT_REQUESTED);
	ck_assert_int_eq(pipe_state_at(p, 8), PIPE_IN_MEMORY);
}

/* Per-CPU lines out of time order are put back in order. */
static void
percpu_checks(const struct import *im, const struct pipe *p)
{
	size_t	i;

	(void)p;
	for (i = 1; i < im->nev; i++)
		ck_assert_uint_le(im->ev[i - 1].t_ns, im->ev[i].t_ns);
	ck_assert_int_eq(im->ev[3].act, BLK_C);
}

/* UT without a P before it. */
static void
ut_checks(const struct import *im, const struct pipe *p)
{
	(void)p;
	ck_assert(im->has_unplug_kind);
	ck_assert_str_eq(im->ev[3].comm, "dd");
}

/* blk-mq: no I, no U; remap and split lines. */
static void
mq_checks(const struct import *im, const struct pipe *p)
{
	ck_assert_uint_eq(im->dev, blk_dev(259, 0));
	ck_assert_uint_eq(im->ev[7].sector2, 2052);
	ck_assert_uint_eq(pipe_nreqs(p), 0);
}

/* A requeued request goes back to the queue and is issued again. */
static void
requeue_checks(const struct import *im, const struct pipe *p)
{
	(void)im;
	ck_assert_uint_eq(pipe_nreqs(p), 0);
	ck_assert_int_eq(pipe_state_at(p, 0), PIPE_IN_MEMORY);
}

/* The same six events as ftrace, trace-cmd report and perf script. */
static void
six_checks(const struct import *im, const struct pipe *p)
{
	(void)p;
	ck_assert_uint_eq(im->dev, blk_dev(7, 0));
	/* The other device's task and its plug are left out. */
	ck_assert_uint_eq(im->nev, 6);
	ck_assert_int_eq(im->ev[0].pid, 4821);
	ck_assert_str_eq(im->ev[0].comm, "dd");
	ck_assert_str_eq(im->ev[0].rwbs, "RA");
	ck_assert_int_eq(im->ev[3].act, BLK_U);
	ck_assert_str_eq(im->ev[3].comm, "dd");
	ck_assert_uint_eq(im->ev[3].count, 1);
	ck_assert(!im->has_unplug_kind);
}

/*
 * read() calls from the syscall tracepoints: dd's on its input, fd 0
 * (not its locale files', fd 4), offsets inferred from 0 in steps of
 * what each returned.
 */
static void
sysread_checks(const struct import *im, const struct pipe *p)
{
	size_t		i;
	uint64_t	want = 0;
	int		pid = -1;

	(void)p;
	ck_assert_int_eq(im->syscall_reads, 1);
	for (i = 0; i < im->nev; i++) {
		if (im->ev[i].act != BLK_READ_BEGIN &&
		    im->ev[i].act != BLK_READ_END)
			continue;
		ck_assert_int_eq(im->ev[i].fd, 0);
		if (pid < 0)
			pid = im->ev[i].pid;
		ck_assert_int_eq(im->ev[i].pid, pid);
		ck_assert_uint_eq(im->ev[i].offset, want);
		if (im->ev[i].act == BLK_READ_END) {
			ck_assert_uint_eq(im->ev[i].len, 65536);
			want += im->ev[i].len;
		}
	}
	ck_assert_int_gt(pid, 0);
}

/* The pass-through request's two lines, "..." and "^C" passed over. */
static void
guide_checks(const struct import *im, const struct pipe *p)
{
	(void)p;
	ck_assert_uint_eq(im->other_lines, 4);
}

/* Other lines counted, lost events summed. */
static void
function_checks(const struct import *im, const struct pipe *p)
{
	(void)p;
	ck_assert_uint_eq(im->other_lines, 4);
	ck_assert_uint_eq(im->lost_events, 3);
	ck_assert_int_eq(im->syscall_reads, 1);
}

/* The readahead events kept are dd's, of the loop device read raw. */
static void
ra_checks(const struct import *im, const struct pipe *p)
{
	size_t	i, n = 0;

	(void)p;
	ck_assert_int_eq(im->has_ra, 1);
	ck_assert_uint_eq(im->ra_ino, blk_dev(7, 0));
	ck_assert_uint_eq(im->ra_sdev, blk_dev(0, 3));
	for (i = 0; i < im->nev; i++) {
		if (!BLK_IS_RA(im->ev[i].act))
			continue;
		ck_assert_int_eq(im->ev[i].pid, im->ev[0].pid);
		if (im->ev[i].act == BLK_RA_WINDOW) {
			ck_assert_uint_eq(im->ev[i].ra.index, 32 * n);
			ck_assert_uint_eq(im->ev[i].ra.size, 32);
			ck_assert_uint_eq(im->ev[i].ra.async, n ? 32 : 16);
			ck_assert_uint_eq(im->ev[i].ra.ra_pages, 32);
			n++;
		}
	}
	ck_assert_uint_eq(n, 5);
}

/*
 * The fixtures: the device asked for (major -1: none), the format found,
 * the statistics once applied (see stats_are()), and what else to check.
 */
static const struct {
	const char	*file;
	int		 major, minor;
	const char	*format;
	const char	*stats;
	void		(*checks)(const struct import *, const struct pipe *);
} fixtures[] = {
	{ "bp-legacy.blkparse", -1, 0, "blkparse", "requests=1 "
	    "max_request_sectors=16 merges=1 inserts=1 unplugs_explicit=1 "
	    "q2d_sum_ns=5000 d2c_sum_ns=100000", legacy_checks },
	/* RWBS of any letters; writes and flushes are not read requests. */
	{ "bp-rwbs.blkparse", -1, 0, "blkparse", "requests=2 writes=2 "
	    "max_request_sectors=16 completed=4", NULL },
	{ "bp-comm.blkparse", -1, 0, "blkparse",
	    "requests=2 request_sectors=384", comm_checks },
	{ "bp-cerror.blkparse", -1, 0, "blkparse", "errors=1", cerror_checks },
	/* Two requests of 98000 ns each, one at a time. */
	{ "bp-percpu.blkparse", -1, 0, "blkparse", "d2c_n=2 d2c_sum_ns=196000 "
	    "busy_ns=196000 max_in_flight=1", percpu_checks },
	{ "bp-ut.blkparse", -1, 0, "blkparse", "plugs=0 unplugs_sleep=1 "
	    "unplug_requests=1 requests=1", ut_checks },
	{ "bp-mq.blkparse", -1, 0, "blkparse", "requests=2 inserts=0 q2d_n=2 "
	    "remaps=1 splits=1 max_in_flight=2", mq_checks },
	/* Two D, as btt counts; busy 1000 + 50000 ns. */
	{ "bp-requeue.blkparse", -1, 0, "blkparse",
	    "requeues=1 requests=2 busy_ns=51000", requeue_checks },
	/* The device with the most data read, or the one asked for. */
	{ "bp-twodev.blkparse", -1, 0, "blkparse", "request_sectors=64", NULL },
	{ "bp-twodev.blkparse", 8, 0, "blkparse", "request_sectors=8", NULL },
	{ "ftrace-pipe.txt", -1, 0, "ftrace", "requests=1 "
	    "common_request_sectors=256 plugs=1 unplugs_explicit=1 "
	    "d2c_sum_ns=487000 q2d_sum_ns=11000", six_checks },
	{ "trace-cmd.txt", -1, 0, "trace-cmd", "requests=1 "
	    "common_request_sectors=256 plugs=1 unplugs_explicit=1 "
	    "d2c_sum_ns=487000 q2d_sum_ns=11000", six_checks },
	{ "perf.txt", -1, 0, "perf", "requests=1 "
	    "common_request_sectors=256 plugs=1 unplugs_explicit=1 "
	    "d2c_sum_ns=487000 q2d_sum_ns=11000", six_checks },
	/*
	 * Real perf 6.1 and trace-cmd 3.1.6 output of dd reading 512 KiB
	 * of a loop device on Linux 6.18, with the readahead tracepoints
	 * and other tasks' page cache and read() lines: five 128 KiB
	 * windows, the first a miss; 32 single pages, then folios of 4,
	 * 16, 32 and 32 pages (44 insertions).
	 */
	{ "perf-ra.txt", 7, 0, "perf", "requests=5 ra_sync=1 ra_async=4 "
	    "ra_windows=5 page_adds=44 common_request_sectors=256",
	    ra_checks },
	{ "trace-cmd-ra.txt", 7, 0, "trace-cmd", "requests=5 ra_sync=1 "
	    "ra_async=4 ra_windows=5 page_adds=44 "
	    "common_request_sectors=256", ra_checks },
	/*
	 * The same perf.data printed other ways: no CPU column, no task
	 * either (its plugs then are anyone's), pid/tid, times relative to
	 * the first event (durations unchanged); the same .dat with
	 * trace-cmd report -l (the CPU leads the latency flags), --ts-diff
	 * and -t (nanoseconds).
	 */
	{ "perf-nocpu.txt", 7, 0, "perf", "requests=5 ra_windows=5 reads=8 "
	    "read_bytes=524288", sysread_checks },
	{ "perf-timeonly.txt", 7, 0, "perf", "requests=5 ra_windows=5 "
	    "reads=0", NULL },
	{ "perf-pidtid.txt", 7, 0, "perf", "requests=5 ra_windows=5 reads=8",
	    sysread_checks },
	{ "perf-reltime.txt", 7, 0, "perf", "requests=5 ra_windows=5 reads=8 "
	    "d2c_sum_ns=1125000", sysread_checks },
	{ "perf-ra.txt", 7, 0, "perf", "d2c_sum_ns=1125000", NULL },
	{ "trace-cmd-l.txt", 7, 0, "trace-cmd", "requests=5 ra_windows=5 "
	    "reads=8", sysread_checks },
	{ "trace-cmd-ts-diff.txt", 7, 0, "trace-cmd", "requests=5 "
	    "ra_windows=5 reads=8", sysread_checks },
	{ "trace-cmd-t.txt", 7, 0, "trace-cmd", "requests=5 ra_windows=5 "
	    "reads=8", sysread_checks },
	/* ftrace with a TGID column and syscalls in ftrace's own words. */
	{ "ftrace-tgid-syscalls.txt", 7, 0, "ftrace", "requests=3 "
	    "ra_windows=3 reads=4 read_bytes=262144", sysread_checks },
	/*
	 * blkparse of two devices' blktrace files and an empty one
	 * ("Events (sdo): 0 entries"): each device with its own markers.
	 */
	{ "blkparse-multi.txt", 8, 0, "blkparse", "requests=4 reads=8",
	    NULL },
	{ "blkparse-multi.txt", 7, 0, "blkparse", "requests=1 reads=0",
	    NULL },
	/* The user guide's listing: a pass-through request, "...", "^C". */
	{ "bp-guide.blkparse", -1, 0, "blkparse", "requests=1", guide_checks },
	/* The function tracer's lines, a sched_switch, lost events. */
	{ "ftrace-function.txt", -1, 0, "ftrace", "requests=1 reads=1 "
	    "read_bytes=65536", function_checks },
};

/* One fixture, loaded and applied. */
START_TEST(fixture)
{
	struct import	 im;
	struct pipe	*p;

	p = load(fixtures[_i].file, fixtures[_i].major < 0 ? BLK_NODEV :
	    blk_dev((unsigned)fixtures[_i].major,
	    (unsigned)fixtures[_i].minor), &im);
	ck_assert_str_eq(im.format, fixtures[_i].format);
	stats_are(fixtures[_i].file, pipe_stats(p), fixtures[_i].stats);
	if (fixtures[_i].checks != NULL)
		fixtures[_i].checks(&im, p);
	pipe_free(p);
	import_free(&im);
}
END_TEST

/*
 * A malformed line: file:line:col (diag.c) of what does not fit and what
 * was expected; nothing kept.
 */
START_TEST(bp_bad)
{
	static const char	nul[] = "  8,0 0 1 0.1 697 Q R 0 + 8 [dd]\n"
				    "  8,0 0 2 0.2 697 D R\0 0 + 8 [dd]\n";
	static const char	ucnt[] = "  8,0 0 1 0.1 697 Q R 0 + 8 [dd]\n"
				    "  8,0 0 2 0.2 697 UT N [dd] x\n";
	static const char	bad_rwbs[] = "  8,0 0 1 0.1 697 Q R 0 + 8 [dd]\n"
				    "  8,0 0 2 0.2 697 Q R9 0 + 8 [dd]\n";
	struct import		im;

	ck_assert_int_eq(import_load(&im, FIX "bp-bad.blkparse", BLK_NODEV),
	    -1);
	/* Column 50: the "0" where 'SECTOR + COUNT' should start. */
	ck_assert_ptr_nonnull(strstr(im.err, "bp-bad.blkparse:3:50: expected "
	    "'SECTOR + COUNT'"));
	import_free(&im);
	ck_assert_int_eq(import_parse(&im, "x", "hello\n", 6, BLK_NODEV), -1);
	ck_assert_str_eq(im.err, "x:1:1: expected a block trace (ftrace text, "
	    "trace-cmd report, perf script, blkparse output or blktrace's "
	    "binary files)");
	import_free(&im);
	ck_assert_int_eq(import_parse(&im, "n", nul, sizeof nul - 1,
	    BLK_NODEV), -1);
	ck_assert_str_eq(im.err, "n:2:22: expected text, found a NUL byte");
	import_free(&im);
	ck_assert_int_eq(import_parse(&im, "u", ucnt, sizeof ucnt - 1,
	    BLK_NODEV), -1);
	ck_assert_str_eq(im.err, "u:2:29: expected the number of requests at "
	    "the end of an unplug");
	import_free(&im);
	ck_assert_int_eq(import_parse(&im, "r", bad_rwbs, sizeof bad_rwbs - 1,
	    BLK_NODEV), -1);
	ck_assert_str_eq(im.err, "r:2:21: expected an RWBS field (letters)");
	import_free(&im);
	ck_assert_int_eq(import_load(&im, FIX "no-such-file", BLK_NODEV), -1);
	import_free(&im);
}
END_TEST

/*
 * Readahead lines: every field named, by name; what is missing or not a
 * number is named with its line and column; a capture's header names the
 * device's limits and the file.
 */
START_TEST(ra_parse)
{
	static const char	ok_[] =
	    "# raviz capture: /m/f, device 7,1, bs 4096, 8192 bytes, "
	    "kernel 6.18, read_ahead_kb 1024, max_sectors_kb 512, "
	    "max_segments 64, scheduler mq-deadline, inode c, sdev 7:1\n"
	    " r-9 [001] ..... 1.000000: block_bio_queue: 7,1 RA 0 + 8 [r]\n"
	    " r-9 [001] ..... 1.000001: page_cache_async_ra: dev=7:1 ino=c "
	    "index=7 req_count=3 order=2 size=16 async_size=8 ra_pages=256 "
	    "mmap_miss=0 prev_pos=4096\n"
	    " r-9 [001] ..... 1.000002: page_cache_ra_order: dev=7:1 ino=0xc "
	    "index=8 order=4 size=32 async_size=32 ra_pages=256\n"
	    " r-9 [001] ..... 1.000003: mm_filemap_add_to_page_cache: dev 7:1 "
	    "ino c pfn=0x1 ofs=32768 order=3\n"
	    " r-9 [001] ..... 1.000004: page_cache_ra_order: dev=7:1 ino=d "
	    "index=0 order=0 size=4 async_size=3 ra_pages=256\n";
	/* A line each after a queue line; the error it gives. */
	static const struct {
		const char	*line, *err;
	} bad[] = {
		{ " r-9 [001] ..... 1.000002: page_cache_ra_order: dev=7:1 "
		    "ino=c order=4 size=32 async_size=32\n",
		    "x:2:92: expected 'index=N' in a page_cache_ra_order line" },
		{ " r-9 [001] ..... 1.000002: page_cache_sync_ra: dev=7:1 "
		    "ino=zz index=0 req_count=1\n", "x:2:60: expected a "
		    "hexadecimal inode number in page_cache_sync_ra's ino "
		    "field" },
		{ " r-9 [001] ..... 1.000003: mm_filemap_add_to_page_cache: "
		    "dev 7:1 ino c ofs=0 order=40\n", "x:2:1: a folio order "
		    "too large in a mm_filemap_add_to_page_cache line: 40" },
	};
	char			buf[512];
	size_t			i;
	struct import		im;
	const struct blk_event	*e;

	ck_assert_int_eq(import_parse(&im, "ok", ok_, sizeof ok_ - 1,
	    BLK_NODEV), 0);
	ck_assert_uint_eq(im.ra_kb, 1024);
	ck_assert_uint_eq(im.cap.max_sectors_kb, 512);
	ck_assert_uint_eq(im.cap.max_segments, 64);
	ck_assert_str_eq(im.cap.scheduler, "mq-deadline");
	ck_assert_uint_eq(im.cap.ino, 0xc);
	ck_assert_uint_eq(im.cap.sdev, blk_dev(7, 1));
	/* The header's file only: inode d's window is left out. */
	ck_assert_uint_eq(im.nev, 4);
	e = &im.ev[1];
	ck_assert_int_eq(e->act, BLK_RA_ASYNC);
	ck_assert_uint_eq(e->dev, BLK_NODEV);
	ck_assert_uint_eq(e->ra.sdev, blk_dev(7, 1));
	ck_assert_uint_eq(e->ra.ino, 0xc);
	ck_assert_uint_eq(e->ra.index, 7);
	ck_assert_uint_eq(e->ra.req, 3);
	ck_assert_uint_eq(e->ra.order, 2);
	ck_assert_uint_eq(e->ra.size, 16);
	ck_assert_uint_eq(e->ra.async, 8);
	ck_assert_uint_eq(e->ra.ra_pages, 256);
	ck_assert_int_eq(im.ev[2].act, BLK_RA_WINDOW);
	ck_assert_uint_eq(im.ev[2].ra.index, 8);
	ck_assert_int_eq(im.ev[3].act, BLK_PAGE_ADD);
	ck_assert_uint_eq(im.ev[3].ra.index, 8);
	ck_assert_uint_eq(im.ev[3].ra.order, 3);
	import_free(&im);
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		snprintf(buf, sizeof buf, " r-9 [001] ..... 1.000000: "
		    "block_bio_queue: 7,1 RA 0 + 8 [r]\n%s", bad[i].line);
		ck_assert_int_eq(import_parse(&im, "x", buf, strlen(buf),
		    BLK_NODEV), -1);
		ck_assert_str_eq(im.err, bad[i].err);
		import_free(&im);
	}
}
END_TEST

/*
 * blktrace's records: every block action encodes and decodes to itself
 * (sectors, size, direction and flags, pid, an unplug's count, a split's
 * sector, an error); messages and process names are their own kinds; a
 * record in the other byte order reads the same; one cut short is said.
 */
START_TEST(blktrace_records)
{
	static const enum blk_act acts[] = { BLK_Q, BLK_G, BLK_P, BLK_U,
	    BLK_UT, BLK_I, BLK_D, BLK_C, BLK_M, BLK_F, BLK_X, BLK_R, BLK_A };
	unsigned char		 b[BLKTRACE_MAX], sw[BLKTRACE_MAX];
	struct blktrace_rec	 r;
	struct blk_event	 e, d;
	const char		*why = NULL;
	size_t			 i, n, off;

	for (i = 0; i < sizeof acts / sizeof acts[0]; i++) {
		e = blk_read_event(acts[i], 123456789, blk_dev(8, 16), 2048,
		    256);
		e.pid = 4242;
		strcpy(e.rwbs, acts[i] == BLK_P || acts[i] == BLK_U ||
		    acts[i] == BLK_UT ? "N" : "RAS");
		e.count = 3;
		e.sector2 = 4096;
		e.error = acts[i] == BLK_C ? -5 : 0;
		n = blktrace_encode(&e, (uint32_t)i + 1, b);
		ck_assert_uint_ge(n, BLKTRACE_HDR);
		ck_assert(blktrace_is(b, n));
		off = 0;
		ck_assert_int_eq(blktrace_next(b, n, &off, &r, &why), 1);
		ck_assert_uint_eq(off, n);
		ck_assert_uint_eq(r.seq, i + 1);
		ck_assert_int_eq(blktrace_decode(&r, &d), BLKTRACE_EVENT);
		ck_assert_int_eq(d.act, acts[i]);
		ck_assert_uint_eq(d.t_ns, 123456789);
		ck_assert_uint_eq(d.dev, blk_dev(8, 16));
		ck_assert_int_eq(d.pid, 4242);
		ck_assert_str_eq(d.rwbs, e.rwbs);
		if (acts[i] == BLK_P || acts[i] == BLK_U || acts[i] == BLK_UT)
			ck_assert_uint_eq(d.nsect, 0);
		else {
			ck_assert_int_eq(d.read, 1);
			ck_assert_uint_eq(d.sector, 2048);
			ck_assert_uint_eq(d.nsect, 256);
		}
		if (acts[i] == BLK_U || acts[i] == BLK_UT)
			ck_assert_uint_eq(d.count, 3);
		if (acts[i] == BLK_X || acts[i] == BLK_A)
			ck_assert_uint_eq(d.sector2, 4096);
		ck_assert_int_eq(d.error, e.error);
		/* The same record written by a machine of the other order. */
		memcpy(sw, b, n);
		for (off = 0; off < 48; off += off < 8 ? 4 : off < 24 ? 8 :
		    off < 44 ? 4 : 2) {
			size_t	w = off < 4 ? 4 : off < 8 ? 4 : off < 24 ? 8 :
				    off < 44 ? 4 : 2, k;

			for (k = 0; k < w; k++)
				sw[off + k] = b[off + w - 1 - k];
		}
		off = 0;
		ck_assert_int_eq(blktrace_next(sw, n, &off, &r, &why), 1);
		ck_assert_int_eq(blktrace_decode(&r, &d), BLKTRACE_EVENT);
		ck_assert_int_eq(d.act, acts[i]);
		ck_assert_uint_eq(d.t_ns, 123456789);
		ck_assert_uint_eq(d.sector, acts[i] == BLK_P ||
		    acts[i] == BLK_U || acts[i] == BLK_UT ? 0 : 2048);
	}
	/* Markers and readahead have no record of their own. */
	e = blk_read_event(BLK_READ_BEGIN, 0, blk_dev(8, 0), 0, 0);
	ck_assert_uint_eq(blktrace_encode(&e, 1, b), 0);
	n = blktrace_message(7, blk_dev(8, 0), 1, "raviz read_end offset=0 "
	    "len=4096", b);
	off = 0;
	ck_assert_int_eq(blktrace_next(b, n, &off, &r, &why), 1);
	ck_assert_int_eq(blktrace_decode(&r, &d), BLKTRACE_MESSAGE);
	ck_assert_uint_eq(r.pdu_len, 32);
	ck_assert_int_eq(memcmp(r.pdu, "raviz read_end", 14), 0);
	n = blktrace_process(7, blk_dev(8, 0), 1, "dd", b);
	off = 0;
	ck_assert_int_eq(blktrace_next(b, n, &off, &r, &why), 1);
	ck_assert_int_eq(blktrace_decode(&r, &d), BLKTRACE_PROCESS);
	ck_assert_str_eq((const char *)r.pdu, "dd");
	/* Cut short: the header, then the payload. */
	off = 0;
	ck_assert_int_eq(blktrace_next(b, 40, &off, &r, &why), -1);
	ck_assert_str_eq(why, "a record cut short (expected its 48-byte "
	    "header)");
	ck_assert_int_eq(blktrace_next(b, n - 1, &off, &r, &why), -1);
	ck_assert_str_eq(why, "a record's payload cut short");
	ck_assert(!blktrace_is((const unsigned char *)"# tracer: nop\n"
	    "................................................", 60));
	blktrace_name((char *)b, sizeof b, blk_dev(8, 16));
	ck_assert_str_eq((char *)b, "sdb");
	blktrace_name((char *)b, sizeof b, blk_dev(7, 3));
	ck_assert_str_eq((char *)b, "loop3");
	blktrace_name((char *)b, sizeof b, blk_dev(259, 0));
	ck_assert_str_eq((char *)b, "259-0");
}
END_TEST

/* Two devices: the most data read wins unless one is asked for. */
/*
 * Found by import-fuzzer: trace-cmd report -l's CPU leading the flags, as
 * a number past any CPU, overflowed the per-CPU clock's index (and would
 * have sized its array by it).  Over 65535 it is no CPU column.
 */
START_TEST(tp_huge_cpu)
{
	static const char	big[] = "# tracer: nop\n"
	    "  dd-1  99999999999999999999d..1.  1.000000: block_rq_issue: "
	    "8,0 R 4096 () 0 + 8 [dd]\n"
	    "  dd-1  9223372036854775807d..1.  1.000010: block_rq_complete: "
	    "8,0 R () 0 + 8 [0]\n";
	struct import		im;

	/* Parsed or refused with a message: never a crash. */
	if (import_parse(&im, "c", big, sizeof big - 1, BLK_NODEV) != 0)
		ck_assert_uint_gt(strlen(im.err), 0);
	import_free(&im);
}
END_TEST

START_TEST(bp_twodev)
{
	struct import	 im;
	struct pipe	*p = load("bp-twodev.blkparse", BLK_NODEV, &im);

	ck_assert_uint_eq(im.dev, blk_dev(8, 16));
	ck_assert(im.dev_chosen);
	ck_assert_ptr_nonnull(strstr(im.note, "device 8,16"));
	pipe_free(p);
	import_free(&im);
	p = load("bp-twodev.blkparse", blk_dev(8, 0), &im);
	ck_assert(!im.dev_chosen);
	pipe_free(p);
	import_free(&im);
	ck_assert_int_eq(import_load(&im, FIX "bp-twodev.blkparse",
	    blk_dev(9, 9)), -1);
	ck_assert_ptr_nonnull(strstr(im.err, "no events for device 9,9"));
	import_free(&im);
}
END_TEST

/*
 * The engine's events, translated (export_event()), drive a pipe to the
 * engine's own statistics and leave every page consumed: the pipeline
 * state can stand between the engine and a renderer.
 */
START_TEST(engine_to_pipe)
{
	static const struct { enum sim_mode m; uint64_t bs, fs; } runs[] = {
		{ SIM_MODE_BUGGY, 16, 512 }, { SIM_MODE_FIXED, 1, 256 },
		{ SIM_MODE_LEGACY, 256, 2048 },
	};
	struct sim_config	 c;
	struct sim		*s;
	struct sim_event	 se;
	struct blk_event	 be[64];
	struct export		*x;
	struct pipe		*p;
	const struct sim_stats	*ss;
	const struct pipe_stats	*ps;
	size_t			 r;
	int			 n, i;

	for (r = 0; r < sizeof runs / sizeof runs[0]; r++) {
		sim_config_default(&c);
		c.mode = runs[r].m;
		c.read_pages = runs[r].bs;
		c.file_pages = runs[r].fs;
		s = sim_new(&c);
		x = export_new();
		p = pipe_new();
		pipe_set_base(p, 0);
		while (sim_step(s, &se) == 1) {
			n = export_event(x, &se, be, 64);
			ck_assert_int_ge(n, 0);
			for (i = 0; i < n; i++)
				put(p, be[i]);
		}
		ss = sim_stats(s);
		ps = pipe_stats(p);
		ck_assert_uint_eq(ps->requests, ss->requests);
		ck_assert_uint_eq(ps->request_sectors, ss->request_pages * 8);
		ck_assert_uint_eq(ps->max_request_sectors,
		    ss->max_request_pages * 8);
		ck_assert_uint_eq(ps->common_request_sectors,
		    ss->mode_request_pages * 8);
		ck_assert_uint_eq(ps->reads, ss->reads_done);
		ck_assert_uint_eq(ps->busy_ns, ss->busy_ns);
		ck_assert_uint_eq(ps->unplugs_explicit + ps->unplugs_sleep,
		    ss->flushes);
		ck_assert_uint_eq(pipe_nreqs(p), 0);
		ck_assert_uint_eq(pipe_nextents(p), 1);
		ck_assert_int_eq(pipe_extent(p, 0).state, PIPE_CONSUMED);
		ck_assert_uint_eq(pipe_extent(p, 0).npages, runs[r].fs);
		pipe_free(p);
		export_free(x);
		sim_free(s);
	}
}
END_TEST

/* The suite. */
CHECK_SUITE("import", CHECK_CASE("core", 0), CHECK_TEST(act_names),
    CHECK_TEST(rwbs), CHECK_TEST(merges), CHECK_TEST(sort_stable),
    CHECK_TEST(narrate), CHECK_TEST(pipe_states), CHECK_TEST(pipe_extents),
    CHECK_TEST(pipe_edges), CHECK_LOOP(fixture, CHECK_N(fixtures)),
    CHECK_TEST(bp_bad), CHECK_TEST(ra_parse), CHECK_TEST(blktrace_records),
    CHECK_TEST(bp_twodev), CHECK_TEST(tp_huge_cpu),
    CHECK_TEST(engine_to_pipe))
