/* SPDX-License-Identifier: MIT */
/*
 * A night judged as a whole (history-night.h): its common change against
 * the history's nights, each pass's remainder against its own, and the
 * family's verdict over them all.
 */
#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "history/history-night.h"
#include "history/history-stats.h"
#include "stats/stats-basic.h"
#include "util.h"

/*
 * Efficiency of the MAD's scale against the standard deviation's for a
 * normal sample: its variance is 1.36 sigma^2 / n where the standard
 * deviation's is sigma^2 / 2n, so it is worth 0.37 n degrees of freedom.
 */
#define MAD_DF_PER_POINT	0.37

/*
 * A new figure's spread about a median of n figures, in units of their
 * scale: the median's own variance is pi / 2 of the mean's, n / (n - 1)
 * undoes maximum likelihood's scale (over n, not n - 1).
 */
static double
predict_sd(double scale, size_t n)
{
	double k = (double)n;

	if (n < 2)
		return scale;
	return scale * sqrt(k / (k - 1)) * sqrt(1 + M_PI / 2 / k);
}

/*
 * Nights whose common part lies beyond this many robust deviations of
 * the history's are events (bad hours of the host), not the noise the
 * tail is fitted to: left out of the whole run's tail fit.
 */
#define RUN_TRIM		6.0

/* Nights under which the passes' tail is taken no lighter than THIN_DF. */
#define THIN_NIGHTS		30
#define THIN_DF			3.0

/* The change of value against center as 100 ln(value / center), + better. */
static double
log_change(double center, double value, bool higher_is_better)
{
	double c;

	if (!(center > 0) || !(value > 0))
		return NAN;
	c = 100 * log(value / center);
	return higher_is_better ? c : -c;
}

/* A log change (100 ln r) as a change in %. */
static double
as_pct(double l)
{
	return 100 * expm1(l / 100);
}

/* One pass's change in one night of the history. */
struct obs {
	long long	doc;
	size_t		pass;
	double		d;
};

static int
by_doc(const void *a, const void *b)
{
	const struct obs *x = a, *y = b;

	if (x->doc != y->doc)
		return x->doc < y->doc ? -1 : 1;
	return x->pass < y->pass ? -1 : x->pass > y->pass;
}

/* The history as nights: each pass's changes, NaN where absent. */
struct nights {
	size_t		 n, npass;
	double		*d;		/* n x npass */
	double		*fig;		/* the common part, or NaN */
	size_t		 nfig;
};

static void
nights_load(const struct ts_hist_series *const *s,
    const struct ts_hist_judgement *j, size_t npass, struct nights *nt)
{
	struct obs *o = NULL;
	size_t i, k, no = 0, cap = 0, a, b, used = 0, cnt;
	double *v;

	for (i = 0; i < npass; i++) {
		if (s[i] == NULL || !ts_hist_judged(&j[i]))
			continue;
		used++;
		for (k = s[i]->n - j[i].n; k < s[i]->n; k++) {
			if (no == cap) {
				cap = cap ? 2 * cap : 256;
				o = ts_xrealloc(o, cap * sizeof *o);
			}
			o[no].doc = s[i]->pts[k].doc;
			o[no].pass = i;
			o[no++].d = log_change(j[i].center,
			    s[i]->pts[k].value, s[i]->higher_is_better);
		}
	}
	if (no > 0)
		qsort(o, no, sizeof *o, by_doc);
	memset(nt, 0, sizeof *nt);
	nt->npass = npass;
	for (a = 0; a < no; a = b)
		for (b = a + 1, nt->n++; b < no && o[b].doc == o[a].doc; b++)
			;
	nt->d = ts_xmalloc((nt->n * npass + 1) * sizeof *nt->d);
	nt->fig = ts_xmalloc((nt->n + 1) * sizeof *nt->fig);
	v = ts_xmalloc((npass + 1) * sizeof *v);
	for (i = 0; i < nt->n * npass; i++)
		nt->d[i] = NAN;
	for (a = 0, k = 0; a < no; a = b, k++) {
		for (b = a, cnt = 0; b < no && o[b].doc == o[a].doc; b++) {
			nt->d[k * npass + o[b].pass] = o[b].d;
			if (!isnan(o[b].d))
				v[cnt++] = o[b].d;
		}
		/* A night needs half the passes judged, and three at least. */
		nt->fig[k] = NAN;
		if (cnt >= TS_HIST_RUN_MIN_PASSES && 2 * cnt >= used) {
			nt->fig[k] = ts_median(v, cnt);
			nt->nfig++;
		}
	}
	free(v);
	free(o);
}

