/*
 * sim-blk.c - the block layer (model.md §4): the task's plug list, merging
 * into plugged and queued requests within the size limit, the elevator,
 * flushing a plug, and 2.6.38's per-queue plugging with its unplug timer.
 * Bios are built and merged by each kernel's policy (sim_policy.submit):
 * 2012's page bios here (sim_blk_submit()), Linux 6.x's in sim-k6.c, on
 * the plug list and request helpers of this file.
 *
 * Request lists are kept in page order without overlaps (sim-vec.c), so a
 * merge candidate is found by bisection.  Running the queue hands requests
 * to the device (sim_dev_dispatch() in sim-dev.c).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "sim.h"
#include "sim-int.h"

/* Does the task have a plug to put requests on right now? */
static int
task_plugged(const struct sim *s)
{
	if (s->pol->queue_plug)
		return (0);
	return (s->rd.outer_plug || s->ra_plug);
}

/*
 * Back-merge up to n pages into request i of v, which ends at first, within
 * the size limit lim.  Returns the pages merged, 0 if none.
 */
static inline uint64_t
merge_back(struct sim_reqv *v, size_t i, uint64_t first, uint64_t n,
    uint64_t lim, size_t *idx)
{
	struct sim_request	*r = &v->v[i];
	uint64_t		 room, m;

	if (r->first + r->npages != first || r->npages >= lim)
		return (0);
	room = lim - r->npages;
	m = n < room ? n : room;
	r->npages += m;
	*idx = i;
	return (m);
}

/*
 * try_merge() when the pages do not come after every request of v: the
 * front merge (preferred: the later request in the list) into the request
 * that starts at first + n, else the back merge into the one that ends at
 * first; bisection finds both.
 */
static uint64_t __attribute__((noinline))
merge_inside(struct sim_reqv *v, uint64_t first, uint64_t n, uint64_t lim,
    size_t *idx)
{
	struct sim_request	*r;
	size_t			 i;

	i = sim_reqv_lower(v, first + n);
	if (i < v->n && v->v[i].first == first + n &&
	    v->v[i].npages < lim && n <= lim - v->v[i].npages) {
		r = &v->v[i];
		r->first = first;
		r->npages += n;
		*idx = i;
		return (n);
	}
	if ((i = sim_reqv_lower(v, first)) == 0)
		return (0);
	return (merge_back(v, i - 1, first, n, lim, idx));
}

/*
 * Try to merge [first, first + n) into a request of v (back or front,
 * within the size limit).  Returns the pages merged, 0 if none.  v is in
 * page order without overlaps.  Pages mostly come after every request of
 * the list: then only a back merge into the last one can be, tried here
 * inline (three calls a request), with no search.
 */
static inline uint64_t
try_merge(struct sim *s, struct sim_reqv *v, uint64_t first, uint64_t n,
    size_t *idx)
{
	const struct sim_request *r;

	if (v->n == 0)
		return (0);
	r = &v->v[v->n - 1];
	if (r->first + r->npages > first)
		return (merge_inside(v, first, n, s->cfg.max_req_pages, idx));
	return (merge_back(v, v->n - 1, first, n, s->cfg.max_req_pages, idx));
}

/*
 * Insert pages into the elevator: merge with a queued, unstarted request
 * where possible, else add requests.  Legacy plugs an empty queue.  With
 * set 0 the caller marks the pages queued itself (a flush, for its whole
 * list at once).
 */
