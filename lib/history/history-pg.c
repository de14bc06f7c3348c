/* SPDX-License-Identifier: MIT */
/*
 * The history's PostgreSQL back end, through libpq: the connection (its
 * description in messages, never its password), the schema made or
 * migrated under an advisory lock, transactions, and statements run
 * with their parameters bound (SQL's ?N and :name become $N) and their
 * rows read in binary.  A failure that passes (serialization failure,
 * deadlock, a dropped connection, a server starting up) marks the handle
 * retry while the timeout lasts.
 */
#include <config.h>

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "history/history-store.h"
#include "history/history-backend.h"
#include "history/history-schema.h"
#include "util.h"

#ifdef HAVE_LIBPQ

#include <libpq-fe.h>

/* The type OIDs of the columns read (pg_type.h, not installed). */
enum {
	OID_BOOL = 16, OID_BYTEA = 17, OID_INT8 = 20, OID_INT2 = 21,
	OID_INT4 = 23, OID_TEXT = 25, OID_FLOAT4 = 700, OID_FLOAT8 = 701
};

/* The key of the advisory lock held while the schema is made. */
#define SCHEMA_LOCK	"7465087301154352"

/*
 * Whether this process has seen its server go away: from then on a
 * connection refused is waited out (the server is restarting), where a
 * first connection refused fails at once.
 */
static bool reconnecting;

/* The password among conninfo's settings (malloc'd), or NULL. */
static char *
password_of(const char *conninfo)
{
	PQconninfoOption *o, *opts = PQconninfoParse(conninfo, NULL);
	char *pw = NULL;

	if (opts == NULL)
		return NULL;
	for (o = opts; o->keyword != NULL; o++)
		if (strcmp(o->keyword, "password") == 0 && o->val != NULL &&
		    *o->val != '\0')
			pw = ts_xstrdup(o->val);
	PQconninfoFree(opts);
	return pw;
}

/*
 * msg as one line into out: its lines joined by "; ", a password among
 * h's settings (or the environment's) never in it.
 */
static void
one_line(const struct ts_hist *h, const char *msg, char *out, size_t outlen)
{
	struct ts_buf b;
	const char *p;
	char *pw = h->conninfo != NULL ? password_of(h->conninfo) : NULL;
	const char *env = getenv("PGPASSWORD");
	size_t k;

	ts_buf_init(&b);
	for (p = msg; *p != '\0'; p++) {
		if (*p == '\n' || *p == '\r' || *p == '\t') {
			while (p[1] == '\n' || p[1] == '\t' || p[1] == ' ' ||
			    p[1] == '\r')
				p++;
			if (p[1] != '\0' && b.len > 0)
				ts_buf_puts(&b, "; ");
			continue;
		}
		ts_buf_putc(&b, *p);
	}
	ts_buf_putc(&b, '\0');
	for (k = 0; k < 2; k++) {
		const char *s = k == 0 ? pw : env;
		char *at;

		if (s == NULL || strlen(s) < 1)
			continue;
		while ((at = strstr(b.data, s)) != NULL) {
			memset(at, '*', strlen(s));
		}
	}
	snprintf(out, outlen, "%s", b.data);
	ts_buf_free(&b);
	free(pw);
}

/* Record the failure of res (or of the connection) as h's last error. */
static void
fail_with(struct ts_hist *h, const PGresult *res)
{
	const char *m = NULL, *state = NULL;
	char line[1024];

	if (res != NULL) {
		m = PQresultErrorField(res, PG_DIAG_MESSAGE_PRIMARY);
		state = PQresultErrorField(res, PG_DIAG_SQLSTATE);
	}
	if (m == NULL)
		m = PQerrorMessage(h->pg);
	if (m == NULL || *m == '\0')
		m = "the connection failed";
	one_line(h, m, line, sizeof line);
	free(h->pgerr);
	h->pgerr = ts_xasprintf("%s%s%s", state != NULL ? state : "",
	    state != NULL ? " " : "", line);
}

