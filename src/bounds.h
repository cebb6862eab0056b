/*
 * bounds.h - every bound raviz puts on what it reads and what it writes,
 * stated once.  A refusal names the bound and what lifts it (bounds_say()).
 *
 * Bounds the user may lift, with --limit=NAME=SIZE (or, for what raviz
 * writes, --force), in the table bounds.c holds:
 *   trace-bytes   an imported trace file (--import, a lesson's trace)
 *   demo-bytes    a demo file or lesson
 *   theme-bytes   a theme file
 *   cast-bytes    an asciicast written by --cast
 *   trace-out     a JSON Lines trace written by --trace=FILE (events)
 *   figure-work   the engine actions a caption's alternative run may
 *                 take for --check to accept the lesson
 *
 * Bounds that are facts, not choices (no option lifts them):
 *   BOUND_REQUEST_SECTORS  a request or bio in a trace: the kernel counts
 *                          a request's bytes in 32 bits (__data_len)
 *   BOUND_TIME_NS          a trace timestamp: 2^64 ns, 584 years
 * and the bounds of other modules, each enforced where it is named:
 *   the screen and --cols/--rows: 1000 columns and rows (render.h);
 *   --max-request: 65536 pages, --file-size and the engine's sizes
 *   (engine/sim.h, sim_config_check());
 *   devices in a trace: any number (each costs one entry, import.c).
 *
 * Contract: the values are process-wide, set once from the command line
 * (bounds_set()) before any file is read or written; reading them is
 * cheap.  No allocation, no output.
 */
#ifndef RAVIZ_BOUNDS_H
#define RAVIZ_BOUNDS_H

#include <stddef.h>
#include <stdint.h>

#define BOUND_REQUEST_SECTORS	(UINT32_MAX / 512)	/* 4 GiB less 512 */
#define BOUND_TIME_NS		UINT64_MAX

enum bound_id {
	BOUND_TRACE_BYTES,
	BOUND_DEMO_BYTES,
	BOUND_THEME_BYTES,
	BOUND_CAST_BYTES,
	BOUND_TRACE_OUT,
	BOUND_FIGURE_WORK,
	BOUND_COUNT
};

/* The value in force. */
uint64_t	 bounds_get(enum bound_id);
/* Set a value (from the command line). */
void		 bounds_set(enum bound_id, uint64_t);
/* The limit called name (n bytes), or -1. */
int		 bounds_find(const char *name, size_t n);
/* Is it counted in a unit of its own (events, actions), not bytes? */
int		 bounds_events(enum bound_id);
/* Its name ("trace-bytes"). */
const char	*bounds_name(enum bound_id);
/*
 * "larger than the limit of 512 MiB for an imported trace (--limit=
 * trace-bytes=SIZE lifts it)" into buf (always terminated); for what
 * raviz writes, "--force or --limit=..."; returns buf.
 */
char		*bounds_say(char *buf, size_t len, enum bound_id);
/* The --help lines: one per limit, with its default. */
void		 bounds_usage(char *buf, size_t len);
/* Put the values of --limit in force (0: the default). */
void		 bounds_apply(const uint64_t v[BOUND_COUNT]);

#endif /* RAVIZ_BOUNDS_H */
