/*
 * sweep.c - one parameter across its range, three modes at each value
 * (sweep.h).
 *
 * Each cell is the scenario with that value, run to the end by the engine
 * (sim_run(), which jumps over repeated periods exactly), its MB/s as the
 * summary gives it.  The chart's bars are integer shares of the largest
 * figure, so the output is the same bytes everywhere.  The runs are long
 * work like any other (quiet.h): in slices, with progress of the whole
 * sweep on a terminal, and stopped by q's signals with nothing printed.
 */
#include "config.h"

#include <string.h>

#include "fmt.h"
#include "opts.h"
#include "quiet.h"
#include "report.h"
#include "sweep.h"
#include "engine/sim.h"

#define SWEEP_MAX	12	/* values at most */
#define BAR_COLS	40	/* the longest bar */

/* A parameter: its word, what it is, its values (bytes or ns). */
struct param {
	const char	*word;
	const char	*what;
	int		 time;		/* values are ns (else bytes) */
	uint64_t	 v[SWEEP_MAX];
};

static const struct param params[] = {
	[SWEEP_BS] = { "bs", "read() size", 0, { 4096, 8192, 16384, 32768,
	    65536, 131072, 262144, 524288, 1048576, 2097152, 0 } },
	[SWEEP_RA] = { "ra", "readahead maximum", 0, { 16384, 32768, 65536,
	    131072, 262144, 524288, 1048576, 2097152, 0 } },
	[SWEEP_IDLE_PENALTY] = { "idle-penalty", "the link's idle-exit wake",
	    1, { 0, 10000, 50000, 100000, 250000, 500000, 1000000, 2000000,
	    4000000, 8000000, 0 } },
};

static const enum sim_mode modes[3] = {
	SIM_MODE_LEGACY, SIM_MODE_BUGGY, SIM_MODE_FIXED
};

/* The kind for a word. */
enum sweep_kind
sweep_kind(const char *w)
{
	size_t	i;

	for (i = 1; i < sizeof params / sizeof params[0]; i++)
		if (strcmp(w, params[i].word) == 0)
			return ((enum sweep_kind)i);
	return (SWEEP_NONE);
}

/* Value v of p as the command line spells it: "128k", "4.00ms", "0". */
static char *
value_text(char *buf, size_t len, const struct param *p, uint64_t v)
{
	if (v == 0)
		return (strcpy(buf, "0"));
	return (p->time ? fmt_time(buf, len, v) : fmt_size(buf, len, v));
}

/* The sweep watched: its quiet, the cell under way and how many there are. */
struct watch {
	struct quiet		q;
	struct timeline_poll	poll;
	unsigned		cell, ncells;
	uint64_t		done;		/* events of the cell's run */
};

/* Between slices of a cell's run: the whole sweep's share to quiet. */
static int
watch_cb(void *arg, uint64_t done, uint64_t total)
{
	struct watch	*w = arg;

	(void)total;
	w->done = done;
	return (quiet_tick(&w->q, (w->cell * 1000 + w->poll.permille) /
	    w->ncells, done));
}

/*
 * The MB/s of c with value v of kind k in mode m, in tenths, into *mbx10,
 * run in slices watched by w; 0, -1 (memory), -2 (stopped) or 2 (c
 * refuses the value: why in *why).
 */
static int
cell(const struct sim_config *c, enum sweep_kind k, uint64_t v,
    enum sim_mode m, struct watch *w, uint64_t *mbx10, const char **why)
{
	int			 rc;
	struct sim_config	 x = *c;
	struct sim		*s;
	uint64_t		 t;

	x.mode = m;
	if (k == SWEEP_BS)
		x.read_pages = v / SIM_PAGE_SIZE;
	else if (k == SWEEP_RA)
		x.ra_pages = v / SIM_PAGE_SIZE;
	else
		x.device.idle_penalty_ns = v;
	if ((*why = sim_config_check(&x)) != NULL)
		return (2);
	if ((s = sim_new(&x)) == NULL)
		return (-1);
	if ((rc = quiet_sim(s, 0, &w->poll, 0, NULL)) != 0) {
		sim_free(s);
		return (rc);
	}
	t = report_time(s);
	/*
	 * MB/s in tenths: bytes * 1000 / t is MB/s; rounded half up, as the
	 * summary's one decimal (128 bits: 4 PiB * 10^4 passes 2^64).
	 */
	*mbx10 = t == 0 ? 0 : (uint64_t)(((unsigned __int128)
	    sim_stats(s)->pages_copied * SIM_PAGE_SIZE * 10000 + t / 2) / t);
	sim_free(s);
	return (0);
}

