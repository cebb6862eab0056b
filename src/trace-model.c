/*
 * trace-model.c - the model of a real trace (trace-model.h): today's
 * kernel with the trace's sizes and limits, on its device as measured.
 *
 * The measurement walks the trace's events once.  A request's share of
 * the device is kept as the difference of one running clock, the "shared
 * time" V, which advances by dt / n over a stretch dt with n requests in
 * flight: a request's share is V at its completion minus V at its issue,
 * so the walk costs O(1) a line however many requests are in flight.  V
 * is kept in 1/65536 ns (u128), exact enough for any trace the import
 * takes.  A requeued request gives no share (it did not complete).
 *
 * The shares are then grouped by size: each size's mean share is one
 * point, weighted by the requests of that size.  The mean, not the
 * median: the model's device takes the same time for every request of a
 * size, so to keep the real device's pace it must take the time the real
 * one took on average - the slow requests of a noisy device (a virtual
 * machine's loop device: 1 MiB in 0.2 ms, sometimes in 4 ms) included.  Of the 64 sizes with the
 * most requests, every two give a slope (a rational, compared by cross
 * products, never in floating point); the weighted median slope and then
 * the weighted median intercept make the line.  All integer: the same
 * trace gives the same model on every machine.
 */
#include "config.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmt.h"
#include "mode.h"
#include "trace-model.h"
#include "xalloc.h"

#define FRAC_BITS	16	/* V's fraction of a ns */
#define MAX_SIZES	64	/* the sizes the line goes through */

/* One completed request: its bytes and its share of the device. */
struct share {
	uint64_t	 bytes;
	uint64_t	 ns;
};

/* One size: its bytes, its requests' median share, how many. */
struct point {
	uint64_t	 bytes;
	uint64_t	 ns;
	uint64_t	 w;
};

/* A slope dy / dx (ns per byte, dx > 0) between two points, weighted. */
struct slope {
	int64_t		 dy;
	uint64_t	 dx;
	uint64_t	 w;
};

/* A weighted value, for the intercept's median. */
struct wval {
	int64_t		 v;
	uint64_t	 w;
};

__extension__ typedef __int128 i128;

/* Order of shares: by size, then by share (a fixed order to sum in). */
static int
share_cmp(const void *a, const void *b)
{
	const struct share	*x = a, *y = b;

	if (x->bytes != y->bytes)
		return (x->bytes < y->bytes ? -1 : 1);
	return (x->ns < y->ns ? -1 : x->ns > y->ns);
}

/* Order of points: most requests first, then the smaller size. */
static int
point_weight_cmp(const void *a, const void *b)
{
	const struct point	*x = a, *y = b;

	if (x->w != y->w)
		return (x->w > y->w ? -1 : 1);
	return (x->bytes < y->bytes ? -1 : x->bytes > y->bytes);
}

/* Order of slopes by value (cross products: no rounding). */
static int
slope_cmp(const void *a, const void *b)
{
	const struct slope	*x = a, *y = b;
	i128			 l = (i128)x->dy * (i128)y->dx;
	i128			 r = (i128)y->dy * (i128)x->dx;

	return (l < r ? -1 : l > r);
}

/* Order of weighted values. */
static int
wval_cmp(const void *a, const void *b)
{
	const struct wval	*x = a, *y = b;

	return (x->v < y->v ? -1 : x->v > y->v);
}

/*
 * The shares of t's completed requests, into a new array (*n of them);
 * the most requests in flight at once in *inflight.
 */
