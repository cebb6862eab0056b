/*
 * render.h - drawing the pipeline state (view.h), independent of the
 * terminal and of where the events came from (the engine, a trace).
 *
 * One layout (render.c) draws through a back end described by a const ops
 * table: render-text.c fills a character grid (headless --frames, tests),
 * the curses back end draws on the screen.  Both see the same calls in the
 * same order, so the golden frames and the screen cannot drift apart.
 *
 * Call order: render_new(); then, for each event, render_event() with the
 * view it was applied to (records narration and lane history);
 * render_draw() whenever a picture is wanted.  Restarting and stepping back start from a copy taken earlier
 * (render_clone(), app.c's checkpoints), not by forgetting history.
 */
#ifndef RAVIZ_RENDER_H
#define RAVIZ_RENDER_H

#include <stdio.h>

#include "view.h"

/* What a piece of the screen is; a theme maps each role to colour+attrs. */
enum render_role {
	RENDER_TEXT,
	RENDER_HEADER,
	RENDER_MODE,		/* the mode label in the header */
	RENDER_PAGE_CONSUMED,
	RENDER_PAGE_CACHED,	/* in memory, not yet read */
	RENDER_PAGE_PLUGGED,	/* queued in a plug (or plugged queue) */
	RENDER_PAGE_INFLIGHT,
	RENDER_PAGE_ABSENT,	/* ahead of the device: not requested */
	RENDER_WINDOW_SYNC,	/* readahead window, part read synchronously */
	RENDER_WINDOW_ASYNC,	/* readahead window, async part */
	RENDER_MARKER,		/* PG_readahead page */
	RENDER_READER,
	RENDER_LANE_READER,
	RENDER_LANE_PLUG,
	RENDER_LANE_DEVICE,
	RENDER_LANE_WAKING,	/* device paying an idle-exit penalty */
	RENDER_NARRATION,
	RENDER_LABEL,		/* T1..T5 */
	RENDER_METER,
	RENDER_CAPTION,
	RENDER_HINT,
	RENDER_DIM,
	RENDER_ROLE_COUNT
};

/* The five page states as the screen shows them. */
enum render_state {
	RENDER_ST_CONSUMED,
	RENDER_ST_CACHED,
	RENDER_ST_PLUGGED,
	RENDER_ST_INFLIGHT,
	RENDER_ST_ABSENT,
	RENDER_ST_COUNT
};

/*
 * Glyphs: each a UTF-8 string one cell wide.  The page states' glyphs are
 * held in the struct (a theme sets them), so a copy stands on its own.
 */
#define RENDER_GLYPH_MAX	8	/* bytes, with the NUL */
struct render_glyphs {
	char		 state[RENDER_ST_COUNT][RENDER_GLYPH_MAX];
	const char	*win_open;	/* [ */
	const char	*win_close;	/* ] */
	const char	*win_sync;	/* fill under the sync part */
	const char	*win_async;	/* fill under the async part */
	const char	*marker;
	const char	*reader;
	const char	*lane_idle;
	const char	*lane_waking;	/* device lane: waking from idle */
	const char	*hbar;		/* separator rule */
};

extern const struct render_glyphs render_ascii;
extern const struct render_glyphs render_unicode;

/* A back end. */
struct render_ops {
	const char	*name;
	/* Start a picture of cols x rows: everything blank. */
	void	(*begin)(void *be, unsigned cols, unsigned rows);
	/* Put s (UTF-8, one cell per character) at row y, column x, clipped. */
	void	(*put)(void *be, unsigned y, unsigned x, enum render_role,
		    const char *s);
	/* The picture is complete. */
	void	(*end)(void *be);
};

