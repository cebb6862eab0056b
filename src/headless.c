/*
 * headless.c - the headless outputs.  The summary and the trace are
 * report.c's; frames go through the same renderer as the terminal, with
 * the text back end.  Output is written only after the
 * options are known to be good, and a failed write is an error (exit 1).
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "fmt.h"
#include "headless.h"
#include "render.h"
#include "report.h"
#include "engine/sim.h"

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

/* Run the engine per the options. */
int
headless_run(const struct opts *o, FILE *out, FILE *err)
{
	struct sim		*s;
	struct sim_event	 e;
	struct render		*r = NULL;
	struct render_text	*rt = NULL;
	struct report_trace	 tr;
	int			 rc, status = 0, stepwise;

	if ((s = sim_new(&o->cfg)) == NULL) {
		fprintf(err, "raviz: out of memory\n");
		return (1);
	}
	if (report_trace_open(&tr, o->trace, out, err) != 0) {
		sim_free(s);
		return (1);
	}
	if (o->frames &&
	    ((r = render_new(o->frame_cols, o->frame_rows)) == NULL ||
	    (rt = render_text_new()) == NULL)) {
		fprintf(err, "raviz: out of memory\n");
		status = 1;
		goto out;
	}
	stepwise = (tr.f != NULL || r != NULL || o->until_label);
	if (!stepwise && o->until_events)
		rc = sim_run_until(s, o->until_events);	/* skips periods too */
	else if (!stepwise)
		rc = sim_run(s);
	else {
		while ((rc = sim_step(s, &e)) == 1) {
			report_trace_event(&tr, &e);
			/* A full disk or a closed pipe: stop, reported below. */
			if (report_trace_failed(&tr) || ferror(out))
				break;
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
		report_summary(out, s);
out:
	if (report_trace_close(&tr, err) != 0)
		status = 1;
	render_free(r);
	render_text_free(rt);
	sim_free(s);
	if (fflush(out) != 0 || ferror(out)) {
		fprintf(err, "raviz: write error: %s\n", strerror(errno));
		status = 1;
	}
	return (status);
}
