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
	free(path);
	return rc;
}

void
hist_filter_sql(const struct hist_opts *o, const struct ts_hist *h,
    bool results, struct ts_buf *sql)
{
	if (o->host != NULL)
		ts_buf_puts(sql, " AND h.name = :host");
	if (o->producer != NULL) {
		ts_buf_puts(sql, " AND ");
		ts_hist_sql_contains(h, sql, "d.producer", ":producer");
	}
	if (o->since >= 0)
		ts_buf_puts(sql, " AND d.unix_time >= :since");
	if (o->until >= 0)
		ts_buf_puts(sql, " AND d.unix_time < :until");
	if (results) {
		if (o->workload != NULL)
			ts_buf_puts(sql, " AND r.workload = :workload");
		if (o->pass != NULL)
			ts_buf_puts(sql, " AND r.pass = :pass");
	} else if (o->workload != NULL || o->pass != NULL) {
		ts_buf_puts(sql, " AND EXISTS (SELECT 1 FROM results r WHERE "
		    "r.document_id = d.id");
		if (o->workload != NULL)
			ts_buf_puts(sql, " AND r.workload = :workload");
		if (o->pass != NULL)
			ts_buf_puts(sql, " AND r.pass = :pass");
		ts_buf_puts(sql, ")");
	}
}

static void
bind_text(struct ts_hist_stmt *st, const char *name, const char *v)
{
	if (v != NULL)
		ts_hist_bind_text(st, ts_hist_param(st, name), v);
}

static void
bind_int(struct ts_hist_stmt *st, const char *name, long long v)
{
	if (v >= 0)
		ts_hist_bind_int(st, ts_hist_param(st, name), v);
}

void
hist_filter_bind(const struct hist_opts *o, struct ts_hist_stmt *st)
{
	bind_text(st, ":host", o->host);
	bind_text(st, ":producer", o->producer);
	bind_text(st, ":workload", o->workload);
	bind_text(st, ":pass", o->pass);
	bind_int(st, ":since", o->since);
	bind_int(st, ":until", o->until);
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
	struct ts_buf sql;
	struct ts_hist_stmt *st;

	if (hist_open(o, false, h) == -1)
		return NULL;
	ts_buf_init(&sql);
	ts_buf_puts(&sql, select);
	hist_filter_sql(o, h, results, &sql);
	ts_buf_puts(&sql, order);
	st = hist_prepare(h, sql.data, TS_HIST_MANY);
	ts_buf_free(&sql);
	if (st == NULL) {
		ts_hist_close(h);
		return NULL;
	}
	hist_filter_bind(o, st);
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
