/*
 * check_timeline.c - a run's timeline (timeline.h): going back gives the
 * state going forward gives, toggles come back at their events after going
 * back past them, a quiet jump then a step back restores a checkpoint near
 * the end instead of replaying from event 0, a quiet run applies the
 * toggles it passes over, a cancelled move leaves a usable timeline, a
 * long move runs the engine once wherever the run's end falls, a
 * checkpoint's renderer copied into place draws and records as it did,
 * going back far after a jump starts from an engine the jump passed, time sync
 * (near, and far in one quiet run) lands where stepping by the clock does,
 * replay and the label search see the toggles, and the search knows a
 * moment that never happens without running to the end.
 * States are compared by the engine's clock, counters and modes and by the
 * picture drawn through render_text_ops (the headless frames' back end).
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check-main.h"
#include "render.h"
#include "timeline.h"

#define COLS	120
#define ROWS	40

/* The picture of u as a malloc'd string. */
static char *
frame(struct timeline *u)
{
	struct render_text	*t = render_text_new();
	struct render_status	 st;
	char			*buf = NULL;
	size_t			 len = 0;
	FILE			*f = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(t);
	ck_assert_ptr_nonnull(f);
	memset(&st, 0, sizeof st);
	st.play = "PAUSED";
	st.speed = 10;
	render_resize(u->r, COLS, ROWS);
	render_draw(u->r, u->view, &render_text_ops, t, &st);
	render_text_write(t, f);
	fclose(f);
	render_text_free(t);
	return (buf);
}

/* u and v are in the same state: events, clock, modes and picture. */
static void
same(struct timeline *u, struct timeline *v)
{
	char	*fu, *fv;

	ck_assert_uint_eq(timeline_events(u), timeline_events(v));
	ck_assert_uint_eq(sim_stats(u->sim)->now_ns, sim_stats(v->sim)->now_ns);
	ck_assert_uint_eq(sim_stats(u->sim)->events, sim_stats(v->sim)->events);
	ck_assert_uint_eq(sim_next_time(u->sim), sim_next_time(v->sim));
	ck_assert_int_eq(sim_mode(u->sim), sim_mode(v->sim));
	ck_assert_int_eq(sim_pending_mode(u->sim), sim_pending_mode(v->sim));
	ck_assert_int_eq(sim_done(u->sim), sim_done(v->sim));
	fu = frame(u);
	fv = frame(v);
	ck_assert_str_eq(fu, fv);
	free(fu);
	free(fv);
}

/* same(), then both timelines are done. */
static void
same_done(struct timeline *u, struct timeline *v)
{
	same(u, v);
	timeline_done(u);
	timeline_done(v);
}

/* A fresh timeline of c (the default scenario when NULL), no poll hook. */
static void
start(struct timeline *u, const struct sim_config *c)
{
	struct sim_config	d;

	if (c == NULL) {
		sim_config_default(&d);
		c = &d;
	}
	ck_assert_int_eq(timeline_init(u, c, COLS, ROWS, NULL), 0);
}

/*
 * o, synced to time t, has every event at or before t and none after: it
 * is where a fresh run of c stepped by the clock to t is.
 */
static void
synced(struct timeline *o, const struct sim_config *c, uint64_t t)
{
	struct timeline	r;
	uint64_t	next;

	next = sim_next_time(o->sim);
	ck_assert(next == SIM_NONE || next > t);
	start(&r, c);
	while ((next = sim_next_time(r.sim)) != SIM_NONE && next <= t)
		CHECK_HOT(timeline_step(&r, NULL) == 1);
	/* Its clock reads t, with no event after the last one's. */
	ck_assert_uint_eq(timeline_clock(o), view_stats(o->view)->end_ns !=
	    VIEW_NONE && view_reader(o->view)->task == VIEW_TASK_DONE ?
	    timeline_clock(o) : t);
	timeline_advance(&r, t);
	same(o, &r);
	timeline_done(&r);
}

/* Step u one event at a time up to event n (the reference path). */
static void
step_to(struct timeline *u, uint64_t n)
{
	while (timeline_events(u) < n)
		CHECK_HOT(timeline_step(u, NULL) == 1);
}

/* u: a fresh run of the default scenario, stepped to event n, toggled to m. */
static void
toggled_at(struct timeline *u, uint64_t n, enum sim_mode m)
{
	start(u, NULL);
	step_to(u, n);
	ck_assert_int_eq(timeline_toggle(u, m), 0);
}

/* The default scenario with a file of `bytes`. */
static void
config_size(struct sim_config *c, uint64_t bytes)
{
	sim_config_default(c);
	c->file_pages = bytes / SIM_PAGE_SIZE;
}

