/* SPDX-License-Identifier: MIT */
/*
 * lib/stats/stats-family.c on exact values: Holm's adjusted p-values of
 * R's p.adjust(..., "holm") on two textbook lists; the permutation
 * max-T's p-values on sets of three runs a side counted by hand (20
 * arrangements), its draws against the exact enumeration on seven a
 * side; and, simulated, the chance that two sets of one build are
 * flagged anywhere among eleven rows that share each run's state, at
 * most the level.
 */
#include <config.h>

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "stats/stats-family.h"
#include "rng.h"
#include "sim-draw.h"
#include "tap.h"

#define N(a)	(sizeof (a) / sizeof (a)[0])

static void
test_holm(void)
{
	/* p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm") */
	static const double p1[] = { 0.01, 0.04, 0.03, 0.005 },
	    a1[] = { 0.03, 0.06, 0.06, 0.02 };
	/* p.adjust(c(0.01, 0.02, 0.03, 0.04, 0.05), "holm") */
	static const double p2[] = { 0.01, 0.02, 0.03, 0.04, 0.05 },
	    a2[] = { 0.05, 0.08, 0.09, 0.09, 0.09 };
	double adj[5], p3[3] = { 0.01, NAN, 0.04 }, p4[2] = { 0.6, 0.7 };
	size_t i;
	int good = 1;

	ts_holm(p1, N(p1), adj);
	for (i = 0; i < N(p1); i++)
		good &= fabs(adj[i] - a1[i]) < 1e-12;
	ok(good, "Holm of 0.01 0.04 0.03 0.005: 0.03 0.06 0.06 0.02");
	ts_holm(p2, N(p2), adj);
	for (good = 1, i = 0; i < N(p2); i++)
		good &= fabs(adj[i] - a2[i]) < 1e-12;
	ok(good, "Holm of 0.01 ... 0.05: 0.05 0.08 0.09 0.09 0.09");
	ts_holm(p3, N(p3), p3);
	ok(fabs(p3[0] - 0.02) < 1e-12 && isnan(p3[1]) &&
	    fabs(p3[2] - 0.04) < 1e-12, "a NaN row is left out of the "
	    "family (0.01 and 0.04 of two: 0.02, 0.04), in place");
	ts_holm(p4, N(p4), adj);
	ok(adj[0] == 1 && adj[1] == 1, "adjusted p-values stop at 1");
}

static void
test_choose(void)
{
	ok(ts_choose(6, 3) == 20 && ts_choose(12, 6) == 924 &&
	    ts_choose(24, 12) == 2704156 && ts_choose(5, 0) == 1 &&
	    ts_choose(3, 4) == 0, "C(6,3) 20, C(12,6) 924, C(24,12) "
	    "2704156");
	ok(ts_choose(100, 50) == UINT64_MAX && ts_choose(67, 33) ==
	    UINT64_C(14226520737620288370), "C(67,33) fits, C(100,50) "
	    "does not");
}

/* Rows of runs: x[row][unit]; the statistic is the second side's mean
 * less the first's. */
struct rows {
	size_t		 nrows, nunits;
	const double	*x;
};

static void
mean_diff(const unsigned char *second, double *t, void *arg)
{
	const struct rows *r = arg;
	size_t k, u, n2;
	double s1, s2;

	for (k = 0; k < r->nrows; k++) {
		s1 = s2 = 0;
		n2 = 0;
		for (u = 0; u < r->nunits; u++) {
			if (second[u]) {
				s2 += r->x[k * r->nunits + u];
				n2++;
			} else
				s1 += r->x[k * r->nunits + u];
		}
		t[k] = s2 / (double)n2 - s1 / (double)(r->nunits - n2);
	}
}

