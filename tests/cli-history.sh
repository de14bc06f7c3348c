#!/bin/sh
# threadstone-history: adding documents and tachyon records (duplicates
# once, bad input refused whole), list/show/hosts/export, the database's
# failures (not SQLite, newer, read-only, locked: one line, exit 1,
# nothing changed), the migration from schema version 1, concurrent
# writers, kill -9 during add, changes and check on a synthetic history,
# and trend's table, JSON and SVG.  SQL is run through python3's sqlite3
# module, so the sqlite3 program is not needed.
#
# With TS_HISTORY_BACKEND=postgresql (tests/cli-history-pg.sh), the same
# commands run on a private PostgreSQL cluster (tests/pg-cluster.sh), each
# database of the test a database there, and what is about a file (not
# SQLite, its journal, its permissions, its locks, schema version 1, rows
# no PostgreSQL column can hold) is left to the SQLite run.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

PY=${PYTHON3:-python3}
BACKEND=${TS_HISTORY_BACKEND:-sqlite}
command -v "$PY" >/dev/null 2>&1 || skip_all "python3 is not installed"
"$PY" -c 'import sqlite3' 2>/dev/null || skip_all "python3 has no sqlite3"
[ -x "$TS_HISTORY" ] || skip_all "threadstone-history is not built"
H=$TS_HISTORY
SYNTH=$top_srcdir/tests/history-synth.py
APPLE=$FIXTURES/apple-m4-pro.json
RUN=$FIXTURES/run-signed-at-runtime.json
unset THREADSTONE_HISTORY
if [ "$BACKEND" = postgresql ]; then
	. "$top_srcdir/tests/pg-cluster.sh"
	pg_cluster_available || skip_all "$PG_WHY"
	"$H" --db postgresql:///none list 2>&1 | grep -q "no PostgreSQL back end" &&
	    skip_all "threadstone-history was built without PostgreSQL (libpq)"
	pg_cluster_start
fi

# newdb NAME: the --db of a new, empty history NAME.
newdb() {
	if [ "$BACKEND" = postgresql ]; then
		pg_createdb "$1"
	else
		echo "$tmpdir/$1.sqlite"
	fi
}
# sqlite_only N WHY: N test points skipped on PostgreSQL; 1 on SQLite.
sqlite_only() {
	[ "$BACKEND" = sqlite ] && return 0
	i=0
	while [ $i -lt "$1" ]; do
		ok 0 "# SKIP $2: about an SQLite file"
		i=$((i + 1))
	done
	return 1
}

# sql DB QUERY: the rows of QUERY, one per line, columns by '|'.
sql() {
	if [ "$BACKEND" = postgresql ]; then
		pg_sql "${1##*/}" "$2"
		return
	fi
	"$PY" - "$1" "$2" <<'PYEOF'
import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
for row in c.execute(sys.argv[2]):
    print("|".join("" if v is None else str(v) for v in row))
PYEOF
}
# copydb DB NAME: the --db of a copy of DB under the name NAME.
copydb() {
	if [ "$BACKEND" = postgresql ]; then
		"$PG_PSQL" -q -d postgres -c "CREATE DATABASE \"$2\" TEMPLATE \"${1##*/}\"" >/dev/null &&
		    pg_uri "$2"
	else
		cp "$1" "$tmpdir/$2.sqlite" && echo "$tmpdir/$2.sqlite"
	fi
}
db=$(newdb h)

### Usage.
run "$H" --help
expect_status 0 "--help"
case $out in *"check DOC"*) ok 0 "--help names the commands" ;;
*) ok 1 "--help names the commands" ;; esac
run "$H"
expect_status 2 "no command"
expect_one_error_line "no command"
run "$H" frobnicate
expect_status 2 "unknown command"
run "$H" --db "$db" list --force
expect_status 2 "an option the command does not take"
expect_one_error_line "list --force"
run "$H" --db "$db" trend
expect_status 2 "trend without -w"
run "$H" --db "$db" list --since yesterday
expect_status 2 "a bad --since"
run "$H" --db "$db" list
expect_status 1 "list of a database that does not exist"
expect_one_error_line "no database"
if [ "$BACKEND" = postgresql ]; then
	[ -z "$(sql "$db" "SELECT to_regclass('documents')")" ]
else
	[ ! -e "$db" ]
fi
ok $? "reading created no database"

### A refused add changes nothing on disk: no database, no directory.
printf '<svg xmlns="http://www.w3.org/2000/svg"/>\n' >"$tmpdir/cache.svg"
if sqlite_only 8 "a refused add leaves no file"; then
run "$H" --db "$tmpdir/svg.sqlite" add "$tmpdir/cache.svg"
expect_status 1 "add of an SVG picture"
expect_one_error_line "add of an SVG picture"
case $err in *"cache.svg is neither a result document nor readings of the memory probe"*"nothing added"*)
	ok 0 "says what the file is not, and that nothing was added" ;;
*) ok 1 "says what the file is not, and that nothing was added"; echo "# $err" ;; esac
[ -z "$(ls -A "$tmpdir" | grep svg.sqlite)" ]
ok $? "no database file, nor any file beside it"
run env XDG_DATA_HOME="$tmpdir/xdg" HOME="$tmpdir/home" "$H" add "$tmpdir/cache.svg"
expect_status 1 "add of an SVG picture to the default database"
[ ! -e "$tmpdir/xdg" ] && [ ! -e "$tmpdir/home" ]
ok $? "the default database's directories are not left behind"
mkdir -p "$tmpdir/xdg"
run env XDG_DATA_HOME="$tmpdir/xdg" "$H" add "$tmpdir/cache.svg"
[ -d "$tmpdir/xdg" ] && [ -z "$(ls -A "$tmpdir/xdg")" ]
ok $? "a directory that was there stays, empty"
rmdir "$tmpdir/xdg"
fi

### Adding.
run "$H" --db "$db" add "$APPLE" "$RUN"
expect_status 0 "add two documents"
[ "$(sql "$db" 'SELECT count(*) FROM documents')" = 2 ]
ok $? "two documents recorded"
[ "$(sql "$db" 'SELECT signature FROM documents ORDER BY id')" = "valid
valid" ]
ok $? "their signatures are valid"
[ "$(sql "$db" 'SELECT count(*) FROM results WHERE document_id = 1')" = 11 ]
ok $? "the Apple document's eleven passes are results"
run "$H" --db "$db" add "$APPLE" - <"$RUN"
expect_status 0 "the same documents again (one from standard input)"
case $out in *"2 already there"*) ok 0 "said already there" ;;
*) ok 1 "said already there"; echo "# $out" ;; esac
[ "$(sql "$db" 'SELECT count(*) FROM documents')" = 2 ]
ok $? "the same document twice is one row"
if [ "$BACKEND" = postgresql ]; then
	[ "$(sql "$db" 'SELECT schema_version FROM threadstone_history')" = 2 ]
	ok $? "schema version 2"
