/*
 * diag.h - diagnostics about a place in a file, as every parser of raviz
 * words them: "FILE:LINE:COL: [SEVERITY: ]MESSAGE", the file name escaped
 * and the message safe to print (fmt_escape_composed()).
 */
#ifndef RAVIZ_DIAG_H
#define RAVIZ_DIAG_H

#include <stddef.h>

/*
 * The message for line and col (from 1) of file; sev ("error",
 * "warning") or NULL for none.  malloc'd (free it; xalloc.h: never NULL
 * for lack of memory); NULL only if it cannot be formatted.
 */
char	*diag_format(const char *file, unsigned line, unsigned col,
	     const char *sev, const char *msg);
/* The column, in characters from 1, of at in the len bytes of line. */
unsigned diag_column(const char *line, size_t len, const char *at);

#endif /* RAVIZ_DIAG_H */
