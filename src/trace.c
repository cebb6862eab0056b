/*
 * trace.c - a real block trace as a source of view events (trace.h).
 *
 * One pass over the import's events, keeping a mirror of where each
 * request is (plug list, queue, device) so that every event names the
 * request the view holds and the view's own rules hold: a flush moves the
 * whole plug list to the queue, a dispatch takes its request off the
 * queue, a completion off the device.  Real traces know a request only by
 * its sectors, so the mirror finds one by overlap, the exact start first.
 *
 * The mirror finds a request through reqmap.h's indices, so a trace whose
 * requests never complete costs O(1) a line.
 *
 * Where a new request goes needs the future: on blk-mq kernels block_plug
 * is traced only when the first request is added to the plug list, after
 * its block_getrq.  So the request goes on the plug list exactly when, of
 * the events that follow, its task's unplug (U/UT) comes before its
 * insertion or issue (I/D) - then the flush is what releases it, as the
 * view shows - and a plug of that task is open or opens (P) first.
 * Likewise a Q makes a request only when no G, M or F takes its bio
 * before it is issued (traces recorded without block_getrq); when a
 * request of its task touches it, it joins that one, as the plug merge
 * the trace did not record did.  What comes next after each line is
 * computed once, before the pass (trace-ahead.h).
 *
 * A first pass finds what names the run: the lowest sector read (page
 * 0), the file's span (what the read() calls cover when the trace has
 * them, else every request read), the largest request, the most common
 * read() length, and the device's busy time for a bandwidth figure.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reqmap.h"
#include "tally.h"
#include "trace-ahead.h"
#include "trace.h"
#include "xalloc.h"

/* A request the mirror knows: its sectors and place, its id, its task. */
struct treq {
	struct reqmap_req k;
	uint32_t	 id;
	int		 pid;
};

enum { W_PLUG = REQMAP_PLUG, W_QUEUE = REQMAP_QUEUE, W_DEV = REQMAP_DEV };

/* The translation under way. */
struct tx {
	struct trace		*t;
	const struct blk_event	*in;
	size_t			 nin;
	size_t			 cap;
	struct reqmap		 rq;		/* struct treq */
	struct trace_ahead	 ah;
	uint32_t		 next_id;
	uint64_t		 reads;		/* read_begin seen */
	/* The reader, for its inferred sleeps. */
	struct view		*pv;		/* the events so far, applied */
	size_t			 applied;	/* ... up to this one */
	int			 rpid;		/* the reader's task, or -1 */
	int			 in_read;	/* between begin and end */
	uint64_t		 rd_pos, rd_end; /* pages still to copy */
	size_t			 own;		/* after its last own event */
	/* Readahead: the trigger waiting for its window, + 1 (0: none). */
	size_t			 trig;
	size_t			 win;		/* the last window, + 1 */
	int			 has_adds;	/* PAGE_ADD events in the trace */
};

/* Is e a request event of a read (the only ones the view shows)? */
#define is_read_req	trace_ahead_is_read_req

/* The first page of sector s. */
static uint64_t
page_of(const struct trace *t, uint64_t s)
{
	return (s > t->base ? (s - t->base) / 8 : 0);
}

/* The pages [*first, *first + *n) of n sectors from s. */
static void
pages_of(const struct trace *t, uint64_t s, uint64_t n, uint64_t *first,
    uint64_t *np)
{
	uint64_t	end = s + n > t->base ? (s + n - t->base + 7) / 8 : 0;

	*first = page_of(t, s);
	*np = end > *first ? end - *first : 0;
}

