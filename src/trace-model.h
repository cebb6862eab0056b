/*
 * trace-model.h - the model of a real trace: today's kernel (modern mode)
 * configured from the trace itself, so that `c` puts a capture beside a
 * model of the same kernel reading the same way from the same device.
 *
 * From the trace: the read size, the number of reads and the file size
 * (its read() markers, trace.h), read_ahead_kb (the capture's header; 128
 * KiB when it has none), the queue's max_sectors (the header's
 * max_sectors_kb, else the largest request seen, which is at most it), and
 * the device, measured from its requests' issue-to-complete times:
 *
 *   Each request's share of the device is its issue-to-complete time with
 *   every stretch divided among the requests in flight then (two requests
 *   on the device for 100 us used 50 us each), which is how the model's
 *   link serves them (model.md §5).  The shares are grouped by request
 *   size and each size's mean taken (the model spends on every request
 *   what the device spent on average, slow ones included); a line
 *   share = L + bytes / B through those points (the weighted median of
 *   the slopes between every two sizes, then the weighted median
 *   intercept: one odd size cannot tilt it) gives the access latency L
 *   and the bandwidth B.  With a single size, or sizes that do not tell
 *   the two apart (a slope or an intercept below zero: noise larger than
 *   the latency), L is 0 and B the sizes' median rate.
 *
 * The host, where the trace has the reader's read() markers: the cost of
 * copying a page is the median, over the reads that never waited for the
 * device, of a read's time (less the base's syscall cost) per page; the
 * cost of waking is the median, over the reader's inferred sleeps (trace.h),
 * of the time from the completion that woke it to its next traced line,
 * less the pages it copied in between at that copy cost.  A virtual
 * machine's reader may take milliseconds there, which the model then
 * takes too.
 *
 * The rest - the other CPU costs, the queue depth (at least the most
 * requests the trace had in flight), the link's discipline - comes from
 * the base configuration; the device has no idle-exit penalty.  Nothing
 * here reads a clock: the same trace gives the same model, to the bit.
 */
#ifndef RAVIZ_TRACE_MODEL_H
#define RAVIZ_TRACE_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "trace.h"
#include "engine/sim.h"

/* The name the model's device goes by: "measured". */
#define TRACE_MODEL_DEVICE	"measured"

/* How the device was measured. */
enum trace_fit_how {
	TRACE_FIT_NONE,		/* no request completed: the base's device */
	TRACE_FIT_LINE,		/* latency and bandwidth from the sizes */
	TRACE_FIT_RATE		/* one size (or noise): bandwidth alone */
};

struct trace_fit {
	enum trace_fit_how how;
	uint64_t	 latency_ns;	/* L */
	uint64_t	 bandwidth;	/* B, bytes a second */
	uint64_t	 requests;	/* completed requests measured */
	uint64_t	 sizes;		/* distinct sizes among them */
	uint32_t	 in_flight;	/* the most in flight at once */
	/* The host (0 samples: not measured, the base's cost stands). */
	uint64_t	 copy_ns;	/* per page copied */
	uint64_t	 copies;	/* reads that never waited */
	uint64_t	 wake_ns;	/* from the completion to running */
	uint64_t	 wakes;		/* sleeps measured */
};

/*
 * Measure the device of t and, where it has read() markers, the host (a
 * read costs syscall_ns, the base's, besides its pages).
 */
void	 trace_model_fit(const struct trace *t, struct trace_fit *f,
	     uint64_t syscall_ns);
/*
 * The model of t in mode m into *out: base with t's sizes and limits and
 * the device f measured (trace_model_fit()).  0, or -1 when no usable
 * model has those figures (the reason in *why).
 */
int	 trace_model_config(const struct trace *t, const struct trace_fit *f,
	     const struct sim_config *base, enum sim_mode m,
	     struct sim_config *out, const char **why);
/*
 * The model half's header in compare mode: "MODERN - model of 7,4 on the
 * measured device", like snprintf.
 */
int	 trace_model_title(char *buf, size_t len, const struct trace *t,
	     enum sim_mode m);
/*
 * What the model is, in a line: "bs 64 KiB, ra 128 KiB, max_sectors
 * 1280 KiB; device measured from 64 requests: 2300 MB/s, latency 0 ns",
 * like snprintf.
 */
int	 trace_model_words(char *buf, size_t len, const struct sim_config *c,
	     const struct trace_fit *f);

#endif /* RAVIZ_TRACE_MODEL_H */
