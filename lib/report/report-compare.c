/* SPDX-License-Identifier: MIT */
/*
 * threadstone-compare's engine: rows with significance verdicts from both
 * passes' ci95 in quadrature, score deltas, the producers and the rows
 * whose kernels differ between them, the CPU-kind part (each kind against
 * the same kind), and the text and JSON outputs.
 */
#include <config.h>

#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "doc/doc-ext-exec.h"
#include "doc/doc-ext-speed.h"
#include "doc/doc-kinds.h"
#include "doc/doc-producer.h"
#include "num/num-format.h"
#include "report/report-compare.h"
#include "report/report-kernels.h"
#include "report/report-render.h"
#include "units.h"
#include "util.h"

#define ARROW		"\xe2\x86\x92"		/* U+2192 rightwards arrow */

/* The notes after a row, or a score, built on kernels that differ. */
#define ROW_NOTE	"  (different kernel)"
#define SCORE_NOTE	"  (includes different kernels)"

/* The smallest relative uncertainty a measurement is granted (0.5 %). */
#define REL_FLOOR	0.005

/*
 * The CPU-kind part of a comparison, at the end of this file: what the
 * two documents' kinds say, and the per-kind single-thread rows.
 */
static void	 compare_kinds(struct ts_comparison *out,
		    const struct ts_report *base, const struct ts_report *cand);
static void	 render_compare_kinds(struct ts_buf *,
		    const struct ts_comparison *, void (*row)(struct ts_buf *,
		    const struct ts_compare_row *));

static const char *const pass_titles[TS_COMPARE_NPASSES] = {
	"single-thread", "multi-thread"
};
static const char *const pass_keys[TS_COMPARE_NPASSES] = {
	"single_thread", "multi_thread"
};

const char *
ts_verdict_glyph(enum ts_verdict v)
{
	switch (v) {
	case TS_VERDICT_UNCHANGED:
		return "=";
	case TS_VERDICT_FASTER:
		return "+";
	case TS_VERDICT_SLOWER:
		return "-";
	default:
		return "?";
	}
}

const char *
ts_verdict_name(enum ts_verdict v)
{
	switch (v) {
	case TS_VERDICT_UNCHANGED:
		return "unchanged";
	case TS_VERDICT_FASTER:
		return "faster";
	case TS_VERDICT_SLOWER:
		return "slower";
	default:
		return "missing";
	}
}

/* The pass of a workload that a comparison section looks at. */
static const struct ts_pass *
pass_of(const struct ts_workload *w, enum ts_compare_pass which)
{
	if (w == NULL)
		return NULL;
	return which == TS_COMPARE_SINGLE ? w->single : w->multi;
}

/* Relative uncertainty of a pass: |ci95 / value|, at least 0.5 %. */
static double
rel_uncertainty(const struct ts_pass *p)
{
	if (p->value == 0 || !isfinite(p->value))
		return REL_FLOOR;
	/* fmax() ignores a NaN ratio, as Rust's f64::max does. */
	return fmax(fabs(p->stats.ci95 / p->value), REL_FLOOR);
}

/* The first workload of r with this id, or NULL. */
static const struct ts_workload *
find_workload(const struct ts_report *r, const char *id)
{
	size_t i;

	for (i = 0; i < r->nworkloads; i++)
		if (strcmp(r->workloads[i].id, id) == 0)
			return &r->workloads[i];
	return NULL;
}

/* Fill a row from the two passes (either may be NULL, not both). */
static void
fill_row(struct ts_compare_row *row, const char *id,
    enum ts_unit unit, const struct ts_pass *b, const struct ts_pass *c)
{
	double rb, rc;

	memset(row, 0, sizeof *row);
	row->id = id;
	row->unit = unit;
	row->verdict = TS_VERDICT_MISSING;
	if (b != NULL) {
		row->has_base = true;
		row->base = b->value;
	}
	if (c != NULL) {
		row->has_cand = true;
		row->cand = c->value;
	}
	if (b == NULL || c == NULL)
		return;

	row->has_pct = true;
	if (b->value == 0 || !isfinite(b->value) || !isfinite(c->value))
		row->pct = 0;
	else
		row->pct = (c->value - b->value) / b->value * 100;
	/* Lower is better for latency: a drop is an improvement. */
	if (ts_unit_lower_is_better(unit))
		row->pct = -row->pct;
	rb = rel_uncertainty(b);
	rc = rel_uncertainty(c);
	row->threshold = sqrt(rb * rb + rc * rc) * 100;
	if (fabs(row->pct) <= row->threshold)
		row->verdict = TS_VERDICT_UNCHANGED;
	else if (row->pct > 0)
		row->verdict = TS_VERDICT_FASTER;
	else
		row->verdict = TS_VERDICT_SLOWER;
}

/* The execution documents of both sides, while rows are built. */
struct designs {
	const struct ts_exec_design *b, *c;
	bool			 has_b, has_c;
};

/*
 * What the executions add to a row: the execution test when both
 * documents carry executions, whether the host took time from either
 * pass, and the detectable change in the text.
 */
static void
exec_row(struct ts_comparison *out, const struct designs *d,
    enum ts_compare_pass which, struct ts_compare_row *row)
{
	enum ts_exec_which w = which == TS_COMPARE_SINGLE ? TS_EXEC_SINGLE :
	    TS_EXEC_MULTI;
	const struct ts_exec_pass *xb = NULL, *xc = NULL;

