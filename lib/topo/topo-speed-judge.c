/* SPDX-License-Identifier: MIT */
/*
 * Judging core speeds (see topo-speed.h): pure arithmetic, apart from
 * the probe so that readers of documents do not link hwloc.
 */
#include <config.h>

#include <math.h>

#include "topo/topo-speed.h"

void
ts_speed_judge(struct ts_speed *s)
{
	double lo = INFINITY, hi = 0;
	size_t i;

	s->fastest = 0;
	s->noise = 0;
	for (i = 0; i < s->n; i++) {
		if (s->cores[i].rate > hi) {
			hi = s->cores[i].rate;
			s->fastest = i;
		}
		lo = fmin(lo, s->cores[i].rate);
		s->noise = fmax(s->noise, s->cores[i].noise);
	}
	s->disparity = lo > 0 && s->n > 0 ? hi / lo : NAN;
	s->differ = isfinite(s->disparity) && s->disparity - 1 >
	    fmax(3 * s->noise, TS_SPEED_FLOOR);
}
