/*
 * main.c - raviz's entry point: parse the command line, then hand over to
 * the headless runner or the terminal front end.
 */
#include "config.h"

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "caps.h"
#include "headless.h"
#include "opts.h"
#include "theme.h"

/*
 * The terminal's capabilities and the theme, decided once before the screen
 * starts, so that refusals and theme errors print on a normal terminal.
 * Returns 0, or the exit status after printing why.
 */
static int
choose_look(const struct opts *o, struct caps *caps,
    struct theme_resolved *res)
{
	struct caps_input	in;
	struct theme_diag	d = { NULL, 0 };
	char			err[256];
	int			rc;

	setlocale(LC_ALL, "");
	memset(&in, 0, sizeof in);
	caps_input_env(&in);
	caps_probe(&in);
	in.opt_no_color = o->no_color;
	in.opt_ascii = o->ascii;
	if (caps_decide(&in, caps, err, sizeof err) != 0) {
		fprintf(stderr, "raviz: %s\n", err);
		return (2);
	}
	rc = theme_select(o->theme, getenv("RAVIZ_THEME"), caps, res, &d);
	if (rc != 0) {
		theme_diag_print(&d, stderr);
		fprintf(stderr, "raviz: --theme: the theme has errors\n");
	}
	theme_diag_free(&d);
	return (rc);
}

/* Program entry. */
int
main(int argc, char **argv)
{
	struct opts		o;
	struct caps		caps;
	struct theme_resolved	look;
	unsigned		i;
	int			rc = 0;

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
	case OPTS_RUN:
		break;
	}
	if (o.headless)
		return (headless_run(&o, stdout, stderr));
	if ((rc = choose_look(&o, &caps, &look)) != 0)
		return (rc);
	if (look.warning[0] != '\0')
		fprintf(stderr, "raviz: %s\n", look.warning);
	fprintf(stderr, "raviz: the terminal front end is not built yet; "
	    "use --headless\n");
	return (1);
}
