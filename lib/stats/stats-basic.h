/* SPDX-License-Identifier: MIT */
/*
 * The summary statistics every concern shares: median, quantile, median
 * absolute deviation, mean and sample variance, and ranks.  Pure arithmetic on
 * doubles, in a fixed order of operations so that a figure has the same
 * bits on every architecture and in every caller (the suite's section 3
 * summary is bit-exact with ThreadStone 2.0.0's through these).
 * Nothing here measures or prints; the functions that sort a copy
 * allocate it with ts_xmalloc.
 */
#ifndef TS_STATS_BASIC_H
#define TS_STATS_BASIC_H

#include <stddef.h>

/*
 * The MAD's consistency constant: 1 / Phi^-1(3/4), which makes 1.4826
 * times the MAD estimate a normal sample's standard deviation.  The
 * suite's outlier rejection uses it in full, as ThreadStone 2.0.0 does;
 * the history's noise and tail fits use the four-digit value their
 * detector was tuned and tested with (lib/history/), kept here so that
 * the constant is written in one place.
 */
#define TS_MAD_SCALE		1.482602218505602
#define TS_MAD_SCALE_4		1.4826

/*
 * The median of v[0..n): the middle value of the sorted list (in
 * ts_cmp_double's order, NaN last), or (a + b) / 2 of the two middle
 * ones.  v is not changed.  NAN when n is 0.
 */
double	ts_median(const double *v, size_t n);

/* The same of an ascending list s[0..n), n > 0, without a copy. */
double	ts_median_sorted(const double *s, size_t n);

/*
 * The median on a ratio scale, for values above 0 that grow by factors
 * (latencies along a sweep of sizes): as ts_median, but sqrt(a b) of the
 * two middle values for an even count.  NAN when n is 0.
 */
double	ts_median_ratio(const double *v, size_t n);

/*
 * The quantile q (0 <= q <= 1) of an ascending list s[0..n), n > 0, by
 * linear interpolation between order statistics (Hyndman and Fan's
 * type 7, R's and numpy's default): s[0] at 0, s[n - 1] at 1.
 */
double	ts_quantile_sorted(const double *s, size_t n, double q);

/*
 * The median absolute deviation of v[0..n) from its median (stored in
 * *median); NAN for both when n is 0.  Times TS_MAD_SCALE it is a robust
 * standard deviation.
 */
double	ts_mad(const double *v, size_t n, double *median);

/*
 * The mean of x[0..n) (summed left to right, then divided) and the
 * sample variance (the squared deviations from that mean summed left to
 * right, over n - 1) into *mean and *var: NAN and 0 when n is 0, a var
 * of 0 when n is 1.
 */
void	ts_mean_var(const double *x, size_t n, double *mean, double *var);

/*
 * The same over the finite values of x[0..n) alone, in their order;
 * return how many there were.
 */
size_t	ts_mean_var_finite(const double *x, size_t n, double *mean,
	    double *var);

/*
 * The ranks 1..n of x[0..n) into r[0..n), tied values given the mean of
 * the ranks they share (midranks): 1 2.5 2.5 4 for 1 3 3 7.  x must
 * hold no NaN.
 */
void	ts_midranks(const double *x, size_t n, double *r);

/* A value and the index it came from, for sorting rows by value. */
struct ts_ranked {
	double	 v;
	size_t	 i;
};

/*
 * qsort's comparison of two struct ts_ranked: by value, ascending; the
 * index breaks ties, so that the order is the same on every libc.
 */
int	ts_ranked_cmp(const void *, const void *);

#endif /* TS_STATS_BASIC_H */
