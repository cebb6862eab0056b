/*
 * check_theme.c - theme files: every shipped theme on every kind of
 * terminal, the parser's messages, colour degradation, lookup and the
 * start-up policy, and the colour-blind check of the default palette.
 *
 * RAVIZ_DATADIR (set by the test harness to the source tree) makes the
 * shipped themes visible; XDG_CONFIG_HOME points into a scratch directory
 * so the user's own themes never leak in.
 */
#include "config.h"

#include <check.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check-main.h"
#include "check-terms.h"
#include "caps.h"
#include "fmt.h"
#include "theme.h"

/* The themes the issue asks for; test_shipped_set keeps this honest. */
static const char *shipped[] = {
	"default", "projector", "mono", "classic16", "dusk"
};
#define NSHIPPED	(int)(sizeof shipped / sizeof shipped[0])

#define NTERMS		CHECK_N(check_terms)

static const enum render_role state_role[RENDER_ST_COUNT] = {
	RENDER_PAGE_CONSUMED, RENDER_PAGE_CACHED, RENDER_PAGE_PLUGGED,
	RENDER_PAGE_INFLIGHT, RENDER_PAGE_ABSENT
};

static char	scratch[256];		/* per-tcase scratch directory */
static char	datadir[512];		/* the source tree's, from the env */
static char	home[300];		/* this test's, see fresh() */
static char	home0[300];		/* $HOME at setup(), or "" */

/* Remove every file in a directory, then the directory (one level deep). */
static void
rm_tree(const char *dir)
{
	DIR		*dp;
	struct dirent	*de;
	char		 p[1024];

	if ((dp = opendir(dir)) == NULL)
		return;
	while ((de = readdir(dp)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 ||
		    strcmp(de->d_name, "..") == 0)
			continue;
		snprintf(p, sizeof p, "%s/%s", dir, de->d_name);
		if (unlink(p) != 0)
			rm_tree(p);
	}
	closedir(dp);
	rmdir(dir);
}

/* Unchecked setup: a scratch directory as XDG_CONFIG_HOME. */
static void
setup(void)
{
	const char	*tmp = getenv("TMPDIR"), *dd = getenv("RAVIZ_DATADIR");
	const char	*h = getenv("HOME");

	snprintf(scratch, sizeof scratch, "%s/check_theme.XXXXXX",
	    tmp && *tmp ? tmp : "/tmp");
	if (mkdtemp(scratch) == NULL)
		abort();
	setenv("XDG_CONFIG_HOME", scratch, 1);
	/* Run by hand from the build directory: the themes are in ".". */
	snprintf(datadir, sizeof datadir, "%s", dd && *dd ? dd : ".");
	setenv("RAVIZ_DATADIR", datadir, 1);
	snprintf(home0, sizeof home0, "%s", h != NULL ? h : "");
}

/* Unchecked teardown. */
static void
teardown(void)
{
	rm_tree(scratch);
}

/*
 * A fresh directory under the scratch one, made XDG_CONFIG_HOME: files
 * persist between the tests of a tcase; the environment a test changed
 * (RAVIZ_DATADIR, HOME) is put back as setup() left it, for the tests run
 * one after another in one process (check-main.c).
 */
static void
fresh(void)
{
	snprintf(home, sizeof home, "%s/t.XXXXXX", scratch);
	ck_assert_ptr_nonnull(mkdtemp(home));
	setenv("XDG_CONFIG_HOME", home, 1);
	setenv("RAVIZ_DATADIR", datadir, 1);
	if (*home0 != '\0')
		setenv("HOME", home0, 1);
	else
		unsetenv("HOME");
}

