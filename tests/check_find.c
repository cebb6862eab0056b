/*
 * check_find.c - naming a place instead of stepping to it (app-find.c,
 * timeline-find.c): a time (CMD_GOTO_TIME), a click on a lane column or
 * on a page of the last picture, the prompt line's `:` and `/`.  Each
 * answer is checked against the engine stepped event by event from the
 * start: the events at or before a time, the first event after which a
 * page is in its state, the next event whose narration says a text.
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

/* The default run's events at or before time t, stepping from event 0. */
static uint64_t
ref_count_at(uint64_t t)
{
	struct sim_config	 c;
	struct sim		*s;
	struct sim_event	 e;
	uint64_t		 n = 0;

	sim_config_default(&c);
	s = sim_new(&c);
	while (sim_step(s, &e) == 1 && e.t_ns <= t)
		n++;
	sim_free(s);
	return (n);
}

/*
 * The first k such that page p is, after k events of the default run, in
 * the state it has after `now` events.
 */
static uint64_t
ref_page_since(uint64_t p, uint64_t now)
{
	struct sim_config	 c;
	struct sim		*s;
	struct sim_event	 e;
	enum sim_page		 st[8192];
	uint64_t		 k;

	ck_assert_uint_lt(now, 8192);
	sim_config_default(&c);
	s = sim_new(&c);
	st[0] = sim_page_state(s, p);
	for (k = 1; k <= now; k++) {
		ck_assert_int_eq(sim_step(s, &e), 1);
		st[k] = sim_page_state(s, p);
	}
	sim_free(s);
	for (k = 0; st[k] != st[now]; k++)
		;
	return (k);
}

/* Carry out c on a; it must succeed. */
static void
run(struct app *a, const struct cmd *c)
{
	ck_assert_int_eq(app_exec(a, c), 0);
}

/* CMD_GOTO_TIME lands on the last event at or before its time. */
START_TEST(test_goto_time)
{
	static const uint64_t	 t[] = { 0, 1210000, 3500000, 60000000,
	    126660000, 126660001, 10000000000ULL, 3500000, 999 };
	struct app		*a = new_app();
	uint64_t		 want;
	size_t			 i;

	/* Forward and back, from wherever the run is. */
	for (i = 0; i < sizeof t / sizeof t[0]; i++) {
		check_exec(a, CMD_GOTO_TIME, (int64_t)t[i]);
		want = ref_count_at(t[i]);
		ck_assert_msg(app_event_no(a) == want, "%llu ns: event %llu, "
		    "want %llu", (unsigned long long)t[i],
		    (unsigned long long)app_event_no(a),
		    (unsigned long long)want);
		ck_assert(!app_state(a)->playing);
	}
	app_free(a);
}
END_TEST

/* The columns of row y of frame f, as a string (the row's text). */
static char *
row_of(const char *f, unsigned y)
{
	static char	line[512];
	const char	*p = f, *e;

	while (y-- > 0 && (p = strchr(p, '\n')) != NULL)
		p++;
	ck_assert_ptr_nonnull(p);
	e = strchr(p, '\n');
	snprintf(line, sizeof line, "%.*s", (int)(e != NULL ? e - p :
	    (long)strlen(p)), p);
	return (line);
}

/* The 80x24 frame's row that starts with label ("  reader", "    1536"). */
static unsigned
row_with(const char *f, const char *label, unsigned from)
{
	unsigned	y;

	for (y = from; y < 24; y++)
		if (strncmp(row_of(f, y), label, strlen(label)) == 0)
			return (y);
	ck_abort_msg("no row starts with '%s'", label);
	return (0);
}

/* A click on a lane column: the end of that column's slice of time. */
START_TEST(test_click_lanes)
{
	struct app	*a = new_app();
	struct cmd	 c;
	char		*f;
	unsigned	 y, w;
	uint64_t	 now, kn;

	check_exec(a, CMD_GOTO, 300);
	f = check_frame(a, 80, 24);
	/* The device lane: the slices from column 9, then a space. */
	y = row_with(f, "  device ", 10);
	w = (unsigned)strcspn(row_of(f, y) + 9, " ");
	ck_assert_uint_gt(w, 10);
	now = sim_stats(app_sim(a))->now_ns;
	kn = now / 100000;		/* "lanes 1 col = 100us" */
	ck_assert_ptr_nonnull(strstr(f, "1 col = 100us"));
	/* The rightmost column is now. */
	ck_assert_int_eq(app_click(a, 9 + w - 1, y, &c), 0);
	ck_assert_int_eq(c.kind, CMD_GOTO);
	ck_assert_int_eq(c.arg, 300);
	/* Eleven columns back: the end of slice kn - 11. */
	ck_assert_int_eq(app_click(a, 9 + w - 12, y - 2, &c), 0);
	ck_assert_int_eq(c.kind, CMD_GOTO);
	ck_assert_uint_eq((uint64_t)c.arg, ref_count_at((kn - 10) * 100000 -
	    1));
	ck_assert_uint_lt((uint64_t)c.arg, 300);
	/* Carried out, the run is there. */
	run(a, &c);
	ck_assert_uint_eq(app_event_no(a), (uint64_t)c.arg);
	/* Left of the lanes, the header, the meters: nothing. */
	ck_assert_int_eq(app_click(a, 3, y, &c), 0);
	ck_assert_int_eq(c.kind, CMD_NONE);
	ck_assert_int_eq(app_click(a, 20, 0, &c), 0);
	ck_assert_int_eq(c.kind, CMD_NONE);
	ck_assert(!app_flash_shown(a));
	free(f);
	app_free(a);
}
END_TEST