static struct share *
shares(const struct trace *t, size_t *n, uint32_t *inflight)
{
	struct share		*out = NULL;
	sim_u128		*v0 = NULL;	/* V at each request's issue */
	uint64_t		*b0 = NULL;
	uint8_t			*on = NULL;
	sim_u128		 v = 0;
	size_t			 cap = 0, k, nid = 0;
	uint64_t		 last = 0, busy = 0;
	uint32_t		 id;

	*n = 0;
	*inflight = 0;
	for (k = 0; k < t->nev; k++)
		if (t->ev[k].req >= nid)
			nid = (size_t)t->ev[k].req + 1;
	v0 = xreallocarray(NULL, nid ? nid : 1, sizeof *v0);
	b0 = xreallocarray(NULL, nid ? nid : 1, sizeof *b0);
	on = xcalloc(nid ? nid : 1, 1);
	for (k = 0; k < t->nev; k++) {
		const struct view_event	*e = &t->ev[k];

		if (e->kind != VIEW_EV_DISPATCH && e->kind != VIEW_EV_COMPLETE)
			continue;
		/* Why: V moves by the stretch since the last change, shared. */
		if (busy > 0 && e->t_ns > last)
			v += ((sim_u128)(e->t_ns - last) << FRAC_BITS) / busy;
		if (e->t_ns > last)
			last = e->t_ns;
		id = e->req;
		if (id == 0)
			continue;
		if (e->kind == VIEW_EV_DISPATCH) {
			if (on[id])
				continue;
			on[id] = 1;
			v0[id] = v;
			b0[id] = trace_src(t, k)->nsect * 512;
			if (++busy > *inflight)
				*inflight = (uint32_t)(busy < UINT32_MAX ? busy :
				    UINT32_MAX);
			continue;
		}
		if (!on[id])
			continue;
		on[id] = 0;
		busy--;
		/* A requeue is no completion: the request comes back. */
		if (trace_src(t, k)->act != BLK_C || b0[id] == 0)
			continue;
		out = xgrow(out, &cap, *n, sizeof *out);
		out[*n].bytes = b0[id];
		out[(*n)++].ns = (uint64_t)((v - v0[id]) >> FRAC_BITS);
	}
	free(v0);
	free(b0);
	free(on);
	return (out);
}

/*
 * Where the weighted median lies among n sorted items of size bytes, each
 * with its uint64_t weight at offset woff: the first whose running weight
 * reaches half the total.
 */
static size_t
wmedian_at(const void *base, size_t n, size_t size, size_t woff)
{
	const unsigned char	*p = base;
	uint64_t		 tot = 0, acc = 0, w;
	size_t			 i;

	for (i = 0; i < n; i++) {
		memcpy(&w, p + i * size + woff, sizeof w);
		tot += w;
	}
	for (i = 0; i < n; i++) {
		memcpy(&w, p + i * size + woff, sizeof w);
		acc += w;
		if (2 * acc >= tot)
			break;
	}
	return (i < n ? i : n - 1);
}

/* The weighted median of n slopes (sorted here). */
static struct slope
slope_median(struct slope *s, size_t n)
{
	qsort(s, n, sizeof *s, slope_cmp);
	return (s[wmedian_at(s, n, sizeof *s, offsetof(struct slope, w))]);
}

/* The weighted median of n values (sorted here). */
static int64_t
wval_median(struct wval *v, size_t n)
{
	qsort(v, n, sizeof *v, wval_cmp);
	return (v[wmedian_at(v, n, sizeof *v, offsetof(struct wval, w))].v);
}

/* Bytes a second of b bytes in ns nanoseconds (ns > 0), saturating. */
static uint64_t
rate(uint64_t b, uint64_t ns)
{
	sim_u128	r = (sim_u128)b * 1000000000u / ns;

	return (r > UINT64_MAX ? UINT64_MAX : (uint64_t)r);
}

/* The line through the points (np > 0), into f. */
static void
line(struct point *p, size_t np, struct trace_fit *f)
{
	struct slope	*s;
	struct wval	*iv;
	struct slope	 m;
	size_t		 i, j, ns = 0;
	int64_t		 l;

	if (np > MAX_SIZES) {
		qsort(p, np, sizeof *p, point_weight_cmp);
		np = MAX_SIZES;
	}
	s = xreallocarray(NULL, np * np / 2 + 1, sizeof *s);
	iv = xreallocarray(NULL, np, sizeof *iv);
	for (i = 0; i < np; i++)
		for (j = 0; j < np; j++)
			if (p[j].bytes > p[i].bytes) {
				s[ns].dy = (int64_t)p[j].ns - (int64_t)p[i].ns;
				s[ns].dx = p[j].bytes - p[i].bytes;
				s[ns++].w = p[i].w * p[j].w;
			}
	f->how = TRACE_FIT_RATE;
	if (ns > 0 && (m = slope_median(s, ns)).dy > 0) {
		for (i = 0; i < np; i++) {
			iv[i].v = (int64_t)p[i].ns - (int64_t)((i128)p[i].bytes *
			    m.dy / (i128)m.dx);
			iv[i].w = p[i].w;
		}
		if ((l = wval_median(iv, np)) >= 0) {
			f->how = TRACE_FIT_LINE;
			f->latency_ns = (uint64_t)l;
			f->bandwidth = rate(m.dx, (uint64_t)m.dy);
		}
	}
	if (f->how == TRACE_FIT_RATE) {
		/* The median rate of the sizes: bytes over share. */
		for (i = 0; i < np; i++) {
			iv[i].v = (int64_t)rate(p[i].bytes, p[i].ns ? p[i].ns :
			    1);
			if (iv[i].v < 0)
				iv[i].v = INT64_MAX;
			iv[i].w = p[i].w;
		}
		f->latency_ns = 0;
		f->bandwidth = (uint64_t)wval_median(iv, np);
	}
	free(s);
	free(iv);
}

