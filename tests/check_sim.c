/*
 * check_sim.c - the engine against model.md: window arithmetic worked by
 * hand, the five moments T1..T5, request sizes, the dispatch sequence of the
 * first read, the throughput table of §7, determinism, and the containers.
 */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "check-main.h"
#include "report.h"
#include "engine/sim.h"
#include "engine/sim-int.h"

/* ---- window arithmetic (§2), worked by hand ---- */

struct size_case {
	uint64_t	in, max, want;
};

/* init_size: roundup to 2^k = n; n <= max/32: 4n; n <= max/4: 2n; else max. */
static const struct size_case init_cases[] = {
	{ 1, 32, 4 }, { 2, 32, 4 }, { 3, 32, 8 }, { 4, 32, 8 },
	{ 5, 32, 16 }, { 8, 32, 16 }, { 9, 32, 32 }, { 16, 32, 32 },
	{ 256, 32, 32 },
	/* ra 1 MiB (max 256): max/32 = 8, max/4 = 64. */
	{ 1, 256, 4 }, { 8, 256, 32 }, { 9, 256, 32 }, { 16, 256, 32 },
	{ 17, 256, 64 }, { 64, 256, 128 }, { 65, 256, 256 }, { 256, 256, 256 },
	/* ra 4 KiB (max 1): max/32 = max/4 = 0, always max. */
	{ 1, 1, 1 }, { 300, 1, 1 },
};

/* next_size: cur < max/16: 4 cur; else 2 cur; capped at max. */
static const struct size_case next_cases[] = {
	{ 4, 32, 8 }, { 8, 32, 16 }, { 16, 32, 32 }, { 32, 32, 32 },
	{ 64, 32, 32 }, { 1, 32, 4 },
	{ 4, 256, 16 }, { 16, 256, 32 }, { 32, 256, 64 }, { 128, 256, 256 },
	{ 1, 1, 1 },
};

START_TEST(test_init_size)
{
	const struct size_case *c = &init_cases[_i];

	ck_assert_uint_eq(sim_ra_init_size(c->in, c->max), c->want);
}
END_TEST

START_TEST(test_next_size)
{
	const struct size_case *c = &next_cases[_i];

	ck_assert_uint_eq(sim_ra_next_size(c->in, c->max), c->want);
}
END_TEST

/* ---- the kernels' policies (sim-int.h) ---- */

/*
 * Every mode has a policy with a name of its own that parses back to it and
 * an on-demand readahead; a queue that plugs itself leaves the task none.
 */
START_TEST(test_policies)
{
	const struct sim_policy *p = sim_policy((enum sim_mode)_i);
	enum sim_mode	 m;
	int		 j;

	ck_assert_ptr_nonnull(p);
	ck_assert_ptr_nonnull(p->ondemand);
	ck_assert_str_eq(sim_mode_name((enum sim_mode)_i), p->name);
	ck_assert_int_eq(sim_mode_parse(p->name, &m), 0);
	ck_assert_int_eq(m, _i);
	ck_assert(!(p->queue_plug && p->outer_plug));
	for (j = 0; j < _i; j++)
		ck_assert_str_ne(sim_policy((enum sim_mode)j)->name, p->name);
}
END_TEST

/* ---- helpers ---- */

/* Run cfg collecting every event; returns the count, *out malloc'd. */
static size_t
collect(const struct sim_config *cfg, struct sim_event **out, size_t max)
{
	struct sim		*s = sim_new(cfg);
	struct sim_event	*v = calloc(max, sizeof *v);
	size_t			 n = 0;

	ck_assert_ptr_nonnull(s);
	ck_assert_ptr_nonnull(v);
	while (n < max && sim_step(s, &v[n]) == 1)
		n++;
	sim_free(s);
	*out = v;
	return (n);
}

/* Default config in a mode. */
/* Today's kernel, or its what-if with the outer plug (large folios). */
static int
modern(enum sim_mode m)
{
	return (m == SIM_MODE_MODERN || m == SIM_MODE_MODERN_BUGGY);
}

static struct sim_config
config(enum sim_mode m)
{
	struct sim_config	c;

	sim_config_default(&c);
	c.mode = m;
	return (c);
}

/* Index of the event with label l, or (size_t)-1. */
static size_t
find_label(const struct sim_event *v, size_t n, int l)
{
	size_t	i;

	for (i = 0; i < n; i++)
		if (v[i].label == l)
			return (i);
	return ((size_t)-1);
}

/* ---- T1..T5 (§6) ---- */

START_TEST(test_moments_buggy)
{
	struct sim_config	 c = config(SIM_MODE_BUGGY);
	struct sim_event	*v;
	size_t			 n = collect(&c, &v, 4000), i, at[6];
	int			 l;

	for (l = 1; l <= 5; l++) {
		at[l] = find_label(v, n, l);
		ck_assert_msg(at[l] != (size_t)-1, "T%d missing", l);
		if (l > 1)
			ck_assert_uint_lt(at[l - 1], at[l]);
	}
	/* T1: sync readahead of [0,32)+[32,64), marker on 32. */
	ck_assert_int_eq(v[at[1]].kind, SIM_EV_RA_SYNC);
	ck_assert_uint_eq(v[at[1]].first, 0);
	ck_assert_uint_eq(v[at[1]].npages, 64);
	ck_assert_uint_eq(v[at[1]].marker, 32);
	/* T2: the 256 KiB goes out when the reader sleeps on page 0. */
	ck_assert_int_eq(v[at[2]].kind, SIM_EV_DISPATCH);
	ck_assert_uint_eq(v[at[2]].first, 0);
	ck_assert_uint_eq(v[at[2]].npages, 64);
	for (i = at[2]; i-- > 0;)
		if (v[i].kind == SIM_EV_WAIT)
			break;
	ck_assert_msg(i != (size_t)-1 && v[i].page == 0,
	    "T2 not after a wait on page 0");
	/* T3: async ra [64,96) on the marker at 32, held in the plug. */
	ck_assert_int_eq(v[at[3]].kind, SIM_EV_RA_ASYNC);
	ck_assert_uint_eq(v[at[3]].first, 64);
	ck_assert_uint_eq(v[at[3]].npages, 32);
	ck_assert_uint_eq(v[at[3]].hit, 32);
	ck_assert_int_eq(v[at[3] + 1].kind, SIM_EV_QUEUE);
	ck_assert_int_eq(v[at[3] + 1].where, SIM_WHERE_PLUG);
	/* T4: async ra [96,128) on page 64, merged in the plug: 256 KiB. */
	ck_assert_int_eq(v[at[4]].kind, SIM_EV_RA_ASYNC);
	ck_assert_uint_eq(v[at[4]].first, 96);
	ck_assert_uint_eq(v[at[4]].npages, 32);
	ck_assert_uint_eq(v[at[4]].hit, 64);
	ck_assert_int_eq(v[at[4] + 1].kind, SIM_EV_QUEUE);
	ck_assert_int_eq(v[at[4] + 1].merged, 1);
	ck_assert_uint_eq(v[at[4] + 1].req_first, 64);
	ck_assert_uint_eq(v[at[4] + 1].req_npages, 64);
	/* T5: [64,128) dispatched as one request when the reader sleeps. */
	ck_assert_int_eq(v[at[5]].kind, SIM_EV_DISPATCH);
	ck_assert_uint_eq(v[at[5]].first, 64);
	ck_assert_uint_eq(v[at[5]].npages, 64);
	for (i = at[5]; i-- > 0;)
		if (v[i].kind == SIM_EV_WAIT)
			break;
	ck_assert_uint_eq(v[i].page, 64);
	/* Nothing holding page 64 went to the device before T5. */
	for (i = 0; i < at[5]; i++)
		if (v[i].kind == SIM_EV_DISPATCH)
			ck_assert(!(v[i].first <= 64 &&
			    64 < v[i].first + v[i].npages));
	/* And the device did nothing between T3 and T5 (the broken pipe). */
	for (i = at[3]; i < at[5]; i++)
		ck_assert_int_ne(v[i].kind, SIM_EV_DISPATCH);
	free(v);
}
END_TEST

/*
 * Where T3 and T4 are stamped (§6): on the event at which what they say is
 * true.  Stepping to T3, the window [64,96) is held in the plug and the
 * device idle in buggy mode, in flight and the device busy in fixed and
 * legacy mode; likewise [96,128) at T4.  Linux 6.x (modern) has no 64-page
 * first window: its first window is [0,128) with the marker at 64 (1 MiB
 * reads, 512 KiB requests: a 128-page window limit), so T3 sends [128,256)
 * and T4 [256,384), each on its dispatch.
 */
START_TEST(test_stamp_moments)
{
	struct sim_config	 c = config((enum sim_mode)_i);
	struct sim		*s = sim_new(&c);
	struct sim_event	 e;
	size_t			 nd;
	/* Modes with the outer plug stamp T3/T4 on the held window. */
	int			 buggy = (_i == SIM_MODE_BUGGY ||
				    _i == SIM_MODE_MODERN_BUGGY), want = 3;
	int			 m = modern((enum sim_mode)_i);
	/* The window sent at T3 and T4, and the marker that made each. */
	uint64_t		 w3 = m ? 128 : 64, w4 = m ? 256 : 96;
	uint64_t		 h3 = m ? 64 : 32, h4 = m ? 128 : 64;

	while (want <= 4 && sim_step(s, &e) == 1) {
		if (e.label == 0)
			continue;
		ck_assert_int_le(e.label, want);
		if (e.label != want)
			continue;
		ck_assert_int_eq(e.kind, buggy ? SIM_EV_RA_ASYNC :
		    SIM_EV_DISPATCH);
		ck_assert_uint_eq(e.first, want == 3 ? w3 : w4);
		ck_assert_uint_eq(e.hit, want == 3 ? h3 : h4);
		(void)sim_device_list(s, &nd);
		ck_assert_int_eq(sim_page_state(s, want == 3 ? w3 : w4),
		    buggy ? SIM_PAGE_PLUGGED : SIM_PAGE_INFLIGHT);
		if (want == 3)
			ck_assert_uint_eq(nd, buggy ? 0 : 1);
		want++;
	}
	ck_assert_int_eq(want, 5);
	sim_free(s);
}
END_TEST

