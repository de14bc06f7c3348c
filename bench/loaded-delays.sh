#!/bin/sh
# SPDX-License-Identifier: MIT
# Two builds' threadstone-sweep --loaded curves side by side, interleaved
# round by round in one burst (A, B, A, B, ...: the host's state drifts
# over minutes): each round runs each build once with the same mix and
# delays.  Per build it reports the median and the range over rounds of
# the delay-1 to delay-2 ratio (the read curve once bent back there),
# in how many rounds delay 1 moved less than delay 2 and each curve was
# monotone (the JSON's flag: no rise beyond 5 %), the best peak, and
# B's peak against A's: best against best and the median of the rounds'
# ratios.  With likwid-bench installed (Debian: likwid), each round also
# runs its SSE load kernel (one read stream, 192 MB per thread, as many
# threads as the sweep has load threads) and the read peaks are put
# against its best.  A measurement, not a test.
#
#   bench/loaded-delays.sh -a BUILD_A -b BUILD_B [-r ROUNDS] [-m MIX]
#       [-d DELAYS] [-c CHASE_SIZE] [-p PRESSURE]
#
# BUILD_A and BUILD_B are build directories (or threadstone-sweep
# programs); MIX and DELAYS go to --mix and --delays (default read and
# 0,1,2,5,10), CHASE_SIZE to --chase-size (default the program's).  On a
# host shared with other work, -p waits (up to 10 minutes) before each
# round until the CPU pressure of the last 10 s (/proc/pressure/cpu,
# "some avg10") is below PRESSURE percent; every round prints the
# pressure at its start and end either way.
set -eu

rounds=5 mix=read delays=0,1,2,5,10 chase='' a='' b='' calm=''
. "$(dirname "$0")/common.sh"
while getopts a:b:r:m:d:c:p: opt; do
	case $opt in
	a) a=$OPTARG ;;
	b) b=$OPTARG ;;
	r) rounds=$OPTARG ;;
	m) mix=$OPTARG ;;
	d) delays=$OPTARG ;;
	c) chase=$OPTARG ;;
	p) calm=$OPTARG ;;
	*) bench_usage "-a BUILD_A -b BUILD_B [-r ROUNDS] [-m MIX]" \
	    "[-d DELAYS] [-c CHASE_SIZE] [-p PRESSURE]" ;;
	esac
done
if [ -z "$a" ] || [ -z "$b" ]; then
	bench_usage "-a BUILD_A -b BUILD_B [-r ROUNDS] [-m MIX] [-d DELAYS]" \
	    "[-c CHASE_SIZE] [-p PRESSURE]"
fi
[ -d "$a" ] && a=$a/threadstone-sweep
[ -d "$b" ] && b=$b/threadstone-sweep
bench_need "$a" "$b"
bench_python
work=$(mktemp -d "${TMPDIR:-/tmp}/ts-delays.XXXXXX")
trap 'rm -rf "$work"' EXIT
set -- --mix "$mix" --delays "$delays"
[ -z "$chase" ] || set -- "$@" --chase-size "$chase"

# The CPU pressure of the last 10 s in percent, or - where unknown.
pressure() {
	awk '/^some/ { sub("avg10=", "", $2); print $2; f = 1 }
	    END { if (!f) print "-" }' /proc/pressure/cpu 2>/dev/null ||
	    echo -
}

# With -p, wait until the pressure is below it (at most 10 minutes).
wait_calm() {
	[ -n "$calm" ] || return 0
	waited=0
	while [ "$waited" -lt 600 ]; do
		p=$(pressure)
		[ "$p" = - ] && return 0
		awk -v p="$p" -v c="$calm" 'BEGIN { exit !(p < c) }' && return 0
		sleep 5
		waited=$((waited + 5))
	done
}

loaders=$(($(nproc) - 1))
likwid=no
command -v likwid-bench >/dev/null 2>&1 && [ "$loaders" -ge 1 ] && likwid=yes
: >"$work/likwid"
: >"$work/pressure"
r=1
while [ "$r" -le "$rounds" ]; do
	wait_calm
	p0=$(pressure)
	for w in A B; do
		if [ "$w" = A ]; then prog=$a; else prog=$b; fi
		"$prog" -q "$@" -o "$work/$w-$r.json"
	done
	if [ "$likwid" = yes ]; then
		likwid-bench -t load_sse -s 1 \
		    -w "N:$((192 * loaders))MB:$loaders:1:1" 2>/dev/null |
		    awk '/^MByte\/s:/ { printf "%.3f\n", $2 / 1000 }' \
		    >>"$work/likwid"
	fi
	echo "round $r: CPU pressure $p0 % at its start, $(pressure) % at its end" >>"$work/pressure"
	r=$((r + 1))
done
python3 - "$work" "$rounds" <<'PY'
import json, os, statistics, sys

work, rounds = sys.argv[1], int(sys.argv[2])
lk = [float(x) for x in open(os.path.join(work, "likwid")).read().split()]
print(open(os.path.join(work, "pressure")).read(), end="")
for i, v in enumerate(lk):
    print("round %d likwid-bench load_sse %.2f GB/s" % (i + 1, v))
curves = {"A": [], "B": []}
for r in range(1, rounds + 1):
    for w in "AB":
        d = json.load(open(os.path.join(work, "%s-%d.json" % (w, r))))
        for c in d["curves"]:
            pts = {p["delay"]: p["bandwidth_gbs"] for p in c["points"]}
            curves[w].append((c["mix"], c["monotone"], c["peak_gbs"], pts))
            print("round %d %s %-5s %-9s %s" % (
                r, w, c["mix"], "monotone" if c["monotone"] else "BENT",
                " ".join("%d:%.2f" % kv for kv in sorted(pts.items()))))
for mix in sorted({c[0] for c in curves["A"]}):
    peaks = {}
    for w in "AB":
        cs = [c for c in curves[w] if c[0] == mix]
        peaks[w] = [c[2] for c in cs]
        line = "%s %-5s monotone in %d of %d, best peak %.2f GB/s" % (
            w, mix, sum(c[1] for c in cs), len(cs), max(peaks[w]))
        q = [c[3][1] / c[3][2] for c in cs
             if 1 in c[3] and 2 in c[3] and c[3][2] > 0]
        if q:
            line += ("; delay 1 / delay 2: median %.3f (%.3f to %.3f), "
                     "below 1 in %d" % (statistics.median(q), min(q),
                                        max(q), sum(x < 1 for x in q)))
        print(line)
    pr = [y / x for x, y in zip(peaks["A"], peaks["B"]) if x > 0]
    print("B/A %-5s peak: best against best %.3f, median of rounds %.3f" % (
        mix, max(peaks["B"]) / max(peaks["A"]), statistics.median(pr)))
    if mix == "read" and lk:
        print("read peak / likwid-bench load_sse (best %.2f GB/s), best "
              "against best: A %.3f, B %.3f" % (
                  max(lk), max(peaks["A"]) / max(lk),
                  max(peaks["B"]) / max(lk)))
PY
