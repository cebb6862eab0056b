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
	{ "3s", 3000000000u }, { "10000ns", 10000 }, { "7ns", 7 },
	{ "8.33ms", 8330000 }, { "0", 0 }, { "0.0", 0 },
};

/* A number without its unit (4 ns? 4 ms?) is refused; 0 is 0 in any. */
static const char *bad_durations[] = { "", "-5us", "5 min", "1.5ns", "us",
	"7", "4", "0.5" };

static const struct ok_case rates[] = {
	{ "270", 270000000 }, { "270M", 270000000 }, { "270MB/s", 270000000 },
	{ "3G", 3000000000u }, { "1.5GB/s", 1500000000 }, { "500k", 500000 },
	{ "100B/s", 100 }, { "3GB/s", 3000000000u }, { "1gB", 1000000000 },
	/* Bits: a lower-case b (a link's 3 Gb/s is 375 MB/s). */
	{ "1Gb/s", 125000000 }, { "3Gb/s", 375000000 }, { "6Gbps", 750000000 },
	{ "1.5Gb/s", 187500000 }, { "100Mbit/s", 12500000 },
	{ "270mb", 33750000 }, { "8kb/s", 1000 }, { "800b/s", 100 },
	{ "100b/s", 13 }, { "100bps", 13 },
};

static const char *bad_rates[] = { "", "-1", "3X", "1Tb/s", "3GiB/s",
	"1Gbits", "1GB/h", "3Gb/s/s" };

/* One unit: its parser and its cases, good and bad. */
struct unit {
	const char	*name;
	int		(*parse)(const char *, uint64_t *, const char **);
	const struct ok_case *ok;
	int		 nok;
	const char *const *bad;
	int		 nbad;
};

static const struct unit units[] = {
	{ "size", parse_size, sizes, CHECK_N(sizes), bad_sizes,
	    CHECK_N(bad_sizes) },
	{ "duration", parse_duration, durations, CHECK_N(durations),
	    bad_durations, CHECK_N(bad_durations) },
	{ "rate", parse_rate, rates, CHECK_N(rates), bad_rates,
	    CHECK_N(bad_rates) },
};

/* How many good (bad == 0) or bad cases the units have in all. */
static int
cases(int bad)
{
	int	 i, n = 0;

	for (i = 0; i < CHECK_N(units); i++)
		n += bad ? units[i].nbad : units[i].nok;
	return (n);
}

/*
 * The unit of case *i of all the good (bad == 0) or bad ones; *i becomes its
 * index in that unit.
 */
static const struct unit *
unit_of(int bad, int *i)
{
	const struct unit	*u = units;

	while (*i >= (bad ? u->nbad : u->nok)) {
		*i -= bad ? u->nbad : u->nok;
		u++;
	}
	return (u);
}

/* Every good case parses to its value. */
START_TEST(test_ok)
{
	int			 i = _i;
	const struct unit	*u = unit_of(0, &i);
	const char		*why = NULL;
	uint64_t		 v = 1;

	ck_assert_msg(u->parse(u->ok[i].in, &v, &why) == 0,
	    "%s \"%s\" refused: %s", u->name, u->ok[i].in, why);
	ck_assert_uint_eq(v, u->ok[i].want);
}
END_TEST

/* Every bad case is refused, with a reason, the output untouched. */
START_TEST(test_bad)
{
	int			 i = _i;
	const struct unit	*u = unit_of(1, &i);
	const char		*why = NULL;
	uint64_t		 v = 42;

	ck_assert_msg(u->parse(u->bad[i], &v, &why) == -1,
	    "%s \"%s\" accepted", u->name, u->bad[i]);
	ck_assert_ptr_nonnull(why);
	ck_assert_uint_eq(v, 42);
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
    CHECK_LOOP(test_ok, cases(0)), CHECK_LOOP(test_bad, cases(1)),
    CHECK_TEST(test_uint))
