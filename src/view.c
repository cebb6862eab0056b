/*
 * view.c - the pipeline state the screen is drawn from, built by applying
 * events (view.h).
 *
 * Pages are runs of equal state (runs.h: absent pages are not stored, a
 * sequential read keeps a handful of runs whatever its length).  The plug list and the queue are kept in page order, the device
 * list in dispatch order, as the block layer keeps them (model.md §4).
 *
 * Each event says what changed; where it leaves a rule implied, the rule
 * is the block layer's own: a flushed plug's requests enter the elevator
 * and merge with the queued requests they touch, within the size limit
 * (the engine reports that as one FLUSH); a completion wakes a task that
 * sleeps on one of its pages; an async readahead that queues pages makes
 * the task a submitter.  The device's time is split into busy, waking and
 * idle between events from the device list alone: a dispatch that starts
 * a wake of the link (it is then first on the list, and stays first until
 * the link is up) holds every command until the wake ends (model.md §5).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "mode.h"
#include "runs.h"
#include "tally.h"
#include "view.h"
#include "xalloc.h"

/* A marked folio: PG_readahead on [page, page + npages). */
struct view_mark {
	uint64_t		 page;
	uint64_t		 npages;
};

/* An array of requests. */
struct reqv {
	struct view_request	*v;
	size_t			 n, cap;
};

struct view {
	struct view_config	 cfg;
	struct runs		 pages;		/* requested pages (runs.h) */
	struct view_mark	*mark;		/* marked folios, ascending */
	size_t			 nmark, cmark;
	struct reqv		 list[3];	/* plug, queue, device */
	struct tally		 hist;		/* requests by size in pages */
	int			 q_plugged;
	struct view_reader	 rd;
	struct view_ra		 ra;
	struct view_stats	 st;
	enum view_mode		 mode, pending;
	uint64_t		 acct_t;	/* device time accounted to */
	uint64_t		 stall_acc;	/* sleeps that ended */
	uint64_t		 sleep_since;
	int			 ra_wait;	/* async ra: pages make a submitter */
	uint64_t		 events;
	/* The copy under way: [copy_first, + copy_n) until copy_end. */
	uint64_t		 copy_first, copy_n, copy_end;
};

enum { L_PLUG, L_QUEUE, L_DEV };

/* A mode's name (mode.c holds the vocabulary). */
const char *
view_mode_name(enum view_mode m)
{
	return (mode_name(m));
}

/* Everything back to time 0 (the configuration stays). */
static void
reset(struct view *v)
{
	size_t	i;

	v->pages.n = v->nmark = 0;
	for (i = 0; i < 3; i++)
		v->list[i].n = 0;
	tally_clear(&v->hist);
	v->q_plugged = 0;
	memset(&v->rd, 0, sizeof v->rd);
	v->rd.task = VIEW_TASK_SYSCALL;
	v->rd.wait_page = VIEW_NONE;
	memset(&v->ra, 0, sizeof v->ra);
	memset(&v->st, 0, sizeof v->st);
	v->st.end_ns = VIEW_NONE;
	v->mode = v->pending = v->cfg.mode;
	v->acct_t = v->stall_acc = v->sleep_since = 0;
	v->ra_wait = 0;
	v->events = 0;
	v->copy_n = 0;
}

/* A new view. */
struct view *
view_new(const struct view_config *cfg)
{
	struct view	*v = xcalloc(1, sizeof *v);

	v->cfg = *cfg;
	v->cfg.device[VIEW_NAME_MAX - 1] = '\0';
	if (v->cfg.max_req_pages == 0)
		v->cfg.max_req_pages = 1;
	reset(v);
	return (v);
}

/* An independent copy. */
struct view *
view_clone(const struct view *o)
{
	struct view	*v = xmalloc(sizeof *v);
	size_t		 i;

	*v = *o;
	memset(&v->pages, 0, sizeof v->pages);
	runs_copy(&v->pages, &o->pages);
	v->mark = xmemdup(o->mark, o->nmark, sizeof *o->mark);
	v->cmark = o->nmark;
	for (i = 0; i < 3; i++) {
		v->list[i].v = xmemdup(o->list[i].v, o->list[i].n,
		    sizeof *o->list[i].v);
		v->list[i].cap = o->list[i].n;
	}
	memset(&v->hist, 0, sizeof v->hist);
	tally_copy(&v->hist, &o->hist);
	return (v);
}

/* Free a view. */
void
view_free(struct view *v)
{
	size_t	i;

	if (v == NULL)
		return;
	runs_free(&v->pages);
	free(v->mark);
	for (i = 0; i < 3; i++)
		free(v->list[i].v);
	tally_free(&v->hist);
	free(v);
}

