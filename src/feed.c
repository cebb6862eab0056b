/*
 * feed.c - the engine as a source of events for a view (feed.h).
 *
 * The view's vocabulary is the pipeline's and the engine's is the same
 * one, value for value (checked below at compile time), so an event is
 * translated field by field.  Key frames copy the engine's state through
 * its public queries: they serve only where the engine has run quietly,
 * producing no events to apply.
 */
#include "config.h"

#include <string.h>

#include "feed.h"

/* Why: the translations below copy enum values as they are. */
_Static_assert((int)VIEW_MODE_COUNT == (int)SIM_MODE_COUNT &&
    (int)VIEW_MODE_LEGACY == (int)SIM_MODE_LEGACY &&
    (int)VIEW_MODE_MODERN_BUGGY == (int)SIM_MODE_MODERN_BUGGY, "modes");
_Static_assert((int)VIEW_EV_COUNT == (int)SIM_EV_COUNT &&
    (int)VIEW_EV_MODE == (int)SIM_EV_MODE &&
    (int)VIEW_EV_DISPATCH == (int)SIM_EV_DISPATCH, "events");
_Static_assert((int)VIEW_REASON_COUNT == (int)SIM_REASON_COUNT &&
    (int)VIEW_REASON_LIMIT == (int)SIM_REASON_LIMIT, "reasons");
_Static_assert((int)VIEW_WHERE_QUEUE == (int)SIM_WHERE_QUEUE, "where");
_Static_assert((int)VIEW_PAGE_COUNT == (int)SIM_PAGE_COUNT &&
    (int)VIEW_PAGE_CONSUMED == (int)SIM_PAGE_CONSUMED, "pages");
_Static_assert((int)VIEW_TASK_DONE == (int)SIM_TASK_DONE, "tasks");
_Static_assert(VIEW_NONE == SIM_NONE && VIEW_PAGE_SIZE == SIM_PAGE_SIZE,
    "units");

/* The view's configuration. */
void
feed_config(struct view_config *vc, const struct sim_config *c)
{
	memset(vc, 0, sizeof *vc);
	vc->mode = (enum view_mode)c->mode;
	vc->file_pages = c->file_pages;
	vc->read_pages = c->read_pages;
	vc->ra_pages = c->ra_pages;
	vc->max_req_pages = c->max_req_pages;
	vc->max_segments = c->max_segments;
	vc->plug_limit = c->plug_limit;
	vc->unplug_delay_ns = c->unplug_delay_ns;
	vc->copy_ns = c->cpu.copy_ns;
	if (c->device.name != NULL)
		strncpy(vc->device, c->device.name, sizeof vc->device - 1);
	vc->bandwidth = c->device.bandwidth;
	vc->idle_penalty_ns = c->device.idle_penalty_ns;
}

/* One event, field by field. */
void
feed_event(struct view_event *v, const struct sim_event *e)
{
	memset(v, 0, sizeof *v);
	v->seq = e->seq;
	v->t_ns = e->t_ns;
	v->kind = (enum view_ev)e->kind;
	v->first = e->first;
	v->npages = e->npages;
	v->label = e->label;
	v->reason = (enum view_reason)e->reason;
	v->where = (enum view_where)e->where;
	v->merged = e->merged;
	v->penalised = e->penalised;
	v->req = e->req;
	v->req_first = e->req_first;
	v->req_npages = e->req_npages;
	v->count = e->count;
	v->marker = e->marker;
	v->marker_pages = e->marker_pages;
	v->order = e->order;
	v->hit = e->hit;
	v->async = e->async;
	v->read_index = e->read_index;
	v->page = e->page;
	v->mode = (enum view_mode)e->mode;
}

/* A new view of s's run. */
struct view *
feed_view(const struct sim *s)
{
	struct view_config	vc;

	feed_config(&vc, sim_config(s));
	return (view_new(&vc));
}

