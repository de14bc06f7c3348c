/* SPDX-License-Identifier: MIT */
/*
 * Hosts and documents read back (see history-query.h), through the
 * store's statements: the same SQL on either back end.
 */
#include <config.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "history/history-query.h"
#include "util.h"

/* Column i as a copy, "" for NULL. */
static char *
dup_col(struct ts_hist_stmt *st, int i)
{
	return ts_xstrdup(ts_hist_col_text(st, i));
}

/* A time column: its seconds, or -1 for NULL. */
static long long
time_col(struct ts_hist_stmt *st, int i)
{
	if (ts_hist_col_type(st, i) == TS_HIST_NULL)
		return -1;
	return ts_hist_col_int(st, i);
}

/* A row of ts_hist_hosts_load's query into the host at elem. */
static int
host_row(struct ts_hist_stmt *st, void *elem, char *err, size_t errlen)
{
	struct ts_hist_host *p = elem;

	(void)err;
	(void)errlen;
	p->name = dup_col(st, 0);
	p->cpu_model = dup_col(st, 1);
	p->ndocs = ts_hist_col_int(st, 2);
	p->nrecords = ts_hist_col_int(st, 3);
	p->first = time_col(st, 4);
	p->last = time_col(st, 5);
	return 0;
}

long
ts_hist_hosts_load(struct ts_hist *h, struct ts_hist_host **out, char *err,
    size_t errlen)
{
	struct ts_hist_rows a = { NULL, 0, sizeof **out, host_row };
	long n = ts_hist_run(h, "SELECT h.name, h.cpu_model, "
	    "(SELECT count(*) FROM documents d WHERE d.host_id = h.id), "
	    "(SELECT count(*) FROM readings t WHERE t.host_id = h.id), "
	    "(SELECT min(unix_time) FROM documents d WHERE d.host_id = h.id), "
	    "(SELECT max(unix_time) FROM documents d WHERE d.host_id = h.id) "
	    "FROM hosts h ORDER BY h.name", 0, ts_hist_array_row, &a, err,
	    errlen, "");

	*out = a.v;
	if (n == -1) {
		ts_hist_hosts_free(*out, a.n);
		*out = NULL;
	}
	return n;
}

void
ts_hist_hosts_free(struct ts_hist_host *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		TS_FREE_ALL(v[i].name, v[i].cpu_model);
	free(v);
}

/*
 * A row of ts_hist_docs_load's query into the document at elem; -1 with
 * err when its time is out of range.
 */
static int
doc_row(struct ts_hist_stmt *st, void *elem, char *err, size_t errlen)
{
	struct ts_hist_doc *p = elem;

	p->id = ts_hist_col_int(st, 0);
	p->t = ts_hist_col_int(st, 1);
	p->generated_at = dup_col(st, 2);
	p->producer = dup_col(st, 3);
	p->signature = dup_col(st, 4);
	p->sha256 = dup_col(st, 5);
	p->added_at = dup_col(st, 6);
	p->source = dup_col(st, 7);
	if (!TS_HIST_TIME_OK(ts_hist_col_real(st, 1))) {
		snprintf(err, errlen, "the history holds a document "
		    "(documents.id %lld) at unix time %.15g, not a "
		    "time " TS_HIST_TIME_RANGE ", which add refuses "
		    "(an earlier version let it in): delete that row "
		    "(DELETE FROM documents WHERE id = %lld)", p->id,
		    ts_hist_col_real(st, 1), p->id);
		return -1;
	}
	return 0;
}

long
ts_hist_docs_load(struct ts_hist *h, const char *host,
    struct ts_hist_doc **out, char *err, size_t errlen)
{
	struct ts_hist_rows a = { NULL, 0, sizeof **out, doc_row };
	long n = ts_hist_run(h, "SELECT d.id, d.unix_time, d.generated_at, "
	    "d.producer, d.signature, d.sha256, d.added_at, d.source "
	    "FROM documents d JOIN hosts h ON h.id = d.host_id "
	    "WHERE h.name = ?1 ORDER BY d.unix_time, d.id", 0,
	    ts_hist_array_row, &a, err, errlen, "t", host);

	*out = a.v;
	if (n == -1) {
		ts_hist_docs_free(*out, a.n);
		*out = NULL;
	}
	return n;
}

void
ts_hist_docs_free(struct ts_hist_doc *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		TS_FREE_ALL(v[i].generated_at, v[i].producer, v[i].signature,
		    v[i].sha256, v[i].added_at, v[i].source);
	free(v);
}

/* The row's body (column 0) appended to the buffer arg. */
static int
body_row(struct ts_hist_stmt *st, void *arg, char *err, size_t errlen)
{
	const void *body;
	size_t len = 0;

	(void)err;
	(void)errlen;
	if ((body = ts_hist_col_blob(st, 0, &len)) != NULL && len > 0)
		ts_buf_add(arg, body, len);
	return 0;
}

int
ts_hist_doc_text(struct ts_hist *h, long long id, struct ts_buf *out,
    char *err, size_t errlen)
{
	long n;

	out->len = 0;
	n = ts_hist_run(h, "SELECT body FROM documents WHERE id = ?1", 0,
	    body_row, out, err, errlen, "i", id);
	if (n == 0)
		snprintf(err, errlen, "%s holds no document %lld", h->path, id);
	return n > 0 ? 0 : -1;
}
