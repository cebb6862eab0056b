/*
 * main.c - raviz's entry point: parse the command line, then hand over to
 * the headless runner or the terminal front end.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "capture.h"
#include "demo-play.h"
#include "export.h"
#include "headless.h"
#include "import.h"
#include "lesson.h"
#include "opts.h"
#include "theme.h"
#include "ui/loop.h"

/* Program entry. */
int
main(int argc, char **argv)
{
	struct opts	o;
	unsigned	i;
	int		rc = 0;

	if (opts_parse(&o, argc, argv) != 0) {
		fprintf(stderr, "raviz: %s\n", o.err);
		return (2);
	}
	switch (o.action) {
	case OPTS_HELP:
		fputs(opts_usage(), stdout);
		return (fflush(stdout) == 0 ? 0 : 1);
	case OPTS_VERSION:
		printf("raviz %s\n"
		    "Copyright (C) 2026 the raviz developers.\n"
		    "License: ISC. This is free software: you are free to "
		    "change and redistribute it.\n"
		    "There is NO WARRANTY, to the extent permitted by law.\n",
		    PACKAGE_VERSION);
		return (fflush(stdout) == 0 ? 0 : 1);
	case OPTS_LIST_DEVICES:
		headless_list_devices(stdout);
		return (fflush(stdout) == 0 ? 0 : 1);
	case OPTS_LIST_THEMES:
		theme_list(stdout);
		return (fflush(stdout) == 0 ? 0 : 1);
	case OPTS_CHECK_THEME:
		for (i = 0; i < o.ncheck_files; i++)
			if (theme_check(o.check_files[i], stdout, stderr) != 0)
				rc = 2;
		return (fflush(stdout) == 0 ? rc : 1);
	case OPTS_LIST_DEMOS:
		return (lesson_list(stdout, stderr));
	case OPTS_CHECK:
		return (demo_play_check(o.nfiles, o.files, stdout, stderr));
	case OPTS_RUN:
		break;
	}
	if (o.import_file != NULL && o.export_fmt != NULL)
		return (export_convert(o.import_file, o.import_dev, stdout,
		    stderr));
	if (o.import_file != NULL)
		return (import_run(o.import_file, o.import_dev, stdout,
		    stderr));
	if (o.capture != NULL)
		return (capture_run(&o, stdout, stderr));
	if (o.export_fmt != NULL)
		return (export_run(&o, stdout, stderr));
	if (o.headless && (o.nfiles > 0 || o.demo_name != NULL))
		return (demo_play_main(&o, stdout, stderr));
	if (o.headless)
		return (headless_run(&o, stdout, stderr));
	return (loop_run(&o));
}
