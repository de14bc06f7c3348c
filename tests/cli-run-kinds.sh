#!/bin/sh
# threadstone-run on hybrid CPUs, under hwloc XML fixtures (4P+4E and
# three kinds) whose cores are not this machine's: the single-thread pass
# is planned on the performance kind, the failed binding is one line on
# stderr and not fatal, extensions.cpu_kinds records the plan, --per-kind
# adds a column per kind to the table and to threadstone-report, and a
# single-kind topology's document has no new key.  Runs are tiny; nothing
# asserts a figure.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

[ -x "$TS_RUN" ] || skip_all "threadstone-run not built"
py=${PYTHON3:-$(command -v python3 || true)}
[ -n "$py" ] || skip_all "python3 is needed to read the documents"
SCHEMA=$top_srcdir/data/result.schema.json
CHECK=$top_srcdir/tests/check-run-json.py
QUICK="-w sha256 -w sort --samples 1 --warmup 0 --window-ms 20 --executions 1"
unset HWLOC_SYNTHETIC

# q DOC EXPR: print the Python expression EXPR of the document d.
q() {
	"$py" -c 'import json, sys
d = json.load(open(sys.argv[1]))
k = d.get("extensions", {}).get("cpu_kinds", {})
print(eval(sys.argv[2]))' "$1" "$2"
}

# is DOC EXPR WANT DESC
is() {
	got=$(q "$1" "$2")
	[ "$got" = "$3" ]
	ok $? "$4"
	[ "$got" = "$3" ] || echo "# $2: got '$got', want '$3'"
}

# validate DOC DESC: the schema of ThreadStone 2.0.0 still accepts it.
validate() {
	if [ -f "$SCHEMA" ]; then
		"$py" "$CHECK" "$SCHEMA" "$1" >"$tmpdir/check" 2>&1
		ok $? "$2: validates against the schema and is coherent"
		sed 's/^/# /' "$tmpdir/check"
	else
		ok 0 "# SKIP the schema is missing"
	fi
}

# The default on a 4P+4E CPU: single thread on P core 0.
doc=$tmpdir/hybrid.json
HWLOC_XMLFILE=$TOPO/hybrid-4p4e.xml run "$TS_RUN" $QUICK -t 8 -o "$doc" \
	--format json
expect_status 0 "4P+4E: the run succeeds though its cores cannot be bound"
[ "$(grep -c 'cannot pin' "$tmpdir/err")" -eq 1 ]
ok $? "4P+4E: the failed binding is one line on stderr"
grep -q "^threadstone-run: warning: cannot pin to IntelCore core 0 (CPU 0): hwloc's topology is not this machine's" "$tmpdir/err"
ok $? "4P+4E: the line names the kind, core and CPU"
is "$doc" '[x["name"] for x in k["kinds"]]' "['IntelCore', 'IntelAtom']" \
	"4P+4E: kinds, the performance kind first"
is "$doc" '[x["cores"] for x in k["kinds"]]' "[4, 4]" "4P+4E: 4 cores each"
is "$doc" 'k["single_thread"]["kind"], k["single_thread"]["core"], k["single_thread"]["cpus"]' \
	"('IntelCore', 0, '0')" "4P+4E: single thread planned on P core 0"
is "$doc" 'k["single_thread"]["pinned"], k["single_thread"]["passes"], k["single_thread"]["passes_pinned"]' \
	"(False, 2, 0)" "4P+4E: recorded as not pinned, for both passes"
is "$doc" 'k["single_thread"]["reason"]' "hwloc's topology is not this machine's" \
	"4P+4E: with the reason"
is "$doc" 'k["multi_thread"]' "{'threads': 8, 'workers': {'IntelCore': 4, 'IntelAtom': 4}}" \
	"4P+4E: 8 workers, 4 on each kind"
is "$doc" 'k["single_core_score_kind"]' "IntelCore" \
	"4P+4E: the single-core score is the P cores'"
is "$doc" '"per_kind" in k' "False" "4P+4E: no per-kind figures by default"
validate "$doc" "4P+4E"

HWLOC_XMLFILE=$TOPO/hybrid-4p4e.xml run "$TS_RUN" $QUICK -t 3 --single-only
expect_status 0 "4P+4E table run"
printf '%s\n' "$out" | grep -qx 'CPU kinds: IntelCore, IntelAtom'
ok $? "4P+4E table: the kinds"
printf '%s\n' "$out" | grep -qx "1 thread on IntelCore core 0 (CPU 0), not pinned: hwloc's topology is not this machine's"
ok $? "4P+4E table: where the single thread ran"
! printf '%s\n' "$out" | grep -q 'threads:'
ok $? "4P+4E table: no workers per kind without a multi-thread pass"

