#!/bin/sh
# cli.sh - the command line and headless outputs of the real binary:
# exit statuses and messages for bad input, help/version, determinism, and
# golden summaries, traces and frames (GENERATE=1 regenerates them).
. "${srcdir:-.}/tests/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# bad OPTION... NEEDLE: exit 2, stderr names NEEDLE, stdout empty
bad() {
	needle=$1; shift
	"$RAVIZ" "$@" >"$tmp/out" 2>"$tmp/err"
	st=$?
	[ $st -eq 2 ] && grep -q -- "$needle" "$tmp/err" && [ ! -s "$tmp/out" ]
	ok $? "rejects $* (exit $st: $(head -c 100 "$tmp/err"))"
}
bad "unknown option" --headless --frobnicate
bad "unknown option" --headless -x
bad "--bs" --headless --bs=0
bad "--bs" --headless --bs=12Q
bad "--bs" --headless --bs=1000
bad "--file-size" --headless --file-size=-1
bad "--file-size" --headless --file-size=99999999999999999999
bad "--file-size" --headless --file-size=16383T
bad "--bs" --headless --bs=16777216T
bad "--ra" --headless --ra=1G
bad "--device" --headless --device=floppy
bad "--mode" --headless --mode=broken
bad "--latency" --headless --latency=5min
bad "--bandwidth" --headless --bandwidth=fast
bad "--qd" --headless --qd=0
bad "--until" --headless --until=T9
bad "--trace" --headless --trace
bad "--headless" --headless=yes
# Simulated time that would pass 2^63 ns is refused, not wrapped.
bad "simulated time" --headless --bandwidth=1k --file-size=4096T
# A non-option argument is a demo file (demo.h); a missing one is bad input.
bad "cannot read" --headless stray
bad "unexpected argument" --list-devices stray

# getopt_long manners: a near miss is named, a prefix is enough when it
# is not ambiguous, "--" ends the options, a bad value is echoed back.
bad "did you mean --mode?" --mdoe=fixed
bad "did you mean --headless?" --hedless
bad "did you mean --mode=fixed?" -mode=fixed
bad "is ambiguous: --idle-penalty --idle-threshold" --headless --idle=4ms
bad "'1Q'" --headless --bs=1Q
bad "'fast'" --headless --bandwidth=fast
bad "'0'" --headless --qd=0
bad "'5'" --headless --cols=5
"$RAVIZ" --hel >"$tmp/out" 2>&1 && grep -q "^Usage: raviz" "$tmp/out"
ok $? "--hel is --help (an unambiguous prefix)"
"$RAVIZ" --headless --file=4M --dev=sata2 --idle-t=0 >"$tmp/a" 2>&1 &&
	"$RAVIZ" --headless --file-size=4M --device=sata2 --idle-threshold=0 \
	>"$tmp/b" 2>&1 && cmp -s "$tmp/a" "$tmp/b"
ok $? "--file=4M --dev=sata2 --idle-t=0 are the whole options"
bad "cannot read" --headless -- --bs=1M
"$RAVIZ" --headless -- "$srcdir/demos/small-4k.demo" >"$tmp/out" 2>&1 &&
	grep -q '^throughput_mb_s:' "$tmp/out"
ok $? "after --, a word is a demo file"
# A time without its unit is refused (4 ns or 4 ms?); 0 needs none.
bad "--idle-penalty: '4': a time needs its unit" --headless --idle-penalty=4
bad "--latency: '60': a time needs its unit" --headless --latency=60
"$RAVIZ" --headless --idle-penalty=0 >"$tmp/a" 2>&1 &&
	"$RAVIZ" --headless --idle-penalty=0ms >"$tmp/b" 2>&1 && cmp -s "$tmp/a" "$tmp/b"
ok $? "--idle-penalty=0 needs no unit"
# Bits per second: a lower-case b (the report's 3 Gb/s link...).
"$RAVIZ" --headless --bandwidth=2160Mb/s >"$tmp/a" 2>&1 &&
	"$RAVIZ" --headless --bandwidth=270MB/s >"$tmp/b" 2>&1 && cmp -s "$tmp/a" "$tmp/b"
