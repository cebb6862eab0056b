/*
 * fmt.h - decimal formatting of ratios with integer arithmetic, so that
 * headless output is the same on every machine (no printf("%f")).
 */
#ifndef RAVIZ_FMT_H
#define RAVIZ_FMT_H

#include <stddef.h>
#include <stdint.h>

/* num/den with `decimals` places, rounded half up, into buf. */
char	*fmt_ratio(char *buf, size_t len, uint64_t num, uint64_t den,
	     unsigned decimals);
/* A duration in ns as a short human string: "850ns", "60us", "4.00ms". */
char	*fmt_time(char *buf, size_t len, uint64_t ns);
/* A byte count as "128 KiB", "1 MiB", "4 KiB", or plain bytes. */
char	*fmt_bytes(char *buf, size_t len, uint64_t bytes);

/* A byte count as the command line spells it: "4k", "1M", "64M", "1.5G". */
char	*fmt_size(char *buf, size_t len, uint64_t bytes);

#endif /* RAVIZ_FMT_H */
