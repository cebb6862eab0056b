/*
 * check-main.h - the Check test programs share one main() (check-main.c):
 * each defines check_suite(), which returns its suite.
 */
#ifndef RAVIZ_CHECK_MAIN_H
#define RAVIZ_CHECK_MAIN_H

#include <check.h>

/* The program's suite (defined by each tests/check_*.c). */
Suite	*check_suite(void);

#endif /* RAVIZ_CHECK_MAIN_H */
