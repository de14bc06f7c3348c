/* SPDX-License-Identifier: MIT */
/*
 * The fleet's accumulators and its between-host statistics.  The
 * bootstrap resamples hosts with replacement; each resample is held as a
 * count per host, so every statistic (Spearman's ranks included) costs
 * one pass over the hosts.
 */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fleet/fleet.h"
#include "fleet/fleet-within.h"
#include "util.h"

#define EMPTY		UINT32_MAX
#define FILTER_T	4.0	/* Welch's t a threshold's split must reach */
#define MIN_BELOW	3	/* hosts a threshold must drop, at least */

void
ts_fleet_init(struct ts_fleet *f, uint64_t seed)
{
	memset(f, 0, sizeof *f);
	f->nslots = 1024;
	f->slots = ts_xmalloc(f->nslots * sizeof *f->slots);
	memset(f->slots, 0xff, f->nslots * sizeof *f->slots);
	f->points = ts_xmalloc(TS_FLEET_MAX_POINTS * sizeof *f->points);
	ts_rng_seed(&f->rng, seed);
}

void
ts_fleet_free(struct ts_fleet *f)
{
	size_t i;

	for (i = 0; i < f->nhosts; i++) {
		free(f->hosts[i].name);
		ts_fleet_blocks_free(&f->hosts[i].blk);
	}
	TS_FREE_ALL(f->hosts, f->slots, f->points);
	memset(f, 0, sizeof *f);
}

/* FNV-1a. */
static uint64_t
hash(const char *s)
{
	uint64_t h = UINT64_C(14695981039346656037);

	for (; *s != '\0'; s++)
		h = (h ^ (unsigned char)*s) * UINT64_C(1099511628211);
	return h;
}

/* Double the table and rehash. */
static void
grow(struct ts_fleet *f)
{
	size_t i, j, mask;

	free(f->slots);
	f->nslots *= 2;
	mask = f->nslots - 1;
	f->slots = ts_xmalloc(f->nslots * sizeof *f->slots);
	memset(f->slots, 0xff, f->nslots * sizeof *f->slots);
	for (i = 0; i < f->nhosts; i++) {
		for (j = hash(f->hosts[i].name) & mask; f->slots[j] != EMPTY;
		    j = (j + 1) & mask)
			;
		f->slots[j] = (uint32_t)i;
	}
}

/* The index of host's accumulator, made on first sight. */
static uint32_t
lookup(struct ts_fleet *f, const char *host)
{
	size_t j, mask = f->nslots - 1;
	struct ts_fleet_host *h;

	for (j = hash(host) & mask; f->slots[j] != EMPTY; j = (j + 1) & mask)
		if (strcmp(f->hosts[f->slots[j]].name, host) == 0)
			return f->slots[j];
	if (f->nhosts == f->cap) {
		f->cap = f->cap ? f->cap * 2 : 256;
		f->hosts = ts_xrealloc(f->hosts, f->cap * sizeof *f->hosts);
	}
	h = &f->hosts[f->nhosts];
	memset(h, 0, sizeof *h);
	h->name = ts_xstrdup(host);
	f->slots[j] = (uint32_t)f->nhosts;
	f->nhosts++;
	if (f->nhosts * 2 > f->nslots)
		grow(f);
	return (uint32_t)(f->nhosts - 1);
}

int
ts_fleet_add(struct ts_fleet *f, const char *host, double t, double s)
{
	struct ts_fleet_host *h;
	struct ts_fleet_point p;
	uint32_t i;
	double d;
	uint64_t k;

	/* The readers refuse these; a NaN would poison every sum. */
	if (!(isfinite(t) && isfinite(s) && s > 0))
		return -1;
	i = lookup(f, host);
	h = &f->hosts[i];
	p.host = i;
	p.t = t;
	p.s = s;
	h->n++;
	d = t - h->mean_t;
	h->mean_t += d / (double)h->n;
	h->m2_t += d * (t - h->mean_t);
	h->mean_s += (s - h->mean_s) / (double)h->n;
	ts_fleet_mom_add(&h->mom, s, t);
	if (!f->blocks_dropped && f->nhosts > TS_FLEET_BLOCK_HOSTS) {
		/* Hosts are clusters enough: the blocks are not needed. */
		for (k = 0; k < f->nhosts; k++)
			ts_fleet_blocks_free(&f->hosts[k].blk);
		f->blocks_dropped = 1;
	}
	if (!f->blocks_dropped)
		ts_fleet_blocks_add(&h->blk, s, t);
	f->records++;
	/* Algorithm R: every record is kept with the same probability. */
	if (f->npoints < TS_FLEET_MAX_POINTS)
		f->points[f->npoints++] = p;
	else if ((k = ts_rng_below(&f->rng, f->records)) < TS_FLEET_MAX_POINTS)
		f->points[k] = p;
	return 0;
}

