#!/bin/sh
# bench/analyze-scale.sh [RECORDS [HOSTS]]: tachyon-analyze on a synthetic
# fleet of RECORDS records (1000000) over HOSTS hosts (10000), streamed
# from a generator on a pipe, then from a file; prints the wall time and
# the peak resident memory of each run, and the same for a tenth of the
# records, so that memory can be seen to follow hosts, not records.
# Not a test: timings depend on the machine.
set -eu
records=${1:-1000000}
hosts=${2:-10000}
top=$(cd "$(dirname "$0")/.." && pwd)
analyze=${TACHYON_ANALYZE:-$top/tachyon-analyze}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/analyze-scale.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# gen N H: N --wrap-shaped records, H hosts, the score explaining part of
# the between-host spread (awk's rand() with a fixed seed).
gen() {
	awk -v n="$1" -v h="$2" 'BEGIN {
		srand(7)
		for (i = 0; i < h; i++) {
			s[i] = 40 + 20 * rand()
			t[i] = 150 - s[i] + 10 * rand()
		}
		for (r = 0; r < n; r++) {
			i = r % h
			printf "{\"probe\":\"memory-chase\",\"million_accesses_per_sec\":%.3f,\"wall_s\":%.4f,\"host_id\":\"i-%08x\"}\n", s[i] * (0.99 + 0.02 * rand()), t[i] * (0.98 + 0.04 * rand()), i
		}
	}'
}

# measure LABEL CMD...: wall seconds and peak RSS of CMD.
measure() {
	label=$1
	shift
	start=$(date +%s.%N)
	if [ -x /usr/bin/time ]; then
		/usr/bin/time -f '%M' -o "$tmp/rss" "$@" >"$tmp/out" 2>"$tmp/err" || true
		rss="$(cat "$tmp/rss") KiB"
	else
		"$@" >"$tmp/out" 2>"$tmp/err" || true
		rss="(no /usr/bin/time)"
	fi
	end=$(date +%s.%N)
	printf '%-40s %6.2f s  peak RSS %s\n' "$label" \
	    "$(echo "$end - $start" | bc)" "$rss"
}

gen "$records" "$hosts" >"$tmp/fleet.jsonl"
gen $((records / 10)) "$hosts" >"$tmp/tenth.jsonl"
echo "$(wc -l <"$tmp/fleet.jsonl") records ($(du -m "$tmp/fleet.jsonl" | cut -f1) MB) over $hosts hosts"
measure "$records records, from a file" "$analyze" "$tmp/fleet.jsonl"
measure "$((records / 10)) records, from a file" "$analyze" "$tmp/tenth.jsonl"
measure "$records records, --json --plot" "$analyze" --json \
    --plot "$tmp/fleet.svg" "$tmp/fleet.jsonl"
start=$(date +%s.%N)
gen "$records" "$hosts" | "$analyze" >"$tmp/out" 2>&1 || true
end=$(date +%s.%N)
printf '%-40s %6.2f s  (generator included)\n' "$records records, on a pipe" \
    "$(echo "$end - $start" | bc)"
tail -1 "$tmp/out"
