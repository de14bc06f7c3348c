#!/bin/sh
# SPDX-License-Identifier: MIT
# A/A test of threadstone-compare, and its power beside a memory
# neighbour.  A measurement script, not a test: run it on a host that
# nothing else uses, and it takes N + M default suites (about 30 s each).
#
#  1. A/A: N runs of threadstone-run at its defaults, one after another;
#     every pair (i < j) compared; any verdict other than "=" is a false
#     alarm.  Per workload and pass: false alarms, the spread of the N
#     values ((max - min) / median), the mean ci95 as % of the value, and
#     the false alarms of ThreadStone 2.0.0's compare on the same pairs
#     when -o names its binary (it reads our documents).  With the together
#     probe in the documents: each run's median reading, and the
#     multi-thread rows whose false alarm its allowance prevented.
#  2. Power: M runs beside `stress-ng --stream 1` pinned to the core the
#     single-thread passes do not use (a memory neighbour), compared with
#     each A/A run as baseline: how often stream and latency come out
#     slower ("-"), which they really are, and every other row's verdicts.
#
#   bench/aa.sh [-n N] [-m M] [-b BUILDDIR] [-o ORIGINAL] [-k DIR | -r DIR]
#               [-- RUN-OPTIONS...]
#
# N defaults to 6, M to 2 (0 skips the power check).  -k DIR keeps the
# documents in DIR; -r DIR recomputes the tables from documents kept
# there, running nothing.  RUN-OPTIONS go to every threadstone-run.
set -eu

n=6 m=2
. "$(dirname "$0")/common.sh"
while getopts n:m:b:o:k:r: opt; do
	case $opt in
	n | m) eval "$opt=\$OPTARG" ;;	# -n N, -m M
	*) bench_docopt "$opt" || bench_usage "[-n N] [-m M] [-b BUILDDIR]" \
	    "[-o ORIGINAL] [-k DIR | -r DIR] [-- RUN-OPTIONS...]" ;;
	esac
done
shift $((OPTIND - 1))
[ "${1:-}" = -- ] && shift

run=$builddir/threadstone-run
cmp=$builddir/threadstone-compare
bench_need "$run" "$cmp"
if [ -n "$orig" ] && [ ! -x "$orig" ]; then
	echo "$0: $orig is not an executable" >&2
	exit 1
fi
if [ "$m" -gt 0 ] && [ -z "$reuse" ] && ! command -v stress-ng >/dev/null; then
	echo "$0: stress-ng is needed for the power check (or -m 0)" >&2
	exit 1
fi

bench_dir aa

if [ -z "$reuse" ]; then
	i=1
	while [ "$i" -le "$n" ]; do
		start=$(date +%s)
		"$run" -q -o "$dir/aa-$i.json" "$@" >/dev/null
		echo "A/A run $i of $n: $(( $(date +%s) - start )) s" >&2
		i=$((i + 1))
	done
	j=1
	while [ "$j" -le "$m" ]; do
		core=$(bench_other_core "$dir/aa-1.json")
		taskset -c "$core" stress-ng --stream 1 --quiet &
		spid=$!
		sleep 2
		start=$(date +%s)
		"$run" -q -o "$dir/nb-$j.json" "$@" >/dev/null || true
		kill "$spid" 2>/dev/null || true
		wait "$spid" 2>/dev/null || true
		echo "neighbour run $j of $m (stress-ng on core $core):" \
		    "$(( $(date +%s) - start )) s" >&2
		j=$((j + 1))
	done
fi

# Every comparison as JSON lines: kind, i, j, ours, original's text.
pairs=$dir/pairs.jsonl
: >"$pairs"
i=1
while [ "$i" -le "$n" ]; do
	j=$((i + 1))
	while [ "$j" -le "$n" ]; do
		"$cmp" --json "$dir/aa-$i.json" "$dir/aa-$j.json" \
		    >"$dir/cmp-$i-$j.json" || true
		if [ -n "$orig" ]; then
			"$orig" compare "$dir/aa-$i.json" "$dir/aa-$j.json" \
			    >"$dir/orig-$i-$j.txt" 2>/dev/null || true
		fi
		echo "{\"kind\": \"aa\", \"i\": $i, \"j\": $j}" >>"$pairs"
		j=$((j + 1))
	done
	k=1
	while [ "$k" -le "$m" ]; do
		if [ -f "$dir/nb-$k.json" ]; then
			"$cmp" --json "$dir/aa-$i.json" "$dir/nb-$k.json" \
			    >"$dir/pw-$i-$k.json" || true
			echo "{\"kind\": \"power\", \"i\": $i, \"j\": $k}" \
			    >>"$pairs"
		fi
		k=$((k + 1))
	done
	i=$((i + 1))