const char *
ts_fleet_explains_name(enum ts_fleet_explains e)
{
	switch (e) {
	case TS_FLEET_BETWEEN:	return "between hosts";
	case TS_FLEET_WITHIN:	return "within hosts";
	case TS_FLEET_BOTH:	return "both";
	default:		return "neither";
	}
}

const char *
ts_fleet_verdict_name(enum ts_fleet_verdict v)
{
	switch (v) {
	case TS_FLEET_NORMALISE:	return "normalise";
	case TS_FLEET_FILTER:		return "filter";
	default:			return "no signal";
	}
}

/* Weighted least squares of y on x: R^2 and slope (0 when degenerate). */
static void
wfit(const double *x, const double *y, const double *w, size_t n,
    double *r2, double *slope, double *icpt)
{
	double sw = 0, mx = 0, my = 0, sxx = 0, syy = 0, sxy = 0, dx, dy;
	size_t i;

	for (i = 0; i < n; i++) {
		sw += w[i];
		mx += w[i] * x[i];
		my += w[i] * y[i];
	}
	mx /= sw;
	my /= sw;
	for (i = 0; i < n; i++) {
		if (w[i] == 0)
			continue;
		dx = x[i] - mx;
		dy = y[i] - my;
		sxx += w[i] * dx * dx;
		syy += w[i] * dy * dy;
		sxy += w[i] * dx * dy;
	}
	*slope = sxx > 0 ? sxy / sxx : 0;
	*r2 = sxx > 0 && syy > 0 ? sxy * sxy / (sxx * syy) : 0;
	if (icpt != NULL)
		*icpt = my - *slope * mx;
}

void
ts_fleet_wranks(const double *v, const size_t *order, const double *w,
    size_t n, double *rank)
{
	size_t i, j, k;
	double cum = 0, tot;

	/*
	 * Each group holds its first value whatever it is, so that i moves
	 * on even where v == v is false (a NaN); ties are told apart by
	 * ts_cmp_double, the order's own comparison, so NaNs tie together.
	 */
	for (i = 0; i < n; i = j) {
		tot = w[order[i]];
		for (j = i + 1; j < n &&
		    ts_cmp_double(v[order[j]], v[order[i]]) == 0; j++)
			tot += w[order[j]];
		for (k = i; k < j; k++)
			rank[order[k]] = cum + (tot + 1) / 2;
		cum += tot;
	}
}

/* Spearman's rho of the weighted sample. */
static double
wspearman(const double *x, const double *y, const size_t *ox,
    const size_t *oy, const double *w, size_t n, double *rx, double *ry)
{
	double r2, slope;

	ts_fleet_wranks(x, ox, w, n, rx);
	ts_fleet_wranks(y, oy, w, n, ry);
	wfit(rx, ry, w, n, &r2, &slope, NULL);
	return slope >= 0 ? sqrt(r2) : -sqrt(r2);
}

static const double *sort_key;

static int
cmp_index(const void *a, const void *b)
{
	size_t i = *(const size_t *)a, j = *(const size_t *)b;
	int c = ts_cmp_double(sort_key[i], sort_key[j]);

	/* Equal values in index order: the same order from any qsort. */
	return c != 0 ? c : (i > j) - (i < j);
}

size_t *
ts_fleet_order(const double *v, size_t n)
{
	size_t *o = ts_xmalloc(n * sizeof *o), i;

	for (i = 0; i < n; i++)
		o[i] = i;
	sort_key = v;
	qsort(o, n, sizeof *o, cmp_index);
	return o;
}

/*
 * The fit's 95 % band: the resamples' fits (slopes sl, intercepts ic) at
 * TS_FLEET_BAND scores across the range; tmp holds B values.
 */
