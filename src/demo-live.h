/*
 * demo-live.h - replaying a demo file on the interactive screen, with the
 * teacher's pacing.  No curses calls and no clock of its own: the loop
 * (loop.c) passes a monotonic time in ns and key codes, and arms its timer
 * as demo_live_step() asks.
 *
 * Rules (the headless replayer's, plus wall time):
 * - Item i is due when its recorded delay (scaled by the pace) has passed
 *   since item i - 1 was carried out AND the run is at its event number.
 *   While playing, the run never moves past the next item's event: the
 *   loop's pacing tick goes through demo_live_tick(), which stops there.
 *   If the delay is over and the run is paused short of the event, it is
 *   moved there at once.
 * - Keys: Enter continues after a `pause` item (and resumes a held demo),
 *   Tab carries out the next item now, [ and ] halve or double the pace.
 *   Any other key is an ordinary command: the user takes over and the demo
 *   holds; Enter later brings the run back to where the demo was and goes
 *   on from there.  A recorded `quit` ends the demo, not raviz.
 */
#ifndef RAVIZ_DEMO_LIVE_H
#define RAVIZ_DEMO_LIVE_H

#include <stdint.h>

#include "app.h"
#include "demo.h"

#define DEMO_LIVE_FOREVER	UINT64_MAX

struct demo_live;

/* A replayer for d over app (both must outlive it), starting at now_ns. */
struct demo_live *demo_live_new(const struct demo *d, struct app *app,
	     uint64_t now_ns);
void	 demo_live_free(struct demo_live *);
/*
 * A key was pressed (a character or an enum cmd_key, cmd.h).  Returns 1
 * if the replayer used it (Enter, Tab, [, ]), 0 if the loop should carry
 * it out as a command (the demo then holds).
 */
int	 demo_live_key(struct demo_live *, int key, uint64_t now_ns);
/*
 * Carry out every item that is due.  Returns 0, or -1 if memory ran out;
 * *wait_ns receives the time until it should be called again
 * (DEMO_LIVE_FOREVER: only after a key or a tick).
 */
int	 demo_live_step(struct demo_live *, uint64_t now_ns,
	     uint64_t *wait_ns);
/* The loop's pacing tick while the demo runs; same return as app_tick(). */
int	 demo_live_tick(struct demo_live *);
/* Is the demo still driving the run (not held, not finished)? */
int	 demo_live_active(const struct demo_live *);

#endif /* RAVIZ_DEMO_LIVE_H */
