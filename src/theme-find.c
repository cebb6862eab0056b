/*
 * theme-find.c - finding themes: lookup of NAME|PATH in the theme folders
 * (theme.h), loading with fallbacks, the start-up choice, the look of a
 * headless export and --list-themes.
 *
 * This is the only part of the theme module that touches the file system
 * and the environment ($XDG_CONFIG_HOME, $HOME, $RAVIZ_DATADIR,
 * $RAVIZ_THEME); everything taken from them into a message is escaped.
 */
#include "config.h"

#include <dirent.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "datadir.h"
#include "fmt.h"
#include "theme-int.h"
#include "xalloc.h"


/*
 * Copy s, text already escaped, into out: whole if it fits, else cut at a
 * character boundary and ended with "..." (len >= 4), so that a long
 * message never ends in half a UTF-8 sequence.
 */
static char *
clip(char *out, size_t len, const char *s)
{
	size_t	n = strlen(s), o = 0, k;

	if (n < len) {
		memcpy(out, s, n + 1);
		return (out);
	}
	while ((k = fmt_char(s + o, n - o)) != 0 && o + k + 4 <= len)
		o += k;
	memcpy(out, s, o);
	memcpy(out + o, "...", 4);
	return (out);
}

/* ---- lookup ---- */

/* Is arg a path rather than a name? */
static int
is_path(const char *arg)
{
	size_t	n = strlen(arg);

	return (strchr(arg, '/') != NULL ||
	    (n > 6 && strcmp(arg + n - 6, ".theme") == 0));
}

/* The user's theme directory into buf; -1 if there is none. */
static int
user_dir(char *buf, size_t len)
{
	const char	*x = getenv("XDG_CONFIG_HOME"), *h = getenv("HOME");

	/* The XDG spec ignores relative values. */
	if (x != NULL && x[0] == '/')
		snprintf(buf, len, "%s/raviz/themes", x);
	else if (h != NULL && h[0] == '/')
		snprintf(buf, len, "%s/.config/raviz/themes", h);
	else
		return (-1);
	return (0);
}

/* The installed theme directory into buf. */
static void
data_dir(char *buf, size_t len)
{
	datadir_path(buf, len, "themes");
}

/* Find a theme file. */
int
theme_find(const char *arg, int skip_user, char *path, size_t len)
{
	char	ud[400], dd[400], esc[200], eud[200], edd[200];
	int	has_user;

	if (is_path(arg)) {
		snprintf(path, len, "%s", arg);
		return (0);
	}
	if (!theme_parse_valid_name(arg, strlen(arg))) {
		snprintf(path, len, "'%s' is not a theme name (letters, "
		    "digits, '-', '_', '.') or a path",
		    fmt_escape_str(esc, sizeof esc, arg));
		return (-1);
	}
	has_user = !skip_user && user_dir(ud, sizeof ud) == 0;
	if (has_user) {
		snprintf(path, len, "%s/%s.theme", ud, arg);
		if (access(path, R_OK) == 0)
			return (0);
	}
	data_dir(dd, sizeof dd);
	snprintf(path, len, "%s/%s.theme", dd, arg);
	if (access(path, R_OK) == 0)
		return (0);
	/* $XDG_CONFIG_HOME and $RAVIZ_DATADIR are untrusted text too. */
	fmt_escape_str(esc, sizeof esc, arg);
	fmt_escape_str(edd, sizeof edd, dd);
	if (has_user)
		snprintf(path, len, "no theme '%s' in %s or %s", esc,
		    fmt_escape_str(eud, sizeof eud, ud), edd);
	else
		snprintf(path, len, "no theme '%s' in %s", esc, edd);
	return (-1);
}

/* Load and resolve, following fallbacks; see theme.h. */
int
theme_open(const char *arg, int skip_user, const struct caps *caps,
    struct theme_resolved *out, struct theme_diag *d)
{
	struct theme		*chain[FALLBACK_HOPS + 1];
	struct theme_diag	 fd = { NULL, 0 };
	char			 path[1024], fpath[1024], warn[1024], esc[600];
	char			 part[300];
	size_t			 n = 0, i;
	int			 loop;

	warn[0] = '\0';
	if (theme_find(arg, skip_user, path, sizeof path) != 0) {
		theme_diag_add(d, "%s", path);
		return (-1);
	}
	if ((chain[0] = theme_load_file(path, d)) == NULL)
		return (-1);
	snprintf(fpath, sizeof fpath, "%s", path);
	n = 1;
	while (caps->depth < chain[n - 1]->requires &&
	    chain[n - 1]->fallback[0] != '\0' && n <= FALLBACK_HOPS) {
		const char	*fb = chain[n - 1]->fallback;

		loop = 0;
		for (i = 0; i < n; i++)
			if (strcmp(chain[i]->name, fb) == 0)
				loop = 1;
		if (loop)
			break;
		if (theme_find(fb, 0, fpath, sizeof fpath) != 0) {
			snprintf(warn, sizeof warn, "theme '%s' needs %s "
			    "colours and its fallback is missing (%s); "
			    "showing it with fewer colours", chain[n - 1]->name,
			    caps_depth_name(chain[n - 1]->requires),
			    clip(part, sizeof part, fpath));
			break;
		}
		if ((chain[n] = theme_load_file(fpath, &fd)) == NULL) {
			snprintf(warn, sizeof warn, "fallback theme '%s': "
			    "%s%s; showing '%s' with fewer colours", fb,
			    clip(part, sizeof part, fd.n ? fd.msg[0] :
			    "cannot load"),
			    fd.n > 1 ? " (and more)" : "", chain[n - 1]->name);
			theme_diag_free(&fd);
			break;
		}
		n++;
	}
	theme_resolve(chain[n - 1], caps, out);
	clip(out->path, sizeof out->path,
	    fmt_escape_str(esc, sizeof esc, chain[n - 1]->file));
	clip(out->warning, sizeof out->warning, warn);
	for (i = 0; i < n; i++)
		theme_free(chain[i]);
	return (0);
}

