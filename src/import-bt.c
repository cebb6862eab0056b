/*
 * import-bt.c - blktrace's binary files as a trace (import.h): the
 * per-CPU files blktrace writes (DEVICE.blktrace.0, .1, ...) or one file
 * blkparse -d merged them into.
 *
 * Each record is decoded by blktrace.c.  Process records name the tasks
 * (blkparse's [comm]); message records carry raviz's markers, readahead
 * events and capture header in the same words as its blkparse text, read
 * by the same code (import-tp.c); records of other kinds (bounce, abort,
 * driver data, sleeprq, timestamps) are counted as other lines.  The
 * names come from every file first, so a record before its task's name
 * still gets it; a record that is not whole is an error naming the file
 * and the byte where it starts.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "blktrace.h"
#include "import.h"
#include "import-int.h"
#include "xalloc.h"

/* A task's name. */
struct name {
	int	 pid;
	char	 comm[16];
};

/* qsort(), bsearch(): names by pid. */
static int
name_cb(const void *a, const void *b)
{
	const struct name	*x = a, *y = b;

	return (x->pid < y->pid ? -1 : x->pid > y->pid);
}

/*
 * The names in buf's process records, added to *v of *n names and room
 * for *cap (sorted when the last file is read); -1 with the error if a
 * record is not whole.
 */
static int
names(struct ps *ps, const unsigned char *buf, size_t len,
    struct name **v, size_t *n, size_t *cap)
{
	struct blktrace_rec	 r;
	struct blk_event	 e;
	const char		*why = NULL;
	size_t			 off = 0, at;
	int			 rc;

	for (;;) {
		at = off;
		if ((rc = blktrace_next(buf, len, &off, &r, &why)) == 0)
			return (0);
		if (rc < 0) {
			snprintf(ps->im->err, sizeof ps->im->err, "%s: byte %zu: "
			    "%s", ps->name, at, why);
			return (-1);
		}
		if (blktrace_decode(&r, &e) != BLKTRACE_PROCESS)
			continue;
		*v = xgrow(*v, cap, *n, sizeof **v);
		(*v)[*n].pid = (int)(r.pid & 0x7fffffff);
		import_keep((*v)[*n].comm, sizeof (*v)[*n].comm,
		    (const char *)r.pdu, strnlen((const char *)r.pdu,
		    r.pdu_len < 16 ? r.pdu_len : 16));
		(*n)++;
	}
}

/* A message record: raviz's words, as in its blkparse text. */
static int
message(struct ps *ps, const struct blktrace_rec *r, struct blk_event *e)
{
	struct toks	 t;
	char		 text[512];
	size_t		 n = r->pdu_len < sizeof text - 1 ? r->pdu_len :
			    sizeof text - 1;
	int		 k;

	memcpy(text, r->pdu, n);
	text[n] = '\0';
	n = strlen(text);
	ps->lp = text;
	ps->ll = n;
	import_split(text, n, &t);
	for (k = 0; k + 1 < (int)t.count; k++)
		if (import_tok_is(&t, (size_t)k, "raviz") &&
		    import_tok_is(&t, (size_t)k + 1, "capture:")) {
			import_capture_header(ps->im, &t);
			return (0);
		}
	memset(e, 0, sizeof *e);
	e->t_ns = r->time;
	e->pid = (int)(r->pid & 0x7fffffff);
	if ((k = import_marker(ps, &t, 0, e)) <= 0)
		return (k);
	e->dev = r->dev;	/* whose it is: import-pick.c */
	return (import_push(ps, e));
}

/* Parse blktrace records from n files into ps's import. */
int
import_bt_parse(struct ps *ps, const unsigned char *const *buf,
    const size_t *len, size_t nfiles)
{
	struct blktrace_rec	 r;
	struct blk_event	 e;
	struct name		*v = NULL, key, *hit;
	const char		*why = NULL;
	size_t			 nv = 0, cv = 0, f, off, at;
	int			 rc = 0;

	for (f = 0; f < nfiles && rc == 0; f++)
		rc = names(ps, buf[f], len[f], &v, &nv, &cv);
	if (nv > 0)
		qsort(v, nv, sizeof *v, name_cb);
	for (f = 0; f < nfiles && rc == 0; f++) {
		for (off = 0; rc == 0; ) {
			at = off;
			if ((rc = blktrace_next(buf[f], len[f], &off, &r,
			    &why)) <= 0)
				break;
			ps->line++;
			rc = 0;
			switch (blktrace_decode(&r, &e)) {
			case BLKTRACE_EVENT:
				key.pid = e.pid;
				if (nv > 0 && (hit = bsearch(&key, v, nv,
				    sizeof *v, name_cb)) != NULL)
					memcpy(e.comm, hit->comm,
					    sizeof e.comm);
				rc = import_push(ps, &e);
				break;
			case BLKTRACE_MESSAGE:
				rc = message(ps, &r, &e) < 0 ? -1 : 0;
				break;
			case BLKTRACE_PROCESS:
				break;
			case BLKTRACE_OTHER:
				ps->im->other_lines++;
				break;
			}
		}
		if (rc < 0 && why != NULL)
			snprintf(ps->im->err, sizeof ps->im->err, "%s: byte "
			    "%zu: %s", ps->name, at, why);
	}
	free(v);
	return (rc < 0 ? -1 : 0);
}