/* Apply e and, once, the rest of its burst. */
void
feed_step(struct view *v, uint64_t *ahead, const struct sim *s,
    const struct sim_event *e)
{
	const struct sim_event	*q;
	struct view_event	 ve;
	size_t			 n, i;

	if (*ahead > 0) {
		(*ahead)--;
		return;
	}
	feed_event(&ve, e);
	view_apply(v, &ve);
	q = sim_queued(s, &n);
	for (i = 0; i < n; i++) {
		feed_event(&ve, &q[i]);
		view_apply(v, &ve);
	}
	*ahead = n;
}

/* sim_extents() callback: a run into the view. */
static void
load_extent_cb(const struct sim_extent *x, void *arg)
{
	struct view_extent	vx;

	vx.first = x->first;
	vx.npages = x->npages;
	vx.state = (enum view_page)x->state;
	view_load_extent(arg, &vx);
}

/* The requests of one engine list into view list i. */
static void
load_list(struct view *v, int i, const struct sim_request *r, size_t n)
{
	struct view_request	vr;
	size_t			j;

	for (j = 0; j < n; j++) {
		memset(&vr, 0, sizeof vr);
		vr.id = r[j].id;
		vr.first = r[j].first;
		vr.npages = r[j].npages;
		vr.t_dispatch = r[j].t_dispatch;
		vr.penalised = r[j].penalised;
		view_load_request(v, i, &vr);
	}
}

/* A key frame. */
void
feed_load(struct view *v, uint64_t *ahead, const struct sim *s)
{
	const struct sim_config	*c = sim_config(s);
	const struct sim_stats	*ss = sim_stats(s);
	const struct sim_reader	*sr = sim_reader(s);
	const struct sim_ra	*sa = sim_ra(s);
	const struct sim_request *r;
	struct view_reader	 rd;
	struct view_ra		 ra;
	struct view_stats	 st;
	uint64_t		 mk[64], p, ff;
	size_t			 n, i, k;

	view_load_clear(v);
	sim_extents(s, 0, c->file_pages, load_extent_cb, v);
	/* Markers: a handful at most (one per window in flight). */
	k = sim_markers(s, mk, 64);
	for (i = 0; i < k && i < 64; i++)
		view_load_marker(v, mk[i], sim_folio(s, mk[i], &ff));
	r = sim_plug_list(s, &n);
	load_list(v, 0, r, n);
	r = sim_queue_list(s, &n);
	load_list(v, 1, r, n);
	r = sim_device_list(s, &n);
	load_list(v, 2, r, n);
	for (p = 1; p <= c->max_req_pages; p++)
		view_load_count(v, p, sim_request_count(s, p));

	memset(&rd, 0, sizeof rd);
	rd.task = (enum view_task)sr->task;
	rd.pos = sr->pos;
	rd.read_index = sr->read_index;
	rd.read_first = sr->read_first;
	rd.read_end = sr->read_end;
	rd.wait_page = sr->wait_page;
	rd.outer_plug = sr->outer_plug;
	ra.start = sa->start;
	ra.size = sa->size;
	ra.async_size = sa->async_size;
	memset(&st, 0, sizeof st);
	st.now_ns = ss->now_ns;
	st.reads_done = ss->reads_done;
	st.pages_copied = ss->pages_copied;
	st.requests = ss->requests;
	st.request_pages = ss->request_pages;
	st.max_request_pages = ss->max_request_pages;
	st.mode_request_pages = ss->mode_request_pages;
	st.stall_ns = ss->stall_ns;
	st.busy_ns = ss->busy_ns;
	st.waking_ns = ss->waking_ns;
	st.idle_ns = ss->idle_ns;
	st.ra_sync = ss->ra_sync;
	st.ra_async = ss->ra_async;
	st.flushes = ss->flushes;
	st.end_ns = ss->end_ns;
	view_load_state(v, &rd, &ra, &st, (enum view_mode)sim_mode(s),
	    (enum view_mode)sim_pending_mode(s), sim_queue_plugged(s),
	    sim_event_no(s));
	(void)sim_queued(s, &n);
	*ahead = n;
}
