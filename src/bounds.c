/*
 * bounds.c - the table of the bounds the user may lift (bounds.h).  A
 * bound is counted in bytes, or in a unit it names (events, engine
 * actions); its default is chosen so that
 * every lesson and capture raviz ships stays far below it, while a
 * mistake (a 4 PiB run's trace, a cast at 1000x1000) stops before it
 * fills a disk.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "fmt.h"
#include "bounds.h"

struct limit {
	const char	*name;
	uint64_t	 def;
	const char	*what;		/* "for ..." in a refusal */
	const char	*help;		/* its --help words */
	const char	*unit;		/* "events", ...; NULL: bytes */
	int		 output;	/* --force lifts it too */
};

static const struct limit table[BOUND_COUNT] = {
	[BOUND_TRACE_BYTES] = { "trace-bytes", UINT64_C(512) << 20,
	    "an imported trace", "--import file size", NULL, 0 },
	[BOUND_DEMO_BYTES] = { "demo-bytes", UINT64_C(16) << 20,
	    "a demo file", "demo file size", NULL, 0 },
	[BOUND_THEME_BYTES] = { "theme-bytes", UINT64_C(64) << 10,
	    "a theme file", "theme file size", NULL, 0 },
	[BOUND_CAST_BYTES] = { "cast-bytes", UINT64_C(64) << 20,
	    "a cast", "--cast output size", NULL, 1 },
	[BOUND_TRACE_OUT] = { "trace-out", UINT64_C(10000000),
	    "a written trace", "--trace=FILE events", "events", 1 },
	/* Under a second of engine work: 128 slices of QUIET_SLICE. */
	[BOUND_FIGURE_WORK] = { "figure-work", UINT64_C(128) << 15,
	    "a caption's alternative run", "--check: a figure's work",
	    "engine actions", 0 },
};

/*
 * The values in force: the defaults until the command line sets one.
 * Zero stands for the default, so that nothing has to run first.
 */
static uint64_t	value[BOUND_COUNT];

/* The value in force. */
uint64_t
bounds_get(enum bound_id id)
{
	if ((unsigned)id >= BOUND_COUNT)
		return (0);
	return (value[id] != 0 ? value[id] : table[id].def);
}

/* Set a value. */
void
bounds_set(enum bound_id id, uint64_t v)
{
	if ((unsigned)id < BOUND_COUNT)
		value[id] = v;
}

/* The limit called name. */
int
bounds_find(const char *name, size_t n)
{
	int	i;

	for (i = 0; i < BOUND_COUNT; i++)
		if (strlen(table[i].name) == n &&
		    memcmp(table[i].name, name, n) == 0)
			return (i);
	return (-1);
}

/* Counted in events? */
int
bounds_events(enum bound_id id)
{
	return ((unsigned)id < BOUND_COUNT && table[id].unit != NULL);
}

/* The values of --limit. */
void
bounds_apply(const uint64_t v[BOUND_COUNT])
{
	int	i;

	for (i = 0; i < BOUND_COUNT; i++)
		if (v[i] != 0)
			value[i] = v[i];
}

/* A limit's name. */
const char *
bounds_name(enum bound_id id)
{
	return ((unsigned)id < BOUND_COUNT ? table[id].name : "?");
}

/* A value in its unit: "512 MiB", "10000000 events". */
static char *
amount(char *buf, size_t len, enum bound_id id, uint64_t v)
{
	if (table[id].unit != NULL)
		snprintf(buf, len, "%llu %s", (unsigned long long)v,
		    table[id].unit);
	else
		fmt_bytes(buf, len, v);
	return (buf);
}

/* The refusal's words. */
char *
bounds_say(char *buf, size_t len, enum bound_id id)
{
	char	v[32];

	if ((unsigned)id >= BOUND_COUNT) {
		snprintf(buf, len, "over a limit");
		return (buf);
	}
	snprintf(buf, len, "larger than the limit of %s for %s (%s--limit="
	    "%s=%s lifts it)", amount(v, sizeof v, id, bounds_get(id)),
	    table[id].what, table[id].output ? "--force or " : "",
	    table[id].name, table[id].unit != NULL ? "N" : "SIZE");
	return (buf);
}

/* The --help lines. */
void
bounds_usage(char *buf, size_t len)
{
	char	v[32];
	size_t	o = 0;
	int	i;

	buf[0] = '\0';
	for (i = 0; i < BOUND_COUNT; i++) {
		if (table[i].unit != NULL)
			snprintf(v, sizeof v, "%llu",
			    (unsigned long long)table[i].def);
		else
			fmt_bytes(v, sizeof v, table[i].def);
		fmt_append(buf, len, &o, "%29s%-12s %s (%s)\n", "",
		    table[i].name, table[i].help, v);
	}
}
