#!/bin/sh
# tachyon from the outside: a short real run whose JSON fields agree with
# each other, the human summary, every kind of bad input, the threshold's
# exit status, watch mode under SIGINT/SIGTERM, the cache warning, and
# `--working-set-mb auto` bounded by hwloc fixture topologies.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

[ -x "$TACHYON" ] || skip_all "tachyon is not built"

if command -v jq >/dev/null 2>&1; then
	json=jq
elif command -v "${PYTHON3:-python3}" >/dev/null 2>&1; then
	json=python
else
	json=
fi
py=${PYTHON3:-python3}

# jfield KEY FILE: print a top-level field of the one JSON line in FILE.
jfield() {
	case $json in
	jq)	jq -r ".$1" "$2" ;;
	python)	"$py" -c 'import json,sys
v = json.loads(open(sys.argv[2]).readline())[sys.argv[1]]
print(str(v).lower() if isinstance(v, bool) else v)' "$1" "$2" ;;
	esac
}

# jkeys FILE: the keys of the JSON object in FILE, in order, on one line.
jkeys() {
	case $json in
	jq)	jq -r 'keys_unsorted | join(" ")' "$1" ;;
	python)	"$py" -c 'import json,sys
print(" ".join(json.loads(open(sys.argv[1]).readline()).keys()))' "$1" ;;
	esac
}

# jvalid FILE: every line of FILE is one JSON object, each ending in \n.
jvalid() {
	[ -s "$1" ] && [ "$(tail -c 1 "$1" | od -An -c | tr -d ' ')" = '\n' ] ||
	    return 1
	case $json in
	jq)	while IFS= read -r line; do
			printf '%s\n' "$line" | jq -e 'type == "object"' \
			    >/dev/null 2>&1 || return 1
		done <"$1" ;;
	python)	"$py" -c 'import json,sys
for l in open(sys.argv[1]):
    assert isinstance(json.loads(l), dict)' "$1" 2>/dev/null || return 1 ;;
	esac
}

version=$("$TACHYON" --version | awk '{ print $NF }')
run "$TACHYON" --version
expect_status 0 "--version"
# The name it runs under: tachyon, or tachyon-probe installed by a package.
printf '%s\n' "$out" | grep -Eq "^$(basename "$TACHYON") \\(threadstone\\) [0-9]+\\.[0-9]+\\.[0-9]+\$"
ok $? "--version names the program and the package"
run "$TACHYON" --help
expect_status 0 "--help"
printf '%s\n' "$out" | grep -q -- '--working-set-mb'
ok $? "--help lists the options"

## A short real run: the JSON line.
run "$TACHYON" --seconds 0.2 -w 8 -t 1 --json
expect_status 0 "--seconds 0.2 -w 8 -t 1 --json"
[ "$(wc -l <"$tmpdir/out")" -eq 1 ]
ok $? "exactly one line on stdout"
cp "$tmpdir/out" "$tmpdir/one.json"
if [ -z "$json" ]; then
	echo "# neither jq nor python3: JSON checks skipped"
