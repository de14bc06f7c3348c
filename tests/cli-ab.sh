#!/bin/sh
# threadstone-ab, deterministic by construction: the commands print their
# figure (read with --metric json:KEY or regex:RE), so what is compared
# does not depend on this host's noise.  Every option; the verdicts and
# the gate's exit 3; exports that hyperfine's readers take; a failing or
# missing command stopping with one line, and --ignore-failure; bad
# input in one line with status 2; --shell none; duet's pairs of rounds,
# A once on each CPU set, and refused on one CPU; SIGTERM and SIGINT leaving no
# process behind and printing what was measured; progress on a terminal.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

[ -x "$TS_AB" ] || skip_all "threadstone-ab is not built"
cd "$tmpdir" || exit 99

# fig VALUE: a command printing {"t": VALUE}.
fig() {
	printf "printf '{\"t\": %s}'" "$1"
}
A=$(fig 1.00)
B=$(fig 1.03)
json="--metric json:t --seed 1 -q"

# one_line DESC: stderr is one line, stdout empty (a usage error, or a
# failure before anything was measured).
one_line() {
	[ "$(wc -l <"$tmpdir/err")" -eq 1 ] && [ ! -s "$tmpdir/out" ]
	ok $? "$1: one line on stderr, nothing on stdout"
	[ "$(wc -l <"$tmpdir/err")" -eq 1 ] || echo "# stderr: $err"
}

# has TEXT DESC: stdout holds TEXT (a fixed string).
has() {
	grep -qF -- "$1" "$tmpdir/out"
	ok $? "$2"
	grep -qF -- "$1" "$tmpdir/out" || sed 's/^/# /' "$tmpdir/out"
}

### The verdicts on figures that do not vary.
run "$TS_AB" --runs 10 $json "$A" "$B"
expect_status 0 "B's figure 3 % higher"
has "B/A  1.0300   95 % interval 1.0300 – 1.0300" "the ratio and its interval"
has "B's figure is 3.0 % higher than A's (3.0 % to 3.0 %): worse, as lower is better" \
    "the verdict: worse, lower being better"
has "interleaved: 10 rounds, A and B in a random order each round; signed-rank interval (95.1 %)" \
    "the design, the method and the interval's exact level"
has "stopped: the rounds asked for were run (10 rounds," "why it stopped"
[ ! -s "$tmpdir/err" ]
ok $? "nothing on stderr off a terminal"

run "$TS_AB" --runs 10 $json "$A" "$A"
expect_status 0 "A/A"
has "no change beyond the interval" "A/A: no change"

run "$TS_AB" --runs 10 $json --higher-is-better "$A" "$B"
has ": better, as higher is better" "--higher-is-better: a higher figure is better"

run "$TS_AB" --runs 5 $json "$A" "$B"
expect_status 0 "five rounds"
has "undecided: no interval from 5 rounds (6 give one)" \
    "too few rounds for an interval: undecided, said so"

### The gate.
run "$TS_AB" --runs 8 $json --fail-above 2 "$A" "$B"
expect_status 3 "--fail-above 2 on a 3 % slowdown"
[ "$(wc -l <"$tmpdir/err")" -eq 1 ] && grep -q "^threadstone-ab: B ('$(fig 1.03)') is worse than A ('$(fig 1.00)') by more than 2 % (lower is better): B/A 1.0300, 95 % interval 1.0300 to 1.0300\$" "$tmpdir/err"
ok $? "one line says so, with the ratio and interval"
has "B/A  1.0300" "and the summary is printed"
run "$TS_AB" --runs 8 $json --fail-above 5 "$A" "$B"
expect_status 0 "--fail-above 5 on a 3 % slowdown"
run "$TS_AB" --runs 8 $json --fail-above 0 "$A" "$A"
expect_status 0 "--fail-above 0 on equal figures"
run "$TS_AB" --runs 8 $json --fail-above 2 --higher-is-better "$A" "$B"
expect_status 0 "--fail-above with --higher-is-better: B higher is better"
run "$TS_AB" --runs 8 $json --fail-above 2 --higher-is-better "$B" "$A"
expect_status 3 "--higher-is-better: B 2.9 % lower fails above 2"
run "$TS_AB" --runs 8 $json --fail-above 50 "$A" "$(fig 2.00)"
expect_status 3 "a clear synthetic slowdown (2x) fails --fail-above 50"

