/*
 * predict.c - the questions of predict-then-reveal, computed from the run.
 *
 * predict_ask() steps a clone of the engine over the events that make up
 * the next "beat" and reads the answer off them, so a question can never
 * disagree with what the run then does:
 * - a readahead window (the next event is RA_SYNC or RA_ASYNC): is its
 *   request dispatched before the reader goes on (copies, sleeps, enters
 *   or leaves read(), reads ahead again), held on the plug list or in the
 *   plugged queue, or merged into a request already held?  The reveal
 *   steps to the dispatch, or to the window's last QUEUE event;
 * - a flush (the next event is FLUSH): the engine's reason; the reveal
 *   steps the flush and the dispatches that follow at the same instant;
 * - the reader sleeping (the next event is WAIT) on a page that is not on
 *   the device yet, or at a labelled moment: what does it wait for?  The
 *   reveal steps the wait and the flush and dispatches it causes.
 * The wrong choices are the plausible alternatives for that kind of
 * question and mode, in a fixed order (so the right one is not always a).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "mode.h"
#include "predict.h"

#define BEAT_MAX	64	/* events looked at for one beat */

/* One row of the vocabulary. */
struct vocab {
	const char	*name;		/* short, for verdicts and the summary */
	const char	*choice;	/* the choice; %s: request, %s: size */
	const char	*why;		/* the mechanism, when right */
};

static const struct vocab vocab[PREDICT_ANSWER_COUNT] = {
	[PREDICT_SENT] = { "sent now", "sent to the device now",
	    "sent: nothing holds it" },	/* sent_why[] says what released it */
	[PREDICT_HELD_PLUG] = { "held in the plug", "held in the plug",
	    "held: the outer plug is still held, nobody sleeps" },
	[PREDICT_MERGED] = { "merged", "merged into request %s",
	    "merged: it continues a request still held, which grows" },
	[PREDICT_HELD_QUEUE] = { "held in the queue",
	    "held in the plugged queue",
	    "held: the queue stays plugged until an unplug" },
	[PREDICT_FL_SLEEP] = { "the reader sleeps", "the reader sleeps",
	    "the task sleeps in lock_page: schedule() flushes its plug" },
	[PREDICT_FL_READ] = { "read() ends", "read() ends",
	    "read() returns: blk_finish_plug() releases the outer plug" },
	[PREDICT_FL_RA] = { "readahead returns", "readahead returns",
	    "readahead's own plug is the outermost: it ends, it flushes" },
	[PREDICT_FL_LIMIT] = { "16 requests plugged", "16 requests plugged",
	    "the plug list is full (16 requests): it is flushed first" },
	[PREDICT_FL_TIMER] = { "unplug timer", "the unplug timer fires",
	    "the queue was plugged 3 ms: the unplug timer fires" },
	[PREDICT_FL_THRESHOLD] = { "4 requests queued", "4 requests queued",
	    "4 requests are queued: the queue unplugs itself" },
	[PREDICT_FL_EXPLICIT] = { "async readahead unplugs",
	    "async readahead unplugs",
	    "the marker page was up to date: async readahead unplugs" },
	[PREDICT_FL_SWITCH] = { "the mode changes", "the mode changes",
	    "leaving legacy mode releases its plugged queue" },
	[PREDICT_W_COPY] = { "copied at once", "it copies page %s at once",
	    "the page is up to date: copied at once" },
	/*
	 * Each wait choice names where the page's request is, so no two can
	 * be true at once: the device, the plug, the queue, or nowhere.
	 */
	[PREDICT_W_DEVICE] = { "waits for the device",
	    "it waits for request %s, already on the device",
	    "the request is on the device: the reader waits for it" },
	[PREDICT_W_PLUG] = { "waits for all of a plugged request",
	    "request %s is still plugged: it waits for all %s",
	    "the request was still plugged: it leaves only now, whole" },
	[PREDICT_W_QUEUE] = { "waits for a queued request",
	    "it waits for request %s, still in the queue",
	    "the request is not on the device yet: it waits for dispatch too" },
};

