/*
 * report.c - the run's reports, shared by every front end: the key: value
 * summary, computed from the engine's statistics with integer arithmetic,
 * and the trace, a header record then one JSON object per event with a
 * fixed key order, written
 * by one writer (headless runs and the screen's --trace alike).  A trace
 * that fails to write (a full disk) is cut back to its last complete line
 * when it is closed.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bounds.h"
#include "fmt.h"
#include "mode.h"
#include "report.h"
#include "safefile.h"
#include "scenario.h"
#include "xalloc.h"
#include "engine/sim.h"

/*
 * The JSON writer of the trace: a line is built with stores of the keys'
 * text and fmt_u64() for each number, no printf (a trace is written at
 * memory speed: printf's format parsing was most of its cost).
 * JSON_MAX bounds a line: its keys and at most 12 numbers of 20 digits,
 * and the 32 bytes a name's or a number's copy writes past its end.
 */
#define JSON_MAX	512

/*
 * The names the trace prints (events, modes, holding places, flush
 * reasons), each padded in a fixed slot so that it is copied with one
 * fixed-size store: filled from the engine's own names at the first line.
 * An event's and a mode's slot hold the keys around the name too.
 */
#define JSON_NAME	32
struct json_name {
	char		 s[JSON_NAME];
	size_t		 n;
	int		 modern;	/* a mode's: mode_info()'s modern */
};
static struct json_name	 json_ev[SIM_EV_COUNT], json_mode[SIM_MODE_COUNT];
static struct json_name	 json_where[2], json_reason[SIM_REASON_COUNT];

/* Fill one slot with pre, s, post (cut to the slot: none is that long). */
static void
json_name_set(struct json_name *j, const char *pre, const char *s,
    const char *post)
{
	snprintf(j->s, sizeof j->s, "%s%s%s", pre, s, post);
	j->n = strlen(j->s);
}

/* Fill the names once. */
static void
json_names(void)
{
	static int	done;
	int		i;

	if (done)
		return;
	for (i = 0; i < SIM_EV_COUNT; i++)
		json_name_set(&json_ev[i], ",\"ev\":\"",
		    sim_ev_name((enum sim_ev)i), "\",\"first\":");
	for (i = 0; i < SIM_MODE_COUNT; i++) {
		json_name_set(&json_mode[i], ",\"mode\":\"",
		    mode_name((enum view_mode)i), "\"");
		json_mode[i].modern = mode_info((enum view_mode)i)->modern;
	}
	json_name_set(&json_where[SIM_WHERE_PLUG], "",
	    sim_where_name(SIM_WHERE_PLUG), "");
	json_name_set(&json_where[SIM_WHERE_QUEUE], "",
	    sim_where_name(SIM_WHERE_QUEUE), "");
	for (i = 0; i < SIM_REASON_COUNT; i++)
		json_name_set(&json_reason[i], "",
		    sim_reason_name((enum sim_reason)i), "");
	done = 1;
}

/* Append a name at p (the line has room for a whole slot); the end. */
static char *
json_str(char *p, const struct json_name *j)
{
	memcpy(p, j->s, JSON_NAME);
	return (p + j->n);
}

/* Append a key's text (a string literal: its length is known) at p. */
#define JSON_KEY(p, lit)	(memcpy((p), (lit), sizeof (lit) - 1), \
				    (p) + sizeof (lit) - 1)

/* Numbers no line has printed yet: 0, as its text says. */
static void
json_nums_init(struct report_nums *l)
{
	struct report_num	*n = (struct report_num *)l;
	size_t			 i;

	for (i = 0; i < sizeof *l / sizeof *n; i++) {
		memset(&n[i], 0, sizeof n[i]);
		n[i].s[0] = '0';
		n[i].n = 1;
		n[i].w = 1;
	}
}

/*
 * Make c the text of v, digit by digit, with the window of its last
 * digits that a change of the next lines may stay within (out of line:
 * seldom needed).
 */
static void json_num_make(struct report_num *, uint64_t)
	     __attribute__((noinline));
static void
json_num_make(struct report_num *c, uint64_t v)
{
	c->n = (size_t)(fmt_u64(c->s, v, 0) - c->s);
	c->v = v;
	if (v >= 100000000)
		c->w = 100000000;
	else if (v >= 10000)
		c->w = 10000;
	else if (v >= 100)
		c->w = 100;
	else
		c->w = 1;	/* every change is a new text */
	c->base = v - v % c->w;
}

