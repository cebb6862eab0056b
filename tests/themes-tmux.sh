#!/bin/sh
# themes-tmux.sh - the real screen in a private tmux server at 80x24:
# a capture-pane -e screenshot of every shipped theme (golden files under
# tests/golden/themes/, GENERATE=1 rewrites them), NO_COLOR and --no-color
# without any colour sequence, a non-UTF-8 locale with only ASCII on the
# screen, TERM=vt100 and TERM=linux working, TERM=dumb refused, an explicit
# broken theme refused with file:line:column, and a broken RAVIZ_THEME
# falling back with a visible warning.
. "${srcdir:-.}/tests/tap.sh"
. "${srcdir:-.}/tests/tmux-lib.sh"
need tmux tmux
tmp=$(mktemp -d)
tl_sock="raviz-theme-$$"
trap 'tm kill-server 2>/dev/null; rm -rf "$tmp"' EXIT
mkdir -p "$tmp/home"
# Absolute paths: the pane's shell does not start in our directory.
data=$(cd "$srcdir" && pwd)
raviz=$RAVIZ

# start NAME TERM LOCALE ARGS... - run raviz in a fresh window NAME under a
# clean environment; the shell line ends by printing the exit status.
start() {
	name=$1 term=$2 loc=$3
	shift 3
	tm new-window -d -n "$name" -t raviz: "env -i HOME='$tmp/home' \
PATH=/usr/bin:/bin TERM=$term LC_ALL=$loc RAVIZ_DATADIR='$data' \
XDG_CONFIG_HOME='$tmp/home/config' $ENVX '$raviz' $*; \
echo \"exit=\$?\"; sleep 600"
}
# shot NAME FILE - once the whole first frame is up (its last line shows),
# capture-pane -e into FILE when two captures in a row agree: the terminal
# may still be receiving the frame when its first rows appear.
shot() {
	win_wait "$1" "q quit" || return 1
	settled "$2" tm capture-pane -e -p -t "raviz:$1"
}
# quit NAME - press q and wait for the exit line.
quit() {
	tm send-keys -t "raviz:$1" q
	win_wait "$1" "exit=0"
}
# colour_sgr FILE - the SGR parameters in FILE that set a colour: 30-38,
# 40-48, 90-97, 100-107.  39 and 49 (back to the default colours) are not
# colours: tmux's capture adds them after every attribute reset.
colour_sgr() {
	grep -o "$(printf '\033')\[[0-9;:]*m" "$1" | tr -d '\033[m' |
	    tr ';:' '\n\n' | grep -E '^(3[0-8]|4[0-8]|9[0-7]|10[0-7])$' |
	    sort -u
}

# The tmux server itself runs in a UTF-8 locale, so that anything non-ASCII
# raviz might send would show up in the captures.
tl_session
ENVX=

