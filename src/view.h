/*
 * view.h - the pipeline state the screen is drawn from, built by applying
 * events: the file's pages as runs in their states, the requests on the
 * plug list, in the queue and on the device, the reading task, the
 * readahead window and its markers, the plugging mode and the statistics
 * the meters show.
 *
 * It knows nothing of the engine, curses or libev.  Its vocabulary (struct
 * view_event) is that of the pipeline: the engine is one source of events
 * (feed.c translates them, one to one), a real kernel trace can be another.
 * The renderer and the narration read a view and nothing else, so stepping
 * back is re-applying events from a copy taken earlier (view_clone()).
 *
 * Contract:
 * - view_new() copies the configuration; view_apply() takes events in time
 *   order; the accessors read the state after the last event applied.
 * - Deterministic, integer only: the same events give the same state.
 * - Cost: every operation is O(runs of pages + requests), never O(pages).
 * - Memory comes from xalloc.h: nothing here fails.
 * - view_load_*() set parts of the state directly; feed.c uses them after
 *   the engine has jumped over events quietly (a key frame), and nothing
 *   else should.
 */
#ifndef RAVIZ_VIEW_H
#define RAVIZ_VIEW_H

#include <stddef.h>
#include <stdint.h>

#define VIEW_PAGE_SIZE	4096u
#define VIEW_NONE	UINT64_MAX	/* "no page" / "no time" */

/* How reads are plugged: the kernel generations (model.md §1). */
enum view_mode {
	VIEW_MODE_BUGGY,	/* 2.6.39-3.2: outer plug across read() */
	VIEW_MODE_FIXED,	/* the patch: no outer plug for buffered reads */
	VIEW_MODE_LEGACY,	/* 2.6.38: per-queue plugging */
	VIEW_MODE_MODERN,	/* Linux 6.x: folios, blk-mq, a plug per window;
				   a flushed plug's requests are each told by
				   a QUEUE event at the queue */
	VIEW_MODE_MODERN_BUGGY,	/* what-if: 6.x with 2.6.39's outer plug */
	VIEW_MODE_COUNT
};

/* What happened (the trace's vocabulary: README, raviz(1)). */
enum view_ev {
	VIEW_EV_READ_BEGIN,	/* the task enters read() */
	VIEW_EV_READ_END,	/* read() returns */
	VIEW_EV_RA_SYNC,	/* page_cache_sync_readahead on a miss */
	VIEW_EV_RA_ASYNC,	/* page_cache_async_readahead on the marker */
	VIEW_EV_QUEUE,		/* pages held: plug list or plugged queue */
	VIEW_EV_FLUSH,		/* plug list / plugged queue released */
	VIEW_EV_DISPATCH,	/* a request is issued to the device */
	VIEW_EV_COMPLETE,	/* a request completes, its pages up to date */
	VIEW_EV_WAIT,		/* the task sleeps in lock_page */
	VIEW_EV_WAKE,		/* the task runs again */
	VIEW_EV_COPY,		/* a run of pages copied to user space */
	VIEW_EV_MODE,		/* a pending mode change took effect */
	VIEW_EV_COUNT
};

/* Why a plug was flushed (VIEW_EV_FLUSH). */
enum view_reason {
	VIEW_REASON_NONE,
	VIEW_REASON_FINISH,	/* outermost blk_finish_plug() */
	VIEW_REASON_SLEEP,	/* the task sleeps (io_schedule / sync_page) */
	VIEW_REASON_TIMER,	/* legacy: unplug timer */
	VIEW_REASON_THRESHOLD,	/* legacy: requests queued */
	VIEW_REASON_EXPLICIT,	/* unplug after async ra on an up-to-date marker */
	VIEW_REASON_SWITCH,	/* leaving legacy mode: its queue plug released */
	VIEW_REASON_LIMIT,	/* 3.1+: the plug list is full */
	VIEW_REASON_SIZE,	/* modern: its first request reached 128 KiB */
	VIEW_REASON_COUNT
};

/* Where pages are held (VIEW_EV_QUEUE). */
enum view_where {
	VIEW_WHERE_PLUG,	/* the task's on-stack plug list */
	VIEW_WHERE_QUEUE	/* the request queue's elevator */
};

