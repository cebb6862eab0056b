/*
 * sim.c - the pipeline engine: reader task, readahead, plugging, request
 * queue and device as one discrete-event simulation (model.md §1-§5).
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
 * vectors, so the cost of a step depends on the number of windows and
 * requests around the reader, never on the number of pages: the task copies
 * a whole run of up-to-date pages in one step.
 *
 * Determinism: time is an integer count of nanoseconds, device sharing is
 * integer arithmetic with a carried remainder, and no decision reads anything
 * but this struct.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "sim.h"
#include "sim-int.h"

/* Internal steps of the reading task. */
enum step {
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
	enum sim_mode		 pending;
	uint64_t		 now;
	struct sim_stats	 st;

	struct sim_extents	 pages;
	struct sim_u64v		 markers;

	struct sim_reqv		 plug;	/* task plug list */
	struct sim_reqv		 queue;	/* elevator, not started */
	struct sim_reqv		 dev;	/* on the device, dispatch order */
	uint32_t		 next_id;

	/* Task. */
	struct sim_reader	 rd;
	enum step		 step;
	int			 ra_async;	/* STEP_RA_DONE after async ra */
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
	uint64_t		 ps_last;	/* last time the sharing advanced */
	uint64_t		 ps_rem;	/* carried division remainder */
	uint64_t		 ps_k;		/* sharers when ps_rem was made */

	/* Request size histogram (pages 0..max_req_pages). */
	uint64_t		*hist;

	/* Labels T1..T5, see label_async(). */
	int			 lab_next;	/* next label to give, 1..6 */
	uint64_t		 t1_page;
	uint64_t		 t3_page;
	uint64_t		 t3_read;	/* the read() T3 happened in */
	uint64_t		 async_seen;
	int			 t5_done;	/* T5 given, or no longer possible */
	int			 lab_pend;	/* 3/4: waits for its window's dispatch */
	uint64_t		 lab_pend_page;	/* a page of that window */
	uint64_t		 lab_pend_hit;	/* the marker page that made it */

	/* Event FIFO. */
	struct sim_event	*evq;
	size_t			 evq_head;
	size_t			 evq_len;
	size_t			 evq_cap;
	struct sim_event	 scratch;	/* an event not kept (ev_new) */
	uint64_t		 seq;
	int			 quiet;		/* sim_run(): no events kept */
	int			 oom;

	/* Steady-state skipping (sim_run only), see cycle_check(). */
	struct cycle		*cyc;
	uint64_t		 run_limit;	/* skip no further than this */
	uint64_t		 budget;	/* actions per quiet run, 0 = any */
	uint64_t		 dn;		/* dev_next(), while dn_ok */
	int			 dn_ok;		/* no device change since */
	uint64_t		 sv;		/* first serve time, while sv_ok */
	int			 sv_ok;		/* device list unchanged since */
};

static int	 push(struct sim *, const struct sim_event *);
static struct sim_event *ev_new(struct sim *, enum sim_ev);
static void	 task_run(struct sim *);
static void	 dev_run(struct sim *);
static void	 timer_run(struct sim *);
static uint64_t	 dev_next(const struct sim *);
static uint64_t	 div_up(uint64_t, uint64_t);
static uint64_t	 div_up128(sim_u128, uint64_t);
static void	 queue_run(struct sim *);
static void	 submit_range(struct sim *, uint64_t, uint64_t);
static void	 plug_flush(struct sim *, enum sim_reason);
static void	 legacy_unplug(struct sim *, enum sim_reason);
static uint64_t	 window_submit(struct sim *, uint64_t, uint64_t, uint64_t,
		     enum sim_ev, uint64_t);
static void	 label_end(struct sim *);

static void	 cycle_check(struct sim *);
static void	 cycle_free(struct sim *);
static void	 cycle_reset(struct sim *);
static void	 cycle_resume(struct sim *);
static void	 ps_advance(struct sim *);
static void	 ps_sync(struct sim *);

static const char *mode_names[SIM_MODE_COUNT] = { "buggy", "fixed", "legacy" };
static const char *ev_names[SIM_EV_COUNT] = {
	"read_begin", "read_end", "ra_sync", "ra_async", "queue", "flush",
	"dispatch", "complete", "wait", "wake", "copy", "mode"
};
static const char *reason_names[SIM_REASON_COUNT] = {
	"", "finish", "sleep", "timer", "threshold", "explicit", "switch",
	"limit"
};
static const char *page_names[SIM_PAGE_COUNT] = {
	"absent", "plugged", "queued", "inflight", "uptodate", "consumed"
};

/* Name of a mode. */
const char *
sim_mode_name(enum sim_mode m)
{
	return (m < SIM_MODE_COUNT ? mode_names[m] : "?");
}

/* Parse a mode name; 0 on success, -1 if unknown. */
int
sim_mode_parse(const char *s, enum sim_mode *m)
{
	int	i;

	for (i = 0; i < SIM_MODE_COUNT; i++) {
		if (strcmp(s, mode_names[i]) == 0) {
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
	return (d == SIM_DISC_FIFO ? "fifo" : "ps");
}

/* Name of a bio source. */
const char *
sim_source_name(enum sim_source s)
{
	return (s == SIM_SOURCE_RAW ? "raw" : "file");
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
	if (cfg->unplug_thresh < 1)
		return ("unplug-thresh: must be at least 1");
	if (cfg->plug_limit < 1)
		return ("plug-limit: must be at least 1");
	if (cfg->device.bandwidth < 1000 ||
	    cfg->device.bandwidth > UINT64_C(1000000000000))
		return ("bandwidth: must be between 0.001 and 1000000 MB/s");
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
	if (cfg->device.disc != SIM_DISC_FIFO && cfg->device.disc != SIM_DISC_PS)
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
	memset(&s->plug, 0, sizeof s->plug);
	memset(&s->queue, 0, sizeof s->queue);
	memset(&s->dev, 0, sizeof s->dev);
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
	    sim_reqv_copy(&s->plug, &o->plug) != 0 ||
	    sim_reqv_copy(&s->queue, &o->queue) != 0 ||
	    sim_reqv_copy(&s->dev, &o->dev) != 0)
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

/* Free a run. */
void
sim_free(struct sim *s)
{
	if (s == NULL)
		return;
	sim_extents_free(&s->pages);
	free(s->markers.v);
	sim_reqv_free(&s->plug);
	sim_reqv_free(&s->queue);
	sim_reqv_free(&s->dev);
	free(s->hist);
	free(s->evq);
	cycle_free(s);
	free(s);
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
	s->st.stall_ns = s->stall_acc + (s->rd.wait_page != SIM_NONE ?
	    s->now - s->sleep_since : 0);
}

/* Statistics as of the last event. */
const struct sim_stats *
sim_stats(const struct sim *s)
{
	return (&s->st);
}

/* Queue a new event of the given kind at the current time. */
static struct sim_event *
ev_new(struct sim *s, enum sim_ev kind)
{
	struct sim_event	 e;

	memset(&e, 0, sizeof e);
	e.kind = kind;
	e.t_ns = s->now;
	e.first = e.npages = 0;
	e.marker = e.hit = e.page = e.req_first = SIM_NONE;
	e.read_index = s->rd.read_index;
	e.mode = s->mode;
	s->st.events++;
	if (s->quiet) {
		/* sim_run() keeps no events; callers still fill one in. */
		s->scratch = e;
		return (&s->scratch);
	}
	if (push(s, &e) != 0) {
		s->scratch = e;
		return (&s->scratch);
	}
	return (&s->evq[s->evq_head + s->evq_len - 1]);
}

/* Append an event to the FIFO. */
static int
push(struct sim *s, const struct sim_event *e)
{
	struct sim_event	*nv;
	size_t			 ncap;

	if (s->evq_len == 0)
		s->evq_head = 0;
	if (s->evq_head + s->evq_len == s->evq_cap) {
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
				return (-1);
			}
			s->evq = nv;
			s->evq_cap = ncap;
		}
	}
	s->evq[s->evq_head + s->evq_len++] = *e;
	return (0);
}

