/*
 * opts.c - command-line parsing.  The scenario options come from the one
 * scenario table (scenario.h); a table here maps every other long option to
 * a handler; values come as --name=VALUE or --name VALUE.  Device options
 * are applied after --device regardless of their order, so that
 * "--bandwidth=500 --device=hdd" means the hdd preset with 500 MB/s.
 * Values echoed in error messages are escaped (fmt_escape()).
 */
#include "config.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "fmt.h"
#include "opts.h"
#include "parse.h"
#include "scenario.h"

enum kind { K_FLAG, K_VALUE, K_OPTVALUE };

struct opts;
static int	demo_rules(struct opts *);
static int	trace_rules(struct opts *);
static int	import_dev(struct opts *, const char *);
static int	limit(struct opts *, const char *);

/* How apply() treats an option. */
enum {
	O_SET,		/* the int at field becomes 1 */
	O_COMMAND,	/* o->action becomes action */
	O_NAME,		/* the string at field: a value, empty refused */
	/* the others, each its own case */
	O_UNTIL, O_COLS, O_ROWS, O_CHECKTHEME, O_IMPORTDEV, O_EXPORT, O_PACE,
	O_ANSWERS, O_LIMIT
};

/*
 * One long option.  A command (action other than OPTS_RUN) excludes any
 * other command; empty is what an empty O_NAME value is told.
 */
struct opt {
	const char	*name;
	enum kind	 kind;
	int		 id;
	size_t		 field;
	enum opts_action action;
	const char	*empty;
};

#define FIELD(f)	offsetof(struct opts, f)

static const struct opt table[] = {
	{ "headless", K_FLAG, O_SET, FIELD(headless), OPTS_RUN, NULL },
	{ "summary", K_FLAG, O_SET, FIELD(summary), OPTS_RUN, NULL },
	{ "trace", K_VALUE, O_NAME, FIELD(trace), OPTS_RUN,
	    "expected a file name or -" },
	{ "frames", K_FLAG, O_SET, FIELD(frames), OPTS_RUN, NULL },
	{ "until", K_VALUE, O_UNTIL, 0, OPTS_RUN, NULL },
	{ "no-skip", K_FLAG, O_SET, FIELD(cfg.no_skip), OPTS_RUN, NULL },
	{ "cols", K_VALUE, O_COLS, 0, OPTS_RUN, NULL },
	{ "rows", K_VALUE, O_ROWS, 0, OPTS_RUN, NULL },
	{ "list-devices", K_FLAG, O_COMMAND, 0, OPTS_LIST_DEVICES, NULL },
	{ "help", K_FLAG, O_COMMAND, 0, OPTS_HELP, NULL },
	{ "version", K_FLAG, O_COMMAND, 0, OPTS_VERSION, NULL },
	{ "theme", K_VALUE, O_NAME, FIELD(theme), OPTS_RUN,
	    "expected a theme name or path" },
	{ "list-themes", K_FLAG, O_COMMAND, 0, OPTS_LIST_THEMES, NULL },
	{ "check-theme", K_VALUE, O_CHECKTHEME, 0, OPTS_CHECK_THEME, NULL },
	{ "no-color", K_FLAG, O_SET, FIELD(no_color), OPTS_RUN, NULL },
	{ "ascii", K_FLAG, O_SET, FIELD(ascii), OPTS_RUN, NULL },
	/* demo files */
	{ "record", K_VALUE, O_NAME, FIELD(record), OPTS_RUN,
	    "expected a name" },
	{ "force", K_FLAG, O_SET, FIELD(force), OPTS_RUN, NULL },
	{ "check", K_FLAG, O_COMMAND, 0, OPTS_CHECK, NULL },
	{ "list-demos", K_FLAG, O_COMMAND, 0, OPTS_LIST_DEMOS, NULL },
	{ "demo", K_VALUE, O_NAME, FIELD(demo_name), OPTS_RUN,
	    "expected a name" },
	{ "cast", K_VALUE, O_NAME, FIELD(cast), OPTS_RUN, "expected a name" },
	{ "svg", K_VALUE, O_NAME, FIELD(svg), OPTS_RUN, "expected a name" },
	/* real traces */
	{ "import", K_VALUE, O_NAME, FIELD(import_file), OPTS_RUN,
	    "expected a file name" },
	{ "import-dev", K_VALUE, O_IMPORTDEV, 0, OPTS_RUN, NULL },
	{ "capture", K_VALUE, O_NAME, FIELD(capture), OPTS_RUN,
	    "expected a file name" },
	{ "capture-out", K_VALUE, O_NAME, FIELD(capture_out), OPTS_RUN,
	    "expected a file name" },
	{ "export", K_VALUE, O_EXPORT, 0, OPTS_RUN, NULL },
	{ "pace", K_VALUE, O_PACE, 0, OPTS_RUN, NULL },
	/* predict-then-reveal */
	{ "predict", K_FLAG, O_SET, FIELD(predict), OPTS_RUN, NULL },
	{ "answers", K_VALUE, O_ANSWERS, 0, OPTS_RUN, NULL },
	{ "limit", K_VALUE, O_LIMIT, 0, OPTS_RUN, NULL },
};

