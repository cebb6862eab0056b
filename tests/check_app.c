/*
 * check_app.c - the application layer: pacing arithmetic, stepping back to
 * the identical picture, mode toggles undone by going back, jumps, compare
 * mode, captions.  Pictures are compared as text frames drawn through
 * render_text_ops, the back end headless --frames uses.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check-app.h"
#include "check-main.h"
#include "app.h"
#include "feed.h"
#include "fmt.h"
#include "narrate.h"

/* A fresh application on the default scenario. */
static struct app *
new_app(void)
{
	struct sim_config	 c;
	struct app		*a;

	sim_config_default(&c);
	a = app_new(&c);
	ck_assert_ptr_nonnull(a);
	return (a);
}

/* Run a command, which must not fail or quit (check_run()). */
#define exec(a, k, arg)	check_run((a), (k), (arg))

/* a draws at 80x24 what it drew before, f0 (which is freed). */
static void
shows_again(struct app *a, char *f0)
{
	char	*f1 = check_frame(a, 80, 24);

	ck_assert_str_eq(f0, f1);
	free(f0);
	free(f1);
}

/* Ladder speeds are met exactly: events * 1000 / interval == speed. */
START_TEST(test_pacing_ladder)
{
	unsigned	s = 1, ms, k, prev = 0;

	for (;;) {
		app_pacing(s, &ms, &k);
		ck_assert_uint_ge(k, 1);
		ck_assert_uint_ge(ms, 20);	/* at most 50 ticks a second */
		ck_assert_uint_eq(k * 1000, s * ms);
		prev = s;
		s = app_speed_notch(s, 1);
		if (s == prev)
			break;
		ck_assert_uint_gt(s, prev);
		ck_assert_uint_eq(app_speed_notch(s, -1), prev);
	}
	ck_assert_uint_ge(prev, 1000);
	ck_assert_uint_eq(app_speed_notch(1, -1), 1);
}
END_TEST

/* Known values, including a speed off the ladder. */
START_TEST(test_pacing_values)
{
	unsigned	ms, k;

	app_pacing(1, &ms, &k);
	ck_assert_uint_eq(ms, 1000);
	ck_assert_uint_eq(k, 1);
	app_pacing(10, &ms, &k);
	ck_assert_uint_eq(ms, 100);
	ck_assert_uint_eq(k, 1);
	app_pacing(50, &ms, &k);
	ck_assert_uint_eq(ms, 40);
	ck_assert_uint_eq(k, 2);
	app_pacing(1000, &ms, &k);
	ck_assert_uint_eq(ms, 40);
	ck_assert_uint_eq(k, 40);
	app_pacing(37, &ms, &k);	/* 1 event per 27 ms = 37.04/s */
	ck_assert_uint_eq(k, 1);
	ck_assert_uint_eq(ms, 27);
	ck_assert_uint_eq(app_speed_notch(10, 1), 20);
	ck_assert_uint_eq(app_speed_notch(10, -1), 5);
	ck_assert_uint_eq(app_speed_notch(37, 1), 50);
}
END_TEST

/* A tick advances exactly the events per tick, and only while playing. */
START_TEST(test_tick)
{
	struct app	*a = new_app();

	ck_assert_int_eq(app_state(a)->playing, 0);
	CHECK_HOT(app_tick(a) == 0);
	ck_assert_uint_eq(app_event_no(a), 0);
	exec(a, CMD_SPEED, 200);
	exec(a, CMD_PLAY, 0);
	ck_assert_int_eq(app_state(a)->playing, 1);
	ck_assert_uint_eq(app_tick_events(a), 8);
	CHECK_HOT(app_tick(a) == 0);
	ck_assert_uint_eq(app_event_no(a), 8);
	CHECK_HOT(app_tick(a) == 0);
	ck_assert_uint_eq(app_event_no(a), 16);
	exec(a, CMD_PLAYPAUSE, 0);
	ck_assert_int_eq(app_state(a)->playing, 0);
	CHECK_HOT(app_tick(a) == 0);
	ck_assert_uint_eq(app_event_no(a), 16);
	/* Playing to the end stops there. */
	exec(a, CMD_SPEED, 100000);
	exec(a, CMD_PLAY, 0);
	while (app_state(a)->playing)
		CHECK_HOT(app_tick(a) == 0);
	ck_assert_int_ne(sim_done(app_sim(a)), 0);
	app_free(a);
}
END_TEST

/* Time pace: the slice of a tick, the rate ladder, the header's words. */
START_TEST(test_pace_arith)
{
	char	buf[32];

	ck_assert_uint_eq(app_time_slice_ns(APP_RATE_DEFAULT,
	    APP_TIME_TICK_MS), 40000);	/* 1 ms/s: 40 us per 40 ms tick */
	ck_assert_uint_eq(app_time_slice_ns(1, 40), 40);
	ck_assert_uint_eq(app_time_slice_ns(100000, 40), 4000000);
	app_pace_text(buf, sizeof buf, CMD_PACE_EVENTS, 10, 1000, 0);
	ck_assert_str_eq(buf, "10 events/s");
	app_pace_text(buf, sizeof buf, CMD_PACE_EVENTS, 10, 1000, 1);
	ck_assert_str_eq(buf, "10 ev/s");
	app_pace_text(buf, sizeof buf, CMD_PACE_TIME, 10, 1000, 0);
	ck_assert_str_eq(buf, "1 ms/s");
	app_pace_text(buf, sizeof buf, CMD_PACE_TIME, 10, 500, 1);
	ck_assert_str_eq(buf, "500 us/s");
	app_pace_text(buf, sizeof buf, CMD_PACE_TIME, 10, 100000, 0);
	ck_assert_str_eq(buf, "100 ms/s");
}
END_TEST

/*
 * Time pace: after k ticks from event 0 the run has taken exactly the
 * events due by k x 40 us of simulated time (1 ms/s), none later; a stall
 * is a long stretch of ticks without an event; + and - change the rate,
 * not the speed; t goes back to events per second.
 */
START_TEST(test_tick_time)
{
	struct app	*a = new_app();
	uint64_t	 slice = app_time_slice_ns(APP_RATE_DEFAULT,
			    APP_TIME_TICK_MS), last = 0, still = 0, longest = 0;
	uint64_t	 k, next, t0;
	char		*f;

	exec(a, CMD_PACE, CMD_PACE_TIME);
	ck_assert_int_eq(app_state(a)->pace, CMD_PACE_TIME);
	ck_assert_uint_eq(app_tick_interval_ms(a), APP_TIME_TICK_MS);
	CHECK_HOT(app_tick(a) == 0);	/* paused: nothing */
	ck_assert_uint_eq(app_event_no(a), 0);
	exec(a, CMD_PLAY, 0);
	for (k = 1; k <= 400; k++) {
		CHECK_HOT(app_tick(a) == 0);
		next = sim_next_time(app_sim(a));
		ck_assert_uint_le(sim_stats(app_sim(a))->now_ns, k * slice);
		ck_assert_msg(next == SIM_NONE || next > k * slice,
		    "tick %llu: next event at %llu ns is due",
		    (unsigned long long)k, (unsigned long long)next);
		if (app_event_no(a) == last)
			still++;
		else
			still = 0;
		if (still > longest)
			longest = still;
		last = app_event_no(a);
	}
	/* Buggy mode's 4 ms idle-exit stall: about 100 ticks of nothing. */
	ck_assert_uint_ge(longest, 90);
	ck_assert_uint_gt(last, 10);
	f = check_frame(a, 80, 24);
	ck_assert_ptr_nonnull(strstr(f, "PLAYING  1 ms/s"));
	free(f);
	exec(a, CMD_FASTER, 0);
	ck_assert_uint_eq(app_state(a)->rate, 2000);
	ck_assert_uint_eq(app_state(a)->speed, APP_SPEED_DEFAULT);
	exec(a, CMD_SLOWER, 0);
	exec(a, CMD_SLOWER, 0);
	ck_assert_uint_eq(app_state(a)->rate, 500);
	f = check_frame(a, 80, 24);
	ck_assert_ptr_nonnull(strstr(f, "PLAYING  500 us/s"));
	free(f);
	/* A move puts the target back on the run's clock. */
	exec(a, CMD_BACK, 5);
	t0 = sim_stats(app_sim(a))->now_ns;
	exec(a, CMD_PLAY, 0);
	CHECK_HOT(app_tick(a) == 0);
	next = sim_next_time(app_sim(a));
	ck_assert_uint_le(sim_stats(app_sim(a))->now_ns,
	    t0 + app_time_slice_ns(500, 40));
	ck_assert(next == SIM_NONE || next > t0 + app_time_slice_ns(500, 40));
	/* Playing to the end in time pace stops there. */
	exec(a, CMD_END, 0);
	exec(a, CMD_BACK, 3);
	exec(a, CMD_PLAY, 0);
	for (k = 0; k < 100000 && app_state(a)->playing; k++)
		CHECK_HOT(app_tick(a) == 0);
	ck_assert_int_eq(app_state(a)->playing, 0);
	ck_assert_int_ne(sim_done(app_sim(a)), 0);
	exec(a, CMD_PACE, CMD_PACE_TOGGLE);
	ck_assert_int_eq(app_state(a)->pace, CMD_PACE_EVENTS);
	ck_assert_uint_eq(app_tick_interval_ms(a), 100);
	app_free(a);
}
END_TEST

