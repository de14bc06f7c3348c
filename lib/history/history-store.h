/* SPDX-License-Identifier: MIT */
/*
 * The history database: one SQLite file holding every result document
 * and tachyon record added, by host.  Opening it checks that it is an
 * SQLite database of a schema version this code knows and that it has
 * that version's tables, brings an older one up to date (in one
 * transaction), and sets what every connection needs: foreign keys, a
 * busy timeout.  The file keeps a rollback journal (SQLite's DELETE
 * mode), so that a reader never leaves files beside it: a WAL file's
 * -wal and -shm, made by a reader of another user, would lock its owner
 * out.  A new file is made whole: its schema and the first transaction
 * are written to a temporary file beside it, which ts_hist_publish
 * links into place, so that writers that start together on a missing
 * file never see each other's half-made one, and a failure leaves
 * nothing.  The schema is documented in threadstone-history(1).
 */
#ifndef TS_HISTORY_STORE_H
#define TS_HISTORY_STORE_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>

struct sqlite3;

/* The schema version this code writes (PRAGMA user_version). */
#define TS_HIST_SCHEMA		2
/* Default wait for another writer, in milliseconds. */
#define TS_HIST_TIMEOUT_MS	30000

/*
 * The times a history holds, in seconds since the epoch: a document's
 * generated_at and a record's unix_time are from 2000-01-01T00:00:00Z
 * (TS_HIST_TIME_MIN) to before 2100-01-01T00:00:00Z (TS_HIST_TIME_END);
 * add refuses any other, and the commands that read a history refuse a
 * row an earlier version let in, so that no time out of range reaches a
 * calendar or an integer.  TS_HIST_TIME_RANGE says it in messages.
 */
#define TS_HIST_TIME_MIN	946684800.0
#define TS_HIST_TIME_END	4102444800.0
#define TS_HIST_TIME_RANGE	"from 2000-01-01 to 2099-12-31 (UTC)"
#define TS_HIST_TIME_OK(t)	((t) >= TS_HIST_TIME_MIN && \
				 (t) < TS_HIST_TIME_END)

struct ts_hist {
	struct sqlite3	*db;
	char		*path;
	char		*fresh;		/* the new file's temporary name */
	sigset_t	 held;		/* the signal mask while it exists */
	int		 timeout_ms;
	double		 wait_from;	/* when the current wait began */
	bool		 writable;
	bool		 busy;		/* the last failure was a lock */
};

/*
 * Open the database at path.  With create, a missing file is begun as a
 * temporary file beside it, with the whole schema, which ts_hist_publish
 * puts in place (its directory must exist and be writable); otherwise a
 * missing file is an error.  With write, the file must be writable.  A
 * read-only open of an up-to-date database needs no write access, and
 * writes nothing: an empty file, or another application's database, is
 * refused unchanged.  Another process creating or migrating the file
 * meanwhile is waited for, up to timeout_ms.  Return 0, or -1 with one
 * line in err ("PATH is not an SQLite database", "PATH has schema
 * version 9, newer than this program's 2", "PATH is locked by another
 * writer (waited 30 s; see --timeout)", ...); then nothing was changed
 * and *h holds nothing to close.
 */
int	ts_hist_open(struct ts_hist *h, const char *path, bool create,
	    bool write, int timeout_ms, char *err, size_t errlen);

/*
 * After the commit of a database that ts_hist_open began (h->fresh),
 * link it into place under its name.  Return 0 when it is there (or h
 * was not a new file); 1 when another process made the file first (the
 * new one is dropped: open again and redo the work); -1 with a message
 * in err.
 */
int	ts_hist_publish(struct ts_hist *h, char *err, size_t errlen);

/* Close h; a new file that was not published is removed. */
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

/*
 * Create the directories leading to path (mkdir -p of its dirname); how
 * many it created (the last components of the dirname) into *made when
 * made is not NULL.
 */
int	ts_hist_make_dirs(const char *path, size_t *made, char *err,
	    size_t errlen);

/*
 * Remove the last made directories leading to path, deepest first, as
 * ts_hist_make_dirs created them; a directory that is no longer empty
 * (another writer's) is left, and so are those above it.
 */
void	ts_hist_remove_dirs(const char *path, size_t made);

#endif /* TS_HISTORY_STORE_H */
