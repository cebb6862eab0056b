/*
 * sim-dev.c - the device (model.md §5): dispatch from the elevator, the
 * link-wide idle-exit wake, the link's 512-byte round-robin turns (or whole
 * commands in order on a FIFO disk), completions that wake the reader, and
 * the busy/waking/idle split of device time.
 *
 * Round robin.  The link serves the ready commands (access latency over) one
 * unit of 512 bytes each, in dispatch order, and starts over.  A command's
 * latency starts at dispatch (or when the link is up, if it is waking), so
 * latency ends rise with dispatch order and the ready commands are always a
 * prefix of the device list, dev.v[0 .. lk.k).  Counting in rounds, a
 * command that becomes ready gets its first unit in the round under way (it
 * has the highest dispatch number, so it comes last in that round), and with
 * u units to send it finishes in round f = round + u - 1: commands complete
 * in the order of (finish round, dispatch number), which a min-heap keeps.
 * The time of the top's completion follows from where the link stands: the
 * units still to go in this round, k per whole round after it, and its
 * place in its round.  A batch of commands that became ready together with
 * the same size and consecutive numbers is one heap item.  So a latency end
 * and a completion each cost O(log n), and no unit is ever stepped.  A
 * latency end is not an action of its own: the commands whose latency ends
 * by the next completion join the turns ahead of time, at their latency
 * ends, after each change of the device list (rr_catch_up()), so the
 * device's next action is always a completion.
 *
 * Unit ends are counted from the start of the link's busy run: unit j ends
 * at t + ceil((ph + j * 512e9) / B), with (t, ph) the run's start folded
 * forward now and then (lk_norm()) so that no product overflows; the fold is
 * exact, so nothing drifts, and every time is a sum of latencies and whole
 * units: a periodic read pattern gives an exactly periodic device state.
 * The bandwidth is at most 512 GB/s (sim_config_check()), so a unit lasts at
 * least 1 ns and at most one unit ends in a nanosecond.
 *
 * FIFO transfers one command at a time in order, so each completion time is
 * known at dispatch.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "sim.h"
#include "sim-int.h"

static inline void rr_top_set(struct sim *);

/* One unit's work: 512 bytes times 10^9 (byte-nanoseconds per second). */
#define UNIT_WORK	((sim_u128)SIM_SECTOR_SIZE * 1000000000u)

/* Units of a request. */
static uint64_t
req_units(const struct sim_request *r)
{
	return (r->npages * (SIM_PAGE_SIZE / SIM_SECTOR_SIZE));
}

/* Ceiling division. */
static uint64_t
div_up(uint64_t a, uint64_t b)
{
	return (a / b + (a % b != 0));
}

/* End of unit j of the link's run; saturates at SIM_NONE. */
static uint64_t
lk_end(const struct sim *s, const struct sim_link *l, uint64_t j)
{
	sim_u128	a = l->ph + (sim_u128)j * UNIT_WORK;
	uint64_t	b = s->cfg.device.bandwidth;
	sim_u128	q;

	/* Why: a 64-bit division where it fits, the common case, is cheap. */
	if ((uint64_t)(a >> 64) == 0)
		q = (uint64_t)a / b + ((uint64_t)a % b != 0);
	else
		q = a / b + (a % b != 0);
	return (q >= SIM_NONE - l->t ? SIM_NONE : l->t + (uint64_t)q);
}

/*
 * Fold the units started into the run's start: unit u + j ends where unit
 * j of the folded run ends, exactly (the quotient goes into t, the
 * remainder is the new phase).
 */
static void
lk_norm(const struct sim *s, struct sim_link *l)
{
	sim_u128	a = l->ph + (sim_u128)l->u * UNIT_WORK;
	uint64_t	b = s->cfg.device.bandwidth;

	if (l->u == 0)
		return;
	if ((uint64_t)(a >> 64) == 0) {
		l->t += (uint64_t)a / b;
		l->ph = (uint64_t)a % b;
	} else {
		l->t += (uint64_t)(a / b);
		l->ph = (uint64_t)(a % b);
	}
	/* The top's last unit is the same unit, counted from the new start. */
	l->top_j -= l->u;
	l->u = 0;
}

