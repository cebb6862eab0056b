/*
 * loop.c - the interactive front end: the curses screen's lifetime and one
 * libev loop that drives the application layer.
 *
 * Watchers: stdin_w reads every pending key (nodelay getch() until ERR),
 * decodes escape sequences that curses left alone (keyseq.h) and turns each
 * key into a command; esc_w ends a sequence that stopped half-way (a lone
 * ESC is the Esc key); tick_w paces playback, advancing a whole
 * number of events per tick, and is armed only while playing; flash_w
 * clears a flash message once; sig (ui/tty.h) owns SIGINT, SIGTERM, SIGHUP,
 * SIGWINCH, SIGTSTP and every other signal that would end raviz, so that
 * every exit goes through the same cleanup; prepare_w draws the screen if
 * anything changed and calls doupdate() once per loop iteration.
 *
 * Long moves (G, 1-5, going back, compare catching up) run in slices; in
 * between, move_poll_cb() looks for a quit key, a pending signal that ends
 * raviz (every watched one but SIGWINCH and SIGTSTP: they are held while a
 * command runs, see tty_hold_signals()) or a terminal that hung up, and
 * cancels the move; after 100 ms it shows how far the move has got (at
 * most every 50 ms: drawing is not free, and the engine work is the move).
 *
 * The terminal's safety net - signal ownership and re-raising, crash
 * handlers, a terminal that went away, the screen size cap - is ui/tty.c.
 */
#include "config.h"

#include <errno.h>
#include <ev.h>
#include <langinfo.h>
#include <locale.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <curses.h>
#include <term.h>

#include "app.h"
#include "caps.h"
#include "demo-live.h"
#include "fmt.h"
#include "import.h"
#include "keyseq.h"
#include "lesson.h"
#include "ui/keys.h"
#include "ui/loop.h"
#include "ui/probe.h"
#include "ui/render-curses.h"
#include "ui/tty.h"
#include "xalloc.h"
#include "render.h"
#include "report.h"
#include "safefile.h"
#include "session.h"
#include "svg.h"
#include "theme.h"
#include "trace.h"

#define FLASH_SECONDS	1.5



struct loop {
	struct ev_loop	*ev;
	struct app	*app;
	struct render_curses *rc;	/* the curses back end */
	ev_io		 stdin_w;
	ev_timer	 tick_w;
	ev_timer	 flash_w;
	ev_timer	 esc_w;		/* the rest of an escape sequence */
	struct keyseq	 kseq;		/* its decoder */
	ev_prepare	 prepare_w;
	struct tty_signals sig;		/* the owned signals (ui/tty.h) */
	unsigned	 tick_ms;	/* interval tick_w is armed with */
	int		 dirty;
	int		 status;	/* exit status */
	int		 die_sig;	/* raise this after cleaning up, or 0 */
	int		 empty;		/* empty wake-ups of stdin in a row */
	int		 tty_gone;	/* end of input on the terminal */
	/* Demo files (demo.h): recording and interactive replay. */
	struct demo_writer *rec;	/* --record, or NULL */
	int		 rec_warned;	/* its write error was shown */
	struct demo	 demo;		/* the demo being replayed */
	struct demo_live *live;		/* its replayer, or NULL */
	ev_timer	 demo_w;	/* when the next item is due */
	/* The look: the start-up one, the projector's (the L key). */
	const struct caps *caps;
	const struct theme_resolved *look0, *look;
	struct theme_resolved proj;
	int		 proj_loaded;
	uint64_t	 move_t0;	/* when the command being run began */
	int		 quit_asked;	/* q or Ctrl-C during long work */
	uint64_t	 move_drawn;	/* when its progress was last shown */
};

static void	loop_demo(struct loop *);
static uint64_t	loop_mono_ns(void);

