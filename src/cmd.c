/*
 * cmd.c - the command vocabulary: the key table (which key does what, the
 * help overlay's lines and the hint line, all from one table), and how a
 * command is spelled in a demo file.
 *
 * Keys follow less/htop habits (space, q, ?, g/G, Home/End) and every
 * motion also has an arrow.  One table lists each command's demo-file name
 * and the kind of argument it takes; cmd_parse() and cmd_format() are
 * driven by it, so the two cannot disagree: format(parse(x)) == x for every
 * canonical line, and parse(format(c)) == c for every valid command.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "mode.h"
#include "parse.h"
#include "sweep.h"
#include "engine/sim.h"

/* How a command's argument is written. */
enum argk {
	ARG_NONE,
	ARG_COUNT,		/* events: 1 .. 1e9, "1" when omitted */
	ARG_SPEED,		/* events per second: 1 .. 1e6 */
	ARG_LABEL,		/* 1 .. 5, also "T1" .. "T5" */
	ARG_EVENT,		/* event number: 0 .. 2^63 - 1 */
	ARG_MODE,		/* a mode's name (mode.h) */
	ARG_OPTMODE,		/* nothing (0), or a mode (1 + enum sim_mode) */
	ARG_HELP,		/* nothing (toggle) or "close" */
	ARG_PACE,		/* nothing (toggle), "events" or "time" */
	ARG_PREDICT,		/* nothing or on (1), off (2), toggle (0) */
	ARG_ANSWER,		/* a .. d (also 1 .. 4) */
	ARG_TIME,		/* simulated time with its unit: "3500us" */
	ARG_SWEEP		/* nothing (next), close, or a --sweep word */
};

struct cmd_def {
	const char	*name;
	enum argk	 arg;
};

/* Indexed by enum cmd_kind. */
static const struct cmd_def defs[CMD_COUNT] = {
	[CMD_NONE] = { "none", ARG_NONE },
	[CMD_PLAY] = { "play", ARG_NONE },
	[CMD_PAUSE] = { "pause", ARG_NONE },
	[CMD_PLAYPAUSE] = { "playpause", ARG_NONE },
	[CMD_STEP] = { "step", ARG_COUNT },
	[CMD_BACK] = { "back", ARG_COUNT },
	[CMD_FASTER] = { "faster", ARG_NONE },
	[CMD_SLOWER] = { "slower", ARG_NONE },
	[CMD_SPEED] = { "speed", ARG_SPEED },
	[CMD_JUMP] = { "jump", ARG_LABEL },
	[CMD_START] = { "start", ARG_NONE },
	[CMD_END] = { "end", ARG_NONE },
	[CMD_GOTO] = { "goto", ARG_EVENT },
	[CMD_PLUG] = { "plug", ARG_NONE },
	[CMD_MODE] = { "mode", ARG_MODE },
	[CMD_CYCLE] = { "cycle", ARG_NONE },
	[CMD_COMPARE] = { "compare", ARG_NONE },
	[CMD_RESTART] = { "restart", ARG_OPTMODE },
	[CMD_ZOOM_IN] = { "zoom-in", ARG_NONE },
	[CMD_ZOOM_OUT] = { "zoom-out", ARG_NONE },
	[CMD_HELP] = { "help", ARG_HELP },
	[CMD_REDRAW] = { "redraw", ARG_NONE },
	[CMD_QUIT] = { "quit", ARG_NONE },
	[CMD_PACE] = { "pace", ARG_PACE },
	[CMD_PREDICT] = { "predict", ARG_PREDICT },
	[CMD_ANSWER] = { "answer", ARG_ANSWER },
	[CMD_FOCUS] = { "focus", ARG_NONE },
	[CMD_CAPTIONS] = { "captions", ARG_NONE },
	[CMD_SVG] = { "svg", ARG_NONE },
	[CMD_PROJECTOR] = { "projector", ARG_NONE },
	/* "goto" with a time: cmd_parse() picks it by the argument. */
	[CMD_GOTO_TIME] = { "goto", ARG_TIME },
	[CMD_PROMPT] = { "prompt", ARG_NONE },
	[CMD_SWEEP] = { "sweep", ARG_SWEEP },
};

