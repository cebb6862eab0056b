/*
 * import-lex.c - the words of a trace line, for the parsers (import.c:
 * blkparse; import-tp.c: tracepoint lines): tokens, numbers, times,
 * devices, the comm, the sectors of a payload, and the error that names
 * the file, line and column (diag.c) of what does not fit.
 */
#include "config.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "bounds.h"
#include "diag.h"
#include "import.h"
#include "import-int.h"
#include "xalloc.h"

/* Split a line into tokens (at most TOK_MAX; the rest joins the last). */
void
import_split(const char *p, size_t len, struct toks *t)
{
	const char	*e = p + len;

	t->count = 0;
	while (p < e) {
		while (p < e && (*p == ' ' || *p == '\t'))
			p++;
		if (p == e)
			break;
		t->s[t->count] = p;
		while (p < e && *p != ' ' && *p != '\t')
			p++;
		t->n[t->count] = (size_t)(p - t->s[t->count]);
		if (++t->count == TOK_MAX)
			break;
	}
}

/* A whole token as an unsigned number. */
int
import_tok_u64(const char *s, size_t n, uint64_t *v)
{
	size_t	i;

	if (n == 0 || n > 20)
		return (-1);
	*v = 0;
	for (i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return (-1);
		if (*v > (UINT64_MAX - (uint64_t)(s[i] - '0')) / 10)
			return (-1);
		*v = *v * 10 + (uint64_t)(s[i] - '0');
	}
	return (0);
}

/*
 * "SECONDS.FRACTION" (up to 9 digits), optionally ending in ':', as ns:
 * 0, -1 if not a time, -2 if past BOUND_TIME_NS.
 */
int
import_tok_time(const char *s, size_t n, uint64_t *ns)
{
	const char	*dot;
	uint64_t	 sec, frac;
	size_t		 fn;

	if (n > 0 && s[n - 1] == ':')
		n--;
	if ((dot = memchr(s, '.', n)) == NULL)
		return (-1);
	fn = n - (size_t)(dot - s) - 1;
	if (fn == 0 || fn > 9 ||
	    import_tok_u64(s, (size_t)(dot - s), &sec) != 0 ||
	    import_tok_u64(dot + 1, fn, &frac) != 0)
		return (-1);
	while (fn++ < 9)
		frac *= 10;
	/* Past 2^64 ns it would wrap. */
	if (sec > (BOUND_TIME_NS - frac) / 1000000000u)
		return (-2);
	*ns = sec * 1000000000u + frac;
	return (0);
}

/* "MAJ,MIN" (sep ',': blk) or "MAJ:MIN" (':': a file system) as a device. */
static int
tok_majmin(const char *s, size_t n, int sep, uint32_t *dev)
{
	const char	*c = memchr(s, sep, n);
	uint64_t	 ma, mi;

	if (c == NULL || import_tok_u64(s, (size_t)(c - s), &ma) != 0 ||
	    import_tok_u64(c + 1, n - (size_t)(c - s) - 1, &mi) != 0 ||
	    ma > 0xfff || mi > 0xfffff)
		return (-1);
	*dev = blk_dev((unsigned)ma, (unsigned)mi);
	return (0);
}

/* "MAJ,MIN" as a device number. */
int
import_tok_dev(const char *s, size_t n, uint32_t *dev)
{
	return (tok_majmin(s, n, ',', dev));
}

/* "MAJ:MIN": a file system's device. */
int
import_tok_sdev(const char *s, size_t n, uint32_t *dev)
{
	return (tok_majmin(s, n, ':', dev));
}

/* Whether token i is exactly the text w. */
int
import_tok_is(const struct toks *t, size_t i, const char *w)
{
	return (i < t->count && t->n[i] == strlen(w) &&
	    memcmp(t->s[i], w, t->n[i]) == 0);
}

/* Where token i starts; past the line's end when there is none. */
const char *
import_tok_at(const struct ps *ps, const struct toks *t, size_t i)
{
	return (i < t->count ? t->s[i] : ps->lp + ps->ll);
}

int
import_perr(struct ps *ps, const char *at, const char *fmt, ...)
{
	char	msg[300], *d;
	va_list	ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	d = diag_format(ps->name, ps->line, at == NULL ? 1 :
	    diag_column(ps->lp, ps->ll, at), NULL, msg);
	snprintf(ps->im->err, sizeof ps->im->err, "%s", d != NULL ? d : msg);
	free(d);
	return (-1);
}

/* A timestamp at `at` past 2^64 ns: the error. */
int
import_late(struct ps *ps, const char *at)
{
	return (import_perr(ps, at,
	    "a time past 2^64 ns (584 years), which raviz "
	    "cannot count: expected SECONDS.FRACTION up to 18446744073.709551615"));
}

/* Append an event (0: memory is xalloc's). */
int
import_push(struct ps *ps, struct blk_event *e)
{
	struct import		*im = ps->im;

	im->ev = xgrow(im->ev, &ps->cap, im->nev, sizeof *im->ev);
	e->seq = im->nev;
	e->line = ps->line;
	im->ev[im->nev++] = *e;
	return (0);
}

/*
 * The sector part of a payload from token i: "SECTOR + COUNT" (or for X
 * "SECTOR / NEW"; for A "... <- (MAJ,MIN) OLD").  Finds the landmark
 * rather than counting fields.
 */
