/* SPDX-License-Identifier: MIT */
/*
 * The two-level design's statistics (see suite-design.h): one-way
 * analysis of variance, the t interval over execution means, and
 * Student's t distribution through the regularised incomplete
 * beta function (its continued fraction, evaluated by the modified Lentz
 * method).
 */
#include <config.h>

#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "suite/suite-design.h"

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

/* The between level: mean, deviation and interval of the means. */
static void
between_level(const double *means, size_t p, struct ts_design_est *out)
{
	double sum = 0, ss = 0;
	size_t i, k = 0;

	for (i = 0; i < p; i++)
		if (isfinite(means[i])) {
			sum += means[i];
			k++;
		}
	out->p = k;
	out->mean = sum / (double)k;
	for (i = 0; i < p; i++)
		if (isfinite(means[i]))
			ss += (means[i] - out->mean) * (means[i] - out->mean);
	out->df = (double)k - 1;
	out->sd = k > 1 ? sqrt(ss / out->df) : 0;
	out->ci95 = k > 1 ? ts_t_critical(out->df, TS_DESIGN_LEVEL) *
	    out->sd / sqrt((double)k) : 0;
}

int
ts_design_from_means(const double *means, size_t p,
    struct ts_design_est *out)
{
	size_t i;

	memset(out, 0, sizeof *out);
	for (i = 0; i < p; i++)
		if (isfinite(means[i]))
			break;
	if (i == p)
		return -1;
	between_level(means, p, out);
	out->n = out->p;
	out->var_within = out->var_between = out->between_share = NAN;
	return 0;
}

/* The finite samples of one execution: their count and sum. */
static size_t
execution_sum(const double *v, uint32_t count, double *sum)
{
	size_t k = 0;
	uint32_t j;

	*sum = 0;
	for (j = 0; j < count; j++)
		if (isfinite(v[j])) {
			*sum += v[j];
			k++;
		}
	return k;
}

int
ts_design_estimate(const double *samples, const uint32_t *counts, size_t p,
    double *means, struct ts_design_est *out)
{
	double ssw = 0, ssb = 0, grand = 0, sumsq = 0, msw, msb, n0, total,
	    s, d;
	size_t i, k, off = 0, groups = 0, n = 0;
	uint32_t j;
	bool pair = false;

	memset(out, 0, sizeof *out);
	for (i = 0; i < p; i++) {
		k = execution_sum(samples + off, counts[i], &s);
		means[i] = k > 0 ? s / (double)k : NAN;
		for (j = 0; j < counts[i] && k > 0; j++)
			if (isfinite(d = samples[off + j]))
				ssw += (d - means[i]) * (d - means[i]);
		if (k > 0) {
			groups++;
			n += k;
			grand += s;
			sumsq += (double)k * (double)k;
		}
		if (k > 1)
			pair = true;
		off += counts[i];
	}
	if (groups == 0)
		return -1;
	between_level(means, p, out);
	out->n = n;
	out->var_within = out->var_between = out->between_share = NAN;
	if (groups < 2 || !pair)
		return 0;
	total = (double)n;
	grand /= total;
	for (i = 0, off = 0; i < p; off += counts[i], i++) {
		k = execution_sum(samples + off, counts[i], &s);
		if (k > 0)
			ssb += (double)k * (means[i] - grand) *
			    (means[i] - grand);
	}
	msw = ssw / (total - (double)groups);
	msb = ssb / ((double)groups - 1);
	n0 = (total - sumsq / total) / ((double)groups - 1);
	out->var_within = msw;
	out->var_between = fmax(0, (msb - msw) / n0);
	out->between_share = out->var_within + out->var_between > 0 ?
	    out->var_between / (out->var_within + out->var_between) : 0;
	return 0;
}

uint32_t
ts_design_samples(double var_within, double var_between, double exec_cost,
    double sample_cost, uint32_t max)
{
	double n;

	if (max < 1)
		max = 1;
	if (!isfinite(var_within) || !isfinite(var_between) ||
	    !isfinite(exec_cost) || !isfinite(sample_cost) ||
	    var_within <= 0 || var_between < 0 || exec_cost < 0 ||
	    sample_cost <= 0)
		return 1;
	if (var_between == 0)
		return max;
	n = ceil(sqrt(exec_cost * var_within / (sample_cost * var_between)));
	if (!(n >= 1))
		return 1;
	return n > max ? max : (uint32_t)n;
}
