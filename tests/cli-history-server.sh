#!/bin/sh
# threadstone-history on a PostgreSQL server (a private cluster started by
# tests/pg-cluster.sh): the same answers byte for byte as SQLite on the
# same documents; TS_HISTORY_SERVER_PROCS (32) writers of
# TS_HISTORY_SERVER_DOCS (50) documents each at once on a new database,
# none lost and none twice; the server killed with -9 during adds and
# restarted (every add whole or one line, a rerun completes the set); a
# wrong password, an unreachable server and a read-only role each one line
# and exit 1, no password printed; a password on the command line refused;
# the GRANTs of the manual; migrate from SQLite, run twice.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"
. "$top_srcdir/tests/pg-cluster.sh"

PY=${PYTHON3:-python3}
command -v "$PY" >/dev/null 2>&1 || skip_all "python3 is not installed"
[ -x "$TS_HISTORY" ] || skip_all "threadstone-history is not built"
H=$TS_HISTORY
pg_cluster_available || skip_all "$PG_WHY"
"$H" --db postgresql:///none list 2>&1 | grep -q "no PostgreSQL back end" &&
    skip_all "threadstone-history was built without PostgreSQL (libpq)"
unset THREADSTONE_HISTORY
pg_cluster_start
SYNTH=$top_srcdir/tests/history-synth.py
APPLE=$FIXTURES/apple-m4-pro.json
RUN=$FIXTURES/run-signed-at-runtime.json
chmod 755 "$tmpdir"

# one_line_exit1 DESC: the last command exited 1 with one line on stderr,
# nothing on stdout, and no password of the cluster in either.
one_line_exit1() {
	[ "$rc" -eq 1 ] && [ "$(wc -l <"$tmpdir/err")" -eq 1 ] &&
	    [ ! -s "$tmpdir/out" ] &&
	    ! grep -q -e "$PG_PASSWORD" -e wrong-secret "$tmpdir/out" "$tmpdir/err"
	ok $? "$1: one line, exit 1, no password"
	[ "$rc" -eq 1 ] && [ "$(wc -l <"$tmpdir/err")" -eq 1 ] ||
	    { echo "# exit $rc"; sed 's/^/# /' "$tmpdir/err" | head -5; }
}

### The same documents, the same answers: every command on SQLite and
### on the server, added in the same order.
"$PY" "$SYNTH" "$APPLE" "$tmpdir/s" 30 --seed 11 --change 15:0.85:sgemm:single \
	--producer-change 25:2.1.0 >/dev/null
"$PY" "$SYNTH" "$APPLE" "$tmpdir/new" 1 --seed 12 --start 2025-06-01T00:00:00Z \
	--producer-change 0:2.1.0 --change 0:0.85:stream:multi >/dev/null
printf '%s\n' \
 '{"probe":"memory-chase","version":"0.2.0","million_accesses_per_sec":41.5,"ns_per_access":24.1,"reading":1,"unix_time":1767225600.0,"host_id":"box-1"}' \
 '{"probe":"memory-chase","version":"0.2.0","million_accesses_per_sec":40.9,"ns_per_access":24.4,"reading":2,"unix_time":1767229200.5,"host_id":"box-1"}' \
	>"$tmpdir/tachyon.jsonl"
lite=$tmpdir/same.sqlite
pg=$(pg_createdb same)
for d in "$lite" "$pg"; do
	"$H" --db "$d" add "$APPLE" "$RUN" >/dev/null &&
	    "$H" --db "$d" add --host lab-1 "$tmpdir"/s/run-*.json >/dev/null &&
	    "$H" --db "$d" add --host lab-1 "$tmpdir/tachyon.jsonl" >/dev/null &&
	    "$H" --db "$d" add "$tmpdir/tachyon.jsonl" >/dev/null
	ok $? "the same adds to $d"
