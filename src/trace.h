/*
 * trace.h - a real block trace as a source of view events (view.h): the
 * events of one device (import.h) translated into the pipeline's
 * vocabulary, in time order, with the pages on the file timeline, and the
 * view configuration that names the run.
 *
 * Translation (one view event per line that changes the pipeline):
 *   G (or a Q that gets no request of its own) -> QUEUE of a new request,
 *     on the plug list when its task's plug flushes it before it is
 *     inserted or issued, else in the queue;
 *   M, F -> QUEUE merged into the request it joins;
 *   I -> QUEUE of the request as inserted (it is in the queue already);
 *   U, UT -> FLUSH (EXPLICIT, SLEEP) with the trace's request count;
 *   D -> DISPATCH; C -> COMPLETE; R -> COMPLETE then QUEUE (back in the
 *   queue); read_begin -> READ_BEGIN; read_end -> COPY of the pages
 *   returned, then READ_END.
 * Q merged or given a request, P, A, X and write requests change nothing
 * the screen shows and make no event.  Requests get ids 1, 2, ... in the
 * order they appear; a trace knows them by their sectors.
 *
 * Pages: sector s is page (s - base) / 8, base the lowest sector read; a
 * read() at byte offset o is page o / 4096 (a capture of a device or of
 * a contiguous file from offset 0 lines the two up).  Times start at 0
 * at the trace's first event.
 *
 * Contract: trace_build() takes an import (not kept) and never fails
 * (memory: xalloc.h); the same import gives the same events.
 */
#ifndef RAVIZ_TRACE_H
#define RAVIZ_TRACE_H

#include <stddef.h>
#include <stdint.h>

#include "blk.h"
#include "import.h"
#include "view.h"

#define TRACE_RA_DEFAULT	32	/* readahead pages when not captured */

struct trace {
	struct view_config	 cfg;	/* mode fixed, title "REAL - ..." */
	struct view_event	*ev;	/* time order, seq 0, 1, ... */
	/*
	 * The import's lines, moved here by trace_build(), and for each
	 * event the one it comes from (trace_src()): an index of 4 bytes,
	 * not a copy of 168 (a line number is 32 bits in blk.h too).
	 */
	struct blk_event	*in;
	size_t			 nin;
	uint32_t		*src;
	size_t			 nev;
	uint64_t		 base;	/* the sector of page 0 */
	uint64_t		 t0;	/* trace time of view time 0 */
	int			 has_reads; /* read() markers in the trace */
	int			 ra_known;  /* cfg.ra_pages from the capture */
	int			 unplug_kind; /* U and UT told apart (blkparse) */
};

/*
 * Translate im's events into t (trace_free() after).  t takes im's events
 * (im->ev is NULL after; the rest of im is as it was).
 */
void	 trace_build(struct trace *t, struct import *im);
/* The line event i comes from. */
static inline const struct blk_event *
trace_src(const struct trace *t, size_t i)
{
	return (&t->in[t->src[i]]);
}
void	 trace_free(struct trace *t);
/*
 * A view at time 0 of t's run (view_free() after), whose narration is t's
 * (view_config.say): t must not move or be freed while the view lives.
 */
struct view *trace_view(const struct trace *t);
/*
 * Event i in words into buf (blk_narrate() of its line; what raviz infers
 * - the reader's sleeps, wakes and copies - begins "inferred:", and an
 * unplug is "explicit" only where the trace tells); returns buf.
 */
char	*trace_narrate(const struct trace *t, size_t i, char *buf, size_t len);

#endif /* RAVIZ_TRACE_H */
