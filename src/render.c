/*
 * render.c - the screen layout, drawn through a back end's ops table.
 * Each part of the screen is drawn by a file of its own (render-int.h):
 * the file timeline and legend (render-strips.c), the lanes, sparkline
 * and meters (render-lanes.c), the narration (render-narr.c) and the
 * overlays (render-overlay.c); this file lays them out, draws the header,
 * records events and holds the text helpers they share.
 *
 * From top to bottom: a header (mode in words, scenario, simulated time,
 * play state), the reader's row, the file timeline as strips of cells with
 * an overlay line above each (PG_readahead marker, readahead window with
 * its sync and async parts), a legend, three lanes over recent simulated time
 * (reader, plug, device) and the throughput sparkline below them on the
 * same time axis, meters, the narration of the last events with the
 * meaning of the latest moment T1..T5, and the caption and hint lines.
 *
 * Everything is computed from the pipeline state (view.h) and the history
 * recorded by render_event(); drawing a cell costs O(extents + cells), never O(pages).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "fmt.h"
#include "render-int.h"

static void	 sample_put(struct render *, const struct view *, uint64_t,
		    uint64_t);

/* Plain ASCII glyphs: the headless frames and non-UTF-8 terminals. */
const struct render_glyphs render_ascii = {
	{ "=", "#", "p", ">", "." },
	"[", "]", "-", "~", "M", "v", ".", "~", "-"
};

/* Unicode glyphs for UTF-8 terminals. */
const struct render_glyphs render_unicode = {
	{ "\xe2\x96\x91", "\xe2\x96\x88", "\xe2\x96\x92", "\xe2\x96\xb6",
	  "\xc2\xb7" },		/* light shade, full block, medium shade, ▶, · */
	"[", "]", "\xe2\x94\x80", "\xe2\x95\x8c", "M",
	"\xe2\x96\xbc", "\xc2\xb7", "\xe2\x89\x88",	/* ─ ╌ M ▼ · ≈ */
	"\xe2\x94\x80"					/* ─ */
};

/* Screen state of a page state. */
enum render_state
render_state_of(enum view_page p)
{
	switch (p) {
	case VIEW_PAGE_CONSUMED:
		return (RENDER_ST_CONSUMED);
	case VIEW_PAGE_UPTODATE:
		return (RENDER_ST_CACHED);
	case VIEW_PAGE_PLUGGED:
	case VIEW_PAGE_QUEUED:
		return (RENDER_ST_PLUGGED);
	case VIEW_PAGE_INFLIGHT:
		return (RENDER_ST_INFLIGHT);
	default:
		return (RENDER_ST_ABSENT);
	}
}

/* A renderer for a cols x rows screen. */
struct render *
render_new(unsigned cols, unsigned rows)
{
	struct render	*r;

	if ((r = calloc(1, sizeof *r)) == NULL)
		return (NULL);
	if ((r->hist = calloc(HIST_MAX, sizeof *r->hist)) == NULL) {
		free(r);
		return (NULL);
	}
	r->cols = cols;
	r->rows = rows;
	r->g = &render_ascii;
	r->lane_ns = LANE_NS_DEFAULT;
	return (r);
}

/* Free a renderer. */
void
render_free(struct render *r)
{
	if (r == NULL)
		return;
	free(r->hist);
	free(r);
}

/* An independent copy with the same history and settings. */
struct render *
render_clone(const struct render *o)
{
	struct render	*r;

	if ((r = malloc(sizeof *r)) == NULL)
		return (NULL);
	*r = *o;
	if ((r->hist = malloc(HIST_MAX * sizeof *r->hist)) == NULL) {
		free(r);
		return (NULL);
	}
	memcpy(r->hist, o->hist, HIST_MAX * sizeof *r->hist);
	return (r);
}

/*
 * Make r a copy of o, with the same history and settings, in r's own
 * storage: no allocation, so it cannot fail.  Only the samples kept are
 * copied, oldest first from the start of the ring.  Why: going back to a
 * checkpoint (a lesson's restart items, thousands of them) replaced the
 * renderer by a clone, a fresh 256 KiB ring each time, whose page faults
 * cost more than the copy.
 */
