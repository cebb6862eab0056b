/*
 * theme.c - themes: the public API (messages, accessors) and resolution of
 * a parsed theme for a terminal.
 *
 * Resolution is pure integer arithmetic: a colour is turned into an index
 * of the xterm 256-colour palette (6x6x6 cube and grey ramp for #rrggbb),
 * then, for 16 and 8 colours, into the nearest of the first 16 or 8 entries
 * (greys by a weighted RGB distance, "redmean"; other colours by nearest
 * hue).
 * The same theme and caps always give the same styles.
 *
 * The file format is parsed in theme-parse.c; lookup in the theme folders,
 * fallbacks and --list-themes are in theme-find.c, the only part that
 * touches the file system and the environment.
 */
#include "config.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "theme-int.h"
#include "xalloc.h"

/* The role of each page state, in enum render_state order. */
static const enum render_role state_role[RENDER_ST_COUNT] = {
	RENDER_PAGE_CONSUMED, RENDER_PAGE_CACHED, RENDER_PAGE_PLUGGED,
	RENDER_PAGE_INFLIGHT, RENDER_PAGE_ABSENT
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

/* Append a formatted message to d (NULL: none). */
void
theme_diag_add(struct theme_diag *d, const char *fmt, ...)
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

/* Free a theme. */
void
theme_free(struct theme *t)
{
	free(t);
}

/* The theme's name. */
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
