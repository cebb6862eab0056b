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
#include <string.h>

#include "bounds.h"
#include "fmt.h"
#include "mode.h"
#include "report.h"
#include "safefile.h"
#include "scenario.h"
#include "engine/sim.h"

/* One event as JSON; keys that do not apply are left out. */
size_t
report_json(char *buf, size_t len, const struct sim_event *e)
{
	size_t	off = 0;

	fmt_append(buf, len, &off, "{\"seq\":%llu,\"t_ns\":%llu,\"ev\":\"%s\","
	    "\"first\":%llu,\"npages\":%llu,\"read\":%llu,\"mode\":\"%s\"",
	    (unsigned long long)e->seq, (unsigned long long)e->t_ns,
	    sim_ev_name(e->kind), (unsigned long long)e->first,
	    (unsigned long long)e->npages, (unsigned long long)e->read_index,
	    mode_name((enum view_mode)e->mode));
	if (e->label)
		fmt_append(buf, len, &off, ",\"label\":\"T%d\"", e->label);
	switch (e->kind) {
	case SIM_EV_RA_SYNC:
	case SIM_EV_RA_ASYNC:
		fmt_append(buf, len, &off, ",\"hit\":%llu", (unsigned long long)e->hit);
		if (e->marker != SIM_NONE)
			fmt_append(buf, len, &off, ",\"marker\":%llu",
			    (unsigned long long)e->marker);
		/* Linux 6.x: the async part, the folio order, the marked folio. */
		if (mode_info((enum view_mode)e->mode)->modern) {
			fmt_append(buf, len, &off, ",\"async\":%llu,"
			    "\"order\":%u", (unsigned long long)e->async,
			    e->order);
			if (e->marker != SIM_NONE)
				fmt_append(buf, len, &off,
				    ",\"marker_pages\":%llu",
				    (unsigned long long)e->marker_pages);
		}
		break;
	case SIM_EV_QUEUE:
		fmt_append(buf, len, &off, ",\"where\":\"%s\",\"merged\":%s,"
		    "\"req\":%u,\"req_first\":%llu,\"req_npages\":%llu",
		    sim_where_name(e->where), e->merged ? "true" : "false",
		    e->req, (unsigned long long)e->req_first,
		    (unsigned long long)e->req_npages);
		break;
	case SIM_EV_FLUSH:
		fmt_append(buf, len, &off, ",\"reason\":\"%s\",\"requests\":%u",
		    sim_reason_name(e->reason), e->count);
		break;
	case SIM_EV_DISPATCH:
	case SIM_EV_COMPLETE:
		fmt_append(buf, len, &off, ",\"req\":%u", e->req);
		break;
	case SIM_EV_WAIT:
	case SIM_EV_WAKE:
		fmt_append(buf, len, &off, ",\"page\":%llu",
		    (unsigned long long)e->page);
		break;
	default:
		break;
	}
	fmt_append(buf, len, &off, "}");
	return (off < len ? off : len > 0 ? len - 1 : 0);
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
	struct sim_event	 e;
	char			 line[1024], sz[32], lim[200], what[160];
	uint64_t		 n = 0, bytes = 0, est;
	int			 rc;

	if (path == NULL)
		return (0);
	/* The average line of this run, measured on its first events. */
	if ((s = sim_new(cfg)) == NULL)
		return (1);
	while (n < PLAN_SAMPLE && (rc = sim_step(s, &e)) == 1) {
		bytes += report_json(line, sizeof line, &e) + 1;
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
	if ((more || events > bounds_get(BOUND_TRACE_OUT)) && !force) {
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

/* Has the trace hit a write error (a full disk, a closed pipe)? */
int
report_trace_failed(const struct report_trace *t)
{
	return (t->f != NULL && ferror(t->f));
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
