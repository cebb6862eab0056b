/*
 * sim.h - the raviz pipeline engine: a deterministic discrete-event model of a
 * task reading a file sequentially through on-demand readahead, the block
 * layer's plugging (the kernels of 2012 and Linux 6.x), request merging and
 * a device.
 *
 * The behaviour is specified by model.md (shipped as the project's reference);
 * section numbers below (§n) point into it.
 *
 * Contract:
 * - Pure library: no stdio, no curses, no libev, no wall clock, no floating
 *   point in any decision.  Time is integer nanoseconds from 0.
 * - Deterministic: the same struct sim_config (and the same sequence of
 *   sim_set_mode() calls at the same event numbers) gives the same event
 *   sequence, bit for bit, on every machine.
 * - The state is opaque.  sim_new() copies the configuration; the caller owns
 *   the returned pointer and frees it with sim_free().  sim_clone() makes an
 *   independent copy (used to step back and to compare runs).
 * - sim_step() produces exactly one event per call, in time order (ties are
 *   broken by a fixed rule, see sim.c), until the reader has finished the
 *   last read() and the device is idle; then it returns 0 forever.
 * - Cost: every operation is O(number of readahead windows and requests in
 *   flight), never O(pages).  Page states are kept as ranges.
 * - Allocation failure inside sim_step() is reported by its return value -1;
 *   the state is then undefined except for sim_free().
 */
#ifndef RAVIZ_SIM_H
#define RAVIZ_SIM_H

#include <stddef.h>
#include <stdint.h>

/* Products of units and bandwidth, and time bounds, computed without wrapping. */
__extension__ typedef unsigned __int128 sim_u128;

#define SIM_PAGE_SIZE	4096u
#define SIM_SECTOR_SIZE	512u
#define SIM_NONE	UINT64_MAX	/* "no page" / "no time" */

/* The kernels modelled (§1); each is a policy in its own file. */
enum sim_mode {
	SIM_MODE_BUGGY,		/* 2.6.39-3.2: outer plug across read() */
	SIM_MODE_FIXED,		/* the patch: no outer plug for buffered reads */
	SIM_MODE_LEGACY,	/* 2.6.38: per-queue plugging */
	SIM_MODE_MODERN,	/* Linux 6.x: folios, blk-mq, a plug per window */
	SIM_MODE_MODERN_BUGGY,	/* what-if: Linux 6.x with 2.6.39's outer plug
				   across read() */
	SIM_MODE_COUNT
};

/* Device completion discipline (§5). */
enum sim_disc {
	SIM_DISC_FIFO,		/* one transfer at a time, in order */
	SIM_DISC_RR		/* 512-byte turns of the link, round robin */
};

/* The I/O scheduler of a Linux 6.x queue (modern mode). */
enum sim_sched {
	SIM_SCHED_NONE,		/* requests are issued when the plug flushes */
	SIM_SCHED_MQ_DEADLINE,	/* inserted first; queued ones still merge */
	SIM_SCHED_COUNT
};

/* How the reader's pages become bios (§4 "Bios"). */
enum sim_source {
	SIM_SOURCE_RAW,		/* block device: one bio per page */
	SIM_SOURCE_FILE		/* regular file: one bio per window */
};

/* Device parameters (§5).  Every field may be overridden by the user. */
struct sim_device {
	const char	*name;		/* preset name, or "custom" */
	uint64_t	 bandwidth;	/* B, bytes per second */
	uint64_t	 latency_ns;	/* L, per command */
	uint32_t	 qd;		/* queue depth */
	enum sim_disc	 disc;
	uint64_t	 idle_penalty_ns; /* P, 0 = none */
	uint64_t	 idle_thresh_ns;  /* T_idle */
};

/* Host CPU costs (§5). */
struct sim_cpu {
	uint64_t	 syscall_ns;	/* per read() call */
	uint64_t	 copy_ns;	/* per page copied to user */
	uint64_t	 submit_ns;	/* per folio (page) submitted by readahead */
	uint64_t	 wake_ns;	/* from completion to the task running */
};

