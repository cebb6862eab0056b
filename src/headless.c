/*
 * headless.c - the headless outputs.  The summary and the trace are
 * report.c's; frames go through the same renderer as the terminal, with
 * the text back end.  Output is written only after the
 * options are known to be good, and a failed write is an error (exit 1).
 */
#include "config.h"

#include <sys/ioctl.h>
#include <sys/stat.h>

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "app.h"
#include "bounds.h"
#include "fmt.h"
#include "feed.h"
#include "headless.h"
#include "beside.h"
#include "import.h"
#include "predict.h"
#include "quiet.h"
#include "render.h"
#include "report.h"
#include "safefile.h"
#include "svg.h"
#include "theme.h"
#include "timeline.h"
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
		    d->disc == SIM_DISC_RR ? "512-byte turns of the link" :
		    "FIFO, one command at a time");
		if (d->idle_penalty_ns)
			fprintf(f, "  idle-exit wake of the link %s after >= %s "
			    "idle\n",
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

	if (o->beside)
		return (beside_run(o, out, err));
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
		fprintf(out, "--- event %zu ---\n", i + 1);
		render_text_frame(r, rt, v, out);
	}
	render_text_free(rt);
	render_free(r);
	view_free(v);
	trace_free(&t);
	return (report_flush(out, err, 0));
}

/*
 * The quiet run of a summary or a count (until: 0 for the whole file; of:
 * what its share is of; what: what is not written if a signal stops it),
 * watched as all long work is (quiet.h).  0, -1 (memory) or -2.
 */
static int
quiet_run(struct sim *s, uint64_t until, FILE *err, const char *of,
    const char *what)
{
	struct quiet	q;
	int		rc, st;

	quiet_begin(&q, err, of);
	rc = quiet_sim(s, until, &q.poll, 0, NULL);
	if ((st = quiet_end(&q, quiet_permille(s, until), sim_event_no(s),
	    what)) != 0)
		return (st);
	return (rc);
}

/*
 * --svg alone wants the last frame only: u goes to it as the screen's G
 * does (timeline.h: a quiet run to just short of the target, then the last
 * events drawn - the picture drawing every event gives), watched by q.  The
 * target is --until's moment or event, else the end.  0, -1 (memory) or -2
 * (stopped by a signal).
 */
static int
svg_goto(const struct opts *o, struct timeline *u, struct quiet *q)
{
	uint64_t	n = UINT64_MAX;
	int64_t		k;
	int		rc = -1, st;

	if (timeline_init(u, &o->cfg, o->frame_cols, o->frame_rows,
	    q->tty ? &q->poll : NULL) != 0)
		return (-1);
	if (o->until_label) {
		if ((k = timeline_find_label(u, o->until_label)) == -2)
			goto out;
		if (k >= 0)
			n = (uint64_t)k;
	} else if (o->until_events)
		n = o->until_events;
	rc = timeline_goto(u, n);
out:
	if ((st = quiet_end(q, q->poll.permille, timeline_events(u),
	    "SVG")) != 0)
		return (st);
	return (rc);
}

/*
 * May the output of --opt go to path (NULL or "-": nothing to check)?  1,
 * or 0 after saying why on err.
 */
static int
out_ok(FILE *err, const char *opt, const char *path, int force)
{
	const char	*why;
	char		 esc[512];

	if (path == NULL || strcmp(path, "-") == 0 ||
	    safefile_out_check(path, force, &why) == 0)
		return (1);
	fprintf(err, "raviz: --%s: %s: %s\n", opt,
	    fmt_escape_str(esc, sizeof esc, path), why);
	return (0);
}

/*
 * How many events --trace will write (the count stops past the bound
 * unless --force: *more set), by a quiet run of a second engine, watched
 * as any quiet run.  0, -1 (memory) or -2 (stopped by a signal).
 */
