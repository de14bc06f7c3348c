/* SPDX-License-Identifier: MIT */
/*
 * threadstone-history changes: the change points of every series the
 * filters select; and check: a new document against its host's history.
 */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "doc/doc-producer.h"
#include "doc/doc-read.h"
#include "cli.h"
#include "exitcodes.h"
#include "hist.h"
#include "history/history-add.h"
#include "history/history-check.h"
#include "history/history-night.h"
#include "history/history-series.h"
#include "msg.h"
#include "report/report-verify.h"
#include "report/report-machine.h"
#include "util.h"

void
hist_series_filter(const struct hist_opts *o, struct ts_hist_filter *f)
{
	memset(f, 0, sizeof *f);
	f->host = o->host;
	f->workload = o->workload;
	f->pass = o->pass;
	f->producer = o->producer;
	f->since = o->since;
	f->until = o->until;
}

/* The point where change c happens, its time into when. */
static const struct ts_hist_point *
change_at(const struct ts_hist_series *s, const struct ts_hist_change *c,
    char when[32])
{
	ts_rfc3339((time_t)s->pts[c->at].t, when);
	return &s->pts[c->at];
}

/* One change as a text line. */
static void
change_text(struct ts_buf *b, const struct ts_hist_series *s,
    const struct ts_hist_change *c)
{
	char when[32];
	const struct ts_hist_point *p = change_at(s, c, when);

	ts_buf_printf(b, "%s  %-10s %-6s  %-8s  %.6g -> %.6g %s  %+.1f %%  ",
	    when, s->workload, s->pass, c->kind == TS_HIST_PRODUCER ?
	    "producer" : c->direction > 0 ? "better" : "worse", c->before,
	    c->after, s->unit, c->pct);
	if (c->kind == TS_HIST_PRODUCER)
		ts_buf_printf(b, "%s -> %s",
		    s->producers[s->pts[c->at - 1].producer],
		    s->producers[p->producer]);
	else
		ts_buf_printf(b, "p %.2g", c->p);
	ts_buf_printf(b, "  (document %lld, %s)\n", p->doc, s->host);
}

void
hist_change_json(struct ts_buf *b, const struct ts_hist_series *s,
    const struct ts_hist_change *c)
{
	char when[32];
	const struct ts_hist_point *p = change_at(s, c, when);

	ts_buf_puts(b, "{\"host\":");
	ts_buf_json_string(b, s->host);
	ts_buf_puts(b, ",\"workload\":");
	ts_buf_json_string(b, s->workload);
	ts_buf_printf(b, ",\"pass\":\"%s\",\"unit\":\"%s\",\"kind\":\"%s\","
	    "\"direction\":\"%s\",\"time\":\"%s\",\"document\":%lld,"
	    "\"index\":%zu,\"before\":%.17g,\"after\":%.17g,\"change_pct\":"
	    "%.6g,", s->pass, s->unit, c->kind == TS_HIST_PRODUCER ?
	    "producer" : "level", c->direction > 0 ? "better" :
	    c->direction < 0 ? "worse" : "none", when, p->doc, c->at,
	    c->before, c->after, c->pct);
	if (c->kind == TS_HIST_PRODUCER) {
		ts_buf_puts(b, "\"p\":null,\"from_producer\":");
		ts_buf_json_string(b, s->producers[s->pts[c->at - 1].producer]);
		ts_buf_puts(b, ",\"to_producer\":");
		ts_buf_json_string(b, s->producers[p->producer]);
	} else
		ts_buf_printf(b, "\"p\":%.6g", c->p);
	ts_buf_putc(b, '}');
}

