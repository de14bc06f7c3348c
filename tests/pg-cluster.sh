# tests/pg-cluster.sh: a private PostgreSQL cluster for a test, sourced
# after tests/tap.sh.  pg_cluster_start makes one in a directory of its
# own under /tmp (initdb, then pg_ctl start on a Unix socket in that
# directory, no TCP), as the invoking user, or as root as an unprivileged
# account (initdb refuses root): nobody, through setpriv or runuser.  It
# exports PGHOST (the socket's directory), PGPORT and PGUSER (the
# cluster's superuser, tsadmin), so that libpq and psql reach it, and
# stops it and removes it at exit.  Roles: tsadmin (trust), and tspw,
# which logs in only with the password in $PG_PASSWORD (scram).
#
#   pg_cluster_available  0 when the server's programs are installed
#                         (else PG_WHY says what is missing)
#   pg_cluster_start      start it (exit 99 on failure)
#   pg_createdb NAME      a new database; prints its --db URI
#   pg_uri NAME [USER]    the --db URI of database NAME (as USER)
#   pg_sql NAME QUERY     QUERY's rows (columns by '|'), as tsadmin
#   pg_kill9              kill -9 the server and every process of it
#   pg_restart            start it again (crash recovery), waiting for it
#   pg_cluster_stop       stop it (run at exit)

PG_PASSWORD=right-secret-4711
PG_PORT=5432

pg_cluster_available() {
	PG_BIN=
	for d in ${PG_BINDIR:-} \
	    $(pg_config --bindir 2>/dev/null) \
	    $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -t/ -k4 -n -r) \
	    /usr/pgsql-*/bin /usr/bin; do
		if [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ] && [ -x "$d/postgres" ]; then
			PG_BIN=$d
			break
		fi
	done
	if [ -z "$PG_BIN" ]; then
		PG_WHY="the PostgreSQL server is not installed (initdb, pg_ctl: Debian's postgresql, Fedora's postgresql-server)"
		return 1
	fi
	PG_PSQL=$(command -v psql 2>/dev/null || echo "$PG_BIN/psql")
	if [ ! -x "$PG_PSQL" ]; then
		PG_WHY="psql is not installed"
		return 1
	fi
	PG_AS=
	if [ "$(id -u)" -eq 0 ]; then
		if command -v setpriv >/dev/null 2>&1; then
			PG_AS="setpriv --reuid=65534 --regid=65534 --clear-groups"
		elif command -v runuser >/dev/null 2>&1; then
			PG_AS="runuser -u nobody --"
		else
			PG_WHY="root without setpriv or runuser, and initdb refuses root"
			return 1
		fi
	fi
	return 0
}

pg_cluster_start() {
	PG_DIR=$(mktemp -d /tmp/tspg.XXXXXX) || exit 99
	chmod 755 "$PG_DIR"
	[ -z "$PG_AS" ] || chown 65534:65534 "$PG_DIR"
	printf '%s\n' "$PG_PASSWORD" >"$PG_DIR/pw"
	[ -z "$PG_AS" ] || chown 65534:65534 "$PG_DIR/pw"
	if ! (cd "$PG_DIR" && $PG_AS "$PG_BIN/initdb" -D "$PG_DIR/data" \
	    -U tsadmin -A trust -E UTF8 --locale=C.UTF-8 --no-sync) \
	    >"$PG_DIR/initdb.log" 2>&1; then
		echo "# initdb failed:"; sed 's/^/# /' "$PG_DIR/initdb.log"
		exit 99
	fi
	cat >"$PG_DIR/data/pg_hba.conf" <<EOF
local all tspw scram-sha-256
local all all trust
EOF
	trap 'pg_cluster_stop; rm -rf "$tmpdir"' EXIT
	export PGHOST="$PG_DIR" PGPORT="$PG_PORT" PGUSER=tsadmin
	unset PGDATABASE PGSERVICE PGPASSWORD PGPASSFILE PGHOSTADDR PGOPTIONS
	pg_restart || { sed 's/^/# /' "$PG_DIR/server.log"; exit 99; }
	"$PG_PSQL" -q -d postgres -c "CREATE ROLE tspw LOGIN PASSWORD '$PG_PASSWORD'" \
	    >/dev/null || exit 99
}

pg_restart() {
	(cd "$PG_DIR" && $PG_AS "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -w -t 60 \
	    -l "$PG_DIR/server.log" -o "-k $PG_DIR -p $PG_PORT -c listen_addresses='' -c fsync=off -c max_connections=80 -c shared_buffers=16MB" \
	    start) >/dev/null 2>&1
}

pg_cluster_stop() {
	[ -n "${PG_DIR:-}" ] && [ -d "$PG_DIR/data" ] || return 0
	(cd "$PG_DIR" && $PG_AS "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m immediate \
	    -w stop) >/dev/null 2>&1 || true
	pg_kill9 || true
	rm -rf "$PG_DIR"
}

# The server's processes: the postmaster of postmaster.pid and its children.
pg_kill9() {
	pm=$(head -n 1 "$PG_DIR/data/postmaster.pid" 2>/dev/null)
	[ -n "$pm" ] || return 0
	kids=$(pgrep -P "$pm" 2>/dev/null || true)
	kill -9 "$pm" $kids 2>/dev/null
	i=0
	while kill -0 "$pm" 2>/dev/null && [ $i -lt 100 ]; do
		sleep 0.1; i=$((i + 1))
	done
	for k in $kids; do
		while kill -0 "$k" 2>/dev/null && [ $i -lt 200 ]; do
			sleep 0.1; i=$((i + 1))
		done
	done
}

pg_uri() {
	printf 'postgresql://%s@%s:%s/%s\n' "${2:-tsadmin}" \
	    "$(printf '%s' "$PG_DIR" | sed 's|/|%2F|g')" "$PG_PORT" "$1"
}

pg_createdb() {
	"$PG_PSQL" -q -d postgres -c "CREATE DATABASE \"$1\"" >/dev/null || exit 99
	pg_uri "$1"
}

pg_sql() {
	"$PG_PSQL" -X -q -At -F'|' -d "$1" -c "$2"
}
