#!/bin/sh
# man.sh - raviz(1) renders without warnings and documents every option that
# --help lists, every trace event and every summary key.
. "${srcdir:-.}/tests/tap.sh"
man=${RAVIZ_MAN:-$(dirname "$RAVIZ")/raviz.1}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if command -v groff >/dev/null; then
	groff -ww -z -man "$man" >"$tmp/warn" 2>&1 && [ ! -s "$tmp/warn" ]
	ok $? "groff -ww -z renders raviz.1 without warnings"
	[ -s "$tmp/warn" ] && diag "$(cat "$tmp/warn")"
fi
# Plain text of the page, with the roff escapes for '-' undone.
sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' "$man" >"$tmp/page"
"$RAVIZ" --help | grep -o -- '--[a-z][a-z-]*' | sort -u >"$tmp/opts"
missing=
while read -r o; do
	grep -q -- "$o" "$tmp/page" || missing="$missing $o"
done <"$tmp/opts"
[ -z "$missing" ]; ok $? "every --help option is in raviz.1${missing:+ (missing:$missing)}"
for ev in read_begin read_end ra_sync ra_async queue flush dispatch complete wait wake copy mode; do
	grep -q "$ev" "$tmp/page"; ok $? "raviz.1 documents trace event $ev"
done
# The KEYS section names the demo replay keys (cmd.c's help shows them).
sed -n '/^\.SH KEYS/,/^\.SH /p' "$tmp/page" >"$tmp/keys-section"
grep -qx '.B Enter' "$tmp/keys-section" && grep -qx '.B Tab' "$tmp/keys-section" &&
    grep -qxF '.BR [ ", " ]' "$tmp/keys-section"
ok $? "raviz.1 KEYS documents the replay keys Enter, Tab, [ and ]"
"$RAVIZ" --headless | cut -d: -f1 >"$tmp/keys"
missing=
while read -r k; do
	grep -q -- "$k" "$tmp/page" || missing="$missing $k"
done <"$tmp/keys"
[ -z "$missing" ]; ok $? "every summary key is in raviz.1${missing:+ (missing:$missing)}"
tap_done