else
	jvalid "$tmpdir/one.json"
	ok $? "the line is a JSON object ($json)"
	keys=$(jkeys "$tmpdir/one.json")
	want="probe version million_accesses_per_sec ns_per_access accesses elapsed_s threads working_set_bytes_per_thread"
	case "$keys " in
	"$want "*) ok 0 "the documented keys come first, in order" ;;
	*) ok 1 "the documented keys come first, in order"
	   echo "# keys: $keys" ;;
	esac
	[ "$(jfield probe "$tmpdir/one.json")" = memory-chase ]
	ok $? "probe is memory-chase"
	[ "$(jfield version "$tmpdir/one.json")" = "$version" ]
	ok $? "version is the package version"
	[ "$(jfield threads "$tmpdir/one.json")" = 1 ]
	ok $? "threads = 1"
	[ "$(jfield working_set_bytes_per_thread "$tmpdir/one.json")" = 8388608 ]
	ok $? "working_set_bytes_per_thread = 8 MiB"
	score=$(jfield million_accesses_per_sec "$tmpdir/one.json")
	ns=$(jfield ns_per_access "$tmpdir/one.json")
	acc=$(jfield accesses "$tmpdir/one.json")
	el=$(jfield elapsed_s "$tmpdir/one.json")
	# elapsed_s is rounded to 1 ms, the score to 0.001, ns to 0.01.  The
	# threads stop at one deadline from the start gate's opening, so a
	# thread that got its CPU late chases for less than --seconds.
	awk -v s="$score" -v n="$ns" -v a="$acc" -v e="$el" -v t=1 'BEGIN {
		if (a <= 0 || a % 8192 != 0 || e < 0.1 || e > 5) exit 1
		ds = a / 1e6 * (1 / (e - 0.0005) - 1 / e) + 0.0006
		dn = 0.0005 * t / a * 1e9 + 0.006
		if (s - a / e / 1e6 > ds || a / e / 1e6 - s > ds) exit 2
		if (n - e * t / a * 1e9 > dn || e * t / a * 1e9 - n > dn) exit 3
	}'
	ok $? "score = accesses/elapsed/1e6, ns = elapsed*threads/accesses*1e9 ($score, $ns, $acc, $el)"
	grep -Eq '"million_accesses_per_sec":[0-9]+\.[0-9]{3},"ns_per_access":[0-9]+\.[0-9]{2},' "$tmpdir/one.json" &&
	    grep -Eq '"elapsed_s":[0-9]+\.[0-9]{3},' "$tmpdir/one.json"
	ok $? "score has 3 decimals, ns_per_access 2, elapsed_s 3"
fi

## The human summary.
run "$TACHYON" -s 0.1 -w 1 -t 1 --no-cache-check
expect_status 0 "human summary"
{
	sed -n 1p "$tmpdir/out" | grep -Eq '^score [0-9]+\.[0-9][0-9][0-9] M accesses/s \(higher = faster host right now\)$' &&
	sed -n 2p "$tmpdir/out" | grep -Eq '^latency [0-9]+\.[0-9][0-9] ns/access \(under ~40 ns would mean cache, not memory\)$' &&
	sed -n 3p "$tmpdir/out" | grep -Eq '^1 thread x 1 MiB chain, [0-9]+ accesses in [0-9]+\.[0-9][0-9] s$' &&
	sed -n 4p "$tmpdir/out" | grep -Eq '^cache check off \(--no-cache-check\)' &&
	[ "$(wc -l <"$tmpdir/out")" -eq 4 ]
}
ok $? "four lines in the documented shape, sizes in MiB, the check off"
# A skipped check says so and why on the summary, not only in the JSON.
run env HWLOC_SYNTHETIC='numa:1(memory=25769803776) l3:1(size=33554432) core:2 pu:1' \
    "$TACHYON" -s 0.1 -w 64 -t 2
[ "$rc" -eq 0 ] && sed -n 3p "$tmpdir/out" | grep -q '^2 threads x 64 MiB chain' &&
    sed -n 4p "$tmpdir/out" | grep -q '^cache check skipped: no footprint of twice 128 MiB fits'
ok $? "a skipped cache check says so and why on the fourth line"

## Bad input: status 2, one line on stderr naming the option, no stdout.
cpus=$(nproc 2>/dev/null || echo 1)
toomany=$((4 * cpus + 1))
[ "$toomany" -gt 1024 ] && toomany=1025
for args in "-s 0" "-s -1" "-s abc" "-s 86401" "-s inf" "-s nan" \
    "--seconds=" "-w 0" "-w -5" "-w abc" "-w 16385" "-w 0.01" \
    "-t 0" "-t -1" "-t abc" "-t 1.5" "-t $toomany" "-t 99999999999" \
    "--seed -1" "--seed abc" "--seed 18446744073709551616" \
    "--min-score 0" "--min-score -3" "--min-score x" \
    "--interval 0" "--interval abc" "--count 0" "--count -2" \
    "--interval 0.1 -s 0.5" "--window 0" "--window abc" "--window 5" \
    "--bogus" "-x" "--json=1" "-s" "extra" "--se 1"; do
	# shellcheck disable=SC2086
	run "$TACHYON" $args
	expect_status 2 "$args"
	expect_one_error_line "$args"
	opt=${args%% *}
	opt=${opt%%=*}
	case $opt in
	-*) grep -q -- "$opt" "$tmpdir/err"
	    ok $? "$args: the message names $opt" ;;
	esac
