/* SPDX-License-Identifier: MIT */
/*
 * Random draws for the simulations of the unit tests, from lib/rng's
 * seeded generator: a standard normal (Box-Muller) and Student's t with
 * df degrees of freedom (a normal over the root of a chi-square over
 * df).  Header-only, as tap.h.
 */
#ifndef TS_SIM_DRAW_H
#define TS_SIM_DRAW_H

#include <math.h>

#include "rng.h"

static double __attribute__((unused))
sim_normal(struct ts_rng *r)
{
	double u = ts_rng_f64(r), v = ts_rng_f64(r);

	if (u < 1e-300)
		u = 1e-300;
	return sqrt(-2 * log(u)) * cos(2 * M_PI * v);
}

static double __attribute__((unused))
sim_student(struct ts_rng *r, int df)
{
	double z = sim_normal(r), c = 0, g;
	int i;

	for (i = 0; i < df; i++) {
		g = sim_normal(r);
		c += g * g;
	}
	return z / sqrt(c / df);
}

#endif /* TS_SIM_DRAW_H */
