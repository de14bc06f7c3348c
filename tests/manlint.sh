#!/bin/sh
# Every man page is mandoc-lint clean at warning level, names the package
# and its version in its header (.Os), has ENVIRONMENT, EXIT STATUS and
# EXAMPLES sections, and every long option that a program's --help prints
# appears in it; libtachyon-probe's section 3 pages have LIBRARY,
# SYNOPSIS, RETURN VALUES, COSTS and EXAMPLES.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

mandoc=${MANDOC:-$(command -v mandoc || true)}
[ -n "$mandoc" ] || skip_all "mandoc not installed"

for page in "$top_srcdir"/man/*.1; do
	name=$(basename "$page" .1)
	"$mandoc" -Tlint -Wwarning "$page" >"$tmpdir/lint" 2>&1
	ok $? "$name.1 is mandoc -Tlint -Wwarning clean"
	[ -s "$tmpdir/lint" ] && sed 's/^/# /' "$tmpdir/lint"
	prog=$top_builddir/$name
	if [ ! -x "$prog" ]; then
		ok 1 "$name is built"
		continue
	fi
	# The header names the package and its version, not "BSD General
	# Commands Manual".
	want="threadstone $("$prog" --version | sed -n '1s/.* //p')"
	got=$(sed -n 's/^\.Os //p' "$page")
	[ "$got" = "$want" ]
	ok $? "$name.1: .Os $want"
	[ "$got" = "$want" ] || echo "# .Os is '$got'"
	# groff's header: "threadstone General Commands Manual".
	grep -q '^\.ds doc-volume-operating-system threadstone$' "$page"
	ok $? "$name.1: groff's header names the package"
	if command -v groff >/dev/null 2>&1; then
		groff -mandoc -Tutf8 "$page" 2>/dev/null | sed -n 1p |
		    grep -q 'threadstone General Commands Manual'
		ok $? "$name.1: groff renders that header"
	fi
	for s in ENVIRONMENT "EXIT STATUS" EXAMPLES; do
		grep -q "^\.Sh $s\$" "$page"
		ok $? "$name.1 has $s"
	done
	"$mandoc" -Tascii "$page" | sed "s/.$(printf "\\b")//g" >"$tmpdir/page.txt"
	missing=
	for opt in $("$prog" --help | grep -o -- '--[a-z][a-z0-9-]*' | sort -u); do
		grep -q -- "$opt" "$tmpdir/page.txt" || missing="$missing $opt"
	done
	[ -z "$missing" ]
	ok $? "every option in $name --help is in $name.1"
	[ -z "$missing" ] || echo "# missing:$missing"
done

# libtachyon-probe's pages: lint clean, the release of tachyon's page,
# and what a library call's page must say, its cost included.
os=$(sed -n 's/^\.Os //p' "$top_srcdir/man/tachyon.1")
for page in "$top_srcdir"/man/*.3; do
	name=$(basename "$page")
	"$mandoc" -Tlint -Wwarning "$page" >"$tmpdir/lint" 2>&1
	ok $? "$name is mandoc -Tlint -Wwarning clean"
	[ -s "$tmpdir/lint" ] && sed 's/^/# /' "$tmpdir/lint"
	[ "$(sed -n 's/^\.Os //p' "$page")" = "$os" ]
	ok $? "$name: .Os $os"
	for s in LIBRARY SYNOPSIS "RETURN VALUES" COSTS EXAMPLES; do
		grep -q "^\.Sh $s\$" "$page"
		ok $? "$name has $s"
	done
done
done_testing