void
render_assign(struct render *r, const struct render *o)
{
	struct sample	*hist = r->hist;
	size_t		 first;

	if (r == o)
		return;
	*r = *o;
	r->hist = hist;
	first = HIST_MAX - o->hist_head;
	if (first > o->hist_len)
		first = o->hist_len;
	memcpy(r->hist, o->hist + o->hist_head, first * sizeof *r->hist);
	memcpy(r->hist + first, o->hist, (o->hist_len - first) *
	    sizeof *r->hist);
	r->hist_head = 0;
}

/* New screen size. */
void
render_resize(struct render *r, unsigned cols, unsigned rows)
{
	r->cols = cols;
	r->rows = rows;
}

/* Choose glyphs. */
void
render_set_glyphs(struct render *r, const struct render_glyphs *g)
{
	r->g = g;
}

/* Pages per cell (0 = automatic). */
void
render_set_zoom(struct render *r, uint64_t z)
{
	r->zoom = z;
}

/* Pages per cell in force. */
uint64_t
render_zoom(const struct render *r)
{
	return (r->zoom ? r->zoom : 1);
}

/*
 * Until when the device wakes (the link is waking and serves no command), or
 * 0 once it is up (view.h, struct view_stats: counted the same way).
 */
uint64_t
render_wake_end(const struct view *s)
{
	uint64_t	up = view_wake_end(s);

	return (up > view_stats(s)->now_ns ? up : 0);
}

/* Record one event. */
void
render_event(struct render *r, const struct view *s, const struct view_event *e)
{
	const struct view_reader	*rd;

	r->narr[(r->narr_head + r->narr_len) % NARR_MAX] = *e;
	if (r->narr_len == NARR_MAX)
		r->narr_head = (r->narr_head + 1) % NARR_MAX;
	else
		r->narr_len++;
	if (e->label)
		narrate_moment(&r->moment, s, e);
	/*
	 * The copy run, from its event; or, where the view already holds a
	 * copy whose event comes later in the same burst (feed.h: a wake-up
	 * copies at once),
	 * from the reader's move since the last event - only copying moves it.
	 */
	rd = view_reader(s);
	if (e->kind == VIEW_EV_COPY) {
		r->copy_first = e->first;
		r->copy_n = e->npages;
	} else if (rd->task == VIEW_TASK_COPYING && rd->pos > r->seen_pos &&
	    r->seen_pos >= rd->read_first &&
	    rd->pos - r->seen_pos <= view_config(s)->read_pages) {
		r->copy_first = r->seen_pos;
		r->copy_n = rd->pos - r->seen_pos;
	}
	r->seen_pos = rd->pos;

	sample_put(r, s, e->t_ns, render_wake_end(s));
	r->events++;
}

/*
 * Add a lane sample: the state of s (plug, device, reader, pages copied)
 * from time t on, the device waking until wake_end (0: up).
 */
static void
sample_put(struct render *r, const struct view *s, uint64_t t,
    uint64_t wake_end)
{
	struct sample	*h;
	size_t		 np, nd, nq;

	(void)view_plug_list(s, &np);
	(void)view_queue_list(s, &nq);
	(void)view_device_list(s, &nd);
	if (view_queue_plugged(s))
		np += nq;
	h = &r->hist[(r->hist_head + r->hist_len) % HIST_MAX];
	if (r->hist_len == HIST_MAX)
		r->hist_head = (r->hist_head + 1) % HIST_MAX;
	else
		r->hist_len++;
	h->t_ns = t;
	h->task = (uint8_t)view_reader(s)->task;
	h->plug = (uint16_t)(np > 65535 ? 65535 : np);
	h->dev = (uint16_t)(nd > 65535 ? 65535 : nd);
	h->wake_end = wake_end;
	h->copied = view_stats(s)->pages_copied;
}

