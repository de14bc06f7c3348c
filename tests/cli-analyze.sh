#!/bin/sh
# tachyon-analyze from the outside, on synthetic fleets with a known truth
# (tests/gen-fleet.py): the score explaining 80 % of the between-host
# variance, a slow tail the score flags, pure noise, the seed's fleet;
# CSV and nested JSON keys; the plot; --normalise; every kind of bad
# input; and a real --wrap record.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

[ -x "$TACHYON_ANALYZE" ] || skip_all "tachyon-analyze is not built"
py=${PYTHON3:-python3}
command -v "$py" >/dev/null 2>&1 || skip_all "python3 is needed for the fleets"
A=$TACHYON_ANALYZE
gen() { "$py" "$top_srcdir/tests/gen-fleet.py" "$@"; }

# jget FILE EXPR: evaluate a Python expression on the JSON object r in FILE.
jget() {
	"$py" -c 'import json,sys
r = json.load(open(sys.argv[1]))
print(eval(sys.argv[2]))' "$1" "$2"
}

# check FILE EXPR DESC: the Python expression on r holds.
check() {
	[ "$(jget "$1" "$2" 2>&1)" = True ]
	ok $? "$3"
	[ "$(jget "$1" "$2" 2>&1)" = True ] || echo "# $2: $(jget "$1" "$2" 2>&1 | tail -1)"
}

run "$A" --version
expect_status 0 "--version"
printf '%s\n' "$out" | grep -Eq '^tachyon-analyze \(threadstone\) [0-9.]+$'
ok $? "--version names the program and the package"
run "$A" --help
expect_status 0 "--help"

## The score explains 80 % of the between-host variance.
gen normalise >"$tmpdir/norm.jsonl"
run "$A" --json "$tmpdir/norm.jsonl"
expect_status 0 "normalise fleet"
printf '%s\n' "$out" >"$tmpdir/norm.json"
check "$tmpdir/norm.json" 'r["verdict"] == "normalise"' "normalise fleet: verdict normalise"
check "$tmpdir/norm.json" 'r["r2"]["lo"] <= 0.8 <= r["r2"]["hi"] and 0.65 < r["r2"]["value"] < 0.95' \
    "normalise fleet: R^2 recovered, 0.8 within its interval"
check "$tmpdir/norm.json" 'r["slope"]["hi"] < 0 and r["spearman_rho"]["hi"] < 0' \
    "normalise fleet: slope and rho clear of zero, negative"
check "$tmpdir/norm.json" 'r["records"] == 800 and r["hosts"] == 200 and r["records_per_host"]["mean"] == 4' \
    "normalise fleet: 800 records, 200 hosts, 4 per host"
check "$tmpdir/norm.json" 'r["share_between"] > 0.95 and r["cv_within"] < 0.01' \
    "normalise fleet: the spread lies between hosts"
run "$A" "$tmpdir/norm.jsonl"
expect_status 0 "normalise fleet, table"
printf '%s\n' "$out" | grep -q '^verdict        normalise: ' &&
    printf '%s\n' "$out" | grep -q '^  R^2  '
ok $? "the table names R^2 and the verdict"
run "$A" --json --seed 5 "$tmpdir/norm.jsonl"
printf '%s\n' "$out" >"$tmpdir/norm5.json"
run "$A" --json --seed 5 "$tmpdir/norm.jsonl"
printf '%s\n' "$out" | cmp -s - "$tmpdir/norm5.json"
ok $? "the bootstrap is reproducible with its seed"

## --normalise.
run "$A" --normalise "$tmpdir/normed.jsonl" "$tmpdir/norm.jsonl"
expect_status 0 "--normalise on a normalise fleet"
[ "$(wc -l <"$tmpdir/normed.jsonl")" -eq 800 ] &&
    "$py" -c 'import json,sys,statistics as st
rs = [json.loads(l) for l in open(sys.argv[1])]
assert all("normalised_time" in r and "wall_s" in r for r in rs)
cv = lambda v: st.pstdev(v) / st.mean(v)
raw, nrm = cv([r["wall_s"] for r in rs]), cv([r["normalised_time"] for r in rs])
assert nrm < raw / 2, (raw, nrm)' "$tmpdir/normed.jsonl"
ok $? "--normalise: every record kept, normalised_time added, spread cut"

