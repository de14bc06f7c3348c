/* SPDX-License-Identifier: MIT */
/*
 * threadstone-history check's judgement of a night
 * (lib/history/history-series.c, history-night.c) on synthetic
 * histories built in memory, counted per night and per history, as a
 * user meets them: one history, many nights checked against it.
 *
 * Two noise models.  "normal": each pass's own normal noise of 1 %,
 * the passes independent.  "shared", a cloud host: a night's state is
 * shared by all its passes (a normal factor of 1 % on every pass), each
 * pass has its own noise on top (Student's t with 3 degrees of freedom,
 * scale 1 %), and 1.5 % of nights are bad hours, 10 to 40 % slower on
 * every pass.  For each history length (10, 30, 60 and 100 nights),
 * several histories are drawn, and against each, many new nights from
 * the same model: a night is flagged (exit status 3) when the family
 * (the whole run, or any pass beyond it) is worse.  A/A nights that are
 * the model's own bad hours are left out of the false alarms (a check
 * should flag them).  The same nights then 10 % slower on every pass,
 * and with one pass alone 10 % slower.  Seeded; $TS_HISTORY_TRIALS
 * multiplies the nights (bench/history-night-aa.py runs the program on
 * a model of its own).
 */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "history/history-cpd.h"
#include "history/history-night.h"
#include "history/history-series.h"
#include "history/history-stats.h"
#include "rng.h"
#include "stats/stats-basic.h"
#include "sim-draw.h"
#include "tap.h"
#include "util.h"

#define HISTORIES	6	/* per length, times $TS_HISTORY_HISTORIES */
#define NIGHTS		40	/* per history; times $TS_HISTORY_TRIALS */
#define NPASSES		11
#define MAXHIST		100

enum model { NORMAL, SHARED };

static const char *const model_names[] = { "normal", "shared" };

/* The eleven passes: the last is latency, where lower is better. */
static bool
lower_better(size_t k)
{
	return k == NPASSES - 1;
}

/*
 * One night's values of every pass, under the model, slowed by slow on
 * every pass and by one on the first pass alone; whether the model
 * made it a bad hour.
 */
static bool
draw_night(struct ts_rng *r, enum model m, double slow, double one,
    double *v)
{
	double common = 0, bad = 0, e, f, s;
	size_t k;

	if (m == SHARED) {
		common = 0.01 * sim_normal(r);
		if (ts_rng_f64(r) < 0.015)
			bad = 0.1 + 0.3 * ts_rng_f64(r);
	}
	for (k = 0; k < NPASSES; k++) {
		e = m == SHARED ? sim_student(r, 3) : sim_normal(r);
		/* The night's state slows (or speeds) every pass alike. */
		f = fmax(0.05, 1 + 0.01 * e);
		s = exp(common) * (1 + bad) * (1 + slow) *
		    (k == 0 ? 1 + one : 1);
		v[k] = 100 * (lower_better(k) ? f * s : f / s);
	}
	return bad > 0;
}

static void
series_init(struct ts_hist_series *s, size_t k)
{
	static char *producers[] = { "threadstone 0.2.0 (C)" };

	memset(s, 0, sizeof *s);
	s->host = "h";
	s->workload = "w";
	s->pass = "single";
	s->unit = lower_better(k) ? "nanoseconds" : "gflops";
	s->higher_is_better = !lower_better(k);
	s->pts = ts_xcalloc(MAXHIST, sizeof *s->pts);
	s->producers = producers;
	s->nproducers = 1;
}

struct history {
	struct ts_hist_series		 s[NPASSES];
	const struct ts_hist_series	*sp[NPASSES];
	struct ts_hist_judgement	 j[NPASSES];	/* each pass's own */
};

