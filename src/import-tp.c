/*
 * import-tp.c - one tracepoint line of ftrace's trace and trace_pipe,
 * trace-cmd report and perf script: "TASK [TGID] [CPU] [FLAGS] SECONDS:
 * EVENT: PAYLOAD" in each tool's variations (import_tp_split()), the
 * block events' payloads read by landmarks (import-lex.c), the readahead
 * events' by field name, the read() syscalls in the tools' and ftrace's
 * own words, raviz's markers.  Lines of other events are counted and
 * passed over; a time going back on a CPU again and again means delta
 * timestamps, refused.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "import.h"
#include "import-int.h"
#include "xalloc.h"

/* The tracepoint names we read, and the action each gives. */
enum { TP_MARKER = -1, TP_SYS_ENTER = -2, TP_SYS_EXIT = -3 };
static const struct {
	const char	*name;
	int		 act;		/* enum blk_act, or TP_* */
} tps[] = {
	{ "block_bio_queue", BLK_Q }, { "block_getrq", BLK_G },
	{ "block_plug", BLK_P }, { "block_unplug", BLK_U },
	{ "block_rq_insert", BLK_I }, { "block_rq_issue", BLK_D },
	{ "block_rq_complete", BLK_C }, { "block_bio_backmerge", BLK_M },
	{ "block_bio_frontmerge", BLK_F }, { "block_bio_remap", BLK_A },
	{ "block_split", BLK_X }, { "block_rq_requeue", BLK_R },
	{ "page_cache_sync_ra", BLK_RA_SYNC },
	{ "page_cache_async_ra", BLK_RA_ASYNC },
	{ "page_cache_ra_order", BLK_RA_WINDOW },
	{ "page_cache_ra_unbounded", BLK_RA_READ },
	{ "mm_filemap_add_to_page_cache", BLK_PAGE_ADD },
	{ "tracing_mark_write", TP_MARKER },
	{ "print", TP_MARKER },
	{ "sys_enter_read", TP_SYS_ENTER },
	{ "sys_exit_read", TP_SYS_EXIT },
};

/* A readahead payload's fields, by name (dev= and ino= or "dev", "ino"). */
enum { RF_DEV, RF_INO, RF_INDEX, RF_REQ, RF_ORDER, RF_SIZE, RF_ASYNC,
	RF_RAPAGES, RF_NR, RF_LOOK, RF_OFS, RF_COUNT };
static const char *const ra_names[RF_COUNT] = {
	"dev", "ino", "index", "req_count", "order", "size", "async_size",
	"ra_pages", "nr_to_read", "lookahead_size", "ofs"
};

/* The fields each action needs (a bit per RF_*). */
static unsigned
ra_needs(enum blk_act a)
{
	unsigned	f = 1u << RF_DEV | 1u << RF_INO;

	switch (a) {
	case BLK_RA_SYNC:
	case BLK_RA_ASYNC:
		return (f | 1u << RF_INDEX | 1u << RF_REQ);
	case BLK_RA_WINDOW:
		return (f | 1u << RF_INDEX | 1u << RF_SIZE | 1u << RF_ASYNC);
	case BLK_RA_READ:
		return (f | 1u << RF_INDEX | 1u << RF_NR | 1u << RF_LOOK);
	default:
		return (f | 1u << RF_OFS);
	}
}

/*
 * The fields of a readahead or page cache line from token i on:
 * "name=value" (the readahead events), or "dev MAJ:MIN ino HEX" and
 * "ofs=BYTES order=N" (mm_filemap_add_to_page_cache).  Fields of other
 * kernels (pfn, page, mmap_miss, prev_pos) are passed over.
 */
static int
ra_fields(struct ps *ps, const struct toks *t, size_t i, const char *tp,
    struct blk_event *e)
{
	struct blk_ra	*r = &e->ra;
	const char	*s, *eq, *v = NULL;
	size_t		 n, k, vn = 0;
	uint64_t	 x;
	unsigned	 seen = 0, need = ra_needs(e->act);
	int		 bad;