/*
 * The whole run: the new night's common part l (log %) against the
 * history nights' figures, its own interval at TS_HIST_CHECK_ALPHA
 * two-sided, the family's test one-sided at TS_HIST_RUN_ALPHA.  Its scale
 * is at least floor: the median of the passes' own noises varies that
 * much from night to night even on a host whose nights share nothing.
 */
static void
judge_whole(const struct nights *nt, double l, double floor,
    struct ts_hist_run_judgement *out)
{
	double *f = ts_xmalloc((nt->n + 1) * sizeof *f), *kept, sigma, scale,
	    nu, q, qf, sd, center;
	struct ts_hs_tail tail;
	size_t i, n = 0, nk = 0;

	for (i = 0; i < nt->n; i++)
		if (!isnan(nt->fig[i]))
			f[n++] = nt->fig[i];
	center = ts_median(f, n);
	sigma = fmax(ts_hs_mad_sigma(f, n), 1e-9);
	kept = ts_xmalloc((n + 1) * sizeof *kept);
	for (i = 0; i < n; i++)
		if (fabs(f[i] - center) <= RUN_TRIM * sigma)
			kept[nk++] = f[i];
	ts_hs_tail_fit(kept, nk, center, &tail);
	if (tail.scale > 0) {
		scale = tail.scale;
		nu = ts_hs_scale_df(tail.df, nk);
	} else {
		scale = sigma;
		nu = fmax(1, MAD_DF_PER_POINT * (double)n);
	}
	scale = fmax(scale, floor);
	q = ts_hs_predict_quantile(tail.df, nu, 1 - TS_HIST_CHECK_ALPHA / 2);
	qf = ts_hs_predict_quantile(tail.df, nu, 1 - TS_HIST_RUN_ALPHA);
	sd = predict_sd(scale, n);
	out->runs = n;
	out->tail_df = tail.df;
	out->pct = as_pct(l);
	out->center = as_pct(center);
	out->noise = scale;
	out->lo = as_pct(center - q * sd);
	out->hi = as_pct(center + q * sd);
	out->verdict = l < center - q * sd ? TS_HIST_WORSE :
	    l > center + q * sd ? TS_HIST_BETTER : TS_HIST_WITHIN;
	out->run_regression = l < center - qf * sd;
	out->detect_all_pct = -as_pct(-(qf + ts_hs_predict_quantile(tail.df,
	    nu, 0.9)) * sd);
	free(kept);
	free(f);
}

/*
 * Judge pass i by a band of log changes about the expected one, in a
 * tail of df degrees of freedom and scale sd (log %) estimated on nu
 * degrees of freedom: l the pass's log change, expect the change
 * expected of it and shift what the band is moved by (the night's
 * common part, or 0).  The row's own interval and mark are the
 * prediction's at TS_HIST_CHECK_ALPHA, two-sided; the pass fails the
 * family when it is worse than the prediction at the one-sided level
 * alpha the family gives it.
 */
static void
band(const struct ts_hist_series *s, struct ts_hist_judgement *j,
    double value, double l, double expect, double shift, double sd,
    double df, double nu, double alpha)
{
	double q = ts_hs_predict_quantile(df, nu, 1 - TS_HIST_CHECK_ALPHA / 2),
	    qf = ts_hs_predict_quantile(df, nu, 1 - alpha), a, b, pl, z;

	pl = s->higher_is_better ? 1 : -1;
	a = j->center * exp(pl * (shift + expect - q * sd) / 100);
	b = j->center * exp(pl * (shift + expect + q * sd) / 100);
	j->lo = fmin(a, b);
	j->hi = fmax(a, b);
	j->verdict = ts_hist_verdict_of(value, j->lo, j->hi,
	    s->higher_is_better);
	z = (l - shift - expect) / sd;
	j->regression = z < -qf;
	/* The p-value in the same tail: z over the prediction's widening. */
	j->p = ts_hs_tail_cdf(df, z * ts_hs_tail_quantile1(df, 1 - alpha) /
	    qf);
	j->detect_pct = -as_pct(-(qf + ts_hs_predict_quantile(df, nu, 0.9)) *
	    sd);
}

