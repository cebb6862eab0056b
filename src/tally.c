/*
 * tally.c - counts of values (tally.h).
 *
 * Open addressing with linear probing over a power-of-two table, kept at
 * most half full; a slot once taken stays taken (a count may go back to 0
 * only through tally_set()), so probe chains never break.  The hash is a
 * multiplication by 2^64 / phi, whose high bits spread consecutive values
 * (request sizes 1, 2, 3 ...) over the table.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "tally.h"
#include "xalloc.h"

/* The home slot of v in a table of cap slots. */
static size_t
home(uint64_t v, size_t cap)
{
	return ((size_t)((v * UINT64_C(0x9E3779B97F4A7C15)) >> 32) &
	    (cap - 1));
}

/* The slot holding v, or the free slot where it would go. */
static struct tally_slot *
find(const struct tally *t, uint64_t v)
{
	size_t	i = home(v, t->cap);

	while (t->slot[i].full && t->slot[i].value != v)
		i = (i + 1) & (t->cap - 1);
	return (&t->slot[i]);
}

/* Double the table (16 slots at first), re-placing every value. */
static void
grow(struct tally *t)
{
	struct tally_slot	*old = t->slot, *s;
	size_t			 ocap = t->cap, i;

	t->cap = ocap ? 2 * ocap : 16;
	t->slot = xcalloc(t->cap, sizeof *t->slot);
	for (i = 0; i < ocap; i++)
		if (old[i].full) {
			s = find(t, old[i].value);
			*s = old[i];
		}
	free(old);
}

/* Does value a with count an come before b with bn (more, or larger)? */
static int
beats(uint64_t a, uint64_t an, uint64_t b, uint64_t bn)
{
	return (an > bn || (an == bn && a > b));
}

/*
 * The count of v rose to n: v may enter the top two or climb in it.  Only
 * v changed, so the others keep their order.
 */
static void
rise(struct tally *t, uint64_t v, uint64_t n)
{
	if (t->topn[0] > 0 && t->top[0] == v) {
		t->topn[0] = n;
		return;
	}
	if (!(t->topn[1] > 0 && t->top[1] == v) &&
	    !beats(v, n, t->top[1], t->topn[1]))
		return;
	t->top[1] = v;
	t->topn[1] = n;
	if (beats(v, n, t->top[0], t->topn[0])) {
		t->top[1] = t->top[0];
		t->topn[1] = t->topn[0];
		t->top[0] = v;
		t->topn[0] = n;
	}
}

/* Find the top two again by a scan (after a count went down). */
static void
rescan(struct tally *t)
{
	size_t	i;

	t->topn[0] = t->topn[1] = 0;
	t->top[0] = t->top[1] = 0;
	for (i = 0; i < t->cap; i++)
		if (t->slot[i].full && t->slot[i].count > 0)
			rise(t, t->slot[i].value, t->slot[i].count);
}

/* The slot of v, taken if it was free. */
static struct tally_slot *
take(struct tally *t, uint64_t v)
{
	struct tally_slot	*s;

	if (2 * (t->used + 1) > t->cap)
		grow(t);
	s = find(t, v);
	if (!s->full) {
		s->full = 1;
		s->value = v;
		s->count = 0;
		t->used++;
	}
	return (s);
}

/* Count a value. */
void
tally_add(struct tally *t, uint64_t v)
{
	struct tally_slot	*s = take(t, v);

	rise(t, v, ++s->count);
}

/* Set a value's count. */
void
tally_set(struct tally *t, uint64_t v, uint64_t n)
{
	struct tally_slot	*s;
	uint64_t		 was;

	if (n == 0 && tally_get(t, v) == 0)
		return;
	s = take(t, v);
	was = s->count;
	s->count = n;
	if (n >= was)
		rise(t, v, n);
	else
		rescan(t);
}

/* How often a value came. */
uint64_t
tally_get(const struct tally *t, uint64_t v)
{
	const struct tally_slot	*s;

	if (t->cap == 0)
		return (0);
	s = find(t, v);
	return (s->full ? s->count : 0);
}

/* One of the two most common values. */
uint64_t
tally_top(const struct tally *t, int i, uint64_t *n)
{
	if (i < 0 || i > 1 || t->topn[i] == 0) {
		*n = 0;
		return (0);
	}
	*n = t->topn[i];
	return (t->top[i]);
}

/* Forget every value. */
void
tally_clear(struct tally *t)
{
	if (t->cap > 0)
		memset(t->slot, 0, t->cap * sizeof *t->slot);
	t->used = 0;
	t->top[0] = t->top[1] = t->topn[0] = t->topn[1] = 0;
}

/* An independent copy. */
void
tally_copy(struct tally *dst, const struct tally *src)
{
	free(dst->slot);
	*dst = *src;
	dst->slot = xmemdup(src->slot, src->cap, sizeof *src->slot);
}

/* Free the table. */
void
tally_free(struct tally *t)
{
	free(t->slot);
	memset(t, 0, sizeof *t);
}
