/*
 * sim-extents.c - page states as runs.  The file is covered by maximal runs
 * of equal state, kept in an ascending array; a sequential reader leaves a
 * consumed run behind it, an absent run ahead, and a few runs for the windows
 * in between, so every operation here is O(windows), independent of the
 * file's size.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "sim-int.h"

/* Index of the run holding page p (p < size). */
static size_t
locate(const struct sim_extents *x, uint64_t p)
{
	size_t	lo = 0, hi = x->n, mid;

	while (hi - lo > 1) {
		mid = lo + (hi - lo) / 2;
		if (x->v[mid].first <= p)
			lo = mid;
		else
			hi = mid;
	}
	return (lo);
}

/*
 * Index of the run holding page p (p < size), looked for first from run
 * h (where the last change of the same kind was: a join since may have
 * moved it down by two) a few runs either way.
 */
static inline size_t
locate_near(const struct sim_extents *x, uint64_t p, size_t h)
{
	const struct sim_extent	*v = x->v;
	size_t			 i = h < x->n ? h : x->n - 1;

	if (v[i].first > p) {
		if (i < 3 || v[i - 3].first > p)
			return (locate(x, p));
		while (v[i].first > p)
			i--;
		return (i);
	}
	if (i + 3 < x->n && v[i + 3].first <= p)
		return (locate(x, p));
	while (i + 1 < x->n && v[i + 1].first <= p)
		i++;
	return (i);
}

/*
 * locate() for a look that changes nothing, first near where the reader
 * last consumed (it mostly looks at its own page and the next windows).
 */
static inline size_t
locate_reader(const struct sim_extents *x, uint64_t p)
{
	return (locate_near(x, p, x->hint[SIM_PAGE_CONSUMED]));
}

/* One absent run over the whole file. */
int
sim_extents_init(struct sim_extents *x, uint64_t size)
{
	memset(x, 0, sizeof *x);
	if ((x->v = malloc(8 * sizeof *x->v)) == NULL)
		return (-1);
	x->cap = 8;
	x->n = 1;
	x->size = size;
	x->v[0].first = 0;
	x->v[0].npages = size;
	x->v[0].state = SIM_PAGE_ABSENT;
	return (0);
}

/* Deep copy. */
int
sim_extents_copy(struct sim_extents *d, const struct sim_extents *s)
{
	*d = *s;
	if ((d->v = malloc(s->cap * sizeof *d->v)) == NULL)
		return (-1);
	memcpy(d->v, s->v, s->n * sizeof *d->v);
	return (0);
}

/* Release the runs. */
void
sim_extents_free(struct sim_extents *x)
{
	free(x->v);
	x->v = NULL;
	x->n = x->cap = 0;
}

/* State of page p. */
enum sim_page
sim_extents_get(const struct sim_extents *x, uint64_t p)
{
	if (p >= x->size)
		return (SIM_PAGE_ABSENT);
	return (x->v[locate_reader(x, p)].state);
}

/* State of page p and the end of its run, clipped to to: one look-up. */
enum sim_page
sim_extents_get_run(const struct sim_extents *x, uint64_t p, uint64_t to,
    uint64_t *end)
{
	const struct sim_extent	*e;

	if (p >= x->size) {
		*end = p < to ? to : p;
		return (SIM_PAGE_ABSENT);
	}
	e = &x->v[locate_reader(x, p)];
	*end = e->first + e->npages < to ? e->first + e->npages : to;
	return (e->state);
}

/*
 * First page at or after from (before to) in state st, or SIM_NONE, and in
 * *endp the end of its run clipped to to: a caller that goes on to read
 * the run pays one locate().
 */
uint64_t
sim_extents_find_run(const struct sim_extents *x, uint64_t from, uint64_t to,
    enum sim_page st, uint64_t *endp)
{
	const struct sim_extent	*e;
	size_t			 i;

