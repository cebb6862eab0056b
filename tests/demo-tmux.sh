#!/bin/sh
# demo-tmux.sh - recording and interactive replay with the real binary in a
# private tmux server (80x24, env -i, TERM and LC_ALL fixed).  Record a
# session, kill raviz with SIGKILL half-way, then --check the file and
# replay it headless: it plays up to the last command before the kill.
# Also: --record refuses to overwrite, and a lesson replays on the screen
# (caption shown, pause waits for Enter).  Every wait polls with a deadline.
. "${srcdir:-.}/tests/tap.sh"
. "${srcdir:-.}/tests/tmux-lib.sh"
tl_setup raviz-demo
absrc=$(cd "$srcdir" && pwd)
TL_CAPTURE=-pJ

# start CMD...: raviz in a fresh 80x24 window, clean environment.
start() {
	tl_new 80 24 "env -i TERM=xterm-256color LC_ALL=C.UTF-8 \
	    RAVIZ_DATADIR='$absrc' PATH=/usr/bin:/bin $*"
}
# file_lines FILE N: poll until FILE has at least N '@' lines.
file_lines() {
	i=0
	while [ $i -lt 100 ]; do
		[ "$(grep -c '^@' "$1" 2>/dev/null)" -ge "$2" ] && return 0
		nap 0.1
		i=$((i + 1))
	done
	return 1
}

# Record, then SIGKILL.
rec="$tmp/rec.demo"
start "'$RAVIZ' --record '$rec' --file-size=8M"
expect "raviz --record shows the screen" "PAUSED"
$T send-keys 3
file_lines "$rec" 1
$T send-keys p
file_lines "$rec" 2
$T send-keys n
file_lines "$rec" 3
$T send-keys n
file_lines "$rec" 4
ok $? "each command is in the file as soon as it has run"
pid=$($T list-panes -F '#{pane_pid}')
rpid=$(child_pid "$pid" raviz)
# The pane runs sh -c; raviz is its child (or the pane process itself).
[ -n "$rpid" ] || rpid=$pid
kill -9 "$rpid"
i=0
while kill -0 "$rpid" 2>/dev/null && [ $i -lt 100 ]; do
	nap 0.1
	i=$((i + 1))
done
! kill -0 "$rpid" 2>/dev/null
ok $? "raviz killed with SIGKILL"
[ "$(grep -c '^@' "$rec")" -eq 4 ] && [ "$(tail -c 1 "$rec" | od -An -c | tr -d ' ')" = '\n' ]
ok $? "the file ends with the 4th complete command line"
grep -q '^# end of recording' "$rec"
[ $? -ne 0 ]
ok $? "no closing comment (raviz never got to close it)"
"$RAVIZ" --check "$rec" >"$tmp/out" 2>"$tmp/err"
ok $? "--check accepts the killed recording: $(cat "$tmp/out" "$tmp/err")"
"$RAVIZ" --headless --frames "$rec" >"$tmp/frames" 2>"$tmp/err"
[ $? -eq 0 ] && [ ! -s "$tmp/err" ]
ok $? "headless replay of the killed recording exits 0, quietly"
grep -q '^--- @[0-9]* +[0-9]*ms jump 3 ---$' "$tmp/frames" &&
    grep -q '^--- @[0-9]* +[0-9]*ms plug ---$' "$tmp/frames" &&
    [ "$(grep -c '^--- @[0-9]* +[0-9]*ms step 1 ---$' "$tmp/frames")" -eq 2 ]
ok $? "the replay carries out jump 3, plug, step, step"
# The replay ends where the recorded session was: T3 + 2 events, fixed
# pending at the next read().
last=$(grep '^--- @' "$tmp/frames" | tail -n 1 | sed 's/^--- @\([0-9]*\) .*/\1/')
tail -n 24 "$tmp/frames" | grep -q "event $((last + 1)) .*(fixed at next read())"
ok $? "it plays to the point of the kill (event $((last + 1)), fixed pending)"
$T kill-server >/dev/null 2>&1

