/*
 * capture.c - a real block trace of a read raviz does itself.
 *
 * Everything happens in a private tracefs instance
 * (instances/raviz-PID): it has its own buffer and its own event
 * switches, so the global tracing settings and whatever another tool has
 * in the main buffer are never touched, and restoring everything is one
 * rmdir.  Nothing may leave tracing on:
 * - the instance is removed on every exit path, and on SIGINT, SIGTERM,
 *   SIGHUP and SIGQUIT (the handlers only set a flag; the read loop sees
 *   it);
 * - a watchdog process, forked before the instance exists, in its own
 *   session and deaf to those signals, holds the read end of a pipe:
 *   when raviz's end closes without raviz having said it cleaned up
 *   (SIGKILL, a crash), it removes the instance and the unfinished output
 *   itself;
 * - at the start, instances raviz-PID of processes that are gone are
 *   removed, with a message.
 * The trace is written to a temporary name next to the output and given
 * its name only when complete (safefile.h).  PATH is checked before
 * anything is traced or written: a regular file or block device (opened
 * without blocking, so a FIFO cannot hang it), on a block device (tmpfs,
 * procfs and the like have none to trace), not empty.  The device filter
 * keeps other disks out (a partition's requests name its disk: both
 * pass); block_plug, block_unplug and the readahead events carry no
 * device and are filtered by our pid instead.  The reader writes "raviz
 * read_begin offset=O len=L" and "raviz read_end ..." into the instance's
 * trace_marker around each read(), so its boundaries land in the same
 * trace, on the same clock.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <dirent.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include "capture.h"
#include "fmt.h"
#include "import.h"
#include "opts.h"
#include "safefile.h"

static volatile sig_atomic_t stop_flag;

/*
 * The events switched on, and how each is kept to this capture: by the
 * device (block events with a dev field, when PATH is on a whole disk),
 * by our pid (block_plug and block_unplug carry no device; the readahead
 * and page cache events name a file, and only the reader's are wanted -
 * the header names the file among them).  An event the kernel does not
 * have is passed over: the readahead events came in Linux 6.18,
 * block_rq_requeue is older than blk-mq.
 */
enum { F_DEV, F_PID };
static const struct {
	const char	*sys;
	const char	*name;
	int		 filter;
} events[] = {
	{ "block", "block_bio_queue", F_DEV }, { "block", "block_getrq", F_DEV },
	{ "block", "block_plug", F_PID }, { "block", "block_unplug", F_PID },
	{ "block", "block_rq_insert", F_DEV },
	{ "block", "block_rq_issue", F_DEV },
	{ "block", "block_rq_complete", F_DEV },
	{ "block", "block_rq_requeue", F_DEV },
	{ "block", "block_bio_backmerge", F_DEV },
	{ "block", "block_bio_frontmerge", F_DEV },
	{ "block", "block_bio_remap", F_DEV }, { "block", "block_split", F_DEV },
	{ "readahead", "page_cache_sync_ra", F_PID },
	{ "readahead", "page_cache_async_ra", F_PID },
	{ "readahead", "page_cache_ra_order", F_PID },
	{ "readahead", "page_cache_ra_unbounded", F_PID },
	{ "filemap", "mm_filemap_add_to_page_cache", F_PID },
};

/* A capture in progress. */
struct cap {
	char		 inst[256];	/* the instance directory, or "" */
	int		 marker;	/* its trace_marker, or -1 */
	FILE		*err;
	char		 tmp[4096];	/* the output's temporary, or "" */
	pid_t		 dog;		/* the watchdog, or -1 */
	int		 dog_fd;	/* raviz's end of its pipe, or -1 */
};

/* Note a stop request. */
static void
stop_cb(int sig)
{
	(void)sig;
	stop_flag = 1;
}

