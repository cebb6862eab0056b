#!/bin/sh
# completion.sh - the bash and zsh completions (completion/) against the
# option tables, as `raviz --list-options` gives them: every option is
# offered, each value list is the table's (modes, presets, paces, themes,
# lessons), "--" ends the options; then both for real, in a bash and a zsh
# in a tmux pane, Tab pressed as a user would.
. "${srcdir:-.}/tests/tap.sh"
. "$srcdir/tests/tmux-lib.sh"
tl_setup completion
bashc=$srcdir/completion/raviz
zshc=$srcdir/completion/_raviz
"$RAVIZ" --list-options >"$tmp/list"
cut -f 1 "$tmp/list" | sort >"$tmp/opts"
[ "$(wc -l <"$tmp/opts")" -ge 40 ] && ! grep -qv '^--[a-z][a-z-]*=\{0,1\}$' "$tmp/opts"
ok $? "--list-options: $(wc -l <"$tmp/opts") options, --name or --name= each"
# Every option --help shows is listed, and the other way round.
"$RAVIZ" --help | grep -o -- '--[a-z][a-z-]*' | sort -u >"$tmp/help"
sed 's/=$//' "$tmp/opts" | sort -u | cmp -s - "$tmp/help"
ok $? "--list-options lists exactly the options --help shows"

# comp WORD...: what _raviz completes for the command line WORD... (the last
# word is the one under the cursor), one a line, sorted.
comp() {
	bash --norc --noprofile -c '
		. "$1"; shift
		COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
		_raviz 2>/dev/null
		printf "%s\n" "${COMPREPLY[@]}"' comp "$bashc" "$RAVIZ" "$@" |
	    sed '/^$/d' | sort
}
# words OPTION: the literal words --list-options gives OPTION's value.
words() {
	awk -F '\t' -v o="$1" '$1 == o { print $2 }' "$tmp/list" | tr ' ' '\n' |
	    grep -v '^[A-Z][A-Z.,]*$' | sort
}
comp -- >"$tmp/got"
cmp -s "$tmp/got" "$tmp/opts"
ok $? "bash: -- completes to every option" "$(diff "$tmp/opts" "$tmp/got")"
[ "$(comp --mo)" = "--mode=" ] && [ "$(comp --he)" = "$(printf '%s\n' --headless --help)" ]
ok $? "bash: --mo gives --mode=, --he --headless and --help"
for o in --mode --device --discipline --pace --until --export --source; do
	w=$(words "$o=")
	[ -n "$w" ] && [ "$(comp "$o" "")" = "$w" ] &&
	    [ "$(comp "$o" = "")" = "$w" ] &&
	    [ "$(comp "$o=")" = "$(echo "$w" | sed "s/^/$o=/")" ]
	ok $? "bash: $o's values, in all three spellings: $(echo $w)"
done
[ "$(comp --device s)" = "$(printf '%s\n' sata2 sata3)" ]
ok $? "bash: --device s gives sata2 and sata3"
# Names from the data: themes and lessons (RAVIZ_DATADIR: the source tree).
"$RAVIZ" --list-themes | awk '/^[^ ]/ { print $1 }' | sort >"$tmp/themes"
comp --theme "" | grep -vF / >"$tmp/got"
[ -s "$tmp/themes" ] && grep -qxF -f "$tmp/themes" "$tmp/got" &&
    [ "$(grep -cxF -f "$tmp/themes" "$tmp/got")" -eq "$(wc -l <"$tmp/themes")" ]
ok $? "bash: --theme offers every theme: $(echo $(cat "$tmp/themes"))"
"$RAVIZ" --list-demos | awk '{ print $1 }' | sort >"$tmp/demos"
comp --demo "" >"$tmp/got"
[ -s "$tmp/demos" ] && cmp -s "$tmp/demos" "$tmp/got"
ok $? "bash: --demo offers every lesson: $(echo $(cat "$tmp/got"))"
# Files: a demo file as an argument, any file after "--" or as --trace's.
mkdir "$tmp/d" && : >"$tmp/d/one.demo" && : >"$tmp/d/-odd.demo" && : >"$tmp/d/two.txt"
[ "$(comp "$tmp/d/o")" = "$tmp/d/one.demo" ]
ok $? "bash: a word that is not an option completes to a demo file"
[ "$(comp -- "$tmp/d/-")" = "$tmp/d/-odd.demo" ]
ok $? "bash: after --, a file, even one starting with a dash"
[ "$(comp --trace "$tmp/d/t")" = "$tmp/d/two.txt" ] &&
    [ "$(comp --trace "")" != "" ] && comp --trace "" | grep -qx -- -