/*
 * Labels come in order, once each, in every mode and on every device, and
 * only those the run shows: 4 KiB reads never reach a window they could
 * hold (T1, T2 only); reads up to two windows end at the new window, so
 * there is no second marker within them (no T4).
 */
static const struct { uint64_t bs; unsigned want; } order_cases[] = {
	{ 1, 0x06 }, { 16, 0x2e }, { 32, 0x2e }, { 64, 0x2e }, { 256, 0x3e },
	{ 1024, 0x3e }
};

START_TEST(test_labels_in_order)
{
	size_t			 k = (size_t)_i / SIM_MODE_COUNT;
	struct sim_config	 c = config((enum sim_mode)(_i % SIM_MODE_COUNT));
	struct sim		*s;
	struct sim_event	 e;
	size_t			 d;
	int			 last;
	unsigned		 seen;

	for (d = 0; d < sim_preset_count(); d++) {
		c.device = *sim_preset(d);
		c.read_pages = order_cases[k].bs;
		c.file_pages = 4096;
		s = sim_new(&c);
		last = 0;
		seen = 0;
		while (sim_step(s, &e) == 1) {
			if (e.label == 0)
				continue;
			ck_assert_msg(e.label > last, "%s bs %llu: T%d "
			    "after T%d", c.device.name,
			    (unsigned long long)c.read_pages, e.label, last);
			last = e.label;
			seen |= 1u << last;
		}
		ck_assert_msg(seen == order_cases[k].want, "%s bs %llu: "
		    "labels %#x", c.device.name,
		    (unsigned long long)c.read_pages, seen);
		sim_free(s);
	}
}
END_TEST

/*
 * Device time: busy + waking + idle is exactly the time passed, after
 * every event and at the end, for every preset and mode; the report run
 * in buggy mode is busy well under half of the time, waking most of it.
 */
/*
 * sim_labels_over(): false while a label may still come, true from the
 * last labelled event handed out on - T5 with 1 MiB reads, T2 with 4 KiB
 * reads (T3..T5 cannot happen there) - and no labelled event after it.
 */
START_TEST(test_labels_over)
{
	struct sim_config	 c = config((enum sim_mode)(_i % SIM_MODE_COUNT));
	struct sim		*s;
	struct sim_event	 e;
	int			 last = 0, over = 0;

	c.read_pages = _i / SIM_MODE_COUNT == 0 ? 256 : 1;
	c.file_pages = 4096;
	s = sim_new(&c);
	ck_assert(!sim_labels_over(s));
	while (sim_step(s, &e) == 1) {
		if (e.label != 0) {
			ck_assert(!over);
			last = e.label;
		}
		if (sim_labels_over(s))
			over = 1;
		else
			ck_assert(!over);
	}
	ck_assert(over);
	ck_assert_int_eq(last, c.read_pages == 1 ? 2 : 5);
	sim_free(s);
}
END_TEST

START_TEST(test_device_split)
{
	struct sim_config	 c = config((enum sim_mode)(_i % SIM_MODE_COUNT));
	const struct sim_stats	*st;
	struct sim		*s, *q;
	struct sim_event	 e;
	uint64_t		 stall = 0, since = SIM_NONE;

	c.device = *sim_preset((size_t)_i / SIM_MODE_COUNT);
	c.file_pages = 4096;
	s = sim_new(&c);
	q = sim_new(&c);
	st = sim_stats(s);
	while (sim_step(s, &e) == 1) {
		CHECK_HOT(st->busy_ns + st->waking_ns + st->idle_ns ==
		    st->now_ns);
		CHECK_HOT(st->now_ns == e.t_ns);
		/* The stall as the events tell it, after every one of them
		   (the engine brings its statistics up to date once per
		   action, not per event). */
		if (e.kind == SIM_EV_WAIT)
			since = e.t_ns;
		else if (e.kind == SIM_EV_WAKE) {
			stall += e.t_ns - since;
			since = SIM_NONE;
		}
		CHECK_HOT(st->stall_ns == stall + (since != SIM_NONE ?
		    st->now_ns - since : 0));
		/* Waking is paid only after a penalty was incurred. */
		CHECK_HOT(st->waking_ns <= st->penalty_ns);
	}
	ck_assert_uint_eq(st->busy_ns + st->waking_ns + st->idle_ns,
	    st->now_ns);
	if (c.device.idle_penalty_ns == 0)
		ck_assert_uint_eq(st->waking_ns, 0);
	ck_assert_int_eq(sim_run(q), 0);
	ck_assert_uint_eq(sim_stats(q)->busy_ns, st->busy_ns);
	ck_assert_uint_eq(sim_stats(q)->waking_ns, st->waking_ns);
	ck_assert_uint_eq(sim_stats(q)->idle_ns, st->idle_ns);
	if (_i == SIM_MODE_BUGGY) {
		/* report, buggy: the device mostly wakes up. */
		ck_assert_uint_lt(st->busy_ns * 2, st->now_ns);
		ck_assert_uint_gt(st->waking_ns * 2, st->now_ns);
	}
	sim_free(s);
	sim_free(q);
}
END_TEST

START_TEST(test_fixed_pipelines)
{
	struct sim_config	 c = config(SIM_MODE_FIXED);
	struct sim_event	*v;
	size_t			 n = collect(&c, &v, 4000), i, disp = (size_t)-1;

	/* [64,96) goes out alone, 128 KiB, before the reader reaches 64. */
	for (i = 0; i < n; i++) {
		if (v[i].kind == SIM_EV_DISPATCH && v[i].first == 64) {
			ck_assert_uint_eq(v[i].npages, 32);
			disp = i;
			break;
		}
		if ((v[i].kind == SIM_EV_COPY && v[i].first <= 64 &&
		    64 < v[i].first + v[i].npages) ||
		    (v[i].kind == SIM_EV_WAIT && v[i].page == 64))
			ck_abort_msg("reader reached page 64 first");
	}
	ck_assert_uint_ne(disp, (size_t)-1);
	/*
	 * That dispatch is T3 (the moment the window is sent), right after
	 * read_pages() finishes its plug, 32 page submissions after the
	 * async readahead on the marker at 32.
	 */
	i = find_label(v, n, 3);
	ck_assert_uint_eq(i, disp);
	ck_assert_uint_eq(v[i].hit, 32);
	ck_assert_int_eq(v[i - 1].kind, SIM_EV_FLUSH);
	ck_assert_int_eq(v[i - 1].reason, SIM_REASON_FINISH);
	for (i = disp; i-- > 0;)
		if (v[i].kind == SIM_EV_RA_ASYNC)
			break;
	ck_assert_uint_eq(v[i].first, 64);
	ck_assert_int_eq(v[i].label, 0);
	ck_assert_uint_eq(v[disp].t_ns,
	    v[i].t_ns + 32 * c.cpu.submit_ns);
	free(v);
}
END_TEST

/* The dispatches of read 0 in buggy mode, per §6. */
START_TEST(test_read1_dispatches)
{
	static const uint64_t want[][2] = {
		{ 0, 64 }, { 64, 64 }, { 128, 64 }, { 192, 64 }, { 256, 32 }
	};
	struct sim_config	 c = config(SIM_MODE_BUGGY);
	struct sim_event	*v;
	size_t			 n = collect(&c, &v, 4000), i, k = 0;
	uint64_t		 end_t = 0;

	for (i = 0; i < n; i++) {
		if (v[i].kind == SIM_EV_READ_END && v[i].read_index == 0)
			end_t = v[i].t_ns;
		if (v[i].kind != SIM_EV_DISPATCH || v[i].read_index != 0)
			continue;
		ck_assert_uint_lt(k, 5);
		ck_assert_uint_eq(v[i].first, want[k][0]);
		ck_assert_uint_eq(v[i].npages, want[k][1]);
		k++;
	}
	ck_assert_uint_eq(k, 5);
	/* [256,288) goes out when the syscall ends (blk_finish_plug). */
	for (i = 0; i < n; i++)
		if (v[i].kind == SIM_EV_DISPATCH && v[i].first == 256)
			break;
	ck_assert_uint_eq(v[i].t_ns, end_t);
	ck_assert_int_eq(v[i - 1].kind, SIM_EV_FLUSH);
	ck_assert_int_eq(v[i - 1].reason, SIM_REASON_FINISH);
	free(v);
}
END_TEST

/* ---- request sizes (the patch's remark) ---- */

static const struct {
	enum sim_mode	mode;
	uint64_t	pages;
} size_cases[] = {
	{ SIM_MODE_BUGGY, 64 }, { SIM_MODE_FIXED, 32 }, { SIM_MODE_LEGACY, 32 }
};

START_TEST(test_common_size)
{
	struct sim_config	 c = config(size_cases[_i].mode);
	struct sim		*s = sim_new(&c);

	ck_assert_int_eq(sim_run(s), 0);
	ck_assert_uint_eq(sim_stats(s)->mode_request_pages,
	    size_cases[_i].pages);
	ck_assert_uint_eq(sim_stats(s)->pages_copied, c.file_pages);
	ck_assert(sim_done(s));
	sim_free(s);
}
END_TEST

/* ---- throughput (§7) ---- */

struct tp_case {
	const char	*device;
	uint64_t	 bs_pages;
	uint64_t	 ra_pages;
	enum sim_mode	 mode;
	uint64_t	 mbs;		/* model.md's figure, MB/s */
	uint64_t	 tol_pct;
};

