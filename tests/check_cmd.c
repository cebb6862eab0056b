/*
 * check_cmd.c - the command vocabulary: key bindings, demo-file spelling
 * (parse/format round trip) and rejected input.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <string.h>

#include "check-main.h"
#include "cmd.h"
#include "engine/sim.h"

/* Key -> expected command. */
static const struct {
	int		 key;
	enum cmd_kind	 kind;
	int64_t		 arg;
} keys[] = {
	{ ' ', CMD_PLAYPAUSE, 0 },
	{ 'n', CMD_STEP, 1 }, { '.', CMD_STEP, 1 }, { CMD_KEY_RIGHT, CMD_STEP, 1 },
	{ 'N', CMD_BACK, 1 }, { ',', CMD_BACK, 1 }, { CMD_KEY_LEFT, CMD_BACK, 1 },
	{ CMD_KEY_PGDN, CMD_STEP, 10 }, { CMD_KEY_PGUP, CMD_BACK, 10 },
	{ '+', CMD_FASTER, 0 }, { CMD_KEY_UP, CMD_FASTER, 0 },
	{ '-', CMD_SLOWER, 0 }, { CMD_KEY_DOWN, CMD_SLOWER, 0 },
	{ '1', CMD_JUMP, 1 }, { '3', CMD_JUMP, 3 }, { '5', CMD_JUMP, 5 },
	{ 'g', CMD_START, 0 }, { CMD_KEY_HOME, CMD_START, 0 },
	{ 'G', CMD_END, 0 }, { CMD_KEY_END, CMD_END, 0 },
	{ 'p', CMD_PLUG, 0 }, { 'P', CMD_PREDICT, 0 }, { 'm', CMD_CYCLE, 0 }, { 'c', CMD_COMPARE, 0 },
	{ 'r', CMD_RESTART, 0 }, { 'z', CMD_ZOOM_IN, 0 },
	{ 'Z', CMD_ZOOM_OUT, 0 },
	{ '?', CMD_HELP, 0 }, { 'h', CMD_HELP, 0 }, { 27, CMD_HELP, -1 },
	{ 12, CMD_REDRAW, 0 },
	{ 'q', CMD_QUIT, 0 }, { 3, CMD_QUIT, 0 },
	{ 't', CMD_PACE, CMD_PACE_TOGGLE }, { 'T', CMD_PACE, CMD_PACE_TOGGLE },
	{ 'w', CMD_SWEEP, 0 }, { 'W', CMD_SWEEP, 0 },
	{ '0', CMD_NONE, 0 }, { '6', CMD_NONE, 0 }, { 'x', CMD_NONE, 0 },
	{ CMD_KEY_F1, CMD_HELP, 0 }, { CMD_KEY_OTHER, CMD_NONE, 0 },
	{ CMD_KEY_ENTER, CMD_NONE, 0 },
	/* The wheel steps; : and / open the prompt line. */
	{ CMD_KEY_WHEEL_DOWN, CMD_STEP, 1 }, { CMD_KEY_WHEEL_UP, CMD_BACK, 1 },
	{ ':', CMD_PROMPT, ':' }, { '/', CMD_PROMPT, '/' },
	/* A click is bound to nothing (app_click() reads the screen). */
	{ CMD_KEY_CLICK_AT(10, 5), CMD_NONE, 0 },
};

START_TEST(test_keys)
{
	struct cmd	c = cmd_from_key(keys[_i].key);

	ck_assert_msg(c.kind == keys[_i].kind, "key %d: kind %d, want %d",
	    keys[_i].key, c.kind, keys[_i].kind);
	ck_assert_int_eq(c.arg, keys[_i].arg);
}
END_TEST

/* The `:` prompt: an event, a time, a moment; anything else refused. */
START_TEST(test_goto_text)
{
	static const struct {
		const char	*in;
		enum cmd_kind	 kind;
		int64_t		 arg;
	} ok[] = {
		{ "1200", CMD_GOTO, 1200 }, { " 0", CMD_GOTO, 0 },
		{ "3.5ms", CMD_GOTO_TIME, 3500000 }, { "2s", CMD_GOTO_TIME,
		  2000000000 }, { "T3", CMD_JUMP, 3 }, { "t5", CMD_JUMP, 5 },
	};
	static const char *const bad[] = { "", "x", "T6", "3.5", "12 ms",
	    "-1", "1200x", "T" };
	struct cmd	 c;
	const char	*why;
	size_t		 i;

	for (i = 0; i < sizeof ok / sizeof ok[0]; i++) {
		ck_assert_msg(cmd_parse_goto(ok[i].in, &c, &why) == 0, "%s: %s",
		    ok[i].in, why);
		ck_assert_int_eq(c.kind, ok[i].kind);
		ck_assert_int_eq(c.arg, ok[i].arg);
	}
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		why = NULL;
		ck_assert_msg(cmd_parse_goto(bad[i], &c, &why) == -1,
		    "'%s' accepted", bad[i]);
		ck_assert_ptr_nonnull(why);
	}
}
END_TEST

