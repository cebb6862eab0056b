#!/bin/sh
# bench.sh - `make bench`: first the table of issue 27 (each figure, its
# goal and what is reached), then headless summary time and peak memory per
# mode for 1 GiB, 64 GiB and 1 TiB files, and engine events per second.
# Not part of make check: numbers, not assertions.  BENCH_TABLE_ONLY=1 stops
# after the table; BENCH_CHECK=0 leaves out its make check row.
RAVIZ=${RAVIZ:-./raviz}
# A trace goes to a scratch file (raviz writes no device: safefile.h).
tf=$(mktemp "${TMPDIR:-/tmp}/raviz-bench.XXXXXX")
trap 'rm -f "$tf"' EXIT

BENCH_TICK=${BENCH_TICK:-./tests/bench-tick}
BUILDDIR=${BUILDDIR:-.}

# ---- the table (issue 27): instructions where valgrind counts them ----

# ir CMD...: the instructions CMD executes (valgrind's cachegrind, without
# its cache simulation): the same count whatever the machine's load.
ir() {
	valgrind --tool=cachegrind --cache-sim=no \
	    --cachegrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
	    awk '/I *refs:/ { gsub(",", "", $NF); print $NF }'
}
# per A B N: (A - B) / N, rounded.
per() { awk -v a="$1" -v b="$2" -v n="$3" 'BEGIN { printf "%.0f", (a - b) / n }'; }
# events OPTION...: the events of a headless run stepping every event.
events() { "$RAVIZ" --headless --summary --no-skip "$@" | awk '/^events:/ { print $2 }'; }
# trow FIGURE GOAL REACHED: one row of the table.
trow() { printf '%-58s %-16s %s\n' "$1" "$2" "$3"; }

table() {
	echo "# issue 27: figure, goal, reached (instructions: valgrind)"
	command -v valgrind >/dev/null ||
	    { echo "valgrind not found: the table needs it"; return; }
	trow figure goal reached
	base=$(ir "$RAVIZ" --headless --summary --file-size=4k)

	# write() per frame: a playing screen under strace in tmux (as
	# tests/tmux-writes.sh): the most writes to the terminal in one turn
	# of the event loop.
	if command -v strace >/dev/null && command -v tmux >/dev/null; then
		w=
		for cfg in "80 24" "200 60" "80 24 c" "200 60 c"; do
			# shellcheck disable=SC2086
			w="$w $(writes $cfg)"
		done
		trow "write() calls per frame, playing (80x24 200x60; compare)" \
		    "1" "$w"
	else
		trow "write() calls per frame" "1" "(needs strace and tmux)"
	fi

	# CPU playing at 100000 events/s, 80x24: the application's ticks
	# and frames (tests/bench-tick), per tick, one run and compare.
	a=$(ir "$BENCH_TICK" 0 100); b=$(ir "$BENCH_TICK" 0 200)
	c=$(ir "$BENCH_TICK" 1 100); d=$(ir "$BENCH_TICK" 1 200)
	one=$(per "$b" "$a" 100); two=$(per "$d" "$c" 100)
	trow "playing 100k ev/s 80x24, instructions a tick: one / compare" \
	    "compare <= 1.5x" "$one / $two ($(awk -v a="$two" -v b="$one" \
	    'BEGIN { printf "%.2fx", a / b }'))"

	# --frames: instructions per 80x24 frame, and its bytes.
	n=2000
	f=$(ir "$RAVIZ" --headless --frames --until=$n)
	bytes=$("$RAVIZ" --headless --frames --until=$n | wc -c)
	trow "--frames, instructions per 80x24 frame (bytes/frame)" \
	    "<= 250k" "$(per "$f" "$base" $n) ($((bytes / n)))"

	# --trace=-: instructions per event, three read sizes.
	r=
	for o in "--file-size=1G" "--bs=64k --file-size=1G" \
	    "--bs=4k --file-size=256M"; do
		# shellcheck disable=SC2086
		t=$(ir "$RAVIZ" --headless --trace=- $o)
		# shellcheck disable=SC2086
		r="$r $(per "$t" "$base" "$(events $o)")"
	done
	trow "--trace=-, instructions per event (1M 64k 4k reads)" "<= 600" "$r"

	# The engine stepping every event, quietly (--no-skip).
	r=
	for o in "--file-size=1G" "--bs=4k --file-size=256M" \
	    "--bs=4k --max-request=4k --file-size=256M" \
	    "--bs=64k --ra=1M --max-request=4k --file-size=256M"; do
		# shellcheck disable=SC2086
		t=$(ir "$RAVIZ" --headless --summary --no-skip $o)
		# shellcheck disable=SC2086
		r="$r $(per "$t" "$base" "$(events $o)")"
	done
	trow "stepping, instructions per event (1M 4k 4k/4k 64k/1M/4k)" \
	    "<= 300" "$r"

	# The period found: 1 TiB summaries over the grid (bs x ra x device
	# x mode, 432 cells), CPU time per cell (perf's task-clock, best of
	# 3), the slowest with its instructions.
	grid432
	if [ "${BENCH_CHECK:-1}" != 0 ]; then
		trow "make -j8 check, wall seconds (the README's)" \
		    "<= 60" "$(check_time)"
	fi
}

