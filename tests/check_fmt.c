/*
 * check_fmt.c - escaping of untrusted text: which characters are printable
 * (fmt_char()), the escaped forms (fmt_escape(), fmt_escape_composed() for
 * text escaped already), cutting at a character
 * boundary, and, exhaustively over every one- and two-byte input and a
 * sample of longer ones, that no output can hold a control character.
 */
#include "config.h"

#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check-main.h"
#include "fmt.h"
#include "report.h"
#include "engine/sim.h"

/* One fmt_char() case: bytes (n of them) and the expected length. */
struct chr {
	const char	*s;
	size_t		 n;
	size_t		 want;
	const char	*what;
};

static const struct chr chars[] = {
	{ "a", 1, 1, "ASCII letter" },
	{ " ", 1, 1, "space" },
	{ "~", 1, 1, "tilde" },
	{ "\t", 1, 0, "tab (C0)" },
	{ "\n", 1, 0, "newline (C0)" },
	{ "\033", 1, 0, "ESC" },
	{ "\a", 1, 0, "BEL" },
	{ "\177", 1, 0, "DEL" },
	{ "\0", 1, 0, "NUL" },
	{ "\233", 1, 0, "8-bit CSI byte alone" },
	{ "\302\233", 2, 0, "U+009B CSI (C1) in UTF-8" },
	{ "\302\200", 2, 0, "U+0080 (C1)" },
	{ "\302\237", 2, 0, "U+009F (C1)" },
	{ "\302\240", 2, 2, "U+00A0 no-break space" },
	{ "\303\251", 2, 2, "e acute" },
	{ "\342\226\210", 3, 3, "full block" },
	{ "\360\237\230\200", 4, 4, "emoji (4 bytes)" },
	{ "\342\226", 2, 0, "truncated 3-byte sequence" },
	{ "\342\226\210", 2, 0, "3-byte sequence with 2 bytes left" },
	{ "\300\233", 2, 0, "overlong ESC-like (C0 lead)" },
	{ "\301\201", 2, 0, "overlong 'A'" },
	{ "\340\200\233", 3, 0, "overlong 3-byte" },
	{ "\360\200\200\233", 4, 0, "overlong 4-byte" },
	{ "\355\240\200", 3, 0, "surrogate U+D800" },
	{ "\364\220\200\200", 4, 0, "past U+10FFFF" },
	{ "\370\210\200\200\200", 5, 0, "5-byte form" },
	{ "\377", 1, 0, "0xff" },
	{ "\303(", 2, 0, "lead byte then ASCII" },
	{ "\342\200\256", 3, 0, "U+202E right-to-left override" },
	{ "\342\200\252", 3, 0, "U+202A left-to-right embedding" },
	{ "\342\200\216", 3, 0, "U+200E left-to-right mark" },
	{ "\342\200\217", 3, 0, "U+200F right-to-left mark" },
	{ "\342\201\246", 3, 0, "U+2066 left-to-right isolate" },
	{ "\342\201\251", 3, 0, "U+2069 pop directional isolate" },
	{ "\342\200\250", 3, 0, "U+2028 line separator" },
	{ "\342\200\251", 3, 0, "U+2029 paragraph separator" },
	{ "\342\200\215", 3, 0, "U+200D zero width joiner" },
	{ "\342\200\213", 3, 0, "U+200B zero width space" },
	{ "\330\234", 2, 0, "U+061C Arabic letter mark (bidi)" },
	{ "\357\273\277", 3, 0, "U+FEFF byte order mark / ZWNBSP" },
	{ "\363\240\201\201", 4, 0, "U+E0041 tag latin capital A" },
	{ "\363\240\200\201", 4, 0, "U+E0001 language tag" },
	{ "\357\277\276", 3, 0, "U+FFFE non-character" },
	{ "\357\267\220", 3, 0, "U+FDD0 non-character" },
	{ "\364\217\277\277", 4, 0, "U+10FFFF non-character" },
	{ "\357\270\217", 3, 0, "U+FE0F variation selector 16" },
	{ "\302\255", 2, 0, "U+00AD soft hyphen" },
	{ "\342\201\240", 3, 0, "U+2060 word joiner" },
	{ "\341\205\237", 3, 0, "U+115F Hangul choseong filler" },
	{ "\344\270\255", 3, 3, "U+4E2D CJK (wide, printable)" },
	{ "\314\201", 2, 2, "U+0301 combining acute (visible)" },
	{ "\342\200\247", 3, 3, "U+2027 hyphenation point" },
	{ "\342\200\257", 3, 3, "U+202F narrow no-break space" },
	{ "\342\201\245", 3, 3, "U+2065 (next to the isolates)" },
	{ "\342\201\252", 3, 0, "U+206A (format, after the isolates)" },
};

