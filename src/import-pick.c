/*
 * import-pick.c - which events of a parsed trace are kept: one device
 * (asked for, else the one with the most data read), the device-less
 * events (plugs, unplugs) of the tasks that queued on it and the reader's
 * markers, and the readahead events of one file (import.h).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "fmt.h"
#include "import.h"
#include "import-int.h"
#include "xalloc.h"

/* qsort(), bsearch(): pids. */
static int
pid_cb(const void *a, const void *b)
{
	int	x = *(const int *)a, y = *(const int *)b;

	return (x < y ? -1 : x > y);
}

/* Is e of one of the tasks pids, sorted (or of no known task)? */
static int
task_of(const struct blk_event *e, const int *pids, size_t npids)
{
	return (e->pid < 0 || (npids > 0 && bsearch(&e->pid, pids, npids,
	    sizeof *pids, pid_cb) != NULL));
}

/* A file that readahead events name, and how many windows it got. */
struct filesum {
	uint64_t	ino;
	uint32_t	sdev;
	uint64_t	n;
};

/*
 * The file whose readahead events are kept: the capture's own (its
 * header names the inode, and the file system but for a block device),
 * else of the files the tasks read ahead, the device itself read raw
 * (its inode number is its device number) or the one with the most
 * windows, the first seen on a tie.
 */
static void
pick_file(struct import *im, const int *pids, size_t npids)
{
	struct filesum	 f[16];
	size_t		 nf = 0, i, j, best = 0;
	int		 raw = -1;

	im->has_ra = 0;
	for (i = 0; i < im->nev; i++) {
		const struct blk_event	*e = &im->ev[i];

		if (!BLK_IS_RA(e->act) || !task_of(e, pids, npids))
			continue;
		if (im->cap.has_ino && (e->ra.ino != im->cap.ino ||
		    (im->cap.has_sdev && e->ra.sdev != im->cap.sdev)))
			continue;
		for (j = 0; j < nf && (f[j].ino != e->ra.ino ||
		    f[j].sdev != e->ra.sdev); j++)
			;
		if (j == nf) {
			if (nf == sizeof f / sizeof f[0])
				continue;
			f[nf++] = (struct filesum){ e->ra.ino, e->ra.sdev, 0 };
		}
		if (e->act == BLK_RA_WINDOW || e->act == BLK_RA_READ)
			f[j].n++;
		if (raw < 0 && e->ra.ino == im->dev)
			raw = (int)j;
	}
	if (nf == 0)
		return;
	for (i = 1; i < nf; i++)
		if (f[i].n > f[best].n)
			best = i;
	if (raw >= 0 && !im->cap.has_ino)
		best = (size_t)raw;
	im->has_ra = 1;
	im->ra_ino = f[best].ino;
	im->ra_sdev = f[best].sdev;
}

#define FD_DROP	(-2)	/* a read() from syscalls that is not the reader's */
#define FDS_MAX	64	/* descriptors followed per task */

/* A read() event: its task and its position. */
struct at {
	int	 pid;
	size_t	 i;
};

/* qsort(): events by task, then by position. */
static int
task_cb(const void *a, const void *b)
{
	const struct at	*x = a, *y = b;

	if (x->pid != y->pid)
		return (x->pid < y->pid ? -1 : 1);
	return (x->i < y->i ? -1 : x->i > y->i);
}

/*
 * The read() calls traced by the syscall tracepoints, when the trace has
 * no raviz markers: the reader is the task and descriptor (among the
 * device's tasks) whose calls returned the most bytes; each exit is its
 * task's last entry's, and the offsets are inferred: a sequential read
 * from offset 0, each call starting where the one before it ended.  Every
 * other such call is marked FD_DROP.  The calls are taken task by task
 * (sorted: O(n log n)), each task's first FDS_MAX descriptors followed.
 */
