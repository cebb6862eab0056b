/*
 * render-strips.c - the file timeline: the reader's row, the strips of
 * cells (one page state each) with the readahead window and PG_readahead
 * markers on an overlay row above each, and the legend of their glyphs.
 *
 * A cell stands for render_zoom() pages and shows the state most of them
 * are in; the states are summed per cell from the view's page runs, so a
 * strip costs O(extents + cells), never O(pages).
 */
#include "config.h"

#include <stdlib.h>

#include "render-int.h"

/*
 * The five states' words: the only ones the legend, the narration, the
 * captions and the SVG slides use for them (render_state_word()).
 */
static const char *state_names[RENDER_ST_COUNT] = {
	"consumed", "up to date", "in plug", "in flight", "not cached"
};

/* A page state's word, the same at every width. */
const char *
render_state_word(enum render_state st)
{
	return ((unsigned)st < RENDER_ST_COUNT ? state_names[st] : "?");
}

/* Per-cell accumulation of page states for the timeline. */
struct cells {
	uint64_t	 first;		/* first page shown */
	uint64_t	 z;		/* pages per cell */
	unsigned	 n;		/* cells */
	uint64_t	(*count)[RENDER_ST_COUNT];
};

/* view_extents() callback: add a run's pages to the cells it covers. */
static void
cells_cb(const struct view_extent *x, void *arg)
{
	struct cells		*c = arg;
	enum render_state	 st = render_state_of(x->state);
	uint64_t		 p = x->first, end = x->first + x->npages;
	uint64_t		 cell, cend, m;

	while (p < end) {
		cell = (p - c->first) / c->z;
		if (cell >= c->n)
			break;
		cend = c->first + (cell + 1) * c->z;
		m = (end < cend ? end : cend) - p;
		c->count[cell][st] += m;
		p += m;
	}
}

/* The state a cell shows: the most pages; ties go to the busier state. */
static enum render_state
cell_state(const uint64_t *cnt)
{
	static const enum render_state order[RENDER_ST_COUNT] = {
		RENDER_ST_INFLIGHT, RENDER_ST_PLUGGED, RENDER_ST_CACHED,
		RENDER_ST_CONSUMED, RENDER_ST_ABSENT
	};
	enum render_state	best = RENDER_ST_ABSENT;
	uint64_t		bn = 0;
	int			i;

	for (i = 0; i < RENDER_ST_COUNT; i++) {
		if (cnt[order[i]] > bn) {
			bn = cnt[order[i]];
			best = order[i];
		}
	}
	return (best);
}

static const enum render_role state_role[RENDER_ST_COUNT] = {
	RENDER_PAGE_CONSUMED, RENDER_PAGE_CACHED, RENDER_PAGE_PLUGGED,
	RENDER_PAGE_INFLIGHT, RENDER_PAGE_ABSENT
};


/*
 * A strip's first page as its 8-column label (and a space): exact up to
 * 99999999; beyond, its last six digits after "..", so that neighbouring
 * strips still differ (a longer number would run into the strip and lose
 * its last digits; the header and the narration give whole numbers).
 */
static void
strip_label(char *buf, size_t len, uint64_t page)
{
	if (page <= 99999999)
		snprintf(buf, len, "%8llu ", (unsigned long long)page);
	else
		snprintf(buf, len, "..%06llu ",
		    (unsigned long long)(page % 1000000));
}

/* Cells per strip for a width: a multiple of 32 pages, so windows align. */
unsigned
render_strips_width(unsigned cols)
{
	unsigned	w = cols > 10 ? cols - 10 : 1;

	if (w >= 32)
		w -= w % 32;
	return (w);
}

/*
 * Draw the reader's row at y and the timeline strips below it, in rows
 * [y, y + 1 + 2 * strips).  The first strip is the one the reader is in,
 * so the reader has a row of its own (it hides no window edge or marker)
 * and the strips below show what lies ahead of it.
 */
