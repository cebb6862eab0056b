/*
 * trace-ahead.c - what comes next after each line (trace-ahead.h).
 *
 * Each question is answered for every line at once:
 * - cover: a sweep over sectors.  The lines that ask (read requests, at
 *   their first sector) and the I/D lines that answer (a sector range
 *   each) are sorted by sector; walking up the sectors, an answering
 *   line is present in a set of line numbers from its first sector to
 *   its end, and an asking line k takes the first present number after
 *   k.  The set is a bit tree (64-way), so each step is O(log n).
 * - same: the asking lines sorted by (sector, line); the next one in the
 *   same sector is the answer.
 * - unplug, plug: a sweep backwards keeps the next U/UT and P of any
 *   task and of an unknown task; the lines sorted by (pid, line) and
 *   swept backwards per pid give the next of the same task.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "trace-ahead.h"
#include "xalloc.h"

/* A line and the value it is sorted by. */
struct ord {
	uint64_t	 key;
	size_t		 i;
};

/* A set of line numbers: bits, and above them a bit per non-zero word. */
#define LEVELS	6		/* 64^6 lines: beyond any trace */
struct bits {
	uint64_t	*w[LEVELS];
	size_t		 nw[LEVELS];
	int		 levels;
};

/* Is e a request event of a read with sectors? */
int
trace_ahead_is_read_req(const struct blk_event *e)
{
	switch (e->act) {
	case BLK_Q: case BLK_G: case BLK_I: case BLK_D: case BLK_C:
	case BLK_M: case BLK_F: case BLK_R:
		return (e->read && e->nsect > 0);
	default:
		return (0);
	}
}

/* qsort(): by key, then by line (a total order: the sort is stable). */
static int
ord_cb(const void *a, const void *b)
{
	const struct ord	*x = a, *y = b;

	if (x->key != y->key)
		return (x->key < y->key ? -1 : 1);
	return (x->i < y->i ? -1 : x->i > y->i);
}

/* An empty set of numbers below n. */
static void
bits_new(struct bits *b, size_t n)
{
	size_t	words = n / 64 + 1;

	memset(b, 0, sizeof *b);
	for (b->levels = 0; b->levels < LEVELS; b->levels++) {
		b->nw[b->levels] = words;
		b->w[b->levels] = xcalloc(words, sizeof (uint64_t));
		if (words == 1) {
			b->levels++;
			break;
		}
		words = words / 64 + 1;
	}
}

/* Add i to the set. */
static void
bits_set(struct bits *b, size_t i)
{
	int	l;

	for (l = 0; l < b->levels; l++, i /= 64)
		b->w[l][i / 64] |= UINT64_C(1) << (i % 64);
}

/* Take i out of the set. */
static void
bits_clear(struct bits *b, size_t i)
{
	int	l;

	for (l = 0; l < b->levels; l++, i /= 64) {
		b->w[l][i / 64] &= ~(UINT64_C(1) << (i % 64));
		if (b->w[l][i / 64] != 0)
			break;
	}
}

/* The lowest bit set in a non-zero word. */
static unsigned
low(uint64_t w)
{
	unsigned	n = 0;

	while (!(w & 1)) {
		w >>= 1;
		n++;
	}
	return (n);
}

/* The smallest number in the set at or above i, or TRACE_AHEAD_NONE. */
static size_t
bits_next(const struct bits *b, size_t i)
{
	uint64_t	m;
	int		l;

	/* Up: the first level whose word at i holds a bit at or above i. */
	for (l = 0; l < b->levels; l++, i = i / 64 + 1) {
		if (i / 64 >= b->nw[l])
			return (TRACE_AHEAD_NONE);
		m = b->w[l][i / 64] & (~UINT64_C(0) << (i % 64));
		if (m != 0) {
			i = i / 64 * 64 + low(m);
			break;
		}
	}
	if (l == b->levels)
		return (TRACE_AHEAD_NONE);
	/* Down: the lowest bit of each word below. */
	for (; l > 0; l--)
		i = i * 64 + low(b->w[l - 1][i]);
	return (i);
}

/* Free a set. */
static void
bits_free(struct bits *b)
{
	int	l;

	for (l = 0; l < LEVELS; l++)
		free(b->w[l]);
}

/* Is e an I or D of a read (a line that answers cover)? */
static int
inserts(const struct blk_event *e)
{
	return ((e->act == BLK_I || e->act == BLK_D) && e->read &&
	    e->nsect > 0);
}

/* The end of e's sectors, kept below 2^64. */
static uint64_t
end_of(const struct blk_event *e)
{
	return (e->sector > UINT64_MAX - e->nsect ? UINT64_MAX :
	    e->sector + e->nsect);
}

