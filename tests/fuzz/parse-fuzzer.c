/*
 * parse-fuzzer.c - libFuzzer harness for the number parsers: the input is
 * one string, fed to every parser; a crash, a sanitizer report or a value
 * that contradicts the parser's contract is a finding.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* Feed one NUL-terminated copy of the input to each parser. */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char	*why;
	char		*s;
	uint64_t	 v, w;

	if ((s = malloc(size + 1)) == NULL)
		return (0);
	memcpy(s, data, size);
	s[size] = '\0';
	v = 12345;
	if (parse_size(s, &v, &why) != 0 && (why == NULL || v != 12345))
		abort();
	v = 12345;
	if (parse_duration(s, &v, &why) != 0 && (why == NULL || v != 12345))
		abort();
	(void)parse_rate(s, &v, &why);
	if (parse_uint(s, 3, 1000, &w, &why) == 0 && (w < 3 || w > 1000))
		abort();
	free(s);
	return (0);
}