# writes COLS ROWS [c]: the most writes to the terminal in one turn of the
# loop while raviz plays at 100000 events/s (compare mode with c).
writes() {
	wn=$((${wn:-0} + 1))
	S="tmux -L raviz-bench-$$-$wn -f /dev/null"
	st=${TMPDIR:-/tmp}/raviz-bench-st.$$
	$S new -d -x "$1" -y "$2" "env TERM=xterm-256color LC_ALL=C.UTF-8 \
	    strace -o $st -e trace='write,/^epoll_p?wait\$' $RAVIZ \
	    --file-size=1T; sleep 60"
	i=0
	while [ $i -lt 100 ] && ! $S capture-pane -p | grep -q PAUSED; do
		sleep 0.1; i=$((i + 1)); done
	[ -n "${3:-}" ] && $S send-keys c && sleep 0.5
	for i in 1 2 3 4 5 6 7 8 9 10 11 12; do $S send-keys +; done
	$S send-keys Space
	sleep 3
	$S send-keys q
	sleep 0.5
	$S kill-server
	awk '/epoll_p?wait\(/ { if (seen && w > max) max = w; seen = 1; w = 0
		next }
	    /^write\(1,/ { w++ } END { print max + 0 }' "$st"
	rm -f "$st"
}

# cpu_ms CMD...: CMD's CPU time in ms (perf's task-clock), or without perf
# its wall time.
cpu_ms() {
	if command -v perf >/dev/null; then
		perf stat -x, -e task-clock "$@" 2>&1 >/dev/null |
		    awk -F, '/task-clock/ { printf "%.1f", $1 }'
	else
		_t0=$(date +%s%N)
		"$@" >/dev/null 2>&1
		echo $((($(date +%s%N) - _t0) / 1000000))
	fi
}