done
i=0
while read -r cmd; do
	i=$((i + 1))
	"$H" --db "$lite" $cmd >"$tmpdir/a.out" 2>&1; ra=$?
	"$H" --db "$pg" $cmd 2>&1 | sed "s|$pg|$lite|g" >"$tmpdir/b.out"
	# added_at is when each was added: the one line allowed to differ.
	sed '/^added_at /d' "$tmpdir/a.out" >"$tmpdir/a.cmp"
	sed '/^added_at /d' "$tmpdir/b.out" >"$tmpdir/b.cmp"
	cmp -s "$tmpdir/a.cmp" "$tmpdir/b.cmp" && [ -s "$tmpdir/a.cmp" ]
	ok $? "the same answer, byte for byte: $cmd (exit $ra)"
	cmp -s "$tmpdir/a.cmp" "$tmpdir/b.cmp" || diff "$tmpdir/a.cmp" "$tmpdir/b.cmp" | head -6 | sed 's/^/# /'
done <<EOF
list
list --producer 2.1.0 -w sgemm
list --since 2025-01-10 --until 2025-01-20
hosts
show 1
show 2
show 7
show --body 1
show 99
export
export --format csv
export --format csv --host lab-1 --pass multi
trend -w sgemm --host lab-1
trend -w sgemm --host lab-1 --json
trend -w stream --pass multi
changes
changes --json
changes -w sgemm --producer rustc
check --host lab-1 $tmpdir/new/run-00000.json
check --json --host lab-1 $tmpdir/new/run-00000.json
check --host nobody $tmpdir/new/run-00000.json
EOF
"$H" --db "$lite" trend -w sgemm --host lab-1 --plot "$tmpdir/a.svg" >/dev/null &&
    "$H" --db "$pg" trend -w sgemm --host lab-1 --plot "$tmpdir/b.svg" >/dev/null &&
    cmp -s "$tmpdir/a.svg" "$tmpdir/b.svg"
ok $? "the same plot, byte for byte: trend --plot"
# Hosts in byte order, as SQLite sorts them, whatever the server's locale.
"$PY" "$SYNTH" "$APPLE" "$tmpdir/za" 2 --seed 31 >/dev/null
for d in "$lite" "$pg"; do
	"$H" --db "$d" add --host "Zeta" "$tmpdir/za/run-00000.json" >/dev/null
	"$H" --db "$d" add --host "alpha" "$tmpdir/za/run-00001.json" >/dev/null
done
[ "$("$H" --db "$lite" hosts)" = "$("$H" --db "$pg" hosts)" ]
ok $? "hosts in the same (byte) order: Zeta before alpha"

### migrate: from SQLite to the server, into an empty database (ids
### kept: export identical), then again (nothing twice).
mig=$(pg_createdb migrated)
run "$H" migrate --from "$lite" --to "$mig"
expect_status 0 "migrate --from FILE.sqlite --to postgresql://..."
case $out in "copied 34 documents ("*" results), 2 tachyon records and 5 hosts to $mig; ids kept") ok 0 "says what it copied" ;;
*) ok 1 "says what it copied"; echo "# $out" ;; esac
for cmd in "export --format csv" "export" "list" "hosts" "show 3" "changes --json"; do
	"$H" --db "$lite" $cmd >"$tmpdir/a.out" 2>&1
	"$H" --db "$mig" $cmd >"$tmpdir/b.out" 2>&1
	cmp -s "$tmpdir/a.out" "$tmpdir/b.out"
	ok $? "migrated: $cmd identical"
done
run "$H" migrate --from "$lite" --to "$mig"
expect_status 0 "migrate again"
case $out in "copied 0 documents (0 results), 0 tachyon records and 0 hosts to $mig; 36 already there") ok 0 "again: nothing copied twice" ;;
*) ok 1 "again: nothing copied twice"; echo "# $out" ;; esac
[ "$(pg_sql migrated 'SELECT count(*) FROM documents')|$(pg_sql migrated 'SELECT count(*) FROM readings')" = "34|2" ]
ok $? "34 documents and 2 records, once each"
# The ids given next follow the copied ones.
"$PY" "$SYNTH" "$APPLE" "$tmpdir/later" 1 --seed 77 >/dev/null
run "$H" --db "$mig" add --host later "$tmpdir/later/run-00000.json"
maxid=$(pg_sql migrated "SELECT max(id) FROM documents")
[ "$rc" -eq 0 ] && [ "$maxid" = 35 ]
ok $? "a document added after the copy takes the next id"
[ "$rc" -eq 0 ] && [ "$maxid" = 35 ] || echo "# exit $rc, max(id) $maxid: $err"