## A slow tail of bad hosts that the score flags.
gen filter >"$tmpdir/filter.jsonl"
run "$A" --json "$tmpdir/filter.jsonl"
expect_status 0 "filter fleet"
printf '%s\n' "$out" >"$tmpdir/filter.json"
check "$tmpdir/filter.json" 'r["verdict"] == "filter"' "filter fleet: verdict filter"
check "$tmpdir/filter.json" '30 < r["threshold"]["score"] < 45 and 12 <= r["threshold"]["dropped_hosts"] <= 22' \
    "filter fleet: the threshold falls between the tail and the rest"
check "$tmpdir/filter.json" 'r["threshold"]["cv_kept"] < r["threshold"]["cv_all"] and r["threshold"]["dropped_records"] == 4 * r["threshold"]["dropped_hosts"]' \
    "filter fleet: dropping them cuts the spread; records counted"
run "$A" --normalise "$tmpdir/no.jsonl" "$tmpdir/filter.jsonl"
expect_status 3 "--normalise refused on a filter fleet"
[ ! -e "$tmpdir/no.jsonl" ] && grep -q 'refused' "$tmpdir/err" &&
    [ "$(wc -l <"$tmpdir/err")" -eq 1 ]
ok $? "--normalise refused: one line, no file"

## Pure noise.
gen noise >"$tmpdir/noise.jsonl"
run "$A" --json "$tmpdir/noise.jsonl"
expect_status 3 "noise: no signal"
printf '%s\n' "$out" >"$tmpdir/noise.json"
check "$tmpdir/noise.json" 'r["verdict"] == "no signal" and r["threshold"] is None and r["r2"]["value"] < 0.1' \
    "noise: no signal, no threshold, R^2 near 0"
check "$tmpdir/noise.json" '"do not use" in r["reason"]' "noise: the reason says not to use the score"

## The seed's fleet.
gen seed >"$tmpdir/seed.jsonl"
run "$A" --json "$tmpdir/seed.jsonl"
printf '%s\n' "$out" >"$tmpdir/seed.json"
check "$tmpdir/seed.json" 'r["records"] == 644 and r["hosts"] == 156' "seed fleet: 644 records on 156 hosts"
check "$tmpdir/seed.json" 'abs(r["cv_within"] - 0.020) < 0.003 and abs(r["cv_between"] - 0.094) < 0.015' \
    "seed fleet: 2.0 % within, 9.4 % between recovered"

## CSV and nested keys give the same answer as JSON Lines.
gen normalise --csv >"$tmpdir/norm.csv"
run "$A" --json "$tmpdir/norm.csv"
expect_status 0 "CSV input"
printf '%s\n' "$out" >"$tmpdir/csv.json"
check "$tmpdir/csv.json" 'r["records"] == 800 and r["verdict"] == "normalise"' "CSV: the same fleet, the same verdict"
gen normalise --nested >"$tmpdir/norm.nested"
run "$A" --json --time result.wall --score tachyon.score --host host.id "$tmpdir/norm.nested"
expect_status 0 "nested JSON keys"
printf '%s\n' "$out" | sed 's/"time_key":[^,]*,"score_key":[^,]*,"host_key":[^,]*,//' >"$tmpdir/nested.json"
sed 's/"time_key":[^,]*,"score_key":[^,]*,"host_key":[^,]*,//' "$tmpdir/norm.json" |
    cmp -s - "$tmpdir/nested.json"
ok $? "nested keys: the same report as the flat records"
run "$A" --normalise "$tmpdir/csvn.jsonl" "$tmpdir/norm.csv"
expect_status 0 "--normalise on CSV"
sed -n 1p "$tmpdir/csvn.jsonl" | grep -q '^{"host_id":"i-[0-9a-f]*","wall_s":[0-9.]*,"million_accesses_per_sec":[0-9.]*,"job":"job 0, run 0","normalised_time":'
ok $? "--normalise on CSV: rows become JSON objects"
cat "$tmpdir/norm.jsonl" | run "$A" --json
expect_status 0 "records on standard input"

