/*
 * tty.c - the terminal's safety net around the interactive screen: signal
 * ownership, dying of a signal after the terminal is restored, crash and
 * out-of-memory handlers, a terminal that went away, the screen size cap.
 *
 * loop.c owns SIGINT, SIGTERM, SIGHUP, SIGWINCH and SIGTSTP through these
 * watchers, so that every exit goes through the same cleanup (ncurses would
 * otherwise catch SIGINT/SIGTERM itself and exit without ours).
 *
 * Every other signal whose default action ends the process (SIGQUIT,
 * SIGUSR1/2, SIGALRM, SIGPIPE, SIGXCPU, SIGPWR, the real-time signals...)
 * is owned the same way: the watcher runs in loop context, so the screen
 * is closed with endwin(), the recording is closed, and only then is the
 * signal raised again with its default action (tty_die()), so that the
 * shell sees raviz die of it.  Signal safety: libev's own handler only
 * notes the signal and wakes the loop (a write to its pipe, or signalfd),
 * which is async-signal-safe; curses and stdio run only in the callbacks.
 * SIGPIPE and SIGXFSZ are ignored outside the screen (main.c), so that a
 * write to a closed pipe or past a file-size limit is a write error that
 * raviz reports, not a silent death; while recording SIGXFSZ stays ignored
 * (the writer handles EFBIG as a full disk).
 *
 * Crashes (SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGILL, SIGTRAP, SIGSYS)
 * cannot wait for the loop, which may never run again: their handler only
 * writes the terminal reset sequence saved at start-up and restores the
 * saved termios - both async-signal-safe - then lets the signal take its
 * default action.
 *
 * The terminal can also go away without a SIGHUP (raviz in its own
 * session, as with setsid, when the terminal emulator dies): stdin then
 * polls readable with nothing to read.  tty_gone() notices, and loop.c's
 * stdin_cb ends raviz (status 1) instead of spinning.  The screen is
 * capped at TTY_MAX_COLS x TTY_MAX_ROWS: curses allocates for whatever
 * COLUMNS and LINES claim.
 */
#include "config.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include <curses.h>
#include <term.h>

#include "fmt.h"
#include "safefile.h"
#include "ui/tty.h"

/* Empty wake-ups of stdin in a row that mean the terminal is gone. */
#define TTY_EMPTY_MAX	3

/* The signals loop.c handles by name (signal_cb). */
static const int own_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP };
#define NSIG_OWN	(sizeof own_signals / sizeof own_signals[0])
/* Signals whose default action ends the process (besides the above). */
static const int end_signals[] = {
	SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE, SIGVTALRM, SIGPROF,
	SIGXCPU, SIGXFSZ,
#ifdef SIGIO
	SIGIO,
#endif
#ifdef SIGPWR
	SIGPWR,
#endif
#ifdef SIGSTKFLT
	SIGSTKFLT,
#endif
};
#define NSIG_END	(sizeof end_signals / sizeof end_signals[0])
/* Room for the owned, ending and real-time signals. */
_Static_assert(NSIG_OWN + NSIG_END + 64 <= TTY_NSIG_WATCH,
    "room for the owned, ending and real-time signals");

/* Signals of a crash: they cannot wait for the loop. */
static const int crash_signals[] = {
	SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGILL, SIGTRAP, SIGSYS
};
#define NSIG_CRASH	(sizeof crash_signals / sizeof crash_signals[0])

/* Saved for the crash handler: what it may use without locks or malloc. */
static struct termios	saved_tio;
static int		saved_tio_ok;
static char		reset_seq[512];
static volatile size_t	reset_len;

/* Append capability cap to the reset sequence, if the terminal has it. */
static void
reset_add(const char *cap)
{
	char	*s = tigetstr(cap);
	size_t	 n;

	if (s == NULL || s == (char *)-1)
		return;
	n = strlen(s);
	if (reset_len + n < sizeof reset_seq) {
		memcpy(reset_seq + reset_len, s, n);
		reset_len += n;
	}
}

/*
 * Crash: put the terminal back, then die of the same signal.  Only write()
 * and tcsetattr() here - both async-signal-safe; the handler was installed
 * with SA_RESETHAND | SA_NODEFER, so raise() gets the default action.
 */
