/*
 * differ.h - what the patch changes in a scenario, measured on two runs of
 * the engine (buggy and fixed, or legacy and fixed): the wait for the page
 * of T5, the requests that carry the window T3 and T4 made, and the whole
 * run's MB/s.  Compare mode's difference line, headless --compare and the
 * storyboard show these numbers; none comes from a table.
 *
 * Contract: differ_measure() runs both configurations from event 0 on
 * engines of its own (the whole run, quietly, with the engine's exact
 * skipping), so its cost is the engine's, not the file's.  Deterministic.
 */
#ifndef RAVIZ_DIFFER_H
#define RAVIZ_DIFFER_H

#include <stddef.h>
#include <stdint.h>

#include "engine/sim.h"
#include "view.h"

#define DIFFER_REQ_MAX	8	/* requests of the window listed */

/* One run's figures. */
struct differ_run {
	enum sim_mode	 mode;
	int		 has_wait;	/* T5 came, and the reader woke after */
	uint64_t	 wait_page;	/* the page the reader slept on at T5 */
	uint64_t	 wait_ns;	/* from its sleep to its wake */
	uint64_t	 win_first;	/* the window of T3 and T4: [first, end) */
	uint64_t	 win_end;	/* (win_end == 0: no T3 or no T4) */
	uint64_t	 req[DIFFER_REQ_MAX]; /* its requests' pages, dispatched */
	size_t		 nreq;		/* ... listed (more: nreq_all) */
	size_t		 nreq_all;
	uint64_t	 bytes;		/* copied by the end */
	uint64_t	 time_ns;	/* the run's time (its last read()) */
};

/* Both runs: [0] the one drawn above (buggy or legacy), [1] fixed. */
struct differ {
	struct differ_run run[2];
};

/*
 * Measure the scenario c in c's mode and in the other (buggy <-> fixed,
 * legacy -> fixed), long work through p (quiet.h; NULL: straight
 * through).  0, -1 if memory ran out, or -2 when p's hook stopped it
 * (p->cancelled set).
 */
struct timeline_poll;
int	 differ_measure(struct differ *, const struct sim_config *c,
	     struct timeline_poll *p);
/*
 * The difference line: "page 64 waits 5.03ms buggy, 0.83ms fixed | [64,128)
 * goes out as 256 KiB buggy, 128+128 KiB fixed | 50.4 vs 251.6 MB/s", in
 * shorter words when brief; into buf (returned).  Only what was measured:
 * a figure a run did not have (no T5 with 4 KiB reads) is left out.
 */
char	*differ_line(const struct differ *, char *buf, size_t len, int brief);
/*
 * What differs now between two views (the halves): each one's device
 * (idle, waking, busy with so much) and plug, as "now  buggy: device idle,
 * plug 128 KiB | fixed: device busy 128 KiB, plug empty" ("dev" when
 * brief); into buf (returned).
 */
char	*differ_now(const struct view *top, const struct view *bottom,
	     char *buf, size_t len, int brief);

#endif /* RAVIZ_DIFFER_H */