/* Give out the next label if this event is the moment it names. */
static void
label(struct sim *s, struct sim_event *e, int which)
{
	if (s->lab_next == which) {
		e->label = which;
		s->lab_next++;
	}
}

/* Is page p up to date (or consumed)? */
static int
uptodate(const struct sim *s, uint64_t p)
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
 * that dispatch (queue_run()).
 */
static void
label_async(struct sim *s, struct sim_event *e, uint64_t start, uint64_t hit,
    uint64_t fresh)
{
	int	which;

	if (s->t5_done || s->lab_pend != 0 || fresh == SIM_NONE)
		return;
	if (s->lab_next == 3 && uptodate(s, hit) && s->rd.read_end >= fresh)
		which = 3;
	else if (s->lab_next == 4 && s->rd.read_index == s->t3_read)
		which = 4;
	else {
		if (s->lab_next == 3)
			label_end(s);
		return;
	}
	if (which == 3) {
		s->t3_page = start;
		s->t3_read = s->rd.read_index;
	}
	if (s->mode == SIM_MODE_BUGGY)
		label(s, e, which);
	else {
		s->lab_pend = which;
		s->lab_pend_page = fresh;
		s->lab_pend_hit = hit;
	}
}

/* No moment after T2 can happen any more (or T5 has been given). */
static void
label_end(struct sim *s)
{
	s->lab_next = 6;
	s->lab_pend = 0;
	s->t5_done = 1;
}

/* Next action time of the task, SIM_NONE if it is not runnable. */
static uint64_t
task_next(const struct sim *s)
{
	if (s->step == STEP_DONE || s->rd.task == SIM_TASK_SLEEPING)
		return (SIM_NONE);
	return (s->rd.busy_until);
}

/*
 * Account the device's time from acct_t up to t as busy, waking or idle
 * (sim.h, struct sim_stats).  The device list does not change in between:
 * every command on it was dispatched at or before acct_t and completes at
 * or after t.  A command is served from its dispatch, or from the end of
 * its idle-exit penalty if it pays one; so the device is waking from acct_t
 * until the first command is served, and busy from then on.
 */
static void
dev_account(struct sim *s, uint64_t t)
{
	uint64_t	a = s->acct_t, served, from;
	size_t		i;

	if (t <= a)
		return;
	s->acct_t = t;
	if (s->dev.n == 0) {
		s->st.idle_ns += t - a;
		return;
	}
	/*
	 * The first serve time changes only with the device list (a dispatch,
	 * a completion, a jump clear sv_ok): the actions in between reuse it,
	 * so accounting costs O(1) and not O(queue depth) per action.
	 */
	if (!s->sv_ok) {
		s->sv = SIM_NONE;
		for (i = 0; i < s->dev.n; i++) {
			from = s->dev.v[i].t_dispatch + (s->dev.v[i].penalised ?
			    s->cfg.device.idle_penalty_ns : 0);
			if (from < s->sv)
				s->sv = from;
		}
		s->sv_ok = 1;
	}
	served = s->sv;
	if (served > a) {
		from = served < t ? served : t;
		s->st.waking_ns += from - a;
		a = from;
	}
	s->st.busy_ns += t - a;
}

/* Perform the earliest action.  Returns 0 if there is none left. */
static int
advance(struct sim *s)
{
	uint64_t	td, tt, tr;

	/*
	 * The device's next action changes only when the device does (every
	 * change clears dn_ok): the task's steps in between reuse it.
	 */
	if (!s->dn_ok) {
		s->dn = dev_next(s);
		s->dn_ok = 1;
	}
	td = s->dn;
	tt = s->q_plugged ? s->unplug_at : SIM_NONE;
	tr = task_next(s);
	if (td == SIM_NONE && tt == SIM_NONE && tr == SIM_NONE)
		return (0);
	dev_account(s, td < tt ? (td < tr ? td : tr) : (tt < tr ? tt : tr));
	/* Device, then timer, then task at equal times (see top of file). */
	if (td != SIM_NONE && td <= tt && td <= tr) {
		s->now = td;
		dev_run(s);
	} else if (tt != SIM_NONE && tt <= tr) {
		s->now = tt;
		timer_run(s);
	} else {
		s->now = tr;
		task_run(s);
	}
	return (1);
}

/* Produce the next event. */
int
sim_step(struct sim *s, struct sim_event *ev)
{
	while (s->evq_len == 0) {
		if (s->oom)
			return (-1);
		if (!advance(s))
			return (0);
	}
	if (s->oom)
		return (-1);
	*ev = s->evq[s->evq_head++];
	s->evq_len--;
	ev->seq = s->seq++;
	stats_update(s);
	return (1);
}

