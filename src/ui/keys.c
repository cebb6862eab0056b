/*
 * keys.c - key decoding for the curses front end.  curses reports special
 * keys as its KEY_* codes (with keypad() on); the core knows keys only as
 * characters and enum cmd_key, so this table is the one place the two meet.
 */
#include "config.h"

#include <curses.h>

#include "cmd.h"
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
};

/* The raviz key of a curses key code. */
int
keys_from_curses(int ch)
{
	size_t	i;

	if (ch >= 0 && ch < KEY_MIN)
		return (ch);
	for (i = 0; i < sizeof map / sizeof map[0]; i++)
		if (map[i].curses == ch)
			return (map[i].key);
	return (CMD_KEY_OTHER);
}
