/*
 * sim-dev.c - the device (model.md §5): dispatch from the elevator, the
 * idle-exit penalty, FIFO and processor-sharing completion, completions that
 * wake the reader, and the busy/waking/idle split of device time.
 *
 * FIFO transfers one command at a time in order, so each completion time is
 * known at dispatch.  Processor sharing is integer arithmetic with a carried
 * division remainder: every command past its latency shares the bandwidth
 * equally, and ps_share() is the one place that computes a share, used both
 * when the device advances and when sim_next_time() looks ahead.
 *
 * Cost.  Every sharer gets the same share, so the device keeps one running
 * total, the virtual time ps_v (the work each sharer has been given), and
 * each command joins the sharing with the virtual finish time vend = ps_v +
 * its work: its work left is vend - ps_v, and it completes once ps_v reaches
 * vend.  The sharers sit in a min-heap on (vend, dispatch number), so an
 * advance is O(1), the next completion is the heap's top, and a completion
 * is O(log n) plus the removal from the dispatch-ordered device list.  A
 * batch dispatched together (same work, same latency end) is one heap item,
 * so a batch of n costs O(log) on the heap and O(1) per command.  The
 * commands still in their latency are the device list's tail (dispatch order
 * is latency-end order), except a first command that pays the idle-exit
 * penalty (always dev.v[0]: it is dispatched to an idle device): ps_unj and
 * ps_pen0.  FIFO completes in dispatch order, so its next completion is
 * dev.v[0].  The numbers are those of a loop over every command with its
 * own work left: the same shares, the same remainders, the same order of
 * completions (dispatch order among those completing at once).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "sim.h"
#include "sim-int.h"

/* Transfer work of a request in byte-nanoseconds-per-second units. */
static uint64_t
req_work(const struct sim_request *r)
{
	return (r->npages * SIM_PAGE_SIZE * UINT64_C(1000000000));
}

/* Ceiling division. */
static uint64_t
div_up(uint64_t a, uint64_t b)
{
	return (a / b + (a % b != 0));
}

/* Ceiling division of a 128-bit numerator; saturates at SIM_NONE. */
static uint64_t
div_up128(sim_u128 a, uint64_t b)
{
	sim_u128	q = a / b + (a % b != 0);

	return (q >= SIM_NONE ? SIM_NONE : (uint64_t)q);
}

/*
 * One step of processor sharing, the only place the sharing is computed
 * (ps_advance() on the device, sim_dev_next_done() on a look-ahead): k
 * commands share dt nanoseconds of bandwidth equally.  The division
 * remainder *rem is carried so that no work is lost; it belongs to *pk
 * sharers and is dropped when their number changes or none is left.
 * Returns each sharer's work done.
 */
static uint64_t
ps_share(const struct sim *s, uint64_t k, uint64_t dt, uint64_t *rem,
    uint64_t *pk)
{
	sim_u128	tot;

	if (k == 0) {
		*rem = 0;
		return (0);
	}
	if (k != *pk)
		*rem = 0;
	*pk = k;
	/* 128 bits: bandwidth times a long interval passes 2^64. */
	tot = (sim_u128)s->cfg.device.bandwidth * dt + *rem;
	*rem = (uint64_t)(tot % k);
	return (tot / k > UINT64_MAX ? UINT64_MAX : (uint64_t)(tot / k));
}

/*
 * Time k sharers need until the one with minleft work left finishes, with
 * the remainder rem carried from pk sharers: the smallest dt with
 * (B * dt + rem) / k >= minleft, in 128 bits.
 */
static uint64_t
ps_need(const struct sim *s, uint64_t k, uint64_t minleft, uint64_t rem,
    uint64_t pk)
{
	sim_u128	need = (sim_u128)minleft * k;

	if (k != pk)
		rem = 0;
	need = need > rem ? need - rem : 0;
	return (div_up128(need, s->cfg.device.bandwidth));
}

/* Heap order: earlier virtual finish first, then earlier dispatch. */
static int
ps_before(const struct sim_ps_item *a, const struct sim_ps_item *b)
{
	return (a->vend < b->vend || (a->vend == b->vend && a->seq < b->seq));
}