/* Arm, re-arm or stop the pacing timer to match the play state. */
static void
loop_sync_timer(struct loop *l)
{
	unsigned	ms;

	if (!app_state(l->app)->playing) {
		if (ev_is_active(&l->tick_w))
			ev_timer_stop(l->ev, &l->tick_w);
		return;
	}
	ms = app_tick_interval_ms(l->app);
	if (ev_is_active(&l->tick_w) && ms == l->tick_ms)
		return;
	if (ev_is_active(&l->tick_w))
		ev_timer_stop(l->ev, &l->tick_w);
	l->tick_ms = ms;
	ev_timer_set(&l->tick_w, ms / 1000.0, ms / 1000.0);
	ev_timer_start(l->ev, &l->tick_w);
}

/* Start the one-shot flash timer when a new flash message is showing. */
static void
loop_sync_flash(struct loop *l)
{
	if (ev_is_active(&l->flash_w))
		ev_timer_stop(l->ev, &l->flash_w);
	if (app_flash_shown(l->app)) {
		ev_timer_set(&l->flash_w, FLASH_SECONDS, 0.);
		ev_timer_start(l->ev, &l->flash_w);
	}
}

/* Leave with status (ev_break from any callback). */
static void
loop_quit(struct loop *l, int status)
{
	l->status = status;
	ev_break(l->ev, EVBREAK_ALL);
}

/*
 * S: the frame shown, drawn as the screen draws it, into raviz-N.svg in
 * the current directory (the first N not taken; never over a file).
 */
static void
loop_svg(struct loop *l)
{
	struct render_text	*t;
	struct stat		 sb;
	char			 name[32], msg[96];
	const char		*why = "no free name";
	unsigned		 n;
	int			 maxy, maxx, ok = 0;

	getmaxyx(stdscr, maxy, maxx);
	t = render_text_new();
	/* A slide: no key hints, no play state. */
	app_set_export(l->app, 1);
	app_draw(l->app, &render_text_ops, t, (unsigned)maxx, (unsigned)maxy);
	app_set_export(l->app, 0);
	for (n = 1; n <= 9999; n++) {
		snprintf(name, sizeof name, "raviz-%u.svg", n);
		if (lstat(name, &sb) == 0)
			continue;
		ok = svg_save(name, 0, t, l->look, NULL, &why) == 0;
		break;
	}
	render_text_free(t);
	if (ok)
		snprintf(msg, sizeof msg, "wrote %s", name);
	else
		snprintf(msg, sizeof msg, "no SVG written: %s", why);
	app_flash(l->app, msg);
}

/*
 * L: the projector theme (light background, high contrast) or back to the
 * start-up look, through the theme module, on this terminal's caps.
 */
static void
loop_projector(struct loop *l)
{
	struct theme_diag	 d = { NULL, 0 };
	char			 msg[96];

	if (l->look == l->look0 && !l->proj_loaded) {
		if (theme_open("projector", 0, l->caps, &l->proj, &d) != 0) {
			theme_diag_free(&d);
			app_flash(l->app, "no projector theme found (see "
			    "raviz --list-themes)");
			return;
		}
		l->proj_loaded = 1;
	}
	theme_diag_free(&d);
	l->look = l->look == l->look0 ? &l->proj : l->look0;
	render_curses_free(l->rc);
	l->rc = render_curses_new(l->look, l->caps);
	app_set_glyphs(l->app, &l->look->glyphs);
	clearok(curscr, TRUE);
	snprintf(msg, sizeof msg, "theme: %s%s", l->look->name,
	    l->caps->depth == CAPS_MONO ? " (no colour: NO_COLOR, "
	    "--no-color or the terminal)" : "  (L: back)");
	app_flash(l->app, msg);
}

/*
 * Between slices of a long move: cancel it if a quit key or an ending signal
 * is waiting (the keys are put back for loop_keys(), the signal for
 * signal_cb()) or the terminal has hung up (stdin_cb() then ends raviz);
 * after 100 ms, show how far it has got on the bottom line, every 50 ms at
 * most.  The keys are
 * looked at through a copy of the escape-sequence decoder, so that a byte
 * inside a sequence is not taken for q.
 */
