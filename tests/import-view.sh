#!/bin/sh
# import-view.sh - a real trace on the screen (TAP): headless frames of the
# committed 64 KiB capture (a golden, read by hand: the plug list holding
# the request, the unplug, the issue, the reader asleep until the
# completion, the copy), the same twice; then the interactive program in
# tmux animates the capture with the normal keys (step, back, G, g), c
# puts the model beside it on one clock - today's kernel configured from
# the trace, on its device as measured - m switches the model half, and
# the keys a trace has no use for say so; q restores the terminal.
. "${srcdir:-.}/tests/tap.sh"
set -u
. "${srcdir:-.}/tests/tmux-lib.sh"
tl_setup raviz-impview
cap="$srcdir/tests/data/captures/loop-dio-ra128-bs64k.trace"

# Headless frames: the first two read() calls, as the screen draws them.
"$RAVIZ" --headless --import="$cap" --frames --until=16 >"$tmp/f" \
    2>"$tmp/err"
ok $? "--headless --import --frames --until=16 exits 0"
[ "$(grep -c '^--- event' "$tmp/f")" = 16 ]
ok $? "16 frames"
golden "import/frames-bs64k-16.txt" "$tmp/f"

# A trace without read() markers says what it does not know (issue 25):
# the read size unknown, no reader drawn, MB/s from completed requests
# (128 KiB in 498 us), no stall figure, and an unplug whose kind an ftrace
# line does not tell is not called explicit.
"$RAVIZ" --headless --import="$srcdir/tests/data/import/ftrace-pipe.txt" \
    --frames --until=4 >"$tmp/nm" 2>"$tmp/err"
last=$(sed -n '/^--- event 4 ---$/,$p' "$tmp/nm")
printf '%s\n' "$last" | grep -q 'bs ?  ra 128k' &&
    printf '%s\n' "$last" | grep -q 'no read in the trace' &&
    printf '%s\n' "$last" | grep -q 'reader  *no read() in the trace$' &&
    printf '%s\n' "$last" | grep -q '^263.2 MB/s | .* stalled ? |' &&
    printf '%s\n' "$last" | grep -q 'unplug: 1 request (the trace does not say why)' &&
    ! printf '%s\n' "$last" | grep -q 'explicit'
ok $? "no read() markers: bs ?, no reader, MB/s of completions, unplug kind unknown" \
    "$last"
"$RAVIZ" --headless --import="$cap" --frames --until=16 2>/dev/null |
    cmp -s - "$tmp/f"
ok $? "the same frames twice"
"$RAVIZ" --headless --import="$cap" --frames >"$tmp/all" 2>/dev/null
tail -n 24 "$tmp/all" | grep -q 'read #127 returned' &&
    tail -n 24 "$tmp/all" | grep -q 'REAL - 7,0 (kernel trace)'
ok $? "the last frame: all 128 read() calls returned, named REAL"
"$RAVIZ" --headless --import="$cap" --frames --until=T3 >"$tmp/o" 2>"$tmp/e"
[ $? -eq 2 ] && [ ! -s "$tmp/o" ]
ok $? "--until=T3 with --import: exit 2, $(cat "$tmp/e")"

# The interactive program.
if tl_start "$RAVIZ --import=$cap" && wait_for "REAL - 7,0"; then
	ok 0 "raviz --import opens the trace on the screen"
	expect "paused at event 0" "event 0"
	expect "the hint line" "space play  n/N step  c compare  ? help"
	! cap | grep -q 'toggle plug\|T1-T5'
	ok $? "the hint line offers no plug or moment keys"
	# read(), get request, unplug, issue, sleep, complete, wake, copy,
	# return, read(), get request: 11 events.
	for i in 1 2 3 4 5 6 7 8 9 10 11; do $T send-keys -t f n; done
	expect "n steps: event 11" "event 11"
	expect "the narration is the trace's words" \
	    "get request: 128 KiB at sector 256"
	expect "the reader slept until the completion" \
	    "inferred: the reader sleeps, read() needs page 0"
	# What raviz infers has a style of its own (the dim role), what the
	# trace records the narration's.
	$T capture-pane -e -p -t f >"$tmp/esc"
	grep -a 'inferred: the reader sleeps' "$tmp/esc" | grep -q "$(printf '\033')\[" &&
	    ! grep -a 'get request: 128 KiB at sector 256' "$tmp/esc" |
	    grep -q "$(printf '\033')\["
	ok $? "an inferred line is styled apart, a recorded one is not" \
	    "$(grep -a 'inferred\|get request' "$tmp/esc" | cat -v)"
	expect "the plug list holds the request" "1 held, 128 KiB"
	$T send-keys -t f N N
	expect "N goes back: event 9" "event 9 "
	wait_gone "read(): 65536 bytes at offset 65536"
	ok $? "back: the later events have left the narration"
	expect "back: the first read() has returned" "read #0 returned"
	press + "speed 20 events/s" "+: faster"
	press - "speed 10 events/s" "-: slower"
	press Z "zoom: 2 pages per cell" "Z: zoom out"
	press z "zoom: 1 page per cell" "z: zoom in"
	press '?' "this help" "?: the help"
	press Escape "event 9 " "Esc closes the help"
	press ' ' "PLAYING" "space plays"
	$T send-keys -t f ' '
	expect "space pauses" "PAUSED"
	press G "END" "G goes to the end"
	expect "at the end every read() has returned" "read #127 returned"
	press g "event 0" "g goes back to the start"
	press p "c, then m or p switches its model" "p: a trace has no mode to switch"
	press 3 "no moments T1-T5" "3: a trace has no moments"
	press c "MODERN - model of 7,0 on the measured device" "c: the model below"
	expect "c: the trace above" "REAL - 7,0 (kernel trace)"
	for i in 1 2 3 4 5 6 7 8 9 10 11; do $T send-keys -t f n; done
	expect "compare: the trace steps to event 11" "event 11  read #1"
	# One clock: at the trace's 518 us the model has made every event up
	# to then - its sixth, the reader asleep on its first request, which
	# the measured device (199 MB/s on average) takes 657 us to serve -
	# and both headers read 518 us.
	$T capture-pane -p -t f >"$tmp/cmp"
	grep -q 'REAL - 7,0 (kernel trace) *t = 518us  event 11' "$tmp/cmp" &&
	    grep -q 'MODERN - model of 7,0 on the measured device *t = 518us  event 6' \
	    "$tmp/cmp" && grep -q 'z asleep on page 0' "$tmp/cmp"
	ok $? "compare: the model at the trace's clock" "<$tmp/cmp"
	press m "FIXED - model of 7,0 on the measured device" \
	    "compare: m switches the model to fixed"
	press m "BUGGY - model of 7,0 on the measured device" \
	    "compare: m again, buggy"
	press m "MODERN - model of 7,0 on the measured device" \
	    "compare: m again, back to today's kernel"
	expect "compare: the model is back at the trace's clock" \
	    "t = 518us  event 6"
	press G "END" "compare: G goes to the end"
	$T capture-pane -p -t f >"$tmp/cmp"
	grep -q 'REAL - 7,0' "$tmp/cmp" && grep -q 'MODERN - model of 7,0' \
	    "$tmp/cmp"
	ok $? "compare at the end: both halves" "<$tmp/cmp"
	quits "q" 0