else
	[ "$(sql "$db" 'PRAGMA journal_mode')" = delete ] &&
		[ "$(sql "$db" 'PRAGMA user_version')" = 2 ]
	ok $? "a rollback journal, schema version 2"
	ls -a "$tmpdir" | grep -q '^h\.sqlite-\|^\.h\.sqlite'
	[ $? -ne 0 ]
	ok $? "no file left beside the database"
fi

# A bad document among good ones: nothing of the command is added.
"$PY" "$SYNTH" "$APPLE" "$tmpdir/one" 1 --start 2026-01-01T00:00:00Z >/dev/null
before=$(sql "$db" 'SELECT count(*) FROM documents')
run "$H" --db "$db" add "$tmpdir/one/run-00000.json" \
	"$FIXTURES/compare-candidate-b.json"
expect_status 1 "an incoherent document"
expect_one_error_line "an incoherent document"
[ "$(sql "$db" 'SELECT count(*) FROM documents')" = "$before" ]
ok $? "nothing added, not even the good document before it"
printf '{"schema_version": 2,' >"$tmpdir/trunc.json"
run "$H" --db "$db" add "$tmpdir/one/run-00000.json" "$tmpdir/trunc.json"
expect_status 1 "a document that does not parse"
expect_one_error_line "a document that does not parse"
[ "$(sql "$db" 'SELECT count(*) FROM documents')" = "$before" ]
ok $? "does not parse: nothing added, not even the good document before it"

# An invalid signature: refused, or recorded as invalid with --force.
sed 's/"duration_secs": 45.710684875/"duration_secs": 45.5/' "$APPLE" \
	>"$tmpdir/tampered.json"
run "$H" --db "$db" add "$tmpdir/tampered.json"
expect_status 1 "an invalid signature"
expect_one_error_line "an invalid signature"
run "$H" --db "$db" add --force "$tmpdir/tampered.json"
expect_status 0 "an invalid signature with --force"
[ "$(sql "$db" "SELECT signature FROM documents WHERE source LIKE '%tampered.json'")" = invalid ]
ok $? "recorded as invalid"

# tachyon records, with their host.
printf '%s\n' \
 '{"probe":"memory-chase","version":"0.2.0","million_accesses_per_sec":41.5,"ns_per_access":24.1,"reading":1,"unix_time":1767225600.0,"host_id":"box-1","hostname":"box-1"}' \
 '{"probe":"memory-chase","version":"0.2.0","million_accesses_per_sec":40.9,"ns_per_access":24.4,"reading":2,"unix_time":1767229200.0,"host_id":"box-1","hostname":"box-1"}' \
	>"$tmpdir/tachyon.jsonl"
run "$H" --db "$db" add "$tmpdir/tachyon.jsonl"
expect_status 0 "add tachyon records"
[ "$(sql "$db" "SELECT count(*) FROM readings t JOIN hosts h ON h.id = t.host_id WHERE h.name = 'box-1'")" = 2 ]
ok $? "two records under their host_id"
run "$H" --db "$db" add "$tmpdir/tachyon.jsonl"
[ "$(sql "$db" 'SELECT count(*) FROM readings')" = 2 ]
ok $? "records added twice are recorded once"

### What is stored is checked (issue 32): times from 2000-01-01 to
### 2099-12-31, host names held to tachyon's --tag rule, UTF-8 text
### without NUL.  Each refusal is one line, exit 1, nothing added.
cdb=$(newdb checked)
"$H" --db "$cdb" add "$tmpdir/tachyon.jsonl" >/dev/null
# rec TIME HOST: a tachyon record line, TIME and HOST as JSON text.
rec() {
	printf '{"probe":"memory-chase","version":"0.2.0","million_accesses_per_sec":41.5,"unix_time":%s,"host_id":%s}\n' "$1" "$2"
}
# refused DESC WANT: the last add exited 1 with one line holding WANT,
# and the history is as it was.
refused() {
	[ "$rc" -eq 1 ] && [ "$(wc -l <"$tmpdir/err")" -eq 1 ] &&
	    grep -q -- "$2" "$tmpdir/err" &&
	    [ "$(sql "$cdb" 'SELECT count(*) FROM readings')|$(sql "$cdb" 'SELECT count(*) FROM hosts')|$(sql "$cdb" 'SELECT count(*) FROM documents')" = "2|1|0" ]
	ok $? "$1: refused in one line ('$2'), nothing added"
	[ "$rc" -eq 1 ] || echo "# exit $rc: $err"
}
for t in 1e300 -1e300 -5 1.8e19 946684799.9 4102444800 '"1767225600"' null; do
	rec "$t" '"box-2"' >"$tmpdir/bad.jsonl"
	run "$H" --db "$cdb" add "$tmpdir/bad.jsonl"
	refused "a record at unix_time $t" "unix_time"
done
rec 1767225600 '"box\u001b[31m-2"' >"$tmpdir/bad.jsonl"
run "$H" --db "$cdb" add "$tmpdir/bad.jsonl"
refused "a host_id with a terminal escape" "host_id holds the control character U+001B"
rec 1767225600 '"box-1\u0000-2"' >"$tmpdir/bad.jsonl"
run "$H" --db "$cdb" add "$tmpdir/bad.jsonl"
refused "a host_id with a NUL (it was cut there, merged with box-1)" 'NUL'
rec 1767225600 '""' >"$tmpdir/bad.jsonl"
run "$H" --db "$cdb" add "$tmpdir/bad.jsonl"
refused "an empty host_id" "host_id is empty"
rec 1767225600 "\"$("$PY" -c 'print("h" * 1025)')\"" >"$tmpdir/bad.jsonl"
run "$H" --db "$cdb" add "$tmpdir/bad.jsonl"
refused "a host_id of 1025 bytes" "host_id is 1025 bytes long"
rec 1767225600 "$(printf '"box-\377"')" >"$tmpdir/bad.jsonl"
run "$H" --db "$cdb" add "$tmpdir/bad.jsonl"
refused "a host_id that is not UTF-8" "not valid UTF-8"
printf '{"probe":"memory-chase","million_accesses_per_sec":41.5,"unix_time":1767225600,"host_id":"box-2","note":"\300\200"}\n' \
    >"$tmpdir/bad.jsonl"