void
render_strips_draw(struct render *r, const struct view *s,
    const struct render_ops *ops, void *be, unsigned y, unsigned strips)
{
	const struct view_config	*cfg = view_config(s);
	const struct view_reader	*rd = view_reader(s);
	const struct view_ra	*ra = view_ra(s);
	const struct render_glyphs *g = r->g;
	struct cells		 c;
	uint64_t		 span, first, p, marks[64], mend[64], pos, run;
	unsigned		 w = render_strips_width(r->cols);
	unsigned		 i, k, row, col;
	size_t			 nm, j;
	char			 lab[32];

	c.z = render_zoom(r);
	c.n = w * strips;
	span = (uint64_t)c.n * c.z;
	pos = render_reader_page(r, s, &run);
	if (pos >= cfg->file_pages)
		pos = cfg->file_pages - 1;
	first = (pos / ((uint64_t)w * c.z)) * ((uint64_t)w * c.z);
	c.first = first;
	if ((c.count = calloc(c.n, sizeof *c.count)) == NULL)
		return;
	view_extents(s, first, span, cells_cb, &c);
	nm = view_markers(s, marks, 64);
	if (nm > 64)
		nm = 64;
	/* A marker sits on a folio: every cell of the folio shows it. */
	for (j = 0; j < nm; j++)
		mend[j] = marks[j] + view_marker_pages(s, marks[j]);

	r->s_y = y;
	r->s_n = strips;
	r->s_w = w;
	r->s_first = first;
	r->s_z = c.z;
	r->s_end = cfg->file_pages;
	snprintf(lab, sizeof lab, "%8s ", "reader");
	put(ops, be, y, 0, RENDER_DIM, lab);
	if (rd->task != VIEW_TASK_DONE)
		put(ops, be, y, 9 + (unsigned)((pos - first) / c.z),
		    RENDER_READER, g->reader);
	y++;

	for (row = 0; row < strips; row++) {
		uint64_t sp = first + (uint64_t)row * w * c.z;

		if (sp >= cfg->file_pages)
			break;
		strip_label(lab, sizeof lab, sp);
		put(ops, be, y + 2 * row + 1, 0, RENDER_DIM, lab);
		for (col = 0; col < w; col++) {
			i = row * w + col;
			p = first + (uint64_t)i * c.z;
			if (p >= cfg->file_pages)
				break;
			k = cell_state(c.count[i]);
			put(ops, be, y + 2 * row + 1, 9 + col, state_role[k],
			    g->state[k]);
		}
		/* Overlay: window and marker (the reader has its own row). */
		for (col = 0; col < w; col++) {
			uint64_t lo = sp + (uint64_t)col * c.z, hi = lo + c.z;
			uint64_t ws = ra->start, we = ra->start + ra->size;
			uint64_t as = we - ra->async_size;
			const char *gl = NULL;
			enum render_role role = RENDER_WINDOW_SYNC;

			if (lo >= cfg->file_pages)
				break;
			if (ra->size != 0 && lo < we && hi > ws) {
				if (lo < as) {
					gl = g->win_sync;
					role = RENDER_WINDOW_SYNC;
				} else {
					gl = g->win_async;
					role = RENDER_WINDOW_ASYNC;
				}
				if (ws >= lo && ws < hi)
					gl = g->win_open;
				else if (we - 1 >= lo && we - 1 < hi)
					gl = g->win_close;
			}
			for (j = 0; j < nm; j++) {
				if (marks[j] < hi && mend[j] > lo) {
					gl = g->marker;
					role = RENDER_MARKER;
				}
			}
			if (gl != NULL)
				put(ops, be, y + 2 * row, 9 + col, role, gl);
		}
	}
	free(c.count);
}

/* The window's entry in the legend, in long or short (brief) words. */
#define LEGEND_WINDOW(brief)	((brief) ? "window" : "window: sync, async")

/* Cells the whole legend takes with long or short (brief) spacing. */
static size_t
legend_cells(int brief)
{
	size_t		n = 0;
	unsigned	i;

	for (i = 0; i < RENDER_ST_COUNT; i++)
		n += 2 + cells(state_names[i]) + (brief ? 1 : 2);
	/* [ fills ] word, then "M marker". */
	n += 2 + (brief ? 2 : 4) + 1 + cells(LEGEND_WINDOW(brief)) +
	    (brief ? 1 : 2);
	return (n + 8);
}

/*
 * Legend line: every glyph of the timeline (the reader's row is labelled)
 * in the states' one set of words, spaced wide where they fit, else
 * tight with the window in short words; entries that do not fit whole are
 * left out.
 */
void
render_strips_legend(struct render *r, const struct render_ops *ops, void *be,
    unsigned y)
{
	const struct render_glyphs	*g = r->g;
	const char			*word;
	unsigned			 x = 0, i, k, fills, w = row_width(r, y);
	int				 brief = legend_cells(0) > w;
	unsigned			 gap = brief ? 1 : 2;
	size_t				 n;

	for (i = 0; i < RENDER_ST_COUNT; i++) {
		word = state_names[i];
		n = cells(word);
		if (x + 2 + n > w)
			return;
		put(ops, be, y, x, state_role[i], g->state[i]);
		put(ops, be, y, x + 2, RENDER_TEXT, word);
		x += 2 + (unsigned)n + gap;
	}
	fills = brief ? 1 : 2;
	word = LEGEND_WINDOW(brief);
	if (x + 2 + 2 * fills + 1 + cells(word) > w)
		return;
	put(ops, be, y, x++, RENDER_WINDOW_SYNC, g->win_open);
	for (k = 0; k < fills; k++)
		put(ops, be, y, x++, RENDER_WINDOW_SYNC, g->win_sync);
	for (k = 0; k < fills; k++)
		put(ops, be, y, x++, RENDER_WINDOW_ASYNC, g->win_async);
	put(ops, be, y, x++, RENDER_WINDOW_ASYNC, g->win_close);
	put(ops, be, y, ++x, RENDER_TEXT, word);
	x += (unsigned)cells(word) + gap;
	if (x + 8 <= w) {
		put(ops, be, y, x, RENDER_MARKER, g->marker);
		put(ops, be, y, x + 2, RENDER_TEXT, "marker");
	}
}
