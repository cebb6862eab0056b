/*
 * xalloc.h - memory for the core and the front end: allocation that does
 * not return failure.  When memory runs out the program says
 * "raviz: out of memory" and exits with status 1, after the hook set with
 * xalloc_on_fail() has run (the front end restores the terminal there).
 * The engine does not use it: it reports failure by return value.
 */
#ifndef RAVIZ_XALLOC_H
#define RAVIZ_XALLOC_H

#include <stddef.h>

void	*xmalloc(size_t);
/* Zeroed; n * size must not overflow (it is checked). */
void	*xcalloc(size_t n, size_t size);
void	*xrealloc(void *, size_t);
/* realloc() of an array of n elements of size bytes, overflow checked. */
void	*xreallocarray(void *, size_t n, size_t size);
/*
 * Room for element n of the array p of *cap elements of size bytes: p
 * itself while n < *cap, else p moved to a capacity doubled until above n
 * (16 at first), in *cap (grow.h's grow_room(), exiting on failure).
 */
void	*xgrow(void *p, size_t *cap, size_t n, size_t size);
/* A copy of the n elements of size bytes at p; NULL when n is 0. */
void	*xmemdup(const void *p, size_t n, size_t size);
char	*xstrdup(const char *);
char	*xstrndup(const char *, size_t);
/* Run fn (async-signal-safe not needed) before exiting on failure. */
void	 xalloc_on_fail(void (*fn)(void));

#endif /* RAVIZ_XALLOC_H */
