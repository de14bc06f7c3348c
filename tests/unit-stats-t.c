/* SPDX-License-Identifier: MIT */
/*
 * lib/stats/stats-t.c against published values: Student's t critical
 * values and quantiles from the tables (to the tables' digits, and to
 * six or more where the closed forms for 1 and 2 degrees of freedom give
 * them exactly), its tail probabilities, and the normal's points.
 */
#include <config.h>

#include <math.h>

#include "stats/stats-t.h"
#include "tap.h"

static void
test_critical(void)
{
	/* Two-sided 95 % critical values, as any table prints them. */
	static const struct { double df, c; } tab[] = {
		{ 1, 12.706 }, { 2, 4.303 }, { 3, 3.182 }, { 5, 2.571 },
		{ 7, 2.365 }, { 10, 2.228 }, { 30, 2.042 }, { 1000, 1.962 }
	};
	size_t i;
	double c;

	for (i = 0; i < sizeof tab / sizeof tab[0]; i++) {
		c = ts_t_critical(tab[i].df, 0.95);
		if (!ok(fabs(c - tab[i].c) < 0.0015, "t(%g) 95 %% critical "
		    "value %.3f", tab[i].df, tab[i].c))
			diag("got %.6f", c);
	}
	/*
	 * 1 df is Cauchy: its quantile p is tan(pi (p - 1/2)); with 2 df
	 * it is (2p - 1) / sqrt(2 p (1 - p)).
	 */
	ok(fabs(ts_t_critical(1, 0.95) - tan(M_PI * 0.975 - M_PI / 2)) <
	    1e-9, "t(1) 95 %%: tan(0.475 pi) = 12.7062047");
	ok(fabs(ts_t_critical(2, 0.99) - 9.924843200918) < 1e-9,
	    "t(2) 99 %%: 9.9248432");
	ok(isnan(ts_t_critical(0, 0.95)), "no critical value at 0 df");
	ok(isnan(ts_t_critical(5, 1)) && isnan(ts_t_critical(5, 0)),
	    "no critical value at level 0 or 1");
}

static void
test_quantile(void)
{
	ok(fabs(ts_t_quantile(0.975, 10) - 2.228139) < 1e-5,
	    "t quantile 0.975, 10 df = 2.2281");
	ok(fabs(ts_t_quantile(0.995, 4) - 4.604095) < 1e-5,
	    "t quantile 0.995, 4 df = 4.6041");
	ok(fabs(ts_t_quantile(0.025, 10) + 2.228139) < 1e-5,
	    "t quantile 0.025, 10 df = -2.2281");
	ok(ts_t_quantile(0.5, 3) == 0, "the median of t is 0");
	ok(fabs(ts_t_quantile(0.95, 30) - 1.697261) < 1e-5,
	    "t quantile 0.95, 30 df = 1.6973");
}

static void
test_two_sided_p(void)
{
	ok(fabs(ts_t_two_sided_p(2.0, 10) - 0.07338803) < 1e-6,
	    "P(|T10| > 2) = 0.0733880");
	/* Cauchy: P(|T1| > 1) = 1/2; 2 df: 1 - t / sqrt(2 + t^2). */
	ok(fabs(ts_t_two_sided_p(1, 1) - 0.5) < 1e-12, "P(|T1| > 1) = 0.5");
	ok(fabs(ts_t_two_sided_p(-2, 2) - (1 - 2 / sqrt(6.0))) < 1e-12,
	    "P(|T2| > 2) = 1 - 2 / sqrt 6, either sign");
	ok(fabs(ts_t_two_sided_p(1.959964, 1e7) - 0.05) < 1e-5,
	    "t with many df is normal: P(|T| > 1.96) = 0.05");
	ok(fabs(ts_t_two_sided_p(0, 4) - 1) < 1e-12, "P(|T| > 0) = 1");
	ok(ts_t_two_sided_p(INFINITY, 4) == 0, "P(|T| > inf) = 0");
	ok(isnan(ts_t_two_sided_p(NAN, 4)) && isnan(ts_t_two_sided_p(1, 0)),
	    "NaN t or 0 df: NaN");
}

static void
test_normal(void)
{
	ok(fabs(ts_z_critical(0.05) - 1.959963985) < 1e-9,
	    "normal 95 %% two-sided: 1.959964");
	ok(fabs(ts_z_critical(0.01) - 2.575829304) < 1e-9,
	    "normal 99 %% two-sided: 2.575829");
	ok(fabs(ts_z_critical(0.05) - TS_Z975) < 1e-12,
	    "TS_Z975 is the normal's 97.5 %% point");
}

int
main(void)
{
	test_critical();
	test_quantile();
	test_two_sided_p();
	test_normal();
	return done_testing();
}
