/* SPDX-License-Identifier: MIT */
/*
 * Co-moments and blocks of time (see fleet-mom.h).
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "fleet/fleet-mom.h"
#include "util.h"

void
ts_fleet_mom_merge(struct ts_fleet_mom *a, const struct ts_fleet_mom *b,
    double w)
{
	double na = a->n, nb = b->n * w, n = na + nb, k, ds, di, dt;

	if (nb <= 0)
		return;
	if (na <= 0) {
		*a = *b;
		a->n = nb;
		a->css *= w;
		a->cii *= w;
		a->ctt *= w;
		a->cst *= w;
		a->cit *= w;
		return;
	}
	ds = b->ms - a->ms;
	di = b->mi - a->mi;
	dt = b->mt - a->mt;
	k = na * nb / n;
	a->css += w * b->css + ds * ds * k;
	a->cii += w * b->cii + di * di * k;
	a->ctt += w * b->ctt + dt * dt * k;
	a->cst += w * b->cst + ds * dt * k;
	a->cit += w * b->cit + di * dt * k;
	a->ms += ds * nb / n;
	a->mi += di * nb / n;
	a->mt += dt * nb / n;
	a->n = n;
}

void
ts_fleet_mom_add(struct ts_fleet_mom *m, double s, double t)
{
	struct ts_fleet_mom one;

	memset(&one, 0, sizeof one);
	one.n = 1;
	one.ms = s;
	one.mi = 1 / s;
	one.mt = t;
	ts_fleet_mom_merge(m, &one, 1);
}

void
ts_fleet_blocks_add(struct ts_fleet_blocks *bl, double s, double t)
{
	unsigned i;

	if (bl->b == NULL) {
		bl->b = ts_xcalloc(TS_FLEET_BLOCKS, sizeof *bl->b);
		bl->len = 1;
	}
	if (bl->n == 0 || bl->b[bl->n - 1].n >= (double)bl->len) {
		if (bl->n == TS_FLEET_BLOCKS) {
			for (i = 0; i < TS_FLEET_BLOCKS / 2; i++) {
				bl->b[i] = bl->b[2 * i];
				ts_fleet_mom_merge(&bl->b[i], &bl->b[2 * i + 1],
				    1);
			}
			memset(bl->b + TS_FLEET_BLOCKS / 2, 0,
			    TS_FLEET_BLOCKS / 2 * sizeof *bl->b);
			bl->n = TS_FLEET_BLOCKS / 2;
			bl->len *= 2;
		}
		bl->n++;
	}
	ts_fleet_mom_add(&bl->b[bl->n - 1], s, t);
}

void
ts_fleet_blocks_free(struct ts_fleet_blocks *bl)
{
	free(bl->b);
	memset(bl, 0, sizeof *bl);
}
