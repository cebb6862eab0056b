/*
 * import.c - reading real block traces: a file (or standard input) into
 * one device's events (import.h).
 *
 * The format is decided from the first line that tells (a trace-cmd
 * header, a blkparse line, a tracepoint line: perf names its events with
 * their subsystem).  Tracepoint lines (ftrace's trace and trace_pipe,
 * trace-cmd report, perf script) are import-tp.c's; blkparse lines read
 * "MAJ,MIN CPU SEQ SECONDS PID ACTION RWBS ...", followed at the end by
 * its summary blocks.  Payloads are read by landmarks (import-lex.c)
 * rather than by field position, so the extra fields newer kernels print
 * (bytes, command, ioprio) do not matter and a comm may contain brackets.
 * Headers are skipped, lines of other events counted; a line that fits no
 * grammar is an error naming the file, line and column (diag.c) of what
 * does not fit.  Everything is parsed before anything is used; then
 * import-pick.c keeps one device, its tasks and one file; the summary is
 * import-sum.c's.  The module knows nothing of the engine.
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diag.h"
#include "file.h"
#include "fmt.h"
#include "blktrace.h"
#include "bounds.h"
#include "import.h"
#include "import-int.h"
#include "report.h"
#include "trace.h"
#include "xalloc.h"

/* Whether tokens look like a blkparse event line. */
static int
is_blkparse(const struct toks *t)
{
	uint32_t	d;
	uint64_t	v;
	enum blk_act	a;
	int		r;

	return (t->count >= 7 && import_tok_dev(t->s[0], t->n[0], &d) == 0 &&
	    import_tok_u64(t->s[1], t->n[1], &v) == 0 &&
	    import_tok_u64(t->s[2], t->n[2], &v) == 0 &&
	    import_tok_time(t->s[3], t->n[3], &v) != -1 &&
	    import_tok_u64(t->s[4], t->n[4], &v) == 0 &&
	    (blk_act_parse(t->s[5], t->n[5], &a) == 0 ||
	    (t->n[5] <= 2 && blk_rwbs(t->s[5], t->n[5], &r) == 0)));
}

/* One blkparse line. */
static int
bp_line(struct ps *ps, const struct toks *t)
{
	struct blk_event	e;
	uint64_t		v;
	uint32_t		dev;
	int			r;

	if (!is_blkparse(t)) {
		if (t->count > 0 && ((t->n[0] > 3 &&
		    memcmp(t->s[0], "CPU", 3) == 0) ||
		    import_tok_is(t, 0, "Total"))) {
			ps->in_summary = 1;	/* the summary blocks */
			return (0);
		}
		return (import_perr(ps, NULL,
		    "expected a blkparse line: MAJ,MIN CPU SEQ "
		    "SECONDS PID ACTION RWBS ..."));
	}
	memset(&e, 0, sizeof e);
	(void)import_tok_dev(t->s[0], t->n[0], &e.dev);
	if (import_tok_time(t->s[3], t->n[3], &e.t_ns) != 0)
		return (import_late(ps, t->s[3]));
	(void)import_tok_u64(t->s[4], t->n[4], &v);
	e.pid = (int)(v & 0x7fffffff);
	if (blk_act_parse(t->s[5], t->n[5], &e.act) != 0) {
		/* m: a message; other actions (S, B, R, ...) are not used. */
		if (!import_tok_is(t, 5, "m")) {
			ps->im->other_lines++;
			return (0);
		}
		(void)import_tok_dev(t->s[0], t->n[0], &dev);
		if ((r = import_marker(ps, t, 6, &e)) <= 0)
			return (r);
		e.dev = dev;	/* whose it is: import-pick.c */
		return (import_push(ps, &e));
	}
	if (blk_rwbs(t->s[6], t->n[6], &e.read) != 0)
		return (import_perr(ps, t->s[6],
		    "expected an RWBS field (letters)"));
	import_keep(e.rwbs, sizeof e.rwbs, t->s[6], t->n[6]);
	switch (e.act) {
	case BLK_P:
	case BLK_U:
	case BLK_UT:
		if (e.act != BLK_P && import_ucount(ps, t, &e) != 0)
			return (-1);
		import_comm(&e, t->s[6] + t->n[6], e.act == BLK_P ?
		    t->s[t->count - 1] + t->n[t->count - 1] :
		    t->s[t->count - 1]);
		break;
	default:
		/*
		 * A SCSI pass-through request: its bytes and command block,
		 * "56 (12 00 00 00 38 00 ..) [inquiry]", or nothing but the
		 * comm: no sectors, nothing of the file's.
		 */
		if ((t->count > 8 && import_tok_u64(t->s[7], t->n[7], &v) == 0 &&
		    t->s[8][0] == '(') || (t->count > 7 && t->s[7][0] == '[')) {
			ps->im->other_lines++;
			return (0);
		}
		if (import_sectors(ps, t, 7, &e) != 0)
			return (-1);
		if (e.act == BLK_C && import_cerror(ps, t, &e) != 0)
			return (-1);
		if (e.act != BLK_C && e.act != BLK_A && e.act != BLK_R)
			import_comm(&e, t->s[ps->after] + t->n[ps->after],
			    t->s[t->count - 1] + t->n[t->count - 1]);
		break;
	}
	return (import_push(ps, &e));
}

