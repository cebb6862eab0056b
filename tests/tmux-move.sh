#!/bin/sh
# tmux-move.sh - long moves in the interactive program (TAP): G on a run
# whose periods never repeat (minutes of engine work) shows its progress and
# gives way to q, to Ctrl-C, to the signals that end raviz and to a
# terminal that goes away, the terminal restored after; so does the compare
# run catching up; on a 4 PiB run that repeats, 3 (a moment that never
# comes) and G answer at once.  Headless on a terminal (a summary, an SVG),
# the same run says on stderr how far it has got, gives way to Ctrl-C and
# SIGTERM (nothing written), and prints the summary it prints without one.
. "${srcdir:-.}/tests/tap.sh"
set -u
. "${srcdir:-.}/tests/tmux-lib.sh"
tl_setup raviz-move

# Every event stepped (--no-skip: no jumps over repeated periods), so
# reaching the end of 1 TiB of one-page requests takes minutes.
slow="--no-skip --bs=4k --max-request=4k --file-size=1T"

for key in q C-c; do
	if tl_start "$RAVIZ $slow" && wait_for "PAUSED"; then
		press G "moving" "$key: G on a long run shows its progress"
		printf '%s\n' "$tl_screen" | grep -qE \
		    "moving to the end: event [0-9]+, [0-9]+% of the file read"
		ok $? "$key: the progress says how much of the file is read"
		$T send-keys -t f "$key"
		restored "$key during G"
		st=$(status)
		[ "$st" = 0 ]; ok $? "$key during G: exit status 0 (got '$st')"
	else
		ok 1 "$key: raviz did not start"
	fi
done

# The compare run catching up with the main run's clock is a long move too:
# once the main run's G is over (a few seconds of 16 GiB stepped; 4 GiB
# took half a second on a fast machine, too short to be seen twice), the
# buggy half below it catches up; it shows how far it has got and gives way
# to q.  The progress's wording is read in the capture that showed it
# ($tl_screen), not in a later one, which a fast catch-up may have cleared.
if tl_start "$RAVIZ --mode=fixed ${slow%1T}16G" && wait_for "PAUSED"; then
	press c "BUGGY" "compare mode on a long run"
	press G "% of the way" \
	    "G in compare mode: the buggy run catching up shows its progress"
	printf '%s\n' "$tl_screen" |
	    grep -qE "moving: event [0-9]+, [0-9]+% of the way"
	ok $? "the progress of catching up: events and a share of the clock"
	quits "q while the compare run catches up" 0
else
	ok 1 "compare: raviz did not start"
fi