static void
band(struct ts_fleet_result *r, double *tmp, const double *sl,
    const double *ic, unsigned nb)
{
	struct ts_est e;
	double x;
	unsigned b;
	int i;

	for (i = 0; i < TS_FLEET_BAND; i++) {
		x = r->x_min + (r->x_max - r->x_min) * i / (TS_FLEET_BAND - 1);
		for (b = 0; b < nb; b++)
			tmp[b] = ic[b] + sl[b] * (r->inverse ? 1 / x : x);
		ts_fleet_interval(tmp, nb, &e);
		r->band_lo[i] = e.lo;
		r->band_hi[i] = e.hi;
	}
}

/*
 * A coefficient of variation: no spread is 0 (timings all 0 are a mean
 * of 0, not a NaN).
 */
static double
coef_var(double sd, double mean)
{
	return sd > 0 ? sd / mean : 0;
}

/* The host-level arrays of the analysed hosts. */
struct hostarr {
	size_t	 n;
	double	*x, *ix, *y, *cnt, *m2, *w;
};

/*
 * The threshold search: split the hosts sorted by score after k, for
 * every k from MIN_BELOW to half; keep the split with the largest Welch t
 * of the host-mean timings (slower below) that also cuts the records'
 * spread, if t reaches FILTER_T.
 */
static void
find_threshold(const struct hostarr *a, const size_t *ox,
    struct ts_fleet_result *r)
{
	size_t n = a->n, k, i, best = 0;
	double *p_y, *p_yy, *p_n, *p_ny, *p_nyy, *p_m2;
	double best_t = 0, mL, mU, vL, vU, t, NU, SU, SSU, cv;

	p_y = ts_xcalloc(6 * (n + 1), sizeof *p_y);
	p_yy = p_y + (n + 1);
	p_n = p_yy + (n + 1);
	p_ny = p_n + (n + 1);
	p_nyy = p_ny + (n + 1);
	p_m2 = p_nyy + (n + 1);
	for (k = 0; k < n; k++) {
		i = ox[k];
		p_y[k + 1] = p_y[k] + a->y[i];
		p_yy[k + 1] = p_yy[k] + a->y[i] * a->y[i];
		p_n[k + 1] = p_n[k] + a->cnt[i];
		p_ny[k + 1] = p_ny[k] + a->cnt[i] * a->y[i];
		p_nyy[k + 1] = p_nyy[k] + a->cnt[i] * a->y[i] * a->y[i];
		p_m2[k + 1] = p_m2[k] + a->m2[i];
	}
	for (k = MIN_BELOW; k <= n / 2; k++) {
		if (a->x[ox[k - 1]] == a->x[ox[k]])
			continue;
		mL = p_y[k] / (double)k;
		mU = (p_y[n] - p_y[k]) / (double)(n - k);
		vL = (p_yy[k] - (double)k * mL * mL) / (double)(k - 1);
		vU = (p_yy[n] - p_yy[k] - (double)(n - k) * mU * mU) /
		    (double)(n - k - 1);
		if (vL < 0)
			vL = 0;
		if (vU < 0)
			vU = 0;
		if (vL / (double)k + vU / (double)(n - k) <= 0)
			continue;
		t = (mL - mU) / sqrt(vL / (double)k + vU / (double)(n - k));
		NU = p_n[n] - p_n[k];
		SU = p_ny[n] - p_ny[k];
		SSU = p_m2[n] - p_m2[k] + (p_nyy[n] - p_nyy[k]) - SU * SU / NU;
		cv = NU > 1 && SSU > 0 ? sqrt(SSU / (NU - 1)) / (SU / NU) : 0;
		if (t >= FILTER_T && t > best_t && cv < r->cv_total) {
			best_t = t;
			best = k;
			r->cv_kept = cv;
			r->slower_pct = (mL / mU - 1) * 100;
		}
	}
	if (best > 0) {
		r->have_threshold = 1;
		r->welch_t = best_t;
		r->threshold = (a->x[ox[best - 1]] + a->x[ox[best]]) / 2;
		r->dropped_hosts = best;
		r->dropped_records = (uint64_t)p_n[best];
	}
	free(p_y);
}

