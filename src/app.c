/*
 * app.c - the application layer: play state and pacing, commands, modes
 * and compare mode, captions and flashes (the screen's layout is
 * app-draw.c's).
 *
 * The main run, and in compare mode the second run, are timelines
 * (timeline.c): an engine with its renderer, checkpoints and mode toggles,
 * which step forward and back, jump quietly over long stretches and follow
 * another run's clock.  This file decides where they go: a command or a
 * pacing tick moves the main run, then the compare run is brought to the
 * main run's simulated time (sync_other()).  A long move the front end
 * cancels through the poll hook leaves both where the move left them.
 * Predict-then-reveal's part of the commands is in app-predict.c.
 *
 * Nothing here reads a clock: the front end's timer calls app_tick().
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "app-int.h"
#include "fmt.h"
#include "mode.h"
#include "narrate.h"
#include "xalloc.h"

static int	 set_compare(struct app *, int);

/* The speed ladder, events per second. */
static const unsigned ladder[] = {
	1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000,
	50000, 100000
};
#define LADDER_N	(sizeof ladder / sizeof ladder[0])

/* The mode of the second run in compare mode (mode.h). */
static enum sim_mode
other_mode(enum sim_mode m)
{
	return ((enum sim_mode)mode_partner((enum view_mode)m));
}

/* Keep the compare run in step with the main run's clock. */
static int
sync_other(struct app *a)
{
	if (!a->st.compare)
		return (0);
	return (timeline_sync_time(&a->other, timeline_clock(&a->main)));
}

/* A new application, paused at event 0. */
struct app *
app_new(const struct sim_config *cfg)
{
	struct app	*a;

	if (sim_config_check(cfg) != NULL)
		return (NULL);
	if ((a = calloc(1, sizeof *a)) == NULL)
		return (NULL);
	a->cfg = *cfg;
	a->st.speed = APP_SPEED_DEFAULT;
	a->st.pace = CMD_PACE_EVENTS;
	a->st.rate = APP_RATE_DEFAULT;
	a->pace_ev = UINT64_MAX;
	a->g = &render_ascii;
	if (timeline_init(&a->main, cfg, APP_MIN_COLS, APP_MIN_ROWS,
	    &a->poll) != 0) {
		app_free(a);
		return (NULL);
	}
	return (a);
}

/*
 * Why the model cannot stand beside trace t (check: sim_config_check()'s
 * answer), in the trace's words, into why.
 */
static void
trace_misfit(char *why, size_t len, const struct trace *t, const char *check)
{
	char	sz[32];

	if (strncmp(check, "file-size:", 10) == 0)
		snprintf(why, len, "the trace's reads span %llu pages of the "
		    "device from sector %llu: the model beside it takes a file "
		    "of at most 4 PiB (2^40 pages); --import-dev picks another "
		    "device", (unsigned long long)t->cfg.file_pages,
		    (unsigned long long)t->base);
	else if (strncmp(check, "bs:", 3) == 0)
		snprintf(why, len, "the trace's read() size, %s, is more than "
		    "the model beside it takes (4 PiB)", fmt_bytes(sz,
		    sizeof sz, t->cfg.read_pages * 4096));
	else if (strncmp(check, "ra:", 3) == 0)
		snprintf(why, len, "the trace's readahead (read_ahead_kb), %s, "
		    "is more than the model beside it takes (256 MiB)",
		    fmt_bytes(sz, sizeof sz, t->cfg.ra_pages * 4096));
	else
		snprintf(why, len, "the model beside the trace cannot take it: "
		    "%s", check);
}

/*
 * A new application over a kernel trace, paused at its first event; its
 * model (the compare half) is today's kernel configured from the trace,
 * on the device as the trace measures it (trace-model.h).
 */
