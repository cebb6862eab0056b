#!/bin/sh
# captures.sh - the modern model against Linux 6.18 (TAP): for every capture
# in tests/data/modern (made by its capture.sh), the model configured like
# the capture - read size, bytes read, read_ahead_kb, max_sectors_kb,
# max_segments, scheduler, all from the capture's first line - gives the
# same readahead windows (start, size, async size, marker), window for
# window, and the same requests after the first window, request for
# request.  The first window is read in one-page folios whose segments
# depend on where the pages lie in memory (a 256-page window was one
# request in one trace, 131 + 125 pages in another); the model cuts it at
# max_segments, one segment per page, and its requests are not compared.
#
# Kernel side, from the trace text with awk: a window is a
# page_cache_ra_order line of the capture's file; its marker is the folio
# (mm_filemap_add_to_page_cache) holding start + size - async, if one was
# added; a request is a block_rq_issue of the capture's device, its sectors
# turned into file pages through the file's extent (filefrag -v, for ext4)
# and left out when they are not the file's (metadata).  No tracefs needed.
. "${srcdir:-.}/tests/tap.sh"
d=$srcdir/tests/data/modern
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# kernel TRACE EXTENTS: "w START SIZE ASYNC MARKER" and "r FIRST PAGES"
# lines, in trace order (MARKER - when there is none).
kernel() {
	awk -v ext="$2" '
	BEGIN {
		off = -1
		if (ext != "") {
			while ((getline l < ext) > 0)
				if (l ~ /^ *0: *[0-9]+\.\. *[0-9]+: *[0-9]+\.\./) {
					gsub(/[.:]+/, " ", l)
					split(l, f, " ")
					lo = f[2]; hi = f[3]; phys = f[4]
				}
			off = 1
		}
	}
	NR == 1 {
		split($0, h, ", ")
		for (i in h) {
			if (h[i] ~ /^device /) { sub(/^device /, "", h[i]); dev = h[i] }
			if (h[i] ~ /^inode /) { sub(/^inode /, "", h[i]); ino = h[i] }
		}
		next
	}
	/page_cache_ra_order:/ && $0 ~ (" ino=" ino " ") {
		for (i = 1; i <= NF; i++) {
			split($i, kv, "=")
			if (kv[1] == "index") s = kv[2]
			if (kv[1] == "size") z = kv[2]
			if (kv[1] == "async_size") a = kv[2]
		}
		nw++; ws[nw] = s; wz[nw] = z; wa[nw] = a
		out[++no] = "w " nw
		next
	}
	/mm_filemap_add_to_page_cache:/ && $0 ~ (" ino " ino " ") {
		for (i = 1; i <= NF; i++) {
			split($i, kv, "=")
			if (kv[1] == "ofs") o = kv[2] / 4096
			if (kv[1] == "order") k = kv[2]
		}
		n = 1; while (k-- > 0) n *= 2
		for (p = o; p < o + n; p++)
			folio[p] = o
		next
	}
	/block_rq_issue:/ && $0 ~ (": " dev " ") {
		for (i = 1; i <= NF; i++)
			if ($i == "+") { sec = $(i - 1); n = $(i + 1) }
		p = sec / 8
		if (off > 0) {
			if (p < phys || p > phys + hi - lo)
				next	# not the file: metadata
			p = p - phys + lo
		}
		out[++no] = "r " p " " n / 8
	}
	END {
		for (i = 1; i <= no; i++) {
			split(out[i], x, " ")
			if (x[1] == "r") { print out[i]; continue }
			m = ws[x[2]] + wz[x[2]] - wa[x[2]]
			print "w", ws[x[2]], wz[x[2]], wa[x[2]],
			    (m in folio) ? folio[m] : "-"
		}
	}' "$1"
}