# --record never overwrites without --force.
start "'$RAVIZ' --record '$rec' --file-size=8M; echo EXIT=\$?"
expect "--record on an existing file: exit 2" "EXIT=2"
expect "... with a message naming --force" \
    "the file exists (--force replaces it)"
start "'$RAVIZ' --record '$rec' --force --file-size=8M; echo EXIT=\$?"
wait_for "PAUSED"
$T send-keys n
file_lines "$rec" 1
$T send-keys q
expect "--record --force overwrites, q quits with 0" "EXIT=0"
grep -q '^# end of recording: 1 items$' "$rec" &&
    [ "$(grep -c '^@' "$rec")" -eq 1 ]
ok $? "a clean exit closes the file with its comment"

# A lesson replays on the screen: caption, pause, Enter, pace.
start "'$RAVIZ' --demo moments"
expect "--demo moments shows its first caption" "dd asks for 1 MiB per read()"
$T send-keys ']' ']' ']'
expect "the pause item waits for a key" "[Enter]"
$T send-keys Enter
expect "Enter continues to T1" "T1: page 0 is missing"
$T send-keys n
expect "an ordinary key takes over: the demo holds" "[held: Enter]"
$T send-keys Enter
expect "Enter resumes the demo" "demo resumed"
$T send-keys q

# Compare mode shows the caption and the prompt too (a lesson never looks
# frozen), with the figures filled from the engine.
start "'$RAVIZ' --demo nvme"
expect "--demo nvme: the first caption, its figures filled from the engine" \
    "An NVMe drive: 3000 MB/s, 80us per command, 1023 in flight."
$T send-keys ']' ']' ']'
wait_for "answers at once.  [Enter]"
$T send-keys Enter
expect "compare mode shows the caption and the [Enter] prompt" \
    "Compare: buggy above, fixed below, on one clock.  [Enter]"
$T capture-pane -p >"$tmp/cmp"
grep -q "^BUGGY" "$tmp/cmp" && grep -q "^FIXED" "$tmp/cmp"
ok $? "... below both halves"
$T send-keys Enter
expect "Enter goes on to T5 in compare mode" \
    "At T5 the buggy reader still waits for 256 KiB at a time.  [Enter]"
$T send-keys q

# restart MODE: the header names the mode the run is in from event 0.
cat >"$tmp/rf.demo" <<'EOF2'
raviz-demo 1
set file-size 1M
@0 +0ms restart fixed
@0 +0ms caption "restarted in mode {mode}"
@0 +0ms pause
EOF2
start "'$RAVIZ' '$tmp/rf.demo'"
expect "restart fixed, then a caption naming the mode" \
    "restarted in mode fixed  [Enter]"
$T capture-pane -p | head -n 1 | grep -q "^FIXED"
ok $? "the header says FIXED at event 0: $($T capture-pane -p | head -n 1)"
$T send-keys q

# Every scenario option is recorded (issue 13 item 12): a --plug-limit=1
# session replays with the events of --plug-limit=1, not of the default.
sc="--plug-limit=1 --file-size=8M --ra=2M"
want=$("$RAVIZ" --headless $sc | grep '^events:')
rm -f "$rec"
start "'$RAVIZ' --record '$rec' $sc; echo EXIT=\$?"
wait_for "PAUSED"
$T send-keys G
file_lines "$rec" 1
$T send-keys q
wait_for "EXIT=0"
grep -qx 'set plug-limit 1' "$rec"
ok $? "--record writes 'set plug-limit 1'"
got=$("$RAVIZ" --headless "$rec" 2>"$tmp/err" | grep '^events:')
[ -n "$want" ] && [ "$got" = "$want" ] && [ ! -s "$tmp/err" ]
ok $? "the recording replays with the recorded plug limit ($got, want $want)"
$T kill-server >/dev/null 2>&1

tap_done
