#!/bin/sh
# SPDX-License-Identifier: MIT
# threadstone-run beside the original ThreadStone 2.0.0, interleaved in
# one burst.  A timing script, not a test.
#
# On a shared 2-vCPU VM the host's speed drifts by 10-40 % within a minute,
# so the two sides are compared as close together in time as possible:
#  1. ratios: for each workload in turn, one run of each program with
#     -w ID, in alternating order, ROUNDS times; per workload and pass the
#     script prints ours / original of the best samples of all those runs
#     (best against best: a neighbour or the host only ever slows a
#     reading down, so each side's fastest is its least disturbed), then
#     of the runs' medians and the median of the adjacent pairs' ratios,
#     with each side's spread of run values;
#  2. wall time: both whole suites at their defaults, alternating, WALL
#     times; their medians and ratio, and how long our buffer checks took.
# Latency is in ns, where lower is better; its ratio is still ours /
# original.
#
#   bench/vs-original.sh [-n ROUNDS] [-t WALL] [-b BUILDDIR] [-o ORIGINAL]
#                        [-k DIR | -r DIR] [-- RUN-OPTIONS...]
#
# ROUNDS defaults to 3 and WALL to 2 (0 skips that phase).  The original
# is -o, $TS_ORIGINAL, or built with ../shared/reference/build-original.sh
# (about 80 s, offline) into ${TMPDIR:-/tmp}/threadstone-original.
# RUN-OPTIONS go to both programs in both phases (e.g. -- -s 5); a -w in
# them limits phase 1 to those workloads.  -k DIR keeps the documents;
# -r DIR prints the tables again from documents kept there, running
# nothing (give the same -n, -t and -w).
set -eu

rounds=3 wall=2
. "$(dirname "$0")/common.sh"
while getopts n:t:b:o:k:r: opt; do
	case $opt in
	n) rounds=$OPTARG ;;
	t) wall=$OPTARG ;;
	*) bench_docopt "$opt" || bench_usage "[-n ROUNDS] [-t WALL]" \
	    "[-b BUILDDIR] [-o ORIGINAL] [-k DIR | -r DIR] [-- RUN-OPTIONS...]" ;;
	esac
done
shift $((OPTIND - 1))
case $rounds:$wall in
*[!0-9:]*|:*|*:) echo "$0: -n and -t take whole numbers, not '$rounds' and '$wall'" >&2; exit 2 ;;
esac
bench_python
# The workloads of phase 1: those named in RUN-OPTIONS, else all six.
ids= prev=
for a in "$@"; do
	case $prev in -w|--workload) ids="$ids $a" ;; esac
	case $a in --workload=*) ids="$ids ${a#--workload=}" ;; esac
	prev=$a
done
[ -n "$ids" ] || ids="dhrystone sgemm sha256 sort stream latency"
if [ -n "$reuse" ]; then
	work=$reuse
	rounds_only=yes
else
	rounds_only=no
fi
ours=${TS_RUN:-$builddir/threadstone-run}
[ "$rounds_only" = yes ] || [ -x "$ours" ] ||
    { echo "$0: $ours is not built" >&2; exit 1; }
if [ "$rounds_only" = no ] && [ -z "$orig" ]; then
	guess=${TMPDIR:-/tmp}/threadstone-original/threadstone-2.0.0/target/release/threadstone
	if [ -x "$guess" ]; then
		orig=$guess
	elif [ -x "$srcdir/../shared/reference/build-original.sh" ]; then
		echo "building the original (about 80 s)..." >&2
		orig=$("$srcdir/../shared/reference/build-original.sh" | tail -n 1)
	fi
fi
[ "$rounds_only" = yes ] || { [ -n "$orig" ] && [ -x "$orig" ]; } || {
	echo "$0: no original ThreadStone binary; give -o PATH or TS_ORIGINAL" >&2
	exit 1
}
PATH=$PATH:$HOME/.cargo/bin
if [ "$rounds_only" = no ]; then
	work=${keep:-$(mktemp -d "${TMPDIR:-/tmp}/ts-vs.XXXXXX")}
	mkdir -p "$work"
	[ -n "$keep" ] || trap 'rm -rf "$work"' EXIT
fi

if [ "$rounds_only" = no ]; then
echo "ours:     $ours ($("$ours" --version | head -n 1); $(${CC:-cc} --version | head -n 1))"
echo "original: $orig ($("$orig" --version 2>/dev/null | head -n 1); built with $(rustc --version 2>/dev/null || echo 'rustc unknown'))"
echo "host:     $(uname -m), $(nproc) CPUs, $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -n 1), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "phase 1:  $rounds rounds per workload ($ids ), pairs in alternating order${*:+; options: $*}"
echo "phase 2:  $wall whole suites each, alternating"

# one SIDE NAME [RUN-OPTIONS...]: run one side, keep its document as
# NAME.json, its stderr and its wall time in seconds.
one() {
	side=$1 name=$2
	shift 2
	t0=$(date +%s.%N)
	if [ "$side" = ours ]; then
		"$ours" -q --format json -o "$work/$name.json" "$@" \
		    >/dev/null 2>"$work/$name.err" || return 1
	else
		"$orig" run -q --format json -o "$work/$name.json" "$@" \
		    >/dev/null 2>"$work/$name.err" || return 1
	fi
	t1=$(date +%s.%N)
	echo "$t0 $t1" | awk '{ printf "%.2f\n", $2 - $1 }' >"$work/$name.wall"
}

