#!/usr/bin/env python3
# tests/history-synth.py: a synthetic history of result documents for
# threadstone-history's tests and bench/history-scale.sh.  Each document
# is FIXTURE re-serialised with every pass's figures (samples, value and
# statistics) scaled by one factor: the level of that point in time times
# normal noise of relative size --noise; generated_at advances by --step
# hours; the signature is dropped (the figures changed).
#
#   history-synth.py FIXTURE OUTDIR COUNT [--noise CV] [--seed N]
#       [--start YYYY-MM-DDTHH:MM:SSZ] [--step HOURS]
#       [--change INDEX:FACTOR[:WORKLOAD[:PASS]]]...
#       [--producer-change INDEX:TOOL_VERSION] [--lines]
#       [--tails DF] [--outliers FRACTION:SIZE]
#
# --change multiplies the level from document INDEX on (a FACTOR below 1
# is slower for rates, faster for nanoseconds); --producer-change gives
# documents from INDEX on another tool_version.  --tails draws the noise
# from Student's t with DF degrees of freedom (scale --noise) instead of
# the normal; --outliers makes each document, with probability FRACTION,
# a slow run (a busy neighbour on a cloud VM): every pass slower by a
# uniform 0 to SIZE (0.3: up to 30 %; slower is a larger figure for
# nanoseconds).  Without them the series are those of earlier versions,
# seed for seed.  --lines writes one
# compact document per line to OUTDIR/all.jsonl instead (for counting).
# Prints the truth as JSON on stdout: the change indices.
import argparse
import datetime
import json
import os
import random
import sys

STATS_SCALED = ("median", "mean", "stddev", "min", "max", "p05", "p95",
                "ci95")


def scale_pass(p, f):
    p["value"] = p["value"] * f
    p["samples"] = [s * f for s in p["samples"]]
    st = p["stats"]
    for k in STATS_SCALED:
        st[k] = st[k] * f


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("fixture")
    ap.add_argument("outdir")
    ap.add_argument("count", type=int)
    ap.add_argument("--noise", type=float, default=0.01)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--start", default="2025-01-01T02:00:00Z")
    ap.add_argument("--step", type=float, default=24.0)
    ap.add_argument("--change", action="append", default=[])
    ap.add_argument("--producer-change", default=None)
    ap.add_argument("--lines", action="store_true")
    ap.add_argument("--tails", type=float, default=None)
    ap.add_argument("--outliers", default=None)
    a = ap.parse_args()

    rng = random.Random(a.seed)
    with open(a.fixture) as f:
        base = json.load(f)
    base.pop("signature", None)
    changes = []
    for c in a.change:
        parts = c.split(":")
        changes.append((int(parts[0]), float(parts[1]),
                        parts[2] if len(parts) > 2 else None,
                        parts[3] if len(parts) > 3 else None))
    prod_at, prod_version = None, None
    if a.producer_change:
        i, v = a.producer_change.split(":", 1)
        prod_at, prod_version = int(i), v
    out_p, out_size = 0.0, 0.0
    if a.outliers:
        out_p, out_size = (float(v) for v in a.outliers.split(":"))
    t0 = datetime.datetime.strptime(a.start, "%Y-%m-%dT%H:%M:%SZ")
    os.makedirs(a.outdir, exist_ok=True)
    text = json.dumps(base)
    out = open(os.path.join(a.outdir, "all.jsonl"), "w") if a.lines else None
    for i in range(a.count):
        d = json.loads(text)
        t = t0 + datetime.timedelta(hours=a.step * i)
        d["generated_at"] = t.strftime("%Y-%m-%dT%H:%M:%SZ")
        if prod_at is not None and i >= prod_at:
            d["tool_version"] = prod_version
        slow = 0.0
        if out_p > 0 and rng.random() < out_p:
            slow = rng.uniform(0.0, out_size)
        for w in d["workloads"]:
            for pk, pn in (("single_thread", "single"),
                           ("multi_thread", "multi")):
                p = w.get(pk)
                if not p:
                    continue
                level = 1.0
                for at, fac, wid, pas in changes:
                    if i >= at and (wid is None or wid == w["id"]) and \
                            (pas is None or pas == pn):
                        level *= fac
                e = rng.gauss(0.0, 1.0)
                if a.tails:
                    e /= (rng.gammavariate(a.tails / 2, 2.0) / a.tails) ** 0.5
                f = level * max(0.05, 1.0 + e * a.noise)
                if slow > 0:
                    f = f * (1 + slow) if w["unit"] == "nanoseconds" else \
                        f / (1 + slow)
                scale_pass(p, f)
        if out:
            out.write(json.dumps(d, separators=(",", ":")) + "\n")
        else:
            with open(os.path.join(a.outdir, "run-%05d.json" % i), "w") as f:
                json.dump(d, f, separators=(",", ":"))
    if out:
        out.close()
    json.dump({"changes": [c[0] for c in changes],
               "producer_change": prod_at}, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
