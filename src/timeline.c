/*
 * timeline.c - a run's timeline: stepping forward and back, checkpoints,
 * mode toggles, quiet jumps and time sync (contract in timeline.h); the
 * quiet runs themselves are in timeline-quiet.c.
 *
 * A timeline is an engine plus the renderer that has seen all of its
 * events (narration and lane history), a list of checkpoints and a list of
 * mode toggles.  A checkpoint is a clone of both taken right after a step,
 * at event numbers that are multiples of a spacing; when there are too
 * many, every other one is dropped and the spacing doubles, so memory stays
 * bounded on long runs and going back costs at most `spacing` steps.
 *
 * Going back to event N restores the last checkpoint at or before N and
 * steps forward, re-applying the recorded toggles at their event numbers.
 * Because the engine is deterministic and the renderer only depends on the
 * events it was given, the result is the same state, to the byte, as when
 * the user first reached N.  A checkpoint is taken before the toggles of its
 * event number are applied, so a toggle made after the checkpoint still
 * replays.  Every path that reaches an event (a step, a restore, a quiet
 * run, a replay, a label search) applies that event's toggles through one
 * function, timeline_toggles_apply().
 *
 * Long moves forward (G, going back to the middle of a 1 TiB run) do not
 * step every event: the engine runs quietly (sim_run_until(), which jumps
 * over repeated steady-state periods exactly) to 2 * RENDER_HISTORY events
 * short of the target, the renderer is told how many it missed
 * (render_skip()), and the last events are stepped through it; a
 * checkpoint is taken as soon as the renderer is exact again, half way.
 * The renderer forgets everything older but the last label, and the engine
 * gives T1..T5 once each, in order, so the quiet part waits until no label
 * is left to come (sim_labels_over(): T5 recorded, or the moments still
 * missing can no longer happen, as with 4 KiB reads, which get T1 and T2
 * only).  The picture is then the one stepping would have drawn.  Until
 * those last events have been recorded the renderer is not yet exact, so no
 * checkpoint is taken before exact_at.
 *
 * The quiet engine runs in slices of QUIET_SLICE actions, between which the
 * poll hook may show progress or cancel the move.  A long move runs the
 * engine from where it is once (a scan, on a copy): where the move ends is
 * known only once the scan gets there (the run ended, the clock passed the
 * time sought), so the scan keeps a short trail of clones from its last
 * slices, and the landing point 2 * RENDER_HISTORY events short of the end
 * is reached from the nearest of them.  Some of the engines a scan passes
 * stay as quiet checkpoints (engine only, a bounded number), from which
 * the next scan starts when it goes past one: going back far after a jump
 * and forward again runs a bounded part of the run, not all of it.
 *
 * A timeline's source may instead be a kernel trace (trace.h): an array of
 * view events, no engine.  Stepping applies the next one to the view;
 * checkpoints hold the view and renderer alone; going back restores one
 * and re-applies the events after it.  A trace has no toggles and no
 * labels, and its events are cheap, so long moves just step.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "feed.h"
#include "timeline.h"
#include "timeline-int.h"


uint64_t
timeline_events(const struct timeline *u)
{
	return (u->nev);
}

/*
 * Move the elements at even indexes of v (n of size bytes each) to its
 * front, in order, dropping the others (already freed); their number.
 */
size_t
timeline_keep_even(void *v, size_t n, size_t size)
{
	unsigned char	*b = v;
	size_t		 i, j;

	for (i = 0, j = 0; i < n; i += 2, j++)
		memmove(b + j * size, b + i * size, size);
	return (j);
}

/* Free a checkpoint's copies. */
static void
ckpt_free(struct timeline_ckpt *c)
{
	sim_free(c->sim);
	view_free(c->view);
	render_free(c->r);
	c->sim = NULL;
	c->view = NULL;
	c->r = NULL;
}

