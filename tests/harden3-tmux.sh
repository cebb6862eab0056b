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
	    "$(cat "$tmp/err")"
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
tap_done
