/*
 * sim.c - the engine core: the pipeline of reader task, readahead,
 * plugging, request queue and device as one discrete-event simulation
 * (model.md §1-§5).  This file holds the run's lifetime (new, clone, free),
 * the event FIFO, the choice of the next action, the moments T1..T5, the
 * statistics and the public queries; each section of the model has its own
 * file behind sim-int.h: sim-ra.c readahead (§2), sim-task.c the reading
 * task (§3), sim-blk.c the block layer (§4), sim-dev.c the device (§5),
 * sim-cycle.c period skipping.  What differs between kernels is a policy
 * (struct sim_policy, sim-int.h) in a file of its own (sim-k2012.c), read
 * by the generic code through s->pol, the policy of the mode in force.
 *
 * Design.  The simulation has three sources of actions: the reading task
 * (runs when busy_until is reached), the device (the next latency end or
 * completion), and, in legacy mode, the queue's unplug timer.  sim_step()
 * takes the earliest action, performs it, and queues the events it causes in
 * a small FIFO; each call hands out one event.  Ties are broken device first,
 * then timer, then task: an interrupt that lands at the same nanosecond as the
 * task's next step is seen by that step, which is what the kernel would do
 * with the completion already signalled.
 *
 * Page states live in an extent map (sim-extents.c) and requests in short
 * vectors (sim-vec.c), so the cost of a step depends on the number of
 * windows and requests around the reader, never on the number of pages: the
 * task copies a whole run of up-to-date pages in one step.
 *
 * Determinism: time is an integer count of nanoseconds, the link's turns are
 * whole units whose ends are integer functions of the busy run's start, and
 * no decision reads anything but this struct.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "sim.h"
#include "sim-int.h"

/* The kernels, by mode: each one's rules in its own file (sim-int.h). */
static const struct sim_policy *const policies[SIM_MODE_COUNT] = {
	[SIM_MODE_BUGGY] = &sim_k2012_buggy,
	[SIM_MODE_FIXED] = &sim_k2012_fixed,
	[SIM_MODE_LEGACY] = &sim_k2012_legacy,
	[SIM_MODE_MODERN] = &sim_k6_modern,
	[SIM_MODE_MODERN_BUGGY] = &sim_k6_modern_buggy,
};
static const char *sched_names[SIM_SCHED_COUNT] = { "none", "mq-deadline" };
static const char *ev_names[SIM_EV_COUNT] = {
	"read_begin", "read_end", "ra_sync", "ra_async", "queue", "flush",
	"dispatch", "complete", "wait", "wake", "copy", "mode"
};
static const char *reason_names[SIM_REASON_COUNT] = {
	"", "finish", "sleep", "timer", "threshold", "explicit", "switch",
	"limit", "size"
};
static const char *page_names[SIM_PAGE_COUNT] = {
	"absent", "plugged", "queued", "inflight", "uptodate", "consumed"
};

/* The policy of a mode. */
const struct sim_policy *
sim_policy(enum sim_mode m)
{
	return (policies[m]);
}

/* Name of a mode. */
const char *
sim_mode_name(enum sim_mode m)
{
	return (m < SIM_MODE_COUNT ? policies[m]->name : "?");
}

/* Parse a mode name; 0 on success, -1 if unknown. */
int
sim_mode_parse(const char *s, enum sim_mode *m)
{
	int	i;

	for (i = 0; i < SIM_MODE_COUNT; i++) {
		if (strcmp(s, policies[i]->name) == 0) {
			*m = (enum sim_mode)i;
			return (0);
		}
	}
	return (-1);
}

/* Name of an event kind. */
const char *
sim_ev_name(enum sim_ev e)
{
	return (e < SIM_EV_COUNT ? ev_names[e] : "?");
}

/* Name of a flush reason ("" for none). */
const char *
sim_reason_name(enum sim_reason r)
{
	return (r < SIM_REASON_COUNT ? reason_names[r] : "?");
}

/* Name of a holding place. */
const char *
sim_where_name(enum sim_where w)
{
	return (w == SIM_WHERE_PLUG ? "plug" : "queue");
}

