#!/bin/sh
# export.sh - exports that look like the screen (issue 15 item 4): --cast
# carries raviz's own SGR colour and the Unicode glyphs where the
# environment allows them (none with NO_COLOR, --no-color; ASCII with
# --ascii), every line JSON, deterministic, captions still escaped; --svg
# writes the last frame as XML that xmllint accepts, with the frame's text
# row by row, refusing an existing file without --force.
. "${srcdir:-.}/tests/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
demos="$srcdir/demos"
RAVIZ_DATADIR="$srcdir"; export RAVIZ_DATADIR
unset RAVIZ_THEME COLORTERM
need python3 python3
need xmllint libxml2-utils

# cast ENVS... -- ARGS: a headless cast of moments.demo into $tmp/c.cast
cast() {
	rm -f "$tmp/c.cast"
	env "$@" "$RAVIZ" --headless --cast "$tmp/c.cast" \
	    "$demos/moments.demo" >/dev/null 2>"$tmp/err"
}
# castcheck WHAT: python's verdict on $tmp/c.cast (prints why if not)
castcheck() {
	python3 - "$1" "$tmp/c.cast" <<'EOF'
import json, re, sys
what, path = sys.argv[1], sys.argv[2]
lines = open(path, encoding="utf-8").read().split("\n")
assert lines[-1] == "", "no final newline"
hdr = json.loads(lines[0])
assert hdr["version"] == 2, hdr
out = ""
for l in lines[1:-1]:
    ev = json.loads(l)
    if ev[1] == "o":
        out += ev[2]
sgr = re.findall(r"\x1b\[([0-9;]*)m", out)
colour = [s for s in sgr if re.search(r"(^|;)(3[0-9]|4[0-9]|9[0-7]|10[0-7])(;|$)", s)]
# Every escape is raviz's own: SGR, or the home/clear of each frame.
other = re.sub(r"\x1b\[[0-9;]*m|\x1b\[\?25l\x1b\[H\x1b\[2J", "", out)
assert "\x1b" not in other, "an escape that is not raviz's: %r" % other[other.index("\x1b"):][:20]
if what == "colour":
    assert len(colour) > 0, "no SGR colour"
    assert "\u25b6" in out or "\u00b7" in out, "no Unicode glyph"
elif what == "mono":
    assert colour == [], "colour with NO_COLOR: %r" % colour[:3]
    assert len(sgr) > 0, "no attributes either"
elif what == "ascii":
    assert all(ord(c) < 128 for c in out), "a non-ASCII glyph"
    assert len(colour) > 0, "no SGR colour"
print("%d SGR sequences, %d with colour" % (len(sgr), len(colour)))
EOF
}

cast TERM=xterm-256color LC_ALL=C.UTF-8 NO_COLOR=
ok $? "cast at TERM=xterm-256color, UTF-8 exits 0"
castcheck colour >"$tmp/py" 2>&1
ok $? "the cast is JSON lines with SGR colour and Unicode glyphs: $(tail -n 1 "$tmp/py")"
grep -q '38;5;' "$tmp/c.cast"
ok $? "256-colour SGR (38;5;N) at xterm-256color"
cp "$tmp/c.cast" "$tmp/c1.cast"
cast TERM=xterm-256color LC_ALL=C.UTF-8 NO_COLOR=
cmp -s "$tmp/c.cast" "$tmp/c1.cast"
ok $? "the colour cast is deterministic"

cast TERM=xterm-256color LC_ALL=C.UTF-8 NO_COLOR=1
castcheck mono >"$tmp/py" 2>&1
ok $? "NO_COLOR=1: attributes, no colour: $(tail -n 1 "$tmp/py")"
rm -f "$tmp/c.cast"
TERM=xterm-256color LC_ALL=C.UTF-8 "$RAVIZ" --headless --no-color \
    --cast "$tmp/c.cast" "$demos/moments.demo" >/dev/null 2>&1
castcheck mono >"$tmp/py" 2>&1
ok $? "--no-color: no colour: $(tail -n 1 "$tmp/py")"
rm -f "$tmp/c.cast"
TERM=xterm-256color LC_ALL=C.UTF-8 "$RAVIZ" --headless --ascii \
    --cast "$tmp/c.cast" "$demos/moments.demo" >/dev/null 2>&1
