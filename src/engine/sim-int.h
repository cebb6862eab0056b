/*
 * sim-int.h - containers shared by the engine's files; not part of the
 * public interface.  Page extents and markers are small sorted vectors (the
 * engine keeps O(windows) of them); request lists may be long and are
 * searched by bisection.
 */
#ifndef RAVIZ_SIM_INT_H
#define RAVIZ_SIM_INT_H

#include "sim.h"

/* Products of work and sharers, and time bounds, computed without wrapping. */
__extension__ typedef unsigned __int128 sim_u128;

/* Page states of [0, size) as maximal runs, ascending, covering it. */
struct sim_extents {
	struct sim_extent	*v;
	size_t			 n;
	size_t			 cap;
	uint64_t		 size;
};

int	 sim_extents_init(struct sim_extents *, uint64_t size);
int	 sim_extents_copy(struct sim_extents *, const struct sim_extents *);
void	 sim_extents_free(struct sim_extents *);
/* State of page p (p < size). */
enum sim_page sim_extents_get(const struct sim_extents *, uint64_t p);
/* Set [first, first + n) to st; 0, or -1 when out of memory. */
int	 sim_extents_set(struct sim_extents *, uint64_t first, uint64_t n,
	     enum sim_page st);
/* First page in [from, min(to, size)) in state st, or SIM_NONE. */
uint64_t sim_extents_find(const struct sim_extents *, uint64_t from,
	     uint64_t to, enum sim_page st);
/* End of the run of p's state starting at p, at most to. */
uint64_t sim_extents_run_end(const struct sim_extents *, uint64_t p,
	     uint64_t to);
/* Call fn for each run (clipped) over [first, first + n). */
void	 sim_extents_walk(const struct sim_extents *, uint64_t first,
	     uint64_t n, void (*fn)(const struct sim_extent *, void *),
	     void *arg);

/* Sorted set of page numbers (the PG_readahead markers). */
struct sim_u64v {
	uint64_t	*v;
	size_t		 n;
	size_t		 cap;
};

int	 sim_u64v_copy(struct sim_u64v *, const struct sim_u64v *);
/* Insert x unless present; 0, or -1 when out of memory. */
int	 sim_u64v_insert(struct sim_u64v *, uint64_t x);
/* Remove x; 1 if it was there. */
int	 sim_u64v_remove(struct sim_u64v *, uint64_t x);
/* Smallest element >= x, or SIM_NONE. */
uint64_t sim_u64v_next(const struct sim_u64v *, uint64_t x);

/* Vector of requests: items at v[0 .. n), cap of them from v (sim-vec.c). */
struct sim_reqv {
	struct sim_request	*v;
	size_t			 n;
	size_t			 cap;
	struct sim_request	*base;	/* the allocation, v or before it */
};

int	 sim_reqv_copy(struct sim_reqv *, const struct sim_reqv *);
void	 sim_reqv_free(struct sim_reqv *);
int	 sim_reqv_append(struct sim_reqv *, const struct sim_request *);
/*
 * Insert keeping ascending first page (ties after existing); *at receives
 * the index.  0, or -1 when out of memory.
 */
int	 sim_reqv_insert_sorted(struct sim_reqv *, const struct sim_request *,
	     size_t *at);
/* In a page-ordered list: index of the first request with first >= p. */
size_t	 sim_reqv_lower(const struct sim_reqv *, uint64_t p);
/* Remove the item at i; O(1) for i == 0. */
void	 sim_reqv_remove(struct sim_reqv *, size_t i);

/*
 * 1 if the simulated time of a run of cfg certainly stays below 2^63 ns
 * (sim-bound.c); cfg's fields must already be within their own limits.
 */
int	 sim_time_fits(const struct sim_config *cfg);

#endif /* RAVIZ_SIM_INT_H */
