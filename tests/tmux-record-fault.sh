#!/bin/sh
# tmux-record-fault.sh - fault tests of --record (TAP), with the real binary
# in a private tmux server (80x24, env -i, fixed TERM and LC_ALL).
#
# - SIGTERM, SIGHUP and SIGINT while recording (and playing): the terminal
#   is restored (prompt back, alternate screen off, stty -a sane) and the
#   recording is complete up to that moment: its closing comment is there,
#   raviz --check passes and a headless replay carries out the last command.
# - An unwritable --record path (no such directory, /proc, /dev/full, a
#   read-only file system when one can be mounted, a directory without write
#   permission when not root): a clear error, exit 2, the screen never opened
#   (no smcup in the pane's output), no file left behind.
# - A disk that fills up in the middle of a session (ulimit -f, with SIGXFSZ
#   at its default: raviz must not die of it; and a full tmpfs when one can
#   be mounted): the error is shown, the session goes on and ends cleanly,
#   and the file is cut back to its last complete line.
# SIGKILL while recording is in demo-tmux.sh.  Every wait polls with a
# deadline.
. "${srcdir:-.}/tests/tap.sh"
set -u
need tmux tmux
tmp=$(mktemp -d "${TMPDIR:-/tmp}/raviz-recfault.XXXXXX") || exit 99
TL_CAPTURE=-pJ
. "${srcdir:-.}/tests/tmux-lib.sh"
tl_init raviz-recfault
mounted=
cleanup() {
	$T kill-server >/dev/null 2>&1
	# Lazily: a raviz that has not exited yet may still hold a file.
	for m in $mounted; do umount -l "$m" 2>/dev/null; done
	chmod -R u+w "$tmp" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

# skip DESCRIPTION REASON: a TAP test that did not run.
skip() {
	tap_n=$((tap_n + 1))
	echo "ok $tap_n - $1 # SKIP $2"
}
# tmpfs DIR OPTIONS NAME: mount a tmpfs on DIR for test NAME; 1 (the test
# skipped, with the reason) when not root or when root may not mount here;
# a missing mount command fails.
tmpfs() {
	if [ "$(id -u)" -ne 0 ]; then
		skip "$3" "mounting a tmpfs needs root"
		return 1
	fi
	if ! have mount mount; then
		return 1
	fi
	if ! mount -t tmpfs -o "$2" tmpfs "$1" 2>"$tmp/mount.err"; then
		skip "$3" "root may not mount here: $(head -n 1 "$tmp/mount.err")"
		return 1
	fi
	mounted="$mounted $1"
}
# at_count FILE: $at, how many '@' lines FILE has (0 when it cannot be
# read), counted by the shell: a grep per poll cost more than the poll.
at_count() {
	at=0
	[ -r "$1" ] || return 0
	while IFS= read -r _al; do
		case $_al in @*) at=$((at + 1)) ;; esac
	done <"$1"
}
# at_lines FILE N: poll until FILE has at least N '@' lines.
at_lines() {
	now; end=$((now + DEADLINE))
	while now; [ "$now" -le "$end" ]; do
		at_count "$1"
		[ "$at" -ge "$2" ] && return 0
		nap 0.05
	done
	return 1
}
# start CMDLINE: see tl_start.
start() { tl_start "$1"; }
# replays NAME FILE: --check passes and a headless replay carries out the
# last recorded command at its event (its frame is there), quietly.
replays() {
	"$RAVIZ" --check "$2" >"$tmp/check" 2>&1
	ok $? "$1: raviz --check passes: $(cat "$tmp/check")"
	last=$(grep '^@' "$2" | tail -n 1)
	ev=$(echo "$last" | sed 's/^@\([0-9]*\) .*/\1/')
	cmd=$(echo "$last" | sed 's/^@[0-9]* +[0-9]*ms //')
	"$RAVIZ" --headless --frames "$2" >"$tmp/frames" 2>"$tmp/err"
	rc=$?
	grep -q "^--- @$ev +[0-9]*ms $cmd ---\$" "$tmp/frames" && [ $rc -eq 0 ] &&
	    [ ! -s "$tmp/err" ]
	ok $? "$1: headless replay carries out the last command, @$ev $cmd"
	[ -s "$tmp/err" ] && diag "$(cat "$tmp/err")"
}

