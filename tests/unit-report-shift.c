/* SPDX-License-Identifier: MIT */
/*
 * lib/report/report-shift.c, the shift between two sets of runs: the
 * exact null distribution of Mann-Whitney's U against counted cases, the
 * critical counts and the confidence they reach, the Hodges-Lehmann
 * estimate and interval and Welch's on small sets; then simulated sets of
 * runs whose between-run variance is known (normal, two modes, Student's
 * t with 3 degrees of freedom): the interval's coverage of the true shift,
 * the false alarms of sets of the same build, and the smallest change the
 * sets can detect for 1, 3, 6 and 12 runs a side (one run a side is
 * compare's pair rule on the runs' executions).  Seeded: the figures are
 * the same on every run.
 */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doc/doc-ext-exec.h"
#include "report/report-compare.h"
#include "report/report-shift.h"
#include "rng.h"
#include "sim-draw.h"
#include "tap.h"
#include "util.h"

#define EXPERIMENTS	4000
#define EXECUTIONS	8	/* a run's executions, as threadstone-run's */

/* How a run's own level is drawn (log scale, sd about 1 before scale). */
enum model {
	NORMAL,		/* N(0, 1) */
	TWO_MODES,	/* a third of the runs in a slow mode, 2.5 below */
	HEAVY		/* Student's t(3), scale 1 */
};

static const char *const model_names[] = {
	"normal", "two modes (a third of runs slow)", "Student's t(3)"
};

static double
run_level(struct ts_rng *r, enum model m)
{
	switch (m) {
	case TWO_MODES:
		return (ts_rng_f64(r) < 1.0 / 3 ? -2.5 : 0) + 0.5 * sim_normal(r);
	case HEAVY:
		return sim_student(r, 3);
	default:
		return sim_normal(r);
	}
}

static void
test_distribution(void)
{
	double *c, achieved;
	long c6;
	size_t u;
	int sym = 1;

	c = ts_shift_mw_cdf(3, 3);
	ok(fabs(c[0] - 1.0 / 20) < 1e-12 && fabs(c[1] - 2.0 / 20) < 1e-12 &&
	    fabs(c[2] - 4.0 / 20) < 1e-12 && fabs(c[9] - 1) < 1e-12,
	    "3 and 3: P(U <= 0, 1, 2) = 1, 2, 4 of 20; P(U <= 9) = 1");
	free(c);
	c = ts_shift_mw_cdf(6, 6);
	/* The counts of U = 0..5 for 6 and 6 are 1 1 2 3 5 7 (of 924). */
	ok(fabs(c[5] - 19.0 / 924) < 1e-12, "6 and 6: P(U <= 5) = 19/924 "
	    "(%.6f)", c[5]);
	for (u = 0; u < 36; u++)
		if (fabs(c[u] - (1 - c[35 - u])) > 1e-12)
			sym = 0;
	ok(sym, "6 and 6: U is symmetric about 18");
	free(c);
	c = ts_shift_mw_cdf(2, 5);
	ok(fabs(c[0] - 1.0 / 21) < 1e-12 && fabs(c[10] - 1) < 1e-12,
	    "2 and 5: P(U <= 0) = 1/21");
	free(c);

	ok(!ts_shift_rank_possible(3, 3, 0.95) &&
	    !ts_shift_rank_possible(3, 4, 0.95) &&
	    ts_shift_rank_possible(4, 4, 0.95) &&
	    ts_shift_rank_possible(3, 5, 0.95) &&
	    ts_shift_rank_possible(2, 8, 0.95) &&
	    !ts_shift_rank_possible(2, 7, 0.95),
	    "ranks reach 95 %% from 4 and 4, 3 and 5, 2 and 8");
	ok(ts_shift_critical(4, 4, 0.95, &achieved) == 0 &&
	    fabs(achieved - (1 - 2.0 / 70)) < 1e-12,
	    "4 and 4: the extreme differences, at 97.1 %%");
	c6 = ts_shift_critical(6, 6, 0.95, &achieved);
	ok(c6 == 5 && fabs(achieved - (1 - 38.0 / 924)) < 1e-12,
	    "6 and 6: the 6th differences from either end, at %.1f %%",
	    100 * achieved);
	ok(ts_shift_critical(3, 3, 0.95, NULL) == -1,
	    "3 and 3: no rank interval at 95 %%");
	/* Large sets use the normal approximation: near 95 %. */
	ts_shift_critical(60, 60, 0.95, &achieved);
	ok(achieved >= 0.95 && achieved < 0.952,
	    "60 and 60 (normal approximation): %.4f", achieved);
}

