#!/usr/bin/env python3
# bench/night-aa.py: how often the gates fail a night of identical
# builds, counted per night and per history (issue 44), through the
# programs themselves, under a noise model written here and nowhere else
# (not the C tests' model): a night's state is shared by all its passes
# (a normal factor of --common on every pass), each pass has its own
# noise on top (Student's t with --df degrees of freedom, scale
# --noise), and a fraction --bad of nights are bad hours, 10 to 40 %
# slower on every pass.  Documents are FIXTURE with every pass's
# figures scaled.
#
#   night-aa.py check FIXTURE [--histories H] [--length L] [--nights N]
#   night-aa.py compare FIXTURE [--runs R] [--experiments E]
#
# check: H histories of L nights are added to a fresh database each,
# and N new nights are checked against each, as they are, every pass
# 10 % slower, and one pass alone 10 % slower: per history, the A/A
# nights that exit 3 beyond the model's own bad hours, and the found.
# compare: E experiments of R runs against R runs of the same model,
# counted when `threadstone-compare --fail-on-regression` exits 3, and
# the rows marked slower beside them.
# Environment: TS_HISTORY, TS_COMPARE (the programs; default ./...).
import argparse
import json
import math
import os
import random
import subprocess
import sys
import tempfile

STATS = ("median", "mean", "stddev", "min", "max", "p05", "p95", "ci95")


def student(rng, df):
    z = rng.gauss(0.0, 1.0)
    if df <= 0:
        return z
    return z / math.sqrt(rng.gammavariate(df / 2.0, 2.0) / df)


class Model:
    def __init__(self, a, rng):
        self.a = a
        self.rng = rng

    def night(self):
        """One night's factors: (common, bad, per-pass noise draw)."""
        common = math.exp(self.rng.gauss(0.0, self.a.common))
        bad = 0.0
        if self.rng.random() < self.a.bad:
            bad = self.rng.uniform(0.10, 0.40)
        return common, bad, random.Random(self.rng.random())

    def document(self, base, when, night, slow=0.0, one=None):
        common, bad, prng = night
        d = json.loads(base)
        d["generated_at"] = when
        for w in d["workloads"]:
            for key in ("single_thread", "multi_thread"):
                p = w.get(key)
                if not p:
                    continue
                e = student(prng, self.a.df) * self.a.noise
                # The night's state slows (or speeds) every pass alike:
                # a larger figure for nanoseconds, a smaller for rates.
                f = max(0.05, 1.0 + e)
                s = common * (1 + bad) * (1 + slow)
                if one == (w["id"], key):
                    s *= 1.10
                f = f * s if w["unit"] == "nanoseconds" else f / s
                p["value"] *= f
                p["samples"] = [v * f for v in p["samples"]]
                for k in STATS:
                    p["stats"][k] *= f
        d.pop("signature", None)
        d.get("extensions", {}).pop("executions", None)
        return json.dumps(d)


def stamp(i):
    return "2025-%02d-%02dT02:00:00Z" % (1 + i // 28, 1 + i % 28)


def run(cmd, stdin=None):
    return subprocess.run(cmd, input=stdin, capture_output=True,
                          text=True).returncode


def check(a, base, rng):
    hist = os.environ.get("TS_HISTORY", "./threadstone-history")
    first = json.loads(base)["workloads"][0]
    one = (first["id"], "single_thread")
    worst = None
    tot = {"aa": 0, "aan": 0, "all": 0, "one": 0, "n": 0}
    for h in range(a.histories):
        m = Model(a, rng)
        with tempfile.TemporaryDirectory() as tmp:
            db = os.path.join(tmp, "h.sqlite")
            paths = []
            for i in range(a.length):
                p = os.path.join(tmp, "n%04d.json" % i)
                with open(p, "w") as f:
                    f.write(m.document(base, stamp(i), m.night()))
                paths.append(p)
            if run([hist, "--db", db, "add"] + paths) != 0:
                sys.exit("night-aa: add failed")
            fa = n = found_all = found_one = 0
            for i in range(a.nights):
                nt = m.night()
                when = stamp(a.length + 1)
                rc = run([hist, "--db", db, "check", "-"],
                         m.document(base, when, nt))
                if nt[1] == 0:
                    n += 1
                    fa += rc == 3
                found_all += run([hist, "--db", db, "check", "-"],
                                 m.document(base, when, nt, 0.10)) == 3
                found_one += run([hist, "--db", db, "check", "-"],
                                 m.document(base, when, nt, 0.0, one)) == 3
            print("history %d (%d nights): A/A flagged %d of %d beyond its "
                  "bad hours; every pass 10 %% slower found %d of %d; one "
                  "pass alone %d of %d" % (h + 1, a.length, fa, n,
                                           found_all, a.nights, found_one,
                                           a.nights), flush=True)
            tot["aa"] += fa
            tot["aan"] += n
            tot["all"] += found_all
            tot["one"] += found_one
            tot["n"] += a.nights
            if worst is None or fa * worst[1] > worst[0] * n:
                worst = (fa, n)
    print("all: A/A %d of %d (worst history %d of %d); every pass 10 %% "
          "slower %d of %d; one pass alone %d of %d" %
          (tot["aa"], tot["aan"], worst[0], worst[1], tot["all"], tot["n"],
           tot["one"], tot["n"]))


def compare(a, base, rng):
    cmp_ = os.environ.get("TS_COMPARE", "./threadstone-compare")
    fails = rows = judged = 0
    for e in range(a.experiments):
        m = Model(a, rng)
        with tempfile.TemporaryDirectory() as tmp:
            sides = []
            for s in range(2):
                ps = []
                for i in range(a.runs):
                    p = os.path.join(tmp, "s%d-%02d.json" % (s, i))
                    with open(p, "w") as f:
                        f.write(m.document(base, stamp(i), m.night()))
                    ps.append(p)
                sides.append(ps)
            r = subprocess.run([cmp_, "--json", "--fail-on-regression"] +
                               sides[0] + ["--"] + sides[1],
                               capture_output=True, text=True)
            fails += r.returncode == 3
            c = json.loads(r.stdout)
            for k in ("single_thread", "multi_thread"):
                for row in c[k]:
                    judged += row["verdict"] != "missing"
                    rows += row["verdict"] == "slower"
    print("%d against %d runs, %d experiments: the gate failed %d (%.1f %%); "
          "rows marked slower %d of %d (%.1f %%)" %
          (a.runs, a.runs, a.experiments, fails,
           100.0 * fails / a.experiments, rows, judged,
           100.0 * rows / max(1, judged)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("what", choices=("check", "compare"))
    ap.add_argument("fixture")
    ap.add_argument("--histories", type=int, default=5)
    ap.add_argument("--length", type=int, default=60)
    ap.add_argument("--nights", type=int, default=100)
    ap.add_argument("--runs", type=int, default=6)
    ap.add_argument("--experiments", type=int, default=100)
    ap.add_argument("--common", type=float, default=0.01)
    ap.add_argument("--noise", type=float, default=0.01)
    ap.add_argument("--df", type=float, default=3.0)
    ap.add_argument("--bad", type=float, default=0.015)
    ap.add_argument("--seed", type=int, default=44)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    with open(a.fixture) as f:
        base = f.read()
    (check if a.what == "check" else compare)(a, base, rng)


if __name__ == "__main__":
    main()