/* Set pages [a, a + n) to state st. */
static void
set_pages(struct view *v, uint64_t a, uint64_t n, enum view_page st)
{
	runs_set(&v->pages, a, n, (int)st);
}

/* The state of one page. */
enum view_page
view_page_state(const struct view *v, uint64_t page)
{
	return ((enum view_page)runs_get(&v->pages, page));
}

/* Page runs over a range, absent gaps included. */
void
view_extents(const struct view *v, uint64_t first, uint64_t npages,
    void (*fn)(const struct view_extent *, void *), void *arg)
{
	const struct runs	*r = &v->pages;
	struct view_extent	 x;
	uint64_t		 p = first, end = first + npages, a, b;
	size_t			 i;

	for (i = runs_find(r, first); p < end; i++) {
		if (i >= r->n || r->v[i].first >= end) {
			x.first = p;
			x.npages = end - p;
			x.state = VIEW_PAGE_ABSENT;
			fn(&x, arg);
			return;
		}
		a = r->v[i].first > p ? r->v[i].first : p;
		if (a > p) {
			x.first = p;
			x.npages = a - p;
			x.state = VIEW_PAGE_ABSENT;
			fn(&x, arg);
		}
		b = r->v[i].first + r->v[i].npages;
		if (b > end)
			b = end;
		x.first = a;
		x.npages = b - a;
		x.state = (enum view_page)r->v[i].state;
		fn(&x, arg);
		p = b;
	}
}

/* Index of the first marker at or after p. */
static size_t
mark_find(const struct view *v, uint64_t p)
{
	size_t	lo = 0, hi = v->nmark, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (v->mark[mid].page < p)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (lo);
}

/* Set the marker on the folio of n pages at p. */
static void
mark_set(struct view *v, uint64_t p, uint64_t n)
{
	size_t	i = mark_find(v, p);

	if (i < v->nmark && v->mark[i].page == p)
		return;
	v->mark = xgrow(v->mark, &v->cmark, v->nmark, sizeof *v->mark);
	memmove(&v->mark[i + 1], &v->mark[i], (v->nmark - i) *
	    sizeof *v->mark);
	v->mark[i].page = p;
	v->mark[i].npages = n > 0 ? n : 1;
	v->nmark++;
}

/* Take the marker off page p, if it has one. */
static void
mark_take(struct view *v, uint64_t p)
{
	size_t	i = mark_find(v, p);

	if (i < v->nmark && v->mark[i].page == p) {
		memmove(&v->mark[i], &v->mark[i + 1], (v->nmark - i - 1) *
		    sizeof *v->mark);
		v->nmark--;
	}
}

/* Marker pages. */
size_t
view_markers(const struct view *v, uint64_t *out, size_t max)
{
	size_t	i;

	for (i = 0; i < v->nmark && i < max; i++)
		out[i] = v->mark[i].page;
	return (v->nmark);
}

/* Pages of the marked folio at page p (1 if p has no marker). */
uint64_t
view_marker_pages(const struct view *v, uint64_t p)
{
	size_t	i = mark_find(v, p);

	return (i < v->nmark && v->mark[i].page == p ? v->mark[i].npages : 1);
}

/* Insert r into l at index i. */
static void
req_insert(struct reqv *l, size_t i, const struct view_request *r)
{
	l->v = xgrow(l->v, &l->cap, l->n, sizeof *l->v);
	memmove(&l->v[i + 1], &l->v[i], (l->n - i) * sizeof *l->v);
	l->v[i] = *r;
	l->n++;
}

/* Remove the request at index i of l. */
static void
req_remove(struct reqv *l, size_t i)
{
	memmove(&l->v[i], &l->v[i + 1], (l->n - i - 1) * sizeof *l->v);
	l->n--;
}

/* Index of the first request of l (in page order) starting at or after p. */
static size_t
req_lower(const struct reqv *l, uint64_t p)
{
	size_t	lo = 0, hi = l->n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (l->v[mid].first < p)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (lo);
}

/* Add a request to l in page order. */
static void
req_add_sorted(struct reqv *l, uint32_t id, uint64_t first, uint64_t n)
{
	struct view_request	r;

	memset(&r, 0, sizeof r);
	r.id = id;
	r.first = first;
	r.npages = n;
	r.t_dispatch = VIEW_NONE;
	req_insert(l, req_lower(l, first), &r);
}

/* Index of request id in l, or l->n. */
static size_t
req_by_id(const struct reqv *l, uint32_t id)
{
	size_t	i;

	for (i = 0; i < l->n; i++)
		if (l->v[i].id == id)
			break;
	return (i);
}

