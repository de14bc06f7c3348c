/* SPDX-License-Identifier: MIT */
/*
 * The one-sample location estimate and interval of the Wilcoxon
 * signed-rank statistic: the Hodges-Lehmann estimate (the median of the
 * Walsh averages (x_i + x_j) / 2, i <= j) and the distribution-free
 * interval between two of those averages (Tukey's), whose confidence
 * holds whenever the values are independent and each is symmetric about
 * the same centre, whatever their shape and whether or not they share
 * a spread.  The null distribution is exact up to TS_AB_RANK_EXACT
 * values, normal with a continuity correction above.  Pure arithmetic.
 */
#ifndef TS_AB_RANK_H
#define TS_AB_RANK_H

#include <stddef.h>
#include <stdint.h>

/* Fewest values that give a 95 % interval: 2^-6 < 0.025 < 2^-5. */
#define TS_AB_RANK_MIN		6
/* Largest count whose null distribution is computed exactly. */
#define TS_AB_RANK_EXACT	100

struct ts_ab_rank {
	size_t		 n;		/* the values */
	double		 estimate;	/* Hodges-Lehmann */
	double		 low, high;	/* the 95 % interval; NaN when n < MIN */
	double		 level;		/* its exact confidence (>= 0.95) */
	uint64_t	 k;		/* low is the k-th smallest average */
};

/*
 * The estimate and 95 % interval of x[0..n) (finite values; x is not
 * changed).  Return 0, or -1 when n is 0 (out is then all NaN).
 */
int		 ts_ab_rank_interval(const double *x, size_t n,
		    struct ts_ab_rank *out);

/*
 * The rank k of the interval's low end among the n(n + 1)/2 Walsh
 * averages (the high end is the k-th largest): the largest k with
 * P(W <= k - 1) <= 0.025 for the signed-rank statistic W of n values;
 * 0 when n < TS_AB_RANK_MIN.  *level (may be NULL) gets the interval's
 * exact confidence, 1 - 2 P(W <= k - 1).
 */
uint64_t	 ts_ab_rank_critical(size_t n, double *level);

/*
 * The k-th smallest (1 <= k <= n(n + 1)/2) of the pairwise sums
 * sorted[i] + sorted[j], i <= j, of n >= 1 ascending values, found by
 * counting (O(n) a step) without listing them; the Walsh average is
 * half of it.
 */
double		 ts_ab_walsh_sum_kth(const double *sorted, size_t n,
		    uint64_t k);

#endif /* TS_AB_RANK_H */
