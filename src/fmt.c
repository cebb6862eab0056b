/*
 * fmt.c - integer-only decimal formatting.  Products are split so that
 * nothing overflows for the values the engine produces (times below 2^50 ns,
 * byte counts below 2^62).
 *
 * And escaping: text that the user or a file supplied (option values, file
 * names, theme values) is printed through fmt_escape(), so that an escape
 * sequence in it shows as text instead of clearing the screen or setting
 * the window title.  One escaped form (\xNN) for every message, the
 * screen's captions and messages included.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "fmt.h"
#include "utf8.h"

/* "00", "01", ... "99": fmt_u64() writes two digits at a time. */
const char	 fmt_digits2[201] =
	"00010203040506070809"
	"10111213141516171819"
	"20212223242526272829"
	"30313233343536373839"
	"40414243444546474849"
	"50515253545556575859"
	"60616263646566676869"
	"70717273747576777879"
	"80818283848586878889"
	"90919293949596979899";

/* 10^i, for the length of a number in digits (fmt_u64()). */
const uint64_t	 fmt_pow10[20] = {
	UINT64_C(1), UINT64_C(10), UINT64_C(100), UINT64_C(1000),
	UINT64_C(10000), UINT64_C(100000), UINT64_C(1000000),
	UINT64_C(10000000), UINT64_C(100000000), UINT64_C(1000000000),
	UINT64_C(10000000000), UINT64_C(100000000000),
	UINT64_C(1000000000000), UINT64_C(10000000000000),
	UINT64_C(100000000000000), UINT64_C(1000000000000000),
	UINT64_C(10000000000000000), UINT64_C(100000000000000000),
	UINT64_C(1000000000000000000), UINT64_C(10000000000000000000)
};

/* Copy the n bytes at s into buf (len bytes) as snprintf() would. */
static char *
put_cut(char *buf, size_t len, const char *s, size_t n)
{
	if (len == 0)
		return (buf);
	if (n > len - 1)
		n = len - 1;
	memcpy(buf, s, n);
	buf[n] = '\0';
	return (buf);
}

/* num/den to `decimals` places, half up. */
char *
fmt_ratio(char *buf, size_t len, uint64_t num, uint64_t den,
    unsigned decimals)
{
	char		 t[48], *p;
	uint64_t	ip, rem, scale = 1, fp;
	unsigned	i;

	if (den == 0)
		return (put_cut(buf, len, "0", 1));
	for (i = 0; i < decimals; i++)
		scale *= 10;
	ip = num / den;
	rem = num % den;
	/* rem < den; rem * scale may overflow for huge den: reduce both. */
	while (rem > UINT64_MAX / (scale * 2 + 1)) {
		rem >>= 1;
		den >>= 1;
	}
	fp = (rem * scale * 2 + den) / (den * 2);
	if (fp >= scale) {
		ip++;
		fp -= scale;
	}
	p = fmt_u64(t, ip, 0);
	if (decimals != 0) {
		*p++ = '.';
		p = fmt_u64(p, fp, decimals);
	}
	return (put_cut(buf, len, t, (size_t)(p - t)));
}

/* Shares of a whole, adding up to exactly scale. */
void
fmt_shares(uint64_t *out, const uint64_t *parts, size_t n, uint64_t scale)
{
	unsigned __int128	 sum = 0, rem[8], q;
	uint64_t		 given = 0;
	size_t			 i, best;

	if (n > 8)
		n = 8;
	for (i = 0; i < n; i++)
		sum += parts[i];
	for (i = 0; i < n; i++) {
		out[i] = 0;
		rem[i] = 0;
		if (sum == 0)
			continue;
		q = (unsigned __int128)parts[i] * scale;
		out[i] = (uint64_t)(q / sum);
		rem[i] = q % sum;
		given += out[i];
	}
	if (sum == 0)
		return;
	/* Hand out the units lost to truncation: fewer than n of them. */
	while (given < scale) {
		best = 0;
		for (i = 1; i < n; i++)
			if (rem[i] > rem[best])
				best = i;
		out[best]++;
		rem[best] = 0;
		given++;
	}
}

/* A bounded, overflow-free percentage. */
char *
fmt_pct(char *buf, size_t len, uint64_t part, uint64_t whole,
    unsigned decimals)
{
	unsigned __int128	 scale = 100, v;
	uint64_t		 unit = 1;
	unsigned		 i;

	if (whole == 0) {
		snprintf(buf, len, "0");
		return (buf);
	}
	if (part > whole)
		part = whole;
	for (i = 0; i < decimals && i < 6; i++) {
		scale *= 10;
		unit *= 10;
	}
	/* Rounded half up: (2 * part * scale + whole) / (2 * whole). */
	v = ((unsigned __int128)part * scale * 2 + whole) /
	    ((unsigned __int128)whole * 2);
	return (fmt_ratio(buf, len, (uint64_t)v, unit, decimals));
}

/* Human-readable duration. */
char *
fmt_time(char *buf, size_t len, uint64_t ns)
{
	char		 r[40];
	const char	*u;
	size_t		 n;

	if (ns < 1000) {
		n = (size_t)(fmt_u64(r, ns, 0) - r);
		u = "ns";
	} else {
		if (ns < 1000000) {
			fmt_ratio(r, sizeof r, ns, 1000, ns < 10000 ? 1 : 0);
			u = "us";
		} else if (ns < UINT64_C(1000000000)) {
			fmt_ratio(r, sizeof r, ns, 1000000, 2);
			u = "ms";
		} else {
			fmt_ratio(r, sizeof r, ns, 1000000000, 3);
			u = "s";
		}
		n = strlen(r);
	}
	memcpy(r + n, u, strlen(u));
	return (put_cut(buf, len, r, n + strlen(u)));
}

