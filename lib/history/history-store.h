/* SPDX-License-Identifier: MIT */
/*
 * The history database, behind one interface with two back ends: an
 * SQLite file on this machine (history-sqlite.c), or a PostgreSQL
 * server that a fleet shares (history-pg.c).  Every query of lib/history
 * and of the commands is written once, in the SQL both speak, and run
 * through the statements below; a back end differs only in how it
 * connects, creates and migrates the schema, takes its locks and waits
 * for other writers.
 *
 * SQLite: opening a file checks that it is an SQLite database of a
 * schema version this code knows and that it has that version's tables,
 * brings an older one up to date (in one transaction), and sets what
 * every connection needs: foreign keys, a busy timeout.  The file keeps
 * a rollback journal (SQLite's DELETE mode), so that a reader never
 * leaves files beside it.  A new file is made whole: its schema and the
 * first transaction are written to a temporary file beside it, which
 * ts_hist_publish links into place, so that writers that start together
 * on a missing file never see each other's half-made one, and a failure
 * leaves nothing.
 *
 * PostgreSQL: where is a libpq connection URI (postgresql://...) or a
 * string of key=value settings; PGHOST, PGSERVICE, ~/.pgpass and the
 * rest of libpq's environment apply.  The tables are in the current
 * schema (the first of search_path), created by the first writer, and
 * created or migrated under an advisory lock, so that writers that
 * arrive together on a new database wait for one another.  A transaction
 * that fails for a reason that passes (a serialization failure, a
 * deadlock, a dropped connection, a server starting up) marks the handle
 * retry: the caller opens again and redoes it, within its timeout.
 *
 * The schema is documented in threadstone-history(1).
 */
#ifndef TS_HISTORY_STORE_H
#define TS_HISTORY_STORE_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>

struct sqlite3;
struct pg_conn;
struct ts_buf;
struct ts_hist_backend;

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
	const struct ts_hist_backend *be;
	struct sqlite3	*db;		/* SQLite's connection */
	struct pg_conn	*pg;		/* PostgreSQL's connection */
	/* The file, or the server as messages name it (no password). */
	char		*path;
	char		*conninfo;	/* PostgreSQL: the settings given */
	char		*fresh;		/* the new file's temporary name */
	sigset_t	 held;		/* the signal mask while it exists */
	int		 timeout_ms;
	double		 wait_from;	/* when the current wait began */
	bool		 writable;
	bool		 busy;		/* the last failure was a lock */
	/*
	 * The last failure passes (PostgreSQL: serialization failure,
	 * deadlock, dropped connection) and the timeout is not up: close,
	 * open again and redo the transaction.
	 */
	bool		 retry;
	/* After a failed ts_hist_open: there is no history there yet. */
	bool		 missing;
	bool		 in_tx;		/* PostgreSQL: inside BEGIN */
	unsigned	 cursors;	/* PostgreSQL: cursors named so far */
	char		*pgerr;		/* PostgreSQL: the last error, one line */
};

/*
 * Whether where names a PostgreSQL database: a postgresql:// or
 * postgres:// URI, or key=value settings beginning with one of libpq's
 * keywords (host=, dbname=, service=, ...).  Anything else is a file.
 */
bool	ts_hist_is_server(const char *where);

/*
 * Whether this build has the PostgreSQL back end (configure
 * --with-postgresql and libpq).
 */
bool	ts_hist_have_server(void);

/*
 * Whether where, naming a server, holds a password (password= or a URI's
 * user:password@); such settings are refused, since ps shows them.
 */
bool	ts_hist_has_password(const char *where);

/*
 * Open the history at where (a file, or a server: ts_hist_is_server).
 * With create, a missing file is begun as a temporary file beside it,
 * with the whole schema, which ts_hist_publish puts in place (its
 * directory must exist and be writable), and a server's database without
 * the tables gets them; otherwise a missing history is an error (and
 * h->missing is set after the failure).  With write, the history must
 * be writable.  A read-only open of an up-to-date history writes
 * nothing: an empty file, or another application's database, is refused
 * unchanged.  Another process creating or migrating it meanwhile is
 * waited for, up to timeout_ms.  Return 0, or -1 with one line in err
 * ("PATH is not an SQLite database", "PATH has schema version 9, newer
 * than this program's 2", "PATH is locked by another writer (waited
 * 30 s; see --timeout)", "cannot connect to PostgreSQL at host H port P,
 * database D, user U: ...", ...); then nothing was changed, h->retry
 * says whether to try again, and h->missing whether there is no history
 * there yet (h->path then names the place: ts_hist_close frees it).
 */
