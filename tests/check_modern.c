/*
 * check_modern.c - Linux 6.x (--mode=modern, sim-k6.c and sim-folios.c)
 * against docs/model.md: folio layouts worked by hand, the window
 * sequences traced on 6.18 for every read size and readahead maximum, the
 * bios cut to max_sectors and max_segments, the plug's 32-request and
 * 128 KiB rules, the two schedulers, a split bio's pages becoming up to
 * date together, and the figure (1 MiB reads on a loop device:
 * 256-page windows, 33 requests).
 */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "check-main.h"
#include "engine/sim.h"
#include "engine/sim-int.h"

/* ---- folios (sim-folios.c), worked by hand ---- */

/* A run and, for some of its pages, the folio (first page, pages). */
struct folio_case {
	struct sim_folio_run	 run;
	uint64_t		 page, first, npages;
};

static const struct folio_case folio_cases[] = {
	/* Aligned: [64, 128) of order 4 is four folios of 16. */
	{ { 64, 128, 4 }, 64, 64, 16 }, { { 64, 128, 4 }, 127, 112, 16 },
	/* Unaligned start 12: folios 12 (4), then 16.. of 16, tail shrinks. */
	{ { 12, 60, 4 }, 13, 12, 4 }, { { 12, 60, 4 }, 16, 16, 16 },
	{ { 12, 60, 4 }, 47, 32, 16 }, { { 12, 60, 4 }, 48, 48, 8 },
	{ { 12, 60, 4 }, 56, 56, 4 }, { { 12, 60, 4 }, 59, 56, 4 },
	/* Start 20: 20 (4), 24 (8), 32 (16), 48 (4) for [20, 52). */
	{ { 20, 52, 4 }, 22, 20, 4 }, { { 20, 52, 4 }, 30, 24, 8 },
	{ { 20, 52, 4 }, 33, 32, 16 }, { { 20, 52, 4 }, 51, 48, 4 },
	/* A window at EOF ends in a page: [256, 261) of order 6. */
	{ { 256, 261, 6 }, 256, 256, 4 }, { { 256, 261, 6 }, 260, 260, 1 },
	/* Order 0: pages. */
	{ { 7, 9, 0 }, 8, 8, 1 },
};

START_TEST(test_folio_layout)
{
	const struct folio_case	*c = &folio_cases[_i];
	struct sim_folios	 f;
	uint64_t		 first, n;

	memset(&f, 0, sizeof f);
	ck_assert_int_eq(sim_folios_add(&f, c->run.first, c->run.end,
	    c->run.order), 0);
	n = sim_folios_at(&f, c->page, &first);
	ck_assert_uint_eq(first, c->first);
	ck_assert_uint_eq(n, c->npages);
	free(f.v);
}
END_TEST

/*
 * Spans of equal folios and folio counts agree with a walk folio by folio;
 * pages outside the runs are folios of one page; pruning drops the runs
 * behind a page.
 */
START_TEST(test_folio_spans)
{
	struct sim_folios	 f;
	uint64_t		 p, q, ff, fp, end, n, walk;

	memset(&f, 0, sizeof f);
	ck_assert_int_eq(sim_folios_add(&f, 300, 777, 5), 0);
	ck_assert_int_eq(sim_folios_add(&f, 12, 60, 4), 0);	/* before */
	ck_assert_uint_eq(f.v[0].first, 12);
	for (p = 0; p < 800; p += 7) {
		for (q = p; q < 800; q += 13) {
			n = sim_folios_count(&f, p, q);
			walk = 0;
			for (ff = p; ff < q; ff = end) {
				fp = sim_folios_at(&f, ff, &end);
				end += fp;
				walk++;
			}
			ck_assert_uint_eq(n, walk);
		}
		end = sim_folios_span(&f, p, &ff, &fp);
		ck_assert_uint_le(ff, p);
		ck_assert_uint_gt(end, p);
		ck_assert_uint_eq((end - ff) % fp, 0);
	}
	ck_assert_uint_eq(sim_folios_at(&f, 200, &ff), 1);
	ck_assert_uint_eq(ff, 200);
	sim_folios_prune(&f, 60);
	ck_assert_uint_eq(f.n, 1);
	ck_assert_uint_eq(f.v[0].first, 300);
	free(f.v);
}
END_TEST