/* A tick stops at the limit a demo's next item sets. */
START_TEST(test_tick_upto)
{
	struct app	*a = new_app();

	exec(a, CMD_SPEED, 200);	/* 8 events a tick */
	exec(a, CMD_PLAY, 0);
	ck_assert_int_eq(app_tick_upto(a, 5), 0);
	ck_assert_uint_eq(app_event_no(a), 5);
	ck_assert_int_eq(app_tick_upto(a, 5), 0);
	ck_assert_uint_eq(app_event_no(a), 5);
	exec(a, CMD_PACE, CMD_PACE_TIME);
	exec(a, CMD_SPEED, 200);
	while (app_event_no(a) < 7)
		ck_assert_int_eq(app_tick_upto(a, 7), 0);
	ck_assert_uint_eq(app_event_no(a), 7);
	app_free(a);
}
END_TEST

/* Step forward then back: the same picture, at many points of the run. */
START_TEST(test_step_back_identical)
{
	static const uint64_t	at[] = { 0, 1, 9, 10, 255, 256, 257, 700,
				    1500, 3000 };
	struct app		*a = new_app();
	char			*f0, *f1;
	size_t			 i;

	for (i = 0; i < sizeof at / sizeof at[0]; i++) {
		exec(a, CMD_GOTO, (int64_t)at[i]);
		ck_assert_uint_eq(app_event_no(a), at[i]);
		f0 = check_frame(a, 80, 24);
		exec(a, CMD_STEP, 1);
		ck_assert_uint_eq(app_event_no(a), at[i] + 1);
		f1 = check_frame(a, 80, 24);
		ck_assert_str_ne(f0, f1);
		free(f1);
		exec(a, CMD_BACK, 1);
		ck_assert_uint_eq(app_event_no(a), at[i]);
		shows_again(a, f0);
	}
	app_free(a);
}
END_TEST

/* Going back a long way equals getting there fresh. */
START_TEST(test_back_far)
{
	struct app	*a = new_app(), *b = new_app();
	char		*fa, *fb;

	exec(a, CMD_END, 0);
	ck_assert_int_ne(sim_done(app_sim(a)), 0);
	exec(a, CMD_GOTO, 1234);
	exec(b, CMD_GOTO, 1234);
	fa = check_frame(a, 120, 40);
	fb = check_frame(b, 120, 40);
	ck_assert_str_eq(fa, fb);
	free(fa);
	free(fb);
	exec(a, CMD_START, 0);
	ck_assert_uint_eq(app_event_no(a), 0);
	app_free(a);
	app_free(b);
}
END_TEST

/* A fresh application: a file of `bytes`, readahead ra_pages (0: default). */
static struct app *
new_app_ra(uint64_t bytes, uint64_t ra_pages)
{
	struct sim_config	 c;
	struct app		*a;

	sim_config_default(&c);
	c.file_pages = bytes / SIM_PAGE_SIZE;
	if (ra_pages != 0)
		c.ra_pages = ra_pages;
	a = app_new(&c);
	ck_assert_ptr_nonnull(a);
	return (a);
}

/* A fresh application on the default scenario with a file of `bytes`. */
static struct app *
new_app_size(uint64_t bytes)
{
	return (new_app_ra(bytes, 0));
}

/*
 * Reach event n (or the end) by playing: app_tick() steps every event
 * through the renderer, never a quiet jump, and in compare mode the ticks
 * are short enough that the second run steps each of its events too (200
 * events of the default run are well within twice RENDER_SPAN_NS, beyond
 * which a compare half lands near its time, timeline.c's sync_far()).
 * Paused at the default speed afterwards, as a jump leaves it.
 */
static void
play_to(struct app *a, uint64_t n)
{
	exec(a, CMD_SPEED, 5000);
	exec(a, CMD_PLAY, 0);
	while (app_state(a)->playing &&
	    app_event_no(a) + app_tick_events(a) <= n)
		CHECK_HOT(app_tick(a) == 0);
	exec(a, CMD_SPEED, 1);
	while (app_state(a)->playing && app_event_no(a) < n)
		CHECK_HOT(app_tick(a) == 0);
	exec(a, CMD_PAUSE, 0);
	exec(a, CMD_SPEED, APP_SPEED_DEFAULT);
	ck_assert_uint_eq(sim_stats(app_sim(a))->skipped_reads, 0);
	if (app_other(a) != NULL)
		ck_assert_uint_eq(sim_stats(app_other(a))->skipped_reads, 0);
}

/* a and b draw the same pictures, small and large (wide lanes). */
static void
same_frames(struct app *a, struct app *b)
{
	static const unsigned	sz[][2] = { { 80, 24 }, { 132, 43 },
				    { 250, 70 } };
	char			*fa, *fb;
	size_t			 i;

	ck_assert_uint_eq(app_event_no(a), app_event_no(b));
	for (i = 0; i < sizeof sz / sizeof sz[0]; i++) {
		fa = check_frame(a, sz[i][0], sz[i][1]);
		fb = check_frame(b, sz[i][0], sz[i][1]);
		/* Frames this large overflow Check's message: say where. */
		if (strcmp(fa, fb) != 0)
			fprintf(stderr, "jumped:\n%s\nstepped:\n%s", fa, fb);
		ck_assert_msg(strcmp(fa, fb) == 0, "%ux%u frames differ at "
		    "event %llu", sz[i][0], sz[i][1],
		    (unsigned long long)app_event_no(a));
		free(fa);
		free(fb);
	}
}

/*
 * G on a 1 GiB file jumps quietly over most of the run and still draws
 * what stepping every event draws (lanes, narration, event counter); so do
 * a long jump forward and moves back from the end.
 */
START_TEST(test_end_fast_exact)
{
	static const uint64_t	back[] = { 1, 2, 100, 8191, 8192, 8193,
				    20000, 40000 };
	struct app		*a = new_app_size(1ull << 30), *b;
	uint64_t		 end;
	size_t			 i;
	char			 num[32];
	char			*f;

	exec(a, CMD_END, 0);
	ck_assert_int_ne(sim_done(app_sim(a)), 0);
	end = app_event_no(a);
	ck_assert_uint_eq(end, sim_stats(app_sim(a))->events);
	/* The quiet path ran: it skips repeated reads, stepping never does. */
	ck_assert_uint_gt(sim_stats(app_sim(a))->skipped_reads, 0);
	ck_assert_uint_gt(end, 4 * RENDER_HISTORY);
	b = new_app_size(1ull << 30);
	play_to(b, UINT64_MAX);
	ck_assert_uint_eq(app_event_no(b), end);
	same_frames(a, b);
	f = check_frame(a, 80, 24);
	snprintf(num, sizeof num, "event %llu ", (unsigned long long)end);
	ck_assert_ptr_nonnull(strstr(f, num));
	free(f);
	app_free(b);
	for (i = 0; i < sizeof back / sizeof back[0]; i++) {
		exec(a, CMD_GOTO, (int64_t)(end - back[i]));
		b = new_app_size(1ull << 30);
		play_to(b, end - back[i]);
		same_frames(a, b);
		/* One step back from there, as N does. */
		exec(a, CMD_BACK, 1);
		exec(b, CMD_BACK, 1);
		same_frames(a, b);
		app_free(b);
	}
	/*
	 * Just after where G lands quietly, back from the end each time (G
	 * from the start, so that it jumps): a checkpoint taken before the
	 * renderer had its history back would show stale narration here
	 * (they are 256 events apart at first).
	 */
	b = new_app_size(1ull << 30);
	for (i = end - RENDER_HISTORY - 16; i < end - RENDER_HISTORY + 288;
	    i += 16) {
		exec(a, CMD_START, 0);
		exec(a, CMD_END, 0);
		exec(a, CMD_GOTO, (int64_t)i);
		play_to(b, i);
		same_frames(a, b);
	}
	app_free(b);
	/* A long jump forward from the start lands exactly too. */
	exec(a, CMD_START, 0);
	exec(a, CMD_GOTO, 30000);
	b = new_app_size(1ull << 30);
	play_to(b, 30000);
	same_frames(a, b);
	app_free(b);
	app_free(a);
}
END_TEST