# 1. SIGTERM, SIGHUP and SIGINT while recording and playing.
for sig in TERM HUP INT; do
	rec="$tmp/sig$sig.demo"
	start "'$RAVIZ' --record '$rec' --file-size=8M"
	if ! wait_for "PAUSED"; then
		ok 1 "SIG$sig: raviz --record did not start"
		continue
	fi
	$T send-keys -t f 3; at_lines "$rec" 1
	$T send-keys -t f p; at_lines "$rec" 2
	$T send-keys -t f n; at_lines "$rec" 3
	$T send-keys -t f ' '
	wait_for "PLAYING" && at_lines "$rec" 4
	ok $? "SIG$sig: four commands recorded, playing"
	pid=$(raviz_pid)
	[ -n "$pid" ] && kill -s "$sig" "$pid"
	ok $? "SIG$sig delivered while recording"
	restored "SIG$sig"
	case $sig in
	INT) want=0 ;;		# Ctrl-C is a quit key
	HUP) want=129 ;;
	TERM) want=143 ;;
	esac
	st=$(status)
	[ "$st" = "$want" ]; ok $? "SIG$sig: exit status $want ($st)"
	[ "$(grep -c '^@' "$rec")" -eq 4 ] &&
	    grep -q '^# end of recording: 4 items$' "$rec" &&
	    [ "$(tail -c 1 "$rec" | od -An -c | tr -d ' ')" = '\n' ]
	ok $? "SIG$sig: the file holds the 4 commands and its closing comment"
	replays "SIG$sig" "$rec"
done

# 2. Unwritable paths: exit 2 before the screen opens, nothing left.
# refused NAME PATH MESSAGE [OPTIONS]
refused() {
	start "'$RAVIZ' --record '$2' ${4:-} --file-size=8M 2>$tmp/stderr"
	wait_for "FINISHED"
	st=$(status)
	[ "$st" = 2 ]; ok $? "$1: exit status 2 ($st)"
	grep -qF "raviz: --record: $2: $3" "$tmp/stderr"
	ok $? "$1: says why: $(cat "$tmp/stderr")"
	# smcup of xterm: the alternate screen was never entered.
	! grep -q "$(printf '\033')\[?1049h" "$tmp/pane"
	ok $? "$1: the screen never opened"
}
refused "no such directory" "$tmp/none/x.demo" "No such file or directory"
[ ! -e "$tmp/none" ]; ok $? "no such directory: nothing created"
refused "/proc" "/proc/raviz-$$.demo" "No such file or directory"
[ ! -e "/proc/raviz-$$.demo" ]; ok $? "/proc: nothing created"
if [ -w /dev/full ] && [ -c /dev/full ]; then
	refused "/dev/full" /dev/full "a device is in the way (raviz replaces only a regular file)"
	refused "/dev/full --force" /dev/full "a device is in the way (raviz replaces only a regular file)" --force
	[ -c /dev/full ]; ok $? "/dev/full --force: the device is still there"
else
	skip "/dev/full" "no writable /dev/full"
fi
mkdir "$tmp/ro"
if tmpfs "$tmp/ro" ro,size=64k "read-only file system"; then
	refused "read-only file system" "$tmp/ro/x.demo" \
	    "Read-only file system"
	[ ! -e "$tmp/ro/x.demo" ]; ok $? "read-only file system: no file"