/*
 * N events forward then M back is the state of N - M events forward,
 * stepped one by one: within a checkpoint's spacing, across several, and
 * back to event 0.
 */
START_TEST(test_back_equals_forward)
{
	static const uint64_t	nm[][2] = {
		{ 3000, 1 }, { 3000, 2 }, { 3000, 257 }, { 3000, 1000 },
		{ 3000, 2999 }, { 3000, 3000 }, { 600, 344 }, { 256, 1 },
	};
	struct timeline		a, b;
	size_t			i;

	for (i = 0; i < sizeof nm / sizeof nm[0]; i++) {
		start(&a, NULL);
		start(&b, NULL);
		ck_assert_int_eq(timeline_goto(&a, nm[i][0]), 0);
		ck_assert_uint_eq(timeline_events(&a), nm[i][0]);
		ck_assert_int_eq(timeline_goto(&a, nm[i][0] - nm[i][1]), 0);
		step_to(&b, nm[i][0] - nm[i][1]);
		same(&a, &b);
		/* And forward again from there is stepping on. */
		ck_assert_int_eq(timeline_goto(&a, nm[i][0] + 50), 0);
		step_to(&b, nm[i][0] + 50);
		same_done(&a, &b);
	}
}
END_TEST

/*
 * render_assign() (going back to a checkpoint) copies a renderer into
 * another's storage: the same picture at once, with few lane samples and
 * with a ring that has wrapped (past RENDER_HISTORY events), and the copy
 * records on as the original would have (its ring starts over at 0).
 */
START_TEST(test_render_assign)
{
	static const uint64_t	at[] = { 100, RENDER_HISTORY + 3000 };
	struct sim_config	c;
	struct timeline		a, b;
	struct render		*orig, *r;
	char			*fo, *fr;
	size_t			i;

	config_size(&c, UINT64_C(1) << 30);
	for (i = 0; i < sizeof at / sizeof at[0]; i++) {
		start(&a, &c);
		start(&b, &c);
		step_to(&a, at[i]);
		ck_assert_ptr_nonnull(r = render_new(COLS, ROWS));
		render_assign(r, a.r);
		fo = frame(&a);
		orig = a.r;
		a.r = r;
		fr = frame(&a);
		ck_assert_str_eq(fr, fo);
		free(fo);
		free(fr);
		render_free(orig);
		/* a records on with the copy. */
		step_to(&a, at[i] + 40);
		step_to(&b, at[i] + 40);
		same_done(&a, &b);
	}
}
END_TEST

/*
 * Toggles at a checkpoint's event (256) and between checkpoints (700):
 * going back to an event after both re-applies both at their events;
 * going back between them forgets the later one only; going back to a
 * toggle's own event keeps it, one event earlier forgets it.
 */
START_TEST(test_toggles_replayed)
{
	struct timeline	a, b, plain;
	char		*fa, *fp;

	start(&a, NULL);
	ck_assert_int_eq(sim_mode(a.sim), SIM_MODE_BUGGY);
	ck_assert_int_eq(timeline_goto(&a, 256), 0);
	ck_assert_int_eq(timeline_toggle(&a, SIM_MODE_FIXED), 0);
	ck_assert_int_eq(timeline_goto(&a, 700), 0);
	ck_assert_int_eq(timeline_toggle(&a, SIM_MODE_BUGGY), 0);
	ck_assert_int_eq(timeline_goto(&a, 1500), 0);
	ck_assert_uint_eq(a.ntg, 2);

	/*
	 * Back to 760: both toggles replayed, the later one by stepping on
	 * from the checkpoint at 512.
	 */
	ck_assert_int_eq(timeline_goto(&a, 760), 0);
	ck_assert_uint_eq(a.ntg, 2);
	toggled_at(&b, 256, SIM_MODE_FIXED);
	step_to(&b, 700);
	ck_assert_int_eq(timeline_toggle(&b, SIM_MODE_BUGGY), 0);
	step_to(&b, 760);
	same(&a, &b);
	timeline_done(&b);

	/* Back to 500: the fixed toggle only, and it shows. */
	ck_assert_int_eq(timeline_goto(&a, 500), 0);
	ck_assert_uint_eq(a.ntg, 1);
	toggled_at(&b, 256, SIM_MODE_FIXED);
	step_to(&b, 500);
	same(&a, &b);
	ck_assert_int_eq(sim_mode(a.sim), SIM_MODE_FIXED);
	start(&plain, NULL);
	step_to(&plain, 500);
	fa = frame(&a);
	fp = frame(&plain);
	ck_assert_str_ne(fa, fp);
	free(fa);
	free(fp);
	timeline_done(&b);

	/* Back to the toggle's own event keeps it, one earlier does not. */
	ck_assert_int_eq(timeline_goto(&a, 256), 0);
	ck_assert_uint_eq(a.ntg, 1);
	ck_assert_int_eq(sim_pending_mode(a.sim), SIM_MODE_FIXED);
	ck_assert_int_eq(timeline_goto(&a, 255), 0);
	ck_assert_uint_eq(a.ntg, 0);
	ck_assert_int_eq(timeline_goto(&a, 500), 0);
	same(&a, &plain);
	timeline_done(&plain);
	timeline_done(&a);
}
END_TEST