run "$H" --db "$cdb" add --host box-2 "$tmpdir/bad.jsonl"
refused "a record holding invalid UTF-8 (C0 80), under --host" "not valid UTF-8"
printf '{"probe":"memory-chase","million_accesses_per_sec":41.5,"unix_time":1767225600,"host_id":"box-2","note":"a\\u0000b"}\n' \
    >"$tmpdir/bad.jsonl"
run "$H" --db "$cdb" add --host box-2 "$tmpdir/bad.jsonl"
refused "a record with a NUL in another string" 'NUL'
rec 1767225600 '"box-2"' >"$tmpdir/two.jsonl"
rec 1767225601 '"box-\u001b]0;x\u0007"' >>"$tmpdir/two.jsonl"
run "$H" --db "$cdb" add "$tmpdir/two.jsonl"
refused "a good record, then one with an OSC escape: neither is added" "two.jsonl:2: host_id"
run "$H" --db "$cdb" add --host "$(printf 'lab\033[2J')" "$tmpdir/tachyon.jsonl"
expect_status 2 "--host with a terminal escape"
expect_one_error_line "--host with a terminal escape"
for when in 2026-02-30 2025-02-29 2026-04-31 2026-13-01 2026-01-01T24:00:00Z; do
	run "$H" --db "$cdb" list --since "$when"
	expect_status 2 "--since $when (no such time)"
done
run "$H" --db "$cdb" list --since 2024-02-29 --until 2026-12-31T23:59:60Z
expect_status 0 "--since 2024-02-29 and --until a leap second are times"
# The edges of the range, and a host name of UTF-8 text, are taken.
rec 946684800 '"bôx-ü"' >"$tmpdir/edge.jsonl"
rec 4102444799.5 '"bôx-ü"' >>"$tmpdir/edge.jsonl"
run "$H" --db "$cdb" add "$tmpdir/edge.jsonl"
expect_status 0 "records at 2000-01-01T00:00:00Z and just before 2100 under a UTF-8 host name"
# Documents: a NUL (kept by the parser as C0 80) or an escape in a
# string the history stores, a time out of the range or not on the
# calendar.
doc=$tmpdir/one/run-00000.json
sed 's/"cpu_model": *"[^"]*"/"cpu_model":"Apple\\u0000M4"/' "$doc" >"$tmpdir/d-nul.json"
sed 's/"cpu_model": *"[^"]*"/"cpu_model":"Apple\\u001b[31mM4"/' "$doc" >"$tmpdir/d-esc.json"
sed 's/"generated_at": *"[^"]*"/"generated_at":"1999-12-31T23:59:59Z"/' "$doc" >"$tmpdir/d-1999.json"
sed 's/"generated_at": *"[^"]*"/"generated_at":"2100-01-01T00:00:00Z"/' "$doc" >"$tmpdir/d-2100.json"
sed 's/"generated_at": *"[^"]*"/"generated_at":"2026-02-30T12:00:00Z"/' "$doc" >"$tmpdir/d-feb30.json"
for d in nul:NUL esc:U+001B 1999:generated_at 2100:generated_at feb30:generated_at; do
	f=$tmpdir/d-${d%%:*}.json
	run "$H" --db "$cdb" add --host lab "$f"
	[ "$rc" -eq 1 ] && [ "$(wc -l <"$tmpdir/err")" -eq 1 ] &&
	    grep -q "${d#*:}" "$tmpdir/err" &&
	    [ "$(sql "$cdb" 'SELECT count(*) FROM documents')" = 0 ]
	ok $? "a document (${d%%:*}) refused in one line ('${d#*:}'), nothing added"
	[ "$rc" -eq 1 ] || echo "# exit $rc: $err"
done
run "$H" --db "$cdb" add "$tmpdir/d-esc.json"
expect_status 1 "a machine name with an escape, without --host"
# An operand's name that is not UTF-8 text is stored with '?' in its place.
cp "$doc" "$tmpdir/$(printf 'odd\033[31m\377.json')"
run "$H" --db "$cdb" add "$tmpdir"/odd*.json
expect_status 0 "a document whose file name holds an escape and a stray byte"
[ "$(sql "$cdb" 'SELECT source FROM documents')" = "$tmpdir/odd?[31m?.json" ]
ok $? "its source is stored as text, '?' for the escape and the stray byte"
"$H" --db "$cdb" hosts >"$tmpdir/hosts.out" &&
    "$H" --db "$cdb" export --format csv >"$tmpdir/export.csv" &&
    ! grep -q "$(printf '\033')" "$tmpdir/hosts.out" "$tmpdir/export.csv" &&
    "$PY" -c 'import sys; [open(f, encoding="utf-8", errors="strict").read() for f in sys.argv[1:]]' \
    "$tmpdir/hosts.out" "$tmpdir/export.csv"
ok $? "hosts and export --format csv: UTF-8 text, no escape"

