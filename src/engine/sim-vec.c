/*
 * sim-vec.c - the engine's small vectors: the marker set and request lists.
 * The marker set holds a handful of items (windows near the reader): a
 * plain array grown by doubling and searched linearly.  Request lists can
 * hold tens of thousands (1-page requests of a 256 MiB window): see below.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "sim-int.h"

/* Grow an array of elements of size sz so it holds at least need. */
static int
grow(void **v, size_t *cap, size_t need, size_t sz)
{
	size_t	 ncap;
	void	*nv;

	if (need <= *cap)
		return (0);
	ncap = *cap ? *cap : 8;
	while (ncap < need)
		ncap *= 2;
	if ((nv = realloc(*v, ncap * sz)) == NULL)
		return (-1);
	*v = nv;
	*cap = ncap;
	return (0);
}

/* Copy n elements of size sz into a fresh array *dv of capacity *cap. */
static int
copy(void **dv, size_t *cap, const void *sv, size_t n, size_t sz)
{
	*dv = NULL;
	*cap = 0;
	if (n == 0)
		return (0);
	if (grow(dv, cap, n, sz) != 0)
		return (-1);
	memcpy(*dv, sv, n * sz);
	return (0);
}

/* Copy the bios in flight. */
int
sim_biov_copy(struct sim_biov *d, const struct sim_biov *s)
{
	d->n = s->n;
	return (copy((void **)&d->v, &d->cap, s->v, s->n, sizeof *d->v));
}

/* Insert a bio in page order; 0, or -1 when out of memory. */
int
sim_biov_add(struct sim_biov *b, uint64_t first, uint64_t end)
{
	size_t	i;

	if (grow((void **)&b->v, &b->cap, b->n + 1, sizeof *b->v) != 0)
		return (-1);
	for (i = b->n; i > 0 && b->v[i - 1].first > first; i--)
		;
	memmove(b->v + i + 1, b->v + i, (b->n - i) * sizeof *b->v);
	b->v[i].first = first;
	b->v[i].end = end;
	b->v[i].left = end - first;
	b->n++;
	return (0);
}

/* Copy a marker set. */
int
sim_u64v_copy(struct sim_u64v *d, const struct sim_u64v *s)
{
	d->n = s->n;
	return (copy((void **)&d->v, &d->cap, s->v, s->n, sizeof *d->v));
}

/* Insert x in order unless present. */
int
sim_u64v_insert(struct sim_u64v *a, uint64_t x)
{
	size_t	i;

	for (i = 0; i < a->n && a->v[i] < x; i++)
		;
	if (i < a->n && a->v[i] == x)
		return (0);
	if (grow((void **)&a->v, &a->cap, a->n + 1, sizeof *a->v) != 0)
		return (-1);
	/* Mostly the last: no call to move nothing (a marker a window). */
	if (i < a->n)
		memmove(a->v + i + 1, a->v + i, (a->n - i) * sizeof *a->v);
	a->v[i] = x;
	a->n++;
	return (0);
}

/* Remove x if present. */
int
sim_u64v_remove(struct sim_u64v *a, uint64_t x)
{
	size_t	i;

	for (i = 0; i < a->n; i++) {
		if (a->v[i] == x) {
			if (i + 1 < a->n)
				memmove(a->v + i, a->v + i + 1,
				    (a->n - i - 1) * sizeof *a->v);
			a->n--;
			return (1);
		}
	}
	return (0);
}

/* Smallest element >= x. */
uint64_t
sim_u64v_next(const struct sim_u64v *a, uint64_t x)
{
	size_t	i;

	for (i = 0; i < a->n; i++)
		if (a->v[i] >= x)
			return (a->v[i]);
	return (SIM_NONE);
}

/*
 * Request lists keep their items at v[0 .. n), which may start past the
 * beginning of the allocation (base): removing the first item, as the
 * elevator does at every dispatch, only moves v.  cap counts from v.  The
 * lists are kept in page order (plug list, queue) or dispatch order
 * (device); the page-ordered ones are searched by bisection.
 */

/* The list is full: slide down or grow (sim-int.h). */
int
sim_reqv_grow(struct sim_reqv *a)
{
	size_t			 off = a->base ? (size_t)(a->v - a->base) : 0;
	size_t			 ncap;
	struct sim_request	*nv;

	if (off != 0 && off >= 4 * a->n) {
		/*
		 * Four fifths or more of the allocation are dead: slide down
		 * (a list whose first items go as fast as items come, the
		 * device's, moves a fifth of an item an append, not one).
		 */
		memmove(a->base, a->v, a->n * sizeof *a->v);
		a->v = a->base;
		a->cap += off;
		return (0);
	}
	ncap = (off + a->cap) ? 2 * (off + a->cap) : 8;
	if ((nv = realloc(a->base, ncap * sizeof *nv)) == NULL)
		return (-1);
	a->base = nv;
	a->v = nv + off;
	a->cap = ncap - off;
	return (0);
}

/* Free a request list's storage and empty it. */
void
sim_reqv_free(struct sim_reqv *a)
{
	free(a->base);
	memset(a, 0, sizeof *a);
}

/* Copy a request list. */
int
sim_reqv_copy(struct sim_reqv *d, const struct sim_reqv *s)
{
	int	r;

	d->n = s->n;
	d->base = NULL;
	r = copy((void **)&d->base, &d->cap, s->v, s->n, sizeof *d->v);
	d->v = d->base;
	return (r);
}

/* Append a request. */
int
sim_reqv_append(struct sim_reqv *a, const struct sim_request *r)
{
	struct sim_request	*d;

	if ((d = sim_reqv_append_slot(a)) == NULL)
		return (-1);
	*d = *r;
	return (0);
}

/* Index of the first request whose first page is >= p (page order). */
size_t
sim_reqv_lower(const struct sim_reqv *a, uint64_t p)
{
	size_t	lo = 0, hi = a->n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (a->v[mid].first < p)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (lo);
}

/*
 * sim_reqv_insert_slot() where the request goes before the last one: its
 * place found by bisection (after those of the same first page), the rest
 * moved up.  NULL when out of memory.
 */
struct sim_request *
sim_reqv_insert_inside(struct sim_reqv *a, uint64_t first)
{
	size_t	i;

	if (a->n == a->cap && sim_reqv_grow(a) != 0)
		return (NULL);
	i = sim_reqv_lower(a, first);
	while (i < a->n && a->v[i].first == first)
		i++;
	memmove(a->v + i + 1, a->v + i, (a->n - i) * sizeof *a->v);
	a->n++;
	return (&a->v[i]);
}

/* sim_reqv_remove_n() past the first item: one move of the rest. */
void
sim_reqv_remove_inside(struct sim_reqv *a, size_t i, size_t n)
{
	memmove(a->v + i, a->v + i + n, (a->n - i - n) * sizeof *a->v);
	a->n -= n;
}