/*
 * A quiet jump to the end of a long run, then one event back: the
 * checkpoints the jump took near the end are kept and one of them is
 * restored (going back through event 0's would replay and take others),
 * and the state is the one a fresh timeline reaches going there.
 */
START_TEST(test_jump_back_near)
{
	struct sim_config	c;
	struct timeline		a, b;
	uint64_t		end, ev[TIMELINE_CKPT_MAX];
	size_t			i, n;

	config_size(&c, 1ull << 30);
	start(&a, &c);
	ck_assert_int_eq(timeline_goto(&a, UINT64_MAX), 0);
	ck_assert(sim_done(a.sim));
	end = timeline_events(&a);
	/* The quiet path ran: it skips repeated reads, stepping never does. */
	ck_assert_uint_gt(sim_stats(a.sim)->skipped_reads, 0);
	ck_assert_uint_gt(end, 4 * RENDER_HISTORY);
	/* Event 0's checkpoint, then none until the renderer is exact. */
	ck_assert_uint_ge(a.nck, 2);
	ck_assert_uint_eq(a.ck[0].ev, 0);
	ck_assert_uint_ge(a.ck[1].ev, end - 2 * RENDER_HISTORY);
	for (i = 0, n = 0; i < a.nck; i++)
		if (a.ck[i].ev <= end - 1)
			ev[n++] = a.ck[i].ev;
	ck_assert_uint_ge(n, 2);
	ck_assert_int_eq(timeline_goto(&a, end - 1), 0);
	ck_assert_uint_ge(a.nck, n);
	for (i = 0; i < n; i++)
		ck_assert_uint_eq(a.ck[i].ev, ev[i]);
	start(&b, &c);
	ck_assert_int_eq(timeline_goto(&b, end - 1), 0);
	same_done(&a, &b);
}
END_TEST

/*
 * A toggle the quiet engine passes over: going back from the end to the
 * middle restores a checkpoint before the toggle, and the quiet run from
 * there applies it at its event, as stepping there does.
 */
START_TEST(test_jump_over_toggle)
{
	struct sim_config	c;
	struct timeline		a, b;
	uint64_t		end, tg, mid;
	size_t			i;

	config_size(&c, 4ull << 30);
	start(&a, &c);
	ck_assert_int_eq(timeline_goto(&a, UINT64_MAX), 0);
	end = timeline_events(&a);
	timeline_done(&a);
	/* Between two checkpoints, and far enough from the middle to jump. */
	tg = end / 4 - end / 4 % TIMELINE_CKPT_SPACING + 100;
	mid = end / 2;
	ck_assert_uint_gt(mid - tg, 4 * RENDER_HISTORY);

	start(&a, &c);
	ck_assert_int_eq(timeline_goto(&a, tg), 0);
	ck_assert_int_eq(timeline_toggle(&a, SIM_MODE_FIXED), 0);
	ck_assert_int_eq(timeline_goto(&a, UINT64_MAX), 0);
	ck_assert_int_eq(timeline_goto(&a, mid), 0);
	ck_assert_uint_eq(a.ntg, 1);
	ck_assert_int_eq(sim_mode(a.sim), SIM_MODE_FIXED);
	/*
	 * The way back went through a checkpoint before the toggle (and a
	 * quiet run over it: none was taken until the renderer was exact).
	 */
	for (i = 0; i < a.nck; i++)
		ck_assert(a.ck[i].ev < tg ||
		    a.ck[i].ev >= mid - RENDER_HISTORY);
	start(&b, &c);
	ck_assert_int_eq(timeline_goto(&b, tg), 0);
	ck_assert_int_eq(timeline_toggle(&b, SIM_MODE_FIXED), 0);
	ck_assert_int_eq(timeline_goto(&b, mid), 0);
	same(&a, &b);
	/* A quiet run that lands on the toggle's own event applies it. */
	ck_assert_int_eq(timeline_goto(&a, tg + 2 * RENDER_HISTORY), 0);
	ck_assert_int_eq(timeline_goto(&b, tg), 0);
	step_to(&b, tg + 2 * RENDER_HISTORY);
	same_done(&a, &b);
}
END_TEST

