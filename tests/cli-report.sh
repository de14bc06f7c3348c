#!/bin/sh
# threadstone-report: table-2.0, markdown-2.0 and JSON byte for byte
# against the original's outputs, the table and markdown with a cv per
# pass against ours, --schema against the committed schema, --out,
# standard input, the CSV and JSON Lines rows, and bad input.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

[ -x "$TS_REPORT" ] || skip_all "threadstone-report is not built"

apple=$FIXTURES/apple-m4-pro.json
runfile=$FIXTURES/run-signed-at-runtime.json
schema=$top_srcdir/data/result.schema.json

run "$TS_REPORT" --format table-2.0 "$apple"
expect_status 0 "table-2.0 of the fixture"
cmp -s "$tmpdir/out" "$FIXTURES/expected-report-table-apple.txt"
ok $? "table-2.0 equals expected-report-table-apple.txt"

run "$TS_REPORT" --format table-2.0 "$runfile"
expect_status 0 "table-2.0 of the run"
cmp -s "$tmpdir/out" "$FIXTURES/expected-report-table-run.txt"
ok $? "table-2.0 equals expected-report-table-run.txt"

run "$TS_REPORT" --format markdown-2.0 "$apple"
expect_status 0 "markdown-2.0"
cmp -s "$tmpdir/out" "$FIXTURES/expected-report-markdown-apple.txt"
ok $? "markdown-2.0 equals expected-report-markdown-apple.txt"

# Ours: a cv after each pass's value, and a line saying what the glyphs
# mean (the original's one cv is the noisier pass's, with no legend).
run "$TS_REPORT" "$apple"
expect_status 0 "table of the fixture"
cmp -s "$tmpdir/out" "$FIXTURES/report-table-apple.txt"
ok $? "table equals report-table-apple.txt"
run "$TS_REPORT" --format table "$runfile"
cmp -s "$tmpdir/out" "$FIXTURES/report-table-run.txt"
ok $? "table equals report-table-run.txt"
grep -q '^SHA-256  *MiB/s  *190  x 24\.1%  *229  ~ 2\.2%  *1\.2x$' "$tmpdir/out"
ok $? "each pass has its own cv: sha256 single-thread x 24.1%, multi-thread ~ 2.2%"
grep -q '^Memory Latency  *ns  *342  ! 7\.6%  *—  —  *—$' "$tmpdir/out"
ok $? "a workload with one pass: a dash for the other's cv"
grep -qx "cv: spread of a pass's samples; = stable <1%, ~ <3%, ! noisy <10%, x unreliable" "$tmpdir/out"
ok $? "a line under the table says what the glyphs mean"
run "$TS_REPORT" --format markdown "$apple"
expect_status 0 "markdown"
cmp -s "$tmpdir/out" "$FIXTURES/report-markdown-apple.txt"
ok $? "markdown equals report-markdown-apple.txt"
grep -q '^| Workload | Unit | 1 thread | CV | 14 threads | CV | Scaling |$' "$tmpdir/out" &&
    grep -q '^CV: the spread' "$tmpdir/out"
ok $? "markdown: a CV column per pass, and what CV is"

run "$TS_REPORT" --format=json "$apple"
expect_status 0 "json"
{ cat "$apple"; echo; } | cmp -s - "$tmpdir/out"
ok $? "--format json reproduces the fixture plus a newline"

# A string holding U+0000 is written back as \u0000, byte for byte.
run "$TS_REPORT" --format json "$FIXTURES/nul-in-string.json"
{ cat "$FIXTURES/nul-in-string.json"; echo; } | cmp -s - "$tmpdir/out"
ok $? "--format json keeps \\u0000 inside a string"

"$TS_REPORT" --format json "$apple" --out "$tmpdir/copy.json" \
    >"$tmpdir/out" 2>"$tmpdir/err"
ok $? "--format json --out"
cmp -s "$apple" "$tmpdir/copy.json" && [ ! -s "$tmpdir/out" ] &&
    [ "$(cat "$tmpdir/err")" = "wrote $tmpdir/copy.json" ]
ok $? "--out file is the fixture exactly; 'wrote PATH' on stderr"

LC_ALL=C.UTF-8 "$TS_REPORT" - <"$apple" >"$tmpdir/out" 2>"$tmpdir/err"
ok $? "FILE - reads standard input"
cmp -s "$tmpdir/out" "$FIXTURES/report-table-apple.txt"
ok $? "standard input gives the same table"

# The schema: the committed text, embedded in the binary.
if command -v sha256sum >/dev/null 2>&1; then
	[ "$(sha256sum <"$schema" | cut -d' ' -f1)" = \
	    ffe206eeb0c02e5e497622826dea6d619543eca4b2a5041ffda730c6934d1745 ]
	ok $? "data/result.schema.json is the original's committed schema"
fi
run "$TS_REPORT" --schema
expect_status 0 "--schema"
{ cat "$schema"; echo; } | cmp -s - "$tmpdir/out"
ok $? "--schema prints the schema plus a newline"
"$TS_REPORT" --schema -o "$tmpdir/schema.json" >/dev/null 2>&1 &&
    cmp -s "$schema" "$tmpdir/schema.json"
ok $? "--schema --out writes the schema without a newline"

