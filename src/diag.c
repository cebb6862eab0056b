/*
 * diag.c - file:line:col diagnostics shared by the demo and theme parsers.
 * The message is composed by the caller, its words from the file already
 * escaped; what reaches a terminal is escaped once more as composed text,
 * so nothing in it can act on the terminal.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "diag.h"
#include "fmt.h"
#include "xalloc.h"

/* "FILE:LINE:COL: [SEV: ]MSG". */
char *
diag_format(const char *file, unsigned line, unsigned col, const char *sev,
    const char *msg)
{
	char	 name[1024], safe[1024], *out;
	int	 n;

	fmt_escape_str(name, sizeof name, file);
	fmt_escape_composed(safe, sizeof safe, msg);
	n = snprintf(NULL, 0, "%s:%u:%u: %s%s%s", name, line, col,
	    sev != NULL ? sev : "", sev != NULL ? ": " : "", safe);
	if (n < 0)
		return (NULL);
	out = xmalloc((size_t)n + 1);
	snprintf(out, (size_t)n + 1, "%s:%u:%u: %s%s%s", name, line, col,
	    sev != NULL ? sev : "", sev != NULL ? ": " : "", safe);
	return (out);
}

/* Characters (UTF-8 lead bytes) before at, plus one. */
unsigned
diag_column(const char *line, size_t len, const char *at)
{
	const char	*s;
	unsigned	 col = 1;

	for (s = line; s < at && s < line + len; s++)
		if (((unsigned char)*s & 0xc0) != 0x80)
			col++;
	return (col);
}
