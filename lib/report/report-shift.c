/* SPDX-License-Identifier: MIT */
/*
 * The shift between two sets of runs (see report-shift.h): the
 * Hodges-Lehmann estimate and the Mann-Whitney interval and p-value,
 * from U's exact null distribution (counted by the recursion on which
 * set holds the largest value) up to EXACT_MAX pairs and from its
 * normal approximation, with a continuity correction, above; Student's
 * t interval for sets too small for ranks.
 */
#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report/report-shift.h"
#include "stats/stats-basic.h"
#include "stats/stats-t.h"
#include "util.h"

/* Most pairs (m n) whose null distribution is counted exactly. */
#define EXACT_MAX	2500

/*
 * P(U <= u) for sets of i and j under no shift, exactly: the largest of
 * the i + j values belongs to the first set with odds i / (i + j), and
 * then exceeds all j of the second (adding j to U), or to the second.
 */
double *
ts_shift_mw_cdf(size_t m, size_t n)
{
	double **prev, **cur, **t, *out;
	size_t i, j, u, len;

	prev = ts_xcalloc(n + 1, sizeof *prev);
	cur = ts_xcalloc(n + 1, sizeof *cur);
	for (j = 0; j <= n; j++) {
		prev[j] = ts_xcalloc(1, sizeof **prev);
		prev[j][0] = 1;
	}
	for (i = 1; i <= m; i++) {
		for (j = 0; j <= n; j++) {
			double a = (double)i / (double)(i + j), b = 1 - a;

			len = i * j + 1;
			cur[j] = ts_xcalloc(len, sizeof **cur);
			for (u = 0; u < len; u++) {
				double v = 0;

				if (j == 0) {
					cur[j][u] = 1;
					continue;
				}
				if (u >= j && u - j <= (i - 1) * j)
					v += a * prev[j][u - j];
				if (u <= i * (j - 1))
					v += b * cur[j - 1][u];
				cur[j][u] = v;
			}
		}
		for (j = 0; j <= n; j++)
			free(prev[j]);
		t = prev;
		prev = cur;
		cur = t;
	}
	out = prev[n];
	for (j = 0; j < n; j++)
		free(prev[j]);
	free(prev);
	free(cur);
	for (u = 1; u <= m * n; u++)
		out[u] += out[u - 1];
	return out;
}

/* The standard normal's upper tail, P(Z > z). */
static double
normal_tail(double z)
{
	return 0.5 * erfc(z / sqrt(2.0));
}

