/*
 * demo-play.c - replaying a demo file without a terminal: the item log,
 * text frames and asciicast v2 export.
 *
 * Determinism: items are carried out at their event numbers through the
 * application layer (app.c), exactly as the interactive replayer and the
 * keys do; wall delays never touch the engine.  In the asciicast they only
 * become timestamps: the cast clock is the sum of the recorded delays, and
 * while the run is playing between two items the frames in between are
 * spread evenly over that delay (at most CAST_FPS a second), all in integer
 * arithmetic.  So the same file gives the same bytes on every machine.
 *
 * Rules for an item stamped @S when the run is at event C:
 * - S > C: the run is moved to S first (app_exec of goto, then play again
 *   if it was playing: the engine sees the same events as when playing);
 * - S < C: only a hand-edited file can do this (every move in a recording
 *   is itself an item); it is carried out at C with a warning.
 * A flash message lasts until the next item, as a loop timer would clear it.
 */
#include "config.h"

#include <sys/stat.h>
#include <sys/types.h>

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app.h"
#include "bounds.h"
#include "demo.h"
#include "diag.h"
#include "demo-play.h"
#include "figure.h"
#include "fmt.h"
#include "lesson.h"
#include "opts.h"
#include "quiet.h"
#include "report.h"
#include "safefile.h"
#include "svg.h"
#include "trace.h"

#define CAST_FPS	10		/* frames a second, at most, when playing */
/*
 * Bounds on the frames a cast holds besides one per item (raviz(1)): a
 * gap between two items gets at most CAST_GAP_FRAMES (10 s at CAST_FPS,
 * spread more thinly over a longer gap), the whole cast at most
 * CAST_EXTRA_FRAMES (10 minutes at CAST_FPS).  A 249-byte file of
 * 1099-second gaps on a 4 PiB file would otherwise give 150 MB.
 */
#define CAST_GAP_FRAMES	100
#define CAST_EXTRA_FRAMES 6000
#define LINE_MAX_	2048
#define CAST_HOLD_MAX	8000000000ULL	/* a pause, at most 8 s */

struct player {
	const struct demo	*d;
	struct app		*app;
	struct render_text	*rt;
	const struct demo_play_opts *po;
	FILE			*out, *err;
	FILE			*cast;		/* on co, or NULL */
	struct safefile_out	 co;		/* the cast (safefile.h) */
	int			 too_big;	/* past BOUND_CAST_BYTES */
	uint64_t		 t_ns;		/* cast clock */
	uint64_t		 extra;		/* in-between frames so far */
	uint64_t		 lab_t;		/* when lab_seen was emitted */
	unsigned		 lab_seen;	/* bit k: "Tk" marker at lab_t */
	int			 oom;
	/* The caption as a cast shows it: without the screen's prompt. */
	char			 plain[1100];
	int			 has_plain;
	const char		*shown;		/* ... and as the screen does */
};

static int	 frame(struct player *, FILE *);
static void	 cast_frame(struct player *, uint64_t);
static void	 cast_marker(struct player *, uint64_t, const char *);
static int	 advance(struct player *, uint64_t, uint64_t, uint64_t);
static int	 exec(struct player *, const struct cmd *);

/* The JSON escapes of the characters that have a short one. */
static const char *const json_escape[UCHAR_MAX + 1] = {
	['"'] = "\\\"", ['\\'] = "\\\\", ['\n'] = "\\n", ['\r'] = "\\r",
};

/* Write s as a JSON string (quotes included). */
static void
json_str(FILE *f, const char *s, size_t n)
{
	const unsigned char	*p = (const unsigned char *)s;
	size_t			 i;

	fputc('"', f);
	for (i = 0; i < n; i++) {
		if (json_escape[p[i]] != NULL)
			fputs(json_escape[p[i]], f);
		else if (p[i] < 0x20 || p[i] == 0x7f)
			fprintf(f, "\\u%04x", p[i]);
		else
			fputc(p[i], f);
	}
	fputc('"', f);
}

/* Seconds with microseconds, as asciicast timestamps: "12.345678". */
static void
cast_time(FILE *f, uint64_t ns)
{
	fprintf(f, "%llu.%06llu", (unsigned long long)(ns / 1000000000),
	    (unsigned long long)(ns % 1000000000 / 1000));
}

