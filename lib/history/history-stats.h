/* SPDX-License-Identifier: MIT */
/*
 * The statistics the history's change points and check need: medians,
 * a robust noise estimate, Welch's test and Student's t distribution.
 * Student's t and the median are the suite's (suite-design.h).
 */
#ifndef TS_HISTORY_STATS_H
#define TS_HISTORY_STATS_H

#include <stddef.h>

/* The median of x[0..n) (x is not changed); NAN when n is 0. */
double	ts_hs_median(const double *x, size_t n);

/*
 * The noise of a series whose level may shift: 1.4826 times the median
 * absolute first difference, over sqrt 2 (a normal series' standard
 * deviation; shifts and lone outliers barely move it).  0 when n < 2.
 */
double	ts_hs_noise(const double *x, size_t n);

/* 1.4826 times the median absolute deviation from the median. */
double	ts_hs_mad_sigma(const double *x, size_t n);

/* Mean and sample variance of x[0..n). */
void	ts_hs_mean_var(const double *x, size_t n, double *mean, double *var);

/*
 * Two-sided p-value of Welch's test of equal means between a[0..na) and
 * b[0..nb) (each at least 2); *t gets the statistic (mean b - mean a
 * over its standard error).  Equal constant samples give p 1 (or 0 when
 * the constants differ).
 */
double	ts_hs_welch(const double *a, size_t na, const double *b, size_t nb,
	    double *t);

/* P(|T| >= |t|) for Student's t with df degrees of freedom (df > 0). */
double	ts_hs_t_twosided(double t, double df);

/* The q quantile (0 < q < 1) of Student's t with df degrees of freedom. */
double	ts_hs_t_quantile(double q, double df);

#endif /* TS_HISTORY_STATS_H */
