/*
 * opts.c - command-line parsing.  The scenario options come from the one
 * scenario table (scenario.h); a table here maps every other long option to
 * a handler; values come as --name=VALUE or --name VALUE.  As with
 * getopt_long(), a name may be cut to any prefix that is not ambiguous
 * (--hel), and "--" ends the options: every word after it is a file.  An
 * unknown name is answered with the nearest known one ("did you mean
 * --mode?"), a bad value is echoed back.  Device options
 * are applied after --device regardless of their order, so that
 * "--bandwidth=500 --device=hdd" means the hdd preset with 500 MB/s.
 * Values echoed in error messages are escaped (fmt_escape()).
 */
#include "config.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "fmt.h"
#include "mode.h"
#include "opts.h"
#include "parse.h"
#include "scenario.h"
#include "sweep.h"

enum kind { K_FLAG, K_VALUE };

struct opts;
static int	demo_rules(struct opts *);
static int	trace_rules(struct opts *);
static int	stdout_rules(struct opts *);
static int	import_dev(struct opts *, const char *);
static int	limit(struct opts *, const char *);

/* How apply() treats an option. */
enum {
	O_SET,		/* the int at field becomes 1 */
	O_COMMAND,	/* o->action becomes action */
	O_NAME,		/* the string at field: a value, empty refused */
	/* the others, each its own case */
	O_UNTIL, O_COLS, O_ROWS, O_CHECKTHEME, O_IMPORTDEV, O_EXPORT, O_PACE,
	O_ANSWERS, O_LIMIT, O_SWEEP, O_BESIDE
};

/* The sections of --help after the scenario's, in order. */
enum sect { S_HEADLESS, S_LOOK, S_DEMO, S_COMPARE, S_TRACES, S_OTHER,
    S_COUNT };

static const struct {
	const char	*head;		/* title, and lines before the options */
	const char	*tail;		/* lines after them */
} sects[S_COUNT] = {
	[S_HEADLESS] = { "Headless:\n", "" },
	[S_LOOK] = { "Look:\n", "" },
	[S_DEMO] = { "Demo files (lessons and recorded sessions):\n"
	    "  raviz FILE.demo            replay a demo file (keys work as "
	    "usual)\n",
	    "With --headless a demo replays at its event numbers (no waiting);\n"
	    "--frames prints a frame after each of its items.\n" },
	[S_COMPARE] = { "Compare and slides:\n", "" },
	[S_TRACES] = { "Real kernels (block traces):\n", "" },
	[S_OTHER] = { "", "" },
};

/*
 * One long option: how it is parsed (kind, id, field; a command - action
 * other than OPTS_RUN - excludes any other command; empty is what an
 * empty O_NAME value is told) and how --help and --list-options show it
 * (sect; arg, after '=' for a value, after a space for a flag that takes
 * the words that follow; help, '\n' continuing the text; words, the
 * completions of its value: literal words, and FILE, THEME or DEMO for
 * file, theme and lesson names).
 */
struct opt {
	const char	*name;
	enum kind	 kind;
	int		 id;
	size_t		 field;
	enum opts_action action;
	const char	*empty;
	enum sect	 sect;
	const char	*arg;
	const char	*help;
	const char	*words;
};

#define FIELD(f)	offsetof(struct opts, f)