/* One event.  Fields that do not apply are VIEW_NONE or 0. */
struct view_event {
	uint64_t	 seq;		/* 0, 1, 2, ... */
	uint64_t	 t_ns;
	enum view_ev	 kind;
	enum view_mode	 mode;		/* mode in force when it happened */
	uint64_t	 first;		/* page index */
	uint64_t	 npages;
	int		 label;		/* 0, or 1..5 for T1..T5 */
	enum view_reason reason;	/* FLUSH */
	enum view_where	 where;		/* QUEUE */
	int		 merged;	/* QUEUE: merged into an existing request */
	int		 penalised;	/* DISPATCH: pays the idle-exit penalty */
	uint32_t	 req;		/* QUEUE/DISPATCH/COMPLETE: request id */
	uint64_t	 req_first;	/* QUEUE: the request after merging */
	uint64_t	 req_npages;
	uint32_t	 count;		/* FLUSH: requests released */
	uint32_t	 order;		/* RA_*: the window's folio order */
	uint64_t	 marker;	/* RA_*: marker page set, or VIEW_NONE */
	uint64_t	 marker_pages;	/* RA_*: pages of the marker's folio */
	uint64_t	 hit;		/* RA_*: page that triggered readahead */
	uint64_t	 async;		/* RA_*: async part when the window becomes
					   the readahead state, else 0 */
	uint64_t	 read_index;	/* number of the read() (0-based) */
	uint64_t	 page;		/* WAIT/WAKE: the page slept on */
};

/* Page states.  A page is in exactly one. */
enum view_page {
	VIEW_PAGE_ABSENT,	/* not in the page cache: ahead of the device */
	VIEW_PAGE_PLUGGED,	/* in a request held on the task's plug list */
	VIEW_PAGE_QUEUED,	/* in a request in the elevator, not started */
	VIEW_PAGE_INFLIGHT,	/* in a request the device is working on */
	VIEW_PAGE_UPTODATE,	/* in memory, not yet copied */
	VIEW_PAGE_CONSUMED,	/* copied to the user */
	VIEW_PAGE_COUNT
};

/* A run of pages in one state: [first, first + npages). */
struct view_extent {
	uint64_t	 first;
	uint64_t	 npages;
	enum view_page	 state;
};

/* A request, wherever it is. */
struct view_request {
	uint32_t	 id;
	uint64_t	 first;
	uint64_t	 npages;
	uint64_t	 t_dispatch;	/* VIEW_NONE until dispatched */
	int		 penalised;	/* pays the idle-exit penalty */
};

/* What the reading task is doing. */
enum view_task {
	VIEW_TASK_SYSCALL,	/* entering read() */
	VIEW_TASK_READAHEAD,	/* submitting a readahead window */
	VIEW_TASK_COPYING,
	VIEW_TASK_SLEEPING,	/* in lock_page */
	VIEW_TASK_WAKING,	/* woken, not yet running */
	VIEW_TASK_DONE
};

struct view_reader {
	enum view_task	 task;
	uint64_t	 pos;		/* next page the task looks at */
	uint64_t	 read_index;
	uint64_t	 read_first;	/* current read(): [read_first, read_end) */
	uint64_t	 read_end;
	uint64_t	 wait_page;	/* SLEEPING/WAKING: page, else VIEW_NONE */
	int		 outer_plug;	/* buggy: inside read() with the outer plug */
};

/* The readahead state of the open file (model.md §2). */
struct view_ra {
	uint64_t	 start;
	uint64_t	 size;
	uint64_t	 async_size;
};

/* The statistics the screen shows, as of the last event. */
struct view_stats {
	uint64_t	 now_ns;
	uint64_t	 reads_done;
	uint64_t	 pages_copied;
	uint64_t	 pages_completed; /* of completed requests */
	uint64_t	 requests;	/* dispatched */
	uint64_t	 request_pages;
	uint64_t	 max_request_pages;
	uint64_t	 mode_request_pages; /* most common size (ties: larger) */
	uint64_t	 stall_ns;	/* the reader asleep or waking, to now */
	uint64_t	 busy_ns;	/* the device serving a command */
	uint64_t	 waking_ns;	/* paying an idle-exit penalty only */
	uint64_t	 idle_ns;	/* nothing outstanding */
	uint64_t	 ra_sync;
	uint64_t	 ra_async;
	uint64_t	 flushes;
	uint64_t	 end_ns;	/* the last read() returned, or VIEW_NONE */
};

/* The figures of the run that the screen names. */
#define VIEW_NAME_MAX	32
struct view_config {
	enum view_mode	 mode;		/* at the start */
	uint64_t	 file_pages;	/* >= 1 */
	uint64_t	 read_pages;	/* read() size, >= 1 */
	uint64_t	 ra_pages;	/* readahead maximum */
	uint32_t	 max_req_pages;	/* request size limit, >= 1 */
	uint32_t	 max_segments;	/* modern: segments a request holds
					   (0: no limit told) */
	uint32_t	 plug_limit;	/* 3.1+: flush at this many plugged */
	uint64_t	 unplug_delay_ns; /* legacy: unplug timer */
	uint64_t	 copy_ns;	/* CPU per page copied: a COPY's pages
					   are consumed this long per page
					   after it (0: at once) */
	char		 device[VIEW_NAME_MAX];	/* its name */
	uint64_t	 bandwidth;	/* bytes per second */
	uint64_t	 idle_penalty_ns;
	/*
	 * A source without read() calls (a kernel trace without markers):
	 * the read size is not known (the header says "bs ?") and the
	 * throughput is of completed requests, not of copied pages.
	 */
	int		 reads_unknown;
	/*
	 * What the header names instead of the mode when the run is not
	 * the model's: "REAL - 7,0 (kernel trace)" for an imported trace
	 * (trace.c); empty for the model.
	 */
	char		 title[2 * VIEW_NAME_MAX];
	/*
	 * A source with its own words for its events (a kernel trace:
	 * trace_narrate()): say(words, the event's seq, buf, len) writes
	 * the narration's line; NULL for the model's words (narrate.c).
	 */
	char		*(*say)(const void *words, uint64_t seq, char *buf,
			    size_t len);
	/* (A line that begins VIEW_INFERRED is drawn in a style of its own.) */
	const void	*words;
};

