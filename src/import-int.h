/*
 * import-int.h - what the import's files share (import.c reads a file and
 * its blkparse lines, import-tp.c tracepoint lines, import-lex.c their
 * words, import-pick.c keeps, import-sum.c summarizes).  Not for use outside
 * them: import.h is the contract.
 */
#ifndef RAVIZ_IMPORT_INT_H
#define RAVIZ_IMPORT_INT_H

#include "import.h"

#define TOK_MAX			48

/* A line split into whitespace-separated tokens. */
struct toks {
	const char	*s[TOK_MAX];
	size_t		 n[TOK_MAX];
	size_t		 count;
};

/* The parser's state over one file. */
struct ps {
	struct import	*im;
	const char	*name;
	uint32_t	 line;
	const char	*lp;		/* the line being parsed ... */
	size_t		 ll;		/* ... and its length */
	size_t		 cap;
	int		 blkparse;	/* the format decided for the file */
	int		 in_summary;	/* blkparse: past the event lines */
	size_t		 after;		/* token of the count sectors() read */
	int		 unplug_unknown; /* U may be either kind (a message) */
	uint64_t	*last;		/* the last time per CPU + 1 (0: none) */
	size_t		 nlast;
	uint64_t	 timed, backs;	/* lines with a time; going back */
	char		 back_err[512];	/* the first going back, as an error */
};

/* Where a tracepoint line's parts are: tokens, the CPU and the time. */
struct tpl {
	size_t		 task;		/* tokens [0, task) name the task */
	size_t		 ts, ev;
	long		 cpu;		/* -1: no CPU column */
	uint64_t	 t_ns;
};


/* import-lex.c: words, numbers and errors (import-lex.c says each). */
void	import_split(const char *p, size_t len, struct toks *t);
int	import_tok_u64(const char *s, size_t n, uint64_t *v);
int	import_tok_time(const char *s, size_t n, uint64_t *ns);
int	import_tok_dev(const char *s, size_t n, uint32_t *dev);
int	import_tok_sdev(const char *s, size_t n, uint32_t *dev);
int	import_tok_hex(const char *s, size_t n, uint64_t *v);
int	import_tok_num(const char *s, size_t n, uint64_t *v);
int	import_tok_is(const struct toks *t, size_t i, const char *w);
const char *import_tok_at(const struct ps *ps, const struct toks *t, size_t i);
/*
 * Record an error "name:line:col: what" (diag.c), col that of at in the
 * line (NULL: 1), and return -1.
 */
int	import_perr(struct ps *ps, const char *at, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));
int	import_late(struct ps *ps, const char *at);
int	import_push(struct ps *ps, struct blk_event *e);
int	import_sectors(struct ps *ps, const struct toks *t, size_t i,
	    struct blk_event *e);
int	import_cerror(struct ps *ps, const struct toks *t, struct blk_event *e);
int	import_ucount(struct ps *ps, const struct toks *t, struct blk_event *e);
void	import_keep(char *out, size_t n, const char *s, size_t len);
void	import_comm(struct blk_event *e, const char *from, const char *end);
int	import_dev_rwbs(struct ps *ps, const struct toks *t, size_t i,
	    struct blk_event *e);

/*
 * import.c: a capture header's figures (its "raviz capture:" line, or the
 * message a conversion made of it) into im.  import-bt.c: the records of
 * nfiles blktrace files into ps's import (0, or -1 with the error).
 */
void	import_capture_header(struct import *im, const struct toks *t);
int	import_bt_parse(struct ps *ps, const unsigned char *const *buf,
	    const size_t *len, size_t nfiles);

/*
 * import-tp.c: the parts of a tracepoint line (0; -1 no time; -2 no
 * 'EVENT:' after it; -3 a time past 2^64 ns); one such line into events
 * (0, or -1 with the error); a raviz marker or readahead message in
 * tokens from i (1 found, 0 not one, -1 bad).
 */
int	import_tp_split(const struct toks *t, struct tpl *l);
int	import_tp_line(struct ps *ps, const struct toks *t);
int	import_marker(struct ps *ps, const struct toks *t, size_t i,
	    struct blk_event *e);

/*
 * Keep im's events of device dev (BLK_NODEV: the one with the most data
 * read, said in im->note), of its tasks and of one file's readahead; 0,
 * or -1 with im->err "name: ..." when the trace has no such device.
 */
int	import_pick(struct import *im, const char *name, uint32_t dev);

#endif /* RAVIZ_IMPORT_INT_H */