/* Double a heap's room; 0, or -1 when out of memory. */
static int
heap_grow(struct sim_ps_heap *h)
{
	struct sim_ps_item	*nv;
	size_t			 cap = h->cap ? h->cap * 2 : 64;

	if ((nv = realloc(h->v, cap * sizeof *nv)) == NULL)
		return (-1);
	h->v = nv;
	h->cap = cap;
	return (0);
}

/* Push an item on a heap; 0, or -1 when out of memory. */
static int
heap_push(struct sim_ps_heap *h, struct sim_ps_item it)
{
	struct sim_ps_item	t;
	size_t			i, up;

	if (h->n == h->cap && heap_grow(h) != 0)
		return (-1);
	i = h->n++;
	h->v[i] = it;
	while (i > 0 && ps_before(&h->v[i], &h->v[up = (i - 1) / 2])) {
		t = h->v[i];
		h->v[i] = h->v[up];
		h->v[up] = t;
		i = up;
	}
	return (0);
}

/* Remove the heap's top (the heap must not be empty). */
static void
heap_pop(struct sim_ps_heap *h)
{
	struct sim_ps_item	t;
	size_t			i = 0, c;

	h->v[0] = h->v[--h->n];
	for (;;) {
		c = 2 * i + 1;
		if (c >= h->n)
			break;
		if (c + 1 < h->n && ps_before(&h->v[c + 1], &h->v[c]))
			c++;
		if (!ps_before(&h->v[c], &h->v[i]))
			break;
		t = h->v[i];
		h->v[i] = h->v[c];
		h->v[c] = t;
		i = c;
	}
}

/*
 * Command r starts sharing now with virtual finish time ps_v + its work: it
 * extends the batch *b when it follows it with the same finish time, else
 * *b goes on the heap (unless empty) and a batch of r starts.
 */
static void
ps_join(struct sim *s, struct sim_request *r, struct sim_ps_item *b)
{
	r->vend = s->ps_v + req_work(r);
	s->ps_n++;
	if (b->n != 0 && b->vend == r->vend && b->seq + b->n == r->seq) {
		b->n++;
		return;
	}
	if (b->n != 0 && heap_push(&s->ps_heap, *b) != 0)
		s->oom = 1;
	b->vend = r->vend;
	b->seq = r->seq;
	b->n = 1;
}

/*
 * Every command whose latency has ended by ps_last starts sharing: the
 * penalised first command, then the tail in latency-end order (a batch
 * dispatched together joins as one heap item).
 */
static void
ps_join_ended(struct sim *s)
{
	struct sim_request	*r;
	struct sim_ps_item	 b;

	b.n = 0;
	if (s->ps_pen0 && s->dev.v[0].t_lat_end <= s->ps_last) {
		ps_join(s, &s->dev.v[0], &b);
		s->ps_pen0 = 0;
	}
	while (s->ps_unj != 0) {
		r = &s->dev.v[s->dev.n - s->ps_unj];
		if (r->t_lat_end > s->ps_last)
			break;
		ps_join(s, r, &b);
		s->ps_unj--;
	}
	if (b.n != 0 && heap_push(&s->ps_heap, b) != 0)
		s->oom = 1;
}

/*
 * Processor sharing: bring the sharing up to now (ps_share() to each
 * sharer, that is, to the virtual time), then let the commands whose latency
 * has ended by now join.
 */
static void
ps_advance(struct sim *s)
{
	uint64_t	dt;

	dt = s->now - s->ps_last;
	s->ps_last = s->now;
	if (dt != 0) {
		s->dn_ok = 0;
		s->ps_v += ps_share(s, s->ps_n, dt, &s->ps_rem, &s->ps_k);
	}
	ps_join_ended(s);
}

/*
 * Bring the sharing up to now without changing any future event (at read()
 * boundaries, so that the state there is canonical, see sim_cycle_check()).
 * Splitting an interval is exact: the carried remainder makes the two shares
 * add up to the one share of the whole, and over an interval without sharers
 * the remainder is dropped at the split just as it would be at the end.
 */
void
sim_dev_sync(struct sim *s)
{
	if (s->cfg.device.disc == SIM_DISC_PS)
		ps_advance(s);
}

/* Work left of a request (the period signature), byte*1e9 units. */
uint64_t
sim_dev_left(const struct sim *s, const struct sim_request *r)
{
	if (s->cfg.device.disc != SIM_DISC_PS || r->t_dispatch == SIM_NONE)
		return (0);
	if (r->vend == 0)
		return (req_work(r));
	return (r->vend > s->ps_v ? (uint64_t)(r->vend - s->ps_v) : 0);
}