/*
 * The digits of v at p (room for 24 bytes), through c: the last line's
 * text when v is the same; when only its last digits moved - those below
 * c's window, 10^2, 10^4 or 10^8 as the last number was long, if the part
 * above them is the last one's (times and pages move by little from line
 * to line) - those; else all, at once for one or two.
 */
static inline char *
json_num(char *p, struct report_num *c, uint64_t v)
{
	uint64_t	lo = v - c->base;	/* if v >= base */
	uint32_t	h;
	char		*e = c->s + c->n;

	if (v != c->v) {
		if (v >= c->base && lo < c->w) {
			if (c->w == 100)
				memcpy(e - 2, fmt_digits2 + 2 * lo, 2);
			else if (c->w == 10000) {
				h = (uint32_t)lo / 100;
				memcpy(e - 4, fmt_digits2 + 2 * h, 2);
				memcpy(e - 2, fmt_digits2 + 2 *
				    ((uint32_t)lo - h * 100), 2);
			} else
				fmt_u64_8(e - 8, (uint32_t)lo);
			c->v = v;
		} else if (v < 100) {
			/* Page counts, flush sizes: one or two digits. */
			memcpy(c->s, fmt_digits2 + 2 * v + (v < 10), 2);
			c->n = 1 + (v >= 10);
			c->v = v;
			c->w = 1;
			c->base = v;
		} else
			json_num_make(c, v);
	}
	memcpy(p, c->s, sizeof c->s);
	return (p + c->n);
}

/*
 * json_num() of the event's number, one more than the last line's: its
 * last digit counted up in place when that is not a 9 (nine lines in ten;
 * the window json_num() keeps is not left), else json_num(), as for a
 * number below 100 (window 1: its state is the number itself).
 */
static inline char *
json_next(char *p, struct report_num *c, uint64_t v)
{
	char	*q = c->s + c->n - 1;

	if (v != c->v + 1 || *q == '9' || c->w == 1)
		return (json_num(p, c, v));
	(*q)++;
	c->v = v;
	memcpy(p, c->s, sizeof c->s);
	return (p + c->n);
}

/* The digits of a number no line repeats, at p (out of line, as above). */
static char *
json_u64(char *p, uint64_t v)
{
	return (fmt_u64(p, v, 0));
}

/*
 * One event as JSON into p (JSON_MAX bytes at least), the names made
 * (json_names()); the end.  l: the numbers of the line before it, at
 * hand for this one.  Inline in the trace's writer: it runs for every
 * line.
 */
static inline char *json_event(char *, const struct sim_event *,
	     struct report_nums *) __attribute__((always_inline));
static inline char *
json_event(char *p, const struct sim_event *e, struct report_nums *l)
{
	p = JSON_KEY(p, "{\"seq\":");
	p = json_next(p, &l->seq, e->seq);
	p = JSON_KEY(p, ",\"t_ns\":");
	p = json_num(p, &l->t, e->t_ns);
	p = json_str(p, &json_ev[e->kind]);	/* ,"ev":"...","first": */
	p = json_num(p, &l->first, e->first);
	p = JSON_KEY(p, ",\"npages\":");
	p = json_num(p, &l->npages, e->npages);
	p = JSON_KEY(p, ",\"read\":");
	p = json_num(p, &l->read, e->read_index);
	p = json_str(p, &json_mode[e->mode]);	/* ,"mode":"..." */
	if (e->label) {
		p = JSON_KEY(p, ",\"label\":\"T");
		p = json_u64(p, (uint64_t)e->label);
		*p++ = '"';
	}
	switch (e->kind) {
	case SIM_EV_RA_SYNC:
	case SIM_EV_RA_ASYNC:
		p = JSON_KEY(p, ",\"hit\":");
		p = json_num(p, &l->hit, e->hit);
		if (e->marker != SIM_NONE) {
			p = JSON_KEY(p, ",\"marker\":");
			p = json_num(p, &l->marker, e->marker);
		}
		/* Linux 6.x: the async part, the folio order, the marked folio. */
		if (json_mode[e->mode].modern) {
			p = JSON_KEY(p, ",\"async\":");
			p = json_u64(p, e->async);
			p = JSON_KEY(p, ",\"order\":");
			p = json_u64(p, e->order);
			if (e->marker != SIM_NONE) {
				p = JSON_KEY(p, ",\"marker_pages\":");
				p = json_u64(p, e->marker_pages);
			}
		}
		break;
	case SIM_EV_QUEUE:
		p = JSON_KEY(p, ",\"where\":\"");
		p = json_str(p, &json_where[e->where == SIM_WHERE_QUEUE]);
		p = e->merged ? JSON_KEY(p, "\",\"merged\":true,\"req\":") :
		    JSON_KEY(p, "\",\"merged\":false,\"req\":");
		p = json_num(p, &l->req, e->req);
		p = JSON_KEY(p, ",\"req_first\":");
		p = json_num(p, &l->req_first, e->req_first);
		p = JSON_KEY(p, ",\"req_npages\":");
		p = json_num(p, &l->req_npages, e->req_npages);
		break;
	case SIM_EV_FLUSH:
		p = JSON_KEY(p, ",\"reason\":\"");
		p = json_str(p, &json_reason[e->reason]);
		p = JSON_KEY(p, "\",\"requests\":");
		p = json_u64(p, e->count);
		break;
	case SIM_EV_DISPATCH:
	case SIM_EV_COMPLETE:
		p = JSON_KEY(p, ",\"req\":");
		p = json_num(p, &l->req, e->req);
		break;
	case SIM_EV_WAIT:
	case SIM_EV_WAKE:
		p = JSON_KEY(p, ",\"page\":");
		p = json_num(p, &l->page, e->page);
		break;
	default:
		break;
	}
	*p++ = '}';
	return (p);
}

