#!/bin/sh
# tachyon --watch's cheap schedule (issue 47): the interval it keeps for
# its CPU budget from what its readings cost, the CPU time they cost as
# the kernel counts it (getrusage of the child over an accelerated
# schedule, scaled to an hour of the real one, against 3.6 CPU-seconds),
# a reading brought forward by a CPU turning busy, the window's score and
# interval, the free signals and the degraded gauge in the JSON lines and
# the textfile (promtool check metrics when installed), --min-score as
# the gauge's floor, a confirmation reading sooner than the next routine
# one, and --window's bad values (a signal in the pause between readings:
# cli-tachyon.sh).  Behaviour,
# not timing: how fast and how well the gauge tells a neighbour is
# bench/degraded-gauge.sh's.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

[ -x "$TACHYON" ] || skip_all "tachyon is not built"
py=${PYTHON3:-python3}
command -v "$py" >/dev/null 2>&1 || skip_all "python3 is needed to read the JSON lines and the children's rusage"
promtool=
command -v promtool >/dev/null 2>&1 && promtool=promtool
small="-w 8 --no-cache-check"

# field NAME FILE [LINE]: NAME of JSON line LINE (default the last) of
# FILE, or "absent".
field() {
	$py - "$1" "$2" "${3:-0}" <<'EOF'
import json, sys
lines = [l for l in open(sys.argv[2]) if l.strip()]
d = json.loads(lines[int(sys.argv[3]) - 1 if int(sys.argv[3]) else -1])
v = d.get(sys.argv[1], "absent")
print(json.dumps(v) if not isinstance(v, str) else v)
EOF
}

# metric NAME FILE: the value of the first sample of NAME in FILE.
metric() {
	sed -n "s/^$1[{ ][^ ]* \\([^ ]*\\)\$/\\1/p; s/^$1 \\([^ ]*\\)\$/\\1/p" "$2" |
	    head -n 1
}

## The cheap schedule spaces its readings by what they cost: at least
## what the chains' size says (two threads over 8 MiB chains: 2 x (20 ms
## + 20 ms of warm-up + 2048 pages primed at 0.3 us) x 1500 = 122 s, one
## thread 61 s), and
## more when the kernel counts more (reading_cpu_s x 1500, 2.4 CPU-s an
## hour); --count 1 ends after the first, with no wait.
# spacing FLOOR FILE: the interval the schedule should publish after the
# first reading of FILE.
spacing() {
	awk -v c="$(field reading_cpu_s "$2" 1)" -v f="$1" \
	    'BEGIN { t = int(c * 1500 + 0.5); print (t > f ? t : f) }'
}
mkdir "$tmpdir/tf"
run "$TACHYON" --watch --count 1 -t 1 $small --textfile "$tmpdir/tf"
expect_status 0 "--watch --count 1 -t 1"
iv=$(metric tachyon_schedule_interval_seconds "$tmpdir/tf/tachyon.prom")
want=$(spacing 61 "$tmpdir/out")
awk -v a="$iv" -v b="$want" 'BEGIN { exit !(a >= 61 && a - b <= 1 && b - a <= 1) }'
ok $? "one thread: a reading every $iv s, from its cost ($(field reading_cpu_s "$tmpdir/out") CPU-s; at least 61)"
[ "$(field schedule_interval_s "$tmpdir/out")" = "$iv" ]
ok $? "the JSON line says the same interval"
[ "$(field elapsed_s "$tmpdir/out")" != absent ] &&
    awk -v e="$(field elapsed_s "$tmpdir/out")" 'BEGIN { exit !(e < 0.5) }'
ok $? "a watch's reading is short by default (elapsed $(field elapsed_s "$tmpdir/out") s)"
run "$TACHYON" --watch --count 1 -t 2 $small --textfile "$tmpdir/tf"
if [ "$rc" -eq 2 ]; then
	ok 0 "# SKIP one usable CPU: no second thread"
else
	iv2=$(metric tachyon_schedule_interval_seconds "$tmpdir/tf/tachyon.prom")
	want=$(spacing 122 "$tmpdir/out")
	awk -v a="$iv2" -v b="$want" 'BEGIN { exit !(a >= 122 && a - b <= 1 && b - a <= 1) }'
	ok $? "two threads: a reading every $iv2 s, at least 122"
fi

