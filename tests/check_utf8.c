/*
 * check_utf8.c - the utf8 module: decoding, the built-in width table (the
 * same whatever the locale), fitting text into cells; and the text back end
 * and layout that use it: a frame line never takes more columns than the
 * frame has, whatever the caption holds.
 */
#include "config.h"

#include <check.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check-main.h"
#include "feed.h"
#include "render.h"
#include "utf8.h"
#include "engine/sim.h"

/* Code points and their cells. */
static const struct {
	uint32_t	 cp;
	unsigned	 w;
	const char	*what;
} widths[] = {
	{ 'a', 1, "ASCII" },
	{ 0xe9, 1, "e acute" },
	{ 0x301, 0, "combining acute" },
	{ 0x20dd, 0, "combining enclosing circle (Me)" },
	{ 0x200b, 0, "zero width space" },
	{ 0xfeff, 0, "ZWNBSP" },
	{ 0x1160, 0, "Hangul jungseong filler" },
	{ 0x1100, 2, "Hangul choseong kiyeok" },
	{ 0xac00, 2, "Hangul syllable" },
	{ 0x4e2d, 2, "CJK ideograph" },
	{ 0x3042, 2, "hiragana" },
	{ 0xff21, 2, "fullwidth A" },
	{ 0xff61, 1, "halfwidth ideographic full stop" },
	{ 0x1f600, 2, "emoji grinning face" },
	{ 0x20000, 2, "CJK extension B" },
	{ 0x2500, 1, "box drawing (ambiguous: one cell)" },
	{ 0x2026, 1, "ellipsis" },
	{ 0x25bc, 1, "down triangle (ambiguous)" },
};

START_TEST(test_width)
{
	ck_assert_msg(utf8_cp_width(widths[_i].cp) == widths[_i].w,
	    "U+%04X %s: %u cells, want %u", (unsigned)widths[_i].cp,
	    widths[_i].what, utf8_cp_width(widths[_i].cp), widths[_i].w);
}
END_TEST

/* The table is the program's, not the locale's. */
START_TEST(test_locale)
{
	const char	*s = "\xe4\xb8\xad\xe6\x96\x87 ok";	/* 中文 ok */
	size_t		 c, u;

	setlocale(LC_ALL, "C");
	c = utf8_width(s);
	if (setlocale(LC_ALL, "C.UTF-8") == NULL)
		setlocale(LC_ALL, "");
	u = utf8_width(s);
	setlocale(LC_ALL, "C");
	ck_assert_uint_eq(c, 7);
	ck_assert_uint_eq(u, 7);
}
END_TEST

/* Decoding: minimal, complete sequences of scalar values only. */
START_TEST(test_decode)
{
	static const struct {
		const char	*s;
		size_t		 len;
		uint32_t	 cp;
	} d[] = {
		{ "A", 1, 'A' }, { "\xc3\xa9", 2, 0xe9 },
		{ "\xe2\x82\xac", 3, 0x20ac }, { "\xf0\x9f\x98\x80", 4, 0x1f600 },
		{ "\xc0\xaf", 0, 0 }, { "\xe0\x80\xaf", 0, 0 },
		{ "\xed\xa0\x80", 0, 0 }, { "\xf4\x90\x80\x80", 0, 0 },
		{ "\xc3", 0, 0 }, { "\x80", 0, 0 },
		{ "\xf8\x88\x80\x80\x80", 0, 0 }, { "\xfc", 0, 0 },
		{ "\xfe", 0, 0 }, { "\xff", 0, 0 },
	};
	char		 enc[4];
	uint32_t	 cp;
	size_t		 i;

	for (i = 0; i < sizeof d / sizeof d[0]; i++) {
		cp = 0;
		ck_assert_msg(utf8_decode(d[i].s, strlen(d[i].s), &cp) ==
		    d[i].len, "case %zu", i);
		if (d[i].len > 0) {
			ck_assert_uint_eq(cp, d[i].cp);
			ck_assert_uint_eq(utf8_encode(cp, enc), d[i].len);
			ck_assert(memcmp(enc, d[i].s, d[i].len) == 0);
		}
	}
}
END_TEST

/* Bytes 0xf8-0xff (never UTF-8) are one '?' cell each. */
START_TEST(test_bad_bytes)
{
	char		 s[2] = { 0, 0 };
	uint32_t	 cp;
	unsigned	 w;
	int		 b;

	for (b = 0xf8; b <= 0xff; b++) {
		s[0] = (char)b;
		ck_assert_uint_eq(utf8_next(s, 1, &cp, &w), 1);
		ck_assert_uint_eq(cp, '?');
		ck_assert_uint_eq(w, 1);
	}
	ck_assert_uint_eq(utf8_width("\xf8\xf9\xfa\xfb\xfc\xfd\xfe\xff"), 8);
}
END_TEST

/* Fitting never splits a character and keeps its combining marks. */
START_TEST(test_fit)
{
	const char	*cjk = "\xe4\xb8\xad\xe6\x96\x87";	/* 2 + 2 */
	const char	*comb = "e\xcc\x81x";		/* e + acute, x */

	ck_assert_uint_eq(utf8_width(cjk), 4);
	ck_assert_uint_eq(utf8_fit(cjk, 3), 3);		/* one ideograph */
	ck_assert_uint_eq(utf8_fit(cjk, 1), 0);
	ck_assert_uint_eq(utf8_fit(cjk, 4), 6);
	ck_assert_uint_eq(utf8_width(comb), 2);
	ck_assert_uint_eq(utf8_fit(comb, 1), 3);	/* e and its mark */
}
END_TEST

