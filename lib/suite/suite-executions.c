/* SPDX-License-Identifier: MIT */
/*
 * A pass measured in executions (see suite-executions.h).
 */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stats/stats-basic.h"
#include "stats/stats-t.h"
#include "suite/suite-design.h"
#include "suite/suite-executions.h"
#include "suite/suite-stats.h"
#include "util.h"

void
ts_prun_init(struct ts_prun *pr, const struct ts_kernel *k, unsigned threads,
    enum ts_exec_which which)
{
	memset(pr, 0, sizeof *pr);
	pr->k = k;
	pr->threads = threads;
	pr->which = which;
}

void
ts_prun_free(struct ts_prun *pr)
{
	TS_FREE_ALL(pr->error, pr->samples, pr->durations, pr->rounds,
	    pr->counts, pr->steal, pr->slowest, pr->nivcsw, pr->run, pr->wait,
	    pr->wall_ms);
	memset(pr, 0, sizeof *pr);
}

/* Append n doubles to a growing array. */
static void
append(double **a, size_t *len, const double *v, size_t n)
{
	*a = ts_xrealloc(*a, (*len + n + 1) * sizeof **a);
	memcpy(*a + *len, v, n * sizeof *v);
	*len += n;
}

void
ts_prun_add(struct ts_prun *pr, const struct ts_measurement *m, double wall_ms)
{
	double slowest = 0;
	size_t i, first;

	if (pr->nexec == pr->cap) {
		pr->cap = pr->cap ? pr->cap * 2 : 8;
		pr->counts = ts_xrealloc(pr->counts, pr->cap *
		    sizeof *pr->counts);
		pr->steal = ts_xrealloc(pr->steal, pr->cap * sizeof *pr->steal);
		pr->slowest = ts_xrealloc(pr->slowest, pr->cap *
		    sizeof *pr->slowest);
		pr->nivcsw = ts_xrealloc(pr->nivcsw, pr->cap *
		    sizeof *pr->nivcsw);
		pr->run = ts_xrealloc(pr->run, pr->cap * sizeof *pr->run);
		pr->wait = ts_xrealloc(pr->wait, pr->cap * sizeof *pr->wait);
		pr->wall_ms = ts_xrealloc(pr->wall_ms, pr->cap *
		    sizeof *pr->wall_ms);
	}
	if (pr->iters == 0)
		pr->iters = m->iters;
	append(&pr->samples, &pr->nsamples, m->samples, m->nsamples);
	append(&pr->durations, &pr->ndurations, m->durations, m->ndurations);
	/* The measured rounds are the last nsamples of the durations. */
	first = m->ndurations >= m->nsamples ? m->ndurations - m->nsamples : 0;
	append(&pr->rounds, &pr->nrounds, m->durations + first,
	    m->ndurations - first);
	for (i = first; i < m->ndurations; i++)
		if (m->durations[i] > slowest)
			slowest = m->durations[i];
	pr->counts[pr->nexec] = (uint32_t)m->nsamples;
	pr->steal[pr->nexec] = m->steal_ms;
	pr->slowest[pr->nexec] = slowest;
	pr->nivcsw[pr->nexec] = m->nivcsw;
	pr->run[pr->nexec] = m->run_ms;
	pr->wait[pr->nexec] = m->wait_ms;
	pr->wall_ms[pr->nexec] = wall_ms;
	pr->nexec++;
}

void
ts_prun_fail(struct ts_prun *pr, const char *why)
{
	if (pr->error == NULL)
		pr->error = ts_xstrdup(why);
}

bool
ts_prun_precise(const struct ts_prun *pr, double pct)
{
	struct ts_design_est est;
	double *means;
	bool ok;

	if (pr->nexec < 2)
		return false;
	means = ts_xcalloc(pr->nexec, sizeof *means);
	ok = ts_design_estimate(pr->samples, pr->counts, pr->nexec, means,
	    &est) == 0 && est.p >= 2 && est.mean != 0 &&
	    est.ci95 <= pct / 100.0 * fabs(est.mean);
	free(means);
	return ok;
}

/* Most executions a projection counts (beyond, it says "too many"). */
#define PROJECT_MAX	1000000

int
ts_prun_project(const struct ts_prun *pr, double pct,
    struct ts_prun_projection *out)
{
	struct ts_design_est est;
	double *means, need;
	size_t n, i;

	memset(out, 0, sizeof *out);
	if (pr->nexec < 2)
		return -1;
	means = ts_xcalloc(pr->nexec, sizeof *means);
	if (ts_design_estimate(pr->samples, pr->counts, pr->nexec, means,
	    &est) == -1 || est.p < 2 || !(fabs(est.mean) > 0)) {
		free(means);
		return -1;
	}
	free(means);
	out->spread_pct = est.sd / fabs(est.mean) * 100;
	out->reached_pct = est.ci95 / fabs(est.mean) * 100;
	out->exec_secs = ts_median(pr->wall_ms, pr->nexec) / 1000;
	if (!(out->spread_pct > 0)) {
		out->needed = pr->nexec;
		return 0;
	}
	/* n = (t(n - 1) sd / target)^2, t taken at the n found, to a fixed point. */
	n = pr->nexec;
	for (i = 0; i < 50; i++) {
		double t = ts_t_critical((double)n - 1, TS_DESIGN_LEVEL);

		need = ceil(pow(t * out->spread_pct / pct, 2));
		if (need > PROJECT_MAX) {
			n = PROJECT_MAX;
			break;
		}
		if (need < 2)
			need = 2;
		if ((size_t)need == n)
			break;
		n = (size_t)need;
	}
	out->needed = n < pr->nexec ? pr->nexec : n;
	return 0;
}

