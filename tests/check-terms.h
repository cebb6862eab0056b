/*
 * check-terms.h - the TERM values the Check tests use, with the colour
 * counts their terminfo entries report (-1: none): check_ui checks them
 * against the real terminfo database, check_theme builds on them.
 */
#ifndef RAVIZ_CHECK_TERMS_H
#define RAVIZ_CHECK_TERMS_H

static const struct {
	const char	*term;
	int		 colors;
} check_terms[] = {
	{ "xterm", 8 }, { "xterm-256color", 256 }, { "linux", 8 },
	{ "vt100", -1 },
};

#endif /* RAVIZ_CHECK_TERMS_H */