### The metrics.
run "$TS_AB" --runs 6 --seed 1 -q --metric 'regex:t=([0-9.]+) ms' \
    'echo "took t=2 ms"' 'echo "took t=2.2 ms"'
expect_status 0 "--metric regex:RE"
has "B/A  1.1000" "regex: the first group read"
run "$TS_AB" --runs 6 --seed 1 -q --metric 'regex:[0-9]+' 'echo a 4 b' 'echo 5'
has "B/A  1.2500" "regex without a group: the whole first match"
run "$TS_AB" --runs 6 --seed 1 -q --metric json:r.1.v \
    "printf '{\"r\": [{\"v\": 1}, {\"v\": 4}]}'" "printf '{\"r\": [{\"v\": 9}, {\"v\": 5}]}'"
has "B/A  1.2500" "json:KEY through an array"
run "$TS_AB" --runs 6 --seed 1 -q --metric json:t \
    "printf 'noise\n{\"t\": 9}\n{\"t\": 2}\n'" "printf '{\"t\": 3}\n'"
has "B/A  1.5000" "json:KEY from the last JSON line holding it"
spin='dd if=/dev/zero of=/dev/null bs=512 count=20000 2>/dev/null; i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done'
# System time is sampled at the clock's tick: give it some.
syscalls='dd if=/dev/zero of=/dev/null bs=512 count=300000 2>/dev/null'
for m in wall user system cpu maxrss; do
	c=$spin
	[ $m = system ] && c=$syscalls
	run "$TS_AB" --runs 6 -q --metric $m "$c" "$c"
	if [ $m = system ] && [ "$rc" -eq 1 ] && grep -q "figures above 0" "$tmpdir/err"; then
		ok 0 "# SKIP --metric system: a run had no system time at all"
		continue
	fi
	expect_status 0 "--metric $m"
	grep -q "^   $m  median " "$tmpdir/out"
	ok $? "--metric $m: each command's median"
done

### Exports, in hyperfine's layouts.
run "$TS_AB" --runs 6 $json -n old -n new --export-json r.json \
    --export-csv r.csv --export-markdown r.md "$A" "$B"
expect_status 0 "the three exports"
if [ -n "${PYTHON3:-}" ]; then
	"$PYTHON3" - r.json r.csv r.md <<'PY' >py.out 2>&1
import csv, json, sys
doc = json.load(open(sys.argv[1]))
keys = ["command", "mean", "stddev", "median", "user", "system", "min",
        "max", "times", "exit_codes"]
res = doc["results"]
assert len(res) == 2, res
for r in res:
    for k in keys:
        assert k in r, k
    assert len(r["times"]) == 6 and len(r["exit_codes"]) == 6
    assert all(isinstance(t, float) and t > 0 for t in r["times"])
    assert r["exit_codes"] == [0] * 6
assert [r["command"] for r in res] == ["old", "new"]
assert res[1]["command_line"] == "printf '{\"t\": 1.03}'"
assert res[1]["metric"]["values"] == [1.03] * 6
c = doc["comparison"]
assert abs(c["ratio"] - 1.03) < 1e-12, c
assert abs(c["low"] - 1.03) < 1e-12 and abs(c["high"] - 1.03) < 1e-12
assert c["verdict"] == "worse" and c["design"] == "interleaved"
assert c["rounds"] == 6 and c["method"] == "signed-rank"
assert c["stopped"] == "runs" and c["seed"] == 1
assert len(c["order"]) == 6 and set(c["order"]) <= {"AB", "BA"}
s = c["serial"]
assert s["correlated"] is False and s["batches"] == 0 and s["widened"] == 1, s
assert s["lag1_rank_autocorrelation"] is None and s["p"] is None, s
rows = list(csv.DictReader(open(sys.argv[2])))
assert [r["command"] for r in rows] == ["old", "new"], rows
assert list(rows[0])[:8] == ["command", "mean", "stddev", "median",
                             "user", "system", "min", "max"]
