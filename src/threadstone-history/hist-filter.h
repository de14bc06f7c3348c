/* SPDX-License-Identifier: MIT */
/*
 * The filters of list, export, trend and changes (--host, -w, --pass,
 * --producer, --since, --until) as SQL conditions with named parameters.
 * The query names documents d, hosts h and, when results is true,
 * results r.
 */
#ifndef TS_HIST_FILTER_H
#define TS_HIST_FILTER_H

#include <stdbool.h>

#include <sqlite3.h>

#include "hist.h"
#include "util.h"

/* Append " AND ..." for each filter set. */
void	hist_filter_sql(const struct hist_opts *, bool results,
	    struct ts_buf *sql);
/* Bind the parameters hist_filter_sql named. */
void	hist_filter_bind(const struct hist_opts *, sqlite3_stmt *);
/* Prepare sql on h; NULL after one line on stderr. */
sqlite3_stmt *hist_prepare(struct ts_hist *h, const char *sql);
/* Column i as text, "" for NULL. */
const char *hist_text(sqlite3_stmt *, int i);

/*
 * Open the history for reading and prepare "SELECT ... WHERE 1" with the
 * filters of o appended (on results rows when results), then order, and
 * bound; NULL once the error is said and the history closed.
 */
sqlite3_stmt *hist_query(const struct hist_opts *o, struct ts_hist *h,
	    const char *select, bool results, const char *order);

/*
 * Finish a read: report the statement's last status rc unless it is
 * SQLITE_DONE, close the statement and the history, check stdout; the
 * exit status.
 */
int	hist_finish(struct ts_hist *h, sqlite3_stmt *st, int rc);

#endif /* TS_HIST_FILTER_H */