done

## Allocations that cannot succeed: status 1, one line.
run "$TACHYON" -w 16384 -t $((4 * cpus > 1024 ? 1024 : 4 * cpus)) -s 0.1 \
    --no-cache-check
if [ "$rc" -eq 0 ]; then
	ok 0 "# SKIP this host has memory for $((4 * cpus)) x 16 GiB"
elif [ "$rc" -eq 2 ] && grep -q 'cannot be mapped by a 32-bit program' \
    "$tmpdir/err"; then
	ok 0 "# SKIP a 32-bit build refuses -w 16384 before memory matters (tests/cli-sizes.sh)"
else
	expect_status 1 "a working set larger than memory"
	expect_one_error_line "a working set larger than memory"
	grep -q -- '--working-set-mb 16384 with --threads' "$tmpdir/err"
	ok $? "a working set larger than memory: the message names the options"
fi
if sh -c 'ulimit -v 1048576 && exec "$1" --version' sh "$TACHYON" \
    >/dev/null 2>&1; then
	run sh -c "ulimit -v 262144 && exec \"$TACHYON\" -w 512 -t 1 -s 0.1 --no-cache-check"
	expect_status 1 "ulimit -v 256 MiB, -w 512"
	expect_one_error_line "ulimit -v 256 MiB, -w 512"
	grep -q -- '--working-set-mb 512' "$tmpdir/err"
	ok $? "ulimit -v 256 MiB, -w 512: the message names the option"
else
	ok 0 "# SKIP ulimit -v is not usable here (sanitizer build?)"
fi

## The threshold.
run "$TACHYON" -s 0.1 -w 1 -t 1 --no-cache-check --json --min-score 1e12
expect_status 3 "--min-score above any score"
[ "$(wc -l <"$tmpdir/out")" -eq 1 ] && [ "$(wc -l <"$tmpdir/err")" -eq 1 ]
ok $? "--min-score: the reading on stdout, one line on stderr"
run "$TACHYON" -s 0.1 -w 1 -t 1 --no-cache-check --min-score 0.001
expect_status 0 "--min-score below any score"

## Watch mode (its cheap schedule, window and gauge: cli-tachyon-watch.sh).
run "$TACHYON" --count 3 --interval 0.05 -s 0.05 -w 1 -t 1 --no-cache-check
expect_status 0 "--count 3"
[ "$(wc -l <"$tmpdir/out")" -eq 3 ]
ok $? "--count 3 prints 3 lines"
if [ -n "$json" ]; then
	jvalid "$tmpdir/out"
	ok $? "--count 3: every line is JSON"
	tail -n 1 "$tmpdir/out" >"$tmpdir/last.json"
	[ "$(jfield reading "$tmpdir/last.json")" = 3 ]
	ok $? "readings are numbered"
fi
for sig in INT TERM; do
	: >"$tmpdir/watch"
	"$TACHYON" --interval 0.05 -s 0.05 -w 1 -t 1 --no-cache-check \
	    >"$tmpdir/watch" 2>"$tmpdir/watch.err" &
	pid=$!
	# A watchdog, so that a tachyon deaf to the signal fails, not hangs.
	(sleep 30 && kill -9 $pid) >/dev/null 2>&1 &
	dog=$!
	i=0
	while [ "$(wc -l <"$tmpdir/watch")" -lt 3 ] && [ $i -lt 200 ]; do
		sleep 0.05
		i=$((i + 1))
	done
	kill -$sig $pid
	wait $pid
	rc=$?
	kill $dog 2>/dev/null
	[ $rc -eq 0 ]
	ok $? "--watch stops cleanly on SIG$sig (exit $rc)"
	[ "$(wc -l <"$tmpdir/watch")" -ge 3 ] && [ ! -s "$tmpdir/watch.err" ]
	ok $? "--watch printed lines before SIG$sig, nothing on stderr"
	if [ -n "$json" ]; then
		jvalid "$tmpdir/watch"
		ok $? "after SIG$sig every line is complete JSON"
		tail -n 1 "$tmpdir/watch" >"$tmpdir/last.json"
		[ "$(jfield reading "$tmpdir/last.json")" = \
		    "$(wc -l <"$tmpdir/watch" | tr -d ' ')" ]
		ok $? "after SIG$sig the last line is reading $(wc -l <"$tmpdir/watch" | tr -d ' '): none lost"
	fi