/* What the front end adds to the picture (NULL for headless frames). */
struct render_status {
	const char	*play;		/* "PAUSED", "PLAYING" ... */
	unsigned	 speed;		/* events per second */
	const char	*pace;		/* "10 events/s", "1 ms/s"; NULL: speed */
	const char	*pace_brief;	/* "10 ev/s", "1 ms/s"; NULL: speed */
	const char	*flash;		/* a short message, or NULL */
	const char	*caption;	/* demo caption (already sanitized), or NULL */
	const char	*hint;		/* bottom line, or NULL */
	const char	*title;		/* compare mode: "buggy" / "fixed" */
	/*
	 * A compare half's header instead of its mode's words (the model
	 * beside a kernel trace: "MODERN - model of 7,4 on the measured
	 * device"), or NULL.
	 */
	const char	*header;
	/*
	 * Predict-then-reveal: a question, its choices (NULL-ended, at most
	 * 4) and a prompt drawn in place of the narration; or a verdict and
	 * a summary line above it.  NULL when none.
	 */
	const char	*ask;
	const char	*choice[4];
	const char	*prompt;
	const char	*verdict;
	const char	*summary;
	const char	*lesson;	/* a lesson's title (sanitized), or NULL */
	/*
	 * Compare mode's footer: what differs between the halves now, and
	 * what the patch changes over the run (differ.h); NULL when none.
	 */
	const char	*diff_now;
	const char	*diff;
	int		 clean;		/* an export: no key hints at all */
	int		 focus;		/* focus mode: no lanes, no event log */
};

struct render;

struct render *render_new(unsigned cols, unsigned rows);
void	 render_free(struct render *);
/* An independent copy (history, settings); NULL if memory is short. */
struct render *render_clone(const struct render *);
/* Make the first a copy of the second in its own storage (cannot fail). */
void	 render_assign(struct render *, const struct render *);
void	 render_resize(struct render *, unsigned cols, unsigned rows);
void	 render_set_glyphs(struct render *, const struct render_glyphs *);
/* Pages per cell: 0 = automatic (1 if it fits, else the smallest that does). */
void	 render_set_zoom(struct render *, uint64_t pages_per_cell);
uint64_t render_zoom(const struct render *);
/* Record an event (narration, lanes); call for every event, in order. */
void	 render_event(struct render *, const struct view *,
	     const struct view_event *);

/*
 * Jumps.  The picture depends on the events recorded only through the last
 * RENDER_HISTORY of them (lanes and narration), their number and the last
 * label T1..T5 among all of them.  So a front end may skip events:
 * render_skip() counts n events that were not recorded, none of them
 * labelled; once RENDER_HISTORY more events have been recorded, the
 * renderer draws exactly as if all had been.
 *
 * Sooner, by time: of those, the picture at time t (its clock) depends only
 * on the events after t - RENDER_SPAN_NS and the one before them (the
 * lanes and the throughput row of the widest screen, RENDER_MAX_COLS), the
 * last RENDER_NARR (the narration) and the last copy (the reader's run).
 * Once every one of those has been recorded since a skip, the renderer
 * draws as if all had been, at any width, from then on.
 */
#define RENDER_HISTORY	8192
#define RENDER_MAX_COLS	1000		/* --cols and the terminal's cap */
#define RENDER_SPAN_NS	UINT64_C(103000000)
#define RENDER_NARR	32
void	 render_skip(struct render *, uint64_t n);
/*
 * render_skip() to a key frame: the view s after n events skipped, the last
 * of them at time t.  The lanes then hold the state in force since t, as
 * recording that event would have left them.
 */
void	 render_land(struct render *, const struct view *s, uint64_t n,
	     uint64_t t);
/* Draw the whole screen through ops. */
void	 render_draw(struct render *, const struct view *,
	     const struct render_ops *, void *be, const struct render_status *);
/* Draw into rows [y0, y0 + h) only (compare mode uses two halves). */
void	 render_draw_at(struct render *, const struct view *,
	     const struct render_ops *, void *be, const struct render_status *,
	     unsigned y0, unsigned h);

