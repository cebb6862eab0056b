#!/bin/sh
# harden3-tmux.sh - the interactive program in a real terminal, issue 22:
# Ctrl-S does not freeze the screen (no XON/XOFF flow control while raviz
# runs, the shell's own modes back after); the session's outputs follow
# the output rule before the screen opens; raw escape bytes from a
# lesson's trace name never reach the terminal.  Every wait polls with a
# deadline.
. "${srcdir:-.}/tests/tap.sh"
set -u
need tmux tmux
tmp=$(mktemp -d "${TMPDIR:-/tmp}/raviz-h3t.XXXXXX") || exit 99
. "${srcdir:-.}/tests/tmux-lib.sh"
tl_init raviz-h3t
trap '$T kill-server >/dev/null 2>&1; rm -rf "$tmp"' EXIT

# ---- item 5: Ctrl-S ----
# With IXON on, Ctrl-S stopped the terminal's output: q was read, but
# raviz blocked writing the screen's reset until a Ctrl-Q.
if tl_start "$RAVIZ" && wait_for "PAUSED"; then
	$T send-keys -t f C-s
	press n "event 1 " "Ctrl-S is not flow control: the screen still follows n"
	quits "Ctrl-S then q" 0
	word ixon "$tmp/stty"
	ok $? "Ctrl-S: the shell's ixon is back after raviz"
else
	ok 1 "Ctrl-S: raviz did not start"
fi

# ---- item 4: the session's outputs, refused before the screen opens ----
# refused NAME WHAT ARGS...: exit 2, WHAT said, the screen never opened.
refused() {
	name=$1 what=$2
	shift 2
	tl_start "$RAVIZ $* 2>$tmp/err"
	expect "$name: raviz ends" "FINISHED"
	[ "$(status)" = 2 ] && grep -qF -- "$what" "$tmp/err" &&
	    ! grep -q "$(printf '\033')\[?1049h" "$tmp/pane"
	ok $? "$name: exit 2, '$what', the screen never opened" \
	    "<$tmp/err"
}
echo old >"$tmp/t.json"
refused "--trace onto a file" "t.json: the file exists (--force replaces it)" \
    "--trace=$tmp/t.json"
[ "$(cat "$tmp/t.json")" = old ]; ok $? "... the file as it was"
mkfifo "$tmp/f.json"
refused "--trace onto a FIFO" "f.json: a FIFO is in the way" \
    "--trace=$tmp/f.json --force"
ln -s nowhere "$tmp/l.json"
refused "--trace onto a dangling link" "l.json: a symbolic link is in the way" \
    "--trace=$tmp/l.json --force"
[ ! -e "$tmp/nowhere" ]; ok $? "... nothing created where it points"
mkfifo "$tmp/f.demo"
refused "--record onto a FIFO" "f.demo: a FIFO is in the way" \
    "--record=$tmp/f.demo --force"
# ---- item 8: a trace whose reads span more than the model takes ----
# The message named the read and readahead sizes; it is the span.
printf '%s\n' 'dd-1 [000] 1.000000: block_rq_issue: 8,0 R 4096 () 0 + 8 [dd]' \
    'dd-1 [000] 1.000001: block_rq_issue: 8,0 R 4096 () 1152921504606846976 + 8 [dd]' \
    >"$tmp/wide.trace"
refused "a trace spanning 2^60 sectors" \
    "wide.trace: the trace's reads span 144115188075855873 pages of the device from sector 0: the model beside it takes a file of at most 4 PiB (2^40 pages); --import-dev picks another device" \
    "--import=$tmp/wide.trace"

# ---- item 1 and the one rule for long work ----
# A caption whose alternative run does not repeat (one 64 TiB read: hours
# of engine work): --check reports it; on the screen its run shows its
# progress and gives way to q, Ctrl-C, SIGTERM and SIGHUP, the terminal
# restored.  It used to freeze the screen, every key and signal ignored.
printf '%s\n' 'raviz-demo 1' 'set file-size 16M' \
    '@0 +0ms caption "slow: {throughput bs=64T file-size=64T}"' \
    '@0 +0ms caption "after"' >"$tmp/fig.demo"
"$RAVIZ" --check "$tmp/fig.demo" >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st = 2 ] && grep -q "fig.demo:3:1: error: caption: {throughput bs=64T file-size=64T}: this alternative run would hold the replay (it does not repeat): larger than the limit of 4194304 engine actions for a caption's alternative run (--limit=figure-work=N lifts it)" "$tmp/err"
ok $? "--check runs a caption's figure: a lesson that cannot replay quickly is refused (exit $st)" \
    "<$tmp/err"
