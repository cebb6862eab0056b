/*
 * probe.h - the terminal probe: what terminfo says about $TERM, read before
 * curses starts (the decision itself is caps_decide(), caps.h).
 */
#ifndef RAVIZ_UI_PROBE_H
#define RAVIZ_UI_PROBE_H

#include "caps.h"

/*
 * Fill colors and can_redefine from the terminfo entry of in->term (colors
 * -1 if there is none), before curses starts, so that every decision and
 * its messages come while the terminal is still in its normal state.
 */
void	 probe_caps(struct caps_input *in);

#endif /* RAVIZ_UI_PROBE_H */