/*
 * Merge [first, first + n) into a queued request it touches, within the
 * size limit: front merge first, else back merge of what fits.  The
 * pages merged, 0 if none (the elevator's rule, model.md §4).
 */
static uint64_t
queue_merge(struct view *v, uint64_t first, uint64_t n)
{
	struct reqv		*q = &v->list[L_QUEUE];
	struct view_request	*r;
	uint64_t		 lim = v->cfg.max_req_pages, m;
	size_t			 i = req_lower(q, first + n);

	if (i < q->n && q->v[i].first == first + n && q->v[i].npages < lim &&
	    n <= lim - q->v[i].npages) {
		q->v[i].first = first;
		q->v[i].npages += n;
		return (n);
	}
	i = req_lower(q, first);
	if (i == 0)
		return (0);
	r = &q->v[i - 1];
	if (r->first + r->npages != first || r->npages >= lim)
		return (0);
	m = n < lim - r->npages ? n : lim - r->npages;
	r->npages += m;
	return (m);
}

/* A flushed plug: its requests enter the elevator, merging where they can. */
static void
plug_to_queue(struct view *v)
{
	struct reqv		*p = &v->list[L_PLUG];
	uint64_t		 first, n, m;
	uint32_t		 id;
	size_t			 i;

	for (i = 0; i < p->n; i++) {
		first = p->v[i].first;
		n = p->v[i].npages;
		id = p->v[i].id;
		set_pages(v, first, n, VIEW_PAGE_QUEUED);
		while (n > 0) {
			if ((m = queue_merge(v, first, n)) == 0) {
				m = n < v->cfg.max_req_pages ? n :
				    v->cfg.max_req_pages;
				req_add_sorted(&v->list[L_QUEUE], id, first, m);
				id = 0;
			}
			first += m;
			n -= m;
		}
	}
	p->n = 0;
}

/*
 * Until when the link wakes: the end of the idle-exit wake that the first
 * command on the device started, if it did; else 0.
 */
uint64_t
view_wake_end(const struct view *v)
{
	const struct reqv	*d = &v->list[L_DEV];

	if (d->n == 0 || !d->v[0].penalised)
		return (0);
	return (d->v[0].t_dispatch + v->cfg.idle_penalty_ns);
}

/*
 * Account the device's time up to t: idle with nothing on it; else waking
 * until the link is up, busy from then on.
 */
static void
account(struct view *v, uint64_t t)
{
	uint64_t	a = v->acct_t, up, from;

	if (t <= a)
		return;
	v->acct_t = t;
	if (v->list[L_DEV].n == 0) {
		v->st.idle_ns += t - a;
		return;
	}
	up = view_wake_end(v);
	if (up > a) {
		from = up < t ? up : t;
		v->st.waking_ns += from - a;
		a = from;
	}
	v->st.busy_ns += t - a;
}

/* A request went to the device. */
static void
dispatch(struct view *v, const struct view_event *e)
{
	struct reqv		*q = &v->list[L_QUEUE];
	struct view_request	 r;
	uint64_t		 n = e->npages, top;
	size_t			 i;

	/* Off the queue: the request itself, else whatever it overlaps. */
	for (i = 0; i < q->n; i++) {
		if (q->v[i].first == e->first && q->v[i].npages == n) {
			req_remove(q, i);
			break;
		}
	}
	if (i == q->n) {
		for (i = q->n; i-- > 0; )
			if (q->v[i].first < e->first + n &&
			    q->v[i].first + q->v[i].npages > e->first)
				req_remove(q, i);
	}
	memset(&r, 0, sizeof r);
	r.id = e->req;
	r.first = e->first;
	r.npages = n;
	r.t_dispatch = e->t_ns;
	r.penalised = e->penalised;
	req_insert(&v->list[L_DEV], v->list[L_DEV].n, &r);
	set_pages(v, e->first, n, VIEW_PAGE_INFLIGHT);
	v->st.requests++;
	v->st.request_pages += n;
	if (n > v->st.max_request_pages)
		v->st.max_request_pages = n;
	tally_add(&v->hist, n);
	v->st.mode_request_pages = tally_top(&v->hist, 0, &top);
}

/* A request completed. */
static void
complete(struct view *v, const struct view_event *e)
{
	struct reqv	*d = &v->list[L_DEV];
	size_t		 i = req_by_id(d, e->req);

	if (i < d->n)
		req_remove(d, i);
	v->st.pages_completed += e->npages;
	set_pages(v, e->first, e->npages, VIEW_PAGE_UPTODATE);
	if (v->rd.task == VIEW_TASK_SLEEPING && v->rd.wait_page >= e->first &&
	    v->rd.wait_page < e->first + e->npages)
		v->rd.task = VIEW_TASK_WAKING;
}