struct app *
app_new_trace(struct trace *t, const struct sim_config *base, char *why,
    size_t len)
{
	struct app		*a;
	struct sim_config	 model;
	struct trace_fit	 fit;
	const char		*check;

	trace_model_fit(t, &fit, base->cpu.syscall_ns);
	if (trace_model_config(t, &fit, base, SIM_MODE_MODERN, &model,
	    &check) != 0) {
		trace_misfit(why, len, t, check);
		trace_free(t);
		return (NULL);
	}
	if ((a = app_new(&model)) == NULL) {
		snprintf(why, len, "out of memory");
		trace_free(t);
		return (NULL);
	}
	a->fit = fit;
	timeline_done(&a->main);
	a->own = *t;
	memset(t, 0, sizeof *t);
	a->trace = &a->own;
	if (timeline_init_trace(&a->main, a->trace, APP_MIN_COLS,
	    APP_MIN_ROWS, &a->poll) != 0) {
		app_free(a);
		return (NULL);
	}
	return (a);
}

/* Is the main run over? */
int
app_over(const struct app *a)
{
	return (timeline_over(&a->main));
}

/* Free an application. */
void
app_free(struct app *a)
{
	if (a == NULL)
		return;
	timeline_done(&a->main);
	timeline_done(&a->other);
	trace_free(&a->own);
	while (a->ncaps > 0)
		free(a->caps_log[--a->ncaps]);
	free(a);
}

/* Tick length and events per tick for a speed: at most 25 ticks a second. */
void
app_pacing(unsigned speed, unsigned *interval_ms, unsigned *events)
{
	unsigned	k;

	if (speed == 0)
		speed = 1;
	if (speed <= 25) {
		k = 1;
	} else {
		/* About 40 ms per tick, rounded to whole events. */
		k = (unsigned)(((uint64_t)speed * 40 + 500) / 1000);
		if (k == 0)
			k = 1;
	}
	*events = k;
	*interval_ms = (unsigned)(((uint64_t)1000 * k + speed / 2) / speed);
	if (*interval_ms == 0)
		*interval_ms = 1;
}

/* The next notch of the ladder above or below speed. */
unsigned
app_speed_notch(unsigned speed, int dir)
{
	size_t	i;

	if (dir > 0) {
		for (i = 0; i < LADDER_N; i++)
			if (ladder[i] > speed)
				return (ladder[i]);
		return (ladder[LADDER_N - 1]);
	}
	for (i = LADDER_N; i > 0; i--)
		if (ladder[i - 1] < speed)
			return (ladder[i - 1]);
	return (ladder[0]);
}

/* Simulated time a tick stands for in time pace: us/s times ms is ns. */
uint64_t
app_time_slice_ns(unsigned rate_us, unsigned interval_ms)
{
	return ((uint64_t)rate_us * interval_ms);
}

/* "10 events/s" or "1 ms/s" ("10 ev/s" when brief). */
void
app_pace_text(char *buf, size_t len, int pace, unsigned speed,
    unsigned rate_us, int brief)
{
	if (pace != CMD_PACE_TIME)
		snprintf(buf, len, "%u %s", speed, brief ? "ev/s" :
		    "events/s");
	else if (rate_us % 1000 == 0)
		snprintf(buf, len, "%u ms/s", rate_us / 1000);
	else
		snprintf(buf, len, "%u us/s", rate_us);
}

/* Milliseconds between ticks. */
unsigned
app_tick_interval_ms(const struct app *a)
{
	unsigned	ms, k;

	if (a->st.pace == CMD_PACE_TIME)
		return (APP_TIME_TICK_MS);
	app_pacing(a->st.speed, &ms, &k);
	return (ms);
}

/* Events per tick. */
unsigned
app_tick_events(const struct app *a)
{
	unsigned	ms, k;

	app_pacing(a->st.speed, &ms, &k);
	return (k);
}

/* a's pace as the header shows it (app_pace_text()). */
static void
pace_text(const struct app *a, char *buf, size_t len, int brief)
{
	app_pace_text(buf, len, a->st.pace, a->st.speed, a->st.rate, brief);
}

/* What the commands have set. */
const struct app_state *
app_state(const struct app *a)
{
	return (&a->st);
}

