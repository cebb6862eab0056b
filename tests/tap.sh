# tap.sh - tiny TAP helpers for the shell tests; source it.
# Environment from make check: RAVIZ (binary), srcdir.
: "${RAVIZ:=./raviz}"
: "${srcdir:=.}"
tap_n=0
tap_failed=0
# ok COND_STATUS DESCRIPTION
ok() {
	tap_n=$((tap_n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $tap_n - $2"
	else
		echo "not ok $tap_n - $2"
		tap_failed=$((tap_failed + 1))
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
