/*
 * theme.c - theme files: parsing, resolution for a terminal, lookup.
 *
 * The parser works line by line on a buffer and never stops at the first
 * problem: each bad line adds a "file:line:column: expected ..." message and
 * parsing goes on, so --check-theme shows everything at once.  Anything
 * copied from the file, a file name or the environment into a message is
 * escaped with fmt_escape() (\xNN for control bytes and invalid UTF-8), so a
 * hostile theme cannot drive the terminal.
 *
 * Resolution is pure integer arithmetic: a colour is turned into an index
 * of the xterm 256-colour palette (6x6x6 cube and grey ramp for #rrggbb),
 * then, for 16 and 8 colours, into the nearest of the first 16 or 8 entries
 * (greys by a weighted RGB distance, "redmean"; other colours by nearest
 * hue).
 * The same theme and caps always give the same styles.
 *
 * Lookup and --list-themes are the only parts that touch the file system
 * and the environment.
 */
#include "config.h"

#include <dirent.h>
#include <locale.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "datadir.h"
#include "diag.h"
#include "file.h"
#include "fmt.h"
#include "theme.h"
#include "utf8.h"
#include "xalloc.h"

#ifndef PKGDATADIR
#define PKGDATADIR "/usr/local/share/raviz"
#endif

#define THEME_MAX_BYTES	65536
#define FALLBACK_HOPS	8
#define GLYPH_UTF8	0
#define GLYPH_ASCII	1

enum ckind { C_UNSET, C_DEFAULT, C_INDEX, C_RGB };

struct colour {
	enum ckind	 kind;
	uint32_t	 v;		/* index, or 0xRRGGBB */
};

struct rstyle {
	struct colour	 fg, bg;
	unsigned	 attrs;
	unsigned	 line;		/* where set, 0 = not set */
	int		 from_group;	/* set by window/lanes, not its own key */
};

struct theme {
	char		 name[64];
	char		 description[256];
	enum caps_depth	 requires;
	char		 fallback[64];
	unsigned	 fallback_line, fallback_col;
	char		 file[512];
	struct rstyle	 role[RENDER_ROLE_COUNT];
	/* Glyph overrides per table; "" = the base table's. */
	char		 glyph[2][RENDER_ST_COUNT][RENDER_GLYPH_MAX];
	unsigned	 glyph_line[2][RENDER_ST_COUNT];
	unsigned	 glyph_col[2][RENDER_ST_COUNT];
};

/* The parser's position, for messages. */
struct pctx {
	const char		*file;
	struct theme_diag	*d;
	unsigned		 line;
	unsigned		 errors;
	unsigned		 seen[8];	/* line of name, description... */
};

enum { K_NAME, K_DESC, K_REQUIRES, K_FALLBACK, K_WINDOW, K_LANES };

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

static const enum render_role state_role[RENDER_ST_COUNT] = {
	RENDER_PAGE_CONSUMED, RENDER_PAGE_CACHED, RENDER_PAGE_PLUGGED,
	RENDER_PAGE_INFLIGHT, RENDER_PAGE_ABSENT
};

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

/* xterm's default RGB for palette entries 0-15. */
static const uint32_t base16[16] = {
	0x000000, 0xcd0000, 0x00cd00, 0xcdcd00, 0x0000ee, 0xcd00cd, 0x00cdcd,
	0xe5e5e5, 0x7f7f7f, 0xff0000, 0x00ff00, 0xffff00, 0x5c5cff, 0xff00ff,
	0x00ffff, 0xffffff
};

/* The level of each step of the 6x6x6 cube. */
static const int cube_level[6] = { 0, 95, 135, 175, 215, 255 };

/* The built-in look: attributes and glyphs, no colour. */
static const char builtin_text[] =
	"name = built-in\n"
	"header = bold\n"
	"mode = reverse\n"
	"consumed = dim\n"
	"cached = bold\n"
	"plugged = underline\n"
	"inflight = reverse\n"
	"window = bold\n"
	"marker = bold\n"
	"reader = bold\n"
	"label = bold\n"
	"dim = dim\n";

static int	 parse_line(struct theme *, struct pctx *, const char *,
		    size_t);
static void	 check_glyphs(struct theme *, struct pctx *);

/* ---- messages ---- */

/* Free the messages. */
void
theme_diag_free(struct theme_diag *d)
{
	size_t	i;

	if (d == NULL)
		return;
	for (i = 0; i < d->n; i++)
		free(d->msg[i]);
	free(d->msg);
	d->msg = NULL;
	d->n = 0;
}

