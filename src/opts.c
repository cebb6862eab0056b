/*
 * opts.c - command-line parsing.  A table maps each long option to a
 * handler; values come as --name=VALUE or --name VALUE.  Device options are
 * applied after --device regardless of their order, so that
 * "--bandwidth=500 --device=hdd" means the hdd preset with 500 MB/s.
 * Values echoed in error messages are escaped (fmt_escape()).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "fmt.h"
#include "opts.h"
#include "parse.h"

enum kind { K_FLAG, K_VALUE, K_OPTVALUE };

struct opts;
static int	demo_rules(struct opts *);
static int	trace_rules(struct opts *);
static int	import_dev(struct opts *, const char *);

struct opt {
	const char	*name;
	enum kind	 kind;
	int		 id;
};

enum {
	O_MODE, O_BS, O_RA, O_FILESIZE, O_DEVICE, O_BW, O_LAT, O_QD, O_DISC,
	O_PEN, O_THRESH, O_SOURCE, O_COPY, O_SUBMIT, O_SYSCALL, O_WAKE,
	O_MAXREQ, O_PLIMIT, O_UTHRESH, O_UDELAY, O_HEADLESS, O_SUMMARY, O_TRACE,
	O_FRAMES, O_UNTIL, O_COLS, O_ROWS, O_LISTDEV, O_HELP, O_VERSION,
	O_THEME, O_LISTTHEMES, O_CHECKTHEME, O_NOCOLOR, O_ASCII,
	/* demo files */
	O_RECORD, O_FORCE, O_CHECK, O_LISTDEMOS, O_DEMO, O_CAST,
	/* real traces */
	O_IMPORT, O_IMPORTDEV, O_CAPTURE, O_CAPTUREOUT, O_EXPORT
};

static const struct opt table[] = {
	{ "mode", K_VALUE, O_MODE },
	{ "bs", K_VALUE, O_BS },
	{ "ra", K_VALUE, O_RA },
	{ "file-size", K_VALUE, O_FILESIZE },
	{ "device", K_VALUE, O_DEVICE },
	{ "bandwidth", K_VALUE, O_BW },
	{ "latency", K_VALUE, O_LAT },
	{ "qd", K_VALUE, O_QD },
	{ "discipline", K_VALUE, O_DISC },
	{ "idle-penalty", K_VALUE, O_PEN },
	{ "idle-threshold", K_VALUE, O_THRESH },
	{ "source", K_VALUE, O_SOURCE },
	{ "cpu-copy", K_VALUE, O_COPY },
	{ "cpu-submit", K_VALUE, O_SUBMIT },
	{ "cpu-syscall", K_VALUE, O_SYSCALL },
	{ "cpu-wake", K_VALUE, O_WAKE },
	{ "max-request", K_VALUE, O_MAXREQ },
	{ "plug-limit", K_VALUE, O_PLIMIT },
	{ "unplug-thresh", K_VALUE, O_UTHRESH },
	{ "unplug-delay", K_VALUE, O_UDELAY },
	{ "headless", K_FLAG, O_HEADLESS },
	{ "summary", K_FLAG, O_SUMMARY },
	{ "trace", K_VALUE, O_TRACE },
	{ "frames", K_FLAG, O_FRAMES },
	{ "until", K_VALUE, O_UNTIL },
	{ "cols", K_VALUE, O_COLS },
	{ "rows", K_VALUE, O_ROWS },
	{ "list-devices", K_FLAG, O_LISTDEV },
	{ "help", K_FLAG, O_HELP },
	{ "version", K_FLAG, O_VERSION },
	{ "theme", K_VALUE, O_THEME },
	{ "list-themes", K_FLAG, O_LISTTHEMES },
	{ "check-theme", K_VALUE, O_CHECKTHEME },
	{ "no-color", K_FLAG, O_NOCOLOR },
	{ "ascii", K_FLAG, O_ASCII },
	/* demo files */
	{ "record", K_VALUE, O_RECORD },
	{ "force", K_FLAG, O_FORCE },
	{ "check", K_FLAG, O_CHECK },
	{ "list-demos", K_FLAG, O_LISTDEMOS },
	{ "demo", K_VALUE, O_DEMO },
	{ "cast", K_VALUE, O_CAST },
	/* real traces */
	{ "import", K_VALUE, O_IMPORT },
	{ "import-dev", K_VALUE, O_IMPORTDEV },
	{ "capture", K_VALUE, O_CAPTURE },
	{ "capture-out", K_VALUE, O_CAPTUREOUT },
	{ "export", K_VALUE, O_EXPORT },
};

