/*
 * sim-cycle.c - period skipping: exact jumps over the repeating periods of
 * a sequential reader in steady state (quiet runs only), found by comparing
 * canonical signatures of the state at read() boundaries.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "sim.h"
#include "sim-int.h"

/*
 * A sequential reader in steady state repeats itself: at some read() boundary
 * the whole engine state, seen relative to the reader's page and the current
 * time, equals the state at an earlier boundary.  The engine's rules depend
 * only on such relative quantities (page and time differences), except near
 * the end of the file and at page 0, so from then on every period is the same
 * period shifted.  sim_cycle_check() finds such a repetition and jumps over as
 * many whole periods as fit before the end of the file could matter, adding
 * each period's statistics once per period skipped.  The result is exact: the
 * same numbers as stepping through every event.  Only the quiet runs
 * (sim_run(), sim_run_until()) skip; sim_step() never shortens the stream.
 *
 * The period is found from the state itself, whatever its length: the
 * boundaries numbered 1, 2, 4, 8, ... are kept (the last CYCLE_SNAPS of
 * them), and every boundary is compared with each one kept.  With kept
 * boundaries at every power of two, one lies between the transient's end
 * and twice that, so the repeat is seen about a period after the
 * transient (Brent's search, which keeps one, needs up to three periods:
 * long periods are found at once).  A comparison costs a hash of a few
 * words (sig_key()); the whole signature is built only when they agree,
 * and its words compared only when the hashes of the whole agree.
 *
 * The signature is canonical: it holds exactly what the future depends on,
 * in relative form.  Pages and requests are relative to the reader's page,
 * times to now; a latency that has ended is "ended" whatever its end time
 * was; the idle time of an idle device only up to the threshold that makes
 * it matter; the round-robin link is brought up to now at every boundary
 * checked (sim_dev_sync()), with its busy run's start folded forward,
 * which changes no future event, so the turns are compared as they stand
 * now: each ready command's rounds to go, the place in the round, the end
 * of the unit under way and the phase of the unit ends (all integers).
 * Request lists are run-length encoded: a run of queued requests, each
 * with the next id, page and the same size (a window cut into 4 KiB
 * requests: thousands), is its length and its first request, which is
 * the same state in far fewer words.
 *
 * The tail: after the whole periods, less than a period is left before the
 * end of the file, and it too was seen already - it is the start of the
 * period just stepped.  Each kept boundary keeps a clone of the engine,
 * and so do the latest LAND_SNAPS boundaries of a denser schedule (every
 * eighth of an octave: multiples of 2^(k-3) between 2^k and 2^(k+1)),
 * which are only landed on, never compared with; the latest of them inside
 * the period whose stretch (from the period's start) still fits before the
 * end is landed on directly, as that clone moved on by the periods
 * (cycle_land()).  What is left to step is then what lies past that
 * boundary.  The dense ones are an eighth of an octave of count apart, so
 * a period that reaches back over an octave or more (one found about a
 * period after the transient, as most are) has its last part covered at
 * steps of an eighth of an octave or less, its start by the powers of two,
 * and the tail is a small part of a period; with powers of two alone it
 * was up to half of one (a long period - a link's phases, 400,000 events
 * - stepped a quarter of one more).  A period short beside the count
 * before it has few dense ones inside, as before.  A clone costs a copy
 * of the state, small beside the events between two.
 */

/* The engine's state at one read() boundary. */
struct cycle_snap {
	uint64_t		*sig;		/* relative state, in words */
	size_t			 len;
	size_t			 cap;
	uint64_t		 hash;
	uint64_t		 pos;		/* absolute page and time */
	uint64_t		 now;
	struct sim_stats	 st;
	uint64_t		 stall_acc;	/* total to now */
	uint64_t		*hist;
	uint32_t		 next_id;
	uint64_t		 read_index;
};

#define SIG_KEY		14	/* words of sig_key() */
#define CYCLE_SNAPS	8	/* boundaries kept, the latest powers of two */
#define LAND_SNAPS	16	/* engines kept only to land on, the latest */
#define LAND_SHIFT	3	/* 2^LAND_SHIFT of them per octave of count */

