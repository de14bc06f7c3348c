/* SPDX-License-Identifier: MIT */
/*
 * threadstone-history trend: one workload and pass over time, on one host
 * or each: a table (change points marked), JSON, and an SVG plot with
 * tachyon's scores beside.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "exitcodes.h"
#include "hist-svg.h"
#include "hist.h"
#include "history/history-series.h"
#include "msg.h"
#include "outfile.h"
#include "util.h"

/* The change at point k of the series, or NULL. */
static const struct ts_hist_change *
change_at(const struct hist_plot_series *p, size_t k)
{
	size_t c;

	for (c = 0; c < p->nch; c++)
		if (p->ch[c].at == k)
			return &p->ch[c];
	return NULL;
}

static void
table(struct ts_buf *b, const struct hist_plot_series *p)
{
	const struct ts_hist_series *s = p->s;
	const struct ts_hist_change *c;
	char when[32];
	size_t k;

	ts_buf_printf(b, "%s %s-thread on %s (%s, %s is better)\n",
	    s->workload, s->pass, s->host, s->unit, s->higher_is_better ?
	    "higher" : "lower");
	ts_buf_printf(b, "%-20s  %8s  %14s  %12s  %s\n", "generated_at",
	    "document", "value", "ci95", "producer");
	for (k = 0; k < s->n; k++) {
		const struct ts_hist_point *pt = &s->pts[k];

		if ((c = change_at(p, k)) != NULL) {
			if (c->kind == TS_HIST_PRODUCER)
				ts_buf_printf(b, "-- producer change: %s "
				    "(%.6g -> %.6g, %+.1f %%, not a regression)\n",
				    s->producers[pt->producer], c->before,
				    c->after, c->pct);
			else
				ts_buf_printf(b, "-- change point: %.6g -> %.6g "
				    "(%+.1f %%, %s, p %.2g)\n", c->before,
				    c->after, c->pct, c->direction > 0 ?
				    "better" : "worse", c->p);
		}
		ts_rfc3339((time_t)pt->t, when);
		ts_buf_printf(b, "%-20s  %8lld  %14.6g  %12.4g  %zu\n", when,
		    pt->doc, pt->value, pt->ci95, pt->producer + 1);
	}
	for (k = 0; k < s->nproducers; k++)
		ts_buf_printf(b, "producer %zu: %s\n", k + 1, s->producers[k]);
}

static void
json(struct ts_buf *b, const struct hist_plot_series *p)
{
	const struct ts_hist_series *s = p->s;
	char when[32];
	size_t k;

	ts_buf_puts(b, "{\"host\":");
	ts_buf_json_string(b, s->host);
	ts_buf_puts(b, ",\"workload\":");
	ts_buf_json_string(b, s->workload);
	ts_buf_printf(b, ",\"pass\":\"%s\",\"unit\":\"%s\","
	    "\"higher_is_better\":%s,\"producers\":[", s->pass, s->unit,
	    s->higher_is_better ? "true" : "false");
	for (k = 0; k < s->nproducers; k++) {
		if (k > 0)
			ts_buf_putc(b, ',');
		ts_buf_json_string(b, s->producers[k]);
	}
	ts_buf_puts(b, "],\"points\":[");
	for (k = 0; k < s->n; k++) {
		const struct ts_hist_point *pt = &s->pts[k];

		ts_buf_printf(b, "%s{\"time\":\"%s\",\"document\":%lld,"
		    "\"value\":%.17g,\"ci95\":%.17g,\"producer\":%zu}",
		    k > 0 ? "," : "", ts_rfc3339((time_t)pt->t, when),
		    pt->doc, pt->value, pt->ci95, pt->producer);
	}
	ts_buf_puts(b, "],\"changes\":[");
	for (k = 0; k < p->nch; k++) {
		const struct ts_hist_change *c = &p->ch[k];

		ts_buf_printf(b, "%s{\"index\":%zu,\"time\":\"%s\",\"kind\":"
		    "\"%s\",\"direction\":\"%s\",\"before\":%.17g,\"after\":"
		    "%.17g,\"change_pct\":%.6g", k > 0 ? "," : "", c->at,
		    ts_rfc3339((time_t)s->pts[c->at].t, when),
		    c->kind == TS_HIST_PRODUCER ? "producer" : "level",
		    c->direction > 0 ? "better" : c->direction < 0 ? "worse" :
		    "none", c->before, c->after, c->pct);
		if (c->kind == TS_HIST_LEVEL)
			ts_buf_printf(b, ",\"p\":%.6g}", c->p);
		else
			ts_buf_puts(b, ",\"p\":null}");
	}
	ts_buf_puts(b, "]}");
}

