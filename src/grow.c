/*
 * grow.c - arrays grown by doubling (grow.h).  One place for the rule, so
 * that the demo parser (which reports running out of memory) and xgrow()
 * (which exits) cannot drift apart, and neither grows by one.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>

#include "grow.h"

/* Make room for element n; see grow.h. */
int
grow_room(void **v, size_t *cap, size_t n, size_t size)
{
	size_t	 ncap;
	void	*nv;

	if (n < *cap)
		return (0);
	for (ncap = *cap ? *cap : 16; ncap <= n; ncap *= 2)
		if (ncap > SIZE_MAX / 2 / size)
			return (-1);
	if ((nv = realloc(*v, ncap * size)) == NULL)
		return (-1);
	*v = nv;
	*cap = ncap;
	return (0);
}