/* Name of a page state. */
const char *
sim_page_name(enum sim_page p)
{
	return (p < SIM_PAGE_COUNT ? page_names[p] : "?");
}

/* Name of a completion discipline. */
const char *
sim_disc_name(enum sim_disc d)
{
	return (d == SIM_DISC_FIFO ? "fifo" : "rr");
}

/* Name of a bio source. */
const char *
sim_source_name(enum sim_source s)
{
	return (s == SIM_SOURCE_RAW ? "raw" : "file");
}

/* Name of an I/O scheduler. */
const char *
sim_sched_name(enum sim_sched s)
{
	return ((unsigned)s < SIM_SCHED_COUNT ? sched_names[s] : "?");
}

/* Parse a scheduler name; 0 on success, -1 if unknown. */
int
sim_sched_parse(const char *s, enum sim_sched *v)
{
	int	i;

	for (i = 0; i < SIM_SCHED_COUNT; i++) {
		if (strcmp(s, sched_names[i]) == 0) {
			*v = (enum sim_sched)i;
			return (0);
		}
	}
	return (-1);
}

/* Fill in the default scenario. */
void
sim_config_default(struct sim_config *cfg)
{
	memset(cfg, 0, sizeof *cfg);
	cfg->mode = SIM_MODE_BUGGY;
	cfg->source = SIM_SOURCE_RAW;
	cfg->file_pages = (64u << 20) / SIM_PAGE_SIZE;
	cfg->read_pages = (1u << 20) / SIM_PAGE_SIZE;
	cfg->ra_pages = (128u << 10) / SIM_PAGE_SIZE;
	cfg->max_req_pages = (512u << 10) / SIM_PAGE_SIZE;
	cfg->max_segments = 128;
	cfg->folio_order = 9;
	cfg->sched = SIM_SCHED_NONE;
	cfg->unplug_thresh = 4;
	cfg->plug_limit = 16;
	cfg->unplug_delay_ns = 3000000;
	cfg->device = *sim_preset(0);
	cfg->cpu.syscall_ns = 2000;
	cfg->cpu.copy_ns = 1200;
	cfg->cpu.submit_ns = 2000;
	cfg->cpu.wake_ns = 10000;
}

/* Sanity limits keep every product in the arithmetic below 2^63. */
#define MAX_PAGES	(UINT64_C(1) << 40)	/* 4 PiB */
#define MAX_TIME	(UINT64_C(1) << 40)	/* ~18 minutes per step */

/* Validate a configuration; NULL when usable. */
const char *
sim_config_check(const struct sim_config *cfg)
{
	if (cfg->mode >= SIM_MODE_COUNT)
		return ("mode: unknown");
	if (cfg->file_pages < 1 || cfg->file_pages > MAX_PAGES)
		return ("file-size: must be between 4 KiB and 4 PiB");
	if (cfg->read_pages < 1 || cfg->read_pages > MAX_PAGES)
		return ("bs: must be between 4 KiB and 4 PiB");
	if (cfg->ra_pages < 1 || cfg->ra_pages > 65536)
		return ("ra: must be between 4 KiB and 256 MiB");
	if (cfg->max_req_pages < 1 || cfg->max_req_pages > 65536)
		return ("max-request: must be between 4 KiB and 256 MiB");
	if (cfg->max_segments < 1 || cfg->max_segments > 65536)
		return ("max-segments: must be between 1 and 65536");
	if (cfg->folio_order > 16)
		return ("folio-order: must be between 0 and 16");
	if ((unsigned)cfg->sched >= SIM_SCHED_COUNT)
		return ("scheduler: unknown");
	if (cfg->unplug_thresh < 1)
		return ("unplug-thresh: must be at least 1");
	if (cfg->plug_limit < 1)
		return ("plug-limit: must be at least 1");
	/* At most 512 GB/s: a 512-byte unit of the link lasts >= 1 ns. */
	if (cfg->device.bandwidth < 1000 ||
	    cfg->device.bandwidth > UINT64_C(512000000000))
		return ("bandwidth: must be between 0.001 and 512000 MB/s");
	if (cfg->device.qd < 1 || cfg->device.qd > 65536)
		return ("qd: must be between 1 and 65536");
	/* Each duration by the name of its option. */
#define TIME_OK(v, name) \
	if ((v) > MAX_TIME) \
		return (name ": at most 1099 s (2^40 ns)")
	TIME_OK(cfg->device.latency_ns, "latency");
	TIME_OK(cfg->device.idle_penalty_ns, "idle-penalty");
	TIME_OK(cfg->device.idle_thresh_ns, "idle-threshold");
	TIME_OK(cfg->unplug_delay_ns, "unplug-delay");
	TIME_OK(cfg->cpu.syscall_ns, "cpu-syscall");
	TIME_OK(cfg->cpu.copy_ns, "cpu-copy");
	TIME_OK(cfg->cpu.submit_ns, "cpu-submit");
	TIME_OK(cfg->cpu.wake_ns, "cpu-wake");
#undef TIME_OK
	if (cfg->device.disc != SIM_DISC_FIFO && cfg->device.disc != SIM_DISC_RR)
		return ("discipline: unknown");
	if (!sim_time_fits(cfg))
		return ("file-size: too large for this device: the simulated "
		    "time could pass 2^63 ns (292 years); use a smaller file or "
		    "a faster device");
	return (NULL);
}

