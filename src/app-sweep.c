/*
 * app-sweep.c - the sweep screen's part of the application (CMD_SWEEP):
 * which sweep is shown, its figures computed through the poll hook and
 * kept while the scenario stays the same, and which commands leave it
 * open.  Drawn by app-draw.c (render_sweep()).
 */
#include "config.h"

#include <string.h>

#include "app.h"
#include "app-int.h"
#include "sweep.h"

/*
 * The sweep screen: show kind arg (0: the next, closed after the last;
 * -1: close).  Its figures are computed again only when the kind or the
 * scenario changed, as long work through the poll hook.  0, or -1 as
 * app_go().
 */
int
app_sweep_exec(struct app *a, int64_t arg)
{
	enum sweep_kind	 k;
	const char	*why = NULL;
	char		 v[32];
	unsigned	 at = 0;
	int		 rc;

	if (arg < 0 || (arg == 0 && a->st.sweep == SWEEP_KIND_COUNT - 1)) {
		a->st.sweep = 0;
		return (0);
	}
	if (a->trace != NULL) {
		app_flash(a, "the sweep runs raviz's own scenario, not a "
		    "kernel trace");
		return (0);
	}
	k = arg > 0 ? (enum sweep_kind)arg : a->st.sweep == 0 ? SWEEP_BS :
	    sweep_next((enum sweep_kind)a->st.sweep);
	if (k <= SWEEP_NONE || k >= SWEEP_KIND_COUNT)
		return (0);
	a->st.playing = 0;
	if (a->sweep.kind == k && memcmp(&a->sweep_cfg, &a->cfg,
	    sizeof a->cfg) == 0) {
		a->st.sweep = (int)k;
		return (0);
	}
	a->st.sweep = 0;
	rc = sweep_compute(&a->cfg, k, &a->poll, &a->sweep, &why, &at);
	if (rc != 0) {
		if (rc == 2)
			app_flashf(a, "no sweep of %s: at %s, %s", sweep_word(k),
			    sweep_value(v, sizeof v, &a->sweep, at), why);
		a->sweep.kind = SWEEP_NONE;
		return (rc == 2 ? 0 : -1);
	}
	a->sweep_cfg = a->cfg;
	a->st.sweep = (int)k;
	return (0);
}

/* Does a command leave the sweep screen open (help, pace, speed...)? */
int
app_sweep_keeps(enum cmd_kind k)
{
	switch (k) {
	case CMD_NONE:
	case CMD_SWEEP:
	case CMD_HELP:
	case CMD_REDRAW:
	case CMD_QUIT:
	case CMD_PACE:
	case CMD_FASTER:
	case CMD_SLOWER:
	case CMD_SPEED:
	case CMD_PAUSE:
	case CMD_CAPTIONS:
	case CMD_SVG:
	case CMD_PROJECTOR:
		return (1);
	default:
		return (0);
	}
}
