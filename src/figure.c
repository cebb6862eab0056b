/*
 * figure.c - the figures a caption can show, and the template filler.
 *
 * The table below is the whole vocabulary: each entry names a figure, says
 * what it means, gives the summary key that prints the same value
 * (report.c; the tests hold the two together) and formats it from the
 * engine's statistics or configuration.  A run figure is always taken from
 * the engine at the moment the caption is filled, never written by hand:
 * that is what keeps a lesson's words true when the model changes.
 *
 * An alternative run ({throughput mode=fixed}) is the lesson's scenario
 * options followed by the placeholder's, parsed by opts.c (from the one
 * scenario table, scenario.c) exactly as the command line
 * `raviz --headless --OPT=VALUE ...` would be, then run to the end as all
 * long work runs (quiet.h: in slices, with the front end's progress, and
 * stopped by q, Ctrl-C or a signal), skipping repeated periods, so a
 * 16 MiB lesson costs a few milliseconds.  --check runs them too, each
 * within BOUND_FIGURE_WORK actions (figure_try()), so that a lesson that
 * cannot be replayed quickly is reported.  Widths are terminal columns
 * (utf8.c).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bounds.h"
#include "figure.h"
#include "fmt.h"
#include "mode.h"
#include "opts.h"
#include "quiet.h"
#include "report.h"
#include "scenario.h"
#include "utf8.h"
#include "xalloc.h"

#define FIG_NAME_MAX	32
#define FIG_ARG_MAX	128

/* argv[0] for opts_parse(), which never writes to it. */
static char	prog[] = "raviz";

/* How a figure is formatted. */
typedef void	(*fig_fn)(char *, size_t, const struct sim *);

struct figure {
	const char	*name;
	const char	*meaning;
	const char	*key;		/* summary key, or NULL */
	fig_fn		 fn;
	unsigned	 width;		/* columns of its widest value */
};

/* A parsed placeholder: the name and its options, as offsets into t. */
struct ph {
	size_t		 name, nlen;	/* the figure name */
	size_t		 fig;		/* its index in the table */
	size_t		 opt[FIGURE_OPTS_MAX], olen[FIGURE_OPTS_MAX];
	size_t		 nopt;
	size_t		 end;		/* just past the closing brace */
};

static int	 fig_parse(const char *, size_t, struct ph *, size_t *,
		     char *, size_t);

/* MB/s (10^6 bytes a second) over the run so far, as the summary says. */
static void
f_throughput(char *b, size_t n, const struct sim *s)
{
	char	r[32];

	snprintf(b, n, "%s MB/s", report_throughput(r, sizeof r, s));
}

/* One of the device's three shares (0 busy, 1 waking, 2 idle), as "12.3%". */
static void
fig_device(char *b, size_t n, const struct sim *s, int which)
{
	uint64_t	tenths[3];
	char		r[32];

	report_device_tenths(s, tenths);
	snprintf(b, n, "%s%%", fmt_ratio(r, sizeof r, tenths[which], 10, 1));
}

/* A count as a plain number. */
static void
fig_count(char *b, size_t n, uint64_t v)
{
	snprintf(b, n, "%llu", (unsigned long long)v);
}

/* {requests}: requests dispatched. */
static void
f_requests(char *b, size_t n, const struct sim *s)
{
	fig_count(b, n, sim_stats(s)->requests);
}

/* {avg_request}: the average dispatched request, KiB. */
static void
f_avg_request(char *b, size_t n, const struct sim *s)
{
	const struct sim_stats	*st = sim_stats(s);
	char			 r[32];

	snprintf(b, n, "%s KiB", fmt_ratio(r, sizeof r, st->request_pages *
	    4, st->requests ? st->requests : 1, 1));
}

/* {common_request}: the most frequent dispatched size, KiB. */
static void
f_common_request(char *b, size_t n, const struct sim *s)
{
	snprintf(b, n, "%llu KiB",
	    (unsigned long long)(sim_stats(s)->mode_request_pages * 4));
}

