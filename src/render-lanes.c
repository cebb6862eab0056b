/*
 * render-lanes.c - the lanes (reader, plug, device) over fixed slices of
 * simulated time, the throughput sparkline on the same time axis, the
 * meters and the histogram of request sizes.
 *
 * The lanes and the sparkline read the samples render_event() records
 * (struct sample): a column is the slice [k * lane_ns, (k + 1) * lane_ns),
 * and a past column never changes.  The meters read the view's totals.
 */
#include "config.h"

#include <string.h>

#include "fmt.h"
#include "render-int.h"

#define LANE_WORDS	24		/* lane status text, right of the lanes */
#define SPARK_NS	2000000		/* throughput window: 2 ms */

/* Why: the past the widest picture draws is within RENDER_SPAN_NS. */
_Static_assert((RENDER_MAX_COLS - 10 + 1) * LANE_NS_DEFAULT + SPARK_NS <=
    RENDER_SPAN_NS,
    "RENDER_SPAN_NS covers the lanes and throughput row of the widest screen");
#define SPARK_LEVELS	8

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
req_words(char *buf, size_t len, const struct view_request *v, size_t n,
    const char *what)
{
	uint64_t	pages = 0;
	size_t		i;
	char		sz[32];

	for (i = 0; i < n; i++)
		pages += v[i].npages;
	snprintf(buf, len, "%zu %s, %s", n, what,
	    fmt_bytes(sz, sizeof sz, pages * VIEW_PAGE_SIZE));
}

