/* SPDX-License-Identifier: MIT */
/*
 * Medians, robust noise, Welch's test and Student's t: the incomplete
 * beta function by its continued fraction (modified Lentz), the
 * quantile by bisection on the distribution function.
 */
#include <config.h>

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "history/history-stats.h"
#include "util.h"

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

double
ts_hs_median(const double *x, size_t n)
{
	double *c, m;

	if (n == 0)
		return NAN;
	c = ts_xmalloc(n * sizeof *c);
	memcpy(c, x, n * sizeof *c);
	qsort(c, n, sizeof *c, cmp_double);
	m = n % 2 ? c[n / 2] : (c[n / 2 - 1] + c[n / 2]) / 2;
	free(c);
	return m;
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
	double *d, med, m;
	size_t i;

	if (n == 0)
		return 0;
	med = ts_hs_median(x, n);
	d = ts_xmalloc(n * sizeof *d);
	for (i = 0; i < n; i++)
		d[i] = fabs(x[i] - med);
	m = ts_hs_median(d, n);
	free(d);
	return 1.4826 * m;
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

/* The continued fraction of the incomplete beta function. */
static double
betacf(double a, double b, double x)
{
	const double tiny = 1e-300;
	double c = 1, d, h, aa, del;
	int m, m2;

	d = 1 - (a + b) * x / (a + 1);
	if (fabs(d) < tiny)
		d = tiny;
	d = 1 / d;
	h = d;
	for (m = 1; m <= 300; m++) {
		m2 = 2 * m;
		aa = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
		d = 1 + aa * d;
		if (fabs(d) < tiny)
			d = tiny;
		c = 1 + aa / c;
		if (fabs(c) < tiny)
			c = tiny;
		d = 1 / d;
		h *= d * c;
		aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
		d = 1 + aa * d;
		if (fabs(d) < tiny)
			d = tiny;
		c = 1 + aa / c;
		if (fabs(c) < tiny)
			c = tiny;
		d = 1 / d;
		del = d * c;
		h *= del;
		if (fabs(del - 1) < 1e-14)
			break;
	}
	return h;
}

/* The regularized incomplete beta function I_x(a, b). */
static double
ibeta(double a, double b, double x)
{
	double bt;

	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	bt = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) +
	    b * log1p(-x));
	if (x < (a + 1) / (a + b + 2))
		return bt * betacf(a, b, x) / a;
	return 1 - bt * betacf(b, a, 1 - x) / b;
}

double
ts_hs_t_twosided(double t, double df)
{
	if (isnan(t))
		return 1;
	if (isinf(t))
		return 0;
	return ibeta(df / 2, 0.5, df / (df + t * t));
}

double
ts_hs_t_quantile(double q, double df)
{
	double lo = 0, hi = 1e6, mid, tail;
	int i;

	if (q == 0.5)
		return 0;
	if (q < 0.5)
		return -ts_hs_t_quantile(1 - q, df);
	tail = 2 * (1 - q);	/* two-sided probability beyond the quantile */
	for (i = 0; i < 200; i++) {
		mid = (lo + hi) / 2;
		if (ts_hs_t_twosided(mid, df) > tail)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
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
