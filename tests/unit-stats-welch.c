/* SPDX-License-Identifier: MIT */
/*
 * lib/stats/stats-welch.c on published examples: R's t.test output on
 * two samples of ten (equal sizes), and an example of unequal sizes and
 * variances whose t and df the textbook formula gives (and whose p is
 * quoted as 0.149); the constant and short cases.
 */
#include <config.h>

#include <math.h>

#include "stats/stats-t.h"
#include "stats/stats-welch.h"
#include "tap.h"

#define N(a)	(sizeof (a) / sizeof (a)[0])

static void
test_equal_sizes(void)
{
	/*
	 * t.test(ts1, ts2) in R: t = -1.8325, df = 17.9, p-value = 0.08356,
	 * 95 percent confidence interval -2.1469104 0.1469104 (of x - y;
	 * here b - a, so the signs turn).
	 */
	static const double ts1[] = { 11, 9, 10, 11, 10, 12, 9, 11, 12, 9 },
	    ts2[] = { 11, 13, 10, 13, 12, 9, 11, 12, 12, 11 };
	struct ts_welch w;
	double c;

	ts_welch(ts1, N(ts1), ts2, N(ts2), &w);
	ok(w.mean_a == 10.4 && w.mean_b == 11.4, "means 10.4 and 11.4");
	ok(fabs(w.t - 1.8325) < 5e-5, "t = 1.8325 (%.6f)", w.t);
	ok(fabs(w.df - 17.9) < 0.05, "df = 17.9 (%.4f)", w.df);
	ok(fabs(w.p - 0.08356) < 5e-6, "p = 0.08356 (%.6f)", w.p);
	c = ts_t_critical(w.df, 0.95);
	ok(fabs(w.diff - c * w.se - -0.1469104) < 1e-6 &&
	    fabs(w.diff + c * w.se - 2.1469104) < 1e-6,
	    "95 %% interval of b - a: [-0.1469104, 2.1469104]");
	ts_welch(ts2, N(ts2), ts1, N(ts1), &w);
	ok(fabs(w.t + 1.8325) < 5e-5 && fabs(w.p - 0.08356) < 5e-6,
	    "the other way round: t = -1.8325, the same p");
}

static void
test_unequal_sizes(void)
{
	static const double a[] = { 17.2, 20.9, 22.6, 18.1, 21.7, 21.4, 23.5,
	    24.2, 14.7, 21.8 };
	static const double b[] = { 21.5, 22.8, 21.0, 23.0, 21.6, 23.6, 22.5,
	    20.7, 23.4, 21.8, 20.7, 21.7, 21.5, 22.5, 23.6, 21.5, 22.5, 23.5,
	    21.5, 21.8 };
	struct ts_welch w;

	ts_welch(a, N(a), b, N(b), &w);
	ok(fabs(w.t - 1.565434) < 1e-6, "t = 1.5654 (%.6f)", w.t);
	ok(fabs(w.df - 9.904741) < 1e-6, "df = 9.9047 (%.6f)", w.df);
	ok(fabs(w.p - 0.149) < 5e-4, "p = 0.149 (%.6f)", w.p);
}

static void
test_edges(void)
{
	static const double a[] = { 1, 2, 3, 4, 5 },
	    b[] = { 11, 12, 13, 14, 15 }, c5[] = { 2, 2, 2, 2, 2 },
	    c7[] = { 7, 7, 7 };
	struct ts_welch w;

	ts_welch(a, 5, b, 5, &w);
	ok(fabs(w.t - 10) < 1e-12 && w.p < 1e-4 && w.df == 8,
	    "a shift of 10 over se 1: t 10, df 8 (t %g, p %g)", w.t, w.p);
	ts_welch(a, 5, a, 5, &w);
	ok(w.t == 0 && fabs(w.p - 1) < 1e-12, "same samples: t 0, p 1");
	ts_welch(c5, 5, c5, 5, &w);
	ok(w.se == 0 && w.t == 0 && w.p == 1 && isnan(w.df),
	    "equal constants: t 0, p 1");
	ts_welch(c5, 5, c7, 3, &w);
	ok(w.se == 0 && isinf(w.t) && w.t > 0 && w.p == 0,
	    "different constants: t +inf, p 0");
	ts_welch(a, 1, b, 5, &w);
	ok(w.diff == 12 && isnan(w.se) && isnan(w.t) && isnan(w.p),
	    "one value on a side: the difference alone");
}

int
main(void)
{
	test_equal_sizes();
	test_unequal_sizes();
	test_edges();
	return done_testing();
}