# Golden screenshots: each theme on xterm-256color in UTF-8.
for f in "$srcdir"/themes/*.theme; do
	t=$(basename "$f" .theme)
	start "$t" xterm-256color C.UTF-8 --theme "$t"
	if shot "$t" "$tmp/$t.txt"; then
		golden "themes/$t.txt" "$tmp/$t.txt"
		quit "$t"; ok $? "$t: q quits with status 0"
	else
		ok 1 "golden themes/$t.txt"
		ok 1 "$t: q quits with status 0"
	fi
done

# NO_COLOR=1 and --no-color: not a single colour sequence.
ENVX="NO_COLOR=1"
start nocolor xterm-256color C.UTF-8 --theme dusk
ENVX=
shot nocolor "$tmp/nocolor"
bad=$(colour_sgr "$tmp/nocolor")
[ -z "$bad" ]; ok $? "NO_COLOR=1: no colour sequences${bad:+ (found: $bad)}"
grep -q "$(printf '\033')\[" "$tmp/nocolor"
ok $? "NO_COLOR=1: attributes are still drawn"
quit nocolor >/dev/null
start nocolor2 xterm-256color C.UTF-8 --no-color
shot nocolor2 "$tmp/nocolor2"
bad=$(colour_sgr "$tmp/nocolor2")
[ -z "$bad" ]; ok $? "--no-color: no colour sequences${bad:+ (found: $bad)}"
quit nocolor2 >/dev/null
# And the colour themes do colour (so the check above can fail).
[ -n "$(colour_sgr "$tmp/default.txt")" ]
ok $? "without NO_COLOR the default theme sends colour sequences"

# A non-UTF-8 locale: only ASCII on the screen.
start ascii xterm-256color C
shot ascii "$tmp/ascii.e"
tm capture-pane -p -t raviz:ascii >"$tmp/ascii"
! LC_ALL=C grep -q '[^ -~]' "$tmp/ascii"
ok $? "LC_ALL=C: the screen holds only ASCII"
grep -q "consumed" "$tmp/ascii"; ok $? "LC_ALL=C: the legend is there"
quit ascii >/dev/null
# --ascii in a UTF-8 locale too; and the UTF-8 screen is not ASCII (the
# check above can fail).
start ascii2 xterm-256color C.UTF-8 --ascii
shot ascii2 "$tmp/ascii2.e"
tm capture-pane -p -t raviz:ascii2 >"$tmp/ascii2"
! LC_ALL=C grep -q '[^ -~]' "$tmp/ascii2"
ok $? "--ascii: the screen holds only ASCII"
quit ascii2 >/dev/null
LC_ALL=C grep -q '[^ -~]' "$tmp/default.txt"
ok $? "in UTF-8 the default screen uses Unicode glyphs"

# vt100 (no colour, no Unicode) and the Linux console (8 colours).
start vt100 vt100 C.UTF-8
shot vt100 "$tmp/vt100"; ok $? "TERM=vt100: the screen comes up"
bad=$(colour_sgr "$tmp/vt100")
[ -z "$bad" ]; ok $? "TERM=vt100: no colour${bad:+ (found: $bad)}"
tm capture-pane -p -t raviz:vt100 >"$tmp/vt100.txt"
! LC_ALL=C grep -q '[^ -~]' "$tmp/vt100.txt"
ok $? "TERM=vt100: ASCII only"
quit vt100; ok $? "TERM=vt100: q quits with status 0"
start linux linux C.UTF-8
shot linux "$tmp/linux"; ok $? "TERM=linux: the screen comes up"
bad=$(colour_sgr "$tmp/linux" | grep -vE '^(3[0-7]|4[0-7])$')
[ -z "$bad" ] && [ -n "$(colour_sgr "$tmp/linux")" ]
ok $? "TERM=linux: eight colours only${bad:+ (found: $bad)}"
quit linux; ok $? "TERM=linux: q quits with status 0"

# TERM=dumb: refused with a clear message, status 2.
start dumb dumb C.UTF-8
win_wait dumb "exit=2" && win_wait dumb "TERM=dumb" &&
    win_wait dumb "--headless"
ok $? "TERM=dumb: a message pointing at --headless, status 2"

# --theme with errors: file:line:column and status 2, before the screen.
printf 'name = broken\nconsumed = purple\n' >"$tmp/broken.theme"
start explicit xterm-256color C.UTF-8 --theme "$tmp/broken.theme"
win_wait explicit "exit=2" && win_wait explicit "broken.theme:2:12: expected"
ok $? "--theme with errors: file:line:column, status 2"

# RAVIZ_THEME with errors: the default theme and a visible warning.
ENVX="RAVIZ_THEME='$tmp/broken.theme'"
start envtheme xterm-256color C.UTF-8
ENVX=
win_wait envtheme "PAUSED" && win_wait envtheme "RAVIZ_THEME"
ok $? "RAVIZ_THEME with errors: the screen warns and carries on"
quit envtheme; ok $? "RAVIZ_THEME with errors: q quits with status 0"
tap_done
