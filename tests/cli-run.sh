#!/bin/sh
# threadstone-run from the outside: --list, every bad option refused with
# one line before any measurement, and a few short real runs whose JSON
# validates against the schema, is coherent, and is a fixed point of the
# original's reader.  Runs are tiny (window 5-20 ms); nothing asserts a
# timing or this host's figures.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

[ -x "$TS_RUN" ] || skip_all "threadstone-run not built"
SCHEMA=$top_srcdir/data/result.schema.json
CHECK=$top_srcdir/tests/check-run-json.py
SERDE=${SERDE_CANON:-$top_srcdir/../shared/spec/threadstone-vectors/serde_canon.py}
py=${PYTHON3:-$(command -v python3 || true)}
QUICK="--samples 1 --warmup 0 --window-ms 5 --executions 2"

# --list: the original's bytes, but for the title, which names this
# package's version rather than the Rust tool's 2.0.0.
run "$TS_RUN" --list
expect_status 0 "--list"
version=$("$TS_RUN" --version | sed 's/.* //')
[ "$(sed -n 1p "$tmpdir/out")" = "ThreadStone $version workloads" ]
ok $? "--list title names this version ($version)"
# The original's six workloads come first; a workload added to the
# registry is listed after them.
sed 1d "$FIXTURES/expected-list.txt" >"$tmpdir/list-want"
sed 1d "$tmpdir/out" | head -n "$(wc -l <"$tmpdir/list-want")" |
    cmp -s "$tmpdir/list-want" -
ok $? "--list prints the original's list byte for byte after the title"

run "$TS_RUN" --version
[ "$rc" -eq 0 ] && [ "$out" = "threadstone-run (threadstone) $(echo "$out" | sed 's/.* //')" ]
ok $? "--version prints the program, package and version"

# Bad options: one line, nothing on stdout, no file, and no measurement
# (the window asked for would take hours, so finishing at all shows it).
LONG="--window-ms 3600000 --samples 1000"
bad() {
	status=$1 pattern=$2 desc=$3
	shift 3
	rm -f "$tmpdir/never.json"
	run timeout 60 "$TS_RUN" $LONG "$@"
	expect_status "$status" "$desc"
	expect_one_error_line "$desc"
	grep -q -- "$pattern" "$tmpdir/err"
	ok $? "$desc: message mentions '$pattern'"
	[ ! -e "$tmpdir/never.json" ]
	ok $? "$desc: nothing written"
}
bad 1 "--samples must be at least 1" "--samples 0" \
	--samples 0 -o "$tmpdir/never.json"
bad 1 "--window-ms must be at least 1" "--window-ms 0" \
	--window-ms 0 -o "$tmpdir/never.json"
bad 1 "unknown workload 'nonexistent'; available: dhrystone, sgemm" \
	"unknown workload" -w sha256 -w nonexistent -o "$tmpdir/never.json"
bad 2 "expected an integer from 1" "--executions 0" \
	--executions 0 -o "$tmpdir/never.json"
bad 2 "expected a number from 0.01 to 100" "--precision 0" \
	--precision 0 -o "$tmpdir/never.json"
bad 2 "invalid --precision" "--precision abc" \
	--precision abc -o "$tmpdir/never.json"
bad 2 "invalid --max-seconds" "--max-seconds 0" \
	--max-seconds 0 -o "$tmpdir/never.json"
bad 2 "single-only" "--single-only with --multi-only" \
	--single-only --multi-only -o "$tmpdir/never.json"
bad 1 "cannot write" "unwritable --out" -o "$tmpdir/no/such/dir/x.json"
bad 1 "--export-csv: cannot write" "unwritable --export-csv" \
	--export-csv "$tmpdir/no/such/dir/x.csv" -o "$tmpdir/never.json"
bad 1 "--export-markdown: cannot write" "unwritable --export-markdown" \
	--export-markdown "$tmpdir/no/such/dir/x.md" -o "$tmpdir/never.json"
mkdir "$tmpdir/adir"
bad 1 "cannot write" "--out names a directory" -o "$tmpdir/adir"
bad 1 "cannot read signing key" "missing --sign-key" \
	--sign-key "$tmpdir/nokey" -o "$tmpdir/never.json"