static void
crash_handler(int sig)
{
	ssize_t	n;

	if (reset_len > 0)
		n = write(STDOUT_FILENO, reset_seq, reset_len);
	(void)n;
	if (saved_tio_ok)
		(void)tcsetattr(STDIN_FILENO, TCSANOW, &saved_tio);
	safefile_out_signal();	/* unlink() only: async-signal-safe */
	raise(sig);
}

/* Install or remove (def) the crash handlers. */
static void
crash_handlers(int def)
{
	struct sigaction	sa;
	size_t			i;

	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = def ? SIG_DFL : crash_handler;
	sa.sa_flags = def ? 0 : SA_RESETHAND | SA_NODEFER;
	for (i = 0; i < NSIG_CRASH; i++)
		(void)sigaction(crash_signals[i], &sa, NULL);
}

/*
 * A number the environment gives curses for the screen size (LINES or
 * COLUMNS): >0, else 0 (unset, empty or not a number: curses ignores it).
 */
static unsigned
env_size(const char *v)
{
	char		*end;
	unsigned long	 n;

	if (v == NULL || *v == '\0')
		return (0);
	n = strtoul(v, &end, 10);
	return (*end == '\0' && n > 0 && n <= TTY_MAX_ROWS * 10 ?
	    (unsigned)n : 0);
}

/* Set or unset an environment variable to what it was (saved, or NULL). */
static void
env_restore(const char *name, const char *saved)
{
	if (saved != NULL)
		(void)setenv(name, saved, 1);
	else
		(void)unsetenv(name);
}

/*
 * Start curses on stdout and stdin so that a frame reaches the terminal in
 * one write().  ncurses (6.x) gathers its output in a buffer of (2 + LINES)
 * x (6 + COLUMNS) bytes, sized once, by the screen it starts on; a frame
 * that does not fit is written in pieces.  So it starts on a screen of at
 * least TTY_OUT_ROWS x TTY_OUT_COLS (a 64 KiB buffer: a frame at 1000
 * columns fits), given through LINES and COLUMNS for that moment only, and
 * is then resized to the terminal's own size, as curses would have found
 * it (the terminal's, unless LINES or COLUMNS say otherwise).  And until a
 * first endwin() ncurses writes out every cursor movement at once (its
 * screen counts as not yet started): one endwin() and doupdate() now, on
 * a blank screen, end that.  typeahead(-1): the loop reads the keys, so
 * doupdate() does not look at stdin half-way through a frame (it would
 * write what it has whenever a key is waiting).  NULL if curses refused
 * the terminal.
 */
SCREEN *
tty_newterm(void)
{
	struct winsize	 ws;
	SCREEN		*sp;
	char		*ev_l = getenv("LINES"), *ev_c = getenv("COLUMNS");
	char		 n[16];
	unsigned	 rows = 0, cs = 0;

	if (ev_l != NULL)
		ev_l = strdup(ev_l);
	if (ev_c != NULL)
		ev_c = strdup(ev_c);
	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0) {
		rows = ws.ws_row;
		cs = ws.ws_col;
	}
	if (env_size(ev_l) != 0)
		rows = env_size(ev_l);
	if (env_size(ev_c) != 0)
		cs = env_size(ev_c);
	snprintf(n, sizeof n, "%u", rows > TTY_OUT_ROWS ? rows : TTY_OUT_ROWS);
	(void)setenv("LINES", n, 1);
	snprintf(n, sizeof n, "%u", cs > TTY_OUT_COLS ? cs : TTY_OUT_COLS);
	(void)setenv("COLUMNS", n, 1);
	sp = newterm(NULL, stdout, stdin);
	env_restore("LINES", ev_l);
	env_restore("COLUMNS", ev_c);
	free(ev_l);
	free(ev_c);
	if (sp == NULL)
		return (NULL);
	/* The size curses would have taken (its own default: 80x24). */
	resizeterm(rows > 0 ? (int)rows : 24, cs > 0 ? (int)cs : 80);
	typeahead(-1);
	endwin();
	doupdate();
	return (sp);
}

/* Save the terminal's modes for the crash and out-of-memory handlers. */
void
tty_save(void)
{
	saved_tio_ok = (tcgetattr(STDIN_FILENO, &saved_tio) == 0);
}

