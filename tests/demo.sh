#!/bin/sh
# demo.sh - demo files through the real binary: every lesson validates and
# replays headless to its golden frames (GENERATE=1 regenerates them),
# --list-demos / --demo find the lessons through RAVIZ_DATADIR, --check
# reports problems with file:line:column and exit 2, a truncated file still
# replays, captions never emit control bytes, and --cast writes asciicast v2
# that a JSON parser accepts line by line.
. "${srcdir:-.}/tests/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
demos="$srcdir/demos"
lessons="report moments small-4k small-64k cliff hdd nvme setra predict today"

# Every lesson: valid, and its headless replay matches the golden frames.
for n in $lessons; do
	"$RAVIZ" --check "$demos/$n.demo" >"$tmp/out" 2>"$tmp/err"
	[ $? -eq 0 ] && [ ! -s "$tmp/err" ]
	ok $? "--check $n.demo: $(cat "$tmp/out" "$tmp/err" | head -c 200)"
	"$RAVIZ" --headless --frames --summary "$demos/$n.demo" \
	    >"$tmp/$n.txt" 2>"$tmp/err"
	[ $? -eq 0 ] && [ ! -s "$tmp/err" ]
	ok $? "headless replay of $n.demo exits 0, quietly"
	golden "demos/$n.txt" "$tmp/$n.txt"
done

# Deterministic: a second replay is byte-identical.
"$RAVIZ" --headless --frames "$demos/moments.demo" >"$tmp/m2" 2>&1
"$RAVIZ" --headless --frames "$demos/moments.demo" >"$tmp/m3" 2>&1
cmp -s "$tmp/m2" "$tmp/m3"
ok $? "two replays of moments.demo are identical"

# --list-demos and --demo NAME through RAVIZ_DATADIR.
RAVIZ_DATADIR="$srcdir" "$RAVIZ" --list-demos >"$tmp/list" 2>"$tmp/err"
ok $? "--list-demos exits 0"
for n in $lessons; do
	t=$(sed -n 's/^title "\(.*\)"$/\1/p' "$demos/$n.demo")
	grep -q "^$n  *$t\$" "$tmp/list"
	ok $? "--list-demos shows $n with its title"
done
t=$(sed -n 's/^title "\(.*\)"$/\1/p' "$demos/yours.demo")
grep -q "^yours  *$t\$" "$tmp/list"
ok $? "--list-demos shows yours (a lesson over a kernel trace) with its title"
[ "$(wc -l <"$tmp/list")" -eq 11 ]
ok $? "--list-demos lists exactly the eleven lessons"
RAVIZ_DATADIR="$srcdir" "$RAVIZ" --headless --frames --summary \
    --demo report >"$tmp/byname" 2>&1
cmp -s "$tmp/byname" "$tmp/report.txt"
ok $? "--demo report replays the installed lesson"
RAVIZ_DATADIR="$srcdir" "$RAVIZ" --headless --demo nosuch >"$tmp/out" \
    2>"$tmp/err"
[ $? -eq 2 ] && grep -q "no lesson 'nosuch'" "$tmp/err"
ok $? "--demo nosuch: exit 2 and a clear message"
RAVIZ_DATADIR="$srcdir" "$RAVIZ" --headless --demo ../etc/passwd \
    >"$tmp/out" 2>"$tmp/err"
[ $? -eq 2 ]
ok $? "--demo refuses a path"

# --check: every problem, file:line:column, exit 2.
cat >"$tmp/bad.demo" <<'EOF'
raviz-demo 1
set bs 12Q
set colour blue
@x +1s play
@5 +soon play
@5 +1s jump 9
@5 +1s caption "unterminated
@5 +1s marker bad/name
@5 +1s frobnicate
EOF
"$RAVIZ" --check "$tmp/bad.demo" >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st -eq 2 ]
ok $? "--check bad.demo exits 2"
for want in "bad.demo:2:8: error: set bs" "bad.demo:3:5: error: expected a scenario option" \
    "bad.demo:4:2: error: expected an event number" \
    "bad.demo:5:5: error: expected a delay" "bad.demo:6:13: error: jump" \
    "bad.demo:7:29: error: expected a closing" \
    "bad.demo:8:15: error: expected a marker name" \
    "bad.demo:9:8: error: expected a command"; do
	grep -qF "$want" "$tmp/err"
	ok $? "--check reports '$want'"
done
grep -q "8 errors" "$tmp/out"
ok $? "--check counts 8 errors: $(cat "$tmp/out")"
"$RAVIZ" --headless "$tmp/bad.demo" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "not replayable" "$tmp/err"
ok $? "a file with errors is not replayed (exit 2)"

# A newer major version is refused; a newer minor one plays with warnings.
printf 'raviz-demo 2\n@0 +0ms hologram on\n' >"$tmp/v2.demo"
"$RAVIZ" --check "$tmp/v2.demo" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "v2.demo:1:12: error: this file is raviz-demo version 2" \
    "$tmp/err" && [ "$(wc -l <"$tmp/err")" -eq 1 ]
ok $? "raviz-demo 2 is refused with one clear message"
printf 'raviz-demo 1.3\nset file-size 1M\n@0 +0ms hologram on\n@0 +0ms end\n' \
    >"$tmp/v13.demo"
