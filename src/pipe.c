/*
 * pipe.c - the pipeline state, built only by applying events.
 *
 * Pages: runs of equal state (runs.h), so a sequential read keeps a
 * handful of extents whatever its length.  Sectors map to pages
 * from a base sector (the first one seen, or pipe_set_base()).
 *
 * Requests: real traces carry no request ids, so a request is known by
 * its start sector.  A queued bio (Q) waits on a short pending list until
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
#include "runs.h"
#include "xalloc.h"

#define PENDING_MAX	1024	/* queued bios waiting for G/M/F */

struct bio {
	uint64_t	 sector;
	uint32_t	 nsect;
	uint64_t	 t;
};

/* A value (a request's sectors, a read's bytes) and how often it came. */
struct pipe_size {
	uint32_t	 nsect;
	uint64_t	 n;
};

struct pipe {
	struct runs		 pages;		/* requested pages (runs.h) */
	struct pipe_req		*req;
	size_t			 nreq, creq;
	int			*req_q;		/* req[i] had a Q (latency) */
	struct bio		 pend[PENDING_MAX];
	size_t			 npend;
	struct pipe_size	*sizes;
	size_t			 nsizes, csizes;
	struct pipe_size	*rlens;		/* read lengths (bytes) */
	size_t			 nrlens, crlens;
	uint64_t		 base;
	int			 has_base, plugged;
	uint32_t		 in_flight;
	uint64_t		 t_prev;
	struct pipe_stats	 st;
};

static const char *const state_names[PIPE_NSTATES] = {
	"not requested", "queued", "in flight", "in memory", "consumed"
};

/* A new state. */
struct pipe *
pipe_new(void)
{
	return (xcalloc(1, sizeof(struct pipe)));
}

/* Free a state. */
void
pipe_free(struct pipe *p)
{
	if (p == NULL)
		return;
	runs_free(&p->pages);
	free(p->req);
	free(p->req_q);
	free(p->sizes);
	free(p->rlens);
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
	return (p->nreq);
}

/* One request. */
const struct pipe_req *
pipe_req(const struct pipe *p, size_t i)
{
	return (i < p->nreq ? &p->req[i] : NULL);
}

/* Requests at one place. */
size_t
pipe_count(const struct pipe *p, enum pipe_where w)
{
	size_t	i, n = 0;

	for (i = 0; i < p->nreq; i++)
		n += p->req[i].where == w;
	return (n);
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

/*
 * Count v in a histogram; return the most common value after it (ties go
 * to the larger value).
 */
static uint64_t
hist_add(struct pipe_size **h, size_t *n, size_t *cap, uint32_t v)
{
	size_t		i, best = 0;

	for (i = 0; i < *n && (*h)[i].nsect != v; i++)
		;
	if (i == *n) {
		*h = xgrow(*h, cap, *n, sizeof **h);
		(*h)[i] = (struct pipe_size){ v, 0 };
		(*n)++;
	}
	(*h)[i].n++;
	for (i = 1; i < *n; i++)
		if ((*h)[i].n > (*h)[best].n || ((*h)[i].n == (*h)[best].n &&
		    (*h)[i].nsect > (*h)[best].nsect))
			best = i;
	return ((*h)[best].nsect);
}

/* Index of the not-issued request starting at sector, or -1. */
static long
req_at(const struct pipe *p, uint64_t sector, int on_device)
{
	size_t	i;

	for (i = p->nreq; i-- > 0;)
		if (p->req[i].sector == sector &&
		    (p->req[i].where == PIPE_DEVICE) == on_device)
			return ((long)i);
	return (-1);
}

/* Add a request; its index (memory: xalloc.h). */
static long
req_add(struct pipe *p, uint64_t sector, uint32_t nsect, enum pipe_where w,
    int read, uint64_t t, int had_q)
{
	size_t	c = p->creq;

	p->req = xgrow(p->req, &p->creq, p->nreq, sizeof *p->req);
	if (p->creq != c)
		p->req_q = xreallocarray(p->req_q, p->creq, sizeof *p->req_q);
	p->req[p->nreq] = (struct pipe_req){ sector, nsect, w, read, t, 0 };
	p->req_q[p->nreq] = had_q;
	return ((long)p->nreq++);
}

/* Drop request i, keeping the order of the others. */
static void
req_del(struct pipe *p, size_t i)
{
	memmove(&p->req[i], &p->req[i + 1], (p->nreq - i - 1) * sizeof *p->req);
	memmove(&p->req_q[i], &p->req_q[i + 1],
	    (p->nreq - i - 1) * sizeof *p->req_q);
	p->nreq--;
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
	p->req[i].where = PIPE_DEVICE;
	p->req[i].nsect = e->nsect;
	p->req[i].read = e->read;
	p->req[i].t_issue = e->t_ns;
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
	st->common_request_sectors = (uint32_t)hist_add(&p->sizes, &p->nsizes,
	    &p->csizes, e->nsect);
	if (p->req_q[i]) {
		tq = e->t_ns - p->req[i].t_queue;
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
	st->completed_sectors += e->nsect;
	if (e->error)
		st->errors++;
	if ((i = req_at(p, e->sector, 1)) >= 0) {
		read = p->req[i].read;
		d = e->t_ns - p->req[i].t_issue;
		if (read) {
			st->d2c_sum_ns += d;
			st->d2c_n++;
			if (d > st->d2c_max_ns)
				st->d2c_max_ns = d;
		}
		req_del(p, (size_t)i);
		p->in_flight--;
	}
	if (!read)
		return (0);
	return (sect_set(p, e->sector, e->nsect,
	    e->error ? PIPE_NOT_REQUESTED : PIPE_IN_MEMORY));
}

/* A bio merges into a request not yet issued (back or front). */
static void
apply_merge(struct pipe *p, const struct blk_event *e)
{
	uint64_t	t;
	size_t		i;

	p->st.merges++;
	(void)pend_take(p, e->sector, &t);
	for (i = p->nreq; i-- > 0;) {
		struct pipe_req	*r = &p->req[i];

		if (r->where != PIPE_DEVICE &&
		    blk_merges(e, r->sector, r->nsect)) {
			if (e->act == BLK_F)
				r->sector = e->sector;
			r->nsect += e->nsect;
			return;
		}
	}
}

/* The reader's read() boundaries. */
static int
apply_read(struct pipe *p, const struct blk_event *e)
{
	struct pipe_stats	*st = &p->st;

	if (e->act == BLK_READ_BEGIN) {
		if (st->reads == 0 && st->t_read_first == 0)
			st->t_read_first = e->t_ns;
		return (0);
	}
	st->reads++;
	st->read_bytes += e->len;
	st->t_read_last = e->t_ns;
	st->read_len_common = hist_add(&p->rlens, &p->nrlens, &p->crlens,
	    (uint32_t)e->len);
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
		for (k = 0; k < p->nreq; k++)
			if (p->req[k].where == PIPE_PLUG)
				p->req[k].where = PIPE_QUEUE;
		break;
	case BLK_I:
		st->inserts++;
		if ((i = req_at(p, e->sector, 0)) >= 0) {
			p->req[i].where = PIPE_QUEUE;
			p->req[i].nsect = e->nsect;
		} else {
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
			p->req[i].where = PIPE_QUEUE;
			p->in_flight--;
			if (e->read)
				return (sect_set(p, e->sector, e->nsect,
				    PIPE_QUEUED));
		}
		break;
	case BLK_READ_BEGIN:
	case BLK_READ_END:
		return (apply_read(p, e));
	case BLK_NACT:
		break;
	}
	return (0);
}