# pair FIRST TAG [RUN-OPTIONS...]: both sides once, FIRST first.
pair() {
	first=$1 tag=$2
	shift 2
	if [ "$first" = ours ]; then set -- ours orig "$@"; else set -- orig ours "$@"; fi
	s1=$1 s2=$2
	shift 2
	for s in $s1 $s2; do
		one "$s" "$s-$tag" "$@" || {
			echo "$0: $s ($tag) failed:" >&2
			cat "$work/$s-$tag.err" >&2
			exit 1
		}
	done
}

# Only -w options are dropped for phase 1's own -w ID.
strip_w() {
	skip=0
	for a in "$@"; do
		if [ "$skip" = 1 ]; then skip=0; continue; fi
		case $a in
		-w|--workload) skip=1 ;;
		--workload=*) ;;
		*) printf '%s\n' "$a" ;;
		esac
	done
}
extra=$(strip_w "$@")

r=1
while [ "$r" -le "$rounds" ]; do
	for id in $ids; do
		if [ $((r % 2)) -eq 1 ]; then f=ours; else f=orig; fi
		# shellcheck disable=SC2086
		pair $f "$id-$r" -w "$id" $extra
	done
	echo "phase 1, round $r of $rounds done"
	r=$((r + 1))
done
r=1
while [ "$r" -le "$wall" ]; do
	if [ $((r % 2)) -eq 1 ]; then f=ours; else f=orig; fi
	pair $f "suite-$r" "$@"
	echo "phase 2, round $r: ours $(cat "$work/ours-suite-$r.wall") s, original $(cat "$work/orig-suite-$r.wall") s"
	r=$((r + 1))
done
fi

python3 - "$work" "$rounds" "$wall" $ids <<'EOF'
import json, statistics, sys

work, rounds, wall, ids = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:]

def doc(name):
    with open(f"{work}/{name}.json") as f:
        d = json.load(f)
    with open(f"{work}/{name}.wall") as f:
        d["_wall"] = float(f.read())
    return d

def value(d, key):
    w = d["workloads"][0]
    return w[key]["value"] if w.get(key) else None

def spread(v):
    m = statistics.median(v)
    return (max(v) - min(v)) / m * 100 if m else 0.0

def best(docs, key, lower):
    v = [x for d in docs if d["workloads"][0].get(key)
         for x in d["workloads"][0][key]["samples"]]
    return (min(v) if lower else max(v)) if v else None

if rounds:
    print()
    print(f"{'workload':<10} {'pass':<8} {'best':>6} {'median':>7} {'pairs':>6}"
          f"   {'ours median':>12} {'spread':>7}   {'orig median':>12} {'spread':>7}")
for wid in ids if rounds else []:
    ours = [doc(f"ours-{wid}-{r}") for r in range(1, rounds + 1)]
    orig = [doc(f"orig-{wid}-{r}") for r in range(1, rounds + 1)]
    lower = orig[0]["workloads"][0]["unit"] == "nanoseconds"
    for key, name in (("single_thread", "1 thread"), ("multi_thread", "multi")):
        pairs = [(value(a, key), value(b, key)) for a, b in zip(ours, orig)]
        pairs = [(a, b) for a, b in pairs if a and b]
        if not pairs:
            continue
        a = [p[0] for p in pairs]
        b = [p[1] for p in pairs]
        ma, mb = statistics.median(a), statistics.median(b)
        pr = statistics.median(x / y for x, y in pairs)
        br = best(ours, key, lower) / best(orig, key, lower)
        print(f"{wid:<10} {name:<8} {br:>6.3f} {ma / mb:>7.3f} {pr:>6.3f}"
              f"   {ma:>12.4g} {spread(a):>6.1f}%   {mb:>12.4g} {spread(b):>6.1f}%")
if wall:
    wa = [doc(f"ours-suite-{r}") for r in range(1, wall + 1)]
    wb = [doc(f"orig-suite-{r}") for r in range(1, wall + 1)]
    ta, tb = [d["_wall"] for d in wa], [d["_wall"] for d in wb]
    print()
    print(f"suite wall time, s: ours median {statistics.median(ta):.1f} "
          f"({min(ta):.1f}-{max(ta):.1f}), original median "
          f"{statistics.median(tb):.1f} ({min(tb):.1f}-{max(tb):.1f}); "
          f"ratio {statistics.median(ta) / statistics.median(tb):.3f}")
    for key, name in (("single_core", "single-core score"), ("multi_core", "multi-core score")):
        a = [d["score"][key] for d in wa if d["score"].get(key)]
        b = [d["score"][key] for d in wb if d["score"].get(key)]
        if a and b:
            print(f"{name} in those suites: ours/orig "
                  f"{statistics.median(a) / statistics.median(b):.3f}")
    checks = []
    for d in wa:
        bufs = d.get("extensions", {}).get("buffers", {})
        checks.append(max((b.get("check_seconds", 0) for b in bufs.values()
                           if isinstance(b, dict)), default=0))
    print(f"our buffer checks took {', '.join(f'{s:.2f}' for s in checks)} s")
EOF
