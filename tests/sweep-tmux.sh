#!/bin/sh
# sweep-tmux.sh - the sweep drawn as a screen of its own (issue 23), with
# the real binary in a private tmux server: --sweep=bs on a terminal opens
# it at 80x24 (the chart, the values, each mode's figures, the finding),
# w goes to ra, idle-penalty, then back to the run; a long sweep shows
# its progress and q stops it; w on the run opens
# it, a jump (3) closes it onto T3, Esc closes it; ? shows the help over
# it; at 120x40 the bars are wider; with --theme=mono the three modes are
# told apart by attributes as well as glyphs; q quits with the terminal
# restored.  Every wait polls with a deadline.
. "${srcdir:-.}/tests/tap.sh"
. "${srcdir:-.}/tests/tmux-lib.sh"
tl_setup raviz-sweep

tl_start "'$RAVIZ' --sweep=bs --file-size=16M"
expect "--sweep=bs opens the sweep screen" "sweep: bs (read() size)"
expect "the finding: the 128 KiB cliff" \
    "buggy first under half of fixed: bs 128k, 51.2 against 251.2 MB/s"
cap >"$tmp/s"
grep -q '^bs       4k     8k    16k    32k    64k    128k   256k   512k    1M     2M$' "$tmp/s" &&
    grep -q '^buggy  256.2  261.0  268.8  246.7  242.0   51.2   51.2   50.9   50.7   50.6$' "$tmp/s"
ok $? "80x24: the values and buggy's figures under the chart" "<$tmp/s"
# The chart: the 1M group's buggy bar (2 cells) is 3 rows, fixed's 13.
[ "$(LC_ALL=C.UTF-8 grep -cE '^.{65}██' "$tmp/s")" = 3 ] &&
    [ "$(LC_ALL=C.UTF-8 grep -cE '^.{67}▓▓' "$tmp/s")" = 13 ]
ok $? "80x24: the bars of 1M, 3 rows against 13" "<$tmp/s"
press w "sweep: ra (readahead maximum)" "w: the ra sweep"
expect "ra: the baseline's fall and the link's wake, said" \
    "legacy falls too: ra 256k, 84.3 MB/s, the link waking 64.3% of that"
press w "sweep: idle-penalty" "w: the idle-penalty sweep"
expect "idle-penalty: w closes next" "w closes  Esc back to the run"
press w "BUGGY - 2.6.39" "w after the last: back to the run"
press w "sweep: bs (read() size)" "w on the run: the bs sweep again"
press '?' "raviz keys" "? shows the help over the sweep"
$T send-keys -t f Escape
wait_gone "raviz keys"
ok $? "Esc closes the help first"
cap | grep -q "sweep: bs"
ok $? "... the sweep stays" "$(cap)"
press 3 "T3: " "3 closes the sweep and jumps to T3"
press w "sweep: bs" "w opens it again"
$T send-keys -t f Escape
wait_gone "sweep: bs"
ok $? "Esc closes the sweep" "$(cap)"
quits "sweep" 0

# A long sweep shows its progress on the bottom row, and q stops it.
tl_start "'$RAVIZ' --sweep=bs --file-size=64G --no-skip"
expect "a long sweep: its progress" " the sweep: "
cap | grep -q ' the sweep: [0-9]*% done (q quits)'
ok $? "... in its own words" "$(cap)"
quits "long sweep" 0

# 120x40, monochrome: each mode its own attribute and glyph.
TL_CAPTURE="-e -p"
tl_new 120 40 "env -i TERM=xterm-256color LC_ALL=C.UTF-8 PATH=/usr/bin:/bin \
'$RAVIZ' --theme=mono --sweep=bs --file-size=16M"
expect "120x40 mono: the sweep" "buggy first under half of fixed"
cap >"$tmp/m"
esc=$(printf '\033')
grep -q "${esc}\[1;4m█" "$tmp/m" && grep -q "${esc}\[7m▓" "$tmp/m" &&
    ! grep -q '[34][0-7]m' "$tmp/m"
ok $? "mono: buggy bold underlined, fixed reversed, no colour" "$(cat -v "$tmp/m" | head -5)"
TL_CAPTURE=-p
cap >"$tmp/w"
grep -q '^bs         4k         8k        16k' "$tmp/w"
ok $? "120x40: groups of 11 columns" "<$tmp/w"
tap_done