/* One key and the command it makes. */
struct binding {
	int		 key;		/* a character or enum cmd_key; 0 ends */
	enum cmd_kind	 kind;
	int64_t		 arg;
};

/*
 * The key table: one row per line of the help overlay, in the order shown
 * (the key names, what they do), the keys that row binds, and its part of
 * the hint line, in hint order (hint_at; 0: not in the hint) for the
 * single screen and for compare mode.  Rows without bindings are keys the
 * demo replayer takes (demo-live.c).
 */
struct key_row {
	const char	*keys;
	const char	*help;
	struct binding	 bind[6];
	const char	*hint;
	const char	*hint_compare;
	int		 hint_at;
};

static const struct key_row key_table[] = {
	{ "space", "play / pause", { { ' ', CMD_PLAYPAUSE, 0 } },
	    "space play", "space play", 1 },
	{ "n N Right Left", "one event forward / back (also past a mode change)",
	    { { 'n', CMD_STEP, 1 }, { '.', CMD_STEP, 1 },
	    { CMD_KEY_RIGHT, CMD_STEP, 1 }, { 'N', CMD_BACK, 1 },
	    { ',', CMD_BACK, 1 }, { CMD_KEY_LEFT, CMD_BACK, 1 } },
	    "n/N step", "n/N step", 2 },
	/* A click is bound to nothing: what it does depends on where. */
	{ "mouse", "wheel: a step; click a lane column or a page: go there",
	    { { CMD_KEY_WHEEL_DOWN, CMD_STEP, 1 },
	    { CMD_KEY_WHEEL_UP, CMD_BACK, 1 } }, NULL, NULL, 0 },
	{ ": /", "go to an event or a time (:1200, :3.5ms, :T3) / search",
	    { { ':', CMD_PROMPT, ':' }, { '/', CMD_PROMPT, '/' } }, NULL,
	    NULL, 0 },
	{ "PgDn / PgUp", "ten events forward / back",
	    { { CMD_KEY_PGDN, CMD_STEP, 10 }, { CMD_KEY_PGUP, CMD_BACK, 10 } },
	    NULL, NULL, 0 },
	{ "+ - Up Down", "faster / slower (events or sim time per second)",
	    { { '+', CMD_FASTER, 0 }, { '=', CMD_FASTER, 0 },
	    { CMD_KEY_UP, CMD_FASTER, 0 }, { '-', CMD_SLOWER, 0 },
	    { '_', CMD_SLOWER, 0 }, { CMD_KEY_DOWN, CMD_SLOWER, 0 } },
	    NULL, NULL, 0 },
	{ "t", "pace: events per second <-> sim time per second",
	    { { 't', CMD_PACE, CMD_PACE_TOGGLE },
	    { 'T', CMD_PACE, CMD_PACE_TOGGLE } }, NULL, NULL, 0 },
	{ "1 .. 5", "jump to the moment T1 .. T5", { { '1', CMD_JUMP, 1 },
	    { '2', CMD_JUMP, 2 }, { '3', CMD_JUMP, 3 }, { '4', CMD_JUMP, 4 },
	    { '5', CMD_JUMP, 5 } }, "1-5 T1-T5", "1-5 T1-T5", 5 },
	{ "g G Home End", "go to the start / the end",
	    { { 'g', CMD_START, 0 }, { '<', CMD_START, 0 },
	    { CMD_KEY_HOME, CMD_START, 0 }, { 'G', CMD_END, 0 },
	    { '>', CMD_END, 0 }, { CMD_KEY_END, CMD_END, 0 } }, NULL, NULL, 0 },
	{ "p", "the plug across read(): buggy <-> fixed, modern <-> what-if",
	    { { 'p', CMD_PLUG, 0 } },
	    "p toggle plug", NULL, 3 },
	{ "m", "cycle the modes; in a trace's compare: the model's mode",
	    { { 'm', CMD_CYCLE, 0 }, { 'M', CMD_CYCLE, 0 } }, NULL, NULL, 0 },
	{ "c", "compare two runs on one clock (a trace: beside its model)",
	    { { 'c', CMD_COMPARE, 0 }, { 'C', CMD_COMPARE, 0 } },
	    "c compare", "c one run", 4 },
	{ "z Z  r", "zoom the file strip in / out; restart the scenario",
	    { { 'z', CMD_ZOOM_IN, 0 }, { 'Z', CMD_ZOOM_OUT, 0 },
	    { 'r', CMD_RESTART, 0 }, { 'R', CMD_RESTART, 0 } }, NULL, NULL,
	    0 },
	/* a-d answer only while a question is asked (cmd_answer_key). */
	{ "P  a-d", "predict what happens next, then see; a-d answer",
	    { { 'P', CMD_PREDICT, 0 } }, NULL, NULL, 0 },
	{ "Ctrl-L", "redraw the screen", { { 12, CMD_REDRAW, 0 } },
	    NULL, NULL, 0 },
	{ "f H", "focus (strips and moment only) / the captions so far",
	    { { 'f', CMD_FOCUS, 0 }, { 'H', CMD_CAPTIONS, 0 } }, NULL, NULL,
	    0 },
	{ "S L", "the frame to raviz-N.svg / light background? projector theme",
	    { { 'S', CMD_SVG, 0 }, { 'L', CMD_PROJECTOR, 0 } }, NULL, NULL,
	    0 },
	{ "w", "sweep: MB/s of the three modes across bs / ra / idle-penalty",
	    { { 'w', CMD_SWEEP, 0 }, { 'W', CMD_SWEEP, 0 } }, NULL, NULL, 0 },
	/* One row, so that the whole table fits the help at 80x24. */
	{ "Enter Tab [ ]", "demo replay: go on / next item now / pace /2, x2",
	    { { 0 } },
	    NULL, NULL, 0 },
	/* Esc only closes the help. */
	{ "? h F1", "this help (Esc or ? closes it)", { { '?', CMD_HELP, 0 },
	    { 'h', CMD_HELP, 0 }, { CMD_KEY_F1, CMD_HELP, 0 },
	    { 27, CMD_HELP, -1 } }, "? help", "? help", 6 },
	/* Ctrl-C, should the terminal deliver it raw. */
	{ "q Ctrl-C", "quit", { { 'q', CMD_QUIT, 0 }, { 'Q', CMD_QUIT, 0 },
	    { 3, CMD_QUIT, 0 } }, "q quit", "q quit", 7 },
};
#define NKEY_ROWS	(sizeof key_table / sizeof key_table[0])