/* model.md §7: a 32 MiB file read from the start. */
static const struct tp_case tp_cases[] = {
	{ "report", 256, 32, SIM_MODE_LEGACY, 251, 3 },
	{ "report", 256, 32, SIM_MODE_BUGGY, 50, 3 },
	{ "report", 256, 32, SIM_MODE_FIXED, 251, 3 },
	{ "sata2", 256, 32, SIM_MODE_LEGACY, 251, 3 },
	{ "sata2", 256, 32, SIM_MODE_BUGGY, 216, 3 },
	{ "sata2", 256, 32, SIM_MODE_FIXED, 251, 3 },
	{ "sata3", 256, 32, SIM_MODE_LEGACY, 455, 3 },
	{ "sata3", 256, 32, SIM_MODE_BUGGY, 351, 3 },
	{ "sata3", 256, 32, SIM_MODE_FIXED, 455, 3 },
	{ "nvme", 256, 32, SIM_MODE_LEGACY, 1100, 3 },
	{ "nvme", 256, 32, SIM_MODE_BUGGY, 736, 3 },
	{ "nvme", 256, 32, SIM_MODE_FIXED, 1100, 3 },
	{ "sata2", 16, 32, SIM_MODE_LEGACY, 252, 3 },
	{ "sata2", 16, 32, SIM_MODE_BUGGY, 242, 3 },
	{ "sata2", 16, 32, SIM_MODE_FIXED, 252, 3 },
	{ "sata2", 1, 32, SIM_MODE_BUGGY, 257, 3 },
	{ "report", 256, 256, SIM_MODE_LEGACY, 169, 3 },
	{ "report", 256, 256, SIM_MODE_BUGGY, 161, 3 },
	{ "report", 256, 256, SIM_MODE_FIXED, 165, 3 },
};

/* Throughput of a run of 32 MiB in MB/s, times 10. */
static uint64_t
run_mbs10(const char *dev, uint64_t bs, uint64_t ra, enum sim_mode m)
{
	struct sim_config	 c = config(m);
	struct sim		*s;
	uint64_t		 r;

	c.device = *sim_preset_find(dev);
	c.read_pages = bs;
	c.ra_pages = ra;
	c.file_pages = (32u << 20) / SIM_PAGE_SIZE;
	s = sim_new(&c);
	ck_assert_int_eq(sim_run(s), 0);
	r = sim_stats(s)->pages_copied * SIM_PAGE_SIZE * 10000 /
	    sim_stats(s)->end_ns;
	sim_free(s);
	return (r);
}

START_TEST(test_throughput)
{
	const struct tp_case	*t = &tp_cases[_i];
	uint64_t		 got = run_mbs10(t->device, t->bs_pages,
	    t->ra_pages, t->mode);
	uint64_t		 want = t->mbs * 10, d;

	d = got > want ? got - want : want - got;
	ck_assert_msg(d * 100 <= want * t->tol_pct,
	    "%s bs=%llu %s: %llu.%llu MB/s, model says ~%llu",
	    t->device, (unsigned long long)t->bs_pages * 4,
	    sim_mode_name(t->mode), (unsigned long long)got / 10,
	    (unsigned long long)got % 10, (unsigned long long)t->mbs);
}
END_TEST

/* 4 KiB reads: the outer plug costs nothing (all modes within 1 %). */
START_TEST(test_small_reads_equal)
{
	const char	*dev = sim_preset(_i)->name;
	uint64_t	 a = run_mbs10(dev, 1, 32, SIM_MODE_LEGACY);
	uint64_t	 b = run_mbs10(dev, 1, 32, SIM_MODE_BUGGY);
	uint64_t	 f = run_mbs10(dev, 1, 32, SIM_MODE_FIXED);

	ck_assert_uint_eq(a, f);
	ck_assert_msg((a > b ? a - b : b - a) * 100 <= a, "%s: %llu vs %llu",
	    dev, (unsigned long long)a, (unsigned long long)b);
}
END_TEST

/* 4 KiB reads ramp the window 4 -> 8 -> 16 -> 32. */
START_TEST(test_ramp_up)
{
	static const uint64_t want[] = { 4, 8, 16, 32, 32 };
	struct sim_config	 c = config(SIM_MODE_BUGGY);
	struct sim_event	*v;
	size_t			 n, i, k = 0;

	c.read_pages = 1;
	c.file_pages = 256;
	n = collect(&c, &v, 20000);
	for (i = 0; i < n && k < 5; i++)
		if (v[i].kind == SIM_EV_RA_SYNC || v[i].kind == SIM_EV_RA_ASYNC)
			ck_assert_uint_eq(v[i].npages, want[k++]);
	ck_assert_uint_eq(k, 5);
	free(v);
}
END_TEST

/* ---- determinism, cloning, mode changes ---- */

/* Serialize a whole trace into one malloc'd string. */
static char *
trace_text(const struct sim_config *c, size_t *len)
{
	struct sim		*s = sim_new(c);
	struct sim_event	 e;
	size_t			 cap = 1 << 20, off = 0;
	char			*buf = malloc(cap);

	while (sim_step(s, &e) == 1) {
		if (cap - off < 1024)
			buf = realloc(buf, cap *= 2);
		off += report_json(buf + off, cap - off, &e);
		buf[off++] = '\n';
	}
	sim_free(s);
	*len = off;
	return (buf);
}

START_TEST(test_determinism)
{
	struct sim_config	 c = config((enum sim_mode)_i);
	size_t			 la, lb;
	char			*a, *b;

	a = trace_text(&c, &la);
	b = trace_text(&c, &lb);
	ck_assert_uint_eq(la, lb);
	ck_assert(memcmp(a, b, la) == 0);
	free(a);
	free(b);
}
END_TEST

START_TEST(test_clone)
{
	struct sim_config	 c = config(SIM_MODE_BUGGY);
	struct sim		*a = sim_new(&c), *b;
	struct sim_event	 ea, eb;
	int			 i, ra, rb;

	for (i = 0; i < 500; i++)
		CHECK_HOT(sim_step(a, &ea) == 1);
	b = sim_clone(a);
	ck_assert_ptr_nonnull(b);
	do {
		ra = sim_step(a, &ea);
		rb = sim_step(b, &eb);
		CHECK_HOT_INT_EQ(ra, rb);
		if (ra == 1)
			CHECK_HOT(memcmp(&ea, &eb, sizeof ea) == 0);
	} while (ra == 1);
	sim_free(a);
	sim_free(b);
}
END_TEST

/* A mode change waits for the next read() and then behaves as that mode. */
START_TEST(test_mode_change)
{
	struct sim_config	 c = config(SIM_MODE_BUGGY);
	struct sim		*s = sim_new(&c);
	struct sim_event	 e;
	int			 seen_mode = 0, r;
	uint64_t		 disp_after = 0;

	/* Into read 0, then ask for fixed. */
	do
		CHECK_HOT(sim_step(s, &e) == 1);
	while (e.kind != SIM_EV_COPY);
	sim_set_mode(s, SIM_MODE_FIXED);
	ck_assert_int_eq(sim_mode(s), SIM_MODE_BUGGY);
	while ((r = sim_step(s, &e)) == 1) {
		if (e.kind == SIM_EV_MODE) {
			seen_mode = 1;
			ck_assert_int_eq(e.mode, SIM_MODE_FIXED);
			ck_assert_uint_eq(e.read_index, 1);
		}
		if (!seen_mode)
			ck_assert_int_eq(e.mode, SIM_MODE_BUGGY);
		if (seen_mode && e.kind == SIM_EV_DISPATCH) {
			/* No outer plug any more: one window per request. */
			ck_assert_uint_le(e.npages, 32);
			disp_after++;
		}
	}
	ck_assert_int_eq(r, 0);
	ck_assert(seen_mode);
	ck_assert_uint_gt(disp_after, 100);
	sim_free(s);
}
END_TEST

/* ---- legacy details ---- */

/* Legacy: the explicit unplug fires at the first marker (page 32). */
START_TEST(test_legacy_unplug)
{
	struct sim_config	 c = config(SIM_MODE_LEGACY);
	struct sim_event	*v;
	size_t			 n = collect(&c, &v, 4000), i;
	int			 explicit = 0, sleep = 0;

	for (i = 0; i < n; i++) {
		if (v[i].kind != SIM_EV_FLUSH)
			continue;
		ck_assert_int_ne(v[i].reason, SIM_REASON_FINISH);
		explicit += v[i].reason == SIM_REASON_EXPLICIT;
		sleep += v[i].reason == SIM_REASON_SLEEP;
	}
	ck_assert_int_gt(explicit, 0);
	ck_assert_int_gt(sleep, 0);
	/* T3 is the dispatch that the explicit unplug sends. */
	i = find_label(v, n, 3);
	ck_assert_int_eq(v[i].kind, SIM_EV_DISPATCH);
	ck_assert_uint_eq(v[i].first, 64);
	ck_assert_uint_eq(v[i].hit, 32);
	ck_assert_int_eq(v[i - 1].kind, SIM_EV_FLUSH);
	ck_assert_int_eq(v[i - 1].reason, SIM_REASON_EXPLICIT);
	ck_assert_int_eq(v[i - 2].kind, SIM_EV_QUEUE);
	ck_assert_int_eq(v[i - 2].where, SIM_WHERE_QUEUE);
	ck_assert_int_eq(v[i - 3].kind, SIM_EV_RA_ASYNC);
	ck_assert_uint_eq(v[i - 3].hit, 32);
	free(v);
}
END_TEST

/* Legacy: a short unplug delay lets the timer release plugged windows. */
START_TEST(test_legacy_timer)
{
	struct sim_config	 c = config(SIM_MODE_LEGACY);
	struct sim_event	*v;
	size_t			 n, i;
	int			 timer = 0;

	c.file_pages = 512;
	c.unplug_delay_ns = 1000;	/* fires before the reader reaches 64 */
	n = collect(&c, &v, 20000);
	for (i = 0; i < n; i++)
		if (v[i].kind == SIM_EV_FLUSH && v[i].reason == SIM_REASON_TIMER)
			timer++;
	ck_assert_int_gt(timer, 0);
	free(v);
}
END_TEST

/* 3.1+: a window bigger than 16 requests flushes the plug list. */
START_TEST(test_plug_limit)
{
	struct sim_config	 c = config(SIM_MODE_BUGGY);
	struct sim_event	*v;
	size_t			 n, i, held = 0, maxheld = 0;
	int			 limit = 0;

	c.read_pages = c.ra_pages = 16384;	/* 64 MiB reads and window */
	c.file_pages = 65536;
	n = collect(&c, &v, 200000);
	for (i = 0; i < n; i++) {
		if (v[i].kind == SIM_EV_QUEUE && v[i].where == SIM_WHERE_PLUG &&
		    !v[i].merged)
			held++;
		if (v[i].kind == SIM_EV_FLUSH) {
			limit += v[i].reason == SIM_REASON_LIMIT;
			if (v[i].reason == SIM_REASON_LIMIT)
				ck_assert_uint_eq(v[i].count, 16);
			held = 0;
		}
		if (held > maxheld)
			maxheld = held;
	}
	ck_assert_int_gt(limit, 0);
	ck_assert_uint_le(maxheld, 16);
	free(v);
}
END_TEST