static void
history_draw(struct history *h, struct ts_rng *r, enum model m, size_t len)
{
	struct ts_cpd_params par;
	double v[NPASSES];
	size_t i, k;

	ts_cpd_defaults(&par);
	for (i = 0; i < len; i++) {
		draw_night(r, m, 0, 0, v);
		for (k = 0; k < NPASSES; k++) {
			h->s[k].pts[i].doc = (long long)i + 1;
			h->s[k].pts[i].t = (long long)i * 86400;
			h->s[k].pts[i].value = v[k];
		}
	}
	for (k = 0; k < NPASSES; k++) {
		h->s[k].n = len;
		/* The pass's own judgement does not depend on the value. */
		ts_hist_judge(&h->s[k], h->s[k].producers[0], 100, &par,
		    &h->j[k]);
	}
}

/* Whether the night's family fails; whether the first pass fails it. */
static bool
flagged(const struct history *h, const double *v, bool *first_worse,
    struct ts_hist_run_judgement *run)
{
	struct ts_hist_judgement j[NPASSES];

	memcpy(j, h->j, sizeof j);
	ts_hist_judge_run(h->sp, j, v, NPASSES, run);
	if (first_worse != NULL)
		*first_worse = j[0].regression;
	return run->regression;
}

struct counts {
	size_t	 aa, aa_n;		/* false alarms, A/A nights not bad */
	size_t	 worst, worst_n;	/* the worst history's */
	size_t	 all10;			/* every pass 10 % slower, found */
	size_t	 one10;			/* one pass 10 % slower, found */
	size_t	 nights;
	size_t	 by_run, by_pass;	/* A/A flags by the whole run, by passes */
	double	 detect_all, detect_one;	/* medians of the power */
};

static size_t nights_per = NIGHTS;

static struct counts
trials(enum model m, size_t len, uint64_t seed)
{
	struct history h;
	struct ts_hist_run_judgement run;
	struct counts c;
	struct ts_rng r, rn;
	double v[NPASSES], da[HISTORIES * NIGHTS * 8], d1[HISTORIES * NIGHTS * 8];
	size_t k, t, i, fa, n, nd = 0;
	bool bad, w0;

	memset(&c, 0, sizeof c);
	ts_rng_seed(&r, seed);
	for (k = 0; k < NPASSES; k++) {
		series_init(&h.s[k], k);
		h.sp[k] = &h.s[k];
	}
	for (t = 0; t < HISTORIES; t++) {
		history_draw(&h, &r, m, len);
		for (i = fa = n = 0; i < nights_per; i++) {
			/* The same night three ways: one seed each. */
			uint64_t s = ts_rng_next(&r);

			ts_rng_seed(&rn, s);
			bad = draw_night(&rn, m, 0, 0, v);
			if (!bad) {
				fa += flagged(&h, v, NULL, &run);
				c.by_run += run.run_regression;
				c.by_pass += run.regression &&
				    !run.run_regression;
				n++;
				if (nd < sizeof da / sizeof da[0]) {
					da[nd] = run.detect_all_pct;
					d1[nd++] = run.detect_one_med;
				}
			}
			ts_rng_seed(&rn, s);
			draw_night(&rn, m, 0.10, 0, v);
			c.all10 += flagged(&h, v, NULL, &run);
			ts_rng_seed(&rn, s);
			draw_night(&rn, m, 0, 0.10, v);
			flagged(&h, v, &w0, &run);
			c.one10 += w0;
			c.nights++;
		}
		c.aa += fa;
		c.aa_n += n;
		if (c.worst_n == 0 || fa * c.worst_n > c.worst * n) {
			c.worst = fa;
			c.worst_n = n;
		}
	}
	c.detect_all = ts_median(da, nd);
	c.detect_one = ts_median(d1, nd);
	for (k = 0; k < NPASSES; k++)
		free(h.s[k].pts);
	return c;
}

