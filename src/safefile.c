/*
 * safefile.c - careful file handling (see safefile.h).  Every check that
 * decides what to do with a file works on the descriptor that will be
 * used (fstat after open), not on the name, so that the file cannot be
 * swapped between the check and the use.
 */
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

/* What a non-regular file is, for the message. */
static const char *
kind(mode_t m)
{
	if (S_ISDIR(m))
		return ("not a regular file (a directory)");
	if (S_ISFIFO(m))
		return ("not a regular file (a FIFO)");
	if (S_ISCHR(m) || S_ISBLK(m))
		return ("not a regular file (a device)");
	if (S_ISSOCK(m))
		return ("not a regular file (a socket)");
	return ("not a regular file");
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

/* A new temporary next to path; see safefile.h. */
int
safefile_tmp(const char *path, char *tmp, size_t len)
{
	mode_t	mask;
	int	fd;

	if ((size_t)snprintf(tmp, len, "%s.XXXXXX", path) >= len) {
		errno = ENAMETOOLONG;
		return (-1);
	}
	if ((fd = mkstemp(tmp)) == -1)
		return (-1);
	mask = umask(0);
	umask(mask);
	(void)fchmod(fd, 0666 & ~mask);
	return (fd);
}

/* Give the temporary its name; see safefile.h. */
int
safefile_commit(const char *tmp, const char *path, int force,
    const char **why)
{
	struct stat	sb;

	if (force) {
		if (rename(tmp, path) == 0)
			return (0);
		*why = strerror(errno);
	} else if (link(tmp, path) == 0) {
		unlink(tmp);
		return (0);
	} else if (errno == EEXIST)
		*why = "the file exists (--force replaces it)";
	else if (lstat(path, &sb) == -1 && errno == ENOENT &&
	    rename(tmp, path) == 0)
		return (0);	/* no hard links here (vfat...) */
	else
		*why = strerror(errno);
	unlink(tmp);
	return (-1);
}
