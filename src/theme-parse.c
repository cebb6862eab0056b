/*
 * theme-parse.c - the theme file format (theme.h): the parser and
 * --check-theme.
 *
 * The parser works line by line on a buffer and never stops at the first
 * problem: each bad line adds a "file:line:column: expected ..." message and
 * parsing goes on, so --check-theme shows everything at once.  Anything
 * copied from the file, a file name or the environment into a message is
 * escaped with fmt_escape() (\xNN for control bytes and invalid UTF-8), so a
 * hostile theme cannot drive the terminal.
 *
 * --check-theme adds what only resolution and lookup can tell: that the
 * five page states look different at every depth, and that the fallback
 * is another, installed theme.
 */
#include "config.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "file.h"
#include "bounds.h"
#include "fmt.h"
#include "theme-int.h"
#include "utf8.h"
#include "xalloc.h"


enum { K_NAME, K_DESC, K_REQUIRES, K_FALLBACK, K_WINDOW, K_LANES };

/* The key of each role. */
static const char *role_names[RENDER_ROLE_COUNT] = {
	[RENDER_TEXT] = "text",
	[RENDER_HEADER] = "header",
	[RENDER_MODE] = "mode",
	[RENDER_PAGE_CONSUMED] = "consumed",
	[RENDER_PAGE_CACHED] = "cached",
	[RENDER_PAGE_PLUGGED] = "plugged",
	[RENDER_PAGE_INFLIGHT] = "inflight",
	[RENDER_PAGE_ABSENT] = "absent",
	[RENDER_WINDOW_SYNC] = "window-sync",
	[RENDER_WINDOW_ASYNC] = "window-async",
	[RENDER_MARKER] = "marker",
	[RENDER_READER] = "reader",
	[RENDER_LANE_READER] = "lane-reader",
	[RENDER_LANE_PLUG] = "lane-plug",
	[RENDER_LANE_DEVICE] = "lane-device",
	[RENDER_LANE_WAKING] = "lane-waking",
	[RENDER_NARRATION] = "narration",
	[RENDER_LABEL] = "label",
	[RENDER_METER] = "meters",
	[RENDER_CAPTION] = "caption",
	[RENDER_HINT] = "hint",
	[RENDER_DIM] = "dim",
};

/* The state names glyph.STATE uses, in enum render_state order. */
static const char *state_keys[RENDER_ST_COUNT] = {
	"consumed", "cached", "plugged", "inflight", "absent"
};

/* The colour names, palette entries 0-15. */
static const char *colour_names[16] = {
	"black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
	"bright-black", "bright-red", "bright-green", "bright-yellow",
	"bright-blue", "bright-magenta", "bright-cyan", "bright-white"
};

static const struct {
	const char	*name;
	unsigned	 bit;
} attr_names[] = {
	{ "bold", THEME_BOLD },
	{ "reverse", THEME_REVERSE },
	{ "underline", THEME_UNDERLINE },
	{ "dim", THEME_DIM },
	{ "standout", THEME_STANDOUT },
	{ "none", 0 },
};

static int	 parse_line(struct theme *, struct pctx *, const char *,
		    size_t);
static void	 check_glyphs(struct theme *, struct pctx *);

/* Report a problem at column col of the current line. */
static void
perr(struct pctx *c, unsigned col, const char *fmt, ...)
{
	char	msg[700], *m, **nm;
	va_list	ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	c->errors++;
	if (c->d == NULL || (m = diag_format(c->file, c->line, col, NULL,
	    msg)) == NULL)
		return;
	nm = xreallocarray(c->d->msg, c->d->n + 1, sizeof *nm);
	c->d->msg = nm;
	c->d->msg[c->d->n++] = m;
}

/* ---- parsing ---- */

/* Is c a blank (space or tab)? */
static int
blank(char c)
{
	return (c == ' ' || c == '\t');
}