	if (to > x->size)
		to = x->size;
	if (from >= to)
		return (SIM_NONE);
	/*
	 * A window is mostly looked at in the run ahead of everything, the
	 * last one (absent to the file's end): no walk from the reader's run.
	 */
	e = &x->v[x->n - 1];
	if (from >= e->first) {
		if (e->state != st)
			return (SIM_NONE);
		*endp = to;	/* the last run ends at size, and to <= size */
		return (from);
	}
	for (i = locate_reader(x, from); i < x->n && x->v[i].first < to; i++) {
		e = &x->v[i];
		if (e->state == st) {
			*endp = e->first + e->npages < to ?
			    e->first + e->npages : to;
			return (e->first > from ? e->first : from);
		}
	}
	return (SIM_NONE);
}

/* Remove the n runs from i on. */
static void
drop(struct sim_extents *x, size_t i, size_t n)
{
	memmove(x->v + i, x->v + i + n, (x->n - i - n) * sizeof *x->v);
	x->n -= n;
}

/* Room for need runs (twice that when it grows); -1 if memory ran out. */
static int
room(struct sim_extents *x, size_t need)
{
	struct sim_extent	*nv;

	if (need <= x->cap)
		return (0);
	if ((nv = realloc(x->v, need * 2 * sizeof *nv)) == NULL)
		return (-1);
	x->v = nv;
	x->cap = need * 2;
	return (0);
}

/*
 * Open k (1 or 2) new runs at index i, the runs from i on moved up; -1 if
 * memory ran out.
 */
static int
open_at(struct sim_extents *x, size_t i, size_t k)
{
	if (room(x, x->n + k) != 0)
		return (-1);
	memmove(x->v + i + k, x->v + i, (x->n - i) * sizeof *x->v);
	x->n += k;
	return (0);
}

/*
 * The common cases of sim_extents_set(), in O(1) but for the removal or
 * insertion of a run or two: [first, end) lies in run i and either takes
 * all of it, touches a neighbour already in state st (pages move from
 * state to state along the file: consumed grows into up to date, up to
 * date into in flight ...), or is cut out of it as a run of its own (a
 * new window out of the absent run ahead).  Then a boundary moves, a run
 * changes state, joining its neighbours, or the run is split.  1 if done
 * so, 0 for the general case, -1 if memory ran out.
 */
static int
set_in_run(struct sim_extents *x, size_t i, uint64_t first, uint64_t end,
    enum sim_page st)
{
	struct sim_extent	*r = &x->v[i];
	uint64_t		 n = end - first, rend = r->first + r->npages;
	int			 left, right;

	if (end > rend)
		return (0);
	if (r->state == st)
		return (1);	/* nothing changes */
	left = i > 0 && r[-1].state == st;
	right = i + 1 < x->n && r[1].state == st;
	if (n == r->npages) {
		/* The whole run changes state, and joins its neighbours. */
		if (left && right) {
			r[-1].npages += n + r[1].npages;
			drop(x, i, 2);
		} else if (left) {
			r[-1].npages += n;
			drop(x, i, 1);
		} else if (right) {
			r[1].first = first;
			r[1].npages += n;
			drop(x, i, 1);
		} else
			r->state = st;
		return (1);
	}
	if (first == r->first && left) {
		r[-1].npages += n;
		r->first += n;
		r->npages -= n;
		return (1);
	}
	if (end == rend && right) {
		r[1].first = first;
		r[1].npages += n;
		r->npages -= n;
		return (1);
	}
	/* Cut out of the run: no neighbour in state st touches the range. */
	if (first == r->first) {
		if (open_at(x, i, 1) != 0)
			return (-1);
		r = &x->v[i];
		r[0] = r[1];
		r[0].npages = n;
		r[0].state = st;
		r[1].first = end;
		r[1].npages -= n;
		return (1);
	}
	if (end == rend) {
		if (open_at(x, i + 1, 1) != 0)
			return (-1);
		r = &x->v[i];
		r[0].npages -= n;
		r[1].first = first;
		r[1].npages = n;
		r[1].state = st;
		return (1);
	}
	if (open_at(x, i + 1, 2) != 0)
		return (-1);
	r = &x->v[i];
	r[2] = r[0];
	r[0].npages = first - r[0].first;
	r[1].first = first;
	r[1].npages = n;
	r[1].state = st;
	r[2].first = end;
	r[2].npages = rend - end;
	return (1);
}

