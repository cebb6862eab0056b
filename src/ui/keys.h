/*
 * keys.h - the terminal's key codes as raviz's own (enum cmd_key, cmd.h).
 */
#ifndef RAVIZ_UI_KEYS_H
#define RAVIZ_UI_KEYS_H

/*
 * The raviz key for a curses key code (what getch() returned, not ERR or
 * KEY_RESIZE): characters stay as they are, the special keys raviz names
 * become CMD_KEY_*, any other special key CMD_KEY_OTHER.
 */
int	 keys_from_curses(int ch);

#endif /* RAVIZ_UI_KEYS_H */
