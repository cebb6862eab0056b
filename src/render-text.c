/*
 * render-text.c - the text back end: a grid of cells, one UTF-8 character
 * each, written out as lines.  It serves `--headless --frames` and the
 * tests as plain text, and keeps the role of each cell beside it (the
 * attribute grid) so that the exports can look like the screen:
 * render_text_write_sgr() writes the lines with SGR sequences made from a
 * resolved theme (asciicasts), svg.c reads the cells and roles (--svg).
 * The sequences are raviz's own, from the theme's styles: the characters
 * in cells are never control bytes (they become '?').
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
#include "theme.h"
#include "utf8.h"
#include "xalloc.h"

/* A cell: one character and the combining marks that follow it. */
#define CELL_MAX	16

struct render_text {
	unsigned	 cols, rows;
	char		(*cell)[CELL_MAX];	/* "": right half of a wide one */
	unsigned char	 *role;			/* enum render_role per cell */
	char		(*blank)[CELL_MAX];	/* a row of blanks, to copy */
	unsigned	 *end;			/* per row: cells past the last
						   one written are blank */
	unsigned char	 *wide;			/* per row: holds a wide one */
	char		 *out;			/* a frame's text, being written */
	size_t		  outcap;
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
	free(t->role);
	free(t->blank);
	free(t->end);
	free(t->wide);
	free(t->out);
	free(t);
}

/*
 * Clear the grid to cols x rows blanks: each row a copy of a row of
 * blanks, with nothing written and no wide character in it yet.
 */
static void
text_begin(void *be, unsigned cols, unsigned rows)
{
	struct render_text	*t = be;
	size_t			 i, n = (size_t)cols * rows;

	if (cols != t->cols || rows != t->rows || t->cell == NULL) {
		free(t->cell);
		free(t->role);
		free(t->blank);
		free(t->end);
		free(t->wide);
		t->cell = xcalloc(n ? n : 1, sizeof *t->cell);
		t->role = xcalloc(n ? n : 1, 1);
		t->blank = xcalloc(cols ? cols : 1, sizeof *t->blank);
		for (i = 0; i < cols; i++)
			t->blank[i][0] = ' ';
		t->end = xcalloc(rows ? rows : 1, sizeof *t->end);
		t->wide = xcalloc(rows ? rows : 1, 1);
		t->cols = cols;
		t->rows = rows;
	}
	for (i = 0; i < rows; i++)
		memcpy(t->cell + i * cols, t->blank, cols * sizeof *t->cell);
	memset(t->role, RENDER_TEXT, n);
	memset(t->end, 0, rows * sizeof *t->end);
	memset(t->wide, 0, rows);
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
	unsigned char		*rrow;
	size_t			 n, k, used;
	uint32_t		 cp;
	unsigned		 w, px;

	if (y >= t->rows)
		return;
	if ((unsigned)role >= RENDER_ROLE_COUNT)
		role = RENDER_TEXT;
	row = t->cell + (size_t)y * t->cols;
	rrow = t->role + (size_t)y * t->cols;
	while (*s != '\0' && x < t->cols) {
		/*
		 * Printable ASCII, most of the screen, goes straight in; only
		 * a row with a wide character has halves to clear.
		 */
		if (*s >= 0x20 && *s < 0x7f) {
			if (t->wide[y])
				unshare(t, y, x);
			row[x][0] = *s++;
			row[x][1] = '\0';
			rrow[x++] = (unsigned char)role;
			continue;
		}
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
		for (k = 0; k < w; k++) {
			unshare(t, y, x + (unsigned)k);
			rrow[x + k] = (unsigned char)role;
		}
		if (cp == '?' && *s != '?')
			strcpy(row[x], "?");
		else {
			memcpy(row[x], s, n);
			row[x][n] = '\0';
		}
		if (w == 2) {
			row[x + 1][0] = '\0';
			t->wide[y] = 1;
		}
		s += n;
		x += w;
	}
	if (x > t->end[y])
		t->end[y] = x;
}

/* Nothing to do at the end of a picture. */
static void
text_end(void *be)
{
	(void)be;
}

/*
 * Write the grid as lines, trailing blanks trimmed: the whole frame is
 * gathered in t->out and handed to f in one call (a cell is at most
 * CELL_MAX - 1 bytes, a line's end one more).
 */
void
render_text_write(struct render_text *t, FILE *f)
{
	const char	(*c)[CELL_MAX];
	char		*p;
	size_t		 need = (size_t)t->rows * (t->cols * (CELL_MAX - 1) + 1);
	unsigned	 y, x, last;

	if (need > t->outcap) {
		free(t->out);
		t->out = xmalloc(need);
		t->outcap = need;
	}
	p = t->out;
	for (y = 0; y < t->rows; y++) {
		c = t->cell + (size_t)y * t->cols;
		for (last = t->end[y]; last > 0; last--)
			if (c[last - 1][0] != ' ' || c[last - 1][1] != '\0')
				break;
		for (x = 0; x < last; x++) {
			if (c[x][0] != '\0' && c[x][1] == '\0')
				*p++ = c[x][0];
			else
				p = stpcpy(p, c[x]);
		}
		*p++ = '\n';
	}
	fwrite(t->out, 1, (size_t)(p - t->out), f);
}