/* Write text into a tracefs file under the instance; -1 with errno. */
static int
put(const struct cap *c, const char *rel, const char *text)
{
	char	path[512];
	int	fd, rc = 0;
	size_t	n = strlen(text);

	snprintf(path, sizeof path, "%s/%s", c->inst, rel);
	if ((fd = open(path, O_WRONLY | O_TRUNC)) < 0)
		return (-1);
	if (write(fd, text, n) != (ssize_t)n)
		rc = -1;
	if (close(fd) != 0)
		rc = -1;
	return (rc);
}

/* Switch an instance's events off and remove it; -1 with errno. */
static int
inst_remove(const char *inst)
{
	struct cap	c;
	size_t		i;
	char		rel[128];

	snprintf(c.inst, sizeof c.inst, "%s", inst);
	for (i = 0; i < sizeof events / sizeof events[0]; i++) {
		snprintf(rel, sizeof rel, "events/%s/%s/enable",
		    events[i].sys, events[i].name);
		(void)put(&c, rel, "0");
	}
	return (rmdir(inst));
}

/* Remove the instance (switching its events off first). */
static void
cleanup(struct cap *c)
{
	if (c->marker >= 0)
		close(c->marker);
	c->marker = -1;
	if (c->inst[0] == '\0')
		return;
	if (inst_remove(c->inst) != 0)
		fprintf(c->err, "raviz: --capture: could not remove the "
		    "tracing instance %s: %s (remove it with rmdir)\n",
		    c->inst, strerror(errno));
	c->inst[0] = '\0';
}

/*
 * The watchdog's life: in its own session (a terminal's signals and
 * hangup are not for it), deaf to the signals raviz handles, holding
 * nothing but its end of the pipe.  One byte before the end of the pipe
 * says raviz cleaned up itself; the end alone (raviz killed) leaves it to
 * the watchdog.  Never returns.
 */
static void
watchdog(int fd, const char *inst, const char *tmp)
{
	static const int	 deaf[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT,
				    SIGPIPE };
	char			 b;
	ssize_t			 n;
	size_t			 i;
	int			 k, done = 0;

	(void)setsid();
	for (i = 0; i < sizeof deaf / sizeof deaf[0]; i++)
		(void)signal(deaf[i], SIG_IGN);
	for (k = 3; k < 1024; k++)
		if (k != fd)
			(void)close(k);
	while ((n = read(fd, &b, 1)) != 0) {
		if (n == 1)
			done = 1;
		else if (errno != EINTR)
			break;
	}
	/*
	 * raviz's files close as it dies, in some order: the pipe's end may
	 * go before the instance's trace_marker, which keeps the instance
	 * busy a moment longer.  Try for 10 s.
	 */
	for (k = 0; !done && k < 200; k++) {
		if (inst_remove(inst) == 0 || errno == ENOENT)
			break;
		(void)usleep(50000);
	}
	if (!done && tmp[0] != '\0')
		(void)unlink(tmp);
	_exit(0);
}

/* Start the watchdog of c's instance and temporary; -1 with errno. */
static int
watchdog_start(struct cap *c)
{
	int	p[2];

	if (pipe(p) != 0)
		return (-1);
	fflush(NULL);
	if ((c->dog = fork()) == -1) {
		close(p[0]);
		close(p[1]);
		return (-1);
	}
	if (c->dog == 0) {
		close(p[1]);
		watchdog(p[0], c->inst, c->tmp);
	}
	close(p[0]);
	(void)fcntl(p[1], F_SETFD, FD_CLOEXEC);
	c->dog_fd = p[1];
	return (0);
}

/* Tell the watchdog all is clean, and wait for it to go. */
static void
watchdog_stop(struct cap *c)
{
	if (c->dog_fd >= 0) {
		/* A lost byte: it then cleans what is clean already. */
		(void)!write(c->dog_fd, "x", 1);
		close(c->dog_fd);
		c->dog_fd = -1;
	}
	if (c->dog > 0)
		while (waitpid(c->dog, NULL, 0) == -1 && errno == EINTR)
			;
	c->dog = -1;
}

