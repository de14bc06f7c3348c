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

/* Column i as its cell: numbers exactly, text as given. */
static void
value(struct ts_rows *t, struct ts_hist_stmt *st, int i)
{
	char num[32];

	switch (ts_hist_col_type(st, i)) {
	case TS_HIST_INT:
		snprintf(num, sizeof num, "%lld", ts_hist_col_int(st, i));
		ts_rows_raw(t, num);
		break;
	case TS_HIST_REAL:
		snprintf(num, sizeof num, "%.17g", ts_hist_col_real(st, i));
		ts_rows_raw(t, num);
		break;
	case TS_HIST_NULL:
		ts_rows_raw(t, NULL);
		break;
	default:
		ts_rows_text(t, hist_text(st, i));
	}
}

/*
 * The run id of document doc, read by body (its body, a statement of
 * its own: a body is read once for its rows, which follow each other)
 * into id; *last remembers the document it was computed for.  A body
 * that no longer parses (put there by other means) has an empty id.
 * Return 0, or -1 when the body could not be read.
 */
static int
run_id(struct ts_hist_stmt *body, long long doc, long long *last,
    char id[TS_RUN_ID_LEN + 1])
{
	struct ts_report r;
	const void *text;
	char err[256];
	size_t len;
	int rc;

	if (doc == *last)
		return 0;
	*last = doc;
	ts_hist_bind_int(body, 1, doc);
	if ((rc = ts_hist_step(body)) == -1)
		return -1;
	text = rc == 1 ? ts_hist_col_blob(body, 0, &len) : NULL;
	memset(&r, 0, sizeof r);
	if (text != NULL && ts_doc_parse(text, len, &r, err, sizeof err) == 0)
		ts_export_run_id(&r, id);
	else
		id[0] = '\0';
	ts_report_free(&r);
	ts_hist_reset(body);
	return 0;
}

int
hist_export(const struct hist_opts *o)
{
	struct ts_hist h;
	struct ts_buf line;
	struct ts_rows t = TS_ROWS(&line, cols, o->format == 0 ?
	    TS_ROWS_JSONL : TS_ROWS_CSV, "\n");
	struct ts_hist_stmt *st, *body;
	char id[TS_RUN_ID_LEN + 1] = "", err[1024];
	long long last = -1;
	size_t i;
	int rc;

	st = hist_query(o, &h, "SELECT d.id, h.name, d.generated_at, "
	    "d.unix_time, d.producer, d.signature, r.workload, r.pass, r.unit, "
	    "r.higher_is_better, r.threads, r.value, r.ci95, r.cv, r.n, "
	    "r.stability FROM results r JOIN documents d ON d.id = "
	    "r.document_id JOIN hosts h ON h.id = d.host_id WHERE true", true,
	    " ORDER BY d.unix_time, d.id, r.rowid");
	if (st == NULL)
		return TS_EXIT_FAILURE;
	body = hist_prepare(&h, "SELECT body FROM documents WHERE id = ?1", 0);
	if (body == NULL) {
		ts_hist_finalize(st);
		ts_hist_close(&h);
		return TS_EXIT_FAILURE;
	}
	ts_buf_init(&line);
	ts_rows_header(&t);
	fwrite(line.data, 1, line.len, stdout);
	while ((rc = ts_hist_step(st)) == 1) {
		line.len = 0;
		if (run_id(body, ts_hist_col_int(st, 0), &last, id) == -1) {
			rc = -1;
			break;
		}
		for (i = 0; i < NCOLS; i++)
			if (i == RUN_ID)
				ts_rows_text(&t, id);
			else
				value(&t, st, (int)i - (i > RUN_ID));
		ts_rows_end(&t);
		fwrite(line.data, 1, line.len, stdout);
	}
	ts_buf_free(&line);
	/* The failure said before the body's statement is let go. */
	if (rc == -1) {
		ts_hist_errmsg(&h, "reading", err, sizeof err);
		ts_error("%s", err);
	}
	ts_hist_finalize(body);
	return hist_finish(&h, st, 0) == TS_EXIT_OK && rc == 0 ? TS_EXIT_OK :
	    TS_EXIT_FAILURE;
}