/* {max_request}: the largest dispatched request, KiB. */
static void
f_max_request(char *b, size_t n, const struct sim *s)
{
	snprintf(b, n, "%llu KiB",
	    (unsigned long long)(sim_stats(s)->max_request_pages * 4));
}

/* {reads}: read() calls completed. */
static void
f_reads(char *b, size_t n, const struct sim *s)
{
	fig_count(b, n, sim_stats(s)->reads_done);
}

/* {reader_stall}: share of the time the reader slept in lock_page. */
static void
f_reader_stall(char *b, size_t n, const struct sim *s)
{
	char	r[32];

	snprintf(b, n, "%s%%", report_stall_pct(r, sizeof r, s));
}

/* {device_busy}: share of the time a command was being served. */
static void
f_device_busy(char *b, size_t n, const struct sim *s)
{
	fig_device(b, n, s, 0);
}

/* {device_wakeup}: share of the time spent waking from idle. */
static void
f_device_wakeup(char *b, size_t n, const struct sim *s)
{
	fig_device(b, n, s, 1);
}

/* {device_idle}: share of the time with nothing outstanding. */
static void
f_device_idle(char *b, size_t n, const struct sim *s)
{
	fig_device(b, n, s, 2);
}

/* {idle_penalties}: idle-exit penalties paid. */
static void
f_idle_penalties(char *b, size_t n, const struct sim *s)
{
	fig_count(b, n, sim_stats(s)->penalties);
}

/* {flushes}: plug flushes. */
static void
f_flushes(char *b, size_t n, const struct sim *s)
{
	fig_count(b, n, sim_stats(s)->flushes);
}

/* {sim_time}: simulated time so far. */
static void
f_sim_time(char *b, size_t n, const struct sim *s)
{
	fmt_time(b, n, report_time(s));
}

/* {bytes_read}: bytes copied to the reader. */
static void
f_bytes_read(char *b, size_t n, const struct sim *s)
{
	fmt_bytes(b, n, sim_stats(s)->pages_copied * SIM_PAGE_SIZE);
}

/* {mode}: the plugging mode in force. */
static void
f_mode(char *b, size_t n, const struct sim *s)
{
	snprintf(b, n, "%s", mode_name((enum view_mode)sim_mode(s)));
}

/* {bs}: the read() size. */
static void
f_bs(char *b, size_t n, const struct sim *s)
{
	fmt_bytes(b, n, sim_config(s)->read_pages * SIM_PAGE_SIZE);
}

/* {ra}: the readahead maximum. */
static void
f_ra(char *b, size_t n, const struct sim *s)
{
	fmt_bytes(b, n, sim_config(s)->ra_pages * SIM_PAGE_SIZE);
}

/* {file_size}: the file size. */
static void
f_file_size(char *b, size_t n, const struct sim *s)
{
	fmt_bytes(b, n, sim_config(s)->file_pages * SIM_PAGE_SIZE);
}

/* {device}: the device preset's name. */
static void
f_device(char *b, size_t n, const struct sim *s)
{
	snprintf(b, n, "%s", sim_config(s)->device.name);
}

/* {bandwidth}: the device's streaming bandwidth. */
static void
f_bandwidth(char *b, size_t n, const struct sim *s)
{
	char	r[32];

	snprintf(b, n, "%s MB/s", fmt_ratio(r, sizeof r,
	    sim_config(s)->device.bandwidth, 1000000, 0));
}

/* {latency}: the device's access latency. */
static void
f_latency(char *b, size_t n, const struct sim *s)
{
	fmt_time(b, n, sim_config(s)->device.latency_ns);
}

/* {idle_penalty}: the device's idle-exit penalty (or none). */
static void
f_idle_penalty(char *b, size_t n, const struct sim *s)
{
	const struct sim_device	*d = &sim_config(s)->device;

	if (d->idle_penalty_ns == 0)
		snprintf(b, n, "none");
	else
		fmt_time(b, n, d->idle_penalty_ns);
}

