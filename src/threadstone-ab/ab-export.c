/* SPDX-License-Identifier: MIT */
/*
 * threadstone-ab's JSON, CSV and markdown (ab-export.h).
 */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ab-export.h"
#include "ab-out.h"
#include "num/num-format.h"
#include "rows.h"
#include "stats/stats-basic.h"

/* A JSON number in serde_json's layout (null when not finite). */
static void
jnum(struct ts_buf *b, double v)
{
	char s[TS_FMT_DOUBLE_MAX];

	ts_fmt_double(v, s);
	ts_buf_puts(b, s);
}

/* ,"key":number */
static void
jkey(struct ts_buf *b, const char *key, double v)
{
	ts_buf_printf(b, ",\"%s\":", key);
	jnum(b, v);
}

/* [v0,v1,...] */
static void
jarray(struct ts_buf *b, const double *v, size_t n, double scale)
{
	size_t i;

	ts_buf_putc(b, '[');
	for (i = 0; i < n; i++) {
		if (i > 0)
			ts_buf_putc(b, ',');
		jnum(b, v[i] * scale);
	}
	ts_buf_putc(b, ']');
}

/* The summary figures of v[0..n): mean, sd, median, min, max. */
struct summary {
	double	 mean, sd, median, min, max;
};

static struct summary
summarise(const double *v, size_t n)
{
	struct summary s = { NAN, NAN, NAN, NAN, NAN };
	double var;
	size_t i;

	if (n == 0)
		return s;
	s.min = s.max = v[0];
	for (i = 0; i < n; i++) {
		if (v[i] < s.min)
			s.min = v[i];
		if (v[i] > s.max)
			s.max = v[i];
	}
	ts_mean_var(v, n, &s.mean, &var);
	s.sd = sqrt(var);
	s.median = ts_median(v, n);
	return s;
}

static double
mean_of(const double *v, size_t n)
{
	return summarise(v, n).mean;
}

const char *
ab_export_stopped(const struct ab_exp *e)
{
	if (e->end == AB_END_INTERRUPTED)
		return "interrupted";
	switch (e->why) {
	case TS_AB_STOP_RUNS:
		return "runs";
	case TS_AB_STOP_PRECISION:
		return "precision";
	case TS_AB_STOP_TIME:
		return "time";
	case TS_AB_STOP_MAX:
		return "max-runs";
	default:
		return "interrupted";
	}
}

/* One command's object of "results". */
static void
json_result(struct ts_buf *b, const struct ab_opts *o, const struct ab_exp *e,
    int s)
{
	const struct ab_side *d = &e->side[s];
	struct summary w = summarise(d->wall, d->n), m;
	size_t i;

	ts_buf_puts(b, "{\"command\":");
	ts_buf_json_string(b, o->name[s]);
	jkey(b, "mean", w.mean);
	jkey(b, "stddev", w.sd);
	jkey(b, "median", w.median);
	jkey(b, "user", mean_of(d->user, d->n));
	jkey(b, "system", mean_of(d->sys, d->n));
	jkey(b, "min", w.min);
	jkey(b, "max", w.max);
	ts_buf_puts(b, ",\"times\":");
	jarray(b, d->wall, d->n, 1);
	/* Bytes, integers as hyperfine's. */
	ts_buf_puts(b, ",\"memory_usage_byte\":[");
	for (i = 0; i < d->n; i++)
		ts_buf_printf(b, "%s%.0f", i > 0 ? "," : "", d->rss[i] * 1024);
	ts_buf_puts(b, "],\"exit_codes\":[");
	for (i = 0; i < d->n; i++)
		ts_buf_printf(b, "%s%d", i > 0 ? "," : "", d->status[i]);
	ts_buf_puts(b, "],\"command_line\":");
	ts_buf_json_string(b, o->command[s]);
	m = summarise(d->value, d->n);
	ts_buf_puts(b, ",\"metric\":{\"name\":");
	ts_buf_json_string(b, o->metric.name);
	ts_buf_puts(b, ",\"unit\":");
	ts_buf_json_string(b, ts_ab_metric_unit(&o->metric));
	jkey(b, "median", m.median);
	jkey(b, "mean", m.mean);
	jkey(b, "stddev", m.sd);
	jkey(b, "min", m.min);
	jkey(b, "max", m.max);
	ts_buf_puts(b, ",\"values\":");
	jarray(b, d->value, d->n, 1);
	ts_buf_puts(b, "}}");
}

/* The "serial" object of "comparison": the units' correlation in time. */
static void
json_serial(struct ts_buf *b, const struct ts_ab_est *x)
{
	ts_buf_puts(b, ",\"serial\":{\"lag1_rank_autocorrelation\":");
	jnum(b, x->serial_r1);
	jkey(b, "p", x->serial_p);
	ts_buf_printf(b, ",\"correlated\":%s,\"batches\":%zu",
	    x->correlated ? "true" : "false", x->batches);
	jkey(b, "widened", x->widened);
	ts_buf_puts(b, "}");
}