/*
 * How long a cast holds a lesson's pause: the time to read its caption,
 * 2 s and 50 ms a character, at most CAST_HOLD_MAX (a pause waits for a
 * key on the screen; a cast has none to wait for).
 */
static uint64_t
cast_hold(const char *caption)
{
	uint64_t	ns = 2000000000 + (uint64_t)strlen(caption) * 50000000;

	return (ns < CAST_HOLD_MAX ? ns : CAST_HOLD_MAX);
}

/* Draw the current picture into f through the text back end. */
static int
frame(struct player *p, FILE *f)
{
	app_draw(p->app, &render_text_ops, p->rt, p->po->cols, p->po->rows);
	render_text_write(p->rt, f);
	return (0);
}

/*
 * An "o" event: clear the screen, home, then the frame's lines joined by
 * CR LF, as a terminal would receive them.
 */
static void
cast_frame(struct player *p, uint64_t t)
{
	char	*buf = NULL, *s, *nl, *joined;
	size_t	 len = 0, o = 0;
	FILE	*m;

	if (p->cast == NULL)
		return;
	if ((m = open_memstream(&buf, &len)) == NULL) {
		p->oom = 1;
		return;
	}
	/* Made to be played: no keys to press, no play state. */
	app_set_export(p->app, 1);
	app_set_caption(p->app, p->has_plain ? p->plain : NULL);
	if (p->po->look != NULL) {
		/* The screen's glyphs and colours; frames stay plain. */
		app_set_glyphs(p->app, &p->po->look->glyphs);
		app_draw(p->app, &render_text_ops, p->rt, p->po->cols,
		    p->po->rows);
		render_text_write_sgr(p->rt, m, p->po->look, p->po->direct);
		app_set_glyphs(p->app, &render_ascii);
	} else
		frame(p, m);
	app_set_caption(p->app, p->shown);
	app_set_export(p->app, 0);
	if (fclose(m) != 0 || (joined = malloc(2 * len + 32)) == NULL) {
		free(buf);
		p->oom = 1;
		return;
	}
	/* The cursor hidden, then home and clear. */
	memcpy(joined, "\x1b[?25l\x1b[H\x1b[2J", 13);
	o = 13;
	for (s = buf; *s != '\0'; s = nl + 1) {
		if ((nl = strchr(s, '\n')) == NULL)
			nl = s + strlen(s);
		memcpy(joined + o, s, (size_t)(nl - s));
		o += (size_t)(nl - s);
		if (*nl == '\0')
			break;
		if (nl[1] != '\0') {
			joined[o++] = '\r';
			joined[o++] = '\n';
		}
	}
	fputc('[', p->cast);
	cast_time(p->cast, t);
	fputs(", \"o\", ", p->cast);
	json_str(p->cast, joined, o);
	fputs("]\n", p->cast);
	free(joined);
	free(buf);
	/* Bytes, not only frames: 1000x1000 frames are large. */
	if (!p->po->force && ftello(p->cast) > 0 &&
	    (uint64_t)ftello(p->cast) > bounds_get(BOUND_CAST_BYTES))
		p->too_big = 1;
}

/* An "m" (marker) event with a label. */
static void
cast_marker(struct player *p, uint64_t t, const char *label)
{
	if (p->cast == NULL)
		return;
	fputc('[', p->cast);
	cast_time(p->cast, t);
	fputs(", \"m\", ", p->cast);
	json_str(p->cast, label, strlen(label));
	fputs("]\n", p->cast);
}

/*
 * The moments T1..T5 the run passes going from the copy `shadow` forward
 * by n events, as markers spread from t0 to t1.  Frees shadow.
 */
static void
cast_labels(struct player *p, struct sim *shadow, uint64_t n, uint64_t t0,
    uint64_t t1)
{
	struct sim_event	 e;
	uint64_t		 j, t;
	char			 lab[8];

	/* Once no moment is left to come, the rest has no marker. */
	for (j = 0; j < n && !sim_labels_over(shadow) &&
	    sim_step(shadow, &e) == 1; j++) {
		if (e.label == 0)
			continue;
		t = t0 + (t1 - t0) * (j + 1) / n;
		snprintf(lab, sizeof lab, "T%d", e.label);
		cast_marker(p, t, lab);
		if (t != p->lab_t)
			p->lab_seen = 0;
		p->lab_t = t;
		p->lab_seen |= 1u << e.label;
	}
	sim_free(shadow);
}

