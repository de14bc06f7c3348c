#!/bin/sh
# SPDX-License-Identifier: MIT
# The sort workload beside the original ThreadStone 2.0.0, interleaved in
# one burst: each round runs the original's `run -w sort` and then ours,
# both with their default samples and windows, and reads the sort score of
# the single-thread and the multi-thread pass from the JSON.  Prints every
# round, then per side the median and the spread (min..max, and its width
# as a share of the median), and the ratios ours/original of the medians.
#
#   bench/sort-vs-original.sh -o ORIGINAL [-r ROUNDS] [-b BUILDDIR]
#                             [-l LOCKFILE]
#
# ORIGINAL is the original's `threadstone` binary.  With -l, each run
# holds that lock file (flock) while it runs, so that on a shared host
# no other timing overlaps it.
set -eu

rounds=3 orig= lock=
srcdir=$(cd "$(dirname "$0")/.." && pwd)
builddir=${TS_BUILDDIR:-$srcdir}
while getopts o:r:b:l: opt; do
	case $opt in
	o) orig=$OPTARG ;;
	r) rounds=$OPTARG ;;
	b) builddir=$OPTARG ;;
	l) lock=$OPTARG ;;
	*) echo "usage: $0 -o ORIGINAL [-r ROUNDS] [-b BUILDDIR] [-l LOCKFILE]" >&2
	   exit 2 ;;
	esac
done
run=$builddir/threadstone-run
[ -n "$orig" ] && [ -x "$orig" ] || { echo "$0: -o ORIGINAL is needed" >&2; exit 2; }
[ -x "$run" ] || { echo "$0: $run not built" >&2; exit 1; }
command -v python3 >/dev/null || { echo "$0: python3 is needed" >&2; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/ts-sortbench.XXXXXX")
trap 'rm -rf "$work"' EXIT

# Run a command, holding the lock file while it runs if there is one.
one() {
	if [ -n "$lock" ]; then
		flock "$lock" "$@"
	else
		"$@"
	fi
}

i=1
while [ "$i" -le "$rounds" ]; do
	one "$orig" run -w sort --format json -q >"$work/orig.$i.json"
	one "$run" -w sort --format json -q >"$work/ours.$i.json"
	i=$((i + 1))
done

python3 - "$work" "$rounds" <<'EOF'
import json, statistics, sys

work, rounds = sys.argv[1], int(sys.argv[2])

def score(path, pass_):
    with open(path) as f:
        doc = json.load(f)
    for c in doc["score"][pass_ + "_core_components"]:
        if c["id"] == "sort":
            return c["measured"]
    raise SystemExit(f"{path}: no sort score in the {pass_}-core pass")

vals = {}
for side in ("orig", "ours"):
    for p in ("single", "multi"):
        vals[side, p] = [score(f"{work}/{side}.{i}.json", p)
                         for i in range(1, rounds + 1)]

print("round  orig single  ours single   orig multi   ours multi")
for i in range(rounds):
    print(f"{i + 1:5d}" + "".join(f" {vals[s, p][i]:12.2f}"
          for p in ("single", "multi") for s in ("orig", "ours")))
for p in ("single", "multi"):
    med = {}
    for s in ("orig", "ours"):
        v = vals[s, p]
        med[s] = statistics.median(v)
        print(f"{p:6s} {s}: median {med[s]:.2f} Melem/s, "
              f"spread {min(v):.2f}..{max(v):.2f} "
              f"({100 * (max(v) - min(v)) / med[s]:.1f} %)")
    print(f"{p:6s} ours/original: {med['ours'] / med['orig']:.3f}")
EOF
