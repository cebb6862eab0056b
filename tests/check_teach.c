/*
 * check_teach.c - what a teacher relies on (issue 23): one clock for both
 * halves of compare in time pace and a stall seen as time passing, compare
 * keys that do not depend on how compare was entered, pages consumed only
 * after their copy and one word per page state, the difference line.
 * Pictures are read as text frames drawn through render_text_ops.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check-app.h"
#include "check-main.h"
#include "app.h"
#include "demo.h"
#include "demo-live.h"
#include "differ.h"
#include "predict.h"
#include "feed.h"
#include "report.h"
#include "render.h"

/* A fresh application: mode m, a file of `bytes`. */
static struct app *
new_app(enum sim_mode m, uint64_t bytes)
{
	struct sim_config	 c;
	struct app		*a;

	sim_config_default(&c);
	c.mode = m;
	c.file_pages = bytes / SIM_PAGE_SIZE;
	a = app_new(&c);
	ck_assert_ptr_nonnull(a);
	return (a);
}

/* Run a command (it must not fail) and forget its flash. */
#define exec(a, k, arg)	check_run((a), (k), (arg))

/*
 * The clocks of frame f's headers ("t = 1.38ms"), up to max into out (each
 * a word of at most 31 bytes); their number.
 */
static size_t
clocks(const char *f, char out[][32], size_t max)
{
	const char	*p = f;
	size_t		 n = 0, k;

	while (n < max && (p = strstr(p, "t = ")) != NULL) {
		p += 4;
		for (k = 0; k < 31 && p[k] != ' ' && p[k] != '\n' &&
		    p[k] != '\0'; k++)
			out[n][k] = p[k];
		out[n][k] = '\0';
		n++;
	}
	return (n);
}

/* The number after "event " in the n-th header of f (0 first). */
static unsigned long long
header_event(const char *f, size_t n)
{
	const char	*p = f;

	for (;;) {
		ck_assert_ptr_nonnull(p = strstr(p, "t = "));
		ck_assert_ptr_nonnull(p = strstr(p, "event "));
		if (n-- == 0)
			return (strtoull(p + 6, NULL, 10));
		p++;
	}
}

/*
 * Time pace, compare from buggy: through buggy's 4 ms wait for the link,
 * every tick both headers read the same simulated time, it moves on, and
 * the fixed half's events go on while the buggy half has none
 * (issue 23, point 1: both sat at 1.38ms for 5 s).
 */
START_TEST(test_pace_compare_one_clock)
{
	struct app	*a = new_app(SIM_MODE_BUGGY, 16u << 20);
	char		 c[4][32], prev[32] = "";
	char		*f;
	unsigned long long top, bot, top0 = 0, bot0 = 0;
	unsigned	 k, flowing = 0, moved = 0;

	exec(a, CMD_COMPARE, 0);
	exec(a, CMD_PACE, CMD_PACE_TIME);
	exec(a, CMD_PLAY, 0);
	for (k = 0; k < 200; k++) {
		ck_assert_int_eq(app_tick(a), 0);
		f = check_frame(a, 120, 40);
		ck_assert_uint_eq(clocks(f, c, 4), 2);
		ck_assert_msg(strcmp(c[0], c[1]) == 0,
		    "tick %u: buggy at %s, fixed at %s", k, c[0], c[1]);
		if (strcmp(c[0], prev) != 0)
			moved++;
		snprintf(prev, sizeof prev, "%s", c[0]);
		top = header_event(f, 0);
		bot = header_event(f, 1);
		/* The buggy half (top) still, the fixed half moving on. */
		if (k > 0 && top == top0 && bot > bot0)
			flowing++;
		top0 = top;
		bot0 = bot;
		free(f);
	}
	/* The clock moves on every tick but the odd rounding one. */
	ck_assert_uint_ge(moved, 190);
	ck_assert_uint_ge(flowing, 20);
	app_free(a);
}
END_TEST

/*
 * Time pace, one run: during a stall (no event for milliseconds) the clock
 * in the header and the lanes move on, the event number does not.
 */