/*
 * Poll hook: counts calls, cancels from call `stop` on (0: never); with
 * `forward` set, the move's progress only goes forward (one quiet run),
 * in events and in the share of the way it reports.
 */
struct probe {
	const struct timeline_poll	*poll;
	unsigned			 calls;
	unsigned			 stop;
	int				 forward;
	uint64_t			 last;
	unsigned			 last_pm;
};

static int
probe_cb(void *arg, uint64_t done, uint64_t total)
{
	struct probe	*p = arg;

	ck_assert(total == 0 || done <= total);
	if (p->forward) {
		ck_assert_uint_gt(done, p->last);
		ck_assert_uint_ge(p->poll->permille, p->last_pm);
		ck_assert_uint_le(p->poll->permille, 1000);
		p->last = done;
		p->last_pm = p->poll->permille;
	}
	p->calls++;
	return (p->stop != 0 && p->calls >= p->stop);
}

/* poll and p cleared, p hooked to poll with stop and forward. */
static void
hook(struct timeline_poll *poll, struct probe *p, unsigned stop, int forward)
{
	memset(poll, 0, sizeof *poll);
	memset(p, 0, sizeof *p);
	poll->fn = probe_cb;
	poll->arg = p;
	p->poll = poll;
	p->stop = stop;
	p->forward = forward;
}

/*
 * A long move the poll hook cancels returns -1 with cancelled set and
 * leaves the timeline at an event it had reached, in the state a fresh
 * timeline has there; the same move then completes, and going back from
 * it is as usual.
 */
START_TEST(test_cancel_consistent)
{
	struct sim_config	c;
	struct timeline_poll	poll;
	struct probe		p;
	struct timeline		a, b;
	uint64_t		at;

	/*
	 * One page per read and request, every event stepped (--no-skip): a
	 * long run that never jumps (its state repeats, late: a 64k-page file
	 * would jump over its tail).
	 */
	sim_config_default(&c);
	c.read_pages = 1;
	c.max_req_pages = 1;
	c.file_pages = 65536;
	c.no_skip = 1;
	hook(&poll, &p, 2, 0);
	ck_assert_int_eq(timeline_init(&a, &c, COLS, ROWS, &poll), 0);
	ck_assert_int_eq(timeline_goto(&a, UINT64_MAX), -1);
	ck_assert_int_eq(poll.cancelled, 1);
	ck_assert_uint_eq(p.calls, 2);
	ck_assert(!sim_done(a.sim));
	at = timeline_events(&a);
	ck_assert_uint_eq(sim_event_no(a.sim), at);
	start(&b, &c);
	step_to(&b, at);
	same(&a, &b);
	timeline_done(&b);

	/* The move again, not cancelled, reaches the stepped run's end. */
	poll.cancelled = 0;
	p.stop = 0;
	p.calls = 0;
	ck_assert_int_eq(timeline_goto(&a, UINT64_MAX), 0);
	ck_assert_uint_gt(p.calls, 0);
	ck_assert(sim_done(a.sim));
	start(&b, &c);
	while (timeline_step(&b, NULL) == 1)
		;
	same(&a, &b);
	timeline_done(&b);

	/* And back to the middle as a fresh timeline goes there. */
	ck_assert_int_eq(timeline_goto(&a, at / 2), 0);
	start(&b, &c);
	ck_assert_int_eq(timeline_goto(&b, at / 2), 0);
	same_done(&a, &b);
}
END_TEST

/*
 * One page per read and request, every event stepped (--no-skip): a run
 * whose quiet runs never jump (its state repeats, but late).
 */
static void
config_slow(struct sim_config *c, uint64_t pages)
{
	sim_config_default(c);
	c->read_pages = 1;
	c->max_req_pages = 1;
	c->file_pages = pages;
	c->no_skip = 1;
}

/* The events of c's run, stepped. */
static uint64_t
run_events(const struct sim_config *c)
{
	struct sim		*s = sim_new(c);
	struct sim_event	 e;
	uint64_t		 n = 0;

	ck_assert_ptr_nonnull(s);
	while (sim_step(s, &e) == 1)
		n++;
	sim_free(s);
	return (n);
}

/*
 * A long move runs the engine once: its progress never goes back (a
 * second run from the start would), over several slices; and wherever
 * the run's end falls against the target - after it, just short of it
 * (within the last 2 * RENDER_HISTORY events), or before the point the
 * jump first aimed at - the move lands as stepping does, with the
 * checkpoint half way through the last stretch.
 */
