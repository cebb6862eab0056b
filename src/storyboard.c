/*
 * storyboard.c - compare mode without a terminal (storyboard.h).
 *
 * One application (app.c) in compare mode draws every picture, with the
 * export look (app_set_export(): no key hints, no play state), so a slide
 * is what the c key shows.  A slide adds two rows above the picture: its
 * title and the moment's meaning.  The meaning is measured, not written:
 * the halves' device and plug at their moments (differ_now()) and what
 * the patch changes over the run (differ_line()).  The rows are drawn
 * through a back end that shifts the application's rows down (struct
 * below), so the picture itself is the screen's, cell for cell.
 *
 * The compare cast is a lesson made on the spot - for each moment a jump,
 * its meaning as the caption, a pause - replayed by demo-play.c's cast
 * writer (its pauses, markers and look), so there is one cast writer.
 */
#include "config.h"

#include <sys/stat.h>

#include <unistd.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "demo.h"
#include "demo-play.h"
#include "differ.h"
#include "fmt.h"
#include "mode.h"
#include "opts.h"
#include "quiet.h"
#include "render.h"
#include "report.h"
#include "safefile.h"
#include "storyboard.h"
#include "svg.h"
#include "theme.h"

#define SLIDE_HEAD	2	/* title and meaning rows above a picture */
#define PATH_LEN	4096

/* What each moment is, in the model's words (model.md §6). */
static const char *const moment_title[6] = {
	NULL,
	"T1 - the first page is missing: sync readahead",
	"T2 - the reader needs a page under I/O: lock_page",
	"T3 - the reader reaches the marker: async readahead",
	"T4 - the next marker: async readahead again",
	"T5 - the reader reaches the window of T3: lock_page",
};

/* A back end drawing into another one, rows moved down by dy. */
struct below {
	const struct render_ops	*ops;
	void			*be;
	unsigned		 dy;
};

/* below: the picture was begun by the caller. */
static void
below_begin_cb(void *arg, unsigned cols, unsigned rows)
{
	(void)arg;
	(void)cols;
	(void)rows;
}

/* below: one put, dy rows lower. */
static void
below_put_cb(void *arg, unsigned y, unsigned x, enum render_role r,
    const char *s)
{
	struct below	*b = arg;

	b->ops->put(b->be, y + b->dy, x, r, s);
}

/* below: the caller ends the picture. */
static void
below_end_cb(void *arg)
{
	(void)arg;
}

static const struct render_ops below_ops = {
	.name = "below",
	.begin = below_begin_cb,
	.put = below_put_cb,
	.end = below_end_cb,
};

/*
 * A compare application of o's scenario, for export, or NULL (memory, or
 * a signal that q caught while compare's runs were measured).  Its long
 * moves go through q's hook (quiet.h), if q watches.
 */
static struct app *
compare_app(const struct opts *o, const struct theme_resolved *look,
    struct quiet *q)
{
	struct app	*a = app_new(&o->cfg);
	struct cmd	 c = { CMD_COMPARE, 0 };

	if (a == NULL)
		return (NULL);
	if (q != NULL && q->poll.fn != NULL) {
		q->src = app_poll(a);
		app_set_poll(a, q->poll.fn, q->poll.arg);
	}
	if (app_exec(a, &c) != 0 || app_other(a) == NULL) {
		app_free(a);
		return (NULL);
	}
	app_flash_clear(a);
	app_set_export(a, 1);
	if (look != NULL)
		app_set_glyphs(a, &look->glyphs);
	return (a);
}

/* Carry out command k (arg) on a; -1 if memory ran out. */
static int
run(struct app *a, enum cmd_kind k, int64_t arg)
{
	struct cmd	c;

	c.kind = k;
	c.arg = arg;
	if (app_exec(a, &c) != 0)
		return (-1);
	app_flash_clear(a);
	return (0);
}

/*
 * Draw slide k (1..5; 6 the end) of a, at its moment, into t: the title,
 * the meaning, then the compare picture in cols x rows - SLIDE_HEAD.
 * The title goes into title (len bytes) for the SVG's <title>.
 */
static void
slide(struct app *a, int k, struct render_text *t, unsigned cols,
    unsigned rows, char *title, size_t len)
{
	struct below	 b = { &render_text_ops, t, SLIDE_HEAD };
	char		 mean[256];

	snprintf(title, len, "%s", k <= 5 ? moment_title[k] :
	    "The end of the run - what the patch changes");
	render_text_ops.begin(t, cols, rows);
	render_text_ops.put(t, 0, 0, RENDER_HEADER, title);
	app_set_caption(a, NULL);
	app_diff_now(a, mean, sizeof mean, cols < 100);
	render_text_ops.put(t, 1, 0, RENDER_CAPTION, mean);
	app_draw(a, &below_ops, &b, cols, rows - SLIDE_HEAD);
	render_text_ops.end(t);
}

