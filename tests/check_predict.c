/*
 * check_predict.c - predict-then-reveal questions: on whole buggy, fixed
 * and legacy runs (500 events each, several devices) every question's
 * right answer is what the engine then does, checked here from the
 * revealed events themselves, and every moment T1..T5 comes with a
 * question first; asking is deterministic and leaves the
 * engine alone; the verdict and the summary lines.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "check-app.h"
#include "check-main.h"
#include "predict.h"
#include "render.h"

#define EVENTS	500

/* A run of the default scenario (16 MiB) in mode m on device dev. */
static struct sim *
start(enum sim_mode m, const char *dev)
{
	struct sim_config	 c;
	struct sim		*s;

	sim_config_default(&c);
	c.file_pages = 4096;
	c.mode = m;
	if (dev != NULL) {
		ck_assert_ptr_nonnull(sim_preset_find(dev));
		c.device = *sim_preset_find(dev);
	}
	s = sim_new(&c);
	ck_assert_ptr_nonnull(s);
	return (s);
}

/* Does the reader go on with an event of kind k? */
static int
moves(enum sim_ev k)
{
	return (k == SIM_EV_COPY || k == SIM_EV_WAIT || k == SIM_EV_WAKE ||
	    k == SIM_EV_READ_BEGIN || k == SIM_EV_READ_END ||
	    k == SIM_EV_RA_SYNC || k == SIM_EV_RA_ASYNC);
}

/* Is request req dispatched by s before the reader goes on? */
static int
sent_before_reader(const struct sim *s, uint32_t req)
{
	struct sim		*c = sim_clone(s);
	struct sim_event	 e;
	int			 sent = 0, i;

	ck_assert_ptr_nonnull(c);
	for (i = 0; i < 200 && sim_step(c, &e) == 1; i++) {
		if (e.kind == SIM_EV_DISPATCH && e.req == req) {
			sent = 1;
			break;
		}
		if (moves(e.kind))
			break;
	}
	sim_free(c);
	return (sent);
}

/* The answer a flush of reason r in mode m must have. */
static enum predict_answer
flush_truth(enum sim_reason r, enum sim_mode m)
{
	if (r == SIM_REASON_SLEEP)
		return (PREDICT_FL_SLEEP);
	if (r == SIM_REASON_FINISH)
		return (m == SIM_MODE_BUGGY ? PREDICT_FL_READ :
		    PREDICT_FL_RA);
	if (r == SIM_REASON_LIMIT)
		return (PREDICT_FL_LIMIT);
	if (r == SIM_REASON_TIMER)
		return (PREDICT_FL_TIMER);
	if (r == SIM_REASON_THRESHOLD)
		return (PREDICT_FL_THRESHOLD);
	if (r == SIM_REASON_EXPLICIT)
		return (PREDICT_FL_EXPLICIT);
	return (PREDICT_FL_SWITCH);
}

/* Tally of right answers by kind over a run. */
struct tally {
	unsigned	 questions;
	unsigned	 by[PREDICT_ANSWER_COUNT];
};

/*
 * Step s for EVENTS events as a student would: at each event ask; at a
 * question, reveal its events on s itself and check the right answer
 * against them.
 */