static int
move_poll_cb(void *arg, uint64_t done, uint64_t total)
{
	struct loop	*l = arg;
	struct keyseq	 kseq = l->kseq;
	struct pollfd	 pfd;
	int		 keys[64], out[2], n = 0, ch, cancel = 0, rows, cols;
	int		 i, k;
	char		 buf[128];
	uint64_t	 now;
	unsigned	 pc;

	pfd.fd = STDIN_FILENO;
	pfd.events = POLLIN;
	pfd.revents = 0;
	if (l->quit_asked || tty_held_pending(&l->sig) || (poll(&pfd, 1, 0) == 1 &&
	    (pfd.revents & (POLLHUP | POLLERR | POLLNVAL)) != 0))
		return (1);
	while (n < (int)(sizeof keys / sizeof keys[0]) &&
	    (ch = getch()) != ERR) {
		keys[n++] = ch;
		/*
		 * A mouse report: put back unread (its event stays queued in
		 * curses, its rest, if any, on the input after it), and look
		 * no further: the rest's bytes are no keys.
		 */
		if (ch == KEY_MOUSE)
			break;
		if (ch == KEY_RESIZE)
			continue;
		k = keyseq_feed(&kseq, keys_from_curses(ch), out);
		for (i = 0; i < k; i++)
			if (cmd_from_key(out[i]).kind == CMD_QUIT)
				cancel = 1;
	}
	while (n > 0)
		(void)ungetch(keys[--n]);
	if (cancel) {
		/* A quit key quits, whatever work it interrupts. */
		l->quit_asked = 1;
		return (1);
	}
	now = loop_mono_ns();
	if (now - l->move_t0 < 100000000 || now - l->move_drawn < 50000000)
		return (0);
	l->move_drawn = now;
	pc = app_move_permille(l->app) / 10;
	if (app_move_what(l->app) != NULL)
		snprintf(buf, sizeof buf, " %s: %u%% done (q quits) ",
		    app_move_what(l->app), pc);
	else if (total == UINT64_MAX)
		snprintf(buf, sizeof buf, " moving to the end: event %llu, "
		    "%u%% of the file read (q quits) ",
		    (unsigned long long)done, pc);
	else if (total == 0)
		snprintf(buf, sizeof buf, " moving: event %llu, %u%% of the "
		    "way (q quits) ", (unsigned long long)done, pc);
	else
		snprintf(buf, sizeof buf, " moving: event %llu of %llu, %u%% "
		    "(q quits) ", (unsigned long long)done,
		    (unsigned long long)total, pc);
	getmaxyx(stdscr, rows, cols);
	if (rows > 0 && cols > 0) {
		mvaddnstr(rows - 1, 0, buf, cols);
		clrtoeol();
		refresh();
	}
	l->dirty = 1;
	return (0);
}

/* Carry out command c; quit or fail as the application says. */
static void
loop_exec(struct loop *l, const struct cmd *c)
{
	sigset_t	old;
	int		rc;

	if (c->kind == CMD_NONE)
		return;
	if (c->kind == CMD_SVG || c->kind == CMD_PROJECTOR) {
		/* The screen's own: not part of a lesson or recording. */
		app_flash_clear(l->app);
		if (c->kind == CMD_SVG)
			loop_svg(l);
		else
			loop_projector(l);
		loop_sync_flash(l);
		l->dirty = 1;
		return;
	}
	if (c->kind == CMD_REDRAW)
		clearok(curscr, TRUE);
	app_flash_clear(l->app);
	l->move_t0 = loop_mono_ns();
	tty_hold_signals(&l->sig, &old);
	rc = app_exec(l->app, c);
	(void)sigprocmask(SIG_SETMASK, &old, NULL);
	if (rc == 1 || (rc == 0 && l->quit_asked)) {
		loop_quit(l, 0);
		return;
	}
	if (rc < 0) {
		loop_quit(l, 1);
		return;
	}
	loop_sync_timer(l);
	loop_sync_flash(l);
	l->dirty = 1;
}

/*
 * A command the application worked out (a click, the prompt line), or a
 * flash saying why there is none; -1 from it ends raviz (memory).
 */