/* Count, bound and most-common figures of the run (the first pass). */
static void
survey(struct trace *t, const struct blk_event *in, size_t n)
{
	uint64_t	 lo = UINT64_MAX, maxpg = 0, end, f, np, busy = 0;
	uint64_t	 bytes = 0, prev = 0, best, bestn;
	uint64_t	 span = 0;	/* pages the read() calls cover */
	struct tally	 lens;		/* read() lengths in pages */
	size_t		 i;
	uint32_t	 inflight = 0;

	memset(&lens, 0, sizeof lens);

	for (i = 0; i < n; i++)
		if (is_read_req(&in[i]) && in[i].sector < lo)
			lo = in[i].sector;
	t->base = lo == UINT64_MAX ? 0 : lo;
	for (i = 0; i < n; i++) {
		const struct blk_event	*e = &in[i];

		if (inflight > 0 && e->t_ns > prev)
			busy += e->t_ns - prev;
		prev = e->t_ns > prev ? e->t_ns : prev;
		if (is_read_req(e)) {
			pages_of(t, e->sector, e->nsect, &f, &np);
			if (f + np > t->cfg.file_pages)
				t->cfg.file_pages = f + np;
			if (np > maxpg)
				maxpg = np;
			if (e->act == BLK_D) {
				inflight++;
				bytes += (uint64_t)e->nsect * 512;
			} else if (e->act == BLK_C && inflight > 0)
				inflight--;
		}
		if (e->act == BLK_READ_BEGIN) {
			t->has_reads = 1;
			end = (e->offset + e->len + VIEW_PAGE_SIZE - 1) /
			    VIEW_PAGE_SIZE;
			if (end > span)
				span = end;
			tally_add(&lens, (e->len + VIEW_PAGE_SIZE - 1) /
			    VIEW_PAGE_SIZE);
		}
	}
	best = tally_top(&lens, 0, &bestn);
	tally_free(&lens);
	t->cfg.mode = VIEW_MODE_FIXED;
	/* The reader's span is the file; readahead past it is not drawn. */
	if (t->has_reads)
		t->cfg.file_pages = span;
	if (t->cfg.file_pages == 0)
		t->cfg.file_pages = 1;
	t->cfg.max_req_pages = (uint32_t)(maxpg > 0 ? maxpg : 1);
	/*
	 * Without read() markers the read size is unknown: the screen says
	 * so, and a request's size stands in where a size is needed.
	 */
	t->cfg.read_pages = best > 0 ? best : t->cfg.max_req_pages;
	t->cfg.reads_unknown = !t->has_reads;
	t->cfg.bandwidth = busy >= 1000 ? bytes * 1000000 / (busy / 1000) :
	    0;
}

/* Add a view event made from line src (its time from the trace's start). */
static struct view_event *
emit(struct tx *x, const struct blk_event *src, enum view_ev kind)
{
	struct trace		*t = x->t;
	struct view_event	*v;
	size_t			 cap = x->cap;

	t->ev = xgrow(t->ev, &x->cap, t->nev, sizeof *t->ev);
	if (x->cap != cap)
		t->src = xreallocarray(t->src, x->cap, sizeof *t->src);
	v = &t->ev[t->nev];
	memset(v, 0, sizeof *v);
	v->seq = t->nev;
	v->t_ns = src->t_ns - t->t0;
	v->kind = kind;
	v->marker = v->hit = v->page = VIEW_NONE;
	v->mode = VIEW_MODE_FIXED;
	t->src[t->nev++] = (uint32_t)(src - x->in);
	return (v);
}

/* Request i of the mirror. */
static struct treq *
rq(const struct tx *x, size_t i)
{
	return (reqmap_at(&x->rq, i));
}

/*
 * Index of the request not on the device (or on it) that holds sectors:
 * the oldest starting there, else the oldest overlapping them;
 * REQMAP_NONE if none.
 */
static size_t
req_find(const struct tx *x, uint64_t sector, uint64_t nsect, int on_dev)
{
	size_t	i = reqmap_start(&x->rq, sector, on_dev, 0);

	return (i != REQMAP_NONE ? i : reqmap_overlap(&x->rq, sector, nsect,
	    on_dev));
}

/*
 * Does the request made at event k, holding sector s, wait for its task's
 * unplug?  Its task's U/UT must come before an I or D that holds s, and a
 * plug must be open then (already, or opened by a P before the unplug).
 */
