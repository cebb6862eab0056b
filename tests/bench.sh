#!/bin/sh
# bench.sh - `make bench`: headless summary time and peak memory per mode for
# 1 GiB, 64 GiB and 1 TiB files, and engine events per second.  Not part of
# make check: numbers, not assertions.
RAVIZ=${RAVIZ:-./raviz}

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
	printf '%-7s %-6s %10s %12s %10s %14s\n' "$m" "$sz" "$t" "$k" "$e" "$r"
}

printf '%-7s %-6s %10s %12s %10s %14s\n' mode file seconds peak_KiB events events/s
echo "# summaries (sim_run: repeated steady-state periods are jumped over, exactly)"
for m in buggy fixed legacy; do
	for sz in 1G 64G 1T; do
		row "$m" "$sz"
	done
done
echo "# every event stepped (--until=huge forces the event-by-event path)"
for m in buggy fixed legacy; do
	for sz in 1G 64G; do
		row "$m" "$sz" --until=999999999999
	done
done
