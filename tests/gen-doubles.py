#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Generate the number fixtures of tests/unit-jsonnum once; not run by make.

  tests/gen-doubles.py SERDE_CANON_DIR

writes tests/fixtures/doubles-serde.txt ("BITS TEXT": a double's bit pattern
in hex and the text serde_json writes for it, from Python's repr, which gives
the same shortest digits as ryu, laid out as in section 9.3) and
tests/fixtures/serde-parse.txt ("TOKEN<TAB>KIND<TAB>RESULT" from the model
serde_canon.lossy_parse; KIND is u64, i64, f64 (RESULT in hex bits),
invalid or range).  The draws are seeded, so the files are reproducible.
"""
import math
import os
import random
import re
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def bits(x):
    return struct.unpack('<Q', struct.pack('<d', x))[0]


def from_bits(b):
    return struct.unpack('<d', struct.pack('<Q', b))[0]


def serde_text(x):
    """serde_json's layout of x, from repr (independent of serde_canon.ryu)."""
    if math.isnan(x) or math.isinf(x):
        return 'null'
    if x == 0:
        return '-0.0' if math.copysign(1, x) < 0 else '0.0'
    sign = '-' if x < 0 else ''
    m = re.fullmatch(r'(\d+)(?:\.(\d+))?(?:e([+-]\d+))?', repr(abs(x)))
    digits = m.group(1) + (m.group(2) or '')
    e = int(m.group(3) or 0) - len(m.group(2) or '')
    stripped = digits.lstrip('0')
    d = stripped.rstrip('0')
    e += len(stripped) - len(d)
    n = len(d)
    kk = n + e
    if e >= 0 and kk <= 16:
        return sign + d + '0' * e + '.0'
    if 0 < kk <= 16:
        return sign + d[:kk] + '.' + d[kk:]
    if -5 < kk <= 0:
        return sign + '0.' + '0' * -kk + d
    exp = 'e%d' % (kk - 1)
    return sign + (d if n == 1 else d[0] + '.' + d[1:]) + exp


def log_uniform(rng, lo, hi):
    return 10 ** rng.uniform(math.log10(lo), math.log10(hi))


def doubles(rng):
    out = [0.0, -0.0, 1.0, 22000000.0, 1e15, 1e16, 1.5e16,
           1.2345678901234568e17, 0.0001, 1e-5, 2.5e-5, 9.999999999999999e-5,
           1e-6, 1.234e-7, 5e-324, 1.7976931348623157e308, 99.10000000000001,
           45.710684875, 2.2250738585072014e-308, 2.225073858507201e-308,
           9007199254740992.0, 9007199254740993.0, 0.1, 0.3, 1 / 3]
    out += [math.ldexp(1.0, k) for k in range(-1074, 1024)]
    for lo, hi, count in ((1e-7, 1e-4, 2000), (1e15, 1e17, 2000),
                          (1e-9, 1e-6, 1000), (1e-3, 1e16, 3000),
                          (1e-320, 1e-300, 500), (1e300, 1.7e308, 500)):
        out += [log_uniform(rng, lo, hi) for _ in range(count)]
    while len(out) < 20000:
        b = rng.getrandbits(64)
        x = from_bits(b)
        if math.isfinite(x):
            out.append(x)
    out += [-x for x in out[:200]]
    return out


