#!/bin/sh
# A topology hwloc cannot read (HWLOC_XMLFILE naming a missing file or one
# that is not a topology): every program that loads the topology says so
# in exactly one warning line naming the variable, and still measures.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

printf '<not a topology\n' >"$tmpdir/broken.xml"
printf '<?xml version="1.0"?>\n<foo/>\n' >"$tmpdir/other.xml"

# one_warning DESC: exit 0, exactly one line on stderr, a warning naming
# HWLOC_XMLFILE and the file.
one_warning() {
	[ "$rc" -eq 0 ] && [ "$(wc -l <"$tmpdir/err")" -eq 1 ] &&
	    grep -q "warning: .*HWLOC_XMLFILE $xml: " "$tmpdir/err"
	ok $? "$1: one warning line naming HWLOC_XMLFILE (exit $rc)"
	[ "$rc" -eq 0 ] && [ "$(wc -l <"$tmpdir/err")" -eq 1 ] ||
	    sed 's/^/# /' "$tmpdir/err"
}

for xml in "$tmpdir/broken.xml" "$tmpdir/other.xml" "$tmpdir/missing.xml"; do
	what=$(basename "$xml")
	if [ -x "$TACHYON" ]; then
		HWLOC_XMLFILE=$xml run "$TACHYON" --seconds 0.2 -t 1 -w 64
		one_warning "tachyon, $what"
	else
		ok 0 "# SKIP tachyon not built"
	fi
	if [ -x "$TS_RUN" ]; then
		HWLOC_XMLFILE=$xml run "$TS_RUN" -q -w sha256 --single-only \
		    --samples 1 --warmup 0 --window-ms 5 --executions 1
		one_warning "threadstone-run, $what"
		HWLOC_XMLFILE=$xml run "$TS_RUN" -q -w sha256 --per-kind \
		    --samples 1 --warmup 0 --window-ms 5 --executions 1
		one_warning "threadstone-run --per-kind, $what"
	else
		ok 0 "# SKIP threadstone-run not built"
		ok 0 "# SKIP threadstone-run not built"
	fi
	if [ -x "$TS_SWEEP" ]; then
		HWLOC_XMLFILE=$xml run "$TS_SWEEP" -q --max-size 16K --min-ms 1 \
		    -o "$tmpdir/sweep.json"
		one_warning "threadstone-sweep, $what"
	else
		ok 0 "# SKIP threadstone-sweep not built"
	fi
done

done_testing