/* Run to the end keeping no events. */
int
sim_run(struct sim *s)
{
	/* Events already queued keep their numbers. */
	s->seq += s->evq_len;
	s->evq_len = 0;
	s->quiet = 1;
	cycle_resume(s);
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
		cycle_resume(s);
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
 * The first time a command completes, for processor sharing: walk the
 * sharing forward on a copy of the device list, through latency ends (which
 * change the number of sharers but produce no event), to the first
 * completion.  Same integer arithmetic as ps_advance(), so the same time.
 */
static uint64_t
ps_first_completion(const struct sim *s)
{
	struct sim_request	*v;
	uint64_t		 t = s->ps_last, rem = s->ps_rem, pk = s->ps_k;
	uint64_t		 k, minleft, lat, d, share, r;
	sim_u128		 tot, need;
	size_t			 i, n = s->dev.n;

	if (n == 0)
		return (SIM_NONE);
	if ((v = malloc(n * sizeof *v)) == NULL)
		return (SIM_NONE);
	memcpy(v, s->dev.v, n * sizeof *v);
	for (;;) {
		k = 0;
		minleft = lat = SIM_NONE;
		for (i = 0; i < n; i++) {
			if (v[i].t_lat_end > t) {
				if (v[i].t_lat_end < lat)
					lat = v[i].t_lat_end;
				continue;
			}
			k++;
			if (v[i].left < minleft)
				minleft = v[i].left;
		}
		r = SIM_NONE;
		if (k != 0) {
			if (k != pk)
				rem = 0;
			need = (sim_u128)minleft * k;
			need = need > rem ? need - rem : 0;
			r = t + div_up128(need, s->cfg.device.bandwidth);
		}
		if (r <= lat || lat == SIM_NONE)
			break;
		/* Advance to the latency end: the active ones share dt. */
		d = lat - t;
		if (k != 0) {
			tot = (sim_u128)s->cfg.device.bandwidth * d + rem;
			share = tot / k > UINT64_MAX ? UINT64_MAX :
			    (uint64_t)(tot / k);
			rem = (uint64_t)(tot % k);
			pk = k;
			for (i = 0; i < n; i++)
				if (v[i].t_lat_end <= t)
					v[i].left = v[i].left > share ?
					    v[i].left - share : 0;
		}
		t = lat;
	}
	free(v);
	return (r);
}

/* Time of the next event: the next action that makes one. */
uint64_t
sim_next_time(const struct sim *s)
{
	uint64_t	t, u;
	size_t		i;

	if (s->evq_len != 0)
		return (s->evq[s->evq_head].t_ns);
	if (s->cfg.device.disc == SIM_DISC_PS)
		t = ps_first_completion(s);
	else {
		t = SIM_NONE;
		for (i = 0; i < s->dev.n; i++)
			if (s->dev.v[i].t_done < t)
				t = s->dev.v[i].t_done;
	}
	/* A legacy unplug timer only runs while requests are plugged. */
	u = s->q_plugged ? s->unplug_at : SIM_NONE;
	if (u < t)
		t = u;
	u = task_next(s);
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

/* True when the run is over. */
int
sim_done(const struct sim *s)
{
	return (s->evq_len == 0 && s->step == STEP_DONE && s->dev.n == 0 &&
	    !s->q_plugged);
}

/* No label is left to hand out (label_end() done, none still queued). */
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
	cycle_reset(s);
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

/* Request lists. */
const struct sim_request *
sim_plug_list(const struct sim *s, size_t *n)
{
	*n = s->plug.n;
	return (s->plug.v);
}

const struct sim_request *
sim_queue_list(const struct sim *s, size_t *n)
{
	*n = s->queue.n;
	return (s->queue.v);
}

const struct sim_request *
sim_device_list(const struct sim *s, size_t *n)
{
	*n = s->dev.n;
	return (s->dev.v);
}

/* ---- readahead (§2) ---- */

/* Round up to a power of two. */
static uint64_t
roundup_pow2(uint64_t n)
{
	uint64_t	p = 1;

	while (p < n)
		p <<= 1;
	return (p);
}

/* Initial window size for a request of req pages. */
uint64_t
sim_ra_init_size(uint64_t req, uint64_t max)
{
	uint64_t	n = roundup_pow2(req);

	if (n <= max / 32)
		return (4 * n);
	if (n <= max / 4)
		return (2 * n);
	return (max);
}

/* Ramp-up: the window after one of cur pages. */
uint64_t
sim_ra_next_size(uint64_t cur, uint64_t max)
{
	uint64_t	n = cur < max / 16 ? 4 * cur : 2 * cur;

	return (n < max ? n : max);
}

/*
 * On-demand readahead at page off with req pages left in this read().  Emits
 * the RA event and submits the window; returns the pages allocated.
 */
static uint64_t
ondemand(struct sim *s, int hit_marker, uint64_t off, uint64_t req)
{
	struct sim_ra	*ra = &s->ra;
	uint64_t	 max = ra->ra_pages, hole, end;
	enum sim_ev	 kind = hit_marker ? SIM_EV_RA_ASYNC : SIM_EV_RA_SYNC;

	if (off == 0)
		goto initial;
	if (off == ra->start + ra->size - ra->async_size ||
	    off == ra->start + ra->size) {
		ra->start += ra->size;
		ra->size = sim_ra_next_size(ra->size, max);
		ra->async_size = ra->size;
		goto readit;
	}
	if (hit_marker) {
		/* First uncached page after off, within max pages. */
		end = off + 1 + max;
		hole = sim_extents_find(&s->pages, off + 1, end,
		    SIM_PAGE_ABSENT);
		if (hole == SIM_NONE || hole > s->cfg.file_pages ||
		    hole - off > max)
			return (window_submit(s, off, 0, 0, kind, off));
		ra->start = hole;
		ra->size = sim_ra_next_size(hole - off + req, max);
		ra->async_size = ra->size;
		goto readit;
	}
	if (req > max)
		goto initial;
	if ((int64_t)off - s->prev_page <= 1)
		goto initial;
	/* A random read: exactly req pages, no marker, state untouched. */
	return (window_submit(s, off, req, 0, kind, off));

initial:
	ra->start = off;
	ra->size = sim_ra_init_size(req, max);
	ra->async_size = ra->size > req ? ra->size - req : ra->size;
readit:
	if (off == ra->start && ra->size == ra->async_size) {
		ra->async_size = sim_ra_next_size(ra->size, max);
		ra->size += ra->async_size;
	}
	return (window_submit(s, ra->start, ra->size, ra->async_size, kind,
	    off));
}

/* Insert a marker page. */
static void
marker_set(struct sim *s, uint64_t p)
{
	sim_u64v_insert(&s->markers, p);
	s->ra.marker = p;
}

/*
 * Allocate the uncached pages of [start, start + size) (within the file),
 * set the marker on start + size - async if allocated here, emit the RA
 * event, and hand the new pages to the block layer as read_pages() would.
 */
static uint64_t
window_submit(struct sim *s, uint64_t start, uint64_t size, uint64_t async,
    enum sim_ev kind, uint64_t hit)
{
	struct sim_event	*e;
	uint64_t		 end, p, q, total = 0, mark = SIM_NONE;

	end = start + size;
	if (end > s->cfg.file_pages)
		end = s->cfg.file_pages;
	e = ev_new(s, kind);
	e->first = start;
	e->npages = size;
	e->hit = hit;
	if (kind == SIM_EV_RA_SYNC) {
		s->st.ra_sync++;
		if (s->lab_next == 1) {
			label(s, e, 1);
			s->t1_page = hit;
		}
	} else {
		s->st.ra_async++;
		s->async_seen++;
		label_async(s, e, start, hit, start < end ?
		    sim_extents_find(&s->pages, start, end, SIM_PAGE_ABSENT) :
		    SIM_NONE);
	}
	/* PG_readahead goes on page size - async of the window, if new. */
	if (async != 0 && start + size - async < end &&
	    sim_extents_get(&s->pages, start + size - async) ==
	    SIM_PAGE_ABSENT)
		mark = start + size - async;
	e->marker = mark;
	if (mark != SIM_NONE)
		marker_set(s, mark);

	/* read_pages(): readahead plugs its own submission (not in 2.6.38). */
	s->ra_plug = (s->mode != SIM_MODE_LEGACY);
	for (p = start; p < end; p = q) {
		p = sim_extents_find(&s->pages, p, end, SIM_PAGE_ABSENT);
		if (p == SIM_NONE)
			break;
		q = sim_extents_run_end(&s->pages, p, end);
		submit_range(s, p, q - p);
		total += q - p;
	}
	if (total == 0)
		s->ra_plug = 0;
	return (total);
}

/* ---- block layer (§4) ---- */

/* Does the task have a plug to put requests on right now? */
static int
task_plugged(const struct sim *s)
{
	if (s->mode == SIM_MODE_LEGACY)
		return (0);
	return (s->rd.outer_plug || s->ra_plug);
}

/* Record a page range's new state. */
static void
set_state(struct sim *s, uint64_t first, uint64_t n, enum sim_page st)
{
	if (sim_extents_set(&s->pages, first, n, st) != 0)
		s->oom = 1;
}

/*
 * Try to merge [first, first + n) into a request of v (back or front,
 * within the size limit).  Returns the pages merged, 0 if none.  v is in
 * page order without overlaps, so the only candidates are the request that
 * starts at first + n (front merge, preferred: it is the later one in the
 * list) and the one that ends at first (back merge); bisection finds both.
 */
static uint64_t
try_merge(struct sim *s, struct sim_reqv *v, uint64_t first, uint64_t n,
    size_t *idx)
{
	uint64_t		 lim = s->cfg.max_req_pages, room, m;
	size_t			 i = sim_reqv_lower(v, first + n);
	struct sim_request	*r;

	if (i < v->n && v->v[i].first == first + n && v->v[i].npages < lim &&
	    n <= lim - v->v[i].npages) {
		r = &v->v[i];
		r->first = first;
		r->npages += n;
		*idx = i;
		return (n);
	}
	i = sim_reqv_lower(v, first);
	if (i == 0)
		return (0);
	r = &v->v[--i];
	if (r->first + r->npages != first || r->npages >= lim)
		return (0);
	room = lim - r->npages;
	m = n < room ? n : room;
	r->npages += m;
	*idx = i;
	return (m);
}

/* Add a new request to the end of v (or in page order for the queue). */
static struct sim_request *
req_add(struct sim *s, struct sim_reqv *v, uint64_t first, uint64_t n,
    uint32_t id)
{
	struct sim_request	 r;
	size_t			 at;

	memset(&r, 0, sizeof r);
	r.id = id ? id : s->next_id++;
	r.first = first;
	r.npages = n;
	r.t_dispatch = r.t_done = SIM_NONE;
	if (sim_reqv_insert_sorted(v, &r, &at) != 0) {
		s->oom = 1;
		return (NULL);
	}
	return (&v->v[at]);
}

/* Emit a QUEUE event for pages added to request r. */
static void
ev_queue(struct sim *s, enum sim_where w, uint64_t first, uint64_t n,
    const struct sim_request *r, int merged)
{
	struct sim_event	*e = ev_new(s, SIM_EV_QUEUE);

	e->first = first;
	e->npages = n;
	e->where = w;
	e->merged = merged;
	e->req = r->id;
	e->req_first = r->first;
	e->req_npages = r->npages;
}

/*
 * Insert pages into the elevator: merge with a queued, unstarted request
 * where possible, else add requests.  Legacy plugs an empty queue.
 */
static void
elv_add(struct sim *s, uint64_t first, uint64_t n, uint32_t id, int emit)
{
	struct sim_request	*r;
	uint64_t		 m;
	size_t			 i;

	while (n > 0) {
		if (s->mode == SIM_MODE_LEGACY && s->queue.n == 0 &&
		    !s->q_plugged) {
			/* 2.6.38: a request entering an empty queue plugs it. */
			s->q_plugged = 1;
			s->unplug_at = s->now + s->cfg.unplug_delay_ns;
		}
		if ((m = try_merge(s, &s->queue, first, n, &i)) != 0) {
			r = &s->queue.v[i];
			if (emit)
				ev_queue(s, SIM_WHERE_QUEUE, first, m, r, 1);
		} else {
			m = n < s->cfg.max_req_pages ? n : s->cfg.max_req_pages;
			if ((r = req_add(s, &s->queue, first, m, id)) == NULL)
				return;
			id = 0;
			if (emit)
				ev_queue(s, SIM_WHERE_QUEUE, first, m, r, 0);
		}
		set_state(s, first, m, SIM_PAGE_QUEUED);
		first += m;
		n -= m;
	}
	if (s->mode == SIM_MODE_LEGACY && s->q_plugged &&
	    s->queue.n >= s->cfg.unplug_thresh)
		legacy_unplug(s, SIM_REASON_THRESHOLD);
}

/* Submit a contiguous run of newly allocated pages, as bios. */
static void
submit_range(struct sim *s, uint64_t first, uint64_t n)
{
	struct sim_request	*r;
	uint64_t		 m;
	size_t			 i;

	if (!task_plugged(s)) {
		elv_add(s, first, n, 0, 1);
		if (!s->q_plugged)
			queue_run(s);
		return;
	}
	while (n > 0) {
		if ((m = try_merge(s, &s->plug, first, n, &i)) != 0) {
			r = &s->plug.v[i];
			ev_queue(s, SIM_WHERE_PLUG, first, m, r, 1);
		} else if ((m = try_merge(s, &s->queue, first, n, &i)) != 0) {
			/* Merged straight into a queued, unstarted request. */
			r = &s->queue.v[i];
			ev_queue(s, SIM_WHERE_QUEUE, first, m, r, 1);
			set_state(s, first, m, SIM_PAGE_QUEUED);
			first += m;
			n -= m;
			continue;
		} else {
			/* 3.1+: a full plug list is flushed before it grows. */
			if (s->plug.n >= s->cfg.plug_limit)
				plug_flush(s, SIM_REASON_LIMIT);
			m = n < s->cfg.max_req_pages ? n : s->cfg.max_req_pages;
			if ((r = req_add(s, &s->plug, first, m, 0)) == NULL)
				return;
			ev_queue(s, SIM_WHERE_PLUG, first, m, r, 0);
		}
		set_state(s, first, m, SIM_PAGE_PLUGGED);
		first += m;
		n -= m;
	}
}

/* Release the task's plug list into the elevator and run the queue. */
static void
plug_flush(struct sim *s, enum sim_reason why)
{
	struct sim_event	*e;
	struct sim_reqv		 list;
	size_t			 i;

	if (s->plug.n == 0)
		return;
	e = ev_new(s, SIM_EV_FLUSH);
	e->reason = why;
	e->first = s->plug.v[0].first;
	e->count = (uint32_t)s->plug.n;
	for (i = 0; i < s->plug.n; i++)
		e->npages += s->plug.v[i].npages;
	s->st.flushes++;
	list = s->plug;
	memset(&s->plug, 0, sizeof s->plug);
	for (i = 0; i < list.n; i++)
		elv_add(s, list.v[i].first, list.v[i].npages, list.v[i].id, 0);
	/* Keep the buffer for the next plug. */
	s->plug.v = list.v;
	s->plug.cap = list.cap;
	s->plug.base = list.base;
	s->plug.n = 0;
	queue_run(s);
}

/* Legacy: unplug the request queue and run it. */
static void
legacy_unplug(struct sim *s, enum sim_reason why)
{
	struct sim_event	*e;
	size_t			 i;

	if (!s->q_plugged)
		return;
	s->q_plugged = 0;
	s->unplug_at = SIM_NONE;
	if (s->queue.n != 0) {
		e = ev_new(s, SIM_EV_FLUSH);
		e->reason = why;
		e->first = s->queue.v[0].first;
		e->count = (uint32_t)s->queue.n;
		for (i = 0; i < s->queue.n; i++)
			e->npages += s->queue.v[i].npages;
		s->st.flushes++;
	}
	queue_run(s);
}

/* The unplug timer fired. */
static void
timer_run(struct sim *s)
{
	legacy_unplug(s, SIM_REASON_TIMER);
}

/* ---- device (§5) ---- */

/* Transfer work of a request in byte-nanoseconds-per-second units. */
static uint64_t
req_work(const struct sim_request *r)
{
	return (r->npages * SIM_PAGE_SIZE * UINT64_C(1000000000));
}

/* Ceiling division. */
static uint64_t
div_up(uint64_t a, uint64_t b)
{
	return (a / b + (a % b != 0));
}

/* Ceiling division of a 128-bit numerator; saturates at SIM_NONE. */
static uint64_t
div_up128(sim_u128 a, uint64_t b)
{
	sim_u128	q = a / b + (a % b != 0);

	return (q >= SIM_NONE ? SIM_NONE : (uint64_t)q);
}

/*
 * Processor sharing: bring every transferring command's remaining work up
 * to now.  Commands past their latency share the bandwidth equally; the
 * division remainder is carried so that no work is lost.
 */
static void
ps_advance(struct sim *s)
{
	uint64_t	k = 0, dt, share;
	sim_u128	tot;
	size_t		i;

	dt = s->now - s->ps_last;
	s->ps_last = s->now;
	if (dt == 0)
		return;
	s->dn_ok = 0;
	for (i = 0; i < s->dev.n; i++)
		if (s->dev.v[i].t_done == SIM_NONE &&
		    s->dev.v[i].t_lat_end <= s->now - dt)
			k++;
	if (k == 0) {
		s->ps_rem = 0;
		return;
	}
	if (k != s->ps_k)
		s->ps_rem = 0;
	s->ps_k = k;
	/* 128 bits: bandwidth times a long interval passes 2^64. */
	tot = (sim_u128)s->cfg.device.bandwidth * dt + s->ps_rem;
	share = tot / k > UINT64_MAX ? UINT64_MAX : (uint64_t)(tot / k);
	s->ps_rem = (uint64_t)(tot % k);
	for (i = 0; i < s->dev.n; i++) {
		struct sim_request *r = &s->dev.v[i];

		if (r->t_done != SIM_NONE || r->t_lat_end > s->now - dt)
			continue;
		r->left = r->left > share ? r->left - share : 0;
	}
}

/*
 * Bring the sharing up to now without changing any future event (at read()
 * boundaries, so that the state there is canonical, see cycle_check()).
 * Splitting an interval is exact: the carried remainder makes the two shares
 * add up to the one share of the whole, and over an interval without sharers
 * the remainder is dropped at the split just as it would be at the end.
 */
static void
ps_sync(struct sim *s)
{
	if (s->cfg.device.disc == SIM_DISC_PS)
		ps_advance(s);
}

/* Time of the next device action, SIM_NONE if idle. */
static uint64_t
dev_next(const struct sim *s)
{
	uint64_t	 t = SIM_NONE, k = 0, minleft = SIM_NONE, d;
	size_t		 i;

	if (s->dev.n == 0)
		return (SIM_NONE);
	if (s->cfg.device.disc == SIM_DISC_FIFO) {
		for (i = 0; i < s->dev.n; i++)
			if (s->dev.v[i].t_done < t)
				t = s->dev.v[i].t_done;
		return (t);
	}
	for (i = 0; i < s->dev.n; i++) {
		const struct sim_request *r = &s->dev.v[i];

		if (r->t_lat_end > s->now) {
			if (r->t_lat_end < t)
				t = r->t_lat_end;
			continue;
		}
		k++;
		if (r->left < minleft)
			minleft = r->left;
	}
	if (k != 0) {
		/* Smallest dt with (B*dt + rem) / k >= minleft, in 128 bits. */
		sim_u128 need = (sim_u128)minleft * k;
		uint64_t rem = (k == s->ps_k) ? s->ps_rem : 0;

		need = need > rem ? need - rem : 0;
		d = div_up128(need, s->cfg.device.bandwidth);
		if (s->ps_last + d < t)
			t = s->ps_last + d;
	}
	return (t);
}

/* Dispatch queued requests while the device has free slots. */
static void
queue_run(struct sim *s)
{
	struct sim_request	 r;
	struct sim_event	*e;
	uint64_t		 start, xfer;
	int			 idle;

	if (s->mode == SIM_MODE_LEGACY && s->q_plugged)
		return;
	while (s->queue.n != 0 && s->dev.n < s->cfg.device.qd) {
		r = s->queue.v[0];
		sim_reqv_remove(&s->queue, 0);
		if (s->cfg.device.disc == SIM_DISC_PS)
			ps_advance(s);
		idle = (s->dev.n == 0);
		r.t_dispatch = s->now;
		r.penalised = 0;
		start = s->now + s->cfg.device.latency_ns;
		if (idle && s->cfg.device.idle_penalty_ns != 0 &&
		    s->now - s->idle_since >= s->cfg.device.idle_thresh_ns) {
			/* Link (or head) has to wake up first. */
			start += s->cfg.device.idle_penalty_ns;
			r.penalised = 1;
			s->st.penalties++;
			s->st.penalty_ns += s->cfg.device.idle_penalty_ns;
		}
		r.t_lat_end = start;
		if (s->cfg.device.disc == SIM_DISC_FIFO) {
			xfer = div_up(req_work(&r), s->cfg.device.bandwidth);
			if (s->fifo_last_done > start)
				start = s->fifo_last_done;
			r.t_done = start + xfer;
			s->fifo_last_done = r.t_done;
		} else {
			r.left = req_work(&r);
			r.t_done = SIM_NONE;
		}
		s->dn_ok = s->sv_ok = 0;
		if (sim_reqv_append(&s->dev, &r) != 0) {
			s->oom = 1;
			return;
		}
		set_state(s, r.first, r.npages, SIM_PAGE_INFLIGHT);
		s->st.requests++;
		s->st.request_pages += r.npages;
		if (r.npages > s->st.max_request_pages)
			s->st.max_request_pages = r.npages;
		s->hist[r.npages]++;
		if (s->hist[r.npages] > s->hist[s->st.mode_request_pages] ||
		    (s->hist[r.npages] == s->hist[s->st.mode_request_pages] &&
		    r.npages > s->st.mode_request_pages))
			s->st.mode_request_pages = r.npages;

		e = ev_new(s, SIM_EV_DISPATCH);
		e->first = r.first;
		e->npages = r.npages;
		e->req = r.id;
		if (s->lab_next == 2 && s->t1_page >= r.first &&
		    s->t1_page < r.first + r.npages)
			label(s, e, 2);
		else if (s->lab_pend != 0 && s->lab_pend_page >= r.first &&
		    s->lab_pend_page < r.first + r.npages) {
			/* T3/T4 in fixed and legacy: the window is sent. */
			label(s, e, s->lab_pend);
			e->hit = s->lab_pend_hit;
			s->lab_pend = 0;
		}
	}
}

/* Complete request i of the device list. */
static void
dev_complete(struct sim *s, size_t i)
{
	struct sim_request	 r = s->dev.v[i];
	struct sim_event	*e;

	sim_reqv_remove(&s->dev, i);
	s->dn_ok = s->sv_ok = 0;
	set_state(s, r.first, r.npages, SIM_PAGE_UPTODATE);
	e = ev_new(s, SIM_EV_COMPLETE);
	e->first = r.first;
	e->npages = r.npages;
	e->req = r.id;
	if (s->dev.n == 0) {
		s->idle_since = s->now;
		s->ps_rem = 0;
	}
	if (s->rd.task == SIM_TASK_SLEEPING && s->rd.wait_page >= r.first &&
	    s->rd.wait_page < r.first + r.npages) {
		s->rd.task = SIM_TASK_WAKING;
		s->rd.busy_until = s->now + s->cfg.cpu.wake_ns;
		s->step = STEP_WOKEN;
	}
}

/* Perform the device's next action: latency ends and completions now. */
static void
dev_run(struct sim *s)
{
	size_t	i;

	if (s->cfg.device.disc == SIM_DISC_PS) {
		ps_advance(s);
		for (i = 0; i < s->dev.n;) {
			struct sim_request *r = &s->dev.v[i];

			if (r->t_lat_end <= s->now && r->left == 0)
				dev_complete(s, i);
			else
				i++;
		}
	} else {
		for (i = 0; i < s->dev.n;) {
			if (s->dev.v[i].t_done <= s->now)
				dev_complete(s, i);
			else
				i++;
		}
	}
	queue_run(s);
}

/* ---- the reading task (§3) ---- */

/* Pages left in this read() from the task's position. */
static uint64_t
req_left(const struct sim *s)
{
	return (s->rd.read_end - s->rd.pos);
}

/* Remove the marker at p if there is one; 1 if there was. */
static int
marker_take(struct sim *s, uint64_t p)
{
	if (!sim_u64v_remove(&s->markers, p))
		return (0);
	if (s->ra.marker == p)
		s->ra.marker = SIM_NONE;
	return (1);
}

/* Emit the WAIT event for page p. */
static void
ev_wait(struct sim *s, uint64_t p)
{
	struct sim_event	*w = ev_new(s, SIM_EV_WAIT);

	w->first = p;
	w->npages = 1;
	w->page = p;
}

/*
 * The task sleeps in lock_page on page p.  Going to sleep flushes the plug
 * (io_schedule) or, in 2.6.38, unplugs the queue (lock_page calls sync_page
 * before it sleeps: that unplug is told first, so that a T4 window it sends
 * comes before T5).
 */
static void
task_sleep(struct sim *s, uint64_t p)
{
	size_t			 before = s->evq_len;
	size_t			 i, wi = before;
	int			 t5 = (!s->t5_done && p == s->t3_page);

	s->rd.task = SIM_TASK_SLEEPING;
	s->rd.wait_page = p;
	s->sleep_since = s->now;
	if (s->mode == SIM_MODE_LEGACY) {
		legacy_unplug(s, SIM_REASON_SLEEP);
		wi = s->evq_len;
		ev_wait(s, p);
	} else {
		ev_wait(s, p);
		plug_flush(s, SIM_REASON_SLEEP);
	}
	if (t5) {
		/* T5: the flush that sends the page's request, else the sleep. */
		label_end(s);
		if (!s->quiet && !s->oom) {
			for (i = before; i < s->evq_len; i++) {
				struct sim_event *e = &s->evq[s->evq_head + i];

				if (e->kind == SIM_EV_DISPATCH && e->label == 0 &&
				    p >= e->first && p < e->first + e->npages) {
					e->label = 5;
					break;
				}
			}
			if (i == s->evq_len)
				s->evq[s->evq_head + wi].label = 5;
		}
	}
}

/* Length of the run of up-to-date, unmarked pages from pos in this read. */
static uint64_t
copy_run(const struct sim *s)
{
	uint64_t	pos = s->rd.pos, end, m;

	end = sim_extents_run_end(&s->pages, pos, s->rd.read_end);
	m = sim_u64v_next(&s->markers, pos + 1);
	if (m < end)
		end = m;
	return (end - pos);
}

/* One step of the reading task at its busy_until time. */
static void
task_run(struct sim *s)
{
	struct sim_reader	*rd = &s->rd;
	struct sim_event	*e;
	uint64_t		 n;

	switch (s->step) {
	case STEP_BEGIN:
		ps_sync(s);
		if (s->quiet)
			cycle_check(s);
		if (s->pending != s->mode) {
			if (s->mode == SIM_MODE_LEGACY)
				legacy_unplug(s, SIM_REASON_SWITCH);
			s->mode = s->pending;
			e = ev_new(s, SIM_EV_MODE);
			e->first = rd->pos;
		}
		rd->read_first = rd->pos;
		n = s->cfg.read_pages;
		rd->read_end = rd->pos + n < s->cfg.file_pages ?
		    rd->pos + n : s->cfg.file_pages;
		e = ev_new(s, SIM_EV_READ_BEGIN);
		e->first = rd->pos;
		e->npages = rd->read_end - rd->pos;
		/* 2.6.39-3.2: generic_file_aio_read() plugs the whole read. */
		rd->outer_plug = (s->mode == SIM_MODE_BUGGY);
		rd->task = SIM_TASK_SYSCALL;
		rd->busy_until = s->now + s->cfg.cpu.syscall_ns;
		s->step = STEP_PAGE;
		break;

	case STEP_PAGE:
		if (rd->pos >= rd->read_end) {
			s->step = STEP_END;
			task_run(s);
			break;
		}
		if (sim_extents_get(&s->pages, rd->pos) == SIM_PAGE_ABSENT) {
			n = ondemand(s, 0, rd->pos, req_left(s));
			if (n == 0) {
				/* Nothing read ahead: read this page alone. */
				window_submit(s, rd->pos, 1, 0,
				    SIM_EV_RA_SYNC, rd->pos);
				n = 1;
			}
			s->ra_async = 0;
			rd->task = SIM_TASK_READAHEAD;
			rd->busy_until = s->now + n * s->cfg.cpu.submit_ns;
			s->step = STEP_RA_DONE;
			break;
		}
		if (marker_take(s, rd->pos)) {
			n = ondemand(s, 1, rd->pos, req_left(s));
			s->ra_async = 1;
			if (n != 0) {
				rd->task = SIM_TASK_READAHEAD;
				rd->busy_until = s->now +
				    n * s->cfg.cpu.submit_ns;
				s->step = STEP_RA_DONE;
				break;
			}
			s->step = STEP_RA_DONE;
			task_run(s);
			break;
		}
		s->step = STEP_CHECK;
		task_run(s);
		break;

	case STEP_RA_DONE:
		/* read_pages() ends: finishing its plug flushes if outermost. */
		if (s->ra_plug) {
			s->ra_plug = 0;
			if (!rd->outer_plug)
				plug_flush(s, SIM_REASON_FINISH);
		}
		if (s->ra_async) {
			if (s->mode == SIM_MODE_LEGACY && uptodate(s, rd->pos))
				legacy_unplug(s, SIM_REASON_EXPLICIT);
			s->step = STEP_CHECK;
		} else
			s->step = STEP_PAGE;
		task_run(s);
		break;

	case STEP_CHECK:
		if (!uptodate(s, rd->pos)) {
			task_sleep(s, rd->pos);
			break;
		}
		s->step = STEP_COPY;
		task_run(s);
		break;

	case STEP_WOKEN:
		e = ev_new(s, SIM_EV_WAKE);
		e->first = rd->wait_page;
		e->npages = 1;
		e->page = rd->wait_page;
		s->stall_acc += s->now - s->sleep_since;
		rd->wait_page = SIM_NONE;
		s->step = STEP_COPY;
		task_run(s);
		break;

	case STEP_COPY:
		n = copy_run(s);
		e = ev_new(s, SIM_EV_COPY);
		e->first = rd->pos;
		e->npages = n;
		if (!s->t5_done && rd->pos == s->t3_page) {
			label_end(s);
			e->label = 5;
		}
		set_state(s, rd->pos, n, SIM_PAGE_CONSUMED);
		rd->pos += n;
		s->st.pages_copied += n;
		rd->task = SIM_TASK_COPYING;
		rd->busy_until = s->now + n * s->cfg.cpu.copy_ns;
		s->step = STEP_PAGE;
		break;

	case STEP_END:
		e = ev_new(s, SIM_EV_READ_END);
		e->first = rd->read_first;
		e->npages = rd->read_end - rd->read_first;
		if (rd->outer_plug) {
			rd->outer_plug = 0;
			plug_flush(s, SIM_REASON_FINISH);
		}
		/* T5 comes by the end of the read() after T3's, or never. */
		if (!s->t5_done && s->t3_read != SIM_NONE &&
		    rd->read_index > s->t3_read)
			label_end(s);
		s->prev_page = (int64_t)rd->read_end;
		rd->read_index++;
		s->st.reads_done++;
		s->st.end_ns = s->now;
		if (rd->pos >= s->cfg.file_pages) {
			rd->task = SIM_TASK_DONE;
			s->step = STEP_DONE;
		} else {
			rd->task = SIM_TASK_SYSCALL;
			rd->busy_until = s->now;
			s->step = STEP_BEGIN;
		}
		break;

	case STEP_DONE:
		break;
	}
}

/* ---- steady-state skipping ---- */

/*
 * A sequential reader in steady state repeats itself: at some read() boundary
 * the whole engine state, seen relative to the reader's page and the current
 * time, equals the state at an earlier boundary.  The engine's rules depend
 * only on such relative quantities (page and time differences), except near
 * the end of the file and at page 0, so from then on every period is the same
 * period shifted.  cycle_check() finds such a repetition and jumps over as
 * many whole periods as fit before the end of the file could matter, adding
 * each period's statistics once per period skipped.  The result is exact: the
 * same numbers as stepping through every event.  Only the quiet runs
 * (sim_run(), sim_run_until()) skip; sim_step() never shortens the stream.
 *
 * The period is found from the state itself, whatever its length, with
 * Brent's cycle detection: one saved boundary, replaced at boundary counts
 * 1, 2, 4, 8, ... since the last save, and every boundary compared with it.
 * The first boundary equal to the saved one is a period later; the search
 * costs at most a few times (transient + period) boundaries, one signature
 * build and one hash comparison each (the words are compared only when the
 * hashes agree).
 *
 * The signature is canonical: it holds exactly what the future depends on,
 * in relative form.  Pages and requests are relative to the reader's page,
 * times to now; a latency that has ended is "ended" whatever its end time
 * was; the idle time of an idle device only up to the threshold that makes
 * it matter; the processor-sharing device is brought up to now at every
 * boundary (task_run(), STEP_BEGIN), which changes no future event because
 * its carried remainder makes any split of an interval exact, so its
 * remaining work is compared as it is now and not at the last change; the
 * carried remainder counts only while it is not zero.
 */

/* The engine's state at one read() boundary. */
struct cycle_snap {
	uint64_t		*sig;		/* relative state, in words */
	size_t			 len;
	size_t			 cap;
	uint64_t		 hash;
	uint64_t		 pos;		/* absolute page and time */
	uint64_t		 now;
	struct sim_stats	 st;
	uint64_t		 stall_acc;	/* total to now */
	uint64_t		*hist;
	uint32_t		 next_id;
	uint64_t		 read_index;
};

#define SIG_KEY	14	/* words of sig_key() */

/* Brent's search: the boundary being built and the saved one. */
struct cycle {
	struct cycle_snap	 cur;
	struct cycle_snap	 saved;
	int			 have;		/* saved is valid */
	uint64_t		 power;		/* save again at lam == power */
	uint64_t		 lam;		/* boundaries since the save */
	int			 off;		/* no more skipping in this run */
	uint64_t		 key[SIG_KEY];	/* sig_key() of saved */
};

/* Append one word to a snapshot's signature, hashing as it goes. */
static int
sig_put(struct cycle_snap *c, uint64_t w)
{
	uint64_t	*nv;

	if (c->len == c->cap) {
		c->cap = c->cap ? c->cap * 2 : 64;
		if ((nv = realloc(c->sig, c->cap * sizeof *nv)) == NULL)
			return (-1);
		c->sig = nv;
	}
	c->sig[c->len++] = w;
	c->hash = (c->hash ^ w) * UINT64_C(0x9e3779b97f4a7c15);
	c->hash ^= c->hash >> 29;
	return (0);
}

/* Signed time difference a - b as a word (two's complement). */
static uint64_t
tdiff(uint64_t a, uint64_t b)
{
	if (a == SIM_NONE)
		return (SIM_NONE);
	return (a - b);
}

/* Requests of a list, relative to page p, time t and the next request id. */
static int
sig_reqs(const struct sim *s, struct cycle_snap *c, const struct sim_reqv *v,
    uint64_t p, uint64_t t)
{
	size_t	i;
	int	r = sig_put(c, v->n);

	for (i = 0; i < v->n; i++) {
		const struct sim_request *q = &v->v[i];

		r |= sig_put(c, s->next_id - q->id);
		r |= sig_put(c, q->first - p);
		r |= sig_put(c, q->npages);
		/* A latency that has ended is just "ended". */
		r |= sig_put(c, q->t_dispatch == SIM_NONE ? SIM_NONE :
		    q->t_lat_end <= t ? 0 : q->t_lat_end - t);
		r |= sig_put(c, tdiff(q->t_done, t));
		r |= sig_put(c, q->left);
		r |= sig_put(c, (uint64_t)q->penalised);
	}
	return (r);
}

/*
 * Can the state at this boundary be one of a repeating sequence?  Not at
 * the start of the file, with labels or a mode change pending, or in
 * unusual shapes.  Once T5 is done (label_end()) the label state is fixed:
 * lab_next 6, nothing pending (lab_pend 0), and t3_page and t3_read are no
 * longer looked at, so none of it needs a place in the signature.
 */
static int
sig_eligible(const struct sim *s)
{
	const struct sim_extents *x = &s->pages;

	return (!(s->pending != s->mode || s->lab_next < 5 || !s->t5_done ||
	    s->lab_pend != 0 ||
	    s->async_seen < 2 || s->evq_len != 0 || s->ra_plug ||
	    s->rd.outer_plug || s->plug.n != 0 || x->n < 2 ||
	    x->v[0].state != SIM_PAGE_CONSUMED || x->v[0].npages != s->rd.pos ||
	    x->v[x->n - 1].state != SIM_PAGE_ABSENT ||
	    s->rd.wait_page != SIM_NONE ||
	    (s->cfg.device.disc == SIM_DISC_PS && s->ps_last != s->now)));
}

/*
 * A few words of the signature, in O(1): boundaries whose keys differ
 * cannot have equal signatures, so most failed checks stop here.
 */
static void
sig_key(const struct sim *s, uint64_t *k)
{
	const struct sim_extents *x = &s->pages;
	uint64_t	p = s->rd.pos, t = s->now;

	k[0] = s->mode;
	k[1] = x->n;
	k[2] = s->markers.n;
	k[3] = s->queue.n;
	k[4] = s->dev.n;
	k[5] = s->ra.start - p;
	k[6] = s->ra.size;
	k[7] = s->ra.async_size;
	k[8] = (uint64_t)s->prev_page - p;
	k[9] = x->v[x->n - 1].first - p;
	k[10] = s->dev.n ? s->dev.v[0].first - p : 0;
	k[11] = s->dev.n ? s->dev.v[0].left : 0;
	k[12] = s->ps_rem;
	k[13] = s->fifo_last_done > t ? s->fifo_last_done - t : 0;
}

/*
 * Build the relative-state signature of s into c (sig_eligible() must
 * hold).  Returns 0, or -1 when out of memory.
 */
static int
sig_build(const struct sim *s, struct cycle_snap *c)
{
	const struct sim_extents *x = &s->pages;
	uint64_t	 p = s->rd.pos, t = s->now, idle;
	size_t		 i;
	int		 r = 0;

	c->len = 0;
	c->hash = 0;
	r |= sig_put(c, s->mode);
	r |= sig_put(c, s->rd.busy_until - t);
	r |= sig_put(c, x->n);
	for (i = 1; i < x->n - 1; i++) {
		r |= sig_put(c, x->v[i].first - p);
		r |= sig_put(c, x->v[i].npages);
		r |= sig_put(c, x->v[i].state);
	}
	r |= sig_put(c, x->v[x->n - 1].first - p);
	r |= sig_put(c, s->markers.n);
	for (i = 0; i < s->markers.n; i++)
		r |= sig_put(c, s->markers.v[i] - p);
	r |= sig_reqs(s, c, &s->queue, p, t);
	r |= sig_reqs(s, c, &s->dev, p, t);
	r |= sig_put(c, s->ra.start - p);
	r |= sig_put(c, s->ra.size);
	r |= sig_put(c, s->ra.async_size);
	r |= sig_put(c, s->ra.marker == SIM_NONE ? SIM_NONE : s->ra.marker - p);
	r |= sig_put(c, (uint64_t)s->prev_page - p);
	r |= sig_put(c, (uint64_t)s->q_plugged);
	r |= sig_put(c, s->q_plugged ? tdiff(s->unplug_at, t) : 0);
	/* Idle history matters only through "idle for >= T_idle". */
	if (s->dev.n != 0 || s->cfg.device.idle_penalty_ns == 0)
		idle = 0;
	else {
		idle = t - s->idle_since;
		if (idle > s->cfg.device.idle_thresh_ns)
			idle = s->cfg.device.idle_thresh_ns;
	}
	r |= sig_put(c, idle);
	r |= sig_put(c, s->fifo_last_done > t ? s->fifo_last_done - t : 0);
	/*
	 * The busy/waking/idle split (dev_account()): accounted up to acct_t
	 * (now, at a boundary); what comes next depends on each command's
	 * dispatch plus penalty, which is its latency end (in the signature
	 * above, "ended" only when that is past) less the fixed latency.
	 */
	r |= sig_put(c, tdiff(s->acct_t, t));
	if (s->cfg.device.disc == SIM_DISC_PS) {
		/* The sharing is up to now (ps_last == t, checked above). */
		r |= sig_put(c, s->ps_rem);
		r |= sig_put(c, s->ps_rem ? s->ps_k : 0);
	}
	return (r ? -1 : 0);
}

/* Free the skipping state. */
static void
cycle_free(struct sim *s)
{
	if (s->cyc == NULL)
		return;
	free(s->cyc->cur.sig);
	free(s->cyc->saved.sig);
	free(s->cyc->saved.hist);
	free(s->cyc);
	s->cyc = NULL;
}

/*
 * Forget the saved boundary (sim_set_mode(): the caller changed the rules,
 * a period seen before may not repeat).
 */
static void
cycle_reset(struct sim *s)
{
	if (s->cyc == NULL)
		return;
	s->cyc->have = 0;
	s->cyc->off = 0;
}

/*
 * A new quiet run goes on with the search: the saved boundary stays valid
 * (the rules have not changed since, see cycle_reset()), so a run that is
 * cut in slices (sim_set_budget()) still skips, one period per slice.
 */
static void
cycle_resume(struct sim *s)
{
	if (s->cyc != NULL)
		s->cyc->off = 0;
}

/* Reader stall time up to now, a sleep in progress included. */
static uint64_t
stall_total(const struct sim *s)
{
	return (s->stall_acc + (s->rd.wait_page != SIM_NONE ?
	    s->now - s->sleep_since : 0));
}

/* Shift the state forward by m periods of d pages and dt nanoseconds. */
static void
cycle_jump(struct sim *s, const struct cycle_snap *j, uint64_t m)
{
	struct sim_extents	*x = &s->pages;
	struct sim_reqv		*lists[2] = { &s->queue, &s->dev };
	uint64_t		 d = (s->rd.pos - j->pos) * m;
	uint64_t		 dt = (s->now - j->now) * m;
	uint32_t		 did = (uint32_t)((s->next_id - j->next_id) * m);
	uint64_t		*dst, *src;
	size_t			 i, k;

	x->v[0].npages += d;
	for (i = 1; i < x->n; i++)
		x->v[i].first += d;
	x->v[x->n - 1].npages -= d;
	for (i = 0; i < s->markers.n; i++)
		s->markers.v[i] += d;
	for (k = 0; k < 2; k++) {
		for (i = 0; i < lists[k]->n; i++) {
			struct sim_request *r = &lists[k]->v[i];

			r->id += did;
			r->first += d;
			if (r->t_dispatch != SIM_NONE)
				r->t_dispatch += dt;
			if (r->t_lat_end != SIM_NONE && r->t_dispatch != SIM_NONE)
				r->t_lat_end += dt;
			if (r->t_done != SIM_NONE)
				r->t_done += dt;
		}
	}
	s->ra.start += d;
	if (s->ra.marker != SIM_NONE)
		s->ra.marker += d;
	s->prev_page += (int64_t)d;
	s->rd.pos += d;
	s->rd.read_first += d;
	s->rd.read_end += d;

	s->now += dt;
	s->dn_ok = s->sv_ok = 0;
	s->rd.busy_until += dt;
	if (s->unplug_at != SIM_NONE)
		s->unplug_at += dt;
	s->idle_since += dt;
	s->acct_t += dt;
	s->fifo_last_done += dt;
	s->ps_last += dt;
	s->sleep_since += dt;

	/* Statistics: each skipped period adds what the measured one added. */
#define ADD(f)	(s->st.f += (s->st.f - j->st.f) * m)
	ADD(events);
	ADD(reads_done);
	ADD(pages_copied);
	ADD(requests);
	ADD(request_pages);
	ADD(penalties);
	ADD(penalty_ns);
	ADD(busy_ns);
	ADD(waking_ns);
	ADD(idle_ns);
	ADD(ra_sync);
	ADD(ra_async);
	ADD(flushes);
	ADD(end_ns);
#undef ADD
	/* The stall total includes a sleep still open at the jump. */
	s->stall_acc += (stall_total(s) - j->stall_acc) * m;
	dst = s->hist;
	src = j->hist;
	for (i = 0; i <= s->cfg.max_req_pages; i++)
		dst[i] += (dst[i] - src[i]) * m;
	/* The most common size, recomputed: highest count, ties to larger. */
	for (i = 0; i <= s->cfg.max_req_pages; i++)
		if (dst[i] > dst[s->st.mode_request_pages] ||
		    (dst[i] == dst[s->st.mode_request_pages] &&
		    i > s->st.mode_request_pages))
			s->st.mode_request_pages = i;
	s->next_id += did;
	s->st.skipped_reads += (s->rd.read_index - j->read_index) * m;
	s->rd.read_index += (s->rd.read_index - j->read_index) * m;
}

/* Make the current boundary Brent's saved one; 0, or -1 out of memory. */
static int
cycle_save(struct sim *s)
{
	struct cycle		*cy = s->cyc;
	struct cycle_snap	*c = &cy->saved, t;
	size_t			 n = (size_t)s->cfg.max_req_pages + 1;

	/* Swap the signature buffers: the current one becomes the saved. */
	t = cy->cur;
	cy->cur.sig = c->sig;
	cy->cur.cap = c->cap;
	cy->cur.len = 0;
	c->sig = t.sig;
	c->cap = t.cap;
	c->len = t.len;
	c->hash = t.hash;
	c->pos = s->rd.pos;
	c->now = s->now;
	c->st = s->st;
	c->stall_acc = stall_total(s);
	c->next_id = s->next_id;
	c->read_index = s->rd.read_index;
	if (c->hist == NULL && (c->hist = malloc(n * sizeof *c->hist)) == NULL)
		return (-1);
	memcpy(c->hist, s->hist, n * sizeof *c->hist);
	cy->have = 1;
	cy->lam = 0;
	return (0);
}

/*
 * Whole periods of the saved-to-now repetition that can be skipped: the
 * reader and everything ahead of it (windows, requests, the next read) must
 * stay clear of the end of the file, and sim_run_until() must land short of
 * its target.
 */
static uint64_t
cycle_room(const struct sim *s, const struct cycle_snap *c)
{
	uint64_t	d = s->rd.pos - c->pos, front, need, room, m;
	uint64_t	de, left;

	front = s->pages.v[s->pages.n - 1].first;
	if (s->ra.start + s->ra.size > front)
		front = s->ra.start + s->ra.size;
	if (s->rd.pos + d > front)
		front = s->rd.pos + d;
	need = front + d + s->ra.ra_pages + s->cfg.read_pages;
	room = need < s->cfg.file_pages ? s->cfg.file_pages - need : 0;
	m = d ? room / d : 0;
	if (s->run_limit != 0 && m > 0) {
		de = s->st.events - c->st.events;
		left = s->run_limit > s->st.events ?
		    s->run_limit - s->st.events : 0;
		if (de != 0 && left / de < m)
			m = left / de;
	}
	return (m);
}

/* At a read() boundary: look for a repeat, skip periods if there is one. */
static void
cycle_check(struct sim *s)
{
	struct cycle		*cy;
	struct cycle_snap	*c;
	uint64_t		 m, key[SIG_KEY];
	int			 built = 0;

	if (s->cyc == NULL && (s->cyc = calloc(1, sizeof *s->cyc)) == NULL) {
		s->oom = 1;
		return;
	}
	cy = s->cyc;
	if (cy->off || !sig_eligible(s))
		return;
	sig_key(s, key);
	c = &cy->saved;
	cy->lam++;
	if (cy->have && memcmp(key, cy->key, sizeof key) == 0) {
		if (sig_build(s, &cy->cur) != 0) {
			s->oom = 1;
			return;
		}
		built = 1;
		if (c->hash == cy->cur.hash && c->len == cy->cur.len &&
		    memcmp(c->sig, cy->cur.sig, c->len * sizeof *c->sig) == 0) {
			/* A period: from the saved boundary to now. */
			if ((m = cycle_room(s, c)) > 0)
				cycle_jump(s, c, m);
			/*
			 * Whatever is left is shorter than a period: step it.
			 * The next quiet run compares with this boundary.
			 */
			cy->off = 1;
			if (cycle_save(s) != 0)
				s->oom = 1;
			return;
		}
	}
	if (!cy->have || cy->lam >= cy->power) {
		cy->power = cy->have ? cy->power * 2 : 1;
		if ((!built && sig_build(s, &cy->cur) != 0) ||
		    cycle_save(s) != 0) {
			s->oom = 1;
			return;
		}
		memcpy(cy->key, key, sizeof key);
	}
}