# A signal that ends raviz, sent during the move (it is held while the
# command runs): the move stops, the terminal is restored, and raviz dies of
# it.  TERM and HUP are the loop's own; QUIT, USR1 and a real-time signal
# are among the others it re-raises (numbers: kill -s of dash does not know
# them all).
for sn in TERM:15 HUP:1 QUIT:3 USR1:10 RT2:36; do
	name=${sn%%:*} num=${sn#*:}
	if tl_start "$RAVIZ $slow" && wait_for "PAUSED"; then
		press G "moving" "SIG$name: G on a long run shows its progress"
		killed "$num" "SIG$name during G"
	else
		ok 1 "SIG$name: raviz did not start"
	fi
done

# The terminal goes away without a SIGHUP (raviz in its own session) during
# the move: the move stops and raviz ends.
E="tmux -L raviz-move-eof-$$ -f /dev/null"
rm -f "$tmp/eof.pid"
$E new -d -s e -x 80 -y 24 "env TERM=xterm-256color LC_ALL=C.UTF-8 \
setsid -w sh -c 'echo \$\$ >$tmp/eof.pid; exec $RAVIZ $slow 2>$tmp/eof.err'"
wait_in "$E" e PAUSED >/dev/null
$E send-keys -t e G
wait_in "$E" e moving
ok $? "terminal gone: G on a long run shows its progress first"
pid=$(cat "$tmp/eof.pid" 2>/dev/null)
$E kill-server
ends "$pid" "terminal gone during G"

# 4 PiB of 4 KiB reads repeats: G lands at the end at once.  Before it, 3
# (T3 never comes with 4 KiB reads) says so at once, without looking through
# the whole run.
if tl_start "$RAVIZ --bs=4k --file-size=4096T" && wait_for "PAUSED"; then
	press 3 "T3 does not happen" \
	    "3 on 4 PiB of 4 KiB reads: T3 does not happen, at once"
	press G "END" "G on 4 PiB of 4 KiB reads reaches the end"
	# 2^40 reads, numbered from 0 as the log numbers them.
	cap | grep -qE "read #1099511627775([^0-9]|$)"
	ok $? "the header shows the last read ($(cap | grep -o 'read #[0-9]*'))"
	quits "q after G"
else
	ok 1 "4 PiB: raviz did not start"
fi
# Headless, stderr a terminal: a summary that steps every event says how far
# it has got once it has run a second, and SIGTERM stops it: the line is
# cleared, raviz says where it stopped, prints no summary and dies of the
# signal.  Ctrl-C does the same (a shell that sees a command die of SIGINT
# drops the rest of its line, so that test looks for the prompt instead).
if tl_start "$RAVIZ --headless --summary $slow"; then
	expect "headless on a terminal: a long summary shows its progress" \
	    "% of the file, event "
	cap | grep -qE "raviz: [0-9]+% of the file, event [0-9]+, ([0-9ms]+ left|<1s left|time left unknown) \(Ctrl-C stops\)"
	ok $? "the progress: share of the file, event, time left, how to stop"
	killed 15 "SIGTERM during a headless summary"
	cap | grep -qE "raviz: stopped at [0-9]+% of the file \(event [0-9]+\); no summary"
	ok $? "SIGTERM: raviz says where it stopped, and that there is no summary"
	! cap | grep -qE "sim_time_ns|% of the file, event"
	ok $? "SIGTERM: no summary is printed, the progress line is cleared"
else
	ok 1 "headless: raviz did not start"
fi
if tl_start "$RAVIZ --headless --summary $slow"; then
	expect "headless, Ctrl-C: the progress shows" "% of the file, event "
	$T send-keys -t f C-c
	expect "Ctrl-C: raviz says where it stopped" "no summary"
	n=0
	until cap | grep -qE '^PROMPT\$ *$' || [ $n -ge 100 ]; do
		nap 0.05; n=$((n + 1))
	done
	[ -z "$(raviz_pid)" ] && cap | grep -qE '^PROMPT\$ *$'
	ok $? "Ctrl-C: raviz has ended and the shell prompts again"
else
	ok 1 "headless, Ctrl-C: raviz did not start"
fi

# --svg alone goes to its frame as G does, in one quiet run that says how
# far it has got; stopped, it writes no SVG.
if tl_start "$RAVIZ --headless --svg=$tmp/slow.svg $slow"; then
	expect "--svg of a long run shows its progress" "% of the file, event "
	killed 15 "SIGTERM during --svg"
	cap | grep -qE "raviz: stopped at [0-9]+% of the file \(event [0-9]+\); no SVG"
	ok $? "SIGTERM during --svg: raviz says where it stopped"
	[ ! -e "$tmp/slow.svg" ]; ok $? "SIGTERM during --svg: no SVG written"
else
	ok 1 "--svg: raviz did not start"
fi

# The progress changes nothing: the summary on a terminal (its run cut in
# slices) equals the one without, which writes nothing to stderr.
mid="--no-skip --bs=4k --max-request=4k --file-size=8G"
if tl_start "$RAVIZ --headless --summary $mid >$tmp/tty.out"; then
	expect "headless on a terminal: the summary run ends" "FINISHED"
	$RAVIZ --headless --summary $mid >"$tmp/plain.out" 2>"$tmp/plain.err"
	cmp -s "$tmp/tty.out" "$tmp/plain.out" && grep -q "^complete: yes" "$tmp/tty.out"
	ok $? "the summary on a terminal equals the summary without"
	[ ! -s "$tmp/plain.err" ]
	ok $? "stderr not a terminal: no progress written"
else
	ok 1 "headless summary: raviz did not start"
fi
tap_done
