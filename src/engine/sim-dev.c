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
 */
#include "config.h"

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

/*
 * Processor sharing: bring every transferring command's remaining work up
 * to now (ps_share()).
 */
static void
ps_advance(struct sim *s)
{
	uint64_t	k = 0, dt, from, share;
	size_t		i;

	dt = s->now - s->ps_last;
	from = s->ps_last;
	s->ps_last = s->now;
	if (dt == 0)
		return;
	s->dn_ok = 0;
	for (i = 0; i < s->dev.n; i++)
		if (s->dev.v[i].t_done == SIM_NONE &&
		    s->dev.v[i].t_lat_end <= from)
			k++;
	share = ps_share(s, k, dt, &s->ps_rem, &s->ps_k);
	if (k == 0)
		return;
	for (i = 0; i < s->dev.n; i++) {
		struct sim_request *r = &s->dev.v[i];

		if (r->t_done != SIM_NONE || r->t_lat_end > from)
			continue;
		r->left = r->left > share ? r->left - share : 0;
	}
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

/* Time of the next device action, SIM_NONE if idle. */
uint64_t
sim_dev_next(const struct sim *s)
{
	uint64_t	 t = SIM_NONE, k = 0, minleft = SIM_NONE, d;
	size_t		 i;

	if (s->dev.n == 0)
		return (SIM_NONE);
	if (s->cfg.device.disc == SIM_DISC_FIFO) {
		for (i = 0; i < s->dev.n; i++)
			if (s->dev.v[i].t_done < t)
				t = s->dev.v[i].t_done;
		return (t);
	}
	for (i = 0; i < s->dev.n; i++) {
		const struct sim_request *r = &s->dev.v[i];

		if (r->t_lat_end > s->now) {
			if (r->t_lat_end < t)
				t = r->t_lat_end;
			continue;
		}
		k++;
		if (r->left < minleft)
			minleft = r->left;
	}
	if (k != 0) {
		d = ps_need(s, k, minleft, s->ps_rem, s->ps_k);
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
		} else {
			r.left = req_work(&r);
			r.t_done = SIM_NONE;
		}
		s->dn_ok = s->sv_ok = 0;
		if (sim_reqv_append(&s->dev, &r) != 0) {
			s->oom = 1;
			return;
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

/* Complete request i of the device list. */
static void
dev_complete(struct sim *s, size_t i)
{
	struct sim_request	 r = s->dev.v[i];
	struct sim_event	*e;

	sim_reqv_remove(&s->dev, i);
	s->dn_ok = s->sv_ok = 0;
	sim_set_state(s, r.first, r.npages, SIM_PAGE_UPTODATE);
	e = sim_ev_new(s, SIM_EV_COMPLETE);
	e->first = r.first;
	e->npages = r.npages;
	e->req = r.id;
	if (s->dev.n == 0) {
		s->idle_since = s->now;
		s->ps_rem = 0;
	}
	if (s->rd.task == SIM_TASK_SLEEPING && s->rd.wait_page >= r.first &&
	    s->rd.wait_page < r.first + r.npages) {
		s->rd.task = SIM_TASK_WAKING;
		s->rd.busy_until = s->now + s->cfg.cpu.wake_ns;
		s->step = STEP_WOKEN;
	}
}

/* Perform the device's next action: latency ends and completions now. */
void
sim_dev_run(struct sim *s)
{
	size_t	i;

	if (s->cfg.device.disc == SIM_DISC_PS) {
		ps_advance(s);
		for (i = 0; i < s->dev.n;) {
			struct sim_request *r = &s->dev.v[i];

			if (r->t_lat_end <= s->now && r->left == 0)
				dev_complete(s, i);
			else
				i++;
		}
	} else {
		for (i = 0; i < s->dev.n;) {
			if (s->dev.v[i].t_done <= s->now)
				dev_complete(s, i);
			else
				i++;
		}
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
	 * a completion, a jump clear sv_ok): the actions in between reuse it,
	 * so accounting costs O(1) and not O(queue depth) per action.
	 */
	if (!s->sv_ok) {
		s->sv = SIM_NONE;
		for (i = 0; i < s->dev.n; i++) {
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
 * The first time a command completes (sim_next_time()).  FIFO: the earliest
 * completion time.  Processor sharing: walk the sharing forward through
 * latency ends (which change the number of sharers but produce no event) to
 * the first completion, with ps_share() and ps_need() as the device itself
 * uses them, so the same time.  The walk changes nothing: a command's work
 * left is its stored work less the shares given since it joined, that is,
 * the running total of shares now less the total when it joined; so the
 * smallest key (stored work + total at joining) less the total now is the
 * smallest work left (no share ever exceeds it: a step is taken only when
 * no command finishes within it).  O(n) per latency end, no allocation.
 */
uint64_t
sim_dev_next_done(const struct sim *s)
{
	const struct sim_request *q;
	uint64_t	 t = s->ps_last, rem = s->ps_rem, pk = s->ps_k;
	uint64_t	 prev = 0, k, lat, r;
	sim_u128	 total = 0, key, least = ~(sim_u128)0;
	size_t		 i;
	int		 first = 1;

	if (s->cfg.device.disc == SIM_DISC_FIFO) {
		r = SIM_NONE;
		for (i = 0; i < s->dev.n; i++)
			if (s->dev.v[i].t_done < r)
				r = s->dev.v[i].t_done;
		return (r);
	}
	if (s->dev.n == 0)
		return (SIM_NONE);
	for (;;) {
		k = 0;
		lat = SIM_NONE;
		for (i = 0; i < s->dev.n; i++) {
			q = &s->dev.v[i];
			if (q->t_lat_end > t) {
				if (q->t_lat_end < lat)
					lat = q->t_lat_end;
				continue;
			}
			k++;
			/* Joined the sharers since the last step: its key. */
			if (first || q->t_lat_end > prev) {
				key = (sim_u128)q->left + total;
				if (key < least)
					least = key;
			}
		}
		first = 0;
		r = SIM_NONE;
		if (k != 0)
			r = t + ps_need(s, k, (uint64_t)(least - total), rem, pk);
		if (r <= lat || lat == SIM_NONE)
			break;
		/* Advance to the latency end: the sharers share the interval. */
		total += ps_share(s, k, lat - t, &rem, &pk);
		prev = t;
		t = lat;
	}
	return (r);
}
