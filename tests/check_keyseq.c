/*
 * check_keyseq.c - the escape-sequence decoder: byte sequences in, keys
 * out, with no terminal.  Every known spelling of the cursor, editing and
 * function keys; modifiers; unknown, long and broken sequences that must
 * give nothing; mouse reports in the X10, SGR and urxvt encodings, whole
 * or after curses ate their first bytes; a lone ESC; special keys (enum
 * cmd_key, what ui/keys.c makes of curses key codes) passing through; the
 * commands decoded keys make.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <string.h>

#include "check-main.h"
#include "cmd.h"
#include "keyseq.h"

#define END	(-1)		/* ends an expected-key list */
#define KC	CMD_KEY_PGUP	/* a special key curses decoded */
#define OTHER	CMD_KEY_OTHER	/* a key raviz has no name for */

/* Input bytes (a C string) -> the keys expected, timeout included. */
static const struct {
	const char	*in;
	int		 want[8];
} cases[] = {
	/* Plain bytes pass through. */
	{ "n", { 'n', END } },
	{ "q1 ", { 'q', '1', ' ', END } },
	/* CSI cursor keys, with and without modifiers. */
	{ "\033[A", { CMD_KEY_UP, END } },
	{ "\033[B", { CMD_KEY_DOWN, END } },
	{ "\033[C", { CMD_KEY_RIGHT, END } },
	{ "\033[D", { CMD_KEY_LEFT, END } },
	{ "\033[H", { CMD_KEY_HOME, END } },
	{ "\033[F", { CMD_KEY_END, END } },
	{ "\033[1;5C", { CMD_KEY_RIGHT, END } },
	{ "\033[1;2H", { CMD_KEY_HOME, END } },
	{ "\033[1;3F", { CMD_KEY_END, END } },
	{ "\033[1;5P", { CMD_KEY_F1, END } },
	/* SS3 (application cursor mode). */
	{ "\033OA", { CMD_KEY_UP, END } },
	{ "\033OB", { CMD_KEY_DOWN, END } },
	{ "\033OC", { CMD_KEY_RIGHT, END } },
	{ "\033OD", { CMD_KEY_LEFT, END } },
	{ "\033OH", { CMD_KEY_HOME, END } },
	{ "\033OF", { CMD_KEY_END, END } },
	{ "\033OP", { CMD_KEY_F1, END } },
	{ "\033OS", { OTHER, END } },
	{ "\033O5C", { CMD_KEY_RIGHT, END } },
	/* Application keypad: the key pressed, not a command's part. */
	{ "\033Os", { '3', END } },
	{ "\033OM", { CMD_KEY_ENTER, END } },
	/* VT220 tilde keys. */
	{ "\033[1~", { CMD_KEY_HOME, END } },
	{ "\033[2~", { OTHER, END } },
	{ "\033[3~", { OTHER, END } },
	{ "\033[4~", { CMD_KEY_END, END } },
	{ "\033[5~", { CMD_KEY_PGUP, END } },
	{ "\033[6~", { CMD_KEY_PGDN, END } },
	{ "\033[7~", { CMD_KEY_HOME, END } },
	{ "\033[8~", { CMD_KEY_END, END } },
	{ "\033[5;5~", { CMD_KEY_PGUP, END } },
	{ "\033[11~", { CMD_KEY_F1, END } },
	{ "\033[12~", { OTHER, END } },
	{ "\033[15~", { OTHER, END } },
	{ "\033[17~", { OTHER, END } },
	{ "\033[24~", { OTHER, END } },
	/* rxvt modifier finals, Linux console F keys. */
	{ "\033[7^", { CMD_KEY_HOME, END } },
	{ "\033[8$", { CMD_KEY_END, END } },
	{ "\033[a", { CMD_KEY_UP, END } },
	{ "\033[[A", { CMD_KEY_F1, END } },
	{ "\033[[E", { OTHER, END } },
	/* Sequences in a row, and bytes around them. */
	{ "n\033[4~\033[1~q", { 'n', CMD_KEY_END, CMD_KEY_HOME, 'q', END } },
	/* Unknown sequences give nothing, and nothing of them leaks. */
	{ "\033[99~", { END } },
	{ "\033[9~", { END } },
	{ "\033[3;5;7~", { END } },
	{ "\033[2C", { END } },
	{ "\033[Z", { END } },
	{ "\033[?1;2c", { END } },
	{ "\033[I", { END } },
	{ "\033Oz", { END } },
	{ "\033x", { END } },
	{ "\033[99~n", { 'n', END } },
	/* Long: more parameters than kept, then a final. */
	{ "\033[1111111111111111111111111111111111111111111111111111~q",
	  { 'q', END } },
	{ "\033[1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;4~",
	  { END } },
	{ "\033[0004~", { END } },
	/* Garbage inside a sequence lasts to its final byte. */
	{ "\033[1\n4~", { END } },
	{ "\033[1\xc3q", { END } },
	{ "\033[1\xc3qn", { 'n', END } },
	{ "\033O\001Fn", { 'n', END } },
	/* CAN cancels a sequence: what follows is input again. */
	{ "\033[12\x18q", { 'q', END } },
	/* ESC inside a sequence starts a new one. */
	{ "\033[12\033[4~", { CMD_KEY_END, END } },
	{ "\033O\033OF", { CMD_KEY_END, END } },
	/*
	 * Mouse reports, read whole in each encoding: a press of the first
	 * button is a click at (column, row) from 0, the wheel a wheel key,
	 * the rest (releases, other buttons, motion) nothing.  X10: ESC [ M
	 * and three raw bytes, each offset by 32 (coordinates from 1).
	 */
	{ "\033[M 1qn", { CMD_KEY_CLICK_AT(16, 80), 'n', END } },
	{ "\033[M !!", { CMD_KEY_CLICK_AT(0, 0), END } },
	{ "\033[M#1qn", { 'n', END } },		/* release */
	{ "\033[M!1qn", { 'n', END } },		/* middle button */
	{ "\033[M\"1q", { END } },		/* right button */
	{ "\033[M@1qn", { 'n', END } },		/* drag */
	{ "\033[M`1q", { CMD_KEY_WHEEL_UP, END } },
	{ "\033[Ma1q", { CMD_KEY_WHEEL_DOWN, END } },
	{ "\033[M01q", { CMD_KEY_CLICK_AT(16, 80), END } },	/* Ctrl */
	{ "\033[M \377\377n", { CMD_KEY_CLICK_AT(222, 222), 'n', END } },
	/* SGR (1006): ESC [ < b ; x ; y, M pressed, m released. */
	{ "\033[<0;12;5M", { CMD_KEY_CLICK_AT(11, 4), END } },
	{ "\033[<0;12;5m", { END } },
	{ "\033[<0;300;200Mq", { CMD_KEY_CLICK_AT(299, 199), 'q', END } },
	{ "\033[<2;12;5M\033[<2;12;5m", { END } },
	{ "\033[<32;12;5M", { END } },		/* drag */
	{ "\033[<35;12;5M", { END } },		/* motion, no button */
	{ "\033[<64;1;1M", { CMD_KEY_WHEEL_UP, END } },
	{ "\033[<65;1;1M", { CMD_KEY_WHEEL_DOWN, END } },
	{ "\033[<66;1;1M", { END } },		/* wheel left */
	{ "\033[<0;0;5M", { END } },		/* no column 0 */
	{ "\033[<0;12M", { END } },
	{ "\033[<0;12;5;7M", { END } },
	{ "\033[<0;99999;5M", { END } },
	/* urxvt (1015): ESC [ b ; x ; y M, b offset by 32. */
	{ "\033[32;12;5M", { CMD_KEY_CLICK_AT(11, 4), END } },
	{ "\033[35;12;5Mn", { 'n', END } },
	{ "\033[96;12;5M", { CMD_KEY_WHEEL_UP, END } },
	/* Lone ESC (the timeout), ESC ESC, an unfinished sequence. */
	{ "\033", { 27, END } },
	{ "\033\033", { 27, 27, END } },
	{ "\033\033[A", { 27, CMD_KEY_UP, END } },
	{ "\033[", { END } },
	{ "\033[4", { END } },
	{ "\033O", { END } },
	{ "\033[[", { END } },
};

