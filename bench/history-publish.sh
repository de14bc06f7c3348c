#!/bin/sh
# bench/history-publish.sh [-b BUILDDIR] [-k DIR | -r DIR] [HOSTS [NIGHTS]]:
# threadstone-history publish at a fleet's scale.  Makes a history of
# HOSTS (1000) hosts of NIGHTS (100) nightly runs each
# (tests/history-synth.py, a seed per host; every tenth host's sgemm
# single-thread pass 10 % slower from 70 % of the nights on, every 25th
# host a new producer from 80 %, every 50th host quiet for its last 10
# nights), holding back one more night of every host; then times, each
# on its own, with the machine's load beside:
#   - the first publish of the whole site;
#   - a publish again with nothing new;
#   - a publish after the night held back is added (one run per host);
# and reports the site's bytes and files, the index's bytes (the issue
# asks under 300 KB) and how many files each publishing wrote.  -k DIR
# keeps the history and the site in DIR, -r DIR reuses them (the next
# night already added is not added twice).  Not a test: timings depend
# on the machine and on what else runs on it.
set -eu
. "$(dirname "$0")/common.sh"
while getopts b:k:r: opt; do
	bench_docopt "$opt" || bench_usage "[-b BUILDDIR] [-k DIR | -r DIR] [HOSTS [NIGHTS]]"
done
shift $((OPTIND - 1))
hosts=${1:-1000}
nights=${2:-100}
hist=$builddir/threadstone-history
bench_need "$hist"
bench_python
bench_dir history-publish
db=$dir/fleet.sqlite
site=$dir/site

load() {
	echo "  load: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) CPUs"
}

# measure LABEL CMD...: the wall and CPU seconds of CMD, and its line.
measure() {
	label=$1
	shift
	start=$(date +%s.%N)
	t0=$(awk '{print $14 + $15 + $16 + $17}' /proc/$$/stat)
	"$@" >"$dir/out" 2>"$dir/err" || { echo "$label failed: $(cat "$dir/err")" >&2; exit 1; }
	end=$(date +%s.%N)
	t1=$(awk '{print $14 + $15 + $16 + $17}' /proc/$$/stat)
	awk -v l="$label" -v s="$start" -v e="$end" -v c="$((t1 - t0))" \
	    -v hz="$(getconf CLK_TCK)" 'BEGIN {
		printf "%-40s %8.1f s wall %8.1f s CPU\n", l, e - s, c / hz }'
	echo "  $(cat "$dir/out")"
	load
}

if [ ! -f "$db" ]; then
	echo "making $hosts hosts of $nights nights (and one more each, held back)..."
	load
	mkdir -p "$dir/next"
	i=0
	while [ "$i" -lt "$hosts" ]; do
		name=$(printf 'lab-%04d' "$i")
		n=$((nights + 1)) extra=
		[ $((i % 10)) -eq 3 ] && extra="--change $((nights * 7 / 10)):0.9:sgemm:single"
		[ $((i % 25)) -eq 11 ] && extra="$extra --producer-change $((nights * 8 / 10)):2.1.0"
		[ $((i % 50)) -eq 7 ] && n=$((nights - 9))
		# shellcheck disable=SC2086
		python3 "$srcdir/tests/history-synth.py" \
		    "$srcdir/tests/fixtures/apple-m4-pro.json" "$dir/d" "$n" \
		    --seed $((i + 1)) $extra >/dev/null
		last=$(ls "$dir/d" | tail -1)
		mv "$dir/d/$last" "$dir/next/$name.json"
		"$hist" --db "$db" add --host "$name" "$dir"/d/run-*.json >/dev/null
		rm -rf "$dir/d"
		i=$((i + 1))
	done
fi
echo "history: $(stat -c %s "$db") bytes"

[ -d "$site" ] && [ -n "$reuse" ] || {
	rm -rf "$site"
	measure "publish ($hosts hosts, first)" "$hist" --db "$db" publish "$site"
}
echo "site: $(du -sb "$site" | cut -f1) bytes in $(find "$site" -type f | wc -l) files;" \
    "index.html $(stat -c %s "$site/index.html") bytes;" \
    "a host page $(stat -c %s "$(ls "$site"/h/*/index.html | head -1)") bytes"
measure "publish again, nothing new" "$hist" --db "$db" publish "$site"
if [ -d "$dir/next" ]; then
	for f in "$dir"/next/*.json; do
		"$hist" --db "$db" add --host "$(basename "$f" .json)" "$f" >/dev/null
	done
	rm -rf "$dir/next"
	echo "added one night to every host"
fi
measure "publish after one night" "$hist" --db "$db" publish "$site"
echo "site: $(du -sb "$site" | cut -f1) bytes; index.html $(stat -c %s "$site/index.html") bytes"
