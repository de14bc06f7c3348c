#!/usr/bin/env python3
"""Generate tests/fixtures/adversarial-*.json once (not run by make).

Each document is the published run file with every float replaced by a
random double from one of the layout ranges of the reference's section 9.3
(positional, 0.000ddd, exponent forms, 16-17 digit significands), written
and signed the way ThreadStone 2.0.0's `run --sign-key` does: the file text
is ryu(x) and the signed message is the canonical form of the in-memory
values, ryu(lossy(ryu(x))), with the test key (seed 00..1f).  The expected
verdict is what the original's verify procedure says (the executable model
serde_canon.py: read the text lossily, canonicalise again, check); where
serde_json's parser has no fixed point that is "does not match", a defect
of the original which our verify must reproduce.

Usage: python3 tests/gen-adversarial.py SERDE_CANON_DIR FIXTURES_DIR
"""
import base64
import random
import re
import struct
import sys

sys.path.insert(0, sys.argv[1])
import serde_canon as sc  # noqa: E402
from cryptography.hazmat.primitives.asymmetric.ed25519 import (  # noqa: E402
    Ed25519PrivateKey)

KEY = Ed25519PrivateKey.from_private_bytes(bytes(range(32)))
# Decimal exponent ranges.  Documents 1-4 stay within 1e-5..1e25, where
# lossy(ryu(x)) is idempotent and the original verifies what it signed;
# documents 5-8 use every range, including those where it is not.
SAFE = [(-5, -4), (-4, 0), (0, 1), (1, 8), (8, 15.9), (15.9, 17), (17, 25)]
ALL = SAFE + [(-7.5, -6), (-6, -5), (25, 300), (-300, -7.5)]
RANGES = SAFE


def rnd(rng):
    """A random double in a random range; sometimes a raw bit pattern."""
    if RANGES is ALL and rng.random() < 0.15:
        while True:
            x = struct.unpack('<d', struct.pack('<Q', rng.getrandbits(63)))[0]
            if x == x and x not in (float('inf'),):
                return x
    lo, hi = rng.choice(RANGES)
    return 10 ** rng.uniform(lo, hi)


def typed_floats(obj, typ, rng):
    """Replace every f64 of a typed report (serde_canon model) in place."""
    if isinstance(typ, list):
        for i, v in enumerate(obj):
            if typ[0] == 'f64':
                obj[i] = rnd(rng)
            else:
                typed_floats(v, typ[0], rng)
        return
    for name, ftyp, _ in sc.SCHEMA[typ]:
        if name not in obj:
            continue
        if ftyp == 'f64':
            obj[name] = rnd(rng)
        elif isinstance(ftyp, list) or ftyp in sc.SCHEMA:
            typed_floats(obj[name], ftyp, rng)


def main():
    src, out = sys.argv[1], sys.argv[2]
    base = open(out + '/run-signed-at-runtime.json', encoding='utf-8').read()
    verdicts = []
    global RANGES
    for n in range(1, 9):
        rng = random.Random(n)
        RANGES = SAFE if n <= 4 else ALL
        rep = sc.load_report(base)
        rep.pop('signature', None)
        typed_floats(rep, 'Report', rng)
        msg = sc.canonical_bytes(rep)            # run-time signing
        rep['signature'] = {
            'algorithm': 'ed25519',
            'public_key': base64.b64encode(
                KEY.public_key().public_bytes_raw()).decode(),
            'value': base64.b64encode(KEY.sign(msg)).decode()}
        text = sc._dump(sc._emit_struct_order(rep, 'Report'), pretty=True)
        name = 'adversarial-%d.json' % n
        open(out + '/' + name, 'w', encoding='utf-8').write(text)
        back = sc.load_report(text)              # the original's verify
        try:
            KEY.public_key().verify(base64.b64decode(
                back['signature']['value']), sc.canonical_bytes(back))
            verdicts.append('%s verified' % name)
        except Exception:  # noqa: BLE001
            verdicts.append('%s mismatch' % name)
        open(out + '/adversarial-%d.canonical.json' % n, 'wb').write(
            sc.canonical_bytes(back))
    open(out + '/adversarial-verdicts.txt', 'w').write(
        '\n'.join(verdicts) + '\n')


if __name__ == '__main__':
    main()