done

# Between readings: a signal during the --interval pause ends it at once.
: >"$tmpdir/watch"
"$TACHYON" --interval 60 -s 0.05 -w 1 -t 1 --no-cache-check \
    >"$tmpdir/watch" 2>"$tmpdir/watch.err" &
pid=$!
i=0
while [ ! -s "$tmpdir/watch" ] && [ $i -lt 200 ]; do
	sleep 0.05
	i=$((i + 1))
done
kill -TERM $pid
i=0
while kill -0 $pid 2>/dev/null && [ $i -lt 100 ]; do
	sleep 0.05
	i=$((i + 1))
done
kill -0 $pid 2>/dev/null && kill -9 $pid
wait $pid
rc=$?
[ $rc -eq 0 ] && [ "$(wc -l <"$tmpdir/watch")" -eq 1 ]
ok $? "--interval 60: SIGTERM in the pause stops it within 5 s (exit $rc)"

## The cache check: a set in L2 is reported, one far past it is not.
# The check compares page-local chases, which page walks cannot slow
# (lib/mem/mem-residency.h): 256 KiB against 64 MiB or more reads 10-30x apart,
# and a total of 128 MiB against twice an LLC of hundreds of MiB reads
# alike on every VM kind seen here (their usable caches end by 32 MiB).
# On a busy 2-vCPU VM one comparison may still read a false difference
# after the program's own confirmation: up to three tries each way.  A
# check that never warns, or always does, still fails.
for try in 1 2 3; do
	run "$TACHYON" -s 0.1 -w 0.25 -t 1 --json
	[ "$rc" -eq 0 ] && grep -q '"cache_check":"cache"' "$tmpdir/out" &&
	    break
done
expect_status 0 "-w 0.25 (fits in L2)"
grep -q 'warning: the probe is measuring cache' "$tmpdir/err" &&
    grep -q '"cache_check":"cache"' "$tmpdir/out"
ok $? "-w 0.25: the cache warning is given (try $try)"
[ "$(wc -l <"$tmpdir/err")" -eq 1 ] &&
    grep -q -- '--working-set-mb [0-9]* or more' "$tmpdir/err"
ok $? "-w 0.25: the warning is one line naming a size that clears it"
ns=$(jfield cache_check_ns "$tmpdir/out")
lns=$(jfield cache_check_large_ns "$tmpdir/out")
awk -v a="$ns" -v b="$lns" 'BEGIN { exit !(a > 0 && b > 1.15 * a) }'
ok $? "-w 0.25: --json carries both latencies ($ns against $lns ns)"
# The README's command (64 MiB on each of 2 threads) under the LLC sizes
# hwloc reports on the VM kinds this project runs on.  Against 480 or
# 508 MB the check must measure, twice the LLC, and find no cache; past
# twice a 32 MiB LLC it needs no measurement.
for llc in 503316480 532676608; do
	topo="numa:1(memory=25769803776) l3:1(size=$llc) core:2 pu:1"
	for try in 1 2 3; do
		run env HWLOC_SYNTHETIC="$topo" "$TACHYON" -s 0.1 -w 64 -t 2 \
		    --json
		[ "$rc" -eq 0 ] && [ ! -s "$tmpdir/err" ] && break
	done
	[ "$rc" -eq 0 ] && [ ! -s "$tmpdir/err" ] &&
	    grep -q '"cache_check":"clear"' "$tmpdir/out"
	ok $? "-w 64 -t 2, hwloc L3 $llc: measured, no warning (try $try)"
	[ -s "$tmpdir/err" ] && echo "# $err"
	large=$(jfield cache_check_large_bytes "$tmpdir/out")
	[ "$large" -ge $((2 * llc)) ] 2>/dev/null
	ok $? "-w 64 -t 2, hwloc L3 $llc: against twice the LLC ($large)"
