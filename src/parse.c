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

/*
 * mant / 10^frac * mul, rounded to nearest; -1 on overflow.  mul is at
 * most 2^40, or a power of two up to 2^60 (P, E).
 */
static int
scale(uint64_t mant, unsigned frac, uint64_t mul, int need_whole,
    uint64_t *out, const char **why)
{
	uint64_t	div = 1, q, r, lo = mul, hi = 1;

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

		/*
		 * r < 10^6 < 2^20: r * lo fits when lo <= 2^40; a larger
		 * power of two is split as lo * hi with lo = 2^20, and
		 * r * mul / div = (r * lo / div) * hi + (r * lo % div) * hi
		 * / div, each product below 2^60.
		 */
		if (mul > (UINT64_C(1) << 40)) {
			lo = UINT64_C(1) << 20;
			hi = mul >> 20;
		}
		part = (r * lo) / div * hi;
		r = (r * lo) % div * hi;
		if (need_whole && r % div != 0) {
			*why = "not a whole number of units";
			return (-1);
		}
		part += (r + div / 2) / div;
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

/* A unit suffix and its multiplier. */
struct unit {
	const char	*name;
	uint64_t	 mul;
};

/* A binary multiple, 2^shift: "k", "kb" and "kib" alike. */
#define BINARY(p, shift)						\
	{ p, UINT64_C(1) << (shift) },					\
	{ p "b", UINT64_C(1) << (shift) },				\
	{ p "ib", UINT64_C(1) << (shift) }

static const struct unit size_units[] = {
	{ "", 1 }, { "b", 1 },
	BINARY("k", 10), BINARY("m", 20), BINARY("g", 30), BINARY("t", 40),
	BINARY("p", 50), BINARY("e", 60),
	{ NULL, 0 }
};

static const struct unit time_units[] = {
	{ "", 1 }, { "ns", 1 }, { "us", 1000 }, { "\xc2\xb5s", 1000 },
	{ "ms", 1000000 }, { "s", 1000000000 },
	{ NULL, 0 }
};

/*
 * decimal() of s, which must be there and have no sign: a '-' is refused
 * with the message neg, an empty or missing s with empty.
 */
static int
unsigned_decimal(const char *s, uint64_t *mant, unsigned *frac,
    const char **end, const char **why, const char *neg, const char *empty)
{
	if (s == NULL || *s == '\0' || *s == '-') {
		*why = s != NULL && *s == '-' ? neg : empty;
		return (-1);
	}
	return (decimal(s, mant, frac, end, why));
}

/*
 * The shared shape of sizes and durations: a non-negative decimal, then a
 * suffix from units (case-insensitive), scaled exactly to a whole number.
 * neg and bad_unit are the messages for a negative value and an unknown
 * suffix; no_unit, if not NULL, refuses a value other than 0 without one.
 */
static int
parse_units(const char *s, uint64_t *out, const char **why,
    const struct unit *units, const char *neg, const char *bad_unit,
    const char *no_unit)
{
	const char	*dummy, *end;
	char		 suffix[8];
	uint64_t	 mant;
	unsigned	 frac;
	size_t		 n, i;

	if (why == NULL)
		why = &dummy;
	if (unsigned_decimal(s, &mant, &frac, &end, why, neg,
	    "empty value") != 0)
		return (-1);
	n = strlen(end);
	if (n == 0 && no_unit != NULL && mant != 0) {
		*why = no_unit;
		return (-1);
	}
	if (n < sizeof suffix) {
		memcpy(suffix, end, n);
		suffix[n] = '\0';
		for (i = 0; units[i].name != NULL; i++)
			if (eqi(suffix, units[i].name))
				return (scale(mant, frac, units[i].mul, 1,
				    out, why));
	}
	*why = bad_unit;
	return (-1);
}

/* Size in bytes with binary suffixes. */
int
parse_size(const char *s, uint64_t *out, const char **why)
{
	return (parse_units(s, out, why, size_units, "a size cannot be negative",
	    "unknown size suffix (use k, M, G, T, P or E)", NULL));
}

/* Duration in nanoseconds. */
int
parse_duration(const char *s, uint64_t *out, const char **why)
{
	return (parse_units(s, out, why, time_units, "a duration cannot be negative",
	    "unknown time unit (use ns, us, ms or s)", "a time needs its "
	    "unit: ns, us, ms or s (only 0 goes without)"));
}

/*
 * Rate in bytes per second.  The multiplier (k, M, G; either case) is
 * decimal and MB/s is meant when there is none; then B is bytes and b (or
 * bit) bits, as network links are sold: 3Gb/s is 375 MB/s.  A trailing
 * "/s" or "ps" is allowed.  Rates need not be whole: the result is
 * rounded to the nearest byte per second.
 */
int
parse_rate(const char *s, uint64_t *out, const char **why)
{
	static const char	mults[] = "kmg";
	static const uint64_t	mulv[] = { 1000, 1000000, 1000000000 };
	const char		*dummy, *end, *m;
	uint64_t		 mant, mul = 1000000, v;
	unsigned		 frac;
	size_t			 n;
	int			 bits = 0;

	if (why == NULL)
		why = &dummy;
	if (unsigned_decimal(s, &mant, &frac, &end, why,
	    "a rate cannot be negative", "empty value") != 0)
		return (-1);
	n = strlen(end);
	if (n >= 2 && (eqi(end + n - 2, "/s") || strcmp(end + n - 2, "ps") ==
	    0))
		n -= 2;
	if (n > 0 && *end != '\0' && (m = strchr(mults, *end | 0x20)) !=
	    NULL) {
		mul = mulv[m - mults];
		end++;
		n--;
	} else if (n > 0)
		mul = 1;	/* "100B/s", "800b/s" */
	if (n == 1 && *end == 'B')
		;
	else if ((n == 1 && *end == 'b') || (n == 3 &&
	    strncmp(end, "bit", 3) == 0))
		bits = 1;
	else if (n != 0) {
		*why = "unknown rate unit (k, M or G, then B for bytes or b "
		    "for bits: 270M, 3GB/s, 6Gb/s)";
		return (-1);
	}
	if (!bits)
		return (scale(mant, frac, mul, 0, out, why));
	/* A bit is 125 thousandths of a byte: k, M, G bits scale exactly. */
	if (mul >= 1000)
		return (scale(mant, frac, mul / 1000 * 125, 0, out, why));
	if (scale(mant, frac, 125, 0, &v, why) != 0)
		return (-1);
	*out = (v + 500) / 1000;
	return (0);
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
	if (unsigned_decimal(s, &v, &frac, &end, why,
	    "expected a whole number", "expected a whole number") != 0)
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
