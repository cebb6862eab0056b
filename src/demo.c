/*
 * demo.c - the demo file format: the parser, loading and queries.  Its
 * inverse (quoting, the text of items and set lines) is in demo-write.c.
 *
 * The parser walks the buffer line by line and never stops at the first
 * problem: a bad line becomes a diagnostic and is skipped, the rest is still
 * read, so that --check reports everything at once and a file with one bad
 * line in a long lesson can be fixed in one go.  Only a file of a newer major
 * version is refused outright (its syntax may mean something else).
 *
 * Scenario lines are checked by the command-line parser itself (opts.c), one
 * line at a time for a precise column and then all together for the final
 * configuration, so `set bs 1M` accepts exactly what --bs=1M accepts.
 *
 * Text is UTF-8.  A raw control byte (other than tab) or invalid UTF-8 in a
 * line is an error: the file format has escapes for those, so a raw one
 * means corruption or a hostile file.  Decoded captions may still hold any
 * byte (the escapes allow it); whoever shows them escapes them with
 * fmt_escape(), the program's one escaped form.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "demo.h"
#include "diag.h"
#include "figure.h"
#include "file.h"
#include "bounds.h"
#include "fmt.h"
#include "grow.h"
#include "opts.h"
#include "parse.h"
#include "scenario.h"
#include "utf8.h"

/* argv[0] for opts_parse(), which never writes to it. */
static char prog[] = "raviz";

/* One `set` line, kept for the final combined check. */
struct setline {
	unsigned	 line;
	char		*arg;		/* "--name=value" */
};

/* The parser's state for one file. */
struct pctx {
	struct demo	*d;
	const char	*line;		/* current line (not NUL-terminated) */
	size_t		 len;
	unsigned	 lineno;
	int		 oom;
	int		 stamped;	/* a stamped item has been seen */
	int		 have_version;
	struct setline	*sets;
	size_t		 nsets;
	size_t		 cap_sets, cap_items, cap_diags; /* grow.h */
	unsigned	*set_line;	/* per scenario_opts[]: its last
					   `set` line, or 0 */
};

static unsigned	 column(const struct pctx *, const char *);
static void	 diag(struct pctx *, enum demo_sev, const char *,
		     const char *, ...) __attribute__((format(printf, 4, 5)));
static void	 unknown(struct pctx *, const char *, const char *,
		     size_t);
static const char *skip_ws(const struct pctx *, const char *);
static const char *word_end(const struct pctx *, const char *);
static size_t	 next_word(const struct pctx *, const char *, const char **,
		     const char **);
static int	 at_end(struct pctx *, const char *, const char *);
static char	*quoted(struct pctx *, const char **);
static int	 check_bytes(struct pctx *);
static void	 parse_version(struct pctx *);
static void	 parse_set(struct pctx *, const char *);
static void	 parse_title(struct pctx *, const char *);
static void	 parse_stamped(struct pctx *, const char *);
static void	 parse_line(struct pctx *);
static void	 finish_scenario(struct pctx *);
static char	*xstrndup(struct pctx *, const char *, size_t);
static const char *raw_at(const struct pctx *, const char *, size_t);
static void	 check_figures(struct pctx *, const char *, const char *);

/* The column (in characters, from 1) of p in the current line. */
static unsigned
column(const struct pctx *p, const char *at)
{
	return (diag_column(p->line, p->len, at));
}

/* Record a diagnostic at `at` in the current line (NULL: column 1). */
static void
diag(struct pctx *p, enum demo_sev sev, const char *at, const char *fmt, ...)
{
	struct demo		*d = p->d;
	struct demo_diag	*g;
	char			 raw[512];
	va_list			 ap;
	unsigned		 col = at != NULL ? column(p, at) : 1;
	size_t			 k;
	int			 n;

	va_start(ap, fmt);
	n = vsnprintf(raw, sizeof raw, fmt, ap);
	va_end(ap);
	if (n >= (int)sizeof raw) {
		/* A long word quoted: cut between characters, say so. */
		k = sizeof raw - 4;
		while (k > 0 && ((unsigned char)raw[k] & 0xc0) == 0x80)
			k--;
		memcpy(raw + k, "...", 4);
	}
	if (grow_room((void **)&d->diags, &p->cap_diags, d->ndiags,
	    sizeof *d->diags) != 0) {
		p->oom = 1;
		return;
	}
	g = &d->diags[d->ndiags];
	g->sev = sev;
	g->line = p->lineno;
	g->col = col;
	/*
	 * Words quoted from the file are valid UTF-8 without C0 controls
	 * (check_bytes() ran first) but may hold C1 controls or bidi
	 * overrides: diag_format() makes the stored message safe to print.
	 */
	if ((g->msg = diag_format(d->name, p->lineno, col, sev == DEMO_ERROR ?
	    "error" : "warning", raw)) == NULL) {
		p->oom = 1;
		return;
	}
	d->ndiags++;
	if (sev == DEMO_ERROR)
		d->errors++;
	else
		d->warnings++;
}

