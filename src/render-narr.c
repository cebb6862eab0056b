/*
 * render-narr.c - the screen's words: the narration of the last events
 * under the meaning of the latest moment T1..T5 (the moment box), the
 * guide to reading the screen, predict-then-reveal's question and
 * verdict, and a lesson's title in the hint row.
 *
 * Events are put in words only here, when drawn (narrate.h), never as
 * they are recorded.
 */
#include "config.h"

#include <string.h>

#include "fmt.h"
#include "render-int.h"

#define NARR_LEN	200		/* one narration line, formatted */
#define PACK_CHOICE	160		/* one predict choice, formatted */

#define GUIDE_ROWS	6

/*
 * How to read the screen, in rows [y, y + GUIDE_ROWS): the overlay glyphs
 * (drawn with the glyph set in use), the lane letters, the narration.
 */
static void
draw_guide(struct render *r, const struct render_ops *ops, void *be,
    unsigned y)
{
	static const char *const text[] = {
		"  reader lane: s in read()  r readahead  c copy  z asleep  "
		"w waking  d done",
		"  plug, device lanes: requests held, in flight (+ over 9); "
		"device waking: ",
		"  lanes: a column is a fixed slice of time (header), showing "
		"what lasted longest",
		"  below: each event in words; T1..T5 mark the five moments of "
		"the patch",
	};
	const struct render_glyphs	*g = r->g;
	char				 line[256];
	unsigned			 w = row_width(r, y), i;

	render_put_fit(r, ops, be, y, 0, w, RENDER_CAPTION, "How to read this "
	    "screen - space plays, n steps, ? lists the keys:");
	snprintf(line, sizeof line, "  %s reader   %s%s%s%s%s%s%s%s readahead "
	    "window: sync part, async part   %s marker page", g->reader,
	    g->win_open, g->win_sync, g->win_sync, g->win_sync, g->win_async,
	    g->win_async, g->win_async, g->win_close, g->marker);
	render_put_fit(r, ops, be, y + 1, 0, w, RENDER_NARRATION, line);
	for (i = 0; i < 4; i++) {
		snprintf(line, sizeof line, "%s%s", text[i], i == 1 ?
		    g->lane_waking : "");
		render_put_fit(r, ops, be, y + 2 + i, 0, w, RENDER_NARRATION,
		    line);
	}
}

/*
 * The moment box's text into buf (brief: its one-line form), or NULL when
 * there is none.  The latest moment's meaning as it is while its event is
 * the last one; once later events came, the same headed by how long ago
 * it was (*stale set: it is drawn dim); nothing once the read() it
 * happened in has returned or the mode has changed since, for then it no
 * longer describes the run on the screen.
 */
static const char *
moment_text(const struct render *r, const struct view *s, char *buf,
    size_t len, int brief, int *stale)
{
	const struct narrate_moment	*m = &r->moment;
	char				 mean[NARR_LEN], t[32];
	const char			*text;
	uint64_t			 ago, n;

	*stale = 0;
	if (m->ev.label == 0)
		return (NULL);
	text = brief ? narrate_label_short(mean, sizeof mean, m,
	    view_config(s)) : narrate_label(mean, sizeof mean, m,
	    view_config(s));
	ago = r->events > m->ev.seq + 1 ? r->events - m->ev.seq - 1 : 0;
	if (ago == 0) {
		snprintf(buf, len, "%s", text);
		return (buf);
	}
	if (view_mode(s) != m->ev.mode || !render_reader_in_read(s, &n) ||
	    n != m->ev.read_index)
		return (NULL);
	*stale = 1;
	/* "T3: ..." becomes "T3 (4 events, 46us ago): ...". */
	if (text[0] == 'T' && text[1] == '0' + m->ev.label &&
	    text[2] == ':' && text[3] == ' ')
		text += 4;
	snprintf(buf, len, "T%d (%llu event%s, %s ago): %s", m->ev.label,
	    (unsigned long long)ago, ago == 1 ? "" : "s",
	    fmt_time(t, sizeof t, view_stats(s)->now_ns - m->ev.t_ns), text);
	return (buf);
}

/*
 * Narration: the latest moment's meaning, then the last events.  With
 * guide set, the guide comes first while it fits above every event so far
 * (the rows would be blank otherwise); it yields to them as they arrive.
 */