/*
 * Device fields the user set, applied over the preset at the end: the
 * values in cfg, given[i] for scenario_opts[i].
 */
struct devset {
	const struct sim_device	*preset;
	struct sim_config	 cfg;
	char			 given[32];
};

static const char usage[] =
"Usage: raviz [OPTION]...\n"
"Watch Linux readahead and block-layer plugging interact (2.6.38 -> 3.2).\n"
"\n"
"Scenario:\n"
"%s""SIZE takes k, M, G, T, P, E suffixes (powers of 1024); TIME: ns, us, ms, s.\n"
"\n"
"Headless:\n"
"  --headless                 run without a terminal\n"
"  --summary                  print key: value results (the default of\n"
"                             --headless; after the screen only if given)\n"
"  --trace=FILE|-             JSON Lines, one object per event\n"
"  --frames                   a text frame after each event\n"
"  --cols=N --rows=N          frame size (default 80x24)\n"
"  --until=T1..T5|N           stop after that moment, or after N events\n"
"  --no-skip                  step every event (no jumps over repeated\n"
"                             periods: the same results, slower)\n"
"  --predict                  ask before each window, flush and stall what\n"
"                             happens next (key P); headless with:\n"
"  --answers=LETTERS          the answers, a-d, one per question\n"
"\n"
"Look:\n"
"  --theme=NAME|PATH          colours and glyphs (default: $RAVIZ_THEME, else\n"
"                             default); NAME is looked up in\n"
"                             $XDG_CONFIG_HOME/raviz/themes, then the\n"
"                             installed themes\n"
"  --list-themes              the themes found, with their files\n"
"  --check-theme FILE...      check theme files, report every problem\n"
"  --no-color                 no colour (also when NO_COLOR is set)\n"
"  --ascii                    ASCII glyphs only (also in a non-UTF-8 locale)\n"
"  --pace=events|time         play N events a second (default, 10 ev/s) or\n"
"                             simulated time a second (1 ms/s; key t)\n"
"\n"
"Demo files (lessons and recorded sessions):\n"
"  raviz FILE.demo            replay a demo file (keys work as usual)\n"
"  --demo=NAME                replay an installed lesson (see --list-demos)\n"
"  --list-demos               the installed lessons and their titles\n"
"  --record=FILE              record this session into FILE\n"
"  --force                    let --record, --cast, --svg or --capture-out\n"
"                             replace an existing FILE\n"
"  --check FILE...            validate demo files, report every problem\n"
"  --cast=OUT.cast            with --headless: write an asciicast v2 file\n"
"                             (colours and glyphs as the terminal would show)\n"
"  --svg=OUT.svg              with --headless: the last frame as an SVG\n"
"With --headless a demo replays at its event numbers (no waiting);\n"
"--frames prints a frame after each of its items.\n"
"\n"
"Real kernels (block traces):\n"
"  --import=FILE              animate a real block trace (c: beside the\n"
"                             model); with --headless: its summary, or\n"
"                             its --frames\n"
"                             (ftrace text, trace-cmd report, perf script,\n"
"                             blkparse text; detected from the content)\n"
"  --import-dev=MAJ,MIN       the device to import (default: most data read)\n"
"  --capture=PATH             as root: read PATH (file or block device) like\n"
"                             dd with --bs and --file-size, tracing its\n"
"                             device's block events through tracefs\n"
"  --capture-out=FILE         where the capture goes (default: a new\n"
"                             raviz-capture-N.trace in the current directory)\n"
"  --export=blkparse          with --headless: the model's run as blkparse\n"
"                             text (device 8,0, comm dd); with --import:\n"
"                             the imported device's events\n"
"\n"
"  --limit=NAME=SIZE          lift (or lower) a bound on what raviz reads\n"
"                             or writes:\n"
"%s"
"  --list-devices             describe the device presets\n"
"  --help                     this text\n"
"  --version                  version and licence\n"
"\n"
"Exit status: 0 success, 1 failure, 2 bad usage or input.\n";

