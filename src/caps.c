/*
 * caps.c - the terminal capability decision.
 *
 * Kept apart from curses so that the decision table can be tested without
 * a terminal: the inputs are plain values, the result a small struct.  The
 * impure helper only gathers inputs: caps_input_env() reads the environment
 * and the locale's codeset; the terminfo entry is read by ui/probe.c.
 */
#include "config.h"

#include <langinfo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "caps.h"

static const char *depth_names[] = {
	"mono", "8", "16", "256", "truecolor"
};

/* Name of a depth. */
const char *
caps_depth_name(enum caps_depth d)
{
	if ((unsigned)d >= sizeof depth_names / sizeof depth_names[0])
		return ("?");
	return (depth_names[d]);
}

/* Parse a depth word. */
int
caps_depth_parse(const char *s, enum caps_depth *out)
{
	unsigned	i;

	for (i = 0; i < sizeof depth_names / sizeof depth_names[0]; i++) {
		if (strcmp(s, depth_names[i]) == 0) {
			*out = (enum caps_depth)i;
			return (0);
		}
	}
	if (strcmp(s, "truecolour") == 0 || strcmp(s, "24bit") == 0) {
		*out = CAPS_TRUE;
		return (0);
	}
	if (strcmp(s, "monochrome") == 0 || strcmp(s, "2") == 0) {
		*out = CAPS_MONO;
		return (0);
	}
	return (-1);
}

/* Does TERM start with prefix, followed by its end or a '-'? */
static int
term_is(const char *term, const char *prefix)
{
	size_t	n = strlen(prefix);

	return (strncmp(term, prefix, n) == 0 &&
	    (term[n] == '\0' || term[n] == '-'));
}

/* The decision; see caps.h for the table. */
int
caps_decide(const struct caps_input *in, struct caps *out, char *err,
    size_t errlen)
{
	const char	*term = in->term, *ct = in->colorterm;

	memset(out, 0, sizeof *out);
	if (term == NULL || *term == '\0') {
		snprintf(err, errlen, "TERM is not set, so raviz cannot draw "
		    "its screen; set TERM, or use --headless for text output");
		return (-1);
	}
	if (strcmp(term, "dumb") == 0) {
		snprintf(err, errlen, "TERM=dumb cannot position the cursor, "
		    "so raviz cannot draw its screen; use --headless for "
		    "text output (summary, --trace, --frames)");
		return (-1);
	}

	if (in->opt_no_color || (in->no_color != NULL &&
	    *in->no_color != '\0'))
		out->depth = CAPS_MONO;
	else if (in->colors >= (1 << 24)) {
		out->depth = CAPS_TRUE;
		out->direct = 1;
	} else if (ct != NULL && (strcmp(ct, "truecolor") == 0 ||
	    strcmp(ct, "24bit") == 0) && in->colors >= 256 &&
	    in->can_redefine)
		out->depth = CAPS_TRUE;
	else if (in->colors >= 256)
		out->depth = CAPS_256;
	else if (in->colors >= 16)
		out->depth = CAPS_16;
	else if (in->colors >= 8)
		out->depth = CAPS_8;
	else
		out->depth = CAPS_MONO;

	/*
	 * A vt100 (or vt220) shows no Unicode whatever the locale says; the
	 * Linux console's default font lacks several of our glyphs.
	 */
	out->utf8 = in->utf8_locale && !in->opt_ascii &&
	    !term_is(term, "vt100") && !term_is(term, "vt102") &&
	    !term_is(term, "vt220") && !term_is(term, "vt52") &&
	    !term_is(term, "linux");
	return (0);
}

/* Environment and locale inputs. */
void
caps_input_env(struct caps_input *in)
{
	const char	*cs;

	in->term = getenv("TERM");
	in->colorterm = getenv("COLORTERM");
	in->no_color = getenv("NO_COLOR");
	cs = nl_langinfo(CODESET);
	in->utf8_locale = cs != NULL && (strcmp(cs, "UTF-8") == 0 ||
	    strcmp(cs, "utf8") == 0 || strcmp(cs, "utf-8") == 0);
}

/*
 * No terminal to ask (a headless cast): the colour count from the names.
 * A cast is played elsewhere, so an unset or dumb TERM (CI, a pipe) means
 * the player's own terminal, xterm-256color as asciinema records it.
 */
void
caps_headless(struct caps_input *in)
{
	const char	*term = in->term, *ct = in->colorterm;

	if (term == NULL || *term == '\0' || strcmp(term, "dumb") == 0)
		in->term = term = "xterm-256color";
	in->can_redefine = 0;
	if ((ct != NULL && (strcmp(ct, "truecolor") == 0 ||
	    strcmp(ct, "24bit") == 0)) || strstr(term, "direct") != NULL)
		in->colors = 1 << 24;
	else if (strstr(term, "256color") != NULL)
		in->colors = 256;
	else if (strstr(term, "16color") != NULL)
		in->colors = 16;
	else if (term_is(term, "vt100") || term_is(term, "vt102") ||
	    term_is(term, "vt220") || term_is(term, "vt52"))
		in->colors = -1;
	else
		in->colors = 8;
}
