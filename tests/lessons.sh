#!/bin/sh
# lessons.sh - every lesson in demos/ tells the truth about the engine.
#
# The rule: a figure of the run in a caption (a rate, a size, a share, a
# time, a ratio, a page or a window) is a {placeholder}, filled from the
# engine when the caption appears (src/figure.c); a number written literally
# with such a unit fails this test unless it is
#   - a configuration value the lesson itself sets (`set bs 64k` allows
#     "64 KiB"; `set idle-penalty 8330us` allows "8.33 ms"), or
#   - a figure of the 2012 report quoted as history: one that the `report`
#     preset's basis (raviz --list-devices) states, in MB/s.
# Then every lesson is replayed (asciicast markers carry the filled
# captions): no placeholder may be left unfilled.  The vocabulary is checked
# against the summary (a figure with a summary key prints the same value)
# and against raviz-demo(5), and the lesson catalogue's table
# (docs/lessons.md) may only quote figures the lesson's own captions show
# when replayed.
. "${srcdir:-.}/tests/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
demos="$srcdir/demos"
lessons="report moments small-4k small-64k cliff hdd nvme setra predict today"

# The report's own figures (MB/s), from the preset's basis.
"$RAVIZ" --list-devices | awk '/^report/{on=1; next} /^[a-z]/{on=0}
    on' | grep -o '[0-9][0-9.]* MB/s' | sed 's/ MB\/s//' | sort -u \
    >"$tmp/history"
[ -s "$tmp/history" ]
ok $? "the report preset's basis quotes figures: $(tr '\n' ' ' <"$tmp/history")"

# literals FILE: print "LINE: FIGURE" for every literal figure in a caption
# of FILE that the rule above does not allow.
literals() {
	awk -v hist="$tmp/history" '
	function size(v, u) {
		if (u ~ /^(KiB|k|K|KB|kB)$/) return v * 1024
		if (u ~ /^(MiB|M|MB)$/) return v * 1048576
		if (u ~ /^(GiB|G|GB)$/) return v * 1073741824
		return v
	}
	function dur(v, u) {
		if (u == "ns") return v
		if (u == "us" || u == "\302\265s") return v * 1000
		if (u == "ms") return v * 1000000
		if (u == "s") return v * 1000000000
		return -1
	}
	# A set value as a (kind, value) key.
	function setkey(name, val,   n, u) {
		n = val; sub(/[^0-9.].*$/, "", n); u = val; sub(/^[0-9.]+/, "", u)
		if (name ~ /^(bs|ra|file-size)$/) return "size:" size(n + 0, u)
		if (name ~ /^(idle-penalty|idle-threshold|latency|unplug-delay|cpu-)/)
			return "time:" dur(n + 0, u == "" ? "ns" : u)
		if (name == "bandwidth") return "rate:" (n + 0)
		return ""
	}
	BEGIN { while ((getline h < hist) > 0) allow["rate:" (h + 0)] = 1 }
	/^set / { k = setkey($2, $3); if (k != "") allow[k] = 1; next }
	/^@[0-9]+ \+[^ ]+ caption "/ {
		t = $0
		sub(/^[^"]*"/, "", t); sub(/"[ \t]*$/, "", t)
		gsub(/\{\{|\}\}/, "", t)
		gsub(/\{[^}]*\}/, " ", t)
		s = t
		while (match(s, /\[[0-9]+,[0-9]+\)|[Pp]ages? [0-9]+/)) {
			print NR ": " substr(s, RSTART, RLENGTH)
			s = substr(s, RSTART + RLENGTH)
		}
		s = t
		while (match(s, /[0-9]+(\.[0-9]+)? ?(MB\/s|KiB|MiB|GiB|KB|kB|MB|GB|k|M|G|%|ms|us|\302\265s|ns|s|x|times|pages?)([^A-Za-z0-9]|$)/)) {
			f = substr(s, RSTART, RLENGTH)
			s = substr(s, RSTART + RLENGTH)
			sub(/[^A-Za-z0-9%\/]$/, "", f)
			n = f; sub(/[^0-9.].*$/, "", n)
			u = f; sub(/^[0-9.]+ ?/, "", u)
			if (u == "MB/s") k = "rate:" (n + 0)
			else if (dur(n, u) >= 0) k = "time:" dur(n + 0, u)
			else if (u ~ /^(KiB|MiB|GiB|KB|kB|MB|GB|k|M|G)$/)
				k = "size:" size(n + 0, u)
			else k = "never"
			if (!(k in allow)) print NR ": " f
		}
	}' "$1"
}

