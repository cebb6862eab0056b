/*
 * render-text.c - the text back end: a grid of cells, one UTF-8 character
 * each, written out as lines.  It serves `--headless --frames` and the
 * tests; roles are ignored (a frame is plain text).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "render.h"

struct render_text {
	unsigned	 cols, rows;
	char		(*cell)[5];
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
	return (calloc(1, sizeof(struct render_text)));
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
		t->cell = calloc(n ? n : 1, sizeof *t->cell);
		if (t->cell == NULL) {
			t->cols = t->rows = 0;
			return;
		}
		t->cols = cols;
		t->rows = rows;
	}
	for (i = 0; i < n; i++) {
		t->cell[i][0] = ' ';
		t->cell[i][1] = '\0';
	}
}

/* Length of the UTF-8 sequence starting with byte c (1 if invalid). */
static size_t
u8len(unsigned char c)
{
	if (c >= 0xf0 && c < 0xf8)
		return (4);
	if (c >= 0xe0)
		return (3);
	if (c >= 0xc0)
		return (2);
	return (1);
}

/* Write characters into cells; control bytes become '?'. */
static void
text_put(void *be, unsigned y, unsigned x, enum render_role role,
    const char *s)
{
	struct render_text	*t = be;
	size_t			 n;

	(void)role;
	if (y >= t->rows)
		return;
	while (*s != '\0' && x < t->cols) {
		n = u8len((unsigned char)*s);
		if (strnlen(s, n) < n)
			n = 1;
		memcpy(t->cell[(size_t)y * t->cols + x], s, n);
		t->cell[(size_t)y * t->cols + x][n] = '\0';
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			t->cell[(size_t)y * t->cols + x][0] = '?';
		s += n;
		x++;
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
