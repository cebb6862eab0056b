/*
 * capture.h - recording a real block trace of a read raviz does itself.
 */
#ifndef RAVIZ_CAPTURE_H
#define RAVIZ_CAPTURE_H

#include <stdio.h>

struct opts;

/*
 * --capture=PATH: as root, with tracefs, drop PATH's cached pages, read it
 * like dd (--bs, at most --file-size bytes) inside a private tracing
 * instance with the block tracepoints on and the reader's read() calls as
 * markers, write the trace to --capture-out (or a new
 * raviz-capture-N.trace), remove the instance (also on SIGINT, SIGTERM,
 * SIGHUP), then print the import summary of the capture to out.  Without
 * root or tracefs: a message naming what is missing, exit 2, nothing
 * changed.  Returns the exit status.
 */
int	capture_run(const struct opts *, FILE *out, FILE *err);

#endif /* RAVIZ_CAPTURE_H */