/*
 * Remove the instances raviz-PID under root/instances whose raviz is
 * gone (no such process, or one that is not raviz: its pid was reused),
 * saying so on err.
 */
static void
stale(const char *root, FILE *err)
{
	char		 dir[128], inst[512], p[64], comm[32];
	struct dirent	*d;
	DIR		*dp;
	FILE		*f;
	long		 pid;
	char		*end;
	int		 alive;

	snprintf(dir, sizeof dir, "%s/instances", root);
	if ((dp = opendir(dir)) == NULL)
		return;
	while ((d = readdir(dp)) != NULL) {
		if (strncmp(d->d_name, "raviz-", 6) != 0)
			continue;
		pid = strtol(d->d_name + 6, &end, 10);
		if (*end != '\0' || pid <= 0 || end == d->d_name + 6)
			continue;
		alive = pid != (long)getpid() && kill((pid_t)pid, 0) == 0;
		snprintf(p, sizeof p, "/proc/%ld/comm", pid);
		if (alive && (f = fopen(p, "r")) != NULL) {
			if (fgets(comm, sizeof comm, f) == NULL)
				comm[0] = '\0';
			fclose(f);
			alive = strcmp(comm, "raviz\n") == 0;
		}
		if (alive)
			continue;
		snprintf(inst, sizeof inst, "%s/%s", dir, d->d_name);
		if (inst_remove(inst) == 0)
			fprintf(err, "raviz: --capture: removed the tracing "
			    "instance %s, left by a raviz (pid %ld) that is "
			    "gone\n", inst, pid);
		else
			fprintf(err, "raviz: --capture: the tracing instance "
			    "%s, left by a raviz (pid %ld) that is gone, could "
			    "not be removed: %s\n", inst, pid, strerror(errno));
	}
	closedir(dp);
}

/* The tracefs root with block events, or NULL. */
static const char *
tracefs(void)
{
	static const char *const roots[] = {
		"/sys/kernel/tracing", "/sys/kernel/debug/tracing"
	};
	char	p[128];
	size_t	i;

	for (i = 0; i < 2; i++) {
		snprintf(p, sizeof p, "%s/instances", roots[i]);
		if (access(p, W_OK) != 0)
			continue;
		snprintf(p, sizeof p, "%s/events/block/block_rq_issue",
		    roots[i]);
		if (access(p, F_OK) == 0)
			return (roots[i]);
	}
	return (NULL);
}

/* Write a marker line (best effort: a lost marker only loses a boundary). */
static void
mark(const struct cap *c, const char *what, uint64_t off, uint64_t len)
{
	char	b[128];
	int	n;

	n = snprintf(b, sizeof b, "raviz %s offset=%llu len=%llu\n", what,
	    (unsigned long long)off, (unsigned long long)len);
	if (write(c->marker, b, (size_t)n) != n)
		return;
}

/* Copy the instance's trace after a header to out; -1 on error. */
static int
dump(const struct cap *c, FILE *out, const char *hdr)
{
	char	path[512], b[65536];
	ssize_t	n;
	int	fd;

	snprintf(path, sizeof path, "%s/trace", c->inst);
	if ((fd = open(path, O_RDONLY)) < 0)
		return (-1);
	fputs(hdr, out);
	while ((n = read(fd, b, sizeof b)) > 0)
		if (fwrite(b, 1, (size_t)n, out) != (size_t)n)
			break;
	close(fd);
	return (n < 0 || ferror(out) ? -1 : 0);
}

/*
 * A line of a sysfs file of the queue of device dev (a partition's is
 * its disk's) into buf, without its newline; "?" when there is none.
 */
