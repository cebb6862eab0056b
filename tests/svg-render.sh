#!/bin/sh
# svg-render.sh - SVGs a teacher drops into slides as they are (issue 23):
# rendered by rsvg-convert (and, under `make check-browser`, which CI runs,
# by chromium: RAVIZ_SVG_BROWSER=chromium), no text passes the picture's
# right edge (bold
# runs were 0.602 em a character against 0.6 em cells), each SVG has a
# <title>, and no key hint or play state is drawn.  The check renders the
# SVG on a canvas 40% wider than the picture and finds no text pixel
# right of the picture's edge (rsvg-convert renders only that strip).
. "${srcdir:-.}/tests/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
RAVIZ_DATADIR="$srcdir"; export RAVIZ_DATADIR
unset RAVIZ_THEME COLORTERM
need python3 python3
need rsvg-convert librsvg2-bin
# A browser is 190 packages (742 MB) on a minimal Debian: not one of make
# check's tools, but make check-browser's (CI installs it).
browser=${RAVIZ_SVG_BROWSER:-}
[ -z "$browser" ] || need "$browser" "$browser"

# fits SVG: 0 when no text pixel of SVG lies right of its width (prints why)
fits() {
	python3 - "$1" "$tmp/wide.svg" <<'EOF'
import re, sys
src = open(sys.argv[1], encoding="utf-8").read()
m = re.search(r'<svg [^>]*width="(\d+)" height="(\d+)" viewBox="0 0 (\d+) (\d+)"', src)
w, h, vw, vh = map(int, m.groups())
# The same picture on a canvas 40% wider, the background rect kept to the
# picture's own width: whatever is drawn right of it is overflow.
wide = src.replace(m.group(0), '<svg xmlns="http://www.w3.org/2000/svg" '
    'width="%d" height="%d" viewBox="0 0 %d %d"' % (w * 14 // 10, h,
    vw * 14 // 10, vh), 1)
wide = wide.replace('<rect width="100%" height="100%"',
    '<rect width="%d" height="%d"' % (vw, vh), 1)
open(sys.argv[2], "w", encoding="utf-8").write(wide)
# Only what lies right of the picture, for rsvg-convert: the strip of the
# wider canvas past the edge, so that every drawn pixel is overflow (and
# the PNG to read is a third of the size).
right = wide.replace('width="%d" height="%d" viewBox="0 0 %d %d"' % (
    w * 14 // 10, h, vw * 14 // 10, vh), 'width="%d" height="%d" '
    'viewBox="%d 0 %d %d"' % (w * 4 // 10, h, vw, vw * 4 // 10, vh), 1)
open(sys.argv[2].replace("wide", "right"), "w", encoding="utf-8").write(right)
print(w, vw, h)
EOF
}

# overflow PNG WIDTH [white]: the number of pixels right of WIDTH that are
# not transparent (rsvg-convert) or not white (a browser's page)
overflow() {
	python3 - "$1" "$2" "${3:-alpha}" <<'EOF'
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
edge = int(sys.argv[2])
white = sys.argv[3] == "white"
assert data[:8] == b"\x89PNG\r\n\x1a\n"
pos, idat, w = 8, b"", 0
while pos < len(data):
    n, kind = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + n]
    if kind == b"IHDR":
        w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
        assert depth == 8 and ctype in (2, 6), (depth, ctype)
        bpp = 4 if ctype == 6 else 3
    elif kind == b"IDAT":
        idat += body
    pos += 12 + n
raw = zlib.decompress(idat)
stride, prev, bad = bpp * w, bytearray(bpp * w), 0
for y in range(h):
    f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    # The filter chosen once per line, not per byte (the loop was most
    # of this test's time).
    if f == 1:
        for i in range(bpp, stride):
            line[i] = (line[i] + line[i - bpp]) & 255
    elif f == 2:
        line = bytearray((x + p) & 255 for x, p in zip(line, prev))
    elif f in (3, 4):
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 3: line[i] = (line[i] + (a + b) // 2) & 255
            else:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    if white:
        bad += sum(1 for x in range(edge + 1, w)
            if min(line[bpp * x:bpp * x + 3]) < 192)
    else:
        bad += sum(1 for x in range(edge + 1, w) if line[4 * x + 3] > 64)
    prev = line
print(bad)
EOF
}

# check NAME SVG: rendered, it has a <title> and nothing right of its edge
check() {
	grep -q '<title>[^<]' "$2"
	ok $? "$1: the SVG has a <title>" "$(head -c 400 "$2")"
	read -r pw vw ph <<EOF
$(fits "$2")
EOF
	rsvg-convert -o "$tmp/right.png" "$tmp/right.svg" 2>"$tmp/rerr"
	ok $? "$1: rsvg-convert renders it: $(head -c 200 "$tmp/rerr")"
	n=$(overflow "$tmp/right.png" -1 2>&1)
	[ "$n" = 0 ]
	ok $? "$1: no text past the right edge in rsvg-convert ($n pixels)"
	[ -n "$browser" ] || return 0
	# A browser: the page (white, no margin) around the wider canvas.
	printf '<html><body style="margin:0;background:#fff">%s</body></html>' \
	    "$(sed 1d "$tmp/wide.svg")" >"$tmp/wide.html"
	rm -f "$tmp/b.png"
	timeout 120 "$browser" --headless --no-sandbox --disable-gpu \
	    --hide-scrollbars --screenshot="$tmp/b.png" \
	    --window-size=$((pw * 14 / 10)),"$ph" "file://$tmp/wide.html" \
	    >/dev/null 2>&1
	[ -s "$tmp/b.png" ]
	ok $? "$1: $browser renders it"
	n=$(overflow "$tmp/b.png" "$pw" white 2>&1)
	[ "$n" = 0 ]
	ok $? "$1: no text past the right edge in $browser ($n pixels)"
}

# Bold rows the full width: the compare screen at 120x40 and a lesson's
# last frame in Unicode, and the ASCII projector look.
LC_ALL=C.UTF-8 "$RAVIZ" --headless --svg "$tmp/a.svg" --cols=120 --rows=40 \
    --file-size=16M --until=T5 >/dev/null 2>"$tmp/err"
ok $? "--svg at T5 exits 0: $(head -c 200 "$tmp/err")"
check "T5 120x40" "$tmp/a.svg"
! grep -q 'PAUSED\|events/s\|q quit' "$tmp/a.svg"
ok $? "T5 120x40: no play state, no key hints"
LC_ALL=C.UTF-8 "$RAVIZ" --headless --svg "$tmp/m.svg" \
    "$srcdir/demos/moments.demo" >/dev/null 2>"$tmp/err"
ok $? "a lesson's --svg exits 0: $(head -c 200 "$tmp/err")"
check "moments" "$tmp/m.svg"
grep -q '<title>T1 to T5: how one outer plug' "$tmp/m.svg"
ok $? "moments: the lesson's title is the SVG's <title>"
! grep -q '\[Enter\]\|? keys' "$tmp/m.svg"
ok $? "moments: no [Enter] prompt, no key hints"
LC_ALL=C "$RAVIZ" --headless --svg "$tmp/p.svg" --theme projector \
    --file-size=16M --until=T3 >/dev/null 2>"$tmp/err"
check "projector, ASCII" "$tmp/p.svg"

# --storyboard: the five moments and the end, buggy beside fixed, each a
# slide with its title and meaning, clean, fitting; all or nothing.
LC_ALL=C.UTF-8 "$RAVIZ" --headless --storyboard="$tmp/sb" --cols=120 \
    --rows=42 --file-size=16M >"$tmp/out" 2>"$tmp/err"
ok $? "--storyboard exits 0: $(head -c 200 "$tmp/err")"
for k in T1 T2 T3 T4 T5 end; do
	[ -s "$tmp/sb/$k.svg" ] && grep -qF "$tmp/sb/$k.svg" "$tmp/out"
	ok $? "--storyboard wrote $k.svg and named it"
done
grep -q '<title>T3 - the reader reaches the marker' "$tmp/sb/T3.svg" &&
    grep -q '>BUGGY<' "$tmp/sb/T3.svg" && grep -q '>FIXED<' "$tmp/sb/T3.svg"
ok $? "T3.svg: its title, buggy beside fixed"
grep -q '>now<.*>buggy:<.*>idle,<' "$tmp/sb/T3.svg"
ok $? "T3.svg: the meaning row - buggy's device idle"
! grep -q 'PAUSED\|events/s\|q quit\|c one run\|\[Enter\]' "$tmp/sb/"*.svg
ok $? "the slides have no key hints and no play state"
check "storyboard T5" "$tmp/sb/T5.svg"
cp "$tmp/sb/T1.svg" "$tmp/t1"
"$RAVIZ" --headless --storyboard="$tmp/sb" --file-size=32M >/dev/null \
    2>"$tmp/err"
[ $? -eq 2 ] && grep -q 'T1.svg: the file exists (--force replaces it)' \
    "$tmp/err" && cmp -s "$tmp/t1" "$tmp/sb/T1.svg"
ok $? "--storyboard again: exit 2, nothing replaced" "<$tmp/err"
"$RAVIZ" --headless --storyboard="$tmp/sb" --force --file-size=16M \
    >/dev/null 2>&1
ok $? "--storyboard --force replaces the slides"
tap_done
