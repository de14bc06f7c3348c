#!/bin/sh
# Every allocation point of every libtachyon-probe call under a failing
# malloc: the point alone, then every allocation from it on.  make check
# runs all of them but a sample of tachyon_check_working_set's
# (tests/malloc-fail.sh); this runs every one, and takes minutes.
#   maint/malloc-fail.sh [BUILDDIR]
set -u
b=${1:-.}
probe=$b/tests/malloc-fail-probe
[ -x "$probe" ] || { echo "$0: build first: make tests/malloc-fail-probe" >&2; exit 2; }
rc=0
for mode in "" -p; do
	"$probe" $mode -t 120 run open measure check || rc=1
done
exit $rc
