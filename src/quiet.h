/*
 * quiet.h - long work, the one way, wherever it starts (a key, a lesson's
 * item, a caption's figure, a headless run): the engine runs in slices of
 * QUIET_SLICE actions, between which a poll hook (struct timeline_poll)
 * shows how far the work has got and may stop it.  The screen's hook is
 * the loop's (progress on the bottom row after 100 ms; q, Ctrl-C and
 * every signal that ends raviz stop it); without a screen it is struct
 * quiet's: progress on standard error, when that is a terminal, after
 * 100 ms, and the signals that end raviz caught between slices, then
 * re-raised once the work has let go of what it holds.
 *
 * Slicing changes no result: each slice goes on where the last stopped,
 * skipping repeated periods as before (sim_set_budget()).
 */
#ifndef RAVIZ_QUIET_H
#define RAVIZ_QUIET_H

#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "timeline.h"
#include "engine/sim.h"

#define QUIET_SLICE	(1u << 15)	/* engine actions between polls */
#define QUIET_SAY_MS	100		/* progress from then on */
#define QUIET_TICK	4096		/* events stepped between ticks */

/* The ending signals a quiet run catches. */
#define QUIET_NSIG	7

/*
 * Long work without a screen: quiet_begin() to quiet_end().  poll is the
 * hook to hand to the work (timeline.h, quiet_sim(), app_set_poll()); it
 * does nothing unless err is a terminal.
 */
struct quiet {
	FILE			*err;
	int			 tty;
	const char		*of;		/* "the file", ... */
	struct timespec		 t0;
	uint64_t		 said;		/* ms of the last line, 0: none */
	struct sigaction	 old[QUIET_NSIG];
	struct timeline_poll	 poll;
	/* Where the work writes its share, if not poll (app_poll()). */
	const struct timeline_poll *src;
};

/*
 * Start watching long work on err (of: what its share is of, "the
 * file").  A signal ignored by whoever started raviz stays ignored.
 */
void	 quiet_begin(struct quiet *, FILE *err, const char *of);
/*
 * Between slices: progress (pm thousandths done, ev events) when due.
 * Nonzero when a signal asks to stop.
 */
int	 quiet_tick(struct quiet *, unsigned pm, uint64_t ev);
/*
 * Stop watching: the signals as they were, the progress line cleared.
 * After a signal, say where the work stopped and that `what` is not
 * written, and let the signal end raviz as it would have: -2 if it did
 * not; else 0.
 */
int	 quiet_end(struct quiet *, unsigned pm, uint64_t ev, const char *what);
/* How far a run of s has got, in thousandths: of its file, or of until. */
unsigned quiet_permille(const struct sim *s, uint64_t until);
/*
 * Run s quietly to event until (0: the end), in slices when p has a hook,
 * which gets the events reached and the target (UINT64_MAX: the end) with
 * p->permille set; a nonzero answer stops the run (p->cancelled set).
 * With max_slices set, at most that many slices run (*over set when the
 * work needed more).  0, -1 (memory) or -2 (stopped).
 */
int	 quiet_sim(struct sim *s, uint64_t until, struct timeline_poll *p,
	     uint64_t max_slices, int *over);

/*
 * Long work in parts (a sweep's runs, compare's two measured runs): the
 * hook a part's run gets, which passes each slice on to the whole work's
 * hook outer with outer->permille set to the whole's share (part `part`
 * of `parts`, that far through).  quiet_part() returns the part's hook,
 * or NULL when outer has none (the run then goes straight through).
 */
struct quiet_part {
	struct timeline_poll	 poll;
	struct timeline_poll	*outer;
	unsigned		 part, parts;
};
struct timeline_poll *quiet_part(struct quiet_part *, struct timeline_poll *outer,
	     unsigned part, unsigned parts);

#endif /* RAVIZ_QUIET_H */