/* A click on a page: the event at which it took the state it shows. */
START_TEST(test_click_pages)
{
	struct app	*a = new_app();
	struct cmd	 c;
	char		*f;
	unsigned	 y, col;
	uint64_t	 first, p;

	check_exec(a, CMD_GOTO, 300);
	f = check_frame(a, 80, 24);
	y = row_with(f, "    1536 ", 2);
	first = 1536;
	/* Cached, in flight and the window row above them. */
	for (col = 0; col < 64; col += 9) {
		p = first + col;
		ck_assert_int_eq(app_click(a, 9 + col, y, &c), 0);
		ck_assert_int_eq(c.kind, CMD_GOTO);
		ck_assert_msg((uint64_t)c.arg == ref_page_since(p, 300),
		    "page %llu: event %lld, want %llu",
		    (unsigned long long)p, (long long)c.arg,
		    (unsigned long long)ref_page_since(p, 300));
		ck_assert_int_eq(app_click(a, 9 + col, y - 1, &c), 0);
		ck_assert_uint_eq((uint64_t)c.arg, ref_page_since(p, 300));
	}
	/* The reader's row names the first strip too. */
	ck_assert_int_eq(app_click(a, 9 + 40, y - 2, &c), 0);
	ck_assert_uint_eq((uint64_t)c.arg, ref_page_since(first + 40, 300));
	/* A page not requested yet: nothing, and a word why. */
	ck_assert_int_eq(app_click(a, 9 + 3, y + 2, &c), 0);
	ck_assert_int_eq(c.kind, CMD_NONE);
	ck_assert(app_flash_shown(a));
	app_flash_clear(a);
	/* After the end, a page consumed long ago. */
	check_exec(a, CMD_START, 0);
	check_exec(a, CMD_GOTO, 2000);
	free(f);
	f = check_frame(a, 80, 24);
	y = row_with(f, "  reader ", 1) + 2;
	first = strtoull(row_of(f, y), NULL, 10);
	ck_assert_int_eq(app_click(a, 9, y, &c), 0);
	ck_assert_int_eq(c.kind, CMD_GOTO);
	ck_assert_uint_eq((uint64_t)c.arg, ref_page_since(first, 2000));
	/* With the help open, clicks do nothing. */
	check_exec(a, CMD_HELP, 0);
	ck_assert_int_eq(app_click(a, 9, y, &c), 0);
	ck_assert_int_eq(c.kind, CMD_NONE);
	free(f);
	app_free(a);
}
END_TEST

/* Compare mode: a click on the other half names a time of both runs. */
START_TEST(test_click_compare)
{
	struct app	*a = new_app();
	struct cmd	 c;
	char		*f;
	unsigned	 y;

	check_exec(a, CMD_COMPARE, 0);
	check_exec(a, CMD_GOTO, 300);
	f = check_frame(a, 80, 24);
	/* The lower half's device lane (fixed), its last column: now. */
	y = row_with(f, "  device ", 13);
	ck_assert_int_eq(app_click(a, 9 + 20, y, &c), 0);
	ck_assert_int_eq(c.kind, CMD_GOTO);
	ck_assert_uint_le((uint64_t)c.arg, 300);
	run(a, &c);
	ck_assert_uint_eq(app_event_no(a), (uint64_t)c.arg);
	free(f);
	app_free(a);
}
END_TEST

/* Type text on the prompt line; the command Enter gives into *c. */
static void
type(struct app *a, int kind, const char *text, struct cmd *c)
{
	struct cmd	open = { CMD_PROMPT, 0 };

	open.arg = kind;
	run(a, &open);
	ck_assert(app_prompt_open(a));
	for (; *text != '\0'; text++) {
		ck_assert_int_eq(app_prompt_key(a, (unsigned char)*text, c), 0);
		ck_assert_int_eq(c->kind, CMD_NONE);
	}
	ck_assert_int_eq(app_prompt_key(a, '\r', c), 0);
	ck_assert(!app_prompt_open(a));
}

