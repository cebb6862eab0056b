/*
 * export.c - the engine's events as block events, and those as
 * blkparse's default text.
 *
 * The model has no sectors: page N is sectors 8N .. 8N+7 of device 8,0.
 * A window queued on the plug list opens a plug (P) if none is open, then
 * reads Q, and G for a new request or M when it merged into the last one;
 * on the legacy plugged queue the request is inserted at once (I).  A
 * flush is U, or UT when the task goes to sleep (or, in legacy mode, the
 * unplug timer fired: blktrace's T); the requests it releases are then
 * inserted (I).  Dispatch is D, completion C with error 0.  The reader's
 * read() calls go out as blkparse messages (action m) "raviz read_begin
 * offset=O len=L", the same text --capture writes into trace_marker, so
 * an import gets the reader back.  An imported trace converts to the same
 * text (--import with --export): import.c parses, this file writes.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "blktrace.h"
#include "export.h"
#include "fmt.h"
#include "import.h"
#include "keyidx.h"
#include "opts.h"
#include "report.h"
#include "safefile.h"
#include "xalloc.h"

#define EXPORT_DEV	blk_dev(8, 0)
#define EXPORT_PID	1000

/* A request the plug list holds, not yet inserted. */
struct held {
	uint32_t	req;
	uint64_t	first, npages;
};

struct export {
	struct held	*held;
	size_t		 nheld, cheld;
	int		 plugged;
};

/* A new translator. */
struct export *
export_new(void)
{
	return (xcalloc(1, sizeof(struct export)));
}

/* Free a translator. */
void
export_free(struct export *x)
{
	if (x == NULL)
		return;
	free(x->held);
	free(x);
}

/* A block event for pages [first, first + n) at time t. */
static struct blk_event
ev(enum blk_act a, uint64_t t, uint64_t first, uint64_t n)
{
	struct blk_event	e = blk_read_event(a, t, EXPORT_DEV, first * 8,
				    (uint32_t)(n * 8));

	e.pid = EXPORT_PID;
	strcpy(e.rwbs, a == BLK_P || a == BLK_U || a == BLK_UT ? "N" : "R");
	strcpy(e.comm, "dd");
	return (e);
}

/* Remember or update a request on the plug list. */
static int
hold(struct export *x, uint32_t req, uint64_t first, uint64_t n)
{
	size_t		 i;

	for (i = 0; i < x->nheld; i++)
		if (x->held[i].req == req) {
			x->held[i].first = first;
			x->held[i].npages = n;
			return (0);
		}
	x->held = xgrow(x->held, &x->cheld, x->nheld, sizeof *x->held);
	x->held[x->nheld++] = (struct held){ req, first, n };
	return (0);
}

/* Translate one engine event. */
int
export_event(struct export *x, const struct sim_event *se,
    struct blk_event *out, size_t max)
{
	size_t	n = 0, i;

	if (max < 4)
		return (-1);
	switch (se->kind) {
	case SIM_EV_READ_BEGIN:
	case SIM_EV_READ_END:
		out[n] = ev(se->kind == SIM_EV_READ_BEGIN ? BLK_READ_BEGIN :
		    BLK_READ_END, se->t_ns, 0, 0);
		out[n].dev = BLK_NODEV;
		out[n].offset = se->first * SIM_PAGE_SIZE;
		out[n++].len = se->npages * SIM_PAGE_SIZE;
		break;
	case SIM_EV_QUEUE:
		if (!x->plugged) {
			out[n++] = ev(BLK_P, se->t_ns, 0, 0);
			x->plugged = 1;
		}
		out[n++] = ev(BLK_Q, se->t_ns, se->first, se->npages);
		out[n++] = ev(se->merged ? BLK_M : BLK_G, se->t_ns, se->first,
		    se->npages);
		if (se->where == SIM_WHERE_QUEUE)
			out[n++] = ev(BLK_I, se->t_ns, se->req_first,
			    se->req_npages);
		else if (hold(x, se->req, se->req_first, se->req_npages) != 0)
			return (-1);
		break;
	case SIM_EV_FLUSH:
		out[n] = ev(se->reason == SIM_REASON_SLEEP ||
		    se->reason == SIM_REASON_TIMER ? BLK_UT : BLK_U,
		    se->t_ns, 0, 0);
		out[n++].count = se->count;
		x->plugged = 0;
		for (i = 0; i < x->nheld; i++) {
			if (n == max)
				return (-1);
			out[n++] = ev(BLK_I, se->t_ns, x->held[i].first,
			    x->held[i].npages);
		}
		x->nheld = 0;
		break;
	case SIM_EV_DISPATCH:
		out[n++] = ev(BLK_D, se->t_ns, se->first, se->npages);
		break;
	case SIM_EV_COMPLETE:
		out[n++] = ev(BLK_C, se->t_ns, se->first, se->npages);
		break;
	default:
		break;
	}
	return ((int)n);
}

