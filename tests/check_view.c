/*
 * check_view.c - the pipeline state the screen is drawn from (view.h),
 * built from events only, against the engine it mirrors: over a grid of
 * configurations and mode toggles, after every event, every page run,
 * marker, request list, the reader, the readahead window, the modes and
 * the statistics equal the engine's own answers; a key frame after a quiet
 * jump equals the engine and goes on equal; a copy is independent; and the
 * block-layer rules the events leave implied hold on hand-made events.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <string.h>

#include "check-main.h"
#include "feed.h"
#include "view.h"

/*
 * Why not ck_assert in the comparisons: Check records every passing
 * assertion (a message through a file), and these run millions of times.
 */
#define MUST(cond, ...) do {						\
	if (!(cond))							\
		ck_abort_msg(__VA_ARGS__);				\
} while (0)

/* Page runs collected by view_extents() / sim_extents(). */
struct runs {
	uint64_t	first[4096], n[4096];
	int		st[4096];
	size_t		len;
};

/* Add one run to r. */
static void
add_run(struct runs *r, uint64_t first, uint64_t n, int st)
{
	if (n == 0)
		return;
	/* Equal neighbours are one run, as the engine keeps them. */
	if (r->len > 0 && r->st[r->len - 1] == st &&
	    r->first[r->len - 1] + r->n[r->len - 1] == first) {
		r->n[r->len - 1] += n;
		return;
	}
	MUST(r->len < 4096, "too many runs");
	r->first[r->len] = first;
	r->n[r->len] = n;
	r->st[r->len++] = st;
}

/* The copy under way in the view being compared (view_copying()). */
static uint64_t copy_first_, copy_n_;

/*
 * A view's run; the engine marks a copy's pages consumed when it starts,
 * the view when it is done (model.md §3 step 4), so the pages of the copy
 * under way are compared as consumed.
 */
static void
view_run_cb(const struct view_extent *x, void *arg)
{
	uint64_t	a = x->first, e = x->first + x->npages;
	uint64_t	ca = copy_first_, ce = copy_first_ + copy_n_;

	if (copy_n_ == 0 || ce <= a || ca >= e) {
		add_run(arg, a, x->npages, (int)x->state);
		return;
	}
	MUST(x->state == VIEW_PAGE_UPTODATE, "a page under copy is %d",
	    (int)x->state);
	if (ca > a)
		add_run(arg, a, ca - a, (int)x->state);
	add_run(arg, ca > a ? ca : a, (ce < e ? ce : e) - (ca > a ? ca : a),
	    (int)VIEW_PAGE_CONSUMED);
	if (ce < e)
		add_run(arg, ce, e - ce, (int)x->state);
}

static void
sim_run_cb(const struct sim_extent *x, void *arg)
{
	add_run(arg, x->first, x->npages, (int)x->state);
}

static struct runs ra_, rb_;

/* One request list of the view equals the engine's. */
static void
same_list(const struct view_request *a, size_t na,
    const struct sim_request *b, size_t nb, const char *what, uint64_t ev)
{
	size_t	i;

	MUST(na == nb, "event %llu: %s: %zu requests, engine %zu",
	    (unsigned long long)ev, what, na, nb);
	for (i = 0; i < na; i++) {
		MUST(a[i].first == b[i].first &&
		    a[i].npages == b[i].npages, "event %llu: %s[%zu]: "
		    "[%llu,+%llu) engine [%llu,+%llu)", (unsigned long long)ev,
		    what, i, (unsigned long long)a[i].first,
		    (unsigned long long)a[i].npages,
		    (unsigned long long)b[i].first,
		    (unsigned long long)b[i].npages);
		MUST(a[i].t_dispatch == b[i].t_dispatch &&
		    a[i].penalised == b[i].penalised, "event %llu: %s[%zu] "
		    "dispatch", (unsigned long long)ev, what, i);
	}
}

#define SAME(field) MUST(vs->field == ss->field,		\
	"event %llu: " #field " %llu, engine %llu", (unsigned long long)ev, \
	(unsigned long long)vs->field, (unsigned long long)ss->field)

