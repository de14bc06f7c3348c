#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Check a threadstone-run document: schema, internal coherence and, when
the reference model is given, that its text is a fixed point of the
original's typed re-serialisation.  Prints TAP lines (no plan).

  check-run-json.py SCHEMA DOC [SERDE_CANON]

Uses the jsonschema package when it is importable; otherwise checks the
required keys and types of the schema by hand (enough for our documents).
"""
import json
import math
import re
import subprocess
import sys

n = 0
failed = 0


def ok(cond, what, detail=""):
    global n, failed
    n += 1
    if not cond:
        failed += 1
    print("%sok %d - %s" % ("" if cond else "not ", n, what))
    if not cond and detail:
        for line in str(detail).splitlines():
            print("# " + line)


def median(v):
    s = sorted(v)
    k = len(s)
    return s[k // 2] if k % 2 else (s[k // 2 - 1] + s[k // 2]) / 2


def retained(samples):
    """Section 3's two-sided MAD rejection (only with four or more)."""
    v = [x for x in samples if math.isfinite(x)]
    if len(v) < 4:
        return v
    med = median(v)
    mad = median([abs(x - med) for x in v])
    if mad == 0:
        return v
    limit = 3 * 1.482602218505602 * mad
    kept = [x for x in v if abs(x - med) <= limit]
    return kept or v


def by_hand(schema, doc):
    """Required keys and JSON types, following $ref, without jsonschema."""
    defs = schema.get("definitions", schema.get("$defs", {}))
    types = {"object": dict, "array": list, "string": str,
             "boolean": bool, "null": type(None)}
    errors = []

    def resolve(s):
        while "$ref" in s:
            s = defs[s["$ref"].split("/")[-1]]
        return s

    def walk(s, v, path):
        s = resolve(s)
        for alt in ("anyOf", "oneOf", "allOf"):
            if alt in s:
                opts = [resolve(x) for x in s[alt]]
                if not any(not check(o, v, path) for o in opts):
                    errors.append("%s: matches no alternative" % path)
                return
        t = s.get("type")
        if t is not None:
            ts = t if isinstance(t, list) else [t]
            good = False
            for one in ts:
                if one in ("integer",):
                    good |= isinstance(v, int) and not isinstance(v, bool)
                elif one == "number":
                    good |= isinstance(v, (int, float)) and \
                        not isinstance(v, bool)
                else:
                    good |= isinstance(v, types[one])
            if not good:
                errors.append("%s: not %s" % (path, t))
                return
        if isinstance(v, dict):
            for k in s.get("required", []):
                if k not in v:
                    errors.append("%s: missing %s" % (path, k))
            for k, sub in s.get("properties", {}).items():
                if k in v:
                    walk(sub, v[k], path + "." + k)
        if isinstance(v, list) and "items" in s:
            for i, x in enumerate(v):
                walk(s["items"], x, "%s[%d]" % (path, i))
        if "enum" in s and v not in s["enum"]:
            errors.append("%s: %r not in enum" % (path, v))

    def check(s, v, path):
        before = len(errors)
        walk(s, v, path)
        bad = len(errors) > before
        del errors[before:]
        return bad

    walk(schema, doc, "$")
    return errors


def main(argv):
    schema = json.load(open(argv[1], encoding="utf-8"))
    text = open(argv[2], encoding="utf-8").read()
    try:
        doc = json.loads(text)
    except ValueError as e:
        ok(False, "document is JSON", e)
        return 1
    ok(True, "document is JSON")
    try:
        import jsonschema
        errs = [e.message for e in
                jsonschema.Draft7Validator(schema).iter_errors(doc)]
        how = "jsonschema"
    except ImportError:
        errs = by_hand(schema, doc)
        how = "required keys and types"
    ok(not errs, "validates against the schema (%s)" % how, "\n".join(errs))

    for w in doc["workloads"]:
        for key in ("single_thread", "multi_thread"):
            p = w.get(key)
            if p is None:
                continue
            what = "%s %s" % (w["id"], key)
            st = p["stats"]
            kept = retained(p["samples"])
            ok(st["n"] + st["outliers"] == len(p["samples"]),
               what + ": n + outliers = samples")
            ok(st["n"] == len(kept), what + ": n = retained samples",
               "n %d, retained %d" % (st["n"], len(kept)))
            m = median(kept)
            ok(abs(p["value"] - m) <= 1e-12 * abs(m),
               what + ": value = median of the retained samples",
               "value %r, median %r" % (p["value"], m))
            ok(st["min"] <= p["value"] <= st["max"],
               what + ": min <= value <= max")
            ok(p["value"] > 0, what + ": value positive")
            ok(p.get("window_too_short", False) == (p["window_ms"] < 20.0),
               what + ": window_too_short follows window_ms")

    if len(argv) > 3:
        res = subprocess.run([sys.executable, argv[3], "canon", argv[2]],
                             capture_output=True)
        ok(res.returncode == 0 and len(res.stdout) > 0,
           "the original's typed reader accepts it (canon)",
           res.stderr.decode(errors="replace"))
        res = subprocess.run([sys.executable, argv[3], "pretty", argv[2]],
                             capture_output=True)
        ours = re.sub(r',\n  "extensions": \{\n.*?\n  \}(?=,\n  "|\n\}$)',
                      "", text, flags=re.S)
        theirs = res.stdout.decode("utf-8")
        ok(res.returncode == 0 and theirs == ours,
           "fixed point: the original's re-serialisation equals our text "
           "(extensions aside)",
           "".join(_diff(ours, theirs)))
    return 1 if failed else 0


def _diff(a, b):
    import difflib
    return list(difflib.unified_diff(a.splitlines(True), b.splitlines(True),
                                     "ours", "serde", n=1))[:40]


if __name__ == "__main__":
    sys.exit(main(sys.argv))
