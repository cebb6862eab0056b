/*
 * utf8.c - the one UTF-8 decoder and the width and visibility tables.
 *
 * Every path that measures or prints text goes through here: the layout
 * (render.c) measures and cuts with utf8_width()/utf8_fit(), both back
 * ends step with utf8_next() (so they agree on every byte, 0xf8-0xff
 * included: one '?' cell), fmt_escape() keeps a character only when
 * utf8_printable() says so, and the demo parser decodes with
 * utf8_decode().  The tables are sorted ranges, searched by bisection.
 */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "utf8.h"

struct utf8_range {
	uint32_t	first, last;
};

#include "utf8-tables.h"

#define NELEM(a)	(sizeof (a) / sizeof (a)[0])

/* Is cp in one of the n sorted ranges of t? */
static int
in_table(uint32_t cp, const struct utf8_range *t, size_t n)
{
	size_t	lo = 0, hi = n, mid;

	if (n == 0 || cp < t[0].first || cp > t[n - 1].last)
		return (0);
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (cp > t[mid].last)
			lo = mid + 1;
		else if (cp < t[mid].first)
			hi = mid;
		else
			return (1);
	}
	return (0);
}

/* Decode one character. */
size_t
utf8_decode(const char *s, size_t n, uint32_t *cp)
{
	const unsigned char	*p = (const unsigned char *)s;
	uint32_t		 c, min;
	size_t			 len, i;

	if (n == 0)
		return (0);
	c = p[0];
	if (c < 0x80) {
		*cp = c;
		return (1);
	}
	if (c >= 0xc2 && c <= 0xdf) {
		len = 2;
		c &= 0x1f;
		min = 0x80;
	} else if (c >= 0xe0 && c <= 0xef) {
		len = 3;
		c &= 0x0f;
		min = 0x800;
	} else if (c >= 0xf0 && c <= 0xf4) {
		len = 4;
		c &= 0x07;
		min = 0x10000;
	} else
		return (0);
	if (len > n)
		return (0);
	for (i = 1; i < len; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return (0);
		c = (c << 6) | (p[i] & 0x3f);
	}
	if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return (0);
	*cp = c;
	return (len);
}

/* Encode one scalar value. */
size_t
utf8_encode(uint32_t cp, char *out)
{
	if (cp < 0x80) {
		out[0] = (char)cp;
		return (1);
	}
	if (cp < 0x800) {
		out[0] = (char)(0xc0 | (cp >> 6));
		out[1] = (char)(0x80 | (cp & 0x3f));
		return (2);
	}
	if (cp < 0x10000) {
		out[0] = (char)(0xe0 | (cp >> 12));
		out[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		out[2] = (char)(0x80 | (cp & 0x3f));
		return (3);
	}
	out[0] = (char)(0xf0 | (cp >> 18));
	out[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
	out[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
	out[3] = (char)(0x80 | (cp & 0x3f));
	return (4);
}

/* Not a control, not invisible, not direction-changing. */
int
utf8_printable(uint32_t cp)
{
	if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f))
		return (0);
	if (cp < 0xad)
		return (1);
	return (!in_table(cp, invisible, NELEM(invisible)));
}

/* Cells of a code point. */
unsigned
utf8_cp_width(uint32_t cp)
{
	if (cp < 0x300)
		return (cp == 0xad ? 0 : 1);
	if (in_table(cp, invisible, NELEM(invisible)) ||
	    in_table(cp, zero_width, NELEM(zero_width)))
		return (0);
	if (in_table(cp, wide, NELEM(wide)))
		return (2);
	return (1);
}

/* One character as the back ends draw it. */
size_t
utf8_next(const char *s, size_t n, uint32_t *cp, unsigned *width)
{
	size_t	len = utf8_decode(s, n, cp);

	if (len == 0 || *cp < 0x20 || (*cp >= 0x7f && *cp <= 0x9f)) {
		*cp = '?';
		*width = 1;
		return (len == 0 ? 1 : len);
	}
	*width = utf8_cp_width(*cp);
	return (len);
}

/*
 * Cells of a string.  A byte below 0x80 is one cell, as utf8_next() says
 * (a control is a '?'): most of the screen's text is ASCII, measured here
 * without decoding.
 */
size_t
utf8_width(const char *s)
{
	size_t		i = 0, w = 0;
	uint32_t	cp;
	unsigned	cw;

	while (s[i] != '\0') {
		if ((unsigned char)s[i] < 0x80) {
			i++;
			w++;
			continue;
		}
		i += utf8_next(s + i, strnlen(s + i, 4), &cp, &cw);
		w += cw;
	}
	return (w);
}

/* The longest start of s within w cells (ASCII as in utf8_width()). */
size_t
utf8_fit(const char *s, size_t w)
{
	size_t		i = 0, used = 0, k;
	uint32_t	cp;
	unsigned	cw;

	while (s[i] != '\0') {
		if ((unsigned char)s[i] < 0x80) {
			k = 1;
			cw = 1;
		} else
			k = utf8_next(s + i, strnlen(s + i, 4), &cp, &cw);
		if (used + cw > w)
			break;
		used += cw;
		i += k;
	}
	return (i);
}