START_TEST(test_jump_once)
{
	struct sim_config	c;
	struct timeline_poll	poll;
	struct probe		m;
	struct timeline		a, b;
	uint64_t		end, n[4];
	size_t			i, k, half;

	config_slow(&c, 65536);
	end = run_events(&c);
	ck_assert_uint_gt(end, 16 * RENDER_HISTORY);
	n[0] = end - 3 * RENDER_HISTORY;	/* the run goes on */
	n[1] = end + 100;			/* ends just short */
	n[2] = end + 2 * RENDER_HISTORY + 5000;	/* before the aim */
	n[3] = UINT64_MAX;			/* G */
	for (i = 0; i < 4; i++) {
		hook(&poll, &m, 0, 1);
		ck_assert_int_eq(timeline_init(&a, &c, COLS, ROWS, &poll), 0);
		ck_assert_int_eq(timeline_goto(&a, n[i]), 0);
		ck_assert_uint_ge(m.calls, 2);
		/* The last call reported some of the way done. */
		ck_assert_uint_gt(m.last_pm, 0);
		ck_assert_uint_eq(timeline_events(&a), i == 0 ? n[0] : end);
		/* None in the quiet part, one half way after it. */
		for (k = 0, half = 0; k < a.nck; k++) {
			ck_assert(a.ck[k].ev < timeline_events(&a) -
			    2 * RENDER_HISTORY || a.ck[k].ev >=
			    timeline_events(&a) - RENDER_HISTORY);
			half += a.ck[k].ev ==
			    timeline_events(&a) - RENDER_HISTORY;
		}
		ck_assert_uint_eq(half, 1);
		start(&b, &c);
		step_to(&b, timeline_events(&a));
		if (i != 0)
			ck_assert_int_eq(timeline_step(&b, NULL), 0);
		same_done(&a, &b);
	}
}
END_TEST

/*
 * Time sync far behind, on runs that step every event: one quiet run
 * (progress never goes back), landing where stepping by the clock does;
 * then back to a middle time and forward again; a cancelled sync leaves
 * the run as it was.
 */
START_TEST(test_sync_far)
{
	struct sim_config	c;
	struct timeline_poll	poll;
	struct probe		p;
	struct timeline		main, o, r;
	uint64_t		t, ts[3], before;
	size_t			i;

	config_slow(&c, 65536);
	start(&main, &c);
	ck_assert_int_eq(timeline_goto(&main, UINT64_MAX), 0);
	ts[0] = sim_stats(main.sim)->now_ns;
	ts[1] = ts[0] / 2;
	ts[2] = ts[0] - ts[0] / 8;
	timeline_done(&main);
	c.mode = SIM_MODE_FIXED;
	hook(&poll, &p, 0, 1);
	ck_assert_int_eq(timeline_init(&o, &c, COLS, ROWS, &poll), 0);
	for (i = 0; i < 3; i++) {
		t = ts[i];
		p.last = 0;
		p.last_pm = 0;
		ck_assert_int_eq(timeline_sync_time(&o, t), 0);
		synced(&o, &c, t);
	}
	ck_assert_uint_ge(p.calls, 1);

	/*
	 * Cancelled far behind: where it was.  (A fresh run: this one has
	 * quiet checkpoints near every time above.)
	 */
	timeline_done(&o);
	hook(&poll, &p, 0, 0);
	ck_assert_int_eq(timeline_init(&o, &c, COLS, ROWS, &poll), 0);
	ck_assert_int_eq(timeline_sync_time(&o, ts[1]), 0);
	p.calls = 0;
	p.stop = 1;
	before = timeline_events(&o);
	ck_assert_int_eq(timeline_sync_time(&o, ts[0]), -1);
	ck_assert_int_eq(poll.cancelled, 1);
	ck_assert_uint_eq(p.calls, 1);
	ck_assert_uint_le(timeline_events(&o), before + 2 * RENDER_HISTORY + 1);
	start(&r, &c);
	step_to(&r, timeline_events(&o));
	same(&o, &r);
	timeline_done(&r);
	timeline_done(&o);
}
END_TEST

/*
 * Going back far after a jump, on a run that steps every event: the quiet
 * run starts from an engine the jump's run passed (a quiet checkpoint),
 * not from event 0 - the move polls at most once, and fewer times than a
 * fresh timeline's move, which polls several times - and lands as the
 * fresh one does.  A quiet checkpoint stands for the run only while the
 * toggles before it are the same: after a toggle the jump passed over,
 * and after going back before it and forgetting it, the moves still land
 * as fresh timelines with the same toggles do.
 */