/* The SQLSTATE of the last error ("" when the connection failed). */
static const char *
last_state(const struct ts_hist *h, char state[6])
{
	state[0] = '\0';
	if (h->pgerr != NULL && strlen(h->pgerr) > 5 && h->pgerr[5] == ' ')
		snprintf(state, 6, "%.5s", h->pgerr);
	return state;
}

/* The last error's message, without its SQLSTATE. */
static const char *
last_message(const struct ts_hist *h)
{
	char state[6];

	if (h->pgerr == NULL)
		return "unknown failure";
	return h->pgerr + (*last_state(h, state) != '\0' ? 6 : 0);
}

/* Whether the last failure passes: it may be retried. */
static bool
transient(const struct ts_hist *h)
{
	char state[6];

	last_state(h, state);
	if (h->pg == NULL || PQstatus(h->pg) != CONNECTION_OK)
		return true;
	return strcmp(state, "40001") == 0 || strcmp(state, "40P01") == 0 ||
	    strncmp(state, "08", 2) == 0 || strcmp(state, "57P01") == 0 ||
	    strcmp(state, "57P02") == 0 || strcmp(state, "57P03") == 0;
}

static void
pg_errmsg(struct ts_hist *h, const char *what, char *err, size_t errlen)
{
	char state[6];

	last_state(h, state);
	h->busy = strcmp(state, "55P03") == 0;
	h->retry = !h->busy && transient(h) && !ts_hist_time_up(h);
	if (h->pg == NULL || PQstatus(h->pg) != CONNECTION_OK)
		reconnecting = true;
	if (h->busy)
		snprintf(err, errlen, "%s is locked by another writer (waited "
		    "%.3g s; see --timeout)", h->path, ts_hist_waited(h));
	else if (strcmp(state, "42501") == 0)
		snprintf(err, errlen, "%s: %s: %s (this role may not %s the "
		    "history: see GRANT in the manual's POSTGRESQL section)",
		    h->path, what, last_message(h), strcmp(what, "reading") ==
		    0 ? "read" : "write");
	else
		snprintf(err, errlen, "%s: %s: %s", h->path, what,
		    last_message(h));
}

/* Run sql without parameters; 0 with its result in *out (or freed), -1. */
static int
run(struct ts_hist *h, const char *sql, PGresult **out)
{
	PGresult *res = PQexec(h->pg, sql);
	ExecStatusType s = PQresultStatus(res);

	if (s != PGRES_COMMAND_OK && s != PGRES_TUPLES_OK) {
		fail_with(h, res);
		PQclear(res);
		return -1;
	}
	if (out != NULL)
		*out = res;
	else
		PQclear(res);
	return 0;
}

/* Run sql; 0, or -1 with "PATH: what: message" in err. */
static int
exec_what(struct ts_hist *h, const char *sql, const char *what, char *err,
    size_t errlen)
{
	if (run(h, sql, NULL) == 0)
		return 0;
	pg_errmsg(h, what, err, errlen);
	return -1;
}

/* An integer of a one-row query: 0 with *v (-1 for NULL or no row), -1. */
static int
query_int(struct ts_hist *h, const char *sql, long long *v)
{
	PGresult *res;

	if (run(h, sql, &res) == -1)
		return -1;
	*v = PQntuples(res) > 0 && !PQgetisnull(res, 0, 0) ?
	    strtoll(PQgetvalue(res, 0, 0), NULL, 10) : -1;
	PQclear(res);
	return 0;
}

/* The server's part of a description: HOST:PORT, a socket's host encoded. */
static void
describe(struct ts_hist *h)
{
	const char *host = PQhost(h->pg), *port = PQport(h->pg);
	const char *db = PQdb(h->pg), *user = PQuser(h->pg);
	struct ts_buf b;
	const char *p;

	ts_buf_init(&b);
	ts_buf_printf(&b, "postgresql://%s@", user != NULL ? user : "");
	for (p = host != NULL ? host : ""; *p != '\0'; p++)
		if (*p == '/' || *p == '@' || *p == ':' || *p == '%' || *p == ' ')
			ts_buf_printf(&b, "%%%02X", (unsigned char)*p);
		else
			ts_buf_putc(&b, *p);
	ts_buf_printf(&b, ":%s/%s", port != NULL ? port : "",
	    db != NULL ? db : "");
	free(h->path);
	h->path = ts_xstrdup(b.data);
	ts_buf_free(&b);
}