/* Create a run at time zero. */
struct sim *
sim_new(const struct sim_config *cfg)
{
	struct sim	*s;

	if (sim_config_check(cfg) != NULL)
		return (NULL);
	if ((s = calloc(1, sizeof *s)) == NULL)
		return (NULL);
	s->cfg = *cfg;
	s->mode = s->pending = cfg->mode;
	s->pol = sim_policy(s->mode);
	s->hist = calloc((size_t)cfg->max_req_pages + 1, sizeof *s->hist);
	if (s->hist == NULL || sim_extents_init(&s->pages, cfg->file_pages) != 0) {
		sim_free(s);
		return (NULL);
	}
	s->st.end_ns = SIM_NONE;
	s->rd.task = SIM_TASK_SYSCALL;
	s->rd.wait_page = SIM_NONE;
	s->step = STEP_BEGIN;
	s->prev_page = -1;
	s->ra.ra_pages = cfg->ra_pages;
	s->ra.marker = SIM_NONE;
	s->lab_next = 1;
	s->t1_page = s->t3_page = s->t3_read = SIM_NONE;
	s->unplug_at = SIM_NONE;
	s->rr_top = SIM_NONE;
	s->time_limit = s->copy_ev = SIM_NONE;
	s->next_id = 1;
	return (s);
}

/* Deep copy of a run. */
struct sim *
sim_clone(const struct sim *o)
{
	struct sim	*s;
	size_t		 n;

	if ((s = malloc(sizeof *s)) == NULL)
		return (NULL);
	*s = *o;
	memset(&s->pages, 0, sizeof s->pages);
	memset(&s->markers, 0, sizeof s->markers);
	memset(&s->folios, 0, sizeof s->folios);
	memset(&s->bios, 0, sizeof s->bios);
	memset(&s->plug, 0, sizeof s->plug);
	memset(&s->queue, 0, sizeof s->queue);
	memset(&s->dev, 0, sizeof s->dev);
	memset(&s->rr_heap, 0, sizeof s->rr_heap);
	s->hist = NULL;
	s->evq = NULL;
	s->cyc = NULL;
	s->evq_cap = s->evq_len = s->evq_head = 0;
	n = (size_t)o->cfg.max_req_pages + 1;
	if ((s->hist = malloc(n * sizeof *s->hist)) == NULL)
		goto fail;
	memcpy(s->hist, o->hist, n * sizeof *s->hist);
	if (sim_extents_copy(&s->pages, &o->pages) != 0 ||
	    sim_u64v_copy(&s->markers, &o->markers) != 0 ||
	    sim_folios_copy(&s->folios, &o->folios) != 0 ||
	    sim_biov_copy(&s->bios, &o->bios) != 0 ||
	    sim_reqv_copy(&s->plug, &o->plug) != 0 ||
	    sim_reqv_copy(&s->queue, &o->queue) != 0 ||
	    sim_reqv_copy(&s->dev, &o->dev) != 0 || sim_dev_copy(s, o) != 0)
		goto fail;
	if (o->evq_len != 0) {
		s->evq = malloc(o->evq_len * sizeof *s->evq);
		if (s->evq == NULL)
			goto fail;
		memcpy(s->evq, o->evq + o->evq_head, o->evq_len * sizeof *s->evq);
		s->evq_cap = s->evq_len = o->evq_len;
	}
	return (s);
fail:
	sim_free(s);
	return (NULL);
}