/* One event as JSON; keys that do not apply are left out. */
size_t
report_json(char *buf, size_t len, const struct sim_event *e)
{
	char			line[JSON_MAX];
	struct report_nums	l;
	size_t			n;

	json_names();
	json_nums_init(&l);
	n = (size_t)(json_event(line, e, &l) - line);

	if (len == 0)
		return (0);
	if (n > len - 1)
		n = len - 1;
	memcpy(buf, line, n);
	buf[n] = '\0';
	return (n);
}

/* Percentage of part in whole, one decimal, at most 100. */
static const char *
pct(char *b, size_t n, uint64_t part, uint64_t whole)
{
	return (fmt_pct(b, n, part, whole, 1));
}

/* The run's duration so far: its end once it is over, else now. */
uint64_t
report_time(const struct sim *s)
{
	const struct sim_stats	*st = sim_stats(s);

	return (st->end_ns != SIM_NONE && sim_done(s) ? st->end_ns :
	    st->now_ns);
}

/* MB/s (10^6 bytes a second) read so far, one decimal. */
const char *
report_throughput(char *b, size_t n, const struct sim *s)
{
	uint64_t	t = report_time(s);
	uint64_t	bytes = sim_stats(s)->pages_copied * SIM_PAGE_SIZE;

	/* bytes / (t / 1e9) / 1e6 = bytes * 1000 / t */
	if (t == 0) {
		snprintf(b, n, "0.0");
		return (b);
	}
	return (fmt_ratio(b, n, bytes * 1000, t, 1));
}

/* The reader's time asleep in lock_page, in percent of the time passed. */
const char *
report_stall_pct(char *b, size_t n, const struct sim *s)
{
	return (pct(b, n, sim_stats(s)->stall_ns, report_time(s)));
}

/*
 * The device's busy, waking and idle shares of a summary in tenths of a
 * percent, adding up to 1000; a share the source cannot know (waking, in a
 * real trace) is REPORT_NA and the other two add up to 1000.
 */
static void
report_shares(uint64_t tenths[3], const struct report_sum *s)
{
	uint64_t	dev[3], out[3];
	size_t		i, n = 0;

	for (i = 0; i < 3; i++)
		tenths[i] = REPORT_NA;
	if (s->busy_ns == REPORT_NA || s->idle_ns == REPORT_NA)
		return;
	dev[n++] = s->busy_ns;
	if (s->wakeup_ns != REPORT_NA)
		dev[n++] = s->wakeup_ns;
	dev[n++] = s->idle_ns;
	if (dev[0] + dev[n - 1] + (n == 3 ? dev[1] : 0) == 0)
		dev[n - 1] = 1;	/* no time passed: the device starts idle */
	fmt_shares(out, dev, n, 1000);
	tenths[0] = out[0];
	tenths[1] = n == 3 ? out[1] : REPORT_NA;
	tenths[2] = out[n - 1];
}

/* Device busy, waking, idle in tenths of a percent, adding up to 1000. */
void
report_device_tenths(const struct sim *s, uint64_t tenths[3])
{
	struct report_sum	sum;

	report_sum_of(&sum, s);
	report_shares(tenths, &sum);
}

