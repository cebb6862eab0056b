/*
 * sim-int.h - containers shared by the engine's files; not part of the
 * public interface.  Page extents and markers are small sorted vectors (the
 * engine keeps O(windows) of them); request lists may be long and are
 * searched by bisection.
 */
#ifndef RAVIZ_SIM_INT_H
#define RAVIZ_SIM_INT_H

#include "sim.h"

/* Page states of [0, size) as maximal runs, ascending, covering it. */
struct sim_extents {
	struct sim_extent	*v;
	size_t			 n;
	size_t			 cap;
	uint64_t		 size;
	/* Where the last change to each state was (a guess, checked): pages
	   change state at a few places that move along the file. */
	size_t			 hint[SIM_PAGE_COUNT];
};

int	 sim_extents_init(struct sim_extents *, uint64_t size);
int	 sim_extents_copy(struct sim_extents *, const struct sim_extents *);
void	 sim_extents_free(struct sim_extents *);
/* State of page p (p < size). */
enum sim_page sim_extents_get(const struct sim_extents *, uint64_t p);
/* State of page p, and in *end the end of its run clipped to to (> p). */
enum sim_page sim_extents_get_run(const struct sim_extents *, uint64_t p,
	     uint64_t to, uint64_t *end);
/* sim_extents_set() past its inline common case. */
int	 sim_extents_set_any(struct sim_extents *, uint64_t first, uint64_t n,
	     enum sim_page st);
/*
 * Set [first, first + n) to st; 0, or -1 when out of memory.  Inline, the
 * most common change: the state grows on from where it last grew (the
 * hint's run starts at first, the run before it is in state st, and the
 * range ends inside the hint's run) - most of some 10^5 changes a run.
 */
static inline int
sim_extents_set(struct sim_extents *x, uint64_t first, uint64_t n,
    enum sim_page st)
{
	struct sim_extent	*v = x->v;
	size_t			 i = x->hint[st];

	if (i > 0 && i < x->n && v[i].first == first &&
	    v[i - 1].state == st && n < v[i].npages && v[i].state != st) {
		v[i - 1].npages += n;
		v[i].first = first + n;
		v[i].npages -= n;
		return (0);
	}
	return (sim_extents_set_any(x, first, n, st));
}
/* First page in [from, min(to, size)) in state st, or SIM_NONE. */
uint64_t sim_extents_find(const struct sim_extents *, uint64_t from,
	     uint64_t to, enum sim_page st);
/* sim_extents_find(), and in *endp the end of that page's run, at most to. */
uint64_t sim_extents_find_run(const struct sim_extents *, uint64_t from,
	     uint64_t to, enum sim_page st, uint64_t *endp);
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

/*
 * The folios of the windows of modern mode (sim-folios.c): each window read
 * with large folios is one run [first, end) whose folios were allocated
 * from first as page_cache_ra_order() does - of `order` where the index is
 * aligned to it, smaller where it is not or where the window ends.  Pages
 * outside every run are folios of one page.  Runs are ascending and do not
 * overlap; the reader drops those behind it (sim_folio_prune()).
 */
struct sim_folio_run {
	uint64_t	 first;
	uint64_t	 end;
	uint32_t	 order;
};

struct sim_folios {
	struct sim_folio_run	*v;
	size_t			 n;
	size_t			 cap;
};

int	 sim_folios_copy(struct sim_folios *, const struct sim_folios *);
/* Add a run in page order; 0, or -1 when out of memory. */
int	 sim_folios_add(struct sim_folios *, uint64_t first, uint64_t end,
	     uint32_t order);
/* Drop the runs that end at or before page p. */
void	 sim_folios_prune(struct sim_folios *, uint64_t p);
/* The folio of page p in the run r: its first page, and its pages. */
uint64_t sim_folios_in_run(const struct sim_folio_run *r, uint64_t p,
	     uint64_t *first);
