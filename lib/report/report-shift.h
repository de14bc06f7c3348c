/* SPDX-License-Identifier: MIT */
/*
 * The shift between two sets of runs, each run one figure: how far the
 * second set's centre lies from the first's, with an interval and a
 * p-value, judged between runs (every run is one value; what happened
 * inside a run is not looked at).
 *
 * When both sets are large enough for a rank test to reach the level
 * (4 runs a side, or 3 and 5, 2 and 8; C(m + n, m) >= 2 / (1 - level)),
 * the estimate is Hodges and Lehmann's (the median of the m n
 * differences y_j - x_i), the interval is the one the Mann-Whitney
 * (Wilcoxon rank-sum) test gives, between two of those differences, at
 * the smallest confidence it can reach at or above the level, and the
 * p-value is Mann-Whitney's, from the exact distribution of U.  That
 * interval asks only that the runs be independent and the two sets' runs
 * be distributed alike up to the shift: a host whose runs come in a fast
 * and a slow mode does not bias it, and when the two sets come from the
 * same distribution (an A/A test) it cries wolf at most 1 - level of the
 * time whatever that distribution is.
 *
 * Below that size no rank test can say anything at 95 % (three runs a
 * side: the most extreme arrangement is one in ten), and the interval is
 * Student's two-sample t on the pooled variance, which asks that the
 * runs' figures be near normal with the same spread on both sides (as
 * they are when nothing changed); a side of one run takes the other
 * side's spread.  Two sets of one run each are not judged here (compare's
 * pair rule, report-compare-exec.c, does that with the executions).
 *
 * Pure arithmetic on the values given (compare gives logarithms, so the
 * shift is a log ratio); nothing is printed.
 */
#ifndef TS_REPORT_SHIFT_H
#define TS_REPORT_SHIFT_H

#include <stdbool.h>
#include <stddef.h>

enum ts_shift_method {
	TS_SHIFT_NONE,		/* one run a side, or no finite value */
	TS_SHIFT_RANK,		/* Hodges-Lehmann and Mann-Whitney */
	TS_SHIFT_T		/* Student's t, pooled (a small set) */
};

struct ts_shift {
	enum ts_shift_method method;
	size_t		 m, n;		/* finite values of x and y */
	double		 estimate;	/* the shift of y against x */
	double		 low, high;	/* its interval */
	double		 level;		/* the interval's confidence */
	double		 p;		/* two-sided p of no shift */
	double		 df;		/* t's degrees of freedom, else NaN */
};

/*
 * The shift of y[0..n) against x[0..m) at confidence level (0.95):
 * non-finite values are left out.  Return 0, or -1 when either set has
 * no finite value or both have one (out->method is then TS_SHIFT_NONE
 * and the rest NaN).
 */
int	 ts_shift_estimate(const double *x, size_t m, const double *y,
	    size_t n, double level, struct ts_shift *out);

/*
 * Whether m and n runs are enough for the rank interval at this level:
 * 2 / C(m + n, m) <= 1 - level.
 */
bool	 ts_shift_rank_possible(size_t m, size_t n, double level);

/*
 * The null distribution of Mann-Whitney's U for sets of m and n (no
 * ties): cdf[u] = P(U <= u) for u = 0 .. m n, into a malloc'd array of
 * m n + 1 doubles.
 */
double	*ts_shift_mw_cdf(size_t m, size_t n);

/*
 * The rank interval's critical count for sets of m and n: the largest c
 * with 2 P(U <= c) <= 1 - level, and the interval is between the
 * (c + 1)-th smallest and the (c + 1)-th largest difference; -1 when
 * none (ts_shift_rank_possible() is false).  *achieved (may be NULL)
 * gets the interval's exact confidence, 1 - 2 P(U <= c).
 */
long	 ts_shift_critical(size_t m, size_t n, double level, double *achieved);

#endif /* TS_REPORT_SHIFT_H */
