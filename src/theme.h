/*
 * theme.h - raviz's look as data: theme files, their resolution to what a
 * terminal can show, and where they are found.
 *
 * A theme file is lines of `key = value`; blank lines and lines whose first
 * non-blank is '#' are comments, and so is the rest of a line from a '#'
 * that follows a blank and is followed by a blank or the line's end (so
 * "#0072b2" is a colour, "  # note" a comment).  Keys:
 *
 *   name = WORD            the theme's name (letters, digits, - _ .)
 *   description = TEXT     one line for --list-themes
 *   requires = 8|16|256|truecolor   the depth the theme is drawn for
 *   fallback = NAME        the theme to use on a terminal with less
 *   ROLE = STYLE           see below; ROLE is a render role:
 *       text header mode consumed cached plugged inflight absent
 *       window-sync window-async marker reader lane-reader lane-plug
 *       lane-device lane-waking narration label meters caption hint dim
 *     and two groups: window (both window roles), lanes (the four lane
 *     roles); a role's own key wins over its group's whatever the order.
 *   glyph.STATE = C        Unicode glyph for a page state (consumed cached
 *   ascii.STATE = C        plugged inflight absent) / its ASCII glyph; one
 *                          character, optionally in double quotes.
 *
 * STYLE is words: [FG] [on BG] [ATTR...], where a colour is a name (black
 * red green yellow blue magenta cyan white, bright-NAME, default = the
 * terminal's own), a palette index 0-255 or #rrggbb, and ATTR is bold,
 * reverse, underline, dim, standout or none.  A role's unset fg/bg is the
 * text role's (so `text = black on 231` paints the whole screen); unset
 * attributes are none.
 *
 * Parsing is pure (a buffer and a file name for messages; no curses, no
 * environment) and reports every problem as "FILE:LINE:COLUMN: expected
 * ..., got '...'" with control bytes escaped (\xNN).  Resolution maps a
 * theme and struct caps to one concrete style per role, degrading colours
 * truecolour -> 256 -> 16 -> 8 -> none with integer nearest-colour search.
 * The five page states always differ in glyph (checked when parsing), so
 * they stay apart at every depth, monochrome included.
 *
 * Lookup of NAME|PATH: an argument with a '/' or ending in ".theme" is a
 * path; otherwise $XDG_CONFIG_HOME/raviz/themes/NAME.theme (default
 * ~/.config), then DATADIR/themes/NAME.theme where DATADIR is the data
 * directory (datadir.h: $RAVIZ_DATADIR, an uninstalled build's own tree,
 * or the installed $(pkgdatadir)).
 */
#ifndef RAVIZ_THEME_H
#define RAVIZ_THEME_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "caps.h"
#include "render.h"

/* Attribute bits (the curses back end maps them to A_*). */
#define THEME_BOLD	0x01u
#define THEME_REVERSE	0x02u
#define THEME_UNDERLINE	0x04u
#define THEME_DIM	0x08u
#define THEME_STANDOUT	0x10u

/* Problems found while loading: every one, as "file:line:col: ..." text. */
struct theme_diag {
	char		**msg;
	size_t		  n;
};

void	 theme_diag_free(struct theme_diag *);
/* Print every message, one a line, to f. */
void	 theme_diag_print(const struct theme_diag *, FILE *f);

/* A parsed theme (opaque). */
struct theme;

/*
 * Parse len bytes of buf; file names the source in messages.  Returns the
 * theme, or NULL when there was any problem (each appended to d; d may be
 * NULL).
 */
struct theme	*theme_parse(const char *buf, size_t len, const char *file,
		    struct theme_diag *d);
/* Read and parse a file (at most 64 KiB); NULL with d filled on failure. */
struct theme	*theme_load_file(const char *path, struct theme_diag *d);
void		 theme_free(struct theme *);
/* Its name (the file's base name if it sets none), "" description if none. */
const char	*theme_name(const struct theme *);
const char	*theme_description(const struct theme *);
enum caps_depth	 theme_requires(const struct theme *);
/* The fallback theme's name, or NULL. */
const char	*theme_fallback(const struct theme *);