	if (!d->has_b && !d->has_c)
		return;
	row->show_detectable = true;
	if (d->has_b && row->has_base)
		xb = ts_exec_find(d->b, row->id, w);
	if (d->has_c && row->has_cand)
		xc = ts_exec_find(d->c, row->id, w);
	row->lost_base = xb != NULL && xb->lost_time;
	row->lost_cand = xc != NULL && xc->lost_time;
	if (row->lost_base || row->lost_cand)
		out->nlost++;
	if (d->has_b && d->has_c &&
	    ts_compare_exec_verdict(row, xb, xc) == 0 &&
	    which == TS_COMPARE_MULTI && out->has_together)
		ts_compare_allow_host(row, out->together_pct);
}

/*
 * The together probe's change (the median readings'), when both documents
 * carry it with the same threads.
 */
static void
together_change(struct ts_comparison *out, const struct ts_report *base,
    const struct ts_report *cand)
{
	const struct ts_together_run *b = ts_together_ext_get(&base->ext),
	    *c = ts_together_ext_get(&cand->ext);

	if (b == NULL || c == NULL || b->threads != c->threads)
		return;
	out->has_together = true;
	out->together_threads = b->threads;
	out->together_pct = (c->median - b->median) / b->median * 100;
}

/* Build the rows of one pass: baseline order, then candidate-only ids. */
static void
build_rows(struct ts_comparison *out, enum ts_compare_pass which,
    const struct ts_report *base, const struct ts_report *cand,
    const struct designs *d)
{
	struct ts_compare_row *rows;
	size_t i, n = 0;

	rows = ts_xcalloc(base->nworkloads + cand->nworkloads, sizeof *rows);
	for (i = 0; i < base->nworkloads; i++) {
		const struct ts_workload *bw = &base->workloads[i];
		const struct ts_pass *b = pass_of(bw, which);
		const struct ts_pass *c =
		    pass_of(find_workload(cand, bw->id), which);

		if (b != NULL || c != NULL)
			fill_row(&rows[n++], bw->id, bw->unit, b, c);
	}
	for (i = 0; i < cand->nworkloads; i++) {
		const struct ts_workload *cw = &cand->workloads[i];
		const struct ts_pass *c = pass_of(cw, which);

		if (c != NULL && find_workload(base, cw->id) == NULL)
			fill_row(&rows[n++], cw->id, cw->unit, NULL, c);
	}
	for (i = 0; i < n; i++) {
		exec_row(out, d, which, &rows[i]);
		out->count[rows[i].verdict]++;
	}
	out->rows[which] = rows;
	out->nrows[which] = n;
}

/* A score delta, defined when both exist and the baseline is usable. */
static struct ts_score_delta
score_delta(bool has_b, double b, bool has_c, double c)
{
	struct ts_score_delta d;

	memset(&d, 0, sizeof d);
	d.base = b;
	d.cand = c;
	if (has_b && has_c && b != 0 && isfinite(b)) {
		d.set = true;
		d.pct = (c - b) / b * 100;
	}
	return d;
}

char *
ts_compare_machine_mismatch(const struct ts_report *b,
    const struct ts_report *c)
{
	const char *mb = b->system.cpu_model, *mc = c->system.cpu_model;

	mb = mb != NULL ? mb : "unknown";
	mc = mc != NULL ? mc : "unknown";
	if (strcmp(mb, mc) != 0)
		return ts_xasprintf("different CPUs: '%s' vs '%s'", mb, mc);
	if (strcmp(b->system.target, c->system.target) != 0)
		return ts_xasprintf("different targets: '%s' vs '%s'",
		    b->system.target, c->system.target);
	if (b->config.threads != c->config.threads)
		return ts_xasprintf("different thread counts: %ju vs %ju",
		    (uintmax_t)b->config.threads, (uintmax_t)c->config.threads);
	return NULL;
}

/* Whether id is one of the workloads whose kernels differ. */
static bool
kernel_differs(const struct ts_producers *pr, const char *id)
{
	size_t i;

	for (i = 0; i < pr->nkernels_differ; i++)
		if (strcmp(pr->kernels_differ[i], id) == 0)
			return true;
	return false;
}

/*
 * Name both producers and, when they differ, list the workloads found in
 * both documents whose kernels are known to differ (baseline order, each
 * id once).
 */
static void
compare_producers(struct ts_producers *pr, const struct ts_report *base,
    const struct ts_report *cand)
{
	struct ts_producer pb, pc;
	size_t i;

	ts_producer_of(base, &pb);
	ts_producer_of(cand, &pc);
	pr->differ = strcmp(pb.description, pc.description) != 0;
	if (pr->differ && base->nworkloads > 0) {
		pr->kernels_differ = ts_xcalloc(base->nworkloads,
		    sizeof *pr->kernels_differ);
		for (i = 0; i < base->nworkloads; i++) {
			const char *id = base->workloads[i].id;

			if (find_workload(base, id) == &base->workloads[i] &&
			    find_workload(cand, id) != NULL &&
			    ts_kernels_differ(&pb, &pc, id))
				pr->kernels_differ[pr->nkernels_differ++] = id;
		}
	}
	pr->base = pb.description;
	pr->cand = pc.description;
	pb.description = pc.description = NULL;
	ts_producer_free(&pb);
	ts_producer_free(&pc);
}

/* Whether a score component list names a workload whose kernels differ. */
static bool
components_differ(const struct ts_producers *pr,
    const struct ts_component *c, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (kernel_differs(pr, c[i].id))
			return true;
	return false;
}

