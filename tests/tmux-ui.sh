#!/bin/sh
# tmux-ui.sh - end-to-end tests of the interactive screen (TAP).
#
# Drives the real binary in a private tmux server at 80x24 and 120x40, under
# env -i with a fixed TERM and LC_ALL=C.UTF-8, reads the screen with
# capture-pane, and compares it with golden captures in
# $srcdir/tests/golden/tmux/ (GENERATE=1 rewrites them).  Every wait polls
# for a condition with a deadline; nothing is written outside a mktemp dir.
#
# Usage: tmux-ui.sh [COLSxROWS]   (default: both sizes)

. "${srcdir:-.}/tests/tap.sh"
set -u
need tmux tmux
tmp=$(mktemp -d "${TMPDIR:-/tmp}/raviz-tmux.XXXXXX") || exit 99
. "${srcdir:-.}/tests/tmux-lib.sh"
# The pane is tmux-lib's "f": cap, wait_for, wait_gone and expect read it.
tl_use "raviz-ui-$$"
trap '$T kill-server >/dev/null 2>&1; rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM HUP

# keys KEY...: type into the pane.
keys() { $T send-keys -t f "$@"; }
# screen_golden NAME: the screen is the golden file tmux/NAME.txt.
screen_golden() {
	cap >"$tmp/screen"
	golden "tmux/$1.txt" "$tmp/screen"
}

