/*
 * xalloc.c - allocation that ends the program on failure.  Out of memory,
 * raviz cannot do anything useful, and one exit path here replaces a
 * hand-written error path at every call.  The hook lets the terminal
 * front end leave the screen in its normal state first.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "xalloc.h"

/* What to do before exiting (the front end's terminal cleanup), or NULL. */
static void	(*fail_hook)(void);

/* Say so and exit. */
static void
fail(void)
{
	void	(*fn)(void) = fail_hook;

	fail_hook = NULL;	/* the hook may allocate and fail again */
	if (fn != NULL)
		fn();
	fputs("raviz: out of memory\n", stderr);
	exit(1);
}

/* Set the hook. */
void
xalloc_on_fail(void (*fn)(void))
{
	fail_hook = fn;
}

/* malloc() or exit. */
void *
xmalloc(size_t n)
{
	void	*p = malloc(n ? n : 1);

	if (p == NULL)
		fail();
	return (p);
}

/* calloc() or exit. */
void *
xcalloc(size_t n, size_t size)
{
	void	*p;

	if (size != 0 && n > SIZE_MAX / size)
		fail();
	if ((p = calloc(n ? n : 1, size ? size : 1)) == NULL)
		fail();
	return (p);
}

/* realloc() or exit. */
void *
xrealloc(void *o, size_t n)
{
	void	*p = realloc(o, n ? n : 1);

	if (p == NULL)
		fail();
	return (p);
}

/* realloc() of an array or exit. */
void *
xreallocarray(void *o, size_t n, size_t size)
{
	if (size != 0 && n > SIZE_MAX / size)
		fail();
	return (xrealloc(o, n * size));
}

/* Make room for one more element of an array, or exit. */
void *
xgrow(void *p, size_t *cap, size_t n, size_t size)
{
	if (grow_room(&p, cap, n, size) != 0)
		fail();
	return (p);
}

/* strdup() or exit. */
char *
xstrdup(const char *s)
{
	char	*p = strdup(s);

	if (p == NULL)
		fail();
	return (p);
}

/* A copy of an array, or exit. */
void *
xmemdup(const void *p, size_t n, size_t size)
{
	void	*q;

	if (n == 0)
		return (NULL);
	q = xreallocarray(NULL, n, size);
	memcpy(q, p, n * size);
	return (q);
}

/* strndup() or exit. */
char *
xstrndup(const char *s, size_t n)
{
	char	*p = strndup(s, n);

	if (p == NULL)
		fail();
	return (p);
}
