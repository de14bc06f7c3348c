#!/bin/sh
# threadstone-compare: the original's layout byte for byte (--format
# original), the exit statuses (improvement, regression with and without
# --fail-on-regression, unchanged, machine mismatch), documents of
# different producers, standard input, --json, and bad input; the default
# layout (markers explained, one change per row with the interval that
# decides, units, n), markdown, and sets of runs.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

[ -x "$TS_COMPARE" ] || skip_all "threadstone-compare is not built"

apple=apple-m4-pro.json
cd "$FIXTURES" || exit 99

# ThreadStone 2.0.0's layout (as earlier versions printed it by default),
# for the tests of the original's bytes and our additions to them; the
# default layout and sets of runs are tested at the end.
O="--format original"

run "$TS_COMPARE" $O $apple $apple
expect_status 0 "self-comparison"
cmp -s "$tmpdir/out" expected-compare-apple-self.txt
ok $? "self-comparison equals expected-compare-apple-self.txt"

run "$TS_COMPARE" $O $apple compare-candidate-b.json
expect_status 0 "regression and mismatch without --fail-on-regression"
cmp -s "$tmpdir/out" expected-compare-apple-vs-b.txt
ok $? "apple vs b equals expected-compare-apple-vs-b.txt"
[ ! -s "$tmpdir/err" ]
ok $? "nothing on stderr without --fail-on-regression"

run "$TS_COMPARE" $O --fail-on-regression $apple compare-candidate-b.json
expect_status 3 "significant regression with --fail-on-regression"
cmp -s "$tmpdir/out" expected-compare-apple-vs-b.txt
ok $? "the comparison is still printed in full"
[ "$(wc -l <"$tmpdir/err")" -eq 1 ] &&
    grep -q 'regression: sgemm single-thread (-1.0%), sha256 multi-thread (-20.0%)$' "$tmpdir/err"
ok $? "one stderr line names the slower workloads"

# Edited copies: dhrystone single-thread 20 % faster, and a renamed CPU.
sed 's/"value": 67972538.84958085,/"value": 81567046.61949702,/' $apple \
    >"$tmpdir/faster.json"
sed 's/"cpu_model": "Apple M4 Pro"/"cpu_model": "Apple M4 Max"/' $apple \
    >"$tmpdir/othercpu.json"
sed 's/^    "threads": 14,$/    "threads": 12,/' $apple >"$tmpdir/threads.json"

run "$TS_COMPARE" $O --fail-on-regression $apple "$tmpdir/faster.json"
expect_status 0 "improvement only"
grep -q '^  + dhrystone               68.0M → *81.6M    +20.0%$' "$tmpdir/out"
ok $? "improvement row shows + and +20.0%"

run "$TS_COMPARE" $O "$tmpdir/faster.json" $apple
expect_status 0 "regression without the option"
run "$TS_COMPARE" $O --fail-on-regression "$tmpdir/faster.json" $apple
expect_status 3 "regression with the option"
grep -q '^  - dhrystone               81.6M → *68.0M    -16.7%$' "$tmpdir/out"
ok $? "regression row shows - and -16.7%"

run "$TS_COMPARE" $O --fail-on-regression $apple $apple
expect_status 0 "unchanged with the option"

run "$TS_COMPARE" $O --fail-on-regression $apple "$tmpdir/othercpu.json"
expect_status 0 "machine mismatch alone is not a regression"
sed -n 3,4p "$tmpdir/out" >"$tmpdir/warn"
printf "warning: different CPUs: 'Apple M4 Pro' vs 'Apple M4 Max'\n         this compares two machines, not two versions\n" |
    cmp -s - "$tmpdir/warn"
ok $? "CPU mismatch warning"

run "$TS_COMPARE" $O $apple "$tmpdir/threads.json"
expect_status 0 "thread-count mismatch"
grep -q "^warning: different thread counts: 14 vs 12$" "$tmpdir/out"
ok $? "thread-count mismatch warning"

# Different producers.  The fixtures are real runs on one machine (dhrystone,
# sort, sha256; 5 samples): ThreadStone 2.0.0 built with rustc 1.95.0, and
# threadstone 0.1.0 built with gcc 12.2.0, whose sort and dhrystone kernels
# differ from the original's.  From the original to ours, sort single-thread
# is 44 % slower and sha256 is not slower; the other way round, sha256
# single-thread is 3.2 % slower.
orig=producer-original-2.0.0.json
ours=producer-ours-0.1.0.json
orig_desc="'ThreadStone 2.0.0 (rustc 1.95.0)'"
ours_desc="'threadstone 0.1.0 (C, gcc 12.2.0)'"