/* Take a checkpoint of u's current state; -1 if memory ran out. */
static int
ckpt_take(struct timeline *u)
{
	struct timeline_ckpt	*c;
	size_t		 i;

	if (u->nck == TIMELINE_CKPT_MAX) {
		/* Keep every other one (always the first, at event 0). */
		for (i = 1; i < u->nck; i += 2)
			ckpt_free(&u->ck[i]);
		u->nck = timeline_keep_even(u->ck, u->nck, sizeof u->ck[0]);
		u->spacing *= 2;
		if (u->nev % u->spacing != 0 && u->nev != u->exact_at)
			return (0);
	}
	c = &u->ck[u->nck];
	c->ev = u->nev;
	c->t_ns = timeline_now(u);
	c->sim = u->sim != NULL ? sim_clone(u->sim) : NULL;
	c->view = view_clone(u->view);
	c->ahead = u->ahead;
	c->r = render_clone(u->r);
	if ((u->sim != NULL && c->sim == NULL) || c->r == NULL) {
		ckpt_free(c);
		return (-1);
	}
	u->nck++;
	return (0);
}

/*
 * Apply to s, an engine of u's run that has handed out ev events, and to
 * its view v (NULL for a quiet copy), the toggles u recorded at ev, in
 * order: the one place that does.
 */
void
timeline_toggles_apply(const struct timeline *u, struct sim *s, struct view *v,
    uint64_t ev)
{
	size_t	i;

	for (i = 0; i < u->ntg; i++)
		if (u->tg[i].ev == ev) {
			sim_set_mode(s, u->tg[i].mode);
			if (v != NULL)
				view_set_pending(v, (enum view_mode)u->tg[i].mode);
		}
}

/*
 * Book-keeping after u->sim produced event *ev: the renderer sees it, a
 * checkpoint is taken when due, then the toggles of the new event number
 * apply.  -1 when memory ran out.
 */
static int
took(struct timeline *u, const struct sim_event *ev)
{
	struct view_event	ve;

	u->nev++;
	feed_step(u->view, &u->ahead, u->sim, ev);
	feed_event(&ve, ev);
	render_event(u->r, u->view, &ve);
	if ((u->nev % u->spacing == 0 || u->nev == u->exact_at) &&
	    u->nev >= u->exact_at &&
	    (u->nck == 0 || u->ck[u->nck - 1].ev < u->nev) &&
	    ckpt_take(u) != 0)
		return (-1);
	timeline_toggles_apply(u, u->sim, u->view, u->nev);
	return (0);
}

/*
 * A kernel trace's next event: the view applies it, the renderer sees it,
 * a checkpoint is taken when due (took()'s book-keeping, with no engine
 * and no toggles).  1, 0 at the end, -1 when memory ran out.
 */
static int
trace_took(struct timeline *u)
{
	const struct view_event	*e;

	if (u->nev >= u->trace->nev)
		return (0);
	e = &u->trace->ev[u->nev++];
	view_apply(u->view, e);
	render_event(u->r, u->view, e);
	if (u->nev % u->spacing == 0 &&
	    (u->nck == 0 || u->ck[u->nck - 1].ev < u->nev) &&
	    ckpt_take(u) != 0)
		return (-1);
	return (1);
}

/*
 * One event forward.  Returns 1 with an event, 0 at the end, -1 when memory
 * ran out.
 */
int
timeline_step(struct timeline *u, struct sim_event *ev)
{
	struct sim_event	 e;
	int			 rc;

	if (u->trace != NULL)
		return (trace_took(u));
	if (ev == NULL)
		ev = &e;
	if ((rc = sim_step(u->sim, ev)) != 1)
		return (rc);
	return (took(u, ev) != 0 ? -1 : 1);
}

/*
 * Start u at event 0 of a new engine for cfg or, with t set, of the kernel
 * trace t, polling through p; -1 if out of memory.
 */
static int
start(struct timeline *u, const struct sim_config *cfg, const struct trace *t,
    unsigned cols, unsigned rows, struct timeline_poll *p)
{
	memset(u, 0, sizeof *u);
	u->poll = p;
	u->trace = t;
	u->spacing = TIMELINE_CKPT_SPACING;
	if (t != NULL)
		u->view = trace_view(t);
	else if ((u->sim = sim_new(cfg)) == NULL ||
	    (u->view = feed_view(u->sim)) == NULL)
		return (-1);
	if ((u->r = render_new(cols, rows)) == NULL || ckpt_take(u) != 0)
		return (-1);
	return (0);
}

