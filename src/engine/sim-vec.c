/*
 * sim-vec.c - the engine's small vectors: the marker set and request lists.
 * They hold a handful of items (windows and requests near the reader), so
 * they are plain arrays grown by doubling and searched linearly.
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

/* Copy a request list. */
int
sim_reqv_copy(struct sim_reqv *d, const struct sim_reqv *s)
{
	d->n = s->n;
	return (copy((void **)&d->v, &d->cap, s->v, s->n, sizeof *d->v));
}

/* Append a request. */
int
sim_reqv_append(struct sim_reqv *a, const struct sim_request *r)
{
	if (grow((void **)&a->v, &a->cap, a->n + 1, sizeof *a->v) != 0)
		return (-1);
	a->v[a->n++] = *r;
	return (0);
}

/* Insert a request in ascending page order. */
int
sim_reqv_insert_sorted(struct sim_reqv *a, const struct sim_request *r)
{
	size_t	i;

	if (grow((void **)&a->v, &a->cap, a->n + 1, sizeof *a->v) != 0)
		return (-1);
	for (i = a->n; i > 0 && a->v[i - 1].first > r->first; i--)
		;
	memmove(a->v + i + 1, a->v + i, (a->n - i) * sizeof *a->v);
	a->v[i] = *r;
	a->n++;
	return (0);
}

/* Remove the request at index i. */
void
sim_reqv_remove(struct sim_reqv *a, size_t i)
{
	memmove(a->v + i, a->v + i + 1, (a->n - i - 1) * sizeof *a->v);
	a->n--;
}

/* Find a request by id. */
struct sim_request *
sim_reqv_find(struct sim_reqv *a, uint32_t id)
{
	size_t	i;

	for (i = 0; i < a->n; i++)
		if (a->v[i].id == id)
			return (&a->v[i]);
	return (NULL);
}