/* The "comparison" object. */
static void
json_comparison(struct ts_buf *b, const struct ab_opts *o,
    const struct ab_exp *e)
{
	const struct ts_ab_est *x = &e->est;
	const struct ts_ab_host *h = &e->host;
	size_t i;

	ts_buf_puts(b, "{\"ratio\":");
	jnum(b, x->ratio);
	jkey(b, "low", x->low);
	jkey(b, "high", x->high);
	jkey(b, "level", x->level);
	ts_buf_printf(b, ",\"verdict\":\"%s\",\"higher_is_better\":%s,"
	    "\"metric\":", ts_ab_verdict_name(e->verdict),
	    o->higher_better ? "true" : "false");
	ts_buf_json_string(b, o->metric.name);
	ts_buf_printf(b, ",\"design\":\"%s\",\"method\":\"%s\","
	    "\"rounds\":%zu,\"units\":%zu", ts_ab_design_name(o->design),
	    ts_ab_method_name(x->method), x->rounds, x->units);
	jkey(b, "half_width", x->half_width);
	jkey(b, "detectable", x->detectable);
	json_serial(b, x);
	ts_buf_puts(b, ",\"precision\":");
	if (o->stop.runs == 0 && o->stop.precision > 0)
		jnum(b, o->stop.precision);
	else
		ts_buf_puts(b, "null");
	ts_buf_printf(b, ",\"stopped\":\"%s\"", ab_export_stopped(e));
	jkey(b, "elapsed_s", e->elapsed_s);
	ts_buf_printf(b, ",\"seed\":%llu,\"warmup\":%u",
	    (unsigned long long)o->seed, o->warmup);
	ts_buf_puts(b, ",\"fail_above\":");
	if (o->fail_above >= 0) {
		jnum(b, o->fail_above);
		ts_buf_printf(b, ",\"gate_failed\":%s",
		    e->gate_failed ? "true" : "false");
	} else
		ts_buf_puts(b, "null");
	/* Interleaved: which ran first; duet: A's CPU set. */
	if (o->design == TS_AB_INTERLEAVED) {
		ts_buf_puts(b, ",\"order\":[");
		for (i = 0; i < e->rounds; i++)
			ts_buf_printf(b, "%s\"%s\"", i > 0 ? "," : "",
			    e->order[i] ? "BA" : "AB");
		ts_buf_puts(b, "]");
	} else if (o->design == TS_AB_DUET) {
		ts_buf_puts(b, ",\"a_cpu_set\":[");
		for (i = 0; i < e->rounds; i++)
			ts_buf_printf(b, "%s%u", i > 0 ? "," : "", e->order[i]);
		ts_buf_puts(b, "]");
	}
	ts_buf_puts(b, ",\"log_ratios\":[");
	for (i = 0; i < e->rounds; i++) {
		if (i > 0)
			ts_buf_putc(b, ',');
		jnum(b, log(e->side[1].value[i] / e->side[0].value[i]));
	}
	ts_buf_puts(b, "],\"host\":{\"probe\":");
	if (h->readings > 0) {
		ts_buf_printf(b, "{\"readings\":%zu", h->readings);
		jkey(b, "median", h->score_median);
		jkey(b, "min", h->score_min);
		jkey(b, "max", h->score_max);
		jkey(b, "moved", h->moved);
		jkey(b, "spearman_rho", h->rho);
		jkey(b, "spearman_p", h->rho_p);
		ts_buf_printf(b, ",\"ratio_moved_with_it\":%s,\"scores\":",
		    h->moved_with ? "true" : "false");
		jarray(b, e->readings, e->nreadings, 1);
		ts_buf_puts(b, "}");
	} else
		ts_buf_puts(b, "null");
	jkey(b, "steal_ms", h->steal_ms);
	jkey(b, "steal_share", h->steal_share);
	jkey(b, "usual_round_s", h->usual_s);
	ts_buf_printf(b, ",\"lost_rounds\":%zu", h->lost_rounds);
	jkey(b, "worst_round", h->worst);
	ts_buf_printf(b, ",\"lost_time\":%s}}", h->lost_time ? "true" :
	    "false");
}

void
ab_export_json(struct ts_buf *b, const struct ab_opts *o,
    const struct ab_exp *e)
{
	ts_buf_puts(b, "{\n  \"results\": [\n    ");
	json_result(b, o, e, 0);
	ts_buf_puts(b, ",\n    ");
	json_result(b, o, e, 1);
	ts_buf_puts(b, "\n  ],\n  \"comparison\": ");
	json_comparison(b, o, e);
	ts_buf_puts(b, "\n}\n");
}

/* A CSV number cell, empty when not finite. */
static void
csv_num(struct ts_rows *t, double v)
{
	char s[TS_FMT_DOUBLE_MAX];

	ts_rows_raw(t, ts_fmt_cell(v, s));
}