/*
 * A kept boundary: its state and where the search stood, and the engine
 * itself there (a clone, or NULL if memory ran short), to land on when a
 * period is found (the tail, see sim_cycle_check()).
 */
struct cycle_kept {
	struct cycle_snap	 c;
	uint64_t		 key[SIG_KEY];	/* sig_key() */
	uint64_t		 khash;		/* hash of key */
	uint64_t		 count;		/* its boundary's number */
	struct sim		*sim;
};

/* An engine kept at a boundary only to land on (see cycle_land()). */
struct cycle_land {
	uint64_t		 count;		/* its boundary's number */
	struct sim		*sim;
};

/*
 * The search: the boundary being looked at, the kept ones (kept[0] the
 * latest), and the count of boundaries looked at since the rules last
 * changed.
 */
struct sim_cycle {
	struct cycle_snap	 cur;
	struct cycle_kept	 kept[CYCLE_SNAPS];
	size_t			 nkept;
	struct cycle_land	 land[LAND_SNAPS];	/* land[0] the latest */
	size_t			 nland;
	uint64_t		 count;		/* boundaries looked at */
	uint64_t		 next_keep;	/* keep the one with this count */
	int			 off;		/* no more skipping in this run */
};

/* Append one word to a snapshot's signature, hashing as it goes. */
static int
sig_put(struct cycle_snap *c, uint64_t w)
{
	uint64_t	*nv;

	if (c->len == c->cap) {
		c->cap = c->cap ? c->cap * 2 : 64;
		if ((nv = realloc(c->sig, c->cap * sizeof *nv)) == NULL)
			return (-1);
		c->sig = nv;
	}
	c->sig[c->len++] = w;
	c->hash = (c->hash ^ w) * UINT64_C(0x9e3779b97f4a7c15);
	c->hash ^= c->hash >> 29;
	return (0);
}

/* Signed time difference a - b as a word (two's complement). */
static uint64_t
tdiff(uint64_t a, uint64_t b)
{
	if (a == SIM_NONE)
		return (SIM_NONE);
	return (a - b);
}

/*
 * Large folios (sim-k6.c): folio orders and window ends follow the
 * alignment of page numbers.  A folio is at most 2^min(limit, log2 of the
 * largest window) pages, and a window ends on a boundary of at most
 * 2^min(limit + 2, lowest set bit of the window limit), so the rules repeat
 * when page numbers move by a multiple of this power of two.  The largest
 * window is ra_pages, or for reads larger than that up to io_pages.
 */
static uint64_t
fold_align(const struct sim *s)
{
	uint64_t	w = s->cfg.ra_pages, big = s->cfg.read_pages;
	uint32_t	k = 0;

	if (big > s->cfg.max_req_pages)
		big = s->cfg.max_req_pages;
	if (big > w)
		w = big;
	while ((w >> (k + 1)) != 0)
		k++;
	if (k > s->cfg.folio_order + 2)
		k = s->cfg.folio_order + 2;
	return (UINT64_C(1) << k);
}

/*
 * Does b follow a in a run of queued requests (the next id, its first page
 * right after a's pages, the same size and segments)?  Such requests
 * differ in nothing else: queued, none has a latency, a completion or
 * rounds to go.
 */
static int
reqs_follow(const struct sim_request *a, const struct sim_request *b)
{
	return (a->t_dispatch == SIM_NONE && b->t_dispatch == SIM_NONE &&
	    b->id == a->id + 1 && b->first == a->first + a->npages &&
	    b->npages == a->npages && b->penalised == a->penalised &&
	    b->nsegs == a->nsegs);
}

/*
 * Requests of a list, relative to page p, time t and the next request id,
 * each run of following requests (reqs_follow()) as its length and its
 * first request: the runs are maximal, so the words are still a function
 * of the list and the list one of the words.
 */