/* The --help text: usage[] with the scenario table's lines. */
const char *
opts_usage(void)
{
	static char	 text[sizeof usage + 8192];
	char		 lines[4096], bounds[1024];

	if (text[0] == '\0') {
		scenario_usage(lines, sizeof lines);
		bounds_usage(bounds, sizeof bounds);
		snprintf(text, sizeof text, usage, lines, bounds);
	}
	return (text);
}

/*
 * Format an error into o->err; always returns -1.  arg is escaped: it is
 * often the user's value, which must not reach the terminal raw.
 */
static int
fail(struct opts *o, const char *name, const char *fmt, const char *arg)
{
	char	msg[200], esc[120];

	snprintf(msg, sizeof msg, fmt, fmt_escape_str(esc, sizeof esc, arg));
	if (name != NULL)
		snprintf(o->err, sizeof o->err, "--%s: %s", name, msg);
	else
		snprintf(o->err, sizeof o->err, "%s", msg);
	return (-1);
}

/*
 * Apply a scenario option: device fields to ds (over the preset at the
 * end), the rest to o->cfg.
 */
static int
scenario(struct opts *o, struct devset *ds, const struct scenario_opt *so,
    const char *v)
{
	struct sim_config	 tmp;
	char			 why[200];
	size_t			 i = (size_t)(so - scenario_opts);

	o->scenario_given = 1;
	if (so->type == SCENARIO_DEVICE) {
		tmp = o->cfg;
		if (scenario_parse(so, v, &tmp, why, sizeof why) != 0)
			goto bad;
		ds->preset = sim_preset_find(tmp.device.name);
		return (0);
	}
	if (scenario_parse(so, v, (so->flags & SCENARIO_DEV) ? &ds->cfg :
	    &o->cfg, why, sizeof why) != 0)
		goto bad;
	if (i < sizeof ds->given)
		ds->given[i] = 1;
	return (0);
bad:
	snprintf(o->err, sizeof o->err, "--%s: %s", so->name, why);
	return (-1);
}

/* Add a file for --check-theme. */
static int
check_file(struct opts *o, const char *v)
{
	if (*v == '\0')
		return (fail(o, "check-theme", "%s", "expected a file name"));
	if (o->ncheck_files == OPTS_CHECK_MAX)
		return (fail(o, "check-theme", "%s", "at most 256 files"));
	o->check_files[o->ncheck_files++] = v;
	return (0);
}

/* Apply one option. */
static int
apply(struct opts *o, const struct opt *op, const char *v)
{
	const char	*why;
	uint64_t	 n;

	switch (op->id) {
	case O_SET:
		*(int *)(void *)((char *)o + op->field) = 1;
		break;
	case O_COMMAND:
		o->action = op->action;
		break;
	case O_NAME:
		if (*v == '\0')
			return (fail(o, op->name, "%s", op->empty));
		*(const char **)(void *)((char *)o + op->field) = v;
		break;
	case O_ANSWERS:
		if (*v == '\0' || strspn(v, "abcd") != strlen(v))
			return (fail(o, op->name, "%s", "expected letters a to "
			    "d, one answer per question (--answers=abca)"));
		o->answers = v;
		break;
	case O_UNTIL:
		if ((v[0] == 'T' || v[0] == 't') && v[1] >= '1' &&
		    v[1] <= '5' && v[2] == '\0')
			o->until_label = v[1] - '0';
		else if (parse_uint(v, 1, UINT64_MAX, &o->until_events,
		    &why) != 0)
			return (fail(o, op->name,
			    "'%s' is not T1..T5 or a number of events", v));
		break;
	case O_COLS:
		if (parse_uint(v, 40, 1000, &n, &why) != 0)
			return (fail(o, op->name, "%s (40 to 1000)", why));
		o->frame_cols = (unsigned)n;
		break;
	case O_ROWS:
		if (parse_uint(v, 10, 1000, &n, &why) != 0)
			return (fail(o, op->name, "%s (10 to 1000)", why));
		o->frame_rows = (unsigned)n;
		break;
	case O_CHECKTHEME:
		o->action = op->action;
		return (check_file(o, v));
	case O_PACE:
		if (strcmp(v, "time") == 0)
			o->pace_time = 1;
		else if (strcmp(v, "events") == 0)
			o->pace_time = 0;
		else
			return (fail(o, op->name, "'%s' is not events or time",
			    v));
		break;
	case O_IMPORTDEV:
		return (import_dev(o, v));
	case O_LIMIT:
		return (limit(o, v));
	case O_EXPORT:
		if (strcmp(v, "blkparse") != 0)
			return (fail(o, op->name, "'%s' is not blkparse", v));
		o->export_fmt = v;
		break;
	}
	return (0);
}