def random_token(rng):
    """A number token as a document might hold, or a hard case."""
    kind = rng.randrange(8)
    if kind == 0:
        return serde_text(from_bits(rng.getrandbits(64)))
    if kind == 1:
        return serde_text(log_uniform(rng, 1e-3, 1e16))
    if kind == 2:
        return repr(log_uniform(rng, 1e-9, 1e9))
    if kind == 3:      # long digit strings, decimal point anywhere
        n = rng.randrange(1, 45)
        d = str(rng.randrange(1, 10)) + ''.join(
            rng.choice('0123456789') for _ in range(n - 1))
        p = rng.randrange(0, n + 1)
        t = d if p in (0, n) else d[:p] + '.' + d[p:]
        if rng.random() < 0.3:
            t += 'e%d' % rng.randrange(-330, 330)
        return t
    if kind == 4:      # fractions 0.xxx
        n = rng.randrange(1, 30)
        return '0.' + ''.join(rng.choice('0123456789') for _ in range(n))
    if kind == 5:      # integers around the u64/i64 limits
        v = rng.choice([2**63, 2**64, 2**53, 10**19, 10**20]) + rng.randrange(-50, 50)
        return str(max(v, 0))
    if kind == 6:      # extreme exponents
        m = rng.choice(['1', '9.99', '4.9', '2.5', '0', '0.0', '123456789012345678901'])
        e = rng.choice([308, 309, 310, 324, 325, 400, 1000, 2147483647, 2147483648,
                        99999999999, rng.randrange(280, 340)])
        return m + rng.choice(['e', 'E', 'e+', 'e-', 'E-']) + str(e)
    return serde_text(log_uniform(rng, 1e-12, 1e-4))


FIXED_TOKENS = [
    '99.10000000000001', '0.9177512044179499', '190.29705461568093',
    '226.60491681474906', '0', '-0', '-0.0', '0.0', '1', '-1', '1.0', '1e5', '1E5',
    '1e+5', '1e-5', '18446744073709551615', '18446744073709551616',
    '18446744073709551616.5', '184467440737095516150', '-9223372036854775808',
    '-9223372036854775809', '-9223372036854775807', '9223372036854775808',
    '-18446744073709551615', '1.7976931348623157e308', '1.7976931348623159e308',
    '1e308', '1e309', '2e308', '-1e309', '4.9e-324', '5e-324', '2e-324', '1e-400',
    '0e999999', '0e2147483648', '1e2147483647', '1e2147483648', '1e-2147483648',
    '-1e-99999999999', '0.000000000000000000000000000001e330',
    '1000000000000000000000000000000e-330', '123.456e-2147483647',
    '12345678901234567890123456789', '0.12345678901234567890123456789',
    '1844674407370955161.5', '1844674407370955161.6', '2.2250738585072011e-308',
    '01', '00', '-01', '1.', '.5', '-', '', '+1', '1e', '1e+', '1e-', '1.e5',
    '--1', '1x', ' 1', '1 ', '0x10', 'Infinity', 'NaN', '-.5', '1.5.5', '1ee5',
    '1e5.5', '-a', 'e5',
]


def parse_line(tok, model):
    try:
        kind, v = model.lossy_parse(tok)
    except OverflowError:
        return '%s\trange\t-' % tok
    except (ValueError, IndexError):
        return '%s\tinvalid\t-' % tok
    if kind == 'f64':
        return '%s\tf64\t%016x' % (tok, bits(v))
    return '%s\t%s\t%d' % (tok, kind, v)


def main():
    if len(sys.argv) != 2:
        sys.stderr.write(__doc__)
        return 2
    sys.path.insert(0, sys.argv[1])
    import serde_canon as model
    rng = random.Random(20260430)
    fixtures = os.path.join(HERE, 'fixtures')
    with open(os.path.join(fixtures, 'doubles-serde.txt'), 'w') as f:
        for x in doubles(rng):
            t = serde_text(x)
            assert t == model.ryu(x), (x, t, model.ryu(x))
            f.write('%016x %s\n' % (bits(x), t))
    tokens = list(FIXED_TOKENS)
    while len(tokens) < 20000:
        t = random_token(rng)
        if rng.random() < 0.2:
            t = '-' + t
        tokens.append(t)
    with open(os.path.join(fixtures, 'serde-parse.txt'), 'w') as f:
        for t in tokens:
            f.write(parse_line(t, model) + '\n')
    return 0


if __name__ == '__main__':
    sys.exit(main())
