/*
 * session.c - what an interactive session writes besides the screen: the
 * files it will write checked before the screen opens, and --trace and
 * --summary written for where the user left the run.  No terminal here:
 * the front end (ui/loop.c) calls both around its screen.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "fmt.h"
#include "opts.h"
#include "report.h"
#include "safefile.h"
#include "session.h"
#include "theme.h"
#include "engine/sim.h"

/*
 * The files this session writes (--record, --trace) must not be one it
 * reads (the theme) or each other, by name or by inode, even with
 * --force, and must be writable under the output rule (safefile.h): all
 * said before the screen opens.  0, or 2 after saying why.
 */
int
session_outputs_check(const struct opts *o)
{
	const char	*out[2] = { o->record, o->trace }, *name[2] = {
		"record", "trace" }, *theme, *why;
	char		 tpath[1024], esc[200];
	size_t		 i;

	theme = o->theme != NULL ? o->theme : getenv("RAVIZ_THEME");
	if (theme == NULL || *theme == '\0' ||
	    theme_find(theme, 0, tpath, sizeof tpath) != 0)
		tpath[0] = '\0';
	if (out[1] != NULL && strcmp(out[1], "-") == 0)
		out[1] = NULL;
	for (i = 0; i < 2; i++) {
		if (out[i] == NULL)
			continue;
		why = NULL;
		if (tpath[0] != '\0' && safefile_same(out[i], tpath))
			why = "is the theme file being read (refused)";
		else if (i == 1 && out[0] != NULL &&
		    (strcmp(out[0], out[1]) == 0 ||
		    safefile_same(out[0], out[1])))
			why = "is also the --record file (refused)";
		else
			(void)safefile_out_check(out[i], o->force, &why);
		if (why != NULL) {
			fprintf(stderr, "raviz: --%s: %s: %s\n",
			    name[i], fmt_escape_str(esc, sizeof esc, out[i]),
			    why);
			return (2);
		}
	}
	return (0);
}

/* Write --trace and --summary for where the user left the run. */
int
session_outputs(struct app *a, const struct opts *o)
{
	struct report_trace	 tr;
	struct sim		*s;
	int			 status = 0;

	if (o->trace != NULL) {
		if ((status = report_trace_plan(o->trace, o->force,
		    sim_config(app_sim(a)), app_event_no(a), 0, stderr)) != 0 ||
		    report_trace_open(&tr, o->trace, o->force, stdout, stderr,
		    sim_config(app_sim(a))) != 0)
			return (status != 0 ? status : 2);
		if (app_replay(a, report_trace_cb, &tr) != 0)
			status = 1;
		if (report_trace_close(&tr, status != 0, stderr) != 0)
			status = 1;
	}
	if (o->summary) {
		if ((s = sim_clone(app_sim(a))) == NULL)
			return (1);
		report_summary(stdout, s);
		sim_free(s);
	}
	return (report_flush(stdout, stderr, status));
}