/* Everything that defines a run. */
struct sim_config {
	enum sim_mode	 mode;
	enum sim_source	 source;
	uint64_t	 file_pages;	/* file size in pages, >= 1 */
	uint64_t	 read_pages;	/* read() size in pages, >= 1 */
	uint64_t	 ra_pages;	/* readahead maximum in pages, >= 1 */
	uint32_t	 max_req_pages;	/* request limit (512 KiB = 128 pages);
					   modern: max_sectors, and io_pages */
	uint32_t	 max_segments;	/* modern: segments in a request (128) */
	uint32_t	 folio_order;	/* modern: largest folio order (9) */
	enum sim_sched	 sched;		/* modern: the queue's I/O scheduler */
	uint32_t	 plug_limit;	/* 3.1+: flush at this many plugged (16) */
	uint32_t	 unplug_thresh;	/* legacy: unplug at this many queued */
	uint64_t	 unplug_delay_ns; /* legacy: unplug timer */
	struct sim_device device;
	struct sim_cpu	 cpu;
	/*
	 * Not part of the scenario: 1 makes quiet runs step every event
	 * instead of jumping over repeated periods and stretches of reads of
	 * cached pages (the same results, the reference the skipping is
	 * checked against; --no-skip).
	 */
	int		 no_skip;
};

/* Event kinds: the fixed vocabulary of the trace (README, raviz(1)). */
enum sim_ev {
	SIM_EV_READ_BEGIN,	/* the task enters read() */
	SIM_EV_READ_END,	/* read() returns */
	SIM_EV_RA_SYNC,		/* page_cache_sync_readahead on a miss */
	SIM_EV_RA_ASYNC,	/* page_cache_async_readahead on the marker */
	SIM_EV_QUEUE,		/* a window's bios held: plug list or plugged queue */
	SIM_EV_FLUSH,		/* plug list / plugged queue released */
	SIM_EV_DISPATCH,	/* a request is issued to the device */
	SIM_EV_COMPLETE,	/* a request completes, its pages up to date */
	SIM_EV_WAIT,		/* the task sleeps in lock_page */
	SIM_EV_WAKE,		/* the task runs again */
	SIM_EV_COPY,		/* a run of pages copied to user space */
	SIM_EV_MODE,		/* a pending mode change took effect */
	SIM_EV_COUNT
};

/* Why a plug was flushed (SIM_EV_FLUSH). */
enum sim_reason {
	SIM_REASON_NONE,
	SIM_REASON_FINISH,	/* outermost blk_finish_plug() */
	SIM_REASON_SLEEP,	/* the task sleeps (io_schedule / sync_page) */
	SIM_REASON_TIMER,	/* legacy: 3 ms unplug timer */
	SIM_REASON_THRESHOLD,	/* legacy: 4 requests queued */
	SIM_REASON_EXPLICIT,	/* legacy: unplug after async ra on an up-to-date marker */
	SIM_REASON_SWITCH,	/* leaving legacy mode: its queue plug is released */
	SIM_REASON_LIMIT,	/* 3.1+: 16 requests already on the plug list
				   (modern: 32) */
	SIM_REASON_SIZE,	/* modern: the plug's first request reached
				   128 KiB when another is added */
	SIM_REASON_COUNT
};

/* Where a request is held (SIM_EV_QUEUE). */
enum sim_where {
	SIM_WHERE_PLUG,		/* the task's on-stack plug list */
	SIM_WHERE_QUEUE		/* the request queue's elevator */
};

/*
 * One event.  Fields that do not apply are SIM_NONE or 0.  The 64-bit
 * fields first, then the 32-bit ones: no padding, every byte is a field
 * (events of equal runs compare equal with memcmp()).
 */
