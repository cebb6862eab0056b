#!/bin/sh
# compare.sh - headless --compare (issue 23): the compare screen without a
# terminal, each half at its own moment however the scenario's mode is
# given, the difference line, and a summary whose figures are the engine's
# own - checked against the trace (the sleep on page 64 and its wake) and
# each mode's summary; a cast of the moments, held; --sweep.
. "${srcdir:-.}/tests/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
RAVIZ_DATADIR="$srcdir"; export RAVIZ_DATADIR
unset RAVIZ_THEME COLORTERM
need python3 python3

"$RAVIZ" --headless --compare --until=T5 --file-size=16M --cols=100 \
    --rows=30 >"$tmp/b" \
    2>"$tmp/err"
ok $? "--headless --compare --until=T5 exits 0: $(head -c 200 "$tmp/err")"
grep -q '^BUGGY - 2.6.39' "$tmp/b" && grep -q '^FIXED - patch' "$tmp/b" &&
    grep -q '^T5: page 64 = A+256k is not up to date' "$tmp/b" &&
    grep -q '^T5: the reader sleeps on page 64' "$tmp/b"
ok $? "both halves at their own T5" "<$tmp/b"
grep -q '^buggy/fixed: page 64 waits 5.04ms/836us | 256/128+128 KiB | ' \
    "$tmp/b"
ok $? "the difference line" "<$tmp/b"
! grep -q 'PAUSED\|ev/s\|c one run' "$tmp/b"
ok $? "no play state, no key hints"
"$RAVIZ" --headless --compare --until=T5 --file-size=16M --mode=fixed \
    --cols=100 --rows=30 \
    >"$tmp/f" 2>&1
cmp -s "$tmp/b" "$tmp/f"
ok $? "from --mode=fixed: the same output" "$(diff "$tmp/b" "$tmp/f")"

# The summary's figures are the engine's: the trace's sleep and wake, each
# mode's own summary.
for m in buggy fixed; do
	"$RAVIZ" --headless --trace=- --file-size=16M --mode=$m >"$tmp/$m.json"
	"$RAVIZ" --headless --file-size=16M --mode=$m >"$tmp/$m.sum"
done
python3 - "$tmp" <<'EOF' >"$tmp/py" 2>&1
import json, sys
d = sys.argv[1]
got = dict(l.split(": ", 1) for l in open(d + "/b").read().splitlines()
    if ": " in l and l.split(": ")[0].startswith(("top_", "bottom_")))
for side, m in (("top", "buggy"), ("bottom", "fixed")):
    ev = [json.loads(l) for l in open("%s/%s.json" % (d, m)) if '"seq"' in l]
    t5 = next(i for i, e in enumerate(ev) if e.get("label") == "T5")
    wait = [e for e in ev[:t5 + 1] if e["ev"] == "wait"][-1]
    wake = next(e for e in ev[t5:] if e["ev"] == "wake" and e["page"] == wait["page"])
    assert got[side + "_mode"] == m, got
    assert int(got[side + "_t5_wait_page"]) == wait["page"], got
    assert int(got[side + "_t5_wait_ns"]) == wake["t_ns"] - wait["t_ns"], (got, wait, wake)
    summ = dict(l.split(": ", 1) for l in open("%s/%s.sum" % (d, m)).read().splitlines())
    assert got[side + "_throughput_mb_s"] == summ["throughput_mb_s"], (got, summ)
    t3 = next(e for e in ev if e.get("label") == "T3")
    t4 = next(e for e in ev if e.get("label") == "T4")
    lo, hi = t3["first"], t4["first"] + t4["npages"]
    sent = [e["npages"] * 4 for e in ev if e["ev"] == "dispatch" and lo <= e["first"] < hi]
    assert got[side + "_window_requests_kib"].split() == [str(k) for k in sent], (got, sent)
print("wait, requests and MB/s as the trace and the summaries have them")
EOF
ok $? "the summary: $(tail -n 1 "$tmp/py")" "<$tmp/py"

# --frames: a compare frame after each event, numbered as its header.
"$RAVIZ" --headless --compare --frames --until=12 --file-size=16M \
    >"$tmp/fr" 2>&1
[ "$(grep -c '^--- event ' "$tmp/fr")" -eq 12 ] &&
    grep -A1 '^--- event 12 ---' "$tmp/fr" | grep -q 'event 12 '
ok $? "--frames: 12 compare frames, numbered as their headers"

# A cast of the moments, each held for its caption to be read.
"$RAVIZ" --headless --compare --cast="$tmp/c.cast" --file-size=16M \
    >/dev/null 2>"$tmp/err"
ok $? "--compare --cast exits 0: $(head -c 200 "$tmp/err")"
python3 - "$tmp/c.cast" <<'EOF' >"$tmp/py" 2>&1
import json, sys
ev = [json.loads(l) for l in open(sys.argv[1]).read().splitlines()[1:]]
marks = [(t, m) for t, k, m in ev if k == "m"]
caps = [(t, m) for t, m in marks if m.startswith("T") and " - " in m]
assert [m[:2] for t, m in caps] == ["T1", "T2", "T3", "T4", "T5"], caps
for (t0, _), (t1, _) in zip(caps, caps[1:]):
    assert t1 - t0 >= 3.0, (t0, t1)
out = [m for t, k, m in ev if k == "o"]
assert all("BUGGY" in o and "FIXED" in o for o in out[1:]), "not compare"
print("%d moments, each held 3 s or more" % len(caps))
EOF
ok $? "the cast: $(tail -n 1 "$tmp/py")" "<$tmp/py"

