#!/bin/sh
# tmux-mouse.sh - the mouse and the prompt line, end to end in a tmux pane.
# Under every TERM (xterm-256color, whose terminfo kmous is SGR's ESC [ <;
# screen and tmux-256color, X10's ESC [ M; linux, none) mouse reports in
# every encoding (X10, SGR, urxvt), whether curses decodes them or they
# reach raviz raw: those that mean nothing (a click on the header, a
# release, another button) change nothing - no part of one acts as a key
# (space, a digit, p, m ...) - a click on a lane column goes back in time,
# on the slice of now it stays, a click on a page goes to its last change,
# the wheel steps.  Then `:` and `/`.  Reports are typed into the pane as
# a terminal would send them (send-keys -H).
. "${srcdir:-.}/tests/tap.sh"
. "$srcdir/tests/tmux-lib.sh"
tl_setup tmux-mouse

# The helpers below take the screen apart and build the reports in the
# shell: with od, sed, grep and head per call they ran more processes than
# the rest of the test, and with a $(...) per byte, hundreds of forks.
# hexn N...: append each N (0-255) in hex to $k, as send-keys -H wants it.
hexn() {
	for _hx_n in "$@"; do
		_hx_d=
		for _hx_v in $((_hx_n / 16)) $((_hx_n % 16)); do
			case $_hx_v in
			10) _hx_v=a ;; 11) _hx_v=b ;; 12) _hx_v=c ;; 13) _hx_v=d ;;
			14) _hx_v=e ;; 15) _hx_v=f ;;
			esac
			_hx_d=$_hx_d$_hx_v
		done
		k="$k $_hx_d"
	done
}
# str TEXT: append TEXT's bytes in hex to $k: ESC and what the reports
# are made of, by table; anything else through printf.
str() {
	_str_s=$1
	while [ -n "$_str_s" ]; do
		_str_r=${_str_s#?}
		_str_c=${_str_s%"$_str_r"}
		case $_str_c in
		"$esc") k="$k 1b" ;;
		[0-9]) k="$k 3$_str_c" ;;
		"[") k="$k 5b" ;;
		"<") k="$k 3c" ;;
		";") k="$k 3b" ;;
		M) k="$k 4d" ;;
		m) k="$k 6d" ;;
		*) hexn "$(printf '%d' "'$_str_c")" ;;
		esac
		_str_s=$_str_r
	done
}
esc=$(printf '\033')
# Reports of a press (and release) of button B at 0-based column X, row Y,
# appended to $k.
x10() { str "$esc[M"; hexn $((32 + $1)) $((33 + $2)) $((33 + $3)); }
sgr() { str "$esc[<$1;$(($2 + 1));$(($3 + 1))$4"; }
urxvt() { str "$esc[$((32 + $1));$(($2 + 1));$(($3 + 1))M"; }
# send HEX...: type the bytes into the pane.
send() { $T send-keys -t f -H $*; }
# event: the event number the header shows now.
event() {
	cap | while IFS= read -r _ev_l; do
		case $_ev_l in "t = "*" event "[0-9]*)
			_ev_l=${_ev_l#*" event "}; echo "${_ev_l%% *}"; break ;;
		esac
	done
}
# at N LABEL: the header reaches event N.
at() { expect "$2 (event $(event))" "event $1 "; }
# row TEXT: the 0-based row of the first line starting with TEXT.
row() {
	cap | { _row_n=0; while IFS= read -r _row_l; do
		case $_row_l in "$1"*) echo $_row_n; break ;; esac
		_row_n=$((_row_n + 1))
	done; }
}