static void
queue_attr(char *buf, size_t len, uint32_t dev, const char *name)
{
	char	 p[128], *o, *c;
	FILE	*f;

	snprintf(p, sizeof p, "/sys/dev/block/%u:%u/queue/%s", dev >> 20,
	    dev & 0xfffff, name);
	if ((f = fopen(p, "r")) == NULL) {
		snprintf(p, sizeof p, "/sys/dev/block/%u:%u/../queue/%s",
		    dev >> 20, dev & 0xfffff, name);
		f = fopen(p, "r");
	}
	snprintf(buf, len, "?");
	if (f == NULL)
		return;
	if (fgets(buf, (int)len, f) == NULL)
		snprintf(buf, len, "?");
	fclose(f);
	buf[strcspn(buf, "\n")] = '\0';
	/* The scheduler in force is the one in brackets. */
	if ((o = strchr(buf, '[')) != NULL && (c = strchr(o, ']')) != NULL) {
		*c = '\0';
		memmove(buf, o + 1, strlen(o + 1) + 1);
	}
	if (buf[0] == '\0' || strspn(buf, "abcdefghijklmnopqrstuvwxyz"
	    "0123456789-_") != strlen(buf))
		snprintf(buf, len, "?");
}

/*
 * The capture's first line: what was read and how, the device's queue
 * limits, and the file (its inode as the readahead tracepoints print it,
 * hexadecimal; a block device's is its device number, on the block
 * device file system, whose number is not known here).
 */
static void
header(char *h, size_t len, const char *esc, uint32_t dev, uint64_t bs,
    uint64_t limit, const struct stat *sb)
{
	struct utsname	u;
	char		ra[32], ms[32], seg[32], sch[32], file[64];

	if (uname(&u) != 0)
		strcpy(u.release, "?");
	queue_attr(ra, sizeof ra, dev, "read_ahead_kb");
	queue_attr(ms, sizeof ms, dev, "max_sectors_kb");
	queue_attr(seg, sizeof seg, dev, "max_segments");
	queue_attr(sch, sizeof sch, dev, "scheduler");
	if (S_ISBLK(sb->st_mode))
		snprintf(file, sizeof file, "inode %x", (unsigned)dev);
	else
		snprintf(file, sizeof file, "inode %llx, sdev %u:%u",
		    (unsigned long long)sb->st_ino, major(sb->st_dev),
		    minor(sb->st_dev));
	snprintf(h, len, "# raviz capture: %s, device %u,%u, bs %llu, %llu "
	    "bytes, kernel %s, read_ahead_kb %s, max_sectors_kb %s, "
	    "max_segments %s, scheduler %s, %s\n", esc, dev >> 20,
	    dev & 0xfffff, (unsigned long long)bs, (unsigned long long)limit,
	    u.release, ra, ms, seg, sch, file);
}

/* The read itself, like dd. */
static int
read_like_dd(struct cap *c, int fd, uint64_t bs, uint64_t limit)
{
	char		*buf;
	uint64_t	 off = 0, want;
	ssize_t		 n;

	if ((buf = malloc(bs)) == NULL)
		return (-1);
	while (off < limit && !stop_flag) {
		want = limit - off < bs ? limit - off : bs;
		mark(c, "read_begin", off, want);
		n = read(fd, buf, want);
		if (n < 0 && errno == EINTR)
			break;
		if (n < 0) {
			free(buf);
			return (-1);
		}
		mark(c, "read_end", off, (uint64_t)n);
		if (n == 0)
			break;
		off += (uint64_t)n;
	}
	free(buf);
	return (0);
}

/*
 * Open PATH to capture, before anything is traced or written: a regular
 * file or a block device, opened without blocking (a FIFO cannot hang
 * it), on a block device, and not empty.  Its descriptor, with *sb, its
 * device (*dev, the blk_dev() encoding), its disk's (*disk: itself if it
 * is a whole disk) and its size; or -1 having said why on err.
 */
