#!/bin/sh
# claims.sh - a lesson's caption says only what the run did there (issue
# 23, point 6).  A caption that claims an event - the plug flushed because
# a read() ended, or because the reader slept; the reader sleeps; a
# request goes to the device - must have that event among the last
# events before the caption's point (@N) in the lesson's own run, in the
# mode the lesson is in at that point (a `restart MODE` changes it).  The
# run is the engine's JSON trace of the lesson's scenario (its `set`
# lines).  Phrases are matched on the caption as written; a caption with
# no such phrase claims no event.
. "${srcdir:-.}/tests/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
demos="$srcdir/demos"
need python3 python3

for l in report moments small-4k small-64k cliff hdd nvme setra today; do
	f="$demos/$l.demo"
	"$RAVIZ" --headless "$f" >"$tmp/$l.log" 2>/dev/null
	sets=$(sed -n 's/^set \([a-z-]*\) \(.*\)$/--\1=\2/p' "$f" |
	    grep -v '^--mode=' | tr '\n' ' ')
	start=$(sed -n 's/^set mode \(.*\)$/\1/p' "$f")
	# The run of each mode the lesson shows, traced when a caption of it
	# is checked (a lesson shows two of the five).
	python3 - "$tmp" "$l" "${start:-buggy}" "$RAVIZ" "$sets" >"$tmp/py" 2>&1 <<'EOF'
import json, re, subprocess, sys
d, lesson, mode, raviz, sets = sys.argv[1:6]
BACK = 8	# the events before @N a caption speaks of
claims = [
    ("a flush because a read() ended",
     r"ending it flushes|read\(\) ends?,? (and )?(it )?flush|flushe?s? when (the |a )?read\(\) (ends|returns)",
     lambda e: e["ev"] == "flush" and e.get("reason") == "finish"),
    ("a flush because the reader slept",
     r"sleep(s|ing)? flushes|must sleep: the plug flushes|sleeps?[^.]*: only now the plug flushes|not up to date: only now the plug flushes",
     lambda e: e["ev"] == "flush" and e.get("reason") == "sleep"),
    ("the reader sleeps",
     r"(the reader|it) (must )?sleeps?\b|the reader waits for",
     lambda e: e["ev"] == "wait"),
    ("a request goes to the device",
     r"goes to the device|leaves at once|is dispatched|only now the plug flushes",
     lambda e: e["ev"] == "dispatch"),
]
runs = {}
def run(m):
    if m not in runs:
        out = subprocess.run([raviz, "--headless", "--trace=-"] + sets.split() +
            ["--mode=" + m], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            check=True, universal_newlines=True).stdout
        runs[m] = [json.loads(l) for l in out.splitlines()
            if l.startswith("{") and '"seq"' in l]
    return runs[m]
bad, checked = [], 0
for line in open("%s/%s.log" % (d, lesson)):
    m = re.match(r'@(\d+) \+\d+ms (\w+)(?: (.*))?$', line.rstrip("\n"))
    if not m:
        continue
    at, kind, rest = int(m.group(1)), m.group(2), m.group(3) or ""
    if kind == "restart" and rest in ("buggy", "fixed", "legacy", "modern",
            "modern-buggy"):
        mode = rest
        continue
    if kind != "caption":
        continue
    text = rest.strip('"')
    evs = [e for e in run(mode) if at - BACK <= e["seq"] < at]
    for what, rx, ok in claims:
        if re.search(rx, text):
            checked += 1
            if not any(ok(e) for e in evs):
                bad.append("@%d (%s): %r claims %s; the run's events "
                    "there: %s" % (at, mode, text, what,
                    ", ".join("%s%s" % (e["ev"], "/" + e["reason"] if "reason" in e else "")
                        for e in evs)))
assert not bad, "\n".join(bad)
print("%d claims, each what the run did there" % checked)
EOF
	ok $? "$l: $(tail -n 1 "$tmp/py")" "<$tmp/py"
done
tap_done