/* Copy a heap; 0, or -1 when out of memory. */
static int
heap_copy(struct sim_ps_heap *d, const struct sim_ps_heap *o)
{
	d->v = NULL;
	d->n = d->cap = 0;
	if (o->n == 0)
		return (0);
	if ((d->v = malloc(o->n * sizeof *d->v)) == NULL)
		return (-1);
	memcpy(d->v, o->v, o->n * sizeof *d->v);
	d->n = d->cap = o->n;
	return (0);
}

/* Deep-copy the device's private state (the sharers' heap). */
int
sim_dev_copy(struct sim *s, const struct sim *o)
{
	memset(&s->ps_done, 0, sizeof s->ps_done);
	return (heap_copy(&s->ps_heap, &o->ps_heap));
}

/* Free the device's private state. */
void
sim_dev_free(struct sim *s)
{
	free(s->ps_heap.v);
	free(s->ps_done.v);
	s->ps_heap.v = s->ps_done.v = NULL;
}

/* Earliest latency end of the commands not sharing yet, SIM_NONE if none. */
static uint64_t
ps_next_lat(const struct sim *s)
{
	uint64_t	t = SIM_NONE;

	if (s->ps_pen0)
		t = s->dev.v[0].t_lat_end;
	if (s->ps_unj != 0 && s->dev.v[s->dev.n - s->ps_unj].t_lat_end < t)
		t = s->dev.v[s->dev.n - s->ps_unj].t_lat_end;
	return (t);
}

/* Time of the next device action, SIM_NONE if idle. */
uint64_t
sim_dev_next(const struct sim *s)
{
	const struct sim_ps_heap *h = &s->ps_heap;
	uint64_t	 t, d;

	if (s->dev.n == 0)
		return (SIM_NONE);
	/* FIFO completes in dispatch order. */
	if (s->cfg.device.disc == SIM_DISC_FIFO)
		return (s->dev.v[0].t_done);
	t = ps_next_lat(s);
	if (h->n != 0) {
		d = ps_need(s, s->ps_n, (uint64_t)(h->v[0].vend - s->ps_v),
		    s->ps_rem, s->ps_k);
		if (s->ps_last + d < t)
			t = s->ps_last + d;
	}
	return (t);
}

/* Dispatch queued requests while the device has free slots. */
void
sim_dev_dispatch(struct sim *s)
{
	struct sim_request	 r;
	struct sim_event	*e;
	uint64_t		 start, xfer;
	int			 idle;

	if (s->mode == SIM_MODE_LEGACY && s->q_plugged)
		return;
	while (s->queue.n != 0 && s->dev.n < s->cfg.device.qd) {
		r = s->queue.v[0];
		sim_reqv_remove(&s->queue, 0);
		if (s->cfg.device.disc == SIM_DISC_PS)
			ps_advance(s);
		idle = (s->dev.n == 0);
		r.t_dispatch = s->now;
		r.penalised = 0;
		start = s->now + s->cfg.device.latency_ns;
		if (idle && s->cfg.device.idle_penalty_ns != 0 &&
		    s->now - s->idle_since >= s->cfg.device.idle_thresh_ns) {
			/* Link (or head) has to wake up first. */
			start += s->cfg.device.idle_penalty_ns;
			r.penalised = 1;
			s->st.penalties++;
			s->st.penalty_ns += s->cfg.device.idle_penalty_ns;
		}
		r.t_lat_end = start;
		if (s->cfg.device.disc == SIM_DISC_FIFO) {
			xfer = div_up(req_work(&r), s->cfg.device.bandwidth);
			if (s->fifo_last_done > start)
				start = s->fifo_last_done;
			r.t_done = start + xfer;
			s->fifo_last_done = r.t_done;
		} else
			r.t_done = SIM_NONE;
		r.seq = s->dseq++;
		r.vend = 0;
		s->dn_ok = s->sv_ok = 0;
		if (sim_reqv_append(&s->dev, &r) != 0) {
			s->oom = 1;
			return;
		}
		if (s->cfg.device.disc == SIM_DISC_PS) {
			/* Out of latency-end order only when penalised. */
			if (r.penalised)
				s->ps_pen0 = 1;
			else
				s->ps_unj++;
			ps_join_ended(s);
		}
		sim_set_state(s, r.first, r.npages, SIM_PAGE_INFLIGHT);
		s->st.requests++;
		s->st.request_pages += r.npages;
		if (r.npages > s->st.max_request_pages)
			s->st.max_request_pages = r.npages;
		s->hist[r.npages]++;
		if (s->hist[r.npages] > s->hist[s->st.mode_request_pages] ||
		    (s->hist[r.npages] == s->hist[s->st.mode_request_pages] &&
		    r.npages > s->st.mode_request_pages))
			s->st.mode_request_pages = r.npages;

		e = sim_ev_new(s, SIM_EV_DISPATCH);
		e->first = r.first;
		e->npages = r.npages;
		e->req = r.id;
		e->penalised = r.penalised;
		if (s->lab_next == 2 && s->t1_page >= r.first &&
		    s->t1_page < r.first + r.npages)
			sim_label(s, e, 2);
		else if (s->lab_pend != 0 && s->lab_pend_page >= r.first &&
		    s->lab_pend_page < r.first + r.npages) {
			/* T3/T4 in fixed and legacy: the window is sent. */
			sim_label(s, e, s->lab_pend);
			e->hit = s->lab_pend_hit;
			s->lab_pend = 0;
		}
	}
}