/*
 * Shares add up to exactly the scale, by largest remainder, for any 64-bit
 * parts (no overflow), and are all 0 for an empty whole.
 */
START_TEST(test_shares)
{
	static const struct {
		uint64_t	 p[3], want[3];
	} c[] = {
		/* The buggy report run: 20.5 + 75.6 + 3.9. */
		{ { 205, 756, 39 }, { 205, 756, 39 } },
		/* Thirds: 33.4 + 33.3 + 33.3 (the first remainder wins). */
		{ { 1, 1, 1 }, { 334, 333, 333 } },
		/* Truncation alone would give 99.9. */
		{ { 2, 2, 5 }, { 222, 222, 556 } },
		/* Huge simulated times: p * 1000 overflows 64 bits. */
		{ { UINT64_MAX / 2, UINT64_MAX / 4, UINT64_MAX / 4 },
		  { 500, 250, 250 } },
		{ { 0, 0, 0 }, { 0, 0, 0 } },
	};
	uint64_t	out[3];
	size_t		i, k;

	for (i = 0; i < sizeof c / sizeof c[0]; i++) {
		fmt_shares(out, c[i].p, 3, 1000);
		for (k = 0; k < 3; k++)
			ck_assert_msg(out[k] == c[i].want[k], "case %zu part "
			    "%zu: %llu", i, k, (unsigned long long)out[k]);
	}
}
END_TEST

/* Percentages: rounded half up, never over 100, exact for huge values. */
START_TEST(test_pct)
{
	char	b[32];

	ck_assert_str_eq(fmt_pct(b, sizeof b, 1, 3, 1), "33.3");
	ck_assert_str_eq(fmt_pct(b, sizeof b, 2, 3, 1), "66.7");
	ck_assert_str_eq(fmt_pct(b, sizeof b, 5, 3, 1), "100.0");
	ck_assert_str_eq(fmt_pct(b, sizeof b, 7, 0, 1), "0");
	ck_assert_str_eq(fmt_pct(b, sizeof b, UINT64_MAX - 1, UINT64_MAX, 1),
	    "100.0");
	ck_assert_str_eq(fmt_pct(b, sizeof b, UINT64_MAX / 3, UINT64_MAX, 1),
	    "33.3");
	ck_assert_str_eq(fmt_pct(b, sizeof b, UINT64_MAX / 3, UINT64_MAX, 0),
	    "33");
}
END_TEST

START_TEST(test_char)
{
	const struct chr	*c = &chars[_i];

	ck_assert_msg(fmt_char(c->s, c->n) == c->want,
	    "%s: got %zu, want %zu", c->what, fmt_char(c->s, c->n), c->want);
}
END_TEST

/* One fmt_escape() case. */
struct esc {
	const char	*in;
	size_t		 n;
	const char	*want;
};

static const struct esc escs[] = {
	{ "plain text", 10, "plain text" },
	{ "\033[2J", 4, "\\x1b[2J" },
	{ "\033]0;title\a", 10, "\\x1b]0;title\\x07" },
	{ "\233" "31m", 4, "\\x9b31m" },
	{ "\302\233" "31m", 5, "\\xc2\\x9b31m" },
	{ "del\177", 4, "del\\x7f" },
	{ "a\0b", 3, "a\\x00b" },
	{ "tab\there", 8, "tab\\x09here" },
	{ "back\\slash", 10, "back\\\\slash" },
	{ "caf\303\251 \342\226\210", 9, "caf\303\251 \342\226\210" },
	{ "\342\226", 2, "\\xe2\\x96" },
	{ "rtl\342\200\256x", 7, "rtl\\xe2\\x80\\xaex" },
	{ "a\342\200\250b", 5, "a\\xe2\\x80\\xa8b" },
	{ "", 0, "" },
};