static void
elv_add(struct sim *s, uint64_t first, uint64_t n, uint32_t id, int emit,
    int set)
{
	struct sim_request	*r;
	uint64_t		 m;
	size_t			 i;

	while (n > 0) {
		if (s->pol->queue_plug && s->queue.n == 0 &&
		    !s->q_plugged) {
			/* 2.6.38: a request entering an empty queue plugs it. */
			s->q_plugged = 1;
			s->unplug_at = s->now + s->cfg.unplug_delay_ns;
		}
		if ((m = try_merge(s, &s->queue, first, n, &i)) != 0) {
			r = &s->queue.v[i];
			if (emit)
				sim_blk_ev_queue(s, SIM_WHERE_QUEUE, first, m, r, 1);
		} else {
			m = n < s->cfg.max_req_pages ? n : s->cfg.max_req_pages;
			r = sim_blk_req_add(s, &s->queue, first, m, id);
			if (r == NULL)
				return;
			id = 0;
			if (emit)
				sim_blk_ev_queue(s, SIM_WHERE_QUEUE, first, m, r, 0);
		}
		if (set)
			sim_set_state(s, first, m, SIM_PAGE_QUEUED);
		first += m;
		n -= m;
	}
	if (s->pol->queue_plug && s->q_plugged &&
	    s->queue.n >= s->cfg.unplug_thresh)
		sim_blk_unplug(s, SIM_REASON_THRESHOLD);
}

/*
 * Submit a contiguous run of newly allocated pages, as bios.  The pages
 * that go on the plug become plugged in one state change per stretch
 * (up to a flush, a merge into the queue or the end), not one per request:
 * nothing reads page states in between.
 */
void
sim_blk_submit(struct sim *s, uint64_t first, uint64_t n)
{
	struct sim_request	*r;
	uint64_t		 m, pf = first;
	size_t			 i;

	if (!task_plugged(s)) {
		elv_add(s, first, n, 0, 1, 1);
		if (!s->q_plugged)
			sim_dev_dispatch(s);
		return;
	}
	while (n > 0) {
		if ((m = try_merge(s, &s->plug, first, n, &i)) != 0) {
			r = &s->plug.v[i];
			sim_blk_ev_queue(s, SIM_WHERE_PLUG, first, m, r, 1);
		} else if ((m = try_merge(s, &s->queue, first, n, &i)) != 0) {
			/* Merged straight into a queued, unstarted request. */
			r = &s->queue.v[i];
			sim_blk_ev_queue(s, SIM_WHERE_QUEUE, first, m, r, 1);
			sim_set_state(s, pf, first - pf, SIM_PAGE_PLUGGED);
			sim_set_state(s, first, m, SIM_PAGE_QUEUED);
			first += m;
			n -= m;
			pf = first;
			continue;
		} else {
			/* 3.1+: a full plug list is flushed before it grows. */
			if (s->plug.n >= s->cfg.plug_limit) {
				sim_set_state(s, pf, first - pf,
				    SIM_PAGE_PLUGGED);
				pf = first;
				sim_blk_flush(s, SIM_REASON_LIMIT);
			}
			m = n < s->cfg.max_req_pages ? n : s->cfg.max_req_pages;
			r = sim_blk_req_add(s, &s->plug, first, m, 0);
			if (r == NULL)
				break;
			sim_blk_ev_queue(s, SIM_WHERE_PLUG, first, m, r, 0);
		}
		first += m;
		n -= m;
	}
	sim_set_state(s, pf, first - pf, SIM_PAGE_PLUGGED);
}

/* 2012: a request released from the plug enters the elevator, merging. */
void
sim_blk_insert(struct sim *s, const struct sim_request *r)
{
	elv_add(s, r->first, r->npages, r->id, 0, 1);
}

/* Modern: a bio of [first, end) was built; its pages complete together. */
void
sim_blk_bio(struct sim *s, uint64_t first, uint64_t end)
{
	if (sim_biov_add(&s->bios, first, end) != 0)
		s->oom = 1;
}

/*
 * Request r completed, bios in flight (sim_blk_done() has the case of
 * none).  Without a piece of one in it its pages are up to date.  Else
 * each bio it holds a piece of has that many pages fewer left; the bios
 * with none left are done, and their pages - one contiguous range, since
 * only the first and last bio of a request can reach beyond it - are up to
 * date.
 */