/*
 * A clone that goes on with o's search for periods (sim_clone() starts its
 * own): its quiet runs skip at once where o's would.
 */
struct sim *
sim_clone_warm(const struct sim *o)
{
	struct sim	*s;

	if ((s = sim_clone(o)) != NULL && sim_cycle_copy(s, o) != 0) {
		sim_free(s);
		return (NULL);
	}
	return (s);
}

/* Free the containers of a run's state (not its events or its search). */
static void
state_free(struct sim *s)
{
	sim_extents_free(&s->pages);
	free(s->markers.v);
	free(s->folios.v);
	free(s->bios.v);
	sim_reqv_free(&s->plug);
	sim_reqv_free(&s->queue);
	sim_reqv_free(&s->dev);
	sim_dev_free(s);
	free(s->hist);
}

/* Free a run. */
void
sim_free(struct sim *s)
{
	if (s == NULL)
		return;
	state_free(s);
	free(s->evq);
	sim_cycle_free(s);
	free(s);
}

/*
 * s takes the state of o (a clone of s's run, taken with no event
 * waiting: sim_clone()), keeping its own events, search and run limits;
 * o is used up.
 */
void
sim_adopt(struct sim *s, struct sim *o)
{
	struct sim	keep = *s;

	state_free(s);
	*s = *o;
	free(o);
	s->evq = keep.evq;
	s->evq_head = keep.evq_head;
	s->evq_len = keep.evq_len;
	s->evq_cap = keep.evq_cap;
	s->scratch = keep.scratch;
	s->seq = keep.seq;
	s->quiet = keep.quiet;
	s->oom = keep.oom;
	s->cyc = keep.cyc;
	s->run_limit = keep.run_limit;
	s->time_limit = keep.time_limit;
	s->budget = keep.budget;
	s->dn_ok = 0;
}

/* Accessors. */
const struct sim_config *sim_config(const struct sim *s) { return (&s->cfg); }
const struct sim_reader *sim_reader(const struct sim *s) { return (&s->rd); }
const struct sim_ra *sim_ra(const struct sim *s) { return (&s->ra); }
enum sim_mode sim_mode(const struct sim *s) { return (s->mode); }
enum sim_mode sim_pending_mode(const struct sim *s) { return (s->pending); }
int sim_queue_plugged(const struct sim *s) { return (s->q_plugged); }


/* Bring the running totals in s->st up to now. */
static void
stats_update(struct sim *s)
{
	s->st.now_ns = s->now;
	s->st.stall_ns = sim_stall_total(s);
}

/* Statistics as of the last event. */
const struct sim_stats *
sim_stats(const struct sim *s)
{
	return (&s->st);
}

/*
 * The FIFO's slow path (sim_ev_new() has the rest): it is full - slide
 * the events down to its start, or grow it.  The new slot at its end, or
 * the scratch event when memory ran out.
 */
struct sim_event *
sim_ev_room(struct sim *s)
{
	struct sim_event	*nv;
	size_t			 ncap;

	if (s->evq_head != 0) {
		memmove(s->evq, s->evq + s->evq_head,
		    s->evq_len * sizeof *s->evq);
		s->evq_head = 0;
	}
	if (s->evq_len == s->evq_cap) {
		ncap = s->evq_cap ? s->evq_cap * 2 : 16;
		nv = realloc(s->evq, ncap * sizeof *nv);
		if (nv == NULL) {
			s->oom = 1;
			return (&s->scratch);
		}
		s->evq = nv;
		s->evq_cap = ncap;
	}
	return (&s->evq[s->evq_len++]);
}

/* Give out the next label if this event is the moment it names. */
void
sim_label(struct sim *s, struct sim_event *e, int which)
{
	if (s->lab_next == which) {
		e->label = which;
		s->lab_next++;
	}
}