static void
run_checked(struct sim *s, struct tally *t)
{
	struct predict_q	 q, q2;
	struct sim_event	 e, first, queue;
	enum predict_answer	 right;
	enum sim_page		 st = SIM_PAGE_ABSENT;
	uint32_t		 req = 0;
	uint64_t		 k, before;
	int			 rc, qn, label;
	unsigned		 i, j;

	memset(t, 0, sizeof *t);
	memset(&first, 0, sizeof first);
	memset(&queue, 0, sizeof queue);
	memset(&e, 0, sizeof e);
	while (sim_event_no(s) < EVENTS && !sim_done(s)) {
		before = sim_event_no(s);
		qn = predict_ask(s, &q);
		ck_assert_int_ge(qn, 0);
		/* Asking changes nothing and says the same twice. */
		ck_assert_uint_eq(sim_event_no(s), before);
		ck_assert_int_eq(predict_ask(s, &q2), qn);
		ck_assert(memcmp(&q, &q2, sizeof q) == 0);
		if (qn == 0) {
			rc = sim_step(s, &e);
			ck_assert_int_ge(rc, 0);
			/* Every moment T1..T5 is asked about first. */
			ck_assert_msg(rc == 0 || e.label == 0, "T%d at event "
			    "%llu without a question", e.label,
			    (unsigned long long)e.seq);
			continue;
		}
		t->questions++;
		ck_assert_uint_eq(q.at, before);
		ck_assert_uint_ge(q.nchoices, 2);
		ck_assert_uint_le(q.nchoices, PREDICT_CHOICES);
		ck_assert_uint_lt(q.right, q.nchoices);
		ck_assert_uint_ge(q.reveal, 1);
		ck_assert(q.question[0] != '\0' && q.why[0] != '\0');
		for (i = 0; i < q.nchoices; i++) {
			ck_assert_msg(q.text[i][0] != '\0' &&
			    strchr(q.text[i], '%') == NULL &&
			    strstr(q.text[i], "#0") == NULL, "%s", q.text[i]);
			for (j = i + 1; j < q.nchoices; j++)
				ck_assert(q.choice[i] != q.choice[j]);
		}
		right = q.choice[q.right];
		t->by[right]++;
		/* Reveal on s itself; remember what the truth needs. */
		label = 0;
		req = 0;
		for (k = 0; k < q.reveal; k++) {
			if (k == 0) {
				struct sim *c = sim_clone(s);
				struct sim_event pe;

				ck_assert_ptr_nonnull(c);
				ck_assert_int_eq(sim_step(c, &pe), 1);
				if (pe.kind == SIM_EV_WAIT)
					st = sim_page_state(s, pe.page);
				sim_free(c);
			}
			ck_assert_int_eq(sim_step(s, &e), 1);
			if (k == 0)
				first = e;
			if (label == 0)
				label = e.label;
			if (e.kind == SIM_EV_QUEUE && req == 0) {
				req = e.req;
				queue = e;
			}
			if (k > 0 && q.kind != PREDICT_WINDOW)
				ck_assert_msg(e.kind == SIM_EV_DISPATCH ||
				    e.kind == SIM_EV_FLUSH, "event %llu",
				    (unsigned long long)e.seq);
		}
		ck_assert_int_eq(label, q.label);
		switch (q.kind) {
		case PREDICT_WINDOW:
			ck_assert(first.kind == SIM_EV_RA_SYNC ||
			    first.kind == SIM_EV_RA_ASYNC);
			if (right == PREDICT_SENT) {
				/* The last revealed event sends it. */
				ck_assert_int_eq(e.kind, SIM_EV_DISPATCH);
				ck_assert(req == 0 || e.req == req);
				break;
			}
			/* Held or merged: the last event queued it... */
			ck_assert_int_eq(e.kind, SIM_EV_QUEUE);
			ck_assert_uint_ne(req, 0);
			/* ...the first QUEUE event says how... */
			ck_assert_int_eq(right, queue.merged ? PREDICT_MERGED :
			    queue.where == SIM_WHERE_QUEUE ?
			    PREDICT_HELD_QUEUE : PREDICT_HELD_PLUG);
			/* ...and it stays until the reader goes on. */
			ck_assert(!sent_before_reader(s, req));
			break;
		case PREDICT_FLUSH:
			ck_assert_int_eq(first.kind, SIM_EV_FLUSH);
			ck_assert_int_eq(right,
			    flush_truth(first.reason, first.mode));
			break;
		case PREDICT_WAIT:
			ck_assert_int_eq(first.kind, SIM_EV_WAIT);
			ck_assert_int_eq(right, st == SIM_PAGE_PLUGGED ?
			    PREDICT_W_PLUG : st == SIM_PAGE_QUEUED ?
			    PREDICT_W_QUEUE : PREDICT_W_DEVICE);
			break;
		default:
			ck_abort_msg("question of no kind");
		}
	}
}

/* An answer, as a bit of the sets below. */
#define A(x)	(1ul << PREDICT_##x)

/*
 * The runs whose every question run_checked() checks, with how many
 * questions at least and which right answers must come up, and never.
 */