void
render_narr_draw(struct render *r, const struct view *s,
    const struct render_ops *ops, void *be, unsigned y, unsigned lines,
    int guide)
{
	const struct view_event	*n;
	const char		*lab;
	char			 t[32], tl[4], text[NARR_LEN];
	char			 line[NARR_LEN + 48], mean[NARR_LEN + 64];
	unsigned		 i, shown, k = 0, used, rows;
	int			 stale;

	if (lines == 0)
		return;
	/*
	 * Two rows for the meaning where that still leaves a row of events
	 * (three, for an aged one, where that leaves three); otherwise its
	 * one-line form.
	 */
	lab = moment_text(r, s, mean, sizeof mean, 0, &stale);
	rows = r->focus ? lines : lines >= 6 && stale ? 3 : lines >= 3 ? 2 : 1;
	/*
	 * The full meaning where it fits its rows whole; else the one-line
	 * form, whose punchline an ellipsis would otherwise cut (80x24 T3).
	 */
	if (lab != NULL && render_wrap_put(r, NULL, be, y, rows + 1,
	    RENDER_DIM, lab) > rows)
		lab = moment_text(r, s, mean, sizeof mean, 1, &stale);
	if (lab != NULL)
		k = render_wrap_put(r, NULL, be, y, rows, RENDER_DIM, lab);
	used = k + (unsigned)r->narr_len;
	if (guide && !r->focus && GUIDE_ROWS + (used > 0) + used <= lines) {
		draw_guide(r, ops, be, y);
		y += GUIDE_ROWS + 1;
		lines -= GUIDE_ROWS + 1;
	}
	if (lab != NULL) {
		k = render_wrap_put(r, ops, be, y, k, stale ? RENDER_DIM :
		    RENDER_LABEL, lab);
		y += k;
		lines -= k;
	}
	/* Focus mode: the moment box alone, no event log. */
	if (r->focus)
		return;
	shown = lines < r->narr_len ? lines : (unsigned)r->narr_len;
	for (i = 0; i < shown; i++) {
		n = &r->narr[(r->narr_head + r->narr_len - shown + i) %
		    NARR_MAX];
		tl[0] = n->label ? 'T' : ' ';
		tl[1] = n->label ? (char)('0' + n->label) : ' ';
		tl[2] = '\0';
		narrate_event(text, sizeof text, n, view_config(s));
		snprintf(line, sizeof line, "%9s %s %s",
		    fmt_time(t, sizeof t, n->t_ns), tl, text);
		/* What a trace does not record but the view infers: dim. */
		render_put_fit(r, ops, be, y + i, 0, row_width(r, y + i),
		    n->label ? RENDER_LABEL : strncmp(text, VIEW_INFERRED,
		    sizeof VIEW_INFERRED - 1) == 0 ? RENDER_DIM :
		    RENDER_NARRATION, line);
	}
}

/*
 * Predict-then-reveal in the narration's rows: a question with its
 * choices (one a row where they fit, else packed) and the prompt, in
 * place of the narration; or the verdict and the summary above it.
 * In a single row only the choices fit: the caller shows the question
 * elsewhere (compare mode: on the caption row).  Returns the rows used;
 * the narration gets the rest (none for a question).
 */
unsigned
render_narr_predict(struct render *r, const struct render_ops *ops, void *be,
    unsigned y, unsigned lines, const struct render_status *st)
{
	char		 row[512], one[PACK_CHOICE];
	const char	*why;
	unsigned	 n = 0, k, i, w, used = 0, len;

	if (st == NULL || lines == 0)
		return (0);
	if (st->ask == NULL) {
		/* The verdict, then its why on rows of its own, wrapped. */
		if (st->verdict != NULL && used < lines) {
			why = strchr(st->verdict, '\n');
			snprintf(row, sizeof row, "%.*s", why != NULL ?
			    (int)(why - st->verdict) : (int)strlen(st->verdict),
			    st->verdict);
			render_put_fit(r, ops, be, y + used++, 0,
			    row_width(r, y), RENDER_LABEL, row);
			if (why != NULL && used < lines)
				used += render_wrap_put(r, ops, be, y + used,
				    lines - used - (st->summary != NULL &&
				    lines - used > 1), RENDER_NARRATION,
				    why + 1);
		}
		if (st->summary != NULL && used < lines)
			render_put_fit(r, ops, be, y + used++, 0,
			    row_width(r, y), RENDER_LABEL, st->summary);
		return (used);
	}
	while (n < 4 && st->choice[n] != NULL)
		n++;
	/* One row (a compare half): the choices; the caller shows ask. */
	if (lines >= 2)
		render_put_fit(r, ops, be, y + used++, 0, row_width(r, y),
		    RENDER_LABEL, st->ask);
	if (lines >= n + 2) {
		for (i = 0; i < n; i++) {
			snprintf(one, sizeof one, "  %c) %s", 'a' + i,
			    st->choice[i]);
			render_put_fit(r, ops, be, y + used++, 0,
			    row_width(r, y), RENDER_NARRATION, one);
		}
	} else {
		/* Packed: as many choices a row as fit. */
		row[0] = '\0';
		len = 0;
		w = row_width(r, y);
		for (i = 0; i < n && used < lines; i++) {
			snprintf(one, sizeof one, "  %c) %s", 'a' + i,
			    st->choice[i]);
			k = (unsigned)strlen(one);
			if (len > 0 && len + k > w) {
				render_put_fit(r, ops, be, y + used++, 0, w,
				    RENDER_NARRATION, row);
				row[0] = '\0';
				len = 0;
				if (used >= lines)
					break;
			}
			if (len + k < sizeof row) {
				memcpy(row + len, one, k + 1);
				len += k;
			}
		}
		if (len > 0 && used < lines)
			render_put_fit(r, ops, be, y + used++, 0, w,
			    RENDER_NARRATION, row);
	}
	if (st->prompt != NULL && used < lines)
		render_put_fit(r, ops, be, y + used++, 0, row_width(r, y),
		    RENDER_HINT, st->prompt);
	return (lines);
}

/*
 * While a lesson plays, the hint row holds its title (the row a lesson
 * least needs: its captions guide), with the way to the keys flush right.
 */
void
render_narr_lesson(struct render *r, const struct render_ops *ops, void *be,
    unsigned y, const struct render_status *st)
{
	static const char	 keys[] = "? keys  q quit";
	unsigned		 w = row_width(r, y), n;

	n = st->clean ? 0 : render_put_right(r, ops, be, y, w / 3,
	    RENDER_HINT, keys);
	if (w > n + 2)
		render_put_fit(r, ops, be, y, 0, n > 0 ? w - n - 2 : w,
		    RENDER_HEADER, st->lesson);
}