static void
test_estimates(void)
{
	static const double x[] = { 1, 2, 3, 4, 5, 6 };
	static const double y[] = { 11, 12, 13, 14, 15, 16 };
	static const double same[] = { 3, 3, 3, 3 };
	static const double y3[] = { 2, 3, 4 }, x3[] = { 1, 2, 3 };
	static const double nan2[] = { NAN, 7, 8, 9, 10, 11 };
	struct ts_shift s;

	int rc;

	rc = ts_shift_estimate(x, 6, y, 6, 0.95, &s);
	ok(rc == 0 && s.method == TS_SHIFT_RANK && s.estimate == 10 &&
	    s.low == 7 && s.high == 13 && s.p < 0.01,
	    "6 and 6, shifted by 10: HL 10, interval [7, 13] (the 6th "
	    "of 36 differences from either end), p %.4f", s.p);
	ok(fabs(s.p - 2.0 / 924) < 1e-12, "complete separation: p = 2/924");
	ok(ts_shift_estimate(same, 4, same, 4, 0.95, &s) == 0 &&
	    s.estimate == 0 && s.low == 0 && s.high == 0 && s.p == 1,
	    "equal constants: no shift, p 1");
	ok(ts_shift_estimate(x3, 3, y3, 3, 0.95, &s) == 0 &&
	    s.method == TS_SHIFT_T && s.estimate == 1 &&
	    fabs(s.df - 4) < 1e-9 &&
	    fabs(s.high - 1 - 2.776445 * sqrt(2.0 / 3)) < 1e-4,
	    "3 and 3: Student's t, 1 +- t(4) sqrt(2/3)");
	ok(ts_shift_estimate(x, 1, x3, 3, 0.95, &s) == 0 &&
	    s.method == TS_SHIFT_T && s.df == 2 && s.estimate == 1,
	    "one run against three: the three's variance, 2 df");
	ok(ts_shift_estimate(x, 1, y, 1, 0.95, &s) == -1 &&
	    s.method == TS_SHIFT_NONE, "one run a side: not judged here");
	ok(ts_shift_estimate(x, 6, nan2, 6, 0.95, &s) == 0 && s.n == 5,
	    "non-finite values are left out");
}

/*
 * One simulated run: EXECUTIONS execution means around the run's level
 * (log scale: run sd sb, executions sd se, in %), into ex; its figure,
 * the best execution (as compare takes it from a run with executions),
 * is returned.
 */
static double
draw_run(struct ts_rng *r, enum model m, double shift_pct, double sb,
    double se, double *ex)
{
	double level = log1p(shift_pct / 100) + sb / 100 * run_level(r, m),
	    best = 0;
	size_t i;

	for (i = 0; i < EXECUTIONS; i++) {
		ex[i] = 100 * exp(level + se / 100 * sim_normal(r));
		best = fmax(best, ex[i]);
	}
	return best;
}

struct figures {
	double	coverage, alarms, detectable;	/* %, %, % */
};

/*
 * n runs a side, EXPERIMENTS times: how often the interval holds the true
 * shift of `shift_pct`, how often sets without a shift are flagged, and
 * the mean half-width of the interval (the detectable change, %).  With
 * n = 1 the pair rule decides (best execution against best, beyond the
 * spread of the four best and the range of either run).
 */
static struct figures
simulate(enum model m, size_t n, double sb, double se, double shift_pct,
    uint64_t seed)
{
	struct ts_exec_design d;
	struct ts_compare_row row;
	struct figures f = { 0, 0, 0 };
	struct ts_shift s;
	struct ts_rng r;
	double x[64], y[64], truth = log1p(shift_pct / 100);
	size_t i, k, covered = 0, alarms = 0, judged = 0;
	int e;

	memset(&d, 0, sizeof d);
	ts_exec_pass_add(&d, "w", TS_EXEC_SINGLE, EXECUTIONS);
	ts_exec_pass_add(&d, "w", TS_EXEC_MULTI, EXECUTIONS);
	ts_rng_seed(&r, seed);
	for (e = 0; e < EXPERIMENTS; e++) {
		for (k = 0; k < 2; k++) {
			double sh = k == 0 ? 0 : shift_pct;

			for (i = 0; i < n; i++) {
				double v = draw_run(&r, m, sh, sb, se,
				    d.passes[k].means);

				(k == 0 ? x : y)[i] = log(v);
			}
		}
		if (n == 1) {
			memset(&row, 0, sizeof row);
			row.unit = TS_UNIT_GFLOPS;
			row.has_pct = row.has_base = row.has_cand = true;
			if (ts_compare_exec_verdict(&row, &d.passes[0],
			    &d.passes[1]) == -1)
				continue;
			judged++;
			f.detectable += row.threshold;
			covered += fabs(row.best_pct - shift_pct) <=
			    row.threshold;
			continue;
		}
		/* The A/A half: a second baseline set against the first. */
		for (i = 0; i < n; i++)
			y[n + i] = log(draw_run(&r, m, 0, sb, se,
			    d.passes[1].means));
		if (ts_shift_estimate(x, n, y, n, 0.95, &s) == -1)
			continue;
		judged++;
		covered += s.low <= truth && truth <= s.high;
		f.detectable += 100 * (exp((s.high - s.low) / 2) - 1);
		if (ts_shift_estimate(x, n, y + n, n, 0.95, &s) == 0)
			alarms += s.low > 0 || s.high < 0;
	}
	if (n == 1) {
		/* The pair rule's false alarms: two runs of one build. */
		ts_rng_seed(&r, seed + 1);
		for (e = 0; e < EXPERIMENTS; e++) {
			for (k = 0; k < 2; k++)
				draw_run(&r, m, 0, sb, se, d.passes[k].means);
			memset(&row, 0, sizeof row);
			row.unit = TS_UNIT_GFLOPS;
			row.has_pct = row.has_base = row.has_cand = true;
			if (ts_compare_exec_verdict(&row, &d.passes[0],
			    &d.passes[1]) == 0)
				alarms += row.verdict != TS_VERDICT_UNCHANGED;
		}
	}
	ts_exec_design_free(&d);
	if (judged > 0) {
		f.coverage = 100.0 * (double)covered / (double)judged;
		f.detectable /= (double)judged;
	}
	f.alarms = 100.0 * (double)alarms / EXPERIMENTS;
	return f;
}