START_TEST(test_escape)
{
	const struct esc	*e = &escs[_i];
	char			 out[128];

	ck_assert_str_eq(fmt_escape(out, sizeof out, e->in, e->n), e->want);
}
END_TEST

/* Abort the test unless s is printable UTF-8 all through. */
static void
assert_printable(const char *s, const char *from, size_t n)
{
	size_t	i, k, len = strlen(s);

	/* Assert only on failure: each Check assertion costs a write. */
	for (i = 0; i < len; i += k) {
		if ((k = fmt_char(s + i, len - i)) == 0)
			ck_abort_msg("byte 0x%02x at %zu of '%s' (from %zu "
			    "bytes starting 0x%02x)", (unsigned char)s[i], i,
			    s, n, n ? (unsigned char)from[0] : 0);
	}
}

START_TEST(test_escape_all_short)
{
	unsigned char	in[2];
	char		out[32];
	unsigned	a, b;

	for (a = 0; a < 256; a++) {
		in[0] = (unsigned char)a;
		assert_printable(fmt_escape(out, sizeof out, (char *)in, 1),
		    (char *)in, 1);
		for (b = 0; b < 256; b++) {
			in[1] = (unsigned char)b;
			assert_printable(fmt_escape(out, sizeof out,
			    (char *)in, 2), (char *)in, 2);
		}
	}
}
END_TEST

/*
 * Longer inputs from a fixed linear congruential sequence (the same every
 * run), biased toward the bytes that matter: C0, DEL, C1, UTF-8 leads and
 * the trail bytes of U+202E and U+2028.  Escaped, each also passes through
 * fmt_escape_composed() unchanged.
 */
START_TEST(test_escape_sample)
{
	static const unsigned char	pick[] = { 0x1b, '[', '2', 'J', 0x07,
		0x9b, 0x7f, 0xc2, 0xe2, 0x96, 0x88, 0xf0, 0x9f, 'a', '\\',
		0x80, 0xbf, 0xed, 0xa0, 0xc0, 0xff, 0x00, '\n', '\t', 0xae,
		0xa8 };
	unsigned char			 in[24 + 1];	/* + NUL */
	char				 out[48], esc[128], again[128];
	uint32_t			 x = 12345;
	unsigned			 iter, i, n;

	for (iter = 0; iter < 200000; iter++) {
		x = x * 1103515245u + 12345u;
		n = 1 + (x >> 16) % (sizeof in - 1);
		for (i = 0; i < n; i++) {
			x = x * 1103515245u + 12345u;
			in[i] = pick[(x >> 16) % sizeof pick];
		}
		/* A small out forces the "..." cut at every position. */
		assert_printable(fmt_escape(out, 8 + iter % 40, (char *)in, n),
		    (char *)in, n);
		if (strlen(out) >= 8 + iter % 40)
			ck_abort_msg("%zu bytes in a buffer of %u", strlen(out),
			    8 + iter % 40);
		/* Escaped text goes through fmt_escape_composed() as is. */
		fmt_escape(esc, sizeof esc, (char *)in, n);
		fmt_escape_composed(again, sizeof again, esc);
		if (strcmp(esc, again) != 0)
			ck_abort_msg("'%s' came back as '%s'", esc, again);
		/* Raw text through it: printable, backslashes kept. */
		in[n] = '\0';
		assert_printable(fmt_escape_composed(again, sizeof again,
		    (char *)in), (char *)in, strlen((char *)in));
	}
}
END_TEST

/*
 * fmt_escape_composed(): the same escapes for what cannot be shown, but a
 * backslash passes, so text already escaped is not escaped twice.
 */
START_TEST(test_escape_composed)
{
	char	out[64], esc[64];

	ck_assert_str_eq(fmt_escape_composed(out, sizeof out,
	    "a\033[2Jb\177 \302\233 \342\200\256."),
	    "a\\x1b[2Jb\\x7f \\xc2\\x9b \\xe2\\x80\\xae.");
	ck_assert_str_eq(fmt_escape_composed(out, sizeof out,
	    "theme 'x\\x1b' not found"), "theme 'x\\x1b' not found");
	fmt_escape_str(esc, sizeof esc, "x\033y\\z");
	ck_assert_str_eq(esc, "x\\x1by\\\\z");
	ck_assert_str_eq(fmt_escape_composed(out, sizeof out, esc), esc);
	ck_assert_str_eq(fmt_escape_composed(out, 16, "aaaaaaaaaaaaaaaaaaaa"),
	    "aaaaaaaa...");
}
END_TEST

