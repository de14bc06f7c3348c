/* SPDX-License-Identifier: MIT */
/*
 * The window, the baseline, the gauge and the budget (probe-window.h).
 */
#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "probe-window.h"
#include "mem/mem-probe.h"
#include "stats/stats-basic.h"
#include "stats/stats-t.h"
#include "util.h"

void
ts_pw_rule_default(struct ts_pw_rule *rule)
{
	memset(rule, 0, sizeof *rule);
	rule->drop = 0.3;
	rule->wait_rise = 0.25;
	rule->min_history = 5;
	rule->history_s = 6 * 3600.0;
}

void
ts_pw_init(struct ts_pw *w, double window_s, const struct ts_pw_rule *rule)
{
	memset(w, 0, sizeof *w);
	w->window_s = window_s;
	w->rule = *rule;
	w->baseline = w->baseline_wait = NAN;
}

void
ts_pw_free(struct ts_pw *w)
{
	free(w->hist);
	w->hist = NULL;
	w->n = w->cap = 0;
}

bool
ts_pw_suspect(const struct ts_pw_rule *rule, const struct ts_pw_reading *r,
    double baseline, double baseline_wait)
{
	if (rule->min_score > 0 && r->score < rule->min_score)
		return true;
	if (!isnan(baseline) && r->score < (1 - rule->drop) * baseline)
		return true;
	return !isnan(baseline_wait) && r->wait_share >= 0 &&
	    r->wait_share > baseline_wait + rule->wait_rise;
}

/* The medians of the history's scores and known wait shares into w. */
static void
baseline(struct ts_pw *w)
{
	double *v = ts_xmalloc((w->n + 1) * sizeof *v);
	size_t i, k = 0;

	w->baseline = w->baseline_wait = NAN;
	if (w->n >= w->rule.min_history && w->n > 0) {
		for (i = 0; i < w->n; i++)
			v[i] = w->hist[i].score;
		w->baseline = ts_median(v, w->n);
		for (i = 0; i < w->n; i++)
			if (w->hist[i].wait_share >= 0)
				v[k++] = w->hist[i].wait_share;
		if (k >= w->rule.min_history)
			w->baseline_wait = ts_median(v, k);
	}
	free(v);
}

bool
ts_pw_add(struct ts_pw *w, const struct ts_pw_reading *r)
{
	size_t old = 0;
	bool suspect;

	/* The history the reading is judged by: what its reach still holds. */
	while (old < w->n && w->hist[old].t < r->t - w->rule.history_s)
		old++;
	if (old > 0) {
		memmove(w->hist, w->hist + old, (w->n - old) * sizeof *w->hist);
		w->n -= old;
	}
	baseline(w);
	suspect = ts_pw_suspect(&w->rule, r, w->baseline, w->baseline_wait);
	if (suspect == w->degraded)
		w->pending = false;
	else if (!w->pending)
		w->pending = true;
	else {
		w->degraded = suspect;
		w->pending = false;
		w->raised += suspect;
	}
	if (w->n == w->cap) {
		w->cap = w->cap ? 2 * w->cap : 64;
		w->hist = ts_xrealloc(w->hist, w->cap * sizeof *w->hist);
	}
	w->hist[w->n++] = *r;
	return w->pending;
}

void
ts_pw_interval(const double *v, size_t n, double *mean, double *low,
    double *high)
{
	double var, half;

	*mean = *low = *high = NAN;
	if (n == 0)
		return;
	ts_mean_var(v, n, mean, &var);
	if (n < 2)
		return;
	half = ts_t_quantile(0.975, (double)(n - 1)) * sqrt(var / (double)n);
	*low = *mean - half;
	*high = *mean + half;
}

void
ts_pw_estimate(const struct ts_pw *w, double now, struct ts_pw_estimate *e)
{
	double *v = ts_xmalloc((w->n + 1) * sizeof *v), sum = 0;
	size_t i, known = 0;

	memset(e, 0, sizeof *e);
	for (i = 0; i < w->n; i++) {
		if (w->hist[i].t <= now - w->window_s || w->hist[i].t > now)
			continue;
		v[e->n++] = w->hist[i].score;
		if (w->hist[i].wait_share >= 0) {
			sum += w->hist[i].wait_share;
			known++;
		}
	}
	ts_pw_interval(v, e->n, &e->mean, &e->low, &e->high);
	e->wait_share = known > 0 && known == e->n ? sum / (double)known : NAN;
	e->baseline = w->baseline;
	e->baseline_wait = w->baseline_wait;
	free(v);
}

double
ts_pw_thread_cost(double seconds, double ws_bytes)
{
	return seconds + TS_PROBE_WARM_S + ceil(ws_bytes / TS_PW_PAGE_BYTES) *
	    TS_PW_PRIME_PAGE_S;
}

double
ts_pw_interval_for(unsigned long threads, double seconds, double ws_bytes)
{
	double t = round((double)threads * ts_pw_thread_cost(seconds,
	    ws_bytes) * 3600 / TS_PW_ROUTINE_CPU_H);

	return t > TS_PW_MIN_INTERVAL ? t : TS_PW_MIN_INTERVAL;
}

void
ts_pw_budget_start(struct ts_pw_budget *b, double now, double cpu)
{
	b->credit = TS_PW_BURST;
	b->t = now;
	b->cpu = cpu;
}

void
ts_pw_budget_count(struct ts_pw_budget *b, double now, double cpu)
{
	if (now > b->t)
		b->credit = fmin(TS_PW_BURST, b->credit +
		    (now - b->t) * TS_PW_BUDGET / 3600);
	if (cpu > b->cpu)
		b->credit -= cpu - b->cpu;
	b->t = fmax(b->t, now);
	b->cpu = fmax(b->cpu, cpu);
}

double
ts_pw_budget_wait(const struct ts_pw_budget *b, double cost, double reserve)
{
	double need = fmin(cost + reserve, TS_PW_BURST);

	return b->credit >= need ? 0 : (need - b->credit) * 3600 /
	    TS_PW_BUDGET;
}

double
ts_pw_spacing(double least, double cost)
{
	double t = round(cost * 3600 / TS_PW_ROUTINE_CPU_H);

	return !(t > least) ? least : t;
}

double
ts_pw_cost_median(const double *c, size_t n)
{
	size_t k = n < TS_PW_COSTS ? n : TS_PW_COSTS;

	return k == 0 ? NAN : ts_median(c + (n - k), k);
}

double
ts_pw_confirm_delay(double interval)
{
	return fmin(interval / 3, TS_PW_CONFIRM_S);
}