static int
sig_reqs(const struct sim *s, struct cycle_snap *c, const struct sim_reqv *v,
    uint64_t p, uint64_t t)
{
	size_t	i, j;
	int	r = sig_put(c, v->n);

	for (i = 0; i < v->n; i = j) {
		const struct sim_request *q = &v->v[i];

		for (j = i + 1; j < v->n && reqs_follow(&v->v[j - 1], &v->v[j]);
		    j++)
			;
		r |= sig_put(c, j - i);
		r |= sig_put(c, s->next_id - q->id);
		r |= sig_put(c, q->first - p);
		r |= sig_put(c, q->npages);
		/* A latency that has ended is just "ended". */
		r |= sig_put(c, q->t_dispatch == SIM_NONE ? SIM_NONE :
		    q->t_lat_end <= t ? 0 : q->t_lat_end - t);
		r |= sig_put(c, tdiff(q->t_done, t));
		r |= sig_put(c, sim_dev_left(s, q));
		r |= sig_put(c, (uint64_t)q->penalised);
		r |= sig_put(c, q->nsegs);
	}
	return (r);
}

/*
 * Can the state at this boundary be one of a repeating sequence?  Not at
 * the start of the file, with labels or a mode change pending, or in
 * unusual shapes.  Once T5 is done (sim_label_end()) the label state is fixed:
 * lab_next 6, nothing pending (lab_pend 0), and t3_page and t3_read are no
 * longer looked at, so none of it needs a place in the signature.
 */
static int
sig_eligible(const struct sim *s)
{
	const struct sim_extents *x = &s->pages;

	return (!(s->pending != s->mode || s->lab_next < 5 || !s->t5_done ||
	    s->lab_pend != 0 ||
	    s->async_seen < 2 || s->evq_len != 0 || s->ra_plug ||
	    s->rd.outer_plug || s->plug.n != 0 || x->n < 2 ||
	    x->v[0].state != SIM_PAGE_CONSUMED || x->v[0].npages != s->rd.pos ||
	    x->v[x->n - 1].state != SIM_PAGE_ABSENT ||
	    s->rd.wait_page != SIM_NONE ||
	    (s->cfg.device.disc == SIM_DISC_RR && s->lk.k != 0 &&
	    s->lk.u != 0)));
}

/*
 * A few words of the signature, in O(1): boundaries whose keys differ
 * cannot have equal signatures, so most failed checks stop here.
 */
static void
sig_key(const struct sim *s, uint64_t *k)
{
	const struct sim_extents *x = &s->pages;
	uint64_t	p = s->rd.pos, t = s->now;

	k[0] = s->mode;
	k[1] = x->n;
	k[2] = s->markers.n;
	k[3] = s->queue.n;
	k[4] = s->dev.n;
	k[5] = s->ra.start - p;
	k[6] = s->ra.size;
	k[7] = s->ra.async_size;
	k[8] = (uint64_t)s->prev_page - p;
	k[9] = x->v[x->n - 1].first - p;
	k[10] = s->dev.n ? s->dev.v[0].first - p : 0;
	k[11] = s->dev.n ? sim_dev_left(s, &s->dev.v[0]) : 0;
	k[12] = s->lk.k ? s->lk.ph : 0;
	k[13] = s->fifo_last_done > t ? s->fifo_last_done - t : 0;
}

/*
 * Build the relative-state signature of s into c (sig_eligible() must
 * hold).  Returns 0, or -1 when out of memory.
 */