ok $? "--bandwidth=2160Mb/s is 270 MB/s"
"$RAVIZ" --headless --bandwidth=1Gb/s >"$tmp/a" 2>&1 &&
	"$RAVIZ" --headless --bandwidth=125M >"$tmp/b" 2>&1 && cmp -s "$tmp/a" "$tmp/b"
ok $? "--bandwidth=1Gb/s is 125 MB/s, not 1 GB/s"

"$RAVIZ" --help >"$tmp/out" 2>&1
ok $? "--help exits 0"
grep -q "^Usage: raviz" "$tmp/out"; ok $? "--help prints usage"
# An option and its help never run together (--sweep=bs|ra|idle-penalty
# filled the column less one and was followed by one space).
bad=$(grep -E '^  --[^ ]+ [a-z(]' "$tmp/out")
[ -z "$bad" ]; ok $? "--help: at least two spaces between an option and its help" "$bad"
"$RAVIZ" --version >"$tmp/out" 2>&1
ok $? "--version exits 0"
grep -q "^raviz [0-9]" "$tmp/out"; ok $? "--version prints the version"
"$RAVIZ" --list-devices >"$tmp/out" 2>&1
ok $? "--list-devices exits 0"
grep -q "HYPOTHESIS" "$tmp/out"; ok $? "the report preset's penalty is called a hypothesis"
for d in report sata2 sata3 hdd nvme; do
	grep -q "^$d" "$tmp/out"; ok $? "--list-devices lists $d"
done

# Huge runs: time and bytes do not wrap, and --until past the end is quick.
"$RAVIZ" --headless --bandwidth=1k --file-size=4T >"$tmp/out" 2>&1
ok $? "--bandwidth=1k --file-size=4T runs"
# 4 TiB at 1000 B/s takes at least 4398046511104 s.
grep -q '^sim_time_ns: 4398[0-9]\{15\}$' "$tmp/out"
ok $? "4 TiB at 1000 B/s: the simulated time does not wrap ($(grep sim_time "$tmp/out"))"
"$RAVIZ" --headless --file-size=4096T >"$tmp/out" 2>&1 &&
	grep -q '^throughput_mb_s: 50\.' "$tmp/out"
ok $? "4 PiB: the throughput does not wrap ($(grep throughput "$tmp/out"))"
"$RAVIZ" --headless --file-size=1T --bs=4k >"$tmp/a" 2>&1 &&
	"$RAVIZ" --headless --file-size=1T --bs=4k --until=999999999999999 \
	>"$tmp/b" 2>&1
cmp -s "$tmp/a" "$tmp/b"; ok $? "--until past the end of 1 TiB gives the full summary"
# A moment that never comes (4 KiB reads have T1 and T2 only): once no
# label is left the run goes on quietly, skipping, to the same full summary
# (it stepped every event of 1 TiB, for minutes).
for t in T3 T5; do
	"$RAVIZ" --headless --file-size=1T --bs=4k --until=$t >"$tmp/b" 2>&1
	cmp -s "$tmp/a" "$tmp/b"
	ok $? "--until=$t on 1 TiB of 4 KiB reads (no $t): the full summary"
done

# Determinism: two runs, byte-identical trace and frames.
"$RAVIZ" --headless --trace="$tmp/a" && "$RAVIZ" --headless --trace="$tmp/b"
cmp -s "$tmp/a" "$tmp/b"; ok $? "two runs give byte-identical traces"
"$RAVIZ" --headless --frames --until=200 >"$tmp/a" &&
	"$RAVIZ" --headless --frames --until=200 >"$tmp/b"
cmp -s "$tmp/a" "$tmp/b"; ok $? "two runs give byte-identical frames"
# One stream, one format: the trace on stdout mixes with nothing.
bad "--summary: not with --trace=-" --headless --trace=- --summary
bad "--frames: not with --trace=-" --headless --trace=- --frames
"$RAVIZ" --headless --trace="$tmp/tr.json" --summary >"$tmp/b" &&
	grep -q '^events: ' "$tmp/b" && ! grep -q '"seq"' "$tmp/b" &&
	grep -q '"seq"' "$tmp/tr.json" && ! grep -q '^events: ' "$tmp/tr.json"
