/*
 * check_parse.c - numbers with units: sizes, durations, rates, integers,
 * with the error cases the command line must reject.
 */
#include "config.h"

#include <check.h>
#include <stdlib.h>

#include "check-main.h"
#include "parse.h"

struct ok_case {
	const char	*in;
	uint64_t	 want;
};

static const struct ok_case sizes[] = {
	{ "4096", 4096 }, { "4k", 4096 }, { "4K", 4096 }, { "1M", 1048576 },
	{ "1m", 1048576 }, { "64M", 67108864 }, { "1G", 1073741824 },
	{ "1T", UINT64_C(1099511627776) }, { "128KiB", 131072 },
	{ "1.5k", 1536 }, { "0", 0 }, { "2MB", 2097152 }, { "16383T",
	  UINT64_C(16383) << 40 },
	/* P and E, with fractions: the split product must stay exact. */
	{ "4P", UINT64_C(4) << 50 }, { "4PiB", UINT64_C(4) << 50 },
	{ "1.5P", UINT64_C(3) << 49 }, { "0.015625P", UINT64_C(1) << 44 },
	{ "1E", UINT64_C(1) << 60 }, { "15.5E", UINT64_C(31) << 59 },
	{ "0.25eb", UINT64_C(1) << 58 },
	{ "15.984375E", UINT64_C(1023) << 54 },
};

static const char *bad_sizes[] = {
	"", "-1", "12Q", "k", "1.1k", "99999999999999999999", "16777216T",
	"1..2", "1 M", "0x10", "1.0000001M", "16E", "16384P", "0.1P",
	"0.000001P",
};

static const struct ok_case durations[] = {
	{ "150us", 150000 }, { "4ms", 4000000 }, { "1.2us", 1200 },
	{ "3s", 3000000000u }, { "10000ns", 10000 }, { "7", 7 },
	{ "8.33ms", 8330000 }, { "0", 0 },
};

static const char *bad_durations[] = { "", "-5us", "5 min", "1.5ns", "us" };

static const struct ok_case rates[] = {
	{ "270", 270000000 }, { "270M", 270000000 }, { "270MB/s", 270000000 },
	{ "3G", 3000000000u }, { "1.5GB/s", 1500000000 }, { "500k", 500000 },
	{ "100b/s", 100 },
};

static const char *bad_rates[] = { "", "-1", "3X", "1Tb/s" };

START_TEST(test_size_ok)
{
	uint64_t	v = 1;

	ck_assert_int_eq(parse_size(sizes[_i].in, &v, NULL), 0);
	ck_assert_uint_eq(v, sizes[_i].want);
}
END_TEST

START_TEST(test_size_bad)
{
	const char	*why = NULL;
	uint64_t	 v = 42;

	ck_assert_int_eq(parse_size(bad_sizes[_i], &v, &why), -1);
	ck_assert_ptr_nonnull(why);
	ck_assert_uint_eq(v, 42);
}
END_TEST

START_TEST(test_duration_ok)
{
	uint64_t	v;

	ck_assert_int_eq(parse_duration(durations[_i].in, &v, NULL), 0);
	ck_assert_uint_eq(v, durations[_i].want);
}
END_TEST

START_TEST(test_duration_bad)
{
	uint64_t	v;

	ck_assert_int_eq(parse_duration(bad_durations[_i], &v, NULL), -1);
}
END_TEST

START_TEST(test_rate_ok)
{
	uint64_t	v;

	ck_assert_int_eq(parse_rate(rates[_i].in, &v, NULL), 0);
	ck_assert_uint_eq(v, rates[_i].want);
}
END_TEST

START_TEST(test_rate_bad)
{
	uint64_t	v;

	ck_assert_int_eq(parse_rate(bad_rates[_i], &v, NULL), -1);
}
END_TEST

START_TEST(test_uint)
{
	uint64_t	v;

	ck_assert_int_eq(parse_uint("31", 1, 64, &v, NULL), 0);
	ck_assert_uint_eq(v, 31);
	ck_assert_int_eq(parse_uint("0", 1, 64, &v, NULL), -1);
	ck_assert_int_eq(parse_uint("65", 1, 64, &v, NULL), -1);
	ck_assert_int_eq(parse_uint("3.0", 1, 64, &v, NULL), -1);
	ck_assert_int_eq(parse_uint("-3", 0, 64, &v, NULL), -1);
	ck_assert_int_eq(parse_uint("3x", 0, 64, &v, NULL), -1);
	ck_assert_int_eq(parse_uint("18446744073709551615", 0, UINT64_MAX,
	    &v, NULL), -1);	/* the parser's own limit is UINT64_MAX - 9 */
}
END_TEST

/* Build the suite. */
CHECK_SUITE("parse", CHECK_CASE("units", 0),
    CHECK_LOOP(test_size_ok, CHECK_N(sizes)),
    CHECK_LOOP(test_size_bad, CHECK_N(bad_sizes)),
    CHECK_LOOP(test_duration_ok, CHECK_N(durations)),
    CHECK_LOOP(test_duration_bad, CHECK_N(bad_durations)),
    CHECK_LOOP(test_rate_ok, CHECK_N(rates)),
    CHECK_LOOP(test_rate_bad, CHECK_N(bad_rates)), CHECK_TEST(test_uint))