/*
 * Make the link's choices at the ends of units u .. j - 1 (nothing if j <=
 * u): the turns move on by that many.
 */
static inline void
lk_advance_to(const struct sim *s, struct sim_link *l, uint64_t j)
{
	uint64_t	n, tot, q;

	if (j <= l->u)
		return;
	n = j - l->u;
	l->u = j;
	/* Position p of round `round`, n turns on. */
	tot = l->p + n;
	if (tot <= l->k)
		l->p = tot;
	else {
		q = (tot - 1) / l->k;
		l->round += q;
		l->p = tot - q * l->k;
	}
	/* Fold now and then, so that unit ends stay 64-bit divisions. */
	if (l->u > (UINT64_C(1) << 24))
		lk_norm(s, l);
}

/*
 * Make the link's choices up to (not at) time t: at the end of each unit
 * before t the next ready command in turn starts one.  Nothing joins or
 * leaves in between (those change the turns themselves, after this), so
 * the choices are counted, not made one by one.  Inline, as rr_top_set():
 * it runs when a command joins the turns (its completion counts with
 * lk_advance_to()).
 */
static inline void
lk_advance(const struct sim *s, struct sim_link *l, uint64_t t)
{
	sim_u128	span, jmax;

	if (l->k == 0 || t <= l->t)
		return;
	/* Unit j ends before t iff ph + j * W <= (t - start - 1) * B. */
	span = (sim_u128)(t - l->t - 1) * s->cfg.device.bandwidth;
	if (span < l->ph)
		return;
	span -= l->ph;
	jmax = (uint64_t)(span >> 64) == 0 ? (sim_u128)((uint64_t)span /
	    (UINT64_C(1000000000) * SIM_SECTOR_SIZE)) : span / UNIT_WORK;
	lk_advance_to(s, l, (uint64_t)jmax + 1);
}

/*
 * The first command becomes ready on an idle link at time t: a new busy run
 * starts there, unless the link went free at this very instant, in which
 * case it never stopped and the run goes on (the next unit starts at t
 * either way, and the phase of the unit ends is kept).
 */
static void
lk_start(struct sim_link *l, uint64_t t)
{
	if (l->free_at != t) {
		l->t = t;
		l->ph = 0;
		l->u = 0;
	}
	l->round++;
	l->p = 0;
}

/*
 * The unit (counted from the run's start) that the ready command at place
 * i with finish round f sends last: the turns left in this round, k for
 * each round up to f, and its place in round f.
 */
static inline uint64_t
lk_done_unit(const struct sim_link *l, uint64_t f, size_t i)
{
	return (l->u + (f - l->round) * l->k + i + 1 - l->p);
}

/* Heap order: earlier finish round first, then earlier dispatch. */
static int
rr_before(const struct sim_rr_item *a, const struct sim_rr_item *b)
{
	return (a->f < b->f || (a->f == b->f && a->seq < b->seq));
}

/*
 * Push an item; 0, or -1 when out of memory.  Equal-size commands join in
 * the order they finish, so the items mostly come sorted: they are queued
 * at the end, and only one out of order turns the queue into a heap (a
 * sorted array is one already).  The top is the same either way: the
 * order is total.
 */
