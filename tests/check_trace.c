/*
 * check_trace.c - real traces as view events (trace.c): every committed
 * capture and fixture translates into events whose view ends with the
 * import summary's own figures (pipe.c counts them independently), the
 * view's rules hold on the way (no request left behind, flushes as
 * unplugs), and the five page states appear at the moments the trace
 * says they do, with the reader's sleeps inferred where its read() waits
 * for a page.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check-main.h"
#include "import.h"
#include "pipe.h"
#include "trace.h"
#include "view.h"

#define CAP	SRCDATADIR "/tests/data/captures/"
#define FIX	SRCDATADIR "/tests/data/import/"
#define MOD	SRCDATADIR "/tests/data/modern/"

/* A trace file, the device asked for (BLK_NODEV: the import's choice). */
struct tfile {
	const char	*path;
	uint32_t	 dev;
};

static const struct tfile files[] = {
	{ CAP "loop-dio-ra128-bs4k.trace", BLK_NODEV },
	{ CAP "loop-dio-ra128-bs64k.trace", BLK_NODEV },
	{ CAP "loop-dio-ra128-bs1M.trace", BLK_NODEV },
	{ CAP "loop-dio-ra128-bs2M.trace", BLK_NODEV },
	{ CAP "perf-script-loop-bs64k.txt", BLK_NODEV },
	{ CAP "perf-script-loop-bs64k.txt", 7u << 20 },
	{ FIX "bp-legacy.blkparse", BLK_NODEV },
	{ FIX "bp-rwbs.blkparse", BLK_NODEV },
	{ FIX "bp-comm.blkparse", BLK_NODEV },
	{ FIX "bp-cerror.blkparse", BLK_NODEV },
	{ FIX "bp-percpu.blkparse", BLK_NODEV },
	{ FIX "bp-ut.blkparse", BLK_NODEV },
	{ FIX "bp-mq.blkparse", BLK_NODEV },
	{ FIX "bp-requeue.blkparse", BLK_NODEV },
	{ FIX "bp-twodev.blkparse", BLK_NODEV },
	{ FIX "ftrace-pipe.txt", BLK_NODEV },
	{ FIX "trace-cmd.txt", BLK_NODEV },
	{ FIX "perf.txt", BLK_NODEV },
	{ MOD "raw-ra128-bs4k.trace", BLK_NODEV },
	{ MOD "raw-ra128-bs64k.trace", BLK_NODEV },
	{ MOD "raw-ra128-bs1M.trace", BLK_NODEV },
	{ MOD "raw-ra128-bs2M.trace", BLK_NODEV },
	{ MOD "raw-ra1024-bs4k.trace", BLK_NODEV },
	{ MOD "raw-ra1024-bs64k.trace", BLK_NODEV },
	{ MOD "raw-ra1024-bs1M.trace", BLK_NODEV },
	{ MOD "ext4-ra128-bs64k.trace", BLK_NODEV },
	{ MOD "ext4-ra128-bs1M.trace", BLK_NODEV },
	{ MOD "ext4-ra1024-bs4k.trace", BLK_NODEV },
	{ MOD "ext4-ra1024-bs2M.trace", BLK_NODEV },
	{ FIX "perf-ra.txt", 7u << 20 },
	{ FIX "trace-cmd-ra.txt", 7u << 20 },
};

/* The captures with readahead tracepoints (Linux 6.18). */
static const char *const ra_caps[] = {
	MOD "raw-ra128-bs4k.trace", MOD "raw-ra128-bs64k.trace",
	MOD "raw-ra128-bs1M.trace", MOD "raw-ra128-bs2M.trace",
	MOD "raw-ra1024-bs4k.trace", MOD "raw-ra1024-bs64k.trace",
	MOD "raw-ra1024-bs1M.trace", MOD "raw-ra1024-bs2M.trace",
	MOD "ext4-ra128-bs4k.trace", MOD "ext4-ra128-bs64k.trace",
	MOD "ext4-ra128-bs1M.trace", MOD "ext4-ra128-bs2M.trace",
	MOD "ext4-ra1024-bs4k.trace", MOD "ext4-ra1024-bs64k.trace",
	MOD "ext4-ra1024-bs1M.trace", MOD "ext4-ra1024-bs2M.trace",
};