/*
 * The message that carries an event blktrace has no record for: "raviz
 * read_begin offset=O len=L" (the text --capture writes), "raviz
 * ra_window dev=0:3 ino=700000 ..." (import.c reads both back).
 */
static const char *
message(char *b, size_t len, const struct blk_event *e)
{
	char	f[160];

	if (e->act == BLK_READ_BEGIN || e->act == BLK_READ_END)
		snprintf(b, len, "raviz %s offset=%llu len=%llu",
		    blk_act_name(e->act), (unsigned long long)e->offset,
		    (unsigned long long)e->len);
	else
		snprintf(b, len, "raviz %s %s", blk_act_name(e->act),
		    blk_ra_fields(f, sizeof f, e));
	return (b);
}

/* One blkparse line, in its default layout. */
void
export_blkparse_line(FILE *f, const struct blk_event *e, uint64_t seq)
{
	uint32_t	 dev = e->dev == BLK_NODEV ? EXPORT_DEV : e->dev;
	const char	*rwbs = e->rwbs[0] ? e->rwbs : "N";
	const char	*comm = e->comm[0] ? e->comm : "-";
	char		 ra[200];

	fprintf(f, "%3u,%-3u %2d %8llu %5llu.%09llu %5d  ",
	    blk_dev_major(dev), blk_dev_minor(dev), 0,
	    (unsigned long long)seq,
	    (unsigned long long)(e->t_ns / 1000000000u),
	    (unsigned long long)(e->t_ns % 1000000000u), e->pid);
	switch (e->act) {
	case BLK_READ_BEGIN:
	case BLK_READ_END:
	case BLK_RA_SYNC:
	case BLK_RA_ASYNC:
	case BLK_RA_WINDOW:
	case BLK_RA_READ:
	case BLK_PAGE_ADD:
		fprintf(f, "m   N %s\n", message(ra, sizeof ra, e));
		break;
	case BLK_P:
		fprintf(f, "P   N [%s]\n", comm);
		break;
	case BLK_U:
	case BLK_UT:
		fprintf(f, "%-2s  N [%s] %u\n", blk_act_name(e->act), comm,
		    e->count);
		break;
	case BLK_C:
	case BLK_R:
		fprintf(f, "%s %3s %llu + %u [%d]\n", blk_act_name(e->act), rwbs,
		    (unsigned long long)e->sector, e->nsect, e->error);
		break;
	case BLK_X:
		fprintf(f, "X %3s %llu / %llu [%s]\n", rwbs,
		    (unsigned long long)e->sector,
		    (unsigned long long)e->sector2, comm);
		break;
	case BLK_A:
		fprintf(f, "A %3s %llu + %u <- (%u,%u) %llu\n", rwbs,
		    (unsigned long long)e->sector, e->nsect,
		    blk_dev_major(dev), blk_dev_minor(dev),
		    (unsigned long long)e->sector2);
		break;
	default:
		fprintf(f, "%-2s%3s %llu + %u [%s]\n", blk_act_name(e->act),
		    rwbs, (unsigned long long)e->sector, e->nsect, comm);
		break;
	}
}

/* A message line (action m) at e's time, device and pid. */
void
export_blkparse_message(FILE *f, const struct blk_event *e, uint64_t seq,
    const char *text)
{
	fprintf(f, "%3u,%-3u %2d %8llu %5llu.%09llu %5d  m   N %s\n",
	    blk_dev_major(e->dev), blk_dev_minor(e->dev), 0,
	    (unsigned long long)seq,
	    (unsigned long long)(e->t_ns / 1000000000u),
	    (unsigned long long)(e->t_ns % 1000000000u), e->pid, text);
}