/* Whether document r has a workload of this id. */
static bool
has_workload(const struct ts_report *r, const char *id)
{
	size_t i;

	for (i = 0; i < r->nworkloads; i++)
		if (r->workloads[i].id != NULL &&
		    strcmp(r->workloads[i].id, id) == 0)
			return true;
	return false;
}

/* Append the ids of r's workloads, ", " between them. */
static void
workload_ids(struct ts_buf *b, const struct ts_report *r)
{
	size_t i;

	for (i = 0; i < r->nworkloads; i++)
		ts_buf_printf(b, "%s%s", i > 0 ? ", " : "",
		    r->workloads[i].id != NULL ? r->workloads[i].id : "?");
	if (r->nworkloads == 0)
		ts_buf_puts(b, "none");
}

/*
 * NULL when both documents measure the same set of workloads, else why
 * their scores are not compared (malloc'd).
 */
static char *
scores_differ(const struct ts_report *base, const struct ts_report *cand)
{
	struct ts_buf b;
	size_t i;

	for (i = 0; i < base->nworkloads; i++)
		if (base->workloads[i].id == NULL ||
		    !has_workload(cand, base->workloads[i].id))
			break;
	if (i == base->nworkloads) {
		for (i = 0; i < cand->nworkloads; i++)
			if (cand->workloads[i].id == NULL ||
			    !has_workload(base, cand->workloads[i].id))
				break;
		if (i == cand->nworkloads)
			return NULL;
	}
	ts_buf_init(&b);
	ts_buf_puts(&b, "the documents measure different workloads "
	    "(baseline: ");
	workload_ids(&b, base);
	ts_buf_puts(&b, "; candidate: ");
	workload_ids(&b, cand);
	ts_buf_putc(&b, ')');
	return b.data;
}

/*
 * What decides a pair's row, as the new text shows it: the figures the
 * test compared and the change it judged, +- its threshold.
 */
static void
pair_interval(struct ts_compare_row *row)
{
	row->nbase = row->has_base;
	row->ncand = row->has_cand;
	row->shift = row->p = row->level = NAN;
	if (!row->has_pct || row->test != TS_TEST_EXECUTIONS) {
		row->shown_base = row->base;
		row->shown_cand = row->cand;
	}
	if (!row->has_pct)
		return;
	row->change = row->test == TS_TEST_EXECUTIONS ? row->best_pct :
	    row->pct;
	row->low = row->change - row->threshold;
	row->high = row->change + row->threshold;
}

/* One half of a score: the single-core one, or the multi-core one. */
struct half {
	bool				 has;
	double				 v;
	const struct ts_component	*c;
	size_t				 n;
};

static struct half
half_of(const struct ts_score *s, bool multi)
{
	if (multi)
		return (struct half){ s->has_multi_core, s->multi_core,
		    s->multi_components, s->nmulti_components };
	return (struct half){ s->has_single_core, s->single_core,
	    s->single_components, s->nsingle_components };
}

/*
 * The delta of a half of the scores (the multi-core one when multi),
 * marked when a kernel of either side's components differs.
 */
static struct ts_score_delta
score_part(const struct ts_producers *pr, const struct ts_score *base,
    const struct ts_score *cand, bool multi)
{
	struct half b = half_of(base, multi), c = half_of(cand, multi);
	struct ts_score_delta d = score_delta(b.has, b.v, c.has, c.v);

	d.kernel_differs = d.set && (components_differ(pr, b.c, b.n) ||
	    components_differ(pr, c.c, c.n));
	return d;
}

void
ts_compare(const struct ts_report *base, const struct ts_report *cand,
    struct ts_comparison *out)
{
	const struct ts_producers *pr = &out->producers;
	struct designs d;
	size_t i, k;
	int p;

	memset(out, 0, sizeof *out);
	out->mismatch = ts_compare_machine_mismatch(base, cand);
	compare_producers(&out->producers, base, cand);
	/* A malformed record counts as none: the original's test applies. */
	d.b = ts_exec_ext_get(&base->ext);
	d.c = ts_exec_ext_get(&cand->ext);
	d.has_b = d.b != NULL;
	d.has_c = d.c != NULL;
	out->exec_base = d.has_b;
	out->exec_cand = d.has_c;
	out->speed_differ = ts_compare_speed_differ(base, cand);
	together_change(out, base, cand);
	for (p = 0; p < TS_COMPARE_NPASSES; p++) {
		build_rows(out, p, base, cand, &d);
		for (i = 0; i < out->nrows[p]; i++) {
			struct ts_compare_row *row = &out->rows[p][i];

			row->kernel_differs = row->has_pct &&
			    kernel_differs(pr, row->id);
		}
	}
	out->single_core = score_part(pr, &base->score, &cand->score, false);
	compare_kinds(out, base, cand);
	out->multi_core = score_part(pr, &base->score, &cand->score, true);
	/* Scores over different workloads mean nothing side by side. */
	out->scores_differ = scores_differ(base, cand);
	if (out->scores_differ != NULL) {
		memset(&out->single_core, 0, sizeof out->single_core);
		memset(&out->multi_core, 0, sizeof out->multi_core);
	}
	for (p = 0; p < TS_COMPARE_NPASSES; p++)
		for (i = 0; i < out->nrows[p]; i++)
			pair_interval(&out->rows[p][i]);
	for (k = 0; k < out->nkinds; k++)
		for (i = 0; i < out->kinds[k].nrows; i++)
			pair_interval(&out->kinds[k].rows[i]);
	ts_compare_family(out);
}

