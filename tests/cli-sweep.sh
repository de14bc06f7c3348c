#!/bin/sh
# threadstone-sweep from the outside: option errors, a tiny real sweep
# (--min-ms 1 --max-size 1M) checked for the JSON shape and monotone sizes,
# the table with both latencies, and the SVG checked with an XML parser.  Cache sizes come from
# tests/topo/epyc-vm.xml; no timing is asserted.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

[ -x "$TS_SWEEP" ] || skip_all "threadstone-sweep not built"
HWLOC_XMLFILE=$TOPO/epyc-vm.xml
export HWLOC_XMLFILE
unset HWLOC_SYNTHETIC
py=${PYTHON3:-$(command -v python3 || true)}
pagesize=$(getconf PAGESIZE 2>/dev/null || echo 4096)

run "$TS_SWEEP" --help
expect_status 0 "--help"
echo "$out" | grep -q -- '--max-size'
ok $? "--help lists --max-size"
run "$TS_SWEEP" -V
[ "$rc" -eq 0 ] && case $out in
"threadstone-sweep (threadstone) "[0-9]*.[0-9]*.[0-9]*) true ;;
*) false ;;
esac
ok $? "-V prints the version line"

# Usage errors: one line naming the option, exit 2, nothing written.
echo keep >"$tmpdir/old.json"
for args in "--min-ms -1" "--min-ms abc" "--min-ms 3600001" "--min-ms=" \
    "--max-size 1K" "--max-size 4095" "--max-size 1X" "--max-size 1.5M" \
    "--max-size 1000T" "--max-size" "--repeat 0" "--repeat 101" \
    "--repeat x" "--bogus" "-x" "extra" \
    "--plot $tmpdir/old.json"; do
	# shellcheck disable=SC2086
	run "$TS_SWEEP" --min-ms 0 -o "$tmpdir/old.json" $args
	expect_status 2 "$args"
	expect_one_error_line "$args"
	[ "$(cat "$tmpdir/old.json")" = keep ]
	ok $? "$args: the output file is untouched"
done
run "$TS_SWEEP" --max-size 1K
echo "$err" | grep -q -- '--max-size.*4 KiB'
ok $? "--max-size 1K names the option and the 4 KiB minimum"
run "$TS_SWEEP" --max-size 1000T
echo "$err" | grep -q -- '--max-size.*memory'
ok $? "--max-size 1000T says it exceeds the memory available"
run "$TS_SWEEP" --min-ms abc
echo "$err" | grep -q -- "invalid --min-ms 'abc': expected an integer from 0 to 3600000"
ok $? "--min-ms abc gives the accepted range"

# Runtime failure before measuring: the directory does not exist.
run "$TS_SWEEP" --min-ms 0 --max-size 8K -q -o -
expect_status 0 "-o -"
printf '%s\n' "$out" >"$tmpdir/stdout.json"
"$TS_SWEEP" --min-ms 0 --max-size 8K -q -o "$tmpdir/file.json" 2>/dev/null
if command -v jq >/dev/null 2>&1; then
	[ "$(jq -c 'map(.bytes)' "$tmpdir/stdout.json")" = \
	    "$(jq -c 'map(.bytes)' "$tmpdir/file.json")" ] &&
	    [ "$(jq 'length' "$tmpdir/stdout.json")" -gt 0 ] && [ -z "$err" ] &&
	    [ ! -e ./- ]
	ok $? "-o -: the JSON array on standard output, as -o FILE writes it"
else
	ok 0 "# SKIP jq is not installed"
fi
run "$TS_SWEEP" --min-ms 0 --max-size 8K -o "$tmpdir/nodir/s.json"
expect_status 1 "-o into a missing directory"
expect_one_error_line "-o into a missing directory"
run "$TS_SWEEP" --min-ms 0 --max-size 8K --plot "$tmpdir/nodir/s.svg"
expect_status 1 "--plot into a missing directory"

# A tiny real sweep with both files.
run "$TS_SWEEP" --min-ms 1 --max-size 1M -o "$tmpdir/s.json" \
    --plot "$tmpdir/s.svg"