/*
 * An item or option this version does not know: from a newer minor version
 * it is skipped with a warning, otherwise it is an error.
 */
static void
unknown(struct pctx *p, const char *what, const char *w, size_t n)
{
	char	names[512];

	if (p->d->minor > DEMO_MINOR)
		diag(p, DEMO_WARNING, w, "unknown %s '%.*s' (the file is "
		    "raviz-demo %u.%u, newer than this raviz's %d.%d): skipped",
		    what, (int)n, w, p->d->major, p->d->minor, DEMO_MAJOR,
		    DEMO_MINOR);
	else if (strcmp(what, "item") == 0)
		diag(p, DEMO_ERROR, w, "expected '@EVENT', 'set', 'title', "
		    "'trace' or '#', not '%.*s'", (int)n, w);
	else if (strcmp(what, "command") == 0)
		diag(p, DEMO_ERROR, w, "expected a command (play, stop, step, "
		    "back, jump, mode, ... as in the help), 'caption', 'pause' "
		    "or 'marker', not '%.*s'", (int)n, w);
	else {
		scenario_names(names, sizeof names);
		diag(p, DEMO_ERROR, w, "expected a scenario option (%s), not "
		    "'%.*s'", names, (int)n, w);
	}
}

/* Past spaces and tabs. */
static const char *
skip_ws(const struct pctx *p, const char *s)
{
	while (s < p->line + p->len && (*s == ' ' || *s == '\t'))
		s++;
	return (s);
}

/* The end of the word starting at s. */
static const char *
word_end(const struct pctx *p, const char *s)
{
	while (s < p->line + p->len && *s != ' ' && *s != '\t')
		s++;
	return (s);
}

/*
 * The next word after s (past blanks; empty at the end of the line): its
 * start in *w, its end in *end; returns its length.
 */
static size_t
next_word(const struct pctx *p, const char *s, const char **w,
    const char **end)
{
	*w = skip_ws(p, s);
	*end = word_end(p, *w);
	return ((size_t)(*end - *w));
}

/* Only blanks left after s?  Otherwise report it; what names the item. */
static int
at_end(struct pctx *p, const char *s, const char *what)
{
	s = skip_ws(p, s);
	if (s == p->line + p->len)
		return (1);
	diag(p, DEMO_ERROR, s, "expected the end of the line after %s", what);
	return (0);
}

/* A copy of n bytes, NUL-terminated. */
static char *
xstrndup(struct pctx *p, const char *s, size_t n)
{
	char	*c;

	if ((c = malloc(n + 1)) == NULL) {
		p->oom = 1;
		return (NULL);
	}
	memcpy(c, s, n);
	c[n] = '\0';
	return (c);
}

/* Value of one hex digit, or -1. */
static int
hexval(char c)
{
	if (c >= '0' && c <= '9')
		return (c - '0');
	if (c >= 'a' && c <= 'f')
		return (c - 'a' + 10);
	if (c >= 'A' && c <= 'F')
		return (c - 'A' + 10);
	return (-1);
}

/*
 * A quoted string at *sp: "..." with \\, \", \xHH and \u{H...}.  Returns the
 * decoded text (malloc'd) and moves *sp past the closing quote, or NULL
 * after reporting the problem.
 */