/* Whether a failed connection may succeed later: the server is starting. */
static bool
may_come(const char *msg)
{
	return reconnecting || strstr(msg, "starting up") != NULL ||
	    strstr(msg, "shutting down") != NULL ||
	    strstr(msg, "recovery mode") != NULL ||
	    strstr(msg, "not yet accepting connections") != NULL;
}

/* One try at connecting; 0, or -1 with h->pgerr set. */
static int
connect_once(struct ts_hist *h)
{
	static const char *const keys[] = { "connect_timeout", "dbname",
	    "client_encoding", NULL };
	const char *vals[4];
	char tmo[16];
	int secs = h->timeout_ms / 1000;

	snprintf(tmo, sizeof tmo, "%d", secs < 2 ? 2 : secs > 30 ? 30 : secs);
	vals[0] = tmo;
	vals[1] = h->conninfo;
	vals[2] = "UTF8";
	vals[3] = NULL;
	if (h->pg != NULL)
		PQfinish(h->pg);
	h->pg = PQconnectdbParams(keys, vals, 1);
	if (h->pg == NULL) {
		free(h->pgerr);
		h->pgerr = ts_xstrdup("out of memory");
		return -1;
	}
	if (PQstatus(h->pg) == CONNECTION_OK)
		return 0;
	fail_with(h, NULL);
	return -1;
}

/*
 * Connect, waiting within the timeout for a server that is starting (or
 * restarting, once this process saw it go).  0, or -1 with the one line
 * naming the host, port, database and user.
 */
static int
pg_connect(struct ts_hist *h, char *err, size_t errlen)
{
	const char *host, *port, *db, *user, *enc;
	char lock[64];

	while (connect_once(h) == -1) {
		if (!may_come(h->pgerr) || ts_hist_time_up(h))
			break;
		ts_hist_nap();
		ts_hist_nap();
	}
	if (PQstatus(h->pg) != CONNECTION_OK) {
		host = PQhost(h->pg);
		port = PQport(h->pg);
		db = PQdb(h->pg);
		user = PQuser(h->pg);
		return ts_hist_refuse(h, err, errlen, "cannot connect to "
		    "PostgreSQL at host %s port %s, database %s, user %s: %s",
		    host != NULL && *host ? host : "(default)",
		    port != NULL && *port ? port : "(default)",
		    db != NULL && *db ? db : "(default)",
		    user != NULL && *user ? user : "(default)", h->pgerr);
	}
	describe(h);
	enc = PQparameterStatus(h->pg, "server_encoding");
	if (enc != NULL && strcmp(enc, "UTF8") != 0 &&
	    strcmp(enc, "SQL_ASCII") != 0)
		return ts_hist_refuse(h, err, errlen, "%s: the database's "
		    "encoding is %s: the history needs UTF8 (createdb -E UTF8)",
		    h->path, enc);
	/* Waits for a lock last no longer than the timeout (0: no wait). */
	snprintf(lock, sizeof lock, "SET lock_timeout = %d",
	    h->timeout_ms > 0 ? h->timeout_ms : 1);
	return exec_what(h, lock, "connecting", err, errlen);
}

/*
 * The schema version: 0 when the tables are not there (*others: how
 * many tables of a history's names the schema has), else the version.
 */
