/*
 * file.h - reading a whole (small) text file, for the demo and theme
 * parsers: one place for the open, read and size-limit rules.
 */
#ifndef RAVIZ_FILE_H
#define RAVIZ_FILE_H

#include <stddef.h>

/*
 * Read the regular file at path, at most max bytes, into *buf (malloc'd,
 * NUL after the last byte; free it) and *len.  0; or -1 with errno set
 * and *why saying why when it cannot be opened or read, *buf NULL: a file
 * that is not regular is refused without blocking on it (a FIFO, a
 * device: EINVAL; a directory: EISDIR; *why "not a regular file (a
 * FIFO)" and the like, see safefile_open_regular()); memory: xalloc.h; or
 * -2 when it holds more than max bytes, *buf NULL.
 */
int	 file_read(const char *path, size_t max, char **buf, size_t *len,
	    const char **why);

#endif /* RAVIZ_FILE_H */