/* The sets' run figures of rows[0..n). */
static void
free_runs(struct ts_compare_row *rows, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		TS_FREE_ALL(rows[i].runs_base, rows[i].runs_cand,
		    rows[i].runs_base_of, rows[i].runs_cand_of);
}

void
ts_comparison_free(struct ts_comparison *c)
{
	size_t i;
	int p;

	if (c == NULL)
		return;
	TS_FREE_ALL(c->mismatch, c->producers.base, c->producers.cand,
	    c->producers.kernels_differ);
	for (i = 0; i < c->nkinds; i++) {
		free_runs(c->kinds[i].rows, c->kinds[i].nrows);
		free(c->kinds[i].rows);
	}
	TS_FREE_ALL(c->kinds, c->kinds_differ, c->speed_differ,
	    c->scores_differ, c->base_differ, c->cand_differ);
	for (p = 0; p < TS_COMPARE_NPASSES; p++) {
		free_runs(c->rows[p], c->nrows[p]);
		free(c->rows[p]);
	}
	memset(c, 0, sizeof *c);
}

bool
ts_comparison_regressed(const struct ts_comparison *c)
{
	return c->family.regression;
}

/* Append ids as "a", "a and b", "a, b and c". */
static void
id_list(struct ts_buf *b, const char *const *ids, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (i > 0)
			ts_buf_puts(b, i + 1 == n ? " and " : ", ");
		ts_buf_puts(b, ids[i]);
	}
}

void
ts_producer_warning(struct ts_buf *b, const struct ts_comparison *c)
{
	const struct ts_producers *pr = &c->producers;

	if (!pr->differ)
		return;
	ts_buf_printf(b, "different producers: '%s' vs '%s'", pr->base,
	    pr->cand);
	if (pr->nkernels_differ == 0)
		return;
	ts_buf_puts(b, " (");
	id_list(b, pr->kernels_differ, pr->nkernels_differ);
	ts_buf_puts(b, " kernels differ: not counted as regressions)");
}

/* Append one text row: glyph, id, both values and the change. */
static void
text_row(struct ts_buf *b, const struct ts_compare_row *row)
{
	char cell[TS_SI_MAX];

	ts_buf_printf(b, "  %s ", ts_verdict_glyph(row->verdict));
	ts_buf_pad(b, row->id, 18);
	ts_buf_putc(b, ' ');
	ts_buf_rpad(b, row->has_base ? ts_si(row->base, cell) : TS_DASH,
	    10);
	ts_buf_puts(b, " " ARROW " ");
	ts_buf_rpad(b, row->has_cand ? ts_si(row->cand, cell) : TS_DASH,
	    10);
	ts_buf_puts(b, "  ");
	if (row->has_pct)
		snprintf(cell, sizeof cell, "%+.1f%%", row->pct);
	else
		strcpy(cell, TS_DASH);
	ts_buf_rpad(b, cell, 8);
	if (row->show_detectable) {
		if (row->has_pct)
			snprintf(cell, sizeof cell, "\u00b1%.1f%%",
			    row->threshold);
		else
			strcpy(cell, TS_DASH);
		ts_buf_puts(b, "  ");
		ts_buf_rpad(b, cell, 7);
		if (row->has_pct && row->test == TS_TEST_EXECUTIONS)
			ts_buf_printf(b, "  best %+.1f%%", row->best_pct);
		if (row->lost_base || row->lost_cand)
			ts_buf_printf(b, "  (host took time: %s)",
			    row->lost_base && row->lost_cand ? "both" :
			    row->lost_base ? "baseline" : "candidate");
	}
	if (row->kernel_differs)
		ts_buf_puts(b, ROW_NOTE);
	ts_buf_putc(b, '\n');
}

/* The line that says which test decided, when executions are present. */
static void
test_line(struct ts_buf *b, const struct ts_comparison *c)
{
	if (!c->exec_base && !c->exec_cand)
		return;
	if (c->exec_base && c->exec_cand)
		ts_buf_puts(b, "test: best execution against best, beyond "
		    "twice the spread of the four best\n      and the range "
		    "of either run's executions (0.5 % at least)\n"
		    "      best is that change; the change shown is the "
		    "values'\n");
	else
		ts_buf_printf(b, "test: the original's (both ci95 in "
		    "quadrature, 0.5 %% floor): the %s carries no executions\n",
		    c->exec_base ? "candidate" : "baseline");
	ts_buf_puts(b, "      \u00b1 is the smallest change a row can "
	    "detect\n");
	if (c->has_together && c->exec_base && c->exec_cand)
		ts_buf_printf(b, "host: %u threads at once got %+.1f %% from "
		    "the cores (together probe);\n      the multi-thread rows' "
		    "\u00b1 allow for it\n", c->together_threads,
		    c->together_pct);
	if (c->nlost > 0)
		ts_buf_printf(b, "warning: the host took time from the passes "
		    "of %zu row%s (marked): their figures are less sure\n",
		    c->nlost, c->nlost == 1 ? "" : "s");
	ts_buf_putc(b, '\n');
}