ok $? "--trace=FILE --summary: the trace in FILE, the summary on stdout"

# A reader that goes away ends raviz quietly, as it ends seq (SIGPIPE,
# 141 in the shell), without a word on stderr and without running on.
# (A demo of 300 frames: more than a pipe holds, about 600 KiB; a trace of
# 1 GiB, about 5 MiB, below the size a trace announces on stderr.)
{ echo "raviz-demo 1"; i=0; while [ $i -lt 300 ]; do
	echo "@$i +0ms step"; i=$((i + 1)); done; } >"$tmp/long.demo"
for a in "--trace=- --file-size=1G" "--frames --file-size=64G" \
    "--export=blkparse --file-size=64G" "--frames $tmp/long.demo"; do
	# shellcheck disable=SC2086
	st=$( { timeout 120 "$RAVIZ" --headless $a 2>"$tmp/err"; echo $? >"$tmp/st"; } |
	    head -n 1 >/dev/null; cat "$tmp/st")
	[ "$st" = 141 ] && [ ! -s "$tmp/err" ]
	ok $? "--headless $a | head -n 1: quiet end by SIGPIPE (status $st: $(head -c 80 "$tmp/err"))"
done

# The trace: a header record (program, version, the scenario), then one
# JSON object per event with the documented keys.
"$RAVIZ" --headless --trace=- --until=T5 --bandwidth=3Gb/s --latency=50us >"$tmp/t"
head -n 1 "$tmp/t" | grep -q '^{"program":"raviz","version":"[0-9][^"]*","trace_format":1,"scenario":{"mode":"buggy","bs":"1M","ra":"128k","file-size":"64M",.*"device":"custom","bandwidth":"375M","latency":"50us",.*}}$'
ok $? "the trace starts with its header record ($(head -c 100 "$tmp/t"))"
sed 1d "$tmp/t" | awk '!/^\{"seq":[0-9]+,"t_ns":[0-9]+,"ev":"[a-z_]+","first":[0-9]+,"npages":[0-9]+,/ {bad=1} END {exit bad}'
ok $? "every event line starts with seq, t_ns, ev, first, npages"
if have python3 python3; then
	python3 -c 'import json,sys; [json.loads(l) for l in open(sys.argv[1])]' "$tmp/t"
	ok $? "every trace line parses as JSON"
	# The header says how to run it again: its scenario as options.
	python3 -c 'import json,sys
h = json.loads(open(sys.argv[1]).readline())
print(" ".join("--%s=%s" % kv for kv in h["scenario"].items() if kv[0] != "device"))' \
	    "$tmp/t" >"$tmp/opts"
	# shellcheck disable=SC2046
	"$RAVIZ" --headless --trace=- --until=T5 $(cat "$tmp/opts") | sed 1d >"$tmp/t2"
	sed 1d "$tmp/t" | cmp -s - "$tmp/t2"
	ok $? "the header's scenario, as options, runs the same trace again"
fi
[ "$(grep -c '"label"' "$tmp/t")" -eq 5 ]; ok $? "--until=T5 stops after the fifth label"
tail -n 1 "$tmp/t" | grep -q '"label":"T5"'; ok $? "the last event is T5"

# Goldens (each read by hand against model.md before it was committed).
for m in buggy fixed legacy modern; do
	"$RAVIZ" --headless --mode=$m >"$tmp/s"
	golden "summary-$m.txt" "$tmp/s"
done
# Modern mode's marker sits on a folio (docs/model.md 7.4): with 4 KiB
# reads the window [16,24) is one 8-page folio, marked over its 8 cells
# while its request is in flight.
"$RAVIZ" --headless --frames --mode=modern --bs=4k --file-size=2M \
    --until=60 >"$tmp/f"
