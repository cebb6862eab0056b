/*
 * safefile.h - careful file handling shared by the commands: standard
 * descriptors that are always open, input files that must be regular,
 * outputs that never replace an input and appear whole or not at all.
 * None of these print anything; callers report with the returned reason.
 */
#ifndef RAVIZ_SAFEFILE_H
#define RAVIZ_SAFEFILE_H

#include <stddef.h>
#include <stdio.h>

/*
 * Make sure descriptors 0, 1 and 2 are open, before anything else is, so
 * that no file raviz opens later becomes "stdout".  A closed one gets
 * /dev/null opened the wrong way round (0 write-only, 1 and 2 read-only):
 * it stays as unusable as a closed descriptor, so writing to a closed
 * stdout is still reported as an error.  0, or -1 if /dev/null cannot be
 * opened.
 */
int	safefile_std_fds(void);

/*
 * Open path for reading only if it is a regular file: opened with
 * O_NONBLOCK (a FIFO does not block waiting for a writer), then checked
 * with fstat() on that same descriptor (no window between check and use),
 * then made blocking again.  Returns the descriptor, or -1 with errno
 * set and *why saying why: strerror(errno), or "not a regular file (a
 * FIFO)" or the like (errno EISDIR for a directory, EINVAL otherwise).
 * file_read() (file.h) reads through it.
 */
int	safefile_open_regular(const char *path, const char **why);

/*
 * After a write error on the regular file behind fd: cut it back to the
 * end of its last complete line, so that no half line is left.  0, or -1.
 */
int	safefile_cut_line(int fd);

/*
 * Has the reader of f gone: is f a pipe or socket whose other end is
 * closed (`raviz --trace=- | head` after head has quit)?  Then a failed
 * write to it is no error to report: the program ends quietly, as seq and
 * grep do (safefile_pipe_end()).
 */
int	safefile_pipe_gone(FILE *f);
/*
 * End the program as SIGPIPE ends seq or grep (status 128 + 13 in the
 * shell), everything else having been cleaned up; SIGPIPE is ignored
 * while raviz runs, so that a write fails instead (main.c).
 */
void	safefile_pipe_end(void) __attribute__((noreturn));

/* Do paths a and b name the same existing file (device and inode)? */
int	safefile_same(const char *a, const char *b);

/*
 * An output that appears whole or not at all: safefile_tmp() creates a
 * new temporary file next to path (its name in tmp, mode 0666 less the
 * umask) and returns its descriptor, or -1 with errno set;
 * safefile_commit() then gives it path's name: with force by rename() (a
 * symlink at path is replaced, never written through), without force only
 * if path does not exist (link() then unlink(), which cannot clobber).
 * On failure it removes the temporary and returns -1 with *why set.
 */
int	safefile_tmp(const char *path, char *tmp, size_t len);
int	safefile_commit(const char *tmp, const char *path, int force,
	    const char **why);

#endif /* RAVIZ_SAFEFILE_H */
