/*
 * safefile.c - careful file handling (see safefile.h).  Every check that
 * decides what to do with a file works on the descriptor that will be
 * used (fstat after open), not on the name, so that the file cannot be
 * swapped between the check and the use.  Outputs (safefile.h: the one
 * rule) are checked by lstat() first, for a refusal that names what is in
 * the way, and again when they are named: link() never clobbers, and with
 * --force only a regular file is replaced.
 */
/* O_TMPFILE is a Linux extension: this file alone asks for it. */
#define _GNU_SOURCE
#include "config.h"

#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "safefile.h"

/* Descriptors 0-2 open; see safefile.h. */
int
safefile_std_fds(void)
{
	int	fd, want;

	for (want = 0; want <= 2; want++) {
		if (fcntl(want, F_GETFD) != -1 || errno != EBADF)
			continue;
		/* The lowest free descriptor: exactly `want`. */
		fd = open("/dev/null", want == 0 ? O_WRONLY : O_RDONLY);
		if (fd == -1)
			return (-1);
		if (fd != want) {
			close(fd);
			return (-1);
		}
	}
	return (0);
}

/*
 * The files that are not regular, as messages name them: in words, as a
 * reader refuses one, as a writer finds one in its way.
 */
#define REPLACES_ONLY	" is in the way (raviz replaces only a regular file)"
struct ftype {
	mode_t		 type;
	const char	*name;		/* "a FIFO" */
	const char	*why;		/* a reader's refusal */
	const char	*way;		/* in a writer's way */
};
static const struct ftype ftypes[] = {
	{ S_IFDIR, "a directory", "not a regular file (a directory)",
	    "a directory is in the way" },
	{ S_IFIFO, "a FIFO", "not a regular file (a FIFO)",
	    "a FIFO" REPLACES_ONLY },
	{ S_IFCHR, "a character device", "not a regular file (a device)",
	    "a device" REPLACES_ONLY },
	{ S_IFBLK, "a block device", "not a regular file (a device)",
	    "a device" REPLACES_ONLY },
	{ S_IFSOCK, "a socket", "not a regular file (a socket)",
	    "a socket" REPLACES_ONLY },
	{ S_IFLNK, "a symbolic link", "not a regular file (a symbolic link)",
	    "a symbolic link is in the way (raviz never writes through one "
	    "nor replaces one: remove it first)" },
};

/* The row of ftypes for mode m, or NULL (a regular file, or unknown). */
static const struct ftype *
ftype_find(mode_t m)
{
	size_t	i;

	for (i = 0; i < sizeof ftypes / sizeof ftypes[0]; i++)
		if ((m & S_IFMT) == ftypes[i].type)
			return (&ftypes[i]);
	return (NULL);
}

/* A file type in words; see safefile.h. */
const char *
safefile_type_name(mode_t m)
{
	const struct ftype	*f = ftype_find(m);

	return (f != NULL ? f->name : "not a regular file");
}

/* What a non-regular file is, for a reader's message. */
static const char *
kind(mode_t m)
{
	const struct ftype	*f = ftype_find(m);

	return (f != NULL ? f->why : "not a regular file");
}

/* Open a regular file for reading; see safefile.h. */
int
safefile_open_regular(const char *path, const char **why)
{
	struct stat	sb;
	int		fd, fl, e;

	if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)) == -1) {
		*why = strerror(errno);
		return (-1);
	}
	if (fstat(fd, &sb) == -1)
		goto fail;
	if (!S_ISREG(sb.st_mode)) {
		*why = kind(sb.st_mode);
		close(fd);
		errno = S_ISDIR(sb.st_mode) ? EISDIR : EINVAL;
		return (-1);
	}
	if ((fl = fcntl(fd, F_GETFL)) == -1 ||
	    fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) == -1)
		goto fail;
	return (fd);
fail:
	e = errno;
	*why = strerror(e);
	close(fd);
	errno = e;
	return (-1);
}

/*
 * Is f a pipe or socket with nobody left to read it?  poll() says so on
 * the descriptor itself (POLLERR for a pipe without readers, POLLHUP for
 * a socket shut down), whatever errno a write left behind.
 */
int
safefile_pipe_gone(FILE *f)
{
	struct stat	sb;
	struct pollfd	pfd;

	if (f == NULL || fstat(fileno(f), &sb) != 0 ||
	    !(S_ISFIFO(sb.st_mode) || S_ISSOCK(sb.st_mode)))
		return (0);
	pfd.fd = fileno(f);
	pfd.events = POLLOUT;
	pfd.revents = 0;
	return (poll(&pfd, 1, 0) == 1 && (pfd.revents & (POLLERR | POLLHUP)));
}