/* Device fields the user set, applied over the preset at the end. */
struct devset {
	const char	*preset;
	int		 has_bw, has_lat, has_qd, has_disc, has_pen, has_thr;
	struct sim_device d;
	int		 has_submit;
	int		 source_file;
};

static const char usage[] =
"Usage: raviz [OPTION]...\n"
"Watch Linux readahead and block-layer plugging interact (2.6.38 -> 3.2).\n"
"\n"
"Scenario:\n"
"  --mode=buggy|fixed|legacy  plugging: 2.6.39-3.2 outer plug (default),\n"
"                             the 2012 patch, or 2.6.38 per-queue plugging\n"
"  --bs=SIZE                  read() size (default 1M)\n"
"  --ra=SIZE                  readahead maximum (default 128k)\n"
"  --file-size=SIZE           file size (default 64M)\n"
"  --source=raw|file          block device (bio per page) or ext4 file\n"
"  --device=PROFILE           report (default), sata2, sata3, hdd, nvme\n"
"  --bandwidth=RATE           B, in MB/s (270, 3G, 1.5GB/s)\n"
"  --latency=TIME             L, per command (60us)\n"
"  --qd=N                     queue depth\n"
"  --discipline=fifo|ps       completion discipline\n"
"  --idle-penalty=TIME        P, added when the device was idle...\n"
"  --idle-threshold=TIME      ...for at least this long\n"
"  --cpu-copy=TIME --cpu-submit=TIME --cpu-syscall=TIME --cpu-wake=TIME\n"
"                             host CPU costs (per page, per page, per read,\n"
"                             per wake-up)\n"
"  --max-request=SIZE         request size limit (512k)\n"
"  --plug-limit=N             3.1+: flush a plug holding N requests (16)\n"
"  --unplug-thresh=N --unplug-delay=TIME   legacy unplug rules (4, 3ms)\n"
"SIZE takes k, M, G, T suffixes (powers of 1024); TIME takes ns, us, ms, s.\n"
"\n"
"Headless:\n"
"  --headless                 run without a terminal\n"
"  --summary                  print key: value results (the default)\n"
"  --trace=FILE|-             JSON Lines, one object per event\n"
"  --frames                   a text frame after each event\n"
"  --cols=N --rows=N          frame size (default 80x24)\n"
"  --until=T1..T5|N           stop after that moment, or after N events\n"
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
"\n"
"Demo files (lessons and recorded sessions):\n"
"  raviz FILE.demo            replay a demo file (keys work as usual)\n"
"  --demo=NAME                replay an installed lesson (see --list-demos)\n"
"  --list-demos               the installed lessons and their titles\n"
"  --record=FILE              record this session into FILE\n"
"  --force                    let --record overwrite an existing FILE\n"
"  --check FILE...            validate demo files, report every problem\n"
"  --cast=OUT.cast            with --headless: write an asciicast v2 file\n"
"With --headless a demo replays at its event numbers (no waiting);\n"
"--frames prints a frame after each of its items.\n"
"\n"
"Real kernels (block traces):\n"
"  --import=FILE              with --headless: the summary of a real trace\n"
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
"  --list-devices             describe the device presets\n"
"  --help                     this text\n"
"  --version                  version and licence\n"
"\n"
"Exit status: 0 success, 1 failure, 2 bad usage or input.\n";