/* {idle_threshold}: the idle time after which it is paid. */
static void
f_idle_threshold(char *b, size_t n, const struct sim *s)
{
	fmt_time(b, n, sim_config(s)->device.idle_thresh_ns);
}

/* {qd}: the device's queue depth. */
static void
f_qd(char *b, size_t n, const struct sim *s)
{
	fig_count(b, n, sim_config(s)->device.qd);
}

/* The readahead window now, as the narration writes it: "[64,96)". */
static void
f_window(char *b, size_t n, const struct sim *s)
{
	const struct sim_ra	*ra = sim_ra(s);

	snprintf(b, n, "[%llu,%llu)", (unsigned long long)ra->start,
	    (unsigned long long)(ra->start + ra->size));
}

/* {marker}: the PG_readahead page of that window (or none). */
static void
f_marker(char *b, size_t n, const struct sim *s)
{
	const struct sim_ra	*ra = sim_ra(s);

	if (ra->marker == SIM_NONE)
		snprintf(b, n, "none");
	else
		fig_count(b, n, ra->marker);
}

/* {page}: the next page the reader looks at. */
static void
f_page(char *b, size_t n, const struct sim *s)
{
	fig_count(b, n, sim_reader(s)->pos);
}

/* The vocabulary, in the order the documentation lists it. */
static const struct figure figs[] = {
	{ "throughput", "MB/s read so far (10^6 bytes a second)",
	    "throughput_mb_s", f_throughput, 11 },
	{ "requests", "requests dispatched", "requests", f_requests, 7 },
	{ "avg_request", "the average dispatched request, KiB",
	    "avg_request_kib", f_avg_request, 9 },
	{ "common_request", "the most frequent dispatched size, KiB",
	    "common_request_kib", f_common_request, 8 },
	{ "max_request", "the largest dispatched request, KiB",
	    "max_request_kib", f_max_request, 8 },
	{ "reads", "read() calls completed", "reads", f_reads, 7 },
	{ "reader_stall", "share of the time the reader slept in lock_page",
	    "reader_stall_pct", f_reader_stall, 6 },
	{ "device_busy", "share of the time a command was being served",
	    "device_busy_pct", f_device_busy, 6 },
	{ "device_wakeup", "share of the time the device spent waking up",
	    "device_wakeup_pct", f_device_wakeup, 6 },
	{ "device_idle", "share of the time nothing was outstanding",
	    "device_idle_pct", f_device_idle, 6 },
	{ "idle_penalties", "idle-exit penalties paid", "idle_penalties",
	    f_idle_penalties, 7 },
	{ "flushes", "plug flushes", "flushes", f_flushes, 7 },
	{ "sim_time", "simulated time so far", "sim_time_ns", f_sim_time, 8 },
	{ "bytes_read", "bytes copied to the reader", "bytes_read",
	    f_bytes_read, 8 },
	{ "mode", "the plugging mode in force", "mode", f_mode, 6 },
	{ "window", "the readahead window now, [first,end) in pages", NULL,
	    f_window, 15 },
	{ "marker", "the PG_readahead page of that window (or none)", NULL,
	    f_marker, 6 },
	{ "page", "the next page the reader looks at", NULL, f_page, 6 },
	{ "bs", "the read() size", "read_size", f_bs, 8 },
	{ "ra", "the readahead maximum", "ra_size", f_ra, 8 },
	{ "file_size", "the file size", "file_size", f_file_size, 8 },
	{ "device", "the device preset's name", "device", f_device, 6 },
	{ "bandwidth", "the device's streaming bandwidth", NULL, f_bandwidth, 9 },
	{ "latency", "the device's access latency", NULL, f_latency, 8 },
	{ "qd", "the device's queue depth", NULL, f_qd, 4 },
	{ "idle_penalty", "the device's idle-exit penalty (or none)", NULL,
	    f_idle_penalty, 8 },
	{ "idle_threshold", "the idle time after which it is paid", NULL,
	    f_idle_threshold, 8 },
};
#define NFIGS	(sizeof figs / sizeof figs[0])