## The plot: an SVG with one point per record.
gen filter --hosts 36 >"$tmpdir/small.jsonl"
run "$A" --plot "$tmpdir/plot.svg" "$tmpdir/small.jsonl"
[ -s "$tmpdir/plot.svg" ]
ok $? "--plot writes the SVG"
"$py" -c 'import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
ns = "{http://www.w3.org/2000/svg}"
pts = [c for c in root.iter(ns + "circle") if c.get("class") == "point"]
assert len(pts) == 144, len(pts)
assert len({c.get("fill") for c in pts}) == 36
texts = " ".join(t.text or "" for t in root.iter(ns + "text"))
assert "wall_s" in texts and "million_accesses_per_sec" in texts
assert any(p.get("class") == "band" for p in root.iter(ns + "path"))
assert any(p.get("class") == "fit" for p in root.iter(ns + "path"))' "$tmpdir/plot.svg"
ok $? "the SVG parses: 144 points, one colour per host, labelled axes, fit and band"
grep -q 'class="threshold"' "$tmpdir/plot.svg"
ok $? "the plot draws the threshold"

## Bad input: one line, exit 1 (2 for usage), never a verdict.
bad() {
	desc=$1 want=$2
	shift 2
	run "$@"
	expect_status "$want" "$desc"
	expect_one_error_line "$desc"
}
rec='{"wall_s":1,"million_accesses_per_sec":50,"host_id":"a"}'
printf '%s\n{"wall_s":2,"host_id":"a"}\n' "$rec" >"$tmpdir/missing.jsonl"
bad "a missing key" 1 "$A" "$tmpdir/missing.jsonl"
grep -q "missing.jsonl:2: no key 'million_accesses_per_sec'" "$tmpdir/err"
ok $? "a missing key: file, line and key named"
printf '%s\n{"wall_s":"slow","million_accesses_per_sec":50,"host_id":"a"}\n' "$rec" >"$tmpdir/nan.jsonl"
bad "a non-numeric value" 1 "$A" "$tmpdir/nan.jsonl"
grep -q "nan.jsonl:2: 'wall_s' is not a number" "$tmpdir/err"
ok $? "a non-numeric value: named"
printf 'host_id,wall_s,million_accesses_per_sec\na,1,x\n' >"$tmpdir/nan.csv"
bad "a non-numeric CSV field" 1 "$A" "$tmpdir/nan.csv"
printf 'host,wall_s\na,1\n' >"$tmpdir/nokey.csv"
bad "a CSV header without the score" 1 "$A" "$tmpdir/nokey.csv"
grep -q "no column 'million_accesses_per_sec'" "$tmpdir/err"
ok $? "a CSV header without the score: named"
{ sed -n 1,10p "$tmpdir/noise.jsonl"; echo '{"wall_s":1,'; } >"$tmpdir/malformed.jsonl"
bad "a malformed line" 1 "$A" "$tmpdir/malformed.jsonl"
grep -q "malformed.jsonl:11: not a JSON object" "$tmpdir/err"
ok $? "a malformed line: its number named"
printf '%s\n%s x\n' "$rec" "$rec" >"$tmpdir/trailing.jsonl"
bad "text after the object" 1 "$A" "$tmpdir/trailing.jsonl"
grep -q "trailing.jsonl:2: not a JSON object" "$tmpdir/err"
ok $? "text after the object: the line named"
{ cat "$tmpdir/noise.jsonl"; echo 'garbage'; echo '{"wall_s":1}'; } >"$tmpdir/skip.jsonl"
run "$A" --json --skip-bad "$tmpdir/skip.jsonl"
expect_status 3 "--skip-bad: the verdict of the good records"
printf '%s\n' "$out" >"$tmpdir/skip.json"
check "$tmpdir/skip.json" 'r["skipped_records"] == 2 and r["records"] == 800' "--skip-bad: two skipped, counted"
grep -q 'skipped 2 bad records; the first: .*skip.jsonl:801' "$tmpdir/err"
ok $? "--skip-bad: one warning names the first"
: >"$tmpdir/empty"
bad "empty input" 1 "$A" "$tmpdir/empty"
grep -q 'no records' "$tmpdir/err"
ok $? "empty input: said so"
printf '%s\n%s\n' "$rec" "$rec" | sed 's/"a"/"b"/' >"$tmpdir/two.jsonl"
printf '%s\n%s\n' "$rec" "$rec" >>"$tmpdir/two.jsonl"
bad "two hosts" 1 "$A" "$tmpdir/two.jsonl"
grep -q 'only 2 hosts .* at least 10 are needed to bootstrap over hosts (2 give 3 distinct resamples); within hosts, ' "$tmpdir/err"
ok $? "two hosts: fewer than 10 to bootstrap, said why; nothing within"
printf '%s\n' "$rec" | sed 's/"a"/"c"/' >>"$tmpdir/two.jsonl"
bad "two hosts and a host with one record" 1 "$A" "$tmpdir/two.jsonl"
grep -q '(1 with one)' "$tmpdir/err"
ok $? "a host with one record is not counted as a host"
{ cat "$tmpdir/noise.jsonl"; printf '%s\n' "$rec" | sed 's/"a"/"lonely"/'; } >"$tmpdir/lonely.jsonl"
run "$A" --json "$tmpdir/lonely.jsonl"
expect_status 3 "a host with one record among many"
grep -q '1 host with one record left out' "$tmpdir/err" && [ "$(wc -l <"$tmpdir/err")" -eq 1 ]
ok $? "a host with one record: left out, said in one line"
bad "a missing file" 1 "$A" "$tmpdir/nonexistent"
bad "--bootstrap 5" 2 "$A" --bootstrap 5 "$tmpdir/noise.jsonl"
bad "--format xml" 2 "$A" --format xml "$tmpdir/noise.jsonl"
bad "--time with an empty path step" 2 "$A" --time 'a..b' "$tmpdir/noise.jsonl"
bad "--normalise on standard input" 2 "$A" --normalise "$tmpdir/x.jsonl" -
bad "--plot into a missing directory" 2 "$A" --plot "$tmpdir/no/dir/p.svg" "$tmpdir/noise.jsonl"
bad "an unknown option" 2 "$A" --bogus

