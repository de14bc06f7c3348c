/* SPDX-License-Identifier: MIT */
/*
 * A page per host: every workload and pass as trend --plot draws it
 * (the change points and producer changes marked, the noise band
 * shaded), the table of change points as changes finds them with the
 * size of each and its interval, and the host's runs with what check
 * said of each; and the host's status for the index.
 */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "hist-publish.h"
#include "hist-svg.h"
#include "hist.h"
#include "report/report-shift.h"
#include "stats/stats-basic.h"
#include "units.h"
#include "util.h"

#define DAY	86400.0
/* The runs on either side of a change its interval is taken from. */
#define SIDE_RUNS	50

const char *
pub_status_label(enum pub_status s)
{
	switch (s) {
	case PUB_ST_REGRESSION: return "\xe2\x96\xbc regression";
	case PUB_ST_WORSE: return "\xe2\x86\x98 changed for the worse";
	case PUB_ST_QUIET: return "\xe2\x97\x8c quiet";
	case PUB_ST_NOT_CHECKED: return "? not checked";
	case PUB_ST_CHANGED: return "\xe2\x86\x97 changed";
	default: return "\xe2\x9c\x93 ok";
	}
}

const char *
pub_status_class(enum pub_status s)
{
	switch (s) {
	case PUB_ST_REGRESSION:
	case PUB_ST_WORSE: return "bad";
	case PUB_ST_QUIET: return "quiet";
	case PUB_ST_OK: return "good";
	default: return "muted";
	}
}

/* The median gap between the host's runs, in seconds (0: under two). */
static double
median_gap(const struct pub_host *host)
{
	double *g, m;
	size_t k;

	if (host->ndocs < 2)
		return 0;
	g = ts_xmalloc(host->ndocs * sizeof *g);
	for (k = 1; k < host->ndocs; k++)
		g[k - 1] = (double)(host->docs[k].t - host->docs[k - 1].t);
	m = ts_median(g, host->ndocs - 1);
	free(g);
	return m;
}

/* The recent change points in words, and whether any is for the worse. */
static void
recent_changes(const struct pub_site *site, struct pub_host *host,
    bool *worse, bool *other, double *worst)
{
	struct ts_buf t;
	char day[32];
	size_t i, c, n = 0;

	ts_buf_init(&t);
	*worse = *other = false;
	*worst = 0;
	for (i = 0; i < host->ns; i++)
		for (c = 0; c < host->nch[i]; c++) {
			const struct ts_hist_change *ch = &host->ch[i][c];
			long long t0 = host->s[i].pts[ch->at].t;

			if ((double)t0 < (double)site->newest -
			    PUB_RECENT_DAYS * DAY)
				continue;
			if (ch->kind == TS_HIST_LEVEL && ch->direction < 0) {
				*worse = true;
				*worst = fmin(*worst, ch->pct);
			} else
				*other = true;
			pub_day(t0, day);
			ts_buf_printf(&t, "%s%s %s %s %+.1f %% (%s)", n++ > 0 ?
			    "; " : "", host->s[i].workload, host->s[i].pass,
			    ch->kind == TS_HIST_PRODUCER ? "producer" :
			    ch->direction < 0 ? "worse" : "better", ch->pct, day);
		}
	host->changes_text = ts_xstrdup(n > 0 ? t.data : "");
	ts_buf_free(&t);
}

void
pub_host_status(const struct pub_site *site, struct pub_host *host)
{
	const struct pub_run *last = host->ndocs > 0 ?
	    &host->runs[host->ndocs - 1] : NULL;
	double quiet_after = fmax(PUB_QUIET_MIN_DAYS * DAY, PUB_QUIET_GAPS *
	    median_gap(host)), idle, worst;
	bool worse, other, quiet;
	struct ts_buf t;
	char day[32];

	recent_changes(site, host, &worse, &other, &worst);
	idle = host->ndocs > 0 ? (double)(site->newest -
	    host->docs[host->ndocs - 1].t) : 0;
	quiet = host->ndocs > 0 && idle > quiet_after;
	ts_buf_init(&t);
	if (last != NULL)
		ts_buf_puts(&t, last->text);
	else
		ts_buf_puts(&t, "no runs");
	if (quiet) {
		pub_day(host->docs[host->ndocs - 1].t, day);
		ts_buf_printf(&t, "; quiet: no run since %s (%.0f days before "
		    "the newest run of the history)", day, idle / DAY);
	}
	host->status_text = ts_xstrdup(t.data);
	ts_buf_free(&t);
	host->severity = 0;
	if (last != NULL && last->answer == PUB_REGRESSION) {
		host->status = PUB_ST_REGRESSION;
		host->severity = last->worst;
	} else if (worse) {
		host->status = PUB_ST_WORSE;
		host->severity = worst;
	} else if (quiet) {
		host->status = PUB_ST_QUIET;
		host->severity = -idle / DAY;
	} else if (last == NULL || last->answer == PUB_NOT_CHECKED)
		host->status = PUB_ST_NOT_CHECKED;
	else if (other)
		host->status = PUB_ST_CHANGED;
	else
		host->status = PUB_ST_OK;
}

