/*
 * reqmap.h - the requests a real trace shows, known by their sectors (a
 * trace carries no request ids): an array in the order they appeared,
 * each on the plug list, in the queue or on the device, found through
 * indices by start sector (off and on the device) and by end sector (off
 * it, for back merges), never by a scan.  The pipeline state (pipe.c) and
 * the translation into view events (trace.c) each keep one, with their
 * own fields after the common part.
 *
 * Contract: reqmap_init() with the size of the caller's element, whose
 * first member is a struct reqmap_req; reqmap_free() after.  A request
 * leaves a hole when deleted; reqmap_compact() closes the holes when they
 * outnumber the requests, renumbering them, so call it only where no
 * index is held (between two events).  Every operation is O(1) on
 * average, whatever the number of requests, except reqmap_overlap() (a
 * scan, only when the sectors lie within the span of that place's
 * requests) and reqmap_compact() (O(1) amortized).  Deterministic;
 * memory: xalloc.h.
 */
#ifndef RAVIZ_REQMAP_H
#define RAVIZ_REQMAP_H

#include <stddef.h>
#include <stdint.h>

#include "keyidx.h"

#define REQMAP_NONE	KEYIDX_NONE

enum reqmap_where {
	REQMAP_PLUG,		/* on the task's plug list */
	REQMAP_QUEUE,		/* in the request queue */
	REQMAP_DEV		/* issued to the device */
};

/* The common part of an element: where a request is and what it holds. */
struct reqmap_req {
	uint64_t	 sector;
	uint64_t	 nsect;
	int		 where;		/* enum reqmap_where */
	int		 live;		/* 0: deleted, a hole */
};

struct reqmap {
	unsigned char	*el;		/* n elements of size bytes */
	size_t		 size, n, cap;
	size_t		 nlive;
	struct keyidx	 start[2];	/* by start sector: off / on device */
	struct keyidx	 end;		/* by end sector, off the device */
	size_t		 at[3];		/* live requests per place */
	size_t		 cls[2];	/* ... off and on the device */
	uint64_t	 lo[2], hi[2];	/* a span holding those */
	size_t		*plugv;		/* elements put on the plug list */
	size_t		 nplugv, cplugv;
};

void	 reqmap_init(struct reqmap *, size_t size);
void	 reqmap_free(struct reqmap *);
/* Element i (its struct reqmap_req first). */
void	*reqmap_at(const struct reqmap *, size_t i);
/* Add a copy of el (live), where and sectors as its common part says. */
size_t	 reqmap_add(struct reqmap *, const void *el);
/* Request i goes to where, holding [sector, sector + nsect). */
void	 reqmap_set(struct reqmap *, size_t i, int where, uint64_t sector,
	    uint64_t nsect);
/* Delete request i. */
void	 reqmap_del(struct reqmap *, size_t i);
/* Every request on the plug list goes to the queue. */
void	 reqmap_unplug(struct reqmap *);
/* Close the holes if they outnumber the requests (renumbers). */
void	 reqmap_compact(struct reqmap *);
/*
 * The oldest (or newest) request starting at sector, off the device (or
 * on it); REQMAP_NONE if none.
 */
size_t	 reqmap_start(const struct reqmap *, uint64_t sector, int on_dev,
	    int newest);
/* The oldest request off (on) the device overlapping the sectors. */
size_t	 reqmap_overlap(const struct reqmap *, uint64_t sector,
	    uint64_t nsect, int on_dev);

#endif /* RAVIZ_REQMAP_H */