/* Load a trace file, failing the test if it does not import. */
static void
load(struct import *im, const char *path, uint32_t dev)
{
	int	rc = import_load(im, path, dev);

	ck_assert_msg(rc == 0, "%s: %s", path, im->err);
}

/* The summary's state of an import, as import_run() builds it. */
static struct pipe *
summary_of(const struct import *im)
{
	struct pipe	*p = pipe_new();
	size_t		 i;

	for (i = 0; i < im->nev; i++)
		CHECK_HOT_INT_EQ(pipe_apply(p, &im->ev[i]), 0);
	return (p);
}

/* A view after the first n events of t. */
static struct view *
view_at(const struct trace *t, size_t n)
{
	struct view	*v = trace_view(t);
	size_t		 i;

	for (i = 0; i < n && i < t->nev; i++)
		view_apply(v, &t->ev[i]);
	return (v);
}

/* Each file: the view ends with the summary's requests and sizes. */
START_TEST(same_as_summary)
{
	const struct tfile	*f = &files[_i];
	struct import		 im;
	struct trace		 t;
	struct pipe		*p;
	struct view		*v;
	const struct pipe_stats	*ps;
	const struct view_stats	*vs;
	size_t			 i, n;

	load(&im, f->path, f->dev);
	p = summary_of(&im);
	ps = pipe_stats(p);
	trace_build(&t, &im);
	v = trace_view(&t);
	for (i = 0; i < t.nev; i++) {
		CHECK_HOT_UINT_EQ(t.ev[i].seq, i);
		if (i > 0)
			CHECK_HOT(t.ev[i].t_ns >= t.ev[i - 1].t_ns);
		view_apply(v, &t.ev[i]);
	}
	vs = view_stats(v);
	ck_assert_msg(vs->requests == ps->requests, "%s: %llu requests, "
	    "summary %llu", f->path, (unsigned long long)vs->requests,
	    (unsigned long long)ps->requests);
	ck_assert_uint_gt(vs->requests, 0);
	ck_assert_uint_eq(vs->request_pages * 8, ps->request_sectors);
	ck_assert_uint_eq(vs->mode_request_pages * 8,
	    ps->common_request_sectors);
	ck_assert_uint_eq(vs->max_request_pages * 8, ps->max_request_sectors);
	ck_assert_uint_eq(vs->flushes, ps->unplugs_explicit +
	    ps->unplugs_sleep);
	ck_assert_uint_eq(vs->reads_done, ps->reads);
	ck_assert_uint_eq(vs->pages_copied * VIEW_PAGE_SIZE, ps->read_bytes);
	ck_assert_uint_le(vs->max_request_pages, t.cfg.max_req_pages);
	/* Nothing left on a list once the trace has completed everything. */
	(void)view_plug_list(v, &n);
	ck_assert_uint_eq(n, 0);
	if (pipe_nreqs(p) == 0) {
		(void)view_queue_list(v, &n);
		ck_assert_uint_eq(n, 0);
		(void)view_device_list(v, &n);
		ck_assert_uint_eq(n, 0);
	}
	/* The run is the kernel's, named as such. */
	ck_assert_int_eq(t.cfg.mode, VIEW_MODE_FIXED);
	ck_assert_int_eq(view_mode(v), VIEW_MODE_FIXED);
	ck_assert_ptr_nonnull(strstr(t.cfg.title, "REAL - "));
	ck_assert_ptr_nonnull(strstr(t.cfg.title, t.cfg.device));
	view_free(v);
	trace_free(&t);
	pipe_free(p);
	import_free(&im);
}
END_TEST

