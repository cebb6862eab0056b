/*
 * timeline-quiet.c - the quiet runs of a timeline's long moves (design in
 * timeline.c): a scan runs a copy of the engine once, in slices between
 * which the front end sees progress and may cancel, keeping a short trail
 * of clones to land from and offering some engines as quiet checkpoints;
 * a time sync counts the events before its time inside the scan's last
 * slice.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "timeline-int.h"

/*
 * Quiet checkpoints: engines (no renderer) that scans passed, at least
 * qspacing events apart, in event order; when there are too many, every
 * other one goes and the spacing doubles.  Each keeps the toggles at or
 * before its event that were in force when it was taken: it stands for
 * u's run only while those are still u's (going back before a toggle
 * forgets it, a new toggle may come before a later one).  A scan starts
 * from the latest usable one at or before where it must go, instead of u's
 * own engine, and a landing may come from one.
 */

/* Toggles of u at or before event ev (u->tg is in event order). */
static size_t
toggles_upto(const struct timeline *u, uint64_t ev)
{
	size_t	k = 0;

	while (k < u->ntg && u->tg[k].ev <= ev)
		k++;
	return (k);
}

/* Does q still stand for u's run: the same toggles at or before it? */
static int
qck_usable(const struct timeline *u, const struct timeline_qck *q)
{
	size_t	i, k = toggles_upto(u, q->ev);

	if (k != q->ntg)
		return (0);
	for (i = 0; i < k; i++)
		if (u->tg[i].ev != q->tg[i].ev ||
		    u->tg[i].mode != q->tg[i].mode)
			return (0);
	return (1);
}

/* Drop quiet checkpoint i of u. */
static void
qck_drop(struct timeline *u, size_t i)
{
	timeline_qck_free(&u->qk[i]);
	memmove(u->qk + i, u->qk + i + 1, (u->nqk - i - 1) * sizeof u->qk[0]);
	u->nqk--;
}

/*
 * Offer s, an engine of u's run that has handed out ev events, between two
 * slices of a scan (no toggle of ev left to apply), as a quiet checkpoint:
 * kept unless one is near.  -1 if memory ran out.
 */
static int
qck_offer(struct timeline *u, const struct sim *s, uint64_t ev)
{
	struct timeline_qck	 q;
	size_t			 i;

	if (u->qspacing == 0)
		u->qspacing = TIMELINE_QCK_SPACING;
	for (i = u->nqk; i > 0; i--)
		if (!qck_usable(u, &u->qk[i - 1]))
			qck_drop(u, i - 1);
	if (u->nqk == TIMELINE_QCK_MAX) {
		for (i = 1; i < u->nqk; i += 2)
			timeline_qck_free(&u->qk[i]);
		u->nqk = timeline_keep_even(u->qk, u->nqk, sizeof u->qk[0]);
		u->qspacing *= 2;
	}
	for (i = 0; i < u->nqk && u->qk[i].ev < ev; i++)
		;
	if ((i > 0 && ev - u->qk[i - 1].ev < u->qspacing) ||
	    (i < u->nqk && u->qk[i].ev - ev < u->qspacing))
		return (0);
	q.ev = ev;
	q.ntg = toggles_upto(u, ev);
	q.tg = NULL;
	if ((q.sim = sim_clone(s)) == NULL || (q.ntg != 0 &&
	    (q.tg = malloc(q.ntg * sizeof *q.tg)) == NULL)) {
		timeline_qck_free(&q);
		return (-1);
	}
	if (q.ntg != 0)
		memcpy(q.tg, u->tg, q.ntg * sizeof *q.tg);
	memmove(u->qk + i + 1, u->qk + i, (u->nqk - i) * sizeof u->qk[0]);
	u->qk[i] = q;
	u->nqk++;
	return (0);
}

/*
 * The latest usable quiet checkpoint of u after its current event, at or
 * before event n, whose next event is not after time t; NULL if none.
 */
