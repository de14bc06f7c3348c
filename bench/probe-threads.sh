#!/bin/sh
# SPDX-License-Identifier: MIT
# Why a tachyon probe's threads live from reading to reading
# (lib/mem/mem-probe.c): 20 ms readings by threads created for each, and
# by threads woken from sleep, against 5 s readings, interleaved in a
# random order (bench/probe-threads.c), beside NEIGHBOUR: "memory"
# (stress-ng --stream 1), "cpu" (stress-ng --cpu 1 --taskset 0, on the
# first thread's CPU) or "none".  The neighbour and the bench each run
# in a session of their own, as a service and a neighbour on a host do,
# so the scheduler shares a CPU between their task groups.  Per kind it
# prints the mean score (loads a second over both threads, in millions,
# over the threads' mean time on the clock, as tachyon counts it), its
# ratio to the 5 s readings' mean, and the median share of the reading
# the most-waiting thread spent waiting for its CPU.
# A measurement, not a test.
#
#   bench/probe-threads.sh [NEIGHBOUR [ROUNDS [IDLE [MIB]]]]
set -eu

nb=${1:-memory} rounds=${2:-16} idle=${3:-2.5} mib=${4:-64}
case $nb in
memory)	set -- stress-ng --stream 1 --timeout 0 ;;
cpu)	set -- stress-ng --cpu 1 --taskset 0 --timeout 0 ;;
none)	set -- ;;
*)	echo "probe-threads.sh: neighbour '$nb' is not memory, cpu or none" >&2
	exit 2 ;;
esac
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/probe-threads.XXXXXX")
pid='' bench=''
# The neighbour and the bench each lead a session and a process group of
# their own: end the groups (dash's kill takes no "--") and reap them.
cleanup() {
	for p in $bench $pid; do
		kill -TERM "-$p" 2>/dev/null || :
		wait "$p" 2>/dev/null || :
	done
	rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
"${CC:-cc}" -O2 -pthread -o "$work/probe-threads" "$here/probe-threads.c"

echo "# probe-threads: beside $nb, $rounds rounds, $idle s idle before each reading, $mib MiB a thread; load $(cut -d' ' -f1-3 /proc/loadavg)"
if [ $# -gt 0 ]; then
	if ! command -v setsid >/dev/null || ! command -v "$1" >/dev/null; then
		echo "probe-threads.sh: needs setsid and $1" >&2
		exit 2
	fi
	setsid "$@" >/dev/null 2>&1 </dev/null &
	pid=$!
	sleep 2
fi
# In the background, so that a signal to this script ends the wait.
setsid "$work/probe-threads" "$rounds" "$idle" "$mib" >"$work/readings" </dev/null &
bench=$!
wait "$bench"
bench=
awk '
    {
	span = ($4 + $7) / 2
	w1 = $5 / span; w2 = $8 / span
	score[$2] += ($3 + $6) / span / 1e6; n[$2]++
	wait[$2, n[$2]] = w1 > w2 ? w1 : w2
    }
    END {
	for (k in n) {
		m = n[k]
		for (i = 1; i <= m; i++) v[i] = wait[k, i]
		for (i = 2; i <= m; i++)
			for (j = i; j > 1 && v[j - 1] > v[j]; j--) {
				t = v[j]; v[j] = v[j - 1]; v[j - 1] = t
			}
		med = m % 2 ? v[(m + 1) / 2] : (v[m / 2] + v[m / 2 + 1]) / 2
		printf "%-8s %2d readings: score %6.3f, %.3f of full; median wait %.2f\n",
		    k, m, score[k] / m, score[k] / m / (score["full"] / n["full"]), med
	}
    }' "$work/readings" | sort
echo "# load at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
