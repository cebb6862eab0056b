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
 * Where a new request goes needs the future: on blk-mq kernels block_plug
 * is traced only when the first request is added to the plug list, after
 * its block_getrq.  So the request goes on the plug list exactly when, of
 * the events that follow, its task's unplug (U/UT) comes before its
 * insertion or issue (I/D) - then the flush is what releases it, as the
 * view shows - and a plug of that task is open or opens (P) first.
 * Likewise a Q makes a request only when no G, M or F takes its bio
 * before it is issued (traces recorded without block_getrq); when a
 * request of its task touches it, it joins that one, as the plug merge
 * the trace did not record did.
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

#include "trace.h"
#include "xalloc.h"

/* A request the mirror knows: its sectors, its place, its task. */
struct treq {
	uint32_t	 id;
	uint64_t	 sector;
	uint64_t	 nsect;
	int		 where;		/* W_PLUG, W_QUEUE, W_DEV */
	int		 pid;
};

enum { W_PLUG, W_QUEUE, W_DEV };

/* The translation under way. */
struct tx {
	struct trace		*t;
	const struct blk_event	*in;
	size_t			 nin;
	size_t			 cap;
	struct treq		*rq;
	size_t			 nrq, crq;
	uint32_t		 next_id;
	uint64_t		 reads;		/* read_begin seen */
	/* The reader, for its inferred sleeps. */
	struct view		*pv;		/* the events so far, applied */
	size_t			 applied;	/* ... up to this one */
	int			 rpid;		/* the reader's task, or -1 */
	int			 in_read;	/* between begin and end */
	uint64_t		 rd_pos, rd_end; /* pages still to copy */
	size_t			 own;		/* after its last own event */
};

/* Is e a request event of a read (the only ones the view shows)? */
static int
is_read_req(const struct blk_event *e)
{
	switch (e->act) {
	case BLK_Q: case BLK_G: case BLK_I: case BLK_D: case BLK_C:
	case BLK_M: case BLK_F: case BLK_R:
		return (e->read && e->nsect > 0);
	default:
		return (0);
	}
}

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

/* Do the sector ranges [a, a + an) and [b, b + bn) overlap? */
static int
overlap(uint64_t a, uint64_t an, uint64_t b, uint64_t bn)
{
	return (a < b + bn && b < a + an);
}

/* Is the task of e the task pid (unknown on either side matches)? */
static int
same_task(const struct blk_event *e, int pid)
{
	return (e->pid < 0 || pid < 0 || e->pid == pid);
}

/* Count, bound and most-common figures of the run (the first pass). */
static void
survey(struct trace *t, const struct blk_event *in, size_t n)
{
	uint64_t	 lo = UINT64_MAX, maxpg = 0, end, f, np, busy = 0;
	uint64_t	 bytes = 0, prev = 0, len, best = 0, bestn = 0;
	uint64_t	 span = 0;	/* pages the read() calls cover */
	uint64_t	*lens = NULL, *cnt = NULL;
	size_t		 i, j, nl = 0, cl = 0;
	uint32_t	 inflight = 0;

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
			len = (e->len + VIEW_PAGE_SIZE - 1) / VIEW_PAGE_SIZE;
			for (j = 0; j < nl && lens[j] != len; j++)
				;
			if (j == nl) {
				if (nl == cl) {
					cl = cl ? 2 * cl : 16;
					lens = xreallocarray(lens, cl,
					    sizeof *lens);
					cnt = xreallocarray(cnt, cl,
					    sizeof *cnt);
				}
				lens[nl] = len;
				cnt[nl++] = 0;
			}
			cnt[j]++;
			if (cnt[j] > bestn || (cnt[j] == bestn && len > best)) {
				best = len;
				bestn = cnt[j];
			}
		}
	}
	free(lens);
	free(cnt);
	t->cfg.mode = VIEW_MODE_FIXED;
	/* The reader's span is the file; readahead past it is not drawn. */
	if (t->has_reads)
		t->cfg.file_pages = span;
	if (t->cfg.file_pages == 0)
		t->cfg.file_pages = 1;
	t->cfg.max_req_pages = (uint32_t)(maxpg > 0 ? maxpg : 1);
	/* Without read() markers the read size is unknown: take a request. */
	t->cfg.read_pages = best > 0 ? best : t->cfg.max_req_pages;
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
	t->src[t->nev++] = *src;
	return (v);
}

/* Index of the request not on the device (or on it) that holds sectors. */
static size_t
req_find(const struct tx *x, uint64_t sector, uint64_t nsect, int on_dev)
{
	size_t	i, hit = x->nrq;

	for (i = 0; i < x->nrq; i++) {
		if ((x->rq[i].where == W_DEV) != on_dev)
			continue;
		if (x->rq[i].sector == sector)
			return (i);
		if (hit == x->nrq && overlap(x->rq[i].sector, x->rq[i].nsect,
		    sector, nsect))
			hit = i;
	}
	return (hit);
}