static int
check_path(const char *path, const char *esc, FILE *err, struct stat *sb,
    uint32_t *dev, uint32_t *disk, uint64_t *size)
{
	char		 sysf[128], line[32];
	unsigned	 ma, mi;
	FILE		*f;
	int		 fd;

	if ((fd = open(path, O_RDONLY | O_NONBLOCK)) < 0 ||
	    fstat(fd, sb) != 0) {
		fprintf(err, "raviz: --capture: %s: %s\n", esc,
		    strerror(errno));
		if (fd >= 0)
			close(fd);
		return (-1);
	}
	if (!S_ISBLK(sb->st_mode) && !S_ISREG(sb->st_mode)) {
		fprintf(err, "raviz: --capture: %s: %s; expected a regular "
		    "file or a block device\n", esc, safefile_type_name(sb->st_mode));
		close(fd);
		return (-1);
	}
	(void)fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	if (S_ISBLK(sb->st_mode)) {
		*dev = blk_dev(major(sb->st_rdev), minor(sb->st_rdev));
		if (ioctl(fd, BLKGETSIZE64, size) != 0)
			*size = 0;
	} else {
		*dev = blk_dev(major(sb->st_dev), minor(sb->st_dev));
		*size = (uint64_t)sb->st_size;
	}
	snprintf(sysf, sizeof sysf, "/sys/dev/block/%u:%u", blk_dev_major(*dev),
	    blk_dev_minor(*dev));
	if (access(sysf, F_OK) != 0) {
		fprintf(err, "raviz: --capture: %s: its file system's device "
		    "%u:%u is no block device (tmpfs, procfs, a network or "
		    "btrfs file system): there is no block I/O to trace; "
		    "capture a file on a disk, or the disk itself\n", esc,
		    blk_dev_major(*dev), blk_dev_minor(*dev));
		close(fd);
		return (-1);
	}
	if (*size == 0) {
		fprintf(err, "raviz: --capture: %s: %s reads 0 bytes: nothing "
		    "to read\n", esc, S_ISBLK(sb->st_mode) ? "the device" :
		    "the file");
		close(fd);
		return (-1);
	}
	/* A partition's requests name its disk: the disk's number. */
	*disk = *dev;
	snprintf(sysf, sizeof sysf, "/sys/dev/block/%u:%u/partition",
	    blk_dev_major(*dev), blk_dev_minor(*dev));
	if (access(sysf, F_OK) == 0) {
		snprintf(sysf, sizeof sysf, "/sys/dev/block/%u:%u/../dev",
		    blk_dev_major(*dev), blk_dev_minor(*dev));
		if ((f = fopen(sysf, "r")) != NULL) {
			if (fgets(line, sizeof line, f) != NULL &&
			    sscanf(line, "%u:%u", &ma, &mi) == 2)
				*disk = blk_dev(ma, mi);
			fclose(f);
		}
	}
	return (fd);
}

/*
 * The output's name: --capture-out, or the first raviz-capture-N.trace
 * that does not exist (in name).  An existing --capture-out without
 * --force, or the file being captured, is refused (-1, said on err).
 */
static int
out_name(const struct opts *o, char *name, size_t len, FILE *err)
{
	char		oesc[300];
	struct stat	sb;
	unsigned	n;

	if (o->capture_out == NULL) {
		for (n = 1; n < 100000; n++) {
			snprintf(name, len, "raviz-capture-%u.trace", n);
			if (lstat(name, &sb) != 0 && errno == ENOENT)
				return (0);
		}
		fprintf(err, "raviz: --capture: raviz-capture-1.trace to "
		    "-99999.trace all exist (--capture-out names another)\n");
		return (-1);
	}
	fmt_escape_str(oesc, sizeof oesc, o->capture_out);
	if (safefile_same(o->capture_out, o->capture)) {
		/* Never write the trace over what is being read. */
		fprintf(err, "raviz: --capture-out: %s: is the file being "
		    "captured\n", oesc);
		return (-1);
	}
	if (!o->force && lstat(o->capture_out, &sb) == 0) {
		fprintf(err, "raviz: --capture-out: %s: the file exists "
		    "(--force replaces it)\n", oesc);
		return (-1);
	}
	snprintf(name, len, "%s", o->capture_out);
	return (0);
}

