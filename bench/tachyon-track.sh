#!/bin/sh
# bench/tachyon-track.sh: does tachyon's score track an independent
# memory-bound workload as the host's conditions drift?  Alternates a
# tachyon reading with a plain pointer chase of our own (bench/plain-chase.c,
# sharing no code with tachyon) for several minutes, prints both series
# and their Pearson correlation (tachyon M accesses/s against the chase's
# M hops/s: near +1 means the score tracks the workload).
#
# usage: bench/tachyon-track.sh [rounds [seconds-per-reading]]  (20, 5)
# environment: TACHYON (default ./tachyon, then PATH), CC (default cc),
#   CHASE_MIB (the plain chase's size, default 64), CPU (pin both to this
#   CPU, default 0), TACHYON_ARGS (default "-w 64"), NEIGHBOUR (a command
#   run on NEIGHBOUR_CPU, default 1, during rounds 3-4, 7-8, ...: forces
#   the conditions to change, e.g. NEIGHBOUR="stress-ng --stream 1").
# 20 rounds of 2 x 5 s take about 4 minutes.  Not a test.
set -eu

rounds=${1:-20}
secs=${2:-5}
cpu=${CPU:-0}
here=$(cd "$(dirname "$0")" && pwd)
if [ -z "${TACHYON:-}" ]; then
	if [ -x ./tachyon ]; then TACHYON=./tachyon; else TACHYON=tachyon; fi
fi
command -v "$TACHYON" >/dev/null 2>&1 || {
	echo "tachyon-track: $TACHYON not found" >&2
	exit 1
}
work=$(mktemp -d "${TMPDIR:-/tmp}/tachyon-track.XXXXXX")
neighbour=
stop_neighbour() {
	[ -n "$neighbour" ] && { kill "$neighbour" 2>/dev/null; wait "$neighbour" 2>/dev/null || :; }
	neighbour=
}
trap 'stop_neighbour; rm -rf "$work"' EXIT
trap 'exit 1' INT TERM
"${CC:-cc}" -O2 -o "$work/plain-chase" "$here/plain-chase.c"

echo "# tachyon $("$TACHYON" --version | awk '{ print $NF }') vs plain-chase ${CHASE_MIB:-64} MiB, CPU $cpu, $rounds rounds of 2 x $secs s"
# The baseline must be quiet: show what else is running.
echo "# load average before: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
printf '%5s %12s %12s %14s %10s\n' round unix_time tachyon_M/s plain-chase_M/s neighbour
: >"$work/series"
i=1
while [ "$i" -le "$rounds" ]; do
	if [ -n "${NEIGHBOUR:-}" ]; then
		if [ $(((i - 1) / 2 % 2)) -eq 1 ]; then
			# shellcheck disable=SC2086
			[ -n "$neighbour" ] || { taskset -c "${NEIGHBOUR_CPU:-1}" \
			    $NEIGHBOUR >/dev/null 2>&1 & neighbour=$!; }
		else
			stop_neighbour
		fi
	fi
	# shellcheck disable=SC2086
	t=$(taskset -c "$cpu" "$TACHYON" -t 1 -s "$secs" --json \
	    --no-cache-check ${TACHYON_ARGS:--w 64} |
	    sed -n 's/.*"million_accesses_per_sec":\([0-9.]*\),.*/\1/p')
	# Four 250 ms windows a second; the median's hop rate, in M/s.
	p=$(taskset -c "$cpu" "$work/plain-chase" "${CHASE_MIB:-64}" \
	    $((secs * 4)) 250 2>/dev/null | awk '{ printf "%.3f", 1000 / $1 }')
	printf '%5d %12d %12s %14s %10s\n' "$i" "$(date +%s)" "${t:--}" \
	    "${p:--}" "$([ -n "$neighbour" ] && echo yes || echo no)"
	# A failed reading drops the round rather than skewing the pairs.
	[ -n "$t" ] && [ -n "$p" ] && echo "$t $p" >>"$work/series"
	i=$((i + 1))
done
awk '{ n++; x += $1; y += $2; xx += $1 * $1; yy += $2 * $2; xy += $1 * $2 }
END {
	vx = xx - x * x / n; vy = yy - y * y / n
	if (n < 3 || vx <= 0 || vy <= 0) { print "# correlation: undefined (too few or constant readings)"; exit }
	r = (xy - x * y / n) / sqrt(vx * vy)
	printf "# tachyon: mean %.3f, min %.3f, max %.3f M/s\n", x / n, minx, maxx
	printf "# Pearson r(tachyon, plain-chase) = %.3f over %d rounds\n", r, n
}
NR == 1 || $1 < minx { minx = $1 }
NR == 1 || $1 > maxx { maxx = $1 }' "$work/series"
