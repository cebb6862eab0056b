/*
 * loop.h - the interactive front end: curses screen and libev loop over
 * the application layer (app.h).
 */
#ifndef RAVIZ_LOOP_H
#define RAVIZ_LOOP_H

#include "opts.h"

/*
 * Run the screen for the scenario in o until the user quits.  Needs a
 * terminal on stdin and stdout (else a message pointing at --headless and
 * status 2).  The terminal is restored on every exit; --summary and --trace
 * are written afterwards for the point where the user left.  Returns the
 * exit status.
 */
int	loop_run(const struct opts *o);

#endif /* RAVIZ_LOOP_H */