static void
loop_found(struct loop *l, int rc, const struct cmd *c)
{
	if (rc < 0) {
		loop_quit(l, 1);
		return;
	}
	if (c->kind != CMD_NONE)
		loop_exec(l, c);
	else {
		loop_sync_flash(l);
		l->dirty = 1;
	}
}

/*
 * One key: the prompt line's while it is open, a click's place, the demo
 * replayer's, else a command.
 */
static void
loop_key(struct loop *l, int ch)
{
	struct cmd	c;
	int		rc;

	if (app_prompt_open(l->app)) {
		if (CMD_KEY_IS_CLICK(ch))
			ch = 27;	/* a click elsewhere closes it */
		l->move_t0 = loop_mono_ns();
		rc = app_prompt_key(l->app, ch, &c);
		l->dirty = 1;
		loop_found(l, rc, &c);
		return;
	}
	if (CMD_KEY_IS_CLICK(ch)) {
		app_flash_clear(l->app);
		l->move_t0 = loop_mono_ns();
		rc = app_click(l->app, CMD_CLICK_X(ch), CMD_CLICK_Y(ch), &c);
		loop_found(l, rc, &c);
		if (l->status == -1)
			loop_demo(l);
		return;
	}
	if (l->live != NULL && demo_live_key(l->live, ch, loop_mono_ns())) {
		loop_demo(l);
		l->dirty = 1;
		return;
	}
	/* While a question is asked, a..d answer it. */
	c = cmd_answer_key(ch);
	if (!app_state(l->app)->asking || c.kind == CMD_NONE)
		c = cmd_from_key(ch);
	loop_exec(l, &c);
	if (l->status == -1)
		loop_demo(l);
}

/* Wait for the rest of a started escape sequence, or stop waiting. */
static void
loop_sync_esc(struct loop *l)
{
	if (ev_is_active(&l->esc_w))
		ev_timer_stop(l->ev, &l->esc_w);
	if (keyseq_pending(&l->kseq) && l->status == -1) {
		ev_timer_set(&l->esc_w, KEYSEQ_TIMEOUT_MS / 1000.0, 0.);
		ev_timer_start(l->ev, &l->esc_w);
	}
}

/*
 * Read every pending key; KEY_RESIZE only asks for a redraw.  Keys, as
 * raviz names them (ui/keys.h), go through the escape-sequence decoder, so
 * that no part of a sequence curses did not know becomes a command.
 */
static void
loop_keys(struct loop *l)
{
	int	ch, out[2], n, i, k;

	while ((ch = getch()) != ERR) {
		if (ch == KEY_RESIZE) {
			l->dirty = 1;
			continue;
		}
		if ((k = keys_from_curses(ch)) == KEYS_NONE)
			continue;
		n = keyseq_feed(&l->kseq, k, out);
		for (i = 0; i < n && l->status == -1; i++)
			loop_key(l, out[i]);
		if (l->status != -1)
			break;
	}
	loop_sync_esc(l);
}

/* A sequence stopped half-way: a lone ESC is the Esc key. */
static void
esc_cb(struct ev_loop *ev, ev_timer *w, int revents)
{
	struct loop	*l = w->data;
	int		 key;

	(void)ev;
	(void)revents;
	if (keyseq_timeout(&l->kseq, &key) == 1)
		loop_key(l, key);
}

/* stdin is readable: keys, or the end of the terminal. */
static void
stdin_cb(struct ev_loop *ev, ev_io *w, int revents)
{
	struct loop	*l = w->data;

	(void)ev;
	(void)revents;
	if (tty_gone(&l->empty)) {
		l->tty_gone = 1;
		loop_quit(l, 1);
		return;
	}
	loop_keys(l);
}

/* Pacing tick: a whole number of events. */
static void
tick_cb(struct ev_loop *ev, ev_timer *w, int revents)
{
	struct loop	*l = w->data;
	int		 had_flash = app_flash_shown(l->app), rc;
	sigset_t	 old;

	(void)ev;
	(void)revents;
	l->move_t0 = loop_mono_ns();
	tty_hold_signals(&l->sig, &old);
	rc = l->live != NULL ? demo_live_tick(l->live) : app_tick(l->app);
	(void)sigprocmask(SIG_SETMASK, &old, NULL);
	if (rc < 0) {
		loop_quit(l, 1);
		return;
	}
	loop_demo(l);
	if (!had_flash && app_flash_shown(l->app))
		loop_sync_flash(l);
	loop_sync_timer(l);
	l->dirty = 1;
}