/* The captures: every page read ends consumed; the run's figures. */
START_TEST(captures_consumed)
{
	static const struct {
		const char	*path;
		uint64_t	 read_pages, file_pages;
	} caps[] = {
		{ CAP "loop-dio-ra128-bs4k.trace", 1, 512 },
		{ CAP "loop-dio-ra128-bs64k.trace", 16, 2048 },
		{ CAP "loop-dio-ra128-bs1M.trace", 256, 8192 },
		{ CAP "loop-dio-ra128-bs2M.trace", 512, 16384 },
	};
	struct import		 im;
	struct trace		 t;
	struct view		*v;
	char			 d[VIEW_NAME_MAX];

	load(&im, caps[_i].path, BLK_NODEV);
	ck_assert_uint_eq(im.ra_kb, 128);
	trace_build(&t, &im);
	ck_assert_int_eq(t.ra_known, 1);
	ck_assert_int_eq(t.has_reads, 1);
	ck_assert_uint_eq(t.cfg.ra_pages, 32);
	ck_assert_uint_eq(t.cfg.read_pages, caps[_i].read_pages);
	ck_assert_uint_ge(t.cfg.file_pages, caps[_i].file_pages);
	ck_assert_uint_eq(t.base, 0);
	ck_assert_uint_gt(t.cfg.bandwidth, 0);
	snprintf(d, sizeof d, "%s", t.cfg.device);
	ck_assert_str_eq(d, "7,0");
	ck_assert_str_eq(t.cfg.title, "REAL - 7,0 (kernel trace)");
	v = view_at(&t, t.nev);
	ck_assert_int_eq(view_page_state(v, 0), VIEW_PAGE_CONSUMED);
	ck_assert_int_eq(view_page_state(v, caps[_i].file_pages - 1),
	    VIEW_PAGE_CONSUMED);
	ck_assert_uint_eq(view_stats(v)->pages_copied, caps[_i].file_pages);
	ck_assert_int_eq(view_reader(v)->task, VIEW_TASK_DONE);
	view_free(v);
	trace_free(&t);
	import_free(&im);
}
END_TEST

/* A window as a trace file's page_cache_ra_order line gives it. */
struct rawwin {
	unsigned long long	 index;
	unsigned		 order, size, async;
};

/*
 * The page_cache_ra_order lines of a file, read with sscanf rather than
 * the import's parser; the count (at most max).
 */
static size_t
raw_windows(const char *path, struct rawwin *w, size_t max)
{
	FILE	*f = fopen(path, "r");
	char	 line[512], *p;
	size_t	 n = 0;

	ck_assert_ptr_nonnull(f);
	while (fgets(line, sizeof line, f) != NULL) {
		if ((p = strstr(line, "page_cache_ra_order: ")) == NULL ||
		    (p = strstr(p, " index=")) == NULL)
			continue;
		ck_assert_uint_lt(n, max);
		ck_assert_int_eq(sscanf(p, " index=%llu order=%u size=%u "
		    "async_size=%u", &w[n].index, &w[n].order, &w[n].size,
		    &w[n].async), 4);
		n++;
	}
	fclose(f);
	return (n);
}

/*
 * The captures with readahead tracepoints: every window the file shows
 * is one readahead event on the screen, in order, with its first page,
 * size and async size, its marker on the folio holding its first async
 * page; the first is a miss, each later one the hit of the marker before
 * it (a sequential read); the view ends with the last window as the
 * file's readahead state.
 */
START_TEST(ra_windows)
{
	static struct rawwin	 w[4096];
	struct import		 im;
	struct trace		 t;
	struct view		*v;
	const struct view_event	*e;
	const struct view_ra	*ra;
	uint64_t		 mark, markers[64], prev = VIEW_NONE;
	size_t			 n, i, k = 0, nm;
	char			 b[160];

	n = raw_windows(ra_caps[_i], w, sizeof w / sizeof w[0]);
	ck_assert_uint_gt(n, 0);
	load(&im, ra_caps[_i], BLK_NODEV);
	ck_assert_int_eq(im.has_ra, 1);
	ck_assert_int_eq(im.cap.has_ino, 1);
	ck_assert_uint_eq(im.ra_ino, im.cap.ino);
	ck_assert_uint_eq(im.cap.max_sectors_kb, 1280);
	ck_assert_uint_eq(im.cap.max_segments, 128);
	ck_assert_str_eq(im.cap.scheduler, "none");
	trace_build(&t, &im);
	ck_assert_uint_eq(t.cfg.ra_pages, im.ra_kb / 4);
	v = trace_view(&t);
	for (i = 0; i < t.nev; i++) {
		e = &t.ev[i];
		view_apply(v, e);
		if ((e->kind != VIEW_EV_RA_SYNC && e->kind !=
		    VIEW_EV_RA_ASYNC) || e->npages == 0)
			continue;
		ck_assert_uint_lt(k, n);
		ck_assert_msg(e->first == w[k].index && e->npages ==
		    w[k].size && e->async == w[k].async, "%s window %zu: "
		    "[%llu,+%llu) async %llu, file [%llu,+%u) async %u",
		    ra_caps[_i], k, (unsigned long long)e->first,
		    (unsigned long long)e->npages,
		    (unsigned long long)e->async, w[k].index, w[k].size,
		    w[k].async);
		mark = w[k].index + w[k].size - w[k].async;
		/* On a folio that holds mark, no larger than the window's. */
		ck_assert_uint_ne(e->marker, VIEW_NONE);
		ck_assert_uint_le(e->marker, mark);
		ck_assert_uint_lt(mark - e->marker, 1u << w[k].order);
		/* The first window is a miss, every later one a marker hit. */
		ck_assert_int_eq(e->kind, k == 0 ? VIEW_EV_RA_SYNC :
		    VIEW_EV_RA_ASYNC);
		ck_assert_uint_ne(e->hit, VIEW_NONE);
		if (k > 0)
			ck_assert_uint_eq(e->hit, prev);
		prev = e->marker;
		ck_assert_ptr_nonnull(strstr(trace_narrate(&t, i, b, sizeof b),
		    k == 0 ? "is missing: page_cache_sync_ra, window [" :
		    "has the marker: page_cache_async_ra, window ["));
		k++;
	}
	ck_assert_uint_eq(k, n);
	ra = view_ra(v);
	ck_assert_uint_eq(ra->start, w[n - 1].index);
	ck_assert_uint_eq(ra->size, w[n - 1].size);
	ck_assert_uint_eq(ra->async_size, w[n - 1].async);
	ck_assert_uint_eq(view_stats(v)->ra_sync + view_stats(v)->ra_async,
	    n);
	/* Only the markers not yet reached are left. */
	nm = view_markers(v, markers, 64);
	for (i = 0; i < nm; i++)
		ck_assert_uint_ge(markers[i], view_reader(v)->pos);
	view_free(v);
	trace_free(&t);
	import_free(&im);
}
END_TEST