/* Everything the screen reads from v equals s. */
static void
same(const struct view *v, const struct sim *s, uint64_t ev)
{
	const struct view_stats		*vs = view_stats(v);
	const struct sim_stats		*ss = sim_stats(s);
	const struct view_reader	*vr = view_reader(v);
	const struct sim_reader		*sr = sim_reader(s);
	const struct sim_config		*c = sim_config(s);
	const struct view_request	*a;
	const struct sim_request	*b;
	uint64_t			 ma[64], mb[64], p;
	size_t				 na, nb, i;

	ra_.len = rb_.len = 0;
	copy_n_ = view_copying(v, &copy_first_);
	view_extents(v, 0, c->file_pages, view_run_cb, &ra_);
	sim_extents(s, 0, c->file_pages, sim_run_cb, &rb_);
	MUST(ra_.len == rb_.len, "event %llu: %zu page runs, engine "
	    "%zu", (unsigned long long)ev, ra_.len, rb_.len);
	for (i = 0; i < ra_.len; i++)
		MUST(ra_.first[i] == rb_.first[i] &&
		    ra_.n[i] == rb_.n[i] && ra_.st[i] == rb_.st[i],
		    "event %llu: page run %zu: [%llu,+%llu) %d, engine "
		    "[%llu,+%llu) %d", (unsigned long long)ev, i,
		    (unsigned long long)ra_.first[i],
		    (unsigned long long)ra_.n[i], ra_.st[i],
		    (unsigned long long)rb_.first[i],
		    (unsigned long long)rb_.n[i], rb_.st[i]);
	na = view_markers(v, ma, 64);
	nb = sim_markers(s, mb, 64);
	MUST(na == nb, "event %llu: %zu markers, engine %zu",
	    (unsigned long long)ev, na, nb);
	for (i = 0; i < na && i < 64; i++) {
		MUST(ma[i] == mb[i], "event %llu: marker %zu", (unsigned long long)ev, i);
		/* A marker sits on a folio: the view knows its size. */
		MUST(view_marker_pages(v, ma[i]) == sim_folio(s, mb[i], &p),
		    "event %llu: marked folio %zu", (unsigned long long)ev, i);
	}

	a = view_plug_list(v, &na);
	b = sim_plug_list(s, &nb);
	same_list(a, na, b, nb, "plug", ev);
	a = view_queue_list(v, &na);
	b = sim_queue_list(s, &nb);
	same_list(a, na, b, nb, "queue", ev);
	a = view_device_list(v, &na);
	b = sim_device_list(s, &nb);
	same_list(a, na, b, nb, "device", ev);
	MUST(view_queue_plugged(v) == sim_queue_plugged(s), "event %llu: queue plugged", (unsigned long long)ev);

	MUST((int)vr->task == (int)sr->task, "event %llu: task %d, "
	    "engine %d", (unsigned long long)ev, (int)vr->task, (int)sr->task);
	MUST(vr->pos == sr->pos && vr->read_index == sr->read_index &&
	    vr->read_first == sr->read_first && vr->read_end == sr->read_end &&
	    vr->wait_page == sr->wait_page && vr->outer_plug == sr->outer_plug,
	    "event %llu: reader", (unsigned long long)ev);
	MUST(view_ra(v)->start == sim_ra(s)->start &&
	    view_ra(v)->size == sim_ra(s)->size &&
	    view_ra(v)->async_size == sim_ra(s)->async_size,
	    "event %llu: readahead window", (unsigned long long)ev);
	MUST((int)view_mode(v) == (int)sim_mode(s), "event %llu: mode", (unsigned long long)ev);
	MUST((int)view_pending_mode(v) == (int)sim_pending_mode(s), "event %llu: pending mode", (unsigned long long)ev);

	SAME(now_ns);
	SAME(reads_done);
	SAME(pages_copied);
	SAME(requests);
	SAME(request_pages);
	SAME(max_request_pages);
	SAME(mode_request_pages);
	SAME(stall_ns);
	SAME(busy_ns);
	SAME(waking_ns);
	SAME(idle_ns);
	SAME(ra_sync);
	SAME(ra_async);
	SAME(flushes);
	SAME(end_ns);
	for (p = 1; p <= c->max_req_pages; p++)
		MUST(view_request_count(v, p) == sim_request_count(s, p),
		    "event %llu: requests of %llu pages", (unsigned long long)ev,
		    (unsigned long long)p);
}