printf 'not a key at all' >"$tmpdir/junk.key"
chmod 600 "$tmpdir/junk.key"
bad 1 "PKCS#8" "junk --sign-key" --sign-key "$tmpdir/junk.key" \
	-o "$tmpdir/never.json"
bad 2 "--threads" "non-numeric --threads" --threads many
bad 2 "--threads" "negative --threads" --threads -1
bad 2 "--format" "unknown --format" --format xml
bad 2 "--samples plus --warmup" "more rounds than a pass can count" \
	--samples 4294967295 --warmup 1 -o "$tmpdir/never.json"
bad 2 "--stream-mb" "zero --stream-mb" --stream-mb 0
bad 2 "--latency-mb" "huge --latency-mb" --latency-mb 99999999999
run "$TS_RUN" --no-such-option
expect_status 2 "unknown option"
[ ! -s "$tmpdir/out" ]
ok $? "unknown option: nothing on stdout"

# A short real run: JSON on stdout equals the file plus a newline.
doc=$tmpdir/run.json
run "$TS_RUN" -w sha256 -w dhrystone -w latency --latency-mb 8 \
	--samples 2 --warmup 1 --window-ms 20 -o "$doc" --format json
expect_status 0 "short run with --out and --format json"
printf '%s\n' "$(cat "$doc")" | cmp -s - "$tmpdir/out"
ok $? "stdout is the file plus one newline"
[ "$(tail -c 1 "$doc" | od -An -c | tr -d ' ')" = "}" ]
ok $? "the file has no trailing newline"
grep -qx "wrote $doc" "$tmpdir/err"
ok $? "'wrote PATH' on stderr"
run "$TS_RUN" -w sha256 --single-only -q --samples 1 --warmup 0 \
	--window-ms 10 --format csv
expect_status 0 "--format csv"
printf '%s\n' "$out" | sed -n 1p | grep -q "^run_id,host,generated_at,workload,name," &&
    printf '%s\n' "$out" | sed -n 2p | grep -q "^[0-9a-f]\{16\},[^,]*,20[0-9-]*T[0-9:]*Z,sha256,SHA-256,[a-z_]*,single_thread,1,"
ok $? "--format csv: the header, then the pass measured, with run id, host and time"
run "$TS_RUN" -w sha256 --single-only -q --samples 1 --warmup 0 \
	--window-ms 10 --format jsonl
expect_status 0 "--format jsonl"
[ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ] &&
    printf '%s\n' "$out" | grep -q '^{"run_id":"[0-9a-f]\{16\}","host":".*","generated_at":".*","workload":"sha256",.*"pass":"single_thread"'
ok $? "--format jsonl: one line, the pass measured, with run id, host and time"

# --export-json, --export-csv and --export-markdown beside the table:
# each file whole; the CSV as report writes it from the JSON; the table
# on stdout still.
ex=$tmpdir/ex
mkdir "$ex"
run "$TS_RUN" -w sha256 $QUICK --export-json "$ex/r.json" \
	--export-csv "$ex/r.csv" --export-markdown "$ex/r.md"
expect_status 0 "--export-json, --export-csv and --export-markdown together"
grep -q '^Workload ' "$tmpdir/out" && grep -qx "wrote $ex/r.json" "$tmpdir/err" &&
    grep -qx "wrote $ex/r.csv" "$tmpdir/err" && grep -qx "wrote $ex/r.md" "$tmpdir/err"
ok $? "the table on stdout, and 'wrote PATH' for each export"
"$TS_REPORT" --format csv "$ex/r.json" | cmp -s - "$ex/r.csv"
ok $? "the exported CSV is report's CSV of the exported JSON (the same run id)"
"$TS_REPORT" --format markdown "$ex/r.json" | cmp -s - "$ex/r.md"
ok $? "the exported markdown is report's markdown of the exported JSON"
"$TS_REPORT" --format json "$ex/r.json" | head -c -1 | cmp -s - "$ex/r.json" &&
    grep -q '"hostname": "' "$ex/r.json"
ok $? "the exported JSON is the document, with extensions.hostname"
# Three runs' CSV files stack: the header once, then every row.
for i in 2 3; do
	"$TS_RUN" -w sha256 -q $QUICK --format csv >"$ex/r$i.csv" 2>/dev/null
done
{ cat "$ex/r.csv"; tail -n +2 "$ex/r2.csv"; tail -n +2 "$ex/r3.csv"; } >"$ex/all.csv"
if [ -n "$py" ]; then
	"$py" - "$ex/all.csv" <<'PY'