/* The verdict and its reason, from the estimates. */
static void
decide(struct ts_fleet_result *r)
{
	const struct ts_est *r2 = r->inverse ? &r->r2_inv : &r->r2;
	const struct ts_est *sl = r->inverse ? &r->slope_inv : &r->slope;
	int clear = r->inverse ? sl->lo > 0 : sl->hi < 0;

	if (r2->v >= TS_FLEET_MOST && clear && r->rho.hi < 0 &&
	    r->share_between >= TS_FLEET_MIN_SHARE) {
		r->verdict = TS_FLEET_NORMALISE;
		snprintf(r->reason, sizeof r->reason, "the score%s explains "
		    "%.0f %% [%.0f, %.0f] of the between-host variance and its "
		    "slope's interval is clear of zero", r->inverse ?
		    "'s inverse" : "", r2->v * 100, r2->lo * 100,
		    r2->hi * 100);
	} else if (r2->v >= TS_FLEET_MOST && clear && r->rho.hi < 0 &&
	    !r->have_threshold) {
		r->verdict = TS_FLEET_NONE;
		snprintf(r->reason, sizeof r->reason, "the score follows the "
		    "host means (R^2 %.0f %% [%.0f, %.0f]), but only %.1f %% of "
		    "the timing variance lies between hosts (under %.0f %%): "
		    "nothing to normalise between hosts", r2->v * 100,
		    r2->lo * 100, r2->hi * 100, r->share_between * 100,
		    TS_FLEET_MIN_SHARE * 100);
	} else if (r->have_threshold) {
		r->verdict = TS_FLEET_FILTER;
		snprintf(r->reason, sizeof r->reason, "the score explains "
		    "only %.0f %% [%.0f, %.0f] of the between-host variance, "
		    "but hosts below %.6g are %.1f %% slower (Welch t %.1f)",
		    r2->v * 100, r2->lo * 100, r2->hi * 100, r->threshold,
		    r->slower_pct, r->welch_t);
	} else {
		r->verdict = TS_FLEET_NONE;
		snprintf(r->reason, sizeof r->reason, "the score explains "
		    "%.0f %% [%.0f, %.0f] of the between-host variance and no "
		    "score threshold marks reliably slower hosts%s: do not use "
		    "it on these timings", r2->v * 100, r2->lo * 100,
		    r2->hi * 100, r->share_between < 0.1 ? " (the timings "
		    "barely differ between hosts)" : "");
	}
}

/*
 * Which of the two the score explains, what --normalise would use, the
 * overall verdict and its reason: the between-host part, then the
 * within-host part.
 */
static void
conclude(struct ts_fleet_result *r)
{
	char between[1024];
	int b = r->between_ok && r->verdict == TS_FLEET_NORMALISE;
	int w = r->within_ok && r->w_explains;
	size_t n;

	r->explains = b && w ? TS_FLEET_BOTH : b ? TS_FLEET_BETWEEN :
	    w ? TS_FLEET_WITHIN : TS_FLEET_NEITHER;
	r->norm = w ? TS_FLEET_NORM_WITHIN : b ? TS_FLEET_NORM_BETWEEN :
	    TS_FLEET_NORM_NONE;
	if (w)
		r->verdict = TS_FLEET_NORMALISE;
	if (r->between_ok) {
		n = strnlen(r->reason, sizeof between - 1);
		memcpy(between, r->reason, n);
		between[n] = '\0';
	} else
		snprintf(between, sizeof between, "no verdict: %s",
		    r->between_why);
	snprintf(r->reason, sizeof r->reason, "the score explains %s; "
	    "between hosts, %s; within hosts, %s%s",
	    r->explains == TS_FLEET_NEITHER ? "neither the differences "
	    "between hosts nor a host's own changes" :
	    r->explains == TS_FLEET_BOTH ? "both the differences between "
	    "hosts and a host's own changes over time" :
	    r->explains == TS_FLEET_BETWEEN ? "the differences between "
	    "hosts, not a host's own changes over time" : "a host's own "
	    "changes over time, not the differences between hosts",
	    between, r->within_ok ? "" : "no verdict: ",
	    r->within_ok ? r->w_reason : r->within_why);
}

/*
 * The hosts with two records or more into a (its arrays one allocation,
 * at a->x), counting the others and the records a host has in r.
 */
static void
gather_hosts(const struct ts_fleet *f, struct hostarr *a,
    struct ts_fleet_result *r)
{
	size_t i;

