#!/bin/sh
# harden.sh - hostile and clumsy input without a terminal (TAP): repeated
# `set` lines, --cast safety and bounds, closed standard descriptors,
# output errors of every command, FIFOs as input files, and the messages
# of issue 13.  Each check failed before its fix.
. "${srcdir:-.}/tests/tap.sh"
set -u
tmp=$(mktemp -d "${TMPDIR:-/tmp}/raviz-harden.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
lesson="$srcdir/demos/report.demo"
need timeout coreutils
need mkfifo coreutils

# ---- item 3: repeated set lines: one warning each, linear ----
{ echo 'raviz-demo 1'; i=0
  while [ $i -lt 10000 ]; do echo 'set bs 4k'; i=$((i + 1)); done
  echo '@0 +0ms play'; } >"$tmp/rep.demo"
# CPU-capped (tap.sh): the arrays of lines and messages once grew by one
# element a time, quadratic where realloc() copies - a sanitizer build
# took 9 s of CPU here, and failed a 20 s wall-clock bound on a loaded VM.
capped 2 "$RAVIZ" --check "$tmp/rep.demo" >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st -eq 0 ]; ok $? "10,000 repeated set lines: --check in time (exit $st)"
n=$(grep -c "warning: 'bs' was already set" "$tmp/err")
[ "$n" -eq 9999 ]; ok $? "one warning per repeated line ($n)"
grep -q "rep.demo:3:.*already set on line 2;" "$tmp/err"
ok $? "the warning names the previous line"
grep -q "rep.demo:10001:.*already set on line 10000;" "$tmp/err"
ok $? "the last repeat names the line before it"

# 100,000 stamped lines: the items array grows linearly too.
awk 'BEGIN { print "raviz-demo 1"
	for (i = 0; i < 100000; i++) printf "@%d +1ms step\n", i }' \
    >"$tmp/items.demo"
capped 2 "$RAVIZ" --check "$tmp/items.demo" >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st -eq 0 ] && [ ! -s "$tmp/err" ]
ok $? "100,000 stamped lines: --check in time (exit $st)" "<$tmp/err"

# ---- item 4: --cast never overwrites without --force, never an input ----
cp "$lesson" "$tmp/L.demo"
cp "$tmp/L.demo" "$tmp/L.orig"
"$RAVIZ" --headless --cast="$tmp/L.demo" "$tmp/L.demo" >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st -eq 2 ] && cmp -s "$tmp/L.demo" "$tmp/L.orig"
ok $? "--cast onto its own input is refused (exit $st), the lesson intact"
"$RAVIZ" --headless --force --cast="$tmp/L.demo" "$tmp/L.demo" \
    >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st -eq 2 ] && cmp -s "$tmp/L.demo" "$tmp/L.orig" &&
    grep -q "input" "$tmp/err"
ok $? "--force --cast onto its own input is refused too (exit $st: $(cat "$tmp/err"))"
ln "$tmp/L.demo" "$tmp/hard.cast"
"$RAVIZ" --headless --force --cast="$tmp/hard.cast" "$tmp/L.demo" \
    >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st -eq 2 ] && cmp -s "$tmp/L.demo" "$tmp/L.orig"
ok $? "--force --cast onto a hard link of the input is refused (exit $st)"
echo old >"$tmp/x.cast"
"$RAVIZ" --headless --cast="$tmp/x.cast" "$tmp/L.demo" >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st -eq 2 ] && [ "$(cat "$tmp/x.cast")" = old ] && grep -q "exists" "$tmp/err"
ok $? "--cast refuses an existing file without --force (exit $st)"
"$RAVIZ" --headless --force --cast="$tmp/x.cast" "$tmp/L.demo" >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st -eq 0 ] && head -n 1 "$tmp/x.cast" | grep -q '"version": 2'
ok $? "--force --cast replaces it (exit $st)"
# A write error part-way: the old file stays, no temporary is left.
echo old >"$tmp/x.cast"
(ulimit -f 8; "$RAVIZ" --headless --force --cast="$tmp/x.cast" \
    "$tmp/L.demo") >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st -eq 1 ] && [ "$(cat "$tmp/x.cast")" = old ] &&
    [ "$(ls "$tmp" | grep -c 'x\.cast.')" -eq 0 ]
ok $? "a cast cut short leaves the old file and no temporary (exit $st: $(head -c 120 "$tmp/err"))"

# ---- item 5: the frames of a cast are bounded ----
{ echo 'raviz-demo 1'; echo 'set file-size 4096T'; echo '@0 +0ms play'
  for i in 1 2 3 4 5 6 7 8 9; do echo "@${i}000000 +1099s faster"; done
} >"$tmp/big.demo"
timeout 60 "$RAVIZ" --headless --cast="$tmp/big.cast" "$tmp/big.demo" \
    >"$tmp/out" 2>"$tmp/err"
st=$?
sz=$(wc -c <"$tmp/big.cast" 2>/dev/null || echo 0)
lines=$(grep -c '"o"' "$tmp/big.cast" 2>/dev/null || echo 0)
[ $st -eq 0 ] && [ "$sz" -lt 5000000 ] && [ "$lines" -le 1100 ]
ok $? "a 4 PiB demo of 1099 s gaps: bounded cast ($sz bytes, $lines frames, exit $st)"

