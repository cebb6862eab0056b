/*
 * theme-int.h - what the theme files share (theme.c: the public API and
 * resolution; theme-parse.c: the file format; theme-find.c: lookup in the
 * theme folders and --list-themes).  Not for use outside src/theme*.c.
 *
 * struct theme is the parsed file, kept as written: colours are resolved
 * for a terminal only by theme_resolve(), so one parsed theme serves every
 * depth (--check-theme resolves it at all of them).
 */
#ifndef RAVIZ_THEME_INT_H
#define RAVIZ_THEME_INT_H

#include "theme.h"

#define GLYPH_UTF8	0
#define GLYPH_ASCII	1

enum ckind { C_UNSET, C_DEFAULT, C_INDEX, C_RGB };

struct colour {
	enum ckind	 kind;
	uint32_t	 v;		/* index, or 0xRRGGBB */
};

struct rstyle {
	struct colour	 fg, bg;
	unsigned	 attrs;
	unsigned	 line;		/* where set, 0 = not set */
	int		 from_group;	/* set by window/lanes, not its own key */
};

/* Fallbacks followed at most (theme-find.c, theme_check()). */
#define FALLBACK_HOPS	8

struct theme {
	char		 name[64];
	char		 description[256];
	enum caps_depth	 requires;
	char		 fallback[64];
	unsigned	 fallback_line, fallback_col;
	char		 file[512];
	struct rstyle	 role[RENDER_ROLE_COUNT];
	/* Glyph overrides per table; "" = the base table's. */
	char		 glyph[2][RENDER_ST_COUNT][RENDER_GLYPH_MAX];
	unsigned	 glyph_line[2][RENDER_ST_COUNT];
	unsigned	 glyph_col[2][RENDER_ST_COUNT];
};

/* The parser's position, for messages. */
struct pctx {
	const char		*file;
	struct theme_diag	*d;
	unsigned		 line;
	unsigned		 errors;
	unsigned		 seen[8];	/* line of name, description... */
};

/* Append a formatted message to d (NULL: none; allocation failure exits). */
void	theme_diag_add(struct theme_diag *d, const char *fmt, ...);

/* Is s (n bytes) a valid theme name: letters, digits, - _ . (not first)? */
int	theme_parse_valid_name(const char *s, size_t n);

#endif
