/*
 * lesson.c - the installed lessons: where they are, listing them, and
 * loading the demo the command line names (a file, or --demo NAME).  Both
 * the headless replayer and the interactive loop open demos through here.
 */
#include "config.h"

#include <sys/types.h>

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "capture.h"
#include "datadir.h"
#include "demo.h"
#include "fmt.h"
#include "import.h"
#include "lesson.h"
#include "xalloc.h"

/* The lessons' directory. */
const char *
lesson_dir(void)
{
	static char	 buf[4096];

	datadir_path(buf, sizeof buf, "demos");
	return (buf);
}

/* Path of an installed lesson. */
int
lesson_find(char *buf, size_t len, const char *name, const char **why)
{
	size_t	n = strlen(name);

	if (n == 0 || name[0] == '.' || strchr(name, '/') != NULL) {
		*why = "expected a lesson name as --list-demos shows it";
		return (-1);
	}
	if (n > 5 && strcmp(name + n - 5, ".demo") == 0)
		n -= 5;
	if ((size_t)snprintf(buf, len, "%s/%.*s.demo", lesson_dir(),
	    (int)n, name) >= len) {
		*why = "name too long";
		return (-1);
	}
	return (0);
}

/* Path of an installed capture. */
int
lesson_capture(char *buf, size_t len, const char *name)
{
	static const char *const dirs[] = { "captures", "tests/data/captures" };
	char	dir[4096];
	size_t	i;

	for (i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
		datadir_path(dir, sizeof dir, dirs[i]);
		if ((size_t)snprintf(buf, len, "%s/%s", dir, name) < len &&
		    access(buf, R_OK) == 0)
			return (0);
	}
	return (-1);
}

/* The run of a lesson over a kernel trace. */
int
lesson_trace(struct trace *t, const struct demo *d, const struct opts *o,
    FILE *err)
{
	struct capture_shown	 shown;
	struct opts		 co;
	char			 path[4096], esc[512], tesc[512];

	if (o->capture != NULL) {
		/* Yours: the lesson's read, on this machine, now. */
		co = *o;
		co.cfg = d->cfg;
		shown.path[0] = '\0';
		if (capture_run(&co, stdout, err, &shown) == 0 &&
		    shown.path[0] != '\0')
			return (import_trace(t, shown.path, shown.dev, err));
		fprintf(err, "raviz: no capture on the spot: the lesson opens "
		    "its installed capture\n");
	}
	if (lesson_capture(path, sizeof path, d->trace) != 0) {
		fprintf(err, "raviz: %s: the capture '%s' is not installed "
		    "(RAVIZ_DATADIR?)\n", fmt_escape_str(esc, sizeof esc,
		    d->name), fmt_escape_str(tesc, sizeof tesc, d->trace));
		return (2);
	}
	return (import_trace(t, path, BLK_NODEV, err));
}

/* qsort comparison of two names. */
static int
name_cmp(const void *a, const void *b)
{
	return (strcmp(*(char *const *)a, *(char *const *)b));
}

/* List the installed lessons. */
int
lesson_list(FILE *out, FILE *err)
{
	char		 esc[512];
	struct demo	 d;
	struct dirent	*de;
	DIR		*dir;
	char		**names = NULL, **nn, path[4352], safe[512];
	char		 ename[512], epath[4400];
	size_t		 n = 0, i, l;
	int		 status = 0;

	if ((dir = opendir(lesson_dir())) == NULL) {
		fprintf(err, "raviz: %s: %s (set RAVIZ_DATADIR to the "
		    "directory holding demos/?)\n",
		    fmt_escape_str(esc, sizeof esc, lesson_dir()),
		    strerror(errno));
		return (1);
	}
	while ((de = readdir(dir)) != NULL) {
		l = strlen(de->d_name);
		if (l <= 5 || de->d_name[0] == '.' ||
		    strcmp(de->d_name + l - 5, ".demo") != 0)
			continue;
		nn = xreallocarray(names, n + 1, sizeof *names);
		nn[n++] = xstrndup(de->d_name, l - 5);
		names = nn;
	}
	closedir(dir);
	qsort(names, n, sizeof *names, name_cmp);
	for (i = 0; i < n && status == 0; i++) {
		snprintf(path, sizeof path, "%s/%s.demo", lesson_dir(),
		    names[i]);
		/* File names are the file system's text: escaped too. */
		fmt_escape_str(ename, sizeof ename, names[i]);
		if (demo_load(&d, path) < 0)
			status = 1;
		else if (!demo_replayable(&d))
			fprintf(out, "%-16s (invalid: raviz --check %s)\n",
			    ename, fmt_escape_str(epath, sizeof epath, path));
		else {
			fmt_escape_str(safe, sizeof safe, d.title != NULL ?
			    d.title : "(no title)");
			fprintf(out, "%-16s %s\n", ename, safe);
		}
		demo_free(&d);
	}
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	if (status != 0)
		fprintf(err, "raviz: out of memory\n");
	return (status);
}

/* Load the demo the command line names; print its diagnostics. */
int
lesson_open(struct demo *d, const struct opts *o, FILE *err)
{
	char		 esc[512];
	char		 path[4352], safe[1024];
	const char	*why;
	size_t		 i;

	if (o->demo_name != NULL) {
		if (lesson_find(path, sizeof path, o->demo_name,
		    &why) != 0) {
			fmt_escape_str(safe, sizeof safe, o->demo_name);
			fprintf(err, "raviz: --demo: '%s': %s\n", safe, why);
			return (2);
		}
		if (access(path, F_OK) != 0) {
			fmt_escape_str(safe, sizeof safe, o->demo_name);
			fprintf(err, "raviz: --demo: no lesson '%s' in %s "
			    "(try --list-demos)\n", safe,
			    fmt_escape_str(esc, sizeof esc, lesson_dir()));
			return (2);
		}
	} else
		snprintf(path, sizeof path, "%s", o->files[0]);
	if (demo_load(d, path) < 0) {
		fprintf(err, "raviz: out of memory\n");
		return (1);
	}
	for (i = 0; i < d->ndiags; i++) {
		fmt_escape_composed(safe, sizeof safe, d->diags[i].msg);
		fprintf(err, "%s\n", safe);
	}
	if (!demo_replayable(d)) {
		fmt_escape_str(safe, sizeof safe, path);
		fprintf(err, "raviz: %s: not replayable (%zu error%s)\n", safe,
		    d->errors, d->errors == 1 ? "" : "s");
		demo_free(d);
		return (2);
	}
	return (0);
}