/* --import-dev=MAJ,MIN. */
static int
import_dev(struct opts *o, const char *v)
{
	const char	*c = strchr(v, ',');
	char		 ma[16];
	const char	*why;
	uint64_t	 a, b;

	if (c == NULL || (size_t)(c - v) >= sizeof ma)
		return (fail(o, "import-dev", "'%s' is not MAJOR,MINOR", v));
	memcpy(ma, v, (size_t)(c - v));
	ma[c - v] = '\0';
	if (parse_uint(ma, 0, 4095, &a, &why) != 0 ||
	    parse_uint(c + 1, 0, 1048575, &b, &why) != 0)
		return (fail(o, "import-dev", "'%s' is not MAJOR,MINOR "
		    "(0-4095,0-1048575)", v));
	o->import_dev = (uint32_t)(a << 20 | b);
	o->import_dev_given = 1;
	return (0);
}

/* --limit=NAME=SIZE (or =N for a count of events; bounds.h). */
static int
limit(struct opts *o, const char *v)
{
	const char	*eq = strchr(v, '='), *why;
	uint64_t	 n;
	int		 id;

	if (eq == NULL || (id = bounds_find(v, (size_t)(eq - v))) < 0)
		return (fail(o, "limit", "'%s' is not NAME=SIZE with a NAME "
		    "--help lists", v));
	if (bounds_events((enum bound_id)id) ?
	    parse_uint(eq + 1, 1, UINT64_MAX, &n, &why) != 0 :
	    parse_size(eq + 1, &n, &why) != 0 || n == 0)
		return (fail(o, "limit", "'%s': expected a positive number",
		    v));
	o->limit[id] = n;
	return (0);
}

/* How the real-trace options combine; -1 with o->err set if they do not. */
static int
trace_rules(struct opts *o)
{
	/* --import with --export converts a trace: one mode. */
	int	modes = (o->import_file != NULL) + (o->capture != NULL) +
		    (o->export_fmt != NULL && o->import_file == NULL);
	int	framed;

	if (o->action != OPTS_RUN)
		return (0);
	if (modes > 1)
		return (fail(o, NULL, "%s", "--import, --capture and --export "
		    "do not combine"));
	if (o->import_dev_given && o->import_file == NULL)
		return (fail(o, "import-dev", "%s", "only applies to --import"));
	if (o->capture_out != NULL && o->capture == NULL)
		return (fail(o, "capture-out", "%s", "only applies to "
		    "--capture"));
	if (modes == 0)
		return (0);
	/* An import's frames, and how many of them, are its own. */
	framed = o->import_file != NULL && o->export_fmt == NULL &&
	    o->headless && !o->until_label;
	/* A lesson over a trace may capture yours (lesson.h). */
	if (o->capture != NULL && !o->headless && modes == 1 &&
	    (o->nfiles > 0 || o->demo_name != NULL) && o->record == NULL &&
	    o->trace == NULL && !o->frames && !o->until_label &&
	    !o->until_events)
		return (0);
	if (o->nfiles > 0 || o->demo_name != NULL || o->record != NULL ||
	    o->trace != NULL || o->until_label ||
	    (!framed && (o->frames || o->until_events)))
		return (fail(o, NULL, "%s", "--import, --capture and --export "
		    "do not combine with demo files, --record, --trace, "
		    "--frames or --until (but --headless --import takes "
		    "--frames and --until=N)"));
	if (o->import_file != NULL && !o->headless && o->summary)
		return (fail(o, "summary", "%s", "of an import: with "
		    "--headless --import"));
	if (o->export_fmt != NULL && !o->headless)
		return (fail(o, "export", "%s", "needs --headless"));
	return (0);
}