/* Pages held: a new request, or more pages in one. */
static void
queue(struct view *v, const struct view_event *e)
{
	struct reqv	*l = &v->list[e->where == VIEW_WHERE_PLUG ? L_PLUG :
			    L_QUEUE];
	size_t		 i = req_by_id(l, e->req);

	if (e->where == VIEW_WHERE_QUEUE && e->mode == VIEW_MODE_LEGACY &&
	    !e->merged && l->n == 0 && !v->q_plugged)
		v->q_plugged = 1;	/* 2.6.38: an empty queue plugs */
	if (i < l->n) {
		l->v[i].first = e->req_first;
		l->v[i].npages = e->req_npages;
	} else
		req_add_sorted(l, e->req, e->req_first, e->req_npages);
	set_pages(v, e->first, e->npages, e->where == VIEW_WHERE_PLUG ?
	    VIEW_PAGE_PLUGGED : VIEW_PAGE_QUEUED);
	if (v->ra_wait)
		v->rd.task = VIEW_TASK_READAHEAD;
}

/*
 * The copy under way, if it is done by t: its pages are consumed only
 * now, not when it started (model.md §3 step 4).
 */
static void
copy_done(struct view *v, uint64_t t)
{
	if (v->copy_n == 0 || t < v->copy_end)
		return;
	set_pages(v, v->copy_first, v->copy_n, VIEW_PAGE_CONSUMED);
	v->copy_n = 0;
}

/* The reader's events. */
static void
reader(struct view *v, const struct view_event *e)
{
	struct view_reader	*rd = &v->rd;

	switch (e->kind) {
	case VIEW_EV_READ_BEGIN:
		rd->read_first = e->first;
		rd->read_end = e->first + e->npages;
		rd->pos = e->first;
		rd->read_index = e->read_index;
		rd->outer_plug = mode_info(e->mode)->outer_plug;
		rd->task = VIEW_TASK_SYSCALL;
		break;
	case VIEW_EV_READ_END:
		rd->outer_plug = 0;
		rd->read_index = e->read_index + 1;
		v->st.reads_done++;
		v->st.end_ns = e->t_ns;
		rd->task = rd->pos >= v->cfg.file_pages ? VIEW_TASK_DONE :
		    VIEW_TASK_SYSCALL;
		break;
	case VIEW_EV_RA_SYNC:
	case VIEW_EV_RA_ASYNC:
		if (e->kind == VIEW_EV_RA_SYNC) {
			v->st.ra_sync++;
			rd->task = VIEW_TASK_READAHEAD;
		} else {
			v->st.ra_async++;
			mark_take(v, e->hit);
			v->ra_wait = 1;
		}
		if (e->async != 0) {
			v->ra.start = e->first;
			v->ra.size = e->npages;
			v->ra.async_size = e->async;
		}
		if (e->marker != VIEW_NONE)
			mark_set(v, e->marker, e->marker_pages);
		return;		/* ra_wait lasts to the window's pages */
	case VIEW_EV_WAIT:
		rd->task = VIEW_TASK_SLEEPING;
		rd->wait_page = e->page;
		v->sleep_since = e->t_ns;
		break;
	case VIEW_EV_WAKE:
		v->stall_acc += e->t_ns - v->sleep_since;
		rd->wait_page = VIEW_NONE;
		break;
	case VIEW_EV_COPY:
		copy_done(v, UINT64_MAX);
		v->copy_first = e->first;
		v->copy_n = e->npages;
		v->copy_end = v->cfg.copy_ns != 0 && e->npages <=
		    (UINT64_MAX - e->t_ns) / v->cfg.copy_ns ?
		    e->t_ns + e->npages * v->cfg.copy_ns : e->t_ns;
		copy_done(v, e->t_ns);
		rd->pos = e->first + e->npages;
		v->st.pages_copied += e->npages;
		rd->task = VIEW_TASK_COPYING;
		break;
	default:
		break;
	}
	v->ra_wait = 0;
}

