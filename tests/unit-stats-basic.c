/* SPDX-License-Identifier: MIT */
/*
 * lib/stats/stats-basic.c on arrays whose figures are known exactly:
 * medians, R's type-7 quantiles, the MAD and its normal scale, mean and
 * sample variance.
 */
#include <config.h>

#include <math.h>

#include "stats/stats-basic.h"
#include "tap.h"

#define N(a)	(sizeof (a) / sizeof (a)[0])

static void
test_median(void)
{
	static const double odd[] = { 5, 1, 3 }, even[] = { 3, 1, 2, 10 },
	    two[] = { 1, 4 }, nan_first[] = { NAN, 5, 3 },
	    sorted[] = { 1, 2, 4, 8 };
	static const double ratio_odd[] = { 8, 2, 32 };

	is_double(ts_median(odd, N(odd)), 3.0, "median of [5,1,3] is 3");
	is_double(odd[0], 5.0, "the median leaves its input alone");
	is_double(ts_median(even, N(even)), 2.5, "median of [3,1,2,10] is 2.5");
	is_double(ts_median(two, N(two)), 2.5, "median of [1,4] is 2.5");
	ok(isnan(ts_median(two, 0)), "median of nothing is NaN");
	is_double(ts_median(nan_first, N(nan_first)), 5.0,
	    "NaN sorts last: median of [NaN,5,3] is 5");
	ok(ts_median((double[]){ NAN, 1, 3, NAN, 2 }, 5) == 3 &&
	    ts_median((double[]){ NAN, 1, 2 }, 3) == 2,
	    "NaNs sort last wherever they stand");
	is_double(ts_median_sorted(sorted, 4), 3.0,
	    "median of the sorted [1,2,4,8] is 3");
	is_double(ts_median_sorted(sorted, 3), 2.0,
	    "median of the sorted [1,2,4] is 2");
	is_double(ts_median_ratio(two, N(two)), 2.0,
	    "ratio median of [1,4] is sqrt(4) = 2");
	is_double(ts_median_ratio(sorted, N(sorted)), sqrt(8.0),
	    "ratio median of [1,2,4,8] is sqrt(2 x 4)");
	is_double(ts_median_ratio(ratio_odd, N(ratio_odd)), 8.0,
	    "ratio median of an odd count is the middle value");
	ok(isnan(ts_median_ratio(two, 0)), "ratio median of nothing is NaN");
}

static void
test_quantile(void)
{
	static const double four[] = { 1, 2, 3, 4 },
	    five[] = { 10, 20, 30, 40, 50 }, one[] = { 7 };
	double big[101];
	size_t i;

	/* R: quantile(1:4, 0.25) = 1.75; quantile(c(10,...,50), 0.1) = 14. */
	is_double(ts_quantile_sorted(four, 4, 0.25), 1.75, "q0.25 of 1..4");
	is_double(ts_quantile_sorted(five, 5, 0.1), 14.0, "q0.1 of 10..50");
	is_double(ts_quantile_sorted(five, 5, 0), 10.0, "q0 is the minimum");
	is_double(ts_quantile_sorted(five, 5, 1), 50.0, "q1 is the maximum");
	is_double(ts_quantile_sorted(five, 5, 0.5), 30.0, "q0.5 is the median");
	is_double(ts_quantile_sorted(one, 1, 0.95), 7.0, "one value: itself");
	for (i = 0; i < N(big); i++)
		big[i] = (double)(i + 1);
	is_double(ts_quantile_sorted(big, N(big), 0.05), 6.0, "1..101: q0.05 6");
	is_double(ts_quantile_sorted(big, N(big), 0.95), 96.0,
	    "1..101: q0.95 96");
}

static void
test_mad(void)
{
	/* The textbook example: median 2, deviations 1 1 0 0 2 4 7. */
	static const double v[] = { 1, 1, 2, 2, 4, 6, 9 },
	    same[] = { 7, 7, 7, 7 }, even[] = { 1, 2, 3, 4 };
	double med;

	is_double(ts_mad(v, N(v), &med), 1.0, "MAD of [1,1,2,2,4,6,9] is 1");
	is_double(med, 2.0, "its median is 2");
	is_double(ts_mad(same, N(same), &med), 0.0, "constant values: MAD 0");
	/* median 2.5, deviations 1.5 0.5 0.5 1.5. */
	is_double(ts_mad(even, N(even), &med), 1.0, "MAD of [1,2,3,4] is 1");
	ok(isnan(ts_mad(v, 0, &med)) && isnan(med), "MAD of nothing: NaN");
	/* 1 / Phi^-1(3/4), Phi^-1(3/4) = 0.6744897501960817. */
	ok(fabs(TS_MAD_SCALE * 0.6744897501960817 - 1) < 1e-15,
	    "TS_MAD_SCALE is 1 / Phi^-1(3/4)");
	ok(fabs(TS_MAD_SCALE_4 - TS_MAD_SCALE) < 5e-5,
	    "TS_MAD_SCALE_4 is it to four digits");
}

static void
test_mean_var(void)
{
	/* The textbook eight: mean 5, squared deviations summing to 32. */
	static const double v[] = { 2, 4, 4, 4, 5, 5, 7, 9 }, one[] = { 3 };
	static const double gaps[] = { 1, NAN, 3, INFINITY, -INFINITY };
	double mean, var;

	ts_mean_var(v, N(v), &mean, &var);
	is_double(mean, 5.0, "mean of the eight is 5");
	is_double(var, 32.0 / 7, "sample variance 32 / 7");
	ts_mean_var(one, 1, &mean, &var);
	ok(mean == 3 && var == 0, "one value: mean 3, variance 0");
	ts_mean_var(one, 0, &mean, &var);
	ok(isnan(mean) && var == 0, "no value: mean NaN, variance 0");
	is_int(ts_mean_var_finite(gaps, N(gaps), &mean, &var), 2,
	    "finite values: 2 of 5");
	ok(mean == 2 && var == 2, "their mean 2 and variance 2");
	ts_mean_var(gaps, N(gaps), &mean, &var);
	ok(isnan(mean), "all values: NaN in, NaN out");
}

int
main(void)
{
	test_median();
	test_quantile();
	test_mad();
	test_mean_var();
	return done_testing();
}