### Writers that start together on a new database: the first writers
### create the schema under one lock; no document lost, none twice.
procs=${TS_HISTORY_SERVER_PROCS:-32}
n=${TS_HISTORY_SERVER_DOCS:-50}
p=1
while [ $p -le "$procs" ]; do
	"$PY" "$SYNTH" "$APPLE" "$tmpdir/w$p" "$n" --seed $((100 + p)) \
	    --start 2024-01-01T00:00:00Z >/dev/null
	p=$((p + 1))
done
cdb=$(pg_createdb together)
# writer P: add $tmpdir/wP's documents ten to an add (one transaction
# each, as a nightly job adds a night's files), then the document every
# writer adds, alone: 32 connections at once, each held through its batch.
writer() {
	wait_for_go
	batch=
	k=0
	for f in "$tmpdir/w$1"/run-*.json "$APPLE" ""; do
		if [ -n "$f" ]; then
			batch="$batch $f"
			k=$((k + 1))
		fi
		if [ "$k" -eq 10 ] || [ "$f" = "$APPLE" ] ||
		    { [ -z "$f" ] && [ "$k" -gt 0 ]; }; then
			# shellcheck disable=SC2086 # batch: names without blanks
			"$H" --db "$cdb" add --host "w$1" $batch >/dev/null \
			    2>"$tmpdir/w$1.err" ||
			    echo "fail$batch: $(cat "$tmpdir/w$1.err")"
			batch=
			k=0
		fi
	done >"$tmpdir/w$1.log"
}
all_at_once "$procs" writer
failed=$(cat "$tmpdir"/w*.log)
[ -z "$failed" ]
ok $? "$procs writers of $n documents each (ten to an add), started together on a new database: no add failed"
[ -z "$failed" ] || echo "$failed" | head -3 | sed 's/^/# /'
"$PY" - "$tmpdir" "$procs" "$APPLE" >"$tmpdir/want" <<'PYEOF'
import glob, hashlib, sys
files = sorted(glob.glob(sys.argv[1] + "/w*/run-*.json")) + [sys.argv[3]]
for f in sorted({hashlib.sha256(open(f, "rb").read()).hexdigest() for f in files}):
    print(f)
PYEOF
pg_sql together 'SELECT sha256 FROM documents ORDER BY sha256' >"$tmpdir/got"
want=$(wc -l <"$tmpdir/want")
[ "$want" -eq $((procs * n + 1)) ] && cmp -s "$tmpdir/want" "$tmpdir/got"
ok $? "$((procs * n + 1)) documents stored ($procs x $n and one all of them added): none lost, none twice"
[ "$(pg_sql together 'SELECT count(*) FROM results')" = $(((procs * n + 1) * 11)) ] &&
    [ "$(pg_sql together 'SELECT count(*) FROM threadstone_history')" = 1 ]
ok $? "every document's eleven results; one schema version row"