/* A pass alone, in its own tail (ts_hist_judge()'s), at alpha. */
static void
judge_alone(const struct ts_hist_series *s, struct ts_hist_judgement *j,
    double value, double alpha)
{
	double sd = predict_sd(j->scale / fabs(j->center) * 100, j->n);

	band(s, j, value, log_change(j->center, value, s->higher_is_better),
	    0, 0, sd, j->tail_df, ts_hs_scale_df(j->tail_df, j->n), alpha);
}

/*
 * The passes' remainders' tail: one df for all, a scale each
 * (ts_hs_tail_fit_groups()), but not decided by one far point: with
 * Student's t(3) noise, one remainder in six hundred far enough to fit
 * t(2) doubles the family's quantile and halves its power.  So the fit
 * is made again without the farthest remainder (in units of its pass's
 * scale), and the lighter of the two tails kept when the history has
 * FAR_MIN remainders or more (a heavy tail shows in more than one).
 */
#define FAR_MIN			500

static void
fit_remainders(double *const *e, size_t *ne, const double *c, size_t n,
    double *scale, double *df)
{
	double *scale2, df2, z, far = 0, tmp;
	size_t i, k, g = 0, at = 0, tot = 0;

	ts_hs_tail_fit_groups((const double *const *)e, ne, c, n, scale, df);
	for (i = 0; i < n; i++) {
		tot += ne[i];
		for (k = 0; k < ne[i] && scale[i] > 0; k++)
			if ((z = fabs(e[i][k] - c[i]) / scale[i]) > far) {
				far = z;
				g = i;
				at = k;
			}
	}
	if (tot < FAR_MIN || !(far > 0))
		return;
	scale2 = ts_xcalloc(n + 1, sizeof *scale2);
	tmp = e[g][at];
	e[g][at] = e[g][ne[g] - 1];
	ne[g]--;
	ts_hs_tail_fit_groups((const double *const *)e, ne, c, n, scale2,
	    &df2);
	ne[g]++;
	e[g][ne[g] - 1] = e[g][at];
	e[g][at] = tmp;
	if (df2 > *df) {
		*df = df2;
		memcpy(scale, scale2, n * sizeof *scale);
	}
	free(scale2);
}

/*
 * The passes beyond the night's common part l: each pass's remainders
 * in the history against its own, in one tail fitted to them all, at
 * alpha each.  Return how many passes were judged so.
 */
static size_t
judge_split(const struct ts_hist_series *const *s,
    struct ts_hist_judgement *j, const double *values, size_t n,
    const struct nights *nt, double l, double alpha, double *df,
    double *typical)
{
	double **e, *c, *scale, *sc, dl, sd;
	size_t i, k, *ne, done = 0;

	e = ts_xcalloc(n + 1, sizeof *e);
	ne = ts_xcalloc(n + 1, sizeof *ne);
	c = ts_xcalloc(n + 1, sizeof *c);
	scale = ts_xcalloc(n + 1, sizeof *scale);
	for (i = 0; i < n; i++) {
		if (s[i] == NULL || !ts_hist_judged(&j[i]))
			continue;
		e[i] = ts_xmalloc((nt->n + 1) * sizeof **e);
		for (k = 0; k < nt->n; k++) {
			dl = nt->d[k * n + i];
			if (!isnan(nt->fig[k]) && !isnan(dl))
				e[i][ne[i]++] = dl - nt->fig[k];
		}
		c[i] = ne[i] > 0 ? ts_median(e[i], ne[i]) : 0;
	}
	fit_remainders(e, ne, c, n, scale, df);
	/*
	 * A thin history cannot tell a normal tail from t(3)'s at the
	 * family's quantiles: its tail is taken no lighter than THIN_DF
	 * (the scale the fit gave, wider than t's own for a lighter tail).
	 */
	if (nt->nfig < THIN_NIGHTS)
		*df = fmin(*df, THIN_DF);
	for (i = 0; i < n; i++) {
		if (e[i] == NULL || ne[i] < TS_HIST_MIN_POINTS ||
		    !(scale[i] > 0))
			continue;
		sd = predict_sd(scale[i], ne[i]);
		dl = log_change(j[i].center, values[i],
		    s[i]->higher_is_better);
		band(s[i], &j[i], values[i], dl, c[i], l, sd, *df,
		    ts_hs_scale_df(*df, ne[i]), alpha);
		j[i].resid_pct = as_pct(dl - l);
		j[i].tail_df = *df;
		j[i].scale = scale[i] / 100 * fabs(j[i].center);
		j[i].beyond_run = true;
		done++;
	}
	/* The passes' median scale. */
	sc = ts_xmalloc((n + 1) * sizeof *sc);
	for (i = k = 0; i < n; i++)
		if (scale[i] > 0)
			sc[k++] = scale[i];
	*typical = k > 0 ? ts_median(sc, k) : 0;
	for (i = 0; i < n; i++)
		free(e[i]);
	TS_FREE_ALL(e, ne, c, scale, sc);
	return done;
}

