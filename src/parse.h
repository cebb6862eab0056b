/*
 * parse.h - numbers with units, as the command line and data files spell
 * them.  Pure functions: no allocation, no locale, no floating point.
 * Each returns 0 and stores the value, or -1 and leaves *out unchanged, with
 * *why (if not NULL) set to a static explanation.
 */
#ifndef RAVIZ_PARSE_H
#define RAVIZ_PARSE_H

#include <stdint.h>

/* Bytes: "4096", "4k", "1M", "64G", "1T" (binary multiples, case-insensitive,
 * optional trailing "B"/"iB"). */
int	parse_size(const char *, uint64_t *out, const char **why);
/*
 * Nanoseconds: "150us", "4ms", "1.2us", "3s", "10000ns".  The unit is
 * required: "4" is refused (4 ns or 4 ms?), only "0" goes without.
 */
int	parse_duration(const char *, uint64_t *out, const char **why);
/*
 * Bytes per second: "270" or "270M" or "270MB/s" (MB/s), "3G" (GB/s),
 * "500k" (kB/s), "100B/s"; bits with a lower-case b: "3Gb/s" (375 MB/s),
 * "100Mbit/s", "800bps".  Decimal multiples, fractions allowed ("1.5G").
 */
int	parse_rate(const char *, uint64_t *out, const char **why);
/* Plain unsigned integer in [min, max]. */
int	parse_uint(const char *, uint64_t min, uint64_t max, uint64_t *out,
	    const char **why);

#endif /* RAVIZ_PARSE_H */