int
hist_changes(const struct hist_opts *o)
{
	struct ts_hist h;
	struct ts_hist_filter f;
	struct ts_hist_series *s;
	struct ts_hist_change *ch;
	struct ts_cpd_params par;
	struct ts_buf b;
	char err[1024];
	long ns, i;
	size_t nch, k, total = 0;

	if (hist_open(o, false, &h) == -1)
		return TS_EXIT_FAILURE;
	hist_series_filter(o, &f);
	ns = ts_hist_series_load(&h, &f, &s, err, sizeof err);
	ts_hist_close(&h);
	if (ns < 0) {
		ts_error("%s", err);
		return TS_EXIT_FAILURE;
	}
	ts_cpd_defaults(&par);
	ts_buf_init(&b);
	if (o->json)
		ts_buf_puts(&b, "[");
	for (i = 0; i < ns; i++) {
		nch = ts_hist_changes(&s[i], &par, &ch);
		for (k = 0; k < nch; k++, total++) {
			if (o->json) {
				ts_buf_puts(&b, total > 0 ? ",\n " : "\n ");
				hist_change_json(&b, &s[i], &ch[k]);
			} else
				change_text(&b, &s[i], &ch[k]);
		}
		free(ch);
		fwrite(b.data, 1, b.len, stdout);
		b.len = 0;
	}
	if (o->json)
		ts_buf_puts(&b, total > 0 ? "\n]\n" : "]\n");
	else if (total == 0)
		ts_buf_printf(&b, "no change points in %ld series\n", ns);
	fwrite(b.data, 1, b.len, stdout);
	ts_buf_free(&b);
	ts_hist_series_free(s, (size_t)ns);
	return ts_close_stdout() == 0 ? TS_EXIT_OK : TS_EXIT_FAILURE;
}

static void
row_text(struct ts_buf *b, const char *w, const char *pass, double value,
    const struct ts_hist_judgement *j)
{
	ts_buf_printf(b, "%-10s %-6s %14.6g  ", w, pass, value);
	if (j->verdict == TS_HIST_NEW_PRODUCER) {
		ts_buf_puts(b, "no history from this producer on this host\n");
		return;
	}
	if (j->verdict == TS_HIST_NO_HISTORY) {
		ts_buf_puts(b, "never measured on this host\n");
		return;
	}
	if (j->verdict == TS_HIST_TOO_FEW) {
		ts_buf_printf(b, "%zu run%s since the last change: too few "
		    "(%d needed)\n", j->n, j->n == 1 ? "" : "s",
		    TS_HIST_MIN_POINTS);
		return;
	}
	ts_buf_printf(b, "%14.6g %12.4g  [%.6g, %.6g]  %+6.1f %%  %s (%zu "
	    "runs)%s\n", j->center, j->noise, j->lo, j->hi, j->pct,
	    ts_hist_verdict_name(j->verdict), j->n, j->regression ?
	    ", the night's regression" : "");
}

/* ,"key":number, or null when it is not a finite number. */
static void
json_number(struct ts_buf *b, const char *key, double v)
{
	if (isfinite(v))
		ts_buf_printf(b, ",\"%s\":%.6g", key, v);
	else
		ts_buf_printf(b, ",\"%s\":null", key);
}

static void
row_json(struct ts_buf *b, const char *w, const char *pass,
    const char *unit, double value, const struct ts_hist_judgement *j)
{
	char when[32];

	ts_buf_puts(b, "{\"workload\":");
	ts_buf_json_string(b, w);
	ts_buf_printf(b, ",\"pass\":\"%s\",\"unit\":\"%s\",\"value\":%.17g,"
	    "\"verdict\":\"%s\",\"runs\":%zu", pass, unit, value,
	    ts_hist_verdict_name(j->verdict), j->n);
	if (j->verdict != TS_HIST_NEW_PRODUCER &&
	    j->verdict != TS_HIST_NO_HISTORY && j->n > 0)
		ts_buf_printf(b, ",\"since\":\"%s\",\"median\":%.17g,"
		    "\"noise\":%.17g,\"change_pct\":%.6g",
		    ts_rfc3339((time_t)j->since, when), j->center, j->noise,
		    j->pct);
	if (j->verdict <= TS_HIST_WORSE) {
		ts_buf_printf(b, ",\"low\":%.17g,\"high\":%.17g", j->lo, j->hi);
		ts_buf_puts(b, ",\"tail_df\":");
		if (isinf(j->tail_df))
			ts_buf_puts(b, "null");
		else
			ts_buf_printf(b, "%.6g", j->tail_df);
		ts_buf_printf(b, ",\"tail_scale\":%.17g", j->scale);
		ts_buf_printf(b, ",\"regression\":%s", j->regression ?
		    "true" : "false");
		json_number(b, "p_value", j->p);
		json_number(b, "detectable_pct", j->detect_pct);
		json_number(b, "beyond_run_pct", j->resid_pct);
	}
	ts_buf_putc(b, '}');
}