	for (; i < t->count; i++) {
		s = t->s[i];
		n = t->n[i];
		if ((eq = memchr(s, '=', n)) != NULL) {
			v = eq + 1;
			vn = n - (size_t)(eq - s) - 1;
			n = (size_t)(eq - s);
		}
		for (k = 0; k < RF_COUNT; k++)
			if (strlen(ra_names[k]) == n &&
			    memcmp(ra_names[k], s, n) == 0)
				break;
		if (k == RF_COUNT)
			continue;
		if (eq == NULL) {
			/* "dev 254:0", "ino 3c5c9": the value is the next token. */
			if ((k != RF_DEV && k != RF_INO) || i + 1 >= t->count)
				continue;
			v = t->s[++i];
			vn = t->n[i];
		}
		if (k == RF_DEV)
			bad = import_tok_sdev(v, vn, &r->sdev);
		else if (k == RF_INO)
			bad = import_tok_hex(v, vn, &r->ino);
		else
			bad = import_tok_u64(v, vn,
			    &x) != 0 || (k != RF_INDEX &&
			    k != RF_REQ && k != RF_OFS && x > UINT32_MAX);
		if (bad)
			return (import_perr(ps, v,
			    "expected %s in %s's %s field",
			    k == RF_DEV ? "MAJOR:MINOR" : k == RF_INO ?
			    "a hexadecimal inode number" : "a number", tp,
			    ra_names[k]));
		seen |= 1u << k;
		switch (k) {
		case RF_INDEX: r->index = x; break;
		case RF_REQ: r->req = x; break;
		case RF_ORDER: r->order = (uint32_t)x; break;
		case RF_SIZE: case RF_NR: r->size = (uint32_t)x; break;
		case RF_ASYNC: case RF_LOOK: r->async = (uint32_t)x; break;
		case RF_RAPAGES: r->ra_pages = (uint32_t)x; break;
		case RF_OFS: r->index = x / 4096; break;
		default: break;
		}
	}
	for (k = 0; k < RF_COUNT; k++)
		if ((need & ~seen) & 1u << k)
			return (import_perr(ps, import_tok_at(ps, t, t->count),
			    "expected '%s%s' in a %s line", ra_names[k],
			    k == RF_DEV ? "=MAJOR:MINOR" : k == RF_INO ?
			    "=INODE" : "=N", tp));
	if (r->order > 20)
		return (import_perr(ps, NULL,
		    "a folio order too large in a %s line: "
		    "%u", tp, r->order));
	return (0);
}

/*
 * A reader marker "raviz read_begin offset=O len=L" (or read_end), or a
 * readahead event as raviz's blkparse export writes it ("raviz ra_window
 * dev=0:3 ino=700000 index=0 ..."), in tokens from i on: 1 if found and
 * filled in, 0 if not a marker, -1 bad.
 */
int
import_marker(struct ps *ps, const struct toks *t, size_t i,
    struct blk_event *e)
{
	size_t		k;
	enum blk_act	a;

	for (; i + 1 < t->count; i++)
		if (import_tok_is(t, i, "raviz"))
			break;
	if (i + 1 < t->count &&
	    import_tok_is(t, i + 1, "unplug_kind_unknown")) {
		ps->unplug_unknown = 1;	/* converted from a tracepoint format */
		return (0);
	}
	/* A readahead event as raviz's blkparse export writes it. */
	for (a = BLK_RA_SYNC; i + 1 < t->count && a < BLK_NACT; a++)
		if (import_tok_is(t, i + 1, blk_act_name(a))) {
			e->act = a;
			e->dev = BLK_NODEV;
			return (ra_fields(ps, t, i + 2, blk_act_name(a), e) ?
			    -1 : 1);
		}
	if (i + 3 >= t->count)
		return (0);
	if (import_tok_is(t, i + 1, "read_begin"))
		e->act = BLK_READ_BEGIN;
	else if (import_tok_is(t, i + 1, "read_end"))
		e->act = BLK_READ_END;
	else
		return (0);
	e->fd = -1;
	k = i + 2;
	if (t->n[k] < 8 || memcmp(t->s[k], "offset=", 7) != 0 ||
	    import_tok_u64(t->s[k] + 7, t->n[k] - 7, &e->offset) != 0 ||
	    t->n[k + 1] < 5 || memcmp(t->s[k + 1], "len=", 4) != 0 ||
	    import_tok_u64(t->s[k + 1] + 4, t->n[k + 1] - 4, &e->len) != 0)
		return (import_perr(ps, t->s[k],
		    "expected 'raviz %s offset=BYTES len=BYTES'",
		    blk_act_name(e->act)));
	e->dev = BLK_NODEV;
	return (1);
}