static const struct {
	enum sim_mode	 mode;
	const char	*dev;		/* a preset, or NULL for the default */
	unsigned	 questions;
	unsigned long	 seen, never;
} runs[] = {
	/* Buggy: windows held and merged, stalls on plugged pages. */
	{ SIM_MODE_BUGGY, NULL, 20,
	    A(HELD_PLUG) | A(MERGED) | A(FL_SLEEP) | A(W_PLUG), A(SENT) },
	/* Fixed: every window is sent before the reader goes on. */
	{ SIM_MODE_FIXED, NULL, 20, A(SENT),
	    A(HELD_PLUG) | A(MERGED) | A(W_PLUG) },
	/* Legacy has no plug list; the other devices in every mode. */
	{ SIM_MODE_LEGACY, NULL, 5, 0, A(HELD_PLUG) },
	{ SIM_MODE_BUGGY, "hdd", 5, 0, 0 },
	{ SIM_MODE_FIXED, "hdd", 5, 0, 0 },
	{ SIM_MODE_LEGACY, "hdd", 5, 0, A(HELD_PLUG) },
	{ SIM_MODE_BUGGY, "nvme", 5, 0, 0 },
	{ SIM_MODE_FIXED, "nvme", 5, 0, 0 },
	{ SIM_MODE_LEGACY, "nvme", 5, 0, A(HELD_PLUG) },
	{ SIM_MODE_BUGGY, "sata2", 5, 0, 0 },
	{ SIM_MODE_FIXED, "sata2", 5, 0, 0 },
	{ SIM_MODE_LEGACY, "sata2", 5, 0, A(HELD_PLUG) },
};

/* One run: every question checked, the answers as runs[] says. */
START_TEST(run_answers)
{
	struct sim	*s = start(runs[_i].mode, runs[_i].dev);
	struct tally	 t;
	const char	*name;
	int		 k;

	run_checked(s, &t);
	ck_assert_uint_ge(t.questions, runs[_i].questions);
	for (k = 0; k < PREDICT_ANSWER_COUNT; k++) {
		name = predict_answer_name((enum predict_answer)k);
		if (runs[_i].seen & 1ul << k)
			ck_assert_msg(t.by[k] > 0, "'%s' never right", name);
		if (runs[_i].never & 1ul << k)
			ck_assert_msg(t.by[k] == 0, "'%s' right %u times",
			    name, t.by[k]);
	}
	sim_free(s);
}
END_TEST

/* The first question of buggy T1: a window, held in the plug. */
START_TEST(first_question)
{
	struct sim		*s = start(SIM_MODE_BUGGY, NULL);
	struct sim_event	 e;
	struct predict_q	 q;
	char			 v[256];

	ck_assert_int_eq(predict_ask(s, &q), 0);	/* read_begin */
	ck_assert_int_eq(sim_step(s, &e), 1);
	ck_assert_int_eq(predict_ask(s, &q), 1);
	ck_assert_int_eq(q.kind, PREDICT_WINDOW);
	ck_assert_int_eq(q.label, 1);
	ck_assert_str_eq(q.question, "What happens to window [0,64) now?");
	ck_assert_uint_eq(q.nchoices, 2);	/* nothing held to merge into */
	ck_assert_str_eq(q.text[0], "sent to the device now");
	ck_assert_str_eq(q.text[1], "held in the plug");
	ck_assert_uint_eq(q.right, 1);
	ck_assert_uint_eq(q.reveal, 2);
	predict_verdict(v, sizeof v, &q, 1);
	ck_assert_str_eq(v, "right: b) held in the plug\nheld: the outer "
	    "plug is still held, nobody sleeps");
	predict_verdict(v, sizeof v, &q, 0);
	ck_assert_str_eq(v, "wrong (you said a): b) held in the plug\n"
	    "held: the outer plug is still held, nobody sleeps");
	sim_free(s);
}
END_TEST

/* The summary names the misses by moment, then by event. */
START_TEST(summary)
{
	struct predict_score	 sc;
	struct predict_q	 q;
	char			 b[512];
	unsigned		 i;

	memset(&sc, 0, sizeof sc);
	predict_summary(b, sizeof b, &sc);
	ck_assert_str_eq(b, "0 of 0 right");
	memset(&q, 0, sizeof q);
	q.nchoices = 3;
	q.choice[0] = PREDICT_SENT;
	q.choice[1] = PREDICT_HELD_PLUG;
	q.choice[2] = PREDICT_MERGED;
	q.right = 1;
	q.label = 3;
	predict_score_add(&sc, &q, 1);
	predict_score_add(&sc, &q, 0);
	q.label = 0;
	q.at = 42;
	q.right = 2;
	predict_score_add(&sc, &q, 0);
	predict_summary(b, sizeof b, &sc);
	ck_assert_str_eq(b, "1 of 3 right; missed: T3 (held in the plug), "
	    "#42 (merged)");
	for (i = 0; i < 10; i++)
		predict_score_add(&sc, &q, 0);
	predict_summary(b, sizeof b, &sc);
	ck_assert_msg(strstr(b, "1 of 13 right") == b &&
	    strstr(b, ", 6 more") != NULL, "%s", b);
}
END_TEST