/* Carry out a command; -1 if memory ran out, 1 on quit. */
static int
exec(struct player *p, const struct cmd *c)
{
	int	rc = app_exec(p->app, c);

	if (rc < 0)
		p->oom = 1;
	return (rc);
}

/*
 * Move the run forward to event `to`, the cast clock going from t0 to t1.
 * While playing, the cast gets frames in between and the moments T1..T5
 * as markers at their share of the time.
 */
static int
advance(struct player *p, uint64_t to, uint64_t t0, uint64_t t1)
{
	struct cmd		 go = { CMD_GOTO, 0 }, play = { CMD_PLAY, 0 };
	struct sim		*shadow;
	uint64_t		 from = app_event_no(p->app), n, nf, j, dt;
	int			 playing = app_state(p->app)->playing;

	if (to <= from || app_over(p->app))
		return (0);
	n = to - from;
	dt = t1 - t0;
	if (p->cast != NULL && app_sim(p->app) != NULL) {
		/* The moments on the way, from a copy of the engine. */
		if ((shadow = sim_clone(app_sim(p->app))) == NULL) {
			p->oom = 1;
			return (-1);
		}
		cast_labels(p, shadow, n, t0, t1);
	}
	if (p->cast != NULL && playing) {
		nf = dt / (1000000000 / CAST_FPS);
		if (nf > n)
			nf = n;
		if (nf > CAST_GAP_FRAMES)
			nf = CAST_GAP_FRAMES;
		if (nf > CAST_EXTRA_FRAMES - p->extra + 1)
			nf = CAST_EXTRA_FRAMES - p->extra + 1;
		if (nf > 1)
			p->extra += nf - 1;
		for (j = 1; j < nf && !p->too_big; j++) {
			go.arg = (int64_t)(from + n * j / nf);
			if (exec(p, &go) < 0 || exec(p, &play) < 0)
				return (-1);
			cast_frame(p, t0 + dt * j / nf);
		}
	}
	go.arg = (int64_t)to;
	if (exec(p, &go) < 0)
		return (-1);
	if (playing && exec(p, &play) < 0)
		return (-1);
	return (0);
}