# The checker catches what it must (it can fail).
cat >"$tmp/liar.demo" <<'EOF'
raviz-demo 1
set bs 64k
set file-size 16M
@0 +0ms caption "Buggy: 242.0 MB/s, within 4 %, 2x slower, 256 KiB requests."
@0 +0ms caption "T3: page 32 builds [64,96) in 1.21 ms."
@0 +0ms caption "{bs} = 64 KiB of 16 MiB; the report: 248 MB/s then 49 MB/s."
EOF
literals "$tmp/liar.demo" >"$tmp/bad"
[ "$(tr '\n' '|' <"$tmp/bad")" = \
    "4: 242.0 MB/s|4: 4 %|4: 2x|4: 256 KiB|5: page 32|5: [64,96)|5: 1.21 ms|" ]
ok $? "the literal-figure check flags measured figures and allows set values and the report's: $(tr '\n' '|' <"$tmp/bad")"

for n in $lessons; do
	# (What went wrong is read only when something did.)
	literals "$demos/$n.demo" >"$tmp/bad"
	if [ ! -s "$tmp/bad" ]; then
		ok 0 "$n.demo: no literal figure of the run in a caption "
	else
		ok 1 "$n.demo: no literal figure of the run in a caption $(tr '\n' '|' <"$tmp/bad")"
	fi
	"$RAVIZ" --headless --cast "$tmp/$n.cast" "$demos/$n.demo" \
	    >/dev/null 2>"$tmp/err"
	if [ $? -eq 0 ] && [ ! -s "$tmp/err" ]; then
		ok 0 "$n.demo replays quietly "
	else
		ok 1 "$n.demo replays quietly $(head -c 300 "$tmp/err")"
	fi
	# The markers: captions as shown, filled.
	sed -n '/"m", /{s/^[^"]*"m", "//; s/"\]$//; p;}' "$tmp/$n.cast" \
	    >"$tmp/$n.captions"
	[ "$(grep -c . "$tmp/$n.captions")" -ge 3 ] &&
	    ! grep -q '{[a-z_]' "$tmp/$n.captions"
	ok $? "$n.demo: every placeholder is filled from the engine"
done

# The vocabulary, as the parser names it in its error message.
printf 'raviz-demo 1\n@0 +0ms caption "{nosuchfigure}"\n' >"$tmp/v.demo"
"$RAVIZ" --check "$tmp/v.demo" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q 'v.demo:2:19: error: caption: unknown figure' \
    "$tmp/err"
ok $? "an unknown placeholder is an error at file:line:column: $(cat "$tmp/err")"
names=$(sed -n 's/.*expected one of //p' "$tmp/err" | tr -d ',')
[ "$(echo $names | wc -w)" -ge 20 ]
ok $? "the vocabulary: $names"
man5=$(cat "$srcdir/src/raviz-demo.5.in")
for f in $names; do
	case $man5 in *"{$f}"*) true ;; *) false ;; esac
	ok $? "{$f} is documented in raviz-demo(5)"
done