/* The least, median and largest power of one pass alone. */
static void
power_one(const struct ts_hist_judgement *j, size_t n,
    struct ts_hist_run_judgement *out)
{
	double *v = ts_xmalloc((n + 1) * sizeof *v);
	size_t i, k = 0;

	for (i = 0; i < n; i++)
		if (ts_hist_judged(&j[i]) && !isnan(j[i].detect_pct))
			v[k++] = j[i].detect_pct;
	out->detect_one_min = out->detect_one_med = out->detect_one_max = NAN;
	if (k > 0) {
		ts_sort_doubles(v, k);
		out->detect_one_min = v[0];
		out->detect_one_med = ts_median_sorted(v, k);
		out->detect_one_max = v[k - 1];
	}
	free(v);
}

void
ts_hist_judge_run(const struct ts_hist_series *const *s,
    struct ts_hist_judgement *j, const double *values, size_t n,
    struct ts_hist_run_judgement *out)
{
	struct nights nt;
	double *v, l = NAN, alpha, typical = 0;
	size_t i, npass = 0;

	memset(out, 0, sizeof *out);
	out->verdict = TS_HIST_TOO_FEW;
	out->pct = out->center = out->noise = out->lo = out->hi = NAN;
	out->tail_df = out->pass_df = out->detect_all_pct = NAN;
	v = ts_xmalloc((n + 1) * sizeof *v);
	for (i = 0; i < n; i++)
		if (s[i] != NULL && ts_hist_judged(&j[i]) &&
		    !isnan(log_change(j[i].center, values[i],
		    s[i]->higher_is_better)))
			v[npass++] = log_change(j[i].center, values[i],
			    s[i]->higher_is_better);
	out->passes = npass;
	out->family = npass;
	out->judged = npass > 0;
	if (npass >= TS_HIST_RUN_MIN_PASSES)
		l = ts_median(v, npass);
	free(v);
	nights_load(s, j, n, &nt);
	out->runs = nt.nfig;
	if (npass >= TS_HIST_RUN_MIN_PASSES && nt.nfig >= TS_HIST_MIN_POINTS) {
		alpha = TS_HIST_PASSES_ALPHA / (double)npass;
		out->split = judge_split(s, j, values, n, &nt, l, alpha,
		    &out->pass_df, &typical) > 0;
		/*
		 * The median of npass passes of that scale: about
		 * sqrt(pi / 2 / npass) of it, the normal's.
		 */
		judge_whole(&nt, l, typical * sqrt(M_PI / 2 / (double)npass),
		    out);
	} else
		alpha = TS_HIST_NIGHT_ALPHA / (double)(npass ? npass : 1);
	out->pass_alpha = alpha;
	free(nt.d);
	free(nt.fig);
	for (i = 0; i < n; i++) {
		if (s[i] == NULL || !ts_hist_judged(&j[i]))
			continue;
		if (!j[i].beyond_run)
			judge_alone(s[i], &j[i], values[i], alpha);
		out->regression = out->regression || j[i].regression;
	}
	out->regression = out->regression || out->run_regression;
	power_one(j, n, out);
}
