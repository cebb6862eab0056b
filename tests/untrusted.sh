#!/bin/sh
# untrusted.sh - text that the user or a file supplies never reaches any
# output raw.  Escape sequences (ESC [ 2 J, ESC ] 0;title BEL), the 8-bit
# CSI byte 0x9b, U+009B, DEL, BS and CR go in through option values, theme
# names and paths on the command line, theme file names and contents,
# RAVIZ_THEME, XDG_CONFIG_HOME and TERM; stdout and stderr are then read
# byte by byte: no byte below 0x20 but newline and tab, no DEL, no C1
# control (raw or as UTF-8), no invalid UTF-8; and the escaped form
# (\xNN) must show, so each case really went through the path it names.
# The interactive paths run in a private tmux server: stderr goes to a
# file, the pane's raw output is recorded with pipe-pane, and the pane's
# title shows whether an OSC title sequence got through.
. "${srcdir:-.}/tests/tap.sh"
. "${srcdir:-.}/tests/tmux-lib.sh"
tmp=$(mktemp -d)
tl_sock="raviz-untrusted-$$"
trap 'tm kill-server 2>/dev/null; rm -rf "$tmp"' EXIT
data=$(cd "$srcdir" && pwd)
mkdir -p "$tmp/home/config"

# The payloads, also written as a file that the tmux scripts source.
cat >"$tmp/payloads.sh" <<'EOF'
CLR=$(printf '\033[2J')
TITLE=$(printf '\033]0;PWNED\007')
CSI8=$(printf '\233''31m')
C1U=$(printf '\302\233')
DEL=$(printf '\177')
BSCR=$(printf '\b\r')
EOF
. "$tmp/payloads.sh"

# clean FILE: 0 if FILE holds only printable UTF-8, newlines and tabs;
# else 1, with the offending offset and byte as a TAP comment.
clean() {
	od -An -v -tu1 "$1" | awk '
	function bad(at, what) {
		printf "# byte %d: %s\n", at, what
		exit 1
	}
	{ for (i = 1; i <= NF; i++) b[n++] = $i + 0 }
	END {
		for (i = 0; i < n; i++) {
			c = b[i]
			if (c < 128) {
				if ((c < 32 && c != 9 && c != 10) || c == 127)
					bad(i, "control " c)
				continue
			}
			if (c >= 194 && c <= 223) { len = 2; cp = c - 192 }
			else if (c >= 224 && c <= 239) { len = 3; cp = c - 224 }
			else if (c >= 240 && c <= 244) { len = 4; cp = c - 240 }
			else bad(i, "not UTF-8 " c)
			for (k = 1; k < len; k++) {
				d = (i + k < n) ? b[i + k] : 0
				if (d < 128 || d > 191)
					bad(i, "broken UTF-8 " c)
				cp = cp * 64 + d - 128
			}
			if (cp <= 159)
				bad(i, "C1 control " cp)
			if ((len == 3 && cp < 2048) || (len == 4 && cp < 65536))
				bad(i, "overlong UTF-8")
			i += len - 1
		}
	}'
}

# The checker itself must catch what it is for.
probe() {
	printf 'text %s text\n' "$2" >"$tmp/probe"
	! clean "$tmp/probe" >/dev/null
	ok $? "the checker flags $1"
}
probe "ESC [ 2 J" "$CLR"
probe "ESC ] 0;title BEL" "$TITLE"
probe "the 8-bit CSI byte" "$CSI8"
probe "U+009B" "$C1U"
probe "DEL" "$DEL"
probe "BS CR" "$BSCR"
probe "an overlong UTF-8 form" "$(printf '\300\233')"
probe "a truncated UTF-8 sequence" "$(printf '\342\226')"
printf 'caf\303\251 \342\226\210\ttab\n' >"$tmp/probe"
clean "$tmp/probe"; ok $? "the checker passes UTF-8 text, tabs and newlines"