/*
 * The change's size as compare's sets judge a shift: Hodges-Lehmann's
 * estimate of the runs after it against the runs before it (at most
 * SIDE_RUNS of each, within their segments), with Mann-Whitney's 95 %
 * interval, in % with + better.  Return -1 when the runs are too few.
 */
static int
change_interval(const struct ts_hist_series *s,
    const struct ts_hist_change *ch, size_t nch, size_t c, double *lo,
    double *hi)
{
	size_t from = c > 0 ? ch[c - 1].at : 0, to = c + 1 < nch ?
	    ch[c + 1].at : s->n, a, b, i;
	double *x, *y, l, h;
	struct ts_shift sh;
	int rc;

	a = ch[c].at - from > SIDE_RUNS ? ch[c].at - SIDE_RUNS : from;
	b = to - ch[c].at > SIDE_RUNS ? ch[c].at + SIDE_RUNS : to;
	x = ts_xmalloc((ch[c].at - a + 1) * sizeof *x);
	y = ts_xmalloc((b - ch[c].at + 1) * sizeof *y);
	for (i = a; i < ch[c].at; i++)
		x[i - a] = log(s->pts[i].value);
	for (i = ch[c].at; i < b; i++)
		y[i - ch[c].at] = log(s->pts[i].value);
	rc = ts_shift_estimate(x, ch[c].at - a, y, b - ch[c].at, 0.95, &sh);
	free(x);
	free(y);
	if (rc == -1 || sh.method == TS_SHIFT_NONE || !isfinite(sh.low) ||
	    !isfinite(sh.high))
		return -1;
	l = (exp(sh.low) - 1) * 100;
	h = (exp(sh.high) - 1) * 100;
	*lo = s->higher_is_better ? l : -h;
	*hi = s->higher_is_better ? h : -l;
	return 0;
}

/* One row of the change points' table. */
static void
change_row(struct ts_buf *b, const struct pub_host *host, size_t i,
    size_t c)
{
	const struct ts_hist_series *s = &host->s[i];
	const struct ts_hist_change *ch = &host->ch[i][c];
	bool prod = ch->kind == TS_HIST_PRODUCER;
	char day[32];
	double lo, hi;

	pub_day(s->pts[ch->at].t, day);
	ts_buf_printf(b, "<tr%s><td data-v=\"%lld\"><a href=\"%lld.html\">%s"
	    "</a><td>", prod ? "" : ch->direction < 0 ? " class=\"bad\"" :
	    " class=\"good\"", s->pts[ch->at].t, s->pts[ch->at].doc, day);
	pub_esc(b, s->workload);
	ts_buf_printf(b, "<td>%s<td>%s<td class=\"n\">%.6g<td class=\"n\">%.6g"
	    "<td>", s->pass, prod ? "\xe2\x97\x86 another producer" :
	    ch->direction < 0 ? "\xe2\x96\xbc worse" : "\xe2\x96\xb2 better",
	    ch->before, ch->after);
	pub_esc(b, hist_unit_label(s->unit));
	ts_buf_printf(b, "<td class=\"n\" data-v=\"%.3f\">", ch->pct);
	pub_pct(b, ch->pct);
	if (change_interval(s, host->ch[i], host->nch[i], c, &lo, &hi) == 0)
		ts_buf_printf(b, "<td class=\"n\">[%+.1f, %+.1f]\xc2\xa0%%", lo,
		    hi);
	else
		ts_buf_puts(b, "<td class=\"n\">\xe2\x80\x94");
	if (prod) {
		ts_buf_puts(b, "<td class=\"n\">\xe2\x80\x94<td>");
		pub_esc(b, s->producers[s->pts[ch->at - 1].producer]);
		ts_buf_puts(b, " \xe2\x86\x92 ");
		pub_esc(b, s->producers[s->pts[ch->at].producer]);
	} else
		ts_buf_printf(b, "<td class=\"n\">%.2g<td>", ch->p);
	ts_buf_putc(b, '\n');
}

