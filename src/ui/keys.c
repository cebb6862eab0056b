/*
 * keys.c - key decoding for the curses front end.  curses reports special
 * keys as its KEY_* codes (with keypad() on); the core knows keys only as
 * characters and enum cmd_key, so this table is the one place the two meet.
 *
 * The mouse: curses decodes a report whose first bytes are the terminfo
 * entry's kmous (ESC [ M, or ESC [ < for SGR reports) into KEY_MOUSE and
 * getmouse(); a press (or a click) of the first button becomes a click
 * key, the wheel CMD_KEY_WHEEL_UP / _DOWN.  When curses has eaten only
 * those first bytes (getmouse() fails: it was not asked to decode them,
 * or they were not its format), the rest of the report is still on the
 * input, and the escape-sequence decoder (keyseq.h) is told to read it
 * whole; reports curses does not recognise at all reach that decoder raw.
 * Either way no byte of a report becomes a key.
 */
#include "config.h"

#include <string.h>

#include <curses.h>
#include <term.h>

#include "cmd.h"
#include "keyseq.h"
#include "ui/keys.h"

/* curses key code -> raviz key. */
static const struct {
	int	curses;
	int	key;
} map[] = {
	{ KEY_UP, CMD_KEY_UP },
	{ KEY_DOWN, CMD_KEY_DOWN },
	{ KEY_LEFT, CMD_KEY_LEFT },
	{ KEY_RIGHT, CMD_KEY_RIGHT },
	{ KEY_HOME, CMD_KEY_HOME },
	{ KEY_END, CMD_KEY_END },
	{ KEY_PPAGE, CMD_KEY_PGUP },
	{ KEY_NPAGE, CMD_KEY_PGDN },
	{ KEY_F(1), CMD_KEY_F1 },
	{ KEY_ENTER, CMD_KEY_ENTER },
	{ KEY_BACKSPACE, 127 },		/* the prompt line's Backspace */
};

/* The first button went down: pressed, or clicked when curses merged. */
#define B1_DOWN	(BUTTON1_PRESSED | BUTTON1_CLICKED | \
		    BUTTON1_DOUBLE_CLICKED | BUTTON1_TRIPLE_CLICKED)

/*
 * KEY_MOUSE: the report curses decoded, as a raviz key (KEYS_NONE for an
 * event raviz does nothing with: a release, another button); or, if
 * curses ate only kmous, what the decoder must read the rest as.
 */
static int
keys_mouse(void)
{
	MEVENT		 ev;
	const char	*km;

	if (getmouse(&ev) == OK) {
		if (ev.bstate & B1_DOWN)
			return (ev.x >= 0 && ev.y >= 0 && ev.x < CMD_CLICK_MAX &&
			    ev.y < CMD_CLICK_MAX ? CMD_KEY_CLICK_AT(ev.x, ev.y) :
			    KEYS_NONE);
		if (ev.bstate & (BUTTON4_PRESSED | BUTTON4_CLICKED))
			return (CMD_KEY_WHEEL_UP);
#ifdef BUTTON5_PRESSED
		if (ev.bstate & (BUTTON5_PRESSED | BUTTON5_CLICKED))
			return (CMD_KEY_WHEEL_DOWN);
#endif
		return (KEYS_NONE);
	}
	km = tigetstr("kmous");
	if (km != NULL && km != (char *)-1 && strcmp(km, "\033[<") == 0)
		return (KEYSEQ_REST_SGR);
	return (KEYSEQ_REST_X10);
}

/* The raviz key of a curses key code. */
int
keys_from_curses(int ch)
{
	size_t	i;

	if (ch >= 0 && ch < KEY_MIN)
		return (ch);
	if (ch == KEY_MOUSE)
		return (keys_mouse());
	for (i = 0; i < sizeof map / sizeof map[0]; i++)
		if (map[i].curses == ch)
			return (map[i].key);
	return (CMD_KEY_OTHER);
}

/* Ask the terminal for mouse reports (presses, the wheel), or not. */
int
keys_mouse_on(int on)
{
	int	ok;

	ok = mousemask(on ? ALL_MOUSE_EVENTS : 0, NULL) != 0;
	/* Presses at once: no waiting to tell clicks from double clicks. */
	mouseinterval(0);
	return (ok);
}