/* Is s (n bytes) a valid theme name: letters, digits, - _ . (not first)? */
int
theme_parse_valid_name(const char *s, size_t n)
{
	size_t	i;

	if (n == 0 || n > 63 || s[0] == '.' || s[0] == '-')
		return (0);
	for (i = 0; i < n; i++) {
		if (!((s[i] >= 'a' && s[i] <= 'z') ||
		    (s[i] >= 'A' && s[i] <= 'Z') ||
		    (s[i] >= '0' && s[i] <= '9') || s[i] == '-' ||
		    s[i] == '_' || s[i] == '.'))
			return (0);
	}
	return (1);
}

/* Parse a colour word; 0, or -1 with *why set. */
static int
parse_colour(const char *w, size_t n, struct colour *c, const char **why)
{
	size_t		i;
	unsigned	v;

	*why = "expected a colour: a name (black, red, ..., bright-white, "
	    "default), 0-255 or #rrggbb";
	if (n == 7 && strncmp(w, "default", 7) == 0) {
		c->kind = C_DEFAULT;
		c->v = 0;
		return (0);
	}
	for (i = 0; i < 16; i++) {
		if (strlen(colour_names[i]) == n &&
		    strncmp(colour_names[i], w, n) == 0) {
			c->kind = C_INDEX;
			c->v = (uint32_t)i;
			return (0);
		}
	}
	if (w[0] >= '0' && w[0] <= '9') {
		v = 0;
		for (i = 0; i < n; i++) {
			if (w[i] < '0' || w[i] > '9' || i >= 3)
				return (-1);
			v = v * 10 + (unsigned)(w[i] - '0');
		}
		if (v > 255) {
			*why = "expected a palette index from 0 to 255";
			return (-1);
		}
		c->kind = C_INDEX;
		c->v = v;
		return (0);
	}
	if (w[0] == '#') {
		*why = "expected #rrggbb (six hexadecimal digits)";
		if (n != 7)
			return (-1);
		v = 0;
		for (i = 1; i < 7; i++) {
			if (w[i] >= '0' && w[i] <= '9')
				v = v * 16 + (unsigned)(w[i] - '0');
			else if (w[i] >= 'a' && w[i] <= 'f')
				v = v * 16 + (unsigned)(w[i] - 'a' + 10);
			else if (w[i] >= 'A' && w[i] <= 'F')
				v = v * 16 + (unsigned)(w[i] - 'A' + 10);
			else
				return (-1);
		}
		c->kind = C_RGB;
		c->v = v;
		return (0);
	}
	return (-1);
}

/* An attribute word's bit; 0 and *bit, or -1. */
static int
parse_attr(const char *w, size_t n, unsigned *bit)
{
	size_t	i;

	for (i = 0; i < sizeof attr_names / sizeof attr_names[0]; i++) {
		if (strlen(attr_names[i].name) == n &&
		    strncmp(attr_names[i].name, w, n) == 0) {
			*bit = attr_names[i].bit;
			return (0);
		}
	}
	return (-1);
}

/*
 * Parse STYLE words from v (col: v's column) into *st.  Returns the
 * number of problems reported.
 */
