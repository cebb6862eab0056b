/*
 * app.h - the application layer: everything the interactive front end does
 * except the terminal and the clock.  It owns the engine run (and, in
 * compare mode, a second run), the renderer, the play state and speed, the
 * history that lets the user step back, and the mode toggles.  The curses
 * loop (loop.c), the demo replayer and the tests drive it the same way:
 * commands in through app_exec(), pacing through app_tick(), pictures out
 * through app_draw() with any render back end.
 *
 * Contract:
 * - No curses, no libev, no wall clock: the same commands at the same event
 *   numbers give the same pictures, byte for byte (headless replay relies
 *   on it).
 * - Event numbers count the main run's engine events (sim_stats()->events).
 *   A mode toggle is recorded with the event number at which it was made;
 *   going back to an earlier event forgets it, staying at or after that
 *   event keeps it.  Stepping back re-creates the exact state (engine and
 *   picture) from a checkpoint, so it costs at most a bounded number of
 *   engine steps.  Long moves forward (the end of a 1 TiB run) run the
 *   engine quietly over all but the last RENDER_HISTORY events, so their
 *   cost does not grow with the file; the picture is the same, to the
 *   byte, as stepping every event.
 * - Compare mode runs a second engine with the opposite plugging (buggy <->
 *   fixed; fixed for legacy) from the same scenario; after every move of the
 *   main run it is brought to the main run's clock: every event at or
 *   before it has happened, none after (quietly when that is far, as for
 *   long moves), and both headers read the same simulated time.  The moment
 *   keys 1-5 and G put each half at its own moment or end, whichever run is
 *   the main one (so however compare was entered).  The buggy run is drawn
 *   above, the fixed run below.  So that this stays true, mode commands
 *   (plug, mode, cycle) are refused in compare mode with a flash saying
 *   so; compare on a live-patched run runs the scenario again unpatched in
 *   the mode last asked for, to the same time, and says so.
 * - Pacing: at speed S events per second, every app_tick_interval_ms()
 *   milliseconds app_tick() advances app_tick_events() whole events (never
 *   elapsed time x rate).  In time pace (rate R microseconds of simulated
 *   time per second of wall time) every tick stands for a fixed slice of
 *   simulated time, R x APP_TIME_TICK_MS nanoseconds: the tick moves a
 *   target time on by that slice and steps every event due at or before
 *   it, a whole number of events (none during a stall), at most
 *   APP_TIME_TICK_MAX of them (past that, the target starts again at the
 *   last event: a run too busy to follow is played as fast as events pace
 *   would, not in a burst afterwards).  Any move other than a tick (a step,
 *   a jump, a restart) puts the target back on the run's clock.
 */
#ifndef RAVIZ_APP_H
#define RAVIZ_APP_H

#include <stddef.h>
#include <stdint.h>

#include "cmd.h"
#include "render.h"
#include "engine/sim.h"

#define APP_MIN_COLS	80
#define APP_MIN_ROWS	24
#define APP_SPEED_DEFAULT 10	/* events per second at start */
#define APP_RATE_DEFAULT 1000	/* time pace: simulated us per second */
#define APP_TIME_TICK_MS 40	/* time pace: wall ms per tick */
#define APP_TIME_TICK_MAX 4096	/* time pace: events per tick at most */

struct app;
struct trace;

/*
 * A new application at event 0 of the scenario, paused.  The configuration
 * is copied.  NULL if it is invalid or memory is short.
 */
struct app *app_new(const struct sim_config *);
/*
 * A new application over a kernel trace t, paused at its first event (it
 * takes t over: *t is left empty, the application frees it, also when
 * this fails); its compare run (c) is the model of the trace
 * (trace-model.h): today's kernel with the trace's read, readahead and
 * file sizes on its device as measured, the rest as base.  The trace's
 * run has no mode to switch, no moments and no questions: those keys say
 * so, but in compare m and p switch the model's mode.
 * NULL if that model is not a valid configuration or memory ran out, why
 * (len bytes) then saying which, in the trace's words.
 */