/*
 * Make the instance and switch the events on, each kept to this capture
 * (filters: the device and its disk, or our pid); an event the kernel
 * does not have is passed over.  0, or -1 having said why.
 */
static int
trace_on(struct cap *c, uint32_t dev, uint32_t disk)
{
	char	filt[96], rel[128];
	size_t	k;

	if (mkdir(c->inst, 0755) != 0) {
		fprintf(c->err, "raviz: --capture: cannot create the tracing "
		    "instance %s: %s\n", c->inst, strerror(errno));
		c->inst[0] = '\0';
		return (-1);
	}
	(void)put(c, "buffer_size_kb", "16384");
	for (k = 0; k < sizeof events / sizeof events[0]; k++) {
		if (events[k].filter == F_DEV && disk != dev)
			snprintf(filt, sizeof filt, "dev == %u || dev == %u",
			    dev, disk);
		else if (events[k].filter == F_DEV)
			snprintf(filt, sizeof filt, "dev == %u", dev);
		else
			snprintf(filt, sizeof filt, "common_pid == %ld",
			    (long)getpid());
		snprintf(rel, sizeof rel, "events/%s/%s/filter",
		    events[k].sys, events[k].name);
		(void)put(c, rel, filt);
		snprintf(rel, sizeof rel, "events/%s/%s/enable",
		    events[k].sys, events[k].name);
		if (put(c, rel, "1") != 0 && errno != ENOENT) {
			fprintf(c->err, "raviz: --capture: cannot enable %s: "
			    "%s\n", events[k].name, strerror(errno));
			return (-1);
		}
	}
	snprintf(rel, sizeof rel, "%s/trace_marker", c->inst);
	if ((c->marker = open(rel, O_WRONLY)) < 0) {
		fprintf(c->err, "raviz: --capture: %s: %s\n", rel,
		    strerror(errno));
		return (-1);
	}
	return (0);
}

/* Print the summary of the capture's import to out (exit status). */
static int
summary(const char *outname, uint32_t dev, FILE *out, FILE *err)
{
	struct import	 im;
	struct pipe	*p;
	size_t		 k;

	if (import_load(&im, outname, dev) != 0) {
		fprintf(err, "raviz: %s\n", im.err);
		import_free(&im);
		return (1);
	}
	p = pipe_new();
	for (k = 0; k < im.nev; k++)
		if (pipe_apply(p, &im.ev[k]) != 0)
			break;
	import_summary(out, &im, p);
	pipe_free(p);
	import_free(&im);
	return (fflush(out) == 0 ? 0 : 1);
}

/* Run a capture. */
int
capture_run(const struct opts *o, FILE *out, FILE *err,
    struct capture_shown *shown)
{
	struct cap		 c;
	struct sigaction	 sa, old[4];
	static const int	 sigs[4] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
	const char		*root, *why = NULL;
	char			 esc[300], outname[4096], hdr[1024];
	char			 oesc[300];
	struct stat		 sb;
	uint64_t		 size = 0, limit, bs;
	uint32_t		 dev = 0, disk = 0;
	int			 fd, status = 0, i;
	FILE			*of = NULL;
	struct safefile_out	 so;

