/*
 * keyseq.c - a small state machine from terminal input bytes to keys.
 *
 * States: ground (bytes are keys), after ESC, inside a CSI sequence
 * (ESC [ parameters final), inside an SS3 sequence (ESC O parameters
 * final), after the Linux console's ESC [ [, and collecting the three raw
 * bytes of an X10 mouse report (ESC [ M b x y).  Mouse reports, in each of
 * the three encodings terminals use (X10's raw bytes, SGR's ESC [ < b ; x
 * ; y M or m, urxvt's ESC [ b ; x ; y M), are read whole: a press of the
 * first button becomes a click key (CMD_KEY_CLICK_AT()), the wheel
 * CMD_KEY_WHEEL_UP or _DOWN, anything else (releases, other buttons,
 * motion) nothing.  When curses has already eaten a report's first bytes
 * (its terminfo kmous), ui/keys.c says so with KEYSEQ_REST_X10 or
 * KEYSEQ_REST_SGR and the rest is read here the same way.  Parameter bytes are
 * collected up to KEYSEQ_MAX; a sequence ends at its final byte (ECMA-48:
 * 0x40-0x7e, plus the rxvt modifier finals), and only then is it looked
 * up: a known spelling gives one key, anything else gives nothing.  A byte
 * that cannot belong to a sequence (a control, a byte above 0x7e) makes it
 * garbage, swallowed to its final byte; ESC ends it and starts a new one;
 * CAN and SUB cancel it; a special key (enum cmd_key) ends it and passes
 * through.  Keys come out as raviz names them (cmd.h): the named ones as
 * CMD_KEY_*, the others (Insert, Delete, F2-F12) as CMD_KEY_OTHER.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "keyseq.h"

enum {
	S_GROUND,
	S_ESC,		/* after ESC */
	S_CSI,		/* after ESC [ */
	S_LINUX,	/* after ESC [ [ (Linux console F1-F5) */
	S_SS3,		/* after ESC O */
	S_X10		/* raw bytes of an X10 mouse report */
};

#define ESC	27

/* Start in the ground state. */
void
keyseq_init(struct keyseq *k)
{
	memset(k, 0, sizeof *k);
	k->state = S_GROUND;
}

/* Begin collecting a sequence in state st. */
static void
begin(struct keyseq *k, int st)
{
	k->state = st;
	k->len = 0;
	k->overflow = 0;
}

/* Keep a parameter byte, or note that the sequence is too long. */
static void
keep(struct keyseq *k, int c)
{
	if (k->len < sizeof k->buf)
		k->buf[k->len++] = (char)c;
	else
		k->overflow = 1;
}

/*
 * The parameters as "P" or "P;M" (digits only, M a modifier): *p gets P
 * (0 when empty).  -1 for anything else (private markers, intermediates,
 * more fields, too many digits).
 */
static int
params(const struct keyseq *k, unsigned *p)
{
	size_t		i, digits = 0, fields = 1;
	unsigned	v = 0;

	if (k->overflow)
		return (-1);
	for (i = 0; i < k->len; i++) {
		if (k->buf[i] == ';') {
			if (++fields > 2)
				return (-1);
			digits = 0;
		} else if (k->buf[i] >= '0' && k->buf[i] <= '9') {
			if (++digits > 3)
				return (-1);
			if (fields == 1)
				v = v * 10 + (unsigned)(k->buf[i] - '0');
		} else
			return (-1);
	}
	*p = v;
	return (0);
}

/* The key of a cursor-key final (A B C D H F, rxvt's a b c d), or 0. */
static int
cursor_final(int f)
{
	switch (f) {
	case 'A': case 'a':
		return (CMD_KEY_UP);
	case 'B': case 'b':
		return (CMD_KEY_DOWN);
	case 'C': case 'c':
		return (CMD_KEY_RIGHT);
	case 'D': case 'd':
		return (CMD_KEY_LEFT);
	case 'H':
		return (CMD_KEY_HOME);
	case 'F':
		return (CMD_KEY_END);
	case 'P':
		return (CMD_KEY_F1);
	case 'Q': case 'R': case 'S':
		return (CMD_KEY_OTHER);	/* F2-F4 */
	default:
		return (0);
	}
}

/* The key of ESC [ P ~ (VT220 editing and function keys), or 0. */
static int
tilde_key(unsigned p)
{
	switch (p) {
	case 1: case 7:
		return (CMD_KEY_HOME);
	case 4: case 8:
		return (CMD_KEY_END);
	case 5:
		return (CMD_KEY_PGUP);
	case 6:
		return (CMD_KEY_PGDN);
	case 11:
		return (CMD_KEY_F1);
	case 2: case 3:			/* Insert, Delete */
	case 12: case 13: case 14: case 15:
	case 17: case 18: case 19: case 20: case 21:
	case 23: case 24:		/* F2-F12 */
		return (CMD_KEY_OTHER);
	default:
		return (0);
	}
}

/*
 * The key of a mouse event: button code b (the report's, its offset of 32
 * taken off), 0-based column x and row y, pressed (not released).  A click
 * of the first button or the wheel; 0 (nothing) for the rest.
 */
