/* SPDX-License-Identifier: MIT */
/*
 * The family of a comparison's rows (report-compare.h, struct
 * ts_compare_family): --fail-on-regression's gate, held at
 * TS_COMPARE_FAMILY_ALPHA over all the rows together.  The rows keep
 * their own intervals and marks; this only says which of the slower
 * ones the comparison as a whole may call a regression.
 */
#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report/report-compare.h"
#include "stats/stats-family.h"
#include "units.h"
#include "util.h"

/* Every row of c: both passes', then the kinds'. */
static struct ts_compare_row **
all_rows(struct ts_comparison *c, size_t *n)
{
	struct ts_compare_row **r;
	size_t i, k, cap = 1;
	int p;

	for (p = 0; p < TS_COMPARE_NPASSES; p++)
		cap += c->nrows[p];
	for (k = 0; k < c->nkinds; k++)
		cap += c->kinds[k].nrows;
	r = ts_xcalloc(cap, sizeof *r);
	*n = 0;
	for (p = 0; p < TS_COMPARE_NPASSES; p++)
		for (i = 0; i < c->nrows[p]; i++)
			r[(*n)++] = &c->rows[p][i];
	for (k = 0; k < c->nkinds; k++)
		for (i = 0; i < c->kinds[k].nrows; i++)
			r[(*n)++] = &c->kinds[k].rows[i];
	return r;
}

/* Whether a row belongs to the family: a test, and the same kernels. */
static bool
in_family(const struct ts_compare_row *row)
{
	return row->has_pct && !row->kernel_differs &&
	    row->verdict != TS_VERDICT_MISSING &&
	    row->test != TS_TEST_RUNS_NONE && isfinite(row->change) &&
	    isfinite(row->threshold) && row->threshold > 0;
}

/*
 * A pair's row's one-sided p-value of a slowdown that large: its
 * interval (change +- threshold) read as a normal 95 % one, on the
 * ratios' logarithms (a change in % cannot pass -100 %: the slower
 * side's edge, 1 - threshold, is what the change is measured against).
 */
static double
pair_p(const struct ts_compare_row *row)
{
	double edge = -log1p(-fmin(row->threshold, 99.9) / 100),
	    l = log1p(fmax(row->change, -99.999) / 100),
	    z = -l / edge * 1.959964;

	return 0.5 * erfc(z / sqrt(2.0));
}

/* The sets' figures as a matrix of rows by runs (logarithms, + better). */
struct runs {
	size_t		 nrows, nunits;
	double		*x;		/* nrows x nunits, NaN when absent */
};

static void
runs_fill(struct runs *u, struct ts_compare_row *const *rows, size_t n,
    size_t nb, size_t nc)
{
	size_t i, k;
	double s;

	u->nrows = n;
	u->nunits = nb + nc;
	u->x = ts_xmalloc((n * u->nunits + 1) * sizeof *u->x);
	for (i = 0; i < n * u->nunits; i++)
		u->x[i] = NAN;
	for (i = 0; i < n; i++) {
		s = ts_unit_lower_is_better(rows[i]->unit) ? -1 : 1;
		for (k = 0; k < rows[i]->nbase; k++)
			u->x[i * u->nunits + rows[i]->runs_base_of[k]] =
			    s * log(rows[i]->runs_base[k]);
		for (k = 0; k < rows[i]->ncand; k++)
			u->x[i * u->nunits + nb + rows[i]->runs_cand_of[k]] =
			    s * log(rows[i]->runs_cand[k]);
	}
}

/*
 * One arrangement's statistics: each row's Student's t (pooled) of the
 * first side's mean against the second's, larger when the second is
 * slower; NaN when a side has no run or the pool no degree of freedom.
 */