/* Events of the main run. */
uint64_t
app_event_no(const struct app *a)
{
	return (timeline_events(&a->main));
}

/* The main run's engine. */
const struct sim *
app_sim(const struct app *a)
{
	return (a->main.sim);
}

/* The compare run's engine, or NULL. */
const struct sim *
app_other(const struct app *a)
{
	return (a->st.compare ? a->other.sim : NULL);
}

/* Set the flash message. */
void
app_flash(struct app *a, const char *msg)
{
	fmt_escape_composed(a->flash, sizeof a->flash, msg);
}

/* Clear the flash message. */
void
app_flash_clear(struct app *a)
{
	a->flash[0] = '\0';
}

/* Is a flash message set? */
int
app_flash_shown(const struct app *a)
{
	return (a->flash[0] != '\0');
}

/* Set or clear the caption. */
void
app_set_caption(struct app *a, const char *s)
{
	a->has_caption = (s != NULL);
	if (s != NULL)
		fmt_escape_composed(a->caption, sizeof a->caption, s);
}

/* The lesson's title on the screen (NULL: none). */
void
app_set_lesson(struct app *a, const char *title)
{
	a->lesson[0] = '\0';
	if (title != NULL)
		fmt_escape_composed(a->lesson, sizeof a->lesson, title);
}

/* Add a caption to the history (the same as the last one is not kept). */
void
app_log_caption(struct app *a, const char *s)
{
	char	buf[CAPTION_LEN];

	fmt_escape_composed(buf, sizeof buf, s);
	if (a->ncaps > 0 && strcmp(a->caps_log[a->ncaps - 1], buf) == 0)
		return;
	if (a->ncaps == CAPLOG_MAX) {
		free(a->caps_log[0]);
		memmove(a->caps_log, a->caps_log + 1,
		    (CAPLOG_MAX - 1) * sizeof a->caps_log[0]);
		a->ncaps--;
	}
	a->caps_log[a->ncaps++] = xstrdup(buf);
}

/* Draw for an export (no key hints, no play state), or for the screen. */
void
app_set_export(struct app *a, int on)
{
	a->clean = on;
}

/* Choose glyphs. */
void
app_set_glyphs(struct app *a, const struct render_glyphs *g)
{
	a->g = g;
}

/* Install the command hook. */
void
app_set_cmd_hook(struct app *a,
    void (*cb)(void *, const struct cmd *, uint64_t), void *arg)
{
	a->hook = cb;
	a->hook_arg = arg;
}

/* Flash with printf formatting. */
void
app_flashf(struct app *a, const char *fmt, ...)
{
	va_list	ap;
	char	buf[FLASH_LEN];

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	app_flash(a, buf);
}

/* Upper-case mode name for messages. */
static const char *
mode_word(enum sim_mode m)
{
	return (mode_info((enum view_mode)m)->word);
}

/* Ask for mode m at the next read(): record, apply, tell the user. */
static int
set_mode(struct app *a, enum sim_mode m)
{
	if (timeline_over(&a->main)) {
		app_flash(a, "the run is over: no read() left to patch");
		return (0);
	}
	if (timeline_toggle(&a->main, m) != 0)
		return (-1);
	if (sim_pending_mode(a->main.sim) == sim_mode(a->main.sim))
		app_flashf(a, "staying %s", mode_word(m));
	else
		app_flashf(a, "%s from the reader's next read()", mode_word(m));
	return (0);
}

/*
 * Has the main run been live-patched: a toggle to a mode other than the
 * configured one (it may since have been toggled back)?
 */
static int
patched(const struct app *a)
{
	return (timeline_patched(&a->main, a->cfg.mode));
}

/*
 * A mode command.  Compare mode shows the two modes side by side; patching
 * one of its runs would leave two halves in the same mode, so it is refused
 * with a word on how to go on.
 */
