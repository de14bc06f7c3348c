#!/bin/sh
# Faults a user's machine deals tachyon --textfile, kept as tests: a
# watch killed by SIGKILL over and over (the temporary files a kill
# leaves half-way through a write are removed by the next run, while a
# live writer's are kept), and a watch on a full disk (it goes on, says
# so once, and the file counts the failed writes when it can be written
# again).  Each case that needs what this machine may lack (root and
# tmpfs, the LD_PRELOAD shim) says why it is skipped.  Nothing here
# asserts a time: waits are for a state, with a bound only against a
# hang.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

[ -x "$TACHYON" ] || skip_all "tachyon is not built"
fast="--seconds 0.02 -w 0.0625 -t 1 --no-cache-check"

# temps DIR: how many temporary files of DIR/tachyon.prom's writers
# (".tachyon.prom." and six letters or digits) DIR holds.
temps() {
	ls -A "$1" | grep -c '^\.tachyon\.prom\.[A-Za-z0-9]\{6\}$'
}

# wait_for CMD...: until CMD succeeds, or 60 s (against a hang only).
wait_for() {
	i=0
	while ! "$@" && [ $i -lt 1200 ]; do
		sleep 0.05
		i=$((i + 1))
	done
	"$@"
}

### SIGKILL during a watch, TS_TACHYON_KILLS times (60): whatever the
### kills leave, the next run removes, and DIR holds tachyon.prom alone.
d=$tmpdir/kill
mkdir "$d"
kills=${TS_TACHYON_KILLS:-60}
i=0
while [ $i -lt "$kills" ]; do
	"$TACHYON" $fast --interval 0.02 --textfile "$d" >/dev/null 2>&1 &
	pid=$!
	# The kill lands anywhere from the start-up to a few dozen writes in.
	sleep "0.$(( (i * 37) % 9 + 1))$(( (i * 7) % 10 ))"
	kill -9 $pid 2>/dev/null
	wait $pid 2>/dev/null
	ls -A "$d" | grep '^\.tachyon\.prom\.' >>"$tmpdir/seen"
	i=$((i + 1))
done
# Not asserted: how many kills landed in a write depends on the machine;
# each run removes what the kills before it left.
seen=$(sort -u "$tmpdir/seen" | wc -l)
left=$(temps "$d")
echo "# $seen temporary files left by $kills SIGKILLs of a watch, $left of them still there"
run "$TACHYON" $fast --textfile "$d"
expect_status 0 "a run after $kills SIGKILLs of a watch"
[ "$(temps "$d")" -eq 0 ] && [ "$(ls -A "$d")" = tachyon.prom ]
ok $? "it removed the $left temporary files the last kills left; DIR holds tachyon.prom alone"
[ "$(ls -A "$d")" = tachyon.prom ] || ls -A "$d" | sed 's/^/# /'

### A writer held half-way through its write (tests/outfile-shim.c): its
### temporary file is kept by another run; once it is killed by SIGKILL,
### the next run removes it.
SHIM=$top_builddir/tests/.libs/outfile-shim.so
if [ -f "$SHIM" ]; then
	# A sanitizer build wants its runtime first; the shim comes before it.
	ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0
	export ASAN_OPTIONS
	d=$tmpdir/live
	mkdir "$d"
	env LD_PRELOAD="$SHIM" TS_SHIM_TARGET="$d/tachyon.prom" \
	    TS_SHIM_PAUSE_MS=600000 TS_SHIM_MARK="$tmpdir/mark" \
	    "$TACHYON" $fast --textfile "$d" >/dev/null 2>&1 &
	pid=$!
	wait_for test -e "$tmpdir/mark"
	live=$(ls -A "$d" | grep '^\.tachyon\.prom\.')
	: >"$d/.tachyon.prom.Dead01"
	run "$TACHYON" $fast --textfile "$d"
	expect_status 0 "a run beside a writer held in its write"
	[ -n "$live" ] && [ -e "$d/$live" ] && [ ! -e "$d/.tachyon.prom.Dead01" ]
	ok $? "the live writer's temporary file ($live) kept, a dead one's removed"
	kill -9 $pid 2>/dev/null
	wait $pid 2>/dev/null
	[ -n "$live" ] && [ -e "$d/$live" ]
	ok $? "SIGKILL in the write left its temporary file"
	run "$TACHYON" $fast --textfile "$d"
	[ "$rc" -eq 0 ] && [ "$(ls -A "$d")" = tachyon.prom ]
	ok $? "the next run removed it"
