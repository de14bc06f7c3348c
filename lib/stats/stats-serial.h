/* SPDX-License-Identifier: MIT */
/*
 * Statistics of a series in time, for intervals whose values may
 * depend on their neighbours: the autocorrelation at a lag, the same on
 * the values' ranks, a test of positive serial dependence on those, and
 * the statistic of each of b consecutive batches of the series (batch
 * means, or any location a caller gives).  Pure arithmetic; nothing
 * here measures or prints.
 */
#ifndef TS_STATS_SERIAL_H
#define TS_STATS_SERIAL_H

#include <stddef.h>

/*
 * The sample autocorrelation of x[0..n) at lag (>= 1): the sum over
 * i < n - lag of (x_i - m)(x_{i+lag} - m) over the sum of (x_i - m)^2,
 * m the mean (R's acf).  NAN when lag >= n or the values are all equal.
 */
double	ts_autocorr(const double *x, size_t n, size_t lag);

/*
 * The test of positive serial dependence: the rank autocorrelations r_k
 * of x (the autocorrelation of its midranks) at lags 1..K, weighted
 * 1 - k/(K + 1) (Bartlett's, as a long-run variance weighs them),
 * each less its mean under no dependence, -(n - k)/(n(n - 1)), and
 * standardised by their variances as Ljung and Box take them,
 * (n - k)/(n(n + 2)).  Ranks make it indifferent to the values' shape
 * and to a location or a sign changed for the whole series; negative
 * dependence (which only narrows a mean's spread) does not count.
 */
struct ts_serial {
	size_t	 n;
	size_t	 lags;		/* K */
	double	 r1;		/* the lag-1 rank autocorrelation */
	double	 z;		/* the weighted sum, standardised */
	double	 p;		/* one-sided: P(Z >= z), Z standard normal */
};

/* Fewest values the test takes. */
#define TS_SERIAL_MIN	8

/* The lags the test looks at for n values: the cube root, 1 to 10. */
size_t	ts_serial_lags(size_t n);

/*
 * Test x[0..n) (no NaN) at lags 1..lags (1 <= lags < n / 2).  Return 0,
 * or -1 when n < TS_SERIAL_MIN, the lags are out of range or the values
 * are all equal (out is then all NaN).
 */
int	ts_serial_test(const double *x, size_t n, size_t lags,
	    struct ts_serial *out);

/* Where batch j (0 <= j <= b) of b near-equal consecutive ones starts. */
size_t	ts_batch_start(size_t n, size_t b, size_t j);

/*
 * The statistic stat(values, count, arg) of each of b (1 <= b <= n)
 * consecutive batches of x[0..n) into out[0..b): batch j is
 * x[ts_batch_start(n, b, j) .. ts_batch_start(n, b, j + 1)), so that
 * their lengths differ by one at most and every value is in one.
 */
void	ts_batches(const double *x, size_t n, size_t b,
	    double (*stat)(const double *, size_t, void *), void *arg,
	    double *out);

#endif /* TS_STATS_SERIAL_H */
