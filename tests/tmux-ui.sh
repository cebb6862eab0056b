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

set -u
: "${RAVIZ:?RAVIZ must name the built binary}"
: "${srcdir:=.}"
golden="$srcdir/tests/golden/tmux"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/raviz-tmux.XXXXXX") || exit 99
sock="raviz-ui-$$"
T="tmux -L $sock -f /dev/null"
n=0
failed=0
DEADLINE=${DEADLINE:-20}

cleanup() {
	$T kill-server >/dev/null 2>&1
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

if ! command -v tmux >/dev/null 2>&1; then
	echo "not ok 1 - tmux not found: install the Debian package tmux (.ci/install-deps does)"
	echo "1..1"
	exit 1
fi

ok() {
	n=$((n + 1))
	echo "ok $n - $1"
}

not_ok() {
	n=$((n + 1))
	failed=$((failed + 1))
	echo "not ok $n - $1"
	shift
	for l in "$@"; do echo "# $l"; done
}

cap() {
	$T capture-pane -p -t ui
}

# Poll the screen until it contains $1 (fixed string); 1 on timeout.
wait_for() {
	end=$(($(date +%s) + DEADLINE))
	while [ "$(date +%s)" -le "$end" ]; do
		if cap | grep -qF -- "$1"; then return 0; fi
		sleep 0.05
	done
	return 1
}

# Poll until the screen no longer contains $1.
wait_gone() {
	end=$(($(date +%s) + DEADLINE))
	while [ "$(date +%s)" -le "$end" ]; do
		if ! cap | grep -qF -- "$1"; then return 0; fi
		sleep 0.05
	done
	return 1
}

# check NAME CONDITION-DESCRIPTION: pass if wait_for $2 succeeds.
expect() {
	if wait_for "$2"; then ok "$1"; else not_ok "$1" "no '$2' on screen:" "$(cap | sed 's/^/  /')"; fi
}

# Compare the screen with golden file $1 (GENERATE=1 writes it).
golden() {
	f="$golden/$1.txt"
	cap >"$tmp/screen"
	if [ -n "${GENERATE:-}" ]; then
		mkdir -p "$golden" && cp "$tmp/screen" "$f"
		ok "$1 (golden regenerated)"
	elif [ ! -f "$f" ]; then
		not_ok "$1" "missing golden $f (run with GENERATE=1)"
	elif diff -u "$f" "$tmp/screen" >"$tmp/diff"; then
		ok "$1 matches golden"
	else
		not_ok "$1 matches golden" "$(cat "$tmp/diff")"
	fi
}

keys() {
	$T send-keys -t ui "$@"
}

# One session at $1 x $2.
run_size() {
	w=$1
	h=$2
	sz="${w}x$h"
	$T kill-server >/dev/null 2>&1
	# A plain shell, so that we can see the prompt come back after q.
	$T new-session -d -s ui -x "$w" -y "$h" \
	    "env -i TERM=screen LC_ALL=C.UTF-8 PATH=/usr/bin:/bin HOME=$tmp PS1='prompt\$ ' /bin/sh" ||
	    { not_ok "$sz: start tmux"; return; }
	$T set-option -g status off >/dev/null
	$T resize-window -t ui -x "$w" -y "$h" >/dev/null 2>&1
	wait_for 'prompt$' || { not_ok "$sz: shell prompt"; return; }
	keys "clear; '$RAVIZ'; echo raviz-exit=\$?" Enter

	# Opens paused at the start, legend with five states, mode label.
	expect "$sz: opens paused" "PAUSED"
	ok_all=1
	# The whole legend: long words where they fit, short ones at 80.
	if [ "$w" -ge 109 ]; then
		legend="░ consumed  █ in memory  ▒ queued in plug  ▶ in flight  · not requested  [──╌╌] window: sync, async  M marker"
	else
		legend="░ consumed  █ cached  ▒ in plug  ▶ in flight  · absent  [─╌] window  M marker"
	fi
	for word in "BUGGY - 2.6.39: read() holds a plug" "$legend" "space play"; do
		cap | grep -qF -- "$word" || ok_all=0
	done
	if [ $ok_all = 1 ]; then ok "$sz: mode label and five-state legend"; else not_ok "$sz: mode label and five-state legend" "$(cap)"; fi
	golden "default-$sz"
	cap >"$tmp/start"

	# Step forward and back: the identical screen.
	keys n
	expect "$sz: n steps one event" "event 1 "
	keys N
	wait_for "event 0 " >/dev/null
	cap >"$tmp/back"
	if cmp -s "$tmp/start" "$tmp/back"; then ok "$sz: N returns the identical screen"; else not_ok "$sz: N returns the identical screen" "$(diff "$tmp/start" "$tmp/back")"; fi

	# Play, then pause.
	keys Space
	expect "$sz: space plays" "PLAYING"
	wait_gone "event 0 " >/dev/null
	keys Space
	expect "$sz: space pauses" "PAUSED"
	cap >"$tmp/p1"
	sleep 0.3
	cap >"$tmp/p2"
	if cmp -s "$tmp/p1" "$tmp/p2" && ! grep -qF "event 0 " "$tmp/p1"; then ok "$sz: paused after playing, screen still"; else not_ok "$sz: paused after playing, screen still"; fi

	# Jump to T3.
	keys 3
	expect "$sz: 3 jumps to T3" "T3: marker hit on up-to-date page 32 = A+128k"
	golden "t3-$sz"

	# Two events on: the T3 box dims and says how long ago; the reader
	# lane names the run it copies.
	keys n n
	expect "$sz: the T3 box ages" "T3 (2 events, "
	golden "t3-later-$sz"
	keys N N
	expect "$sz: back at T3" "T3: marker hit on up-to-date page 32 = A+128k"

	# Help overlay; Esc closes.
	keys '?'
	expect "$sz: ? shows help" "raviz keys"
	golden "help-$sz"
	keys Escape
	if wait_gone "raviz keys"; then ok "$sz: Esc closes help"; else not_ok "$sz: Esc closes help"; fi

	# The end: the last read() returned, no moment box left over.
	keys G
	expect "$sz: G goes to the end" "END  "
	if cap | grep -q "^T[1-5]"; then not_ok "$sz: no stale moment box at the end" "$(cap)"; else ok "$sz: no stale moment box at the end"; fi
	golden "end-$sz"

	# Compare: both runs.
	keys g c
	expect "$sz: c shows the fixed run" "FIXED - patch: no outer plug"
	# c 3: each half at its own T3 - buggy holds [64,96) in the plug (▒)
	# with the device idle, fixed has it in flight (▶), the device busy.
	keys 3
	# (80x24: the halves have room for the moment box, not the log.)
	case $sz in
	80x24) want="T3: marker hit: the next window goes out at once" ;;
	*) want="T3 request #2 [64,96) 128 KiB dispatched" ;;
	esac
	expect "$sz: 3 in compare reaches fixed's T3" "$want"
	golden "compare-t3-$sz"
	cap >"$tmp/c3"
	top=$(sed -n '1,/^FIXED/p' "$tmp/c3")
	bot=$(sed -n '/^FIXED/,$p' "$tmp/c3")
	if echo "$top" | grep -q '▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒▒' &&
	    echo "$top" | grep -q '^  device .* idle$' &&
	    echo "$bot" | grep -q '▶▶▶▶▶▶▶▶▶▶▶▶▶▶▶▶▶▶▶▶▶▶▶▶▶▶▶▶▶▶▶▶' &&
	    echo "$bot" | grep -q '^  device .* 1 in flight'; then
		ok "$sz: c 3: buggy holds the window, the device idle; fixed sends it"
	else
		not_ok "$sz: c 3: buggy holds the window, the device idle; fixed sends it" "$(cat "$tmp/c3")"
	fi
	keys g
	wait_for "event 0 " >/dev/null
	keys PgDn PgDn PgDn PgDn PgDn
	expect "$sz: compare advances" "event 50 "
	if cap | grep -qF "BUGGY - 2.6.39" && cap | grep -qF "FIXED - patch"; then ok "$sz: c shows both runs"; else not_ok "$sz: c shows both runs"; fi
	golden "compare-$sz"
	# p in compare: refused, the halves stay buggy above, fixed below.
	keys p
	expect "$sz: p in compare says why it does nothing" "compare shows both modes: leave it (c) to patch a run"
	keys PgDn PgDn
	wait_for "event 70 " >/dev/null
	cap >"$tmp/cmp"
	if grep -q "^BUGGY - 2.6.39" "$tmp/cmp" && grep -q "^FIXED - patch" "$tmp/cmp" &&
	    ! grep -qF "at next read()" "$tmp/cmp" && grep -qF "event 70 " "$tmp/cmp"; then
		ok "$sz: after p the halves are still buggy and fixed"
	else
		not_ok "$sz: after p the halves are still buggy and fixed" "$(cat "$tmp/cmp")"
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
	# A live-patched run does not enter compare.
	keys c
	expect "$sz: c on a patched run says to restart" "compare needs the unpatched run: r restarts, then c"
	# Back past the toggle: buggy again, toggle undone.
	keys g
	wait_for "event 0 " >/dev/null
	wait_gone "FIXED" >/dev/null
	cap >"$tmp/undo"
	if grep -q "^BUGGY" "$tmp/undo" && ! grep -qF "at next read()" "$tmp/undo"; then ok "$sz: going back undoes the toggle"; else not_ok "$sz: going back undoes the toggle" "$(cat "$tmp/undo")"; fi

	# Too small: a notice; enlarged again: the same screen as before.
	keys 3
	wait_for "T3: marker hit" >/dev/null
	wait_gone "from the reader's next read()" >/dev/null
	cap >"$tmp/before"
	$T resize-window -t ui -x 60 -y 20
	expect "$sz: 60x20 shows the notice" "enlarge the terminal to at least 80×24 (now 60×20)"
	$T resize-window -t ui -x "$w" -y "$h"
	wait_gone "enlarge the terminal" >/dev/null
	wait_for "T3: marker hit" >/dev/null
	cap >"$tmp/after"
	if cmp -s "$tmp/before" "$tmp/after"; then ok "$sz: enlarged again, it recovers"; else not_ok "$sz: enlarged again, it recovers" "$(diff "$tmp/before" "$tmp/after")"; fi

	# q: exit status 0 and the prompt is back.
	keys q
	expect "$sz: q exits with status 0" "raviz-exit=0"
	if cap | tail -n +2 | grep -q 'prompt\$'; then ok "$sz: prompt is back"; else not_ok "$sz: prompt is back" "$(cap)"; fi
	$T kill-server >/dev/null 2>&1
}