static unsigned
parse_style(struct pctx *c, const char *v, unsigned col, struct rstyle *st)
{
	struct colour	 cl;
	const char	*why, *w;
	char		 esc[300];
	size_t		 i = 0, n, len = strlen(v);
	unsigned	 bit, errs = c->errors, wcol;
	int		 have_fg = 0, have_bg = 0, want_bg = 0;

	memset(st, 0, sizeof *st);
	while (i < len) {
		while (i < len && (blank(v[i]) || v[i] == ','))
			i++;
		if (i == len)
			break;
		w = v + i;
		wcol = col + (unsigned)i;
		for (n = 0; i + n < len && !blank(v[i + n]) && v[i + n] != ',';
		    n++)
			;
		i += n;
		fmt_escape(esc, sizeof esc, w, n);
		if (want_bg) {
			want_bg = 0;
			if (parse_colour(w, n, &cl, &why) != 0)
				perr(c, wcol, "%s after 'on', got '%s'", why,
				    esc);
			else {
				st->bg = cl;
				have_bg = 1;
			}
			continue;
		}
		if (n == 2 && strncmp(w, "on", 2) == 0) {
			if (have_bg)
				perr(c, wcol, "expected one background, got "
				    "a second 'on'");
			want_bg = 1;
			continue;
		}
		if (parse_attr(w, n, &bit) == 0) {
			st->attrs |= bit;
			continue;
		}
		if (parse_colour(w, n, &cl, &why) == 0) {
			if (have_fg || have_bg)
				perr(c, wcol, "expected 'on' or an attribute "
				    "(bold, reverse, underline, dim, standout)"
				    " after the %s, got '%s'", have_bg ?
				    "background" : "foreground", esc);
			else {
				st->fg = cl;
				have_fg = 1;
			}
			continue;
		}
		if (w[0] == '#' || (w[0] >= '0' && w[0] <= '9'))
			perr(c, wcol, "%s, got '%s'", why, esc);
		else
			perr(c, wcol, "expected a colour (a name, 0-255 or "
			    "#rrggbb), 'on' or an attribute (bold, reverse, "
			    "underline, dim, standout, none), got '%s'", esc);
	}
	if (want_bg)
		perr(c, col + (unsigned)len, "expected a colour after 'on'");
	return (c->errors - errs);
}

/* The role a key names, or -1; *group: 1 window, 2 lanes. */
static int
role_key(const char *k, int *group)
{
	int	i;

	*group = 0;
	if (strcmp(k, "window") == 0) {
		*group = 1;
		return (RENDER_WINDOW_SYNC);
	}
	if (strcmp(k, "lanes") == 0) {
		*group = 2;
		return (RENDER_LANE_READER);
	}
	for (i = 0; i < RENDER_ROLE_COUNT; i++)
		if (strcmp(k, role_names[i]) == 0)
			return (i);
	return (-1);
}

/* Set role r from a parsed style, unless a group key yields to own key. */
static void
set_role(struct theme *t, int r, const struct rstyle *st, int from_group,
    unsigned line)
{
	if (from_group && t->role[r].line != 0 && !t->role[r].from_group)
		return;
	t->role[r] = *st;
	t->role[r].line = line;
	t->role[r].from_group = from_group;
}

/*
 * Parse a glyph value: one character, optionally in double quotes.
 * table is GLYPH_UTF8 or GLYPH_ASCII.
 */
static void
parse_glyph(struct theme *t, struct pctx *c, int table, int st,
    const char *v, unsigned col)
{
	char		 esc[300];
	size_t		 n = strlen(v), k;
	uint32_t	 cp;
	unsigned	 vcol = col;

	if (n >= 2 && v[0] == '"' && v[n - 1] == '"') {
		v++;
		n -= 2;
		vcol++;
	} else if (v[0] == '"') {
		perr(c, col + (unsigned)n, "expected a closing '\"'");
		return;
	}
	fmt_escape(esc, sizeof esc, v, n);
	k = n ? fmt_char(v, n) : 0;
	if (n == 0 || k != n) {
		perr(c, vcol, "expected one printable character%s, got '%s'",
		    table == GLYPH_ASCII ? " (ASCII)" : "", esc);
		return;
	}
	if (table == GLYPH_ASCII && (unsigned char)v[0] >= 0x80) {
		perr(c, vcol, "expected one printable ASCII character, got "
		    "'%s'", esc);
		return;
	}
	if (utf8_decode(v, n, &cp) != n || utf8_cp_width(cp) != 1) {
		perr(c, vcol, "expected one printable character one cell "
		    "wide, got '%s'", esc);
		return;
	}
	memcpy(t->glyph[table][st], v, n);
	t->glyph[table][st][n] = '\0';
	t->glyph_line[table][st] = c->line;
	t->glyph_col[table][st] = vcol;
}