static int
mouse_key(unsigned b, unsigned x, unsigned y, int pressed)
{
	b &= ~(4u | 8u | 16u);		/* Shift, Meta, Ctrl: the same */
	if (!pressed || (b & 32) != 0)	/* a release, or motion */
		return (0);
	if (b == 64)
		return (CMD_KEY_WHEEL_UP);
	if (b == 65)
		return (CMD_KEY_WHEEL_DOWN);
	if (b != 0 || x >= CMD_CLICK_MAX || y >= CMD_CLICK_MAX)
		return (0);
	return (CMD_KEY_CLICK_AT(x, y));
}

/*
 * The three numbers of a "P;P;P" parameter string starting at s (len
 * bytes), into v; -1 unless it is exactly that.
 */
static int
three(const char *s, size_t len, unsigned v[3])
{
	size_t		i, f = 0, digits = 0;

	v[0] = v[1] = v[2] = 0;
	for (i = 0; i < len; i++) {
		if (s[i] == ';') {
			if (digits == 0 || ++f > 2)
				return (-1);
			digits = 0;
		} else if (s[i] >= '0' && s[i] <= '9' && digits < 5) {
			v[f] = v[f] * 10 + (unsigned)(s[i] - '0');
			digits++;
		} else
			return (-1);
	}
	return (f == 2 && digits > 0 ? 0 : -1);
}

/*
 * A CSI sequence that is a mouse report: SGR (ESC [ < b ; x ; y M, or m on
 * release) or urxvt (ESC [ b ; x ; y M, b offset by 32).  1 with *key set
 * (0: nothing to do), 0 if it is no mouse report.
 */
static int
csi_mouse(const struct keyseq *k, int f, int *key)
{
	unsigned	v[3];

	if (k->overflow || (f != 'M' && f != 'm'))
		return (0);
	if (k->len > 0 && k->buf[0] == '<') {
		*key = three(k->buf + 1, k->len - 1, v) != 0 || v[1] == 0 ||
		    v[2] == 0 ? 0 : mouse_key(v[0], v[1] - 1, v[2] - 1,
		    f == 'M');
		return (1);
	}
	if (f == 'M' && three(k->buf, k->len, v) == 0) {
		*key = v[0] < 32 || v[1] == 0 || v[2] == 0 ? 0 :
		    mouse_key(v[0] - 32, v[1] - 1, v[2] - 1, 1);
		return (1);
	}
	return (0);
}

/* The three raw bytes of an X10 report, b x y each offset by 32. */
static int
x10_key(const struct keyseq *k)
{
	unsigned	b = (unsigned char)k->buf[0];
	unsigned	x = (unsigned char)k->buf[1];
	unsigned	y = (unsigned char)k->buf[2];

	if (b < 32 || x < 33 || y < 33)
		return (0);
	/* Button code 3 is X10's release: nothing. */
	return ((b - 32) % 4 == 3 && (b - 32) < 64 ? 0 :
	    mouse_key(b - 32, x - 33, y - 33, 1));
}

/* A complete CSI sequence with final f: its key, or 0 if unknown. */
static int
csi_key(const struct keyseq *k, int f)
{
	unsigned	p;
	int		key;

	if (csi_mouse(k, f, &key))
		return (key);
	if (params(k, &p) != 0)
		return (0);
	/* rxvt marks modifiers with the final: ~ plain, $ ^ @ shifted. */
	if (f == '~' || f == '$' || f == '^' || f == '@')
		return (tilde_key(p));
	/* ESC [ A, ESC [ 1 ; 5 A: the first parameter is 1 or absent. */
	if (p > 1 || ((f == 'a' || f == 'b' || f == 'c' || f == 'd') &&
	    k->len > 0))
		return (0);
	return (cursor_final(f));
}

/*
 * A complete SS3 sequence: cursor and F1-F4 keys, and the numeric keypad
 * in application mode (ESC O p is the 0 key); 0 if unknown.
 */
static int
ss3_key(const struct keyseq *k, int f)
{
	static const char kp[] = "pqrstuvwxyjkmno";	/* 0-9 * + - . / */
	static const char kc[] = "0123456789*+-./";
	const char	*q;
	unsigned	 p;

	if (params(k, &p) != 0)
		return (0);
	if (f == 'M')
		return (CMD_KEY_ENTER);
	if (f == 'X')
		return ('=');
	if (f != '\0' && (q = strchr(kp, f)) != NULL)
		return (kc[q - kp]);
	return (cursor_final(f));
}

/* Is c a final byte (ECMA-48 0x40-0x7e)? */
static int
is_final(int c)
{
	return (c >= 0x40 && c <= 0x7e);
}

/* The sequence is over: back to the ground state; key (0: none) in out. */
static int
done(struct keyseq *k, int key, int out[2])
{
	k->state = S_GROUND;
	if (key == 0)
		return (0);
	out[0] = key;
	return (1);
}

/*
 * A byte of a CSI or SS3 sequence, whose parameter bytes run from lo to
 * 0x3f: kept (0), or the final that ends it, named by key() (0 or 1); -1
 * if it is neither.
 */
