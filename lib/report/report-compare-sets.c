/* SPDX-License-Identifier: MIT */
/*
 * Sets of runs compared (ts_compare_sets(), report-compare.h): several
 * documents a side, each one run; every row judged between runs
 * (lib/report/report-shift.h), each run one figure: its best execution
 * when every run recorded its executions, else its pass value.
 *
 * Why the best: on a shared host the other tenants only ever take time
 * from a run, so the noise is one-sided and the least disturbed
 * execution is the steadiest figure of what the code does (Chen and
 * Revels, "Robust benchmarking in noisy environments", 2016, on the
 * minimum time; compare's pair rule judges bests too); a neighbour or a
 * change present for the whole run moves every execution, the best too.
 *
 * Why between runs: on the shared VMs this package is measured on, a
 * run's executions see only part of what the host does over minutes, so
 * one run a side can be judged only by widening each row by what the
 * host did within either run (report-compare-exec.c), which hears little
 * (a run beside a memory neighbour lost 43 % of its STREAM rate within a
 * +-44 % row).  More executions do not narrow that; more runs do, as the
 * interval of the shift between two sets shrinks as 1 / sqrt(runs).
 */
#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "doc/doc-ext-exec.h"
#include "doc/doc-kinds.h"
#include "doc/doc-producer.h"
#include "report/report-compare.h"
#include "report/report-kernels.h"
#include "report/report-shift.h"
#include "stats/stats-basic.h"
#include "units.h"
#include "util.h"

/* Two-sided confidence of the sets' intervals. */
#define SETS_LEVEL	0.95

/* A workload's pass in a run, or NULL. */
static const struct ts_pass *
run_pass(const struct ts_report *r, const char *id, enum ts_compare_pass which)
{
	size_t i;

	for (i = 0; i < r->nworkloads; i++)
		if (strcmp(r->workloads[i].id, id) == 0)
			return which == TS_COMPARE_SINGLE ?
			    r->workloads[i].single : r->workloads[i].multi;
	return NULL;
}

/*
 * The best execution of a run's pass (the highest mean; for latency, the
 * lowest): 0, or -1 when the run has no execution record of the pass.
 */
static int
run_best(const struct ts_report *r, const char *id,
    enum ts_compare_pass which, bool lower_better, double *v)
{
	const struct ts_exec_design *d = ts_exec_ext_get(&r->ext);
	const struct ts_exec_pass *x;
	size_t i;
	bool any = false;

	if (d == NULL || (x = ts_exec_find(d, id, which == TS_COMPARE_SINGLE ?
	    TS_EXEC_SINGLE : TS_EXEC_MULTI)) == NULL)
		return -1;
	for (i = 0; i < x->nexec; i++) {
		double m = x->means[i];

		if (!isfinite(m) || !(m > 0))
			continue;
		if (!any || (lower_better ? m < *v : m > *v))
			*v = m;
		any = true;
	}
	return any ? 0 : -1;
}

/*
 * Whether every run of both sides that has the pass recorded its
 * executions: then each run's figure is its best execution, else its
 * value.
 */
static bool
all_best(const struct ts_report *base, size_t nb,
    const struct ts_report *cand, size_t nc, const char *id,
    enum ts_compare_pass which)
{
	double v;
	size_t i;

	for (i = 0; i < nb + nc; i++) {
		const struct ts_report *r = i < nb ? &base[i] : &cand[i - nb];

		if (run_pass(r, id, which) != NULL &&
		    run_best(r, id, which, false, &v) == -1)
			return false;
	}
	return true;
}

/*
 * The figure of a workload's pass (or its figure on a kind) in a run:
 * its best execution when best is set, else its value.
 */
static bool
run_figure(const struct ts_report *r, const char *id,
    enum ts_compare_pass which, const char *kind, bool best,
    bool lower_better, double *v)
{
	const struct ts_pass *p;
	double ci;

	if (kind != NULL) {
		if (ts_kinds_value(r, id, kind, v, &ci) == -1)
			return false;
		return isfinite(*v) && *v > 0;
	}
	if ((p = run_pass(r, id, which)) == NULL)
		return false;
	if (best)
		return run_best(r, id, which, lower_better, v) == 0;
	if (!isfinite(p->value) || !(p->value > 0))
		return false;
	*v = p->value;
	return true;
}

/*
 * One side's figures of a row: malloc'd values, their count in *k, and
 * the run each came from into *of (malloc'd).
 */
static double *
side_figures(const struct ts_report *docs, size_t n, const char *id,
    enum ts_compare_pass which, const char *kind, bool best,
    bool lower_better, size_t *k, size_t **of)
{
	double *v = ts_xcalloc(n + 1, sizeof *v);
	size_t i;

	*of = ts_xcalloc(n + 1, sizeof **of);
	for (*k = i = 0; i < n; i++)
		if (run_figure(&docs[i], id, which, kind, best, lower_better,
		    &v[*k]))
			(*of)[(*k)++] = i;
	return v;
}