done

python3 - "$dir" "$n" "$m" "${orig:+yes}" <<'EOF'
import json, os, statistics, sys

d, n, m, have_orig = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4] == "yes"
passes = (("single_thread", "single"), ("multi_thread", "multi"))

def load(path):
    with open(path) as f:
        return json.load(f)

runs = [load(os.path.join(d, "aa-%d.json" % i)) for i in range(1, n + 1)]
order = []
for w in runs[0]["workloads"]:
    for key, name in passes:
        if w.get(key):
            order.append((w["id"], key, name))

def orig_alarms(text):
    """Rows of the original's text output whose glyph is not '='."""
    alarms, section = {}, None
    for line in text.splitlines():
        if line in ("single-thread", "multi-thread"):
            section = "single_thread" if line.startswith("single") else "multi_thread"
            continue
        if section and line.startswith("  ") and len(line) > 3:
            glyph, wid = line[2], line[4:].split()[0]
            alarms[(wid, section)] = glyph != "="
        elif not line.strip():
            section = None
    return alarms

ours = {k: 0 for k in order}
theirs = {k: 0 for k in order}
npairs = 0
for i in range(1, n + 1):
    for j in range(i + 1, n + 1):
        npairs += 1
        c = load(os.path.join(d, "cmp-%d-%d.json" % (i, j)))
        for key, _ in passes:
            for row in c[key]:
                k = next((o for o in order if o[0] == row["id"] and o[1] == key), None)
                if k and row["verdict"] != "unchanged":
                    ours[k] += 1
        if have_orig:
            path = os.path.join(d, "orig-%d-%d.txt" % (i, j))
            if os.path.exists(path):
                for (wid, key), alarm in orig_alarms(open(path).read()).items():
                    k = next((o for o in order if o[0] == wid and o[1] == key), None)
                    if k and alarm:
                        theirs[k] += 1

print("A/A: %d runs, %d pairs (host: %s)" % (n, npairs, runs[0]["system"].get("cpu_model")))
head = "| workload | pass | false alarms | spread of %d values | mean ci95 | mean detectable |" % n
if have_orig:
    head += " original's compare |"
print()
print(head)
print("|---" * (head.count("|") - 1) + "|")
tot = tot_o = rows = 0
for k in order:
    wid, key, name = k
    vals = [next(w for w in r["workloads"] if w["id"] == wid)[key] for r in runs]
    v = [p["value"] for p in vals if p]
    ci = [abs(p["stats"]["ci95"] / p["value"]) * 100 for p in vals if p and p["value"]]
    det = []
    for i in range(1, n + 1):
        for j in range(i + 1, n + 1):
            c = load(os.path.join(d, "cmp-%d-%d.json" % (i, j)))
            for row in c[key]:
                if row["id"] == wid and row.get("detectable_pct") is not None:
                    det.append(row["detectable_pct"])
    spread = (max(v) - min(v)) / statistics.median(v) * 100 if v else float("nan")
    line = "| %s | %s | %d/%d | %.1f %% | %.2f %% | %.1f %% |" % (
        wid, name, ours[k], npairs, spread, statistics.mean(ci) if ci else float("nan"),
        statistics.mean(det) if det else float("nan"))
    if have_orig:
        line += " %d/%d |" % (theirs[k], npairs)
        tot_o += theirs[k]
    print(line)
    tot += ours[k]
    rows += npairs
line = "| **all rows** | | **%d/%d (%.1f %%)** | | | |" % (tot, rows, 100.0 * tot / rows if rows else 0)
if have_orig:
    line += " **%d/%d (%.1f %%)** |" % (tot_o, rows, 100.0 * tot_o / rows if rows else 0)
print(line)
# The gate (--fail-on-regression) reads the family once per pair: a
# night of identical builds fails it this often.
gate = sum(1 for i in range(1, n + 1) for j in range(i + 1, n + 1)
           if load(os.path.join(d, "cmp-%d-%d.json" % (i, j)))["summary"]["regression"])
print()
print("nights flagged (the gate fails): %d of %d pairs (%.1f %%); rows "
      "flagged: %d of %d (%.1f %%)" % (gate, npairs,
      100.0 * gate / npairs if npairs else 0, tot, rows,
      100.0 * tot / rows if rows else 0))

