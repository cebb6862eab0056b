/*
 * import.h - reading real block traces.  The format is detected from the
 * content: ftrace text (tracing/trace, trace_pipe), trace-cmd report,
 * perf script of block: events, blkparse's default text.  The result is
 * the events of one device, sorted by time, for pipe_apply().
 */
#ifndef RAVIZ_IMPORT_H
#define RAVIZ_IMPORT_H

#include <stdio.h>

#include "blk.h"
#include "pipe.h"

/* What a raviz capture's header says of the device and the file read. */
struct import_capture {
	uint32_t	 max_sectors_kb;	/* 0: not recorded */
	uint32_t	 max_segments;
	char		 scheduler[16];		/* "" */
	uint64_t	 ino;			/* has_ino: the file read */
	uint32_t	 sdev;			/* has_sdev: its file system */
	int		 has_ino, has_sdev;
};

struct import {
	struct blk_event *ev;		/* owned; time order */
	size_t		 nev;
	uint32_t	 dev;		/* the device kept */
	int		 dev_chosen;	/* 1: picked by data read, not asked */
	const char	*format;	/* "ftrace", "trace-cmd", "perf", "blkparse" */
	int		 has_unplug_kind; /* U and UT told apart (blkparse) */
	uint32_t	 ra_kb;		/* read_ahead_kb of a raviz capture, 0 */
	struct import_capture cap;	/* the rest of its header */
	/*
	 * The readahead events kept are of one file (the capture's, else
	 * the one its reader's tasks read ahead most): has_ra says there
	 * are some, ra_ino and ra_sdev name it.
	 */
	uint64_t	 other_lines;	/* lines of other events, skipped */
	uint64_t	 lost_events;	/* "[LOST N EVENTS]" lines: N */
	int		 syscall_reads;	/* read() calls from sys_*_read */
	int		 has_ra;
	uint64_t	 ra_ino;
	uint32_t	 ra_sdev;
	char		 note[256];	/* which device was taken, and why */
	char		 err[512];	/* set when a call fails */
};

/*
 * Parse buf (len bytes) named name (for messages).  dev is the device to
 * keep, or BLK_NODEV to take the one with the most data read (im->note
 * says which).  0 on success; -1 with im->err "name:line: what was
 * expected" (or "name: ...") and nothing kept.  import_free() after both.
 */
int	import_parse(struct import *im, const char *name, const char *buf,
	    size_t len, uint32_t dev);
/* import_parse() of a file; a file that cannot be read fails the same way. */
int	import_load(struct import *im, const char *path, uint32_t dev);
/*
 * import_load() that writes "raviz: " and the error to err (and frees im),
 * or the note that names the device it chose.  0 on success, -1 on error.
 */
int	import_open(struct import *im, const char *path, uint32_t dev,
	    FILE *err);
void	import_free(struct import *im);
struct trace;
/*
 * import_open() of path, translated into t (trace.h; trace_free() after):
 * 0, or 2 (the exit status) with the error written to err.
 */
int	import_trace(struct trace *t, const char *path, uint32_t dev,
	    FILE *err);
/*
 * The key: value summary of a pipeline state, the model's keys in the
 * model's order and format (report_sum_print(); "n/a" where a trace
 * cannot tell), then the trace-only keys (see raviz(1)).
 */
void	import_summary(FILE *, const struct import *, const struct pipe *);
/*
 * --headless --import=path (--import-dev: dev, else BLK_NODEV): load,
 * apply, summarize to out.  Returns the exit status.
 */
int	import_run(const char *path, uint32_t dev, FILE *out, FILE *err);

#endif /* RAVIZ_IMPORT_H */
