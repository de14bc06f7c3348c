/* SPDX-License-Identifier: MIT */
/*
 * threadstone-history check's judgement (lib/history/history-series.c)
 * on synthetic histories built in memory, as bench/history-cpd-quality.py
 * builds them through the program: a stable history of 60 runs of eleven
 * passes, then a new run from the same distribution (A/A) and the same
 * run made 2, 3, 5 and 10 % slower on every pass.  Two noise models:
 * normal noise of 1 %, and the cloud's: Student's t with 3 degrees of
 * freedom at 1 %, and 3 % of runs slowed by a uniform 0 to 30 % on every
 * pass.  A run is flagged (exit status 3) when a pass or the run as a
 * whole is worse.  Seeded, and fewer trials than the bench script runs;
 * the tail fit and the run's figure are checked on their own first.
 */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "history/history-cpd.h"
#include "history/history-series.h"
#include "history/history-stats.h"
#include "rng.h"
#include "sim-draw.h"
#include "tap.h"
#include "util.h"

#define TRIALS		400	/* $TS_HISTORY_TRIALS: more */
#define HISTORY		60
#define NPASSES		11

enum model { NORMAL, CLOUD };

/* The eleven passes: the last is latency, where lower is better. */
static bool
lower_better(size_t k)
{
	return k == NPASSES - 1;
}

/* One run's values of every pass, under the model. */
static void
draw_run(struct ts_rng *r, enum model m, double *v)
{
	double slow = 0, e, f;
	size_t k;

	if (m == CLOUD && ts_rng_f64(r) < 0.03)
		slow = 0.3 * ts_rng_f64(r);
	for (k = 0; k < NPASSES; k++) {
		e = m == CLOUD ? sim_student(r, 3) : sim_normal(r);
		f = fmax(0.05, 1 + 0.01 * e);
		if (slow > 0)
			f = lower_better(k) ? f * (1 + slow) : f / (1 + slow);
		v[k] = 100 * f;
	}
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
	s->pts = ts_xcalloc(HISTORY, sizeof *s->pts);
	s->producers = producers;
	s->nproducers = 1;
}

struct rates {
	double	flagged[5];	/* %, by slowdown */
	double	pass_worse;	/* % of A/A passes judged worse */
	double	one_pass;	/* %: one pass alone 5 % slower, flagged */
};

static const double slowdowns[5] = { 0, 0.02, 0.03, 0.05, 0.10 };
static size_t ntrials = TRIALS;

static struct rates
trials(enum model m, uint64_t seed)
{
	struct ts_hist_series s[NPASSES];
	const struct ts_hist_series *sp[NPASSES];
	struct ts_hist_judgement j[NPASSES];
	struct ts_hist_run_judgement run;
	struct ts_cpd_params par;
	struct rates out;
	struct ts_rng r;
	double v[NPASSES], nv[NPASSES], val[NPASSES];
	size_t k, t, i, p, flagged[5] = { 0 }, worse = 0, one = 0;

	ts_cpd_defaults(&par);
	ts_rng_seed(&r, seed);
	for (k = 0; k < NPASSES; k++) {
		series_init(&s[k], k);
		sp[k] = &s[k];
	}
	for (t = 0; t < ntrials; t++) {
		for (i = 0; i < HISTORY; i++) {
			draw_run(&r, m, v);
			for (k = 0; k < NPASSES; k++) {
				s[k].pts[i].doc = (long long)i + 1;
				s[k].pts[i].t = (long long)i * 86400;
				s[k].pts[i].value = v[k];
			}
		}
		for (k = 0; k < NPASSES; k++)
			s[k].n = HISTORY;
		draw_run(&r, m, nv);
		for (p = 0; p < 5; p++) {
			bool any = false;

			for (k = 0; k < NPASSES; k++) {
				val[k] = lower_better(k) ?
				    nv[k] * (1 + slowdowns[p]) :
				    nv[k] / (1 + slowdowns[p]);
				ts_hist_judge(&s[k], s[k].producers[0], val[k],
				    &par, &j[k]);
			}
			ts_hist_judge_run(sp, j, val, NPASSES, &run);
			for (k = 0; k < NPASSES; k++) {
				any = any || j[k].verdict == TS_HIST_WORSE;
				if (p == 0)
					worse += j[k].verdict ==
					    TS_HIST_WORSE;
			}
			flagged[p] += any || run.verdict == TS_HIST_WORSE;
		}
		/* The first pass alone 5 % slower. */
		for (k = 0; k < NPASSES; k++) {
			val[k] = k == 0 ? nv[k] / 1.05 : nv[k];
			ts_hist_judge(&s[k], s[k].producers[0], val[k], &par,
			    &j[k]);
		}
		ts_hist_judge_run(sp, j, val, NPASSES, &run);
		one += j[0].verdict == TS_HIST_WORSE;
	}
	for (k = 0; k < NPASSES; k++)
		free(s[k].pts);
	for (p = 0; p < 5; p++)
		out.flagged[p] = 100.0 * (double)flagged[p] / (double)ntrials;
	out.pass_worse = 100.0 * (double)worse / (double)(ntrials * NPASSES);
	out.one_pass = 100.0 * (double)one / (double)ntrials;
	return out;
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
}

