/*
 * pipe.c - the pipeline state, built only by applying events.
 *
 * Pages: runs of equal state (runs.h), so a sequential read keeps a
 * handful of extents whatever its length.  Sectors map to pages
 * from a base sector (the first one seen, or pipe_set_base()).
 *
 * Requests: real traces carry no request ids, so a request is known by
 * its start sector, found through reqmap.h's indices (by start sector on
 * and off the device, by end sector for back merges), never by a scan: a
 * trace whose issues never complete keeps every event O(1).  A queued
 * bio (Q) waits on a short pending list until
 * a request is allocated for it (G) or it merges into one (M/F); I moves
 * a request from the plug list to the queue, D onto the device, C off it.
 * blk-mq traces skip I (and often U): D finds the request wherever it is,
 * and a D or C with nothing known before it still counts.  Time with at
 * least one request in flight accumulates between events, so the
 * statistics are right at any point of the stream.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "pipe.h"
#include "reqmap.h"
#include "runs.h"
#include "tally.h"
#include "xalloc.h"

#define PENDING_MAX	1024	/* queued bios waiting for G/M/F */

struct bio {
	uint64_t	 sector;
	uint32_t	 nsect;
	uint64_t	 t;
};

/* A request: where it is and its sectors, then what pipe.c adds. */
struct slot {
	struct reqmap_req	 k;
	int			 read;
	int			 had_q;		/* a Q was seen (latency) */
	uint64_t		 t_queue;	/* its first bio queued */
	uint64_t		 t_issue;	/* issued */
};

struct pipe {
	struct runs		 pages;		/* requested pages (runs.h) */
	struct reqmap		 rq;		/* requests not completed */
	struct bio		 pend[PENDING_MAX];
	size_t			 npend;
	struct tally		 sizes;		/* read requests' sectors */
	struct tally		 rlens;		/* read lengths (bytes) */
	uint64_t		 base;
	int			 has_base, plugged;
	uint32_t		 in_flight;
	uint64_t		 t_prev;
	struct blk_event	 win;		/* the last RA_WINDOW ... */
	int			 has_win;	/* ... until another ra event */
	struct pipe_stats	 st;
};

static const char *const state_names[PIPE_NSTATES] = {
	"not requested", "queued", "in flight", "in memory", "consumed"
};

/* A new state. */
struct pipe *
pipe_new(void)
{
	struct pipe	*p = xcalloc(1, sizeof *p);

	reqmap_init(&p->rq, sizeof(struct slot));
	return (p);
}

/* Free a state. */
void
pipe_free(struct pipe *p)
{
	if (p == NULL)
		return;
	runs_free(&p->pages);
	reqmap_free(&p->rq);
	tally_free(&p->sizes);
	tally_free(&p->rlens);
	free(p);
}

/* Fix the base sector. */
void
pipe_set_base(struct pipe *p, uint64_t sector)
{
	p->base = sector;
	p->has_base = 1;
}

/* The name of a state. */
const char *
pipe_state_name(enum pipe_state s)
{
	return ((unsigned)s < PIPE_NSTATES ? state_names[s] : "?");
}

/* Set pages [a, a + n) to state s. */
static int
ext_set(struct pipe *p, uint64_t a, uint64_t n, enum pipe_state s)
{
	runs_set(&p->pages, a, n, (int)s);
	return (0);
}

/* Set the pages of sectors [sector, sector + nsect) to s. */
static int
sect_set(struct pipe *p, uint64_t sector, uint64_t nsect, enum pipe_state s)
{
	uint64_t	a, b;

	if (!p->has_base)
		pipe_set_base(p, sector);
	if (nsect == 0 || sector > UINT64_MAX - nsect - 8 ||
	    sector + nsect <= p->base)
		return (0);	/* empty, beyond the sector space, or before base */
	if (sector < p->base) {
		nsect -= p->base - sector;
		sector = p->base;
	}
	a = (sector - p->base) / 8;
	b = (sector - p->base + nsect + 7) / 8;
	return (ext_set(p, a, b - a, s));
}