## Within hosts: one host getting slower and faster with its neighbours.
gen overtime --hosts 1 >"$tmpdir/over.jsonl"
run "$A" --json "$tmpdir/over.jsonl"
expect_status 0 "one host over time"
printf '%s\n' "$out" >"$tmpdir/over.json"
check "$tmpdir/over.json" 'r["hosts"] == 1 and r["r2"] is None and "only 1 host" in r["between_why"]' \
    "one host: no between-host verdict, and why"
check "$tmpdir/over.json" 'r["within"]["clusters"] == "blocks" and 16 <= r["within"]["nclusters"] <= 32 and r["within"]["model"] == "inverse"' \
    "one host: bootstrapped over blocks of time; the inverse fits"
check "$tmpdir/over.json" 'r["within"]["r2_inverse"]["lo"] > 0.9 and r["within"]["explains"]' \
    "one host: the score explains the timing within it"
check "$tmpdir/over.json" 'r["explains"] == "within hosts" and r["verdict"] == "normalise" and r["normalise_by"] == "within"' \
    "the verdict says which: within hosts"
run "$A" "$tmpdir/over.jsonl"
printf '%s\n' "$out" | grep -q '^within hosts   each record against its host' &&
    printf '%s\n' "$out" | grep -q '^explains       within hosts$' &&
    printf '%s\n' "$out" | grep -q '^score .*no verdict: only 1 host'
ok $? "the table: within-host lines, which it explains, why not between"
run "$A" --normalise "$tmpdir/over-n.jsonl" "$tmpdir/over.jsonl"
expect_status 0 "--normalise per record within one host"
"$py" -c 'import json,sys,statistics as st
rs = [json.loads(l) for l in open(sys.argv[1])]
cv = lambda v: st.pstdev(v) / st.mean(v)
raw, nrm = cv([r["wall_s"] for r in rs]), cv([r["normalised_time"] for r in rs])
assert len(rs) == 60 and nrm < raw / 5, (raw, nrm)' "$tmpdir/over-n.jsonl"
ok $? "--normalise within: the neighbours' effect taken out"
gen overtime --hosts 12 >"$tmpdir/over12.jsonl"
run "$A" --json "$tmpdir/over12.jsonl"
expect_status 0 "twelve hosts over time"
printf '%s\n' "$out" >"$tmpdir/over12.json"
check "$tmpdir/over12.json" 'r["within"]["clusters"] == "hosts" and r["within"]["nclusters"] == 12 and r["explains"] == "within hosts" and r["share_between"] < 0.05' \
    "twelve hosts: bootstrapped over hosts; within, not between"