/* Print the messages. */
void
theme_diag_print(const struct theme_diag *d, FILE *f)
{
	size_t	i;

	for (i = 0; i < d->n; i++)
		fprintf(f, "%s\n", d->msg[i]);
}

/* Append a formatted message (allocation failure drops it, nothing else). */
static void
diag_add(struct theme_diag *d, const char *fmt, ...)
{
	char	 buf[1024], **nm;
	va_list	 ap;

	if (d == NULL)
		return;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	nm = xreallocarray(d->msg, d->n + 1, sizeof *nm);
	d->msg = nm;
	d->msg[d->n++] = xstrdup(buf);
}

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

/*
 * Copy s, text already escaped, into out: whole if it fits, else cut at a
 * character boundary and ended with "..." (len >= 4), so that a long
 * message never ends in half a UTF-8 sequence.
 */
static char *
clip(char *out, size_t len, const char *s)
{
	size_t	n = strlen(s), o = 0, k;

	if (n < len) {
		memcpy(out, s, n + 1);
		return (out);
	}
	while ((k = fmt_char(s + o, n - o)) != 0 && o + k + 4 <= len)
		o += k;
	memcpy(out, s, o);
	memcpy(out + o, "...", 4);
	return (out);
}

/* ---- parsing ---- */

/* Is c a blank (space or tab)? */
static int
blank(char c)
{
	return (c == ' ' || c == '\t');
}