/* The folio holding page p: its first page in *first; returns its pages. */
uint64_t sim_folios_at(const struct sim_folios *, uint64_t p,
	     uint64_t *first);
/* Orders of the lowest and highest set bits of x != 0 (ffs() - 1, ilog2()). */
uint32_t sim_folios_low_order(uint64_t x);
uint32_t sim_folios_high_order(uint64_t x);
/* Folios that hold pages of [p, q). */
uint64_t sim_folios_count(const struct sim_folios *, uint64_t p,
	     uint64_t q);
/*
 * The span of equal, aligned folios from the one holding p: its first page
 * in *first, the folio size in *fpages; returns where the span ends.
 */
uint64_t sim_folios_span(const struct sim_folios *, uint64_t p,
	     uint64_t *first, uint64_t *fpages);

/*
 * Bios of modern mode not yet complete (sim-blk.c): [first, end), of which
 * `left` pages are in requests that have not completed.  A bio split into
 * several requests ends its folios' reads only when its last piece is
 * done (the split pieces are chained to it), so its pages become up to
 * date together.  Ascending, not overlapping.
 */
struct sim_bio {
	uint64_t	 first;
	uint64_t	 end;
	uint64_t	 left;
};

struct sim_biov {
	struct sim_bio	*v;
	size_t		 n;
	size_t		 cap;
};

int	 sim_biov_copy(struct sim_biov *, const struct sim_biov *);
/* Add a bio of [first, end), all its pages left; 0, or -1 out of memory. */
int	 sim_biov_add(struct sim_biov *, uint64_t first, uint64_t end);

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
/* Room for one more item, the list full: 0, or -1 when out of memory. */
int	 sim_reqv_grow(struct sim_reqv *);
/* sim_reqv_insert_slot() of a request that goes before the last one. */
struct sim_request *sim_reqv_insert_inside(struct sim_reqv *, uint64_t first);
/* In a page-ordered list: index of the first request with first >= p. */
size_t	 sim_reqv_lower(const struct sim_reqv *, uint64_t p);
/* sim_reqv_remove_n() of items after the first: a move of the rest. */
void	 sim_reqv_remove_inside(struct sim_reqv *, size_t i, size_t n);

/*
 * The list functions below are inline: a request passes through three
 * lists (plug, queue, device), and their common cases are a few stores.
 */

/* A slot at the end for the caller to fill; NULL when out of memory. */
static inline struct sim_request *
sim_reqv_append_slot(struct sim_reqv *a)
{
	if (a->n == a->cap && sim_reqv_grow(a) != 0)
		return (NULL);
	return (&a->v[a->n++]);
}

/*
 * A slot for a request of first page `first`, in page order (ties after
 * existing), for the caller to fill; NULL when out of memory.  Requests
 * mostly come in page order: then it goes at the end.
 */
static inline struct sim_request *
sim_reqv_insert_slot(struct sim_reqv *a, uint64_t first)
{
	if (a->n != 0 && a->v[a->n - 1].first > first)
		return (sim_reqv_insert_inside(a, first));
	return (sim_reqv_append_slot(a));
}

/* Remove the n items from i on; O(1) for i == 0. */
static inline void
sim_reqv_remove_n(struct sim_reqv *a, size_t i, size_t n)
{
	if (i != 0) {
		sim_reqv_remove_inside(a, i, n);
		return;
	}
	a->v += n;
	a->cap -= n;
	a->n -= n;
}

/* Remove the item at i; O(1) for i == 0. */
static inline void
sim_reqv_remove(struct sim_reqv *a, size_t i)
{
	sim_reqv_remove_n(a, i, 1);
}

/*
 * Ready commands of the round-robin link with one finish round and
 * consecutive dispatch numbers seq .. seq + n - 1 (a batch that became ready
 * together), completing one unit apart in that order.
 */
struct sim_rr_item {
	uint64_t	 f;
	uint64_t	 seq;
	uint64_t	 n;
};