/* The verdict of an interval of changes (%, + better). */
static enum ts_verdict
interval_verdict(double low, double high)
{
	if (low > 0)
		return TS_VERDICT_FASTER;
	if (high < 0)
		return TS_VERDICT_SLOWER;
	return TS_VERDICT_UNCHANGED;
}

/*
 * Judge the figures of two sets (raw values, all finite and positive):
 * their medians, the change of the medians in % (+ better; lower is
 * better when lower_better), as benchstat shows it, and the shift's
 * estimate, interval, p-value and confidence (the interval, not the
 * change, decides).  Return the shift's method.
 */
static enum ts_shift_method
judge(const double *x, size_t m, const double *y, size_t n,
    bool lower_better, double *med_x, double *med_y, double *change,
    double *shift, double *low, double *high, double *p, double *level)
{
	double *lx = ts_xcalloc(m + 1, sizeof *lx),
	    *ly = ts_xcalloc(n + 1, sizeof *ly), r, rl, rh;
	struct ts_shift s;
	size_t i;

	for (i = 0; i < m; i++)
		lx[i] = log(x[i]);
	for (i = 0; i < n; i++)
		ly[i] = log(y[i]);
	*med_x = ts_median(x, m);
	*med_y = ts_median(y, n);
	*change = (*med_y - *med_x) / *med_x * 100;
	if (lower_better)
		*change = -*change;
	ts_shift_estimate(lx, m, ly, n, SETS_LEVEL, &s);
	free(lx);
	free(ly);
	if (s.method == TS_SHIFT_NONE) {
		*shift = *low = *high = *p = *level = NAN;
		return s.method;
	}
	r = exp(s.estimate);
	rl = exp(s.low);
	rh = exp(s.high);
	if (lower_better) {
		*shift = (1 - r) * 100;
		*low = (1 - rh) * 100;
		*high = (1 - rl) * 100;
	} else {
		*shift = (r - 1) * 100;
		*low = (rl - 1) * 100;
		*high = (rh - 1) * 100;
	}
	*p = s.p;
	*level = s.level;
	return s.method;
}

/* Judge one row between the sets' runs. */
static void
set_row(struct ts_compare_row *row, enum ts_compare_pass which,
    const char *kind, const struct ts_report *base, size_t nb,
    const struct ts_report *cand, size_t nc)
{
	bool lower = ts_unit_lower_is_better(row->unit), best;
	enum ts_shift_method m;
	size_t kb, kc;

	best = kind == NULL && all_best(base, nb, cand, nc, row->id, which);
	TS_FREE_ALL(row->runs_base, row->runs_cand, row->runs_base_of,
	    row->runs_cand_of);
	row->runs_base = side_figures(base, nb, row->id, which, kind, best,
	    lower, &kb, &row->runs_base_of);
	row->runs_cand = side_figures(cand, nc, row->id, which, kind, best,
	    lower, &kc, &row->runs_cand_of);
	row->best_runs = best;
	row->nbase = kb;
	row->ncand = kc;
	row->has_base = kb > 0;
	row->has_cand = kc > 0;
	row->show_detectable = true;
	row->has_allowance = false;
	row->allowance = 0;
	row->lost_base = row->lost_cand = false;
	row->best_pct = NAN;
	row->p = row->level = NAN;
	row->threshold = NAN;
	if (kb > 0)
		row->base = row->shown_base = ts_median(row->runs_base, kb);
	if (kc > 0)
		row->cand = row->shown_cand = ts_median(row->runs_cand, kc);
	row->has_pct = kb > 0 && kc > 0;
	if (!row->has_pct) {
		row->verdict = TS_VERDICT_MISSING;
		row->test = TS_TEST_RUNS_NONE;
		return;
	}
	m = judge(row->runs_base, kb, row->runs_cand, kc, lower,
	    &row->shown_base, &row->shown_cand, &row->change, &row->shift,
	    &row->low, &row->high, &row->p, &row->level);
	row->pct = row->change;
	if (m == TS_SHIFT_NONE) {
		/* One run a side has this pass: nothing to judge it by. */
		row->test = TS_TEST_RUNS_NONE;
		row->verdict = TS_VERDICT_UNCHANGED;
		return;
	}
	row->test = m == TS_SHIFT_RANK ? TS_TEST_RUNS_RANK : TS_TEST_RUNS_T;
	row->threshold = (row->high - row->low) / 2;
	row->verdict = interval_verdict(row->low, row->high);
}