struct app *app_new_trace(struct trace *t, const struct sim_config *base,
	     char *why, size_t len);
void	 app_free(struct app *);
/* Is the main run over (no event left)? */
int	 app_over(const struct app *);

/*
 * Carry out one command; the command hook (if any) is called first.
 * Returns 1 when the command is quit, 0 otherwise (also when it could not
 * be carried out: the reason is shown as a flash message), -1 when memory
 * ran out (the application is then unusable except for app_free()).
 */
int	 app_exec(struct app *, const struct cmd *);
/*
 * One pacing tick: advance app_tick_events() events (time pace: the events
 * due in the tick's slice of simulated time); stops at the end.
 */
int	 app_tick(struct app *);
/* The same, but never past event `limit` (a demo's next item). */
int	 app_tick_upto(struct app *, uint64_t limit);
/* Milliseconds between ticks and events per tick at the current speed. */
unsigned app_tick_interval_ms(const struct app *);
unsigned app_tick_events(const struct app *);
/* The same arithmetic for any speed (events per second, >= 1). */
void	 app_pacing(unsigned speed, unsigned *interval_ms, unsigned *events);
/* The speed ladder: the next notch up (dir > 0) or down from speed. */
unsigned app_speed_notch(unsigned speed, int dir);
/* Nanoseconds of simulated time one tick of interval_ms stands for. */
uint64_t app_time_slice_ns(unsigned rate_us, unsigned interval_ms);
/* The pace as the header shows it: "10 events/s", "1 ms/s" (brief: ev/s). */
void	 app_pace_text(char *buf, size_t len, int pace, unsigned speed,
	     unsigned rate_us, int brief);

/* What the commands have set, as the screen shows it (app_state()). */
struct app_state {
	int		 playing;
	unsigned	 speed;		/* events per second */
	/*
	 * Pace: CMD_PACE_EVENTS or CMD_PACE_TIME, and the time pace's rate
	 * in microseconds of simulated time per second (the speed's ladder).
	 */
	int		 pace;
	unsigned	 rate;
	int		 help;		/* the help overlay is shown */
	int		 compare;	/* compare mode */
	int		 predict;	/* predict-then-reveal is on ... */
	int		 asking;	/* ... with a question open */
	/*
	 * The sweep screen (sweep.h) in place of the picture: its enum
	 * sweep_kind, 0 when closed.  Any command that moves or changes the
	 * run closes it first; help, captions, pace and speed do not.
	 */
	int		 sweep;
};
const struct app_state *app_state(const struct app *);
/* Events of the main run so far. */
uint64_t app_event_no(const struct app *);
/* The main run (read-only view, valid until the next app_* call). */
const struct sim *app_sim(const struct app *);
/* The second run in compare mode, else NULL. */
const struct sim *app_other(const struct app *);

/*
 * Compare mode: what differs now between the halves, as the footer's now
 * line says it (differ_now()); "" out of compare.  Returns buf.
 */
char	*app_diff_now(struct app *, char *buf, size_t len, int brief);
/* Has the main run just handed out the event of moment T<k>? */
int	 app_at_moment(const struct app *, int k);

/*
 * Replay the main run from event 0 to the current event (with its toggles),
 * calling fn for each event in order.  0, or -1 if memory ran out.
 */
int	 app_replay(const struct app *,
	     void (*fn)(void *, const struct sim_event *), void *);

/*
 * Caption line (demo files, theme warnings); NULL clears it.  The text is
 * composed by the caller with untrusted parts escaped by fmt_escape(); as
 * a last defence a copy is kept with anything still unprintable escaped
 * the same way (fmt_escape_composed()).
 */
void	 app_set_caption(struct app *, const char *);
/*
 * A short message in the header until app_flash_clear(); kept as
 * app_set_caption() keeps the caption.
 */
void	 app_flash(struct app *, const char *);
void	 app_flash_clear(struct app *);
/* Is a flash message showing? (The loop clears it after a moment.) */
int	 app_flash_shown(const struct app *);
/* A lesson's title, shown while it plays (escaped here); NULL clears. */
void	 app_set_lesson(struct app *, const char *);
/* Add a caption (as shown) to the history the H key lists. */
void	 app_log_caption(struct app *, const char *);
/*
 * Pictures for an export (a cast, an SVG, a storyboard slide) when on:
 * no key hints and no play state or pace, which mean nothing off the
 * terminal; the rest as on the screen.
 */
