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

#include "app.h"

/* The picture of a at cols x rows as a malloc'd string. */
static char *
frame(struct app *a, unsigned cols, unsigned rows)
{
	struct render_text	*t = render_text_new();
	char			*buf = NULL;
	size_t			 len = 0;
	FILE			*f = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(t);
	ck_assert_ptr_nonnull(f);
	app_draw(a, &render_text_ops, t, cols, rows);
	render_text_write(t, f);
	fclose(f);
	render_text_free(t);
	return (buf);
}

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

/* Run a command, which must not fail or quit. */
static void
exec(struct app *a, enum cmd_kind k, int64_t arg)
{
	struct cmd	c;

	c.kind = k;
	c.arg = arg;
	ck_assert_int_eq(app_exec(a, &c), 0);
	/* Flash messages are the loop's business; keep frames comparable. */
	app_flash_clear(a);
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

	ck_assert_int_eq(app_playing(a), 0);
	ck_assert_int_eq(app_tick(a), 0);
	ck_assert_uint_eq(app_event_no(a), 0);
	exec(a, CMD_SPEED, 200);
	exec(a, CMD_PLAY, 0);
	ck_assert_int_eq(app_playing(a), 1);
	ck_assert_uint_eq(app_tick_events(a), 8);
	ck_assert_int_eq(app_tick(a), 0);
	ck_assert_uint_eq(app_event_no(a), 8);
	ck_assert_int_eq(app_tick(a), 0);
	ck_assert_uint_eq(app_event_no(a), 16);
	exec(a, CMD_PLAYPAUSE, 0);
	ck_assert_int_eq(app_playing(a), 0);
	ck_assert_int_eq(app_tick(a), 0);
	ck_assert_uint_eq(app_event_no(a), 16);
	/* Playing to the end stops there. */
	exec(a, CMD_SPEED, 100000);
	exec(a, CMD_PLAY, 0);
	while (app_playing(a))
		ck_assert_int_eq(app_tick(a), 0);
	ck_assert_int_ne(sim_done(app_sim(a)), 0);
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
		f0 = frame(a, 80, 24);
		exec(a, CMD_STEP, 1);
		ck_assert_uint_eq(app_event_no(a), at[i] + 1);
		f1 = frame(a, 80, 24);
		ck_assert_str_ne(f0, f1);
		free(f1);
		exec(a, CMD_BACK, 1);
		ck_assert_uint_eq(app_event_no(a), at[i]);
		f1 = frame(a, 80, 24);
		ck_assert_str_eq(f0, f1);
		free(f0);
		free(f1);
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
	fa = frame(a, 120, 40);
	fb = frame(b, 120, 40);
	ck_assert_str_eq(fa, fb);
	free(fa);
	free(fb);
	exec(a, CMD_START, 0);
	ck_assert_uint_eq(app_event_no(a), 0);
	app_free(a);
	app_free(b);
}
END_TEST

/* A toggle, then one step back: the toggle is gone, the picture as before. */
START_TEST(test_toggle_back_undoes)
{
	struct app	*a = new_app();
	char		*f0, *f1;

	exec(a, CMD_GOTO, 19);
	f0 = frame(a, 80, 24);
	exec(a, CMD_STEP, 1);
	exec(a, CMD_PLUG, 0);
	ck_assert_int_eq(sim_pending_mode(app_sim(a)), SIM_MODE_FIXED);
	ck_assert_int_eq(sim_mode(app_sim(a)), SIM_MODE_BUGGY);
	exec(a, CMD_BACK, 1);
	ck_assert_uint_eq(app_event_no(a), 19);
	ck_assert_int_eq(sim_pending_mode(app_sim(a)), SIM_MODE_BUGGY);
	f1 = frame(a, 80, 24);
	ck_assert_str_eq(f0, f1);
	free(f0);
	free(f1);
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
	fa = frame(a, 80, 24);
	fb = frame(b, 80, 24);
	ck_assert_str_eq(fa, fb);
	free(fa);
	free(fb);
	app_free(a);
	app_free(b);
}
END_TEST

