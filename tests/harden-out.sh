#!/bin/sh
# harden-out.sh - the one output rule (safefile.h; issue 22 items 4 and 8)
# for every file raviz writes without a terminal (--trace=FILE, --cast,
# --svg): no silent overwrite; never through a symbolic link, dangling or
# not; never blocking on a FIFO; only a regular file replaced with
# --force; nothing left behind when interrupted (SIGINT, SIGTERM, SIGHUP,
# SIGQUIT, SIGKILL), with O_TMPFILE and with the named temporary of a file
# system without it; and the bounds on what --trace and --cast write.
# --record's rule is in tests/check_demo.c (writer_edges) and
# tests/harden-tmux.sh; --capture-out goes through the same module.
. "${srcdir:-.}/tests/tap.sh"
set -u
need timeout coreutils
need mkfifo coreutils
need python3 python3
tmp=$(mktemp -d "${TMPDIR:-/tmp}/raviz-out.XXXXXX") || exit 99
bg=
trap '[ -n "$bg" ] && kill -9 $bg 2>/dev/null; rm -rf "$tmp"' EXIT
lesson="$srcdir/demos/small-64k.demo"

# write OPT PATH [OPTION...]: raviz writing PATH through --OPT, at most 20 s
# (a FIFO must not block it); status in $st, stderr in $tmp/err.
write() {
	o=$1 p=$2
	shift 2
	case $o in
	trace) timeout 20 "$RAVIZ" --headless --trace="$p" "$@" ;;
	cast) timeout 20 "$RAVIZ" --headless --cast="$p" "$@" "$lesson" ;;
	svg) timeout 20 "$RAVIZ" --headless --svg="$p" "$@" ;;
	esac >"$tmp/out" 2>"$tmp/err"
	st=$?
}
# left NAME: the files in $tmp whose name starts with NAME.
left() { ls -a "$tmp" | grep -c "^$1"; }

for o in trace cast svg; do
	# An existing file: refused without --force, replaced with it.
	echo old >"$tmp/x.$o"
	write $o "$tmp/x.$o"
	[ $st = 2 ] && [ "$(cat "$tmp/x.$o")" = old ] &&
	    grep -q "x.$o: the file exists (--force replaces it)" "$tmp/err"
	ok $? "--$o onto a file: refused (exit $st), the file as it was" \
	    "<$tmp/err"
	write $o "$tmp/x.$o" --force
	[ $st = 0 ] && [ "$(cat "$tmp/x.$o")" != old ] && [ "$(left x.$o)" = 1 ]
	ok $? "--force --$o: replaced (exit $st), no temporary left"

	# A symbolic link to a file: never written through, never replaced.
	echo keep >"$tmp/target.$o"
	ln -s "target.$o" "$tmp/l.$o"
	for f in "" --force; do
		write $o "$tmp/l.$o" $f
		[ $st = 2 ] && [ "$(cat "$tmp/target.$o")" = keep ] &&
		    [ -L "$tmp/l.$o" ] &&
		    grep -q "l.$o: a symbolic link is in the way" "$tmp/err"
		ok $? "--$o ${f:+$f }onto a link: refused (exit $st), link and target as they were" \
		    "<$tmp/err"
	done
	# A dangling link: its target is not created.
	ln -s "nowhere.$o" "$tmp/d.$o"
	for f in "" --force; do
		write $o "$tmp/d.$o" $f
		[ $st = 2 ] && [ ! -e "$tmp/nowhere.$o" ] && [ -L "$tmp/d.$o" ] &&
		    grep -q "d.$o: a symbolic link is in the way" "$tmp/err"
		ok $? "--$o ${f:+$f }onto a dangling link: refused (exit $st), nothing created" \
		    "<$tmp/err"
	done
	# A FIFO with no reader: refused at once, never replaced.
	mkfifo "$tmp/f.$o"
	for f in "" --force; do
		write $o "$tmp/f.$o" $f
		[ $st = 2 ] && [ -p "$tmp/f.$o" ] &&
		    grep -q "f.$o: a FIFO is in the way (raviz replaces only a regular file)" "$tmp/err"
		ok $? "--$o ${f:+$f }onto a FIFO: refused at once (exit $st), the FIFO still there" \
		    "<$tmp/err"
	done
	# A socket (and, as root, a device node): not replaced with --force.
	python3 -c 'import socket, sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' \
	    "$tmp/s.$o"
	write $o "$tmp/s.$o" --force
	[ $st = 2 ] && [ -S "$tmp/s.$o" ] &&
	    grep -q "s.$o: a socket is in the way" "$tmp/err"
	ok $? "--$o --force onto a socket: refused (exit $st), the socket still there" \
	    "<$tmp/err"
	if mknod "$tmp/n.$o" c 1 3 2>/dev/null; then
		write $o "$tmp/n.$o" --force
		[ $st = 2 ] && [ -c "$tmp/n.$o" ] &&
		    grep -q "n.$o: a device is in the way" "$tmp/err"
		ok $? "--$o --force onto a device node: refused (exit $st), the node still there" \
		    "<$tmp/err"
	fi
	# A directory in the way.
	mkdir "$tmp/dir.$o"
	write $o "$tmp/dir.$o" --force
	[ $st = 2 ] && [ -d "$tmp/dir.$o" ] && grep -q "a directory is in the way" "$tmp/err"
	ok $? "--$o --force onto a directory: refused (exit $st)"
	# Nowhere to write: exit 2, nothing created.
	write $o "$tmp/none/x.$o"
	[ $st = 2 ] && [ ! -e "$tmp/none" ] && grep -q "No such file or directory" "$tmp/err"
	ok $? "--$o into a missing directory: exit $st, nothing created"
