/*
 * svg.h - a frame as an SVG picture: the text back end's cells and roles
 * (render.h) drawn in a resolved theme's colours (theme.h).  Monospace
 * <text>/<tspan> rows over a background <rect>, everything XML-escaped,
 * deterministic.
 */
#ifndef RAVIZ_SVG_H
#define RAVIZ_SVG_H

#include <stdio.h>

struct render_text;
struct theme_resolved;

/*
 * Write the last picture of t, styled by look, as an SVG document to f,
 * its <title> title (NULL: the picture's first row).
 */
void	 svg_write(FILE *f, const struct render_text *t,
	     const struct theme_resolved *look, const char *title);
/*
 * The same into path, whole or not at all; an existing path is refused
 * unless force.  0, or -1 with *why saying why.
 */
int	 svg_save(const char *path, int force, const struct render_text *t,
	     const struct theme_resolved *look, const char *title,
	     const char **why);

#endif /* RAVIZ_SVG_H */
