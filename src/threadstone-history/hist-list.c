/* SPDX-License-Identifier: MIT */
/*
 * threadstone-history list, show and hosts: the database read back as
 * tables.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>

#include "buf.h"
#include "exitcodes.h"
#include "hist-filter.h"
#include "hist.h"
#include "msg.h"
#include "util.h"

/* A score column: the number, or "-" for NULL. */
static void
score(struct ts_buf *b, struct ts_hist_stmt *st, int i)
{
	if (ts_hist_col_type(st, i) == TS_HIST_NULL)
		ts_buf_printf(b, "%10s", "-");
	else
		ts_buf_printf(b, "%10.2f", ts_hist_col_real(st, i));
}

int
hist_list(const struct hist_opts *o)
{
	struct ts_hist h;
	struct ts_buf line;
	struct ts_hist_stmt *st;
	int rc;

	st = hist_query(o, &h, "SELECT d.id, d.generated_at, d.signature, "
	    "d.single_core_score, d.multi_core_score, h.name, d.producer "
	    "FROM documents d JOIN hosts h ON h.id = d.host_id WHERE true", false,
	    " ORDER BY d.unix_time, d.id");
	if (st == NULL)
		return TS_EXIT_FAILURE;
	printf("%6s  %-20s  %-9s  %10s  %10s  %s  (%s)\n", "id", "generated_at",
	    "signature", "single", "multi", "host", "producer");
	ts_buf_init(&line);
	while ((rc = ts_hist_step(st)) == 1) {
		line.len = 0;
		ts_buf_printf(&line, "%6lld  %-20s  %-9s  ",
		    ts_hist_col_int(st, 0), hist_text(st, 1),
		    hist_text(st, 2));
		score(&line, st, 3);
		ts_buf_puts(&line, "  ");
		score(&line, st, 4);
		ts_buf_printf(&line, "  %s  (%s)\n", hist_text(st, 5),
		    hist_text(st, 6));
		fwrite(line.data, 1, line.len, stdout);
	}
	ts_buf_free(&line);
	return hist_finish(&h, st, rc);
}

int
hist_show(const struct hist_opts *o, const char *arg)
{
	static const char *const labels[] = { "id", "host", "generated_at",
	    "producer", "tool_version", "signature", "threads", "samples",
	    "warmup", "window_ms", "single_core_score", "multi_core_score",
	    "added_at", "source", "digest" };
	struct ts_hist h;
	struct ts_hist_stmt *st;
	uint64_t id;
	size_t i, len;
	int rc;

	if (ts_parse_u64(arg, 1, INT64_MAX, &id) == -1) {
		ts_error("invalid document id '%s': expected a number from "
		    "list's first column", arg);
		return TS_EXIT_USAGE;
	}
	if (hist_open(o, false, &h) == -1)
		return TS_EXIT_FAILURE;
	st = hist_prepare(&h, "SELECT d.id, h.name, d.generated_at, "
	    "d.producer, d.tool_version, d.signature, d.threads, d.samples, "
	    "d.warmup, d.window_ms, d.single_core_score, d.multi_core_score, "
	    "d.added_at, d.source, d.sha256, d.body FROM documents d JOIN "
	    "hosts h ON h.id = d.host_id WHERE d.id = ?1", 0);
	if (st == NULL) {
		ts_hist_close(&h);
		return TS_EXIT_FAILURE;
	}
	ts_hist_bind_int(st, 1, (long long)id);
	rc = ts_hist_step(st);
	if (rc == 0) {
		ts_error("no document %s in %s (see list)", arg, h.path);
		ts_hist_finalize(st);
		ts_hist_close(&h);
		return TS_EXIT_FAILURE;
	}
	if (rc != 1)
		return hist_finish(&h, st, rc);
	if (o->body) {
		const void *body = ts_hist_col_blob(st, 15, &len);

		fwrite(body, 1, len, stdout);
		ts_hist_finalize(st);
		ts_hist_close(&h);
		return ts_close_stdout() == 0 ? TS_EXIT_OK : TS_EXIT_FAILURE;
	}
	for (i = 0; i < sizeof labels / sizeof labels[0]; i++)
		printf("%-18s %s\n", labels[i], ts_hist_col_type(st,
		    (int)i) == TS_HIST_NULL ? "-" : hist_text(st, (int)i));
	ts_hist_finalize(st);
	st = hist_prepare(&h, "SELECT workload, pass, value, unit, ci95, cv, "
	    "n, stability FROM results WHERE document_id = ?1 ORDER BY rowid",
	    0);
	if (st == NULL) {
		ts_hist_close(&h);
		return TS_EXIT_FAILURE;
	}
	ts_hist_bind_int(st, 1, (long long)id);
	printf("\n%-12s %-6s %16s %-20s %14s %8s %4s  %s\n", "workload",
	    "pass", "value", "unit", "ci95", "cv", "n", "stability");
	while ((rc = ts_hist_step(st)) == 1)
		printf("%-12s %-6s %16.6g %-20s %14.6g %8.4f %4lld  %s\n",
		    hist_text(st, 0), hist_text(st, 1),
		    ts_hist_col_real(st, 2), hist_text(st, 3),
		    ts_hist_col_real(st, 4), ts_hist_col_real(st, 5),
		    ts_hist_col_int(st, 6), hist_text(st, 7));
	return hist_finish(&h, st, rc);
}

int
hist_hosts(const struct hist_opts *o)
{
	struct ts_hist h;
	struct ts_hist_stmt *st;
	int rc;

	/* hosts takes no filter: hist_query adds none. */
	st = hist_query(o, &h, "SELECT h.name, "
	    "(SELECT count(*) FROM documents d WHERE d.host_id = h.id), "
	    "(SELECT min(generated_at) FROM documents d WHERE d.host_id = h.id), "
	    "(SELECT max(generated_at) FROM documents d WHERE d.host_id = h.id), "
	    "(SELECT count(*) FROM readings t WHERE t.host_id = h.id) "
	    "FROM hosts h", false, " ORDER BY h.name");
	if (st == NULL)
		return TS_EXIT_FAILURE;
	printf("%9s  %-20s  %-20s  %7s  %s\n", "documents", "first", "last",
	    "tachyon", "host");
	while ((rc = ts_hist_step(st)) == 1)
		printf("%9lld  %-20s  %-20s  %7lld  %s\n",
		    ts_hist_col_int(st, 1),
		    ts_hist_col_type(st, 2) == TS_HIST_NULL ? "-" :
		    hist_text(st, 2),
		    ts_hist_col_type(st, 3) == TS_HIST_NULL ? "-" :
		    hist_text(st, 3),
		    ts_hist_col_int(st, 4), hist_text(st, 0));
	return hist_finish(&h, st, rc);
}