# --sweep: the three modes across a parameter, every cell a run of the
# engine - the table's cells are the summaries' figures; the 128 KiB
# cliff (buggy falls once a read() spans two windows) and the wake-up
# hypothesis (with no wake-up, buggy is the sata2 preset's) at a glance.
"$RAVIZ" --headless --sweep=bs --file-size=16M >"$tmp/sw" 2>"$tmp/err"
ok $? "--sweep=bs exits 0: $(head -c 200 "$tmp/err")"
for m in buggy fixed; do
	"$RAVIZ" --headless --bs=1M --file-size=16M --mode=$m |
	    sed -n 's/^throughput_mb_s: //p' >"$tmp/1m.$m"
	"$RAVIZ" --headless --bs=64k --file-size=16M --mode=$m |
	    sed -n 's/^throughput_mb_s: //p' >"$tmp/64k.$m"
done
python3 - "$tmp" <<'EOF' >"$tmp/py" 2>&1
import sys
d = sys.argv[1]
rows = {}
for l in open(d + "/sw").read().split("\n\n")[0].splitlines()[2:]:
    w = l.split()
    rows[w[0]] = [float(x) for x in w[1:]]
get = lambda f: float(open(d + "/" + f).read())
assert rows["1M"][1] == get("1m.buggy") and rows["1M"][2] == get("1m.fixed"), rows["1M"]
assert rows["64k"][1] == get("64k.buggy") and rows["64k"][2] == get("64k.fixed"), rows["64k"]
assert rows["64k"][1] >= 0.9 * rows["64k"][2], rows["64k"]
assert rows["1M"][1] < 0.3 * rows["1M"][2], rows["1M"]
assert len(rows) == 10, rows
print("1M: buggy %.1f of fixed %.1f; 64k: %.1f of %.1f" % (rows["1M"][1], rows["1M"][2], rows["64k"][1], rows["64k"][2]))
EOF
ok $? "--sweep=bs: the summaries' figures, the cliff: $(tail -n 1 "$tmp/py")" "<$tmp/py" "<$tmp/sw"
grep -q '^          1M legacy  *[0-9.]* #*$' "$tmp/sw"
ok $? "--sweep=bs: a chart of bars"
"$RAVIZ" --headless --sweep=idle-penalty --file-size=16M >"$tmp/sw" 2>&1 &&
    "$RAVIZ" --headless --device=sata2 --file-size=16M |
    sed -n 's/^throughput_mb_s: //p' >"$tmp/s2"
[ "$(awk '$1 == "0" { print $3; exit }' "$tmp/sw")" = "$(cat "$tmp/s2")" ]
ok $? "--sweep=idle-penalty: with no wake-up buggy is sata2's $(cat "$tmp/s2")" "<$tmp/sw"
grep -q '^buggy first under half of fixed: idle-penalty 1.00ms, ' "$tmp/sw"
ok $? "--sweep=idle-penalty: the finding" "$(tail -n 2 "$tmp/sw")"
# The sweep's screen without a terminal: frames (the golden files, read
# against the table above) and an SVG slide with its title.
"$RAVIZ" --headless --sweep=bs --file-size=16M --frames >"$tmp/swf" 2>&1
golden sweep-bs-80x24.txt "$tmp/swf"
"$RAVIZ" --headless --sweep=idle-penalty --file-size=16M --frames \
    --cols=120 --rows=40 >"$tmp/swf" 2>&1
golden sweep-idle-penalty-120x40.txt "$tmp/swf"
"$RAVIZ" --headless --sweep=bs --file-size=16M --svg="$tmp/sw.svg" \
    >"$tmp/out" 2>&1 && [ ! -s "$tmp/out" ] &&
    grep -q '<title>sweep: bs (read() size), the whole file in three modes</title>' \
    "$tmp/sw.svg" && sed 's/<[^>]*>/ /g' "$tmp/sw.svg" | tr -s ' \n' ' ' |
    grep -q 'buggy first under half of fixed: bs 128k' && ! grep -q 'Esc\|q quit' "$tmp/sw.svg"
ok $? "--sweep=bs --svg: a slide with its title, no key hints" "<$tmp/out"
"$RAVIZ" --headless --sweep=bs --file-size=16M --svg="$tmp/sw.svg" \
    >"$tmp/out" 2>&1
[ $? -eq 2 ] && grep -q 'exists' "$tmp/out"
ok $? "--sweep --svg: an existing file is refused before any work" "<$tmp/out"
"$RAVIZ" --sweep=bs </dev/null >"$tmp/out" 2>&1
[ $? -eq 2 ] && grep -q 'needs a terminal' "$tmp/out"
ok $? "--sweep without --headless and without a terminal: exit 2" "<$tmp/out"
"$RAVIZ" --sweep=latency >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "'latency' is not bs, ra or idle-penalty" "$tmp/err"
ok $? "--sweep=latency: exit 2, naming the choices" "<$tmp/err"

# Refused combinations say why, exit 2.
"$RAVIZ" --compare >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q 'needs --headless' "$tmp/err"
ok $? "--compare without --headless: exit 2" "<$tmp/err"
"$RAVIZ" --headless --compare --trace=- >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q 'compare' "$tmp/err"
ok $? "--compare --trace: exit 2" "<$tmp/err"
tap_done
