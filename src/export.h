/*
 * export.h - the model's run as a real trace: blkparse's default text
 * for users' scripts, blktrace's binary files for blkparse, btt and
 * iowatcher; raviz --import reads both.
 */
#ifndef RAVIZ_EXPORT_H
#define RAVIZ_EXPORT_H

#include <stdio.h>

#include "blk.h"
#include "engine/sim.h"

struct opts;
struct export;

/*
 * The translation of engine events into block events, one engine event at
 * a time: export_new(), export_event() per event in order, export_free().
 * The same translation can drive a pipe (pipe.h) from the engine.
 */
struct export	*export_new(void);	/* never NULL (xalloc.h) */
void		 export_free(struct export *);
/*
 * Translate one engine event into at most max block events (device 8,0,
 * pid 1000); the number written, or -1 when max is too small.
 */
int		 export_event(struct export *, const struct sim_event *,
		    struct blk_event *out, size_t max);
/* One block event as a blkparse line ("  8,0    0  1  0.000000000 ..."). */
void		 export_blkparse_line(FILE *, const struct blk_event *,
		    uint64_t seq);
/* A blkparse message line (action m) with text, at e's time and device. */
void		 export_blkparse_message(FILE *, const struct blk_event *e,
		    uint64_t seq, const char *text);
/*
 * --headless --export=blkparse: run the model, write its trace to out;
 * --export=blktrace=DIR: as blktrace's binary file DIR/sda.blktrace.0
 * (DIR made if missing; an existing file replaced only with --force),
 * said on err.  Returns the exit status.
 */
int		 export_run(const struct opts *, FILE *out, FILE *err);
/*
 * --headless --import=path --export=...: the trace's events of one
 * device (--import-dev, or the most data read, said on err) written the
 * same ways, the device's blktrace name for the file.  Returns the exit
 * status (2: a bad trace).
 */
int		 export_convert(const struct opts *, FILE *out, FILE *err);

#endif /* RAVIZ_EXPORT_H */
