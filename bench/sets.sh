#!/bin/sh
# SPDX-License-Identifier: MIT
# Sets of runs: run the suite N times a side, interleaved, and compare the
# two sets with threadstone-compare (each row judged between runs).  A
# helper for a before/after comparison on one host in one command, and
# the measurement of compare's sets on this host:
#
#   bench/sets.sh [-n N] [-e E] [-b BUILDDIR] [-B OTHER-BUILDDIR]
#                 [-s NEIGHBOUR] [-k DIR | -r DIR] [-- RUN-OPTIONS...]
#
# Each experiment runs 2N threadstone-run suites at RUN-OPTIONS (its
# defaults when none), side a then b or b then a in turn (a b b a a b ...,
# so that a host drifting over the minutes falls on both sides alike):
#   - by default both sides are BUILDDIR's threadstone-run: an A/A test,
#     where every verdict other than "~" is a false alarm;
#   - -B OTHER-BUILDDIR: side b is that build's (before/after);
#   - -s NEIGHBOUR: side b runs beside the command NEIGHBOUR (for example
#     'stress-ng --stream 1'), pinned to the core the single-thread passes
#     do not use, started 2 s before the run and ended after it: a known
#     real change, where "-" is a hit.
# Then "threadstone-compare --json a b", and for comparison the pair rule
# on each pair (a_i, b_i): what one run a side flags and can detect.
#
# -e E repeats the experiment E times (default 1); the summary gives,
# for every workload and pass, the verdicts over the experiments, the
# detectable change of the sets (their interval's half-width) and of one
# run a side (the pair rule's, the mean over the N pairs).  -k DIR keeps
# the documents (DIR/e1/a/run-1.json ..., what the runs said in
# DIR/e1/runs.log); -r DIR recomputes the summary
# from documents kept there, running nothing.  uptime is printed before
# and after each experiment: the host's load is part of the result.
set -eu

n=6 e=1 other= neighbour=
. "$(dirname "$0")/common.sh"
while getopts n:e:b:B:s:k:r: opt; do
	case $opt in
	n | e) eval "$opt=\$OPTARG" ;;
	B) other=$OPTARG ;;
	s) neighbour=$OPTARG ;;
	*) bench_docopt "$opt" || bench_usage "[-n N] [-e E] [-b BUILDDIR]" \
	    "[-B OTHER-BUILDDIR] [-s NEIGHBOUR] [-k DIR | -r DIR]" \
	    "[-- RUN-OPTIONS...]" ;;
	esac
done
shift $((OPTIND - 1))
[ "${1:-}" = -- ] && shift
bench_python

cmp=$builddir/threadstone-compare
run_a=$builddir/threadstone-run
run_b=${other:+$other/threadstone-run}
run_b=${run_b:-$run_a}
bench_need "$cmp"
if [ -z "$reuse" ]; then
	bench_need "$run_a" "$run_b"
	if [ -n "$neighbour" ]; then
		set -f
		# shellcheck disable=SC2086
		command -v ${neighbour%% *} >/dev/null ||
		    { echo "$0: ${neighbour%% *} not found" >&2; exit 1; }
		set +f
	fi
fi

bench_dir sets

# one_run SIDE I DOC: one suite of that side into DOC.
one_run() {
	side=$1 i=$2 doc=$3
	shift 3
	prog=$run_a
	[ "$side" = b ] && prog=$run_b
	start=$(date +%s)
	if [ "$side" = b ] && [ -n "$neighbour" ]; then
		core=0
		[ -f "$exp/a/run-1.json" ] && core=$(bench_other_core "$exp/a/run-1.json")
		set -f
		# shellcheck disable=SC2086
		taskset -c "$core" $neighbour >/dev/null 2>&1 &
		set +f
		npid=$!
		sleep 2
		"$prog" -q -o "$doc" "$@" >/dev/null 2>>"$exp/runs.log" || true
		kill "$npid" 2>/dev/null || true
		wait "$npid" 2>/dev/null || true
		echo "  $side $i: $(( $(date +%s) - start )) s (beside" \
		    "'$neighbour' on core $core)" >&2
	else
		"$prog" -q -o "$doc" "$@" >/dev/null 2>>"$exp/runs.log" || true
		echo "  $side $i: $(( $(date +%s) - start )) s" >&2
	fi
}

x=1
while [ "$x" -le "$e" ]; do
	exp=$dir/e$x
	if [ -z "$reuse" ]; then
		mkdir -p "$exp/a" "$exp/b"
		echo "experiment $x of $e: $(uptime)" >&2
		uptime >"$exp/uptime-before"
		i=1
		while [ "$i" -le "$n" ]; do
			if [ $((i % 2)) -eq 1 ]; then
				one_run a "$i" "$exp/a/run-$i.json" "$@"
				one_run b "$i" "$exp/b/run-$i.json" "$@"
			else
				one_run b "$i" "$exp/b/run-$i.json" "$@"
				one_run a "$i" "$exp/a/run-$i.json" "$@"
			fi
			i=$((i + 1))
		done
		uptime >"$exp/uptime-after"
		echo "  done: $(uptime)" >&2
	fi
	"$cmp" --json "$exp/a" "$exp/b" >"$exp/sets.json" || true
	"$cmp" "$exp/a" "$exp/b" >"$exp/sets.txt" || true
	i=1
	while [ "$i" -le "$n" ]; do
		if [ -f "$exp/a/run-$i.json" ] && [ -f "$exp/b/run-$i.json" ]; then
			"$cmp" --json "$exp/a/run-$i.json" "$exp/b/run-$i.json" \
			    >"$exp/pair-$i.json" || true
		fi
		i=$((i + 1))
	done
	x=$((x + 1))
