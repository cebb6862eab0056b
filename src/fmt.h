/*
 * fmt.h - decimal formatting of ratios with integer arithmetic, so that
 * headless output is the same on every machine (no printf("%f")); and
 * untrusted text (file names, option values, file contents) made safe to
 * print.
 */
#ifndef RAVIZ_FMT_H
#define RAVIZ_FMT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* "00" .. "99" and 10^0 .. 10^19, for fmt_u64(). */
extern const char	 fmt_digits2[201];
extern const uint64_t	 fmt_pow10[20];

/* The 8 digits of x < 10^8 at p (zeros in front), with 32-bit steps. */
static inline void
fmt_u64_8(char *p, uint32_t x)
{
	uint32_t	hi = x / 10000, lo = x - hi * 10000;

	memcpy(p, fmt_digits2 + 2 * (hi / 100), 2);
	memcpy(p + 2, fmt_digits2 + 2 * (hi % 100), 2);
	memcpy(p + 4, fmt_digits2 + 2 * (lo / 100), 2);
	memcpy(p + 6, fmt_digits2 + 2 * (lo % 100), 2);
}

/*
 * The decimal digits of v at p, at least width of them (zeros in front);
 * returns the end, not NUL-terminated (p needs room for 20 digits or
 * width).  printf's %llu and %0*llu, at a fraction of the cost: inline,
 * since the trace writes several numbers for every event.  The length
 * comes from the highest bit (log10(2) ~ 1233 / 4096); the digits go in
 * from the right, eight at a time while the number is that long (one
 * 64-bit division), then two at a time in 32 bits.
 */
static inline char *
fmt_u64(char *p, uint64_t v, unsigned width)
{
	unsigned	 n;
	char		*q;
	uint64_t	 hi;
	uint32_t	 x, h;

	if (v < 10 && width <= 1) {
		*p = (char)('0' + v);
		return (p + 1);
	}
	n = (unsigned)(64 - __builtin_clzll(v | 1)) * 1233 >> 12;
	n += v >= fmt_pow10[n];		/* digits, but 0 for 0 */
	n += n == 0;
	if (width > n) {
		memset(p, '0', width - n);
		p += width - n;
	}
	q = p + n;
	while (v >= 100000000) {
		hi = v / 100000000;
		q -= 8;
		fmt_u64_8(q, (uint32_t)(v - hi * 100000000));
		v = hi;
	}
	x = (uint32_t)v;
	while (x >= 100) {
		h = x / 100;
		q -= 2;
		memcpy(q, fmt_digits2 + 2 * (x - h * 100), 2);
		x = h;
	}
	if (x >= 10)
		memcpy(q - 2, fmt_digits2 + 2 * x, 2);
	else
		q[-1] = (char)('0' + x);
	return (p + n);
}
/* num/den with `decimals` places, rounded half up, into buf. */
char	*fmt_ratio(char *buf, size_t len, uint64_t num, uint64_t den,
	     unsigned decimals);
/*
 * Shares of a whole made of n parts (n <= 8), in units of 1/scale: out[i] is
 * parts[i] * scale / sum rounded so that the out[i] add up to exactly scale
 * (largest remainders get the units left over; ties to the lower index).
 * Exact for any 64-bit parts (128-bit arithmetic).  All 0 if the sum is 0.
 */
void	 fmt_shares(uint64_t *out, const uint64_t *parts, size_t n,
	     uint64_t scale);
/*
 * part/whole as a percentage with `decimals` places (rounded half up),
 * into buf; never more than 100 (part is clipped to whole), "0" for an
 * empty whole, exact for any 64-bit values.
 */
char	*fmt_pct(char *buf, size_t len, uint64_t part, uint64_t whole,
	     unsigned decimals);
/* A duration in ns as a short human string: "850ns", "60us", "4.00ms". */
char	*fmt_time(char *buf, size_t len, uint64_t ns);
/* A byte count as "128 KiB", "1 MiB", "4 KiB", or plain bytes. */
char	*fmt_bytes(char *buf, size_t len, uint64_t bytes);

/* A byte count as the command line spells it: "4k", "1M", "64M", "1.5G". */
char	*fmt_size(char *buf, size_t len, uint64_t bytes);
/*
 * Append printf-style text to buf (len bytes) at *off and advance *off by
 * the length of the whole text, as snprintf() counts it: what does not fit
 * is left out, buf stays NUL-terminated, and *off >= len tells a cut.
 */
void	 fmt_append(char *buf, size_t len, size_t *off, const char *fmt, ...)
	     __attribute__((format(printf, 4, 5)));

/*
 * One option of a --help text at *off, as fmt_append(): "  --name=ARG"
 * (sep '=' or ' ' before arg; arg NULL: none) and the help from column
 * FMT_HELP_COL, its '\n' continuing there on the next line; the line
 * ends with tail (may be "") and a newline.
 */
#define FMT_HELP_COL	29
void	 fmt_option(char *buf, size_t len, size_t *off, const char *name,
	     char sep, const char *arg, const char *help, const char *tail);

/*
 * Length of the printable character at s (n > 0 bytes left): a complete,
 * minimal UTF-8 sequence of a code point that utf8_printable() accepts (no
 * control character, nothing invisible or direction-changing: bidi
 * controls, U+061C, zero-width characters, U+FEFF, tag characters,
 * variation selectors, separators, non-characters ...).  0 if s does not
 * start with one.
 */
size_t	 fmt_char(const char *s, size_t n);
/*
 * Copy n bytes of s into out (len >= 8), escaped so that it cannot drive a
 * terminal: every byte that does not start a printable character (see
 * fmt_char()) as \xNN, a backslash as \\, the rest as is; cut with "..."
 * when out is full.  Returns out, always NUL-terminated.
 */
char	*fmt_escape(char *out, size_t len, const char *s, size_t n);
/* fmt_escape() of a NUL-terminated string. */
char	*fmt_escape_str(char *out, size_t len, const char *s);
/*
 * For text the program composed, whose untrusted parts went through
 * fmt_escape(): the same \xNN for every byte that does not start a
 * printable character, but a backslash passes as is, so such text comes
 * out unchanged (it is not escaped twice).  The last defence where text is
 * shown: the screen's captions and messages.
 */
char	*fmt_escape_composed(char *out, size_t len, const char *s);
/*
 * Cut s before its first byte that does not start a printable character:
 * what snprintf() leaves when it truncates composed text inside a UTF-8
 * sequence.  Returns s.
 */
char	*fmt_cut(char *s);

#endif /* RAVIZ_FMT_H */