/* Handle one `key = value` whose key starts at column kcol. */
static void
parse_pair(struct theme *t, struct pctx *c, const char *key, unsigned kcol,
    const char *v, unsigned vcol)
{
	struct rstyle	 st;
	char		 esc[300];
	const char	*dot;
	size_t		 n = strlen(v), i;
	int		 r, group, which = -1, table;

	if (strcmp(key, "name") == 0)
		which = K_NAME;
	else if (strcmp(key, "description") == 0)
		which = K_DESC;
	else if (strcmp(key, "requires") == 0)
		which = K_REQUIRES;
	else if (strcmp(key, "fallback") == 0)
		which = K_FALLBACK;
	if (which >= 0) {
		if (c->seen[which] != 0) {
			perr(c, kcol, "expected each key once, got a second "
			    "'%s' (first on line %u)", key, c->seen[which]);
			return;
		}
		c->seen[which] = c->line;
	}
	fmt_escape(esc, sizeof esc, v, n);
	switch (which) {
	case K_NAME:
		if (!theme_parse_valid_name(v, n))
			perr(c, vcol, "expected a name of letters, digits, "
			    "'-', '_' and '.' (at most 63), got '%s'", esc);
		else
			memcpy(t->name, v, n + 1);
		return;
	case K_DESC:
		for (i = 0; i < n; ) {
			size_t	k = fmt_char(v + i, n - i);

			if (k == 0) {
				perr(c, vcol + (unsigned)i, "expected "
				    "printable text, got '%s'", esc);
				return;
			}
			i += k;
		}
		if (n >= sizeof t->description) {
			perr(c, vcol, "expected a description of at most %zu "
			    "bytes, got %zu", sizeof t->description - 1, n);
			return;
		}
		memcpy(t->description, v, n + 1);
		return;
	case K_REQUIRES:
		if (caps_depth_parse(v, &t->requires) != 0 ||
		    t->requires == CAPS_MONO)
			perr(c, vcol, "expected 8, 16, 256 or truecolor, got "
			    "'%s'", esc);
		return;
	case K_FALLBACK:
		if (!theme_parse_valid_name(v, n))
			perr(c, vcol, "expected a theme name (letters, digits, "
			    "'-', '_' and '.'), got '%s'", esc);
		else {
			memcpy(t->fallback, v, n + 1);
			t->fallback_line = c->line;
			t->fallback_col = vcol;
		}
		return;
	}

	if ((r = role_key(key, &group)) >= 0) {
		which = group == 1 ? K_WINDOW : K_LANES;
		if (group != 0 && c->seen[which] != 0) {
			perr(c, kcol, "expected each key once, got a second "
			    "'%s' (first on line %u)", key, c->seen[which]);
			return;
		}
		if (group != 0)
			c->seen[which] = c->line;
		if (t->role[r].line != 0 && !t->role[r].from_group &&
		    group == 0) {
			perr(c, kcol, "expected each key once, got a second "
			    "'%s' (first on line %u)", key, t->role[r].line);
			return;
		}
		if (parse_style(c, v, vcol, &st) != 0)
			return;
		if (group == 1) {
			set_role(t, RENDER_WINDOW_SYNC, &st, 1, c->line);
			set_role(t, RENDER_WINDOW_ASYNC, &st, 1, c->line);
		} else if (group == 2) {
			set_role(t, RENDER_LANE_READER, &st, 1, c->line);
			set_role(t, RENDER_LANE_PLUG, &st, 1, c->line);
			set_role(t, RENDER_LANE_DEVICE, &st, 1, c->line);
			set_role(t, RENDER_LANE_WAKING, &st, 1, c->line);
		} else
			set_role(t, r, &st, 0, c->line);
		return;
	}

	if ((dot = strchr(key, '.')) != NULL &&
	    ((strncmp(key, "glyph", 5) == 0 && dot == key + 5) ||
	    (strncmp(key, "ascii", 5) == 0 && dot == key + 5))) {
		table = key[0] == 'g' ? GLYPH_UTF8 : GLYPH_ASCII;
		for (i = 0; i < RENDER_ST_COUNT; i++)
			if (strcmp(dot + 1, state_keys[i]) == 0)
				break;
		if (i == RENDER_ST_COUNT) {
			perr(c, kcol + 6, "expected a page state (consumed, "
			    "cached, plugged, inflight, absent), got '%s'",
			    fmt_escape_str(esc, sizeof esc, dot + 1));
			return;
		}
		if (t->glyph_line[table][i] != 0) {
			perr(c, kcol, "expected each key once, got a second "
			    "'%s' (first on line %u)", key,
			    t->glyph_line[table][i]);
			return;
		}
		parse_glyph(t, c, table, (int)i, v, vcol);
		return;
	}
	perr(c, kcol, "expected a key (name, description, requires, "
	    "fallback, a role such as text, consumed, window or lanes, "
	    "glyph.STATE or ascii.STATE), got '%s'",
	    fmt_escape_str(esc, sizeof esc, key));
}

