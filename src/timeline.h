/*
 * timeline.h - a run's timeline: an engine, the pipeline state built from
 * its events (view.h, fed by feed.c) and the renderer that has seen all of
 * them, the checkpoints that let it go back, and the mode
 * toggles made along the way.  The application (app.c) keeps one for the
 * main run and, in compare mode, one for the second run.
 *
 * Contract:
 * - Event numbers count the events the timeline has handed out (stepped
 *   through its renderer, or passed over by a quiet jump).  A toggle is
 *   recorded with the event number at which it was made; every way of
 *   reaching an event (stepping, going back through a checkpoint, a quiet
 *   jump, a replay) applies it right after that many events, before the
 *   next one.  Going back to an earlier event forgets it, staying at or
 *   after that event keeps it.
 * - Going to event N, forward or back, gives the same engine and picture,
 *   to the byte, as stepping from event 0 to N with the same toggles.  Going
 *   back restores the last checkpoint at or before N, so it costs at most
 *   a bounded number of steps, never a replay from event 0 after a jump.
 * - Long moves forward run the engine quietly (sim_run_until()), once, over
 *   all but the last 2 * RENDER_HISTORY events, in slices between which the
 *   poll hook (if any) may cancel the move: the call then returns -1 with
 *   poll->cancelled set, and the timeline is at an event it had reached,
 *   usable as before.  -1 without cancelled means memory ran out.  The
 *   quiet run starts from the latest engine an earlier one passed at or
 *   before where it has to go (a quiet checkpoint, usable while the
 *   toggles before it are the same), so going back far after a jump costs
 *   a bounded part of the run, not a run from event 0.
 * - The fields are the owner's to read (sim, view, r, the toggles, sync_t), not
 *   to write, except sync_t after a timeline_goto() (see app.c's moments).
 */
#ifndef RAVIZ_TIMELINE_H
#define RAVIZ_TIMELINE_H

#include <stddef.h>
#include <stdint.h>

#include "render.h"
#include "trace.h"
#include "view.h"
#include "engine/sim.h"

#define TIMELINE_CKPT_MAX	48	/* checkpoints per timeline */
#define TIMELINE_CKPT_SPACING	256	/* initial events between them */

/* A clone of the engine, its view and the renderer right after an event. */
struct timeline_ckpt {
	uint64_t	 ev;		/* events at the checkpoint */
	uint64_t	 t_ns;		/* simulated time then */
	struct sim	*sim;
	struct view	*view;
	uint64_t	 ahead;		/* feed.h: burst events applied ahead */
	struct render	*r;
};

/* A mode toggle and when it was made. */
struct timeline_toggle {
	uint64_t	 ev;		/* made when this many events had run */
	enum sim_mode	 mode;
};

#define TIMELINE_QCK_MAX	16	/* quiet checkpoints per timeline */
#define TIMELINE_QCK_SPACING	65536	/* initial events between them */

/*
 * An engine alone, taken between two slices of a quiet run, with the
 * toggles at or before its event that were in force then: a later quiet
 * run may start from it while they still are.
 */
struct timeline_qck {
	uint64_t		 ev;
	struct sim		*sim;
	struct timeline_toggle	*tg;
	size_t			 ntg;
};

/*
 * The front end's look at its input during a long move: fn gets the events
 * reached and the move's target (UINT64_MAX: the end; 0: not known, a time
 * sync), and may read permille; nonzero cancels.
 */
struct timeline_poll {
	int		(*fn)(void *, uint64_t done, uint64_t total);
	void		*arg;
	int		 cancelled;	/* fn asked to stop the move */
	unsigned	 permille;	/* how far the move has got, 0..1000:
					   of the file read (to the end), of
					   the clock (a time sync), or of the
					   events (to an event) */
	/*
	 * Long work that is not a move of the run ("the sweep": its share
	 * is permille), for the progress line's words; NULL for a move.
	 */
	const char	*what;
};

struct timeline {
	struct timeline_poll	*poll;		/* shared, or NULL */
	const struct trace	*trace;		/* the source: a kernel trace */
	struct sim		*sim;		/* ... or the engine (else NULL) */
	struct view		*view;		/* what the screen is drawn from */
	uint64_t		 ahead;		/* feed.h */
	struct render		*r;
	struct timeline_ckpt	 ck[TIMELINE_CKPT_MAX];
	size_t			 nck;
	uint64_t		 spacing;
	struct timeline_toggle	*tg;
	size_t			 ntg, tgcap;
	uint64_t		 nev;		/* events handed out so far */
	uint64_t		 exact_at;	/* renderer exact from here */
	uint64_t		 sync_t;	/* last time synced to */
	/* Ahead in time syncs: an engine of the run (timeline.c). */
	struct sim		*scout;
	/* Engines the quiet runs passed (timeline.c's quiet checkpoints). */
	struct timeline_qck	 qk[TIMELINE_QCK_MAX];
	size_t			 nqk;
	uint64_t		 qspacing;
};

