/* SPDX-License-Identifier: MIT */
/*
 * lib/ab/ab-rank.c: the signed-rank critical values against the
 * published table (n = 6..30, two-sided 5 %), the normal approximation's
 * level above 100 values, every k-th Walsh sum against a listing of all
 * of them (random values with ties, and a thousand values), and the
 * Hodges-Lehmann estimate of small known cases.
 */
#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ab/ab-rank.h"
#include "rng.h"
#include "tap.h"
#include "util.h"

/* W's lower critical values T (reject when W <= T), n = 6..30. */
static const unsigned table[] = {
	0, 2, 3, 5, 8, 10, 13, 17, 21, 25, 29, 34, 40, 46, 52, 58, 65, 73,
	81, 89, 98, 107, 116, 126, 137
};

/*
 * The signed-rank critical k for n values, and its level, counted here:
 * P(W = w), adding the ranks 1..n one at a time (halving at each, so
 * the probabilities are exact binary fractions until they underflow,
 * far below 0.025).
 */
static uint64_t
counted_k(size_t n, double *level)
{
	uint64_t m = (uint64_t)n * (n + 1) / 2, w, r, k;
	double *p = calloc(m + 1, sizeof *p), cdf = 0;

	p[0] = 1;
	for (r = 1; r <= n; r++) {
		for (w = r * (r + 1) / 2; w >= r; w--)
			p[w] = (p[w] + p[w - r]) / 2;
		for (w = 0; w < r; w++)
			p[w] /= 2;
	}
	for (k = 0; k <= m && cdf + p[k] <= 0.025; k++)
		cdf += p[k];
	*level = 1 - 2 * cdf;
	free(p);
	return k;
}

/* Every pairwise sum of x[0..n), i <= j, ascending; their count in *m. */
static double *
all_sums(const double *x, size_t n, size_t *m)
{
	double *s = ts_xmalloc((n * (n + 1) / 2 + 1) * sizeof *s);
	size_t i, j, k = 0;

	for (i = 0; i < n; i++)
		for (j = i; j < n; j++)
			s[k++] = x[i] + x[j];
	ts_sort_doubles(s, k);
	*m = k;
	return s;
}

/* Random values on a coarse grid (so that sums tie), sorted. */
static void
coarse(struct ts_rng *r, double *x, size_t n, unsigned grid)
{
	size_t i;

	for (i = 0; i < n; i++)
		x[i] = ((double)ts_rng_below(r, grid) - grid / 2.0) / 8;
	ts_sort_doubles(x, n);
}

