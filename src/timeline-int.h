/*
 * timeline-int.h - what the timeline's two files share (timeline.c: steps,
 * checkpoints, moves and toggles; timeline-quiet.c: the quiet runs of long
 * moves - scans, their trail, quiet checkpoints, the count of events
 * before a time).  Not for use outside them: timeline.h is the contract.
 */
#ifndef RAVIZ_TIMELINE_INT_H
#define RAVIZ_TIMELINE_INT_H

#include "quiet.h"
#include "timeline.h"

#define JUMP_MIN	(2 * RENDER_HISTORY) /* shorter moves just step */

/*
 * A scan: the one quiet run of a long move, on a copy of u's engine.
 * Between its slices it shows progress, lets the front end cancel, stops
 * once the next event falls after time t (SIM_NONE: never), and keeps a
 * trail of clones, so that when the move turns out to land earlier than
 * the scan went (the run ended, or the clock passed t), the landing point
 * is reached from the nearest clone at or before it, not from the start:
 * at most two slices run again.  The trail is the first clone (where the
 * scan began), the latest one at least JUMP_MIN events behind the boundary
 * before the newest, and those after it.
 */
#define TRAIL_MAX	16

struct scan {
	struct sim	*s[TRAIL_MAX];	/* the trail, oldest first */
	uint64_t	 ev[TRAIL_MAX];	/* events each has handed out */
	size_t		 n;
	uint64_t	 goal;		/* the move's target, for progress (0:
					   not known) */
	uint64_t	 t;		/* stop when the next event is past t */
	int		 past;		/* stopped there */
	struct timeline	*keep;		/* keeps quiet checkpoints, or NULL */
};

/* timeline.c: a recorded toggle's place in every path to an event. */
void	 timeline_toggles_apply(const struct timeline *u, struct sim *s,
	     struct view *v, uint64_t ev);
/* Keep the even-numbered of n elements of size bytes at v; the new n. */
size_t	 timeline_keep_even(void *v, size_t n, size_t size);
/* Free a quiet checkpoint's copies. */
void	 timeline_qck_free(struct timeline_qck *q);

/*
 * timeline-quiet.c: the latest usable quiet checkpoint after u's event, at
 * or before event n, whose next event is not after time t (NULL: none);
 * adding to and freeing a scan's trail; quiet advance of a copy to event n
 * (toggles applied on the way, through sc in slices when not NULL); the
 * copy of u's engine at a landing point, from the nearest engine; the
 * number of events at or before time t from a scan that stopped past it.
 * The -1 / NULL cases are memory, or a cancelled move.
 */
const struct timeline_qck *timeline_qck_find(const struct timeline *u,
	     uint64_t n, uint64_t t);
int	 timeline_scan_keep(struct scan *sc, const struct sim *s, uint64_t ev);
void	 timeline_scan_done(struct scan *sc);
int	 timeline_quiet_advance(const struct timeline *u, struct sim *s,
	     uint64_t *at, uint64_t n, struct scan *sc);
struct sim *timeline_scan_land(const struct timeline *u,
	     const struct scan *sc, uint64_t land);
int	 timeline_count_until(const struct timeline *u, const struct scan *sc,
	     uint64_t t, uint64_t hi, uint64_t *n);
/* timeline-quiet.c: a copy of u's engine after k <= u->nev events. */
struct sim *timeline_engine_at(const struct timeline *u, uint64_t k);
/*
 * timeline-quiet.c: an engine s of u's run (no toggles) quietly to time t
 * (sim_run_until_time()) in slices between which u's poll hook may cancel
 * (-1, u->poll->cancelled; with trail, a warm clone of s at the last slice
 * end not after time keep is left there); or quietly to event n at once.
 * -1 also when memory ran out.
 */
int	 timeline_scout_to(const struct timeline *u, struct sim *s,
	     uint64_t t, uint64_t keep, struct sim **trail);
int	 timeline_quiet_to(struct sim *s, uint64_t n);

#endif /* RAVIZ_TIMELINE_INT_H */