struct sim_event {
	uint64_t	 seq;		/* 0, 1, 2, ... */
	uint64_t	 t_ns;
	uint64_t	 first;		/* page index */
	uint64_t	 npages;
	uint64_t	 async;		/* RA_*: the window is now the file's
					   readahead state, with this async
					   part; 0 when the state is untouched */
	uint64_t	 req_first;	/* QUEUE: the request after merging */
	uint64_t	 req_npages;
	uint64_t	 marker;	/* RA_*: marker page set, or SIM_NONE */
	uint64_t	 hit;		/* RA_*: page that triggered readahead */
	uint64_t	 marker_pages;	/* RA_*: pages of the marker's folio */
	uint64_t	 read_index;	/* number of the read() (0-based) */
	uint64_t	 page;		/* WAIT/WAKE: the page slept on */
	enum sim_ev	 kind;
	int		 label;		/* 0, or 1..5 for T1..T5 */
	enum sim_reason	 reason;	/* FLUSH */
	enum sim_where	 where;		/* QUEUE */
	int		 merged;	/* QUEUE: merged into an existing request */
	int		 penalised;	/* DISPATCH: pays the idle-exit penalty */
	uint32_t	 req;		/* QUEUE/DISPATCH/COMPLETE: request id */
	uint32_t	 count;		/* FLUSH: requests released */
	uint32_t	 order;		/* RA_*: the window's folio order (modern;
					   0: one page per folio) */
	enum sim_mode	 mode;		/* mode in force when the event happened */
};

/* Page states.  A page is in exactly one. */
enum sim_page {
	SIM_PAGE_ABSENT,	/* not in the page cache: ahead of the device */
	SIM_PAGE_PLUGGED,	/* in a request held on the task's plug list */
	SIM_PAGE_QUEUED,	/* in a request in the elevator, not started */
	SIM_PAGE_INFLIGHT,	/* in a request the device is working on */
	SIM_PAGE_UPTODATE,	/* in memory, not yet copied */
	SIM_PAGE_CONSUMED,	/* copied to the user */
	SIM_PAGE_COUNT
};

/* A run of pages in one state: [first, first + npages). */
struct sim_extent {
	uint64_t	 first;
	uint64_t	 npages;
	enum sim_page	 state;
};

/* A request, wherever it is. */
struct sim_request {
	uint32_t	 id;
	uint64_t	 first;
	uint64_t	 npages;
	uint64_t	 t_dispatch;	/* SIM_NONE until dispatched */
	uint64_t	 t_lat_end;	/* end of access latency (after a wake) */
	uint64_t	 t_done;	/* FIFO: completion time; RR: SIM_NONE */
	uint64_t	 seq;		/* dispatch number, ascending on the device */
	uint64_t	 fround;	/* RR: the link's round of its last unit,
					   once its latency is over; else 0 */
	int		 penalised;	/* its dispatch started a link wake */
	uint32_t	 nsegs;		/* modern: its physical segments */
};

/* What the reading task is doing. */
enum sim_task {
	SIM_TASK_SYSCALL,	/* entering read() */
	SIM_TASK_READAHEAD,	/* submitting a readahead window */
	SIM_TASK_COPYING,
	SIM_TASK_SLEEPING,	/* in lock_page */
	SIM_TASK_WAKING,	/* woken, not yet running */
	SIM_TASK_DONE
};

struct sim_reader {
	enum sim_task	 task;
	uint64_t	 pos;		/* next page the task looks at */
	uint64_t	 read_index;
	uint64_t	 read_first;	/* current read(): [read_first, read_end) */
	uint64_t	 read_end;
	uint64_t	 wait_page;	/* SLEEPING/WAKING: page, else SIM_NONE */
	uint64_t	 busy_until;	/* time of its next step */
	int		 outer_plug;	/* buggy: inside read() with the outer plug */
};

/* The readahead state of the open file (§2). */
struct sim_ra {
	uint64_t	 start;
	uint64_t	 size;
	uint64_t	 async_size;
	uint64_t	 ra_pages;
	uint64_t	 marker;	/* start + size - async_size if set, else SIM_NONE */
	uint32_t	 order;		/* modern: the file's folio order (ra->order) */
};