/* --sweep. */
int
sweep_run(const struct opts *o, FILE *out, FILE *err)
{
	const struct param	*p = &params[o->sweep];
	uint64_t		 mb[SWEEP_MAX][3], top = 1;
	const char		*why = NULL;
	char			 v[32], a[32], b[32];
	size_t			 n, i, j, k;
	int			 rc = 0;
	struct watch		 w;

	for (w.ncells = 0; w.ncells < SWEEP_MAX && (w.ncells == 0 ||
	    p->v[w.ncells] != 0); w.ncells++)
		;
	w.ncells *= 3;
	w.cell = 0;
	w.done = 0;
	memset(&w.poll, 0, sizeof w.poll);
	w.poll.fn = watch_cb;
	w.poll.arg = &w;
	quiet_begin(&w.q, err, "the sweep");
	for (n = 0; rc == 0 && n < SWEEP_MAX && (n == 0 || p->v[n] != 0);
	    n++)
		for (j = 0; rc == 0 && j < 3; j++, w.cell++) {
			rc = cell(&o->cfg, o->sweep, p->v[n], modes[j], &w,
			    &mb[n][j], &why);
			if (rc == 0 && mb[n][j] > top)
				top = mb[n][j];
		}
	/* A signal that stopped a run ends raviz here, nothing printed. */
	if (quiet_end(&w.q, w.ncells ? w.cell * 1000 / w.ncells : 0,
	    w.done, "sweep printed") != 0 || rc == -2)
		return (1);
	if (rc == -1) {
		fprintf(err, "raviz: out of memory\n");
		return (1);
	}
	if (rc == 2) {
		fprintf(err, "raviz: --sweep=%s at %s: %s\n", p->word,
		    value_text(v, sizeof v, p, p->v[n - 1]), why);
		return (2);
	}
	fprintf(out, "sweep: %s (%s); device %s, bs %s, ra %s, file %s; "
	    "MB/s of the whole file, each from a run of the engine\n",
	    p->word, p->what, o->cfg.device.name != NULL ?
	    o->cfg.device.name : "custom", fmt_size(a, sizeof a,
	    o->cfg.read_pages * SIM_PAGE_SIZE), fmt_size(b, sizeof b,
	    o->cfg.ra_pages * SIM_PAGE_SIZE), fmt_size(v, sizeof v,
	    o->cfg.file_pages * SIM_PAGE_SIZE));
	fprintf(out, "%12s %8s %8s %8s\n", p->word, "legacy", "buggy",
	    "fixed");
	for (i = 0; i < n; i++) {
		fprintf(out, "%12s", value_text(v, sizeof v, p, p->v[i]));
		for (j = 0; j < 3; j++)
			fprintf(out, " %6llu.%llu", (unsigned long long)
			    (mb[i][j] / 10), (unsigned long long)(mb[i][j] % 10));
		fputc('\n', out);
	}
	/* The chart: a bar per mode and value, scaled to the largest. */
	fputc('\n', out);
	for (i = 0; i < n; i++) {
		for (j = 0; j < 3; j++) {
			fprintf(out, "%12s %-6s %6llu.%llu ", j == 0 ?
			    value_text(v, sizeof v, p, p->v[i]) : "",
			    sim_mode_name(modes[j]),
			    (unsigned long long)(mb[i][j] / 10),
			    (unsigned long long)(mb[i][j] % 10));
			for (k = 0; k < (mb[i][j] * BAR_COLS + top / 2) / top;
			    k++)
				fputc('#', out);
			fputc('\n', out);
		}
	}
	return (report_flush(out, err, 0));
}