/* ---- helpers ---- */

/* A modern run on a loop device's limits (1280 KiB, 128 segments). */
static struct sim_config
loop_config(uint64_t bs, uint64_t ra, uint64_t file)
{
	struct sim_config	c;

	sim_config_default(&c);
	c.mode = SIM_MODE_MODERN;
	c.read_pages = bs;
	c.ra_pages = ra;
	c.file_pages = file;
	c.max_req_pages = 320;
	c.max_segments = 128;
	c.device = *sim_preset_find("nvme");
	return (c);
}

/* What a run did: its windows and its requests (first, pages). */
struct run {
	uint64_t	 win[512][4];	/* start, size, async, marker */
	size_t		 nwin;
	uint64_t	 req[8192][2];
	size_t		 nreq;
	uint64_t	 flush[SIM_REASON_COUNT];
	uint64_t	 inserts;	/* QUEUE at the queue */
	int		 partial;	/* a complete made no page up to date */
};

/* Step c to the end, keeping its windows and dispatched requests. */
static void
run(const struct sim_config *c, struct run *r)
{
	struct sim		*s;
	struct sim_event	 e;

	memset(r, 0, sizeof *r);
	ck_assert_ptr_nonnull(s = sim_new(c));
	while (sim_step(s, &e) == 1) {
		if ((e.kind == SIM_EV_RA_SYNC || e.kind == SIM_EV_RA_ASYNC) &&
		    e.async != 0 && r->nwin < 512) {
			r->win[r->nwin][0] = e.first;
			r->win[r->nwin][1] = e.npages;
			r->win[r->nwin][2] = e.async;
			r->win[r->nwin++][3] = e.marker;
		}
		if (e.kind == SIM_EV_DISPATCH && r->nreq < 8192) {
			r->req[r->nreq][0] = e.first;
			r->req[r->nreq++][1] = e.npages;
		}
		if (e.kind == SIM_EV_FLUSH)
			r->flush[e.reason]++;
		if (e.kind == SIM_EV_QUEUE && e.where == SIM_WHERE_QUEUE)
			r->inserts++;
		if (e.kind == SIM_EV_COMPLETE && e.npages == 0)
			r->partial = 1;
	}
	ck_assert(sim_done(s));
	ck_assert_uint_eq(sim_stats(s)->pages_copied, c->file_pages);
	sim_free(s);
}

/* ---- windows, as traced on 6.18 (tests/data/captures) ---- */

/*
 * The first window sizes of each capture of a loop device, read by dd
 * (page_cache_ra_order: size; 0 ends the list).  The odd sizes are the
 * windows trimmed to the boundary of their folio order.
 */
struct win_case {
	uint64_t	 bs, ra;
	uint64_t	 size[12];
};

static const struct win_case win_cases[] = {
	{ 1, 32, { 4, 8, 4, 8, 8, 16, 16, 32, 32, 32, 0 } },
	{ 1, 256, { 4, 16, 28, 16, 32, 32, 64, 64, 128, 128, 256, 0 } },
	{ 16, 32, { 32, 32, 32, 32, 0 } },
	{ 16, 256, { 32, 64, 128, 224, 64, 128, 128, 256, 256, 0 } },
	{ 256, 32, { 256, 256, 256, 256, 0 } },
	{ 256, 256, { 256, 256, 256, 0 } },
	{ 512, 32, { 320, 320, 320, 320, 320, 192, 320, 192, 320, 0 } },
	{ 512, 256, { 320, 320, 320, 320, 256, 256, 320, 192, 320, 192, 0 } },
};

