/*
 * app-draw.c - the application's screen: one run, or the compare halves
 * with the footer's legend, difference rows, caption and play state; the
 * help and caption overlays.  Reads the application's state (app-int.h),
 * changes nothing but the renderers' settings.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "app.h"
#include "app-int.h"
#include "differ.h"
#include "mode.h"

/*
 * The halves of compare mode: the run with the plug across read() above
 * (buggy, modern-buggy; legacy above fixed), the run without below; a
 * kernel trace above the model.
 */
static void
halves(struct app *a, struct timeline **top, struct timeline **bot)
{
	*top = &a->main;
	*bot = &a->other;
	if (a->trace == NULL && mode_info((enum view_mode)
	    sim_config(a->other.sim)->mode)->outer_plug) {
		*top = &a->other;
		*bot = &a->main;
	}
}

/* Compare mode's measured difference, or NULL. */
const struct differ *
app_differ(const struct app *a)
{
	return (a->st.compare && a->has_diff ? &a->diff : NULL);
}

/* What differs now between the halves (differ_now()), "" out of compare. */
char *
app_diff_now(struct app *a, char *buf, size_t len, int brief)
{
	struct timeline	*top, *bot;

	buf[0] = '\0';
	if (!a->st.compare)
		return (buf);
	halves(a, &top, &bot);
	return (differ_now(top->view, bot->view, buf, len, brief));
}

