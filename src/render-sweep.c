/*
 * render-sweep.c - a sweep (sweep.h) as a screen of its own: the three
 * modes' MB/s across a parameter's values as a column chart, drawn in
 * place of the picture through any back end (the screen's w key, --sweep
 * on a terminal, --headless --sweep with --frames or --svg).
 *
 * Layout, top to bottom: the title, the legend, the unit and the
 * scenario, the chart (an axis of round ticks on the left; per value a
 * group of three bars, legacy, buggy, fixed), the values under it, the
 * figures of each mode in a row of their own, the finding (and a second
 * line when the baseline falls too), a lesson's caption, the hint.
 * Each mode has its own glyph as well as its own role, so a monochrome
 * screen tells the bars apart; bar heights are whole rows, rounded, from
 * integer figures: the same bytes everywhere.  The exact figures are the
 * rows under the chart.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "render-int.h"
#include "sweep.h"

#define AXIS_W		7	/* cells left of the chart: "legacy", ticks */
#define FIXED_ROWS	8	/* rows besides the chart and the hint */

/* A mode's role and its glyph (Unicode, ASCII) in the chart. */
static const struct {
	const char		*name;
	enum render_role	 role;
	const char		*uni, *ascii;
} bars[SWEEP_MODES] = {
	{ "legacy", RENDER_TEXT, "\xe2\x96\x91", ":" },		/* ░ */
	{ "buggy", RENDER_PAGE_PLUGGED, "\xe2\x96\x88", "#" },	/* █ */
	{ "fixed", RENDER_PAGE_INFLIGHT, "\xe2\x96\x93", "=" },	/* ▓ */
};

/* What each bar stands for, in the legend. */
static const char *const meaning[SWEEP_MODES] = {
	"legacy (2.6.38)", "buggy (plug across read())", "fixed (the patch)"
};

/*
 * A round axis: the smallest step of 1, 2 or 5 times a power of ten (in
 * tenths of MB/s) with at most 5 steps to top; the axis' top in *max.
 */
static uint64_t
axis_step(uint64_t top, uint64_t *max)
{
	static const uint64_t	m[3] = { 1, 2, 5 };
	uint64_t		p = 10, s = 10;
	unsigned		i;

	for (;;) {
		for (i = 0; i < 3; i++) {
			s = m[i] * p;
			if ((top + s - 1) / s <= 5) {
				*max = (top + s - 1) / s * s;
				return (s);
			}
		}
		if (p > UINT64_MAX / 100)
			break;
		p *= 10;
	}
	*max = top;
	return (top);
}

/* Rows of h a figure of x takes when max fills them all, rounded. */
static unsigned
bar_rows(uint64_t x, uint64_t max, unsigned h)
{
	return (max == 0 ? 0 : (unsigned)(((unsigned __int128)x * h +
	    max / 2) / max));
}

/* Put s centred in the w cells from x of row y. */
static void
centre(struct render *r, const struct render_ops *ops, void *be, unsigned y,
    unsigned x, unsigned w, enum render_role role, const char *s)
{
	unsigned	n = (unsigned)cells(s);

	if (n > w)
		render_put_fit(r, ops, be, y, x, w, role, s);
	else
		put(ops, be, y, x + (w - n) / 2, role, s);
}

