#!/bin/sh
# import.sh - real block traces through the real binary: the committed
# captures (real kernel output, tests/data/captures) import with exactly
# the dispatched-request count and most common size an awk count of the
# file gives; the model's run exported as blkparse imports back to the
# same summary; a malformed file exits 2 with file:line and prints nothing
# on stdout; the option rules; --capture refuses clearly without root.
# Never needs tracefs (tests/capture-live.sh does the live capture).
. "${srcdir:-.}/tests/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
caps="$srcdir/tests/data/captures"

# The committed captures against an independent count.
for bs in 4k 64k 1M 2M; do
	f="$caps/loop-dio-ra128-bs$bs.trace"
	"$RAVIZ" --headless --import="$f" >"$tmp/sum" 2>"$tmp/err"
	ok $? "import $bs capture exits 0"
	# Read requests issued on 7,0; the most common size (ties: larger).
	awk '$0 ~ /block_rq_issue: 7,0 / {
		for (i = 1; i <= NF; i++) if ($i == "+") break
		rw = $0; sub(/.*block_rq_issue: 7,0 /, "", rw); sub(/ .*/, "", rw)
		if (rw !~ /R/) next
		n++; c[$(i + 1)]++
	    } END {
		best = 0
		for (s in c) if (c[s] > c[best] || (c[s] == c[best] && s + 0 > best + 0)) best = s
		print n, best / 2
	    }' "$f" >"$tmp/awk"
	read -r want_n want_kib <"$tmp/awk"
	got_n=$(key "$tmp/sum" requests)
	got_kib=$(key "$tmp/sum" common_request_kib)
	[ -n "$want_n" ] && [ "$got_n" = "$want_n" ] && [ "$got_kib" = "$want_kib" ]
	ok $? "bs $bs: requests $got_n (awk $want_n), common $got_kib KiB (awk $want_kib)"
	# The reader's read() boundaries came with it.
	want_reads=$(grep -c 'raviz read_end' "$f")
	[ "$(key "$tmp/sum" reads)" = "$want_reads" ] && [ "$want_reads" -gt 0 ]
	ok $? "bs $bs: reads $(key "$tmp/sum" reads) (markers $want_reads)"
	grep -q 'device 7,0 (the most data read' "$tmp/err"
	ok $? "bs $bs: says which device it took"
	# The same capture as blkparse text: an awk count of that text, and
	# the same summary but for the format's name.
	"$RAVIZ" --headless --import="$f" --export=blkparse >"$tmp/bp" 2>/dev/null
	ok $? "bs $bs: converts to blkparse text"
	awk '$1 == "7,0" && $6 == "D" && $7 ~ /R/ { n++; c[$10]++ } END {
		best = 0
		for (s in c) if (c[s] > c[best] || (c[s] == c[best] && s + 0 > best + 0)) best = s
		print n, best / 2
	    }' "$tmp/bp" >"$tmp/awk2"
	"$RAVIZ" --headless --import="$tmp/bp" >"$tmp/sum2" 2>/dev/null
	read -r bp_n bp_kib <"$tmp/awk2"
	[ "$bp_n" = "$want_n" ] && [ "$bp_kib" = "$want_kib" ] &&
	    [ "$(key "$tmp/sum2" requests)" = "$bp_n" ] &&
	    [ "$(key "$tmp/sum2" common_request_kib)" = "$bp_kib" ]
	ok $? "bs $bs blkparse: requests $(key "$tmp/sum2" requests) (awk $bp_n), common $(key "$tmp/sum2" common_request_kib) KiB (awk $bp_kib)"
	grep -v '^trace_format:' "$tmp/sum" >"$tmp/s1"
	grep -v '^trace_format:' "$tmp/sum2" >"$tmp/s2"
	cmp -s "$tmp/s1" "$tmp/s2"
	ok $? "bs $bs: the blkparse text imports to the same summary (unplug kinds stay n/a)"