int
import_sectors(struct ps *ps, const struct toks *t, size_t i,
    struct blk_event *e)
{
	uint64_t	v;
	const char	*sep = e->act == BLK_X ? "/" : "+";
	const char	*from = import_tok_at(ps, t, i);

	for (; i + 2 < t->count; i++)
		if (import_tok_is(t, i + 1, sep) &&
		    import_tok_u64(t->s[i], t->n[i], &e->sector) == 0)
			break;
	if (i + 2 >= t->count || import_tok_u64(t->s[i + 2], t->n[i + 2],
	    &v) != 0)
		return (import_perr(ps, from,
		    "expected 'SECTOR %s %s' after the RWBS "
		    "field", sep, e->act == BLK_X ? "NEWSECTOR" : "COUNT"));
	ps->after = i + 2;
	if (e->act == BLK_X)
		e->sector2 = v;
	else if (v > BOUND_REQUEST_SECTORS)
		return (import_perr(ps, t->s[i + 2], "%llu sectors: larger "
		    "than any kernel request (at most %u sectors, 4 GiB less "
		    "512 bytes: the kernel counts a request's bytes in 32 "
		    "bits)", (unsigned long long)v, BOUND_REQUEST_SECTORS));
	else
		e->nsect = (uint32_t)v;
	if (e->act == BLK_A && i + 5 < t->count && import_tok_is(t, i + 3,
	    "<-"))
		(void)import_tok_u64(t->s[i + 5], t->n[i + 5], &e->sector2);
	return (0);
}

/* The number in the last "[...]" of a C line: the error code. */
int
import_cerror(struct ps *ps, const struct toks *t, struct blk_event *e)
{
	const char	*s = t->s[t->count - 1];
	size_t		 n = t->n[t->count - 1];
	uint64_t	 v;
	int		 neg;

	if (n < 3 || s[0] != '[' || s[n - 1] != ']')
		return (import_perr(ps, s,
		    "expected the error code in brackets at the "
		    "end of a completion"));
	neg = s[1] == '-';
	if (import_tok_u64(s + 1 + neg, n - 2 - (size_t)neg,
	    &v) != 0 || v > 4095)
		return (import_perr(ps, s,
		    "expected an error number in the brackets "
		    "of a completion"));
	e->error = neg ? -(int)v : (int)v;
	return (0);
}

/* The count at the end of an unplug line. */
int
import_ucount(struct ps *ps, const struct toks *t, struct blk_event *e)
{
	uint64_t	v;

	if (t->count == 0 ||
	    import_tok_u64(t->s[t->count - 1], t->n[t->count - 1], &v) != 0 ||
	    v > UINT32_MAX)
		return (import_perr(ps, t->count ? t->s[t->count - 1] : NULL,
		    "expected the number of requests at the end "
		    "of an unplug"));
	e->count = (uint32_t)v;
	return (0);
}

/* Keep at most n - 1 bytes of s (len bytes), printable ASCII only. */
void
import_keep(char *out, size_t n, const char *s, size_t len)
{
	size_t	i;

	for (i = 0; i < len && i + 1 < n; i++)
		out[i] = s[i] >= ' ' && s[i] <= '~' ? s[i] : '?';
	out[i] = '\0';
}

/*
 * The comm: from the first '[' at or after from to the last ']' of the
 * line before end (a comm may hold brackets and spaces).
 */
void
import_comm(struct blk_event *e, const char *from, const char *end)
{
	const char	*a, *b;

	for (a = from; a < end && *a != '['; a++)
		;
	for (b = end; b > a && b[-1] != ']'; b--)
		;
	if (a < end && b > a + 1)
		import_keep(e->comm, sizeof e->comm, a + 1,
		    (size_t)(b - a - 2));
}

/* Device and RWBS at tokens i, i + 1. */
int
import_dev_rwbs(struct ps *ps, const struct toks *t, size_t i,
    struct blk_event *e)
{
	if (i + 1 >= t->count || import_tok_dev(t->s[i], t->n[i], &e->dev) != 0)
		return (import_perr(ps, import_tok_at(ps, t, i),
		    "expected MAJOR,MINOR"));
	if (blk_rwbs(t->s[i + 1], t->n[i + 1], &e->read) != 0)
		return (import_perr(ps, t->s[i + 1], "expected an RWBS field "
		    "(letters)"));
	import_keep(e->rwbs, sizeof e->rwbs, t->s[i + 1], t->n[i + 1]);
	return (0);
}

/* A hexadecimal number, with or without 0x. */
int
import_tok_hex(const char *s, size_t n, uint64_t *v)
{
	size_t	i;
	int	d;

	if (n > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		s += 2;
		n -= 2;
	}
	if (n == 0 || n > 16)
		return (-1);
	for (*v = 0, i = 0; i < n; i++) {
		if (s[i] >= '0' && s[i] <= '9')
			d = s[i] - '0';
		else if (s[i] >= 'a' && s[i] <= 'f')
			d = s[i] - 'a' + 10;
		else if (s[i] >= 'A' && s[i] <= 'F')
			d = s[i] - 'A' + 10;
		else
			return (-1);
		*v = *v << 4 | (uint64_t)d;
	}
	return (0);
}

/* A number, decimal or 0x hexadecimal, less a trailing ',' or ')'. */
int
import_tok_num(const char *s, size_t n, uint64_t *v)
{
	while (n > 0 && (s[n - 1] == ',' || s[n - 1] == ')'))
		n--;
	if (n > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		return (import_tok_hex(s, n, v));
	return (import_tok_u64(s, n, v));
}
