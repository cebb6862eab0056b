/*
 * render-int.h - what the renderer's files share (render.c and its parts:
 * render-strips.c, render-lanes.c, render-narr.c, render-overlay.c).
 *
 * The renderer's state, the one-line text helpers every part draws with,
 * and each part's entry points for the layout in render.c.  Not for use
 * outside the renderer: render.h is the contract.
 */
#ifndef RAVIZ_RENDER_INT_H
#define RAVIZ_RENDER_INT_H

#include "narrate.h"
#include "render.h"
#include "utf8.h"

#define NARR_MAX	RENDER_NARR	/* events kept for the narration */
#define LANE_NS_DEFAULT	100000		/* 100 us per lane column */
#define HIST_MAX	RENDER_HISTORY	/* lane samples kept */

/* The lanes' state after an event. */
struct sample {
	uint64_t	 t_ns;
	uint8_t		 task;		/* enum view_task */
	uint16_t	 plug;		/* requests held in a plug */
	uint16_t	 dev;		/* requests on the device */
	uint64_t	 wake_end;	/* the device wakes until then, or 0 */
	uint64_t	 copied;	/* pages copied to user space so far */
};

/* The renderer: its settings and the history render_event() records. */
struct render {
	unsigned			 cols, rows;
	uint64_t			 zoom;		/* 0 = auto */
	uint64_t			 lane_ns;
	const struct render_glyphs	*g;

	/*
	 * The last events, put in words only when drawn: runs go through
	 * far more events than are ever shown (compare mode, fast play),
	 * and formatting each one cost more than the engine's step.
	 */
	struct view_event		 narr[NARR_MAX];
	size_t				 narr_head, narr_len;
	struct narrate_moment		 moment;	/* the last T1..T5 */

	struct sample			*hist;
	size_t				 hist_head, hist_len;
	uint64_t			 events;

	/* The last copy_to_user: [copy_first, copy_first + copy_n). */
	uint64_t			 copy_first, copy_n;
	uint64_t			 seen_pos;	/* reader's page then */
	int				 focus;		/* this draw: focus mode */

	/*
	 * What the last draw put where a click can name it (render_hit()):
	 * the strips' rows [s_y, s_y + 1 + 2 * s_n) from column 9, s_w cells
	 * a strip, the first at page s_first, s_z pages a cell, up to page
	 * s_end; the lanes' (and sparkline's) rows [l_y, l_y + l_n) from
	 * column 9, l_w columns, the last the slice l_kn of l_ns each, now
	 * l_now.  A count of 0: not drawn.
	 */
	unsigned			 s_y, s_n, s_w;
	uint64_t			 s_first, s_z, s_end;
	unsigned			 l_y, l_n, l_w;
	uint64_t			 l_kn, l_ns, l_now;
};

/* Put a string, if the row is inside the area. */
static inline void
put(const struct render_ops *ops, void *be, unsigned y, unsigned x,
    enum render_role role, const char *s)
{
	ops->put(be, y, x, role, s);
}

/* Is this glyph set Unicode (box drawing, an ellipsis)? */
static inline int
glyphs_unicode(const struct render_glyphs *g)
{
	return ((unsigned char)g->hbar[0] >= 0x80);
}

/* Cells a string takes (utf8.h: wide characters two, combining none). */
static inline size_t
cells(const char *s)
{
	return (utf8_width(s));
}

/* Columns usable in row y: the bottom-right cell is never written. */
static inline unsigned
row_width(const struct render *r, unsigned y)
{
	return (y + 1 == r->rows && r->cols > 0 ? r->cols - 1 : r->cols);
}

/*
 * render.c: fitting text into cells.  put_fit puts s at (y, x) in at most
 * w cells, cut at a word boundary and ended with an ellipsis when longer;
 * put_right puts s flush with the right edge of row y in at most w cells
 * and returns the cells it takes (0: no room); wrap_put puts text in up to
 * maxl rows from y, breaking at blanks (later rows indented by 4), and
 * returns the rows used (with ops NULL it only counts them).
 */
void	 render_put_fit(struct render *, const struct render_ops *, void *be,
	     unsigned y, unsigned x, unsigned w, enum render_role,
	     const char *s);
unsigned render_put_right(struct render *, const struct render_ops *,
	     void *be, unsigned y, unsigned w, enum render_role, const char *s);
unsigned render_wrap_put(struct render *, const struct render_ops *,
	     void *be, unsigned y, unsigned maxl, enum render_role,
	     const char *text);

/*
 * render.c: the reader and the device in words.  wake_end: until when the
 * device wakes from idle, or 0.  reader_in_read: is the reader inside a
 * read() (*n its number, else the number of read() calls returned).
 * read_words: "read #N", "read #N returned" or "no read yet" (paren "()"
 * after "read") into buf.  reader_page: the page the reader works on, *run
 * the pages it is copying (0 if none).
 */
uint64_t render_wake_end(const struct view *);
int	 render_reader_in_read(const struct view *, uint64_t *n);
const char *render_read_words(const struct view *, char *buf, size_t len,
	     const char *paren);
uint64_t render_reader_page(const struct render *, const struct view *,
	     uint64_t *run);

/*
 * render-strips.c: the file timeline.  strips_width: cells per strip for a
 * screen width; strips_draw: the reader's row at y and `strips` strips
 * below it (rows [y, y + 1 + 2 * strips)); strips_legend: the legend row.
 */
unsigned render_strips_width(unsigned cols);
void	 render_strips_draw(struct render *, const struct view *,
	     const struct render_ops *, void *be, unsigned y, unsigned strips);
void	 render_strips_legend(struct render *, const struct render_ops *,
	     void *be, unsigned y);

/*
 * render-lanes.c: the last nlanes of the reader, plug and device lanes
 * from row y; the throughput sparkline, the meters and the request
 * histogram in row y each.
 */
void	 render_lanes_draw(struct render *, const struct view *,
	     const struct render_ops *, void *be, unsigned y, unsigned nlanes);
void	 render_lanes_spark(struct render *, const struct view *,
	     const struct render_ops *, void *be, unsigned y);
void	 render_lanes_meters(struct render *, const struct view *,
	     const struct render_ops *, void *be, unsigned y);
void	 render_lanes_requests(struct render *, const struct view *,
	     const struct render_ops *, void *be, unsigned y);

/*
 * render-narr.c: the narration in `lines` rows from y (the guide first
 * where guide is set and it fits); predict-then-reveal in those rows,
 * returning the rows it used; a lesson's title in the hint row y.
 */
void	 render_narr_draw(struct render *, const struct view *,
	     const struct render_ops *, void *be, unsigned y, unsigned lines,
	     int guide);
unsigned render_narr_predict(struct render *, const struct render_ops *,
	     void *be, unsigned y, unsigned lines,
	     const struct render_status *);
void	 render_narr_lesson(struct render *, const struct render_ops *,
	     void *be, unsigned y, const struct render_status *);

#endif /* RAVIZ_RENDER_INT_H */
