/*
 * report.c - the run's reports, shared by every front end: the key: value
 * summary, computed from the engine's statistics with integer arithmetic,
 * and the trace, one JSON object per event with a fixed key order, written
 * by one writer (headless runs and the screen's --trace alike).
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "fmt.h"
#include "report.h"
#include "engine/sim.h"

/* Append printf-style text to buf at *off, never past len. */
static void
app(char *buf, size_t len, size_t *off, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void
app(char *buf, size_t len, size_t *off, const char *fmt, ...)
{
	va_list	ap;
	int	n;

	if (*off >= len)
		return;
	va_start(ap, fmt);
	n = vsnprintf(buf + *off, len - *off, fmt, ap);
	va_end(ap);
	if (n > 0)
		*off += (size_t)n;
	if (*off >= len)
		*off = len - 1;
}

/* One event as JSON; keys that do not apply are left out. */
size_t
report_json(char *buf, size_t len, const struct sim_event *e)
{
	size_t	off = 0;

	app(buf, len, &off, "{\"seq\":%llu,\"t_ns\":%llu,\"ev\":\"%s\","
	    "\"first\":%llu,\"npages\":%llu,\"read\":%llu,\"mode\":\"%s\"",
	    (unsigned long long)e->seq, (unsigned long long)e->t_ns,
	    sim_ev_name(e->kind), (unsigned long long)e->first,
	    (unsigned long long)e->npages, (unsigned long long)e->read_index,
	    sim_mode_name(e->mode));
	if (e->label)
		app(buf, len, &off, ",\"label\":\"T%d\"", e->label);
	switch (e->kind) {
	case SIM_EV_RA_SYNC:
	case SIM_EV_RA_ASYNC:
		app(buf, len, &off, ",\"hit\":%llu", (unsigned long long)e->hit);
		if (e->marker != SIM_NONE)
			app(buf, len, &off, ",\"marker\":%llu",
			    (unsigned long long)e->marker);
		break;
	case SIM_EV_QUEUE:
		app(buf, len, &off, ",\"where\":\"%s\",\"merged\":%s,"
		    "\"req\":%u,\"req_first\":%llu,\"req_npages\":%llu",
		    sim_where_name(e->where), e->merged ? "true" : "false",
		    e->req, (unsigned long long)e->req_first,
		    (unsigned long long)e->req_npages);
		break;
	case SIM_EV_FLUSH:
		app(buf, len, &off, ",\"reason\":\"%s\",\"requests\":%u",
		    sim_reason_name(e->reason), e->count);
		break;
	case SIM_EV_DISPATCH:
	case SIM_EV_COMPLETE:
		app(buf, len, &off, ",\"req\":%u", e->req);
		break;
	case SIM_EV_WAIT:
	case SIM_EV_WAKE:
		app(buf, len, &off, ",\"page\":%llu",
		    (unsigned long long)e->page);
		break;
	default:
		break;
	}
	app(buf, len, &off, "}");
	return (off);
}

/* Percentage of part in whole, one decimal. */
static const char *
pct(char *b, size_t n, uint64_t part, uint64_t whole)
{
	return (fmt_ratio(b, n, part * 1000 / (whole ? whole : 1) , 10, 1));
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
	sum->mode = sim_mode_name(sim_mode(s));
	sum->read_size = c->read_pages * SIM_PAGE_SIZE;
	sum->ra_size = c->ra_pages * SIM_PAGE_SIZE;
	sum->device = c->device.name;
	sum->source = sim_source_name(c->source);
	sum->file_size = c->file_pages * SIM_PAGE_SIZE;
	sum->complete = sim_done(s);
	sum->time_ns = st->end_ns != SIM_NONE && sim_done(s) ? st->end_ns :
	    st->now_ns;
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
	sum->wakeup_ns = st->penalty_ns;
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
	uint64_t	t = s->time_ns, bytes = s->bytes_read;
	char		b[64];

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
	fprintf(f, "device_busy_pct: %s\n", s->busy_ns == REPORT_NA ? "n/a" :
	    pct(b, sizeof b, s->busy_ns, s->pct_ns));
	fprintf(f, "device_wakeup_pct: %s\n", s->wakeup_ns == REPORT_NA ?
	    "n/a" : pct(b, sizeof b, s->wakeup_ns, s->pct_ns));
	fprintf(f, "idle_penalties: %s\n", num(b, sizeof b, s->idle_penalties));
	fprintf(f, "ra_sync: %s\n", num(b, sizeof b, s->ra_sync));
	fprintf(f, "ra_async: %s\n", num(b, sizeof b, s->ra_async));
	fprintf(f, "flushes: %llu\n", (unsigned long long)s->flushes);
	fprintf(f, "events: %llu\n", (unsigned long long)s->events);
}

/* Say "raviz: --trace: FILE: <strerror(errno)>", FILE escaped. */
static void
trace_error(FILE *err, const char *file)
{
	char	esc[300];
	int	e = errno;	/* before anything else can change it */

	fprintf(err, "raviz: --trace: %s: %s\n",
	    fmt_escape_str(esc, sizeof esc, file), strerror(e));
}

/* Open the trace: "-" is out, NULL no trace. */
int
report_trace_open(struct report_trace *t, const char *path, FILE *out,
    FILE *err)
{
	t->path = path;
	t->out = out;
	t->f = NULL;
	if (path == NULL)
		return (0);
	if (strcmp(path, "-") == 0)
		t->f = out;
	else if ((t->f = fopen(path, "w")) == NULL) {
		trace_error(err, path);
		return (-1);
	}
	return (0);
}

/* One JSON line for an event. */
void
report_trace_event(struct report_trace *t, const struct sim_event *e)
{
	char	line[1024];
	size_t	n;

	if (t->f == NULL)
		return;
	n = report_json(line, sizeof line, e);
	fwrite(line, 1, n, t->f);
	fputc('\n', t->f);
}

/* report_trace_event() as a callback (app_replay()). */
void
report_trace_cb(void *t, const struct sim_event *e)
{
	report_trace_event(t, e);
}

/* Close the trace file (not out); report a failure. */
int
report_trace_close(struct report_trace *t, FILE *err)
{
	int	rc = 0;

	if (t->f != NULL && t->f != t->out && fclose(t->f) != 0) {
		trace_error(err, t->path);
		rc = -1;
	}
	t->f = NULL;
	return (rc);
}
