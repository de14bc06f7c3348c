/* SPDX-License-Identifier: MIT */
/*
 * trend --plot: the series over time as SVG.  Every point is a circle of
 * class "point" with its interval a line of class "interval"; each level
 * between change points a line of class "level"; change points dashed
 * vertical lines of class "change" (the detector's) or
 * "producer-change"; tachyon's scores circles of class "tachyon" on a
 * second axis at the right.
 */
#ifndef TS_HIST_SVG_H
#define TS_HIST_SVG_H

#include <stddef.h>

#include "history/history-series.h"
#include "util.h"

struct hist_plot_series {
	const struct ts_hist_series	*s;
	const struct ts_hist_change	*ch;
	size_t				 nch;
};

/* The plot of v[0..n) and, when ntach > 0, tachyon's scores, into b. */
void	hist_svg(struct ts_buf *b, const struct hist_plot_series *v, size_t n,
	    const double *tach_t, const double *tach_score, size_t ntach);

/* The label of a series' unit ("GFLOP/s"), or its name when unknown. */
const char *hist_unit_label(const char *name);

#endif /* TS_HIST_SVG_H */
