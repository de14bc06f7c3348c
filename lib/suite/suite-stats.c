/* SPDX-License-Identifier: MIT */
/*
 * Summary statistics of a pass (spec section 3), in the original's order
 * of operations so that every field is bit-exact, and the geometric mean.
 */
#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats/stats-basic.h"
#include "suite/suite-stats.h"
#include "util.h"

/*
 * Two-sided MAD rejection of v[0..n) (n >= 4) in place, keeping order;
 * return the number of values kept.
 */
static size_t
reject_outliers(double *v, size_t n)
{
	double med, mad, limit;
	size_t i, kept = 0;

	mad = ts_mad(v, n, &med);
	if (mad == 0)
		return n;
	limit = TS_MAD_LIMIT * TS_MAD_SCALE * mad;
	for (i = 0; i < n; i++)
		if (fabs(v[i] - med) <= limit)
			kept++;
	if (kept == 0)
		return n;
	kept = 0;
	for (i = 0; i < n; i++)
		if (fabs(v[i] - med) <= limit)
			v[kept++] = v[i];
	return kept;
}

enum ts_stability
ts_stability_from_cv(double cv)
{
	if (cv < 0.01)
		return TS_STABLE;
	if (cv < 0.03)
		return TS_ACCEPTABLE;
	if (cv < 0.10)
		return TS_NOISY;
	return TS_UNRELIABLE;
}

int
ts_stability_trustworthy(enum ts_stability s)
{
	return s == TS_STABLE || s == TS_ACCEPTABLE;
}

int
ts_stats_summary(const double *v, size_t n, struct ts_stats *out)
{
	struct ts_stats st;
	double *kept, *sorted, var;
	size_t i, m = 0, k;

	kept = ts_xmalloc((n ? n : 1) * sizeof *kept);
	for (i = 0; i < n; i++)
		if (isfinite(v[i]))
			kept[m++] = v[i];
	if (m == 0) {
		free(kept);
		return -1;
	}
	k = m >= 4 ? reject_outliers(kept, m) : m;
	memset(&st, 0, sizeof st);
	st.n = k;
	st.outliers = m - k;

	sorted = ts_xmalloc(k * sizeof *sorted);
	memcpy(sorted, kept, k * sizeof *sorted);
	ts_sort_doubles(sorted, k);
	st.median = ts_median_sorted(sorted, k);
	st.min = sorted[0];
	st.max = sorted[k - 1];
	st.p05 = ts_quantile_sorted(sorted, k, 0.05);
	st.p95 = ts_quantile_sorted(sorted, k, 0.95);
	free(sorted);

	/* In the kept values' order, as the original sums them. */
	ts_mean_var(kept, k, &st.mean, &var);
	if (k > 1) {
		st.stddev = sqrt(var);
		st.ci95 = 1.96 * st.stddev / sqrt((double)k);
	}
	st.cv = st.mean != 0 ? fabs(st.stddev / st.mean) : 0.0;
	st.stability = ts_stability_from_cv(st.cv);
	free(kept);
	*out = st;
	return 0;
}

int
ts_geomean(const double *v, size_t n, double *out)
{
	double sum = 0.0;
	size_t i;

	if (n == 0)
		return -1;
	for (i = 0; i < n; i++) {
		if (!isfinite(v[i]) || v[i] <= 0)
			return -1;
		sum += log(v[i]);
	}
	*out = exp(sum / (double)n);
	return 0;
}
