/*
 * scenario.c - the scenario table and the four things done with it:
 * parse a value into its field, compare and copy fields, write a value
 * back as the command line spells it, and list the options for --help.
 *
 * The writer picks the largest unit that divides a value exactly ("1M",
 * "3ms", "270M"), and every unit it writes is one the parser reads, so a
 * formatted value parses back to the same field.  Values echoed in
 * messages are escaped (fmt_escape()).
 */
#include "config.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "fmt.h"
#include "mode.h"
#include "parse.h"
#include "scenario.h"

#define F(field)	offsetof(struct sim_config, field), \
			sizeof(((struct sim_config *)0)->field)
#define NOLIM		0, UINT64_MAX

const struct scenario_opt scenario_opts[] = {
	{ "mode", SCENARIO_MODE, F(mode), NOLIM, SCENARIO_ALWAYS,
	    MODE_NAMES_BAR, "plugging: 2.6.39-3.2 outer plug "
	    "(default),\nthe 2012 patch, 2.6.38 per-queue plugging,\n"
	    "Linux 6.x (folios, blk-mq; docs/model.md),\nor the what-if: "
	    "6.x with 2.6.39's outer plug" },
	{ "bs", SCENARIO_PAGES, F(read_pages), 1, UINT64_MAX,
	    SCENARIO_ALWAYS | SCENARIO_SHOWDEF, "SIZE", "read() size" },
	{ "ra", SCENARIO_PAGES, F(ra_pages), 1, UINT64_MAX,
	    SCENARIO_ALWAYS | SCENARIO_SHOWDEF, "SIZE", "readahead maximum" },
	{ "file-size", SCENARIO_PAGES, F(file_pages), 1, UINT64_MAX,
	    SCENARIO_ALWAYS | SCENARIO_SHOWDEF, "SIZE", "file size" },
	{ "source", SCENARIO_SOURCE, F(source), NOLIM, SCENARIO_ALWAYS,
	    "raw|file", "block device (bio per page) or ext4 file" },
	{ "device", SCENARIO_DEVICE, F(device), NOLIM, 0, "PROFILE",
	    "report (default), sata2, sata3, hdd, nvme" },
	{ "bandwidth", SCENARIO_RATE, F(device.bandwidth), NOLIM, SCENARIO_DEV,
	    "RATE", "B, the link (270, 3GB/s, 6Gb/s)" },
	{ "latency", SCENARIO_DURATION, F(device.latency_ns), NOLIM,
	    SCENARIO_DEV, "TIME", "L, per command (60us)" },
	{ "qd", SCENARIO_COUNT, F(device.qd), 1, 65536, SCENARIO_DEV, "N",
	    "queue depth" },
	{ "discipline", SCENARIO_DISC, F(device.disc), NOLIM, SCENARIO_DEV,
	    "fifo|rr", "link: whole commands or 512-byte turns" },
	{ "idle-penalty", SCENARIO_DURATION, F(device.idle_penalty_ns), NOLIM,
	    SCENARIO_DEV, "TIME", "P, the link wakes when it was idle..." },
	{ "idle-threshold", SCENARIO_DURATION, F(device.idle_thresh_ns), NOLIM,
	    SCENARIO_DEV, "TIME", "...for at least this long" },
	{ "cpu-copy", SCENARIO_DURATION, F(cpu.copy_ns), NOLIM,
	    SCENARIO_SHOWDEF, "TIME", "host CPU per page copied" },
	{ "cpu-submit", SCENARIO_DURATION, F(cpu.submit_ns), NOLIM, 0, "TIME",
	    "host CPU per folio submitted (default 2us;\n1us with "
	    "--source=file)" },
	{ "cpu-syscall", SCENARIO_DURATION, F(cpu.syscall_ns), NOLIM,
	    SCENARIO_SHOWDEF, "TIME", "host CPU per read() call" },
	{ "cpu-wake", SCENARIO_DURATION, F(cpu.wake_ns), NOLIM,
	    SCENARIO_SHOWDEF, "TIME", "host CPU per wake-up" },
	{ "max-request", SCENARIO_PAGES, F(max_req_pages), 1, 65536,
	    SCENARIO_SHOWDEF, "SIZE", "request limit; modern: max_sectors" },
	{ "max-segments", SCENARIO_COUNT, F(max_segments), 1, 65536,
	    SCENARIO_SHOWDEF, "N", "modern: segments in a request" },
	{ "folio-order", SCENARIO_COUNT, F(folio_order), 0, 16,
	    SCENARIO_SHOWDEF, "N", "modern: largest folio order, 2^N pages" },
	{ "scheduler", SCENARIO_SCHED, F(sched), NOLIM, 0, "none|mq-deadline",
	    "modern: the queue's I/O scheduler (none)" },
	{ "plug-limit", SCENARIO_COUNT, F(plug_limit), 1, 1000000,
	    SCENARIO_SHOWDEF, "N", "3.1+: flush a plug at N (modern: 32)" },
	{ "unplug-thresh", SCENARIO_COUNT, F(unplug_thresh), 1, 1000000,
	    SCENARIO_SHOWDEF, "N", "legacy: unplug at N queued requests" },
	{ "unplug-delay", SCENARIO_DURATION, F(unplug_delay_ns), NOLIM,
	    SCENARIO_SHOWDEF, "TIME", "legacy: unplug after this long" },
};
const size_t scenario_nopts = sizeof scenario_opts / sizeof scenario_opts[0];

