/* SPDX-License-Identifier: MIT */
/*
 * The comparison as people read it (ts_render_comparison_text() and
 * ts_render_comparison_markdown(), report-compare.h): one change per
 * row, the interval that decides its verdict, the unit and the runs a
 * side, "~" where nothing significant changed, as benchstat prints its
 * tables; and a legend.  ThreadStone 2.0.0's layout, byte for byte for
 * its documents, stays ts_render_comparison().
 */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "report/report-compare.h"
#include "report/report-render.h"
#include "rows.h"
#include "units.h"

/* Column widths, in code points. */
#define W_ID		11
#define W_FIGURE	13
#define W_CHANGE	8
#define W_INTERVAL	17
#define W_PM		8

static const char *const pass_titles[TS_COMPARE_NPASSES] = {
	"single-thread", "multi-thread"
};

/* The marker of a verdict here: "~" is benchstat's "no change". */
static const char *
glyph(enum ts_verdict v)
{
	return v == TS_VERDICT_UNCHANGED ? "~" : ts_verdict_glyph(v);
}

/* "43.1M Dhry/s", or a dash. */
static const char *
figure(bool present, double v, enum ts_unit unit, bool with_unit,
    char *cell, size_t len)
{
	char si[TS_SI_MAX];

	if (!present || !isfinite(v)) {
		snprintf(cell, len, "%s", TS_DASH);
		return cell;
	}
	ts_si(v, si);
	if (with_unit)
		snprintf(cell, len, "%s %s", si, ts_unit_label(unit));
	else
		snprintf(cell, len, "%s", si);
	return cell;
}

/* "n=6" or "n=6+5". */
static void
runs_cell(char *cell, size_t len, size_t nb, size_t nc)
{
	if (nb == nc)
		snprintf(cell, len, "n=%zu", nb);
	else
		snprintf(cell, len, "n=%zu+%zu", nb, nc);
}

/*
 * The interval that decides: a pair's is the change +- the threshold,
 * shown as "+-12.3%"; a set's, "[-4.1%, +2.0%]".
 */
static void
interval_cell(char *cell, size_t len, bool sets, double change, double low,
    double high)
{
	if (sets)
		snprintf(cell, len, "[%+.1f%%, %+.1f%%]", low, high);
	else
		snprintf(cell, len, "\u00b1%.1f%%", (high - low) / 2);
	(void)change;
}

/* Whether a row's verdict came from an interval. */
static bool
judged(const struct ts_compare_row *row)
{
	return row->has_pct && row->test != TS_TEST_RUNS_NONE &&
	    isfinite(row->low) && isfinite(row->high);
}

/* "(p=0.002 n=6)", "(n=1)", with the row's notes after it. */
static void
row_tail(struct ts_buf *b, const struct ts_compare_row *row, bool sets)
{
	char n[64];

	runs_cell(n, sizeof n, row->nbase, row->ncand);
	if (sets && judged(row))
		ts_buf_printf(b, "(p=%.3f %s)", row->p, n);
	else
		ts_buf_printf(b, "(%s)", n);
	if (row->has_pct && row->test == TS_TEST_RUNS_NONE)
		ts_buf_puts(b, "  not judged: one run a side has this pass");
	if (row->lost_base || row->lost_cand)
		ts_buf_printf(b, "  (host took time: %s)",
		    row->lost_base && row->lost_cand ? "both" :
		    row->lost_base ? "baseline" : "candidate");
	if (row->kernel_differs)
		ts_buf_puts(b, "  (different kernel)");
}

static void
text_row(struct ts_buf *b, const struct ts_compare_row *row, bool sets)
{
	char cell[TS_SI_MAX + 32];

	ts_buf_printf(b, "  %s ", glyph(row->verdict));
	ts_buf_pad(b, row->id, W_ID);
	ts_buf_rpad(b, figure(row->has_base, row->shown_base, row->unit, true,
	    cell, sizeof cell), W_FIGURE);
	ts_buf_puts(b, "  ");
	ts_buf_rpad(b, figure(row->has_cand, row->shown_cand, row->unit, true,
	    cell, sizeof cell), W_FIGURE);
	ts_buf_puts(b, "  ");
	if (row->has_pct)
		snprintf(cell, sizeof cell, "%+.1f%%", row->change);
	else
		snprintf(cell, sizeof cell, "%s", TS_DASH);
	ts_buf_rpad(b, cell, W_CHANGE);
	ts_buf_puts(b, "  ");
	if (judged(row))
		interval_cell(cell, sizeof cell, sets, row->change, row->low,
		    row->high);
	else
		cell[0] = '\0';
	ts_buf_pad(b, cell, sets ? W_INTERVAL : W_PM);
	ts_buf_puts(b, "  ");
	row_tail(b, row, sets);
	/* No trailing blanks. */
	while (b->len > 0 && b->data[b->len - 1] == ' ')
		b->data[--b->len] = '\0';
	ts_buf_putc(b, '\n');
}

