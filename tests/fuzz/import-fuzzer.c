/*
 * import-fuzzer.c - libFuzzer harness for the block-trace parsers: the
 * input is a trace file; it either fails with a message or yields events
 * in time order, which the pipeline state then applies.  A crash, a
 * sanitizer report or a broken contract (an empty message on failure,
 * events out of order, requests left in flight beyond the issues) is a
 * finding.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>

#include "import.h"
#include "pipe.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* Parse the input, then drive a pipeline state with its events. */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct import		 im;
	struct pipe		*p;
	const struct pipe_stats	*st;
	size_t			 i;

	if (import_parse(&im, "fuzz", (const char *)data, size,
	    BLK_NODEV) != 0) {
		if (im.err[0] == '\0')
			abort();
		import_free(&im);
		return (0);
	}
	if ((p = pipe_new()) == NULL)
		abort();
	for (i = 0; i < im.nev; i++) {
		if (i > 0 && im.ev[i - 1].t_ns > im.ev[i].t_ns)
			abort();
		if (pipe_apply(p, &im.ev[i]) != 0)
			abort();
	}
	st = pipe_stats(p);
	if (pipe_count(p, PIPE_DEVICE) > st->requests + st->writes)
		abort();
	pipe_free(p);
	import_free(&im);
	return (0);
}
