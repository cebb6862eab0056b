/*
 * sim-folios.c - the folios of modern mode's windows (sim-int.h).  A window
 * read with large folios is stored as one run and its folios are computed
 * again when asked for, the way page_cache_ra_order() laid them out: from
 * the window's first page, each folio of the run's order if its index is
 * aligned to that order, else of the order of its index's lowest set bit,
 * and never past the window's end (it shrinks to fit).  The aligned middle
 * of a run is found by arithmetic, so a lookup costs O(log runs + order),
 * never O(folios).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "sim-int.h"

/* Index of the first run that ends after page p (f->n if none). */
static size_t
locate(const struct sim_folios *f, uint64_t p)
{
	size_t	lo = 0, hi = f->n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (f->v[mid].end <= p)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (lo);
}

/* Order of the lowest set bit of a nonzero x (its alignment, ffs() - 1). */
uint32_t
sim_folios_low_order(uint64_t x)
{
	uint32_t	o = 0;

	while ((x & 1) == 0) {
		x >>= 1;
		o++;
	}
	return (o);
}

/* Order of the highest set bit of a nonzero x (ilog2()). */
uint32_t
sim_folios_high_order(uint64_t x)
{
	uint32_t	o = 0;

	while (x >>= 1)
		o++;
	return (o);
}

/* Order of the folio allocated at index in run r. */
static uint32_t
order_at(const struct sim_folio_run *r, uint64_t index)
{
	uint32_t	o = r->order;

	if (index != 0 && (index & ((UINT64_C(1) << o) - 1)) != 0)
		o = sim_folios_low_order(index);
	while (o > 0 && index + (UINT64_C(1) << o) > r->end)
		o--;
	return (o);
}

/* The folio of page p (first <= p < end) in run r. */
uint64_t
sim_folios_in_run(const struct sim_folio_run *r, uint64_t p, uint64_t *first)
{
	uint64_t	index = r->first, full, k;
	uint32_t	o;

	while (index < r->end) {
		full = UINT64_C(1) << r->order;
		if ((index & (full - 1)) == 0 && index + full <= r->end) {
			/* The aligned middle: folios of the full order. */
			k = (r->end - index) >> r->order;
			if (p < index + (k << r->order)) {
				*first = index + (((p - index) >> r->order) <<
				    r->order);
				return (full);
			}
			index += k << r->order;
			continue;
		}
		o = order_at(r, index);
		if (p < index + (UINT64_C(1) << o)) {
			*first = index;
			return (UINT64_C(1) << o);
		}
		index += UINT64_C(1) << o;
	}
	*first = p;
	return (1);
}

/*
 * The span of equal folios that starts with the folio holding page p: its
 * first page in *first, the folio size in *fpages; returns the span's end.
 * Outside the runs every page is a folio, up to the next run.
 */
uint64_t
sim_folios_span(const struct sim_folios *f, uint64_t p, uint64_t *first,
    uint64_t *fpages)
{
	const struct sim_folio_run *r;
	size_t		 i = locate(f, p);
	uint64_t	 full, start, k;

	if (i == f->n || f->v[i].first > p) {
		*first = p;
		*fpages = 1;
		return (i < f->n ? f->v[i].first : UINT64_MAX);
	}
	r = &f->v[i];
	*fpages = sim_folios_in_run(r, p, first);
	full = UINT64_C(1) << r->order;
	if (*fpages != full)
		return (*first + *fpages);
	/* A folio of the full order: the aligned middle runs on. */
	start = *first;
	k = (r->end - start) >> r->order;
	return (start + (k << r->order));
}

/* Folios that hold pages of [p, q), in O(spans of equal folios). */
uint64_t
sim_folios_count(const struct sim_folios *f, uint64_t p, uint64_t q)
{
	uint64_t	n = 0, ff, fp, end;

	/* No large folios (the 2012 kernels, order 0): a folio a page. */
	if (f->n == 0)
		return (p < q ? q - p : 0);
	while (p < q) {
		end = sim_folios_span(f, p, &ff, &fp);
		if (end > q)
			end = q;
		/* The folios of [ff, end), less the start before p. */
		n += (end - ff + fp - 1) / fp;
		p = end;
	}
	return (n);
}

/* The folio holding page p. */
uint64_t
sim_folios_at(const struct sim_folios *f, uint64_t p, uint64_t *first)
{
	size_t	i = locate(f, p);

	if (i < f->n && f->v[i].first <= p)
		return (sim_folios_in_run(&f->v[i], p, first));
	*first = p;
	return (1);
}

/* Add a run where it belongs (runs never overlap: their pages were absent). */
int
sim_folios_add(struct sim_folios *f, uint64_t first, uint64_t end,
    uint32_t order)
{
	struct sim_folio_run	*nv;
	size_t			 ncap, i;

	if (f->n == f->cap) {
		ncap = f->cap ? f->cap * 2 : 8;
		if ((nv = realloc(f->v, ncap * sizeof *nv)) == NULL)
			return (-1);
		f->v = nv;
		f->cap = ncap;
	}
	for (i = f->n; i > 0 && f->v[i - 1].first > first; i--)
		;
	memmove(f->v + i + 1, f->v + i, (f->n - i) * sizeof *f->v);
	f->v[i].first = first;
	f->v[i].end = end;
	f->v[i].order = order;
	f->n++;
	return (0);
}

/* Drop the runs behind page p: the reader never goes back to them. */
void
sim_folios_prune(struct sim_folios *f, uint64_t p)
{
	size_t	i;

	for (i = 0; i < f->n && f->v[i].end <= p; i++)
		;
	if (i == 0)
		return;
	memmove(f->v, f->v + i, (f->n - i) * sizeof *f->v);
	f->n -= i;
}

/* Deep copy. */
int
sim_folios_copy(struct sim_folios *d, const struct sim_folios *s)
{
	memset(d, 0, sizeof *d);
	if (s->n == 0)
		return (0);
	if ((d->v = malloc(s->n * sizeof *d->v)) == NULL)
		return (-1);
	memcpy(d->v, s->v, s->n * sizeof *d->v);
	d->n = d->cap = s->n;
	return (0);
}
