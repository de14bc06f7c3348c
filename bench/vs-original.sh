#!/bin/sh
# SPDX-License-Identifier: MIT
# threadstone-run beside the original ThreadStone 2.0.0, interleaved in
# one burst: both run the whole suite at their defaults N times, in
# alternating order, and the script prints per workload and pass the
# ratio ours / original of the medians (and of the best readings, the
# least disturbed on a shared host), each side's spread, and both wall
# times.  Latency is in ns, where lower is better; its ratio is still
# ours / original.  A timing script, not a test.
#
#   bench/vs-original.sh [-n ROUNDS] [-b BUILDDIR] [-o ORIGINAL] [-k DIR]
#                        [-- RUN-OPTIONS...]
#
# The original is taken from -o, $TS_ORIGINAL, or built with
# ../shared/reference/build-original.sh (about 80 s, offline) into
# ${TMPDIR:-/tmp}/threadstone-original.  RUN-OPTIONS after -- go to both
# programs (e.g. -- -w sort -w dhrystone).  With -k DIR the documents are
# kept in DIR.
set -eu

rounds=3
srcdir=$(cd "$(dirname "$0")/.." && pwd)
builddir=${TS_BUILDDIR:-$srcdir}
orig=${TS_ORIGINAL:-}
keep=
while getopts n:b:o:k: opt; do
	case $opt in
	n) rounds=$OPTARG ;;
	b) builddir=$OPTARG ;;
	o) orig=$OPTARG ;;
	k) keep=$OPTARG ;;
	*) echo "usage: $0 [-n ROUNDS] [-b BUILDDIR] [-o ORIGINAL] [-k DIR] [-- RUN-OPTIONS...]" >&2
	   exit 2 ;;
	esac
done
shift $((OPTIND - 1))
case $rounds in
''|*[!0-9]*|0) echo "$0: -n must be a positive integer, not '$rounds'" >&2; exit 2 ;;
esac
ours=${TS_RUN:-$builddir/threadstone-run}
[ -x "$ours" ] || { echo "$0: $ours is not built" >&2; exit 1; }
command -v python3 >/dev/null || { echo "$0: python3 is needed" >&2; exit 1; }
if [ -z "$orig" ]; then
	guess=${TMPDIR:-/tmp}/threadstone-original/threadstone-2.0.0/target/release/threadstone
	if [ -x "$guess" ]; then
		orig=$guess
	elif [ -x "$srcdir/../shared/reference/build-original.sh" ]; then
		echo "building the original (about 80 s)..." >&2
		orig=$("$srcdir/../shared/reference/build-original.sh" | tail -n 1)
	fi
fi
[ -n "$orig" ] && [ -x "$orig" ] || {
	echo "$0: no original ThreadStone binary; give -o PATH or TS_ORIGINAL" >&2
	exit 1
}
PATH=$PATH:$HOME/.cargo/bin
work=${keep:-$(mktemp -d "${TMPDIR:-/tmp}/ts-vs.XXXXXX")}
mkdir -p "$work"
[ -n "$keep" ] || trap 'rm -rf "$work"' EXIT

echo "ours:     $ours ($("$ours" --version | head -n 1); $(${CC:-cc} --version | head -n 1))"
echo "original: $orig ($("$orig" --version 2>/dev/null | head -n 1); built with $(rustc --version 2>/dev/null || echo 'rustc unknown'))"
echo "host:     $(uname -m), $(nproc) CPUs, $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -n 1), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "rounds:   $rounds, interleaved (ours first in odd rounds)${*:+, options: $*}"

# one SIDE ROUND [RUN-OPTIONS...]: run one side, keep its document, its
# stderr and its wall time.
one() {
	side=$1 round=$2
	shift 2
	t0=$(date +%s.%N)
	if [ "$side" = ours ]; then
		"$ours" -q --format json -o "$work/ours-$round.json" "$@" \
		    >/dev/null 2>"$work/ours-$round.err" || return 1
	else
		"$orig" run -q --format json -o "$work/orig-$round.json" "$@" \
		    >/dev/null 2>"$work/orig-$round.err" || return 1
	fi
	t1=$(date +%s.%N)
	echo "$t0 $t1" | awk '{ printf "%.2f\n", $2 - $1 }' \
	    >"$work/$side-$round.wall"
}

i=1
while [ "$i" -le "$rounds" ]; do
	if [ $((i % 2)) -eq 1 ]; then first=ours second=orig; else first=orig second=ours; fi
	for s in $first $second; do
		one "$s" "$i" "$@" || {
			echo "$0: $s, round $i, failed:" >&2
			cat "$work/$s-$i.err" >&2
			exit 1
		}
	done
	echo "round $i: ours $(cat "$work/ours-$i.wall") s, original $(cat "$work/orig-$i.wall") s"
	i=$((i + 1))
done

python3 - "$work" "$rounds" <<'EOF'
import json, statistics, sys

work, rounds = sys.argv[1], int(sys.argv[2])

def load(side):
    docs = []
    for i in range(1, rounds + 1):
        with open(f"{work}/{side}-{i}.json") as f:
            d = json.load(f)
        with open(f"{work}/{side}-{i}.wall") as f:
            d["_wall"] = float(f.read())
        docs.append(d)
    return docs

ours, orig = load("ours"), load("orig")

def values(docs, wid, key):
    out = []
    for d in docs:
        for w in d["workloads"]:
            if w["id"] == wid and w.get(key):
                out.append(w[key]["value"])
    return out

def spread(v):
    m = statistics.median(v)
    return (max(v) - min(v)) / m * 100 if m else 0.0

ids = [w["id"] for w in orig[0]["workloads"]]
print()
print(f"{'workload':<10} {'pass':<8} {'ours/orig':>9} {'best':>7}   "
      f"{'ours median':>12} {'spread':>7}   {'orig median':>12} {'spread':>7}")
for wid in ids:
    unit = next(w["unit"] for w in orig[0]["workloads"] if w["id"] == wid)
    lower = unit == "nanoseconds"
    for key, name in (("single_thread", "1 thread"), ("multi_thread", "multi")):
        a, b = values(ours, wid, key), values(orig, wid, key)
        if not a or not b:
            continue
        ma, mb = statistics.median(a), statistics.median(b)
        ba, bb = (min(a), min(b)) if lower else (max(a), max(b))
        print(f"{wid:<10} {name:<8} {ma / mb:>9.3f} {ba / bb:>7.3f}   "
              f"{ma:>12.4g} {spread(a):>6.1f}%   {mb:>12.4g} {spread(b):>6.1f}%")
for key, name in (("single_core", "single-core score"), ("multi_core", "multi-core score")):
    a = [d["score"][key] for d in ours if d["score"].get(key)]
    b = [d["score"][key] for d in orig if d["score"].get(key)]
    if a and b:
        print(f"{name:<19} {statistics.median(a) / statistics.median(b):>9.3f}")
wa = [d["_wall"] for d in ours]
wb = [d["_wall"] for d in orig]
print()
print(f"wall time, s: ours median {statistics.median(wa):.1f} "
      f"({min(wa):.1f}-{max(wa):.1f}), original median "
      f"{statistics.median(wb):.1f} ({min(wb):.1f}-{max(wb):.1f}); "
      f"ratio {statistics.median(wa) / statistics.median(wb):.3f}")
checks = []
for d in ours:
    bufs = d.get("extensions", {}).get("buffers", {})
    s = max((b.get("check_seconds", 0) for b in bufs.values()
             if isinstance(b, dict)), default=0)
    checks.append(s)
print(f"our buffer checks took {', '.join(f'{s:.2f}' for s in checks)} s")
EOF