static int
goes_on_plug(const struct tx *x, size_t k, int open)
{
	size_t	u = x->ah.unplug[k];

	if (u == TRACE_AHEAD_NONE || x->ah.cover[k] < u)
		return (0);
	return (open || x->ah.plug[k] < u);
}

/* Does a G, M or F take the bio queued at event k before it is issued? */
static int
bio_taken(const struct tx *x, size_t k)
{
	size_t	g = x->ah.same[k];

	return (g != TRACE_AHEAD_NONE && g < x->ah.cover[k] &&
	    x->in[g].act != BLK_Q);
}

/* The newest request of key k in ix that task pid may join, or NONE. */
static size_t
joinable(const struct tx *x, const struct keyidx *ix, uint64_t k, int pid)
{
	size_t	i;

	for (i = keyidx_newest(ix, k); i != KEYIDX_NONE;
	    i = keyidx_older(ix, i))
		if (pid < 0 || rq(x, i)->pid < 0 || rq(x, i)->pid == pid)
			break;
	return (i);
}

/*
 * The request of task pid, not yet issued, that a bio of n sectors at s
 * joins without a merge event (a plug merge the trace did not record):
 * the newest ending at s (its back) or starting at s + n (its front).
 */
static size_t
silent_merge(const struct tx *x, uint64_t s, uint64_t n, int pid)
{
	size_t	b = joinable(x, &x->rq.end, s, pid);
	size_t	f = joinable(x, &x->rq.start[0], s + n, pid);

	if (b == REQMAP_NONE || (f != REQMAP_NONE && f > b))
		return (f);
	return (b);
}

/* Fill a QUEUE event for request r with the pages [first, first + n). */
static void
queue_ev(struct tx *x, const struct blk_event *src, const struct treq *r,
    uint64_t sector, uint64_t nsect, int merged)
{
	struct view_event	*v = emit(x, src, VIEW_EV_QUEUE);

	pages_of(x->t, sector, nsect, &v->first, &v->npages);
	pages_of(x->t, r->k.sector, r->k.nsect, &v->req_first,
	    &v->req_npages);
	v->where = r->k.where == W_PLUG ? VIEW_WHERE_PLUG : VIEW_WHERE_QUEUE;
	v->merged = merged;
	v->req = r->id;
}

/* A new request for event k's sectors, where its future puts it. */
static size_t
req_new(struct tx *x, size_t k, int open)
{
	const struct blk_event	*e = &x->in[k];
	struct treq		 r;
	size_t			 i;

	memset(&r, 0, sizeof r);
	r.id = x->next_id++;
	r.k.sector = e->sector;
	r.k.nsect = e->nsect;
	r.pid = e->pid;
	r.k.where = goes_on_plug(x, k, open) ? W_PLUG : W_QUEUE;
	i = reqmap_add(&x->rq, &r);
	queue_ev(x, e, rq(x, i), e->sector, e->nsect, 0);
	return (i);
}

/* A bio merges into the request it touches (M: at its back, F: front). */
static void
merge(struct tx *x, size_t k)
{
	const struct blk_event	*e = &x->in[k];
	const struct treq	*r;
	size_t			 i;

	i = e->act == BLK_M ? keyidx_newest(&x->rq.end, e->sector) :
	    reqmap_start(&x->rq, e->sector + e->nsect, 0, 1);
	if (i == REQMAP_NONE)
		return;
	r = rq(x, i);
	reqmap_set(&x->rq, i, r->k.where, e->act == BLK_F ? e->sector :
	    r->k.sector, r->k.nsect + e->nsect);
	queue_ev(x, e, r, e->sector, e->nsect, 1);
}

/* A request goes to the device. */
static void
issue(struct tx *x, size_t k)
{
	const struct blk_event	*e = &x->in[k];
	struct view_event	*v;
	size_t			 i = req_find(x, e->sector, e->nsect, 0);

	if (i != REQMAP_NONE && rq(x, i)->k.where == W_PLUG) {
		/* Its unplug is not in the trace: the plug is flushed here. */
		v = emit(x, e, VIEW_EV_FLUSH);
		v->reason = VIEW_REASON_NONE;
		reqmap_unplug(&x->rq);
	}
	if (i == REQMAP_NONE)
		i = req_new(x, k, 0);	/* nothing seen before: a request */
	reqmap_set(&x->rq, i, W_DEV, e->sector, e->nsect);
	v = emit(x, e, VIEW_EV_DISPATCH);
	pages_of(x->t, e->sector, e->nsect, &v->first, &v->npages);
	v->req = rq(x, i)->id;
}

