#!/bin/sh
# tmux-move.sh - long moves in the interactive program (TAP): G on a run
# whose periods never repeat (minutes of engine work) shows its progress and
# gives way to q and to Ctrl-C, the terminal restored after; G on a 4 PiB
# run that repeats lands at the end at once.
. "${srcdir:-.}/tests/tap.sh"
set -u
if ! command -v tmux >/dev/null 2>&1; then
	echo "not ok 1 - tmux-move.sh needs tmux, which is not installed"
	echo "1..1"
	exit 1
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/raviz-move.XXXXXX") || exit 99
. "${srcdir:-.}/tests/tmux-lib.sh"
tl_init raviz-move
trap '$T kill-server >/dev/null 2>&1; rm -rf "$tmp"' EXIT

# One-page requests on a processor-sharing device: the state never repeats,
# so reaching the end of 1 TiB means stepping every event.
slow="--bs=4k --max-request=4k --file-size=1T"

for key in q C-c; do
	if tl_start "$RAVIZ $slow" && wait_for "PAUSED"; then
		$T send-keys -t f G
		wait_for "moving"
		ok $? "$key: G on a long run shows its progress"
		$T send-keys -t f "$key"
		restored "$key during G"
		st=$(status)
		[ "$st" = 0 ]; ok $? "$key during G: exit status 0 (got '$st')"
	else
		ok 1 "$key: raviz did not start"
	fi
done

# 4 PiB of 4 KiB reads repeats: G lands at the end at once.
if tl_start "$RAVIZ --bs=4k --file-size=4096T" && wait_for "PAUSED"; then
	$T send-keys -t f G
	wait_for "END"
	ok $? "G on 4 PiB of 4 KiB reads reaches the end"
	cap | grep -q "read #1099511627776"
	ok $? "the header shows the last read ($(cap | grep -o 'read #[0-9]*'))"
	$T send-keys -t f q
	restored "q after G"
else
	ok 1 "4 PiB: raviz did not start"
fi
tap_done
