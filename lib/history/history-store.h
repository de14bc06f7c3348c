/* SPDX-License-Identifier: MIT */
/*
 * The history database: one SQLite file holding every result document
 * and tachyon record added, by host.  Opening it checks that it is an
 * SQLite database of a schema version this code knows, brings an older
 * one up to date (each migration in its own transaction), and sets what
 * every connection needs: foreign keys, WAL, a busy timeout.  The schema
 * is documented in threadstone-history(1).
 */
#ifndef TS_HISTORY_STORE_H
#define TS_HISTORY_STORE_H

#include <stdbool.h>
#include <stddef.h>

struct sqlite3;

/* The schema version this code writes (PRAGMA user_version). */
#define TS_HIST_SCHEMA		2
/* Default wait for another writer, in milliseconds. */
#define TS_HIST_TIMEOUT_MS	30000

struct ts_hist {
	struct sqlite3	*db;
	char		*path;
	int		 timeout_ms;
	bool		 writable;
};

/*
 * Open the database at path.  With create, a missing file is made (its
 * directory must exist); otherwise a missing file is an error.  With
 * write, the file must be writable.  A read-only open of an up-to-date
 * database needs no write access.  Return 0, or -1 with one line in err
 * ("PATH is not an SQLite database", "PATH has schema version 9, newer
 * than this program's 2", "PATH is locked by another writer", ...);
 * then nothing was changed and *h holds nothing to close.
 */
int	ts_hist_open(struct ts_hist *h, const char *path, bool create,
	    bool write, int timeout_ms, char *err, size_t errlen);
void	ts_hist_close(struct ts_hist *h);

/*
 * A write transaction (BEGIN IMMEDIATE: the write lock is taken at once,
 * waiting up to the timeout), its commit and its rollback.  Return 0, or
 * -1 with a message in err.
 */
int	ts_hist_begin(struct ts_hist *h, char *err, size_t errlen);
int	ts_hist_commit(struct ts_hist *h, char *err, size_t errlen);
void	ts_hist_rollback(struct ts_hist *h);

/* The user_version of the file at path without migrating it (tests). */
int	ts_hist_schema_of(struct ts_hist *h);

/*
 * Put "PATH: what failed: sqlite's message" (or the lock wording) in err
 * for the last failure of h's connection.
 */
void	ts_hist_errmsg(struct ts_hist *h, const char *what, char *err,
	    size_t errlen);

/*
 * The default database path: $THREADSTONE_HISTORY, else
 * $XDG_DATA_HOME/threadstone/history.sqlite, else
 * $HOME/.local/share/threadstone/history.sqlite.  Returns a malloc'd
 * string, or NULL with a message when none can be named.
 */
char	*ts_hist_default_path(char *err, size_t errlen);

/* Create the directories leading to path (mkdir -p of its dirname). */
int	ts_hist_make_dirs(const char *path, char *err, size_t errlen);

#endif /* TS_HISTORY_STORE_H */