START_TEST(test_pace_stall_clock)
{
	struct app	*a = new_app(SIM_MODE_BUGGY, 16u << 20);
	char		 c[2][32], last[32] = "";
	char		*f, *lanes = NULL;
	uint64_t	 ev = 0;
	unsigned	 k, still = 0, clock_moved = 0, lanes_moved = 0;
	const char	*l;

	exec(a, CMD_PACE, CMD_PACE_TIME);
	exec(a, CMD_PLAY, 0);
	for (k = 0; k < 150; k++) {
		ck_assert_int_eq(app_tick(a), 0);
		f = check_frame(a, 120, 40);
		ck_assert_uint_eq(clocks(f, c, 2), 1);
		if (app_event_no(a) == ev) {
			still++;
			if (strcmp(c[0], last) != 0)
				clock_moved++;
			l = strstr(f, "  device ");
			ck_assert_ptr_nonnull(l);
			if (lanes != NULL && strncmp(l, lanes, 100) != 0)
				lanes_moved++;
		}
		free(lanes);
		lanes = strndup(strstr(f, "  device "), 100);
		snprintf(last, sizeof last, "%s", c[0]);
		ev = app_event_no(a);
		free(f);
	}
	free(lanes);
	ck_assert_uint_ge(still, 50);
	ck_assert_uint_ge(clock_moved + 2, still);
	ck_assert_uint_ge(lanes_moved, 10);
	app_free(a);
}
END_TEST

/* The glyph of page p (< 64) in the 80x24 frame f: its strip "0". */
static char
page_glyph(const char *f, uint64_t p)
{
	const char	*row = strstr(f, "\n       0 ");

	ck_assert_msg(row != NULL, "no strip 0 in\n%s", f);
	return (row[10 + p]);
}

/*
 * A page is consumed when its copy is done (model.md §3 step 4): at fixed
 * and legacy T3 the reader has just begun copying [32,64), so those pages
 * are drawn up to date ('#'), not consumed ('='), for as long as the
 * reader copies them.
 */
START_TEST(test_consumed_after_copy)
{
	static const enum sim_mode modes[] = { SIM_MODE_FIXED,
	    SIM_MODE_LEGACY };
	struct app	*a;
	char		*f;
	size_t		 i;
	uint64_t	 p;

	for (i = 0; i < 2; i++) {
		a = new_app(modes[i], 16u << 20);
		exec(a, CMD_JUMP, 3);
		f = check_frame(a, 80, 24);
		ck_assert_ptr_nonnull(strstr(f, "copying [32,64)"));
		ck_assert_int_eq(page_glyph(f, 31), '=');
		for (p = 32; p < 64; p++)
			ck_assert_msg(page_glyph(f, p) == '#',
			    "%s T3: page %llu drawn '%c'\n%s", i ? "legacy" :
			    "fixed", (unsigned long long)p, page_glyph(f, p), f);
		free(f);
		/* Its copy done, the reader goes on: they are consumed. */
		for (p = 0; p < 10; p++) {
			exec(a, CMD_STEP, 1);
			f = check_frame(a, 80, 24);
			if (strstr(f, "copying [32,64)") == NULL)
				break;
			ck_assert_int_eq(page_glyph(f, 63), '#');
			free(f);
		}
		ck_assert_uint_lt(p, 10);
		free(f);
		app_free(a);
	}
}
END_TEST

/* How many times w occurs in s. */
static size_t
count(const char *s, const char *w)
{
	size_t	n = 0;

	while ((s = strstr(s, w)) != NULL) {
		n++;
		s++;
	}
	return (n);
}

/*
 * One word per page state at every width: the legend uses the words of
 * render_state_word() at 80, 100 and 120 columns, and no frame of the
 * moments says "cached" for a page that is not consumed-to-be.
 */
START_TEST(test_state_words)
{
	static const unsigned	 widths[] = { 80, 100, 120 };
	struct app		*a = new_app(SIM_MODE_BUGGY, 16u << 20);
	char			*f;
	size_t			 w;
	int			 k, s;

	ck_assert_str_eq(render_state_word(RENDER_ST_CACHED), "up to date");
	for (w = 0; w < 3; w++) {
		for (k = 1; k <= 5; k++) {
			exec(a, CMD_JUMP, k);
			f = check_frame(a, widths[w], 24);
			for (s = 0; s < RENDER_ST_COUNT; s++)
				ck_assert_msg(strstr(f, render_state_word(
				    (enum render_state)s)) != NULL,
				    "%u columns, T%d: no '%s'\n%s", widths[w],
				    k, render_state_word((enum render_state)s),
				    f);
			ck_assert_msg(count(f, "cached") ==
			    count(f, "not cached"),
			    "%u columns, T%d: 'cached'\n%s", widths[w], k, f);
			ck_assert_ptr_nonnull(strstr(f, "M marker"));
			free(f);
		}
	}
	app_free(a);
}
END_TEST

/*
 * Compare keys 1-5, g and G draw the same picture however compare was
 * entered: from buggy, from fixed, after restarting into fixed (r, as the
 * moments lesson leaves it), after a live patch (issue 23, point 2: fixed
 * T4 beside buggy T5).
 */
