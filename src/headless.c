/*
 * headless.c - the headless outputs.  The summary and the trace are
 * report.c's; frames go through the same renderer as the terminal, with
 * the text back end.  Output is written only after the
 * options are known to be good, and a failed write is an error (exit 1).
 */
#include "config.h"

#include <sys/stat.h>

#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "fmt.h"
#include "feed.h"
#include "headless.h"
#include "import.h"
#include "predict.h"
#include "render.h"
#include "report.h"
#include "svg.h"
#include "theme.h"
#include "trace.h"
#include "engine/sim.h"

/* Describe the presets. */
void
headless_list_devices(FILE *f)
{
	const struct sim_device	*d;
	char			 a[32], b[32], c[32];
	size_t			 i;

	for (i = 0; i < sim_preset_count(); i++) {
		d = sim_preset(i);
		fprintf(f, "%s%s\n", d->name, i == 0 ? " (default)" : "");
		fprintf(f, "  bandwidth %s MB/s, latency %s, queue depth %u, "
		    "%s\n", fmt_ratio(a, sizeof a, d->bandwidth, 1000000, 0),
		    fmt_time(b, sizeof b, d->latency_ns), d->qd,
		    d->disc == SIM_DISC_PS ? "processor sharing" :
		    "FIFO, one transfer at a time");
		if (d->idle_penalty_ns)
			fprintf(f, "  idle-exit penalty %s after >= %s idle\n",
			    fmt_time(b, sizeof b, d->idle_penalty_ns),
			    fmt_time(c, sizeof c, d->idle_thresh_ns));
		else
			fprintf(f, "  no idle-exit penalty\n");
		fprintf(f, "  %s\n\n", sim_preset_basis(i));
	}
}

/* Print the question or verdict now: a frame, or its lines. */
static void
predict_print(struct app *a, struct render_text *rt, const struct opts *o,
    FILE *out, const struct predict_q *q)
{
	unsigned	i;

	if (o->frames) {
		app_draw(a, &render_text_ops, rt, o->frame_cols, o->frame_rows);
		render_text_write(rt, out);
		return;
	}
	fprintf(out, "%s\n", q->question);
	for (i = 0; i < q->nchoices; i++)
		fprintf(out, "  %c) %s\n", 'a' + i, q->text[i]);
}

/*
 * --predict headless: the run through the application layer, as the
 * keys drive it; a question at each point, answered from --answers in
 * order, each with its reveal; it stops when the answers run out or the
 * run ends, with the summary of the answers.
 */
static int
headless_predict(const struct opts *o, FILE *out, FILE *err)
{
	struct app		*a;
	struct render_text	*rt = NULL;
	struct predict_q	 q;
	struct cmd		 c;
	const char		*ans = o->answers;
	char			 line[512];
	unsigned		 n = 0;
	int			 rc = 0, refused = 0;

	if ((a = app_new(&o->cfg)) == NULL ||
	    (rt = render_text_new()) == NULL) {
		app_free(a);
		fprintf(err, "raviz: out of memory\n");
		return (1);
	}
	c.kind = CMD_PREDICT;
	c.arg = 1;
	rc = app_exec(a, &c);
	while (rc == 0 && !sim_done(app_sim(a))) {
		/* No timer clears a flash here: each command starts clean. */
		app_flash_clear(a);
		if (!app_state(a)->asking) {
			c.kind = CMD_STEP;
			c.arg = 1;
			rc = app_exec(a, &c);
			continue;
		}
		if (*ans == '\0')
			break;
		/* The pending question, as the screen shows it. */
		if (predict_ask(app_sim(a), &q) < 0) {
			rc = -1;
			break;
		}
		fprintf(out, "--- question %u at event %llu ---\n",
		    refused ? n : ++n, (unsigned long long)app_event_no(a));
		refused = 0;
		predict_print(a, rt, o, out, &q);
		fprintf(out, "answer: %c\n", *ans);
		c.kind = CMD_ANSWER;
		c.arg = *ans++ - 'a' + 1;
		if ((rc = app_exec(a, &c)) != 0)
			break;
		if (app_state(a)->asking) {
			fprintf(out, "refused: choose a to %c\n",
			    'a' + q.nchoices - 1);
			refused = 1;
			continue;
		}
		fprintf(out, "--- reveal at event %llu ---\n",
		    (unsigned long long)app_event_no(a));
		if (o->frames) {
			app_draw(a, &render_text_ops, rt, o->frame_cols,
			    o->frame_rows);
			render_text_write(rt, out);
		} else {
			predict_verdict(line, sizeof line, &q,
			    (unsigned)(c.arg - 1));
			fprintf(out, "%s\n", line);
		}
	}
	if (rc < 0)
		fprintf(err, "raviz: out of memory\n");
	else {
		predict_summary(line, sizeof line, app_predict_score(a));
		fprintf(out, "predictions: %s\n", line);
		if (o->summary)
			report_summary(out, app_sim(a));
	}
	render_text_free(rt);
	app_free(a);
	return (report_flush(out, err, rc < 0 ? 1 : 0));
}

/*
 * --headless --import: the summary (import.c), or with --frames the
 * screen after each of the trace's events, as the interactive view draws
 * them (up to --until=N events).
 */