/* ---- devices ---- */

/* FIFO: done = max(dispatch + L, previous done) + bytes / B. */
START_TEST(test_fifo_timing)
{
	struct sim_config	 c = config(SIM_MODE_BUGGY);
	struct sim_event	*v;
	size_t			 n, i;
	uint64_t		 t_disp = 0;

	c.device = *sim_preset_find("hdd");
	n = collect(&c, &v, 100);
	for (i = 0; i < n; i++) {
		if (v[i].kind == SIM_EV_DISPATCH && v[i].first == 0)
			t_disp = v[i].t_ns;
		if (v[i].kind == SIM_EV_COMPLETE && v[i].first == 0)
			break;
	}
	ck_assert_uint_lt(i, n);
	/* 256 KiB at 120 MB/s = 2184533.33 ns, rounded up; plus 150 us. */
	ck_assert_uint_eq(v[i].t_ns, t_disp + 150000 + 2184534);
	free(v);
}
END_TEST

/* The report preset pays the idle-exit penalty only in buggy mode. */
/*
 * No request completes before an earlier-dispatched request of the same
 * size (model.md §5): every preset and mode, reads of 4 KiB to 1 MiB,
 * windows of 128 KiB and 1 MiB, and 4 KiB requests.
 */
START_TEST(test_completion_order)
{
	static const uint64_t	 bs[] = { 1, 16, 256 };
	struct sim_config	 c;
	struct sim		*s;
	struct sim_event	 e;
	struct { uint32_t id; uint64_t seq, npages; } *out;
	uint64_t		 seq = 0, done = 0;
	size_t			 n = 0, i, j, cap = 4096;
	int			 k = _i;

	c = config((enum sim_mode)(k % SIM_MODE_COUNT));
	k /= SIM_MODE_COUNT;
	c.device = *sim_preset((size_t)k % sim_preset_count());
	k /= (int)sim_preset_count();
	c.read_pages = bs[k % 3];
	k /= 3;
	c.ra_pages = k % 2 ? 256 : 32;
	c.max_req_pages = k / 2 ? 1 : 128;
	c.file_pages = 4096;
	out = calloc(cap, sizeof *out);
	ck_assert_ptr_nonnull(out);
	ck_assert_ptr_nonnull(s = sim_new(&c));
	while (sim_step(s, &e) == 1) {
		if (e.kind == SIM_EV_DISPATCH) {
			CHECK_HOT(n < cap);
			out[n].id = e.req;
			out[n].seq = seq++;
			out[n++].npages = e.npages;
			continue;
		}
		if (e.kind != SIM_EV_COMPLETE)
			continue;
		for (i = 0; i < n && out[i].id != e.req; i++)
			;
		CHECK_HOT(i < n);
		for (j = 0; j < n; j++)
			CHECK_HOT_MSG(out[j].npages != e.npages ||
			    out[j].seq >= out[i].seq, "%s %s bs %llu: request "
			    "%u (dispatch %llu) done before %u (dispatch %llu)",
			    c.device.name, sim_mode_name(c.mode),
			    (unsigned long long)c.read_pages, e.req,
			    (unsigned long long)out[i].seq, out[j].id,
			    (unsigned long long)out[j].seq);
		out[i] = out[--n];
		done++;
	}
	ck_assert(sim_done(s));
	ck_assert_uint_gt(done, 0);
	sim_free(s);
	free(out);
}
END_TEST

/*
 * A nanosecond of latency is not amplified (model.md §5: every time is a
 * sum of latencies and whole units): two runs whose latency differs by 1 ns
 * complete their k-th request at most k + 1 ns apart (each latency on the
 * way adds its nanosecond at most), where processor sharing let the gap
 * grow to ~100 us within a few thousand requests.  With 4 KiB requests the
 * link never waits for a latency, and the gap stays a few ns for good -
 * except in modern mode, where a window is sent when the reader reaches
 * its marked folio and the link waits for its first latency: each adds
 * its nanosecond (k + 1 still holds).
 */
START_TEST(test_perturbation)
{
	static const char *const dev[] = { "report", "sata2", "nvme" };
	struct sim_config	 c = config((enum sim_mode)(_i % SIM_MODE_COUNT));
	struct sim		*a, *b;
	struct sim_event	 ea, eb;
	uint64_t		 gap, most = 0, k = 0;

	c.device = *sim_preset_find(dev[_i / SIM_MODE_COUNT % 3]);
	c.read_pages = _i / (3 * SIM_MODE_COUNT) ? 256 : 1;
	c.max_req_pages = c.read_pages == 1 ? 1 : 128;
	c.file_pages = 8192;
	ck_assert_ptr_nonnull(a = sim_new(&c));
	c.device.latency_ns++;
	ck_assert_ptr_nonnull(b = sim_new(&c));
	for (;;) {
		while (sim_step(a, &ea) == 1 && ea.kind != SIM_EV_COMPLETE)
			;
		while (sim_step(b, &eb) == 1 && eb.kind != SIM_EV_COMPLETE)
			;
		if (sim_done(a) || sim_done(b))
			break;
		gap = ea.t_ns > eb.t_ns ? ea.t_ns - eb.t_ns : eb.t_ns - ea.t_ns;
		CHECK_HOT_MSG(gap <= k + 1, "%s %s bs %llu: a 1 ns change grew "
		    "to %llu ns by completion %llu", c.device.name,
		    sim_mode_name(c.mode), (unsigned long long)c.read_pages,
		    (unsigned long long)gap, (unsigned long long)k);
		if (gap > most)
			most = gap;
		k++;
	}
	ck_assert(sim_done(a) && sim_done(b));
	ck_assert_uint_gt(k, 30);
	if (c.read_pages == 1 && !modern(c.mode))
		ck_assert_msg(most <= 16, "%s %s: a 1 ns change grew to %llu "
		    "ns", c.device.name, sim_mode_name(c.mode),
		    (unsigned long long)most);
	sim_free(a);
	sim_free(b);
}
END_TEST

START_TEST(test_idle_penalty)
{
	struct sim_config	 c = config(SIM_MODE_BUGGY);
	struct sim		*s = sim_new(&c);

	sim_run(s);
	ck_assert_uint_gt(sim_stats(s)->penalties, 200);
	sim_free(s);
	c.mode = SIM_MODE_FIXED;
	s = sim_new(&c);
	sim_run(s);
	ck_assert_uint_le(sim_stats(s)->penalties, 1);
	sim_free(s);
}
END_TEST

/* A 1 TiB file runs in memory that does not grow with the file. */
START_TEST(test_scale_steps)
{
	struct sim_config	 c = config(SIM_MODE_FIXED);
	struct sim		*s;
	struct sim_event	 e;
	int			 i;

	c.file_pages = UINT64_C(1) << 28;	/* 1 TiB */
	s = sim_new(&c);
	ck_assert_ptr_nonnull(s);
	for (i = 0; i < 100000; i++)
		CHECK_HOT(sim_step(s, &e) == 1);
	/* Page states stay a handful of runs however far the reader goes. */
	ck_assert_uint_lt(sim_reader(s)->pos, c.file_pages);
	ck_assert_uint_gt(sim_reader(s)->pos, 100000);
	sim_free(s);
}
END_TEST

/* ---- steady-state skipping is exact ---- */

struct skip_case {
	const char	*device;
	uint64_t	 bs, ra, file;
	int		 skips;		/* a repeat is expected within the file */
};

static const struct skip_case skip_cases[] = {
	{ "report", 256, 32, 65536, 1 }, { "sata2", 16, 32, 65536, 1 },
	{ "nvme", 256, 32, 65536, 1 }, { "hdd", 256, 32, 65536, 1 },
	{ "report", 1, 32, 20000, 0 }, { "sata3", 768, 32, 100000, 1 },
	{ "report", 256, 256, 65536, 1 }, { "nvme", 48, 64, 99999, 0 },
};

/* sim_run() (which skips repeated periods) equals stepping every event. */
START_TEST(test_skip_exact)
{
	const struct skip_case	*k = &skip_cases[_i / SIM_MODE_COUNT];
	struct sim_config	 c = config((enum sim_mode)(_i % SIM_MODE_COUNT));
	struct sim		*a, *b;
	struct sim_event	 e;
	struct sim_stats	 sa, sb;

	c.device = *sim_preset_find(k->device);
	c.read_pages = k->bs;
	c.ra_pages = k->ra;
	c.file_pages = k->file;
	a = sim_new(&c);
	b = sim_new(&c);
	ck_assert_int_eq(sim_run(a), 0);
	while (sim_step(b, &e) == 1)
		;
	sa = *sim_stats(a);
	sb = *sim_stats(b);
	ck_assert(sim_done(a) && sim_done(b));
	ck_assert_uint_eq(sa.end_ns, sb.end_ns);
	ck_assert_uint_eq(sa.events, sb.events);
	ck_assert_uint_eq(sa.requests, sb.requests);
	ck_assert_uint_eq(sa.request_pages, sb.request_pages);
	ck_assert_uint_eq(sa.mode_request_pages, sb.mode_request_pages);
	ck_assert_uint_eq(sa.stall_ns, sb.stall_ns);
	ck_assert_uint_eq(sa.busy_ns, sb.busy_ns);
	ck_assert_uint_eq(sa.penalty_ns, sb.penalty_ns);
	ck_assert_uint_eq(sa.flushes, sb.flushes);
	/* Everything but the count of reads jumped over is the same. */
	if (k->skips)
		ck_assert_uint_gt(sa.skipped_reads, 0);
	ck_assert_uint_eq(sb.skipped_reads, 0);
	sa.skipped_reads = 0;
	ck_assert(memcmp(&sa, &sb, sizeof sa) == 0);
	ck_assert_uint_eq(sim_reader(a)->read_index, sim_reader(b)->read_index);
	sim_free(a);
	sim_free(b);
}
END_TEST

