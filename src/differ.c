/*
 * differ.c - what the patch changes in a scenario, measured (differ.h).
 *
 * Each run is stepped from event 0 until its reader has woken from the
 * sleep of T5 and every request carrying the window of T3 and T4 has been
 * dispatched (a few dozen events with 1 MiB reads); the rest of the run
 * then goes quietly (skipping repeated periods exactly, in slices through
 * the caller's hook: quiet.h) to give the whole run's MB/s.  The window is the one T3 made plus the one
 * T4 made, [T3's first page, T4's end): the patch's "256k with the plug,
 * 128k + 128k without" is about the requests that carry it.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "differ.h"
#include "fmt.h"
#include "mode.h"
#include "quiet.h"

/* Events stepped, at most, looking for T5's wake and the window's requests. */
#define DIFFER_STEP_MAX	100000
/* Dispatches kept from T3 on, at most. */
#define DIFFER_SENT_MAX	64


/* Pages of the window [first, end) that d's requests have carried so far. */
static uint64_t
carried(const struct differ_run *d, uint64_t sum)
{
	return (sum < d->win_end - d->win_first ? sum : d->win_end -
	    d->win_first);
}

/*
 * The requests among the n dispatched (first page, pages) that start in
 * d's window, into d; the pages they carry.
 */
static uint64_t
window_requests(struct differ_run *d, uint64_t (*sent)[2], size_t n)
{
	uint64_t	sum = 0;
	size_t		i;

	d->nreq = d->nreq_all = 0;
	for (i = 0; i < n; i++) {
		if (sent[i][0] < d->win_first || sent[i][0] >= d->win_end)
			continue;
		if (d->nreq < DIFFER_REQ_MAX)
			d->req[d->nreq++] = sent[i][1];
		d->nreq_all++;
		sum += sent[i][1];
	}
	return (sum);
}

/* One run of c in mode m, its rest in slices through p (quiet.h). */
static int
measure(struct differ_run *d, const struct sim_config *c, enum sim_mode m,
    struct timeline_poll *p)
{
	struct sim_config	 k = *c;
	struct sim		*s;
	struct sim_event	 e;
	uint64_t		 n, slept = SIM_NONE, sum = 0;
	uint64_t		 sent[DIFFER_SENT_MAX][2];
	size_t			 nsent = 0;
	int			 t5 = 0, rc;

	memset(d, 0, sizeof *d);
	d->mode = m;
	k.mode = m;
	if ((s = sim_new(&k)) == NULL)
		return (-1);
	for (n = 0; n < DIFFER_STEP_MAX; n++) {
		if ((rc = sim_step(s, &e)) < 0) {
			sim_free(s);
			return (-1);
		}
		if (rc == 0)
			break;
		if (e.label == 3)
			d->win_first = e.first;
		if (e.label == 4)
			d->win_end = e.first + e.npages;
		if (e.label == 5)
			t5 = 1;
		/* The sleep of T5: the last one begun by T5's event. */
		if (e.kind == SIM_EV_WAIT && !d->has_wait) {
			slept = e.t_ns;
			d->wait_page = e.page;
		}
		if (e.kind == SIM_EV_WAKE && t5 && !d->has_wait &&
		    slept != SIM_NONE && e.page == d->wait_page) {
			d->has_wait = 1;
			d->wait_ns = e.t_ns - slept;
		}
		/* Dispatches from T3 on: the window's are picked out below. */
		if (e.kind == SIM_EV_DISPATCH && d->win_first != 0 &&
		    nsent < DIFFER_SENT_MAX) {
			sent[nsent][0] = e.first;
			sent[nsent++][1] = e.npages;
		}
		if (d->win_end > d->win_first)
			sum = window_requests(d, sent, nsent);
		if (sim_labels_over(s) && (!t5 || d->has_wait) &&
		    (d->win_end == 0 || carried(d, sum) ==
		    d->win_end - d->win_first || nsent == DIFFER_SENT_MAX))
			break;
	}
	if (d->win_end <= d->win_first)
		d->win_end = d->win_first = 0;
	if ((rc = quiet_sim(s, 0, p, 0, NULL)) != 0) {
		sim_free(s);
		return (rc);
	}
	d->bytes = sim_stats(s)->pages_copied * SIM_PAGE_SIZE;
	d->time_ns = sim_stats(s)->end_ns != SIM_NONE ?
	    sim_stats(s)->end_ns : sim_stats(s)->now_ns;
	sim_free(s);
	return (0);
}

/*
 * Measure both runs, c's mode and the one compare puts beside it
 * (mode_partner()); [0] is the one drawn above (with the outer plug), [1]
 * the one below.
 */
int
differ_measure(struct differ *df, const struct sim_config *c,
    struct timeline_poll *p)
{
	struct quiet_part	qp;
	enum sim_mode		m = c->mode, o, x;
	int			rc;