### The server killed with -9 during adds, then started again: every add
### stored its document whole or failed with one line; a rerun completes
### the set.
kdb=$(pg_createdb killed)
"$H" --db "$kdb" add "$RUN" >/dev/null
"$PY" "$SYNTH" "$APPLE" "$tmpdir/kd" 40 --seed 9 >/dev/null
kd=$tmpdir/kd
kwriter() {
	for f in "$kd"/run-*.json; do
		"$H" --db "$kdb" --timeout 8 add --host k "$f" >"$tmpdir/k.out" 2>"$tmpdir/k.err"
		echo "$? $(wc -l <"$tmpdir/k.err") $f $(head -c 300 "$tmpdir/k.err")"
	done >"$tmpdir/k$1.log"
}
(cd "$tmpdir" && mkdir -p k1 k2)
( tmpdir=$tmpdir/k1; kwriter 1 ) &
kw1=$!
( tmpdir=$tmpdir/k2; kwriter 2 ) &
kw2=$!
sleep 2
pg_kill9
sleep 1
pg_restart
ok $? "the server started again after kill -9 (crash recovery)"
wait $kw1 $kw2
cat "$tmpdir"/k1/k1.log "$tmpdir"/k2/k2.log >"$tmpdir/k.log"
bad=$(awk '$1 != 0 && ($1 != 1 || $2 != 1)' "$tmpdir/k.log")
[ -z "$bad" ]
ok $? "every add during the kill exited 0, or 1 with one line"
[ -z "$bad" ] || echo "$bad" | head -3 | sed 's/^/# /'
echo "# $(awk '$1 != 0' "$tmpdir/k.log" | wc -l) of $(wc -l <"$tmpdir/k.log") adds failed across the kill (the others waited for the server)"
awk '$1 != 0' "$tmpdir/k.log" | head -2 | cut -c1-200 | sed 's/^/# /'
"$PY" - "$tmpdir/kd" >"$tmpdir/kwant" <<'PYEOF'
import glob, hashlib, sys
for f in sorted(glob.glob(sys.argv[1] + "/run-*.json")):
    b = open(f, "rb").read()
    print(hashlib.sha256(b).hexdigest(), len(b))
PYEOF
pg_sql killed "SELECT d.sha256, length(d.body), encode(sha256(d.body), 'hex') = d.sha256, (SELECT count(*) FROM results r WHERE r.document_id = d.id) FROM documents d JOIN hosts h ON h.id = d.host_id WHERE h.name = 'k'" >"$tmpdir/kgot"
awk -F'|' '$3 != "t" || $4 != 11' "$tmpdir/kgot" >"$tmpdir/kpartial"
[ ! -s "$tmpdir/kpartial" ] && [ -s "$tmpdir/kgot" ]
ok $? "every document stored whole: its body's digest, its eleven results ($(wc -l <"$tmpdir/kgot") stored)"
run "$H" --db "$kdb" add --host k "$tmpdir"/kd/run-*.json
[ "$rc" -eq 0 ] && [ "$(pg_sql killed "SELECT count(*) FROM documents d JOIN hosts h ON h.id = d.host_id WHERE h.name = 'k'")" = 40 ]
ok $? "a rerun completes the set: 40 documents"

