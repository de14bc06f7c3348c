/* SPDX-License-Identifier: MIT */
/*
 * lib/ab/ab-host.c: Spearman's rho and its p-value against known
 * values, ties ranked by their average; the probe's spread and whether
 * the ratio moved with it; rounds that lost time and the hypervisor's
 * steal, judged as threadstone-run judges a pass.
 */
#include <config.h>

#include <math.h>

#include "ab/ab-host.h"
#include "tap.h"

int
main(void)
{
	double x[10] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 };
	double y[10] = { 2, 1, 4, 3, 6, 5, 8, 7, 10, 9 };
	double ties[10] = { 1, 1, 2, 2, 3, 3, 4, 4, 5, 5 };
	double scores[5] = { 100, 110, 90, 100, 105 };
	double rs[10] = { 100, 90, 110, 100, 95, 97, 103, 99, 101, 100 };
	double lr[10] = { 0.01, 0.02, 0.0, 0.01, 0.01, 0.02, 0.01, 0.0,
	    0.01, 0.02 };
	double rounds[6] = { 1, 1.1, 0.9, 1, 1.6, 1 }, p;
	struct ts_ab_host h;

	/* 1 - 6 * 10 / (10 * 99) */
	ok(fabs(ts_ab_spearman(x, y, 10, &p) - (1 - 60.0 / 990)) < 1e-12,
	    "rho of neighbours swapped pairwise: 1 - 6 x 10 / 990");
	ok(p < 0.001, "and it is significant (p %.2g)", p);
	/* Ranks 1.5 1.5 3.5 3.5 ...: sxy 80, sxx 80, syy 82.5. */
	ok(fabs(ts_ab_spearman(ties, x, 10, &p) - 80 / sqrt(80 * 82.5)) <
	    1e-12, "ties take their average rank");
	ok(isnan(ts_ab_spearman(x, y, 9, &p)) && isnan(p),
	    "fewer than ten pairs: NaN");
	ok(isnan(ts_ab_spearman(x, (double[]){ 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 },
	    10, &p)), "a constant: NaN");

	ts_ab_host_init(&h);
	ok(h.readings == 0 && isnan(h.moved) && isnan(h.steal_share),
	    "nothing known at first");
	ts_ab_host_probe(&h, scores, 5, rs, lr, 10);
	ok(h.readings == 5 && h.score_median == 100 && h.score_min == 90 &&
	    fabs(h.moved - (110.0 / 90 - 1)) < 1e-12,
	    "the probe: median 100, from 90 to 110, moved 22 %%");
	ok(fabs(h.rho) < 0.5 && !h.moved_with,
	    "a ratio that did not move with the score: rho %.2f, p %.2f",
	    h.rho, h.rho_p);
	ts_ab_host_probe(&h, scores, 5, x, x, 10);
	ok(h.rho == 1 && h.moved_with, "one that moved with it: rho 1");
	ts_ab_host_probe(&h, (double[]){ NAN }, 1, rs, lr, 0);
	ok(h.readings == 0 && isnan(h.score_median), "no reading: no probe");

	ts_ab_host_lost(&h, rounds, 6, NAN, 12);
	ok(h.usual_s == 1 && h.lost_rounds == 1 && fabs(h.worst - 1.6) <
	    1e-12 && h.lost_time, "a round of 1.6x the usual lost time");
	ts_ab_host_lost(&h, rounds, 4, 200, 12);
	ok(h.lost_rounds == 0 && fabs(h.steal_share - 0.2 / 12) < 1e-12 &&
	    h.lost_time, "200 ms stolen of 12 CPU seconds: 1.7 %% lost time");
	ts_ab_host_lost(&h, rounds, 4, 100, 12);
	ok(!h.lost_time, "100 ms of 12 s (0.8 %%) is within the 1 %%");
	return done_testing();
}
