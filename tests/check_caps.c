/*
 * check_caps.c - the terminal capability decision table, row by row.
 */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "check-main.h"
#include "caps.h"

/* One row: inputs and the expected decision. */
struct row {
	struct caps_input	 in;
	int			 ok;		/* 0 = refused */
	struct caps		 want;
};

static const struct row rows[] = {
	/* Colour counts as terminfo reports them for the four TERMs. */
	{ { "xterm", NULL, NULL, 8, 0, 1, 0, 0 }, 1, { CAPS_8, 0, 1 } },
	{ { "xterm-256color", NULL, NULL, 256, 0, 1, 0, 0 },
	    1, { CAPS_256, 0, 1 } },
	{ { "linux", NULL, NULL, 8, 0, 1, 0, 0 }, 1, { CAPS_8, 0, 0 } },
	{ { "vt100", NULL, NULL, -1, 0, 1, 0, 0 }, 1, { CAPS_MONO, 0, 0 } },
	{ { "xterm-16color", NULL, NULL, 16, 0, 1, 0, 0 },
	    1, { CAPS_16, 0, 1 } },
	{ { "vt220", NULL, NULL, -1, 0, 0, 0, 0 }, 1, { CAPS_MONO, 0, 0 } },
	/* NO_COLOR: non-empty means no colour; empty is ignored. */
	{ { "xterm-256color", NULL, "1", 256, 0, 1, 0, 0 },
	    1, { CAPS_MONO, 0, 1 } },
	{ { "xterm-256color", NULL, "", 256, 0, 1, 0, 0 },
	    1, { CAPS_256, 0, 1 } },
	{ { "xterm", NULL, "yes", 8, 0, 0, 0, 0 }, 1, { CAPS_MONO, 0, 0 } },
	{ { "xterm-256color", NULL, NULL, 256, 0, 1, 1, 0 },
	    1, { CAPS_MONO, 0, 1 } },
	/* Truecolour: direct-colour terminfo, or COLORTERM + ccc. */
	{ { "xterm-direct", NULL, NULL, 1 << 24, 0, 1, 0, 0 },
	    1, { CAPS_TRUE, 1, 1 } },
	{ { "xterm-256color", "truecolor", NULL, 256, 1, 1, 0, 0 },
	    1, { CAPS_TRUE, 0, 1 } },
	{ { "xterm-256color", "24bit", NULL, 256, 1, 1, 0, 0 },
	    1, { CAPS_TRUE, 0, 1 } },
	{ { "xterm-256color", "truecolor", NULL, 256, 0, 1, 0, 0 },
	    1, { CAPS_256, 0, 1 } },
	{ { "xterm", "truecolor", NULL, 8, 1, 1, 0, 0 }, 1, { CAPS_8, 0, 1 } },
	{ { "xterm-direct", "truecolor", "1", 1 << 24, 1, 1, 0, 0 },
	    1, { CAPS_MONO, 0, 1 } },
	/* Glyphs: locale, --ascii, terminals without Unicode. */
	{ { "xterm-256color", NULL, NULL, 256, 0, 0, 0, 0 },
	    1, { CAPS_256, 0, 0 } },
	{ { "xterm-256color", NULL, NULL, 256, 0, 1, 0, 1 },
	    1, { CAPS_256, 0, 0 } },
	{ { "vt100-am", NULL, NULL, -1, 0, 1, 0, 0 }, 1, { CAPS_MONO, 0, 0 } },
	{ { "vt1000", NULL, NULL, 8, 0, 1, 0, 0 }, 1, { CAPS_8, 0, 1 } },
	{ { "screen-256color", NULL, NULL, 256, 0, 1, 0, 0 },
	    1, { CAPS_256, 0, 1 } },
	{ { "tmux-256color", NULL, NULL, 256, 0, 1, 0, 0 },
	    1, { CAPS_256, 0, 1 } },
	{ { "xterm-mono", NULL, NULL, -1, 0, 1, 0, 0 },
	    1, { CAPS_MONO, 0, 1 } },
	{ { "xterm", NULL, NULL, 0, 0, 1, 0, 0 }, 1, { CAPS_MONO, 0, 1 } },
	/* Refusals. */
	{ { "dumb", NULL, NULL, -1, 0, 1, 0, 0 }, 0, { CAPS_MONO, 0, 0 } },
	{ { "", NULL, NULL, -1, 0, 1, 0, 0 }, 0, { CAPS_MONO, 0, 0 } },
	{ { NULL, NULL, NULL, -1, 0, 1, 0, 0 }, 0, { CAPS_MONO, 0, 0 } },
	{ { "dumb", NULL, "1", 8, 0, 1, 1, 1 }, 0, { CAPS_MONO, 0, 0 } },
};