static int
heap_push_any(struct sim_rr_heap *h, struct sim_rr_item it)
{
	struct sim_rr_item	t, *nv;
	size_t			i, up, cap;

	if (!h->heaped && h->n != 0 && rr_before(&it, &h->v[h->n - 1])) {
		memmove(h->v, h->v + h->head, (h->n - h->head) * sizeof *h->v);
		h->n -= h->head;
		h->head = 0;
		h->heaped = 1;
	}
	if (h->n == h->cap && h->head != 0) {
		/* A queue at the end of its array moves to its start. */
		memmove(h->v, h->v + h->head, (h->n - h->head) * sizeof *h->v);
		h->n -= h->head;
		h->head = 0;
	}
	if (h->n == h->cap) {
		cap = h->cap ? h->cap * 2 : 64;
		if ((nv = realloc(h->v, cap * sizeof *nv)) == NULL)
			return (-1);
		h->v = nv;
		h->cap = cap;
	}
	i = h->n++;
	h->v[i] = it;
	if (!h->heaped)
		return (0);
	while (i > 0 && rr_before(&h->v[i], &h->v[up = (i - 1) / 2])) {
		t = h->v[i];
		h->v[i] = h->v[up];
		h->v[up] = t;
		i = up;
	}
	return (0);
}

/*
 * heap_push(), its common case inline: a queue with room, the item not
 * before its last.
 */
static inline int
heap_push(struct sim_rr_heap *h, struct sim_rr_item it)
{
	if (h->heaped || h->n == h->cap ||
	    (h->n != 0 && rr_before(&it, &h->v[h->n - 1])))
		return (heap_push_any(h, it));
	h->v[h->n++] = it;
	return (0);
}

/* Remove the top (there must be one); empty, it is a queue again. */
static void
heap_pop(struct sim_rr_heap *h)
{
	struct sim_rr_item	t;
	size_t			i = 0, c;

	if (!h->heaped) {
		if (++h->head == h->n)
			h->head = h->n = 0;
		return;
	}
	h->v[0] = h->v[--h->n];
	if (h->n == 0)
		h->heaped = 0;
	for (;;) {
		c = 2 * i + 1;
		if (c >= h->n)
			break;
		if (c + 1 < h->n && rr_before(&h->v[c + 1], &h->v[c]))
			c++;
		if (!rr_before(&h->v[c], &h->v[i]))
			break;
		t = h->v[i];
		h->v[i] = h->v[c];
		h->v[c] = t;
		i = c;
	}
}

/* dev_find() past its first guess: bisection of the device list. */
static size_t
dev_bisect(const struct sim *s, uint64_t seq)
{
	size_t	lo = 0, hi = s->dev.n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (s->dev.v[mid].seq < seq)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (lo);
}

/*
 * Index of the request with dispatch number seq on the device list.
 * Dispatch numbers are consecutive on the list until a command completes
 * out of order: the place they would give is tried first (inline: it is
 * mostly right).
 */
static inline size_t
dev_find(const struct sim *s, uint64_t seq)
{
	size_t	mid;

	if (s->dev.n != 0 && seq >= s->dev.v[0].seq &&
	    (mid = (size_t)(seq - s->dev.v[0].seq)) < s->dev.n &&
	    s->dev.v[mid].seq == seq)
		return (mid);
	return (dev_bisect(s, seq));
}

/*
 * Every command whose latency ends at time `at` or before joins the turns,
 * in dispatch order, the same-size neighbours of one instant as one heap
 * item.  `at` may lie ahead of now (rr_catch_up()).
 */
static void
rr_join_at(struct sim *s, uint64_t at)
{
	struct sim_link		*l = &s->lk;
	struct sim_request	*r;
	struct sim_rr_item	 b;

	if (l->k == 0)
		lk_start(l, at);
	else
		lk_advance(s, l, at);
	b.n = 0;
	while (l->k < s->dev.n && (r = &s->dev.v[l->k])->t_lat_end <= at) {
		r->fround = l->round + req_units(r) - 1;
		l->k++;
		if (b.n != 0 && b.f == r->fround && b.seq + b.n == r->seq) {
			b.n++;
			continue;
		}
		if (b.n != 0 && heap_push(&s->rr_heap, b) != 0)
			s->oom = 1;
		b.f = r->fround;
		b.seq = r->seq;
		b.n = 1;
	}
	if (heap_push(&s->rr_heap, b) != 0)
		s->oom = 1;
	rr_top_set(s);
	s->dn_ok = 0;
}

