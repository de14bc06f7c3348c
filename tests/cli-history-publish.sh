#!/bin/sh
# threadstone-history publish: a static site of a synthetic history (a
# change point, a producer change) and of a host whose name and
# documents carry script: the pages say what check, changes, report and
# compare say; every page is well formed, accessible and inert; a
# publishing again writes only what changed and removes what went; the
# directory is refused when it is not a site, taken, or its manifest
# names a path publish does not make.  Then in headless Chromium
# (through chromedriver, tests/publish-browser.py), over a local web
# server and from file://: every page loads with no console error,
# every internal link resolves, no injected script runs, the index and a
# host page are drawn (non-blank screenshots) and fit a phone's width.
# The browser tests skip, with the reason, when chromium or
# chromedriver is missing.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

PY=${PYTHON3:-python3}
command -v "$PY" >/dev/null 2>&1 || skip_all "python3 is not installed"
"$PY" -c 'import sqlite3, html.parser' 2>/dev/null ||
    skip_all "python3 has no sqlite3"
[ -x "$TS_HISTORY" ] || skip_all "threadstone-history is not built"
H=$TS_HISTORY
SYNTH=$top_srcdir/tests/history-synth.py
BROWSER=$top_srcdir/tests/publish-browser.py
APPLE=$FIXTURES/apple-m4-pro.json
db=$tmpdir/h.sqlite
site=$tmpdir/site
unset THREADSTONE_HISTORY
# A host name that is every kind of escape at once: HTML text, an
# attribute, a script element, JSON inside a page, an SVG title.
EVIL='<script>window.__pwned=1</script>"onload="window.__pwned=2" '"'"'><img src=x onerror="window.__pwned=3"></script><!--'
server=

skip() {
	tap_n=$((tap_n + 1))
	echo "ok $tap_n # SKIP $1"
}

cleanup() {
	[ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
	rm -rf "$tmpdir"
}
trap cleanup EXIT

# sql DB QUERY: the first column of QUERY's first row.
sql() {
	"$PY" -c 'import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute(sys.argv[2]).fetchone()[0])' "$1" "$2"
}

# written: the files the last publish wrote, from its line.
written() {
	printf '%s\n' "$out" | sed -n 's/.*: \([0-9]*\) files written.*/\1/p'
}

### Usage.
run "$H" --db "$db" publish
expect_status 2 "publish without a directory"
expect_one_error_line "publish without a directory"
run "$H" --db "$db" publish a b
expect_status 2 "publish with two directories"
run "$H" --db "$db" --json publish "$site"
expect_status 2 "publish --json"
case $err in *"publish does not take --json"*) ok 0 "publish refuses --json by name" ;;
*) ok 1 "publish refuses --json by name"; echo "# $err" ;; esac
run "$H" --help
case $out in *"publish DIR"*) ok 0 "--help names publish" ;;
*) ok 1 "--help names publish" ;; esac

### A history: a year's first 40 nights, and a hostile host.
"$PY" "$SYNTH" "$APPLE" "$tmpdir/lab" 41 --change 25:0.9:sgemm:single \
    --producer-change 32:2.1.0 >/dev/null
mkdir "$tmpdir/lab40" && mv "$tmpdir/lab/run-00040.json" "$tmpdir/lab40/"
"$H" --db "$db" add --host lab "$tmpdir"/lab/run-*.json >/dev/null
mkdir "$tmpdir/evil"
"$PY" - "$APPLE" "$tmpdir/evil" "$EVIL" <<'PYEOF'
import copy, json, sys
base = json.load(open(sys.argv[1]))
base.pop("signature", None)
evil = sys.argv[3]
for i in range(8):
    d = copy.deepcopy(base)
    # the last nights of lab's: not a quiet host
    d["generated_at"] = "2025-02-%02dT05:00:00Z" % (i + 2)
    d["system"]["cpu_model"] = evil
    d["workloads"][0]["id"] = "dhry" + evil
    d["extensions"] = {"hostname": evil, "command": {"argv": [evil]}}
    # a steady host, then 20 % slower: check's regression
    f = (1 + 0.002 * ((i * 7) % 5)) * (0.8 if i == 7 else 1)
    for w in d["workloads"]:
        for k in ("single_thread", "multi_thread"):
            p = w.get(k)
            if p:
                p["value"] *= f
                p["samples"] = [s * f for s in p["samples"]]
                for s in ("median", "mean", "stddev", "min", "max", "p05",
                          "p95", "ci95"):
                    p["stats"][s] *= f
    # a file name that is itself hostile: the source the history keeps
    json.dump(d, open(sys.argv[2] + "/<b>%d\"'.json" % i, "w"))