static char *
quoted(struct pctx *p, const char **sp)
{
	const char	*s = *sp, *end = p->line + p->len, *open = s, *esc;
	char		*out, *o;
	uint32_t	 cp;
	int		 h, k;

	if (s >= end || *s != '"') {
		diag(p, DEMO_ERROR, s, "expected a quoted text (\"...\")");
		return (NULL);
	}
	/* The decoded text is never longer than the line. */
	if ((o = out = malloc(p->len + 1)) == NULL) {
		p->oom = 1;
		return (NULL);
	}
	for (s++; s < end && *s != '"'; s++) {
		if (*s != '\\') {
			*o++ = *s;
			continue;
		}
		esc = s++;
		if (s < end && (*s == '\\' || *s == '"')) {
			*o++ = *s;
			continue;
		}
		if (s < end && *s == 'x') {
			if (s + 2 < end && hexval(s[1]) >= 0 &&
			    hexval(s[2]) >= 0) {
				h = hexval(s[1]) * 16 + hexval(s[2]);
				if (h == 0) {
					diag(p, DEMO_ERROR, esc, "\\x00 is "
					    "not allowed in text");
					goto fail;
				}
				*o++ = (char)h;
				s += 2;
				continue;
			}
			diag(p, DEMO_ERROR, esc, "expected two hex digits "
			    "after \\x");
			goto fail;
		}
		if (s < end && *s == 'u') {
			cp = 0;
			if (s + 1 >= end || s[1] != '{')
				goto badu;
			for (k = 0, s += 2; s < end && *s != '}'; s++, k++) {
				if ((h = hexval(*s)) < 0 || k >= 6)
					goto badu;
				cp = cp * 16 + (uint32_t)h;
			}
			if (s >= end || k == 0 || cp == 0 || cp > 0x10ffff ||
			    (cp >= 0xd800 && cp <= 0xdfff))
				goto badu;
			o += utf8_encode(cp, o);
			continue;
		badu:
			diag(p, DEMO_ERROR, esc, "expected \\u{HEX} with 1 to "
			    "6 hex digits naming a Unicode scalar value "
			    "other than 0");
			goto fail;
		}
		diag(p, DEMO_ERROR, esc, "expected \\\\, \\\", \\xHH or "
		    "\\u{HEX} after the backslash");
		goto fail;
	}
	if (s >= end) {
		diag(p, DEMO_ERROR, end, "expected a closing '\"' (the text "
		    "opened at column %u)", column(p, open));
		goto fail;
	}
	*o = '\0';
	*sp = s + 1;
	return (out);
fail:
	free(out);
	return (NULL);
}

/*
 * The current line holds valid UTF-8 and no control bytes but tab?
 * Otherwise report the first offender and return -1.
 */
static int
check_bytes(struct pctx *p)
{
	const unsigned char	*s = (const unsigned char *)p->line;
	size_t			 i = 0;
	uint32_t		 cp;
	int			 n;

	while (i < p->len) {
		if (s[i] == '\t') {
			i++;
			continue;
		}
		if (s[i] < 0x20 || s[i] == 0x7f) {
			diag(p, DEMO_ERROR, p->line + i, "control byte 0x%02x "
			    "in the file (write it as \\x%02x inside quotes)",
			    s[i], s[i]);
			return (-1);
		}
		if ((n = (int)utf8_decode((const char *)s + i, p->len - i,
		    &cp)) == 0) {
			diag(p, DEMO_ERROR, p->line + i, "invalid UTF-8 "
			    "(byte 0x%02x); demo files are UTF-8 text", s[i]);
			return (-1);
		}
		i += (size_t)n;
	}
	return (0);
}