done

python3 - "$dir" "$e" "$n" "${neighbour:+neighbour}${other:+builds}" <<'EOF'
import json, os, statistics, sys

d, e, n, kind = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
passes = (("single_thread", "single"), ("multi_thread", "multi"))

def load(p):
    with open(p) as f:
        return json.load(f)

exps = [os.path.join(d, "e%d" % x) for x in range(1, e + 1)]
def usable(x):
    try:
        load(os.path.join(x, "sets.json"))
        return True
    except (OSError, ValueError):
        return False

exps = [x for x in exps if usable(x)]
if not exps:
    sys.exit("no experiment in %s" % d)
order, rows = [], {}
for x in exps:
    c = load(os.path.join(x, "sets.json"))
    for key, name in passes:
        for r in c[key]:
            k = (r["id"], name)
            if k not in rows:
                order.append(k)
                rows[k] = {"verdicts": [], "det": [], "pair_det": [],
                           "pair_alarm": 0, "pairs": 0, "change": []}
            rows[k]["verdicts"].append(r["verdict"])
            if r.get("threshold_pct") is not None:
                rows[k]["det"].append(r["threshold_pct"])
            if r.get("change_pct") is not None:
                rows[k]["change"].append(r["change_pct"])
    for i in range(1, n + 1):
        p = os.path.join(x, "pair-%d.json" % i)
        if not os.path.exists(p):
            continue
        pc = load(p)
        for key, name in passes:
            for r in pc[key]:
                k = (r["id"], name)
                if k in rows and r.get("detectable_pct") is not None:
                    rows[k]["pair_det"].append(r["detectable_pct"])
                    rows[k]["pairs"] += 1
                    rows[k]["pair_alarm"] += r["verdict"] not in (
                        "unchanged", "missing")

what = {"": "A/A: the same build on both sides",
        "neighbour": "side b beside a neighbour",
        "builds": "side a and side b from two builds"}[kind]
print("%d experiment%s of %d runs a side (%s)" % (
    len(exps), "" if len(exps) == 1 else "s", n, what))
for x in exps:
    for f in ("uptime-before", "uptime-after"):
        p = os.path.join(x, f)
        if os.path.exists(p):
            print("  %s %s: %s" % (os.path.basename(x), f,
                                   open(p).read().strip()))
print()
print("| workload | pass | sets: verdicts | median change | sets: detectable | "
      "one run a side: detectable | one run a side: flagged |")
print("|---|---|---|---|---|---|---|")
flagged = total = 0
for k in order:
    r = rows[k]
    v = r["verdicts"]
    cnt = ", ".join("%s %d" % (s, v.count(s)) for s in
                    ("slower", "faster", "unchanged", "missing") if v.count(s))
    flagged += sum(1 for s in v if s in ("slower", "faster"))
    total += sum(1 for s in v if s != "missing")
    print("| %s | %s | %s | %+.1f %% | ±%.1f %% | ±%.1f %% | %d/%d |" % (
        k[0], k[1], cnt,
        statistics.median(r["change"]) if r["change"] else float("nan"),
        statistics.mean(r["det"]) if r["det"] else float("nan"),
        statistics.mean(r["pair_det"]) if r["pair_det"] else float("nan"),
        r["pair_alarm"], r["pairs"]))
print()
print("rows flagged by the sets: %d of %d (%.1f %%)" % (
    flagged, total, 100.0 * flagged / total if total else 0))
# The gate (--fail-on-regression) reads the family, once per experiment.
nights = sum(1 for x in exps
             if load(os.path.join(x, "sets.json"))["summary"]["regression"])
pnights = pn = 0
for x in exps:
    for i in range(1, n + 1):
        p = os.path.join(x, "pair-%d.json" % i)
        if os.path.exists(p):
            pn += 1
            pnights += load(p)["summary"]["regression"]
print("nights flagged (the gate fails), sets: %d of %d experiments; "
      "one run a side: %d of %d pairs" % (nights, len(exps), pnights, pn))
ratios = [statistics.mean(rows[k]["det"]) / statistics.mean(rows[k]["pair_det"])
          for k in order if rows[k]["det"] and rows[k]["pair_det"]]
if ratios:
    print("detectable change, sets of %d against one run a side: median "
          "ratio %.2f (rows at or under half: %d of %d)" % (
              n, statistics.median(ratios), sum(1 for q in ratios if q <= 0.5),
              len(ratios)))
EOF