else
	ok 1 "raviz --import did not start"
fi

# The lesson 'yours': the installed capture, stepped by its items, then
# the model beside it, on the screen and headless (no summary: the trace's
# is --headless --import's); --capture only goes with a lesson over a trace.
"$RAVIZ" --check "$srcdir/demos/yours.demo" >"$tmp/o" 2>&1
ok $? "--check yours.demo: $(cat "$tmp/o")"
printf '%s\n' 'raviz-demo 1' 'trace "x.trace"' \
    '@0 +0ms caption "{throughput}"' 'trace "y.trace"' >"$tmp/t.demo"
"$RAVIZ" --check "$tmp/t.demo" >"$tmp/o" 2>&1
[ $? -ne 0 ] && grep -q 'no engine to fill' "$tmp/o" &&
    grep -q 'the trace belongs before' "$tmp/o"
ok $? "a trace lesson: no placeholders, the trace first" "<$tmp/o"
RAVIZ_DATADIR="$srcdir" "$RAVIZ" --headless --demo=yours >"$tmp/o" \
    2>"$tmp/e"
[ $? -eq 0 ] && [ "$(tail -n 1 "$tmp/o")" = '@692 +0ms pause' ] &&
    ! grep -q warning "$tmp/e"
ok $? "headless yours replays its items to the trace's end, no warning" \
    "<$tmp/e"
RAVIZ_DATADIR="$srcdir" "$RAVIZ" --headless --frames --demo=yours \
    >"$tmp/o" 2>/dev/null
tail -n 24 "$tmp/o" | grep -q '^REAL - 7,0 (kernel trace) .*event 692' &&
    tail -n 24 "$tmp/o" | grep -q '^MODERN - model of 7,0 on the measured'
ok $? "headless yours: the last frame has the trace and the model below"
RAVIZ_DATADIR="$srcdir" "$RAVIZ" --headless --summary --demo=yours \
    >"$tmp/o" 2>"$tmp/e"
[ $? -eq 2 ] && [ ! -s "$tmp/o" ] && grep -q -- '--import=FILE' "$tmp/e"
ok $? "headless yours --summary: exit 2, $(tail -n 1 "$tmp/e")"
if tl_start "RAVIZ_DATADIR=$srcdir $RAVIZ --demo=yours"; then
	expect "yours opens the installed capture" "REAL - 7,0 (kernel trace)"
	expect "yours: its first caption" "64 KiB read() calls.  [Enter]"
	press Enter "waits on the task's plug list" "yours: getrq, the plug"
	expect "yours: the screen is at the getrq" "1 held, 128 KiB"
	press Enter "nothing holds it for read()" "yours: the issue"
	press Enter "it copies, and read() returns" "yours: the wake-up"
	press Enter "as a model of this trace, on its clock" "yours: compare"
	expect "yours: the model below" "MODERN - model of 7,0 on the measured"
	quits "yours: q"
else
	ok 1 "the shell did not start"
fi
if tl_start "RAVIZ_DATADIR=$srcdir $RAVIZ --demo=report --capture=/dev/null"
then
	expect "--capture with a model lesson exits" "FINISHED"
	$T capture-pane -p -t f >"$tmp/bad"
	grep -q 'only for a lesson over a trace' "$tmp/bad" &&
	    [ "$(status)" = 2 ]
	ok $? "--capture with a model lesson: exit 2" "<$tmp/bad"
else
	ok 1 "the shell did not start"
fi

# A malformed trace: refused before the screen, file:line, exit 2.
if tl_start "$RAVIZ --import=$srcdir/tests/data/import/bp-bad.blkparse"; then
	expect "a malformed trace exits" "FINISHED"
	$T capture-pane -p -t f >"$tmp/bad"
	grep -q 'bp-bad.blkparse:3' "$tmp/bad" && [ "$(status)" = 2 ]
	ok $? "a malformed trace: file:line and exit 2" "<$tmp/bad"
else
	ok 1 "the shell did not start"
fi
tap_done