/*
 * A trace made up to show each way readahead goes: a miss, its window
 * read in single pages after all (one window), a marker hit on a folio
 * of 16 pages holding the first async page, a hit that reads nothing, a
 * window whose marker page was cached already, a window no read() asked
 * for (a page fault's), another file's readahead (not kept).
 */
static const char ra_lines[] =
    "# raviz capture: /x, device 7,0, bs 4096, 8192 bytes, kernel 6.18, "
    "read_ahead_kb 128, max_sectors_kb 1280, max_segments 128, "
    "scheduler none, inode 700000\n"
    " r-9 [001] ..... 1.000000: page_cache_sync_ra: dev=0:3 ino=700000 "
    "index=0 req_count=1 order=0 size=0 async_size=0 ra_pages=32 "
    "mmap_miss=0 prev_pos=-1\n"
    " r-9 [001] ..... 1.000001: page_cache_ra_order: dev=0:3 ino=700000 "
    "index=0 order=0 size=4 async_size=3 ra_pages=32\n"
    " r-9 [001] ..... 1.000002: page_cache_ra_unbounded: dev=0:3 "
    "ino=700000 index=0 nr_to_read=4 lookahead_size=3\n"
    " r-9 [001] ..... 1.000003: mm_filemap_add_to_page_cache: dev 0:3 "
    "ino 700000 pfn=0x1 ofs=0 order=0\n"
    " r-9 [001] ..... 1.000003: mm_filemap_add_to_page_cache: dev 0:3 "
    "ino 700000 pfn=0x2 ofs=4096 order=0\n"
    " r-9 [001] ..... 1.000004: block_bio_queue: 7,0 RA 0 + 32 [r]\n"
    " r-9 [001] ..... 1.000010: page_cache_async_ra: dev=0:3 ino=700000 "
    "index=1 req_count=1 order=0 size=4 async_size=3 ra_pages=32 "
    "mmap_miss=0 prev_pos=4096\n"
    " r-9 [001] ..... 1.000011: page_cache_ra_order: dev=0:3 ino=700000 "
    "index=96 order=4 size=128 async_size=124 ra_pages=32\n"
    " r-9 [001] ..... 1.000012: mm_filemap_add_to_page_cache: dev 0:3 "
    "ino 700000 pfn=0x10 ofs=393216 order=4\n"
    " r-9 [001] ..... 1.000013: block_bio_queue: 7,0 RA 768 + 1024 [r]\n"
    " r-9 [001] ..... 1.000020: page_cache_async_ra: dev=0:3 ino=700000 "
    "index=100 req_count=1 order=4 size=128 async_size=124 ra_pages=32 "
    "mmap_miss=0 prev_pos=8192\n"
    " r-9 [001] ..... 1.000030: page_cache_sync_ra: dev=0:3 ino=700000 "
    "index=300 req_count=1 order=0 size=128 async_size=124 ra_pages=32 "
    "mmap_miss=0 prev_pos=8192\n"
    " r-9 [001] ..... 1.000031: page_cache_ra_order: dev=0:3 ino=700000 "
    "index=300 order=0 size=8 async_size=4 ra_pages=32\n"
    " r-9 [001] ..... 1.000032: mm_filemap_add_to_page_cache: dev 0:3 "
    "ino 700000 pfn=0x20 ofs=1228800 order=0\n"
    " r-9 [001] ..... 1.000033: block_bio_queue: 7,0 RA 2400 + 8 [r]\n"
    " r-9 [001] ..... 1.000040: page_cache_ra_order: dev=0:3 ino=700000 "
    "index=400 order=0 size=4 async_size=0 ra_pages=32\n"
    " r-9 [001] ..... 1.000041: page_cache_ra_order: dev=254:0 ino=5 "
    "index=0 order=0 size=4 async_size=3 ra_pages=32\n";