ok $? "bash: --trace completes files and -"
[ -z "$(comp --bs "")" ] && [ -z "$(comp --latency "")" ]
ok $? "bash: a SIZE or a TIME offers nothing to pick"

# zsh: a spec for every option, from the same list.
if have zsh zsh; then
	zsh -n "$zshc"
	ok $? "zsh -n: _raviz parses"
	zsh -fc '. <(sed "\$d" "$1"); _raviz_specs "$2"' zsh "$zshc" "$RAVIZ" \
	    >"$tmp/specs"
	sed 's/\[.*//' "$tmp/specs" | sort | cmp -s - "$tmp/opts"
	ok $? "zsh: one _arguments spec per option" "$(sed 's/\[.*//' "$tmp/specs" | sort | diff "$tmp/opts" -)"
	grep -qxF -- '--mode=[plugging - 2.6.39-3.2 outer plug (default),]:buggy fixed legacy modern modern-buggy:_raviz_value --mode=' "$tmp/specs" &&
	    grep -qxF -- '--headless[run without a terminal]' "$tmp/specs" &&
	    grep -q -- '^--bs=\[read() size\]:SIZE: $' "$tmp/specs"
	ok $? "zsh: a value list, a flag and a value to type are spelt right"
fi

# For real: Tab in a bash and a zsh on a terminal.  The pane's prompt is
# PROMPT$; raviz is on PATH as raviz.
mkdir "$tmp/bin" && ln -s "$RAVIZ" "$tmp/bin/raviz"
# shell_pane CMD: a pane running the shell CMD; what is typed next waits
# in the terminal until the shell reads it (its own prompt is not PROMPT$
# yet: waiting for that would only wait out the deadline).
shell_pane() {
	tl_new 100 24 "env -i PATH=$tmp/bin:/usr/bin:/bin TERM=xterm-256color \
LC_ALL=C.UTF-8 HOME=$tmp RAVIZ_DATADIR=${RAVIZ_DATADIR:-} $1"
}
shell_pane "bash --norc --noprofile"
$T send-keys -t f "PS1='PROMPT\$ '; . $bashc; clear" Enter
wait_for 'PROMPT$'
$T send-keys -t f "raviz --headl" Tab
expect "bash on a terminal: raviz --headl<Tab> becomes --headless" \
    "raviz --headless"
$T send-keys -t f -- "--mode=f" Tab
expect "bash on a terminal: --mode=f<Tab> becomes --mode=fixed" \
    "--headless --mode=fixed"
$T send-keys -t f " --dev" Tab Tab
expect "bash on a terminal: --dev<Tab><Tab> lists... --device=" "--device="
$T send-keys -t f C-u
if have zsh zsh; then
	shell_pane "zsh -f"
	$T send-keys -t f "PS1='PROMPT\$ '; fpath=($tmp/zf \$fpath); mkdir -p $tmp/zf; cp $zshc $tmp/zf/; autoload -U compinit; compinit -u -d $tmp/zcd; clear" Enter
	wait_for 'PROMPT$'
	$T send-keys -t f "raviz --headl" Tab
	expect "zsh on a terminal: raviz --headl<Tab> becomes --headless" \
	    "raviz --headless"
	$T send-keys -t f -- "--mode=" Tab
	expect "zsh on a terminal: --mode=<Tab> offers legacy" "legacy"
	cap | grep -q buggy && cap | grep -q fixed
	ok $? "zsh on a terminal: ... and buggy and fixed"
	$T send-keys -t f C-u "raviz --demo=mom" Tab
	expect "zsh on a terminal: --demo=mom<Tab> is the lesson moments" \
	    "raviz --demo=moments"
fi
tap_done