gen grouped >"$tmpdir/grouped.jsonl"
run "$A" --json "$tmpdir/grouped.jsonl"
expect_status 3 "the same records grouped by neighbour state"
printf '%s\n' "$out" >"$tmpdir/grouped.json"
check "$tmpdir/grouped.json" 'r["r2"] is None and "(4 give 35 distinct resamples)" in r["between_why"] and r["explains"] == "neither"' \
    "four groups: no between-host verdict (too few to bootstrap, said why)"

## The Prometheus text format: a scrape dump, and a textfile directory.
"$py" -c 'import random
r = random.Random(3)
print("# HELP tachyon_score x\n# TYPE tachyon_score gauge")
hosts = [(h, 50 + r.gauss(0, 8)) for h in range(12)]
for h, s in hosts:
    for k in range(4):
        print("tachyon_score{instance=\"node%d:9100\",job=\"node\"} %.3f %d" % (h, s * (1 + r.gauss(0, 0.01)), 1700000000000 + 60000 * k))
print("# TYPE job_seconds gauge")
for h, s in hosts:
    for k in range(4):
        print("job_seconds{instance=\"node%d:9100\"} %.4f %d" % (h, 100 - 0.8 * (s - 50) + r.gauss(0, 1), 1700000000000 + 60000 * k))
' >"$tmpdir/dump.prom"
run "$A" --json --time job_seconds --score tachyon_score --host instance "$tmpdir/dump.prom"
[ "$rc" -eq 0 ] || [ "$rc" -eq 3 ]
ok $? "a scrape dump reads (exit $rc)"
printf '%s\n' "$out" >"$tmpdir/dump.json"
check "$tmpdir/dump.json" 'r["records"] == 48 and r["hosts"] == 12 and r["between_ok"] if "between_ok" in r else r["records"] == 48 and r["hosts"] == 12' \
    "a scrape dump: samples paired by host and timestamp, 48 records, 12 hosts"
check "$tmpdir/dump.json" 'r["r2"]["value"] > 0.8' "a scrape dump: the relation found"
mkdir "$tmpdir/textfiles"
for h in 1 2 3; do
	{
		printf '# TYPE tachyon_info gauge\ntachyon_info{version="0.2.0",host_id="h%s"} 1\n' "$h"
		for k in 1 2 3 4; do printf 'tachyon_score %s 17000000%s000\n' "$((40 + h + k))" "$k"; done
		for k in 1 2 3 4; do printf 'job_seconds %s 17000000%s000\n' "$((100 - h - k))" "$k"; done
	} >"$tmpdir/textfiles/h$h.prom"
done
echo 'not metrics' >"$tmpdir/textfiles/README"
run "$A" --json --format prometheus --time job_seconds --score tachyon_score "$tmpdir/textfiles"
printf '%s\n' "$out" >"$tmpdir/tf.json"
check "$tmpdir/tf.json" 'r["records"] == 12 and r["hosts"] == 3 and r["within"]["records"] == 12 and r["within"]["explains"]' \
    "a textfile directory: its *.prom files, hosts from tachyon_info"
printf 'tachyon_score{host_id="a"} 5\njob_seconds{host_id="a" 3\n' >"$tmpdir/bad.prom"
bad "a malformed Prometheus line" 1 "$A" --format prometheus --time job_seconds --score tachyon_score "$tmpdir/bad.prom"
grep -q 'bad.prom:2: a malformed label' "$tmpdir/err"
ok $? "a malformed Prometheus line: file and line named"
printf '# x\ntachyon_score{host_id="a"} 5\n' >"$tmpdir/half.prom"
bad "a host without a timing" 1 "$A" --time job_seconds --score tachyon_score "$tmpdir/half.prom"
grep -q "half.prom:2: host 'a' has no 'job_seconds' sample" "$tmpdir/err"
ok $? "a host without a timing: named"
mkdir "$tmpdir/emptydir"
bad "a directory without *.prom" 2 "$A" "$tmpdir/emptydir"

