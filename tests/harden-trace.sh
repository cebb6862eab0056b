#!/bin/sh
# harden-trace.sh - hostile and careless traces (issue 22, items 2, 3, 6
# and the trace parts of 8), through the real binary: a request larger
# than any kernel can make is refused naming the bound, and the largest
# one a kernel can make costs no memory for its size; traces of the
# shapes that were quadratic (issue/complete only, issues that never
# complete, all-different sizes) open in linear time; more than 16
# devices; read() lengths past 32 bits; times past 2^64 ns; a trace too
# large is refused on its size, before it is read.
#
# The linear-time checks give the run a CPU-time cap (capped(), tap.sh): a
# few times what it needs (the most, the first frame of 320,000 issues that
# never complete: 1.8 s of 5 on this project's VMs), where the quadratic
# code took minutes.
. "${srcdir:-.}/tests/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# ic N FILE: an issue/complete-only ftrace trace (the blk-mq shape) of N
# 128 KiB reads; "nc" as a third word: issues only, never completed;
# "diff": every request a different size; "pids": each issued by a
# different task.
ic() {
	awk -v n="$1" -v shape="${3:-}" 'BEGIN {
		print "# tracer: nop"
		for (i = 0; i < n; i++) {
			s = shape == "diff" ? i * 100000 : i * 256
			z = shape == "diff" ? 8 + i : 256
			t = 100 + i * 0.00006
			pid = shape == "pids" ? 1000 + i : 4242
			printf "             fio-%d    [001] .....  %.6f: block_rq_issue: 8,0 R %d () %d + %d be,0,4 [fio]\n", pid, t, z * 512, s, z
			if (shape != "nc")
				printf "          <idle>-0       [001] ..s1.  %.6f: block_rq_complete: 8,0 R () %d + %d be,0,4 [0]\n", t + 0.00001, s, z
		}
	}' >"$2"
}

# 200,000 tasks, each issuing one read, converted to blktrace's format:
# each task is named once, before its first event - a search of a list of
# those named already made it quadratic (60,000 tasks: 1.8 s of CPU).
ic 200000 "$tmp/pids.trace" pids
capped 3 "$RAVIZ" --headless --import="$tmp/pids.trace" \
    --export=blktrace="$tmp/pids" >"$tmp/out" 2>"$tmp/err"
st=$?
[ "$st" = 0 ] && [ -s "$tmp/pids/sda.blktrace.0" ]
ok $? "200,000 tasks exported as a blktrace file in linear time (exit $st)" \
    "<$tmp/err"
rm -rf "$tmp/pids" "$tmp/pids.trace"

# ---- item 2: a request of 4294967295 sectors (97 bytes) ----
printf '%s\n' 'dd-1 [000] 1.000000: block_rq_issue: 8,0 R 0 () 0 + 4294967295 [dd]' \
    >"$tmp/huge.trace"
"$RAVIZ" --headless --import="$tmp/huge.trace" >"$tmp/out" 2>"$tmp/err"
st=$?
[ "$st" = 2 ] && [ ! -s "$tmp/out" ] &&
    grep -q "huge.trace:1:[0-9]*: 4294967295 sectors: larger than any kernel request (at most 8388607 sectors" "$tmp/err"
ok $? "a request of 2^32-1 sectors: refused (exit 2) naming the kernel's bound" \
    "status $st" "<$tmp/err"
"$RAVIZ" --headless --import="$tmp/huge.trace" --frames --until=1 \
    >"$tmp/out" 2>"$tmp/err"
st=$?
[ "$st" = 2 ] && [ ! -s "$tmp/out" ]
ok $? "... and for --frames too (exit $st)"

# The largest request a kernel can make is shown (tests/check_view.c: the
# view's memory does not grow with a request's size).
printf '%s\n' 'dd-1 [000] 1.000000: block_rq_issue: 8,0 R 0 () 0 + 8388607 [dd]' \
    >"$tmp/big.trace"
"$RAVIZ" --headless --import="$tmp/big.trace" --frames --until=1 \
    >"$tmp/out" 2>"$tmp/err"
st=$?
[ "$st" = 0 ] &&
    grep -q "issue: 4194303 KiB at sector 0 to the device" "$tmp/out"
ok $? "a request of 4 GiB less 512 bytes, the largest a kernel makes, is shown (exit $st)"