/* Decide the format from the first line that says which. */
static const char *
detect(const char *buf, size_t len, int *blkparse)
{
	struct toks	 t;
	struct tpl	 l;
	const char	*p = buf, *e = buf + len, *nl;
	int		 r;

	*blkparse = 0;
	while (p < e) {
		nl = memchr(p, '\n', (size_t)(e - p));
		nl = nl ? nl : e;
		import_split(p, (size_t)(nl - p) - (nl > p && nl[-1] == '\r'),
		    &t);
		if (t.count > 0 && t.s[0][0] == '#') {
			if (import_tok_is(&t, 1, "tracer:"))
				return ("ftrace");
		} else if (t.count > 0) {
			if (import_tok_is(&t, 0, "version") || (t.n[0] > 5 &&
			    memcmp(t.s[0], "cpus=", 5) == 0))
				return ("trace-cmd");
			if (is_blkparse(&t)) {
				*blkparse = 1;
				return ("blkparse");
			}
			/* perf names an event with its subsystem. */
			if ((r = import_tp_split(&t, &l)) == 0 || r == -3)
				return (memchr(t.s[l.ev], ':', t.n[l.ev] - 1) !=
				    NULL ? "perf" : "ftrace");
		}
		p = nl + 1;
	}
	return (NULL);
}

/*
 * What a raviz capture's first line records of the device and the file:
 * "..., read_ahead_kb 128, max_sectors_kb 1280, max_segments 128,
 * scheduler none, inode 3c5c9, sdev 254:0" (a value may end in a comma;
 * older captures have only read_ahead_kb).  Values out of range are
 * left unknown (0).
 */
void
import_capture_header(struct import *im, const struct toks *t)
{
	struct import_capture	*c = &im->cap;
	uint64_t		 v;
	size_t			 i, n;

	for (i = 0; i + 1 < t->count; i++) {
		n = t->n[i + 1];
		if (n > 1 && t->s[i + 1][n - 1] == ',')
			n--;
		if (import_tok_is(t, i, "inode") &&
		    import_tok_hex(t->s[i + 1], n, &c->ino) == 0)
			c->has_ino = 1;
		else if (import_tok_is(t, i, "sdev") &&
		    import_tok_sdev(t->s[i + 1], n, &c->sdev) == 0)
			c->has_sdev = 1;
		else if (import_tok_is(t, i, "scheduler"))
			import_keep(c->scheduler, sizeof c->scheduler,
			    t->s[i + 1], n);
		else if (import_tok_u64(t->s[i + 1], n, &v) != 0 || v == 0 ||
		    v >= (1u << 22))
			continue;
		else if (import_tok_is(t, i, "read_ahead_kb"))
			im->ra_kb = (uint32_t)v;
		else if (import_tok_is(t, i, "max_sectors_kb"))
			c->max_sectors_kb = (uint32_t)v;
		else if (import_tok_is(t, i, "max_segments"))
			c->max_segments = (uint32_t)v;
	}
}