done
run env HWLOC_SYNTHETIC='numa:1(memory=25769803776) l3:1(size=33554432) core:2 pu:1' \
    "$TACHYON" -s 0.1 -w 64 -t 2 --json
[ "$rc" -eq 0 ] && [ ! -s "$tmpdir/err" ] &&
    grep -q '"cache_check":"skipped"' "$tmpdir/out" &&
    grep -q '"cache_check_reason":"no footprint' "$tmpdir/out"
ok $? "-w 64 -t 2, hwloc L3 32 MiB: past twice the LLC, skipped with a reason"
# A check that cannot map its larger footprint says so and is skipped.
if sh -c 'ulimit -v 1048576 && exec "$1" --version' sh "$TACHYON" \
    >/dev/null 2>&1; then
	run env HWLOC_SYNTHETIC='numa:1(memory=25769803776) l3:1(size=532676608) core:2 pu:1' \
	    sh -c "ulimit -v 262144 && exec \"$TACHYON\" -w 1 -t 1 -s 0.1 --json"
	[ "$rc" -eq 0 ] && [ "$(wc -l <"$tmpdir/err")" -eq 1 ] &&
	    grep -q 'warning: the cache check was skipped: cannot map' \
	    "$tmpdir/err" &&
	    grep -q '"cache_check":"skipped"' "$tmpdir/out" &&
	    grep -q '"cache_check_reason":"cannot map' "$tmpdir/out"
	ok $? "ulimit -v 256 MiB: the check is skipped, said in one line"
else
	ok 0 "# SKIP ulimit -v is not usable here (sanitizer build?)"
fi
run "$TACHYON" -s 0.1 -w 0.25 -t 1 --json --no-cache-check
[ "$rc" -eq 0 ] && [ ! -s "$tmpdir/err" ] &&
    grep -q '"cache_check":"off"' "$tmpdir/out"
ok $? "--no-cache-check: no check, no warning"

## A synthetic topology (binding is a no-op there) still measures.
HWLOC_SYNTHETIC='pack:1 core:4 pu:1' run "$TACHYON" -s 0.1 -w 1 -t 2 \
    --json --no-cache-check
expect_status 0 "under HWLOC_SYNTHETIC"
grep -q '"threads":2,' "$tmpdir/out"
ok $? "under HWLOC_SYNTHETIC: two threads"

## --working-set-mb auto, bounded by fixture topologies.
HWLOC_XMLFILE=$TOPO/tachyon-small-llc.xml \
    run "$TACHYON" -s 0.1 -w auto -t 1 --json
expect_status 0 "auto, 8 MiB LLC"
grep -q '"working_set_bytes_per_thread":67108864,' "$tmpdir/out" &&
    grep -q '"auto_steps":0,"auto_stop":"bound"' "$tmpdir/out"
ok $? "auto, 8 MiB LLC: the start is past twice the LLC, 64 MiB untested"
HWLOC_XMLFILE=$TOPO/tachyon-small-mem.xml \
    run "$TACHYON" -s 0.1 -w auto -t 1 --json
expect_status 0 "auto, 96 MiB of memory"
grep -q '"working_set_bytes_per_thread":50331648,' "$tmpdir/out"
ok $? "auto, 96 MiB of memory: half of it, 48 MiB"
HWLOC_XMLFILE=$TOPO/tachyon-llc24.xml \
    run "$TACHYON" -s 0.1 -w auto -t 1 --json
expect_status 0 "auto, 24 MiB LLC"
grep -q '"working_set_bytes_per_thread":67108864,' "$tmpdir/out"
ok $? "auto, 24 MiB LLC: 64 MiB is past twice the LLC"
# This VM kind's hwloc figures: the real caches end by 32 MiB, so auto
# stops at the first size the test calls clear, 64 MiB (or 128 MiB when
# a 32 MiB L3 holds part of 64), instead of walking to 4 x 508 MB.
for try in 1 2 3; do
	run env HWLOC_SYNTHETIC='numa:1(memory=25769803776) l3:1(size=532676608) core:2 pu:1' \
	    "$TACHYON" -s 0.1 -w auto -t 1 --json
	ws=$(jfield working_set_bytes_per_thread "$tmpdir/out")
	[ "$rc" -eq 0 ] && grep -q '"auto_stop":"clear"' "$tmpdir/out" &&
	    [ "$ws" -le 134217728 ] && break