/* rr_catch_up() past its first check: the joins, in order. */
static void
rr_catch_up_any(struct sim *s)
{
	uint64_t	at;

	while (s->lk.k < s->dev.n &&
	    (at = s->dev.v[s->lk.k].t_lat_end) <= s->rr_top)
		rr_join_at(s, at);
}

/*
 * Join the turns ahead of time: every command whose latency ends by the
 * next completion (at its instant too: a latency end comes first) joins as
 * it would at its latency end, in order, each moving that completion on.
 * Nothing else can change the turns before then - a completion is the
 * next change, and a command dispatched meanwhile ends its latency after
 * these (latency ends rise with dispatch order) - so the link's choices
 * are the same, and a latency end needs no action of its own: the
 * device's next action is always a completion (sim_dev_next()).  Called
 * after every change of the device list (dispatches, completions).
 * Inline: mostly no latency ends that soon.
 */
static inline void
rr_catch_up(struct sim *s)
{
	if (s->lk.k < s->dev.n && s->dev.v[s->lk.k].t_lat_end <= s->rr_top)
		rr_catch_up_any(s);
}

/*
 * Compute when the heap's top completes (SIM_NONE if nothing is ready)
 * into s->rr_top, with its place on the device list (rr_top_i) and its
 * last unit (lk.top_j), which its completion uses.  The time changes only
 * when a command joins or leaves the turns: making the link's choices
 * (lk_advance()) or folding its start (lk_norm(), which moves top_j back
 * with u) moves u and the round by as many turns as it moves the top's
 * last unit closer, so its end stays where it was; a dispatch only appends
 * to the device list, so rr_top_i stays.
 */
static inline void
rr_top_set(struct sim *s)
{
	const struct sim_rr_item *t;

	if (s->rr_heap.n == 0) {
		s->rr_top = SIM_NONE;
		return;
	}
	t = &s->rr_heap.v[s->rr_heap.head];
	s->rr_top_i = dev_find(s, t->seq);
	s->lk.top_j = lk_done_unit(&s->lk, t->f, s->rr_top_i);
	s->rr_top = lk_end(s, &s->lk, s->lk.top_j);
}

/*
 * Bring the link up to now and fold its start forward, without changing
 * any future event (at read() boundaries, so that the state there is
 * canonical, see sim_cycle_check()): the choices made are those the link
 * would make anyway, and the fold is exact.
 */
void
sim_dev_sync(struct sim *s)
{
	if (s->cfg.device.disc != SIM_DISC_RR)
		return;
	lk_advance(s, &s->lk, s->now);
	if (s->lk.k != 0)
		lk_norm(s, &s->lk);
}

/* A ready request's rounds to go (the period signature), 0 if not ready. */
uint64_t
sim_dev_left(const struct sim *s, const struct sim_request *r)
{
	if (s->cfg.device.disc != SIM_DISC_RR || r->t_dispatch == SIM_NONE)
		return (0);
	if (dev_find(s, r->seq) >= s->lk.k)
		return (0);
	/* Rounds to its last unit, counted from 1 (0: not ready). */
	return (r->fround - s->lk.round + 1);
}

/* Deep-copy the device's private state of o into s (the heap). */
int
sim_dev_copy(struct sim *s, const struct sim *o)
{
	struct sim_rr_heap	*d = &s->rr_heap;
	const struct sim_rr_heap *h = &o->rr_heap;

	memset(d, 0, sizeof *d);
	if (h->n == 0)
		return (0);
	if ((d->v = malloc((h->n - h->head) * sizeof *d->v)) == NULL)
		return (-1);
	memcpy(d->v, h->v + h->head, (h->n - h->head) * sizeof *d->v);
	d->n = d->cap = h->n - h->head;
	d->heaped = h->heaped;
	return (0);
}