/* End as SIGPIPE ends a filter; see safefile.h. */
void
safefile_pipe_end(void)
{
	signal(SIGPIPE, SIG_DFL);
	raise(SIGPIPE);
	_exit(128 + SIGPIPE);	/* should SIGPIPE be blocked */
}

/* Cut back to the last complete line; see safefile.h. */
int
safefile_cut_line(int fd)
{
	struct stat	sb;
	char		buf[4096];
	off_t		end, at;
	ssize_t		r, i;

	if (fstat(fd, &sb) == -1 || !S_ISREG(sb.st_mode))
		return (-1);
	for (end = sb.st_size; end > 0; end = at) {
		at = end > (off_t)sizeof buf ? end - (off_t)sizeof buf : 0;
		r = pread(fd, buf, (size_t)(end - at), at);
		if (r != end - at)
			return (-1);
		for (i = r; i > 0; i--)
			if (buf[i - 1] == '\n')
				return (ftruncate(fd, at + i));
	}
	return (ftruncate(fd, 0));
}

/* Same file?  See safefile.h. */
int
safefile_same(const char *a, const char *b)
{
	struct stat	sa, sb;

	return (stat(a, &sa) == 0 && stat(b, &sb) == 0 &&
	    sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino);
}

/*
 * The named temporaries open now, for safefile_out_signal(): a fixed
 * table a handler can read without locks; an entry is live while its
 * first byte is not NUL.
 */
#define NAMED_MAX	8
static char		named_tmp[NAMED_MAX][SAFEFILE_PATH_MAX];
static volatile sig_atomic_t named_n;

/* Ending signals this module catches while they are at their default. */
static const int	ending[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };

/* Is O_TMPFILE to be skipped (RAVIZ_SAFEFILE_NAMED=1: as a file system
 * without it, for the tests of the fallback)? */
static int
no_tmpfile(void)
{
	const char	*e = getenv("RAVIZ_SAFEFILE_NAMED");

	return (e != NULL && strcmp(e, "1") == 0);
}

/* What is in the way at path, if it is not a regular file. */
static const char *
in_the_way(mode_t m)
{
	const struct ftype	*f = ftype_find(m);

	return (f != NULL ? f->way :
	    "something other than a regular file is in the way");
}

/* The directory part of path into dir ("." when there is none). */
static void
dir_of(const char *path, char *dir, size_t len)
{
	const char	*sl = strrchr(path, '/');

	if (sl == NULL)
		snprintf(dir, len, ".");
	else if (sl == path)
		snprintf(dir, len, "/");
	else
		snprintf(dir, len, "%.*s", (int)(sl - path), path);
}

/* May path be written?  See safefile.h. */
int
safefile_out_check(const char *path, int force, const char **why)
{
	struct stat	sb;
	char		dir[SAFEFILE_PATH_MAX];

	if (strlen(path) >= SAFEFILE_PATH_MAX - 8) {
		*why = strerror(ENAMETOOLONG);
		return (-1);
	}
	if (lstat(path, &sb) == -1) {
		if (errno != ENOENT) {
			*why = strerror(errno);
			return (-1);
		}
		/* A new name: its directory must take it. */
		dir_of(path, dir, sizeof dir);
		if (stat(dir, &sb) == -1 || (!S_ISDIR(sb.st_mode) &&
		    (errno = ENOTDIR)) || access(dir, W_OK | X_OK) == -1) {
			*why = strerror(errno);
			return (-1);
		}
		return (0);
	}
	if (!S_ISREG(sb.st_mode)) {
		*why = in_the_way(sb.st_mode);
		return (-1);
	}
	if (!force) {
		*why = "the file exists (--force replaces it)";
		return (-1);
	}
	return (0);
}

/* "/proc/self/fd/N" of fd: the name linkat() gives an O_TMPFILE file. */
static void
proc_fd(char *buf, size_t len, int fd)
{
	snprintf(buf, len, "/proc/self/fd/%d", fd);
}

/* The handler of an ending signal at its default: clean up, then die. */
static void
ending_cb(int sig)
{
	safefile_out_signal();
	signal(sig, SIG_DFL);
	raise(sig);
}

/* Register a named temporary (and catch the ending signals left at their
 * default, so that they remove it too). */