/*
 * The ready commands by (finish round, seq) (sim-dev.c): while they joined
 * in that order, the sorted run v[head .. n) (a queue); else a min-heap
 * over v[0 .. n) (heaped, head 0).  Empty: n == 0.
 */
struct sim_rr_heap {
	struct sim_rr_item	*v;
	size_t			 head;
	size_t			 n;
	size_t			 cap;
	int			 heaped;
};

/*
 * Where the round-robin link stands (sim-dev.c): the ready commands are
 * dev.v[0 .. k); unit j of the busy run ends at t + ceil((ph + j * 512e9) /
 * B); u units have started, the last ending at the next choice, which is at
 * the end of unit u; p of the k have started their unit of the current
 * round.
 */
struct sim_link {
	uint64_t	 t;		/* start of the busy run, folded */
	uint64_t	 ph;		/* its phase, < B */
	uint64_t	 u;		/* units started since t */
	uint64_t	 k;		/* ready commands */
	uint64_t	 p;		/* of them, served in this round */
	uint64_t	 round;
	uint64_t	 free_at;	/* when the link last ran out of work */
	uint64_t	 top_j;		/* the unit (since t) that ends at
					   rr_top, while there is a top */
};

/*
 * 1 if the simulated time of a run of cfg certainly stays below 2^63 ns
 * (sim-bound.c); cfg's fields must already be within their own limits.
 */
int	 sim_time_fits(const struct sim_config *cfg);

/*
 * A kernel's rules: one const table per kernel family, in its own file
 * (sim-k2012.c: the three 2012 modes as variations of one policy), read
 * by the generic readahead (sim-ra.c), task (sim-task.c) and block
 * (sim-blk.c) code.  A kernel is one table and one enum sim_mode value,
 * listed in sim.c's policies[].  Data where kernels differ in a switch,
 * function pointers where they differ in an algorithm.
 */
struct sim_policy {
	const char	*name;		/* the mode's name, "buggy" */
	/*
	 * Plugging (model.md §4): the request queue plugs itself (2.6.38;
	 * the task has no plug) or the task plugs on its stack, around
	 * read_pages() and, with outer_plug, across the whole read()
	 * (2.6.39-3.2, the bug).
	 */
	int		 queue_plug;
	int		 outer_plug;
	/*
	 * How read() walks the page cache (model.md §3): 0, page by page
	 * (2012: readahead, lock_page and copy at each page); else in
	 * batches of up to this many folios (filemap_get_pages(): the last
	 * folio of a batch is the first one not up to date or marked, its
	 * readahead and its lock come before the batch is copied).
	 */
	unsigned	 batch;
	/*
	 * Large folios (Linux 6.x): folio orders and window ends follow the
	 * alignment of page numbers, which a skipped period must keep.
	 */
	int		 folios;
	/*
	 * On-demand readahead at page off, a marker hit or a miss, with req
	 * pages left in this read(): sets the file's readahead state, submits
	 * the window (sim_ra_submit()) and returns the folios allocated.
	 */
	uint64_t	(*ondemand)(struct sim *, int hit_marker, uint64_t off,
			    uint64_t req);
	/*
	 * The block layer: turn a run of newly allocated pages of one window
	 * into bios and requests (plug list, or the queue when the task has
	 * no plug), and insert a request released from the plug into the
	 * queue (emitting a QUEUE event where the view cannot tell).
	 */
	void		(*submit)(struct sim *, uint64_t first, uint64_t n);
	void		(*insert)(struct sim *, const struct sim_request *);
};

/* sim-k2012.c: 2.6.38, 2.6.39-3.2 and the 2012 patch. */
extern const struct sim_policy sim_k2012_buggy;
extern const struct sim_policy sim_k2012_fixed;
extern const struct sim_policy sim_k2012_legacy;
/*
 * sim-k6.c: Linux 6.x (checked against 6.18), and the what-if of 6.x with
 * 2.6.39's outer plug put back.
 */