### Reading back.
run "$H" --db "$db" list
expect_status 0 "list"
[ "$(printf '%s\n' "$out" | wc -l)" -eq 4 ]
ok $? "list: a header and three documents"
run "$H" --db "$db" list --producer 'rustc 1.83.0'
[ "$(printf '%s\n' "$out" | wc -l)" -eq 3 ]
ok $? "list --producer"
run "$H" --db "$db" list --since 2026-09-01
[ "$(printf '%s\n' "$out" | wc -l)" -eq 2 ]
ok $? "list --since"
run "$H" --db "$db" hosts
expect_status 0 "hosts"
case $out in *box-1*"Apple M4 Pro"*|*"Apple M4 Pro"*box-1*) ok 0 "hosts names both" ;;
*) ok 1 "hosts names both"; echo "# $out" ;; esac
"$H" --db "$db" show --body 1 >"$tmpdir/body.json"
cmp -s "$tmpdir/body.json" "$APPLE"
ok $? "show --body gives the document back byte for byte"
run "$H" --db "$db" show 99
expect_status 1 "show of a missing id"
run "$H" --db "$db" export --format csv -w sgemm
expect_status 0 "export csv"
[ "$(printf '%s\n' "$out" | wc -l)" -eq "$(($(sql "$db" "SELECT count(*) FROM results WHERE workload = 'sgemm'") + 1))" ]
ok $? "export csv: a header and one row per sgemm result"
"$H" --db "$db" export --pass multi >"$tmpdir/e.jsonl"
"$PY" -c '
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
assert rows and all(r["pass"] == "multi" for r in rows)
' "$tmpdir/e.jsonl"
ok $? "export jsonl --pass multi: JSON lines, multi only"
# A document of ours names its host (extensions.hostname): added with no
# --host it is recorded under that name, and export's row has the run id,
# host and time that report's CSV gives the same document.
"$PY" - "$FIXTURES/executions-run.json" "$tmpdir/named.json" <<'PYEOF'
import json, sys
d = json.load(open(sys.argv[1]))
d["extensions"]["hostname"] = "lab-7"
json.dump(d, open(sys.argv[2], "w"), indent=2)
PYEOF
named=$(newdb named)
"$H" --db "$named" add "$tmpdir/named.json" >/dev/null
run "$H" --db "$named" hosts
case $out in *lab-7*) ok 0 "add with no --host: the document's hostname is its host" ;;
*) ok 1 "add with no --host: the document's hostname is its host"; echo "# $out" ;; esac
a=$("$H" --db "$named" export --format csv | sed -n 2p | cut -d, -f2-4)
b=$("$TS_REPORT" --format csv "$tmpdir/named.json" | sed -n 2p | cut -d, -f1-3)
[ -n "$a" ] && [ "$a" = "$b" ] && case $a in *,lab-7,*) true ;; *) false ;; esac
ok $? "export's run_id, host and generated_at are report's CSV's ($a)"
# A text with a carriage return (put in the database by other means: add
# refuses control characters) is one quoted CSV field, as RFC 4180 says.
if [ "$BACKEND" = postgresql ]; then
	sql "$named" "UPDATE hosts SET name = 'lab' || chr(13) || '7'" >/dev/null
else
	"$PY" - "$named" <<'PYEOF'
import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
c.execute("UPDATE hosts SET name = 'lab' || char(13) || '7'")
c.commit()
PYEOF
fi
"$H" --db "$named" export --format csv >"$tmpdir/cr.csv"
"$PY" - "$tmpdir/cr.csv" <<'PYEOF'
import csv, sys
text = open(sys.argv[1], newline="").read()
assert '"lab\r7"' in text, repr(text[:300])
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
assert rows and all(r["host"] == "lab\r7" for r in rows), rows[:1]
PYEOF
ok $? "export --format csv: a field with a carriage return is quoted"

### The database's failures: one line, exit 1, nothing changed.  The
### file's (SQLite's); a server's are tests/cli-history-server.sh's.
if [ "$BACKEND" = sqlite ]; then
printf 'not a database at all, just text\n' >"$tmpdir/text.sqlite"
cp "$tmpdir/text.sqlite" "$tmpdir/text.orig"
run "$H" --db "$tmpdir/text.sqlite" add "$APPLE"
expect_status 1 "a file that is not SQLite"
expect_one_error_line "not SQLite"
cmp -s "$tmpdir/text.sqlite" "$tmpdir/text.orig"
ok $? "not SQLite: file unchanged"
cp "$db" "$tmpdir/newer.sqlite"
ndocs=$(sql "$tmpdir/newer.sqlite" 'SELECT count(*) FROM documents')
sql "$tmpdir/newer.sqlite" 'PRAGMA user_version = 9' >/dev/null
sum=$(cksum <"$tmpdir/newer.sqlite")
run "$H" --db "$tmpdir/newer.sqlite" add "$tmpdir/one/run-00000.json"
expect_status 1 "a newer schema"
expect_one_error_line "a newer schema"
case $err in *"version 9"*) ok 0 "says version 9" ;; *) ok 1 "says version 9" ;; esac
[ "$(cksum <"$tmpdir/newer.sqlite")" = "$sum" ] &&
	[ "$(sql "$tmpdir/newer.sqlite" 'SELECT count(*) FROM documents')|$(sql "$tmpdir/newer.sqlite" 'PRAGMA user_version')" = "$ndocs|9" ]
ok $? "a newer schema: file unchanged, nothing added"
sql "$tmpdir/otherapp.sqlite" 'CREATE TABLE t (x)' >/dev/null
run "$H" --db "$tmpdir/otherapp.sqlite" add "$RUN"
expect_status 1 "another application's SQLite database"
expect_one_error_line "another application's SQLite database"
[ "$(sql "$tmpdir/otherapp.sqlite" "SELECT count(*) FROM sqlite_master")" = 1 ]
ok $? "another application's database untouched"
# Another application's database, whatever its user_version and journal,
# is refused by every command byte for byte unchanged.
for kind in v0 v1 v2 wal; do
	o=$tmpdir/other-$kind.sqlite
	case $kind in
	v0) sql "$o" 'CREATE TABLE t (x)' ;;
	v1) sql "$o" 'CREATE TABLE documents (x)' &&
	    sql "$o" 'PRAGMA user_version = 1' ;;
	v2) sql "$o" 'CREATE TABLE hosts (x)' &&
	    sql "$o" 'PRAGMA user_version = 2' ;;
	wal) sql "$o" 'PRAGMA journal_mode = WAL' &&
	    sql "$o" 'CREATE TABLE t (x)' ;;
	esac >/dev/null
	cp "$o" "$o.orig"
	for cmd in list add; do
		if [ $cmd = add ]; then
			run "$H" --db "$o" add "$RUN"
		else
			run "$H" --db "$o" list
		fi
		[ "$rc" -eq 1 ] && [ "$(wc -l <"$tmpdir/err")" -eq 1 ] &&
		    grep -q "is an SQLite database but not a threadstone history" \
		    "$tmpdir/err" && cmp -s "$o" "$o.orig" &&
		    [ ! -e "$o-wal" ] && [ ! -e "$o-shm" ] && [ ! -e "$o-journal" ]
		ok $? "$cmd on another application's database ($kind): not a threadstone history, byte for byte unchanged"
		[ "$rc" -eq 1 ] || sed 's/^/# /' "$tmpdir/err"
	done
done
# An empty file: a reading command writes nothing into it, add makes it
# a history.
: >"$tmpdir/empty.sqlite"
run "$H" --db "$tmpdir/empty.sqlite" list
[ "$rc" -eq 1 ] && grep -q "is empty: no history yet" "$tmpdir/err" &&
    [ ! -s "$tmpdir/empty.sqlite" ]