done

# ---- interrupted: nothing left behind ----
# started NAME CMD...: run CMD in the background ($bg) until it has its
# output open: an O_TMPFILE in $tmp among its descriptors (or, with
# RAVIZ_SAFEFILE_NAMED=1, the temporary's name NAME.XXXXXX in $tmp).
started() {
	n=$1
	shift
	# With the ending signals at their default: a shell starts a
	# background job with SIGINT and SIGQUIT ignored, nohup (or a CI
	# runner) may have ignored SIGHUP, and raviz keeps what it inherits.
	python3_find
	"$tap_python3" -S -c 'import os, signal, sys
for s in (signal.SIGINT, signal.SIGQUIT, signal.SIGHUP, signal.SIGTERM):
    signal.signal(s, signal.SIG_DFL)
os.execv(sys.argv[1], sys.argv[1:])' "$@" >/dev/null 2>"$tmp/err" &
	bg=$!
	now; end=$((now + 20))
	while now; [ "$now" -le "$end" ]; do
		if [ "${RAVIZ_SAFEFILE_NAMED:-}" = 1 ]; then
			[ "$(left "$n.")" -gt 0 ] && return 0
		else
			# Every descriptor's target in one ls, a line each.
			fds=$(ls -l "/proc/$bg/fd/" 2>/dev/null)
			while IFS= read -r fd; do
				case $fd in
				*" -> $tmp/"*" (deleted)") return 0 ;;
				esac
			done <<EOF
$fds
EOF
		fi
		nap 0.05
	done
	return 1
}
# A trace of 64 GiB of 1 MiB reads (3.2 million events, 375 MB): long
# enough to be interrupted while it is written.
long="--headless --file-size=64G --force"
for named in "" 1; do
	for sig in INT TERM HUP QUIT KILL; do
		[ -n "$named" ] && [ $sig = KILL ] && continue
		rm -f "$tmp/i.json"*
		echo old >"$tmp/i.json"
		if RAVIZ_SAFEFILE_NAMED=$named started i.json "$RAVIZ" $long \
		    --trace="$tmp/i.json"; then
			kill -s $sig $bg
			wait $bg 2>/dev/null
			bg=
			[ "$(cat "$tmp/i.json")" = old ] && [ "$(left i.json)" = 1 ]
			ok $? "SIG$sig while --trace writes${named:+ (a named temporary)}: the old file as it was, nothing else left" \
			    "$(ls -a "$tmp" | grep i.json)"
		else
			ok 1 "SIG$sig${named:+ (named)}: raviz never opened its output" \
			    "<$tmp/err"
			kill -9 $bg 2>/dev/null
			bg=
		fi
	done