expect_status 0 "tiny sweep"
[ ! -s "$tmpdir/out" ]
ok $? "tiny sweep with -o: nothing on stdout"
first=$(sed -n 1p "$tmpdir/err")
[ "$first" = "Measuring pointer-chase latency across 9 working-set sizes…" ]
ok $? "first stderr line as the original's, with 9 sizes"
grep -qx "wrote $tmpdir/s.json" "$tmpdir/err" &&
    grep -qx "wrote $tmpdir/s.svg" "$tmpdir/err"
ok $? "wrote lines for both files"
[ "$(tail -c 1 "$tmpdir/s.json")" = "]" ]
ok $? "JSON has no trailing newline"
[ "$(grep -c '"bytes": ' "$tmpdir/s.json")" -eq 9 ]
ok $? "JSON has 9 points"

if [ -n "$py" ]; then
	"$py" - "$tmpdir/s.json" "$pagesize" <<'EOF'
import json, sys
text = open(sys.argv[1], encoding="utf-8").read()
pts = json.loads(text)
assert isinstance(pts, list) and len(pts) == 9, "nine points"
for i, p in enumerate(pts):
    assert list(p) == ["bytes", "latency_ns", "page_local_ns", "page_bytes",
                       "level"], list(p)
    assert p["bytes"] == 4096 << i, "sizes double from 4 KiB"
    assert isinstance(p["latency_ns"], float) and p["latency_ns"] > 0
    assert isinstance(p["page_local_ns"], float) and p["page_local_ns"] > 0
    assert p["page_bytes"] == int(sys.argv[2]), p["page_bytes"]
    # one reading per size: the names are tentative, marked "?"
    assert p["level"] in ("L1d?", "L2?", "L3?", "DRAM?"), p["level"]
assert text.startswith('[\n  {\n    "bytes": 4096,\n    "latency_ns": ')
EOF
	ok $? "JSON: keys in order, monotone sizes, both latencies, page size, level names (tentative)"
else
	ok 0 "# SKIP python3 not installed"
fi

# The picture: well-formed XML, one marker per size, hwloc's lines.
if command -v xmllint >/dev/null 2>&1; then
	xmllint --noout "$tmpdir/s.svg" 2>"$tmpdir/xml"
	ok $? "SVG is well-formed (xmllint)"
elif [ -n "$py" ]; then
	"$py" -c 'import sys, xml.etree.ElementTree as E; E.parse(sys.argv[1])' \
	    "$tmpdir/s.svg"
	ok $? "SVG is well-formed (python3 xml.etree)"
else
	ok 0 "# SKIP no XML parser"
fi
[ "$(grep -c '<circle class="point"' "$tmpdir/s.svg")" -eq 9 ] &&
    [ "$(grep -c '<circle class="local-point"' "$tmpdir/s.svg")" -eq 9 ]
ok $? "SVG has one point per size on each curve"
grep -q '<path class="curve random"' "$tmpdir/s.svg" &&
    grep -q '<path class="curve local"' "$tmpdir/s.svg" &&
    grep -q '<path class="walks"' "$tmpdir/s.svg"
ok $? "SVG draws both curves and the page walks between them"
[ "$(grep -c '<line class="cache"' "$tmpdir/s.svg")" -eq 2 ]
ok $? "SVG draws hwloc's L1d and L2 (L3 is past 1 MiB)"
grep -q '>L1d 32 KiB<' "$tmpdir/s.svg"
ok $? "SVG labels hwloc's L1d size"
if [ -n "$py" ]; then
	"$py" - "$tmpdir/s.svg" <<'EOF'
import sys, xml.etree.ElementTree as E
ns = {"s": "http://www.w3.org/2000/svg"}
root = E.parse(sys.argv[1]).getroot()
pts = root.findall(".//s:circle[@class='point']", ns)
xs = [float(c.get("cx")) for c in pts]
assert len(pts) == 9 and xs == sorted(xs) and len(set(xs)) == 9
assert all(c.find("s:title", ns) is not None for c in pts)
EOF
	ok $? "SVG points run left to right, each with a title"
fi

# The table on stdout, with levels and the plateau summary.
run "$TS_SWEEP" --min-ms 0 --max-size 64K
expect_status 0 "table sweep"
[ "$(sed -n 1p "$tmpdir/out")" = " working set     latency  page-local  level" ]
ok $? "table header with page-local and level columns"
[ "$(grep -cE '^ +[0-9]+ (B|KiB|MiB|GiB) +[0-9]+[.][0-9] ns +[0-9]+[.][0-9] ns  [A-Z]' \
    "$tmpdir/out")" -eq 5 ]