/* The scores of the sets, judged as rows are. */
static void
set_score(struct ts_score_delta *d, bool multi, const struct ts_report *base,
    size_t nb, const struct ts_report *cand, size_t nc)
{
	double *x = ts_xcalloc(nb + 1, sizeof *x),
	    *y = ts_xcalloc(nc + 1, sizeof *y), change, shift;
	size_t i, m = 0, n = 0;
	enum ts_shift_method how;

	for (i = 0; i < nb; i++) {
		const struct ts_score *s = &base[i].score;

		if (multi ? s->has_multi_core : s->has_single_core)
			x[m++] = multi ? s->multi_core : s->single_core;
	}
	for (i = 0; i < nc; i++) {
		const struct ts_score *s = &cand[i].score;

		if (multi ? s->has_multi_core : s->has_single_core)
			y[n++] = multi ? s->multi_core : s->single_core;
	}
	for (i = 0; i < m; i++)
		if (!isfinite(x[i]) || !(x[i] > 0))
			m = 0;
	for (i = 0; i < n; i++)
		if (!isfinite(y[i]) || !(y[i] > 0))
			n = 0;
	d->nbase = m;
	d->ncand = n;
	if (m > 0 && n > 0) {
		how = judge(x, m, y, n, false, &d->base, &d->cand, &change,
		    &shift, &d->low, &d->high, &d->p, &d->level);
		d->set = true;
		d->pct = change;
		d->judged = how != TS_SHIFT_NONE;
		d->verdict = d->judged ? interval_verdict(d->low, d->high) :
		    TS_VERDICT_UNCHANGED;
	} else
		d->set = false;
	free(x);
	free(y);
}

/*
 * The documents of a side that differ from its first in machine or
 * producer, as one line ("run 3 (b/r3.json): different CPUs: ...; run
 * 5 (...): different producers: 'A' vs 'B'"), or NULL.
 */
static char *
side_differ(const struct ts_report *docs, const char *const *paths, size_t n)
{
	struct ts_producer p0, pi;
	struct ts_buf b;
	size_t i;
	char *why;

	ts_buf_init(&b);
	ts_producer_of(&docs[0], &p0);
	for (i = 1; i < n; i++) {
		why = ts_compare_machine_mismatch(&docs[0], &docs[i]);
		ts_producer_of(&docs[i], &pi);
		if (why == NULL && strcmp(p0.description, pi.description) != 0)
			why = ts_xasprintf("different producers: '%s' vs '%s'",
			    p0.description, pi.description);
		if (why != NULL)
			ts_buf_printf(&b, "%srun %zu (%s): %s", b.len > 0 ?
			    "; " : "", i + 1, paths[i], why);
		free(why);
		ts_producer_free(&pi);
	}
	ts_producer_free(&p0);
	if (b.len == 0) {
		ts_buf_free(&b);
		return NULL;
	}
	return b.data;
}

/* Whether a side's runs ran different kernels for workload id. */
static bool
side_kernels_differ(const struct ts_report *docs, size_t n, const char *id)
{
	struct ts_producer p0, pi;
	bool differ = false;
	size_t i;

	ts_producer_of(&docs[0], &p0);
	for (i = 1; i < n && !differ; i++) {
		ts_producer_of(&docs[i], &pi);
		differ = ts_kernels_differ(&p0, &pi, id);
		ts_producer_free(&pi);
	}
	ts_producer_free(&p0);
	return differ;
}

void
ts_compare_sets(const struct ts_report *base, const char *const *bpaths,
    size_t nb, const struct ts_report *cand, const char *const *cpaths,
    size_t nc, struct ts_comparison *out)
{
	size_t i, k;
	int p;

	ts_compare(&base[0], &cand[0], out);
	if (nb == 1 && nc == 1)
		return;
	out->sets = true;
	out->nbase = nb;
	out->ncand = nc;
	/* The pair rule's host figures do not apply between runs. */
	out->has_together = false;
	out->nlost = 0;
	memset(out->count, 0, sizeof out->count);
	out->base_differ = side_differ(base, bpaths, nb);
	out->cand_differ = side_differ(cand, cpaths, nc);
	for (p = 0; p < TS_COMPARE_NPASSES; p++)
		for (i = 0; i < out->nrows[p]; i++) {
			struct ts_compare_row *row = &out->rows[p][i];

			set_row(row, p, NULL, base, nb, cand, nc);
			if (row->has_pct &&
			    (side_kernels_differ(base, nb, row->id) ||
			    side_kernels_differ(cand, nc, row->id)))
				row->kernel_differs = true;
			out->count[row->verdict]++;
		}
	for (k = 0; k < out->nkinds; k++)
		for (i = 0; i < out->kinds[k].nrows; i++) {
			struct ts_compare_row *row = &out->kinds[k].rows[i];

			set_row(row, TS_COMPARE_SINGLE, out->kinds[k].kind,
			    base, nb, cand, nc);
			out->count[row->verdict]++;
		}
	if (out->scores_differ == NULL) {
		bool kd = out->single_core.kernel_differs;

		set_score(&out->single_core, false, base, nb, cand, nc);
		out->single_core.kernel_differs = kd && out->single_core.set;
		kd = out->multi_core.kernel_differs;
		set_score(&out->multi_core, true, base, nb, cand, nc);
		out->multi_core.kernel_differs = kd && out->multi_core.set;
	}
	ts_compare_family(out);
}
