/*
 * lesson.h - the installed lessons and opening the demo the command line
 * names.
 */
#ifndef RAVIZ_LESSON_H
#define RAVIZ_LESSON_H

#include <stddef.h>
#include <stdio.h>

#include "demo.h"
#include "opts.h"

/*
 * The lessons' directory: demos/ of the data directory (datadir.h:
 * $RAVIZ_DATADIR, an uninstalled build's own tree, or $(pkgdatadir)).
 */
const char *lesson_dir(void);
/*
 * The path of the installed lesson NAME (NAME or NAME.demo) into buf; -1
 * with *why set if NAME is not a plain name (no '/', no leading '.').
 */
int	 lesson_find(char *buf, size_t len, const char *name,
	     const char **why);
/*
 * The path of the installed capture NAME (a lesson's `trace`) into buf:
 * the data directory's captures/NAME, or in a source tree
 * tests/data/captures/NAME.  -1 when neither is there.
 */
int	 lesson_capture(char *buf, size_t len, const char *name);
struct trace;
/*
 * The run of lesson d, which has a `trace`, into t (trace_free() after):
 * with --capture=PATH (o), captured on the spot with the lesson's bs and
 * file size (root, tracefs: capture.h), else - or when that capture is
 * refused - the installed capture d->trace.  0, or the exit status with
 * the reason written to err.
 */
int	 lesson_trace(struct trace *t, const struct demo *d,
	     const struct opts *o, FILE *err);
/* Print "NAME  TITLE" for every *.demo in lesson_dir(), sorted. */
int	 lesson_list(FILE *out, FILE *err);
/*
 * Load the demo o names (o->files[0] or --demo NAME) into *d, printing its
 * diagnostics to err.  0 when it can be replayed (free it with
 * demo_free()), else the exit status (2 bad input, 1 out of memory).
 */
int	 lesson_open(struct demo *d, const struct opts *o, FILE *err);

#endif /* RAVIZ_LESSON_H */
