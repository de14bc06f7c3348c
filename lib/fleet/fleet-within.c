/* SPDX-License-Identifier: MIT */
/*
 * Within-host statistics (see fleet-within.h).  A host's co-moments
 * about its own means are what the demeaned regression needs: pooled,
 * the slope is sum(C_st) / sum(C_ss) and R^2 is sum(C_st)^2 /
 * (sum(C_ss) sum(C_tt)).  A resample of hosts weights each host's
 * co-moments by its count; a resample of blocks merges each host's drawn
 * blocks into new host moments, so that every resample is demeaned on
 * its own host means.
 */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fleet/fleet-within.h"
#include "util.h"

/* Pooled sums over hosts: the within-host co-moments. */
struct pooled {
	double	 n, ss, ii, tt, st, it, s, i;	/* s, i: sums of n x mean */
};

static void
pool(struct pooled *p, const struct ts_fleet_mom *m, double w)
{
	p->n += w * m->n;
	p->ss += w * m->css;
	p->ii += w * m->cii;
	p->tt += w * m->ctt;
	p->st += w * m->cst;
	p->it += w * m->cit;
	p->s += w * m->n * m->ms;
	p->i += w * m->n * m->mi;
}

/* R^2 and slope of t on x from the pooled co-moments. */
static void
fit(double xx, double xt, double tt, double *r2, double *slope)
{
	*slope = xx > 0 ? xt / xx : 0;
	*r2 = xx > 0 && tt > 0 ? xt * xt / (xx * tt) : 0;
}

void
ts_fleet_interval(double *v, unsigned b, struct ts_est *e)
{
	ts_sort_doubles(v, b);
	e->lo = v[(size_t)floor(0.025 * (b - 1))];
	e->hi = v[(size_t)ceil(0.975 * (b - 1))];
}

double
ts_fleet_resamples(size_t k)
{
	double c = 1;
	size_t i;

	/* C(2k-1, k) = prod_{i=1..k} (k - 1 + i) / i */
	for (i = 1; i <= k; i++)
		c = c * (double)(k - 1 + i) / (double)i;
	return c;
}

/* One resample's pooled sums: hosts (by count) or each host's blocks. */
static void
resample(const struct ts_fleet *f, const size_t *idx, size_t nh,
    int by_blocks, struct ts_rng *rng, struct pooled *p)
{
	const struct ts_fleet_blocks *bl;
	struct ts_fleet_mom m;
	size_t j, h;
	unsigned k;

	memset(p, 0, sizeof *p);
	for (j = 0; j < nh; j++) {
		if (!by_blocks) {
			h = idx[(size_t)ts_rng_below(rng, nh)];
			pool(p, &f->hosts[h].mom, 1);
			continue;
		}
		bl = &f->hosts[idx[j]].blk;
		memset(&m, 0, sizeof m);
		for (k = 0; k < bl->n; k++)
			ts_fleet_mom_merge(&m, &bl->b[ts_rng_below(rng, bl->n)],
			    1);
		pool(p, &m, 1);
	}
}

/* Whether the fit says "slower when the score is lower", clearly. */
static int
clear_of_zero(const struct ts_est *slope, int inverse)
{
	return inverse ? slope->lo > 0 : slope->hi < 0;
}