/* A unit the command line reads, and what it is worth. */
struct unit {
	uint64_t	 mul;
	const char	*suffix;
};

/* Sizes: "1T", "64G", "1M", "128k", "4096" (powers of 1024). */
static const struct unit size_units[] = {
	{ UINT64_C(1) << 40, "T" }, { 1u << 30, "G" }, { 1u << 20, "M" },
	{ 1u << 10, "k" }, { 1, "" }
};

/* Durations: "4ms", "8330us", "0". */
static const struct unit time_units[] = {
	{ 1000000000, "s" }, { 1000000, "ms" }, { 1000, "us" }, { 1, "ns" }
};

/* Rates: "270M", "3G", "500k", "12B" (bytes: a lower-case b is bits). */
static const struct unit rate_units[] = {
	{ 1000000000, "G" }, { 1000000, "M" }, { 1000, "k" }, { 1, "B" }
};

/* v in the largest unit of u[] (ending in 1) that divides it exactly. */
static size_t
unit_arg(char *b, size_t n, uint64_t v, const struct unit *u)
{
	size_t	i;
	int	k;

	if (v == 0)
		k = snprintf(b, n, "0");
	else {
		for (i = 0; u[i].mul != 1 && v % u[i].mul != 0; i++)
			;
		k = snprintf(b, n, "%llu%s",
		    (unsigned long long)(v / u[i].mul), u[i].suffix);
	}
	return (k < 0 ? 0 : (size_t)k);
}

/* The numeric field of o in c. */
static uint64_t
get(const struct scenario_opt *o, const struct sim_config *c)
{
	const char	*p = (const char *)c + o->off;
	uint32_t	 v32;
	uint64_t	 v64;

	if (o->size == sizeof v32) {
		memcpy(&v32, p, sizeof v32);
		return (v32);
	}
	memcpy(&v64, p, sizeof v64);
	return (v64);
}

/* Store v in the numeric field of o in c (v fits: the limits say so). */
static void
put(const struct scenario_opt *o, struct sim_config *c, uint64_t v)
{
	char		*p = (char *)c + o->off;
	uint32_t	 v32 = (uint32_t)v;

	if (o->size == sizeof v32)
		memcpy(p, &v32, sizeof v32);
	else
		memcpy(p, &v, sizeof v);
}