	memset(&c, 0, sizeof c);
	c.marker = c.dog_fd = -1;
	c.dog = -1;
	c.err = err;
	fmt_escape_str(esc, sizeof esc, o->capture);
	if (geteuid() != 0) {
		fprintf(err, "raviz: --capture: needs root (to switch on the "
		    "block tracepoints in tracefs and drop cached pages); "
		    "nothing was changed\n");
		return (2);
	}
	if ((fd = check_path(o->capture, esc, err, &sb, &dev, &disk,
	    &size)) < 0)
		return (2);
	if ((root = tracefs()) == NULL) {
		fprintf(err, "raviz: --capture: no tracefs with block events "
		    "and instances at /sys/kernel/tracing or "
		    "/sys/kernel/debug/tracing (mount it: mount -t tracefs "
		    "nodev /sys/kernel/tracing); nothing was changed\n");
		close(fd);
		return (2);
	}
	if (out_name(o, outname, sizeof outname, err) != 0) {
		close(fd);
		return (2);
	}
	fmt_escape_str(oesc, sizeof oesc, outname);
	bs = o->cfg.read_pages * SIM_PAGE_SIZE;
	limit = o->cfg.file_pages * SIM_PAGE_SIZE;
	if (size < limit)
		limit = size;
	/*
	 * The output first: failing there changes nothing.  Whole or not at
	 * all, under the output rule (safefile.h): O_TMPFILE, linked at the
	 * end, so a killed raviz leaves no file; where a named temporary is
	 * needed, the watchdog removes it too.
	 */
	if (safefile_out_open(&so, outname, o->force, SAFEFILE_WHOLE,
	    &why) != 0 || (of = safefile_out_stream(&so, &why)) == NULL) {
		fprintf(err, "raviz: --capture-out: %s: %s\n", oesc, why);
		safefile_out_abort(&so);
		close(fd);
		return (2);
	}
	if (so.named)
		snprintf(c.tmp, sizeof c.tmp, "%s", so.tmp);
	stale(root, err);
	snprintf(c.inst, sizeof c.inst, "%s/instances/raviz-%ld", root,
	    (long)getpid());
	if (watchdog_start(&c) != 0) {
		fprintf(err, "raviz: --capture: cannot start the watchdog "
		    "that removes the tracing instance if raviz is killed: "
		    "%s; nothing was traced\n", strerror(errno));
		safefile_out_abort(&so);
		close(fd);
		return (1);
	}
	/*
	 * Drop the cached pages before tracing starts.  Dirty pages cannot be
	 * dropped (a file just written would be read from memory, with no
	 * request at all): write them back first, outside the capture.
	 */
	(void)fdatasync(fd);
	if (S_ISBLK(sb.st_mode))
		(void)ioctl(fd, BLKFLSBUF, 0);
	else
		(void)posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = stop_cb;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < 4; i++)
		sigaction(sigs[i], &sa, &old[i]);
	if (trace_on(&c, dev, disk) != 0) {
		status = 2;
		goto out;
	}
	if (read_like_dd(&c, fd, bs, limit) != 0) {
		fprintf(err, "raviz: --capture: reading %s: %s\n", esc,
		    strerror(errno));
		status = 1;
		goto out;
	}
	if (stop_flag) {
		fprintf(err, "raviz: --capture: interrupted; tracing "
		    "restored, no capture written\n");
		status = 1;
		goto out;
	}
	header(hdr, sizeof hdr, esc, dev, bs, limit, &sb);
	if (dump(&c, of, hdr) != 0 || fflush(of) != 0) {
		fprintf(err, "raviz: --capture-out: %s: write error: %s\n",
		    oesc, strerror(errno));
		status = 1;
	}
out:
	cleanup(&c);
	close(fd);
	if (status != 0)
		safefile_out_abort(&so);
	else if (safefile_out_commit(&so, &why) != 0) {
		fprintf(err, "raviz: --capture-out: %s: %s; no capture "
		    "written\n", oesc, why);
		status = 1;
	}
	watchdog_stop(&c);
	for (i = 0; i < 4; i++)
		sigaction(sigs[i], &old[i], NULL);
	if (status != 0)
		return (status);
	fprintf(err, "raviz: capture written to %s\n", oesc);
	if (shown != NULL && isatty(STDIN_FILENO) && isatty(STDOUT_FILENO) &&
	    strlen(outname) < sizeof shown->path) {
		/* On a terminal the screen opens it (main.c). */
		snprintf(shown->path, sizeof shown->path, "%s", outname);
		shown->dev = disk;
		return (0);
	}
	return (summary(outname, disk, out, err));
}
