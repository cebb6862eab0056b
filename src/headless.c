/*
 * headless.c - the headless outputs.  The summary is computed from the
 * engine's statistics with integer arithmetic; the trace is one JSON object
 * per event with a fixed key order; frames go through the same renderer as
 * the terminal, with the text back end.  Output is written only after the
 * options are known to be good, and a failed write is an error (exit 1).
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "fmt.h"
#include "headless.h"
#include "render.h"
#include "sim.h"

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
headless_json(char *buf, size_t len, const struct sim_event *e)
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

/* The key: value summary. */
void
headless_summary(FILE *f, const struct sim *s)
{
	const struct sim_config	*c = sim_config(s);
	const struct sim_stats	*st = sim_stats(s);
	uint64_t		 t = st->end_ns != SIM_NONE && sim_done(s) ?
				     st->end_ns : st->now_ns;
	uint64_t		 bytes = st->pages_copied * SIM_PAGE_SIZE;
	char			 b[64];

	fprintf(f, "mode: %s\n", sim_mode_name(sim_mode(s)));
	fprintf(f, "read_size: %llu\n",
	    (unsigned long long)(c->read_pages * SIM_PAGE_SIZE));
	fprintf(f, "ra_size: %llu\n",
	    (unsigned long long)(c->ra_pages * SIM_PAGE_SIZE));
	fprintf(f, "device: %s\n", c->device.name);
	fprintf(f, "source: %s\n", sim_source_name(c->source));
	fprintf(f, "file_size: %llu\n",
	    (unsigned long long)(c->file_pages * SIM_PAGE_SIZE));
	fprintf(f, "complete: %s\n", sim_done(s) ? "yes" : "no");
	fprintf(f, "sim_time_ns: %llu\n", (unsigned long long)t);
	fprintf(f, "bytes_read: %llu\n", (unsigned long long)bytes);
	/* bytes / (t / 1e9) / 1e6 = bytes * 1000 / t */
	fprintf(f, "throughput_mb_s: %s\n",
	    t ? fmt_ratio(b, sizeof b, bytes * 1000 / 1, t, 1) : "0.0");
	fprintf(f, "reads: %llu\n", (unsigned long long)st->reads_done);
	fprintf(f, "requests: %llu\n", (unsigned long long)st->requests);
	fprintf(f, "avg_request_kib: %s\n", fmt_ratio(b, sizeof b,
	    st->request_pages * 4, st->requests ? st->requests : 1, 1));
	fprintf(f, "max_request_kib: %llu\n",
	    (unsigned long long)(st->max_request_pages * 4));
	fprintf(f, "common_request_kib: %llu\n",
	    (unsigned long long)(st->mode_request_pages * 4));
	fprintf(f, "reader_stall_pct: %s\n", pct(b, sizeof b, st->stall_ns, t));
	fprintf(f, "device_busy_pct: %s\n", pct(b, sizeof b, st->busy_ns, t));
	fprintf(f, "device_wakeup_pct: %s\n", pct(b, sizeof b, st->penalty_ns,
	    t));
	fprintf(f, "idle_penalties: %llu\n", (unsigned long long)st->penalties);
	fprintf(f, "ra_sync: %llu\n", (unsigned long long)st->ra_sync);
	fprintf(f, "ra_async: %llu\n", (unsigned long long)st->ra_async);
	fprintf(f, "flushes: %llu\n", (unsigned long long)st->flushes);
	fprintf(f, "events: %llu\n", (unsigned long long)st->events);
}

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
		    d->disc == SIM_DISC_PS ? "processor sharing" :
		    "FIFO, one transfer at a time");
		if (d->idle_penalty_ns)
			fprintf(f, "  idle-exit penalty %s after >= %s idle\n",
			    fmt_time(b, sizeof b, d->idle_penalty_ns),
			    fmt_time(c, sizeof c, d->idle_thresh_ns));
		else
			fprintf(f, "  no idle-exit penalty\n");
		fprintf(f, "  %s\n\n", sim_preset_basis(i));
	}
}

/* Report a --trace file that failed, its name escaped. */
void
headless_trace_error(FILE *err, const char *file)
{
	char	esc[300];
	int	e = errno;	/* before anything else can change it */

	fprintf(err, "raviz: --trace: %s: %s\n",
	    fmt_escape_str(esc, sizeof esc, file), strerror(e));
}

/* Run the engine per the options. */
int
headless_run(const struct opts *o, FILE *out, FILE *err)
{
	struct sim		*s;
	struct sim_event	 e;
	struct render		*r = NULL;
	struct render_text	*rt = NULL;
	FILE			*tf = NULL;
	char			 line[1024];
	size_t			 n;
	int			 rc, status = 0, stepwise;

	if ((s = sim_new(&o->cfg)) == NULL) {
		fprintf(err, "raviz: out of memory\n");
		return (1);
	}
	if (o->trace != NULL) {
		if (strcmp(o->trace, "-") == 0)
			tf = out;
		else if ((tf = fopen(o->trace, "w")) == NULL) {
			headless_trace_error(err, o->trace);
			sim_free(s);
			return (1);
		}
	}
	if (o->frames &&
	    ((r = render_new(o->frame_cols, o->frame_rows)) == NULL ||
	    (rt = render_text_new()) == NULL)) {
		fprintf(err, "raviz: out of memory\n");
		status = 1;
		goto out;
	}
	stepwise = (tf != NULL || r != NULL || o->until_label);
	if (!stepwise && o->until_events)
		rc = sim_run_until(s, o->until_events);	/* skips periods too */
	else if (!stepwise)
		rc = sim_run(s);
	else {
		while ((rc = sim_step(s, &e)) == 1) {
			if (tf != NULL) {
				n = headless_json(line, sizeof line, &e);
				fwrite(line, 1, n, tf);
				fputc('\n', tf);
			}
			if (r != NULL) {
				render_event(r, s, &e);
				fprintf(out, "--- event %llu ---\n",
				    (unsigned long long)e.seq);
				render_text_frame(r, rt, s, out);
			}
			if (o->until_label && e.label == o->until_label)
				break;
			if (o->until_events && e.seq + 1 >= o->until_events)
				break;
		}
	}
	if (rc < 0) {
		fprintf(err, "raviz: out of memory\n");
		status = 1;
		goto out;
	}
	if (o->summary)
		headless_summary(out, s);
out:
	if (tf != NULL && tf != out && fclose(tf) != 0) {
		headless_trace_error(err, o->trace);
		status = 1;
	}
	render_free(r);
	render_text_free(rt);
	sim_free(s);
	if (fflush(out) != 0 || ferror(out)) {
		fprintf(err, "raviz: write error: %s\n", strerror(errno));
		status = 1;
	}
	return (status);
}