# --per-kind on three kinds: one pass per kind, on its first core.
doc=$tmpdir/three.json
HWLOC_XMLFILE=$TOPO/arm-3kinds.xml run "$TS_RUN" $QUICK -t 2 --per-kind \
	-o "$doc"
expect_status 0 "3 kinds --per-kind"
[ "$(grep -c 'cannot pin' "$tmpdir/err")" -eq 1 ]
ok $? "3 kinds: one line for the failed bindings"
is "$doc" '[x["name"] for x in k["kinds"]]' "['kind2', 'kind1', 'kind0']" \
	"3 kinds: by hwloc's rank, the most performant first"
is "$doc" 'list(k["per_kind"])' "['sha256', 'sort']" "3 kinds: every workload"
is "$doc" '[(n, v["core"], v["cpus"]) for n, v in k["per_kind"]["sha256"].items()]' \
	"[('kind2', 6, '6'), ('kind1', 4, '4'), ('kind0', 0, '0')]" \
	"3 kinds: each kind's pass on its first core"
is "$doc" 'all(v["value"] > 0 and v["samples"] == 1 for w in k["per_kind"].values() for v in w.values())' \
	"True" "3 kinds: every pass measured"
is "$doc" 'k["per_kind"]["sort"]["kind2"]["value"] == [w for w in d["workloads"] if w["id"] == "sort"][0]["single_thread"]["value"]' \
	"True" "3 kinds: the performance kind's figure is the document's"
is "$doc" 'k["multi_thread"]["workers"]' "{'kind2': 0, 'kind1': 0, 'kind0': 2}" \
	"3 kinds: 2 workers on cores 0-1, little ones"
validate "$doc" "3 kinds --per-kind"
printf '%s\n' "$out" | grep -q '^1 thread per kind *Unit *kind2 *kind1 *kind0$'
ok $? "3 kinds table: one column per kind"
printf '%s\n' "$out" | grep -q '^SHA-256 *MiB/s *[0-9.]*[kMG]\{0,1\} *[0-9.]*[kMG]\{0,1\} *[0-9.]*[kMG]\{0,1\}$'
ok $? "3 kinds table: a figure in each column"
if [ -x "$TS_REPORT" ]; then
	run "$TS_REPORT" "$doc"
	printf '%s\n' "$out" | grep -q '^1 thread per kind *Unit *kind2 *kind1 *kind0$'
	ok $? "threadstone-report: the per-kind columns"
	run "$TS_REPORT" --format markdown "$doc"
	printf '%s\n' "$out" | grep -q '^| Workload | Unit | 1 thread, kind2 | 1 thread, kind1 | 1 thread, kind0 |$'
	ok $? "threadstone-report --format markdown: the per-kind columns"
fi

# Usage errors: one line, exit 2.
run "$TS_RUN" --per-kind --no-pin
expect_status 2 "--per-kind with --no-pin"
expect_one_error_line "--per-kind with --no-pin"
run "$TS_RUN" --per-kind --multi-only
expect_status 2 "--per-kind with --multi-only"
expect_one_error_line "--per-kind with --multi-only"

# --no-pin on a hybrid CPU: recorded, nothing said.
doc=$tmpdir/nopin.json
HWLOC_XMLFILE=$TOPO/hybrid-4p4e.xml run "$TS_RUN" $QUICK -t 2 --no-pin \
	-o "$doc"
expect_status 0 "4P+4E --no-pin"
! grep -q 'cannot pin' "$tmpdir/err"
ok $? "4P+4E --no-pin: no binding tried"
is "$doc" 'k["single_thread"]' "{'kind': 'IntelCore', 'pinned': False, 'reason': 'disabled by --no-pin'}" \
	"4P+4E --no-pin: the single thread is recorded as unpinned"
is "$doc" 'k["multi_thread"]["workers"]' "not pinned: the scheduler placed them" \
	"4P+4E --no-pin: no workers per kind"