/* Running statistics. */
struct sim_stats {
	uint64_t	 now_ns;
	uint64_t	 events;	/* made so far: may run ahead of those
					   handed out (sim_event_no()) within
					   one action's burst */
	uint64_t	 reads_done;
	uint64_t	 pages_copied;
	uint64_t	 requests;	/* dispatched */
	uint64_t	 request_pages;	/* sum over dispatched requests */
	uint64_t	 max_request_pages;
	uint64_t	 mode_request_pages; /* most common dispatched size */
	uint64_t	 stall_ns;	/* reader asleep in lock_page (+ wake), to now */
	/*
	 * Device time to now in three parts (model.md §6), which always add
	 * up exactly: busy_ns + waking_ns + idle_ns == now_ns.  Busy: at
	 * least one command is being served (its access latency or its
	 * transfer).  Waking: an idle-exit penalty is being paid and no
	 * command is being served.  Idle: nothing outstanding.
	 */
	uint64_t	 busy_ns;
	uint64_t	 waking_ns;
	uint64_t	 idle_ns;
	uint64_t	 penalties;	/* idle-exit penalties incurred */
	uint64_t	 penalty_ns;	/* penalties times P, counted at dispatch
					   (may run ahead of waking_ns) */
	uint64_t	 ra_sync;
	uint64_t	 ra_async;
	uint64_t	 flushes;
	uint64_t	 end_ns;	/* time the last read() returned, or SIM_NONE */
	uint64_t	 skipped_reads;	/* sim_run(): reads jumped over as repeats */
};

struct sim;

/* Fill *cfg with the default scenario (buggy, report, 1 MiB reads of 64 MiB). */
void	 sim_config_default(struct sim_config *cfg);

/*
 * Check a configuration.  Returns NULL if usable, else a static string naming
 * the offending field and why.
 */
const char *sim_config_check(const struct sim_config *cfg);

/*
 * Device presets (§5), in display order: sim_preset(i) for i below
 * sim_preset_count() (NULL past it); sim_preset_find() by name, or NULL.
 */
size_t	 sim_preset_count(void);
const struct sim_device *sim_preset(size_t i);
const struct sim_device *sim_preset_find(const char *name);
/* Where the preset's values come from, in one paragraph. */
const char *sim_preset_basis(size_t i);

/* Create a run at time 0.  NULL if the config is invalid or memory is short. */
struct sim *sim_new(const struct sim_config *cfg);
struct sim *sim_clone(const struct sim *);
/*
 * sim_clone(), and the copy goes on with the search for repeated periods
 * where the original stands (quiet runs of both skip at once, not after a
 * period of their own); for clones that run on, not for checkpoints.
 */
struct sim *sim_clone_warm(const struct sim *);
void	 sim_free(struct sim *);

/*
 * Advance by one event, stored in *ev.  Returns 1 with an event, 0 when the
 * run is over, -1 on allocation failure.
 */
int	 sim_step(struct sim *, struct sim_event *ev);
/*
 * sim_step() without the copy: the event in place, valid until the next
 * call that changes s; NULL when there is none, with *rc 0 (the run is
 * over) or -1 (allocation failure).
 */
const struct sim_event *sim_step_ref(struct sim *, int *rc);

/*
 * Run to the end without reporting events (fast path for summaries).
 * Returns 0, or -1 on allocation failure.
 */
int	 sim_run(struct sim *);

/*
 * Run quietly (as sim_run(), skipping repeated periods) until exactly
 * `events` events have been produced, or the run ends; the state is then
 * the same as after stepping that many events with sim_step() (only
 * skipped_reads differs), and sim_step() goes on from there.  Returns 0, or
 * 1 when the budget of sim_set_budget() ran out first, or -1 on allocation
 * failure.
 */
int	 sim_run_until(struct sim *, uint64_t events);

/*
 * Run quietly (as sim_run(), skipping repeated periods) until every action
 * of the engine at or before time t is done and none after: the events
 * made are then those at or before t (st.events counts them); the state
 * may be past the last of them (a latency that ended since, which makes no
 * event), and sim_step() goes on with the first event after t.  Returns 0,
 * 1 when the budget of sim_set_budget() ran out first, -1 on allocation
 * failure.
 */
int	 sim_run_until_time(struct sim *, uint64_t t);

/* The number (seq) of the last copy event made so far; SIM_NONE if none. */
uint64_t sim_copy_event(const struct sim *);
/*
 * The time of the last event made (0 before the first): after
 * sim_run_until_time() the state may be later (sim_stats()->now_ns).
 */
uint64_t sim_event_time(const struct sim *);

