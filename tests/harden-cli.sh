#!/bin/sh
# harden-cli.sh - issue 22 without a terminal: options next to a one-shot
# command are refused, not dropped; --check-theme follows a theme's
# fallback chain; a lesson's restart and compare items cost O(1) each
# (they re-ran the run from event 0, quadratic in the items); --check runs
# a lesson's figures within their bound; the bounds named in every
# refusal with the option that lifts them.
#
# The linear-time checks give the run a CPU-time cap (capped(), tap.sh)
# many times what it needs.
. "${srcdir:-.}/tests/tap.sh"
set -u
tmp=$(mktemp -d "${TMPDIR:-/tmp}/raviz-hcli.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT

# ---- options next to a one-shot command ----
# refused_opt DESC WORD ARGS...: exit 2, WORD named, nothing on stdout.
refused_opt() {
	desc=$1 word=$2
	shift 2
	"$RAVIZ" "$@" >"$tmp/out" 2>"$tmp/err"
	st=$?
	[ $st = 2 ] && [ ! -s "$tmp/out" ] &&
	    grep -q -- "$word does not apply to" "$tmp/err"
	ok $? "$desc: refused (exit $st)" "<$tmp/err"
}
refused_opt "--check d.demo --bs=4k" --bs --check "$srcdir/demos/report.demo" --bs=4k
refused_opt "--list-devices --file-size=4P" --file-size --list-devices --file-size=4P
refused_opt "--list-demos --headless" --headless --list-demos --headless
refused_opt "--check-theme F --theme=mono" --theme \
    --check-theme "$srcdir/themes/mono.theme" --theme=mono
"$RAVIZ" --check --limit=demo-bytes=1M "$srcdir/demos/report.demo" \
    >"$tmp/out" 2>"$tmp/err"
ok $? "--limit applies to --check: accepted"
"$RAVIZ" --bs=4k --help >"$tmp/out" 2>"$tmp/err" &&
    grep -q "^Usage: raviz" "$tmp/out"
ok $? "--help still helps whatever comes with it"

# ---- --check-theme follows the fallback chain ----
mkdir -p "$tmp/cfg/raviz/themes"
printf 'name = broken\nnosuchkey = 1\n' >"$tmp/cfg/raviz/themes/broken.theme"
printf 'name = lp1\nrequires = 256\nfallback = lp2\n' >"$tmp/cfg/raviz/themes/lp1.theme"
printf 'name = lp2\nrequires = 256\nfallback = lp1\n' >"$tmp/cfg/raviz/themes/lp2.theme"
printf 'name = top\nrequires = 256\nfallback = broken\n' >"$tmp/top.theme"
printf 'name = t2\nrequires = 256\nfallback = lp1\n' >"$tmp/t2.theme"
XDG_CONFIG_HOME="$tmp/cfg" "$RAVIZ" --check-theme "$tmp/top.theme" \
    >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st = 2 ] && ! grep -q ": ok" "$tmp/out" &&
    grep -q "top.theme:3:12: expected a fallback theme that loads: 'broken' (.*broken.theme) has errors: .*broken.theme:2:1: expected a key" "$tmp/err"
ok $? "--check-theme: a fallback with errors is reported (exit $st)" \
    "<$tmp/out" "<$tmp/err"
XDG_CONFIG_HOME="$tmp/cfg" "$RAVIZ" --check-theme "$tmp/t2.theme" \
    >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st = 2 ] && grep -q "expected a fallback chain that ends: 'lp2' falls back to 'lp1' again" "$tmp/err"
ok $? "--check-theme: a fallback chain that loops is reported (exit $st)" \
    "<$tmp/err"
XDG_CONFIG_HOME="$tmp/cfg" "$RAVIZ" --check-theme "$srcdir/themes/default.theme" \
    >"$tmp/out" 2>"$tmp/err"
ok $? "--check-theme: the default theme and its chain are fine"

# ---- a lesson's restart and compare items ----
# 2000 items, 10 events apart, on a 1 GiB run: each restart went back to
# event 0 and stepped the run up again, each compare built the second run
# again from event 0 (7.5 and 12 s of CPU; about 0.1 s each now).
for k in restart compare; do
	awk -v k=$k 'BEGIN { print "raviz-demo 1"; print "set file-size 1G"
		for (i = 0; i < 2000; i++) printf "@%d +0ms %s\n", i * 10, k
	}' >"$tmp/$k.demo"
	capped 5 "$RAVIZ" --headless "$tmp/$k.demo" >"$tmp/out" 2>"$tmp/err"
	st=$?
	[ $st = 0 ] && grep -q "^events: " "$tmp/out"
	ok $? "2000 $k items: replayed within 5 s of CPU (exit $st)"
done

# ---- --check runs the figures ----
printf '%s\n' 'raviz-demo 1' 'set file-size 16M' \
    '@0 +0ms caption "fine: {throughput mode=fixed}"' \
    '@0 +0ms caption "slow: {throughput bs=64T file-size=64T}"' \
    >"$tmp/fig.demo"
capped 20 "$RAVIZ" --check "$tmp/fig.demo" >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st = 2 ] && grep -q "fig.demo: 1 error" "$tmp/out" &&
    grep -q "fig.demo:4:1: error: caption: {throughput bs=64T file-size=64T}: this alternative run would hold the replay (it does not repeat): larger than the limit of 4194304 engine actions for a caption's alternative run (--limit=figure-work=N lifts it)" "$tmp/err"
ok $? "--check: a figure that does not end in time is an error, naming the bound (exit $st)" \
    "<$tmp/out" "<$tmp/err"
"$RAVIZ" --check "$srcdir"/demos/*.demo >"$tmp/out" 2>"$tmp/err"
ok $? "--check: every shipped lesson's figures within the bound"
tap_done