PYEOF
"$H" --db "$db" add --host "$EVIL" "$tmpdir"/evil/*.json >/dev/null
ok $? "a history of 40 nights of lab and 8 of a host named with script"

### Publishing.
run "$H" --db "$db" publish "$site"
expect_status 0 "publish"
case $out in "published 2 hosts and 48 runs to $site in "*" s: 53 files written, 0 unchanged, 0 not made again"*", 0 removed; "*" bytes")
	ok 0 "one line says what was published" ;;
*) ok 1 "one line says what was published"; echo "# $out" ;; esac
[ -f "$site/index.html" ] && [ -f "$site/style.css" ] && [ -f "$site/site.js" ] &&
    [ "$(ls "$site"/h/*/*.html | wc -l)" -eq 50 ]
ok $? "the index, the style sheet, the script, 2 host pages and 48 run pages"
[ -z "$(find "$site" -name '.*' ! -name . )" ]
ok $? "no temporary file left"

# Every page, read by python's HTML parser.
"$PY" - "$site" "$EVIL" <<'PYEOF'
import glob, html.parser, os, sys
site, evil = sys.argv[1], sys.argv[2]
class P(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags, self.problems, self.stack, self.text = [], [], [], []
        self.svg = None
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.tags.append((tag, a))
        for k, v in attrs:
            if k.startswith("on"):
                self.problems.append("an %s attribute on <%s>" % (k, tag))
            if v and "javascript:" in v.lower():
                self.problems.append("javascript: in <%s %s>" % (tag, k))
        if tag == "script" and "src" not in a and a.get("type") != "application/json":
            self.problems.append("an inline script")
        if tag in ("img", "iframe", "object", "embed"):
            self.problems.append("a <%s> element" % tag)
        if tag == "svg":
            self.svg = []
        if self.svg is not None:
            self.svg.append(tag)
    def handle_endtag(self, tag):
        if tag == "svg" and self.svg is not None:
            if "title" not in self.svg or "desc" not in self.svg:
                self.problems.append("an SVG without <title> and <desc>")
            self.svg = None
bad = 0
pages = glob.glob(site + "/*.html") + glob.glob(site + "/h/*/*.html")
for path in pages:
    p = P()
    p.feed(open(path, encoding="utf-8").read())
    tags = [t for t, a in p.tags]
    need = {"title": 1, "h1": 1, "main": 1}
    for t, n in need.items():
        if tags.count(t) < n:
            p.problems.append("no <%s>" % t)
    if not any(t == "html" and a.get("lang") for t, a in p.tags):
        p.problems.append("no lang")
    if not any(t == "meta" and a.get("name") == "viewport" for t, a in p.tags):
        p.problems.append("no viewport")
    if "table" in tags and "th" not in tags:
        p.problems.append("a table without headers")
    for pr in p.problems:
        print("# %s: %s" % (os.path.relpath(path, site), pr))
        bad += 1
sys.exit(1 if bad else 0)
PYEOF
ok $? "every page: a title, a heading, lang, a viewport, table headers, SVGs with a title and a description; no inline script, event attribute or javascript: URL"

# The hostile strings are in the pages as text only.
grep -l '<script>window' "$site"/index.html "$site"/h/*/*.html >"$tmpdir/raw" 2>/dev/null
[ ! -s "$tmpdir/raw" ] && grep -q '&lt;script&gt;window.__pwned=1&lt;/script&gt;&quot;onload=&quot;' "$site/index.html"
ok $? "the host's name is escaped in the index, and raw in no page"
evil_page=$(grep -l 'onerror' "$site"/h/*/index.html | head -1)
evil_dir=$(dirname "$evil_page")
[ "$(ls "$evil_dir"/*.html | wc -l)" -eq 9 ] && case $evil_dir in */h/script-window-pwned-*) true ;; *) false ;; esac
ok $? "the hostile host's folder is named by letters, digits and a hash"