/* "n/a" for REPORT_NA, else the number. */
static const char *
num(char *b, size_t n, uint64_t v)
{
	if (v == REPORT_NA)
		return ("n/a");
	snprintf(b, n, "%llu", (unsigned long long)v);
	return (b);
}

/* A run's summary values. */
void
report_sum_of(struct report_sum *sum, const struct sim *s)
{
	const struct sim_config	*c = sim_config(s);
	const struct sim_stats	*st = sim_stats(s);

	memset(sum, 0, sizeof *sum);
	sum->mode = mode_name((enum view_mode)sim_mode(s));
	sum->read_size = c->read_pages * SIM_PAGE_SIZE;
	sum->ra_size = c->ra_pages * SIM_PAGE_SIZE;
	sum->device = c->device.name;
	sum->source = sim_source_name(c->source);
	sum->file_size = c->file_pages * SIM_PAGE_SIZE;
	sum->complete = sim_done(s);
	sum->time_ns = report_time(s);
	sum->bytes_read = st->pages_copied * SIM_PAGE_SIZE;
	sum->reads = st->reads_done;
	sum->requests = st->requests;
	sum->request_sectors = st->request_pages * (SIM_PAGE_SIZE / 512);
	sum->max_request_kib = st->max_request_pages * (SIM_PAGE_SIZE / 1024);
	sum->common_request_kib = st->mode_request_pages *
	    (SIM_PAGE_SIZE / 1024);
	sum->pct_ns = sum->time_ns;
	sum->stall_ns = st->stall_ns;
	sum->busy_ns = st->busy_ns;
	sum->wakeup_ns = st->waking_ns;
	sum->idle_ns = st->idle_ns;
	sum->idle_penalties = st->penalties;
	sum->ra_sync = st->ra_sync;
	sum->ra_async = st->ra_async;
	sum->flushes = st->flushes;
	sum->events = st->events;
}

/* The key: value summary of a run. */
void
report_summary(FILE *f, const struct sim *s)
{
	struct report_sum	sum;

	report_sum_of(&sum, s);
	report_sum_print(f, &sum);
}

/* The summary's keys in their order. */
void
report_sum_print(FILE *f, const struct report_sum *s)
{
	static const char *const dev_keys[3] = {
		"device_busy_pct", "device_wakeup_pct", "device_idle_pct"
	};
	uint64_t	t = s->time_ns, bytes = s->bytes_read, tenths[3];
	char		b[64];
	int		i;

	fprintf(f, "mode: %s\n", s->mode ? s->mode : "n/a");
	fprintf(f, "read_size: %s\n", num(b, sizeof b, s->read_size));
	fprintf(f, "ra_size: %s\n", num(b, sizeof b, s->ra_size));
	fprintf(f, "device: %s\n", s->device ? s->device : "n/a");
	fprintf(f, "source: %s\n", s->source ? s->source : "n/a");
	fprintf(f, "file_size: %s\n", num(b, sizeof b, s->file_size));
	fprintf(f, "complete: %s\n", s->complete ? "yes" : "no");
	fprintf(f, "sim_time_ns: %llu\n", (unsigned long long)t);
	fprintf(f, "bytes_read: %llu\n", (unsigned long long)bytes);
	/* bytes / (t / 1e9) / 1e6 = bytes * 1000 / t */
	fprintf(f, "throughput_mb_s: %s\n",
	    t ? fmt_ratio(b, sizeof b, bytes * 1000, t, 1) : "0.0");
	fprintf(f, "reads: %s\n", num(b, sizeof b, s->reads));
	fprintf(f, "requests: %llu\n", (unsigned long long)s->requests);
	/* KiB = sectors / 2 */
	fprintf(f, "avg_request_kib: %s\n", fmt_ratio(b, sizeof b,
	    s->request_sectors, (s->requests ? s->requests : 1) * 2, 1));
	fprintf(f, "max_request_kib: %llu\n",
	    (unsigned long long)s->max_request_kib);
	fprintf(f, "common_request_kib: %llu\n",
	    (unsigned long long)s->common_request_kib);
	fprintf(f, "reader_stall_pct: %s\n", s->stall_ns == REPORT_NA ? "n/a" :
	    pct(b, sizeof b, s->stall_ns, s->pct_ns));
	/* Busy, waking, idle: of the time passed, adding up to 100.0. */
	report_shares(tenths, s);
	for (i = 0; i < 3; i++) {
		fprintf(f, "%s: %s\n", dev_keys[i], tenths[i] == REPORT_NA ?
		    "n/a" : fmt_ratio(b, sizeof b, tenths[i], 10, 1));
	}
	fprintf(f, "idle_penalties: %s\n", num(b, sizeof b, s->idle_penalties));
	fprintf(f, "ra_sync: %s\n", num(b, sizeof b, s->ra_sync));
	fprintf(f, "ra_async: %s\n", num(b, sizeof b, s->ra_async));
	fprintf(f, "flushes: %llu\n", (unsigned long long)s->flushes);
	fprintf(f, "events: %llu\n", (unsigned long long)s->events);
}