assert rows[0]["relative"] == "1" and abs(float(rows[1]["relative"]) - 1.03) < 1e-12
md = open(sys.argv[3]).read().splitlines()
assert md[0] == "| Command | Mean | Min | Max | Relative |", md[0]
assert md[1] == "|:---|---:|---:|---:|---:|"
assert md[2].startswith("| `old` | 1 ") and md[3].startswith("| `new` | 1.03 ")
print("ok")
PY
	[ "$(cat py.out)" = ok ]
	ok $? "JSON has hyperfine's keys and the comparison; CSV parses; markdown table"
	[ "$(cat py.out)" = ok ] || sed 's/^/# /' py.out
	# hyperfine's own scripts read results[].command and .times.
	"$PYTHON3" -c '
import json, statistics, sys
for r in json.load(open(sys.argv[1]))["results"]:
    statistics.median(r["times"]); r["command"].strip()
' r.json
	ok $? "what hyperfine's plotting scripts read is there"
else
	ok 0 "# SKIP python3 not found by configure"
	ok 0 "# SKIP python3 not found by configure"
fi
if command -v jq >/dev/null 2>&1; then
	jq -e '.results[0] | has("mean") and has("exit_codes")' r.json >/dev/null
	ok $? "jq reads the export"
else
	ok 0 "# SKIP jq is not installed"
fi
run "$TS_AB" --runs 6 $json --export-json /dev/stdout "$A" "$B"
grep -q '"comparison": {"ratio":1.03,' "$tmpdir/out"
ok $? "--export-json /dev/stdout writes to standard output"

### Rounds correlated in time: B's figure 5 % higher in phases of 8 runs.
cat >phase.sh <<'SH'
n=$(cat "$1" 2>/dev/null || echo 0)
echo $((n + 1)) >"$1"
awk -v n="$n" 'BEGIN { printf "{\"t\": %.4f}", 1 + 0.05 * (int(n / 8) % 2) + 0.001 * (n % 7) }'
SH
run "$TS_AB" --runs 48 --warmup 0 $json --export-json ph.json \
    --export-markdown ph.md "$A" "sh $tmpdir/phase.sh $tmpdir/count"
expect_status 0 "rounds in phases"
grep -q "^     rounds correlated in time (lag-1 rank autocorrelation 0\.[0-9]*, p [0-9.e-]*): interval widened [0-9.]*×, to the one of 6 batches of rounds$" "$tmpdir/out"
ok $? "the summary says the rounds were correlated, and how much the interval widened"
grep -q "rounds correlated" "$tmpdir/out" || sed 's/^/# /' "$tmpdir/out"
grep -q "^The rounds correlated in time (.*): interval widened [0-9.]*×, to the one of 6 batches of rounds\.$" ph.md
ok $? "the markdown export says it too"
if [ -n "${PYTHON3:-}" ]; then
	"$PYTHON3" -c '
import json, sys
s = json.load(open(sys.argv[1]))["comparison"]["serial"]
assert s["correlated"] is True and s["batches"] == 6, s
assert s["widened"] > 1 and s["p"] < 0.2 and s["lag1_rank_autocorrelation"] > 0.3, s
' ph.json
	ok $? "the JSON export's serial object: correlated, 6 batches, widened"
else
	ok 0 "# SKIP python3 not found by configure"
fi

### Seeds and orders.
run "$TS_AB" --runs 20 --seed 5 -q --metric json:t --export-json s1.json "$A" "$B"
run "$TS_AB" --runs 20 --seed 5 -q --metric json:t --export-json s2.json "$A" "$B"
run "$TS_AB" --runs 20 --seed 6 -q --metric json:t --export-json s3.json "$A" "$B"
o1=$(sed -n 's/.*"order":\(\[[^]]*\]\).*/\1/p' s1.json)
o2=$(sed -n 's/.*"order":\(\[[^]]*\]\).*/\1/p' s2.json)
o3=$(sed -n 's/.*"order":\(\[[^]]*\]\).*/\1/p' s3.json)
[ -n "$o1" ] && [ "$o1" = "$o2" ] && [ "$o1" != "$o3" ] &&
    echo "$o1" | grep -q AB && echo "$o1" | grep -q BA
ok $? "--seed fixes the random order of the rounds; both orders occur"