static int
version_of(struct ts_hist *h, long long *v, long long *others)
{
	long long has;

	/*
	 * A query of the catalog, not to_regclass: after a wait for the
	 * advisory lock, the cache to_regclass reads may not yet know the
	 * tables another writer made meanwhile.
	 */
	*others = 0;
	if (query_int(h, "SELECT count(*) FROM pg_tables WHERE schemaname = "
	    "current_schema() AND tablename = 'threadstone_history'",
	    &has) == -1)
		return -1;
	if (has <= 0) {
		*v = 0;
		return query_int(h, "SELECT count(*) FROM pg_tables WHERE "
		    "schemaname = current_schema() AND tablename IN ('hosts', "
		    "'documents', 'results', 'readings')", others);
	}
	if (query_int(h, "SELECT max(schema_version) FROM threadstone_history",
	    v) == -1)
		return -1;
	if (*v < 0)
		*v = 0;
	return 0;
}

/* Refuse a version this code cannot use as it is; 0 when it can. */
static int
check_version(struct ts_hist *h, long long v, long long others, char *err,
    size_t errlen)
{
	if (v == 0 && others > 0)
		return ts_hist_refuse(h, err, errlen, "%s has tables of a "
		    "history's names (hosts, documents, ...) but is not a "
		    "threadstone history (no table threadstone_history)",
		    h->path);
	return ts_hist_refuse_newer(h, v, err, errlen);
}

/*
 * Make or migrate the schema in one transaction, under the advisory lock
 * that the first writers arriving together queue on: the one that takes
 * it first does the work, the others find it done.
 */
static int
make_schema(struct ts_hist *h, char *err, size_t errlen)
{
	long long v, others;
	char sql[96];

	if (exec_what(h, "BEGIN", "creating the schema", err, errlen) == -1)
		return -1;
	if (run(h, "SELECT pg_advisory_xact_lock(" SCHEMA_LOCK ")", NULL) == -1 ||
	    version_of(h, &v, &others) == -1) {
		pg_errmsg(h, "creating the schema", err, errlen);
		goto fail;
	}
	if (check_version(h, v, others, err, errlen) == -1)
		goto fail;
	if (v == 0) {
		if (exec_what(h, ts_hist_pg_schema_sql, "creating the schema",
		    err, errlen) == -1)
			goto fail;
	} else
		for (; v < TS_HIST_SCHEMA; v++)
			if (ts_hist_pg_migrations[v] != NULL &&
			    exec_what(h, ts_hist_pg_migrations[v], "migrating "
			    "the schema", err, errlen) == -1)
				goto fail;
	snprintf(sql, sizeof sql, "DELETE FROM threadstone_history; INSERT "
	    "INTO threadstone_history VALUES (%d)", TS_HIST_SCHEMA);
	if (exec_what(h, sql, "setting the schema version", err,
	    errlen) == -1 ||
	    exec_what(h, "COMMIT", "creating the schema", err, errlen) == -1)
		goto fail;
	return 0;
fail:
	run(h, "ROLLBACK", NULL);
	return -1;
}

static int
pg_open(struct ts_hist *h, const char *where, bool create, bool write,
    char *err, size_t errlen)
{
	long long v, others;

	h->conninfo = ts_xstrdup(where);
	h->path = ts_xstrdup("postgresql://");
	h->writable = true;
	if (pg_connect(h, err, errlen) == -1)
		return -1;
	if (version_of(h, &v, &others) == -1) {
		pg_errmsg(h, "reading the schema", err, errlen);
		return -1;
	}
	/*
	 * Tables seen without the version table: another writer's making
	 * them may have committed between the two looks, which the lock
	 * tells apart.
	 */
	if (v == 0 && others > 0 && create)
		return make_schema(h, err, errlen);
	if (check_version(h, v, others, err, errlen) == -1)
		return -1;
	if (v == TS_HIST_SCHEMA)
		return 0;
	if (v == 0 && !create) {
		h->missing = true;
		return ts_hist_refuse(h, err, errlen, "no history in %s yet "
		    "(add a document first, or name another with --db)",
		    h->path);
	}
	(void)write;
	return make_schema(h, err, errlen);
}

static int
pg_publish(struct ts_hist *h, char *err, size_t errlen)
{
	(void)h;
	(void)err;
	(void)errlen;
	return 0;
}

