/*
 * sweep.c - one parameter across its range, three modes at each value
 * (sweep.h).
 *
 * Each cell is the scenario with that value, run to the end by the engine
 * (sim_run(), which jumps over repeated periods exactly), its MB/s as the
 * summary gives it.  The chart's bars are integer shares of the largest
 * figure, so the output is the same bytes everywhere.  The runs are long
 * work like any other (quiet.h): in slices, the whole sweep's share shown
 * by the caller's hook (the screen's bottom row, or progress on a
 * terminal), and stopped by it.
 */
#include "config.h"

#include <string.h>

#include "caps.h"
#include "fmt.h"
#include "opts.h"
#include "quiet.h"
#include "render.h"
#include "report.h"
#include "safefile.h"
#include "svg.h"
#include "sweep.h"
#include "theme.h"
#include "engine/sim.h"

#define BAR_COLS	40	/* the longest bar of the text chart */

/* A parameter: its word, what it is, its values (bytes or ns). */
struct param {
	const char	*word;
	const char	*axis;		/* the values' row, 6 cells at most */
	const char	*what;
	int		 time;		/* values are ns (else bytes) */
	uint64_t	 v[SWEEP_MAX];
};

static const struct param params[SWEEP_KIND_COUNT] = {
	[SWEEP_NONE] = { "none", "", "nothing", 0, { 0 } },
	[SWEEP_BS] = { "bs", "bs", "read() size", 0, { 4096, 8192, 16384, 32768,
	    65536, 131072, 262144, 524288, 1048576, 2097152, 0 } },
	[SWEEP_RA] = { "ra", "ra", "readahead maximum", 0, { 16384, 32768, 65536,
	    131072, 262144, 524288, 1048576, 2097152, 0 } },
	[SWEEP_IDLE_PENALTY] = { "idle-penalty", "wake",
	    "the link's idle-exit wake",
	    1, { 0, 10000, 50000, 100000, 250000, 500000, 1000000, 2000000,
	    4000000, 8000000, 0 } },
};

static const enum sim_mode modes[SWEEP_MODES] = {
	SIM_MODE_LEGACY, SIM_MODE_BUGGY, SIM_MODE_FIXED
};

/* The kind for a word. */
enum sweep_kind
sweep_kind(const char *w)
{
	size_t	i;

	for (i = 1; i < SWEEP_KIND_COUNT; i++)
		if (strcmp(w, params[i].word) == 0)
			return ((enum sweep_kind)i);
	return (SWEEP_NONE);
}

/* A kind's word. */
const char *
sweep_word(enum sweep_kind k)
{
	return ((unsigned)k < SWEEP_KIND_COUNT ? params[k].word : "?");
}

/* A kind's word as short as the chart's values row needs ("wake"). */
const char *
sweep_axis(enum sweep_kind k)
{
	return ((unsigned)k < SWEEP_KIND_COUNT ? params[k].axis : "?");
}

/* What a kind varies. */
const char *
sweep_what(enum sweep_kind k)
{
	return ((unsigned)k < SWEEP_KIND_COUNT ? params[k].what : "?");
}

/* The kind after k, wrapping round past the last. */
enum sweep_kind
sweep_next(enum sweep_kind k)
{
	return ((unsigned)k + 1 < SWEEP_KIND_COUNT ? (enum sweep_kind)(k + 1) :
	    SWEEP_BS);
}

/* The mode of column j. */
int
sweep_mode(unsigned j)
{
	return ((int)modes[j < SWEEP_MODES ? j : 0]);
}

/* Value i of sw as the command line spells it. */
char *
sweep_value(char *buf, size_t len, const struct sweep *sw, unsigned i)
{
	uint64_t	v = sw->v[i];

	if (v == 0) {
		snprintf(buf, len, "0");
		return (buf);
	}
	return (params[sw->kind].time ? fmt_time(buf, len, v) :
	    fmt_size(buf, len, v));
}

/* Tenths of MB/s as "251.2". */
char *
sweep_mb(char *buf, size_t len, uint64_t x)
{
	snprintf(buf, len, "%llu.%llu", (unsigned long long)(x / 10),
	    (unsigned long long)(x % 10));
	return (buf);
}

/*
 * The MB/s of c with value v of kind k in mode m, in tenths, into *mbx10,
 * run in slices through p; 0, -1 (memory), -2 (stopped) or 2 (c refuses
 * the value: why in *why); the share of the run the device spent waking
 * into *wake (tenths of a percent).
 */
