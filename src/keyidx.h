/*
 * keyidx.h - an index from 64-bit keys to the elements of a caller's
 * array (requests known by their start or end sector, in pipe.c and
 * trace.c): each element has at most one key; the elements of one key come
 * out in element order, oldest (lowest number) or newest first, so a
 * lookup finds what a scan of the array in that order would, in O(1) on
 * average instead of O(elements).
 *
 * Contract: a zeroed struct keyidx is empty and ready; keyidx_free()
 * after.  Element numbers are the caller's array indices; an element is
 * put in at most once until it is taken out.  Putting in a number higher
 * than any before costs O(1); a lower one walks back over the higher
 * numbers of its bucket.  Deterministic.  Memory comes from xalloc.h.
 */
#ifndef RAVIZ_KEYIDX_H
#define RAVIZ_KEYIDX_H

#include <stddef.h>
#include <stdint.h>

#define KEYIDX_NONE	SIZE_MAX

struct keyidx {
	size_t		*head, *tail;	/* per bucket: lowest, highest element */
	size_t		 nb;		/* buckets: a power of two, or 0 */
	size_t		*next, *prev;	/* per element: its bucket's chain */
	uint64_t	*key;		/* per element */
	unsigned char	*in;		/* per element: in the index */
	size_t		 cap;		/* elements there is room for */
	size_t		 count;		/* elements in the index */
};

/* Index element el under key (el must not be in the index). */
void	 keyidx_put(struct keyidx *, size_t el, uint64_t key);
/* Take element el out of the index (nothing if it is not in). */
void	 keyidx_del(struct keyidx *, size_t el);
/* The lowest / highest element under key, or KEYIDX_NONE. */
size_t	 keyidx_oldest(const struct keyidx *, uint64_t key);
size_t	 keyidx_newest(const struct keyidx *, uint64_t key);
/* The next higher / lower element under el's key, or KEYIDX_NONE. */
size_t	 keyidx_newer(const struct keyidx *, size_t el);
size_t	 keyidx_older(const struct keyidx *, size_t el);
/* Empty the index (the memory is kept). */
void	 keyidx_clear(struct keyidx *);
void	 keyidx_free(struct keyidx *);

#endif /* RAVIZ_KEYIDX_H */
