#!/bin/sh
# beside.sh - a real trace's summary beside its model's (TAP): --headless
# --import=FILE --beside=MODE prints one table (a golden, read by hand
# against docs/model.md and raviz(1)), whose real column is the import's
# own summary, whose model column is what the command line it prints
# gives when run again, the same twice; the model is today's kernel with
# the trace's read, readahead and file sizes on the measured device; m
# of another mode changes only what the mode changes; the option's rules.
. "${srcdir:-.}/tests/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cap="$srcdir/tests/data/modern/raw-ra128-bs1M.trace"

"$RAVIZ" --headless --import="$cap" --beside=modern >"$tmp/b" 2>"$tmp/e"
ok $? "--beside=modern exits 0: $(cat "$tmp/e")"
golden "import/beside-raw-ra128-bs1M.txt" "$tmp/b"
"$RAVIZ" --headless --import="$cap" --beside=modern 2>/dev/null |
    cmp -s - "$tmp/b"
ok $? "the same table twice"

# The real column is the import's summary, key by key, in its order.
"$RAVIZ" --headless --import="$cap" >"$tmp/real" 2>/dev/null
awk 'NR > 4 { print $1 ": " $2 }' "$tmp/b" | grep -v ': -$' >"$tmp/left"
cmp -s "$tmp/left" "$tmp/real"
ok $? "the real column is --headless --import's summary" \
    "$(diff "$tmp/real" "$tmp/left")"

# The model column is what the printed command line gives.
cmd=$(sed -n 's/^# model: raviz //p' "$tmp/b")
# shellcheck disable=SC2086
"$RAVIZ" $cmd >"$tmp/model" 2>"$tmp/e"
ok $? "the model's command line runs: $cmd $(cat "$tmp/e")"
# (A device given by its fields is named custom there.)
awk 'NR > 4 && $3 != "-" { print $1 ": " $3 }' "$tmp/b" |
    sed 's/^device: measured$/device: custom/' >"$tmp/right"
cmp -s "$tmp/right" "$tmp/model"
ok $? "the model column is that command's summary" \
    "$(diff "$tmp/model" "$tmp/right")"
grep -q '^mode  *n/a  *modern$' "$tmp/b" &&
    grep -q '^read_size  *1048576  *1048576$' "$tmp/b" &&
    grep -q '^ra_size  *131072  *131072$' "$tmp/b" &&
    grep -q '^ra_async  *32  *32$' "$tmp/b" &&
    grep -q '^device  *7,4  *measured$' "$tmp/b" &&
    grep -q '^requests  *33  *33$' "$tmp/b"
ok $? "today's kernel, 1 MiB reads, 128 KiB readahead, the measured device"
grep -q -- '--idle-penalty=0 ' "$tmp/b" && ! grep -q -- '--device=' "$tmp/b"
ok $? "the measured device: its fields, no preset, no idle-exit penalty"

# Another mode: only the mode and what it changes.
"$RAVIZ" --headless --import="$cap" --beside=buggy >"$tmp/bb" 2>/dev/null
sed -n 1p "$tmp/bb" | grep -q -- ' --mode=buggy ' &&
    [ "$(sed -n 1p "$tmp/bb" | sed 's/--mode=buggy/--mode=modern/')" = \
    "$(sed -n 1p "$tmp/b")" ]
ok $? "--beside=buggy: the same model in buggy mode"

# The rules.
for bad in "--beside=modern" \
    "--headless --beside=modern" \
    "--import=$cap --beside=modern" \
    "--headless --import=$cap --beside=modern --frames" \
    "--headless --import=$cap --beside=sideways"; do
	# shellcheck disable=SC2086
	"$RAVIZ" $bad >"$tmp/o" 2>"$tmp/e"
	[ $? -eq 2 ] && [ ! -s "$tmp/o" ] && grep -q -- '--beside' "$tmp/e"
	ok $? "refused, exit 2: raviz $bad: $(cat "$tmp/e")"
done
grep -q 'sideways.* is not buggy, fixed, legacy, modern or modern-buggy' \
    "$tmp/e"
ok $? "a mode not known: the modes named"
tap_done