/* cover[]: the sweep over sectors. */
static void
build_cover(size_t *cover, const struct blk_event *in, size_t n)
{
	struct ord	*ask, *from, *to;
	struct bits	 set;
	size_t		 na = 0, nf = 0, i, a, f = 0, t = 0;

	ask = xreallocarray(NULL, n + 1, sizeof *ask);
	from = xreallocarray(NULL, n + 1, sizeof *from);
	to = xreallocarray(NULL, n + 1, sizeof *to);
	for (i = 0; i < n; i++) {
		if (trace_ahead_is_read_req(&in[i]))
			ask[na++] = (struct ord){ in[i].sector, i };
		if (inserts(&in[i])) {
			from[nf] = (struct ord){ in[i].sector, i };
			to[nf++] = (struct ord){ end_of(&in[i]), i };
		}
	}
	qsort(ask, na, sizeof *ask, ord_cb);
	qsort(from, nf, sizeof *from, ord_cb);
	qsort(to, nf, sizeof *to, ord_cb);
	bits_new(&set, n);
	for (a = 0; a < na; a++) {
		/* Present: the ranges that start at or below the sector ... */
		for (; f < nf && from[f].key <= ask[a].key; f++)
			bits_set(&set, from[f].i);
		/* ... and do not end at or below it. */
		for (; t < nf && to[t].key <= ask[a].key; t++)
			bits_clear(&set, to[t].i);
		cover[ask[a].i] = bits_next(&set, ask[a].i + 1);
	}
	bits_free(&set);
	free(ask);
	free(from);
	free(to);
}

/* Is e a G, M, F or Q read request (a line that answers same)? */
static int
takes(const struct blk_event *e)
{
	return (trace_ahead_is_read_req(e) && (e->act == BLK_G ||
	    e->act == BLK_M || e->act == BLK_F || e->act == BLK_Q));
}

/* same[]: the next in sector order, when it is in the same sector. */
static void
build_same(size_t *same, const struct blk_event *in, size_t n)
{
	struct ord	*o = xreallocarray(NULL, n + 1, sizeof *o);
	size_t		 no = 0, i;

	for (i = 0; i < n; i++)
		if (takes(&in[i]))
			o[no++] = (struct ord){ in[i].sector, i };
	qsort(o, no, sizeof *o, ord_cb);
	for (i = 0; i + 1 < no; i++)
		if (o[i + 1].key == o[i].key)
			same[o[i].i] = o[i + 1].i;
	free(o);
}

/* The smaller of two line numbers. */
static size_t
first_of(size_t a, size_t b)
{
	return (a < b ? a : b);
}

/*
 * out[k]: the first later line of k's task whose action is one of a, b
 * (the task matching as trace-ahead.h says).
 */
static void
build_task(size_t *out, const struct blk_event *in, size_t n,
    enum blk_act a, enum blk_act b)
{
	struct ord	*o = xreallocarray(NULL, n + 1, sizeof *o);
	size_t		*own = xreallocarray(NULL, n + 1, sizeof *own);
	size_t		 any = TRACE_AHEAD_NONE, anon = TRACE_AHEAD_NONE;
	size_t		 i, j, next = TRACE_AHEAD_NONE;

	/* The next of the same pid: per pid, backwards. */
	for (i = 0; i < n; i++)
		o[i] = (struct ord){ (uint64_t)(uint32_t)in[i].pid, i };
	qsort(o, n, sizeof *o, ord_cb);
	for (i = n; i-- > 0; ) {
		if (i + 1 == n || o[i + 1].key != o[i].key)
			next = TRACE_AHEAD_NONE;
		own[o[i].i] = next;
		j = o[i].i;
		if (in[j].act == a || in[j].act == b)
			next = j;
	}
	/* Any task's and an unknown task's, backwards. */
	for (i = n; i-- > 0; ) {
		out[i] = in[i].pid < 0 ? any : first_of(own[i], anon);
		if (in[i].act == a || in[i].act == b) {
			any = i;
			if (in[i].pid < 0)
				anon = i;
		}
	}
	free(o);
	free(own);
}

/* Every answer for every line. */
void
trace_ahead_build(struct trace_ahead *ta, const struct blk_event *in,
    size_t n)
{
	size_t	i;

	ta->cover = xreallocarray(NULL, n + 1, sizeof *ta->cover);
	ta->same = xreallocarray(NULL, n + 1, sizeof *ta->same);
	ta->unplug = xreallocarray(NULL, n + 1, sizeof *ta->unplug);
	ta->plug = xreallocarray(NULL, n + 1, sizeof *ta->plug);
	for (i = 0; i < n; i++)
		ta->cover[i] = ta->same[i] = TRACE_AHEAD_NONE;
	build_cover(ta->cover, in, n);
	build_same(ta->same, in, n);
	build_task(ta->unplug, in, n, BLK_U, BLK_UT);
	build_task(ta->plug, in, n, BLK_P, BLK_P);
}

/* Free the answers. */
void
trace_ahead_free(struct trace_ahead *ta)
{
	free(ta->cover);
	free(ta->same);
	free(ta->unplug);
	free(ta->plug);
	memset(ta, 0, sizeof *ta);
}