/* A request completes (kind COMPLETE) or is requeued (R). */
static void
complete(struct tx *x, size_t k)
{
	const struct blk_event	*e = &x->in[k];
	struct view_event	*v;
	struct treq		*r;
	size_t			 i = req_find(x, e->sector, e->nsect, 1);

	v = emit(x, e, VIEW_EV_COMPLETE);
	pages_of(x->t, e->sector, e->nsect, &v->first, &v->npages);
	v->req = i != REQMAP_NONE ? rq(x, i)->id : 0;
	if (i == REQMAP_NONE)
		return;
	r = rq(x, i);
	if (e->act == BLK_R) {
		reqmap_set(&x->rq, i, W_QUEUE, r->k.sector, r->k.nsect);
		queue_ev(x, e, r, r->k.sector, r->k.nsect, 0);
	} else
		reqmap_del(&x->rq, i);
}

/* An unplug: the plug list enters the queue. */
static void
unplug(struct tx *x, size_t k)
{
	const struct blk_event	*e = &x->in[k];
	struct view_event	*v = emit(x, e, VIEW_EV_FLUSH);

	v->reason = e->act == BLK_UT ? VIEW_REASON_SLEEP :
	    VIEW_REASON_EXPLICIT;
	v->count = e->count;
	reqmap_unplug(&x->rq);
}

/* The reader's read() boundaries: begin; copy and end. */
static void
reader(struct tx *x, size_t k)
{
	const struct blk_event	*e = &x->in[k];
	struct view_event	*v;
	uint64_t		 a = e->offset / VIEW_PAGE_SIZE;
	uint64_t		 b = (e->offset + e->len + VIEW_PAGE_SIZE - 1) /
				    VIEW_PAGE_SIZE;

	if (e->act == BLK_READ_BEGIN) {
		v = emit(x, e, VIEW_EV_READ_BEGIN);
		v->first = a;
		v->npages = b - a;
		v->read_index = x->reads++;
		x->in_read = 1;
		x->rd_pos = a;
		x->rd_end = b;
		return;
	}
	/* What the reader has not copied on waking is copied now. */
	if (x->in_read && x->rd_pos > a && x->rd_pos <= b)
		a = x->rd_pos;
	x->in_read = 0;
	if (b > a) {
		v = emit(x, e, VIEW_EV_COPY);
		v->first = a;
		v->npages = b - a;
		v->read_index = x->reads ? x->reads - 1 : 0;
	}
	v = emit(x, e, VIEW_EV_READ_END);
	v->read_index = x->reads ? x->reads - 1 : 0;
}

/* view_extents() callback: the first page not yet in memory. */
static void
first_missing_cb(const struct view_extent *x, void *arg)
{
	uint64_t	*p = arg;

	if (*p == VIEW_NONE && x->state != VIEW_PAGE_UPTODATE &&
	    x->state != VIEW_PAGE_CONSUMED)
		*p = x->first;
}

/* The first page of [a, b) not in memory in the view so far, or VIEW_NONE. */
static uint64_t
first_missing(struct tx *x, uint64_t a, uint64_t b)
{
	uint64_t	p = VIEW_NONE;

	for (; x->applied < x->t->nev; x->applied++)
		if (x->t->ev[x->applied].kind != VIEW_EV_WAIT &&
		    x->t->ev[x->applied].kind != VIEW_EV_WAKE)
			view_apply(x->pv, &x->t->ev[x->applied]);
	if (b > a)
		view_extents(x->pv, a, b - a, first_missing_cb, &p);
	return (p);
}