const struct timeline_qck *
timeline_qck_find(const struct timeline *u, uint64_t n, uint64_t t)
{
	size_t	i;

	for (i = u->nqk; i > 0; i--) {
		if (u->qk[i - 1].ev <= u->nev)
			break;
		if (u->qk[i - 1].ev <= n && qck_usable(u, &u->qk[i - 1]) &&
		    sim_next_time(u->qk[i - 1].sim) <= t)
			return (&u->qk[i - 1]);
	}
	return (NULL);
}


/* Drop clone i of sc's trail. */
static void
scan_drop(struct scan *sc, size_t i)
{
	sim_free(sc->s[i]);
	memmove(sc->s + i, sc->s + i + 1, (sc->n - i - 1) * sizeof sc->s[0]);
	memmove(sc->ev + i, sc->ev + i + 1,
	    (sc->n - i - 1) * sizeof sc->ev[0]);
	sc->n--;
}

/*
 * Add a clone of s, which has handed out ev events (none of u's toggles
 * left to apply there), to sc's trail, forgetting those no landing can
 * need; -1 if memory ran out.
 */
int
timeline_scan_keep(struct scan *sc, const struct sim *s, uint64_t ev)
{
	uint64_t	prev;

	if (sc->n > 0) {
		prev = sc->ev[sc->n - 1];
		while (sc->n >= 2 && sc->ev[1] + JUMP_MIN <= prev)
			scan_drop(sc, 0);
		if (sc->n == TRAIL_MAX)
			scan_drop(sc, 1);
	}
	if ((sc->s[sc->n] = sim_clone(s)) == NULL)
		return (-1);
	sc->ev[sc->n++] = ev;
	return (0);
}

/* Free sc's trail. */
void
timeline_scan_done(struct scan *sc)
{
	while (sc->n > 0)
		sim_free(sc->s[--sc->n]);
}

/* a / b in thousandths, at most 1000, without overflow. */
static unsigned
per_mille(uint64_t a, uint64_t b)
{
	uint64_t	q;

	if (b == 0 || a >= b)
		return (1000);
	q = b >= 1000 ? a / (b / 1000) : a * 1000 / b;
	return (q > 1000 ? 1000 : (unsigned)q);
}

/*
 * How far the move of scan sc has got, s having handed out at events: of
 * the clock for a time sync, of the file read for a move to the end (the
 * events to come are not known), else of the events.
 */
static unsigned
scan_progress(const struct scan *sc, const struct sim *s, uint64_t at)
{
	if (sc->t != SIM_NONE)
		return (per_mille(sim_stats(s)->now_ns, sc->t));
	if (sc->goal == UINT64_MAX)
		return (per_mille(sim_stats(s)->pages_copied,
		    sim_config(s)->file_pages));
	return (per_mille(at, sc->goal));
}

/*
 * sim_run_until(s, n).  For a scan (sc not NULL), in slices, between which
 * the front end may show progress or cancel the move (then -1 with
 * u->poll->cancelled set), the trail grows, and the run stops early when
 * its next event falls after sc->t (sc->past).  -1 if memory ran out.
 */
static int
quiet_until(const struct timeline *u, struct sim *s, uint64_t n,
    struct scan *sc)
{
	struct timeline_poll	*p = u->poll;
	uint64_t		 at;
	int			 rc;

	if (sc == NULL) {
		sim_set_budget(s, 0);
		return (sim_run_until(s, n) != 0 ? -1 : 0);
	}
	sim_set_budget(s, QUIET_SLICE);
	while ((rc = sim_run_until(s, n)) == 1) {
		at = sim_event_no(s);
		if (sim_next_time(s) > sc->t) {
			sc->past = 1;
			rc = 0;
			break;
		}
		if (timeline_scan_keep(sc, s, at) != 0 || (sc->keep != NULL &&
		    qck_offer(sc->keep, s, at) != 0)) {
			rc = -1;
			break;
		}
		if (p == NULL || p->fn == NULL)
			continue;
		p->permille = scan_progress(sc, s, at);
		if (p->fn(p->arg, at, sc->goal) != 0) {
			p->cancelled = 1;
			rc = -1;
			break;
		}
	}
	sim_set_budget(s, 0);
	return (rc != 0 ? -1 : 0);
}