/* Replay d per po. */
int
demo_play_headless(const struct demo *d, const struct demo_play_opts *po,
    FILE *out, FILE *err)
{
	char		 esc[512];
	struct player		 p;
	const struct demo_item	*it;
	char			 line[LINE_MAX_], safe[2 * LINE_MAX_];
	char			 cap[1024], shown[1100], lim[160];
	const char		*why;
	size_t			 i;
	int			 status = 0, rc, has_cap = 0, st;
	uint64_t		 t_prev, before, ev;
	struct sim		*shadow;
	struct quiet		 q;
	unsigned		 pm;

	memset(&p, 0, sizeof p);
	/*
	 * Its long moves and figures go as all long work does (quiet.h):
	 * progress on a terminal, stopped by the signals that end raviz.
	 */
	quiet_begin(&q, err, "the lesson's move");
	p.d = d;
	p.po = po;
	p.out = out;
	p.err = err;
	p.app = po->app != NULL ? po->app : app_new(&d->cfg);
	if (p.app == NULL || (p.rt = render_text_new()) == NULL) {
		fprintf(err, "raviz: out of memory\n");
		status = 1;
		goto done;
	}
	/* As on the screen: the lesson's title on the hint row. */
	app_set_lesson(p.app, d->title);
	q.src = app_poll(p.app);
	if (q.poll.fn != NULL)
		app_set_poll(p.app, q.poll.fn, q.poll.arg);
	p.co.fd = -1;
	if (po->cast != NULL) {
		/* Whole or not at all (safefile.h). */
		if (safefile_out_open(&p.co, po->cast, po->force,
		    SAFEFILE_WHOLE, &why) != 0 ||
		    (p.cast = safefile_out_stream(&p.co, &why)) == NULL) {
			fprintf(err, "raviz: --cast: %s: %s\n",
			    fmt_escape_str(esc, sizeof esc, po->cast), why);
			safefile_out_abort(&p.co);
			status = 2;
			goto done;
		}
		fmt_escape_str(cap, sizeof cap, d->title != NULL ? d->title :
		    d->name);
		fprintf(p.cast, "{\"version\": 2, \"width\": %u, "
		    "\"height\": %u, \"title\": ", po->cols, po->rows);
		json_str(p.cast, cap, strlen(cap));
		fputs("}\n", p.cast);
		cast_frame(&p, 0);
	}
	if (d->title != NULL && (po->frames || po->log)) {
		fmt_escape_str(safe, sizeof safe, d->title);
		fprintf(out, "title: %s\n", safe);
	}
	if (po->frames) {
		fprintf(out, "--- start ---\n");
		frame(&p, out);
	}
	for (i = 0; i < d->nitems && !p.oom && !p.too_big; i++) {
		if (quiet_tick(&q, app_move_permille(p.app),
		    app_event_no(p.app)) != 0) {
			status = 1;	/* a signal: quiet_end() below */
			goto done;
		}
		it = &d->items[i];
		t_prev = p.t_ns;
		p.t_ns += it->delay_ns;
		if (advance(&p, it->event, t_prev, p.t_ns) != 0)
			break;
		if (it->event < app_event_no(p.app))
			fprintf(err, "%s:%u: warning: stamped @%llu but the "
			    "run is at event %llu already: carried out "
			    "there\n", fmt_escape_str(esc, sizeof esc, d->name),
			    it->line,
			    (unsigned long long)it->event,
			    (unsigned long long)app_event_no(p.app));
		app_flash_clear(p.app);
		demo_format_item(line, sizeof line, it);
		fmt_escape_composed(safe, sizeof safe, line);
		rc = 0;
		switch (it->kind) {
		case DEMO_CMD:
			before = app_event_no(p.app);
			shadow = NULL;
			/* The moments (a trace has none) from a copy. */
			if (p.cast != NULL && app_sim(p.app) != NULL &&
			    (shadow = sim_clone(app_sim(p.app))) == NULL) {
				p.oom = 1;
				break;
			}
			rc = exec(&p, &it->cmd);
			/* A move forward (jump, step, end...) passes moments. */
			if (shadow != NULL && rc >= 0 &&
			    app_event_no(p.app) > before && it->cmd.kind !=
			    CMD_RESTART && it->cmd.kind != CMD_START)
				cast_labels(&p, shadow, app_event_no(p.app) -
				    before, p.t_ns, p.t_ns);
			else
				sim_free(shadow);
			break;
		case DEMO_CAPTION:
			if ((rc = demo_play_caption(cap, sizeof cap, d, it,
			    app_sim(p.app), app_poll(p.app))) == -1)
				p.oom = 1;
			rc = 0;
			has_cap = 1;
			app_log_caption(p.app, cap);
			cast_marker(&p, p.t_ns, cap);
			break;
		case DEMO_MARKER:
			/* Not twice: the engine's own Tk just went out. */
			if (!(p.lab_t == p.t_ns && strlen(it->text) == 2 &&
			    it->text[0] == 'T' && it->text[1] >= '1' &&
			    it->text[1] <= '5' &&
			    (p.lab_seen & (1u << (it->text[1] - '0')))))
				cast_marker(&p, p.t_ns, it->text);
			break;
		case DEMO_PAUSE:
			break;
		}
		if (rc < 0)
			break;
		/* As on the screen: a pause shows its prompt until Enter. */
		demo_play_prompt(shown, sizeof shown, has_cap ? cap : NULL,
		    it->kind == DEMO_PAUSE ? "[Enter]" : NULL);
		p.shown = has_cap || it->kind == DEMO_PAUSE ? shown : NULL;
		app_set_caption(p.app, p.shown);
		/* A cast has no Enter to press: the caption alone. */
		p.has_plain = has_cap;
		if (has_cap)
			snprintf(p.plain, sizeof p.plain, "%s", cap);
		if (po->frames) {
			fprintf(out, "--- %s ---\n", safe);
			frame(&p, out);
		} else if (po->log)
			fprintf(out, "%s\n", safe);
		cast_frame(&p, p.t_ns);
		/* The lesson waits there: the cast holds it to be read. */
		if (it->kind == DEMO_PAUSE)
			p.t_ns += cast_hold(has_cap ? cap : "");
		if (rc == 1)
			break;
	}
	if (p.oom) {
		fprintf(err, "raviz: out of memory\n");
		status = 1;
		goto done;
	}
	if (p.too_big) {
		fprintf(err, "raviz: --cast: %s: %s; nothing written\n",
		    fmt_escape_str(esc, sizeof esc, po->cast),
		    bounds_say(lim, sizeof lim, BOUND_CAST_BYTES));
		status = 2;
		goto done;
	}
	if (po->svg != NULL && po->look != NULL) {
		/* The last frame, as the screen would show it. */
		app_set_glyphs(p.app, &po->look->glyphs);
		app_set_export(p.app, 1);
		app_set_caption(p.app, p.has_plain ? p.plain : NULL);
		app_draw(p.app, &render_text_ops, p.rt, po->cols, po->rows);
		app_set_export(p.app, 0);
		app_set_glyphs(p.app, &render_ascii);
		if (svg_save(po->svg, po->force, p.rt, po->look,
		    p.d->title, &why) != 0) {
			fprintf(err, "raviz: --svg: %s: %s\n",
			    fmt_escape_str(esc, sizeof esc, po->svg), why);
			status = 1;
			goto done;
		}
	}
	if (po->summary)
		report_summary(out, app_sim(p.app));
done:
	if (p.cast != NULL && status != 0)
		safefile_out_abort(&p.co);
	else if (p.cast != NULL &&
	    safefile_out_commit(&p.co, &why) != 0) {
		fprintf(err, "raviz: --cast: %s: write error: %s\n",
		    fmt_escape_str(esc, sizeof esc, po->cast), why);
		status = 1;
	}
	render_text_free(p.rt);
	pm = p.app != NULL ? app_move_permille(p.app) : 0;
	ev = p.app != NULL ? app_event_no(p.app) : 0;
	app_free(p.app);
	/* Stopped by a signal: it ends raviz now, nothing left behind. */
	if ((st = quiet_end(&q, pm, ev, po->cast != NULL ? "cast" :
	    po->svg != NULL ? "SVG" : "more of the replay")) != 0)
		return (1);
	return (report_flush(out, err, status));
}

