/*
 * headless.h - running raviz without a terminal: summary, JSON Lines trace
 * (report.h) and text frames, all deterministic for given options.
 */
#ifndef RAVIZ_HEADLESS_H
#define RAVIZ_HEADLESS_H

#include <stdio.h>

#include "opts.h"

/* Run per o; write to out, diagnostics to err.  Returns the exit status. */
int	headless_run(const struct opts *o, FILE *out, FILE *err);
/*
 * --headless --import=FILE: its summary, or its --frames (up to
 * --until=N events).  Returns the exit status.
 */
int	headless_import(const struct opts *o, FILE *out, FILE *err);
/* Print the device presets with their basis. */
void	headless_list_devices(FILE *);

#endif /* RAVIZ_HEADLESS_H */
