/*
 * import.c - parsers for real block traces, and the headless run of one.
 *
 * Two line grammars cover the four formats.  Tracepoint lines (ftrace's
 * trace and trace_pipe, trace-cmd report, perf script) all read
 * "TASK PID [CPU] [FLAGS] SECONDS: EVENT: PAYLOAD", where the task and pid
 * are "comm-pid" or "comm pid" and the payload is the kernel's TP_printk
 * text: "MAJ,MIN RWBS ... SECTOR + COUNT ... [comm]".  blkparse lines read
 * "MAJ,MIN CPU SEQ SECONDS PID ACTION RWBS ...", followed at the end by
 * its summary blocks.  The payload is read by landmarks (the "+" between
 * sector and count, the last bracket) rather than by field position, so
 * the extra fields newer kernels print (bytes, command, ioprio) do not
 * matter and a comm may contain brackets.  Lines of other tracepoints and
 * headers are skipped; a line that fits no grammar is an error naming
 * the file and line.  Everything is parsed before anything is used.
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "export.h"
#include "fmt.h"
#include "import.h"
#include "opts.h"

#define IMPORT_MAX_BYTES	(512u << 20)	/* refuse larger files */
#define TOK_MAX			48

/* A line split into whitespace-separated tokens. */
struct toks {
	const char	*s[TOK_MAX];
	size_t		 n[TOK_MAX];
	size_t		 count;
};

/* The parser's state over one file. */
struct ps {
	struct import	*im;
	const char	*name;
	uint32_t	 line;
	size_t		 cap;
	int		 blkparse;	/* the format decided for the file */
	int		 in_summary;	/* blkparse: past the event lines */
	size_t		 after;		/* token of the count sectors() read */
	int		 unplug_unknown; /* U may be either kind (a message) */
};

/* Split a line into tokens (at most TOK_MAX; the rest joins the last). */
static void
split(const char *p, size_t len, struct toks *t)
{
	const char	*e = p + len;

	t->count = 0;
	while (p < e) {
		while (p < e && (*p == ' ' || *p == '\t'))
			p++;
		if (p == e)
			break;
		t->s[t->count] = p;
		while (p < e && *p != ' ' && *p != '\t')
			p++;
		t->n[t->count] = (size_t)(p - t->s[t->count]);
		if (++t->count == TOK_MAX)
			break;
	}
}

/* A whole token as an unsigned number. */
static int
tok_u64(const char *s, size_t n, uint64_t *v)
{
	size_t	i;

	if (n == 0 || n > 20)
		return (-1);
	*v = 0;
	for (i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return (-1);
		if (*v > (UINT64_MAX - (uint64_t)(s[i] - '0')) / 10)
			return (-1);
		*v = *v * 10 + (uint64_t)(s[i] - '0');
	}
	return (0);
}

/* "SECONDS.FRACTION" (up to 9 digits), optionally ending in ':', as ns. */
static int
tok_time(const char *s, size_t n, uint64_t *ns)
{
	const char	*dot;
	uint64_t	 sec, frac;
	size_t		 fn;

	if (n > 0 && s[n - 1] == ':')
		n--;
	if ((dot = memchr(s, '.', n)) == NULL)
		return (-1);
	fn = n - (size_t)(dot - s) - 1;
	if (fn == 0 || fn > 9 || tok_u64(s, (size_t)(dot - s), &sec) != 0 ||
	    tok_u64(dot + 1, fn, &frac) != 0 || sec > UINT64_MAX / 1000000000u)
		return (-1);
	while (fn++ < 9)
		frac *= 10;
	*ns = sec * 1000000000u + frac;
	return (0);
}

/* "MAJ,MIN" as a device number. */
static int
tok_dev(const char *s, size_t n, uint32_t *dev)
{
	const char	*c = memchr(s, ',', n);
	uint64_t	 ma, mi;

	if (c == NULL || tok_u64(s, (size_t)(c - s), &ma) != 0 ||
	    tok_u64(c + 1, n - (size_t)(c - s) - 1, &mi) != 0 ||
	    ma > 0xfff || mi > 0xfffff)
		return (-1);
	*dev = blk_dev((unsigned)ma, (unsigned)mi);
	return (0);
}

