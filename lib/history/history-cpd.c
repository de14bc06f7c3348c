/* SPDX-License-Identifier: MIT */
/*
 * PELT with a change-in-mean cost on the series scaled by its noise,
 * then Welch's test on each change until every remaining one is
 * significant.
 */
#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "history/history-cpd.h"
#include "history/history-stats.h"
#include "stats/stats-basic.h"
#include "stats/stats-welch.h"
#include "util.h"

void
ts_cpd_defaults(struct ts_cpd_params *p)
{
	p->min_seg = TS_CPD_MIN_SEG;
	p->penalty = TS_CPD_PENALTY;
	p->alpha = TS_CPD_ALPHA;
	p->clip = TS_CPD_CLIP;
}

/* x clipped to its rolling median (half-window h) +- lim, into y. */
static void
clip(const double *x, size_t n, size_t h, double lim, double *y)
{
	double *w = ts_xmalloc((2 * h + 1) * sizeof *w), m;
	size_t i, lo, hi;

	for (i = 0; i < n; i++) {
		lo = i >= h ? i - h : 0;
		hi = i + h < n ? i + h : n - 1;
		memcpy(w, x + lo, (hi - lo + 1) * sizeof *w);
		m = ts_median(w, hi - lo + 1);
		y[i] = x[i] > m + lim ? m + lim : x[i] < m - lim ? m - lim :
		    x[i];
	}
	free(w);
}

/* The mean-change cost of z(a..b], from prefix sums s1, s2. */
static double
cost(const double *s1, const double *s2, size_t a, size_t b)
{
	double len = (double)(b - a), d1 = s1[b] - s1[a];

	return (s2[b] - s2[a]) - d1 * d1 / len;
}

/* PELT on z[0..n): the starts of the segments after the first, in *cp. */
static size_t
pelt(const double *z, size_t n, size_t m, double beta, size_t **cp)
{
	double *s1, *s2, *f, best, c;
	size_t *last, *cand, ncand = 0, nkeep, t, i, k, arg, ncp = 0;

	s1 = ts_xcalloc(n + 1, sizeof *s1);
	s2 = ts_xcalloc(n + 1, sizeof *s2);
	f = ts_xcalloc(n + 1, sizeof *f);
	last = ts_xcalloc(n + 1, sizeof *last);
	cand = ts_xmalloc((n + 1) * sizeof *cand);
	for (i = 0; i < n; i++) {
		s1[i + 1] = s1[i] + z[i];
		s2[i + 1] = s2[i] + z[i] * z[i];
	}
	f[0] = -beta;
	for (t = m; t <= n; t++) {
		/* t - m becomes a possible last change point. */
		if (t - m == 0 || t - m >= m)
			cand[ncand++] = t - m;
		best = INFINITY;
		arg = 0;
		for (k = 0; k < ncand; k++) {
			c = f[cand[k]] + cost(s1, s2, cand[k], t) + beta;
			if (c < best) {
				best = c;
				arg = cand[k];
			}
		}
		f[t] = best;
		last[t] = arg;
		/* Prune what can never be the last change point again. */
		for (k = nkeep = 0; k < ncand; k++)
			if (f[cand[k]] + cost(s1, s2, cand[k], t) <= best)
				cand[nkeep++] = cand[k];
		ncand = nkeep;
	}
	for (t = n; t > 0 && last[t] > 0; t = last[t])
		ncp++;
	*cp = ncp > 0 ? ts_xmalloc(ncp * sizeof **cp) : NULL;
	for (t = n, i = ncp; t > 0 && last[t] > 0; t = last[t])
		(*cp)[--i] = last[t];
	TS_FREE_ALL(s1, s2, f, last, cand);
	return ncp;
}

size_t
ts_cpd_detect(const double *x, size_t n, const struct ts_cpd_params *p,
    struct ts_cpd_change **out)
{
	double sigma, *z, worst;
	size_t *cp = NULL, ncp, i, k, wk, a, b, c;
	struct ts_cpd_change *ch;
	struct ts_welch w;

	*out = NULL;
	if (n < 2 * p->min_seg)
		return 0;
	sigma = ts_hs_noise(x, n);
	if (!(sigma > 0)) {
		/*
		 * Most neighbours are equal: steps between constant
		 * stretches, where any step is a change.
		 */
		double m = fabs(ts_median(x, n));

		sigma = m > 0 ? m * 1e-9 : 1e-300;
	}
	z = ts_xmalloc(n * sizeof *z);
	clip(x, n, p->min_seg, p->clip * sigma, z);
	for (i = 0; i < n; i++)
		z[i] /= sigma;
	ncp = pelt(z, n, p->min_seg, p->penalty * log((double)n), &cp);
	free(z);

	/* Drop the least significant change until all are significant. */
	for (;;) {
		worst = -1;
		wk = 0;
		for (k = 0; k < ncp; k++) {
			a = k > 0 ? cp[k - 1] : 0;
			b = cp[k];
			c = k + 1 < ncp ? cp[k + 1] : n;
			ts_welch(x + a, b - a, x + b, c - b, &w);
			if (w.p > worst) {
				worst = w.p;
				wk = k;
			}
		}
		if (ncp == 0 || worst < p->alpha)
			break;
		memmove(cp + wk, cp + wk + 1, (ncp - wk - 1) * sizeof *cp);
		ncp--;
	}
	if (ncp == 0) {
		free(cp);
		return 0;
	}
	ch = ts_xcalloc(ncp, sizeof *ch);
	for (k = 0; k < ncp; k++) {
		a = k > 0 ? cp[k - 1] : 0;
		b = cp[k];
		c = k + 1 < ncp ? cp[k + 1] : n;
		ch[k].at = b;
		ch[k].before = ts_median(x + a, b - a);
		ch[k].after = ts_median(x + b, c - b);
		ts_welch(x + a, b - a, x + b, c - b, &w);
		ch[k].p = w.p;
		ch[k].t = w.t;
	}
	free(cp);
	*out = ch;
	return ncp;
}