/* The run's figure: a run slower on every pass, or on one pass. */
static void
test_run(void)
{
	struct ts_hist_series s[NPASSES];
	const struct ts_hist_series *sp[NPASSES];
	struct ts_hist_judgement j[NPASSES];
	struct ts_hist_run_judgement run;
	struct ts_cpd_params par;
	struct ts_rng r;
	double v[NPASSES], nv[NPASSES];
	size_t k, i;

	ts_cpd_defaults(&par);
	ts_rng_seed(&r, 9);
	for (k = 0; k < NPASSES; k++) {
		series_init(&s[k], k);
		sp[k] = &s[k];
	}
	for (i = 0; i < HISTORY; i++) {
		draw_run(&r, NORMAL, v);
		for (k = 0; k < NPASSES; k++) {
			s[k].pts[i].doc = (long long)i + 1;
			s[k].pts[i].value = v[k];
		}
	}
	for (k = 0; k < NPASSES; k++)
		s[k].n = HISTORY;
	for (k = 0; k < NPASSES; k++) {
		nv[k] = lower_better(k) ? 104 : 100 / 1.04;
		ts_hist_judge(&s[k], s[k].producers[0], nv[k], &par, &j[k]);
	}
	ts_hist_judge_run(sp, j, nv, NPASSES, &run);
	ok(run.verdict == TS_HIST_WORSE && run.passes == NPASSES &&
	    run.runs == HISTORY && fabs(run.pct + 3.85) < 0.5,
	    "every pass 4 %% slower: the run is worse (%.2f %%, interval "
	    "[%.2f, %.2f] %%)", run.pct, run.lo, run.hi);
	for (k = 0; k < NPASSES; k++) {
		nv[k] = k == 0 ? 80 : 100;
		ts_hist_judge(&s[k], s[k].producers[0], nv[k], &par, &j[k]);
	}
	ts_hist_judge_run(sp, j, nv, NPASSES, &run);
	ok(run.verdict == TS_HIST_WITHIN && j[0].verdict == TS_HIST_WORSE &&
	    j[0].beyond_run, "one pass 20 %% slower: that pass is worse, "
	    "the run within");
	ts_hist_judge_run(sp, j, nv, 2, &run);
	ok(run.verdict == TS_HIST_TOO_FEW, "two passes: no run figure");
	for (k = 0; k < NPASSES; k++)
		free(s[k].pts);
}

int
main(void)
{
	static const char *const names[] = { "normal", "cloud" };
	struct rates f;
	const char *e = getenv("TS_HISTORY_TRIALS");
	int m;

	if (e != NULL && atoi(e) > 0)
		ntrials = (size_t)atoi(e);
	test_tail_fit();
	test_run();
	for (m = NORMAL; m <= CLOUD; m++) {
		f = trials(m, 77 + (uint64_t)m);
		diag("%s noise, %zu trials of %d runs: flagged A/A %.1f %%, "
		    "2 %% slower %.1f %%, 3 %% %.1f %%, 5 %% %.1f %%, 10 %% "
		    "%.1f %%; A/A passes worse %.2f %%; one pass alone 5 %% "
		    "slower, that pass worse %.1f %%", names[m], ntrials,
		    HISTORY, f.flagged[0], f.flagged[1], f.flagged[2],
		    f.flagged[3], f.flagged[4], f.pass_worse, f.one_pass);
		ok(f.flagged[0] <= 5, "%s noise: A/A flagged %.1f %% <= 5 %%",
		    names[m], f.flagged[0]);
		ok(f.flagged[3] >= 90, "%s noise: 5 %% slower flagged %.1f %% "
		    ">= 90 %%", names[m], f.flagged[3]);
		ok(f.flagged[4] >= f.flagged[3] && f.flagged[3] >=
		    f.flagged[0], "%s noise: more flagged as the change grows",
		    names[m]);
		if (m == NORMAL)
			ok(f.one_pass >= 80, "normal noise: one pass alone 5 "
			    "%% slower is that pass's regression %.1f %% of "
			    "the time", f.one_pass);
	}
	return done_testing();
}
