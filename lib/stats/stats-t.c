/* SPDX-License-Identifier: MIT */
/*
 * Student's t distribution through the regularised incomplete beta
 * function (its continued fraction, evaluated by the modified Lentz
 * method), and the normal's critical values (stats-t.h).
 */
#include <config.h>

#include <math.h>

#include "stats/stats-t.h"

/* Continued-fraction evaluation limits. */
#define CF_ITERS	400
#define CF_EPS		1e-15
#define CF_TINY		1e-300

/* One step of the modified Lentz method: the factor d c it multiplies. */
static double
lentz_step(double num, double *c, double *d)
{
	*d = 1.0 + num * *d;
	*c = 1.0 + num / *c;
	if (fabs(*d) < CF_TINY)
		*d = CF_TINY;
	if (fabs(*c) < CF_TINY)
		*c = CF_TINY;
	*d = 1.0 / *d;
	return *d * *c;
}

/* The continued fraction of I_x(a, b), for x < (a + 1) / (a + b + 2). */
static double
beta_fraction(double a, double b, double x)
{
	double c = 1.0, d, h, delta;
	int m;

	d = 1.0 - (a + b) * x / (a + 1.0);
	if (fabs(d) < CF_TINY)
		d = CF_TINY;
	d = 1.0 / d;
	h = d;
	for (m = 1; m <= CF_ITERS; m++) {
		/* The even step d_{2m}, then the odd step d_{2m+1}. */
		h *= lentz_step(m * (b - m) * x /
		    ((a + 2.0 * m - 1.0) * (a + 2.0 * m)), &c, &d);
		delta = lentz_step(-(a + m) * (a + b + m) * x /
		    ((a + 2.0 * m) * (a + 2.0 * m + 1.0)), &c, &d);
		h *= delta;
		if (fabs(delta - 1.0) < CF_EPS)
			break;
	}
	return h;
}

/* The regularised incomplete beta function I_x(a, b), a, b > 0. */
static double
inc_beta(double a, double b, double x)
{
	double front;

	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) +
	    b * log1p(-x));
	if (x < (a + 1.0) / (a + b + 2.0))
		return front * beta_fraction(a, b, x) / a;
	return 1.0 - front * beta_fraction(b, a, 1.0 - x) / b;
}

double
ts_t_two_sided_p(double t, double df)
{
	if (isnan(t) || !(df > 0))
		return NAN;
	if (isinf(t))
		return 0;
	return inc_beta(df / 2.0, 0.5, df / (df + t * t));
}

double
ts_t_critical(double df, double level)
{
	double alpha = 1.0 - level, lo = 0, hi = 1, mid;
	int i;

	if (!(df > 0) || !(alpha > 0) || !(alpha < 1))
		return NAN;
	while (ts_t_two_sided_p(hi, df) > alpha && hi < 1e300)
		hi *= 2;
	for (i = 0; i < 200 && hi - lo > 1e-13 * hi; i++) {
		mid = (lo + hi) / 2;
		if (ts_t_two_sided_p(mid, df) > alpha)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

double
ts_t_quantile(double q, double df)
{
	if (q == 0.5)
		return 0;
	if (q < 0.5)
		return -ts_t_quantile(1 - q, df);
	/* The two-sided probability beyond the quantile is 2 (1 - q). */
	return ts_t_critical(df, 2 * q - 1);
}

double
ts_z_critical(double alpha)
{
	double lo = 0, hi = 64, mid;
	int i;

	/* P(|Z| > c) = erfc(c / sqrt 2), by bisection. */
	for (i = 0; i < 200; i++) {
		mid = (lo + hi) / 2;
		if (erfc(mid / sqrt(2.0)) > alpha)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}
