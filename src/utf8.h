/*
 * utf8.h - UTF-8 text: decoding, what may be printed as it is, and how many
 * terminal cells it takes.  The width table is built in (utf8-tables.h,
 * from the Unicode data), never the locale's wcwidth(), so that headless
 * output is the same on every machine: East Asian wide and fullwidth
 * characters take two cells, combining marks and other zero-width
 * characters none, everything else one.
 */
#ifndef RAVIZ_UTF8_H
#define RAVIZ_UTF8_H

#include <stddef.h>
#include <stdint.h>

/*
 * Decode the character at s (n > 0 bytes left): the length of a complete,
 * minimal UTF-8 sequence of a Unicode scalar value (1 to 4) with *cp set,
 * or 0 if s does not start with one (a stray, overlong or truncated
 * sequence, a surrogate, past U+10FFFF).
 */
size_t	 utf8_decode(const char *s, size_t n, uint32_t *cp);
/* Encode cp (a scalar value) into out (4 bytes of room); the length. */
size_t	 utf8_encode(uint32_t cp, char *out);
/*
 * May cp reach a terminal as it is?  Not a control character (C0, DEL,
 * C1), and not invisible or direction-changing: format characters (bidi
 * controls and isolates, U+061C, zero-width space and joiners, U+FEFF, tag
 * characters ...), variation selectors, fillers, line and paragraph
 * separators, non-characters.
 */
int	 utf8_printable(uint32_t cp);
/* Cells cp takes: 2 (wide, fullwidth), 0 (combining, zero width), else 1. */
unsigned utf8_cp_width(uint32_t cp);
/*
 * One step through s as the screen's back ends draw it: the bytes of the
 * character at s (at least 1) and its width; a byte that does not start a
 * valid sequence or is a control is one cell (drawn as '?': *cp is set to
 * '?').
 */
size_t	 utf8_next(const char *s, size_t n, uint32_t *cp, unsigned *width);
/* Cells the NUL-terminated s takes on the screen (utf8_next() steps). */
size_t	 utf8_width(const char *s);
/*
 * Bytes of the longest start of s that takes at most w cells, ending
 * between characters (zero-width characters after the last one included).
 */
size_t	 utf8_fit(const char *s, size_t w);

#endif /* RAVIZ_UTF8_H */