# What the pages say is what the commands say.
lab=$(dirname "$(grep -l '<h1>lab</h1>' "$site"/h/*/index.html)")
last=$(sql "$db" "SELECT max(d.id) FROM documents d JOIN hosts h ON h.id = d.host_id WHERE h.name = 'lab'")
"$H" --db "$db" show "$last" --body >"$tmpdir/last.json"
LC_ALL=C.UTF-8 "$TS_REPORT" "$tmpdir/last.json" >"$tmpdir/report.txt"
"$PY" - "$lab/$last.html" "$tmpdir/report.txt" <<'PYEOF'
import html, re, sys
page = open(sys.argv[1], encoding="utf-8").read()
m = re.search(r'<pre class="report">(.*?)</pre>', page, re.S)
sys.exit(0 if m and html.unescape(m.group(1)) == open(sys.argv[2], encoding="utf-8").read() else 1)
PYEOF
ok $? "a run's result table is threadstone-report's, byte for byte"
"$H" --db "$db" check --host lab "$tmpdir/last.json" >"$tmpdir/check.txt"
"$PY" - "$lab/$last.html" "$tmpdir/check.txt" <<'PYEOF'
import html, re, sys
page = open(sys.argv[1], encoding="utf-8").read()
m = re.search(r'<p class="[^"]*summary">\S+ (.*?)</p>', page)
want = open(sys.argv[2]).read().rstrip("\n").split("\n")[-1]
ok = m and html.unescape(m.group(1)) == want
if not ok:
    print("# page: %r; check: %r" % (m and m.group(1), want))
sys.exit(0 if ok else 1)
PYEOF
ok $? "the latest run's page says what check says of it"
"$H" --db "$db" changes --host lab --json >"$tmpdir/changes.json"
"$PY" - "$lab/index.html" "$tmpdir/changes.json" <<'PYEOF'
import json, re, sys
page = open(sys.argv[1], encoding="utf-8").read()
m = re.search(r'<script type="application/json" id="changes-data">(.*?)</script>', page, re.S)
got = json.loads(m.group(1))
want = json.load(open(sys.argv[2]))
key = lambda c: (c["workload"], c["pass"], c["index"])
assert sorted(got, key=key) == sorted(want, key=key), (len(got), len(want))
kinds = {(c["workload"], c["pass"], c["kind"]) for c in got}
assert ("sgemm", "single", "level") in kinds and ("sgemm", "single", "producer") in kinds
PYEOF
ok $? "the host page's change points are changes --json's, the level change and the producer change among them"
"$PY" - "$site/index.html" <<'PYEOF'
import re, sys
rows = re.findall(r'<tr class="[^"]*"><td data-v="(\d)">([^<]*)<td><a href="h/([^/]*)/', open(sys.argv[1], encoding="utf-8").read())
assert len(rows) == 2, rows
assert rows[0][1].endswith("regression") and rows[0][2].startswith("script-window"), rows
assert int(rows[0][0]) < int(rows[1][0]), rows
PYEOF
ok $? "the index puts the host whose latest run is a regression first"

### Again: nothing changed, then one night more.
run "$H" --db "$db" publish "$site"
expect_status 0 "publish again"
[ "$(written)" = 0 ] && case $out in *" 5 unchanged, 48 not made again"*) true ;; *) false ;; esac
ok $? "again with nothing new: no file written, no run page made again"
[ "$(written)" = 0 ] || echo "# $out"
"$H" --db "$db" add --host lab "$tmpdir/lab40/run-00040.json" >/dev/null
cp "$site/index.html" "$tmpdir/index.before"
run "$H" --db "$db" publish "$site"
[ "$rc" -eq 0 ] && [ "$(written)" = 4 ] && case $out in *"and 49 runs"*", 47 not made again"*) true ;; *) false ;; esac
ok $? "after one night: 4 files written (the index, the host page, the new run and the one before it)"
[ "$(written)" = 4 ] || echo "# $out"
! cmp -s "$site/index.html" "$tmpdir/index.before"
ok $? "the index changed"

### A run that went: its page goes.
new=$(sql "$db" "SELECT max(id) FROM documents")
"$PY" -c 'import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute("PRAGMA foreign_keys=ON"); c.execute("DELETE FROM documents WHERE id=?", (int(sys.argv[2]),)); c.commit()' "$db" "$new"
run "$H" --db "$db" publish "$site"
[ "$rc" -eq 0 ] && [ ! -e "$lab/$new.html" ] && case $out in *", 1 removed; "*) true ;; *) false ;; esac
ok $? "a document gone from the history: its page removed"

### A publish stopped half way: the next one finishes the site.
rm -rf "$tmpdir/half"
"$H" --db "$db" publish "$tmpdir/half" >/dev/null &
pid=$!
i=0
while [ ! -d "$tmpdir/half/h" ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i + 1)); done
kill -TERM "$pid" 2>/dev/null
wait "$pid"
run "$H" --db "$db" publish "$tmpdir/half"
[ "$rc" -eq 0 ] && [ -z "$(find "$tmpdir/half" -name '.*' ! -name .)" ] &&
    diff -r "$site" "$tmpdir/half" >/dev/null
ok $? "a publish stopped by SIGTERM: no temporary file, and the next one makes the same site"
[ "$rc" -eq 0 ] || echo "# $err"

