#!/bin/sh
# bench/history-scale.sh [DOCUMENTS]: threadstone-history at scale.  Makes
# DOCUMENTS (10000) synthetic result documents of one host (the Apple
# fixture re-serialised with noisy figures, two level changes and a
# producer change: tests/history-synth.py), then times, each on its own:
# add of all of them in one command, trend of one series over every run
# (table, and with --plot), changes over every series, and check of a new
# document against the history; and prints the database's bytes per
# document.  Aims on this machine kind: add < 20 s, trend < 0.5 s,
# check < 0.2 s.  Not a test: timings depend on the machine (and on what
# else runs on it).
set -eu
docs=${1:-10000}
top=$(cd "$(dirname "$0")/.." && pwd)
hist=${TS_HISTORY:-$top/threadstone-history}
src=${top_srcdir:-$top}
py=${PYTHON3:-python3}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/history-scale.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
db=$tmp/h.sqlite

# measure LABEL CMD...: the wall and CPU seconds of CMD.
measure() {
	label=$1
	shift
	start=$(date +%s.%N)
	t0=$(awk '{print $14 + $15 + $16 + $17}' /proc/$$/stat)
	"$@" >"$tmp/out" 2>"$tmp/err" || { rc=$?; [ $rc -eq 3 ] || {
		echo "$label failed ($rc): $(cat "$tmp/err")" >&2; exit 1; }; }
	end=$(date +%s.%N)
	t1=$(awk '{print $14 + $15 + $16 + $17}' /proc/$$/stat)
	awk -v l="$label" -v s="$start" -v e="$end" -v c="$((t1 - t0))" \
	    -v hz="$(getconf CLK_TCK)" 'BEGIN {
		printf "%-44s %8.3f s wall %8.3f s CPU\n", l, e - s, c / hz }'
}

echo "generating $docs documents..."
"$py" "$src/tests/history-synth.py" "$src/tests/fixtures/apple-m4-pro.json" \
	"$tmp/docs" "$docs" --step 1 --seed 5 \
	--change "$((docs * 4 / 10)):0.9:sgemm:single" \
	--change "$((docs * 7 / 10)):1.08" \
	--producer-change "$((docs * 9 / 10)):2.1.0" >"$tmp/truth.json"
"$py" "$src/tests/history-synth.py" "$src/tests/fixtures/apple-m4-pro.json" \
	"$tmp/new" 1 --seed 99 --start 2099-01-01T00:00:00Z \
	--producer-change 0:2.1.0 --change 0:0.8:stream:multi >/dev/null
echo "truth: $(cat "$tmp/truth.json")"
echo "load: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) CPUs"

# xargs would split the command; one add is one transaction.
measure "add $docs documents (one command)" \
	"$hist" --db "$db" add --host bench "$tmp"/docs/run-*.json
bytes=$(($(stat -c %s "$db") + $(stat -c %s "$db-wal" 2>/dev/null || echo 0)))
doc_bytes=$(cat "$tmp"/docs/run-00000.json | wc -c)
echo "database: $bytes bytes, $((bytes / docs)) per document (a document is $doc_bytes bytes)"
measure "trend -w sgemm ($docs runs)" \
	"$hist" --db "$db" trend --host bench -w sgemm
measure "trend -w sgemm --json" \
	"$hist" --db "$db" trend --host bench -w sgemm --json
measure "trend -w sgemm --plot" \
	"$hist" --db "$db" trend --host bench -w sgemm --plot "$tmp/t.svg"
measure "changes (11 series of $docs runs)" "$hist" --db "$db" changes
echo "  change points found:"
sed 's/^/    /' "$tmp/out"
measure "check one document against $docs runs" \
	"$hist" --db "$db" check --host bench "$tmp/new/run-00000.json"
echo "  $(tail -1 "$tmp/out")"
measure "add the same $docs again (all duplicates)" \
	"$hist" --db "$db" add --host bench "$tmp"/docs/run-*.json