/*
 * The grid: read size x readahead x device x mode, each skipped (sim_run())
 * and stepped, compared in full.  Reads of 4 KiB, a size just under and just
 * over a power of two, an odd readahead, 1 MiB readahead, a disk with its
 * look-ahead off, one-page requests, queue depth 1, a regular file, and an
 * odd file size.  Devices: 0 report, 1 nvme, 2 hdd, 3 hdd look-ahead off.
 */
static const uint64_t grid_bs[] = { 1, 64, 250, 257 };
static const uint64_t grid_ra[] = { 32, 33, 256 };
#define GRID_DEV	4
#define GRID_N	((int)(sizeof grid_bs / sizeof grid_bs[0] * \
		    (sizeof grid_ra / sizeof grid_ra[0]) * GRID_DEV * \
		    SIM_MODE_COUNT))

/*
 * Extra rows: bs, ra, max request, qd (0 = preset), source, device, whether
 * the state repeats within the file, and the file (0: 30001 pages, or
 * 400009 for the long periods of large reads in 512 KiB requests).
 */
struct grid_extra {
	uint64_t	 bs, ra;
	uint32_t	 maxreq, qd;
	enum sim_source	 source;
	int		 dev;
	int		 skips;
	uint64_t	 pages;
};

static const struct grid_extra grid_extras[] = {
	{ 1, 32, 1, 0, SIM_SOURCE_RAW, 2, 1, 0 },
	{ 1, 32, 1, 1, SIM_SOURCE_RAW, 0, 1, 0 },
	{ 1, 32, 1, 0, SIM_SOURCE_RAW, 0, 1, 262144 },	/* chaotic under PS */
	{ 256, 32, 128, 1, SIM_SOURCE_RAW, 0, 1, 0 },
	{ 256, 32, 128, 1, SIM_SOURCE_RAW, 1, 1, 0 },
	{ 250, 32, 128, 0, SIM_SOURCE_FILE, 0, 1, 0 },
	{ 1, 256, 128, 0, SIM_SOURCE_FILE, 1, 1, 0 },
	{ 256, 256, 1, 0, SIM_SOURCE_RAW, 2, 1, 0 },
	{ 250, 32, 128, 0, SIM_SOURCE_RAW, 0, 1, 0 },	/* 1000 KiB */
	{ 257, 256, 128, 0, SIM_SOURCE_RAW, 1, 1, 0 },
	{ 250, 33, 128, 0, SIM_SOURCE_RAW, 3, 1, 0 },
	/* Link turns: 4 and 64 KiB reads, requests of 4 and 8 KiB. */
	{ 1, 32, 1, 2, SIM_SOURCE_RAW, 0, 1, 0 },
	{ 1, 32, 1, 32, SIM_SOURCE_RAW, 0, 1, 0 },
	{ 1, 32, 2, 0, SIM_SOURCE_RAW, 0, 1, 0 },
	{ 1, 32, 2, 1, SIM_SOURCE_RAW, 0, 1, 0 },
	{ 1, 32, 2, 32, SIM_SOURCE_RAW, 1, 1, 0 },
	{ 16, 32, 1, 0, SIM_SOURCE_RAW, 0, 1, 262144 },	/* chaotic under PS */
	{ 16, 32, 1, 1, SIM_SOURCE_RAW, 0, 1, 0 },
	{ 16, 32, 2, 2, SIM_SOURCE_RAW, 0, 1, 0 },
	{ 16, 32, 2, 32, SIM_SOURCE_RAW, 0, 1, 0 },
	{ 16, 32, 1, 0, SIM_SOURCE_RAW, 1, 1, 0 },
	{ 1, 32, 1, 0, SIM_SOURCE_RAW, 1, 1, 0 },
	/*
	 * The cells that never repeated under processor sharing (the flat-cost
	 * grid's 4 KiB requests on report and sata2): every one repeats now,
	 * once the phase of the link's unit ends comes round (at 270 MB/s a
	 * unit is 51200/27 ns: 27 times the pattern of requests).  Those with
	 * 1 MiB windows repeat only after millions of events: make bench
	 * compares them with stepping.
	 */
	{ 1, 32, 1, 0, SIM_SOURCE_RAW, 4, 1, 262144 },
	{ 16, 32, 1, 0, SIM_SOURCE_RAW, 4, 1, 262144 },
};

/* The device of a grid index. */
static struct sim_device
grid_device(int d)
{
	static const char *const names[] = { "report", "nvme", "hdd", "hdd",
	    "sata2" };
	struct sim_device	 dev = *sim_preset_find(names[d]);

	if (d == 3) {
		dev.idle_penalty_ns = 8330000;
		dev.idle_thresh_ns = 0;
	}
	return (dev);
}

/* Skipped and stepped runs of c end in the same state with the same stats. */
static void
grid_compare(const struct sim_config *c, int skips)
{
	struct sim		*a = sim_new(c), *b = sim_new(c);
	struct sim_event	 e;
	struct sim_stats	 sa, sb;
	uint64_t		 n;

	ck_assert(a != NULL && b != NULL);
	ck_assert_int_eq(sim_run(a), 0);
	while (sim_step(b, &e) == 1)
		;
	ck_assert(sim_done(a) && sim_done(b));
	sa = *sim_stats(a);
	sb = *sim_stats(b);
	if (skips)
		ck_assert_msg(sa.skipped_reads > 0, "no skip: bs %llu ra %llu "
		    "dev %s/%llu mode %d", (unsigned long long)c->read_pages,
		    (unsigned long long)c->ra_pages, c->device.name,
		    (unsigned long long)c->device.idle_penalty_ns, (int)c->mode);
	ck_assert_uint_eq(sb.skipped_reads, 0);
	sa.skipped_reads = 0;
	ck_assert_uint_eq(sa.end_ns, sb.end_ns);
	ck_assert_uint_eq(sa.events, sb.events);
	ck_assert(memcmp(&sa, &sb, sizeof sa) == 0);
	/* The device split, advanced per skipped period, still adds up. */
	ck_assert_uint_eq(sa.busy_ns + sa.waking_ns + sa.idle_ns, sa.now_ns);
	/* The request mix behind sim_request_count(), size by size. */
	for (n = 0; n <= c->max_req_pages + 1; n++)
		CHECK_HOT_UINT_EQ(sim_request_count(a, n),
		    sim_request_count(b, n));
	ck_assert(memcmp(sim_reader(a), sim_reader(b),
	    sizeof *sim_reader(a)) == 0);
	ck_assert(memcmp(sim_ra(a), sim_ra(b), sizeof *sim_ra(a)) == 0);
	sim_free(a);
	sim_free(b);
}

START_TEST(test_skip_grid)
{
	int			 i = _i;
	struct sim_config	 c = config((enum sim_mode)(i % SIM_MODE_COUNT));

	i /= SIM_MODE_COUNT;
	c.device = grid_device(i % GRID_DEV);
	i /= GRID_DEV;
	c.ra_pages = grid_ra[i % (int)(sizeof grid_ra / sizeof grid_ra[0])];
	i /= (int)(sizeof grid_ra / sizeof grid_ra[0]);
	c.read_pages = grid_bs[i];
	/*
	 * 4 KiB reads in 1 MiB windows repeat once the link's unit ends do
	 * (27 windows at 270 MB/s), after tens of thousands of reads.
	 */
	c.file_pages = c.read_pages == 1 && c.ra_pages == 256 ? 150001 : 30001;
	/* Reads that do not divide the windows repeat only after many. */
	grid_compare(&c, c.read_pages <= 64);
}
END_TEST

START_TEST(test_skip_grid_extra)
{
	const struct grid_extra	*g = &grid_extras[_i / SIM_MODE_COUNT];
	struct sim_config	 c = config((enum sim_mode)(_i % SIM_MODE_COUNT));

	c.device = grid_device(g->dev);
	if (g->qd != 0)
		c.device.qd = g->qd;
	c.read_pages = g->bs;
	c.ra_pages = g->ra;
	c.max_req_pages = g->maxreq;
	c.source = g->source;
	c.file_pages = g->pages != 0 ? g->pages : g->bs > 64 &&
	    g->maxreq > 1 && g->qd == 0 ? 400009 : 30001;
	/* The what-if settles into its period later (257-page reads). */
	if (c.mode == SIM_MODE_MODERN_BUGGY && c.file_pages == 400009)
		c.file_pages = 4000009;
	grid_compare(&c, g->skips);
}
END_TEST

/*
 * sim_run_until() in slices (sim_set_budget()) ends where one quiet run
 * ends, and still skips: a 1 TiB run of 4 KiB reads in a bounded number of
 * slices; a run that never repeats in many small slices, as stepping.
 */
START_TEST(test_run_budget)
{
	struct sim_config	 c = config(SIM_MODE_BUGGY);
	struct sim		*a, *b;
	struct sim_event	 e;
	struct sim_stats	 sa, sb;
	uint64_t		 calls = 0;
	int			 rc;

	c.read_pages = 1;
	c.file_pages = UINT64_C(1) << 28;
	if (_i == 1) {
		c.max_req_pages = 1;
		c.file_pages = 30001;
	}
	a = sim_new(&c);
	b = sim_new(&c);
	sim_set_budget(a, _i == 1 ? 100 : 5000);
	while ((rc = sim_run_until(a, UINT64_MAX)) == 1)
		calls++;
	ck_assert_int_eq(rc, 0);
	ck_assert(sim_done(a));
	if (_i == 1) {
		ck_assert_uint_gt(calls, 100);
		while (sim_step(b, &e) == 1)
			;
	} else {
		ck_assert_uint_lt(calls, 20000);
		ck_assert_int_eq(sim_run(b), 0);
	}
	sa = *sim_stats(a);
	sb = *sim_stats(b);
	sa.skipped_reads = sb.skipped_reads = 0;
	ck_assert(memcmp(&sa, &sb, sizeof sa) == 0);
	sim_free(a);
	sim_free(b);
}
END_TEST

/*
 * Reads of cached pages in one action (sim-task.c, task_hits()): a quiet
 * run of 4 KiB reads from 8 MiB windows, too short to repeat, takes far
 * fewer actions than it makes events (about one per device action), and
 * ends where stepping ends; with --no-skip it takes one or more actions
 * per read, as stepping does.  2012 modes (modern reads folio batches).
 */