/* The screen of a at 80x24 as text, in buf. */
static char *
screen(struct app *a, char *buf, size_t len)
{
	char	*f = check_frame(a, 80, 24);

	snprintf(buf, len, "%s", f);
	free(f);
	return (buf);
}

/* a is at event n, and asks a question or not. */
static void
at(const struct app *a, uint64_t n, int asking)
{
	ck_assert_uint_eq(app_event_no(a), n);
	ck_assert_int_eq(app_state(a)->asking, asking);
}

/* The application: ask, refuse to move on, reveal, jump, summarize. */
START_TEST(app_flow)
{
	struct sim_config		 c;
	struct app			*a;
	const struct predict_score	*sc;
	static char			 b[8192];

	sim_config_default(&c);
	c.file_pages = 1024;
	a = app_new(&c);
	ck_assert_ptr_nonnull(a);
	check_exec(a, CMD_ANSWER, 1);
	ck_assert(app_flash_shown(a));		/* no question: P */
	check_exec(a, CMD_PREDICT, 1);
	ck_assert(app_state(a)->predict);
	ck_assert(!app_state(a)->asking);		/* read_begin is next */
	check_exec(a, CMD_STEP, 1);
	at(a, 1, 1);
	ck_assert(strstr(screen(a, b, sizeof b),
	    "What happens to window [0,64) now?\n  a) sent to the device "
	    "now\n  b) held in the plug\nanswer a or b") != NULL);
	/* Stepping and playing wait for the answer; c is out of range. */
	app_flash_clear(a);
	check_exec(a, CMD_STEP, 1);
	check_exec(a, CMD_PLAYPAUSE, 0);
	ck_assert(!app_state(a)->playing);
	check_exec(a, CMD_ANSWER, 3);
	at(a, 1, 1);
	check_exec(a, CMD_ANSWER, 2);
	at(a, 3, 0);
	ck_assert(strstr(screen(a, b, sizeof b), "right: b) held in the "
	    "plug\nheld: the outer plug is still held, nobody sleeps") != NULL);
	/* The next step asks at once: the reader sleeping on page 0. */
	check_exec(a, CMD_STEP, 1);
	at(a, 3, 1);
	check_exec(a, CMD_ANSWER, 1);
	ck_assert(strstr(screen(a, b, sizeof b), "wrong (you said a): c) "
	    "request #1 is still plugged: it waits for all 256 KiB\n") !=
	    NULL);
	/* A jump stops before the moment; going back drops the question. */
	check_exec(a, CMD_JUMP, 4);
	at(a, 12, 1);
	check_exec(a, CMD_BACK, 1);
	ck_assert(!app_state(a)->asking);
	check_exec(a, CMD_JUMP, 5);
	ck_assert_uint_eq(app_event_no(a), 14);
	check_exec(a, CMD_ANSWER, 3);
	ck_assert_uint_eq(app_event_no(a), 17);
	sc = app_predict_score(a);
	ck_assert_uint_eq(sc->asked, 3);
	ck_assert_uint_eq(sc->right, 2);
	check_exec(a, CMD_PREDICT, 2);
	ck_assert(!app_state(a)->predict && !app_state(a)->asking);
	ck_assert(strstr(screen(a, b, sizeof b), "predictions: 2 of 3 right; "
	    "missed: T2 (waits for all of a plugged request)") != NULL);
	/* Playing to the end asks nothing with predict off. */
	check_exec(a, CMD_END, 0);
	ck_assert(!app_state(a)->asking);
	app_free(a);
}
END_TEST

/* The suite. */
CHECK_SUITE("predict", CHECK_CASE("predict", 60),
    CHECK_LOOP(run_answers, CHECK_N(runs)), CHECK_TEST(first_question),
    CHECK_TEST(summary), CHECK_TEST(app_flow))
