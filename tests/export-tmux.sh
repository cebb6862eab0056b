#!/bin/sh
# export-tmux.sh - the teaching keys on the real screen (issue 15 items 4
# and 5) in a private tmux server at 80x24 (env -i, TERM and LC_ALL
# fixed): a lesson's title on the hint row, f (focus: no lanes, no event
# log; golden), H (the captions so far; golden), S (raviz-N.svg that
# xmllint accepts, a second press the next N), L (the projector theme's
# white background, then back), and the help naming them.
. "${srcdir:-.}/tests/tap.sh"
need tmux tmux
need xmllint libxml2-utils
tmp=$(mktemp -d)
absrc=$(cd "$srcdir" && pwd)
sock="raviz-export-$$"
T() { tmux -L "$sock" -f /dev/null "$@"; }
trap 'T kill-server 2>/dev/null; rm -rf "$tmp"' EXIT
mkdir "$tmp/out"

# A lesson of our own that waits at each pause: no wall-clock race.
cat >"$tmp/l.demo" <<'EOF'
raviz-demo 1
title "Teaching keys: one idea at a time"
set file-size 16M
@0 +0ms caption "First: dd asks for {bs} per read()."
@0 +0ms pause
@5 +0ms caption "Second: the window is {ra}; <tags> & such stay text."
@5 +0ms pause
EOF
T new -d -x 80 -y 24 "cd '$tmp/out' && env -i TERM=xterm-256color \
    LC_ALL=C.UTF-8 HOME='$tmp' RAVIZ_DATADIR='$absrc' PATH=/usr/bin:/bin \
    '$RAVIZ' '$tmp/l.demo'; sleep 60"
# screen_has TEXT: poll the pane for TEXT, 10 s at most.
screen_has() {
	i=0
	while [ $i -lt 100 ]; do
		T capture-pane -p 2>/dev/null | grep -qF -- "$1" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	T capture-pane -p | sed 's/^/# /'
	return 1
}
# screen_lacks TEXT: TEXT is not on the screen now.
screen_lacks() { ! T capture-pane -p | grep -qF -- "$1"; }

screen_has "Teaching keys: one idea at a time"
ok $? "the lesson's title is on the hint row"
screen_has "First: dd asks for 1 MiB per read().  [Enter]"
ok $? "its first caption shows, the pause waits"
T send-keys Enter
screen_has "Second: the window is 128 KiB; <tags> & such stay text.  [Enter]"
ok $? "Enter: the second caption, at event 5"

T send-keys f
screen_has "focus: strips and the moment"
ok $? "f: focus mode on (flash)"
screen_lacks "  device " && screen_lacks "  plug " &&
    screen_has "consumed" && screen_has "MB/s |" &&
    screen_has "Second: the window is 128 KiB" &&
    screen_has "the first window is two"
ok $? "focus: no lanes, no event log; legend, meters and caption stay"
# The golden once the flash has gone (a timer clears it).
screen_has "PAUSED  10 events/s"
T capture-pane -p | sed 's/ *$//' >"$tmp/focus.txt"
golden tmux/focus-80x24.txt "$tmp/focus.txt"
T send-keys f
screen_has "focus off"
ok $? "f again: focus off"
screen_has "  device "
ok $? "the lanes are back"

screen_has "PAUSED  10 events/s"
T send-keys H
screen_has "captions so far"
ok $? "H: the caption history overlay"
screen_has "First: dd asks for 1 MiB per read()." &&
    screen_has "Second: the window is 128 KiB; <tags> & such stay text."
ok $? "it lists both captions shown so far, in order"
T capture-pane -p | sed 's/ *$//' >"$tmp/captions.txt"
golden tmux/captions-80x24.txt "$tmp/captions.txt"
T send-keys Escape
i=0
while [ $i -lt 100 ] && ! screen_lacks "captions so far"; do
	sleep 0.1; i=$((i + 1))
done
screen_lacks "captions so far"
ok $? "Esc closes it"

T send-keys S
screen_has "wrote raviz-1.svg"
ok $? "S: writes raviz-1.svg and says so"
xmllint --noout "$tmp/out/raviz-1.svg" 2>"$tmp/xerr" &&
    grep -q '>BUGGY - 2.6.39: read() holds a plug<' "$tmp/out/raviz-1.svg" &&
    grep -q 'Teaching keys: one idea at a time' "$tmp/out/raviz-1.svg" &&
    grep -q '&lt;tags&gt; &amp; such' "$tmp/out/raviz-1.svg"
ok $? "raviz-1.svg parses and holds the screen's text: $(head -c 200 "$tmp/xerr")"
T send-keys S
screen_has "wrote raviz-2.svg"
ok $? "S again: raviz-2.svg (never over raviz-1.svg)"

T send-keys L
screen_has "theme: projector"
ok $? "L: the projector theme"
T capture-pane -p -e | grep -q '48;5;231m'
ok $? "its white background (palette 231) is on the screen"
T send-keys L
screen_has "theme: default"
ok $? "L again: back to the default theme"
T send-keys S
screen_has "wrote raviz-3.svg"
grep -q 'fill="#000000"/>' "$tmp/out/raviz-3.svg"
ok $? "an SVG after switching back has the default theme's background"

T send-keys '?'
screen_has "light background? projector theme"
ok $? "? lists S L with the note on light backgrounds"
screen_has "focus (strips and moment only)"
ok $? "? lists f H"
T send-keys q
tap_done