/* Free the device's private state. */
void
sim_dev_free(struct sim *s)
{
	free(s->rr_heap.v);
	s->rr_heap.v = NULL;
}

/*
 * Dispatch queued requests while the device has free slots.  Inline: its
 * one caller is sim_dev_dispatch_any().
 */
static inline void
dev_dispatch(struct sim *s)
{
	struct sim_request	*r;
	struct sim_event	*e;
	uint64_t		 up, xfer, start;
	int			 idle;

	while (s->queue.n != 0 && s->dev.n < s->cfg.device.qd) {
		/* Moved into its place at the end of the device list. */
		idle = s->dev.n == 0;
		if ((r = sim_reqv_append_slot(&s->dev)) == NULL) {
			s->oom = 1;
			return;
		}
		*r = s->queue.v[0];
		sim_reqv_remove(&s->queue, 0);
		r->t_dispatch = s->now;
		r->penalised = 0;
		if (idle && s->cfg.device.idle_penalty_ns != 0 &&
		    s->now - s->idle_since >= s->cfg.device.idle_thresh_ns) {
			/* The whole link wakes first; this command made it. */
			s->wake_end = s->now + s->cfg.device.idle_penalty_ns;
			r->penalised = 1;
			s->st.penalties++;
			s->st.penalty_ns += s->cfg.device.idle_penalty_ns;
		}
		/* No latency starts before the link is up. */
		up = s->wake_end > s->now ? s->wake_end : s->now;
		r->t_lat_end = up + s->cfg.device.latency_ns;
		r->t_done = SIM_NONE;
		r->fround = 0;
		if (s->cfg.device.disc == SIM_DISC_FIFO) {
			xfer = div_up(r->npages * SIM_PAGE_SIZE *
			    UINT64_C(1000000000), s->cfg.device.bandwidth);
			start = s->fifo_last_done > r->t_lat_end ?
			    s->fifo_last_done : r->t_lat_end;
			r->t_done = start + xfer;
			s->fifo_last_done = r->t_done;
		}
		r->seq = s->dseq++;
		s->dn_ok = 0;
		sim_set_state(s, r->first, r->npages, SIM_PAGE_INFLIGHT);
		s->st.requests++;
		s->st.request_pages += r->npages;
		if (r->npages > s->st.max_request_pages)
			s->st.max_request_pages = r->npages;
		s->hist[r->npages]++;
		if (s->hist[r->npages] > s->hist[s->st.mode_request_pages] ||
		    (s->hist[r->npages] == s->hist[s->st.mode_request_pages] &&
		    r->npages > s->st.mode_request_pages))
			s->st.mode_request_pages = r->npages;

		e = sim_ev_new(s, SIM_EV_DISPATCH);
		e->first = r->first;
		e->npages = r->npages;
		e->req = r->id;
		e->penalised = r->penalised;
		if (s->lab_next == 2 && s->t1_page >= r->first &&
		    s->t1_page < r->first + r->npages)
			sim_label(s, e, 2);
		else if (s->lab_pend != 0 && s->lab_pend_page >= r->first &&
		    s->lab_pend_page < r->first + r->npages) {
			/* T3/T4 in fixed and legacy: the window is sent. */
			sim_label(s, e, s->lab_pend);
			e->hit = s->lab_pend_hit;
			s->lab_pend = 0;
		}
	}
}

/*
 * Dispatch queued requests while the device has free slots (any to do),
 * unless the queue is plugged; round robin, then join the turns ahead of
 * time (rr_catch_up(): a zero latency is ready at once).
 */
void
sim_dev_dispatch_any(struct sim *s)
{
	if (!(s->pol->queue_plug && s->q_plugged))
		dev_dispatch(s);
	if (s->cfg.device.disc == SIM_DISC_RR)
		rr_catch_up(s);
}