/*
 * Cut quiet runs into slices: with n != 0, sim_run_until() returns 1 after
 * about n actions (each a few events) short of its target, in a state from
 * which the next call goes on (skipping as before); the caller can look at
 * its input in between.  0 (the default) removes the limit.
 */
void	 sim_set_budget(struct sim *, uint64_t n);

/*
 * Events already made but not yet handed out by sim_step(): the rest of
 * the burst of the action that made the last event handed out (an action
 * makes its events at once; the state is already past all of them).  *n
 * receives the count; their seq is not yet set.  Valid until s changes.
 */
const struct sim_event *sim_queued(const struct sim *, size_t *n);

/* Events handed out by sim_step() so far (the next event's seq). */
uint64_t sim_event_no(const struct sim *);

/* Simulated time of the next event, or SIM_NONE when the run is over. */
uint64_t sim_next_time(const struct sim *);

/* True once sim_step() has returned 0. */
int	 sim_done(const struct sim *);

/*
 * True when no event sim_step() has still to hand out carries a label:
 * T1..T5 have all been given and handed out, or the moments still missing
 * can no longer happen in this run (4 KiB reads get T1 and T2 only).
 */
int	 sim_labels_over(const struct sim *);

/*
 * Change the plugging mode from the next read() call on, as a live patch
 * would (§1).  A SIM_EV_MODE event marks the moment it takes effect.
 */
void	 sim_set_mode(struct sim *, enum sim_mode);
enum sim_mode sim_mode(const struct sim *);	/* mode now in force */
enum sim_mode sim_pending_mode(const struct sim *); /* mode after next read() */

const struct sim_config *sim_config(const struct sim *);
const struct sim_stats *sim_stats(const struct sim *);
const struct sim_reader *sim_reader(const struct sim *);
const struct sim_ra *sim_ra(const struct sim *);

/*
 * Page states over [first, first + npages): calls fn once per run of equal
 * state, in page order, covering the range exactly.
 */
void	 sim_extents(const struct sim *, uint64_t first, uint64_t npages,
	    void (*fn)(const struct sim_extent *, void *), void *arg);
/* State of one page. */
enum sim_page sim_page_state(const struct sim *, uint64_t page);
/* Marker (PG_readahead) pages currently set, ascending; returns the count. */
size_t	 sim_markers(const struct sim *, uint64_t *out, size_t max);

/*
 * Requests held on the task's plug list, in the elevator (queued, not
 * started), and on the device, each in order.  *n receives the count; the
 * array is valid until the next sim_step().
 */
const struct sim_request *sim_plug_list(const struct sim *, size_t *n);
const struct sim_request *sim_queue_list(const struct sim *, size_t *n);
const struct sim_request *sim_device_list(const struct sim *, size_t *n);
/* Dispatched requests of exactly `pages` pages so far (0 if out of range). */
uint64_t sim_request_count(const struct sim *, uint64_t pages);
/* Legacy: is the request queue plugged? */
int	 sim_queue_plugged(const struct sim *);

/* Names, for output and parsing. */
const char *sim_mode_name(enum sim_mode);	/* "buggy" ... */
int	 sim_mode_parse(const char *, enum sim_mode *);
const char *sim_ev_name(enum sim_ev);		/* "read_begin" ... */
const char *sim_reason_name(enum sim_reason);	/* "finish" ... */
const char *sim_where_name(enum sim_where);	/* "plug", "queue" */
const char *sim_page_name(enum sim_page);	/* "absent" ... */
const char *sim_disc_name(enum sim_disc);	/* "fifo", "rr" */
const char *sim_source_name(enum sim_source);	/* "raw", "file" */
const char *sim_sched_name(enum sim_sched);	/* "none", "mq-deadline" */
int	 sim_sched_parse(const char *, enum sim_sched *);

/*
 * The folio holding page p: *first receives its first page; returns its
 * pages (1 outside the windows of modern mode, where a page is a folio).
 */
uint64_t sim_folio(const struct sim *, uint64_t p, uint64_t *first);

/* Readahead window arithmetic (§2), exposed for the tests. */
uint64_t sim_ra_init_size(uint64_t req, uint64_t max);
uint64_t sim_ra_next_size(uint64_t cur, uint64_t max);

#endif /* RAVIZ_SIM_H */
