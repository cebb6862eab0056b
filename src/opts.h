/*
 * opts.h - the command line.  opts_parse() turns argv into a struct opts
 * without printing anything; the caller reports o->err and exits 2 when it
 * fails.  The same parser serves the interactive and headless modes.
 */
#ifndef RAVIZ_OPTS_H
#define RAVIZ_OPTS_H

#include <stdint.h>
#include <stdio.h>

#include "bounds.h"
#include "engine/sim.h"

enum opts_action {
	OPTS_RUN,		/* interactive, or headless with --headless */
	OPTS_HELP,
	OPTS_VERSION,
	OPTS_LIST_DEVICES,
	OPTS_LIST_THEMES,
	OPTS_CHECK_THEME,	/* check_files[0 .. ncheck_files) */
	OPTS_LIST_DEMOS,	/* --list-demos */
	OPTS_CHECK,		/* --check FILE... */
	OPTS_LIST_OPTIONS	/* --list-options */
};

#define OPTS_CHECK_MAX	256
#define OPTS_FILES_MAX	64	/* demo files on one command line */

struct opts {
	enum opts_action action;
	struct sim_config cfg;
	int		 headless;
	int		 summary;	/* print the summary (default in headless) */
	int		 summary_default; /* ... only as headless's default */
	const char	*trace;		/* --trace=FILE or "-" */
	int		 frames;
	unsigned	 frame_cols;	/* --frames geometry */
	unsigned	 frame_rows;
	int		 until_label;	/* 1..5, or 0 */
	uint64_t	 until_events;	/* stop after this many, 0 = no limit */
	const char	*theme;		/* --theme NAME|PATH, or NULL */
	int		 no_color;	/* --no-color */
	int		 ascii;		/* --ascii */
	int		 no_mouse;	/* --no-mouse */
	int		 pace_time;	/* --pace=time (else events) */
	const char	*check_files[OPTS_CHECK_MAX];	/* --check-theme */
	unsigned	 ncheck_files;
	/* Demo files (demo.h): replay one, record, check several. */
	const char	*files[OPTS_FILES_MAX];	/* non-option arguments */
	int		 nfiles;
	const char	*demo_name;	/* --demo NAME */
	const char	*record;	/* --record FILE */
	int		 force;		/* --force: --record may overwrite */
	const char	*cast;		/* --cast FILE (headless replay) */
	const char	*svg;		/* --svg FILE (headless: last frame) */
	int		 compare;	/* --compare (headless) */
	const char	*storyboard;	/* --storyboard DIR */
	int		 sweep;		/* --sweep: enum sweep_kind, 0 none */
	int		 scenario_given; /* a scenario option was given */
	/* Real traces (import.h, capture.h, export.h). */
	const char	*import_file;	/* --import FILE */
	uint32_t	 import_dev;	/* --import-dev, blk_dev() encoded, */
	int		 import_dev_given; /* ... else UINT32_MAX */
	const char	*capture;	/* --capture PATH */
	const char	*capture_out;	/* --capture-out FILE */
	const char	*export_fmt;	/* --export FORMAT ("blkparse",
					   "blktrace") */
	const char	*export_dir;	/* --export=blktrace=DIR */
	int		 beside;	/* --beside=MODE: 1 + its mode, 0 */
	int		 predict;	/* --predict */
	const char	*answers;	/* --answers=LETTERS (headless) */
	uint64_t	 limit[BOUND_COUNT];	/* --limit=NAME=N, 0: default */
	char		 err[256];	/* set when opts_parse() fails */
};

/* Parse argv (argv[0] is skipped).  0 on success, -1 with o->err set. */
int	opts_parse(struct opts *o, int argc, char **argv);
/* The --help text, from the option tables. */
const char *opts_usage(void);
/*
 * --list-options: every long option, one a line: "--name" (a flag) or
 * "--name=" (it takes a value), a tab, then the words its value completes
 * to, space-separated: literal values, or a placeholder in capitals -
 * FILE (a file name), THEME (a name --list-themes gives), DEMO (a name
 * --list-demos gives), or what the value is (SIZE, TIME, RATE, N ...);
 * a tab and the first line of its help.  The shell completions
 * (completion/) read it.
 */
void	opts_list(FILE *);

#endif /* RAVIZ_OPTS_H */