/* Is token i "[digits]" (ftrace's CPU column)?  Its number in *cpu. */
static int
tok_cpu(const struct toks *t, size_t i, long *cpu)
{
	uint64_t	v;

	if (t->n[i] < 3 || t->s[i][0] != '[' || t->s[i][t->n[i] - 1] != ']' ||
	    import_tok_u64(t->s[i] + 1, t->n[i] - 2, &v) != 0 || v > 65535)
		return (0);
	*cpu = (long)v;
	return (1);
}

/*
 * Find the parts of a tracepoint line: "TASK [TGID] [CPU] [FLAGS]
 * SECONDS: [(+DIFF)] [PERIOD] EVENT: ..." - the CPU as "[N]" (ftrace,
 * trace-cmd, perf) or leading the latency flags ("1....." in trace-cmd
 * report -l), or absent (perf script -F without cpu); the task, if any,
 * before it.  0; -1 with no time; -2 with no 'EVENT:' after the time;
 * -3 for a time past 2^64 ns.
 */
int
import_tp_split(const struct toks *t, struct tpl *l)
{
	uint64_t	v;
	size_t		i;
	int		r = -1, late;

	for (l->ts = 0; l->ts < t->count; l->ts++) {
		if (t->s[l->ts][t->n[l->ts] - 1] != ':')
			continue;
		r = import_tok_time(t->s[l->ts], t->n[l->ts], &l->t_ns);
		if (r == 0 || r == -2)
			break;
	}
	late = r == -2;
	if (l->ts >= t->count)
		return (-1);
	l->cpu = -1;
	l->task = l->ts;
	for (i = l->ts; i > 0 && i + 2 >= l->ts; i--)
		if (tok_cpu(t, i - 1, &l->cpu)) {
			l->task = i - 1;
			break;
		}
	if (l->cpu < 0 && l->ts > 1 && t->s[l->ts - 1][0] >= '0' &&
	    t->s[l->ts - 1][0] <= '9' &&
	    strspn(t->s[l->ts - 1], "0123456789") < t->n[l->ts - 1] &&
	    strspn(t->s[l->ts - 1], "0123456789.dDnNhHsSbBzZX") >=
	    t->n[l->ts - 1] &&
	    import_tok_u64(t->s[l->ts - 1], strspn(t->s[l->ts - 1],
	    "0123456789"), &v) == 0 && v <= 65535) {
		/* trace-cmd report -l: the CPU leads the flags (as tok_cpu()). */
		l->cpu = (long)v;
		l->task = l->ts - 1;
	}
	/* After the time: --ts-diff's "(+N)", perf's period. */
	l->ev = l->ts + 1;
	while (l->ev < t->count && t->n[l->ev] > 3 &&
	    t->s[l->ev][0] == '(' && t->s[l->ev][1] == '+' &&
	    t->s[l->ev][t->n[l->ev] - 1] == ')')
		l->ev++;
	if (l->ev < t->count && import_tok_u64(t->s[l->ev], t->n[l->ev],
	    &v) == 0)
		l->ev++;
	if (l->ev >= t->count || t->n[l->ev] < 2 ||
	    t->s[l->ev][t->n[l->ev] - 1] != ':')
		return (-2);
	return (late ? -3 : 0);
}

/*
 * The task's pid from tokens [0, n): the nearest "comm-PID" (ftrace),
 * "PID" after a comm (perf), or "PID/TID" (perf -F pid,tid: the thread),
 * passing over a TGID column "(  41)"; -1 when none says.
 */
static int
tp_pid(const struct toks *t, size_t n)
{
	const char	*s, *d;
	size_t		 k, len;
	uint64_t	 v;

	for (k = n; k-- > 0; ) {
		s = t->s[k];
		len = t->n[k];
		if (s[0] == '(' || s[len - 1] == ')')
			continue;
		if ((d = memchr(s, '/', len)) != NULL &&
		    import_tok_u64(d + 1, len - (size_t)(d - s) - 1, &v) == 0)
			return ((int)(v & 0x7fffffff));
		if (import_tok_u64(s, len, &v) == 0)
			return ((int)(v & 0x7fffffff));
		for (d = s + len; d > s && d[-1] != '-'; d--)
			;
		if (d > s && import_tok_u64(d, (size_t)(s + len - d), &v) == 0)
			return ((int)(v & 0x7fffffff));
		return (-1);
	}
	return (-1);
}