/*
 * The reference of test_end_fast_toggle: a 1 GiB run patched at event 1000,
 * cycled at 4000 (fixed -> legacy), played to event n.
 */
static struct app *
toggled_run(uint64_t n)
{
	struct app	*b = new_app_size(1ull << 30);

	play_to(b, 1000);
	exec(b, CMD_PLUG, 0);
	play_to(b, 4000);
	exec(b, CMD_CYCLE, 0);
	play_to(b, n);
	return (b);
}

/* A live patch before G: the quiet run applies it at the same event. */
START_TEST(test_end_fast_toggle)
{
	struct app	*a = new_app_size(1ull << 30), *b;
	uint64_t	 end;

	exec(a, CMD_GOTO, 1000);
	exec(a, CMD_PLUG, 0);
	exec(a, CMD_STEP, 3000);
	exec(a, CMD_CYCLE, 0);		/* fixed -> legacy, pending */
	exec(a, CMD_GOTO, 500);		/* back: both toggles forgotten */
	exec(a, CMD_GOTO, 1000);
	exec(a, CMD_PLUG, 0);
	exec(a, CMD_STEP, 3000);
	exec(a, CMD_CYCLE, 0);
	exec(a, CMD_END, 0);
	end = app_event_no(a);
	ck_assert_int_eq(sim_mode(app_sim(a)), SIM_MODE_LEGACY);
	b = toggled_run(UINT64_MAX);
	ck_assert_uint_eq(app_event_no(b), end);
	same_frames(a, b);
	app_free(b);
	/* Back to the middle: restored from event 0's side of the toggles. */
	exec(a, CMD_GOTO, end / 2);
	b = toggled_run(end / 2);
	same_frames(a, b);
	app_free(b);
	app_free(a);
}
END_TEST

/*
 * Toggles ahead of a quiet jump (kept by going back past them from the end)
 * apply at their exact event numbers.  With 512 KiB readahead the engine
 * has made more events than it has handed out at the checkpoints (every
 * 256 events), so the jump starts in the middle of a burst of events.
 */
START_TEST(test_jump_over_toggle)
{
	struct app	*a, *b;
	uint64_t	 p, mid;

	for (p = 760; p < 780; p++) {
		a = new_app_ra(4ull << 30, 128);
		exec(a, CMD_GOTO, (int64_t)p);
		exec(a, CMD_PLUG, 0);
		exec(a, CMD_END, 0);
		ck_assert_int_ne(sim_done(app_sim(a)), 0);
		mid = app_event_no(a) / 2;
		ck_assert_uint_gt(mid, p + 3 * RENDER_HISTORY);
		exec(a, CMD_GOTO, (int64_t)mid);
		b = new_app_ra(4ull << 30, 128);
		play_to(b, p);
		exec(b, CMD_PLUG, 0);
		play_to(b, mid);
		same_frames(a, b);
		ck_assert_int_eq(sim_mode(app_sim(a)), SIM_MODE_FIXED);
		app_free(a);
		app_free(b);
	}
}
END_TEST

/*
 * Compare mode: G brings the second run to the same simulated time quietly
 * too (it has far more events by then), and both halves draw what
 * stepping draws; so do moves back from the end and a long jump.
 */
START_TEST(test_compare_end_fast)
{
	static const uint64_t	back[] = { 1, 3000, 20000 };
	static const uint64_t	mid[] = { 9000, 9876, 7001, 8500 };
	struct app		*a = new_app_size(1ull << 30), *b;
	uint64_t		 end;
	size_t			 i;

	exec(a, CMD_COMPARE, 0);
	exec(a, CMD_END, 0);
	ck_assert_int_ne(sim_done(app_sim(a)), 0);
	ck_assert_int_ne(sim_done(app_other(a)), 0);
	ck_assert_uint_gt(sim_stats(app_other(a))->skipped_reads, 0);
	end = app_event_no(a);
	b = new_app_size(1ull << 30);
	exec(b, CMD_COMPARE, 0);
	play_to(b, UINT64_MAX);
	same_frames(a, b);
	app_free(b);
	for (i = 0; i < sizeof back / sizeof back[0]; i++) {
		exec(a, CMD_GOTO, (int64_t)(end - back[i]));
		b = new_app_size(1ull << 30);
		exec(b, CMD_COMPARE, 0);
		play_to(b, end - back[i]);
		same_frames(a, b);
		app_free(b);
	}
	/*
	 * The fixed run is over by a fifth of the buggy run's time: these
	 * land it mid-run, 40000 to 58000 events in, from the start (where
	 * it has at first only its first checkpoint, so it must jump) and
	 * from the end.
	 */
	for (i = 0; i < sizeof mid / sizeof mid[0]; i++) {
		exec(a, CMD_START, 0);
		exec(a, CMD_GOTO, (int64_t)mid[i]);
		ck_assert_int_eq(sim_done(app_other(a)), 0);
		/* Later, a checkpoint kept ahead may serve (timeline.h). */
		if (i == 0)
			ck_assert_uint_gt(sim_stats(app_other(a))->skipped_reads,
			    0);
		b = new_app_size(1ull << 30);
		exec(b, CMD_COMPARE, 0);
		play_to(b, mid[i]);
		same_frames(a, b);
		exec(a, CMD_END, 0);
		exec(a, CMD_GOTO, (int64_t)mid[i]);
		same_frames(a, b);
		app_free(b);
	}
	app_free(a);
}
END_TEST

/* The moments T1..T5 of a run of cfg: their meanings, full and short. */
struct told {
	struct narrate_moment	 m;
	char			 full[256], brief[256];
};

/* Run cfg until T5 (or the end), noting each moment as the screen does. */
static int
tell_moments(const struct sim_config *cfg, struct told *out)
{
	struct sim		*s = sim_new(cfg);
	struct view		*v;
	struct sim_event	 e;
	struct view_event	 ve;
	uint64_t		 ahead = 0;
	int			 n = 0;

	ck_assert_ptr_nonnull(s);
	v = feed_view(s);
	memset(out, 0, 5 * sizeof *out);
	/* out[k] is T(k+1); a run labels only the moments it shows. */
	while (n < 5 && sim_step(s, &e) == 1) {
		feed_step(v, &ahead, s, &e);
		if (e.label == 0)
			continue;
		ck_assert_int_gt(e.label, n);
		n = e.label;
		feed_event(&ve, &e);
		narrate_moment(&out[n - 1].m, v, &ve);
		narrate_label(out[n - 1].full, sizeof out[n - 1].full,
		    &out[n - 1].m, view_config(v));
		narrate_label_short(out[n - 1].brief, sizeof out[n - 1].brief,
		    &out[n - 1].m, view_config(v));
	}
	view_free(v);
	sim_free(s);
	return (n);
}

/* A size in pages as the meanings write it. */
static const char *
pages_str(char *b, size_t n, uint64_t pages)
{
	return (fmt_bytes(b, n, pages * SIM_PAGE_SIZE));
}

/*
 * The meanings of T1..T5 tell the sizes of this run, not the default's
 * 256 KiB: the window at T1, T3 and T4, the request at T2 and at a T5
 * flush, the page at any other T5; and the story follows the mode.
 */
/* The patch's notation: offsets from the read's first page A. */
START_TEST(test_patch_notation)
{
	char	b[32];

	ck_assert_str_eq(narrate_patch(b, sizeof b, 0, 32), "A+128k");
	ck_assert_str_eq(narrate_patch(b, sizeof b, 0, 0), "A");
	ck_assert_str_eq(narrate_patch(b, sizeof b, 256, 288), "A+128k");
	ck_assert_str_eq(narrate_patch(b, sizeof b, 0, 256), "A+1M");
	ck_assert_str_eq(narrate_patch(b, sizeof b, 0, 96), "A+384k");
	ck_assert_str_eq(narrate_patch(b, sizeof b, 256, 100), "");
	ck_assert_str_eq(narrate_patch(b, sizeof b, SIM_NONE, 100), "");
	ck_assert_str_eq(narrate_patch(b, sizeof b, 0, SIM_NONE), "");
}
END_TEST

