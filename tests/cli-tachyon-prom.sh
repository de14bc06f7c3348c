#!/bin/sh
# tachyon --format prometheus and --textfile DIR: the exposition checked
# by a parser of our own (tests/check-prom.py) and by `promtool check
# metrics` when installed (Debian: prometheus); tags as labels, bad label
# names refused, the textfile directory's errors, a FIFO refused, dead
# writers' temporary files removed, watch mode rewriting the file, and a
# failed reading keeping the last good series with tachyon_last_error set.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

[ -x "$TACHYON" ] || skip_all "tachyon is not built"
py=${PYTHON3:-python3}
command -v "$py" >/dev/null 2>&1 || skip_all "python3 is needed to parse the exposition"
check="$py $top_srcdir/tests/check-prom.py"
if command -v promtool >/dev/null 2>&1; then
	promtool=promtool
else
	promtool=
	echo "# promtool not found (Debian: apt-get install prometheus): its checks skipped"
fi
fast="--seconds 0.2 -w 8 -t 1"

# valid FILE DESC: our parser and promtool (when present) accept FILE.
valid() {
	$check "$1" >/dev/null 2>"$tmpdir/check.err"
	ok $? "$2: the exposition parses"
	[ -s "$tmpdir/check.err" ] && sed 's/^/# /' "$tmpdir/check.err"
	if [ -n "$promtool" ]; then
		promtool check metrics <"$1" >"$tmpdir/promtool.out" 2>&1
		ok $? "$2: promtool check metrics passes"
		[ -s "$tmpdir/promtool.out" ] && sed 's/^/# /' "$tmpdir/promtool.out"
	fi
	return 0
}

## On standard output.
run "$TACHYON" $fast --format prometheus --tag node=n1 --tag rack=r_2
expect_status 0 "--format prometheus"
cp "$tmpdir/out" "$tmpdir/stdout.prom"
valid "$tmpdir/stdout.prom" "stdout"
$check "$tmpdir/stdout.prom" --dump >"$tmpdir/dump"
for fam in tachyon_info tachyon_accesses_per_second tachyon_score \
    tachyon_access_latency_seconds \
    tachyon_cache_check tachyon_reading_duration_seconds \
    tachyon_last_run_timestamp_seconds tachyon_working_set_bytes \
    tachyon_threads tachyon_pinned_threads tachyon_last_error; do
	grep -q "^$fam " "$tmpdir/dump" || { echo "# no $fam"; false; } || break
done
ok $? "every documented family is there"
! grep -v ' node=n1 .*rack=r_2 \| node=n1 rack=r_2 ' "$tmpdir/dump" | grep -q .
ok $? "every sample carries the tags as labels"
grep '^tachyon_info ' "$tmpdir/dump" | grep -q " version=[0-9.]* " &&
    grep '^tachyon_info ' "$tmpdir/dump" | grep -q " hostname="
ok $? "tachyon_info: version and host identity labels"
[ "$(grep -c '^tachyon_cache_check .* = 1.0$' "$tmpdir/dump")" -eq 1 ]
ok $? "one cache-check state is 1"
grep -q '^tachyon_threads .* = 1.0$' "$tmpdir/dump" &&
    grep -q '^tachyon_working_set_bytes .* = 8388608.0$' "$tmpdir/dump" &&
    grep -q '^tachyon_last_error .* = 0.0$' "$tmpdir/dump"
ok $? "threads, working set and last_error 0 as measured"
new=$(sed -n 's/^tachyon_accesses_per_second{.*} //p' "$tmpdir/stdout.prom")
old=$(sed -n 's/^tachyon_score{.*} //p' "$tmpdir/stdout.prom")
awk -v n="$new" -v o="$old" 'BEGIN { d = n - o * 1e6; exit !(n > 0 && d < 1000 && d > -1000) }'
ok $? "tachyon_accesses_per_second is the deprecated tachyon_score times 1e6 ($new, $old)"
grep -q '^# HELP tachyon_score Deprecated: use tachyon_accesses_per_second' "$tmpdir/stdout.prom"
ok $? "tachyon_score's HELP says it is deprecated, and what replaces it"
run "$TACHYON" $fast --format json
expect_status 0 "--format json"
case $out in "{\"probe\":"*) ok 0 "--format json is --json" ;;
*) ok 1 "--format json is --json" ;; esac