/*
 * Sets of 3, 6 and 12 runs: coverage 95 +- 1.5 %, false alarms at most
 * 5 % (three runs a side use Student's t, which asks for normal runs:
 * its figures under the other models are printed, not asserted).
 */
static void
test_sets(void)
{
	static const size_t sizes[] = { 3, 6, 12 };
	/* Runs spread 8 % (log sd), executions 6 % within a run. */
	const double sb = 8, se = 6, shift = -10;
	struct figures f;
	size_t i;
	int m;

	for (m = NORMAL; m <= HEAVY; m++)
		for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
			bool asserted = m == NORMAL || sizes[i] >= 4;

			f = simulate(m, sizes[i], sb, se, shift,
			    1000 + 10 * (uint64_t)m + i);
			if (!asserted) {
				diag("%s, %zu runs a side (t): coverage "
				    "%.2f %%, false alarms %.2f %%, detectable "
				    "+-%.1f %%", model_names[m], sizes[i],
				    f.coverage, f.alarms, f.detectable);
				continue;
			}
			ok(fabs(f.coverage - 95) <= 1.5, "%s, %zu runs a "
			    "side: coverage %.2f %% (95 +- 1.5)",
			    model_names[m], sizes[i], f.coverage);
			/*
			 * Student's t (3 runs a side) is exact at 5 % for
			 * normal runs, so its estimate scatters about 5 %:
			 * it is held to 5 % within two standard errors of
			 * the simulation (0.7 points); ranks, conservative
			 * by construction, to 5 %.
			 */
			ok(f.alarms <= (sizes[i] < 4 ? 5 + 2 * sqrt(5.0 *
			    95 / EXPERIMENTS) : 5), "%s, %zu runs a side: "
			    "false alarms %.2f %% <= 5 %%%s", model_names[m],
			    sizes[i], f.alarms, sizes[i] < 4 ? " (within "
			    "the simulation's error)" : "");
		}
}

/*
 * The detectable change for 1, 3, 6 and 12 runs a side, on a model of
 * this VM's passes: executions spread 10 % within a run (so that one
 * run's range is about 30 %, as the pair rule sees it here), and whole
 * runs 4 % beyond what their executions show.  From 3 runs on it falls
 * about as 1 / sqrt(n); one run a side (the pair rule) can only widen a
 * row by what the host did within either run.
 */
static void
test_detectable(void)
{
	static const size_t sizes[] = { 1, 3, 6, 12 };
	double det[4];
	size_t i;

	for (i = 0; i < 4; i++) {
		struct figures f = simulate(NORMAL, sizes[i], 4, 10, 0,
		    2000 + i);

		det[i] = f.detectable;
		diag("executions spread 10 %%, runs 4 %% beyond: %zu run%s a "
		    "side: detectable +-%.1f %%, false alarms %.2f %%",
		    sizes[i], sizes[i] == 1 ? "" : "s", f.detectable,
		    f.alarms);
	}
	ok(det[2] < det[1] && det[3] < det[2], "the detectable change "
	    "falls as runs are added (%.1f, %.1f, %.1f %%)", det[1], det[2],
	    det[3]);
	ok(det[3] / det[2] > 0.55 && det[3] / det[2] < 0.85,
	    "12 runs against 6: %.2f of the detectable change (1/sqrt(2) "
	    "= 0.71)", det[3] / det[2]);
	ok(det[2] <= det[0] / 2, "six runs a side detect half of what one "
	    "does, or less (%.1f %% against %.1f %%)", det[2], det[0]);
}

int
main(void)
{
	test_distribution();
	test_estimates();
	test_sets();
	test_detectable();
	return done_testing();
}
