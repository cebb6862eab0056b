/*
 * app-find.c - the ways of naming a place in the run rather than stepping
 * to it: a time (`:3.5ms`, a click on a lane column), an event (`:1200`),
 * a page's last change (a click on a page), a text of the narration
 * (`/`).  Each is turned into an event number by the timeline
 * (timeline-find.c) without moving, and then into a command - CMD_GOTO,
 * or CMD_JUMP for `:T3` - that the front end carries out through
 * app_exec() like a key's: so it is recorded in a demo file and replayed
 * as any other (a click or a search is written as the `goto` it led to).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "app.h"
#include "app-int.h"
#include "engine/sim.h"

/* A command of kind k with argument n. */
static void
set_cmd(struct cmd *c, enum cmd_kind k, uint64_t n)
{
	c->kind = k;
	c->arg = n > INT64_MAX ? INT64_MAX : (int64_t)n;
}

/*
 * A search or count failed: a cancelled one leaves everything as it was,
 * with a flash (0); otherwise memory ran out (-1).
 */
static int
find_failed(struct app *a)
{
	if (!a->poll.cancelled) {
		a->oom = 1;
		return (-1);
	}
	a->poll.cancelled = 0;
	app_flash(a, "search cancelled");
	return (0);
}

/* Go to the last event at or before time t of the main run. */
int
app_goto_time(struct app *a, uint64_t t)
{
	uint64_t	n;

	if (timeline_count_at(&a->main, t, &n) != 0)
		return (-1);
	return (app_go(a, n));
}

/* A click on the last picture. */
int
app_click(struct app *a, unsigned x, unsigned y, struct cmd *c)
{
	struct render_hit	 h;
	struct timeline		*u = NULL;
	uint64_t		 n, t;
	int			 rc;

	set_cmd(c, CMD_NONE, 0);
	if (a->oom)
		return (-1);
	if (a->st.help || a->history || a->st.asking)
		return (0);	/* an overlay or a question covers the run */
	if (render_hit(a->main.r, x, y, &h))
		u = &a->main;
	else if (a->st.compare && render_hit(a->other.r, x, y, &h))
		u = &a->other;
	if (u == NULL)
		return (0);
	if (h.kind == RENDER_HIT_TIME) {
		/* The slice of now shows the state now: stay. */
		if (h.now)
			n = app_event_no(a);
		else if (timeline_count_at(&a->main, h.t_ns, &n) != 0)
			return (find_failed(a));
		set_cmd(c, CMD_GOTO, n);
		return (0);
	}
	if ((rc = timeline_page_since(u, h.page, &n)) < 0)
		return (find_failed(a));
	if (rc == 0) {
		app_flashf(a, "page %llu has not been requested yet",
		    (unsigned long long)h.page);
		return (0);
	}
	if (u == &a->main) {
		set_cmd(c, CMD_GOTO, n);
		return (0);
	}
	/* The other half: its event's time, on the main run's clock. */
	if (timeline_time_at(u, n, &t) != 0 ||
	    timeline_count_at(&a->main, t, &n) != 0)
		return (find_failed(a));
	set_cmd(c, CMD_GOTO, n);
	return (0);
}

/* Open the prompt line. */
void
app_prompt_begin(struct app *a, int kind)
{
	a->prompt = kind == '/' ? '/' : ':';
	a->ptext[0] = '\0';
}

/* Is the prompt line open? */
int
app_prompt_open(const struct app *a)
{
	return (a->prompt != 0);
}

/* The `/` prompt's text: the next event that says it. */
static int
search(struct app *a, struct cmd *c)
{
	uint64_t	n;
	int		rc;

	if (a->ptext[0] != '\0')
		memcpy(a->last_search, a->ptext, sizeof a->last_search);
	if (a->last_search[0] == '\0') {
		app_flash(a, "nothing to search for yet: type a text after /");
		return (0);
	}
	if ((rc = timeline_search(&a->main, a->last_search, APP_SEARCH_MAX,
	    &n)) < 0)
		return (find_failed(a));
	if (rc == 0) {
		app_flashf(a, "not found ahead: %.40s", a->last_search);
		return (0);
	}
	set_cmd(c, CMD_GOTO, n);
	return (0);
}

/* A key while the prompt line is open. */
int
app_prompt_key(struct app *a, int key, struct cmd *c)
{
	const char	*why;
	size_t		 len = strlen(a->ptext);
	int		 kind = a->prompt;

	set_cmd(c, CMD_NONE, 0);
	if (key == 27) {
		a->prompt = 0;
		return (0);
	}
	if (key == 127 || key == 8) {
		if (len == 0)
			a->prompt = 0;	/* as a shell's line editor: gone */
		else
			a->ptext[len - 1] = '\0';
		return (0);
	}
	if (key == 21) {		/* Ctrl-U */
		a->ptext[0] = '\0';
		return (0);
	}
	if (key >= 0x20 && key < 0x7f) {
		if (len + 1 < sizeof a->ptext) {
			a->ptext[len] = (char)key;
			a->ptext[len + 1] = '\0';
		}
		return (0);
	}
	if (key != '\r' && key != '\n' && key != CMD_KEY_ENTER)
		return (0);		/* no other key edits a line */
	a->prompt = 0;
	if (kind == '/')
		return (search(a, c));
	if (cmd_parse_goto(a->ptext, c, &why) != 0) {
		app_flashf(a, ":%.30s: %s", a->ptext, why);
		set_cmd(c, CMD_NONE, 0);
	}
	return (0);
}

/* The hint row while the prompt line is open. */
void
app_prompt_line(const struct app *a, char *buf, size_t len)
{
	snprintf(buf, len, "%c%s_   %s", a->prompt, a->ptext, a->prompt == '/' ?
	    "search the narration ahead: Enter finds, Esc cancels" :
	    "event, time (3.5ms) or T1-T5: Enter goes, Esc cancels");
}