/* A monotonic clock in ns, for the demo's wall delays. */
static uint64_t
loop_mono_ns(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ((uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec);
}

/*
 * Let the demo replayer carry out what is due, then re-arm its one-shot
 * timer for the next item (it also runs after every key and tick).
 */
static void
loop_demo(struct loop *l)
{
	uint64_t	wait;
	sigset_t	old;
	int		had_flash, rc;

	if (l->live == NULL || l->status != -1)
		return;
	had_flash = app_flash_shown(l->app);
	/* Its items are long work too: held signals stop it (loop_exec()). */
	l->move_t0 = loop_mono_ns();
	tty_hold_signals(&l->sig, &old);
	rc = demo_live_step(l->live, loop_mono_ns(), &wait);
	(void)sigprocmask(SIG_SETMASK, &old, NULL);
	if (rc < 0) {
		loop_quit(l, 1);
		return;
	}
	if (l->quit_asked) {
		loop_quit(l, 0);
		return;
	}
	if (ev_is_active(&l->demo_w))
		ev_timer_stop(l->ev, &l->demo_w);
	if (wait != DEMO_LIVE_FOREVER) {
		/* A millisecond late rather than early: no busy loop. */
		ev_timer_set(&l->demo_w, wait / 1e9 + 0.001, 0.);
		ev_timer_start(l->ev, &l->demo_w);
	}
	if (app_flash_shown(l->app) && !had_flash)
		loop_sync_flash(l);
	loop_sync_timer(l);
	l->dirty = 1;
}

/* The next demo item may be due. */
static void
demo_cb(struct ev_loop *ev, ev_timer *w, int revents)
{
	(void)ev;
	(void)revents;
	loop_demo(w->data);
}

/*
 * --record: every command the application carries out becomes a line of
 * the demo file, written before it acts (so a kill right after still has
 * it).  Quit and redraw are not part of a lesson.
 */
static void
record_cb(void *arg, const struct cmd *c, uint64_t event_no)
{
	struct loop	*l = arg;
	char		 msg[128];

	if (c->kind == CMD_QUIT || c->kind == CMD_REDRAW ||
	    c->kind == CMD_NONE)
		return;
	if (demo_writer_cmd(l->rec, c, event_no, loop_mono_ns()) != 0 &&
	    !l->rec_warned) {
		snprintf(msg, sizeof msg, "recording stopped: %s",
		    demo_writer_error(l->rec));
		app_flash(l->app, msg);
		l->rec_warned = 1;
	}
}

/* The flash message has been shown long enough. */
static void
flash_cb(struct ev_loop *ev, ev_timer *w, int revents)
{
	struct loop	*l = w->data;

	(void)ev;
	(void)revents;
	app_flash_clear(l->app);
	l->dirty = 1;
}

/* The terminal changed size: tell curses, drain its queue, redraw. */
static void
loop_resize(struct loop *l)
{
	struct winsize	ws;

	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0 &&
	    ws.ws_col > 0)
		resizeterm(ws.ws_row > TTY_MAX_ROWS ? TTY_MAX_ROWS :
		    ws.ws_row, ws.ws_col > TTY_MAX_COLS ? TTY_MAX_COLS :
		    ws.ws_col);
	/* resizeterm() queues KEY_RESIZE inside curses, not on stdin. */
	loop_keys(l);
	clearok(curscr, TRUE);
	l->dirty = 1;
}

/* Ctrl-Z: give the terminal back, stop, and take it again on SIGCONT. */
static void
loop_suspend(struct loop *l)
{
	endwin();
	fflush(stdout);
	/* SIGSTOP, because SIGTSTP is caught by this very watcher. */
	kill(getpid(), SIGSTOP);
	reset_prog_mode();
	clearok(curscr, TRUE);
	l->dirty = 1;
}