### Refusals.
mkdir "$tmpdir/other" && echo keep >"$tmpdir/other/notes.txt"
run "$H" --db "$db" publish "$tmpdir/other"
expect_status 1 "a directory of other files"
expect_one_error_line "a directory of other files"
[ "$(ls "$tmpdir/other")" = notes.txt ]
ok $? "a directory of other files is left as it was"
run "$H" --db "$db" publish "$tmpdir/other/notes.txt"
expect_status 1 "a regular file for the directory"
expect_one_error_line "a regular file for the directory"
cp -r "$site" "$tmpdir/tampered"
echo keep >"$tmpdir/victim"
printf '%064d\t../victim\t\n' 0 >>"$tmpdir/tampered/threadstone-publish.manifest"
run "$H" --db "$db" publish "$tmpdir/tampered"
expect_status 1 "a manifest naming ../victim"
expect_one_error_line "a manifest naming ../victim"
[ -f "$tmpdir/victim" ]
ok $? "a manifest naming a path outside the site removes nothing"
"$PY" - "$site" "$tmpdir/locked" <<'PYEOF' &
import fcntl, os, sys, time
fd = os.open(sys.argv[1], os.O_RDONLY)
fcntl.flock(fd, fcntl.LOCK_EX)
open(sys.argv[2], "w").close()
time.sleep(30)
PYEOF
holder=$!
i=0
while [ ! -e "$tmpdir/locked" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
run "$H" --db "$db" publish "$site"
kill "$holder" 2>/dev/null; wait "$holder" 2>/dev/null
expect_status 1 "a site another publish holds"
case $err in *"another publish is writing there"*) ok 0 "a site another publish holds: said so" ;;
*) ok 1 "a site another publish holds: said so"; echo "# $err" ;; esac
run "$H" --db "$tmpdir/none.sqlite" publish "$tmpdir/site2"
expect_status 1 "no history"
expect_one_error_line "no history"
[ ! -e "$tmpdir/site2" ]
ok $? "no history: no site made"

### In the browser.
if [ ! -x "${CHROMIUM:-/usr/bin/chromium}" ] || [ ! -x "${CHROMEDRIVER:-/usr/bin/chromedriver}" ]; then
	for t in "over a web server" "from file://" "hostile values" "screenshots"; do
		skip "chromium and chromedriver are not installed (Debian: chromium chromium-driver): $t"
	done
	done_testing
	exit
fi
port=$("$PY" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$PY" -m http.server --bind 127.0.0.1 --directory "$site" "$port" >"$tmpdir/http.log" 2>&1 &
server=$!
i=0
until "$PY" -c 'import sys, urllib.request; urllib.request.urlopen("http://127.0.0.1:%s/index.html" % sys.argv[1], timeout=2)' "$port" 2>/dev/null; do
	i=$((i + 1))
	[ $i -lt 50 ] || break
	sleep 0.2
done
browse() {
	"$PY" "$BROWSER" "$site" "$@" >"$tmpdir/out" 2>"$tmpdir/err"
	rc=$?
	out=$(cat "$tmpdir/out")
	err=$(cat "$tmpdir/err")
}
browse crawl "http://127.0.0.1:$port"
if [ "$rc" -eq 77 ]; then
	for t in "over a web server" "from file://" "hostile values" "screenshots"; do
		skip "$out: $t"
	done
	done_testing
	exit
fi
[ "$rc" -eq 0 ] && [ "$out" = "pages 51 links $(echo "$out" | sed 's/.* links //')" ]
ok $? "over a web server: 51 pages, no console error, every link and fragment resolves, no script injected ($out)"
[ "$rc" -eq 0 ] || echo "# $err"
browse crawl "file://$site"
[ "$rc" -eq 0 ] && case $out in "pages 51 "*) true ;; *) false ;; esac
ok $? "from file://: the same ($out)"
[ "$rc" -eq 0 ] || echo "# $err"
browse hostile "http://127.0.0.1:$port" "$EVIL"
[ "$rc" -eq 0 ]
ok $? "hostile values: the name shows as text in the index, the heading, the title, the SVG and the JSON; no script ran"
[ "$rc" -eq 0 ] || echo "# $err"
browse look "file://$site" "$tmpdir"
[ "$rc" -eq 0 ] && [ -s "$tmpdir/index.png" ] && [ -s "$tmpdir/host.png" ]
ok $? "screenshots of the index and a host page are not blank; a heading's click sorts; a phone's width needs no sideways scroll"
[ "$rc" -eq 0 ] || echo "# $err"
done_testing