/* Feed s, then time out; the keys out, END-terminated, into got. */
static int
run(const char *s, int *got, int max)
{
	struct keyseq	k;
	int		out[2], n = 0, i, m;

	keyseq_init(&k);
	for (; *s != '\0'; s++) {
		m = keyseq_feed(&k, (unsigned char)*s, out);
		ck_assert(m >= 0 && m <= 2);
		for (i = 0; i < m && n < max - 1; i++)
			got[n++] = out[i];
	}
	if (keyseq_pending(&k) && keyseq_timeout(&k, &out[0]) == 1 &&
	    n < max - 1)
		got[n++] = out[0];
	ck_assert(!keyseq_pending(&k));
	got[n] = END;
	return (n);
}

/* Keys as text for a failure message. */
static const char *
show(const int *v, char *buf, size_t len)
{
	char	one[32];
	size_t	n = 0;

	buf[0] = '\0';
	for (; *v != END && n + 1 < len; v++) {
		keyseq_name(*v, one, sizeof one);
		n += (size_t)snprintf(buf + n, len - n, "%s ", one);
		if (n >= len)
			break;
	}
	return (buf);
}

START_TEST(test_cases)
{
	int	got[32], i;
	char	a[256], b[256];

	run(cases[_i].in, got, 32);
	for (i = 0; cases[_i].want[i] != END && got[i] == cases[_i].want[i];
	    i++)
		;
	ck_assert_msg(cases[_i].want[i] == END && got[i] == END,
	    "case %d: got [%s], want [%s]", _i, show(got, a, sizeof a),
	    show(cases[_i].want, b, sizeof b));
}
END_TEST