void
ab_export_csv(struct ts_buf *b, const struct ab_opts *o,
    const struct ab_exp *e)
{
	static const char *const cols[] = { "command", "mean", "stddev",
	    "median", "user", "system", "min", "max", "metric",
	    "metric_median", "relative", "relative_low", "relative_high",
	    NULL };
	struct ts_rows t = TS_ROWS(b, cols, TS_ROWS_CSV, "\n");
	struct summary w;
	int s;

	ts_rows_header(&t);
	for (s = 0; s < 2; s++) {
		const struct ab_side *d = &e->side[s];

		w = summarise(d->wall, d->n);
		ts_rows_text(&t, o->name[s]);
		csv_num(&t, w.mean);
		csv_num(&t, w.sd);
		csv_num(&t, w.median);
		csv_num(&t, mean_of(d->user, d->n));
		csv_num(&t, mean_of(d->sys, d->n));
		csv_num(&t, w.min);
		csv_num(&t, w.max);
		ts_rows_text(&t, o->metric.name);
		csv_num(&t, d->n > 0 ? ts_median(d->value, d->n) : NAN);
		if (s == 0) {
			ts_rows_raw(&t, "1");
			ts_rows_raw(&t, NULL);
			ts_rows_raw(&t, NULL);
		} else {
			csv_num(&t, e->est.ratio);
			csv_num(&t, e->est.low);
			csv_num(&t, e->est.high);
		}
		ts_rows_end(&t);
	}
}

/* The unit hyperfine's table uses for times around v: s, ms or us. */
static double
table_unit(double v, const char **name)
{
	if (v >= 1) {
		*name = "s";
		return 1;
	}
	if (v >= 1e-3) {
		*name = "ms";
		return 1e3;
	}
	*name = "\xc2\xb5s";
	return 1e6;
}

/* A markdown cell's command: in backquotes, its controls made visible. */
static void
md_command(struct ts_buf *b, const char *s)
{
	struct ts_buf v;

	ts_buf_init(&v);
	ts_buf_visible(&v, s);
	ts_md_code(b, v.data);
	ts_buf_free(&v);
}

void
ab_export_markdown(struct ts_buf *b, const struct ab_opts *o,
    const struct ab_exp *e)
{
	const struct ts_ab_est *x = &e->est;
	const char *unit = "";
	struct summary m[2];
	double scale = 1;
	bool is_time = ts_ab_metric_is_time(&o->metric);
	int s;

	for (s = 0; s < 2; s++)
		m[s] = summarise(e->side[s].value, e->side[s].n);
	if (is_time)
		scale = table_unit(m[0].mean < m[1].mean ? m[0].mean :
		    m[1].mean, &unit);
	else
		unit = ts_ab_metric_unit(&o->metric);
	if (*unit != '\0')
		ts_buf_printf(b, "| Command | Mean [%s] | Min [%s] | Max [%s] "
		    "| Relative |\n", unit, unit, unit);
	else
		ts_buf_puts(b, "| Command | Mean | Min | Max | Relative |\n");
	ts_buf_puts(b, "|:---|---:|---:|---:|---:|\n");
	for (s = 0; s < 2; s++) {
		ts_buf_puts(b, "| ");
		md_command(b, o->name[s]);
		ts_buf_printf(b, " | %.4g \xc2\xb1 %.4g | %.4g | %.4g | ",
		    m[s].mean * scale, m[s].sd * scale, m[s].min * scale,
		    m[s].max * scale);
		if (s == 0)
			ts_buf_puts(b, "1.00 |\n");
		else if (x->method != TS_AB_METHOD_NONE)
			ts_buf_printf(b, "%.3f (%.3f \xe2\x80\x93 %.3f) |\n",
			    x->ratio, x->low, x->high);
		else
			ts_buf_printf(b, "%.3f |\n", x->ratio);
	}
	ts_buf_printf(b, "\nB/A of %s: %.4f", o->metric.name, x->ratio);
	if (x->method != TS_AB_METHOD_NONE)
		ts_buf_printf(b, ", 95 %% interval %.4f to %.4f", x->low,
		    x->high);
	ts_buf_printf(b, " (%s, %s, %zu rounds): %s", ts_ab_design_name(
	    o->design), ts_ab_method_name(x->method), x->rounds,
	    e->verdict == TS_AB_SAME ? "no change beyond the interval" :
	    e->verdict == TS_AB_UNDECIDED ? "undecided" :
	    e->verdict == TS_AB_BETTER ? "B is better" : "B is worse");
	if (e->verdict == TS_AB_BETTER || e->verdict == TS_AB_WORSE)
		ts_buf_printf(b, " (%s is better)", o->higher_better ?
		    "higher" : "lower");
	ts_buf_puts(b, ".\n");
	if (x->correlated) {
		ts_buf_puts(b, "\nThe ");
		ab_out_serial(b, o, x);
		ts_buf_puts(b, ".\n");
	}
}
