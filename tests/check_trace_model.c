/*
 * check_trace_model.c - the model of a real trace (trace-model.c): the
 * device measured from issue-to-complete times gives back the latency and
 * bandwidth a synthetic trace was written with (requests alone, requests
 * sharing the device, one odd request among many, one size only, a
 * requeue, nothing completed), and a committed capture of Linux 6.18
 * configures today's kernel with its own sizes, the same twice.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check-main.h"
#include "import.h"
#include "trace.h"
#include "trace-model.h"

#define MODERN	SRCDATADIR "/tests/data/modern/"

/*
 * One line of a synthetic trace: at t_us, issue (D), complete (C), requeue
 * (R) of sectors, or the reader's read_begin (B) and read_end (E) of bytes
 * [sector, sector + nsect).
 */
struct line {
	uint64_t	 t_us;
	char		 act;
	uint64_t	 sector;
	uint64_t	 nsect;
};

/* Write lines as ftrace text into a new temporary file; its path in buf. */
static void
write_trace(char *buf, size_t len, const struct line *l, size_t n)
{
	FILE	*f;
	size_t	 i;
	int	 fd;

	snprintf(buf, len, "/tmp/check_trace_model.XXXXXX");
	fd = mkstemp(buf);
	ck_assert_int_ge(fd, 0);
	f = fdopen(fd, "w");
	ck_assert_ptr_nonnull(f);
	fprintf(f, "# tracer: nop\n");
	for (i = 0; i < n; i++) {
		if (l[i].act == 'B' || l[i].act == 'E') {
			fprintf(f, "  dd-100 [000] ..... %llu.%06llu: "
			    "tracing_mark_write: raviz %s offset=%llu len=%llu\n",
			    (unsigned long long)(l[i].t_us / 1000000),
			    (unsigned long long)(l[i].t_us % 1000000),
			    l[i].act == 'B' ? "read_begin" : "read_end",
			    (unsigned long long)l[i].sector,
			    (unsigned long long)l[i].nsect);
			continue;
		}
		const char *ev = l[i].act == 'D' ? "block_rq_issue" :
		    l[i].act == 'R' ? "block_rq_requeue" : "block_rq_complete";
		fprintf(f, "  %s [000] ..... %llu.%06llu: %s: 7,0 R %s%llu "
		    "+ %llu be,0,4 [%s]\n", l[i].act == 'D' ? "dd-100" :
		    "ksoftirqd/0-14",
		    (unsigned long long)(l[i].t_us / 1000000),
		    (unsigned long long)(l[i].t_us % 1000000), ev,
		    l[i].act == 'D' ? "4096 () " : "() ",
		    (unsigned long long)l[i].sector,
		    (unsigned long long)l[i].nsect, l[i].act == 'D' ? "dd" :
		    "0");
	}
	ck_assert_int_eq(fclose(f), 0);
}

/* Import the lines, measure the device into *f; the trace in *t. */
static void
fit_lines(const struct line *l, size_t n, struct trace *t,
    struct trace_fit *f)
{
	struct import	im;
	char		path[64];

	write_trace(path, sizeof path, l, n);
	ck_assert_msg(import_load(&im, path, BLK_NODEV) == 0, "%s", im.err);
	unlink(path);
	trace_build(t, &im);
	import_free(&im);
	trace_model_fit(t, f, 2000);
}

/*
 * Requests alone on the device, 128 KiB and 512 KiB, each taking 50 us
 * plus its bytes at 1024 MB/s (128 us and 512 us): the line gives back
 * 50 us and 1024 MB/s.
 */
START_TEST(test_alone)
{
	static const struct line l[] = {
		{ 1000, 'D', 0, 256 }, { 1178, 'C', 0, 256 },
		{ 2000, 'D', 256, 1024 }, { 2562, 'C', 256, 1024 },
		{ 3000, 'D', 1280, 256 }, { 3178, 'C', 1280, 256 },
		{ 4000, 'D', 1536, 1024 }, { 4562, 'C', 1536, 1024 },
		{ 5000, 'D', 2560, 256 }, { 5178, 'C', 2560, 256 },
		{ 12000, 'D', 3840, 1024 }, { 12562, 'C', 3840, 1024 },
	};
	struct trace		t;
	struct trace_fit	f;

	fit_lines(l, CHECK_N(l), &t, &f);
	ck_assert_int_eq(f.how, TRACE_FIT_LINE);
	ck_assert_uint_eq(f.requests, 6);
	ck_assert_uint_eq(f.sizes, 2);
	ck_assert_uint_eq(f.in_flight, 1);
	ck_assert_uint_eq(f.latency_ns, 50000);
	ck_assert_uint_eq(f.bandwidth, 1024000000);
	trace_free(&t);
}
END_TEST

