/* SPDX-License-Identifier: MIT */
/*
 * The history's robust noise and fitted tails (history-stats.h), from
 * the primitives of lib/stats/.
 */
#include <config.h>

#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "history/history-stats.h"
#include "stats/stats-basic.h"
#include "stats/stats-t.h"
#include "util.h"

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
	m = ts_median(d, n - 1);
	free(d);
	return TS_MAD_SCALE_4 * m / sqrt(2.0);
}

double
ts_hs_mad_sigma(const double *x, size_t n)
{
	double med;

	if (n == 0)
		return 0;
	return TS_MAD_SCALE_4 * ts_mad(x, n, &med);
}

/* How much better in log-likelihood a heavier tail must fit. */
#define TAIL_LR		1.92

/* The degrees of freedom the fit tries; the last is the normal. */
static const double tail_dfs[] = {
	1, 1.5, 2, 2.5, 3, 4, 5, 7, 10, 15, 25, 50, INFINITY
};

/* The EM scale of Student's t (df) for deviations d, from s0. */
static double
em_scale(const double *d, size_t n, double df, double s0)
{
	double s2 = s0 * s0, sum, w;
	size_t i;
	int it;

	for (it = 0; it < 100; it++) {
		double prev = s2;

		sum = 0;
		for (i = 0; i < n; i++) {
			w = isinf(df) ? 1 : (df + 1) / (df + d[i] * d[i] / s2);
			sum += w * d[i] * d[i];
		}
		s2 = sum / (double)n;
		if (!(s2 > 0) || fabs(s2 - prev) <= 1e-10 * prev)
			break;
	}
	return sqrt(s2);
}

/* The log-likelihood of deviations d under Student's t (df, scale s). */
static double
t_loglik(const double *d, size_t n, double df, double s)
{
	double ll = 0, c;
	size_t i;

	if (isinf(df)) {
		for (i = 0; i < n; i++)
			ll += -0.5 * log(2 * M_PI) - log(s) -
			    d[i] * d[i] / (2 * s * s);
		return ll;
	}
	c = lgamma((df + 1) / 2) - lgamma(df / 2) - 0.5 * log(df * M_PI);
	for (i = 0; i < n; i++)
		ll += c - log(s) - (df + 1) / 2 *
		    log1p(d[i] * d[i] / (df * s * s));
	return ll;
}

void
ts_hs_tail_fit_groups(const double *const *x, const size_t *n,
    const double *center, size_t ngroups, double *scale, double *df)
{
	double **d, *s0, *sc, best = -INFINITY, ll;
	size_t g, i, k, used = 0;
	bool any;

	*df = INFINITY;
	d = ts_xcalloc(ngroups + 1, sizeof *d);
	s0 = ts_xcalloc(ngroups + 1, sizeof *s0);
	sc = ts_xcalloc(ngroups + 1, sizeof *sc);
	for (g = 0; g < ngroups; g++) {
		scale[g] = 0;
		if (n[g] < 3)
			continue;
		d[g] = ts_xmalloc(n[g] * sizeof **d);
		for (i = 0; i < n[g]; i++)
			d[g][i] = x[g][i] - center[g];
		s0[g] = ts_hs_mad_sigma(x[g], n[g]);
		if (!(s0[g] > 0)) {
			/* Half the points or more on the centre. */
			for (i = 0; i < n[g]; i++)
				s0[g] += d[g][i] * d[g][i];
			s0[g] = sqrt(s0[g] / (double)n[g]);
		}
		used += s0[g] > 0;
	}
	/*
	 * The normal (the last df) unless a heavier tail fits better by
	 * more than chance would make it: half the 95 % point of chi-square
	 * with one degree of freedom in log-likelihood.
	 */
	for (k = 0; used > 0 && k < sizeof tail_dfs / sizeof tail_dfs[0];
	    k++) {
		ll = 0;
		any = false;
		for (g = 0; g < ngroups; g++) {
			if (d[g] == NULL || !(s0[g] > 0))
				continue;
			sc[g] = em_scale(d[g], n[g], tail_dfs[k], s0[g]);
			if (!(sc[g] > 0))
				continue;
			ll += t_loglik(d[g], n[g], tail_dfs[k], sc[g]);
			any = true;
		}
		if (!any)
			continue;
		if (isinf(tail_dfs[k]) ? !(best > ll + TAIL_LR) : ll > best) {
			if (!isinf(tail_dfs[k]))
				best = ll;
			*df = tail_dfs[k];
			for (g = 0; g < ngroups; g++)
				scale[g] = d[g] != NULL && s0[g] > 0 ? sc[g] :
				    0;
		}
	}
	for (g = 0; g < ngroups; g++)
		free(d[g]);
	TS_FREE_ALL(d, s0, sc);
}

void
ts_hs_tail_fit(const double *x, size_t n, double center,
    struct ts_hs_tail *out)
{
	ts_hs_tail_fit_groups(&x, &n, &center, 1, &out->scale, &out->df);
}

double
ts_hs_tail_quantile(double df, double alpha)
{
	if (!isinf(df))
		return ts_t_critical(df, 1 - alpha);
	return ts_z_critical(alpha);
}

double
ts_hs_tail_quantile1(double df, double prob)
{
	if (!isinf(df))
		return ts_t_quantile(prob, df);
	if (prob == 0.5)
		return 0;
	return prob > 0.5 ? ts_z_critical(2 * (1 - prob)) :
	    -ts_z_critical(2 * prob);
}

double
ts_hs_tail_cdf(double df, double z)
{
	double two;

	if (isnan(z))
		return NAN;
	if (isinf(df))
		return 0.5 * erfc(-z / sqrt(2.0));
	two = ts_t_two_sided_p(z, df);
	return z < 0 ? two / 2 : 1 - two / 2;
}

double
ts_hs_predict_quantile(double df, double nu, double prob)
{
	double q = ts_hs_tail_quantile1(df, prob), z;

	if (!(nu > 0) || isinf(nu) || prob == 0.5)
		return q;
	z = ts_hs_tail_quantile1(INFINITY, prob);
	return q * ts_hs_tail_quantile1(nu, prob) / z;
}

double
ts_hs_scale_df(double df, size_t n)
{
	double nu = n > 1 ? (double)n - 1 : 1;

	return isinf(df) ? nu : fmax(1, nu * df / (df + 3));
}