/* Is page p up to date (or consumed)? */
int
sim_uptodate(const struct sim *s, uint64_t p)
{
	enum sim_page	st = sim_extents_get(&s->pages, p);

	return (st == SIM_PAGE_UPTODATE || st == SIM_PAGE_CONSUMED);
}

/*
 * T3 and T4 (model.md §6) at an async readahead on marker page hit that
 * builds a window from start whose first new page is fresh (SIM_NONE: it
 * allocates nothing).  A moment is labelled only where the run shows what
 * it means:
 * - T3: the first async readahead that allocates pages, if its marker page
 *   is up to date and the same read() goes on up to the new window - the
 *   reader copies the rest of the previous window, sleeping nowhere, while
 *   the new one is either held (buggy) or on its way (fixed, legacy).  If
 *   the first one does not match (4 KiB reads: the read() ends, and
 *   flushes, long before the reader needs the window), T3..T5 do not
 *   happen in this run.
 * - T4: the next async readahead in that same read() (reads of more than
 *   two windows).
 * - T5 (task_sleep(), STEP_COPY): the reader reaches the T3 window, in that
 *   read() or at the start of the next.
 * In buggy mode the label goes on the readahead itself: the window is then
 * held in the outer plug.  In fixed and legacy mode what the moment says
 * (the window is sent) is true only when its request is dispatched, after
 * read_pages() finishes its plug or the queue unplugs: the label waits for
 * that dispatch (sim_dev_dispatch()).
 */
void
sim_label_async(struct sim *s, struct sim_event *e, uint64_t start, uint64_t hit,
    uint64_t fresh)
{
	int	which;

	if (s->t5_done || s->lab_pend != 0 || fresh == SIM_NONE)
		return;
	if (s->lab_next == 3 && sim_uptodate(s, hit) && s->rd.read_end >= fresh)
		which = 3;
	else if (s->lab_next == 4 && s->rd.read_index == s->t3_read)
		which = 4;
	else {
		if (s->lab_next == 3)
			sim_label_end(s);
		return;
	}
	if (which == 3) {
		s->t3_page = start;
		s->t3_read = s->rd.read_index;
	}
	if (s->pol->outer_plug)
		sim_label(s, e, which);
	else {
		s->lab_pend = which;
		s->lab_pend_page = fresh;
		s->lab_pend_hit = hit;
	}
}

/* No moment after T2 can happen any more (or T5 has been given). */
void
sim_label_end(struct sim *s)
{
	s->lab_next = 6;
	s->lab_pend = 0;
	s->t5_done = 1;
}

/* Reader stall time up to now, a sleep in progress included. */
uint64_t
sim_stall_total(const struct sim *s)
{
	return (s->stall_acc + (s->rd.wait_page != SIM_NONE ?
	    s->now - s->sleep_since : 0));
}

/*
 * Perform the earliest action.  Returns 0 if there is none left.  Inline
 * in the loops that run it: it runs for every action.
 */
static inline int advance(struct sim *) __attribute__((always_inline));
static inline int
advance(struct sim *s)
{
	uint64_t	td, tt, tr, next;

	/*
	 * The device's next action changes only when the device does (every
	 * change clears dn_ok): the task's steps in between reuse it.
	 */
	if (!s->dn_ok) {
		s->dn = sim_dev_next(s);
		s->dn_ok = 1;
	}
	td = s->dn;
	tt = s->q_plugged ? s->unplug_at : SIM_NONE;
	tr = sim_task_next(s);
	next = td < tt ? (td < tr ? td : tr) : (tt < tr ? tt : tr);
	/* Nothing left, or (sim_run_until_time()) nothing before the limit. */
	if (next == SIM_NONE || next > s->time_limit)
		return (0);
	sim_dev_account(s, next);
	/* Device, then timer, then task at equal times (see top of file). */
	if (td != SIM_NONE && td <= tt && td <= tr) {
		s->now = td;
		sim_dev_run(s);
	} else if (tt != SIM_NONE && tt <= tr) {
		s->now = tt;
		sim_blk_timer(s);
	} else {
		s->now = tr;
		sim_task_run(s);
	}
	return (1);
}