static void
pg_close(struct ts_hist *h)
{
	if (h->pg != NULL)
		PQfinish(h->pg);
	h->pg = NULL;
}

static int
pg_begin(struct ts_hist *h, char *err, size_t errlen)
{
	if (exec_what(h, "BEGIN", "beginning a transaction", err,
	    errlen) == -1)
		return -1;
	h->in_tx = true;
	return 0;
}

static int
pg_commit(struct ts_hist *h, char *err, size_t errlen)
{
	PGresult *res;

	h->in_tx = false;
	if (run(h, "COMMIT", &res) == -1) {
		pg_errmsg(h, "committing", err, errlen);
		return -1;
	}
	/* COMMIT of a transaction that failed says ROLLBACK. */
	if (strcmp(PQcmdStatus(res), "COMMIT") != 0) {
		PQclear(res);
		return ts_hist_refuse(h, err, errlen, "%s: committing: the "
		    "transaction was rolled back", h->path);
	}
	PQclear(res);
	return 0;
}

static void
pg_rollback(struct ts_hist *h)
{
	if (h->pg != NULL && PQtransactionStatus(h->pg) != PQTRANS_IDLE)
		run(h, "ROLLBACK", NULL);
	h->in_tx = false;
}

static int
pg_schema_of(struct ts_hist *h)
{
	long long v, others;

	return version_of(h, &v, &others) == -1 ? -1 : (int)v;
}

/* A statement: its SQL in PostgreSQL's words, its parameters, its rows. */
struct pg_stmt {
	struct ts_hist	*h;
	char		*sql;
	char		**names;	/* the :names, by number - 1 */
	int		 nparams;
	Oid		*types;
	char		**vals;
	int		*lens, *fmts;
	unsigned	 flags;
	PGresult	*res;
	int		 row, nrows;
	bool		 ran, done, began;
	char		*cursor;	/* TS_HIST_MANY: the cursor's name */
};

/* The number of :name in st, added when new. */
static int
name_index(struct pg_stmt *st, const char *name, size_t len)
{
	int i;

	for (i = 0; i < st->nparams; i++)
		if (st->names[i] != NULL && strlen(st->names[i]) == len &&
		    strncmp(st->names[i], name, len) == 0)
			return i + 1;
	st->names = ts_xrealloc(st->names, (size_t)(st->nparams + 1) *
	    sizeof *st->names);
	st->names[st->nparams] = ts_xasprintf("%.*s", (int)len, name);
	return ++st->nparams;
}

/* SQLite's parameters (?N, :name) as PostgreSQL's ($N), outside quotes. */
static void
translate(struct pg_stmt *st, const char *sql, struct ts_buf *out)
{
	const char *p = sql;
	bool quoted = false;
	long n;
	size_t len;

	for (; *p != '\0'; p++) {
		if (*p == '\'')
			quoted = !quoted;
		if (!quoted && *p == '?' && p[1] >= '0' && p[1] <= '9') {
			n = strtol(p + 1, (char **)&p, 10);
			p--;
			ts_buf_printf(out, "$%ld", n);
			if (n > st->nparams) {
				st->names = ts_xrealloc(st->names, (size_t)n *
				    sizeof *st->names);
				while (st->nparams < n)
					st->names[st->nparams++] = NULL;
			}
		} else if (!quoted && *p == ':' && p[1] != ':' &&
		    (p == sql || p[-1] != ':') &&
		    ((p[1] >= 'a' && p[1] <= 'z') || p[1] == '_')) {
			len = strspn(p + 1, "abcdefghijklmnopqrstuvwxyz0123456789_");
			ts_buf_printf(out, "$%d", name_index(st, p + 1, len));
			p += len;
		} else
			ts_buf_putc(out, *p);
	}
}