import csv, sys
with open(sys.argv[1], newline="") as f:
    rows = list(csv.reader(f))
head, body = rows[0], rows[1:]
assert head[:3] == ["run_id", "host", "generated_at"], head
assert len(body) == 6 and all(len(r) == len(head) for r in body), body
assert all(r[0] != "run_id" for r in body), "one header"
ids = [r[0] for r in body]
assert len(set(ids)) == 3 and all(ids.count(i) == 2 for i in ids), ids
assert all(r[1] and r[2].endswith("Z") for r in body)
PY
	ok $? "three runs' CSV files concatenated: one header, one valid table, three run ids"
else
	ok 0 "# SKIP no python3"
fi


# --list --format json, jsonl, csv: the workloads as data, the same six.
for f in json jsonl csv; do
	run "$TS_RUN" --list --format $f
	expect_status 0 "--list --format $f"
	printf '%s\n' "$out" >"$tmpdir/list.$f"
done
if [ -n "$py" ]; then
	"$py" - "$tmpdir" <<'EOT' >"$tmpdir/py" 2>&1
import csv, json, sys
d = sys.argv[1]
a = json.load(open(d + "/list.json"))
b = [json.loads(l) for l in open(d + "/list.jsonl").read().splitlines()]
with open(d + "/list.csv", newline="") as f:
    c = list(csv.DictReader(f))
# ThreadStone 2.0.0's six first, in its order (section 5.0); any other after.
assert [w["id"] for w in a][:6] == ["dhrystone", "sgemm", "sha256", "sort", "stream", "latency"], a
assert a == b, (a, b)
assert [(w["id"], w["unit"], float(w["reference"]), w["multi_core"]) for w in c] == \
    [(w["id"], w["unit"], w["reference"], "true" if w["multi_core"] else "false") for w in a], c
assert not a[5]["multi_core"] and a[0]["multi_core"]
EOT
	ok $? "--list as json, jsonl and csv: the same workloads and fields"
	sed 's/^/# /' "$tmpdir/py"
else
	ok 0 "# SKIP python3 is not installed"
fi
! grep -q '^  ' "$tmpdir/err"
ok $? "--format json prints no progress"
grep -q '"excluded_from_multi_core"' "$doc" && \
	[ "$(grep -c '"multi_thread": {' "$doc")" -le 2 ]
ok $? "latency is single-thread only and says why"
grep -q '"bytes": 8388608' "$doc" && grep -q '"set by --latency-mb"' "$doc"
ok $? "the latency buffer size is recorded as set"

if [ -n "$py" ] && [ -f "$SCHEMA" ]; then
	if [ -f "$SERDE" ]; then
		"$py" "$CHECK" "$SCHEMA" "$doc" "$SERDE" >"$tmpdir/check"
	else
		"$py" "$CHECK" "$SCHEMA" "$doc" >"$tmpdir/check"
	fi
	ok $? "the document validates, is coherent and a fixed point"
	sed 's/^/# /' "$tmpdir/check"
else
	ok 0 "# SKIP python3 or the schema is missing"
fi