START_TEST(test_back_far)
{
	struct sim_config	c;
	struct timeline_poll	poll;
	struct probe		p;
	struct timeline		a, b;
	uint64_t		end, to[2], tg;
	size_t			i;
	unsigned		calls;

	config_slow(&c, 65536);
	end = run_events(&c);
	to[0] = end / 2;
	to[1] = end / 2 - 20000;
	tg = end / 4;
	hook(&poll, &p, 0, 0);
	ck_assert_int_eq(timeline_init(&a, &c, COLS, ROWS, &poll), 0);
	ck_assert_int_eq(timeline_goto(&a, UINT64_MAX), 0);
	ck_assert_uint_ge(a.nqk, 2);
	for (i = 0; i < 2; i++) {
		p.calls = 0;
		ck_assert_int_eq(timeline_goto(&a, to[i]), 0);
		calls = p.calls;
		ck_assert_uint_le(calls, 1);
		ck_assert_int_eq(timeline_init(&b, &c, COLS, ROWS, &poll), 0);
		p.calls = 0;
		ck_assert_int_eq(timeline_goto(&b, to[i]), 0);
		ck_assert_uint_ge(p.calls, 2);
		ck_assert_uint_lt(calls, p.calls);
		same(&a, &b);
		timeline_done(&b);
	}

	/* A toggle before them: they no longer stand for the run. */
	ck_assert_int_eq(timeline_goto(&a, tg), 0);
	ck_assert_int_eq(timeline_toggle(&a, SIM_MODE_FIXED), 0);
	ck_assert_int_eq(timeline_goto(&a, UINT64_MAX), 0);
	ck_assert_int_eq(timeline_goto(&a, to[0]), 0);
	start(&b, &c);
	ck_assert_int_eq(timeline_goto(&b, tg), 0);
	ck_assert_int_eq(timeline_toggle(&b, SIM_MODE_FIXED), 0);
	ck_assert_int_eq(timeline_goto(&b, to[0]), 0);
	same(&a, &b);
	timeline_done(&b);

	/* Back before the toggle, which is forgotten, and forward again. */
	ck_assert_int_eq(timeline_goto(&a, tg - 1000), 0);
	ck_assert_uint_eq(a.ntg, 0);
	ck_assert_int_eq(timeline_goto(&a, to[0]), 0);
	start(&b, &c);
	ck_assert_int_eq(timeline_goto(&b, to[0]), 0);
	same(&a, &b);
	ck_assert_int_eq(timeline_goto(&a, UINT64_MAX), 0);
	ck_assert_int_eq(timeline_goto(&b, UINT64_MAX), 0);
	same_done(&a, &b);
}
END_TEST

/*
 * Time sync, forward (near and far) and back: every event at or before t
 * has happened and none after, as stepping by the clock gives.
 */
START_TEST(test_sync_time)
{
	struct sim_config	c;
	struct timeline		m, o;
	uint64_t		t;
	static const uint64_t	at[] = { 500, 3000, 1000, UINT64_MAX, 40 };
	size_t			i;

	sim_config_default(&c);
	start(&m, &c);
	c.mode = SIM_MODE_FIXED;
	start(&o, &c);
	for (i = 0; i < sizeof at / sizeof at[0]; i++) {
		ck_assert_int_eq(timeline_goto(&m, at[i]), 0);
		t = sim_stats(m.sim)->now_ns;
		ck_assert_int_eq(timeline_sync_time(&o, t), 0);
		ck_assert_uint_le(sim_stats(o.sim)->now_ns, t);
		synced(&o, &c, t);
	}
	timeline_done(&m);
	timeline_done(&o);
}
END_TEST

/* Replay probe: compares each event with the stepped ones. */
struct replay {
	const struct sim_event	*want;
	uint64_t		 n;
};

static void
replay_cb(void *arg, const struct sim_event *e)
{
	struct replay	*r = arg;

	ck_assert_uint_eq(e->seq, r->want[r->n].seq);
	ck_assert_uint_eq(e->t_ns, r->want[r->n].t_ns);
	ck_assert_int_eq(e->kind, r->want[r->n].kind);
	ck_assert_int_eq(e->mode, r->want[r->n].mode);
	r->n++;
}

/*
 * Replay and the label search go from event 0 with the toggles applied at
 * their events: the replayed events are the stepped ones, and a moment
 * found after a toggle at event 0 falls where a run stepped that way has
 * it (not where the unpatched run has it).
 */