static void
test_maxt_exact(void)
{
	/*
	 * Row A: 1 2 3 | 4 5 6, the most extreme of the 20 arrangements;
	 * row B: 1 2 4 | 3 5 6, whose second side's sum, 14, is reached
	 * or passed by 2 of them.  Alone, A's p is 1/20 and B's 2/20.
	 * Together, step down: A's maximum is passed by the observed and
	 * by the arrangement that puts B's 4 5 6 second (A's 3 5 6 there,
	 * 7/3 < 3, but B's 3): 2/20; B, below A, counts itself alone:
	 * 2/20.
	 */
	static const double a[] = { 1, 2, 3, 4, 5, 6 },
	    ab[] = { 1, 2, 3, 4, 5, 6, 1, 2, 4, 3, 5, 6 },
	    aa[] = { 1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6 };
	struct rows r = { 1, 6, a };
	struct ts_maxt info;
	double adj[2];

	ts_maxt_two_sides(3, 3, 1, mean_diff, &r, 1000, 0, 1, adj, &info);
	ok(info.exact && info.arrangements == 20 &&
	    fabs(adj[0] - 0.05) < 1e-12 && fabs(info.p_min - 0.05) < 1e-12,
	    "3 a side, the most extreme arrangement: p 1/20 of 20 (%g)",
	    adj[0]);
	r.nrows = 2;
	r.x = ab;
	ts_maxt_two_sides(3, 3, 2, mean_diff, &r, 1000, 0, 1, adj, &info);
	ok(fabs(adj[0] - 0.1) < 1e-12 && fabs(adj[1] - 0.1) < 1e-12,
	    "two rows, step down: 2/20 and 2/20 (%g, %g)", adj[0], adj[1]);
	r.x = aa;
	ts_maxt_two_sides(3, 3, 2, mean_diff, &r, 1000, 0, 1, adj, &info);
	ok(fabs(adj[0] - 0.05) < 1e-12 && fabs(adj[1] - 0.05) < 1e-12,
	    "two identical rows cost nothing: 1/20 each");
	ok(ts_maxt_two_sides(0, 3, 1, mean_diff, &r, 1000, 0, 1, adj, &info)
	    == -1 && isnan(adj[0]), "an empty side: -1, NaN");
}

static void
test_maxt_draws(void)
{
	double x[3 * 14], ex[3], mc[3];
	struct rows r = { 3, 14, x };
	struct ts_maxt ie, im;
	struct ts_rng g;
	size_t k, u;

	ts_rng_seed(&g, 3);
	for (k = 0; k < 3; k++)
		for (u = 0; u < 14; u++)
			x[k * 14 + u] = sim_normal(&g) + (u >= 7 ? 0.4 *
			    (double)k : 0);
	ts_maxt_two_sides(7, 7, 3, mean_diff, &r, 10000, 0, 1, ex, &ie);
	ts_maxt_two_sides(7, 7, 3, mean_diff, &r, 100, 20000, 9, mc, &im);
	ok(ie.exact && ie.arrangements == 3432 && !im.exact &&
	    im.arrangements == 20001, "7 a side: 3432 exact, or 20000 "
	    "drawn and the observed");
	ok(fabs(ex[0] - mc[0]) < 0.015 && fabs(ex[1] - mc[1]) < 0.015 &&
	    fabs(ex[2] - mc[2]) < 0.01, "drawn p-values near the exact "
	    "(%.4f %.4f %.4f against %.4f %.4f %.4f)", mc[0], mc[1], mc[2],
	    ex[0], ex[1], ex[2]);
}

/*
 * Sets of one build, 6 runs a side, 11 rows that share each run's
 * state (a common factor as large as each row's own noise, Student's
 * t(3) noise): the family is flagged at most 5 % of the time.
 */
static void
test_maxt_family(void)
{
	enum { ROWS = 11, UNITS = 12, EXP = 600 };
	double x[ROWS * UNITS], adj[ROWS], common, worst;
	struct rows r = { ROWS, UNITS, x };
	struct ts_maxt info;
	struct ts_rng g;
	size_t e, k, u, flagged = 0, rows = 0;

	ts_rng_seed(&g, 11);
	for (e = 0; e < EXP; e++) {
		for (u = 0; u < UNITS; u++) {
			common = sim_student(&g, 3);
			for (k = 0; k < ROWS; k++)
				x[k * UNITS + u] = common +
				    sim_student(&g, 3);
		}
		ts_maxt_two_sides(6, 6, ROWS, mean_diff, &r, 1000, 0, 1, adj,
		    &info);
		for (worst = 1, k = 0; k < ROWS; k++) {
			worst = fmin(worst, adj[k]);
			rows += adj[k] <= 0.05;
		}
		flagged += worst <= 0.05;
	}
	diag("%d experiments of 6 a side, 11 rows sharing each run's "
	    "state: %zu flagged, %zu rows", EXP, flagged, rows);
	ok(flagged <= EXP * 0.05 + 2 * sqrt(EXP * 0.05 * 0.95),
	    "family flagged in %zu of %d experiments (5 %% level)", flagged,
	    EXP);
}

int
main(void)
{
	test_holm();
	test_choose();
	test_maxt_exact();
	test_maxt_draws();
	test_maxt_family();
	return done_testing();
}
