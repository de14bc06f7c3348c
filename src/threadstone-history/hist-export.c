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
#include "rows.h"
#include "util.h"

/* The columns; all but run_id are the query's, in its order. */
static const char *const cols[] = { "document_id", "run_id", "host",
    "generated_at",
    "unix_time", "producer", "signature", "workload", "pass", "unit",
    "higher_is_better", "threads", "value", "ci95", "cv", "n", "stability",
    NULL };
#define NCOLS	(sizeof cols / sizeof cols[0] - 1)
#define RUN_ID	1		/* the column computed from the body */
#define BODY	((int)NCOLS - 1)	/* the query's last column */

/* Column i as its cell: numbers exactly, text as given. */
static void
value(struct ts_rows *t, sqlite3_stmt *st, int i)
{
	char num[32];

	switch (sqlite3_column_type(st, i)) {
	case SQLITE_INTEGER:
		snprintf(num, sizeof num, "%lld",
		    (long long)sqlite3_column_int64(st, i));
		ts_rows_raw(t, num);
		break;
	case SQLITE_FLOAT:
		snprintf(num, sizeof num, "%.17g",
		    sqlite3_column_double(st, i));
		ts_rows_raw(t, num);
		break;
	case SQLITE_NULL:
		ts_rows_raw(t, NULL);
		break;
	default:
		ts_rows_text(t, hist_text(st, i));
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
	struct ts_rows t = TS_ROWS(&line, cols, o->format == 0 ?
	    TS_ROWS_JSONL : TS_ROWS_CSV, "\n");
	sqlite3_stmt *st;
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
	ts_rows_header(&t);
	fwrite(line.data, 1, line.len, stdout);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		line.len = 0;
		run_id(st, sqlite3_column_int64(st, 0), &last, id);
		for (i = 0; i < NCOLS; i++)
			if (i == RUN_ID)
				ts_rows_text(&t, id);
			else
				value(&t, st, (int)i - (i > RUN_ID));
		ts_rows_end(&t);
		fwrite(line.data, 1, line.len, stdout);
	}
	ts_buf_free(&line);
	return hist_finish(&h, st, rc);
}
