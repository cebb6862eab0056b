/*
 * timeline-find.c - finding a place in a run without moving there: the
 * number of events by a time (a click on a lane column, `:3.5ms`), the
 * event at which a page took the state it has now (a click on a page),
 * the next event whose narration holds a text (`/`).  The timeline is not
 * moved: each answer is an event number for timeline_goto().
 *
 * Why the answers cost little.  Time only goes forward, so the events by a
 * time are counted by one quiet scan from the latest engine at or before
 * it (a checkpoint, or the timeline's own engine), as a long move does.
 * A page's state only goes forward too (not requested, plugged, queued, in
 * flight, in memory, consumed: nothing is evicted), so the event at which
 * it reached its state now is found by halving: each probe is a copy of
 * the engine brought quietly to an event from the nearest checkpoint.  A
 * search reads events one by one (each must be put in words), so it is
 * bounded by a number of events and can be cancelled through the poll
 * hook.  A kernel trace's events are an array: its counts are a binary
 * search, its probes replay a checkpoint's view.
 */
#include "config.h"

#include <string.h>

#include "feed.h"
#include "narrate.h"
#include "timeline.h"
#include "timeline-int.h"

/* Events between looks at the poll hook during a search. */
#define SEARCH_SLICE	4096

/* The events of a kernel trace at or before time t. */
static uint64_t
trace_count_at(const struct trace *t, uint64_t time)
{
	size_t	lo = 0, hi = t->nev, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (t->ev[mid].t_ns <= time)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (lo);
}

/* The number of events at or before time t. */
int
timeline_count_at(struct timeline *u, uint64_t t, uint64_t *n)
{
	struct scan	 sc;
	struct sim	*base = NULL, *c = NULL;
	uint64_t	 at = 0;
	size_t		 i;
	int		 rc = -1;

	if (u->trace != NULL) {
		*n = trace_count_at(u->trace, t);
		return (0);
	}
	/* From the latest engine whose clock has not passed t. */
	if (timeline_now(u) <= t)
		at = u->nev;
	else
		for (i = u->nck; i > 0; i--)
			if (u->ck[i - 1].t_ns <= t) {
				at = u->ck[i - 1].ev;
				break;
			}
	if ((base = timeline_engine_at(u, at)) == NULL)
		return (-1);
	/* Its next event is already after t: the count is where it is. */
	if (sim_next_time(base) == SIM_NONE || sim_next_time(base) > t) {
		sim_free(base);
		*n = at;
		return (0);
	}
	memset(&sc, 0, sizeof sc);
	sc.goal = 0;		/* not known until the scan is past t */
	sc.t = t;
	if (timeline_scan_keep(&sc, base, at) != 0 ||
	    (c = sim_clone(base)) == NULL)
		goto out;
	if (timeline_quiet_advance(u, c, &at, UINT64_MAX, &sc) != 0 ||
	    timeline_count_until(u, &sc, t, at, n) != 0)
		goto out;
	rc = 0;
out:
	sim_free(c);
	sim_free(base);
	timeline_scan_done(&sc);
	return (rc);
}

/* The simulated time after n events of u's run (n at most u's own). */
int
timeline_time_at(const struct timeline *u, uint64_t n, uint64_t *t)
{
	struct sim	*s;

	if (u->trace != NULL) {
		*t = n > 0 && n <= u->trace->nev ? u->trace->ev[n - 1].t_ns : 0;
		return (0);
	}
	if ((s = timeline_engine_at(u, n)) == NULL)
		return (-1);
	*t = sim_stats(s)->now_ns;
	sim_free(s);
	return (0);
}

/* Page p's state after k events of u's run (k at most u's own). */
static int
state_at(const struct timeline *u, uint64_t k, uint64_t p,
    enum view_page *st)
{
	struct view	*v;
	struct sim	*s;
	size_t		 i;
	uint64_t	 e;

