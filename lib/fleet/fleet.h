/* SPDX-License-Identifier: MIT */
/*
 * Between-host analysis of (host, timing, score) records, the second step
 * of "filter first, normalise only once validated": per-host running
 * accumulators (memory grows with hosts, not records), the split of the
 * timing variance within and between hosts, how much of the between-host
 * part the score explains (R^2 on the score and on its inverse, slope,
 * Spearman's rho, each with a bootstrap interval over hosts), a score
 * threshold that drops reliably slower hosts, and the verdict.  Only libc.
 */
#ifndef TS_FLEET_H
#define TS_FLEET_H

#include <stddef.h>
#include <stdint.h>

#include "fleet/fleet-types.h"

void	 ts_fleet_init(struct ts_fleet *, uint64_t seed);
void	 ts_fleet_free(struct ts_fleet *);
/*
 * Add one record: 0, or -1 (nothing added) unless t is finite and s
 * finite and positive (the readers refuse the rest).
 */
int	 ts_fleet_add(struct ts_fleet *, const char *host, double t, double s);

/*
 * Analyse the fleet with `bootstrap` resamples from `seed`: between hosts
 * and within hosts.  Return 0, or -1 with a one-line reason in err when
 * neither part can give a verdict.
 */
int	 ts_fleet_analyse(const struct ts_fleet *, unsigned bootstrap,
	    uint64_t seed, struct ts_fleet_result *, char *err, size_t errlen);

const char *ts_fleet_verdict_name(enum ts_fleet_verdict);
/* "neither", "between hosts", "within hosts", "both". */
const char *ts_fleet_explains_name(enum ts_fleet_explains);

/*
 * The indices of v[0..n) in ts_cmp_double's order (ascending, NaNs
 * last, equal values by index), in a new array.
 */
size_t	*ts_fleet_order(const double *v, size_t n);
/*
 * Mid-ranks of the weighted sample v in `order` (as ts_fleet_order
 * gives it) into rank: a value of weight w takes w places, equal values
 * (ts_cmp_double: NaNs with NaNs) share their places' mean.  One pass
 * whatever the values.
 */
void	 ts_fleet_wranks(const double *v, const size_t *order,
	    const double *w, size_t n, double *rank);

/* The chosen fit's timing at score s. */
double	 ts_fleet_fit(const struct ts_fleet_result *, double s);

/*
 * The timing normalised to the reference score: by the within-host
 * slope, per record, when r->norm is TS_FLEET_NORM_WITHIN, else by the
 * chosen host-mean fit.
 */
double	 ts_fleet_normalise(const struct ts_fleet_result *, double t,
	    double s);

#endif /* TS_FLEET_H */
