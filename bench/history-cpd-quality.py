#!/usr/bin/env python3
# bench/history-cpd-quality.py: how well threadstone-history finds change
# points and how often check cries wolf, on synthetic histories with known
# truth (tests/history-synth.py).  Not a test: it prints figures.
#
#   history-cpd-quality.py [--part cpd|check|all]
#       [--model normal|cloud|both] [--series N] [--length L]
#       [--trials T] [--history H] [--seed S] [--keep DIR]
#
# Two noise models (--model: one of them, or both, the default), each run
# on its own: "normal" (normal noise, CV 1 %)
# and "cloud" (Student's t with 3 degrees of freedom, scale 1 %, and 3 %
# of the runs slowed by a uniform 0 to 30 %, all passes of that run: a
# busy neighbour on a cloud VM).
#
# cpd: N (200) hosts with changes, each a history of L (100) runs: one or
# two level shifts of 2, 5 or 10 % (slower or faster, at least 15 runs
# apart and from the ends) on one workload and pass (in turn among the
# eleven); every fourth host also a producer change away from the level
# shifts, every eighth instead a producer change together with a 10 %
# slowdown of every pass.  And N hosts without any change.  All added with
# "threadstone-history add --host", then "changes --json".  A level change
# reported within +-2 runs of a true one is a hit (each true one once);
# precision = hits / level changes reported on the changed series, recall
# = hits / true changes (by size); the false-alarm rate is the fraction of
# series without change with any level change reported (the changed
# series of the N changed hosts' other ten series, and all eleven series
# of the N hosts without change).  Producer changes must come out as
# "producer" with direction "none", on every series, and never as a level
# change (worse or better) within +-2 runs of them.
#
# check: T (200) trials, each a fresh stable history of H (60) runs of one
# host and a new run from the same distribution (the history's run H,
# not added): "check --json" of it as is (A/A), and of the same run made
# 2, 3, 5 and 10 % slower on every pass, and with one pass alone (sgemm
# single-thread) 5 % slower.  Reported: how often check exits 3 (the
# document is a regression), the fraction of passes judged "worse", how
# often the run as a whole was "worse", and how often the one slowed
# pass was.
#
# The program is $TS_HISTORY, else $TS_BUILDDIR/threadstone-history, else
# the one in the source tree.
import argparse
import collections
import contextlib
import importlib.util
import io
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

SRC = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SYNTH = os.path.join(SRC, "tests", "history-synth.py")
FIXTURE = os.path.join(SRC, "tests", "fixtures", "apple-m4-pro.json")
MODELS = {
    "normal": [],
    "cloud": ["--tails", "3", "--outliers", "0.03:0.3"],
}
SIZES = (0.02, 0.05, 0.10)


def synth_module():
    spec = importlib.util.spec_from_file_location("history_synth", SYNTH)
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    return m


def series_of(fixture):
    """The (workload, pass, nanoseconds?) of the fixture's passes."""
    with open(fixture) as f:
        d = json.load(f)
    out = []
    for w in d["workloads"]:
        for pk, pn in (("single_thread", "single"),
                       ("multi_thread", "multi")):
            if w.get(pk):
                out.append((w["id"], pn, w["unit"] == "nanoseconds"))
    return out


def slower(factor_pct, ns):
    """The --change factor that makes a pass factor_pct slower."""
    return 1 + factor_pct if ns else 1 / (1 + factor_pct)


def run(cmd, ok=(0,)):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True)
    if p.returncode not in ok:
        sys.exit("%s: exit %d: %s" % (" ".join(cmd[:4]), p.returncode,
                                      p.stderr.strip()))
    return p


_synth = None


def synth(outdir, count, seed, model, extra):
    """tests/history-synth.py FIXTURE OUTDIR COUNT ..., in this process."""
    global _synth
    if _synth is None:
        _synth = synth_module()
    argv = sys.argv
    sys.argv = [SYNTH, FIXTURE, outdir, str(count), "--seed", str(seed)] + \
        MODELS[model] + extra
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            _synth.main()
    finally:
        sys.argv = argv


def add(hist, db, host, d):
    files = sorted(os.path.join(d, f) for f in os.listdir(d))
    run([hist, "--db", db, "add", "--host", host] + files)
    shutil.rmtree(d)