START_TEST(test_escape_cut)
{
	char	out[16], big[64];

	/* 20 x 'a' into 16 bytes: cut with "...", never overflowing. */
	fmt_escape(out, sizeof out, "aaaaaaaaaaaaaaaaaaaa", 20);
	ck_assert_str_eq(out, "aaaaaaaa...");
	/* Never half an escape or half a UTF-8 sequence. */
	fmt_escape(out, sizeof out, "ab\033\033\033\033", 6);
	ck_assert_str_eq(out, "ab\\x1b\\x1b...");
	fmt_escape(out, sizeof out, "abcdef\342\226\210\342\226\210", 12);
	ck_assert_str_eq(out, "abcdef\342\226\210...");
	/* Exactly what fits is not cut. */
	fmt_escape(out, sizeof out, "1234567", 7);
	ck_assert_str_eq(out, "1234567");
	ck_assert_str_eq(fmt_escape_str(big, sizeof big, "x\033y"), "x\\x1by");
}
END_TEST

/* Found by demo-fuzzer: tiny buffers got a "..." they had no room for. */
START_TEST(test_escape_tiny)
{
	char	buf[16];
	size_t	len;

	for (len = 1; len <= 9; len++) {
		memset(buf, 'Z', sizeof buf);
		fmt_escape_str(buf, len, "\x1b[2J a long untrusted text");
		ck_assert_uint_lt(strlen(buf), len);
		ck_assert_int_eq(buf[len], 'Z');	/* nothing past the end */
	}
}
END_TEST

/* Appending counts the whole text, writes only what fits, ends in NUL. */
START_TEST(test_append)
{
	char	buf[8];
	size_t	off = 0;

	memset(buf, 'Z', sizeof buf);
	fmt_append(buf, 6, &off, "%s", "abc");
	ck_assert_uint_eq(off, 3);
	ck_assert_str_eq(buf, "abc");
	fmt_append(buf, 6, &off, "%d", 1234);
	ck_assert_uint_eq(off, 7);
	ck_assert_str_eq(buf, "abc12");
	fmt_append(buf, 6, &off, "more");
	ck_assert_uint_eq(off, 11);
	ck_assert_str_eq(buf, "abc12");
	ck_assert_int_eq(buf[6], 'Z');		/* nothing past len */
	off = 0;
	fmt_append(buf, 0, &off, "x");
	ck_assert_uint_eq(off, 1);
	ck_assert_int_eq(buf[0], 'a');		/* len 0: nothing written */
}
END_TEST

/* fmt_cut() keeps whole printable characters, cuts at the first other. */
START_TEST(test_cut)
{
	char	a[] = "ab\342\226\210c", b[] = "ab\342\226", c[] = "x\033y",
		d[] = "ab\326";

	ck_assert_str_eq(fmt_cut(a), "ab\342\226\210c");
	ck_assert_str_eq(fmt_cut(b), "ab");	/* half of a sequence */
	ck_assert_str_eq(fmt_cut(c), "x");
	ck_assert_str_eq(fmt_cut(d), "ab");
}
END_TEST

/*
 * The trace's own number writer (report.c) against printf: every length of
 * number from 0 to 2^64 - 1, and each power of ten and its neighbours, in
 * the fields of an event, and a line cut to a short buffer as snprintf cuts.
 */
