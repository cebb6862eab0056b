/*
 * check-main.c - main() of every Check test program: run the program's
 * suite (check_suite()) as the environment asks (CK_TAP_LOG_FILE_NAME,
 * CK_VERBOSITY, CK_RUN_CASE ...) and exit 0 only if every test passed.
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
