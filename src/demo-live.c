/*
 * demo-live.c - interactive replay of a demo file (rules in demo-live.h).
 *
 * The replayer owns a cursor into the item list, the wall time at which
 * the next item becomes due, and two holds: `waitkey` (a `pause` item) and
 * `held` (the user took over).  The caption line shows the demo's caption
 * plus a short prompt, so a student always sees what the demo waits for.
 * Determinism of the engine is the application layer's: every move is an
 * app_exec() at an event number; wall time only decides *when* it happens.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "demo-live.h"
#include "demo-play.h"
#include "fmt.h"
#include "xalloc.h"

#define PACE_MIN	(-3)		/* 1/8 x */
#define PACE_MAX	3		/* 8 x */

struct demo_live {
	const struct demo	*d;
	struct app		*app;
	size_t			 next;		/* next item */
	uint64_t		 last_ns;	/* when the previous item ran */
	uint64_t		 due_ns;	/* if not 0: when the next is due */
	int			 waitkey;	/* at a pause item */
	int			 held;		/* the user took over */
	uint64_t		 held_event;	/* the demo's event then */
	int			 held_playing;
	uint64_t		 held_left;	/* delay left then */
	int			 pace;		/* 2^pace times as fast */
	char			 caption[1024];	/* escaped (fmt_escape) */
	int			 has_caption;
	int			 done;
};

/* The recorded delay of item i at the current pace. */
static uint64_t
scaled(const struct demo_live *l, size_t i)
{
	uint64_t	d = l->d->items[i].delay_ns;

	if (l->pace >= 0)
		return (d >> l->pace);
	/* A file may ask for centuries: saturate rather than wrap. */
	return (d > UINT64_MAX >> -l->pace ? UINT64_MAX : d << -l->pace);
}

/* When the next item is due. */
static uint64_t
due_at(const struct demo_live *l)
{
	uint64_t	d;

	if (l->due_ns != 0)
		return (l->due_ns);
	d = scaled(l, l->next);
	return (l->last_ns > UINT64_MAX - d ? UINT64_MAX : l->last_ns + d);
}

/* Show the caption with the prompt the state calls for. */
static void
show(struct demo_live *l)
{
	char		 buf[1200];
	const char	*prompt = NULL;

	if (l->done)
		prompt = NULL;
	else if (l->held)
		prompt = "[held: Enter]";
	else if (l->waitkey)
		prompt = "[Enter]";
	if (prompt == NULL && !l->has_caption) {
		app_set_caption(l->app, NULL);
		return;
	}
	demo_play_prompt(buf, sizeof buf, l->has_caption ? l->caption : NULL,
	    prompt);
	app_set_caption(l->app, buf);
}

/* A new replayer. */
struct demo_live *
demo_live_new(const struct demo *d, struct app *app, uint64_t now_ns)
{
	struct demo_live	*l;

	l = xcalloc(1, sizeof *l);
	l->d = d;
	l->app = app;
	l->last_ns = now_ns;
	l->done = d->nitems == 0;
	app_set_lesson(app, d->title);
	return (l);
}

/* Free it. */
void
demo_live_free(struct demo_live *l)
{
	free(l);
}

/* Still driving? */
int
demo_live_active(const struct demo_live *l)
{
	return (l != NULL && !l->done && !l->held);
}

/* Move the run to event `to` keeping its play state; -1 if out of memory. */
static int
move_to(struct demo_live *l, uint64_t to)
{
	struct cmd	go = { CMD_GOTO, 0 }, play = { CMD_PLAY, 0 };
	int		playing = app_state(l->app)->playing;

	go.arg = (int64_t)(to > INT64_MAX ? INT64_MAX : to);
	if (app_exec(l->app, &go) < 0)
		return (-1);
	if (playing && app_exec(l->app, &play) < 0)
		return (-1);
	return (0);
}

/* Hold: the user has the controls. */
static void
hold(struct demo_live *l, uint64_t now_ns)
{
	uint64_t	due;

	if (l->done || l->held)
		return;
	l->held = 1;
	l->held_event = app_event_no(l->app);
	l->held_playing = app_state(l->app)->playing;
	due = l->next < l->d->nitems ? due_at(l) : 0;
	l->held_left = due > now_ns ? due - now_ns : 0;
	show(l);
	app_flash(l->app, "demo held: Enter resumes it");
}

