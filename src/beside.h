/*
 * beside.h - a real trace's summary beside its model's (--headless
 * --import=FILE --beside=MODE): the model configured from the trace
 * (trace-model.h) is run to the end, and the two key: value summaries are
 * printed as one table, key by key - the import's keys in its order (the
 * model's keys first, then those only a trace has), then any key only the
 * model has - after two comment lines: the model as a command line that
 * runs it again, and how its device was measured.
 *
 *	# model: raviz --headless --mode=modern --bs=1M ... --latency=0
 *	# device: measured from 33 requests: 4900 MB/s, latency 0 ns ...
 *	key                     real           model
 *	mode                    n/a            modern
 */
#ifndef RAVIZ_BESIDE_H
#define RAVIZ_BESIDE_H

#include <stdio.h>

#include "opts.h"

/* Print o's import beside its model to out; returns the exit status. */
int	 beside_run(const struct opts *o, FILE *out, FILE *err);

#endif /* RAVIZ_BESIDE_H */
