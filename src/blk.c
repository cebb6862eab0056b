/*
 * blk.c - the real-trace event vocabulary: names, the device number
 * encoding, RWBS and the time order.  The parsers (import.c) produce
 * these events; the pipeline state (pipe.c) applies them.  Per-CPU
 * buffers make a trace's lines come out of time order, so blk_sort()
 * restores it, keeping the file order among equal times.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blk.h"

static void	blk_narrate_ra(char *, size_t, const struct blk_event *);

static const struct {
	const char	*name;
	const char	*words;
} acts[BLK_NACT] = {
	[BLK_Q] = { "Q", "bio queued" },
	[BLK_G] = { "G", "request allocated" },
	[BLK_P] = { "P", "plug" },
	[BLK_U] = { "U", "unplug (explicit)" },
	[BLK_UT] = { "UT", "unplug: the task is about to sleep" },
	[BLK_I] = { "I", "request inserted in the queue" },
	[BLK_D] = { "D", "request issued to the device" },
	[BLK_C] = { "C", "request completed" },
	[BLK_M] = { "M", "bio merged at the back of a request" },
	[BLK_F] = { "F", "bio merged at the front of a request" },
	[BLK_A] = { "A", "bio remapped from another device" },
	[BLK_X] = { "X", "bio split" },
	[BLK_R] = { "R", "request requeued" },
	[BLK_READ_BEGIN] = { "read_begin", "the reader enters read()" },
	[BLK_READ_END] = { "read_end", "read() returns" },
	[BLK_RA_SYNC] = { "ra_sync", "synchronous readahead on a miss" },
	[BLK_RA_ASYNC] = { "ra_async", "asynchronous readahead on the marker" },
	[BLK_RA_WINDOW] = { "ra_window", "the new readahead window" },
	[BLK_RA_READ] = { "ra_read", "pages read as asked" },
	[BLK_PAGE_ADD] = { "page_add", "a folio enters the page cache" },
};

/* A read event with only its action, time, device and sectors. */
struct blk_event
blk_read_event(enum blk_act a, uint64_t t, uint32_t dev, uint64_t sector,
    uint32_t nsect)
{
	struct blk_event	e;

	memset(&e, 0, sizeof e);
	e.t_ns = t;
	e.dev = dev;
	e.act = a;
	e.read = 1;
	e.sector = sector;
	e.nsect = nsect;
	e.fd = -1;
	return (e);
}

/* Encode a device number. */
uint32_t
blk_dev(unsigned major, unsigned minor)
{
	return ((uint32_t)(major & 0xfff) << 20 | (minor & 0xfffff));
}

/* The major number of an encoded device. */
unsigned
blk_dev_major(uint32_t d)
{
	return (d >> 20);
}

/* The minor number of an encoded device. */
unsigned
blk_dev_minor(uint32_t d)
{
	return (d & 0xfffff);
}

/* The letters of an action. */
const char *
blk_act_name(enum blk_act a)
{
	return ((unsigned)a < BLK_NACT ? acts[a].name : "?");
}

/* An action in words. */
const char *
blk_act_words(enum blk_act a)
{
	return ((unsigned)a < BLK_NACT ? acts[a].words : "?");
}

/* Look up blktrace's letters (markers are not letters: never matched). */
int
blk_act_parse(const char *s, size_t n, enum blk_act *out)
{
	int	a;

	for (a = 0; a < BLK_READ_BEGIN; a++)
		if (strlen(acts[a].name) == n &&
		    memcmp(acts[a].name, s, n) == 0) {
			*out = (enum blk_act)a;
			return (0);
		}
	return (-1);
}

/* Check an RWBS field and say whether it is a read. */
int
blk_rwbs(const char *s, size_t n, int *read)
{
	size_t	i;

	if (n == 0)
		return (-1);
	*read = 0;
	for (i = 0; i < n; i++) {
		if (!((s[i] >= 'A' && s[i] <= 'Z') ||
		    (s[i] >= 'a' && s[i] <= 'z')))
			return (-1);
		if (s[i] == 'R')
			*read = 1;
	}
	return (0);
}

/* qsort order: time, then file order. */
static int
cmp_cb(const void *a, const void *b)
{
	const struct blk_event	*x = a, *y = b;

	if (x->t_ns != y->t_ns)
		return (x->t_ns < y->t_ns ? -1 : 1);
	return (x->seq < y->seq ? -1 : x->seq > y->seq);
}

/* A back merge ends where the request ends; a front merge where it starts. */
int
blk_merges(const struct blk_event *e, uint64_t sector, uint64_t nsect)
{
	return ((e->act == BLK_M && sector + nsect == e->sector) ||
	    (e->act == BLK_F && e->sector + e->nsect == sector));
}

/* A readahead event's fields, by their tracepoint names. */
char *
blk_ra_fields(char *buf, size_t len, const struct blk_event *e)
{
	const struct blk_ra	*r = &e->ra;
	int			 n;

	n = snprintf(buf, len, "dev=%u:%u ino=%llx ", blk_dev_major(r->sdev),
	    blk_dev_minor(r->sdev), (unsigned long long)r->ino);
	if (n < 0 || (size_t)n >= len)
		return (buf);
	switch (e->act) {
	case BLK_RA_SYNC:
	case BLK_RA_ASYNC:
		snprintf(buf + n, len - (size_t)n, "index=%llu req_count=%llu "
		    "order=%u size=%u async_size=%u ra_pages=%u",
		    (unsigned long long)r->index, (unsigned long long)r->req,
		    r->order, r->size, r->async, r->ra_pages);
		break;
	case BLK_RA_WINDOW:
		snprintf(buf + n, len - (size_t)n, "index=%llu order=%u size=%u "
		    "async_size=%u ra_pages=%u", (unsigned long long)r->index,
		    r->order, r->size, r->async, r->ra_pages);
		break;
	case BLK_RA_READ:
		snprintf(buf + n, len - (size_t)n, "index=%llu nr_to_read=%u "
		    "lookahead_size=%u", (unsigned long long)r->index, r->size,
		    r->async);
		break;
	default:
		snprintf(buf + n, len - (size_t)n, "ofs=%llu order=%u",
		    (unsigned long long)r->index * 4096, r->order);
		break;
	}
	return (buf);
}