### The stopping rule.
run "$TS_AB" $json --precision 1 "$A" "$B"
expect_status 0 "--precision 1 on figures that do not vary"
has "stopped: the precision asked for was reached (10 rounds," \
    "it stops after --min-runs' default of 10"
run "$TS_AB" $json --min-runs 7 "$A" "$A"
has "(7 rounds," "--min-runs 7"
run "$TS_AB" $json --min-runs 2 "$A" "$A"
has "(6 rounds," "--min-runs below the 6 an interval needs: 6"
# A's figure alternates 100 and 125: the interval stays wide.
alt='n=$(cat n 2>/dev/null || echo 0); echo $((n + 1)) >n; printf "{\"t\": %s}" $((100 + n % 2 * 25))'
rm -f n
run "$TS_AB" $json --max-runs 16 "$alt" "$(fig 110)"
expect_status 0 "--max-runs 16"
has "stopped: the most rounds allowed were run (16 rounds," "it stops at --max-runs"
rm -f n
run "$TS_AB" $json --max-seconds 0.5 --warmup 0 "sleep 0.05; $alt" "$(fig 110)"
expect_status 0 "--max-seconds 0.5"
has "the host did not allow ±1 % within 0.5 s" "the time ran out: said plainly"
run "$TS_AB" $json --runs 12 -d sequential "$A" "$B"
expect_status 0 "--design sequential"
has "sequential: 12 runs of A, then 12 of B; Welch's interval on the logs" \
    "sequential: every A, then every B, Welch's interval"

### --prepare, --conclude, --cleanup, --warmup.
rm -f log
run "$TS_AB" --runs 3 --warmup 2 $json -p 'echo p >>log' -C 'echo c >>log' \
    -c 'echo x >>log' "$A" "$B"
expect_status 0 "--prepare, --conclude, --cleanup"
[ "$(grep -c p log)" -eq 10 ] && [ "$(grep -c c log)" -eq 10 ] &&
    [ "$(grep -c x log)" -eq 2 ] && [ "$(tail -n 2 log | tr -d '\n')" = xx ]
ok $? "prepare and conclude around each of 10 runs (2 warm-up rounds), cleanup once for each command, last"
rm -f log
run "$TS_AB" --runs 2 --warmup 0 $json -p 'echo pa >>log' -p 'echo pb >>log' \
    "$A; echo a >>log" "$B; echo b >>log"
awk '/^a$/ { if (last != "pa") bad = 1 } /^b$/ { if (last != "pb") bad = 1 } { last = $0 } END { exit bad }' log &&
    [ "$(grep -c pa log)" -eq 2 ]
ok $? "--prepare given twice: A's before A, B's before B"
run "$TS_AB" --runs 2 $json -p 'exit 4' "$A" "$B"
expect_status 1 "a failing --prepare"
one_line "a failing --prepare"
grep -q "^threadstone-ab: --prepare for command [AB] ('exit 4') failed in warm-up round 1: exit status 4\$" "$tmpdir/err"
ok $? "names it, the round and its status"

### Failing commands.
run "$TS_AB" --runs 4 $json "$A" 'exit 3'
expect_status 1 "B exits 3"
one_line "B exits 3"
grep -q "^threadstone-ab: command B ('exit 3') failed in warm-up round 1: exit status 3 (use --ignore-failure to go on)\$" "$tmpdir/err"
ok $? "the line names the command and its status"
run "$TS_AB" --runs 4 --warmup 0 $json no-such-command-ab "$B"
expect_status 1 "a command not found"
grep -q "^threadstone-ab: command A ('no-such-command-ab') failed in round 1: exit status 127 (the shell's for a command not found)" "$tmpdir/err"
ok $? "the shell's 127, said as such"
# A PATH of directories this user can search, so that exec's reason is
# ENOENT's whoever runs the test (a directory it may not search gives
# EACCES: root's PATH under runuser).
PATH=/usr/bin:/bin run "$TS_AB" --runs 4 --warmup 0 -N $json \
    no-such-command-ab "$B"