START_TEST(test_label_sizes)
{
	static const struct {
		uint64_t	 bs, ra;	/* pages */
		enum sim_mode	 mode;
		const char	*dev;
	} sc[] = {
		{ 256, 32, SIM_MODE_BUGGY, "report" },
		{ 1, 32, SIM_MODE_BUGGY, "report" },
		{ 16, 32, SIM_MODE_BUGGY, "report" },
		{ 64, 32, SIM_MODE_BUGGY, "report" },
		{ 256, 128, SIM_MODE_BUGGY, "report" },
		{ 1024, 128, SIM_MODE_BUGGY, "hdd" },
		{ 256, 1, SIM_MODE_BUGGY, "report" },
		{ 4096, 4096, SIM_MODE_BUGGY, "nvme" },
		{ 256, 32, SIM_MODE_FIXED, "report" },
		{ 1, 32, SIM_MODE_FIXED, "report" },
		{ 256, 128, SIM_MODE_FIXED, "sata3" },
		{ 256, 32, SIM_MODE_LEGACY, "report" },
		{ 4, 32, SIM_MODE_LEGACY, "hdd" },
	};
	struct sim_config	 c;
	struct told		 t[5];
	const struct view_event	*e;
	char			 sz[32], want[64];
	size_t			 i;
	int			 k;

	for (i = 0; i < sizeof sc / sizeof sc[0]; i++) {
		sim_config_default(&c);
		c.read_pages = sc[i].bs;
		c.ra_pages = sc[i].ra;
		c.mode = sc[i].mode;
		c.device = *sim_preset_find(sc[i].dev);
		/*
		 * Reads of one page never show T3..T5 (model.md §6); nor does
		 * the hdd with a 512 KiB window, whose second request is not
		 * done when the reader reaches the marker (it sleeps there).
		 */
		ck_assert_int_eq(tell_moments(&c, t), sc[i].bs == 1 ||
		    (sc[i].bs == 1024 && sc[i].ra == 128) ? 2 : 5);
		for (k = 0; k < 5; k++) {
			e = &t[k].m.ev;
			if (e->label == 0)
				continue;
			snprintf(want, sizeof want, "T%d: ", k + 1);
			ck_assert_int_eq(strncmp(t[k].full, want, 4), 0);
			ck_assert_int_eq(strncmp(t[k].brief, want, 4), 0);
			ck_assert_uint_le(strlen(t[k].brief), NARRATE_SHORT);
			if (k == 0 && e->marker != SIM_NONE)
				snprintf(want, sizeof want, " %s",
				    pages_str(sz, sizeof sz, e->marker));
			else if (k < 4 || e->kind == VIEW_EV_DISPATCH)
				snprintf(want, sizeof want, " %s",
				    pages_str(sz, sizeof sz, e->npages));
			else
				snprintf(want, sizeof want, "page %llu",
				    (unsigned long long)t[k].m.page);
			ck_assert_msg(strstr(t[k].full, want) != NULL,
			    "scenario %zu: '%s' lacks '%s'", i, t[k].full,
			    want);
		}
		/* The default's number only where it is this run's. */
		if (c.ra_pages != 32)
			for (k = 0; k < 5; k++)
				ck_assert_msg(strstr(t[k].full, "256 KiB") ==
				    NULL || t[k].m.ev.npages == 64 ||
				    t[k].m.req_pages == 64, "scenario %zu: %s",
				    i, t[k].full);
		if (i == 0) {
			/* The patch's story, in the default scenario. */
			ck_assert_str_eq(t[0].full, "T1: the first window is "
			    "two: [0,32) + [32,64), 128 KiB each, marker on 32; "
			    "inside the outer plug the bios merge into one 256 "
			    "KiB request, not sent yet");
			ck_assert_ptr_nonnull(strstr(t[2].full,
			    "the device sits idle"));
			/* The patch's T3 and T5 wording: A+128k, A+256k. */
			ck_assert_ptr_nonnull(strstr(t[2].full,
			    "page 32 = A+128k"));
			ck_assert_ptr_nonnull(strstr(t[4].full,
			    "page 64 = A+256k"));
			ck_assert_ptr_nonnull(strstr(t[4].full,
			    "the pipeline broke"));
		}
		if (c.mode == SIM_MODE_FIXED && t[2].m.ev.label != 0) {
			ck_assert_ptr_nonnull(strstr(t[1].full,
			    "read_pages() finishes its plug"));
			ck_assert_ptr_nonnull(strstr(t[2].full,
			    "is sent at once"));
			ck_assert_ptr_null(strstr(t[4].full, "broken"));
		}
	}
	/* 4 KiB reads: a 16 KiB first window, never "256 KiB". */
	sim_config_default(&c);
	c.read_pages = 1;
	ck_assert_int_eq(tell_moments(&c, t), 2);
	for (k = 0; k < 5; k++)
		ck_assert_ptr_null(strstr(t[k].full, "256 KiB"));
	ck_assert_ptr_nonnull(strstr(t[0].full, "[0,1) 4 KiB + [1,4) 12 KiB"));
	ck_assert_ptr_nonnull(strstr(t[0].full, "one 16 KiB request"));
}
END_TEST

/*
 * The 45-column lane strip (80x24, ASCII) of row `name` in frame f: its last
 * row of that name (the reader's own row above the strips comes first).
 */
static void
lane_strip(const char *f, const char *name, char *out, size_t len)
{
	const char	*p = NULL, *q;
	size_t		 i;

	for (q = strstr(f, name); q != NULL; q = strstr(q + 1, name))
		p = q;
	ck_assert_ptr_nonnull(p);
	ck_assert_uint_gt(len, 45);
	p += strlen(name);
	for (i = 0; i < 45; i++) {
		CHECK_HOT(p[i] != '\0' && p[i] != '\n');
		out[i] = p[i];
	}
	out[i] = '\0';
}

/*
 * The lanes' columns are fixed 100 us slices of simulated time: stepping
 * on, every past column keeps its glyph, shifted left by the slices that
 * passed; only the column of now may change.  Over the first 400 events
 * (the pipeline break and the waking device included).
 */
START_TEST(test_lanes_fixed_slices)
{
	static const char *const rows[3] = {
		"\n  reader ", "\n    plug ", "\n  device "
	};
	struct app	*a = new_app();
	char		 prev[3][256], cur[3][256], *f;
	uint64_t	 pk = 0, k, shift;
	size_t		 w, l, i;
	int		 n;

	for (n = 0; n < 400; n++) {
		exec(a, CMD_STEP, 1);
		f = check_frame(a, 80, 24);
		k = sim_stats(app_sim(a))->now_ns / 100000;
		for (l = 0; l < 3; l++)
			lane_strip(f, rows[l], cur[l], sizeof cur[l]);
		free(f);
		if (n > 0) {
			shift = k - pk;
			for (l = 0; l < 3; l++) {
				w = strlen(cur[l]);
				ck_assert_uint_eq(w, strlen(prev[l]));
				/* Past columns of the previous frame. */
				for (i = 0; i + 1 < w; i++) {
					if (i < shift)
						continue;
					CHECK_HOT_MSG(prev[l][i] ==
					    cur[l][i - shift],
					    "event %d lane %zu col %zu: %s -> "
					    "%s", n, l, i, prev[l], cur[l]);
				}
			}
		}
		memcpy(prev, cur, sizeof prev);
		pk = k;
	}
	app_free(a);
}
END_TEST

/*
 * Every form of every meaning, with the largest sizes, page numbers and
 * times, fits the narrowest screen in its short form, and is plain
 * printable ASCII.
 */
START_TEST(test_label_fits)
{
	static const uint64_t	np[] = { 1, 3, 64, 255, 8191, 65536 };
	static const enum view_ev kind[5][3] = {
		{ VIEW_EV_RA_SYNC }, { VIEW_EV_DISPATCH }, { VIEW_EV_RA_ASYNC },
		{ VIEW_EV_RA_ASYNC },
		{ VIEW_EV_DISPATCH, VIEW_EV_WAIT, VIEW_EV_COPY },
	};
	struct sim_config	 sc;
	struct view_config	 c;
	struct narrate_moment	 m;
	char			 full[256], brief[256], head[8];
	const size_t		 nn = sizeof np / sizeof np[0];
	size_t			 x, a, b, i;
	int			 l, mode, k, bits;

	sim_config_default(&sc);
	feed_config(&c, &sc);
	/* x runs over label, mode, T5's event kind, facts, two sizes. */
	for (x = 0; x < 5 * SIM_MODE_COUNT * 3 * 32 * nn * nn; x++) {
		b = x % nn;
		a = x / nn % nn;
		bits = (int)(x / nn / nn % 32);
		k = (int)(x / nn / nn / 32 % 3);
		mode = (int)(x / nn / nn / 32 / 3 % SIM_MODE_COUNT);
		l = (int)(x / nn / nn / 32 / 3 / SIM_MODE_COUNT) + 1;
		if (l < 5 && k > 0)
			continue;
		memset(&m, 0, sizeof m);
		m.ev.label = l;
		m.ev.mode = (enum view_mode)mode;
		m.ev.kind = kind[l - 1][k];
		m.ev.npages = np[a];
		m.ev.first = 1ull << 40;
		m.ev.hit = m.ev.first - np[b];
		m.ev.marker = bits & 16 ? VIEW_NONE : m.ev.first + 99999;
		m.held = bits & 1;
		m.ready = bits & 2;
		m.busy = bits & 4;
		m.asleep = bits & 8;
		m.page = (1ull << 40) + 99999;
		m.req_pages = np[b];
		m.since = bits & 16 ? VIEW_NONE : 999999999999ull;
		c.max_req_pages = (uint32_t)np[b];
		narrate_label(full, sizeof full, &m, &c);
		narrate_label_short(brief, sizeof brief, &m, &c);
		snprintf(head, sizeof head, "T%d: ", l);
		if (strncmp(full, head, 4) != 0 ||
		    strncmp(brief, head, 4) != 0 ||
		    strlen(brief) > NARRATE_SHORT)
			ck_abort_msg("'%s' / '%s'", full, brief);
		for (i = 0; full[i] != '\0'; i++)
			if (full[i] < 0x20 || full[i] > 0x7e)
				ck_abort_msg("byte %d in '%s'", full[i], full);
	}
	m.ev.label = 0;
	ck_assert_str_eq(narrate_label_short(brief, sizeof brief, &m, &c), "");
}
END_TEST