"$RAVIZ" --headless "$tmp/v13.demo" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 0 ] && grep -q "v13.demo:3:9: warning: unknown command 'hologram'" \
    "$tmp/err" && grep -q "^complete: yes" "$tmp/out"
ok $? "raviz-demo 1.3: unknown item skipped with a warning, the rest plays"

# A truncated last line is reported; the rest replays.
head -c -1 "$demos/small-64k.demo" >"$tmp/cut.demo"
printf '@0 +3s en' >>"$tmp/cut.demo"
"$RAVIZ" --check "$tmp/cut.demo" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "cut.demo:$(($(wc -l <"$tmp/cut.demo") + 1)):26:" "$tmp/err" \
    && grep -q "truncated line" "$tmp/err"
ok $? "--check reports the truncated last line (exit 2)"
"$RAVIZ" --headless "$demos/small-64k.demo" >"$tmp/whole" 2>/dev/null
"$RAVIZ" --headless "$tmp/cut.demo" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 0 ] && grep -q "truncated line" "$tmp/err" &&
    grep -q "^throughput_mb_s: [0-9]" "$tmp/out" &&
    [ "$(grep throughput_mb_s "$tmp/out")" = "$(grep throughput_mb_s "$tmp/whole")" ]
ok $? "a truncated file still replays to its last complete line"

# Captions are untrusted: no control byte reaches the output.
cat >"$tmp/esc.demo" <<'EOF'
raviz-demo 1
title "evil\x1b]0;pwned\x07 title"
set file-size 1M
@0 +0ms caption "clear\x1b[2J bell\x07 csi\u{9b}31m rtl\u{202e}x del\x7f"
@0 +0ms step 3
EOF
"$RAVIZ" --headless --frames "$tmp/esc.demo" >"$tmp/out" 2>&1
ok $? "headless replay of a hostile caption exits 0"
LC_ALL=C tr -d '\n' <"$tmp/out" | LC_ALL=C grep -q '[[:cntrl:]]'
[ $? -ne 0 ]
ok $? "no control byte in the headless output"
grep -qF 'clear\x1b[2J bell\x07 csi\xc2\x9b31m rtl\xe2\x80\xaex del\x7f' "$tmp/out"
ok $? "control bytes are shown as visible escapes, as every message shows them"
"$RAVIZ" --headless --cast "$tmp/esc.cast" "$tmp/esc.demo" >/dev/null 2>&1
! LC_ALL=C grep -q "$(printf '\033')" "$tmp/esc.cast" &&
    ! grep -q 'u001b\]0;pwned' "$tmp/esc.cast" &&
    grep -q 'evil\\\\x1b\]0;pwned' "$tmp/esc.cast"
ok $? "no raw ESC in the cast either"

# --cast: asciicast v2, every line JSON, header and event shapes.
"$RAVIZ" --headless --cast "$tmp/m.cast" "$demos/moments.demo" \
    >"$tmp/out" 2>"$tmp/err"
ok $? "--cast moments.demo exits 0"
if have python3 python3; then
	python3 - "$tmp/m.cast" >"$tmp/py" 2>&1 <<'EOF'
import json, sys
lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
assert lines[-1] == "", "file must end with a newline"
h = json.loads(lines[0])
assert h["version"] == 2 and h["width"] == 80 and h["height"] == 24, h
assert isinstance(h["title"], str) and h["title"], h
assert "timestamp" not in h
last, marks, frames = 0.0, [], 0
for l in lines[1:-1]:
    e = json.loads(l)
    assert isinstance(e, list) and len(e) == 3, e
    t, kind, data = e
    assert isinstance(t, (int, float)) and t >= last, (t, last)
    last = t
    assert kind in ("o", "m") and isinstance(data, str), e
    if kind == "m":
        marks.append(data)
    else:
        frames += 1
        assert data.startswith("\x1b[?25l\x1b[H\x1b[2J"), data[:20]
        assert "\n" not in data.replace("\r\n", ""), "bare LF"
for k in ("T1", "T2", "T3", "T4", "T5"):
    assert k in marks, (k, marks)
assert any(m.startswith("T3: marker page 32") for m in marks), marks
print("ok", frames, "frames", len(marks), "markers")
EOF
	ok $? "moments.cast is valid asciicast v2: $(cat "$tmp/py" | tail -n 3)"
fi
"$RAVIZ" --headless --cast "$tmp/m2.cast" "$demos/moments.demo" >/dev/null 2>&1
cmp -s "$tmp/m.cast" "$tmp/m2.cast"
ok $? "the cast is deterministic"

# Usage errors.
"$RAVIZ" --headless --bs=4k "$demos/report.demo" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "sets its own scenario" "$tmp/err"
ok $? "scenario options with a demo file: exit 2"
"$RAVIZ" --cast x.cast "$demos/report.demo" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q -- "--cast: needs --headless" "$tmp/err"
ok $? "--cast without --headless: exit 2"
"$RAVIZ" --check >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q -- "--check: expected demo files" "$tmp/err"
ok $? "--check without files: exit 2"
"$RAVIZ" --check "$tmp/nonexistent.demo" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "nonexistent.demo: error: cannot read" "$tmp/err"
ok $? "--check of a missing file: exit 2, named"

tap_done