/*
 * Run s, a copy of u's engine that has handed out *at events, quietly to
 * event n or the end of the run (or, for a scan, until it stops past its
 * time), applying u's toggles on the way at their event numbers (those at
 * n itself are left to the caller, as took() would apply them); *at
 * becomes the events handed out then.  -1 if memory ran out or the move
 * was cancelled.
 *
 * Why *at and not sim_stats()->events: that counts the events the engine
 * has made, some of which may still wait to be handed out (one action
 * makes several); only at the end of the run are the two the same.
 */
int
timeline_quiet_advance(const struct timeline *u, struct sim *s, uint64_t *at,
    uint64_t n, struct scan *sc)
{
	struct sim_event	e;
	uint64_t		next;
	size_t			i;
	int			rc;

	for (;;) {
		next = n;
		for (i = 0; i < u->ntg; i++)
			if (u->tg[i].ev > *at && u->tg[i].ev < next)
				next = u->tg[i].ev;
		/*
		 * Why: sim_run_until() runs quietly only when no event it has
		 * made waits to be handed out, else it steps all the way; so
		 * the rest of the last action's events go first.
		 */
		while (*at < next && sim_stats(s)->events > *at) {
			if ((rc = sim_step(s, &e)) < 0)
				return (-1);
			if (rc == 0)
				break;
			(*at)++;
		}
		if (quiet_until(u, s, next, sc) != 0)
			return (-1);
		if (sim_next_time(s) == SIM_NONE) {
			/* The run is over: every event made is handed out. */
			*at = sim_stats(s)->events;
			return (0);
		}
		if (sc != NULL && sc->past) {
			/* Stopped between slices: nothing waits. */
			*at = sim_event_no(s);
			return (0);
		}
		*at = next;
		if (next == n)
			return (0);
		timeline_toggles_apply(u, s, NULL, next);
	}
}

/*
 * A copy of u's engine at event land (after u's current event), reached
 * quietly from the latest engine at or before it: in sc's trail, a quiet
 * checkpoint, or u's own; NULL if memory ran out.
 */
struct sim *
timeline_scan_land(const struct timeline *u, const struct scan *sc, uint64_t land)
{
	const struct timeline_qck	*q = timeline_qck_find(u, land, SIM_NONE);
	const struct sim		*from = u->sim;
	struct sim			*c;
	uint64_t			 at = u->nev;
	size_t				 i;

	if (q != NULL) {
		from = q->sim;
		at = q->ev;
	}
	for (i = sc->n; i > 0; i--)
		if (sc->ev[i - 1] <= land && sc->ev[i - 1] > at) {
			from = sc->s[i - 1];
			at = sc->ev[i - 1];
			break;
		}
	if ((c = sim_clone(from)) == NULL)
		return (NULL);
	if (timeline_quiet_advance(u, c, &at, land, NULL) != 0) {
		sim_free(c);
		return (NULL);
	}
	return (c);
}

/*
 * Advance s, a copy of u's engine that has handed out `at` events, quietly
 * to event n: is its next event then later than t, or is there none?  -1
 * if memory ran out.
 */
static int
quiet_past(const struct timeline *u, struct sim *s, uint64_t at, uint64_t n,
    uint64_t t)
{
	uint64_t	next;

	if (timeline_quiet_advance(u, s, &at, n, NULL) != 0)
		return (-1);
	next = sim_next_time(s);
	return (next == SIM_NONE || next > t);
}

/*
 * The number of events of u's run at or before time t, given sc, a scan
 * that stopped past t: the newest clone of its trail is not yet past, so
 * the count lies between it and where the scan stopped (hi); halve the
 * gap with quiet copies (the engine's clock never goes back).  -1 if
 * memory ran out.
 */
