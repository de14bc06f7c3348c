#!/bin/sh
# threadstone-ab under the fault campaign of issue 43: every process a
# command starts (in the background, or in a session of its own through
# setsid) ended at the end of each run, on SIGINT, SIGTERM and SIGHUP,
# and after threadstone-ab's own SIGKILL, with many rounds; --cleanup
# run to its end after an interruption; a stopped command noticed; a
# regex that backtracks ended, and SIGINT honoured during the match; a
# figure checked in the round that read it; output past 64 MiB an error;
# NUL bytes read through; exports each on its own, undisturbed by a
# reader that went away, and refused on one file; numbers past 64 bits,
# subnormal and huge; names that are not UTF-8, or hold CR and ESC.
# Behaviour, not timing: waits are generous, for a loaded 2-CPU host.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

[ -x "$TS_AB" ] || skip_all "threadstone-ab is not built"
command -v setsid >/dev/null 2>&1 || skip_all "setsid is not installed"
cd "$tmpdir" || exit 99

# The commands' children run as "$mark" (a link to sleep), so that only
# this test's are looked for, and only they are ended at the end.
mark=ab-fault-$$-sleep
ln -s "$(command -v sleep)" "$tmpdir/$mark" || exit 99
PATH=$tmpdir:$PATH
export PATH
AB="$TS_AB -q -w 0"

# left: the PIDs of this test's marked processes still running.
left() {
	ps -eo pid=,stat=,args= | awk -v m="$mark" '$3 ~ m && $2 !~ /^Z/ { print $1 }'
}
# none_left DESC: within 20 s no marked process is left; any is ended.
none_left() {
	i=0
	while [ -n "$(left)" ] && [ $i -lt 200 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	l=$(left)
	[ -z "$l" ]
	ok $? "$1: no process left${l:+ (left: $l)}"
	for p in $l; do kill -9 "$p" 2>/dev/null; done
}
# started N: wait until N marked processes run (at most 60 s).
started() {
	i=0
	while [ "$(left | wc -l)" -lt "$1" ] && [ $i -lt 600 ]; do
		sleep 0.1
		i=$((i + 1))
	done
}

kids="$mark 300 & setsid -f $mark 301; $mark 302; true"

### The end of every run, and of the experiment.
run $AB --runs 3 "$mark 999 & true" true
expect_status 0 "a command leaving a background process"
grep -q "^threadstone-ab: warning: command A ('$mark 999 & true') left 1 process running after its run in round 1; they are ended at the end of every run\$" "$tmpdir/err"
ok $? "said once, in one line"
none_left "after a normal end"

# A process left behind that ignores SIGTERM gets SIGKILL after the grace:
# once it came before its 2 s, and the run waited for it without end.
run timeout 60 $AB --runs 2 "trap '' TERM; $mark 998 & true" true
expect_status 0 "a background process that ignores SIGTERM: ended"
none_left "after one that ignores SIGTERM"

for sig in INT TERM HUP KILL; do
	rm -f cleaned
	# A shell starts background jobs with SIGINT ignored, nohup with
	# SIGHUP: the program keeps a signal it inherits ignored, so each
	# one sent here is set back to its default first.
	env --default-signal=INT,TERM,HUP $AB --runs 4 -c 'touch cleaned' "$kids" true \
	    >"$tmpdir/out" 2>"$tmpdir/err" &
	pid=$!
	started 3
	kill -"$sig" "$pid"
	wait "$pid"
	rc=$?
	case $sig in
	INT) want=130 ;;
	TERM) want=143 ;;
	HUP) want=129 ;;
	KILL) want=137 ;;
	esac
	[ "$rc" -eq "$want" ]
	ok $? "SIG$sig: ends by the signal (status $rc)"
	none_left "SIG$sig, with background and setsid children"
	if [ "$sig" != KILL ]; then
		[ -f cleaned ]
		ok $? "SIG$sig: --cleanup ran to its end"
	fi
done

# More rounds than the 64 process groups the first version tracked.
# Each round of A takes 10 ms or more and counts itself, so SIGINT comes
# after 70 rounds and long before the 400th on any host (not after a fixed
# time: 400 rounds of nothing took 1.2 s here).
rm -f rounds
env --default-signal=INT $AB --runs 400 "$mark 999 & echo >>rounds; $mark 0.01" true \
    >"$tmpdir/out" 2>"$tmpdir/err" &
pid=$!
i=0
while [ "$(wc -l <rounds 2>/dev/null || echo 0)" -lt 70 ] && [ $i -lt 600 ]; do
	sleep 0.1
	i=$((i + 1))
done
grep -q "left 1 process" "$tmpdir/err"
ok $? "--runs 400: the process left is said"
kill -INT "$pid"
wait "$pid"
[ $? -eq 130 ]
ok $? "--runs 400, interrupted: ends by SIGINT"
none_left "--runs 400, interrupted"

### A stopped command.
run timeout 120 $AB --runs 2 'kill -STOP $$' true
expect_status 1 "a command that stops itself"
grep -q "^threadstone-ab: command A ('kill -STOP \$\$') was stopped in round 1 (stopped by SIGSTOP): a stopped command cannot be timed\$" "$tmpdir/err"
ok $? "said in one line"
run timeout 120 $AB --runs 2 "sh -c 'kill -STOP \$\$'; true" true
expect_status 1 "a process below a command stops"
grep -q "was stopped in round 1 (a process of it stopped)" "$tmpdir/err"
ok $? "noticed too"
run timeout 120 $AB --runs 2 'cat /dev/tty' true
expect_status 1 "a command reading /dev/tty: no terminal in its session"
none_left "after stopped commands"

