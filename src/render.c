/*
 * render.c - the screen layout, drawn through a back end's ops table.
 *
 * From top to bottom: a header (mode in words, scenario, simulated time,
 * play state), the reader's row, the file timeline as strips of cells with
 * an overlay line above each (PG_readahead marker, readahead window with
 * its sync and async parts), a legend, three lanes over recent simulated time
 * (reader, plug, device) and the throughput sparkline below them on the
 * same time axis, meters, the narration of the last events with the
 * meaning of the latest moment T1..T5, and the caption and hint lines.
 *
 * Everything is computed from engine snapshots and the history recorded by
 * render_event(); drawing a cell costs O(extents + cells), never O(pages).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "fmt.h"
#include "narrate.h"
#include "render.h"
#include "utf8.h"

#define NARR_MAX	32
#define NARR_LEN	200		/* one narration line, formatted */
#define PACK_CHOICE	160		/* one predict choice, formatted */
#define HIST_MAX	RENDER_HISTORY	/* lane samples kept */
#define LANE_NS_DEFAULT	100000		/* 100 us per lane column */
#define LANE_WORDS	24		/* lane status text, right of the lanes */
#define SPARK_NS	2000000		/* throughput window: 2 ms */
#define SPARK_LEVELS	8

/* The lanes' state after an event. */
struct sample {
	uint64_t	 t_ns;
	uint8_t		 task;		/* enum sim_task */
	uint16_t	 plug;		/* requests held in a plug */
	uint16_t	 dev;		/* requests on the device */
	uint64_t	 wake_end;	/* the device wakes until then, or 0 */
	uint64_t	 copied;	/* pages copied to user space so far */
};

struct render {
	unsigned			 cols, rows;
	uint64_t			 zoom;		/* 0 = auto */
	uint64_t			 lane_ns;
	const struct render_glyphs	*g;

	/*
	 * The last events, put in words only when drawn: runs go through
	 * far more events than are ever shown (compare mode, fast play),
	 * and formatting each one cost more than the engine's step.
	 */
	struct sim_event		 narr[NARR_MAX];
	size_t				 narr_head, narr_len;
	struct narrate_moment		 moment;	/* the last T1..T5 */

	struct sample			*hist;
	size_t				 hist_head, hist_len;
	uint64_t			 events;

	/* The last copy_to_user: [copy_first, copy_first + copy_n). */
	uint64_t			 copy_first, copy_n;
	uint64_t			 seen_pos;	/* reader's page then */
	int				 focus;		/* this draw: focus mode */
};

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

static const char *state_names[RENDER_ST_COUNT] = {
	"consumed", "in memory", "queued in plug", "in flight",
	"not requested"
};