/* Draw a sweep as a screen of its own (render.h). */
void
render_sweep(struct render *r, const struct render_ops *ops, void *be,
    unsigned cols, unsigned rows, const struct sweep *sw, const char *caption,
    const char *hint)
{
	int		 u;
	char		 line[256], more[256], v[32], f[16];
	unsigned	 h, gw, bw, x, y, y0, i, j, k, n, cliff = SWEEP_MAX, extra;
	unsigned	 capl;
	uint64_t	 step, max, t;
	const char	*vt;

	render_resize(r, cols, rows);
	u = glyphs_unicode(r->g);
	vt = u ? "\xe2\x94\x82" : "|";
	n = sw->n > 0 ? sw->n : 1;
	snprintf(line, sizeof line, "sweep: %s (%s), the whole file in three "
	    "modes", sweep_word(sw->kind), sweep_what(sw->kind));
	render_put_fit(r, ops, be, 0, 0, row_width(r, 0), RENDER_HEADER, line);
	/* The legend: glyph, then what the bar stands for. */
	for (j = 0, x = 0; j < SWEEP_MODES && rows > 1; j++) {
		if (x + 2 + cells(meaning[j]) > row_width(r, 1))
			break;
		put(ops, be, 1, x, bars[j].role, u ? bars[j].uni :
		    bars[j].ascii);
		put(ops, be, 1, x + 2, RENDER_TEXT, meaning[j]);
		x += 2 + (unsigned)cells(meaning[j]) + 3;
	}
	if (rows > 2) {
		put(ops, be, 2, 0, RENDER_DIM, "MB/s, each bar a run of the "
		    "engine");
		render_put_right(r, ops, be, 2, cols > 36 ? cols - 36 : 0,
		    RENDER_DIM, sw->scen);
	}
	sweep_finding_legacy(more, sizeof more, sw);
	extra = more[0] != '\0';
	/* A caption's rows (at most two), counted as wrapped to the width. */
	capl = 0;
	if (caption != NULL && caption[0] != '\0') {
		capl = render_wrap_put(r, NULL, NULL, 0, 2, RENDER_CAPTION,
		    caption);
		extra += capl;
	}
	if (rows < FIXED_ROWS + extra + 2 + (hint != NULL) ||
	    cols < AXIS_W + 3 * n)
		return;
	h = rows - FIXED_ROWS - extra - (hint != NULL);
	y0 = 3;
	gw = (cols - AXIS_W) / n;
	bw = gw > 3 ? (gw - 1) / 3 : 1;
	step = axis_step(sw->top, &max);
	/* The axis: a rule, and each round tick whose row is free. */
	for (y = y0; y < y0 + h; y++)
		put(ops, be, y, AXIS_W - 1, RENDER_DIM, vt);
	/*
	 * A tick on the row a bar of that figure tops out in (0 is the
	 * values' row under the chart).
	 */
	for (t = step, k = UINT32_MAX; step > 0 && t <= max; t += step) {
		j = bar_rows(t, max, h);
		if (j == 0 || j > h || y0 + h - j == k)
			continue;
		y = k = y0 + h - j;
		snprintf(v, sizeof v, "%llu", (unsigned long long)(t / 10));
		if (cells(v) < AXIS_W - 1)
			put(ops, be, y, AXIS_W - 2 - (unsigned)cells(v),
			    RENDER_DIM, v);
	}
	for (i = 0; i < sw->n; i++)
		if (cliff == SWEEP_MAX && sw->mb[i][1] * 2 < sw->mb[i][2])
			cliff = i;
	/* The bars: whole rows from the bottom, each mode its glyph. */
	for (i = 0; i < sw->n; i++)
		for (j = 0; j < SWEEP_MODES; j++) {
			x = AXIS_W + i * gw + j * bw;
			k = bar_rows(sw->mb[i][j], max, h);
			/* A figure above nothing still shows: one row. */
			if (k == 0 && sw->mb[i][j] > 0)
				k = 1;
			for (y = 0; y < k && y < h; y++) {
				unsigned c;

				for (c = 0; c < bw; c++)
					put(ops, be, y0 + h - 1 - y, x + c,
					    bars[j].role, u ? bars[j].uni :
					    bars[j].ascii);
			}
		}
	/* Under the chart: the values, then each mode's figures. */
	y = y0 + h;
	put(ops, be, y, 0, RENDER_DIM, sweep_axis(sw->kind));
	for (i = 0; i < sw->n; i++)
		centre(r, ops, be, y, AXIS_W + i * gw, gw - 1 > 0 ? gw - 1 : 1,
		    i == cliff ? RENDER_LABEL : RENDER_TEXT,
		    sweep_value(v, sizeof v, sw, i));
	for (j = 0; j < SWEEP_MODES; j++) {
		y++;
		put(ops, be, y, 0, bars[j].role, bars[j].name);
		for (i = 0; i < sw->n; i++)
			centre(r, ops, be, y, AXIS_W + i * gw, gw - 1 > 0 ?
			    gw - 1 : 1, bars[j].role, sweep_mb(f, sizeof f,
			    sw->mb[i][j]));
	}
	y++;
	render_put_fit(r, ops, be, y, 0, row_width(r, y), RENDER_CAPTION,
	    sweep_finding(line, sizeof line, sw));
	if (more[0] != '\0') {
		y++;
		render_put_fit(r, ops, be, y, 0, row_width(r, y),
		    RENDER_CAPTION, more);
	}
	if (capl > 0)
		(void)render_wrap_put(r, ops, be, y + 1, capl, RENDER_CAPTION,
		    caption);
	if (hint != NULL)
		render_put_fit(r, ops, be, rows - 1, 0, row_width(r, rows - 1),
		    RENDER_HINT, hint);
}
