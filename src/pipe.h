/*
 * pipe.h - a pipeline state built by applying block events: the pages of
 * the file timeline in five states, the requests on the plug list, in the
 * queue and on the device, and the statistics a summary prints.  It knows
 * nothing of the engine, curses or libev: any source of struct blk_event
 * (an imported trace; the engine's events translated, see export.c) can
 * drive it, and a renderer can draw from it alone.
 *
 * Call order: pipe_new(), pipe_apply() per event in time order, then read
 * with the accessors at any point; pipe_free().  Deterministic: the same
 * events give the same state.
 */
#ifndef RAVIZ_PIPE_H
#define RAVIZ_PIPE_H

#include <stddef.h>
#include <stdint.h>

#include "blk.h"

enum pipe_state {
	PIPE_NOT_REQUESTED,	/* no bio covers the page yet */
	PIPE_QUEUED,		/* queued or in a request not yet issued */
	PIPE_IN_FLIGHT,		/* issued, not completed */
	PIPE_IN_MEMORY,		/* completed: up to date in the page cache */
	PIPE_CONSUMED,		/* copied to the reader by a read() */
	PIPE_NSTATES
};

/* Where a request is. */
enum pipe_where {
	PIPE_PLUG,		/* on the task's plug list */
	PIPE_QUEUE,		/* inserted in the request queue */
	PIPE_DEVICE		/* issued to the device */
};

/* A run of pages in one state (pages not listed are not requested). */
struct pipe_extent {
	uint64_t	 first;
	uint64_t	 npages;
	enum pipe_state	 state;
};

/* A request the trace has shown and not yet completed. */
struct pipe_req {
	uint64_t	 sector;
	uint32_t	 nsect;
	enum pipe_where	 where;
	int		 read;
	uint64_t	 t_queue;	/* its first bio queued */
	uint64_t	 t_issue;	/* PIPE_DEVICE: issued */
};

struct pipe_stats {
	uint64_t	 events;	/* events applied */
	uint64_t	 t_first, t_last;	/* time span of all events */
	/* The reader (read() markers). */
	uint64_t	 reads;		/* read() calls returned */
	uint64_t	 read_bytes;
	uint64_t	 read_len_common;	/* most common read length */
	uint64_t	 t_read_first, t_read_last;	/* first begin, last end */
	/* Read requests issued to the device (D). */
	uint64_t	 requests;
	uint64_t	 request_sectors;
	uint32_t	 max_request_sectors;
	uint32_t	 common_request_sectors;	/* ties: the larger */
	uint64_t	 writes;	/* write (or other) requests issued */
	uint64_t	 completed, errors;
	uint64_t	 completed_sectors;	/* of reads completed without error */
	/* The device: time with at least one request in flight. */
	uint64_t	 busy_ns;
	uint32_t	 max_in_flight;
	/* Plugging. */
	uint64_t	 plugs, unplugs_explicit, unplugs_sleep;
	uint64_t	 unplug_requests;	/* sum of U/UT counts */
	uint64_t	 inserts, merges, remaps, splits, requeues;
	/* Latencies of read requests: queue to issue, issue to complete. */
	uint64_t	 q2d_sum_ns, q2d_n, q2d_max_ns;
	uint64_t	 d2c_sum_ns, d2c_n, d2c_max_ns;
	/* Readahead tracepoints (Linux 6.18 on): calls and windows. */
	uint64_t	 ra_sync, ra_async, ra_windows, page_adds;
};

struct pipe;

/* A new, empty state (never NULL: memory is xalloc.h's). */
struct pipe	*pipe_new(void);
void		 pipe_free(struct pipe *);
/*
 * Sectors map onto pages of the file timeline from base (the first sector
 * read); without this call base is the first sector an event carries.
 */
void		 pipe_set_base(struct pipe *, uint64_t sector);
/* Apply one event; events come in time order.  0 (memory: xalloc.h). */
int		 pipe_apply(struct pipe *, const struct blk_event *);
/* The state of one page. */
enum pipe_state	 pipe_state_at(const struct pipe *, uint64_t page);
/* The runs of requested pages, in page order. */
size_t		 pipe_nextents(const struct pipe *);
/* Extent i (all zero past the last). */
struct pipe_extent pipe_extent(const struct pipe *, size_t i);
/*
 * Requests not yet completed, in the order they appeared: request i (all
 * zero past the last; O(requests), for tests and tools).
 */
size_t		 pipe_nreqs(const struct pipe *);
struct pipe_req	 pipe_req(const struct pipe *, size_t i);
/* How many of them are at where. */
size_t		 pipe_count(const struct pipe *, enum pipe_where);
/* Whether a plug is open (P seen, no U/UT since). */
int		 pipe_plugged(const struct pipe *);
const struct pipe_stats *pipe_stats(const struct pipe *);
/* Name of a state ("not requested", "queued", ...). */
const char	*pipe_state_name(enum pipe_state);

#endif /* RAVIZ_PIPE_H */