/* Why: the picture must forget whatever render_skip() leaves out. */
_Static_assert(NARR_MAX <= RENDER_HISTORY && HIST_MAX <= RENDER_HISTORY,
    "render history must cover narration and lanes");

/* Count n events that were not recorded (a front end's jump). */
void
render_skip(struct render *r, uint64_t n)
{
	r->events += n;
}

/*
 * A jump of n events to a key frame s whose last event came at time t: the
 * sample in force from t on is the one that event left (the view's state
 * since, which only events change; the device's wake as of t).
 */
void
render_land(struct render *r, const struct view *s, uint64_t n, uint64_t t)
{
	uint64_t	up = view_wake_end(s);

	r->events += n;
	sample_put(r, s, t, up > t ? up : 0);
	r->seen_pos = view_reader(s)->pos;
}

/* Bytes of the longest start of s that fits in w cells. */
static size_t
cell_bytes(const char *s, size_t w)
{
	return (utf8_fit(s, w));
}

/*
 * Bytes of the longest start of s, at most w cells, that ends at a word
 * boundary; a cut inside a word if there is none or it would waste more
 * than half the room.
 */
static size_t
break_at(const char *s, size_t w)
{
	size_t	n = cell_bytes(s, w), b;

	if (s[n] == '\0' || s[n] == ' ')
		return (n);
	/* A number and its unit ("256 KiB") stay together. */
	for (b = n; b > 0 && (s[b - 1] != ' ' || (b >= 2 &&
	    s[b - 2] >= '0' && s[b - 2] <= '9' && s[b] >= 'A' &&
	    s[b] <= 'Z')); b--)
		;
	while (b > 0 && s[b - 1] == ' ')
		b--;
	return (b > 0 && cells(s) - cells(s + b) >= w / 2 ? b : n);
}

/*
 * s as it fits in w cells, into buf: cut at a word boundary and ended with
 * an ellipsis ("..." without Unicode) when it is longer, never in half a
 * word where a boundary is near.  Returns the cells it takes.
 */
static size_t
fit(const struct render *r, char *buf, size_t len, const char *s, size_t w)
{
	const char	*ell = glyphs_unicode(r->g) ? "\xe2\x80\xa6" : "...";
	size_t		 n, el = strlen(ell), ew = cells(ell);

	if (len == 0)
		return (0);
	if (cells(s) <= w) {
		n = strlen(s);
		el = 0;
	} else if (w <= ew) {
		s = ell;
		n = cell_bytes(ell, w);
		el = 0;
	} else {
		n = break_at(s, w - ew);
		/* A dangling separator reads badly before the ellipsis. */
		while (n > 0 && strchr(" ,;:-|", s[n - 1]) != NULL)
			n--;
	}
	while (n > 0 && n + el >= len)
		while (n > 0 && ((unsigned char)s[--n] & 0xc0) == 0x80)
			;
	memcpy(buf, s, n);
	memcpy(buf + n, ell, el);
	buf[n + el] = '\0';
	return (cells(buf));
}

/* Put s at (y, x) in at most w cells (see fit()). */
void
render_put_fit(struct render *r, const struct render_ops *ops, void *be,
    unsigned y, unsigned x, unsigned w, enum render_role role, const char *s)
{
	char	buf[1024];

	if (w > 0 && fit(r, buf, sizeof buf, s, w) > 0)
		ops->put(be, y, x, role, buf);
}

/*
 * Put s flush with the right edge of row y, in at most w cells; returns
 * the cells it takes (0 if there is no room).
 */
unsigned
render_put_right(struct render *r, const struct render_ops *ops, void *be,
    unsigned y, unsigned w, enum render_role role, const char *s)
{
	char		buf[1024];
	unsigned	rw = row_width(r, y), n;

	if (w > rw)
		w = rw;
	if (w == 0 || (n = (unsigned)fit(r, buf, sizeof buf, s, w)) == 0)
		return (0);
	ops->put(be, y, rw - n, role, buf);
	return (n);
}

/*
 * Is the reader inside a read() - from its read_begin event to its
 * read_end event?  *n gets that read()'s number, else the number of read()
 * calls that have returned (the last one is *n - 1).
 */