/* m cycles buggy -> fixed -> legacy -> buggy (pending). */
START_TEST(test_cycle)
{
	struct app	*a = new_app();

	exec(a, CMD_STEP, 3);
	exec(a, CMD_CYCLE, 0);
	ck_assert_int_eq(sim_pending_mode(app_sim(a)), SIM_MODE_FIXED);
	exec(a, CMD_CYCLE, 0);
	ck_assert_int_eq(sim_pending_mode(app_sim(a)), SIM_MODE_LEGACY);
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
	f = frame(a, 80, 24);
	ck_assert_ptr_nonnull(strstr(f, "T3: marker hit on an up-to-date"));
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
	char			*f0, *f1;

	exec(a, CMD_GOTO, 600);
	exec(a, CMD_COMPARE, 0);
	ck_assert_int_eq(app_compare(a), 1);
	o = app_other(a);
	ck_assert_ptr_nonnull(o);
	ck_assert_int_eq(sim_mode(o), SIM_MODE_FIXED);
	ck_assert_uint_le(sim_stats(o)->now_ns,
	    sim_stats(app_sim(a))->now_ns);
	/* The fixed run has read further by the same time. */
	ck_assert_uint_gt(sim_reader(o)->pos, sim_reader(app_sim(a))->pos);
	f0 = frame(a, 80, 24);
	ck_assert_ptr_nonnull(strstr(f0, "BUGGY"));
	ck_assert_ptr_nonnull(strstr(f0, "FIXED"));
	ck_assert(strstr(f0, "BUGGY") < strstr(f0, "FIXED"));
	exec(a, CMD_STEP, 7);
	exec(a, CMD_BACK, 7);
	f1 = frame(a, 80, 24);
	ck_assert_str_eq(f0, f1);
	free(f0);
	free(f1);
	exec(a, CMD_COMPARE, 0);
	ck_assert_ptr_null(app_other(a));
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
	ck_assert_int_eq(app_help_shown(a), 1);
	f = frame(a, 80, 24);
	ck_assert_ptr_nonnull(strstr(f, "raviz keys"));
	free(f);
	exec(a, CMD_HELP, -1);
	ck_assert_int_eq(app_help_shown(a), 0);
	exec(a, CMD_HELP, -1);
	ck_assert_int_eq(app_help_shown(a), 0);
	f = frame(a, 60, 20);
	ck_assert_ptr_nonnull(strstr(f, "enlarge the terminal to at least "
	    "80x24 (now 60x20)"));
	free(f);
	ck_assert_int_eq(app_exec(a, &q), 1);
	app_free(a);
}
END_TEST

static uint64_t hook_calls, hook_last;

/* Record hook calls. */
static void
hook_cb(void *arg, const struct cmd *c, uint64_t ev)
{
	(void)arg;
	(void)c;
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
	app_free(a);
}
END_TEST

/* Captions cannot carry control sequences to the terminal. */
START_TEST(test_sanitize)
{
	char	out[64];

	app_sanitize(out, sizeof out, "a\x1b[31mb\x7f");
	ck_assert_str_eq(out, "a^[[31mb^?");
	app_sanitize(out, sizeof out, "\xc2\x9b" "2J");
	ck_assert_str_eq(out, "\\xc2\\x9b2J");
	app_sanitize(out, sizeof out, "caf\xc3\xa9 \xe2\x96\x88");
	ck_assert_str_eq(out, "caf\xc3\xa9 \xe2\x96\x88");
	app_sanitize(out, sizeof out, "\xff\xc3");
	ck_assert_str_eq(out, "\\xff\\xc3");
	app_sanitize(out, 4, "abcdef");
	ck_assert_str_eq(out, "abc");
}
END_TEST

/* The suite. */
static Suite *
app_suite(void)
{
	Suite	*s = suite_create("app");
	TCase	*tc = tcase_create("app");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_pacing_ladder);
	tcase_add_test(tc, test_pacing_values);
	tcase_add_test(tc, test_tick);
	tcase_add_test(tc, test_step_back_identical);
	tcase_add_test(tc, test_back_far);
	tcase_add_test(tc, test_toggle_back_undoes);
	tcase_add_test(tc, test_toggle_effect);
	tcase_add_test(tc, test_cycle);
	tcase_add_test(tc, test_jump);
	tcase_add_test(tc, test_compare);
	tcase_add_test(tc, test_misc);
	tcase_add_test(tc, test_hook);
	tcase_add_test(tc, test_sanitize);
	suite_add_tcase(s, tc);
	return (s);
}

/* Run the suite. */
int
main(void)
{
	SRunner	*sr = srunner_create(app_suite());
	int	 failed;

	srunner_run_all(sr, CK_ENV);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return (failed == 0 ? 0 : 1);
}
