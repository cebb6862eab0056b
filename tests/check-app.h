/*
 * check-app.h - what the Check tests that drive an application (app.h)
 * share: its picture as text, and commands that must succeed.
 */
#ifndef RAVIZ_CHECK_APP_H
#define RAVIZ_CHECK_APP_H

#include <stdint.h>

#include "app.h"

/*
 * The picture of a at cols x rows, drawn through render_text_ops (the back
 * end of headless --frames), as a malloc'd string.
 */
char	*check_frame(struct app *a, unsigned cols, unsigned rows);

/* Carry out the command k (argument arg) on a; it must succeed. */
void	 check_exec(struct app *a, enum cmd_kind k, int64_t arg);
/*
 * The same, then its flash cleared (the loop's timer would), so that
 * frames compare.
 */
void	 check_run(struct app *a, enum cmd_kind k, int64_t arg);

#endif /* RAVIZ_CHECK_APP_H */