ok $? "list of an empty file: refused, and the file stays empty"
run "$H" --db "$tmpdir/empty.sqlite" add "$RUN"
expect_status 0 "add to an empty file"
[ "$(sql "$tmpdir/empty.sqlite" 'SELECT count(*) FROM documents')" = 1 ]
ok $? "the empty file is a history of one document"
# A directory that does not exist: said so, nothing made.
run "$H" --db "$tmpdir/nodir/h.sqlite" add "$RUN"
[ "$rc" -eq 1 ] && grep -q "cannot create $tmpdir/nodir/h.sqlite: no directory $tmpdir/nodir" \
    "$tmpdir/err" && [ ! -e "$tmpdir/nodir" ]
ok $? "a missing directory: named, nothing created"
# A bad operand to a new database: nothing is left on disk.
run "$H" --db "$tmpdir/new-bad.sqlite" add "$RUN" "$tmpdir/missing.json"
[ "$rc" -eq 1 ] && [ -z "$(ls -a "$tmpdir" | grep 'new-bad')" ]
ok $? "a refused add to a new database leaves no file"
# A database of an earlier release in WAL mode: add takes it back to a
# rollback journal, and leaves no -wal or -shm.
cp "$db" "$tmpdir/walmode.sqlite"
sql "$tmpdir/walmode.sqlite" 'PRAGMA journal_mode = WAL' >/dev/null
run "$H" --db "$tmpdir/walmode.sqlite" add "$tmpdir/one/run-00000.json"
expect_status 0 "add to a WAL-mode history"
[ "$(sql "$tmpdir/walmode.sqlite" 'PRAGMA journal_mode')" = delete ] &&
    [ ! -e "$tmpdir/walmode.sqlite-wal" ] && [ ! -e "$tmpdir/walmode.sqlite-shm" ]
ok $? "a WAL-mode history is taken back to a rollback journal"

# Read-only: as a user who may read the file and not write it.
cp "$db" "$tmpdir/ro.sqlite"
chmod 444 "$tmpdir/ro.sqlite"
chmod 755 "$tmpdir"
asuser=
if [ "$(id -u)" -eq 0 ]; then
	command -v setpriv >/dev/null 2>&1 &&
		asuser="setpriv --reuid=65534 --regid=65534 --clear-groups"
fi
if [ "$(id -u)" -ne 0 ] || [ -n "$asuser" ]; then
	sum=$(cksum <"$tmpdir/ro.sqlite")
	run $asuser "$H" --db "$tmpdir/ro.sqlite" add "$tmpdir/one/run-00000.json"
	expect_status 1 "a read-only database"
	expect_one_error_line "a read-only database"
	[ "$(cksum <"$tmpdir/ro.sqlite")" = "$sum" ]
	ok $? "read-only: unchanged"
	# Reading it as that user leaves nothing beside it, so that its
	# owner's next add is not locked out.
	chmod 1777 "$tmpdir"
	run $asuser "$H" --db "$tmpdir/ro.sqlite" list
	expect_status 0 "list of a database this user cannot write"
	chmod 644 "$tmpdir/ro.sqlite"
	[ ! -e "$tmpdir/ro.sqlite-wal" ] && [ ! -e "$tmpdir/ro.sqlite-shm" ] &&
	    [ ! -e "$tmpdir/ro.sqlite-journal" ]
	ok $? "another user's list leaves no file beside the database"
	run "$H" --db "$tmpdir/ro.sqlite" add "$tmpdir/one/run-00000.json"
	expect_status 0 "the owner's add after another user's list"
	chmod 755 "$tmpdir"
else
	for i in 1 2 3 4 5; do
		ok 0 "# SKIP read-only and another user: root without setpriv"
	done
fi

# Locked beyond the timeout: another connection holds the write lock
# until told to let go.
before=$(sql "$db" 'SELECT count(*) FROM documents')
"$PY" - "$db" "$tmpdir/locked" "$tmpdir/release" <<'PYEOF' &
import sqlite3, sys, time, os
c = sqlite3.connect(sys.argv[1], isolation_level=None)
c.execute("BEGIN IMMEDIATE")
open(sys.argv[2], "w").close()
for i in range(1200):
    if os.path.exists(sys.argv[3]):
        break
    time.sleep(0.05)
c.execute("ROLLBACK")
PYEOF
locker=$!
i=0
while [ ! -e "$tmpdir/locked" ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
run "$H" --db "$db" --timeout 1 add "$tmpdir/one/run-00000.json"
: >"$tmpdir/release"
wait $locker
expect_status 1 "a database locked beyond --timeout"
expect_one_error_line "locked"
case $err in *"locked by another writer (waited 1"*" s; see --timeout)"*)
	ok 0 "says locked, and how long it waited" ;;
*) ok 1 "says locked, and how long it waited"; echo "# $err" ;; esac
[ "$(sql "$db" 'SELECT count(*) FROM documents')" = "$before" ]
ok $? "locked: nothing added"

### Migration from schema version 1.
sql "$tmpdir/v1.sqlite" "$(cat "$FIXTURES/history-v1.sql")" >/dev/null 2>&1 ||
	"$PY" -c 'import sqlite3,sys; sqlite3.connect(sys.argv[1]).executescript(open(sys.argv[2]).read())' \
		"$tmpdir/v1.sqlite" "$FIXTURES/history-v1.sql"
[ "$(sql "$tmpdir/v1.sqlite" 'PRAGMA user_version')" = 1 ]
ok $? "the version 1 fixture is version 1"
run "$H" --db "$tmpdir/v1.sqlite" list
expect_status 0 "list of a version 1 database"
[ "$(sql "$tmpdir/v1.sqlite" 'PRAGMA user_version')" = 2 ]
ok $? "migrated to version 2"
[ "$(sql "$tmpdir/v1.sqlite" 'SELECT count(*) FROM documents')|$(sql "$tmpdir/v1.sqlite" 'SELECT count(*) FROM results')" = "2|3" ]
ok $? "its documents and results kept"
run "$H" --db "$tmpdir/v1.sqlite" add "$APPLE" "$tmpdir/tachyon.jsonl"
expect_status 0 "add to the migrated database"
[ "$(sql "$tmpdir/v1.sqlite" 'PRAGMA integrity_check')" = ok ] &&
	[ -z "$(sql "$tmpdir/v1.sqlite" 'PRAGMA foreign_key_check')" ]
ok $? "migrated database: integrity and foreign keys ok"

fi