# model TRACE: the same lines from the model's --trace, configured from the
# capture's first line.
model() {
	set -- $(sed -n '1{s/,/ /g;p;q}' "$1")
	while [ $# -gt 0 ]; do
		case $1 in
		bs) bs=$2 ;;
		bytes) size=$prev ;;
		read_ahead_kb) ra=$2 ;;
		max_sectors_kb) ms=$2 ;;
		max_segments) seg=$2 ;;
		scheduler) sch=$2 ;;
		esac
		prev=$1
		shift
	done
	"$RAVIZ" --headless --trace=- --mode=modern --bs="$bs" \
	    --file-size="$size" --ra="${ra}k" --max-request="${ms}k" \
	    --max-segments="$seg" --scheduler="$sch" |
	awk '
	function num(k,   m) {
		if (match($0, "\"" k "\":[0-9]+") == 0)
			return "-"
		m = substr($0, RSTART, RLENGTH)
		sub(/.*:/, "", m)
		return m
	}
	/"ev":"ra_(sync|async)"/ && num("async") != 0 {
		print "w", num("first"), num("npages"), num("async"),
		    num("marker")
	}
	/"ev":"dispatch"/ { print "r", num("first"), num("npages") }'
}

# after FILE OUT: the windows of FILE into OUTw, the requests after the
# first window into OUTr, and into OUTn the number of each and of all the
# requests (one awk: a grep, wc or diff per comparison was most of what
# this test ran).
after() {
	awk -v o="$2" '$1 == "w" { if (!end) end = $2 + $3; print >(o "w"); nw++; next }
	    $1 == "r" { all++; if ($2 >= end) { print >(o "r"); nr++ } }
	    END { printf "" >(o "w"); printf "" >(o "r")
		print nw + 0, nr + 0, all + 0 >(o "n") }' "$1"
}

n=0
for t in "$d"/*.trace; do
	name=${t##*/}
	name=${name%.trace}
	ext=
	case $name in
	ext4-*)
		bytes=$(sed -n '1s/.*, \([0-9]*\) bytes,.*/\1/p' "$t")
		ext=$d/ext4-$((bytes >> 20))M.extents ;;
	esac
	kernel "$t" "$ext" >"$tmp/k"
	model "$t" >"$tmp/m"
	after "$tmp/k" "$tmp/k"
	after "$tmp/m" "$tmp/m"
	read -r kw kr kall <"$tmp/kn"
	read -r mw mr mall <"$tmp/mn"
	# (The differences, only when they differ.)
	if cmp -s "$tmp/kw" "$tmp/mw"; then
		ok 0 "$name: $kw windows as the kernel's"
	else
		ok 1 "$name: $kw windows as the kernel's" \
		    "$(diff "$tmp/kw" "$tmp/mw" | head -n 12)"
	fi
	desc="$name: $kr requests after the first window as the kernel's (in\
 all: kernel $kall, model $mall)"
	if [ -s "$tmp/kr" ] && cmp -s "$tmp/kr" "$tmp/mr"; then
		ok 0 "$desc"
	else
		ok 1 "$desc" "$(diff "$tmp/kr" "$tmp/mr" | head -n 12)"
	fi
	n=$((n + 1))
done
[ "$n" -ge 16 ]
ok $? "16 captures compared ($n)"

# The comparison can fail: the model misconfigured by one limit gives other
# windows (read_ahead_kb 128 for a capture at 1024) and other requests
# (64 segments for 2 MiB windows of 16 KiB folios).
wrong() {
	sed "1s/$2/$3/" "$d/$1.trace" >"$tmp/w.trace"
	kernel "$d/$1.trace" "" >"$tmp/wk"
	after "$tmp/wk" "$tmp/wk"
	model "$tmp/w.trace" >"$tmp/wm"
	after "$tmp/wm" "$tmp/wm"
	[ -s "$tmp/wk$4" ] && ! cmp -s "$tmp/wk$4" "$tmp/wm$4"
}
wrong raw-ra1024-bs4k "read_ahead_kb 1024" "read_ahead_kb 128" w
ok $? "a model with read_ahead_kb 128 is told apart from a capture at 1024"
wrong raw-ra128-bs2M "max_segments 128" "max_segments 64" r
ok $? "a model with 64 segments is told apart by its requests"
tap_done