/* A command of kind k with argument a. */
static struct cmd
mk(enum cmd_kind k, int64_t a)
{
	struct cmd	c;

	c.kind = k;
	c.arg = a;
	return (c);
}

/* The command a key produces; CMD_NONE for unbound keys. */
struct cmd
cmd_from_key(int key)
{
	const struct binding	*b;
	size_t			 i;

	if (key == 0)
		return (mk(CMD_NONE, 0));
	for (i = 0; i < NKEY_ROWS; i++)
		for (b = key_table[i].bind; b->key != 0; b++)
			if (b->key == key)
				return (mk(b->kind, b->arg));
	return (mk(CMD_NONE, 0));
}

/* The answer a key gives while a question is asked. */
struct cmd
cmd_answer_key(int key)
{
	if (key >= 'a' && key <= 'd')
		return (mk(CMD_ANSWER, key - 'a' + 1));
	if (key >= 'A' && key <= 'D')
		return (mk(CMD_ANSWER, key - 'A' + 1));
	return (mk(CMD_NONE, 0));
}

/* The help overlay's pairs. */
size_t
cmd_help_pairs(const char **out, size_t n)
{
	size_t	i, k = 0;

	for (i = 0; i < NKEY_ROWS && k + 4 <= n; i++) {
		out[k++] = key_table[i].keys;
		out[k++] = key_table[i].help;
	}
	if (k < n)
		out[k] = NULL;
	if (k + 1 < n)
		out[k + 1] = NULL;
	return (k / 2);
}

