#!/bin/sh
# bench/history-scale.sh: threadstone-history at scale, on both back ends.
#
#   bench/history-scale.sh [HOSTS [NIGHTS [WRITERS]]]   (1000 100 16)
#
# A synthetic fleet (tests/history-synth.py: the Apple fixture
# re-serialised with noisy figures, a seed per host) of HOSTS hosts x
# NIGHTS nightly documents is added to an SQLite file and to a private
# PostgreSQL cluster (tests/pg-cluster.sh), the same documents to each, by
# WRITERS writers at once, each adding one host's nights per command:
# first a tenth of the fleet, then the rest.  For each back end it prints
# the add throughput (documents per second, wall), one host's check and
# changes (best of 5) with a tenth of the fleet and with all of it (their
# ratio: the issue asks check to grow at most 1.5x when the fleet grows
# tenfold), the whole fleet's changes, and the database's size; then
# whether export --format csv gives the same rows on both (the document
# ids of writers at once follow each database's interleaving, so the rows
# are compared without them, sorted; and a copy made by migrate, whose ids
# are the file's, byte for byte).  Not a test: timings depend on the
# machine and on what else runs on it; read the ratios, taken in one run.
#
#   bench/history-scale.sh --one-host [DOCUMENTS]   (10000)
#
# the earlier bench: one host's DOCUMENTS runs in one SQLite file (two
# level changes and a producer change), add, trend, changes, check.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
hist=${TS_HISTORY:-$top/threadstone-history}
src=${top_srcdir:-$top}
py=${PYTHON3:-python3}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/history-scale.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# measure LABEL CMD...: the wall and CPU seconds of CMD.
measure() {
	label=$1
	shift
	start=$(date +%s.%N)
	t0=$(awk '{print $14 + $15 + $16 + $17}' /proc/$$/stat)
	"$@" >"$tmp/out" 2>"$tmp/err" || { rc=$?; [ $rc -eq 3 ] || [ $rc -eq 4 ] || {
		echo "$label failed ($rc): $(cat "$tmp/err")" >&2; exit 1; }; }
	end=$(date +%s.%N)
	t1=$(awk '{print $14 + $15 + $16 + $17}' /proc/$$/stat)
	awk -v l="$label" -v s="$start" -v e="$end" -v c="$((t1 - t0))" \
	    -v hz="$(getconf CLK_TCK)" 'BEGIN {
		printf "%-44s %8.3f s wall %8.3f s CPU\n", l, e - s, c / hz }'
}

# best N CMD...: the shortest wall time of N runs of CMD, in seconds.
best() {
	n=$1
	shift
	b=
	i=0
	while [ $i -lt "$n" ]; do
		s=$(date +%s.%N)
		"$@" >/dev/null 2>&1 || [ $? -eq 3 ] || [ $? -eq 4 ] || true
		e=$(date +%s.%N)
		b=$(awk -v s="$s" -v e="$e" -v b="$b" 'BEGIN {
			t = e - s; if (b == "" || t < b) b = t; printf "%.4f", b }')
		i=$((i + 1))
	done
	echo "$b"
}

one_host() {
docs=${1:-10000}
db=$tmp/h.sqlite
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
}

if [ "${1:-}" = --one-host ]; then
	one_host "${2:-10000}"
	exit 0
fi
hosts=${1:-1000}
nights=${2:-100}
writers=${3:-16}
tenth=$((hosts / 10))
[ "$tenth" -ge 1 ] || { echo "history-scale: at least 10 hosts" >&2; exit 2; }
tmpdir=$tmp
. "$src/tests/pg-cluster.sh"
pg_cluster_available || { echo "history-scale: $PG_WHY" >&2; exit 1; }
[ "$(id -u)" -ne 0 ] || chmod 755 "$tmp"

echo "generating $hosts hosts x $nights nights..."
"$py" - "$src/tests/fixtures/apple-m4-pro.json" "$tmp/fleet" "$hosts" "$nights" <<'PYEOF'
import json, os, random, sys, datetime
fixture, out, hosts, nights = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
base = json.load(open(fixture))
base.pop("signature", None)
text = json.dumps(base)
t0 = datetime.datetime(2025, 1, 1, 2, 0, 0)
for h in range(1, hosts + 1):
    rng = random.Random(h)
    d = os.path.join(out, "host-%04d" % h)
    os.makedirs(d)
    for i in range(nights):
        doc = json.loads(text)
        doc["generated_at"] = (t0 + datetime.timedelta(days=i)).strftime("%Y-%m-%dT%H:%M:%SZ")
        for w in doc["workloads"]:
            for pk in ("single_thread", "multi_thread"):
                p = w.get(pk)
                if not p:
                    continue
                f = max(0.05, 1.0 + rng.gauss(0.0, 0.01))
                p["value"] *= f
                p["samples"] = [s * f for s in p["samples"]]
                for k in ("median", "mean", "stddev", "min", "max", "p05", "p95", "ci95"):
                    p["stats"][k] *= f
        with open(os.path.join(d, "run-%03d.json" % i), "w") as fh:
            json.dump(doc, fh, separators=(",", ":"))