expect_status 1 "--shell none: a command not found"
one_line "--shell none: a command not found"
grep -q "^threadstone-ab: command A ('no-such-command-ab') failed in round 1: cannot run it: No such file or directory" "$tmpdir/err"
ok $? "--shell none: exec's reason"
run "$TS_AB" --runs 4 $json "$A" 'kill -SEGV $$'
expect_status 1 "B killed by a signal"
grep -q "failed in warm-up round 1: killed by SIGSEGV" "$tmpdir/err"
ok $? "the signal is named"
run "$TS_AB" --runs 6 $json -i --export-json f.json "$A" "$(fig 1.1); exit 2"
expect_status 0 "--ignore-failure"
grep -q '"exit_codes":\[2,2,2,2,2,2\]' f.json
ok $? "the exit codes are recorded"
has "6 failed (--ignore-failure)" "and counted"
run "$TS_AB" --runs 4 --metric json:x -q "$A" "$B"
expect_status 1 "a figure missing from the output"
one_line "a figure missing from the output"
grep -q "^threadstone-ab: command [AB] ('printf .*'), warm-up round 1: json:x: no JSON document or line of the output holds 'x'\$" "$tmpdir/err"
ok $? "names the command, the round and the key"
run "$TS_AB" --runs 6 $json "$A" "$(fig 0)"
expect_status 1 "a figure of 0"
grep -q "^threadstone-ab: command B ('printf .*'), warm-up round 1: json:t: the figure is 0; a ratio needs figures above 0\$" "$tmpdir/err"
ok $? "a ratio needs figures above 0: said in the round that read it"

### --shell.
run "$TS_AB" --runs 6 $json -S none "printf '{\"t\": 2}'" 'printf "{\"t\": 3}"'
expect_status 0 "--shell none"
has "B/A  1.5000" "--shell none: words by quoting alone"
run "$TS_AB" --runs 6 $json -N "$A" "$B"
has "B/A  1.0300" "-N is --shell none"
if command -v bash >/dev/null 2>&1; then
	run "$TS_AB" --runs 6 $json --shell bash 'printf "{\"t\": %s}" "$BASH_VERSION" | sed "s/[(].*//; s/\.\([0-9]*\)\..*/.\1}/"' "$A"
	expect_status 0 "--shell bash"
else
	ok 0 "# SKIP bash is not installed"
fi
run "$TS_AB" --runs 6 $json --shell /nonexistent/sh "$A" "$B"
expect_status 1 "--shell with a shell that does not exist"
grep -q "cannot run it: No such file or directory" "$tmpdir/err"
ok $? "exec's reason"

### --show-output, names.
run "$TS_AB" --runs 6 --seed 1 -q --show-output 'echo hello-a' 'echo hello-b'
[ "$(grep -c '^hello-a$' "$tmpdir/out")" -eq 7 ]
ok $? "--show-output: the commands' output through (7 runs with the warm-up)"
run "$TS_AB" --runs 6 --seed 1 -q 'echo hello-a' 'echo hello-b'
! grep -q '^hello' "$tmpdir/out"
ok $? "without it, discarded"
run "$TS_AB" --runs 6 $json -n old "$A" "$B"
grep -q "^A  old\$" "$tmpdir/out" && grep -q "^B  $(fig 1.03)\$" "$tmpdir/out"
ok $? "one --command-name names A only, as hyperfine's"

### --probe.
run "$TS_AB" --runs 6 $json --probe --export-json p.json "$A" "$B"
expect_status 0 "--probe"
grep -q "^host probe  [0-9]* M accesses/s (median of 7 readings)" "$tmpdir/out"
ok $? "--probe: 7 readings, before and after each round"
grep -q '"probe":{"readings":7,' p.json
ok $? "and in the export"

