/*
 * scenario.h - the scenario options, one table: each option's name, type,
 * field of struct sim_config, limits and help text.  The command line
 * (opts.c), --help, the demo parser's `set` lines (demo.c) and the demo
 * writer (demo-write.c) all read it, so an option cannot be known to one
 * and missing from another, and every option written reads back as the
 * same value (tests/check_scenario.c).
 */
#ifndef RAVIZ_SCENARIO_H
#define RAVIZ_SCENARIO_H

#include <stddef.h>
#include <stdint.h>

#include "engine/sim.h"

enum scenario_type {
	SCENARIO_MODE,		/* a mode's name (mode.h) */
	SCENARIO_SOURCE,	/* raw | file */
	SCENARIO_DEVICE,	/* a preset name: the whole struct sim_device */
	SCENARIO_DISC,		/* fifo | ps */
	SCENARIO_PAGES,		/* SIZE in bytes, whole pages; stored in pages */
	SCENARIO_DURATION,	/* TIME, stored in ns */
	SCENARIO_RATE,		/* bytes per second */
	SCENARIO_COUNT,		/* a plain number */
	SCENARIO_SCHED		/* none | mq-deadline */
};

/* Flags of an option. */
#define SCENARIO_DEV	0x1	/* a device field: applied over --device */
#define SCENARIO_ALWAYS	0x2	/* the demo writer always writes it */
#define SCENARIO_SHOWDEF 0x4	/* --help shows the default value */

struct scenario_opt {
	const char	*name;		/* "bs": --bs=, set bs */
	enum scenario_type type;
	size_t		 off;		/* the field in struct sim_config */
	size_t		 size;		/* its size (4 or 8 for numbers) */
	uint64_t	 min, max;	/* limits of the stored value */
	unsigned	 flags;
	const char	*arg;		/* "SIZE", "buggy|fixed|legacy" */
	const char	*help;		/* '\n' continues on the next line */
};

/* The options, in the order --help and the demo writer list them. */
extern const struct scenario_opt scenario_opts[];
extern const size_t scenario_nopts;

/* The option named by the len bytes at name, or NULL. */
const struct scenario_opt *scenario_find(const char *name, size_t len);
/*
 * Parse the value v of option o into its field of *c (SCENARIO_DEVICE: the
 * preset into c->device).  0, or -1 with why (no option name) filled.
 */
int	 scenario_parse(const struct scenario_opt *o, const char *v,
	     struct sim_config *c, char *why, size_t whylen);
/* Copy o's field from src to dst. */
void	 scenario_copy(const struct scenario_opt *o, struct sim_config *dst,
	     const struct sim_config *src);
/* Does o's field hold the same value in a and b? */
int	 scenario_equal(const struct scenario_opt *o,
	     const struct sim_config *a, const struct sim_config *b);
/*
 * o's value in c as the command line writes it ("1M", "3ms", "270M",
 * "fixed"), into buf; returns the length it needs, like snprintf.
 */
size_t	 scenario_format(const struct scenario_opt *o,
	     const struct sim_config *c, char *buf, size_t len);
/*
 * The --help lines of the options ("  --bs=SIZE   read() size ..."), like
 * snprintf.
 */
size_t	 scenario_usage(char *buf, size_t len);
/* The option names, comma-separated ("mode, bs, ..."), like snprintf. */
size_t	 scenario_names(char *buf, size_t len);

#endif /* RAVIZ_SCENARIO_H */