/* Parse one line (n bytes, no newline).  Returns 0. */
static int
parse_line(struct theme *t, struct pctx *c, const char *s, size_t n)
{
	char		 buf[1024], key[64], esc[300];
	size_t		 i, k, end;
	unsigned	 kcol;

	if (n > 0 && s[n - 1] == '\r')
		n--;
	if (memchr(s, '\0', n) != NULL) {
		perr(c, (unsigned)((const char *)memchr(s, '\0', n) - s) + 1,
		    "expected text, got a NUL byte");
		return (0);
	}
	if (n >= sizeof buf) {
		perr(c, (unsigned)sizeof buf, "expected a line of at most %zu "
		    "bytes", sizeof buf - 1);
		return (0);
	}
	memcpy(buf, s, n);
	buf[n] = '\0';

	for (i = 0; blank(buf[i]); i++)
		;
	if (buf[i] == '\0' || buf[i] == '#')
		return (0);
	/* A comment: '#' after a blank, followed by a blank or the end. */
	for (end = i; end < n; end++) {
		if (buf[end] == '#' && blank(buf[end - 1]) &&
		    (buf[end + 1] == '\0' || blank(buf[end + 1])))
			break;
	}
	while (end > i && blank(buf[end - 1]))
		end--;
	buf[end] = '\0';

	kcol = (unsigned)i + 1;
	for (k = i; (buf[k] >= 'a' && buf[k] <= 'z') ||
	    (buf[k] >= '0' && buf[k] <= '9') || buf[k] == '-' ||
	    buf[k] == '.' || buf[k] == '_'; k++)
		;
	if (k == i) {
		fmt_escape(esc, sizeof esc, buf + i, end - i);
		perr(c, kcol, "expected a key (lower-case letters, digits, "
		    "'-', '.'), got '%s'", esc);
		return (0);
	}
	if (k - i >= sizeof key) {
		perr(c, kcol, "expected a key of at most %zu characters",
		    sizeof key - 1);
		return (0);
	}
	memcpy(key, buf + i, k - i);
	key[k - i] = '\0';
	while (blank(buf[k]))
		k++;
	if (buf[k] == '\0') {
		perr(c, (unsigned)k + 1, "expected '=' after '%s', got the "
		    "end of the line", key);
		return (0);
	}
	if (buf[k] != '=') {
		fmt_escape(esc, sizeof esc, buf + k, end - k);
		perr(c, (unsigned)k + 1, "expected '=' after '%s', got '%s'",
		    key, esc);
		return (0);
	}
	k++;
	while (blank(buf[k]))
		k++;
	if (buf[k] == '\0') {
		perr(c, (unsigned)k + 1, "expected a value after '='");
		return (0);
	}
	parse_pair(t, c, key, kcol, buf + k, (unsigned)k + 1);
	return (0);
}

/*
 * The five glyphs of each table (overrides over the built-in tables) must
 * differ, or monochrome could not tell the states apart.
 */