/* A toggle, then one step back: the toggle is gone, the picture as before. */
START_TEST(test_toggle_back_undoes)
{
	struct app	*a = new_app();
	char		*f0;

	exec(a, CMD_GOTO, 19);
	f0 = check_frame(a, 80, 24);
	exec(a, CMD_STEP, 1);
	exec(a, CMD_PLUG, 0);
	ck_assert_int_eq(sim_pending_mode(app_sim(a)), SIM_MODE_FIXED);
	ck_assert_int_eq(sim_mode(app_sim(a)), SIM_MODE_BUGGY);
	exec(a, CMD_BACK, 1);
	ck_assert_uint_eq(app_event_no(a), 19);
	ck_assert_int_eq(sim_pending_mode(app_sim(a)), SIM_MODE_BUGGY);
	shows_again(a, f0);
	app_free(a);
}
END_TEST

/* The toggle takes effect at the next read(), survives stepping back to
 * its own event, and changes what happens next. */
START_TEST(test_toggle_effect)
{
	struct app	*a = new_app(), *b = new_app();
	char		*fa, *fb;
	uint64_t	 at;

	exec(a, CMD_GOTO, 20);
	exec(a, CMD_PLUG, 0);
	exec(a, CMD_STEP, 5);
	exec(a, CMD_BACK, 5);
	ck_assert_int_eq(sim_pending_mode(app_sim(a)), SIM_MODE_FIXED);
	while (sim_mode(app_sim(a)) != SIM_MODE_FIXED &&
	    !sim_done(app_sim(a)))
		exec(a, CMD_STEP, 1);
	ck_assert_int_eq(sim_mode(app_sim(a)), SIM_MODE_FIXED);
	/* It happened at a read() boundary. */
	ck_assert_uint_ge(sim_reader(app_sim(a))->read_index, 1);
	at = app_event_no(a);
	exec(a, CMD_STEP, 400);
	exec(b, CMD_STEP, (int64_t)at + 400);
	/* The fixed run has gone further in the same number of events. */
	ck_assert_uint_ne(sim_stats(app_sim(a))->now_ns,
	    sim_stats(app_sim(b))->now_ns);
	/* Back past the toggle: identical to never having toggled. */
	exec(a, CMD_GOTO, 15);
	exec(b, CMD_GOTO, 15);
	ck_assert_int_eq(sim_pending_mode(app_sim(a)), SIM_MODE_BUGGY);
	fa = check_frame(a, 80, 24);
	fb = check_frame(b, 80, 24);
	ck_assert_str_eq(fa, fb);
	free(fa);
	free(fb);
	app_free(a);
	app_free(b);
}
END_TEST

/* m cycles buggy -> fixed -> legacy -> modern -> buggy (pending). */
START_TEST(test_cycle)
{
	struct app	*a = new_app();

	exec(a, CMD_STEP, 3);
	exec(a, CMD_CYCLE, 0);
	ck_assert_int_eq(sim_pending_mode(app_sim(a)), SIM_MODE_FIXED);
	exec(a, CMD_CYCLE, 0);
	ck_assert_int_eq(sim_pending_mode(app_sim(a)), SIM_MODE_LEGACY);
	exec(a, CMD_CYCLE, 0);
	ck_assert_int_eq(sim_pending_mode(app_sim(a)), SIM_MODE_MODERN);
	exec(a, CMD_CYCLE, 0);
	ck_assert_int_eq(sim_pending_mode(app_sim(a)), SIM_MODE_MODERN_BUGGY);
	exec(a, CMD_CYCLE, 0);
	ck_assert_int_eq(sim_pending_mode(app_sim(a)), SIM_MODE_BUGGY);
	exec(a, CMD_MODE, SIM_MODE_LEGACY);
	ck_assert_int_eq(sim_pending_mode(app_sim(a)), SIM_MODE_LEGACY);
	exec(a, CMD_RESTART, 0);
	ck_assert_uint_eq(app_event_no(a), 0);
	ck_assert_int_eq(sim_pending_mode(app_sim(a)), SIM_MODE_BUGGY);
	app_free(a);
}
END_TEST

/* 3 jumps to T3 and the narration says so; going to T1 goes back. */
START_TEST(test_jump)
{
	struct app	*a = new_app();
	char		*f;

	exec(a, CMD_JUMP, 3);
	ck_assert_uint_eq(app_event_no(a), 10);
	f = check_frame(a, 80, 24);
	ck_assert_ptr_nonnull(strstr(f, "T3: marker hit on up-to-date page 32 = A+128k"));
	free(f);
	exec(a, CMD_JUMP, 5);
	ck_assert_uint_eq(app_event_no(a), 17);
	exec(a, CMD_JUMP, 1);
	ck_assert_uint_eq(app_event_no(a), 2);
	app_free(a);
}
END_TEST

/* Compare: two runs on one clock, back-stepping identical too. */
START_TEST(test_compare)
{
	struct app		*a = new_app();
	const struct sim	*o;
	char			*f0;

	exec(a, CMD_GOTO, 600);
	exec(a, CMD_COMPARE, 0);
	ck_assert_int_eq(app_state(a)->compare, 1);
	o = app_other(a);
	ck_assert_ptr_nonnull(o);
	ck_assert_int_eq(sim_mode(o), SIM_MODE_FIXED);
	ck_assert_uint_le(sim_stats(o)->now_ns,
	    sim_stats(app_sim(a))->now_ns);
	/* The fixed run has read further by the same time. */
	ck_assert_uint_gt(sim_reader(o)->pos, sim_reader(app_sim(a))->pos);
	f0 = check_frame(a, 80, 24);
	ck_assert_ptr_nonnull(strstr(f0, "BUGGY"));
	ck_assert_ptr_nonnull(strstr(f0, "FIXED"));
	ck_assert(strstr(f0, "BUGGY") < strstr(f0, "FIXED"));
	exec(a, CMD_STEP, 7);
	exec(a, CMD_BACK, 7);
	shows_again(a, f0);
	exec(a, CMD_COMPARE, 0);
	ck_assert_ptr_null(app_other(a));
	app_free(a);
}
END_TEST

/* Run a command and return the flash message it left (malloc'd frame). */
static char *
exec_flash(struct app *a, enum cmd_kind k, int64_t arg)
{
	char	*f;

	check_exec(a, k, arg);
	ck_assert_int_eq(app_flash_shown(a), 1);
	f = check_frame(a, 80, 24);
	app_flash_clear(a);
	return (f);
}

/* Poll hook for test_move_poll: counts calls, cancels at call `stop`. */
struct poll_probe {
	unsigned	 calls;
	unsigned	 stop;		/* 0: never */
	uint64_t	 last_done, last_total;
};

static int
probe_cb(void *arg, uint64_t done, uint64_t total)
{
	struct poll_probe	*p = arg;

	p->calls++;
	p->last_done = done;
	p->last_total = total;
	return (p->stop != 0 && p->calls >= p->stop);
}

/*
 * A long move (G on a run that steps every event) calls the poll hook
 * between slices with its progress; a hook that says stop cancels it: G
 * returns 0, says "move cancelled", and the run is usable (G again, with a
 * hook that lets it go on, reaches the end the stepped run reaches).
 */