static void *
pg_prepare(struct ts_hist *h, const char *sql, unsigned flags)
{
	struct pg_stmt *st = ts_xcalloc(1, sizeof *st);
	struct ts_buf b;

	st->h = h;
	st->flags = flags;
	ts_buf_init(&b);
	translate(st, sql, &b);
	st->sql = ts_xstrdup(b.data);
	ts_buf_free(&b);
	st->types = ts_xcalloc((size_t)st->nparams + 1, sizeof *st->types);
	st->vals = ts_xcalloc((size_t)st->nparams + 1, sizeof *st->vals);
	st->lens = ts_xcalloc((size_t)st->nparams + 1, sizeof *st->lens);
	st->fmts = ts_xcalloc((size_t)st->nparams + 1, sizeof *st->fmts);
	return st;
}

static int
pg_param(void *p, const char *name)
{
	struct pg_stmt *st = p;
	int i;

	if (*name == ':')
		name++;
	for (i = 0; i < st->nparams; i++)
		if (st->names[i] != NULL && strcmp(st->names[i], name) == 0)
			return i + 1;
	return 0;
}

static void
pg_bind(void *p, int i, const struct ts_hist_value *v)
{
	struct pg_stmt *st = p;
	int k = i - 1;

	if (k < 0 || k >= st->nparams)
		return;
	free(st->vals[k]);
	st->vals[k] = NULL;
	st->fmts[k] = 0;
	st->lens[k] = 0;
	switch (v->type) {
	case TS_HIST_INT:
		st->types[k] = OID_INT8;
		st->vals[k] = ts_xasprintf("%lld", v->i);
		break;
	case TS_HIST_REAL:
		st->types[k] = OID_FLOAT8;
		st->vals[k] = isnan(v->r) ? ts_xstrdup("NaN") :
		    isinf(v->r) ? ts_xstrdup(v->r > 0 ? "Infinity" :
		    "-Infinity") : ts_xasprintf("%.17g", v->r);
		break;
	case TS_HIST_TEXT:
		st->types[k] = OID_TEXT;
		st->vals[k] = ts_xstrdup(v->p);
		break;
	case TS_HIST_BLOB:
		st->types[k] = OID_BYTEA;
		st->vals[k] = ts_xmalloc(v->len + 1);
		memcpy(st->vals[k], v->p, v->len);
		st->lens[k] = (int)v->len;
		st->fmts[k] = 1;
		break;
	default:
		st->types[k] = 0;
	}
}

/* Run st's SQL (prefixed) with its parameters; the result, or NULL. */
static PGresult *
execute(struct pg_stmt *st, const char *prefix)
{
	char *sql = ts_xasprintf("%s%s", prefix, st->sql);
	PGresult *res = PQexecParams(st->h->pg, sql, st->nparams, st->types,
	    (const char *const *)st->vals, st->lens, st->fmts, 1);
	ExecStatusType s = PQresultStatus(res);

	free(sql);
	if (s == PGRES_COMMAND_OK || s == PGRES_TUPLES_OK)
		return res;
	fail_with(st->h, res);
	PQclear(res);
	return NULL;
}

/* Open st's cursor (in a read-only transaction of its own if need be). */
static int
open_cursor(struct pg_stmt *st)
{
	struct ts_hist *h = st->h;
	PGresult *res;
	char *decl;

	if (PQtransactionStatus(h->pg) == PQTRANS_IDLE) {
		if (run(h, "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY",
		    NULL) == -1)
			return -1;
		st->began = true;
	}
	free(st->cursor);
	st->cursor = ts_xasprintf("ts_hist_c%u", h->cursors++);
	decl = ts_xasprintf("DECLARE %s NO SCROLL CURSOR FOR ", st->cursor);
	res = execute(st, decl);
	free(decl);
	if (res == NULL)
		return -1;
	PQclear(res);
	return 0;
}