static const struct opt table[] = {
	{ "headless", K_FLAG, O_SET, FIELD(headless), OPTS_RUN, NULL,
	    S_HEADLESS, NULL, "run without a terminal", NULL },
	{ "summary", K_FLAG, O_SET, FIELD(summary), OPTS_RUN, NULL,
	    S_HEADLESS, NULL, "print key: value results (the default of\n"
	    "--headless; after the screen only if given)", NULL },
	{ "trace", K_VALUE, O_NAME, FIELD(trace), OPTS_RUN,
	    "expected a file name or -", S_HEADLESS, "FILE|-",
	    "JSON Lines: a header, then one object per\nevent (- is stdout, "
	    "then without --summary)", "- FILE" },
	{ "frames", K_FLAG, O_SET, FIELD(frames), OPTS_RUN, NULL,
	    S_HEADLESS, NULL, "a text frame after each event", NULL },
	{ "cols", K_VALUE, O_COLS, 0, OPTS_RUN, NULL, S_HEADLESS, "N",
	    "frame width (default 80)", NULL },
	{ "rows", K_VALUE, O_ROWS, 0, OPTS_RUN, NULL, S_HEADLESS, "N",
	    "frame height (default 24)", NULL },
	{ "until", K_VALUE, O_UNTIL, 0, OPTS_RUN, NULL, S_HEADLESS,
	    "T1..T5|N", "stop after that moment, or after N events",
	    "T1 T2 T3 T4 T5" },
	{ "no-skip", K_FLAG, O_SET, FIELD(cfg.no_skip), OPTS_RUN, NULL,
	    S_HEADLESS, NULL, "step every event (no jumps over repeated\n"
	    "periods or cached reads: the same results, slower)", NULL },
	/* predict-then-reveal */
	{ "predict", K_FLAG, O_SET, FIELD(predict), OPTS_RUN, NULL,
	    S_HEADLESS, NULL, "ask before each window, flush and stall what\n"
	    "happens next (key P); headless with:", NULL },
	{ "answers", K_VALUE, O_ANSWERS, 0, OPTS_RUN, NULL, S_HEADLESS,
	    "LETTERS", "the answers, a-d, one per question", NULL },
	/* the look */
	{ "theme", K_VALUE, O_NAME, FIELD(theme), OPTS_RUN,
	    "expected a theme name or path", S_LOOK, "NAME|PATH",
	    "colours and glyphs (default: $RAVIZ_THEME, else\ndefault); NAME "
	    "is looked up in\n$XDG_CONFIG_HOME/raviz/themes, then the\n"
	    "installed themes", "THEME FILE" },
	{ "list-themes", K_FLAG, O_COMMAND, 0, OPTS_LIST_THEMES, NULL,
	    S_LOOK, NULL, "the themes found, with their files", NULL },
	{ "check-theme", K_VALUE, O_CHECKTHEME, 0, OPTS_CHECK_THEME, NULL,
	    S_LOOK, "FILE...", "check theme files, report every problem",
	    "FILE" },
	{ "no-color", K_FLAG, O_SET, FIELD(no_color), OPTS_RUN, NULL,
	    S_LOOK, NULL, "no colour (also when NO_COLOR is set)", NULL },
	{ "ascii", K_FLAG, O_SET, FIELD(ascii), OPTS_RUN, NULL, S_LOOK, NULL,
	    "ASCII glyphs only (also in a non-UTF-8 locale)", NULL },
	{ "no-mouse", K_FLAG, O_SET, FIELD(no_mouse), OPTS_RUN, NULL, S_LOOK,
	    NULL, "leave the mouse to the terminal (selecting\ntext) instead "
	    "of clicks and the wheel", NULL },
	{ "pace", K_VALUE, O_PACE, 0, OPTS_RUN, NULL, S_LOOK, "events|time",
	    "play N events a second (default, 10 ev/s) or\nsimulated time a "
	    "second (1 ms/s; key t)", "events time" },
	/* demo files */
	{ "demo", K_VALUE, O_NAME, FIELD(demo_name), OPTS_RUN,
	    "expected a name", S_DEMO, "NAME",
	    "replay an installed lesson (see --list-demos)", "DEMO" },
	{ "list-demos", K_FLAG, O_COMMAND, 0, OPTS_LIST_DEMOS, NULL, S_DEMO,
	    NULL, "the installed lessons and their titles", NULL },
	{ "record", K_VALUE, O_NAME, FIELD(record), OPTS_RUN,
	    "expected a name", S_DEMO, "FILE", "record this session into FILE",
	    "FILE" },
	{ "force", K_FLAG, O_SET, FIELD(force), OPTS_RUN, NULL, S_DEMO, NULL,
	    "let --record, --cast, --svg, --trace,\n--storyboard, --capture-out or "
	    "--export=blktrace\nreplace an existing regular FILE (and lift the\n"
	    "bound on what --cast and --trace write)", NULL },
	{ "check", K_FLAG, O_COMMAND, 0, OPTS_CHECK, NULL, S_DEMO, "FILE...",
	    "validate demo files, report every problem", NULL },
	{ "cast", K_VALUE, O_NAME, FIELD(cast), OPTS_RUN, "expected a name",
	    S_DEMO, "OUT.cast", "with --headless: write an asciicast v2 file\n"
	    "(colours and glyphs as the terminal would show)", "FILE" },
	{ "svg", K_VALUE, O_NAME, FIELD(svg), OPTS_RUN, "expected a name",
	    S_DEMO, "OUT.svg", "with --headless: the last frame as an SVG",
	    "FILE" },
	/* compare and slides */
	{ "compare", K_FLAG, O_SET, FIELD(compare), OPTS_RUN, NULL,
	    S_COMPARE, NULL, "with --headless: the scenario beside its other\n"
	    "mode, as the c key shows it: the frame at\n--until or the end "
	    "(--frames: after each\nevent), --svg, --cast (the moments, held), "
	    "and\nthe difference's figures as the summary", NULL },
	{ "storyboard", K_VALUE, O_NAME, FIELD(storyboard), OPTS_RUN,
	    "expected a directory", S_COMPARE, "DIR", "with --headless: "
	    "DIR/T1.svg..T5.svg and\nend.svg, buggy beside fixed, each with a "
	    "title\nand the moment's meaning (--cols/--rows)", "FILE" },
	{ "sweep", K_VALUE, O_SWEEP, 0, OPTS_RUN, NULL, S_COMPARE,
	    "bs|ra|idle-penalty", "the whole file in the three modes across\n"
	    "that parameter's range, every point a run\nof the engine: the "
	    "sweep screen (key w), or\nwith --headless a table and a chart", "bs ra idle-penalty" },
	/* real traces */
	{ "import", K_VALUE, O_NAME, FIELD(import_file), OPTS_RUN,
	    "expected a file name", S_TRACES, "FILE",
	    "animate a real block trace (c: beside the\nmodel); with "
	    "--headless: its summary, or\nits --frames\n(ftrace text, "
	    "trace-cmd report, perf script,\nblkparse text; detected from the "
	    "content)", "FILE" },
	{ "beside", K_VALUE, O_BESIDE, 0, OPTS_RUN, NULL, S_TRACES, "MODE",
	    "with --headless --import: its summary beside\nthe model's "
	    "configured from it (in MODE,\nmodern for today's kernel), key "
	    "by key", MODE_NAMES_BAR },
	{ "import-dev", K_VALUE, O_IMPORTDEV, 0, OPTS_RUN, NULL, S_TRACES,
	    "MAJ,MIN", "the device to import (default: most data read)",
	    NULL },
	{ "capture", K_VALUE, O_NAME, FIELD(capture), OPTS_RUN,
	    "expected a file name", S_TRACES, "PATH",
	    "as root: read PATH (file or block device) like\ndd with --bs and "
	    "--file-size, tracing its\ndevice's block events through tracefs",
	    "FILE" },
	{ "capture-out", K_VALUE, O_NAME, FIELD(capture_out), OPTS_RUN,
	    "expected a file name", S_TRACES, "FILE",
	    "where the capture goes (default: a new\nraviz-capture-N.trace in "
	    "the current directory)", "FILE" },
	{ "export", K_VALUE, O_EXPORT, 0, OPTS_RUN, NULL, S_TRACES,
	    "FORMAT", "with --headless: the model's run as blkparse\ntext "
	    "(blkparse) or as blktrace's binary\nDIR/sda.blktrace.0 "
	    "(blktrace=DIR); with\n--import: the imported device's events",
	    "blkparse blktrace=" },
	{ "limit", K_VALUE, O_LIMIT, 0, OPTS_RUN, NULL, S_OTHER, "NAME=SIZE",
	    "lift (or lower) a bound on what raviz reads\nor writes (below)",
	    NULL },
	/* the other commands */
	{ "list-devices", K_FLAG, O_COMMAND, 0, OPTS_LIST_DEVICES, NULL,
	    S_OTHER, NULL, "describe the device presets", NULL },
	{ "list-options", K_FLAG, O_COMMAND, 0, OPTS_LIST_OPTIONS, NULL,
	    S_OTHER, NULL, "every option and its values (shell completion)",
	    NULL },
	{ "help", K_FLAG, O_COMMAND, 0, OPTS_HELP, NULL, S_OTHER, NULL,
	    "this text", NULL },
	{ "version", K_FLAG, O_COMMAND, 0, OPTS_VERSION, NULL, S_OTHER, NULL,
	    "version and licence", NULL },
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

static const char usage_head[] =
"Usage: raviz [OPTION]... [FILE.demo]\n"
"Watch Linux readahead and block-layer plugging interact (2.6.38 -> 3.2).\n"
"\n"
"Scenario:\n";

static const char usage_units[] =
"SIZE takes k, M, G, T, P, E suffixes (powers of 1024); TIME needs its unit,\n"
"ns, us, ms or s (0 aside); RATE is bytes/s, MB/s when bare (270, 3GB/s), or\n"
"bits/s with a lower-case b (3Gb/s = 375 MB/s).\n";

static const char usage_foot[] =
"Long options may be shortened to any prefix that is not ambiguous; \"--\"\n"
"ends the options.  Exit status: 0 success, 1 failure, 2 bad usage or input.\n"
"Manual: man raviz; demo files: man raviz-demo; themes: man raviz-theme.\n";

/*
 * What --help puts between an option and its argument: '=' for a value,
 * a space before the words a flag or --check-theme takes ("FILE...").
 */
static char
sep(const struct opt *op)
{
	size_t	n = op->arg != NULL ? strlen(op->arg) : 0;

	return (op->kind == K_FLAG || (n > 3 &&
	    strcmp(op->arg + n - 3, "...") == 0) ? ' ' : '=');
}

/* The --help text: the scenario table's lines, then this table's. */
const char *
opts_usage(void)
{
	static char	 text[12288];
	char		 bounds[1024];
	size_t		 off = 0, i;
	int		 sc;

	if (text[0] != '\0')
		return (text);
	fmt_append(text, sizeof text, &off, "%s", usage_head);
	off += scenario_usage(text + off, off < sizeof text ?
	    sizeof text - off : 0);
	fmt_append(text, sizeof text, &off, "%s", usage_units);
	for (sc = 0; sc < S_COUNT; sc++) {
		fmt_append(text, sizeof text, &off, "\n%s", sects[sc].head);
		for (i = 0; i < sizeof table / sizeof table[0]; i++) {
			if (table[i].sect != (enum sect)sc)
				continue;
			fmt_option(text, sizeof text, &off, table[i].name,
			    sep(&table[i]), table[i].arg, table[i].help, "");
			if (table[i].id != O_LIMIT)
				continue;
			/* The bounds it names, with their defaults. */
			bounds_usage(bounds, sizeof bounds);
			fmt_append(text, sizeof text, &off, "%s", bounds);
		}
		fmt_append(text, sizeof text, &off, "%s", sects[sc].tail);
	}
	fmt_append(text, sizeof text, &off, "\n%s", usage_foot);
	return (text);
}

/* Print "\t" and the first line of help h (a description for a shell). */
static void
list_help(FILE *f, const char *h)
{
	fprintf(f, "\t%.*s\n", (int)strcspn(h, "\n"), h);
}

/*
 * Every long option, one a line, for shell completion: "--name" for a
 * flag, "--name=" for an option with a value; a tab and the words its
 * value completes to (see struct opt; the scenario's: their values, or
 * their placeholder, SIZE, TIME ...); a tab and the first line of its
 * help.
 */
void
opts_list(FILE *f)
{
	const struct scenario_opt	*so;
	size_t				 i, k;
	const char			*a;

	for (i = 0; i < scenario_nopts; i++) {
		so = &scenario_opts[i];
		fprintf(f, "--%s=\t", so->name);
		if (so->type == SCENARIO_DEVICE)
			for (k = 0; k < sim_preset_count(); k++)
				fprintf(f, "%s%s", k > 0 ? " " : "",
				    sim_preset(k)->name);
		else
			for (a = so->arg; *a != '\0'; a++)
				fputc(*a == '|' ? ' ' : *a, f);
		list_help(f, so->help);
	}
	for (i = 0; i < sizeof table / sizeof table[0]; i++) {
		fprintf(f, "--%s%s\t", table[i].name,
		    table[i].kind == K_FLAG ? "" : "=");
		/* Words as the scenario's: "a|b" completes to a and b. */
		for (a = table[i].words != NULL ? table[i].words :
		    table[i].kind == K_FLAG ? "" : table[i].arg; *a != '\0';
		    a++)
			fputc(*a == '|' ? ' ' : *a, f);
		list_help(f, table[i].help);
	}
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
	enum view_mode	 vm;

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
			return (fail(o, op->name, "'%s': expected letters a to "
			    "d, one answer per question (--answers=abca)", v));
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
			return (fail(o, op->name, "'%s' is not a whole number "
			    "from 40 to 1000", v));
		o->frame_cols = (unsigned)n;
		break;
	case O_ROWS:
		if (parse_uint(v, 10, 1000, &n, &why) != 0)
			return (fail(o, op->name, "'%s' is not a whole number "
			    "from 10 to 1000", v));
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
	case O_SWEEP:
		if ((o->sweep = (int)sweep_kind(v)) == SWEEP_NONE)
			return (fail(o, op->name, "'%s' is not bs, ra or "
			    "idle-penalty", v));
		break;
	case O_BESIDE:
		if (mode_parse(v, &vm) != 0)
			return (fail(o, op->name, "'%s' is not "
			    MODE_NAMES_OR, v));
		o->beside = 1 + (int)vm;
		break;
	case O_EXPORT:
		if (strncmp(v, "blktrace=", 9) == 0 && v[9] != '\0') {
			o->export_fmt = "blktrace";
			o->export_dir = v + 9;
		} else if (strcmp(v, "blkparse") == 0)
			o->export_fmt = v;
		else
			return (fail(o, op->name, "'%s' is not blkparse or "
			    "blktrace=DIR", v));
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
	if (o->beside && (o->import_file == NULL || !o->headless ||
	    o->export_fmt != NULL || o->frames || o->until_events))
		return (fail(o, "beside", "%s", "prints a trace's summary "
		    "beside its model's: with --headless --import only (on the "
		    "screen, c puts the model beside it)"));
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
	if (o->import_file != NULL && strcmp(o->import_file, "-") == 0 &&
	    !o->headless)
		return (fail(o, "import", "%s", "'-' (standard input) needs "
		    "--headless: the screen reads its keys there"));
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

/*
 * One stream, one format: the JSON Lines trace on stdout (--trace=-) is
 * not mixed with the summary's key: value lines or with frames (a reader
 * of either would choke on the other).  -1 with o->err set if asked.
 */
static int
stdout_rules(struct opts *o)
{
	if (o->trace == NULL || strcmp(o->trace, "-") != 0 ||
	    o->action != OPTS_RUN)
		return (0);
	if (o->summary)
		return (fail(o, "summary", "%s", "not with --trace=- (one "
		    "stream, one format): --trace=FILE gives both"));
	if (o->frames)
		return (fail(o, "frames", "%s", "not with --trace=- (one "
		    "stream, one format): --trace=FILE gives both"));
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
	    o->capture_out == NULL && o->svg == NULL && o->trace == NULL &&
	    o->storyboard == NULL && o->export_dir == NULL)
		return (fail(o, "force", "%s", "only applies to --record, "
		    "--cast, --svg, --trace, --storyboard, --capture-out and "
		    "--export=blktrace"));
	if ((o->compare || o->storyboard != NULL) && (demo ||
	    o->import_file != NULL || o->capture != NULL ||
	    o->export_fmt != NULL || o->predict || o->trace != NULL))
		return (fail(o, o->compare ? "compare" : "storyboard", "%s",
		    "shows raviz's own scenario in two modes (not with a demo "
		    "file, --import, --capture, --export, --predict or "
		    "--trace)"));
	if (o->sweep && (demo || o->import_file != NULL || o->capture != NULL ||
	    o->export_fmt != NULL || o->predict || o->trace != NULL ||
	    o->compare || o->storyboard != NULL || o->cast != NULL ||
	    o->record != NULL))
		return (fail(o, "sweep", "%s", "shows its own table and chart "
		    "(not with a demo file, --import, --capture, --export, "
		    "--predict, --trace, --compare, --storyboard, --cast or "
		    "--record)"));
	if ((o->compare || o->storyboard != NULL) && !o->headless)
		return (fail(o, o->compare ? "compare" : "storyboard", "%s",
		    "needs --headless (on the screen, the c key compares)"));
	if (o->storyboard != NULL && (o->compare || o->svg != NULL ||
	    o->cast != NULL || o->frames))
		return (fail(o, "storyboard", "%s", "writes its own SVG slides "
		    "(not with --compare, --svg, --cast or --frames)"));
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
	if (o->cast != NULL && ((!demo && !o->compare) || !o->headless))
		return (fail(o, "cast", "%s", "needs --headless and a demo file "
		    "(or --demo NAME, or --compare)"));
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

/*
 * Edit distance between a[0 .. la) and b (insertions, deletions,
 * substitutions and swaps of two neighbours cost 1), capped at 9: only
 * near misses matter.
 */
static unsigned
distance(const char *a, size_t la, const char *b)
{
	unsigned	d[3][40], best;
	size_t		lb = strlen(b), i, j;

	if (la >= 39 || lb >= 39)
		return (9);
	for (j = 0; j <= lb; j++)
		d[0][j] = (unsigned)j;
	for (i = 1; i <= la; i++) {
		unsigned	*cur = d[i % 3], *prev = d[(i + 2) % 3];
		unsigned	*pp = d[(i + 1) % 3];

		cur[0] = (unsigned)i;
		for (j = 1; j <= lb; j++) {
			best = prev[j - 1] + (a[i - 1] != b[j - 1]);
			if (prev[j] + 1 < best)
				best = prev[j] + 1;
			if (cur[j - 1] + 1 < best)
				best = cur[j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && pp[j - 2] + 1 < best)
				best = pp[j - 2] + 1;
			cur[j] = best;
		}
	}
	return (d[la % 3][lb] > 9 ? 9 : d[la % 3][lb]);
}

/* The i-th long option name of both tables (this table's first), or NULL. */
static const char *
nth_name(size_t i)
{
	const size_t	n = sizeof table / sizeof table[0];

	if (i < n)
		return (table[i].name);
	if (i - n < scenario_nopts)
		return (scenario_opts[i - n].name);
	return (NULL);
}

/*
 * The option a long name (name[0 .. len)) means: an exact name, else the
 * one name it begins, from either table (*op or *so set, the other NULL).
 * -1 with o->err set (shown as given) when it is ambiguous or unknown,
 * with the nearest name as a suggestion.
 */
static int
lookup(struct opts *o, const char *shown, const char *name, size_t len,
    const struct opt **op, const struct scenario_opt **so)
{
	const char	*n, *hit = NULL, *near = NULL;
	char		 list[160], esc[120];
	size_t		 i, nhits = 0, off = 0;
	unsigned	 d, best = 9;

	*op = NULL;
	*so = scenario_find(name, len);
	for (i = 0; i < sizeof table / sizeof table[0]; i++)
		if (strlen(table[i].name) == len &&
		    strncmp(table[i].name, name, len) == 0)
			*op = &table[i];
	if (*op != NULL || *so != NULL)
		return (0);
	list[0] = '\0';
	for (i = 0; len > 0 && (n = nth_name(i)) != NULL; i++)
		if (strncmp(n, name, len) == 0) {
			hit = n;
			fmt_append(list, sizeof list, &off, "%s--%s",
			    nhits++ > 0 ? " " : "", n);
		}
	if (nhits == 1) {
		*so = scenario_find(hit, strlen(hit));
		for (i = 0; *so == NULL && i < sizeof table / sizeof table[0];
		    i++)
			if (table[i].name == hit)
				*op = &table[i];
		return (0);
	}
	fmt_escape_str(esc, sizeof esc, shown);
	if (nhits > 1) {
		snprintf(o->err, sizeof o->err, "option '%s' is ambiguous: %s",
		    esc, list);
		return (-1);
	}
	/* Near enough: a third of the letters at most (--mdoe: --mode). */
	for (i = 0; (n = nth_name(i)) != NULL; i++) {
		d = distance(name, len, n);
		if (d < best && 3 * d <= (len > strlen(n) ? len : strlen(n))) {
			best = d;
			near = n;
		}
	}
	if (near != NULL)
		snprintf(o->err, sizeof o->err, "unknown option '%s'; did you "
		    "mean --%s? (try --help)", esc, near);
	else
		snprintf(o->err, sizeof o->err, "unknown option '%s' (try "
		    "--help)", esc);
	return (-1);
}

/*
 * A word that is not an option (a demo file, or a theme file after
 * --check-theme); after "--" (dashdash) even one starting with '-'.
 */
static int
operand(struct opts *o, const char *arg, int dashdash)
{
	const char	*name, *eq;
	char		 esc[120];
	const struct opt *op;
	const struct scenario_opt *so;

	if (o->action == OPTS_CHECK_THEME && (dashdash || arg[0] != '-'))
		return (check_file(o, arg));
	if (!dashdash && arg[0] == '-' && arg[1] != '\0') {
		/* -mode=fixed: one dash short of an option? */
		name = arg + 1;
		eq = strchr(name, '=');
		if (strlen(name) > 1 && lookup(o, arg, name, eq != NULL ?
		    (size_t)(eq - name) : strlen(name), &op, &so) == 0) {
			snprintf(o->err, sizeof o->err, "unknown option '%s'; "
			    "did you mean -%s? (try --help)",
			    fmt_escape_str(esc, sizeof esc, arg), esc);
			return (-1);
		}
		return (fail(o, NULL, "unknown option '%s' (try --help)", arg));
	}
	/* A demo file; "-" (stdin) is not supported. */
	if (arg[0] == '\0' || strcmp(arg, "-") == 0)
		return (fail(o, NULL, "unexpected argument '%s' (try --help)",
		    arg));
	if (o->nfiles == OPTS_FILES_MAX)
		return (fail(o, NULL, "more than %s demo files", "64"));
	o->files[o->nfiles++] = arg;
	return (0);
}

/* Parse the command line; opts_parse() finishes the error text. */
static int
parse(struct opts *o, int argc, char **argv)
{
	struct devset			 ds;
	const struct opt		*op;
	const struct scenario_opt	*so;
	const char			*arg, *eq, *v, *cmd_name = NULL;
	const char			*run_opt = NULL;
	size_t				 len, i;
	int				 ai, custom, dashdash = 0;

	memset(o, 0, sizeof *o);
	memset(&ds, 0, sizeof ds);
	sim_config_default(&o->cfg);
	o->import_dev = UINT32_MAX;
	o->frame_cols = 80;
	o->frame_rows = 24;
	for (ai = 1; ai < argc; ai++) {
		arg = argv[ai];
		if (dashdash) {
			if (operand(o, arg, 1) != 0)
				return (-1);
			continue;
		}
		if (strcmp(arg, "--") == 0) {
			dashdash = 1;
			continue;
		}
		if (strcmp(arg, "-h") == 0)
			arg = "--help";
		else if (strcmp(arg, "-V") == 0)
			arg = "--version";
		if (strncmp(arg, "--", 2) != 0) {
			if (operand(o, arg, 0) != 0)
				return (-1);
			continue;
		}
		arg += 2;
		eq = strchr(arg, '=');
		len = eq ? (size_t)(eq - arg) : strlen(arg);
		if (lookup(o, argv[ai], arg, len, &op, &so) != 0)
			return (-1);
		if (so != NULL && run_opt == NULL)
			run_opt = so->name;
		if (op != NULL && so == NULL && !command_opt(op) &&
		    op->id != O_LIMIT && run_opt == NULL)
			run_opt = op->name;
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

	/* A one-shot command runs nothing else: an option for a run is a
	   mistake, not something to drop silently (--help shows help). */
	if (run_opt != NULL && o->action != OPTS_RUN &&
	    o->action != OPTS_HELP && o->action != OPTS_VERSION) {
		snprintf(o->err, sizeof o->err, "--%s does not apply to --%s "
		    "(a command that runs nothing else)", run_opt, cmd_name);
		return (-1);
	}
	if (demo_rules(o) != 0 || trace_rules(o) != 0 ||
	    predict_rules(o) != 0 || stdout_rules(o) != 0)
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

/* Parse the command line; a failure's text is whole printable UTF-8. */
int
opts_parse(struct opts *o, int argc, char **argv)
{
	if (parse(o, argc, argv) == 0)
		return (0);
	/* snprintf() may have cut a character of an echoed value in two. */
	fmt_cut(o->err);
	return (-1);
}