/* The run as a whole, as a text line after the rows. */
static void
run_text(struct ts_buf *b, const struct ts_hist_run_judgement *r)
{
	ts_buf_printf(b, "%-10s %-6s %14s  ", "whole run", "", "");
	if (r->verdict == TS_HIST_TOO_FEW) {
		ts_buf_printf(b, "not judged: %zu pass%s and %zu run%s with "
		    "a figure (%d of each needed)\n", r->passes,
		    r->passes == 1 ? "" : "es", r->runs, r->runs == 1 ?
		    "" : "s", r->passes < TS_HIST_RUN_MIN_PASSES ?
		    TS_HIST_RUN_MIN_PASSES : TS_HIST_MIN_POINTS);
		return;
	}
	ts_buf_printf(b, "median of %zu passes  [%+.1f %%, %+.1f %%]  "
	    "%+6.1f %%  %s (%zu runs)%s\n", r->passes, r->lo, r->hi, r->pct,
	    ts_hist_verdict_name(r->verdict), r->runs, r->run_regression ?
	    ", the night's regression" : "");
}

/* The run as a whole, the "run" member (after the rows' array). */
static void
run_json(struct ts_buf *b, const struct ts_hist_run_judgement *r)
{
	ts_buf_printf(b, "],\"run\":{\"verdict\":\"%s\",\"passes\":%zu,"
	    "\"runs\":%zu", ts_hist_verdict_name(r->verdict), r->passes,
	    r->runs);
	if (r->verdict != TS_HIST_TOO_FEW)
		ts_buf_printf(b, ",\"change_pct\":%.6g,\"median_pct\":%.6g,"
		    "\"noise_pct\":%.6g,\"low_pct\":%.6g,\"high_pct\":"
		    "%.6g,\"regression\":%s", r->pct, r->center, r->noise,
		    r->lo, r->hi, r->run_regression ? "true" : "false");
	ts_buf_putc(b, '}');
	ts_buf_printf(b, ",\"night\":{\"regression\":%s,\"alpha\":%g,"
	    "\"run_alpha\":%g,\"passes_alpha\":%g,\"passes\":%zu,"
	    "\"pass_alpha\":%.6g,\"beyond_run\":%s", r->regression ?
	    "true" : "false", TS_HIST_NIGHT_ALPHA, r->verdict ==
	    TS_HIST_TOO_FEW ? 0 : TS_HIST_RUN_ALPHA, r->verdict ==
	    TS_HIST_TOO_FEW ? TS_HIST_NIGHT_ALPHA : TS_HIST_PASSES_ALPHA,
	    r->family, r->pass_alpha, r->split ? "true" : "false");
	json_number(b, "detectable_every_pass_pct", r->detect_all_pct);
	ts_buf_puts(b, ",\"detectable_one_pass_pct\":");
	if (isfinite(r->detect_one_med))
		ts_buf_printf(b, "{\"least\":%.6g,\"median\":%.6g,"
		    "\"largest\":%.6g}", r->detect_one_min, r->detect_one_med,
		    r->detect_one_max);
	else
		ts_buf_puts(b, "null");
	ts_buf_putc(b, '}');
}