/* What lane l (0 reader, 1 plug, 2 device) is doing now, in words. */
static void
lane_words(const struct render *r, const struct view *s, unsigned l,
    char *buf, size_t len)
{
	const struct view_reader		*rd = view_reader(s);
	const struct view_request	*v, *q;
	size_t				 n, nq;
	uint64_t			 pen, p, run;

	switch (l) {
	case 0:
		if (view_config(s)->reads_unknown) {
			/* A trace without markers: the reader is not in it. */
			render_read_words(s, buf, len, "()");
			break;
		}
		switch (rd->task) {
		case VIEW_TASK_SYSCALL:
			if (render_reader_in_read(s, &p))
				snprintf(buf, len, "in ");
			else
				buf[0] = '\0';
			n = strlen(buf);
			render_read_words(s, buf + n, len - n, "()");
			break;
		case VIEW_TASK_READAHEAD:
			snprintf(buf, len, "submitting readahead");
			break;
		case VIEW_TASK_COPYING:
			p = render_reader_page(r, s, &run);
			if (run > 0)
				snprintf(buf, len, "copying [%llu,%llu)",
				    (unsigned long long)p,
				    (unsigned long long)(p + run));
			else
				snprintf(buf, len, "copying up to page %llu",
				    (unsigned long long)rd->pos);
			break;
		case VIEW_TASK_SLEEPING:
			snprintf(buf, len, "asleep on page %llu",
			    (unsigned long long)rd->wait_page);
			break;
		case VIEW_TASK_WAKING:
			snprintf(buf, len, "waking (page %llu)",
			    (unsigned long long)rd->wait_page);
			break;
		default:
			snprintf(buf, len, "done: file read");
			break;
		}
		break;
	case 1:
		v = view_plug_list(s, &n);
		q = view_queue_list(s, &nq);
		if (view_queue_plugged(s) && nq > 0)
			req_words(buf, len, q, nq, "held in queue");
		else if (n == 0)
			snprintf(buf, len, "empty");
		else
			req_words(buf, len, v, n, "held");
		break;
	default:
		v = view_device_list(s, &n);
		pen = render_wake_end(s);
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
		VIEW_TASK_SLEEPING, VIEW_TASK_WAKING, VIEW_TASK_READAHEAD,
		VIEW_TASK_COPYING, VIEW_TASK_SYSCALL, VIEW_TASK_DONE
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
void
render_lanes_draw(struct render *r, const struct view *s,
    const struct render_ops *ops, void *be, unsigned y, unsigned nlanes)
{
	static const char *names[3] = { "reader", "plug", "device" };
	static const char task_glyph[] = "srczwd";
	const struct sample	*h, *nx;
	uint64_t		 now = view_stats(s)->now_ns, ns = r->lane_ns;
	uint64_t		 d[3][LANE_KEYS], a, b, t0, t1, cut, kn, back;
	unsigned		 w = lane_width(r), col, l, lane, key;
	size_t			 i, n;
	char			 gl[8], lab[64];
	const char		*glyph;
	enum render_role	 role;

	for (l = 0; l < nlanes && l < 3; l++) {
		lane = 3 - nlanes + l;
		snprintf(lab, sizeof lab, "%8s ", names[lane]);
		put(ops, be, y + l, 0, RENDER_DIM, lab);
		if (w + 10 + LANE_WORDS <= r->cols) {
			lane_words(r, s, lane, lab, sizeof lab);
			render_put_fit(r, ops, be, y + l, 10 + w,
			    row_width(r, y + l) - 10 - w, lane == 0 ?
			    RENDER_LANE_READER : lane == 1 ? RENDER_LANE_PLUG :
			    RENDER_LANE_DEVICE, lab);
		}
	}
	if (r->hist_len == 0)
		return;
	kn = now / ns;
	r->l_y = y;
	r->l_n = nlanes < 3 ? nlanes : 3;
	r->l_w = w;
	r->l_kn = kn;
	r->l_ns = ns;
	r->l_now = now;
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
			if (lane == 0 && view_config(s)->reads_unknown)
				continue;	/* no reader to draw */
			glyph = gl;
			if (lane == 0) {
				gl[0] = task_glyph[key];
				role = RENDER_LANE_READER;
				if (key == VIEW_TASK_SLEEPING ||
				    key == VIEW_TASK_WAKING)
					role = RENDER_PAGE_ABSENT;
			} else if (key == 0) {
				glyph = r->g->lane_idle;
				role = RENDER_DIM;
			} else if (key == KEY_WAKING) {
				glyph = r->g->lane_waking;
				role = RENDER_LANE_WAKING;
			} else {
				gl[0] = (char)(key > 9 ? '+' : '0' + key);
				role = lane == 1 ? RENDER_LANE_PLUG :
				    RENDER_LANE_DEVICE;
			}
			put(ops, be, y + l, 9 + col, role, glyph);
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
	if (bandwidth == 0 || pages > UINT64_MAX / VIEW_PAGE_SIZE / k)
		return (SPARK_LEVELS);
	bytes = pages * VIEW_PAGE_SIZE;
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
void
render_lanes_spark(struct render *r, const struct view *s,
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
	uint64_t		 now = view_stats(s)->now_ns, ns = r->lane_ns;
	uint64_t		 bw = view_config(s)->bandwidth;
	uint64_t		 kn = now / ns, end, from;
	int64_t			 c1, c0;
	unsigned		 w = lane_width(r), col, k;
	char			 a[32], b[32], words[64];

	put(ops, be, y, 0, RENDER_DIM, "    MB/s ");
	c1 = copied_at(r, now);
	c0 = copied_at(r, now > SPARK_NS ? now - SPARK_NS : 0);
	if (w + 10 + LANE_WORDS <= r->cols && c0 >= 0 && c1 >= c0) {
		fmt_ratio(a, sizeof a, (uint64_t)(c1 - c0) * VIEW_PAGE_SIZE *
		    1000, SPARK_NS, 0);
		fmt_ratio(b, sizeof b, bw, 1000000, 0);
		snprintf(words, sizeof words, "%s of %s MB/s in 2ms", a, b);
		render_put_fit(r, ops, be, y, 10 + w, row_width(r, y) - 10 - w,
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

/*
 * The device's time so far as "busy 20.5% · waking 75.6% · idle 3.9%", the
 * same three shares as the summary's device_*_pct (they add up to 100),
 * with `decimals` places (0 or 1), into buf.
 */
static void
device_split(const struct render *r, const struct view_stats *st,
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

/* A percent sign after the figure in buf, as room allows. */
static void
add_pct(char *buf, size_t len)
{
	size_t	n = strlen(buf);

	if (n + 1 < len) {
		buf[n] = '%';
		buf[n + 1] = '\0';
	}
}

/*
 * Meters: throughput, request size, reader stalls and the device split,
 * in the longest form that fits the row.
 */
void
render_lanes_meters(struct render *r, const struct view *s,
    const struct render_ops *ops, void *be, unsigned y)
{
	const struct view_stats	*st = view_stats(s);
	uint64_t		 t = st->now_ns ? st->now_ns : 1;
	char			 a[32], b[32], c[32], c0[32], d[128], d0[128];
	char			 line[256];
	unsigned		 w = row_width(r, y), k;

	/* Without read() calls, what the device completed (as the summary). */
	fmt_ratio(a, sizeof a, (view_config(s)->reads_unknown ?
	    st->pages_completed : st->pages_copied) * VIEW_PAGE_SIZE * 1000,
	    t, 1);
	fmt_ratio(b, sizeof b, st->request_pages * 4,
	    st->requests ? st->requests : 1, 0);
	fmt_pct(c, sizeof c, st->stall_ns, t, 1);
	fmt_pct(c0, sizeof c0, st->stall_ns, t, 0);
	if (view_config(s)->reads_unknown) {
		/* No reader in the trace: no stall to measure. */
		snprintf(c, sizeof c, "?");
		snprintf(c0, sizeof c0, "?");
	} else {
		add_pct(c, sizeof c);
		add_pct(c0, sizeof c0);
	}
	device_split(r, st, 1, d, sizeof d);
	device_split(r, st, 0, d0, sizeof d0);
	for (k = 0; k < 4; k++) {
		if (k == 0)
			snprintf(line, sizeof line, "%s MB/s | avg request %s "
			    "KiB | reader stalled %s | device: %s", a, b, c,
			    d);
		else if (k == 1)
			snprintf(line, sizeof line, "%s MB/s | avg request %s "
			    "KiB | stalled %s | device: %s", a, b, c0, d0);
		else if (k == 2)
			snprintf(line, sizeof line, "%s MB/s | avg %s KiB | "
			    "stalled %s | device %s", a, b, c0, d0);
		else
			snprintf(line, sizeof line, "%s MB/s | device %s", a,
			    d0);
		if (cells(line) <= w)
			break;
	}
	render_put_fit(r, ops, be, y, 0, w, RENDER_METER, line);
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
void
render_lanes_requests(struct render *r, const struct view *s,
    const struct render_ops *ops, void *be, unsigned y)
{
	static const unsigned	 form_cells[3] = { BAR_MAX, BAR_MAX / 2,
				    BAR_MAX / 2 };
	const struct view_stats	*st = view_stats(s);
	uint64_t		 top[2], cnt[3], sh[3];
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
	top[0] = view_request_top(s, 0, &cnt[0]);
	top[1] = view_request_top(s, 1, &cnt[1]);
	cnt[2] = st->requests - cnt[0] - cnt[1];
	fmt_shares(sh, cnt, 3, 100);
	for (i = 0; i < 3; i++)
		fmt_ratio(pc[i], sizeof pc[i], sh[i], 1, 0);
	fmt_bytes(sz[0], sizeof sz[0], top[0] * VIEW_PAGE_SIZE);
	fmt_bytes(sz[1], sizeof sz[1], top[1] * VIEW_PAGE_SIZE);
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
	render_put_fit(r, ops, be, y, 0, w, RENDER_METER, line);
}