START_TEST(test_windows)
{
	const struct win_case	*w = &win_cases[_i];
	struct sim_config	 c = loop_config(w->bs, w->ra, 8192);
	static struct run	 r;
	size_t			 i;

	run(&c, &r);
	for (i = 0; w->size[i] != 0; i++) {
		ck_assert_uint_lt(i, r.nwin);
		ck_assert_msg(r.win[i][1] == w->size[i], "bs %llu ra %llu: "
		    "window %zu is %llu pages, the kernel's %llu",
		    (unsigned long long)w->bs, (unsigned long long)w->ra, i,
		    (unsigned long long)r.win[i][1],
		    (unsigned long long)w->size[i]);
		/* Windows follow each other; async ones are all async. */
		if (i > 0) {
			ck_assert_uint_eq(r.win[i][0], r.win[i - 1][0] +
			    r.win[i - 1][1]);
			ck_assert_uint_eq(r.win[i][2], r.win[i][1]);
			ck_assert_uint_eq(r.win[i][3], r.win[i][0]);
		}
	}
}
END_TEST

/*
 * The synchronous window of a read that covers it keeps half as its async
 * part (no 2012 merge of the next window); a smaller read keeps the rest.
 */
START_TEST(test_sync_window)
{
	struct sim_config	 c = loop_config(256, 32, 1024);
	static struct run	 r;

	run(&c, &r);
	ck_assert_uint_eq(r.win[0][0], 0);
	ck_assert_uint_eq(r.win[0][1], 256);
	ck_assert_uint_eq(r.win[0][2], 128);
	ck_assert_uint_eq(r.win[0][3], 128);
	c = loop_config(1, 32, 1024);
	run(&c, &r);
	ck_assert_uint_eq(r.win[0][1], 4);
	ck_assert_uint_eq(r.win[0][2], 3);
	ck_assert_uint_eq(r.win[0][3], 1);
}
END_TEST

/*
 * The figure: 1 MiB reads of 32 MiB with ra 128 KiB on a loop
 * device make 256-page windows and 33 requests - each window one request,
 * but the first (256 one-page folios, 256 segments) is cut at 128.  At the
 * end of the file an empty window follows the last one.
 */
START_TEST(test_figure)
{
	struct sim_config	 c = loop_config(256, 32, 8192);
	static struct run	 r;
	size_t			 i;

	run(&c, &r);
	ck_assert_uint_eq(r.nwin, 33);
	for (i = 0; i < r.nwin; i++) {
		ck_assert_uint_eq(r.win[i][0], 256 * i);
		ck_assert_uint_eq(r.win[i][1], 256);
	}
	ck_assert_uint_eq(r.nreq, 33);
	ck_assert_uint_eq(r.req[0][1], 128);
	ck_assert_uint_eq(r.req[1][1], 128);
	for (i = 2; i < r.nreq; i++)
		ck_assert_uint_eq(r.req[i][1], 256);
	/* The first piece flushed the plug as the second joined it. */
	ck_assert_uint_eq(r.flush[SIM_REASON_SIZE], 1);
}
END_TEST

/* ---- bios and the plug ---- */

/*
 * A bio is cut at max_sectors (a large folio's bio_vec too) and at
 * max_segments (a folio counts one segment per 64 KiB): with 1 MiB folios
 * and 10 segments a request holds at most 640 KiB; with 256 KiB folios and
 * 384 KiB requests folios are cut, and a cut folio waits for its other
 * piece.
 */
START_TEST(test_split)
{
	struct sim_config	 c = loop_config(1024, 1024, 16384);
	static struct run	 r;
	size_t			 i;
	uint64_t		 most;

	c.max_req_pages = 1024;
	c.max_segments = 10;
	run(&c, &r);
	for (i = most = 0; i < r.nreq; i++) {
		ck_assert_uint_le(r.req[i][1], 160);
		if (r.req[i][1] > most)
			most = r.req[i][1];
	}
	ck_assert_uint_eq(most, 160);
	c.max_segments = 128;
	c.max_req_pages = 96;	/* 384 KiB: cuts 256 KiB folios */
	run(&c, &r);
	for (i = 0; i < r.nreq; i++)
		ck_assert_uint_le(r.req[i][1], 96);
	ck_assert(r.partial);	/* a cut folio waited for its other piece */
}
END_TEST