ok $? "table has 5 rows for 4 KiB..64 KiB"
grep -Eqx '       4 KiB +[0-9]+[.][0-9] ns +[0-9]+[.][0-9] ns  (L1d|L2|L3|DRAM)\?' \
    "$tmpdir/out"
ok $? "4 KiB row has both latencies and a level name, tentative with one reading"
grep -qx 'Plateaus mark cache levels; each step up is a level boundary.' \
    "$tmpdir/out" &&
    grep -q '^Plateaus (hwloc: L1d 32 KiB, L2 1 MiB, L3 32 MiB), not judged:$' \
    "$tmpdir/out"
ok $? "closing sentence and plateau summary"
# One reading per size (the default) supports no verdict on hwloc's
# sizes; three do.
! grep -q 'DISAGREES\|agrees' "$tmpdir/out" &&
    grep -qx "Levels not judged: one reading per size, which one interruption can move; --repeat 3 keeps the fastest of three, names the levels and checks hwloc's sizes." "$tmpdir/out"
ok $? "--repeat 1: no agrees or DISAGREES, and a line saying why"
run "$TS_SWEEP" --min-ms 0 --max-size 64K --repeat 3
expect_status 0 "table sweep, --repeat 3"
grep -q '^Plateaus (hwloc: L1d 32 KiB, L2 1 MiB, L3 32 MiB):$' "$tmpdir/out" &&
    grep -Eqx '       4 KiB +[0-9]+[.][0-9] ns +[0-9]+[.][0-9] ns  (L1d|L2|L3|DRAM)' "$tmpdir/out" &&
    ! grep -q 'not judged' "$tmpdir/out"
ok $? "--repeat 3: levels named and hwloc's sizes judged"
grep -Eq '^Page walks \(latency less page-local, not a cache level\): -?[0-9]+[.][0-9] ns at 64 KiB[.]$' \
    "$tmpdir/out"
ok $? "the page walks' line at the largest size"

run "$TS_SWEEP" -q --min-ms 0 --max-size 16K -o "$tmpdir/q.json"
[ "$rc" -eq 0 ] && [ ! -s "$tmpdir/err" ] && [ ! -s "$tmpdir/out" ] &&
    [ -s "$tmpdir/q.json" ]
ok $? "--quiet: nothing on stderr or stdout, file written"

run "$TS_SWEEP" -q --repeat 3 --min-ms 0 --max-size 16K -o "$tmpdir/r.json"
[ "$rc" -eq 0 ] && [ "$(grep -c '"bytes": ' "$tmpdir/r.json")" -eq 3 ]
ok $? "--repeat 3: one point per size"

run "$TS_SWEEP" -q --huge-pages --min-ms 0 --max-size 8K -o "$tmpdir/h.json"
[ "$rc" -eq 0 ] && grep -Eq '"page_bytes": ([0-9]+)' "$tmpdir/h.json"
ok $? "--huge-pages runs and records a page size"

# On a terminal: the size, its place, the time and an estimate, redrawn
# in place and erased at the end.
if [ -n "$py" ] && "$py" -c 'import pty' 2>/dev/null; then
	LC_ALL=C.UTF-8 "$py" "$top_srcdir/tests/pty-run.py" "$tmpdir/pty.out" \
	    "$tmpdir/pty.err" "$TS_SWEEP" --min-ms 1 --max-size 1M
	ok $? "a sweep with standard error on a terminal"
	tr '\r' '\n' <"$tmpdir/pty.err" >"$tmpdir/pty.lines"
	grep -q '^  4 KiB    \[1/9\] · [0-9]* s$' "$tmpdir/pty.lines" &&
	    grep -q '^  1 MiB    \[9/9\] · [0-9]* s · about [0-9][0-9 a-z]* left$' "$tmpdir/pty.lines"
	ok $? "each size counted; an estimate once the sizes tell one"
	tail -c 3 "$tmpdir/pty.err" | od -An -c | grep -q '\\r'
	ok $? "the line is erased at the end"
	grep -q '^ *4096 ' "$tmpdir/pty.out" || grep -q '4 KiB' "$tmpdir/pty.out"
	ok $? "the table on standard output"
else
	for i in 1 2 3 4; do
		ok 0 "# SKIP no python3 with the pty module"
	done
fi

done_testing
