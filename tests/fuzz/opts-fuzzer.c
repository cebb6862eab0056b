/*
 * opts-fuzzer.c - libFuzzer harness for the command line: the input is
 * split at newlines into argv and parsed; on success the configuration must
 * satisfy the engine's own check, on failure an error text must be set
 * that holds no control character or invalid UTF-8 (values are escaped).
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fmt.h"
#include "opts.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* Parse one fuzzed command line. */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct opts	 o;
	char		*buf, *argv[64];
	int		 argc = 1;
	size_t		 i;

	if ((buf = malloc(size + 1)) == NULL)
		return (0);
	memcpy(buf, data, size);
	buf[size] = '\0';
	argv[0] = (char *)"raviz";
	argv[argc++] = buf;
	for (i = 0; i < size && argc < 63; i++) {
		if (buf[i] == '\n') {
			buf[i] = '\0';
			argv[argc++] = buf + i + 1;
		}
	}
	argv[argc] = NULL;
	if (opts_parse(&o, argc, argv) == 0) {
		if (o.action == OPTS_RUN && sim_config_check(&o.cfg) != NULL)
			abort();
	} else {
		size_t	k, n = strlen(o.err);

		if (n == 0)
			abort();
		/* The user's text is escaped: printable UTF-8 only. */
		for (i = 0; i < n; i += k)
			if ((k = fmt_char(o.err + i, n - i)) == 0)
				abort();
	}
	free(buf);
	return (0);
}