extern const struct sim_policy sim_k6_modern;
extern const struct sim_policy sim_k6_modern_buggy;

/*
 * The engine's state (sim.c and the files of its sections, model.md §2-§5
 * and the period skipping); struct sim stays opaque outside the engine.
 */
struct sim_cycle;	/* period search, sim-cycle.c */

/* Internal steps of the reading task. */
enum sim_step {
	STEP_BEGIN,		/* enter read() */
	STEP_PAGE,		/* look the page up */
	STEP_RA_DONE,		/* read_pages() returns */
	STEP_CHECK,		/* is the page up to date? */
	STEP_WOKEN,		/* lock_page returns */
	STEP_COPY,		/* copy a run */
	STEP_END,		/* leave read() */
	STEP_DONE
};

struct sim {
	struct sim_config	 cfg;
	enum sim_mode		 mode;
	const struct sim_policy	*pol;	/* the rules of mode */
	enum sim_mode		 pending;
	uint64_t		 now;
	struct sim_stats	 st;

	struct sim_extents	 pages;
	struct sim_u64v		 markers;
	struct sim_folios	 folios;	/* modern: large folios */
	struct sim_biov		 bios;		/* modern: bios in flight */

	struct sim_reqv		 plug;	/* task plug list */
	struct sim_reqv		 queue;	/* elevator, not started */
	struct sim_reqv		 dev;	/* on the device, dispatch order */
	uint32_t		 next_id;

	/* Task. */
	struct sim_reader	 rd;
	enum sim_step		 step;
	int			 ra_async;	/* STEP_RA_DONE after async ra */
	uint64_t		 batch_last;	/* batch: its last folio's page */
	uint64_t		 batch_end;	/* batch: pages to copy end here */
	int			 ra_plug;	/* inside read_pages() with its plug */
	int64_t			 prev_page;	/* prev_pos / page size, -1 */
	uint64_t		 sleep_since;

	struct sim_ra		 ra;

	/* Legacy queue plugging. */
	int			 q_plugged;
	uint64_t		 unplug_at;

	/* Device. */
	uint64_t		 idle_since;
	uint64_t		 acct_t;	/* device time accounted up to here */
	uint64_t		 stall_acc;	/* closed sleeps */
	uint64_t		 fifo_last_done;
	uint64_t		 wake_end;	/* the link wakes until then */
	struct sim_link		 lk;		/* round robin: the turns */
	struct sim_rr_heap	 rr_heap;	/* ready commands, by finish */
	uint64_t		 rr_top;	/* when its top completes, or
						   SIM_NONE (sim-dev.c) */
	size_t			 rr_top_i;	/* its place on the device list */
	uint64_t		 dseq;		/* next dispatch number */

	/* Request size histogram (pages 0..max_req_pages). */
	uint64_t		*hist;

	/* Labels T1..T5, see sim_label_async(). */
	int			 lab_next;	/* next label to give, 1..6 */
	uint64_t		 t1_page;
	uint64_t		 t3_page;
	uint64_t		 t3_read;	/* the read() T3 happened in */
	uint64_t		 async_seen;
	int			 t5_done;	/* T5 given, or no longer possible */
	/*
	 * The reader's page as its page step looked it up, for the check and
	 * the copy that follow in the same action (nothing changes a page in
	 * between); look_ok 0 outside that chain (sim-task.c).
	 */
	int			 look_ok;
	enum sim_page		 look_state;
	uint64_t		 look_end;
	int			 lab_pend;	/* 3/4: waits for its window's dispatch */
	uint64_t		 lab_pend_page;	/* a page of that window */
	uint64_t		 lab_pend_hit;	/* the marker page that made it */

	/* Event FIFO. */
	struct sim_event	*evq;
	size_t			 evq_head;
	size_t			 evq_len;
	size_t			 evq_cap;
	struct sim_event	 scratch;	/* an event not kept (sim_ev_new) */
	uint64_t		 seq;
	int			 quiet;		/* sim_run(): no events kept */
	int			 oom;