# run DESC STATUS NEEDLE [VAR=VALUE...] COMMAND...: run under a clean
# environment (the VAR=VALUE given win); it must exit STATUS, print NEEDLE
# (fixed text) on stdout or stderr, and nothing raw on either.
run() {
	desc=$1 want=$2 needle=$3
	shift 3
	env -i PATH=/usr/bin:/bin HOME="$tmp/home" LC_ALL=C.UTF-8 TERM=xterm \
	    LSAN_OPTIONS="${LSAN_OPTIONS:-}" \
	    RAVIZ_DATADIR="$data" XDG_CONFIG_HOME="$tmp/home/config" "$@" \
	    >"$tmp/out" 2>"$tmp/err"
	st=$?
	[ $st -eq "$want" ]; ok $? "$desc: exit $want (got $st)"
	clean "$tmp/out"; ok $? "$desc: stdout clean"
	clean "$tmp/err"; ok $? "$desc: stderr clean"
	cat "$tmp/out" "$tmp/err" | grep -qF -- "$needle"
	ok $? "$desc: shows $needle"
	[ $st -eq "$want" ] || diag "$(head -c 300 "$tmp/err" | od -An -c | head -n 5)"
}

# ---- option values echoed in command-line errors ----
run "--mode=ESC[2J" 2 "--mode: '\\x1b[2J'" "$RAVIZ" --mode="$CLR"
run "--mode OSC title" 2 "'\\x1b]0;PWNED\\x07'" "$RAVIZ" --mode "$TITLE"
run "--device with 8-bit CSI" 2 "'x\\x9b31m'" "$RAVIZ" --device="x$CSI8"
run "--discipline with DEL" 2 "'a\\x7fb'" "$RAVIZ" --discipline="a${DEL}b"
run "--source with U+009B" 2 "'\\xc2\\x9b'" "$RAVIZ" --source="$C1U"
run "--until with BS CR" 2 "'T\\x08\\x0d'" "$RAVIZ" --until="T$BSCR"
run "unknown option --ESC[2J" 2 "unknown option '--\\x1b[2J'" "$RAVIZ" --"$CLR"
run "unknown option -OSC" 2 "unknown option '-\\x1b]0;PWNED\\x07'" \
    "$RAVIZ" "-$TITLE"
run "stray argument (a demo file name) with CSI" 2 "\\x9b31mx: error: cannot read" \
    "$RAVIZ" --headless "${CSI8}x"
run "--trace into a hostile path" 2 "no\\x1b[2J\\x9b31m/t.jsonl: " \
    "$RAVIZ" --headless --trace="$tmp/no$CLR$CSI8/t.jsonl"
run "--cast into a hostile path" 2 "no\\x1b[2J\\x9b31m/o.cast: " \
    "$RAVIZ" --headless --cast="$tmp/no$CLR$CSI8/o.cast" \
    "$srcdir/demos/report.demo"
run "--list-demos with a hostile RAVIZ_DATADIR" 1 "nowhere\\x1b]0;PWNED\\x07/demos" \
    RAVIZ_DATADIR="$tmp/nowhere$TITLE" "$RAVIZ" --list-demos
run "backslashes are escaped too" 2 "'a\\\\x1b'" "$RAVIZ" --mode='a\x1b'

# ---- --check-theme: hostile file names and contents ----
evil="$tmp/t$CLR$TITLE.theme"
printf 'name = ev%sil\ndescription = x%sy\nconsumed = red%s\nglyph.cached = %s\n%s = red\nplugged = bold %sx\n' \
    "$CLR" "$TITLE" "$CSI8" "$DEL" "$C1U" "$BSCR" >"$evil"
run "--check-theme hostile name and contents" 2 \
    "t\\x1b[2J\\x1b]0;PWNED\\x07.theme:1:8: expected a name" \
    "$RAVIZ" --check-theme "$evil"
[ "$(grep -c 'PWNED\\x07.theme:[0-9]*:[0-9]*: expected' "$tmp/err")" -eq 6 ]
ok $? "--check-theme hostile contents: all six problems reported"
grep -qF 'x\x1b]0;PWNED\x07y' "$tmp/err" && grep -qF 'red\x9b31m' "$tmp/err" &&
    grep -qF "'\\x7f'" "$tmp/err" && grep -qF "'\\xc2\\x9b" "$tmp/err" &&
    grep -qF "'\\x08\\x0dx'" "$tmp/err"
ok $? "--check-theme hostile contents: every value shown escaped"
printf 'description = fine\nconsumed = red\n' >"$tmp/ok$TITLE.theme"
run "--check-theme good theme, hostile file name" 0 \
    "ok\\x1b]0;PWNED\\x07.theme: ok: ok__0_PWNED_" \
    "$RAVIZ" --check-theme "$tmp/ok$TITLE.theme"