# The together probe (threadstone-run(1), Core speeds): each run's median,
# and the multi-thread rows its allowance kept from a false alarm.
def together(r):
    t = r.get("extensions", {}).get("cpu_speed", {}).get("together")
    if not t or not (t.get("median") or t.get("readings")):
        return "-"
    return "%.2f" % (t.get("median") or statistics.median(t["readings"]))
nbs = [load(os.path.join(d, "nb-%d.json" % k)) for k in range(1, m + 1)
       if os.path.exists(os.path.join(d, "nb-%d.json" % k))]
if any(together(r) != "-" for r in runs):
    kept = allowed = 0
    for i in range(1, n + 1):
        for j in range(i + 1, n + 1):
            for row in load(os.path.join(d, "cmp-%d-%d.json" % (i, j)))["multi_thread"]:
                a = row.get("host_allowance_pct")
                if a is None:
                    continue
                allowed += 1
                if (row["verdict"] == "unchanged" and
                        abs(row["best_execution_change_pct"]) > row["threshold_pct"] - a):
                    kept += 1
    print()
    print("Together probe, median steps/ns: A/A runs %s; neighbour runs %s" % (
        ", ".join(together(r) for r in runs), ", ".join(together(r) for r in nbs) or "none"))
    print("Multi-thread rows its allowance kept from a false alarm: %d of %d" % (kept, allowed))

# The variance components each run recorded, and what Kalibera and Jones's
# rule makes of them: samples per execution n = sqrt(c_exec * within /
# (c_sample * between)), c_exec the execution's time besides its samples.
print()
print("Design: variance components over the %d A/A runs (medians)" % n)
print()
print("| workload | pass | within sd | between sd | between share | exec ms | sample ms | K&J n |")
print("|---|---|---|---|---|---|---|---|")
for k in order:
    wid, key, name = k
    ws, bs, sh, ce, cs = [], [], [], [], []
    for r in runs:
        ex = r.get("extensions", {}).get("executions")
        if not ex:
            continue
        spl = ex["design"]["samples"]
        for x in ex["passes"]:
            if x["workload"] != wid or x["pass"] != key or not x.get("mean"):
                continue
            if "within_variance" in x:
                ws.append(x["within_variance"] ** 0.5 / x["mean"] * 100)
                bs.append(x["between_variance"] ** 0.5 / x["mean"] * 100)
                sh.append(x["between_share"])
            usual = x["host"].get("usual_round_ms")
            if usual and x.get("wall_ms"):
                cs.append(usual)
                ce.append(statistics.median(x["wall_ms"]) - spl * usual)
    if not ws:
        continue
    w2, b2 = statistics.median(ws) ** 2, statistics.median(bs) ** 2
    c_e, c_s = statistics.median(ce), statistics.median(cs)
    nk = (c_e * w2 / (c_s * b2)) ** 0.5 if b2 > 0 and c_s > 0 and c_e > 0 else float("inf")
    print("| %s | %s | %.2f %% | %.2f %% | %.2f | %.0f | %.0f | %.1f |" % (
        wid, name, statistics.median(ws), statistics.median(bs), statistics.median(sh),
        c_e, c_s, nk))

if m > 0:
    nb = [os.path.join(d, "nb-%d.json" % k) for k in range(1, m + 1)]
    nb = [p for p in nb if os.path.exists(p)]
    if nb:
        print()
        print("Power: %d A/A runs as baselines x %d runs beside stress-ng --stream 1" % (n, len(nb)))
        print()
        print("| workload | pass | slower | faster | unchanged | mean change |")
        print("|---|---|---|---|---|---|")
        for k in order:
            wid, key, name = k
            cnt = {"slower": 0, "faster": 0, "unchanged": 0, "missing": 0}
            ch = []
            for i in range(1, n + 1):
                for kk in range(1, len(nb) + 1):
                    p = os.path.join(d, "pw-%d-%d.json" % (i, kk))
                    if not os.path.exists(p):
                        continue
                    for row in load(p)[key]:
                        if row["id"] == wid:
                            cnt[row["verdict"]] += 1
                            if row.get("change_pct") is not None:
                                ch.append(row["change_pct"])
            total = sum(cnt.values())
            print("| %s | %s | %d/%d | %d/%d | %d/%d | %+.1f %% |" % (
                wid, name, cnt["slower"], total, cnt["faster"], total,
                cnt["unchanged"], total, statistics.mean(ch) if ch else float("nan")))
EOF