/* A window and the single-page reading it falls back to. */
int
blk_ra_same_window(const struct blk_event *w, const struct blk_event *r)
{
	return (w->act == BLK_RA_WINDOW && r->act == BLK_RA_READ &&
	    w->pid == r->pid && w->ra.ino == r->ra.ino &&
	    w->ra.sdev == r->ra.sdev && w->ra.index == r->ra.index);
}

/* Sort by time; seq makes the order total, hence stable. */
void
blk_sort(struct blk_event *ev, size_t n)
{
	if (n > 1)
		qsort(ev, n, sizeof *ev, cmp_cb);
}

/* A readahead event in words: what its tracepoint says. */
static void
blk_narrate_ra(char *buf, size_t len, const struct blk_event *e)
{
	const struct blk_ra	*r = &e->ra;
	unsigned long long	 i = (unsigned long long)r->index;
	unsigned long long	 end = i + r->size;

	switch (e->act) {
	case BLK_RA_SYNC:
		snprintf(buf, len, "page_cache_sync_ra: page %llu is missing, "
		    "read() wants %llu page%s", i, (unsigned long long)r->req,
		    r->req == 1 ? "" : "s");
		break;
	case BLK_RA_ASYNC:
		snprintf(buf, len, "page_cache_async_ra: page %llu has the "
		    "marker, read() wants %llu page%s", i,
		    (unsigned long long)r->req, r->req == 1 ? "" : "s");
		break;
	case BLK_RA_WINDOW:
		snprintf(buf, len, "readahead window [%llu,%llu): %u pages, "
		    "async %u, marker %llu, folio order %u", i, end, r->size,
		    r->async, r->async > 0 && r->async <= r->size ?
		    end - r->async : end, r->order);
		break;
	case BLK_RA_READ:
		if (r->async > 0 && r->async <= r->size)
			snprintf(buf, len, "readahead reads [%llu,%llu), marker "
			    "%llu", i, end, end - r->async);
		else
			snprintf(buf, len, "readahead reads [%llu,%llu), no "
			    "marker", i, end);
		break;
	default:
		snprintf(buf, len, "page cache: a %llu KiB folio at page %llu",
		    4ull << (r->order < 20 ? r->order : 20), i);
		break;
	}
}

/*
 * An event in words.  Most actions say what happened to a size at a sector:
 * "VERB: [a ]N KiB[ bio] at sector S[ what came of it]", written once.
 */
char *
blk_narrate(char *buf, size_t len, const struct blk_event *e)
{
	unsigned long long	kib = (unsigned long long)e->nsect / 2;
	unsigned long long	sec = (unsigned long long)e->sector;
	const char		*s = e->count == 1 ? "" : "s";
	const char		*verb = NULL, *bio = "", *then = "";
	char			 tail[64];

	if (len == 0)
		return (buf);
	switch (e->act) {
	case BLK_Q:
		verb = "queue: a ";
		bio = " bio";
		break;
	case BLK_G:
		verb = "get request: ";
		break;
	case BLK_I:
		verb = "insert: ";
		then = " into the queue";
		break;
	case BLK_D:
		verb = "issue: ";
		then = " to the device";
		break;
	case BLK_C:
		verb = "complete: ";
		then = ", pages up to date";
		if (e->error) {
			snprintf(tail, sizeof tail, " failed (error %d)",
			    e->error);
			then = tail;
		}
		break;
	case BLK_M:
	case BLK_F:
		verb = "merge: a ";
		bio = " bio";
		then = e->act == BLK_M ? " joins a request at its back" :
		    " joins a request at its front";
		break;
	case BLK_R:
		verb = "requeue: ";
		then = " goes back to the queue";
		break;
	case BLK_P:
		snprintf(buf, len, "plug: the task starts holding requests");
		break;
	case BLK_U:
		snprintf(buf, len, "unplug: %u request%s, explicit", e->count,
		    s);
		break;
	case BLK_UT:
		snprintf(buf, len, "unplug: %u request%s, the task is about to "
		    "sleep", e->count, s);
		break;
	case BLK_A:
		snprintf(buf, len, "remap: %llu KiB to sector %llu from sector "
		    "%llu", kib, sec, (unsigned long long)e->sector2);
		break;
	case BLK_X:
		snprintf(buf, len, "split: the bio at sector %llu splits at "
		    "%llu", sec, (unsigned long long)e->sector2);
		break;
	case BLK_READ_BEGIN:
		snprintf(buf, len, "read(): %llu bytes at offset %llu",
		    (unsigned long long)e->len, (unsigned long long)e->offset);
		break;
	case BLK_READ_END:
		snprintf(buf, len, "read() returns %llu bytes",
		    (unsigned long long)e->len);
		break;
	case BLK_RA_SYNC:
	case BLK_RA_ASYNC:
	case BLK_RA_WINDOW:
	case BLK_RA_READ:
	case BLK_PAGE_ADD:
		blk_narrate_ra(buf, len, e);
		break;
	default:
		snprintf(buf, len, "?");
		break;
	}
	if (verb != NULL)
		snprintf(buf, len, "%s%llu KiB%s at sector %llu%s", verb, kib,
		    bio, sec, then);
	return (buf);
}