/* One role on one terminal: colours are palette indices, -1 = default. */
struct theme_style {
	int		 fg, bg;	/* 0-255, or -1 */
	/*
	 * At CAPS_TRUE, the colour as 0xRRGGBB (palette entries 8-255 too),
	 * for direct-colour terminals; -1 otherwise, and for 0-7, which are
	 * the ANSI colours there as well.
	 */
	int32_t		 fg_rgb, bg_rgb;
	unsigned	 attrs;		/* THEME_* */
};

/* A theme resolved for a terminal: what the back end uses. */
struct theme_resolved {
	char			 name[64];	/* printable */
	char			 path[512];	/* "" for the built-in look */
	enum caps_depth		 depth;
	struct theme_style	 role[RENDER_ROLE_COUNT];
	struct render_glyphs	 glyphs;	/* for render_set_glyphs() */
	/* Non-empty: a fallback was taken; the UI shows this line. */
	char			 warning[512];
};

/*
 * Resolve t for caps into *out (glyphs: Unicode or ASCII per caps->utf8,
 * with the theme's overrides).  Pure.  0, or -1 if two page states would
 * look the same (cannot happen for a theme theme_parse() accepted).
 */
int	 theme_resolve(const struct theme *t, const struct caps *caps,
	     struct theme_resolved *out);
/* The built-in look (no colours), used when no theme file can be read. */
void	 theme_builtin(const struct caps *, struct theme_resolved *out);
/* A role's style, in the shapes curses wants. */
void	 theme_role_style(const struct theme_resolved *, enum render_role,
	     short *fg, short *bg, unsigned *attrs);
/* Key name of a role ("consumed", "window-sync", ...). */
const char *theme_role_name(enum render_role);

/*
 * Find NAME|PATH (see the top of this file) into path; skip_user skips the
 * user directory.  0, or -1 with path holding where it looked.
 */
int	 theme_find(const char *arg, int skip_user, char *path, size_t len);
/*
 * Load NAME|PATH and resolve it for caps, following `fallback` while the
 * terminal has less than the theme requires (a fallback that cannot be
 * loaded leaves the theme degraded, with out->warning set).  0, or -1 with
 * d filled (not found, or errors in the theme itself).
 */
int	 theme_open(const char *arg, int skip_user, const struct caps *,
	     struct theme_resolved *out, struct theme_diag *d);
/*
 * The start-up choice.  explicit_arg is --theme (or NULL), env_arg is
 * $RAVIZ_THEME (or NULL/empty).  An explicit theme with problems: returns
 * 2 with d filled (exit 2).  A theme from the environment or the user's
 * default.theme with problems: the installed default (else the built-in
 * look) with out->warning saying why; returns 0.
 */
int	 theme_select(const char *explicit_arg, const char *env_arg,
	     const struct caps *, struct theme_resolved *out,
	     struct theme_diag *d);

/*
 * The look of a headless export (--cast, --svg, --storyboard): caps of
 * the player's xterm-256color whatever TERM and COLORTERM say (an export
 * is played elsewhere), from NO_COLOR, the locale (LC_CTYPE is set from
 * the environment) and the two options, as caps_headless() (caps.h) and
 * caps_decide() say;
 * then theme_select() with $RAVIZ_THEME.  0, or 2 with the problems
 * printed to err; a fallback's warning is printed too.
 */
int	 theme_headless(const char *explicit_arg, int no_color, int ascii,
	     struct caps *caps, struct theme_resolved *out, FILE *err);
/* RGB (0xRRGGBB) of an entry of the xterm 256-colour palette. */
uint32_t theme_palette_rgb(unsigned idx);

/* --list-themes: name, description and file of every theme found. */
void	 theme_list(FILE *out);
/*
 * --check-theme: parse path, resolve it at every depth and glyph table,
 * check its fallback can be found; problems to err, "PATH: ok ..." to out.
 * 0 if clean, else 2.
 */
int	 theme_check(const char *path, FILE *out, FILE *err);

#endif /* RAVIZ_THEME_H */