static int
mode_cmd(struct app *a, enum sim_mode m)
{
	if (a->st.compare) {
		app_flash(a, "compare shows both modes: leave it (c) to patch a "
		    "run");
		return (0);
	}
	return (set_mode(a, m));
}

/* Events up to the first labelled T<k> in the main run (timeline.h). */
static int64_t
find_label(struct app *a, int k)
{
	return (timeline_find_label(&a->main, k));
}

/* Replay the main run's events up to now. */
int
app_replay(const struct app *a, void (*fn)(void *, const struct sim_event *),
    void *arg)
{
	return (timeline_replay(&a->main, app_event_no(a), fn, arg));
}

/*
 * Run the scenario again in the main run's pending mode, unpatched, up to
 * the simulated time the main run had reached; say so.
 */
static int
unpatch(struct app *a)
{
	uint64_t	t = timeline_clock(&a->main);

	a->cfg.mode = sim_pending_mode(a->main.sim);
	timeline_done(&a->main);
	if (timeline_init(&a->main, &a->cfg, APP_MIN_COLS, APP_MIN_ROWS,
	    &a->poll) != 0 || timeline_sync_time(&a->main, t) != 0)
		return (-1);
	app_flashf(a, "compare: the live patch is dropped - %s and %s, "
	    "each unpatched from the start", mode_word(a->cfg.mode),
	    mode_word(other_mode(a->cfg.mode)));
	return (0);
}

/* What the model beside a trace is, as a flash. */
static void
model_flash(struct app *a)
{
	char	w[FLASH_LEN];

	trace_model_words(w, sizeof w, &a->cfg, &a->fit);
	app_flashf(a, "%s model: %s", mode_word(a->cfg.mode), w);
}

/*
 * The mode after m of the model beside a trace (m): today's kernel, the
 * 2012 patch, the 2012 bug, and round; a mode outside them goes to today's.
 */
static enum sim_mode
model_cycle(enum sim_mode m)
{
	return (m == SIM_MODE_MODERN ? SIM_MODE_FIXED : m == SIM_MODE_FIXED ?
	    SIM_MODE_BUGGY : SIM_MODE_MODERN);
}

/*
 * The model beside a trace in mode m: in compare mode its half starts
 * again in that mode and comes to the trace's clock; without it, the
 * trace has no mode of its own, which the user is told.
 */
static int
model_mode(struct app *a, enum sim_mode m)
{
	if (!a->st.compare) {
		app_flash(a, "kernel trace: c, then m or p switches its model");
		return (0);
	}
	/* The half in the old mode is not kept: it starts again in m. */
	a->cfg.mode = m;
	a->st.compare = 0;
	a->other_kept = 0;
	return (set_compare(a, 1));
}

/* Turn compare mode on or off. */
static int
set_compare(struct app *a, int on)
{
	struct sim_config	c = a->cfg;

	if (!on) {
		/* Kept for the next time (app-int.h). */
		a->other_kept = a->st.compare || a->other_kept;
		a->st.compare = 0;
		return (0);
	}
	/*
	 * The halves are the scenario in two modes, unpatched both.  A
	 * live-patched run has no unpatched twin: it is run again unpatched
	 * in the mode last asked for, to the same simulated time, and
	 * compared from there - c never leaves the user where they were.
	 */
	if (patched(a) && unpatch(a) != 0)
		return (-1);
	/* A kernel trace is compared with the model as configured. */
	if (a->trace == NULL)
		c.mode = other_mode(a->cfg.mode);
	/* The difference line's figures, once per compare. */
	a->has_diff = 0;
	if (a->trace == NULL) {
		if (differ_measure(&a->diff, &a->cfg, &a->poll) != 0)
			return (-1);
		a->has_diff = 1;
	}
	if (a->other_kept && a->other_mode == c.mode) {
		if (timeline_rewind(&a->other) != 0)
			return (-1);
	} else {
		timeline_done(&a->other);
		if (timeline_init(&a->other, &c, APP_MIN_COLS, APP_MIN_ROWS,
		    &a->poll) != 0)
			return (-1);
		a->other_mode = c.mode;
	}
	a->other_kept = 0;
	a->st.compare = 1;
	if (a->trace != NULL)
		model_flash(a);
	return (sync_other(a));
}