/* Apply one event. */
void
view_apply(struct view *v, const struct view_event *e)
{
	account(v, e->t_ns);
	copy_done(v, e->t_ns);
	v->st.now_ns = e->t_ns;
	v->events++;
	switch (e->kind) {
	case VIEW_EV_QUEUE:
		queue(v, e);
		break;
	case VIEW_EV_FLUSH:
		v->st.flushes++;
		if (v->list[L_PLUG].n != 0 && mode_info(e->mode)->modern)
			v->list[L_PLUG].n = 0;	/* each one told by a QUEUE */
		else if (v->list[L_PLUG].n != 0)
			plug_to_queue(v);
		else
			v->q_plugged = 0;
		break;
	case VIEW_EV_DISPATCH:
		dispatch(v, e);
		break;
	case VIEW_EV_COMPLETE:
		complete(v, e);
		break;
	case VIEW_EV_MODE:
		v->mode = e->mode;
		break;
	default:
		reader(v, e);
		break;
	}
	v->st.stall_ns = v->stall_acc + (v->rd.wait_page != VIEW_NONE ?
	    v->st.now_ns - v->sleep_since : 0);
}

/* The copy under way. */
uint64_t
view_copying(const struct view *v, uint64_t *first)
{
	*first = v->copy_first;
	return (v->copy_n);
}

/* The clock on to t with no event. */
void
view_advance(struct view *v, uint64_t t)
{
	/* A finished run's clock stays at its end, its figures final. */
	if (t <= v->st.now_ns || v->rd.task == VIEW_TASK_DONE)
		return;
	account(v, t);
	copy_done(v, t);
	v->st.now_ns = t;
	v->st.stall_ns = v->stall_acc + (v->rd.wait_page != VIEW_NONE ?
	    t - v->sleep_since : 0);
}

/* A mode change asked for. */
void
view_set_pending(struct view *v, enum view_mode m)
{
	if ((unsigned)m < VIEW_MODE_COUNT)
		v->pending = m;
}

uint64_t view_events(const struct view *v) { return (v->events); }
const struct view_config *view_config(const struct view *v) { return (&v->cfg); }
const struct view_stats *view_stats(const struct view *v) { return (&v->st); }
const struct view_reader *view_reader(const struct view *v) { return (&v->rd); }
const struct view_ra *view_ra(const struct view *v) { return (&v->ra); }
enum view_mode view_mode(const struct view *v) { return (v->mode); }
enum view_mode view_pending_mode(const struct view *v) { return (v->pending); }
int view_queue_plugged(const struct view *v) { return (v->q_plugged); }

/* The requests of list i. */
static const struct view_request *
list_of(const struct view *v, int i, size_t *n)
{
	*n = v->list[i].n;
	return (v->list[i].v);
}

const struct view_request *
view_plug_list(const struct view *v, size_t *n)
{
	return (list_of(v, L_PLUG, n));
}

const struct view_request *
view_queue_list(const struct view *v, size_t *n)
{
	return (list_of(v, L_QUEUE, n));
}

const struct view_request *
view_device_list(const struct view *v, size_t *n)
{
	return (list_of(v, L_DEV, n));
}

/* Dispatched requests of one size. */
uint64_t
view_request_count(const struct view *v, uint64_t pages)
{
	return (tally_get(&v->hist, pages));
}

/* The two most common request sizes. */
uint64_t
view_request_top(const struct view *v, int i, uint64_t *n)
{
	return (tally_top(&v->hist, i, n));
}

/* Key frame: start from nothing. */
void
view_load_clear(struct view *v)
{
	reset(v);
}

/* Key frame: a run of pages (in page order, after the last). */
void
view_load_extent(struct view *v, const struct view_extent *x)
{
	struct runs_run	r = { x->first, x->npages, (int)x->state };

	runs_append(&v->pages, &r);
}

/* Key frame: a marker page (ascending). */
void
view_load_marker(struct view *v, uint64_t page, uint64_t npages)
{
	mark_set(v, page, npages);
}

/* Key frame: a request at the end of list i (0 plug, 1 queue, 2 device). */
void
view_load_request(struct view *v, int i, const struct view_request *r)
{
	if (i >= 0 && i < 3)
		req_insert(&v->list[i], v->list[i].n, r);
}

/* Key frame: how many requests of a size were dispatched. */
void
view_load_count(struct view *v, uint64_t pages, uint64_t n)
{
	tally_set(&v->hist, pages, n);
}

/* Key frame: the reader, readahead, statistics, modes and clock. */
void
view_load_state(struct view *v, const struct view_reader *rd,
    const struct view_ra *ra, const struct view_stats *st,
    enum view_mode mode, enum view_mode pending, int q_plugged,
    uint64_t events)
{
	v->rd = *rd;
	v->ra = *ra;
	v->st = *st;
	v->mode = mode;
	v->pending = pending;
	v->q_plugged = q_plugged;
	v->events = events;
	v->acct_t = st->now_ns;
	/* A sleep under way goes on from now, its past already counted. */
	v->stall_acc = st->stall_ns;
	v->sleep_since = st->now_ns;
	v->ra_wait = 0;
	v->copy_n = 0;
}
