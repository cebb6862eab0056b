/*
 * runs.h - pages as runs of equal state: a sorted array of [first, first +
 * npages) runs without overlaps, the pages in no run being in state 0 ("not
 * requested" in every user's vocabulary).  Setting a range splices the
 * array and joins equal neighbours, so a sequential read keeps a handful of
 * runs whatever its length; every operation costs O(log runs + runs moved),
 * never O(pages).  The pipeline states (view.c, pipe.c) keep their pages
 * here.  Memory comes from xalloc.h.
 */
#ifndef RAVIZ_RUNS_H
#define RAVIZ_RUNS_H

#include <stddef.h>
#include <stdint.h>

struct runs_run {
	uint64_t	 first;
	uint64_t	 npages;
	int		 state;		/* never 0 */
};

struct runs {
	struct runs_run	*v;
	size_t		 n, cap;
};

/* Set pages [a, a + n) to state (0: forget them); past 2^64 is cut off. */
void	 runs_set(struct runs *, uint64_t a, uint64_t n, int state);
/* The state of page p (0 if in no run). */
int	 runs_get(const struct runs *, uint64_t p);
/* Index of the first run that ends after page p (n if none). */
size_t	 runs_find(const struct runs *, uint64_t p);
/* Append a run after the last one (loading a state in page order). */
void	 runs_append(struct runs *, const struct runs_run *);
/* Make dst an independent copy of src (dst's old runs are freed). */
void	 runs_copy(struct runs *dst, const struct runs *src);
void	 runs_free(struct runs *);

#endif /* RAVIZ_RUNS_H */
