#!/bin/sh
# SPDX-License-Identifier: MIT
# Two one-thread libtachyon-probe readings at once in one process, each
# against a lone one taken just before it (bench/probe-concurrent.c):
# ROUNDS (default 10) of lone, then two at once, SECONDS (1) each over
# MIB (64) chains.  Before issue 43 both concurrent chains were pinned to
# CPU 0 and each read 0.4 of a lone one; spread over the free cores each
# should read close to it.  Prints each round, then the median ratio of
# each concurrent reading to its round's lone one.  A measurement, not a
# test.
#
#   bench/probe-concurrent.sh [ROUNDS [SECONDS [MIB]]]  (from a build tree)
set -eu

rounds=${1:-10} secs=${2:-1} mib=${3:-64}
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/probe-concurrent.XXXXXX")
trap 'rm -rf "$work"' EXIT
"${CC:-cc}" -O2 -pthread -I"$top/libtachyon-probe" \
    -o "$work/probe-concurrent" "$here/probe-concurrent.c" \
    -L"$top/libtachyon-probe/.libs" -ltachyon-probe \
    -Wl,-rpath,"$top/libtachyon-probe/.libs"
echo "# lone  concurrent-1  concurrent-2 (M accesses/s)  pinned: lone c1 c2"
"$work/probe-concurrent" "$rounds" "$secs" "$mib" | tee "$work/out"
awk '{ r[n++] = $2 / $1; r[n++] = $3 / $1 }
END {
	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++)
			if (r[j] < r[i]) { t = r[i]; r[i] = r[j]; r[j] = t }
	printf "median concurrent/lone %.3f (of %d readings; %.3f to %.3f)\n",
	    n % 2 ? r[(n - 1) / 2] : (r[n / 2 - 1] + r[n / 2]) / 2, n, r[0],
	    r[n - 1]
}' "$work/out"