/* Every line of a buffer: 0, or -1 with the error in ps->im->err. */
static int
parse_lines(struct ps *ps, const char *buf, size_t len)
{
	struct import	*im = ps->im;
	struct toks	 t;
	const char	*p = buf, *e = buf + len, *nl, *z;
	uint64_t	 v;
	size_t		 k;

	while (p < e) {
		nl = memchr(p, '\n', (size_t)(e - p));
		nl = nl ? nl : e;
		ps->line++;
		ps->lp = p;
		/* CRLF line ends (a trace saved on Windows) are line ends. */
		ps->ll = (size_t)(nl - p) - (nl > p && nl[-1] == '\r');
		if ((z = memchr(p, '\0', ps->ll)) != NULL)
			return (import_perr(ps, z,
			    "expected text, found a NUL byte"));
		if ((z = memchr(p, '\r', ps->ll)) != NULL)
			return (import_perr(ps, z, "expected text, found a "
			    "carriage return (CR) inside the line"));
		import_split(p, ps->ll, &t);
		p = nl + 1;
		/* A capture's header, or the message a conversion made of it. */
		for (k = 0; k + 1 < t.count; k++)
			if (import_tok_is(&t, k, "raviz") &&
			    import_tok_is(&t, k + 1, "capture:")) {
				import_capture_header(im, &t);
				break;
			}
		if (t.count == 0 || t.s[0][0] == '#' || ps->in_summary)
			continue;
		/* A listing cut short by hand: "..." and the "^C" of a stop. */
		if (t.count == 1 && (import_tok_is(&t, 0, "...") ||
		    (t.n[0] >= 2 && memcmp(t.s[0], "^C", 2) == 0))) {
			im->other_lines++;
			continue;
		}
		/* ftrace's and trace-cmd's "CPU:1 [LOST 12 EVENTS]". */
		if (t.count >= 3 && t.n[0] > 4 &&
		    memcmp(t.s[0], "CPU:", 4) == 0 &&
		    import_tok_is(&t, 1, "[LOST") &&
		    import_tok_u64(t.s[2], t.n[2], &v) == 0) {
			im->lost_events += v;
			continue;
		}
		if (ps->blkparse) {
			if (bp_line(ps, &t) != 0)
				return (-1);
			continue;
		}
		/* trace-cmd's headers and empty-CPU notes. */
		if (import_tok_is(&t, 0, "version") || import_tok_is(&t, 0,
		    "CPU") ||
		    (t.n[0] > 5 && memcmp(t.s[0], "cpus=", 5) == 0))
			continue;
		if (import_tp_line(ps, &t) != 0)
			return (-1);
	}
	/* A quarter of the lines back in time: deltas, not a kernel's. */
	if (ps->backs > 0 && ps->backs >= ps->timed / 4) {
		snprintf(im->err, sizeof im->err, "%s", ps->back_err);
		return (-1);
	}
	return (0);
}

/* Keep one device and sort: the end of a parse (0, or -1 and the error). */
static int
finish(struct ps *ps, const char *name, uint32_t dev)
{
	struct import	*im = ps->im;

	if (import_pick(im, name, dev) != 0)
		return (-1);
	if (ps->unplug_unknown)
		im->has_unplug_kind = 0;
	blk_sort(im->ev, im->nev);
	return (0);
}

/* Parse blktrace's binary records from n files (their names: name). */
static int
parse_bt(struct import *im, const char *name,
    const unsigned char *const *buf, const size_t *len, size_t n,
    uint32_t dev)
{
	struct ps	 ps;

	memset(im, 0, sizeof *im);
	memset(&ps, 0, sizeof ps);
	ps.im = im;
	ps.name = name;
	im->format = "blktrace";
	im->has_unplug_kind = 1;	/* U and UT are two actions */
	if (import_bt_parse(&ps, buf, len, n) != 0)
		return (-1);
	return (finish(&ps, name, dev));
}

/* Parse a buffer. */
int
import_parse(struct import *im, const char *name, const char *buf,
    size_t len, uint32_t dev)
{
	struct ps		 ps;
	const unsigned char	*b = (const unsigned char *)buf;
	int			 rc = -1;

	if (blktrace_is(b, len))
		return (parse_bt(im, name, &b, &len, 1, dev));
	memset(im, 0, sizeof *im);
	memset(&ps, 0, sizeof ps);
	ps.im = im;
	ps.name = name;
	if ((im->format = detect(buf, len, &ps.blkparse)) == NULL) {
		ps.line = 1;
		ps.lp = buf;
		ps.ll = 0;
		return (import_perr(&ps, NULL, "expected a block trace (ftrace "
		    "text, trace-cmd report, perf script, blkparse output or "
		    "blktrace's binary files)"));
	}
	im->has_unplug_kind = ps.blkparse;
	if (parse_lines(&ps, buf, len) == 0 && finish(&ps, name, dev) == 0)
		rc = 0;
	free(ps.last);
	return (rc);
}