# One kind: no new key, no new output.  The extensions keys are those of
# threadstone 0.2.0 before CPU kinds.
for topo in server-2s.xml host; do
	doc=$tmpdir/one-$topo.json
	if [ "$topo" = host ]; then
		unset HWLOC_XMLFILE
		# This host may be hybrid: the check is then the fixture's.
		"$TS_RUN" -q $QUICK -o "$doc" >/dev/null 2>&1
		[ "$(q "$doc" '"cpu_kinds" in d["extensions"]')" = True ] && continue
		run "$TS_RUN" $QUICK -o "$doc"
	else
		HWLOC_XMLFILE=$TOPO/$topo run "$TS_RUN" $QUICK -o "$doc"
	fi
	expect_status 0 "one kind ($topo)"
	is "$doc" 'sorted(set(d["extensions"]) - {"producer", "compiler", "cflags", "configure_host", "assertions", "debug_assertions_means", "kernel_release", "cpu_features", "l3_total_bytes", "llc", "cpus", "pinning", "buffers", "executions", "cpu_speed", "hostname"})' \
		"[]" "one kind ($topo): no extensions key beyond 0.2.0's"
	# The packages build with -ffile-prefix-map=BUILDDIR=.: no flag that
	# names a path (the builder's directory) is recorded.
	is "$doc" '[f for f in d["extensions"]["cflags"].split() if "/" in f]' \
		"[]" "one kind ($topo): cflags name no path"
	is "$doc" 'sorted(d["extensions"]["pinning"])' \
		"['cores', 'enabled', 'policy', 'workers', 'workers_bound']" \
		"one kind ($topo): the pinning record as before"
	! grep -q -e 'pin' -e 'kind' "$tmpdir/err"
	ok $? "one kind ($topo): nothing said about kinds or pinning"
	! printf '%s\n' "$out" | grep -q 'kind'
	ok $? "one kind ($topo): nothing about kinds in the table"
	validate "$doc" "one kind ($topo)"
done
HWLOC_XMLFILE=$TOPO/server-2s.xml run "$TS_RUN" $QUICK --single-only \
	--per-kind -o "$tmpdir/one-per-kind.json"
expect_status 0 "one kind --per-kind"
[ "$(grep -c 'warning: --per-kind' "$tmpdir/err")" -eq 1 ] &&
	grep -q 'one CPU kind' "$tmpdir/err"
ok $? "one kind --per-kind: one line says there is one kind"
is "$tmpdir/one-per-kind.json" '"cpu_kinds" in d["extensions"]' "False" \
	"one kind --per-kind: no record of kinds"

# threadstone-compare: like with like, and a difference in kinds said.
if [ -x "$TS_COMPARE" ]; then
	pk=$tmpdir/hybrid-per-kind.json
	HWLOC_XMLFILE=$TOPO/hybrid-4p4e.xml "$TS_RUN" -q $QUICK -t 2 \
		--per-kind -o "$pk" >/dev/null 2>&1
	run "$TS_COMPARE" "$pk" "$pk"
	expect_status 0 "compare: 4P+4E --per-kind with itself"
	printf '%s\n' "$out" | sed -n '/^single-thread on IntelAtom /,/^$/p' \
		>"$tmpdir/atom"
	grep -q '^  ~ sha256 ' "$tmpdir/atom" && grep -q '^  ~ sort ' "$tmpdir/atom"
	ok $? "compare: the E cores' rows in a section of their own"
	! printf '%s\n' "$out" | grep -q -e 'different CPU kinds' \
		-e 'single-thread on IntelCore'
	ok $? "compare: same kinds, no warning, P cores only in single-thread"
	run "$TS_COMPARE" --json "$pk" "$pk"
	is "$tmpdir/out" '[(x["kind"], [r["id"] for r in x["rows"]]) for x in d["cpu_kinds"]["per_kind"]], d["cpu_kinds"]["differ"]' \
		"([('IntelAtom', ['sha256', 'sort'])], None)" \
		"compare --json: the per-kind rows"
	run "$TS_COMPARE" "$tmpdir/one-server-2s.xml.json" "$tmpdir/three.json"
	expect_status 0 "compare: one kind against three"
	printf '%s\n' "$out" | grep -qx "warning: different CPU kinds: 'one CPU kind or none recorded' vs 'kind2, kind1, kind0; 1 thread on kind2'"
	ok $? "compare: one kind against three is said"
	run "$TS_COMPARE" "$pk" "$tmpdir/three.json"
	printf '%s\n' "$out" | grep -q "^warning: different CPU kinds: 'IntelCore, IntelAtom; 1 thread on IntelCore' vs 'kind2, kind1, kind0; 1 thread on kind2'$" &&
		! printf '%s\n' "$out" | grep -q '^single-thread on'
	ok $? "compare: different kinds said, no kind compared with another"
	run "$TS_COMPARE" --fail-on-regression "$pk" "$tmpdir/three.json"
	grep -q "warning: different CPU kinds" "$tmpdir/err"
	ok $? "compare --fail-on-regression: the difference on stderr too"
	run "$TS_COMPARE" --json "$tmpdir/one-server-2s.xml.json" \
		"$tmpdir/one-server-2s.xml.json"
	is "$tmpdir/out" '"cpu_kinds" in d' "False" \
		"compare --json: no cpu_kinds member between single-kind documents"
fi

done_testing
