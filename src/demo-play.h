/*
 * demo-play.h - replaying a demo file without a terminal (headless item
 * log, text frames, asciicast v2 export) and checking demo files.
 * The interactive replayer lives with the terminal loop and uses the same
 * rules (demo-play.c explains them).
 */
#ifndef RAVIZ_DEMO_PLAY_H
#define RAVIZ_DEMO_PLAY_H

#include <stdio.h>

#include "demo.h"
#include "opts.h"
#include "theme.h"

struct timeline_poll;

struct demo_play_opts {
	unsigned	 cols, rows;	/* frame size */
	int		 frames;	/* a frame after each item */
	int		 log;		/* without frames: one line per item */
	int		 summary;	/* the key: value summary at the end */
	const char	*cast;		/* asciicast v2 output file, or NULL */
	int		 force;		/* --force: cast may replace a file */
	/*
	 * The cast's look (theme.h), or NULL for plain text: its glyphs and
	 * SGR colours (direct: RGB where the look has it).
	 */
	const struct theme_resolved *look;
	int		 direct;
	const char	*svg;		/* --svg: the last frame, or NULL */
	/*
	 * The run to replay over (app.h; taken over, freed by the replay),
	 * or NULL for the model of d's configuration: a lesson over a kernel
	 * trace comes with its app_new_trace().
	 */
	struct app	*app;
};

/*
 * Replay d (demo_replayable() must hold) to out; diagnostics to err.
 * Returns the exit status (0, or 1 on a write error or lack of memory).
 */
int	 demo_play_headless(const struct demo *d,
	     const struct demo_play_opts *, FILE *out, FILE *err);

/*
 * The caption of item it (a DEMO_CAPTION of d) as it shows now: its
 * placeholders filled with the figures of run s (figure.h), an
 * alternative run going as all long work does through p (app_poll()),
 * then escaped (fmt_escape()).  The one filler of headless replay, casts
 * and the screen.  0, -1 if the engine ran out of memory for an
 * alternative run, -2 if p stopped it (out then holds that placeholder
 * unfilled).
 */
int	 demo_play_caption(char *out, size_t len, const struct demo *d,
	     const struct demo_item *it, const struct sim *s,
	     struct timeline_poll *p);

/*
 * The caption line the replay shows: the caption (or NULL), then the prompt
 * the replay waits with ("[Enter]"), or NULL, two blanks apart.
 */
void	 demo_play_prompt(char *out, size_t len, const char *caption,
	     const char *prompt);

/*
 * Validate each file, printing every diagnostic to err and a line per file
 * to out ("FILE: ok, N items" / "FILE: N errors, M warnings").  Returns 0
 * if all are valid, 2 otherwise, 1 if memory ran out.
 */
int	 demo_play_check(int n, const char *const *files, FILE *out,
	     FILE *err);

/* raviz --headless FILE.demo: the whole job; returns the exit status. */
int	 demo_play_main(const struct opts *o, FILE *out, FILE *err);

#endif /* RAVIZ_DEMO_PLAY_H */
