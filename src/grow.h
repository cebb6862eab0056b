/*
 * grow.h - room in an array grown by doubling, for the code that reports
 * running out of memory (the demo parser) and for xalloc.h's xgrow(),
 * which exits instead.  An array grown by one element at a time costs
 * O(n^2) wherever realloc() copies (a sanitizer's allocator, musl): the
 * doubling keeps appending n elements O(n).
 */
#ifndef RAVIZ_GROW_H
#define RAVIZ_GROW_H

#include <stddef.h>

/*
 * Room for element n of the array *v of *cap elements of size bytes
 * (size > 0): nothing while n < *cap; else *v moved to a capacity doubled
 * until above n (16 at first), in *cap.  0, or -1 when the size would
 * overflow or memory ran out: *v and *cap are then as they were.
 */
int	grow_room(void **v, size_t *cap, size_t n, size_t size);

#endif /* RAVIZ_GROW_H */