/* Size of the vocabulary. */
size_t
figure_count(void)
{
	return (NFIGS);
}

/* Name of figure i. */
const char *
figure_name(size_t i)
{
	return (i < NFIGS ? figs[i].name : NULL);
}

/* Meaning of figure i. */
const char *
figure_meaning(size_t i)
{
	return (i < NFIGS ? figs[i].meaning : NULL);
}

/* Summary key of figure i. */
const char *
figure_summary_key(size_t i)
{
	return (i < NFIGS ? figs[i].key : NULL);
}

/* The figure named by n bytes at s, or NFIGS. */
static size_t
fig_find(const char *s, size_t n)
{
	size_t	i;

	for (i = 0; i < NFIGS; i++)
		if (strlen(figs[i].name) == n && memcmp(figs[i].name, s,
		    n) == 0)
			return (i);
	return (NFIGS);
}

/* Width of a template, placeholders at their widest. */
size_t
figure_width(const char *t)
{
	struct ph	ph;
	char		why[512];
	size_t		i = 0, n = 0, off, len = strlen(t);
	uint32_t	cp;
	unsigned	w;

	while (t[i] != '\0') {
		if ((t[i] == '{' && t[i + 1] == '{') ||
		    (t[i] == '}' && t[i + 1] == '}')) {
			n++;
			i += 2;
		} else if (t[i] == '{' && fig_parse(t, i, &ph, &off, why,
		    sizeof why) == 0) {
			n += figs[ph.fig].width;
			i = ph.end;
		} else {
			i += utf8_next(t + i, len - i, &cp, &w);
			n += w;
		}
	}
	return (n);
}

/* Value of a named figure. */
int
figure_value(char *out, size_t len, const char *name, const struct sim *s)
{
	size_t	i = fig_find(name, strlen(name));

	if (i == NFIGS)
		return (-1);
	figs[i].fn(out, len, s);
	return (0);
}

/* The list of names, ", "-separated, into b. */
static void
fig_names(char *b, size_t n)
{
	size_t	i, o = 0;

	b[0] = '\0';
	for (i = 0; i < NFIGS && o < n; i++)
		o += (size_t)snprintf(b + o, n - o, "%s%s", i ? ", " : "",
		    figs[i].name);
}

/* Is c a character of a figure name or option word? */
static int
word_char(char c)
{
	return ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.');
}

/*
 * The configuration of an alternative run: base then the options of ph,
 * through opts.c.  0, or -1 with why set.
 */
static int
fig_alt_config(const char *t, const struct ph *ph, char *const *base,
    size_t nbase, struct sim_config *cfg, char *why, size_t whylen)
{
	struct opts	 o;
	char		**argv, *a[FIGURE_OPTS_MAX];
	size_t		 i, k;
	int		 rc = 0;

	argv = xcalloc(nbase + ph->nopt + 2, sizeof *argv);
	memset(a, 0, sizeof a);
	argv[0] = prog;
	for (i = 0; i < nbase; i++)
		argv[1 + i] = base[i];
	for (k = 0; k < ph->nopt; k++) {
		a[k] = xmalloc(ph->olen[k] + 3);
		snprintf(a[k], ph->olen[k] + 3, "--%.*s", (int)ph->olen[k],
		    t + ph->opt[k]);
		argv[1 + nbase + k] = a[k];
	}
	if (opts_parse(&o, (int)(1 + nbase + ph->nopt), argv) != 0) {
		snprintf(why, whylen, "this alternative run: %s", o.err);
		rc = -1;
	} else
		*cfg = o.cfg;
	for (k = 0; k < ph->nopt; k++)
		free(a[k]);
	free(argv);
	return (rc);
}

/*
 * Parse the placeholder opening at t[i] == '{' into *ph.  0, or -1 with
 * *off and why set.
 */