done

# ---- the bounds on what is written ----
# A 4 PiB run's trace: refused at once, its size said, nothing written.
timeout 20 "$RAVIZ" --headless --file-size=4P --trace="$tmp/big.json" \
    >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st = 2 ] && [ ! -e "$tmp/big.json" ] &&
    grep -q "big.json: the run has more than 10000000 events (over [0-9.]* GiB): larger than the limit of 10000000 events for a written trace (--force or --limit=trace-out=N lifts it)" "$tmp/err"
ok $? "--trace of a 4 PiB run: refused (exit $st), its size and the bound said" \
    "<$tmp/err"
timeout 20 "$RAVIZ" --headless --file-size=4P --trace=- >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st = 2 ] && [ ! -s "$tmp/out" ]
ok $? "... and on stdout (exit $st)"
"$RAVIZ" --headless --limit=trace-out=3000 --trace="$tmp/b.json" \
    >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st = 2 ] && grep -q "the run has more than 3000 events" "$tmp/err"
ok $? "--limit=trace-out=3000 lowers it (3132 events: exit $st)"
"$RAVIZ" --headless --limit=trace-out=3132 --trace="$tmp/b.json" \
    >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st = 0 ] && [ "$(grep -c '"seq"' "$tmp/b.json")" = 3132 ]
ok $? "... 3132 lets the 3132 events through (exit $st)"
"$RAVIZ" --headless --force --file-size=4P --until=700000 \
    --trace="$tmp/b.json" >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st = 0 ] && [ "$(grep -c '"seq"' "$tmp/b.json")" = 700000 ] &&
    grep -q "b.json: writing 700000 events (about [0-9.]* MiB)" "$tmp/err"
ok $? "a trace over 64 MiB says its size before it is written (exit $st)" \
    "<$tmp/err"
rm -f "$tmp/b.json"
# A cast's bytes are bounded, not only its frames: 253 bytes of lesson at
# 1000x1000 made 33 MB in 64 s; with the bound at 1 MiB it stops there,
# nothing written.  (The default bound, 64 MiB, takes minutes to reach.)
{ echo 'raviz-demo 1'; echo 'set file-size 4096T'; echo '@0 +0ms play'
  for i in 1 2 3 4 5 6 7 8 9; do echo "@${i}000000 +1099s faster"; done
} >"$tmp/gaps.demo"
timeout 60 "$RAVIZ" --headless --cols=1000 --rows=1000 --limit=cast-bytes=1M \
    --cast="$tmp/huge.cast" "$tmp/gaps.demo" >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st = 2 ] && [ "$(left huge.cast)" = 0 ] &&
    grep -q "huge.cast: larger than the limit of 1 MiB for a cast (--force or --limit=cast-bytes=SIZE lifts it); nothing written" "$tmp/err"
ok $? "a cast at 1000x1000 past its bound: refused (exit $st), nothing written" \
    "<$tmp/err"
"$RAVIZ" --headless --limit=cast-bytes=1k --cast="$tmp/c.cast" "$lesson" \
    >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st = 2 ] && [ "$(left c.cast)" = 0 ]
ok $? "--limit=cast-bytes=1k: a lesson's cast refused (exit $st)"
"$RAVIZ" --headless --force --limit=cast-bytes=1k --cast="$tmp/c.cast" \
    "$lesson" >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st = 0 ] && [ "$(wc -c <"$tmp/c.cast")" -gt 1024 ]
ok $? "... --force lifts it (exit $st)"
tap_done