/* b in the largest unit it reaches, with one decimal if not whole. */
static char *
fmt_units(char *buf, size_t len, uint64_t b, const char *const *unit,
    const char *sep)
{
	char		 r[48];
	unsigned	 u = 0;
	uint64_t	 div = 1;
	size_t		 n;

	while (u < 5 && b >= div * 1024) {
		div *= 1024;
		u++;
	}
	if (b % div == 0)
		n = (size_t)(fmt_u64(r, b / div, 0) - r);
	else
		n = strlen(fmt_ratio(r, sizeof r, b, div, 1));
	/* The separator and the unit: a few bytes each, r has room. */
	memcpy(r + n, sep, strlen(sep));
	n += strlen(sep);
	memcpy(r + n, unit[u], strlen(unit[u]));
	n += strlen(unit[u]);
	return (put_cut(buf, len, r, n));
}

/* Human-readable byte count: "128 KiB". */
char *
fmt_bytes(char *buf, size_t len, uint64_t b)
{
	static const char *const unit[] = {
		"B", "KiB", "MiB", "GiB", "TiB", "PiB"
	};

	return (fmt_units(buf, len, b, unit, " "));
}

/* Compact size with k/M/G/T suffixes: "128k". */
char *
fmt_size(char *buf, size_t len, uint64_t b)
{
	static const char *const unit[] = { "", "k", "M", "G", "T", "P" };

	return (fmt_units(buf, len, b, unit, ""));
}

/* Append printf-style text at *off of buf, counting all like snprintf(). */
void
fmt_append(char *buf, size_t len, size_t *off, const char *fmt, ...)
{
	va_list	ap;
	int	n;

	va_start(ap, fmt);
	n = vsnprintf(*off < len ? buf + *off : NULL, *off < len ?
	    len - *off : 0, fmt, ap);
	va_end(ap);
	if (n > 0)
		*off += (size_t)n;
}

/* One option line of a --help text; see fmt.h. */
void
fmt_option(char *buf, size_t len, size_t *off, const char *name, char sep,
    const char *arg, const char *help, const char *tail)
{
	const char	*h, *nl;
	size_t		 start = *off;
	int		 w;

	fmt_append(buf, len, off, "  --%s", name);
	if (arg != NULL)
		fmt_append(buf, len, off, "%c%s", sep, arg);
	w = (int)(*off - start);
	if (w + 2 > FMT_HELP_COL) {	/* at least two spaces before the help */
		fmt_append(buf, len, off, "\n");
		w = 0;
	}
	for (h = help; ; h = nl + 1) {
		nl = strchr(h, '\n');
		fmt_append(buf, len, off, "%*s%.*s", FMT_HELP_COL - w, "",
		    (int)(nl != NULL ? (size_t)(nl - h) : strlen(h)), h);
		w = 0;
		if (nl == NULL)
			break;
		fmt_append(buf, len, off, "\n");
	}
	fmt_append(buf, len, off, "%s\n", tail);
}

/* The printable character at s; see fmt.h. */
size_t
fmt_char(const char *s, size_t n)
{
	uint32_t	cp;
	size_t		len = utf8_decode(s, n, &cp);

	return (len > 0 && utf8_printable(cp) ? len : 0);
}

/* Escape n bytes of s; a backslash is doubled unless keep_bs. */
static char *
escape(char *out, size_t len, const char *s, size_t n, int keep_bs)
{
	const unsigned char	*p = (const unsigned char *)s;
	size_t			 i = 0, o = 0, k;

	if (len == 0)
		return (out);
	while (i < n) {
		/* Room for the longest item (\xNN or 4 bytes), else "...". */
		if (o + 8 >= len) {
			/* As much of the "..." as fits before the NUL. */
			k = len - 1 - o < 3 ? len - 1 - o : 3;
			memcpy(out + o, "...", k);
			o += k;
			break;
		}
		k = fmt_char(s + i, n - i);
		if (k == 0) {
			snprintf(out + o, len - o, "\\x%02x", p[i]);
			o += 4;
			i++;
		} else if (p[i] == '\\' && !keep_bs) {
			out[o++] = '\\';
			out[o++] = '\\';
			i++;
		} else {
			memcpy(out + o, s + i, k);
			o += k;
			i += k;
		}
	}
	out[o] = '\0';
	return (out);
}

/* Escape n bytes of s; see fmt.h. */
char *
fmt_escape(char *out, size_t len, const char *s, size_t n)
{
	return (escape(out, len, s, n, 0));
}

/* Escape a NUL-terminated string. */
char *
fmt_escape_str(char *out, size_t len, const char *s)
{
	return (fmt_escape(out, len, s, strlen(s)));
}

/* Cut s before its first byte that starts no printable character. */
char *
fmt_cut(char *s)
{
	size_t	i = 0, k, n = strlen(s);

	while (i < n && (k = fmt_char(s + i, n - i)) != 0)
		i += k;
	s[i] = '\0';
	return (s);
}

/* Escape what is left to escape in composed text; see fmt.h. */
char *
fmt_escape_composed(char *out, size_t len, const char *s)
{
	return (escape(out, len, s, strlen(s), 1));
}
