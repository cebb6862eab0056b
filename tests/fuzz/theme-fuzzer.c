/*
 * theme-fuzzer.c - libFuzzer harness for the theme parser: the input is the
 * bytes of a theme file, parsed under a hostile file name (control bytes,
 * a C1 byte) and, when accepted, resolved for every colour depth with both
 * glyph tables.  A crash, a sanitizer report or a broken contract (abort())
 * is a finding.  The contracts, from theme.h:
 *
 *   - theme_parse() returns NULL exactly when it reported a problem;
 *   - every message starts with the escaped file name and a line and a
 *     column, is one line of valid UTF-8 and holds no control character
 *     (C0, DEL, C1) however hostile the input;
 *   - an accepted theme has a valid name, printable description, a known
 *     depth and a valid fallback, and resolves at every depth (0 returned)
 *     to five distinct one-character state glyphs (ASCII in the ASCII
 *     table) and colours the depth can show, the same way every time.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "caps.h"
#include "theme.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* ESC [ 2 J, BEL, CSI as the 8-bit 0x9b: none may reach the messages. */
static const char	hostile_file[] = "fuzz/\033[2J\a\x9b.theme";
/* The same, as the messages must spell it. */
static const char	escaped_file[] = "fuzz/\\x1b[2J\\x07\\x9b.theme:";

/*
 * Length of the well-formed, non-control UTF-8 character at s, 0 if s
 * starts with a control character or invalid UTF-8.  Written here, not
 * taken from theme.c, so that the harness checks the parser independently.
 */
static size_t
printable_char(const unsigned char *s, size_t n)
{
	uint32_t	c;
	size_t		len, i;

	if (s[0] < 0x20 || s[0] == 0x7f)
		return (0);
	if (s[0] < 0x80)
		return (1);
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		len = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		len = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		len = 4;
	else
		return (0);
	if (len > n)
		return (0);
	c = s[0] & (0x7f >> len);
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return (0);
		c = c << 6 | (s[i] & 0x3f);
	}
	if (c <= 0x9f || (len == 3 && c < 0x800) ||
	    (len == 4 && c < 0x10000) || (c >= 0xd800 && c <= 0xdfff) ||
	    c > 0x10ffff)
		return (0);
	return (len);
}

/* Abort unless s is printable UTF-8 throughout (no newline either). */
static void
need_printable(const char *s)
{
	const unsigned char	*p = (const unsigned char *)s;
	size_t			 n = strlen(s), i = 0, k;

	while (i < n) {
		if ((k = printable_char(p + i, n - i)) == 0)
			abort();
		i += k;
	}
}

/* Abort unless s is a theme name: [A-Za-z0-9_][A-Za-z0-9_.-]{0,62}. */
static void
need_name(const char *s)
{
	size_t	n = strlen(s), i;

	if (n == 0 || n > 63 || s[0] == '-' || s[0] == '.')
		abort();
	for (i = 0; i < n; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') ||
		    (s[i] >= 'A' && s[i] <= 'Z') ||
		    (s[i] >= '0' && s[i] <= '9') || s[i] == '_' ||
		    s[i] == '-' || s[i] == '.'))
			abort();
}

/* Abort unless msg is "FILE:LINE:COL: text" with 1 <= LINE <= maxline. */
static void
need_message(const char *msg, unsigned maxline)
{
	const char	*p;
	unsigned long	 line, col;
	char		*end;

	need_printable(msg);
	if (strncmp(msg, escaped_file, sizeof escaped_file - 1) != 0)
		abort();
	p = msg + sizeof escaped_file - 1;
	if (*p < '0' || *p > '9')
		abort();
	line = strtoul(p, &end, 10);
	if (*end != ':' || end[1] < '0' || end[1] > '9')
		abort();
	col = strtoul(end + 1, &end, 10);
	if (end[0] != ':' || end[1] != ' ' || end[2] == '\0')
		abort();
	if (line < 1 || line > maxline || col < 1)
		abort();
}

