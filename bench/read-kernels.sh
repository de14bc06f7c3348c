#!/bin/sh
# SPDX-License-Identifier: MIT
# The loaded sweep's read kernel as it was and as it is, and the two
# halves of the change, side by side in one process
# (bench/read-kernels.c): a load thread on CPU 1 at delays 0, 1, 2 and 5
# beside a random chase on CPU 0, forms and delays interleaved.  A round
# of a form counts only when its load thread had at least 95 % of its
# CPU in every window (its CPU clock; on a shared host the rest measure
# the scheduler).  Per form: the median GB/s at each delay, the median
# delay-1 to delay-2 and delay-1 to delay-0 ratios over the rounds, and
# in how many rounds delay 1 moved less than delay 2.  A measurement,
# not a test.
#
#   bench/read-kernels.sh [ROUNDS [WINDOW_MS]]
set -eu

rounds=${1:-20} win=${2:-200}
. "$(dirname "$0")/common.sh"
bench_python
work=$(mktemp -d "${TMPDIR:-/tmp}/read-kernels.XXXXXX")
trap 'rm -rf "$work"' EXIT
[ "$(nproc)" -ge 2 ] || { echo "$0: needs two CPUs" >&2; exit 1; }
${CC:-cc} -std=gnu11 -O2 -ffp-contract=off -pthread \
    -o "$work/read-kernels" "$srcdir/bench/read-kernels.c"
"$work/read-kernels" "$rounds" "$win" | tee "$work/out"
python3 - "$work/out" <<'PY'
import statistics, sys

forms = {}
for line in open(sys.argv[1]):
    f = line.split()
    pts = {}
    for p in f[2:]:
        d, bw, share = p.split(":")
        pts[int(d)] = (float(bw), float(share))
    forms.setdefault(f[1], []).append(pts)
print("form     rounds  " + "  ".join("d%d GB/s" % d for d in (0, 1, 2, 5))
      + "   d1/d2  d1<d2   d1/d0")
for name in ("old", "old-cnt", "new-div", "new"):
    rs = [p for p in forms.get(name, [])
          if all(s >= 0.95 for _, s in p.values())]
    n = len(forms.get(name, []))
    if not rs:
        print("%-8s  0/%-3d  (no round had its CPU)" % (name, n))
        continue
    med = [statistics.median(p[d][0] for p in rs) for d in (0, 1, 2, 5)]
    q12 = [p[1][0] / p[2][0] for p in rs]
    q10 = [p[1][0] / p[0][0] for p in rs]
    print("%-8s %3d/%-3d " % (name, len(rs), n)
          + "  ".join("%7.2f" % m for m in med)
          + "   %5.3f  %2d/%-2d  %5.3f" % (statistics.median(q12),
                                          sum(x < 1 for x in q12), len(rs),
                                          statistics.median(q10)))
PY