/*
 * The night's family and power, as two text lines before the verdict:
 * how the level is held over the rows, and what the history can find.
 */
static void
night_text(struct ts_buf *b, const struct ts_hist_run_judgement *r)
{
	if (!r->judged)
		return;
	if (r->verdict != TS_HIST_TOO_FEW)
		ts_buf_printf(b, "family: the whole run at %g %%, and %zu "
		    "pass%s at %g %% together (Bonferroni, %.2g %% each, "
		    "beyond the whole run): a night of identical builds "
		    "fails at most %g %% of the time\n",
		    100 * TS_HIST_RUN_ALPHA, r->family, r->family == 1 ? "" :
		    "es", 100 * TS_HIST_PASSES_ALPHA, 100 * r->pass_alpha,
		    100 * (TS_HIST_RUN_ALPHA + TS_HIST_PASSES_ALPHA));
	else
		ts_buf_printf(b, "family: %zu pass%s at %g %% together "
		    "(Bonferroni, %.2g %% each; no whole run): a night of "
		    "identical builds fails at most %g %% of the time\n",
		    r->family, r->family == 1 ? "" : "es",
		    100 * TS_HIST_NIGHT_ALPHA, 100 * r->pass_alpha,
		    100 * TS_HIST_NIGHT_ALPHA);
	ts_buf_puts(b, "power: found 90 % of the time:");
	if (isfinite(r->detect_all_pct))
		ts_buf_printf(b, " every pass %.2g %% slower;",
		    r->detect_all_pct);
	if (isfinite(r->detect_one_med))
		ts_buf_printf(b, " one pass alone %.2g %% slower (%.2g to "
		    "%.2g %% by pass)", r->detect_one_med, r->detect_one_min,
		    r->detect_one_max);
	ts_buf_putc(b, '\n');
}

/*
 * The head of check's answer: in JSON the document, its host and its
 * producer, the object left open; else the line naming the document and
 * the host.
 */
static void
check_head(struct ts_buf *b, bool json, const char *name, const char *host,
    const char *producer)
{
	if (json) {
		ts_buf_puts(b, "{\"document\":");
		ts_buf_json_string(b, name);
		ts_buf_puts(b, ",\"host\":");
		ts_buf_json_string(b, host);
		ts_buf_puts(b, ",\"producer\":");
		ts_buf_json_string(b, producer);
	} else
		ts_buf_printf(b, "%s against the history of %s\n", name, host);
}

/*
 * Say that the document was not checked, and why (no history, or none
 * of the host): a verdict, on standard output, with its own status.
 */
static int
not_checked(const struct hist_opts *o, const char *name, const char *host,
    const char *producer, const char *why)
{
	struct ts_buf b;

	ts_buf_init(&b);
	check_head(&b, o->json, name, host, producer);
	if (o->json) {
		ts_buf_puts(&b, ",\"rows\":[],\"judged\":0,\"verdict\":"
		    "\"not-checked\",\"reason\":");
		ts_buf_json_string(&b, why);
		ts_buf_puts(&b, ",\"regression\":false}\n");
	} else
		ts_buf_printf(&b, "not checked: %s\n", why);
	fwrite(b.data, 1, b.len, stdout);
	ts_buf_free(&b);
	return ts_close_stdout() != 0 ? TS_EXIT_FAILURE : TS_EXIT_NOT_CHECKED;
}

void
hist_check_answer(struct ts_buf *b, const struct ts_hist_check *c)
{
	size_t i, n = 0;

	if (c->nworse > 0) {
		ts_buf_puts(b, "regression: ");
		for (i = 0; i < c->nrows; i++)
			if (c->rows[i].j.regression)
				ts_buf_printf(b, "%s%s %s (%+.1f %%)", n++ > 0 ?
				    ", " : "", c->rows[i].workload,
				    c->rows[i].pass, c->rows[i].j.pct);
		if (c->run.run_regression)
			ts_buf_printf(b, "%sthe whole run (%+.1f %%, the median "
			    "of %zu passes)", n > 0 ? ", " : "", c->run.pct,
			    c->run.passes);
	} else if (c->njudged == 0)
		ts_buf_printf(b, "not checked: no pass has %d runs since its "
		    "last change to judge by", TS_HIST_MIN_POINTS);
	else if (c->njudged < c->nrows)
		ts_buf_printf(b, "no regression in the %zu of %zu passes "
		    "judged (the others have no verdict)", c->njudged, c->nrows);
	else
		ts_buf_puts(b, "no regression");
}