/* Why a window was sent at once, by what released it (none: nothing held it). */
static const char *const sent_why[SIM_REASON_COUNT] = {
	[SIM_REASON_NONE] = "sent: nothing holds it",
	[SIM_REASON_FINISH] = "sent: readahead's own plug is the outermost: "
	    "it ends, it flushes",
	[SIM_REASON_SLEEP] = "sent: the reader is about to sleep, and "
	    "sleeping unplugs",
	[SIM_REASON_TIMER] = "sent: the unplug timer fires",
	[SIM_REASON_THRESHOLD] = "sent: 4 requests are queued: the queue "
	    "unplugs itself",
	[SIM_REASON_EXPLICIT] = "sent: the marker page was up to date: async "
	    "readahead unplugs",
	[SIM_REASON_SWITCH] = "sent: leaving legacy mode releases the queue",
	[SIM_REASON_LIMIT] = "sent: 16 requests on the plug list flush it",
};

/* The alternatives offered for each kind of question, in this order. */
static const enum predict_answer win_plug[] = {
	PREDICT_SENT, PREDICT_HELD_PLUG, PREDICT_MERGED };
static const enum predict_answer win_queue[] = {
	PREDICT_SENT, PREDICT_HELD_QUEUE, PREDICT_MERGED };
static const enum predict_answer fl_buggy[] = {
	PREDICT_FL_SLEEP, PREDICT_FL_READ, PREDICT_FL_LIMIT };
static const enum predict_answer fl_fixed[] = {
	PREDICT_FL_SLEEP, PREDICT_FL_RA, PREDICT_FL_LIMIT };
static const enum predict_answer fl_legacy[] = {
	PREDICT_FL_SLEEP, PREDICT_FL_TIMER, PREDICT_FL_THRESHOLD,
	PREDICT_FL_EXPLICIT };
static const enum predict_answer wait_plug[] = {
	PREDICT_W_COPY, PREDICT_W_DEVICE, PREDICT_W_PLUG };
static const enum predict_answer wait_queue[] = {
	PREDICT_W_COPY, PREDICT_W_DEVICE, PREDICT_W_QUEUE };

/* Does an event of kind k mean the reader has gone on? */
static int
reader_moves(enum sim_ev k)
{
	return (k == SIM_EV_COPY || k == SIM_EV_WAIT || k == SIM_EV_WAKE ||
	    k == SIM_EV_READ_BEGIN || k == SIM_EV_READ_END ||
	    k == SIM_EV_RA_SYNC || k == SIM_EV_RA_ASYNC);
}

/* The request holding page p, plugged, queued or on the device; or NULL. */
static const struct sim_request *
find_req(const struct sim *s, uint64_t p)
{
	const struct sim_request	*l;
	size_t				 n, i, w;

	for (w = 0; w < 3; w++) {
		l = w == 0 ? sim_plug_list(s, &n) : w == 1 ?
		    sim_queue_list(s, &n) : sim_device_list(s, &n);
		for (i = 0; i < n; i++)
			if (p >= l[i].first && p - l[i].first < l[i].npages)
				return (&l[i]);
	}
	return (NULL);
}

/* The last request held (plug list, else queue), or NULL. */
static const struct sim_request *
last_held(const struct sim *s)
{
	const struct sim_request	*l;
	size_t				 n;

	l = sim_plug_list(s, &n);
	if (n > 0)
		return (&l[n - 1]);
	l = sim_queue_list(s, &n);
	return (n > 0 ? &l[n - 1] : NULL);
}

/* A size in pages as "256 KiB". */
static void
kib(char *buf, size_t len, uint64_t pages)
{
	snprintf(buf, len, "%llu KiB",
	    (unsigned long long)(pages * (SIM_PAGE_SIZE / 1024)));
}

/*
 * Fill the choices from a list of alternatives; right is the answer, put
 * in place of the last alternative if the list lacks it.  a1 and a2 fill
 * the choice texts' %s.
 */
static void
set_choices(struct predict_q *q, const enum predict_answer *alt, size_t n,
    enum predict_answer right, const char *a1, const char *a2, int drop)
{
	size_t	i, k = 0;
	int	found = 0;