/* Drop request i from the mirror. */
static void
req_drop(struct tx *x, size_t i)
{
	memmove(&x->rq[i], &x->rq[i + 1], (x->nrq - i - 1) * sizeof *x->rq);
	x->nrq--;
}

/*
 * Does the request made at event k, holding sector s, wait for its task's
 * unplug?  Its task's U/UT must come before an I or D that holds s, and a
 * plug must be open then (already, or opened by a P before the unplug).
 */
static int
goes_on_plug(const struct tx *x, size_t k, uint64_t s, int pid, int open)
{
	size_t	i;

	for (i = k + 1; i < x->nin; i++) {
		const struct blk_event	*e = &x->in[i];

		if ((e->act == BLK_I || e->act == BLK_D) && e->read &&
		    overlap(e->sector, e->nsect, s, 1))
			return (0);
		if (!same_task(e, pid))
			continue;
		if (e->act == BLK_P)
			open = 1;
		else if (e->act == BLK_U || e->act == BLK_UT)
			return (open);
	}
	return (0);
}

/* Does a G, M or F take the bio queued at event k before it is issued? */
static int
bio_taken(const struct tx *x, size_t k)
{
	const struct blk_event	*q = &x->in[k];
	size_t			 i;

	for (i = k + 1; i < x->nin; i++) {
		const struct blk_event	*e = &x->in[i];

		if (!is_read_req(e))
			continue;
		if (e->sector == q->sector && (e->act == BLK_G ||
		    e->act == BLK_M || e->act == BLK_F))
			return (1);
		if ((e->act == BLK_D || e->act == BLK_I) &&
		    overlap(e->sector, e->nsect, q->sector, 1))
			return (0);
		if (e->act == BLK_Q && e->sector == q->sector)
			return (0);
	}
	return (0);
}

/*
 * The request of task pid, not yet issued, that a bio of n sectors at s
 * joins without a merge event (a plug merge the trace did not record):
 * one ending at s (its back) or starting at s + n (its front).
 */
static size_t
silent_merge(const struct tx *x, uint64_t s, uint64_t n, int pid)
{
	size_t	i;

	for (i = x->nrq; i-- > 0; ) {
		const struct treq	*r = &x->rq[i];

		if (r->where == W_DEV || (pid >= 0 && r->pid >= 0 &&
		    r->pid != pid))
			continue;
		if (r->sector + r->nsect == s || s + n == r->sector)
			return (i);
	}
	return (x->nrq);
}

/* Fill a QUEUE event for request r with the pages [first, first + n). */
static void
queue_ev(struct tx *x, const struct blk_event *src, const struct treq *r,
    uint64_t sector, uint64_t nsect, int merged)
{
	struct view_event	*v = emit(x, src, VIEW_EV_QUEUE);

	pages_of(x->t, sector, nsect, &v->first, &v->npages);
	pages_of(x->t, r->sector, r->nsect, &v->req_first, &v->req_npages);
	v->where = r->where == W_PLUG ? VIEW_WHERE_PLUG : VIEW_WHERE_QUEUE;
	v->merged = merged;
	v->req = r->id;
}

/* A new request for event k's sectors, where its future puts it. */
static void
req_new(struct tx *x, size_t k, int open)
{
	const struct blk_event	*e = &x->in[k];
	struct treq		*r;

	x->rq = xgrow(x->rq, &x->crq, x->nrq, sizeof *x->rq);
	r = &x->rq[x->nrq++];
	r->id = x->next_id++;
	r->sector = e->sector;
	r->nsect = e->nsect;
	r->pid = e->pid;
	r->where = goes_on_plug(x, k, e->sector, e->pid, open) ? W_PLUG :
	    W_QUEUE;
	queue_ev(x, e, r, e->sector, e->nsect, 0);
}

/* A bio merges into the request it touches (M: at its back, F: front). */
static void
merge(struct tx *x, size_t k)
{
	const struct blk_event	*e = &x->in[k];
	struct treq		*r;
	size_t			 i;

	for (i = x->nrq; i-- > 0; ) {
		r = &x->rq[i];
		if (r->where != W_DEV && blk_merges(e, r->sector, r->nsect)) {
			if (e->act == BLK_F)
				r->sector = e->sector;
			r->nsect += e->nsect;
			break;
		}
	}
	if (i < x->nrq)
		queue_ev(x, e, &x->rq[i], e->sector, e->nsect, 1);
}

/* A request goes to the device. */
static void
issue(struct tx *x, size_t k)
{
	const struct blk_event	*e = &x->in[k];
	struct view_event	*v;
	size_t			 i = req_find(x, e->sector, e->nsect, 0), j;

	if (i < x->nrq && x->rq[i].where == W_PLUG) {
		/* Its unplug is not in the trace: the plug is flushed here. */
		v = emit(x, e, VIEW_EV_FLUSH);
		v->reason = VIEW_REASON_NONE;
		for (j = 0; j < x->nrq; j++)
			if (x->rq[j].where == W_PLUG)
				x->rq[j].where = W_QUEUE;
	}
	if (i == x->nrq) {
		req_new(x, k, 0);	/* nothing seen before: a request */
		i = x->nrq - 1;
	}
	x->rq[i].where = W_DEV;
	x->rq[i].sector = e->sector;
	x->rq[i].nsect = e->nsect;
	v = emit(x, e, VIEW_EV_DISPATCH);
	pages_of(x->t, e->sector, e->nsect, &v->first, &v->npages);
	v->req = x->rq[i].id;
}

