#!/bin/sh
# check-themes.sh - every shipped theme passes raviz --check-theme; broken
# themes are reported with file:line:column, every problem, exit status 2,
# and no raw control bytes; --list-themes shows them all.
. "${srcdir:-.}/tests/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The shipped themes only: no user themes, the source tree's data.
export XDG_CONFIG_HOME="$tmp/config"
export RAVIZ_DATADIR="$srcdir"

n=0
for f in "$srcdir"/themes/*.theme; do
	n=$((n + 1))
	out=$("$RAVIZ" --check-theme "$f" 2>&1)
	st=$?
	case "$out" in
	"$f: ok: $(basename "$f" .theme)"*) [ $st -eq 0 ] ;;
	*) false ;;
	esac
	ok $? "raviz --check-theme $(basename "$f")"
	[ $st -eq 0 ] || diag "$out"
done
[ "$n" -ge 5 ]; ok $? "at least five shipped themes ($n)"

# All at once, as the README shows it.
"$RAVIZ" --check-theme "$srcdir"/themes/*.theme >"$tmp/all" 2>&1
ok $? "raviz --check-theme over every shipped theme at once"
[ "$(grep -c ': ok: ' "$tmp/all")" -eq "$n" ]; ok $? "one ok line per theme"

# A broken theme: every problem, positions, exit 2.
printf 'name = bro\033[2Jken\nconsumed = bluee\n\ncached = #12\nwindow = red on\n' \
    >"$tmp/broken.theme"
"$RAVIZ" --check-theme "$tmp/broken.theme" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 2 ]; ok $? "a broken theme exits 2"
[ "$(wc -l <"$tmp/err")" -eq 4 ]; ok $? "every problem reported (4 lines)"
grep -q "broken.theme:1:8: expected a name" "$tmp/err" &&
grep -q "broken.theme:2:12: expected a colour" "$tmp/err" &&
grep -q "broken.theme:4:10: expected #rrggbb" "$tmp/err" &&
grep -q "broken.theme:5:16: expected a colour after 'on'" "$tmp/err"
ok $? "messages are file:line:column: expected ..."
! grep -q "$(printf '\033')" "$tmp/err"; ok $? "no raw escape byte in the messages"
grep -qF 'bro\x1b[2Jken' "$tmp/err"; ok $? "control bytes shown escaped"
[ ! -s "$tmp/out" ]; ok $? "nothing on stdout for a broken theme"

# A good and a bad file: both checked, status 2.
"$RAVIZ" --check-theme "$srcdir/themes/mono.theme" "$tmp/broken.theme" \
    >"$tmp/out" 2>/dev/null
[ $? -eq 2 ] && grep -q "mono.theme: ok" "$tmp/out"
ok $? "good and bad together: the good one is ok, status 2"
"$RAVIZ" --check-theme "$tmp/nonexistent.theme" 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "nonexistent.theme: cannot read" "$tmp/err"
ok $? "a missing file exits 2"
"$RAVIZ" --check-theme 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "expects a value" "$tmp/err"
ok $? "--check-theme without a file exits 2"

# --list-themes: every shipped theme with its description and file.
"$RAVIZ" --list-themes >"$tmp/list"
ok $? "raviz --list-themes"
missing=
for f in "$srcdir"/themes/*.theme; do
	grep -q "^$(basename "$f" .theme) " "$tmp/list" || missing="$missing $f"
done
[ -z "$missing" ]; ok $? "--list-themes lists every theme${missing:+ (missing:$missing)}"
# A user theme shadows the installed one of the same name.
mkdir -p "$XDG_CONFIG_HOME/raviz/themes"
printf 'description = my own\n' >"$XDG_CONFIG_HOME/raviz/themes/mono.theme"
"$RAVIZ" --list-themes | grep -A1 '^mono ' | grep -q "$XDG_CONFIG_HOME"
ok $? "a user theme shadows the installed one"

# raviz-theme(5) documents the whole format: every key the parser knows
# (its role table and attribute list, read from the source), every colour
# name, each requires value, glyph.STATE/ascii.STATE and the environment
# it reads.
man=$(dirname "$RAVIZ")/raviz-theme.5
# Text as a reader sees it: font escapes and "\-" undone, the arguments of
# the alternating-font macros (.BI glyph. STATE) joined as they print.
sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' "$man" | awk '
/^\.(BI|IB|BR|RB|IR|RI) / {
	line = substr($0, 5); out = ""
	while (line != "") {
		sub(/^ +/, "", line)
		if (substr(line, 1, 1) == "\"") {
			i = index(substr(line, 2), "\"")
			if (i == 0) i = length(line)
			out = out substr(line, 2, i - 1)
			line = substr(line, i + 2)
		} else {
			i = index(line, " ")
			if (i == 0) i = length(line) + 1
			out = out substr(line, 1, i - 1)
			line = substr(line, i)
		}
	}
	print out
	next
}
{ print }' >"$tmp/page"
keys=$(sed -n 's/^	\[RENDER_[A-Z_]*\] = "\([a-z-]*\)",$/\1/p' \
    "$srcdir/src/theme-parse.c")
attrs=$(sed -n 's/^	{ "\([a-z]*\)", \(THEME_[A-Z]*\|0\) },$/\1/p' \
    "$srcdir/src/theme-parse.c")
[ "$(echo "$keys" | wc -l)" -ge 20 ] && [ "$(echo "$attrs" | wc -l)" -eq 6 ]
ok $? "found the role keys and attributes in theme-parse.c"
# Each word as grep -wF finds it (absent, tap.sh: one awk, not a grep a
# word).
missing=$(printf '%s\n' $keys $attrs name description requires fallback \
    window lanes glyph.STATE ascii.STATE black red green yellow blue magenta \
    cyan white bright-NAME default 0 255 '#rrggbb' 'on BG' 8 16 256 \
    truecolor RAVIZ_THEME XDG_CONFIG_HOME HOME RAVIZ_DATADIR NO_COLOR \
    COLORTERM TERM LC_ALL | absent "$tmp/page")
[ -z "$missing" ]; ok $? "raviz-theme(5) documents the theme format${missing:+ (missing:$missing)}"
# Its example theme is a theme raviz takes.
awk '/^\.SH EXAMPLES/ { f = 1 } f && /^\.ft B$/ { g = 1; next }
    g && /^\.ft$/ { exit } g' "$man" | sed 's/\\-/-/g' >"$tmp/example.theme"
[ "$(grep -c = "$tmp/example.theme")" -ge 5 ] &&
    "$RAVIZ" --check-theme "$tmp/example.theme" >"$tmp/out" 2>&1
ok $? "raviz-theme(5)'s example passes --check-theme: $(cat "$tmp/out")"
tap_done