static void
test_tail_fit(void)
{
	struct ts_hs_tail tn, tt;
	struct ts_rng r;
	double x[2000];
	size_t i;

	ts_rng_seed(&r, 5);
	for (i = 0; i < 2000; i++)
		x[i] = 10 + 2 * sim_normal(&r);
	ts_hs_tail_fit(x, 2000, 10, &tn);
	for (i = 0; i < 2000; i++)
		x[i] = 10 + 2 * sim_student(&r, 3);
	ts_hs_tail_fit(x, 2000, 10, &tt);
	ok(tn.df >= 25 && fabs(tn.scale - 2) < 0.15, "normal noise: df %g, "
	    "scale %.3f (2)", tn.df, tn.scale);
	ok(tt.df >= 2.5 && tt.df <= 4 && fabs(tt.scale - 2) < 0.2,
	    "Student's t(3) noise: df %g, scale %.3f (2)", tt.df, tt.scale);
	ok(fabs(ts_hs_tail_quantile(INFINITY, 0.05) - 1.959964) < 1e-5 &&
	    fabs(ts_hs_tail_quantile(3, 0.05) - 3.182446) < 1e-5,
	    "quantiles: normal 1.96, t(3) 3.18 at 5 %% two-sided");
	ok(fabs(ts_hs_tail_quantile1(3, 0.975) - 3.182446) < 1e-5 &&
	    fabs(ts_hs_tail_quantile1(INFINITY, 0.025) + 1.959964) < 1e-5 &&
	    fabs(ts_hs_tail_cdf(3, -3.182446) - 0.025) < 1e-6 &&
	    fabs(ts_hs_tail_cdf(INFINITY, 1.959964) - 0.975) < 1e-6,
	    "one-sided quantiles and distribution functions agree");
	ok(fabs(ts_hs_predict_quantile(INFINITY, 9, 0.975) - 2.262157) <
	    1e-5 && fabs(ts_hs_predict_quantile(3, INFINITY, 0.975) -
	    3.182446) < 1e-5 && fabs(ts_hs_scale_df(3, 61) - 30) < 1e-12 &&
	    ts_hs_scale_df(INFINITY, 61) == 60, "a prediction's quantile: "
	    "t(9)'s for the normal over 9 degrees of freedom, t(3)'s over "
	    "infinitely many; t(3)'s scale over 61 points is worth 30");
}

/* The run's figure: a night slower on every pass, or on one pass. */
static void
test_run(void)
{
	struct history h;
	struct ts_hist_judgement j[NPASSES];
	struct ts_hist_run_judgement run;
	struct ts_rng r;
	double nv[NPASSES];
	size_t k;

	ts_rng_seed(&r, 9);
	for (k = 0; k < NPASSES; k++) {
		series_init(&h.s[k], k);
		h.sp[k] = &h.s[k];
	}
	history_draw(&h, &r, NORMAL, 60);
	for (k = 0; k < NPASSES; k++)
		nv[k] = lower_better(k) ? 104 : 100 / 1.04;
	flagged(&h, nv, NULL, &run);
	ok(run.verdict == TS_HIST_WORSE && run.passes == NPASSES &&
	    run.runs == 60 && fabs(run.pct + 3.85) < 0.5 && run.regression,
	    "every pass 4 %% slower: the run is worse (%.2f %%, interval "
	    "[%.2f, %.2f] %%)", run.pct, run.lo, run.hi);
	for (k = 0; k < NPASSES; k++)
		nv[k] = lower_better(k) ? 100 * 1.04 * (k == 0 ? 1.2 : 1) :
		    100 / 1.04 / (k == 0 ? 1.2 : 1);
	memcpy(j, h.j, sizeof j);
	ts_hist_judge_run(h.sp, j, nv, NPASSES, &run);
	ok(run.verdict == TS_HIST_WORSE && j[0].verdict == TS_HIST_WORSE &&
	    j[1].verdict == TS_HIST_WITHIN && j[0].beyond_run &&
	    fabs(j[0].resid_pct + 16.7) < 2, "every pass 4 %% slower and "
	    "one 20 %%: the run is worse, that pass too (%.1f %% beyond the "
	    "run), the others within", j[0].resid_pct);
	for (k = 0; k < NPASSES; k++)
		nv[k] = k == 0 ? 80 : 100;
	memcpy(j, h.j, sizeof j);
	ts_hist_judge_run(h.sp, j, nv, NPASSES, &run);
	ok(run.verdict == TS_HIST_WITHIN && j[0].verdict == TS_HIST_WORSE &&
	    j[0].beyond_run && j[0].p < 0.03 / NPASSES && run.regression,
	    "one pass 20 %% slower: that pass is worse (p %.2g), the run "
	    "within", j[0].p);
	ok(run.detect_all_pct > 0 && run.detect_all_pct < 2 &&
	    run.detect_one_med > 3 && run.detect_one_med < 8,
	    "power: every pass %.2f %%, one pass alone %.2f %% (1 %% noise)",
	    run.detect_all_pct, run.detect_one_med);
	memcpy(j, h.j, sizeof j);
	ts_hist_judge_run(h.sp, j, nv, 2, &run);
	ok(run.verdict == TS_HIST_TOO_FEW && !j[0].beyond_run &&
	    j[0].verdict == TS_HIST_WORSE && fabs(run.pass_alpha - 0.025) <
	    1e-12, "two passes: no run figure, each pass alone at 2.5 %%");
	for (k = 0; k < NPASSES; k++)
		free(h.s[k].pts);
}