## Values that are not finite (issue 32: one +Inf timing made the rank
## loop spin forever): every run ends, the record is refused in one line
## naming its line and the words "not finite", or skipped and counted.
# prom_fleet FILE HOST VALUE_T VALUE_S: twelve hosts of three readings,
# host HOST's second reading with the timing and score given.
prom_fleet() {
	"$py" - "$2" "$3" "$4" >"$1" <<'PYEOF'
import sys
bad, bt, bs = sys.argv[1:4]
print("# HELP job_duration_seconds The job's wall-clock time.")
print("# TYPE job_duration_seconds gauge")
for h in range(12):
    for k in range(3):
        ts = 1700000000000 + 60000 * k
        s, t = "%g" % (40 + h + k), "%g" % (100 - h - 0.5 * k)
        if "h%d" % h == bad and k == 1:
            s, t = bs, bt
        print('tachyon_score{host_id="h%d",job="node"} %s %d' % (h, s, ts))
        print('job_duration_seconds{host_id="h%d",job="batch"} %s %d' % (h, t, ts))
PYEOF
}
PK="--time job_duration_seconds --score tachyon_score"
n=0
for case in "+Inf 45 job_duration_seconds" "-Inf 45 job_duration_seconds" \
    "NaN 45 job_duration_seconds" "90 +Inf tachyon_score" \
    "90 -Inf tachyon_score" "90 NaN tachyon_score" \
    "NaN +Inf job_duration_seconds"; do
	set -- $case
	n=$((n + 1))
	prom_fleet "$tmpdir/nf$n.prom" h3 "$1" "$2"
	# h3's second reading: its score on line 2 + 3 * 6 + 2 + 1, its
	# timing on the next.
	line=23
	[ "$3" = job_duration_seconds ] && line=24
	run timeout 20 "$A" $PK "$tmpdir/nf$n.prom"
	expect_status 1 "timing $1, score $2: refused, and the run ends"
	expect_one_error_line "timing $1, score $2"
	grep -qx "tachyon-analyze: .*nf$n.prom:$line: '$3' is not a finite number (or use --skip-bad)" "$tmpdir/err"
	ok $? "timing $1, score $2: '$3' not finite, at line $line"
	run timeout 20 "$A" --json --skip-bad $PK "$tmpdir/nf$n.prom"
	expect_status 0 "timing $1, score $2 with --skip-bad: a verdict"
	printf '%s\n' "$out" >"$tmpdir/nf.json"
	check "$tmpdir/nf.json" 'r["skipped_records"] == 1 and r["records"] == 35 and r["hosts"] == 12' \
	    "timing $1, score $2 with --skip-bad: the record skipped and counted"
	grep -q "warning: skipped 1 bad record; the first: .*nf$n.prom:$line: '$3' is not a finite number" "$tmpdir/err"
	ok $? "timing $1, score $2 with --skip-bad: one warning names it"
done
# A scrape dump of 100,000 samples pairs in one pass (by hash: pairing
# by search took 12 s here).
"$py" -c 'for h in range(2000):
    for k in range(25):
        print("tachyon_score{host_id=\"h%d\"} %g %d" % (h, 40 + (h * 7 + k) % 13, 1700000000000 + 60000 * k))
        print("job_duration_seconds{host_id=\"h%d\"} %g %d" % (h, 100 + (h * 5 + k) % 11, 1700000000000 + 60000 * k))' |
    { echo '# TYPE tachyon_score gauge'; cat; } >"$tmpdir/big.prom"