/* Screen state of an engine page state. */
enum render_state
render_state_of(enum sim_page p)
{
	switch (p) {
	case SIM_PAGE_CONSUMED:
		return (RENDER_ST_CONSUMED);
	case SIM_PAGE_UPTODATE:
		return (RENDER_ST_CACHED);
	case SIM_PAGE_PLUGGED:
	case SIM_PAGE_QUEUED:
		return (RENDER_ST_PLUGGED);
	case SIM_PAGE_INFLIGHT:
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
 * Until when the device wakes (pays an idle-exit penalty and serves no
 * command), or 0: the first time one of its commands is served, if that is
 * still ahead (sim.h, struct sim_stats: the engine counts it the same way).
 */
static uint64_t
wake_end(const struct sim *s)
{
	const struct sim_request	*d;
	uint64_t			 p = sim_config(s)->device.idle_penalty_ns;
	uint64_t			 from, first = SIM_NONE;
	size_t				 n, i;

	d = sim_device_list(s, &n);
	for (i = 0; i < n; i++) {
		from = d[i].t_dispatch + (d[i].penalised ? p : 0);
		if (from < first)
			first = from;
	}
	return (first != SIM_NONE && first > sim_stats(s)->now_ns ? first : 0);
}

/* Record one event. */
void
render_event(struct render *r, const struct sim *s, const struct sim_event *e)
{
	const struct sim_reader	*rd;
	struct sample		*h;
	size_t			 np, nd, nq;

	r->narr[(r->narr_head + r->narr_len) % NARR_MAX] = *e;
	if (r->narr_len == NARR_MAX)
		r->narr_head = (r->narr_head + 1) % NARR_MAX;
	else
		r->narr_len++;
	if (e->label)
		narrate_moment(&r->moment, s, e);
	/*
	 * The copy run, from its event; or, where the engine's burst made
	 * the copy before handing out its event (a wake-up copies at once),
	 * from the reader's move since the last event - only copying moves it.
	 */
	rd = sim_reader(s);
	if (e->kind == SIM_EV_COPY) {
		r->copy_first = e->first;
		r->copy_n = e->npages;
	} else if (rd->task == SIM_TASK_COPYING && rd->pos > r->seen_pos &&
	    r->seen_pos >= rd->read_first &&
	    rd->pos - r->seen_pos <= sim_config(s)->read_pages) {
		r->copy_first = r->seen_pos;
		r->copy_n = rd->pos - r->seen_pos;
	}
	r->seen_pos = rd->pos;

	(void)sim_plug_list(s, &np);
	(void)sim_queue_list(s, &nq);
	(void)sim_device_list(s, &nd);
	if (sim_queue_plugged(s))
		np += nq;
	h = &r->hist[(r->hist_head + r->hist_len) % HIST_MAX];
	if (r->hist_len == HIST_MAX)
		r->hist_head = (r->hist_head + 1) % HIST_MAX;
	else
		r->hist_len++;
	h->t_ns = e->t_ns;
	h->task = (uint8_t)sim_reader(s)->task;
	h->plug = (uint16_t)(np > 65535 ? 65535 : np);
	h->dev = (uint16_t)(nd > 65535 ? 65535 : nd);
	h->wake_end = wake_end(s);
	h->copied = sim_stats(s)->pages_copied;
	r->events++;
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

/* Put a string, if the row is inside the area. */
static void
put(const struct render_ops *ops, void *be, unsigned y, unsigned x,
    enum render_role role, const char *s)
{
	ops->put(be, y, x, role, s);
}

/* Is this glyph set Unicode (box drawing, an ellipsis)? */
static int
glyphs_unicode(const struct render_glyphs *g)
{
	return ((unsigned char)g->hbar[0] >= 0x80);
}

/* Cells a string takes (utf8.h: wide characters two, combining none). */
static size_t
cells(const char *s)
{
	return (utf8_width(s));
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

/* Columns usable in row y: the bottom-right cell is never written. */
static unsigned
row_width(const struct render *r, unsigned y)
{
	return (y + 1 == r->rows && r->cols > 0 ? r->cols - 1 : r->cols);
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
static void
put_fit(struct render *r, const struct render_ops *ops, void *be,
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
static unsigned
put_right(struct render *r, const struct render_ops *ops, void *be,
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

/* Per-cell accumulation of page states for the timeline. */
struct cells {
	uint64_t	 first;		/* first page shown */
	uint64_t	 z;		/* pages per cell */
	unsigned	 n;		/* cells */
	uint64_t	(*count)[RENDER_ST_COUNT];
};

/* sim_extents() callback: add a run's pages to the cells it covers. */
static void
cells_cb(const struct sim_extent *x, void *arg)
{
	struct cells		*c = arg;
	enum render_state	 st = render_state_of(x->state);
	uint64_t		 p = x->first, end = x->first + x->npages;
	uint64_t		 cell, cend, m;

	while (p < end) {
		cell = (p - c->first) / c->z;
		if (cell >= c->n)
			break;
		cend = c->first + (cell + 1) * c->z;
		m = (end < cend ? end : cend) - p;
		c->count[cell][st] += m;
		p += m;
	}
}

/* The state a cell shows: the most pages; ties go to the busier state. */
static enum render_state
cell_state(const uint64_t *cnt)
{
	static const enum render_state order[RENDER_ST_COUNT] = {
		RENDER_ST_INFLIGHT, RENDER_ST_PLUGGED, RENDER_ST_CACHED,
		RENDER_ST_CONSUMED, RENDER_ST_ABSENT
	};
	enum render_state	best = RENDER_ST_ABSENT;
	uint64_t		bn = 0;
	int			i;

	for (i = 0; i < RENDER_ST_COUNT; i++) {
		if (cnt[order[i]] > bn) {
			bn = cnt[order[i]];
			best = order[i];
		}
	}
	return (best);
}

static const enum render_role state_role[RENDER_ST_COUNT] = {
	RENDER_PAGE_CONSUMED, RENDER_PAGE_CACHED, RENDER_PAGE_PLUGGED,
	RENDER_PAGE_INFLIGHT, RENDER_PAGE_ABSENT
};

/* Cells per strip for a width: a multiple of 32 pages, so windows align. */
static unsigned
strip_width(unsigned cols)
{
	unsigned	w = cols > 10 ? cols - 10 : 1;

	if (w >= 32)
		w -= w % 32;
	return (w);
}

/*
 * Is the reader inside a read() - from its read_begin event to its
 * read_end event?  *n gets that read()'s number, else the number of read()
 * calls that have returned (the last one is *n - 1).
 */
static int
reader_in_read(const struct sim *s, uint64_t *n)
{
	const struct sim_reader	*rd = sim_reader(s);

	*n = rd->read_index;
	switch (rd->task) {
	case SIM_TASK_DONE:
		return (0);
	case SIM_TASK_SYSCALL:
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
static const char *
read_words(const struct sim *s, char *buf, size_t len, const char *paren)
{
	uint64_t	n;

	if (reader_in_read(s, &n))
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
 * page: the engine's position is already past the run, on a page that may
 * not even be read yet.  Asleep or waking, the page it waits for; else the
 * next page it looks at.  *run gets the pages being copied, or 0.
 */
static uint64_t
reader_page(const struct render *r, const struct sim *s, uint64_t *run)
{
	const struct sim_reader	*rd = sim_reader(s);

	*run = 0;
	if (rd->task == SIM_TASK_COPYING && r->copy_n > 0 &&
	    r->copy_first + r->copy_n == rd->pos) {
		*run = r->copy_n;
		return (r->copy_first);
	}
	if ((rd->task == SIM_TASK_SLEEPING || rd->task == SIM_TASK_WAKING) &&
	    rd->wait_page != SIM_NONE)
		return (rd->wait_page);
	return (rd->pos);
}

/*
 * Draw the reader's row at y and the timeline strips below it, in rows
 * [y, y + 1 + 2 * strips).  The first strip is the one the reader is in,
 * so the reader has a row of its own (it hides no window edge or marker)
 * and the strips below show what lies ahead of it.
 */
static void
draw_timeline(struct render *r, const struct sim *s,
    const struct render_ops *ops, void *be, unsigned y, unsigned strips)
{
	const struct sim_config	*cfg = sim_config(s);
	const struct sim_reader	*rd = sim_reader(s);
	const struct sim_ra	*ra = sim_ra(s);
	const struct render_glyphs *g = r->g;
	struct cells		 c;
	uint64_t		 span, first, p, marks[64], pos, run;
	unsigned		 w = strip_width(r->cols), i, k, row, col;
	size_t			 nm, j;
	char			 lab[32];

	c.z = render_zoom(r);
	c.n = w * strips;
	span = (uint64_t)c.n * c.z;
	pos = reader_page(r, s, &run);
	if (pos >= cfg->file_pages)
		pos = cfg->file_pages - 1;
	first = (pos / ((uint64_t)w * c.z)) * ((uint64_t)w * c.z);
	c.first = first;
	if ((c.count = calloc(c.n, sizeof *c.count)) == NULL)
		return;
	sim_extents(s, first, span, cells_cb, &c);
	nm = sim_markers(s, marks, 64);
	if (nm > 64)
		nm = 64;

	snprintf(lab, sizeof lab, "%8s ", "reader");
	put(ops, be, y, 0, RENDER_DIM, lab);
	if (rd->task != SIM_TASK_DONE)
		put(ops, be, y, 9 + (unsigned)((pos - first) / c.z),
		    RENDER_READER, g->reader);
	y++;

	for (row = 0; row < strips; row++) {
		uint64_t sp = first + (uint64_t)row * w * c.z;

		if (sp >= cfg->file_pages)
			break;
		snprintf(lab, sizeof lab, "%8llu ", (unsigned long long)sp);
		put(ops, be, y + 2 * row + 1, 0, RENDER_DIM, lab);
		for (col = 0; col < w; col++) {
			i = row * w + col;
			p = first + (uint64_t)i * c.z;
			if (p >= cfg->file_pages)
				break;
			k = cell_state(c.count[i]);
			put(ops, be, y + 2 * row + 1, 9 + col, state_role[k],
			    g->state[k]);
		}
		/* Overlay: window and marker (the reader has its own row). */
		for (col = 0; col < w; col++) {
			uint64_t lo = sp + (uint64_t)col * c.z, hi = lo + c.z;
			uint64_t ws = ra->start, we = ra->start + ra->size;
			uint64_t as = we - ra->async_size;
			const char *gl = NULL;
			enum render_role role = RENDER_WINDOW_SYNC;

			if (lo >= cfg->file_pages)
				break;
			if (ra->size != 0 && lo < we && hi > ws) {
				if (lo < as) {
					gl = g->win_sync;
					role = RENDER_WINDOW_SYNC;
				} else {
					gl = g->win_async;
					role = RENDER_WINDOW_ASYNC;
				}
				if (ws >= lo && ws < hi)
					gl = g->win_open;
				else if (we - 1 >= lo && we - 1 < hi)
					gl = g->win_close;
			}
			for (j = 0; j < nm; j++) {
				if (marks[j] >= lo && marks[j] < hi) {
					gl = g->marker;
					role = RENDER_MARKER;
				}
			}
			if (gl != NULL)
				put(ops, be, y + 2 * row, 9 + col, role, gl);
		}
	}
	free(c.count);
}

/* The sample in force at time t (the last one at or before t), or NULL. */
static const struct sample *
sample_at(const struct render *r, uint64_t t)
{
	size_t	lo = 0, hi = r->hist_len, mid;

	if (r->hist_len == 0 || r->hist[r->hist_head].t_ns > t)
		return (NULL);
	while (hi - lo > 1) {
		mid = lo + (hi - lo) / 2;
		if (r->hist[(r->hist_head + mid) % HIST_MAX].t_ns <= t)
			lo = mid;
		else
			hi = mid;
	}
	return (&r->hist[(r->hist_head + lo) % HIST_MAX]);
}

/* Requests in a list and their total size, as "2 held, 256 KiB". */
static void
req_words(char *buf, size_t len, const struct sim_request *v, size_t n,
    const char *what)
{
	uint64_t	pages = 0;
	size_t		i;
	char		sz[32];

	for (i = 0; i < n; i++)
		pages += v[i].npages;
	snprintf(buf, len, "%zu %s, %s", n, what,
	    fmt_bytes(sz, sizeof sz, pages * SIM_PAGE_SIZE));
}

/* What lane l (0 reader, 1 plug, 2 device) is doing now, in words. */
static void
lane_words(const struct render *r, const struct sim *s, unsigned l,
    char *buf, size_t len)
{
	const struct sim_reader		*rd = sim_reader(s);
	const struct sim_request	*v, *q;
	size_t				 n, nq;
	uint64_t			 pen, p, run;

	switch (l) {
	case 0:
		switch (rd->task) {
		case SIM_TASK_SYSCALL:
			if (reader_in_read(s, &p))
				snprintf(buf, len, "in ");
			else
				buf[0] = '\0';
			n = strlen(buf);
			read_words(s, buf + n, len - n, "()");
			break;
		case SIM_TASK_READAHEAD:
			snprintf(buf, len, "submitting readahead");
			break;
		case SIM_TASK_COPYING:
			p = reader_page(r, s, &run);
			if (run > 0)
				snprintf(buf, len, "copying [%llu,%llu)",
				    (unsigned long long)p,
				    (unsigned long long)(p + run));
			else
				snprintf(buf, len, "copying up to page %llu",
				    (unsigned long long)rd->pos);
			break;
		case SIM_TASK_SLEEPING:
			snprintf(buf, len, "asleep on page %llu",
			    (unsigned long long)rd->wait_page);
			break;
		case SIM_TASK_WAKING:
			snprintf(buf, len, "waking (page %llu)",
			    (unsigned long long)rd->wait_page);
			break;
		default:
			snprintf(buf, len, "done: file read");
			break;
		}
		break;
	case 1:
		v = sim_plug_list(s, &n);
		q = sim_queue_list(s, &nq);
		if (sim_queue_plugged(s) && nq > 0)
			req_words(buf, len, q, nq, "held in queue");
		else if (n == 0)
			snprintf(buf, len, "empty");
		else
			req_words(buf, len, v, n, "held");
		break;
	default:
		v = sim_device_list(s, &n);
		pen = wake_end(s);
		if (n == 0)
			snprintf(buf, len, "idle");
		else if (pen != 0)
			snprintf(buf, len, "waking from idle");
		else
			req_words(buf, len, v, n, "in flight");
		break;
	}
}

/* Columns the lane strips use (the rest shows the lanes in words). */
static unsigned
lane_width(const struct render *r)
{
	unsigned	w = r->cols > 10 ? r->cols - 10 : 1;

	return (w > LANE_WORDS + 40 ? w - LANE_WORDS - 1 : w);
}

/* Lane states: reader tasks, then held/served counts 0..10 (+), waking. */
#define LANE_KEYS	12
#define KEY_WAKING	11

/* The state key of lane l over a stretch that starts at sample h. */
static unsigned
lane_key(const struct sample *h, unsigned l)
{
	unsigned	v;

	if (l == 0)
		return (h->task < 6 ? h->task : 5);
	v = l == 1 ? h->plug : h->dev;
	return (v > 10 ? 10 : v);
}

/*
 * Which state a slice shows: the one that lasted longest in it; on a tie
 * the busier one - for the reader asleep, waking, readahead, copying, in
 * read(), done; for the plug and the device more requests, and waking
 * before idle.
 */
static unsigned
slice_winner(const uint64_t *d, unsigned l)
{
	static const unsigned reader_rank[6] = {
		SIM_TASK_SLEEPING, SIM_TASK_WAKING, SIM_TASK_READAHEAD,
		SIM_TASK_COPYING, SIM_TASK_SYSCALL, SIM_TASK_DONE
	};
	static const unsigned dev_rank[LANE_KEYS] = {
		10, 9, 8, 7, 6, 5, 4, 3, 2, 1, KEY_WAKING, 0
	};
	const unsigned	*rank = l == 0 ? reader_rank : dev_rank;
	unsigned	 n = l == 0 ? 6 : LANE_KEYS, i, best = rank[0];

	for (i = 1; i < n; i++)
		if (d[rank[i]] > d[best])
			best = rank[i];
	return (best);
}

/*
 * The reader, plug and device lanes in rows y.. (the last nlanes of the
 * three), then what each is doing now in words.  Column k is the slice
 * [k * lane_ns, (k + 1) * lane_ns) of simulated time, the slice holding now
 * at the right edge showing the state now.  A past slice shows the state
 * that lasted longest in it (slice_winner()), and never changes.
 */
static void
draw_lanes(struct render *r, const struct sim *s,
    const struct render_ops *ops, void *be, unsigned y, unsigned nlanes)
{
	static const char *names[3] = { "reader", "plug", "device" };
	static const char task_glyph[] = "srczwd";
	const struct sample	*h, *nx;
	uint64_t		 now = sim_stats(s)->now_ns, ns = r->lane_ns;
	uint64_t		 d[3][LANE_KEYS], a, b, t0, t1, cut, kn, back;
	unsigned		 w = lane_width(r), col, l, lane, key;
	size_t			 i, n;
	char			 gl[8], lab[64];
	enum render_role	 role;

	for (l = 0; l < nlanes && l < 3; l++) {
		lane = 3 - nlanes + l;
		snprintf(lab, sizeof lab, "%8s ", names[lane]);
		put(ops, be, y + l, 0, RENDER_DIM, lab);
		if (w + 10 + LANE_WORDS <= r->cols) {
			lane_words(r, s, lane, lab, sizeof lab);
			put_fit(r, ops, be, y + l, 10 + w,
			    row_width(r, y + l) - 10 - w, lane == 0 ?
			    RENDER_LANE_READER : lane == 1 ? RENDER_LANE_PLUG :
			    RENDER_LANE_DEVICE, lab);
		}
	}
	if (r->hist_len == 0)
		return;
	kn = now / ns;
	/* The first sample in force in the leftmost slice. */
	back = kn >= w - 1 ? kn - (w - 1) : 0;
	i = 0;
	if ((h = sample_at(r, back * ns)) != NULL)
		i = (size_t)(h - r->hist + HIST_MAX - r->hist_head) % HIST_MAX;
	for (col = 0; col < w; col++) {
		if (w - 1 - col > kn)
			continue;	/* before time 0 */
		a = (kn - (w - 1 - col)) * ns;
		b = a + ns < now ? a + ns : now;
		memset(d, 0, sizeof d);
		/* Every stretch between samples that overlaps [a, b]. */
		for (n = i; n < r->hist_len; n++) {
			h = &r->hist[(r->hist_head + n) % HIST_MAX];
			if (h->t_ns > b || (h->t_ns == b && b > a))
				break;
			nx = n + 1 < r->hist_len ?
			    &r->hist[(r->hist_head + n + 1) % HIST_MAX] : NULL;
			t0 = h->t_ns > a ? h->t_ns : a;
			t1 = nx != NULL && nx->t_ns < b ? nx->t_ns : b;
			if (nx != NULL && nx->t_ns <= a) {
				i = n + 1;	/* wholly before this slice */
				continue;
			}
			/* A zero-length slice of now still shows its state. */
			if (t1 <= t0)
				t1 = t0 + (b == a);
			for (l = 0; l < 3; l++)
				d[l][lane_key(h, l)] += t1 - t0;
			cut = h->wake_end > t0 ? (h->wake_end < t1 ?
			    h->wake_end : t1) : t0;
			if (cut > t0 && h->dev > 0) {
				d[2][lane_key(h, 2)] -= cut - t0;
				d[2][KEY_WAKING] += cut - t0;
			}
		}
		if (i >= r->hist_len ||
		    r->hist[(r->hist_head + i) % HIST_MAX].t_ns > b)
			continue;	/* before the first event */
		/* The slice of now shows the state now. */
		h = &r->hist[(r->hist_head + r->hist_len - 1) % HIST_MAX];
		for (l = 0; l < nlanes && l < 3; l++) {
			lane = 3 - nlanes + l;
			key = slice_winner(d[lane], lane);
			if (col == w - 1)
				key = lane == 2 && h->dev > 0 &&
				    h->wake_end > now ? KEY_WAKING :
				    lane_key(h, lane);
			gl[1] = '\0';
			if (lane == 0) {
				gl[0] = task_glyph[key];
				role = RENDER_LANE_READER;
				if (key == SIM_TASK_SLEEPING ||
				    key == SIM_TASK_WAKING)
					role = RENDER_PAGE_ABSENT;
			} else if (key == 0) {
				snprintf(gl, sizeof gl, "%s", r->g->lane_idle);
				role = RENDER_DIM;
			} else if (key == KEY_WAKING) {
				snprintf(gl, sizeof gl, "%s",
				    r->g->lane_waking);
				role = RENDER_LANE_WAKING;
			} else {
				gl[0] = (char)(key > 9 ? '+' : '0' + key);
				role = lane == 1 ? RENDER_LANE_PLUG :
				    RENDER_LANE_DEVICE;
			}
			put(ops, be, y + l, 9 + col, role, gl);
		}
	}
}

/*
 * Pages copied to user space by time t, from the lane history: 0 before
 * the first event when the history holds every event of the run, -1 when
 * t is older than the history (jumped over or forgotten).
 */
static int64_t
copied_at(const struct render *r, uint64_t t)
{
	const struct sample	*h = sample_at(r, t);

	if (h != NULL)
		return ((int64_t)h->copied);
	return (r->events == r->hist_len ? 0 : -1);
}

/*
 * Sparkline level 0 .. SPARK_LEVELS of `pages` copied in SPARK_NS against
 * the device's bandwidth (a full block; more, as from the page cache,
 * clamps): 0 only when nothing was copied, else rounded up.
 */
static unsigned
spark_level(uint64_t pages, uint64_t bandwidth)
{
	/* Bytes per second is bytes x (1 s / SPARK_NS). */
	const uint64_t	k = 1000000000 / SPARK_NS * SPARK_LEVELS;
	uint64_t	bytes, lv;

	if (pages == 0)
		return (0);
	if (bandwidth == 0 || pages > UINT64_MAX / SIM_PAGE_SIZE / k)
		return (SPARK_LEVELS);
	bytes = pages * SIM_PAGE_SIZE;
	lv = (bytes * k + bandwidth - 1) / bandwidth;
	return (lv > SPARK_LEVELS ? SPARK_LEVELS : lv < 1 ? 1 : (unsigned)lv);
}

/*
 * The throughput sparkline in row y, under the lanes and on their time
 * axis: column k shows the MB/s copied to user space over the SPARK_NS
 * of simulated time that end where the lanes' column k ends (now, at the
 * right edge), as a block one to eight eighths high of the device's
 * bandwidth; a column with nothing copied shows the idle glyph.  Right of
 * it, the value now in words.  Integer arithmetic throughout.
 */
static void
draw_spark(struct render *r, const struct sim *s,
    const struct render_ops *ops, void *be, unsigned y)
{
	static const char *const uni[SPARK_LEVELS] = {
		"\xe2\x96\x81", "\xe2\x96\x82", "\xe2\x96\x83", "\xe2\x96\x84",
		"\xe2\x96\x85", "\xe2\x96\x86", "\xe2\x96\x87", "\xe2\x96\x88"
	};				/* ▁ ▂ ▃ ▄ ▅ ▆ ▇ █ */
	static const char *const asc[SPARK_LEVELS] = {
		"_", "_", ".", "-", "-", "=", "#", "#"
	};
	const char *const	*lv = glyphs_unicode(r->g) ? uni : asc;
	uint64_t		 now = sim_stats(s)->now_ns, ns = r->lane_ns;
	uint64_t		 bw = sim_config(s)->device.bandwidth;
	uint64_t		 kn = now / ns, end, from;
	int64_t			 c1, c0;
	unsigned		 w = lane_width(r), col, k;
	char			 a[32], b[32], words[64];

	put(ops, be, y, 0, RENDER_DIM, "    MB/s ");
	c1 = copied_at(r, now);
	c0 = copied_at(r, now > SPARK_NS ? now - SPARK_NS : 0);
	if (w + 10 + LANE_WORDS <= r->cols && c0 >= 0 && c1 >= c0) {
		fmt_ratio(a, sizeof a, (uint64_t)(c1 - c0) * SIM_PAGE_SIZE *
		    1000, SPARK_NS, 0);
		fmt_ratio(b, sizeof b, bw, 1000000, 0);
		snprintf(words, sizeof words, "%s of %s MB/s in 2ms", a, b);
		put_fit(r, ops, be, y, 10 + w, row_width(r, y) - 10 - w,
		    RENDER_METER, words);
	}
	if (r->hist_len == 0)
		return;
	for (col = 0; col < w; col++) {
		if (w - 1 - col > kn)
			continue;	/* before time 0 */
		end = (kn - (w - 1 - col) + 1) * ns;
		if (end > now)
			end = now;
		from = end > SPARK_NS ? end - SPARK_NS : 0;
		if (r->hist[r->hist_head].t_ns > end)
			continue;	/* before the first event */
		c1 = copied_at(r, end);
		c0 = copied_at(r, from);
		if (c0 < 0 || c1 < c0)
			continue;	/* older than the history */
		k = spark_level((uint64_t)(c1 - c0), bw);
		put(ops, be, y, 9 + col, k == 0 ? RENDER_DIM : RENDER_METER,
		    k == 0 ? r->g->lane_idle : lv[k - 1]);
	}
}

/* "t = 1.21ms   event 10   read #0" and the pending mode, into line. */
static void
clock_line(struct render *r, const struct sim *s, char *line, size_t len,
    const char *sep)
{
	const struct sim_stats	*ss = sim_stats(s);
	char			 t[32], rw[48];
	size_t			 n;

	snprintf(line, len, "t = %s%sevent %llu%s%s",
	    fmt_time(t, sizeof t, ss->now_ns), sep,
	    (unsigned long long)r->events, sep,
	    read_words(s, rw, sizeof rw, ""));
	if (sim_pending_mode(s) != sim_mode(s)) {
		n = strlen(line);
		snprintf(line + n, len - n, "%s(%s at next read())", sep,
		    sim_mode_name(sim_pending_mode(s)));
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

/*
 * Header lines: mode and scenario; clock, then play state and speed (or a
 * flash message) flush right.  Where the clock and the right part do not
 * both fit, the clock's separators narrow, the speed is abbreviated, and
 * the clock, not the message, gives way.
 */
static void
draw_header(struct render *r, const struct sim *s,
    const struct render_ops *ops, void *be, unsigned y, unsigned lines,
    const struct render_status *st)
{
	const struct sim_config	*c = sim_config(s);
	char			 a[32], b[32], d[32], line[256], right[256];
	size_t			 n, nl;
	unsigned		 w;
	const char		*ml = narrate_mode(sim_mode(s));

	w = row_width(r, y);
	put_fit(r, ops, be, y, 0, w, RENDER_MODE, ml);
	nl = cells(ml);
	if (st != NULL && st->title != NULL) {
		/* Compare half: the clock takes the scenario's place. */
		clock_line(r, s, line, sizeof line, "  ");
		lane_scale(r, line, sizeof line, "  ", w - (unsigned)nl - 2);
		if (nl + 2 < w)
			put_right(r, ops, be, y, w - (unsigned)nl - 2,
			    RENDER_HEADER, line);
		return;
	}
	snprintf(line, sizeof line, "bs %s  ra %s  %s  file %s",
	    fmt_size(a, sizeof a, c->read_pages * SIM_PAGE_SIZE),
	    fmt_size(b, sizeof b, c->ra_pages * SIM_PAGE_SIZE),
	    c->device.name, fmt_size(d, sizeof d, c->file_pages *
	    SIM_PAGE_SIZE));
	if (cells(line) + nl + 2 <= w)
		put_right(r, ops, be, y, w, RENDER_HEADER, line);
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
		if (st->pace_brief != NULL)
			snprintf(right, sizeof right, "%s %s", st->play,
			    st->pace_brief);
		else
			snprintf(right, sizeof right, "%s %u ev/s", st->play,
			    st->speed);
		n = cells(right);
	}
	lane_scale(r, line, sizeof line, "   ", w > n + 2 ? w - (unsigned)n - 2 :
	    0);
	/* The right part keeps at least two thirds of the row. */
	if (n > 0)
		n = put_right(r, ops, be, y, w * 2 / 3, st->flash != NULL ?
		    RENDER_CAPTION : RENDER_MODE, right);
	if (n == 0)
		put_fit(r, ops, be, y, 0, w, RENDER_HEADER, line);
	else if (n + 2 < w)
		put_fit(r, ops, be, y, 0, w - (unsigned)n - 2, RENDER_HEADER,
		    line);
}

/* Legend words for the five states where the row is short. */
static const char *state_short[RENDER_ST_COUNT] = {
	"consumed", "cached", "in plug", "in flight", "absent"
};

/* The window's entry in the legend, in long or short (brief) words. */
#define LEGEND_WINDOW(brief)	((brief) ? "window" : "window: sync, async")

/* Cells the whole legend takes in long or short words. */
static size_t
legend_cells(int brief)
{
	size_t		n = 0;
	unsigned	i;

	for (i = 0; i < RENDER_ST_COUNT; i++)
		n += 2 + cells(brief ? state_short[i] : state_names[i]) + 2;
	/* [ fills ] word, then "M marker". */
	n += 2 + (brief ? 2 : 4) + 1 + cells(LEGEND_WINDOW(brief)) + 2;
	return (n + 8);
}

/*
 * Legend line: every glyph of the timeline (the reader's row is labelled)
 * in long words where they fit, else in short ones; entries that do not
 * fit whole are left out.
 */
static void
draw_legend(struct render *r, const struct render_ops *ops, void *be,
    unsigned y)
{
	const struct render_glyphs	*g = r->g;
	const char			*word;
	unsigned			 x = 0, i, k, fills, w = row_width(r, y);
	int				 brief = legend_cells(0) > w;
	size_t				 n;

	for (i = 0; i < RENDER_ST_COUNT; i++) {
		word = brief ? state_short[i] : state_names[i];
		n = cells(word);
		if (x + 2 + n > w)
			return;
		put(ops, be, y, x, state_role[i], g->state[i]);
		put(ops, be, y, x + 2, RENDER_TEXT, word);
		x += 2 + (unsigned)n + 2;
	}
	fills = brief ? 1 : 2;
	word = LEGEND_WINDOW(brief);
	if (x + 2 + 2 * fills + 1 + cells(word) > w)
		return;
	put(ops, be, y, x++, RENDER_WINDOW_SYNC, g->win_open);
	for (k = 0; k < fills; k++)
		put(ops, be, y, x++, RENDER_WINDOW_SYNC, g->win_sync);
	for (k = 0; k < fills; k++)
		put(ops, be, y, x++, RENDER_WINDOW_ASYNC, g->win_async);
	put(ops, be, y, x++, RENDER_WINDOW_ASYNC, g->win_close);
	put(ops, be, y, ++x, RENDER_TEXT, word);
	x += (unsigned)cells(word) + 2;
	if (x + 8 <= w) {
		put(ops, be, y, x, RENDER_MARKER, g->marker);
		put(ops, be, y, x + 2, RENDER_TEXT, "marker");
	}
}

/*
 * The device's time so far as "busy 20.5% · waking 75.6% · idle 3.9%", the
 * same three shares as the summary's device_*_pct (they add up to 100),
 * with `decimals` places (0 or 1), into buf.
 */
static void
device_split(const struct render *r, const struct sim_stats *st,
    unsigned decimals, char *buf, size_t len)
{
	const char	*sep = glyphs_unicode(r->g) ? " \xc2\xb7 " : ", ";
	uint64_t	 part[3], sh[3], unit = decimals ? 10 : 1;
	char		 a[3][32];
	int		 i;

	part[0] = st->busy_ns;
	part[1] = st->waking_ns;
	part[2] = st->idle_ns;
	if (part[0] + part[1] + part[2] == 0)
		part[2] = 1;	/* no time passed: the device starts idle */
	fmt_shares(sh, part, 3, 100 * unit);
	for (i = 0; i < 3; i++)
		fmt_ratio(a[i], sizeof a[i], sh[i], unit, decimals);
	snprintf(buf, len, "busy %s%%%swaking %s%%%sidle %s%%", a[0], sep,
	    a[1], sep, a[2]);
}

/*
 * Meters: throughput, request size, reader stalls and the device split,
 * in the longest form that fits the row.
 */
static void
draw_meters(struct render *r, const struct sim *s,
    const struct render_ops *ops, void *be, unsigned y)
{
	const struct sim_stats	*st = sim_stats(s);
	uint64_t		 t = st->now_ns ? st->now_ns : 1;
	char			 a[32], b[32], c[32], c0[32], d[128], d0[128];
	char			 line[256];
	unsigned		 w = row_width(r, y), k;

	fmt_ratio(a, sizeof a, st->pages_copied * SIM_PAGE_SIZE * 1000, t, 1);
	fmt_ratio(b, sizeof b, st->request_pages * 4,
	    st->requests ? st->requests : 1, 0);
	fmt_pct(c, sizeof c, st->stall_ns, t, 1);
	fmt_pct(c0, sizeof c0, st->stall_ns, t, 0);
	device_split(r, st, 1, d, sizeof d);
	device_split(r, st, 0, d0, sizeof d0);
	for (k = 0; k < 4; k++) {
		if (k == 0)
			snprintf(line, sizeof line, "%s MB/s | avg request %s "
			    "KiB | reader stalled %s%% | device: %s", a, b, c,
			    d);
		else if (k == 1)
			snprintf(line, sizeof line, "%s MB/s | avg request %s "
			    "KiB | stalled %s%% | device: %s", a, b, c0, d0);
		else if (k == 2)
			snprintf(line, sizeof line, "%s MB/s | avg %s KiB | "
			    "stalled %s%% | device %s", a, b, c0, d0);
		else
			snprintf(line, sizeof line, "%s MB/s | device %s", a,
			    d0);
		if (cells(line) <= w)
			break;
	}
	put_fit(r, ops, be, y, 0, w, RENDER_METER, line);
}

#define BAR_MAX		10	/* request histogram: bar cells at most */

/* A bar `width` cells wide, share% of them filled (at least 1 if count). */
static void
request_bar(char *buf, size_t len, const char *blk, uint64_t share,
    uint64_t count, unsigned width)
{
	unsigned	k = (unsigned)((share * width + 50) / 100), j;
	size_t		n = 0;

	if (k == 0 && count > 0)
		k = 1;
	buf[0] = '\0';
	for (j = 0; j < width && n < len; j++)
		n += (size_t)snprintf(buf + n, len - n, "%s",
		    j < k ? blk : " ");
}

/*
 * Why the average request differs from the most common one: a histogram of
 * the dispatched sizes, "requests  256 KiB ######      61%  128 KiB ####
 *   39%  = avg 205 KiB" (the two most frequent sizes, then the rest as
 * "other"), each bar its share of the bar width (at least one cell), in
 * row y.
 * The longest form that fits: bars of BAR_MAX cells, then of half that,
 * then without the average (the meters above have it), then in words.
 */
static void
draw_request_mix(struct render *r, const struct sim *s,
    const struct render_ops *ops, void *be, unsigned y)
{
	static const unsigned	 form_cells[3] = { BAR_MAX, BAR_MAX / 2,
				    BAR_MAX / 2 };
	const struct sim_stats	*st = sim_stats(s);
	uint64_t		 max = sim_config(s)->max_req_pages, p, c;
	uint64_t		 top[2] = { 0, 0 }, cnt[3] = { 0, 0, 0 }, sh[3];
	const char		*blk = glyphs_unicode(r->g) ? "\xe2\x96\x88" :
				    "#";
	char			 line[256], sz[3][32], pc[3][32], avg[32];
	char			 bar[BAR_MAX * 4 + 1];
	size_t			 n;
	unsigned		 w = row_width(r, y);
	int			 i, form;

	if (st->requests == 0)
		return;
	/* The two most frequent sizes; ties to the larger. */
	for (p = max; p >= 1; p--) {
		if ((c = sim_request_count(s, p)) > cnt[0]) {
			top[1] = top[0];
			cnt[1] = cnt[0];
			top[0] = p;
			cnt[0] = c;
		} else if (c > cnt[1]) {
			top[1] = p;
			cnt[1] = c;
		}
	}
	cnt[2] = st->requests - cnt[0] - cnt[1];
	fmt_shares(sh, cnt, 3, 100);
	for (i = 0; i < 3; i++)
		fmt_ratio(pc[i], sizeof pc[i], sh[i], 1, 0);
	fmt_bytes(sz[0], sizeof sz[0], top[0] * SIM_PAGE_SIZE);
	fmt_bytes(sz[1], sizeof sz[1], top[1] * SIM_PAGE_SIZE);
	snprintf(sz[2], sizeof sz[2], "other");
	fmt_ratio(avg, sizeof avg, st->request_pages * 4, st->requests, 0);
	for (form = 0; form < 4; form++) {
		n = 0;
		line[0] = '\0';
		if (form == 3 && cnt[1] == 0)
			snprintf(line, sizeof line, "requests: all %s", sz[0]);
		else if (form == 3) {
			snprintf(line, sizeof line, "requests: %s%% %s + %s%% "
			    "%s", pc[0], sz[0], pc[1], sz[1]);
			n = strlen(line);
			if (cnt[2] != 0)
				snprintf(line + n, sizeof line - n,
				    " + %s%% other", pc[2]);
			n = strlen(line);
			snprintf(line + n, sizeof line - n, " = avg %s KiB",
			    avg);
		} else {
			n = (size_t)snprintf(line, sizeof line, "requests");
			for (i = 0; i < 3; i++) {
				if (cnt[i] == 0)
					continue;
				request_bar(bar, sizeof bar, blk, sh[i],
				    cnt[i], form_cells[form]);
				snprintf(line + n, sizeof line - n,
				    "  %s %s %3s%%", sz[i], bar, pc[i]);
				n = strlen(line);
			}
			if (form < 2)
				snprintf(line + n, sizeof line - n,
				    "  = avg %s KiB", avg);
		}
		if (cells(line) <= w)
			break;
	}
	put_fit(r, ops, be, y, 0, w, RENDER_METER, line);
}

/*
 * Put text in up to maxl rows from y, breaking lines at blanks (later rows
 * indented by 4); what the last row cannot hold ends in an ellipsis.
 * Returns the rows used.  With ops NULL, only counts them.
 */
static unsigned
wrap_put(struct render *r, const struct render_ops *ops, void *be,
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
				put_fit(r, ops, be, y + l, ind, w, role, text);
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

#define GUIDE_ROWS	6

/*
 * How to read the screen, in rows [y, y + GUIDE_ROWS): the overlay glyphs
 * (drawn with the glyph set in use), the lane letters, the narration.
 */
static void
draw_guide(struct render *r, const struct render_ops *ops, void *be,
    unsigned y)
{
	static const char *const text[] = {
		"  reader lane: s in read()  r readahead  c copy  z asleep  "
		"w waking  d done",
		"  plug, device lanes: requests held, in flight (+ over 9); "
		"device waking: ",
		"  lanes: a column is a fixed slice of time (header), showing "
		"what lasted longest",
		"  below: each event in words; T1..T5 mark the five moments of "
		"the patch",
	};
	const struct render_glyphs	*g = r->g;
	char				 line[256];
	unsigned			 w = row_width(r, y), i;

	put_fit(r, ops, be, y, 0, w, RENDER_CAPTION, "How to read this "
	    "screen - space plays, n steps, ? lists the keys:");
	snprintf(line, sizeof line, "  %s reader   %s%s%s%s%s%s%s%s readahead "
	    "window: sync part, async part   %s marker page", g->reader,
	    g->win_open, g->win_sync, g->win_sync, g->win_sync, g->win_async,
	    g->win_async, g->win_async, g->win_close, g->marker);
	put_fit(r, ops, be, y + 1, 0, w, RENDER_NARRATION, line);
	for (i = 0; i < 4; i++) {
		snprintf(line, sizeof line, "%s%s", text[i], i == 1 ?
		    g->lane_waking : "");
		put_fit(r, ops, be, y + 2 + i, 0, w, RENDER_NARRATION, line);
	}
}

/*
 * The moment box's text into buf (brief: its one-line form), or NULL when
 * there is none.  The latest moment's meaning as it is while its event is
 * the last one; once later events came, the same headed by how long ago
 * it was (*stale set: it is drawn dim); nothing once the read() it
 * happened in has returned or the mode has changed since, for then it no
 * longer describes the run on the screen.
 */
static const char *
moment_text(const struct render *r, const struct sim *s, char *buf,
    size_t len, int brief, int *stale)
{
	const struct narrate_moment	*m = &r->moment;
	char				 mean[NARR_LEN], t[32];
	const char			*text;
	uint64_t			 ago, n;

	*stale = 0;
	if (m->ev.label == 0)
		return (NULL);
	text = brief ? narrate_label_short(mean, sizeof mean, m,
	    sim_config(s)) : narrate_label(mean, sizeof mean, m,
	    sim_config(s));
	ago = r->events > m->ev.seq + 1 ? r->events - m->ev.seq - 1 : 0;
	if (ago == 0) {
		snprintf(buf, len, "%s", text);
		return (buf);
	}
	if (sim_mode(s) != m->ev.mode || !reader_in_read(s, &n) ||
	    n != m->ev.read_index)
		return (NULL);
	*stale = 1;
	/* "T3: ..." becomes "T3 (4 events, 46us ago): ...". */
	if (text[0] == 'T' && text[1] == '0' + m->ev.label &&
	    text[2] == ':' && text[3] == ' ')
		text += 4;
	snprintf(buf, len, "T%d (%llu event%s, %s ago): %s", m->ev.label,
	    (unsigned long long)ago, ago == 1 ? "" : "s",
	    fmt_time(t, sizeof t, sim_stats(s)->now_ns - m->ev.t_ns), text);
	return (buf);
}

/*
 * Narration: the latest moment's meaning, then the last events.  With
 * guide set, the guide comes first while it fits above every event so far
 * (the rows would be blank otherwise); it yields to them as they arrive.
 */
static void
draw_narration(struct render *r, const struct sim *s,
    const struct render_ops *ops, void *be, unsigned y, unsigned lines,
    int guide)
{
	const struct sim_event	*n;
	const char		*lab;
	char			 t[32], tl[4], text[NARR_LEN];
	char			 line[NARR_LEN + 48], mean[NARR_LEN + 64];
	unsigned		 i, shown, k = 0, used;
	int			 stale;

	if (lines == 0)
		return;
	/*
	 * Two rows for the meaning where that still leaves a row of events
	 * (three, for an aged one, where that leaves three); otherwise its
	 * one-line form.
	 */
	lab = moment_text(r, s, mean, sizeof mean, 0, &stale);
	if (lab != NULL && lines < 3 && cells(lab) > row_width(r, y))
		lab = moment_text(r, s, mean, sizeof mean, 1, &stale);
	if (lab != NULL)
		k = wrap_put(r, NULL, be, y, r->focus ? lines : lines >= 6 &&
		    stale ? 3 : lines >= 3 ? 2 : 1, RENDER_DIM, lab);
	used = k + (unsigned)r->narr_len;
	if (guide && !r->focus && GUIDE_ROWS + (used > 0) + used <= lines) {
		draw_guide(r, ops, be, y);
		y += GUIDE_ROWS + 1;
		lines -= GUIDE_ROWS + 1;
	}
	if (lab != NULL) {
		k = wrap_put(r, ops, be, y, k, stale ? RENDER_DIM :
		    RENDER_LABEL, lab);
		y += k;
		lines -= k;
	}
	/* Focus mode: the moment box alone, no event log. */
	if (r->focus)
		return;
	shown = lines < r->narr_len ? lines : (unsigned)r->narr_len;
	for (i = 0; i < shown; i++) {
		n = &r->narr[(r->narr_head + r->narr_len - shown + i) %
		    NARR_MAX];
		tl[0] = n->label ? 'T' : ' ';
		tl[1] = n->label ? (char)('0' + n->label) : ' ';
		tl[2] = '\0';
		narrate_event(text, sizeof text, n, sim_config(s));
		snprintf(line, sizeof line, "%9s %s %s",
		    fmt_time(t, sizeof t, n->t_ns), tl, text);
		put_fit(r, ops, be, y + i, 0, row_width(r, y + i), n->label ?
		    RENDER_LABEL : RENDER_NARRATION, line);
	}
}

/*
 * Predict-then-reveal in the narration's rows: a question with its
 * choices (one a row where they fit, else packed) and the prompt, in
 * place of the narration; or the verdict and the summary above it.
 * In a single row only the choices fit: the caller shows the question
 * elsewhere (compare mode: on the caption row).  Returns the rows used;
 * the narration gets the rest (none for a question).
 */
static unsigned
draw_predict(struct render *r, const struct render_ops *ops, void *be,
    unsigned y, unsigned lines, const struct render_status *st)
{
	char		 row[512], one[PACK_CHOICE];
	unsigned	 n = 0, k, i, w, used = 0, len;

	if (st == NULL || lines == 0)
		return (0);
	if (st->ask == NULL) {
		if (st->verdict != NULL && used < lines)
			put_fit(r, ops, be, y + used++, 0, row_width(r, y),
			    RENDER_LABEL, st->verdict);
		if (st->summary != NULL && used < lines)
			put_fit(r, ops, be, y + used++, 0, row_width(r, y),
			    RENDER_LABEL, st->summary);
		return (used);
	}
	while (n < 4 && st->choice[n] != NULL)
		n++;
	/* One row (a compare half): the choices; the caller shows ask. */
	if (lines >= 2)
		put_fit(r, ops, be, y + used++, 0, row_width(r, y),
		    RENDER_LABEL, st->ask);
	if (lines >= n + 2) {
		for (i = 0; i < n; i++) {
			snprintf(one, sizeof one, "  %c) %s", 'a' + i,
			    st->choice[i]);
			put_fit(r, ops, be, y + used++, 0, row_width(r, y),
			    RENDER_NARRATION, one);
		}
	} else {
		/* Packed: as many choices a row as fit. */
		row[0] = '\0';
		len = 0;
		w = row_width(r, y);
		for (i = 0; i < n && used < lines; i++) {
			snprintf(one, sizeof one, "  %c) %s", 'a' + i,
			    st->choice[i]);
			k = (unsigned)strlen(one);
			if (len > 0 && len + k > w) {
				put_fit(r, ops, be, y + used++, 0, w,
				    RENDER_NARRATION, row);
				row[0] = '\0';
				len = 0;
				if (used >= lines)
					break;
			}
			if (len + k < sizeof row) {
				memcpy(row + len, one, k + 1);
				len += k;
			}
		}
		if (len > 0 && used < lines)
			put_fit(r, ops, be, y + used++, 0, w, RENDER_NARRATION,
			    row);
	}
	if (st->prompt != NULL && used < lines)
		put_fit(r, ops, be, y + used++, 0, row_width(r, y), RENDER_HINT,
		    st->prompt);
	return (lines);
}

/*
 * While a lesson plays, the hint row holds its title (the row a lesson
 * least needs: its captions guide), with the way to the keys flush right.
 */
static void
draw_lesson(struct render *r, const struct render_ops *ops, void *be,
    unsigned y, const struct render_status *st)
{
	static const char	 keys[] = "? keys  q quit";
	unsigned		 w = row_width(r, y), n;

	n = put_right(r, ops, be, y, w / 3, RENDER_HINT, keys);
	if (w > n + 2)
		put_fit(r, ops, be, y, 0, n > 0 ? w - n - 2 : w, RENDER_HEADER,
		    st->lesson);
}

/* Draw the whole screen. */
void
render_draw(struct render *r, const struct sim *s,
    const struct render_ops *ops, void *be, const struct render_status *st)
{
	ops->begin(be, r->cols, r->rows);
	render_draw_at(r, s, ops, be, st, 0, r->rows);
	ops->end(be);
}

/* Draw into rows [y0, y0 + h). */
void
render_draw_at(struct render *r, const struct sim *s,
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
	/* Focus mode: no lanes, no event log (draw_narration()). */
	r->focus = st != NULL && st->focus;
	if (r->focus)
		lanes = 0;
	/*
	 * The request mix below the meters where the screen is tall, once
	 * there is a request (until then the guide needs the row).
	 */
	meters = !half && h >= 24 && sim_stats(s)->requests > 0 ? 2 : 1;
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
	pages = sim_config(s)->read_pages;
	want = (unsigned)((pages + strip_width(r->cols) - 1) /
	    strip_width(r->cols));
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
	draw_timeline(r, s, ops, be, y, strips);
	y += 1 + 2 * strips;
	if (legend)
		draw_legend(r, ops, be, y++);
	if (lanes) {
		draw_lanes(r, s, ops, be, y, lanes);
		y += lanes;
	}
	if (spark)
		draw_spark(r, s, ops, be, y++);
	draw_meters(r, s, ops, be, y++);
	if (meters > 1)
		draw_request_mix(r, s, ops, be, y++);
	k = draw_predict(r, ops, be, y, narr, st);
	draw_narration(r, s, ops, be, y + k, narr - k, st != NULL && !half &&
	    k == 0);
	y += narr;
	if (foot) {
		if (st->caption != NULL)
			put_fit(r, ops, be, y, 0, row_width(r, y),
			    RENDER_CAPTION, st->caption);
		if (st->lesson != NULL)
			draw_lesson(r, ops, be, y + 1, st);
		else if (st->hint != NULL)
			put_fit(r, ops, be, y + 1, 0, row_width(r, y + 1),
			    RENDER_HINT, st->hint);
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
	const char	*left;
	unsigned	w, n = 0;

	if (h == 0)
		return;
	draw_legend(r, ops, be, y);
	if (h < 2 || st == NULL)
		return;
	/* A demo's caption (and its prompt) has a row of its own. */
	if (h >= 3 && st->caption != NULL)
		put_fit(r, ops, be, y + h - 2, 0, row_width(r, y + h - 2),
		    RENDER_CAPTION, st->caption);
	y += h - 1;
	w = row_width(r, y);
	if (st->play != NULL) {
		if (st->pace_brief != NULL)
			snprintf(line, sizeof line, "%s %s", st->play,
			    st->pace_brief);
		else
			snprintf(line, sizeof line, "%s %u ev/s", st->play,
			    st->speed);
		n = put_right(r, ops, be, y, w / 3, RENDER_MODE, line);
	}
	left = st->flash != NULL ? st->flash : st->hint;
	if (left != NULL && w > n + 2)
		put_fit(r, ops, be, y, 0, n > 0 ? w - n - 2 : w,
		    st->flash != NULL ? RENDER_CAPTION : RENDER_HINT, left);
}

/* Fill row y from x for w cells with glyph gl. */
static void
fill(const struct render_ops *ops, void *be, unsigned y, unsigned x,
    unsigned w, enum render_role role, const char *gl)
{
	unsigned	i;

	for (i = 0; i < w; i++)
		put(ops, be, y, x + i, role, gl);
}

/* A back end that passes puts on to another, shifted right by dx. */
struct shift {
	const struct render_ops	*ops;
	void			*be;
	unsigned		 dx;
};

/* Pass a put on, dx to the right. */
static void
shift_put(void *be, unsigned y, unsigned x, enum render_role role,
    const char *s)
{
	const struct shift	*sh = be;

	sh->ops->put(sh->be, y, x + sh->dx, role, s);
}

/* Nothing to start or end: the back end below has its own. */
static void
shift_nop(void *be)
{
	(void)be;
}

/* Nothing to clear: the box is already blank. */
static void
shift_begin(void *be, unsigned cols, unsigned rows)
{
	(void)be;
	(void)cols;
	(void)rows;
}

static const struct render_ops shift_ops = {
	.name = "shift",
	.begin = shift_begin,
	.put = shift_put,
	.end = shift_nop,
};

/* The help overlay: a framed box with a title and the key table. */
void
render_help(struct render *r, const struct render_ops *ops, void *be,
    unsigned cols, unsigned rows, const char *const *pairs)
{
	const char	*hz, *vt, *tl, *tr, *bl, *br;
	size_t		 kw = 0, dw = 0, np = 0, i;
	unsigned	 w, h, x0, y0, y, pad;
	int		 u = glyphs_unicode(r->g);

	hz = u ? "\xe2\x94\x80" : "-";
	vt = u ? "\xe2\x94\x82" : "|";
	tl = u ? "\xe2\x94\x8c" : "+";
	tr = u ? "\xe2\x94\x90" : "+";
	bl = u ? "\xe2\x94\x94" : "+";
	br = u ? "\xe2\x94\x98" : "+";
	for (i = 0; pairs[i] != NULL; i += 2, np++) {
		if (cells(pairs[i]) > kw)
			kw = cells(pairs[i]);
		if (cells(pairs[i + 1]) > dw)
			dw = cells(pairs[i + 1]);
	}
	w = (unsigned)(kw + dw + 7);
	/* A blank row above and below the keys where the screen has them. */
	pad = (unsigned)np + 4 < rows ? 1 : 0;
	h = (unsigned)np + 2 + 2 * pad;
	if (w > cols)
		w = cols;
	if (h > rows)
		h = rows;
	if (w < 4 || h < 4)
		return;
	x0 = (cols - w) / 2;
	y0 = (rows - h) / 2;
	put(ops, be, y0, x0, RENDER_HEADER, tl);
	fill(ops, be, y0, x0 + 1, w - 2, RENDER_HEADER, hz);
	put(ops, be, y0, x0 + w - 1, RENDER_HEADER, tr);
	put(ops, be, y0, x0 + 3, RENDER_MODE, " raviz keys ");
	for (y = y0 + 1; y < y0 + h - 1; y++) {
		put(ops, be, y, x0, RENDER_HEADER, vt);
		fill(ops, be, y, x0 + 1, w - 2, RENDER_TEXT, " ");
		put(ops, be, y, x0 + w - 1, RENDER_HEADER, vt);
	}
	put(ops, be, y0 + h - 1, x0, RENDER_HEADER, bl);
	fill(ops, be, y0 + h - 1, x0 + 1, w - 2, RENDER_HEADER, hz);
	put(ops, be, y0 + h - 1, x0 + w - 1, RENDER_HEADER, br);
	put(ops, be, y0 + h - 1, x0 + 3, RENDER_DIM,
	    " Esc or ? closes this help ");
	for (i = 0; i < np && 1 + pad + i < h - 1 - pad; i++) {
		put(ops, be, y0 + 1 + pad + (unsigned)i, x0 + 2, RENDER_LABEL,
		    pairs[2 * i]);
		put(ops, be, y0 + 1 + pad + (unsigned)i, x0 + 4 + (unsigned)kw,
		    RENDER_TEXT, pairs[2 * i + 1]);
	}
}

/* The caption history: the latest captions that fit, in a framed box. */
void
render_captions(struct render *r, const struct render_ops *ops, void *be,
    unsigned cols, unsigned rows, const char *const *caps, size_t n)
{
	const char	*hz, *vt, *tl, *tr, *bl, *br;
	unsigned	 w, h, x0, y0, y, k, used, first, oc, orr;
	int		 u = glyphs_unicode(r->g);

	hz = u ? "\xe2\x94\x80" : "-";
	vt = u ? "\xe2\x94\x82" : "|";
	tl = u ? "\xe2\x94\x8c" : "+";
	tr = u ? "\xe2\x94\x90" : "+";
	bl = u ? "\xe2\x94\x94" : "+";
	br = u ? "\xe2\x94\x98" : "+";
	w = cols > 4 ? cols - 2 : cols;
	h = rows > 4 ? rows - 2 : rows;
	if (w < 12 || h < 5)
		return;
	x0 = (cols - w) / 2;
	y0 = (rows - h) / 2;
	put(ops, be, y0, x0, RENDER_HEADER, tl);
	fill(ops, be, y0, x0 + 1, w - 2, RENDER_HEADER, hz);
	put(ops, be, y0, x0 + w - 1, RENDER_HEADER, tr);
	put(ops, be, y0, x0 + 3, RENDER_MODE, " captions so far ");
	for (y = y0 + 1; y < y0 + h - 1; y++) {
		put(ops, be, y, x0, RENDER_HEADER, vt);
		fill(ops, be, y, x0 + 1, w - 2, RENDER_TEXT, " ");
		put(ops, be, y, x0 + w - 1, RENDER_HEADER, vt);
	}
	put(ops, be, y0 + h - 1, x0, RENDER_HEADER, bl);
	fill(ops, be, y0 + h - 1, x0 + 1, w - 2, RENDER_HEADER, hz);
	put(ops, be, y0 + h - 1, x0 + w - 1, RENDER_HEADER, br);
	put(ops, be, y0 + h - 1, x0 + 3, RENDER_DIM,
	    " Esc or H closes this ");
	if (n == 0) {
		put(ops, be, y0 + 2, x0 + 2, RENDER_DIM,
		    "no caption yet: a lesson's captions gather here");
		return;
	}
	/*
	 * Wrap as if the screen were as wide as the box's inside (wrap_put()
	 * works from column 0), through a back end that shifts each put;
	 * no row is the last, so every cell is usable.
	 */
	oc = r->cols;
	orr = r->rows;
	r->cols = w - 4;
	r->rows = rows + 1;
	/* The latest captions that fit, oldest of them first. */
	used = 0;
	for (first = (unsigned)n; first > 0; first--) {
		k = wrap_put(r, NULL, NULL, 0, h - 4, RENDER_CAPTION,
		    caps[first - 1]);
		if (used + k > h - 3)
			break;
		used += k;
	}
	y = y0 + 2;
	{
		struct shift	sh = { ops, be, x0 + 2 };

		for (k = first; k < n; k++)
			y += wrap_put(r, &shift_ops, &sh, y, y0 + h - 1 - y,
			    k + 1 == n ? RENDER_CAPTION : RENDER_TEXT,
			    caps[k]);
	}
	r->cols = oc;
	r->rows = orr;
}

/* The too-small screen: the message and how to go on, centred. */
void
render_notice(const struct render_ops *ops, void *be, unsigned cols,
    unsigned rows, const char *msg)
{
	static const char more[] = "q quits";
	size_t		  n = cells(msg);
	unsigned	  y = rows / 2 > 0 ? rows / 2 - 1 : 0;

	put(ops, be, y, n < cols ? (cols - (unsigned)n) / 2 : 0, RENDER_MODE,
	    msg);
	n = cells(more);
	if (y + 2 < rows)
		put(ops, be, y + 2, n < cols ? (cols - (unsigned)n) / 2 : 0,
		    RENDER_HINT, more);
}
