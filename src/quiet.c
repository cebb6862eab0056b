/*
 * quiet.c - long work, the one way (quiet.h): the sliced engine run and,
 * without a screen, its progress on standard error and the signals that
 * stop it.
 *
 * A signal only sets a flag here (async-signal-safe); the work looks at it
 * between slices, where its state is whole, and once it has let go of
 * what it holds (an output not yet named leaves nothing behind:
 * safefile.h), quiet_end() raises the signal again with the disposition
 * it had before, which usually ends raviz.
 */
#include "config.h"

#include <sys/ioctl.h>

#include <signal.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "quiet.h"

/* The signals whose default action ends a process, caught meanwhile. */
static const int	quiet_sigs[QUIET_NSIG] = {
	SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM
};

/* Set by a signal during quiet work on a terminal (0: none). */
static volatile sig_atomic_t quiet_signal;

/* Note the signal.  Why: only a flag (async-signal-safe), read between slices. */
static void
quiet_signal_cb(int sig)
{
	quiet_signal = sig;
}

/* Milliseconds since an earlier reading of the monotonic clock. */
static uint64_t
quiet_ms(const struct timespec *t0)
{
	struct timespec	t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return ((uint64_t)(t.tv_sec - t0->tv_sec) * 1000 +
	    (uint64_t)((t.tv_nsec - t0->tv_nsec) / 1000000));
}

/* How far a run has got, in thousandths: of the file, or of until. */
unsigned
quiet_permille(const struct sim *s, uint64_t until)
{
	uint64_t	pos = sim_reader(s)->pos;
	uint64_t	pages = sim_config(s)->file_pages;

	if (until != 0)
		return (sim_event_no(s) >= until ? 1000 :
		    (unsigned)(sim_event_no(s) / (until / 1000 + 1)));
	if (pos >= pages)
		return (1000);
	return ((unsigned)(pos / (pages / 1000 + 1)));
}

/*
 * Say on q->err how far the run has got (pm thousandths, event ev, ms in),
 * over the line said before, cut to the terminal's width: a wrapped line
 * could not be said over.
 */
static void
quiet_say(const struct quiet *q, unsigned pm, uint64_t ev, uint64_t ms)
{
	struct winsize	ws;
	uint64_t	left;
	char		eta[32], line[256];
	size_t		cols = 80;

	if (ioctl(fileno(q->err), TIOCGWINSZ, &ws) == 0 && ws.ws_col > 1)
		cols = ws.ws_col;
	if (pm == 0)
		snprintf(eta, sizeof eta, "time left unknown");
	else {
		left = ms * (1000 - pm) / pm / 1000;
		if (left >= 60)
			snprintf(eta, sizeof eta, "%llum%02llus left",
			    (unsigned long long)(left / 60),
			    (unsigned long long)(left % 60));
		else if (left > 0)
			snprintf(eta, sizeof eta, "%llus left",
			    (unsigned long long)left);
		else
			snprintf(eta, sizeof eta, "<1s left");
	}
	snprintf(line, sizeof line, "raviz: %u%% of %s, event %llu, %s "
	    "(Ctrl-C stops)", pm / 10, q->of, (unsigned long long)ev, eta);
	if (strlen(line) > cols - 1)
		line[cols - 1] = '\0';	/* ASCII only: bytes are columns */
	fprintf(q->err, "\r\033[K%s", line);
	fflush(q->err);
}

/*
 * Between slices: say how far the work has got once it has taken
 * QUIET_SAY_MS (at most every 250 ms).  Nonzero when a signal asks to
 * stop.
 */
int
quiet_tick(struct quiet *q, unsigned pm, uint64_t ev)
{
	uint64_t	ms;

	if (!q->tty)
		return (0);
	if (quiet_signal != 0)
		return (1);
	ms = quiet_ms(&q->t0);
	if (ms >= QUIET_SAY_MS && (q->said == 0 || ms - q->said >= 250)) {
		quiet_say(q, pm, ev, ms);
		q->said = ms;
	}
	return (0);
}