run "$TS_COMPARE" $O $orig $ours
expect_status 0 "original vs ours"
sed -n 3,5p "$tmpdir/out" >"$tmpdir/warn"
printf '%s\n' "warning: different producers: $orig_desc vs $ours_desc" \
    "         dhrystone and sort kernels differ between these producers: their changes are not regressions" \
    "" | cmp -s - "$tmpdir/warn"
ok $? "one warning line names both producers, one names the kernels"
grep -q '^  - sort  .*-44\.3%  (different kernel)$' "$tmpdir/out" &&
    grep -q '^  + dhrystone  .*(different kernel)$' "$tmpdir/out" &&
    ! grep -q 'sha256.*kernel' "$tmpdir/out"
ok $? "sort and dhrystone rows are marked, sha256 is not"
grep -q '^  single-core score -11\.1%  (includes different kernels)$' \
    "$tmpdir/out"
ok $? "the score built on them is marked"
[ ! -s "$tmpdir/err" ]
ok $? "without --fail-on-regression, nothing on stderr"

run "$TS_COMPARE" $O --fail-on-regression $orig $ours
expect_status 0 "a slower sort across producers is not a regression"
[ "$(wc -l <"$tmpdir/err")" -eq 1 ] &&
    grep -qxF "threadstone-compare: warning: different producers: $orig_desc vs $ours_desc (dhrystone and sort kernels differ: not counted as regressions)" "$tmpdir/err"
ok $? "--fail-on-regression repeats the warning on stderr, one line"

run "$TS_COMPARE" $O --fail-on-regression $ours $orig
expect_status 3 "a slower sha256 across producers is a regression"
[ "$(wc -l <"$tmpdir/err")" -eq 2 ] &&
    sed -n 1p "$tmpdir/err" | grep -q '^threadstone-compare: warning: different producers: ' &&
    sed -n 2p "$tmpdir/err" | grep -qx 'threadstone-compare: significant regression: sha256 single-thread (-3.2%)'
ok $? "the warning, then only the same-kernel regression is named"

sed 's/"value": 267.40841994105705,/"value": 200.0,/' $ours \
    >"$tmpdir/ours-slow-sha.json"
run "$TS_COMPARE" $O --fail-on-regression $orig "$tmpdir/ours-slow-sha.json"
expect_status 3 "a slower same-kernel workload fails the gate"
grep -q 'regression: sha256 single-thread (-22.7%)$' "$tmpdir/err"
ok $? "and is the one named"

run "$TS_COMPARE" $O --fail-on-regression $ours $ours
expect_status 0 "ours against itself"
! grep -q producers "$tmpdir/out" && ! grep -q kernel "$tmpdir/out" &&
    [ ! -s "$tmpdir/err" ]
ok $? "same producer: no warning, no marks, nothing on stderr"

# Ours at 0.2.0 does the original's dhrystone, but sorts with its own
# ipnsort: only sort is flagged, so a slower dhrystone is a regression.
sed 's/"tool_version": "0.1.0"/"tool_version": "0.2.0"/; s/"producer": "threadstone 0.1.0 (C)"/"producer": "threadstone 0.2.0 (C)"/' \
    $ours >"$tmpdir/ours-020.json"
run "$TS_COMPARE" $O --fail-on-regression "$tmpdir/ours-020.json" $orig
expect_status 3 "0.2.0 vs rustc 1.95: a slower dhrystone is a regression"
sed -n 3,4p "$tmpdir/out" >"$tmpdir/warn"
printf '%s\n' "warning: different producers: 'threadstone 0.2.0 (C, gcc 12.2.0)' vs $orig_desc" \
    "         sort kernels differ between these producers: their changes are not regressions" \
    | cmp -s - "$tmpdir/warn"
ok $? "0.2.0 vs rustc 1.95: the producer line, sort flagged"
grep -q 'regression: dhrystone single-thread (' "$tmpdir/err" &&
    ! grep -q 'regression: sort' "$tmpdir/err"
ok $? "0.2.0 vs rustc 1.95: dhrystone is named, sort is not"

# Two originals built with rustc 1.80 and 1.95 differ on sort only.
sed 's/"rustc_version": "rustc 1.95.0 (59807616e 2026-04-14)"/"rustc_version": "rustc 1.80.1 (3f5fd8dd4 2024-08-06)"/' \
    $orig >"$tmpdir/orig-180.json"
