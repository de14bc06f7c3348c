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
#    folders (lib/'s root, each lib/X/, each src/P/);
#  - the layers HACKING states, read from its "Layering" list (so that the
#    two cannot drift): every folder of lib/ in one layer, every file of
#    lib/'s root named in the first, and no folder including one of its
#    own layer or a higher one;
#  - no tracked file holds a merge conflict's marker lines: a line
#    beginning "<<<<<<< ", "||||||| " or ">>>>>>> ", or a line of exactly
#    "=======".  Such a line is allowed only as the underline of a title
#    of seven characters (the line before it, as HACKING underlines its
#    titles): a conflict's separator stands between two versions of a
#    text and is seldom under a line of exactly its length.  Files with a
#    NUL byte are not text and are passed over.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

[ -n "${PYTHON3:-}" ] || skip_all "python3 was not found by configure"
cd "$top_srcdir" || exit 99
exec "$PYTHON3" - <<'EOF'
import os, re, subprocess, sys

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

# 5. The layers of HACKING's "Layering" list.
def hacking_layers(text):
    """{layer number: entry text} of the numbered list under Layering."""
    m = re.search(r"^Layering\n=+\n(.*?)(?=^\S[^\n]*\n=+\n|\Z)", text,
                  re.M | re.S)
    entries, cur = {}, None
    for line in (m.group(1) if m else "").split("\n"):
        item = re.match(r"^\s+(\d+)\.\s+(.*)", line)
        if item:
            cur = int(item.group(1))
            entries[cur] = item.group(2)
        elif cur is not None and line.strip():
            entries[cur] += " " + line.strip()
        elif cur is not None:
            cur = None
    return entries


entries = hacking_layers(open("HACKING").read())
layer = {}
for num, entry in entries.items():
    if "lib/'s root" in entry:
        layer["lib"] = num
    for name in re.findall(r"\blib/([a-z0-9_-]+)/", entry):
        layer["lib/" + name] = num
    if "src/PROGRAM/" in entry:
        for p in os.listdir("src"):
            if os.path.isdir(os.path.join("src", p)):
                layer["src/" + p] = num
ok(len(entries) >= 2 and "lib" in layer,
   "HACKING's Layering list read (%d layers, %d folders)" %
   (len(entries), len(layer)))
folders = ["lib"] + sorted("lib/" + d for d in os.listdir("lib")
                           if os.path.isdir(os.path.join("lib", d)) and
                           not d.startswith("."))
bad = [d for d in folders if d not in layer]
ok(not bad, "every folder of lib/ is in HACKING's layers", bad)
root_entry = next((e for e in entries.values() if "lib/'s root" in e), "")
named = set(re.findall(r"[a-z0-9_-]+",
                       root_entry.split("lib/'s root", 1)[-1]))
stems = sorted({os.path.splitext(f)[0] for f in os.listdir("lib")
                if f.endswith((".c", ".h")) and
                not generated(os.path.join("lib", f))})
bad = [f for f in stems if f not in named]
ok(not bad, "every file of lib/'s root is named in HACKING's first layer",
   bad)
bad = []
for f, incs in includes.items():
    a = folder(f)
    for p in incs:
        b = folder(p)
        if a == b or a not in layer or b not in layer:
            continue
        if layer[b] >= layer[a]:
            bad.append("%s (layer %d) includes %s (layer %d)" %
                       (f, layer[a], p, layer[b]))
ok(not bad, "every include goes down HACKING's layers", bad)

# 6. No merge conflict's marker lines in a tracked file.
def tracked():
    try:
        out = subprocess.run(["git", "ls-files", "-z"], capture_output=True,
                             check=True).stdout
        return [f for f in out.decode().split("\0") if f]
    except (OSError, subprocess.CalledProcessError):
        pass
    # A tree without git (a release tarball): its files, less a build's.
    out = []
    for d, dirs, fs in os.walk("."):
        dirs[:] = [x for x in dirs if x not in (".git", ".deps", ".libs")]
        out += [os.path.normpath(os.path.join(d, f)) for f in fs
                if not f.endswith((".o", ".lo", ".log", ".trs"))]
    return out


marker = re.compile(rb"^(<<<<<<< |\|\|\|\|\|\|\| |>>>>>>> )")
bad = []
for f in tracked():
    try:
        data = open(f, "rb").read()
    except OSError:
        continue
    if b"\0" in data:
        continue
    lines = data.split(b"\n")
    for i, line in enumerate(lines):
        line = line.rstrip(b"\r")
        if marker.match(line) or line in (b"<<<<<<<", b">>>>>>>"):
            bad.append("%s:%d: %s" % (f, i + 1, line[:40].decode(
                errors="replace")))
        elif line == b"=======":
            # Allowed only under a title of seven characters.
            title = lines[i - 1].rstrip(b"\r") if i > 0 else b""
            if len(title) != 7 or not title.strip(b"= \t"):
                bad.append("%s:%d: a line of seven = that underlines no "
                           "title of seven characters" % (f, i + 1))
ok(not bad, "no tracked file holds a merge conflict's marker lines", bad)

print("1..%d" % n)
sys.exit(1 if failed else 0)
EOF