## What it costs, as the kernel counts it: the readings of an
## accelerated schedule (its interval cut, its readings as they are),
## their CPU time from getrusage(RUSAGE_CHILDREN) with the start-up taken
## out (a run of 12 readings less a run of 2), per reading, times the
## readings of an hour at the interval the cheap schedule publishes for
## the same chains.  (Readings after the real schedule's idle spells cost
## more; the schedule measures them and spaces itself by them, above:
## bench/degraded-gauge.sh measures an hour of it.)
threads=$(nproc 2>/dev/null || echo 1)
[ "$threads" -gt 4 ] && threads=4
# shellcheck disable=SC2086
"$TACHYON" --watch --count 1 -t "$threads" $small --textfile "$tmpdir/tf" >/dev/null
iv=$(metric tachyon_schedule_interval_seconds "$tmpdir/tf/tachyon.prom")
$py - "$TACHYON" "$threads" "$tmpdir" "$iv" $small >"$tmpdir/cost" <<'EOF'
import resource, subprocess, sys
tachyon, threads, tmp, interval = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
small = sys.argv[5:]
def cpu(count):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([tachyon, "--count", str(count), "--interval", "0.2",
                    "-t", threads] + small, check=True,
                   stdout=open(tmp + "/cost-%d.json" % count, "w"))
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
per = (cpu(12) - cpu(2)) / 10
print("%.6f %.1f %.3f" % (per, interval, per * 3600 / interval))
EOF
ok $? "an accelerated watch of 2 and of 12 readings ran"
read -r per interval hour <"$tmpdir/cost"
echo "# $threads threads: $per CPU-s a reading, one every $interval s: $hour CPU-s an hour (load: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null))"
if emulated; then
	ok 0 "# SKIP under $TS_EMULATED the CPU time of a reading is the emulator's"
else
	awk -v h="$hour" 'BEGIN { exit !(h > 0 && h <= 3.6) }'
	ok $? "the cheap schedule costs $hour CPU-s an hour, at most 3.6 (0.1 % of a CPU)"
fi
self=$(field cpu_s "$tmpdir/cost-12.json")
awk -v s="$self" 'BEGIN { exit !(s > 0 && s < 60) }'
ok $? "each line says the CPU time tachyon has used so far (cpu_s $self)"

## Between readings the cheap schedule reads the CPUs' busy ticks every
## 15 s; a CPU that turned busy brings a reading forward.  A busy loop on
## the one CPU the watch may use: the second reading comes after the
## first check (15 s), not at its turn (31 s or more), and says why.
if command -v taskset >/dev/null 2>&1 &&
    taskset -c 0 true 2>/dev/null; then
	taskset -c 0 sh -c 'while :; do :; done' &
	hog=$!
	run taskset -c 0 "$TACHYON" --watch --count 2 -t 1 $small
	kill "$hog" 2>/dev/null
	wait "$hog" 2>/dev/null
	expect_status 0 "a watch beside a busy loop on its CPU"
	gap=$(awk -v a="$(field unix_time "$tmpdir/out" 1)" \
	    -v b="$(field unix_time "$tmpdir/out" 2)" 'BEGIN { printf "%.1f", b - a }')
	[ "$(field trigger "$tmpdir/out" 2)" = cpu_busy ] &&
	    [ "$(field trigger "$tmpdir/out" 1)" = absent ] &&
	    awk -v g="$gap" 'BEGIN { exit !(g > 10 && g < 30) }'
	ok $? "the CPU turned busy: the second reading came $gap s after the first, trigger $(field trigger "$tmpdir/out" 2)"
	awk -v b="$(field busiest_cpu_ratio "$tmpdir/out" 2)" \
	    'BEGIN { exit !(b >= 0.5 && b <= 1) }'
	ok $? "busiest_cpu_ratio $(field busiest_cpu_ratio "$tmpdir/out" 2): the check's share"
else
	ok 0 "# SKIP no taskset, or no CPU 0 to pin to"
	ok 0 "# SKIP no taskset, or no CPU 0 to pin to"
fi

## The JSON lines: the window's score and interval, the free signals.
run "$TACHYON" --count 3 --interval 0.1 -t 1 $small --window 60 --tag node=n1
expect_status 0 "--count 3 --interval 0.1 --window 60"
[ "$(field window_readings "$tmpdir/out" 1)" = 1 ] &&
    [ "$(field window_low "$tmpdir/out" 1)" = absent ] &&
    [ "$(field window_readings "$tmpdir/out")" = 3 ]
ok $? "the window grows reading by reading; one reading has no interval"
$py - "$tmpdir/out" <<'EOF'
import json, statistics, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
last = lines[-1]
scores = [l["million_accesses_per_sec"] for l in lines]
mean = statistics.mean(scores)
# The mean of the three, and an interval around it (rounded to 3 decimals).
assert abs(last["window_million_accesses_per_sec"] - mean) < 0.002, (last, mean)
assert last["window_low"] <= mean <= last["window_high"], last
assert last["degraded"] == 0 and last["node"] == "n1", last
assert "baseline_million_accesses_per_sec" not in last, last
EOF
ok $? "window_million_accesses_per_sec is the readings' mean, inside [window_low, window_high]; degraded 0; no baseline yet"
# within FIELD LOW HIGH FILE WHAT: FIELD of the last line within [LOW,
# HIGH] where the kernel has FILE, else a skip naming WHAT.
within() {
	if [ -r "$4" ]; then
		v=$(field "$1" "$tmpdir/out")
		awk -v v="$v" -v l="$2" -v h="$3" 'BEGIN { exit !(v >= l && v <= h) }'
		ok $? "$1 in [$2, $3] ($v)"
	else
		ok 0 "# SKIP this kernel has no $5"
	fi
}
within run_wait_s 0 1 /proc/self/schedstat schedstat
within psi_cpu_some_avg10 0 1 /proc/pressure/cpu /proc/pressure

