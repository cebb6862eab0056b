#!/bin/sh
# export-tmux.sh - the teaching keys on the real screen (issue 15 items 4
# and 5) in a private tmux server at 80x24 (env -i, TERM and LC_ALL
# fixed): a lesson's title on the hint row, f (focus: no lanes, no event
# log; golden), H (the captions so far; golden), S (raviz-N.svg that
# xmllint accepts, a second press the next N), L (the projector theme's
# white background, then back), and the help naming them.
. "${srcdir:-.}/tests/tap.sh"
. "${srcdir:-.}/tests/tmux-lib.sh"
tl_setup raviz-export
need xmllint libxml2-utils
absrc=$(cd "$srcdir" && pwd)
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
tl_new 80 24 "cd '$tmp/out' && env -i TERM=xterm-256color \
    LC_ALL=C.UTF-8 HOME='$tmp' RAVIZ_DATADIR='$absrc' PATH=/usr/bin:/bin \
    '$RAVIZ' '$tmp/l.demo'"
# screen_lacks TEXT: TEXT is not on the screen now.
screen_lacks() { ! $T capture-pane -p | grep -qF -- "$1"; }

expect "the lesson's title is on the hint row" \
    "Teaching keys: one idea at a time"
expect "its first caption shows, the pause waits" \
    "First: dd asks for 1 MiB per read().  [Enter]"
$T send-keys Enter
expect "Enter: the second caption, at event 5" \
    "Second: the window is 128 KiB; <tags> & such stay text.  [Enter]"

$T send-keys f
expect "f: focus mode on (flash)" "focus: strips and the moment"
screen_lacks "  device " && screen_lacks "  plug " &&
    wait_for "consumed" && wait_for "MB/s |" &&
    wait_for "Second: the window is 128 KiB" &&
    wait_for "the first window is two"
ok $? "focus: no lanes, no event log; legend, meters and caption stay"
# The golden once the flash has gone (a timer clears it).
wait_for "PAUSED  10 events/s"
$T capture-pane -p | sed 's/ *$//' >"$tmp/focus.txt"
golden tmux/focus-80x24.txt "$tmp/focus.txt"
$T send-keys f
expect "f again: focus off" "focus off"
expect "the lanes are back" "  device "

wait_for "PAUSED  10 events/s"
$T send-keys H
expect "H: the caption history overlay" "captions so far"
wait_for "First: dd asks for 1 MiB per read()." &&
    wait_for "Second: the window is 128 KiB; <tags> & such stay text."
ok $? "it lists both captions shown so far, in order"
$T capture-pane -p | sed 's/ *$//' >"$tmp/captions.txt"
golden tmux/captions-80x24.txt "$tmp/captions.txt"
$T send-keys Escape
i=0
while [ $i -lt 100 ] && ! screen_lacks "captions so far"; do
	nap 0.1; i=$((i + 1))
done
screen_lacks "captions so far"
ok $? "Esc closes it"

$T send-keys S
expect "S: writes raviz-1.svg and says so" "wrote raviz-1.svg"
# (A span per stretch of non-blank cells: the text with the tags gone.)
sed 's/<[^>]*>/ /g; s/  */ /g' "$tmp/out/raviz-1.svg" >"$tmp/svgtext"
xmllint --noout "$tmp/out/raviz-1.svg" 2>"$tmp/xerr" &&
    grep -q 'BUGGY - 2.6.39: read() holds a plug' "$tmp/svgtext" &&
    grep -q 'Teaching keys: one idea at a time' "$tmp/svgtext" &&
    grep -q '&lt;tags&gt; &amp; such' "$tmp/svgtext"
ok $? "raviz-1.svg parses and holds the screen's text: $(head -c 200 "$tmp/xerr")"
$T send-keys S
expect "S again: raviz-2.svg (never over raviz-1.svg)" "wrote raviz-2.svg"

$T send-keys L
expect "L: the projector theme" "theme: projector"
$T capture-pane -p -e | grep -q '48;5;231m'
ok $? "its white background (palette 231) is on the screen"
$T send-keys L
expect "L again: back to the default theme" "theme: default"
$T send-keys S
wait_for "wrote raviz-3.svg"
grep -q 'fill="#000000"/>' "$tmp/out/raviz-3.svg"
ok $? "an SVG after switching back has the default theme's background"

$T send-keys '?'
expect "? lists S L with the note on light backgrounds" \
    "light background? projector theme"
expect "? lists f H" "focus (strips and moment only)"
$T send-keys q
tap_done
