/*
 * bench-tick.c - `make bench`: the screen's work while playing, without a
 * terminal.  The application plays the default scenario (a 1 TiB file) at
 * 100000 events a second, one run or compare mode, through its pacing
 * ticks, and draws a frame after each with the text back end: the same
 * calls the loop makes (app_tick(), app_draw()) but curses' own diff and
 * write.  Its instruction count (valgrind) over two tick counts gives the
 * cost of one tick, a figure the machine's load does not change.  Not a
 * test: numbers, not assertions.
 *
 *	bench-tick COMPARE TICKS [COLS ROWS]
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "app.h"
#include "cmd.h"
#include "render.h"
#include "engine/sim.h"

/* Run one command; end the program if the application fails. */
static void
run(struct app *a, enum cmd_kind kind, int64_t arg)
{
	struct cmd	c;

	c.kind = kind;
	c.arg = arg;
	if (app_exec(a, &c) < 0) {
		fprintf(stderr, "bench-tick: out of memory\n");
		exit(1);
	}
}

int
main(int argc, char **argv)
{
	struct sim_config	 cfg;
	struct app		*a;
	struct render_text	*rt;
	unsigned		 cols = 80, rows = 24;
	long			 i, ticks;

	if (argc != 3 && argc != 5) {
		fprintf(stderr, "usage: bench-tick COMPARE TICKS [COLS ROWS]\n");
		return (2);
	}
	ticks = atol(argv[2]);
	if (argc == 5) {
		cols = (unsigned)atoi(argv[3]);
		rows = (unsigned)atoi(argv[4]);
	}
	sim_config_default(&cfg);
	cfg.file_pages = (uint64_t)1 << 28;
	if ((a = app_new(&cfg)) == NULL || (rt = render_text_new()) == NULL) {
		fprintf(stderr, "bench-tick: out of memory\n");
		return (1);
	}
	if (atoi(argv[1]) != 0)
		run(a, CMD_COMPARE, 0);
	run(a, CMD_SPEED, 100000);
	run(a, CMD_PLAY, 0);
	app_draw(a, &render_text_ops, rt, cols, rows);
	for (i = 0; i < ticks; i++) {
		if (app_tick(a) < 0) {
			fprintf(stderr, "bench-tick: out of memory\n");
			return (1);
		}
		app_draw(a, &render_text_ops, rt, cols, rows);
	}
	printf("events %llu\n", (unsigned long long)app_event_no(a));
	render_text_free(rt);
	app_free(a);
	return (0);
}
