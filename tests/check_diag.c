/*
 * check_diag.c - the helpers the demo and theme parsers share: the
 * whole-file reader (sizes around the limit, directories, devices, FIFOs,
 * missing files)
 * and the file:line:col diagnostic (escaped, columns in characters); and
 * xalloc.h, which ends the program when memory runs out.
 */
#include "config.h"

#include <sys/stat.h>

#include <check.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check-main.h"
#include "diag.h"
#include "file.h"
#include "grow.h"
#include "xalloc.h"

/* A temporary file of n bytes 'a'; its path in buf. */
static void
make_file(char *buf, size_t len, size_t n)
{
	FILE	*f;
	int	 fd;

	snprintf(buf, len, "/tmp/raviz-check-diag-XXXXXX");
	ck_assert_int_ge(fd = mkstemp(buf), 0);
	ck_assert_ptr_nonnull(f = fdopen(fd, "w"));
	while (n-- > 0)
		fputc('a', f);
	ck_assert_int_eq(fclose(f), 0);
}

START_TEST(test_read_sizes)
{
	static const size_t	 sizes[] = { 0, 1, 4095, 4096, 4097, 10000 };
	char			 path[64], *buf;
	const char		*why;
	size_t			 i, len;

	for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		make_file(path, sizeof path, sizes[i]);
		/* Exactly the limit reads; one byte more does not. */
		ck_assert_int_eq(file_read(path, sizes[i], &buf, &len, &why),
		    0);
		ck_assert_uint_eq(len, sizes[i]);
		ck_assert_uint_eq(strlen(buf), sizes[i]);
		free(buf);
		if (sizes[i] > 0) {
			ck_assert_int_eq(file_read(path, sizes[i] - 1, &buf,
			    &len, &why), -2);
			ck_assert_ptr_null(buf);
		}
		unlink(path);
	}
}
END_TEST

START_TEST(test_read_errors)
{
	char		*buf, fifo[64];
	const char	*why;
	size_t		 len;
	int		 fd;

	errno = 0;
	ck_assert_int_eq(file_read("/nonexistent/raviz", 100, &buf, &len,
	    &why), -1);
	ck_assert_int_eq(errno, ENOENT);
	ck_assert_str_eq(why, strerror(ENOENT));
	ck_assert_ptr_null(buf);
	ck_assert_int_eq(file_read("/tmp", 100, &buf, &len, &why), -1);
	ck_assert_int_eq(errno, EISDIR);
	ck_assert_str_eq(why, "not a regular file (a directory)");
	ck_assert_int_eq(file_read("/dev/null", 100, &buf, &len, &why), -1);
	ck_assert_str_eq(why, "not a regular file (a device)");
	/* A FIFO with no writer: refused at once, not waited on. */
	snprintf(fifo, sizeof fifo, "/tmp/raviz-check-diag-XXXXXX");
	ck_assert_int_ge(fd = mkstemp(fifo), 0);
	close(fd);
	ck_assert_int_eq(unlink(fifo), 0);
	ck_assert_int_eq(mkfifo(fifo, 0600), 0);
	ck_assert_int_eq(file_read(fifo, 100, &buf, &len, &why), -1);
	ck_assert_str_eq(why, "not a regular file (a FIFO)");
	ck_assert_ptr_null(buf);
	unlink(fifo);
}
END_TEST

START_TEST(test_format)
{
	char	*m;

	ck_assert_ptr_nonnull(m = diag_format("a.demo", 3, 7, "error",
	    "expected x"));
	ck_assert_str_eq(m, "a.demo:3:7: error: expected x");
	free(m);
	ck_assert_ptr_nonnull(m = diag_format("t.theme", 1, 1, NULL, "why"));
	ck_assert_str_eq(m, "t.theme:1:1: why");
	free(m);
	/* The name and any raw control or bidi override come out escaped;
	 * a backslash the caller wrote stays as it is. */
	ck_assert_ptr_nonnull(m = diag_format("x\x1b[2J.demo", 2, 1,
	    "warning", "got '\\x1b' and \xe2\x80\xae"));
	ck_assert_str_eq(m, "x\\x1b[2J.demo:2:1: warning: got '\\x1b' and "
	    "\\xe2\\x80\\xae");
	free(m);
}
END_TEST