START_TEST(test_move_poll)
{
	struct sim_config	 c;
	struct app		*a, *b;
	struct poll_probe	 p;
	char			*f;

	sim_config_default(&c);
	c.read_pages = 1;
	c.max_req_pages = 1;
	c.file_pages = 65536;
	c.no_skip = 1;
	a = app_new(&c);
	b = app_new(&c);
	ck_assert(a != NULL && b != NULL);
	memset(&p, 0, sizeof p);
	p.stop = 2;
	app_set_poll(a, probe_cb, &p);
	f = exec_flash(a, CMD_END, 0);
	ck_assert_ptr_nonnull(strstr(f, "move cancelled"));
	free(f);
	ck_assert_uint_eq(p.calls, 2);
	ck_assert(!sim_done(app_sim(a)));
	memset(&p, 0, sizeof p);
	exec(a, CMD_END, 0);
	ck_assert_uint_gt(p.calls, 2);
	ck_assert_uint_le(p.last_done, p.last_total);
	ck_assert(sim_done(app_sim(a)));
	play_to(b, UINT64_MAX);
	same_frames(a, b);
	app_free(a);
	app_free(b);
}
END_TEST

/*
 * In compare mode p, m and mode are refused and change nothing: the halves
 * stay buggy above, fixed below, at every later event too.
 */
START_TEST(test_compare_refuses_modes)
{
	static const enum cmd_kind	k[] = { CMD_PLUG, CMD_CYCLE, CMD_MODE };
	struct app			*a = new_app(), *b = new_app();
	char				*f0, *f1;
	size_t				 i;

	exec(a, CMD_GOTO, 20);
	exec(a, CMD_COMPARE, 0);
	exec(b, CMD_GOTO, 20);
	exec(b, CMD_COMPARE, 0);
	f0 = check_frame(a, 80, 24);
	for (i = 0; i < sizeof k / sizeof k[0]; i++) {
		f1 = exec_flash(a, k[i], SIM_MODE_FIXED);
		ck_assert_ptr_nonnull(strstr(f1, "compare shows both modes: "
		    "leave it (c) to patch a run"));
		free(f1);
		ck_assert_int_eq(sim_pending_mode(app_sim(a)), SIM_MODE_BUGGY);
		ck_assert_int_eq(sim_pending_mode(app_other(a)),
		    SIM_MODE_FIXED);
		f1 = check_frame(a, 80, 24);
		ck_assert_str_eq(f0, f1);
		free(f1);
	}
	/* Many reads later, the same as a run that was never asked. */
	exec(a, CMD_STEP, 2000);
	exec(b, CMD_STEP, 2000);
	ck_assert_int_eq(sim_mode(app_sim(a)), SIM_MODE_BUGGY);
	ck_assert_int_eq(sim_mode(app_other(a)), SIM_MODE_FIXED);
	free(f0);
	f0 = check_frame(a, 80, 24);
	f1 = check_frame(b, 80, 24);
	ck_assert_str_eq(f0, f1);
	free(f0);
	free(f1);
	/* Out of compare, p works again. */
	exec(a, CMD_COMPARE, 0);
	exec(a, CMD_PLUG, 0);
	ck_assert_int_eq(sim_pending_mode(app_sim(a)), SIM_MODE_FIXED);
	app_free(a);
	app_free(b);
}
END_TEST

/*
 * A live-patched run enters compare all the same (issue 23: c never does
 * nothing): the run is taken again unpatched in the mode last asked for,
 * to the same simulated time, and the flash says the patch is dropped.
 */
START_TEST(test_compare_needs_unpatched)
{
	struct app	*a = new_app();
	enum sim_mode	 m;
	char		*f;

	exec(a, CMD_GOTO, 20);
	exec(a, CMD_PLUG, 0);
	f = exec_flash(a, CMD_COMPARE, 0);
	ck_assert_int_eq(app_state(a)->compare, 1);
	ck_assert_ptr_nonnull(strstr(f, "compare: the live patch is dropped"
	    " - FIXED and BUGGY"));
	ck_assert_int_eq(sim_config(app_sim(a))->mode, SIM_MODE_FIXED);
	ck_assert_int_eq(sim_config(app_other(a))->mode, SIM_MODE_BUGGY);
	ck_assert_ptr_nonnull(strstr(f, "FIXED - patch"));
	ck_assert_ptr_nonnull(strstr(f, "BUGGY - 2.6.39"));
	free(f);
	exec(a, CMD_COMPARE, 0);
	/* m m from fixed (legacy, then modern), then c: compare, no silence. */
	exec(a, CMD_CYCLE, 0);
	exec(a, CMD_CYCLE, 0);
	m = sim_pending_mode(app_sim(a));
	ck_assert_int_ne(m, SIM_MODE_FIXED);
	f = exec_flash(a, CMD_COMPARE, 0);
	ck_assert_int_eq(app_state(a)->compare, 1);
	ck_assert_int_eq(sim_config(app_sim(a))->mode, m);
	free(f);
	exec(a, CMD_COMPARE, 0);
	/* A toggle that stays in the configured mode is no patch. */
	exec(a, CMD_MODE, SIM_MODE_BUGGY);
	exec(a, CMD_COMPARE, 0);
	ck_assert_int_eq(app_state(a)->compare, 1);
	exec(a, CMD_COMPARE, 0);
	app_free(a);
}
END_TEST

/*
 * A back end that draws into a text grid wider than the screen it is asked
 * for, so that anything put past the right edge shows up.
 */
struct wide {
	struct render_text	*t;
	unsigned		 cols, rows;
};

static void
wide_begin(void *be, unsigned cols, unsigned rows)
{
	struct wide	*w = be;

	w->cols = cols;
	w->rows = rows;
	render_text_ops.begin(w->t, cols + 60, rows);
}

static void
wide_put(void *be, unsigned y, unsigned x, enum render_role role,
    const char *s)
{
	struct wide	*w = be;

	render_text_ops.put(w->t, y, x, role, s);
}

static void
wide_end(void *be)
{
	struct wide	*w = be;

	render_text_ops.end(w->t);
}

static const struct render_ops wide_ops = {
	"wide", wide_begin, wide_put, wide_end
};

/* Characters in a UTF-8 string. */
static size_t
u8cells(const char *s, size_t n)
{
	size_t	c = 0, i;

	for (i = 0; i < n; i++)
		if (((unsigned char)s[i] & 0xc0) != 0x80)
			c++;
	return (c);
}

/*
 * Draw a at cols x rows and check that every row stays inside the screen
 * and the bottom row leaves its last cell alone (curses cannot write it);
 * returns the picture.
 */
static char *
frame_fits(struct app *a, unsigned cols, unsigned rows)
{
	struct wide	 w;
	char		*buf = NULL, *p, *nl;
	size_t		 len = 0;
	unsigned	 y = 0, max;
	FILE		*f = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(f);
	w.t = render_text_new();
	ck_assert_ptr_nonnull(w.t);
	app_draw(a, &wide_ops, &w, cols, rows);
	render_text_write(w.t, f);
	fclose(f);
	render_text_free(w.t);
	for (p = buf; (nl = strchr(p, '\n')) != NULL; p = nl + 1, y++) {
		max = y + 1 == rows ? cols - 1 : cols;
		if (u8cells(p, (size_t)(nl - p)) > max)
			ck_abort_msg("%ux%u row %u is wider than %u:\n%.*s",
			    cols, rows, y, max, (int)(nl - p), p);
	}
	ck_assert_uint_eq(y, rows);
	return (buf);
}

/* Every row fits at 80x24 and 120x40, one run or compare, both glyph sets. */
START_TEST(test_rows_fit)
{
	static const uint64_t	at[] = { 0, 1, 17, 50, 300, 1500 };
	static const unsigned	size[][2] = { { 80, 24 }, { 120, 40 },
				    { 100, 30 } };
	struct app		*a = new_app();
	size_t			 i, k, z;
	int			 g, c, t;

	for (g = 0; g < 2; g++) {
		app_set_glyphs(a, g ? &render_unicode : &render_ascii);
		for (c = 0; c < 2; c++) {
			for (z = 0; z < 3; z++) {
				for (t = 1; t <= 5; t++) {
					exec(a, CMD_JUMP, t);
					free(frame_fits(a, size[z][0],
					    size[z][1]));
				}
				for (k = 0; k < sizeof at / sizeof at[0];
				    k++) {
					exec(a, CMD_GOTO, (int64_t)at[k]);
					free(frame_fits(a, size[z][0],
					    size[z][1]));
				}
			}
			exec(a, CMD_COMPARE, 0);
		}
		/* A long caption and a long flash, playing fast. */
		exec(a, CMD_SPEED, 100000);
		exec(a, CMD_PLAY, 0);
		app_set_caption(a, "A very long caption from a demo file, "
		    "much longer than any terminal the lesson is given on, "
		    "so that it has to be cut");
		for (c = 0; c < 2; c++) {
			for (i = 0; i < 2; i++) {
				app_flash(a, i ? "a flash message that is "
				    "far too long to share its row with the "
				    "clock, let alone the play state" : "");
				free(frame_fits(a, 80, 24));
				free(frame_fits(a, 120, 40));
			}
			exec(a, CMD_COMPARE, 0);
		}
		exec(a, CMD_PAUSE, 0);
		exec(a, CMD_SPEED, 10);
		app_set_caption(a, NULL);
	}
	app_free(a);
}
END_TEST