/* A configuration of the grid. */
static void
grid_config(struct sim_config *c, unsigned i)
{
	static const char *const dev[] = { "report", "nvme", "hdd" };
	static const uint64_t bs[] = { 1, 16, 256, 257 };
	static const uint64_t ra[] = { 32, 256 };

	sim_config_default(c);
	c->mode = (enum sim_mode)(i % SIM_MODE_COUNT);
	i /= SIM_MODE_COUNT;
	c->device = *sim_preset_find(dev[i % 3]);
	i /= 3;
	c->read_pages = bs[i % 4];
	i /= 4;
	c->ra_pages = ra[i % 2];
	i /= 2;
	c->file_pages = 2048 + 17;
	if (i % 4 == 1)
		c->max_req_pages = 1;
	else if (i % 4 == 2)
		c->plug_limit = 2;
	else if (i % 4 == 3) {
		c->device.qd = 1;
		c->source = SIM_SOURCE_FILE;
	}
}

#define GRID	(SIM_MODE_COUNT * 3 * 4 * 2 * 4)

/*
 * Step s to its end with a view fed alongside, toggling the mode every
 * `toggle` events (0: never), comparing after every event.
 */
static void
run_compare(const struct sim_config *c, uint64_t toggle)
{
	struct sim		*s = sim_new(c);
	struct view		*v;
	struct sim_event	 e;
	uint64_t		 ahead = 0, n = 0;
	int			 rc;

	ck_assert_ptr_nonnull(s);
	v = feed_view(s);
	same(v, s, 0);
	while ((rc = sim_step(s, &e)) == 1) {
		feed_step(v, &ahead, s, &e);
		n++;
		if (toggle != 0 && n % toggle == 0) {
			sim_set_mode(s, (enum sim_mode)((n / toggle) %
			    SIM_MODE_COUNT));
			view_set_pending(v, (enum view_mode)((n / toggle) %
			    SIM_MODE_COUNT));
		}
		same(v, s, n);
	}
	ck_assert_int_eq(rc, 0);
	view_free(v);
	sim_free(s);
}

/* The whole grid, each configuration stepped and compared throughout. */
START_TEST(test_grid)
{
	struct sim_config	c;

	grid_config(&c, (unsigned)_i);
	run_compare(&c, 0);
}
END_TEST

/* Mode toggles along the run, every mode into every other. */
START_TEST(test_toggles)
{
	struct sim_config	c;

	grid_config(&c, (unsigned)_i * 7);
	run_compare(&c, 97 + (uint64_t)_i);
}
END_TEST

/* A key frame after a quiet jump equals the engine, and stays equal. */
START_TEST(test_key_frame)
{
	struct sim_config	c;
	struct sim		*s;
	struct view		*v;
	struct sim_event	 e;
	uint64_t		 ahead = 0, n;
	static const uint64_t	 at[] = { 1, 2, 3, 50, 333, 1000 };
	size_t			 k;

	grid_config(&c, (unsigned)_i * 5);
	c.file_pages = 8192;
	for (k = 0; k < sizeof at / sizeof at[0]; k++) {
		s = sim_new(&c);
		ck_assert_ptr_nonnull(s);
		ck_assert_int_eq(sim_run_until(s, at[k]), 0);
		v = feed_view(s);
		feed_load(v, &ahead, s);
		n = sim_event_no(s);
		same(v, s, n);
		while (n < at[k] + 600 && sim_step(s, &e) == 1) {
			feed_step(v, &ahead, s, &e);
			same(v, s, ++n);
		}
		view_free(v);
		sim_free(s);
	}
}
END_TEST