/* The start-up choice; see theme.h. */
int
theme_select(const char *explicit_arg, const char *env_arg,
    const struct caps *caps, struct theme_resolved *out,
    struct theme_diag *d)
{
	struct theme_diag	 td = { NULL, 0 }, dd = { NULL, 0 };
	const char		*arg;
	char			 why[1024], esc[200], part[300];
	char			 warn[1024];

	if (explicit_arg != NULL)
		return (theme_open(explicit_arg, 0, caps, out, d) == 0 ?
		    0 : 2);
	arg = env_arg != NULL && *env_arg != '\0' ? env_arg : "default";
	if (theme_open(arg, 0, caps, out, &td) == 0)
		return (0);
	snprintf(why, sizeof why, "theme '%s'%s: %s%s",
	    fmt_escape_str(esc, sizeof esc, arg), env_arg && *env_arg ?
	    " (from RAVIZ_THEME)" : "", clip(part, sizeof part, td.n ?
	    td.msg[0] : "cannot load"),
	    td.n > 1 ? " (and more: see raviz --check-theme)" : "");
	theme_diag_free(&td);
	if (theme_open("default", 1, caps, out, &dd) == 0)
		snprintf(warn, sizeof warn, "%s; using the default theme",
		    why);
	else {
		theme_builtin(caps, out);
		snprintf(warn, sizeof warn, "%s; no default theme either, "
		    "using the built-in look", why);
	}
	clip(out->warning, sizeof out->warning, warn);
	theme_diag_free(&dd);
	return (0);
}

/*
 * The look of a headless export: caps from the environment and locale as
 * the screen would decide them (caps_headless() for the colours), then the
 * theme as at start-up.  Sets LC_CTYPE from the environment to read the
 * codeset.  0, or 2 after printing the problems to err.
 */
int
theme_headless(const char *explicit_arg, int no_color, int ascii,
    struct caps *caps, struct theme_resolved *out, FILE *err)
{
	struct caps_input	in;
	struct theme_diag	d = { NULL, 0 };
	char			msg[256];
	int			rc;

	memset(&in, 0, sizeof in);
	setlocale(LC_CTYPE, "");
	caps_input_env(&in);
	/*
	 * An export is played on other terminals than its maker's: its
	 * colours are the theme's on the player's xterm-256color, whatever
	 * TERM and COLORTERM the maker had.
	 */
	in.term = "xterm-256color";
	in.colorterm = NULL;
	caps_headless(&in);
	in.opt_no_color = no_color;
	in.opt_ascii = ascii;
	if (caps_decide(&in, caps, msg, sizeof msg) != 0) {
		/* Cannot happen: caps_headless() names a terminal. */
		fprintf(err, "raviz: %s\n", msg);
		return (2);
	}
	rc = theme_select(explicit_arg, getenv("RAVIZ_THEME"), caps, out, &d);
	theme_diag_print(&d, err);
	theme_diag_free(&d);
	if (rc == 0 && out->warning[0] != '\0')
		fprintf(err, "raviz: %s\n", out->warning);
	return (rc);
}

/* qsort comparison of two strings. */
static int
cmp_str(const void *a, const void *b)
{
	return (strcmp(*(char *const *)a, *(char *const *)b));
}

/* Add the theme names found in dir to *names. */
static void
collect(const char *dir, char ***names, size_t *n)
{
	DIR		*dp;
	struct dirent	*de;
	char		**nn;
	size_t		 len;

	if ((dp = opendir(dir)) == NULL)
		return;
	while ((de = readdir(dp)) != NULL) {
		len = strlen(de->d_name);
		if (len <= 6 || strcmp(de->d_name + len - 6, ".theme") != 0 ||
		    !theme_parse_valid_name(de->d_name, len - 6))
			continue;
		nn = xreallocarray(*names, *n + 1, sizeof *nn);
		*names = nn;
		nn[(*n)++] = xstrndup(de->d_name, len - 6);
	}
	closedir(dp);
}

/* --list-themes. */
void
theme_list(FILE *out)
{
	struct theme_diag	 d = { NULL, 0 };
	struct theme		*t;
	char			**names = NULL, ud[400], dd[400];
	char			 path[1024], e1[600], e2[600];
	size_t			 n = 0, i;

	if (user_dir(ud, sizeof ud) == 0)
		collect(ud, &names, &n);
	data_dir(dd, sizeof dd);
	collect(dd, &names, &n);
	if (n == 0)
		fprintf(out, "no themes found in %s\n",
		    fmt_escape_str(e1, sizeof e1, dd));
	qsort(names, n, sizeof *names, cmp_str);
	for (i = 0; i < n; i++) {
		if (i > 0 && strcmp(names[i], names[i - 1]) == 0)
			continue;
		if (theme_find(names[i], 0, path, sizeof path) != 0)
			continue;
		fmt_escape_str(e2, sizeof e2, path);
		if ((t = theme_load_file(path, &d)) == NULL)
			fprintf(out, "%-12s (has errors: raviz --check-theme "
			    "%s)\n", names[i], e2);
		else {
			fprintf(out, "%-12s %s\n%-12s %s\n", names[i],
			    fmt_escape_str(e1, sizeof e1, t->description), "",
			    e2);
			theme_free(t);
		}
		theme_diag_free(&d);
	}
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
}