done
# The captures with readahead tracepoints (Linux 6.18): an awk count of
# the file's readahead lines for the file its header names against the
# summary; a page_cache_ra_unbounded right after the same task's
# page_cache_ra_order at the same index is that window read in single
# pages, one window.
for f in "$srcdir"/tests/data/modern/*.trace; do
	b=${f##*/}
	"$RAVIZ" --headless --import="$f" >"$tmp/sum" 2>"$tmp/err"
	ok $? "import $b exits 0"
	awk 'NR == 1 { for (i = 1; i < NF; i++) if ($i == "inode") ino = $(i + 1)
		sub(/,$/, "", ino) }
	    /page_cache_|mm_filemap_add/ {
		for (i = 1; i <= NF; i++) {
			if ($i ~ /^ino=/) { x = $i; sub(/^ino=/, "", x) }
			if ($i ~ /^index=/) { ix = $i; sub(/^index=/, "", ix) }
		}
		if (x != ino) next
		if ($0 ~ /page_cache_sync_ra:/) { s++; last = "" }
		if ($0 ~ /page_cache_async_ra:/) { a++; last = "" }
		if ($0 ~ /page_cache_ra_order:/) { w++; last = ix }
		if ($0 ~ /page_cache_ra_unbounded:/) { if (ix != last) w++; last = "" }
	    }
	    END { print s + 0, a + 0, w + 0 }' "$f" >"$tmp/awk"
	read -r want_s want_a want_w <"$tmp/awk"
	[ "$want_w" -gt 0 ] && [ "$(key "$tmp/sum" ra_sync)" = "$want_s" ] &&
	    [ "$(key "$tmp/sum" ra_async)" = "$want_a" ] &&
	    [ "$(key "$tmp/sum" ra_windows)" = "$want_w" ]
	ok $? "$b: ra_sync $(key "$tmp/sum" ra_sync) ra_async $(key "$tmp/sum" ra_async) ra_windows $(key "$tmp/sum" ra_windows) (awk $want_s $want_a $want_w)"
	# As blkparse text the readahead goes as messages, and comes back.
	"$RAVIZ" --headless --import="$f" --export=blkparse >"$tmp/bp" 2>/dev/null &&
	    "$RAVIZ" --headless --import="$tmp/bp" >"$tmp/sum2" 2>/dev/null
	grep -v '^trace_format:' "$tmp/sum" >"$tmp/s1"
	grep -v '^trace_format:' "$tmp/sum2" >"$tmp/s2"
	[ "$(grep -c ' m   N raviz ra_window ' "$tmp/bp")" -gt 0 ] && cmp -s "$tmp/s1" "$tmp/s2"
	ok $? "$b: through blkparse text, the same summary, readahead included"
done
# Without readahead tracepoints the counts are unknown, not 0.
"$RAVIZ" --headless --import="$caps/loop-dio-ra128-bs64k.trace" >"$tmp/sum" 2>/dev/null
[ "$(key "$tmp/sum" ra_sync)" = n/a ] && [ "$(key "$tmp/sum" ra_windows)" = n/a ]
ok $? "a capture of a kernel before 6.18: ra_sync and ra_windows n/a"

# The trace-cmd fixture is the real tool's output: trace-cmd report of
# the recorded tc-ra.dat (tests/data/import/README) gives it byte for byte.
if have trace-cmd trace-cmd; then
	cp "$srcdir/tests/data/import/tc-ra.dat" "$tmp/tc.dat"
	trace-cmd report -i "$tmp/tc.dat" >"$tmp/tc.txt" 2>"$tmp/tc.err" &&
	    cmp -s "$tmp/tc.txt" "$srcdir/tests/data/import/trace-cmd-ra.txt"
	ok $? "trace-cmd report of tc-ra.dat is trace-cmd-ra.txt" \
	    "$(head -c 300 "$tmp/tc.err")"
fi

