#!/bin/sh
# predict.sh - predict-then-reveal headless: --predict needs --answers (exit
# 2 with a clear message, as every misuse), the questions, answers and
# verdicts of a buggy and a fixed run match their goldens (GENERATE=1
# rewrites them) and are byte-identical run to run, a letter beyond the
# choices is refused and the next one used, --frames shows the question in
# the narration's place, and the run stops when the answers run out.
. "${srcdir:-.}/tests/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# refused WANT ARGS...: exit 2, nothing on stdout, WANT on stderr.
refused() {
	want=$1
	shift
	"$RAVIZ" "$@" >"$tmp/out" 2>"$tmp/err"
	[ $? -eq 2 ] && [ ! -s "$tmp/out" ] && grep -qF -- "$want" "$tmp/err"
	ok $? "$* refused: $(cat "$tmp/err")"
}
refused "--predict: with --headless there is no student to ask" \
    --headless --predict
refused "--answers: only applies to --predict" --headless --answers=ab
refused "--answers: only with --headless" --predict --answers=ab
refused "--answers: 'abx': expected letters a to d" --headless --predict \
    --answers=abx
refused "--answers: '': expected letters a to d" --headless --predict --answers=
refused "--predict: does not combine with --trace" --headless --predict \
    --answers=a --trace=-
refused "--predict: a demo file turns it on" --headless --predict \
    --answers=a "$srcdir/demos/predict.demo"

for m in buggy fixed; do
	"$RAVIZ" --headless --predict --answers=babcacbab --file-size=4M \
	    --mode=$m >"$tmp/$m" 2>"$tmp/err"
	[ $? -eq 0 ] && [ ! -s "$tmp/err" ]
	ok $? "$m: --headless --predict --answers exits 0, quietly"
	golden "predict-$m.txt" "$tmp/$m"
	"$RAVIZ" --headless --predict --answers=babcacbab --file-size=4M \
	    --mode=$m >"$tmp/$m.2" 2>&1
	cmp -s "$tmp/$m" "$tmp/$m.2"
	ok $? "$m: a second run is byte-identical"
	[ "$(grep -c '^answer: ' "$tmp/$m")" -eq 9 ] &&
	    tail -n 1 "$tmp/$m" | grep -q '^predictions: [0-9] of [0-9] right'
	ok $? "$m: nine answers, then the summary line"
done
# A window with nothing to merge into has two choices: c is refused there
# and the next letter answers.
grep -q '^refused: choose a to b$' "$tmp/buggy"
ok $? "a letter beyond the choices is refused"
grep -q "^held: the outer plug is still held, nobody sleeps" \
    "$tmp/buggy" && ! grep -q "held: the outer plug" "$tmp/fixed"
ok $? "buggy holds a window in the plug; fixed never does"

# --frames: the question stands where the narration was.
"$RAVIZ" --headless --predict --answers=b --frames --file-size=4M \
    >"$tmp/frames" 2>"$tmp/err"
ok $? "--frames exits 0"
[ "$(grep -c '^BUGGY' "$tmp/frames")" -eq 2 ] &&
    grep -q "^What happens to window \[0,64) now?$" "$tmp/frames" &&
    grep -q "^answer a or b  (P: predict off)$" "$tmp/frames" &&
    grep -q "^right: b) held in the plug" "$tmp/frames" &&
    grep -q "submit_bio \[0,64) into the plug" "$tmp/frames"
ok $? "--frames: a question frame and a reveal frame"
"$RAVIZ" --headless --predict --answers=b --summary --file-size=4M \
    >"$tmp/sum" 2>&1
grep -q "^predictions: 1 of 1 right$" "$tmp/sum" &&
    grep -q "^complete: no$" "$tmp/sum"
ok $? "the answers ran out: the run stops there; --summary adds the summary"
tap_done