static int
sig_build(const struct sim *s, struct cycle_snap *c)
{
	const struct sim_extents *x = &s->pages;
	uint64_t	 p = s->rd.pos, t = s->now, idle;
	size_t		 i;
	int		 r = 0;

	c->len = 0;
	c->hash = 0;
	r |= sig_put(c, s->mode);
	r |= sig_put(c, s->rd.busy_until - t);
	r |= sig_put(c, x->n);
	for (i = 1; i < x->n - 1; i++) {
		r |= sig_put(c, x->v[i].first - p);
		r |= sig_put(c, x->v[i].npages);
		r |= sig_put(c, x->v[i].state);
	}
	r |= sig_put(c, x->v[x->n - 1].first - p);
	r |= sig_put(c, s->markers.n);
	for (i = 0; i < s->markers.n; i++)
		r |= sig_put(c, s->markers.v[i] - p);
	r |= sig_reqs(s, c, &s->queue, p, t);
	r |= sig_reqs(s, c, &s->dev, p, t);
	r |= sig_put(c, s->ra.start - p);
	r |= sig_put(c, s->ra.size);
	r |= sig_put(c, s->ra.async_size);
	r |= sig_put(c, s->ra.marker == SIM_NONE ? SIM_NONE : s->ra.marker - p);
	r |= sig_put(c, (uint64_t)s->prev_page - p);
	r |= sig_put(c, (uint64_t)s->q_plugged);
	r |= sig_put(c, s->q_plugged ? tdiff(s->unplug_at, t) : 0);
	if (s->pol->folios) {
		/* Large folios: a period keeps the alignment that matters. */
		r |= sig_put(c, p & (fold_align(s) - 1));
		r |= sig_put(c, s->ra.order);
		r |= sig_put(c, s->folios.n);
		for (i = 0; i < s->folios.n; i++) {
			r |= sig_put(c, s->folios.v[i].first - p);
			r |= sig_put(c, s->folios.v[i].end - p);
			r |= sig_put(c, s->folios.v[i].order);
		}
		r |= sig_put(c, s->bios.n);
		for (i = 0; i < s->bios.n; i++) {
			r |= sig_put(c, s->bios.v[i].first - p);
			r |= sig_put(c, s->bios.v[i].end - p);
			r |= sig_put(c, s->bios.v[i].left);
		}
	}
	/* Idle history matters only through "idle for >= T_idle". */
	if (s->dev.n != 0 || s->cfg.device.idle_penalty_ns == 0)
		idle = 0;
	else {
		idle = t - s->idle_since;
		if (idle > s->cfg.device.idle_thresh_ns)
			idle = s->cfg.device.idle_thresh_ns;
	}
	r |= sig_put(c, idle);
	r |= sig_put(c, s->fifo_last_done > t ? s->fifo_last_done - t : 0);
	/*
	 * The busy/waking/idle split (sim_dev_account()): accounted up to acct_t
	 * (now, at a boundary); what comes next depends on each command's
	 * dispatch plus penalty, which is its latency end (in the signature
	 * above, "ended" only when that is past) less the fixed latency.
	 */
	r |= sig_put(c, tdiff(s->acct_t, t));
	r |= sig_put(c, s->wake_end > t ? s->wake_end - t : 0);
	if (s->cfg.device.disc == SIM_DISC_RR) {
		/* The link is up to now and folded (u == 0, checked above). */
		r |= sig_put(c, s->lk.k);
		r |= sig_put(c, s->lk.p);
		r |= sig_put(c, s->lk.k ? tdiff(s->lk.t, t) : 0);
		r |= sig_put(c, s->lk.k ? s->lk.ph : 0);
		/* An idle link that went free just now goes on with its run. */
		r |= sig_put(c, s->lk.k == 0 && s->lk.free_at == t);
	}
	return (r ? -1 : 0);
}

/* Free the skipping state. */
void
sim_cycle_free(struct sim *s)
{
	size_t	i;

	if (s->cyc == NULL)
		return;
	free(s->cyc->cur.sig);
	for (i = 0; i < CYCLE_SNAPS; i++) {
		free(s->cyc->kept[i].c.sig);
		free(s->cyc->kept[i].c.hist);
		sim_free(s->cyc->kept[i].sim);
	}
	for (i = 0; i < s->cyc->nland; i++)
		sim_free(s->cyc->land[i].sim);
	free(s->cyc);
	s->cyc = NULL;
}

/* A copy of one snapshot's buffers; 0, or -1 out of memory. */
static int
snap_copy(struct cycle_snap *d, const struct cycle_snap *o, size_t nh)
{
	*d = *o;
	d->sig = NULL;
	d->hist = NULL;
	d->cap = o->len;
	if (o->len != 0 && (d->sig = malloc(o->len * sizeof *d->sig)) == NULL)
		return (-1);
	if (o->len != 0)
		memcpy(d->sig, o->sig, o->len * sizeof *d->sig);
	if (o->hist != NULL) {
		if ((d->hist = malloc(nh * sizeof *d->hist)) == NULL)
			return (-1);
		memcpy(d->hist, o->hist, nh * sizeof *d->hist);
	}
	return (0);
}

/*
 * Give s (a clone of o) o's search: the kept boundaries are all at or
 * before where o is, so s may compare with them as o would.  0, or -1 when
 * out of memory (s then has none).
 */