/* Write text to dir/name (dir created if needed). */
static void
write_file(const char *dir, const char *name, const char *text)
{
	char	 p[1024];
	FILE	*f;

	mkdir(dir, 0700);
	snprintf(p, sizeof p, "%s/%s", dir, name);
	f = fopen(p, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
}

/* Parse a string as "t.theme"; d collects messages. */
static struct theme *
parse(const char *text, struct theme_diag *d)
{
	return (theme_parse(text, strlen(text), "t.theme", d));
}

/* Parse and resolve a valid theme at a depth (Unicode glyphs). */
static void
resolve_str(const char *text, enum caps_depth depth,
    struct theme_resolved *res)
{
	struct theme_diag	 d = { NULL, 0 };
	struct theme		*t = parse(text, &d);
	struct caps		 caps = { depth, 0, 1 };

	ck_assert_msg(t != NULL, "%s", d.n ? d.msg[0] : "?");
	ck_assert_int_eq(theme_resolve(t, &caps, res), 0);
	theme_free(t);
}

/* Does any message contain a byte below 0x20 or DEL? */
static int
has_control(const struct theme_diag *d)
{
	size_t			 i;
	const unsigned char	*p;

	for (i = 0; i < d->n; i++)
		for (p = (const unsigned char *)d->msg[i]; *p; p++)
			if (*p < 0x20 || *p == 0x7f)
				return (1);
	return (0);
}

/* ---- shipped themes x terminals x NO_COLOR ---- */

/*
 * Loop index -> (theme, TERM, NO_COLOR): each loads, each page state gets
 * its own glyph/attribute/colour combination, and colours respect the depth.
 */
START_TEST(test_shipped_matrix)
{
	const char		*name = shipped[_i / (NTERMS * 2)];
	int			 ti = (_i / 2) % NTERMS, nc = _i % 2;
	struct caps_input	 in;
	struct caps		 caps;
	struct theme_resolved	 res;
	struct theme_diag	 d = { NULL, 0 };
	const struct theme_style *a, *b;
	char			 err[256];
	int			 i, j, r, lim;

	memset(&in, 0, sizeof in);
	in.term = check_terms[ti].term;
	in.colors = check_terms[ti].colors;
	in.no_color = nc ? "1" : NULL;
	in.utf8_locale = 1;
	ck_assert_int_eq(caps_decide(&in, &caps, err, sizeof err), 0);
	ck_assert_msg(theme_open(name, 1, &caps, &res, &d) == 0,
	    "%s on %s: %s", name, in.term, d.n ? d.msg[0] : "?");
	ck_assert_uint_eq(d.n, 0);
	ck_assert_msg(res.warning[0] == '\0', "%s: %s", name, res.warning);

	for (i = 0; i < RENDER_ST_COUNT; i++) {
		for (j = 0; j < i; j++) {
			a = &res.role[state_role[i]];
			b = &res.role[state_role[j]];
			/* The glyph alone must differ (monochrome). */
			ck_assert_str_ne(res.glyphs.state[i],
			    res.glyphs.state[j]);
			ck_assert(strcmp(res.glyphs.state[i],
			    res.glyphs.state[j]) != 0 || a->attrs != b->attrs ||
			    a->fg != b->fg || a->bg != b->bg);
		}
		ck_assert_uint_eq(strlen(res.glyphs.state[i]) > 0, 1);
		if (!caps.utf8)
			ck_assert_msg(strlen(res.glyphs.state[i]) == 1 &&
			    (unsigned char)res.glyphs.state[i][0] < 0x80,
			    "%s: non-ASCII glyph on %s", name, in.term);
	}

	lim = caps.depth == CAPS_8 ? 8 : caps.depth == CAPS_16 ? 16 : 256;
	for (r = 0; r < RENDER_ROLE_COUNT; r++) {
		if (caps.depth == CAPS_MONO) {
			ck_assert_int_eq(res.role[r].fg, -1);
			ck_assert_int_eq(res.role[r].bg, -1);
		}
		ck_assert_int_lt(res.role[r].fg, lim);
		ck_assert_int_lt(res.role[r].bg, lim);
		ck_assert_int_ge(res.role[r].fg, -1);
		ck_assert_int_ge(res.role[r].bg, -1);
		ck_assert_int_eq(res.role[r].fg_rgb, -1);
		ck_assert(res.role[r].fg < 0 || res.role[r].fg != res.role[r].bg);
	}
	/* NO_COLOR and vt100 have no colour: the theme chain ends in mono. */
	if (caps.depth == CAPS_MONO && strcmp(name, "projector") != 0)
		ck_assert_str_eq(res.name, strcmp(name, "default") == 0 ||
		    strcmp(name, "dusk") == 0 || strcmp(name, "classic16") == 0
		    ? "mono" : name);
	theme_diag_free(&d);
}
END_TEST

/* The themes directory holds exactly the themes listed above. */
START_TEST(test_shipped_set)
{
	char		 dir[600], name[256];
	DIR		*dp;
	struct dirent	*de;
	int		 n = 0, i, found;
	size_t		 len;

	snprintf(dir, sizeof dir, "%s/themes", datadir);
	dp = opendir(dir);
	ck_assert_msg(dp != NULL, "no %s", dir);
	while ((de = readdir(dp)) != NULL) {
		len = strlen(de->d_name);
		if (len < 7 || strcmp(de->d_name + len - 6, ".theme") != 0)
			continue;
		snprintf(name, sizeof name, "%.*s", (int)len - 6, de->d_name);
		for (found = 0, i = 0; i < NSHIPPED; i++)
			found |= strcmp(shipped[i], name) == 0;
		ck_assert_msg(found, "%s is not in the test's list", name);
		n++;
	}
	closedir(dp);
	ck_assert_int_eq(n, NSHIPPED);
}
END_TEST

/* Truecolour keeps RGB; the ASCII table is used without UTF-8. */
START_TEST(test_shipped_truecolor_ascii)
{
	struct caps		 caps = { CAPS_TRUE, 1, 0 };
	struct theme_resolved	 res;
	struct theme_diag	 d = { NULL, 0 };

	ck_assert_int_eq(theme_open("default", 1, &caps, &res, &d), 0);
	ck_assert_str_eq(res.name, "default");
	ck_assert_int_eq(res.role[RENDER_PAGE_CONSUMED].fg_rgb, 0xc0c0c0);
	ck_assert_int_eq(res.role[RENDER_PAGE_CONSUMED].fg, 250);
	ck_assert_str_eq(res.glyphs.state[RENDER_ST_CACHED], "#");
	ck_assert_str_eq(res.glyphs.win_open, "[");
}
END_TEST

/*
 * A resolved theme is a value: a copy keeps its glyphs after the original
 * is gone (it used to point into itself, so a copy dangled).
 */
START_TEST(test_resolved_copy)
{
	struct theme_resolved	*res, copy;

	ck_assert_ptr_nonnull(res = malloc(sizeof *res));
	resolve_str("glyph.cached = \"%\"\n", CAPS_256, res);
	ck_assert_str_eq(res->glyphs.state[RENDER_ST_CACHED], "%");
	copy = *res;
	memset(res, 'x', sizeof *res);
	free(res);
	ck_assert_str_eq(copy.glyphs.state[RENDER_ST_CACHED], "%");
	ck_assert_str_eq(copy.glyphs.win_open, "[");
}
END_TEST

/* ---- colour-blind safety of the default palette ---- */

/* sRGB component (0-255) to linear. */
static double
lin(unsigned c)
{
	double	v = c / 255.0;

	return (v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4));
}

/* CIELAB helper function. */
static double
lab_f(double t)
{
	return (t > 216.0 / 24389.0 ? cbrt(t) : (24389.0 / 27.0 * t + 16.0) /
	    116.0);
}

/*
 * rgb through a Machado et al. (2009) severity-1.0 matrix m (on linear
 * RGB, clipped), then to CIELAB (D65).
 */
