#!/bin/sh
# SPDX-License-Identifier: MIT
# threadstone-sweep --loaded beside independent references, interleaved
# round by round in one burst (the host's state drifts over minutes):
#  - the idle point's random-chase latency against tachyon's at the same
#    working set and order (one thread, random chase, the aim: within 5 %);
#  - the triad curve's peak bandwidth (its load threads on the cores
#    other than the chase's) against the best of the project's plain
#    OpenMP triad (bench/omp-triad.c) and likwid-bench's triads (its
#    stream kernel, and stream_mem_sse with non-temporal stores: the
#    AVX-512 stream_mem crashes likwid-bench 5.2 on the EPYC VMs), each with as many threads as the loaded run has load threads,
#    pinned to the same cores (the aim: within 5 %).
# Prints every round, then the ratios of best against best.  Not a test.
#
#   bench/loaded-vs-references.sh [-r ROUNDS] [-m CHASE_MIB] [-b BUILDDIR]
set -eu

rounds=3 chase_mb=256
. "$(dirname "$0")/common.sh"
while getopts r:m:b: opt; do
	case $opt in
	r) rounds=$OPTARG ;;
	m) chase_mb=$OPTARG ;;
	b) builddir=$OPTARG ;;
	*) bench_usage "[-r ROUNDS] [-m CHASE_MIB] [-b BUILDDIR]" ;;
	esac
done
sweep=$builddir/threadstone-sweep
tachyon=$builddir/tachyon
bench_need "$sweep" "$tachyon"
bench_python
work=$(mktemp -d "${TMPDIR:-/tmp}/ts-loaded.XXXXXX")
trap 'rm -rf "$work"' EXIT
${CC:-cc} -O3 -fopenmp -o "$work/omp-triad" "$srcdir/bench/omp-triad.c"
ncpu=$(nproc)
loaders=$((ncpu - 1))
[ "$loaders" -ge 1 ] || { echo "$0: needs two CPUs" >&2; exit 1; }
cores=$(seq -s, 1 "$loaders")
have_likwid=no
command -v likwid-bench >/dev/null 2>&1 && have_likwid=yes

json() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print($2)" "$1"; }

printf '%-5s %12s %12s %12s %12s %12s\n' round "tachyon ns" "idle ns" \
    "triad GB/s" "omp GB/s" "likwid GB/s"
: >"$work/rows"
r=1
while [ "$r" -le "$rounds" ]; do
	t=$("$tachyon" -t 1 -w "$chase_mb" --seconds 2 --no-cache-check \
	    --json 2>/dev/null | python3 -c 'import json,sys; print(json.loads(sys.stdin.readline())["ns_per_access"])')
	"$sweep" -q --mix triad --delays 0 --chase-size "${chase_mb}M" \
	    --min-ms 500 -o "$work/l.json"
	idle=$(json "$work/l.json" 'd["idle"]["random_ns"]')
	peak=$(json "$work/l.json" 'd["curves"][0]["peak_gbs"]')
	# 192 MiB per thread, as the loaded run's load threads.
	omp=$(OMP_NUM_THREADS=$loaders OMP_PROC_BIND=true \
	    taskset -c "$cores" "$work/omp-triad" $((192 * loaders)) 5 200 |
	    awk '{ printf "%.3f", $1 * 1.073741824 }')
	lk=nan
	if [ "$have_likwid" = yes ]; then
		for k in stream stream_mem_sse; do
			v=$(likwid-bench -t $k -s 1 \
			    -w "N:$((192 * loaders))MB:$loaders:1:1" 2>/dev/null |
			    awk '/^MByte\/s:/ { printf "%.3f", $2 / 1000 }')
			[ -n "$v" ] || continue
			lk=$(python3 -c "import math; print(max(x for x in ($v, float('$lk')) if not math.isnan(x)))")
		done
	fi
	printf '%-5s %12s %12s %12s %12s %12s\n' "$r" "$t" "$idle" "$peak" \
	    "$omp" "$lk"
	echo "$t $idle $peak $omp $lk" >>"$work/rows"
	r=$((r + 1))
done
python3 - "$work/rows" <<'PY'
import math, sys
rows = [list(map(float, l.split())) for l in open(sys.argv[1])]
t = min(r[0] for r in rows); idle = min(r[1] for r in rows)
peak = max(r[2] for r in rows); omp = max(r[3] for r in rows)
lk = [r[4] for r in rows if not math.isnan(r[4])]
ref = max([omp] + lk)
print(f"idle random chase / tachyon, best against best: {idle / t:.3f}")
print(f"triad peak / best reference ({ref:.2f} GB/s), best against best: {peak / ref:.3f}")
print(f"  against the OpenMP triad alone: {peak / omp:.3f}"
      + (f"; against likwid-bench's best triad alone: {peak / max(lk):.3f}" if lk else "; likwid-bench not installed"))
PY
