/* SPDX-License-Identifier: MIT */
/*
 * lib/stats/stats-serial.c on series whose answers are known: R's acf
 * of 1..5 and 1..8, midranks with ties, the rank test's statistic on
 * two series worked by hand (a second implementation of its
 * definition), its invariance to a location and to a sign changed for
 * the whole series, batches; then, seeded, the test's size on
 * independent values of three shapes (its ranks make it the same for
 * each) and its power on an AR(1) series.
 */
#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"
#include "sim-draw.h"
#include "stats/stats-basic.h"
#include "stats/stats-serial.h"
#include "tap.h"

#define N(a)	(sizeof (a) / sizeof (a)[0])

static int
near(double got, double want, double tol)
{
	if (fabs(got - want) <= tol)
		return 1;
	diag("got %.17g, want %.17g", got, want);
	return 0;
}

static void
test_autocorr(void)
{
	static const double five[] = { 1, 2, 3, 4, 5 },
	    eight[] = { 1, 2, 3, 4, 5, 6, 7, 8 }, flat[] = { 2, 2, 2 },
	    alt[] = { 1, -1, 1, -1 };

	/* R: acf(1:5)$acf = 1, 0.4, -0.1, -0.4, -0.4. */
	ok(near(ts_autocorr(five, 5, 1), 0.4, 1e-15) &&
	    near(ts_autocorr(five, 5, 2), -0.1, 1e-15) &&
	    near(ts_autocorr(five, 5, 3), -0.4, 1e-15) &&
	    near(ts_autocorr(five, 5, 4), -0.4, 1e-15),
	    "acf of 1..5: 0.4, -0.1, -0.4, -0.4 (R)");
	/* R: acf(1:8)$acf[2:3] = 0.625, 0.2738095. */
	ok(near(ts_autocorr(eight, 8, 1), 0.625, 1e-15) &&
	    near(ts_autocorr(eight, 8, 2), 23.0 / 84, 1e-15),
	    "acf of 1..8: 0.625, 23/84 (R)");
	ok(near(ts_autocorr(alt, 4, 1), -0.75, 1e-15),
	    "1 -1 1 -1: lag 1 is -3/4");
	ok(isnan(ts_autocorr(flat, 3, 1)) && isnan(ts_autocorr(five, 5, 5)) &&
	    isnan(ts_autocorr(five, 5, 0)),
	    "NaN for equal values, a lag of n or more, and lag 0");
}

static void
test_midranks(void)
{
	static const double x[] = { 1, 3, 3, 7 }, y[] = { 5, 5, 5 };
	static const double rx[] = { 1, 2.5, 2.5, 4 }, ry[] = { 2, 2, 2 };
	double r[4];

	ts_midranks(x, N(x), r);
	ok(memcmp(r, rx, sizeof rx) == 0, "midranks of 1 3 3 7: 1 2.5 2.5 4");
	ts_midranks(y, N(y), r);
	ok(memcmp(r, ry, sizeof ry) == 0, "three equal values: all rank 2");
	ts_midranks((double[]){ 0.5, -2, 9 }, 3, r);
	ok(r[0] == 2 && r[1] == 1 && r[2] == 3, "0.5 -2 9: ranks 2 1 3");
}

static void
test_known(void)
{
	static const double eight[] = { 1, 2, 3, 4, 5, 6, 7, 8 };
	static const double x[] = { 3.1, -0.5, 2.2, 2.9, -1.0, 0.4, 0.4, 5.0,
	    -2.2, 1.1, 0.0, 3.3 };
	double y[N(x)];
	struct ts_serial s, t;
	size_t i;

	ok(ts_serial_lags(1) == 1 && ts_serial_lags(8) == 2 &&
	    ts_serial_lags(27) == 3 && ts_serial_lags(28) == 4 &&
	    ts_serial_lags(1000) == 10 && ts_serial_lags(5000) == 10,
	    "lags: the cube root rounded up, 1 to 10");
	ok(ts_serial_test(eight, 8, 2, &s) == 0 && s.lags == 2 &&
	    near(s.r1, 0.625, 1e-15) && near(s.z, 2.885249243759155, 1e-12) &&
	    near(s.p, 0.001955519446615567, 1e-14),
	    "1..8 at lags 1..2: r1 0.625, z 2.8852, p 0.00196");
	ok(ts_serial_test(x, N(x), 3, &s) == 0 &&
	    near(s.r1, -0.49473684210526314, 1e-15) &&
	    near(s.z, -1.206124772091409, 1e-12) &&
	    near(s.p, 0.8861153077200263, 1e-12),
	    "twelve values with a tie at lags 1..3: r1 -0.4947, z -1.2061, "
	    "p 0.886");
	for (i = 0; i < N(x); i++)
		y[i] = 7 - 3 * x[i];
	ts_serial_test(y, N(y), 3, &t);
	ok(near(t.z, s.z, 1e-12) && near(t.r1, s.r1, 1e-15),
	    "the same for 7 - 3x: a location, a scale and the sign of the "
	    "whole series change nothing");
	ok(ts_serial_test(eight, 7, 2, &s) == -1 && isnan(s.p) &&
	    ts_serial_test(eight, 8, 4, &s) == -1 &&
	    ts_serial_test(eight, 8, 0, &s) == -1 &&
	    ts_serial_test((double[]){ 1, 1, 1, 1, 1, 1, 1, 1 }, 8, 2,
	    &s) == -1, "refused: fewer than 8 values, lags of n/2 or more, "
	    "no lag, equal values");
}