/* Canonical lines: parse, then format gives the same text back. */
static const char *canon[] = {
	"play", "pause", "playpause", "step 1", "step 3", "back 7",
	"faster", "slower", "speed 50", "jump 3", "jump 5", "start", "end",
	"goto 0", "goto 1234", "goto 3500us", "goto 4ms", "goto 1s",
	"goto 1ns", "goto 0ns", "plug", "mode buggy", "mode fixed",
	"mode legacy", "cycle", "compare", "restart", "restart buggy",
	"restart fixed", "restart legacy", "zoom-in", "zoom-out",
	"help", "help close", "redraw", "quit", "pace", "pace events",
	"pace time",
	"predict", "predict off",
	"predict toggle", "answer a", "answer d",
	"sweep", "sweep close", "sweep bs", "sweep ra", "sweep idle-penalty",
};

START_TEST(test_roundtrip)
{
	struct cmd	 c, d;
	const char	*why = NULL;
	char		 buf[64];

	ck_assert_msg(cmd_parse(canon[_i], &c, &why) == 0, "%s: %s",
	    canon[_i], why);
	cmd_format(buf, sizeof buf, &c);
	ck_assert_str_eq(buf, canon[_i]);
	ck_assert_int_eq(cmd_parse(buf, &d, &why), 0);
	ck_assert_int_eq(d.kind, c.kind);
	ck_assert_int_eq(d.arg, c.arg);
}
END_TEST

/* Every kind but NONE has a distinct name that parses back to it. */
START_TEST(test_names)
{
	int		 k, j;
	struct cmd	 c;
	const char	*why;
	char		 line[64];

	for (k = CMD_NONE + 1; k < CMD_COUNT; k++) {
		/* goto's two kinds share the name: the argument tells. */
		for (j = k + 1; j < CMD_COUNT; j++)
			ck_assert(strcmp(cmd_name(k), cmd_name(j)) != 0 ||
			    (k == CMD_GOTO && j == CMD_GOTO_TIME));
		snprintf(line, sizeof line, "%s%s", cmd_name(k),
		    cmd_has_arg(k) ? (k == CMD_MODE ? " fixed" : k ==
		    CMD_GOTO_TIME ? " 2ms" : " 2") : "");
		if (k == CMD_SVG || k == CMD_PROJECTOR || k == CMD_PROMPT) {
			/* The screen's keys: named, never demo items. */
			ck_assert_int_eq(cmd_parse(line, &c, &why), -1);
			continue;
		}
		ck_assert_msg(cmd_parse(line, &c, &why) == 0, "%s: %s", line,
		    why);
		ck_assert_int_eq(c.kind, k);
	}
}
END_TEST

/* While a question is asked, a..d (and A..D) answer it; nothing else. */
START_TEST(test_answer_keys)
{
	struct cmd	c;

	c = cmd_answer_key('a');
	ck_assert_int_eq(c.kind, CMD_ANSWER);
	ck_assert_int_eq(c.arg, 1);
	c = cmd_answer_key('D');
	ck_assert_int_eq(c.kind, CMD_ANSWER);
	ck_assert_int_eq(c.arg, 4);
	ck_assert_int_eq(cmd_answer_key('e').kind, CMD_NONE);
	ck_assert_int_eq(cmd_answer_key('n').kind, CMD_NONE);
	ck_assert_int_eq(cmd_answer_key(CMD_KEY_RIGHT).kind, CMD_NONE);
	/* Otherwise c is still compare. */
	ck_assert_int_eq(cmd_from_key('c').kind, CMD_COMPARE);
}
END_TEST

