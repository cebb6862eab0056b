#!/bin/sh
# predict-tmux.sh - predict-then-reveal on the real screen at 80x24 in a
# private tmux server: --predict asks before the first window (golden),
# a right answer reveals it with its verdict (golden), a wrong one names
# the right choice, stepping waits for an answer, P shows the summary,
# --record keeps every answer so that the headless replay of the recording
# ends with the same summary; the predict lesson asks, takes the student's
# answer and goes on with Enter.  Every wait has a deadline.
. "${srcdir:-.}/tests/tap.sh"
. "${srcdir:-.}/tests/tmux-lib.sh"
tl_setup raviz-predict
data=$(cd "$srcdir" && pwd)

# shot FILE: the screen once two captures in a row agree.
shot() { settled "$1" cap; }

tl_start "'$RAVIZ' --predict --file-size=4M --record='$tmp/rec.demo'"
expect "raviz --predict starts" "q quit"
press n "What happens to window [0,64) now?" "one step: the question before T1"
shot "$tmp/ask"; ok $? "the question screen settles"
golden tmux/predict-ask-80x24.txt "$tmp/ask"
grep -q "answer a or b  (P: predict off)" "$tmp/ask"
ok $? "the prompt names the choices"
# Stepping waits for the answer.
press n "answer first" "n while asked: answer first"
press b "held: the outer plug is still held" \
    "b: right, with the mechanism"
shot "$tmp/right"; ok $? "the reveal screen settles"
golden tmux/predict-right-80x24.txt "$tmp/right"
grep -q "submit_bio \[0,64) into the plug" "$tmp/right"
ok $? "the reveal shows the events it was about"
press n "The reader needs page 0, not up to date." \
    "the next step asks about the stall"
press a "wrong (you said a): c) request #1 is still plugged: it waits for all" \
    "a: wrong, naming the right choice"
press P "predictions: 1 of 2 right; missed: T2 (waits for all of a plugged" \
    "P: predict off, the summary"
quits "predict" 0
grep -q "^@0 +[0-9]*ms predict$" "$tmp/rec.demo" &&
    grep -q "^@1 +[0-9]*ms answer b$" "$tmp/rec.demo" &&
    grep -q "^@3 +[0-9]*ms answer a$" "$tmp/rec.demo" &&
    grep -q " predict toggle$" "$tmp/rec.demo"
ok $? "--record keeps predict, the answers and the toggle: $(tr '\n' '|' <"$tmp/rec.demo" | tail -c 300)"
"$RAVIZ" --headless --frames "$tmp/rec.demo" >"$tmp/replay" 2>"$tmp/err"
[ $? -eq 0 ] && tail -n 8 "$tmp/replay" |
    grep -q "predictions: 1 of 2 right; missed: T2"
ok $? "the recording replays headless to the same summary $(cat "$tmp/err")"

# Compare mode: the question and its choices take the footer's rows.
tl_start "'$RAVIZ' --predict --file-size=4M"
expect "raviz --predict starts again" "q quit"
press c "c one run" "compare mode"
press n "a) sent to the device now  b) held in the plug" \
    "compare: the choices on the caption row"
cap | grep -q "^What happens to window \[0,64) now?"
ok $? "compare: the question above them"
press b "right: b) held in the plug" \
    "compare: the verdict in the main run's half"
quits "compare"

# The lesson: the student answers, Enter goes on.
tl_start "RAVIZ_DATADIR='$data' '$RAVIZ' --demo predict"
expect "the predict lesson starts" "Predict first"
# Tab: the next caption now, then its pause.
press Tab "[Enter]" "the lesson pauses after its introduction"
press Enter "What happens to window [0,64) now?" \
    "Enter: the lesson asks before T1"
press a "wrong (you said a): b) held in the plug" \
    "the student's answer is revealed"
# One key per reveal: the answer does not hold the lesson, which goes on
# to its next caption and pause; Enter then leaves T1 for T3's question.
expect "the lesson goes on after the answer, unheld" "T1 ahead (buggy"
cap | grep -q "demo held"
[ $? -ne 0 ]
ok $? "the answer does not hold the lesson" "$(cap)"
press Enter "What happens to window [64,96) now?" \
    "Enter: the lesson goes on to T3's question"
quits "lesson"
tap_done