def part_cpd(a, hist, tmp, model, series):
    rng = random.Random(a.seed)
    db = os.path.join(tmp, "cpd-%s.sqlite" % model)
    truth = {}      # host -> (workload, pass, [(index, size)], producer)
    L = a.length
    for h in range(a.series):
        wl, pn, ns = series[h % len(series)]
        nlev = 1 + (h % 2)
        while True:
            idx = sorted(rng.randint(15, L - 15) for _ in range(nlev))
            if nlev == 1 or idx[1] - idx[0] >= 15:
                break
        extra, lev = [], []
        for i in idx:
            size = SIZES[rng.randrange(len(SIZES))]
            sign = rng.choice((1, -1))       # 1: slower
            f = slower(size, ns) if sign > 0 else 1 / slower(size, ns)
            extra += ["--change", "%d:%.9g:%s:%s" % (i, f, wl, pn)]
            lev.append((i, size, 100 * ((1 - f) if ns else (f - 1))))
        prod = None
        if h % 8 == 4:
            # a new producer, 10 % slower on every pass at once
            while True:
                prod = rng.randint(10, L - 10)
                if all(abs(prod - i) > 5 for i in idx):
                    break
            for w2, p2, ns2 in series:
                extra += ["--change", "%d:%.9g:%s:%s" % (
                    prod, slower(0.10, ns2), w2, p2)]
        elif h % 4 == 0:
            while True:
                prod = rng.randint(10, L - 10)
                if all(abs(prod - i) > 5 for i in idx):
                    break
        if prod is not None:
            extra += ["--producer-change", "%d:2.1.0" % prod]
        host = "c-%03d" % h
        d = os.path.join(tmp, host)
        synth(d, L, 1000 + h, model, extra)
        add(hist, db, host, d)
        truth[host] = (wl, pn, lev, prod)
    for h in range(a.series):
        host = "n-%03d" % h
        d = os.path.join(tmp, host)
        synth(d, L, 5000 + h, model, [])
        add(hist, db, host, d)
        truth[host] = (None, None, [], None)
    ch = json.loads(run([hist, "--db", db, "changes", "--json"]).stdout)
    text = run([hist, "--db", db, "changes"]).stdout
    if a.keep:
        shutil.copy(db, os.path.join(a.keep, os.path.basename(db)))
    os.unlink(db)

    by = collections.defaultdict(list)
    for c in ch:
        by[(c["host"], c["workload"], c["pass"])].append(c)
    hits = fp = 0
    true_by = collections.Counter()
    hit_by = collections.Counter()
    err_pct = []
    fa_other = fa_none = n_other = n_none = 0
    fa_none_hosts = set()
    prod_ok = prod_total = prod_as_level = 0
    for host, (wl, pn, lev, prod) in truth.items():
        for w2, p2, _ in series:
            cs = by.get((host, w2, p2), [])
            level = [c for c in cs if c["kind"] == "level"]
            prods = [c for c in cs if c["kind"] == "producer"]
            if prod is not None:
                prod_total += 1
                if len(prods) == 1 and prods[0]["index"] == prod and \
                        prods[0]["direction"] == "none":
                    prod_ok += 1
                prod_as_level += sum(1 for c in level
                                     if abs(c["index"] - prod) <= 2)
            elif prods:
                prod_total += 1     # a producer change invented
            if (w2, p2) == (wl, pn):
                used = set()
                for c in level:
                    m = [k for k, (i, s, e) in enumerate(lev)
                         if abs(c["index"] - i) <= 2 and k not in used]
                    if m:
                        used.add(m[0])
                        hits += 1
                        i, s, e = lev[m[0]]
                        hit_by[s] += 1
                        err_pct.append(abs(c["change_pct"] - e))
                    elif prod is None or abs(c["index"] - prod) > 2:
                        fp += 1
                for i, s, e in lev:
                    true_by[s] += 1
            elif wl is not None:
                n_other += 1
                fa_other += any(abs(c["index"] - (prod or -99)) > 2
                                for c in level)
            else:
                n_none += 1
                if level:
                    fa_none += 1
                    fa_none_hosts.add(host)
    ntrue = sum(true_by.values())
    print("== change points, %s noise: %d hosts with changes, %d without, "
          "%d runs each" % (model, a.series, a.series, L))
    print("  level changes: %d true, %d reported on the changed series, "
          "%d hits (+-2 runs)" % (ntrue, hits + fp, hits))
    print("  precision %.3f  recall %.3f" % (
        hits / (hits + fp) if hits + fp else float("nan"),
        hits / ntrue if ntrue else float("nan")))
    for s in SIZES:
        print("    recall at %2.0f %%: %3d / %3d = %.3f" % (
            100 * s, hit_by[s], true_by[s],
            hit_by[s] / true_by[s] if true_by[s] else float("nan")))
    if err_pct:
        err_pct.sort()
        print("  size of the change found, median absolute error: "
              "%.2f points of %%" % err_pct[len(err_pct) // 2])
    print("  false alarms: %d / %d series without change on hosts "
          "without change (%.4f); %d / %d hosts (any of 11 series)" % (
              fa_none, n_none, fa_none / n_none if n_none else 0,
              len(fa_none_hosts), a.series))
    print("                %d / %d unchanged series of the changed hosts "
          "(%.4f)" % (fa_other, n_other, fa_other / n_other
                      if n_other else 0))
    print("  producer changes: %d / %d series right (kind producer, "
          "direction none, at the index); level changes reported within "
          "+-2 of one: %d" % (prod_ok, prod_total, prod_as_level))
    bad = [l for l in text.splitlines() if " producer " in l and
           ("worse" in l or "better" in l)]
    print("  text lines calling a producer change better or worse: %d"
          % len(bad))


ONE_PASS = ("sgemm", "single_thread")


def scaled_doc(m, src, dst, pct, series, only=None):
    with open(src) as f:
        d = json.load(f)
    for w in d["workloads"]:
        for pk in ("single_thread", "multi_thread"):
            p = w.get(pk)
            if p and (only is None or only == (w["id"], pk)):
                m.scale_pass(p, slower(pct, w["unit"] == "nanoseconds"))
    with open(dst, "w") as f:
        json.dump(d, f)


def part_check(a, hist, tmp, model, series):
    m = synth_module()
    pcts = (0.0, 0.02, 0.03, 0.05, 0.10)
    flagged = collections.Counter()
    worse = collections.Counter()
    passes = collections.Counter()
    verdicts = collections.Counter()
    runs_worse = collections.Counter()
    one_flagged = one_pass_worse = 0
    for t in range(a.trials):
        d = os.path.join(tmp, "chk")
        synth(d, a.history + 1, 20000 + t, model, [])
        new = os.path.join(tmp, "new.json")
        shutil.move(os.path.join(d, "run-%05d.json" % a.history), new)
        db = os.path.join(tmp, "chk-%d.sqlite" % t)
        add(hist, db, "h", d)
        for pct in pcts:
            doc = os.path.join(tmp, "new-%g.json" % pct)
            scaled_doc(m, new, doc, pct, series)
            p = run([hist, "--db", db, "check", "--json", "--host", "h",
                     doc], ok=(0, 3))
            j = json.loads(p.stdout)
            assert (p.returncode == 3) == j["regression"]
            flagged[pct] += p.returncode == 3
            for r in j["rows"]:
                passes[pct] += 1
                worse[pct] += r["verdict"] == "worse"
                if pct == 0:
                    verdicts[r["verdict"]] += 1
            runs_worse[pct] += j.get("run", {}).get("verdict") == "worse"
        doc = os.path.join(tmp, "new-one.json")
        scaled_doc(m, new, doc, 0.05, series, ONE_PASS)
        p = run([hist, "--db", db, "check", "--json", "--host", "h", doc],
                ok=(0, 3))
        j = json.loads(p.stdout)
        one_flagged += p.returncode == 3
        one_pass_worse += any(
            r["verdict"] == "worse" for r in j["rows"]
            if (r["workload"], r["pass"] + "_thread") == ONE_PASS)
        for f in ("", "-wal", "-shm"):
            if os.path.exists(db + f):
                os.unlink(db + f)
    print("== check, %s noise: %d trials, a stable history of %d runs, "
          "one new run" % (model, a.trials, a.history))
    for pct in pcts:
        print("  %s: exit 3 in %3d / %d = %.3f; passes worse %4d / %d = "
              "%.4f; the whole run worse %d" % (
                  "A/A (same distribution)" if pct == 0 else
                  "%2.0f %% slower, every pass  " % (100 * pct),
                  flagged[pct], a.trials, flagged[pct] / a.trials,
                  worse[pct], passes[pct], worse[pct] / passes[pct],
                  runs_worse[pct]))
    print("  %s %s alone 5 %% slower: exit 3 in %d / %d = %.3f; that pass "
          "worse in %d = %.3f" % (ONE_PASS[0], ONE_PASS[1], one_flagged,
                                  a.trials, one_flagged / a.trials,
                                  one_pass_worse, one_pass_worse / a.trials))
    print("  A/A verdicts: %s" % ", ".join(
        "%s %d" % kv for kv in sorted(verdicts.items())))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--part", choices=("cpd", "check", "all"),
                    default="all")
    ap.add_argument("--model", choices=("normal", "cloud", "both"),
                    default="both")
    ap.add_argument("--series", type=int, default=200)
    ap.add_argument("--length", type=int, default=100)
    ap.add_argument("--trials", type=int, default=200)
    ap.add_argument("--history", type=int, default=60)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--keep", default=None,
                    help="copy the change-point databases here")
    a = ap.parse_args()
    hist = os.environ.get("TS_HISTORY") or os.path.join(
        os.environ.get("TS_BUILDDIR", SRC), "threadstone-history")
    if not os.access(hist, os.X_OK):
        sys.exit("%s: %s is not built (set TS_HISTORY or TS_BUILDDIR)" %
                 (sys.argv[0], hist))
    series = series_of(FIXTURE)
    models = ("normal", "cloud") if a.model == "both" else (a.model,)
    tmp = tempfile.mkdtemp(prefix="history-quality.")
    try:
        for model in models:
            if a.part in ("cpd", "all"):
                part_cpd(a, hist, tmp, model, series)
            if a.part in ("check", "all"):
                part_check(a, hist, tmp, model, series)
            sys.stdout.flush()
    finally:
        shutil.rmtree(tmp)


if __name__ == "__main__":
    main()