/*
 * sim_extents_set() beyond set_in_run(): [first, end) from run i on is
 * replaced by up to three pieces, joined with equal neighbours.  Out of
 * line, so that the common case costs no stack frame.
 */
static int set_general(struct sim_extents *, size_t, uint64_t, uint64_t,
	     enum sim_page) __attribute__((noinline));
static int
set_general(struct sim_extents *x, size_t i, uint64_t first, uint64_t end,
    enum sim_page st)
{
	struct sim_extent	 piece[3];
	uint64_t		 n = end - first;
	size_t			 j, k = 0, need, lo, hi;

	j = locate_near(x, end - 1, i);
	if (x->v[i].first < first) {
		piece[k] = x->v[i];
		piece[k++].npages = first - x->v[i].first;
	}
	piece[k].first = first;
	piece[k].npages = n;
	piece[k++].state = st;
	if (x->v[j].first + x->v[j].npages > end) {
		piece[k] = x->v[j];
		piece[k].first = end;
		piece[k++].npages = x->v[j].first + x->v[j].npages - end;
	}
	/* Widen the replaced span to equal-state neighbours, to join them. */
	lo = i;
	hi = j + 1;
	if (piece[0].state == st && lo > 0 && x->v[lo - 1].state == st) {
		lo--;
		piece[0].first = x->v[lo].first;
		piece[0].npages += x->v[lo].npages;
	}
	if (piece[k - 1].state == st && hi < x->n && x->v[hi].state == st) {
		piece[k - 1].npages += x->v[hi].npages;
		hi++;
	}
	/* Join pieces of equal state (only the new one can match a neighbour). */
	for (i = 1; i < k;) {
		if (piece[i - 1].state == piece[i].state) {
			piece[i - 1].npages += piece[i].npages;
			memmove(piece + i, piece + i + 1,
			    (k - i - 1) * sizeof *piece);
			k--;
		} else
			i++;
	}
	need = x->n - (hi - lo) + k;
	if (room(x, need) != 0)
		return (-1);
	memmove(x->v + lo + k, x->v + hi, (x->n - hi) * sizeof *x->v);
	memcpy(x->v + lo, piece, k * sizeof *piece);
	x->n = need;
	return (0);
}

/*
 * Set a range to one state, splitting and joining runs as needed (the
 * common case, a state growing on from its hint, is sim_extents_set()'s,
 * inline in sim-int.h).
 */
int
sim_extents_set_any(struct sim_extents *x, uint64_t first, uint64_t n,
    enum sim_page st)
{
	uint64_t	end;
	size_t		i;

	if (n == 0 || first >= x->size)
		return (0);
	if (n > x->size - first)
		n = x->size - first;
	end = first + n;
	i = locate_near(x, first, x->hint[st]);
	x->hint[st] = i;
	switch (set_in_run(x, i, first, end, st)) {
	case 1:
		return (0);
	case -1:
		return (-1);
	}
	return (set_general(x, i, first, end, st));
}

/* First page at or after from (before to) in state st. */
uint64_t
sim_extents_find(const struct sim_extents *x, uint64_t from, uint64_t to,
    enum sim_page st)
{
	uint64_t	end;

	return (sim_extents_find_run(x, from, to, st, &end));
}

/* End of p's run, clipped to to. */
uint64_t
sim_extents_run_end(const struct sim_extents *x, uint64_t p, uint64_t to)
{
	uint64_t	end;

	(void)sim_extents_get_run(x, p, to, &end);
	return (end);
}

/* Walk the runs over a range, clipped to it. */
void
sim_extents_walk(const struct sim_extents *x, uint64_t first, uint64_t n,
    void (*fn)(const struct sim_extent *, void *), void *arg)
{
	struct sim_extent	 c;
	uint64_t		 end = first + n, e;
	size_t			 i;

	if (first >= x->size || n == 0)
		return;
	if (end > x->size)
		end = x->size;
	for (i = locate(x, first); i < x->n && x->v[i].first < end; i++) {
		c = x->v[i];
		e = c.first + c.npages;
		if (c.first < first)
			c.first = first;
		if (e > end)
			e = end;
		c.npages = e - c.first;
		fn(&c, arg);
	}
}
