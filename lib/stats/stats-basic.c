/* SPDX-License-Identifier: MIT */
/*
 * Median, quantile, MAD, mean and variance, ranks (stats-basic.h).
 */
#include <config.h>

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "stats/stats-basic.h"
#include "util.h"

double
ts_median_sorted(const double *s, size_t n)
{
	if (n % 2 == 1)
		return s[n / 2];
	return (s[n / 2 - 1] + s[n / 2]) / 2.0;
}

/*
 * The median of a sorted copy of v[0..n): on the ratio scale (sqrt(a b)
 * of an even count's two middle values) or the plain one.
 */
static double
median_copy(const double *v, size_t n, bool ratio)
{
	double *s, m;

	if (n == 0)
		return NAN;
	s = ts_xmalloc(n * sizeof *s);
	memcpy(s, v, n * sizeof *s);
	ts_sort_doubles(s, n);
	if (ratio && n % 2 == 0)
		m = sqrt(s[n / 2 - 1] * s[n / 2]);
	else
		m = ts_median_sorted(s, n);
	free(s);
	return m;
}

double
ts_median(const double *v, size_t n)
{
	return median_copy(v, n, false);
}

double
ts_median_ratio(const double *v, size_t n)
{
	return median_copy(v, n, true);
}

double
ts_quantile_sorted(const double *s, size_t n, double q)
{
	double pos, f;
	size_t lo, hi;

	if (n == 1)
		return s[0];
	pos = q * (double)(n - 1);
	lo = (size_t)floor(pos);
	hi = (size_t)ceil(pos);
	if (lo == hi)
		return s[lo];
	f = pos - (double)lo;
	return s[lo] * (1.0 - f) + s[hi] * f;
}

double
ts_mad(const double *v, size_t n, double *median)
{
	double *dev, mad;
	size_t i;

	*median = ts_median(v, n);
	if (n == 0)
		return NAN;
	dev = ts_xmalloc(n * sizeof *dev);
	for (i = 0; i < n; i++)
		dev[i] = fabs(v[i] - *median);
	mad = ts_median(dev, n);
	free(dev);
	return mad;
}

/* Mean and variance of x[0..n), of its finite values alone if asked. */
static size_t
mean_var(const double *x, size_t n, bool finite_only, double *mean,
    double *var)
{
	double m = 0, ss = 0;
	size_t i, k = 0;

	for (i = 0; i < n; i++)
		if (!finite_only || isfinite(x[i])) {
			m += x[i];
			k++;
		}
	m /= (double)k;
	for (i = 0; i < n; i++)
		if (!finite_only || isfinite(x[i]))
			ss += (x[i] - m) * (x[i] - m);
	*mean = m;
	*var = k > 1 ? ss / (double)(k - 1) : 0;
	return k;
}

void
ts_mean_var(const double *x, size_t n, double *mean, double *var)
{
	mean_var(x, n, false, mean, var);
}

size_t
ts_mean_var_finite(const double *x, size_t n, double *mean, double *var)
{
	return mean_var(x, n, true, mean, var);
}

int
ts_ranked_cmp(const void *a, const void *b)
{
	const struct ts_ranked *x = a, *y = b;

	if (x->v != y->v)
		return x->v < y->v ? -1 : 1;
	return x->i < y->i ? -1 : x->i > y->i;
}

void
ts_midranks(const double *x, size_t n, double *r)
{
	struct ts_ranked *t;
	size_t i, j, k;

	if (n == 0)
		return;
	t = ts_xmalloc(n * sizeof *t);
	for (i = 0; i < n; i++) {
		t[i].v = x[i];
		t[i].i = i;
	}
	qsort(t, n, sizeof *t, ts_ranked_cmp);
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && t[j].v == t[i].v; j++)
			;
		for (k = i; k < j; k++)
			r[t[k].i] = (double)(i + j + 1) / 2;
	}
	free(t);
}
