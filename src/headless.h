/*
 * headless.h - running raviz without a terminal: summary, JSON Lines trace
 * and text frames, all deterministic for given options.
 */
#ifndef RAVIZ_HEADLESS_H
#define RAVIZ_HEADLESS_H

#include <stdio.h>

#include "opts.h"

/* Run per o; write to out, diagnostics to err.  Returns the exit status. */
int	headless_run(const struct opts *o, FILE *out, FILE *err);
/* Print the key: value summary of a run (at its current point). */
void	headless_summary(FILE *, const struct sim *);
/* Format one event as a JSON object (no newline) into buf. */
size_t	headless_json(char *buf, size_t len, const struct sim_event *);
/* Print the device presets with their basis. */
void	headless_list_devices(FILE *);
/*
 * Say "raviz: --trace: FILE: <strerror(errno)>" on err, FILE escaped (it
 * is the user's text); call right after the failing call.
 */
void	headless_trace_error(FILE *err, const char *file);
/*
 * Close a --trace file (not stdout): 0, or -1 with errno set after a write
 * error, the file cut back to its last complete line.
 */
int	headless_trace_close(FILE *f);

#endif /* RAVIZ_HEADLESS_H */