/* A copy goes on by itself; the original is untouched by it. */
START_TEST(test_clone)
{
	struct sim_config	c;
	struct sim		*s, *s2;
	struct view		*v, *v2;
	struct sim_event	 e;
	uint64_t		 ahead = 0, ahead2, n = 0;

	sim_config_default(&c);
	c.file_pages = 1024;
	s = sim_new(&c);
	v = feed_view(s);
	while (n < 40 && sim_step(s, &e) == 1) {
		feed_step(v, &ahead, s, &e);
		n++;
	}
	s2 = sim_clone(s);
	v2 = view_clone(v);
	ahead2 = ahead;
	while (sim_step(s2, &e) == 1)
		feed_step(v2, &ahead2, s2, &e);
	same(v2, s2, 0);
	same(v, s, n);
	view_free(v2);
	sim_free(s2);
	view_free(v);
	sim_free(s);
}
END_TEST

/* An event built by hand, of request req (0: none). */
static struct view_event
ev(enum view_ev k, uint64_t t, uint64_t first, uint64_t n, uint32_t req)
{
	struct view_event	e;

	memset(&e, 0, sizeof e);
	e.kind = k;
	e.t_ns = t;
	e.first = first;
	e.npages = n;
	e.req = req;
	e.marker = e.hit = e.page = e.req_first = VIEW_NONE;
	return (e);
}

/* Apply an event built by hand. */
static void
put(struct view *v, struct view_event e)
{
	view_apply(v, &e);
}

/* A new request req of pages [first, first + n) at time 0, held at w. */
static void
queued(struct view *v, uint64_t first, uint64_t n, enum view_where w,
    uint32_t req)
{
	struct view_event	e = ev(VIEW_EV_QUEUE, 0, first, n, req);

	e.where = w;
	e.req_first = first;
	e.req_npages = n;
	view_apply(v, &e);
}

/*
 * The rules the events leave implied: a flush merges the plug's requests
 * into touching queued ones within the limit; a completion wakes the
 * sleeper; the device wakes, then serves; the stall runs to now.
 */
START_TEST(test_rules)
{
	struct view_config		 c;
	struct view			*v;
	struct view_event		 e;
	const struct view_request	*r;
	size_t				 n;

	memset(&c, 0, sizeof c);
	c.mode = VIEW_MODE_FIXED;
	c.file_pages = 100;
	c.read_pages = 8;
	c.ra_pages = 32;
	c.max_req_pages = 8;
	c.idle_penalty_ns = 50;
	v = view_new(&c);

	/* A request [0,4) in the queue, two on the plug: [4,8), [8,12). */
	queued(v, 0, 4, VIEW_WHERE_QUEUE, 1);
	queued(v, 4, 4, VIEW_WHERE_PLUG, 2);
	queued(v, 8, 4, VIEW_WHERE_PLUG, 3);
	ck_assert_int_eq(view_page_state(v, 5), VIEW_PAGE_PLUGGED);
	(void)view_plug_list(v, &n);
	ck_assert_uint_eq(n, 2);

	/* Flushed: [4,8) back-merges up to the limit, [8,12) stays alone. */
	e = ev(VIEW_EV_FLUSH, 10, 4, 8, 0);
	e.reason = VIEW_REASON_FINISH;
	view_apply(v, &e);
	r = view_queue_list(v, &n);
	ck_assert_uint_eq(n, 2);
	ck_assert_uint_eq(r[0].first, 0);
	ck_assert_uint_eq(r[0].npages, 8);
	ck_assert_uint_eq(r[1].first, 8);
	ck_assert_int_eq(view_page_state(v, 5), VIEW_PAGE_QUEUED);

	/* The reader sleeps on page 9; [0,8) goes out and pays the penalty. */
	e = ev(VIEW_EV_WAIT, 20, 9, 1, 0);
	e.page = 9;
	view_apply(v, &e);
	e = ev(VIEW_EV_DISPATCH, 20, 0, 8, 1);
	e.penalised = 1;
	view_apply(v, &e);
	(void)view_queue_list(v, &n);
	ck_assert_uint_eq(n, 1);
	put(v, ev(VIEW_EV_DISPATCH, 30, 8, 4, 3));
	/* 20..70 the whole link wakes: [8,12), sent at 30, waits too. */
	put(v, ev(VIEW_EV_COMPLETE, 100, 8, 4, 3));
	ck_assert_uint_eq(view_stats(v)->idle_ns, 20);
	ck_assert_uint_eq(view_stats(v)->waking_ns, 50);
	ck_assert_uint_eq(view_stats(v)->busy_ns, 30);
	ck_assert_int_eq(view_reader(v)->task, VIEW_TASK_WAKING);
	ck_assert_uint_eq(view_stats(v)->stall_ns, 80);
	ck_assert_uint_eq(view_request_count(v, 8), 1);
	ck_assert_uint_eq(view_stats(v)->mode_request_pages, 8);

	/* A window that becomes the state, then one that leaves it. */
	e = ev(VIEW_EV_RA_SYNC, 110, 16, 8, 0);
	e.async = 4;
	e.hit = 16;
	e.marker = 20;
	view_apply(v, &e);
	e = ev(VIEW_EV_RA_ASYNC, 120, 20, 0, 0);
	e.hit = 20;
	view_apply(v, &e);
	ck_assert_uint_eq(view_ra(v)->start, 16);
	ck_assert_uint_eq(view_ra(v)->size, 8);
	ck_assert_uint_eq(view_ra(v)->async_size, 4);
	ck_assert_uint_eq(view_markers(v, NULL, 0), 0);
	view_free(v);
}
END_TEST

