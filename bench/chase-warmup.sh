#!/bin/sh
# SPDX-License-Identifier: MIT
# How much slower a chase runs in its first tens of milliseconds after an
# idle spell than later (bench/chase-warmup.c), which is why every
# tachyon reading chases TS_PROBE_WARM_S (lib/mem/mem-probe.h) off the
# clock before it starts: ROUNDS (default 20) rounds, each after IDLE
# (default 15) seconds of sleep, of one primed chase per CPU (at most 2)
# over MIB (default 64) each.  For each 20 ms window from the start it
# prints the mean rate over the rounds against the mean of 200-1000 ms
# (what a window of such readings would score against long ones), the
# median of the rounds' own ratios, the worst, and how many rounds read
# below 0.8.  A measurement, not a test.
#
#   bench/chase-warmup.sh [ROUNDS [IDLE [MIB]]]
set -eu

rounds=${1:-20} idle=${2:-15} mib=${3:-64}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/chase-warmup.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
"${CC:-cc}" -O2 -pthread -o "$work/chase-warmup" "$here/chase-warmup.c"

echo "# chase-warmup: $rounds rounds, $idle s idle before each, $mib MiB a thread; load $(cut -d' ' -f1-3 /proc/loadavg)"
"$work/chase-warmup" "$rounds" "$idle" "$mib" | tee "$work/rounds"
set -- 0-20 10-30 20-40 30-50 40-60
k=1
for name in "$@"; do
	awk -v k="$k" '{ print $k / $6 }' "$work/rounds" | sort -g >"$work/ratios"
	awk -v k="$k" -v name="$name" -v ratios="$work/ratios" '
	    { s += $k; l += $6; n++ }
	    END {
		while ((getline r < ratios) > 0) v[m++] = r
		med = m % 2 ? v[int(m / 2)] : (v[m / 2 - 1] + v[m / 2]) / 2
		for (i = 0; i < m; i++) low += v[i] < 0.8
		printf "%s ms: mean %.3f of 200-1000 ms, median %.3f, worst %.2f, %d of %d below 0.8\n",
		    name, s / l, med, v[0], low, m
	    }' "$work/rounds"
	k=$((k + 1))
done
echo "# load at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
