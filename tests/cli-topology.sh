#!/bin/sh
# A topology hwloc cannot read (HWLOC_XMLFILE naming a missing file or one
# that is not a topology): every program that loads the topology says so
# in exactly one warning line naming the variable, and still measures;
# a good file is read without a word.  hwloc has two XML readers, its own
# and libxml2's (a plugin, in Debian's libhwloc-plugins, which libhwloc15
# recommends); HWLOC_LIBXML_IMPORT chooses between them, so each case runs
# under both, whichever packages are installed.  With the libxml2 reader
# hwloc falls back to this machine when the file is bad, without a word.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

printf '<not a topology\n' >"$tmpdir/broken.xml"
printf '<?xml version="1.0"?>\n<foo/>\n' >"$tmpdir/other.xml"

# Which readers this hwloc has, for the log.
if [ -x "$TACHYON" ] && HWLOC_PLUGINS_VERBOSE=1 "$TACHYON" --seconds 0.1 \
    -t 1 -w 64 2>&1 >/dev/null | grep -q 'xml_libxml'; then
	echo "# hwloc's libxml2 XML reader is installed: both readers are tested"
else
	echo "# hwloc's libxml2 XML reader is not installed:" \
	    "HWLOC_LIBXML_IMPORT=1 reads with hwloc's own"
fi

# one_warning DESC: exit 0, exactly one line on stderr, a warning naming
# HWLOC_XMLFILE and the file.
one_warning() {
	[ "$rc" -eq 0 ] && [ "$(wc -l <"$tmpdir/err")" -eq 1 ] &&
	    grep -q "warning: .*HWLOC_XMLFILE $xml: " "$tmpdir/err"
	ok $? "$1: one warning line naming HWLOC_XMLFILE (exit $rc)"
	[ "$rc" -eq 0 ] && [ "$(wc -l <"$tmpdir/err")" -eq 1 ] ||
	    sed 's/^/# /' "$tmpdir/err"
}

for import in 0 1; do
	HWLOC_LIBXML_IMPORT=$import
	export HWLOC_LIBXML_IMPORT
	reader="HWLOC_LIBXML_IMPORT=$import"
	for xml in "$tmpdir/broken.xml" "$tmpdir/other.xml" \
	    "$tmpdir/missing.xml"; do
		what="$(basename "$xml"), $reader"
		if [ -x "$TACHYON" ]; then
			# The cache check's own warning depends on this host's
			# cache, not on the topology file: left out.
			HWLOC_XMLFILE=$xml run "$TACHYON" --seconds 0.2 -t 1 -w 64 \
			    --no-cache-check
			one_warning "tachyon, $what"
		else
			ok 0 "# SKIP tachyon not built"
		fi
		if [ -x "$TS_RUN" ]; then
			HWLOC_XMLFILE=$xml run "$TS_RUN" -q -w sha256 \
			    --single-only --samples 1 --warmup 0 --window-ms 5 \
			    --executions 1
			one_warning "threadstone-run, $what"
			HWLOC_XMLFILE=$xml run "$TS_RUN" -q -w sha256 \
			    --per-kind --samples 1 --warmup 0 --window-ms 5 \
			    --executions 1
			one_warning "threadstone-run --per-kind, $what"
		else
			ok 0 "# SKIP threadstone-run not built"
			ok 0 "# SKIP threadstone-run not built"
		fi
		if [ -x "$TS_SWEEP" ]; then
			HWLOC_XMLFILE=$xml run "$TS_SWEEP" -q --max-size 16K \
			    --min-ms 1 -o "$tmpdir/sweep.json"
			one_warning "threadstone-sweep, $what"
		else
			ok 0 "# SKIP threadstone-sweep not built"
		fi
	done
	# A good file is read (its two CPU kinds), and not warned about.
	if [ -x "$TS_RUN" ]; then
		HWLOC_XMLFILE=$TOPO/hybrid-4p4e.xml run "$TS_RUN" -q \
		    -w sha256 --single-only --samples 1 --warmup 0 \
		    --window-ms 5 --executions 1 --format json
		[ "$rc" -eq 0 ] && ! grep -q HWLOC_XMLFILE "$tmpdir/err" &&
		    jq -e '.extensions.cpu_kinds.kinds | length == 2' \
		    "$tmpdir/out" >/dev/null
		ok $? "threadstone-run, hybrid-4p4e.xml, $reader: read from the file"
	else
		ok 0 "# SKIP threadstone-run not built"
	fi
done

done_testing