### Writers that start together, on a new database and on one of schema
### version 1: every add succeeds and nothing is lost.  TS_HISTORY_PROCS
### writers of TS_HISTORY_WRITERS documents each, TS_HISTORY_ROUNDS times.
procs=${TS_HISTORY_PROCS:-4}
n=${TS_HISTORY_WRITERS:-20}
rounds=${TS_HISTORY_ROUNDS:-3}
p=1
while [ $p -le "$procs" ]; do
	"$PY" "$SYNTH" "$APPLE" "$tmpdir/w$p" "$n" --seed "$p" >/dev/null
	p=$((p + 1))
done
# writer P: wait for the start, then add each document of $tmpdir/wP.
writer() {
	wait_for_go
	for f in "$tmpdir/w$1"/run-*.json; do
		"$H" --db "$cdb" add "$f" >/dev/null 2>"$tmpdir/w$1.err" ||
		    echo "fail $f: $(cat "$tmpdir/w$1.err")"
	done >"$tmpdir/w$1.log"
}
# together ROUND DB: start the writers at once on DB; no add failed and
# every document is a row (besides the $3 there before).
together() {
	cdb=$2
	all_at_once "$procs" writer
	failed=$(cat "$tmpdir"/w*.log)
	[ -z "$failed" ]
	ok $? "$1: $procs writers started together, no add failed"
	[ -z "$failed" ] || echo "$failed" | head -3 | sed 's/^/# /'
	[ "$(sql "$cdb" 'SELECT count(*) FROM documents')" = $((procs * n + $3)) ] &&
	    { [ "$BACKEND" = postgresql ] || [ "$(sql "$cdb" 'PRAGMA integrity_check')" = ok ]; }
	ok $? "$1: $((procs * n + $3)) documents, integrity ok"
}
r=1
while [ $r -le "$rounds" ]; do
	together "a new database, round $r" "$(newdb conc$r)" 0
	r=$((r + 1))
done
if sqlite_only 2 "writers on a database of schema version 1"; then
sql "$tmpdir/conc-v1.sqlite" "$(cat "$FIXTURES/history-v1.sql")" >/dev/null 2>&1 ||
	"$PY" -c 'import sqlite3,sys; sqlite3.connect(sys.argv[1]).executescript(open(sys.argv[2]).read())' \
	"$tmpdir/conc-v1.sqlite" "$FIXTURES/history-v1.sql"
together "a database of schema version 1" "$tmpdir/conc-v1.sqlite" 2
fi

### kill -9 during add.
kills=${TS_HISTORY_KILLS:-10}
"$PY" "$SYNTH" "$APPLE" "$tmpdir/kd" 200 --seed 3 >/dev/null
kdb=$(newdb kill)
"$H" --db "$kdb" add "$RUN" >/dev/null
bad=0
killed=0
i=0
while [ $i -lt "$kills" ]; do
	"$H" --db "$kdb" add "$tmpdir"/kd/run-*.json >/dev/null 2>&1 &
	pid=$!
	sleep "0.$(( (i * 37) % 9 + 1))"
	kill -9 $pid 2>/dev/null
	wait $pid 2>/dev/null
	# integrity, documents, documents without results or body; and
	# back to the one document when the add had committed.
	if [ "$BACKEND" = postgresql ]; then
		set -- ok "$(sql "$kdb" 'SELECT count(*) FROM documents')" \
		    "$(sql "$kdb" 'SELECT count(*) FROM documents d WHERE NOT EXISTS (SELECT 1 FROM results r WHERE r.document_id = d.id) OR length(d.body) < 1000')"
		sql "$kdb" 'DELETE FROM documents WHERE id > 1' >/dev/null
	else
	set -- $("$PY" - "$kdb" <<'PYEOF'
import sqlite3, sys
c = sqlite3.connect(sys.argv[1], isolation_level=None)
r = c.execute("PRAGMA integrity_check").fetchone()[0]
d = c.execute("SELECT count(*) FROM documents").fetchone()[0]
o = c.execute("SELECT count(*) FROM documents d WHERE NOT EXISTS (SELECT 1 "
    "FROM results r WHERE r.document_id = d.id) OR length(d.body) < 1000"
    ).fetchone()[0]
c.execute("PRAGMA foreign_keys = ON")
c.execute("DELETE FROM documents WHERE id > 1")
print(r, d, o)
PYEOF
)
	fi
	if [ "$1" != ok ] || [ "$3" != 0 ] || { [ "$2" != 1 ] && [ "$2" != 201 ]; }; then
		bad=$((bad + 1))
		echo "# kill $i: integrity $1, $2 documents, $3 partial"
	fi
	[ "$2" = 1 ] && killed=$((killed + 1))
	i=$((i + 1))
done
# Not asserted (it depends on the machine's speed): how many of the adds
# the kill stopped before they committed, the others having finished.
echo "# $killed of $kills adds killed before they committed"
[ $bad -eq 0 ]
ok $? "$kills kill -9 during add: integrity ok, every document whole or absent"

### Changes and check on a synthetic history.
sdb=$(newdb synth)
"$PY" "$SYNTH" "$APPLE" "$tmpdir/s" 60 --seed 11 --change 25:0.85:sgemm:single \
	--producer-change 45:2.1.0 >/dev/null
"$H" --db "$sdb" add --host lab-1 "$tmpdir"/s/run-*.json >/dev/null
"$H" --db "$sdb" add --host lab-1 "$tmpdir/tachyon.jsonl" >/dev/null
run "$H" --db "$sdb" changes --json
expect_status 0 "changes --json"
printf '%s\n' "$out" >"$tmpdir/changes.json"
"$PY" -c '
import json, sys
ch = json.load(open(sys.argv[1]))
level = [c for c in ch if c["kind"] == "level"]
prod = [c for c in ch if c["kind"] == "producer"]
assert len(level) == 1, level
c = level[0]
assert (c["workload"], c["pass"], c["direction"]) == ("sgemm", "single", "worse"), c
assert abs(c["index"] - 25) <= 2, c
assert -17 < c["change_pct"] < -13, c
assert c["p"] < 0.001
assert len(prod) == 11 and all(p["index"] == 45 and p["direction"] == "none" for p in prod), prod
' "$tmpdir/changes.json"
ok $? "changes: the one level change found where it is, the producer change on every series, nothing invented"
run "$H" --db "$sdb" changes -w sgemm --pass single
case $out in *worse*producer*) ok 0 "changes text: worse, then producer" ;;
*) ok 1 "changes text: worse, then producer"; echo "# $out" ;; esac

"$PY" "$SYNTH" "$APPLE" "$tmpdir/ok" 1 --seed 12 --start 2025-06-01T00:00:00Z \
	--producer-change 0:2.1.0 >/dev/null