static void
simulate(uint32_t rgb, const double m[3][3], double lab[3])
{
	double	c[3] = { lin(rgb >> 16), lin((rgb >> 8) & 0xff),
		    lin(rgb & 0xff) }, o[3], x, y, z;
	int	i;

	for (i = 0; i < 3; i++) {
		o[i] = m[i][0] * c[0] + m[i][1] * c[1] + m[i][2] * c[2];
		o[i] = o[i] < 0 ? 0 : o[i] > 1 ? 1 : o[i];
	}
	x = (0.4124 * o[0] + 0.3576 * o[1] + 0.1805 * o[2]) / 0.95047;
	y = 0.2126 * o[0] + 0.7152 * o[1] + 0.0722 * o[2];
	z = (0.0193 * o[0] + 0.1192 * o[1] + 0.9505 * o[2]) / 1.08883;
	lab[0] = 116.0 * lab_f(y) - 16.0;
	lab[1] = 500.0 * (lab_f(x) - lab_f(y));
	lab[2] = 200.0 * (lab_f(y) - lab_f(z));
}

/* The xterm 256-colour palette's RGB, computed independently of theme.c. */
static uint32_t
xterm_rgb(int i)
{
	static const int	lv[6] = { 0, 95, 135, 175, 215, 255 };
	unsigned		g;

	ck_assert_int_ge(i, 16);
	if (i < 232) {
		i -= 16;
		return ((uint32_t)lv[i / 36] << 16 |
		    (uint32_t)lv[(i / 6) % 6] << 8 | (uint32_t)lv[i % 6]);
	}
	g = 8 + 10 * (unsigned)(i - 232);
	return (g << 16 | g << 8 | g);
}

/*
 * The five state colours of the default theme, exact and as drawn on a
 * 256-colour terminal, stay >= 20 Delta-E*ab apart for normal vision,
 * protanopia and deuteranopia.
 */
START_TEST(test_default_cvd)
{
	static const double	m[3][3][3] = {
		{ { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } },
		{ { 0.152286, 1.052583, -0.204868 },	/* protanopia */
		  { 0.114503, 0.786281, 0.099216 },
		  { -0.003882, -0.048116, 1.051998 } },
		{ { 0.367322, 0.860646, -0.227968 },	/* deuteranopia */
		  { 0.280085, 0.672501, 0.047413 },
		  { -0.011820, 0.042940, 0.968881 } },
	};
	static const char	*vision[] = { "normal", "protan", "deutan" };
	struct caps		 caps = { CAPS_TRUE, 1, 1 };
	struct theme_resolved	 res;
	struct theme_diag	 d = { NULL, 0 };
	uint32_t		 rgb[2][RENDER_ST_COUNT];
	double			 lab[RENDER_ST_COUNT][3], de, min = 1e9;
	int			 v, k, i, j;

	ck_assert_int_eq(theme_open("default", 1, &caps, &res, &d), 0);
	for (i = 0; i < RENDER_ST_COUNT; i++) {
		ck_assert_int_ge(res.role[state_role[i]].fg_rgb, 0);
		rgb[0][i] = (uint32_t)res.role[state_role[i]].fg_rgb;
		rgb[1][i] = xterm_rgb(res.role[state_role[i]].fg);
	}
	for (k = 0; k < 2; k++) {
		for (v = 0; v < 3; v++) {
			for (i = 0; i < RENDER_ST_COUNT; i++)
				simulate(rgb[k][i], m[v], lab[i]);
			for (i = 0; i < RENDER_ST_COUNT; i++) {
				for (j = 0; j < i; j++) {
					de = sqrt(pow(lab[i][0] - lab[j][0], 2) +
					    pow(lab[i][1] - lab[j][1], 2) +
					    pow(lab[i][2] - lab[j][2], 2));
					ck_assert_msg(de >= 20.0, "%s %s: states "
					    "%d and %d only %.1f apart",
					    k ? "256" : "rgb", vision[v], i, j,
					    de);
					min = de < min ? de : min;
				}
			}
		}
	}
	/* The minimum the theme file's comment quotes. */
	ck_assert_msg(fabs(min - 22.7) < 0.05, "minimum %.2f", min);
}
END_TEST

/* WCAG relative luminance of an sRGB colour. */
static double
luminance(uint32_t rgb)
{
	return (0.2126 * lin(rgb >> 16) + 0.7152 * lin((rgb >> 8) & 0xff) +
	    0.0722 * lin(rgb & 0xff));
}

/*
 * Consumed pages stay visible on a black screen, cast or slide (issue 23):
 * their light shade fills a quarter of the cell, so the cell averages a
 * quarter of the colour's luminance, and that average keeps at least 3:1
 * against black - as written and as drawn from the 256 palette - while
 * staying below the up-to-date pages' solid blocks.
 */
START_TEST(test_default_consumed_visible)
{
	struct caps		 caps = { CAPS_TRUE, 1, 1 };
	struct theme_resolved	 res;
	struct theme_diag	 d = { NULL, 0 };
	uint32_t		 c[2], u;
	double			 cell;
	int			 k;

	ck_assert_int_eq(theme_open("default", 1, &caps, &res, &d), 0);
	ck_assert_str_eq(res.glyphs.state[RENDER_ST_CONSUMED], "\xe2\x96\x91");
	c[0] = (uint32_t)res.role[RENDER_PAGE_CONSUMED].fg_rgb;
	c[1] = xterm_rgb(res.role[RENDER_PAGE_CONSUMED].fg);
	u = (uint32_t)res.role[RENDER_PAGE_CACHED].fg_rgb;
	for (k = 0; k < 2; k++) {
		cell = 0.25 * luminance(c[k]);
		ck_assert_msg((cell + 0.05) / 0.05 >= 3.0, "consumed %06x: "
		    "%.2f:1 on black", c[k], (cell + 0.05) / 0.05);
		ck_assert_msg(cell < luminance(u), "consumed louder than "
		    "up to date");
	}
}
END_TEST

/* ---- the parser ---- */

