/*
 * keyseq-fuzzer.c - libFuzzer harness for the escape-sequence decoder: the
 * input is a stream of terminal bytes (a byte 0xff followed by one more
 * stands for a special key, enum cmd_key; 0xfe and one more for curses
 * having eaten a mouse report's first bytes).  A finding: more than two keys
 * from one byte; a plain key out of a byte fed while a sequence was open
 * (the leak the decoder exists to prevent: only Esc or a decoded keypad key
 * may come out then); a value that is neither a byte, an enum cmd_key nor
 * a click;
 * a key from an ESC fed in the ground state; a sequence still open after
 * the timeout.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "keyseq.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* Feed the input byte by byte, checking the contract after each. */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct keyseq	k;
	int		out[2], n, i, c, open;
	size_t		p;

	keyseq_init(&k);
	for (p = 0; p < size; p++) {
		c = data[p];
		if (c == 0xff && p + 1 < size)		/* a special key */
			c = CMD_KEY_UP + data[++p] %
			    (CMD_KEY_OTHER - CMD_KEY_UP + 1);
		else if (c == 0xfe && p + 1 < size)	/* curses ate kmous */
			c = data[++p] & 1 ? KEYSEQ_REST_SGR : KEYSEQ_REST_X10;
		open = keyseq_pending(&k);
		n = keyseq_feed(&k, c, out);
		if (n < 0 || n > 2)
			abort();
		if (c == 27 && !open && n != 0)
			abort();
		for (i = 0; i < n; i++) {
			if (out[i] < 0)
				abort();
			/*
			 * Out of an open sequence: Esc, a special key, or the
			 * character of an application-keypad key (ESC O s is
			 * 3) - never the byte just fed.
			 */
			if (open && out[i] < 256 && out[i] != 27 &&
			    (out[i] == 0 ||
			    strchr("0123456789*+-./=", out[i]) == NULL ||
			    out[i] == c))
				abort();
			if (out[i] > 255 && (out[i] < CMD_KEY_UP ||
			    out[i] > CMD_KEY_OTHER) && !CMD_KEY_IS_CLICK(out[i]))
				abort();
		}
	}
	if (keyseq_pending(&k)) {
		n = keyseq_timeout(&k, out);
		if ((n == 1 && out[0] != 27) || n < 0 || n > 1 ||
		    keyseq_pending(&k))
			abort();
	}
	return (0);
}