run timeout 20 "$A" --json --bootstrap 100 $PK "$tmpdir/big.prom"
[ "$rc" -eq 0 ] || [ "$rc" -eq 3 ]
ok $? "100,000 samples: read within 20 s (exit $rc)"
printf '%s\n' "$out" | grep -q '"records":50000,"hosts":2000,'
ok $? "100,000 samples: 50,000 records of 2,000 hosts"
# Every other metric may hold NaN and infinities (summaries, buckets).
prom_fleet "$tmpdir/others.prom" h3 99 45
printf 'go_gc_duration_seconds{quantile="0"} NaN\nhttp_request_duration_seconds_bucket{le="+Inf"} +Inf\nprocess_max_fds -Inf\n' >>"$tmpdir/others.prom"
run timeout 20 "$A" --json $PK "$tmpdir/others.prom"
expect_status 0 "NaN and infinities in other metrics are no concern"
# JSON Lines and CSV: the same words.
printf '%s\n' '{"wall_s":NaN,"million_accesses_per_sec":50,"host_id":"a"}' >"$tmpdir/nf.jsonl"
bad "a NaN timing in JSON Lines" 1 "$A" "$tmpdir/nf.jsonl"
grep -q "nf.jsonl:1: 'wall_s' is not a finite number" "$tmpdir/err"
ok $? "a NaN timing in JSON Lines: not finite"
printf 'host_id,wall_s,million_accesses_per_sec\na,1,inf\n' >"$tmpdir/nf.csv"
bad "an infinite score in CSV" 1 "$A" "$tmpdir/nf.csv"
grep -q "nf.csv:2: 'million_accesses_per_sec' is not a finite number" "$tmpdir/err"
ok $? "an infinite score in CSV: not finite"

## A real --wrap record reads with the defaults.
if [ -x "$TACHYON" ]; then
	: >"$tmpdir/wrap.jsonl"
	for i in 1 2 3 4 5 6; do
		for h in a b; do
			"$TACHYON" -s 0.02 -w 1 -t 1 --no-cache-check --tag host=$h \
			    --wrap true >>"$tmpdir/wrap.jsonl" || break
		done
	done
	run "$A" --json --host host "$tmpdir/wrap.jsonl"
	[ "$rc" -eq 0 ] || [ "$rc" -eq 3 ]
	ok $? "--wrap records analyse with the default keys (exit $rc)"
	printf '%s\n' "$out" | grep -q '"records":12,"hosts":2,'
	ok $? "--wrap records: 12 records, 2 hosts"
fi

# Bounded reading: a line over 1 MiB stops the reading with its number
# (nothing of it beyond the limit is held), a NUL byte is refused as such,
# and a key twice in one object is refused, however it is spelled.
R='"wall_s":1,"million_accesses_per_sec":2,"host_id":"h"'
{ printf '{%s}\n' "$R"; head -c 1048577 /dev/zero | tr '\0' ' '; echo; } \
    >"$tmpdir/long.jsonl"
run "$A" "$tmpdir/long.jsonl"
expect_status 1 "a line longer than 1 MiB"
expect_one_error_line "a line longer than 1 MiB"
printf '%s' "$err" | grep -q "long.jsonl:2: a line longer than 1048576 bytes"
ok $? "the long line is named by its number and the limit"
head -c 4000000 /dev/zero >"$tmpdir/zeros"
run "$A" "$tmpdir/zeros"
expect_status 1 "NUL bytes without a newline"
printf '%s' "$err" | grep -q "zeros:1: a line longer than 1048576 bytes, with NUL bytes"
ok $? "NUL bytes without a newline: the line's length and the NUL bytes named"
printf '{%s}\n{%s,"x":"a\0b"}\n' "$R" "$R" >"$tmpdir/nul.jsonl"
run "$A" "$tmpdir/nul.jsonl"
expect_status 1 "a NUL byte in a record"
printf '%s' "$err" | grep -q "nul.jsonl:2: a NUL byte at byte 62 of the line"
ok $? "a NUL byte is refused with its line and place"
printf '\0\n' >"$tmpdir/nul-only"
run "$A" "$tmpdir/nul-only"
printf '%s' "$err" | grep -q "nul-only:1: a NUL byte at byte 1"
ok $? "a line of a NUL byte is not taken for a blank line"
printf '{%s,"x":1,"x":2}\n' "$R" >"$tmpdir/dup.jsonl"
run "$A" "$tmpdir/dup.jsonl"
expect_status 1 "a key twice in one record"
expect_one_error_line "a key twice in one record"
printf '%s' "$err" | grep -q 'dup.jsonl:1: the key "x" twice in one object'
ok $? "the repeated key is named"
printf '{%s,"o":{"a":1,"\\u0061":2}}\n' "$R" >"$tmpdir/dup2.jsonl"
run "$A" "$tmpdir/dup2.jsonl"
printf '%s' "$err" | grep -q 'dup2.jsonl:1: a key twice in one object'
ok $? "a key repeated with different escapes in a nested object is refused"
printf '{%s,"o":[{"a":1},{"a":2}],"p":{"a":3}}\n' "$R" >"$tmpdir/nodup.jsonl"
run "$A" --skip-bad "$tmpdir/nodup.jsonl"
! printf '%s' "$err" | grep -q 'twice'
ok $? "one key in different objects is no repetition"