START_TEST(test_hits_actions)
{
	struct sim_config	 c = config(_i % 2 ? SIM_MODE_FIXED :
				    SIM_MODE_BUGGY);
	struct sim		*a, *b;
	struct sim_event	 e;
	struct sim_stats	 sa, sb;
	uint64_t		 calls = 0;
	int			 rc;

	if (_i == 2)
		c.mode = SIM_MODE_LEGACY;
	c.no_skip = _i == 3;
	c.read_pages = 1;
	c.ra_pages = 2048;
	c.file_pages = 32768;
	a = sim_new(&c);
	b = sim_new(&c);
	sim_set_budget(a, 1);
	while ((rc = sim_run_until(a, UINT64_MAX)) == 1)
		calls++;
	ck_assert_int_eq(rc, 0);
	while (sim_step(b, &e) == 1)
		;
	ck_assert(sim_done(a) && sim_done(b));
	sa = *sim_stats(a);
	sb = *sim_stats(b);
	ck_assert_uint_eq(sa.skipped_reads, 0);	/* no period: hits alone */
	ck_assert(memcmp(&sa, &sb, sizeof sa) == 0);
	ck_assert(memcmp(sim_reader(a), sim_reader(b),
	    sizeof *sim_reader(a)) == 0);
	ck_assert_uint_gt(sa.events, 3 * c.file_pages);
	if (c.no_skip)
		ck_assert_uint_gt(calls, sa.events / 2);
	else
		ck_assert_uint_lt(calls * 20, sa.events);
	sim_free(a);
	sim_free(b);
}
END_TEST

/*
 * sim_run_until_time() to a time inside a stretch of cached reads, at an
 * action's time, just before and just after it: the events that follow
 * are the ones stepping gives after that time.
 */
START_TEST(test_hits_until_time)
{
	struct sim_config	 c = config((enum sim_mode)(_i % SIM_MODE_COUNT));
	struct sim		*a, *b;
	struct sim_event	 ea, eb;
	uint64_t		 t, n = 0, k;
	int			 d = _i / SIM_MODE_COUNT, ra, rb;

	c.read_pages = 1;
	c.ra_pages = 2048;
	c.file_pages = 20000;
	/* The time of event 12345 (a read among cached pages), -1, +1. */
	a = sim_new(&c);
	while (n++ <= 12345)
		CHECK_HOT(sim_step(a, &ea) == 1);
	sim_free(a);
	t = ea.t_ns + (uint64_t)d - 1;
	a = sim_new(&c);
	b = sim_new(&c);
	while (sim_next_time(a) <= t)
		CHECK_HOT(sim_step(a, &ea) == 1);
	ck_assert_int_eq(sim_run_until_time(b, t), 0);
	ck_assert_uint_eq(sim_event_no(a), sim_event_no(b));
	for (k = 0; k < 300; k++) {
		ra = sim_step(a, &ea);
		rb = sim_step(b, &eb);
		CHECK_HOT_INT_EQ(ra, rb);
		if (ra != 1)
			break;
		CHECK_HOT(memcmp(&ea, &eb, sizeof ea) == 0);
	}
	sim_free(a);
	sim_free(b);
}
END_TEST

/*
 * sim_run_until_time() ends at the last action by its time, a latency end
 * too (it makes no event, and the device joins its turns ahead of time):
 * now is the latest of the events and of the latency ends by then, and the
 * device's time is accounted up to it.  The latency ends come from the
 * dispatch events: the link is up at the later of the dispatch and the end
 * of a wake (one started by a penalised dispatch), the latency after it.
 * Round-robin presets, every mode; times at, just before and between the
 * latency ends, on one engine.
 */
START_TEST(test_until_time_latency)
{
	static const size_t	 rr[] = { 0, 1, 2, 4 };
	struct sim_config	 c = config((enum sim_mode)(_i % SIM_MODE_COUNT));
	const struct sim_stats	*st;
	struct sim		*a, *b;
	struct sim_event	 e;
	uint64_t		*evt = NULL, *lat = NULL, wake = 0, up, t, want;
	size_t			 nev = 0, nlat = 0, i, j = 0, k = 0, hits = 0;

	c.device = *sim_preset(rr[(size_t)_i / SIM_MODE_COUNT]);
	ck_assert_int_eq(c.device.disc, SIM_DISC_RR);
	c.file_pages = 2048;
	a = sim_new(&c);
	while (sim_step(a, &e) == 1) {
		evt = realloc(evt, (nev + 1) * sizeof *evt);
		CHECK_HOT(evt != NULL);
		evt[nev++] = e.t_ns;
		if (e.kind != SIM_EV_DISPATCH)
			continue;
		if (e.penalised)
			wake = e.t_ns + c.device.idle_penalty_ns;
		up = wake > e.t_ns ? wake : e.t_ns;
		lat = realloc(lat, (nlat + 1) * sizeof *lat);
		ck_assert_ptr_nonnull(lat);
		lat[nlat++] = up + c.device.latency_ns;
	}
	sim_free(a);
	ck_assert_uint_gt(nlat, 10);
	b = sim_new(&c);
	st = sim_stats(b);
	for (i = 0; i < nlat; i++) {
		uint64_t	ts[3] = { lat[i] - 1, lat[i],
		    i + 1 < nlat ? (lat[i] + lat[i + 1]) / 2 : lat[i] + 1 };
		size_t		m;

		for (m = 0; m < 3; m++) {
			t = ts[m];
			if (t < st->now_ns)
				continue;
			CHECK_HOT_INT_EQ(sim_run_until_time(b, t), 0);
			/* The latest event and latency end by t. */
			while (j < nev && evt[j] <= t)
				j++;
			while (k < nlat && lat[k] <= t)
				k++;
			want = j != 0 ? evt[j - 1] : 0;
			if (k != 0 && lat[k - 1] > want) {
				want = lat[k - 1];
				hits++;
			}
			CHECK_HOT_MSG(st->now_ns == want, "time %llu: now %llu, "
			    "expected %llu", (unsigned long long)t,
			    (unsigned long long)st->now_ns,
			    (unsigned long long)want);
			CHECK_HOT(st->busy_ns + st->waking_ns + st->idle_ns ==
			    st->now_ns);
		}
	}
	/* Some runs did end at a latency end after the last event. */
	ck_assert_uint_gt(hits, 0);
	sim_free(b);
	free(evt);
	free(lat);
}
END_TEST

/* Step a, b and d n events on (or to their end): they hand out the same. */
static void
step_three(struct sim *a, struct sim *b, struct sim *d, uint64_t n)
{
	struct sim_event	ea, eb, ed;
	uint64_t		k;
	int			ra, rb, rd;

	for (k = 0; k < n; k++) {
		ra = sim_step(a, &ea);
		rb = sim_step(b, &eb);
		rd = sim_step(d, &ed);
		CHECK_HOT_INT_EQ(ra, rb);
		CHECK_HOT_INT_EQ(ra, rd);
		if (ra != 1)
			break;
		CHECK_HOT(memcmp(&ea, &eb, sizeof ea) == 0);
		CHECK_HOT(memcmp(&ea, &ed, sizeof ea) == 0);
	}
}

/*
 * Landing on the tail (sim-cycle.c, cycle_land()): file sizes that leave
 * every share of a period after the whole ones, so that the kept engine
 * landed on is the latest one, an older one, or none - each run equals
 * stepping.  1000 KiB reads in 128 KiB windows repeat after thousands of
 * reads, with kept boundaries throughout the period.
 */
START_TEST(test_land_room)
{
	struct sim_config	 c = config((enum sim_mode)(_i % SIM_MODE_COUNT));
	uint64_t		 k = (uint64_t)_i / SIM_MODE_COUNT;

	c.read_pages = 250;
	c.ra_pages = 32;
	c.file_pages = 400009 + k * 80051;
	/* The what-if settles into its period later. */
	if (c.mode == SIM_MODE_MODERN_BUGGY)
		c.file_pages = 4000009 + k * 800513;
	grid_compare(&c, 1);
}
END_TEST

/*
 * The same runs cut at an event count and at a time inside the tail: the
 * landing stops short of the limit, and what follows is what stepping
 * gives.
 */
START_TEST(test_land_limits)
{
	struct sim_config	 c = config((enum sim_mode)(_i % SIM_MODE_COUNT));
	struct sim		*a, *b, *d;
	struct sim_event	 ea, eb, ed;
	uint64_t		 n, t, k, total;
	int			 r;

	c.read_pages = 250;
	c.ra_pages = 32;
	c.file_pages = c.mode == SIM_MODE_MODERN_BUGGY ? 4000009 : 400009;
	a = sim_new(&c);
	ck_assert_int_eq(sim_run(a), 0);
	total = sim_stats(a)->events;
	sim_free(a);
	/* A point in the last eighth of the run, a different one each time. */
	n = total - total / 8 + (uint64_t)(_i / SIM_MODE_COUNT) * total / 31;
	a = sim_new(&c);
	for (k = 0; k < n; k++)
		CHECK_HOT(sim_step(a, &ea) == 1);
	t = ea.t_ns;
	b = sim_new(&c);
	ck_assert_int_eq(sim_run_until(b, n), 0);
	ck_assert_uint_gt(sim_stats(b)->skipped_reads, 0);
	d = sim_new(&c);
	ck_assert_int_eq(sim_run_until_time(d, t), 0);
	while ((r = sim_step(a, &ea)) == 1 && ea.t_ns <= t)
		CHECK_HOT(sim_step(b, &eb) == 1 && memcmp(&ea, &eb,
		    sizeof ea) == 0);
	ck_assert_int_eq(r, 1);
	/* a is one past t: b and d go on from there alike. */
	CHECK_HOT(sim_step(b, &eb) == 1);
	ck_assert(memcmp(&ea, &eb, sizeof ea) == 0);
	ck_assert_uint_eq(sim_event_no(d), ea.seq);
	CHECK_HOT(sim_step(d, &ed) == 1);
	ck_assert(memcmp(&ea, &ed, sizeof ea) == 0);
	step_three(a, b, d, 300);
	sim_free(a);
	sim_free(b);
	sim_free(d);
}
END_TEST