/*
 * Back to event 0 of the scenario as configured, toggles forgotten; with
 * a mode (arg 1 + enum sim_mode), the scenario is configured in that mode
 * from now on, so the run is in it from its first event and the header,
 * compare mode and later restarts all agree.
 */
static int
restart(struct app *a, int64_t arg)
{
	enum sim_mode	was = a->cfg.mode;

	if (arg > 0 && arg <= SIM_MODE_COUNT)
		a->cfg.mode = (enum sim_mode)(arg - 1);
	/* The same scenario: its timeline rewound, checkpoints kept. */
	if (a->cfg.mode == was) {
		if (timeline_rewind(&a->main) != 0)
			return (-1);
	} else {
		timeline_done(&a->main);
		if (a->trace != NULL ? timeline_init_trace(&a->main, a->trace,
		    APP_MIN_COLS, APP_MIN_ROWS, &a->poll) != 0 :
		    timeline_init(&a->main, &a->cfg, APP_MIN_COLS,
		    APP_MIN_ROWS, &a->poll) != 0)
			return (-1);
	}
	if (a->st.compare) {
		set_compare(a, 0);
		if (set_compare(a, 1) != 0)
			return (-1);
	}
	if (arg > 0 && arg <= SIM_MODE_COUNT)
		app_flashf(a, "restarted %s", mode_word(a->cfg.mode));
	else
		app_flash(a, "restarted");
	return (0);
}

/*
 * Was the failure that just happened a move the front end cancelled?  Then
 * the runs are where the move left them (each at an event it had reached),
 * and the user is told.
 */
static int
move_cancelled(struct app *a)
{
	if (!a->poll.cancelled)
		return (0);
	a->poll.cancelled = 0;
	a->st.playing = 0;
	app_flash(a, "move cancelled");
	return (1);
}

/* Set the function a long move calls between slices (see app.h). */
void
app_set_poll(struct app *a, int (*fn)(void *, uint64_t, uint64_t),
    void *arg)
{
	a->poll.fn = fn;
	a->poll.arg = arg;
}

/* The poll hook, for long work outside the timeline. */
struct timeline_poll *
app_poll(struct app *a)
{
	return (&a->poll);
}

/* The long work under way if not a move ("the sweep"), or NULL. */
const char *
app_move_what(const struct app *a)
{
	return (a->poll.what);
}

/* How far the move under way has got, in thousandths. */
unsigned
app_move_permille(const struct app *a)
{
	return (a->poll.permille);
}

/* Go to event n of the main run, keeping the compare run in step. */
int
app_go(struct app *a, uint64_t n)
{
	if (timeline_goto(&a->main, n) < 0)
		return (-1);
	return (sync_other(a));
}

/*
 * In compare mode, put the second run at its own event `at` (its moment,
 * or its end) rather than at the main run's clock: which run is the main
 * one depends on how compare was entered, and the keys must not.
 */
static int
other_to(struct app *a, uint64_t at)
{
	if (timeline_goto(&a->other, at) < 0)
		return (-1);
	a->other.sync_t = timeline_clock(&a->other);
	return (0);
}

/*
 * Go to moment T<k>, event n of the main run.  In compare mode each half
 * shows its own T<k>, whichever run is the main one: a moment falls where
 * what it says is true, and in fixed mode T3 and T4 come when read_pages()
 * sends the window, 64 us after buggy mode has put it in the plug (and
 * fixed T4 falls at buggy T5's time), so the halves' clocks differ by
 * that much.
 */
static int
go_moment(struct app *a, uint64_t n, int k)
{
	int64_t	at;

	if (app_go(a, n) != 0)
		return (-1);
	if (!a->st.compare)
		return (0);
	if ((at = timeline_find_label(&a->other, k)) == -2)
		return (-1);
	if (at < 0)
		return (0);
	return (other_to(a, (uint64_t)at));
}