for key in q C-c; do
	if tl_start "$RAVIZ $tmp/fig.demo" && wait_for "moving"; then
		$T send-keys -t f "$key"
		restored "$key during a caption's long figure"
		st=$(status)
		[ "$st" = 0 ]; ok $? "$key during the figure: raviz quits, exit 0 (got '$st')"
	else
		ok 1 "$key: the figure's progress never showed"
	fi
done
for sn in TERM:15 HUP:1; do
	if tl_start "$RAVIZ $tmp/fig.demo" && wait_for "moving"; then
		killed "${sn#*:}" "SIG${sn%%:*} during a caption's long figure"
	else
		ok 1 "SIG${sn%%:*}: the figure's progress never showed"
	fi
done
# q during a lesson's long move (the end of one 1 TiB read) quits raviz;
# it used to cancel the move only, and the lesson went on.
printf '%s\n' 'raviz-demo 1' 'set bs 64T' 'set file-size 64T' \
    '@0 +0ms caption "to the end"' '@0 +0ms end' '@0 +0ms caption "done"' \
    >"$tmp/move.demo"
if tl_start "$RAVIZ $tmp/move.demo" && wait_for "moving"; then
	$T send-keys -t f q
	restored "q during a lesson's long move"
	st=$(status)
	[ "$st" = 0 ]; ok $? "q during the lesson's move: raviz quits, exit 0 (got '$st')"
else
	ok 1 "the lesson's move never showed its progress"
fi
# Headless, on a terminal: the replay's figure shows its progress on
# stderr and SIGINT stops it, nothing written.
if tl_start "$RAVIZ --headless --cast=$tmp/fig.cast $tmp/fig.demo" &&
    wait_for "of the lesson's move"; then
	$T send-keys -t f C-c
	# The shell drops the rest of the line: raviz died of SIGINT.
	expect "headless replay: SIGINT stops the figure's run" \
	    "raviz: stopped at"
	cap | grep -q "no cast" && [ ! -e "$tmp/fig.cast" ] &&
	    [ "$(ls "$tmp" | grep -c 'fig\.cast')" = 0 ]
	ok $? "... saying so, no cast written, nothing left"
else
	ok 1 "headless replay: the figure's progress never showed"
fi
# --sweep is long work too (issue 23): the whole sweep's progress on a
# terminal, SIGINT stops it, no table printed.
if tl_start "$RAVIZ --headless --sweep=bs --file-size=1T --no-skip" &&
    wait_for "of the sweep"; then
	$T send-keys -t f C-c
	expect "--sweep: SIGINT stops the runs" "raviz: stopped at"
	cap | grep -q "no sweep printed" && ! cap | grep -q "legacy"
	ok $? "... saying so, no table printed" "$(cap)"
else
	ok 1 "--sweep: its progress never showed" "$(cap)"
fi
# Headless --compare and --storyboard are long work too (issue 23): the
# compare run's and the slides' progress on a terminal, SIGINT stops them,
# nothing written (no slide left behind, no SVG).
if tl_start "$RAVIZ --headless --compare --file-size=1T --no-skip --svg=$tmp/cmp.svg" &&
    wait_for "of the compare run"; then
	$T send-keys -t f C-c
	expect "--headless --compare: SIGINT stops the runs" "raviz: stopped at"
	cap | grep -q "no SVG" && [ ! -e "$tmp/cmp.svg" ]
	ok $? "... saying so, no SVG written" "$(cap)"
else
	ok 1 "--headless --compare: its progress never showed" "$(cap)"
fi
mkdir "$tmp/slides"
if tl_start "$RAVIZ --headless --storyboard=$tmp/slides --file-size=1T --no-skip" &&
    wait_for "of the slides' moves"; then
	$T send-keys -t f C-c
	expect "--storyboard: SIGINT stops the moves" "raviz: stopped at"
	cap | grep -q "no slide written" &&
	    [ "$(ls "$tmp/slides" | wc -l)" = 0 ]
	ok $? "... saying so, no slide left behind" "$(cap; ls "$tmp/slides")"
else
	ok 1 "--storyboard: its progress never showed" "$(cap)"
fi
tap_done
