/* SPDX-License-Identifier: MIT */
/*
 * Welch's test of equal means for two samples whose variances may
 * differ: the difference of the means, its standard error, the
 * Welch-Satterthwaite degrees of freedom, the statistic and its
 * two-sided p-value under Student's t.  Pure arithmetic.
 */
#ifndef TS_STATS_WELCH_H
#define TS_STATS_WELCH_H

#include <stddef.h>

struct ts_welch {
	double	mean_a, mean_b;	/* ts_mean_var's means */
	double	diff;		/* mean_b - mean_a */
	double	se;		/* diff's standard error */
	double	df;		/* its degrees of freedom */
	double	t;		/* diff / se */
	double	p;		/* P(|T| >= |t|) */
};

/*
 * Welch's test between a[0..na) and b[0..nb), each of at least two
 * values (with fewer, only the means and diff are set; the rest is NAN).
 * Both samples constant (se 0): t is 0 and p 1 when the means are equal,
 * else t is infinite and p 0, and df is NAN.  A df that is not above 0
 * is taken as 1.  A NaN t gives p 1.
 */
void	ts_welch(const double *a, size_t na, const double *b, size_t nb,
	    struct ts_welch *out);

#endif /* TS_STATS_WELCH_H */