PYEOF
"$py" "$src/tests/history-synth.py" "$src/tests/fixtures/apple-m4-pro.json" \
	"$tmp/new" 1 --seed 99 --start 2099-01-01T00:00:00Z >/dev/null
echo "load: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) CPUs (a machine shared with other builds: read the ratios)"
pg_cluster_start

# add_hosts DB FIRST LAST: WRITERS writers at once, one add per host.
add_hosts() {
	w=1
	pids=
	while [ $w -le "$writers" ]; do
		(
			h=$(($2 + w - 1))
			while [ $h -le "$3" ]; do
				name=$(printf 'host-%04d' $h)
				"$hist" --db "$1" --timeout 600 add --host "$name" \
				    "$tmp/fleet/$name"/run-*.json >/dev/null ||
				    echo "add of $name failed" >&2
				h=$((h + writers))
			done
		) &
		pids="$pids $!"
		w=$((w + 1))
	done
	wait $pids
}

# fleet NAME DB: the fleet into DB (a tenth, then the rest), with figures.
fleet() {
	name=$1
	db=$2
	s=$(date +%s.%N)
	add_hosts "$db" 1 "$tenth"
	e=$(date +%s.%N)
	awk -v n="$name" -v d=$((tenth * nights)) -v s="$s" -v e="$e" 'BEGIN {
		printf "%-10s add %d documents (%d writers): %8.1f s, %7.1f documents/s\n", n, d, '"$writers"', e - s, d / (e - s) }'
	c1=$(best 5 "$hist" --db "$db" check --host host-0001 "$tmp/new/run-00000.json")
	h1=$(best 5 "$hist" --db "$db" changes --host host-0001)
	s=$(date +%s.%N)
	add_hosts "$db" $((tenth + 1)) "$hosts"
	e=$(date +%s.%N)
	awk -v n="$name" -v d=$(((hosts - tenth) * nights)) -v s="$s" -v e="$e" 'BEGIN {
		printf "%-10s add %d documents (%d writers): %8.1f s, %7.1f documents/s\n", n, d, '"$writers"', e - s, d / (e - s) }'
	c2=$(best 5 "$hist" --db "$db" check --host host-0001 "$tmp/new/run-00000.json")
	h2=$(best 5 "$hist" --db "$db" changes --host host-0001)
	c1b=$(best 5 "$hist" --db "$db" check --host host-0001 "$tmp/new/run-00000.json")
	echo "$name one host's check: $c1 s with $tenth hosts, $c2 s with $hosts ($(awk -v a="$c1" -v b="$c2" 'BEGIN { printf "%.2f", b / a }')x)"
	echo "$name one host's changes: $h1 s with $tenth hosts, $h2 s with $hosts ($(awk -v a="$h1" -v b="$h2" 'BEGIN { printf "%.2f", b / a }')x)"
	measure "$name: the whole fleet's changes" "$hist" --db "$db" changes
	echo "$name: $(grep -c . "$tmp/out") lines of changes"
	measure "$name: export --format csv" "$hist" --db "$db" export --format csv
	mv "$tmp/out" "$tmp/$name.csv"
}

fleet SQLite "$tmp/fleet.sqlite"
echo "SQLite database: $(stat -c %s "$tmp/fleet.sqlite") bytes, $(($(stat -c %s "$tmp/fleet.sqlite") / (hosts * nights))) per document"
pgdb=$(pg_createdb fleet)
fleet PostgreSQL "$pgdb"
bytes=$(pg_sql fleet "SELECT sum(pg_total_relation_size(c.oid)) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'r'")
echo "PostgreSQL database: $bytes bytes in its tables (indexes and TOAST included), $((bytes / (hosts * nights))) per document; $(pg_sql fleet "SELECT pg_database_size('fleet')") bytes the whole database"
rows=$(($(wc -l <"$tmp/SQLite.csv") - 1))
cut -d, -f2- "$tmp/SQLite.csv" | sort >"$tmp/a.sorted"
cut -d, -f2- "$tmp/PostgreSQL.csv" | sort >"$tmp/b.sorted"
if cmp -s "$tmp/a.sorted" "$tmp/b.sorted"; then
	echo "export --format csv: the same $rows rows from both, but for their document ids"
else
	echo "export --format csv: the rows differ"
fi
mig=$(pg_createdb migrated)
measure "migrate the SQLite fleet to an empty server database" \
	"$hist" migrate --from "$tmp/fleet.sqlite" --to "$mig"
"$hist" --db "$mig" export --format csv >"$tmp/m.csv"
if cmp -s "$tmp/SQLite.csv" "$tmp/m.csv"; then
	echo "export --format csv: SQLite and its copy on PostgreSQL byte for byte identical ($rows rows)"
else
	echo "export --format csv: SQLite and its copy on PostgreSQL differ"
fi