	for (i = 0; i < n && k < PREDICT_CHOICES; i++) {
		if ((int)alt[i] == drop && alt[i] != right)
			continue;
		q->choice[k++] = alt[i];
		found |= (alt[i] == right);
	}
	if (!found)
		q->choice[k - 1] = right;
	q->nchoices = (unsigned)k;
	for (i = 0; i < k; i++) {
		if (q->choice[i] == right)
			q->right = (unsigned)i;
		/* The texts hold at most two %s, filled in this order. */
		snprintf(q->text[i], sizeof q->text[i],
		    vocab[q->choice[i]].choice, a1, a2);
	}
	snprintf(q->why, sizeof q->why, "%s", vocab[right].why);
}

/* The answer for a flush of reason r in mode m. */
static enum predict_answer
flush_answer(enum sim_reason r, enum sim_mode m)
{
	switch (r) {
	case SIM_REASON_SLEEP:
		return (PREDICT_FL_SLEEP);
	case SIM_REASON_FINISH:
		return (mode_info((enum view_mode)m)->outer_plug ?
		    PREDICT_FL_READ : PREDICT_FL_RA);
	case SIM_REASON_LIMIT:
		return (PREDICT_FL_LIMIT);
	case SIM_REASON_TIMER:
		return (PREDICT_FL_TIMER);
	case SIM_REASON_THRESHOLD:
		return (PREDICT_FL_THRESHOLD);
	case SIM_REASON_EXPLICIT:
		return (PREDICT_FL_EXPLICIT);
	default:
		return (PREDICT_FL_SWITCH);
	}
}

/* Keep the first label seen in the beat. */
static void
note_label(struct predict_q *q, const struct sim_event *e)
{
	if (q->label == 0 && e->label != 0)
		q->label = e->label;
}

/*
 * Step c past the events that follow a flush or a wait at the same
 * instant (flush, dispatches); counts them into q->reveal.
 */
static int
beat_tail(struct sim *c, struct predict_q *q, uint64_t t, int flush_ok)
{
	struct sim_event	e;
	struct sim		*p;
	int			rc;

	for (;;) {
		if (q->reveal >= BEAT_MAX || sim_next_time(c) != t)
			return (0);
		/* Peek on a copy: stop before anything else. */
		if ((p = sim_clone(c)) == NULL)
			return (-1);
		rc = sim_step(p, &e);
		sim_free(p);
		if (rc < 0)
			return (-1);
		if (rc == 0 || !(e.kind == SIM_EV_DISPATCH ||
		    (flush_ok && e.kind == SIM_EV_FLUSH)))
			return (0);
		if (sim_step(c, &e) < 0)
			return (-1);
		note_label(q, &e);
		q->reveal++;
	}
}

/* A window question; c is the clone, e0 its first (RA) event, stepped. */
static int
ask_window(const struct sim *s, struct sim *c, const struct sim_event *e0,
    struct predict_q *q)
{
	const struct sim_request	*h = last_held(s);
	struct sim_event		 e;
	enum predict_answer		 ans = PREDICT_HELD_PLUG;
	char				 rq[24] = "";
	uint32_t			 req = 0;
	uint64_t			 queued = 0, n = 1;
	enum sim_reason			 why = SIM_REASON_NONE;
	int				 rc, legacy, seen = 0;

	legacy = (sim_mode(s) == SIM_MODE_LEGACY);
	snprintf(q->question, sizeof q->question,
	    "What happens to window [%llu,%llu) now?",
	    (unsigned long long)e0->first,
	    (unsigned long long)(e0->first + e0->npages));
	while (n < BEAT_MAX && (rc = sim_step(c, &e)) == 1) {
		n++;
		if (e.kind == SIM_EV_QUEUE && !seen) {
			if (queued == 0) {
				req = e.req;
				ans = e.merged ? PREDICT_MERGED :
				    e.where == SIM_WHERE_QUEUE ?
				    PREDICT_HELD_QUEUE : PREDICT_HELD_PLUG;
			}
			queued = n;
			continue;
		}
		seen = 1;
		if (e.kind == SIM_EV_FLUSH && why == SIM_REASON_NONE &&
		    (unsigned)e.reason < SIM_REASON_COUNT)
			why = e.reason;
		if (e.kind == SIM_EV_DISPATCH && (queued == 0 ||
		    e.req == req)) {
			ans = PREDICT_SENT;
			queued = n;
			break;
		}
		if (reader_moves(e.kind))
			break;
	}
	if (queued == 0)
		queued = 1;
	q->reveal = queued;
	/* The merge candidate: the request it merged into, else the last held. */
	if (ans == PREDICT_MERGED)
		snprintf(rq, sizeof rq, "#%u", (unsigned)req);
	else if (h != NULL)
		snprintf(rq, sizeof rq, "#%u", (unsigned)h->id);
	set_choices(q, legacy ? win_queue : win_plug, 3, ans, rq, "",
	    rq[0] == '\0' ? (int)PREDICT_MERGED : -1);
	if (ans == PREDICT_SENT && sent_why[why] != NULL)
		snprintf(q->why, sizeof q->why, "%s", sent_why[why]);
	return (1);
}

