/* SPDX-License-Identifier: MIT */
/*
 * The fleet's statistics on small fleets whose answers are known by
 * hand: Welford per host, the variance split, an exact linear relation
 * between hosts (R^2 = 1, slope, rho = -1, verdict normalise), fleets
 * too small to bootstrap, the within-host regression (exact, and noisy
 * with a known R^2), blocks of time that merge back into the host's
 * moments, no between-host variance (normalise impossible between hosts,
 * possible within), the reservoir's cap, and a reproducible bootstrap;
 * the ranks and the order of values with NaNs and infinities in them
 * (one pass, every NaN tied last), records out of range refused, and
 * timings all 0 (no NaN in the result).
 */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fleet/fleet.h"
#include "fleet/fleet-within.h"
#include "rng.h"
#include "tap.h"

#define near(got, want, tol, name) do {					\
	double g_ = (got), w_ = (want);					\
	if (!ok(fabs(g_ - w_) <= (tol), "%s", name))			\
		diag("got %.10g, want %.10g", g_, w_);			\
} while (0)

/* A standard normal deviate (Box-Muller). */
static double
gauss(struct ts_rng *rng)
{
	double u = ts_rng_f64(rng), v = ts_rng_f64(rng);

	return sqrt(-2 * log(1 - u)) * cos(2 * M_PI * v);
}

/*
 * The ranks and the order, whatever the values: a NaN once made the rank
 * loop spin forever (issue 32).
 */
static void
test_nan(void)
{
	static const double v[] = { 3, NAN, 1, INFINITY, NAN, 1, -INFINITY,
	    NAN };
	static const double w[] = { 1, 1, 1, 1, 2, 1, 1, 1 };
	static const double allnan[] = { NAN, NAN, NAN };
	static const double ones[] = { 1, 1, 1 };
	double rank[8];
	size_t *o, n = 8, i;
	struct ts_fleet f;
	struct ts_fleet_result r;
	char err[1024], host[16];
	int j;

	o = ts_fleet_order(v, n);
	ok(o[0] == 6 && o[1] == 2 && o[2] == 5 && o[3] == 0 && o[4] == 3 &&
	    o[5] == 1 && o[6] == 4 && o[7] == 7,
	    "order: -Inf first, ties by index, the NaNs last");
	ts_fleet_wranks(v, o, w, n, rank);
	/* Places 1..9: -Inf 1; the 1s 2, 3; 3 4; +Inf 5; the NaNs 6..9. */
	ok(rank[6] == 1 && rank[2] == 2.5 && rank[5] == 2.5 && rank[0] == 4 &&
	    rank[3] == 5 && rank[1] == 7.5 && rank[4] == 7.5 && rank[7] == 7.5,
	    "ranks: the NaNs share the last places (weight 2 counted)");
	free(o);
	o = ts_fleet_order(allnan, 3);
	ts_fleet_wranks(allnan, o, ones, 3, rank);
	ok(rank[0] == 2 && rank[1] == 2 && rank[2] == 2,
	    "ranks of NaNs alone: one tie, and the loop ends");
	free(o);
	for (i = 0; i < 3; i++)
		rank[i] = -1;
	o = ts_fleet_order(allnan, 0);
	ts_fleet_wranks(allnan, o, ones, 0, rank);
	ok(rank[0] == -1, "no values: nothing ranked");
	free(o);

	ts_fleet_init(&f, 1);
	ok(ts_fleet_add(&f, "a", NAN, 1) == -1 &&
	    ts_fleet_add(&f, "a", INFINITY, 1) == -1 &&
	    ts_fleet_add(&f, "a", 1, NAN) == -1 &&
	    ts_fleet_add(&f, "a", 1, INFINITY) == -1 &&
	    ts_fleet_add(&f, "a", 1, -INFINITY) == -1 &&
	    ts_fleet_add(&f, "a", 1, 0) == -1 &&
	    ts_fleet_add(&f, "a", 1, -1) == -1 && f.records == 0 &&
	    f.nhosts == 0, "add: NaN, infinities and a score not positive "
	    "refused, nothing added");
	ok(ts_fleet_add(&f, "a", 0, 1e-300) == 0 && f.records == 1,
	    "add: a timing of 0 and a tiny score taken");
	ts_fleet_free(&f);

	/* Timings all 0: no spread, a CV of 0, not 0 / 0. */
	ts_fleet_init(&f, 1);
	for (i = 0; i < 12; i++)
		for (j = 0; j < 3; j++) {
			snprintf(host, sizeof host, "z%zu", i);
			ts_fleet_add(&f, host, 0, 40 + (double)i + j);
		}
	ok(ts_fleet_analyse(&f, 100, 1, &r, err, sizeof err) == 0 &&
	    r.cv_within == 0 && r.cv_between == 0 && r.cv_total == 0 &&
	    r.verdict == TS_FLEET_NONE, "timings all 0: CVs 0, no signal");
	ts_fleet_free(&f);
}