/*
 * Where exported events go: blkparse text on out, or blktrace records
 * gathered in memory for DIR/NAME.blktrace.0 (CPU 0: the model and a
 * converted trace have one clock), a process record before each task's
 * first event so that blkparse names it.
 */
struct sink {
	FILE		*out;		/* text, or NULL */
	unsigned char	*buf;		/* records */
	size_t		 len, cap;
	uint32_t	 seq;
	struct keyidx	 named;		/* tasks named so far, by pid: a
					   lookup in O(1), where a scan of a
					   list made a trace of many tasks
					   quadratic */
	uint32_t	 dev;		/* the file's device */
};

/* Room for one more record in the sink. */
static unsigned char *
sink_room(struct sink *k)
{
	while (k->cap - k->len < BLKTRACE_MAX) {
		k->cap = k->cap ? 2 * k->cap : 65536;
		k->buf = xrealloc(k->buf, k->cap);
	}
	return (k->buf + k->len);
}

/* A message into the sink (seq: the text line's number). */
static void
sink_message(struct sink *k, const struct blk_event *e, uint64_t seq,
    const char *text)
{
	if (k->out != NULL)
		export_blkparse_message(k->out, e, seq, text);
	else
		k->len += blktrace_message(e->t_ns, k->dev, e->pid, text,
		    sink_room(k));
}

/* An event into the sink. */
static void
sink_event(struct sink *k, const struct blk_event *e, uint64_t seq)
{
	char	b[200];

	if (k->out != NULL) {
		export_blkparse_line(k->out, e, seq);
		return;
	}
	if (e->pid >= 0 &&
	    keyidx_oldest(&k->named, (uint64_t)e->pid) == KEYIDX_NONE) {
		keyidx_put(&k->named, k->named.count, (uint64_t)e->pid);
		k->len += blktrace_process(e->t_ns, k->dev, e->pid,
		    e->comm[0] ? e->comm : "-", sink_room(k));
	}
	if (e->act >= BLK_READ_BEGIN)
		k->len += blktrace_message(e->t_ns, k->dev, e->pid,
		    message(b, sizeof b, e), sink_room(k));
	else
		k->len += blktrace_encode(e, ++k->seq, sink_room(k));
}

/*
 * Write the sink's records to dir/NAME.blktrace.0 (the directory made if
 * missing), whole or not at all; an existing file only with force.  The
 * exit status, having said what went wrong or where it went on err.
 */
static int
sink_write(struct sink *k, const char *dir, int force, FILE *err)
{
	struct safefile_out	 so;
	char			 name[32], path[4096], esc[300], desc[300];
	const char		*why = NULL;
	size_t			 o;
	ssize_t			 n;

	blktrace_name(name, sizeof name, k->dev);
	snprintf(path, sizeof path, "%s/%s.blktrace.0", dir, name);
	fmt_escape_str(esc, sizeof esc, path);
	if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
		fprintf(err, "raviz: --export: %s: %s\n", esc, strerror(errno));
		return (2);
	}
	/* The one output rule (safefile.h): whole or not at all. */
	if (safefile_out_open(&so, path, force, SAFEFILE_WHOLE, &why) != 0) {
		fprintf(err, "raviz: --export: %s: %s\n", esc, why);
		return (2);
	}
	for (o = 0; o < k->len; o += (size_t)n)
		if ((n = write(so.fd, k->buf + o, k->len - o)) <= 0) {
			if (n < 0 && errno == EINTR) {
				n = 0;
				continue;
			}
			why = n < 0 ? strerror(errno) : "short write";
			break;
		}
	if (why != NULL) {
		safefile_out_abort(&so);
		fprintf(err, "raviz: --export: %s: %s\n", esc, why);
		return (1);
	}
	if (safefile_out_commit(&so, &why) != 0) {
		fprintf(err, "raviz: --export: %s: %s\n", esc, why);
		return (1);
	}
	fprintf(err, "raviz: blktrace file written: %s (blkparse -i %s/%s)\n",
	    esc, fmt_escape_str(desc, sizeof desc, dir), name);
	return (0);
}