void
ts_compare_warnings(struct ts_buf *b, const struct ts_comparison *c)
{
	if (c->mismatch != NULL)
		ts_buf_printf(b, "warning: %s\n         this compares two "
		    "machines, not two versions\n\n", c->mismatch);
	if (c->producers.differ) {
		ts_buf_printf(b, "warning: different producers: '%s' vs "
		    "'%s'\n", c->producers.base, c->producers.cand);
		if (c->producers.nkernels_differ > 0) {
			ts_buf_puts(b, "         ");
			id_list(b, c->producers.kernels_differ,
			    c->producers.nkernels_differ);
			ts_buf_puts(b, " kernels differ between these "
			    "producers: their changes are not regressions\n");
		}
		ts_buf_putc(b, '\n');
	}
	if (c->kinds_differ != NULL)
		ts_buf_printf(b, "warning: %s\n         the single-thread rows "
		    "may compare different kinds of core\n\n", c->kinds_differ);
	if (c->speed_differ != NULL)
		ts_buf_printf(b, "warning: %s\n         the single-thread rows "
		    "may show the host's vCPUs, not the change\n\n",
		    c->speed_differ);
}

void
ts_render_comparison(struct ts_buf *b, const struct ts_comparison *c,
    const char *base_path, const char *cand_path)
{
	size_t i;
	int p;

	ts_buf_printf(b, "%s  " ARROW "  %s\n\n", base_path, cand_path);
	ts_compare_warnings(b, c);
	test_line(b, c);
	for (p = 0; p < TS_COMPARE_NPASSES; p++) {
		if (c->nrows[p] == 0)
			continue;
		ts_buf_printf(b, "%s\n", pass_titles[p]);
		for (i = 0; i < c->nrows[p]; i++)
			text_row(b, &c->rows[p][i]);
		ts_buf_putc(b, '\n');
	}
	render_compare_kinds(b, c, text_row);
	ts_buf_puts(b, "score\n");
	if (c->scores_differ != NULL)
		ts_buf_printf(b, "  scores not compared: %s\n",
		    c->scores_differ);
	if (c->single_core.set)
		ts_buf_printf(b, "  single-core score %+.1f%%%s\n",
		    c->single_core.pct, c->single_core.kernel_differs ?
		    SCORE_NOTE : "");
	if (c->multi_core.set)
		ts_buf_printf(b, "   multi-core score %+.1f%%%s\n",
		    c->multi_core.pct, c->multi_core.kernel_differs ?
		    SCORE_NOTE : "");
}

/* Append a JSON number, or null when absent or not finite. */
static void
json_number(struct ts_buf *b, bool present, double v)
{
	char num[TS_FMT_DOUBLE_MAX];

	if (!present || !isfinite(v)) {
		ts_buf_puts(b, "null");
		return;
	}
	ts_fmt_double(v, num);
	ts_buf_puts(b, num);
}

/* The JSON name of a row's test. */
static const char *
test_name(enum ts_compare_test t)
{
	switch (t) {
	case TS_TEST_EXECUTIONS:
		return "best_execution";
	case TS_TEST_RUNS_RANK:
		return "mann_whitney";
	case TS_TEST_RUNS_T:
		return "student_t";
	default:
		return "ci95_quadrature";
	}
}

/* Append n run figures as a JSON array. */
static void
json_runs(struct ts_buf *b, const double *v, size_t n)
{
	size_t i;

	ts_buf_putc(b, '[');
	for (i = 0; i < n; i++) {
		if (i > 0)
			ts_buf_puts(b, ", ");
		json_number(b, true, v[i]);
	}
	ts_buf_putc(b, ']');
}

/* What a set's row adds: its runs, interval, p-value and confidence. */
static void
json_set_row(struct ts_buf *b, const struct ts_compare_row *row)
{
	bool iv = row->has_pct && row->test != TS_TEST_RUNS_NONE;

	ts_buf_printf(b, ",\n      \"runs\": {\"baseline\": %zu, "
	    "\"candidate\": %zu},\n      \"run_figure\": \"%s\"",
	    row->nbase, row->ncand, row->best_runs ? "best_execution" :
	    "value");
	ts_buf_puts(b, ",\n      \"interval_pct\": ");
	if (iv) {
		ts_buf_putc(b, '[');
		json_number(b, true, row->low);
		ts_buf_puts(b, ", ");
		json_number(b, true, row->high);
		ts_buf_putc(b, ']');
	} else
		ts_buf_puts(b, "null");
	ts_buf_puts(b, ",\n      \"shift_pct\": ");
	json_number(b, iv, row->shift);
	ts_buf_puts(b, ",\n      \"p_value\": ");
	json_number(b, iv, row->p);
	ts_buf_puts(b, ",\n      \"confidence\": ");
	json_number(b, iv, row->level);
	ts_buf_puts(b, ",\n      \"baseline_runs\": ");
	json_runs(b, row->runs_base, row->nbase);
	ts_buf_puts(b, ",\n      \"candidate_runs\": ");
	json_runs(b, row->runs_cand, row->ncand);
}

