#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Extract the passes of a result document written at run time (whose
numbers are the exact in-memory values, as ryu wrote them) into
tests/fixtures/stats-passes.txt for tests/unit-stats; run once, not by make.

  tests/gen-stats.py .../threadstone-vectors/run-signed-at-runtime.json

Each pass gives two lines: "samples ID KIND V..." and
"stats N OUTLIERS MEDIAN MEAN STDDEV CV MIN MAX P05 P95 CI95 STABILITY",
every number as its text in the document (read back with strtod).
"""
import json
import os
import sys


def main():
    if len(sys.argv) != 2:
        sys.stderr.write(__doc__)
        return 2
    with open(sys.argv[1], encoding='utf-8') as f:
        doc = json.load(f, parse_float=str, parse_int=str)
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                       'fixtures', 'stats-passes.txt')
    keys = ('n', 'outliers', 'median', 'mean', 'stddev', 'cv', 'min', 'max',
            'p05', 'p95', 'ci95', 'stability')
    with open(out, 'w') as f:
        for w in doc['workloads']:
            for kind in ('single_thread', 'multi_thread'):
                p = w.get(kind)
                if not p:
                    continue
                f.write('samples %s %s %s\n' % (w['id'], kind, ' '.join(p['samples'])))
                f.write('stats %s\n' % ' '.join(p['stats'][k] for k in keys))
    return 0


if __name__ == '__main__':
    sys.exit(main())
