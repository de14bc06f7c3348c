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

/* One cell: text (NULL: missing), a number (NaN: missing) or a count. */
struct cell {
	const char	*text;
	double		 num;
	uint64_t	 count;
	enum { TEXT, NUM, COUNT } kind;
};

static struct cell
txt(const char *s)
{
	return (struct cell){ s, 0, 0, TEXT };
}

static struct cell
num(double v)
{
	return (struct cell){ NULL, v, 0, NUM };
}

static struct cell
count(uint64_t n)
{
	return (struct cell){ NULL, 0, n, COUNT };
}

static struct cell
none(void)
{
	return (struct cell){ NULL, NAN, 0, NUM };
}

/* A CSV field: quoted when it holds a comma, quote, CR or LF. */
static void
csv_text(struct ts_buf *b, const char *s)
{
	const char *p;

	if (strpbrk(s, ",\"\r\n") == NULL) {
		ts_buf_puts(b, s);
		return;
	}
	ts_buf_putc(b, '"');
	for (p = s; *p != '\0'; p++) {
		if (*p == '"')
			ts_buf_putc(b, '"');
		ts_buf_putc(b, *p);
	}
	ts_buf_putc(b, '"');
}

/* A number in its shortest exact form ("null" from ts_fmt_double: none). */
static void
put_num(struct ts_buf *b, double v, const char *missing)
{
	char s[TS_FMT_DOUBLE_MAX];

	if (!isfinite(v)) {
		ts_buf_puts(b, missing);
		return;
	}
	ts_fmt_double(v, s);
	ts_buf_puts(b, s);
}

static void
row_out(struct ts_buf *b, const struct cell *c, bool json)
{
	size_t i;

	if (json)
		ts_buf_putc(b, '{');
	for (i = 0; ts_export_columns[i] != NULL; i++) {
		if (i > 0)
			ts_buf_putc(b, ',');
		if (json) {
			ts_buf_json_string(b, ts_export_columns[i]);
			ts_buf_putc(b, ':');
		}
		if (c[i].kind == COUNT)
			ts_buf_printf(b, "%ju", (uintmax_t)c[i].count);
		else if (c[i].kind == NUM)
			put_num(b, c[i].num, json ? "null" : "");
		else if (c[i].text == NULL)
			ts_buf_puts(b, json ? "null" : "");
		else if (json)
			ts_buf_json_string(b, c[i].text);
		else
			csv_text(b, c[i].text);
	}
	ts_buf_puts(b, json ? "}\n" : "\r\n");
}

/* What every row of a document shares: its run id, host and time. */
struct run {
	char		 id[TS_RUN_ID_LEN + 1];
	char		*host;
	const char	*time;
};

/* The row of workload w's pass p (NULL: the workload has none). */
static void
row(struct ts_buf *b, const struct run *run, const struct ts_workload *w,
    const char *pass, const struct ts_pass *p, bool json)
{
	struct cell c[21];
	size_t n = 0;

	c[n++] = txt(run->id);
	c[n++] = txt(run->host);
	c[n++] = txt(run->time);
	c[n++] = txt(w->id);
	c[n++] = txt(w->name);
	c[n++] = txt(ts_unit_name(w->unit));
	c[n++] = txt(pass);
	if (p != NULL) {
		c[n++] = count(p->threads);
		c[n++] = num(p->value);
		c[n++] = num(p->stats.median);
		c[n++] = num(p->stats.mean);
		c[n++] = num(p->stats.stddev);
		c[n++] = num(p->stats.cv);
		c[n++] = num(p->stats.ci95);
		c[n++] = num(p->stats.min);
		c[n++] = num(p->stats.max);
		c[n++] = count(p->stats.n);
		c[n++] = count(p->stats.outliers);
		c[n++] = txt(ts_stability_name(p->stats.stability));
	} else {
		while (n < 18)
			c[n++] = none();
		c[n++] = txt(NULL);
	}
	c[n++] = p != NULL && p == w->multi && w->scaling != NULL ?
	    num(w->scaling->speedup) : none();
	c[n++] = txt(w->error);
	row_out(b, c, json);
}

static void
render(struct ts_buf *b, const struct ts_report *r, bool json)
{
	struct run run;
	size_t i;

	ts_export_run_id(r, run.id);
	run.host = ts_export_host(r);
	run.time = r->generated_at;
	for (i = 0; i < r->nworkloads; i++) {
		const struct ts_workload *w = &r->workloads[i];

		if (w->single != NULL)
			row(b, &run, w, "single_thread", w->single, json);
		if (w->multi != NULL)
			row(b, &run, w, "multi_thread", w->multi, json);
		if (w->single == NULL && w->multi == NULL)
			row(b, &run, w, NULL, NULL, json);
	}
	free(run.host);
}

void
ts_render_csv(struct ts_buf *b, const struct ts_report *r)
{
	size_t i;

	for (i = 0; ts_export_columns[i] != NULL; i++) {
		if (i > 0)
			ts_buf_putc(b, ',');
		ts_buf_puts(b, ts_export_columns[i]);
	}
	ts_buf_puts(b, "\r\n");
	render(b, r, false);
}

void
ts_render_jsonl(struct ts_buf *b, const struct ts_report *r)
{
	render(b, r, true);
}