run "$TS_COMPARE" $O "$tmpdir/orig-180.json" $orig
expect_status 0 "original rustc 1.80 vs 1.95"
sed -n 4p "$tmpdir/out" | grep -qx '         sort kernels differ between these producers: their changes are not regressions'
ok $? "rustc 1.80 vs 1.95: sort kernels differ"

# Missing or mistyped producer fields: unknown, nothing known to differ.
sed '/"rustc_version":/d' $orig >"$tmpdir/orig-norustc.json"
sed 's/"producer": "threadstone 0.1.0 (C)"/"producer": 42/' $ours \
    >"$tmpdir/ours-badproducer.json"
run "$TS_COMPARE" $O --fail-on-regression "$tmpdir/orig-norustc.json" \
    "$tmpdir/ours-badproducer.json"
expect_status 3 "unknown producers: a slower sort counts"
sed -n 3,4p "$tmpdir/out" >"$tmpdir/warn"
printf '%s\n' "warning: different producers: 'unknown producer (tool_version 2.0.0)' vs 'unknown producer (tool_version 0.1.0, gcc 12.2.0)'" \
    "" | cmp -s - "$tmpdir/warn"
ok $? "unknown producers are named as such"

# Both in JSON.
run "$TS_COMPARE" $O --json --fail-on-regression $orig $ours
expect_status 0 "--json across producers"
if [ -n "${PYTHON3:-}" ]; then
	"$PYTHON3" -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["producers"] == {
    "baseline": "ThreadStone 2.0.0 (rustc 1.95.0)",
    "candidate": "threadstone 0.1.0 (C, gcc 12.2.0)",
    "differ": True, "kernels_differ": ["dhrystone", "sort"]}, d["producers"]
rows = {(r["id"], k): r for k in ("single_thread", "multi_thread") for r in d[k]}
assert rows[("sort", "single_thread")]["verdict"] == "slower"
assert rows[("sort", "single_thread")]["kernel_differs"] is True
assert rows[("sha256", "single_thread")]["kernel_differs"] is False
assert d["score"]["single_core"]["kernel_differs"] is True
assert d["summary"]["slower"] == 1 and d["summary"]["regression"] is False, d["summary"]
' "$tmpdir/out"
	ok $? "--json: producers object, marked rows, no regression"
	"$TS_COMPARE" --json $apple $apple | "$PYTHON3" -c '
import json, sys
d = json.load(sys.stdin)
assert d["producers"] == {
    "baseline": "ThreadStone 2.0.0 (rustc 1.83.0)",
    "candidate": "ThreadStone 2.0.0 (rustc 1.83.0)",
    "differ": False, "kernels_differ": []}, d["producers"]
assert not any(r["kernel_differs"] for k in ("single_thread", "multi_thread") for r in d[k])
'
	ok $? "--json, same producer: differ false, nothing marked"
fi

# Standard input as either side.
LC_ALL=C.UTF-8 "$TS_COMPARE" $O $apple - <$apple >"$tmpdir/stdin" 2>"$tmpdir/err"
ok $? "candidate from standard input"
{ echo "$apple  →  -"; sed 1d expected-compare-apple-self.txt; } |
    cmp -s - "$tmpdir/stdin"
ok $? "standard input gives the same comparison"
cat compare-candidate-b.json | "$TS_COMPARE" - compare-candidate-b.json \
    >/dev/null 2>&1
ok $? "baseline from a pipe"

# JSON for scripts.
run "$TS_COMPARE" $O --json --fail-on-regression $apple compare-candidate-b.json
expect_status 3 "--json keeps the exit status"
grep -q '"regression": true' "$tmpdir/out" &&
    grep -q '"machine_mismatch": "different CPUs' "$tmpdir/out"
ok $? "--json reports the regression and the mismatch"
if [ -n "${PYTHON3:-}" ]; then
	"$PYTHON3" -c '
import json, sys
d = json.load(open(sys.argv[1]))
rows = {(r["id"], k): r for k in ("single_thread", "multi_thread") for r in d[k]}
assert rows[("dhrystone", "single_thread")]["verdict"] == "faster"
assert rows[("sha256", "multi_thread")]["verdict"] == "slower"
assert rows[("sort", "single_thread")]["candidate"] is None
assert d["summary"] == {"faster": 2, "slower": 2, "unchanged": 5, "missing": 2, "regression": True}, d["summary"]
assert d["score"]["multi_core"] is None
' "$tmpdir/out"
	ok $? "--json output is valid JSON with the right verdicts"
fi
run "$TS_COMPARE" $O --json $apple $apple
grep -q '"regression": false' "$tmpdir/out"
ok $? "--json self-comparison: no regression"