/*
 * Request r completes: the pages it makes up to date (its own; in modern
 * mode those of the bios it finishes, sim_blk_done()) are what the event
 * tells, and the reader may wake.
 */
static void
dev_done(struct sim *s, const struct sim_request *r)
{
	struct sim_event	*e;
	uint64_t		 first, n;

	sim_blk_done(s, r, &first, &n);
	e = sim_ev_new(s, SIM_EV_COMPLETE);
	e->first = first;
	e->npages = n;
	e->req = r->id;
	if (s->rd.task == SIM_TASK_SLEEPING && s->rd.wait_page >= first &&
	    s->rd.wait_page < first + n) {
		s->rd.task = SIM_TASK_WAKING;
		s->rd.busy_until = s->now + s->cfg.cpu.wake_ns;
		s->step = STEP_WOKEN;
	}
}

/* The device list ran empty: the device is idle from now. */
static void
dev_empty(struct sim *s)
{
	if (s->dev.n == 0)
		s->idle_since = s->now;
}

/*
 * Round robin: the command whose last unit ends now completes (at most one
 * a nanosecond, see the top of the file; the loop is for safety).
 */
static void
rr_complete(struct sim *s)
{
	struct sim_rr_item	*t;
	size_t			 i;

	while (s->rr_top <= s->now) {
		/*
		 * The choices up to now: at the ends of the units before the
		 * top's last, which ends now (lk_advance() to now, counted).
		 */
		lk_advance_to(s, &s->lk, s->lk.top_j);
		t = &s->rr_heap.v[s->rr_heap.head];
		i = s->rr_top_i;
		dev_done(s, &s->dev.v[i]);
		sim_reqv_remove(&s->dev, i);
		s->lk.k--;
		if (i < s->lk.p)
			s->lk.p--;
		if (s->lk.k == 0)
			s->lk.free_at = s->now;
		if (--t->n == 0)
			heap_pop(&s->rr_heap);
		else
			t->seq++;
		rr_top_set(s);
		s->dn_ok = 0;
	}
	dev_empty(s);
}

/*
 * Perform the device's next action: the completions now, then dispatches
 * into the slots they freed.
 */
void
sim_dev_run(struct sim *s)
{
	size_t	n;

	if (s->cfg.device.disc == SIM_DISC_FIFO) {
		/* Completion times rise along the list (dispatch order). */
		for (n = 0; n < s->dev.n && s->dev.v[n].t_done <= s->now; n++)
			dev_done(s, &s->dev.v[n]);
		if (n != 0) {
			sim_reqv_remove_n(&s->dev, 0, n);
			s->dn_ok = 0;
			dev_empty(s);
		}
		sim_dev_dispatch(s);
		return;
	}
	/*
	 * Round robin: the latency ends by now have joined (rr_catch_up());
	 * those by the next completion join after this one (after the
	 * dispatches if there are any; then this catch-up finds none).
	 */
	rr_complete(s);
	sim_dev_dispatch(s);
	rr_catch_up(s);
}

/*
 * The last latency end after now and at or before t, SIM_NONE if none.
 * Such a latency end was once an action of its own (before rr_catch_up()),
 * and sim_run_until_time() still ends there: its now and the device's time
 * accounted.  The commands that joined ahead of time are a prefix of the
 * device list, their latency ends rising along it; the others end theirs
 * after the next completion, past t when the run is over.
 */
uint64_t
sim_dev_lat_last(const struct sim *s, uint64_t t)
{
	size_t	i;

	if (s->cfg.device.disc != SIM_DISC_RR)
		return (SIM_NONE);
	for (i = s->lk.k; i > 0 && s->dev.v[i - 1].t_lat_end > s->now; i--)
		if (s->dev.v[i - 1].t_lat_end <= t)
			return (s->dev.v[i - 1].t_lat_end);
	return (SIM_NONE);
}