run "--check-theme missing hostile file" 2 \
    "gone\\x9b31m.theme: cannot read" "$RAVIZ" --check-theme "$tmp/gone$CSI8.theme"

# ---- themes found through a hostile XDG_CONFIG_HOME ----
cfg="$tmp/cfg$TITLE"
mkdir -p "$cfg/raviz/themes"
cp "$evil" "$cfg/raviz/themes/evil.theme"
printf 'description = a%sb\n' "$C1U" >"$cfg/raviz/themes/desc.theme"
printf 'description = a fine one\n' >"$cfg/raviz/themes/nice.theme"
printf 'description = never listed\n' >"$cfg/raviz/themes/$CLR.theme"
printf 'name = fb\nrequires = 256\nfallback = nosuch\n' >"$tmp/fb.theme"
run "--check-theme fallback missing, hostile XDG_CONFIG_HOME" 2 \
    "cfg\\x1b]0;PWNED\\x07/raviz/themes" \
    XDG_CONFIG_HOME="$cfg" "$RAVIZ" --check-theme "$tmp/fb.theme"
run "--list-themes with hostile themes" 0 \
    "cfg\\x1b]0;PWNED\\x07/raviz/themes/evil.theme)" \
    XDG_CONFIG_HOME="$cfg" "$RAVIZ" --list-themes
grep -q '^evil .*has errors' "$tmp/out" && grep -q '^desc .*has errors' "$tmp/out" &&
    grep -q '^nice  *a fine one' "$tmp/out"
ok $? "--list-themes: broken themes flagged, good one described"
# '[2J', not '2J': the listing shows $tmp, whose random letters may hold 2J.
! grep -qF '[2J' "$tmp/out"; ok $? "--list-themes skips a file whose name is not a theme name"

# ---- lessons: hostile file names and trace names (issue 22 item 7) ----
ldata="$tmp/ldata"
mkdir -p "$ldata/demos"
cp "$data/demos/small-4k.demo" "$ldata/demos/ok$CLR.demo"
printf 'raviz-demo 1\n@0 +0ms nosuchcommand\n' >"$ldata/demos/bad$TITLE.demo"
run "--list-demos with hostile lesson names" 0 "ok\\x1b[2J " \
    RAVIZ_DATADIR="$ldata" "$RAVIZ" --list-demos
grep -qF 'bad\x1b]0;PWNED\x07 (invalid: raviz --check ' "$tmp/out" &&
    grep -qF 'demos/bad\x1b]0;PWNED\x07.demo)' "$tmp/out"
ok $? "--list-demos: an invalid lesson's name and path escaped too"
# (A raw control byte is refused by the parser: written as \x1b in quotes.)
printf 'raviz-demo 1\ntrace "none\\x1b[2J"\n@0 +0ms play\n' >"$tmp/tr.demo"
run "a lesson's trace name, not installed" 2 \
    "the capture 'none\\x1b[2J' is not installed" \
    "$RAVIZ" --headless "$tmp/tr.demo"

# ---- the interactive paths, in tmux ----
need tmux tmux
tl_session

# wait_raw NAME TEXT - poll the recorded raw output until TEXT is in it.
wait_raw() {
	i=0
	while [ $i -lt 150 ]; do
		grep -qF -- "$2" "$tmp/$1.raw" 2>/dev/null && return 0
		nap 0.1
		i=$((i + 1))
	done
	return 1
}
# start NAME SHELL-LINE: a window that runs SHELL-LINE (payloads defined,
# stderr to NAME.err) under a clean environment, its raw output recorded
# from the first byte: the script waits for NAME.go until pipe-pane is on.
start() {
	cat >"$tmp/$1.sh" <<EOF
while [ ! -e "$tmp/$1.go" ]; do sleep 0.05; done
. "$tmp/payloads.sh"
$2 2>"$tmp/$1.err"
EOF
	# LSAN_OPTIONS passes: the sanitizer build's suppressions (lsan.supp).
	tm new-window -d -n "$1" -t raviz: "env -i HOME='$tmp/home' \
LSAN_OPTIONS='${LSAN_OPTIONS:-}' \
PATH=/usr/bin:/bin TERM=xterm-256color LC_ALL=C.UTF-8 RAVIZ_DATADIR='$data' \
XDG_CONFIG_HOME='$tmp/home/config' RAVIZ='$RAVIZ' sh '$tmp/$1.sh'; echo \"exit=\$?\"; \
sleep 600"
	tm pipe-pane -O -t "raviz:$1" "cat >>'$tmp/$1.raw'"
	: >"$tmp/$1.go"
}
# title NAME: the pane's title.
title() { tm display-message -p -t "raviz:$1" '#{pane_title}'; }

