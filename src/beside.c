/*
 * beside.c - a real trace's summary beside its model's (beside.h).
 *
 * The trace is read once: its summary (import.c) and its view events
 * (trace.c) come from the same import.  Both summaries are written to
 * memory first and printed only when both are whole, so a failure leaves
 * nothing half-written.  The model's command line names every scenario
 * option but the device preset, which the measured device is not: its
 * fields (--bandwidth, --latency, ...) follow and say it all.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "beside.h"
#include "fmt.h"
#include "import.h"
#include "mode.h"
#include "pipe.h"
#include "report.h"
#include "scenario.h"
#include "trace.h"
#include "trace-model.h"

#define KEY_W	24	/* the key column */
#define VAL_W	15	/* the real trace's column */

/* The value of key in a summary text ("key: value" lines), or NULL. */
static const char *
value_of(const char *text, const char *key, size_t klen, size_t *vlen)
{
	const char	*l, *e;

	for (l = text; *l != '\0'; l = *e != '\0' ? e + 1 : e) {
		e = strchr(l, '\n');
		if (e == NULL)
			e = l + strlen(l);
		if ((size_t)(e - l) > klen + 1 && strncmp(l, key, klen) == 0 &&
		    l[klen] == ':' && l[klen + 1] == ' ') {
			*vlen = (size_t)(e - l) - klen - 2;
			return (l + klen + 2);
		}
	}
	return (NULL);
}

/* One row: the key, then the two values (NULL: "-"). */
static void
row(FILE *out, const char *k, size_t klen, const char *a, size_t alen,
    const char *b, size_t blen)
{
	fprintf(out, "%-*.*s %-*.*s %.*s\n", KEY_W, (int)klen, k, VAL_W,
	    a != NULL ? (int)alen : 1, a != NULL ? a : "-",
	    b != NULL ? (int)blen : 1, b != NULL ? b : "-");
}

/*
 * The rows of the keys of text (its values on the left, other's on the
 * right); with missing_only, of those other lacks, on the right.
 */
static void
rows(FILE *out, const char *text, const char *other, int missing_only)
{
	const char	*l, *e, *c, *v;
	size_t		 k, vlen;

	for (l = text; *l != '\0'; l = *e != '\0' ? e + 1 : e) {
		e = strchr(l, '\n');
		if (e == NULL)
			e = l + strlen(l);
		if ((c = memchr(l, ':', (size_t)(e - l))) == NULL ||
		    e - c < 2)
			continue;
		k = (size_t)(c - l);
		v = value_of(other, l, k, &vlen);
		if (!missing_only)
			row(out, l, k, c + 2, (size_t)(e - c - 2), v, vlen);
		else if (v == NULL)
			row(out, l, k, NULL, 0, c + 2, (size_t)(e - c - 2));
	}
}

/* The model as a command line that runs it again. */
static void
command_line(FILE *out, const struct sim_config *c)
{
	char	v[64];
	size_t	i;

	fprintf(out, "# model: raviz --headless");
	for (i = 0; i < scenario_nopts; i++) {
		if (scenario_opts[i].type == SCENARIO_DEVICE &&
		    strcmp(c->device.name, TRACE_MODEL_DEVICE) == 0)
			continue;
		scenario_format(&scenario_opts[i], c, v, sizeof v);
		fprintf(out, " --%s=%s", scenario_opts[i].name, v);
	}
	fprintf(out, "\n");
}

/* A summary written by fn into memory; NULL when memory ran out. */
static char *
in_memory(void (*fn)(FILE *, const void *, const void *), const void *x,
    const void *y)
{
	char	*buf = NULL;
	size_t	 len = 0;
	FILE	*f = open_memstream(&buf, &len);

	if (f == NULL)
		return (NULL);
	fn(f, x, y);
	if (ferror(f)) {
		fclose(f);
		free(buf);
		return (NULL);
	}
	if (fclose(f) != 0) {
		free(buf);
		return (NULL);
	}
	return (buf);
}

/* import_summary() for in_memory(). */
static void
import_sum_cb(FILE *f, const void *im, const void *p)
{
	import_summary(f, im, p);
}

/* report_summary() for in_memory(). */
static void
model_sum_cb(FILE *f, const void *s, const void *unused)
{
	(void)unused;
	report_summary(f, s);
}

/* Print o's import beside its model. */
int
beside_run(const struct opts *o, FILE *out, FILE *err)
{
	struct import		 im;
	struct pipe		*p;
	struct trace		 t;
	struct trace_fit	 fit;
	struct sim_config	 cfg;
	struct sim		*s = NULL;
	const char		*why;
	char			*real = NULL, *model = NULL, w[256];
	size_t			 i;
	int			 rc = 1;

	if (import_open(&im, o->import_file, o->import_dev, err) != 0)
		return (2);
	p = pipe_new();
	for (i = 0; i < im.nev; i++)
		(void)pipe_apply(p, &im.ev[i]);
	real = in_memory(import_sum_cb, &im, p);
	pipe_free(p);
	trace_build(&t, &im);
	import_free(&im);
	trace_model_fit(&t, &fit, o->cfg.cpu.syscall_ns);
	if (trace_model_config(&t, &fit, &o->cfg, (enum sim_mode)(o->beside -
	    1), &cfg, &why) != 0) {
		fprintf(err, "raviz: %s: no model has this trace's figures: "
		    "%s\n", o->import_file, why);
		rc = 2;
		goto done;
	}
	if (real == NULL || (s = sim_new(&cfg)) == NULL || sim_run(s) != 0 ||
	    (model = in_memory(model_sum_cb, s, NULL)) == NULL) {
		fprintf(err, "raviz: out of memory\n");
		goto done;
	}
	command_line(out, &cfg);
	trace_model_words(w, sizeof w, &cfg, &fit);
	fprintf(out, "# %s\n", w);
	fprintf(out, "# real: %s; model: %s on the measured device\n",
	    t.cfg.title, mode_name((enum view_mode)cfg.mode));
	fprintf(out, "%-*s %-*s %s\n", KEY_W, "key", VAL_W, "real", "model");
	rows(out, real, model, 0);
	rows(out, model, real, 1);
	rc = 0;
done:
	sim_free(s);
	free(real);
	free(model);
	trace_free(&t);
	return (report_flush(out, err, rc));
}
