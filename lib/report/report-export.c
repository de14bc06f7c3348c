/* SPDX-License-Identifier: MIT */
/*
 * CSV and JSON Lines renderings of a result document: one row per
 * workload pass, for spreadsheets, databases and jq.
 */
#include <config.h>

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "doc/doc-ext-keys.h"
#include "doc/doc-write.h"
#include "num/num-format.h"
#include "report/report-export.h"
#include "rows.h"
#include "util.h"

const char *const ts_export_columns[] = {
	"run_id", "host", "generated_at",
	"workload", "name", "unit", "pass", "threads", "value", "median",
	"mean", "stddev", "cv", "ci95", "min", "max", "samples", "outliers",
	"stability", "speedup", "error", NULL
};

void
ts_export_run_id(const struct ts_report *r, char id[TS_RUN_ID_LEN + 1])
{
	static const char hex[] = "0123456789abcdef";
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned int n = 0;
	struct ts_buf c;
	size_t i;

	ts_buf_init(&c);
	ts_doc_canonical(r, &c);
	if (EVP_Digest(c.data, c.len, md, &n, EVP_sha256(), NULL) != 1 ||
	    n * 2 < TS_RUN_ID_LEN)
		memset(md, 0, sizeof md);	/* libcrypto failed: all zeros */
	ts_buf_free(&c);
	for (i = 0; i < TS_RUN_ID_LEN / 2; i++) {
		id[2 * i] = hex[md[i] >> 4];
		id[2 * i + 1] = hex[md[i] & 15];
	}
	id[TS_RUN_ID_LEN] = '\0';
}

char *
ts_export_machine(const struct ts_report *r)
{
	const struct ts_system *s = &r->system;
	char mem[32] = "";

	if (s->memory_bytes.set)
		snprintf(mem, sizeof mem, ", %.0f GiB",
		    (double)s->memory_bytes.v / (1024.0 * 1024 * 1024));
	return ts_xasprintf("%s, %llu CPUs%s, %s",
	    s->cpu_model != NULL ? s->cpu_model : "unknown CPU",
	    (unsigned long long)s->logical_cores, mem, s->target);
}

char *
ts_export_host(const struct ts_report *r)
{
	const char *name = ts_ext_string(&r->ext, &ts_ext_key_hostname);

	if (name != NULL && *name != '\0')
		return ts_xstrdup(name);
	return ts_export_machine(r);
}

/* A number cell: its shortest exact form, or missing when not finite. */
static void
num(struct ts_rows *t, double v)
{
	char s[TS_FMT_DOUBLE_MAX];

	ts_rows_raw(t, ts_fmt_cell(v, s));
}

/* A count cell. */
static void
count(struct ts_rows *t, uint64_t n)
{
	char s[24];

	snprintf(s, sizeof s, "%ju", (uintmax_t)n);
	ts_rows_raw(t, s);
}

/* What every row of a document shares: its run id, host and time. */
struct run {
	char		 id[TS_RUN_ID_LEN + 1];
	char		*host;
	const char	*time;
};

/* The row of workload w's pass p (NULL: the workload has none). */
static void
row(struct ts_rows *t, const struct run *run, const struct ts_workload *w,
    const char *pass, const struct ts_pass *p)
{
	int i;

	ts_rows_text(t, run->id);
	ts_rows_text(t, run->host);
	ts_rows_text(t, run->time);
	ts_rows_text(t, w->id);
	ts_rows_text(t, w->name);
	ts_rows_text(t, ts_unit_name(w->unit));
	ts_rows_text(t, pass);
	if (p != NULL) {
		count(t, p->threads);
		num(t, p->value);
		num(t, p->stats.median);
		num(t, p->stats.mean);
		num(t, p->stats.stddev);
		num(t, p->stats.cv);
		num(t, p->stats.ci95);
		num(t, p->stats.min);
		num(t, p->stats.max);
		count(t, p->stats.n);
		count(t, p->stats.outliers);
		ts_rows_text(t, ts_stability_name(p->stats.stability));
	} else
		for (i = 0; i < 12; i++)
			ts_rows_raw(t, NULL);
	num(t, p != NULL && p == w->multi && w->scaling != NULL ?
	    w->scaling->speedup : NAN);
	ts_rows_text(t, w->error);
	ts_rows_end(t);
}

static void
render(struct ts_rows *t, const struct ts_report *r)
{
	struct run run;
	size_t i;

	ts_export_run_id(r, run.id);
	run.host = ts_export_host(r);
	run.time = r->generated_at;
	ts_rows_header(t);
	for (i = 0; i < r->nworkloads; i++) {
		const struct ts_workload *w = &r->workloads[i];

		if (w->single != NULL)
			row(t, &run, w, "single_thread", w->single);
		if (w->multi != NULL)
			row(t, &run, w, "multi_thread", w->multi);
		if (w->single == NULL && w->multi == NULL)
			row(t, &run, w, NULL, NULL);
	}
	free(run.host);
}

void
ts_render_csv(struct ts_buf *b, const struct ts_report *r)
{
	struct ts_rows t = TS_ROWS(b, ts_export_columns, TS_ROWS_CSV, "\r\n");

	render(&t, r);
}

void
ts_render_jsonl(struct ts_buf *b, const struct ts_report *r)
{
	struct ts_rows t = TS_ROWS(b, ts_export_columns, TS_ROWS_JSONL, NULL);

	render(&t, r);
}