/* Each way of the made-up trace, one readahead event each. */
START_TEST(ra_kinds)
{
	static const struct {
		enum view_ev	 kind;
		uint64_t	 first, npages, async, marker, hit;
		const char	*words;
	} want[] = {
		{ VIEW_EV_RA_SYNC, 0, 4, 3, 1, 0, "page 0 is missing: "
		    "page_cache_sync_ra, window [0,4), async 3, marker 1" },
		{ VIEW_EV_RA_ASYNC, 96, 128, 124, 96, 1, "page 1 has the "
		    "marker: page_cache_async_ra, window [96,224), async 124, "
		    "marker 96, folios of 64 KiB" },
		{ VIEW_EV_RA_ASYNC, 100, 0, 0, VIEW_NONE, 100, "page 100 has "
		    "the marker: page_cache_async_ra, no window (nothing to "
		    "read)" },
		{ VIEW_EV_RA_SYNC, 300, 8, 4, VIEW_NONE, 300, "page 300 is "
		    "missing: page_cache_sync_ra, window [300,308), async 4, "
		    "no marker" },
		{ VIEW_EV_RA_SYNC, 400, 4, 0, VIEW_NONE, VIEW_NONE,
		    "readahead (no traced read() asked): window [400,404), "
		    "no marker" },
	};
	struct import		 im;
	struct trace		 t;
	struct pipe		*p;
	char			 b[200];
	size_t			 i, k = 0;

	ck_assert_int_eq(import_parse(&im, "ra", ra_lines,
	    sizeof ra_lines - 1, BLK_NODEV), 0);
	ck_assert_int_eq(im.has_ra, 1);
	ck_assert_uint_eq(im.ra_ino, 0x700000);
	p = summary_of(&im);
	ck_assert_uint_eq(pipe_stats(p)->ra_sync, 2);
	ck_assert_uint_eq(pipe_stats(p)->ra_async, 2);
	ck_assert_uint_eq(pipe_stats(p)->ra_windows, 4);
	ck_assert_uint_eq(pipe_stats(p)->page_adds, 4);
	pipe_free(p);
	trace_build(&t, &im);
	for (i = 0; i < t.nev; i++) {
		if (t.ev[i].kind != VIEW_EV_RA_SYNC &&
		    t.ev[i].kind != VIEW_EV_RA_ASYNC)
			continue;
		ck_assert_uint_lt(k, sizeof want / sizeof want[0]);
		ck_assert_int_eq(t.ev[i].kind, want[k].kind);
		ck_assert_uint_eq(t.ev[i].first, want[k].first);
		ck_assert_uint_eq(t.ev[i].npages, want[k].npages);
		ck_assert_uint_eq(t.ev[i].async, want[k].async);
		ck_assert_uint_eq(t.ev[i].marker, want[k].marker);
		ck_assert_uint_eq(t.ev[i].hit, want[k].hit);
		ck_assert_str_eq(trace_narrate(&t, i, b, sizeof b),
		    want[k].words);
		k++;
	}
	ck_assert_uint_eq(k, sizeof want / sizeof want[0]);
	trace_free(&t);
	import_free(&im);
}
END_TEST