/* Sequences split over several reads decode the same. */
START_TEST(test_split)
{
	struct keyseq	k;
	int		out[2];

	keyseq_init(&k);
	ck_assert_int_eq(keyseq_feed(&k, 27, out), 0);
	ck_assert(keyseq_pending(&k));
	ck_assert_int_eq(keyseq_feed(&k, '[', out), 0);
	ck_assert_int_eq(keyseq_feed(&k, '4', out), 0);
	ck_assert(keyseq_pending(&k));
	ck_assert_int_eq(keyseq_feed(&k, '~', out), 1);
	ck_assert_int_eq(out[0], CMD_KEY_END);
	ck_assert(!keyseq_pending(&k));
}
END_TEST

/* Special keys pass through, and end a started sequence. */
START_TEST(test_curses_codes)
{
	struct keyseq	k;
	int		out[2];

	keyseq_init(&k);
	ck_assert_int_eq(keyseq_feed(&k, KC, out), 1);
	ck_assert_int_eq(out[0], KC);
	/* ESC then a key code: the Esc key, then the key. */
	ck_assert_int_eq(keyseq_feed(&k, 27, out), 0);
	ck_assert_int_eq(keyseq_feed(&k, KC, out), 2);
	ck_assert_int_eq(out[0], 27);
	ck_assert_int_eq(out[1], KC);
	/* Inside CSI: the sequence is dropped, the key passes. */
	keyseq_feed(&k, 27, out);
	keyseq_feed(&k, '[', out);
	keyseq_feed(&k, '5', out);
	ck_assert_int_eq(keyseq_feed(&k, KC, out), 1);
	ck_assert_int_eq(out[0], KC);
	ck_assert_int_eq(keyseq_feed(&k, '~', out), 1);
	ck_assert_int_eq(out[0], '~');
}
END_TEST

/*
 * No byte of any CSI sequence of parameter bytes leaks: every final byte
 * after every short parameter string gives a named key or nothing.
 */
START_TEST(test_no_leak)
{
	static const char *const par[] = {
		"", "1", "4", "9", "99", "1;5", "2;3;4", "?", ">1", "1 ",
		"123456"
	};
	struct keyseq	 k;
	int		 out[2], m, f, i;
	size_t		 p;
	const char	*c;

	for (p = 0; p < sizeof par / sizeof par[0]; p++) {
		for (f = 0x40; f <= 0x7e; f++) {
			keyseq_init(&k);
			keyseq_feed(&k, 27, out);
			keyseq_feed(&k, '[', out);
			m = 0;
			for (c = par[p]; *c != '\0'; c++)
				m += keyseq_feed(&k, (unsigned char)*c, out);
			ck_assert_int_eq(m, 0);
			m = keyseq_feed(&k, f, out);
			if (k.state != 0)	/* [ or M opened more */
				continue;
			for (i = 0; i < m; i++)
				ck_assert_msg((out[i] >= CMD_KEY_UP &&
				    out[i] <= CMD_KEY_OTHER) ||
				    CMD_KEY_IS_CLICK(out[i]),
				    "ESC [ %s %c gave %d", par[p], f, out[i]);
		}
	}
}
END_TEST