### duet.
cpus=$(nproc 2>/dev/null || echo 1)
if [ "$cpus" -ge 2 ]; then
	rm -f a.cpus b.cpus
	where='awk "/^Cpus_allowed_list/ { print \$2 }" /proc/self/status'
	run "$TS_AB" --runs 6 --warmup 0 $json -d duet --export-json d.json \
	    "$where >>a.cpus; $A" "$where >>b.cpus; $B"
	expect_status 0 "--design duet"
	sets=$(sed -n 's/.*"a_cpu_set":\[\([01,]*\)\].*/\1/p' d.json | tr , ' ')
	# Each round A and B on two different sets; A's set as the export
	# says: the same CPUs in rounds with the same set, B's in the others.
	good=0 i=0
	for si in $sets; do
		i=$((i + 1)) j=0
		ai=$(sed -n "${i}p" a.cpus) bi=$(sed -n "${i}p" b.cpus)
		[ -n "$ai" ] && [ "$ai" != "$bi" ] || good=1
		for sj in $sets; do
			j=$((j + 1))
			aj=$(sed -n "${j}p" a.cpus) bj=$(sed -n "${j}p" b.cpus)
			if [ "$si" = "$sj" ]; then
				[ "$ai" = "$aj" ] || good=1
			else
				[ "$ai" = "$bj" ] || good=1
			fi
		done
	done
	[ "$i" -eq 6 ] && [ "$(wc -l <a.cpus)" -eq 6 ] || good=1
	ok $good "duet: A and B pinned to two CPU sets, A's as the export's a_cpu_set says ($sets)"
	run "$TS_AB" --runs 24 $json -d duet --export-json d2.json "$A" "$B"
	has "signed-rank interval on 12 pairs of rounds" "duet: the interval on the 12 pairs of rounds"
	# Pairs of rounds, A once on each set in each, the order drawn.
	pairs=$(sed -n 's/.*"a_cpu_set":\[\([01,]*\)\].*/\1/p' d2.json |
	    tr , '\n' | paste -d' ' - - | sort | uniq -c | awk '{ print $2 $3 ":" $1 }' |
	    tr '\n' ' ')
	case $pairs in
	"01:"*" 10:"*" ") true ;;
	*) false ;;
	esac
	ok $? "--runs 24: pairs of rounds 01 or 10, both orders drawn ($pairs)"
else
	for i in 1 2 3 4; do ok 0 "# SKIP duet needs two CPUs"; done
fi
if command -v taskset >/dev/null 2>&1; then
	run taskset -c 0 "$TS_AB" --runs 4 $json -d duet "$A" "$B"
	expect_status 2 "duet on one CPU (taskset -c 0)"
	one_line "duet on one CPU"
	grep -q "^threadstone-ab: --design duet runs A and B at once, each on a CPU of its own: it needs two usable CPUs, and this process has 1" "$tmpdir/err"
	ok $? "refused, saying why"
else
	for i in 1 2 3; do ok 0 "# SKIP taskset is not installed"; done
fi

### Bad input: one line, status 2.
bad() {
	desc=$1 want=$2
	shift 2
	run "$TS_AB" "$@"
	expect_status 2 "$desc"
	one_line "$desc"
	grep -qF -- "$want" "$tmpdir/err"
	ok $? "$desc: says '$want'"
	grep -qF -- "$want" "$tmpdir/err" || echo "# stderr: $err"
}
bad "one command" "expected two commands, COMMAND_A and COMMAND_B, not 1" "$A"
bad "three commands" "not 3" "$A" "$B" "$B"
bad "--design fast" "invalid --design 'fast'" -d fast "$A" "$B"
bad "--metric speed" "invalid --metric 'speed': expected wall, user, system, cpu, maxrss, json:KEY or regex:RE" --metric speed "$A" "$B"
bad "--metric regex:(" "not a POSIX extended regular expression" --metric 'regex:(' "$A" "$B"
bad "--runs 0" "invalid --runs '0': expected an integer from 1 to 1000000" --runs 0 "$A" "$B"
bad "--runs x" "invalid --runs 'x': expected an integer" --runs x "$A" "$B"
bad "--precision 0" "invalid --precision '0': expected a number above 0, at most 100" --precision 0 "$A" "$B"
bad "--max-seconds -1" "invalid --max-seconds '-1': expected a number above 0" --max-seconds -1 "$A" "$B"
bad "--max-time -1, the alias" "invalid --max-time '-1': expected a number above 0" --max-time -1 "$A" "$B"
bad "--fail-above x" "invalid --fail-above 'x': expected a number from 0 to 1000" --fail-above x "$A" "$B"
bad "--warmup -1" "invalid --warmup '-1': expected an integer" --warmup -1 "$A" "$B"
bad "--seed x" "invalid --seed 'x': expected an integer" --seed x "$A" "$B"
bad "--runs with --precision" "--runs N runs exactly N rounds: it cannot be combined with" --runs 5 --precision 1 "$A" "$B"
bad "--runs with --max-time, the alias" "it cannot be combined with --min-runs, --max-runs, --precision or --max-seconds" --runs 6 --max-time 5 "$A" "$B"
bad "--max-runs below --min-runs" "--max-runs 8 is below the 10 rounds" --max-runs 8 "$A" "$B"
bad "duet with odd --runs" "--runs must be even with --design duet: its rounds come in pairs, A once on each CPU set" -d duet --runs 7 "$A" "$B"
bad "--fail-above with too few --runs" "--fail-above needs an interval, and interleaved gives one from 6 rounds, not 4" --fail-above 5 --runs 4 "$A" "$B"
bad "--prepare three times" "--prepare is given at most twice" -p a -p b -p c "$A" "$B"
bad "--shell none, an unterminated quote" "with --shell none, command A ('echo 'a') has an unterminated single quote" -N "echo 'a" "$B"
bad "--shell ''" "invalid --shell '': expected a shell's name or path, or none" --shell '' "$A" "$B"
bad "--export-json in a missing directory" "--export-json: " --export-json /nonexistent/r.json "$A" "$B"