/* Request r completes: its pages are up to date, the reader may wake. */
static void
dev_done(struct sim *s, const struct sim_request *r)
{
	struct sim_event	*e;

	sim_set_state(s, r->first, r->npages, SIM_PAGE_UPTODATE);
	e = sim_ev_new(s, SIM_EV_COMPLETE);
	e->first = r->first;
	e->npages = r->npages;
	e->req = r->id;
	if (s->rd.task == SIM_TASK_SLEEPING && s->rd.wait_page >= r->first &&
	    s->rd.wait_page < r->first + r->npages) {
		s->rd.task = SIM_TASK_WAKING;
		s->rd.busy_until = s->now + s->cfg.cpu.wake_ns;
		s->step = STEP_WOKEN;
	}
}

/*
 * Complete the n requests from index i of the device list, in list order,
 * and take them off the list in one move.
 */
static void
dev_complete(struct sim *s, size_t i, size_t n)
{
	size_t	j;

	for (j = 0; j < n; j++)
		dev_done(s, &s->dev.v[i + j]);
	sim_reqv_remove_n(&s->dev, i, n);
	s->dn_ok = s->sv_ok = 0;
	if (s->dev.n == 0) {
		s->idle_since = s->now;
		s->ps_rem = 0;
	}
}

/* Order of dispatch numbers (qsort). */
static int
seq_cmp(const void *a, const void *b)
{
	uint64_t	x = ((const struct sim_ps_item *)a)->seq;
	uint64_t	y = ((const struct sim_ps_item *)b)->seq;

	return ((x > y) - (x < y));
}

/* Index of the request with dispatch number seq on the device list. */
static size_t
dev_find(const struct sim *s, uint64_t seq)
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
 * Processor sharing: complete every sharer whose virtual finish time has
 * been reached, in dispatch order.
 */
static void
ps_complete(struct sim *s)
{
	struct sim_ps_heap	*h = &s->ps_heap, *d = &s->ps_done;
	size_t			 i;

	d->n = 0;
	while (h->n != 0 && h->v[0].vend <= s->ps_v) {
		if (d->n == d->cap && heap_grow(d) != 0) {
			s->oom = 1;
			return;
		}
		d->v[d->n++] = h->v[0];
		heap_pop(h);
	}
	/* Equal finish times come off the heap in dispatch order already. */
	for (i = 1; i < d->n; i++)
		if (d->v[i - 1].seq > d->v[i].seq) {
			qsort(d->v, d->n, sizeof *d->v, seq_cmp);
			break;
		}
	/* A batch is a run of the list. */
	for (i = 0; i < d->n; i++) {
		s->ps_n -= d->v[i].n;
		dev_complete(s, dev_find(s, d->v[i].seq), (size_t)d->v[i].n);
	}
}