/* The next batch of a cursor's rows into st->res. */
static int
fetch(struct pg_stmt *st)
{
	char sql[64];
	PGresult *res;

	snprintf(sql, sizeof sql, "FETCH 1000 FROM %s", st->cursor);
	res = PQexecParams(st->h->pg, sql, 0, NULL, NULL, NULL, NULL, 1);
	if (PQresultStatus(res) != PGRES_TUPLES_OK) {
		fail_with(st->h, res);
		PQclear(res);
		return -1;
	}
	PQclear(st->res);
	st->res = res;
	st->row = 0;
	st->nrows = PQntuples(res);
	return 0;
}

/* Close st's cursor, and end the transaction it began. */
static void
close_cursor(struct pg_stmt *st)
{
	char sql[64];

	if (st->cursor == NULL || st->h->pg == NULL)
		return;
	if (PQtransactionStatus(st->h->pg) == PQTRANS_INTRANS) {
		snprintf(sql, sizeof sql, "CLOSE %s", st->cursor);
		run(st->h, sql, NULL);
	}
	if (st->began)
		run(st->h, PQtransactionStatus(st->h->pg) == PQTRANS_INTRANS ?
		    "COMMIT" : "ROLLBACK", NULL);
	st->began = false;
	free(st->cursor);
	st->cursor = NULL;
}

static int
pg_step(void *p)
{
	struct pg_stmt *st = p;

	if (st->done)
		return 0;
	if (!st->ran) {
		st->ran = true;
		if (st->flags & TS_HIST_MANY) {
			if (open_cursor(st) == -1 || fetch(st) == -1)
				return -1;
		} else {
			if ((st->res = execute(st, "")) == NULL)
				return -1;
			st->nrows = PQresultStatus(st->res) ==
			    PGRES_TUPLES_OK ? PQntuples(st->res) : 0;
		}
		st->row = -1;
	}
	if (++st->row < st->nrows)
		return 1;
	/* A cursor's batch read: the next one, until one comes back empty. */
	if (st->cursor != NULL && st->nrows > 0) {
		if (fetch(st) == -1)
			return -1;
		if (st->nrows > 0)
			return 1;
	}
	st->done = true;
	return 0;
}

static void
pg_reset(void *p)
{
	struct pg_stmt *st = p;
	int i;

	close_cursor(st);
	PQclear(st->res);
	st->res = NULL;
	st->ran = st->done = false;
	st->row = st->nrows = 0;
	for (i = 0; i < st->nparams; i++) {
		free(st->vals[i]);
		st->vals[i] = NULL;
		st->types[i] = 0;
		st->lens[i] = st->fmts[i] = 0;
	}
}

static void
pg_finalize(void *p)
{
	struct pg_stmt *st = p;
	int i;

	pg_reset(st);
	for (i = 0; i < st->nparams; i++)
		free(st->names[i]);
	TS_FREE_ALL(st->names, st->types, st->vals, st->lens, st->fmts,
	    st->sql, st);
}

/* The current row's column i, or NULL when NULL or out of range. */
static const unsigned char *
cell(struct pg_stmt *st, int i)
{
	if (st->res == NULL || st->row < 0 || st->row >= st->nrows ||
	    i >= PQnfields(st->res) || PQgetisnull(st->res, st->row, i))
		return NULL;
	return (const unsigned char *)PQgetvalue(st->res, st->row, i);
}

/* A big-endian integer of n bytes. */
static uint64_t
be_bits(const unsigned char *b, int n)
{
	uint64_t v = 0;
	int k;

	for (k = 0; k < n; k++)
		v = v << 8 | b[k];
	return v;
}

static int
pg_col_type(void *p, int i)
{
	struct pg_stmt *st = p;

	if (cell(st, i) == NULL)
		return TS_HIST_NULL;
	switch (PQftype(st->res, i)) {
	case OID_BOOL: case OID_INT2: case OID_INT4: case OID_INT8:
		return TS_HIST_INT;
	case OID_FLOAT4: case OID_FLOAT8:
		return TS_HIST_REAL;
	case OID_BYTEA:
		return TS_HIST_BLOB;
	default:
		return TS_HIST_TEXT;
	}
}

static double	pg_col_real(void *p, int i);