/* Line 1: "raviz-demo MAJOR[.MINOR]". */
static void
parse_version(struct pctx *p)
{
	static const char	 tag[] = "raviz-demo";
	const char		*s = p->line, *e, *num, *why;
	uint64_t		 major, minor = 0;
	char			 buf[32];
	const char		*dot;
	size_t			 n;

	if (p->len < sizeof tag - 1 || memcmp(s, tag, sizeof tag - 1) != 0 ||
	    (p->len > sizeof tag - 1 && s[sizeof tag - 1] != ' ' &&
	    s[sizeof tag - 1] != '\t')) {
		diag(p, DEMO_ERROR, s, "expected 'raviz-demo %d' on the first "
		    "line (is this a raviz demo file?)", DEMO_MAJOR);
		p->d->major = DEMO_MAJOR;
		return;
	}
	n = next_word(p, s + sizeof tag - 1, &num, &e);
	if (n == 0 || n >= sizeof buf) {
		diag(p, DEMO_ERROR, num, "expected a version number after "
		    "'raviz-demo' (like 'raviz-demo %d')", DEMO_MAJOR);
		p->d->major = DEMO_MAJOR;
		return;
	}
	memcpy(buf, num, n);
	buf[n] = '\0';
	if ((dot = strchr(buf, '.')) != NULL)
		buf[dot - buf] = '\0';
	if (parse_uint(buf, 1, 1000000, &major, &why) != 0 ||
	    (dot != NULL && parse_uint(dot + 1, 0, 1000000, &minor,
	    &why) != 0)) {
		diag(p, DEMO_ERROR, num, "expected a version number like "
		    "'%d' or '%d.%d' after 'raviz-demo'", DEMO_MAJOR,
		    DEMO_MAJOR, DEMO_MINOR);
		p->d->major = DEMO_MAJOR;
		return;
	}
	p->d->major = (unsigned)major;
	p->d->minor = (unsigned)minor;
	p->have_version = 1;
	if (major > DEMO_MAJOR) {
		diag(p, DEMO_ERROR, num, "this file is raviz-demo version "
		    "%u, made by a newer raviz; this raviz %s reads version "
		    "%d only: upgrade raviz to play it", (unsigned)major,
		    PACKAGE_VERSION, DEMO_MAJOR);
		p->d->refused = 1;
		return;
	}
	if (minor > DEMO_MINOR)
		diag(p, DEMO_WARNING, num, "this file is raviz-demo %u.%u, "
		    "newer than this raviz's %d.%d: items it does not know "
		    "will be skipped", (unsigned)major, (unsigned)minor,
		    DEMO_MAJOR, DEMO_MINOR);
	at_end(p, e, "the version");
}

/* "set NAME VALUE": one scenario option, checked by opts.c. */
static void
parse_set(struct pctx *p, const char *s)
{
	struct opts	 o;
	const char	*name, *ne, *val, *ve, *msg;
	char		*argv[2], *arg;
	const struct scenario_opt *sco;
	size_t		 nlen, known;

	nlen = next_word(p, s, &name, &ne);
	if (nlen == 0) {
		diag(p, DEMO_ERROR, name, "expected a scenario option name "
		    "after 'set' (like 'set bs 1M')");
		return;
	}
	if ((sco = scenario_find(name, nlen)) == NULL) {
		unknown(p, "scenario option", name, nlen);
		return;
	}
	known = (size_t)(sco - scenario_opts);
	if (next_word(p, ne, &val, &ve) == 0) {
		diag(p, DEMO_ERROR, val, "expected a value after 'set %.*s'",
		    (int)nlen, name);
		return;
	}
	if (!at_end(p, ve, "the value"))
		return;
	if (p->stamped) {
		diag(p, DEMO_ERROR, p->line, "'set' lines belong to the "
		    "scenario block, before the first '@EVENT' item");
		return;
	}
	/* "--" name "=" value */
	if ((arg = malloc(nlen + (size_t)(ve - val) + 4)) == NULL) {
		p->oom = 1;
		return;
	}
	snprintf(arg, nlen + (size_t)(ve - val) + 4, "--%.*s=%.*s",
	    (int)nlen, name, (int)(ve - val), val);
	argv[0] = prog;
	argv[1] = arg;
	if (opts_parse(&o, 2, argv) != 0) {
		/* "--name: why" -> "why" */
		msg = o.err;
		if (strncmp(msg, arg, nlen + 2) == 0 && msg[nlen + 2] == ':')
			msg += nlen + 4;
		diag(p, DEMO_ERROR, val, "set %.*s: %s", (int)nlen, name, msg);
		free(arg);
		return;
	}
	/* One warning per repeat, naming the line before: linear. */
	if (p->set_line[known] != 0)
		diag(p, DEMO_WARNING, name, "'%.*s' was already set on line "
		    "%u; this line counts", (int)nlen, name,
		    p->set_line[known]);
	p->set_line[known] = p->lineno;
	if (grow_room((void **)&p->sets, &p->cap_sets, p->nsets,
	    sizeof *p->sets) != 0) {
		free(arg);
		p->oom = 1;
		return;
	}
	p->sets[p->nsets].line = p->lineno;
	p->sets[p->nsets].arg = arg;
	p->nsets++;
}