# Each figure with a summary key shows the summary's value, mid-run and at
# the end, in two scenarios (a figure is the summary's number + a unit).
pairs="throughput:throughput_mb_s requests:requests avg_request:avg_request_kib
common_request:common_request_kib max_request:max_request_kib reads:reads
reader_stall:reader_stall_pct device_busy:device_busy_pct
device_wakeup:device_wakeup_pct idle_penalties:idle_penalties flushes:flushes
mode:mode"
for sc in "report 1M 500" "nvme 64k end" "hdd 4k 2000"; do
	set -- $sc
	{
		echo "raviz-demo 1"
		echo "set device $1"
		echo "set bs $2"
		echo "set file-size 8M"
		if [ "$3" = end ]; then echo "@0 +0ms end"; else echo "@$3 +0ms stop"; fi
		for p in $pairs; do
			echo "@0 +0ms caption \"${p#*:}={${p%%:*}}\""
		done
	} >"$tmp/fig.demo"
	rm -f "$tmp/fig.cast"	# --cast never replaces a file without --force
	"$RAVIZ" --headless --summary --cast "$tmp/fig.cast" "$tmp/fig.demo" \
	    >"$tmp/sum" 2>/dev/null
	# Each key's value in the summary against its last marker
	# "KEY=VALUE UNIT" in the cast, in one awk.
	keys=
	for p in $pairs; do keys="$keys ${p#*:}"; done
	bad=$(awk -v keys="$keys" '
	FNR == NR {
		if ((i = index($0, ": ")) > 0)
			want[substr($0, 1, i - 1)] = substr($0, i + 2)
		next
	}
	{
		s = $0
		while (match(s, /"m", "[a-z_]+=[^"]*"/)) {
			m = substr(s, RSTART + 6, RLENGTH - 7)
			s = substr(s, RSTART + RLENGTH)
			j = index(m, "=")
			got[substr(m, 1, j - 1)] = substr(m, j + 1)
		}
	}
	END {
		n = split(keys, k, " ")
		for (i = 1; i <= n; i++) {
			g = got[k[i]]
			sub(/ *(MB\/s|KiB|%)$/, "", g)
			if (want[k[i]] == "" || want[k[i]] != g)
				printf " %s(%s!=%s)", k[i], g, want[k[i]]
		}
	}' "$tmp/sum" "$tmp/fig.cast")
	[ -z "$bad" ]
	ok $? "figures equal the summary ($sc):$bad"
done

# An alternative run is the command line's run.
printf 'raviz-demo 1\nset file-size 8M\nset bs 128k\n@0 +0ms caption "{throughput device=sata2 mode=fixed}"\n' \
    >"$tmp/alt.demo"
"$RAVIZ" --headless --cast "$tmp/alt.cast" "$tmp/alt.demo" >/dev/null 2>&1
want=$("$RAVIZ" --headless --file-size=8M --bs=128k --device=sata2 \
    --mode=fixed | sed -n 's/^throughput_mb_s: //p')
grep -q "\"m\", \"$want MB/s\"" "$tmp/alt.cast"
ok $? "{throughput device=sata2 mode=fixed} is raviz --headless with those options ($want)"

# The lesson catalogue's table quotes only what the lessons show.
for n in $lessons; do
	row=$(grep "^| $n |" "$srcdir/docs/lessons.md")
	[ -n "$row" ]
	ok $? "docs/lessons.md's table has a row for $n"
	bad=
	captions=$(cat "$tmp/$n.captions")
	# Every decimal, and every whole number of MB/s, KiB or %.
	for f in $(echo "$row" | grep -o '[0-9]*\.[0-9][0-9]*' ) \
	    $(echo "$row" | grep -o '[0-9][0-9]* \(MB/s\|KiB\|%\)' |
	    tr ' ' '_'); do
		case $f in *_*) fv="${f%%_*} ${f#*_}" ;; *) fv=$f ;; esac
		case $captions in *"$fv"*) ;; *) bad="$bad $f" ;; esac
	done
	[ -z "$bad" ]
	ok $? "docs/lessons.md row $n: every figure is one the lesson shows:$bad"
done

tap_done
