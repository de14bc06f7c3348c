/* SPDX-License-Identifier: MIT */
/*
 * The history's SQLite back end: a new file made whole, the checks that
 * a file is ours, the migrations, the connection's settings; the
 * transactions; and the statements.  Every wait for another process
 * (its lock, its creating or migrating the file) lasts up to the
 * timeout, and says how long it really lasted.
 */
#include <config.h>

#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <sqlite3.h>

#include "history/history-store.h"
#include "history/history-backend.h"
#include "history/history-schema.h"
#include "outfile.h"
#include "util.h"

/* The directory part of path ("." when it has none). */
static char *
dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	if (slash == NULL)
		return ts_xstrdup(".");
	if (slash == path)
		return ts_xstrdup("/");
	return ts_xasprintf("%.*s", (int)(slash - path), path);
}

/*
 * Why SQLite could not write (or open) h's file: a file beside it that
 * this user cannot write, the directory, or the file itself.
 */
static void
readonly_reason(const struct ts_hist *h, const char *what, char *err,
    size_t errlen)
{
	static const char *const sides[] = { "-shm", "-wal", "-journal" };
	struct stat sb;
	char *side, *dir;
	size_t i;

	for (i = 0; i < sizeof sides / sizeof sides[0]; i++) {
		side = ts_xasprintf("%s%s", h->path, sides[i]);
		if (access(side, F_OK) == 0 && access(side, W_OK) != 0) {
			if (i == 0 || (i == 1 && stat(side, &sb) == 0 &&
			    sb.st_size == 0))
				snprintf(err, errlen, "%s: %s: %s is not "
				    "writable by this user (left by another "
				    "user's reading): remove %s-wal and %s-shm "
				    "once no program is using the history",
				    h->path, what, side, h->path, h->path);
			else
				snprintf(err, errlen, "%s: %s: %s is not "
				    "writable by this user: its owner's next "
				    "command on the history takes it up",
				    h->path, what, side);
			free(side);
			return;
		}
		free(side);
	}
	dir = dir_of(h->path);
	if (access(dir, W_OK) != 0)
		snprintf(err, errlen, "%s: %s: its directory %s is not "
		    "writable (SQLite keeps its journal there)", h->path, what,
		    dir);
	else if (access(h->path, W_OK) != 0)
		snprintf(err, errlen, "%s: %s: the file is read-only", h->path,
		    what);
	else
		snprintf(err, errlen, "%s: %s: %s", h->path, what,
		    sqlite3_errmsg(h->db));
	free(dir);
}

static void
sq_errmsg(struct ts_hist *h, const char *what, char *err, size_t errlen)
{
	int code = sqlite3_errcode(h->db) & 0xff;

	h->busy = code == SQLITE_BUSY || code == SQLITE_LOCKED;
	if (h->busy)
		snprintf(err, errlen, "%s is locked by another writer (waited "
		    "%.3g s; see --timeout)", h->path, ts_hist_waited(h));
	else if (code == SQLITE_NOTADB)
		snprintf(err, errlen, "%s is not an SQLite database", h->path);
	else if (code == SQLITE_READONLY || code == SQLITE_CANTOPEN)
		readonly_reason(h, what, err, errlen);
	else
		snprintf(err, errlen, "%s: %s: %s", h->path, what,
		    sqlite3_errmsg(h->db));
}

static void	sq_rollback(struct ts_hist *h);

/* Run sql (no rows); return 0, or -1 with err. */
static int
exec(struct ts_hist *h, const char *sql, const char *what, char *err,
    size_t errlen)
{
	if (sqlite3_exec(h->db, sql, NULL, NULL, NULL) == SQLITE_OK)
		return 0;
	sq_errmsg(h, what, err, errlen);
	return -1;
}

/*
 * Run a statement that takes a lock (BEGIN IMMEDIATE, COMMIT) until the
 * wait's timeout: SQLite's busy handler waits for most locks, and the
 * rest (a lock it will not wait for) are tried again here.
 */
static int
exec_waiting(struct ts_hist *h, const char *sql, const char *what,
    char *err, size_t errlen)
{
	while (exec(h, sql, what, err, errlen) == -1) {
		if (!h->busy || ts_hist_time_up(h))
			return -1;
		ts_hist_nap();
	}
	return 0;
}

/* A write transaction and its commit, within the current wait. */
static int
begin(struct ts_hist *h, char *err, size_t errlen)
{
	return exec_waiting(h, "BEGIN IMMEDIATE", "beginning a transaction",
	    err, errlen);
}

static int
commit(struct ts_hist *h, char *err, size_t errlen)
{
	if (exec_waiting(h, "COMMIT", "committing", err, errlen) == -1) {
		sq_rollback(h);
		return -1;
	}
	return 0;
}

