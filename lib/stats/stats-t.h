/* SPDX-License-Identifier: MIT */
/*
 * Student's t distribution, and the normal one it tends to: tail
 * probabilities and critical values, for every interval and test that
 * assumes a mean is normal.  Pure arithmetic: nothing here measures,
 * prints or allocates.
 */
#ifndef TS_STATS_T_H
#define TS_STATS_T_H

/* The standard normal's 97.5 % point: the two-sided 95 % critical value. */
#define TS_Z975		1.959963984540054

/*
 * P(|T| > |t|) for Student's t with df > 0 degrees of freedom, through
 * the regularised incomplete beta function: 0 for an infinite t, NAN
 * for a NaN t or a df not above 0.
 */
double	ts_t_two_sided_p(double t, double df);

/*
 * The two-sided critical value c with P(|T| > c) = 1 - level (df > 0,
 * 0 < level < 1), by bisection on ts_t_two_sided_p; NAN otherwise.
 */
double	ts_t_critical(double df, double level);

/*
 * The quantile q (0 < q < 1) of Student's t with df degrees of freedom:
 * 0 at 0.5, and -ts_t_quantile(1 - q) below it.
 */
double	ts_t_quantile(double q, double df);

/* The normal's two-sided critical value: P(|Z| > c) = alpha. */
double	ts_z_critical(double alpha);

#endif /* TS_STATS_T_H */