static long long
pg_col_int(void *p, int i)
{
	struct pg_stmt *st = p;
	const unsigned char *c = cell(st, i);
	uint64_t u;

	if (c == NULL)
		return 0;
	switch (PQftype(st->res, i)) {
	case OID_BOOL: return c[0] != 0;
	case OID_INT2: return (int16_t)be_bits(c, 2);
	case OID_INT4: return (int32_t)be_bits(c, 4);
	case OID_INT8:
		u = be_bits(c, 8);
		return (long long)u;
	case OID_FLOAT4: case OID_FLOAT8:
		break;
	default:
		return strtoll((const char *)c, NULL, 10);
	}
	return (long long)pg_col_real(p, i);
}

static double
pg_col_real(void *p, int i)
{
	struct pg_stmt *st = p;
	const unsigned char *c = cell(st, i);
	uint64_t u;
	uint32_t w;
	double d;
	float f;

	if (c == NULL)
		return 0;
	switch (PQftype(st->res, i)) {
	case OID_FLOAT8:
		u = be_bits(c, 8);
		memcpy(&d, &u, sizeof d);
		return d;
	case OID_FLOAT4:
		w = (uint32_t)be_bits(c, 4);
		memcpy(&f, &w, sizeof f);
		return f;
	case OID_BOOL: case OID_INT2: case OID_INT4: case OID_INT8:
		return (double)pg_col_int(p, i);
	default:
		return strtod((const char *)c, NULL);
	}
}

static const void *
pg_col_blob(void *p, int i, size_t *len)
{
	struct pg_stmt *st = p;
	const unsigned char *c = cell(st, i);

	*len = c != NULL ? (size_t)PQgetlength(st->res, st->row, i) : 0;
	return c;
}

static int
pg_inserted(void *p, long long *id)
{
	struct pg_stmt *st = p;

	if (st->res == NULL || PQntuples(st->res) == 0)
		return 0;
	st->row = 0;
	*id = pg_col_int(p, 0);
	return 1;
}

/* Each identity sequence after the largest id given. */
static int
pg_ids_copied(struct ts_hist *h, char *err, size_t errlen)
{
	static const char *const cols[][2] = { { "hosts", "id" },
	    { "documents", "id" }, { "results", "rowid" },
	    { "readings", "id" } };
	char sql[256];
	size_t i;

	for (i = 0; i < sizeof cols / sizeof cols[0]; i++) {
		snprintf(sql, sizeof sql, "SELECT setval(pg_get_serial_sequence("
		    "'%s', '%s'), coalesce((SELECT max(%s) FROM %s), 0) + 1, "
		    "false)", cols[i][0], cols[i][1], cols[i][1], cols[i][0]);
		if (exec_what(h, sql, "setting the next ids", err,
		    errlen) == -1)
			return -1;
	}
	return 0;
}

const struct ts_hist_backend ts_hist_pg = {
	.name = "PostgreSQL",
	TS_HIST_BACKEND_OPS(pg),
	.ids_copied = pg_ids_copied,
	.contains = "strpos(%s, %s) > 0",
	.returning_id = " RETURNING id",
};

#else /* !HAVE_LIBPQ */

/* A build without libpq: a server is refused in one line. */
static int
pg_open(struct ts_hist *h, const char *where, bool create, bool write,
    char *err, size_t errlen)
{
	(void)where;
	(void)create;
	(void)write;
	h->path = ts_xstrdup("postgresql://");
	return ts_hist_refuse(h, err, errlen, "this build has no PostgreSQL "
	    "back end: --db names a server, and threadstone was configured "
	    "without libpq (install libpq-dev and configure "
	    "--with-postgresql)");
}

static void
pg_close(struct ts_hist *h)
{
	(void)h;
}

const struct ts_hist_backend ts_hist_pg = {
	.name = "PostgreSQL",
	.open = pg_open,
	.close = pg_close,
	.contains = "strpos(%s, %s) > 0",
	.returning_id = " RETURNING id",
};

#endif /* HAVE_LIBPQ */