# ---- item 3: traces of the shapes that were quadratic ----
ic 90000 "$tmp/ic.trace"
sz=$(wc -c <"$tmp/ic.trace")
capped 5 "$RAVIZ" --headless --import="$tmp/ic.trace" --frames --until=1 \
    >"$tmp/out" 2>"$tmp/err"
st=$?
[ "$st" = 0 ] && grep -q "^--- event 1 ---" "$tmp/out"
ok $? "issue/complete trace of $sz bytes: its first frame within 5 s of CPU (exit $st; it took minutes)"
capped 5 "$RAVIZ" --headless --import="$tmp/ic.trace" >"$tmp/out" 2>"$tmp/err"
[ "$(key "$tmp/out" requests)" = 90000 ]
ok $? "... and its summary: 90000 requests"
ic 320000 "$tmp/nc.trace" nc
capped 5 "$RAVIZ" --headless --import="$tmp/nc.trace" >"$tmp/out" 2>"$tmp/err"
st=$?
[ "$st" = 0 ] && [ "$(key "$tmp/out" requests)" = 320000 ] &&
    [ "$(key "$tmp/out" complete)" = no ]
ok $? "320000 issues that never complete: the summary within 5 s of CPU (exit $st)"
capped 5 "$RAVIZ" --headless --import="$tmp/nc.trace" --frames --until=1 \
    >/dev/null 2>&1
ok $? "... and the first frame"
ic 160000 "$tmp/diff.trace" diff
capped 5 "$RAVIZ" --headless --import="$tmp/diff.trace" >"$tmp/out" 2>"$tmp/err"
st=$?
[ "$st" = 0 ] && [ "$(key "$tmp/out" requests)" = 160000 ] &&
    [ "$(key "$tmp/out" max_request_kib)" = 80003 ] &&
    [ "$(key "$tmp/out" common_request_kib)" = 80003 ]
ok $? "160000 requests of all-different sizes: the summary within 5 s of CPU (exit $st)" \
    "$(grep request "$tmp/out")"
capped 5 "$RAVIZ" --headless --import="$tmp/diff.trace" --frames --until=1 \
    >/dev/null 2>&1
ok $? "... and the first frame"

# ---- item 6: more than 16 devices ----
# 8,0 ... 8,240 read one page each, 8,256 (the 17th) ten: it has the most.
awk 'BEGIN {
	print "# tracer: nop"
	for (d = 0; d < 17; d++)
		for (i = 0; i < (d < 16 ? 1 : 10); i++) {
			t = 1 + (d * 10 + i) * 0.0001
			printf "dd-1 [000] %.6f: block_rq_issue: 8,%d R 4096 () %d + 8 [dd]\n", t, d * 16, i * 8
			printf "dd-1 [000] %.6f: block_rq_complete: 8,%d R () %d + 8 [0]\n", t + 0.00001, d * 16, i * 8
		}
}' >"$tmp/dev17.trace"
"$RAVIZ" --headless --import="$tmp/dev17.trace" >"$tmp/out" 2>"$tmp/err"
grep -q "device 8,256 (the most data read" "$tmp/err" &&
    [ "$(key "$tmp/out" requests)" = 10 ]
ok $? "17 devices: the 17th, with the most data read, is the one taken" \
    "<$tmp/err"
"$RAVIZ" --headless --import="$tmp/dev17.trace" --import-dev=8,256 \
    >"$tmp/out" 2>"$tmp/err"
[ "$(key "$tmp/out" requests)" = 10 ]
ok $? "--import-dev=8,256 finds the 17th device's events" "<$tmp/err"
# 300 devices: the note lists the first ones and says how many more.
awk 'BEGIN { print "# tracer: nop"
	for (d = 0; d < 300; d++)
		printf "dd-1 [000] %.6f: block_rq_issue: 8,%d R 4096 () 0 + 8 [dd]\n", 1 + d * 0.0001, d
}' >"$tmp/dev300.trace"
"$RAVIZ" --headless --import="$tmp/dev300.trace" >/dev/null 2>"$tmp/err"
grep -qE "devices in the trace: 8,0 8,1 .* and [0-9]+ more;" "$tmp/err"
ok $? "300 devices: the note says how many it does not list" "<$tmp/err"

# ---- item 8: read() lengths past 32 bits, times past 2^64 ns ----
cat >"$tmp/rd.trace" <<'EOF'
# tracer: nop
 dd-1 [000] ..... 1.000000: tracing_mark_write: raviz read_begin offset=0 len=4294971392
 dd-1 [000] ..... 1.000001: block_rq_issue: 8,0 R 4096 () 0 + 8 [dd]
 dd-1 [000] ..... 1.000002: block_rq_complete: 8,0 R () 0 + 8 [0]
 dd-1 [000] ..... 1.000003: tracing_mark_write: raviz read_end offset=0 len=4294971392
