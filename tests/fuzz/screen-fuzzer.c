/*
 * screen-fuzzer.c - libFuzzer harness for the trace-to-screen path, as
 * raviz --import takes it: the input is a trace file, parsed
 * (import_parse()), translated into view events (trace_build()), played
 * on a timeline as the screen plays it (timeline_init_trace(): the view,
 * the renderer, checkpoints), taken to its end and back to its middle,
 * and drawn as one text frame at 80x24 and at 120x40.  A crash, a
 * sanitizer report, a broken contract (abort()) or an input that passes
 * the run's time or memory limit (Makefile.am: FUZZ_TIMEOUT,
 * FUZZ_RSS_MB) is a finding:
 *
 * - the view events are numbered 0, 1, ... in time order;
 * - going to the middle after the end gives the frame stepping there
 *   gives (the timeline's contract, for a trace);
 * - every row of a frame fits its width (render-text.c), and the text
 *   holds no control byte but newlines.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import.h"
#include "render.h"
#include "timeline.h"
#include "trace.h"
#include "utf8.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

#define CHECK(c)	do { if (!(c)) { fprintf(stderr, "screen-fuzzer: " \
			    "%s:%d: contract broken: %s\n", __FILE__, __LINE__, \
			    #c); abort(); } } while (0)

/* The frame of u at cols x rows, as a malloc'd string. */
static char *
frame(struct timeline *u, unsigned cols, unsigned rows)
{
	struct render_text	*rt = render_text_new();
	struct render_status	 st;
	char			*buf = NULL;
	size_t			 len = 0;
	FILE			*f = open_memstream(&buf, &len);
	unsigned		 c, r, y, x;

	CHECK(rt != NULL && f != NULL);
	memset(&st, 0, sizeof st);
	st.play = "PAUSED";
	st.speed = 10;
	render_resize(u->r, cols, rows);
	render_draw(u->r, u->view, &render_text_ops, rt, &st);
	render_text_size(rt, &c, &r);
	CHECK(c == cols && r == rows);
	for (y = 0; y < r; y++)
		for (x = 0; x < c; x++)
			CHECK(render_text_cell(rt, y, x) != NULL);
	render_text_write(rt, f);
	fclose(f);
	render_text_free(rt);
	return (buf);
}

/* No control byte but newlines in s. */
static void
printable(const char *s)
{
	for (; *s != '\0'; s++)
		CHECK((unsigned char)*s >= 0x20 || *s == '\n');
}

/* Import, translate, play, jump back, draw. */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct import		 im;
	struct trace		 t;
	struct timeline		 u, w;
	char			*a, *b;
	size_t			 i;
	uint64_t		 mid;

	if (import_parse(&im, "fuzz", (const char *)data, size,
	    BLK_NODEV) != 0) {
		import_free(&im);
		return (0);
	}
	trace_build(&t, &im);
	import_free(&im);
	for (i = 0; i < t.nev; i++) {
		CHECK(t.ev[i].seq == i);
		CHECK(i == 0 || t.ev[i].t_ns >= t.ev[i - 1].t_ns);
	}
	CHECK(timeline_init_trace(&u, &t, 80, 24, NULL) == 0);
	CHECK(timeline_goto(&u, UINT64_MAX) == 0);
	CHECK(timeline_over(&u));
	a = frame(&u, 120, 40);
	printable(a);
	free(a);
	/* Back to the middle: as stepping there from the start. */
	mid = t.nev / 2;
	CHECK(timeline_goto(&u, mid) == 0);
	CHECK(timeline_init_trace(&w, &t, 80, 24, NULL) == 0);
	while (timeline_events(&w) < mid)
		CHECK(timeline_step(&w, NULL) == 1);
	a = frame(&u, 80, 24);
	b = frame(&w, 80, 24);
	printable(a);
	CHECK(strcmp(a, b) == 0);
	free(a);
	free(b);
	timeline_done(&u);
	timeline_done(&w);
	trace_free(&t);
	return (0);
}