	/* Steady-state skipping (sim_run only), see sim_cycle_check(). */
	struct sim_cycle	*cyc;
	uint64_t		 run_limit;	/* skip no further than this */
	uint64_t		 time_limit;	/* no action after this time
						   (sim_run_until_time()) */
	uint64_t		 copy_ev;	/* the last copy's event number,
						   or SIM_NONE */
	uint64_t		 ev_t;		/* the last event's time */
	uint64_t		 budget;	/* actions per quiet run, 0 = any */
	uint64_t		 dn;		/* sim_dev_next(), while dn_ok */
	int			 dn_ok;		/* no device change since */
};

/* sim.c: the engine core (events, moments, page states). */
/*
 * sim_ev_new()'s slow path (sim.c): the FIFO is full - slide it down or
 * grow it; the new slot at its end, or the scratch event out of memory.
 */
struct sim_event *sim_ev_room(struct sim *);

/* Twelve 64-bit fields and ten 32-bit ones, nothing between them. */
_Static_assert(sizeof (struct sim_event) == 12 * 8 + 10 * 4,
    "struct sim_event has padding: sim_ev_new() would leave it unset");

/*
 * Queue a new event of the given kind at the current time; never NULL.  In
 * a quiet run it is a scratch event, never read: callers only write it.
 * Inline: it runs for every event, quiet or not, and the stores below that
 * the caller makes again are dropped by the compiler.
 */
static inline struct sim_event *
sim_ev_new(struct sim *s, enum sim_ev kind)
{
	struct sim_event	*e;

	s->st.events++;
	s->ev_t = s->now;
	/* Why the hint: a quiet run must not pay for the building below
	   with its code laid out around it. */
	if (__builtin_expect(s->quiet, 1))
		return (&s->scratch);
	/* A slot at the end of the FIFO (at its start when it is empty). */
	if (s->evq_len == 0)
		s->evq_head = 0;
	e = s->evq_head + s->evq_len < s->evq_cap ?
	    &s->evq[s->evq_head + s->evq_len++] : sim_ev_room(s);
	/* Every field by name, in their order, none left to a memset():
	   the compiler merges the stores into wide ones (a compound
	   literal became a "rep stos" of the whole event, slow to start).
	   The event has no padding (above), so every byte is set. */
	e->seq = 0;
	e->t_ns = s->now;
	e->first = 0;
	e->npages = 0;
	e->async = 0;
	e->req_first = SIM_NONE;
	e->req_npages = 0;
	e->marker = SIM_NONE;
	e->hit = SIM_NONE;
	e->marker_pages = 0;
	e->read_index = s->rd.read_index;
	e->page = SIM_NONE;
	e->kind = kind;
	e->label = 0;
	e->reason = 0;
	e->where = 0;
	e->merged = 0;
	e->penalised = 0;
	e->req = 0;
	e->count = 0;
	e->order = 0;
	e->mode = s->mode;
	return (e);
}
/* Give out moment `which` on event e if it is the next one. */
void	 sim_label(struct sim *, struct sim_event *, int which);
/* T3/T4 at an async readahead (start, marker hit, first fresh page). */
void	 sim_label_async(struct sim *, struct sim_event *, uint64_t start,
	     uint64_t hit, uint64_t fresh);
/* No moment after T2 can happen any more (or T5 has been given). */
void	 sim_label_end(struct sim *);
/* Is page p up to date (or consumed)? */
int	 sim_uptodate(const struct sim *, uint64_t p);
/*
 * Set [first, first + n) to st; out of memory sets s->oom.  Inline: every
 * page changes state a few times.
 */
static inline void
sim_set_state(struct sim *s, uint64_t first, uint64_t n, enum sim_page st)
{
	if (sim_extents_set(&s->pages, first, n, st) != 0)
		s->oom = 1;
}
/* Reader stall time up to now, a sleep in progress included. */
uint64_t sim_stall_total(const struct sim *);

