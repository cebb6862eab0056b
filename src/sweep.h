/*
 * sweep.h - one scenario parameter swept across its range, the whole file
 * read in the three modes at each value: the 128 KiB cliff (--sweep=bs),
 * the readahead size (ra) and the wake-up hypothesis (idle-penalty) seen
 * at a glance.  Every figure is a run of the engine (exact skipping keeps
 * the sweep fast); nothing is interpolated.
 */
#ifndef RAVIZ_SWEEP_H
#define RAVIZ_SWEEP_H

#include <stdio.h>

struct opts;

/* The parameters a sweep can vary, as --sweep spells them. */
enum sweep_kind {
	SWEEP_NONE,
	SWEEP_BS,
	SWEEP_RA,
	SWEEP_IDLE_PENALTY
};

/* The kind for a --sweep word, SWEEP_NONE if it is none of them. */
enum sweep_kind sweep_kind(const char *);
/*
 * --sweep: a table (value, then MB/s in legacy, buggy and fixed) and a
 * chart of bars scaled to the largest, to out; the rest of the scenario
 * is o's.  0, 1 (memory, write) or 2 (a value the scenario refuses).
 */
int	 sweep_run(const struct opts *o, FILE *out, FILE *err);

#endif /* RAVIZ_SWEEP_H */