/* Whether token i is exactly the text w. */
static int
tok_is(const struct toks *t, size_t i, const char *w)
{
	return (i < t->count && t->n[i] == strlen(w) &&
	    memcmp(t->s[i], w, t->n[i]) == 0);
}

/* Record an error "name:line: what" and return -1. */
static int
perr(struct ps *ps, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int
perr(struct ps *ps, const char *fmt, ...)
{
	char	esc[200], msg[300];
	va_list	ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	snprintf(ps->im->err, sizeof ps->im->err, "%s:%lu: %s",
	    fmt_escape_str(esc, sizeof esc, ps->name),
	    (unsigned long)ps->line, msg);
	return (-1);
}

/* Append an event; -1 out of memory. */
static int
push(struct ps *ps, struct blk_event *e)
{
	struct import		*im = ps->im;
	struct blk_event	*nv;

	if (im->nev == ps->cap) {
		ps->cap = ps->cap ? ps->cap * 2 : 256;
		if ((nv = realloc(im->ev, ps->cap * sizeof *nv)) == NULL) {
			snprintf(im->err, sizeof im->err, "out of memory");
			return (-1);
		}
		im->ev = nv;
	}
	e->seq = im->nev;
	e->line = ps->line;
	im->ev[im->nev++] = *e;
	return (0);
}

/*
 * A reader marker "raviz read_begin offset=O len=L" (or read_end) in
 * tokens from i on: 1 if found and filled in, 0 if not a marker, -1 bad.
 */
static int
marker(struct ps *ps, const struct toks *t, size_t i, struct blk_event *e)
{
	size_t	k;

	for (; i + 1 < t->count; i++)
		if (tok_is(t, i, "raviz"))
			break;
	if (i + 1 < t->count &&
	    tok_is(t, i + 1, "unplug_kind_unknown")) {
		ps->unplug_unknown = 1;	/* converted from a tracepoint format */
		return (0);
	}
	if (i + 3 >= t->count)
		return (0);
	if (tok_is(t, i + 1, "read_begin"))
		e->act = BLK_READ_BEGIN;
	else if (tok_is(t, i + 1, "read_end"))
		e->act = BLK_READ_END;
	else
		return (0);
	k = i + 2;
	if (t->n[k] < 8 || memcmp(t->s[k], "offset=", 7) != 0 ||
	    tok_u64(t->s[k] + 7, t->n[k] - 7, &e->offset) != 0 ||
	    t->n[k + 1] < 5 || memcmp(t->s[k + 1], "len=", 4) != 0 ||
	    tok_u64(t->s[k + 1] + 4, t->n[k + 1] - 4, &e->len) != 0)
		return (perr(ps, "expected 'raviz %s offset=BYTES len=BYTES'",
		    blk_act_name(e->act)));
	e->dev = BLK_NODEV;
	return (1);
}

/*
 * The sector part of a payload from token i: "SECTOR + COUNT" (or for X
 * "SECTOR / NEW"; for A "... <- (MAJ,MIN) OLD").  Finds the landmark
 * rather than counting fields.
 */
static int
sectors(struct ps *ps, const struct toks *t, size_t i, struct blk_event *e)
{
	uint64_t	v;
	const char	*sep = e->act == BLK_X ? "/" : "+";

	for (; i + 2 < t->count; i++)
		if (tok_is(t, i + 1, sep) &&
		    tok_u64(t->s[i], t->n[i], &e->sector) == 0)
			break;
	if (i + 2 >= t->count || tok_u64(t->s[i + 2], t->n[i + 2], &v) != 0)
		return (perr(ps, "expected 'SECTOR %s %s' after the RWBS "
		    "field", sep, e->act == BLK_X ? "NEWSECTOR" : "COUNT"));
	ps->after = i + 2;
	if (e->act == BLK_X)
		e->sector2 = v;
	else if (v > UINT32_MAX)
		return (perr(ps, "a sector count too large: %llu",
		    (unsigned long long)v));
	else
		e->nsect = (uint32_t)v;
	if (e->act == BLK_A && i + 5 < t->count && tok_is(t, i + 3, "<-"))
		(void)tok_u64(t->s[i + 5], t->n[i + 5], &e->sector2);
	return (0);
}

/* The number in the last "[...]" of a C line: the error code. */
static int
cerror(struct ps *ps, const struct toks *t, struct blk_event *e)
{
	const char	*s = t->s[t->count - 1];
	size_t		 n = t->n[t->count - 1];
	uint64_t	 v;
	int		 neg;

	if (n < 3 || s[0] != '[' || s[n - 1] != ']')
		return (perr(ps, "expected the error code in brackets at the "
		    "end of a completion"));
	neg = s[1] == '-';
	if (tok_u64(s + 1 + neg, n - 2 - (size_t)neg, &v) != 0 || v > 4095)
		return (perr(ps, "expected an error number in the brackets "
		    "of a completion"));
	e->error = neg ? -(int)v : (int)v;
	return (0);
}

/* The count at the end of an unplug line. */
static int
ucount(struct ps *ps, const struct toks *t, struct blk_event *e)
{
	uint64_t	v;

	if (t->count == 0 ||
	    tok_u64(t->s[t->count - 1], t->n[t->count - 1], &v) != 0 ||
	    v > UINT32_MAX)
		return (perr(ps, "expected the number of requests at the end "
		    "of an unplug"));
	e->count = (uint32_t)v;
	return (0);
}

/* Keep at most n - 1 bytes of s (len bytes), printable ASCII only. */
static void
keep(char *out, size_t n, const char *s, size_t len)
{
	size_t	i;

	for (i = 0; i < len && i + 1 < n; i++)
		out[i] = s[i] >= ' ' && s[i] <= '~' ? s[i] : '?';
	out[i] = '\0';
}

/*
 * The comm: from the first '[' at or after from to the last ']' of the
 * line before end (a comm may hold brackets and spaces).
 */
static void
comm(struct blk_event *e, const char *from, const char *end)
{
	const char	*a, *b;

	for (a = from; a < end && *a != '['; a++)
		;
	for (b = end; b > a && b[-1] != ']'; b--)
		;
	if (a < end && b > a + 1)
		keep(e->comm, sizeof e->comm, a + 1, (size_t)(b - a - 2));
}

/* Device and RWBS at tokens i, i + 1. */
static int
dev_rwbs(struct ps *ps, const struct toks *t, size_t i, struct blk_event *e)
{
	if (i + 1 >= t->count || tok_dev(t->s[i], t->n[i], &e->dev) != 0)
		return (perr(ps, "expected MAJOR,MINOR"));
	if (blk_rwbs(t->s[i + 1], t->n[i + 1], &e->read) != 0)
		return (perr(ps, "expected an RWBS field (letters)"));
	keep(e->rwbs, sizeof e->rwbs, t->s[i + 1], t->n[i + 1]);
	return (0);
}

/* The tracepoint names we read, and the action each gives. */
static const struct {
	const char	*name;
	int		 act;		/* enum blk_act, or -1: a marker */
} tps[] = {
	{ "block_bio_queue", BLK_Q }, { "block_getrq", BLK_G },
	{ "block_plug", BLK_P }, { "block_unplug", BLK_U },
	{ "block_rq_insert", BLK_I }, { "block_rq_issue", BLK_D },
	{ "block_rq_complete", BLK_C }, { "block_bio_backmerge", BLK_M },
	{ "block_bio_frontmerge", BLK_F }, { "block_bio_remap", BLK_A },
	{ "block_split", BLK_X }, { "block_rq_requeue", BLK_R },
	{ "tracing_mark_write", -1 },
	{ "print", -1 },
};

/* One tracepoint line (ftrace, trace-cmd, perf). */
static int
tp_line(struct ps *ps, const struct toks *t)
{
	struct blk_event	 e;
	const char		*nm;
	size_t			 i, cpu, ts, ev, nn, k;
	uint64_t		 v;
	int			 r;

	memset(&e, 0, sizeof e);
	e.pid = -1;
	/* The CPU: the first "[digits]" token. */
	for (cpu = 0; cpu < t->count; cpu++)
		if (t->n[cpu] >= 3 && t->s[cpu][0] == '[' &&
		    t->s[cpu][t->n[cpu] - 1] == ']' &&
		    tok_u64(t->s[cpu] + 1, t->n[cpu] - 2, &v) == 0)
			break;
	/* The timestamp: one of the two tokens after it. */
	for (ts = cpu + 1; ts < cpu + 3 && ts < t->count; ts++)
		if (t->s[ts][t->n[ts] - 1] == ':' &&
		    tok_time(t->s[ts], t->n[ts], &e.t_ns) == 0)
			break;
	if (cpu >= t->count || ts >= cpu + 3 || ts >= t->count)
		return (perr(ps, "expected a trace line: TASK-PID [CPU] "
		    "SECONDS: EVENT: ..."));
	/* The event, after an optional period count (perf). */
	ev = ts + 1;
	if (ev < t->count && tok_u64(t->s[ev], t->n[ev], &v) == 0)
		ev++;
	if (ev >= t->count || t->s[ev][t->n[ev] - 1] != ':')
		return (perr(ps, "expected 'EVENT:' after the timestamp"));
	nm = t->s[ev];
	nn = t->n[ev] - 1;
	if (nn > 6 && memcmp(nm, "block:", 6) == 0) {
		nm += 6;
		nn -= 6;
	} else if (nn > 7 && memcmp(nm, "ftrace:", 7) == 0) {
		nm += 7;
		nn -= 7;
	}
	for (k = 0; k < sizeof tps / sizeof tps[0]; k++)
		if (strlen(tps[k].name) == nn && memcmp(tps[k].name, nm, nn) == 0)
			break;
	if (k == sizeof tps / sizeof tps[0])
		return (0);		/* another tracepoint: not ours */
	/* The pid: "comm-pid" (ftrace, trace-cmd) or "comm pid" (perf). */
	if (cpu > 0) {
		const char	*s = t->s[cpu - 1], *d;
		size_t		 n = t->n[cpu - 1];

		if (tok_u64(s, n, &v) == 0 && cpu > 1)
			e.pid = (int)(v & 0x7fffffff);
		else {
			for (d = s + n; d > s && d[-1] != '-'; d--)
				;
			if (d > s && tok_u64(d, (size_t)(s + n - d), &v) == 0)
				e.pid = (int)(v & 0x7fffffff);
		}
	}
	i = ev + 1;
	if (tps[k].act < 0) {
		if ((r = marker(ps, t, i, &e)) <= 0)
			return (r);
		return (push(ps, &e));
	}
	e.act = (enum blk_act)tps[k].act;
	e.dev = BLK_NODEV;
	switch (e.act) {
	case BLK_P:
	case BLK_U:
		if (e.act == BLK_U && ucount(ps, t, &e) != 0)
			return (-1);
		if (i < t->count)
			comm(&e, t->s[i], e.act == BLK_U ?
			    t->s[t->count - 1] : t->s[t->count - 1] +
			    t->n[t->count - 1]);
		break;
	default:
		if (dev_rwbs(ps, t, i, &e) != 0 || sectors(ps, t, i + 2, &e))
			return (-1);
		if (e.act == BLK_C && cerror(ps, t, &e) != 0)
			return (-1);
		if (e.act != BLK_C && e.act != BLK_R)
			comm(&e, t->s[ps->after], t->s[t->count - 1] +
			    t->n[t->count - 1]);
		break;
	}
	return (push(ps, &e));
}

/* Whether tokens look like a blkparse event line. */
static int
is_blkparse(const struct toks *t)
{
	uint32_t	d;
	uint64_t	v;
	enum blk_act	a;
	int		r;

	return (t->count >= 7 && tok_dev(t->s[0], t->n[0], &d) == 0 &&
	    tok_u64(t->s[1], t->n[1], &v) == 0 &&
	    tok_u64(t->s[2], t->n[2], &v) == 0 &&
	    tok_time(t->s[3], t->n[3], &v) == 0 &&
	    tok_u64(t->s[4], t->n[4], &v) == 0 &&
	    (blk_act_parse(t->s[5], t->n[5], &a) == 0 ||
	    (t->n[5] <= 2 && blk_rwbs(t->s[5], t->n[5], &r) == 0)));
}

/* One blkparse line. */
static int
bp_line(struct ps *ps, const struct toks *t)
{
	struct blk_event	e;
	uint64_t		v;
	int			r;

	if (!is_blkparse(t)) {
		if (t->count > 0 && ((t->n[0] > 3 &&
		    memcmp(t->s[0], "CPU", 3) == 0) || tok_is(t, 0, "Total"))) {
			ps->in_summary = 1;	/* the summary blocks */
			return (0);
		}
		return (perr(ps, "expected a blkparse line: MAJ,MIN CPU SEQ "
		    "SECONDS PID ACTION RWBS ..."));
	}
	memset(&e, 0, sizeof e);
	(void)tok_dev(t->s[0], t->n[0], &e.dev);
	(void)tok_time(t->s[3], t->n[3], &e.t_ns);
	(void)tok_u64(t->s[4], t->n[4], &v);
	e.pid = (int)(v & 0x7fffffff);
	if (blk_act_parse(t->s[5], t->n[5], &e.act) != 0) {
		/* m: a message; other actions (S, B, R, ...) are not used. */
		if (!tok_is(t, 5, "m"))
			return (0);
		if ((r = marker(ps, t, 6, &e)) <= 0)
			return (r);
		return (push(ps, &e));
	}
	if (blk_rwbs(t->s[6], t->n[6], &e.read) != 0)
		return (perr(ps, "expected an RWBS field (letters)"));
	keep(e.rwbs, sizeof e.rwbs, t->s[6], t->n[6]);
	switch (e.act) {
	case BLK_P:
	case BLK_U:
	case BLK_UT:
		if (e.act != BLK_P && ucount(ps, t, &e) != 0)
			return (-1);
		comm(&e, t->s[6] + t->n[6], e.act == BLK_P ?
		    t->s[t->count - 1] + t->n[t->count - 1] :
		    t->s[t->count - 1]);
		break;
	default:
		if (sectors(ps, t, 7, &e) != 0)
			return (-1);
		if (e.act == BLK_C && cerror(ps, t, &e) != 0)
			return (-1);
		if (e.act != BLK_C && e.act != BLK_A && e.act != BLK_R)
			comm(&e, t->s[ps->after] + t->n[ps->after],
			    t->s[t->count - 1] + t->n[t->count - 1]);
		break;
	}
	return (push(ps, &e));
}

/* Whether s (n bytes) contains the text w. */
static int
has(const char *s, size_t n, const char *w)
{
	size_t	wn = strlen(w), i;

	for (i = 0; i + wn <= n; i++)
		if (memcmp(s + i, w, wn) == 0)
			return (1);
	return (0);
}

/* Decide the format from the first lines that say something. */
static const char *
detect(const char *buf, size_t len, int *blkparse)
{
	struct toks	 t;
	const char	*p = buf, *e = buf + len, *nl;
	int		 seen = 0;

	*blkparse = 0;
	while (p < e && seen < 64) {
		nl = memchr(p, '\n', (size_t)(e - p));
		nl = nl ? nl : e;
		split(p, (size_t)(nl - p), &t);
		if (t.count > 0 && t.s[0][0] == '#') {
			if (tok_is(&t, 1, "tracer:"))
				return ("ftrace");
		} else if (t.count > 0) {
			seen++;
			if (tok_is(&t, 0, "version") || (t.n[0] > 5 &&
			    memcmp(t.s[0], "cpus=", 5) == 0))
				return ("trace-cmd");
			if (is_blkparse(&t)) {
				*blkparse = 1;
				return ("blkparse");
			}
			if (has(p, (size_t)(nl - p), " block:block_"))
				return ("perf");
			if (has(p, (size_t)(nl - p), ": block_"))
				return ("ftrace");
		}
		p = nl + 1;
	}
	return (NULL);
}

/* Data read per device, to pick one. */
struct devsum {
	uint32_t	dev;
	uint64_t	sect, n;
};

/* Keep the events of one device (and the tasks' plugs and markers). */
static int
pick(struct import *im, const char *name, uint32_t dev)
{
	struct devsum	 d[16];
	char		 esc[200], list[120];
	size_t		 nd = 0, i, j, o;
	int		*pids = NULL;
	size_t		 npids = 0;

	for (i = 0; i < im->nev; i++) {
		if (im->ev[i].dev == BLK_NODEV)
			continue;
		for (j = 0; j < nd && d[j].dev != im->ev[i].dev; j++)
			;
		if (j == nd) {
			if (nd == 16)
				continue;
			d[nd++] = (struct devsum){ im->ev[i].dev, 0, 0 };
		}
		d[j].n++;
		if (im->ev[i].act == BLK_D && im->ev[i].read)
			d[j].sect += im->ev[i].nsect;
	}
	fmt_escape_str(esc, sizeof esc, name);
	if (nd == 0) {
		snprintf(im->err, sizeof im->err, "%s: no block events with a "
		    "device (expected block_* tracepoints or blkparse lines)",
		    esc);
		return (-1);
	}
	for (i = 0, o = 0, list[0] = '\0'; i < nd && o < sizeof list - 16; i++)
		o += (size_t)snprintf(list + o, sizeof list - o, "%s%u,%u",
		    i ? " " : "", blk_dev_major(d[i].dev),
		    blk_dev_minor(d[i].dev));
	if (dev == BLK_NODEV) {
		for (i = 1, j = 0; i < nd; i++)
			if (d[i].sect > d[j].sect ||
			    (d[i].sect == d[j].sect && d[i].n > d[j].n))
				j = i;
		dev = d[j].dev;
		im->dev_chosen = 1;
		snprintf(im->note, sizeof im->note, "%s: device %u,%u (the most "
		    "data read; devices in the trace: %s; --import-dev picks "
		    "another)", esc, blk_dev_major(dev), blk_dev_minor(dev),
		    list);
	} else {
		for (j = 0; j < nd && d[j].dev != dev; j++)
			;
		if (j == nd) {
			snprintf(im->err, sizeof im->err, "%s: no events for "
			    "device %u,%u (devices in the trace: %s)", esc,
			    blk_dev_major(dev), blk_dev_minor(dev), list);
			return (-1);
		}
	}
	im->dev = dev;
	/* Tasks that queued on the device own the device-less plugs. */
	for (i = 0; i < im->nev; i++) {
		if (im->ev[i].dev != dev || im->ev[i].pid < 0 ||
		    im->ev[i].act != BLK_Q)
			continue;
		for (j = 0; j < npids && pids[j] != im->ev[i].pid; j++)
			;
		if (j == npids) {
			int	*np = realloc(pids, (npids + 1) * sizeof *np);

			if (np == NULL) {
				free(pids);
				snprintf(im->err, sizeof im->err,
				    "out of memory");
				return (-1);
			}
			pids = np;
			pids[npids++] = im->ev[i].pid;
		}
	}
	for (i = 0, o = 0; i < im->nev; i++) {
		const struct blk_event	*e = &im->ev[i];
		int			 keep = e->dev == dev;

		if (e->dev == BLK_NODEV) {
			keep = e->act >= BLK_READ_BEGIN || e->pid < 0;
			for (j = 0; !keep && j < npids; j++)
				keep = pids[j] == e->pid;
		}
		if (keep)
			im->ev[o++] = *e;
	}
	im->nev = o;
	free(pids);
	return (0);
}

/* Parse a buffer. */
int
import_parse(struct import *im, const char *name, const char *buf,
    size_t len, uint32_t dev)
{
	struct ps	 ps;
	struct toks	 t;
	const char	*p = buf, *e = buf + len, *nl;
	char		 esc[200];

	memset(im, 0, sizeof *im);
	memset(&ps, 0, sizeof ps);
	ps.im = im;
	ps.name = name;
	if ((im->format = detect(buf, len, &ps.blkparse)) == NULL) {
		snprintf(im->err, sizeof im->err, "%s:1: expected a block "
		    "trace (ftrace text, trace-cmd report, perf script or "
		    "blkparse output)", fmt_escape_str(esc, sizeof esc, name));
		return (-1);
	}
	im->has_unplug_kind = ps.blkparse;
	while (p < e) {
		nl = memchr(p, '\n', (size_t)(e - p));
		nl = nl ? nl : e;
		ps.line++;
		if (memchr(p, '\0', (size_t)(nl - p)) != NULL)
			return (perr(&ps, "expected text, found a NUL byte"));
		split(p, (size_t)(nl - p), &t);
		p = nl + 1;
		if (t.count == 0 || t.s[0][0] == '#' || ps.in_summary)
			continue;
		if (ps.blkparse) {
			if (bp_line(&ps, &t) != 0)
				return (-1);
			continue;
		}
		/* trace-cmd's headers and empty-CPU notes. */
		if (tok_is(&t, 0, "version") || tok_is(&t, 0, "CPU") ||
		    (t.n[0] > 5 && memcmp(t.s[0], "cpus=", 5) == 0))
			continue;
		if (tp_line(&ps, &t) != 0)
			return (-1);
	}
	if (ps.unplug_unknown)
		im->has_unplug_kind = 0;
	if (pick(im, name, dev) != 0)
		return (-1);
	blk_sort(im->ev, im->nev);
	return (0);
}

/* Read a whole file and parse it. */
int
import_load(struct import *im, const char *path, uint32_t dev)
{
	FILE	*f;
	char	*buf = NULL, *nb, esc[200];
	size_t	 len = 0, cap = 0, n;
	int	 rc;

	memset(im, 0, sizeof *im);
	fmt_escape_str(esc, sizeof esc, path);
	if ((f = fopen(path, "r")) == NULL) {
		snprintf(im->err, sizeof im->err, "%s: %s", esc,
		    strerror(errno));
		return (-1);
	}
	for (;;) {
		if (len == cap) {
			cap = cap ? cap * 2 : 65536;
			if (cap > IMPORT_MAX_BYTES ||
			    (nb = realloc(buf, cap)) == NULL) {
				snprintf(im->err, sizeof im->err, "%s: larger "
				    "than %u MiB or out of memory", esc,
				    IMPORT_MAX_BYTES >> 20);
				free(buf);
				fclose(f);
				return (-1);
			}
			buf = nb;
		}
		if ((n = fread(buf + len, 1, cap - len, f)) == 0)
			break;
		len += n;
	}
	if (ferror(f)) {
		snprintf(im->err, sizeof im->err, "%s: %s", esc,
		    strerror(errno));
		free(buf);
		fclose(f);
		return (-1);
	}
	fclose(f);
	rc = import_parse(im, path, buf, len, dev);
	free(buf);
	return (rc);
}

/* Free the events. */
void
import_free(struct import *im)
{
	free(im->ev);
	im->ev = NULL;
	im->nev = 0;
}

/* "n/a", or a number. */
static const char *
num(char *b, size_t n, int known, uint64_t v)
{
	if (!known)
		return ("n/a");
	snprintf(b, n, "%llu", (unsigned long long)v);
	return (b);
}

/* The summary of an imported trace. */
void
import_summary(FILE *f, const struct import *im, const struct pipe *p)
{
	const struct pipe_stats	*st = pipe_stats(p);
	int			 rd = st->reads > 0;
	uint64_t		 t0 = rd ? st->t_read_first : st->t_first;
	uint64_t		 t1 = rd ? st->t_read_last : st->t_last;
	uint64_t		 t = t1 > t0 ? t1 - t0 : 0;
	uint64_t		 span = st->t_last - st->t_first;
	uint64_t		 bytes = rd ? st->read_bytes :
				     st->completed_sectors * 512;
	uint64_t		 req = st->requests ? st->requests : 1;
	int			 uk = im->has_unplug_kind;
	char			 b[64];

	fprintf(f, "mode: n/a\n");
	fprintf(f, "read_size: %s\n", num(b, sizeof b, rd,
	    st->read_len_common));
	fprintf(f, "ra_size: n/a\n");
	fprintf(f, "device: %u,%u\n", blk_dev_major(im->dev),
	    blk_dev_minor(im->dev));
	fprintf(f, "source: n/a\n");
	fprintf(f, "file_size: n/a\n");
	fprintf(f, "complete: %s\n", pipe_nreqs(p) == 0 ? "yes" : "no");
	fprintf(f, "sim_time_ns: %llu\n", (unsigned long long)t);
	fprintf(f, "bytes_read: %llu\n", (unsigned long long)bytes);
	fprintf(f, "throughput_mb_s: %s\n",
	    t ? fmt_ratio(b, sizeof b, bytes * 1000, t, 1) : "0.0");
	fprintf(f, "reads: %s\n", num(b, sizeof b, rd, st->reads));
	fprintf(f, "requests: %llu\n", (unsigned long long)st->requests);
	fprintf(f, "avg_request_kib: %s\n", fmt_ratio(b, sizeof b,
	    st->request_sectors, req * 2, 1));
	fprintf(f, "max_request_kib: %llu\n",
	    (unsigned long long)(st->max_request_sectors / 2));
	fprintf(f, "common_request_kib: %llu\n",
	    (unsigned long long)(st->common_request_sectors / 2));
	fprintf(f, "reader_stall_pct: n/a\n");
	fprintf(f, "device_busy_pct: %s\n", fmt_ratio(b, sizeof b,
	    st->busy_ns * 1000 / (span ? span : 1), 10, 1));
	fprintf(f, "device_wakeup_pct: n/a\n");
	fprintf(f, "idle_penalties: n/a\n");
	fprintf(f, "ra_sync: n/a\n");
	fprintf(f, "ra_async: n/a\n");
	fprintf(f, "flushes: %llu\n", (unsigned long long)
	    (st->unplugs_explicit + st->unplugs_sleep));
	fprintf(f, "events: %llu\n", (unsigned long long)st->events);
	/* Keys only a trace has. */
	fprintf(f, "trace_format: %s\n", im->format);
	fprintf(f, "trace_span_ns: %llu\n", (unsigned long long)span);
	fprintf(f, "device_idle_pct: %s\n", fmt_ratio(b, sizeof b,
	    (span - st->busy_ns) * 1000 / (span ? span : 1), 10, 1));
	fprintf(f, "max_in_flight: %u\n", st->max_in_flight);
	fprintf(f, "plugs: %llu\n", (unsigned long long)st->plugs);
	fprintf(f, "unplugs: %llu\n", (unsigned long long)
	    (st->unplugs_explicit + st->unplugs_sleep));
	fprintf(f, "unplugs_explicit: %s\n", num(b, sizeof b, uk,
	    st->unplugs_explicit));
	fprintf(f, "unplugs_sleep: %s\n", num(b, sizeof b, uk,
	    st->unplugs_sleep));
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
}

/* --headless --import. */
int
import_run(const struct opts *o, FILE *out, FILE *err)
{
	struct import	 im;
	struct pipe	*p;
	size_t		 i;
	int		 status = 0;

	if (import_load(&im, o->import_file, o->import_dev) != 0) {
		fprintf(err, "raviz: %s\n", im.err);
		import_free(&im);
		return (2);
	}
	if (im.dev_chosen)
		fprintf(err, "raviz: %s\n", im.note);
	if (o->export_fmt != NULL) {
		/*
		 * Conversion: the kept events as blkparse text; a message
		 * says when U stands for either kind of unplug.
		 */
		if (!im.has_unplug_kind && im.nev > 0) {
			struct blk_event	m = im.ev[0];

			m.act = BLK_P;	/* layout only: the line is a message */
			m.dev = im.dev;
			export_blkparse_message(out, &m, 0,
			    "raviz unplug_kind_unknown");
		}
		for (i = 0; i < im.nev; i++) {
			if (im.ev[i].dev == BLK_NODEV)
				im.ev[i].dev = im.dev;	/* the task's plugs */
			export_blkparse_line(out, &im.ev[i], i + 1);
		}
		import_free(&im);
		if (fflush(out) != 0 || ferror(out)) {
			fprintf(err, "raviz: write error: %s\n",
			    strerror(errno));
			return (1);
		}
		return (0);
	}
	if ((p = pipe_new()) == NULL) {
		fprintf(err, "raviz: out of memory\n");
		import_free(&im);
		return (1);
	}
	for (i = 0; i < im.nev; i++)
		if (pipe_apply(p, &im.ev[i]) != 0) {
			fprintf(err, "raviz: out of memory\n");
			status = 1;
			goto out;
		}
	import_summary(out, &im, p);
out:
	pipe_free(p);
	import_free(&im);
	if (fflush(out) != 0 || ferror(out)) {
		fprintf(err, "raviz: write error: %s\n", strerror(errno));
		status = 1;
	}
	return (status);
}