/* Owned signals, from loop context (never inside a raw handler). */
static void
signal_cb(struct ev_loop *ev, ev_signal *w, int revents)
{
	struct loop	*l = w->data;

	(void)ev;
	(void)revents;
	switch (w->signum) {
	case SIGWINCH:
		loop_resize(l);
		break;
	case SIGTSTP:
		loop_suspend(l);
		break;
	case SIGINT:
		loop_quit(l, 0);	/* Ctrl-C is a quit key */
		break;
	default:
		/* Clean up first; loop_run() raises it again at the end. */
		l->die_sig = w->signum;
		loop_quit(l, 128 + w->signum);
		break;
	}
}

/* Before the loop blocks: draw if needed, one doupdate(). */
static void
prepare_cb(struct ev_loop *ev, ev_prepare *w, int revents)
{
	struct loop	*l = w->data;
	int		 rows, cols;

	(void)ev;
	(void)revents;
	if (!l->dirty)
		return;
	getmaxyx(stdscr, rows, cols);
	app_draw(l->app, &render_curses_ops, l->rc, (unsigned)cols,
	    (unsigned)rows);
	doupdate();
	l->dirty = 0;
}

/*
 * The terminal's capabilities and the theme, decided once before the screen
 * starts, so that a refusal (TERM=dumb) or an explicit theme's errors print
 * on a normal terminal.  Returns 0, or the exit status after saying why.
 */
static int
loop_look(const struct opts *o, struct caps *caps,
    struct theme_resolved *look)
{
	struct caps_input	in;
	struct theme_diag	d = { NULL, 0 };
	char			err[256];
	int			rc;

	memset(&in, 0, sizeof in);
	caps_input_env(&in);
	probe_caps(&in);
	in.opt_no_color = o->no_color;
	in.opt_ascii = o->ascii;
	if (caps_decide(&in, caps, err, sizeof err) != 0) {
		fprintf(stderr, "raviz: %s\n", err);
		return (2);
	}
	rc = theme_select(o->theme, getenv("RAVIZ_THEME"), caps, look, &d);
	theme_diag_print(&d, stderr);
	theme_diag_free(&d);
	if (rc != 0)
		return (rc);
	if (look->warning[0] != '\0')
		fprintf(stderr, "raviz: %s\n", look->warning);
	return (0);
}

/* Bring the application to the --until point, if any. */
static int
loop_until(struct app *a, const struct opts *o)
{
	struct cmd	c;

	if (o->until_label) {
		c.kind = CMD_JUMP;
		c.arg = o->until_label;
	} else if (o->until_events) {
		c.kind = CMD_GOTO;
		c.arg = (int64_t)(o->until_events > INT64_MAX ? INT64_MAX :
		    o->until_events);
	} else
		return (0);
	if (app_exec(a, &c) < 0)
		return (-1);
	app_flash_clear(a);
	return (0);
}

/*
 * Start-up failed after the recording was opened: close it (a valid demo
 * file of no items) and free what the loop holds.
 */
static void
loop_abandon(struct loop *l)
{
	if (l->rec != NULL) {
		(void)demo_writer_close(l->rec);
		demo_writer_free(l->rec);
	}
	demo_free(&l->demo);
	app_free(l->app);
}

