#!/bin/sh
# threadstone-sweep --loaded and --numa from the outside: option errors,
# a small real curve (JSON keys, bandwidth falling as the delay grows,
# the SVG parsed as XML), a run refused its bindings (a topology that is
# not this machine's: one warning, recorded), one usable core (the idle
# point alone, said once) and the NUMA matrix of this machine.  No
# latency or bandwidth figure is asserted beyond "the load moved bytes".
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

[ -x "$TS_SWEEP" ] || skip_all "threadstone-sweep not built"
unset HWLOC_XMLFILE HWLOC_SYNTHETIC
py=${PYTHON3:-$(command -v python3 || true)}

run "$TS_SWEEP" --help
echo "$out" | grep -q -- '--loaded' && echo "$out" | grep -q -- '--numa'
ok $? "--help lists --loaded and --numa"

# Usage errors: one line naming the option, exit 2, nothing written.
echo keep >"$tmpdir/old.json"
for args in "--mix foo" "--mix read,,copy" "--mix" "--delays x" \
    "--delays 1,,2" "--delays -5" "--delays 200000000" \
    "--chase-size 10K" "--chase-size 1X" "--loaded --max-size 1M" \
    "--numa --repeat 2" "--loaded --repeat 0" "--loaded --repeat 101" \
    "--chase-size 64M" "--loaded --min-ms 0"; do
	# shellcheck disable=SC2086
	run "$TS_SWEEP" -o "$tmpdir/old.json" $args
	expect_status 2 "$args"
	expect_one_error_line "$args"
	[ "$(cat "$tmpdir/old.json")" = keep ]
	ok $? "$args: the output file is untouched"
done
run "$TS_SWEEP" --mix write
echo "$err" | grep -q "'write' is not a mix (read, triad, copy, or all)"
ok $? "--mix names the word and what is accepted"

# A small curve on this machine: a triad load at its peak and throttled.
run "$TS_SWEEP" --mix triad --delays 0,2000 --chase-size 16M --min-ms 30 \
    -o "$tmpdir/l.json" --plot "$tmpdir/l.svg"
expect_status 0 "a small loaded run"
[ -z "$out" ]
ok $? "with -o nothing on stdout"
if [ -n "$py" ]; then
	"$py" - "$tmpdir/l.json" 3 <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
need = ["mode", "chase_bytes", "chase_page_bytes", "latency_core",
        "load_threads", "load_bytes_per_thread", "bound", "binding",
        "note", "window_s", "readings", "idle", "curves"]
missing = [k for k in need if k not in d]
assert not missing, missing
assert d["mode"] == "loaded" and d["chase_bytes"] == 16 << 20
assert d["idle"]["random_ns"] > 0 and d["idle"]["page_local_ns"] > 0
if d["load_threads"] == 0:
    assert d["curves"] == [] and d["note"], "no load: a note says why"
else:
    (c,) = d["curves"]
    assert c["mix"] == "triad" and [p["delay"] for p in c["points"]] == [0, 2000]
    peak, slow = (p["bandwidth_gbs"] for p in c["points"])
    assert peak >= 0 and slow >= 0, (peak, slow)
    # On a busy machine the load thread can be starved of its CPU for
    # the whole of a 30 ms window; the run must then say so, not pass
    # the curve off as one.
    starved = any("triad: the load did not load memory" in w
                  for w in d["warnings"])
    assert peak > 2 * slow or starved, (
        "bandwidth must fall as the delay grows, or a warning say why not",
        peak, slow, d["warnings"])
    assert c["peak_gbs"] == max(peak, slow)
    for p in c["points"]:
        lo, hi = p["bandwidth_range_gbs"]
        assert lo <= p["bandwidth_gbs"] <= hi, p
assert d["readings"] == int(sys.argv[2]), (d["readings"], sys.argv[2])
PY
	ok $? "the JSON has its keys, and the load falls with the delay"
	"$py" -c 'import sys, xml.dom.minidom as m
