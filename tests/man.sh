#!/bin/sh
# man.sh - raviz(1) renders without warnings and documents every option that
# --help lists in OPTIONS, every trace event in TRACE EVENTS and every
# summary key in SUMMARY KEYS: each name is looked for only inside its own
# section.  A self-check proves on every run that each of these checks fails
# when its section is deleted, or when only its word is struck from it.
. "${srcdir:-.}/tests/tap.sh"
man=${RAVIZ_MAN:-$(dirname "$RAVIZ")/raviz.1}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if have groff groff-base; then
	groff -ww -z -man "$man" >"$tmp/warn" 2>&1 && [ ! -s "$tmp/warn" ]
	ok $? "groff -ww -z renders raviz.1 without warnings"
	[ -s "$tmp/warn" ] && diag "$(cat "$tmp/warn")"
fi
# Plain text of the page, with the roff escapes for '-' and fonts undone.
sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' "$man" >"$tmp/page"

# has_line TEXT LINE: LINE is a whole line of TEXT (grep -qxF, in the
# shell: the loops below ran a grep a name).
has_line() {
	case "
$1
" in *"
$2
"*) return 0 ;; esac
	return 1
}
# section PAGE NAME: the lines of section .SH NAME of PAGE (its subsections
# included), up to the next .SH.
section() {
	awk -v h=".SH $2" '$0 == h {f = 1; next} /^\.SH / {f = 0} f' "$1"
}
# The names each section must document, one line "SECTION NAME" each.
events="read_begin read_end ra_sync ra_async queue flush dispatch complete wait wake copy mode"
"$RAVIZ" --help | grep -o -- '--[a-z][a-z-]*' | sort -u >"$tmp/opts"
"$RAVIZ" --headless | cut -d: -f1 >"$tmp/keys"
{
	sed 's/^/OPTIONS /' "$tmp/opts"
	for ev in $events; do echo "TRACE EVENTS $ev"; done
	sed 's/^/SUMMARY KEYS /' "$tmp/keys"
} >"$tmp/all"
# The awk that reads $tmp/all, then a page: sec[] names each "SECTION
# NAME" line's section, name[] its name (n of them); the page's sections
# are kept line by line (nl[S] lines of .SH S, text in line[S, i]); and
# has(S, W, STRUCK): W occurs in section S as a whole word (letters,
# digits, '_' and '-' continue a name; '=' ends an option), in the lines
# as they are or with W struck from them.
names_awk='
	function has(s, w, struck,   i, l) {
		for (i = 1; i <= nl[s]; i++) {
			l = struck ? strike(line[s, i], w) : line[s, i]
			if (l ~ ("(^|[^a-z0-9_-])" w "([^a-z0-9_-]|$)"))
				return 1
		}
		return 0
	}
	# l with w as a whole name made XX: by its neighbours, as has() sees
	# names, but tested character by character, not by the same regex.
	function strike(l, w,   out, i, c, d) {
		out = ""
		while ((i = index(l, w)) > 0) {
			c = substr(l, i - 1, 1); d = substr(l, i + length(w), 1)
			if ((i == 1 || c !~ /[a-z0-9_-]/) && d !~ /[a-z0-9_-]/)
				out = out substr(l, 1, i - 1) "XX"
			else
				out = out substr(l, 1, i + length(w) - 1)
			l = substr(l, i + length(w))
		}
		return out l
	}
	FNR == NR {
		n++; name[n] = $NF; sec[n] = $0; sub(/ [^ ]*$/, "", sec[n])
		next
	}
	/^\.SH / {cur = substr($0, 5); next}
	cur != "" {nl[cur]++; line[cur, nl[cur]] = $0}
'
# checks PAGE: one line "SECTION NAME" per name missing from its section.
checks() {
	awk "$names_awk"'
	END {
		for (k = 1; k <= n; k++)
			if (!has(sec[k], name[k], 0))
				print sec[k] " " name[k]
	}' "$tmp/all" "$1"
}

checks "$tmp/page" >"$tmp/missing"
missing=$(sed -n 's/^OPTIONS //p' "$tmp/missing" | tr '\n' ' ')
[ -z "$missing" ]
ok $? "OPTIONS documents every --help option${missing:+ (missing: $missing)}"
missing=$(cat "$tmp/missing")
for ev in $events; do
	! has_line "$missing" "TRACE EVENTS $ev"
	ok $? "TRACE EVENTS documents trace event $ev"
done
missing=$(sed -n 's/^SUMMARY KEYS //p' "$tmp/missing" | tr '\n' ' ')
[ -z "$missing" ]
ok $? "SUMMARY KEYS documents every summary key${missing:+ (missing: $missing)}"