# Can a title sequence set the pane title here?  Then the check below can
# fail; otherwise it is skipped.
tm new-window -d -n canary -t raviz: "printf '\\033]0;CANARY\\007'; sleep 600"
i=0
while [ $i -lt 50 ] && [ "$(title canary)" != CANARY ]; do
	nap 0.1
	i=$((i + 1))
done
titles=0
[ "$(title canary)" = CANARY ] && titles=1

# refused NAME NEEDLE SHELL-LINE: raviz refuses before the screen starts:
# exit 2, NEEDLE on stderr, stderr clean, and the pane saw clean text only.
refused() {
	start "$1" "$3"
	win_wait "$1" "exit=" && wait_raw "$1" "exit="
	ok $? "$1: raviz ended"
	# The pane's bytes may reach the pipe in pieces: wait for the digit.
	wait_raw "$1" "exit=2"; ok $? "$1: exit 2"
	clean "$tmp/$1.err"; ok $? "$1: stderr clean"
	grep -qF -- "$2" "$tmp/$1.err"; ok $? "$1: stderr shows $2"
	tr -d '\r' <"$tmp/$1.raw" >"$tmp/$1.txt"
	clean "$tmp/$1.txt"; ok $? "$1: nothing raw on the terminal"
}
refused theme-name "'\\x1b[2Jx' is not a theme name" \
    'exec "$RAVIZ" --theme "${CLR}x"'
refused theme-path "bad\\x1b]0;PWNED\\x07.theme: cannot read" \
    'exec "$RAVIZ" --theme "'"$tmp"'/bad$TITLE.theme"'
refused theme-file "PWNED\\x07.theme:2:16: expected printable text" \
    'exec "$RAVIZ" --theme "'"$tmp"'/t$CLR$TITLE.theme"'
refused term "TERM=xterm\\x1b[2J\\x9b31m)" \
    'TERM="xterm$CLR$CSI8" exec "$RAVIZ"'
[ $titles -eq 0 ] || ! title term | grep -q PWNED
ok $? "no title set by the refusals"

# RAVIZ_THEME with control bytes: the screen starts with the default theme
# and shows the warning escaped; stderr says it escaped too.
start envtheme 'RAVIZ_THEME="x$TITLE$CSI8$C1U" exec "$RAVIZ"'
win_wait envtheme "q quit"; ok $? "RAVIZ_THEME hostile: the screen starts"
win_wait envtheme 'x\x1b]0;PWNED\x07\x9b31m\xc2\x9b'
ok $? "RAVIZ_THEME hostile: the warning shows the value escaped"
clean "$tmp/envtheme.err"; ok $? "RAVIZ_THEME hostile: stderr clean"
grep -qF "'x\\x1b]0;PWNED\\x07\\x9b31m\\xc2\\x9b' (from RAVIZ_THEME)" \
    "$tmp/envtheme.err"
ok $? "RAVIZ_THEME hostile: stderr shows the value escaped"
if [ $titles -eq 1 ]; then
	! title envtheme | grep -q PWNED
	ok $? "RAVIZ_THEME hostile: the pane title is untouched"
else
	ok 0 "RAVIZ_THEME hostile: pane title # SKIP tmux sets no titles"
fi
tm send-keys -t raviz:envtheme q
win_wait envtheme "exit=0"; ok $? "RAVIZ_THEME hostile: q quits with status 0"
wait_raw envtheme "exit="
! grep -q "$(printf '\033]0;PWNED')" "$tmp/envtheme.raw"
ok $? "RAVIZ_THEME hostile: no OSC title sequence in the raw output"
! grep -q "$(printf '\302\233')" "$tmp/envtheme.raw"
ok $? "RAVIZ_THEME hostile: no U+009B in the raw output"
tap_done
