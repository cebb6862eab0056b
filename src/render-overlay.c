/*
 * render-overlay.c - what is drawn over the picture or in its place: the
 * help overlay (the key table in a framed box), the caption history in a
 * framed box, and the one-message screen for a terminal too small.
 *
 * The caption box wraps its text with render_wrap_put() through a back
 * end that shifts every put into the box (struct shift).
 */
#include "config.h"

#include "render-int.h"

/* Fill row y from x for w cells with glyph gl. */
static void
fill(const struct render_ops *ops, void *be, unsigned y, unsigned x,
    unsigned w, enum render_role role, const char *gl)
{
	unsigned	i;

	for (i = 0; i < w; i++)
		put(ops, be, y, x + i, role, gl);
}

/* A back end that passes puts on to another, shifted right by dx. */
struct shift {
	const struct render_ops	*ops;
	void			*be;
	unsigned		 dx;
};

/* Pass a put on, dx to the right. */
static void
shift_put(void *be, unsigned y, unsigned x, enum render_role role,
    const char *s)
{
	const struct shift	*sh = be;

	sh->ops->put(sh->be, y, x + sh->dx, role, s);
}

/* Nothing to start or end: the back end below has its own. */
static void
shift_nop(void *be)
{
	(void)be;
}

/* Nothing to clear: the box is already blank. */
static void
shift_begin(void *be, unsigned cols, unsigned rows)
{
	(void)be;
	(void)cols;
	(void)rows;
}

static const struct render_ops shift_ops = {
	.name = "shift",
	.begin = shift_begin,
	.put = shift_put,
	.end = shift_nop,
};

/*
 * A framed box of w by h cells centred on a cols by rows screen, blank
 * inside, with a title on its top edge and a footer on its bottom edge;
 * its top left corner in *xp, *yp.
 */
static void
frame(struct render *r, const struct render_ops *ops, void *be,
    unsigned cols, unsigned rows, unsigned w, unsigned h, const char *title,
    const char *foot, unsigned *xp, unsigned *yp)
{
	int		 u = glyphs_unicode(r->g);
	const char	*hz = u ? "\xe2\x94\x80" : "-";
	const char	*vt = u ? "\xe2\x94\x82" : "|";
	unsigned	 x0 = (cols - w) / 2, y0 = (rows - h) / 2, y;

	*xp = x0;
	*yp = y0;

	put(ops, be, y0, x0, RENDER_HEADER, u ? "\xe2\x94\x8c" : "+");
	fill(ops, be, y0, x0 + 1, w - 2, RENDER_HEADER, hz);
	put(ops, be, y0, x0 + w - 1, RENDER_HEADER, u ? "\xe2\x94\x90" : "+");
	put(ops, be, y0, x0 + 3, RENDER_MODE, title);
	for (y = y0 + 1; y < y0 + h - 1; y++) {
		put(ops, be, y, x0, RENDER_HEADER, vt);
		fill(ops, be, y, x0 + 1, w - 2, RENDER_TEXT, " ");
		put(ops, be, y, x0 + w - 1, RENDER_HEADER, vt);
	}
	put(ops, be, y0 + h - 1, x0, RENDER_HEADER, u ? "\xe2\x94\x94" : "+");
	fill(ops, be, y0 + h - 1, x0 + 1, w - 2, RENDER_HEADER, hz);
	put(ops, be, y0 + h - 1, x0 + w - 1, RENDER_HEADER,
	    u ? "\xe2\x94\x98" : "+");
	put(ops, be, y0 + h - 1, x0 + 3, RENDER_DIM, foot);
}

/* The help overlay: a framed box with a title and the key table. */
void
render_help(struct render *r, const struct render_ops *ops, void *be,
    unsigned cols, unsigned rows, const char *const *pairs)
{
	size_t		 kw = 0, dw = 0, np = 0, i;
	unsigned	 w, h, x0, y0, pad;

	for (i = 0; pairs[i] != NULL; i += 2, np++) {
		if (cells(pairs[i]) > kw)
			kw = cells(pairs[i]);
		if (cells(pairs[i + 1]) > dw)
			dw = cells(pairs[i + 1]);
	}
	w = (unsigned)(kw + dw + 7);
	/* A blank row above and below the keys where the screen has them. */
	pad = (unsigned)np + 4 < rows ? 1 : 0;
	h = (unsigned)np + 2 + 2 * pad;
	if (w > cols)
		w = cols;
	if (h > rows)
		h = rows;
	if (w < 4 || h < 4)
		return;
	frame(r, ops, be, cols, rows, w, h, " raviz keys ",
	    " Esc or ? closes this help ", &x0, &y0);
	for (i = 0; i < np && 1 + pad + i < h - 1 - pad; i++) {
		put(ops, be, y0 + 1 + pad + (unsigned)i, x0 + 2, RENDER_LABEL,
		    pairs[2 * i]);
		put(ops, be, y0 + 1 + pad + (unsigned)i, x0 + 4 + (unsigned)kw,
		    RENDER_TEXT, pairs[2 * i + 1]);
	}
}

/* The caption history: the latest captions that fit, in a framed box. */
void
render_captions(struct render *r, const struct render_ops *ops, void *be,
    unsigned cols, unsigned rows, const char *const *caps, size_t n)
{
	unsigned	 w, h, x0, y0, y, k, used, first, oc, orr;

	w = cols > 4 ? cols - 2 : cols;
	h = rows > 4 ? rows - 2 : rows;
	if (w < 12 || h < 5)
		return;
	frame(r, ops, be, cols, rows, w, h, " captions so far ",
	    " Esc or H closes this ", &x0, &y0);
	if (n == 0) {
		put(ops, be, y0 + 2, x0 + 2, RENDER_DIM,
		    "no caption yet: a lesson's captions gather here");
		return;
	}
	/*
	 * Wrap as if the screen were as wide as the box's inside
	 * (render_wrap_put() works from column 0), through a back end that
	 * shifts each put; no row is the last, so every cell is usable.
	 */
	oc = r->cols;
	orr = r->rows;
	r->cols = w - 4;
	r->rows = rows + 1;
	/* The latest captions that fit, oldest of them first. */
	used = 0;
	for (first = (unsigned)n; first > 0; first--) {
		k = render_wrap_put(r, NULL, NULL, 0, h - 4, RENDER_CAPTION,
		    caps[first - 1]);
		if (used + k > h - 3)
			break;
		used += k;
	}
	y = y0 + 2;
	{
		struct shift	sh = { ops, be, x0 + 2 };

		for (k = first; k < n; k++)
			y += render_wrap_put(r, &shift_ops, &sh, y,
			    y0 + h - 1 - y, k + 1 == n ? RENDER_CAPTION :
			    RENDER_TEXT, caps[k]);
	}
	r->cols = oc;
	r->rows = orr;
}

/* The too-small screen: the message and how to go on, centred. */
void
render_notice(const struct render_ops *ops, void *be, unsigned cols,
    unsigned rows, const char *msg)
{
	static const char more[] = "q quits";
	size_t		  n = cells(msg);
	unsigned	  y = rows / 2 > 0 ? rows / 2 - 1 : 0;

	put(ops, be, y, n < cols ? (cols - (unsigned)n) / 2 : 0, RENDER_MODE,
	    msg);
	n = cells(more);
	if (y + 2 < rows)
		put(ops, be, y + 2, n < cols ? (cols - (unsigned)n) / 2 : 0,
		    RENDER_HINT, more);
}
