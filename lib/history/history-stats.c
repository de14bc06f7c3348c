/* SPDX-License-Identifier: MIT */
/*
 * Medians, robust noise and Welch's test; Student's t distribution
 * and the median are the suite's (suite-design.c, suite-stats.c).
 */
#include <config.h>

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "history/history-stats.h"
#include "suite/suite-design.h"
#include "suite/suite-stats.h"
#include "util.h"

double
ts_hs_median(const double *x, size_t n)
{
	return ts_median(x, n);
}

double
ts_hs_noise(const double *x, size_t n)
{
	double *d, m;
	size_t i;

	if (n < 2)
		return 0;
	d = ts_xmalloc((n - 1) * sizeof *d);
	for (i = 1; i < n; i++)
		d[i - 1] = fabs(x[i] - x[i - 1]);
	m = ts_hs_median(d, n - 1);
	free(d);
	return 1.4826 * m / sqrt(2.0);
}

double
ts_hs_mad_sigma(const double *x, size_t n)
{
	double med;

	if (n == 0)
		return 0;
	return 1.4826 * ts_mad(x, n, &med);
}

void
ts_hs_mean_var(const double *x, size_t n, double *mean, double *var)
{
	double m = 0, s = 0, d;
	size_t i;

	for (i = 0; i < n; i++) {
		d = x[i] - m;
		m += d / (double)(i + 1);
		s += d * (x[i] - m);
	}
	*mean = m;
	*var = n > 1 ? s / (double)(n - 1) : 0;
}

double
ts_hs_t_twosided(double t, double df)
{
	return isnan(t) ? 1 : ts_t_two_sided_p(t, df);
}

double
ts_hs_t_quantile(double q, double df)
{
	if (q == 0.5)
		return 0;
	if (q < 0.5)
		return -ts_hs_t_quantile(1 - q, df);
	/* The two-sided probability beyond the quantile is 2 (1 - q). */
	return ts_t_critical(df, 2 * q - 1);
}

double
ts_hs_welch(const double *a, size_t na, const double *b, size_t nb,
    double *t)
{
	double ma, va, mb, vb, se2, df;

	ts_hs_mean_var(a, na, &ma, &va);
	ts_hs_mean_var(b, nb, &mb, &vb);
	se2 = va / (double)na + vb / (double)nb;
	if (se2 <= 0 || !isfinite(se2)) {
		*t = mb == ma ? 0 : (mb > ma ? INFINITY : -INFINITY);
		return mb == ma ? 1 : 0;
	}
	*t = (mb - ma) / sqrt(se2);
	df = se2 * se2 / ((va / na) * (va / na) / (double)(na - 1) +
	    (vb / nb) * (vb / nb) / (double)(nb - 1));
	if (!(df > 0))
		df = 1;
	return ts_hs_t_twosided(*t, df);
}
