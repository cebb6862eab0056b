/*
 * trace-ahead.h - what comes next after each line of a trace, for the
 * translation (trace.c), which must know the future of a request when it
 * appears: whether its task unplugs before the request is inserted or
 * issued, whether a later line takes a queued bio.  Asked line by line by
 * scanning forward, that is O(lines) a request and quadratic in all (an
 * issue/complete trace of 9 MB took 20 s); computed here once for every
 * line by sorting and sweeping, O(n log n) for n lines.
 *
 * Contract: trace_ahead_build() reads n events in time order (not kept)
 * and never fails (memory: xalloc.h); each array has n entries, an index
 * of a later line or TRACE_AHEAD_NONE.  "Read request" is trace.c's
 * is_read_req(): Q G I D C M F R of a read, with sectors.  The task of a
 * line matches another line's when either is unknown (pid < 0) or both
 * are the same.
 */
#ifndef RAVIZ_TRACE_AHEAD_H
#define RAVIZ_TRACE_AHEAD_H

#include <stddef.h>
#include <stdint.h>

#include "blk.h"

#define TRACE_AHEAD_NONE	SIZE_MAX

struct trace_ahead {
	/* The first later I or D of a read whose sectors hold line k's. */
	size_t		*cover;
	/* The first later G, M, F or Q read request at line k's sector. */
	size_t		*same;
	/* The first later U or UT, and P, of line k's task. */
	size_t		*unplug;
	size_t		*plug;
};

/* Is e a request event of a read with sectors (the view shows those)? */
int	trace_ahead_is_read_req(const struct blk_event *e);
void	trace_ahead_build(struct trace_ahead *, const struct blk_event *in,
	    size_t n);
void	trace_ahead_free(struct trace_ahead *);

#endif /* RAVIZ_TRACE_AHEAD_H */
