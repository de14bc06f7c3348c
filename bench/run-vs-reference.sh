#!/bin/sh
# SPDX-License-Identifier: MIT
# threadstone-run beside plain reference kernels, interleaved in one run:
#  - our STREAM triad (multi-thread pass) against a plain OpenMP triad
#    (bench/omp-triad.c, -O3 -fopenmp) over the same arrays, which must
#    clear the last-level cache; the aim is >= 97 %;
#  - our latency (single-thread pass) against a plain one-node-per-line
#    dependent chase (bench/plain-chase.c, -O3) over the same size; the
#    aim is within 5 %.
# Both sides use the same thread count, window and round count, the
# same page size (base pages) and, for the chase, the same core.  Prints each round, the median of the
# per-round ratios, and the ratio of each side's best reading (the least
# disturbed one on a shared host).
#
#   bench/run-vs-reference.sh [-r ROUNDS] [-s SAMPLES] [-m STREAM_MIB]
#                             [-l LATENCY_MIB] [-b BUILDDIR]
set -eu

rounds=3 samples=5 stream_mb=192 latency_mb=256
. "$(dirname "$0")/common.sh"
while getopts r:s:m:l:b: opt; do
	case $opt in
	r) rounds=$OPTARG ;;
	s) samples=$OPTARG ;;
	m) stream_mb=$OPTARG ;;
	l) latency_mb=$OPTARG ;;
	b) builddir=$OPTARG ;;
	*) bench_usage "[-r ROUNDS] [-s SAMPLES] [-m MIB] [-l MIB] [-b BUILDDIR]" ;;
	esac
done
run=${TS_RUN:-$builddir/threadstone-run}
bench_need "$run"
bench_python
cc=${CC:-cc}
work=$(mktemp -d "${TMPDIR:-/tmp}/ts-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

$cc -O3 -fopenmp -o "$work/omp-triad" "$srcdir/bench/omp-triad.c"
$cc -O3 -o "$work/plain-chase" "$srcdir/bench/plain-chase.c"

# threadstone-run pins its single-thread pass to physical core 0; the
# plain chase runs there too when hwloc-bind is at hand.
pin0= where=unpinned
if command -v hwloc-bind >/dev/null 2>&1 && hwloc-bind core:0 -- true; then
	pin0="hwloc-bind core:0 --" where="on core 0"
fi

# The multi pass's thread count, as threadstone-run will choose it.
threads=$("$run" -w sha256 --single-only -q --format json --samples 1 \
	--warmup 0 --window-ms 1 | python3 -c \
	'import json,sys; print(json.load(sys.stdin)["config"]["threads"])')
llc=$(lstopo-no-graphics --only l3cache 2>/dev/null | head -1 || true)
echo "threads $threads; STREAM $stream_mb MiB in total; chase $latency_mb MiB; ${llc:-LLC unknown}; plain chase $where"

# value PASS: the pass's value from a document on stdin.
value() {
	python3 -c 'import json,sys
d = json.load(sys.stdin)["workloads"][0]
p = d.get(sys.argv[1])
print(p["value"] if p else "nan")' "$1"
}

: >"$work/ratios"
i=1
while [ "$i" -le "$rounds" ]; do
	ours_bw=$("$run" -w stream --multi-only -q --format json \
		--samples "$samples" --stream-mb "$stream_mb" | value multi_thread)
	omp_bw=$(OMP_NUM_THREADS=$threads OMP_PROC_BIND=spread \
		OMP_PLACES=cores "$work/omp-triad" "$stream_mb" "$samples" \
		2>/dev/null)
	ours_ns=$("$run" -w latency --single-only -q --format json \
		--samples "$samples" --latency-mb "$latency_mb" |
		value single_thread)
	plain_ns=$($pin0 "$work/plain-chase" "$latency_mb" "$samples" \
		2>/dev/null)
	python3 - "$i" "$ours_bw" "$omp_bw" "$ours_ns" "$plain_ns" \
	    >>"$work/ratios" <<'PY'
import sys
i, ob, pb, on, pn = sys.argv[1], *map(float, sys.argv[2:])
print(i, ob, pb, ob / pb, on, pn, on / pn)
PY
	tail -1 "$work/ratios" | awk '{ printf "round %s: STREAM ours %.2f GiB/s, OpenMP %.2f GiB/s (%.1f %%); latency ours %.1f ns, plain %.1f ns (%+.1f %%)\n", $1, $2, $3, $4 * 100, $5, $6, ($7 - 1) * 100 }'
	i=$((i + 1))
done
python3 - "$work/ratios" <<'PY'
import statistics, sys
rows = [list(map(float, l.split())) for l in open(sys.argv[1])]
bw = statistics.median(r[3] for r in rows)
lat = statistics.median(r[6] for r in rows)
print("median: STREAM ours/OpenMP %.1f %% (aim >= 97 %%): %s" %
      (bw * 100, "met" if bw >= 0.97 else "NOT met"))
print("median: latency ours/plain %.1f %% (aim within 5 %%): %s" %
      (lat * 100, "met" if abs(lat - 1) <= 0.05 else "NOT met"))
# On a shared host the least disturbed reading of each side is the
# fairest: the highest bandwidth and the lowest latency over the rounds.
bw = max(r[1] for r in rows) / max(r[2] for r in rows)
lat = min(r[4] for r in rows) / min(r[5] for r in rows)
print("best:   STREAM ours/OpenMP %.1f %%, latency ours/plain %.1f %%" %
      (bw * 100, lat * 100))
PY
