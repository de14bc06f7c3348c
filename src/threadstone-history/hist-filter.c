/* SPDX-License-Identifier: MIT */
/*
 * What the commands share to reach the database: opening it, the
 * filters of the commands that read it, preparing, querying and
 * finishing a read.
 */
#include <config.h>

#include <stdlib.h>

#include "buf.h"
#include "exitcodes.h"
#include "hist-filter.h"
#include "history/history-series.h"
#include "msg.h"
#include "util.h"

char *
hist_path(const struct hist_opts *o)
{
	char err[1024], *path;

	if (o->db != NULL)
		return ts_xstrdup(o->db);
	if ((path = ts_hist_default_path(err, sizeof err)) == NULL)
		ts_error("%s", err);
	return path;
}

int
hist_open(const struct hist_opts *o, bool write, struct ts_hist *h)
{
	char err[1024], *path;
	int rc;

	if ((path = hist_path(o)) == NULL)
		return -1;
	if (write && o->db == NULL && !ts_hist_is_server(path) &&
	    ts_hist_make_dirs(path, NULL, err, sizeof err) == -1) {
		ts_error("%s", err);
		free(path);
		return -1;
	}
	rc = ts_hist_open(h, path, write, write, o->timeout_ms, err,
	    sizeof err);
	if (rc == -1 && !(write && h->retry))
		ts_error("%s", err);
	if (rc == -1) {
		/* The place of a missing history: said in err already. */
		free(h->path);
		h->path = NULL;
	}
	free(path);
	return rc;
}

struct ts_hist_stmt *
hist_prepare(struct ts_hist *h, const char *sql, unsigned flags)
{
	struct ts_hist_stmt *st;
	char err[1024];

	if ((st = ts_hist_prepare(h, sql, flags, err, sizeof err)) == NULL)
		ts_error("%s", err);
	return st;
}

struct ts_hist_stmt *
hist_query(const struct hist_opts *o, struct ts_hist *h, const char *select,
    bool results, const char *order)
{
	struct ts_hist_filter f;
	struct ts_buf sql;
	struct ts_hist_stmt *st;

	if (hist_open(o, false, h) == -1)
		return NULL;
	hist_series_filter(o, &f);
	ts_buf_init(&sql);
	ts_buf_puts(&sql, select);
	ts_hist_filter_sql(h, &f, results, &sql);
	ts_buf_puts(&sql, order);
	st = hist_prepare(h, sql.data, TS_HIST_MANY);
	ts_buf_free(&sql);
	if (st == NULL) {
		ts_hist_close(h);
		return NULL;
	}
	ts_hist_filter_bind(&f, st);
	return st;
}

int
hist_finish(struct ts_hist *h, struct ts_hist_stmt *st, int rc)
{
	char err[1024];
	int status = TS_EXIT_OK;

	if (rc == -1) {
		ts_hist_errmsg(h, "reading", err, sizeof err);
		ts_error("%s", err);
		status = TS_EXIT_FAILURE;
	}
	ts_hist_finalize(st);
	ts_hist_close(h);
	if (ts_close_stdout() != 0)
		status = TS_EXIT_FAILURE;
	return status;
}