/*
 * A slow request counts: the model's device must spend what the real one
 * spent on average.  Three 128 KiB requests of 178 us and one of 498 us
 * (a mean of 258 us), three 512 KiB of 562 us: the line through (128 KiB,
 * 258 us) and (512 KiB, 562 us), 304 us per 384 KiB.
 */
START_TEST(test_mean)
{
	static const struct line l[] = {
		{ 1000, 'D', 0, 256 }, { 1178, 'C', 0, 256 },
		{ 2000, 'D', 256, 256 }, { 2178, 'C', 256, 256 },
		{ 3000, 'D', 512, 256 }, { 3178, 'C', 512, 256 },
		{ 4000, 'D', 768, 256 }, { 4498, 'C', 768, 256 },
		{ 5000, 'D', 1024, 1024 }, { 5562, 'C', 1024, 1024 },
		{ 6000, 'D', 2048, 1024 }, { 6562, 'C', 2048, 1024 },
		{ 7000, 'D', 3072, 1024 }, { 7562, 'C', 3072, 1024 },
	};
	struct trace		t;
	struct trace_fit	f;

	fit_lines(l, CHECK_N(l), &t, &f);
	ck_assert_int_eq(f.how, TRACE_FIT_LINE);
	ck_assert_uint_eq(f.bandwidth, UINT64_C(393216) * 1000000000 /
	    304000);
	ck_assert_uint_eq(f.latency_ns, 258000 - UINT64_C(131072) * 304000 /
	    393216);
	trace_free(&t);
}
END_TEST

/*
 * The host, from the reader's read() markers: a 64 KiB read that never
 * waited took 16 us, 2 us of it the syscall: 875 ns a page; a read that
 * waited was woken by the completion at 1100 us and next seen at
 * 1150 us, having copied its 16 pages meanwhile: a wake of 36 us.
 */
START_TEST(test_host)
{
	static const struct line l[] = {
		{ 1000, 'B', 0, 65536 }, { 1010, 'D', 0, 256 },
		{ 1100, 'C', 0, 256 }, { 1150, 'E', 0, 65536 },
		{ 2000, 'B', 65536, 65536 }, { 2016, 'E', 65536, 65536 },
	};
	struct trace		t;
	struct trace_fit	f;
	struct sim_config	base, c;
	const char		*why;

	fit_lines(l, CHECK_N(l), &t, &f);
	ck_assert_uint_eq(f.copies, 1);
	ck_assert_uint_eq(f.copy_ns, 875);
	ck_assert_uint_eq(f.wakes, 1);
	ck_assert_uint_eq(f.wake_ns, 36000);
	sim_config_default(&base);
	ck_assert_int_eq(trace_model_config(&t, &f, &base, SIM_MODE_MODERN,
	    &c, &why), 0);
	ck_assert_uint_eq(c.cpu.copy_ns, 875);
	ck_assert_uint_eq(c.cpu.wake_ns, 36000);
	ck_assert_uint_eq(c.cpu.syscall_ns, base.cpu.syscall_ns);
	trace_free(&t);
}
END_TEST

/*
 * Two 256 KiB requests issued together, done together 400 us later: each
 * had the device half the time, 200 us; alone ones take 200 us too.  One
 * size: no latency to tell apart, all of it bandwidth (1.31 GB/s).
 */
START_TEST(test_shared)
{
	static const struct line l[] = {
		{ 100, 'D', 0, 512 }, { 100, 'D', 512, 512 },
		{ 500, 'C', 0, 512 }, { 500, 'C', 512, 512 },
		{ 1000, 'D', 1024, 512 }, { 1200, 'C', 1024, 512 },
	};
	struct trace		t;
	struct trace_fit	f;

	fit_lines(l, CHECK_N(l), &t, &f);
	ck_assert_int_eq(f.how, TRACE_FIT_RATE);
	ck_assert_uint_eq(f.requests, 3);
	ck_assert_uint_eq(f.sizes, 1);
	ck_assert_uint_eq(f.in_flight, 2);
	ck_assert_uint_eq(f.latency_ns, 0);
	ck_assert_uint_eq(f.bandwidth, UINT64_C(262144) * 1000000000 / 200000);
	trace_free(&t);
}
END_TEST

