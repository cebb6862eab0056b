/*
 * check-app.c - helpers of the Check tests that drive an application:
 * check_app and check_predict compare its pictures as text frames and carry
 * out commands that must not fail.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>

#include "check-app.h"
#include "render.h"

/* The picture of a as text. */
char *
check_frame(struct app *a, unsigned cols, unsigned rows)
{
	struct render_text	*t = render_text_new();
	char			*buf = NULL;
	size_t			 len = 0;
	FILE			*f = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(t);
	ck_assert_ptr_nonnull(f);
	app_draw(a, &render_text_ops, t, cols, rows);
	render_text_write(t, f);
	fclose(f);
	render_text_free(t);
	return (buf);
}

/* Carry out one command. */
void
check_exec(struct app *a, enum cmd_kind k, int64_t arg)
{
	struct cmd	c;

	c.kind = k;
	c.arg = arg;
	ck_assert_int_eq(app_exec(a, &c), 0);
}

/* Carry out one command and clear its flash. */
void
check_run(struct app *a, enum cmd_kind k, int64_t arg)
{
	check_exec(a, k, arg);
	app_flash_clear(a);
}
