#!/bin/sh
# Faults a user's machine deals the programs, kept as tests: a run killed
# from outside leaves no process behind.  Each case that needs what this
# machine may lack (root, a second user, a small file system) says why it
# is skipped.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

# gone PID: the process has ended (a zombie no one reaps has ended too).
gone() {
	[ ! -e "/proc/$1/stat" ] ||
	    [ "$(sed 's/.*) \(.\).*/\1/' "/proc/$1/stat" 2>/dev/null)" = Z ]
}

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
		left=
		for k in $kids; do
			i=0
			while ! gone "$k" && [ $i -lt 40 ]; do
				sleep 0.05
				i=$((i + 1))
			done
			gone "$k" || left="$left $k"
		done
		[ -n "$kids" ] && [ -z "$left" ]
		ok $? "threadstone-run killed by SIG$sig: its execution process (${kids:-none seen}) ended with it"
		for k in $left; do kill -9 "$k" 2>/dev/null; done
	done
else
	for sig in INT TERM KILL; do
		ok 0 "# SKIP threadstone-run not built"
	done
fi

done_testing