/*
 * curses ate a report's first bytes (terminfo kmous, ui/keys.c): the rest
 * is read the same as the whole report is.
 */
START_TEST(test_rest)
{
	static const struct {
		int		 rest;
		const char	*in;
		int		 want;
	} c[] = {
		{ KEYSEQ_REST_X10, " +&", CMD_KEY_CLICK_AT(10, 5) },
		{ KEYSEQ_REST_X10, "#+&", 0 },
		{ KEYSEQ_REST_X10, "a+&", CMD_KEY_WHEEL_DOWN },
		{ KEYSEQ_REST_SGR, "0;11;6M", CMD_KEY_CLICK_AT(10, 5) },
		{ KEYSEQ_REST_SGR, "0;11;6m", 0 },
		{ KEYSEQ_REST_SGR, "64;11;6M", CMD_KEY_WHEEL_UP },
	};
	struct keyseq	 k;
	int		 out[2], m, i;
	const char	*p;

	for (i = 0; i < (int)(sizeof c / sizeof c[0]); i++) {
		keyseq_init(&k);
		ck_assert_int_eq(keyseq_feed(&k, c[i].rest, out), 0);
		ck_assert(keyseq_pending(&k));
		for (m = 0, p = c[i].in; *p != '\0'; p++) {
			ck_assert_int_eq(m, 0);
			m = keyseq_feed(&k, (unsigned char)*p, out);
		}
		ck_assert(!keyseq_pending(&k));
		ck_assert_int_eq(m, c[i].want != 0);
		if (m == 1)
			ck_assert_int_eq(out[0], c[i].want);
		/* Then keys again. */
		ck_assert_int_eq(keyseq_feed(&k, 'n', out), 1);
		ck_assert_int_eq(out[0], 'n');
	}
}
END_TEST

START_TEST(test_names)
{
	char	b[32];

	ck_assert_str_eq(keyseq_name(CMD_KEY_END, b, sizeof b), "End");
	ck_assert_str_eq(keyseq_name(CMD_KEY_F1, b, sizeof b), "F1");
	ck_assert_str_eq(keyseq_name(CMD_KEY_OTHER, b, sizeof b), "other");
	ck_assert_str_eq(keyseq_name('q', b, sizeof b), "q");
	ck_assert_str_eq(keyseq_name(27, b, sizeof b), "0x1b");
	ck_assert_str_eq(keyseq_name(CMD_KEY_WHEEL_UP, b, sizeof b),
	    "WheelUp");
	ck_assert_str_eq(keyseq_name(CMD_KEY_CLICK_AT(3, 9), b, sizeof b),
	    "click 3,9");
}
END_TEST

/*
 * The keys decoded from tmux's spellings make the commands the key table
 * binds (End was '4', a jump to T4, before the decoder).
 */
START_TEST(test_commands)
{
	static const struct {
		const char	*in;
		enum cmd_kind	 kind;
	} want[] = {
		{ "\033[4~", CMD_END }, { "\033[1~", CMD_START },
		{ "\033[6~", CMD_STEP }, { "\033[5~", CMD_BACK },
		{ "\033OP", CMD_HELP }, { "\033[15~", CMD_NONE },
		{ "\033[2~", CMD_NONE },
	};
	int	got[32];
	size_t	i;

	for (i = 0; i < sizeof want / sizeof want[0]; i++) {
		ck_assert_int_eq(run(want[i].in, got, 32), 1);
		ck_assert_msg(cmd_from_key(got[0]).kind == want[i].kind,
		    "case %zu: %d", i, (int)cmd_from_key(got[0]).kind);
	}
}
END_TEST

/* The suite. */
CHECK_SUITE("keyseq", CHECK_CASE("core", 0),
    CHECK_LOOP(test_cases, CHECK_N(cases)), CHECK_TEST(test_split),
    CHECK_TEST(test_curses_codes), CHECK_TEST(test_no_leak),
    CHECK_TEST(test_rest), CHECK_TEST(test_names),
    CHECK_TEST(test_commands))