## Label names.
for key in 9lives a-b a.b __x job state; do
	run "$TACHYON" $fast --format prometheus --tag "$key=1"
	expect_status 2 "--tag $key=1 with --format prometheus"
	expect_one_error_line "--tag $key=1"
done
run "$TACHYON" --tag a-b=1 --textfile "$tmpdir"
expect_status 2 "a bad label name with --textfile"
[ ! -e "$tmpdir/tachyon.prom" ]
ok $? "refused before anything is written"
run "$TACHYON" --format yaml
expect_status 2 "--format yaml"
expect_one_error_line "--format yaml"
run "$TACHYON" --watch --format prometheus
expect_status 2 "--watch --format prometheus (a stream is not one exposition)"
run "$TACHYON" --textfile "$tmpdir" --wrap true
expect_status 2 "--wrap with --textfile"

## The textfile directory.
run "$TACHYON" $fast --textfile "$tmpdir/missing"
expect_status 1 "a missing directory"
expect_one_error_line "a missing directory"
: >"$tmpdir/plain"
run "$TACHYON" $fast --textfile "$tmpdir/plain"
expect_status 1 "a file, not a directory"
expect_one_error_line "not a directory"
mkdir "$tmpdir/ro" && chmod 555 "$tmpdir/ro"
if [ -w "$tmpdir/ro" ]; then
	tap_n=$((tap_n + 1))
	echo "ok $tap_n # SKIP running as root: every directory is writable"
else
	run "$TACHYON" $fast --textfile "$tmpdir/ro"
	expect_status 1 "a read-only directory"
	[ -z "$(ls -A "$tmpdir/ro")" ]
	ok $? "nothing written in it"
fi

mkdir "$tmpdir/tf"
umask 022
run "$TACHYON" $fast --textfile "$tmpdir/tf/" --tag node=n1
expect_status 0 "--textfile DIR"
case $out in "score "*) ok 0 "the summary still goes to stdout" ;;
*) ok 1 "the summary still goes to stdout" ;; esac
[ "$(ls -A "$tmpdir/tf")" = tachyon.prom ]
ok $? "DIR holds tachyon.prom and no temporary file"
valid "$tmpdir/tf/tachyon.prom" "--textfile"
[ "$(stat -c %a "$tmpdir/tf/tachyon.prom")" = 644 ]
ok $? "the file is readable by the collector (0644 under umask 022)"

## What is in DIR besides: a FIFO named tachyon.prom is refused before
## any reading (writing into it waited for a reader forever), as is a
## link to one; temporary files of writers killed by SIGKILL are removed,
## those a live writer holds (flock) are kept.
tmo=
command -v timeout >/dev/null 2>&1 && tmo="timeout 120"
mkdir "$tmpdir/fifo"
mkfifo "$tmpdir/fifo/tachyon.prom"
run $tmo "$TACHYON" $fast --textfile "$tmpdir/fifo"
expect_status 1 "a FIFO named tachyon.prom"
expect_one_error_line "a FIFO named tachyon.prom"
grep -q "tachyon.prom is a FIFO, not a regular file" "$tmpdir/err" &&
    [ -p "$tmpdir/fifo/tachyon.prom" ] && [ "$(ls -A "$tmpdir/fifo")" = tachyon.prom ]
ok $? "the FIFO is named as one, and left as it was"
rm "$tmpdir/fifo/tachyon.prom"
mkfifo "$tmpdir/fifo/pipe"
ln -s pipe "$tmpdir/fifo/tachyon.prom"
run $tmo "$TACHYON" $fast --textfile "$tmpdir/fifo"
expect_status 1 "tachyon.prom a link to a FIFO"
expect_one_error_line "tachyon.prom a link to a FIFO"
grep -q '^tachyon_textfile_write_errors{node="n1"} 0$' "$tmpdir/tf/tachyon.prom" &&
    ! grep -q 'tachyon_textfile_' "$tmpdir/stdout.prom"