/*
 * The commands a kernel trace has no use for (a mode to switch, a moment
 * T1..T5, a question): refused with a word on what it can do.  1 if c
 * was refused.
 */
static int
trace_refuses(struct app *a, const struct cmd *c)
{
	switch (c->kind) {
	case CMD_JUMP:
		app_flash(a, "a kernel trace has no moments T1-T5: g and G "
		    "go to its ends");
		return (1);
	case CMD_PREDICT:
	case CMD_ANSWER:
		app_flash(a, "predict asks about the model: not for a kernel "
		    "trace");
		return (1);
	default:
		return (0);
	}
}

/* Carry out one command. */
int
app_exec(struct app *a, const struct cmd *c)
{
	uint64_t	 n = app_event_no(a), z;
	struct cmd	 pc;
	char		 pt[32];
	int64_t		 at;
	enum sim_mode	 m;
	int		 rc = 0;

	if (a->oom)
		return (-1);
	/* The prompt line: what it leads to is the command (not recorded). */
	if (c->kind == CMD_PROMPT) {
		app_prompt_begin(a, (int)c->arg);
		return (0);
	}
	/* A pace toggle is recorded as the pace it sets. */
	if (c->kind == CMD_PACE && c->arg == CMD_PACE_TOGGLE) {
		pc.kind = CMD_PACE;
		pc.arg = a->st.pace == CMD_PACE_TIME ? CMD_PACE_EVENTS :
		    CMD_PACE_TIME;
		c = &pc;
	}
	if (a->hook != NULL)
		a->hook(a->hook_arg, c, n);
	if (a->trace != NULL && trace_refuses(a, c))
		return (0);
	/* Anything but a change of pace or speed: the target time restarts. */
	if (c->kind != CMD_PLAY && c->kind != CMD_PAUSE &&
	    c->kind != CMD_PLAYPAUSE && c->kind != CMD_FASTER &&
	    c->kind != CMD_SLOWER && c->kind != CMD_SPEED &&
	    c->kind != CMD_HELP && c->kind != CMD_REDRAW &&
	    c->kind != CMD_NONE)
		a->pace_ev = UINT64_MAX;
	/* A move or a change of the run shows the run again. */
	if (a->st.sweep && !app_sweep_keeps(c->kind))
		a->st.sweep = 0;
	if (a->st.predict || c->kind == CMD_PREDICT || c->kind == CMD_ANSWER) {
		/* 1: carried out (or refused) by predict-then-reveal. */
		if ((rc = app_predict_exec(a, c)) != 0) {
			if (rc < 0)
				a->oom = 1;
			return (rc < 0 ? -1 : 0);
		}
	}
	switch (c->kind) {
	case CMD_NONE:
	case CMD_REDRAW:
		break;
	case CMD_PLAY:
		a->st.playing = !timeline_over(&a->main);
		break;
	case CMD_PAUSE:
		a->st.playing = 0;
		break;
	case CMD_PLAYPAUSE:
		a->st.playing = !a->st.playing && !timeline_over(&a->main);
		if (timeline_over(&a->main))
			app_flash(a, "end of the run: g or r starts again");
		break;
	case CMD_STEP:
		a->st.playing = 0;
		if (a->st.predict)
			rc = app_predict_forward(a, (uint64_t)(c->arg > 0 ?
			    c->arg : 1));
		else
			rc = app_go(a, n + (uint64_t)(c->arg > 0 ? c->arg : 1));
		if (rc == 0 && timeline_over(&a->main))
			app_flash(a, "end of the run");
		break;
	case CMD_BACK:
		a->st.playing = 0;
		z = (uint64_t)(c->arg > 0 ? c->arg : 1);
		if (n == 0)
			app_flash(a, "already at the start");
		rc = app_go(a, n > z ? n - z : 0);
		break;
	case CMD_FASTER:
	case CMD_SLOWER:
		if (a->st.pace == CMD_PACE_TIME) {
			a->st.rate = app_speed_notch(a->st.rate,
			    c->kind == CMD_FASTER ? 1 : -1);
			pace_text(a, pt, sizeof pt, 0);
			app_flashf(a, "pace %s of simulated time", pt);
			break;
		}
		a->st.speed = app_speed_notch(a->st.speed,
		    c->kind == CMD_FASTER ? 1 : -1);
		app_flashf(a, "speed %u events/s", a->st.speed);
		break;
	case CMD_PACE:
		if (c->arg == CMD_PACE_EVENTS || c->arg == CMD_PACE_TIME)
			a->st.pace = (int)c->arg;
		pace_text(a, pt, sizeof pt, 0);
		app_flashf(a, "pace %s%s", pt, a->st.pace == CMD_PACE_TIME ?
		    " of simulated time" : "");
		break;
	case CMD_SPEED:
		if (c->arg >= 1 && c->arg <= 1000000)
			a->st.speed = (unsigned)c->arg;
		app_flashf(a, "speed %u events/s", a->st.speed);
		break;
	case CMD_JUMP:
		a->st.playing = 0;
		if ((at = find_label(a, (int)c->arg)) == -2)
			rc = -1;
		else if (at < 0)
			app_flashf(a, "T%d does not happen in this scenario",
			    (int)c->arg);
		else if (a->st.predict)
			rc = app_predict_jump(a, (uint64_t)at);
		else
			rc = go_moment(a, (uint64_t)at, (int)c->arg);
		break;
	case CMD_START:
		a->st.playing = 0;
		rc = app_go(a, 0);
		if (rc == 0 && a->st.compare && a->trace == NULL)
			rc = other_to(a, 0);
		break;
	case CMD_END:
		a->st.playing = 0;
		rc = app_go(a, UINT64_MAX);
		/* Each half at its own end, whichever is the main run. */
		if (rc == 0 && a->st.compare && a->trace == NULL)
			rc = other_to(a, UINT64_MAX);
		if (a->st.predict)
			app_predict_summarize(a);
		break;
	case CMD_GOTO:
		a->st.playing = 0;
		rc = app_go(a, c->arg > 0 ? (uint64_t)c->arg : 0);
		break;
	case CMD_GOTO_TIME:
		a->st.playing = 0;
		rc = app_goto_time(a, c->arg > 0 ? (uint64_t)c->arg : 0);
		break;
	case CMD_PLUG:
		m = a->trace != NULL ? a->cfg.mode :
		    sim_pending_mode(a->main.sim);
		m = (enum sim_mode)mode_plug((enum view_mode)m);
		rc = a->trace != NULL ? model_mode(a, m) : mode_cmd(a, m);
		break;
	case CMD_MODE:
		if (c->arg < 0 || c->arg >= SIM_MODE_COUNT)
			break;
		m = (enum sim_mode)c->arg;
		rc = a->trace != NULL ? model_mode(a, m) : mode_cmd(a, m);
		break;
	case CMD_CYCLE:
		if (a->trace != NULL) {
			rc = model_mode(a, model_cycle(a->cfg.mode));
			break;
		}
		m = sim_pending_mode(a->main.sim);
		rc = mode_cmd(a, (enum sim_mode)mode_cycle((enum view_mode)m));
		break;
	case CMD_COMPARE:
		rc = set_compare(a, !a->st.compare);
		break;
	case CMD_RESTART:
		a->st.playing = 0;
		rc = restart(a, c->arg);
		break;
	case CMD_ZOOM_IN:
		z = render_zoom(a->main.r);
		a->zoom = z > 1 ? z / 2 : 1;
		app_flashf(a, "zoom: %llu page%s per cell",
		    (unsigned long long)a->zoom, a->zoom == 1 ? "" : "s");
		break;
	case CMD_ZOOM_OUT:
		z = render_zoom(a->main.r);
		a->zoom = z < ZOOM_MAX ? z * 2 : z;
		app_flashf(a, "zoom: %llu pages per cell",
		    (unsigned long long)a->zoom);
		break;
	case CMD_HELP:
		/* Esc closes the help, else the captions and the sweep. */
		if (c->arg < 0 && !a->st.help)
			a->st.sweep = 0;
		a->st.help = c->arg < 0 ? 0 : !a->st.help;
		if (c->arg < 0 || a->st.help)
			a->history = 0;
		break;
	case CMD_FOCUS:
		a->focus = !a->focus;
		app_flashf(a, "%s", a->focus ? "focus: strips and the moment "
		    "(f: all)" : "focus off: lanes and log back");
		break;
	case CMD_SWEEP:
		rc = app_sweep_exec(a, c->arg);
		break;
	case CMD_CAPTIONS:
		a->history = !a->history;
		if (a->history)
			a->st.help = 0;
		break;
	case CMD_QUIT:
		return (1);
	default:
		break;
	}
	if (rc < 0 && move_cancelled(a))
		rc = 0;
	if (rc < 0) {
		a->oom = 1;
		return (-1);
	}
	return (0);
}

