/*
 * check-main.h - the Check test programs share one main() (check-main.c):
 * each defines check_suite(), which returns its suite - by hand, or with
 * CHECK_SUITE() and a table of entries rather than one tcase_add_*() call
 * a test:
 *
 *	CHECK_SUITE("fmt", CHECK_CASE("escape", 0),
 *	    CHECK_LOOP(test_char, CHECK_N(chars)), CHECK_TEST(test_pct))
 *
 * defines check_suite() building the suite "fmt" with one test case
 * "escape" holding a loop test over the rows of chars[] and a plain test.
 */
#ifndef RAVIZ_CHECK_MAIN_H
#define RAVIZ_CHECK_MAIN_H

#include <stddef.h>
#include <stdint.h>

#include <check.h>

/*
 * The program's suite (defined by each tests/check_*.c). Its tests run in
 * one process, one after another, unless CK_FORK is set or one was added
 * with CHECK_EXIT (check-main.c): a test puts back what it changes of the
 * process, and a suite built by hand adds no exit test.
 */
Suite	*check_suite(void);

/*
 * Assertions inside loops of many passes (an engine stepped event by
 * event): Check's ck_assert*() record the place they pass each time, a
 * write(2) to the parent of a forked test per call - millions of system
 * calls; CHECK_HOT() costs a comparison until it fails, then fails the test
 * as ck_assert_msg() does (with the message, or the expression).
 */
#define CHECK_HOT(expr)		CHECK_HOT_MSG(expr, "Assertion '%s' failed", \
				    #expr)
#define CHECK_HOT_MSG(expr, ...)	do {				\
	if (!(expr))							\
		ck_abort_msg(__VA_ARGS__);				\
} while (0)
/* ck_assert_int_eq() and ck_assert_uint_eq() as CHECK_HOT: both values
 * in the message. */
#define CHECK_HOT_INT_EQ(x, y)	do {					\
	intmax_t	hot_x_ = (x), hot_y_ = (y);			\
									\
	CHECK_HOT_MSG(hot_x_ == hot_y_, "Assertion '%s == %s' failed: "	\
	    "%jd != %jd", #x, #y, hot_x_, hot_y_);			\
} while (0)
#define CHECK_HOT_UINT_EQ(x, y)	do {					\
	uintmax_t	hot_x_ = (x), hot_y_ = (y);			\
									\
	CHECK_HOT_MSG(hot_x_ == hot_y_, "Assertion '%s == %s' failed: "	\
	    "%ju != %ju", #x, #y, hot_x_, hot_y_);			\
} while (0)

/*
 * One entry of a suite's table: the start of a test case (tcase set: its
 * name, its timeout in seconds or 0 for Check's default, its unchecked
 * fixture or NULLs) or a test added to the test case begun last (with loop
 * set, a loop test run with _i from 0 to loops - 1; else a test that must end
 * with exit status exit_value: 0, as for a plain test, unless CHECK_EXIT).
 */
struct check_entry {
	const char	*tcase;
	int		 timeout;
	SFun		 setup;
	SFun		 teardown;
	const TTest	*test;
	int		 loop;
	int		 loops;
	int		 exit_value;
};

/* Table entries: test cases, then the tests each holds. */
#define CHECK_CASE(name, secs)	{ .tcase = (name), .timeout = (secs) }
#define CHECK_CASE_FIXTURE(name, secs, up, down)			\
	{ .tcase = (name), .timeout = (secs), .setup = (up),		\
	    .teardown = (down) }
#define CHECK_TEST(t)		{ .test = (t) }
#define CHECK_LOOP(t, n)	{ .test = (t), .loop = 1, .loops = (n) }
#define CHECK_EXIT(t, status)	{ .test = (t), .exit_value = (status) }

/* How many elements the array a has, as the int Check's loop tests take. */
#define CHECK_N(a)	((int)(sizeof (a) / sizeof (a)[0]))

/*
 * The suite name built from the n entries of table[], which begins with a
 * test case; a test before any test case is a programming error (abort()).
 */
Suite	*check_build(const char *name, const struct check_entry *table,
	    size_t n);

/* Define check_suite() as check_build() of the suite name and entries. */
#define CHECK_SUITE(name, ...)						\
	Suite *								\
	check_suite(void)						\
	{								\
		const struct check_entry check_table_[] = { __VA_ARGS__ };\
									\
		return (check_build((name), check_table_,		\
		    sizeof check_table_ / sizeof check_table_[0]));	\
	}

#endif /* RAVIZ_CHECK_MAIN_H */