	memset(a, 0, sizeof *a);
	a->x = ts_xmalloc(6 * f->nhosts * sizeof *a->x);
	a->ix = a->x + f->nhosts;
	a->y = a->ix + f->nhosts;
	a->cnt = a->y + f->nhosts;
	a->m2 = a->cnt + f->nhosts;
	a->w = a->m2 + f->nhosts;
	r->per_host_min = INFINITY;
	for (i = 0; i < f->nhosts; i++) {
		const struct ts_fleet_host *fh = &f->hosts[i];

		if (fh->n < 2) {
			r->single_hosts++;
			r->single_records += fh->n;
			continue;
		}
		a->x[a->n] = fh->mean_s;
		a->ix[a->n] = 1 / fh->mean_s;
		a->y[a->n] = fh->mean_t;
		a->cnt[a->n] = (double)fh->n;
		a->m2[a->n] = fh->m2_t;
		a->w[a->n] = 1;
		if ((double)fh->n < r->per_host_min)
			r->per_host_min = (double)fh->n;
		if ((double)fh->n > r->per_host_max)
			r->per_host_max = (double)fh->n;
		a->n++;
	}
	r->hosts = a->n;
}

/*
 * The timings' spread within hosts, between them and in all, and the
 * shares of the two parts (the random-effects split of the variance).
 */
static void
spread(const struct hostarr *a, struct ts_fleet_result *r)
{
	double N = 0, sum = 0, ssw = 0, mb = 0, sb = 0, sst, inv_n = 0, sw2;
	double tmp;
	size_t i;

	for (i = 0; i < a->n; i++) {
		N += a->cnt[i];
		sum += a->cnt[i] * a->y[i];
		ssw += a->m2[i];
		mb += a->y[i];
		inv_n += 1 / a->cnt[i];
	}
	r->records = (uint64_t)N;
	r->per_host_mean = N / (double)a->n;
	r->mean_t = sum / N;
	mb /= (double)a->n;
	inv_n /= (double)a->n;
	sst = ssw;
	for (i = 0; i < a->n; i++) {
		sb += (a->y[i] - mb) * (a->y[i] - mb);
		sst += a->cnt[i] * (a->y[i] - r->mean_t) *
		    (a->y[i] - r->mean_t);
	}
	sb = a->n > 1 ? sb / (double)(a->n - 1) : 0;
	sw2 = ssw / (N - (double)a->n);
	r->cv_within = coef_var(sqrt(sw2), r->mean_t);
	r->cv_between = coef_var(sqrt(sb), mb);
	r->cv_total = coef_var(sqrt(sst / (N - 1)), r->mean_t);
	tmp = sb - sw2 * inv_n;
	if (tmp < 0)
		tmp = 0;
	r->share_between = tmp + sw2 > 0 ? tmp / (tmp + sw2) : 0;
	r->share_within = tmp + sw2 > 0 ? sw2 / (tmp + sw2) : 0;
}

/*
 * Too few hosts to bootstrap over: say why, and conclude on the
 * within-host part alone.  0, or -1 with err when it has no verdict
 * either.
 */
static int
too_few_hosts(size_t n, struct ts_fleet_result *r, char *err, size_t errlen)
{
	snprintf(r->between_why, sizeof r->between_why, "only %zu "
	    "host%s with two records or more (%zu with one): at least "
	    "%d are needed to bootstrap over hosts (%zu give%s %.0f "
	    "distinct resample%s)", n, n == 1 ? "" : "s",
	    r->single_hosts, TS_FLEET_MIN_HOSTS, n, n == 1 ? "s" :
	    "", ts_fleet_resamples(n), n == 1 ? "" : "s");
	if (!r->within_ok) {
		snprintf(err, errlen, "between hosts, %s; within hosts, %s",
		    r->between_why, r->within_why);
		return -1;
	}
	r->r2.v = r->r2.lo = r->r2.hi = NAN;
	r->verdict = TS_FLEET_NONE;
	conclude(r);
	return 0;
}

/*
 * The bootstrap over hosts (counts per host in a->w, restored to 1
 * after): the intervals of the fits, of Spearman's rho, and the band.
 */
static void
bootstrap_hosts(struct hostarr *a, const size_t *ox, const size_t *oy,
    double *rx, double *ry, unsigned bootstrap, uint64_t seed,
    struct ts_fleet_result *r)
{
	struct ts_rng rng;
	double *bv = ts_xmalloc(9 * (size_t)bootstrap * sizeof *bv);
	size_t i, j;
	unsigned b;