/* Does a row bind only what a kernel trace has no use for (app.c)? */
static int
model_only(const struct key_row *r)
{
	switch (r->bind[0].kind) {
	case CMD_PLUG:
	case CMD_MODE:
	case CMD_CYCLE:
	case CMD_JUMP:
	case CMD_PREDICT:
		return (1);
	default:
		return (0);
	}
}

/* The hint line. */
size_t
cmd_hint(char *buf, size_t len, int compare)
{
	const char	*h;
	size_t		 i, off = 0;
	int		 at, k;

	if (len > 0)
		buf[0] = '\0';
	for (at = 1; at <= (int)NKEY_ROWS; at++)
		for (i = 0; i < NKEY_ROWS; i++) {
			h = compare & 1 ? key_table[i].hint_compare :
			    key_table[i].hint;
			if (key_table[i].hint_at != at || h == NULL ||
			    ((compare & CMD_HINT_TRACE) &&
			    model_only(&key_table[i])))
				continue;
			k = snprintf(off < len ? buf + off : NULL,
			    off < len ? len - off : 0, "%s%s",
			    off > 0 ? "  " : "", h);
			if (k > 0)
				off += (size_t)k;
		}
	return (off);
}

/* Demo-file name of a kind. */
const char *
cmd_name(enum cmd_kind k)
{
	return ((unsigned)k < CMD_COUNT ? defs[k].name : "?");
}

/* Does the kind take an argument in demo files? */
int
cmd_has_arg(enum cmd_kind k)
{
	return ((unsigned)k < CMD_COUNT && defs[k].arg != ARG_NONE &&
	    defs[k].arg != ARG_HELP && defs[k].arg != ARG_OPTMODE &&
	    defs[k].arg != ARG_PACE && defs[k].arg != ARG_PREDICT &&
	    defs[k].arg != ARG_SWEEP);
}

/* A word an argument may be ("": none), and the value it stands for. */
struct word {
	const char	*text;
	int64_t		 value;
};

/* The words of the arguments that are words; each list ends with NULL. */
static const struct word help_words[] = {
	{ "", 0 }, { "close", -1 }, { NULL, 0 }
};
static const struct word pace_words[] = {
	{ "", CMD_PACE_TOGGLE }, { "events", CMD_PACE_EVENTS },
	{ "time", CMD_PACE_TIME }, { NULL, 0 }
};
static const struct word predict_words[] = {
	{ "", 1 }, { "on", 1 }, { "off", 2 }, { "toggle", 0 }, { NULL, 0 }
};
static const struct word sweep_words[] = {
	{ "", 0 }, { "close", -1 }, { "bs", SWEEP_BS }, { "ra", SWEEP_RA },
	{ "idle-penalty", SWEEP_IDLE_PENALTY }, { NULL, 0 }
};

/* *out = the value of the word a among words; else -1, *why = expected. */
static int
word_arg(const struct word *words, const char *a, int64_t *out,
    const char **why, const char *expected)
{
	const struct word	*w;

	for (w = words; w->text != NULL; w++)
		if (strcmp(a, w->text) == 0) {
			*out = w->value;
			return (0);
		}
	*why = expected;
	return (-1);
}

