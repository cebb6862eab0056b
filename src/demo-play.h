/*
 * demo-play.h - replaying a demo file without a terminal (headless item
 * log, text frames, asciicast v2 export), and finding installed lessons.
 * The interactive replayer lives with the terminal loop and uses the same
 * rules (demo-play.c explains them).
 */
#ifndef RAVIZ_DEMO_PLAY_H
#define RAVIZ_DEMO_PLAY_H

#include <stdio.h>

#include "demo.h"
#include "opts.h"

struct demo_play_opts {
	unsigned	 cols, rows;	/* frame size */
	int		 frames;	/* a frame after each item */
	int		 log;		/* without frames: one line per item */
	int		 summary;	/* the key: value summary at the end */
	const char	*cast;		/* asciicast v2 output file, or NULL */
	int		 force;		/* --force: cast may replace a file */
};

/*
 * Replay d (demo_replayable() must hold) to out; diagnostics to err.
 * Returns the exit status (0, or 1 on a write error or lack of memory).
 */
int	 demo_play_headless(const struct demo *d,
	     const struct demo_play_opts *, FILE *out, FILE *err);

/*
 * The lessons' directory: $RAVIZ_DATADIR/demos if that variable is set and
 * not empty (tests, uninstalled builds), else PKGDATADIR/demos.
 */
const char *demo_play_dir(void);
/*
 * The path of the installed lesson NAME (NAME or NAME.demo) into buf; -1
 * with *why set if NAME is not a plain name (no '/', no leading '.').
 */
int	 demo_play_find(char *buf, size_t len, const char *name,
	     const char **why);
/* Print "NAME  TITLE" for every *.demo in demo_play_dir(), sorted. */
int	 demo_play_list(FILE *out, FILE *err);
/*
 * Validate each file, printing every diagnostic to err and a line per file
 * to out ("FILE: ok, N items" / "FILE: N errors, M warnings").  Returns 0
 * if all are valid, 2 otherwise, 1 if memory ran out.
 */
int	 demo_play_check(int n, const char *const *files, FILE *out,
	     FILE *err);

/*
 * Load the demo o names (o->files[0] or --demo NAME) into *d, printing its
 * diagnostics to err.  0 when it can be replayed (free it with
 * demo_free()), else the exit status (2 bad input, 1 out of memory).
 */
int	 demo_play_open(struct demo *d, const struct opts *o, FILE *err);
/* raviz --headless FILE.demo: the whole job; returns the exit status. */
int	 demo_play_main(const struct opts *o, FILE *out, FILE *err);

#endif /* RAVIZ_DEMO_PLAY_H */
