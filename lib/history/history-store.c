/* SPDX-License-Identifier: MIT */
/*
 * Opening the history database: the checks that it is ours, the
 * migrations, the connection's settings; and the transactions.
 */
#include <config.h>

#include <sys/stat.h>

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>

#include "history/history-schema.h"
#include "history/history-store.h"
#include "util.h"

void
ts_hist_errmsg(struct ts_hist *h, const char *what, char *err, size_t errlen)
{
	int code = sqlite3_errcode(h->db) & 0xff;

	if (code == SQLITE_BUSY || code == SQLITE_LOCKED)
		snprintf(err, errlen, "%s is locked by another writer (waited "
		    "%.3g s; see --timeout)", h->path, h->timeout_ms / 1000.0);
	else if (code == SQLITE_NOTADB)
		snprintf(err, errlen, "%s is not an SQLite database", h->path);
	else if (code == SQLITE_READONLY || code == SQLITE_CANTOPEN)
		snprintf(err, errlen, "%s: %s: the database is read-only or "
		    "its directory is not writable", h->path, what);
	else
		snprintf(err, errlen, "%s: %s: %s", h->path, what,
		    sqlite3_errmsg(h->db));
}

/* Run sql (no rows); return 0, or -1 with err. */
static int
exec(struct ts_hist *h, const char *sql, const char *what, char *err,
    size_t errlen)
{
	if (sqlite3_exec(h->db, sql, NULL, NULL, NULL) == SQLITE_OK)
		return 0;
	ts_hist_errmsg(h, what, err, errlen);
	return -1;
}