/* The --help text. */
const char *
opts_usage(void)
{
	return (usage);
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

/* A size in whole pages. */
static int
pages(struct opts *o, const char *name, const char *v, uint64_t *out)
{
	const char	*why;
	uint64_t	 b;

	if (parse_size(v, &b, &why) != 0)
		return (fail(o, name, "%s", why));
	if (b == 0)
		return (fail(o, name, "%s", "must be greater than zero"));
	if (b % SIM_PAGE_SIZE != 0)
		return (fail(o, name, "%s",
		    "must be a multiple of the 4 KiB page size"));
	*out = b / SIM_PAGE_SIZE;
	return (0);
}

/* A duration. */
static int
duration(struct opts *o, const char *name, const char *v, uint64_t *out)
{
	const char	*why;

	if (parse_duration(v, out, &why) != 0)
		return (fail(o, name, "%s", why));
	return (0);
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
apply(struct opts *o, struct devset *ds, const struct opt *op, const char *v)
{
	const char	*why;
	uint64_t	 n;

	/* The scenario options come first in the enum. */
	if (op->id <= O_UDELAY)
		o->scenario_given = 1;
	switch (op->id) {
	case O_MODE:
		if (sim_mode_parse(v, &o->cfg.mode) != 0)
			return (fail(o, op->name,
			    "'%s' is not buggy, fixed or legacy", v));
		break;
	case O_BS:
		return (pages(o, op->name, v, &o->cfg.read_pages));
	case O_RA:
		return (pages(o, op->name, v, &o->cfg.ra_pages));
	case O_FILESIZE:
		return (pages(o, op->name, v, &o->cfg.file_pages));
	case O_MAXREQ:
		if (pages(o, op->name, v, &n) != 0)
			return (-1);
		if (n > 65536)
			return (fail(o, op->name, "%s", "at most 256M"));
		o->cfg.max_req_pages = (uint32_t)n;
		break;
	case O_DEVICE:
		if (sim_preset_find(v) == NULL)
			return (fail(o, op->name, "unknown profile '%s' "
			    "(try --list-devices)", v));
		ds->preset = sim_preset_find(v)->name;
		break;
	case O_BW:
		if (parse_rate(v, &ds->d.bandwidth, &why) != 0)
			return (fail(o, op->name, "%s", why));
		ds->has_bw = 1;
		break;
	case O_LAT:
		ds->has_lat = 1;
		return (duration(o, op->name, v, &ds->d.latency_ns));
	case O_QD:
		if (parse_uint(v, 1, 65536, &n, &why) != 0)
			return (fail(o, op->name, "%s (1 to 65536)", why));
		ds->d.qd = (uint32_t)n;
		ds->has_qd = 1;
		break;
	case O_DISC:
		if (strcmp(v, "fifo") == 0)
			ds->d.disc = SIM_DISC_FIFO;
		else if (strcmp(v, "ps") == 0)
			ds->d.disc = SIM_DISC_PS;
		else
			return (fail(o, op->name, "'%s' is not fifo or ps", v));
		ds->has_disc = 1;
		break;
	case O_PEN:
		ds->has_pen = 1;
		return (duration(o, op->name, v, &ds->d.idle_penalty_ns));
	case O_THRESH:
		ds->has_thr = 1;
		return (duration(o, op->name, v, &ds->d.idle_thresh_ns));
	case O_SOURCE:
		if (strcmp(v, "raw") == 0)
			o->cfg.source = SIM_SOURCE_RAW;
		else if (strcmp(v, "file") == 0)
			o->cfg.source = SIM_SOURCE_FILE;
		else
			return (fail(o, op->name, "'%s' is not raw or file", v));
		break;
	case O_COPY:
		return (duration(o, op->name, v, &o->cfg.cpu.copy_ns));
	case O_SUBMIT:
		ds->has_submit = 1;
		return (duration(o, op->name, v, &o->cfg.cpu.submit_ns));
	case O_SYSCALL:
		return (duration(o, op->name, v, &o->cfg.cpu.syscall_ns));
	case O_WAKE:
		return (duration(o, op->name, v, &o->cfg.cpu.wake_ns));
	case O_PLIMIT:
		if (parse_uint(v, 1, 1000000, &n, &why) != 0)
			return (fail(o, op->name, "%s (1 to 1000000)", why));
		o->cfg.plug_limit = (uint32_t)n;
		break;
	case O_UTHRESH:
		if (parse_uint(v, 1, 1000000, &n, &why) != 0)
			return (fail(o, op->name, "%s (1 to 1000000)", why));
		o->cfg.unplug_thresh = (uint32_t)n;
		break;
	case O_UDELAY:
		return (duration(o, op->name, v, &o->cfg.unplug_delay_ns));
	case O_HEADLESS:
		o->headless = 1;
		break;
	case O_SUMMARY:
		o->summary = 1;
		break;
	case O_TRACE:
		if (*v == '\0')
			return (fail(o, op->name, "%s", "expected a file name or -"));
		o->trace = v;
		break;
	case O_FRAMES:
		o->frames = 1;
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
	case O_LISTDEV:
		o->action = OPTS_LIST_DEVICES;
		break;
	case O_HELP:
		o->action = OPTS_HELP;
		break;
	case O_VERSION:
		o->action = OPTS_VERSION;
		break;
	case O_THEME:
		if (*v == '\0')
			return (fail(o, op->name, "%s",
			    "expected a theme name or path"));
		o->theme = v;
		break;
	case O_LISTTHEMES:
		o->action = OPTS_LIST_THEMES;
		break;
	case O_CHECKTHEME:
		o->action = OPTS_CHECK_THEME;
		return (check_file(o, v));
	case O_NOCOLOR:
		o->no_color = 1;
		break;
	case O_ASCII:
		o->ascii = 1;
		break;
	case O_RECORD:
	case O_CAST:
	case O_DEMO:
		if (*v == '\0')
			return (fail(o, op->name, "%s", "expected a name"));
		if (op->id == O_RECORD)
			o->record = v;
		else if (op->id == O_CAST)
			o->cast = v;
		else
			o->demo_name = v;
		break;
	case O_FORCE:
		o->force = 1;
		break;
	case O_CHECK:
		o->action = OPTS_CHECK;
		break;
	case O_LISTDEMOS:
		o->action = OPTS_LIST_DEMOS;
		break;
	case O_IMPORT:
	case O_CAPTURE:
	case O_CAPTUREOUT:
		if (*v == '\0')
			return (fail(o, op->name, "%s", "expected a file name"));
		if (op->id == O_IMPORT)
			o->import_file = v;
		else if (op->id == O_CAPTURE)
			o->capture = v;
		else
			o->capture_out = v;
		break;
	case O_IMPORTDEV:
		return (import_dev(o, v));
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

/* How the real-trace options combine; -1 with o->err set if they do not. */
static int
trace_rules(struct opts *o)
{
	/* --import with --export converts a trace: one mode. */
	int	modes = (o->import_file != NULL) + (o->capture != NULL) +
		    (o->export_fmt != NULL && o->import_file == NULL);

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
	if (o->nfiles > 0 || o->demo_name != NULL || o->record != NULL ||
	    o->trace != NULL || o->frames || o->until_label || o->until_events)
		return (fail(o, NULL, "%s", "--import, --capture and --export "
		    "do not combine with demo files, --record, --trace, "
		    "--frames or --until"));
	if (o->import_file != NULL && !o->headless)
		return (fail(o, "import", "%s", "the interactive view of a "
		    "trace is not built yet: add --headless for its summary"));
	if (o->export_fmt != NULL && !o->headless)
		return (fail(o, "export", "%s", "needs --headless"));
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
	if (o->force && o->record == NULL)
		return (fail(o, "force", "%s", "only applies to --record"));
	if (o->record != NULL && (demo || o->headless))
		return (fail(o, "record", "%s", "records an interactive session "
		    "(not with --headless or a demo file)"));
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

/* Parse the command line. */
int
opts_parse(struct opts *o, int argc, char **argv)
{
	struct devset		 ds;
	const struct opt	*op;
	const char		*arg, *eq, *v;
	size_t			 len, i;
	int			 ai;

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
		if (op == NULL)
			return (fail(o, NULL, "unknown option '%s' (try --help)",
			    argv[ai]));
		if (op->kind == K_FLAG) {
			if (eq != NULL)
				return (fail(o, op->name, "%s",
				    "takes no value"));
			v = "";
		} else if (eq != NULL)
			v = eq + 1;
		else if (ai + 1 < argc)
			v = argv[++ai];
		else
			return (fail(o, op->name, "%s", "expects a value"));
		if (apply(o, &ds, op, v) != 0)
			return (-1);
	}

	/* Preset, then the user's device fields over it. */
	if (ds.preset != NULL)
		o->cfg.device = *sim_preset_find(ds.preset);
	if (ds.has_bw)
		o->cfg.device.bandwidth = ds.d.bandwidth;
	if (ds.has_lat)
		o->cfg.device.latency_ns = ds.d.latency_ns;
	if (ds.has_qd)
		o->cfg.device.qd = ds.d.qd;
	if (ds.has_disc)
		o->cfg.device.disc = ds.d.disc;
	if (ds.has_pen)
		o->cfg.device.idle_penalty_ns = ds.d.idle_penalty_ns;
	if (ds.has_thr)
		o->cfg.device.idle_thresh_ns = ds.d.idle_thresh_ns;
	if (ds.has_bw || ds.has_lat || ds.has_qd || ds.has_disc ||
	    ds.has_pen || ds.has_thr)
		o->cfg.device.name = "custom";
	/* A regular file submits one bio per window: about 1 us a page. */
	if (o->cfg.source == SIM_SOURCE_FILE && !ds.has_submit)
		o->cfg.cpu.submit_ns = 1000;

	if (demo_rules(o) != 0 || trace_rules(o) != 0)
		return (-1);
	if (!o->trace && !o->frames)
		o->summary = 1;
	if (o->action == OPTS_RUN &&
	    (v = sim_config_check(&o->cfg)) != NULL) {
		snprintf(o->err, sizeof o->err, "--%s", v);
		return (-1);
	}
	return (0);
}