int
main(void)
{
	static const size_t lens[] = { 10, 30, 60, 100 };
	struct counts c;
	const char *e = getenv("TS_HISTORY_TRIALS");
	double rate, worst, bound;
	size_t li;
	int m;

	if (e != NULL && atoi(e) > 0)
		nights_per = NIGHTS * (size_t)atoi(e) > NIGHTS * 8 ?
		    NIGHTS * 8 : NIGHTS * (size_t)atoi(e);
	test_tail_fit();
	test_run();
	for (m = NORMAL; m <= SHARED; m++)
		for (li = 0; li < sizeof lens / sizeof lens[0]; li++) {
			c = trials(m, lens[li], 77 + 10 * (uint64_t)m + li);
			rate = 100.0 * (double)c.aa / (double)c.aa_n;
			worst = 100.0 * (double)c.worst / (double)c.worst_n;
			diag("%s, %d histories of %zu nights, %zu nights "
			    "each: A/A flagged %.1f %% (%zu of %zu; worst "
			    "history %zu of %zu), every pass 10 %% slower "
			    "found %.1f %%, one pass alone 10 %% slower %.1f "
			    "%%; found 90 %% of the time: every pass %.2f %%, "
			    "one pass %.2f %%; flagged by the whole run %zu, by "
			    "passes alone %zu", model_names[m], HISTORIES,
			    lens[li], nights_per, rate, c.aa, c.aa_n, c.worst,
			    c.worst_n, 100.0 * (double)c.all10 /
			    (double)c.nights, 100.0 * (double)c.one10 /
			    (double)c.nights, c.detect_all, c.detect_one,
			    c.by_run, c.by_pass);
			/* 5 % and two standard errors of the count. */
			bound = 5 + 200 * sqrt(0.05 * 0.95 / (double)c.aa_n);
			ok(rate <= bound, "%s, %zu nights: A/A nights flagged "
			    "%.1f %% <= %.1f %%", model_names[m], lens[li], rate,
			    bound);
			/*
			 * The worst history: 5 % and three standard errors
			 * of its count, where the tail can be fitted.
			 */
			if (lens[li] >= 30)
				ok(worst <= 5 + 300 * sqrt(0.05 * 0.95 /
				    (double)c.worst_n), "%s, %zu nights: the "
				    "worst history's A/A nights flagged %.1f %%",
				    model_names[m], lens[li], worst);
			ok(100.0 * (double)c.all10 / (double)c.nights >= 90,
			    "%s, %zu nights: every pass 10 %% slower found "
			    ">= 90 %%", model_names[m], lens[li]);
			if (lens[li] >= 60)
				ok(100.0 * (double)c.one10 /
				    (double)c.nights >= 50, "%s, %zu nights: "
				    "one pass alone 10 %% slower found >= 50 %%",
				    model_names[m], lens[li]);
		}
	return done_testing();
}
