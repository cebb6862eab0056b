/*
 * parse.c - numbers with units.  Fractions ("1.2us") are read as a decimal
 * mantissa and an exponent and scaled with integer arithmetic, so that the
 * same text always gives the same integer, on every machine; overflow is
 * detected, never wrapped.
 */
#include "config.h"

#include <stddef.h>
#include <string.h>

#include "parse.h"

#define LIM	UINT64_MAX

/* ASCII case-insensitive equality, without the locale. */
static int
eqi(const char *a, const char *b)
{
	for (; *a && *b; a++, b++) {
		char x = *a, y = *b;

		if (x >= 'A' && x <= 'Z')
			x = (char)(x - 'A' + 'a');
		if (y >= 'A' && y <= 'Z')
			y = (char)(y - 'A' + 'a');
		if (x != y)
			return (0);
	}
	return (*a == *b);
}

/*
 * Read "digits[.digits]" into mant (all digits) and the count of fraction
 * digits; *end points past it.  -1 if there are no digits or too many.
 */
static int
decimal(const char *s, uint64_t *mant, unsigned *frac, const char **end,
    const char **why)
{
	uint64_t	m = 0;
	unsigned	f = 0, digits = 0;
	int		dot = 0;

	for (;; s++) {
		if (*s == '.' && !dot) {
			dot = 1;
			continue;
		}
		if (*s < '0' || *s > '9')
			break;
		if (m > (LIM - 9) / 10) {
			*why = "number too large";
			return (-1);
		}
		m = m * 10 + (uint64_t)(*s - '0');
		digits++;
		if (dot)
			f++;
	}
	if (digits == 0) {
		*why = "expected a number";
		return (-1);
	}
	if (f > 6) {
		*why = "too many decimal places (at most 6)";
		return (-1);
	}
	*mant = m;
	*frac = f;
	*end = s;
	return (0);
}

/* mant / 10^frac * mul, rounded to nearest; -1 on overflow (mul <= 2^40). */
static int
scale(uint64_t mant, unsigned frac, uint64_t mul, int need_whole,
    uint64_t *out, const char **why)
{
	uint64_t	div = 1, q, r;

	while (frac-- > 0)
		div *= 10;
	/* (mant * mul) / div without overflowing the product. */
	q = mant / div;
	r = mant % div;
	if (q != 0 && mul > LIM / q)
		goto big;
	q *= mul;
	if (r != 0) {
		uint64_t	part;

		/* r < 10^6 and mul <= 2^40, so r * mul fits. */
		if (need_whole && (r * mul) % div != 0) {
			*why = "not a whole number of units";
			return (-1);
		}
		part = (r * mul + div / 2) / div;
		if (q > LIM - part)
			goto big;
		q += part;
	}
	*out = q;
	return (0);
big:
	*why = "value too large";
	return (-1);
}

/* Size in bytes with binary suffixes. */
int
parse_size(const char *s, uint64_t *out, const char **why)
{
	const char	*dummy, *end;
	uint64_t	 mant, mul = 1;
	unsigned	 frac;

	if (why == NULL)
		why = &dummy;
	if (s == NULL || *s == '\0') {
		*why = "empty size";
		return (-1);
	}
	if (*s == '-') {
		*why = "size cannot be negative";
		return (-1);
	}
	if (decimal(s, &mant, &frac, &end, why) != 0)
		return (-1);
	if (*end == '\0' || eqi(end, "b"))
		mul = 1;
	else if (eqi(end, "k") || eqi(end, "kb") || eqi(end, "kib"))
		mul = UINT64_C(1) << 10;
	else if (eqi(end, "m") || eqi(end, "mb") || eqi(end, "mib"))
		mul = UINT64_C(1) << 20;
	else if (eqi(end, "g") || eqi(end, "gb") || eqi(end, "gib"))
		mul = UINT64_C(1) << 30;
	else if (eqi(end, "t") || eqi(end, "tb") || eqi(end, "tib"))
		mul = UINT64_C(1) << 40;
	else {
		*why = "unknown size suffix (use k, M, G or T)";
		return (-1);
	}
	return (scale(mant, frac, mul, 1, out, why));
}

/* Duration in nanoseconds. */
int
parse_duration(const char *s, uint64_t *out, const char **why)
{
	const char	*dummy, *end;
	uint64_t	 mant, mul;
	unsigned	 frac;

	if (why == NULL)
		why = &dummy;
	if (s == NULL || *s == '\0') {
		*why = "empty duration";
		return (-1);
	}
	if (*s == '-') {
		*why = "duration cannot be negative";
		return (-1);
	}
	if (decimal(s, &mant, &frac, &end, why) != 0)
		return (-1);
	if (*end == '\0' || eqi(end, "ns"))
		mul = 1;
	else if (eqi(end, "us") || strcmp(end, "\xc2\xb5s") == 0)
		mul = 1000;
	else if (eqi(end, "ms"))
		mul = 1000000;
	else if (eqi(end, "s"))
		mul = 1000000000;
	else {
		*why = "unknown time unit (use ns, us, ms or s)";
		return (-1);
	}
	return (scale(mant, frac, mul, 1, out, why));
}

/* Rate in bytes per second, decimal multiples, MB/s by default. */
int
parse_rate(const char *s, uint64_t *out, const char **why)
{
	const char	*dummy, *end;
	uint64_t	 mant, mul;
	unsigned	 frac;
	char		 unit[8];
	size_t		 n;

	if (why == NULL)
		why = &dummy;
	if (s == NULL || *s == '\0') {
		*why = "empty rate";
		return (-1);
	}
	if (*s == '-') {
		*why = "rate cannot be negative";
		return (-1);
	}
	if (decimal(s, &mant, &frac, &end, why) != 0)
		return (-1);
	n = strlen(end);
	if (n >= 2 && eqi(end + n - 2, "/s"))
		n -= 2;
	if (n >= sizeof unit) {
		*why = "unknown rate unit (use k, M or G, as in 270M or 3GB/s)";
		return (-1);
	}
	memcpy(unit, end, n);
	unit[n] = '\0';
	if (n == 0 || eqi(unit, "m") || eqi(unit, "mb"))
		mul = 1000000;
	else if (eqi(unit, "k") || eqi(unit, "kb"))
		mul = 1000;
	else if (eqi(unit, "g") || eqi(unit, "gb"))
		mul = 1000000000;
	else if (eqi(unit, "b"))
		mul = 1;
	else {
		*why = "unknown rate unit (use k, M or G, as in 270M or 3GB/s)";
		return (-1);
	}
	return (scale(mant, frac, mul, 0, out, why));
}

/* Unsigned integer in a range. */
int
parse_uint(const char *s, uint64_t min, uint64_t max, uint64_t *out,
    const char **why)
{
	const char	*dummy, *end;
	uint64_t	 v;
	unsigned	 frac;

	if (why == NULL)
		why = &dummy;
	if (s == NULL || *s == '\0' || *s == '-') {
		*why = "expected a whole number";
		return (-1);
	}
	if (decimal(s, &v, &frac, &end, why) != 0)
		return (-1);
	if (frac != 0 || *end != '\0' || strchr(s, '.') != NULL) {
		*why = "expected a whole number";
		return (-1);
	}
	if (v < min || v > max) {
		*why = "out of range";
		return (-1);
	}
	*out = v;
	return (0);
}