/* The header of a section: its title and the columns' names. */
static void
section_head(struct ts_buf *b, const char *title, bool sets)
{
	size_t before = b->len;

	ts_buf_pad(b, title, 4 + W_ID);
	if (b->len - before > 4 + W_ID)
		ts_buf_putc(b, ' ');
	ts_buf_rpad(b, "baseline", W_FIGURE);
	ts_buf_puts(b, "  ");
	ts_buf_rpad(b, "candidate", W_FIGURE);
	ts_buf_puts(b, "  ");
	ts_buf_rpad(b, "change", W_CHANGE);
	ts_buf_printf(b, "  %s\n", sets ? "95 % interval" : "\u00b1");
}

/* What a run's figure is in a comparison of sets. */
static const char *
run_figure_words(const struct ts_comparison *c)
{
	size_t i, best = 0, value = 0;
	int p;

	for (p = 0; p < TS_COMPARE_NPASSES; p++)
		for (i = 0; i < c->nrows[p]; i++) {
			if (!c->rows[p][i].has_pct)
				continue;
			if (c->rows[p][i].best_runs)
				best++;
			else
				value++;
		}
	if (value == 0)
		return "its best execution";
	if (best == 0)
		return "its pass value";
	return "its best execution, its value where a run lacks executions";
}

/* The line that says which test decided the rows. */
static void
test_text(struct ts_buf *b, const struct ts_comparison *c)
{
	if (c->sets) {
		ts_buf_printf(b, "test: between runs, each run one figure (%s"
		    ");\n      the figures are the sets' medians, the interval "
		    "Mann-Whitney's 95 %%\n      for the shift (Hodges-Lehmann;"
		    " Student's t where a side has under 4\n      runs): ~ when "
		    "it holds 0\n", run_figure_words(c));
	} else if (c->exec_base && c->exec_cand) {
		ts_buf_puts(b, "test: one run a side: each pass's best "
		    "execution against the other's (the\n      figures shown); "
		    "\u00b1 is what the host did to the pass within either "
		    "run\n      (its executions' range, twice the spread of "
		    "the four best, 0.5 % at\n      least): ~ when the change "
		    "is within it\n");
		if (c->has_together)
			ts_buf_printf(b, "host: %u threads at once got %+.1f "
			    "%% from the cores (together probe);\n      the "
			    "multi-thread rows' \u00b1 allow for it\n",
			    c->together_threads, c->together_pct);
	} else {
		ts_buf_puts(b, "test: one run a side: \u00b1 is the documents' "
		    "95 % intervals (ci95) combined,\n      0.5 % at least "
		    "each: ~ when the change is within it\n");
		if (c->exec_base != c->exec_cand)
			ts_buf_printf(b, "      (the %s carries no executions)"
			    "\n", c->exec_base ? "candidate" : "baseline");
	}
	if (c->nlost > 0)
		ts_buf_printf(b, "warning: the host took time from the passes "
		    "of %zu row%s (marked): their figures are less sure\n",
		    c->nlost, c->nlost == 1 ? "" : "s");
	if (c->base_differ != NULL)
		ts_buf_printf(b, "warning: baseline runs differ from its first:"
		    " %s;\n         judged with the others all the same\n",
		    c->base_differ);
	if (c->cand_differ != NULL)
		ts_buf_printf(b, "warning: candidate runs differ from its first:"
		    " %s;\n         judged with the others all the same\n",
		    c->cand_differ);
	ts_buf_putc(b, '\n');
}

static void
score_text(struct ts_buf *b, const char *name,
    const struct ts_score_delta *d, bool sets)
{
	char cell[TS_SI_MAX + 32], n[64];

	if (!d->set)
		return;
	ts_buf_printf(b, "  %s ", d->judged ? glyph(d->verdict) : " ");
	ts_buf_pad(b, name, W_ID);
	ts_buf_rpad(b, figure(true, d->base, TS_UNIT_GFLOPS, false, cell,
	    sizeof cell), W_FIGURE);
	ts_buf_puts(b, "  ");
	ts_buf_rpad(b, figure(true, d->cand, TS_UNIT_GFLOPS, false, cell,
	    sizeof cell), W_FIGURE);
	ts_buf_puts(b, "  ");
	snprintf(cell, sizeof cell, "%+.1f%%", d->pct);
	ts_buf_rpad(b, cell, W_CHANGE);
	ts_buf_puts(b, "  ");
	if (d->judged) {
		interval_cell(cell, sizeof cell, true, d->pct, d->low,
		    d->high);
		ts_buf_pad(b, cell, W_INTERVAL);
		runs_cell(n, sizeof n, d->nbase, d->ncand);
		ts_buf_printf(b, "  (p=%.3f %s)", d->p, n);
	} else if (sets)
		ts_buf_puts(b, "not judged: one run a side has a score");
	else
		ts_buf_puts(b, "not judged: one run a side gives a score no "
		    "interval");
	if (d->kernel_differs)
		ts_buf_puts(b, "  (includes different kernels)");
	ts_buf_putc(b, '\n');
}