/* Produce the next event, in place in the FIFO. */
const struct sim_event *
sim_step_ref(struct sim *s, int *rc)
{
	struct sim_event	*e;

	if (s->evq_len == 0) {
		do {
			if (s->oom || !advance(s)) {
				*rc = s->oom ? -1 : 0;
				return (NULL);
			}
		} while (s->evq_len == 0);
		/* Why once here: the statistics move only with an action,
		   and every other path that acts (the sim_run*() family)
		   brings them up to date before it returns, so the events
		   of one action share them. */
		stats_update(s);
	}
	if (s->oom) {
		*rc = -1;
		return (NULL);
	}
	e = &s->evq[s->evq_head++];
	s->evq_len--;
	e->seq = s->seq++;
	*rc = 1;
	return (e);
}

/* Produce the next event. */
int
sim_step(struct sim *s, struct sim_event *ev)
{
	const struct sim_event	*e;
	int			 rc;

	if ((e = sim_step_ref(s, &rc)) != NULL)
		*ev = *e;
	return (rc);
}

/* Run to the end keeping no events. */
int
sim_run(struct sim *s)
{
	/* Events already queued keep their numbers. */
	s->seq += s->evq_len;
	s->evq_len = 0;
	s->quiet = 1;
	sim_cycle_resume(s);
	while (advance(s))
		if (s->oom)
			break;
	s->quiet = 0;
	s->seq = s->st.events;
	stats_update(s);
	return (s->oom ? -1 : 0);
}

/*
 * The most events one action can produce: completions and dispatches of a
 * full device queue, a flushed plug list, and a handful of task events.
 */
static uint64_t
action_max_events(const struct sim *s)
{
	return (2 * (uint64_t)s->cfg.device.qd + 2 * s->cfg.plug_limit + 64);
}

/* Run quietly up to exactly `events` events. */
int
sim_run_until(struct sim *s, uint64_t events)
{
	struct sim_event	e;
	uint64_t		margin = action_max_events(s), used = 0;
	int			r;

	/* Hand out what is already queued, so the quiet run can start. */
	while (s->evq_len != 0 && s->seq < events)
		if ((r = sim_step(s, &e)) <= 0)
			return (r);
	if (s->evq_len == 0 && s->seq + margin < events) {
		/* Quiet while no single action can reach the target. */
		s->quiet = 1;
		sim_cycle_resume(s);
		s->run_limit = events - margin;
		while (s->st.events < s->run_limit && advance(s)) {
			if (s->oom)
				break;
			if (s->budget != 0 && ++used >= s->budget)
				break;
		}
		s->quiet = 0;
		s->run_limit = 0;
		s->seq = s->st.events;
		stats_update(s);
		if (s->oom)
			return (-1);
		if (s->budget != 0 && used == s->budget &&
		    s->seq + margin < events &&
		    !sim_done(s))
			return (1);	/* the budget ran out first */
	}
	/* The last stretch event by event, so the count comes out exact. */
	while (s->seq < events) {
		if ((r = sim_step(s, &e)) <= 0)
			return (r);
	}
	return (0);
}

/*
 * Run quietly until every action at or before time t is done, none after
 * (the engine's actions, not only those that make events: a latency may
 * have ended since the last event), skipping repeated periods that end by
 * t; in slices as sim_run_until() with a budget.
 */
int
sim_run_until_time(struct sim *s, uint64_t t)
{
	uint64_t	used = 0, lat;
	int		stopped = 0;

	/* Events already queued are at now, before t: handed out. */
	s->seq += s->evq_len;
	s->evq_len = 0;
	s->quiet = 1;
	sim_cycle_resume(s);
	s->time_limit = t;
	while (advance(s)) {
		if (s->oom)
			break;
		if (s->budget != 0 && ++used >= s->budget) {
			stopped = 1;
			break;
		}
	}
	/*
	 * Why: every action by t is done, latency ends included, so that
	 * now and the time accounted come out where they always did.
	 */
	if (!stopped && !s->oom && (lat = sim_dev_lat_last(s, t)) != SIM_NONE) {
		sim_dev_account(s, lat);
		s->now = lat;
	}
	s->quiet = 0;
	s->time_limit = SIM_NONE;
	s->seq = s->st.events;
	stats_update(s);
	if (s->oom)
		return (-1);
	return (stopped ? 1 : 0);
}