/* Print check's answer c of document name of host; the exit status. */
static int
check_print(const struct hist_opts *o, const struct ts_hist_check *c,
    const char *name, const char *host, const char *producer)
{
	struct ts_buf b;
	size_t i;

	ts_buf_init(&b);
	check_head(&b, o->json, name, host, producer);
	if (o->json)
		ts_buf_puts(&b, ",\"rows\":[");
	else
		ts_buf_printf(&b, "%-10s %-6s %14s  %14s %12s  %s\n",
		    "workload", "pass", "value", "median", "noise",
		    "interval, change, verdict");
	for (i = 0; i < c->nrows; i++) {
		const struct ts_hist_check_row *row = &c->rows[i];

		if (o->json) {
			if (i > 0)
				ts_buf_putc(&b, ',');
			row_json(&b, row->workload, row->pass,
			    ts_unit_name(row->unit), row->value, &row->j);
		} else
			row_text(&b, row->workload, row->pass, row->value,
			    &row->j);
	}
	if (!o->json) {
		run_text(&b, &c->run);
		night_text(&b, &c->run);
	}
	if (o->json) {
		run_json(&b, &c->run);
		ts_buf_printf(&b, ",\"judged\":%zu,\"verdict\":\"%s\"",
		    c->njudged, ts_hist_check_answer_name(c->answer));
		if (c->nworse == 0 && c->njudged == 0)
			ts_buf_printf(&b, ",\"reason\":\"no pass has %d runs "
			    "since its last change\"", TS_HIST_MIN_POINTS);
		ts_buf_printf(&b, ",\"regression\":%s}\n", c->nworse > 0 ?
		    "true" : "false");
	} else {
		hist_check_answer(&b, c);
		ts_buf_putc(&b, '\n');
	}
	fwrite(b.data, 1, b.len, stdout);
	ts_buf_free(&b);
	return ts_close_stdout() != 0 ? TS_EXIT_FAILURE : c->answer ==
	    TS_HIST_CHECK_REGRESSION ? TS_EXIT_NEGATIVE : c->answer ==
	    TS_HIST_CHECK_NOT_CHECKED ? TS_EXIT_NOT_CHECKED : TS_EXIT_OK;
}

/*
 * A document of another machine than the host's history (compare's
 * test of one machine: CPU model, target, threads) is not checked: its
 * figures would judge the machines, not a change.  The reason, or NULL.
 */
static char *
other_machine(struct ts_hist *h, const char *host, const struct ts_report *r)
{
	struct ts_report m;
	char err[256], *diff, *why = NULL;

	memset(&m, 0, sizeof m);
	if (ts_hist_host_machine(h, host, &m, err, sizeof err) == 1 &&
	    (diff = ts_compare_machine_mismatch(&m, r)) != NULL) {
		why = ts_xasprintf("the document is from another machine than "
		    "host '%s''s history (%s): its figures would measure the "
		    "machines, not a change (--host names the host)", host,
		    diff);
		free(diff);
	}
	free(m.system.cpu_model);
	free(m.system.target);
	return why;
}

/*
 * Read, parse and verify the document to check (arg, called name), its
 * text's SHA-256 into sha.  Return 0, or -1 once the error is said.
 */