/* The state of a page. */
enum pipe_state
pipe_state_at(const struct pipe *p, uint64_t page)
{
	return ((enum pipe_state)runs_get(&p->pages, page));
}

/* Number of extents. */
size_t
pipe_nextents(const struct pipe *p)
{
	return (p->pages.n);
}

/* One extent. */
struct pipe_extent
pipe_extent(const struct pipe *p, size_t i)
{
	struct pipe_extent	x = { 0, 0, PIPE_NOT_REQUESTED };

	if (i < p->pages.n) {
		x.first = p->pages.v[i].first;
		x.npages = p->pages.v[i].npages;
		x.state = (enum pipe_state)p->pages.v[i].state;
	}
	return (x);
}

/* Number of requests not completed. */
size_t
pipe_nreqs(const struct pipe *p)
{
	return (p->rq.nlive);
}

/* Slot i. */
static struct slot *
slot(const struct pipe *p, size_t i)
{
	return (reqmap_at(&p->rq, i));
}

/* One request: the i-th not completed. */
struct pipe_req
pipe_req(const struct pipe *p, size_t i)
{
	struct pipe_req		 r;
	const struct slot	*s;
	size_t			 k;

	memset(&r, 0, sizeof r);
	for (k = 0; k < p->rq.n; k++) {
		s = slot(p, k);
		if (!s->k.live || i-- != 0)
			continue;
		r.sector = s->k.sector;
		r.nsect = (uint32_t)s->k.nsect;
		r.where = (enum pipe_where)s->k.where;
		r.read = s->read;
		r.t_queue = s->t_queue;
		r.t_issue = s->t_issue;
		break;
	}
	return (r);
}

/* Requests at one place. */
size_t
pipe_count(const struct pipe *p, enum pipe_where w)
{
	return ((unsigned)w < 3 ? p->rq.at[w] : 0);
}

/* Whether a plug is open. */
int
pipe_plugged(const struct pipe *p)
{
	return (p->plugged);
}

/* The statistics so far. */
const struct pipe_stats *
pipe_stats(const struct pipe *p)
{
	return (&p->st);
}

/* Index of the newest request not issued (or issued) at sector, or -1. */
static long
req_at(const struct pipe *p, uint64_t sector, int on_device)
{
	size_t	i = reqmap_start(&p->rq, sector, on_device, 1);

	return (i == REQMAP_NONE ? -1 : (long)i);
}

/* Add a request; its index (memory: xalloc.h). */
static long
req_add(struct pipe *p, uint64_t sector, uint32_t nsect, enum pipe_where w,
    int read, uint64_t t, int had_q)
{
	struct slot	s;

	memset(&s, 0, sizeof s);
	s.k.sector = sector;
	s.k.nsect = nsect;
	s.k.where = (int)w;
	s.read = read;
	s.had_q = had_q;
	s.t_queue = t;
	return ((long)reqmap_add(&p->rq, &s));
}

/* Request i moves to w, holding nsect sectors from sector. */
static void
req_set(struct pipe *p, size_t i, enum pipe_where w, uint64_t sector,
    uint64_t nsect)
{
	reqmap_set(&p->rq, i, (int)w, sector, nsect);
}

/* Take the pending bio at sector off the list; its queue time, or none. */
static int
pend_take(struct pipe *p, uint64_t sector, uint64_t *t)
{
	size_t	i;

	for (i = 0; i < p->npend; i++)
		if (p->pend[i].sector == sector) {
			*t = p->pend[i].t;
			memmove(&p->pend[i], &p->pend[i + 1],
			    (p->npend - i - 1) * sizeof p->pend[0]);
			p->npend--;
			return (1);
		}
	return (0);
}

/* Remember a queued bio, forgetting the oldest when the list is full. */
static void
pend_add(struct pipe *p, const struct blk_event *e)
{
	if (p->npend == PENDING_MAX) {
		memmove(&p->pend[0], &p->pend[1],
		    (PENDING_MAX - 1) * sizeof p->pend[0]);
		p->npend--;
	}
	p->pend[p->npend++] = (struct bio){ e->sector, e->nsect, e->t_ns };
}