# Bad input: one line on stderr, nothing on stdout.
run "$TS_COMPARE" $O $apple "$tmpdir/definitely-not-here.json"
expect_status 1 "missing file"
expect_one_error_line "missing file"
grep -q "cannot read" "$tmpdir/err"
ok $? "missing file: 'cannot read'"
printf 'not json\n' >"$tmpdir/bad.json"
run "$TS_COMPARE" $O "$tmpdir/bad.json" $apple
expect_status 1 "not JSON"
expect_one_error_line "not JSON"
printf '{"hello": "world"}' >"$tmpdir/hello.json"
run "$TS_COMPARE" $O $apple "$tmpdir/hello.json"
expect_status 1 "not a result document"
expect_one_error_line "not a result document"
mkdir "$tmpdir/empty"
run "$TS_COMPARE" $apple "$tmpdir/empty"
expect_status 1 "a directory without documents"
expect_one_error_line "a directory without documents"
run "$TS_COMPARE" $O $apple
expect_status 2 "one file only"
expect_one_error_line "one file only"
run "$TS_COMPARE" $O - - </dev/null
expect_status 2 "standard input twice"
expect_one_error_line "standard input twice"
run "$TS_COMPARE" $O --bogus $apple $apple
expect_status 2 "unknown option"
expect_one_error_line "unknown option"

run "$TS_COMPARE" $O --version
expect_status 0 "--version"
case $out in
"threadstone-compare (threadstone) "[0-9]*) ok 0 "--version text" ;;
*) ok 1 "--version text" ;;
esac

# Documents measured in executions: the execution test, named, with each
# row's detectable change; a real change found; old documents as before.
ex=executions-run.json
py=${PYTHON3:-$(command -v python3 || true)}
run "$TS_COMPARE" $O $ex $ex
expect_status 0 "executions: self-comparison"
grep -q '^test: best execution against best' "$tmpdir/out"
ok $? "executions: the test is named"
! grep -q '^  [-+] ' "$tmpdir/out" && grep -q '^  = sha256 .*±' "$tmpdir/out"
ok $? "executions: every row unchanged, with its detectable change"
# scale_pass IN OUT WORKLOAD PASS FACTOR: IN with that pass's samples,
# value, statistics and execution record multiplied by FACTOR, as OUT.
scale_pass() {
	"$py" - "$@" <<'EOF'
import json, sys
src, dst, wid, key = sys.argv[1:5]
f = float(sys.argv[5])
d = json.load(open(src))
p = next(w for w in d["workloads"] if w["id"] == wid)[key]
p["samples"] = [v * f for v in p["samples"]]
p["value"] *= f
for k in ("median", "mean", "stddev", "min", "max", "p05", "p95", "ci95"):
    p["stats"][k] *= f
for x in d["extensions"]["executions"]["passes"]:
    if x["workload"] == wid and x["pass"] == key:
        x["means"] = [m * f for m in x["means"]]
        for k in ("mean", "sd", "ci95"):
            x[k] *= f
json.dump(d, open(dst, "w"), indent=2)
EOF
}
if [ -n "$py" ]; then
	scale_pass "$ex" "$tmpdir/slow.json" sha256 single_thread 0.05
	run "$TS_COMPARE" $O --fail-on-regression $ex "$tmpdir/slow.json"
	expect_status 3 "executions: a 95 % slower sha256 is a regression (a noisy run: its four best executions spread by 44 %, 87 % detectable)"
	grep -q '^  - sha256 .*-95.0%' "$tmpdir/out"
	ok $? "executions: the row is slower"
	run "$TS_COMPARE" $O --json $ex "$tmpdir/slow.json"
	"$py" -c '
import json, sys
c = json.load(open(sys.argv[1]))
assert c["test"] == "best_execution"
r = next(r for r in c["single_thread"] if r["id"] == "sha256")
assert r["test"] == "best_execution" and r["verdict"] == "slower"
assert abs(r["best_execution_change_pct"] + 95) < 1e-6
assert r["detectable_pct"] >= 0.5
' "$tmpdir/out"
	ok $? "executions: --json names the test, the best executions' change and the detectable change"
else
	for i in 1 2 3 4; do ok 0 "# SKIP python3 not found"; done
fi
# The together probe: a candidate whose multi-thread sha256 reads 40 %
# lower while the probe says the host gave its threads 40 % less is no
# regression; the same candidate without the probe's change is one.
if [ -n "$py" ]; then
	"$py" - "$ex" "$tmpdir/tog-base.json" "$tmpdir/tog-host.json" \
	    "$tmpdir/tog-code.json" <<'EOF'