castcheck ascii >"$tmp/py" 2>&1
ok $? "--ascii: ASCII glyphs, still colour: $(tail -n 1 "$tmp/py")"
cast TERM=xterm-256color LC_ALL=C NO_COLOR=
castcheck ascii >"$tmp/py" 2>&1
ok $? "a non-UTF-8 locale: ASCII glyphs: $(tail -n 1 "$tmp/py")"
# The colours are the theme's, whatever terminal made the cast.
cast TERM=xterm-256color COLORTERM=truecolor LC_ALL=C.UTF-8 NO_COLOR=
cmp -s "$tmp/c.cast" "$tmp/c1.cast"
ok $? "COLORTERM=truecolor: the same cast (the theme's colours)"
cast TERM=dumb LC_ALL=C.UTF-8 NO_COLOR=
cmp -s "$tmp/c.cast" "$tmp/c1.cast"
ok $? "TERM=dumb (CI): the same cast"
cast TERM=xterm LC_ALL=C.UTF-8 NO_COLOR=
cmp -s "$tmp/c.cast" "$tmp/c1.cast"
ok $? "TERM=xterm (8 colours): the same cast"
# Made to be played: the cursor hidden, no key hints, no play state, no
# [Enter] prompt, and each pause held for its caption's reading time.
python3 - "$tmp/c1.cast" <<'PY'
import json, re, sys
lines = open(sys.argv[1]).read().splitlines()
frames = [json.loads(l) for l in lines[1:]]
outs = [f for f in frames if f[1] == "o"]
assert all(f[2].startswith("\x1b[?25l") for f in outs), "cursor shown"
for f in outs:
    text = re.sub(r"\x1b\[[0-9;?]*[a-zA-Z]", "", f[2])
    for w in ("[Enter]", "PAUSED", "events/s", "ev/s", "q quit", "? keys"):
        assert w not in text, "%r in a frame" % w
t4 = [f[0] for f in frames if f[1] == "m" and f[2].startswith("T4:")]
after = [f[0] for f in frames if f[1] == "m" and f[0] > t4[0]]
assert after[0] - t4[0] >= 3.0, "T4 on screen %.1f s" % (after[0] - t4[0])
PY
ok $? "the cast hides the cursor, has no key hints or play state, and holds T4 for its reading time"

# A hostile caption still reaches the cast escaped (raviz writes the
# only escapes, checked above for moments; here for the caption).
cat >"$tmp/esc.demo" <<'EOF'
raviz-demo 1
title "evil\x1b]0;pwned\x07 title"
set file-size 1M
@0 +0ms caption "evil \x1b]0;pwned\x07 <b>&amp;"
@0 +0ms step 3
EOF
rm -f "$tmp/c.cast"
TERM=xterm-256color LC_ALL=C.UTF-8 "$RAVIZ" --headless \
    --cast "$tmp/c.cast" "$tmp/esc.demo" >/dev/null 2>&1
castcheck colour >"$tmp/py" 2>&1 && grep -q 'evil \\\\x1b\]0;pwned' "$tmp/c.cast"
ok $? "a caption's ESC stays escaped text in a colour cast: $(tail -n 1 "$tmp/py")"

# --svg: the last frame of a demo as XML, row by row the frame's text.
TERM=xterm-256color LC_ALL=C.UTF-8 "$RAVIZ" --headless --ascii \
    --svg "$tmp/f.svg" --frames "$demos/moments.demo" >"$tmp/frames" 2>"$tmp/err"
ok $? "--svg with --frames exits 0: $(head -c 200 "$tmp/err")"
xmllint --noout "$tmp/f.svg" 2>"$tmp/xerr"
ok $? "xmllint accepts the SVG: $(head -c 200 "$tmp/xerr")"
python3 - "$tmp/frames" "$tmp/f.svg" >"$tmp/py" 2>&1 <<'EOF'
import sys, xml.etree.ElementTree as ET
frames = open(sys.argv[1], encoding="utf-8").read().split("\n")
last = frames[len(frames) - 1 - frames[::-1].index(next(l for l in frames[::-1] if l.startswith("--- ")))+1:]
last = [l for l in last][:24]
ns = {"s": "http://www.w3.org/2000/svg"}
root = ET.parse(sys.argv[2]).getroot()
assert root.tag == "{http://www.w3.org/2000/svg}svg"
rows = root.findall(".//s:text", ns)
assert len(rows) == 24, len(rows)
got = []
for t in rows:
    line = []
    for sp in t.findall("s:tspan", ns):
        x = int(sp.get("x")) // 6
        line += [" "] * (x - len(line))
        line += list(sp.text or "")
        assert sp.get("fill", "").startswith("#"), sp.attrib
    got.append("".join(line).rstrip())
# An export has no keys to press and no play state (issue 23).
import re
def clean(l):
    l = re.sub(r" +(PAUSED|PLAYING|END) +[0-9]+ (events|ev|ms|us)/s$", "", l)
    l = re.sub(r" +\? keys  q quit$", "", l.replace("  [Enter]", ""))
    return l.rstrip()
want = [clean(l) for l in last]
bad = [i for i in range(24) if got[i] != want[i]]
assert not bad, "row %d: %r != %r" % (bad[0], got[bad[0]], want[bad[0]])
print("24 rows match the last frame; %d coloured spans" % len(root.findall(".//s:tspan", ns)))
EOF
ok $? "the SVG's rows are the last frame's text less keys and play state: $(tail -n 1 "$tmp/py")"
cp "$tmp/f.svg" "$tmp/f1.svg"
TERM=xterm-256color LC_ALL=C.UTF-8 "$RAVIZ" --headless --ascii --force \
    --svg "$tmp/f.svg" "$demos/moments.demo" >/dev/null 2>&1