int
main(void)
{
	struct ts_fleet f;
	struct ts_fleet_result r, r2;
	struct ts_fleet_mom all, merged;
	struct ts_fleet_blocks bl;
	struct ts_rng rng;
	char err[1024], host[16];
	double s, t;
	int i, j;

	/* Ten hosts, two records each: exact line t = 100 - s between. */
	ts_fleet_init(&f, 1);
	for (i = 0; i < 10; i++) {
		snprintf(host, sizeof host, "h%d", i);
		ts_fleet_add(&f, host, 100 - 10 * (i + 1) - 1, 10 * (i + 1));
		ts_fleet_add(&f, host, 100 - 10 * (i + 1) + 1, 10 * (i + 1));
	}
	is_int(f.nhosts, 10, "ten hosts");
	near(f.hosts[1].mean_t, 80, 1e-12, "Welford mean");
	near(f.hosts[1].m2_t, 2, 1e-12, "Welford M2 (two records 1 apart "
	    "from the mean)");
	near(f.hosts[1].mom.ctt, 2, 1e-12, "the co-moments agree");
	ok(ts_fleet_analyse(&f, 200, 7, &r, err, sizeof err) == 0,
	    "ten hosts are enough");
	ok(r.between_ok, "a between-host verdict");
	near(r.cv_within, sqrt(2.0) / 45, 1e-12, "pooled within-host CV");
	near(r.cv_between, sqrt(100 * 110 / 12.0) / 45, 1e-12,
	    "between-host CV of the means");
	near(r.r2.v, 1, 1e-12, "R^2 of an exact line is 1");
	near(r.slope.v, -1, 1e-12, "its slope is -1");
	near(r.rho.v, -1, 1e-12, "Spearman's rho is -1");
	near(r.ref_score, 55, 0, "the reference is the median host score");
	ok(!r.within_ok && strstr(r.within_why, "score does not vary") != NULL,
	    "a constant score within hosts: no within verdict (%s)",
	    r.within_why);
	ok(r.verdict == TS_FLEET_NORMALISE && r.explains == TS_FLEET_BETWEEN &&
	    r.norm == TS_FLEET_NORM_BETWEEN, "normalise, between hosts");
	near(ts_fleet_normalise(&r, 75, 30), 50, 1e-9,
	    "normalising moves a timing along the fit to the reference");
	ts_fleet_analyse(&f, 200, 7, &r2, err, sizeof err);
	ok(memcmp(&r.r2, &r2.r2, sizeof r.r2) == 0 &&
	    memcmp(&r.rho, &r2.rho, sizeof r.rho) == 0,
	    "the same seed gives the same intervals");
	ts_fleet_free(&f);

	/* Three hosts: too few to bootstrap, and nothing within: refused. */
	ts_fleet_init(&f, 1);
	for (i = 0; i < 3; i++)
		for (j = 0; j < 2; j++) {
			snprintf(host, sizeof host, "h%d", i);
			ts_fleet_add(&f, host, 50 + j, 10 * (i + 1));
		}
	ts_fleet_add(&f, "lone", 1, 1);
	ok(ts_fleet_analyse(&f, 200, 1, &r, err, sizeof err) == -1 &&
	    strstr(err, "only 3 hosts with two records or more (1 with one): "
	    "at least 10 are needed to bootstrap over hosts (3 give 10 "
	    "distinct resamples)") != NULL,
	    "three hosts: too few to bootstrap, said why (%s)", err);
	is_int((long long)ts_fleet_resamples(4), 35, "4 clusters: 35 resamples");
	ts_fleet_free(&f);
	ts_fleet_init(&f, 1);
	ok(ts_fleet_analyse(&f, 200, 1, &r, err, sizeof err) == -1 &&
	    strstr(err, "no records") != NULL, "no records: no verdict");
	ts_fleet_free(&f);

	/* One host, 40 records, t = 200 - 2 s exactly: within only. */
	ts_fleet_init(&f, 1);
	for (i = 0; i < 40; i++)
		ts_fleet_add(&f, "solo", 200 - 2 * (50 + i % 8), 50 + i % 8);
	ok(ts_fleet_analyse(&f, 300, 1, &r, err, sizeof err) == 0,
	    "one host: an analysis (%s)", err);
	ok(!r.between_ok && strstr(r.between_why, "only 1 host") != NULL,
	    "one host: no between-host verdict, said why");
	ok(r.within_ok && r.by_blocks && r.clusters == 20 &&
	    r.block_len == 2, "one host: 20 blocks of time of 2 records "
	    "(got %zu of %g)", r.clusters, r.block_len);
	near(r.w_r2.v, 1, 1e-12, "within: R^2 of an exact line is 1");
	near(r.w_slope.v, -2, 1e-12, "within: its slope is -2");
	near(r.w_slope.lo, -2, 1e-9, "within: every resample's slope is -2");
	ok(!r.w_inverse && r.w_explains && r.explains == TS_FLEET_WITHIN &&
	    r.verdict == TS_FLEET_NORMALISE && r.norm == TS_FLEET_NORM_WITHIN,
	    "the score explains the host's own changes: normalise per record");
	near(r.w_ref, 53.5, 1e-12, "the reference is the records' mean score");
	near(ts_fleet_normalise(&r, 100, 52), 97, 1e-9,
	    "per-record normalisation along the within-host slope");
	ok(strstr(r.reason, "a host's own changes over time, not the "
	    "differences between hosts") != NULL, "the reason says which: %s",
	    r.reason);
	ts_fleet_free(&f);

	/* One host, too few records for blocks. */
	ts_fleet_init(&f, 1);
	for (i = 0; i < 6; i++)
		ts_fleet_add(&f, "short", 10 - i, 1 + i);
	ok(ts_fleet_analyse(&f, 200, 1, &r, err, sizeof err) == -1 &&
	    strstr(err, "only 6 blocks of time (462 distinct resamples)") !=
	    NULL, "six records: too few blocks (%s)", err);
	ts_fleet_free(&f);

	/* Noisy within-host relation, true R^2 0.5, slope -0.5. */
	ts_rng_seed(&rng, 42);
	ts_fleet_init(&f, 1);
	for (i = 0; i < 4000; i++) {
		s = 40 + 20 * ts_rng_f64(&rng);		/* variance 100/3 */
		t = 100 - 0.5 * s + sqrt(100 / 12.0) * gauss(&rng);
		ts_fleet_add(&f, "noisy", t, s);
	}
	ok(ts_fleet_analyse(&f, 500, 3, &r, err, sizeof err) == 0 &&
	    r.within_ok, "4000 records on one host");
	ok(r.w_r2.lo <= 0.5 && 0.5 <= r.w_r2.hi && fabs(r.w_r2.v - 0.5) < 0.05,
	    "within R^2 %.3f [%.3f, %.3f] holds the true 0.5", r.w_r2.v,
	    r.w_r2.lo, r.w_r2.hi);
	ok(r.w_slope.lo <= -0.5 && -0.5 <= r.w_slope.hi,
	    "within slope %.3f [%.3f, %.3f] holds the true -0.5",
	    r.w_slope.v, r.w_slope.lo, r.w_slope.hi);
	ok(r.clusters >= TS_FLEET_BLOCKS / 2 && r.clusters <= TS_FLEET_BLOCKS,
	    "blocks stay between 16 and 32 (%zu)", r.clusters);
	ts_fleet_free(&f);

	/* Blocks merge back into the whole's moments. */
	memset(&all, 0, sizeof all);
	memset(&merged, 0, sizeof merged);
	memset(&bl, 0, sizeof bl);
	for (i = 0; i < 1000; i++) {
		s = 1 + ts_rng_f64(&rng);
		t = 5 * ts_rng_f64(&rng) + s;
		ts_fleet_mom_add(&all, s, t);
		ts_fleet_blocks_add(&bl, s, t);
	}
	for (i = 0; i < (int)bl.n; i++)
		ts_fleet_mom_merge(&merged, &bl.b[i], 1);
	ok(fabs(merged.n - all.n) < 1e-9 && fabs(merged.cst - all.cst) <
	    1e-9 * fabs(all.cst) && fabs(merged.cit - all.cit) <
	    1e-9 * fabs(all.cit) && fabs(merged.ctt - all.ctt) < 1e-9 *
	    all.ctt && fabs(merged.mt - all.mt) < 1e-12 * all.mt,
	    "1000 records: %u blocks of %llu merge into the same moments",
	    bl.n, (unsigned long long)bl.len);
	ts_fleet_blocks_free(&bl);

	/*
	 * Twelve hosts whose means barely differ, t = 100 - s within each:
	 * no between-host variance, so no normalising (or filtering)
	 * between hosts, even though the host means lie on a line.
	 */
	ts_fleet_init(&f, 1);
	for (i = 0; i < 12; i++)
		for (j = 0; j < 10; j++) {
			snprintf(host, sizeof host, "g%d", i);
			s = 50 + 0.01 * i + (j % 2 ? 10 : -10);
			ts_fleet_add(&f, host, 100 - s, s);
		}
	ok(ts_fleet_analyse(&f, 200, 1, &r, err, sizeof err) == 0, "12 groups");
	near(r.share_between, 0, 0, "between hosts: 0 % of the variance");
	near(r.r2.v, 1, 1e-9, "although the host means lie on a line");
	ok(r.between_ok && !r.have_threshold && strstr(r.reason, "nothing to "
	    "normalise between hosts") != NULL,
	    "no between-host variance: nothing to normalise or filter");
	ok(r.within_ok && !r.by_blocks && r.clusters == 12 && r.w_explains &&
	    r.explains == TS_FLEET_WITHIN && r.norm == TS_FLEET_NORM_WITHIN,
	    "within hosts, bootstrapped over the 12 hosts: it explains");
	ts_fleet_free(&f);

	/* Many records: the reservoir stays at its cap; hosts grow. */
	ts_fleet_init(&f, 1);
	for (i = 0; i < 3000; i++)
		for (j = 0; j < 10; j++) {
			snprintf(host, sizeof host, "n%d", i);
			ts_fleet_add(&f, host, 1 + j, 1 + i % 7);
		}
	is_int(f.npoints, TS_FLEET_MAX_POINTS, "the points stop at the cap");
	is_int(f.nhosts, 3000, "3000 hosts found by hash");
	is_int(f.records, 30000, "every record counted");
	ok(f.blocks_dropped && f.hosts[0].blk.b == NULL,
	    "past 64 hosts no blocks of time are kept");
	ts_fleet_free(&f);
	test_nan();
	return done_testing();
}
