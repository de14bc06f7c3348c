/* SPDX-License-Identifier: MIT */
/*
 * threadstone-history export: one row per result (a workload's pass in a
 * document), as JSON Lines or CSV with a header.  Each row carries its
 * document's run id, as threadstone-run's and threadstone-report's rows
 * do, so that their rows and these can be joined.
 */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "doc/doc-read.h"
#include "exitcodes.h"
#include "hist-filter.h"
#include "hist.h"
#include "msg.h"
#include "report/report-export.h"
#include "util.h"

/* The columns; all but run_id are the query's, in its order. */
static const char *const cols[] = { "document_id", "run_id", "host",
    "generated_at",
    "unix_time", "producer", "signature", "workload", "pass", "unit",
    "higher_is_better", "threads", "value", "ci95", "cv", "n", "stability" };
#define NCOLS	(sizeof cols / sizeof cols[0])
#define RUN_ID	1		/* the column computed from the body */
#define BODY	((int)NCOLS - 1)	/* the query's last column */

/* A CSV field, quoted when it needs to be (RFC 4180). */
static void
csv_field(struct ts_buf *b, const char *s)
{
	if (strpbrk(s, ",\"\n") == NULL) {
		ts_buf_puts(b, s);
		return;
	}
	ts_buf_putc(b, '"');
	for (; *s != '\0'; s++) {
		if (*s == '"')
			ts_buf_putc(b, '"');
		ts_buf_putc(b, *s);
	}
	ts_buf_putc(b, '"');
}

/* Column i as its value: numbers exactly, text as given. */
static void
value(struct ts_buf *b, sqlite3_stmt *st, int i, bool json)
{
	switch (sqlite3_column_type(st, i)) {
	case SQLITE_INTEGER:
		ts_buf_printf(b, "%lld", (long long)sqlite3_column_int64(st, i));
		break;
	case SQLITE_FLOAT:
		ts_buf_printf(b, "%.17g", sqlite3_column_double(st, i));
		break;
	case SQLITE_NULL:
		ts_buf_puts(b, json ? "null" : "");
		break;
	default:
		if (json)
			ts_buf_json_string(b, hist_text(st, i));
		else
			csv_field(b, hist_text(st, i));
	}
}

/*
 * The run id of the document whose text is the statement's body column
 * into id, for document doc; *last remembers the document it was
 * computed for, since its rows follow each other.  A body that no longer
 * parses (put there by other means) has an empty id.
 */
static void
run_id(sqlite3_stmt *st, long long doc, long long *last,
    char id[TS_RUN_ID_LEN + 1])
{
	struct ts_report r;
	char err[256];

	if (doc == *last)
		return;
	*last = doc;
	memset(&r, 0, sizeof r);
	if (ts_doc_parse(sqlite3_column_blob(st, BODY),
	    (size_t)sqlite3_column_bytes(st, BODY), &r, err, sizeof err) == 0)
		ts_export_run_id(&r, id);
	else
		id[0] = '\0';
	ts_report_free(&r);
}

int
hist_export(const struct hist_opts *o)
{
	struct ts_hist h;
	struct ts_buf line;
	sqlite3_stmt *st;
	bool json = o->format == 0;
	char id[TS_RUN_ID_LEN + 1] = "";
	long long last = -1;
	size_t i;
	int rc;

	st = hist_query(o, &h, "SELECT d.id, h.name, d.generated_at, "
	    "d.unix_time, d.producer, d.signature, r.workload, r.pass, r.unit, "
	    "r.higher_is_better, r.threads, r.value, r.ci95, r.cv, r.n, "
	    "r.stability, d.body FROM results r JOIN documents d ON d.id = "
	    "r.document_id JOIN hosts h ON h.id = d.host_id WHERE 1", true,
	    " ORDER BY d.unix_time, d.id, r.rowid");
	if (st == NULL)
		return TS_EXIT_FAILURE;
	ts_buf_init(&line);
	if (!json) {
		for (i = 0; i < NCOLS; i++)
			ts_buf_printf(&line, "%s%s", i > 0 ? "," : "", cols[i]);
		ts_buf_puts(&line, "\n");
		fwrite(line.data, 1, line.len, stdout);
	}
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		line.len = 0;
		run_id(st, sqlite3_column_int64(st, 0), &last, id);
		for (i = 0; i < NCOLS; i++) {
			if (json)
				ts_buf_printf(&line, "%s\"%s\":", i > 0 ? "," :
				    "{", cols[i]);
			else if (i > 0)
				ts_buf_putc(&line, ',');
			if (i == RUN_ID) {
				if (json)
					ts_buf_json_string(&line, id);
				else
					ts_buf_puts(&line, id);
			} else
				value(&line, st, (int)i - (i > RUN_ID), json);
		}
		ts_buf_puts(&line, json ? "}\n" : "\n");
		fwrite(line.data, 1, line.len, stdout);
	}
	ts_buf_free(&line);
	return hist_finish(&h, st, rc);
}