/* The number of the last copy event made (SIM_NONE: none yet). */
uint64_t
sim_copy_event(const struct sim *s)
{
	return (s->copy_ev);
}

/* The time of the last event made (0 before the first). */
uint64_t
sim_event_time(const struct sim *s)
{
	return (s->ev_t);
}

/* Time of the next event: the next action that makes one. */
uint64_t
sim_next_time(const struct sim *s)
{
	uint64_t	t, u;

	if (s->evq_len != 0)
		return (s->evq[s->evq_head].t_ns);
	t = sim_dev_next(s);
	/* A legacy unplug timer only runs while requests are plugged. */
	u = s->q_plugged ? s->unplug_at : SIM_NONE;
	if (u < t)
		t = u;
	u = sim_task_next(s);
	if (u < t)
		t = u;
	return (t);
}

/* Events handed out so far. */
uint64_t
sim_event_no(const struct sim *s)
{
	return (s->seq);
}

/* The events made and not yet handed out. */
const struct sim_event *
sim_queued(const struct sim *s, size_t *n)
{
	*n = s->evq_len;
	return (s->evq_len != 0 ? &s->evq[s->evq_head] : NULL);
}

/* True when the run is over. */
int
sim_done(const struct sim *s)
{
	return (s->evq_len == 0 && s->step == STEP_DONE && s->dev.n == 0 &&
	    !s->q_plugged);
}

/* No label is left to hand out (sim_label_end() done, none still queued). */
int
sim_labels_over(const struct sim *s)
{
	size_t	i;

	if (!s->t5_done)
		return (0);
	for (i = 0; i < s->evq_len; i++)
		if (s->evq[s->evq_head + i].label != 0)
			return (0);
	return (1);
}

/* Request a mode change at the next read(). */
void
sim_set_mode(struct sim *s, enum sim_mode m)
{
	if (m < SIM_MODE_COUNT)
		s->pending = m;
	/* A period seen so far may not repeat across the change. */
	sim_cycle_reset(s);
}

/* Limit each quiet run of sim_run_until() to n actions (0: no limit). */
void
sim_set_budget(struct sim *s, uint64_t n)
{
	s->budget = n;
}

/* Page-state snapshot. */
void
sim_extents(const struct sim *s, uint64_t first, uint64_t npages,
    void (*fn)(const struct sim_extent *, void *), void *arg)
{
	sim_extents_walk(&s->pages, first, npages, fn, arg);
}

/* State of one page. */
enum sim_page
sim_page_state(const struct sim *s, uint64_t p)
{
	if (p >= s->cfg.file_pages)
		return (SIM_PAGE_ABSENT);
	return (sim_extents_get(&s->pages, p));
}

/* The folio holding page p. */
uint64_t
sim_folio(const struct sim *s, uint64_t p, uint64_t *first)
{
	return (sim_folios_at(&s->folios, p, first));
}

/* Marker pages, ascending. */
size_t
sim_markers(const struct sim *s, uint64_t *out, size_t max)
{
	size_t	i;

	for (i = 0; i < s->markers.n && i < max; i++)
		out[i] = s->markers.v[i];
	return (s->markers.n);
}

/* Dispatched requests of one size. */
uint64_t
sim_request_count(const struct sim *s, uint64_t pages)
{
	return (pages <= s->cfg.max_req_pages ? s->hist[pages] : 0);
}

/* The task's plug list, in page order. */
const struct sim_request *
sim_plug_list(const struct sim *s, size_t *n)
{
	*n = s->plug.n;
	return (s->plug.v);
}

/* The elevator's requests, not yet started, in page order. */
const struct sim_request *
sim_queue_list(const struct sim *s, size_t *n)
{
	*n = s->queue.n;
	return (s->queue.v);
}

/* The requests on the device, in dispatch order. */
const struct sim_request *
sim_device_list(const struct sim *s, size_t *n)
{
	*n = s->dev.n;
	return (s->dev.v);
}
