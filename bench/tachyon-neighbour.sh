#!/bin/sh
# bench/tachyon-neighbour.sh: does tachyon respond to a neighbour, and
# recover when it leaves?  One probe thread pinned on one core; a
# neighbour (stress-ng) pinned on another.  Four phases:
#   alone / memory neighbour (stress-ng --stream 1) / alone again /
#   CPU-only neighbour (stress-ng --cpu 1)
# and prints each score with its change against the first reading.
#
# usage: bench/tachyon-neighbour.sh [seconds-per-phase]     (default 10)
# environment: TACHYON (the binary; default ./tachyon, then PATH),
#   PROBE_CPU (default 0), NEIGHBOUR_CPU (default 1),
#   TACHYON_ARGS (default "-w 64"), SETTLE (seconds before a reading, 1).
# Not a test: timings depend on the host.  Needs stress-ng and taskset.
set -eu

secs=${1:-10}
probe_cpu=${PROBE_CPU:-0}
neigh_cpu=${NEIGHBOUR_CPU:-1}
settle=${SETTLE:-1}
if [ -z "${TACHYON:-}" ]; then
	if [ -x ./tachyon ]; then TACHYON=./tachyon; else TACHYON=tachyon; fi
fi
for tool in stress-ng taskset "$TACHYON"; do
	command -v "$tool" >/dev/null 2>&1 || {
		echo "tachyon-neighbour: $tool not found" >&2
		exit 1
	}
done

neighbour=
cleanup() {
	[ -n "$neighbour" ] && { kill "$neighbour" 2>/dev/null; wait "$neighbour" 2>/dev/null || :; }
	neighbour=
}
trap cleanup EXIT
trap 'exit 1' INT TERM

# reading: one tachyon reading on the probe CPU; prints the score.
reading() {
	sleep "$settle"
	# shellcheck disable=SC2086
	taskset -c "$probe_cpu" "$TACHYON" -t 1 -s "$secs" --json --no-cache-check \
	    ${TACHYON_ARGS:--w 64} |
	    sed -n 's/.*"million_accesses_per_sec":\([0-9.]*\),"ns_per_access":\([0-9.]*\),.*/\1 \2/p'
}

# phase NAME [neighbour command...]: one reading beside a neighbour.
phase() {
	name=$1
	shift
	if [ $# -gt 0 ]; then
		taskset -c "$neigh_cpu" "$@" >/dev/null 2>&1 &
		neighbour=$!
	fi
	set -- $(reading)
	cleanup
	if [ $# -lt 2 ]; then
		echo "tachyon-neighbour: no reading in phase '$name'" >&2
		exit 1
	fi
	score=$1
	ns=$2
	[ -n "$base" ] || base=$score
	change=$(awk -v s="$score" -v b="$base" 'BEGIN { printf "%+.1f", (s / b - 1) * 100 }')
	printf '%-26s %10s M/s %9s ns %8s %%\n' "$name" "$score" "$ns" "$change"
	last=$score
}

echo "# tachyon $("$TACHYON" --version | awk '{ print $NF }'), probe on CPU $probe_cpu, neighbour on CPU $neigh_cpu, $secs s per phase"
# The baseline must be quiet: show what else is running.
echo "# load average before: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
printf '%-26s %14s %12s %10s\n' phase score latency change
base=
phase "alone"
alone=$last
phase "memory (stress-ng --stream)" stress-ng --stream 1 --timeout 0
phase "alone again"
again=$last
phase "cpu (stress-ng --cpu)" stress-ng --cpu 1 --timeout 0
awk -v a="$alone" -v r="$again" -v c="$last" 'BEGIN {
	printf "# recovery: alone again is %+.1f %% from alone (want within 5 %%)\n", (r / a - 1) * 100
	printf "# cpu-only neighbour: %+.1f %% against the mean of the alone readings (want within 10 %%)\n", (c / ((a + r) / 2) - 1) * 100
}'
