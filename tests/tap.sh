# tap.sh - tiny TAP helpers for the shell tests; source it.
# Environment from make check: RAVIZ (binary), srcdir.
: "${RAVIZ:=./raviz}"
: "${srcdir:=.}"
tap_n=0
tap_failed=0
# ok COND_STATUS DESCRIPTION [DETAIL...]: the DETAILs (a captured screen, a
# diff) go out as TAP comments when the check fails.  A DETAIL "<FILE" is
# FILE's contents, read only then: a "$(cat FILE)" was a process for every
# check, passing or not.
ok() {
	tap_n=$((tap_n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $tap_n - $2"
	else
		echo "not ok $tap_n - $2"
		tap_failed=$((tap_failed + 1))
		shift 2
		for _ok_d in "$@"; do
			case $_ok_d in
			"<"*) diag "$(cat "${_ok_d#<}" 2>&1)" ;;
			*) diag "$_ok_d" ;;
			esac
		done
	fi
}
# diag TEXT...: a comment line per input line
diag() { printf '%s\n' "$@" | sed 's/^/# /'; }
# golden NAME FILE: compare FILE with $srcdir/tests/golden/NAME
# (GENERATE=1 rewrites the golden file in the source tree instead).
golden() {
	local want="$srcdir/tests/golden/$1"
	if [ -n "${GENERATE:-}" ]; then
		mkdir -p "$(dirname "$want")"
		cp "$2" "$want"
		ok 0 "golden $1 (regenerated)"
		return
	fi
	if cmp -s "$want" "$2"; then
		ok 0 "golden $1"
	else
		ok 1 "golden $1"
		diff -u "$want" "$2" | head -n 40 | sed 's/^/# /'
	fi
}
tap_done() { echo "1..$tap_n"; [ "$tap_failed" -eq 0 ]; }
# capped SECONDS CMD...: run CMD with at most SECONDS of CPU time (ulimit
# -t; its status on SIGXCPU: 128 + 24, or 137).  A sanitizer build
# (RAVIZ_SANITIZERS=yes, from make check) gets four times as long: its
# shadow memory and quarantine make every allocation cost page faults, and
# in a VM their kernel time grows with the host's load (a 5 s cap was hit
# at 4 s of need when other work ran beside).  The caps catch code that
# went quadratic, which took minutes.
capped() {
	cap_s=$1
	shift
	[ "${RAVIZ_SANITIZERS:-no}" = yes ] && cap_s=$((cap_s * 4))
	(ulimit -t "$cap_s"; exec "$@")
}
# have COMMAND PACKAGE: 0 when COMMAND is installed; otherwise one "not ok"
# naming the command and its Debian package, and 1: the checks it guards
# fail, they never skip or vanish.
have() {
	if command -v "$1" >/dev/null 2>&1; then
		# In this shell, not in the $(...) of a later call.
		[ "$1" = python3 ] && python3_find
		return 0
	fi
	ok 1 "$1 not found: install the Debian package $2 (.ci/install-deps does)"
	return 1
}
# need COMMAND PACKAGE: as have, for a test that cannot run at all without
# COMMAND: it ends there, failed.
need() { have "$1" "$2" || { tap_done; exit 1; }; }
# python3 ARGS...: the python3 of PATH, run as the interpreter it is: a
# version manager's shim (pyenv's) spends a dozen processes finding it on
# every call, so python3_find asks it once, for $tap_python3 (have python3
# does, in the test's own shell).  Defined only when PATH has a python3:
# have/need still see a missing one.  A background job runs "$tap_python3"
# itself (after python3_find), so that $! is its pid.  -S: the tests use
# only the standard library, and the site module (site-packages and their
# .pth files) was two thirds of a start (70 of 100 ms, pyenv's 3.11).
python3_find() {
	[ -n "${tap_python3:-}" ] || tap_python3=$(command python3 -c \
	    'import sys; print(sys.executable or "python3")')
	: "${tap_python3:=python3}"
}
if command -v python3 >/dev/null 2>&1; then
	python3() { python3_find; "$tap_python3" -S "$@"; }
fi
# key FILE NAME: the value of each "NAME: value" line of FILE (a summary),
# read by the shell: a sed per key was a third of what import.sh ran.
key() {
	while IFS= read -r _key_l; do
		case $_key_l in "$2: "*) printf '%s\n' "${_key_l#"$2: "}" ;; esac
	done <"$1"
}
# nap SECONDS: sleep(1), without a process per call: a poll loop's sleep
# was a tenth of the processes make check ran.  The first call starts a
# bash (read -t takes fractions of a second) that sleeps on request, on fds
# 6 and 7 through two FIFOs in $tmp; it ends when the test's shell has gone
# (it looks every 5 s, since a child of the test may hold its input open).
# Without $tmp, bash or the FIFOs: sleep(1).
nap() {
	if [ -z "${_nap_pid:-}" ]; then
		[ -n "${tmp:-}" ] && [ -d "$tmp" ] && command -v bash >/dev/null &&
		    mkfifo "$tmp/nap.in" "$tmp/nap.out" "$tmp/nap.never" ||
		    { sleep "$1"; return; }
		bash -c 'exec 3<>"$1"
			while :; do
				if read -r -t 5 d; then
					read -r -t "$d" -u 3 _
					echo
				elif [ $? -le 128 ] || ! kill -0 "$2" 2>/dev/null; then
					exit 0
				fi
			done' nap "$tmp/nap.never" $$ <"$tmp/nap.in" \
		    >"$tmp/nap.out" 2>/dev/null &
		_nap_pid=$!
		exec 6>"$tmp/nap.in" 7<"$tmp/nap.out"
	fi
	{ printf '%s\n' "$1" >&6 && read -r _nap_r <&7; } 2>/dev/null ||
	    sleep "$1"
}
# absent FILE: of the words on stdin (one a line), those that FILE does not
# hold as grep -wF would find them (not inside a longer word of letters,
# digits and _), as " WORD" each: one awk for a list a grep a word was.
absent() {
	awk '
	function wordc(c) { return c ~ /[A-Za-z0-9_]/ }
	function has(w,   s, p) {
		s = text
		while ((p = index(s, w)) > 0) {
			if ((p == 1 || !wordc(substr(s, p - 1, 1))) &&
			    !wordc(substr(s, p + length(w), 1)))
				return 1
			s = substr(s, p + 1)
		}
		return 0
	}
	FILENAME == ARGV[1] { text = text "\n" $0; next }
	!has($0) { printf " %s", $0 }' "$1" -
}
# now: $now, the seconds since boot (whole), for the deadlines of poll
# loops; read from /proc/uptime, not date(1): a process per poll was, with
# grep, most of what a waiting test cost.
now() { read -r _now_u _ </proc/uptime; now=${_now_u%.*}; }
# child_pid PARENT NAME: the pid of a child of PARENT whose command name is
# NAME, read from /proc (no procps needed); empty when there is none.
child_pid() {
	for _cp_s in /proc/[0-9]*/stat; do
		{ read -r _cp_l <"$_cp_s"; } 2>/dev/null || continue
		_cp_c=${_cp_l#*(}; _cp_c=${_cp_c%)*}
		set -- "$1" "$2" ${_cp_l##*) }
		[ "$4" = "$1" ] && [ "$_cp_c" = "$2" ] || continue
		_cp_s=${_cp_s#/proc/}; echo "${_cp_s%/stat}"
		return 0
	done
	return 0
}