/* The mean of x[0..n), for ts_batches; *arg counts the calls. */
static double
mean(const double *x, size_t n, void *arg)
{
	double m, var;

	++*(int *)arg;
	ts_mean_var(x, n, &m, &var);
	return m;
}

static void
test_batches(void)
{
	static const double ten[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 };
	double out[3];
	int calls = 0;

	ok(ts_batch_start(10, 3, 0) == 0 && ts_batch_start(10, 3, 1) == 3 &&
	    ts_batch_start(10, 3, 2) == 6 && ts_batch_start(10, 3, 3) == 10,
	    "10 values in 3 batches start at 0, 3, 6 and end at 10");
	ts_batches(ten, 10, 3, mean, &calls, out);
	ok(calls == 3 && out[0] == 2 && out[1] == 5 && out[2] == 8.5,
	    "batch means of 1..10 in 3: 2, 5, 8.5");
	ts_batches(ten, 10, 1, mean, &calls, out);
	ok(out[0] == 5.5, "one batch: the mean");
}

/* An independent draw of shape `shape': normal, Cauchy, or two-valued. */
static double
draw(struct ts_rng *r, int shape)
{
	switch (shape) {
	case 0:
		return sim_normal(r);
	case 1:
		return tan(M_PI * (ts_rng_f64(r) - 0.5));
	default:
		return ts_rng_f64(r) < 0.7 ? 0 : 1;
	}
}

/*
 * The share of `count' series of n independent values (or AR(1) with
 * coefficient phi > 0, from normal draws) that the test finds
 * correlated at 5 %.
 */
static double
rejects(size_t n, int shape, double phi, size_t count, uint64_t seed)
{
	double *x = calloc(n, sizeof *x);
	struct ts_serial s;
	struct ts_rng r;
	size_t c, i, hit = 0;

	ts_rng_seed(&r, seed);
	for (c = 0; c < count; c++) {
		x[0] = draw(&r, shape);
		for (i = 1; i < n; i++)
			x[i] = phi * x[i - 1] + draw(&r, phi > 0 ? 0 : shape);
		if (ts_serial_test(x, n, ts_serial_lags(n), &s) == 0)
			hit += s.p < 0.05;
	}
	free(x);
	return (double)hit / (double)count;
}

static void
test_size(void)
{
	static const char *const shapes[] = { "normal", "Cauchy",
	    "0 or 1 (70 % ties)" };
	static const size_t ns[] = { 12, 30, 100, 400 };
	enum { COUNT = 4000 };
	double p, worst = 0, best = 1;
	size_t i;
	int sh;

	for (sh = 0; sh < 3; sh++)
		for (i = 0; i < N(ns); i++) {
			p = rejects(ns[i], sh, 0, COUNT, 7 + i + 10 * (size_t)sh);
			diag("independent %s values, n %zu: rejected %.2f %% at "
			    "5 %%", shapes[sh], ns[i], 100 * p);
			worst = p > worst ? p : worst;
			best = p < best ? p : best;
		}
	/*
	 * The normal approximation leans a little liberal (5 to 6.5 %, as
	 * the lags' statistics are not quite independent): a test of
	 * independence that errs towards finding correlation.
	 */
	ok(worst < 0.075 && best > 0.03, "the test's size on independent "
	    "values of every shape, 12 to 400 of them: %.1f to %.1f %% at 5 %%",
	    100 * best, 100 * worst);
	p = rejects(100, 0, 0.3, 1000, 99);
	diag("AR(1) at 0.3, 100 values: found correlated %.0f %% of the time",
	    100 * p);
	p = rejects(400, 0, 0.2, 1000, 98);
	diag("AR(1) at 0.2, 400 values: %.0f %%", 100 * p);
	p = rejects(100, 0, 0.5, 1000, 97);
	ok(p > 0.95, "AR(1) at 0.5, 100 values: found correlated %.1f %% of "
	    "the time", 100 * p);
}

int
main(void)
{
	test_autocorr();
	test_midranks();
	test_known();
	test_batches();
	test_size();
	return done_testing();
}