void	 app_set_export(struct app *, int on);
/* Glyph set for the pictures (default: render_ascii). */
void	 app_set_glyphs(struct app *, const struct render_glyphs *);
/*
 * Called between slices of a long move (G, 1-5, going back, the compare
 * run catching up), every few tens of milliseconds of engine work, with the
 * events the quiet engine has reached and the move's target (UINT64_MAX:
 * the end of the run; 0: not known yet, as when the compare run catches up
 * with the main run's clock).  A nonzero return cancels the move:
 * app_exec() then returns 0 with the runs where the move left them and a
 * flash saying so.
 */
void	 app_set_poll(struct app *,
	     int (*fn)(void *, uint64_t done, uint64_t total), void *);
/* In the poll hook: how far the move has got, 0..1000 (timeline.h). */
unsigned app_move_permille(const struct app *);
/*
 * Compare mode's difference (differ.h), measured once per compare: NULL
 * out of compare and beside a kernel trace.
 */
struct differ;
const struct differ *app_differ(const struct app *);
/* The long work under way when it is not a move ("the sweep"), or NULL. */
const char *app_move_what(const struct app *);
/*
 * The hook itself, for long work the application's user starts outside
 * the timeline (a caption's alternative run: figure.h, quiet.h).
 */
struct timeline_poll *app_poll(struct app *);
/* Called for every command app_exec() carries out, before it acts. */
void	 app_set_cmd_hook(struct app *,
	     void (*cb)(void *, const struct cmd *, uint64_t event_no), void *);

/*
 * Predict-then-reveal (predict.h): with it on, stepping and playing stop
 * before each question point and ask; CMD_ANSWER reveals (steps the
 * beat's events) and gives the verdict; moves elsewhere drop the question;
 * the summary shows at the end of the run and when it is turned off.
 */
struct predict_score;
const struct predict_score *app_predict_score(const struct app *);

/*
 * A click at column x, row y of the last picture app_draw() made: on a
 * column of the lanes (or the sparkline), the main run goes to the end of
 * that column's slice of simulated time; on a page of the file strips (the
 * cell's first page), to the event at which that page took the state it
 * shows (in compare mode, of the half clicked: the main run goes to that
 * event's time).  *c becomes the command that does it (CMD_GOTO), for the
 * caller to carry out through app_exec(), or CMD_NONE with a flash saying
 * why there is none (elsewhere, a page not requested yet, an overlay
 * open).  0, or -1 (memory, or a search the poll hook cancelled: then
 * CMD_NONE and a flash).
 */
int	 app_click(struct app *, unsigned x, unsigned y, struct cmd *c);

/*
 * The prompt line, opened by CMD_PROMPT (keys : and /): while it is open
 * (app_prompt_open()), every key goes to app_prompt_key(), which edits
 * the line (printable characters, Backspace, Ctrl-U; Esc closes it) and
 * on Enter turns it into a command in *c for the caller to carry out
 * through app_exec(): `:` an event, a time or a moment (cmd_parse_goto()),
 * `/` the next event whose narration holds the text (empty: the last text
 * again), found ahead of the current event within APP_SEARCH_MAX events.
 * *c is CMD_NONE while editing, or with a flash when there is nothing to
 * do.  0, or -1 as app_click().
 */
#define APP_SEARCH_MAX	10000000
int	 app_prompt_open(const struct app *);
int	 app_prompt_key(struct app *, int key, struct cmd *c);

/*
 * Draw the screen of cols x rows through ops: begin, the layout (one run or
 * the compare split), the help overlay, end.  Smaller than 80x24 draws only
 * a notice asking to enlarge the terminal.
 */
void	 app_draw(struct app *, const struct render_ops *, void *be,
	     unsigned cols, unsigned rows);

#endif /* RAVIZ_APP_H */
