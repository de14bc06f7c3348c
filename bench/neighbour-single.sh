#!/bin/sh
# SPDX-License-Identifier: MIT
# Does a memory neighbour on the other core slow one core's memory here?
# The question behind a "stream single-thread" or "latency" verdict
# beside `stress-ng --stream 1`, asked of a tool no one here wrote
# (likwid-bench's stream kernel, one thread) and of tachyon's chase (one
# thread, a DRAM-sized chain), each on CPU 0 (likwid-bench pins its one
# thread to the first CPU of its domain N), the neighbour pinned on CPU 1:
#
#   bench/neighbour-single.sh [-n PAIRS] [-N NEIGHBOUR] [-b BUILDDIR]
#
# PAIRS (6) pairs of readings, quiet and beside the neighbour, in a
# random order each pair; then per tool the median of each side and of
# the pairs' ratios (beside / quiet), with their range.  A measurement
# script, not a test: it wants a host nothing else uses.  Needs
# stress-ng, taskset and likwid-bench (Debian: likwid); tachyon from
# BUILDDIR (else the source tree) or the PATH.
set -eu

pairs=6 p=0 q=1 neighbour='stress-ng --stream 1'
. "$(dirname "$0")/common.sh"
while getopts n:N:b: opt; do
	case $opt in
	n) pairs=$OPTARG ;;
	N) neighbour=$OPTARG ;;
	*) bench_docopt "$opt" || bench_usage "[-n PAIRS] [-N NEIGHBOUR]" \
	    "[-b BUILDDIR]" ;;
	esac
done
bench_python
for t in stress-ng taskset likwid-bench; do
	command -v $t >/dev/null ||
	    { echo "$0: $t is needed" >&2; exit 1; }
done
tachyon=$builddir/tachyon
[ -x "$tachyon" ] || tachyon=$(command -v tachyon-probe || command -v tachyon) ||
    { echo "$0: tachyon is not built (give -b BUILDDIR)" >&2; exit 1; }
out=$(mktemp "${TMPDIR:-/tmp}/neighbour-single.XXXXXX")
npid=
trap '[ -z "$npid" ] || kill "$npid" 2>/dev/null; rm -f "$out"' EXIT

# reading SIDE: one likwid-bench and one tachyon reading on core P.
reading() {
	bw=$(likwid-bench -t stream -W N:512MB:1 2>/dev/null |
	    awk '/^MByte\/s:/ { print $2; exit }')
	ns=$(taskset -c "$p" "$tachyon" -t 1 -w 512 -s 2 --json \
	    --no-cache-check 2>/dev/null |
	    sed -n 's/.*"ns_per_access":\([0-9.]*\).*/\1/p')
	echo "$1 ${bw:-nan} ${ns:-nan}" >>"$out"
}

beside() {
	set -f
	# shellcheck disable=SC2086
	taskset -c "$q" $neighbour >/dev/null 2>&1 &
	set +f
	npid=$!
	sleep 2
	reading beside
	kill "$npid" 2>/dev/null || true
	wait "$npid" 2>/dev/null || true
	npid=
	sleep 1
}

i=1
while [ "$i" -le "$pairs" ]; do
	if [ "$(od -An -N1 -tu1 /dev/urandom)" -lt 128 ]; then
		reading quiet
		beside
	else
		beside
		reading quiet
	fi
	echo "pair $i of $pairs done" >&2
	i=$((i + 1))
done

python3 - "$out" "$neighbour" "$p" "$q" <<'EOF'
import math, statistics, sys

rows = [l.split() for l in open(sys.argv[1])]
quiet = [r for r in rows if r[0] == "quiet"]
beside = [r for r in rows if r[0] == "beside"]
print("one thread on core %s, '%s' on core %s; %d pairs" % (
    sys.argv[3], sys.argv[2], sys.argv[4], len(quiet)))
for k, name, unit in ((1, "likwid-bench stream", "MB/s"),
                      (2, "tachyon chase 512 MiB", "ns")):
    qv = [float(r[k]) for r in quiet]
    bv = [float(r[k]) for r in beside]
    ratios = [b / a for a, b in zip(qv, bv) if a > 0 and not math.isnan(b)]
    print("%-22s quiet %9.1f %s  beside %9.1f %s  beside/quiet %.3f "
          "(pairs %.3f to %.3f)" % (name, statistics.median(qv), unit,
          statistics.median(bv), unit, statistics.median(ratios),
          min(ratios), max(ratios)))
EOF