/*
 * Times go back on one CPU only now and then (a trace's buffers are per
 * CPU, each in order, but a kernel can stamp an event before one it
 * records earlier): a time before the last of its CPU is counted, the
 * first one's error kept.  On many lines (parse_lines() decides) the
 * file holds deltas, which cannot be put on one clock.
 */
static void
monotonic(struct ps *ps, const struct toks *t, const struct tpl *l)
{
	size_t			c = (size_t)(l->cpu + 1), n;
	unsigned long long	a, b;
	char			where[32];

	if (c >= ps->nlast) {
		n = c + 16;
		ps->last = xreallocarray(ps->last, n, sizeof *ps->last);
		memset(ps->last + ps->nlast, 0, (n - ps->nlast) *
		    sizeof *ps->last);
		ps->nlast = n;
	}
	ps->timed++;
	if (ps->last[c] > l->t_ns + 1 && ps->backs++ == 0) {
		a = (unsigned long long)(ps->last[c] - 1);
		b = (unsigned long long)l->t_ns;
		if (l->cpu < 0)
			snprintf(where, sizeof where, "the trace");
		else
			snprintf(where, sizeof where, "CPU %ld", l->cpu);
		(void)import_perr(ps, t->s[l->ts], "the time goes back on %s, "
		    "from %llu.%09llu to %llu.%09llu, and on more lines: "
		    "delta timestamps (perf script --deltatime?) cannot be "
		    "put on one clock; expected each event's own time (perf "
		    "script without --deltatime)", where, a / 1000000000u,
		    a % 1000000000u, b / 1000000000u, b % 1000000000u);
		snprintf(ps->back_err, sizeof ps->back_err, "%s",
		    ps->im->err);
		ps->im->err[0] = '\0';
	}
	ps->last[c] = l->t_ns + 1;
}

/*
 * A read() traced by the syscall tracepoints, from token i: the entry's
 * "fd: N, buf: B, count: N" (sys_enter_read; ftrace prints it
 * "sys_read(fd: N, ...)"), or the exit's returned value (sys_exit_read
 * "0x10000", ftrace "sys_read -> 0x10000").  1 with e filled in, 0 for a
 * failed read() (nothing to show), -1 bad.
 */
static int
syscall_read(struct ps *ps, const struct toks *t, size_t i, int enter,
    struct blk_event *e)
{
	uint64_t	v, fd = UINT64_MAX, count = UINT64_MAX;

	e->dev = BLK_NODEV;
	if (!enter) {
		e->act = BLK_READ_END;
		if (i >= t->count || import_tok_num(t->s[i], t->n[i], &v) != 0)
			return (import_perr(ps, import_tok_at(ps, t, i),
			    "expected the "
			    "value a read() returned"));
		if (v > (uint64_t)INT64_MAX)
			return (0);	/* an error: -errno */
		e->len = v;
		e->fd = 0;	/* its entry's, when they are paired */
		return (1);
	}
	e->act = BLK_READ_BEGIN;
	for (; i + 1 < t->count; i++) {
		if (import_tok_is(t, i, "fd:") || import_tok_is(t, i,
		    "sys_read(fd:"))
			(void)import_tok_num(t->s[i + 1], t->n[i + 1], &fd);
		else if (import_tok_is(t, i, "count:"))
			(void)import_tok_num(t->s[i + 1], t->n[i + 1], &count);
	}
	if (fd > INT32_MAX || count == UINT64_MAX)
		return (import_perr(ps, NULL,
		    "expected 'fd: N, buf: ADDRESS, count: "
		    "N' in a read() entry"));
	e->fd = (int)fd;
	e->len = count;
	return (1);
}

/*
 * Is the payload from token i raw field values (trace-cmd report -R):
 * "dev=7340032 sector=..." for a block request, "comm=dd" for a plug,
 * "nr_rq=1" for an unplug, "i_ino=" or "pfn=" for the page cache?
 */
static int
raw(const struct toks *t, size_t i, int act)
{
	static const char *const keys[] = { "dev=", "comm=", "nr_rq=",
	    "i_ino=", "pfn=" };
	size_t	k, n;

	if (i >= t->count || act == TP_MARKER)
		return (0);
	for (k = 0; k < sizeof keys / sizeof keys[0]; k++) {
		n = strlen(keys[k]);
		if (t->n[i] > n && memcmp(t->s[i], keys[k], n) == 0)
			return (k > 0 || !BLK_IS_RA(act));
	}
	return (0);
}