/*
 * A completion the reader waited for: a page its read() still needs, the
 * first one not in memory.  The reader slept from its last own event
 * (a WAIT put in there), is woken by this completion (WAKE after it) and
 * copies what is now in memory up to the next missing page (COPY).
 */
static void
woken(struct tx *x, size_t k)
{
	const struct blk_event	*e = &x->in[k];
	struct trace		*t = x->t;
	struct view_event	*v, w;
	uint64_t		 p, f, n, q;

	if (!x->in_read || x->rd_pos >= x->rd_end)
		return;
	p = first_missing(x, x->rd_pos, x->rd_end);
	pages_of(t, e->sector, e->nsect, &f, &n);
	if (p == VIEW_NONE || p < f || p >= f + n || x->own == 0)
		return;
	/* The WAIT, at the reader's last own event. */
	(void)emit(x, e, VIEW_EV_WAIT);
	w = t->ev[t->nev - 1];
	memmove(&t->ev[x->own + 1], &t->ev[x->own], (t->nev - 1 - x->own) *
	    sizeof *t->ev);
	memmove(&t->src[x->own + 1], &t->src[x->own], (t->nev - 1 - x->own) *
	    sizeof *t->src);
	w.t_ns = t->ev[x->own - 1].t_ns;
	w.page = p;
	t->ev[x->own] = w;
	t->src[x->own] = (uint32_t)k;
	if (x->applied > x->own)
		x->applied++;
	/* The completion, then the wake and the copy. */
	complete(x, k);
	v = emit(x, e, VIEW_EV_WAKE);
	v->page = p;
	q = first_missing(x, x->rd_pos, x->rd_end);
	if (q == VIEW_NONE)
		q = x->rd_end;
	if (q > x->rd_pos) {
		v = emit(x, e, VIEW_EV_COPY);
		v->first = x->rd_pos;
		v->npages = q - x->rd_pos;
		v->read_index = x->reads - 1;
		x->rd_pos = q;
	}
	x->own = t->nev;
}

/* Does event e of task pid end the search for a readahead's next step? */
static int
ra_stop(const struct blk_event *e, int pid)
{
	if (e->pid != pid)
		return (0);
	switch (e->act) {
	case BLK_RA_SYNC: case BLK_RA_ASYNC: case BLK_READ_BEGIN:
	case BLK_READ_END: case BLK_Q: case BLK_G:
		return (1);
	default:
		return (0);
	}
}

/* Is the trigger at event k followed by the window it makes? */
static int
ra_window_follows(const struct tx *x, size_t k)
{
	size_t	i;
	int	pid = x->in[k].pid;

	for (i = k + 1; i < x->nin; i++) {
		if (x->in[i].pid == pid && (x->in[i].act == BLK_RA_WINDOW ||
		    x->in[i].act == BLK_RA_READ))
			return (1);
		if (ra_stop(&x->in[i], pid))
			return (0);
	}
	return (0);
}

/*
 * The marker page of the window at event k: mark = its first async page,
 * on the folio that holds it as the page cache insertions after the
 * window show it (the kernel flags a folio, and folios are aligned to
 * their size); VIEW_NONE when that page was cached already (the
 * insertions skip it) or there is no async part.  A trace without
 * insertions gives mark itself.
 */
static uint64_t
ra_marker(const struct tx *x, size_t k, uint64_t mark)
{
	const struct blk_event	*w = &x->in[k], *e;
	size_t			 i;
	int			 adds = 0;

	if (!x->has_adds)
		return (mark);
	for (i = k + 1; i < x->nin; i++) {
		e = &x->in[i];
		if (e->pid != w->pid)
			continue;
		if (e->act == BLK_PAGE_ADD && e->ra.ino == w->ra.ino) {
			adds = 1;
			if (e->ra.index <= mark && mark - e->ra.index <
			    (UINT64_C(1) << e->ra.order))
				return (e->ra.index);
		} else if (e->act == BLK_RA_SYNC || e->act == BLK_RA_ASYNC ||
		    e->act == BLK_RA_WINDOW || e->act == BLK_READ_END ||
		    e->act == BLK_READ_BEGIN || (e->act == BLK_RA_READ &&
		    !blk_ra_same_window(w, e)))
			break;
	}
	return (adds ? VIEW_NONE : mark);
}

