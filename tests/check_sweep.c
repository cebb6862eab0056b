/*
 * check_sweep.c - the sweep (sweep.h, issue 23): its figures are the
 * engine's (the 128 KiB cliff where the model puts it), its long work
 * goes through the poll hook (the whole sweep's share, a stop), the
 * finding says what the figures show, and the screen: the w key's
 * command opens, cycles and closes it, a move of the run closes it,
 * help and pace leave it open, and the chart is drawn through the text
 * back end at 80x24.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check-app.h"
#include "check-main.h"
#include "app.h"
#include "render.h"
#include "report.h"
#include "sweep.h"
#include "timeline.h"
#include "engine/sim.h"

/* The default scenario on a file of `bytes`. */
static struct sim_config
scenario(uint64_t bytes)
{
	struct sim_config	c;

	sim_config_default(&c);
	c.file_pages = bytes / SIM_PAGE_SIZE;
	return (c);
}

/* The MB/s in tenths of one whole run of c in mode m, from its stats. */
static uint64_t
run_mb(struct sim_config c, enum sim_mode m)
{
	struct sim	*s;
	uint64_t	 t, mb;

	c.mode = m;
	ck_assert_ptr_nonnull(s = sim_new(&c));
	ck_assert_int_eq(sim_run(s), 0);
	t = sim_stats(s)->end_ns;
	mb = (sim_stats(s)->pages_copied * SIM_PAGE_SIZE * 10000 + t / 2) / t;
	sim_free(s);
	return (mb);
}

/*
 * bs: each figure is a run of the engine; buggy keeps up with fixed while
 * a read() is smaller than two windows (64k and below) and falls below
 * half of it from 128k on (model.md: the plug holds the async window).
 */
START_TEST(test_bs_cliff)
{
	struct sim_config	 c = scenario(16 << 20);
	struct sweep		 sw;
	const char		*why = NULL;
	char			 f[256];
	unsigned		 at = 0;
	unsigned		 i, j;

	ck_assert_int_eq(sweep_compute(&c, SWEEP_BS, NULL, &sw, &why, &at), 0);
	ck_assert_uint_eq(sw.n, 10);
	ck_assert_uint_eq(sw.v[0], 4096);
	ck_assert_uint_eq(sw.v[9], 2 << 20);
	for (i = 0; i < sw.n; i++) {
		for (j = 0; j < SWEEP_MODES; j++) {
			struct sim_config x = c;

			x.read_pages = sw.v[i] / SIM_PAGE_SIZE;
			ck_assert_uint_eq(sw.mb[i][j], run_mb(x,
			    (enum sim_mode)sweep_mode(j)));
			ck_assert_uint_le(sw.mb[i][j], sw.top);
		}
		if (sw.v[i] <= 65536)
			ck_assert_msg(sw.mb[i][1] * 2 > sw.mb[i][2],
			    "bs %llu: buggy %llu fixed %llu",
			    (unsigned long long)sw.v[i],
			    (unsigned long long)sw.mb[i][1],
			    (unsigned long long)sw.mb[i][2]);
		else
			ck_assert_uint_lt(sw.mb[i][1] * 2, sw.mb[i][2]);
	}
	sweep_finding(f, sizeof f, &sw);
	ck_assert_msg(strncmp(f, "buggy first under half of fixed: bs 128k, ",
	    42) == 0, "%s", f);
	ck_assert_ptr_nonnull(strstr(sw.scen, "file 16M"));
}
END_TEST

/*
 * ra: buggy's cliff at 128k; at 256k the baseline falls too, and the
 * second sentence says so with the share of that run the link spent
 * waking (the summary's device_wakeup_pct of the same run).
 */
START_TEST(test_ra_legacy_wake)
{
	struct sim_config	 c = scenario(16 << 20), x;
	struct sweep		 sw;
	struct sim		*s;
	const char		*why = NULL;
	char			 f[256], want[64];
	uint64_t		 dev[3];
	unsigned		 at = 0;

	ck_assert_int_eq(sweep_compute(&c, SWEEP_RA, NULL, &sw, &why, &at), 0);
	sweep_finding(f, sizeof f, &sw);
	ck_assert_msg(strncmp(f, "buggy first under half of fixed: ra 128k, ",
	    42) == 0, "%s", f);
	x = c;
	x.mode = SIM_MODE_LEGACY;
	x.ra_pages = 256 * 1024 / SIM_PAGE_SIZE;
	ck_assert_ptr_nonnull(s = sim_new(&x));
	ck_assert_int_eq(sim_run(s), 0);
	report_device_tenths(s, dev);
	sim_free(s);
	ck_assert_uint_gt(dev[1], 500);
	snprintf(want, sizeof want, "the link waking %llu.%llu%% of that run",
	    (unsigned long long)(dev[1] / 10),
	    (unsigned long long)(dev[1] % 10));
	sweep_finding_legacy(f, sizeof f, &sw);
	ck_assert_msg(strncmp(f, "legacy falls too: ra 256k, ", 27) == 0 &&
	    strstr(f, want) != NULL, "%s (want %s)", f, want);
	/* bs: the baseline holds, no second sentence. */
	ck_assert_int_eq(sweep_compute(&c, SWEEP_BS, NULL, &sw, &why, &at), 0);
	ck_assert_str_eq(sweep_finding_legacy(f, sizeof f, &sw), "");
}
END_TEST