d = m.parse(sys.argv[1])
assert d.documentElement.tagName == "svg"
assert len(d.getElementsByTagName("polyline")) in (0, 2)' "$tmpdir/l.svg"
	ok $? "the SVG parses as XML, a curve per chase order"
else
	ok 0 "# SKIP no python3"
	ok 0 "# SKIP no python3"
fi

# -o -: the JSON on standard output, and no file named '-'.
mkdir "$tmpdir/cwd"
run sh -c 'cd "$1" && shift && exec "$@"' sh "$tmpdir/cwd" "$TS_SWEEP" -q \
    --mix read --delays 0 --chase-size 8M --min-ms 20 -o -
expect_status 0 "--loaded -o -"
echo "$out" | grep -q '"mode": "loaded"' && [ ! -e "$tmpdir/cwd/-" ]
ok $? "-o -: the JSON on standard output, no file named '-'"

# --repeat N: N readings a point; one is the point itself.
run "$TS_SWEEP" -q --mix read --delays 0,5000 --chase-size 8M --min-ms 20 \
    --repeat 1 -o -
expect_status 0 "--loaded --repeat 1"
echo "$out" | grep -q '"readings": 1,'
ok $? "--repeat 1: one reading a point, said in the JSON"
run "$TS_SWEEP" --mix read --delays 0 --chase-size 8M --min-ms 20 --repeat 2
expect_status 0 "--loaded --repeat 2"
echo "$out" | grep -q '^Each point the median of 2 readings'
ok $? "--repeat 2: the table says each point is a median of 2"

# Bindings refused: a topology that is not this machine's.
HWLOC_XMLFILE=$TOPO/tachyon-small-llc.xml run "$TS_SWEEP" --mix read \
    --delays 0 --chase-size 8M --min-ms 20 -o "$tmpdir/u.json"
expect_status 0 "a run whose bindings are refused still measures"
[ "$(echo "$err" | grep -c 'warning:.*bound')" -eq 1 ]
ok $? "one warning line says the threads are unbound"
grep -q '"bound": false' "$tmpdir/u.json" &&
    grep -q '"binding": "' "$tmpdir/u.json"
ok $? "and the JSON records it"

# One usable core: the idle point alone, and why.
if command -v taskset >/dev/null 2>&1 && taskset -c 0 true 2>/dev/null; then
	run taskset -c 0 "$TS_SWEEP" --loaded --chase-size 8M --min-ms 20
	expect_status 0 "one usable core"
	echo "$out" | grep -q '^Idle: random chase' &&
	    ! echo "$out" | grep -q '^mix '
	ok $? "prints the idle point and no curve"
	[ "$(echo "$err" | grep -c 'one usable core')" -eq 1 ]
	ok $? "and says why in one line"
else
	for i in 1 2 3; do ok 0 "# SKIP taskset cannot bind here"; done
fi

# The NUMA matrix of this machine (the VMs measured have one node).
run "$TS_SWEEP" --numa --chase-size 8M --min-ms 20 -o "$tmpdir/n.json"
expect_status 0 "--numa"
if [ -n "$py" ]; then
	"$py" - "$tmpdir/n.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
n = d["numa"]
k = len(n["nodes"])
assert k >= 1
for m in ("latency_ns", "random_ns", "bandwidth_gbs"):
    assert len(n[m]) == k and all(len(r) == k for r in n[m]), m
assert all(v is None or v > 0 for r in n["latency_ns"] for v in r)
PY
	ok $? "the matrix is nodes x nodes"
else
	ok 0 "# SKIP no python3"
fi
run "$TS_SWEEP" --numa --chase-size 8M --min-ms 20
nodes=$(echo "$out" | sed -n 's/^NUMA: \([0-9]*\) node.*/\1/p')
[ -n "$nodes" ]
ok $? "the table names the node count ($nodes)"
if [ "$nodes" = 1 ]; then
	echo "$out" | grep -q 'one node'
	ok $? "and says one node means nothing to compare"
fi

done_testing
