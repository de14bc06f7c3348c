/* SPDX-License-Identifier: MIT */
/*
 * The ratio B/A, its interval and its verdict, by design (ab-stats.h).
 */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ab/ab-rank.h"
#include "ab/ab-stats.h"
#include "rng.h"
#include "stats/stats-basic.h"
#include "stats/stats-serial.h"
#include "stats/stats-t.h"
#include "stats/stats-welch.h"
#include "util.h"

/* The sign patterns of the blind half-width, and their seed. */
#define TS_AB_BLIND_PATTERNS	4
#define TS_AB_BLIND_SEED	UINT64_C(0x5eed0ab)

/* The standard normal's 80 % point (its 97.5 % one is TS_Z975). */
#define Z80	0.8416212335729143

size_t
ts_ab_min_rounds(enum ts_ab_design d)
{
	switch (d) {
	case TS_AB_DUET:
		return 2 * TS_AB_RANK_MIN;
	case TS_AB_SEQUENTIAL:
		return 2;
	default:
		return TS_AB_RANK_MIN;
	}
}

/* Welch's interval on mean(lb) - mean(la), n values each. */
static void
welch(const double *la, const double *lb, size_t n, struct ts_ab_est *e)
{
	struct ts_welch w;
	double t;

	ts_welch(la, n, lb, n, &w);
	e->log_ratio = w.diff;
	if (n < 2)
		return;
	e->method = TS_AB_METHOD_WELCH;
	e->level = 0.95;
	if (w.se == 0) {
		e->log_low = e->log_high = e->log_ratio;
		return;
	}
	t = ts_t_critical(w.df, 0.95);
	e->log_low = e->log_ratio - t * w.se;
	e->log_high = e->log_ratio + t * w.se;
}

/* The signed-rank estimate and interval of u[0..m). */
static void
rank(const double *u, size_t m, struct ts_ab_est *e)
{
	struct ts_ab_rank r;

	if (ts_ab_rank_interval(u, m, &r) == -1)
		return;
	e->log_ratio = r.estimate;
	if (r.k == 0)
		return;
	e->method = TS_AB_METHOD_SIGNED_RANK;
	e->log_low = r.low;
	e->log_high = r.high;
	e->level = r.level;
}

/*
 * The half-width of the interval on u[0..m) with the signs forgotten:
 * the mean half-width of the intervals on the sizes |u_i| given the
 * signs of TS_AB_BLIND_PATTERNS fixed random patterns, the i-th smallest
 * size taking the pattern's i-th sign; as a fraction of the ratio.
 */
static double
blind(const double *u, size_t m)
{
	double *size, *v, sum = 0, hw;
	size_t i, neg, lo, hi;
	struct ts_rng r;
	uint64_t k, mm;
	int p;

	if (m < TS_AB_RANK_MIN)
		return NAN;
	size = ts_xmalloc(m * sizeof *size);
	v = ts_xmalloc(m * sizeof *v);
	for (i = 0; i < m; i++)
		size[i] = fabs(u[i]);
	ts_sort_doubles(size, m);
	k = ts_ab_rank_critical(m, NULL);
	mm = (uint64_t)m * (m + 1) / 2;
	for (p = 0; p < TS_AB_BLIND_PATTERNS; p++) {
		ts_rng_seed(&r, TS_AB_BLIND_SEED + (uint64_t)p);
		/* Negative sizes first, largest first; then the positive. */
		for (i = neg = 0; i < m; i++)
			neg += ts_rng_next(&r) >> 63;
		ts_rng_seed(&r, TS_AB_BLIND_SEED + (uint64_t)p);
		lo = neg;
		hi = neg;
		for (i = 0; i < m; i++) {
			if (ts_rng_next(&r) >> 63)
				v[--lo] = -size[i];
			else
				v[hi++] = size[i];
		}
		sum += (ts_ab_walsh_sum_kth(v, m, mm - k + 1) -
		    ts_ab_walsh_sum_kth(v, m, k)) / 4;
	}
	free(v);
	free(size);
	hw = sum / TS_AB_BLIND_PATTERNS;
	return (exp(hw) - exp(-hw)) / 2;
}