/* Is s (n bytes) a valid theme name: letters, digits, - _ . (not first)? */
static int
valid_name(const char *s, size_t n)
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
		if (!valid_name(v, n))
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
		if (!valid_name(v, n))
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
		out[i] = valid_name(b + i, 1) || (i > 0 && (b[i] == '-' ||
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
	char		*buf, esc[600];
	const char	*why;
	size_t		 n;
	int		 rc;

	fmt_escape_str(esc, sizeof esc, path);
	/* A FIFO or a device is refused without blocking on it (file.h). */
	if ((rc = file_read(path, THEME_MAX_BYTES, &buf, &n, &why)) == -2) {
		diag_add(d, "%s: expected a theme of at most %d bytes", esc,
		    THEME_MAX_BYTES);
		return (NULL);
	}
	if (rc != 0) {
		diag_add(d, "%s: cannot read: %s", esc, why);
		return (NULL);
	}
	t = theme_parse(buf, n, path, d);
	free(buf);
	return (t);
}

/* Free a theme. */
void
theme_free(struct theme *t)
{
	free(t);
}

/* Accessors. */
const char *
theme_name(const struct theme *t)
{
	return (t->name);
}

/* The description, or "". */
const char *
theme_description(const struct theme *t)
{
	return (t->description);
}

/* The depth it is drawn for. */
enum caps_depth
theme_requires(const struct theme *t)
{
	return (t->requires);
}

/* The fallback's name, or NULL. */
const char *
theme_fallback(const struct theme *t)
{
	return (t->fallback[0] ? t->fallback : NULL);
}

/* Key name of a role. */
const char *
theme_role_name(enum render_role r)
{
	return ((unsigned)r < RENDER_ROLE_COUNT ? role_names[r] : "?");
}

/* ---- resolution ---- */

/* RGB of a 256-palette entry. */
static uint32_t
palette_rgb(unsigned i)
{
	unsigned	g;

	if (i < 16)
		return (base16[i]);
	if (i < 232) {
		i -= 16;
		return ((uint32_t)cube_level[i / 36] << 16 |
		    (uint32_t)cube_level[(i / 6) % 6] << 8 |
		    (uint32_t)cube_level[i % 6]);
	}
	g = 8 + 10 * (i - 232);
	return (g << 16 | g << 8 | g);
}

/* RGB of a palette entry, for exports that spell colours out. */
uint32_t
theme_palette_rgb(unsigned idx)
{
	return (palette_rgb(idx & 0xff));
}

/*
 * Weighted squared RGB distance ("redmean": red and blue weighed by the
 * mean red level), integers only.
 */
static long
rgb_dist(uint32_t a, uint32_t b)
{
	long	r1 = (long)(a >> 16), g1 = (long)((a >> 8) & 0xff),
		b1 = (long)(a & 0xff), r2 = (long)(b >> 16),
		g2 = (long)((b >> 8) & 0xff), b2 = (long)(b & 0xff);
	long	rm = (r1 + r2) / 2, dr = r1 - r2, dg = g1 - g2, db = b1 - b2;

	return (((512 + rm) * dr * dr >> 8) + 4 * dg * dg +
	    ((767 - rm) * db * db >> 8));
}

/* Nearest entry in [lo, hi) of the palette to rgb (lowest index on ties). */
static int
nearest(uint32_t rgb, unsigned lo, unsigned hi)
{
	unsigned	i;
	int		best = (int)lo;
	long		bd = -1, dd;

	for (i = lo; i < hi; i++) {
		dd = rgb_dist(rgb, palette_rgb(i));
		if (bd < 0 || dd < bd) {
			bd = dd;
			best = (int)i;
		}
	}
	return (best);
}

/*
 * The nearest of the first 8 or 16 entries.  The basic colours are fully
 * saturated, so plain RGB distance sends muted colours to the wrong hue
 * (salmon to yellow, greys to cyan).  Instead: a grey (channels within 32
 * of each other) goes to the nearest of black, grey and white by distance;
 * any other colour to the nearest of the six hues by hue angle, bright
 * (16 colours) when its strongest channel is nearer 255 than xterm's 205.
 */
static int
nearest_basic(uint32_t rgb, int sixteen)
{
	static const unsigned	grey8[] = { 0, 7 }, grey16[] = { 0, 8, 7, 15 };
	static const int	hue[6] = { 1, 3, 2, 6, 4, 5 };	/* R Y G C B M */
	int			r = (int)(rgb >> 16), g = (int)((rgb >> 8) & 0xff),
				b = (int)(rgb & 0xff), mx, mn, c, hp, best, i, n;
	const unsigned		*set;
	long			bd, dd;

	mx = r > g ? (r > b ? r : b) : (g > b ? g : b);
	mn = r < g ? (r < b ? r : b) : (g < b ? g : b);
	c = mx - mn;
	if (c <= 32) {
		set = sixteen ? grey16 : grey8;
		n = sixteen ? 4 : 2;
		best = (int)set[0];
		bd = rgb_dist(rgb, palette_rgb(set[0]));
		for (i = 1; i < n; i++) {
			dd = rgb_dist(rgb, palette_rgb(set[i]));
			if (dd < bd) {
				bd = dd;
				best = (int)set[i];
			}
		}
		return (best);
	}
	/* Hue in sixths of a turn, scaled by c: [0, 6c). */
	if (mx == r)
		hp = g - b;
	else if (mx == g)
		hp = 2 * c + b - r;
	else
		hp = 4 * c + r - g;
	if (hp < 0)
		hp += 6 * c;
	best = hue[((2 * hp + c) / (2 * c)) % 6];
	if (sixteen && mx > 230)
		best += 8;
	return (best);
}

/* A colour at a depth: palette index or -1; *rgb for CAPS_TRUE. */
static int
degrade(const struct colour *c, enum caps_depth d, int32_t *rgb)
{
	uint32_t	v;

	*rgb = -1;
	if (d == CAPS_MONO || c->kind == C_UNSET || c->kind == C_DEFAULT)
		return (-1);
	if (c->kind == C_RGB) {
		v = c->v;
		if (d == CAPS_TRUE)
			*rgb = (int32_t)v;
		/* The cube and grey ramp; 0-15 vary between terminals. */
		if (d >= CAPS_256)
			return (nearest(v, 16, 256));
	} else {
		/*
		 * Direct colour numbers 0-7 are still the ANSI colours; the
		 * rest of the palette has to be spelt as RGB there.
		 */
		if (d == CAPS_TRUE && c->v >= 8)
			*rgb = (int32_t)palette_rgb(c->v);
		if (d >= CAPS_256 || (d == CAPS_16 && c->v < 16) ||
		    (d == CAPS_8 && c->v < 8))
			return ((int)c->v);
		v = palette_rgb(c->v);
	}
	return (nearest_basic(v, d == CAPS_16));
}

/* Perceived lightness of a palette entry, 0-255 (integer Rec. 601). */
static unsigned
lightness(int idx)
{
	uint32_t	v = palette_rgb((unsigned)idx);

	return ((299 * (v >> 16) + 587 * ((v >> 8) & 0xff) +
	    114 * (v & 0xff)) / 1000);
}

/* Resolve. */
int
theme_resolve(const struct theme *t, const struct caps *caps,
    struct theme_resolved *out)
{
	const struct render_glyphs	*base;
	const struct rstyle		*text = &t->role[RENDER_TEXT], *rs;
	struct theme_style		*o;
	struct colour			 fg, bg;
	int				 r, i, j, tb;

	memset(out, 0, sizeof *out);
	snprintf(out->name, sizeof out->name, "%s", t->name);
	out->depth = caps->depth;
	for (r = 0; r < RENDER_ROLE_COUNT; r++) {
		rs = &t->role[r];
		o = &out->role[r];
		fg = rs->fg.kind != C_UNSET ? rs->fg : text->fg;
		bg = rs->bg.kind != C_UNSET ? rs->bg : text->bg;
		o->fg = degrade(&fg, caps->depth, &o->fg_rgb);
		o->bg = degrade(&bg, caps->depth, &o->bg_rgb);
		o->attrs = rs->attrs;
		/*
		 * Two colours that degrade to the same entry would hide the
		 * text: take black or white, whichever shows on the ground.
		 */
		if (o->fg >= 0 && o->fg == o->bg) {
			o->fg = lightness(o->bg) > 127 ? 0 : 7;
			o->fg_rgb = o->fg_rgb < 0 ? -1 :
			    (int32_t)palette_rgb((unsigned)o->fg);
		}
	}

	tb = caps->utf8 ? GLYPH_UTF8 : GLYPH_ASCII;
	base = caps->utf8 ? &render_unicode : &render_ascii;
	out->glyphs = *base;
	for (i = 0; i < RENDER_ST_COUNT; i++) {
		if (t->glyph[tb][i][0] == '\0')
			continue;
		memcpy(out->glyphs.state[i], t->glyph[tb][i],
		    sizeof out->glyphs.state[i]);
	}

	/* The five states must differ in glyph, attributes or colours. */
	for (i = 0; i < RENDER_ST_COUNT; i++) {
		for (j = 0; j < i; j++) {
			const struct theme_style *a =
			    &out->role[state_role[i]];
			const struct theme_style *b =
			    &out->role[state_role[j]];

			if (strcmp(out->glyphs.state[i],
			    out->glyphs.state[j]) == 0 &&
			    a->attrs == b->attrs && a->fg == b->fg &&
			    a->bg == b->bg)
				return (-1);
		}
	}
	return (0);
}

/* The built-in look. */
void
theme_builtin(const struct caps *caps, struct theme_resolved *out)
{
	struct theme	*t;

	t = theme_parse(builtin_text, sizeof builtin_text - 1, "<built-in>",
	    NULL);
	if (t == NULL || theme_resolve(t, caps, out) != 0) {
		/* Cannot happen: the text above is a valid theme. */
		memset(out, 0, sizeof *out);
		out->glyphs = caps->utf8 ? render_unicode : render_ascii;
		for (int r = 0; r < RENDER_ROLE_COUNT; r++)
			out->role[r].fg = out->role[r].bg =
			    out->role[r].fg_rgb = out->role[r].bg_rgb = -1;
	}
	theme_free(t);
	snprintf(out->name, sizeof out->name, "built-in");
	out->path[0] = '\0';
}

/* A role's style for curses. */
void
theme_role_style(const struct theme_resolved *res, enum render_role r,
    short *fg, short *bg, unsigned *attrs)
{
	const struct theme_style	*s;

	if ((unsigned)r >= RENDER_ROLE_COUNT)
		r = RENDER_TEXT;
	s = &res->role[r];
	*fg = (short)s->fg;
	*bg = (short)s->bg;
	*attrs = s->attrs;
}

/* ---- lookup ---- */

/* Is arg a path rather than a name? */
static int
is_path(const char *arg)
{
	size_t	n = strlen(arg);

	return (strchr(arg, '/') != NULL ||
	    (n > 6 && strcmp(arg + n - 6, ".theme") == 0));
}

/* The user's theme directory into buf; -1 if there is none. */
static int
user_dir(char *buf, size_t len)
{
	const char	*x = getenv("XDG_CONFIG_HOME"), *h = getenv("HOME");

	/* The XDG spec ignores relative values. */
	if (x != NULL && x[0] == '/')
		snprintf(buf, len, "%s/raviz/themes", x);
	else if (h != NULL && h[0] == '/')
		snprintf(buf, len, "%s/.config/raviz/themes", h);
	else
		return (-1);
	return (0);
}

/* The installed theme directory into buf. */
static void
data_dir(char *buf, size_t len)
{
	datadir_path(buf, len, "themes");
}

/* Find a theme file. */
int
theme_find(const char *arg, int skip_user, char *path, size_t len)
{
	char	ud[400], dd[400], esc[200], eud[200], edd[200];
	int	has_user;

	if (is_path(arg)) {
		snprintf(path, len, "%s", arg);
		return (0);
	}
	if (!valid_name(arg, strlen(arg))) {
		snprintf(path, len, "'%s' is not a theme name (letters, "
		    "digits, '-', '_', '.') or a path",
		    fmt_escape_str(esc, sizeof esc, arg));
		return (-1);
	}
	has_user = !skip_user && user_dir(ud, sizeof ud) == 0;
	if (has_user) {
		snprintf(path, len, "%s/%s.theme", ud, arg);
		if (access(path, R_OK) == 0)
			return (0);
	}
	data_dir(dd, sizeof dd);
	snprintf(path, len, "%s/%s.theme", dd, arg);
	if (access(path, R_OK) == 0)
		return (0);
	/* $XDG_CONFIG_HOME and $RAVIZ_DATADIR are untrusted text too. */
	fmt_escape_str(esc, sizeof esc, arg);
	fmt_escape_str(edd, sizeof edd, dd);
	if (has_user)
		snprintf(path, len, "no theme '%s' in %s or %s", esc,
		    fmt_escape_str(eud, sizeof eud, ud), edd);
	else
		snprintf(path, len, "no theme '%s' in %s", esc, edd);
	return (-1);
}

/* Load and resolve, following fallbacks; see theme.h. */
int
theme_open(const char *arg, int skip_user, const struct caps *caps,
    struct theme_resolved *out, struct theme_diag *d)
{
	struct theme		*chain[FALLBACK_HOPS + 1];
	struct theme_diag	 fd = { NULL, 0 };
	char			 path[1024], fpath[1024], warn[1024], esc[600];
	char			 part[300];
	size_t			 n = 0, i;
	int			 loop;

	warn[0] = '\0';
	if (theme_find(arg, skip_user, path, sizeof path) != 0) {
		diag_add(d, "%s", path);
		return (-1);
	}
	if ((chain[0] = theme_load_file(path, d)) == NULL)
		return (-1);
	snprintf(fpath, sizeof fpath, "%s", path);
	n = 1;
	while (caps->depth < chain[n - 1]->requires &&
	    chain[n - 1]->fallback[0] != '\0' && n <= FALLBACK_HOPS) {
		const char	*fb = chain[n - 1]->fallback;

		loop = 0;
		for (i = 0; i < n; i++)
			if (strcmp(chain[i]->name, fb) == 0)
				loop = 1;
		if (loop)
			break;
		if (theme_find(fb, 0, fpath, sizeof fpath) != 0) {
			snprintf(warn, sizeof warn, "theme '%s' needs %s "
			    "colours and its fallback is missing (%s); "
			    "showing it with fewer colours", chain[n - 1]->name,
			    caps_depth_name(chain[n - 1]->requires),
			    clip(part, sizeof part, fpath));
			break;
		}
		if ((chain[n] = theme_load_file(fpath, &fd)) == NULL) {
			snprintf(warn, sizeof warn, "fallback theme '%s': "
			    "%s%s; showing '%s' with fewer colours", fb,
			    clip(part, sizeof part, fd.n ? fd.msg[0] :
			    "cannot load"),
			    fd.n > 1 ? " (and more)" : "", chain[n - 1]->name);
			theme_diag_free(&fd);
			break;
		}
		n++;
	}
	theme_resolve(chain[n - 1], caps, out);
	clip(out->path, sizeof out->path,
	    fmt_escape_str(esc, sizeof esc, chain[n - 1]->file));
	clip(out->warning, sizeof out->warning, warn);
	for (i = 0; i < n; i++)
		theme_free(chain[i]);
	return (0);
}

/* The start-up choice; see theme.h. */
int
theme_select(const char *explicit_arg, const char *env_arg,
    const struct caps *caps, struct theme_resolved *out,
    struct theme_diag *d)
{
	struct theme_diag	 td = { NULL, 0 }, dd = { NULL, 0 };
	const char		*arg;
	char			 why[1024], esc[200], part[300];
	char			 warn[1024];

	if (explicit_arg != NULL)
		return (theme_open(explicit_arg, 0, caps, out, d) == 0 ?
		    0 : 2);
	arg = env_arg != NULL && *env_arg != '\0' ? env_arg : "default";
	if (theme_open(arg, 0, caps, out, &td) == 0)
		return (0);
	snprintf(why, sizeof why, "theme '%s'%s: %s%s",
	    fmt_escape_str(esc, sizeof esc, arg), env_arg && *env_arg ?
	    " (from RAVIZ_THEME)" : "", clip(part, sizeof part, td.n ?
	    td.msg[0] : "cannot load"),
	    td.n > 1 ? " (and more: see raviz --check-theme)" : "");
	theme_diag_free(&td);
	if (theme_open("default", 1, caps, out, &dd) == 0)
		snprintf(warn, sizeof warn, "%s; using the default theme",
		    why);
	else {
		theme_builtin(caps, out);
		snprintf(warn, sizeof warn, "%s; no default theme either, "
		    "using the built-in look", why);
	}
	clip(out->warning, sizeof out->warning, warn);
	theme_diag_free(&dd);
	return (0);
}

/*
 * The look of a headless export: caps from the environment and locale as
 * the screen would decide them (caps_headless() for the colours), then the
 * theme as at start-up.  Sets LC_CTYPE from the environment to read the
 * codeset.  0, or 2 after printing the problems to err.
 */
int
theme_headless(const char *explicit_arg, int no_color, int ascii,
    struct caps *caps, struct theme_resolved *out, FILE *err)
{
	struct caps_input	in;
	struct theme_diag	d = { NULL, 0 };
	char			msg[256];
	int			rc;

	memset(&in, 0, sizeof in);
	setlocale(LC_CTYPE, "");
	caps_input_env(&in);
	caps_headless(&in);
	in.opt_no_color = no_color;
	in.opt_ascii = ascii;
	if (caps_decide(&in, caps, msg, sizeof msg) != 0) {
		/* Cannot happen: caps_headless() names a terminal. */
		fprintf(err, "raviz: %s\n", msg);
		return (2);
	}
	rc = theme_select(explicit_arg, getenv("RAVIZ_THEME"), caps, out, &d);
	theme_diag_print(&d, err);
	theme_diag_free(&d);
	if (rc == 0 && out->warning[0] != '\0')
		fprintf(err, "raviz: %s\n", out->warning);
	return (rc);
}

/* qsort comparison of two strings. */
static int
cmp_str(const void *a, const void *b)
{
	return (strcmp(*(char *const *)a, *(char *const *)b));
}

/* Add the theme names found in dir to *names. */
static void
collect(const char *dir, char ***names, size_t *n)
{
	DIR		*dp;
	struct dirent	*de;
	char		**nn;
	size_t		 len;

	if ((dp = opendir(dir)) == NULL)
		return;
	while ((de = readdir(dp)) != NULL) {
		len = strlen(de->d_name);
		if (len <= 6 || strcmp(de->d_name + len - 6, ".theme") != 0 ||
		    !valid_name(de->d_name, len - 6))
			continue;
		nn = xreallocarray(*names, *n + 1, sizeof *nn);
		*names = nn;
		nn[(*n)++] = xstrndup(de->d_name, len - 6);
	}
	closedir(dp);
}

/* --list-themes. */
void
theme_list(FILE *out)
{
	struct theme_diag	 d = { NULL, 0 };
	struct theme		*t;
	char			**names = NULL, ud[400], dd[400];
	char			 path[1024], e1[600], e2[600];
	size_t			 n = 0, i;

	if (user_dir(ud, sizeof ud) == 0)
		collect(ud, &names, &n);
	data_dir(dd, sizeof dd);
	collect(dd, &names, &n);
	if (n == 0)
		fprintf(out, "no themes found in %s\n",
		    fmt_escape_str(e1, sizeof e1, dd));
	qsort(names, n, sizeof *names, cmp_str);
	for (i = 0; i < n; i++) {
		if (i > 0 && strcmp(names[i], names[i - 1]) == 0)
			continue;
		if (theme_find(names[i], 0, path, sizeof path) != 0)
			continue;
		fmt_escape_str(e2, sizeof e2, path);
		if ((t = theme_load_file(path, &d)) == NULL)
			fprintf(out, "%-12s (has errors: raviz --check-theme "
			    "%s)\n", names[i], e2);
		else {
			fprintf(out, "%-12s %s\n%-12s %s\n", names[i],
			    fmt_escape_str(e1, sizeof e1, t->description), "",
			    e2);
			theme_free(t);
		}
		theme_diag_free(&d);
	}
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
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