void
ts_fleet_within(const struct ts_fleet *f, unsigned bootstrap,
    uint64_t seed, struct ts_fleet_result *r)
{
	struct pooled p, q;
	struct ts_rng rng;
	const struct ts_est *r2, *sl;
	size_t *idx, nh = 0, nblocks = 0, i;
	double *bv;
	unsigned b;

	idx = ts_xmalloc((f->nhosts + 1) * sizeof *idx);
	memset(&p, 0, sizeof p);
	for (i = 0; i < f->nhosts; i++)
		if (f->hosts[i].n >= 2) {
			idx[nh++] = i;
			pool(&p, &f->hosts[i].mom, 1);
			nblocks += f->hosts[i].blk.n;
		}
	r->within_hosts = nh;
	r->within_records = (uint64_t)p.n;
	r->by_blocks = nh < TS_FLEET_MIN_HOSTS;
	r->clusters = r->by_blocks ? nblocks : nh;
	r->block_len = nblocks > 0 ? p.n / (double)nblocks : 0;
	if (nh == 0) {
		snprintf(r->within_why, sizeof r->within_why, "no host has two "
		    "records or more");
		goto out;
	}
	if (r->by_blocks && f->blocks_dropped) {
		snprintf(r->within_why, sizeof r->within_why, "only %zu host%s "
		    "with two records or more, and blocks of time are not kept "
		    "past %d hosts", nh, nh == 1 ? "" : "s",
		    TS_FLEET_BLOCK_HOSTS);
		goto out;
	}
	if (!(p.tt > 0)) {
		snprintf(r->within_why, sizeof r->within_why, "the timing does "
		    "not vary within hosts");
		goto out;
	}
	if (!(p.ss > 0) || !(p.ii > 0)) {
		snprintf(r->within_why, sizeof r->within_why, "the score does "
		    "not vary within hosts");
		goto out;
	}
	if (r->clusters < TS_FLEET_MIN_HOSTS) {
		snprintf(r->within_why, sizeof r->within_why, "only %zu %s "
		    "(%.0f distinct resamples): at least %d are needed to "
		    "bootstrap", r->clusters, r->by_blocks ? "blocks of time" :
		    "hosts", ts_fleet_resamples(r->clusters),
		    TS_FLEET_MIN_HOSTS);
		goto out;
	}
	r->within_ok = 1;
	fit(p.ss, p.st, p.tt, &r->w_r2.v, &r->w_slope.v);
	fit(p.ii, p.it, p.tt, &r->w_r2_inv.v, &r->w_slope_inv.v);
	bv = ts_xmalloc(4 * (size_t)bootstrap * sizeof *bv);
	/* A stream of its own: the between-host intervals stay as they were. */
	ts_rng_seed(&rng, seed ^ UINT64_C(0x9e3779b97f4a7c15));
	for (b = 0; b < bootstrap; b++) {
		resample(f, idx, nh, r->by_blocks, &rng, &q);
		fit(q.ss, q.st, q.tt, &bv[b], &bv[bootstrap + b]);
		fit(q.ii, q.it, q.tt, &bv[2 * bootstrap + b],
		    &bv[3 * bootstrap + b]);
	}
	ts_fleet_interval(bv, bootstrap, &r->w_r2);
	ts_fleet_interval(bv + bootstrap, bootstrap, &r->w_slope);
	ts_fleet_interval(bv + 2 * bootstrap, bootstrap, &r->w_r2_inv);
	ts_fleet_interval(bv + 3 * bootstrap, bootstrap, &r->w_slope_inv);
	free(bv);
	r->w_inverse = r->w_r2_inv.v > r->w_r2.v;
	r->w_ref = r->w_inverse ? p.i / p.n : p.s / p.n;
	r2 = r->w_inverse ? &r->w_r2_inv : &r->w_r2;
	sl = r->w_inverse ? &r->w_slope_inv : &r->w_slope;
	r->w_explains = r2->v >= TS_FLEET_MOST && clear_of_zero(sl,
	    r->w_inverse);
	snprintf(r->w_reason, sizeof r->w_reason, "the score%s explains "
	    "%.0f %% [%.0f, %.0f] of the timing's variance about each host's "
	    "mean%s",
	    r->w_inverse ? "'s inverse" : "", r2->v * 100, r2->lo * 100,
	    r2->hi * 100, r->w_explains ? ", its slope clear of zero" :
	    clear_of_zero(sl, r->w_inverse) ? ", less than half" :
	    ", its slope not clear of zero");
out:
	free(idx);
}
