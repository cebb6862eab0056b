#!/bin/sh
# capture-live.sh - a live --capture on this machine, when it allows one:
# root, tracefs with block events and instances, losetup.  It reads a
# fresh loop device (direct I/O, read_ahead_kb 128) at bs 64k, checks the
# capture against an awk count of the file, and checks that no tracing
# instance is left behind: after SIGTERM, SIGQUIT, kill -9 (tracefs then
# compared whole) and a stale instance of a raviz that is gone.
# Otherwise it SKIPs and says why: the reason is the machine's
# privileges, not a missing tool.
. "${srcdir:-.}/tests/tap.sh"

skip() { echo "ok 1 # SKIP $1"; echo "1..1"; exit 0; }
[ "$(id -u)" -eq 0 ] || skip "not root: a live capture needs root"
tr=
for d in /sys/kernel/tracing /sys/kernel/debug/tracing; do
	[ -e "$d/events/block/block_rq_issue" ] && [ -d "$d/instances" ] && tr=$d && break
done
[ -n "$tr" ] || skip "no tracefs with block events (mount -t tracefs nodev /sys/kernel/tracing)"
command -v losetup >/dev/null 2>&1 || { ok 1 "losetup (util-linux) is missing"; tap_done; exit; }

tmp=$(mktemp -d)
loop= loop2=
cleanup() {
	[ -n "$loop" ] && losetup -d "$loop"
	[ -n "$loop2" ] && losetup -d "$loop2"
	rm -rf "$tmp"
}
trap cleanup EXIT
dd if=/dev/zero of="$tmp/img" bs=1M count=8 status=none
loop=$(losetup --direct-io=on -f --show "$tmp/img" 2>/dev/null) ||
	skip "losetup could not attach a loop device here"