/* Start u at event 0 of cfg, polling through p; -1 if out of memory. */
int
timeline_init(struct timeline *u, const struct sim_config *cfg,
    unsigned cols, unsigned rows, struct timeline_poll *p)
{
	return (start(u, cfg, NULL, cols, rows, p));
}

/* Start u at event 0 of a kernel trace; -1 if out of memory. */
int
timeline_init_trace(struct timeline *u, const struct trace *t,
    unsigned cols, unsigned rows, struct timeline_poll *p)
{
	return (start(u, NULL, t, cols, rows, p));
}

/* Is the run over? */
int
timeline_over(const struct timeline *u)
{
	if (u->trace != NULL)
		return (u->nev >= u->trace->nev);
	return (sim_done(u->sim));
}

/* The time of the last event. */
uint64_t
timeline_now(const struct timeline *u)
{
	if (u->trace != NULL)
		return (view_stats(u->view)->now_ns);
	return (sim_stats(u->sim)->now_ns);
}

/* The time of the next event. */
uint64_t
timeline_next_time(const struct timeline *u)
{
	if (u->trace != NULL)
		return (u->nev < u->trace->nev ? u->trace->ev[u->nev].t_ns :
		    VIEW_NONE);
	return (sim_next_time(u->sim));
}

/* Free a quiet checkpoint. */
void
timeline_qck_free(struct timeline_qck *q)
{
	sim_free(q->sim);
	free(q->tg);
	q->sim = NULL;
	q->tg = NULL;
}

/* Free everything a run holds. */
void
timeline_done(struct timeline *u)
{
	size_t	i;

	for (i = 0; i < u->nck; i++)
		ckpt_free(&u->ck[i]);
	u->nck = 0;
	for (i = 0; i < u->nqk; i++)
		timeline_qck_free(&u->qk[i]);
	sim_free(u->scout);
	sim_free(u->sim);
	view_free(u->view);
	render_free(u->r);
	free(u->tg);
	memset(u, 0, sizeof *u);
}

/*
 * Replace u's state by a copy of checkpoint c.  Later checkpoints stay
 * when keep is set: no toggle was forgotten, so the run's future is the
 * one they describe (going back, then forward again, restores them
 * instead of stepping: a lesson's restart items cost O(spacing) each).
 */
static int
restore(struct timeline *u, const struct timeline_ckpt *c, int keep)
{
	struct sim	*s = NULL;
	size_t		 i;

	if (c->sim != NULL && (s = sim_clone(c->sim)) == NULL)
		return (-1);
	sim_free(u->sim);
	view_free(u->view);
	u->sim = s;
	u->view = view_clone(c->view);
	u->ahead = c->ahead;
	render_assign(u->r, c->r);
	u->nev = c->ev;
	u->exact_at = 0;	/* a checkpoint's renderer is exact */
	/* Else later checkpoints describe a future that may change. */
	for (i = (size_t)(c - u->ck) + 1; !keep && i < u->nck; i++)
		ckpt_free(&u->ck[i]);
	if (!keep)
		u->nck = (size_t)(c - u->ck) + 1;
	if (u->sim != NULL)
		timeline_toggles_apply(u, u->sim, u->view, u->nev);
	return (0);
}

/*
 * Put c, a copy of u's engine at event land, in place of u's engine: the
 * renderer counts the missed events; its history is complete again from
 * event exact on (u->exact_at).
 */
static void
land_at(struct timeline *u, struct sim *c, uint64_t land, uint64_t exact)
{
	sim_free(u->sim);
	u->sim = c;
	/* A key frame: the view cannot apply the events jumped over. */
	feed_load(u->view, &u->ahead, u->sim);
	render_skip(u->r, land - u->nev);
	u->nev = land;
	u->exact_at = exact;
	timeline_toggles_apply(u, u->sim, u->view, u->nev);
}

