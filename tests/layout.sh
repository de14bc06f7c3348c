#!/bin/sh
# The layout rules of README.md and HACKING, checked on the sources:
#  - lib/ is one layer: apart from program support (lib/cli.c, lib/msg.c
#    and lib/exitcodes.h), no file of lib/ exits, aborts, chooses an exit
#    status (TS_EXIT_*), writes to stdout or stderr, prints through the
#    message helpers, or names a program in a string; allocation failure
#    (ts_out_of_memory) is the one way out it may take;
#  - no file of lib/ includes a header outside lib/ (a program's);
#  - every .c of lib/ and src/ is built from the fragment its folder names
#    (lib/ in mk/lib.am, lib/X/ in mk/lib-X.am, src/P/ in mk/P.am), and
#    named in no other fragment;
#  - no include circle between files (a .c with its .h), nor between
#    folders (lib/'s root, each lib/X/, each src/P/).
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

[ -n "${PYTHON3:-}" ] || skip_all "python3 was not found by configure"
cd "$top_srcdir" || exit 99
exec "$PYTHON3" - <<'EOF'
import os, re, sys

n = 0
failed = 0


def ok(cond, desc, detail=()):
    global n, failed
    n += 1
    print("%s %d - %s" % ("ok" if cond else "not ok", n, desc))
    if not cond:
        failed += 1
        for d in detail:
            print("# " + d)


def generated(path):
    """A file the build writes (an in-tree build leaves it beside the
    sources): its first line says what it was generated from."""
    with open(path, errors="replace") as fh:
        return "Generated from" in fh.readline()


def sources(top, exts=(".c", ".h")):
    out = []
    for d, _, fs in os.walk(top):
        out += [os.path.join(d, f) for f in fs
                if f.endswith(exts) and not generated(os.path.join(d, f))]
    return sorted(out)


def strip(text, keep_strings=False):
    """Comments out (lines kept); string literals emptied unless kept."""
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"),
                  text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    if not keep_strings:
        text = re.sub(r'"(\\.|[^"\\\n])*"', '""', text)
        text = re.sub(r"'(\\.|[^'\\\n])+'", "' '", text)
    return text


lib = sources("lib")
src = sources("src")
support = {"lib/cli.c", "lib/cli.h", "lib/cli-opt.c", "lib/cli-opt-help.c",
           "lib/cli-opt.h", "lib/msg.c", "lib/msg.h",
           "lib/exitcodes.h"}

# 1. The lib rule.
rules = [
    ("exits or aborts", r"\b(exit|_exit|_Exit|quick_exit|abort)\s*\("),
    ("chooses an exit status", r"\bTS_EXIT_\w+"),
    ("writes to stdout or stderr",
     r"\b(stdout|stderr|STDOUT_FILENO|STDERR_FILENO)\b"
     r"|\b(printf|vprintf|puts|putchar|perror|warn|warnx|err|errx)\s*\("),
    ("prints through the message helpers",
     r"\bts_(error|warning|progname|close_stdout|stdout_reported"
     r"|usage_error|exit_stdout|version_exit)\b"),
]
for what, rx in rules:
    bad = []
    for f in lib:
        if f in support:
            continue
        for i, line in enumerate(strip(open(f).read()).split("\n"), 1):
            if re.search(rx, line):
                bad.append("%s:%d: %s" % (f, i, line.strip()))
    ok(not bad, "no file of lib/ outside program support %s" % what, bad)

# The package's own name (in producer strings) is also its dispatcher's.
progs = sorted(p for p in os.listdir("src") if p != "threadstone")
prog_rx = r'"[^"\n]*(?<![\w-])(%s)(?![\w-])' % "|".join(
    re.escape(p) for p in sorted(progs, key=len, reverse=True))
bad = []
for f in lib:
    if f in support:
        continue
    text = strip(open(f).read(), keep_strings=True)
    for i, line in enumerate(text.split("\n"), 1):
        if re.search(prog_rx, line):
            bad.append("%s:%d: %s" % (f, i, line.strip()))
ok(not bad, "no string of lib/ outside program support names a program "
   "(%d programs)" % len(progs), bad)

# 2. Includes: what each quoted include of lib/ and src/ resolves to.
inc_rx = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def resolve(f, name):
    for base in (os.path.dirname(f), "lib"):
        p = os.path.normpath(os.path.join(base, name))
        if os.path.exists(p):
            return p
    return None


includes = {}
unresolved = []
for f in lib + src:
    includes[f] = []
    for name in inc_rx.findall(strip(open(f).read(), keep_strings=True)):
        if name == "config.h":
            continue
        p = resolve(f, name)
        if p is None:
            unresolved.append("%s: \"%s\"" % (f, name))
        else:
            includes[f].append(p)
ok(not unresolved, "every quoted include names a file of the tree",
   unresolved)
bad = ["%s -> %s" % (f, p) for f in lib for p in includes[f]
       if not p.startswith("lib/")]
ok(not bad, "no file of lib/ includes a header outside lib/", bad)

# 3. Every .c is built from its folder's fragment, and only there.
def fragment(f):
    parts = f.split("/")
    if parts[0] == "lib":
        return "mk/lib.am" if len(parts) == 2 else "mk/lib-%s.am" % parts[1]
    return "mk/%s.am" % parts[1]


frags = {m: open(os.path.join("mk", m)).read()
         for m in os.listdir("mk") if m.endswith(".am")}
bad = []
for f in lib + src:
    if not f.endswith(".c"):
        continue
    word = re.compile(r"(?<![\w/.-])%s(?![\w.-])" % re.escape(f))
    where = sorted("mk/" + m for m, t in frags.items() if word.search(t))
    if where != [fragment(f)]:
        bad.append("%s: in %s, expected %s only" %
                   (f, ", ".join(where) or "no fragment", fragment(f)))
ok(not bad, "every .c of lib/ and src/ is in its folder's fragment, "
   "and in no other", bad)

# 4. No circle: between rooms (a .c with its .h), between folders.
def room(f):
    return f[:-2]


def folder(f):
    parts = f.split("/")
    return "lib" if parts[0] == "lib" and len(parts) == 2 else \
        "/".join(parts[:2])


def circles(edges):
    """The strongly connected components of more than one node."""
    index, low, stack, on, out = {}, {}, [], set(), []
    nodes = sorted(set(edges) | {b for v in edges.values() for b in v})
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in nodes:
        if v not in index:
            visit(v)
    return out


for name, key in (("files", room), ("folders", folder)):
    edges = {}
    for f, incs in includes.items():
        for p in incs:
            a, b = key(f), key(p)
            if a != b:
                edges.setdefault(a, set()).add(b)
    found = circles(edges)
    ok(not found, "no include circle between %s (%d of them)" %
       (name, len({key(f) for f in includes})),
       [" <-> ".join(c) for c in found])

print("1..%d" % n)
sys.exit(1 if failed else 0)
EOF
