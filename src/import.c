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
 * the file, line and column (diag.c) of what does not fit.  Everything is parsed before anything is used.
 * The module knows nothing of the engine: the summary's model keys come
 * from report.c (struct report_sum), filled from the pipeline state.
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "file.h"
#include "fmt.h"
#include "import.h"
#include "bounds.h"
#include "report.h"
#include "trace.h"
#include "xalloc.h"

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
	const char	*lp;		/* the line being parsed ... */
	size_t		 ll;		/* ... and its length */
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

/*
 * "SECONDS.FRACTION" (up to 9 digits), optionally ending in ':', as ns:
 * 0, -1 if not a time, -2 if past BOUND_TIME_NS.
 */
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
	    tok_u64(dot + 1, fn, &frac) != 0)
		return (-1);
	while (fn++ < 9)
		frac *= 10;
	/* Past 2^64 ns it would wrap. */
	if (sec > (BOUND_TIME_NS - frac) / 1000000000u)
		return (-2);
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

/* Where token i starts; past the line's end when there is none. */
static const char *
tok_at(const struct ps *ps, const struct toks *t, size_t i)
{
	return (i < t->count ? t->s[i] : ps->lp + ps->ll);
}

/*
 * Record an error "name:line:col: what" (diag.c), col that of at in the
 * line (NULL: 1), and return -1.
 */
