/*
 * mode.h - the one vocabulary of modes (docs/model.md §1): for each mode
 * the name options, demo files, traces and summaries spell, the word and
 * header line the screen shows, what distinguishes its kernel, and where
 * p and m lead from it.  The engine's policies carry the same names (the
 * tests compare them); everything else reads them here.
 *
 * Modes are enum view_mode values, equal to the engine's enum sim_mode
 * (feed.c checks that at compile time).
 */
#ifndef RAVIZ_MODE_H
#define RAVIZ_MODE_H

#include <stddef.h>

#include "view.h"

/*
 * The names in table order, for option tables and messages (string
 * constants, so that static tables can hold them; check_mode compares
 * them with the table).
 */
#define MODE_NAMES_BAR	"buggy|fixed|legacy|modern|modern-buggy"
#define MODE_NAMES_OR	"buggy, fixed, legacy, modern or modern-buggy"

struct mode_info {
	const char	*name;		/* "modern-buggy" */
	const char	*word;		/* "MODERN-BUGGY": flashes, compare */
	const char	*header;	/* the header's line for the mode */
	const char	*kernels;	/* "2.6.39-3.2", "what-if" */
	int		 outer_plug;	/* read() holds a plug (2.6.39's bug) */
	int		 modern;	/* Linux 6.x: folios, blk-mq's plug */
	enum view_mode	 plug;		/* p: the outer plug put in or out */
};

/* The mode m's entry (m < VIEW_MODE_COUNT), or a "?" entry past them. */
const struct mode_info *mode_info(enum view_mode m);
/* Its name, "?" past the modes. */
const char	*mode_name(enum view_mode m);
/* A name to its mode; 0, or -1 when no mode has that name. */
int		 mode_parse(const char *name, enum view_mode *m);
/* Where p leads: buggy <-> fixed (legacy -> buggy), modern <-> modern-buggy. */
enum view_mode	 mode_plug(enum view_mode m);
/* Where m leads: the next mode in the table's order, round. */
enum view_mode	 mode_cycle(enum view_mode m);
/*
 * The mode c puts beside m: today's kernel and its what-if beside each
 * other (p's pair), a 2012 kernel beside fixed, fixed beside buggy.  Of
 * the two, the one with the outer plug is drawn above.
 */
enum view_mode	 mode_partner(enum view_mode m);

#endif /* RAVIZ_MODE_H */
