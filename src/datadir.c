/*
 * datadir.c - locating the data directory.  An installed raviz finds its
 * themes and demos under $(pkgdatadir), compiled in from paths.h (which
 * the build regenerates when the prefix changes, so that nothing keeps an
 * old one).  `./raviz` run from the tree it was built in (the README's
 * first command, before `make install`) finds them next to itself: the
 * directory of /proc/self/exe, when it holds themes/ and demos/.  No path
 * of the build tree is compiled in, so an installed raviz never reads it.
 */
#include "config.h"

#include <sys/stat.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "datadir.h"
#include "paths.h"

/* Is path an existing directory? */
static int
is_dir(const char *path)
{
	struct stat	sb;

	return (stat(path, &sb) == 0 && S_ISDIR(sb.st_mode));
}

/*
 * The directory of the running program into buf, if it holds themes/ and
 * demos/ (an uninstalled build in its source tree).  0, or -1.
 */
static int
beside_program(char *buf, size_t len)
{
	char	exe[PATH_MAX], sub[PATH_MAX + 16], *slash;
	ssize_t	n;

	n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n <= 0)
		return (-1);
	exe[n] = '\0';
	if ((slash = strrchr(exe, '/')) == NULL)
		return (-1);
	*slash = '\0';
	snprintf(sub, sizeof sub, "%s/themes", exe);
	if (!is_dir(sub))
		return (-1);
	snprintf(sub, sizeof sub, "%s/demos", exe);
	if (!is_dir(sub) || (size_t)snprintf(buf, len, "%s", exe) >= len)
		return (-1);
	return (0);
}

/* The directory holding sub. */
void
datadir_path(char *buf, size_t len, const char *sub)
{
	const char	*e = getenv("RAVIZ_DATADIR");
	char		 dir[PATH_MAX];

	if (e != NULL && *e != '\0')
		snprintf(buf, len, "%s/%s", e, sub);
	else if (beside_program(dir, sizeof dir) == 0)
		snprintf(buf, len, "%s/%s", dir, sub);
	else
		snprintf(buf, len, "%s/%s", PKGDATADIR, sub);
}
