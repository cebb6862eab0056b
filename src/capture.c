/*
 * capture.c - a real block trace of a read raviz does itself.
 *
 * Everything happens in a private tracefs instance
 * (instances/raviz-PID): it has its own buffer and its own event
 * switches, so the global tracing settings and whatever another tool has
 * in the main buffer are never touched, and restoring everything is one
 * rmdir.  The instance is removed on every exit path, and on SIGINT,
 * SIGTERM and SIGHUP (the handlers only set a flag; the read loop sees
 * it).  The device filter keeps other disks out when PATH is, or its
 * file system is on, a whole disk; block_plug and block_unplug carry no
 * device and are filtered by our pid instead.  The reader writes "raviz read_begin
 * offset=O len=L" and "raviz read_end ..." into the instance's
 * trace_marker around each read(), so its boundaries land in the same
 * trace, on the same clock.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "capture.h"
#include "fmt.h"
#include "import.h"
#include "opts.h"
#include "safefile.h"

static volatile sig_atomic_t stop_flag;

/* The events switched on, and whether each has a dev field. */
static const struct {
	const char	*name;
	int		 has_dev;
} events[] = {
	{ "block_bio_queue", 1 }, { "block_getrq", 1 }, { "block_plug", 0 },
	{ "block_unplug", 0 }, { "block_rq_insert", 1 },
	{ "block_rq_issue", 1 }, { "block_rq_complete", 1 },
	{ "block_bio_backmerge", 1 }, { "block_bio_frontmerge", 1 },
	{ "block_bio_remap", 1 }, { "block_split", 1 },
};