/* Perform the device's next action: latency ends and completions now. */
void
sim_dev_run(struct sim *s)
{
	size_t	n;

	if (s->cfg.device.disc == SIM_DISC_PS) {
		ps_advance(s);
		ps_complete(s);
	} else {
		/* Completion times rise along the list (dispatch order). */
		for (n = 0; n < s->dev.n && s->dev.v[n].t_done <= s->now; n++)
			;
		if (n != 0)
			dev_complete(s, 0, n);
	}
	sim_dev_dispatch(s);
}

/*
 * Account the device's time from acct_t up to t as busy, waking or idle
 * (sim.h, struct sim_stats).  The device list does not change in between:
 * every command on it was dispatched at or before acct_t and completes at
 * or after t.  A command is served from its dispatch, or from the end of
 * its idle-exit penalty if it pays one; so the device is waking from acct_t
 * until the first command is served, and busy from then on.
 */
void
sim_dev_account(struct sim *s, uint64_t t)
{
	uint64_t	a = s->acct_t, served, from;
	size_t		i;

	if (t <= a)
		return;
	s->acct_t = t;
	if (s->dev.n == 0) {
		s->st.idle_ns += t - a;
		return;
	}
	/*
	 * The first serve time changes only with the device list (a dispatch,
	 * a completion, a jump clear sv_ok): the actions in between reuse it.
	 */
	if (!s->sv_ok) {
		/*
		 * Dispatch times rise along the list and only dev.v[0] can be
		 * penalised (it reached an idle device): the first two decide.
		 */
		s->sv = SIM_NONE;
		for (i = 0; i < s->dev.n && i < 2; i++) {
			from = s->dev.v[i].t_dispatch + (s->dev.v[i].penalised ?
			    s->cfg.device.idle_penalty_ns : 0);
			if (from < s->sv)
				s->sv = from;
		}
		s->sv_ok = 1;
	}
	served = s->sv;
	if (served > a) {
		from = served < t ? served : t;
		s->st.waking_ns += from - a;
		a = from;
	}
	s->st.busy_ns += t - a;
}

/*
 * The first time a command completes (sim_next_time()).  FIFO: the first
 * command's completion time.  Processor sharing: walk the sharing forward
 * through latency ends (which change the number of sharers but produce no
 * event) to the first completion, with ps_share() and ps_need() as the
 * device itself uses them, so the same time.  The walk changes nothing: a
 * command's work left is its stored work less the shares given since it
 * joined, that is, the running total of shares now less the total when it
 * joined; so the smallest key (work + total at joining) less the total now
 * is the smallest work left (no share ever exceeds it: a step is taken only
 * when no command finishes within it).  The commands in their latency are
 * visited in latency-end order (ps_next_lat()); no allocation.
 */
uint64_t
sim_dev_next_done(const struct sim *s)
{
	const struct sim_request *q;
	uint64_t	 t = s->ps_last, rem = s->ps_rem, pk = s->ps_k;
	uint64_t	 k, lat, r, l0;
	sim_u128	 total = 0, key, least = ~(sim_u128)0;
	size_t		 j;
	int		 pen = s->ps_pen0;

	if (s->dev.n == 0)
		return (SIM_NONE);
	if (s->cfg.device.disc == SIM_DISC_FIFO)
		return (s->dev.v[0].t_done);
	k = s->ps_n;
	if (k != 0)
		least = s->ps_heap.v[0].vend - s->ps_v;
	j = s->dev.n - s->ps_unj;
	for (;;) {
		l0 = pen ? s->dev.v[0].t_lat_end : SIM_NONE;
		lat = j < s->dev.n && s->dev.v[j].t_lat_end < l0 ?
		    s->dev.v[j].t_lat_end : l0;
		r = SIM_NONE;
		if (k != 0)
			r = t + ps_need(s, k, (uint64_t)(least - total), rem, pk);
		if (r <= lat || lat == SIM_NONE)
			break;
		/* Advance to the latency end: the sharers share the interval. */
		total += ps_share(s, k, lat - t, &rem, &pk);
		t = lat;
		/* Those whose latency ends there join with their whole work. */
		if (pen && l0 <= t) {
			pen = 0;
			k++;
			key = (sim_u128)req_work(&s->dev.v[0]) + total;
			if (key < least)
				least = key;
		}
		for (; j < s->dev.n && (q = &s->dev.v[j])->t_lat_end <= t; j++) {
			k++;
			key = (sim_u128)req_work(q) + total;
			if (key < least)
				least = key;
		}
	}
	return (r);
}