/* Does caption text t hold a {placeholder} ("{{" is a brace)? */
static int
has_figure(const char *t)
{
	for (; *t != '\0'; t++) {
		if (t[0] == '{' && t[1] == '{')
			t++;
		else if (t[0] == '{')
			return (1);
	}
	return (0);
}

/*
 * The quoted string that ends the line after *s (malloc'd), *s moved to
 * its opening quote and *end (unless NULL) past its closing one; NULL
 * after a diagnostic (what: the string, in "after the title").
 */
static char *
quoted_rest(struct pctx *p, const char **s, const char **end,
    const char *what)
{
	const char	*e;
	char		*t;

	*s = e = skip_ws(p, *s);
	if ((t = quoted(p, &e)) == NULL)
		return (NULL);
	if (!at_end(p, e, what)) {
		free(t);
		return (NULL);
	}
	if (end != NULL)
		*end = e;
	return (t);
}

/* 'title "..."'. */
static void
parse_title(struct pctx *p, const char *s)
{
	char	*t;

	if ((t = quoted_rest(p, &s, NULL, "the title")) == NULL)
		return;
	if (p->stamped) {
		diag(p, DEMO_ERROR, p->line, "the title belongs before the "
		    "first '@EVENT' item");
		free(t);
		return;
	}
	if (p->d->title != NULL) {
		diag(p, DEMO_ERROR, p->line, "a second title (one per file)");
		free(t);
		return;
	}
	p->d->title = t;
}

/* 'trace "NAME"': the lesson's run is an installed kernel capture. */
static void
parse_trace(struct pctx *p, const char *s)
{
	char	*t;

	if ((t = quoted_rest(p, &s, NULL, "the capture's name")) == NULL)
		return;
	if (p->stamped || p->d->trace != NULL || t[0] == '\0' ||
	    t[0] == '.' || strchr(t, '/') != NULL) {
		diag(p, DEMO_ERROR, p->line, "%s", p->stamped ? "the trace "
		    "belongs before the first '@EVENT' item" : p->d->trace ?
		    "a second trace (one per file)" : "expected the name of "
		    "an installed capture (no '/', no leading '.')");
		free(t);
		return;
	}
	p->d->trace = t;
}

/* Is n bytes at w the demo-file name of a command?  Its kind, or CMD_NONE. */
static enum cmd_kind
cmd_word(const char *w, size_t n)
{
	const char	*name;
	int		 k;

	for (k = CMD_NONE + 1; k < CMD_COUNT; k++) {
		name = demo_cmd_name((enum cmd_kind)k);
		if (name != NULL && strlen(name) == n &&
		    memcmp(name, w, n) == 0)
			return ((enum cmd_kind)k);
	}
	return (CMD_NONE);
}

/*
 * Where in the file the byte at offset off of a quoted text's decoded form
 * comes from: q is its opening quote.  Decodes escapes as quoted() does
 * (the text is known to be valid).
 */
static const char *
raw_at(const struct pctx *p, const char *q, size_t off)
{
	const char	*s = q + 1, *end = p->line + p->len;
	size_t		 got = 0;
	uint32_t	 cp;

	while (s < end && *s != '"' && got < off) {
		if (*s != '\\') {
			s++;
			got++;
		} else if (s[1] == 'x') {
			s += 4;
			got++;
		} else if (s[1] == 'u') {
			for (cp = 0, s += 3; s < end && *s != '}'; s++)
				cp = cp * 16 + (uint32_t)hexval(*s);
			s++;
			got += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ?
			    3 : 4;
		} else {
			s += 2;
			got++;
		}
	}
	return (s);
}

/*
 * The placeholders of the caption text t (decoded from the quoted text
 * opening at q) name known figures, and their alternative runs are valid
 * with the scenario read so far (figure.h).
 */