EOF
"$RAVIZ" --headless --import="$tmp/rd.trace" >"$tmp/out" 2>/dev/null
[ "$(key "$tmp/out" read_size)" = 4294971392 ]
ok $? "a read() of 4 GiB + 4 KiB: read_size $(key "$tmp/out" read_size), not cut to 32 bits"
for fmt in ftrace blkparse; do
	if [ $fmt = ftrace ]; then
		printf '%s\n' 'dd-1 [000] 18446744073.709551616: block_rq_issue: 8,0 R 0 () 0 + 8 [dd]'
	else
		printf '%s\n' '  8,0    0        1 18446744073.709551616  4242  D   R 0 + 8 [dd]'
	fi >"$tmp/late.trace"
	"$RAVIZ" --headless --import="$tmp/late.trace" >"$tmp/out" 2>"$tmp/err"
	st=$?
	[ "$st" = 2 ] && [ ! -s "$tmp/out" ] &&
	    grep -q "late.trace:1:[0-9]*: a time past 2^64 ns" "$tmp/err"
	ok $? "$fmt: a time past 2^64 ns is refused, not wrapped (exit $st)" \
	    "<$tmp/err"
done
printf '%s\n' 'dd-1 [000] 18446744073.709551615: block_rq_issue: 8,0 R 0 () 0 + 8 [dd]' \
    >"$tmp/last.trace"
"$RAVIZ" --headless --import="$tmp/last.trace" >"$tmp/out" 2>/dev/null
ok $? "... and the last one that can be counted is taken"

# ---- item 8: CRLF line ends ----
# A trace saved with CRLF line ends is the same trace; a CR inside a line
# is named as such.
for f in ftrace-pipe.txt bp-mq.blkparse; do
	sed 's/$/\r/' "$srcdir/tests/data/import/$f" >"$tmp/crlf-$f"
	"$RAVIZ" --headless --import="$srcdir/tests/data/import/$f" \
	    >"$tmp/lf.out" 2>/dev/null
	"$RAVIZ" --headless --import="$tmp/crlf-$f" >"$tmp/crlf.out" \
	    2>"$tmp/err"
	st=$?
	[ $st = 0 ] && cmp -s "$tmp/lf.out" "$tmp/crlf.out"
	ok $? "$f with CRLF line ends: the same summary (exit $st)" \
	    "<$tmp/err"
done
printf 'dd-1 [000] 1.0: block_rq_issue: 8,0 R 0 () 0 + 8\r [dd]\n' \
    >"$tmp/cr.trace"
"$RAVIZ" --headless --import="$tmp/cr.trace" >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st = 2 ] && grep -q "cr.trace:1:[0-9]*: expected text, found a carriage return (CR) inside the line" "$tmp/err"
ok $? "a CR inside a line is named (exit $st)" "<$tmp/err"

# ---- item 8: a trace too large is refused on its size ----
# 100 GiB of holes, with the bound lifted to 64 GiB: read whole first, it
# took 64 GiB of memory to be refused.
if truncate -s 100G "$tmp/sparse.trace" 2>/dev/null; then
	capped 5 "$RAVIZ" --headless --limit=trace-bytes=64G \
	    --import="$tmp/sparse.trace" >"$tmp/out" 2>"$tmp/err"
	st=$?
	[ "$st" = 2 ] && grep -q "sparse.trace: larger than the limit of 64 GiB for an imported trace (--limit=trace-bytes=SIZE lifts it)" "$tmp/err"
	ok $? "a 100 GiB trace: refused on its size, naming the bound and --limit (exit $st)" \
	    "<$tmp/err"
	rm -f "$tmp/sparse.trace"
else
	ok 1 "truncate -s 100G: no sparse file here (coreutils truncate)"
fi
"$RAVIZ" --headless --limit=trace-bytes=1k \
    --import="$srcdir/tests/data/captures/loop-dio-ra128-bs4k.trace" \
    >"$tmp/out" 2>"$tmp/err"
st=$?
[ "$st" = 2 ] && grep -q "larger than the limit of 1 KiB for an imported trace (--limit=trace-bytes=SIZE lifts it)" "$tmp/err"
ok $? "--limit=trace-bytes=1k lowers the bound (exit $st)"
tap_done
