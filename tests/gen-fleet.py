#!/usr/bin/env python3
"""Synthetic fleets with a known truth, for tachyon-analyze's tests.

gen-fleet.py SHAPE [--csv | --nested] [--seed N] [--hosts N]

SHAPE is one of
  normalise  the score explains 80 % of the between-host variance
  filter     a slow tail of bad hosts (8 %) that the score flags; otherwise
             the score and the timing are unrelated
  noise      the score and the timing are unrelated
  seed       the seed's fleet: 644 records on 156 hosts, timing spread
             2.0 % within a host and 9.4 % across hosts; the score
             explains about 70 % of the between-host variance
  overtime   hosts (--hosts 1 for one) that get slower and faster as
             neighbours come and go: 60 records each, one of four
             neighbour states per record (80 to 160 ns per access), the
             timing proportional to the latency (1 / score), 1 % noise
  grouped    the same records grouped by neighbour state: 4 "hosts", one
             state each, so the score barely varies within a "host"

Records go to standard output as --wrap-shaped JSON Lines (wall_s,
million_accesses_per_sec, host_id), as CSV with --csv, or with --nested
as {"host":{"id":...},"result":{"wall":...},"tachyon":{"score":...}}.
"""
import argparse
import math
import random


def hosts_of(shape, rng, n):
    """(host id, true score, true mean timing, records) per host."""
    out = []
    if shape == "normalise":
        sd = 10.0                       # between-host SD of the timing
        b = math.sqrt(0.8) * sd / 8.0   # score SD 8: 80 % of the variance
        for i in range(n):
            s = rng.gauss(50, 8)
            t = 100 - b * (s - 50) + rng.gauss(0, math.sqrt(0.2) * sd)
            out.append((s, t, 4))
    elif shape == "filter":
        for i in range(n):
            if i % 12 == 0:             # the bad tail, 1 in 12 hosts
                s, t = rng.gauss(30, 3), 120 + rng.gauss(0, 8)
            else:
                s, t = rng.gauss(50, 5), 100 + rng.gauss(0, 8)
            out.append((s, t, 4))
    elif shape == "noise":
        for i in range(n):
            out.append((rng.gauss(50, 5), 100 + rng.gauss(0, 5), 4))
    elif shape == "seed":
        sd = 0.092 * 20
        b = math.sqrt(0.7) * sd / 8.0
        for i in range(156):
            s = rng.gauss(50, 8)
            t = 20 - b * (s - 50) + rng.gauss(0, math.sqrt(0.3) * sd)
            out.append((s, t, 5 if i < 20 else 4))   # 644 records
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("shape", choices=["normalise", "filter", "noise", "seed",
                                      "overtime", "grouped"])
    ap.add_argument("--csv", action="store_true")
    ap.add_argument("--nested", action="store_true")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--hosts", type=int, default=200)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    if a.shape in ("overtime", "grouped"):
        states = [80.0, 100.0, 130.0, 160.0]
        for h in range(a.hosts if a.shape == "overtime" else 1):
            for j in range(60):
                k = rng.randrange(4)
                ns = states[k] * (1 + rng.gauss(0, 0.01))
                wall = 0.1 * ns * (1 + rng.gauss(0, 0.01))
                host = ("i-%017x" % (h * 7919 + 1) if a.shape == "overtime"
                        else "state-%d" % k)
                print('{"probe":"memory-chase","million_accesses_per_sec":%.3f,'
                      '"wall_s":%.4f,"host_id":"%s"}' % (2000.0 / ns, wall, host))
        return
    within = 0.02 if a.shape == "seed" else 0.005
    if a.csv:
        print("host_id,wall_s,million_accesses_per_sec,job")
    for h, (s, t, k) in enumerate(hosts_of(a.shape, rng, a.hosts)):
        host = "i-%017x" % (h * 7919 + 1)
        for j in range(k):
            wall = t * (1 + rng.gauss(0, within))
            score = s * (1 + rng.gauss(0, 0.01))
            if a.csv:
                print('%s,%.4f,%.3f,"job %d, run %d"' % (host, wall, score, h, j))
            elif a.nested:
                print('{"host":{"id":"%s"},"result":{"wall":%.4f},'
                      '"tachyon":{"score":%.3f}}' % (host, wall, score))
            else:
                print('{"probe":"memory-chase","million_accesses_per_sec":%.3f,'
                      '"wall_s":%.4f,"host_id":"%s"}' % (score, wall, host))


main()
