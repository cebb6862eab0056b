/*
 * tty.h - the terminal's safety net around the interactive screen (loop.c):
 * owning the signals that would end raviz, dying of them once the terminal
 * is restored, crash and out-of-memory handlers that restore it, noticing a
 * terminal that went away, and the largest screen raviz draws.
 */
#ifndef RAVIZ_UI_TTY_H
#define RAVIZ_UI_TTY_H

#include <signal.h>
#include <stddef.h>

#include <curses.h>
#include <ev.h>

/*
 * The largest screen raviz draws: the same bound as --cols/--rows.  No
 * terminal shows more; COLUMNS=20000 LINES=20000 would make curses
 * allocate several screens of 400 million cells (gigabytes, minutes).
 */
#define TTY_MAX_COLS	1000
#define TTY_MAX_ROWS	1000

/*
 * The least screen curses is started on (tty_newterm()): its output buffer
 * is sized by it, (2 + rows) x (6 + cols) bytes, 64 KiB here.
 */
#define TTY_OUT_ROWS	62
#define TTY_OUT_COLS	1018

/* Room for the owned, ending and real-time signals (tty.c checks). */
#define TTY_NSIG_WATCH	96

/* The signals the loop owns, as libev watchers. */
struct tty_signals {
	ev_signal	 w[TTY_NSIG_WATCH];
	size_t		 n;		/* w[] in use */
	sigset_t	 hold;		/* held while a command runs */
};

/*
 * Own every signal that would end raviz with the screen up: SIGINT,
 * SIGTERM, SIGHUP, SIGWINCH, SIGTSTP, every other one whose default action
 * ends the process (but SIGXFSZ while recording: the writer wants EFBIG)
 * and the real-time signals, each watched with cb (data in w->data).  All
 * but SIGWINCH and SIGTSTP go into s->hold.  Before initscr(): ncurses only
 * installs its SIGINT/SIGTERM handlers over default dispositions.
 */
void	tty_watch_signals(struct tty_signals *s, struct ev_loop *ev,
	    void (*cb)(struct ev_loop *, ev_signal *, int), void *data,
	    int recording);

/*
 * Stop owning the signals; SIGPIPE and SIGXFSZ go back to ignored (libev
 * restores the default action), so the outputs written after the screen
 * report their write errors.
 */
void	tty_unwatch_signals(struct tty_signals *s, struct ev_loop *ev);

/*
 * Block the held signals while a command runs, the previous mask into
 * *old (restore it with sigprocmask(SIG_SETMASK, old, NULL)).
 */
void	tty_hold_signals(const struct tty_signals *s, sigset_t *old);

/* Is one of the held signals waiting?  (A long move then stops.) */
int	tty_held_pending(const struct tty_signals *s);

/*
 * Die of sig, as it would have killed raviz, once the terminal is restored.
 * Returns only if sig did not end the process.
 */
void	tty_die(int sig);

/*
 * Start curses on stdout and stdin (newterm()) so that each doupdate() is
 * one write() to the terminal; NULL if curses refuses the terminal.
 */
SCREEN	*tty_newterm(void);

/* Save the terminal's modes, before curses changes them. */
void	tty_save(void);

/*
 * With the screen up (after newterm()): note the terminal's reset sequence
 * and install the crash handlers that write it and restore the saved modes.
 */
void	tty_arm(void);
/* After cbreak(): Ctrl-S and Ctrl-Q are keys, not flow control. */
void	tty_no_flow_control(void);

/* Mouse reports are on (on nonzero): a crash turns them off too. */
void	tty_arm_mouse(int on);

/* Remove the crash handlers (after endwin()). */
void	tty_disarm(void);

/* Out of memory with the screen up (xalloc_on_fail()): terminal sane. */
void	tty_oom_cb(void);

/*
 * stdin is readable: has the terminal gone away?  *empty counts the empty
 * wake-ups in a row (0 at start).  Checked before curses reads, so no key
 * is lost.
 */
int	tty_gone(int *empty);

/*
 * Refuse a screen larger than TTY_MAX_COLS x TTY_MAX_ROWS (COLUMNS, LINES
 * or the terminal's own size), naming where the size comes from.  0, or 2
 * after saying why on stderr.
 */
int	tty_size_check(void);

#endif /* RAVIZ_UI_TTY_H */