/* Abort unless a resolved colour fits the depth. */
static void
need_colour(int c, int32_t rgb, enum caps_depth d)
{
	static const int	limit[] = { 0, 8, 16, 256, 256 };

	if (c < -1 || c >= limit[d])
		abort();
	if (rgb != -1 && (d != CAPS_TRUE || rgb < 0 || rgb > 0xffffff))
		abort();
}

/* Resolve t for one terminal and check the result. */
static void
check_resolved(const struct theme *t, enum caps_depth depth, int utf8)
{
	struct caps		 caps;
	struct theme_resolved	 a, b;
	const char		*g;
	int			 r, i, j;

	memset(&caps, 0, sizeof caps);
	caps.depth = depth;
	caps.utf8 = utf8;
	caps.direct = depth == CAPS_TRUE;
	if (theme_resolve(t, &caps, &a) != 0)
		abort();
	if (theme_resolve(t, &caps, &b) != 0 ||
	    memcmp(a.role, b.role, sizeof a.role) != 0 ||
	    memcmp(a.glyphs.state, b.glyphs.state, sizeof a.glyphs.state) != 0 ||
	    strcmp(a.name, b.name) != 0)
		abort();
	if (a.depth != depth || a.warning[0] != '\0')
		abort();
	need_name(a.name);
	for (r = 0; r < RENDER_ROLE_COUNT; r++) {
		need_colour(a.role[r].fg, a.role[r].fg_rgb, depth);
		need_colour(a.role[r].bg, a.role[r].bg_rgb, depth);
		if (a.role[r].fg >= 0 && a.role[r].fg == a.role[r].bg)
			abort();
		if (a.role[r].attrs & ~(unsigned)(THEME_BOLD | THEME_REVERSE |
		    THEME_UNDERLINE | THEME_DIM | THEME_STANDOUT))
			abort();
	}
	for (i = 0; i < RENDER_ST_COUNT; i++) {
		g = a.glyphs.state[i];
		if (g == NULL || printable_char((const unsigned char *)g,
		    strlen(g)) != strlen(g) || strlen(g) == 0)
			abort();
		if (!utf8 && (unsigned char)g[0] >= 0x80)
			abort();
		for (j = 0; j < i; j++)
			if (strcmp(g, a.glyphs.state[j]) == 0)
				abort();
	}
}

/* Parse one fuzzed theme file and hold the parser to its contracts. */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct theme_diag	 d = { NULL, 0 };
	struct theme		*t;
	const char		*fb;
	unsigned		 lines = 1;
	size_t			 i;
	int			 depth;

	for (i = 0; i < size; i++)
		if (data[i] == '\n')
			lines++;
	t = theme_parse((const char *)data, size, hostile_file, &d);
	if ((t == NULL) != (d.n != 0))
		abort();
	for (i = 0; i < d.n; i++)
		need_message(d.msg[i], lines);
	theme_diag_free(&d);
	if (t == NULL)
		return (0);

	/* The same bytes without a diagnostics sink: the same verdict. */
	{
		struct theme	*t2 = theme_parse((const char *)data, size,
				    hostile_file, NULL);

		if (t2 == NULL || strcmp(theme_name(t2), theme_name(t)) != 0)
			abort();
		theme_free(t2);
	}
	need_name(theme_name(t));
	need_printable(theme_description(t));
	if ((unsigned)theme_requires(t) > CAPS_TRUE)
		abort();
	if ((fb = theme_fallback(t)) != NULL) {
		need_name(fb);
		if (theme_requires(t) == CAPS_MONO)
			abort();
	}
	for (depth = CAPS_MONO; depth <= CAPS_TRUE; depth++) {
		check_resolved(t, (enum caps_depth)depth, 1);
		check_resolved(t, (enum caps_depth)depth, 0);
	}
	theme_free(t);
	return (0);
}