START_TEST(test_json_numbers)
{
	struct sim_event	 e;
	char			 got[1024], want[1024];
	uint64_t		 v[64], p;
	size_t			 n = 0, i;

	v[n++] = 0;
	v[n++] = UINT64_MAX;
	v[n++] = UINT64_MAX - 1;
	for (p = 1; p <= UINT64_MAX / 10; p *= 10) {
		v[n++] = p - 1;
		v[n++] = p;
		v[n++] = p + 1;
	}
	for (i = 0; i < n; i++) {
		memset(&e, 0, sizeof e);
		e.seq = v[i];
		e.t_ns = v[(i + 1) % n];
		e.kind = SIM_EV_QUEUE;
		e.first = v[(i + 2) % n];
		e.npages = v[(i + 3) % n];
		e.read_index = v[(i + 4) % n];
		e.mode = SIM_MODE_FIXED;
		e.label = 3;
		e.where = SIM_WHERE_QUEUE;
		e.merged = 1;
		e.req = (uint32_t)v[(i + 5) % n];
		e.req_first = v[(i + 6) % n];
		e.req_npages = v[(i + 7) % n];
		snprintf(want, sizeof want, "{\"seq\":%llu,\"t_ns\":%llu,"
		    "\"ev\":\"queue\",\"first\":%llu,\"npages\":%llu,"
		    "\"read\":%llu,\"mode\":\"fixed\",\"label\":\"T3\","
		    "\"where\":\"queue\",\"merged\":true,\"req\":%u,"
		    "\"req_first\":%llu,\"req_npages\":%llu}",
		    (unsigned long long)e.seq, (unsigned long long)e.t_ns,
		    (unsigned long long)e.first, (unsigned long long)e.npages,
		    (unsigned long long)e.read_index, e.req,
		    (unsigned long long)e.req_first,
		    (unsigned long long)e.req_npages);
		ck_assert_uint_eq(report_json(got, sizeof got, &e), strlen(want));
		ck_assert_str_eq(got, want);
		ck_assert_uint_eq(report_json(got, 10, &e), 9);
		want[9] = '\0';
		ck_assert_str_eq(got, want);
	}
}
END_TEST

/* Steps of every size both ways across the powers of ten. */
static const int64_t	 walk_step[] = { 0, 1, -1, 7, -7, 99, -99, 100, -100,
			    9999, -9999, 10000, 123456, -123456, 99999999,
			    100000000, -100000001, INT64_C(1) << 40,
			    -(INT64_C(1) << 40) };

/* xorshift64: the next of a fixed sequence. */
static uint64_t
walk_next(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return (*x);
}

/* Move each number of e by a step, now and then to a new value. */
static void
walk_event(struct sim_event *e, uint64_t *x)
{
	static const enum sim_ev kinds[] = { SIM_EV_QUEUE, SIM_EV_WAIT,
				    SIM_EV_RA_ASYNC, SIM_EV_DISPATCH };
	uint64_t	*num[] = { &e->seq, &e->t_ns, &e->first, &e->npages,
			    &e->read_index, &e->hit, &e->req_first,
			    &e->req_npages, &e->page };
	const size_t	 nstep = sizeof walk_step / sizeof walk_step[0];
	size_t		 k;
	uint64_t	 r;

	for (k = 0; k < sizeof num / sizeof num[0]; k++) {
		r = walk_next(x);
		*num[k] += (uint64_t)walk_step[r % nstep];
		if (r % 61 == 0)
			*num[k] = r % 5 == 0 ? 0 : r >> (r % 64);
	}
	r = walk_next(x);
	e->req = (uint32_t)(e->req + (uint32_t)walk_step[r % nstep]);
	e->kind = kinds[r % 4];
}

/*
 * A trace's lines reuse the last line's numbers (report.c, struct
 * report_num): lines written one after the other, their numbers on a walk
 * (walk_event()), are the lines report_json() writes for each event alone.
 */
START_TEST(test_json_lines)
{
	struct sim_config	 cfg;
	struct report_trace	 t;
	struct sim_event	 e;
	FILE			*f;
	char			 got[1024], want[1024], hdr[4096];
	uint64_t		 x = UINT64_C(88172645463325252);
	size_t			 i;
	const size_t		 lines = 20000;

	sim_config_default(&cfg);
	ck_assert_ptr_nonnull(f = tmpfile());
	ck_assert_int_eq(report_trace_open(&t, "-", 0, f, stderr, &cfg), 0);
	memset(&e, 0, sizeof e);
	e.marker = SIM_NONE;
	for (i = 0; i < lines; i++) {
		walk_event(&e, &x);
		CHECK_HOT_INT_EQ(report_trace_event(&t, &e), 0);
	}
	ck_assert_int_eq(report_trace_close(&t, 0, stderr), 0);
	rewind(f);
	ck_assert_ptr_nonnull(fgets(hdr, sizeof hdr, f));	/* the header */
	/* The same walk again, each event on its own. */
	x = UINT64_C(88172645463325252);
	memset(&e, 0, sizeof e);
	e.marker = SIM_NONE;
	for (i = 0; i < lines; i++) {
		walk_event(&e, &x);
		report_json(want, sizeof want - 1, &e);
		strcat(want, "\n");
		CHECK_HOT(fgets(got, sizeof got, f) != NULL);
		CHECK_HOT_MSG(strcmp(got, want) == 0, "line %zu: '%s' != '%s'",
		    i + 1, got, want);
	}
	ck_assert_ptr_null(fgets(got, sizeof got, f));
	fclose(f);
}
END_TEST

