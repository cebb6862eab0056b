/*
 * check_keyseq.c - the escape-sequence decoder: byte sequences in, keys
 * out, with no terminal.  Every known spelling of the cursor, editing and
 * function keys; modifiers; unknown, long and broken sequences that must
 * give nothing; a lone ESC; curses key codes passing through.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <string.h>

#include "keyseq.h"

#define END	(-1)		/* ends an expected-key list */
#define KC	0x105		/* a curses key code (KEY_HOME's value) */

/* Input bytes (a C string) -> the keys expected, timeout included. */
static const struct {
	const char	*in;
	int		 want[8];
} cases[] = {
	/* Plain bytes pass through. */
	{ "n", { 'n', END } },
	{ "q1 ", { 'q', '1', ' ', END } },
	/* CSI cursor keys, with and without modifiers. */
	{ "\033[A", { KEYSEQ_UP, END } },
	{ "\033[B", { KEYSEQ_DOWN, END } },
	{ "\033[C", { KEYSEQ_RIGHT, END } },
	{ "\033[D", { KEYSEQ_LEFT, END } },
	{ "\033[H", { KEYSEQ_HOME, END } },
	{ "\033[F", { KEYSEQ_END, END } },
	{ "\033[1;5C", { KEYSEQ_RIGHT, END } },
	{ "\033[1;2H", { KEYSEQ_HOME, END } },
	{ "\033[1;3F", { KEYSEQ_END, END } },
	{ "\033[1;5P", { KEYSEQ_F1, END } },
	/* SS3 (application cursor mode). */
	{ "\033OA", { KEYSEQ_UP, END } },
	{ "\033OB", { KEYSEQ_DOWN, END } },
	{ "\033OC", { KEYSEQ_RIGHT, END } },
	{ "\033OD", { KEYSEQ_LEFT, END } },
	{ "\033OH", { KEYSEQ_HOME, END } },
	{ "\033OF", { KEYSEQ_END, END } },
	{ "\033OP", { KEYSEQ_F1, END } },
	{ "\033OS", { KEYSEQ_F1 + 3, END } },
	{ "\033O5C", { KEYSEQ_RIGHT, END } },
	/* Application keypad: the key pressed, not a command's part. */
	{ "\033Os", { '3', END } },
	{ "\033OM", { '\r', END } },
	/* VT220 tilde keys. */
	{ "\033[1~", { KEYSEQ_HOME, END } },
	{ "\033[2~", { KEYSEQ_INSERT, END } },
	{ "\033[3~", { KEYSEQ_DELETE, END } },
	{ "\033[4~", { KEYSEQ_END, END } },
	{ "\033[5~", { KEYSEQ_PGUP, END } },
	{ "\033[6~", { KEYSEQ_PGDN, END } },
	{ "\033[7~", { KEYSEQ_HOME, END } },
	{ "\033[8~", { KEYSEQ_END, END } },
	{ "\033[5;5~", { KEYSEQ_PGUP, END } },
	{ "\033[11~", { KEYSEQ_F1, END } },
	{ "\033[15~", { KEYSEQ_F1 + 4, END } },
	{ "\033[17~", { KEYSEQ_F1 + 5, END } },
	{ "\033[24~", { KEYSEQ_F12, END } },
	/* rxvt modifier finals, Linux console F keys. */
	{ "\033[7^", { KEYSEQ_HOME, END } },
	{ "\033[8$", { KEYSEQ_END, END } },
	{ "\033[a", { KEYSEQ_UP, END } },
	{ "\033[[A", { KEYSEQ_F1, END } },
	{ "\033[[E", { KEYSEQ_F1 + 4, END } },
	/* Sequences in a row, and bytes around them. */
	{ "n\033[4~\033[1~q", { 'n', KEYSEQ_END, KEYSEQ_HOME, 'q', END } },
	/* Unknown sequences give nothing, and nothing of them leaks. */
	{ "\033[99~", { END } },
	{ "\033[9~", { END } },
	{ "\033[3;5;7~", { END } },
	{ "\033[2C", { END } },
	{ "\033[Z", { END } },
	{ "\033[?1;2c", { END } },
	{ "\033[<0;12;5M", { END } },
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
	{ "\033[12\033[4~", { KEYSEQ_END, END } },
	{ "\033O\033OF", { KEYSEQ_END, END } },
	/* An X10 mouse report: three raw bytes swallowed. */
	{ "\033[M 1qn", { 'n', END } },
	/* Lone ESC (the timeout), ESC ESC, an unfinished sequence. */
	{ "\033", { 27, END } },
	{ "\033\033", { 27, 27, END } },
	{ "\033\033[A", { 27, KEYSEQ_UP, END } },
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
	ck_assert_int_eq(out[0], KEYSEQ_END);
	ck_assert(!keyseq_pending(&k));
}
END_TEST

/* Curses key codes pass through, and end a started sequence. */
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
				ck_assert_msg(out[i] >= KEYSEQ_UP &&
				    out[i] < KEYSEQ_LAST,
				    "ESC [ %s %c gave %d", par[p], f, out[i]);
		}
	}
}
END_TEST

START_TEST(test_names)
{
	char	b[32];

	ck_assert_str_eq(keyseq_name(KEYSEQ_END, b, sizeof b), "End");
	ck_assert_str_eq(keyseq_name(KEYSEQ_F12, b, sizeof b), "F12");
	ck_assert_str_eq(keyseq_name('q', b, sizeof b), "q");
	ck_assert_str_eq(keyseq_name(27, b, sizeof b), "0x1b");
}
END_TEST

static Suite *
suite(void)
{
	Suite	*s = suite_create("keyseq");
	TCase	*tc = tcase_create("core");

	tcase_add_loop_test(tc, test_cases, 0,
	    (int)(sizeof cases / sizeof cases[0]));
	tcase_add_test(tc, test_split);
	tcase_add_test(tc, test_curses_codes);
	tcase_add_test(tc, test_no_leak);
	tcase_add_test(tc, test_names);
	suite_add_tcase(s, tc);
	return (s);
}

int
main(void)
{
	SRunner	*sr = srunner_create(suite());
	int	 nf;

	srunner_run_all(sr, CK_ENV);
	nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return (nf == 0 ? 0 : 1);
}
