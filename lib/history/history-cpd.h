/* SPDX-License-Identifier: MIT */
/*
 * Change points in a series of benchmark results: PELT (Killick,
 * Fearnhead and Eckley, JASA 2012) on the series in units of its own
 * noise, with a change in mean as the cost, outliers clipped to a
 * rolling median, a shortest segment, and every change kept only when
 * Welch's test between the segments on either side finds it significant.
 * Only libc and libm.
 */
#ifndef TS_HISTORY_CPD_H
#define TS_HISTORY_CPD_H

#include <stddef.h>

struct ts_cpd_params {
	size_t	min_seg;	/* shortest segment, in points (>= 2) */
	double	penalty;	/* the penalty per change is penalty * ln n */
	double	alpha;		/* a change's Welch p-value must be below */
	double	clip;		/* clip at rolling median +- clip * noise */
};

/* The defaults (chosen on the synthetic series of tests/unit-history-cpd). */
#define TS_CPD_MIN_SEG	5
#define TS_CPD_PENALTY	5.0
#define TS_CPD_ALPHA	0.0001
#define TS_CPD_CLIP	4.0

void	ts_cpd_defaults(struct ts_cpd_params *);

struct ts_cpd_change {
	size_t	at;		/* index of the first point after the change */
	double	before;		/* median of the segment before */
	double	after;		/* median of the segment after */
	double	t;		/* Welch's t (after minus before) */
	double	p;		/* its two-sided p-value */
};

/*
 * The change points of x[0..n), in order, into *out (malloc'd, NULL
 * when none); return how many.
 */
size_t	ts_cpd_detect(const double *x, size_t n,
	    const struct ts_cpd_params *, struct ts_cpd_change **out);

#endif /* TS_HISTORY_CPD_H */