/*
 * No XON/XOFF flow control while the screen is up (cbreak() leaves IXON
 * on): Ctrl-S would stop the terminal's output and every later key,
 * q included, would wait for a Ctrl-Q.  Told to ncurses as the program's
 * mode (def_prog_mode()), so that it keeps it after a suspend or resize;
 * endwin() and the crash handler restore the shell's own modes.
 */
void
tty_no_flow_control(void)
{
	struct termios	t;

	if (tcgetattr(STDIN_FILENO, &t) != 0)
		return;
	t.c_iflag &= ~(tcflag_t)(IXON | IXOFF);
	if (tcsetattr(STDIN_FILENO, TCSANOW, &t) == 0)
		(void)def_prog_mode();
}

/* Note the reset sequence, then install the crash handlers. */
void
tty_arm(void)
{
	reset_add("sgr0");
	reset_add("cnorm");
	reset_add("rmkx");
	reset_add("rmcup");
	crash_handlers(0);
}

/*
 * Mouse reports were asked for: a crash must stop them too (endwin() does
 * otherwise), or the shell after it would get a report for every click.
 * The private modes curses may have set: X10 clicks (1000), button-event
 * tracking (1002), SGR coordinates (1006).
 */
void
tty_arm_mouse(int on)
{
	static const char	off[] = "\033[?1006l\033[?1002l\033[?1000l";

	if (on && reset_len + sizeof off - 1 < sizeof reset_seq) {
		memcpy(reset_seq + reset_len, off, sizeof off - 1);
		reset_len += sizeof off - 1;
	}
}

/* Remove the crash handlers. */
void
tty_disarm(void)
{
	crash_handlers(1);
}

/* Out of memory with the screen up (xalloc.h): leave the terminal sane. */
void
tty_oom_cb(void)
{
	endwin();
	if (saved_tio_ok)
		(void)tcsetattr(STDIN_FILENO, TCSANOW, &saved_tio);
}

/*
 * The signals that end raviz (s->hold: every watched one but SIGWINCH and
 * SIGTSTP) stay pending while the application works - a long move checks
 * for them between slices, see loop.c's move_poll_cb() - and are
 * delivered, and handled by loop.c's signal_cb(), when the work is done.  Crash signals are never
 * held.
 */
void
tty_hold_signals(const struct tty_signals *s, sigset_t *old)
{
	(void)sigprocmask(SIG_BLOCK, &s->hold, old);
}

/* Is one of the held signals waiting? */
int
tty_held_pending(const struct tty_signals *s)
{
	sigset_t	pend;
	size_t		i;

	if (sigpending(&pend) != 0)
		return (0);
	for (i = 0; i < s->n; i++)
		if (sigismember(&s->hold, s->w[i].signum) == 1 &&
		    sigismember(&pend, s->w[i].signum) == 1)
			return (1);
	return (0);
}

/* Watch sig with cb. */
static void
watch(struct tty_signals *s, struct ev_loop *ev,
    void (*cb)(struct ev_loop *, ev_signal *, int), void *data, int sig)
{
	ev_signal	*w;

	if (s->n == TTY_NSIG_WATCH)
		return;
	w = &s->w[s->n++];
	ev_signal_init(w, cb, sig);
	w->data = data;
	ev_signal_start(ev, w);
	if (sig != SIGWINCH && sig != SIGTSTP)
		(void)sigaddset(&s->hold, sig);
}

/*
 * Own every signal that would end raviz with the screen up: the five of
 * own_signals, end_signals (but SIGXFSZ while recording: the writer wants
 * EFBIG), and the real-time signals.
 */
void
tty_watch_signals(struct tty_signals *s, struct ev_loop *ev,
    void (*cb)(struct ev_loop *, ev_signal *, int), void *data,
    int recording)
{
	size_t	i;
	int	sig;

	(void)sigemptyset(&s->hold);
	for (i = 0; i < NSIG_OWN; i++)
		watch(s, ev, cb, data, own_signals[i]);
	for (i = 0; i < NSIG_END; i++)
		if (!(recording && end_signals[i] == SIGXFSZ))
			watch(s, ev, cb, data, end_signals[i]);
#if defined(SIGRTMIN) && defined(SIGRTMAX) && defined(NSIG)
	for (sig = SIGRTMIN; sig <= SIGRTMAX && sig < NSIG; sig++)
		watch(s, ev, cb, data, sig);
#else
	(void)sig;
#endif
}

