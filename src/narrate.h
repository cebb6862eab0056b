/*
 * narrate.h - an event in plain words, naming the kernel functions at work,
 * and the meaning of the patch's moments T1..T5 in each mode.
 */
#ifndef RAVIZ_NARRATE_H
#define RAVIZ_NARRATE_H

#include <stddef.h>

#include "sim.h"

/* One line describing e (ASCII) into buf. */
void	 narrate_event(char *buf, size_t len, const struct sim_event *e,
	     const struct sim_config *cfg);
/* What moment T<label> means in mode m (ASCII), or "" for label 0. */
const char *narrate_label(int label, enum sim_mode m);
/* The same in one line of at most 80 columns (the full text if it fits). */
const char *narrate_label_short(int label, enum sim_mode m);
/* The mode in words for the header ("BUGGY - 2.6.39: read() holds a plug"). */
const char *narrate_mode(enum sim_mode m);

#endif /* RAVIZ_NARRATE_H */