import copy, json, sys
d = json.load(open(sys.argv[1]))
# Tight executions, so that only the probe's allowance can hide 40 %.
for x in d["extensions"]["executions"]["passes"]:
    if x["workload"] == "sha256" and x["pass"] == "multi_thread":
        x["means"] = [190 * (1 - 0.004 * i) for i in range(len(x["means"]))]
def together(doc, level):
    doc["extensions"]["cpu_speed"]["together"] = {
        "probe": "test", "threads": 2, "readings": [level] * 8,
        "best": level, "median": level}
for level, path in ((4.0, sys.argv[2]), (2.4, sys.argv[3]), (4.0, sys.argv[4])):
    doc = copy.deepcopy(d)
    together(doc, level)
    json.dump(doc, open(path, "w"), indent=2)
EOF
	for f in tog-host tog-code; do
		scale_pass "$tmpdir/$f.json" "$tmpdir/$f.json" sha256 \
		    multi_thread 0.6
	done
	run "$TS_COMPARE" $O --fail-on-regression "$tmpdir/tog-base.json" \
	    "$tmpdir/tog-host.json"
	expect_status 0 "together: 40 % slower with the host's 40 % less is no regression"
	grep -q '^host: 2 threads at once got -40.0 % from the cores' "$tmpdir/out" &&
	    grep -q '^  = sha256 .*-40.0%' "$tmpdir/out"
	ok $? "together: the host line, and the multi-thread row unchanged"
	run "$TS_COMPARE" $O --json "$tmpdir/tog-base.json" "$tmpdir/tog-host.json"
	"$py" -c '
import json, sys
c = json.load(open(sys.argv[1]))
assert abs(c["together_change_pct"] + 40) < 1e-9, c["together_change_pct"]
m = next(r for r in c["multi_thread"] if r["id"] == "sha256")
assert abs(m["host_allowance_pct"] - 40) < 1e-9 and m["verdict"] == "unchanged"
assert m["threshold_pct"] >= 40
s = next(r for r in c["single_thread"] if r["id"] == "sha256")
assert s["host_allowance_pct"] is None
' "$tmpdir/out"
	ok $? "together: --json gives the probe's change and the row's allowance"
	run "$TS_COMPARE" $O --fail-on-regression "$tmpdir/tog-base.json" \
	    "$tmpdir/tog-code.json"
	expect_status 3 "together: the same 40 % with the host unchanged is a regression"
	grep -q '^host: 2 threads at once got +0.0 %' "$tmpdir/out" &&
	    grep -q '^  - sha256 .*-40.0%' "$tmpdir/out"
	ok $? "together: the multi-thread row is slower"
	# A together record without its median is not used: no allowance.
	"$py" -c '
import json, sys
d = json.load(open(sys.argv[1]))
del d["extensions"]["cpu_speed"]["together"]["median"]
json.dump(d, open(sys.argv[2], "w"))' "$tmpdir/tog-host.json" "$tmpdir/tog-bad.json"
	run "$TS_COMPARE" $O --fail-on-regression "$tmpdir/tog-base.json" \
	    "$tmpdir/tog-bad.json"
	expect_status 3 "together: a record without its median gives no allowance"
	! grep -q '^host:' "$tmpdir/out" && grep -q '^  - sha256 ' "$tmpdir/out"
	ok $? "together: no host line, and the multi-thread row is slower"
else
	for i in 1 2 3 4 5 6 7; do ok 0 "# SKIP python3 not found"; done
fi
run "$TS_COMPARE" $O producer-ours-0.1.0.json $ex
expect_status 0 "executions against a document without"
grep -q "^test: the original's .*the baseline carries no executions" \
	"$tmpdir/out"
ok $? "one side without executions: the original's test, and why"

# A file of another kind is named as what it is, in one line.
kind_what="sweep output given to compare" kind_want="apple-m4-pro-sweep.json: it is threadstone sweep output, not a result document" \
    expect_kind "$TS_COMPARE" apple-m4-pro-sweep.json apple-m4-pro.json
kind_what="a public key given to compare" kind_want="cannot read testkey-seed-00-1f.pub: it is a raw Ed25519 public key (32 bytes), not a result document" \
    expect_kind "$TS_COMPARE" apple-m4-pro.json testkey-seed-00-1f.pub
kind_what="a private key given to compare" kind_want="it is an Ed25519 private key (DER PKCS#8), not a result document" \
    expect_kind "$TS_COMPARE" testkey-seed-00-1f.pkcs8v2.der apple-m4-pro.json

