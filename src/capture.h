/*
 * capture.h - recording a real block trace of a read raviz does itself.
 */
#ifndef RAVIZ_CAPTURE_H
#define RAVIZ_CAPTURE_H

#include <stdint.h>
#include <stdio.h>

struct opts;

/*
 * Where a capture went, for the screen to open it: capture_run() fills
 * it (path set, summary not printed) when given one and stdin and stdout
 * are a terminal.
 */
struct capture_shown {
	char		 path[4096];	/* "" when not for the screen */
	uint32_t	 dev;		/* the device to import (BLK_NODEV) */
};

/*
 * --capture=PATH: as root, with tracefs, drop PATH's cached pages, read it
 * like dd (--bs, at most --file-size bytes) inside a private tracing
 * instance with the block tracepoints on and the reader's read() calls as
 * markers, write the trace to --capture-out (or a new
 * raviz-capture-N.trace), remove the instance (also on SIGINT, SIGTERM,
 * SIGHUP), then print the import summary of the capture to out - or,
 * with shown and a terminal, leave its path and device in *shown for the
 * screen to open instead.  Without
 * root or tracefs: a message naming what is missing, exit 2, nothing
 * changed.  Returns the exit status.
 */
int	capture_run(const struct opts *, FILE *out, FILE *err,
	    struct capture_shown *shown);

#endif /* RAVIZ_CAPTURE_H */