/* The first read() of the 64 KiB capture, as the kernel traced it. */
static const char first_read[] =
    "# raviz capture: /dev/loop0, device 7,0, bs 65536, 131072 bytes, "
    "kernel 6.18.44, read_ahead_kb 128\n"
    " raviz-2526 [001] ...1. 1166.542899: tracing_mark_write: raviz "
    "read_begin offset=0 len=65536\n"
    " raviz-2526 [001] ..... 1166.542956: block_bio_queue: 7,0 RA 0 + 256 "
    "[raviz]\n"
    " raviz-2526 [001] ..... 1166.542963: block_getrq: 7,0 RA 0 + 256 "
    "[raviz]\n"
    " raviz-2526 [001] ..... 1166.542965: block_plug: [raviz]\n"
    " raviz-2526 [001] ..... 1166.542967: block_unplug: [raviz] 1\n"
    " raviz-2526 [001] ..... 1166.542970: block_rq_issue: 7,0 RA 131072 () "
    "0 + 256 be,0,4 [raviz]\n"
    " <idle>-0 [001] ..s1. 1166.543328: block_rq_complete: 7,0 RA () "
    "0 + 256 be,0,4 [0]\n"
    " raviz-2526 [001] ...1. 1166.543397: tracing_mark_write: raviz "
    "read_end offset=0 len=65536\n"
    " raviz-2526 [001] ...1. 1166.543399: tracing_mark_write: raviz "
    "read_begin offset=65536 len=65536\n";

/* The five states at the trace's moments; the events in order. */
START_TEST(five_states)
{
	static const struct {
		enum view_ev	 kind;
		uint64_t	 t_ns;
		enum view_page	 p0, p16;	/* pages 0 and 16 after it */
	} want[] = {
		{ VIEW_EV_READ_BEGIN, 0, VIEW_PAGE_ABSENT, VIEW_PAGE_ABSENT },
		{ VIEW_EV_QUEUE, 64000, VIEW_PAGE_PLUGGED, VIEW_PAGE_PLUGGED },
		{ VIEW_EV_FLUSH, 68000, VIEW_PAGE_QUEUED, VIEW_PAGE_QUEUED },
		{ VIEW_EV_DISPATCH, 71000, VIEW_PAGE_INFLIGHT,
		    VIEW_PAGE_INFLIGHT },
		{ VIEW_EV_WAIT, 71000, VIEW_PAGE_INFLIGHT, VIEW_PAGE_INFLIGHT },
		{ VIEW_EV_COMPLETE, 429000, VIEW_PAGE_UPTODATE,
		    VIEW_PAGE_UPTODATE },
		{ VIEW_EV_WAKE, 429000, VIEW_PAGE_UPTODATE, VIEW_PAGE_UPTODATE },
		{ VIEW_EV_COPY, 429000, VIEW_PAGE_CONSUMED, VIEW_PAGE_UPTODATE },
		{ VIEW_EV_READ_END, 498000, VIEW_PAGE_CONSUMED,
		    VIEW_PAGE_UPTODATE },
		{ VIEW_EV_READ_BEGIN, 500000, VIEW_PAGE_CONSUMED,
		    VIEW_PAGE_UPTODATE },
	};
	struct import		 im;
	struct trace		 t;
	struct view		*v;
	const struct view_request *r;
	char			 b[128];
	size_t			 i, n;

	ck_assert_int_eq(import_parse(&im, "first", first_read,
	    sizeof first_read - 1, BLK_NODEV), 0);
	trace_build(&t, &im);
	ck_assert_uint_eq(t.nev, sizeof want / sizeof want[0]);
	ck_assert_uint_eq(t.cfg.file_pages, 32);
	ck_assert_uint_eq(t.cfg.max_req_pages, 32);
	v = trace_view(&t);
	for (i = 0; i < t.nev; i++) {
		view_apply(v, &t.ev[i]);
		ck_assert_int_eq(t.ev[i].kind, want[i].kind);
		ck_assert_uint_eq(t.ev[i].t_ns, want[i].t_ns);
		ck_assert_int_eq(view_page_state(v, 0), want[i].p0);
		ck_assert_int_eq(view_page_state(v, 16), want[i].p16);
		ck_assert_int_eq(view_page_state(v, 32), VIEW_PAGE_ABSENT);
	}
	/* The request: on the plug list, then in the queue, on the device. */
	ck_assert_int_eq(t.ev[1].where, VIEW_WHERE_PLUG);
	ck_assert_uint_eq(t.ev[1].req, 1);
	ck_assert_uint_eq(t.ev[1].req_npages, 32);
	ck_assert_int_eq(t.ev[2].reason, VIEW_REASON_EXPLICIT);
	ck_assert_uint_eq(t.ev[2].count, 1);
	ck_assert_uint_eq(t.ev[3].req, 1);
	ck_assert_uint_eq(t.ev[5].req, 1);
	/* The reader slept on page 0 from its issue to the completion. */
	ck_assert_uint_eq(t.ev[4].page, 0);
	ck_assert_uint_eq(t.ev[6].page, 0);
	ck_assert_uint_eq(t.ev[7].first, 0);
	ck_assert_uint_eq(t.ev[7].npages, 16);
	ck_assert_uint_eq(t.ev[9].read_index, 1);
	ck_assert_uint_eq(view_stats(v)->stall_ns, 429000 - 71000);
	ck_assert_str_eq(trace_narrate(&t, 4, b, sizeof b),
	    "inferred: the reader sleeps, read() needs page 0");
	ck_assert_str_eq(trace_narrate(&t, 6, b, sizeof b),
	    "inferred: the reader wakes, page 0 is up to date");
	ck_assert_str_eq(trace_narrate(&t, 7, b, sizeof b),
	    "inferred: copy 64 KiB at offset 0 to the reader, woken");
	ck_assert_str_eq(trace_narrate(&t, 8, b, sizeof b),
	    "read() returns 65536 bytes");
	ck_assert_str_eq(trace_narrate(&t, t.nev, b, sizeof b), "");
	view_free(v);
	v = view_at(&t, 2);
	r = view_plug_list(v, &n);
	ck_assert_uint_eq(n, 1);
	ck_assert_uint_eq(r[0].npages, 32);
	view_free(v);
	v = view_at(&t, 4);
	r = view_device_list(v, &n);
	ck_assert_uint_eq(n, 1);
	ck_assert_uint_eq(r[0].t_dispatch, 71000);
	(void)view_queue_list(v, &n);
	ck_assert_uint_eq(n, 0);
	view_free(v);
	v = view_at(&t, 5);
	ck_assert_int_eq(view_reader(v)->task, VIEW_TASK_SLEEPING);
	ck_assert_uint_eq(view_reader(v)->wait_page, 0);
	view_free(v);
	v = view_at(&t, 10);
	ck_assert_uint_eq(view_reader(v)->read_index, 1);
	ck_assert_uint_eq(view_reader(v)->read_first, 16);
	ck_assert_int_eq(view_reader(v)->task, VIEW_TASK_SYSCALL);
	view_free(v);
	trace_free(&t);
	import_free(&im);
}
END_TEST