static int
trace_count(const struct opts *o, FILE *err, uint64_t *n, int *more)
{
	struct sim		*s;
	struct sim_event	 e;
	uint64_t		 cap = o->force ? 0 : bounds_get(BOUND_TRACE_OUT) +
				    1;
	int			 rc = 0;

	*more = 0;
	if ((s = sim_new(&o->cfg)) == NULL)
		return (-1);
	if (o->until_events != 0 && (cap == 0 || o->until_events < cap))
		cap = o->until_events;
	/* A moment comes early, or never: stepping finds which. */
	while (o->until_label && !sim_labels_over(s) &&
	    (rc = sim_step(s, &e)) == 1 && e.label != o->until_label &&
	    (cap == 0 || e.seq + 1 < cap))
		continue;
	if (rc == 1 && o->until_label && e.label == o->until_label)
		rc = 0;
	else if (rc >= 0)
		rc = quiet_run(s, cap, err, "the file (counting the --trace "
		    "events)", "trace");
	*n = sim_event_no(s);
	if (!o->force && *n > bounds_get(BOUND_TRACE_OUT)) {
		*n = bounds_get(BOUND_TRACE_OUT);
		*more = 1;
	}
	sim_free(s);
	return (rc);
}

/* A trace's watch: the quiet watch of its engine (report_trace_run()). */
struct trace_watch {
	struct quiet		*w;
	const struct sim	*s;
};

/* quiet_tick() between events of a trace alone. */
static int
trace_tick_cb(void *arg, uint64_t seq)
{
	struct trace_watch	*tw = arg;

	return (quiet_tick(tw->w, quiet_permille(tw->s, 0), seq));
}

