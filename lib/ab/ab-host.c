/* SPDX-License-Identifier: MIT */
/*
 * The host during an experiment (ab-host.h).
 */
#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ab/ab-host.h"
#include "stats/stats-basic.h"
#include "stats/stats-t.h"
#include "suite/suite-executions.h"
#include "util.h"

double
ts_ab_spearman(const double *x, const double *y, size_t n, double *p)
{
	double *rx, *ry, mx, sxx = 0, syy = 0, sxy = 0, rho, t;
	size_t i;

	*p = NAN;
	if (n < TS_AB_SPEARMAN_MIN)
		return NAN;
	rx = ts_xmalloc(n * sizeof *rx);
	ry = ts_xmalloc(n * sizeof *ry);
	ts_midranks(x, n, rx);
	ts_midranks(y, n, ry);
	mx = (double)(n + 1) / 2;
	for (i = 0; i < n; i++) {
		sxx += (rx[i] - mx) * (rx[i] - mx);
		syy += (ry[i] - mx) * (ry[i] - mx);
		sxy += (rx[i] - mx) * (ry[i] - mx);
	}
	free(rx);
	free(ry);
	if (sxx == 0 || syy == 0)
		return NAN;
	rho = sxy / sqrt(sxx * syy);
	if (rho >= 1 || rho <= -1)
		*p = 0;
	else {
		t = rho * sqrt((double)(n - 2) / (1 - rho * rho));
		*p = ts_t_two_sided_p(t, (double)(n - 2));
	}
	return rho;
}

void
ts_ab_host_init(struct ts_ab_host *h)
{
	memset(h, 0, sizeof *h);
	h->score_median = h->score_min = h->score_max = h->moved = NAN;
	h->rho = h->rho_p = NAN;
	h->steal_ms = h->steal_share = h->worst = h->usual_s = NAN;
}

void
ts_ab_host_probe(struct ts_ab_host *h, const double *scores, size_t nscores,
    const double *round_score, const double *log_ratio, size_t rounds)
{
	double *x, *y;
	size_t i, n = 0;

	h->readings = 0;
	h->score_min = INFINITY;
	h->score_max = -INFINITY;
	for (i = 0; i < nscores; i++)
		if (isfinite(scores[i]) && scores[i] > 0) {
			h->readings++;
			if (scores[i] < h->score_min)
				h->score_min = scores[i];
			if (scores[i] > h->score_max)
				h->score_max = scores[i];
		}
	if (h->readings == 0) {
		h->score_min = h->score_max = h->score_median = NAN;
		h->moved = NAN;
		return;
	}
	x = ts_xcalloc(nscores + rounds + 1, sizeof *x);
	for (i = 0; i < nscores; i++)
		if (isfinite(scores[i]) && scores[i] > 0)
			x[n++] = scores[i];
	h->score_median = ts_median(x, n);
	h->moved = h->score_max / h->score_min - 1;
	y = ts_xcalloc(rounds + 1, sizeof *y);
	for (i = n = 0; i < rounds; i++)
		if (isfinite(round_score[i]) && round_score[i] > 0 &&
		    isfinite(log_ratio[i])) {
			x[n] = log(round_score[i]);
			y[n++] = log_ratio[i];
		}
	h->rho = ts_ab_spearman(x, y, n, &h->rho_p);
	h->moved_with = isfinite(h->rho_p) && h->rho_p < 0.05;
	free(y);
	free(x);
}

void
ts_ab_host_lost(struct ts_ab_host *h, const double *round_s, size_t n,
    double steal_ms, double cpu_s)
{
	size_t i;

	h->steal_ms = steal_ms;
	h->steal_share = isfinite(steal_ms) && cpu_s > 0 ?
	    steal_ms / 1000 / cpu_s : NAN;
	h->lost_rounds = 0;
	h->worst = NAN;
	h->usual_s = n > 0 ? ts_median(round_s, n) : NAN;
	if (n > 0 && h->usual_s > 0) {
		h->worst = 0;
		for (i = 0; i < n; i++) {
			if (round_s[i] / h->usual_s > h->worst)
				h->worst = round_s[i] / h->usual_s;
			if (round_s[i] >= TS_LOST_RATIO * h->usual_s)
				h->lost_rounds++;
		}
	}
	h->lost_time = h->lost_rounds > 0 || (isfinite(h->steal_share) &&
	    h->steal_share > TS_LOST_STEAL);
}