int
hist_trend(const struct hist_opts *o)
{
	struct hist_opts oo = *o;
	struct ts_hist h;
	struct ts_hist_filter f;
	struct ts_hist_series *s = NULL;
	struct hist_plot_series *p = NULL;
	struct ts_cpd_params par;
	struct ts_buf b;
	double *tt = NULL, *ts = NULL;
	long ns, nt = 0, i;
	char err[1024];
	int rc = TS_EXIT_FAILURE;

	if (oo.pass == NULL)
		oo.pass = "single";
	if (o->plot != NULL && ts_check_writable(o->plot, err,
	    sizeof err) == -1) {
		ts_error("%s", err);
		return TS_EXIT_FAILURE;
	}
	if (hist_open(o, false, &h) == -1)
		return TS_EXIT_FAILURE;
	hist_series_filter(&oo, &f);
	ns = ts_hist_series_load(&h, &f, &s, err, sizeof err);
	if (ns == 1)
		nt = ts_hist_tachyon_load(&h, s[0].host, o->since, o->until,
		    &tt, &ts, err, sizeof err);
	ts_hist_close(&h);
	if (ns < 0 || nt < 0) {
		ts_error("%s", err);
		goto out;
	}
	if (ns == 0) {
		ts_error("no results of %s %s%s%s in the history (see list)",
		    oo.workload, oo.pass, o->host != NULL ? " on " : "",
		    o->host != NULL ? o->host : "");
		goto out;
	}
	ts_cpd_defaults(&par);
	p = ts_xcalloc((size_t)ns, sizeof *p);
	for (i = 0; i < ns; i++) {
		struct ts_hist_change *ch;

		p[i].s = &s[i];
		p[i].nch = ts_hist_changes(&s[i], &par, &ch);
		p[i].ch = ch;
	}
	ts_buf_init(&b);
	if (o->plot != NULL) {
		hist_svg(&b, p, (size_t)ns, tt, ts, (size_t)nt);
		if (ts_write_file_atomic(o->plot, b.data, b.len, err,
		    sizeof err) == -1) {
			ts_error("%s", err);
			ts_buf_free(&b);
			goto out;
		}
		b.len = 0;
	}
	if (o->json) {
		ts_buf_puts(&b, "{\"series\":[");
		for (i = 0; i < ns; i++) {
			if (i > 0)
				ts_buf_putc(&b, ',');
			json(&b, &p[i]);
		}
		ts_buf_puts(&b, "],\"tachyon\":[");
		for (i = 0; i < nt; i++)
			ts_buf_printf(&b, "%s{\"unix_time\":%.3f,\"score\":"
			    "%.17g}", i > 0 ? "," : "", tt[i], ts[i]);
		ts_buf_puts(&b, "]}\n");
	} else
		for (i = 0; i < ns; i++) {
			if (i > 0)
				ts_buf_putc(&b, '\n');
			table(&b, &p[i]);
		}
	fwrite(b.data, 1, b.len, stdout);
	ts_buf_free(&b);
	rc = ts_close_stdout() == 0 ? TS_EXIT_OK : TS_EXIT_FAILURE;
out:
	if (p != NULL)
		for (i = 0; i < ns; i++)
			free((void *)p[i].ch);
	TS_FREE_ALL(p, tt, ts);
	ts_hist_series_free(s, ns > 0 ? (size_t)ns : 0);
	return rc;
}