/* Each row of the table. */
START_TEST(test_table)
{
	const struct row	*r = &rows[_i];
	struct caps		 c;
	char			 err[256] = "";
	int			 rc;

	rc = caps_decide(&r->in, &c, err, sizeof err);
	if (!r->ok) {
		ck_assert_int_eq(rc, -1);
		ck_assert_ptr_nonnull(strstr(err, "--headless"));
		ck_assert_ptr_null(strchr(err, '\n'));
		return;
	}
	ck_assert_msg(rc == 0, "row %d: refused: %s", _i, err);
	ck_assert_msg(c.depth == r->want.depth, "row %d (%s): depth %s, want "
	    "%s", _i, r->in.term, caps_depth_name(c.depth),
	    caps_depth_name(r->want.depth));
	ck_assert_int_eq(c.direct, r->want.direct);
	ck_assert_msg(c.utf8 == r->want.utf8, "row %d (%s): utf8 %d", _i,
	    r->in.term, c.utf8);
}
END_TEST

/* The dumb-terminal message names the problem and the way out. */
START_TEST(test_dumb_message)
{
	struct caps_input	in = { "dumb", NULL, NULL, -1, 0, 1, 0, 0 };
	struct caps		c;
	char			err[256];

	ck_assert_int_eq(caps_decide(&in, &c, err, sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "TERM=dumb"));
	ck_assert_ptr_nonnull(strstr(err, "--headless"));
	/* A short buffer is cut, never overrun. */
	ck_assert_int_eq(caps_decide(&in, &c, err, 8), -1);
	ck_assert_uint_eq(strlen(err), 7);
}
END_TEST

/* Depth names round-trip; unknown words are refused. */
START_TEST(test_depth_names)
{
	enum caps_depth	d;
	int		i;

	for (i = CAPS_MONO; i <= CAPS_TRUE; i++) {
		ck_assert_int_eq(caps_depth_parse(caps_depth_name(i), &d), 0);
		ck_assert_int_eq(d, i);
	}
	ck_assert_int_eq(caps_depth_parse("truecolour", &d), 0);
	ck_assert_int_eq(d, CAPS_TRUE);
	ck_assert_int_eq(caps_depth_parse("24bit", &d), 0);
	ck_assert_int_eq(caps_depth_parse("88", &d), -1);
	ck_assert_int_eq(caps_depth_parse("", &d), -1);
	ck_assert_str_eq(caps_depth_name((enum caps_depth)99), "?");
}
END_TEST

/* The environment helper reads TERM, COLORTERM, NO_COLOR. */
START_TEST(test_env)
{
	struct caps_input	in;

	setenv("TERM", "xterm-256color", 1);
	setenv("COLORTERM", "truecolor", 1);
	setenv("NO_COLOR", "1", 1);
	memset(&in, 0, sizeof in);
	caps_input_env(&in);
	ck_assert_str_eq(in.term, "xterm-256color");
	ck_assert_str_eq(in.colorterm, "truecolor");
	ck_assert_str_eq(in.no_color, "1");
	/* The C locale's codeset is not UTF-8. */
	ck_assert_int_eq(in.utf8_locale, 0);
	unsetenv("NO_COLOR");
	caps_input_env(&in);
	ck_assert_ptr_null(in.no_color);
}
END_TEST

/* The suite. */
CHECK_SUITE("caps", CHECK_CASE("decide", 0),
    CHECK_LOOP(test_table, CHECK_N(rows)), CHECK_TEST(test_dumb_message),
    CHECK_TEST(test_depth_names), CHECK_TEST(test_env))