static void
check_figures(struct pctx *p, const char *q, const char *t)
{
	char	**base, why[768];
	size_t	  i, off;

	if ((base = calloc(p->nsets + 1, sizeof *base)) == NULL) {
		p->oom = 1;
		return;
	}
	for (i = 0; i < p->nsets; i++)
		base[i] = p->sets[i].arg;
	if (figure_check(t, base, p->nsets, &off, why, sizeof why) != 0)
		diag(p, DEMO_ERROR, raw_at(p, q, off), "caption: %s", why);
	free(base);
}

/* "@EVENT +DELAY ITEM...". */
static void
parse_stamped(struct pctx *p, const char *s)
{
	struct demo_item	 it;
	const char		*w, *we, *why, *end = p->line + p->len, *q;
	char			 buf[64], *text;
	enum cmd_kind		 k;
	size_t			 n;

	memset(&it, 0, sizeof it);
	it.line = p->lineno;
	p->stamped = 1;

	/* @EVENT */
	w = s + 1;
	we = word_end(p, w);
	n = (size_t)(we - w);
	if (n == 0 || n >= sizeof buf) {
		diag(p, DEMO_ERROR, w, "expected an event number after '@'");
		return;
	}
	memcpy(buf, w, n);
	buf[n] = '\0';
	if (parse_uint(buf, 0, UINT64_MAX, &it.event, &why) != 0) {
		diag(p, DEMO_ERROR, w, "expected an event number after '@' "
		    "(%s)", why);
		return;
	}

	/* +DELAY */
	n = next_word(p, we, &w, &we);
	if (n < 2 || *w != '+' || n >= sizeof buf) {
		diag(p, DEMO_ERROR, w, "expected a delay after the event "
		    "number, like '+850ms'");
		return;
	}
	memcpy(buf, w + 1, n - 1);
	buf[n - 1] = '\0';
	if (parse_duration(buf, &it.delay_ns, &why) != 0) {
		diag(p, DEMO_ERROR, w + 1, "expected a delay like '+850ms' "
		    "(%s)", why);
		return;
	}

	/* The item. */
	n = next_word(p, we, &w, &we);
	if (n == 0) {
		diag(p, DEMO_ERROR, w, "expected a command, 'caption', "
		    "'pause' or 'marker' after the delay");
		return;
	}
	if (n == 7 && memcmp(w, "caption", 7) == 0) {
		it.kind = DEMO_CAPTION;
		q = we;
		if ((it.text = quoted_rest(p, &q, &w, "the caption")) == NULL)
			return;
		check_figures(p, q, it.text);
		if (p->d->trace != NULL && has_figure(it.text))
			diag(p, DEMO_ERROR, q, "a lesson over a kernel "
			    "trace has no engine to fill {placeholders}");
		if (figure_width(it.text) > DEMO_CAPTION_COLS)
			diag(p, DEMO_WARNING, w, "caption of %zu columns "
			    "(figures at their widest): on an 80-column "
			    "screen only %d fit with the replay's prompt",
			    figure_width(it.text), DEMO_CAPTION_COLS);
	} else if (n == 5 && memcmp(w, "pause", 5) == 0) {
		it.kind = DEMO_PAUSE;
		if (!at_end(p, we, "'pause'"))
			return;
	} else if (n == 6 && memcmp(w, "marker", 6) == 0) {
		it.kind = DEMO_MARKER;
		n = next_word(p, we, &w, &we);
		if (n == 0 || n > DEMO_NAME_MAX ||
		    strspn(w, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnop"
		    "qrstuvwxyz0123456789_.-") < n) {
			diag(p, DEMO_ERROR, w, "expected a marker name: 1 to "
			    "%d letters, digits, '_', '.' or '-'",
			    DEMO_NAME_MAX);
			return;
		}
		if (!at_end(p, we, "the marker name"))
			return;
		if ((it.text = xstrndup(p, w, n)) == NULL)
			return;
	} else if ((k = cmd_word(w, n)) != CMD_NONE) {
		it.kind = DEMO_CMD;
		/* The text after the name, trimmed, in cmd.c's syntax. */
		while (end > we && (end[-1] == ' ' || end[-1] == '\t'))
			end--;
		if ((text = xstrndup(p, w, (size_t)(end - w))) == NULL)
			return;
		if (k == CMD_PAUSE) {
			/* "stop": demo files spell CMD_PAUSE differently. */
			it.cmd.kind = CMD_PAUSE;
			it.cmd.arg = 0;
			if (!at_end(p, we, "'stop'")) {
				free(text);
				return;
			}
		} else if (cmd_parse(text, &it.cmd, &why) != 0) {
			diag(p, DEMO_ERROR, skip_ws(p, we) < end ?
			    skip_ws(p, we) : w, "%s: %s", demo_cmd_name(k),
			    why);
			free(text);
			return;
		}
		free(text);
	} else {
		unknown(p, "command", w, n);
		return;
	}
	if (grow_room((void **)&p->d->items, &p->cap_items, p->d->nitems,
	    sizeof *p->d->items) != 0) {
		free(it.text);
		p->oom = 1;
		return;
	}
	p->d->items[p->d->nitems++] = it;
}