golden "frames-modern-folio.txt" "$tmp/f"
[ "$(tail -n 24 "$tmp/f" | sed -n 4p)" = "                         MMMMMMMM" ] &&
    tail -n 24 "$tmp/f" | sed -n 5p | grep -q '^       0 =*#*>>>>>>>>\.'
ok $? "the marked folio's 8 pages are marked and in flight together"
"$RAVIZ" --headless --trace=- --until=T5 >"$tmp/t"
golden "trace-buggy-T5.jsonl" "$tmp/t"
"$RAVIZ" --headless --mode=fixed --trace=- --until=T5 >"$tmp/t"
golden "trace-fixed-T5.jsonl" "$tmp/t"
"$RAVIZ" --headless --frames --until=T5 >"$tmp/f"
golden "frames-buggy-T5.txt" "$tmp/f"

# The throughput sparkline at 120x40 (the last frame after 300 events):
# under the lanes, MB/s over 2 ms against the device's 270 MB/s.  Buggy
# mode stalls 4 ms at a time: runs of 20 or more empty columns (.); the
# fixed run's pipeline never lets the window empty: only the two top
# ASCII levels (= and #) once the first copy is in the window.
for m in buggy fixed; do
	"$RAVIZ" --headless --frames --cols=120 --rows=40 --until=300 \
	    --mode=$m | awk '/^--- event/ { n = 0 } { f[n++] = $0 }
	    END { for (i = 0; i < n; i++) print f[i] }' >"$tmp/f"
	golden "frame-$m-300-120x40.txt" "$tmp/f"
	spark=$(sed -n 's/^    MB\/s \([^ ]*\) .*/\1/p' "$tmp/f")
	case $m in
	buggy) echo "$spark" | grep -q '\.\{20\}' &&
	    echo "$spark" | grep -q '[-=#]' ;;
	fixed) echo "$spark" | grep -q '^[=#]*$' ;;
	esac
	ok $? "--mode=$m sparkline '$spark'"
done
grep -q '^    MB/s .* of 270 MB/s in 2ms$' "$tmp/f"
ok $? "the sparkline row says its window and scale"
"$RAVIZ" --headless --frames --until=300 | grep -q '^    MB/s '
[ $? -ne 0 ]; ok $? "80x24 frames have no sparkline row"

# T3 is stamped where it is true (model.md §6): buggy holds [64,96) in the
# plug (p), fixed and legacy have it in flight (>) - the last frame's strip
# of page 64, and the device lane's words.
for m in buggy fixed legacy; do
	"$RAVIZ" --headless --frames --until=T3 --mode=$m >"$tmp/f"
	golden "frames-$m-T3.txt" "$tmp/f"
	strip=$(grep '^      64 ' "$tmp/f" | tail -n 1 | cut -c10-41)
	dev=$(grep '^  device ' "$tmp/f" | tail -n 1)
	case $m in
	buggy) want=pppppppppppppppppppppppppppppppp; w=idle ;;
	*) want='>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>'; w='1 in flight' ;;
	esac
	[ "$strip" = "$want" ] && case $dev in *"$w"*) true ;; *) false ;; esac
	ok $? "--until=T3 --mode=$m: [64,96) '$strip', device '$dev'"
done

# Device time: busy + waking + idle = 100.0, bounded, from time passed.
for a in "" "--mode=fixed" "--until=T5" "--until=T3" "--device=sata2" \
    "--bs=4k --file-size=1M" "--file-size=1T --mode=fixed"; do
	# shellcheck disable=SC2086
	"$RAVIZ" --headless $a >"$tmp/s"
	awk -F': ' '/^device_(busy|wakeup|idle)_pct:/ { n++; s += $2 * 10;
	    if ($2 > 100 || $2 < 0) bad = 1 }
	    END { exit !(n == 3 && s == 1000 && !bad) }' "$tmp/s"
	ok $? "device split of '$a' adds up to 100.0: $(grep device_ "$tmp/s" | tr '\n' ' ')"
done
"$RAVIZ" --headless >"$tmp/s"
awk -F': ' '/^device_busy_pct:/ { exit !($2 < 50) }' "$tmp/s"
ok $? "the buggy report run is busy well under half the time"
tap_done
