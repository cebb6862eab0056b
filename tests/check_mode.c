/*
 * check_mode.c - the one vocabulary of modes (mode.c) and what the keys do
 * with it: the engine's policies carry the table's names, the name lists
 * for messages are the table's, p puts 2.6.39's outer plug into today's
 * kernel and takes it out again (the what-if, modern-buggy) as it toggles
 * buggy and fixed, m walks the whole table, and the screen names the
 * what-if as one.  Beside a kernel trace the model is today's kernel
 * configured from the trace: the header says REAL above and what the
 * model is below, and m and p switch the model half, on the trace's clock.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "check-app.h"
#include "check-main.h"
#include "import.h"
#include "mode.h"
#include "trace.h"
#include "view.h"

#define MODERN_DATA	SRCDATADIR "/tests/data/modern/"

/* The engine's names are the table's, and each parses back to its mode. */
START_TEST(test_names)
{
	char		bar[256] = "", or[256] = "";
	enum view_mode	m;
	int		i;

	for (i = 0; i < SIM_MODE_COUNT; i++) {
		ck_assert_str_eq(sim_mode_name((enum sim_mode)i),
		    mode_name((enum view_mode)i));
		ck_assert_int_eq(mode_parse(mode_name((enum view_mode)i), &m),
		    0);
		ck_assert_int_eq(m, i);
		snprintf(bar + strlen(bar), sizeof bar - strlen(bar), "%s%s",
		    i > 0 ? "|" : "", mode_name((enum view_mode)i));
		snprintf(or + strlen(or), sizeof or - strlen(or), "%s%s",
		    i == 0 ? "" : i + 1 < SIM_MODE_COUNT ? ", " : " or ",
		    mode_name((enum view_mode)i));
	}
	ck_assert_str_eq(bar, MODE_NAMES_BAR);
	ck_assert_str_eq(or, MODE_NAMES_OR);
	ck_assert_int_eq(mode_parse("modern+plug", &m), -1);
	ck_assert_str_eq(mode_name(VIEW_MODE_COUNT), "?");
	/* The what-if is today's kernel with the outer plug. */
	ck_assert(mode_info(VIEW_MODE_MODERN_BUGGY)->modern);
	ck_assert(mode_info(VIEW_MODE_MODERN_BUGGY)->outer_plug);
	ck_assert(!mode_info(VIEW_MODE_MODERN)->outer_plug);
	ck_assert(mode_info(VIEW_MODE_BUGGY)->outer_plug);
}
END_TEST

/* Where p and m lead from each mode. */
START_TEST(test_keys_map)
{
	static const enum view_mode plug[VIEW_MODE_COUNT] = {
		[VIEW_MODE_BUGGY] = VIEW_MODE_FIXED,
		[VIEW_MODE_FIXED] = VIEW_MODE_BUGGY,
		[VIEW_MODE_LEGACY] = VIEW_MODE_BUGGY,
		[VIEW_MODE_MODERN] = VIEW_MODE_MODERN_BUGGY,
		[VIEW_MODE_MODERN_BUGGY] = VIEW_MODE_MODERN,
	};
	enum view_mode	m = VIEW_MODE_BUGGY;
	int		i;

	for (i = 0; i < VIEW_MODE_COUNT; i++)
		ck_assert_int_eq(mode_plug((enum view_mode)i), plug[i]);
	/* m: every mode once, in the table's order, then round again. */
	for (i = 0; i < VIEW_MODE_COUNT; i++) {
		ck_assert_int_eq(m, i);
		m = mode_cycle(m);
	}
	ck_assert_int_eq(m, VIEW_MODE_BUGGY);
}
END_TEST

/* An application in mode m, 1 MiB reads of 16 MiB. */
static struct app *
app_in(enum sim_mode m)
{
	struct sim_config	 c;
	struct app		*a;

	sim_config_default(&c);
	c.mode = m;
	c.file_pages = 4096;
	ck_assert_ptr_nonnull(a = app_new(&c));
	return (a);
}