int
sim_cycle_copy(struct sim *s, const struct sim *o)
{
	size_t	nh = (size_t)o->cfg.max_req_pages + 1, i;

	if (o->cyc == NULL)
		return (0);
	if ((s->cyc = calloc(1, sizeof *s->cyc)) == NULL)
		return (-1);
	s->cyc->nkept = o->cyc->nkept;
	s->cyc->count = o->cyc->count;
	s->cyc->next_keep = o->cyc->next_keep;
	s->cyc->off = o->cyc->off;
	for (i = 0; i < o->cyc->nkept; i++) {
		memcpy(s->cyc->kept[i].key, o->cyc->kept[i].key,
		    sizeof s->cyc->kept[i].key);
		s->cyc->kept[i].khash = o->cyc->kept[i].khash;
		s->cyc->kept[i].count = o->cyc->kept[i].count;
		if (snap_copy(&s->cyc->kept[i].c, &o->cyc->kept[i].c, nh) != 0) {
			sim_cycle_free(s);
			return (-1);
		}
	}
	return (0);
}

/* Forget the kept boundaries, freeing their engines. */
static void
cycle_forget(struct sim_cycle *cy)
{
	size_t	i;

	for (i = 0; i < cy->nkept; i++) {
		sim_free(cy->kept[i].sim);
		cy->kept[i].sim = NULL;
	}
	cy->nkept = 0;
	for (i = 0; i < cy->nland; i++)
		sim_free(cy->land[i].sim);
	cy->nland = 0;
}

/*
 * Forget the kept boundaries (sim_set_mode(): the caller changed the
 * rules, a period seen before may not repeat).
 */
void
sim_cycle_reset(struct sim *s)
{
	if (s->cyc == NULL)
		return;
	cycle_forget(s->cyc);
	s->cyc->count = 0;
	s->cyc->next_keep = 1;
	s->cyc->off = 0;
}

/*
 * A new quiet run goes on with the search: the kept boundaries stay valid
 * (the rules have not changed since, see sim_cycle_reset()), so a run that is
 * cut in slices (sim_set_budget()) still skips, one period per slice.
 */
void
sim_cycle_resume(struct sim *s)
{
	if (s->cyc != NULL)
		s->cyc->off = 0;
}

/*
 * Move the state of t forward by m periods, a period being the way from
 * kept boundary j to s (in pages, time, request ids and every statistic):
 * t is s itself to jump over whole periods, or the engine kept at a later
 * boundary to land on the tail (cycle_land()).  Every quantity moves as
 * the stepped period moved it, so the result is the state stepping would
 * reach there.
 */
