/*
 * render-curses.h - the curses back end of the layout (render.h): draws on
 * stdscr with the colour pairs and attributes of each role.
 */
#ifndef RAVIZ_UI_RENDER_CURSES_H
#define RAVIZ_UI_RENDER_CURSES_H

#include "caps.h"
#include "render.h"
#include "theme.h"

/* Pass a struct render_curses as the ops' be. */
extern const struct render_ops render_curses_ops;

struct render_curses;

/*
 * The back end for a resolved theme (NULL: the built-in look) on a terminal
 * with capabilities caps (colour, Unicode or ASCII-only output).  Call once
 * curses is up: it starts colour and makes a colour pair per role.
 */
struct render_curses *render_curses_new(const struct theme_resolved *,
	    const struct caps *);
void	 render_curses_free(struct render_curses *);

#endif /* RAVIZ_UI_RENDER_CURSES_H */