static int
perr(struct ps *ps, const char *at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int
perr(struct ps *ps, const char *at, const char *fmt, ...)
{
	char	msg[300], *d;
	va_list	ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	d = diag_format(ps->name, ps->line, at == NULL ? 1 :
	    diag_column(ps->lp, ps->ll, at), NULL, msg);
	snprintf(ps->im->err, sizeof ps->im->err, "%s", d != NULL ? d : msg);
	free(d);
	return (-1);
}

/* A timestamp at `at` past 2^64 ns: the error. */
static int
late(struct ps *ps, const char *at)
{
	return (perr(ps, at, "a time past 2^64 ns (584 years), which raviz "
	    "cannot count: expected SECONDS.FRACTION up to 18446744073.709551615"));
}

/* Append an event (0: memory is xalloc's). */
static int
push(struct ps *ps, struct blk_event *e)
{
	struct import		*im = ps->im;

	im->ev = xgrow(im->ev, &ps->cap, im->nev, sizeof *im->ev);
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
		return (perr(ps, t->s[k],
		    "expected 'raviz %s offset=BYTES len=BYTES'",
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
	const char	*from = tok_at(ps, t, i);

	for (; i + 2 < t->count; i++)
		if (tok_is(t, i + 1, sep) &&
		    tok_u64(t->s[i], t->n[i], &e->sector) == 0)
			break;
	if (i + 2 >= t->count || tok_u64(t->s[i + 2], t->n[i + 2], &v) != 0)
		return (perr(ps, from, "expected 'SECTOR %s %s' after the RWBS "
		    "field", sep, e->act == BLK_X ? "NEWSECTOR" : "COUNT"));
	ps->after = i + 2;
	if (e->act == BLK_X)
		e->sector2 = v;
	else if (v > BOUND_REQUEST_SECTORS)
		return (perr(ps, t->s[i + 2], "%llu sectors: larger than any "
		    "kernel request (at most %u sectors, 4 GiB less 512 bytes: "
		    "the kernel counts a request's bytes in 32 bits)",
		    (unsigned long long)v, BOUND_REQUEST_SECTORS));
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
		return (perr(ps, s, "expected the error code in brackets at the "
		    "end of a completion"));
	neg = s[1] == '-';
	if (tok_u64(s + 1 + neg, n - 2 - (size_t)neg, &v) != 0 || v > 4095)
		return (perr(ps, s, "expected an error number in the brackets "
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
		return (perr(ps, t->count ? t->s[t->count - 1] : NULL,
		    "expected the number of requests at the end "
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
		return (perr(ps, tok_at(ps, t, i), "expected MAJOR,MINOR"));
	if (blk_rwbs(t->s[i + 1], t->n[i + 1], &e->read) != 0)
		return (perr(ps, t->s[i + 1], "expected an RWBS field "
		    "(letters)"));
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
	for (ts = cpu + 1; ts < cpu + 3 && ts < t->count; ts++) {
		if (t->s[ts][t->n[ts] - 1] != ':')
			continue;
		if ((r = tok_time(t->s[ts], t->n[ts], &e.t_ns)) == 0)
			break;
		if (r == -2)
			return (late(ps, t->s[ts]));
	}
	if (cpu >= t->count || ts >= cpu + 3 || ts >= t->count)
		return (perr(ps, NULL, "expected a trace line: TASK-PID [CPU] "
		    "SECONDS: EVENT: ..."));
	/* The event, after an optional period count (perf). */
	ev = ts + 1;
	if (ev < t->count && tok_u64(t->s[ev], t->n[ev], &v) == 0)
		ev++;
	if (ev >= t->count || t->s[ev][t->n[ev] - 1] != ':')
		return (perr(ps, tok_at(ps, t, ev), "expected 'EVENT:' after "
		    "the timestamp"));
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
	    tok_time(t->s[3], t->n[3], &v) != -1 &&
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
		return (perr(ps, NULL, "expected a blkparse line: MAJ,MIN CPU SEQ "
		    "SECONDS PID ACTION RWBS ..."));
	}
	memset(&e, 0, sizeof e);
	(void)tok_dev(t->s[0], t->n[0], &e.dev);
	if (tok_time(t->s[3], t->n[3], &e.t_ns) != 0)
		return (late(ps, t->s[3]));
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
		return (perr(ps, t->s[6], "expected an RWBS field (letters)"));
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
		split(p, (size_t)(nl - p) - (nl > p && nl[-1] == '\r'), &t);
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

/*
 * The readahead size a raviz capture's first line records ("...,
 * read_ahead_kb 128"); anything else leaves it unknown (0).
 */
static void
capture_ra(struct import *im, const struct toks *t)
{
	uint64_t	v;

	if (t->count > 1 && tok_is(t, t->count - 2, "read_ahead_kb") &&
	    tok_u64(t->s[t->count - 1], t->n[t->count - 1], &v) == 0 &&
	    v > 0 && v < (1u << 22))
		im->ra_kb = (uint32_t)v;
}

/* Data read per device, to pick one. */
struct devsum {
	uint32_t	dev;
	uint64_t	sect, n;
	size_t		first;		/* its first event */
};

/* qsort(): devices by number, then events by position. */
static int
dev_cb(const void *a, const void *b)
{
	const struct devsum	*x = a, *y = b;

	if (x->dev != y->dev)
		return (x->dev < y->dev ? -1 : 1);
	return (x->first < y->first ? -1 : x->first > y->first);
}

/* qsort(): devices in the order they first appear. */
static int
seen_cb(const void *a, const void *b)
{
	const struct devsum	*x = a, *y = b;

	return (x->first < y->first ? -1 : x->first > y->first);
}

/* qsort(), bsearch(): pids. */
static int
pid_cb(const void *a, const void *b)
{
	int	x = *(const int *)a, y = *(const int *)b;

	return (x < y ? -1 : x > y);
}

/*
 * The devices of the events, each with the data its reads issued, in the
 * order they first appear (*nd of them; free() after): sorted by number
 * to add up, so any number of devices costs O(n log n).
 */
static struct devsum *
devices(const struct import *im, size_t *nd)
{
	struct devsum	*e, *d;
	size_t		 ne = 0, i, k = 0;

	e = xreallocarray(NULL, im->nev + 1, sizeof *e);
	for (i = 0; i < im->nev; i++)
		if (im->ev[i].dev != BLK_NODEV)
			e[ne++] = (struct devsum){ im->ev[i].dev,
			    im->ev[i].act == BLK_D && im->ev[i].read ?
			    im->ev[i].nsect : 0, 1, i };
	qsort(e, ne, sizeof *e, dev_cb);
	d = e;
	for (i = 0; i < ne; i++) {
		if (k > 0 && d[k - 1].dev == e[i].dev) {
			d[k - 1].sect += e[i].sect;
			d[k - 1].n++;
		} else
			d[k++] = e[i];	/* its first event: the lowest */
	}
	qsort(d, k, sizeof *d, seen_cb);
	*nd = k;
	return (d);
}

/* "8,0 8,16 ..." into list, the first few, then how many more. */
static void
dev_list(char *list, size_t len, const struct devsum *d, size_t nd)
{
	size_t	i, o = 0;

	list[0] = '\0';
	for (i = 0; i < nd && o + 24 < len; i++)
		o += (size_t)snprintf(list + o, len - o, "%s%u,%u",
		    i ? " " : "", blk_dev_major(d[i].dev),
		    blk_dev_minor(d[i].dev));
	if (i < nd)
		snprintf(list + o, len - o, " and %zu more", nd - i);
}

/* Keep the events of one device (and the tasks' plugs and markers). */
static int
pick(struct import *im, const char *name, uint32_t dev)
{
	struct devsum	*d;
	char		 esc[200], list[120];
	size_t		 nd, i, j, o, npids = 0;
	int		*pids;

	d = devices(im, &nd);
	fmt_escape_str(esc, sizeof esc, name);
	if (nd == 0) {
		free(d);
		snprintf(im->err, sizeof im->err, "%s: no block events with a "
		    "device (expected block_* tracepoints or blkparse lines)",
		    esc);
		return (-1);
	}
	dev_list(list, sizeof list, d, nd);
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
			free(d);
			return (-1);
		}
	}
	free(d);
	im->dev = dev;
	/* Tasks that queued on the device own the device-less plugs. */
	pids = xreallocarray(NULL, im->nev + 1, sizeof *pids);
	for (i = 0; i < im->nev; i++)
		if (im->ev[i].dev == dev && im->ev[i].pid >= 0 &&
		    im->ev[i].act == BLK_Q)
			pids[npids++] = im->ev[i].pid;
	qsort(pids, npids, sizeof *pids, pid_cb);
	for (i = 0, o = 0; i < im->nev; i++) {
		const struct blk_event	*e = &im->ev[i];
		int			 keep = e->dev == dev;

		if (e->dev == BLK_NODEV)
			keep = e->act >= BLK_READ_BEGIN || e->pid < 0 ||
			    bsearch(&e->pid, pids, npids, sizeof *pids,
			    pid_cb) != NULL;
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
	const char	*p = buf, *e = buf + len, *nl, *z;

	memset(im, 0, sizeof *im);
	memset(&ps, 0, sizeof ps);
	ps.im = im;
	ps.name = name;
	if ((im->format = detect(buf, len, &ps.blkparse)) == NULL) {
		ps.line = 1;
		ps.lp = buf;
		ps.ll = 0;
		return (perr(&ps, NULL, "expected a block trace (ftrace text, "
		    "trace-cmd report, perf script or blkparse output)"));
	}
	im->has_unplug_kind = ps.blkparse;
	while (p < e) {
		nl = memchr(p, '\n', (size_t)(e - p));
		nl = nl ? nl : e;
		ps.line++;
		ps.lp = p;
		/* CRLF line ends (a trace saved on Windows) are line ends. */
		ps.ll = (size_t)(nl - p) - (nl > p && nl[-1] == '\r');
		if ((z = memchr(p, '\0', ps.ll)) != NULL)
			return (perr(&ps, z, "expected text, found a NUL byte"));
		if ((z = memchr(p, '\r', ps.ll)) != NULL)
			return (perr(&ps, z, "expected text, found a carriage "
			    "return (CR) inside the line"));
		split(p, ps.ll, &t);
		p = nl + 1;
		if (t.count > 2 && tok_is(&t, 1, "raviz") &&
		    tok_is(&t, 2, "capture:"))
			capture_ra(im, &t);
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
	char		*buf, esc[200], lim[160];
	const char	*why = NULL;
	size_t		 len;
	int		 rc;

	memset(im, 0, sizeof *im);
	fmt_escape_str(esc, sizeof esc, path);
	if ((rc = file_read(path, bounds_get(BOUND_TRACE_BYTES), &buf, &len,
	    &why)) != 0) {
		if (rc == -2)
			snprintf(im->err, sizeof im->err, "%s: %s", esc,
			    bounds_say(lim, sizeof lim, BOUND_TRACE_BYTES));
		else
			snprintf(im->err, sizeof im->err, "%s: %s", esc,
			    why != NULL ? why : strerror(errno));
		return (-1);
	}
	rc = import_parse(im, path, buf, len, dev);
	free(buf);
	return (rc);
}

/* import_load() for the command line: the error or the note on err. */
int
import_open(struct import *im, const char *path, uint32_t dev, FILE *err)
{
	if (import_load(im, path, dev) != 0) {
		fprintf(err, "raviz: %s\n", im->err);
		import_free(im);
		return (-1);
	}
	if (im->dev_chosen)
		fprintf(err, "raviz: %s\n", im->note);
	return (0);
}

/* Load a trace and translate it into view events. */
int
import_trace(struct trace *t, const char *path, uint32_t dev, FILE *err)
{
	struct import	im;

	if (import_open(&im, path, dev, err) != 0)
		return (2);
	trace_build(t, &im);
	import_free(&im);
	return (0);
}

/* Free the events. */
void
import_free(struct import *im)
{
	free(im->ev);
	im->ev = NULL;
	im->nev = 0;
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
	sum.ra_size = REPORT_NA;
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
	sum.ra_sync = REPORT_NA;
	sum.ra_async = REPORT_NA;
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