/* Run the interactive front end; returns the exit status. */
int
loop_run(const struct opts *o)
{
	struct loop		 l;
	struct sigaction	 sa;
	struct caps		 caps;
	struct theme_resolved	 look;
	char			 esc[200], why[300];
	int			 status;
	const char		*err;
	const struct sim_config	*cfg;
	struct trace		 trace;

	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fprintf(stderr, "raviz: the interactive screen needs a "
		    "terminal on stdin and stdout; for scripts and pipes use "
		    "--headless (see raviz --help)\n");
		return (2);
	}
	if (o->frames) {
		fprintf(stderr, "raviz: --frames writes text frames: use it "
		    "with --headless\n");
		return (2);
	}
	/*
	 * The character set only (curses' wide characters, the codeset caps
	 * reads): numbers are printed as the headless output prints them,
	 * with a '.' whatever LC_NUMERIC says, and the other categories are
	 * files a start need not read.
	 */
	setlocale(LC_CTYPE, "");
	if ((status = tty_size_check()) != 0 ||
	    (status = session_outputs_check(o)) != 0)
		return (status);
	if ((status = loop_look(o, &caps, &look)) != 0)
		return (status);
	memset(&l, 0, sizeof l);
	l.status = -1;
	cfg = &o->cfg;
	if (o->nfiles > 0 || o->demo_name != NULL) {
		if ((status = lesson_open(&l.demo, o, stderr)) != 0)
			return (status);
		cfg = &l.demo.cfg;
	}
	if (o->capture != NULL && l.demo.trace == NULL) {
		fprintf(stderr, "raviz: --capture with a lesson: only for a "
		    "lesson over a trace (`trace NAME`, as 'yours')\n");
		demo_free(&l.demo);
		return (2);
	}
	if (o->import_file != NULL || l.demo.trace != NULL) {
		/* A kernel trace: read whole, or refused before the screen. */
		if ((status = l.demo.trace != NULL ? lesson_trace(&trace,
		    &l.demo, o, stderr) : import_trace(&trace, o->import_file,
		    o->import_dev, stderr)) != 0) {
			demo_free(&l.demo);
			return (status);
		}
		if ((l.app = app_new_trace(&trace, cfg, why,
		    sizeof why)) == NULL) {
			fprintf(stderr, "raviz: %s: %s\n", fmt_escape_str(esc,
			    sizeof esc, o->import_file != NULL ?
			    o->import_file : l.demo.name), why);
			demo_free(&l.demo);
			return (2);
		}
	} else if ((l.app = app_new(cfg)) == NULL ||
	    loop_until(l.app, o) != 0) {
		fprintf(stderr, "raviz: out of memory\n");
		app_free(l.app);
		demo_free(&l.demo);
		return (1);
	}
	if (o->record != NULL) {
		/*
		 * A file-size limit (ulimit -f) would kill raviz with SIGXFSZ,
		 * terminal in raw mode, a half line in the file; ignored, the
		 * write fails with EFBIG and the writer handles it as a full
		 * disk.  Ignored before the file is created: the header too.
		 */
		memset(&sa, 0, sizeof sa);
		sigemptyset(&sa.sa_mask);
		sa.sa_handler = SIG_IGN;
		(void)sigaction(SIGXFSZ, &sa, NULL);
		if ((l.rec = demo_writer_open(o->record, o->force, cfg, NULL,
		    loop_mono_ns(), &err)) == NULL) {
			fprintf(stderr, "raviz: --record: %s: %s\n",
			    fmt_escape_str(esc, sizeof esc, o->record), err);
			app_free(l.app);
			demo_free(&l.demo);
			return (2);
		}
		app_set_cmd_hook(l.app, record_cb, &l);
	}
	if (o->pace_time) {
		/* Through the command path, so a recording starts with it. */
		struct cmd pace = { CMD_PACE, CMD_PACE_TIME };

		if (app_exec(l.app, &pace) < 0) {
			fprintf(stderr, "raviz: out of memory\n");
			loop_abandon(&l);
			return (1);
		}
		app_flash_clear(l.app);
	}
	app_set_glyphs(l.app, &look.glyphs);
	/* --predict: through the command path, so --record keeps it. */
	if (o->predict) {
		struct cmd pc = { CMD_PREDICT, 1 };

		if (app_exec(l.app, &pc) < 0) {
			fprintf(stderr, "raviz: out of memory\n");
			loop_abandon(&l);
			return (1);
		}
	}
	/* A theme that fell back says so on the caption line. */
	if (look.warning[0] != '\0')
		app_set_caption(l.app, look.warning);
	if ((l.ev = ev_default_loop(EVFLAG_AUTO)) == NULL) {
		fprintf(stderr, "raviz: cannot start the event loop\n");
		loop_abandon(&l);
		return (1);
	}
	/*
	 * Own the signals before initscr(): ncurses only installs its
	 * SIGINT/SIGTERM handlers over default dispositions.
	 */
	tty_watch_signals(&l.sig, l.ev, signal_cb, &l, o->record != NULL);
	tty_save();
	if (tty_newterm() == NULL) {
		fprintf(stderr, "raviz: cannot use this terminal (TERM=%s)\n",
		    getenv("TERM") != NULL ? fmt_escape_str(esc, sizeof esc,
		    getenv("TERM")) : "unset");
		loop_abandon(&l);
		return (2);
	}
	xalloc_on_fail(tty_oom_cb);
	tty_arm();
	cbreak();
	noecho();
	nonl();
	tty_no_flow_control();
	intrflush(stdscr, FALSE);
	keypad(stdscr, TRUE);
	nodelay(stdscr, TRUE);
	/* Clicks and the wheel; curses takes the terminal's mode back. */
	tty_arm_mouse(!o->no_mouse && keys_mouse_on(1));
	app_set_poll(l.app, move_poll_cb, &l);
	set_escdelay(25);
	curs_set(0);
	l.rc = render_curses_new(&look, &caps);
	l.caps = &caps;
	l.look0 = l.look = &look;

	ev_io_init(&l.stdin_w, stdin_cb, STDIN_FILENO, EV_READ);
	l.stdin_w.data = &l;
	ev_io_start(l.ev, &l.stdin_w);
	ev_init(&l.tick_w, tick_cb);
	l.tick_w.data = &l;
	ev_init(&l.flash_w, flash_cb);
	l.flash_w.data = &l;
	ev_init(&l.esc_w, esc_cb);
	l.esc_w.data = &l;
	keyseq_init(&l.kseq);
	ev_prepare_init(&l.prepare_w, prepare_cb);
	l.prepare_w.data = &l;
	ev_prepare_start(l.ev, &l.prepare_w);
	ev_init(&l.demo_w, demo_cb);
	l.demo_w.data = &l;
	if (l.demo.name != NULL &&
	    (l.live = demo_live_new(&l.demo, l.app, loop_mono_ns())) == NULL)
		loop_quit(&l, 1);
	loop_demo(&l);
	/* --sweep on a terminal: its screen, through the command path. */
	if (o->sweep && l.status == -1) {
		struct cmd sc = { CMD_SWEEP, o->sweep };

		loop_exec(&l, &sc);
	}
	l.dirty = 1;

	/* A lesson's first items may have quit already (q during them). */
	if (l.status == -1)
		ev_run(l.ev, 0);

	endwin();
	xalloc_on_fail(NULL);
	tty_disarm();
	tty_unwatch_signals(&l.sig, l.ev);
	ev_io_stop(l.ev, &l.stdin_w);
	ev_timer_stop(l.ev, &l.tick_w);
	ev_timer_stop(l.ev, &l.flash_w);
	ev_timer_stop(l.ev, &l.esc_w);
	ev_prepare_stop(l.ev, &l.prepare_w);
	ev_timer_stop(l.ev, &l.demo_w);
	status = l.status < 0 ? 0 : l.status;
	if (l.tty_gone)
		fprintf(stderr, "raviz: the terminal went away (end of input "
		    "on stdin)\n");
	else if (status == 1)
		fprintf(stderr, "raviz: out of memory\n");
	else if (status == 0)
		status = session_outputs(l.app, o);
	if (l.rec != NULL) {
		if (demo_writer_close(l.rec) != 0) {
			fprintf(stderr, "raviz: --record: %s: %s; the file "
			    "replays up to its last complete line\n",
			    fmt_escape_str(esc, sizeof esc, o->record),
			    demo_writer_error(l.rec));
			if (status == 0)
				status = 1;
		}
		demo_writer_free(l.rec);
	}
	demo_live_free(l.live);
	demo_free(&l.demo);
	app_free(l.app);
	render_curses_free(l.rc);
	if (l.die_sig != 0)
		tty_die(l.die_sig);
	return (status);
}