name=${loop##*/}
echo 128 >"/sys/block/$name/queue/read_ahead_kb"
before=$(ls "$tr/instances" | grep -c '^raviz-')
"$RAVIZ" --capture="$loop" --bs=64k --file-size=4M \
    --capture-out="$tmp/cap.trace" >"$tmp/sum" 2>"$tmp/err"
ok $? "--capture=$loop exits 0: $(tail -n 1 "$tmp/err")"
after=$(ls "$tr/instances" | grep -c '^raviz-')
[ "$after" -eq "$before" ]
ok $? "no tracing instance left behind ($before before, $after after)"
majmin=$(tr : , <"/sys/block/$name/dev")
want=$(grep -c "block_rq_issue: $majmin R" "$tmp/cap.trace")
got=$(sed -n 's/^requests: //p' "$tmp/sum")
[ "$want" -gt 0 ] && [ "$got" = "$want" ]
ok $? "requests $got = the file's $want issues on $majmin"
[ "$(sed -n 's/^reads: //p' "$tmp/sum")" = 64 ]
ok $? "64 read() calls of 64 KiB recorded as markers"
[ "$(sed -n 's/^common_request_kib: //p' "$tmp/sum")" = 128 ]
ok $? "most common request: 128 KiB (read_ahead_kb 128)"

# An existing --capture-out is refused without --force (nothing traced,
# the file untouched); with --force it is replaced.
cp "$tmp/cap.trace" "$tmp/cap.keep"
"$RAVIZ" --capture="$loop" --bs=64k --file-size=1M \
    --capture-out="$tmp/cap.trace" >/dev/null 2>"$tmp/err"
st=$?
[ $st -eq 2 ] && grep -q 'the file exists (--force replaces it)' "$tmp/err" &&
    cmp -s "$tmp/cap.trace" "$tmp/cap.keep"
ok $? "an existing --capture-out is refused (exit $st), left as it was"
"$RAVIZ" --capture="$loop" --bs=64k --file-size=1M --force \
    --capture-out="$tmp/cap.trace" >"$tmp/sum" 2>"$tmp/err"
st=$?
[ $st -eq 0 ] && [ "$(sed -n 's/^reads: //p' "$tmp/sum")" = 16 ]
ok $? "--force replaces it: exit $st, 16 reads"

# The capture holds readahead windows where the kernel traces them.
if [ -e "$tr/events/readahead/page_cache_ra_order" ]; then
	[ "$(sed -n 's/^ra_windows: //p' "$tmp/sum")" -gt 0 ] 2>/dev/null
	ok $? "readahead tracepoints: ra_windows $(sed -n 's/^ra_windows: //p' "$tmp/sum")"
fi

# tracefs as a whole, to compare before and after: the global switches,
# the instances, every event switched on or filtered anywhere.
tfs() {
	(cd "$tr" && for f in set_event current_tracer tracing_on \
	    buffer_size_kb trace_clock tracing_cpumask trace_options; do
		echo "== $f"; cat "$f" 2>&1
	done
	echo "== instances"; ls instances
	echo "== enabled"; grep -l 1 events/*/*/enable 2>/dev/null
	echo "== filters"; grep -v '^none$' events/*/*/filter 2>/dev/null)
}

# SIGTERM in the middle: exit 1, the instance removed, no file written.
# A bigger (sparse) device read 4 KiB at a time gives the time to signal.
losetup -d "$loop"
loop=
truncate -s 512M "$tmp/big"
loop=$(losetup --direct-io=on -f --show "$tmp/big" 2>/dev/null) ||
	skip "losetup could not attach a second loop device here"
# start: a capture of the big device in the background, once its
# instance exists (its pid in $pid).
start() {
	"$RAVIZ" --capture="$loop" --bs=4k --file-size=512M \
	    --capture-out="$tmp/$1.trace" >"$tmp/out" 2>"$tmp/err" &
	pid=$!
	now; deadline=$((now + 20))
	while [ ! -d "$tr/instances/raviz-$pid" ] && kill -0 $pid 2>/dev/null &&
	    now && [ "$now" -lt $deadline ]; do
		nap 0.01
	done
}
# gone DIR: wait (with a deadline) until DIR is gone; 0 if it is.
gone() {
	now; deadline=$((now + 20))
	while [ -e "$1" ] && now && [ "$now" -lt $deadline ]; do
		nap 0.1
	done
	[ ! -e "$1" ]
}

start int
[ -d "$tr/instances/raviz-$pid" ]
ok $? "the capture's instance raviz-$pid exists while it reads"
kill -TERM $pid
wait $pid
st=$?
[ $st -eq 1 ] && [ ! -e "$tr/instances/raviz-$pid" ] &&
    [ ! -e "$tmp/int.trace" ] && grep -q 'interrupted; tracing restored' "$tmp/err"
ok $? "SIGTERM: exit $st, instance removed, no capture written: $(cat "$tmp/err")"

# SIGQUIT (Ctrl-\) is SIGTERM.
start quit
kill -QUIT $pid
wait $pid
st=$?
[ $st -eq 1 ] && [ ! -e "$tr/instances/raviz-$pid" ] &&
    [ -z "$(ls "$tmp" | grep '^quit\.trace')" ] &&
    grep -q 'interrupted; tracing restored' "$tmp/err"
ok $? "SIGQUIT: exit $st, instance removed, no capture written"

# kill -9: the watchdog removes the instance and the unfinished output;
# tracefs is as it was.
tfs >"$tmp/tfs.before"
start killed
nap 0.3
kill -KILL $pid
wait $pid
gone "$tr/instances/raviz-$pid"
ok $? "kill -9: the watchdog removed instances/raviz-$pid"
[ -z "$(ls "$tmp" | grep '^killed\.trace')" ]
ok $? "kill -9: no capture, no temporary left: $(ls "$tmp")"
tfs >"$tmp/tfs.after"
cmp -s "$tmp/tfs.before" "$tmp/tfs.after"
ok $? "kill -9: tracefs exactly as before" "$(diff "$tmp/tfs.before" "$tmp/tfs.after")"

# An instance left by a raviz that is gone is removed at the next start,
# with a message; a live raviz's is left alone.
# The second capture reads a device of its own: on the live one's device
# (both trace it: the filter is the device) its events raced the live
# reader's under a loaded make -j8 check, and once it saw none.
dead=999999
while kill -0 $dead 2>/dev/null; do dead=$((dead - 1)); done
dd if=/dev/zero of="$tmp/small" bs=1M count=2 status=none
loop2=$(losetup --direct-io=on -f --show "$tmp/small" 2>/dev/null) ||
	skip "losetup could not attach a third loop device here"
start live
mkdir "$tr/instances/raviz-$dead" &&
    echo 1 >"$tr/instances/raviz-$dead/events/block/block_rq_issue/enable"
"$RAVIZ" --capture="$loop2" --bs=64k --file-size=1M \
    --capture-out="$tmp/stale.trace" >/dev/null 2>"$tmp/err2"
st=$?
[ $st -eq 0 ] && [ ! -e "$tr/instances/raviz-$dead" ] &&
    grep -q "removed the tracing instance .*raviz-$dead, left by a raviz (pid $dead) that is gone" "$tmp/err2" &&
    [ -d "$tr/instances/raviz-$pid" ]
ok $? "a stale raviz-$dead is removed and said, the live raviz-$pid kept: $(cat "$tmp/err2")"
kill -TERM $pid
wait $pid
gone "$tr/instances/raviz-$pid"
ok $? "the live capture stopped and cleaned up after itself"
tap_done