# grid432: the 432 cells' CPU times, the slowest, the cells over 10 ms.
grid432() {
	worst=0 worst_cell= over=0 cells=0 slow=
	for bs in 4k 8k 12k 64k 1000k 1M; do
	 for ra in 128k 132k 1M 8M; do
	  for dev in report sata2 sata3 nvme hdd hdd-la-off; do
	   d="--device=$dev"
	   [ $dev = hdd-la-off ] && d="--device=hdd --idle-penalty=8330us --idle-threshold=0"
	   for m in buggy fixed legacy; do
		best=
		for k in 1 2 3; do
			# shellcheck disable=SC2086
			ms=$(cpu_ms "$RAVIZ" --headless --summary \
			    --file-size=1T --bs=$bs --ra=$ra $d --mode=$m)
			[ -z "$best" ] || awk -v a="$ms" -v b="$best" \
			    'BEGIN { exit !(a < b) }' && best=$ms
		done
		cells=$((cells + 1))
		awk -v a="$best" 'BEGIN { exit !(a > 10) }' && over=$((over + 1)) &&
		    slow="$slow
    $best ms: --bs=$bs --ra=$ra $d --mode=$m"
		if awk -v a="$best" -v b="$worst" 'BEGIN { exit !(a > b) }'; then
			worst=$best
			worst_cell="--bs=$bs --ra=$ra $d --mode=$m"
		fi
	   done
	  done
	 done
	done
	# shellcheck disable=SC2086
	wi=$(ir "$RAVIZ" --headless --summary --file-size=1T $worst_cell)
	trow "period found: 1T summary, worst of $cells cells, CPU ms" \
	    "<= 10 ms" "$worst ms, $((wi / 1000000))M instructions ($worst_cell); $over over 10 ms"
	[ -z "$slow" ] || echo "  cells over 10 ms (CPU):$slow"
	# The cells of 4 KiB requests (the former chaotic ones, GRID_OPTS).
	r=
	for c in "--bs=4k --ra=128k" "--bs=64k --ra=128k" "--bs=4k --ra=1M" \
	    "--bs=64k --ra=1M"; do
		# shellcheck disable=SC2086
		wi=$(ir "$RAVIZ" --headless --summary --file-size=1T $c \
		    --max-request=4k)
		r="$r $((wi / 1000000))M"
	done
	trow "  4 KiB requests, 1T (4k 64k reads; 128k 1M ra), instr." "-" "$r"
}

# check_time: the wall time of the README's make -j8 check.
check_time() {
	t0=$(date +%s)
	make -C "$BUILDDIR" -j8 check >/dev/null 2>&1 ||
	    { echo "make check failed"; return; }
	echo $(($(date +%s) - t0))
}

table
[ "${BENCH_TABLE_ONLY:-0}" = 1 ] && exit 0
echo

# row MODE SIZE [OPTION...]: one timed run, one line of the table.
row() {
	m=$1 sz=$2
	shift 2
	out=$(/usr/bin/time -f 'TIME %e %M' "$RAVIZ" --headless --mode="$m" \
	    --file-size="$sz" "$@" 2>&1) || { echo "$m $sz: failed"; return; }
	t=$(echo "$out" | awk '/^TIME/ {print $2}')
	k=$(echo "$out" | awk '/^TIME/ {print $3}')
	e=$(echo "$out" | awk '/^events:/ {print $2}')
	r=$(awk -v e="$e" -v t="$t" 'BEGIN { if (t > 0) printf "%.0f", e / t; else print "-" }')
	printf '%-7s %-6s %10s %12s %10s %14s %s\n' "$m" "$sz" "$t" "$k" "$e" \
	    "$r" "$*"
}

printf '%-7s %-6s %10s %12s %10s %14s %s\n' mode file seconds peak_KiB events events/s \
    options
echo "# summaries (sim_run: repeated steady-state periods are jumped over, exactly)"
for m in buggy fixed legacy; do
	for sz in 1G 64G 1T; do
		row "$m" "$sz"
	done
done
echo "# every event stepped (a trace forces the event-by-event path; JSON included)"
for m in buggy fixed legacy; do
	for sz in 1G 4G; do
		row "$m" "$sz" --trace="$tf" --force --summary
	done
done
echo "# deep queues (the link's heap of ready commands, batch completions)"
row buggy 1G --ra=256M --max-request=4k
row buggy 1G --qd=1024 --ra=256M --max-request=4k
row buggy 1G --qd=4096 --ra=64M --max-request=4k --bs=1000k
row buggy 256M --device=hdd --qd=1024 --ra=16M --max-request=4k --bs=4k

# The scaling table of issue 12: summary time by file size for the option
# sets that once defeated period skipping, and the growth from 1 GiB to
# 1 TiB (1024 times the work when stepping every event).  Each cell is the
# best of up to 5 runs, in milliseconds; a run is cut off at $BENCH_TIMEOUT
# seconds (default 120).
BENCH_TIMEOUT=${BENCH_TIMEOUT:-120}

