/*
 * check-main.c - main() of every Check test program: run the program's
 * suite (check_suite()) as the environment asks (CK_TAP_LOG_FILE_NAME,
 * CK_VERBOSITY, CK_RUN_CASE ...) and exit 0 only if every test passed;
 * and check_build(), which builds a suite from its table (check-main.h).
 *
 * The tests run one after another in this process (CK_NOFORK) unless
 * CK_FORK says otherwise; a suite with a test that must end its process
 * (CHECK_EXIT) always forks. Why: a fork per test costs a fresh address space,
 * and on a VM every page fault of it goes through the hypervisor - a third
 * of check_sim's time went to its 1,079 children. What the fork gave is
 * kept another way: a crash still fails the program (and so make check);
 * a test that changes the process (environment, limits) puts it back; one
 * timer bounds the whole run, as Check's per-test timeouts did; and CI's
 * sanitizer stage runs every program with CK_FORK=yes, each test alone.
 */
#include "config.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "check-main.h"

/* Seconds the whole program may take without forks (times
 * CK_TIMEOUT_MULTIPLIER): the slowest takes seconds, a minute with
 * sanitizers. */
#define CHECK_MAIN_LIMIT	300

/* Set by check_build() when a test must run in a process of its own. */
static int	check_main_fork;

/* The limit's signal: say why the program ends, and end it failed. */
static void
check_main_limit_cb(int sig)
{
	/* Only async-signal-safe calls here: write(2) and _exit(2). */
	static const char	msg[] = "check-main: the suite ran out of time "
	    "(one limit for all its tests; CK_FORK=yes finds the test)\n";
	ssize_t			n;

	(void)sig;
	n = write(STDERR_FILENO, msg, sizeof msg - 1);
	(void)n;
	_exit(EXIT_FAILURE);
}

/*
 * Run without a fork per test unless one is asked for (CK_FORK) or needed:
 * a test that must exit forks even with CK_FORK=no, which would end the
 * whole program there, silently. Without forks a timer bounds the whole
 * run. Why not alarm(): Check takes SIGALRM for its own per-test timers,
 * and its handler kills the process group - without forks, that of make
 * check.
 */
static void
check_main_nofork(SRunner *sr)
{
	const char		*m = getenv("CK_TIMEOUT_MULTIPLIER");
	long			 mult = m != NULL ? strtol(m, NULL, 10) : 1;
	struct sigevent		 sev;
	struct itimerspec	 its;
	timer_t			 id;

	if (check_main_fork) {
		srunner_set_fork_status(sr, CK_FORK);
		return;
	}
	if (getenv("CK_FORK") != NULL)
		return;
	srunner_set_fork_status(sr, CK_NOFORK);
	signal(SIGVTALRM, check_main_limit_cb);
	memset(&sev, 0, sizeof sev);
	sev.sigev_notify = SIGEV_SIGNAL;
	sev.sigev_signo = SIGVTALRM;
	memset(&its, 0, sizeof its);
	its.it_value.tv_sec = CHECK_MAIN_LIMIT * (mult > 1 ? mult : 1);
	if (timer_create(CLOCK_MONOTONIC, &sev, &id) != 0 ||
	    timer_settime(id, 0, &its, NULL) != 0)
		abort();
}

/* Run. */
int
main(void)
{
	SRunner	*sr = srunner_create(check_suite());
	int	 failed;

	check_main_nofork(sr);
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
		else if (e->exit_value != 0) {
			tcase_add_exit_test(tc, e->test, e->exit_value);
			check_main_fork = 1;
		} else
			tcase_add_test(tc, e->test);
	}
	return (s);
}