ok $? "the textfile counts its failed writes (0); the exposition on stdout does not"
if command -v flock >/dev/null 2>&1; then
	mkdir "$tmpdir/stale"
	for f in .tachyon.prom.Dead01 .tachyon.prom.x9Y8z7 .tachyon.prom.Live01 \
	    .tachyon.prom.toolong7 .tachyon.promX.Abc123 .other.prom.Abc123; do
		: >"$tmpdir/stale/$f"
	done
	rm -f "$tmpdir/held"
	flock "$tmpdir/stale/.tachyon.prom.Live01" sh -c \
	    ": >'$tmpdir/held'; while [ ! -e '$tmpdir/release' ]; do sleep 0.05; done" &
	holder=$!
	i=0
	while [ ! -e "$tmpdir/held" ] && [ $i -lt 600 ]; do sleep 0.05; i=$((i + 1)); done
	run "$TACHYON" $fast --textfile "$tmpdir/stale"
	: >"$tmpdir/release"
	wait $holder
	expect_status 0 "--textfile DIR with temporary files of dead and live writers"
	[ "$(ls -A "$tmpdir/stale" | tr '\n' ' ')" = ".other.prom.Abc123 .tachyon.prom.Live01 .tachyon.prom.toolong7 .tachyon.promX.Abc123 tachyon.prom " ]
	ok $? "the dead writers' temporary files removed, the live writer's and other names kept"
	[ "$(ls -A "$tmpdir/stale" | tr '\n' ' ')" = ".other.prom.Abc123 .tachyon.prom.Live01 .tachyon.prom.toolong7 .tachyon.promX.Abc123 tachyon.prom " ] ||
	    echo "# $(ls -A "$tmpdir/stale" | tr '\n' ' ')"
else
	tap_n=$((tap_n + 2))
	echo "ok $((tap_n - 1)) # SKIP flock(1) is not installed"
	echo "ok $tap_n # SKIP flock(1) is not installed"
fi

## Watch mode rewrites the file after every reading.
run "$TACHYON" --seconds 0.15 -w 8 -t 1 --interval 0.3 --count 3 \
    --textfile "$tmpdir/tf"
expect_status 0 "--count 3 --textfile"
[ "$(wc -l <"$tmpdir/out")" -eq 3 ]
ok $? "watch mode: three JSON lines on stdout"
valid "$tmpdir/tf/tachyon.prom" "watch mode"
last=$(sed -n 3p "$tmpdir/out" | sed 's/.*"unix_time":\([0-9.]*\).*/\1/')
grep -q "^tachyon_last_run_timestamp_seconds $last\$" "$tmpdir/tf/tachyon.prom"
ok $? "the file holds the last reading ($last)"

## A failed reading: the last good series stay, tachyon_last_error 1.
cp "$tmpdir/tf/tachyon.prom" "$tmpdir/good.prom"
run "$TACHYON" -w 16384 -t 8 --textfile "$tmpdir/tf"
if [ "$rc" -eq 1 ]; then
	ok 0 "a reading that cannot be taken fails (exit 1)"
	valid "$tmpdir/tf/tachyon.prom" "after a failure"
	$check "$tmpdir/tf/tachyon.prom" --dump >"$tmpdir/dump"
	grep -q '^tachyon_last_error stage=working_set = 1.0$' "$tmpdir/dump" &&
	    grep -q '^tachyon_last_error_timestamp_seconds = ' "$tmpdir/dump"
	ok $? "tachyon_last_error 1 with its stage and time"
	grep '^tachyon_score' "$tmpdir/good.prom" >"$tmpdir/a"
	grep '^tachyon_score' "$tmpdir/tf/tachyon.prom" >"$tmpdir/b"
	cmp -s "$tmpdir/a" "$tmpdir/b" && grep -q '^tachyon_last_run' "$tmpdir/tf/tachyon.prom"
	ok $? "the last good reading's series stay, with their time"
	run "$TACHYON" $fast --textfile "$tmpdir/tf"
	grep -q '^tachyon_last_error 0$' "$tmpdir/tf/tachyon.prom"
	ok $? "the next good reading clears the error"
	rm "$tmpdir/tf/tachyon.prom"
	run "$TACHYON" -w 16384 -t 8 --textfile "$tmpdir/tf"
	valid "$tmpdir/tf/tachyon.prom" "a failure with no previous file"
	grep -q '^tachyon_info{' "$tmpdir/tf/tachyon.prom" &&
	    ! grep -q '^tachyon_score' "$tmpdir/tf/tachyon.prom"
	ok $? "no previous file: the identity and the error alone"
else
	tap_n=$((tap_n + 1))
	echo "ok $tap_n # SKIP this host has memory for 128 GiB of chains"
fi

done_testing
