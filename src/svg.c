/*
 * svg.c - one frame as an SVG picture for a slide (--svg, the `S` key).
 *
 * The frame is the text back end's grid (render-text.c): characters and
 * the role of each cell.  Each row becomes one <text> element, each run of
 * cells of one role a <tspan> placed at its column and held to its cells'
 * width (textLength: a font whose glyphs are not exactly 0.6 em wide, or
 * its bold face, can neither drift a run nor pass the edge), with the
 * theme's
 * colours spelt as #rrggbb and its attributes as font-weight, underline
 * and opacity; a run with a background of its own gets a <rect> under it,
 * the whole picture one in the text role's background.  A colour the
 * theme leaves to the terminal ("default") is the usual terminal's:
 * light grey on black.  Every character is XML-escaped; a cell is never a
 * control byte (render-text.c makes those '?').  A <title> names the
 * picture (the caller's words, else the frame's first row).  Pure integer arithmetic
 * and no clock: the same frame and look give the same bytes.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "fmt.h"
#include "render.h"
#include "safefile.h"
#include "svg.h"
#include "theme.h"

/* A cell is CELL_W x CELL_H user units; the font is FONT_PX. */
#define CELL_W		6
#define CELL_H		12
/*
 * 9.9 px, not 10: DejaVu Sans Mono advances 0.602 em, regular and bold,
 * which at 10 px is 6.02 units a character against a 6-unit cell - 2.4
 * units past the edge over 120 columns in rsvg-convert, which ignores
 * textLength; at 9.9 px a character takes 5.96.
 */
#define FONT_PX		"9.9"
#define SCALE		3	/* width/height attributes: units * 3 / 2 */

#define DEFAULT_FG	0xe5e5e5u
#define DEFAULT_BG	0x000000u

/* A role drawn: colours as RGB, attributes. */
struct look {
	uint32_t	 fg, bg;
	int		 own_bg;	/* differs from the picture's */
	unsigned	 attrs;
};

/* One colour of a resolved style as RGB (dflt when the terminal's). */
static uint32_t
rgb_of(int idx, int32_t rgb, enum caps_depth depth, uint32_t dflt)
{
	if (depth == CAPS_MONO)
		return (dflt);
	if (rgb >= 0)
		return ((uint32_t)rgb);
	if (idx >= 0)
		return (theme_palette_rgb((unsigned)idx));
	return (dflt);
}

/* How role r looks, against the picture's colours. */
static void
look_of(const struct theme_resolved *lk, enum render_role r,
    uint32_t page_fg, uint32_t page_bg, struct look *o)
{
	const struct theme_style	*st = &lk->role[r];
	uint32_t			 t;

	o->fg = rgb_of(st->fg, st->fg_rgb, lk->depth, page_fg);
	o->bg = rgb_of(st->bg, st->bg_rgb, lk->depth, page_bg);
	o->attrs = st->attrs;
	if (st->attrs & (THEME_REVERSE | THEME_STANDOUT)) {
		t = o->fg;
		o->fg = o->bg;
		o->bg = t;
	}
	o->own_bg = o->bg != page_bg;
}

/* The XML entities of the characters that need one. */
static const char *const xml_entity[UCHAR_MAX + 1] = {
	['&'] = "&amp;", ['<'] = "&lt;", ['>'] = "&gt;", ['"'] = "&quot;",
	['\''] = "&apos;",
};

/* Write s XML-escaped; control characters become '?'. */
static void
xml_text(FILE *f, const char *s)
{
	unsigned char	c;

	for (; *s != '\0'; s++) {
		c = (unsigned char)*s;
		if (xml_entity[c] != NULL)
			fputs(xml_entity[c], f);
		else
			fputc(c < 0x20 || c == 0x7f ? '?' : c, f);
	}
}

/* Write the first row of t, its blanks trimmed, XML-escaped. */
static void
first_row(FILE *f, const struct render_text *t, unsigned cols)
{
	unsigned	x, end = 0;

	for (x = 0; x < cols; x++)
		if (strcmp(render_text_cell(t, 0, x), " ") != 0 &&
		    render_text_cell(t, 0, x)[0] != '\0')
			end = x + 1;
	for (x = 0; x < end; x++)
		xml_text(f, render_text_cell(t, 0, x));
}

/* Is cell (y, x) of t a blank? */
static int
blank(const struct render_text *t, unsigned y, unsigned x)
{
	return (strcmp(render_text_cell(t, y, x), " ") == 0);
}

/*
 * Cells [a, b) of row y as one <tspan> in look l, held to the cells'
 * width: a bold face (0.602 em in DejaVu Sans Mono) or another font would
 * carry it past the row's edge (textLength for browsers; rsvg-convert
 * ignores it, hence FONT_PX).
 */
