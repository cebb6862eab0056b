#!/bin/sh
# svg-render.sh - SVGs a teacher drops into slides as they are (issue 23):
# rendered by rsvg-convert, no text passes the picture's right edge (bold
# runs were 0.602 em a character against 0.6 em cells), each SVG has a
# <title>, and no key hint or play state is drawn.  The check renders the
# SVG on a canvas 40% wider than the picture and finds no text pixel
# right of the picture's edge.
. "${srcdir:-.}/tests/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
RAVIZ_DATADIR="$srcdir"; export RAVIZ_DATADIR
unset RAVIZ_THEME COLORTERM
need python3 python3
need rsvg-convert librsvg2-bin
need fc-list fontconfig

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
print(w, vw)
EOF
}

# overflow PNG WIDTH: the number of non-transparent pixels right of WIDTH
overflow() {
	python3 - "$1" "$2" <<'EOF'
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
edge = int(sys.argv[2])
assert data[:8] == b"\x89PNG\r\n\x1a\n"
pos, idat, w = 8, b"", 0
while pos < len(data):
    n, kind = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + n]
    if kind == b"IHDR":
        w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
        assert depth == 8 and ctype == 6, (depth, ctype)
    elif kind == b"IDAT":
        idat += body
    pos += 12 + n
raw = zlib.decompress(idat)
stride, prev, bad = 4 * w, bytearray(4 * w), 0
for y in range(h):
    f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    for i in range(stride):
        a = line[i - 4] if i >= 4 else 0
        b = prev[i]
        c = prev[i - 4] if i >= 4 else 0
        if f == 1: line[i] = (line[i] + a) & 255
        elif f == 2: line[i] = (line[i] + b) & 255
        elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    bad += sum(1 for x in range(edge + 1, w) if line[4 * x + 3] > 64)
    prev = line
print(bad)
EOF
}

# check NAME SVG: rendered, it has a <title> and nothing right of its edge
check() {
	grep -q '<title>[^<]' "$2"
	ok $? "$1: the SVG has a <title>" "$(head -c 400 "$2")"
	read -r pw vw <<EOF
$(fits "$2")
EOF
	rsvg-convert -o "$tmp/wide.png" "$tmp/wide.svg" 2>"$tmp/rerr"
	ok $? "$1: rsvg-convert renders it: $(head -c 200 "$tmp/rerr")"
	n=$(overflow "$tmp/wide.png" "$pw" 2>&1)
	[ "$n" = 0 ]
	ok $? "$1: no text past the right edge in rsvg-convert ($n pixels)"
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
tap_done
