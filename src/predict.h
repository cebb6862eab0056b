/*
 * predict.h - predict-then-reveal: questions about what the engine does
 * next, computed from the run itself.
 *
 * Before some events (a readahead window's submission, a plug flush, the
 * reader sleeping on a page that is not on the device yet, any labelled
 * moment T1..T5 among them) predict_ask() looks ahead on a clone of the
 * engine and builds a question with 2 to 4 choices, the index of the right
 * one and the number of events the reveal steps.  The vocabulary (the
 * choices, their short names and the one-line mechanism saying why) is one
 * table in predict.c.
 *
 * Contract:
 * - No I/O, no clock: the same engine state gives the same question, byte
 *   for byte.  The engine passed in is never changed.
 * - The right answer is what the next predict_q.reveal events of the same
 *   engine then do (tests/check_predict.c checks it on whole runs).
 */
#ifndef RAVIZ_PREDICT_H
#define RAVIZ_PREDICT_H

#include <stddef.h>
#include <stdint.h>

#include "engine/sim.h"

#define PREDICT_CHOICES	4
#define PREDICT_TEXT	128
#define PREDICT_MISSED	6	/* misses named in the summary */

/* What the question is about. */
enum predict_kind {
	PREDICT_NONE,
	PREDICT_WINDOW,		/* a readahead window: sent or held? */
	PREDICT_FLUSH,		/* the plug is released: why now? */
	PREDICT_WAIT		/* the reader needs a page: what then? */
};

/* The vocabulary: every choice a question can offer. */
enum predict_answer {
	PREDICT_SENT,		/* window sent before the reader goes on */
	PREDICT_HELD_PLUG,	/* window held on the plug list */
	PREDICT_MERGED,		/* window merged into a held request */
	PREDICT_HELD_QUEUE,	/* legacy: held in the plugged queue */
	PREDICT_FL_SLEEP,	/* flush: the reader sleeps */
	PREDICT_FL_READ,	/* flush: read() ends (outer plug) */
	PREDICT_FL_RA,		/* flush: readahead's own plug ends */
	PREDICT_FL_LIMIT,	/* flush: 16 requests plugged */
	PREDICT_FL_TIMER,	/* legacy: unplug timer */
	PREDICT_FL_THRESHOLD,	/* legacy: 4 requests queued */
	PREDICT_FL_EXPLICIT,	/* legacy: async readahead unplugs */
	PREDICT_FL_SWITCH,	/* leaving legacy mode */
	PREDICT_W_COPY,		/* the page is copied at once */
	PREDICT_W_DEVICE,	/* sleeps until the device returns it */
	PREDICT_W_PLUG,		/* sleeps; its request leaves the plug only now */
	PREDICT_W_QUEUE,	/* legacy: sleeps; the queue is unplugged */
	PREDICT_ANSWER_COUNT
};

/* A question. */
struct predict_q {
	enum predict_kind	 kind;
	uint64_t		 at;	/* event number it is asked at */
	int			 label;	/* T1..T5 among the revealed events, or 0 */
	uint64_t		 reveal; /* events the reveal steps (>= 1) */
	unsigned		 nchoices;
	enum predict_answer	 choice[PREDICT_CHOICES];
	unsigned		 right;	/* index into choice[] */
	char			 question[PREDICT_TEXT];
	char			 text[PREDICT_CHOICES][PREDICT_TEXT];
	char			 why[PREDICT_TEXT];	/* the mechanism */
	enum sim_mode		 mode;	/* in force when it is asked */
};

/* Answers so far, in all and per mode (a lesson asks in two). */
struct predict_score {
	unsigned		 asked, right;
	unsigned		 asked_in[SIM_MODE_COUNT], right_in[SIM_MODE_COUNT];
	unsigned		 nmissed;	/* all misses, named or not */
	char			 missed[PREDICT_MISSED][48];
};

/*
 * Is the next event of s a question point?  1 with *q filled, 0 if not
 * (also at the end of the run), -1 if memory ran out.
 */
int	 predict_ask(const struct sim *, struct predict_q *);
/* The short name of a choice ("held in the plug"). */
const char *predict_answer_name(enum predict_answer);
/*
 * The verdict on answer `given` (0-based): "right: held in the plug" or
 * "wrong (you said a): c) ...", then a newline and the why on its own
 * ("the outer plug is still held, nobody sleeps"), which the screen
 * gives rows of its own.
 */
size_t	 predict_verdict(char *buf, size_t len, const struct predict_q *,
	     unsigned given);
/* Count an answer. */
void	 predict_score_add(struct predict_score *, const struct predict_q *,
	     unsigned given);
/*
 * "7 of 9 right; missed: T3 (held in the plug), ..." (like snprintf); when
 * questions were asked in more than one mode, per mode: "buggy 4 of 5
 * right, fixed 3 of 4 right; missed: buggy T3 (...), ...".
 */
size_t	 predict_summary(char *buf, size_t len, const struct predict_score *);

#endif /* RAVIZ_PREDICT_H */
