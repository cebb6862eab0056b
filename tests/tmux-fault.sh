#!/bin/sh
# tmux-fault.sh - fault tests of the interactive program (TAP): SIGTERM,
# SIGHUP and SIGINT while playing, a crash signal sent from outside, and a
# storm of 50 resizes in a second.  After each, the terminal must be
# restored: the shell prompt is back, the alternate screen is off, and
# `stty -a` shows a sane line discipline (icanon, echo, icrnl, opost).
. "${srcdir:-.}/tests/tap.sh"
set -u
. "${srcdir:-.}/tests/tmux-lib.sh"
tl_setup raviz-fault

# start ARGS...: raviz with ARGS in a fresh pane, up and paused.
start() {
	tl_start "$RAVIZ $*" && wait_for "PAUSED"
}

for sig in TERM HUP INT; do
	if start; then
		$T send-keys -t f ' '
		wait_for "PLAYING"
		pid=$(raviz_pid)
		[ -n "$pid" ] && kill -s "$sig" "$pid"
		ok $? "SIG$sig delivered while playing"
		restored "SIG$sig"
		st=$(status)
		[ -n "$st" ]; ok $? "SIG$sig: exit status $st reported"
	else
		ok 1 "SIG$sig: raviz did not start"
	fi
done

# A crash signal from outside: the terminal is restored, then the process
# dies of that signal (status 128 + 11).
if start; then
	$T send-keys -t f ' '
	wait_for "PLAYING"
	kill -s SEGV "$(raviz_pid)"
	restored "SIGSEGV"
	cap | grep -q "EXIT=139"; ok $? "SIGSEGV: raviz dies of the signal (EXIT=139)"
fi

# 50 resizes within a second, then the final size is drawn correctly.
if start; then
	$T send-keys -t f ' '
	# Playing before the storm: the screen before this space showed
	# PAUSED too, and a raviz that had not read it yet made the PAUSED
	# awaited after the storm come from that screen, not from the
	# second space.
	expect "resize storm: playing before it" "PLAYING"
	i=0
	while [ $i -lt 50 ]; do
		w=$((60 + (i * 7) % 70)); h=$((16 + (i * 5) % 30))
		$T resize-window -t f -x "$w" -y "$h" 2>/dev/null
		i=$((i + 1))
	done
	$T resize-window -t f -x 100 -y 30
	nap 0.3
	pid=$(raviz_pid)
	[ -n "$pid" ]; ok $? "resize storm: raviz still running"
	press ' ' "PAUSED" "resize storm: still answers keys"
	$T send-keys -t f C-l
	# The frame once two captures in a row agree, not after a fixed nap.
	settled "$tmp/screen" cap
	head -n 1 "$tmp/screen" | grep -q "BUGGY"; ok $? "resize storm: header on the first line"
	# The scenario is right-aligned on line 1: it must end at column 100.
	w=$(head -n 1 "$tmp/screen" | LC_ALL=C.UTF-8 wc -m)
	[ "$w" -eq 101 ]; ok $? "resize storm: header laid out for 100 columns ($((w - 1)))"
	[ "$(wc -l <"$tmp/screen")" -le 30 ]; ok $? "resize storm: 30 rows"
	grep -q "consumed" "$tmp/screen"; ok $? "resize storm: legend drawn at 100x30"
	quits "resize storm"
fi
tap_done
