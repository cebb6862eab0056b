# tmux-lib.sh - a private tmux server with one shell pane, for the tests
# that run raviz in a real terminal and then look at what is left of it
# (tl_setup NAME first), or with one session of named windows (tl_sock,
# tm, tl_session and win_wait at the end).  Source it after tap.sh; without
# tl_setup, set $tmp (a scratch directory) and call tl_init NAME yourself.
# Every wait polls with a deadline ($DEADLINE s).
: "${DEADLINE:=20}"
: "${TL_CAPTURE:=-p}"

# tl_init NAME: sockets are NAME-PID-N, a new one for every new server.
tl_init() {
	tl_name=$1
	tl_run=0
	tl_use "$tl_name-$$-0"
}
# tl_use SOCKET: $T is tmux on the server of socket name SOCKET.
tl_use() {
	tl_cur=$1
	T=tl_t
}
# tl_t ARGS...: tmux ARGS on the server of tl_use (what $T runs).
tl_t() { tl_tmux "$tl_cur" "$@"; }

# A tmux process per command was most of what a tmux test cost (a client
# is a new process, and the server hears its whole environment), so the
# commands that only look at a server or type into it go down one client in
# control mode (tmux -C): opened when new or new-session has made the
# server, on fds 8 and 9 through two FIFOs in $tmp; a command is a line
# written to it, its output the lines between the %begin and the %end (or
# %error) it answers with.  Anything else - a command that makes or ends a
# server, an argument the line cannot carry, a server with no control
# client - is a tmux process of its own.
# tl_tmux SOCKET ARGS...: tmux -L SOCKET -f /dev/null ARGS, as the process
# would do it: the output on stdout, an error on stderr and status 1.
tl_tmux() {
	_tt_s=$1
	shift
	# The sockets in the test's $tmp, removed with it: tmux 3.3a leaves a
	# socket file behind in /tmp/tmux-UID after kill-server (about 22 a
	# make check).  Not when the path would pass sun_path's 108 bytes, nor
	# when the caller chose a TMUX_TMPDIR.
	if [ -z "${TMUX_TMPDIR:-}" ] && [ -d "${tmp:-}" ] && [ ${#tmp} -le 60 ]
	then
		TMUX_TMPDIR=$tmp
		export TMUX_TMPDIR
	fi
	case $1 in
	capture-pane | send-keys | display | display-message | list-panes | \
	    resize-window | set-option | respawn-pane | clear-history | \
	    pipe-pane)
		if [ "${tl_ctl_sock:-}" = "$_tt_s" ] && tl_ctl_line "$@"; then
			tl_ctl_cmd
			case $? in
			0) return 0 ;;
			1) return 1 ;;
			esac
			# (2: the control client went away; a process tries.)
		fi
		;;
	new | new-session)
		# A new server's control client is opened here, in the test's
		# own shell (one opened in a $(...) would end with it).
		# SHELL: the server's default-shell, which runs every pane's
		# command and the shell of a window without one: dash, not the
		# user's bash (twice the start, and an interactive bash reads
		# ~/.bashrc, where a version manager's init was a dozen
		# processes a window).
		tl_ctl_close
		SHELL=/bin/sh tmux -L "$_tt_s" -f /dev/null "$@" || return
		tl_ctl_open "$_tt_s" || :
		return 0
		;;
	kill-server | kill-session)
		# With the control client still there to take its %exit: a
		# server that cannot write it waits for it for ever.
		tmux -L "$_tt_s" -f /dev/null "$@"
		set -- "$?"
		[ "${tl_ctl_sock:-}" = "$_tt_s" ] && tl_ctl_close
		return "$1"
		;;
	esac
	tmux -L "$_tt_s" -f /dev/null "$@"
}
# tl_ctl_line ARGS...: $tl_ctl_l is ARGS as one command line for tmux's
# parser, each argument in single quotes (nothing in them is expanded; a
# single quote inside is '\'', which tmux reads as a shell does); 1 when an
# argument holds a newline, which the line cannot carry.
tl_ctl_line() {
	tl_ctl_l=
	for _tl_a in "$@"; do
		case $_tl_a in *"
"*) return 1 ;; esac
		_tl_q=
		while :; do
			case $_tl_a in
			*"'"*)
				_tl_q="$_tl_q${_tl_a%%"'"*}'\\''"
				_tl_a=${_tl_a#*"'"} ;;
			*) break ;;
			esac
		done
		tl_ctl_l="$tl_ctl_l '$_tl_q$_tl_a'"
	done
}
# tl_ctl_open SOCKET: the control client of SOCKET's server is open
# (started now if another, or none, is); 1 when it cannot be.
tl_ctl_open() {
	[ "${tl_ctl_sock:-}" = "$1" ] && return 0
	tl_ctl_close
	# New FIFOs for every client: an old server going away may still
	# hold the last ones.
	tl_ctl_n=$((${tl_ctl_n:-0} + 1))
	_to_f=$tmp/ctl-$tl_ctl_n
	mkfifo "$_to_f.in" "$_to_f.out" || return 1
	# ignore-size: the control client never sizes a window; no-output: no
	# %output lines for what the panes print.
	tmux -L "$1" -f /dev/null -C attach -f ignore-size,no-output \
	    <"$_to_f.in" >"$_to_f.out" 2>/dev/null &
	tl_ctl_pid=$!
	exec 8>"$_to_f.in" 9<"$_to_f.out"
	tl_ctl_sock=$1
	# Its first answer (to attach) and whatever notifications come before
	# ours are passed over: this line's answer is the first read as ours.
	tl_ctl_l=" display-message -p tl-sync-$$"
	while tl_ctl_cmd >/dev/null 2>&1 || [ $? = 1 ]; do
		[ "$tl_ctl_out" = "tl-sync-$$
" ] && return 0
		tl_ctl_l=
	done
	tl_ctl_close
	return 1
}
# tl_ctl_close: no control client: its FIFOs closed and its process ended
# (a server waits for its clients before it exits, and one whose control
# output has no reader never leaves by itself).
tl_ctl_close() {
	[ -n "${tl_ctl_sock:-}" ] || return 0
	exec 8>&- 9<&-
	kill "$tl_ctl_pid" 2>/dev/null
	tl_ctl_sock=
}
# tl_ctl_cmd: write the line $tl_ctl_l (none when empty) to the control
# client and read one answer: its lines on stdout, 0 (%end), or on stderr,
# 1 (%error); 2 when the client has gone (the server ended), now closed.
# The answer is read whole before a byte is written, so that a reader that
# stops early (| head) cannot leave half of it for the next command.
tl_ctl_cmd() {
	if [ -n "$tl_ctl_l" ]; then
		# Ignored while written: a client gone is a status, not the
		# test's death by SIGPIPE.
		trap '' PIPE
		printf '%s\n' "$tl_ctl_l" >&8 2>/dev/null
		_tc_w=$?
		trap - PIPE
		[ "$_tc_w" = 0 ] || { tl_ctl_close; return 2; }
	fi
	tl_ctl_out=
	_tc_in=
	while IFS= read -r _tc_l <&9; do
		# (Flags 1: an answer to a line of ours; the answer to attach,
		# flags 0, may come after the first of them.  What a command
		# changes is told inside its answer - resize-window's
		# %layout-change - and is not its output.)
		case $_tc_in$_tc_l in
		"%begin "*" 1") _tc_in=1 ;;
		1%end*) printf '%s' "$tl_ctl_out"; return 0 ;;
		1%layout-change\ * | 1%window-* | 1%session-* | \
		    1%sessions-changed* | 1%unlinked-window-* | \
		    1%pane-mode-changed* | 1%client-* | 1%output\ * | \
		    1%extended-output\ * | 1%subscription-changed\ * | \
		    1%paste-buffer-* | 1%message\ * | 1%continue\ * | \
		    1%pause\ *) ;;
		1%error*) printf '%s' "$tl_ctl_out" >&2; return 1 ;;
		1*) tl_ctl_out="$tl_ctl_out$_tc_l
