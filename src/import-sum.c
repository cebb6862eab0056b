/*
 * import-sum.c - the summary of an imported trace: the model's keys in
 * the model's order and format (report.c's struct report_sum, filled from
 * the pipeline state, "n/a" where a trace cannot tell), then the keys
 * only a trace has; and the headless run that prints it.
 */
#include "config.h"

#include <string.h>

#include "fmt.h"
#include "import.h"
#include "report.h"

/*
 * The file's maximum readahead in bytes: the readahead tracepoints'
 * ra_pages, else the read_ahead_kb a capture's header records, else
 * unknown.
 */
static uint64_t
ra_size(const struct import *im)
{
	size_t	i;

	for (i = 0; i < im->nev; i++)
		if (BLK_IS_RA(im->ev[i].act) && im->ev[i].ra.ra_pages > 0)
			return ((uint64_t)im->ev[i].ra.ra_pages * 4096);
	return (im->ra_kb > 0 ? (uint64_t)im->ra_kb * 1024 : REPORT_NA);
}

/* The summary of an imported trace: the model's keys, then its own. */
void
import_summary(FILE *f, const struct import *im, const struct pipe *p)
{
	const struct pipe_stats	*st = pipe_stats(p);
	struct report_sum	 sum;
	int			 rd = st->reads > 0;
	uint64_t		 t0 = rd ? st->t_read_first : st->t_first;
	uint64_t		 t1 = rd ? st->t_read_last : st->t_last;
	uint64_t		 span = st->t_last - st->t_first;
	int			 uk = im->has_unplug_kind;
	char			 b[64], dev[32];

	snprintf(dev, sizeof dev, "%u,%u", blk_dev_major(im->dev),
	    blk_dev_minor(im->dev));
	memset(&sum, 0, sizeof sum);
	sum.mode = NULL;
	sum.read_size = rd ? st->read_len_common : REPORT_NA;
	sum.ra_size = ra_size(im);
	sum.device = dev;
	sum.source = NULL;
	sum.file_size = REPORT_NA;
	sum.complete = pipe_nreqs(p) == 0;
	sum.time_ns = t1 > t0 ? t1 - t0 : 0;
	sum.bytes_read = rd ? st->read_bytes : st->completed_sectors * 512;
	sum.reads = rd ? st->reads : REPORT_NA;
	sum.requests = st->requests;
	sum.request_sectors = st->request_sectors;
	sum.max_request_kib = st->max_request_sectors / 2;
	sum.common_request_kib = st->common_request_sectors / 2;
	sum.pct_ns = span;
	sum.stall_ns = REPORT_NA;
	sum.busy_ns = st->busy_ns < span ? st->busy_ns : span;
	sum.wakeup_ns = REPORT_NA;	/* a trace does not show a device waking */
	sum.idle_ns = span - sum.busy_ns;
	sum.idle_penalties = REPORT_NA;
	/* Counted where the kernel has readahead tracepoints (6.18 on). */
	sum.ra_sync = im->has_ra ? st->ra_sync : REPORT_NA;
	sum.ra_async = im->has_ra ? st->ra_async : REPORT_NA;
	sum.flushes = st->unplugs_explicit + st->unplugs_sleep;
	sum.events = st->events;
	report_sum_print(f, &sum);
	/* Keys only a trace has. */
	fprintf(f, "trace_format: %s\n", im->format);
	fprintf(f, "trace_span_ns: %llu\n", (unsigned long long)span);
	fprintf(f, "max_in_flight: %u\n", st->max_in_flight);
	fprintf(f, "plugs: %llu\n", (unsigned long long)st->plugs);
	fprintf(f, "unplugs: %llu\n", (unsigned long long)
	    (st->unplugs_explicit + st->unplugs_sleep));
	if (uk)
		snprintf(b, sizeof b, "%llu",
		    (unsigned long long)st->unplugs_explicit);
	fprintf(f, "unplugs_explicit: %s\n", uk ? b : "n/a");
	if (uk)
		snprintf(b, sizeof b, "%llu",
		    (unsigned long long)st->unplugs_sleep);
	fprintf(f, "unplugs_sleep: %s\n", uk ? b : "n/a");
	fprintf(f, "unplugged_requests: %llu\n",
	    (unsigned long long)st->unplug_requests);
	fprintf(f, "inserts: %llu\n", (unsigned long long)st->inserts);
	fprintf(f, "merges: %llu\n", (unsigned long long)st->merges);
	fprintf(f, "requeues: %llu\n", (unsigned long long)st->requeues);
	fprintf(f, "q2d_avg_us: %s\n", st->q2d_n ? fmt_ratio(b, sizeof b,
	    st->q2d_sum_ns, st->q2d_n * 1000, 1) : "n/a");
	fprintf(f, "q2d_max_us: %s\n", st->q2d_n ? fmt_ratio(b, sizeof b,
	    st->q2d_max_ns, 1000, 1) : "n/a");
	fprintf(f, "d2c_avg_us: %s\n", st->d2c_n ? fmt_ratio(b, sizeof b,
	    st->d2c_sum_ns, st->d2c_n * 1000, 1) : "n/a");
	fprintf(f, "d2c_max_us: %s\n", st->d2c_n ? fmt_ratio(b, sizeof b,
	    st->d2c_max_ns, 1000, 1) : "n/a");
	fprintf(f, "write_requests: %llu\n", (unsigned long long)st->writes);
	fprintf(f, "errors: %llu\n", (unsigned long long)st->errors);
	if (im->has_ra)
		snprintf(b, sizeof b, "%llu",
		    (unsigned long long)st->ra_windows);
	fprintf(f, "ra_windows: %s\n", im->has_ra ? b : "n/a");
	/* Where the read() calls come from; what was passed over. */
	fprintf(f, "reads_from: %s\n", !rd ? "n/a" : im->syscall_reads ?
	    "syscalls (offsets inferred: sequential from 0)" : "markers");
	fprintf(f, "other_lines: %llu\n", (unsigned long long)im->other_lines);
	fprintf(f, "lost_events: %llu\n", (unsigned long long)im->lost_events);
}

/* --headless --import. */
int
import_run(const char *path, uint32_t dev, FILE *out, FILE *err)
{
	struct import	 im;
	struct pipe	*p;
	size_t		 i;
	int		 status = 0;

	if (import_open(&im, path, dev, err) != 0)
		return (2);
	p = pipe_new();
	for (i = 0; i < im.nev; i++)
		(void)pipe_apply(p, &im.ev[i]);
	import_summary(out, &im, p);
	pipe_free(p);
	import_free(&im);
	return (report_flush(out, err, status));
}
