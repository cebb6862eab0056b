/*
 * render-text.c - the text back end: a grid of cells, one UTF-8 character
 * each, written out as lines.  It serves `--headless --frames` and the
 * tests; roles are ignored (a frame is plain text).
 *
 * Widths are utf8.h's: a wide character fills its cell and the next, which
 * is kept empty (""), so a line never takes more columns than the grid has;
 * a zero-width character joins the character before it; a control or a
 * byte that is not UTF-8 is a '?', as on the curses screen.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "render.h"
#include "utf8.h"
#include "xalloc.h"

/* A cell: one character and the combining marks that follow it. */
#define CELL_MAX	16

struct render_text {
	unsigned	 cols, rows;
	char		(*cell)[CELL_MAX];	/* "": right half of a wide one */
};

static void	text_begin(void *, unsigned, unsigned);
static void	text_put(void *, unsigned, unsigned, enum render_role,
		    const char *);
static void	text_end(void *);

const struct render_ops render_text_ops = {
	.name = "text",
	.begin = text_begin,
	.put = text_put,
	.end = text_end,
};

/* A text back end; the grid is sized by the first begin(). */
struct render_text *
render_text_new(void)
{
	return (xcalloc(1, sizeof(struct render_text)));
}

/* Free it. */
void
render_text_free(struct render_text *t)
{
	if (t == NULL)
		return;
	free(t->cell);
	free(t);
}

/* Clear the grid to cols x rows blanks. */
static void
text_begin(void *be, unsigned cols, unsigned rows)
{
	struct render_text	*t = be;
	size_t			 i, n = (size_t)cols * rows;

	if (cols != t->cols || rows != t->rows || t->cell == NULL) {
		free(t->cell);
		t->cell = xcalloc(n ? n : 1, sizeof *t->cell);
		t->cols = cols;
		t->rows = rows;
	}
	for (i = 0; i < n; i++) {
		t->cell[i][0] = ' ';
		t->cell[i][1] = '\0';
	}
}

/*
 * Cell x of row y is about to be written: a wide character it is half of
 * becomes a blank, so no half of one is left behind.
 */
static void
unshare(struct render_text *t, unsigned y, unsigned x)
{
	char	(*row)[CELL_MAX] = t->cell + (size_t)y * t->cols;

	if (row[x][0] == '\0' && x > 0)
		strcpy(row[x - 1], " ");
	if (x + 1 < t->cols && row[x + 1][0] == '\0')
		strcpy(row[x + 1], " ");
}

/* Write characters into cells; control and invalid bytes become '?'. */
static void
text_put(void *be, unsigned y, unsigned x, enum render_role role,
    const char *s)
{
	struct render_text	*t = be;
	char			(*row)[CELL_MAX];
	size_t			 n, k, used;
	uint32_t		 cp;
	unsigned		 w, px;

	(void)role;
	if (y >= t->rows)
		return;
	row = t->cell + (size_t)y * t->cols;
	while (*s != '\0' && x < t->cols) {
		n = utf8_next(s, strnlen(s, 4), &cp, &w);
		if (w == 0) {
			/* Joins the character drawn just before it. */
			px = x > 0 && row[x - 1][0] == '\0' && x > 1 ?
			    x - 2 : x - 1;
			used = x > 0 ? strlen(row[px]) : CELL_MAX;
			if (used + n < CELL_MAX) {
				memcpy(row[px] + used, s, n);
				row[px][used + n] = '\0';
			}
			s += n;
			continue;
		}
		if (x + w > t->cols)
			break;
		for (k = 0; k < w; k++)
			unshare(t, y, x + (unsigned)k);
		if (cp == '?' && *s != '?')
			strcpy(row[x], "?");
		else {
			memcpy(row[x], s, n);
			row[x][n] = '\0';
		}
		if (w == 2)
			row[x + 1][0] = '\0';
		s += n;
		x += w;
	}
}

/* Nothing to do at the end of a picture. */
static void
text_end(void *be)
{
	(void)be;
}

/* Write the grid as lines, trailing blanks trimmed. */
void
render_text_write(struct render_text *t, FILE *f)
{
	unsigned	y, x, last;

	for (y = 0; y < t->rows; y++) {
		last = 0;
		for (x = 0; x < t->cols; x++)
			if (strcmp(t->cell[(size_t)y * t->cols + x], " ") != 0)
				last = x + 1;
		for (x = 0; x < last; x++)
			fputs(t->cell[(size_t)y * t->cols + x], f);
		fputc('\n', f);
	}
}

/* Draw one frame of r with the text back end t and write it to f. */
void
render_text_frame(struct render *r, struct render_text *t,
    const struct sim *s, FILE *f)
{
	render_draw(r, s, &render_text_ops, t, NULL);
	render_text_write(t, f);
}