/* One integer of a one-row query, or -1 with err. */
static long long
query_int(struct ts_hist *h, const char *sql, const char *what, char *err,
    size_t errlen)
{
	sqlite3_stmt *st;
	long long v = -1;

	if (sqlite3_prepare_v2(h->db, sql, -1, &st, NULL) != SQLITE_OK) {
		ts_hist_errmsg(h, what, err, errlen);
		return -1;
	}
	if (sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	else
		ts_hist_errmsg(h, what, err, errlen);
	sqlite3_finalize(st);
	return v;
}

int
ts_hist_schema_of(struct ts_hist *h)
{
	char err[256];

	return (int)query_int(h, "PRAGMA user_version", "reading", err,
	    sizeof err);
}

/* Bring a database of version v up to TS_HIST_SCHEMA, in one transaction. */
static int
migrate(struct ts_hist *h, char *err, size_t errlen)
{
	long long v, ntables;
	char sql[64];

	if (ts_hist_begin(h, err, errlen) == -1)
		return -1;
	/* Another process may have migrated it meanwhile. */
	v = query_int(h, "PRAGMA user_version", "reading the schema version",
	    err, errlen);
	if (v < 0)
		goto fail;
	if (v == 0) {
		ntables = query_int(h, "SELECT count(*) FROM sqlite_master",
		    "reading the schema", err, errlen);
		if (ntables < 0)
			goto fail;
		if (ntables > 0) {
			snprintf(err, errlen, "%s is an SQLite database but not "
			    "a threadstone history (it has tables and no schema "
			    "version)", h->path);
			goto fail;
		}
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
	return ts_hist_commit(h, err, errlen);
fail:
	ts_hist_rollback(h);
	return -1;
}

/* WAL, unless the file already is. */
static int
set_wal(struct ts_hist *h, char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int wal = 0;

	if (sqlite3_prepare_v2(h->db, "PRAGMA journal_mode", -1, &st,
	    NULL) != SQLITE_OK) {
		ts_hist_errmsg(h, "reading the journal mode", err, errlen);
		return -1;
	}
	if (sqlite3_step(st) == SQLITE_ROW) {
		const unsigned char *m = sqlite3_column_text(st, 0);

		wal = m != NULL && strcmp((const char *)m, "wal") == 0;
	} else {
		ts_hist_errmsg(h, "reading the journal mode", err, errlen);
		sqlite3_finalize(st);
		return -1;
	}
	sqlite3_finalize(st);
	if (wal)
		return 0;
	return exec(h, "PRAGMA journal_mode = WAL", "switching to WAL", err,
	    errlen);
}

int
ts_hist_open(struct ts_hist *h, const char *path, bool create, bool write,
    int timeout_ms, char *err, size_t errlen)
{
	struct stat sb;
	long long v;
	int flags;
	bool exists;

	memset(h, 0, sizeof *h);
	exists = stat(path, &sb) == 0;
	if (!exists && (errno != ENOENT || !create)) {
		if (errno == ENOENT)
			snprintf(err, errlen, "no history at %s (add a document "
			    "first, or name one with --db)", path);
		else
			snprintf(err, errlen, "cannot open %s: %s", path,
			    strerror(errno));
		return -1;
	}
	if (exists && !S_ISREG(sb.st_mode)) {
		snprintf(err, errlen, "%s is not a regular file", path);
		return -1;
	}
	if (exists && write && access(path, W_OK) != 0) {
		snprintf(err, errlen, "%s is read-only: nothing was changed",
		    path);
		return -1;
	}
	h->writable = write || !exists || access(path, W_OK) == 0;
	flags = h->writable ? SQLITE_OPEN_READWRITE : SQLITE_OPEN_READONLY;
	if (create)
		flags |= SQLITE_OPEN_CREATE;
	h->path = ts_xstrdup(path);
	h->timeout_ms = timeout_ms;
	if (sqlite3_open_v2(path, &h->db, flags | SQLITE_OPEN_NOMUTEX,
	    NULL) != SQLITE_OK) {
		if (h->db == NULL)
			snprintf(err, errlen, "cannot open %s: out of memory",
			    path);
		else
			ts_hist_errmsg(h, "cannot open", err, errlen);
		goto fail;
	}
	sqlite3_busy_timeout(h->db, timeout_ms);
	sqlite3_extended_result_codes(h->db, 0);
	v = query_int(h, "PRAGMA user_version", "reading the schema version",
	    err, errlen);
	if (v < 0)
		goto fail;
	if (v > TS_HIST_SCHEMA) {
		snprintf(err, errlen, "%s has schema version %lld, newer than "
		    "this program's %d: use a newer release of threadstone", path,
		    v, TS_HIST_SCHEMA);
		goto fail;
	}
	if (exec(h, "PRAGMA foreign_keys = ON", "enabling foreign keys", err,
	    errlen) == -1)
		goto fail;
	if (v < TS_HIST_SCHEMA) {
		if (!h->writable) {
			snprintf(err, errlen, "%s has schema version %lld and "
			    "is read-only, so it cannot be migrated to version "
			    "%d", path, v, TS_HIST_SCHEMA);
			goto fail;
		}
		if (v == 0 && set_wal(h, err, errlen) == -1)
			goto fail;
		if (migrate(h, err, errlen) == -1)
			goto fail;
	}
	if (h->writable && (set_wal(h, err, errlen) == -1 ||
	    exec(h, "PRAGMA synchronous = NORMAL", "setting synchronous",
	    err, errlen) == -1))
		goto fail;
	return 0;
fail:
	ts_hist_close(h);
	return -1;
}

void
ts_hist_close(struct ts_hist *h)
{
	if (h->db != NULL)
		sqlite3_close(h->db);
	free(h->path);
	memset(h, 0, sizeof *h);
}

int
ts_hist_begin(struct ts_hist *h, char *err, size_t errlen)
{
	return exec(h, "BEGIN IMMEDIATE", "beginning a transaction", err,
	    errlen);
}

int
ts_hist_commit(struct ts_hist *h, char *err, size_t errlen)
{
	if (exec(h, "COMMIT", "committing", err, errlen) == -1) {
		ts_hist_rollback(h);
		return -1;
	}
	return 0;
}

void
ts_hist_rollback(struct ts_hist *h)
{
	if (!sqlite3_get_autocommit(h->db))
		sqlite3_exec(h->db, "ROLLBACK", NULL, NULL, NULL);
}

char *
ts_hist_default_path(char *err, size_t errlen)
{
	const char *s;

	s = getenv("THREADSTONE_HISTORY");
	if (s != NULL && *s != '\0')
		return ts_xstrdup(s);
	s = getenv("XDG_DATA_HOME");
	if (s != NULL && *s == '/')
		return ts_xasprintf("%s/threadstone/history.sqlite", s);
	s = getenv("HOME");
	if (s != NULL && *s == '/')
		return ts_xasprintf("%s/.local/share/threadstone/"
		    "history.sqlite", s);
	snprintf(err, errlen, "no database named: set HOME, XDG_DATA_HOME or "
	    "THREADSTONE_HISTORY, or give --db FILE");
	return NULL;
}

int
ts_hist_make_dirs(const char *path, char *err, size_t errlen)
{
	char dir[PATH_MAX];
	char *p;

	if (strlen(path) >= sizeof dir) {
		snprintf(err, errlen, "%s: path too long", path);
		return -1;
	}
	strcpy(dir, path);
	p = strrchr(dir, '/');
	if (p == NULL || p == dir)
		return 0;
	*p = '\0';
	for (p = dir + 1; ; p++) {
		if (*p == '/' || *p == '\0') {
			char c = *p;

			*p = '\0';
			if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
				snprintf(err, errlen, "cannot create %s: %s", dir,
				    strerror(errno));
				return -1;
			}
			*p = c;
			if (c == '\0')
				break;
		}
	}
	return 0;
}