int	ts_hist_open(struct ts_hist *h, const char *where, bool create,
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
 * A write transaction (SQLite: BEGIN IMMEDIATE, the write lock taken at
 * once, waiting up to the timeout), its commit and its rollback.  Return
 * 0, or -1 with a message in err (h->retry when it may be redone).
 */
int	ts_hist_begin(struct ts_hist *h, char *err, size_t errlen);
int	ts_hist_commit(struct ts_hist *h, char *err, size_t errlen);
void	ts_hist_rollback(struct ts_hist *h);

/* The schema version of the history (tests; -1 on failure). */
int	ts_hist_schema_of(struct ts_hist *h);

/*
 * Put "PATH: what failed: the database's message" (or the lock wording)
 * in err for the last failure of h's connection, and set h->retry when
 * the failure passes and the timeout is not up.
 */
void	ts_hist_errmsg(struct ts_hist *h, const char *what, char *err,
	    size_t errlen);

/*
 * The SQL that differs between the back ends: "whether text a contains
 * text b" as a condition (instr or strpos) with a and b put in.
 */
void	ts_hist_sql_contains(const struct ts_hist *h, struct ts_buf *sql,
	    const char *a, const char *b);

/*
 * Statements.  SQL is written once for both back ends, with parameters
 * ?1, ?2, ... or :name; rows come back one at a time.  With
 * TS_HIST_MANY, the rows may be many and are read a batch at a time
 * (PostgreSQL: a cursor), so that other statements may run between
 * them; otherwise all of them are read at the first step.
 */
struct ts_hist_stmt;

enum ts_hist_type {
	TS_HIST_NULL,
	TS_HIST_INT,
	TS_HIST_REAL,
	TS_HIST_TEXT,
	TS_HIST_BLOB
};
#define TS_HIST_MANY	1u

/* A statement of h, or NULL after ts_hist_errmsg's line in err. */
struct ts_hist_stmt *ts_hist_prepare(struct ts_hist *h, const char *sql,
	    unsigned flags, char *err, size_t errlen);
/* The number of parameter :name, 0 when the SQL has none of that name. */
int	ts_hist_param(struct ts_hist_stmt *, const char *name);
/*
 * Bind parameter i (from 1; 0 is ignored): text and blobs are copied.
 * An unbound parameter is NULL.
 */
void	ts_hist_bind_text(struct ts_hist_stmt *, int i, const char *v);
void	ts_hist_bind_int(struct ts_hist_stmt *, int i, long long v);
void	ts_hist_bind_real(struct ts_hist_stmt *, int i, double v);
void	ts_hist_bind_blob(struct ts_hist_stmt *, int i, const void *v,
	    size_t len);
/*
 * The next row: 1 when there is one, 0 when there are no more (or the
 * statement was not a query), -1 on failure (ts_hist_errmsg says it).
 */
int	ts_hist_step(struct ts_hist_stmt *);
/*
 * What reads one row of a statement: 0, or -1 with a line in err to stop
 * the read.
 */
typedef int ts_hist_row_fn(struct ts_hist_stmt *, void *arg, char *err,
	    size_t errlen);
/*
 * Step st through all its rows, calling row(st, arg, err, errlen) on
 * each, and finalize it.  The number of rows, or -1 with err: row's line,
 * or ts_hist_errmsg's ("reading") when a step failed.
 */
long	ts_hist_each_row(struct ts_hist_stmt *st, ts_hist_row_fn *row,
	    void *arg, char *err, size_t errlen);
/*
 * Prepare sql (flags as ts_hist_prepare), bind its parameters ?1, ?2, ...
 * from the arguments after binds, a letter each: 't' a const char *
 * (NULL binds NULL), 'i' a long long; and read its rows as
 * ts_hist_each_row.  The number of rows, or -1 with err.
 */
long	ts_hist_run(struct ts_hist *h, const char *sql, unsigned flags,
	    ts_hist_row_fn *row, void *arg, char *err, size_t errlen,
	    const char *binds, ...);
/*
 * Rows read into an array: ts_hist_array_row, given a struct ts_hist_rows
 * as its arg, appends an element of size bytes for each row, zeroed, and
 * has row fill it.  After a failure the array holds the element that row
 * failed on, for the caller to free with the rest.
 */
struct ts_hist_rows {
	void		*v;		/* the array; NULL while empty */
	size_t		 n;		/* its elements */
	size_t		 size;		/* an element's bytes */
	ts_hist_row_fn	*row;		/* fills the element at its arg */
};
int	ts_hist_array_row(struct ts_hist_stmt *st, void *rows, char *err,
	    size_t errlen);
/* Ready the statement to run again, its parameters unbound. */
void	ts_hist_reset(struct ts_hist_stmt *);
void	ts_hist_finalize(struct ts_hist_stmt *);

enum ts_hist_type ts_hist_col_type(struct ts_hist_stmt *, int i);
long long ts_hist_col_int(struct ts_hist_stmt *, int i);
double	ts_hist_col_real(struct ts_hist_stmt *, int i);
/*
 * Column i as text: "" for NULL, an integer in decimal, a real as
 * SQLite writes one ("%!.15g": 3.0, 1234.5678), text as stored.  Valid
 * until the next step.
 */
const char *ts_hist_col_text(struct ts_hist_stmt *, int i);
/* A blob's (or text's) bytes and their count; NULL for NULL. */
const void *ts_hist_col_blob(struct ts_hist_stmt *, int i, size_t *len);

/*
 * After an INSERT ... ON CONFLICT DO NOTHING of a table with an id,
 * written with ts_hist_returning_id() at its end: 1 with the new row's
 * id, 0 when the row was already there, -1 on failure.
 */
int	ts_hist_inserted(struct ts_hist_stmt *, long long *id);
/* What ends such an INSERT: "" or " RETURNING id". */
const char *ts_hist_returning_id(const struct ts_hist *h);

/*
 * After rows were inserted with their ids given (a copy), make the ids
 * the database gives next follow them (PostgreSQL's identity sequences;
 * SQLite needs nothing).  Return 0, or -1 with err.
 */
int	ts_hist_ids_copied(struct ts_hist *h, char *err, size_t errlen);

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