/* Run the model and write its blkparse text or blktrace file. */
int
export_run(const struct opts *o, FILE *out, FILE *err)
{
	struct blk_event	 be[64];
	struct sim_event	 se;
	struct export		*x;
	struct sim		*s;
	struct sink		 k;
	uint64_t		 seq = 0;
	int			 rc, n, i, status = 0;

	if ((s = sim_new(&o->cfg)) == NULL) {
		fprintf(err, "raviz: out of memory\n");
		return (1);
	}
	memset(&k, 0, sizeof k);
	k.out = o->export_dir == NULL ? out : NULL;
	k.dev = EXPORT_DEV;
	x = export_new();
	while ((rc = sim_step(s, &se)) == 1) {
		if ((n = export_event(x, &se, be, sizeof be / sizeof be[0])) < 0) {
			rc = -1;
			break;
		}
		for (i = 0; i < n; i++)
			sink_event(&k, &be[i], ++seq);
		/* A full disk or a reader gone: stop, reported below. */
		if (k.out != NULL && ferror(k.out))
			break;
	}
	if (rc < 0) {
		fprintf(err, "raviz: out of memory\n");
		status = 1;
	}
	export_free(x);
	sim_free(s);
	if (k.out == NULL && status == 0)
		status = sink_write(&k, o->export_dir, o->force, err);
	free(k.buf);
	keyidx_free(&k.named);
	return (k.out != NULL ? report_flush(out, err, status) : status);
}

/*
 * The capture header's figures as a message the import reads back: "raviz
 * capture: read_ahead_kb 128, max_sectors_kb 1280, max_segments 128,
 * scheduler none, inode 700000" (what the header had).
 */
static void
capture_message(char *b, size_t len, const struct import *im)
{
	const struct import_capture	*c = &im->cap;
	size_t				 o = 0;

	fmt_append(b, len, &o, "raviz capture:");
	if (im->ra_kb > 0)
		fmt_append(b, len, &o, " read_ahead_kb %u,", im->ra_kb);
	if (c->max_sectors_kb > 0)
		fmt_append(b, len, &o, " max_sectors_kb %u,", c->max_sectors_kb);
	if (c->max_segments > 0)
		fmt_append(b, len, &o, " max_segments %u,", c->max_segments);
	if (c->scheduler[0] != '\0')
		fmt_append(b, len, &o, " scheduler %s,", c->scheduler);
	if (c->has_ino)
		fmt_append(b, len, &o, " inode %llx,",
		    (unsigned long long)c->ino);
	if (c->has_sdev)
		fmt_append(b, len, &o, " sdev %u:%u,", blk_dev_major(c->sdev),
		    blk_dev_minor(c->sdev));
	if (o > 0 && o < len && b[o - 1] == ',')
		b[o - 1] = '\0';
}

/* An imported trace as blkparse text or a blktrace file. */
int
export_convert(const struct opts *o, FILE *out, FILE *err)
{
	struct import	 im;
	struct sink	 k;
	size_t		 i;
	char		 hdr[256];
	int		 status = 0;

	if (import_open(&im, o->import_file, o->import_dev, err) != 0)
		return (2);
	memset(&k, 0, sizeof k);
	k.out = o->export_dir == NULL ? out : NULL;
	k.dev = im.dev;
	/* What a capture's header said, as a message in the same words. */
	if (im.nev > 0 && (im.ra_kb > 0 || im.cap.has_ino)) {
		struct blk_event	m = im.ev[0];

		m.dev = im.dev;
		capture_message(hdr, sizeof hdr, &im);
		sink_message(&k, &m, 0, hdr);
	}
	/* A message says when U stands for either kind of unplug. */
	if (!im.has_unplug_kind && im.nev > 0) {
		struct blk_event	m = im.ev[0];

		m.act = BLK_P;	/* layout only: the line is a message */
		m.dev = im.dev;
		sink_message(&k, &m, 0, "raviz unplug_kind_unknown");
	}
	for (i = 0; i < im.nev; i++) {
		if (im.ev[i].dev == BLK_NODEV)
			im.ev[i].dev = im.dev;	/* the task's plugs */
		sink_event(&k, &im.ev[i], i + 1);
	}
	import_free(&im);
	if (k.out == NULL)
		status = sink_write(&k, o->export_dir, o->force, err);
	free(k.buf);
	keyidx_free(&k.named);
	return (k.out != NULL ? report_flush(out, err, status) : status);
}