double
ts_prun_reach(const struct ts_prun_projection *p, size_t n)
{
	if (n < 2)
		return INFINITY;
	return ts_t_critical((double)n - 1, TS_DESIGN_LEVEL) * p->spread_pct /
	    sqrt((double)n);
}

/* Judge what the host took; fill the record's host part. */
static void
host_record(const struct ts_prun *pr, unsigned cpus, struct ts_exec_pass *x)
{
	double usual, steal = 0, measured = 0, worst = 0, wait = 0, ran = 0;
	size_t i, worst_at = 0;
	bool steal_known = false, wait_known = true;

	usual = pr->nrounds > 0 ? ts_median(pr->rounds, pr->nrounds) : NAN;
	x->usual_round_ms = usual;
	x->steal_ms = ts_xcalloc(pr->nexec + 1, sizeof *x->steal_ms);
	x->nivcsw = ts_xcalloc(pr->nexec + 1, sizeof *x->nivcsw);
	x->slowest = ts_xcalloc(pr->nexec + 1, sizeof *x->slowest);
	x->wall_ms = ts_xcalloc(pr->nexec + 1, sizeof *x->wall_ms);
	memcpy(x->wall_ms, pr->wall_ms, pr->nexec * sizeof *x->wall_ms);
	for (i = 0; i < pr->nrounds; i++)
		measured += pr->rounds[i];
	for (i = 0; i < pr->nexec; i++) {
		if (isfinite(pr->wait[i]) && isfinite(pr->run[i])) {
			wait += pr->wait[i];
			ran += pr->run[i];
		} else
			wait_known = false;
		x->steal_ms[i] = pr->steal[i];
		x->nivcsw[i] = pr->nivcsw[i];
		x->slowest[i] = usual > 0 ? pr->slowest[i] / usual : NAN;
		if (isfinite(pr->steal[i])) {
			steal += pr->steal[i];
			steal_known = true;
		}
		if (isfinite(x->slowest[i]) && x->slowest[i] > worst) {
			worst = x->slowest[i];
			worst_at = i;
		}
	}
	if (worst >= TS_LOST_RATIO) {
		x->lost_time = true;
		x->lost_why = ts_xasprintf("a round of execution %zu took "
		    "%.1fx the usual %.0f ms", worst_at + 1, worst, usual);
	} else if (steal_known && measured > 0 && cpus > 0 &&
	    steal > TS_LOST_STEAL * measured * cpus) {
		x->lost_time = true;
		x->lost_why = ts_xasprintf("the hypervisor stole %.0f ms of "
		    "CPU time (%.1f %% of the rounds' %u CPUs)", steal,
		    steal / (measured * cpus) * 100, cpus);
	} else if (wait_known && pr->nexec > 0 && ran + wait > 0 &&
	    pr->threads > 0 && pr->threads <= cpus &&
	    wait > TS_LOST_WAIT * (ran + wait)) {
		x->lost_time = true;
		x->lost_why = ts_xasprintf("%s waited for a CPU %.0f %% of the "
		    "time %s could have run: another task shared %s",
		    pr->threads == 1 ? "its thread" : "its threads",
		    wait / (ran + wait) * 100,
		    pr->threads == 1 ? "it" : "they",
		    pr->threads == 1 ? "its core" : "their cores");
	}
}

int
ts_prun_finish(const struct ts_prun *pr, unsigned cpus, bool precision,
    struct ts_exec_design *d, struct ts_pass *out, char *err, size_t errlen)
{
	struct ts_design_est est;
	struct ts_exec_pass *x;
	struct ts_stats window;

	memset(out, 0, sizeof *out);
	if (ts_stats_summary(pr->samples, pr->nsamples, &out->stats) == -1) {
		snprintf(err, errlen, "workload '%s': every sample was "
		    "non-finite", pr->k->id);
		return -1;
	}
	out->threads = pr->threads;
	out->iters_per_thread = pr->iters;
	out->value = out->stats.median;
	out->samples = ts_xcalloc(pr->nsamples, sizeof *out->samples);
	memcpy(out->samples, pr->samples, pr->nsamples * sizeof *pr->samples);
	out->nsamples = pr->nsamples;
	if (ts_stats_summary(pr->durations, pr->ndurations, &window) == 0)
		out->window_ms = window.median;
	out->window_too_short = out->window_ms < TS_TOO_SHORT_MS;
	x = ts_exec_pass_add(d, pr->k->id, pr->which, pr->nexec);
	memcpy(x->counts, pr->counts, pr->nexec * sizeof *pr->counts);
	if (ts_design_estimate(pr->samples, pr->counts, pr->nexec, x->means,
	    &est) == 0) {
		x->mean = est.mean;
		x->sd = est.sd;
		x->ci95 = est.ci95;
		x->var_within = est.var_within;
		x->var_between = est.var_between;
		x->between_share = est.between_share;
		/* Two executions or more: the interval counts their spread. */
		if (est.p >= 2)
			out->stats.ci95 = est.ci95;
	}
	if (precision) {
		x->has_precision = true;
		x->precision_met = pr->done && !pr->gave_up;
	}
	host_record(pr, cpus, x);
	return 0;
}
