/*
 * keyidx.c - keys to element numbers (keyidx.h).
 *
 * Chained hashing: each bucket is a doubly linked list of its elements in
 * element order, so the oldest and newest of a key are found from either
 * end, skipping only the other keys that share the bucket.  The buckets
 * are kept at least twice as many as the elements indexed; growing
 * relinks every element in element order, which keeps each chain sorted.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "keyidx.h"
#include "xalloc.h"

/* The bucket of key k. */
static size_t
bucket(const struct keyidx *x, uint64_t k)
{
	return ((size_t)((k * UINT64_C(0x9E3779B97F4A7C15)) >> 32) &
	    (x->nb - 1));
}

/* Link element el at the tail of its bucket (el is the highest there). */
static void
append(struct keyidx *x, size_t el)
{
	size_t	b = bucket(x, x->key[el]);

	x->next[el] = KEYIDX_NONE;
	x->prev[el] = x->tail[b];
	if (x->tail[b] == KEYIDX_NONE)
		x->head[b] = el;
	else
		x->next[x->tail[b]] = el;
	x->tail[b] = el;
}

/* Buckets for twice as many elements as now, every element relinked. */
static void
rehash(struct keyidx *x)
{
	size_t	i;

	while (x->nb < 2 * (x->count + 1))
		x->nb = x->nb ? 2 * x->nb : 64;
	free(x->head);
	free(x->tail);
	x->head = xreallocarray(NULL, x->nb, sizeof *x->head);
	x->tail = xreallocarray(NULL, x->nb, sizeof *x->tail);
	for (i = 0; i < x->nb; i++)
		x->head[i] = x->tail[i] = KEYIDX_NONE;
	for (i = 0; i < x->cap; i++)
		if (x->in[i])
			append(x, i);
}

/* Room for element el in the per-element arrays. */
static void
room(struct keyidx *x, size_t el)
{
	size_t	c = x->cap;

	if (el < c)
		return;
	while (x->cap <= el)
		x->cap = x->cap ? 2 * x->cap : 64;
	x->next = xreallocarray(x->next, x->cap, sizeof *x->next);
	x->prev = xreallocarray(x->prev, x->cap, sizeof *x->prev);
	x->key = xreallocarray(x->key, x->cap, sizeof *x->key);
	x->in = xreallocarray(x->in, x->cap, sizeof *x->in);
	memset(x->in + c, 0, x->cap - c);
}

/* Index an element. */
void
keyidx_put(struct keyidx *x, size_t el, uint64_t k)
{
	size_t	b, at;

	room(x, el);
	x->key[el] = k;
	x->in[el] = 1;
	x->count++;
	if (2 * x->count > x->nb) {
		rehash(x);
		return;
	}
	b = bucket(x, k);
	/* After the highest element below el: usually the tail itself. */
	for (at = x->tail[b]; at != KEYIDX_NONE && at > el; at = x->prev[at])
		;
	x->prev[el] = at;
	x->next[el] = at == KEYIDX_NONE ? x->head[b] : x->next[at];
	if (at == KEYIDX_NONE)
		x->head[b] = el;
	else
		x->next[at] = el;
	if (x->next[el] == KEYIDX_NONE)
		x->tail[b] = el;
	else
		x->prev[x->next[el]] = el;
}

/* Take an element out. */
void
keyidx_del(struct keyidx *x, size_t el)
{
	size_t	b;

	if (el >= x->cap || !x->in[el])
		return;
	b = bucket(x, x->key[el]);
	if (x->prev[el] == KEYIDX_NONE)
		x->head[b] = x->next[el];
	else
		x->next[x->prev[el]] = x->next[el];
	if (x->next[el] == KEYIDX_NONE)
		x->tail[b] = x->prev[el];
	else
		x->prev[x->next[el]] = x->prev[el];
	x->in[el] = 0;
	x->count--;
}

/* The lowest element under a key. */
size_t
keyidx_oldest(const struct keyidx *x, uint64_t k)
{
	size_t	el;

	if (x->nb == 0)
		return (KEYIDX_NONE);
	for (el = x->head[bucket(x, k)]; el != KEYIDX_NONE; el = x->next[el])
		if (x->key[el] == k)
			break;
	return (el);
}

/* The highest element under a key. */
size_t
keyidx_newest(const struct keyidx *x, uint64_t k)
{
	size_t	el;

	if (x->nb == 0)
		return (KEYIDX_NONE);
	for (el = x->tail[bucket(x, k)]; el != KEYIDX_NONE; el = x->prev[el])
		if (x->key[el] == k)
			break;
	return (el);
}

/* The next higher element under the same key. */
size_t
keyidx_newer(const struct keyidx *x, size_t el)
{
	uint64_t	k = x->key[el];

	for (el = x->next[el]; el != KEYIDX_NONE; el = x->next[el])
		if (x->key[el] == k)
			break;
	return (el);
}

/* The next lower element under the same key. */
size_t
keyidx_older(const struct keyidx *x, size_t el)
{
	uint64_t	k = x->key[el];

	for (el = x->prev[el]; el != KEYIDX_NONE; el = x->prev[el])
		if (x->key[el] == k)
			break;
	return (el);
}

/* Empty the index. */
void
keyidx_clear(struct keyidx *x)
{
	size_t	i;

	if (x->cap > 0)
		memset(x->in, 0, x->cap);
	for (i = 0; i < x->nb; i++)
		x->head[i] = x->tail[i] = KEYIDX_NONE;
	x->count = 0;
}

/* Free the index. */
void
keyidx_free(struct keyidx *x)
{
	free(x->head);
	free(x->tail);
	free(x->next);
	free(x->prev);
	free(x->key);
	free(x->in);
	memset(x, 0, sizeof *x);
}