"$PY" "$SYNTH" "$APPLE" "$tmpdir/slow" 1 --seed 13 --start 2025-06-01T00:00:00Z \
	--producer-change 0:2.1.0 --change 0:0.85:stream:multi >/dev/null
"$PY" "$SYNTH" "$APPLE" "$tmpdir/other" 1 --seed 14 --start 2025-06-01T00:00:00Z \
	--producer-change 0:3.0.0 --change 0:0.5 >/dev/null
run "$H" --db "$sdb" check --host lab-1 "$tmpdir/ok/run-00000.json"
expect_status 0 "check of a result in line with its history"
case $out in *"no regression"*) ok 0 "says no regression" ;; *) ok 1 "says no regression" ;; esac
run "$H" --db "$sdb" check --host lab-1 "$tmpdir/slow/run-00000.json"
expect_status 3 "check of a result 15 % slower on stream multi"
case $out in *"regression: stream multi"*) ok 0 "names stream multi, only" ;;
*) ok 1 "names stream multi, only"; echo "# $out" ;; esac
run "$H" --db "$sdb" check --json --host lab-1 "$tmpdir/slow/run-00000.json"
printf '%s\n' "$out" | "$PY" -c '
import json, sys
j = json.load(sys.stdin)
assert j["regression"] is True
w = [r for r in j["rows"] if r["verdict"] == "worse"]
assert [(r["workload"], r["pass"]) for r in w] == [("stream", "multi")], w
assert w[0]["value"] < w[0]["low"]
'
ok $? "check --json: regression true, the row below its interval"
run "$H" --db "$sdb" check --host lab-1 "$tmpdir/other/run-00000.json"
expect_status 4 "check of a result from another producer, half as fast: not checked"
case $out in *"no history from this producer"*"not checked: no pass has 5 runs"*)
	ok 0 "says no history from this producer, and not checked" ;;
*) ok 1 "says no history from this producer, and not checked" ;; esac
# Another machine's document (another CPU) against lab-1's history.
sed 's/"cpu_model": *"[^"]*"/"cpu_model": "Neoverse-N1 (another machine)"/' \
    "$tmpdir/slow/run-00000.json" >"$tmpdir/arm.json"
run "$H" --db "$sdb" check --host lab-1 "$tmpdir/arm.json"
expect_status 4 "check of another machine's document: not checked"
case $out in *"not checked: the document is from another machine than host 'lab-1''s history (different CPUs: "*"'Neoverse-N1 (another machine)')"*) true ;; *) false ;; esac &&
    [ "$(printf '%s\n' "$err" | grep -c "another machine")" -eq 1 ]
ok $? "says so, as compare does, and warns in one line"
run "$H" --db "$sdb" check "$tmpdir/ok/run-00000.json"
expect_status 4 "check against a host with no history (no --host): not checked"
[ -z "$err" ] && case $out in *"not checked: no results of host"*"--host names the host"*) true ;; *) false ;; esac
ok $? "says not checked and why, on standard output, nothing on standard error"

### The first night and thin history: "not checked" (status 4), never
### "no regression"; the README's lines right on night one.
ndb=$(newdb night)
"$PY" "$SYNTH" "$APPLE" "$tmpdir/night" 2 --seed 21 >/dev/null
run "$H" --db "$ndb" check --host n1 "$tmpdir/night/run-00001.json"
expect_status 4 "check before any add: not checked"
[ -z "$err" ] && printf '%s\n' "$out" | tail -n 1 | grep -q "^not checked: no history at $ndb yet"
ok $? "says no history yet, on standard output"
if [ "$BACKEND" = postgresql ]; then
	[ -z "$(sql "$ndb" "SELECT to_regclass('documents')")" ]
else
	[ ! -e "$ndb" ]
fi
ok $? "check before any add creates no database"
run "$H" --db "$ndb" check --json --host n1 "$tmpdir/night/run-00001.json"
printf '%s\n' "$out" | "$PY" -c '
import json, sys
j = json.load(sys.stdin)
assert j["verdict"] == "not-checked" and j["judged"] == 0 and j["regression"] is False
assert "no history" in j["reason"] and j["rows"] == []
'
ok $? "check --json before any add: verdict not-checked, with the reason"
"$H" --db "$ndb" add --host n1 "$tmpdir/night/run-00000.json" >/dev/null
run "$H" --db "$ndb" check --host n1 "$tmpdir/night/run-00001.json"
expect_status 4 "check against one night of history: not checked"
case $out in *"too few (5 needed)"*"not checked: no pass has 5 runs since its last change"*)
	ok 0 "every row too few, and the verdict says not checked" ;;
*) ok 1 "every row too few, and the verdict says not checked"; echo "# $out" ;; esac
run "$H" --db "$ndb" check --json --host n1 "$tmpdir/night/run-00001.json"
printf '%s\n' "$out" | "$PY" -c '
import json, sys
j = json.load(sys.stdin)
assert j["verdict"] == "not-checked" and j["judged"] == 0 and len(j["rows"]) == 11
assert all(r["verdict"] == "too-few" for r in j["rows"])
'
ok $? "check --json on thin history: eleven rows too few, not checked"
run "$H" --db "$sdb" check --json --host lab-1 "$tmpdir/ok/run-00000.json"
printf '%s\n' "$out" | "$PY" -c '
import json, sys
j = json.load(sys.stdin)
assert j["verdict"] == "no-regression" and j["judged"] == 11, j["judged"]
'
ok $? "check --json with history: verdict no-regression, eleven rows judged"
# The README's check line, as written there, on the first night and the
# second: it must not say "slower than its past".
line=$(grep '^threadstone history check' "$top_srcdir/README.md")
[ -n "$line" ]
ok $? "the README has a history check line"
mkdir -p "$tmpdir/readme"
cp "$tmpdir/night/run-00001.json" "$tmpdir/readme/new.json"
for night in first second; do
	rdb=$(newdb "readme-$night")
	[ $night = second ] && "$H" --db "$rdb" add \
	    --host "$(hostname)" "$tmpdir/night/run-00000.json" >/dev/null
	(cd "$tmpdir/readme" && PATH=$top_builddir:$PATH \
	    THREADSTONE_HISTORY=$rdb sh -c "$line") \
	    >"$tmpdir/readme.out" 2>&1
	! grep -q "slower than its past" "$tmpdir/readme.out" &&
	    grep -q "not checked" "$tmpdir/readme.out"
	ok $? "the README's check line on the $night night says not checked, not slower"