/* Messages are FILE:LINE:COLUMN: expected ..., one per problem. */
START_TEST(test_errors_positions)
{
	static const char	 text[] =
	    "# comment\n"
	    "\n"
	    "consumed = bluee bold\n"
	    "  cached = red green\n"
	    "plugged = red on\n"
	    "inflight = #12345g\n"
	    "absent = 300\n"
	    "requires = 12\n"
	    "foo = 1\n"
	    "header\n"
	    "header = bold\n"
	    "header = bold\n"
	    "= x\n"
	    "glyph.nope = x\n"
	    "ascii.absent = ab\n";
	static const char	*want[] = {
	    "t.theme:3:12: expected a colour",
	    "t.theme:4:16: expected 'on' or an attribute",
	    "t.theme:5:17: expected a colour after 'on'",
	    "t.theme:6:12: expected #rrggbb",
	    "t.theme:7:10: expected a palette index from 0 to 255, got '300'",
	    "t.theme:8:12: expected 8, 16, 256 or truecolor, got '12'",
	    "t.theme:9:1: expected a key",
	    "t.theme:10:7: expected '=' after 'header', got the end",
	    "t.theme:12:1: expected each key once, got a second 'header' "
		"(first on line 11)",
	    "t.theme:13:1: expected a key",
	    "t.theme:14:7: expected a page state",
	    "t.theme:15:16: expected one printable character (ASCII), got "
		"'ab'",
	};
	struct theme_diag	 d = { NULL, 0 };
	size_t			 i;

	ck_assert_ptr_null(parse(text, &d));
	for (i = 0; i < d.n && i < sizeof want / sizeof want[0]; i++)
		ck_assert_msg(strncmp(d.msg[i], want[i], strlen(want[i])) == 0,
		    "message %zu: %s", i, d.msg[i]);
	ck_assert_uint_eq(d.n, sizeof want / sizeof want[0]);
	theme_diag_free(&d);
}
END_TEST

/* Control bytes and invalid UTF-8, in values and file names, are escaped. */
START_TEST(test_errors_escaped)
{
	static const char	 text[] =
	    "name = a\x1b[31mb\n"
	    "description = bell\x07here\n"
	    "fallback = \xff\xfe\n"
	    "consumed = r\x1b]0;x\x07\n"
	    "glyph.cached = \x9b\n"
	    "\x1b[2J = x\n";
	struct theme_diag	 d = { NULL, 0 };
	struct theme		*t;

	ck_assert_ptr_null(parse(text, &d));
	ck_assert_uint_eq(d.n, 6);
	ck_assert_int_eq(has_control(&d), 0);
	ck_assert_ptr_nonnull(strstr(d.msg[0], "'a\\x1b[31mb'"));
	ck_assert_ptr_nonnull(strstr(d.msg[1], "'bell\\x07here'"));
	ck_assert_ptr_nonnull(strstr(d.msg[1], "t.theme:2:19:"));
	ck_assert_ptr_nonnull(strstr(d.msg[2], "'\\xff\\xfe'"));
	ck_assert_ptr_nonnull(strstr(d.msg[3], "r\\x1b]0;x\\x07"));
	ck_assert_ptr_nonnull(strstr(d.msg[4], "\\x9b"));
	ck_assert_ptr_nonnull(strstr(d.msg[5], "\\x1b[2J"));
	theme_diag_free(&d);

	/* The file name too. */
	t = theme_parse("x = 1\n", 6, "evil\x1b[2J.theme", &d);
	ck_assert_ptr_null(t);
	ck_assert_uint_eq(d.n, 1);
	ck_assert_int_eq(has_control(&d), 0);
	ck_assert_ptr_nonnull(strstr(d.msg[0], "evil\\x1b[2J.theme:1:1:"));
	theme_diag_free(&d);
}
END_TEST

/* NUL bytes, over-long lines, glyph clashes, fallback without requires. */
START_TEST(test_errors_misc)
{
	static const char	 nul[] = "header = bold\nmode =\0 bold\n";
	/* Texts with one problem, and what its message says. */
	static const struct {
		const char	*text, *want, *also;
	} one[] = {
		/* A Unicode glyph equal to another state's: at the value. */
		{ "glyph.cached = \"\xe2\x96\x91\"\n",
		    "t.theme:1:17: expected a glyph unlike",
		    "the same as consumed" },
		{ "ascii.absent = \"=\"\n", "the same as consumed", NULL },
		{ "fallback = mono\n", "t.theme:1:12: expected 'requires'",
		    NULL },
		{ "glyph.cached = \"x\n", "closing", NULL },
		{ "window = red\nwindow = blue\n",
		    "t.theme:2:1: expected each key once", NULL },
	};
	struct theme_diag	 d = { NULL, 0 };
	char			 longl[2000];
	size_t			 i;

	ck_assert_ptr_null(theme_parse(nul, sizeof nul - 1, "n.theme", &d));
	ck_assert_uint_eq(d.n, 1);
	ck_assert_str_eq(d.msg[0], "n.theme:2:7: expected text, got a NUL "
	    "byte");
	theme_diag_free(&d);

	memset(longl, 'a', sizeof longl);
	memcpy(longl, "text = ", 7);
	longl[sizeof longl - 1] = '\0';
	ck_assert_ptr_null(parse(longl, &d));
	ck_assert_uint_eq(d.n, 1);
	ck_assert_ptr_nonnull(strstr(d.msg[0], "at most 1023 bytes"));
	theme_diag_free(&d);

	for (i = 0; i < sizeof one / sizeof one[0]; i++) {
		ck_assert_ptr_null(parse(one[i].text, &d));
		ck_assert_msg(d.n == 1, "%s: %zu messages", one[i].text, d.n);
		ck_assert_msg(strstr(d.msg[0], one[i].want) != NULL &&
		    (one[i].also == NULL || strstr(d.msg[0], one[i].also)),
		    "%s: %s", one[i].text, d.msg[0]);
		theme_diag_free(&d);
	}
}
END_TEST

