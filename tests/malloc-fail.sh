#!/bin/sh
# libtachyon-probe under allocation failure (tests/malloc-fail-probe.c):
# tachyon_run, tachyon_open and tachyon_measure with each of their
# allocations failing in turn, the one alone and then every one from it
# on, and tachyon_check_working_set at a sample of its points (each
# builds a footprint past the caches).  Every call returns a status:
# nothing printed, no abort, no crash, no spin.  maint/malloc-fail.sh
# runs every point of every call.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

probe=$top_builddir/tests/malloc-fail-probe
[ -x "$probe" ] || skip_all "tests/malloc-fail-probe is not built"
"$probe" -x -1 run >/dev/null 2>&1
[ $? -eq 0 ] || skip_all "libtachyon-probe cannot take a reading here"

for mode in "" -p; do
	for call in run open measure; do
		"$probe" $mode -t 60 $call >"$tmpdir/out" 2>"$tmpdir/err"
		rc=$?
		[ $rc -eq 77 ] && skip_all "$(cat "$tmpdir/out")"
		ok $rc "$(cat "$tmpdir/out")"
		[ $rc -eq 0 ] || sed 's/^/# /' "$tmpdir/err"
	done
done
"$probe" -s 5 -t 120 check >"$tmpdir/out" 2>"$tmpdir/err"
rc=$?
ok $rc "$(cat "$tmpdir/out")"
[ $rc -eq 0 ] || sed 's/^/# /' "$tmpdir/err"

done_testing
