/* SPDX-License-Identifier: MIT */
/*
 * The statistics of ThreadStone 2.0.0 (section 3): the Summary of a pass
 * after two-sided MAD outlier rejection, its stability class, and the
 * geometric mean used by scoring, from the primitives of lib/stats/.
 * Pure arithmetic, bit-exact with the original.
 */
#ifndef TS_SUITE_STATS_H
#define TS_SUITE_STATS_H

#include <stddef.h>

#include "doc/doc-model.h"

/* The rejection multiple of the MAD's normal scale (TS_MAD_SCALE). */
#define TS_MAD_LIMIT	3.0

/*
 * Summarise v[0..n): drop non-finite values, reject outliers when at least
 * four remain, then fill every field of *out from the kept values.
 * Return 0, or -1 (leaving *out untouched) when no finite value remains.
 */
int	ts_stats_summary(const double *v, size_t n, struct ts_stats *out);

/* The stability class of a coefficient of variation (NaN: unreliable). */
enum ts_stability ts_stability_from_cv(double cv);

/* True for the stable and acceptable classes ("trustworthy"). */
int	ts_stability_trustworthy(enum ts_stability);

/*
 * exp(sum(ln v) / n), summed left to right, into *out.  Return -1 when
 * undefined: n == 0, or any value <= 0 or not finite.
 */
int	ts_geomean(const double *v, size_t n, double *out);

#endif /* TS_SUITE_STATS_H */
