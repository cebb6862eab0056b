/*
 * demo.h - demo files: a recorded or hand-written session as plain UTF-8
 * text, one item per line (README "Demo files", raviz(1)).
 *
 *	raviz-demo 1
 *	# a comment
 *	title "The report: dd bs=1M on a 2012 SSD"
 *	set device report
 *	set bs 1M
 *	@0 +0ms caption "Press a key to start."
 *	@0 +0ms pause
 *	@0 +1200ms play
 *	@412 +3100ms stop
 *	@412 +0ms marker T3
 *
 * The first line names the format version.  A scenario block of `set NAME
 * VALUE` lines (NAME and VALUE exactly as the command-line option --NAME=VALUE)
 * and an optional title come before the first stamped item, and so does
 * `trace NAME`: the lesson's run is then the installed kernel capture NAME
 * (its captions hold no {placeholders}: they are the engine's figures).
 * Each stamped
 * item carries the engine event number at which it happens (@N) and the wall
 * delay since the previous item (+TIME); the engine never sees the delay.
 *
 * Contracts:
 * - demo_parse() is pure: no I/O, no globals; it reports every problem it
 *   finds as a diagnostic "FILE:LINE:COLUMN: error|warning: ..." (columns
 *   count characters from 1) and keeps every line it could read.  The
 *   message after "FILE:LINE:COLUMN: " is already escaped
 *   (fmt_escape_composed(): a long quote is cut with "..."); the
 *   file name is the caller's.
 * - Caption and title text is decoded from the file's escapes and may hold
 *   any byte but NUL; it is untrusted: pass it through fmt_escape()
 *   (fmt.h) before it reaches a terminal or any output.
 * - A caption is a template: its {placeholders} (figure.h) are checked by
 *   the parser and filled from the engine when the caption is shown
 *   (demo_play_caption()); the `set` lines stay in `sets` for the
 *   alternative runs they may name.
 * - The writer (demo_writer_*) makes each line with one write(2), so a
 *   recording killed at any moment (even SIGKILL) ends with a complete line.
 */
#ifndef RAVIZ_DEMO_H
#define RAVIZ_DEMO_H

#include <stddef.h>
#include <stdint.h>

#include "cmd.h"
#include "engine/sim.h"

#define DEMO_MAJOR	1	/* a file of a newer major version is refused */
#define DEMO_MINOR	0	/* newer minor: unknown items skipped, warned */
#define DEMO_NAME_MAX	32	/* marker names: [A-Za-z0-9_.-]{1,32} */
#define DEMO_CAPTION_COLS 70	/* longer captions: a --check warning */

enum demo_kind {
	DEMO_CMD,		/* a command, as a key produces it */
	DEMO_CAPTION,		/* text shown until the next caption */
	DEMO_PAUSE,		/* replay waits for a key */
	DEMO_MARKER		/* a named jump target */
};

struct demo_item {
	enum demo_kind	 kind;
	unsigned	 line;		/* in the file, from 1 */
	uint64_t	 event;		/* engine event number (@N) */
	uint64_t	 delay_ns;	/* wall delay since the previous item */
	struct cmd	 cmd;		/* DEMO_CMD */
	char		*text;		/* DEMO_CAPTION (decoded), DEMO_MARKER */
};

enum demo_sev {
	DEMO_ERROR,
	DEMO_WARNING
};

struct demo_diag {
	enum demo_sev	 sev;
	unsigned	 line, col;
	char		*msg;		/* the whole "FILE:LINE:COL: ..." line */
};

struct demo {
	char		*name;		/* the file name, for diagnostics */
	unsigned	 major, minor;	/* of the file */
	char		*title;		/* decoded, or NULL */
	char		*trace;		/* `trace NAME`: the run is that
					   installed capture (lesson.h), or
					   NULL: the model's */
	struct sim_config cfg;		/* defaults + the scenario block */
	char		**sets;		/* the block as "--NAME=VALUE" */
	size_t		 nsets;
	int		 refused;	/* newer major: nothing past line 1 read */
	int		 truncated;	/* the last line had no newline */