int
main(void)
{
	double x[64], *big, *s, level;
	struct ts_ab_rank rk;
	struct ts_rng r;
	size_t n, m, k, i;
	int all;

	for (n = 6, all = 1; n <= 30; n++)
		all &= ts_ab_rank_critical(n, NULL) == table[n - 6] + 1;
	ok(all, "critical values for n = 6..30 are the published table's");
	for (n = 6, all = 1; n <= 100; n++) {
		double want;

		k = counted_k(n, &want);
		all &= ts_ab_rank_critical(n, &level) == k &&
		    fabs(level - want) < 1e-15;
		if (ts_ab_rank_critical(n, &level) != k ||
		    fabs(level - want) >= 1e-15)
			diag("n = %zu: k %zu level %.17g, counted %zu %.17g", n,
			    (size_t)ts_ab_rank_critical(n, NULL), level,
			    (size_t)k, want);
	}
	ok(all, "k and level for n = 6..100 are those counted here");
	ts_ab_rank_critical(10, &level);
	is_double(level, 1 - 2 * 25 / 1024.0,
	    "n = 10: the interval's exact confidence is 1 - 2 x 25/2^10");
	ts_ab_rank_critical(6, &level);
	is_double(level, 1 - 2.0 / 64,
	    "n = 6: the narrowest interval there is, 1 - 2/64");
	ok(ts_ab_rank_critical(5, &level) == 0 && isnan(level),
	    "n = 5: no 95 %% interval");
	all = 1;
	for (n = 101; n <= 100000; n = n * 3 + 1) {
		k = ts_ab_rank_critical(n, &level);
		all &= k > 0 && fabs(level - 0.95) < 0.002;
		if (fabs(level - 0.95) >= 0.002)
			diag("n = %zu: level %.5f", n, level);
	}
	ok(all, "above 100 values the normal approximation keeps 95 %%");
	k = ts_ab_rank_critical(100, NULL);
	ok(k == 1956, "n = 100: exact, k = 1956 (got %zu)", (size_t)k);

	ts_rng_seed(&r, 33);
	all = 1;
	for (n = 1; n <= 40 && all; n++) {
		coarse(&r, x, n, n % 3 == 0 ? 5 : 1000);
		s = all_sums(x, n, &m);
		for (k = 1; k <= m; k++)
			if (ts_ab_walsh_sum_kth(x, n, k) != s[k - 1]) {
				diag("n = %zu, k = %zu: %g, listed %g", n, k,
				    ts_ab_walsh_sum_kth(x, n, k), s[k - 1]);
				all = 0;
				break;
			}
		free(s);
	}
	ok(all, "every k-th Walsh sum of 1..40 values (ties included) is the "
	    "listing's");
	x[0] = x[1] = x[2] = x[3] = 0.25;
	ok(ts_ab_walsh_sum_kth(x, 4, 1) == 0.5 &&
	    ts_ab_walsh_sum_kth(x, 4, 10) == 0.5, "equal values: every sum "
	    "is theirs");

	n = 1000;
	big = ts_xmalloc(n * sizeof *big);
	for (i = 0; i < n; i++)
		big[i] = ts_rng_f64(&r) * ts_rng_f64(&r) - 0.2;
	ts_sort_doubles(big, n);
	s = all_sums(big, n, &m);
	all = 1;
	for (k = 1; k <= m; k += 4999)
		all &= ts_ab_walsh_sum_kth(big, n, k) == s[k - 1];
	all &= ts_ab_walsh_sum_kth(big, n, m) == s[m - 1];
	ok(all, "1000 values: the k-th sums found by counting are the "
	    "listing's");
	ts_ab_rank_interval(big, n, &rk);
	k = ts_ab_rank_critical(n, NULL);
	ok(rk.low == s[k - 1] / 2 && rk.high == s[m - k] / 2,
	    "the interval's ends are the k-th smallest and largest averages");
	ok(rk.estimate == (s[m / 2 - 1] + s[m / 2]) / 4,
	    "the estimate is the median of the %zu averages", m);
	free(s);
	free(big);

	x[0] = 1;
	x[1] = 2;
	x[2] = 3;
	ts_ab_rank_interval(x, 3, &rk);
	ok(rk.estimate == 2 && isnan(rk.low) && isnan(rk.high),
	    "{1, 2, 3}: estimate 2, no interval from 3 values");
	x[0] = 5;
	x[1] = -1;
	x[2] = 0;
	x[3] = 0.5;
	ts_ab_rank_interval(x, 4, &rk);
	/* Averages: -1 -.5 -.25 0 .25 .5 2 2.25 2.5 5: median (.25+.5)/2. */
	is_double(rk.estimate, 0.375, "an outlier moves the estimate "
	    "little: {5, -1, 0, 0.5} gives 0.375");
	for (i = 0; i < 7; i++)
		x[i] = 0.03;
	ts_ab_rank_interval(x, 7, &rk);
	ok(rk.estimate == 0.03 && rk.low == 0.03 && rk.high == 0.03,
	    "seven equal log ratios: estimate and interval are that value");
	ok(ts_ab_rank_interval(x, 0, &rk) == -1 && isnan(rk.estimate),
	    "no values: -1");
	return done_testing();
}