/* A request completes (kind COMPLETE) or is requeued (R). */
static void
complete(struct tx *x, size_t k)
{
	const struct blk_event	*e = &x->in[k];
	struct view_event	*v;
	size_t			 i = req_find(x, e->sector, e->nsect, 1);

	v = emit(x, e, VIEW_EV_COMPLETE);
	pages_of(x->t, e->sector, e->nsect, &v->first, &v->npages);
	v->req = i < x->nrq ? x->rq[i].id : 0;
	if (i == x->nrq)
		return;
	if (e->act == BLK_R) {
		x->rq[i].where = W_QUEUE;
		queue_ev(x, e, &x->rq[i], x->rq[i].sector, x->rq[i].nsect, 0);
	} else
		req_drop(x, i);
}

/* An unplug: the plug list enters the queue. */
static void
unplug(struct tx *x, size_t k)
{
	const struct blk_event	*e = &x->in[k];
	struct view_event	*v = emit(x, e, VIEW_EV_FLUSH);
	size_t			 i;

	v->reason = e->act == BLK_UT ? VIEW_REASON_SLEEP :
	    VIEW_REASON_EXPLICIT;
	v->count = e->count;
	for (i = 0; i < x->nrq; i++)
		if (x->rq[i].where == W_PLUG)
			x->rq[i].where = W_QUEUE;
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
	t->src[x->own] = *e;
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
	if (!is_read_req(e))
		return;
	switch (e->act) {
	case BLK_Q:
		if (bio_taken(x, k) ||
		    req_find(x, e->sector, e->nsect, 0) < x->nrq)
			break;
		if ((i = silent_merge(x, e->sector, e->nsect, e->pid)) <
		    x->nrq) {
			struct treq	*r = &x->rq[i];

			if (r->sector == e->sector + e->nsect)
				r->sector = e->sector;
			r->nsect += e->nsect;
			queue_ev(x, e, r, e->sector, e->nsect, 1);
		} else
			req_new(x, k, *open);
		break;
	case BLK_G:
		if (req_find(x, e->sector, e->nsect, 0) == x->nrq)
			req_new(x, k, *open);
		break;
	case BLK_M:
	case BLK_F:
		merge(x, k);
		break;
	case BLK_I:
		i = req_find(x, e->sector, e->nsect, 0);
		if (i == x->nrq)
			req_new(x, k, 0);
		else if (x->rq[i].where == W_QUEUE) {
			x->rq[i].sector = e->sector;
			x->rq[i].nsect = e->nsect;
			queue_ev(x, e, &x->rq[i], e->sector, e->nsect, 1);
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
trace_build(struct trace *t, const struct import *im)
{
	struct tx	 x;
	size_t		 k;
	int		 open = 0;

	memset(t, 0, sizeof *t);
	survey(t, im->ev, im->nev);
	t->t0 = im->nev > 0 ? im->ev[0].t_ns : 0;
	t->ra_known = im->ra_kb > 0;
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
	for (k = 0; k < im->nev; k++)
		if (im->ev[k].act == BLK_READ_BEGIN) {
			x.rpid = im->ev[k].pid;
			break;
		}
	for (k = 0; k < im->nev; k++) {
		translate(&x, k, &open);
		if (x.rpid >= 0 && im->ev[k].pid == x.rpid)
			x.own = t->nev;
	}
	/* Numbered in order, sleeps included (trace_narrate() reads them). */
	for (k = 0; k < t->nev; k++)
		t->ev[k].seq = k;
	view_free(x.pv);
	free(x.rq);
}

/* Free the events. */
void
trace_free(struct trace *t)
{
	free(t->ev);
	free(t->src);
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
		snprintf(buf, len, "copy: %llu KiB at offset %llu to the "
		    "reader%s", (unsigned long long)t->ev[i].npages * 4,
		    (unsigned long long)t->ev[i].first * VIEW_PAGE_SIZE,
		    t->src[i].act == BLK_C ? ", woken" : "");
		return (buf);
	case VIEW_EV_WAIT:
		snprintf(buf, len, "the reader sleeps: read() needs page %llu, "
		    "not yet read", (unsigned long long)t->ev[i].page);
		return (buf);
	case VIEW_EV_WAKE:
		snprintf(buf, len, "the reader wakes: page %llu is up to date",
		    (unsigned long long)t->ev[i].page);
		return (buf);
	default:
		break;
	}
	return (blk_narrate(buf, len, &t->src[i]));
}