static void
check_glyphs(struct theme *t, struct pctx *c)
{
	const struct render_glyphs	*base;
	const char			*g[RENDER_ST_COUNT];
	char				 esc[64];
	int				 tb, i, j, bad;
	unsigned			 save = c->line;

	for (tb = 0; tb < 2; tb++) {
		base = tb == GLYPH_UTF8 ? &render_unicode : &render_ascii;
		for (i = 0; i < RENDER_ST_COUNT; i++)
			g[i] = t->glyph[tb][i][0] ? t->glyph[tb][i] :
			    base->state[i];
		for (j = 1; j < RENDER_ST_COUNT; j++) {
			for (i = 0; i < j; i++) {
				if (strcmp(g[i], g[j]) != 0)
					continue;
				/* Report at the override that clashes. */
				bad = t->glyph_line[tb][j] ? j : i;
				c->line = t->glyph_line[tb][bad];
				perr(c, t->glyph_col[tb][bad], "expected a "
				    "glyph unlike the other states', got '%s' "
				    "(the same as %s)", fmt_escape_str(esc,
				    sizeof esc, g[bad]),
				    state_keys[bad == j ? i : j]);
			}
		}
	}
	c->line = save;
}

/* Base name of path without a ".theme" suffix, made a valid name. */
static void
name_from_file(char *out, size_t len, const char *file)
{
	const char	*b = strrchr(file, '/');
	size_t		 n, i;

	b = b ? b + 1 : file;
	n = strlen(b);
	if (n > 6 && strcmp(b + n - 6, ".theme") == 0)
		n -= 6;
	if (n >= len)
		n = len - 1;
	for (i = 0; i < n; i++)
		out[i] = theme_parse_valid_name(b + i, 1) || (i > 0 && (b[i] == '-' ||
		    b[i] == '.')) ? b[i] : '_';
	out[n] = '\0';
	if (n == 0)
		snprintf(out, len, "unnamed");
}

/* Parse a buffer. */
struct theme *
theme_parse(const char *buf, size_t len, const char *file,
    struct theme_diag *d)
{
	struct theme	*t;
	struct pctx	 c;
	const char	*p = buf, *nl, *end = buf + len;

	memset(&c, 0, sizeof c);
	c.file = file;
	c.d = d;
	t = xcalloc(1, sizeof *t);
	t->requires = CAPS_MONO;
	snprintf(t->file, sizeof t->file, "%s", file);
	while (p < end) {
		c.line++;
		nl = memchr(p, '\n', (size_t)(end - p));
		if (nl == NULL)
			nl = end;
		parse_line(t, &c, p, (size_t)(nl - p));
		p = nl + 1;
	}
	check_glyphs(t, &c);
	if (t->fallback[0] != '\0' && t->requires == CAPS_MONO) {
		c.line = t->fallback_line;
		perr(&c, t->fallback_col, "expected 'requires' with "
		    "'fallback' (when to fall back)");
	}
	if (t->name[0] == '\0')
		name_from_file(t->name, sizeof t->name, file);
	if (c.errors != 0) {
		free(t);
		return (NULL);
	}
	return (t);
}

/* Read and parse a theme file. */
struct theme *
theme_load_file(const char *path, struct theme_diag *d)
{
	struct theme	*t;
	char		*buf, esc[600], lim[160];
	const char	*why;
	size_t		 n;
	int		 rc;

	fmt_escape_str(esc, sizeof esc, path);
	/* A FIFO or a device is refused without blocking on it (file.h). */
	if ((rc = file_read(path, bounds_get(BOUND_THEME_BYTES), &buf, &n,
	    &why)) == -2) {
		theme_diag_add(d, "%s: expected a theme of at most %llu bytes: "
		    "%s", esc, (unsigned long long)bounds_get(BOUND_THEME_BYTES),
		    bounds_say(lim, sizeof lim, BOUND_THEME_BYTES));
		return (NULL);
	}
	if (rc != 0) {
		theme_diag_add(d, "%s: cannot read: %s", esc, why);
		return (NULL);
	}
	t = theme_parse(buf, n, path, d);
	free(buf);
	return (t);
}