START_TEST(test_label_replay)
{
	enum { N = 1200 };
	struct sim_event	*ev = calloc(N, sizeof *ev);
	struct timeline		 a, b;
	struct replay		 r;
	struct sim_event	 e;
	int64_t			 t3 = -1, t3_plain;
	uint64_t		 n;

	ck_assert_ptr_nonnull(ev);
	start(&a, NULL);
	t3_plain = timeline_find_label(&a, 3);
	ck_assert_int_gt(t3_plain, 0);
	ck_assert_int_eq(timeline_find_label(&a, 9), -1);
	/* Toggles at 0, 300 and 700; the events stepped, T3 among them. */
	ck_assert_int_eq(timeline_toggle(&a, SIM_MODE_FIXED), 0);
	for (n = 0; n < N || t3 < 0; n++) {
		if (n == 300)
			ck_assert_int_eq(timeline_toggle(&a, SIM_MODE_BUGGY),
			    0);
		if (n == 700)
			ck_assert_int_eq(timeline_toggle(&a, SIM_MODE_FIXED),
			    0);
		ck_assert_int_eq(timeline_step(&a, &e), 1);
		if (n < N)
			ev[n] = e;
		if (e.label == 3 && t3 < 0)
			t3 = (int64_t)n + 1;
	}
	ck_assert_int_ne(t3, t3_plain);
	ck_assert_int_eq(timeline_find_label(&a, 3), t3);
	r.want = ev;
	r.n = 0;
	ck_assert_int_eq(timeline_replay(&a, N, replay_cb, &r), 0);
	ck_assert_uint_eq(r.n, N);
	ck_assert(timeline_patched(&a, SIM_MODE_BUGGY));

	/* Gone back to 100 and forward again: the toggle at 0 only. */
	ck_assert_int_eq(timeline_goto(&a, 100), 0);
	ck_assert_int_eq(timeline_goto(&a, N), 0);
	ck_assert_uint_eq(a.ntg, 1);
	start(&b, NULL);
	ck_assert_int_eq(timeline_toggle(&b, SIM_MODE_FIXED), 0);
	for (n = 0; n < N; n++)
		ck_assert_int_eq(timeline_step(&b, &ev[n]), 1);
	same(&a, &b);
	r.n = 0;
	ck_assert_int_eq(timeline_replay(&a, N, replay_cb, &r), 0);
	ck_assert_uint_eq(r.n, N);
	ck_assert(!timeline_patched(&a, SIM_MODE_FIXED));
	ck_assert(timeline_patched(&a, SIM_MODE_BUGGY));
	timeline_done(&b);
	timeline_done(&a);
	/* Done twice is harmless (the application relies on it). */
	timeline_done(&a);
	free(ev);
}
END_TEST

/*
 * A moment that never happens (T3..T5 with 4 KiB reads) is known once no
 * label is left to come, on a 4 PiB file as on a small one (stepping to
 * the end would never finish); T1 and T2 are where stepping finds them.
 */
START_TEST(test_label_never)
{
	struct sim_config	c;
	struct timeline		a;
	struct sim		*s;
	struct sim_event	e;
	int64_t			at[3] = { -1, -1, -1 };
	uint64_t		n = 0;
	int			k;

	sim_config_default(&c);
	c.read_pages = 1;
	c.file_pages = 1ull << 40;
	start(&a, &c);
	for (k = 3; k <= 5; k++)
		ck_assert_int_eq(timeline_find_label(&a, k), -1);
	s = sim_new(&c);
	ck_assert_ptr_nonnull(s);
	while ((at[1] < 0 || at[2] < 0) && sim_step(s, &e) == 1) {
		n++;
		if (e.label >= 1 && e.label <= 2 && at[e.label] < 0)
			at[e.label] = (int64_t)n;
	}
	sim_free(s);
	ck_assert_int_gt(at[1], 0);
	ck_assert_int_eq(timeline_find_label(&a, 1), at[1]);
	ck_assert_int_eq(timeline_find_label(&a, 2), at[2]);
	timeline_done(&a);
}
END_TEST

/*
 * A rewind (a restart of the same scenario) keeps the checkpoints: going
 * forward again restores them, and the state is the one stepping gives;
 * a toggle made after going back drops the checkpoints ahead (they
 * describe a future without it); with toggles, a rewind forgets them and
 * the checkpoints they shaped (issue 22: a lesson's restart items).
 */