/* The finding of figures where buggy never falls to half. */
START_TEST(test_finding_none)
{
	struct sweep	sw;
	char		f[256];

	memset(&sw, 0, sizeof sw);
	sw.kind = SWEEP_RA;
	sw.n = 3;
	sw.v[0] = 16384;
	sw.v[1] = 32768;
	sw.v[2] = 65536;
	sw.mb[0][1] = 900;
	sw.mb[0][2] = 1000;
	sw.mb[1][1] = 600;		/* the closest: 0.6 of fixed */
	sw.mb[1][2] = 1000;
	sw.mb[2][1] = 2000;
	sw.mb[2][2] = 2100;
	sw.top = 2100;
	ck_assert_str_eq(sweep_finding(f, sizeof f, &sw), "buggy above half "
	    "of fixed at every ra; closest at 32k, 60.0 against 100.0 MB/s");
}
END_TEST

/* The hook sees the whole sweep's share, rising to 1000 at most. */
struct seen {
	unsigned	 calls, last, stop_at;
	int		 down;
	struct timeline_poll *p;
};

static int
seen_cb(void *arg, uint64_t done, uint64_t total)
{
	struct seen	*s = arg;

	(void)done;
	(void)total;
	if (s->p->permille < s->last || s->p->permille > 1000)
		s->down = 1;
	s->last = s->p->permille;
	return (++s->calls == s->stop_at);
}

START_TEST(test_poll)
{
	struct sim_config	 c = scenario(64 << 20);
	struct timeline_poll	 p;
	struct sweep		 sw;
	struct seen		 s;
	const char		*why = NULL;
	unsigned		 at = 0;

	/* Every event stepped: a run of many slices. */
	c.no_skip = 1;
	c.read_pages = 1;
	memset(&p, 0, sizeof p);
	memset(&s, 0, sizeof s);
	s.p = &p;
	p.fn = seen_cb;
	p.arg = &s;
	ck_assert_int_eq(sweep_compute(&c, SWEEP_IDLE_PENALTY, &p, &sw, &why,
	    &at), 0);
	ck_assert_uint_ge(s.calls, 30);
	ck_assert_int_eq(s.down, 0);
	ck_assert_uint_gt(s.last, 900);
	/* A hook that says stop stops it, cancelled. */
	memset(&s, 0, sizeof s);
	s.p = &p;
	s.stop_at = 3;
	p.permille = 0;
	ck_assert_int_eq(sweep_compute(&c, SWEEP_IDLE_PENALTY, &p, &sw, &why,
	    &at), -2);
	ck_assert_int_eq(p.cancelled, 1);
	ck_assert_uint_eq(s.calls, 3);
}
END_TEST

/* A new application on the default scenario of a 16 MiB file. */
static struct app *
new_app(void)
{
	struct sim_config	c = scenario(16 << 20);
	struct app		*a;

	ck_assert_ptr_nonnull(a = app_new(&c));
	return (a);
}

/* The w key's command: bs, ra, idle-penalty, then closed. */
START_TEST(test_key_cycle)
{
	struct app	*a = new_app();
	char		*f;

	ck_assert_int_eq(cmd_from_key('w').kind, CMD_SWEEP);
	ck_assert_int_eq(cmd_from_key('w').arg, 0);
	check_run(a, CMD_SWEEP, 0);
	ck_assert_int_eq(app_state(a)->sweep, SWEEP_BS);
	f = check_frame(a, 80, 24);
	ck_assert_msg(strncmp(f, "sweep: bs (read() size)", 23) == 0, "%s", f);
	ck_assert_ptr_nonnull(strstr(f, "buggy first under half of fixed: "
	    "bs 128k"));
	ck_assert_ptr_nonnull(strstr(f, "w next (ra)  Esc back to the run"));
	free(f);
	check_run(a, CMD_SWEEP, 0);
	ck_assert_int_eq(app_state(a)->sweep, SWEEP_RA);
	check_run(a, CMD_SWEEP, 0);
	ck_assert_int_eq(app_state(a)->sweep, SWEEP_IDLE_PENALTY);
	f = check_frame(a, 80, 24);
	ck_assert_ptr_nonnull(strstr(f, "w closes"));
	ck_assert_ptr_nonnull(strstr(f, "\nwake "));
	free(f);
	check_run(a, CMD_SWEEP, 0);
	ck_assert_int_eq(app_state(a)->sweep, 0);
	f = check_frame(a, 80, 24);
	ck_assert_ptr_null(strstr(f, "sweep:"));
	ck_assert_ptr_nonnull(strstr(f, "BUGGY"));
	free(f);
	app_free(a);
}
END_TEST

