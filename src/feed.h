/*
 * feed.h - the engine as a source of events for a view (view.h): its
 * configuration and events in the view's vocabulary, and key frames for
 * the points the engine reaches without handing out events.
 *
 * The engine makes the events of one action at once and its state is past
 * all of them when the first is handed out; the screen has always shown
 * that state (the action's outcome) next to the action's first event.  A
 * feed keeps a view in the same place: with each event handed out it
 * applies that event and the rest of its action's burst (sim_queued()),
 * once.
 */
#ifndef RAVIZ_FEED_H
#define RAVIZ_FEED_H

#include <stdint.h>

#include "view.h"
#include "engine/sim.h"

/* The view's configuration for an engine configuration. */
void	 feed_config(struct view_config *, const struct sim_config *);
/* An engine event in the view's vocabulary. */
void	 feed_event(struct view_event *, const struct sim_event *);
/* A new view of the run s will make (s at event 0). */
struct view *feed_view(const struct sim *s);

/*
 * Bring v up to s after s handed out event e (sim_step()): *ahead counts
 * the events of e's burst already applied (0 for a new view; keep it with
 * the view, and copy it with a copy of the view).
 */
void	 feed_step(struct view *v, uint64_t *ahead, const struct sim *s,
	     const struct sim_event *e);
/*
 * A key frame: make v the state of s as it is now (after a quiet run);
 * *ahead is set to the events s has made and not handed out.
 */
void	 feed_load(struct view *v, uint64_t *ahead, const struct sim *s);

#endif /* RAVIZ_FEED_H */