	struct demo_item *items;
	size_t		 nitems;

	struct demo_diag *diags;
	size_t		 ndiags;
	size_t		 errors;	/* including a truncated last line */
	size_t		 warnings;
};

/*
 * Parse len bytes of buf (a whole demo file; need not be NUL-terminated)
 * named name into *d, which the caller later frees with demo_free().
 * Returns the number of errors (0: the file is valid).  On allocation
 * failure returns -1 and *d holds what was read so far.
 */
int	 demo_parse(struct demo *d, const char *name, const char *buf,
	     size_t len);
/*
 * Read the file at path and parse it; a file that cannot be read is an
 * error diagnostic ("FILE: cannot open: ...").  Same return as demo_parse().
 */
int	 demo_load(struct demo *d, const char *path);
void	 demo_free(struct demo *d);
/* Can it be replayed?  No errors other than a truncated last line. */
int	 demo_replayable(const struct demo *d);
/* Index of the first DEMO_MARKER item named name, or -1. */
long	 demo_find_marker(const struct demo *d, const char *name);

/*
 * Quote text for a demo file: "...", with \\, \" and \xHH for control
 * bytes; the result reads back through demo_parse() as the same bytes.
 * Returns the length it needs (like snprintf).
 */
size_t	 demo_quote(char *out, size_t len, const char *in);
/* The name of a command as demo files spell it ("stop" for CMD_PAUSE). */
const char *demo_cmd_name(enum cmd_kind);
/* Format "@N +Dms COMMAND" (no newline) as the writer does; like snprintf. */
size_t	 demo_format_item(char *out, size_t len, const struct demo_item *);

/*
 * Recording.  demo_writer_open() creates path (O_EXCL unless force) and
 * writes the header and the scenario of cfg; if that fails it removes the
 * file only if this call created it (an existing file or device named with
 * force is never unlinked).  With force a symlink is replaced, never
 * written through; the file is locked (flock), so a second writer on it is
 * refused.  Every later call appends one complete line.  After a write
 * error the file is cut back to its last complete line, a comment saying
 * why is appended if possible, and every later call fails at once;
 * demo_writer_error() says what happened.  demo_writer_close() fails too
 * if the file lost its name during the session (deleted).
 */
struct demo_writer;

/*
 * NULL with *err (static or strerror) set if the file cannot be created.
 * now_ns (a monotonic wall clock) starts the first item's delay.
 */
struct demo_writer *demo_writer_open(const char *path, int force,
	     const struct sim_config *cfg, const char *title, uint64_t now_ns,
	     const char **err);
/* Append a command; now_ns is a monotonic wall clock.  0 or -1. */
int	 demo_writer_cmd(struct demo_writer *, const struct cmd *,
	     uint64_t event_no, uint64_t now_ns);
/* Append a caption / marker / pause (the same rules). */
int	 demo_writer_item(struct demo_writer *, const struct demo_item *,
	     uint64_t now_ns);
/* The write error, or NULL. */
const char *demo_writer_error(const struct demo_writer *);
/* Lines written so far (commands and teaching items). */
size_t	 demo_writer_count(const struct demo_writer *);
/* Write the closing comment, fsync and close.  0, or -1 (see _error). */
int	 demo_writer_close(struct demo_writer *);
/* Free it (closing the file if demo_writer_close() was not called). */
void	 demo_writer_free(struct demo_writer *);
/*
 * The scenario block for cfg as `set` lines, each ending in a newline: mode,
 * bs, ra, file-size, source and device always, other fields only where they
 * differ from what those imply.  Like snprintf.
 */
size_t	 demo_format_scenario(char *out, size_t len,
	     const struct sim_config *cfg);

#endif /* RAVIZ_DEMO_H */
