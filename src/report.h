/*
 * report.h - what a run reports, whatever the front end: the key: value
 * summary and the JSON Lines trace.
 */
#ifndef RAVIZ_REPORT_H
#define RAVIZ_REPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "safefile.h"

/* Only pointers: a core module without the engine (import.c) can print. */
struct sim;
struct sim_config;
struct sim_event;

/* A value the source cannot know: the key is printed with "n/a". */
#define REPORT_NA	UINT64_MAX

/*
 * The values of the summary's keys, from the model (report_summary()) or
 * from a real trace (import.c): one key order and one format for both.
 * NULL strings and REPORT_NA numbers print as "n/a".
 */
struct report_sum {
	const char	*mode;
	uint64_t	 read_size, ra_size;	/* bytes */
	const char	*device, *source;
	uint64_t	 file_size;		/* bytes */
	int		 complete;
	uint64_t	 time_ns;		/* sim_time_ns */
	uint64_t	 bytes_read;		/* throughput: over time_ns */
	uint64_t	 reads;
	uint64_t	 requests;
	uint64_t	 request_sectors;	/* 512-byte units, for the average */
	uint64_t	 max_request_kib, common_request_kib;
	uint64_t	 pct_ns;		/* the percentages are of this */
	uint64_t	 stall_ns, busy_ns, wakeup_ns, idle_ns;
	uint64_t	 idle_penalties, ra_sync, ra_async;
	uint64_t	 flushes, events;
};

/* Print the key: value summary of a run (at its current point). */
void	report_summary(FILE *, const struct sim *);
/*
 * The figures the summary prints, for every other user of them (caption
 * placeholders): the run's time so far, MB/s and the reader's stall share
 * (one decimal, into the caller's buffer, which is returned), and the
 * device's busy, waking and idle shares in tenths of a percent (adding up to
 * exactly 1000).
 */
uint64_t	 report_time(const struct sim *);
const char	*report_throughput(char *, size_t, const struct sim *);
const char	*report_stall_pct(char *, size_t, const struct sim *);
void		 report_device_tenths(const struct sim *, uint64_t tenths[3]);
/* Fill sum from a run (at its current point). */
void	report_sum_of(struct report_sum *, const struct sim *);
/* Print the summary's keys, in their order, from sum. */
void	report_sum_print(FILE *, const struct report_sum *);
/* Format one event as a JSON object (no newline) into buf. */
size_t	report_json(char *buf, size_t len, const struct sim_event *);

/*
 * A number as the last line printed it in the same place: the trace's
 * consecutive lines mostly repeat (read, time) or count on (seq) their
 * numbers, and a copy costs less than the digits.
 */
struct report_num {
	uint64_t	 v;
	uint64_t	 w;		/* 10^2, 10^4, 10^8 (up to v), or 1 */
	uint64_t	 base;		/* v's part above w: v - v % w */
	size_t		 n;		/* the digits' length */
	char		 s[24];		/* v's digits (room for a copy of 24) */
};
/* The numbers of the lines (report.c's json_event()), by key. */
struct report_nums {
	struct report_num seq, t, first, npages, read;
	struct report_num hit, marker, req, req_first, req_npages, page;
};

/* A --trace output: one JSON line per event. */
#define REPORT_TRACE_BUF	65536
struct report_trace {
	FILE		*f;	/* NULL: no trace */
	FILE		*out;	/* what "-" means; never closed here */
	const char	*path;
	struct safefile_out so;	/* a file: whole or not at all */
	char		*buf;	/* lines not yet handed to f */
	size_t		 n;
	int		 failed; /* a write to f has failed */
	struct report_nums last; /* the last line's numbers */
};

/*
 * Start a trace to path ("-": out; NULL: none, and every call below does
 * nothing) with its header record, of the run cfg configures:
 * {"program":"raviz","version":"0.1.0","trace_format":1,"scenario":
 * {"mode":"buggy","bs":"1M",...}} - every scenario option, as the command
 * line writes it - under the output rule (safefile.h; force: --force).
 * 0, or -1 after saying "raviz: --trace: FILE: <reason>" on err (FILE
 * escaped: it is the user's text).
 */
#define REPORT_TRACE_FORMAT	1
int	report_trace_open(struct report_trace *, const char *path, int force,
	    FILE *out, FILE *err, const struct sim_config *cfg);
/*
 * Before a trace of `events` events (at least, with more: the count
 * stopped there) is written to path: say its expected size on err when it
 * is large, measured from the first events of a run of cfg; refuse it
 * beyond BOUND_TRACE_OUT unless force.  0, 2 after saying why, or 1
 * (memory).
 */
int	report_trace_plan(const char *path, int force,
	    const struct sim_config *cfg, uint64_t events, int more,
	    FILE *err);
/*
 * Write one event.  Lines are gathered and handed to the stream in blocks:
 * flush before anything else is written to the same stream (out).
 * Returns report_trace_failed(): nonzero once a write has failed.
 */
int	report_trace_event(struct report_trace *, const struct sim_event *);
/*
 * Step s to its end, each event written as report_trace_event() does, and
 * tick_cb(arg, seq) called before every event whose number is a multiple
 * of every (a power of two).  Stops at a failed write of the trace or of
 * watch (unless NULL).  sim_step_ref()'s last rc (0: the end; 1: a write
 * failed; -1: memory), or -2 when tick_cb returned nonzero.
 */
int	report_trace_run(struct report_trace *, struct sim *s, uint64_t every,
	    int (*tick_cb)(void *, uint64_t), void *arg, FILE *watch);
/* Hand the gathered lines to the stream. */
void	report_trace_flush(struct report_trace *);
/* The same, as an app_replay() callback (arg: the struct report_trace). */
void	report_trace_cb(void *arg, const struct sim_event *);
/*
 * Has a write to the trace failed (then stop: close reports it)?  Known
 * once the block holding the line is handed over.
 */
int	report_trace_failed(const struct report_trace *);
/*
 * Close the file (unless it is out), giving it its name; 0, or -1 after
 * saying why on err.  After a write error, or with abandon set (a run
 * stopped), nothing is left: no file, the old one as it was.
 */
int	report_trace_close(struct report_trace *, int abandon, FILE *err);

/*
 * The end of a command that printed to out: flush it; status, or 1 after
 * saying "raviz: write error: <reason>" on err if out has failed.
 */
int	report_flush(FILE *out, FILE *err, int status);

#endif /* RAVIZ_REPORT_H */