/* A request is issued. */
static int
apply_issue(struct pipe *p, const struct blk_event *e)
{
	struct pipe_stats	*st = &p->st;
	uint64_t		 tq;
	long			 i;
	int			 had_q;

	if ((i = req_at(p, e->sector, 0)) < 0) {
		had_q = pend_take(p, e->sector, &tq);
		i = req_add(p, e->sector, e->nsect, PIPE_DEVICE, e->read,
		    had_q ? tq : e->t_ns, had_q);
	}
	req_set(p, (size_t)i, PIPE_DEVICE, slot(p, (size_t)i)->k.sector,
	    e->nsect);
	slot(p, (size_t)i)->read = e->read;
	slot(p, (size_t)i)->t_issue = e->t_ns;
	if (p->in_flight++ == 0 && st->max_in_flight == 0)
		st->max_in_flight = 1;
	if (p->in_flight > st->max_in_flight)
		st->max_in_flight = p->in_flight;
	if (!e->read) {
		st->writes++;
		return (0);
	}
	st->requests++;
	st->request_sectors += e->nsect;
	if (e->nsect > st->max_request_sectors)
		st->max_request_sectors = e->nsect;
	tally_add(&p->sizes, e->nsect);
	st->common_request_sectors = (uint32_t)tally_top(&p->sizes, 0, &tq);
	if (slot(p, (size_t)i)->had_q) {
		tq = e->t_ns - slot(p, (size_t)i)->t_queue;
		st->q2d_sum_ns += tq;
		st->q2d_n++;
		if (tq > st->q2d_max_ns)
			st->q2d_max_ns = tq;
	}
	return (sect_set(p, e->sector, e->nsect, PIPE_IN_FLIGHT));
}

/* A request completes. */
static int
apply_complete(struct pipe *p, const struct blk_event *e)
{
	struct pipe_stats	*st = &p->st;
	uint64_t		 d;
	long			 i;
	int			 read = e->read;

	st->completed++;
	if (e->error)
		st->errors++;
	if ((i = req_at(p, e->sector, 1)) >= 0) {
		read = slot(p, (size_t)i)->read;
		d = e->t_ns - slot(p, (size_t)i)->t_issue;
		if (read) {
			st->d2c_sum_ns += d;
			st->d2c_n++;
			if (d > st->d2c_max_ns)
				st->d2c_max_ns = d;
		}
		reqmap_del(&p->rq, (size_t)i);
		p->in_flight--;
	}
	if (!read)
		return (0);
	/* Writes never count as data read. */
	if (!e->error)
		st->completed_sectors += e->nsect;
	return (sect_set(p, e->sector, e->nsect,
	    e->error ? PIPE_NOT_REQUESTED : PIPE_IN_MEMORY));
}

/* A bio merges into a request not yet issued (back or front). */
static void
apply_merge(struct pipe *p, const struct blk_event *e)
{
	const struct reqmap_req	*r;
	uint64_t		 t;
	size_t			 i;

	p->st.merges++;
	(void)pend_take(p, e->sector, &t);
	/* The newest request the bio touches: at its end, or its start. */
	i = e->act == BLK_M ? keyidx_newest(&p->rq.end, e->sector) :
	    reqmap_start(&p->rq, e->sector + e->nsect, 0, 1);
	if (i == REQMAP_NONE)
		return;
	r = &slot(p, i)->k;
	reqmap_set(&p->rq, i, r->where, e->act == BLK_F ? e->sector :
	    r->sector, r->nsect + e->nsect);
}