/* Run the engine per the options. */
int
headless_run(const struct opts *o, FILE *out, FILE *err)
{
	struct sim		*s;
	struct sim_event	 e;
	const struct sim_event	*ep;
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
	struct timeline		 u;
	struct quiet		 q;
	const struct sim	*sum;		/* the engine the summary reads */
	struct render		*dr;		/* the renderer the SVG is drawn */
	struct view		*dv;		/* from, and its view */
	int			 rc, status = 0, stepwise, quiet_rest, svg_only;
	uint64_t		 tn;		/* events of the trace */
	int			 more, watched = 0, watch_out;
	struct quiet		 w;		/* the stepping's watch */

	/* The outputs' rule (safefile.h), said before any work. */
	if (!out_ok(err, "svg", o->svg, o->force) ||
	    !out_ok(err, "trace", o->trace, o->force))
		return (2);
	if (o->svg != NULL && (rc = theme_headless(o->theme, o->no_color,
	    o->ascii, &caps, &look, err)) != 0)
		return (rc);

	if (o->predict)
		return (headless_predict(o, out, err));
	memset(&u, 0, sizeof u);
	if ((s = sim_new(&o->cfg)) == NULL) {
		fprintf(err, "raviz: out of memory\n");
		return (1);
	}
	v = feed_view(s);
	if (o->trace != NULL) {
		if ((rc = trace_count(o, err, &tn, &more)) != 0 ||
		    (rc = report_trace_plan(o->trace, o->force, &o->cfg, tn,
		    more, err)) != 0) {
			if (rc == -1 || rc == 1)
				fprintf(err, "raviz: out of memory\n");
			view_free(v);
			sim_free(s);
			return (rc == 2 ? 2 : 1);
		}
	}
	if (report_trace_open(&tr, o->trace, o->force, out, err,
	    &o->cfg) != 0) {
		view_free(v);
		sim_free(s);
		return (2);
	}
	if (o->frames &&
	    ((r = render_new(o->frame_cols, o->frame_rows)) == NULL ||
	    (rt = render_text_new()) == NULL)) {
		fprintf(err, "raviz: out of memory\n");
		status = 1;
		goto out;
	}
	/* --svg alone goes to its frame as G does (svg_goto()). */
	svg_only = (o->svg != NULL && tr.f == NULL && r == NULL);
	quiet_rest = (o->svg == NULL && tr.f == NULL && r == NULL);
	if (o->svg != NULL && !svg_only &&
	    (sr = render_new(o->frame_cols, o->frame_rows)) == NULL) {
		fprintf(err, "raviz: out of memory\n");
		status = 1;
		goto out;
	}
	if (o->svg != NULL && rt == NULL && (rt = render_text_new()) == NULL) {
		fprintf(err, "raviz: out of memory\n");
		status = 1;
		goto out;
	}
	stepwise = (!quiet_rest || o->until_label);
	sum = s;
	dr = sr;
	dv = v;
	if (svg_only) {
		quiet_begin(&q, err, o->until_events != 0 ?
		    "the events asked for" : "the file");
		rc = svg_goto(o, &u, &q);
		sum = u.sim;
		dr = u.r;
		dv = u.view;
	} else if (!stepwise)
		rc = quiet_run(s, o->until_events, err, /* skips too */
		    o->until_events != 0 ? "the events asked for" : "the file",
		    "summary");
	else {
		/* Stepping every event is long work too (quiet.h). */
		quiet_begin(&w, err, o->until_events != 0 ?
		    "the events asked for" : "the file");
		watched = 1;
		watch_out = r != NULL || ferror(out);
		/* A trace alone, to the end: its own loop, nothing else to
		   look at per event. */
		if (sr == NULL && r == NULL && o->until_label == 0 &&
		    o->until_events == 0)
			rc = report_trace_run(&tr, s, QUIET_TICK,
			    trace_tick_cb, &(struct trace_watch){ &w, s },
			    watch_out ? out : NULL);
		else while ((ep = sim_step_ref(s, &rc)) != NULL) {
			/* In place in the engine, while it is not stepped:
			   the view's feed may look ahead. */
			if (sr != NULL || r != NULL) {
				e = *ep;
				ep = &e;
			}
			if ((ep->seq & (QUIET_TICK - 1)) == 0 &&
			    quiet_tick(&w, quiet_permille(s, o->until_events),
			    ep->seq) != 0) {
				rc = -2;
				break;
			}
			/* A full disk or a closed pipe: stop, reported below
			   (out is written in the loop by the trace, which
			   watches its stream, and by the frames). */
			if (report_trace_event(&tr, ep) != 0 ||
			    (watch_out && ferror(out)))
				break;
			/* A view only for what is drawn from it: a trace alone
			   goes at the engine's pace. */
			if (sr != NULL || r != NULL) {
				feed_step(v, &ahead, s, ep);
				feed_event(&ve, ep);
			}
			if (sr != NULL)
				render_event(sr, v, &ve);
			if (r != NULL) {
				render_event(r, v, &ve);
				report_trace_flush(&tr);	/* out, in order */
				/* The count the frame's header shows. */
				fprintf(out, "--- event %llu ---\n",
				    (unsigned long long)ep->seq + 1);
				render_text_frame(r, rt, v, out);
			}
			if (o->until_label && ep->label == o->until_label)
				break;
			if (o->until_events && ep->seq + 1 >= o->until_events)
				break;
			/* Only the moment asked for made this run step, and it
			   can no longer come (4 KiB reads have no T3): the rest
			   runs quietly, skipping as a run without --until. */
			if (quiet_rest && sim_labels_over(s)) {
				rc = quiet_run(s, 0, err, "the file",
				    "summary");
				break;
			}
		}
	}
	if (rc == -2) {
		status = 1;	/* stopped by a signal that did not end us */
		goto out;
	}
	if (rc < 0) {
		fprintf(err, "raviz: out of memory\n");
		status = 1;
		goto out;
	}
	if (o->svg != NULL) {
		/* The last frame, in the screen's glyphs and colours. */
		render_set_glyphs(dr, &look.glyphs);
		render_draw(dr, dv, &render_text_ops, rt, NULL);
		if (svg_save(o->svg, o->force, rt, &look, NULL, &why) != 0) {
			fprintf(err, "raviz: --svg: %s: %s\n",
			    fmt_escape_str(esc, sizeof esc, o->svg), why);
			status = 1;
			goto out;
		}
	}
	report_trace_flush(&tr);	/* before the summary, if both go to out */
	if (o->summary)
		report_summary(out, sum);
out:
	timeline_done(&u);
	if (report_trace_close(&tr, status != 0, err) != 0)
		status = 1;
	/* A signal stopped the stepping: it ends raviz now, nothing left. */
	if (watched && quiet_end(&w, quiet_permille(s, o->until_events),
	    sim_event_no(s), o->trace != NULL ? "trace" : "more frames") != 0)
		status = 1;
	render_free(r);
	render_free(sr);
	render_text_free(rt);
	view_free(v);
	sim_free(s);
	return (report_flush(out, err, status));
}