done
expect_status 0 "auto, hwloc L3 508 MB"
grep -q '"auto_stop":"clear"' "$tmpdir/out" && [ "$ws" -le 134217728 ] &&
    [ "$(jfield cache_check "$tmpdir/out")" = clear ]
ok $? "auto, hwloc L3 508 MB: stops where the test says clear, $ws (try $try)"

## Host identity and --tag in the JSON line.
fast="-s 0.05 -w 1 -t 1 --no-cache-check"
run "$TACHYON" $fast --json --tag job=17 --tag input=a.fq --tag 'note=x "y"'
expect_status 0 "--json --tag"
if [ -n "$json" ]; then
	keys=$(jkeys "$tmpdir/out")
	case "$keys " in
	"$want cache_check pinned_threads host_id "*) ok 0 "the identity follows the fixed keys" ;;
	*) ok 1 "the identity follows the fixed keys"; echo "# keys: $keys" ;;
	esac
	[ "$(jfield job "$tmpdir/out")" = 17 ] &&
	    [ "$(jfield input "$tmpdir/out")" = a.fq ] &&
	    [ "$(jfield note "$tmpdir/out")" = 'x "y"' ] &&
	    [ "$(jfield kernel_release "$tmpdir/out")" = "$(uname -r)" ]
	ok $? "tags and kernel_release carry their values"
fi
for bad in probe=1 host_id=x dmi_x=1 exec_error=x =v novalue 'sp ace=1' \
    "$(printf 'k=\377\376')" "$(printf 'k=a\nb')" "$(printf 'k=\033[1m')" \
    "$(printf 'k=\302\205')" "k=$(head -c 1025 /dev/zero | tr '\0' v)"; do
	run "$TACHYON" $fast --json --tag "$bad"
	expect_status 2 "--tag '$(printf '%.20s' "$bad" | tr -c '[:print:]' '?')' is refused"
	expect_one_error_line "--tag '$(printf '%.20s' "$bad" | tr -c '[:print:]' '?')'"
done
run "$TACHYON" $fast --json --tag k=1 --tag k=2
expect_status 2 "--tag with a key given twice"
expect_one_error_line "--tag with a key given twice"
run "$TACHYON" $fast --json --tag "$(printf 'k=\303\251t\303\251')" \
    --tag "k2=$(head -c 1024 /dev/zero | tr '\0' v)"
expect_status 0 "--tag with UTF-8 and a value of 1024 bytes"
if [ -n "$json" ]; then
	jvalid "$tmpdir/out" && [ "$(jfield k "$tmpdir/out")" = "$(printf '\303\251t\303\251')" ]
	ok $? "--tag: UTF-8 text kept as it is, in valid JSON"
fi

## --wrap: a reading, the command, a reading, one record.
run "$TACHYON" $fast --wrap -- sh -c 'echo to-out; echo to-err >&2; sleep 0.2'
expect_status 0 "--wrap sleep: the command's status"
[ "$(sed -n 1p "$tmpdir/out")" = to-out ] && [ "$(wc -l <"$tmpdir/out")" -eq 2 ] &&
    [ "$(cat "$tmpdir/err")" = to-err ]
ok $? "--wrap: the command's stdout and stderr pass through"
sed -n 2p "$tmpdir/out" >"$tmpdir/wrap.json"
if [ -n "$json" ]; then
	jvalid "$tmpdir/wrap.json"
	ok $? "--wrap: the record is one JSON object"
	keys=$(jkeys "$tmpdir/wrap.json")
	case "$keys " in
	"$want "*"command wall_s user_s sys_s exit_status before after unix_time host_id"*)
		ok 0 "--wrap: fixed keys first, then the command's" ;;
	*) ok 1 "--wrap: fixed keys first, then the command's"; echo "# keys: $keys" ;;
	esac
	"$py" -c 'import json,sys