size_t
ts_ab_batches(size_t units)
{
	size_t b = (size_t)floor(sqrt((double)units));

	if (b < TS_AB_RANK_MIN)
		b = TS_AB_RANK_MIN;
	return units >= 2 * b ? b : 0;
}

/* A batch's Hodges-Lehmann estimate, for ts_batches. */
static double
batch_hl(const double *x, size_t n, void *arg)
{
	struct ts_ab_rank r;

	(void)arg;
	ts_ab_rank_interval(x, n, &r);
	return r.estimate;
}

/*
 * Test the units u[0..m) for positive serial dependence and, when they
 * are correlated, widen e's interval on the logs about its estimate to
 * the half-width of the batches' interval (each side by one factor, so
 * that the signed-rank interval keeps its shape), and the blind
 * half-width to the batches' blind one: both whenever the test finds
 * the correlation, so that the rule widens with the interval.
 */
static void
serial(const double *u, size_t m, struct ts_ab_est *e)
{
	struct ts_ab_est be;
	struct ts_serial t;
	double *v, hp, hb, bw, f;
	size_t b;

	if (ts_serial_test(u, m, ts_serial_lags(m), &t) == -1)
		return;
	e->serial_r1 = t.r1;
	e->serial_p = t.p;
	if (e->method == TS_AB_METHOD_NONE || !(t.p < TS_AB_SERIAL_ALPHA))
		return;
	e->correlated = true;
	if ((b = ts_ab_batches(m)) == 0)
		return;
	v = ts_xmalloc(b * sizeof *v);
	ts_batches(u, m, b, batch_hl, NULL, v);
	memset(&be, 0, sizeof be);
	rank(v, b, &be);
	bw = blind(v, b);
	free(v);
	e->batches = b;
	if (bw > e->blind_half_width)
		e->blind_half_width = bw;
	hp = (e->log_high - e->log_low) / 2;
	hb = (be.log_high - be.log_low) / 2;
	if (!(hb > hp))
		return;
	if (hp > 0) {
		f = hb / hp;
		e->log_low = e->log_ratio - f * (e->log_ratio - e->log_low);
		e->log_high = e->log_ratio + f * (e->log_high - e->log_ratio);
	} else {
		f = INFINITY;
		e->log_low = e->log_ratio - hb;
		e->log_high = e->log_ratio + hb;
	}
	e->widened = f;
}

/* Check that every figure is finite and above 0. */
static int
check(const double *a, const double *b, size_t n, enum ts_ab_design d,
    char *err, size_t errlen)
{
	size_t i;
	int s;

	for (i = 0; i < n; i++)
		for (s = 0; s < 2; s++) {
			double v = s == 0 ? a[i] : b[i];

			if (isfinite(v) && v > 0)
				continue;
			snprintf(err, errlen, "%s %zu: command %c's figure is "
			    "%g; a ratio needs figures above 0",
			    d == TS_AB_SEQUENTIAL ? "run" : "round", i + 1,
			    s == 0 ? 'A' : 'B', v);
			return -1;
		}
	return 0;
}

/*
 * Duet's units into u, from the rounds' log ratios lr: the k-th round of
 * A on set 0 with the k-th of A on set 1.  Return their number.
 */
static size_t
duet_units(const double *lr, const unsigned char *set, size_t n, double *u)
{
	size_t j[2] = { 0, 0 }, m = 0;
	int s;

	for (;;) {
		for (s = 0; s < 2; s++)
			while (j[s] < n && (set != NULL ? set[j[s]] != 0 :
			    j[s] % 2 != 0) != (s != 0))
				j[s]++;
		if (j[0] >= n || j[1] >= n)
			return m;
		u[m++] = (lr[j[0]] + lr[j[1]]) / 2;
		j[0]++;
		j[1]++;
	}
}

int
ts_ab_estimate(enum ts_ab_design design, const double *a, const double *b,
    size_t n, struct ts_ab_est *e, char *err, size_t errlen)
{
	return ts_ab_estimate_sets(design, a, b, NULL, n, e, err, errlen);
}

int
ts_ab_estimate_sets(enum ts_ab_design design, const double *a,
    const double *b, const unsigned char *set, size_t n,
    struct ts_ab_est *e, char *err, size_t errlen)
{
	double *la, *lb, *u, *lr;
	size_t i, m;
	double hw;