/* A capture in progress. */
struct cap {
	char		 inst[256];	/* the instance directory, or "" */
	int		 marker;	/* its trace_marker, or -1 */
	FILE		*err;
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

/* Remove the instance (switching its events off first). */
static void
cleanup(struct cap *c)
{
	size_t	i;
	char	rel[128];

	if (c->marker >= 0)
		close(c->marker);
	c->marker = -1;
	if (c->inst[0] == '\0')
		return;
	for (i = 0; i < sizeof events / sizeof events[0]; i++) {
		snprintf(rel, sizeof rel, "events/block/%s/enable",
		    events[i].name);
		(void)put(c, rel, "0");
	}
	if (rmdir(c->inst) != 0)
		fprintf(c->err, "raviz: --capture: could not remove the "
		    "tracing instance %s: %s (remove it with rmdir)\n",
		    c->inst, strerror(errno));
	c->inst[0] = '\0';
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

/* Run a capture. */
int
capture_run(const struct opts *o, FILE *out, FILE *err,
    struct capture_shown *shown)
{
	struct cap		 c = { "", -1, err };
	struct sigaction	 sa, old[3];
	static const int	 sigs[3] = { SIGINT, SIGTERM, SIGHUP };
	const char		*root, *outname = o->capture_out;
	char			 esc[300], path[512], name[64], rel[128];
	char			 filt[64], hdr[1024], sysf[128], oesc[300];
	struct stat		 sb;
	struct utsname		 u;
	struct import		 im;
	struct pipe		*p;
	uint64_t		 size = 0, limit, bs;
	uint32_t		 dev = 0;
	int			 fd = -1, whole = 0, status = 0, i;
	unsigned		 n;
	FILE			*of = NULL, *rf;
	struct safefile_out	 so;
	const char		*why;
	size_t			 k;

	fmt_escape_str(esc, sizeof esc, o->capture);
	if (geteuid() != 0) {
		fprintf(err, "raviz: --capture: needs root (to switch on the "
		    "block tracepoints in tracefs and drop cached pages); "
		    "nothing was changed\n");
		return (2);
	}
	if ((root = tracefs()) == NULL) {
		fprintf(err, "raviz: --capture: no tracefs with block events "
		    "and instances at /sys/kernel/tracing or "
		    "/sys/kernel/debug/tracing (mount it: mount -t tracefs "
		    "nodev /sys/kernel/tracing); nothing was changed\n");
		return (2);
	}
	if ((fd = open(o->capture, O_RDONLY)) < 0 || fstat(fd, &sb) != 0) {
		fprintf(err, "raviz: --capture: %s: %s\n", esc, strerror(errno));
		if (fd >= 0)
			close(fd);
		return (2);
	}
	if (S_ISBLK(sb.st_mode)) {
		dev = (uint32_t)(major(sb.st_rdev) << 20 | minor(sb.st_rdev));
		if (ioctl(fd, BLKGETSIZE64, &size) != 0)
			size = 0;
	} else if (S_ISREG(sb.st_mode)) {
		dev = (uint32_t)(major(sb.st_dev) << 20 | minor(sb.st_dev));
		size = (uint64_t)sb.st_size;
	} else {
		fprintf(err, "raviz: --capture: %s: expected a regular file or "
		    "a block device\n", esc);
		close(fd);
		return (2);
	}
	/*
	 * Request events name the whole disk, bio events the partition:
	 * filter on the device only when it is a whole disk.
	 */
	snprintf(sysf, sizeof sysf, "/sys/dev/block/%u:%u", dev >> 20,
	    dev & 0xfffff);
	whole = access(sysf, F_OK) == 0;
	snprintf(sysf, sizeof sysf, "/sys/dev/block/%u:%u/partition",
	    dev >> 20, dev & 0xfffff);
	whole = whole && access(sysf, F_OK) != 0;
	bs = o->cfg.read_pages * SIM_PAGE_SIZE;
	limit = o->cfg.file_pages * SIM_PAGE_SIZE;
	if (size < limit)
		limit = size;
	/*
	 * The output first: failing there changes nothing.  Whole or not at
	 * all, under the output rule (safefile.h).
	 */
	if (outname == NULL) {
		for (n = 1; n < 1000; n++) {
			snprintf(name, sizeof name, "raviz-capture-%u.trace", n);
			if (lstat(name, &sb) != 0)
				break;
		}
		outname = name;
	} else if (safefile_same(outname, o->capture)) {
		/* Never write the trace over what is being read. */
		fprintf(err, "raviz: --capture-out: %s: is the file being "
		    "captured\n", fmt_escape_str(oesc, sizeof oesc, outname));
		close(fd);
		return (2);
	}
	if (safefile_out_open(&so, outname, o->force, SAFEFILE_WHOLE,
	    &why) != 0 || (of = safefile_out_stream(&so, &why)) == NULL) {
		fprintf(err, "raviz: --capture-out: %s: %s\n",
		    fmt_escape_str(oesc, sizeof oesc, outname), why);
		safefile_out_abort(&so);
		close(fd);
		return (2);
	}

	fmt_escape_str(oesc, sizeof oesc, outname);
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
	for (i = 0; i < 3; i++)
		sigaction(sigs[i], &sa, &old[i]);
	snprintf(c.inst, sizeof c.inst, "%s/instances/raviz-%ld", root,
	    (long)getpid());
	if (mkdir(c.inst, 0755) != 0) {
		fprintf(err, "raviz: --capture: cannot create the tracing "
		    "instance %s: %s\n", c.inst, strerror(errno));
		c.inst[0] = '\0';
		status = 2;
		goto out;
	}
	(void)put(&c, "buffer_size_kb", "16384");
	for (k = 0; k < sizeof events / sizeof events[0]; k++) {
		if (events[k].has_dev && whole)
			snprintf(filt, sizeof filt, "dev == %u", dev);
		else if (!events[k].has_dev)
			snprintf(filt, sizeof filt, "common_pid == %ld",
			    (long)getpid());
		else
			filt[0] = '\0';
		snprintf(rel, sizeof rel, "events/block/%s/filter",
		    events[k].name);
		if (filt[0] != '\0')
			(void)put(&c, rel, filt);
		snprintf(rel, sizeof rel, "events/block/%s/enable",
		    events[k].name);
		if (put(&c, rel, "1") != 0 && errno != ENOENT) {
			fprintf(err, "raviz: --capture: cannot enable %s: %s\n",
			    events[k].name, strerror(errno));
			status = 2;
			goto out;
		}
	}
	snprintf(path, sizeof path, "%s/trace_marker", c.inst);
	if ((c.marker = open(path, O_WRONLY)) < 0) {
		fprintf(err, "raviz: --capture: %s: %s\n", path,
		    strerror(errno));
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
	for (k = 0; k < sizeof events / sizeof events[0]; k++) {
		snprintf(rel, sizeof rel, "events/block/%s/enable",
		    events[k].name);
		(void)put(&c, rel, "0");
	}
	if (uname(&u) != 0)
		strcpy(u.release, "?");
	snprintf(sysf, sizeof sysf, "/sys/dev/block/%u:%u/queue/read_ahead_kb",
	    dev >> 20, dev & 0xfffff);
	hdr[0] = '\0';
	if ((rf = fopen(sysf, "r")) != NULL) {
		if (fgets(hdr, 32, rf) == NULL)
			hdr[0] = '\0';
		hdr[strcspn(hdr, "\n")] = '\0';
		fclose(rf);
	}
	snprintf(hdr + 32, sizeof hdr - 32, "# raviz capture: %s, device %u,%u, "
	    "bs %llu, %llu bytes, kernel %s, read_ahead_kb %s\n", esc,
	    dev >> 20, dev & 0xfffff, (unsigned long long)bs,
	    (unsigned long long)limit, u.release, hdr[0] ? hdr : "?");
	if (dump(&c, of, hdr + 32) != 0) {
		fprintf(err, "raviz: --capture-out: %s: write error\n",
		    oesc);
		status = 1;
	}
out:
	cleanup(&c);
	for (i = 0; i < 3; i++)
		sigaction(sigs[i], &old[i], NULL);
	close(fd);
	if (status != 0)
		safefile_out_abort(&so);
	else if (safefile_out_commit(&so, &why) != 0) {
		fprintf(err, "raviz: --capture-out: %s: %s\n", oesc, why);
		status = 1;
	}
	if (status != 0)
		return (status);
	fprintf(err, "raviz: capture written to %s\n", oesc);
	if (shown != NULL && isatty(STDIN_FILENO) && isatty(STDOUT_FILENO) &&
	    strlen(outname) < sizeof shown->path) {
		/* On a terminal the screen opens it (main.c). */
		snprintf(shown->path, sizeof shown->path, "%s", outname);
		shown->dev = whole ? dev : BLK_NODEV;
		return (0);
	}
	/* Else the summary of the import. */
	if (import_load(&im, outname, whole ? dev : BLK_NODEV)
	    != 0) {
		fprintf(err, "raviz: %s\n", im.err);
		import_free(&im);
		return (1);
	}
	if ((p = pipe_new()) == NULL) {
		import_free(&im);
		return (1);
	}
	for (k = 0; k < im.nev; k++)
		if (pipe_apply(p, &im.ev[k]) != 0)
			break;
	import_summary(out, &im, p);
	pipe_free(p);
	import_free(&im);
	return (fflush(out) == 0 ? 0 : 1);
}