START_TEST(test_compare_keys_same)
{
	struct app	*b = new_app(SIM_MODE_BUGGY, 16u << 20), *o[3];
	char		*fb, *fo;
	size_t		 i;
	int		 k;

	o[0] = new_app(SIM_MODE_FIXED, 16u << 20);
	o[1] = new_app(SIM_MODE_BUGGY, 16u << 20);
	exec(o[1], CMD_STEP, 40);
	exec(o[1], CMD_RESTART, 1 + SIM_MODE_FIXED);
	o[2] = new_app(SIM_MODE_BUGGY, 16u << 20);
	exec(o[2], CMD_GOTO, 10);
	exec(o[2], CMD_PLUG, 0);
	exec(b, CMD_COMPARE, 0);
	for (i = 0; i < 3; i++) {
		exec(o[i], CMD_COMPARE, 0);
		ck_assert_int_eq(app_state(o[i])->compare, 1);
	}
	for (k = 0; k <= 6; k++) {
		exec(b, k == 0 ? CMD_START : k == 6 ? CMD_END : CMD_JUMP, k);
		fb = check_frame(b, 120, 40);
		for (i = 0; i < 3; i++) {
			exec(o[i], k == 0 ? CMD_START : k == 6 ? CMD_END :
			    CMD_JUMP, k);
			fo = check_frame(o[i], 120, 40);
			if (strcmp(fb, fo) != 0)
				fprintf(stderr, "key %d, entry %zu:\n%s\n"
				    "against, from buggy:\n%s", k, i, fo, fb);
			ck_assert_msg(strcmp(fb, fo) == 0, "key %d, entry "
			    "%zu: another picture", k, i);
			free(fo);
		}
		free(fb);
	}
	for (i = 0; i < 3; i++)
		app_free(o[i]);
	app_free(b);
}
END_TEST

/* The whole run's MB/s of the default scenario (16 MiB) in mode m. */
static void
run_mbps(char *buf, size_t len, enum sim_mode m)
{
	struct sim_config	 c;
	struct sim		*s;

	sim_config_default(&c);
	c.mode = m;
	c.file_pages = (16u << 20) / SIM_PAGE_SIZE;
	ck_assert_ptr_nonnull(s = sim_new(&c));
	ck_assert_int_eq(sim_run(s), 0);
	report_throughput(buf, len, s);
	sim_free(s);
}

/*
 * Compare at T5 shows what the patch changes (issue 23, point 4): the
 * wait for page 64 in each mode (from the engine's sleep and wake), the
 * window [64,128) as one 256 KiB request against 128 + 128 KiB, the whole
 * runs' MB/s as the summary gives them, and a request histogram in each
 * half at 120x40; the same line at the end.
 */
START_TEST(test_compare_difference)
{
	struct app	*a = new_app(SIM_MODE_BUGGY, 16u << 20);
	struct differ	 d;
	struct sim_config c;
	char		*f, want[160], mb[2][32], line[256];
	const char	*p;
	int		 k;

	run_mbps(mb[0], sizeof mb[0], SIM_MODE_BUGGY);
	run_mbps(mb[1], sizeof mb[1], SIM_MODE_FIXED);
	sim_config_default(&c);
	c.file_pages = (16u << 20) / SIM_PAGE_SIZE;
	ck_assert_int_eq(differ_measure(&d, &c, NULL), 0);
	/* The sleep on page 64 and its wake, as the trace has them. */
	ck_assert_uint_eq(d.run[0].wait_page, 64);
	ck_assert_uint_eq(d.run[0].wait_ns, 6416608 - 1375704);
	ck_assert_uint_eq(d.run[1].wait_page, 64);
	ck_assert_uint_eq(d.run[0].nreq, 1);
	ck_assert_uint_eq(d.run[0].req[0], 64);
	ck_assert_uint_eq(d.run[1].nreq, 2);
	ck_assert_uint_eq(d.run[1].req[0], 32);
	ck_assert_uint_eq(d.run[1].req[1], 32);
	snprintf(want, sizeof want, "buggy/fixed: page 64 waits 5.04ms/836us"
	    " | 256/128+128 KiB | %s/%s MB/s", mb[0], mb[1]);
	ck_assert_str_eq(differ_line(&d, line, sizeof line, 1), want);
	snprintf(want, sizeof want, "the reader waits for page 64 5.04ms "
	    "buggy, 836us fixed | [64,128) goes out as 256 KiB buggy, "
	    "128+128 KiB fixed | %s vs %s MB/s", mb[0], mb[1]);
	ck_assert_str_eq(differ_line(&d, line, sizeof line, 0), want);
	snprintf(want, sizeof want, "buggy/fixed: page 64 waits 5.04ms/836us"
	    " | 256/128+128 KiB | %s/%s MB/s", mb[0], mb[1]);
	exec(a, CMD_COMPARE, 0);
	for (k = 1; k <= 6; k++) {
		exec(a, k == 6 ? CMD_END : CMD_JUMP, k);
		f = check_frame(a, 80, 24);
		ck_assert_msg(strstr(f, want) != NULL, "T%d:\n%s", k, f);
		ck_assert_ptr_nonnull(strstr(f, "\nnow  buggy: dev "));
		free(f);
		f = check_frame(a, 120, 40);
		/* From T2 on, when both halves have sent a request. */
		p = strstr(f, "\nrequests  ");
		ck_assert_msg(k < 2 || (p != NULL &&
		    strstr(p + 1, "\nrequests  ") != NULL),
		    "T%d: a histogram missing\n%s", k, f);
		free(f);
	}
	app_free(a);
}
END_TEST

