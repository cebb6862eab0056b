#!/bin/sh
# purity.sh - the engine stays a pure, deterministic library: its files
# include no stdio, curses or libev, and use no floating point, clock or
# unseeded randomness (TAP).
. "${srcdir:-.}/tests/tap.sh"
for f in "$srcdir"/src/engine/*.c "$srcdir"/src/engine/*.h; do
	b=$(basename "$f")
	bad=$(grep -E '^#[[:space:]]*include' "$f" |
	    grep -vE '<(stdlib|string|stddef|stdint)\.h>|"(config|sim|sim-int)\.h"')
	[ -z "$bad" ]; ok $? "$b includes only the C library basics and the engine ($bad)"
	# Strip comments and strings before looking for forbidden words.
	code=$(sed -e 's://.*$::' -e 's:/\*.*\*/::g' -e 's:"[^"]*"::g' "$f" |
	    awk '/\/\*/ {c=1} !c {print} /\*\// {c=0}')
	hits=$(printf '%s\n' "$code" | grep -nwE 'float|double|printf|fprintf|FILE|time|clock_gettime|gettimeofday|rand|random|srand' | head -n 3)
	[ -z "$hits" ]; ok $? "$b: no floating point, stdio, clock or randomness ($hits)"
done
tap_done