# One session at $1 x $2.
run_size() {
	w=$1
	h=$2
	sz="${w}x$h"
	$T kill-server >/dev/null 2>&1
	# A plain shell, so that we can see the prompt come back after q.
	$T new-session -d -s f -x "$w" -y "$h" \
	    "env -i TERM=screen LC_ALL=C.UTF-8 PATH=/usr/bin:/bin HOME=$tmp PS1='prompt\$ ' /bin/sh" ||
	    { ok 1 "$sz: start tmux"; return; }
	$T set-option -g status off >/dev/null
	$T resize-window -t f -x "$w" -y "$h" >/dev/null 2>&1
	wait_for 'prompt$' || { ok 1 "$sz: shell prompt"; return; }
	keys "clear; '$RAVIZ'; echo raviz-exit=\$?" Enter

	# Opens paused at the start, legend with five states, mode label.
	expect "$sz: opens paused" "PAUSED"
	ok_all=1
	# The whole legend: long words where they fit, short ones at 80.
	if [ "$w" -ge 109 ]; then
		legend="░ consumed  █ up to date  ▒ in plug  ▶ in flight  · not cached  [──╌╌] window: sync, async  M marker"
	else
		legend="░ consumed █ up to date ▒ in plug ▶ in flight · not cached [─╌] window M marker"
	fi
	for word in "BUGGY - 2.6.39: read() holds a plug" "$legend" "space play"; do
		cap | grep -qF -- "$word" || ok_all=0
	done
	[ $ok_all = 1 ]
	ok $? "$sz: mode label and five-state legend" "$(cap)"
	screen_golden "default-$sz"
	cap >"$tmp/start"

	# Step forward and back: the identical screen.
	keys n
	expect "$sz: n steps one event" "event 1 "
	keys N
	wait_for "event 0 " >/dev/null
	cap >"$tmp/back"
	cmp -s "$tmp/start" "$tmp/back"
	ok $? "$sz: N returns the identical screen" "$(diff "$tmp/start" "$tmp/back")"

	# Play, then pause.
	keys Space
	expect "$sz: space plays" "PLAYING"
	wait_gone "event 0 " >/dev/null
	keys Space
	expect "$sz: space pauses" "PAUSED"
	cap >"$tmp/p1"
	nap 0.3
	cap >"$tmp/p2"
	cmp -s "$tmp/p1" "$tmp/p2" && ! grep -qF "event 0 " "$tmp/p1"
	ok $? "$sz: paused after playing, screen still"

	# Jump to T3.
	keys 3
	expect "$sz: 3 jumps to T3" "T3: marker hit on up-to-date page 32 = A+128k"
	screen_golden "t3-$sz"

	# Two events on: the T3 box dims and says how long ago; the reader
	# lane names the run it copies.
	keys n n
	expect "$sz: the T3 box ages" "T3 (2 events, "
	screen_golden "t3-later-$sz"
	keys N N
	expect "$sz: back at T3" "T3: marker hit on up-to-date page 32 = A+128k"

	# Help overlay; Esc closes.
	keys '?'
	expect "$sz: ? shows help" "raviz keys"
	screen_golden "help-$sz"
	keys Escape
	wait_gone "raviz keys"
	ok $? "$sz: Esc closes help"

	# The end: the last read() returned, no moment box left over.
	keys G
	expect "$sz: G goes to the end" "END  "
	! { cap | grep -q "^T[1-5]"; }
	ok $? "$sz: no stale moment box at the end" "$(cap)"
	screen_golden "end-$sz"

	# Compare: both runs.
	keys g c
	expect "$sz: c shows the fixed run" "FIXED - patch: no outer plug"
	# c 3: each half at its own T3 - buggy holds [64,96) in the plug (▒)
	# with the device idle, fixed has it in flight (▶), the device busy.
	keys 3
	# (80x24: the halves have room for the moment box, not the log.)
	case $sz in
	80x24) want="now  buggy: dev idle, plug 128 KiB | fixed: dev busy 128 KiB" ;;
	*) want="T3 request #2 [64,96) 128 KiB dispatched" ;;
	esac
	expect "$sz: 3 in compare reaches fixed's T3" "$want"
	screen_golden "compare-t3-$sz"
	cap >"$tmp/c3"
	top=$(sed -n '1,/^FIXED/p' "$tmp/c3")
	bot=$(sed -n '/^FIXED/,$p' "$tmp/c3")
	if echo "$top" | grep -q '▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒' &&
	    echo "$top" | grep -q '^  device .* idle$' &&
	    echo "$bot" | grep -q '▶▶▶▶▶▶▶▶▶▶▶▶▶▶▶▶▶▶▶▶▶▶▶▶▶▶▶▶▶▶▶▶' &&
	    echo "$bot" | grep -q '^  device .* 1 in flight'; then
		ok 0 "$sz: c 3: buggy holds the window, the device idle; fixed sends it"
	else
		ok 1 "$sz: c 3: buggy holds the window, the device idle; fixed sends it" "<$tmp/c3"
	fi
	keys g
	wait_for "event 0 " >/dev/null
	keys PgDn PgDn PgDn PgDn PgDn
	expect "$sz: compare advances" "event 50 "
	cap | grep -qF "BUGGY - 2.6.39" && cap | grep -qF "FIXED - patch"
	ok $? "$sz: c shows both runs"
	screen_golden "compare-$sz"
	# p in compare: refused, the halves stay buggy above, fixed below.
	keys p
	expect "$sz: p in compare says why it does nothing" "compare shows both modes: leave it (c) to patch a run"
	keys PgDn PgDn
	wait_for "event 70 " >/dev/null
	cap >"$tmp/cmp"
	if grep -q "^BUGGY - 2.6.39" "$tmp/cmp" && grep -q "^FIXED - patch" "$tmp/cmp" &&
	    ! grep -qF "at next read()" "$tmp/cmp" && grep -qF "event 70 " "$tmp/cmp"; then
		ok 0 "$sz: after p the halves are still buggy and fixed"
	else
		ok 1 "$sz: after p the halves are still buggy and fixed" "<$tmp/cmp"
	fi
	keys c g
	wait_gone "FIXED - patch" >/dev/null
	wait_for "event 0 " >/dev/null

	# p (at event 1): the label says fixed at the next read(), then the
	# mode flips.
	keys n
	wait_for "event 1 " >/dev/null
	keys p
	expect "$sz: p announces the patch" "(fixed at next read())"
	i=0
	while [ $i -lt 40 ] && ! cap | grep -q "^FIXED - patch"; do
		keys PgDn
		i=$((i + 1))
		wait_for "event $((1 + i * 10)) " >/dev/null
	done
	expect "$sz: p flips the mode label" "FIXED - patch: no outer plug"
	expect "$sz: fixed mode narrated" "live patch: from this read() on"
	# Back past the toggle: buggy again, toggle undone.
	keys g
	wait_for "event 0 " >/dev/null
	wait_gone "FIXED" >/dev/null
	cap >"$tmp/undo"
	grep -q "^BUGGY" "$tmp/undo" && ! grep -qF "at next read()" "$tmp/undo"
	ok $? "$sz: going back undoes the toggle" "<$tmp/undo"
	# A live-patched run enters compare all the same, unpatched, and
	# says so (p twice: patched, in buggy mode again).
	keys PgDn
	wait_for "event 10 " >/dev/null
	keys p
	keys p
	keys c
	expect "$sz: c on a patched run drops the patch" "compare: the live patch is dropped - BUGGY and FIXED"
	keys c
	wait_gone "FIXED - patch" >/dev/null
	keys g
	wait_for "event 0 " >/dev/null

	# Too small: a notice; enlarged again: the same screen as before.
	keys 3
	wait_for "T3: marker hit" >/dev/null
	wait_gone "from the reader's next read()" >/dev/null
	cap >"$tmp/before"
	$T resize-window -t f -x 60 -y 20
	expect "$sz: 60x20 shows the notice" "enlarge the terminal to at least 80×24 (now 60×20)"
	$T resize-window -t f -x "$w" -y "$h"
	wait_gone "enlarge the terminal" >/dev/null
	wait_for "T3: marker hit" >/dev/null
	cap >"$tmp/after"
	cmp -s "$tmp/before" "$tmp/after"
	ok $? "$sz: enlarged again, it recovers" "$(diff "$tmp/before" "$tmp/after")"

	# q: exit status 0 and the prompt is back.
	keys q
	expect "$sz: q exits with status 0" "raviz-exit=0"
	cap | tail -n +2 | grep -q 'prompt\$'
	ok $? "$sz: prompt is back" "$(cap)"
	$T kill-server >/dev/null 2>&1
}