/* One line (without its newline; a trailing CR is already gone). */
static void
parse_line(struct pctx *p)
{
	const char	*s, *w;
	size_t		 n;

	if (check_bytes(p) != 0)
		return;
	if (p->lineno == 1) {
		/* Line 1 is the version, whatever else it looks like. */
		parse_version(p);
		return;
	}
	s = skip_ws(p, p->line);
	if (s == p->line + p->len || *s == '#')
		return;
	if (*s == '@') {
		parse_stamped(p, s);
		return;
	}
	w = s;
	s = word_end(p, w);
	n = (size_t)(s - w);
	if (n == 3 && memcmp(w, "set", 3) == 0)
		parse_set(p, s);
	else if (n == 5 && memcmp(w, "title", 5) == 0)
		parse_title(p, s);
	else if (n == 5 && memcmp(w, "trace", 5) == 0)
		parse_trace(p, s);
	else
		unknown(p, "item", w, n);
}

/* All `set` lines together: the final configuration. */
static void
finish_scenario(struct pctx *p)
{
	struct opts	 o;
	char		**argv;
	size_t		 i;
	unsigned	 line = 1;

	if ((argv = calloc(p->nsets + 2, sizeof *argv)) == NULL) {
		p->oom = 1;
		return;
	}
	argv[0] = prog;
	for (i = 0; i < p->nsets; i++)
		argv[i + 1] = p->sets[i].arg;
	if (opts_parse(&o, (int)p->nsets + 1, argv) == 0)
		p->d->cfg = o.cfg;
	else {
		/* Name the line of the option the message starts with. */
		for (i = 0; i < p->nsets; i++)
			if (strncmp(o.err, p->sets[i].arg,
			    strcspn(p->sets[i].arg, "=")) == 0)
				line = p->sets[i].line;
		p->lineno = line;
		p->line = "";
		p->len = 0;
		diag(p, DEMO_ERROR, NULL, "scenario: %s", o.err);
		sim_config_default(&p->d->cfg);
	}
	free(argv);
}

/* Parse a whole file. */
int
demo_parse(struct demo *d, const char *name, const char *buf, size_t len)
{
	struct pctx	 p;
	const char	*s = buf, *end = buf + len, *nl;
	size_t		 i;

	memset(d, 0, sizeof *d);
	memset(&p, 0, sizeof p);
	p.d = d;
	sim_config_default(&d->cfg);
	if ((d->name = strdup(name)) == NULL)
		return (-1);
	if ((p.set_line = calloc(scenario_nopts, sizeof *p.set_line)) == NULL)
		p.oom = 1;
	d->major = DEMO_MAJOR;
	if (len == 0) {
		p.lineno = 1;
		diag(&p, DEMO_ERROR, NULL, "empty file: expected "
		    "'raviz-demo %d' on the first line", DEMO_MAJOR);
	}
	while (s < end && !d->refused && !p.oom) {
		nl = memchr(s, '\n', (size_t)(end - s));
		p.lineno++;
		p.line = s;
		p.len = (size_t)((nl != NULL ? nl : end) - s);
		if (nl == NULL) {
			/*
			 * No newline: the writer always ends a line with one,
			 * so the file was cut short (a killed or failed
			 * write).  The partial line may parse but mean
			 * something else ("+85" of "+850ms"): drop it.
			 */
			d->truncated = 1;
			diag(&p, DEMO_ERROR, s + p.len, "truncated line: no "
			    "newline at the end of the file (cut short?); "
			    "this line is ignored, the rest still plays");
			break;
		}
		if (p.len > 0 && s[p.len - 1] == '\r')
			p.len--;
		parse_line(&p);
		s = nl + 1;
	}
	if (!d->refused && !p.oom)
		finish_scenario(&p);
	/* The scenario's options stay with d, for the captions' figures. */
	if ((d->sets = calloc(p.nsets + 1, sizeof *d->sets)) == NULL)
		p.oom = 1;
	for (i = 0; i < p.nsets; i++) {
		if (d->sets != NULL)
			d->sets[d->nsets++] = p.sets[i].arg;
		else
			free(p.sets[i].arg);
	}
	free(p.sets);
	free(p.set_line);
	return (p.oom ? -1 : (int)d->errors);
}