static void
cycle_shift(struct sim *t, const struct sim *s, const struct cycle_snap *j,
    uint64_t m)
{
	struct sim_extents	*x = &t->pages;
	struct sim_reqv		*lists[2] = { &t->queue, &t->dev };
	uint64_t		 d = (s->rd.pos - j->pos) * m;
	uint64_t		 dt = (s->now - j->now) * m;
	uint32_t		 did = (uint32_t)((s->next_id - j->next_id) * m);
	uint64_t		 dr = (s->rd.read_index - j->read_index) * m;
	uint64_t		*dst;
	const uint64_t		*src, *cur;
	size_t			 i, k;

	x->v[0].npages += d;
	for (i = 1; i < x->n; i++)
		x->v[i].first += d;
	x->v[x->n - 1].npages -= d;
	for (i = 0; i < t->markers.n; i++)
		t->markers.v[i] += d;
	for (i = 0; i < t->folios.n; i++) {
		t->folios.v[i].first += d;
		t->folios.v[i].end += d;
	}
	for (i = 0; i < t->bios.n; i++) {
		t->bios.v[i].first += d;
		t->bios.v[i].end += d;
	}
	for (k = 0; k < 2; k++) {
		for (i = 0; i < lists[k]->n; i++) {
			struct sim_request *r = &lists[k]->v[i];

			r->id += did;
			r->first += d;
			if (r->t_dispatch != SIM_NONE)
				r->t_dispatch += dt;
			if (r->t_lat_end != SIM_NONE && r->t_dispatch != SIM_NONE)
				r->t_lat_end += dt;
			if (r->t_done != SIM_NONE)
				r->t_done += dt;
		}
	}
	t->ra.start += d;
	if (t->ra.marker != SIM_NONE)
		t->ra.marker += d;
	t->prev_page += (int64_t)d;
	if (t->copy_ev != SIM_NONE)
		t->copy_ev += (s->st.events - j->st.events) * m;
	t->rd.pos += d;
	t->rd.read_first += d;
	t->rd.read_end += d;

	t->now += dt;
	t->dn_ok = 0;
	t->rd.busy_until += dt;
	if (t->unplug_at != SIM_NONE)
		t->unplug_at += dt;
	t->idle_since += dt;
	t->acct_t += dt;
	t->fifo_last_done += dt;
	t->wake_end += dt;
	t->lk.t += dt;
	t->lk.free_at += dt;
	if (t->rr_top != SIM_NONE)
		t->rr_top += dt;
	t->ev_t += dt;
	t->sleep_since += dt;

	/* Statistics: each skipped period adds what the measured one added. */
#define ADD(f)	(t->st.f += (s->st.f - j->st.f) * m)
	ADD(events);
	ADD(reads_done);
	ADD(pages_copied);
	ADD(requests);
	ADD(request_pages);
	ADD(penalties);
	ADD(penalty_ns);
	ADD(busy_ns);
	ADD(waking_ns);
	ADD(idle_ns);
	ADD(ra_sync);
	ADD(ra_async);
	ADD(flushes);
	ADD(end_ns);
#undef ADD
	/* The stall total includes a sleep still open at the jump. */
	t->stall_acc += (sim_stall_total(s) - j->stall_acc) * m;
	dst = t->hist;
	cur = s->hist;
	src = j->hist;
	for (i = 0; i <= t->cfg.max_req_pages; i++)
		dst[i] += (cur[i] - src[i]) * m;
	/* The most common size, recomputed: highest count, ties to larger. */
	for (i = 0; i <= t->cfg.max_req_pages; i++)
		if (dst[i] > dst[t->st.mode_request_pages] ||
		    (dst[i] == dst[t->st.mode_request_pages] &&
		    i > t->st.mode_request_pages))
			t->st.mode_request_pages = i;
	t->next_id += did;
	t->st.skipped_reads += dr;
	t->rd.read_index += dr;
}

/*
 * Keep the current boundary, whose signature is in cy->cur and key in key,
 * as the latest (forgetting the oldest if CYCLE_SNAPS are kept already).
 * 0, or -1 out of memory.
 */
static int
cycle_keep(struct sim *s, const uint64_t *key, uint64_t khash)
{
	struct sim_cycle	*cy = s->cyc;
	struct cycle_kept	 k;
	uint64_t		*sig;
	size_t			 cap, n = (size_t)s->cfg.max_req_pages + 1;

	/* The slot that goes (a free one, else the oldest) lends its buffers. */
	if (cy->nkept < CYCLE_SNAPS)
		cy->nkept++;
	k = cy->kept[cy->nkept - 1];
	memmove(cy->kept + 1, cy->kept, (cy->nkept - 1) * sizeof *cy->kept);
	/*
	 * The engine here, to land on later (no event waits at a boundary).
	 * Without memory for it the tail is stepped: the same result.
	 */
	sim_free(k.sim);
	k.sim = sim_clone(s);
	/* Swap the signature buffers: the current one becomes the kept. */
	sig = k.c.sig;
	cap = k.c.cap;
	k.c.sig = cy->cur.sig;
	k.c.cap = cy->cur.cap;
	k.c.len = cy->cur.len;
	k.c.hash = cy->cur.hash;
	cy->cur.sig = sig;
	cy->cur.cap = cap;
	cy->cur.len = 0;
	k.c.pos = s->rd.pos;
	k.c.now = s->now;
	k.c.st = s->st;
	k.c.stall_acc = sim_stall_total(s);
	k.c.next_id = s->next_id;
	k.c.read_index = s->rd.read_index;
	memcpy(k.key, key, sizeof k.key);
	k.khash = khash;
	k.count = cy->count;
	if (k.c.hist == NULL && (k.c.hist = malloc(n * sizeof *k.c.hist)) == NULL) {
		k.c.len = 0;
		cy->kept[0] = k;	/* its buffers freed with the rest */
		cy->nkept = 0;
		return (-1);
	}
	memcpy(k.c.hist, s->hist, n * sizeof *k.c.hist);
	cy->kept[0] = k;
	return (0);
}

