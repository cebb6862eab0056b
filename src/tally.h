/*
 * tally.h - how often each value came: request sizes, read() lengths.  A
 * hash table of (value, count) pairs, so memory grows with the distinct
 * values seen, never with the largest one (a trace's request of 2 TiB
 * costs one entry), and every operation is O(1) on average whatever the
 * values.  The two most common values are kept as counts grow, ties going
 * to the larger value, so no caller scans the table for them.
 *
 * Contract: a zeroed struct tally is empty and ready; tally_free() after.
 * Deterministic: the same additions give the same state, and the most
 * common values do not depend on the order of the table.  Memory comes
 * from xalloc.h: nothing here fails.
 */
#ifndef RAVIZ_TALLY_H
#define RAVIZ_TALLY_H

#include <stddef.h>
#include <stdint.h>

struct tally_slot {
	uint64_t	 value;
	uint64_t	 count;
	int		 full;		/* 0: the slot is free */
};

struct tally {
	struct tally_slot *slot;	/* a power of two of them, or NULL */
	size_t		 cap, used;
	uint64_t	 top[2];	/* the most common values ... */
	uint64_t	 topn[2];	/* ... and their counts (0: none) */
};

/* Count value once more. */
void		 tally_add(struct tally *, uint64_t value);
/* Set value's count to n (loading a state; n may be 0). */
void		 tally_set(struct tally *, uint64_t value, uint64_t n);
/* How often value came. */
uint64_t	 tally_get(const struct tally *, uint64_t value);
/*
 * The i-th most common value (i 0 or 1; ties: the larger value), its
 * count in *n; 0 with *n 0 when there are not that many values.
 */
uint64_t	 tally_top(const struct tally *, int i, uint64_t *n);
/* Forget every value (the memory is kept). */
void		 tally_clear(struct tally *);
/* Make dst an independent copy of src (dst's old table is freed). */
void		 tally_copy(struct tally *dst, const struct tally *src);
void		 tally_free(struct tally *);

#endif /* RAVIZ_TALLY_H */
