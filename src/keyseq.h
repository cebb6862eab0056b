/*
 * keyseq.h - terminal escape sequences to keys, without curses.
 *
 * curses decodes only the sequences the terminfo entry lists; a terminal
 * that sends another spelling (tmux sends ESC [ 4 ~ for End where
 * xterm-256color's terminfo expects ESC O F) reaches the program as ESC,
 * '[', '4', '~' - and '4' is a command.  This decoder sits after getch():
 * it passes plain keys and raviz's special keys (enum cmd_key, which
 * ui/keys.c made of curses key codes) through, turns the common
 * xterm/VT/rxvt/Linux-console spellings of the cursor, editing and function
 * keys into the same enum cmd_key (modifiers such as ESC [ 1 ; 5 C are
 * accepted and dropped; a key raviz has no name for, such as Insert or F5,
 * is CMD_KEY_OTHER, as it is when curses decodes it), and swallows every
 * other escape sequence whole, however long or malformed, so that no byte
 * of one ever becomes a command.
 *
 * Use: keyseq_init(); keyseq_feed() for every key getch() returns (not
 * ERR, not KEY_RESIZE), as keys_from_curses() names it; when no more input
 * is pending and keyseq_pending() is true, wait a little (KEYSEQ_TIMEOUT_MS) for the rest and then call
 * keyseq_timeout(): a lone ESC becomes the Esc key, an unfinished sequence
 * is dropped.  Pure and deterministic: no I/O, no clock.
 */
#ifndef RAVIZ_KEYSEQ_H
#define RAVIZ_KEYSEQ_H

#include <stddef.h>

/* How long to wait for the rest of a sequence after its first bytes. */
#define KEYSEQ_TIMEOUT_MS	50

/* The longest sequence kept; longer ones are swallowed as unknown. */
#define KEYSEQ_MAX	32

/*
 * What ui/keys.c feeds when curses has matched a mouse report's first
 * bytes (terminfo kmous) and left the rest on the input: ESC [ M (X10,
 * three raw bytes follow) or ESC [ < (SGR: "b;x;y" and M or m follow).
 * Values no key has.
 */
#define KEYSEQ_REST_X10	0x10fff0
#define KEYSEQ_REST_SGR	0x10fff1

struct keyseq {
	int		 state;		/* internal */
	char		 buf[KEYSEQ_MAX];	/* parameters so far */
	size_t		 len;
	int		 overflow;	/* more parameters than buf holds */
};

/* Start in the ground state. */
void	 keyseq_init(struct keyseq *);
/*
 * Feed one key: a byte (0..255), a special key (enum cmd_key or a click,
 * passed through) or KEYSEQ_REST_*.  Writes the keys it completes to out[]
 * (at most 2: a pending Esc and the key that followed) and returns how
 * many: bytes outside sequences as themselves, decoded sequences as enum
 * cmd_key or a click (the keypad's ESC O M as CMD_KEY_ENTER, its digits
 * and signs as characters), nothing for a byte inside a sequence or an
 * unknown sequence.  An ESC followed by ESC or by a special key was the
 * Esc key alone: 27.
 */
int	 keyseq_feed(struct keyseq *, int c, int out[2]);
/* Is a sequence started and not finished (a timeout is due)? */
int	 keyseq_pending(const struct keyseq *);
/*
 * No more input came: a lone ESC becomes the Esc key, 27 (returns 1, *out
 * set);
 * a started sequence is dropped (returns 0).  Back in the ground state.
 */
int	 keyseq_timeout(struct keyseq *, int *out);
/*
 * Name of a key for messages and tests ("End", "F1", "other", "x",
 * "0x1b").
 */
const char *keyseq_name(int key, char *buf, size_t len);

#endif /* RAVIZ_KEYSEQ_H */