# Scores are compared only over the same workloads: a full run against
# a `-w sha256` one says why not, in the text and in --json.
if [ -n "${PYTHON3:-}" ]; then
	"$PYTHON3" - $apple "$tmpdir/sha256-only.json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
d["workloads"] = [w for w in d["workloads"] if w["id"] == "sha256"]
json.dump(d, open(sys.argv[2], "w"), indent=2)
EOF
	run "$TS_COMPARE" $O $apple "$tmpdir/sha256-only.json"
	expect_status 0 "a full run against -w sha256"
	grep -qx '  scores not compared: the documents measure different workloads (baseline: dhrystone, sgemm, sha256, sort, stream, latency; candidate: sha256)' "$tmpdir/out" &&
	    ! grep -q 'core score' "$tmpdir/out" &&
	    grep -q '^  = sha256 ' "$tmpdir/out"
	ok $? "text: the scores are not compared, and why; the common row is"
	run "$TS_COMPARE" $O --json $apple "$tmpdir/sha256-only.json"
	"$PYTHON3" -c '
import json, sys
s = json.load(open(sys.argv[1]))["score"]
assert s["single_core"] is None and s["multi_core"] is None, s
assert s["not_compared"].startswith("the documents measure different workloads (baseline: dhrystone"), s
' "$tmpdir/out"
	ok $? "--json: null score changes, and not_compared says why"
	"$TS_COMPARE" --json $apple $apple | "$PYTHON3" -c '
import json, sys
s = json.load(sys.stdin)["score"]
assert s["not_compared"] is None and s["single_core"]["change_pct"] == 0, s
'
	ok $? "--json, the same workloads: scores compared, not_compared null"
else
	for i in 1 2 3 4; do ok 0 "# SKIP python3 not found"; done
fi

# The default layout: markers explained, one change per row with what
# decides it, units and n; a pair's score is not judged.
run "$TS_COMPARE" $apple compare-candidate-b.json
expect_status 0 "default layout"
printf 'baseline:  apple-m4-pro.json\ncandidate: compare-candidate-b.json\n' |
    cmp -s - "$tmpdir/out" -n 58
ok $? "default layout: both sides named"
grep -qx '  + dhrystone   68.0M Dhry/s   81.6M Dhry/s    +20.0%  ±1.5%     (n=1)' "$tmpdir/out" &&
    grep -qx '  ~ sha256         422 MiB/s      422 MiB/s     +0.0%  ±0.7%     (n=1)' "$tmpdir/out" &&
    grep -qx '  ? sort         102 Melem/s              —         —            (n=1+0)' "$tmpdir/out" &&
    grep -qx '  + latency           118 ns         100 ns    +15.0%  ±0.9%     (n=1)' "$tmpdir/out"
ok $? "default layout: rows with units, one change, its ±, n"
grep -q '^legend: ~ no significant change, + faster, - slower (a regression), ? on one$' "$tmpdir/out" &&
    grep -q "^test: one run a side: ± is the documents' 95 % intervals (ci95) combined,$" "$tmpdir/out"
ok $? "default layout: a legend of the markers and the test named"
run "$TS_COMPARE" $apple $apple
grep -q '^    single-core        2.22k          2.22k     +0.0%  not judged: one run a side gives a score no interval$' "$tmpdir/out"
ok $? "default layout: a pair's score is marked not judged"
run "$TS_COMPARE" --help
grep -q '^  ~  no significant change' "$tmpdir/out" &&
    grep -q '^  -  slower, a regression' "$tmpdir/out"
ok $? "--help explains the markers"
run "$TS_COMPARE" --format markdown $apple compare-candidate-b.json
expect_status 0 "--format markdown"
grep -qF '| | workload | pass | baseline | candidate | change | ± | |' "$tmpdir/out" &&
    grep -qF '| - | sha256 | multi | 3.75k MiB/s | 3.00k MiB/s | -20.0% | ±3.0% | (n=1) |' "$tmpdir/out"
ok $? "--format markdown: a table"
run "$TS_COMPARE" --format csv $apple $apple
expect_status 2 "--format csv is refused"
expect_one_error_line "--format csv"

# Sets of runs: six runs a side of the fixture, each pass moved by a
# seeded 3 % noise; the candidate's STREAM passes 30 % slower.
if [ -n "$py" ]; then
	"$py" - $apple "$tmpdir/sets" <<'PY'
