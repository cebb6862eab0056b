/*
 * datadir.h - where raviz's data (themes/, demos/, captures/) lives.  In
 * order: $RAVIZ_DATADIR; the directory of the program itself when it holds
 * themes/ and demos/ (an uninstalled build, run from its source tree); the
 * installed $(pkgdatadir).
 */
#ifndef RAVIZ_DATADIR_H
#define RAVIZ_DATADIR_H

#include <stddef.h>

/* The directory holding sub ("themes", "demos") into buf. */
void	datadir_path(char *buf, size_t len, const char *sub);

#endif /* RAVIZ_DATADIR_H */