/* A caption filled and escaped. */
int
demo_play_caption(char *out, size_t len, const struct demo *d,
    const struct demo_item *it, const struct sim *s, struct timeline_poll *p)
{
	char	filled[1024];
	int	rc;

	rc = figure_fill(filled, sizeof filled, it->text, s, d->sets,
	    d->nsets, p);
	fmt_escape_str(out, len, filled);
	return (rc);
}

/* A caption and a prompt as the replay shows them. */
void
demo_play_prompt(char *out, size_t len, const char *caption,
    const char *prompt)
{
	snprintf(out, len, "%s%s%s", caption != NULL ? caption : "",
	    caption != NULL && prompt != NULL ? "  " : "",
	    prompt != NULL ? prompt : "");
}

/*
 * Run the alternative runs of caption it within their bound (figure.h:
 * figure_try()); 1 after saying which one is past it, else 0.
 */
static int
check_figures(const struct demo *d, const struct demo_item *it,
    const char *file, FILE *err)
{
	char		 why[512], msg[700], ph[80], *line;
	size_t		 off, n;

	if (figure_try(it->text, d->sets, d->nsets, &off, why,
	    sizeof why) == 0)
		return (0);
	n = strcspn(it->text + off, "}") + 1;
	fmt_escape(ph, sizeof ph, it->text + off, n < 60 ? n : 60);
	snprintf(msg, sizeof msg, "caption: %s: %s", ph, why);
	if ((line = diag_format(file, it->line, 1, "error", msg)) != NULL)
		fprintf(err, "%s\n", line);
	free(line);
	return (1);
}