/*
 * Cut text ends in an ellipsis after a whole word, "..." in ASCII and the
 * one-cell ellipsis in Unicode; the compare halves at 80x24 show the
 * one-line meaning of T5 whole.
 */
START_TEST(test_ellipsis)
{
	struct app	*a = new_app();
	char		*f, word[200];

	app_set_caption(a, "aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii jjjj "
	    "kkkk llll mmmm nnnn oooo pppp qqqq rrrr ssss tttt uuuu");
	f = frame_fits(a, 80, 24);
	ck_assert_ptr_nonnull(strstr(f, "\naaaa bbbb"));
	ck_assert_ptr_nonnull(strstr(f, " nnnn oooo...\n"));
	free(f);
	app_set_glyphs(a, &render_unicode);
	f = frame_fits(a, 80, 24);
	ck_assert_ptr_nonnull(strstr(f, " oooo pppp\xe2\x80\xa6\n"));
	free(f);
	/* One word longer than the row: cut where the row ends. */
	memset(word, 'w', sizeof word - 1);
	word[sizeof word - 1] = '\0';
	app_set_caption(a, word);
	f = frame_fits(a, 80, 24);
	word[0] = '\n';
	memcpy(word + 80, "\xe2\x80\xa6\n", 5);
	ck_assert_ptr_nonnull(strstr(f, word));
	free(f);
	app_set_caption(a, NULL);
	exec(a, CMD_COMPARE, 0);
	exec(a, CMD_JUMP, 5);
	f = frame_fits(a, 80, 24);
	/* At 80x24 the footer's difference rows take the halves' words. */
	ck_assert_ptr_nonnull(strstr(f, "\nbuggy/fixed: page 64 waits "
	    "5.04ms/836us | 256/128+128 KiB | "));
	ck_assert_ptr_nonnull(strstr(f, "\nnow  buggy: dev waking, plug "
	    "empty | fixed: dev busy 256 KiB, plug empty\n"));
	/* The play state shows beside the compare hint. */
	ck_assert_ptr_nonnull(strstr(f, "PAUSED 10 ev/s\n"));
	free(f);
	/* One run at 80x24: the full meaning over two rows. */
	exec(a, CMD_COMPARE, 0);
	f = frame_fits(a, 80, 24);
	ck_assert_ptr_nonnull(strstr(f, "\nT5: page 64 = A+256k is not up to "
	    "date; lock_page flushes at last: the 256 KiB\n    request "
	    "goes out, the reader waits for it all - the pipeline broke\n"));
	free(f);
	app_free(a);
}
END_TEST

/*
 * The guide to the screen fills the narration rows while they would be
 * blank, with the glyphs in use, and yields to the events as they come.
 */
START_TEST(test_guide)
{
	static const char	 head[] = "How to read this screen";
	struct app		*a = new_app();
	char			*f;

	f = frame_fits(a, 80, 24);
	ck_assert_ptr_nonnull(strstr(f, head));
	ck_assert_ptr_nonnull(strstr(f, "  v reader   [---~~~] readahead "
	    "window"));
	ck_assert_ptr_nonnull(strstr(f, "z asleep"));
	free(f);
	app_set_glyphs(a, &render_unicode);
	f = frame_fits(a, 120, 40);
	ck_assert_ptr_nonnull(strstr(f, "  \xe2\x96\xbc reader   [\xe2\x94"
	    "\x80"));
	free(f);
	/* 80x24: one event needs the room. */
	exec(a, CMD_STEP, 1);
	f = frame_fits(a, 80, 24);
	ck_assert_ptr_null(strstr(f, head));
	ck_assert_ptr_nonnull(strstr(f, "read() #0: 1 MiB at page 0"));
	free(f);
	/* 120x40: room for a few events under it, not for ten. */
	exec(a, CMD_GOTO, 2);
	f = frame_fits(a, 120, 40);
	ck_assert_ptr_nonnull(strstr(f, head));
	ck_assert_ptr_nonnull(strstr(f, "T1: the first window is two: "));
	free(f);
	/* T1 was 3 events before: its box is dim and says so. */
	exec(a, CMD_GOTO, 5);
	f = frame_fits(a, 120, 40);
	ck_assert_ptr_nonnull(strstr(f, "T1 (3 events, 128us ago): "));
	free(f);
	exec(a, CMD_GOTO, 10);
	f = frame_fits(a, 120, 40);
	ck_assert_ptr_null(strstr(f, head));
	free(f);
	/* Not in the compare halves. */
	exec(a, CMD_START, 0);
	exec(a, CMD_COMPARE, 0);
	f = frame_fits(a, 120, 40);
	ck_assert_ptr_null(strstr(f, head));
	free(f);
	app_free(a);
}
END_TEST

/* Line n of f (0-based) into buf, "" if f is shorter. */
static void
copy_line(const char *f, unsigned n, char *buf, size_t len)
{
	const char	*e;

	for (; n > 0 && f != NULL; n--)
		if ((f = strchr(f, '\n')) != NULL)
			f++;
	buf[0] = '\0';
	if (f == NULL)
		return;
	e = strchr(f, '\n');
	snprintf(buf, len, "%.*s", (int)(e != NULL ? e - f : (long)strlen(f)),
	    f);
}

/* The line of f that starts with prefix (after n earlier ones), or NULL. */
static const char *
line_with(const char *f, const char *prefix, int n)
{
	const char	*p = f;
	size_t		 k = strlen(prefix);

	for (;;) {
		if (strncmp(p, prefix, k) == 0 && n-- == 0)
			return (p);
		if ((p = strchr(p, '\n')) == NULL)
			return (NULL);
		p++;
	}
}

/*
 * Every frame of the first 400 events of each mode, ASCII at 80x24: the
 * reader has a row of its own with one glyph (it hides no marker or window
 * edge); while it copies, the lane names the run the log just copied and
 * the glyph stands on its first page; the header's "read #" agrees with the
 * log; the whole legend is there; the moment box is plain only on its own
 * event, dim with its age after, and gone once its read() has returned.
 */
START_TEST(test_reader_truth)
{
	static const enum sim_mode modes[] = {
		SIM_MODE_BUGGY, SIM_MODE_FIXED, SIM_MODE_LEGACY
	};
	struct sim_config	 c;
	struct app		*a;
	char			*f, want[64], last[128], head[128], next[64];
	const char		*row, *lane, *strip, *p;
	unsigned long long	 x, y, first;
	unsigned		 ev, copies = 0, returns = 0, stale = 0;
	unsigned		 next_ev = 0;

	sim_config_default(&c);
	c.mode = modes[_i];
	a = app_new(&c);
	ck_assert_ptr_nonnull(a);
	next[0] = '\0';
	for (ev = 0; ev < 400 && !sim_done(app_sim(a)); ev++) {
		exec(a, CMD_STEP, 1);
		f = check_frame(a, 80, 24);
		if (next[0] != '\0' && strstr(f, next) != NULL)
			next[0] = '\0';
		ck_assert_msg(next[0] == '\0' || ev - next_ev < 4,
		    "event %u: the lane said %s before, the log never did",
		    ev, next);
		ck_assert_ptr_nonnull(strstr(f, "M marker"));
		ck_assert_ptr_nonnull(strstr(f, "[-~] window"));
		/* The reader's row, then the overlay, then the first strip. */
		row = line_with(f, "  reader ", 0);
		lane = line_with(f, "  reader ", 1);
		ck_assert_ptr_nonnull(row);
		ck_assert_ptr_nonnull(lane);
		strip = strchr(strchr(row, '\n') + 1, '\n') + 1;
		ck_assert(sscanf(strip, "%llu", &first) == 1);
		p = strchr(row, 'v');
		ck_assert_msg(p != NULL && p < strchr(row, '\n') &&
		    strchr(p + 1, 'v') > strchr(row, '\n'),
		    "event %u: reader row %.80s", ev, row);
		/* The last event in the log: the row above the footer. */
		copy_line(f, 21, last, sizeof last);
		copy_line(f, 1, head, sizeof head);
		if ((p = strstr(lane, "copying [")) != NULL &&
		    p < strchr(lane, '\n')) {
			ck_assert(sscanf(p, "copying [%llu,%llu)", &x, &y) ==
			    2);
			/*
			 * The engine may copy in the same burst as the last
			 * event shown (a wake-up, a flush): then the copy
			 * comes in the log within that burst's events.
			 */
			snprintf(want, sizeof want, "copy_to_user [%llu,%llu)",
			    x, y);
			if (strstr(f, want) == NULL && next[0] == '\0') {
				snprintf(next, sizeof next, "%s", want);
				next_ev = ev;
			}
			ck_assert_uint_eq((size_t)(strchr(row, 'v') - row),
			    9 + x - first);
			copies++;
		}
		ck_assert_ptr_null(strstr(lane, "copying up to"));
		/* "read() #N returns" last in the log: "read #N returned". */
		if ((p = strstr(last, "read() #")) != NULL &&
		    sscanf(p, "read() #%llu returns", &x) == 1 &&
		    strstr(p, "returns") != NULL) {
			snprintf(want, sizeof want, "read #%llu returned", x);
			ck_assert_msg(strstr(head, want) != NULL,
			    "event %u: header %s lacks %s", ev, head, want);
			returns++;
		} else if (strstr(last, "read() #") != NULL)
			ck_assert_msg(strstr(head, "returned") == NULL,
			    "event %u: %s but %s", ev, last, head);
		if (strstr(f, " ago): ") != NULL)
			stale++;
		free(f);
	}
	ck_assert_uint_gt(copies, 5);
	ck_assert_uint_gt(returns, 0);
	ck_assert_uint_gt(stale, 5);
	app_free(a);
}
END_TEST