/*
 * Put c, an engine of u's run that has made land events, in place of u's
 * engine as land_at() does, the renderer keeping the state c's last event
 * left (render_land()); its history is complete from event exact on.
 */
static void
land_key(struct timeline *u, struct sim *c, uint64_t land, uint64_t exact)
{
	sim_free(u->sim);
	u->sim = c;
	feed_load(u->view, &u->ahead, u->sim);
	render_land(u->r, u->view, land - u->nev, sim_event_time(u->sim));
	u->nev = land;
	u->exact_at = exact;
}

/*
 * Land u quietly 2 * RENDER_HISTORY events short of event n (or of the end,
 * if the run ends first), when that is far enough ahead to be worth it, in
 * one quiet run: a scan to the landing point, then, from there, a look
 * at whether the run ends before n; if the move ends earlier than
 * planned, the landing point is reached from the trail.  -1 if memory ran
 * out or the move was cancelled (u is then as it was).
 */
static int
jump(struct timeline *u, uint64_t n)
{
	const struct timeline_qck	*q;
	const struct sim		*from;
	struct scan			 sc;
	struct sim			*c = NULL, *d = NULL;
	uint64_t			 at, end, land;
	int				 rc = -1;

	if (!sim_labels_over(u->sim) || n - u->nev <= JUMP_MIN)
		return (0);
	memset(&sc, 0, sizeof sc);
	sc.goal = n;
	sc.t = SIM_NONE;
	sc.keep = u;
	from = u->sim;
	at = u->nev;
	if ((q = timeline_qck_find(u, n - JUMP_MIN, SIM_NONE)) != NULL) {
		from = q->sim;
		at = q->ev;
	}
	if (timeline_scan_keep(&sc, from, at) != 0 || (c = sim_clone(from)) == NULL ||
	    timeline_quiet_advance(u, c, &at, n - JUMP_MIN, &sc) != 0)
		goto out;
	/* Where the move ends: n, or the end of the run if that is sooner. */
	end = n;
	if (sim_next_time(c) == SIM_NONE)
		end = at;
	else {
		/* Why: the last stretch decides; it is short. */
		end = at;
		if ((d = sim_clone(c)) == NULL ||
		    timeline_quiet_advance(u, d, &end, n, NULL) != 0)
			goto out;
	}
	rc = 0;
	if (end - u->nev <= JUMP_MIN)
		goto out;
	/*
	 * Land 2 * RENDER_HISTORY short: the renderer is exact again half way,
	 * where took() takes a checkpoint, so going back a little after
	 * the jump restores it instead of replaying from an early one.
	 */
	land = end - JUMP_MIN;
	if (land != at || sim_next_time(c) == SIM_NONE) {
		sim_free(c);
		if ((c = timeline_scan_land(u, &sc, land)) == NULL) {
			rc = -1;
			goto out;
		}
	}
	land_at(u, c, land, land + RENDER_HISTORY);
	c = NULL;
out:
	sim_free(c);
	sim_free(d);
	timeline_scan_done(&sc);
	return (rc);
}

/*
 * Go forward to event n, or to the end if the run ends first: stepping
 * until no label is left to come, then a quiet jump if n is far, then stepping
 * the rest.  -1 if memory ran out.
 */
static int
forward(struct timeline *u, uint64_t n)
{
	size_t	i;
	int	rc;

	/* A checkpoint kept ahead (restore()) at or before n: from there. */
	for (i = u->nck; i > 0 && u->ck[i - 1].ev > n; i--)
		;
	if (i > 0 && u->ck[i - 1].ev > u->nev &&
	    restore(u, &u->ck[i - 1], 1) != 0)
		return (-1);
	/* A trace's events cost a view update each: it just steps. */
	while (u->trace != NULL && u->nev < n)
		if ((rc = timeline_step(u, NULL)) <= 0)
			return (rc);
	while (u->nev < n && !sim_labels_over(u->sim))
		if ((rc = timeline_step(u, NULL)) <= 0)
			return (rc);
	if (u->nev < n && jump(u, n) != 0)
		return (-1);
	while (u->nev < n)
		if ((rc = timeline_step(u, NULL)) <= 0)
			return (rc);
	return (0);
}

