#!/bin/sh
# blktrace.sh - blktrace's binary format both ways (TAP): --export=blktrace
# writes the model's run as DIR/sda.blktrace.0, which Debian's blkparse -i
# reads back to the same events as raviz's own blkparse text, btt (after
# blkparse -d) measures the same D2C and Q2D averages as raviz's summary
# (Q2D = Q2C - D2C in btt's table: it prints Q2G, G2I and I2D apart) and
# the same unplugs (U and UT), and iowatcher draws as an SVG; --import
# reads the binary files (the per-CPU set, one of them, or blkparse -d's
# merged file) to the same summary; a real capture converted to blktrace
# and printed by blkparse imports to the capture's figures; a file cut
# short or of another kind is refused with its byte.
. "${srcdir:-.}/tests/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The tests run in $tmp: the source tree by its absolute name.
srcdir=$(cd "${srcdir:-.}" && pwd)
cd "$tmp" || exit 1

for args in "--bs=64k --file-size=2M" "--mode=fixed --bs=1M --file-size=8M" \
    "--mode=legacy --bs=4k --file-size=1M"; do
	rm -rf bt && mkdir bt
	# shellcheck disable=SC2086
	"$RAVIZ" --headless $args --export=blktrace=bt 2>err
	ok $? "--export=blktrace=bt ($args): $(cat err)"
	[ -s bt/sda.blktrace.0 ] && grep -q 'blkparse -i bt/sda' err
	ok $? "named as blktrace names it: bt/sda.blktrace.0"
	# shellcheck disable=SC2086
	"$RAVIZ" --headless $args --export=blkparse >model.bp
	"$RAVIZ" --headless --import=model.bp >sum.text 2>/dev/null
	"$RAVIZ" --headless --import=bt/sda >sum.bin 2>/dev/null
	ok $? "--import reads the per-CPU files (blkparse -i's BASE)"
	grep -v '^trace_format:' sum.text >a
	grep -v '^trace_format:' sum.bin >b
	cmp -s a b && [ "$(key sum.bin trace_format)" = blktrace ]
	ok $? "the binary files import to the blkparse text's summary" "$(diff a b)"
	"$RAVIZ" --headless --import=bt/sda.blktrace.0 2>/dev/null | grep -v '^trace_format:' >c
	cmp -s a c
	ok $? "--import=bt/sda.blktrace.0: the same"
	if have blkparse blktrace; then
		blkparse -i bt/sda -d bt/sda.bin >real.bp 2>blkparse.err
		ok $? "blkparse -i reads it: $(head -n 2 blkparse.err)"
		"$RAVIZ" --headless --import=real.bp >sum.real 2>/dev/null
		grep -v '^trace_format:' sum.real >d
		cmp -s a d
		ok $? "blkparse's own text of it imports to the same summary" "$(diff a d)"
		"$RAVIZ" --headless --import=bt/sda.bin 2>/dev/null | grep -v '^trace_format:' >e
		cmp -s a e
		ok $? "blkparse -d's merged file imports to the same summary"
	fi
	if have btt blktrace; then
		btt -i bt/sda.bin >btt.out 2>btt.err
		ok $? "btt -i reads it"
		# ALL lines: NAME MIN AVG MAX N (seconds); raviz's in us.
		awk '$1 == "D2C" { d = $3 } $1 == "Q2C" { q = $3 }
		    END { printf "%.1f %.1f\n", d * 1e6, (q - d) * 1e6 }' btt.out >btt.avg
		read -r d2c q2d <btt.avg
		[ "$d2c" = "$(key sum.bin d2c_avg_us)" ] &&
		    [ "$q2d" = "$(key sum.bin q2d_avg_us)" ]
		ok $? "btt: D2C $d2c us, Q2D $q2d us = raviz's $(key sum.bin d2c_avg_us), $(key sum.bin q2d_avg_us)"
		# Plug Information: "# Plugs(# Timer Us)" count U and UT.
		# (Its "% Time Q Plugged" divides by the span twice, per
		# btt's source: not a figure to compare.)
		awk '/# Plugs/ { p = 1; next } p && /\(  8,  0\)/ {
			gsub(/[()|]/, " "); print $3, $4; exit }' btt.out >btt.plug
		read -r u ut <btt.plug
		[ "$u" = "$(key sum.bin unplugs_explicit)" ] &&
		    [ "$ut" = "$(key sum.bin unplugs_sleep)" ]
		ok $? "btt: # Plugs $u, # Timer Us $ut = raviz's unplugs_explicit $(key sum.bin unplugs_explicit), unplugs_sleep $(key sum.bin unplugs_sleep)"
	fi
done
if have iowatcher blktrace; then
	(cd bt && iowatcher -t sda -o io.svg >iow.out 2>&1)
	[ -s bt/io.svg ] && grep -q '<svg' bt/io.svg
	ok $? "iowatcher -t draws it: $(tail -n 1 bt/iow.out)"
fi

# A real capture (readahead included) converted, and back.
cap="$srcdir/tests/data/modern/raw-ra128-bs64k.trace"
rm -rf cv && mkdir cv
"$RAVIZ" --headless --import="$cap" --export=blktrace=cv 2>err
ok $? "a capture converts: $(tail -n 1 err)"
f=$(ls cv)
"$RAVIZ" --headless --import="$cap" 2>/dev/null | grep -v '^trace_format:\|^unplugs_' >a
"$RAVIZ" --headless --import="cv/${f%.0}.0" 2>/dev/null | grep -v '^trace_format:\|^unplugs_' >b
cmp -s a b
ok $? "its blktrace file imports to the capture's summary, readahead included" "$(diff a b)"
if have blkparse blktrace; then
	blkparse -i "cv/${f%.blktrace.0}" >cv.bp 2>/dev/null
	"$RAVIZ" --headless --import=cv.bp 2>/dev/null | grep -v '^trace_format:\|^unplugs_' >c
	cmp -s a c
	ok $? "and so does blkparse's text of it" "$(diff a c)"
fi

# Refused: an existing file without --force; a file cut short; another
# kind of file among the per-CPU ones.
"$RAVIZ" --headless --bs=64k --file-size=1M --export=blktrace=bt 2>err
[ $? -eq 2 ] && grep -q 'the file exists (--force replaces it)' err
ok $? "an existing blktrace file is kept without --force: $(cat err)"
"$RAVIZ" --headless --bs=64k --file-size=1M --export=blktrace=bt --force 2>err
ok $? "--force replaces it"
head -c 100 bt/sda.blktrace.0 >cut.blktrace.0
"$RAVIZ" --headless --import=cut.blktrace.0 >out 2>err
[ $? -eq 2 ] && [ ! -s out ] && grep -q 'cut.blktrace.\*: byte [0-9]*: a record cut short' err
ok $? "a file cut short: $(cat err)"
cp bt/sda.blktrace.0 two.blktrace.0 && echo junk >two.blktrace.1
"$RAVIZ" --headless --import=two >out 2>err
[ $? -eq 2 ] && grep -q "two.blktrace.1: byte 0: expected blktrace's magic" err
ok $? "another kind of file among them: $(cat err)"
tap_done