/* Comments, CRLF, quoting and the metadata keys. */
START_TEST(test_parse_ok)
{
	static const char	 text[] =
	    "# a theme\r\n"
	    "   # indented comment\n"
	    "name = My.theme_1   # trailing comment\r\n"
	    "description = Läuft gut\n"
	    "requires = truecolor\n"
	    "fallback = mono\n"
	    "consumed = #0072B2 on 16, bold underline\n"
	    "ascii.cached = \"#\"\n"
	    "ascii.absent = \" \"\n"
	    "glyph.inflight = \xe2\x96\xba\n"
	    "\t\n";
	struct theme_diag	 d = { NULL, 0 };
	struct theme		*t = parse(text, &d);
	struct theme_resolved	 res;
	struct caps		 caps = { CAPS_TRUE, 0, 0 };

	ck_assert_msg(t != NULL, "%s", d.n ? d.msg[0] : "?");
	ck_assert_str_eq(theme_name(t), "My.theme_1");
	ck_assert_str_eq(theme_description(t), "Läuft gut");
	ck_assert_int_eq(theme_requires(t), CAPS_TRUE);
	ck_assert_str_eq(theme_fallback(t), "mono");
	ck_assert_int_eq(theme_resolve(t, &caps, &res), 0);
	ck_assert_int_eq(res.role[RENDER_PAGE_CONSUMED].fg_rgb, 0x0072b2);
	ck_assert_int_eq(res.role[RENDER_PAGE_CONSUMED].bg, 16);
	ck_assert_int_eq(res.role[RENDER_PAGE_CONSUMED].bg_rgb, 0);
	ck_assert_uint_eq(res.role[RENDER_PAGE_CONSUMED].attrs,
	    THEME_BOLD | THEME_UNDERLINE);
	ck_assert_str_eq(res.glyphs.state[RENDER_ST_CACHED], "#");
	ck_assert_str_eq(res.glyphs.state[RENDER_ST_ABSENT], " ");
	caps.utf8 = 1;
	ck_assert_int_eq(theme_resolve(t, &caps, &res), 0);
	ck_assert_str_eq(res.glyphs.state[RENDER_ST_INFLIGHT],
	    "\xe2\x96\xba");
	theme_free(t);

	/* Without a name key, the file's base name. */
	t = theme_parse("", 0, "/x/y/sunny.theme", &d);
	ck_assert_ptr_nonnull(t);
	ck_assert_str_eq(theme_name(t), "sunny");
	ck_assert_ptr_null(theme_fallback(t));
	theme_free(t);
	ck_assert_uint_eq(d.n, 0);
}
END_TEST

/* ---- resolution ---- */

/* RGB to the cube and grey ramp, then 16 and 8 colours, then none. */
START_TEST(test_degrade)
{
	static const struct {
		const char	*colour;
		int		 c[3];	/* at 256, 16 and 8 colours */
	} want[] = {
		{ "#0072b2", { 25, 6, 6 } },	/* hue 202: nearer cyan */
		{ "#56b4e9", { 74, 14, 6 } },
		{ "#d55e00", { 166, 1, 1 } },
		{ "#f0e442", { 221, 11, 3 } },
		{ "#808080", { 244, 8, 7 } },	/* greys stay grey */
		{ "#ffffff", { 231, 15, 7 } },
		{ "#000000", { 16, 0, 0 } },
		{ "#cc79a7", { 175, 5, 5 } },	/* pink: magenta */
		{ "209", { 209, 9, 1 } },	/* salmon: red, not yellow */
		{ "196", { 196, 9, 1 } },
		{ "bright-blue", { 12, 12, 4 } },
		{ "bright-black", { 8, 8, 7 } },
		{ "3", { 3, 3, 3 } },
		{ "default", { -1, -1, -1 } },
	};
	static const enum caps_depth	 depth[3] = { CAPS_256, CAPS_16, CAPS_8 };
	static const char *const	 depth_name[3] = { "256", "16", "8" };
	struct theme_resolved		 res;
	char				 text[100];
	size_t				 i, k;

	for (i = 0; i < sizeof want / sizeof want[0]; i++) {
		snprintf(text, sizeof text, "marker = %s\n", want[i].colour);
		for (k = 0; k < 3; k++) {
			resolve_str(text, depth[k], &res);
			ck_assert_msg(res.role[RENDER_MARKER].fg == want[i].c[k],
			    "%s at %s: %d", want[i].colour, depth_name[k],
			    res.role[RENDER_MARKER].fg);
		}
		resolve_str(text, CAPS_MONO, &res);
		ck_assert_int_eq(res.role[RENDER_MARKER].fg, -1);
	}
}
END_TEST

/* A colour role_is() does not check. */
#define ANY	(-2)

/* Role r of res has the colours fg on bg (ANY: that one not checked). */
static void
role_is(const struct theme_resolved *res, enum render_role r, int fg, int bg)
{
	ck_assert_msg((fg == ANY || res->role[r].fg == fg) &&
	    (bg == ANY || res->role[r].bg == bg), "role %d: %d on %d, want %d "
	    "on %d", (int)r, res->role[r].fg, res->role[r].bg, fg, bg);
}