/* The poll hook of quiet work: quiet_tick() with the work's own share. */
static int
quiet_poll_cb(void *arg, uint64_t done, uint64_t total)
{
	struct quiet	*q = arg;

	(void)total;
	return (quiet_tick(q, (q->src != NULL ? q->src : &q->poll)->permille,
	    done));
}

/* Start watching; see quiet.h. */
void
quiet_begin(struct quiet *q, FILE *err, const char *of)
{
	struct sigaction	sa;
	size_t			i;

	memset(q, 0, sizeof *q);
	q->err = err;
	q->of = of;
	if (!(q->tty = isatty(fileno(err))))
		return;
	q->poll.fn = quiet_poll_cb;
	q->poll.arg = q;
	clock_gettime(CLOCK_MONOTONIC, &q->t0);
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = quiet_signal_cb;
	sigemptyset(&sa.sa_mask);
	quiet_signal = 0;
	for (i = 0; i < QUIET_NSIG; i++) {
		sigaction(quiet_sigs[i], &sa, &q->old[i]);
		if (q->old[i].sa_handler == SIG_IGN)
			sigaction(quiet_sigs[i], &q->old[i], NULL);
	}
}

/* Stop watching; see quiet.h. */
int
quiet_end(struct quiet *q, unsigned pm, uint64_t ev, const char *what)
{
	size_t	i;
	int	sig;

	if (!q->tty)
		return (0);
	for (i = 0; i < QUIET_NSIG; i++)
		sigaction(quiet_sigs[i], &q->old[i], NULL);
	if (q->said != 0)
		fprintf(q->err, "\r\033[K");
	fflush(q->err);
	if ((sig = quiet_signal) == 0)
		return (0);
	quiet_signal = 0;
	fprintf(q->err, "raviz: stopped at %u%% of %s (event %llu); no %s\n",
	    pm / 10, q->of, (unsigned long long)ev, what);
	fflush(q->err);
	raise(sig);	/* as the disposition before: usually the end */
	return (-2);
}

/* A sliced quiet run; see quiet.h. */
int
quiet_sim(struct sim *s, uint64_t until, struct timeline_poll *p,
    uint64_t max_slices, int *over)
{
	uint64_t	goal = until != 0 ? until : UINT64_MAX, n = 0;
	int		hook = p != NULL && p->fn != NULL, rc;

	if (over != NULL)
		*over = 0;
	if (!hook && max_slices == 0)
		return ((until != 0 ? sim_run_until(s, until) : sim_run(s)) !=
		    0 ? -1 : 0);
	sim_set_budget(s, QUIET_SLICE);
	while ((rc = sim_run_until(s, goal)) == 1) {
		if (max_slices != 0 && ++n >= max_slices) {
			if (over != NULL)
				*over = 1;
			rc = 0;
			break;
		}
		if (!hook)
			continue;
		p->permille = quiet_permille(s, until);
		if (p->fn(p->arg, sim_event_no(s), goal) != 0) {
			p->cancelled = 1;
			rc = -2;
			break;
		}
	}
	sim_set_budget(s, 0);
	return (rc);
}

/* A part's slice: the whole's share to the outer hook. */
static int
part_cb(void *arg, uint64_t done, uint64_t total)
{
	struct quiet_part	*qp = arg;

	qp->outer->permille = (qp->part * 1000 + qp->poll.permille) /
	    qp->parts;
	return (qp->outer->fn(qp->outer->arg, done, total));
}

/* The hook of part `part` of `parts` of the work outer watches. */
struct timeline_poll *
quiet_part(struct quiet_part *qp, struct timeline_poll *outer, unsigned part,
    unsigned parts)
{
	memset(qp, 0, sizeof *qp);
	if (outer == NULL || outer->fn == NULL || parts == 0)
		return (NULL);
	qp->outer = outer;
	qp->part = part;
	qp->parts = parts;
	qp->poll.fn = part_cb;
	qp->poll.arg = qp;
	outer->permille = part * 1000 / parts;
	return (&qp->poll);
}