" ;;
		esac
	done
	tl_ctl_close
	return 2
}
# tl_setup NAME: how a tmux test begins: tmux is needed (else the test
# fails naming it), $tmp is a new private folder, removed at exit with the
# tmux server, and tl_init NAME.
tl_setup() {
	need tmux tmux
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/$1.XXXXXX") || exit 99
	tl_init "$1"
	trap '$T kill-server >/dev/null 2>&1; rm -rf "$tmp"' EXIT
}
# word W FILE: W appears in FILE as a whole setting (not as -W).
word() { words "$2" "$1"; }
# words FILE W...: each W appears in FILE (stty -a) as a whole setting,
# between blanks or line ends: FILE read once, its words compared in the
# shell (a grep a setting was a process each, four a restored terminal).
words() {
	_ws_t=$(cat "$1" 2>/dev/null) || return 1
	shift
	for _ws_w in "$@"; do
		_ws_f=1
		set -f
		for _ws_x in $_ws_t; do
			[ "$_ws_x" = "$_ws_w" ] && { _ws_f=0; break; }
		done
		set +f
		[ $_ws_f = 0 ] || return 1
	done
	return 0
}
# cap: the pane's screen ($TL_CAPTURE: -pJ joins wrapped lines).
cap() { $T capture-pane $TL_CAPTURE -t f 2>/dev/null; }
# tl_capture TMUX TARGET FLAGS...: $tl_cap is what $(TMUX capture-pane
# FLAGS -t TARGET 2>/dev/null) is, read in this shell when TMUX is $T or tm
# and its control client is open: a $(...) is a process too, and polls
# capture hundreds of times.
tl_capture() {
	case $1 in
	tl_t) _tp_s=$tl_cur ;;
	tm) _tp_s=$tl_sock ;;
	*) _tp_s= ;;
	esac
	_tp_c=$1
	_tp_t=$2
	shift 2
	if [ -n "$_tp_s" ] && [ "${tl_ctl_sock:-}" = "$_tp_s" ] &&
	    tl_ctl_line capture-pane "$@" -t "$_tp_t"; then
		tl_ctl_cmd >/dev/null 2>&1
		case $? in
		0)
			# (As $(...) would: no newline at the end.)
			tl_cap=$tl_ctl_out
			while :; do
				case $tl_cap in
				*"