/* Validate files. */
int
demo_play_check(int n, const char *const *files, FILE *out, FILE *err)
{
	struct demo	 d;
	char		 safe[1024];
	size_t		 i;
	int		 k, bad = 0;

	for (k = 0; k < n; k++) {
		if (demo_load(&d, files[k]) < 0) {
			fprintf(err, "raviz: out of memory\n");
			return (1);
		}
		for (i = 0; i < d.ndiags; i++) {
			fmt_escape_composed(safe, sizeof safe, d.diags[i].msg);
			fprintf(err, "%s\n", safe);
		}
		/* The figures run too: a lesson must replay quickly. */
		for (i = 0; i < d.nitems && d.errors == 0; i++)
			if (d.items[i].kind == DEMO_CAPTION)
				d.errors += check_figures(&d, &d.items[i],
				    files[k], err);
		fmt_escape_str(safe, sizeof safe, files[k]);
		if (d.errors == 0)
			fprintf(out, "%s: ok, %zu items%s\n", safe, d.nitems,
			    d.warnings ? " (with warnings)" : "");
		else {
			fprintf(out, "%s: %zu error%s, %zu warning%s%s\n",
			    safe, d.errors, d.errors == 1 ? "" : "s",
			    d.warnings, d.warnings == 1 ? "" : "s",
			    demo_replayable(&d) ? "; replays up to the "
			    "truncated line" : "");
			bad = 1;
		}
		demo_free(&d);
	}
	return (bad ? 2 : 0);
}

/*
 * May --cast (or --svg: opt) write to path?  Never over the demo it
 * replays (the same file by device and inode: a hard link or another name
 * too, even with --force), and only as the output rule allows
 * (safefile.h).  0, or 2 after saying why: a refusal before the replay;
 * the rule is applied again when the file is written.
 */
static int
cast_target(const struct opts *o, const char *opt, const char *path,
    const struct demo *d, FILE *err)
{
	char		 esc[512];
	const char	*why = NULL;

	if (safefile_same(path, d->name))
		why = "is the input demo file (refused even with "
		    "--force)";
	else if (safefile_out_check(path, o->force, &why) == 0)
		return (0);
	fprintf(err, "raviz: --%s: %s: %s\n", opt,
	    fmt_escape_str(esc, sizeof esc, path), why);
	return (2);
}

/* Headless replay of the demo the command line names. */
int
demo_play_main(const struct opts *o, FILE *out, FILE *err)
{
	struct demo		d;
	struct demo_play_opts	po;
	struct theme_resolved	look;
	struct caps		caps;
	struct trace		t;
	struct app		*app = NULL;
	char			why[300], esc[512];
	int			rc;

	if ((rc = lesson_open(&d, o, err)) != 0)
		return (rc);
	if (d.trace != NULL && o->summary && !o->summary_default) {
		fprintf(err, "raviz: --summary: a lesson over a kernel trace "
		    "has the trace's summary: raviz --headless --summary "
		    "--import=FILE\n");
		demo_free(&d);
		return (2);
	}
	if ((o->cast != NULL && (rc = cast_target(o, "cast", o->cast, &d,
	    err)) != 0) || (o->svg != NULL && (rc = cast_target(o, "svg",
	    o->svg, &d, err)) != 0) || ((o->cast != NULL || o->svg != NULL) &&
	    (rc = theme_headless(o->theme, o->no_color, o->ascii, &caps,
	    &look, err)) != 0)) {
		demo_free(&d);
		return (rc);
	}
	if (d.trace != NULL) {
		/* Its run is the kernel trace (installed, or captured now). */
		if ((rc = lesson_trace(&t, &d, o, err)) != 0) {
			demo_free(&d);
			return (rc);
		}
		if ((app = app_new_trace(&t, &d.cfg, why, sizeof why)) ==
		    NULL) {
			fprintf(err, "raviz: %s: %s\n", fmt_escape_str(esc,
			    sizeof esc, d.name), why);
			demo_free(&d);
			return (2);
		}
	}
	memset(&po, 0, sizeof po);
	po.app = app;
	po.cols = o->frame_cols;
	po.rows = o->frame_rows;
	po.frames = o->frames;
	po.log = !o->frames;
	po.summary = o->summary && d.trace == NULL;
	po.cast = o->cast;
	po.force = o->force;
	po.svg = o->svg;
	if (o->cast != NULL || o->svg != NULL) {
		po.look = &look;
		po.direct = caps.direct;
	}
	rc = demo_play_headless(&d, &po, out, err);
	demo_free(&d);
	return (rc);
}