static void
pick_reads(struct import *im, const int *pids, size_t npids)
{
	struct blk_event	*e;
	struct at		*ix;
	size_t			 n = 0, i, k, a, b, nf;
	int			 markers = 0, best_pid = -1, best_fd = -1;
	int			 fd[FDS_MAX], open;
	uint64_t		 bytes[FDS_MAX], best = 0, pos = 0;

	for (i = 0; i < im->nev; i++)
		markers |= (im->ev[i].act == BLK_READ_BEGIN ||
		    im->ev[i].act == BLK_READ_END) && im->ev[i].fd == -1;
	ix = xreallocarray(NULL, im->nev + 1, sizeof *ix);
	for (i = 0; i < im->nev; i++) {
		e = &im->ev[i];
		if ((e->act != BLK_READ_BEGIN && e->act != BLK_READ_END) ||
		    e->fd < 0)
			continue;
		if (markers || e->pid < 0 || !task_of(e, pids, npids))
			e->fd = FD_DROP;
		else
			ix[n++] = (struct at){ e->pid, i };
	}
	qsort(ix, n, sizeof *ix, task_cb);
	for (a = 0; a < n; a = b) {
		for (b = a; b < n && ix[b].pid == ix[a].pid; b++)
			;
		nf = 0;
		open = -1;
		for (k = a; k < b; k++) {
			e = &im->ev[ix[k].i];
			if (e->act == BLK_READ_BEGIN) {
				open = e->fd;
				continue;
			}
			/* An exit is its task's last entry's. */
			if ((e->fd = open) < 0) {
				e->fd = FD_DROP;
				continue;
			}
			open = -1;
			for (i = 0; i < nf && fd[i] != e->fd; i++)
				;
			if (i == nf && nf < FDS_MAX) {
				fd[nf] = e->fd;
				bytes[nf++] = 0;
			}
			if (i < nf)
				bytes[i] += e->len;
		}
		for (i = 0; i < nf; i++)
			if (bytes[i] > best) {
				best = bytes[i];
				best_pid = ix[a].pid;
				best_fd = fd[i];
			}
	}
	free(ix);
	for (i = 0; i < im->nev; i++) {
		e = &im->ev[i];
		if ((e->act != BLK_READ_BEGIN && e->act != BLK_READ_END) ||
		    e->fd < 0)
			continue;
		if (best == 0 || e->pid != best_pid || e->fd != best_fd) {
			e->fd = FD_DROP;
			continue;
		}
		e->offset = pos;
		if (e->act == BLK_READ_END)
			pos += e->len;
		im->syscall_reads = 1;
	}
}

/* Data read per device, to pick one. */
struct devsum {
	uint32_t	dev;
	uint64_t	sect, n;
	size_t		first;		/* its first event */
	uint64_t	reads;		/* read request events */
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

/*
 * The devices of the events, each with the data its reads issued, in the
 * order they first appear (*nd of them; free() after): sorted by number
 * to add up, so any number of devices costs O(n log n).
 */
static struct devsum *
devices(const struct import *im, size_t *nd)
{
	const struct blk_event	*v;
	struct devsum		*e, *d;
	size_t			 ne = 0, i, k = 0;

	e = xreallocarray(NULL, im->nev + 1, sizeof *e);
	for (i = 0; i < im->nev; i++) {
		v = &im->ev[i];
		if (v->dev != BLK_NODEV)
			e[ne++] = (struct devsum){ v->dev, v->act == BLK_D &&
			    v->read ? v->nsect : 0, 1, i, v->read &&
			    v->nsect > 0 };
	}
	qsort(e, ne, sizeof *e, dev_cb);
	d = e;
	for (i = 0; i < ne; i++) {
		if (k > 0 && d[k - 1].dev == e[i].dev) {
			d[k - 1].sect += e[i].sect;
			d[k - 1].n++;
			d[k - 1].reads += e[i].reads;
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
int
import_pick(struct import *im, const char *name, uint32_t dev)
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
		if (d[j].reads == 0) {
			free(d);
			snprintf(im->err, sizeof im->err, "%s: no read request "
			    "is issued in the trace (devices: %s): raviz shows "
			    "reads, and writes never count as read; "
			    "--import-dev=MAJ,MIN shows a device anyway", esc,
			    list);
			return (-1);
		}
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
	/*
	 * Messages (blkparse, blktrace) name their device: another
	 * device's go, this one's are the task's, like trace markers.
	 */
	for (i = 0, o = 0; i < im->nev; i++) {
		if (im->ev[i].act >= BLK_READ_BEGIN &&
		    im->ev[i].dev != BLK_NODEV) {
			if (im->ev[i].dev != dev)
				continue;
			im->ev[i].dev = BLK_NODEV;
		}
		im->ev[o++] = im->ev[i];
	}
	im->nev = o;
	/*
	 * Tasks that queued on the device (and the reader) own the
	 * device-less plugs and readahead events.
	 */
	pids = xreallocarray(NULL, im->nev + 1, sizeof *pids);
	for (i = 0; i < im->nev; i++)
		if (im->ev[i].pid >= 0 && ((im->ev[i].dev == dev &&
		    im->ev[i].act == BLK_Q) || (im->ev[i].act ==
		    BLK_READ_BEGIN && im->ev[i].fd == -1)))
			pids[npids++] = im->ev[i].pid;
	qsort(pids, npids, sizeof *pids, pid_cb);
	pick_file(im, pids, npids);
	pick_reads(im, pids, npids);
	for (i = 0, o = 0; i < im->nev; i++) {
		const struct blk_event	*e = &im->ev[i];
		int			 keep = e->dev == dev;

		if (BLK_IS_RA(e->act))
			keep = im->has_ra && e->ra.ino == im->ra_ino &&
			    e->ra.sdev == im->ra_sdev &&
			    task_of(e, pids, npids);
		else if (e->act == BLK_READ_BEGIN || e->act == BLK_READ_END)
			keep = e->fd != FD_DROP;
		else if (e->dev == BLK_NODEV)
			keep = task_of(e, pids, npids);
		if (keep)
			im->ev[o++] = *e;
	}
	im->nev = o;
	free(pids);
	return (0);
}