/*
 * A move closes the sweep (the run shows what it did); help, pace and
 * speed keep it; Esc closes help first, then the sweep.
 */
START_TEST(test_closing)
{
	struct app	*a = new_app();
	char		*f;

	check_run(a, CMD_SWEEP, SWEEP_RA);
	ck_assert_int_eq(app_state(a)->sweep, SWEEP_RA);
	check_run(a, CMD_FASTER, 0);
	check_run(a, CMD_PACE, CMD_PACE_TIME);
	check_run(a, CMD_HELP, 0);
	ck_assert_int_eq(app_state(a)->sweep, SWEEP_RA);
	f = check_frame(a, 80, 24);
	ck_assert_ptr_nonnull(strstr(f, "raviz keys"));
	ck_assert_ptr_nonnull(strstr(f, "sweep: MB/s of the three modes"));
	free(f);
	check_run(a, CMD_HELP, -1);
	ck_assert_int_eq(app_state(a)->help, 0);
	ck_assert_int_eq(app_state(a)->sweep, SWEEP_RA);
	check_run(a, CMD_HELP, -1);
	ck_assert_int_eq(app_state(a)->sweep, 0);
	check_run(a, CMD_SWEEP, SWEEP_BS);
	check_run(a, CMD_JUMP, 3);
	ck_assert_int_eq(app_state(a)->sweep, 0);
	f = check_frame(a, 80, 24);
	ck_assert_ptr_nonnull(strstr(f, "T3"));
	free(f);
	/* Closed, then opened on the same scenario: the same figures. */
	check_run(a, CMD_SWEEP, SWEEP_BS);
	check_run(a, CMD_SWEEP, -1);
	ck_assert_int_eq(app_state(a)->sweep, 0);
	app_free(a);
}
END_TEST

/* The chart at 80x24: every value, each mode's figures, the axis. */
START_TEST(test_chart)
{
	struct sim_config	 c = scenario(16 << 20);
	struct sweep		 sw;
	struct render		*r;
	struct render_text	*t;
	const char		*why = NULL;
	char			 v[32], m[16];
	unsigned		 at = 0;
	unsigned		 cols, rows, y, x, i, bars[SWEEP_MODES];

	ck_assert_int_eq(sweep_compute(&c, SWEEP_BS, NULL, &sw, &why, &at), 0);
	ck_assert_ptr_nonnull(r = render_new(80, 24));
	ck_assert_ptr_nonnull(t = render_text_new());
	render_set_glyphs(r, &render_ascii);
	render_text_ops.begin(t, 80, 24);
	render_sweep(r, &render_text_ops, t, 80, 24, &sw, NULL, "hint");
	render_text_ops.end(t);
	render_text_size(t, &cols, &rows);
	ck_assert_uint_eq(rows, 24);
	ck_assert_str_eq(render_text_cell(t, 23, 0), "h");
	/* The bars of 4k (legacy, buggy, fixed) and of 1M: heights. */
	for (i = 0; i < SWEEP_MODES; i++) {
		bars[i] = 0;
		for (y = 3; y < 3 + 15; y++)
			if (render_text_role(t, y, 7 + 8 * 7 + 2 * i) ==
			    (i == 1 ? RENDER_PAGE_PLUGGED : i == 2 ?
			    RENDER_PAGE_INFLIGHT : RENDER_TEXT) &&
			    strcmp(render_text_cell(t, y, 7 + 8 * 7 + 2 * i),
			    " ") != 0)
				bars[i]++;
	}
	/* 1M: 251.0 fills 13 of 15 rows of a 300 axis, 50.7 three. */
	ck_assert_uint_eq(bars[0], 13);
	ck_assert_uint_eq(bars[1], 3);
	ck_assert_uint_eq(bars[2], 13);
	/* The figures' rows hold each value's figure, in its mode's role. */
	sweep_value(v, sizeof v, &sw, 5);
	sweep_mb(m, sizeof m, sw.mb[5][1]);
	for (x = 0; x < 80; x++)
		if (strcmp(render_text_cell(t, 20, x), "5") == 0 &&
		    strcmp(render_text_cell(t, 20, x + 1), "1") == 0)
			break;
	ck_assert_uint_lt(x, 80);
	ck_assert_int_eq(render_text_role(t, 20, x), RENDER_PAGE_PLUGGED);
	ck_assert_str_eq(m, "51.2");
	ck_assert_str_eq(v, "128k");
	ck_assert_int_eq(render_text_role(t, 18, 7 + 5 * 7 + 2),
	    RENDER_LABEL);
	render_text_free(t);
	render_free(r);
}
END_TEST

/* The suite. */
CHECK_SUITE("sweep", CHECK_CASE("figures", 120), CHECK_TEST(test_bs_cliff),
    CHECK_TEST(test_finding_none), CHECK_TEST(test_ra_legacy_wake),
    CHECK_TEST(test_poll),
    CHECK_CASE("screen", 120), CHECK_TEST(test_key_cycle),
    CHECK_TEST(test_closing), CHECK_TEST(test_chart))