/*
 * Small requests pile up on the plug up to 32 (4 KiB requests of 1 MiB
 * windows), then the plug is flushed before the 33rd joins.
 */
START_TEST(test_plug_limit)
{
	struct sim_config	 c = loop_config(256, 256, 4096);
	static struct run	 r;

	c.max_req_pages = 1;
	c.folio_order = 0;
	run(&c, &r);
	ck_assert_uint_gt(r.flush[SIM_REASON_LIMIT], 0);
	ck_assert_uint_eq(r.flush[SIM_REASON_SIZE], 0);
	ck_assert_uint_eq(r.nreq, 4096);
}
END_TEST

/*
 * The schedulers: with none a flushed request goes to the device as it is
 * (no insert to tell while the device has room); mq-deadline inserts each
 * one first.  A sequential reader's requests are alike either way.
 */
START_TEST(test_schedulers)
{
	struct sim_config	 c = loop_config(16, 32, 4096);
	static struct run	 r;
	size_t			 none;

	c.sched = SIM_SCHED_NONE;
	run(&c, &r);
	ck_assert_uint_eq(r.inserts, 0);
	none = r.nreq;
	c.sched = SIM_SCHED_MQ_DEADLINE;
	run(&c, &r);
	ck_assert_uint_eq(r.inserts, r.nreq);
	ck_assert_uint_eq(r.nreq, none);
	/* A busy device: with none too, the waiting ones are told. */
	c.sched = SIM_SCHED_NONE;
	c.device.qd = 1;
	c.max_req_pages = 4;
	run(&c, &r);
	ck_assert_uint_gt(r.inserts, 0);
}
END_TEST

/* Without large folios every window is read in pages, and still trimmed. */
START_TEST(test_no_large_folios)
{
	struct sim_config	 c = loop_config(1, 32, 2048);
	static struct run	 r;
	struct sim		*s;
	struct sim_event	 e;

	c.folio_order = 0;
	run(&c, &r);
	/* Order 0 + 2 each time: windows end on 4-page boundaries. */
	ck_assert_uint_eq(r.win[1][1], 8);
	ck_assert_uint_eq(r.win[2][1], 16);
	ck_assert_ptr_nonnull(s = sim_new(&c));
	while (sim_step(s, &e) == 1)
		if (e.kind == SIM_EV_RA_ASYNC)
			ck_assert_uint_le(e.marker_pages, 1);
	sim_free(s);
}
END_TEST

/* At EOF a truncated window keeps its marker and one empty one follows. */
START_TEST(test_eof)
{
	struct sim_config	 c = loop_config(256, 32, 1000);
	struct sim		*s;
	struct sim_event	 e, last;
	int			 empty = 0;

	memset(&last, 0, sizeof last);
	ck_assert_ptr_nonnull(s = sim_new(&c));
	while (sim_step(s, &e) == 1) {
		if (e.kind != SIM_EV_RA_ASYNC)
			continue;
		if (e.first >= c.file_pages)
			empty++;
		else
			last = e;
	}
	ck_assert_int_eq(empty, 1);
	/* [768, 1024) holds 232 pages of the file, marked on its first. */
	ck_assert_uint_eq(last.first, 768);
	ck_assert_uint_eq(last.marker, 768);
	sim_free(s);
}
END_TEST

/* ---- the what-if: today's kernel with 2.6.39's outer plug ---- */

/* MB/s x 10 of a whole run of c in mode m. */
static uint64_t
mbs10(struct sim_config c, enum sim_mode m)
{
	struct sim	*s;
	uint64_t	 r;

	c.mode = m;
	ck_assert_ptr_nonnull(s = sim_new(&c));
	ck_assert_int_eq(sim_run(s), 0);
	r = sim_stats(s)->pages_copied * SIM_PAGE_SIZE * 10000 /
	    (sim_stats(s)->end_ns / 1000);
	sim_free(s);
	return (r);
}