/*
 * Go to event n (forward, back through a checkpoint), or to the end if the
 * run ends first.  Toggles made after n are forgotten when
 * going back.  -1 if memory ran out.
 */
int
timeline_goto(struct timeline *u, uint64_t n)
{
	size_t	i, k;
	int	keep;

	if (n < u->nev) {
		for (i = 0, k = 0; i < u->ntg; i++)
			if (u->tg[i].ev <= n)
				u->tg[k++] = u->tg[i];
		keep = k == u->ntg;
		u->ntg = k;
		for (i = u->nck; i > 0; i--)
			if (u->ck[i - 1].ev <= n)
				break;
		if (restore(u, &u->ck[i - 1], keep) != 0)
			return (-1);
	}
	return (forward(u, n));
}

/*
 * Back to event 0 with no toggles (a restart of the same scenario); the
 * checkpoints stay when there were no toggles (see restore()).  -1 if
 * memory ran out.
 */
int
timeline_rewind(struct timeline *u)
{
	int	keep = u->ntg == 0;

	u->ntg = 0;
	u->sync_t = 0;
	/* The scout ran ahead in the old run: the far sync starts anew. */
	sim_free(u->scout);
	u->scout = NULL;
	return (restore(u, &u->ck[0], keep));
}

/*
 * Bring u, far behind time t with no label left to come, to t, stepping
 * only the events its picture at t depends on (render.h: those within
 * RENDER_SPAN_NS of its last event and the one before, the last
 * RENDER_NARR, the last copy, at most RENDER_HISTORY): at 100000 events a
 * second a compare half is thousands of events behind per tick, a few
 * hundred of them in the span.  u's scout, an engine of the run kept
 * between syncs (its search for periods goes on), finds where they are:
 * a warm clone of it runs quietly to t (the events up to t, the last one's
 * time, the last copy), the scout itself to that time less the span.  If
 * the events after the span's start hold all the picture needs, u lands
 * on the scout's engine there (land_key()); else on a warm clone of its
 * own engine run quietly to the latest event that does.  The rest is
 * stepped.  -1 if memory ran out or the move was cancelled (u is then as
 * it was).
 */
