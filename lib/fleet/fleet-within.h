/* SPDX-License-Identifier: MIT */
/*
 * The within-host half of the analysis: how much of the timing's spread
 * about each host's own mean the score explains, record by record (the
 * same host getting slower and faster as neighbours come and go).  Only
 * libc.
 */
#ifndef TS_FLEET_WITHIN_H
#define TS_FLEET_WITHIN_H

#include "fleet/fleet-types.h"

/*
 * Fill r's within-host fields from f: the demeaned regression of the
 * timing on the score and on 1/score, pooled over the hosts with two
 * records or more, with 95 % intervals from `bootstrap` cluster
 * resamples (hosts, or blocks of time within each host when there are
 * fewer than TS_FLEET_MIN_HOSTS hosts).  r->within_ok 0 and
 * r->within_why say when there is no verdict.
 */
void	 ts_fleet_within(const struct ts_fleet *f, unsigned bootstrap,
	    uint64_t seed, struct ts_fleet_result *r);

/*
 * Sort the b bootstrap values of v and set e's 95 % percentile
 * interval from them.
 */
void	 ts_fleet_interval(double *v, unsigned b, struct ts_est *e);

/*
 * The number of distinct bootstrap resamples of k clusters,
 * C(2k - 1, k).
 */
double	 ts_fleet_resamples(size_t k);

#endif /* TS_FLEET_WITHIN_H */
