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
	if (write && o->db == NULL &&
	    ts_hist_make_dirs(path, NULL, err, sizeof err) == -1) {
		ts_error("%s", err);
		free(path);
		return -1;
	}
	rc = ts_hist_open(h, path, write, write, o->timeout_ms, err,
	    sizeof err);
	if (rc == -1)
		ts_error("%s", err);
	free(path);
	return rc;
}

void
hist_filter_sql(const struct hist_opts *o, bool results, struct ts_buf *sql)
{
	if (o->host != NULL)
		ts_buf_puts(sql, " AND h.name = :host");
	if (o->producer != NULL)
		ts_buf_puts(sql, " AND instr(d.producer, :producer) > 0");
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
bind_text(sqlite3_stmt *st, const char *name, const char *v)
{
	int i = sqlite3_bind_parameter_index(st, name);

	if (i > 0 && v != NULL)
		sqlite3_bind_text(st, i, v, -1, SQLITE_TRANSIENT);
}

static void
bind_int(sqlite3_stmt *st, const char *name, long long v)
{
	int i = sqlite3_bind_parameter_index(st, name);

	if (i > 0 && v >= 0)
		sqlite3_bind_int64(st, i, v);
}

void
hist_filter_bind(const struct hist_opts *o, sqlite3_stmt *st)
{
	bind_text(st, ":host", o->host);
	bind_text(st, ":producer", o->producer);
	bind_text(st, ":workload", o->workload);
	bind_text(st, ":pass", o->pass);
	bind_int(st, ":since", o->since);
	bind_int(st, ":until", o->until);
}

sqlite3_stmt *
hist_prepare(struct ts_hist *h, const char *sql)
{
	sqlite3_stmt *st;
	char err[1024];

	if (sqlite3_prepare_v2(h->db, sql, -1, &st, NULL) == SQLITE_OK)
		return st;
	ts_hist_errmsg(h, "reading", err, sizeof err);
	ts_error("%s", err);
	return NULL;
}

const char *
hist_text(sqlite3_stmt *st, int i)
{
	const unsigned char *s = sqlite3_column_text(st, i);

	return s != NULL ? (const char *)s : "";
}

sqlite3_stmt *
hist_query(const struct hist_opts *o, struct ts_hist *h, const char *select,
    bool results, const char *order)
{
	struct ts_buf sql;
	sqlite3_stmt *st;

	if (hist_open(o, false, h) == -1)
		return NULL;
	ts_buf_init(&sql);
	ts_buf_puts(&sql, select);
	hist_filter_sql(o, results, &sql);
	ts_buf_puts(&sql, order);
	st = hist_prepare(h, sql.data);
	ts_buf_free(&sql);
	if (st == NULL) {
		ts_hist_close(h);
		return NULL;
	}
	hist_filter_bind(o, st);
	return st;
}

int
hist_finish(struct ts_hist *h, sqlite3_stmt *st, int rc)
{
	char err[1024];
	int status = TS_EXIT_OK;

	if (rc != SQLITE_DONE) {
		ts_hist_errmsg(h, "reading", err, sizeof err);
		ts_error("%s", err);
		status = TS_EXIT_FAILURE;
	}
	sqlite3_finalize(st);
	ts_hist_close(h);
	if (ts_close_stdout() != 0)
		status = TS_EXIT_FAILURE;
	return status;
}
