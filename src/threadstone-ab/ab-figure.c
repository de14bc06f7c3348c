/* SPDX-License-Identifier: MIT */
/*
 * A figure of the metric in its unit, for people (ab-figure.h).
 */
#include <config.h>

#include <math.h>
#include <stdio.h>

#include "ab-figure.h"

const char *
ab_figure(const struct ts_ab_metric *m, double v, char *buf)
{
	double a = fabs(v);

	if (!isfinite(v))
		snprintf(buf, AB_FIGURE_MAX, "-");
	else if (ts_ab_metric_is_time(m)) {
		if (a >= 1 || a == 0)
			snprintf(buf, AB_FIGURE_MAX, "%.4g s", v);
		else if (a >= 1e-3)
			snprintf(buf, AB_FIGURE_MAX, "%.4g ms", v * 1e3);
		else
			snprintf(buf, AB_FIGURE_MAX, "%.4g \xc2\xb5s", v * 1e6);
	} else if (m->kind == TS_AB_METRIC_MAXRSS) {
		if (a >= 1024 * 1024)
			snprintf(buf, AB_FIGURE_MAX, "%.4g GiB", v / 1048576);
		else if (a >= 1024)
			snprintf(buf, AB_FIGURE_MAX, "%.4g MiB", v / 1024);
		else
			snprintf(buf, AB_FIGURE_MAX, "%.4g KiB", v);
	} else
		snprintf(buf, AB_FIGURE_MAX, "%.6g", v);
	return buf;
}