# Not a terminal: a clear error and status 2.
no_tty() {
	out=$(env -i TERM=screen LC_ALL=C.UTF-8 "$RAVIZ" </dev/null 2>&1 >"$tmp/stdout")
	rc=$?
	[ $rc -eq 2 ] && echo "$out" | grep -qF -- "--headless"
	ok $? "not a tty: exit 2 pointing at --headless" "rc=$rc: $out"
}

# Keys under TERM=$1 (inside tmux, as so many people run it): tmux sends
# ESC [ 1 ~ and ESC [ 4 ~ for Home and End whatever the terminfo entry
# says; unknown sequences must do nothing - their digits are jump keys, a
# final q would quit.
run_term() {
	term=$1
	$T kill-server >/dev/null 2>&1
	# The last server may still be going away: retry until a deadline.
	now; end=$((now + DEADLINE))
	until $T new-session -d -s f -x 80 -y 24 \
	    "env -i TERM=$term LC_ALL=C.UTF-8 PATH=/usr/bin:/bin HOME=$tmp '$RAVIZ'; echo raviz-exit=\$?; sleep 30" 2>"$tmp/tmux-err"; do
		if now; [ "$now" -gt "$end" ]; then
			ok 1 "$term: start tmux" "<$tmp/tmux-err"
			return
		fi
		nap 0.1
	done
	$T set-option -g status off >/dev/null
	wait_for "PAUSED" >/dev/null
	keys End
	expect "$term: End goes to the end" "END  "
	! { cap | grep -qF "event 0 " || cap | grep -qF "event 10 "; }
	ok $? "$term: End is not a jump" "$(cap)"
	keys Home
	expect "$term: Home goes to the start" "event 0 "
	keys PgDn
	expect "$term: PgDn steps ten events" "event 10 "
	keys Left Left
	expect "$term: Left steps back" "event 8 "
	keys Right
	expect "$term: Right steps forward" "event 9 "
	keys Home
	wait_for "event 0 " >/dev/null
	# Unknown: F19, a three-field tilde key, a long garbage CSI ending
	# in q, an SS3 oddity; then n: exactly one event further.
	$T send-keys -t f -l "$(printf '\033[99~\033[33~\033[5;3;1~\033[1234567890123456789012345678901234567890q\033O3z')"
	keys n
	expect "$term: n after unknown sequences steps one event" "event 1 "
	cap >"$tmp/term"
	if grep -qF "raviz-exit" "$tmp/term" || grep -q "^ *[0-9.]*[mun]*s T[1-5]" "$tmp/term"; then
		ok 1 "$term: unknown sequences do nothing" "<$tmp/term"
	else
		ok 0 "$term: unknown sequences do nothing"
	fi
	keys q
	expect "$term: q still quits" "raviz-exit=0"
	$T kill-server >/dev/null 2>&1
}

sizes=${1:-"80x24 120x40"}
terms="xterm-256color screen-256color"
no_tty
for s in $sizes; do
	run_size "${s%x*}" "${s#*x}"
done
for t in $terms; do
	run_term "$t"
done
tap_done