/* How a series ranks on its host's page: its worst level change. */
static double
series_rank(const struct pub_host *host, size_t i)
{
	double r = 0;
	size_t c;

	for (c = 0; c < host->nch[i]; c++)
		if (host->ch[i][c].kind == TS_HIST_LEVEL)
			/* A change for the better ranks after the worse. */
			r = fmin(r, host->ch[i][c].direction < 0 ?
			    host->ch[i][c].pct - 1000 : -1);
	return r;
}

/*
 * The order of the host's series on its page: those that changed for
 * the worse first, the most first, then those that changed at all,
 * then the rest as the history orders them.
 */
static size_t *
series_order(const struct pub_host *host)
{
	size_t *o = ts_xcalloc(host->ns + 1, sizeof *o), i, j, t;

	for (i = 0; i < host->ns; i++)
		o[i] = i;
	/* Insertion sort: stable, and a host has a dozen series. */
	for (i = 1; i < host->ns; i++)
		for (j = i; j > 0 && series_rank(host, o[j]) <
		    series_rank(host, o[j - 1]); j--) {
			t = o[j];
			o[j] = o[j - 1];
			o[j - 1] = t;
		}
	return o;
}

/* Every series as a trend, the worst first. */
static void
trends(struct ts_buf *b, const struct pub_host *host)
{
	struct hist_plot_series p;
	struct ts_buf svg;
	size_t i, *o = series_order(host);

	ts_buf_puts(b, "<h2 id=\"trends\">Trends</h2>\n<p class=\"muted\">As "
	    "<code>threadstone-history trend --plot</code> draws them, those "
	    "that changed for the worse first.</p>\n<ul class=\"series\">\n");
	for (i = 0; i < host->ns; i++) {
		ts_buf_printf(b, "<li><a href=\"#s%zu\">", o[i] + 1);
		pub_esc(b, host->s[o[i]].workload);
		ts_buf_printf(b, " %s-thread</a> (%zu change point%s)\n",
		    host->s[o[i]].pass[0] == 's' ? "single" : "multi",
		    host->nch[o[i]], host->nch[o[i]] == 1 ? "" : "s");
	}
	ts_buf_puts(b, "</ul>\n");
	ts_buf_init(&svg);
	for (i = 0; i < host->ns; i++) {
		p.s = &host->s[o[i]];
		p.ch = host->ch[o[i]];
		p.nch = host->nch[o[i]];
		svg.len = 0;
		hist_svg(&svg, &p, 1, NULL, NULL, 0);
		ts_buf_printf(b, "<section id=\"s%zu\">\n<h3>", o[i] + 1);
		pub_esc(b, p.s->workload);
		ts_buf_printf(b, " %s-thread</h3>\n", p.s->pass[0] == 's' ?
		    "single" : "multi");
		pub_svg(b, svg.data);
		ts_buf_puts(b, "</section>\n");
	}
	ts_buf_free(&svg);
	free(o);
}

/* The change points of every series, and the same as changes --json. */
static void
changes(struct ts_buf *b, const struct pub_host *host)
{
	struct ts_buf j;
	size_t i, c, n = 0;

	ts_buf_puts(b, "<h2 id=\"changes\">Change points</h2>\n");
	for (i = 0; i < host->ns; i++)
		n += host->nch[i];
	if (n == 0) {
		ts_buf_puts(b, "<p>None: every series kept its level.</p>\n");
		return;
	}
	ts_buf_puts(b, "<p class=\"muted\">As <code>threadstone-history "
	    "changes</code> finds them; the date is the first run after the "
	    "change. Interval: Hodges-Lehmann's shift of the runs after it "
	    "against the runs before it (50 at most a side) and "
	    "Mann-Whitney's 95 % interval, as <code>threadstone-compare"
	    "</code> judges sets; + is better.</p>\n<div class=\"wrap\">"
	    "<table class=\"sortable nw\"><thead><tr><th>date<th>workload<th>pass"
	    "<th>change<th class=\"n\">before<th class=\"n\">after<th>unit"
	    "<th class=\"n\">size<th class=\"n\">interval<th class=\"n\">p"
	    "<th>producer</tr></thead>\n<tbody>\n");
	ts_buf_init(&j);
	ts_buf_putc(&j, '[');
	for (i = 0; i < host->ns; i++)
		for (c = 0; c < host->nch[i]; c++) {
			change_row(b, host, i, c);
			if (j.len > 1)
				ts_buf_putc(&j, ',');
			hist_change_json(&j, &host->s[i], &host->ch[i][c]);
		}
	ts_buf_putc(&j, ']');
	ts_buf_puts(b, "</tbody></table></div>\n");
	pub_json_script(b, "changes-data", j.data);
	ts_buf_free(&j);
}