### Credentials and failures: one line, exit 1, no password anywhere.
cred=$(pg_createdb cred)
"$H" --db "$cred" add "$RUN" >/dev/null
"$PG_PSQL" -q -d cred -c "GRANT SELECT ON ALL TABLES IN SCHEMA public TO tspw" >/dev/null
tspw=$(pg_uri cred tspw)
run env PGPASSWORD=wrong-secret "$H" --db "$tspw" list
one_line_exit1 "a wrong password"
case $err in *"cannot connect to PostgreSQL at host $PG_DIR port $PG_PORT, database cred, user tspw: "*"password authentication failed"*) ok 0 "names the host, port, database and user" ;;
*) ok 1 "names the host, port, database and user"; echo "# $err" ;; esac
printf '%s:%s:%s:%s:%s\n' "$PG_DIR" "$PG_PORT" cred tspw "$PG_PASSWORD" >"$tmpdir/pgpass"
chmod 600 "$tmpdir/pgpass"
run env PGPASSFILE="$tmpdir/pgpass" "$H" --db "$tspw" list
[ "$rc" -eq 0 ] && ! grep -q "$PG_PASSWORD" "$tmpdir/out" "$tmpdir/err"
ok $? "the password from PGPASSFILE (~/.pgpass's format): list works, the password unsaid"
run env PGPASSWORD="$PG_PASSWORD" PGDATABASE=cred PGUSER=tspw "$H" --db "host=$PG_DIR" hosts
[ "$rc" -eq 0 ]
ok $? "key=value settings and PGPASSWORD, PGDATABASE, PGUSER from the environment"
run env PGPASSFILE="$tmpdir/pgpass" "$H" --db "$tspw" add "$APPLE"
one_line_exit1 "add as a role that may only read"
case $err in *"permission denied for table"*"may not write"*) ok 0 "says permission denied, and that the role may not write" ;;
*) ok 1 "says permission denied, and that the role may not write"; echo "# $err" ;; esac
[ "$(pg_sql cred 'SELECT count(*) FROM documents')" = 1 ]
ok $? "read-only: nothing added"
empty=$(pg_createdb emptyro)
run env PGPASSFILE="$tmpdir/pgpass" "$H" --db "$(pg_uri emptyro tspw)" add "$APPLE"
one_line_exit1 "a read-only role as the first writer of a new database"
run "$H" --db "postgresql://tsadmin@127.0.0.1:1/nowhere" list
one_line_exit1 "a server that cannot be reached (TCP)"
case $err in *"at host 127.0.0.1 port 1, database nowhere, user tsadmin:"*) ok 0 "names the host, port, database and user" ;;
*) ok 1 "names the host, port, database and user"; echo "# $err" ;; esac
run "$H" --db "postgresql://tsadmin@%2Fnonexistent%2Fdir/x" add "$RUN"
one_line_exit1 "a socket directory with no server"
run "$H" --db "postgresql://tsadmin@localhost/nosuchdb?host=$PG_DIR" list
one_line_exit1 "a database that does not exist"
run "$H" --db "$(pg_uri cred tspw | sed "s|tspw@|tspw:$PG_PASSWORD@|")" list
[ "$rc" -eq 2 ] && [ "$(wc -l <"$tmpdir/err")" -eq 1 ] &&
    ! grep -q "$PG_PASSWORD" "$tmpdir/out" "$tmpdir/err" && grep -q "pgpass" "$tmpdir/err"
ok $? "a password in --db (which ps would show): refused, exit 2, unsaid, ~/.pgpass named"
run "$H" --db "host=$PG_DIR dbname=cred password=$PG_PASSWORD" list
[ "$rc" -eq 2 ] && ! grep -q "$PG_PASSWORD" "$tmpdir/out" "$tmpdir/err"
ok $? "password= in key=value settings: refused, unsaid"
run "$H" migrate --from "$lite" --to "$(pg_uri cred tspw | sed "s|tspw@|tspw:$PG_PASSWORD@|")"
[ "$rc" -eq 2 ] && ! grep -q "$PG_PASSWORD" "$tmpdir/out" "$tmpdir/err"
ok $? "a password in migrate --to: refused, unsaid"
run env THREADSTONE_HISTORY="host=$PG_DIR dbname=cred user=tspw password=wrong-secret" "$H" list
one_line_exit1 "a wrong password= in THREADSTONE_HISTORY (the environment, which ps does not show)"

### The manual's roles: one that may add, one that may only read.
grants=$(pg_createdb granted)
"$H" --db "$grants" add "$RUN" >/dev/null
"$PG_PSQL" -q -d granted >/dev/null <<'EOF'
CREATE ROLE ts_reader NOLOGIN;
CREATE ROLE ts_writer NOLOGIN;
GRANT USAGE ON SCHEMA public TO ts_reader, ts_writer;
GRANT SELECT ON ALL TABLES IN SCHEMA public TO ts_reader;
GRANT SELECT, INSERT ON ALL TABLES IN SCHEMA public TO ts_writer;
CREATE ROLE collector LOGIN IN ROLE ts_writer;
CREATE ROLE analyst LOGIN IN ROLE ts_reader;
EOF
run "$H" --db "$(pg_uri granted collector)" add --host lab-9 "$tmpdir/later/run-00000.json" "$tmpdir/tachyon.jsonl"
expect_status 0 "a role granted ts_writer adds documents and records"
run "$H" --db "$(pg_uri granted analyst)" changes
expect_status 0 "a role granted ts_reader reads"
run "$H" --db "$(pg_uri granted analyst)" add "$APPLE"
one_line_exit1 "a role granted ts_reader cannot add"

done_testing
