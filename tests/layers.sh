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
# Each kind of check is one grep or awk over all the files it reads.
layers_check() {
	root=$1
	grep -H -E '^[[:space:]]*#[[:space:]]*include' "$root"/src/engine/*.c \
	    "$root"/src/engine/*.h |
	    grep -vE ':[[:space:]]*#[[:space:]]*include[[:space:]]*(<(assert|ctype|errno|inttypes|limits|stdbool|stddef|stdint|stdlib|string)\.h>|"(config|sim[a-z-]*|engine/sim[a-z-]*)\.h")' |
	    sed 's|^.*/src/\(engine/[^/:]*\):|\1: includes outside the C library and the engine: |'
	# A static object that is not const: state outside struct sim.
	# Statements starting with "static" are joined up to their ';',
	# '{' or '('; a '(' first means a function.
	awk '
	/^[[:space:]]*static[[:space:]]/ { st = ""; c = 1; n = FNR }
	c { st = st " " $0
	    if (st ~ /[;{(=]/) {
		c = 0
		head = st; sub(/[;{(=].*/, "", head)
		rest = substr(st, length(head) + 1)
		b = FILENAME; sub(/.*\//, "engine/", b)
		if (rest !~ /^\(/ && head !~ /(^|[^a-z_])const([^a-z_]|$)/)
			print b ":" n ": static state:" head
	    } }' "$root"/src/engine/*.c "$root"/src/engine/*.h
	grep -H -E '^[[:space:]]*#[[:space:]]*include' "$root"/src/*.c \
	    "$root"/src/*.h |
	    grep -v '/src/main\.c:' |
	    grep -E ':[[:space:]]*#[[:space:]]*include[[:space:]]*(<(n?curses|ncursesw/[a-z]*|term|ev|panel|menu|form)\.h>|"ui/|"engine/sim-int\.h"|"(loop|keys|probe|render-curses|sim|sim-int)\.h")' |
	    sed 's|^.*/src/\([^/:]*\):|\1: the core includes a terminal, ui/ or engine-internal header: |'
	wc -l "$root"/src/*.c "$root"/src/engine/*.c "$root"/src/ui/*.c |
	    awk -v r="$root/src/" '$2 != "total" && $1 > 1000 {
		f = $2; sub(r, "", f)
		print f ": " $1 " lines, over 1000: split it" }'
	engine_reach "$root/src"
}

# engine_reach DIR: for each of the screen's files in DIR (render*,
# narrate*, view*), the first chain of quoted includes from it (followed
# through DIR's headers) that ends in an engine header, as "FILE: the
# screen reaches the engine: FILE includes HEADER" - one grep and one awk.
engine_reach() {
	dir=$1
	grep -H '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$dir"/*.c \
	    "$dir"/*.h | sed 's|^.*/\([^/:]*\):[^"]*"\([^"]*\)".*|\1 \2|' |
	awk '
	{ inc[$1] = inc[$1] " " $2; have[$1] = 1 }
	END {
		for (f in have) {
			if (f !~ /^(render[^ ]*|narrate|view)\.[ch]$/)
				continue
			# Breadth first from f, as the files include.
			delete seen; todo = f; found = ""
			while (todo != "" && found == "") {
				split(todo, q, " "); todo = ""
				for (k = 1; (k in q) && found == ""; k++) {
					cur = q[k]
					if (cur == "")
						continue
					m = split(inc[cur], h, " ")
					for (x = 1; x <= m; x++) {
						if (h[x] ~ /^(engine\/|sim\.h$|sim-.*\.h$)/) {
							found = cur " includes " h[x]
							break
						}
						if (h[x] in seen)
							continue
						seen[h[x]] = 1
						if (h[x] in have)
							todo = todo " " h[x]
					}
				}
			}
			if (found != "")
				print f ": the screen reaches the engine: " found
		}
	}' | sort
}

out=$(layers_check "$srcdir")
[ -z "$out" ]; ok $? "no include crosses a layer, no static state in the engine, no file over 1000 lines"
[ -z "$out" ] || diag "$out"

# Each bad line, in a scratch copy, must be reported.
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
# The scratch copy: the sources only (an in-tree build's objects are most
# of src/'s bytes), made once; each mutation puts its file back after.
mkdir "$tmp/src" "$tmp/src/engine" "$tmp/src/ui" "$tmp/orig" &&
    cp "$srcdir"/src/*.[ch] "$tmp/src/" &&
    cp "$srcdir"/src/engine/*.[ch] "$tmp/src/engine/" &&
    cp "$srcdir"/src/ui/*.[ch] "$tmp/src/ui/" &&
    chmod -R u+w "$tmp/src" || exit 1
# mutate NAME FILE LINE PATTERN: add LINE to the copy's FILE, expect
# PATTERN, then FILE as it was.
mutate() {
	cp "$tmp/src/$2" "$tmp/orig/f" || return 1
	printf '%s\n' "$3" >>"$tmp/src/$2"
	got=$(layers_check "$tmp")
	printf '%s\n' "$got" | grep -q "$4"
	_m_st=$?
	ok $_m_st "the check fails on $1 ($2)"
	[ $_m_st = 0 ] || diag "got: $got"
	cp "$tmp/orig/f" "$tmp/src/$2"
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
# ... and what is allowed stays allowed (the copy is the tree again).
# (keys.c, a short file: loop.c is near the length bound this also checks.)
printf '%s\n' '#include <curses.h>' '#include <ev.h>' \
    >>"$tmp/src/ui/keys.c"
printf '%s\n' 'static const int table[] = { 1 };' \
    'static int helper(void);' >>"$tmp/src/engine/sim-vec.c"
out=$(layers_check "$tmp")
[ -z "$out" ]; ok $? "the terminal layer may include curses; const tables and static functions are fine"
[ -z "$out" ] || diag "$out"
tap_done
