/*
 * runs.c - pages as runs of equal state (runs.h).
 *
 * Setting a range finds the runs it overlaps by bisection, replaces them by
 * at most three (what sticks out on the left, the new run, what sticks out
 * on the right) and joins equal neighbours around the splice.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "runs.h"
#include "xalloc.h"

/* Index of the first run ending after page p. */
size_t
runs_find(const struct runs *r, uint64_t p)
{
	size_t	lo = 0, hi = r->n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (r->v[mid].first + r->v[mid].npages <= p)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (lo);
}

/* The state of a page. */
int
runs_get(const struct runs *r, uint64_t p)
{
	size_t	i = runs_find(r, p);

	return (i < r->n && r->v[i].first <= p ? r->v[i].state : 0);
}

/* Join run i with the next when they touch and agree. */
static void
join(struct runs *r, size_t i)
{
	struct runs_run	*x, *y;

	if (i + 1 >= r->n)
		return;
	x = &r->v[i];
	y = x + 1;
	if (x->state != y->state || x->first + x->npages != y->first)
		return;
	x->npages += y->npages;
	memmove(y, y + 1, (r->n - i - 2) * sizeof *y);
	r->n--;
}

/* Make room for n runs in all. */
static void
reserve(struct runs *r, size_t n)
{
	while (n > r->cap)
		r->v = xgrow(r->v, &r->cap, r->cap, sizeof *r->v);
}

/* Set a range of pages to a state. */
void
runs_set(struct runs *r, uint64_t a, uint64_t n, int state)
{
	struct runs_run	 add[3];
	size_t		 i, j, k, nadd = 0;
	uint64_t	 b, end;

	if (n > UINT64_MAX - a)
		n = UINT64_MAX - a;
	if (n == 0)
		return;
	b = a + n;
	i = runs_find(r, a);
	for (j = i; j < r->n && r->v[j].first < b; j++)
		;
	/* v[i .. j) overlap [a, b): keep what sticks out either side. */
	if (i < j && r->v[i].first < a) {
		add[nadd] = r->v[i];
		add[nadd++].npages = a - r->v[i].first;
	}
	if (state != 0)
		add[nadd++] = (struct runs_run){ a, n, state };
	if (i < j) {
		end = r->v[j - 1].first + r->v[j - 1].npages;
		if (end > b) {
			add[nadd] = r->v[j - 1];
			add[nadd].first = b;
			add[nadd++].npages = end - b;
		}
	}
	if (i == j && nadd == 0)
		return;		/* nothing there, nothing to add */
	reserve(r, r->n - (j - i) + nadd);
	memmove(&r->v[i + nadd], &r->v[j], (r->n - j) * sizeof *r->v);
	memcpy(&r->v[i], add, nadd * sizeof *add);
	r->n = r->n - (j - i) + nadd;
	/* Join from the right so the indices below stay valid. */
	for (k = i + nadd + 1; k-- > (i ? i - 1 : 0);)
		join(r, k);
}

/* Append a run in page order. */
void
runs_append(struct runs *r, const struct runs_run *x)
{
	if (x->state == 0 || x->npages == 0)
		return;
	reserve(r, r->n + 1);
	r->v[r->n++] = *x;
	if (r->n > 1)
		join(r, r->n - 2);
}

/* An independent copy. */
void
runs_copy(struct runs *dst, const struct runs *src)
{
	free(dst->v);
	dst->n = dst->cap = src->n;
	dst->v = xmemdup(src->v, src->n, sizeof *src->v);
}

/* Free the runs. */
void
runs_free(struct runs *r)
{
	free(r->v);
	memset(r, 0, sizeof *r);
}