/* Order of u64 values. */
static int
u64_cmp(const void *a, const void *b)
{
	uint64_t	x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x < y ? -1 : x > y);
}

/* The lower median of n values (sorted here); 0 when there are none. */
static uint64_t
median(uint64_t *v, size_t n)
{
	if (n == 0)
		return (0);
	qsort(v, n, sizeof *v, u64_cmp);
	return (v[(n - 1) / 2]);
}

/*
 * The host's copy and wake costs from the reader's events (see the
 * header): one pass over the reads, then one over the sleeps.
 */
static void
host(const struct trace *t, struct trace_fit *f, uint64_t syscall_ns)
{
	uint64_t	*v = NULL, t0 = 0, pages = 0, copied, gap;
	size_t		 cap = 0, n = 0, k, j;
	int		 pid = -1, waited = 0;

	for (k = 0; k < t->nev && pid < 0; k++)
		if (t->ev[k].kind == VIEW_EV_READ_BEGIN)
			pid = trace_src(t, k)->pid;
	if (pid < 0)
		return;
	for (k = 0; k < t->nev; k++) {
		const struct view_event	*e = &t->ev[k];

		if (e->kind == VIEW_EV_READ_BEGIN) {
			t0 = e->t_ns;
			pages = e->npages;
			waited = 0;
		} else if (e->kind == VIEW_EV_WAIT)
			waited = 1;
		else if (e->kind == VIEW_EV_READ_END && !waited && pages > 0 &&
		    e->t_ns >= t0) {
			/* Per page, beyond the syscall's own cost. */
			v = xgrow(v, &cap, n, sizeof *v);
			gap = e->t_ns - t0;
			v[n++] = (gap > syscall_ns ? gap - syscall_ns : 0) /
			    pages;
		}
	}
	f->copies = n;
	f->copy_ns = median(v, n);
	n = 0;
	for (k = 0; k < t->nev && f->copies > 0; k++) {
		if (t->ev[k].kind != VIEW_EV_WAKE)
			continue;
		/* Its copy comes with it; the reader's own next line ends it. */
		copied = 0;
		for (j = k + 1; j < t->nev && trace_src(t, j)->pid != pid; j++)
			if (t->ev[j].kind == VIEW_EV_COPY)
				copied += t->ev[j].npages;
		if (j == t->nev || t->ev[j].t_ns < t->ev[k].t_ns)
			continue;
		gap = t->ev[j].t_ns - t->ev[k].t_ns;
		v = xgrow(v, &cap, n, sizeof *v);
		v[n++] = gap > copied * f->copy_ns ? gap - copied * f->copy_ns :
		    0;
	}
	f->wakes = n;
	f->wake_ns = median(v, n);
	free(v);
}