/* Unset colours inherit text's; group keys yield to their members. */
START_TEST(test_inherit_groups)
{
	struct theme_resolved	res;
	short			fg, bg;
	unsigned		attrs;

	resolve_str("text = black on #ffffff\nconsumed = blue bold\n"
	    "cached = on red\n", CAPS_256, &res);
	role_is(&res, RENDER_PAGE_CONSUMED, 4, 231);
	role_is(&res, RENDER_PAGE_CACHED, 0, 1);
	role_is(&res, RENDER_HINT, 0, 231);
	ck_assert_uint_eq(res.role[RENDER_HINT].attrs, 0);
	theme_role_style(&res, RENDER_PAGE_CONSUMED, &fg, &bg, &attrs);
	ck_assert_int_eq(fg, 4);
	ck_assert_int_eq(bg, 231);
	ck_assert_uint_eq(attrs, THEME_BOLD);

	resolve_str("window-sync = red\nwindow = blue\nlanes = green\n"
	    "lane-device = yellow\n", CAPS_16, &res);
	role_is(&res, RENDER_WINDOW_SYNC, 1, ANY);
	role_is(&res, RENDER_WINDOW_ASYNC, 4, ANY);
	role_is(&res, RENDER_LANE_READER, 2, ANY);
	role_is(&res, RENDER_LANE_PLUG, 2, ANY);
	role_is(&res, RENDER_LANE_DEVICE, 3, ANY);
	resolve_str("window = blue\nwindow-sync = red\n", CAPS_16, &res);
	role_is(&res, RENDER_WINDOW_SYNC, 1, ANY);
	role_is(&res, RENDER_WINDOW_ASYNC, 4, ANY);
}
END_TEST

/* Colours that degrade onto each other keep the text readable. */
START_TEST(test_same_colour_rescue)
{
	static const struct {
		const char		*text;
		enum caps_depth		 depth;
		int			 fg, bg;
	} cases[] = {
		/* 15 on 8 colours is 7: white on white would hide the text. */
		{ "text = white on bright-white\n", CAPS_8, 0, 7 },
		{ "text = 21 on blue\n", CAPS_8, 7, 4 },
		{ "text = white on bright-white\n", CAPS_16, 7, 15 },
	};
	struct theme_resolved	res;
	size_t			i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		resolve_str(cases[i].text, cases[i].depth, &res);
		ck_assert_msg(res.role[RENDER_TEXT].fg == cases[i].fg &&
		    res.role[RENDER_TEXT].bg == cases[i].bg, "%s at %d: %d on "
		    "%d", cases[i].text, (int)cases[i].depth,
		    res.role[RENDER_TEXT].fg, res.role[RENDER_TEXT].bg);
	}
}
END_TEST

/* The built-in look: no colour, distinct states. */
START_TEST(test_builtin)
{
	struct caps		caps = { CAPS_256, 0, 1 };
	struct theme_resolved	res;
	int			r;

	theme_builtin(&caps, &res);
	ck_assert_str_eq(res.name, "built-in");
	for (r = 0; r < RENDER_ROLE_COUNT; r++)
		ck_assert_int_eq(res.role[r].fg, -1);
	ck_assert_uint_eq(res.role[RENDER_PAGE_INFLIGHT].attrs,
	    THEME_REVERSE);
	ck_assert_str_eq(theme_role_name(RENDER_METER), "meters");
	ck_assert_str_eq(theme_role_name(RENDER_ROLE_COUNT), "?");
}
END_TEST

/* ---- lookup, fallbacks, start-up policy ---- */

/* User directory first, then the data directory; paths as given. */
START_TEST(test_find)
{
	char	ud[400], p[1024];

	fresh();

	snprintf(ud, sizeof ud, "%s/raviz", home);
	mkdir(ud, 0700);
	snprintf(ud, sizeof ud, "%s/raviz/themes", home);
	write_file(ud, "mono.theme", "name = mine\n");

	ck_assert_int_eq(theme_find("mono", 0, p, sizeof p), 0);
	ck_assert_ptr_nonnull(strstr(p, home));
	ck_assert_int_eq(theme_find("mono", 1, p, sizeof p), 0);
	ck_assert_ptr_nonnull(strstr(p, datadir));
	ck_assert_int_eq(theme_find("./x/y.theme", 0, p, sizeof p), 0);
	ck_assert_str_eq(p, "./x/y.theme");
	ck_assert_int_eq(theme_find("z.theme", 0, p, sizeof p), 0);
	ck_assert_int_eq(theme_find("nope", 0, p, sizeof p), -1);
	ck_assert_ptr_nonnull(strstr(p, "no theme 'nope' in"));
	ck_assert_int_eq(theme_find("..", 0, p, sizeof p), -1);
	ck_assert_ptr_nonnull(strstr(p, "not a theme name"));
	ck_assert_int_eq(theme_find("a\x1b", 0, p, sizeof p), -1);
	ck_assert_ptr_nonnull(strstr(p, "'a\\x1b'"));

	/* XDG_CONFIG_HOME unset: ~/.config. */
	unsetenv("XDG_CONFIG_HOME");
	setenv("HOME", home, 1);
	ck_assert_int_eq(theme_find("nope", 0, p, sizeof p), -1);
	ck_assert_ptr_nonnull(strstr(p, "/.config/raviz/themes"));
}
END_TEST