/*
 * For sets: how wide the rows' intervals are, so that a reader sees how
 * many runs a decision needs.
 */
static void
detectable_text(struct ts_buf *b, const struct ts_comparison *c)
{
	double lo = INFINITY, hi = -INFINITY;
	const char *wid = NULL, *wpass = NULL;
	size_t i, n = 0;
	int p;

	for (p = 0; p < TS_COMPARE_NPASSES; p++)
		for (i = 0; i < c->nrows[p]; i++) {
			const struct ts_compare_row *row = &c->rows[p][i];

			if (!judged(row))
				continue;
			n++;
			lo = fmin(lo, row->threshold);
			if (row->threshold > hi) {
				hi = row->threshold;
				wid = row->id;
				wpass = pass_titles[p];
			}
		}
	if (n == 0)
		return;
	ts_buf_printf(b, "detectable: the rows' intervals reach \u00b1%.1f %% "
	    "to \u00b1%.1f %% (widest: %s\n            %s); four times the "
	    "runs halve them\n", lo, hi, wid, wpass);
}

/*
 * The comparison's verdict over all its rows together: the family that
 * --fail-on-regression's gate reads (report-compare-family.c).
 */
static void
family_text(struct ts_buf *b, const struct ts_comparison *c)
{
	const struct ts_compare_family *f = &c->family;

	if (f->method == TS_FAMILY_NONE)
		return;
	ts_buf_printf(b, "verdict: %s over the %zu rows together (%s at "
	    "%g %%", f->regression ? "a regression" : "no regression",
	    f->rows, f->method == TS_FAMILY_MAXT ? "Westfall and Young's "
	    "max-T over the runs" : "Holm's step-down",
	    100 * TS_COMPARE_FAMILY_ALPHA);
	if (f->method == TS_FAMILY_MAXT)
		ts_buf_printf(b, ", %s%llu arrangements", f->exact ? "" :
		    "drawn ", (unsigned long long)f->arrangements);
	ts_buf_printf(b, "): %zu row%s slower\n", f->slower,
	    f->slower == 1 ? "" : "s");
	if (f->method == TS_FAMILY_HOLM_RUNS)
		ts_buf_printf(b, "         (%llu arrangements of the runs "
		    "cannot reach %g %%: Holm on the rows' own t tests)\n",
		    (unsigned long long)f->arrangements,
		    100 * TS_COMPARE_FAMILY_ALPHA);
}

static void
legend(struct ts_buf *b)
{
	ts_buf_puts(b, "legend: ~ no significant change, + faster, - slower "
	    "(a regression), ? on one\n        side only; change: the "
	    "candidate's against the baseline's, + is\n        better (for "
	    "latency, lower); n: runs a side\n");
}

void
ts_render_comparison_text(struct ts_buf *b, const struct ts_comparison *c,
    const char *base_label, const char *cand_label)
{
	size_t i, k;
	int p;

	ts_buf_printf(b, "baseline:  %s\ncandidate: %s\n\n", base_label,
	    cand_label);
	ts_compare_warnings(b, c);
	test_text(b, c);
	for (p = 0; p < TS_COMPARE_NPASSES; p++) {
		if (c->nrows[p] == 0)
			continue;
		section_head(b, pass_titles[p], c->sets);
		for (i = 0; i < c->nrows[p]; i++)
			text_row(b, &c->rows[p][i], c->sets);
		ts_buf_putc(b, '\n');
	}
	for (k = 0; k < c->nkinds; k++) {
		char title[256];

		if (c->kinds[k].nrows == 0)
			continue;
		snprintf(title, sizeof title, "single-thread on %s",
		    c->kinds[k].kind);
		section_head(b, title, c->sets);
		for (i = 0; i < c->kinds[k].nrows; i++)
			text_row(b, &c->kinds[k].rows[i], c->sets);
		ts_buf_putc(b, '\n');
	}
	if (c->scores_differ != NULL)
		ts_buf_printf(b, "score\n  scores not compared: %s\n\n",
		    c->scores_differ);
	else if (c->single_core.set || c->multi_core.set) {
		section_head(b, "score", c->sets);
		score_text(b, "single-core", &c->single_core, c->sets);
		score_text(b, "multi-core", &c->multi_core, c->sets);
		ts_buf_putc(b, '\n');
	}
	if (c->sets)
		detectable_text(b, c);
	family_text(b, c);
	legend(b);
}