/*
 * Across the grid's devices and modes, with 4 KiB and 1000 KiB reads:
 * sim_run_until() to the middle of a run that skips lands in the state
 * stepping reaches (the events that follow are the same, request ids and
 * all), and so does a run cut in slices.
 */
START_TEST(test_run_until_grid)
{
	int			 i = _i;
	struct sim_config	 c = config((enum sim_mode)(i % SIM_MODE_COUNT));
	struct sim		*a, *b, *d;
	struct sim_event	 ea;
	uint64_t		 n, k;

	i /= SIM_MODE_COUNT;
	c.device = grid_device(i % GRID_DEV);
	i /= GRID_DEV;
	c.read_pages = i == 0 ? 1 : 250;
	c.file_pages = 100003;
	/* Modern: folio alignment makes a period 64 reads of 250 pages. */
	if (modern(c.mode) && i != 0)
		c.file_pages = 400003;
	a = sim_new(&c);
	b = sim_new(&c);
	d = sim_new(&c);
	ck_assert_int_eq(sim_run(a), 0);
	n = sim_stats(a)->events * 3 / 4;
	sim_free(a);
	a = sim_new(&c);
	for (k = 0; k < n; k++)
		CHECK_HOT(sim_step(a, &ea) == 1);
	ck_assert_int_eq(sim_run_until(b, n), 0);
	ck_assert_uint_gt(sim_stats(b)->skipped_reads, 0);
	sim_set_budget(d, 7);
	while (sim_run_until(d, n) == 1)
		;
	sim_set_budget(d, 0);
	ck_assert_uint_eq(sim_event_no(d), n);
	step_three(a, b, d, 500);
	sim_free(a);
	sim_free(b);
	sim_free(d);
}
END_TEST

/* sim_run_until() lands exactly where stepping would, and goes on alike. */
static const uint64_t until_points[] = { 0, 1, 17, 3000, 65000, 250000 };

START_TEST(test_run_until)
{
	struct sim_config	 c = config((enum sim_mode)(_i % SIM_MODE_COUNT));
	uint64_t		 n = until_points[_i / SIM_MODE_COUNT], i;
	struct sim		*a, *b;
	struct sim_event	 ea, eb;
	int			 ra, rb;

	c.file_pages = UINT64_C(1) << 21;	/* 8 GiB: periods repeat */
	if (modern(c.mode))
		c.file_pages <<= 2;	/* 1 MiB windows: fewer events */
	a = sim_new(&c);
	b = sim_new(&c);
	for (i = 0; i < n; i++)
		CHECK_HOT(sim_step(a, &ea) == 1);
	ck_assert_int_eq(sim_run_until(b, n), 0);
	if (n >= 250000)
		ck_assert_uint_gt(sim_stats(b)->skipped_reads, 0);
	for (i = 0; i < 300; i++) {
		uint64_t t = sim_next_time(b);

		ra = sim_step(a, &ea);
		rb = sim_step(b, &eb);
		CHECK_HOT_INT_EQ(ra, rb);
		if (ra != 1)
			break;
		CHECK_HOT_UINT_EQ(t, eb.t_ns);
		CHECK_HOT(memcmp(&ea, &eb, sizeof ea) == 0);
	}
	ck_assert_uint_eq(sim_stats(a)->pages_copied,
	    sim_stats(b)->pages_copied);
	ck_assert_uint_eq(sim_stats(a)->busy_ns, sim_stats(b)->busy_ns);
	sim_free(a);
	sim_free(b);
}
END_TEST

/* From the middle of a burst, sim_run_until() still runs quietly. */
START_TEST(test_run_until_burst)
{
	struct sim_config	 c = config(SIM_MODE_BUGGY);
	struct sim		*a, *b;
	struct sim_event	 ea, eb;
	uint64_t		 i;

	c.file_pages = UINT64_C(1) << 21;
	a = sim_new(&c);
	b = sim_new(&c);
	/* Events 1 and 2 (ra_sync, queue) come out of one action. */
	for (i = 0; i < 2; i++) {
		CHECK_HOT(sim_step(a, &ea) == 1);
		CHECK_HOT(sim_step(b, &eb) == 1);
	}
	ck_assert_uint_eq(sim_event_no(b), 2);
	ck_assert_int_eq(sim_run_until(b, 300000), 0);
	ck_assert_uint_eq(sim_event_no(b), 300000);
	ck_assert_uint_gt(sim_stats(b)->skipped_reads, 0);
	while (sim_event_no(a) < 300000)
		CHECK_HOT(sim_step(a, &ea) == 1);
	for (i = 0; i < 100; i++) {
		CHECK_HOT(sim_step(a, &ea) == 1);
		CHECK_HOT(sim_step(b, &eb) == 1);
		ck_assert(memcmp(&ea, &eb, sizeof ea) == 0);
	}
	sim_free(a);
	sim_free(b);
}
END_TEST

/* Run c to the end: sim_next_time() gives each event's time, then none. */
static void
next_time_run(const struct sim_config *c)
{
	struct sim		*s = sim_new(c);
	struct sim_event	 e;
	uint64_t		 t;

	ck_assert_ptr_nonnull(s);
	for (;;) {
		t = sim_next_time(s);
		if (sim_step(s, &e) != 1)
			break;
		CHECK_HOT_MSG(t == e.t_ns, "event %llu at %llu ns, predicted %llu",
		    (unsigned long long)e.seq, (unsigned long long)e.t_ns,
		    (unsigned long long)t);
	}
	ck_assert_uint_eq(t, SIM_NONE);
	sim_free(s);
}

/* sim_next_time() predicts every event's time, on every device and mode. */
START_TEST(test_next_time)
{
	struct sim_config	 c = config((enum sim_mode)(_i % SIM_MODE_COUNT));

	c.device = *sim_preset((size_t)_i / SIM_MODE_COUNT);
	c.file_pages = 8192;
	next_time_run(&c);
}
END_TEST

/*
 * sim_next_time() on processor-sharing devices where latency ends fall
 * between completions (odd bandwidths, no or long latency, shallow queues,
 * an idle penalty): its look-ahead walk gives every event's time.
 */
START_TEST(test_next_time_ps)
{
	static const uint64_t	 bw[] = { 270000001, 999983, 3000000007 };
	static const uint64_t	 lat[] = { 0, 150001, 5000000 };
	static const uint32_t	 qd[] = { 1, 3, 31 };
	static const uint64_t	 bs[] = { 1, 5, 257 };
	struct sim_config	 c;
	size_t			 i;

	for (i = 0; i < 3 * 3 * 3 * 3 * 2; i++) {
		c = config((enum sim_mode)_i);
		c.device.disc = SIM_DISC_RR;
		c.device.bandwidth = bw[i % 3];
		c.device.latency_ns = lat[i / 3 % 3];
		c.device.qd = qd[i / 9 % 3];
		c.read_pages = bs[i / 27 % 3];
		c.device.idle_penalty_ns = i / 81 ? 4000000 : 0;
		c.device.idle_thresh_ns = 150000;
		c.file_pages = 2048;
		next_time_run(&c);
	}
}
END_TEST

/*
 * A deep processor-sharing queue (1024 commands of one page in flight, the
 * device's heap and tail bookkeeping under load), with and without the idle
 * penalty: the device list stays in dispatch order with only its first
 * command penalised, every event's time is predicted, and skipping equals
 * stepping.
 */
START_TEST(test_ps_deep)
{
	struct sim_config	 c = config((enum sim_mode)(_i % SIM_MODE_COUNT));
	const struct sim_request *v;
	struct sim		*s;
	struct sim_event	 e;
	size_t			 n, i, most = 0;
	int			 bad;

	c.device.qd = 1024;
	c.ra_pages = 4096;
	c.max_req_pages = 1;
	c.read_pages = 1 + (uint64_t)(_i / SIM_MODE_COUNT % 2) * 63;
	c.file_pages = 12000;
	if (_i / (2 * SIM_MODE_COUNT)) {
		c.device.idle_penalty_ns = 4000000;
		c.device.idle_thresh_ns = 0;
	} else
		c.device.idle_penalty_ns = 0;
	s = sim_new(&c);
	ck_assert_ptr_nonnull(s);
	while (sim_step(s, &e) == 1) {
		v = sim_device_list(s, &n);
		if (n > most)
			most = n;
		if (e.kind != SIM_EV_COMPLETE && e.kind != SIM_EV_DISPATCH)
			continue;
		bad = 0;
		for (i = 1; i < n; i++)
			bad |= v[i - 1].seq >= v[i].seq ||
			    v[i - 1].t_dispatch > v[i].t_dispatch ||
			    v[i].penalised;
		for (i = 0; i < n && e.kind == SIM_EV_COMPLETE; i++)
			bad |= v[i].id == e.req;
		CHECK_HOT_MSG(!bad, "device list at event %llu",
		    (unsigned long long)e.seq);
	}
	ck_assert(sim_done(s));
	ck_assert_uint_gt(most, 512);
	sim_free(s);
	next_time_run(&c);
	grid_compare(&c, 0);
}
END_TEST

/* ---- configuration ---- */

START_TEST(test_config_check)
{
	struct sim_config	c = config(SIM_MODE_BUGGY);

	ck_assert_ptr_null(sim_config_check(&c));
	c.read_pages = 0;
	ck_assert_ptr_nonnull(sim_config_check(&c));
	ck_assert_ptr_null(sim_new(&c));
	c = config(SIM_MODE_BUGGY);
	c.device.qd = 0;
	ck_assert_ptr_nonnull(strstr(sim_config_check(&c), "qd"));
	c = config(SIM_MODE_BUGGY);
	c.file_pages = UINT64_C(1) << 50;
	ck_assert_ptr_nonnull(strstr(sim_config_check(&c), "file-size"));
}
END_TEST

/* ---- extent map ---- */

/* Collect runs into a string "state:first+n ...". */
static void
ext_cb(const struct sim_extent *x, void *arg)
{
	char	*s = arg;
	size_t	 n = strlen(s);

	snprintf(s + n, 512 - n, "%d:%llu+%llu ", (int)x->state,
	    (unsigned long long)x->first, (unsigned long long)x->npages);
}