# Bad input and usage: one line, documented status.
run "$TS_REPORT" --format xml "$apple"
expect_status 2 "bad --format value"
expect_one_error_line "bad --format value"
grep -q "table, json, markdown, csv, jsonl, table-2.0 or markdown-2.0" "$tmpdir/err"
ok $? "bad --format names the accepted values"
run "$TS_REPORT" "$tmpdir/definitely-not-here.json"
expect_status 1 "missing file"
expect_one_error_line "missing file"
printf '\n\n[1, 2' >"$tmpdir/bad.json"
run "$TS_REPORT" "$tmpdir/bad.json"
expect_status 1 "not JSON"
expect_one_error_line "not JSON"
printf '{"hello": "world"}' >"$tmpdir/hello.json"
run "$TS_REPORT" --format json "$tmpdir/hello.json"
expect_status 1 "not a result document"
expect_one_error_line "not a result document"
run "$TS_REPORT" "$tmpdir"
expect_status 1 "a directory"
expect_one_error_line "a directory"
run "$TS_REPORT"
expect_status 2 "no FILE"
expect_one_error_line "no FILE"
run "$TS_REPORT" --schema "$apple"
expect_status 2 "--schema with a FILE"
expect_one_error_line "--schema with a FILE"
run "$TS_REPORT" --format json "$apple" --out "$tmpdir/no/such/dir/x.json"
expect_status 1 "unwritable --out"
expect_one_error_line "unwritable --out"
[ ! -e "$tmpdir/no/such/dir/x.json" ]
ok $? "unwritable --out leaves no file"

# --format csv and jsonl: one row per workload pass, the same values as
# the document's; CSV that Python's csv module reads, JSON on every line.
py=${PYTHON3:-$(command -v python3 || true)}
if [ -n "$py" ]; then
	for f in csv jsonl; do
		run "$TS_REPORT" --format $f "$apple" -o "$tmpdir/apple.$f"
		expect_status 0 "--format $f -o FILE"
	done
	"$py" - "$apple" "$tmpdir/apple.csv" "$tmpdir/apple.jsonl" <<'EOT' >"$tmpdir/py" 2>&1
import csv, json, sys
doc = json.load(open(sys.argv[1]))
want = []
for w in doc["workloads"]:
    for p in ("single_thread", "multi_thread"):
        if w.get(p) is not None:
            want.append((w["id"], p, w[p]["threads"], w[p]["value"],
                         w[p]["stats"]["cv"]))
with open(sys.argv[2], newline="") as f:
    rows = list(csv.DictReader(f))
got = [(r["workload"], r["pass"], int(r["threads"]), float(r["value"]),
        float(r["cv"])) for r in rows]
assert got == want, (got, want)
lines = open(sys.argv[3]).read().splitlines()
objs = [json.loads(l) for l in lines]
got = [(o["workload"], o["pass"], o["threads"], o["value"], o["cv"])
       for o in objs]
assert got == want, (got, want)
assert all(list(o) == list(rows[0]) for o in objs), "same columns"
assert list(rows[0])[:3] == ["run_id", "host", "generated_at"], list(rows[0])
ids = {r["run_id"] for r in rows} | {o["run_id"] for o in objs}
assert len(ids) == 1 and len(ids.pop()) == 16
assert {r["host"] for r in rows} == {"Apple M4 Pro, 14 CPUs, 48 GiB, aarch64-apple-darwin"}
assert {r["generated_at"] for r in rows} == {doc["generated_at"]}
print(len(rows))
EOT
	ok $? "csv and jsonl: every pass, its threads, value and cv, as in the document, with the run id, host and time"
	sed 's/^/# /' "$tmpdir/py"
else
	ok 0 "# SKIP python3 is not installed"
fi
run "$TS_REPORT" --format xml "$apple"
expect_status 2 "--format xml"
grep -q "csv" "$tmpdir/err" && grep -q "jsonl" "$tmpdir/err"
ok $? "--format xml: the line names csv and jsonl among the formats"

run "$TS_REPORT" --version
expect_status 0 "--version"
case $out in
"threadstone-report (threadstone) "[0-9]*) ok 0 "--version text" ;;
*) ok 1 "--version text" ;;
esac

# In a locale that is not UTF-8 the table is ASCII; never coloured for
# TERM=dumb.
LC_ALL=C "$TS_REPORT" "$apple" >"$tmpdir/ascii" 2>&1
! LC_ALL=C grep -q '[^ -~]' "$tmpdir/ascii" &&
    LC_ALL=C.UTF-8 sed 's/─/-/g; s/·/./g; s/→/->/g; s/±/+-/g; s/³/^3/g; s/—/--/g' \
    "$FIXTURES/report-table-apple.txt" | cmp -s - "$tmpdir/ascii"
ok $? "LC_ALL=C: the same table in ASCII"
if command -v script >/dev/null 2>&1 && script -qec true /dev/null >/dev/null 2>&1; then
	TERM=dumb LC_ALL=C.UTF-8 script -qec "'$TS_REPORT' '$apple'" /dev/null >"$tmpdir/dumb" 2>&1
	! grep -q "$(printf '\033')\[" "$tmpdir/dumb"
	ok $? "TERM=dumb on a terminal: no colour"
	TERM=xterm LC_ALL=C.UTF-8 script -qec "'$TS_REPORT' '$apple'" /dev/null >"$tmpdir/xterm" 2>&1
	grep -q "$(printf '\033')\[" "$tmpdir/xterm"
	ok $? "(TERM=xterm on a terminal: colour)"
else
	ok 0 "# SKIP no script(1)"
	ok 0 "# SKIP no script(1)"
fi

done_testing
