/*
 * check-main.c - main() of every Check test program: run the program's
 * suite (check_suite()) as the environment asks (CK_TAP_LOG_FILE_NAME,
 * CK_VERBOSITY, CK_RUN_CASE ...) and exit 0 only if every test passed;
 * and check_build(), which builds a suite from its table (check-main.h).
 */
#include "config.h"

#include <stdlib.h>

#include "check-main.h"

/* Run. */
int
main(void)
{
	SRunner	*sr = srunner_create(check_suite());
	int	 failed;

	srunner_run_all(sr, CK_ENV);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return (failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE);
}

/* Build the suite name from its table. */
Suite *
check_build(const char *name, const struct check_entry *table, size_t n)
{
	Suite	*s = suite_create(name);
	TCase	*tc = NULL;
	size_t	 i;

	for (i = 0; i < n; i++) {
		const struct check_entry	*e = &table[i];

		if (e->tcase != NULL) {
			tc = tcase_create(e->tcase);
			if (e->timeout > 0)
				tcase_set_timeout(tc, e->timeout);
			if (e->setup != NULL || e->teardown != NULL)
				tcase_add_unchecked_fixture(tc, e->setup,
				    e->teardown);
			suite_add_tcase(s, tc);
		} else if (tc == NULL)
			abort();
		else if (e->loop)
			tcase_add_loop_test(tc, e->test, 0, e->loops);
		else if (e->exit_value != 0)
			tcase_add_exit_test(tc, e->test, e->exit_value);
		else
			tcase_add_test(tc, e->test);
	}
	return (s);
}