/* Draw the screen. */
void
app_draw(struct app *a, const struct render_ops *ops, void *be,
    unsigned cols, unsigned rows)
{
	struct render_status	 st, st2;
	struct timeline		*top, *bot;
	const char		*pairs[2 * CMD_HELP_MAX + 2];
	char			 msg[128], hint[160], pace[32], pace_b[32];
	char			 pline[PROMPT_LEN + 80];
	char			 dline[256], dnow[256];
	char			 qline[PREDICT_CHOICES * (PREDICT_TEXT + 8)];
	unsigned		 h;
	size_t			 k;

	ops->begin(be, cols, rows);
	if (cols < APP_MIN_COLS || rows < APP_MIN_ROWS) {
		/* A glyph set with non-ASCII glyphs means a UTF-8 screen. */
		const char *x = "x";
		unsigned i;

		for (i = 0; i < RENDER_ST_COUNT; i++)
			if ((unsigned char)a->g->state[i][0] >= 0x80)
				x = "\xc3\x97";
		snprintf(msg, sizeof msg, "enlarge the terminal to at least "
		    "%u%s%u (now %u%s%u)", APP_MIN_COLS, x, APP_MIN_ROWS,
		    cols, x, rows);
		render_notice(ops, be, cols, rows, msg);
		ops->end(be);
		return;
	}
	memset(&st, 0, sizeof st);
	st.play = a->st.playing ? "PLAYING" : timeline_over(&a->main) ? "END" :
	    "PAUSED";
	st.speed = a->st.speed;
	app_pace_text(pace, sizeof pace, a->st.pace, a->st.speed, a->st.rate,
	    0);
	app_pace_text(pace_b, sizeof pace_b, a->st.pace, a->st.speed,
	    a->st.rate, 1);
	st.pace = pace;
	st.pace_brief = pace_b;
	st.flash = a->flash[0] != '\0' ? a->flash : NULL;
	st.caption = a->has_caption ? a->caption : NULL;
	st.lesson = a->lesson[0] != '\0' ? a->lesson : NULL;
	st.focus = a->focus;
	cmd_hint(hint, sizeof hint, a->trace != NULL ? CMD_HINT_TRACE : 0);
	st.hint = hint;
	if (a->prompt != 0) {
		/* The prompt line takes the hint row, a lesson's title too. */
		app_prompt_line(a, pline, sizeof pline);
		st.hint = pline;
		st.lesson = NULL;
	}
	if (a->st.asking) {
		st.ask = a->q.question;
		for (h = 0; h < a->q.nchoices; h++)
			st.choice[h] = a->q.text[h];
		st.prompt = "answer a-d  (P: predict off)";
		if (a->q.nchoices < 4)
			st.prompt = a->q.nchoices == 2 ?
			    "answer a or b  (P: predict off)" :
			    "answer a, b or c  (P: predict off)";
	}
	st.verdict = a->verdict[0] != '\0' ? a->verdict : NULL;
	st.summary = a->summary[0] != '\0' ? a->summary : NULL;
	if (a->clean) {
		st.play = st.pace = st.pace_brief = st.hint = st.prompt = NULL;
		st.clean = 1;
	}
	render_set_glyphs(a->main.r, a->g);
	render_set_zoom(a->main.r, a->zoom);
	render_resize(a->main.r, cols, rows);
	if (a->st.sweep) {
		/* The sweep in place of the picture; a flash on its hint row. */
		snprintf(hint, sizeof hint, "%s", a->flash[0] != '\0' ?
		    a->flash : "");
		if (hint[0] == '\0')
			snprintf(hint, sizeof hint, "w %s%s%s  Esc back to the "
			    "run  ? help  q quit", a->st.sweep ==
			    SWEEP_KIND_COUNT - 1 ? "closes" : "next (",
			    a->st.sweep == SWEEP_KIND_COUNT - 1 ? "" :
			    sweep_word(sweep_next((enum sweep_kind)a->st.sweep)),
			    a->st.sweep == SWEEP_KIND_COUNT - 1 ? "" : ")");
		render_sweep(a->main.r, ops, be, cols, rows, &a->sweep,
		    st.caption, a->clean ? NULL : hint);
	} else if (!a->st.compare)
		render_draw_at(a->main.r, a->main.view, ops, be, &st, 0, rows);
	else {
		render_set_glyphs(a->other.r, a->g);
		render_set_zoom(a->other.r, a->zoom);
		render_resize(a->other.r, cols, rows);
		halves(a, &top, &bot);
		/*
		 * Footer: legend, the caption if any, play state.  A question
		 * takes the caption row: a half has one narration row, for
		 * the choices.
		 */
		if (a->st.asking) {
			for (h = 0, k = 0; h < a->q.nchoices && k < sizeof qline;
			    h++)
				k += (size_t)snprintf(qline + k, sizeof qline - k,
				    "%s%c) %s", h > 0 ? "  " : "", 'a' + h,
				    a->q.text[h]);
			st.caption = qline;
		}
		/* The difference rows: the run's, and now's where rows allow. */
		/*
		 * Predict's question and verdict need the halves' words rows
		 * more than the difference needs its rows, where rows are few.
		 */
		if (a->has_diff && !(a->st.predict && rows < 30)) {
			st.diff = differ_line(&a->diff, dline, sizeof dline,
			    cols < 140);
			st.diff_now = differ_now(top->view, bot->view, dnow,
			    sizeof dnow, cols < 100);
		}
		/* diff_now takes a row only at 30 rows or more, or one left. */
		h = (rows - (a->st.asking ? 4 : st.caption != NULL ? 3 :
		    2) - (st.diff != NULL) - (st.diff_now != NULL &&
		    rows >= 30)) / 2;
		st.title = "compare";
		/* In compare mode p and m do not apply. */
		if (a->prompt == 0)
			cmd_hint(hint, sizeof hint, 1 | (a->trace != NULL ?
			    CMD_HINT_TRACE : 0));
		if (a->clean)
			st.hint = NULL;
		/* The question belongs to the main run's half. */
		st2 = st;
		memset(st2.choice, 0, sizeof st2.choice);
		st2.ask = st2.prompt = st2.verdict = st2.summary = NULL;
		/* Beside a trace the model says what it is. */
		if (a->trace != NULL) {
			trace_model_title(a->model_title,
			    sizeof a->model_title, a->trace,
			    sim_config(a->other.sim)->mode);
			st2.header = a->model_title;
		}
		/* The halves leave the flash to the footer. */
		render_draw_at(top->r, top->view, ops, be, top == &a->main ?
		    &st : &st2, 0, h);
		render_draw_at(bot->r, bot->view, ops, be, bot == &a->main ?
		    &st : &st2, h, h);
		render_compare_footer(top->r, ops, be, 2 * h, rows - 2 * h,
		    &st);
		/* The question on the footer's free row, above its choices. */
		if (a->st.asking)
			ops->put(be, 2 * h + 1, 0, RENDER_LABEL, a->q.question);
	}
	if (a->st.help) {
		cmd_help_pairs(pairs, sizeof pairs / sizeof pairs[0]);
		render_help(a->main.r, ops, be, cols, rows, pairs);
	}
	if (a->history)
		render_captions(a->main.r, ops, be, cols, rows,
		    (const char *const *)a->caps_log, a->ncaps);
	ops->end(be);
}