/* Parse the argument text a of a command of argument kind ak into *out. */
static int
parse_arg(enum argk ak, const char *a, int64_t *out, const char **why)
{
	uint64_t	v;
	enum view_mode	m;

	switch (ak) {
	case ARG_NONE:
		if (*a == '\0')
			return (0);
		*why = "this command takes no argument";
		return (-1);
	case ARG_HELP:
		return (word_arg(help_words, a, out, why,
		    "expected nothing or \"close\" after help"));
	case ARG_PACE:
		return (word_arg(pace_words, a, out, why,
		    "expected nothing, \"events\" or \"time\" after pace"));
	case ARG_COUNT:
		if (*a == '\0') {
			*out = 1;
			return (0);
		}
		if (parse_uint(a, 1, 1000000000, &v, why) != 0)
			return (-1);
		break;
	case ARG_SPEED:
		if (*a == '\0') {
			*why = "expected events per second (1 to 1000000)";
			return (-1);
		}
		if (parse_uint(a, 1, 1000000, &v, why) != 0)
			return (-1);
		break;
	case ARG_LABEL:
		if (a[0] == 'T' || a[0] == 't')
			a++;
		if (a[0] < '1' || a[0] > '5' || a[1] != '\0') {
			*why = "expected a moment T1 to T5 (or 1 to 5)";
			return (-1);
		}
		v = (uint64_t)(a[0] - '0');
		break;
	case ARG_EVENT:
		if (*a == '\0') {
			*why = "expected an event number";
			return (-1);
		}
		if (parse_uint(a, 0, INT64_MAX, &v, why) != 0)
			return (-1);
		break;
	case ARG_MODE:
		if (mode_parse(a, &m) != 0) {
			*why = "expected " MODE_NAMES_OR;
			return (-1);
		}
		v = (uint64_t)m;
		break;
	case ARG_OPTMODE:
		if (*a == '\0') {
			*out = 0;
			return (0);
		}
		if (mode_parse(a, &m) != 0) {
			*why = "expected nothing or a mode: " MODE_NAMES_OR;
			return (-1);
		}
		v = (uint64_t)m + 1;
		break;
	case ARG_PREDICT:
		return (word_arg(predict_words, a, out, why,
		    "expected nothing, on, off or toggle after predict"));
	case ARG_SWEEP:
		return (word_arg(sweep_words, a, out, why, "expected nothing, "
		    "close, bs, ra or idle-penalty after sweep"));
	case ARG_TIME:
		if (*a == '\0') {
			*why = "expected a time with its unit (3.5ms)";
			return (-1);
		}
		if (parse_duration(a, &v, why) != 0)
			return (-1);
		if (v > INT64_MAX) {
			*why = "time too large";
			return (-1);
		}
		break;
	case ARG_ANSWER:
		if (a[0] >= 'a' && a[0] <= 'd' && a[1] == '\0')
			v = (uint64_t)(a[0] - 'a' + 1);
		else if (a[0] >= '1' && a[0] <= '4' && a[1] == '\0')
			v = (uint64_t)(a[0] - '0');
		else {
			*why = "expected a choice: a, b, c or d";
			return (-1);
		}
		break;
	default:
		*why = "internal: unknown argument kind";
		return (-1);
	}
	*out = (int64_t)v;
	return (0);
}

/* Parse "name" or "name ARG" (blanks around and between are allowed). */
int
cmd_parse(const char *text, struct cmd *out, const char **why)
{
	char		 buf[128], *p, *name, *arg, *end;
	const char	*dummy;
	size_t		 n;
	int		 k;

	if (why == NULL)
		why = &dummy;
	n = strlen(text);
	if (n >= sizeof buf) {
		*why = "command too long";
		return (-1);
	}
	memcpy(buf, text, n + 1);
	for (p = buf; *p == ' ' || *p == '\t'; p++)
		;
	name = p;
	while (*p != '\0' && *p != ' ' && *p != '\t')
		p++;
	if (*p != '\0')
		*p++ = '\0';
	while (*p == ' ' || *p == '\t')
		p++;
	arg = p;
	end = arg + strlen(arg);
	while (end > arg && (end[-1] == ' ' || end[-1] == '\t' ||
	    end[-1] == '\r' || end[-1] == '\n'))
		*--end = '\0';
	if (*name == '\0') {
		*why = "expected a command name";
		return (-1);
	}
	for (k = CMD_NONE + 1; k < CMD_COUNT; k++)
		if (strcmp(name, defs[k].name) == 0)
			break;
	if (k == CMD_COUNT) {
		*why = "unknown command (see the help: play, pause, step, "
		    "back, jump, mode, ...)";
		return (-1);
	}
	if (k == CMD_SVG || k == CMD_PROJECTOR || k == CMD_PROMPT) {
		/* They write files or change the look: the screen's own. */
		*why = "a key of the screen (S, L, : and /), not a demo item";
		return (-1);
	}
	if (strchr(arg, ' ') != NULL || strchr(arg, '\t') != NULL) {
		*why = "too many arguments";
		return (-1);
	}
	/* goto N is an event, goto 3.5ms a time. */
	if (k == CMD_GOTO && *arg != '\0' && strspn(arg, "0123456789") !=
	    strlen(arg))
		k = CMD_GOTO_TIME;
	out->kind = (enum cmd_kind)k;
	out->arg = 0;
	if (parse_arg(defs[k].arg, arg, &out->arg, why) != 0)
		return (-1);
	return (0);
}