# The buffer check (the cache-residency test of lib/mem/mem-residency.h) under
# the LLC sizes hwloc reports on this project's VM kinds.  Against twice
# a 508 MB LLC, the default 192 and 256 MiB buffers read like memory on
# every one of them (their real caches end by 32 MiB); up to three tries
# for a disturbed reading.  A 32 MiB LLC needs no check.
topo='numa:1(memory=25769803776) l3:1(size=532676608) core:2 pu:1'
for try in 1 2 3; do
	run env HWLOC_SYNTHETIC="$topo" "$TS_RUN" -w stream -w latency \
	    --samples 1 --warmup 0 --window-ms 10 --format json
	[ "$rc" -eq 0 ] && [ "$(grep -c '"decision": "default kept: in a page-local chase' "$tmpdir/out")" -eq 2 ] &&
	    break
done
expect_status 0 "buffer check, hwloc L3 508 MB"
[ "$(grep -c '"decision": "default kept: in a page-local chase' "$tmpdir/out")" -eq 2 ] &&
    grep -q '"bytes": 268435456' "$tmpdir/out" &&
    [ "$(grep -c '"check_large_bytes": 1073741824' "$tmpdir/out")" -eq 2 ] &&
    [ "$(grep -c '"check_seconds": ' "$tmpdir/out")" -eq 2 ]
ok $? "buffer check, hwloc L3 508 MB: both defaults kept, one 1 GiB test (try $try)"
run env HWLOC_SYNTHETIC='numa:1(memory=25769803776) l3:1(size=33554432) core:2 pu:1' \
    "$TS_RUN" -w latency --samples 1 --warmup 0 --window-ms 10 --format json
[ "$rc" -eq 0 ] && grep -q '"decision": "default; the largest last-level cache hwloc reports (32 MiB) is under half of it"' "$tmpdir/out" &&
    ! grep -q '"check_large_bytes"' "$tmpdir/out"
ok $? "buffer check, hwloc L3 32 MiB: no check needed"

# A check that cannot map its larger footprint says so and keeps the
# default, which is then recorded as such.
if sh -c 'ulimit -v 1048576 && exec "$1" --version' sh "$TS_RUN" \
    >/dev/null 2>&1; then
	run env HWLOC_SYNTHETIC="$topo" sh -c "ulimit -v 786432 && exec \"$TS_RUN\" -w latency --samples 1 --warmup 0 --window-ms 10 --format json"
	[ "$rc" -eq 0 ] &&
	    [ "$(grep -c 'warning: the buffer check was skipped (cannot map' "$tmpdir/err")" -eq 1 ] &&
	    grep -q '"decision": "default; the check failed: cannot map' "$tmpdir/out" &&
	    grep -q '"bytes": 268435456' "$tmpdir/out"
	ok $? "ulimit -v 768 MiB: the buffer check is skipped, said in one line"
else
	ok 0 "# SKIP ulimit -v is not usable here (sanitizer build?)"
fi

# Table, markdown, quiet, progress lines, --no-pin, not-run texts.
run "$TS_RUN" -w sha256 --single-only $QUICK
expect_status 0 "table run"
grep -q "ThreadStone Score" "$tmpdir/out"
ok $? "the table has the score line"
grep -q "^  SHA-256 (1 thread) " "$tmpdir/err"
ok $? "a permanent progress line per finished pass"
run "$TS_RUN" -w sha256 --single-only --format markdown -q $QUICK
grep -q "| Workload |" "$tmpdir/out" && grep -q "SHA-256" "$tmpdir/out"
ok $? "--format markdown"
! grep -q '^  ' "$tmpdir/err"
ok $? "--quiet prints no progress"
run "$TS_RUN" -w latency -w sha256 --multi-only --no-pin --threads 2 \
	--format json $QUICK
expect_status 0 "--multi-only with latency still succeeds"
grep -q "not run: 'latency' is measured single-threaded only, and the single-thread pass was disabled" "$tmpdir/out"
ok $? "latency's not-run explanation"
! grep -q '"single_thread"' "$tmpdir/out"
ok $? "--multi-only: no single-thread pass"
tr -d '\n ' <"$tmpdir/out" | grep -q '"pinning":{"enabled":false'
ok $? "--no-pin is recorded"

# On a terminal (util-linux script(1) gives stderr one): the transient
# status lines, redrawn in place: "calibrating" before a pass's first
# execution, then one tick per finished execution (the calibration is
# each execution's own, so no "calibrated" line); many executions show
# a count, not a bar wider than the line.
if command -v script >/dev/null 2>&1 && \
    script -qec true /dev/null >/dev/null 2>&1; then
	LC_ALL=C.UTF-8 script -qec "'$TS_RUN' -w sha256 --single-only $QUICK --samples 3 \
	    --executions 3 >/dev/null" /dev/null >"$tmpdir/tty" 2>&1
	tr '\r' '\n' <"$tmpdir/tty" >"$tmpdir/lines"
	grep -q "^  \[1/3\] SHA-256 (1 thread) · calibrating…" "$tmpdir/lines" &&
		grep -q "^  \[1/3\] SHA-256 (1 thread) · ●·· " "$tmpdir/lines" &&
		grep -q "^  \[2/3\] SHA-256 (1 thread) · ●●· " "$tmpdir/lines" &&
		grep -q "^  \[3/3\] SHA-256 (1 thread) · ●●● " "$tmpdir/lines" &&
		grep -q "^  \[3/3\] SHA-256 (1 thread) · ●●● [0-9.]*[kMG]* MiB/s" \
		    "$tmpdir/lines" &&
		! grep -q "iters/thread" "$tmpdir/lines" &&
		test "$(grep -c "^  \[[0-9]*/3\] SHA-256 (1 thread) · [●·]* " \
		    "$tmpdir/lines")" -eq 3
	ok $? "terminal: calibrating, then one tick per execution, and the rate with its unit"
	LC_ALL=C.UTF-8 script -qec "'$TS_RUN' -w sha256 --single-only $QUICK \
	    --executions 40 >/dev/null" /dev/null >"$tmpdir/tty" 2>&1
	tr '\r' '\n' <"$tmpdir/tty" >"$tmpdir/lines"
	grep -q "^  \[1/40\] SHA-256 (1 thread) · 1/40 " "$tmpdir/lines" &&
		grep -q "^  \[40/40\] SHA-256 (1 thread) · 40/40 " "$tmpdir/lines" &&
		test "$(grep -c "^  \[[0-9]*/40\] SHA-256 (1 thread) · [0-9]*/40 " \
		    "$tmpdir/lines")" -eq 40 &&
		! grep -q "●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●" "$tmpdir/lines"
	ok $? "terminal: 40 executions are counted, not drawn as a bar"
else
	ok 0 "# SKIP script(1) cannot give the run a terminal"
	ok 0 "# SKIP script(1) cannot give the run a terminal"
fi

# More threads than CPUs: done, but said on stderr.
many=$(( $(nproc) + 2 ))
run "$TS_RUN" -w sha256 --multi-only --threads "$many" -q --format json \
	$QUICK
expect_status 0 "--threads above the CPU count runs"
grep -q "warning: --threads $many is more than the .* usable CPUs\{0,1\}: the multi-thread pass runs $many threads anyway, oversubscribed" "$tmpdir/err"
ok $? "oversubscription is reported on stderr"
grep -q '"oversubscribed": true' "$tmpdir/out"
ok $? "oversubscription is recorded in the document"
# ... but not when no multi-thread pass runs at all.
run "$TS_RUN" -w sha256 --single-only --threads "$many" -q --format json \
	$QUICK
[ "$rc" -eq 0 ] && ! grep -q warning "$tmpdir/err" && \
	grep -q '"oversubscribed": false' "$tmpdir/out"
ok $? "--single-only with many threads: no warning, not oversubscribed"
run "$TS_RUN" -w latency --latency-mb 1 --threads "$many" -q $QUICK
[ "$rc" -eq 0 ] && ! grep -q warning "$tmpdir/err"
ok $? "only latency with many threads: no warning"

# One usable CPU (an affinity mask stands in for a one-CPU cgroup).
if command -v taskset >/dev/null 2>&1 && taskset -c 0 true 2>/dev/null; then
	run taskset -c 0 "$TS_RUN" -w sha256 -q --format json $QUICK
	expect_status 0 "run on one CPU"
	grep -q "warning: one usable CPU: no multi-thread pass will run" \
		"$tmpdir/err"
	ok $? "one CPU: says no multi-thread pass will run"
	! grep -q '"multi_thread"' "$tmpdir/out" && \
		grep -q '"logical_cores": 1,' "$tmpdir/out"
	ok $? "one CPU: logical_cores 1 and no multi pass"
	pc=$(grep '"physical_cores"' "$tmpdir/out")
	[ -z "$pc" ] || [ "$pc" = '    "physical_cores": 1,' ]
	ok $? "one CPU: physical_cores counts the one core it may use"
else
	ok 0 "# SKIP taskset cannot restrict this process"
	ok 0 "# SKIP taskset cannot restrict this process"
	ok 0 "# SKIP taskset cannot restrict this process"
	ok 0 "# SKIP taskset cannot restrict this process"
fi

# Executions: the design and every pass's record, an interval that
# verify recomputes, --precision recorded, --in-process said.
run "$TS_RUN" -w sha256 -q --samples 2 --warmup 1 --window-ms 5 \
	--executions 3 --threads 2 -o "$tmpdir/ex.json"
expect_status 0 "a run in 3 executions"
if [ -n "$py" ]; then
	"$py" - "$tmpdir/ex.json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
x = d["extensions"]["executions"]
assert x["design"]["executions"] == 3 and x["design"]["samples"] == 2
assert "process of its own" in x["design"]["isolation"]
assert d["config"]["samples"] == 6
for p in x["passes"]:
    w = next(w for w in d["workloads"] if w["id"] == p["workload"])
    s = w[p["pass"]]["samples"]
    assert p["samples"] == [2, 2, 2], p["samples"]
    for i in range(3):
        m = sum(s[2 * i:2 * i + 2]) / 2
        assert abs(p["means"][i] - m) <= 1e-9 * abs(m)
    # The record's double can come back one ulp away (json-c's %.17g
    # text read by the serde-style parser), so compare to 1e-12.
    c = w[p["pass"]]["stats"]["ci95"]
    assert abs(c - p["ci95"]) <= 1e-12 * abs(c), (c, p["ci95"])
    assert len(p["wall_ms"]) == 3 and len(p["host"]["involuntary_switches"]) == 3
    assert isinstance(p["host"]["lost_time"], bool)
EOF
	ok $? "extensions.executions: design, counts, means, the pass's ci95"
else
	ok 0 "# SKIP python3 not found"
fi
if [ -x "$TS_VERIFY" ]; then
	run "$TS_VERIFY" "$tmpdir/ex.json"
	expect_status 0 "verify accepts the run"
	[ ! -s "$tmpdir/err" ]
	ok $? "verify recomputes the interval over the executions (no warning)"
fi
# precision_run EXECUTIONS PCT SECONDS NAME: one thread of sha256, in
# process, to --precision PCT within --max-seconds SECONDS, into
# $tmpdir/NAME.json.
precision_run() {
	run "$TS_RUN" -w sha256 --single-only -q --samples 1 --warmup 0 \
		--window-ms 5 --executions "$1" --precision "$2" \
		--max-seconds "$3" --in-process -o "$tmpdir/$4.json"
}
precision_run 2 50 2 pr
expect_status 0 "--precision with a cap, in-process"
grep -q '"precision_pct": 50.0' "$tmpdir/pr.json" &&
	grep -q '"time_cap_secs": 2.0' "$tmpdir/pr.json" &&
	grep -q '"precision_met": ' "$tmpdir/pr.json" &&
	grep -q '"isolation": "in the measuring process' "$tmpdir/pr.json"
ok $? "--precision: target, cap and outcome recorded; in-process said"
# A target no host reaches in the time: said at once, in plain lines,
# and the run ends long before its cap.
start=$(date +%s)
precision_run 3 0.01 600 far
expect_status 0 "--precision out of reach"
grep -q '^threadstone-run: warning: --precision 0.01 %: sha256 (1 thread) cannot reach it within --max-seconds 600 here: its executions spread by [0-9.]* %, so it needs about [0-9]* executions' "$tmpdir/err" &&
	grep -q '^threadstone-run: warning: --precision 0.01 %: 0 of 1 passes reached it here; the others reached sha256 (1 thread) ±' "$tmpdir/err" &&
	grep -q '"precision_met": false' "$tmpdir/far.json" &&
	[ $(($(date +%s) - start)) -lt 60 ]
ok $? "--precision out of reach: what it needs and what it reached, said; stopped early"

# The --out directory vanishes while measuring: exit 1, one line, and
# nothing on stdout (the original prints nothing after a failed write).
# The run takes over a second (calibration alone is several 400 ms
# rounds); the directory goes after a tenth of that.
mkdir "$tmpdir/gone"
( sleep 0.1; rm -rf "$tmpdir/gone" ) &
run "$TS_RUN" -w sha256 --single-only -q --samples 2 --warmup 0 \
	--window-ms 400 -o "$tmpdir/gone/x.json"
wait
expect_status 1 "--out directory removed during the run"
expect_one_error_line "--out directory removed during the run"

# Signed at run time, if the signing tools are built.
if [ -x "$TS_KEYGEN" ] && [ -x "$TS_VERIFY" ]; then
	"$TS_KEYGEN" -d "$tmpdir/keys" >/dev/null
	run "$TS_RUN" -w sha256 --single-only -q $QUICK \
		--sign-key "$tmpdir/keys/threadstone.key" -o "$tmpdir/signed.json"
	expect_status 0 "signed run"
	run "$TS_VERIFY" --require-signature "$tmpdir/signed.json"
	expect_status 0 "threadstone-verify accepts the signed run"
	grep -qx '  document    verified (extensions included)' "$tmpdir/out" &&
	    [ ! -s "$tmpdir/err" ]
	ok $? "the whole document is signed: verified, and no warning"
	# The provenance is signed: an edited cflags fails our verify.
	sed 's/^    "cflags": ".*",$/    "cflags": "-O3 -march=native",/' \
	    "$tmpdir/signed.json" >"$tmpdir/edited.json"
	! cmp -s "$tmpdir/signed.json" "$tmpdir/edited.json"
	ok $? "(extensions.cflags edited)"
	run "$TS_VERIFY" --require-signature "$tmpdir/edited.json"
	expect_status 1 "an edited extensions.cflags fails verification"
	grep -qx '  signature   verified' "$tmpdir/out" &&
	    grep -q '^  document    INVALID: the whole-document signature does not match: keys that ThreadStone 2.0.0 does not sign (extensions) were modified after signing$' "$tmpdir/out"
	ok $? "the original's signature holds, the whole document's does not"
	# The original ThreadStone 2.0.0, when given, verifies what we sign.
	if [ -n "${TS_ORIGINAL:-}" ] && [ -x "$TS_ORIGINAL" ]; then
		"$TS_ORIGINAL" verify --require-signature "$tmpdir/signed.json" \
		    >"$tmpdir/orig.out" 2>&1
		ok $? "ThreadStone 2.0.0 verifies the signed run"
	else
		ok 0 "# SKIP TS_ORIGINAL (ThreadStone 2.0.0's binary) not set"
	fi
else
	for i in 1 2 3 4 5 6 7; do
		ok 0 "# SKIP threadstone-keygen or threadstone-verify not built"
	done
fi

# Progress: on a terminal whatever the format, with a count and an
# estimate; nothing off a terminal with --format json; nothing with -q.
PTY=$top_srcdir/tests/pty-run.py
py=${PYTHON3:-$(command -v python3 || true)}
if [ -n "$py" ] && "$py" -c 'import pty' 2>/dev/null; then
	LC_ALL=C.UTF-8 "$py" "$PTY" "$tmpdir/pty.json" "$tmpdir/pty.err" \
	    "$TS_RUN" -w sha256 --samples 2 --warmup 0 --window-ms 20 \
	    --format json
	ok $? "a run with --format json, standard error on a terminal"
	tr '\r' '\n' <"$tmpdir/pty.err" >"$tmpdir/pty.lines"
	grep -q '^  \[1/[0-9]*\] SHA-256 (1 thread) · ' "$tmpdir/pty.lines" &&
	    grep -q '^  SHA-256 (1 thread)  *[0-9.kMG]* MiB/s  ±' "$tmpdir/pty.lines"
	ok $? "--format json on a terminal: the count and the pass lines"
	grep -q ' · about [0-9][0-9 a-z]* left$' "$tmpdir/pty.lines"
	ok $? "--format json on a terminal: an estimate of the time left"
	"$py" -c 'import json,sys; json.load(open(sys.argv[1]))' "$tmpdir/pty.json"
	ok $? "standard output is the JSON document alone"
	LC_ALL=C "$py" "$PTY" "$tmpdir/pty.txt" "$tmpdir/pty.err" \
	    "$TS_RUN" -w sha256 --single-only $QUICK
	LC_ALL=C grep -q '^  \[1/2\] SHA-256 (1 thread) \. ' "$tmpdir/pty.err" &&
	    ! LC_ALL=C grep -q '[^ -~[:cntrl:]]' "$tmpdir/pty.err"
	ok $? "LC_ALL=C: the progress is ASCII"
	"$py" "$PTY" "$tmpdir/pty.json" "$tmpdir/pty.err" \
	    "$TS_RUN" -w sha256 --single-only $QUICK -q --format json
	[ $? -eq 0 ] && [ ! -s "$tmpdir/pty.err" ]
	ok $? "--quiet on a terminal: nothing on standard error"
else
	for i in 1 2 3 4 5 6; do
		ok 0 "# SKIP no python3 with the pty module"
	done
fi
run "$TS_RUN" -w sha256 --single-only $QUICK --format json
[ "$rc" -eq 0 ] && [ ! -s "$tmpdir/err" ]
ok $? "--format json, standard error not a terminal: nothing on it"

done_testing