/* sim.c: the policy of a mode (m < SIM_MODE_COUNT). */
const struct sim_policy *sim_policy(enum sim_mode m);

/* sim-ra.c: readahead (§2). */
/*
 * Allocate and submit a window (read_pages()) of folios of order (0: of
 * one page); returns the folios allocated (the pages, without large
 * folios), the unit of readahead's CPU cost.
 */
uint64_t sim_ra_submit(struct sim *, uint64_t start, uint64_t size,
	     uint64_t async, uint32_t order, enum sim_ev kind, uint64_t hit);
/* Are all pages of [first, first + n) up to date (or consumed)? */
int	 sim_ra_uptodate(const struct sim *, uint64_t first, uint64_t n);
/* Remove the marker at p if there is one; 1 if there was. */
int	 sim_ra_marker_take(struct sim *, uint64_t p);

/* sim-blk.c: the block layer (§4). */
/* 2012: submit a run of newly allocated pages as bios (plug or elevator). */
void	 sim_blk_submit(struct sim *, uint64_t first, uint64_t n);
/* 2012: a request released from the plug enters the elevator, merging. */
void	 sim_blk_insert(struct sim *, const struct sim_request *);
/* Modern: a bio of [first, end) was built; its pages complete together. */
void	 sim_blk_bio(struct sim *, uint64_t first, uint64_t end);
/* sim_blk_done() with bios not yet complete (modern): see sim-blk.c. */
void	 sim_blk_done_bios(struct sim *, const struct sim_request *r,
	     uint64_t *first, uint64_t *n);
/*
 * Request r completed: set the pages that are up to date now (the
 * request's, or those of the bios it finished) and return them in
 * [*first, *first + *n), possibly empty.  Inline: no bios to look at (the
 * 2012 kernels) is the common case, once for every request.
 */
static inline void
sim_blk_done(struct sim *s, const struct sim_request *r, uint64_t *first,
    uint64_t *n)
{
	if (s->bios.n != 0) {
		sim_blk_done_bios(s, r, first, n);
		return;
	}
	*first = r->first;
	*n = r->npages;
	sim_set_state(s, r->first, r->npages, SIM_PAGE_UPTODATE);
}
/*
 * A new request of [first, first + n) (id 0: a new id) in the list v,
 * kept in page order; NULL when out of memory (s->oom).  Inline: a
 * request is made for every one queued.
 */
static inline struct sim_request *
sim_blk_req_add(struct sim *s, struct sim_reqv *v, uint64_t first,
    uint64_t n, uint32_t id)
{
	struct sim_request	*r;

	if ((r = sim_reqv_insert_slot(v, first)) == NULL) {
		s->oom = 1;
		return (NULL);
	}
	/* Built in its place. */
	*r = (struct sim_request){ .id = id ? id : s->next_id++,
	    .first = first, .npages = n, .t_dispatch = SIM_NONE,
	    .t_done = SIM_NONE };
	return (r);
}
/*
 * Emit a QUEUE event: pages [first, first + n) went into request r.
 * Inline as sim_ev_new(), which it wraps.
 */
static inline void
sim_blk_ev_queue(struct sim *s, enum sim_where w, uint64_t first,
    uint64_t n, const struct sim_request *r, int merged)
{
	struct sim_event	*e = sim_ev_new(s, SIM_EV_QUEUE);

	e->first = first;
	e->npages = n;
	e->where = w;
	e->merged = merged;
	e->req = r->id;
	e->req_first = r->first;
	e->req_npages = r->npages;
}
/* Release the task's plug list into the elevator and run the queue. */
void	 sim_blk_flush(struct sim *, enum sim_reason);
/* Legacy: unplug the request queue and run it. */
void	 sim_blk_unplug(struct sim *, enum sim_reason);
/* The legacy unplug timer fired. */
void	 sim_blk_timer(struct sim *);