/*
 * Request sizes cost memory per size seen, not per page of the largest
 * (issue 22 item 2: a trace's request of 2^32-1 sectors made the view's
 * size histogram 4 GiB, copied with every clone).  A request limit of
 * 2^32-1 pages, requests of every size up to it, and 64 clones: each
 * size is counted, the two most common are known, in little memory.
 */
START_TEST(test_huge_sizes)
{
	struct view_config	 c;
	struct view		*v, *cl[64];
	uint64_t		 n, sizes[3] = { UINT32_MAX, 1, UINT32_MAX - 1 };
	size_t			 i;

	memset(&c, 0, sizeof c);
	c.mode = VIEW_MODE_FIXED;
	c.file_pages = UINT64_C(1) << 40;
	c.read_pages = 1;
	c.ra_pages = 32;
	c.max_req_pages = UINT32_MAX;
	v = view_new(&c);
	for (i = 0; i < 5; i++) {
		put(v, ev(VIEW_EV_DISPATCH, i, 0, sizes[i % 3], (uint32_t)i));
		put(v, ev(VIEW_EV_COMPLETE, i, 0, sizes[i % 3], (uint32_t)i));
	}
	for (i = 0; i < 64; i++)
		cl[i] = view_clone(v);
	ck_assert_uint_eq(view_request_count(cl[63], UINT32_MAX), 2);
	ck_assert_uint_eq(view_request_count(cl[63], 1), 2);
	ck_assert_uint_eq(view_request_count(cl[63], UINT32_MAX - 1), 1);
	ck_assert_uint_eq(view_request_count(cl[63], 2), 0);
	/* Ties go to the larger size. */
	ck_assert_uint_eq(view_request_top(cl[63], 0, &n), UINT32_MAX);
	ck_assert_uint_eq(n, 2);
	ck_assert_uint_eq(view_request_top(cl[63], 1, &n), 1);
	ck_assert_uint_eq(n, 2);
	ck_assert_uint_eq(view_stats(cl[63])->mode_request_pages, UINT32_MAX);
	for (i = 0; i < 64; i++)
		view_free(cl[i]);
	view_free(v);
}
END_TEST

CHECK_SUITE("view", CHECK_CASE("view", 120), CHECK_LOOP(test_grid, GRID),
    CHECK_LOOP(test_toggles, 12), CHECK_LOOP(test_key_frame, 12),
    CHECK_TEST(test_clone), CHECK_TEST(test_rules),
    CHECK_TEST(test_huge_sizes))
