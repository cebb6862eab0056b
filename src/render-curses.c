/*
 * render-curses.c - the curses back end: the layout's put() calls become
 * characters on stdscr, each with the colour pair and attributes of its
 * role.  It only draws into ncurses' virtual screen (wnoutrefresh); the
 * loop calls doupdate() once per iteration, so a frame costs one terminal
 * write of the cells that changed.
 *
 * Styles: one table maps each render role to foreground colour and
 * attributes; the attributes alone (bold, dim, reverse, underline) keep the
 * roles apart on a monochrome terminal, and every page state also has its
 * own glyph.  A theme module can replace the table through
 * render_curses_set_style() without touching the layout.
 */
#include "config.h"

#include <curses.h>
#include <string.h>

#include "render.h"

struct style {
	short		 fg;		/* COLOR_*, or -1 for the default */
	attr_t		 attr;		/* with colour */
	attr_t		 mono;		/* without colour */
};

/* The built-in mapping, indexed by enum render_role. */
static struct style styles[RENDER_ROLE_COUNT] = {
	[RENDER_TEXT] = { -1, A_NORMAL, A_NORMAL },
	[RENDER_HEADER] = { -1, A_BOLD, A_BOLD },
	[RENDER_MODE] = { COLOR_YELLOW, A_BOLD | A_REVERSE, A_REVERSE },
	[RENDER_PAGE_CONSUMED] = { COLOR_BLUE, A_NORMAL, A_DIM },
	[RENDER_PAGE_CACHED] = { COLOR_GREEN, A_BOLD, A_BOLD },
	[RENDER_PAGE_PLUGGED] = { COLOR_YELLOW, A_BOLD, A_UNDERLINE },
	[RENDER_PAGE_INFLIGHT] = { COLOR_CYAN, A_BOLD, A_BOLD },
	[RENDER_PAGE_ABSENT] = { -1, A_DIM, A_DIM },
	[RENDER_WINDOW_SYNC] = { COLOR_CYAN, A_NORMAL, A_NORMAL },
	[RENDER_WINDOW_ASYNC] = { COLOR_MAGENTA, A_NORMAL, A_NORMAL },
	[RENDER_MARKER] = { COLOR_RED, A_BOLD, A_BOLD | A_REVERSE },
	[RENDER_READER] = { COLOR_WHITE, A_BOLD | A_REVERSE, A_REVERSE },
	[RENDER_LANE_READER] = { COLOR_GREEN, A_NORMAL, A_NORMAL },
	[RENDER_LANE_PLUG] = { COLOR_YELLOW, A_BOLD, A_UNDERLINE },
	[RENDER_LANE_DEVICE] = { COLOR_CYAN, A_BOLD, A_BOLD },
	[RENDER_NARRATION] = { -1, A_NORMAL, A_NORMAL },
	[RENDER_LABEL] = { COLOR_YELLOW, A_BOLD, A_BOLD },
	[RENDER_METER] = { -1, A_BOLD, A_BOLD },
	[RENDER_CAPTION] = { COLOR_GREEN, A_BOLD, A_BOLD },
	[RENDER_HINT] = { -1, A_REVERSE, A_REVERSE },
	[RENDER_DIM] = { -1, A_DIM, A_DIM },
};

static int	 use_colour;
static int	 utf8;

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

/* Colour pairs for the roles, once curses is up; colour 0 = monochrome. */
void
render_curses_setup(int colour, int is_utf8)
{
	int	i, bg = COLOR_BLACK;

	utf8 = is_utf8;
	use_colour = colour && has_colors() && start_color() == OK;
	if (!use_colour)
		return;
	if (use_default_colors() == OK)
		bg = -1;
	for (i = 0; i < RENDER_ROLE_COUNT; i++)
		init_pair((short)(i + 1), styles[i].fg, (short)bg);
}

/* Replace one role's style (theme module); takes effect on setup. */
void
render_curses_set_style(enum render_role role, short fg, unsigned attr,
    unsigned mono)
{
	if ((unsigned)role >= RENDER_ROLE_COUNT)
		return;
	styles[role].fg = fg;
	styles[role].attr = (attr_t)attr;
	styles[role].mono = (attr_t)mono;
}

/* The attributes (with colour pair) a role is drawn with. */
static attr_t
role_attr(enum render_role role)
{
	if ((unsigned)role >= RENDER_ROLE_COUNT)
		role = RENDER_TEXT;
	if (!use_colour)
		return (styles[role].mono);
	if (styles[role].fg < 0)
		return (styles[role].attr);
	return (styles[role].attr | COLOR_PAIR(role + 1));
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

/* Length of the UTF-8 sequence that starts with c, 1 if invalid. */
static size_t
u8len(unsigned char c)
{
	if (c >= 0xf0 && c < 0xf8)
		return (4);
	if (c >= 0xe0 && c < 0xf0)
		return (3);
	if (c >= 0xc0 && c < 0xe0)
		return (2);
	return (1);
}

/*
 * Put s at (y, x), one cell per character, clipped to the screen.  Control
 * bytes become '?', and without a UTF-8 locale so do non-ASCII characters:
 * no byte from the layout can act on the terminal.
 */
static void
curses_put(void *be, unsigned y, unsigned x, enum render_role role,
    const char *s)
{
	char	 buf[1024];
	size_t	 n, o = 0, cells = 0, room;
	int	 maxy, maxx;

	(void)be;
	getmaxyx(stdscr, maxy, maxx);
	if (maxy <= 0 || maxx <= 0 || y >= (unsigned)maxy ||
	    x >= (unsigned)maxx)
		return;
	room = (size_t)maxx - x;
	/* Never write the bottom-right cell: that would scroll. */
	if (y == (unsigned)maxy - 1)
		room--;
	while (*s != '\0' && cells < room && o + 5 < sizeof buf) {
		n = u8len((unsigned char)*s);
		if (strnlen(s, n) < n)
			n = 1;
		if ((unsigned char)*s < 0x20 || *s == 0x7f ||
		    (n == 1 && (unsigned char)*s >= 0x80) || (n > 1 && !utf8))
			buf[o++] = '?';
		else {
			memcpy(buf + o, s, n);
			o += n;
		}
		s += n;
		cells++;
	}
	buf[o] = '\0';
	if (o == 0)
		return;
	wattrset(stdscr, role_attr(role));
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