static int
cell(const struct sim_config *c, enum sweep_kind k, uint64_t v,
    enum sim_mode m, struct timeline_poll *p, uint64_t *mbx10,
    uint64_t *wake, const char **why)
{
	uint64_t		 dev[3];
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
	if ((rc = quiet_sim(s, 0, p, 0, NULL)) != 0) {
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
	report_device_tenths(s, dev);
	*wake = dev[1];
	sim_free(s);
	return (0);
}

/* Compute a sweep's figures. */
int
sweep_compute(const struct sim_config *c, enum sweep_kind k,
    struct timeline_poll *p, struct sweep *sw, const char **why,
    unsigned *at)
{
	const struct param	*pm;
	struct quiet_part	 qp;
	char			 a[32], b[32], f[32];
	unsigned		 n, j;
	int			 rc = 0;

	memset(sw, 0, sizeof *sw);
	if (k <= SWEEP_NONE || k >= SWEEP_KIND_COUNT) {
		*why = "no such sweep";
		*at = 0;
		return (2);
	}
	pm = &params[k];
	sw->kind = k;
	sw->top = 1;
	for (n = 0; n < SWEEP_MAX && (n == 0 || pm->v[n] != 0); n++)
		sw->v[n] = pm->v[n];
	sw->n = n;
	if (p != NULL)
		p->what = "the sweep";
	for (n = 0; rc == 0 && n < sw->n; n++)
		for (j = 0; rc == 0 && j < SWEEP_MODES; j++) {
			rc = cell(c, k, sw->v[n], modes[j], quiet_part(&qp, p,
			    n * SWEEP_MODES + j, sw->n * SWEEP_MODES),
			    &sw->mb[n][j], &sw->wake[n][j], why);
			if (rc == 2)
				*at = n;
			if (rc == 0 && sw->mb[n][j] > sw->top)
				sw->top = sw->mb[n][j];
		}
	if (p != NULL)
		p->what = NULL;
	if (rc == -2 && p != NULL)
		p->cancelled = 1;
	snprintf(sw->scen, sizeof sw->scen, "device %s, bs %s, ra %s, file %s",
	    c->device.name != NULL ? c->device.name : "custom",
	    fmt_size(a, sizeof a, c->read_pages * SIM_PAGE_SIZE),
	    fmt_size(b, sizeof b, c->ra_pages * SIM_PAGE_SIZE),
	    fmt_size(f, sizeof f, c->file_pages * SIM_PAGE_SIZE));
	return (rc);
}

/* The sweep's one sentence, from its figures. */
char *
sweep_finding(char *buf, size_t len, const struct sweep *sw)
{
	char		 v[32], x[16], y[16];
	unsigned	 i, lo = 0;

	for (i = 0; i < sw->n; i++)
		if (sw->mb[i][1] * 2 < sw->mb[i][2]) {
			snprintf(buf, len, "buggy first under half of fixed: "
			    "%s %s, %s against %s MB/s",
			    sweep_word(sw->kind), sweep_value(v, sizeof v, sw,
			    i), sweep_mb(x, sizeof x, sw->mb[i][1]),
			    sweep_mb(y, sizeof y, sw->mb[i][2]));
			return (buf);
		}
	for (i = 1; i < sw->n; i++)
		if (sw->mb[i][1] * sw->mb[lo][2] < sw->mb[lo][1] *
		    sw->mb[i][2])
			lo = i;
	snprintf(buf, len, "buggy above half of fixed at every %s; closest "
	    "at %s, %s against %s MB/s", sweep_word(sw->kind),
	    sweep_value(v, sizeof v, sw, lo), sweep_mb(x, sizeof x,
	    sw->mb[lo][1]), sweep_mb(y, sizeof y, sw->mb[lo][2]));
	return (buf);
}

/* The second sentence: the baseline's own fall, and the link's wake. */
char *
sweep_finding_legacy(char *buf, size_t len, const struct sweep *sw)
{
	char		 v[32], x[16];
	unsigned	 i;
	uint64_t	 best = 0;

	buf[0] = '\0';
	for (i = 0; i < sw->n; i++)
		if (sw->mb[i][0] > best)
			best = sw->mb[i][0];
	for (i = 0; i < sw->n; i++)
		if (sw->mb[i][0] * 2 < best) {
			snprintf(buf, len, "legacy falls too: %s %s, %s MB/s, "
			    "the link waking %llu.%llu%% of that run",
			    sweep_word(sw->kind), sweep_value(v, sizeof v, sw,
			    i), sweep_mb(x, sizeof x, sw->mb[i][0]),
			    (unsigned long long)(sw->wake[i][0] / 10),
			    (unsigned long long)(sw->wake[i][0] % 10));
			break;
		}
	return (buf);
}

/* The table and the text chart. */
void
sweep_print(const struct sweep *sw, FILE *out)
{
	char		v[32], m[16], f[256];
	unsigned	i, j;
	uint64_t	k;

	fprintf(out, "sweep: %s (%s); %s; MB/s of the whole file, each from "
	    "a run of the engine\n", sweep_word(sw->kind),
	    sweep_what(sw->kind), sw->scen);
	fprintf(out, "%12s %8s %8s %8s\n", sweep_word(sw->kind), "legacy",
	    "buggy", "fixed");
	for (i = 0; i < sw->n; i++) {
		fprintf(out, "%12s", sweep_value(v, sizeof v, sw, i));
		for (j = 0; j < SWEEP_MODES; j++)
			fprintf(out, " %8s", sweep_mb(m, sizeof m,
			    sw->mb[i][j]));
		fputc('\n', out);
	}
	/* The chart: a bar per mode and value, scaled to the largest. */
	fputc('\n', out);
	for (i = 0; i < sw->n; i++)
		for (j = 0; j < SWEEP_MODES; j++) {
			fprintf(out, "%12s %-6s %8s ", j == 0 ?
			    sweep_value(v, sizeof v, sw, i) : "",
			    sim_mode_name(modes[j]), sweep_mb(m, sizeof m,
			    sw->mb[i][j]));
			for (k = 0; k < (sw->mb[i][j] * BAR_COLS + sw->top / 2) /
			    sw->top; k++)
				fputc('#', out);
			fputc('\n', out);
		}
	fprintf(out, "\n%s\n", sweep_finding(f, sizeof f, sw));
	if (sweep_finding_legacy(f, sizeof f, sw)[0] != '\0')
		fprintf(out, "%s\n", f);
}

/*
 * Draw sw as the screen draws it, into a new text grid, in glyphs g (NULL:
 * the frames' own); NULL: memory.
 */
static struct render_text *
draw(const struct opts *o, const struct sweep *sw,
    const struct render_glyphs *g)
{
	struct render		*r;
	struct render_text	*t;

	if ((r = render_new(o->frame_cols, o->frame_rows)) == NULL)
		return (NULL);
	if ((t = render_text_new()) == NULL) {
		render_free(r);
		return (NULL);
	}
	if (g != NULL)
		render_set_glyphs(r, g);
	render_text_ops.begin(t, o->frame_cols, o->frame_rows);
	render_sweep(r, &render_text_ops, t, o->frame_cols, o->frame_rows, sw,
	    NULL, NULL);
	render_text_ops.end(t);
	render_free(r);
	return (t);
}

/* --sweep with --headless. */
int
sweep_run(const struct opts *o, FILE *out, FILE *err)
{
	struct sweep		 sw;
	struct quiet		 q;
	struct render_text	*t;
	struct theme_resolved	 look;
	struct caps		 caps;
	const char		*why = NULL;
	char			 v[32], esc[512];
	unsigned		 at = 0;
	int			 rc;

	/* The SVG's rule (safefile.h) and its look, said before any work. */
	if (o->svg != NULL) {
		if (safefile_out_check(o->svg, o->force, &why) != 0) {
			fprintf(err, "raviz: --svg: %s: %s\n",
			    fmt_escape_str(esc, sizeof esc, o->svg), why);
			return (2);
		}
		if ((rc = theme_headless(o->theme, o->no_color, o->ascii,
		    &caps, &look, err)) != 0)
			return (rc);
	}
	quiet_begin(&q, err, "the sweep");
	rc = sweep_compute(&o->cfg, (enum sweep_kind)o->sweep, &q.poll, &sw,
	    &why, &at);
	/* A signal that stopped a run ends raviz here, nothing printed. */
	if (quiet_end(&q, q.poll.permille, 0, "sweep printed") != 0 ||
	    rc == -2)
		return (1);
	if (rc == -1) {
		fprintf(err, "raviz: out of memory\n");
		return (1);
	}
	if (rc == 2) {
		fprintf(err, "raviz: --sweep=%s at %s: %s\n",
		    sweep_word(sw.kind), sweep_value(v, sizeof v, &sw, at), why);
		return (2);
	}
	if (!o->frames && o->svg == NULL) {
		sweep_print(&sw, out);
		return (report_flush(out, err, 0));
	}
	rc = 0;
	if (o->frames) {
		if ((t = draw(o, &sw, NULL)) == NULL) {
			fprintf(err, "raviz: out of memory\n");
			return (1);
		}
		render_text_write(t, out);
		render_text_free(t);
	}
	if (o->svg != NULL) {
		if ((t = draw(o, &sw, &look.glyphs)) == NULL) {
			fprintf(err, "raviz: out of memory\n");
			return (1);
		}
		if (svg_save(o->svg, o->force, t, &look, NULL, &why) != 0) {
			fprintf(err, "raviz: --svg: %s: %s\n",
			    fmt_escape_str(esc, sizeof esc, o->svg), why);
			rc = 1;
		}
		render_text_free(t);
	}
	return (rc != 0 ? rc : report_flush(out, err, 0));
}
