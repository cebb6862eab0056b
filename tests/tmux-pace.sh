#!/bin/sh
# tmux-pace.sh - playback in simulated time and the throughput sparkline,
# with the real binary in a private tmux server (env -i, TERM and LC_ALL
# fixed): --pace=time plays and the header shows "1 ms/s"; + and - change
# the rate, t goes back to events per second; --record writes "pace
# time" / "pace events", and the file checks and replays; at 120x40 the
# sparkline row is under the lanes, one per run in compare mode, and the
# buggy run's stall shows as empty columns.  Every wait polls with a deadline.
. "${srcdir:-.}/tests/tap.sh"
. "${srcdir:-.}/tests/tmux-lib.sh"
tl_setup raviz-pace

# start COLS ROWS CMD...: raviz in a fresh window, clean environment.
start() {
	w=$1
	h=$2
	shift 2
	tl_new "$w" "$h" "env -i TERM=xterm-256color LC_ALL=C.UTF-8 \
	    PATH=/usr/bin:/bin $*"
}
# event_no: the event number the header shows now.
event_no() {
	$T capture-pane -p | sed -n 's/.*event \([0-9][0-9]*\) .*/\1/p' | head -n 1
}

start 120 40 "'$RAVIZ' --pace=time"
expect "--pace=time: the header shows the pace, 1 ms/s" "PAUSED  1 ms/s"
$T send-keys Space
expect "space plays in time pace" "PLAYING  1 ms/s"
# The first events come within the first simulated millisecond.
i=0
while [ $i -lt 200 ] && [ "$(event_no)" -lt 5 ]; do nap 0.1; i=$((i + 1)); done
[ "$(event_no)" -ge 5 ]
ok $? "time pace plays: event $(event_no) on screen"
$T send-keys +
expect "+ doubles the rate: 2 ms/s" "PLAYING  2 ms/s"
$T send-keys - -
expect "- - slows it to 500 us/s" "PLAYING  500 us/s"
$T send-keys t
expect "t goes back to events per second" "PLAYING  10 events/s"
$T send-keys t
expect "t again: time pace at the rate it had" "PLAYING  500 us/s"

# The sparkline row at 120x40, under the lanes; the buggy run stalls.
# 5 jumps to T5 and pauses: PAUSED is awaited first.  The sparkline row
# and its "of 270 MB/s in 2ms" are on every frame while playing, so that
# text alone was found on the screen from before 5, and the row was then
# read before the jump.
$T send-keys 5
expect "5: T5, paused, time pace kept" "PAUSED  500 us/s"
expect "120x40: the sparkline row names its window and scale" \
    "of 270 MB/s in 2ms"
spark=$($T capture-pane -p | grep '^    MB/s ')
case $spark in
*"·▂▄"*) ok 0 "buggy: the stall is empty columns, then 256 KiB in a burst" ;;
*) ok 1 "buggy: the stall is empty columns, then 256 KiB in a burst"
	diag "$spark" ;;
esac
$T send-keys c
wait_for "FIXED - patch: no outer plug"
[ "$($T capture-pane -p | grep -c '^    MB/s .* MB/s in 2ms')" -eq 2 ]
ok $? "compare mode: one sparkline per run"
$T send-keys q
$T kill-server >/dev/null 2>&1

# 80x24: no sparkline row (the narration needs it), the pace still shown.
start 80 24 "'$RAVIZ' --pace=time"
expect "80x24: the header shows the pace" "PAUSED  1 ms/s"
! $T capture-pane -p | grep -q '^    MB/s '
ok $? "80x24: no sparkline row"
$T send-keys q
$T kill-server >/dev/null 2>&1

# Recording: the pace is a command like any other.
rec="$tmp/pace.demo"
start 80 24 "'$RAVIZ' --pace=time --record '$rec'"
wait_for "PAUSED  1 ms/s"
$T send-keys n
wait_for "event 1 "
$T send-keys t
wait_for "PAUSED  10 events/s"
$T send-keys q
i=0
while [ $i -lt 100 ] && ! grep -q '^# end of recording' "$rec" 2>/dev/null; do
	nap 0.1
	i=$((i + 1))
done
grep -q '^@0 +[0-9]*ms pace time$' "$rec" &&
    grep -q '^@1 +[0-9]*ms pace events$' "$rec"
rc=$?
ok $rc "--record writes 'pace time' and 'pace events'"
[ $rc -eq 0 ] || diag "$(cat "$rec")"
"$RAVIZ" --check "$rec" >"$tmp/out" 2>&1
ok $? "--check accepts the recording: $(cat "$tmp/out")"
"$RAVIZ" --headless "$rec" >"$tmp/out" 2>&1
ok $? "the recording replays headless"
printf 'raviz-demo 1\n@0 +0ms pace slow\n' >"$tmp/bad.demo"
"$RAVIZ" --check "$tmp/bad.demo" >"$tmp/out" 2>&1
[ $? -eq 2 ] && grep -q 'bad.demo:2' "$tmp/out" && grep -q 'events' "$tmp/out"
ok $? "'pace slow' is refused at file:line: $(cat "$tmp/out")"
"$RAVIZ" --pace=fast --headless >"$tmp/out" 2>&1
[ $? -eq 2 ] && grep -q -- '--pace' "$tmp/out"
ok $? "--pace=fast is refused: $(cat "$tmp/out")"
tap_done
