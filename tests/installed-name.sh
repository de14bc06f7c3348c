#!/bin/sh
# The pages and examples under the probe's installed name: every page
# rewritten for tachyon-probe (as the Debian and RPM packages install it)
# is mandoc-clean, tachyon's is headed TACHYON-PROBE(1) and runs
# tachyon-probe in every example, no page refers to tachyon(1) (the ray
# tracer's page there), and the threadstone command's verb and the
# product's name in prose stay; `make install` with the packages'
# --program-transform-name writes them so, and doc/fleet.md among the
# examples in DOCDIR/examples.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

rename=$top_srcdir/man/installed-name.sh
[ -f "$rename" ] || skip_all "man/installed-name.sh is missing"
mkdir "$tmpdir/pages"
for page in "$top_srcdir"/man/*.1; do
	sh "$rename" tachyon-probe <"$page" >"$tmpdir/pages/$(basename "$page")"
done
p=$tmpdir/pages/tachyon.1

sh "$rename" tachyon <"$top_srcdir/man/tachyon.1" | cmp -s - "$top_srcdir/man/tachyon.1"
ok $? "under its own name the page is unchanged"
grep -qx '.Dt TACHYON-PROBE 1' "$p" && grep -qx '.Nm tachyon-probe' "$p"
ok $? "tachyon's page is titled TACHYON-PROBE and named tachyon-probe"
! grep -q '^\(\.Dl \)\{0,1\}\$ tachyon\( \|$\)' "$p" &&
    ! grep -q '^tachyon ' "$p" &&
    [ "$(grep -c '^\(\.Dl \)\{0,1\}\$ tachyon-probe\( \|$\)' "$p")" -ge 6 ]
ok $? "every example of tachyon's page runs tachyon-probe"
! grep -l '^\.Xr tachyon 1' "$tmpdir"/pages/*.1 >"$tmpdir/xr"
ok $? "no page refers to tachyon(1), the ray tracer's page there"
[ -s "$tmpdir/xr" ] && sed 's/^/# /' "$tmpdir/xr"
bad=
for page in "$tmpdir"/pages/*.1; do
	[ "$(grep -c '^\.Xr tachyon-probe 1' "$page")" -le \
	    "$(grep -c '^\.Xr tachyon' "$top_srcdir/man/$(basename "$page")")" ] || bad="$bad $page"
	[ "$(sed -n '/^\.Sh SEE ALSO/,/^\.Sh/p' "$page" | grep -c '^\.Xr tachyon-probe 1')" -le 1 ] ||
	    bad="$bad $page"
done
[ -z "$bad" ]
ok $? "SEE ALSO names tachyon-probe once${bad:+:$bad}"
grep -q '^\.Ql threadstone tachyon \.$' "$p" &&
    grep -q "tachyon records" "$tmpdir/pages/threadstone-history.1" &&
    grep -q 'tachyon_accesses_per_second' "$p" &&
    grep -q -- '--score tachyon --host' "$tmpdir/pages/tachyon-analyze.1"
ok $? "the verb, the product's name in prose, metric and column names stay"
if [ -n "${MANDOC:-}" ] && command -v "$MANDOC" >/dev/null 2>&1; then
	clean=0
	for page in "$tmpdir"/pages/*.1; do
		"$MANDOC" -Tlint -Wwarning "$page" >"$tmpdir/lint" 2>&1 ||
		    { clean=1; sed 's/^/# /' "$tmpdir/lint"; }
	done
	[ $clean -eq 0 ]
	ok $? "every renamed page is mandoc -Tlint -Wwarning clean"
	"$MANDOC" -Tascii "$p" | head -n 1 | grep -q '^TACHYON-PROBE(1) '
	ok $? "man shows TACHYON-PROBE(1) in the header"
	# --version prints the name it runs under, and so does the page.
	bs=$(printf '\b')
	"$MANDOC" -Tascii "$p" | sed "s/.$bs//g" | tr -s ' \n' '  ' |
	    grep -q 'Print "tachyon-probe (threadstone) version"'
	ok $? "--version's text on the page is tachyon-probe's"
else
	for i in 1 2 3; do ok 0 "# SKIP mandoc not found"; done
fi
sh "$rename" tachyon-probe <"$top_srcdir/doc/fleet.md" >"$tmpdir/fleet.md"
grep -q '`tachyon-probe --format prometheus`' "$tmpdir/fleet.md" &&
    ! grep -q '`tachyon --' "$tmpdir/fleet.md"
ok $? "doc/fleet.md as installed runs tachyon-probe"

# make install with the packages' transform: the pages and examples as
# installed (only the data: pages, examples and the hook).
make=${MAKE:-make}
if command -v "$make" >/dev/null 2>&1 && [ -f "$top_builddir/Makefile" ]; then
	dest=$tmpdir/inst
	(cd "$top_builddir" && "$make" -s install-man install-dist_exampleDATA \
	    install-tachyon-name DESTDIR="$dest" \
	    transform='s/^tachyon$$/tachyon-probe/' TACHYON_NAME=tachyon-probe) \
	    >"$tmpdir/make.out" 2>&1
	ok $? "make install of the pages and examples, renamed"
	[ $? -eq 0 ] || sed 's/^/# /' "$tmpdir/make.out"
	man1=$(find "$dest" -type d -name man1)
	ex=$(find "$dest" -type d -name examples)
	[ -f "$man1/tachyon-probe.1" ] && [ ! -e "$man1/tachyon.1" ] &&
	    grep -qx '.Dt TACHYON-PROBE 1' "$man1/tachyon-probe.1" &&
	    ! grep -q '^\.Xr tachyon 1' "$man1"/*.1
	ok $? "man1/tachyon-probe.1 is TACHYON-PROBE(1), and no page names tachyon(1)"
	for f in tachyon-prolog.sh tachyon-epilog.sh tachyon-daemonset.yaml \
	    tachyon-cronjob.yaml fleet.md; do
		[ -f "$ex/$f" ] || { echo "# no $f in $ex"; false; } || break
	done
	ok $? "the Slurm and Kubernetes files and fleet.md in DOCDIR/examples"
	grep -q '`tachyon-probe --format prometheus`' "$ex/fleet.md"
	ok $? "the installed fleet.md runs tachyon-probe"
else
	for i in 1 2 3 4; do ok 0 "# SKIP no make or no Makefile"; done
fi

done_testing