/* fmt_u64() writes what printf's %0*llu writes, for every length. */
START_TEST(test_u64)
{
	char		 got[64], want[64];
	uint64_t	 v[64], p;
	size_t		 n = 0, i;
	unsigned	 w;

	v[n++] = 0;
	v[n++] = UINT64_MAX;
	for (p = 1; p <= UINT64_MAX / 10; p *= 10) {
		v[n++] = p - 1;
		v[n++] = p;
		v[n++] = p * 7 + 3;
	}
	for (i = 0; i < n; i++) {
		for (w = 0; w <= 22; w += 3) {
			*fmt_u64(got, v[i], w) = '\0';
			snprintf(want, sizeof want, "%0*llu", (int)w,
			    (unsigned long long)v[i]);
			ck_assert_str_eq(got, want);
		}
	}
}
END_TEST

/* The readable numbers, and cut to a short buffer as snprintf() cuts. */
START_TEST(test_readable)
{
	static const struct {
		uint64_t	 num, den;
		unsigned	 dec;
		const char	*want;
	} r[] = {
		{ 1, 3, 2, "0.33" }, { 2, 3, 2, "0.67" }, { 5, 1, 0, "5" },
		{ 999, 1000, 2, "1.00" }, { 123456789, 1000, 3, "123456.789" },
		{ 1, 1000, 3, "0.001" }, { 7, 0, 1, "0" },
		{ UINT64_MAX, 1, 0, "18446744073709551615" },
		{ 50, 100, 1, "0.5" }, { 2510000, 10000, 1, "251.0" },
	};
	char	 b[64];
	size_t	 i;

	for (i = 0; i < sizeof r / sizeof r[0]; i++)
		ck_assert_str_eq(fmt_ratio(b, sizeof b, r[i].num, r[i].den,
		    r[i].dec), r[i].want);
	ck_assert_str_eq(fmt_ratio(b, 4, 123456789, 1000, 3), "123");
	ck_assert_str_eq(fmt_time(b, sizeof b, 999), "999ns");
	ck_assert_str_eq(fmt_time(b, sizeof b, 1500), "1.5us");
	ck_assert_str_eq(fmt_time(b, sizeof b, 60000), "60us");
	ck_assert_str_eq(fmt_time(b, sizeof b, 4000000), "4.00ms");
	ck_assert_str_eq(fmt_time(b, sizeof b, 1334750776), "1.335s");
	ck_assert_str_eq(fmt_time(b, 4, 1334750776), "1.3");
	ck_assert_str_eq(fmt_bytes(b, sizeof b, 131072), "128 KiB");
	ck_assert_str_eq(fmt_bytes(b, sizeof b, 1536), "1.5 KiB");
	ck_assert_str_eq(fmt_bytes(b, sizeof b, 1000), "1000 B");
	ck_assert_str_eq(fmt_size(b, sizeof b, UINT64_C(1) << 40), "1T");
	ck_assert_str_eq(fmt_size(b, 2, UINT64_C(1) << 40), "1");
	ck_assert_str_eq(fmt_size(b, 1, 5), "");
}
END_TEST

/* The suite. */
CHECK_SUITE("fmt", CHECK_CASE("escape", 60),
    CHECK_LOOP(test_char, CHECK_N(chars)),
    CHECK_LOOP(test_escape, CHECK_N(escs)), CHECK_TEST(test_escape_all_short),
    CHECK_TEST(test_escape_sample), CHECK_TEST(test_escape_cut),
    CHECK_TEST(test_escape_tiny), CHECK_TEST(test_escape_composed),
    CHECK_TEST(test_shares), CHECK_TEST(test_pct), CHECK_TEST(test_append),
    CHECK_TEST(test_cut), CHECK_TEST(test_json_numbers),
    CHECK_TEST(test_json_lines), CHECK_TEST(test_u64),
    CHECK_TEST(test_readable))