/*
 * p in today's kernel puts 2.6.39's plug back at the next read(), and
 * takes it out again; in a 2012 kernel it still toggles buggy and fixed.
 * The header names the what-if as one.
 */
START_TEST(test_plug_key)
{
	struct app	*a = app_in(SIM_MODE_MODERN);
	char		*f;

	check_exec(a, CMD_STEP, 3);
	check_exec(a, CMD_PLUG, 0);
	ck_assert_int_eq(sim_pending_mode(app_sim(a)), SIM_MODE_MODERN_BUGGY);
	f = check_frame(a, 80, 24);
	ck_assert_msg(strstr(f, "MODERN-BUGGY from the reader's next read()")
	    != NULL, "%s", f);
	free(f);
	check_exec(a, CMD_PLUG, 0);
	ck_assert_int_eq(sim_pending_mode(app_sim(a)), SIM_MODE_MODERN);
	check_exec(a, CMD_PLUG, 0);
	/* The live patch takes effect at the next read(). */
	while (sim_mode(app_sim(a)) != SIM_MODE_MODERN_BUGGY &&
	    !app_over(a))
		check_exec(a, CMD_STEP, 1);
	f = check_frame(a, 80, 24);
	ck_assert_msg(strstr(f, "WHAT-IF - 6.x with 2.6.39's plug across "
	    "read()") != NULL, "%s", f);
	free(f);
	app_free(a);
	a = app_in(SIM_MODE_BUGGY);
	check_exec(a, CMD_PLUG, 0);
	ck_assert_int_eq(sim_pending_mode(app_sim(a)), SIM_MODE_FIXED);
	check_exec(a, CMD_PLUG, 0);
	ck_assert_int_eq(sim_pending_mode(app_sim(a)), SIM_MODE_BUGGY);
	app_free(a);
	a = app_in(SIM_MODE_LEGACY);
	check_exec(a, CMD_PLUG, 0);
	ck_assert_int_eq(sim_pending_mode(app_sim(a)), SIM_MODE_BUGGY);
	app_free(a);
}
END_TEST

/*
 * c in today's kernel puts the what-if beside it, the plug across read()
 * above; restarted in the what-if, the same two halves.
 */
START_TEST(test_compare_whatif)
{
	struct app	*a = app_in(SIM_MODE_MODERN);
	char		*f, *top, *bot;

	check_exec(a, CMD_COMPARE, 0);
	ck_assert_int_eq(sim_config(app_other(a))->mode,
	    SIM_MODE_MODERN_BUGGY);
	check_exec(a, CMD_STEP, 20);
	f = check_frame(a, 120, 40);
	top = strstr(f, "WHAT-IF - 6.x");
	bot = strstr(f, "MODERN - 6.x");
	ck_assert_msg(top != NULL && bot != NULL && top < bot, "%s", f);
	free(f);
	check_exec(a, CMD_RESTART, 1 + SIM_MODE_MODERN_BUGGY);
	ck_assert_int_eq(sim_config(app_other(a))->mode, SIM_MODE_MODERN);
	app_free(a);
}
END_TEST

/* A capture of Linux 6.18 (1 MiB reads, read_ahead_kb 128) in *t. */
static void
load(struct trace *t)
{
	struct import		 im;

	ck_assert_msg(import_load(&im, MODERN_DATA "raw-ra128-bs1M.trace",
	    BLK_NODEV) == 0, "%s", im.err);
	trace_build(t, &im);
	import_free(&im);
}

/* That capture on a screen. */
static struct app *
trace_app(void)
{
	struct trace		 t;
	struct sim_config	 c;
	struct app		*a;
	char			 why[256];

	load(&t);
	sim_config_default(&c);
	a = app_new_trace(&t, &c, why, sizeof why);
	ck_assert_msg(a != NULL, "%s", why);
	return (a);
}

