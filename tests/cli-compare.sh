#!/bin/sh
# threadstone-compare: the original's layout byte for byte, the exit
# statuses (improvement, regression with and without --fail-on-regression,
# unchanged, machine mismatch), standard input, --json, and bad input.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

[ -x "$TS_COMPARE" ] || skip_all "threadstone-compare is not built"

apple=apple-m4-pro.json
cd "$FIXTURES" || exit 99

run "$TS_COMPARE" $apple $apple
expect_status 0 "self-comparison"
cmp -s "$tmpdir/out" expected-compare-apple-self.txt
ok $? "self-comparison equals expected-compare-apple-self.txt"

run "$TS_COMPARE" $apple compare-candidate-b.json
expect_status 0 "regression and mismatch without --fail-on-regression"
cmp -s "$tmpdir/out" expected-compare-apple-vs-b.txt
ok $? "apple vs b equals expected-compare-apple-vs-b.txt"
[ ! -s "$tmpdir/err" ]
ok $? "nothing on stderr without --fail-on-regression"

run "$TS_COMPARE" --fail-on-regression $apple compare-candidate-b.json
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

run "$TS_COMPARE" --fail-on-regression $apple "$tmpdir/faster.json"
expect_status 0 "improvement only"
grep -q '^  + dhrystone               68.0M → *81.6M    +20.0%$' "$tmpdir/out"
ok $? "improvement row shows + and +20.0%"

run "$TS_COMPARE" "$tmpdir/faster.json" $apple
expect_status 0 "regression without the option"
run "$TS_COMPARE" --fail-on-regression "$tmpdir/faster.json" $apple
expect_status 3 "regression with the option"
grep -q '^  - dhrystone               81.6M → *68.0M    -16.7%$' "$tmpdir/out"
ok $? "regression row shows - and -16.7%"

run "$TS_COMPARE" --fail-on-regression $apple $apple
expect_status 0 "unchanged with the option"

run "$TS_COMPARE" --fail-on-regression $apple "$tmpdir/othercpu.json"
expect_status 0 "machine mismatch alone is not a regression"
sed -n 3,4p "$tmpdir/out" >"$tmpdir/warn"
printf "warning: different CPUs: 'Apple M4 Pro' vs 'Apple M4 Max'\n         this compares two machines, not two versions\n" |
    cmp -s - "$tmpdir/warn"
ok $? "CPU mismatch warning"

run "$TS_COMPARE" $apple "$tmpdir/threads.json"
expect_status 0 "thread-count mismatch"
grep -q "^warning: different thread counts: 14 vs 12$" "$tmpdir/out"
ok $? "thread-count mismatch warning"

# Standard input as either side.
"$TS_COMPARE" $apple - <$apple >"$tmpdir/stdin" 2>"$tmpdir/err"
ok $? "candidate from standard input"
{ echo "$apple  →  -"; sed 1d expected-compare-apple-self.txt; } |
    cmp -s - "$tmpdir/stdin"
ok $? "standard input gives the same comparison"
cat compare-candidate-b.json | "$TS_COMPARE" - compare-candidate-b.json \
    >/dev/null 2>&1
ok $? "baseline from a pipe"

# JSON for scripts.
run "$TS_COMPARE" --json --fail-on-regression $apple compare-candidate-b.json
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
run "$TS_COMPARE" --json $apple $apple
grep -q '"regression": false' "$tmpdir/out"
ok $? "--json self-comparison: no regression"

# Bad input: one line on stderr, nothing on stdout.
run "$TS_COMPARE" $apple "$tmpdir/definitely-not-here.json"
expect_status 1 "missing file"
expect_one_error_line "missing file"
grep -q "cannot read" "$tmpdir/err"
ok $? "missing file: 'cannot read'"
printf 'not json\n' >"$tmpdir/bad.json"
run "$TS_COMPARE" "$tmpdir/bad.json" $apple
expect_status 1 "not JSON"
expect_one_error_line "not JSON"
printf '{"hello": "world"}' >"$tmpdir/hello.json"
run "$TS_COMPARE" $apple "$tmpdir/hello.json"
expect_status 1 "not a result document"
expect_one_error_line "not a result document"
run "$TS_COMPARE" $apple "$tmpdir"
expect_status 1 "a directory"
expect_one_error_line "a directory"
run "$TS_COMPARE" $apple
expect_status 2 "one file only"
expect_one_error_line "one file only"
run "$TS_COMPARE" - - </dev/null
expect_status 2 "standard input twice"
expect_one_error_line "standard input twice"
run "$TS_COMPARE" --bogus $apple $apple
expect_status 2 "unknown option"
expect_one_error_line "unknown option"

run "$TS_COMPARE" --version
expect_status 0 "--version"
case $out in
"threadstone-compare (threadstone) "[0-9]*) ok 0 "--version text" ;;
*) ok 1 "--version text" ;;
esac

done_testing