static void
named_add(const char *tmp)
{
	struct sigaction	sa, old;
	size_t			i;

	for (i = 0; i < NAMED_MAX && named_tmp[i][0] != '\0'; i++)
		;
	if (i == NAMED_MAX)
		return;		/* abort() still removes it */
	memcpy(named_tmp[i], tmp, strlen(tmp) + 1);
	named_n++;
	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = ending_cb;
	for (i = 0; i < sizeof ending / sizeof ending[0]; i++)
		if (sigaction(ending[i], NULL, &old) == 0 &&
		    old.sa_handler == SIG_DFL)
			(void)sigaction(ending[i], &sa, NULL);
}

/*
 * Hold the ending signals back (the old mask in *old) while a name that is
 * not yet looked after exists: one that came in between would end raviz by
 * its default and leave the name behind.  Delivered at ending_restore().
 */
static void
ending_block(sigset_t *old)
{
	sigset_t	block;
	size_t		i;

	sigemptyset(&block);
	for (i = 0; i < sizeof ending / sizeof ending[0]; i++)
		sigaddset(&block, ending[i]);
	sigprocmask(SIG_BLOCK, &block, old);
}

/* Let the ending signals held back by ending_block() in. */
static void
ending_restore(const sigset_t *old)
{
	sigprocmask(SIG_SETMASK, old, NULL);
}

/* Forget a named temporary. */
static void
named_del(const char *tmp)
{
	size_t	i;

	for (i = 0; i < NAMED_MAX; i++)
		if (strcmp(named_tmp[i], tmp) == 0) {
			named_tmp[i][0] = '\0';
			named_n--;
			return;
		}
}

/* Remove the named temporaries; see safefile.h. */
void
safefile_out_signal(void)
{
	size_t	i;

	if (named_n == 0)
		return;
	for (i = 0; i < NAMED_MAX; i++)
		if (named_tmp[i][0] != '\0')
			(void)unlink(named_tmp[i]);
}