for term in xterm-256color screen tmux-256color linux; do
	tl_new 80 24 "env -i PATH=/usr/bin:/bin TERM=$term LC_ALL=C.UTF-8 \
HOME=$tmp RAVIZ_DATADIR=${RAVIZ_DATADIR:-} $RAVIZ --until=300"
	wait_for "event 300 " || { ok 1 "$term: raviz starts"; continue; }
	cap >"$tmp/before"
	# Nothing to do: header clicks (space 32 is X10's button 0 - a
	# click once started playback), the right and middle buttons on a
	# lane, motion, the lane's label; each press with its release.
	k=
	x10 0 5 0
	x10 3 5 0
	sgr 0 40 0 M
	sgr 0 40 0 m
	sgr 2 20 14 M
	sgr 2 20 14 m
	x10 2 20 14
	x10 3 20 14
	urxvt 1 20 14
	urxvt 3 20 14
	sgr 35 20 14 M
	x10 0 50 1
	x10 3 50 1
	sgr 0 3 14 M
	sgr 0 3 14 m
	send $k
	$T send-keys -t f n
	at 301 "$term: reports that mean nothing, then n: one step"
	cap | grep -q "PAUSED" && cap | grep -q "^BUGGY" &&
	    ! cap | grep -q "raviz keys"
	ok $? "$term: ... still paused, buggy, no help open: no byte acted as a key"
	$T send-keys -t f N
	at 300 "$term: N: back"
	y=$(row "  device ")
	# The rightmost lane column is now: stays (SGR and X10).
	k=
	sgr 0 53 "$y" M
	sgr 0 53 "$y" m
	send $k
	# n, then N, each awaited: after "n N" the screen before them showed
	# event 300 as well, and a click that came before the frame of 300
	# was drawn went by the picture of 301 (a click is on the last
	# picture), not eleven columns before event 300.
	$T send-keys -t f n
	at 301 "$term: a click on the slice of now stays (then n)"
	$T send-keys -t f N
	at 300 "$term: ... and N: back"
	# Eleven columns back: before event 300.
	k=
	sgr 0 42 "$y" M
	sgr 0 42 "$y" m
	send $k
	wait_gone "event 300 "
	ok $? "$term: SGR click on a lane column goes back (event $(event))"
	back=$(event)
	# The wheel: down a step, up a step (X10 and SGR).
	k=
	x10 65 40 10
	send $k
	at $((back + 1)) "$term: X10 wheel down: a step forward"
	k=
	sgr 64 40 10 M
	send $k
	at "$back" "$term: SGR wheel up: a step back"
	# X10 and urxvt clicks on the same column: the same place.
	$T send-keys -t f :300 Enter
	at 300 "$term: :300 Enter"
	k=
	x10 0 42 "$y"
	x10 3 42 "$y"
	send $k
	at "$back" "$term: X10 click on that lane column: the same event"
	$T send-keys -t f :300 Enter
	at 300 "$term: :300 again"
	k=
	urxvt 0 42 "$y"
	send $k
	at "$back" "$term: urxvt click on it: the same event"
	# A page in flight (the second half of strip 1536's row): its
	# dispatch, 3 events before 300 (check_find.c checks the numbers).
	$T send-keys -t f :300 Enter
	at 300 "$term: :300 once more"
	y=$(row "    1536 ")
	k=
	sgr 0 50 "$y" M
	sgr 0 50 "$y" m
	send $k
	at 297 "$term: a click on a page in flight goes to its dispatch"
	# The next tl_new ends this server (linux has no alternate screen:
	# the last frame stays on it after q).
	$T send-keys -t f q
done

# The prompt line: `:` an event, a time, a moment; `/` the narration.
tl_new 80 24 "env -i PATH=/usr/bin:/bin TERM=xterm-256color LC_ALL=C.UTF-8 \
HOME=$tmp RAVIZ_DATADIR=${RAVIZ_DATADIR:-} $RAVIZ"
wait_for "event 0 "
$T send-keys -t f :12
expect ": shows the prompt line on the bottom row" ":12_"
$T send-keys -t f 00 Enter
at 1200 ":1200 Enter goes to event 1200"
$T send-keys -t f :3.5ms Enter
at 17 ":3.5ms goes to the last event at or before 3.5 ms"
$T send-keys -t f :T3 Enter
at 10 ":T3 goes to the moment T3"
$T send-keys -t f :T9 Enter
expect ":T9 is refused with a word" "expected an event number"
$T send-keys -t f /dispatch Enter
at 17 "/dispatch finds the next dispatch (event 17: T5)"
cap | grep -q "dispatched to the device"
ok $? "... which the narration shows"
$T send-keys -t f / Enter
at 28 "/ Enter searches again: the next one"
$T send-keys -t f "/no such thing" Enter
expect "a text not ahead: said so" "not found ahead"
$T send-keys -t f :5
expect ": again" ":5_"
$T send-keys -t f Escape
wait_gone ":5_"
ok $? "Esc closes the prompt line"
$T send-keys -t f n
at 29 "Esc closes the prompt line; n steps again"
tap_done