r = json.loads(open(sys.argv[1]).readline())
b, a = r["before"], r["after"]
mean = (b["million_accesses_per_sec"] + a["million_accesses_per_sec"]) / 2
assert abs(r["million_accesses_per_sec"] - mean) < 0.002, (r, mean)
assert r["wall_s"] >= 0.2 and r["exit_status"] == 0 and r["command"] == "sh"
assert r["accesses"] == b["accesses"] + a["accesses"]' "$tmpdir/wrap.json"
	ok $? "--wrap: the score is the readings' mean, wall time covers the sleep"
fi
run "$TACHYON" $fast --wrap --tag run=2 sh -c 'exit 5'
expect_status 5 "--wrap on a failing command: its status"
grep -q '"exit_status":5,' "$tmpdir/out" && grep -q '"run":"2"}$' "$tmpdir/out"
ok $? "--wrap: the record has the status and the tag"
run "$TACHYON" $fast --wrap sh -c 'kill -TERM $$'
expect_status 143 "--wrap on a command killed by SIGTERM: 128 + 15"
grep -q '"exit_status":143,"signal":15,' "$tmpdir/out"
ok $? "--wrap: the record names the signal"
# SIGTERM to tachyon reaches the command, and the record still comes.
"$TACHYON" $fast --wrap sh -c ': >"$1"; exec sleep 60' sh "$tmpdir/started" \
    >"$tmpdir/term.out" 2>"$tmpdir/term.err" &
pid=$!
for i in $(seq 1 300); do
	[ -e "$tmpdir/started" ] && break
	sleep 0.1
done
sleep 0.2
kill -TERM "$pid"
wait "$pid"
rc=$?
[ "$rc" -eq 143 ] && grep -q '"exit_status":143,"signal":15,' "$tmpdir/term.out"
ok $? "--wrap: SIGTERM is passed on to the command, the record follows (exit $rc)"
run "$TACHYON" $fast --wrap ./no-such-command-here
expect_status 127 "--wrap on a missing command: 127"
grep -q 'no-such-command-here' "$tmpdir/err"
ok $? "--wrap: a missing command is named on stderr"
grep -q '"exit_status":127,"exec_error":"not found",' "$tmpdir/out"
ok $? "--wrap: the record of a missing command says it was not found"
printf 'echo\n' >"$tmpdir/noexec.sh"
chmod 644 "$tmpdir/noexec.sh"
run "$TACHYON" $fast --wrap "$tmpdir/noexec.sh"
expect_status 126 "--wrap on a file that is not executable: 126"
grep -q '"exit_status":126,"exec_error":"not executable",' "$tmpdir/out"
ok $? "--wrap: the record of a command that cannot be executed says so"
run "$TACHYON" $fast --wrap sh -c 'exit 127'
expect_status 127 "--wrap on a command that exits 127"
grep -q '"exit_status":127,' "$tmpdir/out" && ! grep -q exec_error "$tmpdir/out"
ok $? "--wrap: a command that ran and exited 127 has no exec_error"
run "$TACHYON" $fast --wrap --record "$tmpdir/rec.json" -- echo hello
expect_status 0 "--wrap --record"
[ "$out" = hello ] && grep -q '^{"probe":"memory-chase",.*"command":"echo",' "$tmpdir/rec.json"
ok $? "--record: the record in the file, the command's output alone on stdout"
run "$TACHYON" $fast --wrap
expect_status 2 "--wrap without a command"
expect_one_error_line "--wrap without a command"
run "$TACHYON" $fast --wrap --min-score 5 true
expect_status 2 "--wrap with --min-score"
run "$TACHYON" $fast --record "$tmpdir/r.json"
expect_status 2 "--record without --wrap"
run "$TACHYON" $fast --wrap --record "$tmpdir/no/such/dir/r.json" true
expect_status 2 "--record into a missing directory"
expect_one_error_line "--record into a missing directory"
run "$TACHYON" -s 0.05 -w 1 -t 1 --no-cache-check
[ "$(wc -l <"$tmpdir/out")" -eq 4 ] && ! grep -q host_id "$tmpdir/out"
ok $? "the human summary holds no host identity"

done_testing