# cell SIZE OPTION...: best wall time in ms, or ">Ns" when cut off.
cell() {
	sz=$1
	shift
	best=
	for i in 1 2 3 4 5; do
		t0=$(date +%s%N)
		timeout "$BENCH_TIMEOUT" "$RAVIZ" --headless --summary \
		    --file-size="$sz" "$@" >/dev/null 2>&1
		st=$?
		t1=$(date +%s%N)
		if [ $st -ne 0 ]; then
			[ $st -eq 124 ] && echo ">${BENCH_TIMEOUT}s" || echo "failed"
			return
		fi
		ms=$(( (t1 - t0) / 1000000 ))
		[ -z "$best" ] || [ "$ms" -lt "$best" ] && best=$ms
		# One slow run says enough.
		[ "$ms" -gt 1000 ] && break
	done
	echo "$best"
}

echo
echo "# summary time (ms) by file size; growth = 1T / 1G"
printf '%-26s %8s %8s %8s %8s %8s\n' options 1G 16G 64G 1T growth
for o in "--bs=4k --max-request=4k" "--bs=4k" "--bs=1000k" "--ra=132k" ""; do
	# shellcheck disable=SC2086
	a=$(cell 1G $o) b=$(cell 16G $o) c=$(cell 64G $o) d=$(cell 1T $o)
	g=$(awk -v a="$a" -v d="$d" 'BEGIN {
		if (d ~ />/ || a ~ />/) print "-";
		else printf "%.1fx", (d + 0.5) / (a + 0.5) }')
	printf '%-26s %8s %8s %8s %8s %8s\n' "${o:-(defaults)}" "$a" "$b" "$c" \
	    "$d" "$g"
done

# The grid of issue 12's "done when": 1 TiB summaries over read size x
# readahead x device x mode, each cell one timed run in ms (cut off at
# $GRID_TIMEOUT seconds, default 10), then the slowest cell and the cells
# that took a second or more.  $GRID_OPTS adds options to every cell (e.g.
# GRID_OPTS=--max-request=4k, where processor sharing never repeated).
GRID_TIMEOUT=${GRID_TIMEOUT:-10}
GRID_SIZE=${GRID_SIZE:-1T}
GRID_OPTS=${GRID_OPTS:-}

echo
echo "# grid: $GRID_SIZE summaries $GRID_OPTS, ms (cut off at ${GRID_TIMEOUT}s)"
printf '%-5s %-5s %-7s %8s %8s %8s\n' bs ra device buggy fixed legacy
slow= worst=0 worst_cell=
for bs in 4k 64k 1M; do
	for ra in 128k 1M; do
		for dev in report nvme hdd; do
			line=
			for m in buggy fixed legacy; do
				t0=$(date +%s%N)
				timeout "$GRID_TIMEOUT" "$RAVIZ" --headless --summary \
				    --file-size="$GRID_SIZE" --bs="$bs" --ra="$ra" \
				    --device="$dev" --mode="$m" $GRID_OPTS \
				    >/dev/null 2>&1
				st=$?
				t1=$(date +%s%N)
				ms=$(( (t1 - t0) / 1000000 ))
				if [ $st -eq 124 ]; then
					ms=">${GRID_TIMEOUT}000"
					v=$(( GRID_TIMEOUT * 1000 ))
				elif [ $st -ne 0 ]; then
					ms=failed v=0
				else
					v=$ms
				fi
				cell="--bs=$bs --ra=$ra --device=$dev --mode=$m"
				cell="$cell${GRID_OPTS:+ $GRID_OPTS}"
				[ "$v" -ge 1000 ] && slow="$slow
  $cell: $ms ms"
				if [ "$v" -gt "$worst" ]; then
					worst=$v worst_cell=$cell
				fi
				line="$line $(printf '%8s' "$ms")"
			done
			printf '%-5s %-5s %-7s%s\n' "$bs" "$ra" "$dev" "$line"
		done
	done
done
echo "slowest: $worst_cell ($worst ms)"
echo "cells of 1 s or more:${slow:- none}"