/* The reader's read() boundaries. */
static int
apply_read(struct pipe *p, const struct blk_event *e)
{
	struct pipe_stats	*st = &p->st;
	uint64_t		 n;

	if (e->act == BLK_READ_BEGIN) {
		if (st->reads == 0 && st->t_read_first == 0)
			st->t_read_first = e->t_ns;
		return (0);
	}
	st->reads++;
	st->read_bytes += e->len;
	st->t_read_last = e->t_ns;
	tally_add(&p->rlens, e->len);
	st->read_len_common = tally_top(&p->rlens, 0, &n);
	if (e->len == 0 || e->offset > UINT64_MAX - e->len - 4096)
		return (0);
	return (ext_set(p, e->offset / 4096,
	    (e->offset + e->len + 4095) / 4096 - e->offset / 4096,
	    PIPE_CONSUMED));
}

/* Apply one event. */
int
pipe_apply(struct pipe *p, const struct blk_event *e)
{
	struct pipe_stats	*st = &p->st;
	uint64_t		 t;
	long			 i;
	size_t			 k;

	reqmap_compact(&p->rq);
	if (p->in_flight > 0 && e->t_ns > p->t_prev)
		st->busy_ns += e->t_ns - p->t_prev;
	if (st->events == 0)
		st->t_first = e->t_ns;
	if (e->t_ns > p->t_prev || st->events == 0)
		p->t_prev = e->t_ns;
	st->t_last = p->t_prev;
	st->events++;
	switch (e->act) {
	case BLK_Q:
		pend_add(p, e);
		if (e->read)
			return (sect_set(p, e->sector, e->nsect, PIPE_QUEUED));
		break;
	case BLK_G:
		if (req_at(p, e->sector, 0) >= 0)
			break;
		i = pend_take(p, e->sector, &t);
		(void)req_add(p, e->sector, e->nsect, p->plugged ? PIPE_PLUG :
		    PIPE_QUEUE, e->read, i ? t : e->t_ns, (int)i);
		break;
	case BLK_P:
		st->plugs++;
		p->plugged = 1;
		break;
	case BLK_U:
	case BLK_UT:
		if (e->act == BLK_U)
			st->unplugs_explicit++;
		else
			st->unplugs_sleep++;
		st->unplug_requests += e->count;
		p->plugged = 0;
		reqmap_unplug(&p->rq);
		break;
	case BLK_I:
		st->inserts++;
		if ((i = req_at(p, e->sector, 0)) >= 0)
			req_set(p, (size_t)i, PIPE_QUEUE, e->sector, e->nsect);
		else {
			k = pend_take(p, e->sector, &t);
			(void)req_add(p, e->sector, e->nsect, PIPE_QUEUE,
			    e->read, k ? t : e->t_ns, (int)k);
		}
		if (e->read)
			return (sect_set(p, e->sector, e->nsect, PIPE_QUEUED));
		break;
	case BLK_D:
		return (apply_issue(p, e));
	case BLK_C:
		return (apply_complete(p, e));
	case BLK_M:
	case BLK_F:
		apply_merge(p, e);
		break;
	case BLK_A:
		st->remaps++;
		break;
	case BLK_X:
		st->splits++;
		break;
	case BLK_R:
		st->requeues++;
		if ((i = req_at(p, e->sector, 1)) >= 0) {
			req_set(p, (size_t)i, PIPE_QUEUE, e->sector,
			    slot(p, (size_t)i)->k.nsect);
			p->in_flight--;
			if (e->read)
				return (sect_set(p, e->sector, e->nsect,
				    PIPE_QUEUED));
		}
		break;
	case BLK_READ_BEGIN:
	case BLK_READ_END:
		return (apply_read(p, e));
	case BLK_RA_SYNC:
		st->ra_sync++;
		p->has_win = 0;
		break;
	case BLK_RA_ASYNC:
		st->ra_async++;
		p->has_win = 0;
		break;
	case BLK_RA_WINDOW:
	case BLK_RA_READ:
		/* A window read order 0 after all is one window. */
		if (!p->has_win || !blk_ra_same_window(&p->win, e))
			st->ra_windows++;
		p->win = *e;
		p->has_win = e->act == BLK_RA_WINDOW;
		break;
	case BLK_PAGE_ADD:
		st->page_adds++;
		break;
	case BLK_NACT:
		break;
	}
	return (0);
}