/* How --predict and --answers combine; -1 with o->err set if not. */
static int
predict_rules(struct opts *o)
{
	int	demo = o->nfiles > 0 || o->demo_name != NULL;

	if (o->answers != NULL && !o->predict)
		return (fail(o, "answers", "%s", "only applies to --predict"));
	if (!o->predict || o->action != OPTS_RUN)
		return (0);
	if (demo)
		return (fail(o, "predict", "%s", "a demo file turns it on with "
		    "its own `predict` item (and answers with `answer`)"));
	if (o->headless && o->answers == NULL)
		return (fail(o, "predict", "%s", "with --headless there is no "
		    "student to ask: give the answers, --answers=abca..."));
	if (!o->headless && o->answers != NULL)
		return (fail(o, "answers", "%s", "only with --headless (the "
		    "student answers with the keys a-d)"));
	if (o->trace != NULL || o->until_label || o->until_events ||
	    o->import_file != NULL || o->capture != NULL ||
	    o->export_fmt != NULL)
		return (fail(o, "predict", "%s", "does not combine with --trace, "
		    "--until, --import, --capture or --export (it stops when "
		    "the answers run out)"));
	return (0);
}

/* How the demo-file options combine; -1 with o->err set if they do not. */
static int
demo_rules(struct opts *o)
{
	int	demo = o->nfiles > 0 || o->demo_name != NULL;

	if (o->action == OPTS_CHECK) {
		if (o->nfiles == 0)
			return (fail(o, "check", "%s", "expected demo files"));
		return (0);
	}
	if (o->nfiles > 0 && o->action != OPTS_RUN)
		return (fail(o, NULL, "unexpected argument '%s' (try --help)",
		    o->files[0]));
	if (o->nfiles > 1)
		return (fail(o, NULL, "one demo file at a time (--check takes "
		    "several): '%s'", o->files[1]));
	if (o->nfiles > 0 && o->demo_name != NULL)
		return (fail(o, "demo", "%s", "a demo file was also given"));
	if (o->force && o->record == NULL && o->cast == NULL &&
	    o->capture_out == NULL && o->svg == NULL)
		return (fail(o, "force", "%s", "only applies to --record, "
		    "--cast, --svg and --capture-out"));
	if (o->record != NULL && (demo || o->headless))
		return (fail(o, "record", "%s", "records an interactive session "
		    "(not with --headless or a demo file)"));
	if (o->svg != NULL && (o->import_file != NULL || o->capture != NULL ||
	    o->export_fmt != NULL))
		return (fail(o, "svg", "%s", "draws raviz's own run (not with "
		    "--import, --capture or --export)"));
	if (o->svg != NULL && !o->headless)
		return (fail(o, "svg", "%s", "needs --headless (on the screen, "
		    "the S key writes the frame shown)"));
	if (o->cast != NULL && (!demo || !o->headless))
		return (fail(o, "cast", "%s", "needs --headless and a demo file "
		    "(or --demo NAME)"));
	if (demo && o->scenario_given)
		return (fail(o, NULL, "%s", "a demo file sets its own scenario: "
		    "drop the scenario options (or edit its 'set' lines)"));
	if (demo && (o->trace != NULL || o->until_label || o->until_events))
		return (fail(o, NULL, "%s", "--trace and --until do not apply "
		    "to a demo file"));
	return (0);
}

/*
 * May the word after argv[ai] be its value?  Not when it is missing or an
 * option ("--bs --headless": --bs expects a value); "--" alone may be.
 */
static int
value_next(int argc, char **argv, int ai)
{
	return (ai + 1 < argc && !(strncmp(argv[ai + 1], "--", 2) == 0 &&
	    argv[ai + 1][2] != '\0'));
}

/* Does option op pick a command other than running (the --list-*...)? */
static int
command_opt(const struct opt *op)
{
	return (op->action != OPTS_RUN);
}