/* Fallbacks are followed only when the terminal has less. */
START_TEST(test_fallback_chain)
{
	struct theme_resolved	res;
	struct theme_diag	d = { NULL, 0 };
	struct caps		caps = { CAPS_256, 0, 1 };
	char			dd[400];

	fresh();

	ck_assert_int_eq(theme_open("default", 1, &caps, &res, &d), 0);
	ck_assert_str_eq(res.name, "default");
	caps.depth = CAPS_16;
	ck_assert_int_eq(theme_open("default", 1, &caps, &res, &d), 0);
	ck_assert_str_eq(res.name, "classic16");
	caps.depth = CAPS_MONO;
	ck_assert_int_eq(theme_open("dusk", 1, &caps, &res, &d), 0);
	ck_assert_str_eq(res.name, "mono");
	ck_assert_str_eq(res.warning, "");

	/* A missing fallback: the theme itself, degraded, and a warning. */
	snprintf(dd, sizeof dd, "%s/data", home);
	mkdir(dd, 0700);
	snprintf(dd, sizeof dd, "%s/data/themes", home);
	write_file(dd, "a.theme", "requires = 256\nfallback = gone\n"
	    "consumed = 196\n");
	write_file(dd, "b.theme", "requires = 256\nfallback = c\n");
	write_file(dd, "c.theme", "requires = 256\nfallback = b\n");
	write_file(dd, "e.theme", "requires = 256\nfallback = f\n");
	write_file(dd, "f.theme", "consumed = nocolour\n");
	snprintf(dd, sizeof dd, "%s/data", home);
	setenv("RAVIZ_DATADIR", dd, 1);
	caps.depth = CAPS_8;
	ck_assert_int_eq(theme_open("a", 1, &caps, &res, &d), 0);
	ck_assert_str_eq(res.name, "a");
	ck_assert_int_eq(res.role[RENDER_PAGE_CONSUMED].fg, 1);
	ck_assert_ptr_nonnull(strstr(res.warning, "fallback is missing"));
	/* A loop ends. */
	ck_assert_int_eq(theme_open("b", 1, &caps, &res, &d), 0);
	ck_assert_str_eq(res.name, "c");
	/* A broken fallback: warning with its file:line. */
	ck_assert_int_eq(theme_open("e", 1, &caps, &res, &d), 0);
	ck_assert_str_eq(res.name, "e");
	ck_assert_ptr_nonnull(strstr(res.warning, "f.theme:1:12:"));
	ck_assert_uint_eq(d.n, 0);
}
END_TEST

/* --theme with errors fails; RAVIZ_THEME or a user default warns. */
START_TEST(test_select)
{
	struct theme_resolved	res;
	struct theme_diag	d = { NULL, 0 };
	struct caps		caps = { CAPS_256, 0, 1 };
	char			bad[600], ud[400];

	fresh();

	write_file(home, "bad.theme", "name = bad\nconsumed = purple\n"
	    "cached = 999\n");
	snprintf(bad, sizeof bad, "%s/bad.theme", home);

	/* Explicit: exit status 2, every message, file:line:column. */
	ck_assert_int_eq(theme_select(bad, NULL, &caps, &res, &d), 2);
	ck_assert_uint_eq(d.n, 2);
	ck_assert_ptr_nonnull(strstr(d.msg[0], "bad.theme:2:12: expected"));
	ck_assert_ptr_nonnull(strstr(d.msg[1], "bad.theme:3:10: expected"));
	theme_diag_free(&d);
	ck_assert_int_eq(theme_select("nosuch", NULL, &caps, &res, &d), 2);
	ck_assert_ptr_nonnull(strstr(d.msg[0], "no theme 'nosuch'"));
	theme_diag_free(&d);

	/* From the environment: the default, with a visible warning. */
	ck_assert_int_eq(theme_select(NULL, bad, &caps, &res, &d), 0);
	ck_assert_uint_eq(d.n, 0);
	ck_assert_str_eq(res.name, "default");
	ck_assert_ptr_nonnull(strstr(res.warning, "RAVIZ_THEME"));
	ck_assert_ptr_nonnull(strstr(res.warning, "bad.theme:2:12:"));
	ck_assert_ptr_nonnull(strstr(res.warning, "using the default theme"));

	/* A good one from the environment: no warning. */
	ck_assert_int_eq(theme_select(NULL, "projector", &caps, &res, &d), 0);
	ck_assert_str_eq(res.name, "projector");
	ck_assert_str_eq(res.warning, "");
	/* Explicit wins over the environment. */
	ck_assert_int_eq(theme_select("mono", "projector", &caps, &res, &d),
	    0);
	ck_assert_str_eq(res.name, "mono");

	/* A broken user default.theme: the installed default instead. */
	snprintf(ud, sizeof ud, "%s/raviz", home);
	mkdir(ud, 0700);
	snprintf(ud, sizeof ud, "%s/raviz/themes", home);
	write_file(ud, "default.theme", "text = bogus\n");
	ck_assert_int_eq(theme_select(NULL, NULL, &caps, &res, &d), 0);
	ck_assert_str_eq(res.name, "default");
	ck_assert_ptr_nonnull(strstr(res.path, datadir));
	ck_assert_ptr_nonnull(strstr(res.warning, "default.theme:1:8:"));

	/* Nothing installed at all: the built-in look, still a warning. */
	setenv("RAVIZ_DATADIR", "/nonexistent", 1);
	ck_assert_int_eq(theme_select(NULL, "", &caps, &res, &d), 0);
	ck_assert_str_eq(res.name, "built-in");
	ck_assert_ptr_nonnull(strstr(res.warning, "built-in look"));
	ck_assert_uint_eq(d.n, 0);
}
END_TEST

/* Fail unless s is printable UTF-8 all through (no C0, DEL, C1). */
static void
assert_printable(const char *what, const char *s)
{
	size_t	i, k, n = strlen(s);

	for (i = 0; i < n; i += k)
		if ((k = fmt_char(s + i, n - i)) == 0)
			ck_abort_msg("%s: byte 0x%02x at %zu", what,
			    (unsigned char)s[i], i);
}

/*
 * Directories from $XDG_CONFIG_HOME and $RAVIZ_DATADIR, names from
 * $RAVIZ_THEME: all escaped in messages and warnings, and a long one is
 * cut at a character boundary.
 */