/* 2.6.38-style blkparse: a request in the queue, a merge, an insert. */
START_TEST(legacy_merge)
{
	struct import		 im;
	struct trace		 t;
	struct view		*v;
	const struct view_request *r;
	char			 b[128];
	size_t			 n;

	load(&im, FIX "bp-legacy.blkparse", BLK_NODEV);
	trace_build(&t, &im);
	ck_assert_uint_eq(t.base, 1000);
	/* G, M, I, U, D, C: the Qs are taken by the G and the M. */
	ck_assert_uint_eq(t.nev, 6);
	ck_assert_int_eq(t.ev[0].kind, VIEW_EV_QUEUE);
	ck_assert_int_eq(t.ev[0].where, VIEW_WHERE_QUEUE);	/* I first */
	ck_assert_int_eq(t.ev[1].kind, VIEW_EV_QUEUE);
	ck_assert_int_eq(t.ev[1].merged, 1);
	ck_assert_uint_eq(t.ev[1].first, 1);
	ck_assert_uint_eq(t.ev[1].req_npages, 2);
	ck_assert_int_eq(t.ev[3].kind, VIEW_EV_FLUSH);
	ck_assert_int_eq(t.ev[3].reason, VIEW_REASON_EXPLICIT);
	ck_assert_str_eq(trace_narrate(&t, 1, b, sizeof b),
	    "merge: a 4 KiB bio at sector 1008 joins a request at its back");
	ck_assert_str_eq(trace_narrate(&t, 3, b, sizeof b),
	    "unplug: 1 request, explicit");
	v = view_at(&t, 3);
	r = view_queue_list(v, &n);
	ck_assert_uint_eq(n, 1);
	ck_assert_uint_eq(r[0].first, 0);
	ck_assert_uint_eq(r[0].npages, 2);
	ck_assert_int_eq(view_page_state(v, 1), VIEW_PAGE_QUEUED);
	view_free(v);
	v = view_at(&t, t.nev);
	ck_assert_uint_eq(view_request_count(v, 2), 1);
	view_free(v);
	trace_free(&t);
	import_free(&im);
}
END_TEST