cmp -s "$tmp/f.svg" "$tmp/f1.svg"
ok $? "--force replaces it; the SVG is deterministic"
echo old >"$tmp/old.svg"
"$RAVIZ" --headless --svg "$tmp/old.svg" "$demos/moments.demo" \
    >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && [ "$(cat "$tmp/old.svg")" = old ] && grep -q "exists" "$tmp/err"
ok $? "--svg refuses an existing file without --force: $(cat "$tmp/err")"
"$RAVIZ" --headless --svg "$tmp/old.svg" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && [ "$(cat "$tmp/old.svg")" = old ]
ok $? "so does a headless run without a demo"
"$RAVIZ" --svg "$tmp/x.svg" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q -- "--svg: needs --headless" "$tmp/err"
ok $? "--svg without --headless: exit 2"
"$RAVIZ" --headless --import "$tmp/none" --svg "$tmp/x.svg" >/dev/null \
    2>"$tmp/err"
[ $? -eq 2 ] && grep -q -- "--svg: draws raviz's own run" "$tmp/err" &&
    [ ! -e "$tmp/x.svg" ]
ok $? "--svg with --import: exit 2, nothing written"
# A scenario run: the last frame, the projector theme's white page.
TERM=xterm-256color LC_ALL=C.UTF-8 "$RAVIZ" --headless --theme projector \
    --until T3 --svg "$tmp/p.svg" >/dev/null 2>"$tmp/err"
ok $? "--headless --until T3 --svg exits 0"
xmllint --noout "$tmp/p.svg" && grep -q 'fill="#ffffff"' "$tmp/p.svg" &&
    grep -q '>BUGGY' "$tmp/p.svg"
ok $? "its SVG parses, on the projector's white, with the header's text"
# --svg alone jumps (quietly to a few thousand events short of the end, the
# rest drawn): the same SVG as drawing every event (a trace makes the run
# step), and the end of 4 PiB of 4 KiB reads at once.
for a in "--bs=4k --file-size=256M" "--mode=fixed --bs=64k --file-size=1G" \
    "--mode=legacy --bs=4k --max-request=4k --file-size=64M" \
    "--bs=4k --file-size=256M --until=40000" "--bs=4k --file-size=256M --until=T3"; do
	# shellcheck disable=SC2086
	"$RAVIZ" --headless --svg "$tmp/j.svg" $a >/dev/null 2>&1 &&
	    "$RAVIZ" --headless --svg "$tmp/s.svg" --trace=- $a \
	    >/dev/null 2>&1 && cmp -s "$tmp/j.svg" "$tmp/s.svg"
	ok $? "--svg $a: the SVG of the jump is the SVG of every event"
	rm -f "$tmp/j.svg" "$tmp/s.svg"
done
"$RAVIZ" --headless --svg "$tmp/h.svg" --bs=4k --file-size=4096T >/dev/null 2>&1 &&
    sed 's/<[^>]*>/ /g' "$tmp/h.svg" | grep -q 'read *#1099511627775 '
ok $? "--svg of 4 PiB of 4 KiB reads: the last read's frame"
# XML escaping: a caption with < & > in the last frame.
TERM=xterm-256color LC_ALL=C.UTF-8 "$RAVIZ" --headless \
    --svg "$tmp/e.svg" "$tmp/esc.demo" >/dev/null 2>&1
xmllint --noout "$tmp/e.svg" && grep -q '&lt;b&gt;&amp;amp;' "$tmp/e.svg"
ok $? "a caption's < & > are XML-escaped"

# Demo items: `focus` works headless too (no lanes, no event log); S and L
# are the screen's keys, not items.
printf 'raviz-demo 1\n@0 +0ms focus\n@0 +0ms step 5\n' >"$tmp/f.demo"
"$RAVIZ" --headless --frames "$tmp/f.demo" >"$tmp/out" 2>"$tmp/err"
st=$?
sed -n '/^--- @0 +0ms step 5 ---$/,$p' "$tmp/out" >"$tmp/last"
[ $st -eq 0 ] && grep -q "^T1 (3 events" "$tmp/last" &&
    ! grep -q "^  device " "$tmp/last" && ! grep -q "sync_readahead" "$tmp/last"
ok $? "a demo's focus item: the moment box, no lanes, no event log"
for k in svg projector; do
	printf 'raviz-demo 1\n@0 +0ms %s\n' $k >"$tmp/k.demo"
	"$RAVIZ" --check "$tmp/k.demo" >/dev/null 2>"$tmp/err"
	[ $? -eq 2 ] && grep -q "k.demo:2:9: error: $k: a key of the screen" \
	    "$tmp/err"
	ok $? "'$k' is not a demo item: $(cat "$tmp/err")"
done
tap_done