static void
runs_stat(const unsigned char *second, double *t, void *arg)
{
	const struct runs *u = arg;
	double sum[2], ss[2], mean[2], v, pooled, se;
	size_t i, k, cnt[2];
	int g;

	for (i = 0; i < u->nrows; i++) {
		const double *x = &u->x[i * u->nunits];

		sum[0] = sum[1] = ss[0] = ss[1] = 0;
		cnt[0] = cnt[1] = 0;
		for (k = 0; k < u->nunits; k++)
			if (!isnan(x[k])) {
				sum[second[k]] += x[k];
				cnt[second[k]]++;
			}
		t[i] = NAN;
		if (cnt[0] == 0 || cnt[1] == 0 || cnt[0] + cnt[1] < 3)
			continue;
		for (g = 0; g < 2; g++)
			mean[g] = sum[g] / (double)cnt[g];
		for (k = 0; k < u->nunits; k++)
			if (!isnan(x[k])) {
				v = x[k] - mean[second[k]];
				ss[second[k]] += v * v;
			}
		pooled = (ss[0] + ss[1]) / (double)(cnt[0] + cnt[1] - 2);
		se = sqrt(pooled * (1.0 / (double)cnt[0] +
		    1.0 / (double)cnt[1]));
		/* Identical figures: the difference alone, in tiny units. */
		t[i] = (mean[0] - mean[1]) / fmax(se, 1e-12);
	}
}

/* The family of pairs: Holm on the rows' p-values. */
static void
family_holm(struct ts_compare_row *const *rows, size_t n, double *p)
{
	size_t i;

	for (i = 0; i < n; i++)
		p[i] = in_family(rows[i]) ? pair_p(rows[i]) : NAN;
	ts_holm(p, n, p);
}

/* The family of sets: Westfall and Young's max-T over the runs. */
static void
family_maxt(struct ts_comparison *c, struct ts_compare_row *const *rows,
    size_t n, double *p)
{
	struct ts_compare_row **in = ts_xcalloc(n + 1, sizeof *in);
	struct runs u;
	struct ts_maxt info;
	double *adj = ts_xcalloc(n + 1, sizeof *adj);
	size_t i, k = 0, *at = ts_xcalloc(n + 1, sizeof *at);

	for (i = 0; i < n; i++) {
		p[i] = NAN;
		if (in_family(rows[i]) && rows[i]->runs_base_of != NULL &&
		    rows[i]->runs_cand_of != NULL) {
			at[k] = i;
			in[k++] = rows[i];
		}
	}
	runs_fill(&u, in, k, c->nbase, c->ncand);
	if (k > 0 && ts_maxt_two_sides(c->nbase, c->ncand, k, runs_stat, &u,
	    TS_COMPARE_FAMILY_EXACT, TS_COMPARE_FAMILY_DRAWS, 1, adj,
	    &info) == 0) {
		c->family.arrangements = info.arrangements;
		c->family.exact = info.exact;
		c->family.p_min = info.p_min;
		for (i = 0; i < k; i++)
			p[at[i]] = adj[i];
		c->family.method = TS_FAMILY_MAXT;
	}
	/*
	 * Too few arrangements to reach the level (three runs a side):
	 * Holm on the rows' own tests, one-sided.
	 */
	if (c->family.method == TS_FAMILY_MAXT &&
	    c->family.p_min > TS_COMPARE_FAMILY_ALPHA) {
		for (i = 0; i < k; i++)
			adj[i] = in[i]->change < 0 ? in[i]->p / 2 :
			    1 - in[i]->p / 2;
		ts_holm(adj, k, adj);
		for (i = 0; i < k; i++)
			p[at[i]] = adj[i];
		c->family.method = TS_FAMILY_HOLM_RUNS;
	}
	free(u.x);
	TS_FREE_ALL(in, adj, at);
}

void
ts_compare_family(struct ts_comparison *c)
{
	struct ts_compare_row **rows;
	double *p;
	size_t i, n;

	memset(&c->family, 0, sizeof c->family);
	c->family.p_min = NAN;
	rows = all_rows(c, &n);
	p = ts_xcalloc(n + 1, sizeof *p);
	if (c->sets)
		family_maxt(c, rows, n, p);
	else {
		family_holm(rows, n, p);
		c->family.method = TS_FAMILY_HOLM;
	}
	for (i = 0; i < n; i++) {
		rows[i]->family_p = p[i];
		rows[i]->family_slower = !isnan(p[i]) &&
		    p[i] <= TS_COMPARE_FAMILY_ALPHA &&
		    rows[i]->verdict == TS_VERDICT_SLOWER;
		c->family.rows += !isnan(p[i]);
		c->family.slower += rows[i]->family_slower;
	}
	if (c->family.rows == 0)
		c->family.method = TS_FAMILY_NONE;
	c->family.regression = c->family.slower > 0;
	free(rows);
	free(p);
}
