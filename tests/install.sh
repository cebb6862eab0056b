#!/bin/sh
# install.sh - no path of the build tree is compiled into raviz: a copy of
# the binary run from elsewhere never reads the tree it was built in (it
# looks beside itself, then in $(pkgdatadir)); the uninstalled binary in
# its own tree finds the themes and lessons next to it (the README's
# first command).  .ci/run checks the rest: make install into a prefix,
# and that configuring another prefix rebuilds what embeds it.
. "${srcdir:-.}/tests/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
src=$(cd "$srcdir" && pwd -P)
build=$(cd "$(dirname "$RAVIZ")" && pwd -P)

pkgdatadir=$(sed -n 's/^#define PKGDATADIR "\(.*\)"$/\1/p' "$build/paths.h")

# tree_paths FILE: the lines of FILE (or its strings) that name the source
# or build tree, once $(pkgdatadir) is taken out (make distcheck installs
# into a prefix inside the tree it unpacked).
tree_paths() {
	tr -c '[:print:]\n' '\n' <"$1" | awk -v p="$pkgdatadir" '
	    { while ((i = index($0, p)) > 0)
		$0 = substr($0, 1, i - 1) substr($0, i + length(p)); print }' |
	    grep -F -e "$src" -e "$build"
}

# The strings a stripped copy holds (debugging data, which names the
# build directory by design, is what strip removes).
if have strip binutils; then
	strip -o "$tmp/stripped" "$RAVIZ"
	! tree_paths "$tmp/stripped" >/dev/null
	ok $? "the stripped binary names neither $src nor $build"
	grep -qaF "$pkgdatadir" "$tmp/stripped"
	ok $? "... and holds \$(pkgdatadir), from paths.h"
fi

# A copy elsewhere, nothing set: the data is not found in the build tree.
mkdir "$tmp/bin" "$tmp/home"
cp "$RAVIZ" "$tmp/bin/raviz"
run() {
	env -u RAVIZ_DATADIR -u RAVIZ_THEME HOME="$tmp/home" XDG_CONFIG_HOME= \
	    "$tmp/bin/raviz" "$@"
}
run --list-themes >"$tmp/out" 2>&1
! tree_paths "$tmp/out" >/dev/null
ok $? "a copy of raviz elsewhere lists no theme of the build tree: $(head -n 2 "$tmp/out" | tr '\n' ' ')"
run --list-demos >"$tmp/out" 2>&1
! tree_paths "$tmp/out" >/dev/null && ! grep -q '^moments ' "$tmp/out" ||
    [ -d "$pkgdatadir/demos" ]
ok $? "... and no lesson of it (unless one is installed): $(head -n 1 "$tmp/out")"

# Beside itself: a copy with themes/ and demos/ next to it uses them.
mkdir "$tmp/bin/themes" "$tmp/bin/demos"
cp "$srcdir/themes/mono.theme" "$tmp/bin/themes/"
cp "$srcdir/demos/moments.demo" "$tmp/bin/demos/"
run --list-themes >"$tmp/out" 2>&1
grep -qF "$tmp/bin/themes/mono.theme" "$tmp/out" && ! grep -q '^default ' "$tmp/out"
ok $? "with themes/ and demos/ beside it, raviz uses those"
[ "$(run --list-demos 2>&1 | awk '{ print $1 }')" = moments ]
ok $? "... its lessons too"

# The binary of an in-tree build (srcdir = builddir) in its own tree.
if [ "$src" = "$build" ]; then
	env -u RAVIZ_DATADIR HOME="$tmp/home" XDG_CONFIG_HOME= "$RAVIZ" \
	    --list-themes >"$tmp/out" 2>&1
	grep -qF "$build/themes/default.theme" "$tmp/out"
	ok $? "./raviz in its built tree finds the tree's themes, uninstalled"
	[ "$(env -u RAVIZ_DATADIR "$RAVIZ" --list-demos | wc -l)" -ge 6 ]
	ok $? "... and its lessons"
fi
tap_done