/*
 * Time pace: move the target time on by one tick's slice and step the
 * events due by then, never past event limit; returns as timeline_step().
 */
static int
tick_time(struct app *a, uint64_t limit)
{
	const uint64_t	 slice = app_time_slice_ns(a->st.rate,
			    APP_TIME_TICK_MS);
	uint64_t	 now = timeline_now(&a->main), t;
	unsigned	 i;
	int		 rc = 1;

	if (a->pace_ev != timeline_events(&a->main) || a->pace_t < now)
		a->pace_t = now;
	a->pace_t = a->pace_t > UINT64_MAX - slice ? UINT64_MAX :
	    a->pace_t + slice;
	for (i = 0; i < APP_TIME_TICK_MAX && rc == 1 &&
	    timeline_events(&a->main) < limit; i++) {
		t = timeline_next_time(&a->main);
		if (t != VIEW_NONE && t > a->pace_t)
			break;
		/* At the end (VIEW_NONE) this step finds it over. */
		rc = timeline_step(&a->main, NULL);
	}
	if (i == APP_TIME_TICK_MAX)
		a->pace_t = timeline_now(&a->main);
	else if (rc == 1 && timeline_events(&a->main) < limit)
		/* A stall is seen as time passing: the clock reads pace_t. */
		timeline_advance(&a->main, a->pace_t);
	a->pace_ev = timeline_events(&a->main);
	return (rc);
}

