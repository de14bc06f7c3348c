/* SPDX-License-Identifier: MIT */
/*
 * The statistics of ThreadStone 2.0.0 (section 3): the Summary of a pass
 * after two-sided MAD outlier rejection, a median, and the geometric mean
 * used by scoring.  Pure arithmetic, bit-exact with the original.
 */
#ifndef TS_SUITE_STATS_H
#define TS_SUITE_STATS_H

#include <stddef.h>

#include "doc/doc-model.h"

/* The MAD scale factor for normal data, and the rejection multiple. */
#define TS_MAD_SCALE	1.482602218505602
#define TS_MAD_LIMIT	3.0

/*
 * Summarise v[0..n): drop non-finite values, reject outliers when at least
 * four remain, then fill every field of *out from the kept values.
 * Return 0, or -1 (leaving *out untouched) when no finite value remains.
 */
int	ts_stats_summary(const double *v, size_t n, struct ts_stats *out);

/*
 * The median of v[0..n) (n > 0): the middle value of the sorted list, or
 * (a + b) / 2 of the two middle ones.  v is not modified.  NaN if n == 0.
 */
double	ts_median(const double *v, size_t n);

/*
 * The median absolute deviation of v[0..n) from its median (stored in
 * *median); NAN for both when n is 0.
 */
double	ts_mad(const double *v, size_t n, double *median);

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