/*
 * Compare mode: a half drawn with render_draw_at() and a status whose title
 * is set leaves out the legend and the caption/hint; this draws them once,
 * in rows [y, y + h) (h >= 2: legend first, play state and hint last; the
 * caption, if any, on the row above the last when h >= 3; between the
 * legend and the caption diff, then diff_now, each while a row is left).
 */
void	 render_compare_footer(struct render *, const struct render_ops *,
	     void *be, unsigned y, unsigned h, const struct render_status *);
/* A framed box over the picture listing key/meaning pairs (NULL-ended). */
void	 render_help(struct render *, const struct render_ops *, void *be,
	     unsigned cols, unsigned rows, const char *const *pairs);
/*
 * The caption history: a framed box over the picture with the n captions
 * (sanitized) in order, each wrapped to the box; the latest that fit.
 */
void	 render_captions(struct render *, const struct render_ops *,
	     void *be, unsigned cols, unsigned rows, const char *const *caps,
	     size_t n);
/*
 * A sweep (sweep.h) as a screen of its own, drawn in place of the
 * picture: title, legend, a column chart of the three modes' MB/s per
 * value (each mode its own glyph and role), the values and figures under
 * it, the finding, a lesson's caption (sanitized; NULL: none) wrapped on
 * up to two rows above the last, and hint on the last row (NULL: none,
 * an export).
 */
struct sweep;
void	 render_sweep(struct render *, const struct render_ops *, void *be,
	     unsigned cols, unsigned rows, const struct sweep *,
	     const char *caption, const char *hint);
/* A one-message screen (terminal too small), centred as space allows. */
void	 render_notice(const struct render_ops *, void *be, unsigned cols,
	     unsigned rows, const char *msg);

/*
 * What the last picture drawn (render_draw(), render_draw_at()) shows at
 * column x, row y: a cell of the file strips (kind RENDER_HIT_PAGE, page:
 * the cell's first page) or a column of the lanes and sparkline
 * (RENDER_HIT_TIME, t_ns: the end of its slice of simulated time, now at
 * most; now: 1 for the slice of now, the rightmost).  1 with *h filled, 0
 * for anything else (kind RENDER_HIT_NONE).
 */
enum render_hit_kind {
	RENDER_HIT_NONE,
	RENDER_HIT_PAGE,
	RENDER_HIT_TIME
};
struct render_hit {
	enum render_hit_kind	 kind;
	uint64_t		 page;
	uint64_t		 t_ns;
	int			 now;
};
int	 render_hit(const struct render *, unsigned x, unsigned y,
	     struct render_hit *);

/* The screen state of a page state. */
enum render_state render_state_of(enum view_page);
/*
 * A screen state's word ("consumed", "up to date", "in plug", "in flight",
 * "not cached"): one word per state in every text raviz shows.
 */
const char *render_state_word(enum render_state);

/* Text back end (render-text.c). */
extern const struct render_ops render_text_ops;
struct render_text;
struct render_text *render_text_new(void);
void	 render_text_free(struct render_text *);
/* Write the last picture as lines (trailing blanks trimmed). */
void	 render_text_write(struct render_text *, FILE *);
/* The grid's size, a cell's character ("" right of a wide one), its role. */
void	 render_text_size(const struct render_text *, unsigned *cols,
	     unsigned *rows);
const char *render_text_cell(const struct render_text *, unsigned y,
	     unsigned x);
enum render_role render_text_role(const struct render_text *, unsigned y,
	     unsigned x);
/*
 * Write the last picture as lines with SGR sequences from look's styles
 * (struct theme_resolved, theme.h; direct: RGB colours where look has
 * them), each styled line ending reset.  Deterministic.
 */
struct theme_resolved;
void	 render_text_write_sgr(struct render_text *, FILE *,
	     const struct theme_resolved *look, int direct);
/* Draw r with the text back end t and write one frame to f. */
void	 render_text_frame(struct render *, struct render_text *,
	     const struct view *, FILE *);

#endif /* RAVIZ_RENDER_H */