# Not a terminal: a clear error and status 2.
no_tty() {
	out=$(env -i TERM=screen LC_ALL=C.UTF-8 "$RAVIZ" </dev/null 2>&1 >"$tmp/stdout")
	rc=$?
	if [ $rc -eq 2 ] && echo "$out" | grep -qF -- "--headless"; then ok "not a tty: exit 2 pointing at --headless"; else not_ok "not a tty: exit 2 pointing at --headless" "rc=$rc: $out"; fi
}

# Keys under TERM=$1 (inside tmux, as so many people run it): tmux sends
# ESC [ 1 ~ and ESC [ 4 ~ for Home and End whatever the terminfo entry
# says; unknown sequences must do nothing - their digits are jump keys, a
# final q would quit.
run_term() {
	term=$1
	$T kill-server >/dev/null 2>&1
	# The last server may still be going away: retry until a deadline.
	end=$(($(date +%s) + DEADLINE))
	until $T new-session -d -s ui -x 80 -y 24 \
	    "env -i TERM=$term LC_ALL=C.UTF-8 PATH=/usr/bin:/bin HOME=$tmp '$RAVIZ'; echo raviz-exit=\$?; sleep 30" 2>"$tmp/tmux-err"; do
		if [ "$(date +%s)" -gt "$end" ]; then
			not_ok "$term: start tmux" "$(cat "$tmp/tmux-err")"
			return
		fi
		sleep 0.1
	done
	$T set-option -g status off >/dev/null
	wait_for "PAUSED" >/dev/null
	keys End
	expect "$term: End goes to the end" "END  "
	if cap | grep -qF "event 0 " || cap | grep -qF "event 10 "; then not_ok "$term: End is not a jump" "$(cap)"; else ok "$term: End is not a jump"; fi
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
	$T send-keys -t ui -l "$(printf '\033[99~\033[33~\033[5;3;1~\033[1234567890123456789012345678901234567890q\033O3z')"
	keys n
	expect "$term: n after unknown sequences steps one event" "event 1 "
	cap >"$tmp/term"
	if grep -qF "raviz-exit" "$tmp/term" || grep -q "^ *[0-9.]*[mun]*s T[1-5]" "$tmp/term"; then
		not_ok "$term: unknown sequences do nothing" "$(cat "$tmp/term")"
	else
		ok "$term: unknown sequences do nothing"
	fi
	keys q
	expect "$term: q still quits" "raviz-exit=0"
	$T kill-server >/dev/null 2>&1
}

sizes=${1:-"80x24 120x40"}
terms="xterm-256color screen-256color"
echo "1..$((1 + 37 * $(echo $sizes | wc -w) + 9 * $(echo $terms | wc -w)))"
no_tty
for s in $sizes; do
	run_size "${s%x*}" "${s#*x}"
done
for t in $terms; do
	run_term "$t"
done
exit 0