/* The next question's index in a's frame choices, the right one. */
static unsigned
right_answer(struct app *a)
{
	struct predict_q	q;

	ck_assert_int_eq(predict_ask(app_sim(a), &q), 1);
	return (q.right);
}

/*
 * Predict in a lesson: one key per reveal (issue 23, point 5).  The
 * lesson stops at a question; the answer key reveals without holding the
 * lesson, and Enter goes on from the reveal (a hold made the first Enter
 * go back to before it, so every reveal took two).
 */
START_TEST(test_predict_one_key)
{
	struct demo		 d;
	struct app		*a;
	struct demo_live	*l;
	uint64_t		 w, t = 0, ev;
	char			 path[4096];
	const char		*src = getenv("srcdir");
	int			 i;

	snprintf(path, sizeof path, "%s/demos/predict.demo", src != NULL ?
	    src : ".");
	ck_assert_int_eq(demo_load(&d, path), 0);
	ck_assert_ptr_nonnull(a = app_new(&d.cfg));
	l = demo_live_new(&d, a, 0);
	/* On to the first question (the lesson's Enters on the way). */
	for (i = 0; i < 50 && !app_state(a)->asking; i++) {
		t += 10000000000ULL;
		ck_assert_int_eq(demo_live_step(l, t, &w), 0);
		if (!app_state(a)->asking)
			demo_live_key(l, '\n', t);
	}
	ck_assert_int_eq(app_state(a)->asking, 1);
	ck_assert_int_eq(demo_live_key(l, 'a' + (int)right_answer(a), t), 0);
	exec(a, CMD_ANSWER, 1 + (int64_t)right_answer(a));
	ev = app_event_no(a);
	ck_assert_int_eq(demo_live_active(l), 1);	/* not held */
	ck_assert_int_eq(demo_live_key(l, '\n', t), 1);
	ck_assert_int_eq(demo_live_step(l, t + 1, &w), 0);
	/* Enter went on from the reveal, never back before it. */
	ck_assert_uint_ge(app_event_no(a), ev);
	demo_live_free(l);
	app_free(a);
	demo_free(&d);
}
END_TEST

/*
 * The verdict's why has rows of its own at 80 columns (it was cut), and
 * the summary says which mode each answer was in.
 */
START_TEST(test_predict_why_and_summary)
{
	struct app		*a = new_app(SIM_MODE_BUGGY, 16u << 20);
	const struct predict_score *sc;
	struct predict_q	 q;
	char			*f, why[PREDICT_TEXT + 4];

	exec(a, CMD_PREDICT, 1);
	exec(a, CMD_STEP, 1);
	ck_assert_int_eq(app_state(a)->asking, 1);
	ck_assert_int_eq(predict_ask(app_sim(a), &q), 1);
	exec(a, CMD_ANSWER, 1 + (q.right == 0));	/* a wrong one */
	f = check_frame(a, 80, 24);
	ck_assert_msg(strstr(f, "\nwrong (you said ") != NULL, "%s", f);
	/* The why, whole, on a row of its own. */
	snprintf(why, sizeof why, "\n%s\n", q.why);
	ck_assert_msg(strstr(f, why) != NULL, "no whole '%s'\n%s", q.why, f);
	free(f);
	exec(a, CMD_RESTART, 1 + SIM_MODE_FIXED);
	exec(a, CMD_STEP, 1);
	ck_assert_int_eq(app_state(a)->asking, 1);
	exec(a, CMD_ANSWER, 1 + (int64_t)right_answer(a));
	sc = app_predict_score(a);
	ck_assert_uint_eq(sc->asked_in[SIM_MODE_FIXED], 1);
	exec(a, CMD_PREDICT, 0);
	f = check_frame(a, 120, 40);
	ck_assert_msg(strstr(f, "predictions: buggy 0 of 1 right, fixed 1 of "
	    "1 right; missed: buggy T1 (") != NULL, "%s", f);
	free(f);
	app_free(a);
}
END_TEST