/* A key. */
int
demo_live_key(struct demo_live *l, int key, uint64_t now_ns)
{
	struct cmd	play = { CMD_PLAY, 0 }, stop = { CMD_PAUSE, 0 };
	char		msg[64];

	/*
	 * The lesson is over and the user explores: its last caption speaks
	 * of a moment no longer shown (T5 in fixed under two T1 halves), so
	 * it goes with the first key.
	 */
	if (l->done) {
		if (l->has_caption) {
			l->has_caption = 0;
			app_set_caption(l->app, NULL);
		}
		return (0);
	}
	switch (key) {
	case '\r':
	case '\n':
	case CMD_KEY_ENTER:
		if (l->held) {
			/* Back to where the demo was, as it was. */
			l->held = 0;
			if (move_to(l, l->held_event) != 0)
				return (1);
			if (app_state(l->app)->playing != l->held_playing &&
			    app_exec(l->app, l->held_playing ? &play :
			    &stop) < 0)
				return (1);
			l->due_ns = l->held_left > UINT64_MAX - now_ns ?
			    UINT64_MAX : now_ns + l->held_left;
			app_flash(l->app, "demo resumed");
		} else if (l->waitkey) {
			l->waitkey = 0;
			l->due_ns = now_ns;
		}
		show(l);
		return (1);
	case '\t':
		/* The next item now. */
		if (!l->held && !l->waitkey)
			l->due_ns = now_ns;
		return (1);
	case '[':
	case ']':
		if (key == ']' && l->pace < PACE_MAX)
			l->pace++;
		else if (key == '[' && l->pace > PACE_MIN)
			l->pace--;
		if (l->pace >= 0)
			snprintf(msg, sizeof msg, "demo pace x%d", 1 << l->pace);
		else
			snprintf(msg, sizeof msg, "demo pace x1/%d",
			    1 << -l->pace);
		app_flash(l->app, msg);
		return (1);
	default:
		/*
		 * An answer to the question the lesson stopped at is the
		 * lesson's own step: the reveal happens, nothing is held, and
		 * Enter goes on from there (holding made the first Enter go
		 * back to before the reveal).
		 */
		if (app_state(l->app)->asking && key >= 'a' && key <= 'd')
			return (0);
		hold(l, now_ns);
		return (0);
	}
}

/* Carry out the items that are due. */
int
demo_live_step(struct demo_live *l, uint64_t now_ns, uint64_t *wait_ns)
{
	const struct demo_item	*it;
	uint64_t		 due, cur;
	char			 buf[1100];
	int			 rc;

	*wait_ns = DEMO_LIVE_FOREVER;
	while (!l->done && !l->held && !l->waitkey) {
		if (l->next >= l->d->nitems) {
			l->done = 1;
			app_flash(l->app, "end of the demo: the controls "
			    "are yours");
			show(l);
			break;
		}
		it = &l->d->items[l->next];
		due = due_at(l);
		if (now_ns < due) {
			*wait_ns = due - now_ns;
			break;
		}
		cur = app_event_no(l->app);
		if (cur < it->event && !app_over(l->app)) {
			/* Playing: the ticks bring the run there. */
			if (app_state(l->app)->playing)
				break;
			if (move_to(l, it->event) != 0)
				return (-1);
		}
		rc = 0;
		switch (it->kind) {
		case DEMO_CMD:
			if (it->cmd.kind == CMD_QUIT) {
				l->done = 1;
				app_flash(l->app, "end of the demo: the "
				    "controls are yours");
				break;
			}
			app_flash_clear(l->app);
			rc = app_exec(l->app, &it->cmd);
			break;
		case DEMO_CAPTION:
			/* -2: the front end stopped it (quits, loop.c). */
			if ((rc = demo_play_caption(l->caption,
			    sizeof l->caption, l->d, it, app_sim(l->app),
			    app_poll(l->app))) == -2)
				rc = 0;
			l->has_caption = 1;
			app_log_caption(l->app, l->caption);
			break;
		case DEMO_MARKER:
			snprintf(buf, sizeof buf, "marker %s", it->text);
			app_flash(l->app, buf);
			break;
		case DEMO_PAUSE:
			l->waitkey = 1;
			break;
		}
		if (rc < 0)
			return (-1);
		l->next++;
		l->last_ns = now_ns;
		l->due_ns = 0;
		show(l);
	}
	return (0);
}

/* Pacing tick: like app_tick(), but never past the next item's event. */
int
demo_live_tick(struct demo_live *l)
{
	uint64_t	cur, to;

	if (!demo_live_active(l) || l->next >= l->d->nitems)
		return (app_tick(l->app));
	if (!app_state(l->app)->playing)
		return (0);
	cur = app_event_no(l->app);
	to = l->d->items[l->next].event;
	if (to <= cur)
		return (0);		/* wait here for the item */
	return (app_tick_upto(l->app, to));
}