/* The host's runs, newest first, with what check said of each. */
static void
runs(struct ts_buf *b, const struct pub_host *host)
{
	const struct pub_run *r;
	char when[32];
	size_t k;

	ts_buf_printf(b, "<h2 id=\"runs\">Runs</h2>\n<div class=\"wrap\">"
	    "<table class=\"sortable filter\"><thead><tr><th>run<th>date"
	    "<th>producer<th>signature<th>what check said</tr></thead>\n"
	    "<tbody>\n");
	for (k = host->ndocs; k-- > 0;) {
		r = &host->runs[k];
		pub_when(host->docs[k].t, when);
		ts_buf_printf(b, "<tr%s><td data-v=\"%lld\"><a href=\"%lld.html\">"
		    "%lld</a><td>%s<td>", r->answer == PUB_REGRESSION ?
		    " class=\"bad\"" : "", host->docs[k].id, host->docs[k].id,
		    host->docs[k].id, when);
		pub_esc(b, host->docs[k].producer);
		ts_buf_puts(b, "<td>");
		pub_esc(b, host->docs[k].signature);
		ts_buf_printf(b, "<td>%s", r->answer == PUB_REGRESSION ?
		    "\xe2\x96\xbc " : r->answer == PUB_OK ? "\xe2\x9c\x93 " :
		    "? ");
		pub_esc(b, r->text);
		ts_buf_putc(b, '\n');
	}
	ts_buf_puts(b, "</tbody></table></div>\n");
}

int
pub_host_page(struct pub_site *site, struct pub_host *host, char *err,
    size_t errlen)
{
	const struct ts_hist_host *in = host->info;
	struct ts_buf b;
	char path[160], d0[32], d1[32];
	int rc;

	ts_buf_init(&b);
	pub_head(&b, "../../", in->name);
	ts_buf_puts(&b, "<h1>");
	pub_esc(&b, in->name);
	ts_buf_printf(&b, "</h1>\n<p class=\"summary %s\">%s: ",
	    pub_status_class(host->status), pub_status_label(host->status));
	pub_esc(&b, host->status_text);
	ts_buf_puts(&b, "</p>\n<dl>\n<dt>CPU<dd>");
	pub_esc(&b, *in->cpu_model != '\0' ? in->cpu_model : "unknown");
	if (host->ndocs > 0) {
		pub_day(host->docs[0].t, d0);
		pub_day(host->docs[host->ndocs - 1].t, d1);
		ts_buf_printf(&b, "\n<dt>runs<dd>%zu, from %s to %s; the latest: "
		    "<a href=\"%lld.html\">run %lld</a>", host->ndocs, d0, d1,
		    host->docs[host->ndocs - 1].id,
		    host->docs[host->ndocs - 1].id);
	}
	ts_buf_printf(&b, "\n<dt>tachyon records<dd>%lld\n", in->nrecords);
	if (*host->changes_text != '\0') {
		ts_buf_printf(&b, "<dt>recent change points<dd>");
		pub_esc(&b, host->changes_text);
		ts_buf_putc(&b, '\n');
	}
	ts_buf_puts(&b, "</dl>\n<nav aria-label=\"page\"><a href=\"#trends\">"
	    "Trends</a> <a href=\"#changes\">Change points</a> <a "
	    "href=\"#runs\">Runs</a></nav>\n");
	trends(&b, host);
	changes(&b, host);
	runs(&b, host);
	pub_foot(&b, "../../");
	snprintf(path, sizeof path, "h/%s/index.html", host->slug);
	rc = pub_put(site, path, &b, NULL, NULL, err, errlen);
	ts_buf_free(&b);
	return rc;
}
