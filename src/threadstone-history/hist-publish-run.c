/* SPDX-License-Identifier: MIT */
/*
 * A page per run: what check said of it when it came (against the runs
 * of its host before it, as check judges a new document), its result
 * table as report prints it, how compare judges it against the run
 * before and against the runs before that as a set, its signature as
 * verify finds it with the key's fingerprint, and its provenance.
 *
 * A run's page depends on its document, on the documents of its host
 * before it (check, compare) and on its neighbours' ids (the links):
 * its fingerprint chains the digests of its host's documents up to it,
 * so a night's new run leaves every older page as it was, but for the
 * one before it (whose "next" link appears).
 */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "doc/doc-producer.h"
#include "doc/doc-read.h"
#include "hist-publish.h"
#include "hist.h"
#include "history/history-add.h"
#include "history/history-check.h"
#include "report/report-compare.h"
#include "report/report-render.h"
#include "units.h"
#include "util.h"

/* Bump when a run page's layout changes: every page is made again. */
#define RUN_PAGE_FORMAT	"1"

/* A host's documents, parsed as its pages need them. */
struct docs {
	struct ts_hist		*h;
	struct pub_host		*host;
	struct ts_report	*r;	/* per run; parsed[k] says which */
	bool			*parsed, *bad;
	char			**why;	/* why a document did not parse */
	size_t			 low;	/* none before it is parsed */
};

/* Run k's document parsed (NULL when it does not parse: why[k]). */
static struct ts_report *
doc_of(struct docs *d, size_t k)
{
	struct ts_buf text;
	char err[1024];

	if (d->parsed[k])
		return d->bad[k] ? NULL : &d->r[k];
	d->parsed[k] = true;
	ts_buf_init(&text);
	if (ts_hist_doc_text(d->h, d->host->docs[k].id, &text, err,
	    sizeof err) == -1 || ts_doc_parse(text.data, text.len, &d->r[k],
	    err, sizeof err) != 0) {
		d->bad[k] = true;
		d->why[k] = ts_xstrdup(err);
	}
	ts_buf_free(&text);
	return d->bad[k] ? NULL : &d->r[k];
}

/* Forget the documents before run k that no later page needs. */
static void
docs_forget(struct docs *d, size_t k)
{
	for (; d->low + PUB_RECENT_RUNS < k; d->low++) {
		if (!d->parsed[d->low])
			continue;
		if (!d->bad[d->low])
			ts_report_free(&d->r[d->low]);
		free(d->why[d->low]);
		d->why[d->low] = NULL;
		d->parsed[d->low] = d->bad[d->low] = false;
	}
}