else
	for i in 1 2 3 4; do
		ok 0 "# SKIP the shim $SHIM is not built"
	done
fi

### A full disk (a tmpfs of 256 KiB, filled): a watch goes on, says so
### once per streak of failed writes, and the first file it can write
### again counts them.  Root mounts the tmpfs.
full=$tmpdir/full
mkdir "$full"
if [ "$(id -u)" -ne 0 ]; then
	why="not root: no tmpfs to fill"
elif ! mount -t tmpfs -o size=256k tmpfs "$full" 2>/dev/null; then
	why="mount -t tmpfs failed (a container without CAP_SYS_ADMIN?)"
else
	why=
	trap 'umount "$full" 2>/dev/null; rm -rf "$tmpdir"' EXIT
fi
if [ -z "$why" ]; then
	"$TACHYON" $fast --textfile "$full" >/dev/null 2>&1
	cp "$full/tachyon.prom" "$tmpdir/first.prom"
	dd if=/dev/zero of="$full/fill" bs=4096 2>/dev/null
	run "$TACHYON" $fast --interval 0.05 --count 3 --textfile "$full"
	expect_status 1 "--count 3 on a full disk: the file never got a reading"
	[ "$(wc -l <"$tmpdir/err")" -eq 1 ] &&
	    grep -q "No space left on device; the watch goes on" "$tmpdir/err" &&
	    [ "$(wc -l <"$tmpdir/out")" -eq 3 ]
	ok $? "one line on stderr for the three failed writes; three readings on stdout"
	cmp -s "$full/tachyon.prom" "$tmpdir/first.prom" &&
	    [ "$(temps "$full")" -eq 0 ]
	ok $? "the file as it was, no temporary file left"
	"$TACHYON" $fast --interval 0.1 --textfile "$full" \
	    >"$tmpdir/w.out" 2>"$tmpdir/w.err" &
	pid=$!
	wait_for test -s "$tmpdir/w.err"
	rm "$full/fill"
	wait_for grep -q '^tachyon_textfile_write_errors [1-9]' "$full/tachyon.prom"
	kill -0 $pid 2>/dev/null
	ok $? "the watch went on past the full disk and wrote the file again"
	kill -TERM $pid
	wait $pid
	wrc=$?
	[ $wrc -eq 0 ]
	ok $? "stopped by SIGTERM with the file written again: exit 0 (got $wrc)"
	[ "$(wc -l <"$tmpdir/w.err")" -eq 1 ]
	ok $? "one line on stderr for the whole streak"
	[ "$(wc -l <"$tmpdir/w.err")" -eq 1 ] || sed 's/^/# /' "$tmpdir/w.err"
	grep -q '^tachyon_last_error 0$' "$full/tachyon.prom" &&
	    grep -q '^tachyon_textfile_last_write_error_timestamp_seconds [0-9]' \
	    "$full/tachyon.prom" && [ "$(temps "$full")" -eq 0 ]
	ok $? "the file: a good reading, the failed writes and when the last was"
	if command -v "${PYTHON3:-python3}" >/dev/null 2>&1; then
		"${PYTHON3:-python3}" "$top_srcdir/tests/check-prom.py" \
		    "$full/tachyon.prom" >/dev/null
		ok $? "the file after the full disk parses"
	else
		ok 0 "# SKIP python3 is needed to parse the exposition"
	fi
	umount "$full"
else
	for i in 1 2 3 4 5 6 7 8; do
		ok 0 "# SKIP $why"
	done
fi

done_testing
