/*
 * datadir.h - where raviz's data (themes/, demos/) lives.  In order:
 * $RAVIZ_DATADIR; the installed $(pkgdatadir); and, for a build that has not
 * been installed, the source tree it was configured from.
 */
#ifndef RAVIZ_DATADIR_H
#define RAVIZ_DATADIR_H

#include <stddef.h>

/* The directory holding sub ("themes", "demos") into buf. */
void	datadir_path(char *buf, size_t len, const char *sub);

#endif /* RAVIZ_DATADIR_H */