# The cells that never repeated under processor sharing (issue 21): with
# --max-request=4k, 4 KiB and 64 KiB reads on report and sata2.  Under
# processor sharing each took 121-150 s for 1 TiB (it stepped every event);
# with the link's 512-byte turns each repeats.  Per cell: the 1 TiB summary
# (best of up to 5, ms) and whether the summary of $CHAOS_CHECK (default
# 16G, where each cell skips) equals the one of every event stepped
# (--no-skip), byte for byte.
CHAOS_CHECK=${CHAOS_CHECK:-16G}
echo
echo "# former chaotic cells (--max-request=4k): 1T summary ms; skip == step at $CHAOS_CHECK"
printf '%-44s %8s %8s\n' cell 1T equal
for c in "--bs=4k --ra=128k --device=report --mode=buggy" \
    "--bs=4k --ra=128k --device=sata2 --mode=buggy" \
    "--bs=64k --ra=128k --device=report --mode=buggy" \
    "--bs=64k --ra=128k --device=sata2 --mode=buggy" \
    "--bs=64k --ra=1M --device=report --mode=buggy" \
    "--bs=64k --ra=1M --device=report --mode=fixed" \
    "--bs=64k --ra=1M --device=sata2 --mode=buggy" \
    "--bs=64k --ra=1M --device=sata2 --mode=fixed"; do
	# shellcheck disable=SC2086
	t=$(cell 1T $c --max-request=4k)
	# shellcheck disable=SC2086
	a=$("$RAVIZ" --headless --summary --file-size="$CHAOS_CHECK" $c \
	    --max-request=4k)
	# shellcheck disable=SC2086
	b=$("$RAVIZ" --headless --summary --file-size="$CHAOS_CHECK" $c \
	    --max-request=4k --no-skip)
	[ -n "$a" ] && [ "$a" = "$b" ] && eq=yes || eq=NO
	printf '%-44s %8s %8s\n' "$c" "$t" "$eq"
done

# A nanosecond does not grow: two runs whose access latency differs by
# 1 ns, compared completion by completion (the k-th completion of one
# against the k-th of the other): the largest gap in each eighth of the
# run.  Every time is a sum of latencies and whole units of the link, so a
# nanosecond adds at most a nanosecond per latency on the way; under
# processor sharing the first rows grew to 55-611 us (chaos).
# divergence OPTION...: the largest |t_a - t_b| in each eighth of the run.
divergence() {
	for l in 60000ns 60001ns; do
		"$RAVIZ" --headless --trace=- --file-size=128M --latency="$l" "$@" |
		    awk -F'"t_ns":' '/"ev":"complete"/ { split($2, a, ","); print a[1] }' \
		    >"${TMPDIR:-/tmp}/raviz-bench-$l.$$"
	done
	paste "${TMPDIR:-/tmp}/raviz-bench-60000ns.$$" \
	    "${TMPDIR:-/tmp}/raviz-bench-60001ns.$$" | awk '
	{ d[NR] = $1 - $2; if (d[NR] < 0) d[NR] = -d[NR] }
	END {
		b = int((NR + 7) / 8)
		printf " %6d/8", b
		for (i = 1; i <= NR; i++) {
			if (d[i] > m) m = d[i]
			if (i % b == 0 || i == NR) { printf " %7d", m; m = 0 }
		}
		print ""
	}'
	rm -f "${TMPDIR:-/tmp}"/raviz-bench-6000[01]ns.$$
}
echo
echo "# latency 60us vs 60.001us, 128 MiB: completions per eighth, largest completion-time gap (ns) in each"
for o in "--bs=4k --max-request=4k" "--bs=64k --max-request=4k" \
    "--bs=64k --ra=1M --max-request=4k" \
    "--mode=fixed --bs=64k --ra=1M --max-request=4k" \
    "--mode=fixed --bs=4k --max-request=4k" "--bs=4k --ra=1M --max-request=4k"; do
	printf '%-46s' "$o"
	# shellcheck disable=SC2086
	divergence $o
done
