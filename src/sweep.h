/*
 * sweep.h - one scenario parameter swept across its range, the whole file
 * read in the three modes at each value: the 128 KiB cliff (--sweep=bs),
 * the readahead size (ra) and the wake-up hypothesis (idle-penalty) seen
 * at a glance.  Every figure is a run of the engine (exact skipping keeps
 * the sweep fast); nothing is interpolated.
 *
 * The figures are computed once (sweep_compute(), long work through a poll
 * hook, quiet.h) into a struct sweep; it is printed as a table and a text
 * chart (sweep_print(), --headless --sweep), or drawn as a screen of its
 * own through any render back end (render_sweep(), render.h: the w key,
 * --sweep on a terminal, --headless --sweep with --frames or --svg).
 */
#ifndef RAVIZ_SWEEP_H
#define RAVIZ_SWEEP_H

#include <stdint.h>
#include <stdio.h>

struct opts;
struct sim_config;
struct timeline_poll;

/* The parameters a sweep can vary, as --sweep spells them. */
enum sweep_kind {
	SWEEP_NONE,
	SWEEP_BS,
	SWEEP_RA,
	SWEEP_IDLE_PENALTY,
	SWEEP_KIND_COUNT
};

#define SWEEP_MAX	12	/* values at most */
#define SWEEP_MODES	3	/* legacy, buggy, fixed: sweep_mode() */

/* A sweep's figures: MB/s of the whole file in tenths, per value and mode. */
struct sweep {
	enum sweep_kind	 kind;
	unsigned	 n;			/* values */
	uint64_t	 v[SWEEP_MAX];		/* bytes, or ns */
	uint64_t	 mb[SWEEP_MAX][SWEEP_MODES];
	uint64_t	 wake[SWEEP_MAX][SWEEP_MODES];	/* the device waking,
						   tenths of a percent */
	uint64_t	 top;			/* the largest mb, >= 1 */
	char		 scen[128];		/* "device report, bs 1M, ..." */
};

/* The kind for a --sweep word, SWEEP_NONE if it is none of them. */
enum sweep_kind sweep_kind(const char *);
/* A kind's word ("bs") and what it is ("read() size"). */
const char *sweep_word(enum sweep_kind);
const char *sweep_what(enum sweep_kind);
/* Its word in at most 6 cells, for the chart's values ("wake"). */
const char *sweep_axis(enum sweep_kind);
/* The kind after k, in the order of --sweep's words, wrapping round. */
enum sweep_kind sweep_next(enum sweep_kind);
/* The mode of column j (0 .. SWEEP_MODES - 1): enum sim_mode. */
int	 sweep_mode(unsigned j);
/* Value i of sw as the command line spells it ("128k", "4.00ms", "0"). */
char	*sweep_value(char *buf, size_t len, const struct sweep *sw,
	     unsigned i);
/* "251.2": tenths of MB/s as the summary gives them. */
char	*sweep_mb(char *buf, size_t len, uint64_t mbx10);

/*
 * The figures of kind k over scenario c into *sw, its runs in slices
 * through p (NULL: straight through) whose hook sees the whole sweep's
 * share in p->permille.  0, -1 (memory), -2 (the hook stopped it: p->
 * cancelled) or 2 (c refuses a value: why in *why, the value's index
 * in *at, sw's kind and values set).
 */
int	 sweep_compute(const struct sim_config *c, enum sweep_kind k,
	     struct timeline_poll *p, struct sweep *sw, const char **why,
	     unsigned *at);
/*
 * What the sweep shows, in one sentence computed from its figures: where
 * buggy first falls below half of fixed (the cliff), or that it never
 * does.
 */
char	*sweep_finding(char *buf, size_t len, const struct sweep *sw);
/*
 * A second sentence when the baseline falls too: where legacy first drops
 * under half of its best, with the share of that run the link spent
 * waking from idle (the wake-up hypothesis at work); "" when it does not.
 */
char	*sweep_finding_legacy(char *buf, size_t len, const struct sweep *sw);
/* The table and the text chart, as --headless --sweep prints them. */
void	 sweep_print(const struct sweep *sw, FILE *out);
/*
 * --sweep with --headless: compute with progress on err, then print (or,
 * with --frames or --svg, draw it at --cols x --rows).  0, 1 (memory,
 * write, a signal) or 2 (a value the scenario refuses).
 */
int	 sweep_run(const struct opts *o, FILE *out, FILE *err);

#endif /* RAVIZ_SWEEP_H */
