/* SPDX-License-Identifier: MIT */
/*
 * CSV and JSON Lines renderings of a result document: one row per
 * workload pass, for spreadsheets, databases and jq.
 */
#include <config.h>

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "num/num-format.h"
#include "report/report-export.h"

const char *const ts_export_columns[] = {
	"workload", "name", "unit", "pass", "threads", "value", "median",
	"mean", "stddev", "cv", "ci95", "min", "max", "samples", "outliers",
	"stability", "speedup", "error", NULL
};

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

/* The row of workload w's pass p (NULL: the workload has none). */
static void
row(struct ts_buf *b, const struct ts_workload *w, const char *pass,
    const struct ts_pass *p, bool json)
{
	struct cell c[18];
	size_t n = 0;

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
		while (n < 15)
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
	size_t i;

	for (i = 0; i < r->nworkloads; i++) {
		const struct ts_workload *w = &r->workloads[i];

		if (w->single != NULL)
			row(b, w, "single_thread", w->single, json);
		if (w->multi != NULL)
			row(b, w, "multi_thread", w->multi, json);
		if (w->single == NULL && w->multi == NULL)
			row(b, w, NULL, NULL, json);
	}
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
