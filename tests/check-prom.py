#!/usr/bin/env python3
"""Validate the Prometheus text exposition format (version 0.0.4).

check-prom.py FILE [--dump]

A parser of its own, so that the tests do not rest on promtool alone:
every line is a HELP or TYPE comment, another comment, blank, or a
sample `name{label="value",...} value [timestamp]`; names and label names
match the format's patterns; label values use only the escapes \\\\, \\"
and \\n; values are floats (or NaN, +Inf, -Inf); a family's lines are
contiguous, its HELP and TYPE come once and before its samples; no series
repeats.  Exit 0 when valid (with --dump, print each sample as
`name label=value ... = value`, labels sorted), else 1 with the line
number and the reason on stderr.
"""
import re
import sys

NAME = re.compile(r"[a-zA-Z_:][a-zA-Z0-9_:]*")
LABEL = re.compile(r"[a-zA-Z_][a-zA-Z0-9_]*")
TYPES = {"counter", "gauge", "histogram", "summary", "untyped"}
SUFFIXES = ("_bucket", "_count", "_sum", "_total", "_created")


def parse_value(s):
    if s in ("NaN", "+Inf", "-Inf", "Inf"):
        return float(s.replace("Inf", "inf").replace("NaN", "nan"))
    if not re.fullmatch(r"[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?", s):
        raise ValueError("not a float: %r" % s)
    return float(s)


def parse_labels(s, i):
    """Labels from s[i] == '{'; return (dict, index after '}')."""
    labels = {}
    i += 1
    while True:
        while i < len(s) and s[i] == " ":
            i += 1
        if s[i] == "}":
            return labels, i + 1
        m = LABEL.match(s, i)
        if not m:
            raise ValueError("bad label name at column %d" % (i + 1))
        name = m.group(0)
        if name.startswith("__"):
            raise ValueError("label name %s is reserved" % name)
        if name in labels:
            raise ValueError("label %s twice" % name)
        i = m.end()
        if s[i:i + 2] != '="':
            raise ValueError("label %s: expected =\"" % name)
        i += 2
        val = []
        while True:
            if i >= len(s):
                raise ValueError("unterminated label value")
            c = s[i]
            if c == "\\":
                nxt = s[i + 1:i + 2]
                if nxt not in ("\\", '"', "n"):
                    raise ValueError("bad escape \\%s" % nxt)
                val.append("\n" if nxt == "n" else nxt)
                i += 2
            elif c == '"':
                i += 1
                break
            elif c == "\n":
                raise ValueError("newline in a label value")
            else:
                val.append(c)
                i += 1
        labels[name] = "".join(val)
        if s[i] == ",":
            i += 1
        elif s[i] != "}":
            raise ValueError("expected , or } after label %s" % name)


def family_of(name, types):
    for suf in SUFFIXES:
        base = name[: -len(suf)]
        if name.endswith(suf) and types.get(base) in (
                "histogram", "summary", "counter"):
            return base
    return name


def enter_family(fam, current, done):
    """The family now current: fam, unless it was seen and left before."""
    if fam != current:
        if fam in done:
            raise ValueError("family %s is split" % fam)
        if current is not None:
            done.add(current)
    return fam


def check(text):
    if text and not text.endswith("\n"):
        raise ValueError("the last line has no newline")
    helps, types, seen, done, samples = {}, {}, set(), set(), []
    current = None
    for n, line in enumerate(text.split("\n")[:-1], 1):
        try:
            if line.strip() == "":
                continue
            if line.startswith("#"):
                parts = line.split(None, 3)
                if len(parts) >= 3 and parts[1] in ("HELP", "TYPE"):
                    fam = parts[2]
                    if not NAME.fullmatch(fam):
                        raise ValueError("bad metric name %r" % fam)
                    current = enter_family(fam, current, done)
                    table = helps if parts[1] == "HELP" else types
                    if fam in table:
                        raise ValueError("second %s for %s" % (parts[1], fam))
                    if parts[1] == "TYPE":
                        if len(parts) != 4 or parts[3] not in TYPES:
                            raise ValueError("bad TYPE line")
                        if any(s[0] == fam for s in samples):
                            raise ValueError("TYPE after samples of %s" % fam)
                    table[fam] = parts[3] if len(parts) > 3 else ""
                continue
            m = NAME.match(line)
            if not m:
                raise ValueError("a sample without a metric name")
            name = m.group(0)
            i = m.end()
            labels = {}
            if i < len(line) and line[i] == "{":
                labels, i = parse_labels(line, i)
            rest = line[i:].split()
            if not line[i:i + 1] == " " or len(rest) not in (1, 2):
                raise ValueError("expected ' value [timestamp]'")
            value = parse_value(rest[0])
            if len(rest) == 2 and not re.fullmatch(r"-?\d+", rest[1]):
                raise ValueError("bad timestamp %r" % rest[1])
            current = enter_family(family_of(name, types), current, done)
            key = (name, tuple(sorted(labels.items())))
            if key in seen:
                raise ValueError("series %s repeated" % name)
            seen.add(key)
            samples.append((name, labels, value))
        except (ValueError, IndexError) as e:
            raise ValueError("line %d: %s" % (n, e))
    return samples


def main():
    args = sys.argv[1:]
    dump = "--dump" in args
    args = [a for a in args if a != "--dump"]
    if len(args) != 1:
        print("usage: check-prom.py FILE [--dump]", file=sys.stderr)
        return 2
    text = sys.stdin.read() if args[0] == "-" else open(args[0]).read()
    try:
        samples = check(text)
    except ValueError as e:
        print("%s: %s" % (args[0], e), file=sys.stderr)
        return 1
    if dump:
        for name, labels, value in samples:
            print(" ".join([name] + ["%s=%s" % kv for kv in
                                     sorted(labels.items())] +
                           ["=", repr(value)]))
    return 0


sys.exit(main())
