/*
 * mode.c - the modes' vocabulary (mode.h): one table, in enum order.
 *
 * The what-if, modern-buggy, is today's kernel with 2.6.39's plug held
 * across read(): no kernel ran it, and the header says so.  p moves
 * between the two plugging choices of one kernel family; m walks the
 * whole table.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "mode.h"

static const struct mode_info modes[VIEW_MODE_COUNT] = {
	[VIEW_MODE_BUGGY] = { "buggy", "BUGGY",
	    "BUGGY - 2.6.39: read() holds a plug", "2.6.39-3.2", 1, 0,
	    VIEW_MODE_FIXED },
	[VIEW_MODE_FIXED] = { "fixed", "FIXED",
	    "FIXED - patch: no outer plug", "3.3 on", 0, 0,
	    VIEW_MODE_BUGGY },
	[VIEW_MODE_LEGACY] = { "legacy", "LEGACY",
	    "LEGACY - 2.6.38: per-queue plug", "up to 2.6.38", 0, 0,
	    VIEW_MODE_BUGGY },
	[VIEW_MODE_MODERN] = { "modern", "MODERN",
	    "MODERN - 6.x: folios, a plug per window", "6.x", 0, 1,
	    VIEW_MODE_MODERN_BUGGY },
	[VIEW_MODE_MODERN_BUGGY] = { "modern-buggy", "MODERN-BUGGY",
	    "WHAT-IF - 6.x with 2.6.39's plug across read()", "what-if",
	    1, 1, VIEW_MODE_MODERN },
};

static const struct mode_info unknown = { "?", "?", "?", "?", 0, 0,
    VIEW_MODE_BUGGY };

/* The mode m's entry. */
const struct mode_info *
mode_info(enum view_mode m)
{
	return ((unsigned)m < VIEW_MODE_COUNT ? &modes[m] : &unknown);
}

/* A mode's name. */
const char *
mode_name(enum view_mode m)
{
	return (mode_info(m)->name);
}

/* A name to its mode. */
int
mode_parse(const char *name, enum view_mode *m)
{
	unsigned	i;

	for (i = 0; i < VIEW_MODE_COUNT; i++) {
		if (strcmp(name, modes[i].name) == 0) {
			*m = (enum view_mode)i;
			return (0);
		}
	}
	return (-1);
}

/* Where p leads from m. */
enum view_mode
mode_plug(enum view_mode m)
{
	return (mode_info(m)->plug);
}

/* Where m leads from m. */
enum view_mode
mode_cycle(enum view_mode m)
{
	return ((enum view_mode)(((unsigned)m + 1) % VIEW_MODE_COUNT));
}

/* The mode c puts beside m. */
enum view_mode
mode_partner(enum view_mode m)
{
	if (mode_info(m)->modern)
		return (mode_plug(m));
	return (m == VIEW_MODE_FIXED ? VIEW_MODE_BUGGY : VIEW_MODE_FIXED);
}