/*
 * A requeued request is no completion (it is measured when it completes
 * after its second issue); a request never completed is not measured;
 * a trace with no completion at all has no measured device.
 */
START_TEST(test_requeue)
{
	static const struct line l[] = {
		{ 100, 'D', 0, 256 }, { 150, 'R', 0, 256 },
		{ 200, 'D', 0, 256 }, { 400, 'C', 0, 256 },
		{ 500, 'D', 256, 256 },
	};
	static const struct line none[] = {
		{ 100, 'D', 0, 256 }, { 150, 'D', 256, 256 },
	};
	struct trace		t;
	struct trace_fit	f;
	struct sim_config	base, c;
	const char		*why;

	fit_lines(l, CHECK_N(l), &t, &f);
	ck_assert_uint_eq(f.requests, 1);
	ck_assert_uint_eq(f.bandwidth, UINT64_C(131072) * 1000000000 / 200000);
	trace_free(&t);
	fit_lines(none, CHECK_N(none), &t, &f);
	ck_assert_int_eq(f.how, TRACE_FIT_NONE);
	ck_assert_uint_eq(f.requests, 0);
	sim_config_default(&base);
	ck_assert_int_eq(trace_model_config(&t, &f, &base, SIM_MODE_MODERN,
	    &c, &why), 0);
	ck_assert_str_eq(c.device.name, base.device.name);
	trace_free(&t);
}
END_TEST

/*
 * A capture of 1 MiB reads at read_ahead_kb 128 (Linux 6.18, a loop
 * device): the model is today's kernel reading 32 MiB in 1 MiB reads with
 * 128 KiB of readahead, requests up to the 1 MiB the trace has, on the
 * measured device; the same trace gives the same model.
 */
START_TEST(test_capture)
{
	struct import		im;
	struct trace		t;
	struct trace_fit	f, g;
	struct sim_config	base, c, d;
	const char		*why;
	char			buf[256];

	ck_assert_msg(import_load(&im, MODERN "raw-ra128-bs1M.trace",
	    BLK_NODEV) == 0, "%s", im.err);
	trace_build(&t, &im);
	import_free(&im);
	trace_model_fit(&t, &f, 2000);
	ck_assert_int_ne(f.how, TRACE_FIT_NONE);
	ck_assert_uint_eq(f.requests, 33);
	sim_config_default(&base);
	ck_assert_msg(trace_model_config(&t, &f, &base, SIM_MODE_MODERN, &c,
	    &why) == 0, "%s", why);
	ck_assert_int_eq(c.mode, SIM_MODE_MODERN);
	ck_assert_uint_eq(c.read_pages, 256);
	ck_assert_uint_eq(c.ra_pages, 32);
	ck_assert_uint_eq(c.file_pages, 8192);
	ck_assert_uint_eq(c.max_req_pages, 256);
	ck_assert_str_eq(c.device.name, TRACE_MODEL_DEVICE);
	ck_assert_uint_eq(c.device.bandwidth, f.bandwidth);
	ck_assert_uint_eq(c.device.latency_ns, f.latency_ns);
	ck_assert_uint_eq(c.device.idle_penalty_ns, 0);
	trace_model_fit(&t, &g, 2000);
	ck_assert_msg(memcmp(&f, &g, sizeof f) == 0, "the same trace, twice");
	ck_assert_int_eq(trace_model_config(&t, &g, &base, SIM_MODE_FIXED, &d,
	    &why), 0);
	ck_assert_int_eq(d.mode, SIM_MODE_FIXED);
	trace_model_title(buf, sizeof buf, &t, SIM_MODE_MODERN);
	ck_assert_str_eq(buf, "MODERN - model of 7,4 on the measured device");
	trace_free(&t);
}
END_TEST

CHECK_SUITE("trace_model",
    CHECK_CASE("fit", 0),
    CHECK_TEST(test_alone), CHECK_TEST(test_mean), CHECK_TEST(test_shared),
    CHECK_TEST(test_requeue), CHECK_TEST(test_host),
    CHECK_CASE("capture", 0),
    CHECK_TEST(test_capture))