/* Measure the device of t, and its host. */
void
trace_model_fit(const struct trace *t, struct trace_fit *f,
    uint64_t syscall_ns)
{
	struct share	*sh;
	struct point	*p = NULL;
	sim_u128	 sum;
	size_t		 n, i, j, q, np = 0, cap = 0;

	memset(f, 0, sizeof *f);
	host(t, f, syscall_ns);
	sh = shares(t, &n, &f->in_flight);
	f->requests = n;
	if (n == 0) {
		free(sh);
		return;
	}
	qsort(sh, n, sizeof *sh, share_cmp);
	for (i = 0; i < n; i = j) {
		for (j = i; j < n && sh[j].bytes == sh[i].bytes; j++)
			continue;
		p = xgrow(p, &cap, np, sizeof *p);
		p[np].bytes = sh[i].bytes;
		for (sum = 0, q = i; q < j; q++)
			sum += sh[q].ns;
		p[np].ns = (uint64_t)(sum / (j - i));
		p[np++].w = j - i;
	}
	f->sizes = np;
	line(p, np, f);
	free(p);
	free(sh);
}

/* The model of t in mode m. */
int
trace_model_config(const struct trace *t, const struct trace_fit *f,
    const struct sim_config *base, enum sim_mode m, struct sim_config *out,
    const char **why)
{
	struct sim_config	c = *base;

	c.mode = m;
	c.read_pages = t->cfg.read_pages;
	c.file_pages = t->cfg.file_pages;
	c.ra_pages = t->cfg.ra_pages;
	/* max_sectors: at least the largest request the trace has. */
	if (t->cfg.max_req_pages > 0)
		c.max_req_pages = t->cfg.max_req_pages;
	if (f->copies > 0)
		c.cpu.copy_ns = f->copy_ns;
	if (f->wakes > 0)
		c.cpu.wake_ns = f->wake_ns;
	if (f->how != TRACE_FIT_NONE) {
		c.device.name = TRACE_MODEL_DEVICE;
		c.device.bandwidth = f->bandwidth;
		c.device.latency_ns = f->latency_ns;
		c.device.idle_penalty_ns = 0;
		c.device.disc = SIM_DISC_RR;
		if (c.device.qd < f->in_flight)
			c.device.qd = f->in_flight;
		/* The engine's bounds: a device past them is taken at them. */
		if (c.device.bandwidth > UINT64_C(512000000000))
			c.device.bandwidth = UINT64_C(512000000000);
		if (c.device.bandwidth < 1000)
			c.device.bandwidth = 1000;
		if (c.device.latency_ns > (UINT64_C(1) << 40))
			c.device.latency_ns = UINT64_C(1) << 40;
		if (c.device.qd > 65536)
			c.device.qd = 65536;
	}
	if ((*why = sim_config_check(&c)) != NULL)
		return (-1);
	*out = c;
	return (0);
}

/* The model half's header. */
int
trace_model_title(char *buf, size_t len, const struct trace *t,
    enum sim_mode m)
{
	return (snprintf(buf, len, "%s - model of %s on the measured device",
	    mode_info((enum view_mode)m)->word, t->cfg.device));
}

/* What the model is, in a line. */
int
trace_model_words(char *buf, size_t len, const struct sim_config *c,
    const struct trace_fit *f)
{
	char	a[32], b[32], d[32], bw[32], lat[32], cp[32], wk[32];

	fmt_bytes(a, sizeof a, c->read_pages * SIM_PAGE_SIZE);
	fmt_bytes(b, sizeof b, c->ra_pages * SIM_PAGE_SIZE);
	fmt_bytes(d, sizeof d, (uint64_t)c->max_req_pages * SIM_PAGE_SIZE);
	if (f->how == TRACE_FIT_NONE)
		return (snprintf(buf, len, "bs %s, ra %s, max_sectors %s; no "
		    "request completed: the %s device", a, b, d,
		    c->device.name));
	fmt_ratio(bw, sizeof bw, c->device.bandwidth, 1000000, 0);
	fmt_time(lat, sizeof lat, c->device.latency_ns);
	fmt_time(cp, sizeof cp, c->cpu.copy_ns);
	fmt_time(wk, sizeof wk, c->cpu.wake_ns);
	return (snprintf(buf, len, "bs %s, ra %s, max_sectors %s; device "
	    "measured from %llu requests: %s MB/s, latency %s%s; host %s: "
	    "copy %s a page, wake %s", a, b, d,
	    (unsigned long long)f->requests, bw, lat,
	    f->how == TRACE_FIT_RATE ? " (no latency told apart)" : "",
	    f->copies > 0 || f->wakes > 0 ? "measured" : "the model's", cp,
	    wk));
}