/* The `:` prompt's text as a command. */
int
cmd_parse_goto(const char *text, struct cmd *out, const char **why)
{
	char	buf[64];

	while (*text == ' ')
		text++;
	if ((text[0] == 'T' || text[0] == 't') && text[1] >= '1' &&
	    text[1] <= '5' && text[2] == '\0') {
		out->kind = CMD_JUMP;
		out->arg = text[1] - '0';
		return (0);
	}
	if (*text < '0' || *text > '9') {
		*why = "expected an event number, a time (3.5ms) or T1-T5";
		return (-1);
	}
	snprintf(buf, sizeof buf, "goto %s", text);
	return (cmd_parse(buf, out, why));
}

/* ns in the largest unit that divides it exactly: "3500us", "4ms". */
static int
time_arg(char *buf, size_t len, const char *name, uint64_t ns)
{
	static const struct {
		uint64_t	 mul;
		const char	*unit;
	} u[] = { { 1000000000, "s" }, { 1000000, "ms" }, { 1000, "us" },
	    { 1, "ns" } };
	size_t	i;

	for (i = 0; u[i].mul != 1 && (ns == 0 || ns % u[i].mul != 0); i++)
		;
	return (snprintf(buf, len, "%s %llu%s", name,
	    (unsigned long long)(ns / u[i].mul), u[i].unit));
}

/* Write a command as cmd_parse() reads it; returns what snprintf would. */
size_t
cmd_format(char *buf, size_t len, const struct cmd *c)
{
	const struct cmd_def	*d;
	int			 n;

	if ((unsigned)c->kind >= CMD_COUNT)
		n = snprintf(buf, len, "?");
	else {
		d = &defs[c->kind];
		switch (d->arg) {
		case ARG_NONE:
			n = snprintf(buf, len, "%s", d->name);
			break;
		case ARG_HELP:
			n = snprintf(buf, len, "%s%s", d->name,
			    c->arg < 0 ? " close" : "");
			break;
		case ARG_PACE:
			n = snprintf(buf, len, "%s%s", d->name,
			    c->arg == CMD_PACE_EVENTS ? " events" :
			    c->arg == CMD_PACE_TIME ? " time" : "");
			break;
		case ARG_MODE:
			n = snprintf(buf, len, "%s %s", d->name,
			    mode_name((enum view_mode)c->arg));
			break;
		case ARG_OPTMODE:
			if (c->arg > 0 && c->arg <= VIEW_MODE_COUNT)
				n = snprintf(buf, len, "%s %s", d->name,
				    mode_name((enum view_mode)(c->arg - 1)));
			else
				n = snprintf(buf, len, "%s", d->name);
			break;
		case ARG_PREDICT:
			n = snprintf(buf, len, "%s%s", d->name, c->arg == 2 ?
			    " off" : c->arg == 0 ? " toggle" : "");
			break;
		case ARG_TIME:
			n = time_arg(buf, len, d->name, c->arg > 0 ?
			    (uint64_t)c->arg : 0);
			break;
		case ARG_SWEEP:
			n = snprintf(buf, len, "%s%s%s", d->name, c->arg == 0 ?
			    "" : " ", c->arg < 0 ? "close" : c->arg > 0 ?
			    sweep_word((enum sweep_kind)c->arg) : "");
			break;
		case ARG_ANSWER:
			n = snprintf(buf, len, "%s %c", d->name,
			    c->arg >= 1 && c->arg <= 4 ? (int)('a' + c->arg - 1) :
			    '?');
			break;
		default:
			n = snprintf(buf, len, "%s %lld", d->name,
			    (long long)c->arg);
			break;
		}
	}
	return (n < 0 ? 0 : (size_t)n);
}