static int
sync_far(struct timeline *u, uint64_t t)
{
	uint64_t	 tl, n_tl, n_t, copy, land, k;
	struct sim	*ahead, *trail = NULL, *base, *c;

	/* A scout behind u or past t (u went back) starts again from u. */
	if (u->scout != NULL && (sim_event_no(u->scout) < u->nev ||
	    sim_stats(u->scout)->now_ns > t)) {
		sim_free(u->scout);
		u->scout = NULL;
	}
	if (u->scout == NULL && (u->scout = sim_clone_warm(u->sim)) == NULL)
		return (-1);
	/* The long run, the only one that polls; its trail for the next. */
	if ((ahead = sim_clone_warm(u->scout)) == NULL)
		return (-1);
	if (timeline_scout_to(u, ahead, t, t > RENDER_SPAN_NS ?
	    t - RENDER_SPAN_NS : 0, &trail) != 0)
		goto fail;
	n_t = sim_event_no(ahead);
	copy = sim_copy_event(ahead);
	tl = sim_event_time(ahead);
	tl = tl > RENDER_SPAN_NS ? tl - RENDER_SPAN_NS : 0;
	/* From the latest engine not past tl: the trail, the scout or u. */
	base = u->scout;
	if (trail != NULL && sim_stats(trail)->now_ns <= tl &&
	    (sim_stats(base)->now_ns > tl ||
	    sim_event_no(trail) > sim_event_no(base)))
		base = trail;
	if (sim_stats(base)->now_ns > tl) {
		if (timeline_now(u) > tl) {
			/* u is in the span already: every event to t counts. */
			sim_free(trail);
			sim_free(u->scout);
			u->scout = ahead;
			return (forward(u, n_t));
		}
		base = u->sim;
	}
	/* At most a slice, or one sync's worth: no poll. */
	if ((c = sim_clone_warm(base)) == NULL ||
	    timeline_scout_to(u, c, tl, 0, NULL) != 0) {
		sim_free(c);
		goto fail;
	}
	n_tl = sim_event_no(c);
	sim_free(trail);
	sim_free(u->scout);
	u->scout = ahead;
	/*
	 * The engine at tl, with every event after tl recorded: if the last
	 * RENDER_NARR and the last copy are among them, the one before them
	 * is given by the landing (render_land(): the sample it left).  The
	 * engine may be past its last event (a latency that ended since makes
	 * none): the next event is the same, and after it the engine is as
	 * stepping leaves it.
	 */
	if (n_tl > u->nev + RENDER_NARR && n_t >= n_tl + RENDER_NARR &&
	    n_t - n_tl <= RENDER_HISTORY && copy != SIM_NONE &&
	    copy >= n_tl) {
		land_key(u, c, n_tl, n_t);
		return (forward(u, n_t));
	}
	/*
	 * Else the latest landing that records all the picture needs: past
	 * tl when the span holds more than RENDER_HISTORY events (reached
	 * from c), else before it, where the span holds few events or no
	 * copy (reached from u: a run of few events).
	 */
	land = n_t > RENDER_HISTORY ? n_t - RENDER_HISTORY : 0;
	k = n_tl > 0 ? n_tl - 1 : 0;
	if (n_t < RENDER_NARR)
		k = 0;
	else if (n_t - RENDER_NARR < k)
		k = n_t - RENDER_NARR;
	if (copy < k)
		k = copy;
	if (k > land)
		land = k;
	if (land <= u->nev + RENDER_NARR) {
		sim_free(c);
		return (forward(u, n_t));
	}
	if (land < n_tl) {
		sim_free(c);
		if ((c = sim_clone_warm(u->sim)) == NULL)
			return (-1);
	}
	if (timeline_quiet_to(c, land) != 0) {
		sim_free(c);
		return (-1);
	}
	land_at(u, c, land, n_t);
	return (forward(u, n_t));
fail:
	sim_free(trail);
	sim_free(ahead);
	return (-1);
}

/*
 * Bring u (no toggles) to simulated time t: every event at or before t has
 * happened, none after (sim_next_time() tells when the next one falls).
 * Going back restores the last checkpoint at or before t, so the state is a
 * function of t alone.  Far behind (the main run jumped to its end), once
 * no label is left to come, the events to go are found and reached in one
 * quiet run (sync_far()).  -1 when memory ran out or the move was
 * cancelled.
 */
static int
sync_events(struct timeline *u, uint64_t t)
{
	uint64_t	next, k = 0;
	size_t		i;

	/* The last checkpoint at or before t: back, or ahead if kept. */
	for (i = u->nck; i > 1; i--)
		if (u->ck[i - 1].t_ns <= t)
			break;
	if ((t < u->sync_t || u->ck[i - 1].ev > u->nev) &&
	    restore(u, &u->ck[i - 1], 1) != 0)
		return (-1);
	u->sync_t = t;
	while (u->trace != NULL && (next = timeline_next_time(u)) !=
	    VIEW_NONE && next <= t)
		if (timeline_step(u, NULL) < 0)
			return (-1);
	/* Far behind (the other half of compare at speed): sync_far(). */
	if (u->trace == NULL && sim_labels_over(u->sim) &&
	    t > timeline_now(u) + 2 * RENDER_SPAN_NS)
		return (sync_far(u, t));
	while (u->trace == NULL &&
	    (next = sim_next_time(u->sim)) != SIM_NONE && next <= t) {
		if (++k > JUMP_MIN && sim_labels_over(u->sim))
			return (sync_far(u, t));
		if (timeline_step(u, NULL) < 0)
			return (-1);
	}
	return (0);
}

