/* SPDX-License-Identifier: MIT */
/*
 * A figure of threadstone-ab's metric for people: times as "12.3 ms"
 * (s, ms, us), peak memory as "12.3 MiB" (KiB, MiB, GiB), a printed
 * figure as %.6g.
 */
#ifndef AB_FIGURE_H
#define AB_FIGURE_H

#include "ab/ab-metric.h"

/* Longest figure ab_figure writes, with its NUL. */
#define AB_FIGURE_MAX	48

/* v in buf (AB_FIGURE_MAX bytes); "-" when not finite.  Return buf. */
const char	*ab_figure(const struct ts_ab_metric *, double v, char *buf);

#endif /* AB_FIGURE_H */