### regex: a pattern that backtracks.
# Quadratic in the line: a run over 64 KiB took 8 s on a quiet machine here, so
# 512 KiB (64 times as long) is past the 10 s limit on any host.
awk 'BEGIN { while (i++ < 524288) printf "a"; print "" }' >long.txt
run timeout 120 $AB --runs 2 --metric 'regex:(.*)(.*)(.*)(.*)(.*)x' 'cat long.txt' 'cat long.txt'
expect_status 1 "regex: a match that backtracks"
grep -q "no match within 10 s over 524289 bytes of output" "$tmpdir/err"
ok $? "ended, and said"
env --default-signal=INT $AB --runs 2 --metric 'regex:(.*)(.*)(.*)(.*)(.*)x' \
    'cat long.txt' 'cat long.txt' >"$tmpdir/out" 2>"$tmpdir/err" &
pid=$!
sleep 3
t0=$(date +%s)
kill -INT "$pid"
wait "$pid"
rc=$?
t1=$(date +%s)
[ "$rc" -eq 130 ] && [ $((t1 - t0)) -lt 8 ]
ok $? "SIGINT during the match: status $rc after $((t1 - t0)) s, before the match's own limit"

### Figures.
run $AB --runs 4 --metric json:x "printf '{\"x\": 1}'" "printf '{\"x\": 0}'"
expect_status 1 "a figure of 0"
grep -q "round 1: json:x: the figure is 0; a ratio needs figures above 0\$" "$tmpdir/err"
ok $? "found in the round that read it"
run $AB --runs 4 --metric system true true
if [ "$rc" -eq 1 ]; then
	grep -q "^threadstone-ab: command [AB] ('true'), round [1-4]: system: the figure is 0; a ratio needs figures above 0\$" "$tmpdir/err"
	ok $? "--metric system of true: a system time of 0 found in its round"
else
	ok 0 "# SKIP true took system time on this host"
fi
for v in 1e-320 1e308; do
	run $AB --runs 6 --metric json:x "printf '{\"x\": $v}'" "printf '{\"x\": $v}'"
	expect_status 1 "a figure of $v"
	grep -q "is outside 1e-150 to 1e+150" "$tmpdir/err"
	ok $? "$v: refused in one line"
done
run $AB --runs 6 --metric json:x --export-json big.json \
    "printf '{\"x\": 12345678901234567890123}'" "printf '{\"x\": 24691357802469135780246}'"
expect_status 0 "json: integers past 64 bits"
grep -q '"values":\[1.2345678901234568e22,' big.json && grep -q "^B/A  2.0000" "$tmpdir/out"
ok $? "read as the doubles they write, not clamped"
run $AB --runs 1 --metric 'regex:x=([0-9]+)' "printf 'a\\0b x=5'" "printf 'x=4'"
expect_status 0 "a NUL byte before the number"
grep -q "median 5 " "$tmpdir/out"
ok $? "regex: read through"
run $AB --runs 1 --metric json:x "printf '\\0{\"x\": 5}'" "printf '{\"x\": 4}'"
grep -q "(the output holds a NUL byte at offset 0)" "$tmpdir/err"
ok $? "json: where the NUL byte stood is said"
c='printf "{\"x\": 1}\n"; head -c 67109000 /dev/zero | tr "\0" a; printf "\n{\"x\": 5}\n"'
run $AB --runs 1 --metric json:x "$c" "$c"
expect_status 1 "output past 64 MiB"
grep -q "its standard output passed 64 MiB, the most a figure is read from\$" "$tmpdir/err"
ok $? "an error, not a silent cut"

### Exports.
rm -f x.csv x.md
run $AB --runs 3 --export-json /dev/full --export-csv x.csv --export-markdown x.md true true
expect_status 1 "--export-json to a full device"
[ -s x.csv ] && [ -s x.md ] && grep -q "cannot write /dev/full" "$tmpdir/err"
ok $? "the CSV and markdown exports are still written"
rm -f cleaned x.json
{ LC_ALL=C.UTF-8 $AB --runs 3 -c 'touch cleaned' --export-json x.json \
    'echo a' true 2>"$tmpdir/err"; echo $? >rc.txt; } | true
[ "$(cat rc.txt)" -eq 0 ] && [ -s x.json ] && [ -f cleaned ] &&
    [ ! -s "$tmpdir/err" ]
ok $? "a reader that goes away: status $(cat rc.txt), exports and cleanup done, nothing said"
touch same
ln -s same same-link
run $AB --runs 3 --export-json same --export-csv same-link true true
expect_status 2 "two exports to one file"
grep -q "^threadstone-ab: --export-json same and --export-csv same-link name one file: each export needs a file of its own" "$tmpdir/err"
ok $? "refused before the first round"

### Names.
run $AB --runs 2 -n "$(printf 'bad\377')" true true
expect_status 2 "a name that is not UTF-8"
grep -q "the name of command A is not UTF-8 text (byte 0xff at offset 3)" "$tmpdir/err"
ok $? "refused in one line"
run $AB --runs 2 -n "$(printf 'a\rb\033[31mc')" --export-markdown n.md true true
expect_status 0 "a name with CR and ESC"
grep -q '^A  a\\rb\\x1b\[31mc$' "$tmpdir/out" && grep -q '^| `a\\rb\\x1b\[31mc` |' n.md &&
    ! grep -q "$(printf '\033')" "$tmpdir/out" n.md
ok $? "escaped on the terminal and in markdown"

none_left "at the end"
done_testing
