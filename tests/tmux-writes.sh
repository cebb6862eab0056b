#!/bin/sh
# tmux-writes.sh - a frame is one write() to the terminal: raviz plays at
# 100000 events a second under strace in a private tmux server, at 80x24
# and 200x60, one run and compare mode; between two waits of the event
# loop (epoll_wait) there is at most one write() to the terminal, and at
# least MIN_FRAMES loop turns wrote a frame.  Before the loop (the screen
# starting) and after it (the screen closing) are not frames.  Every wait
# polls with a deadline.
. "${srcdir:-.}/tests/tap.sh"
. "${srcdir:-.}/tests/tmux-lib.sh"
tl_setup raviz-writes
need strace strace
MIN_FRAMES=20

# frames FILE: "max N" (the most writes to fd 1 in one turn of the loop)
# and "frames N" (turns that wrote), from strace's output FILE.
frames() {
	awk '/epoll_p?wait\(/ { if (seen) { if (w > max) max = w;
		if (w > 0) f++ } seen = 1; w = 0; next }
	    /^write\(1,/ { w++ }
	    END { printf "max %d frames %d\n", max, f }' "$1"
}

# run COLS ROWS NAME [KEYS]: raviz playing at 100000 events/s (after KEYS),
# traced; then the writes per frame.
run() {
	_st=$tmp/strace.$3
	tl_new "$1" "$2" "env -i TERM=xterm-256color LC_ALL=C.UTF-8 \
	    PATH=/usr/bin:/bin strace -o '$_st' -e trace='write,/^epoll_p?wait$' \
	    '$RAVIZ' --file-size=1T"
	wait_for "PAUSED" || { ok 1 "$3: raviz starts"; return; }
	[ -z "$4" ] || { $T send-keys "$4"; wait_for "FIXED"; }
	for _i in 1 2 3 4 5 6 7 8 9 10 11 12; do $T send-keys +; done
	$T send-keys Space
	wait_for "100000 ev" ||
	    { ok 1 "$3: plays at 100000 events a second"; return; }
	# Enough turns of the loop traced, or the deadline.
	now; _end=$((now + DEADLINE))
	while now; [ "$now" -le "$_end" ]; do
		_n=$(frames "$_st" | sed 's/.*frames //')
		[ "${_n:-0}" -ge $((MIN_FRAMES + 20)) ] && break
		nap 0.1
	done
	$T send-keys q
	wait_gone "100000 ev"
	_f=$(frames "$_st")
	_max=${_f#max }; _max=${_max%% *}
	_n=${_f##* }
	[ "$_max" -eq 1 ] && [ "$_n" -ge "$MIN_FRAMES" ]
	ok $? "$3: one write() per frame ($_f)"
}

run 80 24 "80x24"
run 200 60 "200x60"
run 80 24 "80x24 compare" c
run 200 60 "200x60 compare" c
$T kill-server >/dev/null 2>&1
tap_done
