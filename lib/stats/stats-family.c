/* SPDX-License-Identifier: MIT */
/*
 * Holm's step-down and Westfall and Young's permutation max-T
 * (stats-family.h).
 */
#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"
#include "stats/stats-basic.h"
#include "stats/stats-family.h"
#include "util.h"

void
ts_holm(const double *p, size_t n, double *adj)
{
	struct ts_ranked *r = ts_xcalloc(n + 1, sizeof *r);
	double run = 0, a;
	size_t i, m = 0;

	for (i = 0; i < n; i++)
		if (!isnan(p[i])) {
			r[m].i = i;
			r[m++].v = p[i];
		}
	for (i = 0; i < n; i++)
		adj[i] = NAN;
	qsort(r, m, sizeof *r, ts_ranked_cmp);
	for (i = 0; i < m; i++) {
		a = fmin(1, (double)(m - i) * r[i].v);
		run = fmax(run, a);
		adj[r[i].i] = run;
	}
	free(r);
}

static uint64_t
gcd(uint64_t a, uint64_t b)
{
	while (b != 0) {
		uint64_t t = a % b;

		a = b;
		b = t;
	}
	return a;
}

uint64_t
ts_choose(size_t n, size_t k)
{
	uint64_t c = 1;
	size_t i;

	if (k > n)
		return 0;
	if (k > n - k)
		k = n - k;
	for (i = 1; i <= k; i++) {
		/*
		 * c (n - k + i) / i is C(n - k + i, i), exact: with g the
		 * gcd of c and i, i / g divides n - k + i.
		 */
		uint64_t f = (uint64_t)(n - k + i), g = gcd(c, i);

		f /= i / g;
		c /= g;
		if (c > UINT64_MAX / f)
			return UINT64_MAX;
		c *= f;
	}
	return c;
}

/* The next combination of m of N in lexicographic order; false after the last. */
static bool
next_combination(size_t *c, size_t m, size_t N)
{
	size_t i = m;

	while (i > 0 && c[i - 1] == N - m + i - 1)
		i--;
	if (i == 0)
		return false;
	c[i - 1]++;
	for (; i < m; i++)
		c[i] = c[i - 1] + 1;
	return true;
}

/* The state of a step-down count. */
struct stepdown {
	size_t		 nrows, k;	/* rows, rows with a statistic */
	struct ts_ranked *order;	/* those rows, largest first */
	double		*t;		/* one arrangement's statistics */
	uint64_t	*count;		/* by rank */
};

/* Count one arrangement's successive maxima against the observed. */
static void
count_arrangement(struct stepdown *sd)
{
	double u = -INFINITY, t, obs;
	size_t j;

	for (j = sd->k; j-- > 0;) {
		t = sd->t[sd->order[j].i];
		if (!isnan(t) && t > u)
			u = t;
		obs = sd->order[j].v;
		if (u >= obs - 1e-12 * fmax(1, fabs(obs)))
			sd->count[j]++;
	}
}

/* Set side[] from the first side's members c[0..m). */
static void
set_sides(unsigned char *second, size_t N, const size_t *c, size_t m)
{
	size_t i;

	memset(second, 1, N);
	for (i = 0; i < m; i++)
		second[c[i]] = 0;
}

/* Draw a first side of m of N at random into c (sorted not needed). */
static void
draw_first(struct ts_rng *r, size_t *perm, size_t N, size_t *c, size_t m)
{
	size_t i, j, tmp;

	for (i = 0; i < N; i++)
		perm[i] = i;
	for (i = 0; i < m; i++) {
		j = i + (size_t)ts_rng_below(r, (uint64_t)(N - i));
		tmp = perm[i];
		perm[i] = perm[j];
		perm[j] = tmp;
		c[i] = perm[i];
	}
}

int
ts_maxt_two_sides(size_t m, size_t n, size_t nrows, ts_maxt_stat stat,
    void *arg, uint64_t max_exact, uint64_t draws, uint64_t seed,
    double *adj, struct ts_maxt *info)
{
	struct stepdown sd;
	struct ts_rng rng;
	unsigned char *second;
	size_t N = m + n, *c, *perm, i;
	uint64_t total, b;
	double run = 0;

	memset(info, 0, sizeof *info);
	for (i = 0; i < nrows; i++)
		adj[i] = NAN;
	if (m == 0 || n == 0)
		return -1;
	second = ts_xcalloc(N + 1, 1);
	c = ts_xcalloc(N + 1, sizeof *c);
	perm = ts_xcalloc(N + 1, sizeof *perm);
	sd.nrows = nrows;
	sd.order = ts_xcalloc(nrows + 1, sizeof *sd.order);
	sd.t = ts_xcalloc(nrows + 1, sizeof *sd.t);
	sd.count = ts_xcalloc(nrows + 1, sizeof *sd.count);
	/* The observed: the first m units on the first side. */
	for (i = 0; i < m; i++)
		c[i] = i;
	set_sides(second, N, c, m);
	stat(second, sd.t, arg);
	for (i = sd.k = 0; i < nrows; i++)
		if (!isnan(sd.t[i])) {
			sd.order[sd.k].i = i;
			/* Negated, so that the sort puts the largest first. */
			sd.order[sd.k++].v = -sd.t[i];
		}
	qsort(sd.order, sd.k, sizeof *sd.order, ts_ranked_cmp);
	for (i = 0; i < sd.k; i++)
		sd.order[i].v = -sd.order[i].v;
	total = ts_choose(N, m);
	info->exact = total <= max_exact;
	if (info->exact) {
		do {
			set_sides(second, N, c, m);
			stat(second, sd.t, arg);
			count_arrangement(&sd);
		} while (next_combination(c, m, N));
	} else {
		ts_rng_seed(&rng, seed);
		count_arrangement(&sd);	/* the observed, computed above */
		for (b = 0; b < draws; b++) {
			draw_first(&rng, perm, N, c, m);
			set_sides(second, N, c, m);
			stat(second, sd.t, arg);
			count_arrangement(&sd);
		}
		total = draws + 1;
	}
	info->arrangements = total;
	info->p_min = 1 / (double)total;
	/* Adjusted p-values, never falling down the ranks. */
	for (i = 0; i < sd.k; i++) {
		run = fmax(run, (double)sd.count[i] / (double)total);
		adj[sd.order[i].i] = run;
	}
	TS_FREE_ALL(second, c, perm, sd.order, sd.t, sd.count);
	return 0;
}