/* One pacing tick. */
int
app_tick(struct app *a)
{
	return (app_tick_upto(a, UINT64_MAX));
}

/* One pacing tick, never past event limit. */
int
app_tick_upto(struct app *a, uint64_t limit)
{
	unsigned	k = app_tick_events(a), i;
	int		rc = 1;

	if (!a->st.playing || a->oom)
		return (a->oom ? -1 : 0);
	if (a->st.predict)
		rc = app_predict_forward(a, k) < 0 ? -1 : 1;
	else if (a->st.pace == CMD_PACE_TIME)
		rc = tick_time(a, limit);
	else
		for (i = 0; i < k && rc == 1 &&
		    timeline_events(&a->main) < limit; i++)
			rc = timeline_step(&a->main, NULL);
	if (rc >= 0 && sync_other(a) < 0 && !move_cancelled(a))
		rc = -1;
	if (rc < 0) {
		a->oom = 1;
		return (-1);
	}
	if (timeline_over(&a->main)) {
		a->st.playing = 0;
		app_flash(a, "end of the run: g or r starts again");
	}
	return (0);
}

/* Has the main run just handed out the event of moment T<k>? */
int
app_at_moment(const struct app *a, int k)
{
	int64_t	at = timeline_find_label(&a->main, k);

	return (at > 0 && (uint64_t)at == timeline_events(&a->main));
}