/*
 * Readahead.  A trigger (RA_SYNC on a miss, RA_ASYNC on the marker) and
 * the window it makes (RA_WINDOW: the file's new readahead state; RA_READ
 * alone: pages read as asked, the state untouched) are one view event, at
 * the window; a trigger that makes none is an empty one at the trigger;
 * a window that nothing traced asked for (a page fault's) is synchronous,
 * hit at no page (VIEW_NONE).  RA_READ right after its RA_WINDOW is the same
 * window read in single pages.
 */
static void
readahead(struct tx *x, size_t k)
{
	const struct blk_event	*e = &x->in[k], *tr = NULL;
	struct view_event	*v;
	uint64_t		 end, mark;

	switch (e->act) {
	case BLK_RA_SYNC:
	case BLK_RA_ASYNC:
		x->trig = k + 1;
		x->win = 0;
		if (ra_window_follows(x, k))
			return;
		v = emit(x, e, e->act == BLK_RA_SYNC ? VIEW_EV_RA_SYNC :
		    VIEW_EV_RA_ASYNC);
		v->first = v->hit = e->ra.index;
		v->read_index = x->reads ? x->reads - 1 : 0;
		x->trig = 0;
		return;
	case BLK_RA_READ:
		if (x->win > 0 && blk_ra_same_window(&x->in[x->win - 1], e))
			return;
		/* FALLTHROUGH */
	case BLK_RA_WINDOW:
		x->win = k + 1;
		break;
	default:
		return;
	}
	if (x->trig > 0 && x->in[x->trig - 1].pid == e->pid)
		tr = &x->in[x->trig - 1];
	x->trig = 0;
	v = emit(x, e, tr != NULL && tr->act == BLK_RA_ASYNC ?
	    VIEW_EV_RA_ASYNC : VIEW_EV_RA_SYNC);
	v->first = e->ra.index;
	v->npages = e->ra.size;
	v->hit = tr != NULL ? tr->ra.index : VIEW_NONE;
	v->read_index = x->reads ? x->reads - 1 : 0;
	end = e->ra.index + e->ra.size;
	mark = e->ra.async > 0 && e->ra.async <= e->ra.size ?
	    end - e->ra.async : VIEW_NONE;
	if (e->act == BLK_RA_WINDOW)
		v->async = e->ra.async;
	v->marker = mark == VIEW_NONE ? VIEW_NONE : ra_marker(x, k, mark);
}

/* One line of the trace. */
static void
translate(struct tx *x, size_t k, int *open)
{
	const struct blk_event	*e = &x->in[k];
	size_t			 i;

	if (e->act == BLK_P)
		*open = 1;
	else if (e->act == BLK_U || e->act == BLK_UT) {
		*open = 0;
		unplug(x, k);
	} else if (e->act == BLK_READ_BEGIN || e->act == BLK_READ_END)
		reader(x, k);
	else if (BLK_IS_RA(e->act))
		readahead(x, k);
	if (!is_read_req(e))
		return;
	switch (e->act) {
	case BLK_Q:
		if (bio_taken(x, k) ||
		    req_find(x, e->sector, e->nsect, 0) != REQMAP_NONE)
			break;
		if ((i = silent_merge(x, e->sector, e->nsect, e->pid)) !=
		    REQMAP_NONE) {
			struct treq	*r = rq(x, i);

			reqmap_set(&x->rq, i, r->k.where, r->k.sector ==
			    e->sector + e->nsect ? e->sector : r->k.sector,
			    r->k.nsect + e->nsect);
			queue_ev(x, e, r, e->sector, e->nsect, 1);
		} else
			(void)req_new(x, k, *open);
		break;
	case BLK_G:
		if (req_find(x, e->sector, e->nsect, 0) == REQMAP_NONE)
			(void)req_new(x, k, *open);
		break;
	case BLK_M:
	case BLK_F:
		merge(x, k);
		break;
	case BLK_I:
		i = req_find(x, e->sector, e->nsect, 0);
		if (i == REQMAP_NONE)
			(void)req_new(x, k, 0);
		else if (rq(x, i)->k.where == W_QUEUE) {
			reqmap_set(&x->rq, i, W_QUEUE, e->sector, e->nsect);
			queue_ev(x, e, rq(x, i), e->sector, e->nsect, 1);
		}
		break;
	case BLK_D:
		issue(x, k);
		break;
	case BLK_C:
		if (x->rpid >= 0 && x->in_read) {
			size_t	before = x->t->nev;

			woken(x, k);
			if (x->t->nev != before)
				break;
		}
		complete(x, k);
		break;
	case BLK_R:
		complete(x, k);
		break;
	default:
		break;
	}
}

