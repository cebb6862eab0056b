/*
 * session.h - the files an interactive session writes (--record, --trace,
 * --summary), checked before its screen opens and written after it
 * closes.
 */
#ifndef RAVIZ_SESSION_H
#define RAVIZ_SESSION_H

struct app;
struct opts;

/*
 * The files this session writes (--record, --trace) must not be the theme
 * it reads or each other, by name or by inode, even with --force, and
 * must be writable under the output rule (safefile.h).  0, or 2 after
 * saying why on standard error.
 */
int	 session_outputs_check(const struct opts *o);
/*
 * --trace and --summary for where the user left the run a; the exit
 * status (0, 1: memory or write, 2: a trace refused).
 */
int	 session_outputs(struct app *a, const struct opts *o);

#endif /* RAVIZ_SESSION_H */