/* The option named by name[0 .. len). */
const struct scenario_opt *
scenario_find(const char *name, size_t len)
{
	size_t	i;

	for (i = 0; i < scenario_nopts; i++)
		if (strlen(scenario_opts[i].name) == len &&
		    memcmp(scenario_opts[i].name, name, len) == 0)
			return (&scenario_opts[i]);
	return (NULL);
}

/* Say "'VALUE' <rest>" into why, the value escaped. */
static int
bad_value(char *why, size_t whylen, const char *v, const char *rest)
{
	char	esc[120];

	snprintf(why, whylen, "'%s' %s", fmt_escape_str(esc, sizeof esc, v),
	    rest);
	return (-1);
}

/* Say "'VALUE': msg" into why, the value escaped. */
static int
bad(char *why, size_t whylen, const char *v, const char *msg)
{
	char	esc[120];

	snprintf(why, whylen, "'%s': %s", fmt_escape_str(esc, sizeof esc, v),
	    msg);
	return (-1);
}

/* Parse a value into its field. */
int
scenario_parse(const struct scenario_opt *o, const char *v,
    struct sim_config *c, char *why, size_t whylen)
{
	const struct sim_device	*dev;
	const char		*msg;
	char			 lim[64];
	uint64_t		 n;
	enum view_mode		 vm;

	switch (o->type) {
	case SCENARIO_MODE:
		if (mode_parse(v, &vm) != 0)
			return (bad_value(why, whylen, v,
			    "is not " MODE_NAMES_OR));
		c->mode = (enum sim_mode)vm;
		return (0);
	case SCENARIO_SCHED:
		if (sim_sched_parse(v, &c->sched) != 0)
			return (bad_value(why, whylen, v,
			    "is not none or mq-deadline"));
		return (0);
	case SCENARIO_SOURCE:
		if (strcmp(v, "raw") == 0)
			c->source = SIM_SOURCE_RAW;
		else if (strcmp(v, "file") == 0)
			c->source = SIM_SOURCE_FILE;
		else
			return (bad_value(why, whylen, v, "is not raw or file"));
		return (0);
	case SCENARIO_DEVICE:
		if ((dev = sim_preset_find(v)) == NULL) {
			char	esc[120];

			snprintf(why, whylen, "unknown profile '%s' (try "
			    "--list-devices)", fmt_escape_str(esc, sizeof esc,
			    v));
			return (-1);
		}
		c->device = *dev;
		return (0);
	case SCENARIO_DISC:
		if (strcmp(v, "fifo") == 0)
			c->device.disc = SIM_DISC_FIFO;
		else if (strcmp(v, "rr") == 0)
			c->device.disc = SIM_DISC_RR;
		else if (strcmp(v, "ps") == 0)
			return (bad_value(why, whylen, v, "was retired (processor "
			    "sharing never repeats and let a later request "
			    "overtake a waking one): use rr, 512-byte turns"));
		else
			return (bad_value(why, whylen, v, "is not fifo or rr"));
		return (0);
	case SCENARIO_PAGES:
		if (parse_size(v, &n, &msg) != 0)
			return (bad(why, whylen, v, msg));
		if (n == 0)
			return (bad(why, whylen, v, "must be greater than zero"));
		if (n % SIM_PAGE_SIZE != 0)
			return (bad(why, whylen, v,
			    "must be a multiple of the 4 KiB page size"));
		n /= SIM_PAGE_SIZE;
		if (n > o->max) {
			memcpy(lim, "at most ", 8);
			unit_arg(lim + 8, sizeof lim - 8,
			    o->max * SIM_PAGE_SIZE, size_units);
			return (bad(why, whylen, v, lim));
		}
		break;
	case SCENARIO_DURATION:
		if (parse_duration(v, &n, &msg) != 0)
			return (bad(why, whylen, v, msg));
		break;
	case SCENARIO_RATE:
		if (parse_rate(v, &n, &msg) != 0)
			return (bad(why, whylen, v, msg));
		break;
	case SCENARIO_COUNT:
		if (parse_uint(v, o->min, o->max, &n, &msg) != 0) {
			snprintf(lim, sizeof lim, "%s (%llu to %llu)", msg,
			    (unsigned long long)o->min,
			    (unsigned long long)o->max);
			return (bad(why, whylen, v, lim));
		}
		break;
	default:
		return (bad(why, whylen, v, "internal: unknown option type"));
	}
	put(o, c, n);
	return (0);
}