/* Append one row as a JSON object, indented for the pass arrays. */
static void
json_row(struct ts_buf *b, const struct ts_compare_row *row)
{
	ts_buf_puts(b, "    {\n      \"id\": ");
	ts_buf_json_string(b, row->id);
	ts_buf_printf(b, ",\n      \"unit\": \"%s\",\n      \"baseline\": ",
	    ts_unit_name(row->unit));
	json_number(b, row->has_base, row->base);
	ts_buf_puts(b, ",\n      \"candidate\": ");
	json_number(b, row->has_cand, row->cand);
	ts_buf_puts(b, ",\n      \"change_pct\": ");
	json_number(b, row->has_pct, row->pct);
	ts_buf_puts(b, ",\n      \"threshold_pct\": ");
	json_number(b, row->has_pct, row->threshold);
	ts_buf_puts(b, ",\n      \"test\": ");
	if (!row->has_pct || row->test == TS_TEST_RUNS_NONE)
		ts_buf_puts(b, "null");
	else
		ts_buf_printf(b, "\"%s\"", test_name(row->test));
	ts_buf_puts(b, ",\n      \"detectable_pct\": ");
	json_number(b, row->has_pct, row->threshold);
	ts_buf_puts(b, ",\n      \"best_execution_change_pct\": ");
	json_number(b, row->has_pct && row->test == TS_TEST_EXECUTIONS,
	    row->best_pct);
	ts_buf_puts(b, ",\n      \"host_allowance_pct\": ");
	json_number(b, row->has_allowance, row->allowance);
	ts_buf_printf(b, ",\n      \"host_took_time\": {\"baseline\": %s, "
	    "\"candidate\": %s}", row->lost_base ? "true" : "false",
	    row->lost_cand ? "true" : "false");
	if (row->runs_base != NULL)
		json_set_row(b, row);
	ts_buf_printf(b, ",\n      \"verdict\": \"%s\",\n"
	    "      \"kernel_differs\": %s,\n      \"family_p\": ",
	    ts_verdict_name(row->verdict),
	    row->kernel_differs ? "true" : "false");
	json_number(b, !isnan(row->family_p), row->family_p);
	ts_buf_printf(b, ",\n      \"regression\": %s\n    }",
	    row->family_slower ? "true" : "false");
}

/* The family's verdict, the summary's "family" member. */
static void
json_family(struct ts_buf *b, const struct ts_compare_family *f)
{
	static const char *const names[] = { NULL, "holm", "max-t",
		"holm-runs" };

	ts_buf_puts(b, ",\n  \"family\": {\"method\": ");
	if (f->method == TS_FAMILY_NONE)
		ts_buf_puts(b, "null");
	else
		ts_buf_printf(b, "\"%s\"", names[f->method]);
	ts_buf_printf(b, ", \"alpha\": %g, \"rows\": %zu, \"slower\": %zu",
	    TS_COMPARE_FAMILY_ALPHA, f->rows, f->slower);
	if (f->method == TS_FAMILY_MAXT || f->method == TS_FAMILY_HOLM_RUNS)
		ts_buf_printf(b, ", \"arrangements\": %llu, \"exact\": %s, "
		    "\"least_p\": %.6g", (unsigned long long)f->arrangements,
		    f->exact ? "true" : "false", f->p_min);
	ts_buf_putc(b, '}');
}

/* Append one score delta as an object, or null. */
static void
json_delta(struct ts_buf *b, const struct ts_score_delta *d, bool sets)
{
	if (!d->set) {
		ts_buf_puts(b, "null");
		return;
	}
	ts_buf_puts(b, "{\n      \"baseline\": ");
	json_number(b, true, d->base);
	ts_buf_puts(b, ",\n      \"candidate\": ");
	json_number(b, true, d->cand);
	ts_buf_puts(b, ",\n      \"change_pct\": ");
	json_number(b, true, d->pct);
	if (sets) {
		ts_buf_printf(b, ",\n      \"runs\": {\"baseline\": %zu, "
		    "\"candidate\": %zu},\n      \"interval_pct\": ",
		    d->nbase, d->ncand);
		if (d->judged) {
			ts_buf_putc(b, '[');
			json_number(b, true, d->low);
			ts_buf_puts(b, ", ");
			json_number(b, true, d->high);
			ts_buf_putc(b, ']');
		} else
			ts_buf_puts(b, "null");
		ts_buf_puts(b, ",\n      \"p_value\": ");
		json_number(b, d->judged, d->p);
		ts_buf_printf(b, ",\n      \"verdict\": %s%s%s",
		    d->judged ? "\"" : "", d->judged ?
		    ts_verdict_name(d->verdict) : "null", d->judged ? "\"" :
		    "");
	}
	ts_buf_printf(b, ",\n      \"kernel_differs\": %s\n    }",
	    d->kernel_differs ? "true" : "false");
}

/* Append the "producers" member, with its leading comma. */
static void
json_producers(struct ts_buf *b, const struct ts_producers *pr)
{
	size_t i;

	ts_buf_puts(b, ",\n  \"producers\": {\n    \"baseline\": ");
	ts_buf_json_string(b, pr->base);
	ts_buf_puts(b, ",\n    \"candidate\": ");
	ts_buf_json_string(b, pr->cand);
	ts_buf_printf(b, ",\n    \"differ\": %s,\n    \"kernels_differ\": ",
	    pr->differ ? "true" : "false");
	if (pr->nkernels_differ == 0)
		ts_buf_puts(b, "[]");
	else {
		ts_buf_puts(b, "[\n");
		for (i = 0; i < pr->nkernels_differ; i++) {
			ts_buf_puts(b, i > 0 ? ",\n      " : "      ");
			ts_buf_json_string(b, pr->kernels_differ[i]);
		}
		ts_buf_puts(b, "\n    ]");
	}
	ts_buf_puts(b, "\n  }");
}