/*
 * The first page the way to this boundary touched nothing at or past (see
 * cycle_room()).
 */
static uint64_t
cycle_front(const struct sim *s)
{
	uint64_t	front = s->pages.v[s->pages.n - 1].first;

	if (s->ra.start + s->ra.size > front)
		front = s->ra.start + s->ra.size;
	if (s->rd.pos + s->ra.ra_pages + s->cfg.read_pages > front)
		front = s->rd.pos + s->ra.ra_pages + s->cfg.read_pages;
	return (front);
}

/*
 * Whole periods of the kept-to-now repetition that can be skipped.  Each
 * skipped period must not meet the end of the file, whose rules (a read or
 * a window cut short, a look-up that finds nothing past it) would make it
 * differ from the one seen.  A period that ends at a boundary with the
 * reader at page p touched nothing at or past front = max(the first page
 * never allocated, the end of the last window, p + ra + bs): its pages were
 * allocated below the first, its windows end by the last one's end (they
 * only move forward), its reads end by p and its look-ups ahead of a page
 * before p reach less than ra pages further.  Jumping m periods moves front
 * m periods on, so m is the number of them that fit before the end.  And
 * sim_run_until() must land short of its target, sim_run_until_time()'s
 * periods end by its time.
 */
static uint64_t
cycle_room(const struct sim *s, const struct cycle_snap *c)
{
	uint64_t	d = s->rd.pos - c->pos, front = cycle_front(s), room, m;
	uint64_t	de, left, dt;

	room = front < s->cfg.file_pages ? s->cfg.file_pages - front : 0;
	m = d ? room / d : 0;
	/* sim_run_until_time(): the periods end by the limit. */
	dt = s->now - c->now;
	if (s->time_limit != SIM_NONE && dt != 0 &&
	    (s->time_limit - s->now) / dt < m)
		m = (s->time_limit - s->now) / dt;
	if (s->run_limit != 0 && m > 0) {
		de = s->st.events - c->st.events;
		left = s->run_limit > s->st.events ?
		    s->run_limit - s->st.events : 0;
		if (de != 0 && left / de < m)
			m = left / de;
	}
	return (m);
}

/*
 * Can the engine t, kept at a boundary after the period's start, be landed
 * on: moved on by the periods (d pages, dt ns and de events from period
 * start c to s), does it lie before the end of the file (cycle_room()'s
 * front) and within the run's time and event limits?
 */
static int
cycle_fits(const struct sim *s, const struct sim *t, uint64_t d, uint64_t dt,
    uint64_t de)
{
	return (t != NULL && cycle_front(t) <= s->cfg.file_pages - d &&
	    (s->time_limit == SIM_NONE || t->now <= s->time_limit - dt) &&
	    (s->run_limit == 0 || t->st.events + de <= s->run_limit));
}

/*
 * The tail: s has just found the period from kept boundary c (index ci) to
 * now, and jumped the whole periods that fit.  From here on s repeats the
 * way from c on, moved by the distance from c to s; the latest engine kept
 * after c (a kept boundary or one kept to land on) that fits
 * (cycle_fits()) is landed on: s takes that engine, moved.  1 if it did.
 */
static int
cycle_land(struct sim *s, const struct cycle_snap *c, size_t ci)
{
	struct sim_cycle	*cy = s->cyc;
	struct sim		**best = NULL, *t;
	uint64_t		 d = s->rd.pos - c->pos, dt = s->now - c->now;
	uint64_t		 de = s->st.events - c->st.events, stepped;
	uint64_t		 from = cy->kept[ci].count, at = 0;
	size_t			 i;

	/* Both lists hold the latest first: the first that fits is theirs. */
	for (i = 0; i < ci; i++)
		if (cycle_fits(s, cy->kept[i].sim, d, dt, de)) {
			best = &cy->kept[i].sim;
			at = cy->kept[i].count;
			break;
		}
	for (i = 0; i < cy->nland && cy->land[i].count > from; i++)
		if (cy->land[i].count > at &&
		    cycle_fits(s, cy->land[i].sim, d, dt, de)) {
			best = &cy->land[i].sim;
			break;
		}
	if (best == NULL)
		return (0);
	t = *best;
	*best = NULL;
	/* Reads stepped so far: the rest were and will be skipped. */
	stepped = s->rd.read_index - s->st.skipped_reads;
	cycle_shift(t, s, c, 1);
	t->st.skipped_reads = t->rd.read_index - stepped;
	sim_adopt(s, t);
	return (1);
}