static int
fig_parse(const char *t, size_t i, struct ph *ph, size_t *off, char *why,
    size_t whylen)
{
	char		 names[512];
	const char	*eq;
	size_t		 j = i + 1, w;

	memset(ph, 0, sizeof *ph);
	ph->name = j;
	while (word_char(t[j]))
		j++;
	ph->nlen = j - ph->name;
	if (ph->nlen == 0) {
		*off = j;
		snprintf(why, whylen, "expected a figure name after '{' (a "
		    "literal brace is written '{{')");
		return (-1);
	}
	if ((ph->fig = fig_find(t + ph->name, ph->nlen)) == NFIGS) {
		*off = ph->name;
		fig_names(names, sizeof names);
		snprintf(why, whylen, "unknown figure '%.*s': expected one of "
		    "%s", (int)(ph->nlen > FIG_NAME_MAX ? FIG_NAME_MAX :
		    ph->nlen), t + ph->name, names);
		return (-1);
	}
	for (;;) {
		while (t[j] == ' ')
			j++;
		if (t[j] == '}')
			break;
		if (!word_char(t[j])) {
			*off = j;
			snprintf(why, whylen, "expected OPTION=VALUE or '}' in "
			    "the placeholder {%.*s ...}", (int)ph->nlen,
			    t + ph->name);
			return (-1);
		}
		w = j;
		while (t[j] != '\0' && t[j] != ' ' && t[j] != '}' &&
		    t[j] != '{')
			j++;
		/* OPTION is a name of the scenario table, as on a set line. */
		eq = memchr(t + w, '=', j - w);
		if (eq == NULL || eq + 1 == t + j ||
		    scenario_find(t + w, (size_t)(eq - (t + w))) == NULL) {
			*off = w;
			scenario_names(names, sizeof names);
			snprintf(why, whylen, "expected OPTION=VALUE with a "
			    "scenario option as a 'set' line names it (%s), "
			    "like mode=fixed or device=sata2", names);
			return (-1);
		}
		if (ph->nopt == FIGURE_OPTS_MAX) {
			*off = w;
			snprintf(why, whylen, "at most %d options in a "
			    "placeholder", FIGURE_OPTS_MAX);
			return (-1);
		}
		if (j - w > FIG_ARG_MAX) {
			*off = w;
			snprintf(why, whylen, "option too long");
			return (-1);
		}
		ph->opt[ph->nopt] = w;
		ph->olen[ph->nopt] = j - w;
		ph->nopt++;
	}
	ph->end = j + 1;
	return (0);
}

/* Check a template. */
int
figure_check(const char *t, char *const *base, size_t nbase, size_t *off,
    char *why, size_t whylen)
{
	struct sim_config	cfg;
	struct ph		ph;
	size_t			i = 0;

	while (t[i] != '\0') {
		if (t[i] == '{' && t[i + 1] == '{') {
			i += 2;
			continue;
		}
		if (t[i] == '}' && t[i + 1] == '}') {
			i += 2;
			continue;
		}
		if (t[i] == '}') {
			*off = i;
			snprintf(why, whylen, "a lone '}': a literal brace is "
			    "written '}}'");
			return (-1);
		}
		if (t[i] != '{') {
			i++;
			continue;
		}
		if (fig_parse(t, i, &ph, off, why, whylen) != 0)
			return (-1);
		if (t[ph.end - 1] != '}') {
			*off = i;
			snprintf(why, whylen, "expected a closing '}' for the "
			    "placeholder opened here");
			return (-1);
		}
		if (ph.nopt > 0 && fig_alt_config(t, &ph, base, nbase, &cfg,
		    why, whylen) != 0) {
			*off = ph.opt[0];
			return (-1);
		}
		i = ph.end;
	}
	return (0);
}

/* Append the n bytes at s to out (o bytes used of len), cut if full. */
static void
put(char *out, size_t len, size_t *o, const char *s, size_t n)
{
	if (*o + 1 >= len)
		return;
	if (n > len - 1 - *o)
		n = len - 1 - *o;
	memcpy(out + *o, s, n);
	*o += n;
	out[*o] = '\0';
}