/* Say "raviz: --trace: FILE: why", FILE escaped. */
static void
trace_error(FILE *err, const char *file, const char *why)
{
	char	esc[300];

	fprintf(err, "raviz: --trace: %s: %s\n",
	    fmt_escape_str(esc, sizeof esc, file), why);
}

/*
 * The trace's first line: what wrote it and the scenario as the command
 * line spells every option, so that a trace says how to run it again.
 */
static void
trace_header(FILE *f, const struct sim_config *cfg)
{
	char	v[64], esc[200];
	size_t	i;

	fprintf(f, "{\"program\":\"raviz\",\"version\":\"%s\","
	    "\"trace_format\":%d,\"scenario\":{", PACKAGE_VERSION,
	    REPORT_TRACE_FORMAT);
	for (i = 0; i < scenario_nopts; i++) {
		scenario_format(&scenario_opts[i], cfg, v, sizeof v);
		/* Names and values are the table's and the writer's: plain. */
		fprintf(f, "%s\"%s\":\"%s\"", i > 0 ? "," : "",
		    scenario_opts[i].name, fmt_escape_str(esc, sizeof esc, v));
	}
	fprintf(f, "}}\n");
}

/* Open the trace: "-" is out, NULL no trace. */
int
report_trace_open(struct report_trace *t, const char *path, int force,
    FILE *out, FILE *err, const struct sim_config *cfg)
{
	const char	*why;

	t->path = path;
	t->out = out;
	t->f = NULL;
	t->so.fd = -1;
	t->buf = NULL;
	t->n = 0;
	t->failed = 0;
	if (path == NULL)
		return (0);
	if (strcmp(path, "-") == 0)
		t->f = out;
	else if (safefile_out_open(&t->so, path, force, SAFEFILE_WHOLE,
	    &why) != 0 || (t->f = safefile_out_stream(&t->so, &why)) == NULL) {
		safefile_out_abort(&t->so);
		trace_error(err, path, why);
		return (-1);
	}
	trace_header(t->f, cfg);
	t->buf = xmalloc(REPORT_TRACE_BUF);
	json_names();
	json_nums_init(&t->last);
	return (0);
}

/* Events whose lines are measured for the expected size. */
#define PLAN_SAMPLE	1024
/* A trace this large is announced before it is written. */
#define PLAN_SAY_BYTES	(UINT64_C(64) << 20)

/* Before a large trace: its size, or a refusal.  See report.h. */
int
report_trace_plan(const char *path, int force, const struct sim_config *cfg,
    uint64_t events, int more, FILE *err)
{
	struct sim		*s;
	const struct sim_event	*e;
	struct report_nums	 l;
	char			 line[1024], sz[32], lim[200], what[160];
	uint64_t		 n = 0, bytes = 0, est;
	int			 rc, refuse;

	if (path == NULL)
		return (0);
	refuse = (more || events > bounds_get(BOUND_TRACE_OUT)) && !force;
	/* Nothing to say - no refusal, a pipe or a trace whose longest
	   lines stay below the size worth announcing: no sample either
	   (it is a second engine's first PLAN_SAMPLE events). */
	if (!refuse && (strcmp(path, "-") == 0 ||
	    events < PLAN_SAY_BYTES / (JSON_MAX + 1)))
		return (0);
	/* The average line of this run, measured on its first events, as
	   the trace writes them (the numbers carried from line to line). */
	if ((s = sim_new(cfg)) == NULL)
		return (1);
	json_names();
	json_nums_init(&l);
	while (n < PLAN_SAMPLE && (e = sim_step_ref(s, &rc)) != NULL) {
		bytes += (uint64_t)(json_event(line, e, &l) - line) + 1;
		n++;
	}
	sim_free(s);
	if (rc < 0)
		return (1);
	est = n == 0 ? 0 : events > UINT64_MAX / (bytes / n + 1) ?
	    UINT64_MAX : events * bytes / n;
	snprintf(what, sizeof what, "%s%llu events (%s %s)", more ?
	    "more than " : "", (unsigned long long)events, more ? "over" :
	    "about", fmt_bytes(sz, sizeof sz, est));
	if (refuse) {
		snprintf(line, sizeof line, "the run has %s: %s", what,
		    bounds_say(lim, sizeof lim, BOUND_TRACE_OUT));
		trace_error(err, path, line);
		return (2);
	}
	/* A file's size is news; a pipe's reader decides for itself. */
	if (est >= PLAN_SAY_BYTES && strcmp(path, "-") != 0) {
		snprintf(line, sizeof line, "writing %s", what);
		trace_error(err, path, line);
	}
	return (0);
}