/* One tracepoint line (ftrace, trace-cmd, perf). */
int
import_tp_line(struct ps *ps, const struct toks *t)
{
	struct blk_event	 e;
	struct tpl		 l;
	const char		*nm;
	size_t			 i, ev, nn, k;
	int			 r;

	memset(&e, 0, sizeof e);
	e.pid = -1;
	if ((r = import_tp_split(t, &l)) == -1)
		return (import_perr(ps, NULL,
		    "expected a trace line: TASK-PID [CPU] "
		    "SECONDS: EVENT: ..."));
	if (r == -3)
		return (import_late(ps, t->s[l.ts]));
	monotonic(ps, t, &l);
	e.t_ns = l.t_ns;
	e.pid = tp_pid(t, l.task);
	if (r == -2) {
		/* ftrace's own layout of a read()'s exit: "sys_read -> N". */
		if (import_tok_is(t, l.ts + 1, "sys_read") &&
		    import_tok_is(t, l.ts + 2, "->")) {
			r = syscall_read(ps, t, l.ts + 3, 0, &e);
			return (r <= 0 ? r : import_push(ps, &e));
		}
		/* The function tracer: "func <-caller". */
		for (k = l.ts + 1; k < t->count; k++)
			if (t->n[k] > 2 && memcmp(t->s[k], "<-", 2) == 0) {
				ps->im->other_lines++;
				return (0);
			}
		return (import_perr(ps, import_tok_at(ps, t, l.ts + 1),
		    "expected 'EVENT:' "
		    "after the timestamp (or a function tracer's 'FUNCTION "
		    "<-CALLER')"));
	}
	ev = l.ev;
	nm = t->s[ev];
	nn = t->n[ev] - 1;
	/* perf names the subsystem: "block:", "readahead:", "ftrace:". */
	for (k = nn; k > 0 && nm[k - 1] != ':'; k--)
		;
	nm += k;
	nn -= k;
	if (nn == 11 && memcmp(nm, "sys_read(fd", 11) == 0)
		return ((r = syscall_read(ps, t, ev, 1, &e)) <= 0 ? r :
		    import_push(ps, &e));
	for (k = 0; k < sizeof tps / sizeof tps[0]; k++)
		if (strlen(tps[k].name) == nn && memcmp(tps[k].name, nm,
		    nn) == 0)
			break;
	if (k == sizeof tps / sizeof tps[0]) {
		ps->im->other_lines++;	/* another tracepoint: not ours */
		return (0);
	}
	if (tps[k].act == TP_SYS_ENTER || tps[k].act == TP_SYS_EXIT)
		return ((r = syscall_read(ps, t, ev + 1, tps[k].act ==
		    TP_SYS_ENTER, &e)) <= 0 ? r : import_push(ps, &e));
	/* trace-cmd report -R prints raw field values. */
	if (raw(t, ev + 1, tps[k].act))
		return (import_perr(ps, t->s[ev + 1],
		    "raw field values (trace-cmd "
		    "report -R): expected the event's own text; run "
		    "trace-cmd report without -R"));
	i = ev + 1;
	if (tps[k].act == TP_MARKER) {
		if ((r = import_marker(ps, t, i, &e)) <= 0)
			return (r);
		return (import_push(ps, &e));
	}
	e.act = (enum blk_act)tps[k].act;
	e.dev = BLK_NODEV;
	if (BLK_IS_RA(e.act)) {
		if (ra_fields(ps, t, i, tps[k].name, &e) != 0)
			return (-1);
		return (import_push(ps, &e));
	}
	switch (e.act) {
	case BLK_P:
	case BLK_U:
		if (e.act == BLK_U && import_ucount(ps, t, &e) != 0)
			return (-1);
		if (i < t->count)
			import_comm(&e, t->s[i], e.act == BLK_U ?
			    t->s[t->count - 1] : t->s[t->count - 1] +
			    t->n[t->count - 1]);
		break;
	default:
		if (import_dev_rwbs(ps, t, i, &e) != 0 || import_sectors(ps, t,
		    i + 2, &e))
			return (-1);
		if (e.act == BLK_C && import_cerror(ps, t, &e) != 0)
			return (-1);
		if (e.act != BLK_C && e.act != BLK_R)
			import_comm(&e, t->s[ps->after], t->s[t->count - 1] +
			    t->n[t->count - 1]);
		break;
	}
	return (import_push(ps, &e));
}
