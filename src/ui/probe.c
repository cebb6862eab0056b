/*
 * probe.c - the terminal probe.  setupterm() loads the terminfo entry of
 * $TERM without touching the terminal; the two numbers the capability
 * decision needs are read and the entry freed again.
 */
#include "config.h"

#include <stddef.h>

#include <curses.h>
#include <term.h>

#include "ui/probe.h"

/* Colours and can_change_color from terminfo, without starting curses. */
void
probe_caps(struct caps_input *in)
{
	int	err = 0;

	in->colors = -1;
	in->can_redefine = 0;
	if (in->term == NULL || *in->term == '\0')
		return;
	if (setupterm(in->term, 1, &err) != OK)
		return;
	in->colors = tigetnum("colors");
	in->can_redefine = tigetflag("ccc") > 0;
	del_curterm(cur_term);
}