/*
 * Start d over as a demo of path holding one error about the file as a
 * whole (no line of it was read): "FILE: error: WHY", the name escaped.
 * Returns 1, or -1 when memory is short.
 */
static int
load_error(struct demo *d, const char *path, const char *why)
{
	char	name[1024];
	int	n;

	memset(d, 0, sizeof *d);
	sim_config_default(&d->cfg);
	if ((d->name = strdup(path)) == NULL ||
	    (d->diags = calloc(1, sizeof *d->diags)) == NULL)
		return (-1);
	fmt_escape_str(name, sizeof name, path);
	n = snprintf(NULL, 0, "%s: error: %s", name, why);
	if ((d->diags[0].msg = malloc((size_t)n + 1)) == NULL)
		return (-1);
	snprintf(d->diags[0].msg, (size_t)n + 1, "%s: error: %s", name, why);
	d->diags[0].sev = DEMO_ERROR;
	d->ndiags = d->errors = 1;
	return (1);
}

/* Read and parse a demo file. */
int
demo_load(struct demo *d, const char *path)
{
	char		*buf, why[256], lim[160];
	const char	*what;
	size_t		 len;
	int		 rc;

	/* A FIFO or a device is refused without blocking on it (file.h). */
	rc = file_read(path, bounds_get(BOUND_DEMO_BYTES), &buf, &len, &what);
	if (rc == -2) {
		snprintf(why, sizeof why, "%s: not a demo file?",
		    bounds_say(lim, sizeof lim, BOUND_DEMO_BYTES));
		return (load_error(d, path, why));
	}
	if (rc != 0) {
		snprintf(why, sizeof why, "cannot read: %s", what);
		return (load_error(d, path, why));
	}
	rc = demo_parse(d, path, buf, len);
	free(buf);
	return (rc);
}

/* Free everything d holds. */
void
demo_free(struct demo *d)
{
	size_t	i;

	if (d == NULL)
		return;
	for (i = 0; i < d->nitems; i++)
		free(d->items[i].text);
	free(d->items);
	for (i = 0; i < d->ndiags; i++)
		free(d->diags[i].msg);
	free(d->diags);
	for (i = 0; i < d->nsets; i++)
		free(d->sets[i]);
	free(d->sets);
	free(d->title);
	free(d->trace);
	free(d->name);
	memset(d, 0, sizeof *d);
}

/* No errors but a truncated last line. */
int
demo_replayable(const struct demo *d)
{
	return (!d->refused && d->errors == (d->truncated ? 1u : 0u));
}

/* First marker item of that name. */
long
demo_find_marker(const struct demo *d, const char *name)
{
	size_t	i;

	for (i = 0; i < d->nitems; i++)
		if (d->items[i].kind == DEMO_MARKER &&
		    strcmp(d->items[i].text, name) == 0)
			return ((long)i);
	return (-1);
}

/* Demo-file spelling of a command. */
const char *
demo_cmd_name(enum cmd_kind k)
{
	/*
	 * "pause" is the teaching item (wait for a key), so the command that
	 * stops playing is written "stop".
	 */
	if (k == CMD_PAUSE)
		return ("stop");
	if (k <= CMD_NONE || k >= CMD_COUNT)
		return (NULL);
	return (cmd_name(k));
}