/*
 * Start u at event 0 of cfg (valid), its renderer cols x rows, polling
 * through p (may be NULL).  -1 if memory ran out (timeline_done() frees
 * what was made).
 */
int	 timeline_init(struct timeline *u, const struct sim_config *cfg,
	     unsigned cols, unsigned rows, struct timeline_poll *p);
/*
 * Start u at event 0 of a kernel trace t (kept, not copied: it must
 * outlive u), as timeline_init().  Such a timeline has no engine (sim is
 * NULL): its events are t's, applied to the view; it steps, goes back,
 * jumps and follows a clock as an engine's does, but has no toggles, no
 * labels and nothing to replay (timeline_step() leaves ev untouched).
 */
int	 timeline_init_trace(struct timeline *u, const struct trace *t,
	     unsigned cols, unsigned rows, struct timeline_poll *p);
/* Is u's run over (no event left to hand out)? */
int	 timeline_over(const struct timeline *u);
/* The time of u's last event handed out (0 before the first). */
uint64_t timeline_now(const struct timeline *u);
/* The time of u's next event, VIEW_NONE at the end. */
uint64_t timeline_next_time(const struct timeline *u);
/* Free everything u holds; u is then all zero (done again is harmless). */
void	 timeline_done(struct timeline *u);
/* Events u has handed out. */
uint64_t timeline_events(const struct timeline *u);
/*
 * One event forward (into ev if not NULL): 1 with an event, 0 at the end,
 * -1 if memory ran out.
 */
int	 timeline_step(struct timeline *u, struct sim_event *ev);
/*
 * Go to event n, forward or back, or to the end if the run ends first.
 * 0, or -1 (memory, or a cancelled move: see above).
 */
int	 timeline_goto(struct timeline *u, uint64_t n);
/*
 * Back to event 0 with every toggle forgotten: the run as first started
 * (a restart of the same scenario).  Without toggles the checkpoints are
 * kept, so going forward again restores them instead of stepping.  0, or
 * -1 if memory ran out.
 */
int	 timeline_rewind(struct timeline *u);
/*
 * Bring u (no toggles) to simulated time t: every event at or before t has
 * happened, none after, and u's clock reads t (timeline_clock()).  Going
 * back restores the last checkpoint at or before t, so the state is a
 * function of t alone; far behind, the run lands near t in quiet runs and
 * only the events the picture at t depends on are stepped (render.h).  0
 * or -1 as timeline_goto().
 */
int	 timeline_sync_time(struct timeline *u, uint64_t t);
/*
 * The clock u's picture shows: its last event's time, or a later time
 * that timeline_advance() or timeline_sync_time() moved it on to.
 */
uint64_t timeline_clock(const struct timeline *u);
/*
 * Move u's clock on to t (kept short of its next event) with no event:
 * time pace shows a stall as time passing (view_advance()).  Any step or
 * move puts the clock back on the events'.
 */
void	 timeline_advance(struct timeline *u, uint64_t t);
/* Record a toggle to mode m at the current event and apply it. */
int	 timeline_toggle(struct timeline *u, enum sim_mode m);
/* Has u a toggle to another mode than m (perhaps toggled back since)? */
int	 timeline_patched(const struct timeline *u, enum sim_mode m);
/*
 * Events up to and including the first one labelled T<k> (with u's
 * toggles), -1 if there is none, -2 if memory ran out.
 */
int64_t	 timeline_find_label(const struct timeline *u, int k);
/*
 * Finding a place without moving there (timeline-find.c); u's events and
 * picture are unchanged, only the poll hook is called (and may cancel:
 * -1 with poll->cancelled set; -1 without it means memory ran out).
 *
 * timeline_count_at: *n = the number of events at or before simulated
 * time t (going to event *n shows the run at time t).  0 or -1.
 *
 * timeline_page_since: *n = the number of events after which page p is
 * first in the state it is in now (the event *n - 1 changed it; page
 * states only go forward).  1, 0 if p has never been requested, or -1.
 *
 * timeline_time_at: *t = the simulated time after n events (n at most
 * u's own).  0 or -1.
 *
 * timeline_search: *n = the number of events up to the first one after
 * u's current event, among the next limit, whose narration line
 * (narrate_event(), after "T3 " when it is a moment) holds text, ASCII
 * case ignored.  1, 0 if there is none, or -1.
 */
int	 timeline_count_at(struct timeline *u, uint64_t t, uint64_t *n);
int	 timeline_page_since(struct timeline *u, uint64_t p, uint64_t *n);
int	 timeline_time_at(const struct timeline *u, uint64_t n, uint64_t *t);
int	 timeline_search(struct timeline *u, const char *text, uint64_t limit,
	     uint64_t *n);
/*
 * Replay u from event 0 to event n (with its toggles), calling fn for each
 * event in order.  0, or -1 if memory ran out.
 */
int	 timeline_replay(const struct timeline *u, uint64_t n,
	     void (*fn)(void *, const struct sim_event *), void *arg);

#endif /* RAVIZ_TIMELINE_H */