# ---- item 6: fds 0-2 are taken before anything is opened ----
rm -f "$tmp/F.cast"
"$RAVIZ" --headless --frames --cast="$tmp/F.cast" "$tmp/L.demo" >&- 2>"$tmp/err"
head -n 1 "$tmp/F.cast" | grep -q '^{"version": 2' &&
    ! grep -q -- '--- start ---' "$tmp/F.cast"
ok $? "stdout closed: the cast does not become fd 1"

# ---- item 7: every command checks its output ----
# werr NAME CMD...: with stdout on /dev/full and closed: exit 1 and the
# message.
werr() {
	name=$1; shift
	"$@" >/dev/full 2>"$tmp/err"
	st=$?
	[ $st -eq 1 ] && grep -q "^raviz: write error: " "$tmp/err"
	ok $? "$name on /dev/full: write error, exit 1 (exit $st: $(head -c 80 "$tmp/err"))"
	"$@" >&- 2>"$tmp/err"
	st=$?
	[ $st -eq 1 ] && grep -q "^raviz: write error: " "$tmp/err"
	ok $? "$name on a closed stdout: write error, exit 1 (exit $st)"
}
werr --list-demos "$RAVIZ" --list-demos
werr --check "$RAVIZ" --check "$lesson"
werr --list-devices "$RAVIZ" --list-devices
werr --help "$RAVIZ" --help
werr --version "$RAVIZ" --version
werr --list-themes "$RAVIZ" --list-themes
werr --check-theme "$RAVIZ" --check-theme "$srcdir/themes/default.theme"
werr summary "$RAVIZ" --headless
werr trace "$RAVIZ" --headless --trace=- --until=50
# A trace to the end has a loop of its own (report_trace_run()).
werr "trace to the end" "$RAVIZ" --headless --trace=- --file-size=16M
werr frames "$RAVIZ" --headless --frames --until=3
werr replay "$RAVIZ" --headless "$lesson"
# A trace cut by a full disk (a file-size limit): a message, exit 1, and
# nothing left - no file, no temporary (issue 22: the output rule).
(ulimit -f 8; "$RAVIZ" --headless --trace="$tmp/t.json") >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st -eq 1 ] && grep -q "t.json: write error: .*; no trace written" "$tmp/err" &&
    [ ! -e "$tmp/t.json" ] && [ "$(ls "$tmp" | grep -c 't\.json')" -eq 0 ]
ok $? "a trace cut by a full disk: message, exit 1, nothing left (exit $st: $(head -c 100 "$tmp/err"))"

# ---- item 8: FIFOs and other non-regular files are refused at once ----
mkfifo "$tmp/f.demo" "$tmp/f.theme"
timeout 5 "$RAVIZ" --check "$tmp/f.demo" >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st -eq 2 ] && grep -q "not a regular file" "$tmp/err"
ok $? "--check FIFO: refused at once (exit $st)"
timeout 5 "$RAVIZ" --headless "$tmp/f.demo" >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st -eq 2 ] && grep -q "not a regular file" "$tmp/err"
ok $? "replaying a FIFO: refused at once (exit $st)"
timeout 5 "$RAVIZ" --check-theme "$tmp/f.theme" >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st -eq 2 ] && grep -q "not a regular file" "$tmp/err"
ok $? "--check-theme FIFO: refused at once (exit $st)"
mkdir -p "$tmp/data/demos" "$tmp/data/themes"
cp "$lesson" "$tmp/data/demos/"
mkfifo "$tmp/data/demos/stuck.demo" "$tmp/data/themes/stuck.theme"
cp "$srcdir/themes/default.theme" "$tmp/data/themes/"
RAVIZ_DATADIR="$tmp/data" timeout 5 "$RAVIZ" --list-demos >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st -eq 0 ] && grep -q "^stuck .*invalid" "$tmp/out" && grep -q "^report " "$tmp/out"
ok $? "--list-demos with a FIFO in the folder (exit $st)"
RAVIZ_DATADIR="$tmp/data" XDG_CONFIG_HOME="$tmp/none" timeout 5 "$RAVIZ" \
    --list-themes >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st -eq 0 ] && grep -q "^stuck .*errors" "$tmp/out" && grep -q "^default " "$tmp/out"
ok $? "--list-themes with a FIFO in the folder (exit $st)"

# ---- item 11: messages ----
# msg STATUS NEEDLE ARGS...: exit STATUS and stderr holds NEEDLE.
msg() {
	want=$1 needle=$2; shift 2
	"$RAVIZ" "$@" >"$tmp/out" 2>"$tmp/err"
	st=$?
	[ $st -eq "$want" ] && grep -qF -- "$needle" "$tmp/err"
	ok $? "$* -> exit $st: $(head -c 100 "$tmp/err")"
}
msg 2 "--latency: " --headless --latency=1100s
msg 2 "--idle-penalty: " --headless --idle-penalty=1100s
msg 2 "--bs: expects a value" --bs --headless
msg 2 "--file-size: must be between 4 KiB and 4 PiB" --headless --file-size=5P
msg 2 "--bs: must be between 4 KiB and 4 PiB" --headless --bs=1E
msg 2 "value too large" --headless --bs=16E
"$RAVIZ" --headless --file-size=4P --bs=1P --until=3 >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st -eq 0 ] && grep -q "^file_size: 4503599627370496$" "$tmp/out"
ok $? "--file-size=4P is accepted (exit $st)"
msg 2 "--check-theme" --check "$lesson" --check-theme "$srcdir/themes/default.theme"
msg 2 "--check" --check-theme "$srcdir/themes/default.theme" --check "$lesson"
tap_done