	ts_rng_seed(&rng, seed);
	for (b = 0; b < bootstrap; b++) {
		memset(a->w, 0, a->n * sizeof *a->w);
		for (j = 0; j < a->n; j++)
			a->w[ts_rng_below(&rng, a->n)] += 1;
		wfit(a->x, a->y, a->w, a->n, &bv[b], &bv[bootstrap + b],
		    &bv[5 * bootstrap + b]);
		wfit(a->ix, a->y, a->w, a->n, &bv[2 * bootstrap + b],
		    &bv[3 * bootstrap + b], &bv[6 * bootstrap + b]);
		bv[4 * bootstrap + b] = wspearman(a->x, a->y, ox, oy, a->w,
		    a->n, rx, ry);
	}
	r->inverse = r->r2_inv.v > r->r2.v;
	band(r, bv + 7 * bootstrap, bv + (r->inverse ? 3 : 1) * bootstrap,
	    bv + (r->inverse ? 6 : 5) * bootstrap, bootstrap);
	ts_fleet_interval(bv, bootstrap, &r->r2);
	ts_fleet_interval(bv + bootstrap, bootstrap, &r->slope);
	ts_fleet_interval(bv + 2 * bootstrap, bootstrap, &r->r2_inv);
	ts_fleet_interval(bv + 3 * bootstrap, bootstrap, &r->slope_inv);
	ts_fleet_interval(bv + 4 * bootstrap, bootstrap, &r->rho);
	free(bv);
	for (i = 0; i < a->n; i++)
		a->w[i] = 1;
}

/* The between-host part: the fits, their intervals, the threshold. */
static void
between_hosts(struct hostarr *a, unsigned bootstrap, uint64_t seed,
    struct ts_fleet_result *r)
{
	size_t *ox, *oy;
	double *rx, *ry;

	wfit(a->x, a->y, a->w, a->n, &r->r2.v, &r->slope.v, &r->intercept);
	wfit(a->ix, a->y, a->w, a->n, &r->r2_inv.v, &r->slope_inv.v,
	    &r->intercept_inv);
	ox = ts_fleet_order(a->x, a->n);
	oy = ts_fleet_order(a->y, a->n);
	rx = ts_xmalloc(2 * a->n * sizeof *rx);
	ry = rx + a->n;
	r->rho.v = wspearman(a->x, a->y, ox, oy, a->w, a->n, rx, ry);
	r->ref_score = a->n % 2 ? a->x[ox[a->n / 2]] :
	    (a->x[ox[a->n / 2 - 1]] + a->x[ox[a->n / 2]]) / 2;
	r->x_min = a->x[ox[0]];
	r->x_max = a->x[ox[a->n - 1]];
	bootstrap_hosts(a, ox, oy, rx, ry, bootstrap, seed, r);
	/* Hosts that do not differ leave nothing to filter either. */
	if (r->share_between >= TS_FLEET_MIN_SHARE)
		find_threshold(a, ox, r);
	TS_FREE_ALL(ox, oy, rx);
}

int
ts_fleet_analyse(const struct ts_fleet *f, unsigned bootstrap,
    uint64_t seed, struct ts_fleet_result *r, char *err, size_t errlen)
{
	struct hostarr a;
	int rc = 0;

	memset(r, 0, sizeof *r);
	r->bootstrap = bootstrap;
	r->seed = seed;
	if (f->records == 0) {
		snprintf(err, errlen, "no records in the input");
		return -1;
	}
	gather_hosts(f, &a, r);
	if (a.n == 0) {
		snprintf(err, errlen, "no host with two records or more (%zu "
		    "with one): a single record has no within-host spread",
		    r->single_hosts);
		free(a.x);
		return -1;
	}
	spread(&a, r);
	ts_fleet_within(f, bootstrap, seed, r);
	r->between_ok = a.n >= TS_FLEET_MIN_HOSTS;
	if (!r->between_ok)
		rc = too_few_hosts(a.n, r, err, errlen);
	else {
		between_hosts(&a, bootstrap, seed, r);
		decide(r);
		conclude(r);
	}
	free(a.x);
	return rc;
}

double
ts_fleet_fit(const struct ts_fleet_result *r, double s)
{
	if (r->inverse)
		return r->intercept_inv + r->slope_inv.v / s;
	return r->intercept + r->slope.v * s;
}

double
ts_fleet_normalise(const struct ts_fleet_result *r, double t, double s)
{
	if (r->norm == TS_FLEET_NORM_WITHIN)
		return t - (r->w_inverse ? r->w_slope_inv.v * (1 / s - r->w_ref)
		    : r->w_slope.v * (s - r->w_ref));
	if (r->inverse)
		return t - r->slope_inv.v * (1 / s - 1 / r->ref_score);
	return t - r->slope.v * (s - r->ref_score);
}