	if (k == u->nev) {
		*st = view_page_state(u->view, p);
		return (0);
	}
	if (u->trace != NULL) {
		for (i = u->nck; i > 1 && u->ck[i - 1].ev > k; i--)
			;
		v = view_clone(u->ck[i - 1].view);
		for (e = u->ck[i - 1].ev; e < k; e++)
			view_apply(v, &u->trace->ev[e]);
		*st = view_page_state(v, p);
		view_free(v);
		return (0);
	}
	if ((s = timeline_engine_at(u, k)) == NULL)
		return (-1);
	/* The engine's states are the view's (feed.c checks the order). */
	*st = (enum view_page)sim_page_state(s, p);
	sim_free(s);
	return (0);
}

/* The event at which page p reached the state it has now. */
int
timeline_page_since(struct timeline *u, uint64_t p, uint64_t *n)
{
	enum view_page	 now = view_page_state(u->view, p), st;
	uint64_t	 lo = 0, hi = u->nev, mid;

	if (now == VIEW_PAGE_ABSENT)
		return (0);	/* never requested: it has not changed */
	/* After hi events the page is in its state; after lo, not yet. */
	while (hi - lo > 1) {
		mid = lo + (hi - lo) / 2;
		if (state_at(u, mid, p, &st) != 0)
			return (-1);
		if (st >= now)
			hi = mid;
		else
			lo = mid;
	}
	*n = hi;
	return (1);
}

/* Does hay hold needle, ASCII letters in either case? */
static int
has_text(const char *hay, const char *needle)
{
	size_t	n = strlen(needle), i;
	char	a, b;

	for (; *hay != '\0'; hay++) {
		for (i = 0; i < n && hay[i] != '\0'; i++) {
			a = hay[i] >= 'A' && hay[i] <= 'Z' ? (char)(hay[i] + 32) :
			    hay[i];
			b = needle[i] >= 'A' && needle[i] <= 'Z' ?
			    (char)(needle[i] + 32) : needle[i];
			if (a != b)
				break;
		}
		if (i == n)
			return (1);
	}
	return (0);
}

/* Does event e's narration line ("T3 " and the words) hold text? */
static int
says(const struct view_config *cfg, const struct view_event *e,
    const char *text)
{
	char	line[320];
	size_t	off = 0;

	if (e->label != 0)
		off = (size_t)snprintf(line, sizeof line, "T%d ", e->label);
	narrate_event(line + off, sizeof line - off, e, cfg);
	return (has_text(line, text));
}

/*
 * The first event after u's, among the next `limit`, whose narration holds
 * text: 1 with *n the event number right after it, 0 if none, -1 if
 * memory ran out or the front end cancelled (the poll hook).
 */
int
timeline_search(struct timeline *u, const char *text, uint64_t limit,
    uint64_t *n)
{
	const struct view_config	*cfg = view_config(u->view);
	struct timeline_poll		*p = u->poll;
	struct view_event		 ve;
	struct sim_event		 e;
	struct sim			*s = NULL;
	uint64_t			 at = u->nev, i;
	int				 rc = 0;

	if (u->sim != NULL && (s = sim_clone(u->sim)) == NULL)
		return (-1);
	for (i = 0; i < limit; i++, at++) {
		if (i > 0 && i % SEARCH_SLICE == 0 && p != NULL &&
		    p->fn != NULL) {
			p->permille = (unsigned)(i * 1000 / limit);
			if (p->fn(p->arg, at, u->nev + limit) != 0) {
				p->cancelled = 1;
				rc = -1;
				break;
			}
		}
		if (u->trace != NULL) {
			if (at >= u->trace->nev)
				break;
			ve = u->trace->ev[at];
		} else {
			if (at > u->nev)
				timeline_toggles_apply(u, s, NULL, at);
			if ((rc = sim_step(s, &e)) != 1)
				break;
			rc = 0;
			feed_event(&ve, &e);
		}
		if (says(cfg, &ve, text)) {
			*n = at + 1;
			rc = 1;
			break;
		}
	}
	sim_free(s);
	return (rc);
}