static int
param_or_final(struct keyseq *k, int c, int lo,
    int (*key)(const struct keyseq *, int), int out[2])
{
	if (c >= lo && c <= 0x3f) {
		keep(k, c);
		return (0);
	}
	if (is_final(c))
		return (done(k, key(k, c), out));
	return (-1);
}

/* Feed one value from getch(). */
int
keyseq_feed(struct keyseq *k, int c, int out[2])
{
	int	n = 0;

	/* curses ate a mouse report's first bytes: read the rest. */
	if (c == KEYSEQ_REST_X10 || c == KEYSEQ_REST_SGR) {
		if (k->state == S_ESC)
			out[n++] = ESC;
		begin(k, c == KEYSEQ_REST_X10 ? S_X10 : S_CSI);
		if (c == KEYSEQ_REST_SGR)
			keep(k, '<');
		return (n);
	}
	if (c < 0 || c > 255) {
		/* A special key ends whatever was started. */
		if (k->state == S_ESC)
			out[n++] = ESC;
		k->state = S_GROUND;
		out[n++] = c;
		return (n);
	}
	switch (k->state) {
	case S_GROUND:
		if (c == ESC) {
			k->state = S_ESC;
			return (0);
		}
		out[0] = c;
		return (1);
	case S_ESC:
		if (c == '[') {
			begin(k, S_CSI);
			return (0);
		}
		if (c == 'O') {
			begin(k, S_SS3);
			return (0);
		}
		if (c == ESC) {
			/* The first ESC was the Esc key; this one starts anew. */
			out[0] = ESC;
			return (1);
		}
		/* Alt+key or another two-byte sequence: both swallowed. */
		k->state = S_GROUND;
		return (0);
	case S_CSI:
		if (c == '[' && k->len == 0 && !k->overflow) {
			k->state = S_LINUX;
			return (0);
		}
		if (c == 'M' && k->len == 0 && !k->overflow) {
			/* X10 mouse report: three raw bytes follow. */
			begin(k, S_X10);
			return (0);
		}
		/* rxvt: ESC [ 2 $ is shift+Insert, a final after digits. */
		if (c == '$' && k->len > 0 && k->buf[k->len - 1] >= '0' &&
		    k->buf[k->len - 1] <= '9')
			return (done(k, csi_key(k, c), out));
		if ((n = param_or_final(k, c, 0x20, csi_key, out)) >= 0)
			return (n);
		break;
	case S_SS3:
		if ((n = param_or_final(k, c, 0x30, ss3_key, out)) >= 0)
			return (n);
		break;
	case S_LINUX:
		k->state = S_GROUND;
		if (c >= 'A' && c <= 'E') {
			/* F1-F5 */
			out[0] = c == 'A' ? CMD_KEY_F1 : CMD_KEY_OTHER;
			return (1);
		}
		if (c == ESC)
			k->state = S_ESC;
		return (0);
	case S_X10:
		/* Raw bytes, whatever they are (even ESC): all three. */
		k->buf[k->len++] = (char)c;
		if (k->len < 3)
			return (0);
		return (done(k, x10_key(k), out));
	default:
		k->state = S_GROUND;
		return (0);
	}
	/*
	 * A byte no sequence may hold.  ESC starts the next sequence, CAN and
	 * SUB cancel this one (as on a VT); anything else makes it garbage
	 * that still lasts to its final byte, so that nothing of it leaks
	 * (the caller's timeout ends one that never gets there).
	 */
	if (c == ESC)
		k->state = S_ESC;
	else if (c == 0x18 || c == 0x1a)
		k->state = S_GROUND;
	else
		k->overflow = 1;
	return (0);
}

/* Is a sequence started and not finished? */
int
keyseq_pending(const struct keyseq *k)
{
	return (k->state != S_GROUND);
}

/* No more input: a lone ESC is the Esc key; anything else is dropped. */
int
keyseq_timeout(struct keyseq *k, int *out)
{
	int	esc = (k->state == S_ESC);

	k->state = S_GROUND;
	if (esc)
		*out = ESC;
	return (esc);
}

/* Name of a key: a named key, a printable byte, or its value in hex. */
const char *
keyseq_name(int key, char *buf, size_t len)
{
	static const char *const names[] = {
		"Up", "Down", "Left", "Right", "Home", "End", "PgUp", "PgDn",
		"F1", "Enter", "WheelUp", "WheelDown", "other"
	};
	_Static_assert(sizeof names / sizeof names[0] ==
	    CMD_KEY_OTHER - CMD_KEY_UP + 1, "a name for every enum cmd_key");

	if (key >= CMD_KEY_UP && key <= CMD_KEY_OTHER)
		snprintf(buf, len, "%s", names[key - CMD_KEY_UP]);
	else if (CMD_KEY_IS_CLICK(key))
		snprintf(buf, len, "click %u,%u", CMD_CLICK_X(key),
		    CMD_CLICK_Y(key));
	else if (key > 0x20 && key < 0x7f)
		snprintf(buf, len, "%c", key);
	else
		snprintf(buf, len, "0x%x", (unsigned)key);
	return (buf);
}