/*
 * Stop owning the signals; SIGPIPE and SIGXFSZ go back to ignored (libev
 * restores the default action), so the outputs written after the screen
 * report their write errors.
 */
void
tty_unwatch_signals(struct tty_signals *s, struct ev_loop *ev)
{
	size_t	i;

	for (i = 0; i < s->n; i++)
		ev_signal_stop(ev, &s->w[i]);
	s->n = 0;
	(void)sigemptyset(&s->hold);
	signal(SIGPIPE, SIG_IGN);
	signal(SIGXFSZ, SIG_IGN);
}

/*
 * Die of sig, as it would have killed raviz, now that the terminal is
 * restored: the default action, the signal unblocked (libev may block the
 * signals it reads through signalfd).  Returns only if sig did not end the
 * process.
 */
void
tty_die(int sig)
{
	struct sigaction	sa;
	sigset_t		set;

	fflush(stdout);
	fflush(stderr);
	safefile_out_signal();
	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = SIG_DFL;
	(void)sigaction(sig, &sa, NULL);
	sigemptyset(&set);
	sigaddset(&set, sig);
	(void)sigprocmask(SIG_UNBLOCK, &set, NULL);
	raise(sig);
}

/*
 * Has the terminal gone away?  Readable with nothing to read: a hang-up
 * (POLLHUP, or an error) at once; otherwise after a few such wake-ups in a
 * row (a single one may be spurious).  Checked before curses reads, so no
 * key is lost.
 */
int
tty_gone(int *empty)
{
	struct pollfd	pfd;
	int		avail = 0;

	pfd.fd = STDIN_FILENO;
	pfd.events = POLLIN;
	pfd.revents = 0;
	if (ioctl(STDIN_FILENO, FIONREAD, &avail) == -1)
		return (1);
	if (avail > 0) {
		*empty = 0;
		return (0);
	}
	if (poll(&pfd, 1, 0) == 1 &&
	    (pfd.revents & (POLLHUP | POLLERR | POLLNVAL)) != 0)
		return (1);
	return (++*empty >= TTY_EMPTY_MAX);
}

/* Is v, a value of COLUMNS or LINES (decimal), above max? */
static int
too_big(const char *v, unsigned long max)
{
	char		*end;
	unsigned long	 n;

	if (v == NULL || *v == '\0')
		return (0);
	errno = 0;
	n = strtoul(v, &end, 10);
	return ((errno == ERANGE || n > max) && *end == '\0');
}

/*
 * Refuse a screen larger than TTY_MAX_COLS x TTY_MAX_ROWS, naming where
 * the size comes from.  0, or 2 after saying why.
 */
int
tty_size_check(void)
{
	struct winsize	 ws;
	char		 e1[40], e2[40];
	const char	*c = getenv("COLUMNS"), *r = getenv("LINES");

	if (too_big(c, TTY_MAX_COLS) || too_big(r, TTY_MAX_ROWS)) {
		fprintf(stderr, "raviz: the environment sets the screen to "
		    "COLUMNS=%s LINES=%s; raviz draws at most %dx%d: unset "
		    "COLUMNS and LINES (or make them smaller)\n",
		    c != NULL ? fmt_escape_str(e1, sizeof e1, c) : "(unset)",
		    r != NULL ? fmt_escape_str(e2, sizeof e2, r) : "(unset)",
		    TTY_MAX_COLS, TTY_MAX_ROWS);
		return (2);
	}
	/* Where the environment says nothing, the terminal's own size. */
	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 &&
	    (((c == NULL || *c == '\0') && ws.ws_col > TTY_MAX_COLS) ||
	    ((r == NULL || *r == '\0') && ws.ws_row > TTY_MAX_ROWS))) {
		fprintf(stderr, "raviz: the terminal is %ux%u; raviz draws at "
		    "most %dx%d: use a smaller window\n", ws.ws_col,
		    ws.ws_row, TTY_MAX_COLS, TTY_MAX_ROWS);
		return (2);
	}
	return (0);
}