fi
if [ "$(id -u)" -ne 0 ]; then
	mkdir "$tmp/locked" && chmod 555 "$tmp/locked"
	refused "directory without write permission" "$tmp/locked/x.demo" \
	    "Permission denied"
	[ ! -e "$tmp/locked/x.demo" ]; ok $? "locked directory: no file"
else
	skip "directory without write permission" "root writes anywhere"
fi

# 3. The disk fills up in the middle of a session.
# filled NAME FILE MESSAGE [ROOM]: send n until the writer fails, then go
# on and quit; the error is shown, the exit is clean, the file cut back.
# While FILE is under ROOM bytes, far from where writes fail, the n go ten
# at a time (each lands as a line); then one by one.
filled() {
	if ! wait_for "PAUSED"; then
		ok 1 "$1: raviz --record did not start"
		return
	fi
	i=0
	shown=1
	while [ "$(wc -c <"$2")" -lt "${4:-0}" ]; do
		$T send-keys -t f n n n n n n n n n n
		i=$((i + 10))
		at_lines "$2" $i || break
	done
	while [ $i -lt 400 ]; do
		i=$((i + 1))
		$T send-keys -t f n
		# The line is in the file, or the writer said it failed.
		now; end=$((now + DEADLINE))
		gone=0
		while now; [ "$now" -le "$end" ]; do
			at_count "$2"
			[ "$at" -ge $i ] && break
			tl_capture "$T" f $TL_CAPTURE
			screen=$tl_cap
			case $screen in *"recording stopped: $3"*)
				shown=0; break ;;
			# raviz has gone (killed by SIGXFSZ?): no use going on.
			*FINISHED*) gone=1; break ;;
			esac
			nap 0.02
		done
		[ $shown -eq 0 ] || [ $gone -eq 1 ] && break
	done
	[ $gone -eq 1 ] && diag "$(printf '%s\n' "$screen" |
	    sed 's/^/raviz gone: /')"
	ok $shown "$1: 'recording stopped: $3' shown after $i commands"
	n=$(grep -c '^@' "$2")
	press n "event $((n + 2)) " "$1: the session goes on (event $((n + 2)))"
	[ -n "$(raviz_pid)" ]; ok $? "$1: raviz is still running"
	quits "$1" 1
	grep -qF "raviz: --record: $2: $3; the file replays up to its last complete line" "$tmp/stderr"
	ok $? "$1: says so on exit: $(cat "$tmp/stderr")"
	[ "$(tail -c 1 "$2" | od -An -c | tr -d ' ')" = '\n' ] &&
	    ! grep -q '^# end of recording' "$2"
	ok $? "$1: the file ends with a complete line, no closing comment"
	[ "$(grep -c '^@' "$2")" -eq "$n" ]
	ok $? "$1: the $n commands recorded before the error are there"
	replays "$1" "$2"
}
# ulimit -f 1: 512 bytes (dash counts 512-byte blocks), SIGXFSZ at its
# default action (raviz must ignore it and see EFBIG).
rec="$tmp/fsize.demo"
start "(ulimit -f 1; exec '$RAVIZ' --record '$rec' --file-size=8M 2>$tmp/stderr)"
filled "ulimit -f" "$rec" "File too large"
[ "$(wc -c <"$rec")" -le 512 ]; ok $? "ulimit -f: the file stays within the limit"

mkdir "$tmp/small"
if tmpfs "$tmp/small" size=8k "full tmpfs"; then
	rec="$tmp/small/full.demo"
	start "'$RAVIZ' --record '$rec' --file-size=8M 2>$tmp/stderr"
	if wait_for "PAUSED"; then
		# Fill the rest of the disk: the next page the file needs fails
		# (past 4096 bytes; ten lines at a time up to 3584).
		dd if=/dev/zero of="$tmp/small/filler" bs=4096 2>/dev/null
		filled "full tmpfs" "$rec" "No space left on device" 3584
	else
		ok 1 "full tmpfs: raviz --record did not start"
	fi
fi
tap_done