/* Translate an import. */
void
trace_build(struct trace *t, struct import *im)
{
	struct tx	 x;
	size_t		 k;
	int		 open = 0;

	memset(t, 0, sizeof *t);
	survey(t, im->ev, im->nev);
	t->t0 = im->nev > 0 ? im->ev[0].t_ns : 0;
	t->ra_known = im->ra_kb > 0;
	t->unplug_kind = im->has_unplug_kind;
	t->cfg.ra_pages = t->ra_known ? (im->ra_kb + 3) / 4 : TRACE_RA_DEFAULT;
	snprintf(t->cfg.device, sizeof t->cfg.device, "%u,%u",
	    blk_dev_major(im->dev), blk_dev_minor(im->dev));
	snprintf(t->cfg.title, sizeof t->cfg.title, "REAL - %s (kernel trace)",
	    t->cfg.device);
	memset(&x, 0, sizeof x);
	x.t = t;
	x.in = im->ev;
	x.nin = im->nev;
	x.next_id = 1;
	x.pv = view_new(&t->cfg);
	x.rpid = -1;
	reqmap_init(&x.rq, sizeof(struct treq));
	for (k = 0; k < im->nev; k++) {
		x.has_adds |= im->ev[k].act == BLK_PAGE_ADD;
		if (!t->ra_known && BLK_IS_RA(im->ev[k].act) &&
		    im->ev[k].ra.ra_pages > 0) {
			/* The file's maximum window, as the kernel had it. */
			t->cfg.ra_pages = im->ev[k].ra.ra_pages;
			t->ra_known = 1;
		}
	}
	for (k = 0; k < im->nev; k++)
		if (im->ev[k].act == BLK_READ_BEGIN) {
			x.rpid = im->ev[k].pid;
			break;
		}
	trace_ahead_build(&x.ah, im->ev, im->nev);
	for (k = 0; k < im->nev; k++) {
		reqmap_compact(&x.rq);
		translate(&x, k, &open);
		if (x.rpid >= 0 && im->ev[k].pid == x.rpid)
			x.own = t->nev;
	}
	/* Numbered in order, sleeps included (trace_narrate() reads them). */
	for (k = 0; k < t->nev; k++)
		t->ev[k].seq = k;
	view_free(x.pv);
	trace_ahead_free(&x.ah);
	reqmap_free(&x.rq);
	t->in = im->ev;
	t->nin = im->nev;
	im->ev = NULL;
	im->nev = 0;
}

/* Free the events. */
void
trace_free(struct trace *t)
{
	free(t->ev);
	free(t->src);
	free(t->in);
	memset(t, 0, sizeof *t);
}

/* trace_narrate() as the view's words for its events (view.h: say). */
static char *
say_cb(const void *words, uint64_t seq, char *buf, size_t len)
{
	return (trace_narrate(words, (size_t)seq, buf, len));
}

/* A view at time 0, its events worded by t. */
struct view *
trace_view(const struct trace *t)
{
	struct view_config	c = t->cfg;

	c.say = say_cb;
	c.words = t;
	return (view_new(&c));
}

/*
 * A readahead in words: what set it off, then the window the trace shows
 * ("page 32 has the marker: page_cache_async_ra, window [64,96), async
 * 32, marker 64, folios of 64 KiB").
 */