/* A WHOLE output: a file with no name, else a named temporary. */
static int
open_whole(struct safefile_out *out, const char **why)
{
	char		dir[SAFEFILE_PATH_MAX], pf[64];
	struct stat	sb;
	sigset_t	old;
	mode_t		mask;
	int		e;

#ifdef O_TMPFILE
	if (!no_tmpfile()) {
		dir_of(out->path, dir, sizeof dir);
		out->fd = open(dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
		if (out->fd != -1) {
			/* linkat() will need /proc to name it. */
			proc_fd(pf, sizeof pf, out->fd);
			if (stat(pf, &sb) == 0)
				return (0);
			close(out->fd);
		} else if (errno != EOPNOTSUPP && errno != EISDIR &&
		    errno != EINVAL) {
			*why = strerror(errno);
			return (-1);
		}
	}
#endif
	/*
	 * No O_TMPFILE here: NAME.XXXXXX, removed on every way out.  Why the
	 * ending signals wait from before the file exists until it is
	 * registered and their handler is in place: one that came in between
	 * (as soon as the name shows, under load) left the temporary behind.
	 */
	snprintf(out->tmp, sizeof out->tmp, "%s.XXXXXX", out->path);
	ending_block(&old);
	if ((out->fd = mkstemp(out->tmp)) == -1) {
		e = errno;
		ending_restore(&old);
		*why = strerror(e);
		return (-1);
	}
	out->named = 1;
	named_add(out->tmp);
	ending_restore(&old);
	mask = umask(0);
	umask(mask);
	if (fchmod(out->fd, 0666 & ~mask) == -1) {
		e = errno;
		safefile_out_abort(out);
		*why = strerror(e);
		return (-1);
	}
	return (0);
}

/*
 * A JOURNAL: created in place, or with force an existing regular file
 * opened without following a link and without blocking (not truncated:
 * the writer does that once it holds its lock).
 */
static int
open_journal(struct safefile_out *out, const char **why)
{
	struct stat	sb;
	int		fl;

	out->fd = open(out->path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
	    O_NONBLOCK | O_CLOEXEC, 0666);
	out->created = out->fd != -1;
	if (out->fd == -1 && errno == EEXIST &&
	    safefile_out_check(out->path, out->force, why) != 0)
		return (-1);
	if (out->fd == -1 && errno == EEXIST)
		out->fd = open(out->path, O_WRONLY | O_NOFOLLOW | O_NONBLOCK |
		    O_CLOEXEC);
	if (out->fd == -1) {
		*why = errno == ELOOP ? in_the_way(S_IFLNK) : errno == ENXIO ?
		    in_the_way(S_IFIFO) : strerror(errno);
		return (-1);
	}
	if (fstat(out->fd, &sb) == -1 || !S_ISREG(sb.st_mode)) {
		*why = in_the_way(sb.st_mode);
		close(out->fd);
		out->fd = -1;
		return (-1);
	}
	if ((fl = fcntl(out->fd, F_GETFL)) == -1 ||
	    fcntl(out->fd, F_SETFL, fl & ~O_NONBLOCK) == -1) {
		*why = strerror(errno);
		safefile_out_abort(out);
		return (-1);
	}
	return (0);
}

/* Open an output; see safefile.h. */
int
safefile_out_open(struct safefile_out *out, const char *path, int force,
    enum safefile_kind kind, const char **why)
{
	memset(out, 0, sizeof *out);
	out->fd = -1;
	out->kind = kind;
	out->force = force;
	if (safefile_out_check(path, force, why) != 0)
		return (-1);
	memcpy(out->path, path, strlen(path) + 1);
	return (kind == SAFEFILE_JOURNAL ? open_journal(out, why) :
	    open_whole(out, why));
}

/*
 * Name the finished file: from the temporary's name (from, or the
 * O_TMPFILE's /proc name with follow), to path.  Without force link(),
 * which cannot clobber; with force, a regular file in the way is replaced
 * by rename() from a second name, atomically.
 */
static int
publish(struct safefile_out *out, const char *from, int follow,
    const char **why)
{
	char		side[SAFEFILE_PATH_MAX + 16];
	struct stat	sb;
	sigset_t	old;
	int		flag = follow ? AT_SYMLINK_FOLLOW : 0, i, rc;

	if (linkat(AT_FDCWD, from, AT_FDCWD, out->path, flag) == 0)
		return (0);
	if (errno != EEXIST) {
		*why = strerror(errno);
		return (-1);
	}
	if (safefile_out_check(out->path, out->force, why) != 0)
		return (-1);
	/*
	 * force, and a regular file is there: a side name, then rename (the
	 * ending signals wait while the side name exists, as for a named
	 * temporary: nothing looks after it).
	 */
	ending_block(&old);
	for (i = 0; i < 100; i++) {
		snprintf(side, sizeof side, "%s.%d-%d", out->path,
		    (int)getpid(), i);
		if (linkat(AT_FDCWD, from, AT_FDCWD, side, flag) == 0)
			break;
		if (errno != EEXIST) {
			*why = strerror(errno);
			ending_restore(&old);
			return (-1);
		}
	}
	rc = -1;
	if (i == 100)
		*why = strerror(EEXIST);
	/* A FIFO or a link put there meanwhile is not replaced either. */
	else if (lstat(out->path, &sb) == 0 && !S_ISREG(sb.st_mode)) {
		*why = in_the_way(sb.st_mode);
		(void)unlink(side);
	} else if (rename(side, out->path) != 0) {
		*why = strerror(errno);
		(void)unlink(side);
	} else
		rc = 0;
	ending_restore(&old);
	return (rc);
}

/* A stream on the output; see safefile.h. */
FILE *
safefile_out_stream(struct safefile_out *out, const char **why)
{
	if (out->f == NULL && (out->f = fdopen(out->fd, "w")) == NULL)
		*why = strerror(errno);
	return (out->f);
}

/* Finish an output; see safefile.h. */
int
safefile_out_commit(struct safefile_out *out, const char **why)
{
	char	pf[64];
	int	rc;

	if (out->fd == -1) {
		*why = strerror(EBADF);
		return (-1);
	}
	if (out->f != NULL && (fflush(out->f) != 0 || ferror(out->f))) {
		*why = strerror(errno != 0 ? errno : EIO);
		safefile_out_abort(out);
		return (-1);
	}
	if (out->kind == SAFEFILE_JOURNAL) {
		rc = out->f != NULL ? fclose(out->f) : close(out->fd);
		out->f = NULL;
		out->fd = -1;
		if (rc != 0)
			*why = strerror(errno);
		return (rc);
	}
	if (fsync(out->fd) != 0) {
		*why = strerror(errno);
		safefile_out_abort(out);
		return (-1);
	}
	if (out->named)
		rc = publish(out, out->tmp, 0, why);
	else {
		proc_fd(pf, sizeof pf, out->fd);
		rc = publish(out, pf, 1, why);
	}
	safefile_out_abort(out);	/* the temporary's name, the fd */
	return (rc);
}

/* Give up an output; see safefile.h. */
void
safefile_out_abort(struct safefile_out *out)
{
	if (out->f != NULL)
		(void)fclose(out->f);
	else if (out->fd != -1)
		(void)close(out->fd);
	out->f = NULL;
	out->fd = -1;
	if (out->named) {
		(void)unlink(out->tmp);
		named_del(out->tmp);
		out->named = 0;
	}
}