/* Append the "cpu_kinds" member, with its leading comma. */
static void
json_kinds(struct ts_buf *b, const struct ts_comparison *c)
{
	size_t k, i;

	ts_buf_puts(b, ",\n  \"cpu_kinds\": {\n    \"differ\": ");
	if (c->kinds_differ != NULL)
		ts_buf_json_string(b, c->kinds_differ);
	else
		ts_buf_puts(b, "null");
	ts_buf_puts(b, ",\n    \"per_kind\": [");
	for (k = 0; k < c->nkinds; k++) {
		ts_buf_puts(b, k > 0 ? ", {\n  \"kind\": " :
		    "{\n  \"kind\": ");
		ts_buf_json_string(b, c->kinds[k].kind);
		ts_buf_puts(b, ",\n  \"rows\": [\n");
		for (i = 0; i < c->kinds[k].nrows; i++) {
			if (i > 0)
				ts_buf_puts(b, ",\n");
			json_row(b, &c->kinds[k].rows[i]);
		}
		ts_buf_puts(b, "\n  ]\n    }");
	}
	ts_buf_puts(b, "]\n  }");
}

/* A side's paths: a string for one document, else an array. */
static void
json_side(struct ts_buf *b, const char *const *paths, size_t n, bool sets)
{
	size_t i;

	if (!sets) {
		ts_buf_json_string(b, paths[0]);
		return;
	}
	ts_buf_putc(b, '[');
	for (i = 0; i < n; i++) {
		if (i > 0)
			ts_buf_puts(b, ", ");
		ts_buf_json_string(b, paths[i]);
	}
	ts_buf_putc(b, ']');
}

/* A side's "differ" line, or null. */
static void
json_string_or_null(struct ts_buf *b, const char *s)
{
	if (s != NULL)
		ts_buf_json_string(b, s);
	else
		ts_buf_puts(b, "null");
}

void
ts_comparison_json(struct ts_buf *b, const struct ts_comparison *c,
    const char *base_path, const char *cand_path)
{
	ts_comparison_json_sets(b, c, &base_path, 1, &cand_path, 1);
}

void
ts_comparison_json_sets(struct ts_buf *b, const struct ts_comparison *c,
    const char *const *bpaths, size_t nb, const char *const *cpaths,
    size_t nc)
{
	size_t i;
	int p;

	ts_buf_puts(b, "{\n  \"format_version\": 1,\n  \"baseline\": ");
	json_side(b, bpaths, nb, c->sets);
	ts_buf_puts(b, ",\n  \"candidate\": ");
	json_side(b, cpaths, nc, c->sets);
	if (c->sets) {
		ts_buf_printf(b, ",\n  \"runs\": {\"baseline\": %zu, "
		    "\"candidate\": %zu},\n  \"baseline_differ\": ", nb,
		    nc);
		json_string_or_null(b, c->base_differ);
		ts_buf_puts(b, ",\n  \"candidate_differ\": ");
		json_string_or_null(b, c->cand_differ);
	}
	ts_buf_puts(b, ",\n  \"machine_mismatch\": ");
	if (c->mismatch != NULL)
		ts_buf_json_string(b, c->mismatch);
	else
		ts_buf_puts(b, "null");
	json_producers(b, &c->producers);
	ts_buf_printf(b, ",\n  \"executions\": {\"baseline\": %s, "
	    "\"candidate\": %s},\n  \"test\": \"%s\"",
	    c->exec_base ? "true" : "false", c->exec_cand ? "true" : "false",
	    c->sets ? "between_runs" : c->exec_base && c->exec_cand ?
	    "best_execution" : "ci95_quadrature");
	ts_buf_puts(b, ",\n  \"cpu_speed_differ\": ");
	if (c->speed_differ != NULL)
		ts_buf_json_string(b, c->speed_differ);
	else
		ts_buf_puts(b, "null");
	ts_buf_puts(b, ",\n  \"together_change_pct\": ");
	json_number(b, c->has_together, c->together_pct);
	for (p = 0; p < TS_COMPARE_NPASSES; p++) {
		ts_buf_printf(b, ",\n  \"%s\": ", pass_keys[p]);
		if (c->nrows[p] == 0) {
			ts_buf_puts(b, "[]");
			continue;
		}
		ts_buf_puts(b, "[\n");
		for (i = 0; i < c->nrows[p]; i++) {
			if (i > 0)
				ts_buf_puts(b, ",\n");
			json_row(b, &c->rows[p][i]);
		}
		ts_buf_puts(b, "\n  ]");
	}
	if (c->has_kinds)
		json_kinds(b, c);
	ts_buf_puts(b, ",\n  \"score\": {\n    \"single_core\": ");
	json_delta(b, &c->single_core, c->sets);
	ts_buf_puts(b, ",\n    \"multi_core\": ");
	json_delta(b, &c->multi_core, c->sets);
	/* Why both are null although both documents have scores, or null. */
	ts_buf_puts(b, ",\n    \"not_compared\": ");
	if (c->scores_differ != NULL)
		ts_buf_json_string(b, c->scores_differ);
	else
		ts_buf_puts(b, "null");
	ts_buf_printf(b, "\n  },\n  \"summary\": {\n"
	    "    \"faster\": %zu,\n    \"slower\": %zu,\n"
	    "    \"unchanged\": %zu,\n    \"missing\": %zu,\n"
	    "    \"regression\": %s",
	    c->count[TS_VERDICT_FASTER], c->count[TS_VERDICT_SLOWER],
	    c->count[TS_VERDICT_UNCHANGED], c->count[TS_VERDICT_MISSING],
	    ts_comparison_regressed(c) ? "true" : "false");
	ts_buf_puts(b, "\n  }");
	json_family(b, &c->family);
	ts_buf_puts(b, "\n}\n");
}

/*
 * The CPU-kind part: whether the two documents' kinds, or the kinds their
 * single-thread passes ran on, differ, and the per-kind single-thread
 * rows, each kind against the same kind, never a performance core
 * against an efficiency core.
 */