## --min-score as the gauge's floor: the first reading is suspect, the
## second confirms it.
run "$TACHYON" --count 2 --interval 0.05 -t 1 $small --min-score 1e12
expect_status 0 "--watch with --min-score: a gauge, not an exit status"
[ "$(field degraded "$tmpdir/out" 1)" = 0 ] &&
    [ "$(field degraded "$tmpdir/out" 2)" = 1 ]
ok $? "below --min-score twice in a row: degraded 1 from the second"

## The cheap schedule confirms a suspect reading a third of an interval
## later (10 s or so for one thread, at most 30 s), not at the next
## routine reading (31 s or more).
mkdir "$tmpdir/tf2"
run "$TACHYON" --watch --count 2 -t 1 $small --min-score 1e12 \
    --textfile "$tmpdir/tf2"
expect_status 0 "--watch --count 2 --min-score 1e12"
[ "$(field confirm "$tmpdir/out" 1)" = absent ] &&
    [ "$(field confirm "$tmpdir/out" 2)" = true ] &&
    [ "$(field degraded "$tmpdir/out" 2)" = 1 ]
ok $? "the second reading is a confirmation, and raises the gauge"
gap=$(awk -v a="$(field unix_time "$tmpdir/out" 1)" \
    -v b="$(field unix_time "$tmpdir/out" 2)" 'BEGIN { printf "%.1f", b - a }')
awk -v g="$gap" 'BEGIN { exit !(g > 5 && g < 30) }'
ok $? "it came $gap s after the first, before the routine 31 s"
f=$tmpdir/tf2/tachyon.prom
for fam in tachyon_accesses_per_second tachyon_window_accesses_per_second \
    tachyon_window_accesses_per_second_lower \
    tachyon_window_accesses_per_second_upper tachyon_window_readings \
    tachyon_window_seconds tachyon_degraded tachyon_degraded_raised_total \
    tachyon_readings_total tachyon_schedule_interval_seconds \
    tachyon_cpu_seconds_total tachyon_last_error; do
	grep -q "^$fam[{ ]" "$f" || { echo "# no $fam"; false; } || break
done
ok $? "the textfile carries the window, the gauge and the schedule"
[ "$(metric tachyon_degraded "$f")" = 1 ] &&
    [ "$(metric tachyon_degraded_raised_total "$f")" = 1 ] &&
    [ "$(metric tachyon_readings_total "$f")" = 2 ]
ok $? "tachyon_degraded 1, raised once, two readings"
for fam in tachyon_run_queue_wait_seconds tachyon_run_queue_wait_ratio; do
	[ -r /proc/self/schedstat ] || break
	grep -q "^$fam[{ ]" "$f" || { echo "# no $fam"; false; } || break
done
ok $? "the run-queue wait, where the kernel has schedstat"
if [ -r /proc/pressure/cpu ]; then
	grep -q '^tachyon_pressure_ratio{resource="memory",kind="some",avg="60s"} ' "$f"
	ok $? "PSI averages by resource, kind and averaging time"
fi
if grep -q '^cpu ' /proc/stat 2>/dev/null; then
	grep -q '^tachyon_steal_seconds_total ' "$f" &&
	    grep -q '^tachyon_steal_ratio ' "$f"
	ok $? "steal: the host's counter and its share since the last reading"
fi
if [ -n "$promtool" ]; then
	promtool check metrics <"$f" >"$tmpdir/promtool.out" 2>&1
	ok $? "promtool check metrics passes the watch's textfile"
	sed 's/^/# /' "$tmpdir/promtool.out"
else
	ok 0 "# SKIP promtool not found (Debian: prometheus)"
fi

## --window: seconds, with a watch only.
for args in "--watch --window 0" "--watch --window -1" "--watch --window x" \
    "--watch --window 86401" "--window 60"; do
	# shellcheck disable=SC2086
	run "$TACHYON" $args
	expect_status 2 "$args"
	expect_one_error_line "$args"
	grep -q -- --window "$tmpdir/err"
	ok $? "$args: the message names --window"
done

done_testing
