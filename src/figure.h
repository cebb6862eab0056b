/*
 * figure.h - figures of a run, by name, for the placeholders of demo
 * captions: "Whole file: {throughput}" shows "Whole file: 51.9 MB/s".
 *
 * Template syntax (README "Demo files", raviz(1)):
 *
 *	{NAME}			the figure of the run now, as the screen is
 *	{NAME OPT=VALUE ...}	the figure of another whole run: the lesson's
 *				scenario (its `set` lines) with these options
 *				changed, run to the end of the file, exactly
 *				as `raviz --headless` would run it
 *	{{ and }}		a literal brace
 *
 * NAME is one of the vocabulary (figure_count(), figure_name()); OPT is a
 * scenario option as a `set` line names it (mode, bs, device, ...: the
 * names of the scenario table, scenario.h).
 *
 * Contracts:
 * - One table (figure.c) defines the vocabulary: the names, what each
 *   means, its unit, and the summary key (report.c) printing the same
 *   value.  The parser, the filler, the error messages and the tests all
 *   read it.
 * - figure_check() is pure; figure_fill() and figure_try() run the engine
 *   for the alternative runs only (no I/O).  All are deterministic.
 */
#ifndef RAVIZ_FIGURE_H
#define RAVIZ_FIGURE_H

#include <stddef.h>

#include "timeline.h"
#include "engine/sim.h"

#define FIGURE_OPTS_MAX	4	/* options in one placeholder */

/* The vocabulary. */
size_t	 figure_count(void);
const char *figure_name(size_t i);
/* What it shows, one phrase. */
const char *figure_meaning(size_t i);
/* The summary key with the same value, or NULL (configuration figures). */
const char *figure_summary_key(size_t i);

/*
 * Check the template t (NUL-terminated).  base/nbase are the scenario
 * options of the lesson as "--NAME=VALUE" strings; an alternative run must
 * be a valid configuration with them.  Returns 0 if valid, else -1 with
 * *off the byte offset in t of the problem and why[whylen] a message.
 */
int	 figure_check(const char *t, char *const *base, size_t nbase,
	     size_t *off, char *why, size_t whylen);

/*
 * Fill the template t into out (len > 0, always NUL-terminated, cut if
 * short) with the figures of run s now and of the alternative runs of
 * base, each run as all long work is (quiet.h) through p (NULL: no hook).
 * Returns 0; -1 if the template is invalid or the engine could not run an
 * alternative run; -2 if p stopped one (no later one runs); the
 * placeholder is then left as written.
 */
int	 figure_fill(char *out, size_t len, const char *t, const struct sim *s,
	     char *const *base, size_t nbase, struct timeline_poll *p);
/*
 * Run every alternative run of template t (valid: figure_check()), each
 * within BOUND_FIGURE_WORK engine actions (bounds.h).  0, or -1 with *off
 * the offset of the first placeholder past it (or that cannot run) and
 * why[whylen] a message naming the bound and --limit.
 */
int	 figure_try(const char *t, char *const *base, size_t nbase,
	     size_t *off, char *why, size_t whylen);

/*
 * Terminal columns the filled template t takes at most (as utf8_width()
 * counts them): each placeholder counts as its figure's widest value (the
 * caption-length warning uses it).
 */
size_t	 figure_width(const char *t);

/*
 * The figure named name of run s now, into out; -1 if the name is
 * unknown.
 */
int	 figure_value(char *out, size_t len, const char *name,
	     const struct sim *s);

#endif /* RAVIZ_FIGURE_H */
