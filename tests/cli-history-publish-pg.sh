#!/bin/sh
# threadstone-history publish on a PostgreSQL server: a history moved
# there from an SQLite file (migrate keeps ids and times) is published
# from both, and the two sites are the same, byte for byte; publishing
# again after one night writes the same 4 files on the server; a
# document deleted on the server takes its page with it; a database
# without a history is one line, exit 1.  The private cluster is
# tests/pg-cluster.sh's; skipped when the server is not installed.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

PY=${PYTHON3:-python3}
command -v "$PY" >/dev/null 2>&1 || skip_all "python3 is not installed"
[ -x "$TS_HISTORY" ] || skip_all "threadstone-history is not built"
H=$TS_HISTORY
SYNTH=$top_srcdir/tests/history-synth.py
APPLE=$FIXTURES/apple-m4-pro.json
unset THREADSTONE_HISTORY
. "$top_srcdir/tests/pg-cluster.sh"
pg_cluster_available || skip_all "$PG_WHY"
"$H" --db postgresql:///none list 2>&1 | grep -q "no PostgreSQL back end" &&
    skip_all "threadstone-history was built without PostgreSQL (libpq)"
pg_cluster_start

# written: the files the last publish wrote, from its line.
written() {
	printf '%s\n' "$out" | sed -n 's/.*: \([0-9]*\) files written.*/\1/p'
}

file=$tmpdir/h.sqlite
"$PY" "$SYNTH" "$APPLE" "$tmpdir/lab" 31 --change 18:0.9:sgemm:single \
    --producer-change 24:2.1.0 >/dev/null
# the other host: the history's last 6 nights, so that it is never quiet
"$PY" "$SYNTH" "$APPLE" "$tmpdir/other" 6 --seed 7 --start 2025-01-26T03:00:00Z >/dev/null
mkdir "$tmpdir/late" && mv "$tmpdir/lab/run-00030.json" "$tmpdir/late/"
"$H" --db "$file" add --host lab "$tmpdir"/lab/run-*.json >/dev/null &&
    "$H" --db "$file" add --host '<b>"x"' "$tmpdir"/other/run-*.json >/dev/null
ok $? "a history of 30 nights of lab and 6 of another host, in a file"
pg=$(pg_createdb pub)
run "$H" migrate --from "$file" --to "$pg"
expect_status 0 "migrate to the server"

run "$H" --db "$pg" publish "$tmpdir/site-pg"
expect_status 0 "publish from the server"
case $out in "published 2 hosts and 36 runs to $tmpdir/site-pg in "*": 41 files written, 0 unchanged, 0 not made again"*) ok 0 "one line says what was published" ;;
*) ok 1 "one line says what was published"; echo "# $out" ;; esac
run "$H" --db "$file" publish "$tmpdir/site-file"
expect_status 0 "publish from the file"
diff -r "$tmpdir/site-file" "$tmpdir/site-pg" >"$tmpdir/diff" 2>&1
ok $? "the server's site is the file's, byte for byte (pages, plots, manifest)"
[ -s "$tmpdir/diff" ] && head -20 "$tmpdir/diff" | sed 's/^/# /'

run "$H" --db "$pg" publish "$tmpdir/site-pg"
[ "$rc" -eq 0 ] && [ "$(written)" = 0 ]
ok $? "again from the server with nothing new: no file written"
"$H" --db "$pg" add --host lab "$tmpdir/late/run-00030.json" >/dev/null &&
    "$H" --db "$file" add --host lab "$tmpdir/late/run-00030.json" >/dev/null
run "$H" --db "$pg" publish "$tmpdir/site-pg"
[ "$rc" -eq 0 ] && [ "$(written)" = 4 ]
ok $? "after one night on the server: 4 files written (the index, the host page, the new run and the one before it)"
[ "$(written)" = 4 ] || echo "# $out"
lab=$(dirname "$(grep -l '<h1>lab</h1>' "$tmpdir"/site-pg/h/*/index.html)")
new=$(pg_sql pub "SELECT max(id) FROM documents")
[ -f "$lab/$new.html" ]
ok $? "the new night's page is there"
pg_sql pub "DELETE FROM documents WHERE id = $new" >/dev/null
run "$H" --db "$pg" publish "$tmpdir/site-pg"
[ "$rc" -eq 0 ] && [ ! -e "$lab/$new.html" ] && case $out in *", 1 removed; "*) true ;; *) false ;; esac
ok $? "a document deleted on the server: its page removed"

empty=$(pg_createdb empty)
run "$H" --db "$empty" publish "$tmpdir/site-empty"
expect_status 1 "a database without a history"
expect_one_error_line "a database without a history"
[ ! -e "$tmpdir/site-empty" ]
ok $? "a database without a history: no site made"
done_testing