/*
 * The figure of ph for an alternative whole run, run through p (NULL: no
 * hook) within max_slices slices (0: no bound; *over set past it).  0,
 * -1 (an invalid configuration, or the engine could not run it) or -2
 * (the hook stopped it).
 */
static int
fig_alt(char *b, size_t n, const char *t, const struct ph *ph,
    char *const *base, size_t nbase, struct timeline_poll *p,
    uint64_t max_slices, int *over)
{
	struct sim_config	 cfg;
	struct sim		*s;
	char			 why[256];
	int			 rc;

	if (fig_alt_config(t, ph, base, nbase, &cfg, why, sizeof why) != 0)
		return (-1);
	if ((s = sim_new(&cfg)) == NULL)
		return (-1);
	if ((rc = quiet_sim(s, 0, p, max_slices, over)) != 0) {
		sim_free(s);
		return (rc);
	}
	figs[ph->fig].fn(b, n, s);
	sim_free(s);
	return (0);
}

/* Run every alternative run of t within the bound; see figure.h. */
int
figure_try(const char *t, char *const *base, size_t nbase, size_t *off,
    char *why, size_t whylen)
{
	struct ph	ph;
	char		v[128], lim[200];
	size_t		i = 0;
	uint64_t	max = bounds_get(BOUND_FIGURE_WORK) / QUIET_SLICE;
	int		over;

	while (t[i] != '\0') {
		if (t[i] != '{' || t[i + 1] == '{' || fig_parse(t, i, &ph, off,
		    why, whylen) != 0 || t[ph.end - 1] != '}') {
			i += t[i] == '{' && t[i + 1] == '{' ? 2 : 1;
			continue;
		}
		if (ph.nopt > 0) {
			if (fig_alt(v, sizeof v, t, &ph, base, nbase, NULL,
			    max > 0 ? max : 1, &over) != 0) {
				*off = i;
				snprintf(why, whylen, "this alternative run "
				    "cannot be run");
				return (-1);
			}
			if (over) {
				*off = i;
				snprintf(why, whylen, "this alternative run "
				    "would hold the replay (it does not "
				    "repeat): %s", bounds_say(lim, sizeof lim,
				    BOUND_FIGURE_WORK));
				return (-1);
			}
		}
		i = ph.end;
	}
	return (0);
}

/* A hook that stops at once (the rest of a template whose run stopped). */
static int
stop_cb(void *arg, uint64_t done, uint64_t total)
{
	(void)arg;
	(void)done;
	(void)total;
	return (1);
}

/* Fill a template. */
int
figure_fill(char *out, size_t len, const char *t, const struct sim *s,
    char *const *base, size_t nbase, struct timeline_poll *p)
{
	struct timeline_poll	 stopped = { stop_cb, NULL, 0, 0, NULL };
	struct ph		 ph;
	char			 v[128], why[512];
	size_t			 i = 0, o = 0, off;
	int			 rc = 0, r;

	out[0] = '\0';
	while (t[i] != '\0') {
		if ((t[i] == '{' && t[i + 1] == '{') ||
		    (t[i] == '}' && t[i + 1] == '}')) {
			put(out, len, &o, t + i, 1);
			i += 2;
			continue;
		}
		if (t[i] != '{' || fig_parse(t, i, &ph, &off, why,
		    sizeof why) != 0 || t[ph.end - 1] != '}') {
			rc = rc || t[i] == '{' || t[i] == '}' ? -1 : 0;
			put(out, len, &o, t + i, 1);
			i++;
			continue;
		}
		if (ph.nopt == 0)
			figs[ph.fig].fn(v, sizeof v, s);
		else if ((r = fig_alt(v, sizeof v, t, &ph, base, nbase, p, 0,
		    NULL)) != 0) {
			/* Stopped: the rest is not run either. */
			rc = r == -2 || rc == -2 ? -2 : -1;
			put(out, len, &o, t + i, ph.end - i);
			i = ph.end;
			if (rc == -2)
				p = &stopped;
			continue;
		}
		put(out, len, &o, v, strlen(v));
		i = ph.end;
	}
	return (rc);
}
