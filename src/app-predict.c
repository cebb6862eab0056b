/*
 * app-predict.c - predict-then-reveal in the application layer: the
 * commands it takes over (P, the answers) or refuses while a question
 * waits (play, step), how stepping, playing and moment jumps stop before a
 * question point, and the summary of the answers.  The questions
 * themselves, looked for on a copy of the engine, are predict.c's.
 *
 * A question is asked when the main run's next event is a question point
 * (predict_ask()); play stops there, and the answer reveals the beat's
 * events (app_go() over q.reveal events) with the verdict.  Any other move
 * drops the question; a mode change may change its answer, so it is asked
 * again later.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "app-int.h"

/* Forget the question and the verdict (a move elsewhere). */
static void
clear_question(struct app *a)
{
	a->st.asking = 0;
	a->verdict[0] = '\0';
}

/*
 * Ask if the main run's next event is a question point: 1 asked (play
 * stops), 0 not, -1 out of memory.
 */
static int
ask_at_point(struct app *a)
{
	int	rc;

	if (!a->st.predict || a->st.asking)
		return (a->st.asking);
	if ((rc = predict_ask(a->main.sim, &a->q)) != 1)
		return (rc);
	a->st.asking = 1;
	a->st.playing = 0;
	a->verdict[0] = '\0';
	return (1);
}

/* The summary line, when the run ends or predict is turned off. */
void
app_predict_summarize(struct app *a)
{
	char	b[sizeof a->summary - 16];

	if (a->score.asked == 0)
		return;
	predict_summary(b, sizeof b, &a->score);
	snprintf(a->summary, sizeof a->summary, "predictions: %s", b);
}

/*
 * Up to k events forward, one at a time, stopping before a question
 * point (asked at once when arrived at).  0, or -1 out of memory.
 */
int
app_predict_forward(struct app *a, uint64_t k)
{
	uint64_t	i;
	int		rc;

	for (i = 0; i < k; i++) {
		if ((rc = ask_at_point(a)) != 0)
			return (rc < 0 ? -1 : 0);
		if (sim_done(a->main.sim))
			break;
		if (i == 0)
			a->verdict[0] = '\0';
		if (app_go(a, app_event_no(a) + 1) != 0)
			return (-1);
	}
	if (ask_at_point(a) < 0)
		return (-1);
	if (sim_done(a->main.sim))
		app_predict_summarize(a);
	return (0);
}

/*
 * Jump to a moment at event `at` (the labelled event is at - 1): to the
 * start of the earliest beat (up to 8 events before) whose reveal shows
 * it, and ask there; where there is none, to the moment itself.
 */
int
app_predict_jump(struct app *a, uint64_t at)
{
	struct predict_q	 q;
	uint64_t		 b, best = at, lo = at > 8 ? at - 8 : 0;
	int			 rc;

	clear_question(a);
	for (b = at - 1; b + 1 > lo && b < at; b--) {
		if (app_go(a, b) != 0)
			return (-1);
		if ((rc = predict_ask(a->main.sim, &q)) < 0)
			return (-1);
		if (rc == 1 && b + q.reveal >= at)
			best = b;
		if (b == 0)
			break;
	}
	if (app_go(a, best) != 0)
		return (-1);
	return (best < at && ask_at_point(a) < 0 ? -1 : 0);
}

/*
 * The commands predict-then-reveal takes over or refuses; 1 when handled
 * here, 0 to go on as usual, -1 out of memory.
 */
int
app_predict_exec(struct app *a, const struct cmd *c)
{
	unsigned	given;
	int		on;

	switch (c->kind) {
	case CMD_PREDICT:
		on = c->arg == 0 ? !a->st.predict : c->arg == 1;
		if (on && !a->st.predict) {
			a->st.predict = 1;
			memset(&a->score, 0, sizeof a->score);
			a->summary[0] = '\0';
			clear_question(a);
			app_flash(a, "predict: a question before each window, "
			    "flush and stall");
			return (ask_at_point(a) < 0 ? -1 : 1);
		}
		if (!on && a->st.predict) {
			a->st.predict = 0;
			clear_question(a);
			app_predict_summarize(a);
			app_flash(a, "predict off");
		}
		return (1);
	case CMD_ANSWER:
		if (!a->st.asking) {
			app_flash(a, a->st.predict ?
			    "no question to answer now" :
			    "no question: P turns predict on");
			return (1);
		}
		given = (unsigned)(c->arg - 1);
		if (c->arg < 1 || given >= a->q.nchoices) {
			app_flashf(a, "choose a to %c",
			    'a' + a->q.nchoices - 1);
			return (1);
		}
		predict_score_add(&a->score, &a->q, given);
		predict_verdict(a->verdict, sizeof a->verdict, &a->q, given);
		a->st.asking = 0;
		a->st.playing = 0;
		if (app_go(a, app_event_no(a) + a->q.reveal) != 0)
			return (-1);
		if (sim_done(a->main.sim))
			app_predict_summarize(a);
		return (1);
	case CMD_PLAY:
	case CMD_PLAYPAUSE:
	case CMD_STEP:
		if (!a->st.asking)
			return (0);
		app_flash(a, "answer first: a-d (P turns predict off)");
		return (1);
	case CMD_BACK:
	case CMD_START:
	case CMD_END:
	case CMD_GOTO:
	case CMD_GOTO_TIME:
	case CMD_JUMP:
	case CMD_RESTART:
	case CMD_PLUG:
	case CMD_MODE:
	case CMD_CYCLE:
		/* A mode change may change the answer: asked again later. */
		clear_question(a);
		return (0);
	default:
		return (0);
	}
}

/* The answers so far. */
const struct predict_score *
app_predict_score(const struct app *a)
{
	return (&a->score);
}