/* "IntelCore, IntelAtom; 1 thread on IntelCore", or "one kind". */
static void
describe(struct ts_buf *b, const char **names, size_t n, const char *single)
{
	size_t i;

	if (n == 0) {
		ts_buf_puts(b, "one CPU kind or none recorded");
		return;
	}
	for (i = 0; i < n; i++)
		ts_buf_printf(b, "%s%s", i ? ", " : "", names[i]);
	if (single != NULL)
		ts_buf_printf(b, "; 1 thread on %s", single);
}

/* Whether two optional strings differ. */
static bool
differ(const char *a, const char *b)
{
	if (a == NULL || b == NULL)
		return a != b;
	return strcmp(a, b) != 0;
}

/* The difference in kinds as one line, or NULL. */
static char *
kinds_differ(const struct ts_report *base, const struct ts_report *cand)
{
	const char *nb[TS_KINDS_MAX], *nc[TS_KINDS_MAX];
	const char *sb = ts_kinds_single_kind(base);
	const char *sc = ts_kinds_single_kind(cand);
	size_t b = ts_kinds_names(base, nb, TS_KINDS_MAX);
	size_t c = ts_kinds_names(cand, nc, TS_KINDS_MAX), i;
	bool same = b == c && !differ(sb, sc);
	struct ts_buf t;
	char *s;

	for (i = 0; same && i < b; i++)
		same = strcmp(nb[i], nc[i]) == 0;
	if (same)
		return NULL;
	ts_buf_init(&t);
	ts_buf_puts(&t, "different CPU kinds: '");
	describe(&t, nb, b, sb);
	ts_buf_puts(&t, "' vs '");
	describe(&t, nc, c, sc);
	ts_buf_putc(&t, '\'');
	s = ts_xstrdup(t.data);
	ts_buf_free(&t);
	return s;
}

/* A workload's figure on a kind as a pass, or NULL. */
static const struct ts_pass *
kind_pass(const struct ts_report *r, const char *id, const char *kind,
    struct ts_pass *p)
{
	memset(p, 0, sizeof *p);
	if (ts_kinds_value(r, id, kind, &p->value, &p->stats.ci95) == -1)
		return NULL;
	p->threads = 1;
	return p;
}

/* The rows of one kind: baseline workloads, then the candidate's own. */
static void
kind_rows(struct ts_comparison *out, struct ts_compare_kind *k,
    const struct ts_report *base, const struct ts_report *cand)
{
	struct ts_pass pb, pc;
	const struct ts_pass *b, *c;
	size_t i, j, n = 0;
	bool known;

	k->rows = ts_xcalloc(base->nworkloads + cand->nworkloads,
	    sizeof *k->rows);
	for (i = 0; i < base->nworkloads; i++) {
		b = kind_pass(base, base->workloads[i].id, k->kind, &pb);
		c = kind_pass(cand, base->workloads[i].id, k->kind, &pc);
		if (b != NULL || c != NULL)
			fill_row(&k->rows[n++],
			    base->workloads[i].id, base->workloads[i].unit,
			    b, c);
	}
	for (i = 0; i < cand->nworkloads; i++) {
		for (known = false, j = 0; j < base->nworkloads && !known; j++)
			known = strcmp(base->workloads[j].id,
			    cand->workloads[i].id) == 0;
		c = kind_pass(cand, cand->workloads[i].id, k->kind, &pc);
		if (!known && c != NULL)
			fill_row(&k->rows[n++],
			    cand->workloads[i].id, cand->workloads[i].unit,
			    NULL, c);
	}
	for (i = 0; i < n; i++)
		out->count[k->rows[i].verdict]++;
	k->nrows = n;
}

static void
compare_kinds(struct ts_comparison *out, const struct ts_report *base,
    const struct ts_report *cand)
{
	const char *nb[TS_KINDS_MAX], *nc[TS_KINDS_MAX];
	const char *sb = ts_kinds_single_kind(base);
	const char *sc = ts_kinds_single_kind(cand);
	size_t b = ts_kinds_names(base, nb, TS_KINDS_MAX);
	size_t c = ts_kinds_names(cand, nc, TS_KINDS_MAX), i, j;

	out->has_kinds = b > 0 || c > 0;
	out->kinds_differ = kinds_differ(base, cand);
	if (!ts_kinds_has_per_kind(base) || !ts_kinds_has_per_kind(cand))
		return;
	out->kinds = ts_xcalloc(b, sizeof *out->kinds);
	for (i = 0; i < b; i++) {
		/* The single-thread section already compares this one. */
		if (!differ(sb, sc) && sb != NULL && strcmp(nb[i], sb) == 0)
			continue;
		for (j = 0; j < c && strcmp(nb[i], nc[j]) != 0; j++)
			continue;
		if (j == c)
			continue;
		out->kinds[out->nkinds].kind = nb[i];
		kind_rows(out, &out->kinds[out->nkinds], base, cand);
		out->nkinds++;
	}
}

static void
render_compare_kinds(struct ts_buf *b, const struct ts_comparison *c,
    void (*row)(struct ts_buf *, const struct ts_compare_row *))
{
	size_t k, i;

	for (k = 0; k < c->nkinds; k++) {
		if (c->kinds[k].nrows == 0)
			continue;
		ts_buf_printf(b, "single-thread on %s\n", c->kinds[k].kind);
		for (i = 0; i < c->kinds[k].nrows; i++)
			row(b, &c->kinds[k].rows[i]);
		ts_buf_putc(b, '\n');
	}
}