static int
check_load(const char *arg, const char *name, struct ts_report *r,
    char sha[65])
{
	struct ts_verdict v;
	struct ts_buf text;
	char err[1024];

	if (ts_read_file(ts_operand_path(arg), TS_DOC_MAX_BYTES, &text, err,
	    sizeof err) == -1) {
		ts_error("%s", err);
		return -1;
	}
	memset(r, 0, sizeof *r);
	if (ts_doc_parse(text.data, text.len, r, err, sizeof err) != 0) {
		ts_error("%s: %s", name, err);
		ts_buf_free(&text);
		return -1;
	}
	ts_hist_sha256(text.data, text.len, sha);
	ts_buf_free(&text);
	ts_verify_report(r, false, &v);
	if (v.nproblems > 0) {
		ts_error("%s is not coherent (%s): not checked", name,
		    v.problems[0]);
		ts_verdict_free(&v);
		ts_report_free(r);
		return -1;
	}
	ts_verdict_free(&v);
	return 0;
}

/*
 * The series of host's recent results in h, the document of that SHA-256
 * left out, into *s: their number, or -1 with err.
 */
static long
check_series(struct ts_hist *h, const char *host, const char *sha,
    struct ts_hist_series **s, char *err, size_t errlen)
{
	struct ts_hist_filter f;
	long ns;

	memset(&f, 0, sizeof f);
	f.host = host;
	f.since = f.until = -1;
	f.exclude_sha256 = sha;
	ns = ts_hist_recent_since(h, host, TS_HIST_CHECK_WINDOW, &f.since,
	    err, errlen);
	if (ns == 0)
		ns = ts_hist_series_load(h, &f, s, err, errlen);
	return ns;
}

int
hist_check(const struct hist_opts *o, const char *arg)
{
	struct ts_hist h;
	struct ts_hist_series *s = NULL;
	struct ts_hist_check c;
	struct ts_producer prod;
	struct ts_report r;
	char err[1024], sha[65], *host, *path = NULL, *why;
	const char *name = strcmp(arg, "-") == 0 ? "standard input" : arg;
	long ns = 0;
	int rc = TS_EXIT_FAILURE;

	if (check_load(arg, name, &r, sha) == -1)
		return TS_EXIT_FAILURE;
	host = o->host != NULL ? ts_xstrdup(o->host) :
	    ts_hist_machine_name(&r);
	ts_producer_of(&r, &prod);
	if ((path = hist_path(o)) == NULL)
		goto out;
	/* The first night: no database yet is nothing to judge by. */
	if (ts_hist_open(&h, path, false, false, o->timeout_ms, err,
	    sizeof err) == -1) {
		if (!h.missing) {
			ts_error("%s", err);
			goto out;
		}
		why = ts_xasprintf("no history at %s yet (threadstone-history "
		    "add puts documents there)", h.path);
		ts_hist_close(&h);
		rc = not_checked(o, name, host, prod.description, why);
		free(why);
		goto out;
	}
	free(path);
	path = ts_xstrdup(h.path);
	if ((why = other_machine(&h, host, &r)) != NULL) {
		ts_hist_close(&h);
		ts_warning("%s: %s", name, why);
		rc = not_checked(o, name, host, prod.description, why);
		free(why);
		goto out;
	}
	ns = check_series(&h, host, sha, &s, err, sizeof err);
	ts_hist_close(&h);
	if (ns < 0) {
		ts_error("%s", err);
		ns = 0;
	} else if (ns == 0) {
		why = ts_xasprintf("no results of host '%s' in %s yet (see "
		    "hosts; --host names the host)", host, path);
		rc = not_checked(o, name, host, prod.description, why);
		free(why);
	} else {
		ts_hist_check_doc(&r, prod.description, s, (size_t)ns, &c);
		rc = check_print(o, &c, name, host, prod.description);
		ts_hist_check_free(&c);
	}
out:
	ts_hist_series_free(s, (size_t)ns);
	ts_producer_free(&prod);
	ts_report_free(&r);
	free(host);
	free(path);
	return rc;
}