/* sim-dev.c: the device (§5). */
/* sim_dev_dispatch() past its check that there is something to do. */
void	 sim_dev_dispatch_any(struct sim *);

/*
 * Dispatch queued requests while the device has free slots.  Inline: about
 * half the calls (a completion at a full queue, a flush) find the queue
 * empty or the device full, and pay no call for that.
 */
static inline void
sim_dev_dispatch(struct sim *s)
{
	if (s->queue.n != 0 && s->dev.n < s->cfg.device.qd)
		sim_dev_dispatch_any(s);
}
/* Perform the device's next action: latency ends and completions now. */
void	 sim_dev_run(struct sim *);
/* Rounds to a ready request's last unit, from 1: 0 unless round robin. */
uint64_t sim_dev_left(const struct sim *, const struct sim_request *);
/* Deep-copy the device's private state of o into s (sim_clone()). */
int	 sim_dev_copy(struct sim *s, const struct sim *o);
/* Free the device's private state. */
void	 sim_dev_free(struct sim *);
/*
 * Time of the device's next action, a completion, SIM_NONE if idle (round
 * robin: the latency ends before it have joined the turns already, see
 * rr_catch_up() in sim-dev.c).  Inline: asked after every change of the
 * device.
 */
static inline uint64_t
sim_dev_next(const struct sim *s)
{
	if (s->dev.n == 0)
		return (SIM_NONE);
	/* FIFO completes in dispatch order. */
	if (s->cfg.device.disc == SIM_DISC_FIFO)
		return (s->dev.v[0].t_done);
	return (s->rr_top);
}
/* The last latency end in (now, t], SIM_NONE if none (see sim-dev.c). */
uint64_t sim_dev_lat_last(const struct sim *, uint64_t);
/* Bring the link's turns up to now without changing any future event. */
void	 sim_dev_sync(struct sim *);
/*
 * Account the device's time from acct_t up to t as busy, waking or idle
 * (sim.h, struct sim_stats; model.md §5): idle with nothing on the device,
 * waking until the link is up, busy from then on (a command is in its
 * latency or crossing the link).  The device list does not change in
 * between; a wake is under way only while the command that started it is
 * on the device (it cannot complete before the link is up).  Inline: it
 * runs at every action.
 */
static inline void
sim_dev_account(struct sim *s, uint64_t t)
{
	uint64_t	a = s->acct_t, from;

	if (t <= a)
		return;
	s->acct_t = t;
	if (s->dev.n == 0) {
		s->st.idle_ns += t - a;
		return;
	}
	if (s->wake_end > a) {
		from = s->wake_end < t ? s->wake_end : t;
		s->st.waking_ns += from - a;
		a = from;
	}
	s->st.busy_ns += t - a;
}

/* sim-task.c: the reading task (§3). */
/* One step of the reading task at its busy_until time. */
void	 sim_task_run(struct sim *);
/*
 * Next action time of the task, SIM_NONE if it is not runnable.  Inline:
 * it runs at every action.
 */
static inline uint64_t
sim_task_next(const struct sim *s)
{
	if (s->step == STEP_DONE || s->rd.task == SIM_TASK_SLEEPING)
		return (SIM_NONE);
	return (s->rd.busy_until);
}

/* sim.c: s takes the state of o, a clone without events; o is used up. */
void	 sim_adopt(struct sim *s, struct sim *o);

/* sim-cycle.c: period skipping. */
/* At a read() boundary of a quiet run: skip whole periods if it repeats. */
void	 sim_cycle_check(struct sim *);
/* Free the search state. */
void	 sim_cycle_free(struct sim *);
/* Forget the saved boundary (the rules changed). */
void	 sim_cycle_reset(struct sim *);
/* A new quiet run goes on with the search. */
void	 sim_cycle_resume(struct sim *);
/* Give s, a clone of o, o's search; 0, or -1 out of memory. */
int	 sim_cycle_copy(struct sim *s, const struct sim *o);

#endif /* RAVIZ_SIM_INT_H */
