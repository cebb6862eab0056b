/*
 * storyboard.h - compare mode without a terminal: headless --compare
 * (frames, a summary of what the patch changes, an SVG, a cast of the five
 * moments) and --storyboard=DIR (T1-T5, buggy beside fixed, as SVG slides
 * with a title and the moment's meaning, no key hints, no play state).
 *
 * Everything is drawn through the application layer in compare mode, as
 * the c key shows it, so the pictures are the screen's; every number comes
 * from the engine (differ.h).  Deterministic: the same options give the
 * same bytes.
 */
#ifndef RAVIZ_STORYBOARD_H
#define RAVIZ_STORYBOARD_H

#include <stdio.h>

struct opts;

/*
 * headless --compare: the scenario of o beside its other mode.  With
 * --frames a compare frame after each event of the main run (to --until
 * or the end); --until=Tk puts each half at its own moment; the frame
 * there (without --frames, to out) and --svg's picture of it; --cast the
 * five moments and the end, each held 4 s; the summary the difference
 * line's figures as key: value.  0, 1 (write or memory) or 2 (bad input).
 */
int	 storyboard_compare(const struct opts *o, FILE *out, FILE *err);
/*
 * --storyboard=DIR: DIR/T1.svg .. DIR/T5.svg (the moments the scenario
 * has), created whole or not at all, an existing file refused without
 * --force.  0, 1 or 2 as storyboard_compare().
 */
int	 storyboard_write(const struct opts *o, FILE *out, FILE *err);

#endif /* RAVIZ_STORYBOARD_H */