/* Hand the lines gathered so far to the trace's stream. */
void
report_trace_flush(struct report_trace *t)
{
	if (t->f == NULL || t->n == 0)
		return;
	if (fwrite(t->buf, 1, t->n, t->f) != t->n || ferror(t->f))
		t->failed = 1;
	t->n = 0;
}

/*
 * One JSON line for an event, gathered in t->buf: the stream gets them in
 * blocks (REPORT_TRACE_BUF), one call for many lines.  Inline in both
 * writers, as json_event() is.
 */
static inline void trace_line(struct report_trace *,
	     const struct sim_event *) __attribute__((always_inline));
static inline void
trace_line(struct report_trace *t, const struct sim_event *e)
{
	char	*p;

	if (t->n + JSON_MAX + 1 > REPORT_TRACE_BUF)
		report_trace_flush(t);
	p = json_event(t->buf + t->n, e, &t->last);
	*p++ = '\n';
	t->n = (size_t)(p - t->buf);
}

/* Write one event (trace_line()). */
int
report_trace_event(struct report_trace *t, const struct sim_event *e)
{
	if (t->f == NULL)
		return (0);
	trace_line(t, e);
	return (t->failed);
}

/*
 * Step s to its end, every event's line into t: report_trace_event() in a
 * loop of its own, without a call per line.  See report.h.
 */
int
report_trace_run(struct report_trace *t, struct sim *s, uint64_t every,
    int (*tick_cb)(void *, uint64_t), void *arg, FILE *watch)
{
	const struct sim_event	*e;
	int			 rc;

	while ((e = sim_step_ref(s, &rc)) != NULL) {
		if ((e->seq & (every - 1)) == 0 && tick_cb(arg, e->seq) != 0)
			return (-2);
		if (t->f == NULL)
			continue;
		trace_line(t, e);
		if (t->failed || (watch != NULL && ferror(watch)))
			break;
	}
	return (rc);
}

/* report_trace_event() as a callback (app_replay()). */
void
report_trace_cb(void *t, const struct sim_event *e)
{
	report_trace_event(t, e);
}

/* Has the trace hit a write error (a full disk, a closed pipe)? */
int
report_trace_failed(const struct report_trace *t)
{
	return (t->f != NULL && t->failed);
}

/*
 * Close the trace file (not out) under its name, or leave nothing: after a
 * write error (reported) or when abandoned.
 */
int
report_trace_close(struct report_trace *t, int abandon, FILE *err)
{
	char		 msg[300];
	const char	*why;

	report_trace_flush(t);
	free(t->buf);
	t->buf = NULL;
	if (t->f == NULL || t->f == t->out) {
		t->f = NULL;
		return (0);
	}
	t->f = NULL;
	if (abandon) {
		safefile_out_abort(&t->so);
		return (0);
	}
	if (safefile_out_commit(&t->so, &why) != 0) {
		snprintf(msg, sizeof msg, "write error: %s; no trace written",
		    why);
		trace_error(err, t->path, msg);
		return (-1);
	}
	return (0);
}

/*
 * Flush a command's output; 1 after saying so if it failed, else status.
 * A reader that has gone (a closed pipe) is not an error to report: 1,
 * quietly (main.c then ends raviz as SIGPIPE would).
 */
int
report_flush(FILE *out, FILE *err, int status)
{
	int	e;

	if (fflush(out) != 0 || ferror(out)) {
		e = errno;
		if (!safefile_pipe_gone(out))
			fprintf(err, "raviz: write error: %s\n", strerror(e));
		return (1);
	}
	return (status);
}