START_TEST(test_rewind)
{
	struct timeline	a, b;
	size_t		nck;

	start(&a, NULL);
	ck_assert_int_eq(timeline_goto(&a, 3000), 0);
	nck = a.nck;
	ck_assert_uint_gt(nck, 2);
	ck_assert_int_eq(timeline_rewind(&a), 0);
	ck_assert_uint_eq(timeline_events(&a), 0);
	ck_assert_uint_eq(a.nck, nck);
	start(&b, NULL);
	same(&a, &b);
	ck_assert_int_eq(timeline_goto(&a, 2900), 0);
	step_to(&b, 2900);
	same_done(&a, &b);

	/* Back, a toggle, forward: the toggle holds, not the old future. */
	start(&a, NULL);
	ck_assert_int_eq(timeline_goto(&a, 3000), 0);
	ck_assert_int_eq(timeline_goto(&a, 700), 0);
	ck_assert_uint_gt(a.nck, 3);
	ck_assert_int_eq(timeline_toggle(&a, SIM_MODE_FIXED), 0);
	ck_assert_uint_le(a.ck[a.nck - 1].ev, 700);
	ck_assert_int_eq(timeline_goto(&a, 2900), 0);
	toggled_at(&b, 700, SIM_MODE_FIXED);
	step_to(&b, 2900);
	same(&a, &b);
	timeline_done(&b);

	/* A rewind with a toggle: as a fresh run, no checkpoint ahead. */
	ck_assert_int_eq(timeline_rewind(&a), 0);
	ck_assert_uint_eq(a.ntg, 0);
	ck_assert_uint_eq(a.nck, 1);
	start(&b, NULL);
	ck_assert_int_eq(timeline_goto(&a, 1500), 0);
	step_to(&b, 1500);
	same_done(&a, &b);
}
END_TEST

/* u's picture cols x rows as a malloc'd string. */
static char *
frame_at(struct timeline *u, unsigned cols, unsigned rows)
{
	render_resize(u->r, cols, rows);
	return (frame(u));
}

/*
 * The second half of compare played fast: synced far ahead tick after tick
 * (a time step of the buggy run's 100000 events a second), each sync lands
 * near its time and steps only the span the picture needs, and draws what
 * stepping by the clock draws - at 80 columns and at the widest, 1000.
 * Runs: the default (the landing on the scout's engine), 4 KiB reads (more
 * events in the span than the renderer keeps: the landing past the span's
 * start), a latency of 200 ms (few events in the span: the landing before
 * it) and the disk.
 */
START_TEST(test_sync_ticks)
{
	struct sim_config	c;
	struct timeline		o, r;
	uint64_t		t, step, next;
	char			*fo, *fr;
	unsigned		i, w;

	sim_config_default(&c);
	c.mode = SIM_MODE_FIXED;
	c.file_pages = 1 << 18;
	step = 1700000000;
	switch (_i) {
	case 1:
		c.read_pages = 1;
		c.file_pages = 1 << 16;
		step = 150000000;
		break;
	case 2:
		c.device.latency_ns = 200000000;
		c.file_pages = 1 << 14;
		step = 900000000;
		break;
	case 3:
		c.device = *sim_preset_find("hdd");
		break;
	}
	start(&o, &c);
	start(&r, &c);
	for (i = 1, t = step; i <= 4; i++, t += step) {
		ck_assert_int_eq(timeline_sync_time(&o, t), 0);
		while ((next = sim_next_time(r.sim)) != SIM_NONE && next <= t)
			CHECK_HOT(timeline_step(&r, NULL) == 1);
		/* One clock: the synced half's reads t, as the stepped's. */
		timeline_advance(&r, t);
		ck_assert_uint_eq(timeline_events(&o), timeline_events(&r));
		for (w = 80; w <= RENDER_MAX_COLS; w += RENDER_MAX_COLS - 80) {
			fo = frame_at(&o, w, 30);
			fr = frame_at(&r, w, 30);
			if (strcmp(fo, fr) != 0)
				fprintf(stderr, "synced:\n%s\nstepped:\n%s", fo,
				    fr);
			ck_assert_msg(strcmp(fo, fr) == 0, "run %d, tick %u, %u "
			    "columns: the pictures differ", _i, i, w);
			free(fo);
			free(fr);
		}
	}
	/* Each landed: fewer events than the way stepped through it. */
	ck_assert_uint_gt(sim_stats(o.sim)->events, 0);
	timeline_done(&o);
	timeline_done(&r);
}
END_TEST

/* The suite. */
Suite *
check_suite(void)
{
	Suite	*s = suite_create("timeline");
	TCase	*tc = tcase_create("timeline");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_back_equals_forward);
	tcase_add_test(tc, test_render_assign);
	tcase_add_test(tc, test_toggles_replayed);
	tcase_add_test(tc, test_jump_back_near);
	tcase_add_test(tc, test_jump_over_toggle);
	tcase_add_test(tc, test_cancel_consistent);
	tcase_add_test(tc, test_sync_time);
	tcase_add_test(tc, test_jump_once);
	tcase_add_test(tc, test_back_far);
	tcase_add_test(tc, test_sync_far);
	tcase_add_test(tc, test_label_replay);
	tcase_add_test(tc, test_label_never);
	tcase_add_test(tc, test_rewind);
	tcase_add_loop_test(tc, test_sync_ticks, 0, 4);
	suite_add_tcase(s, tc);
	return (s);
}
