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

T new -d -x 80 -y 24 "cd '$tmp/out' && env -i TERM=xterm-256color \
    LC_ALL=C.UTF-8 HOME='$tmp' RAVIZ_DATADIR='$absrc' PATH=/usr/bin:/bin \
    '$RAVIZ' --demo moments; sleep 60"
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

screen_has "T1 to T5: how one outer plug breaks the readahead pipeline"
ok $? "the lesson's title is on the hint row"
screen_has "dd asks for 1 MiB per read()"
ok $? "its first caption shows"
# Hold the replay where it is (any key does), and let it settle.
T send-keys n
screen_has "[held: Enter]"
ok $? "a key holds the replay"

T send-keys f
screen_has "focus: strips and the moment"
ok $? "f: focus mode on (flash)"
screen_lacks "  device " && screen_lacks "  plug " &&
    screen_has "consumed" && screen_has "MB/s |" &&
    screen_has "dd asks for 1 MiB"
ok $? "focus: no lanes, no event log; legend, meters and caption stay"
T capture-pane -p | sed 's/ *$//' >"$tmp/focus.txt"
golden tmux/focus-80x24.txt "$tmp/focus.txt"
T send-keys f
screen_has "focus off"
ok $? "f again: focus off"
screen_has "  device "
ok $? "the lanes are back"

T send-keys H
screen_has "captions so far"
ok $? "H: the caption history overlay"
screen_has "dd asks for 1 MiB per read(); readahead works in 128 KiB windows."
ok $? "it lists the caption shown so far"
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
    grep -q 'T1 to T5: how one outer plug' "$tmp/out/raviz-1.svg"
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
