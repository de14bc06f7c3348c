/* SPDX-License-Identifier: MIT */
/*
 * The fleet's statistics on small fleets whose answers are known by
 * hand: Welford per host, the variance split, an exact linear relation
 * (R^2 = 1, slope, rho = -1, verdict normalise), a fleet too small for a
 * verdict, the reservoir's cap, and a reproducible bootstrap.
 */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fleet/fleet.h"
#include "tap.h"

#define near(got, want, tol, name) do {					\
	double g_ = (got), w_ = (want);					\
	if (!ok(fabs(g_ - w_) <= (tol), "%s", name))			\
		diag("got %.10g, want %.10g", g_, w_);			\
} while (0)

int
main(void)
{
	struct ts_fleet f;
	struct ts_fleet_result r, r2;
	char err[256], host[16];
	int i, j;

	/* Three hosts, two records each: exact line t = 100 - s. */
	ts_fleet_init(&f, 1);
	for (i = 0; i < 3; i++) {
		snprintf(host, sizeof host, "h%d", i);
		ts_fleet_add(&f, host, 100 - 10 * (i + 1) - 1, 10 * (i + 1));
		ts_fleet_add(&f, host, 100 - 10 * (i + 1) + 1, 10 * (i + 1));
	}
	is_int(f.nhosts, 3, "three hosts");
	near(f.hosts[1].mean_t, 80, 1e-12, "Welford mean");
	near(f.hosts[1].m2_t, 2, 1e-12, "Welford M2 (two records 1 apart "
	    "from the mean)");
	ok(ts_fleet_analyse(&f, 200, 7, &r, err, sizeof err) == 0,
	    "three hosts are enough");
	near(r.cv_within, sqrt(2.0 * 3 / 3) / 80, 1e-12,
	    "pooled within-host CV");
	near(r.cv_between, 10 / 80.0, 1e-12, "between-host CV of the means");
	near(r.r2.v, 1, 1e-12, "R^2 of an exact line is 1");
	near(r.slope.v, -1, 1e-12, "its slope is -1");
	near(r.rho.v, -1, 1e-12, "Spearman's rho is -1");
	near(r.ref_score, 20, 0, "the reference is the median host score");
	near(ts_fleet_normalise(&r, 75, 30), 85, 1e-9,
	    "normalising moves a timing along the fit to the reference");
	ts_fleet_analyse(&f, 200, 7, &r2, err, sizeof err);
	ok(memcmp(&r.r2, &r2.r2, sizeof r.r2) == 0 &&
	    memcmp(&r.rho, &r2.rho, sizeof r.rho) == 0,
	    "the same seed gives the same intervals");
	ts_fleet_free(&f);

	/* Two hosts with two records and one with one: no verdict. */
	ts_fleet_init(&f, 1);
	ts_fleet_add(&f, "a", 1, 1);
	ts_fleet_add(&f, "a", 2, 1);
	ts_fleet_add(&f, "b", 1, 2);
	ts_fleet_add(&f, "b", 2, 2);
	ts_fleet_add(&f, "c", 1, 3);
	ok(ts_fleet_analyse(&f, 200, 1, &r, err, sizeof err) == -1 &&
	    strstr(err, "only 2 hosts") != NULL,
	    "two hosts and a single record: too little (%s)", err);
	ts_fleet_free(&f);
	ts_fleet_init(&f, 1);
	ok(ts_fleet_analyse(&f, 200, 1, &r, err, sizeof err) == -1 &&
	    strstr(err, "no records") != NULL, "no records: no verdict");

	/* Many records: the reservoir stays at its cap; hosts grow. */
	for (i = 0; i < 3000; i++)
		for (j = 0; j < 10; j++) {
			snprintf(host, sizeof host, "n%d", i);
			ts_fleet_add(&f, host, 1 + j, 1 + i % 7);
		}
	is_int(f.npoints, TS_FLEET_MAX_POINTS, "the points stop at the cap");
	is_int(f.nhosts, 3000, "3000 hosts found by hash");
	is_int(f.records, 30000, "every record counted");
	ts_fleet_free(&f);
	return done_testing();
}