/* The moment box leaves when the run moves past its read() or its mode. */
START_TEST(test_moment_box_ages)
{
	struct app	*a = new_app();
	char		*f;

	exec(a, CMD_JUMP, 3);
	f = check_frame(a, 80, 24);
	ck_assert_ptr_nonnull(strstr(f, "\nT3: "));
	free(f);
	exec(a, CMD_STEP, 2);
	f = check_frame(a, 80, 24);
	ck_assert_ptr_nonnull(strstr(f, "\nT3 (2 events, "));
	free(f);
	/* Patch the run: once the mode has flipped, no buggy T-box. */
	exec(a, CMD_JUMP, 5);
	exec(a, CMD_PLUG, 0);
	while (sim_mode(app_sim(a)) != SIM_MODE_FIXED)
		exec(a, CMD_STEP, 1);
	f = check_frame(a, 80, 24);
	ck_assert_ptr_nonnull(strstr(f, "FIXED"));
	ck_assert_ptr_null(strstr(f, "\nT5"));
	ck_assert_ptr_null(strstr(f, "pipeline"));
	free(f);
	/* The end of the run: no moment box, "read #N returned". */
	exec(a, CMD_END, 0);
	f = check_frame(a, 80, 24);
	ck_assert_ptr_null(strstr(f, "\nT5"));
	ck_assert_ptr_nonnull(strstr(f, " returned"));
	free(f);
	app_free(a);
}
END_TEST

/* Help, quit, hook, too small. */
START_TEST(test_misc)
{
	struct app	*a = new_app();
	struct cmd	 q = { CMD_QUIT, 0 };
	char		*f;

	exec(a, CMD_HELP, 0);
	ck_assert_int_eq(app_state(a)->help, 1);
	f = check_frame(a, 80, 24);
	ck_assert_ptr_nonnull(strstr(f, "raviz keys"));
	free(f);
	exec(a, CMD_HELP, -1);
	ck_assert_int_eq(app_state(a)->help, 0);
	exec(a, CMD_HELP, -1);
	ck_assert_int_eq(app_state(a)->help, 0);
	f = check_frame(a, 60, 20);
	ck_assert_ptr_nonnull(strstr(f, "enlarge the terminal to at least "
	    "80x24 (now 60x20)"));
	free(f);
	ck_assert_int_eq(app_exec(a, &q), 1);
	app_free(a);
}
END_TEST

static uint64_t hook_calls, hook_last;
static struct cmd hook_cmd;

/* Record hook calls. */
static void
hook_cb(void *arg, const struct cmd *c, uint64_t ev)
{
	(void)arg;
	hook_cmd = *c;
	hook_calls++;
	hook_last = ev;
}

START_TEST(test_hook)
{
	struct app	*a = new_app();

	app_set_cmd_hook(a, hook_cb, NULL);
	exec(a, CMD_STEP, 4);
	exec(a, CMD_PLUG, 0);
	ck_assert_uint_eq(hook_calls, 2);
	ck_assert_uint_eq(hook_last, 4);
	/* The pace key is recorded as the pace it sets. */
	exec(a, CMD_PACE, CMD_PACE_TOGGLE);
	ck_assert_int_eq(hook_cmd.kind, CMD_PACE);
	ck_assert_int_eq(hook_cmd.arg, CMD_PACE_TIME);
	exec(a, CMD_PACE, CMD_PACE_TOGGLE);
	ck_assert_int_eq(hook_cmd.arg, CMD_PACE_EVENTS);
	app_free(a);
}
END_TEST

/*
 * Captions and messages cannot carry control sequences to the terminal:
 * what could drive it shows as \xNN, the escaped form of every message of
 * the program (fmt_escape()), and text escaped that way already is shown
 * as it is, not escaped twice.
 */
START_TEST(test_caption_escaped)
{
	struct app	*a = new_app();
	char		*f, esc[64];
	size_t		 i;

	app_set_caption(a, "a\x1b[31mb\x7f \xc2\x9b \xe2\x80\xae. \xff\xc3");
	app_flash(a, "m\x07\x9b");
	f = check_frame(a, 80, 24);
	ck_assert_ptr_nonnull(strstr(f,
	    "a\\x1b[31mb\\x7f \\xc2\\x9b \\xe2\\x80\\xae. \\xff\\xc3"));
	ck_assert_ptr_nonnull(strstr(f, "m\\x07\\x9b"));
	for (i = 0; f[i] != '\0'; i++)
		ck_assert(f[i] == '\n' || (unsigned char)f[i] >= 0x20);
	free(f);
	/* A caption escaped by its caller (a demo file's) stays as it is. */
	fmt_escape_str(esc, sizeof esc, "x\x1by\\z \xe2\x96\x88");
	ck_assert_str_eq(esc, "x\\x1by\\\\z \xe2\x96\x88");
	app_set_caption(a, esc);
	f = check_frame(a, 80, 24);
	ck_assert_ptr_nonnull(strstr(f, "x\\x1by\\\\z \xe2\x96\x88"));
	ck_assert_ptr_null(strstr(f, "\\\\x1b"));
	free(f);
	app_free(a);
}
END_TEST

/*
 * Strip labels past 99999999 pages keep their 8 columns: the last six
 * digits after "..", different from strip to strip, never run into the
 * strip (at the end of a 1 TiB file, 268435456 pages).
 */
START_TEST(test_strip_labels_huge)
{
	struct app	*a = new_app_ra((uint64_t)1 << 40, 0);
	char		*f;

	exec(a, CMD_END, 0);
	exec(a, CMD_BACK, 40);
	f = check_frame(a, 80, 24);
	ck_assert_ptr_nonnull(strstr(f, "\n..435200 "));
	ck_assert_ptr_nonnull(strstr(f, "\n..435264 "));
	ck_assert_ptr_null(strstr(f, "\n26843"));
	free(f);
	app_free(a);
}
END_TEST

/* The suite. */
CHECK_SUITE("app", CHECK_CASE("app", 60), CHECK_TEST(test_pacing_ladder),
    CHECK_TEST(test_pacing_values), CHECK_TEST(test_tick),
    CHECK_TEST(test_pace_arith), CHECK_TEST(test_tick_time),
    CHECK_TEST(test_tick_upto), CHECK_TEST(test_step_back_identical),
    CHECK_TEST(test_back_far), CHECK_TEST(test_end_fast_exact),
    CHECK_TEST(test_move_poll), CHECK_TEST(test_end_fast_toggle),
    CHECK_TEST(test_jump_over_toggle), CHECK_TEST(test_compare_end_fast),
    CHECK_TEST(test_toggle_back_undoes), CHECK_TEST(test_toggle_effect),
    CHECK_TEST(test_cycle), CHECK_TEST(test_jump), CHECK_TEST(test_compare),
    CHECK_TEST(test_compare_refuses_modes),
    CHECK_TEST(test_compare_needs_unpatched), CHECK_TEST(test_rows_fit),
    CHECK_TEST(test_ellipsis), CHECK_TEST(test_guide),
    CHECK_TEST(test_lanes_fixed_slices), CHECK_LOOP(test_reader_truth, 3),
    CHECK_TEST(test_moment_box_ages), CHECK_TEST(test_strip_labels_huge),
    CHECK_TEST(test_misc), CHECK_TEST(test_hook),
    CHECK_TEST(test_caption_escaped), CHECK_TEST(test_patch_notation),
    CHECK_TEST(test_label_sizes), CHECK_TEST(test_label_fits))