/*
 * Is the model half at the trace's clock after the trace's first n events
 * (every model event up to then made, none after)?
 */
static int
on_clock(const struct app *a, uint64_t n)
{
	struct trace	t;
	uint64_t	now;
	const struct sim *o = app_other(a);

	load(&t);
	now = n > 0 ? t.ev[n - 1].t_ns : 0;
	trace_free(&t);
	return (sim_stats(o)->now_ns <= now && (sim_next_time(o) == SIM_NONE ||
	    sim_next_time(o) > now));
}

/* Does frame f show the line text (REAL above, the model below)? */
static void
has(const char *f, const char *text)
{
	ck_assert_msg(strstr(f, text) != NULL, "no \"%s\" in\n%s", text, f);
}

/*
 * c on a real trace: REAL above, today's kernel below, configured from
 * the trace (1 MiB reads, 128 KiB readahead, on the measured device),
 * on the trace's clock; m switches the model half modern -> fixed ->
 * buggy -> modern, p puts the outer plug into the model; without compare
 * they only say how to get there.
 */
START_TEST(test_trace_model)
{
	struct app	*a = trace_app();
	char		*f;

	check_exec(a, CMD_CYCLE, 0);
	f = check_frame(a, 120, 40);
	has(f, "kernel trace: c, then m or p switches its model");
	free(f);
	ck_assert_ptr_null(app_other(a));
	check_exec(a, CMD_COMPARE, 0);
	ck_assert_ptr_nonnull(app_other(a));
	ck_assert_int_eq(sim_config(app_other(a))->mode, SIM_MODE_MODERN);
	ck_assert_uint_eq(sim_config(app_other(a))->read_pages, 256);
	ck_assert_uint_eq(sim_config(app_other(a))->ra_pages, 32);
	ck_assert_str_eq(sim_config(app_other(a))->device.name, "measured");
	f = check_frame(a, 120, 40);
	has(f, "REAL - 7,4 (kernel trace)");
	has(f, "MODERN - model of 7,4 on the measured device");
	has(f, "MODERN model: bs 1 MiB, ra 128 KiB");
	free(f);
	check_exec(a, CMD_STEP, 40);
	/* One clock: the model has made every event up to the trace's. */
	ck_assert(on_clock(a, 40));
	ck_assert_uint_gt(sim_event_no(app_other(a)), 5);
	check_exec(a, CMD_CYCLE, 0);
	ck_assert_int_eq(sim_config(app_other(a))->mode, SIM_MODE_FIXED);
	f = check_frame(a, 120, 40);
	has(f, "FIXED - model of 7,4 on the measured device");
	free(f);
	check_exec(a, CMD_CYCLE, 0);
	ck_assert_int_eq(sim_config(app_other(a))->mode, SIM_MODE_BUGGY);
	check_exec(a, CMD_CYCLE, 0);
	ck_assert_int_eq(sim_config(app_other(a))->mode, SIM_MODE_MODERN);
	check_exec(a, CMD_PLUG, 0);
	ck_assert_int_eq(sim_config(app_other(a))->mode,
	    SIM_MODE_MODERN_BUGGY);
	f = check_frame(a, 120, 40);
	has(f, "MODERN-BUGGY - model of 7,4 on the measured device");
	free(f);
	check_exec(a, CMD_MODE, SIM_MODE_FIXED);
	ck_assert_int_eq(sim_config(app_other(a))->mode, SIM_MODE_FIXED);
	/* The model half keeps the trace's clock after a switch. */
	ck_assert(on_clock(a, 40));
	app_free(a);
}
END_TEST

CHECK_SUITE("mode",
    CHECK_CASE("table", 0),
    CHECK_TEST(test_names), CHECK_TEST(test_keys_map),
    CHECK_CASE("keys", 0),
    CHECK_TEST(test_plug_key), CHECK_TEST(test_compare_whatif),
    CHECK_CASE("trace", 0),
    CHECK_TEST(test_trace_model))
