/* SPDX-License-Identifier: MIT */
/*
 * The statistics the history's change points and check need beyond the
 * shared ones of lib/stats/ (medians, Welch's test, Student's t): a
 * robust noise estimate and the tail a series shows.  Their MAD scale
 * is the four-digit TS_MAD_SCALE_4 (stats/stats-basic.h).
 */
#ifndef TS_HISTORY_STATS_H
#define TS_HISTORY_STATS_H

#include <stddef.h>

/*
 * The noise of a series whose level may shift: 1.4826 times the median
 * absolute first difference, over sqrt 2 (a normal series' standard
 * deviation; shifts and lone outliers barely move it).  0 when n < 2.
 */
double	ts_hs_noise(const double *x, size_t n);

/* 1.4826 times the median absolute deviation from the median. */
double	ts_hs_mad_sigma(const double *x, size_t n);

/*
 * The tail a series shows: Student's t fitted by maximum likelihood to
 * the deviations of x[0..n) from center (the centre held), its scale for
 * each degrees of freedom of a grid (1 to 50, and the normal: df
 * INFINITY) by the EM iteration, and the df of the best likelihood; the
 * normal is kept unless a heavier tail's log-likelihood beats it by more
 * than 1.92 (a likelihood-ratio test at 5 %), so that a short normal
 * series is not given a heavy tail by chance.  A normal series gives the
 * normal; one with Student's t(3) noise, a df about 3; one with a few
 * far runs among tight ones, a small df.
 * n < 3, or no spread: scale 0, df INFINITY.
 */
struct ts_hs_tail {
	double	scale;
	double	df;
};
void	ts_hs_tail_fit(const double *x, size_t n, double center,
	    struct ts_hs_tail *out);

/*
 * The same for several groups (the passes of a run) that share one tail
 * and have a scale each: x[g][0..n[g]) about center[g], a scale per group
 * into scale[g] (0 for a group of under 3 values or no spread) and the
 * df of the best summed likelihood into *df.
 */
void	ts_hs_tail_fit_groups(const double *const *x, const size_t *n,
	    const double *center, size_t ngroups, double *scale, double *df);

/*
 * The two-sided quantile of the fitted tail: the q with P(|T| > q) =
 * alpha for Student's t with df degrees of freedom, the normal's when
 * df is INFINITY.
 */
double	ts_hs_tail_quantile(double df, double alpha);

/*
 * The one-sided quantile and the distribution function of the fitted
 * tail: the q with P(T <= q) = prob, and P(T <= z), for Student's t
 * with df degrees of freedom (the normal when df is INFINITY).
 */
double	ts_hs_tail_quantile1(double df, double prob);
double	ts_hs_tail_cdf(double df, double z);

/*
 * The one-sided quantile at prob of one new figure in the fitted tail
 * (df, INFINITY for the normal) whose scale was estimated on nu degrees
 * of freedom: the tail's quantile times the ratio of Student's t(nu)
 * quantile to the normal's, which is Student's t(nu) exactly for the
 * normal and widens a heavier tail by as much (a scale estimated on
 * few points can be small by chance, whatever the tail).
 */
double	ts_hs_predict_quantile(double df, double nu, double prob);

/*
 * The degrees of freedom a scale fitted by maximum likelihood to n
 * points in Student's t(df) tail is worth: (n - 1) df / (df + 3), t's
 * Fisher information for its scale against the normal's (n - 1 for the
 * normal).
 */
double	ts_hs_scale_df(double df, size_t n);

#endif /* TS_HISTORY_STATS_H */
