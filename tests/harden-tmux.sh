#!/bin/sh
# harden-tmux.sh - the interactive program in a real terminal (TAP): q
# leaves nothing behind unless --summary is asked for (issue 16); every
# signal whose default action ends a process restores the terminal and
# then ends raviz by that signal; a terminal that goes away without SIGHUP
# ends raviz; huge COLUMNS/LINES are refused with the real reason.
. "${srcdir:-.}/tests/tap.sh"
set -u
need tmux tmux
need setsid util-linux
tmp=$(mktemp -d "${TMPDIR:-/tmp}/raviz-hardt.XXXXXX") || exit 99
. "${srcdir:-.}/tests/tmux-lib.sh"
tl_init raviz-hardt
trap '$T kill-server >/dev/null 2>&1; tmux -L raviz-hardt-eof-$$ kill-server >/dev/null 2>&1; rm -rf "$tmp"' EXIT

# cursor_shown NAME: the pane's cursor is visible again.
cursor_shown() {
	[ "$($T display -p -t f '#{cursor_flag}')" = 1 ]
	ok $? "$1: cursor visible"
}

# ---- issue 16: q leaves the terminal as it was ----
tl_start "$RAVIZ" && wait_for "PAUSED"
$T send-keys -t f ' '
wait_for "PLAYING" >/dev/null
$T send-keys -t f q
restored "q"
cursor_shown "q"
[ "$(status)" = 0 ]; ok $? "q: exit status 0"
cap >"$tmp/screen"
! grep -qE '^(mode|events|read_size|bytes_read): ' "$tmp/screen" &&
    ! grep -qE '(mode|events|read_size): ' "$tmp/pane"
ok $? "q: no summary printed into the shell"
grep -q '^PROMPT\$ *$' "$tmp/screen"; ok $? "q: the shell prompt is back"
tl_start "$RAVIZ --summary" && wait_for "PAUSED"
$T send-keys -t f q
restored "q --summary"
grep -q "events: [0-9]" "$tmp/pane" && grep -q "mode: buggy" "$tmp/pane"
ok $? "q with --summary: the summary is printed"
tl_start "$RAVIZ --trace=$tmp/q.json" && wait_for "PAUSED"
$T send-keys -t f n n n q
restored "q --trace"
# The header record, then the three events stepped.
[ "$(wc -l <"$tmp/q.json")" -eq 4 ] && head -n 1 "$tmp/q.json" |
    grep -q '^{"program":"raviz"' && ! grep -q "^events: " "$tmp/pane"
ok $? "q with --trace: the trace is written, no summary"

# ---- item 4: the session's outputs never replace its inputs ----
# out_refused NAME ARGS...: exit 2 before the screen (q if it opened).
out_refused() {
	name=$1; shift
	tl_start "$RAVIZ $*"
	now; end=$((now + DEADLINE))
	while tl_capture "$T" f $TL_CAPTURE; now; [ "$now" -le "$end" ]; do
		case $tl_cap in "FINISHED"*|*"
FINISHED"*) break ;; *PAUSED*) $T send-keys -t f q ;; esac
		nap 0.05
	done
	# The pane's piped copy may lag the screen: wait for the message in
	# either, with the same deadline.
	until grep -q "refused" "$tmp/pane" 2>/dev/null ||
	    { tl_capture "$T" f $TL_CAPTURE
	      case $tl_cap in *refused*) true ;; *) false ;; esac; } ||
	    { now; [ "$now" -gt "$end" ]; }; do
		nap 0.05
	done
	[ "$(status)" = 2 ] && { grep -q "refused" "$tmp/pane" ||
	    cap | grep -q "refused"; }
	ok $? "$name: refused before the screen (EXIT=$(status))"
}
cp "$srcdir/themes/dusk.theme" "$tmp/my.theme"
out_refused "--record --force onto the theme" --theme="$tmp/my.theme" \
    --record="$tmp/my.theme" --force
cmp -s "$srcdir/themes/dusk.theme" "$tmp/my.theme"; ok $? "the theme is intact"
out_refused "--trace onto the theme" --theme="$tmp/my.theme" \
    --trace="$tmp/my.theme"
cmp -s "$srcdir/themes/dusk.theme" "$tmp/my.theme"; ok $? "the theme is intact"
out_refused "--trace onto the recording" --record="$tmp/r.demo" \
    --trace="$tmp/r.demo"

# ---- issue 13 item 1: terminating signals restore, then kill ----
# signal number: name (numbers: kill -s of dash does not know them all)
for sn in QUIT:3 USR1:10 USR2:12 PIPE:13 ALRM:14 STKFLT:16 XCPU:24 \
    XFSZ:25 VTALRM:26 PROF:27 IO:29 PWR:30 SYS:31 TERM:15 HUP:1 RT2:36; do
	name=${sn%%:*} num=${sn#*:}
	if tl_start "$RAVIZ" && wait_for "PAUSED" >/dev/null; then
		$T send-keys -t f ' '
		wait_for "PLAYING" >/dev/null
		killed "$num" "SIG$name"
		cursor_shown "SIG$name"
	else
		ok 1 "SIG$name: raviz did not start"
	fi
done

# ---- item 2: the terminal goes away without SIGHUP ----
E="tmux -L raviz-hardt-eof-$$ -f /dev/null"
rm -f "$tmp/eof.pid" "$tmp/eof.st"
$E new -d -s e -x 80 -y 24 "env TERM=xterm-256color LC_ALL=C.UTF-8 \
setsid -w sh -c 'echo \$\$ >$tmp/eof.pid; exec $RAVIZ 2>$tmp/eof.err'; \
echo \$? >$tmp/eof.st"
wait_in "$E" e PAUSED >/dev/null
pid=$(cat "$tmp/eof.pid" 2>/dev/null)
[ -n "$pid" ] && kill -0 "$pid"; ok $? "setsid raviz runs (pid $pid)"
$E kill-server
ends "$pid" "terminal gone"

# ---- item 9: huge COLUMNS/LINES ----
# ulimit -v: a regression must not take the machine's memory with it -
# where raviz can run under one at all (an AddressSanitizer build reserves
# terabytes of address space for its shadow memory and cannot).
lim="ulimit -v 2000000;"
(ulimit -v 2000000; "$RAVIZ" --version) >/dev/null 2>&1 || lim=
tl_start "($lim COLUMNS=20000 LINES=20000 $RAVIZ)"
restored "COLUMNS=20000"
[ "$(status)" = 2 ] && grep -q "COLUMNS" "$tmp/pane" &&
    grep -q "1000x1000" "$tmp/pane"
ok $? "COLUMNS=20000 LINES=20000: refused, naming COLUMNS/LINES"
tl_start "($lim COLUMNS=100000 $RAVIZ)"
restored "COLUMNS=100000"
[ "$(status)" = 2 ] && grep -q "COLUMNS" "$tmp/pane" &&
    ! grep -q "cannot use this terminal" "$tmp/pane"
ok $? "COLUMNS=100000: the real problem, not TERM"
tl_start "COLUMNS=1000 LINES=1000 $RAVIZ"
now; end=$((now + DEADLINE))
until [ "$($T display -p -t f '#{alternate_on}')" = 1 ] ||
    { now; [ "$now" -gt "$end" ]; }; do nap 0.05; done
killed 15 "1000x1000 then SIGTERM"
tap_done