START_TEST(test_extents)
{
	struct sim_extents	x;
	char			buf[512] = "";

	ck_assert_int_eq(sim_extents_init(&x, 100), 0);
	sim_extents_set(&x, 10, 10, SIM_PAGE_PLUGGED);
	sim_extents_set(&x, 20, 10, SIM_PAGE_PLUGGED);
	sim_extents_walk(&x, 0, 100, ext_cb, buf);
	ck_assert_str_eq(buf, "0:0+10 1:10+20 0:30+70 ");
	sim_extents_set(&x, 15, 10, SIM_PAGE_INFLIGHT);
	buf[0] = '\0';
	sim_extents_walk(&x, 0, 100, ext_cb, buf);
	ck_assert_str_eq(buf, "0:0+10 1:10+5 3:15+10 1:25+5 0:30+70 ");
	ck_assert_int_eq(sim_extents_get(&x, 15), SIM_PAGE_INFLIGHT);
	ck_assert_int_eq(sim_extents_get(&x, 29), SIM_PAGE_PLUGGED);
	ck_assert_uint_eq(sim_extents_find(&x, 0, 100, SIM_PAGE_INFLIGHT), 15);
	ck_assert_uint_eq(sim_extents_find(&x, 16, 100, SIM_PAGE_ABSENT), 30);
	ck_assert_uint_eq(sim_extents_find(&x, 31, 40, SIM_PAGE_PLUGGED),
	    SIM_NONE);
	ck_assert_uint_eq(sim_extents_run_end(&x, 16, 100), 25);
	sim_extents_set(&x, 0, 100, SIM_PAGE_CONSUMED);
	ck_assert_uint_eq(x.n, 1);
	buf[0] = '\0';
	sim_extents_walk(&x, 50, 10, ext_cb, buf);
	ck_assert_str_eq(buf, "5:50+10 ");
	sim_extents_free(&x);
}
END_TEST

/*
 * The extent map against a plain array of page states: 20,000 random
 * changes (a fixed seed) of short ranges among few states, so that every
 * case of sim_extents_set() comes up - a range cut out of a run at its
 * start, end or middle, growing into a neighbour, whole runs joining -
 * and after each the runs are maximal, cover the file in order and agree
 * with the array page by page, through get, get_run, run_end and find.
 */
START_TEST(test_extents_model)
{
	enum { SZ = 97 };
	struct sim_extents	x;
	enum sim_page		a[SZ], st;
	uint64_t		rnd = 12345, first, n, p, end, want;
	size_t			i;
	int			k;

	ck_assert_int_eq(sim_extents_init(&x, SZ), 0);
	for (p = 0; p < SZ; p++)
		a[p] = SIM_PAGE_ABSENT;
	for (k = 0; k < 20000; k++) {
		rnd = rnd * UINT64_C(6364136223846793005) + 1442695040888963407u;
		first = (rnd >> 33) % SZ;
		n = 1 + (rnd >> 20) % 9;
		st = (enum sim_page)((rnd >> 45) % 4);
		CHECK_HOT(sim_extents_set(&x, first, n, st) == 0);
		for (p = first; p < first + n && p < SZ; p++)
			a[p] = st;
		/*
		 * Maximal runs over the whole file, in order.  Why CHECK_HOT:
		 * a passing ck_assert writes its place to Check's pipe, and
		 * these 8 million would take most of check_sim's time.
		 */
		CHECK_HOT_MSG(x.v[0].first == 0, "change %d: first run at %llu",
		    k, (unsigned long long)x.v[0].first);
		for (i = 0; i < x.n; i++) {
			CHECK_HOT_MSG(x.v[i].npages > 0, "change %d: run %zu empty",
			    k, i);
			CHECK_HOT_MSG(i == 0 || (x.v[i].first ==
			    x.v[i - 1].first + x.v[i - 1].npages &&
			    x.v[i].state != x.v[i - 1].state),
			    "change %d: run %zu not after run %zu or the same "
			    "state", k, i, i - 1);
		}
		CHECK_HOT_MSG(x.v[x.n - 1].first + x.v[x.n - 1].npages == SZ,
		    "change %d: the runs end at %llu", k,
		    (unsigned long long)(x.v[x.n - 1].first +
		    x.v[x.n - 1].npages));
		for (p = 0; p < SZ; p++) {
			for (want = p; want < SZ && a[want] == a[p]; want++)
				;
			CHECK_HOT_MSG(sim_extents_get(&x, p) == a[p] &&
			    sim_extents_get_run(&x, p, SZ, &end) == a[p] &&
			    end == want, "change %d: page %llu: get %d, "
			    "get_run %d to %llu, want %d to %llu", k,
			    (unsigned long long)p, (int)sim_extents_get(&x, p),
			    (int)sim_extents_get_run(&x, p, SZ, &end),
			    (unsigned long long)end, (int)a[p],
			    (unsigned long long)want);
			CHECK_HOT_MSG(sim_extents_run_end(&x, p, p + 3) ==
			    (want < p + 3 ? want : p + 3),
			    "change %d: page %llu: run_end %llu, want %llu", k,
			    (unsigned long long)p, (unsigned long long)
			    sim_extents_run_end(&x, p, p + 3),
			    (unsigned long long)(want < p + 3 ? want : p + 3));
		}
		for (want = first; want < SZ && a[want] != st; want++)
			;
		CHECK_HOT_MSG(sim_extents_find(&x, first, SZ, st) ==
		    (want < SZ ? want : SIM_NONE), "change %d: find from %llu: "
		    "%llu, want %llu", k, (unsigned long long)first,
		    (unsigned long long)sim_extents_find(&x, first, SZ, st),
		    (unsigned long long)(want < SZ ? want : SIM_NONE));
	}
	sim_extents_free(&x);
}
END_TEST

/* Build the suite. */
Suite *
check_suite(void)
{
	Suite	*s = suite_create("sim");
	TCase	*tc;

	tc = tcase_create("arithmetic");
	tcase_add_loop_test(tc, test_init_size, 0,
	    sizeof init_cases / sizeof init_cases[0]);
	tcase_add_loop_test(tc, test_next_size, 0,
	    sizeof next_cases / sizeof next_cases[0]);
	tcase_add_loop_test(tc, test_policies, 0, SIM_MODE_COUNT);
	suite_add_tcase(s, tc);

	tc = tcase_create("moments");
	tcase_add_test(tc, test_moments_buggy);
	tcase_add_test(tc, test_fixed_pipelines);
	tcase_add_loop_test(tc, test_stamp_moments, 0, SIM_MODE_COUNT);
	tcase_add_loop_test(tc, test_labels_in_order, 0, SIM_MODE_COUNT *
	    (int)(sizeof order_cases / sizeof order_cases[0]));
	tcase_add_loop_test(tc, test_labels_over, 0, 2 * SIM_MODE_COUNT);
	tcase_add_loop_test(tc, test_device_split, 0, SIM_MODE_COUNT *
	    (int)sim_preset_count());
	tcase_add_test(tc, test_read1_dispatches);
	tcase_add_loop_test(tc, test_common_size, 0, 3);
	tcase_add_test(tc, test_ramp_up);
	suite_add_tcase(s, tc);

	tc = tcase_create("throughput");
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_throughput, 0,
	    sizeof tp_cases / sizeof tp_cases[0]);
	tcase_add_loop_test(tc, test_small_reads_equal, 0,
	    (int)sim_preset_count());
	suite_add_tcase(s, tc);

	tc = tcase_create("engine");
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_determinism, 0, SIM_MODE_COUNT);
	tcase_add_test(tc, test_clone);
	tcase_add_test(tc, test_mode_change);
	tcase_add_test(tc, test_legacy_unplug);
	tcase_add_test(tc, test_legacy_timer);
	tcase_add_test(tc, test_plug_limit);
	tcase_add_test(tc, test_fifo_timing);
	tcase_add_test(tc, test_idle_penalty);
	tcase_add_loop_test(tc, test_completion_order, 0, SIM_MODE_COUNT *
	    (int)sim_preset_count() * 3 * 4);
	tcase_add_loop_test(tc, test_perturbation, 0, 2 * 3 * SIM_MODE_COUNT);
	tcase_add_test(tc, test_scale_steps);
	tcase_add_test(tc, test_run_until_burst);
	tcase_add_loop_test(tc, test_next_time, 0, SIM_MODE_COUNT *
	    (int)sim_preset_count());
	tcase_add_loop_test(tc, test_next_time_ps, 0, SIM_MODE_COUNT);
	tcase_add_loop_test(tc, test_ps_deep, 0, 4 * SIM_MODE_COUNT);
	tcase_add_loop_test(tc, test_run_until, 0, SIM_MODE_COUNT *
	    (int)(sizeof until_points / sizeof until_points[0]));
	tcase_add_loop_test(tc, test_skip_exact, 0, SIM_MODE_COUNT *
	    (int)(sizeof skip_cases / sizeof skip_cases[0]));
	tcase_add_test(tc, test_config_check);
	tcase_add_test(tc, test_extents);
	tcase_add_test(tc, test_extents_model);
	suite_add_tcase(s, tc);

	tc = tcase_create("skipping");
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_skip_grid, 0, GRID_N);
	tcase_add_loop_test(tc, test_run_budget, 0, 2);
	tcase_add_loop_test(tc, test_hits_actions, 0, 4);
	tcase_add_loop_test(tc, test_hits_until_time, 0, 3 * SIM_MODE_COUNT);
	tcase_add_loop_test(tc, test_until_time_latency, 0, 4 * SIM_MODE_COUNT);
	tcase_add_loop_test(tc, test_land_room, 0, 4 * SIM_MODE_COUNT);
	tcase_add_loop_test(tc, test_land_limits, 0, 3 * SIM_MODE_COUNT);
	tcase_add_loop_test(tc, test_run_until_grid, 0,
	    2 * GRID_DEV * SIM_MODE_COUNT);
	tcase_add_loop_test(tc, test_skip_grid_extra, 0, SIM_MODE_COUNT *
	    (int)(sizeof grid_extras / sizeof grid_extras[0]));
	suite_add_tcase(s, tc);
	return (s);
}