/*
 * modern-buggy holds a plug across read(): read_pages()' finish sends
 * nothing (a finish flush comes only as read() returns), the plug goes
 * out early when a request joins one whose first request has 128 KiB
 * (the next window), and when the reader sleeps; each window's request
 * is dispatched only then, never as its readahead returns.  Today's
 * kernel sends every window as read_pages() returns.
 */
START_TEST(test_whatif_plug)
{
	struct sim_config	 c = loop_config(256, 32, 4096);
	struct sim		*s;
	struct sim_event	 e, prev;
	uint64_t		 why[SIM_REASON_COUNT];
	uint64_t		 ra_t = SIM_NONE, ra_first = 0;
	int			 m;

	c.device = *sim_preset_find("nvme");
	c.max_req_pages = 128;
	for (m = 0; m < 2; m++) {
		c.mode = m ? SIM_MODE_MODERN_BUGGY : SIM_MODE_MODERN;
		memset(why, 0, sizeof why);
		memset(&prev, 0, sizeof prev);
		ck_assert_ptr_nonnull(s = sim_new(&c));
		while (sim_step(s, &e) == 1) {
			if (e.kind == SIM_EV_FLUSH) {
				why[e.reason]++;
				if (m && e.reason == SIM_REASON_FINISH)
					ck_assert_int_eq(prev.kind,
					    SIM_EV_READ_END);
				if (!m)
					ck_assert_int_eq(e.reason,
					    SIM_REASON_FINISH);
			}
			if (e.kind == SIM_EV_RA_ASYNC && e.npages > 0) {
				ra_t = e.t_ns;
				ra_first = e.first;
			}
			/* The window's first request: held, or sent now. */
			if (e.kind == SIM_EV_DISPATCH && e.first == ra_first &&
			    ra_t != SIM_NONE) {
				if (m)
					ck_assert_uint_gt(e.t_ns, ra_t);
				ra_t = SIM_NONE;
			}
			prev = e;
		}
		sim_free(s);
		if (m) {
			ck_assert_uint_gt(why[SIM_REASON_SIZE], 0);
			ck_assert_uint_gt(why[SIM_REASON_SLEEP], 0);
		}
	}
}
END_TEST

/*
 * The engine's answer on NVMe: with 1 MiB reads the held request costs
 * over a fifth of the throughput; 4 KiB reads end (and flush) within a
 * page copy, and lose under 1%.
 */
START_TEST(test_whatif_cost)
{
	struct sim_config	 c = loop_config(256, 32, 16384);
	uint64_t		 a, b;

	c.device = *sim_preset_find("nvme");
	c.max_req_pages = 128;
	a = mbs10(c, SIM_MODE_MODERN);
	b = mbs10(c, SIM_MODE_MODERN_BUGGY);
	ck_assert_msg(b * 5 < a * 4, "1 MiB: %llu vs %llu",
	    (unsigned long long)b, (unsigned long long)a);
	c.read_pages = 1;
	a = mbs10(c, SIM_MODE_MODERN);
	b = mbs10(c, SIM_MODE_MODERN_BUGGY);
	ck_assert_msg(b * 100 > a * 99 && b <= a, "4 KiB: %llu vs %llu",
	    (unsigned long long)b, (unsigned long long)a);
}
END_TEST

CHECK_SUITE("modern", CHECK_CASE("folios", 0),
    CHECK_LOOP(test_folio_layout, CHECK_N(folio_cases)),
    CHECK_TEST(test_folio_spans),
    CHECK_CASE("readahead", 60), CHECK_LOOP(test_windows, CHECK_N(win_cases)),
    CHECK_TEST(test_sync_window), CHECK_TEST(test_figure),
    CHECK_TEST(test_no_large_folios), CHECK_TEST(test_eof),
    CHECK_CASE("block", 60), CHECK_TEST(test_split),
    CHECK_TEST(test_plug_limit), CHECK_TEST(test_schedulers),
    CHECK_CASE("what-if", 60), CHECK_TEST(test_whatif_plug),
    CHECK_TEST(test_whatif_cost))
