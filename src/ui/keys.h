/*
 * keys.h - the terminal's key codes as raviz's own (enum cmd_key, cmd.h).
 */
#ifndef RAVIZ_UI_KEYS_H
#define RAVIZ_UI_KEYS_H

/* What keys_from_curses() gives for a mouse event raviz does nothing with. */
#define KEYS_NONE	(-1)

/*
 * The raviz key for a curses key code (what getch() returned, not ERR or
 * KEY_RESIZE): characters stay as they are, the special keys raviz names
 * become CMD_KEY_*, any other special key CMD_KEY_OTHER; KEY_MOUSE becomes
 * a click key, a wheel key, KEYS_NONE (skip it), or KEYSEQ_REST_* for the
 * escape-sequence decoder (keyseq.h) when the report's rest is still to
 * be read.  Feed everything but KEYS_NONE to keyseq_feed().
 */
int	 keys_from_curses(int ch);
/*
 * Mouse reports on (presses of the first button and the wheel) or off;
 * curses sends the terminal what it needs and takes it back at endwin().
 * Nonzero if the terminal can report.
 */
int	 keys_mouse_on(int on);

#endif /* RAVIZ_UI_KEYS_H */
