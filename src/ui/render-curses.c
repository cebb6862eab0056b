/*
 * render-curses.c - the curses back end: the layout's put() calls become
 * characters on stdscr, each with the colour pair and attributes of its
 * role.  It only draws into ncurses' virtual screen (wnoutrefresh); the
 * loop calls doupdate() once per iteration, so a frame costs one terminal
 * write of the cells that changed.
 *
 * Styles come from a resolved theme (theme.h): per role a foreground and
 * background palette index (or -1, the terminal's own) and attributes,
 * already degraded to what the terminal shows (struct caps).  Each role
 * with a colour gets its own colour pair.  Without a theme, the built-in
 * look (attributes only).  Every page state also has its own glyph, so a
 * monochrome terminal still tells them apart.
 */
#include "config.h"

#include <curses.h>
#include <stdlib.h>
#include <string.h>

#include "caps.h"
#include "render.h"
#include "theme.h"
#include "ui/render-curses.h"
#include "utf8.h"
#include "xalloc.h"

/* The back end's state: the roles' styles and whether to use colour. */
struct render_curses {
	struct theme_style	 styles[RENDER_ROLE_COUNT];
	int			 use_colour;
	int			 utf8;
};

static void	 curses_begin(void *, unsigned, unsigned);
static void	 curses_put(void *, unsigned, unsigned, enum render_role,
		    const char *);
static void	 curses_end(void *);

const struct render_ops render_curses_ops = {
	.name = "curses",
	.begin = curses_begin,
	.put = curses_put,
	.end = curses_end,
};

/* A theme style's attributes as curses attributes. */
static attr_t
theme_attrs(unsigned a)
{
	attr_t	r = A_NORMAL;

	if (a & THEME_BOLD)
		r |= A_BOLD;
	if (a & THEME_REVERSE)
		r |= A_REVERSE;
	if (a & THEME_UNDERLINE)
		r |= A_UNDERLINE;
	if (a & THEME_DIM)
		r |= A_DIM;
	if (a & THEME_STANDOUT)
		r |= A_STANDOUT;
	return (r);
}

/*
 * The back end with colour pairs for the roles, once curses is up.  caps
 * decides colour and glyphs; on a direct-colour terminal RGB colours are
 * used as they are.
 */
struct render_curses *
render_curses_new(const struct theme_resolved *res, const struct caps *caps)
{
	struct render_curses	*rc;
	struct theme_resolved	 builtin;
	struct theme_style	*styles;
	int			 i, fg, bg, defaults;

	rc = xcalloc(1, sizeof *rc);
	if (res == NULL) {
		theme_builtin(caps, &builtin);
		res = &builtin;
	}
	styles = rc->styles;
	memcpy(styles, res->role, sizeof rc->styles);
	rc->utf8 = caps->utf8;
	/* A theme switched at run time may leave no background. */
	wbkgdset(stdscr, ' ');
	rc->use_colour = caps->depth != CAPS_MONO && has_colors() &&
	    start_color() == OK;
	if (!rc->use_colour)
		return (rc);
	defaults = use_default_colors() == OK;
	for (i = 0; i < RENDER_ROLE_COUNT; i++) {
		fg = styles[i].fg;
		bg = styles[i].bg;
		if (caps->depth == CAPS_TRUE && caps->direct) {
			fg = styles[i].fg_rgb >= 0 ? styles[i].fg_rgb : fg;
			bg = styles[i].bg_rgb >= 0 ? styles[i].bg_rgb : bg;
		}
		/* Without default colours, -1 is white on black. */
		if (!defaults) {
			fg = fg < 0 ? COLOR_WHITE : fg;
			bg = bg < 0 ? COLOR_BLACK : bg;
		}
		if ((fg < 0 && bg < 0) || fg >= COLORS || bg >= COLORS ||
		    init_extended_pair(i + 1, fg, bg) != OK)
			styles[i].fg = styles[i].bg = -1;
	}
	/* Blank cells take the text role's colours (a theme's background). */
	if (styles[RENDER_TEXT].fg >= 0 || styles[RENDER_TEXT].bg >= 0)
		wbkgdset(stdscr, ' ' | COLOR_PAIR(RENDER_TEXT + 1));
	return (rc);
}

/* Free the back end (curses keeps its colour pairs). */
void
render_curses_free(struct render_curses *rc)
{
	free(rc);
}

/* The attributes (with colour pair) a role is drawn with. */
static attr_t
role_attr(const struct render_curses *rc, enum render_role role)
{
	const struct theme_style	*st;

	if ((unsigned)role >= RENDER_ROLE_COUNT)
		role = RENDER_TEXT;
	st = &rc->styles[role];
	if (!rc->use_colour || (st->fg < 0 && st->bg < 0))
		return (theme_attrs(st->attrs));
	return (theme_attrs(st->attrs) | COLOR_PAIR(role + 1));
}

/* Start a picture: the virtual screen is cleared (only changes go out). */
static void
curses_begin(void *be, unsigned cols, unsigned rows)
{
	(void)be;
	(void)cols;
	(void)rows;
	werase(stdscr);
}

/*
 * Put s at (y, x), clipped to the screen, each character in the cells
 * utf8.h gives it (as the text back end does).  Control and invalid bytes
 * become '?', and without a UTF-8 locale so does every non-ASCII cell: no
 * byte from the layout can act on the terminal.
 */
static void
curses_put(void *be, unsigned y, unsigned x, enum render_role role,
    const char *s)
{
	const struct render_curses	*rc = be;
	char				 buf[1024];
	size_t				 n, o = 0, cells = 0, room;
	uint32_t			 cp;
	unsigned			 w;
	int				 maxy, maxx;

	getmaxyx(stdscr, maxy, maxx);
	if (maxy <= 0 || maxx <= 0 || y >= (unsigned)maxy ||
	    x >= (unsigned)maxx)
		return;
	room = (size_t)maxx - x;
	/* Never write the bottom-right cell: that would scroll. */
	if (y == (unsigned)maxy - 1)
		room--;
	while (*s != '\0' && o + 5 < sizeof buf) {
		n = utf8_next(s, strnlen(s, 4), &cp, &w);
		if (cells + w > room)
			break;
		if (cp == '?' && *s != '?')
			buf[o++] = '?';
		else if (n > 1 && !rc->utf8) {
			/* As many '?' as the character has cells. */
			if (w > 0)
				buf[o++] = '?';
			if (w > 1)
				buf[o++] = '?';
		} else {
			memcpy(buf + o, s, n);
			o += n;
		}
		s += n;
		cells += w;
	}
	buf[o] = '\0';
	if (o == 0)
		return;
	wattrset(stdscr, role_attr(rc, role));
	mvwaddstr(stdscr, (int)y, (int)x, buf);
	wattrset(stdscr, A_NORMAL);
}

/* The picture is complete: mark it for the next doupdate(). */
static void
curses_end(void *be)
{
	(void)be;
	wnoutrefresh(stdscr);
}
