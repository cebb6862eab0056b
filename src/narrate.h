/*
 * narrate.h - an event in plain words, naming the kernel functions at work,
 * and the meaning of the patch's moments T1..T5 in each mode.
 */
#ifndef RAVIZ_NARRATE_H
#define RAVIZ_NARRATE_H

#include <stddef.h>

#include "view.h"

/* One line describing e (ASCII) into buf. */
void	 narrate_event(char *buf, size_t len, const struct view_event *e,
	     const struct view_config *cfg);
/*
 * A moment T1..T5 as the screen explains it: the labelled event and what
 * the run looked like right after it.
 */
struct narrate_moment {
	struct view_event ev;		/* ev.label 1..5 (0: none) */
	uint64_t	 page;		/* the page the reader sleeps on, else
					   ev.first */
	uint64_t	 req_pages;	/* the request holding it, or 0 */
	uint64_t	 since;		/* ns since it went out, or VIEW_NONE */
	int		 asleep;	/* the reader sleeps (or is waking) */
	int		 held;		/* RA: the window waits in a plug or in
					   the plugged queue */
	int		 ready;		/* RA: the marker page is up to date */
	int		 busy;		/* the device has requests */
	uint64_t	 read_first;	/* A: the current read()'s first page,
					   or VIEW_NONE (patch notation) */
};

#define NARRATE_SHORT	80	/* columns of narrate_label_short() */

/* Note moment e of v; call right after e was applied to v. */
void	 narrate_moment(struct narrate_moment *, const struct view *,
	     const struct view_event *e);
/*
 * What the moment means (ASCII), sizes and pages as they are in this run
 * (cfg is its configuration), into buf; "" for label 0.  Returns buf.
 */
char	*narrate_label(char *buf, size_t len, const struct narrate_moment *,
	     const struct view_config *cfg);
/*
 * The same in one line of at most NARRATE_SHORT columns (the full text if
 * it fits).
 */
char	*narrate_label_short(char *buf, size_t len,
	     const struct narrate_moment *, const struct view_config *cfg);
/*
 * Page p in the patch description's notation, the offset from the
 * read()'s first page A: "A", "A+128k", "A+1M"; "" when p < A or either
 * is VIEW_NONE.  Returns buf.
 */
char	*narrate_patch(char *buf, size_t len, uint64_t a, uint64_t p);
/* The mode in words for the header ("BUGGY - 2.6.39: read() holds a plug"). */
const char *narrate_mode(enum view_mode m);

#endif /* RAVIZ_NARRATE_H */