/*
 * The choices of a question exclude each other (issue 23, point 5: fixed
 * T5 offered "waits for request #2 on the device" and "waits for all 128
 * KiB of request #2", both true): over whole runs in the three modes,
 * every wait question's choices each name where the request is, and only
 * the right one names where it is.
 */
START_TEST(test_predict_choices_exclusive)
{
	static const enum sim_mode modes[] = { SIM_MODE_BUGGY, SIM_MODE_FIXED,
	    SIM_MODE_LEGACY };
	static const char *const where[] = {
		[PREDICT_W_COPY] = "at once", [PREDICT_W_DEVICE] =
		"already on the device", [PREDICT_W_PLUG] = "still plugged",
		[PREDICT_W_QUEUE] = "still in the queue" };
	struct sim_config	 c;
	struct sim		*s;
	struct sim_event	 e;
	struct predict_q	 q;
	unsigned		 i, asked = 0;
	size_t			 m;

	for (m = 0; m < 3; m++) {
		sim_config_default(&c);
		c.mode = modes[m];
		c.file_pages = (4u << 20) / SIM_PAGE_SIZE;
		ck_assert_ptr_nonnull(s = sim_new(&c));
		do {
			ck_assert_int_ge(predict_ask(s, &q), 0);
			if (q.kind != PREDICT_WAIT)
				continue;
			asked++;
			for (i = 0; i < q.nchoices; i++)
				ck_assert_msg(strstr(q.text[i],
				    where[q.choice[i]]) != NULL, "%s: %s",
				    sim_mode_name(modes[m]), q.text[i]);
		} while (sim_step(s, &e) == 1);
		sim_free(s);
	}
	ck_assert_uint_ge(asked, 3);
}
END_TEST

/*
 * At 80x24 the moment box keeps its punchline (issue 23, point 6: T3's
 * and T5's were cut to "..."): a few events after the moment, in both
 * modes, the box's rows end whole - the full meaning where it fits its
 * rows, else its one-line form.
 */
START_TEST(test_moment_box_whole)
{
	static const enum sim_mode modes[] = { SIM_MODE_BUGGY, SIM_MODE_FIXED };
	struct app	*a;
	char		*f, *l, *e;
	size_t		 m;
	int		 k, n, in;

	for (m = 0; m < 2; m++) {
		a = new_app(modes[m], 16u << 20);
		for (k = 3; k <= 5; k += 2) {
			exec(a, CMD_JUMP, k);
			for (n = 0; n < 4; n++) {
				f = check_frame(a, 80, 24);
				in = 0;
				for (l = f; *l != '\0'; l = e + (*e != '\0')) {
					e = strchr(l, '\n');
					if (e == NULL)
						e = l + strlen(l);
					if (l[0] == 'T' && l[1] == '0' + k)
						in = 1;
					else if (strncmp(l, "    ", 4) != 0 ||
					    l[4] == ' ')
						in = 0;
					ck_assert_msg(!in || (e - l < 3 ||
					    (strncmp(e - 3, "\xe2\x80\xa6", 3) != 0 &&
					    strncmp(e - 3, "...", 3) != 0)),
					    "%s T%d +%d: a cut box\n%s",
					    sim_mode_name(modes[m]), k, n, f);
				}
				free(f);
				exec(a, CMD_STEP, 1);
			}
		}
		app_free(a);
	}
}
END_TEST

/* The suite. */
CHECK_SUITE("teach", CHECK_CASE("clock", 60),
    CHECK_TEST(test_pace_compare_one_clock), CHECK_TEST(test_pace_stall_clock),
    CHECK_CASE("compare", 60), CHECK_TEST(test_compare_keys_same),
    CHECK_TEST(test_compare_difference),
    CHECK_CASE("predict", 60), CHECK_TEST(test_predict_one_key),
    CHECK_TEST(test_predict_why_and_summary),
    CHECK_TEST(test_predict_choices_exclusive),
    CHECK_CASE("pages", 60), CHECK_TEST(test_consumed_after_copy),
    CHECK_TEST(test_state_words), CHECK_TEST(test_moment_box_whole))