static void
md_row(struct ts_buf *b, const struct ts_compare_row *row, const char *pass,
    bool sets)
{
	char cell[TS_SI_MAX + 64];
	struct ts_buf tail;

	ts_buf_puts(b, "|");
	ts_md_cell(b, glyph(row->verdict));
	ts_md_cell(b, row->id);
	ts_md_cell(b, pass);
	ts_md_cell(b, figure(row->has_base, row->shown_base, row->unit, true,
	    cell, sizeof cell));
	ts_md_cell(b, figure(row->has_cand, row->shown_cand, row->unit, true,
	    cell, sizeof cell));
	if (row->has_pct)
		snprintf(cell, sizeof cell, "%+.1f%%", row->change);
	else
		snprintf(cell, sizeof cell, "%s", TS_DASH);
	ts_md_cell(b, cell);
	if (judged(row))
		interval_cell(cell, sizeof cell, sets, row->change, row->low,
		    row->high);
	else
		cell[0] = '\0';
	ts_md_cell(b, cell);
	ts_buf_init(&tail);
	row_tail(&tail, row, sets);
	ts_md_cell(b, tail.data);
	ts_buf_free(&tail);
	ts_buf_putc(b, '\n');
}

static void
md_score(struct ts_buf *b, const char *name, const struct ts_score_delta *d,
    bool sets)
{
	char cell[TS_SI_MAX + 64], n[64];

	if (!d->set)
		return;
	ts_buf_puts(b, "|");
	ts_md_cell(b, d->judged ? glyph(d->verdict) : "");
	ts_md_cell(b, "score");
	ts_md_cell(b, name);
	ts_md_cell(b, figure(true, d->base, TS_UNIT_GFLOPS, false, cell,
	    sizeof cell));
	ts_md_cell(b, figure(true, d->cand, TS_UNIT_GFLOPS, false, cell,
	    sizeof cell));
	snprintf(cell, sizeof cell, "%+.1f%%", d->pct);
	ts_md_cell(b, cell);
	if (d->judged) {
		interval_cell(cell, sizeof cell, true, d->pct, d->low,
		    d->high);
		ts_md_cell(b, cell);
		runs_cell(n, sizeof n, d->nbase, d->ncand);
		snprintf(cell, sizeof cell, "(p=%.3f %s)", d->p, n);
		ts_md_cell(b, cell);
	} else {
		ts_md_cell(b, "");
		ts_md_cell(b, sets ? "not judged: one run a side has a score" :
		    "not judged: one run a side gives a score no interval");
	}
	ts_buf_putc(b, '\n');
}

void
ts_render_comparison_markdown(struct ts_buf *b,
    const struct ts_comparison *c, const char *base_label,
    const char *cand_label)
{
	struct ts_buf t;
	size_t i, k;
	int p;

	ts_buf_puts(b, "**baseline:** ");
	ts_md_text(b, base_label);
	ts_buf_puts(b, " \\\n**candidate:** ");
	ts_md_text(b, cand_label);
	ts_buf_puts(b, "\n\n");
	/* The warnings and the test, as text in a block. */
	ts_buf_init(&t);
	ts_compare_warnings(&t, c);
	test_text(&t, c);
	if (t.len > 1)
		ts_buf_printf(b, "```\n%.*s```\n\n", (int)(t.len - 1), t.data);
	ts_buf_free(&t);
	ts_buf_printf(b, "| | workload | pass | baseline | candidate | change "
	    "| %s | |\n|---|---|---|--:|--:|--:|---|---|\n", c->sets ?
	    "95 % interval" : "\u00b1");
	for (p = 0; p < TS_COMPARE_NPASSES; p++)
		for (i = 0; i < c->nrows[p]; i++)
			md_row(b, &c->rows[p][i], p == TS_COMPARE_SINGLE ?
			    "single" : "multi", c->sets);
	for (k = 0; k < c->nkinds; k++)
		for (i = 0; i < c->kinds[k].nrows; i++)
			md_row(b, &c->kinds[k].rows[i], c->kinds[k].kind,
			    c->sets);
	if (c->scores_differ == NULL) {
		md_score(b, "single-core", &c->single_core, c->sets);
		md_score(b, "multi-core", &c->multi_core, c->sets);
	}
	ts_buf_putc(b, '\n');
	if (c->scores_differ != NULL)
		ts_buf_printf(b, "Scores not compared: %s.\n\n",
		    c->scores_differ);
	ts_buf_puts(b, "~ no significant change, + faster, - slower (a "
	    "regression), ? on one side only; change: the candidate's "
	    "against the baseline's, + is better (for latency, lower); "
	    "n: runs a side.\n");
}