/* Standard input read to its end and parsed, named "stdin". */
static int
load_stdin(struct import *im, uint32_t dev)
{
	char	*buf = NULL, lim[160];
	size_t	 len = 0, cap = 0;
	ssize_t	 n;
	int	 rc;

	for (;;) {
		if (len == cap) {
			if (cap >= bounds_get(BOUND_TRACE_BYTES)) {
				snprintf(im->err, sizeof im->err, "stdin: %s",
				    bounds_say(lim, sizeof lim,
				    BOUND_TRACE_BYTES));
				free(buf);
				return (-1);
			}
			cap = cap ? 2 * cap : 65536;
			buf = xrealloc(buf, cap);
		}
		if ((n = read(STDIN_FILENO, buf + len, cap - len)) == 0)
			break;
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			snprintf(im->err, sizeof im->err, "stdin: %s",
			    strerror(errno));
			free(buf);
			return (-1);
		}
		len += (size_t)n;
	}
	rc = import_parse(im, "stdin", buf, len, dev);
	free(buf);
	return (rc);
}

#define CPUS_MAX	4096	/* per-CPU files of one blktrace run */

/*
 * The per-CPU files of blktrace's run that path names: path itself when
 * it is BASE.blktrace.N (all of BASE.blktrace.0, 1, ... that exist), or
 * BASE when only BASE.blktrace.0 exists (blkparse -i BASE); their base
 * in base.  0 when path is none of these.
 */
static int
bt_base(const char *path, char *base, size_t len)
{
	const char	*d;
	char		 p[4200];
	size_t		 n = strlen(path);

	for (d = path + n; d > path && d[-1] >= '0' && d[-1] <= '9'; d--)
		;
	if (d < path + n && (size_t)(d - path) >= 10 &&
	    memcmp(d - 10, ".blktrace.", 10) == 0 &&
	    (size_t)(d - path) - 10 < len) {
		snprintf(base, len, "%.*s", (int)(d - path) - 10, path);
		return (1);
	}
	snprintf(p, sizeof p, "%s.blktrace.0", path);
	if (access(path, F_OK) != 0 && access(p, F_OK) == 0 && n < len) {
		snprintf(base, len, "%s", path);
		return (1);
	}
	return (0);
}

/* Read a file whole, or say why in im->err (named esc). */
static int
load_file(struct import *im, const char *path, char **buf, size_t *len)
{
	char		 esc[200], lim[160];
	const char	*why = NULL;
	int		 rc;

	fmt_escape_str(esc, sizeof esc, path);
	if ((rc = file_read(path, bounds_get(BOUND_TRACE_BYTES), buf, len,
	    &why)) != 0) {
		if (rc == -2)
			snprintf(im->err, sizeof im->err, "%s: %s", esc,
			    bounds_say(lim, sizeof lim, BOUND_TRACE_BYTES));
		else
			snprintf(im->err, sizeof im->err, "%s: %s", esc,
			    why != NULL ? why : strerror(errno));
		return (-1);
	}
	return (0);
}

/* blktrace's per-CPU files of base, read and parsed together. */
static int
load_cpus(struct import *im, const char *base, uint32_t dev)
{
	char		 p[4200], esc[200], **buf = NULL;
	size_t		*len = NULL, n = 0, i;
	int		 rc = -1;

	for (;;) {
		snprintf(p, sizeof p, "%s.blktrace.%zu", base, n);
		if (n == CPUS_MAX || access(p, F_OK) != 0)
			break;
		buf = xreallocarray(buf, n + 1, sizeof *buf);
		len = xreallocarray(len, n + 1, sizeof *len);
		if (load_file(im, p, &buf[n], &len[n]) != 0)
			goto out;
		if (!blktrace_is((unsigned char *)buf[n], len[n]) &&
		    len[n] > 0) {
			fmt_escape_str(esc, sizeof esc, p);
			snprintf(im->err, sizeof im->err, "%s: byte 0: expected "
			    "blktrace's magic 0x65617407 (a blktrace file, "
			    "DEVICE.blktrace.CPU, or blkparse -d output)", esc);
			free(buf[n]);
			goto out;
		}
		n++;
	}
	snprintf(p, sizeof p, "%s.blktrace.*", base);
	rc = parse_bt(im, p, (const unsigned char *const *)buf, len, n, dev);
out:
	for (i = 0; i < n; i++)
		free(buf[i]);
	free(buf);
	free(len);
	return (rc);
}

/* Read a whole file (or a blktrace run's files) and parse it. */
int
import_load(struct import *im, const char *path, uint32_t dev)
{
	char	*buf, base[4096];
	size_t	 len;
	int	 rc;

	memset(im, 0, sizeof *im);
	if (strcmp(path, "-") == 0)
		return (load_stdin(im, dev));
	if (bt_base(path, base, sizeof base))
		return (load_cpus(im, base, dev));
	if (load_file(im, path, &buf, &len) != 0)
		return (-1);
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