	o = (enum sim_mode)mode_partner((enum view_mode)m);
	if (mode_info((enum view_mode)o)->outer_plug) {
		x = m;
		m = o;
		o = x;
	}
	if ((rc = measure(&df->run[0], c, m, quiet_part(&qp, p, 0, 2))) ==
	    0)
		rc = measure(&df->run[1], c, o, quiet_part(&qp, p, 1, 2));
	if (rc == -2 && p != NULL)
		p->cancelled = 1;
	return (rc);
}

/* "256 KiB" or "128+128 KiB" (bare: without the unit). */
static char *
sizes(char *buf, size_t len, const struct differ_run *d, int bare)
{
	size_t	off = 0, i;

	buf[0] = '\0';
	for (i = 0; i < d->nreq; i++)
		fmt_append(buf, len, &off, "%s%llu", i > 0 ? "+" : "",
		    (unsigned long long)(d->req[i] * SIM_PAGE_SIZE / 1024));
	fmt_append(buf, len, &off, "%s%s", d->nreq_all > d->nreq ? "+..." :
	    "", bare ? "" : " KiB");
	return (buf);
}

/* MB/s of a run, one decimal. */
static char *
mbps(char *buf, size_t len, const struct differ_run *d)
{
	if (d->time_ns == 0)
		return (strcpy(buf, "0.0"));
	return (fmt_ratio(buf, len, d->bytes * 1000, d->time_ns, 1));
}

/* The difference line. */
char *
differ_line(const struct differ *df, char *buf, size_t len, int brief)
{
	const struct differ_run	*a = &df->run[0], *b = &df->run[1];
	const char		*na = view_mode_name((enum view_mode)a->mode);
	const char		*nb = view_mode_name((enum view_mode)b->mode);
	char			 t1[32], t2[32], s1[64], s2[64];
	const char		*sep = "";
	size_t			 off = 0;

	buf[0] = '\0';
	if (brief)
		fmt_append(buf, len, &off, "%s/%s: ", na, nb);
	if (a->has_wait && b->has_wait && a->wait_page == b->wait_page) {
		fmt_time(t1, sizeof t1, a->wait_ns);
		fmt_time(t2, sizeof t2, b->wait_ns);
		if (brief)
			fmt_append(buf, len, &off, "page %llu waits %s/%s",
			    (unsigned long long)a->wait_page, t1, t2);
		else
			fmt_append(buf, len, &off, "the reader waits for page "
			    "%llu %s %s, %s %s", (unsigned long long)
			    a->wait_page, t1, na, t2, nb);
		sep = " | ";
	}
	if (a->win_end != 0 && b->win_end != 0 &&
	    a->win_first == b->win_first && a->win_end == b->win_end) {
		sizes(s1, sizeof s1, a, brief);
		sizes(s2, sizeof s2, b, 0);
		if (brief)
			fmt_append(buf, len, &off, "%s%s/%s", sep, s1, s2);
		else
			fmt_append(buf, len, &off, "%s[%llu,%llu) goes out as "
			    "%s %s, %s %s", sep,
			    (unsigned long long)a->win_first,
			    (unsigned long long)a->win_end, s1, na, s2, nb);
		sep = " | ";
	}
	fmt_append(buf, len, &off, brief ? "%s%s/%s MB/s" :
	    "%s%s vs %s MB/s", sep, mbps(s1, sizeof s1, a),
	    mbps(s2, sizeof s2, b));
	return (buf);
}

/* One half's device and plug now, in words (brief: "dev"). */
static void
half_now(const struct view *v, char *buf, size_t len, int brief)
{
	const struct view_request	*d, *p, *q;
	size_t				 nd, np, nq, i, off = 0;
	uint64_t			 pd = 0, pp = 0, up;
	const char			*dev = brief ? "dev" : "device";
	char				 sz[32];

	d = view_device_list(v, &nd);
	p = view_plug_list(v, &np);
	q = view_queue_list(v, &nq);
	for (i = 0; i < nd; i++)
		pd += d[i].npages;
	for (i = 0; i < np; i++)
		pp += p[i].npages;
	if (view_queue_plugged(v))
		for (i = 0; i < nq; i++)
			pp += q[i].npages;
	up = view_wake_end(v);
	buf[0] = '\0';
	fmt_append(buf, len, &off, "%s: ", view_mode_name(view_mode(v)));
	if (nd == 0)
		fmt_append(buf, len, &off, "%s idle", dev);
	else if (up > view_stats(v)->now_ns)
		fmt_append(buf, len, &off, "%s waking", dev);
	else
		fmt_append(buf, len, &off, "%s busy %s", dev,
		    fmt_bytes(sz, sizeof sz, pd * VIEW_PAGE_SIZE));
	if (pp == 0)
		fmt_append(buf, len, &off, ", plug empty");
	else
		fmt_append(buf, len, &off, ", plug %s",
		    fmt_bytes(sz, sizeof sz, pp * VIEW_PAGE_SIZE));
}

/* What differs now between the halves. */
char *
differ_now(const struct view *top, const struct view *bottom, char *buf,
    size_t len, int brief)
{
	char	a[96], b[96];

	half_now(top, a, sizeof a, brief);
	half_now(bottom, b, sizeof b, brief);
	snprintf(buf, len, "now  %s | %s", a, b);
	return (buf);
}
