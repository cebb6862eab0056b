/*
 * safefile.h - careful file handling shared by the commands: standard
 * descriptors that are always open, input files that must be regular,
 * outputs that never replace an input and appear whole or not at all.
 * None of these print anything; callers report with the returned reason.
 */
#ifndef RAVIZ_SAFEFILE_H
#define RAVIZ_SAFEFILE_H

#include <stddef.h>
#include <sys/types.h>
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

/* Do paths a and b name the same existing file (device and inode)? */
int	safefile_same(const char *a, const char *b);

/*
 * Outputs: the one rule for every file raviz writes (--trace, --cast,
 * --svg and the S key, --capture-out, --export, --record, and any new
 * writer):
 * - an existing name is never overwritten silently: it is refused, and
 *   with --force (force) it is replaced - only a regular file: a symbolic
 *   link (dangling or not), a FIFO, a device, a directory or a socket in
 *   the way is refused even with --force, with its kind named;
 * - nothing is ever written through a symbolic link, and opening never
 *   blocks (a FIFO is not opened for writing at all);
 * - a WHOLE output appears whole or not at all: it is written to a file
 *   with no name (O_TMPFILE) and linked under its name by
 *   safefile_out_commit(), so an interrupted raviz - a signal, a crash,
 *   SIGKILL, a full disk - leaves nothing behind and the old file, if
 *   any, stays as it was.  Where O_TMPFILE is not supported the file has
 *   a temporary name next to the output (NAME.XXXXXX), removed on every
 *   exit path: by safefile_out_abort(), and for the signals that end
 *   raviz by safefile_out_signal() (async-signal-safe), which the ending
 *   paths call - and by a handler of its own for SIGINT, SIGTERM, SIGHUP
 *   and SIGQUIT while they are at their default action;
 * - a JOURNAL (--record, a session written as it goes) is created in
 *   place under the same checks, so that whatever ends raviz, the file
 *   holds what was recorded up to its last complete line.
 *
 * Use: safefile_out_check() early, for a refusal before any work;
 * safefile_out_open(); write to out->fd; then safefile_out_commit() or,
 * on any failure, safefile_out_abort().  A set of files (blktrace's
 * per-CPU files in a directory) is one struct safefile_out per file,
 * every one committed at the end or every one aborted.  Messages are the
 * caller's: each function that fails sets *why ("the file exists
 * (--force replaces it)", "a FIFO is in the way (raviz replaces only a
 * regular file)", or strerror()).
 */
#define SAFEFILE_PATH_MAX	4096

enum safefile_kind {
	SAFEFILE_WHOLE,		/* appears whole or not at all */
	SAFEFILE_JOURNAL	/* written in place as it goes */
};

struct safefile_out {
	int		 fd;		/* write here; -1 when closed */
	FILE		*f;		/* ... or here (safefile_out_stream()) */
	enum safefile_kind kind;
	int		 force;		/* may replace a regular file */
	int		 named;		/* WHOLE without O_TMPFILE: tmp */
	int		 created;	/* JOURNAL: this call created it */
	char		 path[SAFEFILE_PATH_MAX];
	char		 tmp[SAFEFILE_PATH_MAX];
};

/*
 * A file type that is not a regular file in words ("a FIFO", "a block
 * device"), for messages; "not a regular file" for any other.
 */
const char *safefile_type_name(mode_t);

/* May path be written under the rule?  0, or -1 with *why set. */
int	safefile_out_check(const char *path, int force, const char **why);
/*
 * Check path and open the output (out->fd, blocking writes).  0, or -1
 * with *why set and nothing created.
 */
int	safefile_out_open(struct safefile_out *out, const char *path,
	    int force, enum safefile_kind kind, const char **why);
/*
 * A stdio stream on out->fd (its buffer flushed and checked by
 * commit(), closed by commit() or abort()); NULL with *why set.
 */
FILE	*safefile_out_stream(struct safefile_out *out, const char **why);
/*
 * Flush the file to disk and give it its name (WHOLE), or close it
 * (JOURNAL).  0, or -1 with *why set (a write error of the stream
 * included) and, for WHOLE, nothing left.
 */
int	safefile_out_commit(struct safefile_out *out, const char **why);
/* Give up: close; a WHOLE output leaves nothing behind.  Idempotent. */
void	safefile_out_abort(struct safefile_out *out);
/*
 * From a signal handler that ends raviz: remove every named temporary
 * still open.  Async-signal-safe.
 */
void	safefile_out_signal(void);

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

#endif /* RAVIZ_SAFEFILE_H */
