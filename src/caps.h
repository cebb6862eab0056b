/*
 * caps.h - what the terminal can show, decided once at start-up.
 *
 * caps_decide() is a pure function of its inputs (no getenv, no curses), so
 * the whole decision table is testable: the front end fills a struct
 * caps_input from the environment, the locale and terminfo (caps_input_env()
 * does the first two; probe_caps(), ui/probe.h, the colours) and gets a
 * struct caps back.  Everything that draws follows struct caps: the theme
 * resolves its colours to caps.depth, the glyph table follows caps.utf8.
 *
 * The rules, in order:
 *   TERM unset, empty or "dumb"          refused (-1, with a message that
 *                                        points at --headless)
 *   --no-color or NO_COLOR non-empty     depth CAPS_MONO
 *   colours >= 2^24 (direct colour)      CAPS_TRUE, direct
 *   COLORTERM truecolor/24bit, colours
 *     >= 256 and can_change_color        CAPS_TRUE, not direct: colours are
 *                                        drawn as their nearest entry of
 *                                        the 256 palette (raviz does not
 *                                        redefine palette entries)
 *   colours >= 256 / >= 16 / >= 8        CAPS_256 / CAPS_16 / CAPS_8
 *   otherwise (vt100: no colours)        CAPS_MONO
 *   glyphs: Unicode when the locale's codeset is UTF-8, --ascii is not
 *   given and TERM is not a vt100/vt220/linux console (a real vt100 has no
 *   Unicode; the console's default font lacks some of our glyphs); else
 *   the ASCII table.
 */
#ifndef RAVIZ_CAPS_H
#define RAVIZ_CAPS_H

#include <stddef.h>

/* Colour depth, in the order a theme degrades through. */
enum caps_depth {
	CAPS_MONO,		/* no colour: attributes and glyphs only */
	CAPS_8,
	CAPS_16,
	CAPS_256,
	CAPS_TRUE		/* 24-bit */
};

struct caps_input {
	const char	*term;		/* $TERM, or NULL */
	const char	*colorterm;	/* $COLORTERM, or NULL */
	const char	*no_color;	/* $NO_COLOR, or NULL */
	int		 colors;	/* terminfo "colors"; < 0 if absent */
	int		 can_redefine;	/* can_change_color() */
	int		 utf8_locale;	/* nl_langinfo(CODESET) is UTF-8 */
	int		 opt_no_color;	/* --no-color */
	int		 opt_ascii;	/* --ascii */
};

struct caps {
	enum caps_depth	 depth;
	int		 direct;	/* CAPS_TRUE: colour numbers are RGB */
	int		 utf8;		/* Unicode glyphs (else ASCII) */
};

/*
 * Decide.  0 and *out filled; or -1 (TERM=dumb or unset) with a one-line
 * message in err (no trailing newline, no control bytes from TERM).
 */
int	 caps_decide(const struct caps_input *, struct caps *out, char *err,
	     size_t errlen);
/*
 * Fill in the environment and locale fields (call after setlocale()); the
 * caller (or probe_caps(), ui/probe.h) sets colors/can_redefine and the two
 * options.
 */
void	 caps_input_env(struct caps_input *);
/*
 * For a headless export (a cast, an SVG) with no terminal to probe: set
 * colors from TERM and COLORTERM (truecolor/24bit or *direct*: 2^24;
 * *256color*: 256; *16color*: 16; vt100/vt102/vt220/vt52: none; else 8),
 * and take an unset, empty or "dumb" TERM as xterm-256color (the
 * player's terminal), so caps_decide() then never refuses.
 */
void	 caps_headless(struct caps_input *);
/* "mono", "8", "16", "256", "truecolor". */
const char *caps_depth_name(enum caps_depth);
/* Parse those words ("truecolour", "24bit" too); 0 or -1. */
int	 caps_depth_parse(const char *, enum caps_depth *);

#endif /* RAVIZ_CAPS_H */