START_TEST(test_column)
{
	const char	*line = "caption \xe4\xb8\xad\xc3\xa9 x";

	ck_assert_uint_eq(diag_column(line, strlen(line), line), 1);
	ck_assert_uint_eq(diag_column(line, strlen(line), line + 8), 9);
	/* Two characters of 3 and 2 bytes: two columns. */
	ck_assert_uint_eq(diag_column(line, strlen(line), line + 13), 11);
}
END_TEST

/* Allocations that succeed return usable memory. */
START_TEST(test_xalloc)
{
	char	*p = xcalloc(3, 4), *q;
	int	 i;

	for (i = 0; i < 12; i++)
		ck_assert_int_eq(p[i], 0);
	p = xreallocarray(p, 100, 4);
	p[399] = 'x';
	q = xstrndup("abcdef", 3);
	ck_assert_str_eq(q, "abc");
	free(q);
	q = xstrdup("raviz");
	ck_assert_str_eq(q, "raviz");
	free(q);
	q = xmemdup("a\0b", 3, 1);
	ck_assert_int_eq(memcmp(q, "a\0b", 3), 0);
	free(q);
	ck_assert_ptr_null(xmemdup(p, 0, 4));
	free(p);
}
END_TEST

/*
 * grow_room(): appending 1000 elements moves the array only as it doubles
 * (16, 32, ... 1024: 7 times), each element kept; an overflowing size
 * fails and leaves the array as it was; xgrow() grows the same way.
 */
START_TEST(test_grow)
{
	int	*v = NULL, *w = NULL;
	size_t	 cap = 0, wcap = 0, i, grew = 0, last = 0;

	for (i = 0; i < 1000; i++) {
		ck_assert_int_eq(grow_room((void **)&v, &cap, i, sizeof *v), 0);
		if (cap != last)
			grew++;
		last = cap;
		ck_assert_uint_gt(cap, i);
		v[i] = (int)i;
		w = xgrow(w, &wcap, i, sizeof *w);
		ck_assert_uint_eq(wcap, cap);
	}
	ck_assert_uint_eq(grew, 7);
	ck_assert_uint_eq(cap, 1024);
	for (i = 0; i < 1000; i++)
		ck_assert_int_eq(v[i], (int)i);
	/* Room for element 5000 at once: doubled until above it. */
	ck_assert_int_eq(grow_room((void **)&v, &cap, 5000, sizeof *v), 0);
	ck_assert_uint_eq(cap, 8192);
	ck_assert_int_eq(v[999], 999);
	i = cap;
	ck_assert_int_eq(grow_room((void **)&v, &cap, SIZE_MAX / 4, 8), -1);
	ck_assert_uint_eq(cap, i);
	ck_assert_int_eq(v[999], 999);
	free(v);
	free(w);
}
END_TEST

/* An impossible size ends the program with status 1 (no hook). */
START_TEST(test_xalloc_fail)
{
	(void)xcalloc(SIZE_MAX, 2);
}
END_TEST

/* The hook runs first: here it exits with 3 itself. */
static void
hook(void)
{
	_exit(3);
}

START_TEST(test_xalloc_hook)
{
	xalloc_on_fail(hook);
	(void)xreallocarray(NULL, SIZE_MAX / 4, 8);
}
END_TEST

/* The suite. */
CHECK_SUITE("diag", CHECK_CASE("diag", 0), CHECK_TEST(test_read_sizes),
    CHECK_TEST(test_read_errors), CHECK_TEST(test_format),
    CHECK_TEST(test_column), CHECK_TEST(test_xalloc), CHECK_TEST(test_grow),
    CHECK_EXIT(test_xalloc_fail, 1), CHECK_EXIT(test_xalloc_hook, 3))