static void
span(FILE *f, const struct render_text *t, unsigned y, unsigned a,
    unsigned b, const struct look *l)
{
	unsigned	k;

	fprintf(f, "<tspan x=\"%u\" textLength=\"%u\" "
	    "lengthAdjust=\"spacingAndGlyphs\" fill=\"#%06x\"", a * CELL_W,
	    (b - a) * CELL_W, (unsigned)l->fg);
	if (l->attrs & THEME_BOLD)
		fputs(" font-weight=\"bold\"", f);
	if (l->attrs & THEME_UNDERLINE)
		fputs(" text-decoration=\"underline\"", f);
	if (l->attrs & THEME_DIM)
		fputs(" fill-opacity=\"0.6\"", f);
	fputc('>', f);
	for (k = a; k < b; k++)
		xml_text(f, render_text_cell(t, y, k));
	fputs("</tspan>", f);
}

/* The picture t as an SVG document, styled by lk, to f. */
void
svg_write(FILE *f, const struct render_text *t,
    const struct theme_resolved *lk, const char *title)
{
	unsigned		 cols, rows, y, x, x0, a, b;
	enum render_role	 r;
	struct look		 l;
	uint32_t		 page_fg, page_bg;
	const struct theme_style *txt = &lk->role[RENDER_TEXT];
	char			 name[160];

	render_text_size(t, &cols, &rows);
	page_fg = rgb_of(txt->fg, txt->fg_rgb, lk->depth, DEFAULT_FG);
	page_bg = rgb_of(txt->bg, txt->bg_rgb, lk->depth, DEFAULT_BG);
	fmt_escape_str(name, sizeof name, lk->name);
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%u\" "
	    "height=\"%u\" viewBox=\"0 0 %u %u\">\n<!-- raviz frame, "
	    "%ux%u, theme ", cols * CELL_W * SCALE / 2,
	    rows * CELL_H * SCALE / 2, cols * CELL_W, rows * CELL_H,
	    cols, rows);
	/* "--" may not appear in a comment. */
	for (x = 0; name[x] != '\0'; x++)
		fputc(name[x] == '-' ? '_' : name[x], f);
	fputs(" -->\n<title>", f);
	if (title != NULL)
		xml_text(f, title);
	else if (rows > 0)
		first_row(f, t, cols);
	fprintf(f, "</title>\n<rect width=\"100%%\" height=\"100%%\" "
	    "fill=\"#%06x\"/>\n", (unsigned)page_bg);
	/* Backgrounds first, so that no rectangle covers a character. */
	for (y = 0; y < rows; y++)
		for (x = 0; x < cols; x = x0) {
			r = render_text_role(t, y, x);
			for (x0 = x + 1; x0 < cols &&
			    render_text_role(t, y, x0) == r; x0++)
				;
			look_of(lk, r, page_fg, page_bg, &l);
			if (l.own_bg)
				fprintf(f, "<rect x=\"%u\" y=\"%u\" "
				    "width=\"%u\" height=\"%u\" "
				    "fill=\"#%06x\"/>\n", x * CELL_W,
				    y * CELL_H, (x0 - x) * CELL_W, CELL_H,
				    (unsigned)l.bg);
		}
	fprintf(f, "<g font-family=\"DejaVu Sans Mono, Menlo, Consolas, "
	    "monospace\" font-size=\"%s\" xml:space=\"preserve\" "
	    "style=\"white-space:pre\">\n", FONT_PX);
	for (y = 0; y < rows; y++) {
		fprintf(f, "<text y=\"%u\">", y * CELL_H + CELL_H * 3 / 4 + 1);
		for (x = 0; x < cols; x = x0) {
			r = render_text_role(t, y, x);
			for (x0 = x + 1; x0 < cols &&
			    render_text_role(t, y, x0) == r; x0++)
				;
			look_of(lk, r, page_fg, page_bg, &l);
			/*
			 * A span per stretch of non-blank cells: a browser
			 * collapses blanks whatever xml:space says, which
			 * textLength would then stretch the rest over.
			 */
			for (a = x; a < x0; a = b) {
				for (; a < x0 && blank(t, y, a); a++)
					;
				for (b = a; b < x0 && !blank(t, y, b); b++)
					;
				if (b > a)
					span(f, t, y, a, b, &l);
			}
		}
		fputs("</text>\n", f);
	}
	fputs("</g>\n</svg>\n", f);
}

/*
 * Write the picture to path whole or not at all (safefile.h, the output
 * rule): an existing path is refused unless force.  0, or -1 with *why.
 */
int
svg_save(const char *path, int force, const struct render_text *t,
    const struct theme_resolved *lk, const char *title, const char **why)
{
	struct safefile_out	 o;
	FILE			*f;

	if (safefile_out_open(&o, path, force, SAFEFILE_WHOLE, why) != 0)
		return (-1);
	if ((f = safefile_out_stream(&o, why)) == NULL) {
		safefile_out_abort(&o);
		return (-1);
	}
	svg_write(f, t, lk, title);
	return (safefile_out_commit(&o, why));
}
