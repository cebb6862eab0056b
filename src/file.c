/*
 * file.c - the whole-file reader.  The buffer grows as the file does (a
 * size from fstat() would only be a hint: the file may change meanwhile)
 * and one byte past max is read to tell "exactly max" from "too large";
 * but a file already too large is refused on its size, before a byte is
 * read (a 2 GiB trace is not read whole to be refused).
 * Only a regular file is read: safefile_open_regular() opens it without
 * blocking and checks the descriptor it opened, so a FIFO named as a demo
 * or a theme is refused instead of hanging raviz.
 */
#include "config.h"

#include <sys/stat.h>

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "file.h"
#include "safefile.h"
#include "xalloc.h"

/* Read a whole file. */
int
file_read(const char *path, size_t max, char **buf, size_t *len,
    const char **why)
{
	struct stat	 sb;
	char		*b = NULL;
	size_t		 n = 0, cap = 0;
	ssize_t		 r;
	int		 fd, e;

	*buf = NULL;
	*len = 0;
	if ((fd = safefile_open_regular(path, why)) == -1)
		return (-1);
	if (fstat(fd, &sb) == 0 && sb.st_size > 0 &&
	    (uintmax_t)sb.st_size > max) {
		close(fd);
		return (-2);
	}
	for (;;) {
		if (n == cap) {
			if (cap > max) {
				/* One byte past max was read: too large. */
				close(fd);
				free(b);
				return (-2);
			}
			cap = cap == 0 ? 4096 : cap * 2;
			if (cap > max + 1)
				cap = max + 1;
			b = xrealloc(b, cap + 1);
		}
		r = read(fd, b + n, cap - n);
		if (r == -1 && errno == EINTR)
			continue;
		if (r == -1)
			goto fail;
		if (r == 0)
			break;
		n += (size_t)r;
	}
	close(fd);
	if (n > max) {
		free(b);
		return (-2);
	}
	if (b == NULL)
		b = xmalloc(1);
	b[n] = '\0';
	*buf = b;
	*len = n;
	return (0);
fail:
	e = errno;
	*why = strerror(e);
	close(fd);
	free(b);
	errno = e;
	return (-1);
}