int
render_reader_in_read(const struct view *s, uint64_t *n)
{
	const struct view_reader	*rd = view_reader(s);

	*n = rd->read_index;
	switch (rd->task) {
	case VIEW_TASK_DONE:
		return (0);
	case VIEW_TASK_SYSCALL:
		/* Entering a read() (pos at its start) or between two. */
		return (rd->pos < rd->read_end);
	default:
		return (1);
	}
}

/*
 * "read #N" for the read() under way (the log's "read() #N: ..."), "read
 * #N returned" between two (the log's last "read() #N returns"), "no read
 * yet" before the first; the header and the reader lane (with "()") say
 * the same.
 */
const char *
render_read_words(const struct view *s, char *buf, size_t len, const char *paren)
{
	uint64_t	n;

	if (view_config(s)->reads_unknown)
		snprintf(buf, len, "no read%s in the trace", paren);
	else if (render_reader_in_read(s, &n))
		snprintf(buf, len, "read%s #%llu", paren, (unsigned long long)n);
	else if (n > 0)
		snprintf(buf, len, "read%s #%llu returned", paren,
		    (unsigned long long)(n - 1));
	else
		snprintf(buf, len, "no read%s yet", paren);
	return (buf);
}

/*
 * The page the reader works on.  While it copies a run, the run's first
 * page: the reader's position is already past the run, on a page that may
 * not even be read yet.  Asleep or waking, the page it waits for; else the
 * next page it looks at.  *run gets the pages being copied, or 0.
 */
uint64_t
render_reader_page(const struct render *r, const struct view *s, uint64_t *run)
{
	const struct view_reader	*rd = view_reader(s);

	*run = 0;
	if (rd->task == VIEW_TASK_COPYING && r->copy_n > 0 &&
	    r->copy_first + r->copy_n == rd->pos) {
		*run = r->copy_n;
		return (r->copy_first);
	}
	if ((rd->task == VIEW_TASK_SLEEPING || rd->task == VIEW_TASK_WAKING) &&
	    rd->wait_page != VIEW_NONE)
		return (rd->wait_page);
	return (rd->pos);
}

/* "t = 1.21ms   event 10   read #0" and the pending mode, into line. */
static void
clock_line(struct render *r, const struct view *s, char *line, size_t len,
    const char *sep)
{
	const struct view_stats	*ss = view_stats(s);
	char			 t[32], rw[48];
	size_t			 n;

	snprintf(line, len, "t = %s%sevent %llu%s%s",
	    fmt_time(t, sizeof t, ss->now_ns), sep,
	    (unsigned long long)r->events, sep,
	    render_read_words(s, rw, sizeof rw, ""));
	if (view_pending_mode(s) != view_mode(s)) {
		n = strlen(line);
		snprintf(line + n, len - n, "%s(%s at next read())", sep,
		    view_mode_name(view_pending_mode(s)));
	}
}

/*
 * Append the lanes' time scale ("lanes 1 col = 100us", or "100us/col")
 * to the clock line if the result still fits in w cells.
 */
static void
lane_scale(const struct render *r, char *line, size_t len, const char *sep,
    unsigned w)
{
	char	t[32], a[64], b[64];
	size_t	n = strlen(line);

	fmt_time(t, sizeof t, r->lane_ns);
	snprintf(a, sizeof a, "%slanes 1 col = %s", sep, t);
	snprintf(b, sizeof b, "%s%s/col", sep, t);
	if (cells(line) + cells(a) <= w)
		snprintf(line + n, len - n, "%s", a);
	else if (cells(line) + cells(b) <= w)
		snprintf(line + n, len - n, "%s", b);
}

/* The play state and its pace in brief, or in events a second. */
static void
play_brief(char *buf, size_t len, const struct render_status *st)
{
	if (st->pace_brief != NULL)
		snprintf(buf, len, "%s %s", st->play, st->pace_brief);
	else
		snprintf(buf, len, "%s %u ev/s", st->play, st->speed);
}