# Formats refused, each with file:line and what would work instead.
fix="$srcdir/tests/data/import"
for c in "perf-deltatime.txt:4:34: the time goes back on CPU 1:perf script without --deltatime" \
    "trace-cmd-R.txt:2:86: raw field values (trace-cmd report -R):run trace-cmd report without -R" \
    "bp-writes.blkparse: no read request is issued in the trace:--import-dev=MAJ,MIN shows a device anyway"; do
	f=${c%%:*} rest=${c#*:}
	want=${rest%:*} instead=${rest##*:}
	"$RAVIZ" --headless --import="$fix/$f" >"$tmp/out" 2>"$tmp/err"
	st=$?
	[ $st -eq 2 ] && [ ! -s "$tmp/out" ] && grep -qF "$f:$want" "$tmp/err" &&
	    grep -qF -- "$instead" "$tmp/err"
	ok $? "$f refused: exit $st, $(cat "$tmp/err")"
done
# Standard input; the screen cannot take its keys from a pipe.
"$RAVIZ" --headless --import=- <"$srcdir/tests/data/modern/raw-ra128-bs64k.trace" >"$tmp/sum" 2>"$tmp/err"
"$RAVIZ" --headless --import="$srcdir/tests/data/modern/raw-ra128-bs64k.trace" >"$tmp/sum2" 2>/dev/null
[ $? -eq 0 ] && cmp -s "$tmp/sum" "$tmp/sum2" && grep -q '^raviz: stdin: device 7,' "$tmp/err"
ok $? "--import=- reads standard input: the same summary, named stdin"
printf 'x\n' | "$RAVIZ" --headless --import=- >"$tmp/out" 2>"$tmp/err"
[ $? -eq 2 ] && grep -q '^raviz: stdin:1:1: expected a block trace' "$tmp/err"
ok $? "--import=- of junk: $(cat "$tmp/err")"
"$RAVIZ" --import=- </dev/null >"$tmp/out" 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "needs --headless" "$tmp/err"
ok $? "--import=- on the screen is refused: $(cat "$tmp/err")"
# read() calls from syscalls: dd's fd 0, offsets inferred, said so.
"$RAVIZ" --headless --import="$fix/ftrace-tgid-syscalls.txt" --import-dev=7,0 \
    >"$tmp/sum" 2>/dev/null
[ "$(key "$tmp/sum" reads)" = 4 ] && [ "$(key "$tmp/sum" read_size)" = 65536 ] &&
    [ "$(key "$tmp/sum" reads_from)" = "syscalls (offsets inferred: sequential from 0)" ]
ok $? "sys_read of the reader: 4 reads of 64 KiB, offsets said to be inferred"
"$RAVIZ" --headless --import="$fix/ftrace-function.txt" >"$tmp/sum" 2>/dev/null
[ "$(key "$tmp/sum" other_lines)" = 4 ] && [ "$(key "$tmp/sum" lost_events)" = 3 ]
ok $? "function tracer and other lines skipped and counted (4), lost events (3)"

# Real perf script output: two devices, the loop device asked for.
f="$caps/perf-script-loop-bs64k.txt"
"$RAVIZ" --headless --import="$f" >"$tmp/sum" 2>"$tmp/err"
[ $? -eq 0 ] && [ "$(key "$tmp/sum" trace_format)" = perf ] &&
    [ "$(key "$tmp/sum" device)" = 254,0 ] && grep -q 'device 254,0' "$tmp/err"
ok $? "perf script: takes 254,0 (most data read) and says so"
"$RAVIZ" --headless --import="$f" --import-dev=7,0 >"$tmp/sum" 2>"$tmp/err"
want_n=$(grep -c 'block:block_rq_issue: 7,0 R' "$f")
[ "$want_n" -gt 0 ] && [ "$(key "$tmp/sum" requests)" = "$want_n" ] &&
    [ "$(key "$tmp/sum" common_request_kib)" = 128 ] && [ ! -s "$tmp/err" ]
ok $? "perf script, --import-dev=7,0: requests $(key "$tmp/sum" requests) (grep $want_n), 128 KiB"

# A comm with brackets survives the conversion.
"$RAVIZ" --headless --import="$srcdir/tests/data/import/bp-comm.blkparse" \
    --export=blkparse 2>/dev/null >"$tmp/bp"
grep -q ' D   R 2304 + 128 \[my \[odd\] task\]$' "$tmp/bp"
ok $? "conversion keeps the comm 'my [odd] task'"


# Export then import gives back the model's summary on every shared key.
shared='read_size sim_time_ns bytes_read throughput_mb_s reads requests
avg_request_kib max_request_kib common_request_kib device_busy_pct flushes
complete'
for args in "--bs=64k --file-size=2M" "--mode=fixed --bs=4k --file-size=1M" \
    "--mode=legacy --bs=1M --file-size=8M" \
    "--source=file --bs=2M --file-size=16M --device=hdd"; do
	# shellcheck disable=SC2086
	"$RAVIZ" --headless $args >"$tmp/model" &&
	"$RAVIZ" --headless $args --export=blkparse >"$tmp/bp" &&
	"$RAVIZ" --headless --import="$tmp/bp" >"$tmp/imp" 2>/dev/null
	ok $? "export and import of $args"
	bad=
	for k in $shared; do
		[ "$(key "$tmp/model" "$k")" = "$(key "$tmp/imp" "$k")" ] ||
			bad="$bad $k($(key "$tmp/model" "$k")/$(key "$tmp/imp" "$k"))"
	done
	[ -z "$bad" ]
	ok $? "round trip of $args keeps the summary${bad:+: differs:$bad}"
done
# The export is blkparse's layout: every line 7 fields or more, seq 1, 2...
"$RAVIZ" --headless --bs=64k --file-size=1M --export=blkparse >"$tmp/bp"
awk '$1 != "8,0" || $3 != NR || NF < 7 { bad = 1 } END { exit bad }' "$tmp/bp"
ok $? "export: device 8,0, sequence numbers 1, 2, ..."
grep -q ' D   R 0 + 256 \[dd\]$' "$tmp/bp"
ok $? "export: the first request issued as 'D R 0 + 256 [dd]'"

# A malformed file: exit 2, file:line:col: expected..., nothing on stdout.
"$RAVIZ" --headless --import="$srcdir/tests/data/import/bp-bad.blkparse" \
    >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st -eq 2 ] && [ ! -s "$tmp/out" ] &&
    grep -q "bp-bad.blkparse:3:50: expected 'SECTOR + COUNT'" "$tmp/err"
ok $? "malformed: exit $st, file:line:col, $(cat "$tmp/err")"
printf 'not a trace\n' >"$tmp/junk"
"$RAVIZ" --headless --import="$tmp/junk" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 2 ] && [ ! -s "$tmp/out" ] && grep -q 'junk:1:1: expected a block trace' "$tmp/err"
ok $? "not a trace: $(cat "$tmp/err")"
"$RAVIZ" --headless --import="$tmp/missing" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 2 ] && grep -q 'missing: No such file' "$tmp/err"
ok $? "missing file: $(cat "$tmp/err")"

