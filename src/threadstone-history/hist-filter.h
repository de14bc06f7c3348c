/* SPDX-License-Identifier: MIT */
/*
 * What the commands share to read the history: opening it, their
 * filters (--host, -w, --pass, --producer, --since, --until) as
 * ts_hist_filter_sql's conditions, preparing, querying and finishing a
 * read.
 */
#ifndef TS_HIST_FILTER_H
#define TS_HIST_FILTER_H

#include <stdbool.h>

#include "hist.h"
#include "util.h"

/*
 * Prepare sql on h (flags: TS_HIST_MANY when its rows may be many);
 * NULL after one line on stderr.
 */
struct ts_hist_stmt *hist_prepare(struct ts_hist *h, const char *sql,
	    unsigned flags);
/* Column i as text, "" for NULL. */
#define hist_text	ts_hist_col_text

/*
 * Open the history for reading and prepare "SELECT ... WHERE true" with the
 * filters of o appended (on results rows when results), then order, and
 * bound; NULL once the error is said and the history closed.
 */
struct ts_hist_stmt *hist_query(const struct hist_opts *o, struct ts_hist *h,
	    const char *select, bool results, const char *order);

/*
 * Finish a read: report the failure when rc, the statement's last step,
 * is -1, close the statement and the history, check stdout; the exit
 * status.
 */
int	hist_finish(struct ts_hist *h, struct ts_hist_stmt *st, int rc);

#endif /* TS_HIST_FILTER_H */