/* Copy a field. */
void
scenario_copy(const struct scenario_opt *o, struct sim_config *dst,
    const struct sim_config *src)
{
	memcpy((char *)dst + o->off, (const char *)src + o->off, o->size);
}

/* Compare a field (a device by name and every field). */
int
scenario_equal(const struct scenario_opt *o, const struct sim_config *a,
    const struct sim_config *b)
{
	const struct sim_device	*x = &a->device, *y = &b->device;

	switch (o->type) {
	case SCENARIO_MODE:
		return (a->mode == b->mode);
	case SCENARIO_SOURCE:
		return (a->source == b->source);
	case SCENARIO_DISC:
		return (x->disc == y->disc);
	case SCENARIO_SCHED:
		return (a->sched == b->sched);
	case SCENARIO_DEVICE:
		return (strcmp(x->name, y->name) == 0 &&
		    x->bandwidth == y->bandwidth &&
		    x->latency_ns == y->latency_ns && x->qd == y->qd &&
		    x->disc == y->disc &&
		    x->idle_penalty_ns == y->idle_penalty_ns &&
		    x->idle_thresh_ns == y->idle_thresh_ns);
	default:
		return (get(o, a) == get(o, b));
	}
}

/* A value as the command line writes it. */
size_t
scenario_format(const struct scenario_opt *o, const struct sim_config *c,
    char *buf, size_t len)
{
	const char	*s;
	int		 k;

	switch (o->type) {
	case SCENARIO_MODE:
		s = mode_name((enum view_mode)c->mode);
		break;
	case SCENARIO_SOURCE:
		s = sim_source_name(c->source);
		break;
	case SCENARIO_DEVICE:
		s = c->device.name;
		break;
	case SCENARIO_DISC:
		s = sim_disc_name(c->device.disc);
		break;
	case SCENARIO_SCHED:
		s = sim_sched_name(c->sched);
		break;
	case SCENARIO_PAGES:
		return (unit_arg(buf, len, get(o, c) * SIM_PAGE_SIZE,
		    size_units));
	case SCENARIO_DURATION:
		return (unit_arg(buf, len, get(o, c), time_units));
	case SCENARIO_RATE:
		return (unit_arg(buf, len, get(o, c), rate_units));
	default:
		k = snprintf(buf, len, "%llu", (unsigned long long)get(o, c));
		return (k < 0 ? 0 : (size_t)k);
	}
	k = snprintf(buf, len, "%s", s);
	return (k < 0 ? 0 : (size_t)k);
}

/* The --help lines. */
size_t
scenario_usage(char *buf, size_t len)
{
	const struct scenario_opt	*o;
	struct sim_config		 def;
	char				 v[64], tail[80];
	size_t				 off = 0, i;

	sim_config_default(&def);
	if (len > 0)
		buf[0] = '\0';
	for (i = 0; i < scenario_nopts; i++) {
		o = &scenario_opts[i];
		tail[0] = '\0';
		if (o->flags & SCENARIO_SHOWDEF) {
			scenario_format(o, &def, v, sizeof v);
			snprintf(tail, sizeof tail, " (default %s)", v);
		}
		fmt_option(buf, len, &off, o->name, '=', o->arg, o->help,
		    tail);
	}
	return (off);
}

/* The option names, comma-separated. */
size_t
scenario_names(char *buf, size_t len)
{
	size_t	off = 0, i;

	if (len > 0)
		buf[0] = '\0';
	for (i = 0; i < scenario_nopts; i++)
		fmt_append(buf, len, &off, "%s%s", i > 0 ? ", " : "",
		    scenario_opts[i].name);
	return (off);
}