# Option rules.
for bad in "--import=x" "--headless --import-dev=8,0" \
    "--headless --import=x --import-dev=8" "--export=blkparse" \
    "--headless --export=json" "--capture-out=x" \
    "--headless --import=x --capture=y"; do
	# shellcheck disable=SC2086
	"$RAVIZ" $bad >"$tmp/out" 2>"$tmp/err"
	[ $? -eq 2 ] && [ ! -s "$tmp/out" ] && [ -s "$tmp/err" ]
	ok $? "raviz $bad: exit 2, $(cat "$tmp/err")"
done
"$RAVIZ" --headless --import="$srcdir/tests/data/import/bp-twodev.blkparse" \
    --import-dev=8,0 >"$tmp/out" 2>"$tmp/err"
[ $? -eq 0 ] && [ ! -s "$tmp/err" ] && [ "$(key "$tmp/out" device)" = 8,0 ] &&
    [ "$(key "$tmp/out" max_request_kib)" = 4 ]
ok $? "--import-dev=8,0 picks the smaller device, quietly"

# The modules' boundaries: core (no curses, libev or ui/ header); the
# vocabulary, the pipeline state and the parsers also without the engine,
# through every header they include (tests/layers.sh checks the layers).
# The quoted includes of every file, "FILE HEADER" a line (names as
# written), made once: a sed per file visited for each root was most of
# what this test ran.
awk 'FNR == 1 { f = FILENAME; sub(/.*\/src\//, "", f) }
    /^[[:space:]]*#[[:space:]]*include[[:space:]]*"/ {
	h = $0; sub(/^[^"]*"/, "", h); sub(/".*/, "", h); print f, h }' \
    "$srcdir"/src/*.[ch] "$srcdir"/src/engine/*.[ch] "$srcdir"/src/ui/*.[ch] \
    >"$tmp/includes"
# reaches ERE FILE...: " FILE" for each FILE whose include closure holds a
# header matching ERE (one awk for them all).
reaches() {
	_re_e=$1
	shift
	awk -v re="$_re_e" -v roots="$*" '{ inc[$1] = inc[$1] " " $2 }
	END {
		nr = split(roots, r, " ")
		for (i = 1; i <= nr; i++) {
			delete seen
			todo = r[i]
			hit = 0
			while (todo != "" && !hit) {
				n = split(todo, q, " "); todo = ""
				for (k = 1; k <= n; k++) {
					if (q[k] in seen)
						continue
					seen[q[k]] = 1
					m = split(inc[q[k]], h, " ")
					for (x = 1; x <= m; x++) {
						if (h[x] ~ re)
							hit = 1
						todo = todo " " h[x]
					}
				}
			}
			if (hit)
				printf " %s", r[i]
		}
	}' "$tmp/includes"
}
bad=
for f in $(grep -lE '#include *[<"](n?curses|ncursesw/|ev\.h|term\.h|ui/|loop\.h|render)' \
    "$srcdir/src/blk.c" "$srcdir/src/blk.h" "$srcdir/src/pipe.c" \
    "$srcdir/src/pipe.h" "$srcdir/src/import.c" "$srcdir/src/import.h" \
    "$srcdir/src/import-int.h" "$srcdir/src/import-lex.c" \
    "$srcdir/src/import-tp.c" "$srcdir/src/import-pick.c" \
    "$srcdir/src/import-sum.c" "$srcdir/src/capture.c" \
    "$srcdir/src/capture.h" "$srcdir/src/export.c" "$srcdir/src/export.h"); do
	bad="$bad ${f##*/}"
done
for f in $(reaches '^(engine/|sim|opts\.h|export\.h|headless\.h)' blk.c blk.h \
    pipe.c pipe.h import.c import.h import-int.h import-lex.c import-tp.c \
    import-pick.c import-sum.c); do
	bad="$bad $f(engine)"
done
for f in $(reaches '^(import|report)\.h' blk.c blk.h pipe.c pipe.h); do
	bad="$bad $f(import)"
done
[ -z "$bad" ]
ok $? "real-trace modules include no curses/libev/ui; blk, pipe and import not the engine${bad:+:$bad}"
# ... and that check fails on a file that reaches the engine (and only on
# that one).
[ "$(reaches '^engine/sim\.h$' blk.c export.c pipe.c)" = " export.c" ]
ok $? "the include closure finds the engine through export.h"

# --capture without root: refused, named, nothing written.
cd "$tmp" || exit 1
if [ "$(id -u)" -eq 0 ]; then
	command -v setpriv >/dev/null 2>&1 || { ok 1 "setpriv (util-linux) is missing"; tap_done; exit; }
	run() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
else
	run() { "$@"; }
fi
run "$RAVIZ" --capture=/dev/null --capture-out="$tmp/cap.trace" \
    >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st -eq 2 ] && [ ! -e "$tmp/cap.trace" ] && grep -q 'needs root' "$tmp/err"
ok $? "--capture as a user: exit $st, $(cat "$tmp/err")"

# What cannot be captured is refused before anything is traced or
# written, with the reason, exit 2 (as root: a user is refused first for
# want of root; tracefs is not needed, it is asked for after the path).
if [ "$(id -u)" -eq 0 ]; then
	mkfifo "$tmp/fifo"
	: >"$tmp/empty"
	for c in "fifo:a FIFO; expected a regular file or a block device" \
	    "/proc/version:is no block device (tmpfs, procfs" \
	    "empty:the file reads 0 bytes" \
	    ".:a directory; expected a regular file"; do
		p=${c%%:*} want=${c#*:}
		case $p in /*) ;; *) p="$tmp/$p" ;; esac
		# A FIFO would block an open() for reading: a deadline.
		timeout 10 "$RAVIZ" --capture="$p" --capture-out="$tmp/cap.trace" \
		    >"$tmp/out" 2>"$tmp/err"
		st=$?
		[ $st -eq 2 ] && [ ! -s "$tmp/out" ] && grep -qF "$want" "$tmp/err" &&
		    [ -z "$(ls "$tmp" | grep '^cap\.trace')" ]
		ok $? "--capture=${p##*/}: exit $st, nothing written: $(cat "$tmp/err")"
	done
	if [ -d /dev/shm ] && echo data >/dev/shm/raviz-import-$$; then
		"$RAVIZ" --capture=/dev/shm/raviz-import-$$ \
		    --capture-out="$tmp/cap.trace" >"$tmp/out" 2>"$tmp/err"
		st=$?
		rm -f /dev/shm/raviz-import-$$
		[ $st -eq 2 ] && grep -q 'is no block device' "$tmp/err" &&
		    [ ! -e "$tmp/cap.trace" ]
		ok $? "--capture of a tmpfs file: exit $st, $(cat "$tmp/err")"
	fi
else
	echo "ok $((tap_n + 1)) # SKIP not root: the refusals of --capture come after its root check"
	tap_n=$((tap_n + 1))
fi
tap_done