/* The path DIR/Tk.svg (k 6: end.svg) into buf; -1 if too long. */
static int
slide_path(char *buf, size_t len, const char *dir, int k)
{
	int	n;

	if (k <= 5)
		n = snprintf(buf, len, "%s/T%d.svg", dir, k);
	else
		n = snprintf(buf, len, "%s/end.svg", dir);
	return (n < 0 || (size_t)n >= len ? -1 : 0);
}

/*
 * Has q caught a signal that stops the work (quiet.h)?  Asked between
 * moves, and after a move or a compare that came back short.
 */
static int
stopped(struct quiet *q, struct app *a)
{
	return (quiet_tick(q, a != NULL ? app_move_permille(a) : 0,
	    a != NULL ? app_event_no(a) : 0) != 0);
}

/* --storyboard=DIR. */
int
storyboard_write(const struct opts *o, FILE *out, FILE *err)
{
	struct theme_resolved	 look;
	struct caps		 caps;
	struct render_text	*t = NULL;
	struct app		*a = NULL;
	struct stat		 sb;
	struct quiet		 q;
	char			 path[PATH_LEN], title[160], esc[512];
	const char		*why;
	unsigned		 cols = o->frame_cols, rows = o->frame_rows, pm;
	int			 k, rc, status = 0, sig, done[7] = { 0 };
	uint64_t		 ev;

	fmt_escape_str(esc, sizeof esc, o->storyboard);
	if (stat(o->storyboard, &sb) != 0 && mkdir(o->storyboard, 0777) != 0) {
		fprintf(err, "raviz: --storyboard: %s: %s\n", esc,
		    strerror(errno));
		return (1);
	}
	if (stat(o->storyboard, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
		fprintf(err, "raviz: --storyboard: %s: not a directory\n",
		    esc);
		return (2);
	}
	/*
	 * Refuse before writing anything, under the one output rule
	 * (safefile.h): all the slides may be written, or none is.
	 */
	for (k = 1; k <= 6; k++) {
		why = "the name is too long";
		if (slide_path(path, sizeof path, o->storyboard, k) != 0 ||
		    safefile_out_check(path, o->force, &why) != 0) {
			fprintf(err, "raviz: --storyboard: %s: %s\n",
			    fmt_escape_str(esc, sizeof esc, path), why);
			return (2);
		}
	}
	if ((rc = theme_headless(o->theme, o->no_color, o->ascii, &caps,
	    &look, err)) != 0)
		return (rc);
	/*
	 * The moves are long work as any other (quiet.h): progress on a
	 * terminal, and a signal stops them between slices.
	 */
	quiet_begin(&q, err, "the slides' moves");
	if ((a = compare_app(o, &look, &q)) == NULL ||
	    (t = render_text_new()) == NULL) {
		if (!stopped(&q, a))
			fprintf(err, "raviz: out of memory\n");
		status = 1;
		goto out;
	}
	for (k = 1; k <= 6; k++) {
		if (run(a, k <= 5 ? CMD_JUMP : CMD_END, k) != 0) {
			fprintf(err, "raviz: out of memory\n");
			status = 1;
			goto out;
		}
		if (stopped(&q, a)) {
			status = 1;
			goto out;
		}
		/* A moment this scenario does not have (4 KiB reads: T3-T5). */
		if (k <= 5 && !app_at_moment(a, k))
			continue;
		slide(a, k, t, cols, rows, title, sizeof title);
		if (slide_path(path, sizeof path, o->storyboard, k) != 0 ||
		    svg_save(path, o->force, t, &look, title, &why) != 0) {
			fprintf(err, "raviz: --storyboard: %s: %s\n",
			    fmt_escape_str(esc, sizeof esc, path), why);
			status = 1;
			goto out;
		}
		done[k] = 1;
	}
out:
	/*
	 * Stopped by a signal: the slides are all written or none is, so
	 * those already written go (a signal is held until quiet_end()).
	 */
	sig = status != 0 && stopped(&q, a);
	for (k = 1; k <= 6; k++)
		if (done[k] && slide_path(path, sizeof path, o->storyboard,
		    k) == 0) {
			if (sig)
				(void)unlink(path);
			else
				fprintf(out, "%s\n", fmt_escape_str(esc,
				    sizeof esc, path));
		}
	pm = a != NULL ? app_move_permille(a) : 0;
	ev = a != NULL ? app_event_no(a) : 0;
	render_text_free(t);
	app_free(a);
	if (quiet_end(&q, pm, ev, "slide written") != 0)
		return (1);
	return (report_flush(out, err, status));
}

/* The summary of headless --compare: the difference's figures. */
static void
summary(FILE *out, const struct differ *d)
{
	const struct differ_run	*r;
	const char		*side[2] = { "top", "bottom" };
	char			 b[32];
	size_t			 i, j;

	for (i = 0; i < 2; i++) {
		r = &d->run[i];
		fprintf(out, "%s_mode: %s\n", side[i],
		    view_mode_name((enum view_mode)r->mode));
		if (r->has_wait)
			fprintf(out, "%s_t5_wait_page: %llu\n%s_t5_wait_ns: "
			    "%llu\n", side[i],
			    (unsigned long long)r->wait_page, side[i],
			    (unsigned long long)r->wait_ns);
		if (r->win_end != 0) {
			fprintf(out, "%s_window: [%llu,%llu)\n%s_window_"
			    "requests_kib:", side[i],
			    (unsigned long long)r->win_first,
			    (unsigned long long)r->win_end, side[i]);
			for (j = 0; j < r->nreq; j++)
				fprintf(out, " %llu", (unsigned long long)
				    (r->req[j] * SIM_PAGE_SIZE / 1024));
			fputc('\n', out);
		}
		fprintf(out, "%s_throughput_mb_s: %s\n", side[i],
		    r->time_ns == 0 ? "0.0" : fmt_ratio(b, sizeof b,
		    r->bytes * 1000, r->time_ns, 1));
	}
}

/*
 * The compare cast: a lesson of the five moments and the end, each with
 * its meaning as the caption and a pause, replayed into o->cast.
 */
static int
compare_cast(const struct opts *o, struct theme_resolved *look, int direct,
    FILE *out, FILE *err)
{
	struct demo_play_opts	 po;
	struct demo		 dm;
	struct app		*a = NULL, *scout;
	struct quiet		 w;
	char			*buf = NULL, q[600], mean[256], title[160];
	size_t			 len = 0;
	uint64_t		 at;
	FILE			*m = NULL;
	int			 k, rc, sig = 0;
	unsigned		 pm;
	enum view_mode		 above, below;

	/*
	 * Finding the moments is long work as any other (quiet.h); the
	 * replay then watches its own (demo_play_headless()).
	 */
	quiet_begin(&w, err, "the cast's moves");
	if ((scout = compare_app(o, NULL, &w)) == NULL ||
	    (a = compare_app(o, NULL, &w)) == NULL ||
	    (m = open_memstream(&buf, &len)) == NULL) {
		if (!stopped(&w, NULL))
			fprintf(err, "raviz: out of memory\n");
		app_free(scout);
		app_free(a);
		(void)quiet_end(&w, 0, 0, "cast");
		return (1);
	}
	app_set_export(a, 0);	/* the cast writer sets it per frame */
	fprintf(m, "raviz-demo 1\n");
	above = (enum view_mode)o->cfg.mode;
	below = mode_partner(above);
	if (mode_info(below)->outer_plug) {
		below = above;
		above = mode_partner(below);
	}
	snprintf(title, sizeof title, "raviz compare: %s above, %s below",
	    mode_name(above), mode_name(below));
	demo_quote(q, sizeof q, title);
	fprintf(m, "title %s\n", q);
	for (k = 1, at = 0; k <= 6; k++) {
		if (run(scout, k <= 5 ? CMD_JUMP : CMD_END, k) != 0 ||
		    (sig = stopped(&w, scout)) != 0)
			break;
		if (k <= 5 && !app_at_moment(scout, k))
			continue;
		if (k <= 5)
			fprintf(m, "@%llu +0ms jump %d\n", (unsigned long long)at,
			    k);
		else
			fprintf(m, "@%llu +0ms end\n", (unsigned long long)at);
		at = app_event_no(scout);
		app_diff_now(scout, mean, sizeof mean, o->frame_cols < 100);
		snprintf(title, sizeof title, "%s | %s", k <= 5 ?
		    moment_title[k] : "the end", mean);
		demo_quote(q, sizeof q, title);
		fprintf(m, "@%llu +0ms caption %s\n@%llu +0ms pause\n",
		    (unsigned long long)app_event_no(scout), q,
		    (unsigned long long)app_event_no(scout));
	}
	pm = app_move_permille(scout);
	at = app_event_no(scout);
	app_free(scout);
	rc = fclose(m);
	/* A signal caught ends raviz here, nothing written. */
	if (quiet_end(&w, pm, at, "cast") != 0 || sig || rc != 0) {
		if (rc != 0 && !sig)
			fprintf(err, "raviz: out of memory\n");
		free(buf);
		app_free(a);
		return (1);
	}
	memset(&dm, 0, sizeof dm);
	if (demo_parse(&dm, "compare", buf, len) != 0) {
		free(buf);
		demo_free(&dm);
		app_free(a);
		fprintf(err, "raviz: internal error: the compare lesson\n");
		return (1);
	}
	free(buf);
	memset(&po, 0, sizeof po);
	po.app = a;
	po.cols = o->frame_cols;
	po.rows = o->frame_rows;
	po.cast = o->cast;
	po.force = o->force;
	po.look = look;
	po.direct = direct;
	rc = demo_play_headless(&dm, &po, out, err);
	demo_free(&dm);
	return (rc);
}

/* headless --compare. */
int
storyboard_compare(const struct opts *o, FILE *out, FILE *err)
{
	struct theme_resolved	 look;
	struct caps		 caps;
	struct render_text	*t = NULL;
	struct app		*a = NULL;
	const struct differ	*d = NULL;
	struct quiet		 q;
	const char		*why;
	char			 esc[512];
	uint64_t		 n, to;
	unsigned		 pm;
	int			 rc, status = 0;

	if ((o->svg != NULL || o->cast != NULL) &&
	    (rc = theme_headless(o->theme, o->no_color, o->ascii, &caps,
	    &look, err)) != 0)
		return (rc);
	if (o->cast != NULL)
		return (compare_cast(o, &look, caps.direct, out, err));
	/*
	 * Long work as any other (quiet.h): progress on a terminal, and a
	 * signal stops it between slices, ending raviz with what is left
	 * unwritten said.
	 */
	quiet_begin(&q, err, "the compare run");
	if ((a = compare_app(o, NULL, &q)) == NULL ||
	    (d = app_differ(a)) == NULL || (t = render_text_new()) == NULL) {
		if (!stopped(&q, a))
			fprintf(err, "raviz: out of memory\n");
		status = 1;
		goto out;
	}
	/* Where to stop: the moment (each half at its own), N, or the end. */
	rc = 0;
	if (o->frames) {
		to = o->until_events != 0 ? o->until_events : UINT64_MAX;
		for (n = 0; rc == 0 && n < to && !app_over(a) &&
		    !ferror(out); n++) {
			rc = run(a, CMD_STEP, 1);
			if (stopped(&q, a)) {
				status = 1;
				goto out;
			}
			fprintf(out, "--- event %llu ---\n",
			    (unsigned long long)app_event_no(a));
			app_draw(a, &render_text_ops, t, o->frame_cols,
			    o->frame_rows);
			render_text_write(t, out);
			if (o->until_label && app_at_moment(a, o->until_label))
				break;
		}
	}
	if (o->until_label)
		rc = run(a, CMD_JUMP, o->until_label);
	else if (o->until_events)
		rc = run(a, CMD_GOTO, (int64_t)o->until_events);
	else
		rc = run(a, CMD_END, 0);
	if (rc == 0 && stopped(&q, a)) {
		status = 1;
		goto out;
	}
	if (rc != 0) {
		fprintf(err, "raviz: out of memory\n");
		status = 1;
		goto out;
	}
	if (!o->frames && o->svg == NULL) {
		app_draw(a, &render_text_ops, t, o->frame_cols, o->frame_rows);
		render_text_write(t, out);
	}
	if (o->svg != NULL) {
		app_set_glyphs(a, &look.glyphs);
		app_draw(a, &render_text_ops, t, o->frame_cols, o->frame_rows);
		if (svg_save(o->svg, o->force, t, &look, NULL, &why) != 0) {
			fprintf(err, "raviz: --svg: %s: %s\n",
			    fmt_escape_str(esc, sizeof esc, o->svg), why);
			status = 1;
			goto out;
		}
	}
	if (o->summary)
		summary(out, d);
out:
	pm = a != NULL ? app_move_permille(a) : 0;
	n = a != NULL ? app_event_no(a) : 0;
	render_text_free(t);
	app_free(a);
	/* Stopped by a signal: it ends raviz now (quiet_end()). */
	if (quiet_end(&q, pm, n, o->svg != NULL ? "SVG" : o->summary ?
	    "summary" : "picture") != 0)
		return (1);
	return (report_flush(out, err, status));
}