/* The columns a line of a frame takes. */
static size_t
line_cols(const char *line, size_t n)
{
	char	buf[4096];

	if (n >= sizeof buf)
		n = sizeof buf - 1;
	memcpy(buf, line, n);
	buf[n] = '\0';
	return (utf8_width(buf));
}

/* Every line of the frame of r (cols wide) with caption cap fits. */
static void
frame_fits(unsigned cols, const char *cap)
{
	struct sim_config	 cfg;
	struct view_config	 vc;
	struct view		*s;
	struct render		*r;
	struct render_text	*t;
	struct render_status	 st;
	char			*buf = NULL, *p, *nl;
	size_t			 len = 0, w, max = 0;
	FILE			*f;

	sim_config_default(&cfg);
	feed_config(&vc, &cfg);
	s = view_new(&vc);
	ck_assert_ptr_nonnull(r = render_new(cols, 24));
	ck_assert_ptr_nonnull(t = render_text_new());
	render_set_glyphs(r, &render_unicode);
	memset(&st, 0, sizeof st);
	st.play = "PAUSED";
	st.speed = 10;
	st.caption = cap;
	st.hint = cap;
	ck_assert_ptr_nonnull(f = open_memstream(&buf, &len));
	render_draw(r, s, &render_text_ops, t, &st);
	render_text_write(t, f);
	fclose(f);
	for (p = buf; (nl = strchr(p, '\n')) != NULL; p = nl + 1) {
		w = line_cols(p, (size_t)(nl - p));
		if (w > max)
			max = w;
		ck_assert_msg(w <= cols, "a %zu-column line in a %u-column "
		    "frame: %.*s", w, cols, (int)(nl - p), p);
	}
	/* The caption is there, as much of it as fits. */
	ck_assert_ptr_nonnull(strstr(buf, "\xe4\xb8\xad"));
	ck_assert_uint_ge(max, cols - 2);
	free(buf);
	render_text_free(t);
	render_free(r);
	view_free(s);
}

/* A CJK caption: lines never exceed the frame. */
START_TEST(test_cjk_frame)
{
	char	cap[1024];
	size_t	i, o = 0;

	/* 100 ideographs: 200 columns; and a mix with marks and ASCII. */
	for (i = 0; i < 100; i++) {
		memcpy(cap + o, "\xe4\xb8\xad", 3);
		o += 3;
	}
	cap[o] = '\0';
	frame_fits(80, cap);
	frame_fits(81, cap);
	frame_fits(120, cap);
	frame_fits(80, "a\xe4\xb8\xad b\xcc\x81 c\xe4\xb8\xad\xe4\xb8\xad "
	    "\xe4\xb8\xad\xe4\xb8\xad\xe4\xb8\xad\xe4\xb8\xad\xe4\xb8\xad "
	    "\xe4\xb8\xad\xe4\xb8\xad\xe4\xb8\xad\xe4\xb8\xad\xe4\xb8\xad "
	    "\xe4\xb8\xad\xe4\xb8\xad\xe4\xb8\xad\xe4\xb8\xad\xe4\xb8\xad "
	    "\xe4\xb8\xad\xe4\xb8\xad\xe4\xb8\xad\xe4\xb8\xad\xe4\xb8\xad "
	    "\xe4\xb8\xad\xe4\xb8\xad\xe4\xb8\xad\xe4\xb8\xad\xe4\xb8\xad "
	    "\xe4\xb8\xad\xe4\xb8\xad\xe4\xb8\xad\xe4\xb8\xad\xe4\xb8\xad "
	    "\xe4\xb8\xad\xe4\xb8\xad\xe4\xb8\xad\xe4\xb8\xad\xe4\xb8\xad");
}
END_TEST

/* The text back end: a wide character overwritten by half is blanked. */
START_TEST(test_text_overwrite)
{
	struct render_text	*t = render_text_new();
	char			*buf = NULL;
	size_t			 len = 0;
	FILE			*f;

	ck_assert_ptr_nonnull(t);
	render_text_ops.begin(t, 10, 2);
	render_text_ops.put(t, 0, 0, RENDER_TEXT, "\xe4\xb8\xad\xe4\xb8\xad");
	render_text_ops.put(t, 0, 1, RENDER_TEXT, "x");	/* right half */
	render_text_ops.put(t, 1, 9, RENDER_TEXT, "\xe4\xb8\xad"); /* no room */
	render_text_ops.put(t, 1, 0, RENDER_TEXT, "\xff\x1b.");
	render_text_ops.end(t);
	ck_assert_ptr_nonnull(f = open_memstream(&buf, &len));
	render_text_write(t, f);
	fclose(f);
	ck_assert_str_eq(buf, " x\xe4\xb8\xad\n??.\n");
	free(buf);
	render_text_free(t);
}
END_TEST

/* The suite. */
CHECK_SUITE("utf8", CHECK_CASE("utf8", 0),
    CHECK_LOOP(test_width, CHECK_N(widths)), CHECK_TEST(test_locale),
    CHECK_TEST(test_decode), CHECK_TEST(test_bad_bytes), CHECK_TEST(test_fit),
    CHECK_TEST(test_cjk_frame), CHECK_TEST(test_text_overwrite))