/* Key name of a role. */
const char *
theme_role_name(enum render_role r)
{
	return ((unsigned)r < RENDER_ROLE_COUNT ? role_names[r] : "?");
}

/*
 * The fallback chain of t as theme_open() follows it: every theme on it
 * must load, and the chain must not come back to a theme on it.  Each
 * problem is reported at t's fallback line (c).
 */
static void
check_chain(struct pctx *c, const struct theme *t)
{
	struct theme_diag	 fd = { NULL, 0 };
	struct theme		*chain[FALLBACK_HOPS + 1];
	const struct theme	*cur = t;
	char			 where[1024], esc[600];
	size_t			 n = 0, i;
	const char		*fb;

	while (cur->fallback[0] != '\0' && n < FALLBACK_HOPS) {
		fb = cur->fallback;
		for (i = 0; i < n && strcmp(chain[i]->name, fb) != 0; i++)
			;
		if (i < n || strcmp(t->name, fb) == 0) {
			if (n > 0)
				perr(c, t->fallback_col, "expected a fallback "
				    "chain that ends: '%s' falls back to '%s' "
				    "again", cur->name, fb);
			break;
		}
		if (theme_find(fb, 0, where, sizeof where) != 0) {
			perr(c, t->fallback_col, "expected the fallback of "
			    "'%s' to be an installed theme, got '%s' (%s)",
			    cur->name, fb, where);
			break;
		}
		if ((chain[n] = theme_load_file(where, &fd)) == NULL) {
			perr(c, t->fallback_col, "expected a fallback theme "
			    "that loads: '%s' (%s) has errors: %s%s", fb,
			    fmt_escape_str(esc, sizeof esc, where), fd.n ?
			    fd.msg[0] : "cannot load", fd.n > 1 ? " (and more)" :
			    "");
			theme_diag_free(&fd);
			break;
		}
		cur = chain[n++];
	}
	for (i = 0; i < n; i++)
		theme_free(chain[i]);
}

/* --check-theme. */
int
theme_check(const char *path, FILE *out, FILE *err)
{
	struct theme_diag	 d = { NULL, 0 };
	struct theme_resolved	 res;
	struct theme		*t;
	struct caps		 caps;
	struct pctx		 c;
	char			 where[1024], esc[600];
	int			 depth;

	memset(&c, 0, sizeof c);
	c.file = path;
	c.d = &d;
	if ((t = theme_load_file(path, &d)) == NULL) {
		theme_diag_print(&d, err);
		theme_diag_free(&d);
		return (2);
	}
	for (depth = CAPS_MONO; depth <= CAPS_TRUE; depth++) {
		for (caps.utf8 = 0; caps.utf8 < 2; caps.utf8++) {
			caps.depth = (enum caps_depth)depth;
			caps.direct = 0;
			if (theme_resolve(t, &caps, &res) != 0) {
				c.line = 1;
				perr(&c, 1, "expected the five page states "
				    "to look different at depth %s",
				    caps_depth_name(caps.depth));
			}
		}
	}
	if (t->fallback[0] != '\0') {
		c.line = t->fallback_line;
		if (strcmp(t->fallback, t->name) == 0)
			perr(&c, t->fallback_col, "expected a theme other than "
			    "'%s' itself", t->name);
		else if (theme_find(t->fallback, 0, where, sizeof where) != 0)
			perr(&c, t->fallback_col, "expected an installed "
			    "theme, got '%s' (%s)", t->fallback, where);
		else
			check_chain(&c, t);
	}
	theme_diag_print(&d, err);
	if (d.n == 0) {
		fprintf(out, "%s: ok: %s",
		    fmt_escape_str(esc, sizeof esc, path), t->name);
		if (t->requires != CAPS_MONO)
			fprintf(out, ", requires %s",
			    caps_depth_name(t->requires));
		if (t->fallback[0] != '\0')
			fprintf(out, ", fallback %s", t->fallback);
		fputc('\n', out);
	}
	theme_diag_free(&d);
	theme_free(t);
	return (c.errors ? 2 : 0);
}