import copy, json, os, random, sys
random.seed(38)
src = json.load(open(sys.argv[1]))
src.pop("signature", None)
for side in ("a", "b", "slow"):
    os.makedirs(os.path.join(sys.argv[2], side))
    for i in range(6):
        d = copy.deepcopy(src)
        for w in d["workloads"]:
            for k in ("single_thread", "multi_thread"):
                p = w.get(k)
                if not p:
                    continue
                f = random.lognormvariate(0, 0.03)
                if side == "slow" and w["id"] == "stream":
                    f *= 0.7
                p["value"] *= f
                p["samples"] = [x * f for x in p["samples"]]
                for s in ("median", "mean", "stddev", "min", "max", "p05",
                          "p95", "ci95"):
                    p["stats"][s] *= f
        for k in ("single_core", "multi_core"):
            d["score"][k] *= random.lognormvariate(0, 0.01)
        json.dump(d, open(os.path.join(sys.argv[2], side, "r%d.json" % i),
                          "w"), indent=2)
PY
	sets=$tmpdir/sets
	run "$TS_COMPARE" --fail-on-regression "$sets/a" "$sets/slow"
	expect_status 3 "sets: STREAM 30 % slower is a regression"
	grep -q '^  - stream .*-3[0-9]\.[0-9]%  \[-[0-9.]*%, -[0-9.]*%\] *(p=0\.002 n=6)$' "$tmpdir/out" &&
	    [ "$(grep -c '^  - ' "$tmpdir/out")" -eq 2 ]
	ok $? "sets: both STREAM rows slower, with their interval, p and n, and no other row"
	grep -qx 'baseline:  '"$sets"'/a (6 runs)' "$tmpdir/out" &&
	    grep -q '^test: between runs' "$tmpdir/out" &&
	    grep -q '^detectable: the rows.* intervals reach ±' "$tmpdir/out" &&
	    grep -q '^  ~ single-core .*(p=[0-9.]* n=6)$' "$tmpdir/out"
	ok $? "sets: the sides, the test, the detectable change and the score's interval"
	grep -qx 'threadstone-compare: significant regression: stream single-thread (-[0-9.]*%), stream multi-thread (-[0-9.]*%)' "$tmpdir/err"
	ok $? "sets: --fail-on-regression names the rows"
	run "$TS_COMPARE" --fail-on-regression "$sets/a" "$sets/b"
	expect_status 0 "sets: two sets of the same build"
	! grep -q '^  [-+] ' "$tmpdir/out"
	ok $? "sets: nothing flagged between sets of the same build"
	run "$TS_COMPARE" "$sets"/a/r0.json "$sets"/a/r1.json "$sets"/a/r2.json -- "$sets"/slow/r0.json "$sets"/slow/r1.json "$sets"/slow/r2.json
	expect_status 0 "sets: BASELINE... -- CANDIDATE..."
	grep -qx 'baseline:  3 runs: '"$sets"'/a/r0.json ... '"$sets"'/a/r2.json' "$tmpdir/out" &&
	    grep -q '^  - stream .*(p=0\.[0-9]* n=3)$' "$tmpdir/out"
	ok $? "sets: three runs a side (Student's t) still find 30 %"
	run "$TS_COMPARE" --json "$sets/a" "$sets/slow"
	"$py" -c '