/* Lenient spellings. */
START_TEST(test_lenient)
{
	struct cmd	 c;
	const char	*why;

	ck_assert_int_eq(cmd_parse("  step  ", &c, &why), 0);
	ck_assert_int_eq(c.kind, CMD_STEP);
	ck_assert_int_eq(c.arg, 1);
	ck_assert_int_eq(cmd_parse("jump T4", &c, &why), 0);
	ck_assert_int_eq(c.arg, 4);
	ck_assert_int_eq(cmd_parse("mode\tlegacy\r\n", &c, &why), 0);
	ck_assert_int_eq(c.arg, SIM_MODE_LEGACY);
}
END_TEST

/* Bad lines are refused with a reason. */
static const char *bad[] = {
	"", "   ", "fly", "play now", "step 0", "step -1", "step x",
	"step 1 2", "speed", "speed 0", "jump 0", "jump 6", "jump T",
	"mode", "mode broken", "goto", "goto -3", "help me", "none",
	"quit 1", "restart now", "restart fixed legacy", "pace fast",
	"pace time 2", "pace Time",
	"predict maybe",
	"answer", "answer e", "answer 5", "answer ab",
	"sweep fast", "sweep bs ra", "sweep none", "sweep 1",
};

START_TEST(test_bad)
{
	struct cmd	 c;
	const char	*why = NULL;

	ck_assert_msg(cmd_parse(bad[_i], &c, &why) == -1, "accepted '%s'",
	    bad[_i]);
	ck_assert_ptr_nonnull(why);
	ck_assert_int_gt((int)strlen(why), 5);
}
END_TEST

/* The help table lists pairs and names every bound command's key. */
START_TEST(test_help)
{
	const char	*cmd_help[2 * CMD_HELP_MAX + 2];
	size_t		 n, rows;

	rows = cmd_help_pairs(cmd_help, sizeof cmd_help / sizeof cmd_help[0]);
	for (n = 0; cmd_help[n] != NULL; n += 2)
		ck_assert_ptr_nonnull(cmd_help[n + 1]);
	ck_assert_uint_eq(n / 2, rows);
	ck_assert_int_ge((int)n / 2, 14);
	/* A short array still ends with a NULL pair. */
	ck_assert_uint_eq(cmd_help_pairs(cmd_help, 5), 1);
	ck_assert_ptr_null(cmd_help[2]);
}
END_TEST

/* The hint line comes from the same table, in hint order. */
START_TEST(test_hint)
{
	char	buf[160];

	cmd_hint(buf, sizeof buf, 0);
	ck_assert_str_eq(buf, "space play  n/N step  p toggle plug  "
	    "c compare  1-5 T1-T5  ? help  q quit");
	cmd_hint(buf, sizeof buf, 1);
	ck_assert_str_eq(buf, "space play  n/N step  c one run  1-5 T1-T5  "
	    "? help  q quit");
	ck_assert_uint_eq(cmd_hint(buf, 4, 0), strlen("space play  n/N step  "
	    "p toggle plug  c compare  1-5 T1-T5  ? help  q quit"));
	ck_assert_str_eq(buf, "spa");
}
END_TEST

/* The keys the demo replayer takes (demo-live.h) are in the help too. */
START_TEST(test_help_replay)
{
	static const char *const want[] = { "Enter", "Tab", "[ ]" };
	const char	*cmd_help[2 * CMD_HELP_MAX + 2];
	size_t		 n, i;
	int		 found;

	cmd_help_pairs(cmd_help, sizeof cmd_help / sizeof cmd_help[0]);
	for (i = 0; i < sizeof want / sizeof want[0]; i++) {
		found = 0;
		for (n = 0; cmd_help[n] != NULL; n += 2)
			if (strstr(cmd_help[n], want[i]) != NULL &&
			    strstr(cmd_help[n + 1], "demo replay") != NULL)
				found = 1;
		ck_assert_msg(found, "no help line for %s", want[i]);
	}
}
END_TEST

/* The suite. */
CHECK_SUITE("cmd", CHECK_CASE("cmd", 0), CHECK_LOOP(test_keys, CHECK_N(keys)),
    CHECK_LOOP(test_roundtrip, CHECK_N(canon)), CHECK_TEST(test_names),
    CHECK_TEST(test_goto_text),
    CHECK_TEST(test_lenient), CHECK_TEST(test_answer_keys),
    CHECK_LOOP(test_bad, CHECK_N(bad)), CHECK_TEST(test_help),
    CHECK_TEST(test_help_replay), CHECK_TEST(test_hint))
