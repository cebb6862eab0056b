/*
 * main.c - raviz's entry point: parse the command line, then hand over to
 * the headless runner or the terminal front end.
 *
 * Before anything is opened, descriptors 0-2 are made sure to be open (a
 * file opened later must never become "stdout"), and SIGPIPE and SIGXFSZ
 * are ignored: a write to a closed pipe or past a file-size limit then
 * fails with EPIPE or EFBIG, so that raviz stops writing, cleans up (a
 * temporary cast, a tracefs instance) and ends by itself instead of being
 * killed half-way.  Every command's output is checked at the end: a write
 * error is reported (exit 1), but a reader that has gone (`raviz
 * --headless --trace=- | head`) ends raviz quietly, by SIGPIPE once all is
 * clean, as it ends seq and grep.  The screen owns both signals again
 * while it is up (ui/loop.c).
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bounds.h"
#include "capture.h"
#include "demo-play.h"
#include "export.h"
#include "headless.h"
#include "import.h"
#include "lesson.h"
#include "opts.h"
#include "safefile.h"
#include "storyboard.h"
#include "sweep.h"
#include "theme.h"
#include "ui/loop.h"

/*
 * The command's status, or 1 after "write error" if its output to stdout
 * did not all get out (a command that already failed with 1 has said why).
 */
static int
main_finish(int rc)
{
	int	e;

	errno = 0;
	if (fflush(stdout) != 0 || ferror(stdout)) {
		e = errno;
		if (safefile_pipe_gone(stdout))
			safefile_pipe_end();
		if (rc != 1)
			fprintf(stderr, "raviz: write error: %s\n",
			    e != 0 ? strerror(e) : "output lost");
		return (1);
	}
	return (rc);
}

/* Program entry. */
int
main(int argc, char **argv)
{
	struct opts	o;
	struct capture_shown	shown;
	unsigned	i;
	int		rc = 0;

	if (safefile_std_fds() != 0)
		return (1);
	signal(SIGPIPE, SIG_IGN);
	signal(SIGXFSZ, SIG_IGN);
	if (opts_parse(&o, argc, argv) != 0) {
		fprintf(stderr, "raviz: %s\n", o.err);
		return (2);
	}
	bounds_apply(o.limit);
	switch (o.action) {
	case OPTS_HELP:
		fputs(opts_usage(), stdout);
		return (main_finish(0));
	case OPTS_VERSION:
		printf("raviz %s\n"
		    "Copyright (C) 2026 the raviz developers.\n"
		    "License: ISC. This is free software: you are free to "
		    "change and redistribute it.\n"
		    "There is NO WARRANTY, to the extent permitted by law.\n",
		    PACKAGE_VERSION);
		return (main_finish(0));
	case OPTS_LIST_OPTIONS:
		opts_list(stdout);
		return (main_finish(0));
	case OPTS_LIST_DEVICES:
		headless_list_devices(stdout);
		return (main_finish(0));
	case OPTS_LIST_THEMES:
		theme_list(stdout);
		return (main_finish(0));
	case OPTS_CHECK_THEME:
		for (i = 0; i < o.ncheck_files; i++)
			if (theme_check(o.check_files[i], stdout, stderr) != 0)
				rc = 2;
		return (main_finish(rc));
	case OPTS_LIST_DEMOS:
		return (main_finish(lesson_list(stdout, stderr)));
	case OPTS_CHECK:
		return (main_finish(demo_play_check(o.nfiles, o.files, stdout,
		    stderr)));
	case OPTS_RUN:
		break;
	}
	if (o.import_file != NULL && o.export_fmt != NULL)
		return (main_finish(export_convert(&o, stdout, stderr)));
	if (o.import_file != NULL && o.headless)
		return (main_finish(headless_import(&o, stdout, stderr)));
	if (o.capture != NULL && o.nfiles == 0 && o.demo_name == NULL) {
		/* Without --headless, on a terminal: the screen opens it. */
		shown.path[0] = '\0';
		if ((rc = capture_run(&o, stdout, stderr, o.headless ? NULL :
		    &shown)) != 0 || shown.path[0] == '\0')
			return (main_finish(rc));
		o.capture = NULL;
		o.import_file = shown.path;
		o.import_dev = shown.dev;
		return (main_finish(loop_run(&o)));
	}
	if (o.export_fmt != NULL)
		return (main_finish(export_run(&o, stdout, stderr)));
	/* On a terminal --sweep is the sweep screen (loop.c). */
	if (o.sweep && o.headless)
		return (main_finish(sweep_run(&o, stdout, stderr)));
	if (o.storyboard != NULL)
		return (main_finish(storyboard_write(&o, stdout, stderr)));
	if (o.headless && o.compare)
		return (main_finish(storyboard_compare(&o, stdout, stderr)));
	if (o.headless && (o.nfiles > 0 || o.demo_name != NULL))
		return (main_finish(demo_play_main(&o, stdout, stderr)));
	if (o.headless)
		return (main_finish(headless_run(&o, stdout, stderr)));
	return (main_finish(loop_run(&o)));
}