/* A flush question (the next event, e0, is a FLUSH). */
static void
ask_flush(const struct sim *s, const struct sim_event *e0, struct predict_q *q)
{
	enum sim_mode	m = sim_mode(s);

	snprintf(q->question, sizeof q->question, "%s (%u request%s) is "
	    "released now. Why?", m == SIM_MODE_LEGACY ? "The plugged queue" :
	    "The plug list", (unsigned)e0->count, e0->count == 1 ? "" : "s");
	if (m == SIM_MODE_LEGACY)
		set_choices(q, fl_legacy, 4, flush_answer(e0->reason, m), "",
		    "", -1);
	else
		set_choices(q, mode_info((enum view_mode)m)->outer_plug ?
		    fl_buggy : fl_fixed, 3,
		    flush_answer(e0->reason, m), "", "", -1);
}

/* A wait question (the next event, e0, is a WAIT on e0->page). */
static void
ask_wait(const struct sim *s, const struct sim_event *e0, struct predict_q *q)
{
	const struct sim_request	*r = find_req(s, e0->page);
	enum predict_answer		 ans;
	enum sim_page			 st = sim_page_state(s, e0->page);
	char				 pg[24], rq[24], sz[24];

	snprintf(q->question, sizeof q->question, "The reader needs page "
	    "%llu, not up to date. What happens?",
	    (unsigned long long)e0->page);
	snprintf(pg, sizeof pg, "%llu", (unsigned long long)e0->page);
	snprintf(rq, sizeof rq, "#%u", r != NULL ? (unsigned)r->id : 0u);
	kib(sz, sizeof sz, r != NULL ? r->npages : 0);
	ans = st == SIM_PAGE_PLUGGED ? PREDICT_W_PLUG :
	    st == SIM_PAGE_QUEUED ? PREDICT_W_QUEUE : PREDICT_W_DEVICE;
	/* Choices with texts taking different arguments: fill one by one. */
	set_choices(q, sim_mode(s) == SIM_MODE_LEGACY ? wait_queue : wait_plug,
	    3, ans, rq, "", -1);
	snprintf(q->text[0], sizeof q->text[0], vocab[PREDICT_W_COPY].choice,
	    pg);
	if (q->choice[2] == PREDICT_W_PLUG)
		snprintf(q->text[2], sizeof q->text[2],
		    vocab[PREDICT_W_PLUG].choice, rq, sz);
}

/* Build the question for the next event of s, if it is a point. */
int
predict_ask(const struct sim *s, struct predict_q *q)
{
	struct sim		*c;
	struct sim_event	 e;
	enum sim_page		 st;
	int			 rc, is = 0;

	memset(q, 0, sizeof *q);
	if (sim_done(s))
		return (0);
	if ((c = sim_clone(s)) == NULL)
		return (-1);
	if ((rc = sim_step(c, &e)) != 1) {
		sim_free(c);
		return (rc);
	}
	q->at = e.seq;
	q->mode = sim_mode(s);
	q->reveal = 1;
	note_label(q, &e);
	switch (e.kind) {
	case SIM_EV_RA_SYNC:
	case SIM_EV_RA_ASYNC:
		q->kind = PREDICT_WINDOW;
		is = ask_window(s, c, &e, q);
		/* Labels among the revealed events: replay them. */
		if (is == 1) {
			sim_free(c);
			if ((c = sim_clone(s)) == NULL)
				return (-1);
			for (rc = 0; (uint64_t)rc < q->reveal; rc++)
				if (sim_step(c, &e) == 1)
					note_label(q, &e);
		}
		break;
	case SIM_EV_FLUSH:
		q->kind = PREDICT_FLUSH;
		ask_flush(s, &e, q);
		is = beat_tail(c, q, e.t_ns, 0) < 0 ? -1 : 1;
		break;
	case SIM_EV_WAIT:
		st = sim_page_state(s, e.page);
		if (e.label == 0 && st != SIM_PAGE_PLUGGED &&
		    st != SIM_PAGE_QUEUED)
			break;
		q->kind = PREDICT_WAIT;
		ask_wait(s, &e, q);
		is = beat_tail(c, q, e.t_ns, 1) < 0 ? -1 : 1;
		break;
	default:
		break;
	}
	sim_free(c);
	if (is != 1)
		memset(q, 0, sizeof *q);
	return (is);
}