/* Draw one frame of r with the text back end t and write it to f. */
void
render_text_frame(struct render *r, struct render_text *t,
    const struct view *s, FILE *f)
{
	render_draw(r, s, &render_text_ops, t, NULL);
	render_text_write(t, f);
}

/* The grid's size (0 x 0 before the first picture). */
void
render_text_size(const struct render_text *t, unsigned *cols,
    unsigned *rows)
{
	*cols = t->cell != NULL ? t->cols : 0;
	*rows = t->cell != NULL ? t->rows : 0;
}

/* The character in cell x of row y ("" for a wide one's right half). */
const char *
render_text_cell(const struct render_text *t, unsigned y, unsigned x)
{
	if (t->cell == NULL || y >= t->rows || x >= t->cols)
		return (" ");
	return (t->cell[(size_t)y * t->cols + x]);
}

/* The role the cell was drawn with (RENDER_TEXT for a blank). */
enum render_role
render_text_role(const struct render_text *t, unsigned y, unsigned x)
{
	if (t->role == NULL || y >= t->rows || x >= t->cols)
		return (RENDER_TEXT);
	return ((enum render_role)t->role[(size_t)y * t->cols + x]);
}

/* Append one colour's SGR parameters (fg: base 30, bg: base 40). */
static void
sgr_colour(FILE *f, int idx, int32_t rgb, int fg,
    const struct theme_resolved *look, int direct)
{
	if (look->depth == CAPS_MONO)
		return;
	if (direct && rgb >= 0)
		fprintf(f, ";%d;2;%u;%u;%u", fg ? 38 : 48,
		    (unsigned)(rgb >> 16) & 0xff, (unsigned)(rgb >> 8) & 0xff,
		    (unsigned)rgb & 0xff);
	else if (idx < 0)
		return;
	else if (idx < 8)
		fprintf(f, ";%d", (fg ? 30 : 40) + idx);
	else if (idx < 16)
		fprintf(f, ";%d", (fg ? 90 : 100) + idx - 8);
	else
		fprintf(f, ";%d;5;%d", fg ? 38 : 48, idx);
}

/* The SGR sequence that sets a role's style from scratch. */
static void
sgr_role(FILE *f, const struct theme_resolved *look, int direct,
    enum render_role r)
{
	const struct theme_style	*st = &look->role[r];

	fputs("\x1b[0", f);
	if (st->attrs & THEME_BOLD)
		fputs(";1", f);
	if (st->attrs & THEME_DIM)
		fputs(";2", f);
	if (st->attrs & THEME_UNDERLINE)
		fputs(";4", f);
	if (st->attrs & (THEME_REVERSE | THEME_STANDOUT))
		fputs(";7", f);
	sgr_colour(f, st->fg, st->fg_rgb, 1, look, direct);
	sgr_colour(f, st->bg, st->bg_rgb, 0, look, direct);
	fputc('m', f);
}

/* Does a role look like no style at all? */
static int
sgr_plain(const struct theme_resolved *look, enum render_role r)
{
	const struct theme_style	*st = &look->role[r];

	return (st->attrs == 0 && (look->depth == CAPS_MONO ||
	    (st->fg < 0 && st->bg < 0 && st->fg_rgb < 0 && st->bg_rgb < 0)));
}

/*
 * Write the grid as lines with SGR sequences for each run of cells of one
 * role, styled as look says (direct: colours as RGB where look has them).
 * A line ends reset; trailing blanks are trimmed unless the text role has
 * a background, which then paints whole lines.
 */
void
render_text_write_sgr(struct render_text *t, FILE *f,
    const struct theme_resolved *look, int direct)
{
	unsigned		 y, x, last;
	int			 cur, r, full, styled;
	const struct theme_style *txt = &look->role[RENDER_TEXT];

	full = look->depth != CAPS_MONO && (txt->bg >= 0 || txt->bg_rgb >= 0);
	for (y = 0; y < t->rows; y++) {
		last = 0;
		for (x = 0; x < t->cols; x++)
			if (full || strcmp(t->cell[(size_t)y * t->cols + x],
			    " ") != 0 || !sgr_plain(look,
			    (enum render_role)t->role[(size_t)y * t->cols + x]))
				last = x + 1;
		cur = -1;
		styled = 0;
		for (x = 0; x < last; x++) {
			r = t->role[(size_t)y * t->cols + x];
			/* A role that looks like the one before needs none. */
			if (cur != -1 && r != cur && memcmp(&look->role[r],
			    &look->role[cur], sizeof look->role[r]) == 0)
				r = cur;
			if (r != cur) {
				if (cur == -1 && sgr_plain(look,
				    (enum render_role)r))
					;	/* the line starts reset */
				else {
					sgr_role(f, look, direct,
					    (enum render_role)r);
					styled = 1;
				}
				cur = r;
			}
			fputs(t->cell[(size_t)y * t->cols + x], f);
		}
		if (styled)
			fputs("\x1b[0m", f);
		fputc('\n', f);
	}
}