/* One integer of a one-row query, or -1 with err. */
static long long
query_int(struct ts_hist *h, const char *sql, const char *what, char *err,
    size_t errlen)
{
	sqlite3_stmt *st;
	long long v = -1;

	if (sqlite3_prepare_v2(h->db, sql, -1, &st, NULL) != SQLITE_OK) {
		sq_errmsg(h, what, err, errlen);
		return -1;
	}
	if (sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	else
		sq_errmsg(h, what, err, errlen);
	sqlite3_finalize(st);
	return v;
}

static int
sq_schema_of(struct ts_hist *h)
{
	char err[256];

	return (int)query_int(h, "PRAGMA user_version", "reading", err,
	    sizeof err);
}

/* 1 if the file has a table of that name, 0 if not, -1 with err. */
static int
has_table(struct ts_hist *h, const char *name, char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc;

	if (sqlite3_prepare_v2(h->db, "SELECT 1 FROM sqlite_master WHERE "
	    "type = 'table' AND name = ?1", -1, &st, NULL) != SQLITE_OK) {
		sq_errmsg(h, "reading the schema", err, errlen);
		return -1;
	}
	sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
	rc = sqlite3_step(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		sq_errmsg(h, "reading the schema", err, errlen);
	sqlite3_finalize(st);
	return rc == SQLITE_ROW ? 1 : rc == SQLITE_DONE ? 0 : -1;
}

/*
 * Whether a file of schema version v is a threadstone history: version 0
 * must be empty (1 if it is, for a new schema), a later one must have
 * the tables of its version.  Return 0 or 1, or -1 with err.
 */
static int
check_ours(struct ts_hist *h, long long v, char *err, size_t errlen)
{
	const struct ts_hist_table *t;
	long long n;
	int has;

	if (v == 0) {
		n = query_int(h, "SELECT count(*) FROM sqlite_master",
		    "reading the schema", err, errlen);
		if (n < 0)
			return -1;
		if (n > 0)
			return ts_hist_refuse(h, err, errlen, "%s is an SQLite database "
			    "but not a threadstone history (it has tables and "
			    "no schema version)", h->path);
		return 1;
	}
	for (t = ts_hist_tables; t->name != NULL; t++) {
		if (t->since > v)
			continue;
		if ((has = has_table(h, t->name, err, errlen)) == -1)
			return -1;
		if (!has)
			return ts_hist_refuse(h, err, errlen, "%s is an SQLite database "
			    "but not a threadstone history (schema version "
			    "%lld, and no table %s)", h->path, v, t->name);
	}
	return ts_hist_refuse_newer(h, v, err, errlen);
}

/* Bring a database of version v up to TS_HIST_SCHEMA, in one transaction. */
static int
migrate(struct ts_hist *h, char *err, size_t errlen)
{
	long long v;
	char sql[64];

	if (begin(h, err, errlen) == -1)
		return -1;
	/* Another process may have created or migrated it meanwhile. */
	v = query_int(h, "PRAGMA user_version", "reading the schema version",
	    err, errlen);
	if (v < 0 || check_ours(h, v, err, errlen) == -1)
		goto fail;
	if (v == 0) {
		if (exec(h, ts_hist_schema_sql, "creating the schema", err,
		    errlen) == -1)
			goto fail;
	} else {
		for (; v < TS_HIST_SCHEMA; v++)
			if (exec(h, ts_hist_migrations[v], "migrating the "
			    "schema", err, errlen) == -1)
				goto fail;
	}
	snprintf(sql, sizeof sql, "PRAGMA user_version = %d", TS_HIST_SCHEMA);
	if (exec(h, sql, "setting the schema version", err, errlen) == -1)
		goto fail;
	return commit(h, err, errlen);
fail:
	sq_rollback(h);
	return -1;
}

/*
 * A file in WAL mode (made by an earlier release) back to a rollback
 * journal, when no other connection has it open; otherwise it stays as
 * it is until next time.
 */
static void
leave_wal(struct ts_hist *h)
{
	sqlite3_stmt *st;
	bool wal = false;

	if (sqlite3_prepare_v2(h->db, "PRAGMA journal_mode", -1, &st,
	    NULL) != SQLITE_OK)
		return;
	if (sqlite3_step(st) == SQLITE_ROW) {
		const unsigned char *m = sqlite3_column_text(st, 0);

		wal = m != NULL && strcmp((const char *)m, "wal") == 0;
	}
	sqlite3_finalize(st);
	if (wal)
		sqlite3_exec(h->db, "PRAGMA journal_mode = DELETE", NULL, NULL,
		    NULL);
}

/* Open a connection to h's file, with the timeout that is left. */
static int
connect(struct ts_hist *h, const char *file, int flags, char *err,
    size_t errlen)
{
	double left = h->timeout_ms - ts_hist_waited(h) * 1000.0;

	if (sqlite3_open_v2(file, &h->db, flags | SQLITE_OPEN_NOMUTEX,
	    NULL) != SQLITE_OK) {
		if (h->db == NULL)
			return ts_hist_refuse(h, err, errlen, "cannot open %s: out of "
			    "memory", h->path);
		sq_errmsg(h, "cannot open", err, errlen);
		return -1;
	}
	sqlite3_busy_timeout(h->db, left > 0 ? (int)left : 0);
	sqlite3_extended_result_codes(h->db, 0);
	return exec(h, "PRAGMA foreign_keys = ON", "enabling foreign keys",
	    err, errlen);
}

/* One try at opening an existing file: connect, check, migrate. */
static int
open_existing(struct ts_hist *h, bool write, char *err, size_t errlen)
{
	long long v;
	int empty;

	if (connect(h, h->path, h->writable ? SQLITE_OPEN_READWRITE :
	    SQLITE_OPEN_READONLY, err, errlen) == -1)
		return -1;
	v = query_int(h, "PRAGMA user_version", "reading the schema version",
	    err, errlen);
	if (v < 0 || (empty = check_ours(h, v, err, errlen)) == -1)
		return -1;
	if (empty && !write)
		return ts_hist_refuse(h, err, errlen, "%s is empty: no history yet "
		    "(add a document first)", h->path);
	if (v < TS_HIST_SCHEMA) {
		if (!h->writable)
			return ts_hist_refuse(h, err, errlen, "%s has schema version "
			    "%lld and is read-only, so it cannot be migrated "
			    "to version %d", h->path, v, TS_HIST_SCHEMA);
		if (migrate(h, err, errlen) == -1)
			return -1;
	}
	if (write)
		leave_wal(h);
	return 0;
}

/*
 * Begin a new file: an empty temporary file beside h->path, then the
 * schema in it.  Signals that would end the program are held while the
 * file exists, so that it never outlives a failure or an interruption.
 */
static int
begin_fresh(struct ts_hist *h, char *err, size_t errlen)
{
	const char *base = strrchr(h->path, '/');
	char *dir = dir_of(h->path);
	unsigned i;
	int fd = -1;

	base = base != NULL ? base + 1 : h->path;
	ts_signals_hold(&h->held);
	for (i = 0; i < 100 && fd == -1; i++) {
		free(h->fresh);
		h->fresh = ts_xasprintf("%s/.%s.%ld-%u", dir, base,
		    (long)getpid(), i);
		fd = open(h->fresh, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
		    0644);
		if (fd == -1 && errno != EEXIST)
			break;
	}
	if (fd == -1) {
		if (errno == ENOENT)
			ts_hist_refuse(h, err, errlen, "cannot create %s: no directory "
			    "%s", h->path, dir);
		else
			ts_hist_refuse(h, err, errlen, "cannot create %s: %s", h->path,
			    strerror(errno));
		free(dir);
		free(h->fresh);
		h->fresh = NULL;
		ts_signals_release(&h->held);
		return -1;
	}
	close(fd);
	free(dir);
	h->writable = true;
	if (connect(h, h->fresh, SQLITE_OPEN_READWRITE, err, errlen) == -1 ||
	    migrate(h, err, errlen) == -1)
		return -1;
	return 0;
}

static int
sq_open(struct ts_hist *h, const char *path, bool create, bool write,
    char *err, size_t errlen)
{
	struct stat sb;

	if (stat(path, &sb) == -1) {
		if (errno == ENOENT && create) {
			if (begin_fresh(h, err, errlen) == 0)
				return 0;
		} else if (errno == ENOENT) {
			ts_hist_refuse(h, err, errlen, "no history at %s (add a "
			    "document first, or name one with --db)", path);
			h->missing = true;
		} else
			ts_hist_refuse(h, err, errlen, "cannot open %s: %s",
			    path, strerror(errno));
		return -1;
	}
	if (!S_ISREG(sb.st_mode)) {
		return ts_hist_refuse(h, err, errlen, "%s is not a regular "
		    "file", path);
	}
	h->writable = access(path, W_OK) == 0;
	if (write && !h->writable) {
		return ts_hist_refuse(h, err, errlen, "%s is read-only: "
		    "nothing was changed", path);
	}
	/* Another process creating or migrating it: try again until the
	 * timeout, since SQLite does not wait for every lock. */
	while (open_existing(h, write, err, errlen) == -1) {
		if (!h->busy || ts_hist_time_up(h))
			return -1;
		sqlite3_close(h->db);
		h->db = NULL;
		ts_hist_nap();
	}
	return 0;
}

static int
sq_publish(struct ts_hist *h, char *err, size_t errlen)
{
	char *dir;
	int dfd, rc = 0;

	if (h->fresh == NULL)
		return 0;
	if (link(h->fresh, h->path) == -1) {
		if (errno == EEXIST)
			rc = 1;
		else
			rc = ts_hist_refuse(h, err, errlen, "cannot create %s: %s",
			    h->path, strerror(errno));
	}
	unlink(h->fresh);
	free(h->fresh);
	h->fresh = NULL;
	if (rc == 0) {
		dir = dir_of(h->path);
		if ((dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) != -1) {
			fsync(dfd);
			close(dfd);
		}
		free(dir);
	}
	ts_signals_release(&h->held);
	return rc;
}

static void
sq_close(struct ts_hist *h)
{
	if (h->db != NULL)
		sqlite3_close(h->db);
	if (h->fresh != NULL) {
		unlink(h->fresh);
		free(h->fresh);
		ts_signals_release(&h->held);
	}
}

static int
sq_begin(struct ts_hist *h, char *err, size_t errlen)
{
	sqlite3_busy_timeout(h->db, h->timeout_ms);
	return begin(h, err, errlen);
}

static int
sq_commit(struct ts_hist *h, char *err, size_t errlen)
{
	sqlite3_busy_timeout(h->db, h->timeout_ms);
	return commit(h, err, errlen);
}

static void
sq_rollback(struct ts_hist *h)
{
	if (!sqlite3_get_autocommit(h->db))
		sqlite3_exec(h->db, "ROLLBACK", NULL, NULL, NULL);
}


/* Statements: SQLite's own. */
static void *
sq_prepare(struct ts_hist *h, const char *sql, unsigned flags)
{
	sqlite3_stmt *st;

	(void)flags;
	if (sqlite3_prepare_v2(h->db, sql, -1, &st, NULL) != SQLITE_OK)
		return NULL;
	return st;
}

static int
sq_param(void *st, const char *name)
{
	return sqlite3_bind_parameter_index(st, name);
}

static void
sq_bind(void *st, int i, const struct ts_hist_value *v)
{
	switch (v->type) {
	case TS_HIST_INT:
		sqlite3_bind_int64(st, i, v->i);
		break;
	case TS_HIST_REAL:
		sqlite3_bind_double(st, i, v->r);
		break;
	case TS_HIST_TEXT:
		sqlite3_bind_text(st, i, v->p, -1, SQLITE_TRANSIENT);
		break;
	case TS_HIST_BLOB:
		sqlite3_bind_blob64(st, i, v->p, v->len, SQLITE_TRANSIENT);
		break;
	default:
		sqlite3_bind_null(st, i);
	}
}

static int
sq_step(void *st)
{
	int rc = sqlite3_step(st);

	return rc == SQLITE_ROW ? 1 : rc == SQLITE_DONE ? 0 : -1;
}

static void
sq_reset(void *st)
{
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
}

static void
sq_finalize(void *st)
{
	sqlite3_finalize(st);
}

static int
sq_col_type(void *st, int i)
{
	switch (sqlite3_column_type(st, i)) {
	case SQLITE_INTEGER: return TS_HIST_INT;
	case SQLITE_FLOAT: return TS_HIST_REAL;
	case SQLITE_TEXT: return TS_HIST_TEXT;
	case SQLITE_BLOB: return TS_HIST_BLOB;
	default: return TS_HIST_NULL;
	}
}

static long long
sq_col_int(void *st, int i)
{
	return sqlite3_column_int64(st, i);
}

static double
sq_col_real(void *st, int i)
{
	return sqlite3_column_double(st, i);
}

static const void *
sq_col_blob(void *st, int i, size_t *len)
{
	const void *p;

	if (sqlite3_column_type(st, i) == SQLITE_TEXT)
		p = sqlite3_column_text(st, i);
	else
		p = sqlite3_column_blob(st, i);
	*len = (size_t)sqlite3_column_bytes(st, i);
	return p;
}

static int
sq_inserted(void *st, long long *id)
{
	sqlite3 *db = sqlite3_db_handle(st);

	if (sqlite3_changes(db) == 0)
		return 0;
	*id = sqlite3_last_insert_rowid(db);
	return 1;
}

const struct ts_hist_backend ts_hist_sqlite = {
	.name = "SQLite",
	TS_HIST_BACKEND_OPS(sq),
	.contains = "instr(%s, %s) > 0",
	.returning_id = "",
};
