#!/bin/sh
# Faults a user's machine deals the programs, kept as tests: a run killed
# from outside leaves no process behind; a run in a cgroup held to half a
# CPU (v1 or v2, made here as root) sees the quota; a history add on a
# full disk leaves nothing (a new database) or the database as it was.  Each case that needs what this
# machine may lack (root, a second user, a small file system) says why it
# is skipped.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

# children PID: the processes whose parent is PID.
children() {
	for s in /proc/[0-9]*/stat; do
		sed -n "s/^\([0-9]*\) (.*) . $1 .*/\1/p" "$s" 2>/dev/null
	done
}

### threadstone-run killed by INT, TERM or KILL: its execution process
### (which runs the measuring threads) ends with it.
if [ -x "$TS_RUN" ]; then
	for sig in INT TERM KILL; do
		# A shell starts background commands with SIGINT ignored.
		env --default-signal=INT "$TS_RUN" -q -w sgemm --samples 200 \
		    --executions 2 >/dev/null 2>&1 &
		pid=$!
		kids=
		i=0
		while [ -z "$kids" ] && [ $i -lt 300 ]; do
			sleep 0.05
			kids=$(children "$pid")
			i=$((i + 1))
		done
		kill -"$sig" "$pid"
		wait "$pid" 2>/dev/null
		left=$(left_after 40 $kids)
		[ -n "$kids" ] && [ -z "$left" ]
		ok $? "threadstone-run killed by SIG$sig: its execution process (${kids:-none seen}) ended with it"
		for k in $left; do kill -9 "$k" 2>/dev/null; done
	done
else
	for sig in INT TERM KILL; do
		ok 0 "# SKIP threadstone-run not built"
	done
fi

### A cgroup held to half a CPU: threadstone-run counts one usable CPU and
### says so.  Made as root in the v1 cpu hierarchy, else in the v2 one.
quota_dir=
if [ "$(id -u)" -eq 0 ] && [ "$(nproc)" -ge 2 ]; then
	v1=$(sed -n 's/^[^ ]* [^ ]* [^ ]* [^ ]* \([^ ]*\) .* - cgroup [^ ]* \(.*,\)\{0,1\}cpu\(,.*\)\{0,1\}$/\1/p' \
	    /proc/self/mountinfo | sed -n 1p)
	v2=$(sed -n 's/^[^ ]* [^ ]* [^ ]* [^ ]* \([^ ]*\) .* - cgroup2 .*/\1/p' \
	    /proc/self/mountinfo | sed -n 1p)
	d=${v1:+$v1/threadstone-faults.$$}
	if [ -n "$d" ] && mkdir "$d" 2>/dev/null; then
		if echo 100000 >"$d/cpu.cfs_period_us" &&
		    echo 50000 >"$d/cpu.cfs_quota_us"; then
			quota_dir=$d
		else
			rmdir "$d"
		fi
	fi
	d=${v2:+$v2/threadstone-faults.$$}
	if [ -z "$quota_dir" ] && [ -n "$d" ] &&
	    grep -qw cpu "$v2/cgroup.controllers" 2>/dev/null &&
	    { grep -qw cpu "$v2/cgroup.subtree_control" ||
	    echo +cpu >"$v2/cgroup.subtree_control"; } 2>/dev/null &&
	    mkdir "$d" 2>/dev/null; then
		if echo "50000 100000" >"$d/cpu.max"; then
			quota_dir=$d
		else
			rmdir "$d"
		fi
	fi
fi
if [ -z "$quota_dir" ]; then
	ok 0 "# SKIP a half-CPU cgroup: needs root, two CPUs and a cgroup cpu controller to write to"
	ok 0 "# SKIP a half-CPU cgroup: needs root, two CPUs and a cgroup cpu controller to write to"
elif [ ! -x "$TS_RUN" ]; then
	ok 0 "# SKIP threadstone-run not built"
	ok 0 "# SKIP threadstone-run not built"
else
	QUOTA_DIR=$quota_dir run sh -c 'echo $$ >"$QUOTA_DIR/cgroup.procs" &&
	    exec "$0" -q -w sha256 --samples 2 --warmup 0 --executions 1 \
	    --format json' "$TS_RUN"
	[ "$rc" -eq 0 ] &&
	    jq -e '.extensions.cpus.cgroup_quota == 1 and
	    .extensions.cpus.usable == 1' "$tmpdir/out" >/dev/null
	ok $? "in a cgroup held to half a CPU ($quota_dir): one usable CPU recorded"
	grep -q "warning: the cgroup CPU quota allows 1 of the" "$tmpdir/err"
	ok $? "and said so in a warning"
	sed 's/^/# /' "$tmpdir/err"
	rmdir "$quota_dir" 2>/dev/null
fi

### The history on a full disk (a small tmpfs, as root): the add fails
### with one line; a new database leaves no file, an existing one is as
### it was.
full=$tmpdir/full
if [ "$(id -u)" -ne 0 ] || [ ! -x "$TS_HISTORY" ] || ! mkdir "$full" ||
    ! mount -t tmpfs -o size=1m tmpfs "$full" 2>/dev/null; then
	for i in 1 2 3; do
		ok 0 "# SKIP a full disk: needs root, threadstone-history and a tmpfs mount"
	done
else
	# fill: leave the file system with no room but what DB takes.
	fill() {
		dd if=/dev/zero of="$full/filler" bs=4k >/dev/null 2>&1
	}
	fill
	run "$TS_HISTORY" --db "$full/h.sqlite" add \
	    "$FIXTURES/apple-m4-pro.json" "$FIXTURES/run-signed-at-runtime.json"
	[ "$rc" -eq 1 ] && [ "$(wc -l <"$tmpdir/err")" -eq 1 ] &&
	    grep -q "full" "$tmpdir/err" &&
	    [ "$(ls -A "$full")" = filler ]
	ok $? "add to a new database on a full disk: one line, no file left"
	sed 's/^/# /' "$tmpdir/err"
	rm -f "$full/filler"
	run "$TS_HISTORY" --db "$full/h.sqlite" add \
	    "$FIXTURES/run-signed-at-runtime.json"
	fill
	cp "$full/h.sqlite" "$tmpdir/h-before.sqlite"
	run "$TS_HISTORY" --db "$full/h.sqlite" add "$FIXTURES/apple-m4-pro.json"
	[ "$rc" -eq 1 ] && cmp -s "$full/h.sqlite" "$tmpdir/h-before.sqlite"
	ok $? "add to an existing database on a full disk: refused, the database as it was"
	run "$TS_HISTORY" --db "$full/h.sqlite" list
	[ "$rc" -eq 0 ] && [ "$(grep -c . "$tmpdir/out")" -ge 1 ]
	ok $? "and it still lists its one document"
	umount "$full"
fi

done_testing