/* UT without P; a requeue; a trace with no request before its issue. */
START_TEST(pitfalls)
{
	struct import		 im;
	struct trace		 t;
	struct view		*v;
	char			 b[128];
	size_t			 i, n;

	load(&im, FIX "bp-ut.blkparse", BLK_NODEV);
	trace_build(&t, &im);
	ck_assert_int_eq(t.ev[0].where, VIEW_WHERE_QUEUE);
	for (i = 0; i < t.nev && t.ev[i].kind != VIEW_EV_FLUSH; i++)
		;
	ck_assert_uint_lt(i, t.nev);
	ck_assert_int_eq(t.ev[i].reason, VIEW_REASON_SLEEP);
	ck_assert_str_eq(trace_narrate(&t, i, b, sizeof b),
	    "unplug: 1 request, the task is about to sleep");
	trace_free(&t);
	import_free(&im);

	load(&im, FIX "bp-requeue.blkparse", BLK_NODEV);
	trace_build(&t, &im);
	/* G, D, R (complete + queue), D, C. */
	ck_assert_uint_eq(t.nev, 6);
	ck_assert_int_eq(t.ev[2].kind, VIEW_EV_COMPLETE);
	ck_assert_int_eq(t.ev[3].kind, VIEW_EV_QUEUE);
	ck_assert_uint_eq(t.ev[3].req, t.ev[1].req);
	ck_assert_uint_eq(t.ev[4].req, t.ev[1].req);
	v = view_at(&t, 4);
	ck_assert_int_eq(view_page_state(v, 0), VIEW_PAGE_QUEUED);
	(void)view_device_list(v, &n);
	ck_assert_uint_eq(n, 0);
	view_free(v);
	trace_free(&t);
	import_free(&im);

	/* Write requests make no events; reads only. */
	load(&im, FIX "bp-rwbs.blkparse", BLK_NODEV);
	trace_build(&t, &im);
	for (i = 0; i < t.nev; i++)
		ck_assert_int_eq(trace_src(&t, i)->read, 1);
	ck_assert_uint_eq(t.cfg.ra_pages, TRACE_RA_DEFAULT);
	ck_assert_int_eq(t.ra_known, 0);
	ck_assert_int_eq(t.has_reads, 0);
	trace_free(&t);
	import_free(&im);
}
END_TEST

/* The same import twice gives the same events, byte for byte. */
START_TEST(deterministic)
{
	struct import	im, im2;
	struct trace	a, b;

	/* (trace_build() takes the import's events: one import each.) */
	load(&im, CAP "loop-dio-ra128-bs4k.trace", BLK_NODEV);
	load(&im2, CAP "loop-dio-ra128-bs4k.trace", BLK_NODEV);
	trace_build(&a, &im);
	trace_build(&b, &im2);
	ck_assert_ptr_null(im.ev);
	ck_assert_uint_eq(a.nev, b.nev);
	ck_assert_int_eq(memcmp(a.ev, b.ev, a.nev * sizeof *a.ev), 0);
	ck_assert_int_eq(memcmp(a.src, b.src, a.nev * sizeof *a.src), 0);
	ck_assert_int_eq(memcmp(&a.cfg, &b.cfg, sizeof a.cfg), 0);
	trace_free(&a);
	trace_free(&b);
	import_free(&im);
	import_free(&im2);
}
END_TEST

CHECK_SUITE("trace", CHECK_CASE("trace", 0),
    CHECK_LOOP(same_as_summary, CHECK_N(files)),
    CHECK_LOOP(captures_consumed, 4), CHECK_LOOP(ra_windows,
    CHECK_N(ra_caps)), CHECK_TEST(ra_kinds), CHECK_TEST(five_states),
    CHECK_TEST(legacy_merge), CHECK_TEST(pitfalls),
    CHECK_TEST(deterministic))
