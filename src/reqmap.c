/*
 * reqmap.c - requests known by their sectors (reqmap.h).
 *
 * The elements are the caller's structs, copied in and moved as bytes;
 * the indices (keyidx.h) hold element numbers.  A request entering the
 * plug list is noted, so that an unplug visits those, not every request.
 * The span of each place's requests only widens while it has any (it is
 * a filter for reqmap_overlap(), not an exact bound).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "reqmap.h"
#include "xalloc.h"

/* The common part of element i. */
static struct reqmap_req *
req(const struct reqmap *m, size_t i)
{
	return ((struct reqmap_req *)(void *)(m->el + i * m->size));
}

/* Do [a, a + an) and [b, b + bn) overlap? */
static int
overlap(uint64_t a, uint64_t an, uint64_t b, uint64_t bn)
{
	return (a < b + bn && b < a + an);
}

/* Empty, for elements of size bytes. */
void
reqmap_init(struct reqmap *m, size_t size)
{
	memset(m, 0, sizeof *m);
	m->size = size;
}

/* Free everything. */
void
reqmap_free(struct reqmap *m)
{
	free(m->el);
	keyidx_free(&m->start[0]);
	keyidx_free(&m->start[1]);
	keyidx_free(&m->end);
	free(m->plugv);
	memset(m, 0, sizeof *m);
}

/* Element i. */
void *
reqmap_at(const struct reqmap *m, size_t i)
{
	return (m->el + i * m->size);
}

/* Index request i under its sectors; count it and widen its place's span. */
static void
put(struct reqmap *m, size_t i)
{
	const struct reqmap_req	*r = req(m, i);
	int			 dev = r->where == REQMAP_DEV;
	uint64_t		 end = r->sector + r->nsect;

	keyidx_put(&m->start[dev], i, r->sector);
	if (!dev)
		keyidx_put(&m->end, i, end);
	m->at[r->where]++;
	if (m->cls[dev]++ == 0 || r->sector < m->lo[dev])
		m->lo[dev] = r->sector;
	if (m->cls[dev] == 1 || end > m->hi[dev] || end < r->sector)
		m->hi[dev] = end < r->sector ? UINT64_MAX : end;
	if (r->where == REQMAP_PLUG) {
		m->plugv = xgrow(m->plugv, &m->cplugv, m->nplugv,
		    sizeof *m->plugv);
		m->plugv[m->nplugv++] = i;
	}
}

/* Take request i out of the indices and its place's count. */
static void
take(struct reqmap *m, size_t i)
{
	keyidx_del(&m->start[0], i);
	keyidx_del(&m->start[1], i);
	keyidx_del(&m->end, i);
	m->at[req(m, i)->where]--;
	m->cls[req(m, i)->where == REQMAP_DEV]--;
}

/* Add a request. */
size_t
reqmap_add(struct reqmap *m, const void *el)
{
	size_t	i = m->n;

	if (m->n == m->cap) {
		m->cap = m->cap ? 2 * m->cap : 16;
		m->el = xreallocarray(m->el, m->cap, m->size);
	}
	memcpy(m->el + i * m->size, el, m->size);
	req(m, i)->live = 1;
	m->n++;
	m->nlive++;
	put(m, i);
	return (i);
}

/* Move or resize a request. */
void
reqmap_set(struct reqmap *m, size_t i, int where, uint64_t sector,
    uint64_t nsect)
{
	struct reqmap_req	*r = req(m, i);
	int			 was_plug = r->where == REQMAP_PLUG;
	size_t			 np = m->nplugv;

	take(m, i);
	r->where = where;
	r->sector = sector;
	r->nsect = nsect;
	put(m, i);
	if (was_plug && where == REQMAP_PLUG)
		m->nplugv = np;		/* noted already */
}

/* Delete a request. */
void
reqmap_del(struct reqmap *m, size_t i)
{
	take(m, i);
	req(m, i)->live = 0;
	m->nlive--;
}

/* The plug list enters the queue. */
void
reqmap_unplug(struct reqmap *m)
{
	struct reqmap_req	*r;
	size_t			 k, n = m->nplugv;

	m->nplugv = 0;
	for (k = 0; k < n; k++) {
		r = req(m, m->plugv[k]);
		if (r->live && r->where == REQMAP_PLUG)
			reqmap_set(m, m->plugv[k], REQMAP_QUEUE, r->sector,
			    r->nsect);
	}
}

/* Close the holes. */
void
reqmap_compact(struct reqmap *m)
{
	size_t	i, o, np, *map;

	if (m->n - m->nlive < 64 || m->n - m->nlive < m->nlive)
		return;
	map = xreallocarray(NULL, m->n, sizeof *map);
	for (i = 0, o = 0; i < m->n; i++) {
		map[i] = req(m, i)->live ? o : REQMAP_NONE;
		if (req(m, i)->live)
			memmove(m->el + o++ * m->size, m->el + i * m->size,
			    m->size);
	}
	m->n = o;
	keyidx_clear(&m->start[0]);
	keyidx_clear(&m->start[1]);
	keyidx_clear(&m->end);
	memset(m->at, 0, sizeof m->at);
	memset(m->cls, 0, sizeof m->cls);
	np = m->nplugv;
	for (i = 0; i < m->n; i++)
		put(m, i);
	/* The plug notes, renumbered (put() noted the plugged again). */
	m->nplugv = np;
	for (i = 0, o = 0; i < np; i++)
		if (map[m->plugv[i]] != REQMAP_NONE)
			m->plugv[o++] = map[m->plugv[i]];
	m->nplugv = o;
	free(map);
}

/* The oldest or newest request starting at a sector. */
size_t
reqmap_start(const struct reqmap *m, uint64_t sector, int on_dev, int newest)
{
	const struct keyidx	*x = &m->start[on_dev != 0];

	return (newest ? keyidx_newest(x, sector) : keyidx_oldest(x, sector));
}

/* The oldest request overlapping the sectors. */
size_t
reqmap_overlap(const struct reqmap *m, uint64_t sector, uint64_t nsect,
    int on_dev)
{
	const struct reqmap_req	*r;
	size_t			 i;

	on_dev = on_dev != 0;
	if (m->cls[on_dev] == 0 || !overlap(m->lo[on_dev], m->hi[on_dev] -
	    m->lo[on_dev], sector, nsect))
		return (REQMAP_NONE);
	for (i = 0; i < m->n; i++) {
		r = req(m, i);
		if (r->live && (r->where == REQMAP_DEV) == on_dev &&
		    overlap(r->sector, r->nsect, sector, nsect))
			return (i);
	}
	return (REQMAP_NONE);
}