/* Short name of a choice. */
const char *
predict_answer_name(enum predict_answer a)
{
	return ((unsigned)a < PREDICT_ANSWER_COUNT ? vocab[a].name : "?");
}

/* The verdict line. */
size_t
predict_verdict(char *buf, size_t len, const struct predict_q *q,
    unsigned given)
{
	int	n;

	if (given == q->right)
		n = snprintf(buf, len, "right: %c) %s\n%s", 'a' + (int)q->right,
		    q->text[q->right], q->why);
	else
		n = snprintf(buf, len, "wrong (you said %c): %c) %s\n%s",
		    'a' + (int)(given < q->nchoices ? given : 0),
		    'a' + (int)q->right, q->text[q->right], q->why);
	return (n < 0 ? 0 : (size_t)n);
}

/* Count an answer. */
void
predict_score_add(struct predict_score *sc, const struct predict_q *q,
    unsigned given)
{
	char	*m;

	const char	*mn = (unsigned)q->mode < SIM_MODE_COUNT ?
			    sim_mode_name(q->mode) : "?";

	sc->asked++;
	if ((unsigned)q->mode < SIM_MODE_COUNT)
		sc->asked_in[q->mode]++;
	if (given == q->right) {
		sc->right++;
		if ((unsigned)q->mode < SIM_MODE_COUNT)
			sc->right_in[q->mode]++;
		return;
	}
	if (sc->nmissed < PREDICT_MISSED) {
		m = sc->missed[sc->nmissed];
		if (q->label != 0)
			snprintf(m, sizeof sc->missed[0], "%s T%d (%s)", mn,
			    q->label, predict_answer_name(q->choice[q->right]));
		else
			snprintf(m, sizeof sc->missed[0], "%s #%llu (%s)", mn,
			    (unsigned long long)q->at,
			    predict_answer_name(q->choice[q->right]));
	}
	sc->nmissed++;
}

/* The summary line. */
size_t
predict_summary(char *buf, size_t len, const struct predict_score *sc)
{
	size_t	off = 0, i, modes, k;
	int	n;

#define ADD(...) do {							\
	n = snprintf(off < len ? buf + off : NULL, off < len ? len - off : 0, \
	    __VA_ARGS__);						\
	if (n > 0)							\
		off += (size_t)n;					\
} while (0)
	if (len > 0)
		buf[0] = '\0';
	for (i = 0, modes = 0; i < SIM_MODE_COUNT; i++)
		modes += sc->asked_in[i] > 0;
	if (modes < 2)
		ADD("%u of %u right", sc->right, sc->asked);
	else
		for (i = 0, k = 0; i < SIM_MODE_COUNT; i++)
			if (sc->asked_in[i] > 0)
				ADD("%s%s %u of %u right", k++ ? ", " : "",
				    sim_mode_name((enum sim_mode)i),
				    sc->right_in[i], sc->asked_in[i]);
	/* One mode: its name on each miss says nothing. */
	for (i = 0; i < sc->nmissed && i < PREDICT_MISSED; i++)
		ADD("%s%s", i == 0 ? "; missed: " : ", ", modes < 2 ?
		    strchr(sc->missed[i], ' ') + 1 : sc->missed[i]);
	if (sc->nmissed > PREDICT_MISSED)
		ADD(", %u more", sc->nmissed - PREDICT_MISSED);
#undef ADD
	return (off);
}
