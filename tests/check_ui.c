/*
 * check_ui.c - the terminal layer's pure parts: the terminfo probe and the
 * mapping of curses key codes to raviz keys.
 */
#include "config.h"

#include <check.h>
#include <curses.h>
#include <stdlib.h>
#include <string.h>

#include "check-main.h"
#include "check-terms.h"
#include "caps.h"
#include "cmd.h"
#include "ui/keys.h"
#include "ui/probe.h"

/* terminfo probing gives the counts the other tests assume. */
START_TEST(test_probe)
{
	struct caps_input	in;
	int			i;

	for (i = 0; i < CHECK_N(check_terms); i++) {
		memset(&in, 0, sizeof in);
		in.term = check_terms[i].term;
		probe_caps(&in);
		ck_assert_msg(in.colors == check_terms[i].colors,
		    "%s: %d colours", check_terms[i].term, in.colors);
	}
	memset(&in, 0, sizeof in);
	in.term = "no-such-terminal-xyz";
	probe_caps(&in);
	ck_assert_int_eq(in.colors, -1);
}
END_TEST

/* curses key codes become raviz keys; characters pass unchanged. */
START_TEST(test_keys)
{
	static const struct {
		int	ch, key;
	} want[] = {
		{ 'q', 'q' }, { ' ', ' ' }, { 27, 27 }, { '\r', '\r' },
		{ 0xc3, 0xc3 },
		{ KEY_UP, CMD_KEY_UP }, { KEY_DOWN, CMD_KEY_DOWN },
		{ KEY_LEFT, CMD_KEY_LEFT }, { KEY_RIGHT, CMD_KEY_RIGHT },
		{ KEY_HOME, CMD_KEY_HOME }, { KEY_END, CMD_KEY_END },
		{ KEY_PPAGE, CMD_KEY_PGUP }, { KEY_NPAGE, CMD_KEY_PGDN },
		{ KEY_F(1), CMD_KEY_F1 }, { KEY_ENTER, CMD_KEY_ENTER },
		{ KEY_F(2), CMD_KEY_OTHER }, { KEY_DC, CMD_KEY_OTHER },
		/* Backspace is DEL, as the prompt line reads it. */
		{ KEY_BACKSPACE, 127 },
	};
	unsigned	i;

	for (i = 0; i < sizeof want / sizeof want[0]; i++)
		ck_assert_msg(keys_from_curses(want[i].ch) == want[i].key,
		    "curses key %d: %d, want %d", want[i].ch,
		    keys_from_curses(want[i].ch), want[i].key);
	/* Every arrow still moves: the whole chain, curses to command. */
	ck_assert_int_eq(cmd_from_key(keys_from_curses(KEY_RIGHT)).kind,
	    CMD_STEP);
	ck_assert_int_eq(cmd_from_key(keys_from_curses(KEY_F(2))).kind,
	    CMD_NONE);
}
END_TEST

/* The suite. */
CHECK_SUITE("ui", CHECK_CASE("ui", 0), CHECK_TEST(test_probe),
    CHECK_TEST(test_keys))