# A file of another kind is named as what it is, in one line.
kind_what="a result document given to tachyon-analyze" kind_want="apple-m4-pro.json is a threadstone result document, not memory-probe records" \
    expect_kind "$A" "$FIXTURES/apple-m4-pro.json"
kind_what="sweep output given to tachyon-analyze --skip-bad" kind_want="apple-m4-pro-sweep.json is threadstone sweep output, not memory-probe records" \
    expect_kind "$A" --skip-bad "$FIXTURES/apple-m4-pro-sweep.json"

## Records whose wrapped command failed or was killed are left out by
## default (a "nosuchcmd" record times nothing), counted in one line, and
## kept with --keep-failed.
gen normalise >"$tmpdir/good.jsonl"
cp "$tmpdir/good.jsonl" "$tmpdir/failed.jsonl"
h=$(sed -n '1s/.*"host_id":"\([^"]*\)".*/\1/p' "$tmpdir/good.jsonl")
printf '{"probe":"memory-chase","million_accesses_per_sec":39.9,"command":"nosuchcmd","wall_s":0.008,"user_s":0,"sys_s":0,"exit_status":127,"exec_error":"not found","host_id":"%s"}\n' "$h" >>"$tmpdir/failed.jsonl"
# same_but_failed N: $out is good.json but for failed_records, which is N.
same_but_failed() {
	printf '%s\n' "$out" | "$py" -c '
import json, sys
got = json.loads(sys.stdin.read())
want = json.load(open(sys.argv[1]))
n = got.pop("failed_records")
want.pop("failed_records")
sys.exit(0 if got == want and n == int(sys.argv[2]) else 1)' "$tmpdir/good.json" "$1"
}
run "$A" --json "$tmpdir/good.jsonl"
expect_status 0 "the good records alone"
printf '%s\n' "$out" >"$tmpdir/good.json"
grep -q '"failed_records":0,' "$tmpdir/good.json"
ok $? "--json: no failed records"
run "$A" --json "$tmpdir/failed.jsonl"
expect_status 0 "good records and one whose command failed"
same_but_failed 1
ok $? "the failed record is left out: the estimates are the good records' alone, and --json counts it"
[ "$(wc -l <"$tmpdir/err")" -eq 1 ] &&
    grep -qx 'tachyon-analyze: warning: left out 1 record whose command failed (--keep-failed to include)' "$tmpdir/err"
ok $? "one line counts it and names --keep-failed"
run "$A" --json --keep-failed "$tmpdir/failed.jsonl"
expect_status 0 "--keep-failed"
! same_but_failed 0 && [ ! -s "$tmpdir/err" ] &&
    printf '%s\n' "$out" | grep -q '"failed_records":0,'
ok $? "--keep-failed analyses it, and says nothing"
printf '{"probe":"memory-chase","million_accesses_per_sec":39.9,"command":"sleep","wall_s":1.5,"user_s":0,"sys_s":0,"exit_status":137,"signal":9,"host_id":"%s"}\n' "$h" >>"$tmpdir/failed.jsonl"
run "$A" --json "$tmpdir/failed.jsonl"
same_but_failed 2 &&
    grep -q 'left out 2 records whose command failed' "$tmpdir/err"
ok $? "a killed command's record is left out too"
# CSV records with an exit_status column.
{ echo "wall_s,million_accesses_per_sec,host_id,exit_status"
  "$py" -c 'import json,sys
for l in open(sys.argv[1]):
    r = json.loads(l)
    print("%s,%s,%s,%s" % (r["wall_s"], r["million_accesses_per_sec"], r["host_id"], r.get("exit_status", 0)))' "$tmpdir/failed.jsonl"
} >"$tmpdir/failed.csv"
run "$A" --json "$tmpdir/failed.csv"
same_but_failed 2 &&
    grep -q 'left out 2 records whose command failed' "$tmpdir/err"
ok $? "CSV: a non-zero exit_status column leaves the record out"

done_testing