# Self-check.  Every name a section is checked for: with the section
# deleted from a scratch copy of the page, its check fails; with only that
# name struck from the section (the rest of the page untouched), it fails.
for s in OPTIONS "TRACE EVENTS" "SUMMARY KEYS"; do
	awk -v h=".SH $s" '$0 == h {f = 1; next} /^\.SH / {f = 0} !f' \
	    "$tmp/page" >"$tmp/cut"
	checks "$tmp/cut" | grep "^$s " >"$tmp/got"
	grep "^$s " "$tmp/all" >"$tmp/want"
	survived=$(grep -vxF -f "$tmp/got" "$tmp/want" | sed "s/^$s //" | tr '\n' ' ')
	[ -s "$tmp/want" ] && cmp -s "$tmp/want" "$tmp/got"
	ok $? "self-check: with $s deleted, each of its $(wc -l <"$tmp/want") checks fails${survived:+ (still passes: $survived)}"
	survived=$(awk -v s="$s" "$names_awk"'
	END {
		for (k = 1; k <= n; k++)
			if (sec[k] == s && has(s, name[k], 1))
				printf " %s", name[k]
	}' "$tmp/all" "$tmp/page")
	[ -z "$survived" ]
	ok $? "self-check: with one name struck from $s, its check fails${survived:+ (still passes:$survived)}"
done

# The formats' pages render too, and each section a manual page should
# have is there.
dir=$(dirname "$man")
for pg in raviz-demo.5 raviz-theme.5; do
	if have groff groff-base; then
		groff -ww -z -man "$dir/$pg" >"$tmp/warn" 2>&1 && [ ! -s "$tmp/warn" ]
		ok $? "groff -ww -z renders $pg without warnings"
		[ -s "$tmp/warn" ] && diag "$(cat "$tmp/warn")"
	fi
	heads=$(grep '^\.SH' "$dir/$pg")
	for sec in NAME SYNOPSIS DESCRIPTION FILES "SEE ALSO" AUTHORS COPYRIGHT; do
		has_line "$heads" ".SH $sec"
		ok $? "$pg has $sec"
	done
done
heads=$(grep '^\.SH' "$tmp/page")
for sec in BUGS AUTHORS COPYRIGHT FILES "SEE ALSO"; do
	has_line "$heads" ".SH $sec"
	ok $? "raviz.1 has $sec"
done
see=$(section "$tmp/page" "SEE ALSO" | tr -d '\n' | sed 's/\.BR //g')
for ref in 'raviz-demo (5)' 'raviz-theme (5)' 'blktrace (8)' 'blkparse (1)' \
    'btt (1)' 'asciinema (1)'; do
	case $see in *"$ref"*) st=0 ;; *) st=1 ;; esac
	ok $st "raviz.1 SEE ALSO names ${ref%% *}${ref#* }"
done
# FILES: every kind of file an install puts in place, with its real path.
files=$(section "$tmp/page" FILES)
for f in /bin/raviz /raviz/themes/ /raviz/demos/ /raviz/captures/ \
    /raviz/themes/ completions/raviz site-functions/_raviz /doc/raviz/ \
    raviz-capture- raviz-; do
	case $files in *"$f"*) st=0 ;; *) st=1 ;; esac
	ok $st "raviz.1 FILES names $f"
done
! grep -q '@[A-Z]*@' "$man" "$dir/raviz-demo.5" "$dir/raviz-theme.5"
ok $? "no @PLACEHOLDER@ is left in the generated pages"
# raviz-demo(5) names every item a demo file may hold (cmd.c's table).
sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' "$dir/raviz-demo.5" |
    awk '$0 == ".SH ITEMS" {f = 1; next} /^\.SH / {f = 0} f' >"$tmp/items"
# Each as grep -w finds it (absent, tap.sh), none of the four that are
# not demo items.
missing=$(sed -n 's/^	\[CMD_[A-Z_]*\] = { "\([a-z-]*\)", .*/\1/p' \
    "$srcdir/src/cmd.c" | grep -vxE 'none|svg|projector|prompt' |
    absent "$tmp/items")
[ -z "$missing" ]
ok $? "raviz-demo(5) ITEMS names every command a demo file may hold${missing:+ (missing:$missing)}"

# The KEYS section names the demo replay keys (cmd.c's help shows them).
section "$tmp/page" KEYS >"$tmp/keys-section"
grep -qx '.B Enter' "$tmp/keys-section" && grep -qx '.B Tab' "$tmp/keys-section" &&
    grep -qxF '.BR [ ", " ]' "$tmp/keys-section"
ok $? "raviz.1 KEYS documents the replay keys Enter, Tab, [ and ]"
tap_done