/*
 * Header lines: mode and scenario; clock, then play state and speed (or a
 * flash message) flush right.  Where the clock and the right part do not
 * both fit, the clock's separators narrow, the speed is abbreviated, and
 * the clock, not the message, gives way.
 */
static void
draw_header(struct render *r, const struct view *s,
    const struct render_ops *ops, void *be, unsigned y, unsigned lines,
    const struct render_status *st)
{
	const struct view_config	*c = view_config(s);
	char			 a[32], b[32], d[32], line[256], right[256];
	size_t			 n, nl;
	unsigned		 w;
	/*
	 * A kernel trace names itself instead of a model's mode, and the
	 * model beside it says what it is.
	 */
	const char		*ml = st != NULL && st->header != NULL ?
				    st->header : c->title[0] != '\0' ?
				    c->title : narrate_mode(view_mode(s));

	w = row_width(r, y);
	render_put_fit(r, ops, be, y, 0, w, RENDER_MODE, ml);
	nl = cells(ml);
	if (st != NULL && st->title != NULL) {
		/* Compare half: the clock takes the scenario's place. */
		clock_line(r, s, line, sizeof line, "  ");
		lane_scale(r, line, sizeof line, "  ", w - (unsigned)nl - 2);
		if (nl + 2 < w)
			render_put_right(r, ops, be, y, w - (unsigned)nl - 2,
			    RENDER_HEADER, line);
		return;
	}
	snprintf(line, sizeof line, "bs %s  ra %s  %s  file %s",
	    c->reads_unknown ? "?" :
	    fmt_size(a, sizeof a, c->read_pages * VIEW_PAGE_SIZE),
	    fmt_size(b, sizeof b, c->ra_pages * VIEW_PAGE_SIZE),
	    c->device, fmt_size(d, sizeof d, c->file_pages *
	    VIEW_PAGE_SIZE));
	if (cells(line) + nl + 2 <= w)
		render_put_right(r, ops, be, y, w, RENDER_HEADER, line);
	if (lines < 2)
		return;
	y++;
	w = row_width(r, y);
	right[0] = '\0';
	if (st != NULL && st->flash != NULL)
		snprintf(right, sizeof right, "%s", st->flash);
	else if (st != NULL && st->play != NULL && st->pace != NULL)
		snprintf(right, sizeof right, "%s  %s", st->play, st->pace);
	else if (st != NULL && st->play != NULL)
		snprintf(right, sizeof right, "%s  %u events/s", st->play,
		    st->speed);
	clock_line(r, s, line, sizeof line, "   ");
	n = cells(right);
	if (cells(line) + 2 + n > w)
		clock_line(r, s, line, sizeof line, "  ");
	if (cells(line) + 2 + n > w && st != NULL && st->flash == NULL &&
	    st->play != NULL) {
		play_brief(right, sizeof right, st);
		n = cells(right);
	}
	lane_scale(r, line, sizeof line, "   ", w > n + 2 ? w - (unsigned)n - 2 :
	    0);
	/* The right part keeps at least two thirds of the row. */
	if (n > 0)
		n = render_put_right(r, ops, be, y, w * 2 / 3,
		    st->flash != NULL ? RENDER_CAPTION : RENDER_MODE, right);
	if (n == 0)
		render_put_fit(r, ops, be, y, 0, w, RENDER_HEADER, line);
	else if (n + 2 < w)
		render_put_fit(r, ops, be, y, 0, w - (unsigned)n - 2,
		    RENDER_HEADER, line);
}

/*
 * Put text in up to maxl rows from y, breaking lines at blanks (later rows
 * indented by 4); what the last row cannot hold ends in an ellipsis.
 * Returns the rows used.  With ops NULL, only counts them.
 */