/*
 * Bring u to time t (sync_events()), its clock then reading t: the halves
 * of compare show the same simulated time, also while one of them has no
 * event for milliseconds.
 */
int
timeline_sync_time(struct timeline *u, uint64_t t)
{
	if (sync_events(u, t) != 0)
		return (-1);
	view_advance(u->view, t);
	return (0);
}

/* u's clock: the last event's time, or later after timeline_advance(). */
uint64_t
timeline_clock(const struct timeline *u)
{
	return (view_stats(u->view)->now_ns);
}

/* Move u's clock on to t, before its next event. */
void
timeline_advance(struct timeline *u, uint64_t t)
{
	uint64_t	next = timeline_next_time(u);

	if (next != VIEW_NONE && t >= next)
		t = next - 1;
	view_advance(u->view, t);
}

/* Record a toggle to mode m at the current event and apply it. */
int
timeline_toggle(struct timeline *u, enum sim_mode m)
{
	struct timeline_toggle	*n;

	if (u->trace != NULL)
		return (0);	/* the kernel's mode is not ours to change */
	/* The scout knows nothing of the toggle: the far sync starts anew. */
	sim_free(u->scout);
	u->scout = NULL;
	/*
	 * Checkpoints kept ahead (restore()) describe a future without this
	 * toggle.  One at this event was taken before its toggles apply.
	 */
	while (u->nck > 1 && u->ck[u->nck - 1].ev > u->nev)
		ckpt_free(&u->ck[--u->nck]);
	if (u->ntg == u->tgcap) {
		n = realloc(u->tg, (u->tgcap ? 2 * u->tgcap : 8) * sizeof *n);
		if (n == NULL)
			return (-1);
		u->tg = n;
		u->tgcap = u->tgcap ? 2 * u->tgcap : 8;
	}
	u->tg[u->ntg].ev = u->nev;
	u->tg[u->ntg].mode = m;
	u->ntg++;
	/* The toggles of this event, the new one last: the same path as any. */
	timeline_toggles_apply(u, u->sim, u->view, u->nev);
	return (0);
}

/* Has u a toggle to another mode than m? */
int
timeline_patched(const struct timeline *u, enum sim_mode m)
{
	size_t	i;

	for (i = 0; i < u->ntg; i++)
		if (u->tg[i].mode != m)
			return (1);
	return (0);
}

/*
 * Events up to and including the first one labelled T<k> in u's run, from
 * event 0 with its toggles; -1 if there is none, -2 if memory ran out.
 * The search ends once no label is left to come (sim_labels_over()), not
 * at the end of the run: a moment that never happens (T3 with 4 KiB
 * reads) is known at once on a file of any size.
 */
int64_t
timeline_find_label(const struct timeline *u, int k)
{
	struct sim		*s;
	struct sim_event	 e;
	int64_t			 at = -1;
	uint64_t		 n = 0;

	if (u->trace != NULL)
		return (-1);	/* a kernel trace has no moments T1..T5 */
	if ((s = sim_clone(u->ck[0].sim)) == NULL)
		return (-2);
	for (;;) {
		timeline_toggles_apply(u, s, NULL, n);
		if (sim_labels_over(s) || sim_step(s, &e) != 1)
			break;
		n++;
		if (e.label == k) {
			at = (int64_t)n;
			break;
		}
	}
	sim_free(s);
	return (at);
}

/* Replay u's events 0 to n through fn, toggles applied on the way. */
int
timeline_replay(const struct timeline *u, uint64_t n,
    void (*fn)(void *, const struct sim_event *), void *arg)
{
	struct sim		*s;
	struct sim_event	 e;
	uint64_t		 k;
	int			 rc = 0;

	if (u->trace != NULL)
		return (0);	/* no engine events to replay */
	if ((s = sim_clone(u->ck[0].sim)) == NULL)
		return (-1);
	for (k = 0; k < n; k++) {
		timeline_toggles_apply(u, s, NULL, k);
		if ((rc = sim_step(s, &e)) != 1)
			break;
		fn(arg, &e);
	}
	sim_free(s);
	return (rc < 0 ? -1 : 0);
}
