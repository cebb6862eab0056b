#!/bin/sh
# layers.sh - the three layers of the tree stay apart (TAP):
#   src/engine/  includes only C library headers (no stdio) and the engine's
#                own, and keeps no state in static variables;
#   src/         the core: no curses, term.h or libev, no ui/ header and
#                none of the engine's internals (engine/sim.h only);
#   src/ui/      the terminal layer: anything.
# No source file grows past 1,000 lines (a file doing several jobs).
# And the screen is drawn from the pipeline state alone: the renderer, the
# narration and the view (render*, narrate*, view*) reach no engine header,
# not even through another header they include.
# The check runs on the tree, then on scratch copies with one bad line
# each, so that a check that cannot fail would show here.
. "${srcdir:-.}/tests/tap.sh"

# layers_check ROOT: one line "FILE: why" per crossing under ROOT/src.
layers_check() {
	root=$1
	for f in "$root"/src/engine/*.c "$root"/src/engine/*.h; do
		b=engine/$(basename "$f")
		grep -E '^[[:space:]]*#[[:space:]]*include' "$f" |
		    grep -vE '<(assert|ctype|errno|inttypes|limits|stdbool|stddef|stdint|stdlib|string)\.h>|"(config|sim[a-z-]*|engine/sim[a-z-]*)\.h"' |
		    sed "s|^|$b: includes outside the C library and the engine: |"
		# A static object that is not const: state outside struct sim.
		# Statements starting with "static" are joined up to their ';',
		# '{' or '('; a '(' first means a function.
		awk -v b="$b" '
		/^[[:space:]]*static[[:space:]]/ { st = ""; c = 1; n = FNR }
		c { st = st " " $0
		    if (st ~ /[;{(=]/) {
			c = 0
			head = st; sub(/[;{(=].*/, "", head)
			rest = substr(st, length(head) + 1)
			if (rest !~ /^\(/ && head !~ /(^|[^a-z_])const([^a-z_]|$)/)
				print b ":" n ": static state:" head
		    } }' "$f"
	done
	for f in "$root"/src/*.c "$root"/src/*.h; do
		b=$(basename "$f")
		[ "$b" = main.c ] && continue	# the program: every layer
		grep -E '^[[:space:]]*#[[:space:]]*include' "$f" |
		    grep -E '<(n?curses|ncursesw/[a-z]*|term|ev|panel|menu|form)\.h>|"ui/|"engine/sim-int\.h"|"(loop|keys|probe|render-curses|sim|sim-int)\.h"' |
		    sed "s|^|$b: the core includes a terminal, ui/ or engine-internal header: |"
	done
	for f in "$root"/src/*.c "$root"/src/engine/*.c "$root"/src/ui/*.c; do
		n=$(wc -l <"$f")
		[ "$n" -le 1000 ] ||
		    echo "${f#"$root"/src/}: $n lines, over 1000: split it"
	done
	for f in "$root"/src/render*.[ch] "$root"/src/narrate.[ch] \
	    "$root"/src/view.[ch]; do
		b=$(basename "$f")
		engine_reach "$root/src" "$f" |
		    sed "s|^|$b: the screen reaches the engine: |"
	done
}

# engine_reach DIR FILE: the first chain of quoted includes from FILE
# (followed through DIR's headers) that ends in an engine header.
engine_reach() {
	dir=$1 todo=$2 seen=" "
	while [ -n "$todo" ]; do
		set -- $todo
		cur=$1
		shift
		todo=$*
		for h in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$cur"); do
			case $h in
			engine/*|sim.h|sim-*.h)
				echo "$(basename "$cur") includes $h"
				return ;;
			esac
			case $seen in *" $h "*) continue ;; esac
			seen="$seen$h "
			[ -f "$dir/$h" ] && todo="$todo $dir/$h"
		done
	done
}

out=$(layers_check "$srcdir")
[ -z "$out" ]; ok $? "no include crosses a layer, no static state in the engine, no file over 1000 lines"
[ -z "$out" ] || diag "$out"

# Each bad line, in a scratch copy, must be reported.
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
# mutate NAME FILE LINE PATTERN: copy src/, add LINE to FILE, expect PATTERN.
mutate() {
	rm -rf "$tmp/src" && cp -R "$srcdir/src" "$tmp/src" &&
	    chmod -R u+w "$tmp/src" || return 1
	printf '%s\n' "$3" >>"$tmp/src/$2"
	got=$(layers_check "$tmp")
	printf '%s\n' "$got" | grep -q "$4"
	ok $? "the check fails on $1 ($2)"
	printf '%s\n' "$got" | grep -q "$4" || diag "got: $got"
}
mutate "curses in the core" cmd.c '#include <curses.h>' '^cmd.c: the core'
mutate "libev in a core header" opts.h '#include <ev.h>' '^opts.h: the core'
mutate "term.h in the core" caps.c '#include <term.h>' '^caps.c: the core'
mutate "a ui/ header in the core" render.c '#include "ui/loop.h"' \
    '^render.c: the core'
mutate "the engine's internals in the core" app.c \
    '#include "engine/sim-int.h"' '^app.c: the core'
mutate "stdio in the engine" engine/sim-vec.c '#include <stdio.h>' \
    '^engine/sim-vec.c: includes'
mutate "curses in the engine" engine/sim.h '#include <curses.h>' \
    '^engine/sim.h: includes'
mutate "a core header in the engine" engine/sim.c '#include "fmt.h"' \
    '^engine/sim.c: includes'
mutate "the engine in the renderer" render-lanes.c \
    '#include "engine/sim.h"' '^render-lanes.c: the screen reaches the engine'
mutate "the engine behind a header the narration includes" fmt.h \
    '#include "engine/sim.h"' '^narrate.c: the screen reaches the engine'
mutate "a file over 1000 lines" ui/loop.c "$(yes '/* x */' | head -n 1000)" \
    '^ui/loop.c: [0-9]* lines, over 1000'
mutate "a static variable in the engine" engine/sim-vec.c \
    'static int calls;' '^engine/sim-vec.c:[0-9]*: static state'
mutate "a static array in the engine" engine/sim.c \
    'static struct sim_event scratch[4] = { 0 };' \
    '^engine/sim.c:[0-9]*: static state'
# ... and what is allowed stays allowed.
rm -rf "$tmp/src" && cp -R "$srcdir/src" "$tmp/src" && chmod -R u+w "$tmp/src"
# (keys.c, a short file: loop.c is near the length bound this also checks.)
printf '%s\n' '#include <curses.h>' '#include <ev.h>' \
    >>"$tmp/src/ui/keys.c"
printf '%s\n' 'static const int table[] = { 1 };' \
    'static int helper(void);' >>"$tmp/src/engine/sim-vec.c"
out=$(layers_check "$tmp")
[ -z "$out" ]; ok $? "the terminal layer may include curses; const tables and static functions are fine"
[ -z "$out" ] || diag "$out"
tap_done