START_TEST(test_untrusted_lookup)
{
	struct theme_resolved	res;
	struct theme_diag	d = { NULL, 0 };
	struct caps		caps = { CAPS_8, 0, 1 };
	char			dir[600], p[1024], env[700];
	size_t			i;

	fresh();
	snprintf(dir, sizeof dir, "%s/x\033]0;title\a", home);
	ck_assert_int_eq(mkdir(dir, 0700), 0);
	setenv("XDG_CONFIG_HOME", dir, 1);
	setenv("RAVIZ_DATADIR", "/nonexistent/\233\033[2J", 1);
	ck_assert_int_eq(theme_find("nope", 0, p, sizeof p), -1);
	assert_printable("theme_find", p);
	ck_assert_ptr_nonnull(strstr(p, "x\\x1b]0;title\\x07/raviz/themes"));
	ck_assert_ptr_nonnull(strstr(p, "/nonexistent/\\x9b\\x1b[2J/themes"));

	/* A fallback that is missing: the warning names the directories. */
	write_file(home, "fb.theme", "name = fb\nrequires = 256\n"
	    "fallback = nosuch\n");
	snprintf(p, sizeof p, "%s/fb.theme", home);
	ck_assert_int_eq(theme_open(p, 0, &caps, &res, &d), 0);
	assert_printable("fallback warning", res.warning);
	ck_assert_ptr_nonnull(strstr(res.warning, "\\x9b\\x1b[2J"));

	/* A long hostile RAVIZ_THEME: escaped, cut whole, still a warning. */
	for (i = 0; i + 3 < sizeof env; i += 3)
		memcpy(env + i, i % 2 ? "\303\251\033" : "\033\303\251", 3);
	env[i] = '\0';
	ck_assert_int_eq(theme_select(NULL, env, &caps, &res, &d), 0);
	ck_assert_uint_eq(d.n, 0);
	ck_assert_str_eq(res.name, "built-in");
	ck_assert_ptr_nonnull(strstr(res.warning, "RAVIZ_THEME"));
	ck_assert_ptr_nonnull(strstr(res.warning, "\303\251\\x1b"));
	assert_printable("RAVIZ_THEME warning", res.warning);
	ck_assert_uint_lt(strlen(res.warning), sizeof res.warning);
}
END_TEST

/* --check-theme and --list-themes. */
START_TEST(test_check_and_list)
{
	char	*out = NULL, *err = NULL, p[600];
	size_t	 on = 0, en = 0;
	FILE	*fo = open_memstream(&out, &on), *fe = open_memstream(&err, &en);
	int	 i;

	fresh();

	snprintf(p, sizeof p, "%s/themes/default.theme", datadir);
	ck_assert_int_eq(theme_check(p, fo, fe), 0);
	write_file(home, "fb.theme", "requires = 256\nfallback = nowhere\n");
	snprintf(p, sizeof p, "%s/fb.theme", home);
	ck_assert_int_eq(theme_check(p, fo, fe), 2);
	write_file(home, "self.theme", "name = self\nrequires = 16\n"
	    "fallback = self\n");
	snprintf(p, sizeof p, "%s/self.theme", home);
	ck_assert_int_eq(theme_check(p, fo, fe), 2);
	ck_assert_int_eq(theme_check("/nonexistent/x.theme", fo, fe), 2);
	fclose(fo);
	fclose(fe);
	ck_assert_ptr_nonnull(strstr(out, "default.theme: ok: default, "
	    "requires 256, fallback classic16\n"));
	ck_assert_ptr_null(strstr(out, "fb.theme"));
	ck_assert_ptr_nonnull(strstr(err, "fb.theme:2:12: expected an "
	    "installed theme, got 'nowhere'"));
	ck_assert_ptr_nonnull(strstr(err, "self.theme:3:12: expected a theme "
	    "other than 'self'"));
	ck_assert_ptr_nonnull(strstr(err, "/nonexistent/x.theme: cannot "
	    "read: No such file"));
	free(out);
	free(err);

	out = NULL;
	fo = open_memstream(&out, &on);
	theme_list(fo);
	fclose(fo);
	for (i = 0; i < NSHIPPED; i++) {
		snprintf(p, sizeof p, "\n%s ", shipped[i]);
		ck_assert_msg(strstr(out, p) != NULL || strncmp(out, p + 1,
		    strlen(p + 1)) == 0, "%s not listed", shipped[i]);
	}
	ck_assert_ptr_nonnull(strstr(out, "Okabe-Ito"));
	free(out);
}
END_TEST

/* A file over 64 KiB is refused without being parsed. */
START_TEST(test_too_big)
{
	struct theme_diag	 d = { NULL, 0 };
	char			 p[600];
	FILE			*f;
	int			 i;

	fresh();

	snprintf(p, sizeof p, "%s/big.theme", home);
	f = fopen(p, "w");
	ck_assert_ptr_nonnull(f);
	for (i = 0; i < 7000; i++)
		fputs("# padding\n", f);
	fclose(f);
	ck_assert_ptr_null(theme_load_file(p, &d));
	ck_assert_uint_eq(d.n, 1);
	ck_assert_ptr_nonnull(strstr(d.msg[0], "at most 65536 bytes"));
	theme_diag_free(&d);
}
END_TEST

/* The suite. */
CHECK_SUITE("theme",
    CHECK_CASE_FIXTURE("shipped", 0, setup, teardown),
    CHECK_LOOP(test_shipped_matrix, NSHIPPED * NTERMS * 2),
    CHECK_TEST(test_shipped_set), CHECK_TEST(test_shipped_truecolor_ascii),
    CHECK_TEST(test_resolved_copy), CHECK_TEST(test_default_cvd),
    CHECK_TEST(test_default_consumed_visible),
    CHECK_CASE_FIXTURE("parse", 0, setup, teardown),
    CHECK_TEST(test_errors_positions), CHECK_TEST(test_errors_escaped),
    CHECK_TEST(test_errors_misc), CHECK_TEST(test_parse_ok),
    CHECK_CASE("resolve", 0),
    CHECK_TEST(test_degrade), CHECK_TEST(test_inherit_groups),
    CHECK_TEST(test_same_colour_rescue), CHECK_TEST(test_builtin),
    CHECK_CASE_FIXTURE("lookup", 0, setup, teardown),
    CHECK_TEST(test_find), CHECK_TEST(test_fallback_chain),
    CHECK_TEST(test_select), CHECK_TEST(test_untrusted_lookup),
    CHECK_TEST(test_check_and_list), CHECK_TEST(test_too_big))