/*
 * Keep the engine at this boundary to land on, if its number is on the
 * dense schedule (a multiple of 2^(k-LAND_SHIFT) for a number between 2^k
 * and 2^(k+1)), forgetting the oldest if LAND_SNAPS are kept already.  Not
 * called at the powers of two (next_keep: cycle_keep() has those).
 * Without memory for the clone nothing is kept: the tail is stepped, the
 * same result.
 */
static void
cycle_land_keep(struct sim *s)
{
	struct sim_cycle	*cy = s->cyc;
	struct sim		*t;
	uint64_t		 n = cy->count, step = 1;

	while ((n >> LAND_SHIFT) >= step * 2)
		step *= 2;
	if (n % step != 0 || (t = sim_clone(s)) == NULL)
		return;
	if (cy->nland == LAND_SNAPS)
		sim_free(cy->land[--cy->nland].sim);
	memmove(cy->land + 1, cy->land, cy->nland * sizeof *cy->land);
	cy->land[0].count = n;
	cy->land[0].sim = t;
	cy->nland++;
}

/* A hash of sig_key()'s words. */
static uint64_t
key_hash(const uint64_t *key)
{
	uint64_t	h = 0;
	size_t		i;

	/* Only a filter (the words are compared too): cheap is enough. */
	for (i = 0; i < SIG_KEY; i++)
		h = (h + key[i]) * UINT64_C(0x9e3779b97f4a7c15);
	return (h ^ h >> 29);
}

/* At a read() boundary: look for a repeat, skip periods if there is one. */
void
sim_cycle_check(struct sim *s)
{
	struct sim_cycle	*cy;
	struct cycle_snap	*c;
	uint64_t		 m, key[SIG_KEY], kh;
	size_t			 i;
	int			 built = 0;

	if (s->cfg.no_skip)
		return;
	if (s->cyc == NULL) {
		if ((s->cyc = calloc(1, sizeof *s->cyc)) == NULL) {
			s->oom = 1;
			return;
		}
		s->cyc->next_keep = 1;
	}
	cy = s->cyc;
	if (cy->off)
		return;
	/* The link's turns as they stand now: a canonical state. */
	sim_dev_sync(s);
	if (!sig_eligible(s))
		return;
	sig_key(s, key);
	kh = key_hash(key);
	cy->count++;
	for (i = 0; i < cy->nkept; i++) {
		c = &cy->kept[i].c;
		if (cy->kept[i].khash != kh ||
		    memcmp(key, cy->kept[i].key, sizeof key) != 0)
			continue;
		if (!built && sig_build(s, &cy->cur) != 0) {
			s->oom = 1;
			return;
		}
		built = 1;
		if (c->hash != cy->cur.hash || c->len != cy->cur.len ||
		    memcmp(c->sig, cy->cur.sig, c->len * sizeof *c->sig) != 0)
			continue;
		/* A period: from the kept boundary to now. */
		if ((m = cycle_room(s, c)) > 0)
			cycle_shift(s, s, c, m);
		/*
		 * Whatever is left is shorter than a period: land as far into
		 * it as a kept engine allows, step the rest.  The next quiet
		 * run compares with this boundary alone.
		 */
		if (cycle_land(s, c, i)) {
			sig_key(s, key);
			kh = key_hash(key);
			if (sig_build(s, &cy->cur) != 0) {
				s->oom = 1;
				return;
			}
		}
		cy->off = 1;
		cycle_forget(cy);
		if (cycle_keep(s, key, kh) != 0)
			s->oom = 1;
		return;
	}
	if (cy->count == cy->next_keep) {
		cy->next_keep *= 2;
		if ((!built && sig_build(s, &cy->cur) != 0) ||
		    cycle_keep(s, key, kh) != 0)
			s->oom = 1;
	} else
		cycle_land_keep(s);
}