/* Parse the command line. */
int
opts_parse(struct opts *o, int argc, char **argv)
{
	struct devset			 ds;
	const struct opt		*op;
	const struct scenario_opt	*so;
	const char			*arg, *eq, *v, *cmd_name = NULL;
	size_t				 len, i;
	int				 ai, custom;

	memset(o, 0, sizeof *o);
	memset(&ds, 0, sizeof ds);
	sim_config_default(&o->cfg);
	o->import_dev = UINT32_MAX;
	o->frame_cols = 80;
	o->frame_rows = 24;
	for (ai = 1; ai < argc; ai++) {
		arg = argv[ai];
		if (strcmp(arg, "-h") == 0)
			arg = "--help";
		else if (strcmp(arg, "-V") == 0)
			arg = "--version";
		/* --check-theme takes every file that follows it. */
		if (o->action == OPTS_CHECK_THEME && arg[0] != '-') {
			if (check_file(o, arg) != 0)
				return (-1);
			continue;
		}
		if (strncmp(arg, "--", 2) != 0 || arg[2] == '\0') {
			if (arg[0] == '-' && arg[1] != '\0')
				return (fail(o, NULL, "unknown option '%s' "
				    "(try --help)", arg));
			/* A demo file; "-" (stdin) is not supported. */
			if (arg[0] == '\0' || strcmp(arg, "-") == 0)
				return (fail(o, NULL, "unexpected argument '%s' "
				    "(try --help)", arg));
			if (o->nfiles == OPTS_FILES_MAX)
				return (fail(o, NULL, "more than %s demo files",
				    "64"));
			o->files[o->nfiles++] = arg;
			continue;
		}
		arg += 2;
		eq = strchr(arg, '=');
		len = eq ? (size_t)(eq - arg) : strlen(arg);
		op = NULL;
		for (i = 0; i < sizeof table / sizeof table[0]; i++) {
			if (strlen(table[i].name) == len &&
			    strncmp(table[i].name, arg, len) == 0)
				op = &table[i];
		}
		so = scenario_find(arg, len);
		if (op == NULL && so == NULL)
			return (fail(o, NULL, "unknown option '%s' (try --help)",
			    argv[ai]));
		if (so != NULL) {
			if (eq != NULL)
				v = eq + 1;
			else if (value_next(argc, argv, ai))
				v = argv[++ai];
			else
				return (fail(o, so->name, "%s",
				    "expects a value"));
			if (scenario(o, &ds, so, v) != 0)
				return (-1);
			continue;
		}
		if (op->kind == K_FLAG) {
			if (eq != NULL)
				return (fail(o, op->name, "%s",
				    "takes no value"));
			v = "";
		} else if (eq != NULL)
			v = eq + 1;
		else if (value_next(argc, argv, ai))
			v = argv[++ai];
		else
			return (fail(o, op->name, "%s", "expects a value"));
		if (command_opt(op)) {
			/* One command at a time: none is silently dropped. */
			if (cmd_name != NULL && strcmp(cmd_name, op->name) != 0) {
				snprintf(o->err, sizeof o->err, "--%s and --%s "
				    "cannot be combined: one command at a time",
				    cmd_name, op->name);
				return (-1);
			}
			cmd_name = op->name;
		}
		if (apply(o, op, v) != 0)
			return (-1);
	}

	/* Preset, then the user's device fields over it. */
	if (ds.preset != NULL)
		o->cfg.device = *ds.preset;
	custom = 0;
	for (i = 0; i < scenario_nopts && i < sizeof ds.given; i++)
		if (ds.given[i] && (scenario_opts[i].flags & SCENARIO_DEV)) {
			scenario_copy(&scenario_opts[i], &o->cfg, &ds.cfg);
			custom = 1;
		}
	if (custom)
		o->cfg.device.name = "custom";
	/* A regular file submits one bio per window: about 1 us a page. */
	so = scenario_find("cpu-submit", strlen("cpu-submit"));
	if (o->cfg.source == SIM_SOURCE_FILE &&
	    !ds.given[so - scenario_opts])
		o->cfg.cpu.submit_ns = 1000;

	if (demo_rules(o) != 0 || trace_rules(o) != 0 ||
	    predict_rules(o) != 0)
		return (-1);
	/*
	 * Headless, the summary is the output when nothing else is asked
	 * for; after the screen nothing is printed unless asked (quitting
	 * leaves the terminal as it was, as full-screen programs do).
	 */
	if (o->headless && !o->trace && !o->frames && !o->predict &&
	    !o->summary)
		o->summary = o->summary_default = 1;
	if (o->action == OPTS_RUN &&
	    (v = sim_config_check(&o->cfg)) != NULL) {
		snprintf(o->err, sizeof o->err, "--%s", v);
		return (-1);
	}
	return (0);
}
