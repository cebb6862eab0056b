#!/bin/sh
# docs.sh - the README and docs/ say what the build does: the README's
# screen is the frame `raviz --headless --frames` draws, its two set-up
# commands and package lists are .ci/install-deps's, it stays short, and
# every document it names is there; docs/kernels.md's table is what
# --import prints for each shipped capture, and its model figures are the
# model's.
. "${srcdir:-.}/tests/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
readme=$srcdir/README

# The frame: the 24 lines between the rulers after its command line.
cmd=$(sed -n 's/^    \$ \(raviz --headless --frames .*\)$/\1/p' "$readme")
[ -n "$cmd" ]
ok $? "the README shows a frame and the command that draws it: $cmd"
rule=--------------------------------------------------------------------------------
awk -v c="    \$ $cmd" -v r="$rule" '$0 == c { f = 1; next }
    f == 1 && $0 == r { f = 2; next } f == 2 && $0 == r { exit } f == 2' \
    "$readme" >"$tmp/frame"
eval "\"\$RAVIZ\" ${cmd#raviz }" >"$tmp/want"
[ "$(wc -l <"$tmp/frame")" -eq 24 ] && cmp -s "$tmp/frame" "$tmp/want"
ok $? "the README's frame is the one raviz draws now" "$(diff "$tmp/want" "$tmp/frame")"
! awk 'length > 80' "$tmp/frame" | grep -q .
ok $? "... 80 columns wide"

n=$(wc -l <"$readme")
[ "$n" -ge 100 ] && [ "$n" -le 170 ]
ok $? "the README is about 150 lines ($n)"

# The two set-up commands, as .ci/fresh-root runs them.
grep '^    \.ci/install-deps' "$readme" >"$tmp/cmds"
[ "$(wc -l <"$tmp/cmds")" -eq 2 ] &&
    sed -n 1p "$tmp/cmds" | grep -qx '    \.ci/install-deps && autoreconf -fi && ./configure && make && ./raviz' &&
    sed -n 2p "$tmp/cmds" | grep -qx '    \.ci/install-deps check && ./configure && make -j8 check'
ok $? "the README's two set-up commands: build and start, then test"
for l in build check; do
	want=$(sed -n "s/^$l=\"\(.*\)\"$/\1/p" "$srcdir/.ci/install-deps")
	got=$(sed -n "s/^  $l: *//p" "$readme")
	# The README leaves out binutils (build-essential brings it).
	[ -n "$want" ] && [ "$got" = "$(echo "$want" | sed 's/ binutils$//')" ]
	ok $? "the README's $l packages are .ci/install-deps $l's: $got"
done

# Every document the README names.
for f in COPYING NEWS docs/model.md docs/kernels.md docs/lessons.md docs/developers.md \
    src/raviz.1.in src/raviz-demo.5.in src/raviz-theme.5.in; do
	[ -s "$srcdir/$f" ]
	ok $? "$f is there"
done
for w in 'raviz(1)' 'raviz-demo(5)' 'raviz-theme(5)' docs/model.md \
    docs/kernels.md docs/lessons.md docs/developers.md COPYING NEWS; do
	grep -qF "$w" "$readme"
	ok $? "the README points to $w"
done
grep -q "ISC" "$srcdir/COPYING" && "$RAVIZ" --version | grep -q "License: ISC"
ok $? "COPYING is the ISC licence --version names"

# docs/kernels.md: each capture's row is its import summary.
for b in 4k 64k 1M 2M; do
	f=$srcdir/tests/data/captures/loop-dio-ra128-bs$b.trace
	want=$("$RAVIZ" --headless --import="$f" 2>/dev/null | awk -v b="$b" -F': ' '
	    { v[$1] = $2 }
	    END { printf "| %s | %d MiB | %d | %d KiB | %s us | %s us | %s | %d |",
	        b, v["bytes_read"] / 1048576, v["requests"],
	        v["common_request_kib"], v["q2d_avg_us"], v["d2c_avg_us"],
	        v["throughput_mb_s"], v["unplugs"] }')
	got=$(grep "^| $b " "$srcdir/docs/kernels.md" | tr -s ' ')
	[ -n "$got" ] && [ "$got" = "$want" ]
	ok $? "docs/kernels.md's $b row is the capture's summary: $got" "want: $want"
done
# The model's own Q2D at bs 64k, 8 MiB, exported and imported.
for m in buggy:73.6 fixed:64.0; do
	"$RAVIZ" --headless --mode="${m%:*}" --bs=64k --file-size=8M \
	    --export=blkparse >"$tmp/m.blkparse"
	q=$("$RAVIZ" --headless --import="$tmp/m.blkparse" 2>/dev/null |
	    sed -n 's/^q2d_avg_us: //p')
	[ "$q" = "${m#*:}" ] && grep -q "${m#*:} us" "$srcdir/docs/kernels.md"
	ok $? "docs/kernels.md's model Q2D in ${m%:*} mode is the model's ($q us)"
done
tap_done
