/*
 * datadir.c - locating the data directory.  An installed raviz finds its
 * themes and demos under the compiled-in $(pkgdatadir); `./raviz` run from
 * a fresh build (README's first command line) finds them in the source tree
 * instead, so that it looks the same before `make install`.
 */
#include "config.h"

#include <sys/stat.h>

#include <stdio.h>
#include <stdlib.h>

#include "datadir.h"

#ifndef SRCDATADIR
#define SRCDATADIR ""
#endif

/* Is path an existing directory? */
static int
is_dir(const char *path)
{
	struct stat	sb;

	return (stat(path, &sb) == 0 && S_ISDIR(sb.st_mode));
}

/* The directory holding sub. */
void
datadir_path(char *buf, size_t len, const char *sub)
{
	const char	*e = getenv("RAVIZ_DATADIR");

	if (e != NULL && *e != '\0') {
		snprintf(buf, len, "%s/%s", e, sub);
		return;
	}
	snprintf(buf, len, "%s/%s", PKGDATADIR, sub);
	if (is_dir(buf) || SRCDATADIR[0] == '\0')
		return;
	/* Not installed: the source tree this build was configured from. */
	snprintf(buf, len, "%s/%s", SRCDATADIR, sub);
	if (!is_dir(buf))
		snprintf(buf, len, "%s/%s", PKGDATADIR, sub);
}