	memset(e, 0, sizeof *e);
	e->design = design;
	e->rounds = n;
	e->log_ratio = e->log_low = e->log_high = NAN;
	e->level = e->half_width = e->detectable = NAN;
	e->blind_half_width = NAN;
	e->serial_r1 = e->serial_p = NAN;
	e->widened = 1;
	if (check(a, b, n, design, err, errlen) == -1)
		return -1;
	la = ts_xcalloc(n + 1, sizeof *la);
	lb = ts_xcalloc(n + 1, sizeof *lb);
	u = ts_xcalloc(n + 1, sizeof *u);
	for (i = 0; i < n; i++) {
		la[i] = log(a[i]);
		lb[i] = log(b[i]);
		u[i] = lb[i] - la[i];
	}
	switch (design) {
	case TS_AB_SEQUENTIAL:
		e->units = n;
		if (n > 0)
			welch(la, lb, n, e);
		break;
	case TS_AB_DUET:
		/* A unit has A once on each CPU set. */
		lr = ts_xcalloc(n + 1, sizeof *lr);
		memcpy(lr, u, n * sizeof *lr);
		m = duet_units(lr, set, n, u);
		free(lr);
		e->units = m;
		if (m > 0)
			rank(u, m, e);
		else if (n == 1)
			e->log_ratio = u[0];
		e->blind_half_width = blind(u, m);
		serial(u, m, e);
		break;
	default:
		e->units = n;
		rank(u, n, e);
		e->blind_half_width = blind(u, n);
		serial(u, n, e);
	}
	e->ratio = exp(e->log_ratio);
	e->low = exp(e->log_low);
	e->high = exp(e->log_high);
	if (e->method != TS_AB_METHOD_NONE) {
		hw = (e->log_high - e->log_low) / 2;
		e->half_width = (e->high - e->low) / 2 / e->ratio;
		e->detectable = exp(hw * (TS_Z975 + Z80) / TS_Z975) - 1;
	}
	free(u);
	free(lb);
	free(la);
	return 0;
}

enum ts_ab_verdict
ts_ab_verdict(const struct ts_ab_est *e, bool higher_better)
{
	if (e->method == TS_AB_METHOD_NONE)
		return TS_AB_UNDECIDED;
	if (e->log_low > 0)
		return higher_better ? TS_AB_BETTER : TS_AB_WORSE;
	if (e->log_high < 0)
		return higher_better ? TS_AB_WORSE : TS_AB_BETTER;
	return TS_AB_SAME;
}

bool
ts_ab_worse_beyond(const struct ts_ab_est *e, bool higher_better,
    double frac)
{
	if (e->method == TS_AB_METHOD_NONE)
		return false;
	if (higher_better)
		return e->high < 1 - frac;
	return e->low > 1 + frac;
}

double
ts_ab_side_half_width(const double *v, size_t n)
{
	double *l, m, var, hw;
	size_t i;

	if (n < 2)
		return NAN;
	l = ts_xmalloc(n * sizeof *l);
	for (i = 0; i < n; i++) {
		if (!(isfinite(v[i]) && v[i] > 0)) {
			free(l);
			return NAN;
		}
		l[i] = log(v[i]);
	}
	ts_mean_var(l, n, &m, &var);
	free(l);
	hw = ts_t_critical((double)(n - 1), 0.95) * sqrt(var / (double)n);
	return (exp(hw) - exp(-hw)) / 2;
}

const char *
ts_ab_design_name(enum ts_ab_design d)
{
	switch (d) {
	case TS_AB_DUET:
		return "duet";
	case TS_AB_SEQUENTIAL:
		return "sequential";
	default:
		return "interleaved";
	}
}

const char *
ts_ab_method_name(enum ts_ab_method m)
{
	switch (m) {
	case TS_AB_METHOD_SIGNED_RANK:
		return "signed-rank";
	case TS_AB_METHOD_WELCH:
		return "welch";
	default:
		return "none";
	}
}

const char *
ts_ab_verdict_name(enum ts_ab_verdict v)
{
	switch (v) {
	case TS_AB_SAME:
		return "same";
	case TS_AB_BETTER:
		return "better";
	case TS_AB_WORSE:
		return "worse";
	default:
		return "undecided";
	}
}