unsigned
render_wrap_put(struct render *r, const struct render_ops *ops, void *be,
    unsigned y, unsigned maxl, enum render_role role, const char *text)
{
	char		 line[512];
	size_t		 cut;
	unsigned	 l, ind = 0, w;

	for (l = 0; l < maxl && *text != '\0'; l++) {
		w = row_width(r, y + l);
		w = w > ind ? w - ind : 1;
		if (l + 1 == maxl || cells(text) <= w) {
			if (ops != NULL)
				render_put_fit(r, ops, be, y + l, ind, w, role,
				    text);
			return (l + 1);
		}
		cut = break_at(text, w);
		if (cut >= sizeof line)
			cut = sizeof line - 1;
		memcpy(line, text, cut);
		line[cut] = '\0';
		if (ops != NULL)
			put(ops, be, y + l, ind, role, line);
		text += cut;
		while (*text == ' ')
			text++;
		ind = 4;
	}
	return (l);
}

/* Draw the whole screen. */
void
render_draw(struct render *r, const struct view *s,
    const struct render_ops *ops, void *be, const struct render_status *st)
{
	ops->begin(be, r->cols, r->rows);
	render_draw_at(r, s, ops, be, st, 0, r->rows);
	ops->end(be);
}

/* Draw into rows [y0, y0 + h). */
void
render_draw_at(struct render *r, const struct view *s,
    const struct render_ops *ops, void *be, const struct render_status *st,
    unsigned y0, unsigned h)
{
	unsigned	head, lanes, strips, narr, foot, legend, y, rest, want;
	unsigned	meters, spark, k;
	uint64_t	pages;
	int		half = (st != NULL && st->title != NULL);

	if (half) {
		/* Compare: one header line, no legend or footer. */
		head = 1;
		legend = 0;
		foot = 0;
		lanes = h >= 10 ? 3 : (h >= 8 ? 1 : 0);
	} else {
		head = h >= 16 ? 2 : 1;
		legend = 1;
		lanes = h >= 20 ? 3 : (h >= 12 ? 1 : 0);
		foot = (st != NULL && h >= 20) ? 2 : 0;
	}
	/* Nothing a click can name until it is drawn again. */
	r->s_n = r->l_n = 0;
	/* Focus mode: no lanes, no event log (render_narr_draw()). */
	r->focus = st != NULL && st->focus;
	if (r->focus)
		lanes = 0;
	/*
	 * The request mix below the meters where the screen is tall (each
	 * compare half its own from 16 rows), once there is a request (until
	 * then the guide needs the row).
	 */
	meters = h >= (half ? 16u : 24u) && view_stats(s)->requests > 0 ?
	    2 : 1;
	/*
	 * The throughput sparkline under the lanes where the screen is tall
	 * (from 30 rows; each compare half from 16): at 80x24 the narration
	 * needs the row.
	 */
	spark = lanes > 0 && h >= (half ? 16u : 30u) ? 1 : 0;
	if (h < head + lanes + spark + foot + legend + meters + 1 + 2)
		return;
	/* meters, then 1: the reader's row. */
	rest = h - head - lanes - spark - foot - legend - meters - 1;
	/* Enough strips for one read() where room allows, at most 8. */
	pages = view_config(s)->read_pages;
	want = (unsigned)((pages + render_strips_width(r->cols) - 1) /
	    render_strips_width(r->cols));
	if (want < 2)
		want = 2;
	if (want > 8)
		want = 8;
	strips = rest >= 6 ? (rest - 4) / 2 : rest / 2;
	if (half && rest >= 6)
		strips = (rest - 2) / 2;
	if (strips > want)
		strips = want;
	if (strips == 0)
		strips = 1;
	narr = rest > 2 * strips ? rest - 2 * strips : 0;
	if (narr > 12) {
		strips += (narr - 12) / 2;
		if (strips > 8)
			strips = 8;
		narr = rest - 2 * strips;
	}

	y = y0;
	draw_header(r, s, ops, be, y, head, st);
	y += head;
	render_strips_draw(r, s, ops, be, y, strips);
	y += 1 + 2 * strips;
	if (legend)
		render_strips_legend(r, ops, be, y++);
	if (lanes) {
		render_lanes_draw(r, s, ops, be, y, lanes);
		y += lanes;
	}
	if (spark) {
		render_lanes_spark(r, s, ops, be, y++);
		if (r->l_n > 0)
			r->l_n++;	/* the same time axis */
	}
	render_lanes_meters(r, s, ops, be, y++);
	if (meters > 1)
		render_lanes_requests(r, s, ops, be, y++);
	k = render_narr_predict(r, ops, be, y, narr, st);
	render_narr_draw(r, s, ops, be, y + k, narr - k, st != NULL && !half &&
	    k == 0);
	y += narr;
	if (foot) {
		if (st->caption != NULL)
			render_put_fit(r, ops, be, y, 0, row_width(r, y),
			    RENDER_CAPTION, st->caption);
		if (st->lesson != NULL)
			render_narr_lesson(r, ops, be, y + 1, st);
		else if (st->hint != NULL)
			render_put_fit(r, ops, be, y + 1, 0,
			    row_width(r, y + 1), RENDER_HINT, st->hint);
	}
}