int
headless_import(const struct opts *o, FILE *out, FILE *err)
{
	struct trace		 t;
	struct view		*v;
	struct render		*r;
	struct render_text	*rt;
	size_t			 i;
	int			 rc;

	if (!o->frames)
		return (import_run(o->import_file, o->import_dev, out, err));
	if ((rc = import_trace(&t, o->import_file, o->import_dev, err)) != 0)
		return (rc);
	v = trace_view(&t);
	if ((r = render_new(o->frame_cols, o->frame_rows)) == NULL ||
	    (rt = render_text_new()) == NULL) {
		render_free(r);
		view_free(v);
		trace_free(&t);
		fprintf(err, "raviz: out of memory\n");
		return (1);
	}
	for (i = 0; i < t.nev && !ferror(out); i++) {
		if (o->until_events && i >= o->until_events)
			break;
		view_apply(v, &t.ev[i]);
		render_event(r, v, &t.ev[i]);
		fprintf(out, "--- event %zu ---\n", i);
		render_text_frame(r, rt, v, out);
	}
	render_text_free(rt);
	render_free(r);
	view_free(v);
	trace_free(&t);
	return (report_flush(out, err, 0));
}

/* Run the engine per the options. */
int
headless_run(const struct opts *o, FILE *out, FILE *err)
{
	struct sim		*s;
	struct sim_event	 e;
	struct view		*v = NULL;
	struct view_event	 ve;
	uint64_t		 ahead = 0;
	struct render		*r = NULL;
	struct render_text	*rt = NULL;
	struct report_trace	 tr;
	struct render		*sr = NULL;
	struct theme_resolved	 look;
	struct caps		 caps;
	const char		*why;
	char			 esc[512];
	struct stat		 sb;
	int			 rc, status = 0, stepwise;

	if (o->svg != NULL && !o->force && lstat(o->svg, &sb) == 0) {
		fprintf(err, "raviz: --svg: %s: %s\n",
		    fmt_escape_str(esc, sizeof esc, o->svg), "the file exists "
		    "(--force replaces it)");
		return (2);
	}
	if (o->svg != NULL && (rc = theme_headless(o->theme, o->no_color,
	    o->ascii, &caps, &look, err)) != 0)
		return (rc);

	if (o->predict)
		return (headless_predict(o, out, err));
	if ((s = sim_new(&o->cfg)) == NULL) {
		fprintf(err, "raviz: out of memory\n");
		return (1);
	}
	v = feed_view(s);
	if (report_trace_open(&tr, o->trace, out, err) != 0) {
		sim_free(s);
		return (1);
	}
	if (o->frames &&
	    ((r = render_new(o->frame_cols, o->frame_rows)) == NULL ||
	    (rt = render_text_new()) == NULL)) {
		fprintf(err, "raviz: out of memory\n");
		status = 1;
		goto out;
	}
	if (o->svg != NULL &&
	    (sr = render_new(o->frame_cols, o->frame_rows)) == NULL) {
		fprintf(err, "raviz: out of memory\n");
		status = 1;
		goto out;
	}
	if (sr != NULL && rt == NULL && (rt = render_text_new()) == NULL) {
		fprintf(err, "raviz: out of memory\n");
		status = 1;
		goto out;
	}
	stepwise = (tr.f != NULL || r != NULL || sr != NULL || o->until_label);
	if (!stepwise && o->until_events)
		rc = sim_run_until(s, o->until_events);	/* skips periods too */
	else if (!stepwise)
		rc = sim_run(s);
	else {
		while ((rc = sim_step(s, &e)) == 1) {
			report_trace_event(&tr, &e);
			/* A full disk or a closed pipe: stop, reported below. */
			if (report_trace_failed(&tr) || ferror(out))
				break;
			feed_step(v, &ahead, s, &e);
			feed_event(&ve, &e);
			if (sr != NULL)
				render_event(sr, v, &ve);
			if (r != NULL) {
				render_event(r, v, &ve);
				fprintf(out, "--- event %llu ---\n",
				    (unsigned long long)e.seq);
				render_text_frame(r, rt, v, out);
			}
			if (o->until_label && e.label == o->until_label)
				break;
			if (o->until_events && e.seq + 1 >= o->until_events)
				break;
		}
	}
	if (rc < 0) {
		fprintf(err, "raviz: out of memory\n");
		status = 1;
		goto out;
	}
	if (sr != NULL) {
		/* The last frame, in the screen's glyphs and colours. */
		render_set_glyphs(sr, &look.glyphs);
		render_draw(sr, v, &render_text_ops, rt, NULL);
		if (svg_save(o->svg, o->force, rt, &look, &why) != 0) {
			fprintf(err, "raviz: --svg: %s: %s\n",
			    fmt_escape_str(esc, sizeof esc, o->svg), why);
			status = 1;
			goto out;
		}
	}
	if (o->summary)
		report_summary(out, s);
out:
	if (report_trace_close(&tr, err) != 0)
		status = 1;
	render_free(r);
	render_free(sr);
	render_text_free(rt);
	view_free(v);
	sim_free(s);
	return (report_flush(out, err, status));
}