import json, sys
c = json.load(open(sys.argv[1]))
assert c["test"] == "between_runs" and c["runs"] == {"baseline": 6, "candidate": 6}
assert len(c["baseline"]) == 6 and c["baseline"][0].endswith("a/r0.json")
r = next(r for r in c["multi_thread"] if r["id"] == "stream")
assert r["test"] == "mann_whitney" and r["verdict"] == "slower", r
assert r["interval_pct"][1] < 0 and abs(r["p_value"] - 2 / 924) < 1e-9
assert len(r["baseline_runs"]) == 6 and r["confidence"] > 0.95
assert c["score"]["single_core"]["verdict"] == "unchanged"
assert c["summary"]["slower"] == 2 and c["summary"]["regression"] is True
' "$tmpdir/out"
	ok $? "sets: --json gives each row's runs, interval, p and test"
	run "$TS_COMPARE" --format markdown "$sets/a" "$sets/slow"
	grep -qF '| | workload | pass | baseline | candidate | change | 95 % interval | |' "$tmpdir/out" &&
	    grep -qF '| - | stream | multi |' "$tmpdir/out"
	ok $? "sets: --format markdown"
	run "$TS_COMPARE" $O "$sets/a" "$sets/b"
	expect_status 2 "sets: --format original refused"
	expect_one_error_line "sets: --format original"
	# One run a side through -- is the pair rule, byte for byte.
	LC_ALL=C.UTF-8 "$TS_COMPARE" $O $apple -- compare-candidate-b.json \
	    >"$tmpdir/sep" 2>&1 &&
	    cmp -s "$tmpdir/sep" expected-compare-apple-vs-b.txt
	ok $? "one document a side with -- is the pair comparison"
	run "$TS_COMPARE" "$sets/a" --
	expect_status 2 "nothing after --"
	expect_one_error_line "nothing after --"
	# A side of mixed producers: said, and judged all the same.
	sed 's/"tool_version": "2.0.0"/"tool_version": "0.2.0"/' \
	    "$sets/b/r3.json" >"$tmpdir/mixed.json"
	run "$TS_COMPARE" --fail-on-regression "$sets/a" -- "$sets"/b/r[0-2].json \
	    "$tmpdir/mixed.json" "$sets"/b/r[45].json
	expect_status 0 "sets: a run of another producer"
	grep -q "^warning: candidate runs differ from its first: run 4 ($tmpdir/mixed.json): different producers: 'ThreadStone 2.0.0 (rustc 1.83.0)' vs " "$tmpdir/out" &&
	    grep -q "^threadstone-compare: warning: candidate runs differ from its first: run 4 " "$tmpdir/err"
	ok $? "sets: the run of another producer is named, in the text and on stderr"
	# Runs with executions: each run's figure is its best execution.
	# The candidate's sha256 executions are 30 % slower, its pass
	# values as the baseline's: only the best executions see it.
	"$py" - "$ex" "$tmpdir/xsets" <<'PY'
import json, os, random, sys
random.seed(34)
for side in ("a", "b"):
    os.makedirs(os.path.join(sys.argv[2], side))
    for i in range(4):
        d = json.load(open(sys.argv[1]))
        d.pop("signature", None)
        # Runs of their own: a duplicated run counts once.
        d["duration_secs"] += i + (0.5 if side == "b" else 0)
        for x in d["extensions"]["executions"]["passes"]:
            f = random.lognormvariate(0, 0.02)
            if side == "b" and x["workload"] == "sha256" and \
                    x["pass"] == "single_thread":
                f *= 0.7
            x["means"] = [m * f for m in x["means"]]
        json.dump(d, open(os.path.join(sys.argv[2], side, "r%d.json" % i),
                          "w"), indent=2)
PY
	run "$TS_COMPARE" --json "$tmpdir/xsets/a" "$tmpdir/xsets/b"
	"$py" -c '
import json, sys
c = json.load(open(sys.argv[1]))
r = next(r for r in c["single_thread"] if r["id"] == "sha256")
assert r["run_figure"] == "best_execution" and r["verdict"] == "slower", r
assert all(r["verdict"] == "unchanged" for k in ("single_thread",
    "multi_thread") for r in c[k] if r["id"] != "sha256" or
    k != "single_thread"), c
' "$tmpdir/out"
	ok $? "sets: each run's figure its best execution, where the runs recorded them"
	run "$TS_COMPARE" "$tmpdir/xsets/a" "$tmpdir/xsets/b"
	grep -q '^test: between runs, each run one figure (its best execution);' "$tmpdir/out"
	ok $? "sets: the test line says so"
else
	for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19; do
		ok 0 "# SKIP python3 not found"
	done
fi

### A duplicated run is one run: the same file twice, or a directory's
### latest.json link to one of its runs.
run "$TS_COMPARE" $apple compare-candidate-b.json
cp "$tmpdir/out" "$tmpdir/pair.out"
run "$TS_COMPARE" $apple $apple -- compare-candidate-b.json compare-candidate-b.json
cmp -s "$tmpdir/out" "$tmpdir/pair.out"
ok $? "a.json a.json -- b.json b.json reads as the pair a.json b.json"
[ "$(grep -c "repeats a run already in the set" "$tmpdir/err")" -eq 2 ] &&
    grep -q "^threadstone-compare: warning: baseline: 1 document repeats a run already in the set ($apple is $apple's run [0-9a-f]*): each run counts once, 1 run\$" "$tmpdir/err"
ok $? "one line a side says so"
mkdir "$tmpdir/set" && cp $apple "$tmpdir/set/r1.json" &&
    ln -s r1.json "$tmpdir/set/latest.json" || exit 99
run "$TS_COMPARE" "$tmpdir/set" compare-candidate-b.json
grep -q "^baseline:  $tmpdir/set/latest.json\$" "$tmpdir/out" &&
    grep -q "each run counts once, 1 run\$" "$tmpdir/err"
ok $? "a directory's latest.json link to its run counts once"

done_testing