void
sim_blk_done_bios(struct sim *s, const struct sim_request *r,
    uint64_t *first, uint64_t *n)
{
	struct sim_biov	*b = &s->bios;
	uint64_t	 r0 = r->first, r1 = r->first + r->npages, lo, hi;
	uint64_t	 d0 = SIM_NONE, d1 = 0;
	size_t		 i, k;
	int		 held = 0;

	*first = r0;
	*n = r->npages;
	for (i = k = 0; i < b->n; i++) {
		lo = b->v[i].first > r0 ? b->v[i].first : r0;
		hi = b->v[i].end < r1 ? b->v[i].end : r1;
		if (lo < hi) {
			b->v[i].left -= hi - lo;
			held = 1;
		}
		if (b->v[i].left == 0) {
			if (d0 == SIM_NONE)
				d0 = b->v[i].first;
			d1 = b->v[i].end;
			continue;
		}
		b->v[k++] = b->v[i];
	}
	b->n = k;
	if (!held) {
		/* A request of page bios (2012, or one from before a switch). */
		sim_set_state(s, r0, r->npages, SIM_PAGE_UPTODATE);
		return;
	}
	*first = d0 == SIM_NONE ? r0 : d0;
	*n = d0 == SIM_NONE ? 0 : d1 - d0;
	if (*n != 0)
		sim_set_state(s, *first, *n, SIM_PAGE_UPTODATE);
}

/* Record a flush of the non-empty list l, counted in the statistics. */
static void
flush_event(struct sim *s, enum sim_reason why, const struct sim_reqv *l)
{
	struct sim_event	*e;
	size_t			 i;

	e = sim_ev_new(s, SIM_EV_FLUSH);
	e->reason = why;
	e->first = l->v[0].first;
	e->count = (uint32_t)l->n;
	for (i = 0; i < l->n; i++)
		e->npages += l->v[i].npages;
	s->st.flushes++;
}

/*
 * 2012 without a plugged queue: the list's requests enter the elevator one
 * by one (merging as they go), then their pages become queued together, one
 * state change per contiguous stretch of the list (sorted by page) instead
 * of one per request.  Nothing reads page states in between: inserting
 * gives out no event and, with no queue plug, runs no unplug.
 */
static void
flush_2012(struct sim *s, const struct sim_reqv *l)
{
	uint64_t	first, end;
	size_t		i;

	for (i = 0; i < l->n; i++)
		elv_add(s, l->v[i].first, l->v[i].npages, l->v[i].id, 0, 0);
	for (i = 0; i < l->n;) {
		first = l->v[i].first;
		end = first + l->v[i].npages;
		while (++i < l->n && l->v[i].first == end)
			end += l->v[i].npages;
		sim_set_state(s, first, end - first, SIM_PAGE_QUEUED);
	}
}

/* Release the task's plug list into the elevator and run the queue. */
void
sim_blk_flush(struct sim *s, enum sim_reason why)
{
	struct sim_reqv		 list;
	size_t			 i;

	if (s->plug.n == 0)
		return;
	flush_event(s, why, &s->plug);
	list = s->plug;
	memset(&s->plug, 0, sizeof s->plug);
	if (list.n > 1 && s->pol->insert == sim_blk_insert &&
	    !s->pol->queue_plug)
		flush_2012(s, &list);
	else {
		for (i = 0; i < list.n; i++)
			s->pol->insert(s, &list.v[i]);
	}
	/* Keep the buffer for the next plug. */
	s->plug.v = list.v;
	s->plug.cap = list.cap;
	s->plug.base = list.base;
	s->plug.n = 0;
	sim_dev_dispatch(s);
}

/* Legacy: unplug the request queue and run it. */
void
sim_blk_unplug(struct sim *s, enum sim_reason why)
{
	if (!s->q_plugged)
		return;
	s->q_plugged = 0;
	s->unplug_at = SIM_NONE;
	if (s->queue.n != 0)
		flush_event(s, why, &s->queue);
	sim_dev_dispatch(s);
}

/* The unplug timer fired. */
void
sim_blk_timer(struct sim *s)
{
	sim_blk_unplug(s, SIM_REASON_TIMER);
}