") tl_cap=${tl_cap%"
"} ;;
				*) return 0 ;;
				esac
			done
			;;
		1) tl_cap= ; return 0 ;;
		esac
	fi
	tl_cap=$($_tp_c capture-pane "$@" -t "$_tp_t" 2>/dev/null)
}
# wait_in TMUX TARGET TEXT: poll pane TARGET of the server that the command
# TMUX (like $T, or a function) talks to until TEXT appears, the capture
# that showed it left in $tl_screen (a screen that changes may have lost it
# by the next); 1 on timeout (with the screen as TAP comments).
wait_in() {
	now; _wi_end=$((now + DEADLINE))
	while :; do
		tl_capture "$1" "$2" $TL_CAPTURE
		_wi_s=$tl_cap
		case $_wi_s in *"$3"*) tl_screen=$_wi_s; return 0 ;; esac
		now; [ "$now" -le "$_wi_end" ] || break
		nap 0.05
	done
	printf '%s\n' "$_wi_s" | sed 's/^/# /'
	return 1
}
# wait_for TEXT: wait_in for the pane of tl_start or tl_new.
wait_for() { wait_in "$T" f "$1"; }
# wait_gone TEXT: poll the pane until TEXT has left it; 1 on timeout.
wait_gone() {
	now; tl_end=$((now + DEADLINE))
	while now; [ "$now" -le "$tl_end" ]; do
		tl_capture "$T" f $TL_CAPTURE
		case $tl_cap in *"$1"*) ;; *) return 0 ;; esac
		nap 0.05
	done
	return 1
}
# expect LABEL TEXT: wait_for TEXT; ok LABEL.
expect() { wait_for "$2"; ok $? "$1"; }
# press KEY TEXT LABEL: send KEY to the pane, then expect LABEL TEXT.
press() { $T send-keys -t f "$1"; expect "$3" "$2"; }
# settled FILE CMD...: CMD's output (a capture) into FILE once two runs in
# a row agree: a frame may still be arriving; 1 on timeout.
settled() {
	tl_f=$1
	shift
	"$@" >"$tl_f.prev"
	now; tl_end=$((now + DEADLINE))
	while now; [ "$now" -le "$tl_end" ]; do
		nap 0.05
		"$@" >"$tl_f"
		cmp -s "$tl_f" "$tl_f.prev" && return 0
		mv "$tl_f" "$tl_f.prev"
	done
	return 1
}
# raviz_pid: the raviz process under the pane's shell.
raviz_pid() {
	child_pid "$($T display -p -t f '#{pane_pid}')" raviz
}
# tl_start CMDLINE: a fresh shell in an 80x24 pane (tl_pane), its output
# logged to $tmp/pane; once the shell has printed its prompt it runs
# CMDLINE, then prints EXIT=status, saves `stty -a` and prints a marker
# that the typed command line itself cannot show.
tl_start() {
	rm -f "$tmp/stty" "$tmp/pane"
	# exec: the pane's process is the shell raviz_pid looks under (dash
	# -c, the default-shell, forks for a lone command where bash execs).
	tl_pane 80 24 "exec env -i PATH=/usr/bin:/bin \
TERM=xterm-256color LC_ALL=C.UTF-8 HOME=$tmp PS1='PROMPT$ ' \
LSAN_OPTIONS='${LSAN_OPTIONS:-}' sh" || return 1
	$T pipe-pane -t f "cat >>$tmp/pane" || return 1
	wait_for 'PROMPT$' || return 1
	$T send-keys -t f "$1; echo EXIT=\$?; stty -a >$tmp/stty; echo FIN''ISHED" Enter
}
# tl_new W H CMDLINE: CMDLINE alone (no shell; `sleep 60` after it keeps
# the pane) in a fresh W x H pane (tl_pane); $T, cap and wait_for then work
# on it as after tl_start.
tl_new() { tl_pane "$1" "$2" "$3; sleep 60"; }
# tl_pane W H CMD: pane f of the test's server runs CMD at W x H, from a
# clean screen with no history.  The server of the last start is kept when
# its control client is still there: respawn-pane -k ends what the pane ran
# (its terminal closes, as when the server went) and starts CMD on a new
# one; a new server was three tmux processes, a fork and a control client
# more (87 ms of CPU here against 38).  Otherwise a new server, on a new
# socket (no race with the old one's exit).
tl_pane() {
	if [ -n "${tl_ctl_sock:-}" ] && [ "$tl_ctl_sock" = "$tl_cur" ] &&
	    $T resize-window -t f -x "$1" -y "$2" 2>/dev/null &&
	    $T respawn-pane -k -t f "$3" 2>/dev/null; then
		$T clear-history -t f
		return 0
	fi
	$T kill-server >/dev/null 2>&1
	tl_run=$((tl_run + 1))
	tl_use "$tl_name-$$-$tl_run"
	$T new -d -s f -x "$1" -y "$2" "$3"
}
# quits NAME [STATUS]: q ends raviz, then restored NAME; with STATUS, raviz
# exited with that status.
quits() {
	$T send-keys -t f q
	restored "$1"
	[ $# -lt 2 ] && return 0
	_q_st=$(status)
	[ "$_q_st" = "$2" ]; ok $? "$1: exit status $2 (got '$_q_st')"
}
# restored NAME: after raviz has gone, the terminal is as it was: the shell
# runs the next command, the alternate screen is off, the line discipline
# is sane.
restored() {
	expect "$1: raviz exits and the shell runs the next command" "FINISHED"
	[ "$($T display -p -t f '#{alternate_on}')" = 0 ]
	ok $? "$1: alternate screen left"
	words "$tmp/stty" icanon echo icrnl opost
	ok $? "$1: stty -a shows icanon echo icrnl opost"
	[ -s "$tmp/stty" ] || diag "no stty output"
}
# killed NUM NAME: send signal NUM to raviz in the pane; the terminal is
# restored (restored NAME) and raviz dies of the signal (the shell shows
# EXIT=128+NUM).
killed() {
	tl_pid=$(raviz_pid)
	[ -n "$tl_pid" ] && kill -"$1" "$tl_pid"
	restored "$2"
	tl_es=$(status)
	[ "$tl_es" = $((128 + $1)) ]
	ok $? "$2: raviz dies of the signal (EXIT=$tl_es)"
}
# ends PID NAME: the process PID (not empty) ends before the deadline;
# else it is killed (SIGKILL) and the test fails.
ends() {
	now; tl_end=$((now + DEADLINE))
	while [ -n "$1" ] && kill -0 "$1" 2>/dev/null && now &&
	    [ "$now" -le "$tl_end" ]; do nap 0.05; done
	if [ -n "$1" ] && kill -0 "$1" 2>/dev/null; then
		ok 1 "$2: raviz ends (still running: $(ps -o %cpu= -p "$1")% CPU)"
		kill -KILL "$1"
	else
		[ -n "$1" ]; ok $? "$2: raviz ends (pid $1)"
	fi
}
# status: the EXIT=N the shell printed last, anywhere in a line (plain
# capture: a joined or space-padded line, or a prompt before it, must not
# hide it; the typed command line shows EXIT=$?, not a number).
# (Read by the shell, the line's last EXIT= that a digit follows.)
status() {
	tl_capture "$T" f -p
	_st_s=$tl_cap
	_st_v=
	while IFS= read -r _st_l; do
		while :; do
			case $_st_l in *EXIT=[0-9]*) ;; *) break ;; esac
			_st_r=${_st_l##*EXIT=}
			case $_st_r in
			[0-9]*) _st_v=${_st_r%%[!0-9]*}; break ;;
			esac
			_st_l=${_st_l%EXIT=*}
		done
	done <<EOF
$_st_s
EOF
	echo "$_st_v"
}

# The tests that run raviz in named windows of one session "raviz" set
# tl_sock (a socket name) first; then:
# tm ARGS...: tmux on that server.
tm() { tl_tmux "$tl_sock" "$@"; }
# tl_session: the server, in a UTF-8 locale (anything non-ASCII raviz
# might send shows up in the captures), with the session raviz at 80x24
# and its first window "idle".
tl_session() {
	LC_ALL=C.UTF-8 tm new-session -d -s raviz -n idle -x 80 -y 24
	tm set-option -g default-size 80x24 >/dev/null 2>&1
}
# win_wait NAME TEXT: poll window NAME until TEXT shows (wait_in); a TAP
# comment on timeout.
win_wait() {
	wait_in tm "raviz:$1" "$2" && return 0
	diag "timed out waiting for '$2' in $1"
	return 1
}