/* The z with P(Z > z) = tail (0 < tail < 1), by bisection. */
static double
normal_quantile_upper(double tail)
{
	double lo = -40, hi = 40, mid;
	int i;

	for (i = 0; i < 200; i++) {
		mid = (lo + hi) / 2;
		if (normal_tail(mid) > tail)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

/* C(m + n, m) as a double (large values overflow to Inf, which is fine). */
static double
choose(size_t m, size_t n)
{
	double c = 1;
	size_t k;

	for (k = 1; k <= m; k++)
		c = c * (double)(n + k) / (double)k;
	return c;
}

bool
ts_shift_rank_possible(size_t m, size_t n, double level)
{
	if (m == 0 || n == 0)
		return false;
	return 2 / choose(m, n) <= 1 - level;
}

long
ts_shift_critical(size_t m, size_t n, double level, double *achieved)
{
	double alpha = 1 - level, *cdf, mean, sd;
	long c = -1;
	size_t u;

	if (achieved != NULL)
		*achieved = NAN;
	if (!ts_shift_rank_possible(m, n, level))
		return -1;
	if (m * n <= EXACT_MAX) {
		cdf = ts_shift_mw_cdf(m, n);
		for (u = 0; u <= m * n / 2 && 2 * cdf[u] <= alpha; u++)
			c = (long)u;
		if (achieved != NULL && c >= 0)
			*achieved = 1 - 2 * cdf[c];
		free(cdf);
		return c;
	}
	/* P(U <= c) ~ Phi((c + 0.5 - mean) / sd) <= alpha / 2. */
	mean = (double)m * (double)n / 2;
	sd = sqrt((double)m * (double)n * (double)(m + n + 1) / 12);
	c = (long)floor(mean - 0.5 - normal_quantile_upper(alpha / 2) * sd);
	if (c < 0)
		return -1;
	if (achieved != NULL)
		*achieved = 1 - 2 * normal_tail((mean - ((double)c + 0.5)) /
		    sd);
	return c;
}

/* The finite values of v[0..n) into a new array; their count in *k. */
static double *
finite_of(const double *v, size_t n, size_t *k)
{
	double *out = ts_xcalloc(n + 1, sizeof *out);
	size_t i;

	for (*k = i = 0; i < n; i++)
		if (isfinite(v[i]))
			out[(*k)++] = v[i];
	return out;
}

/* P(U <= u) under no shift, exactly or by the normal approximation. */
static double
mw_lower(size_t m, size_t n, double u, const double *cdf)
{
	double mean, sd;

	if (u < 0)
		return 0;
	if (cdf != NULL)
		return u >= (double)(m * n) ? 1 : cdf[(size_t)floor(u)];
	mean = (double)m * (double)n / 2;
	sd = sqrt((double)m * (double)n * (double)(m + n + 1) / 12);
	return 1 - normal_tail((floor(u) + 0.5 - mean) / sd);
}

static void
rank_shift(const double *x, size_t m, const double *y, size_t n,
    double level, struct ts_shift *out)
{
	double *d, u = 0, *cdf = NULL, lo, hi;
	size_t i, j, k = 0, mn = m * n;
	long c;

	d = ts_xcalloc(mn, sizeof *d);
	for (i = 0; i < m; i++)
		for (j = 0; j < n; j++) {
			d[k++] = y[j] - x[i];
			u += x[i] > y[j] ? 1 : x[i] == y[j] ? 0.5 : 0;
		}
	ts_sort_doubles(d, mn);
	out->method = TS_SHIFT_RANK;
	out->estimate = ts_median_sorted(d, mn);
	c = ts_shift_critical(m, n, level, &out->level);
	out->low = d[c];
	out->high = d[mn - 1 - (size_t)c];
	if (mn <= EXACT_MAX)
		cdf = ts_shift_mw_cdf(m, n);
	/* U is symmetric about m n / 2: the nearer tail, doubled. */
	lo = mw_lower(m, n, u, cdf);
	hi = mw_lower(m, n, (double)mn - ceil(u), cdf);
	out->p = fmin(1, 2 * fmin(lo, hi));
	free(cdf);
	free(d);
}

/*
 * Student's two-sample t on the pooled variance: exact for normal runs
 * whose spread is the same on both sides (as in an A/A test), and with
 * one run on a side, the other side's variance and degrees of freedom.
 */
static void
t_shift(const double *x, size_t m, const double *y, size_t n,
    double level, struct ts_shift *out)
{
	double mx, my, vx, vy, pooled, se, df, t;

	/* Each set's variance as its deviation squared (sd, then sd^2). */
	ts_mean_var(x, m, &mx, &vx);
	ts_mean_var(y, n, &my, &vy);
	vx = sqrt(vx) * sqrt(vx);
	vy = sqrt(vy) * sqrt(vy);
	out->method = TS_SHIFT_T;
	out->estimate = my - mx;
	out->level = level;
	df = (double)(m + n) - 2;
	pooled = ((m > 1 ? (double)(m - 1) * vx : 0) +
	    (n > 1 ? (double)(n - 1) * vy : 0)) / df;
	se = sqrt(pooled * (1.0 / (double)m + 1.0 / (double)n));
	out->df = df;
	if (!(se > 0)) {
		out->low = out->high = out->estimate;
		out->p = out->estimate == 0 ? 1 : 0;
		return;
	}
	t = ts_t_critical(df, level);
	out->low = out->estimate - t * se;
	out->high = out->estimate + t * se;
	out->p = ts_t_two_sided_p(out->estimate / se, df);
}

int
ts_shift_estimate(const double *x, size_t m, const double *y, size_t n,
    double level, struct ts_shift *out)
{
	double *fx, *fy;
	size_t km, kn;

	memset(out, 0, sizeof *out);
	out->method = TS_SHIFT_NONE;
	out->estimate = out->low = out->high = out->level = out->p =
	    out->df = NAN;
	fx = finite_of(x, m, &km);
	fy = finite_of(y, n, &kn);
	out->m = km;
	out->n = kn;
	if (km == 0 || kn == 0 || (km == 1 && kn == 1)) {
		free(fx);
		free(fy);
		return -1;
	}
	if (ts_shift_rank_possible(km, kn, level))
		rank_shift(fx, km, fy, kn, level, out);
	else
		t_shift(fx, km, fy, kn, level, out);
	free(fx);
	free(fy);
	return 0;
}