static char *
narrate_ra(const struct trace *t, size_t i, char *buf, size_t len)
{
	const struct view_event	*v = &t->ev[i];
	const struct blk_event	*e = trace_src(t, i);
	unsigned long long	 a = (unsigned long long)v->first;
	unsigned long long	 b = a + v->npages;
	size_t			 n;

	if (e->act == BLK_RA_SYNC || e->act == BLK_RA_ASYNC) {
		snprintf(buf, len, "page %llu %s: %s, no window (nothing to "
		    "read)", (unsigned long long)v->hit,
		    e->act == BLK_RA_SYNC ? "is missing" : "has the marker",
		    e->act == BLK_RA_SYNC ? "page_cache_sync_ra" :
		    "page_cache_async_ra");
		return (buf);
	}
	if (v->hit == VIEW_NONE)
		snprintf(buf, len, "readahead (no traced read() asked): %s "
		    "[%llu,%llu)", e->act == BLK_RA_READ ? "reads" : "window",
		    a, b);
	else if (e->act == BLK_RA_READ)
		snprintf(buf, len, "page %llu %s: reads [%llu,%llu) as "
		    "asked, no window", (unsigned long long)v->hit,
		    v->kind == VIEW_EV_RA_SYNC ? "is missing" :
		    "has the marker", a, b);
	else
		snprintf(buf, len, "page %llu %s: %s, window [%llu,%llu), "
		    "async %llu", (unsigned long long)v->hit,
		    v->kind == VIEW_EV_RA_SYNC ? "is missing" :
		    "has the marker", v->kind == VIEW_EV_RA_SYNC ?
		    "page_cache_sync_ra" : "page_cache_async_ra", a, b,
		    (unsigned long long)v->async);
	n = strlen(buf);
	if (v->marker != VIEW_NONE)
		snprintf(buf + n, len - n, ", marker %llu",
		    (unsigned long long)v->marker);
	else
		snprintf(buf + n, len - n, ", no marker");
	n = strlen(buf);
	if (e->act == BLK_RA_WINDOW && e->ra.order > 0)
		snprintf(buf + n, len - n, ", folios of %llu KiB",
		    4ull << (e->ra.order < 20 ? e->ra.order : 20));
	return (buf);
}

/* Event i in words. */
char *
trace_narrate(const struct trace *t, size_t i, char *buf, size_t len)
{
	if (i >= t->nev) {
		if (len > 0)
			buf[0] = '\0';
		return (buf);
	}
	switch (t->ev[i].kind) {
	case VIEW_EV_COPY:
		/* The pages change hands: on waking, or as read() returns. */
		snprintf(buf, len, VIEW_INFERRED "copy %llu KiB at offset %llu "
		    "to the reader%s", (unsigned long long)t->ev[i].npages * 4,
		    (unsigned long long)t->ev[i].first * VIEW_PAGE_SIZE,
		    trace_src(t, i)->act == BLK_C ? ", woken" : "");
		return (buf);
	case VIEW_EV_WAIT:
		snprintf(buf, len, VIEW_INFERRED "the reader sleeps, read() "
		    "needs page %llu", (unsigned long long)t->ev[i].page);
		return (buf);
	case VIEW_EV_WAKE:
		snprintf(buf, len, VIEW_INFERRED "the reader wakes, page %llu "
		    "is up to date", (unsigned long long)t->ev[i].page);
		return (buf);
	case VIEW_EV_RA_SYNC:
	case VIEW_EV_RA_ASYNC:
		return (narrate_ra(t, i, buf, len));
	default:
		break;
	}
	if (trace_src(t, i)->act == BLK_U && !t->unplug_kind) {
		/* A tracepoint's unplug does not say whether it was explicit. */
		snprintf(buf, len, "unplug: %u request%s (the trace does not say "
		    "why)", trace_src(t, i)->count, trace_src(t, i)->count == 1 ?
		    "" : "s");
		return (buf);
	}
	return (blk_narrate(buf, len, trace_src(t, i)));
}