/*
 * Legend, the caption if there is one, then the play state flush right and
 * the flash message (or the hint) in what is left of the row, below the
 * compare halves.
 */
void
render_compare_footer(struct render *r, const struct render_ops *ops,
    void *be, unsigned y, unsigned h, const struct render_status *st)
{
	char		line[128];
	const char	*left, *d;
	unsigned	w, n = 0, k, used = 1;

	if (h == 0)
		return;
	render_strips_legend(r, ops, be, y);
	if (h < 2 || st == NULL)
		return;
	/* The difference rows under the legend (the run's first). */
	for (k = 0; k < 2; k++) {
		d = k == 0 ? st->diff : st->diff_now;
		if (d != NULL && used + 2 + (st->caption != NULL) <= h) {
			render_put_fit(r, ops, be, y + used, 0,
			    row_width(r, y + used), RENDER_METER, d);
			used++;
		}
	}
	/* A demo's caption (and its prompt) has a row of its own. */
	if (h >= 3 && st->caption != NULL)
		render_put_fit(r, ops, be, y + h - 2, 0,
		    row_width(r, y + h - 2), RENDER_CAPTION, st->caption);
	y += h - 1;
	w = row_width(r, y);
	if (st->play != NULL) {
		play_brief(line, sizeof line, st);
		n = render_put_right(r, ops, be, y, w / 3, RENDER_MODE, line);
	}
	left = st->flash != NULL ? st->flash : st->hint;
	if (left != NULL && w > n + 2)
		render_put_fit(r, ops, be, y, 0, n > 0 ? w - n - 2 : w,
		    st->flash != NULL ? RENDER_CAPTION : RENDER_HINT, left);
}

/*
 * What the last draw showed at column x, row y: a page cell of the strips
 * (its row, the window row above it, or the reader's row over the first
 * strip), or a column of the lanes or the sparkline.
 */
int
render_hit(const struct render *r, unsigned x, unsigned y,
    struct render_hit *h)
{
	uint64_t	page, back;
	unsigned	col;

	memset(h, 0, sizeof *h);
	if (x < 9)
		return (0);
	col = x - 9;
	if (r->s_n > 0 && y >= r->s_y && y < r->s_y + 1 + 2 * r->s_n &&
	    col < r->s_w) {
		/* The reader's row and each window row go with the strip below. */
		page = r->s_first + ((uint64_t)(y > r->s_y ? y - r->s_y - 1 :
		    0) / 2 * r->s_w + col) * r->s_z;
		if (page >= r->s_end)
			return (0);
		h->kind = RENDER_HIT_PAGE;
		h->page = page;
		return (1);
	}
	if (r->l_n > 0 && y >= r->l_y && y < r->l_y + r->l_n && col < r->l_w) {
		back = r->l_w - 1 - col;
		if (back > r->l_kn)
			return (0);	/* before time 0 */
		h->kind = RENDER_HIT_TIME;
		h->now = back == 0;
		/* The end of the column's slice: its last nanosecond. */
		h->t_ns = (r->l_kn - back + 1) * r->l_ns - 1;
		if (h->t_ns > r->l_now)
			h->t_ns = r->l_now;
		return (1);
	}
	return (0);
}