/* The first point of s at or after (t, doc) in time order. */
static size_t
lower(const struct ts_hist_series *s, long long t, long long doc)
{
	size_t lo = 0, hi = s->n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (s->pts[mid].t < t || (s->pts[mid].t == t &&
		    s->pts[mid].doc < doc))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/*
 * The host's series as check saw them when run k came: the points
 * before it, from the TS_HIST_CHECK_WINDOW-th run before it on (views
 * into the series, not copies).
 */
static void
history_before(const struct pub_host *host, size_t k,
    struct ts_hist_series *view)
{
	const struct ts_hist_doc *first = &host->docs[k >= TS_HIST_CHECK_WINDOW ?
	    k - TS_HIST_CHECK_WINDOW : 0];
	size_t i, a, b;

	for (i = 0; i < host->ns; i++) {
		view[i] = host->s[i];
		a = lower(&host->s[i], first->t, -1);
		b = lower(&host->s[i], host->docs[k].t, host->docs[k].id);
		view[i].pts = host->s[i].pts + a;
		view[i].n = b > a ? b - a : 0;
	}
}

/* A judgement's verdict in words, with its class ("" for none). */
static const char *
judgement_words(const struct ts_hist_judgement *j, const char **cls)
{
	*cls = "";
	switch (j->verdict) {
	case TS_HIST_WITHIN: return "~ within its history";
	case TS_HIST_BETTER: *cls = "good"; return "+ better";
	case TS_HIST_WORSE: *cls = "bad"; return "\xe2\x88\x92 worse (a regression)";
	case TS_HIST_NEW_PRODUCER: return "? no history from this producer";
	case TS_HIST_TOO_FEW: return "? too few runs since its last change";
	default: return "? never measured on this host";
	}
}

/* A figure of the check table, in si(); its digits in data-v. */
static void
si_cell(struct ts_buf *b, double v)
{
	char si[TS_SI_MAX];

	ts_buf_printf(b, "<td class=\"n\" data-v=\"%.6g\">%s", v, ts_si(v, si));
}

/* One row of the check table. */
static void
check_row(struct ts_buf *b, const struct ts_hist_check_row *row)
{
	const struct ts_hist_judgement *j = &row->j;
	const char *cls, *words = judgement_words(j, &cls);
	char lo[TS_SI_MAX], hi[TS_SI_MAX];

	ts_buf_printf(b, "<tr%s%s%s><td>", *cls ? " class=\"" : "", cls,
	    *cls ? "\"" : "");
	pub_esc(b, row->workload);
	ts_buf_printf(b, "<td>%s", row->pass);
	si_cell(b, row->value);
	ts_buf_puts(b, "<td>");
	pub_esc(b, ts_unit_label(row->unit));
	if (ts_hist_judged(j) || j->verdict == TS_HIST_TOO_FEW) {
		si_cell(b, j->center);
		si_cell(b, j->noise);
		if (ts_hist_judged(j))
			ts_buf_printf(b, "<td class=\"n\">[%s, %s]",
			    ts_si(j->lo, lo), ts_si(j->hi, hi));
		else
			ts_buf_puts(b, "<td class=\"n\">" TS_DASH);
		ts_buf_printf(b, "<td class=\"n\" data-v=\"%.3f\">", j->pct);
		pub_pct(b, j->pct);
	} else
		ts_buf_puts(b, "<td class=\"n\">" TS_DASH "<td class=\"n\">"
		    TS_DASH "<td class=\"n\">" TS_DASH "<td class=\"n\">"
		    TS_DASH);
	ts_buf_printf(b, "<td class=\"n\">%zu<td%s%s%s>%s\n", j->n,
	    *cls ? " class=\"" : "", cls, *cls ? "\"" : "", words);
}

/* What check said of the run: its answer, every pass, the whole run. */
static void
check_section(struct ts_buf *b, const struct ts_hist_check *c, size_t k,
    const char *answer)
{
	const struct ts_hist_run_judgement *r = &c->run;
	size_t i;

	ts_buf_printf(b, "<h2 id=\"check\">What check said</h2>\n<p class=\"%s "
	    "summary\">", c->answer == TS_HIST_CHECK_REGRESSION ? "bad" : "");
	ts_buf_puts(b, c->answer == TS_HIST_CHECK_REGRESSION ? "\xe2\x96\xbc " :
	    c->answer == TS_HIST_CHECK_OK ? "\xe2\x9c\x93 " : "? ");
	pub_esc(b, answer);
	ts_buf_printf(b, "</p>\n<p class=\"muted\">Judged as <code>"
	    "threadstone-history check</code> judged it when it came: against "
	    "the %zu run%s of this host before it.</p>\n", k, k == 1 ? "" :
	    "s");
	if (k == 0)
		return;
	ts_buf_puts(b, "<div class=\"wrap\"><table class=\"sortable nw\">"
	    "<thead><tr><th>workload<th>pass<th class=\"n\">value<th>unit"
	    "<th class=\"n\">median<th class=\"n\">noise<th class=\"n\">"
	    "interval<th class=\"n\">change<th class=\"n\">runs<th>verdict"
	    "</tr></thead>\n<tbody>\n");
	for (i = 0; i < c->nrows; i++)
		check_row(b, &c->rows[i]);
	ts_buf_puts(b, "</tbody></table></div>\n<p>The whole run: ");
	if (r->verdict == TS_HIST_TOO_FEW)
		ts_buf_printf(b, "not judged (%zu pass%s and %zu run%s with a "
		    "figure; %d of each needed).", r->passes, r->passes == 1 ?
		    "" : "es", r->runs, r->runs == 1 ? "" : "s",
		    r->passes < TS_HIST_RUN_MIN_PASSES ?
		    TS_HIST_RUN_MIN_PASSES : TS_HIST_MIN_POINTS);
	else {
		ts_buf_printf(b, "<span class=\"%s\">the median of %zu passes "
		    "moved ", r->verdict == TS_HIST_WORSE ? "bad" :
		    r->verdict == TS_HIST_BETTER ? "good" : "", r->passes);
		pub_pct(b, r->pct);
		ts_buf_printf(b, ", against [%+.1f %%, %+.1f %%] over %zu runs: "
		    "%s</span>.", r->lo, r->hi, r->runs,
		    ts_hist_verdict_name(r->verdict));
	}
	ts_buf_puts(b, "</p>\n");
}

/* The result table, byte for byte as threadstone-report prints it. */
static void
results_section(struct ts_buf *b, const struct ts_report *r)
{
	struct ts_buf t;

	ts_buf_init(&t);
	ts_render_table(&t, r, false);
	ts_buf_puts(b, "<h2 id=\"results\">Results</h2>\n<figure><figcaption "
	    "class=\"muted\">As <code>threadstone-report</code> prints "
	    "it.</figcaption>\n<pre class=\"report\">");
	pub_esc(b, t.data);
	ts_buf_puts(b, "</pre></figure>\n");
	ts_buf_free(&t);
}

/* A row's verdict in words, with its class. */
static const char *
verdict_words(const struct ts_compare_row *row, const char **cls)
{
	*cls = "";
	switch (row->verdict) {
	case TS_VERDICT_UNCHANGED: return "~ no significant change";
	case TS_VERDICT_FASTER: *cls = "good"; return "+ faster";
	case TS_VERDICT_SLOWER:
		if (row->kernel_differs)
			return "\xe2\x88\x92 slower (kernels differ: not a "
			    "regression)";
		*cls = "bad";
		return "\xe2\x88\x92 slower (a regression)";
	default: return "? on one side only";
	}
}

/* A figure of a compare row: si() and the unit, or a dash. */
static void
figure(struct ts_buf *b, bool has, double v, enum ts_unit u)
{
	char si[TS_SI_MAX];

	if (!has) {
		ts_buf_puts(b, "<td class=\"n\">" TS_DASH);
		return;
	}
	ts_buf_printf(b, "<td class=\"n\" data-v=\"%.6g\">%s\xc2\xa0", v,
	    ts_si(v, si));
	pub_esc(b, ts_unit_label(u));
}

static void
compare_row(struct ts_buf *b, const struct ts_compare_row *row,
    const char *pass)
{
	const char *cls, *words = verdict_words(row, &cls);

	ts_buf_printf(b, "<tr%s%s%s><td>", *cls ? " class=\"" : "", cls,
	    *cls ? "\"" : "");
	pub_esc(b, row->id);
	ts_buf_printf(b, "<td>%s", pass);
	figure(b, row->has_base, row->has_pct ? row->shown_base : row->base,
	    row->unit);
	figure(b, row->has_cand, row->has_pct ? row->shown_cand : row->cand,
	    row->unit);
	if (row->has_pct) {
		ts_buf_printf(b, "<td class=\"n\" data-v=\"%.3f\">", row->change);
		pub_pct(b, row->change);
		ts_buf_printf(b, "<td class=\"n\">[%+.1f, %+.1f]\xc2\xa0%%",
		    row->low, row->high);
	} else
		ts_buf_puts(b, "<td class=\"n\">" TS_DASH "<td class=\"n\">"
		    TS_DASH);
	ts_buf_printf(b, "<td class=\"n\">%zu+%zu<td%s%s%s>%s\n", row->nbase,
	    row->ncand, *cls ? " class=\"" : "", cls, *cls ? "\"" : "", words);
}

/* A comparison as compare judges it: its warnings, then its rows. */
static void
compare_table(struct ts_buf *b, const struct ts_comparison *cmp)
{
	static const char *const pn[TS_COMPARE_NPASSES] = { "single", "multi" };
	struct ts_buf w;
	size_t p, i;

	ts_buf_init(&w);
	ts_compare_warnings(&w, cmp);
	if (w.len > 0) {
		ts_buf_puts(b, "<pre class=\"warnings\">");
		pub_esc(b, w.data);
		ts_buf_puts(b, "</pre>\n");
	}
	ts_buf_free(&w);
	ts_buf_puts(b, "<div class=\"wrap\"><table class=\"sortable nw\"><thead>"
	    "<tr><th>workload<th>pass<th class=\"n\">before<th class=\"n\">"
	    "this run<th class=\"n\">change<th class=\"n\">interval"
	    "<th class=\"n\">n<th>verdict</tr></thead>\n<tbody>\n");
	for (p = 0; p < TS_COMPARE_NPASSES; p++)
		for (i = 0; i < cmp->nrows[p]; i++)
			compare_row(b, &cmp->rows[p][i], pn[p]);
	ts_buf_puts(b, "</tbody></table></div>\n");
}

/* The run against the one before it, and against the runs before that. */
static void
compare_sections(struct ts_buf *b, struct docs *d, size_t k,
    const struct ts_report *r)
{
	struct ts_report base[PUB_RECENT_RUNS];
	const char *bpaths[PUB_RECENT_RUNS], *cpath = "this run";
	char names[PUB_RECENT_RUNS][32];
	struct ts_comparison cmp;
	struct ts_report *p;
	size_t nb = 0, i;

	ts_buf_puts(b, "<h2 id=\"previous\">Against the run before</h2>\n");
	p = k > 0 ? doc_of(d, k - 1) : NULL;
	if (p == NULL)
		ts_buf_puts(b, k == 0 ? "<p>The first run of this host.</p>\n" :
		    "<p>The run before does not read as a document.</p>\n");
	else {
		ts_buf_printf(b, "<p>As <code>threadstone-compare</code> judges "
		    "<a href=\"%lld.html\">run %lld</a> against this one.</p>\n",
		    d->host->docs[k - 1].id, d->host->docs[k - 1].id);
		ts_compare(p, r, &cmp);
		compare_table(b, &cmp);
		ts_comparison_free(&cmp);
	}
	for (i = k > PUB_RECENT_RUNS ? k - PUB_RECENT_RUNS : 0; i < k; i++)
		if ((p = doc_of(d, i)) != NULL) {
			snprintf(names[nb], sizeof names[nb], "run %lld",
			    d->host->docs[i].id);
			bpaths[nb] = names[nb];
			base[nb++] = *p;
		}
	if (nb < 2)
		return;
	ts_buf_printf(b, "<h2 id=\"recent\">Against the recent history</h2>\n"
	    "<p>As <code>threadstone-compare</code> judges the %zu runs before "
	    "this one, as a set, against it.</p>\n", nb);
	ts_compare_sets(base, bpaths, nb, r, &cpath, 1, &cmp);
	compare_table(b, &cmp);
	ts_comparison_free(&cmp);
}

/* The links to the host, and to the runs before and after run k. */
static void
run_nav(struct ts_buf *b, const struct pub_host *host, size_t k)
{
	ts_buf_puts(b, "<nav aria-label=\"runs\"><a href=\"index.html\">");
	pub_esc(b, host->info->name);
	ts_buf_puts(b, "</a>");
	if (k > 0)
		ts_buf_printf(b, " <a href=\"%lld.html\" rel=\"prev\">"
		    "\xe2\x86\x90 run %lld</a>", host->docs[k - 1].id,
		    host->docs[k - 1].id);
	if (k + 1 < host->ndocs)
		ts_buf_printf(b, " <a href=\"%lld.html\" rel=\"next\">run "
		    "%lld \xe2\x86\x92</a>", host->docs[k + 1].id,
		    host->docs[k + 1].id);
	ts_buf_puts(b, "</nav>\n");
}

/*
 * Run k's check, answer and note ("ANSWER WORST TEXT", the manifest
 * keeps it) of document r.
 */
static void
run_check(struct docs *d, size_t k, const struct ts_report *r,
    struct ts_hist_check *c, struct ts_buf *answer, struct ts_buf *note)
{
	struct ts_hist_series *view;
	struct ts_producer prod;
	double worst = 0;
	size_t i;

	view = ts_xcalloc(d->host->ns + 1, sizeof *view);
	history_before(d->host, k, view);
	ts_producer_of(r, &prod);
	ts_hist_check_doc(r, prod.description, view, d->host->ns, c);
	ts_producer_free(&prod);
	free(view);
	if (k == 0)
		ts_buf_puts(answer, "not checked: the first run of this host");
	else
		hist_check_answer(answer, c);
	for (i = 0; i < c->nrows; i++)
		if (c->rows[i].j.regression)
			worst = fmin(worst, c->rows[i].j.pct);
	if (c->run.run_regression)
		worst = fmin(worst, c->run.pct);
	ts_buf_printf(note, "%s %.3f %s", c->answer ==
	    TS_HIST_CHECK_REGRESSION ? "regression" : c->answer ==
	    TS_HIST_CHECK_OK ? "ok" : "not-checked", worst, answer->data);
}

/* Run k's page into b, its note into note. */
static void
run_page(struct docs *d, size_t k, struct ts_buf *b, struct ts_buf *note)
{
	const struct pub_host *host = d->host;
	const struct ts_hist_doc *doc = &host->docs[k];
	struct ts_report *r = doc_of(d, k);
	struct ts_hist_check c;
	struct ts_buf title, answer;
	char when[32];

	ts_buf_init(&title);
	ts_buf_init(&answer);
	pub_when(doc->t, when);
	ts_buf_printf(&title, "Run %lld of %s, %s", doc->id, host->info->name,
	    when);
	pub_head(b, "../../", title.data);
	run_nav(b, host, k);
	ts_buf_printf(b, "<h1>Run %lld of ", doc->id);
	pub_esc(b, host->info->name);
	ts_buf_printf(b, "</h1>\n<p>Generated at %s UTC by ", when);
	pub_esc(b, doc->producer);
	ts_buf_puts(b, ".</p>\n");
	if (r == NULL) {
		ts_buf_puts(b, "<p class=\"bad\">The stored document does not "
		    "read: ");
		pub_esc(b, d->why[k]);
		ts_buf_puts(b, "</p>\n");
		ts_buf_printf(note, "not-checked 0 not checked: the stored "
		    "document does not read");
	} else {
		run_check(d, k, r, &c, &answer, note);
		check_section(b, &c, k, answer.data);
		ts_hist_check_free(&c);
		results_section(b, r);
		compare_sections(b, d, k, r);
		pub_signature(b, r, doc);
		pub_provenance(b, r, doc);
	}
	pub_foot(b, "../../");
	ts_buf_free(&title);
	ts_buf_free(&answer);
}

void
pub_run_parse(const char *note, struct pub_run *out)
{
	const char *p = strchr(note, ' '), *q;

	out->answer = strncmp(note, "regression ", 11) == 0 ? PUB_REGRESSION :
	    strncmp(note, "ok ", 3) == 0 ? PUB_OK : PUB_NOT_CHECKED;
	out->worst = p != NULL ? strtod(p + 1, NULL) : 0;
	if (!isfinite(out->worst))
		out->worst = 0;
	q = p != NULL ? strchr(p + 1, ' ') : NULL;
	out->text = ts_xstrdup(q != NULL ? q + 1 : "not checked");
}

/* The fingerprints: each run's document and every one before it. */
static void
chain(struct pub_host *host)
{
	const char *parts[4];
	char id[32];
	size_t k;

	host->chain = ts_xcalloc(host->ndocs + 1, sizeof *host->chain);
	for (k = 0; k < host->ndocs; k++) {
		snprintf(id, sizeof id, "%lld", host->docs[k].id);
		parts[0] = k > 0 ? host->chain[k - 1] : "";
		parts[1] = host->docs[k].sha256;
		parts[2] = id;
		parts[3] = host->docs[k].signature;
		pub_fingerprint(host->chain[k], parts, 4);
	}
}

int
pub_runs(struct pub_site *site, struct ts_hist *h, struct pub_host *host,
    char *err, size_t errlen)
{
	const char *parts[6], *note;
	char path[160], fp[65], prev[32], next[32];
	struct ts_buf b, nb;
	struct docs d;
	size_t k;
	int rc = 0;

	memset(&d, 0, sizeof d);
	d.h = h;
	d.host = host;
	d.r = ts_xcalloc(host->ndocs + 1, sizeof *d.r);
	d.parsed = ts_xcalloc(host->ndocs + 1, sizeof *d.parsed);
	d.bad = ts_xcalloc(host->ndocs + 1, sizeof *d.bad);
	d.why = ts_xcalloc(host->ndocs + 1, sizeof *d.why);
	host->runs = ts_xcalloc(host->ndocs + 1, sizeof *host->runs);
	chain(host);
	ts_buf_init(&b);
	ts_buf_init(&nb);
	for (k = 0; k < host->ndocs && rc == 0; k++) {
		snprintf(path, sizeof path, "h/%s/%lld.html", host->slug,
		    host->docs[k].id);
		snprintf(prev, sizeof prev, "%lld", k > 0 ?
		    host->docs[k - 1].id : 0);
		snprintf(next, sizeof next, "%lld", k + 1 < host->ndocs ?
		    host->docs[k + 1].id : 0);
		parts[0] = RUN_PAGE_FORMAT " " PACKAGE_VERSION;
		parts[1] = host->info->name;
		parts[2] = host->chain[k];
		parts[3] = prev;
		parts[4] = next;
		parts[5] = path;
		pub_fingerprint(fp, parts, 6);
		if (pub_fresh(site, path, fp, &note)) {
			pub_run_parse(note, &host->runs[k]);
			continue;
		}
		b.len = nb.len = 0;
		docs_forget(&d, k);
		run_page(&d, k, &b, &nb);
		pub_run_parse(nb.data, &host->runs[k]);
		rc = pub_put(site, path, &b, fp, nb.data, err, errlen);
	}
	for (k = 0; k < host->ndocs; k++) {
		if (d.parsed[k] && !d.bad[k])
			ts_report_free(&d.r[k]);
		free(d.why[k]);
	}
	TS_FREE_ALL(d.r, d.parsed, d.bad, d.why);
	ts_buf_free(&b);
	ts_buf_free(&nb);
	return rc;
}
