/*
 * cmd.h - the one command path.  A key press becomes a struct cmd
 * (cmd_from_key, driven by the key table); a demo file line becomes one (cmd_parse); recording writes
 * one back out (cmd_format); the front end and the replayer both carry them
 * out through the same function of the application layer.
 *
 * Commands never carry wall-clock time; a demo file stamps each with the
 * engine event number and the wall delay separately.
 */
#ifndef RAVIZ_CMD_H
#define RAVIZ_CMD_H

#include <stddef.h>
#include <stdint.h>

enum cmd_kind {
	CMD_NONE,
	CMD_PLAY,		/* start playing */
	CMD_PAUSE,		/* stop playing */
	CMD_PLAYPAUSE,		/* toggle (space) */
	CMD_STEP,		/* arg: events forward (>= 1) */
	CMD_BACK,		/* arg: events back (>= 1) */
	CMD_FASTER,		/* speed up one notch */
	CMD_SLOWER,		/* slow down one notch */
	CMD_SPEED,		/* arg: events per second, absolute */
	CMD_JUMP,		/* arg: 1..5, jump to moment T<arg> */
	CMD_START,		/* go to event 0 */
	CMD_END,		/* go to the end of the run */
	CMD_GOTO,		/* arg: event number */
	CMD_PLUG,		/* toggle buggy <-> fixed at the next read() */
	CMD_MODE,		/* arg: enum sim_mode, at the next read() */
	CMD_CYCLE,		/* cycle buggy -> fixed -> legacy */
	CMD_COMPARE,		/* toggle the buggy/fixed split screen */
	CMD_RESTART,		/* back to the start; arg 0: scenario as
				   configured, 1 + enum sim_mode: the run
				   starts in that mode (and stays in it for
				   later restarts) */
	CMD_ZOOM_IN,		/* fewer pages per cell */
	CMD_ZOOM_OUT,		/* more pages per cell */
	CMD_HELP,		/* arg 0: toggle the help overlay; -1: close it (Esc) */
	CMD_REDRAW,		/* repaint everything (Ctrl-L) */
	CMD_QUIT,
	CMD_PACE,		/* arg: CMD_PACE_* (the key toggles) */
	CMD_PREDICT,		/* predict-then-reveal; arg 0: toggle, 1: on,
				   2: off (and show the summary) */
	CMD_ANSWER,		/* arg 1..4: choice a..d of the question */
	CMD_FOCUS,		/* toggle focus mode: no lanes, no event log */
	CMD_CAPTIONS,		/* toggle the caption history overlay */
	CMD_SVG,		/* the front end: write the frame as SVG */
	CMD_PROJECTOR,		/* the front end: projector theme on / off
				   (these two: keys only, never parsed) */
	CMD_GOTO_TIME,		/* arg: simulated ns; go to the last event at
				   or before it ("goto 3500us" in demo files) */
	CMD_PROMPT,		/* arg ':' (go to) or '/' (search): the
				   prompt line opens (a key only, never
				   parsed: what it leads to is a command) */
	CMD_SWEEP,		/* the sweep screen (sweep.h); arg 0: the
				   next parameter (bs, ra, idle-penalty,
				   then closed), -1: close, else the
				   enum sweep_kind to show */
	CMD_COUNT
};

/* CMD_PACE's argument: toggle, or play in events or in simulated time. */
#define CMD_PACE_TOGGLE	0
#define CMD_PACE_EVENTS	1
#define CMD_PACE_TIME	2

struct cmd {
	enum cmd_kind	 kind;
	int64_t		 arg;	/* see each kind; 0 when unused */
};

/*
 * Keys as raviz names them: a character is its own code (ASCII, control
 * characters included); the special keys lie past the last code point.
 * The terminal layer (ui/keys.c) maps its own key codes to these, so the
 * core never sees a curses key code.
 */
enum cmd_key {
	CMD_KEY_UP = 0x110000,
	CMD_KEY_DOWN,
	CMD_KEY_LEFT,
	CMD_KEY_RIGHT,
	CMD_KEY_HOME,
	CMD_KEY_END,
	CMD_KEY_PGUP,
	CMD_KEY_PGDN,
	CMD_KEY_F1,
	CMD_KEY_ENTER,		/* the keypad's Enter (Return is '\r') */
	CMD_KEY_WHEEL_UP,	/* the mouse wheel, away from the user */
	CMD_KEY_WHEEL_DOWN,	/* ... towards the user */
	CMD_KEY_OTHER		/* a special key raviz has no name for */
};

/*
 * A press of the first mouse button at column x, row y (from 0, each below
 * CMD_CLICK_MAX) is a key of its own: what it does depends on what the
 * screen shows there (app.h's app_click()), so it is bound to no command
 * in the key table.
 */
#define CMD_CLICK_MAX		4096
#define CMD_KEY_CLICK		0x1000000
#define CMD_KEY_CLICK_AT(x, y)	(CMD_KEY_CLICK + (int)(y) * CMD_CLICK_MAX + \
				    (int)(x))
#define CMD_KEY_IS_CLICK(k)	((k) >= CMD_KEY_CLICK && \
				    (k) < CMD_KEY_CLICK + CMD_CLICK_MAX * CMD_CLICK_MAX)
#define CMD_CLICK_X(k)		((unsigned)((k) - CMD_KEY_CLICK) % CMD_CLICK_MAX)
#define CMD_CLICK_Y(k)		((unsigned)((k) - CMD_KEY_CLICK) / CMD_CLICK_MAX)

/* The command a key (a character or a cmd_key) makes; CMD_NONE if none. */
struct cmd cmd_from_key(int key);
/*
 * While a question is asked (predict-then-reveal), a..d and A..D answer
 * it; this is the command such a key makes then, or CMD_NONE for any
 * other key (which then goes to cmd_from_key()).
 */
struct cmd cmd_answer_key(int key);
/* Name as written in demo files ("play", "step", "jump"...). */
const char *cmd_name(enum cmd_kind);
/* Must this kind have an argument in demo files (restart's is optional)? */
int	 cmd_has_arg(enum cmd_kind);
/*
 * Parse "name" or "name ARG" (the text after the stamp in a demo file).
 * 0 on success; -1 with *why set to a static message.
 */
int	 cmd_parse(const char *text, struct cmd *out, const char **why);
/*
 * What the `:` prompt's text asks for: an event number ("1200": CMD_GOTO),
 * a time with its unit ("3.5ms": CMD_GOTO_TIME), or a moment ("T3":
 * CMD_JUMP).  0, or -1 with *why set.
 */
int	 cmd_parse_goto(const char *text, struct cmd *out, const char **why);
/* Write the command as cmd_parse() reads it; returns the length. */
size_t	 cmd_format(char *buf, size_t len, const struct cmd *);
/*
 * The key table (cmd.c) read three ways: cmd_from_key() above, the help
 * overlay's lines and the hint line.
 *
 * Help lines: key names and what they do, as pairs into out[0 .. n), ended
 * by a NULL pair; returns the number of lines (at most CMD_HELP_MAX).
 */
#define CMD_HELP_MAX	32
size_t	 cmd_help_pairs(const char **out, size_t n);
/*
 * The hint line ("space play  n/N step ..."), for the single screen (0) or
 * compare mode (1), or'ed with CMD_HINT_TRACE for a kernel trace's run
 * (no plug, mode, moment or predict keys); like snprintf.
 */
#define CMD_HINT_TRACE	2
size_t	 cmd_hint(char *buf, size_t len, int compare);

#endif /* RAVIZ_CMD_H */