done
run "$H" --db "$sdb" check --host lab-1 "$FIXTURES/compare-candidate-b.json"
expect_status 1 "check of an incoherent document"
expect_one_error_line "check of an incoherent document"

### trend.
run "$H" --db "$sdb" trend -w sgemm --host lab-1 --json
expect_status 0 "trend --json"
printf '%s\n' "$out" | "$PY" -c '
import json, sys
j = json.load(sys.stdin)
s = j["series"]
assert len(s) == 1 and len(s[0]["points"]) == 60 and s[0]["pass"] == "single"
assert [c["kind"] for c in s[0]["changes"]] == ["level", "producer"]
assert len(j["tachyon"]) == 2
'
ok $? "trend --json: 60 points, a level change then a producer change, tachyon's records"
run "$H" --db "$sdb" trend -w sgemm --host lab-1 --plot "$tmpdir/t.svg"
expect_status 0 "trend --plot"
"$PY" - "$tmpdir/t.svg" <<'PYEOF'
import sys, xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
def cls(tag, c):
    return [e for e in root.iter(ns + tag) if c in e.get("class", "").split()]
pts = cls("circle", "point")
assert len(pts) == 60, len(pts)
assert len(cls("line", "interval")) == 60
assert len(cls("line", "change")) == 1
assert len(cls("line", "producer-change")) == 1
assert len(cls("line", "level")) == 3
# the levels drawn over the points, which are half transparent: a year
# of nightly points must not hide the level the subtitle promises
order = [e for e in root.iter() if e.get("class") in ("point", "level")]
assert order[-1].get("class") == "level" and order[0].get("class") == "point"
assert max(i for i, e in enumerate(order) if e.get("class") == "point") < \
    min(i for i, e in enumerate(order) if e.get("class") == "level")
assert all(float(p.get("fill-opacity", "1")) < 1 for p in pts)
assert len(cls("circle", "tachyon")) == 2
assert len(cls("line", "axis")) == 3
# the points after the change sit lower (a larger y) than those before
before = sum(float(p.get("cy")) for p in pts[:20]) / 20
after = sum(float(p.get("cy")) for p in pts[30:45]) / 15
assert after > before + 20, (before, after)
# a labelled value axis from 0 in round steps (1, 2 or 5 x 10^k), and
# the same for tachyon's; a titled time axis
import math
for c in ("value", "tachyon"):
    ticks = [float(t.text) for t in cls("text", "tick") if c in t.get("class").split()]
    assert ticks[0] == 0 and len(ticks) >= 4, (c, ticks)
    steps = {round(b - a, 9) for a, b in zip(ticks, ticks[1:])}
    assert len(steps) == 1, (c, steps)
    step = steps.pop()
    m = step / 10 ** math.floor(math.log10(step))
    assert any(abs(m - k) < 1e-6 for k in (1, 2, 5)), (c, step)
    ys = [float(p.get("cy")) for p in (pts if c == "value" else cls("circle", "tachyon"))]
    top = [float(t.get("y")) for t in cls("text", "tick") if c in t.get("class").split()][-1]
    assert all(y > top - 4 for y in ys), "every point below the top tick"
titles = [t.text for t in cls("text", "axis-title")]
assert any("sgemm (GFLOP/s, higher is better; axis from 0)" == t for t in titles), titles
assert any("date of the run (UTC)" == t for t in titles), titles
assert any(t.startswith("tachyon score") for t in titles), titles
PYEOF
ok $? "the SVG: 60 points with intervals, the change and producer marks, levels over the points, tachyon's axis; labelled axes from 0 in 1-2-5 steps"
# A time out of the range, let in by an earlier version (or written by
# hand), is refused in one line by every reading of it; no plot is drawn.
# (PostgreSQL's columns hold neither text there nor a time past 2^63.)
rows="readings:2:1e300 readings:2:-5 documents:7:-1000000000000"
[ "$BACKEND" = sqlite ] && rows="readings:2:1e300 readings:2:-5 readings:1:'soon' documents:7:-1e300 documents:7:18000000000000000000"
k=0
for row in $rows; do
	set -- $(echo "$row" | tr ':' ' ')
	k=$((k + 1))
	rangedb=$(copydb "$sdb" "range$k")
	if [ "$BACKEND" = postgresql ]; then
		sql "$rangedb" "UPDATE $1 SET unix_time = $3 WHERE id = $2" >/dev/null
	else
	"$PY" -c 'import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
c.execute("UPDATE %s SET unix_time = %s WHERE id = %s" % tuple(sys.argv[2:]))
c.commit()' "$rangedb" "$1" "$3" "$2"
	fi
	rm -f "$tmpdir/range.svg"
	run "$H" --db "$rangedb" trend -w sgemm --host lab-1 --plot "$tmpdir/range.svg"
	[ "$rc" -eq 1 ] && [ "$(wc -l <"$tmpdir/err")" -eq 1 ] && [ ! -s "$tmpdir/out" ] &&
	    grep -q "($1.id $2) at unix time .*, not a time from 2000-01-01 to 2099-12-31" "$tmpdir/err" &&
	    [ ! -e "$tmpdir/range.svg" ]
	ok $? "trend --plot with $1 $2 at $3: refused in one line naming the row, no plot"
	[ "$rc" -eq 1 ] || echo "# exit $rc: $err"
done
run "$H" --db "$rangedb" changes
expect_status 1 "changes with a document out of the range"
expect_one_error_line "changes with a document out of the range"
run "$H" --db "$sdb" trend -w nosuch
expect_status 1 "trend of a workload not in the history"
expect_one_error_line "trend of nothing"

# A result that is not finite, put in by hand (add stores none): refused
# in one line, never drawn, judged or taken for a change.
infdb=$(copydb "$sdb" inf)
if [ "$BACKEND" = postgresql ]; then
	sql "$infdb" "UPDATE results SET value = 'Infinity' WHERE rowid = (SELECT min(rowid) FROM results WHERE workload = 'sgemm')" >/dev/null
else
"$PY" -c 'import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
c.execute("UPDATE results SET value = 9e999 WHERE rowid = (SELECT min(rowid) FROM results WHERE workload = ?)", ("sgemm",))
c.commit()' "$infdb"
fi
for cmd in "trend -w sgemm" changes; do
	run timeout 20 "$H" --db "$infdb" $cmd
	expect_status 1 "$cmd on an infinite result"
	expect_one_error_line "$cmd on an infinite result"
	grep -q "sgemm .* result is not a finite number in the database" "$tmpdir/err"
	ok $? "$cmd on an infinite result: the document named"
done

done_testing