/*
 * How say() begins a line about what the source does not record but the
 * view infers (a kernel trace: the reader's sleeps, wakes and copies).
 */
#define VIEW_INFERRED	"inferred: "

struct view;

/* A view at time 0 of a run configured as cfg (copied). */
struct view	*view_new(const struct view_config *cfg);
/* An independent copy. */
struct view	*view_clone(const struct view *);
void		 view_free(struct view *);
/*
 * Apply one event; events come in time order.  A COPY's pages stay up to
 * date while they are copied and are consumed when the copy is done
 * (model.md §3 step 4): at the COPY's time plus copy_ns per page, as a
 * later event or view_advance() reaches it.
 */
void		 view_apply(struct view *, const struct view_event *);
/*
 * Move the clock on to t with no event (nothing if t is not later, or
 * once the reader is done: a finished run's clock stays at its end): the
 * device's and the reader's time run on, a copy done by t is consumed.
 * The next event must not come before t.  The state after that event is
 * the same as without the advance.
 */
void		 view_advance(struct view *, uint64_t t);
/* A mode change asked for, to take effect at the next read(). */
void		 view_set_pending(struct view *, enum view_mode);
/* Events applied so far. */
uint64_t	 view_events(const struct view *);

const struct view_config *view_config(const struct view *);
const struct view_stats *view_stats(const struct view *);
const struct view_reader *view_reader(const struct view *);
const struct view_ra *view_ra(const struct view *);
enum view_mode	 view_mode(const struct view *);	/* in force */
enum view_mode	 view_pending_mode(const struct view *); /* after next read() */
/*
 * Page states over [first, first + npages): fn once per run of equal
 * state, in page order, covering the range exactly.
 */
void		 view_extents(const struct view *, uint64_t first,
		    uint64_t npages, void (*fn)(const struct view_extent *,
		    void *), void *arg);
enum view_page	 view_page_state(const struct view *, uint64_t page);
/*
 * The copy under way: its pages (still up to date, consumed when it is
 * done), the first into *first; 0 when none is.
 */
uint64_t	 view_copying(const struct view *, uint64_t *first);
/* Marker pages set, ascending, at most max into out; returns the count. */
size_t		 view_markers(const struct view *, uint64_t *out, size_t max);
/* Pages of the folio whose marker is on page p (1: a page, or none). */
uint64_t	 view_marker_pages(const struct view *, uint64_t p);
/* Requests on the plug list, in the queue, on the device, each in order. */
const struct view_request *view_plug_list(const struct view *, size_t *n);
const struct view_request *view_queue_list(const struct view *, size_t *n);
const struct view_request *view_device_list(const struct view *, size_t *n);
/*
 * End of the link's idle-exit wake if the first command on the device
 * started one (it may be past), else 0 (model.md §5).
 */
uint64_t	 view_wake_end(const struct view *);
/* Dispatched requests of exactly `pages` pages so far. */
uint64_t	 view_request_count(const struct view *, uint64_t pages);
/*
 * The i-th most common size of the dispatched requests (i 0 or 1; ties:
 * the larger), its count in *n; 0 with *n 0 when there is none.  O(1):
 * the sizes are counted in a table that grows with the distinct sizes,
 * never with the largest (tally.h).
 */
uint64_t	 view_request_top(const struct view *, int i, uint64_t *n);
/* Legacy: is the request queue plugged? */
int		 view_queue_plugged(const struct view *);

/* A mode's name, as the command line spells it ("buggy" ...). */
const char	*view_mode_name(enum view_mode);

/* Key frames (feed.c only): set parts of the state as they are. */
void		 view_load_clear(struct view *);
void		 view_load_extent(struct view *, const struct view_extent *);
void		 view_load_marker(struct view *, uint64_t page,
		    uint64_t npages);
void		 view_load_request(struct view *, int list,
		    const struct view_request *);	/* 0 plug, 1 queue, 2 device */
void		 view_load_count(struct view *, uint64_t pages, uint64_t n);
void		 view_load_state(struct view *, const struct view_reader *,
		    const struct view_ra *, const struct view_stats *,
		    enum view_mode mode, enum view_mode pending, int q_plugged,
		    uint64_t events);

#endif /* RAVIZ_VIEW_H */