int
timeline_count_until(const struct timeline *u, const struct scan *sc, uint64_t t,
    uint64_t hi, uint64_t *n)
{
	struct sim	*base, *c = NULL;
	uint64_t	 lo = sc->ev[sc->n - 1], mid;
	int		 past;

	if ((base = sim_clone(sc->s[sc->n - 1])) == NULL)
		return (-1);
	while (hi - lo > 1) {
		mid = lo + (hi - lo) / 2;
		if ((c = sim_clone(base)) == NULL ||
		    (past = quiet_past(u, c, lo, mid, t)) < 0)
			goto oom;
		if (past) {
			hi = mid;
			sim_free(c);
		} else {
			lo = mid;
			sim_free(base);
			base = c;
		}
		c = NULL;
	}
	sim_free(base);
	*n = hi;
	return (0);
oom:
	sim_free(c);
	sim_free(base);
	return (-1);
}

/*
 * A copy of u's engine after k events of its run (k at most u's own),
 * reached quietly from the latest engine at or before k: a checkpoint, or
 * a quiet checkpoint that still stands for u's run.  NULL if memory ran
 * out.
 */
struct sim *
timeline_engine_at(const struct timeline *u, uint64_t k)
{
	const struct sim	*from = NULL;
	struct sim		*c;
	uint64_t		 at = 0;
	size_t			 i;

	if (k == u->nev)
		return (sim_clone(u->sim));
	for (i = u->nck; i > 0; i--)
		if (u->ck[i - 1].ev <= k) {
			from = u->ck[i - 1].sim;
			at = u->ck[i - 1].ev;
			break;
		}
	for (i = u->nqk; i > 0; i--)
		if (u->qk[i - 1].ev <= k && u->qk[i - 1].ev > at &&
		    qck_usable(u, &u->qk[i - 1])) {
			from = u->qk[i - 1].sim;
			at = u->qk[i - 1].ev;
			break;
		}
	if (from == NULL || (c = sim_clone(from)) == NULL)
		return (NULL);
	/* A checkpoint is taken before the toggles of its event apply. */
	timeline_toggles_apply(u, c, NULL, at);
	if (timeline_quiet_advance(u, c, &at, k, NULL) != 0) {
		sim_free(c);
		return (NULL);
	}
	return (c);
}

/*
 * Between two slices of a quiet run of s toward target (a time, or an
 * event): the poll hook's look, with how far s has got.  Nonzero cancels.
 */
static int
slice_poll(const struct timeline *u, const struct sim *s, uint64_t done,
    uint64_t target, unsigned permille)
{
	struct timeline_poll	*p = u->poll;

	(void)s;
	if (p == NULL || p->fn == NULL)
		return (0);
	p->permille = permille;
	if (p->fn(p->arg, done, target) != 0) {
		p->cancelled = 1;
		return (1);
	}
	return (0);
}

/*
 * An engine of u's run, quietly to time t, in slices; with trail set,
 * *trail becomes a warm clone of it at the last slice's end not after
 * time keep (NULL if none; the caller frees it).
 */
int
timeline_scout_to(const struct timeline *u, struct sim *s, uint64_t t,
    uint64_t keep, struct sim **trail)
{
	int	rc;

	sim_set_budget(s, QUIET_SLICE);
	while ((rc = sim_run_until_time(s, t)) == 1) {
		if (trail != NULL && sim_stats(s)->now_ns <= keep) {
			sim_free(*trail);
			if ((*trail = sim_clone_warm(s)) == NULL) {
				rc = -1;
				break;
			}
		}
		if (slice_poll(u, s, sim_event_no(s), 0,
		    per_mille(sim_stats(s)->now_ns, t)) != 0) {
			rc = -1;
			break;
		}
	}
	sim_set_budget(s, 0);
	return (rc != 0 ? -1 : 0);
}

/*
 * s, an engine of a run without toggles, quietly to event n, at once (no
 * poll: the far sync's short runs).
 */
int
timeline_quiet_to(struct sim *s, uint64_t n)
{
	sim_set_budget(s, 0);
	return (sim_run_until(s, n) != 0 ? -1 : 0);
}