/* `:` goes to an event, a time or a moment; the line edits as a shell's. */
START_TEST(test_prompt_goto)
{
	struct app	*a = new_app();
	struct cmd	 c, open = { CMD_PROMPT, ':' };
	char		*f;

	type(a, ':', "1200", &c);
	ck_assert_int_eq(c.kind, CMD_GOTO);
	ck_assert_int_eq(c.arg, 1200);
	type(a, ':', "3.5ms", &c);
	ck_assert_int_eq(c.kind, CMD_GOTO_TIME);
	ck_assert_int_eq(c.arg, 3500000);
	run(a, &c);
	ck_assert_uint_eq(app_event_no(a), ref_count_at(3500000));
	type(a, ':', "T3", &c);
	ck_assert_int_eq(c.kind, CMD_JUMP);
	ck_assert_int_eq(c.arg, 3);
	type(a, ':', "12x", &c);
	ck_assert_int_eq(c.kind, CMD_NONE);
	ck_assert(app_flash_shown(a));
	app_flash_clear(a);
	/* Backspace, Ctrl-U, Esc; the line shows on the hint row. */
	run(a, &open);
	app_prompt_key(a, '9', &c);
	app_prompt_key(a, '9', &c);
	app_prompt_key(a, 127, &c);
	app_prompt_key(a, '4', &c);
	f = check_frame(a, 80, 24);
	ck_assert_msg(strstr(f, "\n:94_ ") != NULL, "%s", f);
	free(f);
	app_prompt_key(a, 21, &c);
	app_prompt_key(a, '7', &c);
	app_prompt_key(a, '\r', &c);
	ck_assert_int_eq(c.kind, CMD_GOTO);
	ck_assert_int_eq(c.arg, 7);
	run(a, &open);
	app_prompt_key(a, '5', &c);
	app_prompt_key(a, 27, &c);
	ck_assert(!app_prompt_open(a));
	ck_assert_int_eq(c.kind, CMD_NONE);
	run(a, &open);
	app_prompt_key(a, 127, &c);	/* Backspace on nothing: closed */
	ck_assert(!app_prompt_open(a));
	app_free(a);
}
END_TEST

/* The first event after `from` whose narration line holds text. */
static uint64_t
ref_search(uint64_t from, const char *text)
{
	struct sim_config	 c;
	struct view_config	 vc;
	struct view_event	 ve;
	struct sim		*s;
	struct sim_event	 e;
	char			 line[320];
	size_t			 off;
	uint64_t		 n = 0;

	sim_config_default(&c);
	feed_config(&vc, &c);
	s = sim_new(&c);
	while (sim_step(s, &e) == 1) {
		n++;
		if (n <= from)
			continue;
		feed_event(&ve, &e);
		off = ve.label ? (size_t)snprintf(line, sizeof line, "T%d ",
		    ve.label) : 0;
		narrate_event(line + off, sizeof line - off, &ve, &vc);
		if (strstr(line, text) != NULL)
			break;
	}
	sim_free(s);
	return (n);
}

/* `/` finds the next event that says a text; empty repeats it. */
START_TEST(test_prompt_search)
{
	struct app	*a = new_app();
	struct cmd	 c;
	uint64_t	 want;

	type(a, '/', "dispatched", &c);
	want = ref_search(0, "dispatched");
	ck_assert_int_eq(c.kind, CMD_GOTO);
	ck_assert_uint_eq((uint64_t)c.arg, want);
	run(a, &c);
	/* Again, from there: the next one. */
	type(a, '/', "", &c);
	ck_assert_int_eq(c.kind, CMD_GOTO);
	ck_assert_uint_eq((uint64_t)c.arg, ref_search(want, "dispatched"));
	ck_assert_uint_gt((uint64_t)c.arg, want);
	/* Letters in either case; a moment by its name. */
	type(a, '/', "LOCK_PAGE", &c);
	ck_assert_uint_eq((uint64_t)c.arg, ref_search(want, "lock_page"));
	type(a, '/', "T3", &c);
	ck_assert_uint_eq((uint64_t)c.arg, ref_search(0, "T3 "));
	/* Not there: nothing, a word why, the run where it was. */
	type(a, '/', "no such words", &c);
	ck_assert_int_eq(c.kind, CMD_NONE);
	ck_assert(app_flash_shown(a));
	ck_assert_uint_eq(app_event_no(a), want);
	app_free(a);
}
END_TEST

CHECK_SUITE("find", CHECK_CASE("find", 60), CHECK_TEST(test_goto_time),
    CHECK_TEST(test_click_lanes), CHECK_TEST(test_click_pages),
    CHECK_TEST(test_click_compare), CHECK_TEST(test_prompt_goto),
    CHECK_TEST(test_prompt_search))