### Interruptions: SIGTERM and SIGINT end both commands' whole groups.
# descendants PID: every process below PID.
descendants() {
	ps -eo pid=,ppid= | awk -v top="$1" '
		{ parent[$1] = $2 }
		END {
			for (p in parent) {
				q = p
				while (q in parent && q != top && q > 1)
					q = parent[q]
				if (q == top && p != top)
					print p
			}
		}'
}
# B's first run is quick, then it starts sleep 30 twice, one in the
# background: the second round never ends by itself.
slow='n=$(cat c 2>/dev/null || echo 0); echo $((n + 1)) >c; if [ $n -ge 1 ]; then sleep 30 & sleep 30; fi'
for sig in TERM INT; do
	rm -f c
	# A shell starts background commands with SIGINT ignored.
	env --default-signal=INT "$TS_AB" --runs 4 --warmup 0 -q \
	    --export-json "i$sig.json" 'sleep 0.01' "$slow" \
	    >"$tmpdir/out" 2>"$tmpdir/err" &
	pid=$!
	kids=
	i=0
	while [ "$(echo "$kids" | grep -c .)" -lt 3 ] && [ $i -lt 200 ]; do
		sleep 0.05
		kids=$(descendants "$pid")
		i=$((i + 1))
	done
	kill -"$sig" "$pid"
	wait "$pid"
	rc=$?
	left=$(left_after 60 $kids)
	[ -n "$kids" ] && [ -z "$left" ]
	ok $? "SIG$sig: every process of both commands' groups ended ($(echo $kids))"
	for k in $left; do kill -9 "$k" 2>/dev/null; done
	[ "$rc" -eq $((128 + $(kill -l "$sig"))) ]
	ok $? "SIG$sig: it ends by the signal (status $rc)"
	grep -q "^     interrupted by SIG$sig after 1 rounds" "$tmpdir/out" &&
	    grep -q "^   wall  median .* 1 run\$" "$tmpdir/out"
	ok $? "SIG$sig: what was measured so far is printed"
	[ -s "i$sig.json" ] && grep -q '"stopped":"interrupted"' "i$sig.json"
	ok $? "SIG$sig: and exported"
done

### Progress on a terminal.
if [ -n "${PYTHON3:-}" ]; then
	LC_ALL=C.UTF-8 "$PYTHON3" "$top_srcdir/tests/pty-run.py" pty.out pty.tty \
	    "$TS_AB" --runs 3 --metric json:t "$A" "sleep 0.2; $B"
	ok $? "on a terminal: exit 0"
	grep -q "2 rounds · A 1 · B 1.03 · B/A 1.030 · about 1 s left" pty.tty
	ok $? "the progress line: the round, the figures, the time left"
	grep -q "^B/A  1.0300" pty.out
	ok $? "the summary on standard output"
	LC_ALL=C.UTF-8 "$PYTHON3" "$top_srcdir/tests/pty-run.py" pty.out pty.tty \
	    "$TS_AB" --runs 3 -q --metric json:t "$A" "$B"
	[ ! -s pty.tty ]
	ok $? "-q: no progress line"
else
	for i in 1 2 3 4; do ok 0 "# SKIP python3 not found by configure"; done
fi

done_testing
