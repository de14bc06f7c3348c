/* SPDX-License-Identifier: MIT */
/*
 * lib/ab/ab-stats.c on simulated paired experiments with a drifting
 * host: two commands of 0.5 s, B the same (A/A) or 3 % slower, each run
 * slowed by the host's state when it runs (steps between three levels
 * every 8 s on average, a slow drift of +-30 % over two minutes, or a
 * host that flips between two modes 1.4x apart), by its own noise (2 %)
 * and now and then (one run in twenty) by a burst of interference.  In
 * duet the two CPU sets also differ, one running at 0.6x the other for
 * a minute at a time; A has each set once in each pair of rounds, a coin
 * deciding which first.  Over 10,000 experiments per case of 16 rounds
 * (16 pairs in duet): the coverage of the 95 % interval (95 % +- 1.5 %),
 * A/A false alarms (at most 5 %) and the power on a 3 % change; over
 * 1,000 a case, the same with the stopping rule of --precision 1
 * --max-time 45 (at 10,000 a case it gave 4.8 to 5.2 % A/A false alarms,
 * 4.93 % over all six, in some 7 minutes); beside them, what a paired t
 * interval and the sequential design give on the same hosts.  Then duet
 * beside a neighbour that takes the CPU freed first, with and without
 * the thread that keeps that CPU busy to the end of the round.
 * Everything is seeded: the figures are the same on every run.
 */
#include <config.h>

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "ab/ab-rank.h"
#include "ab/ab-stats.h"
#include "ab/ab-stop.h"
#include "rng.h"
#include "stats/stats-t.h"
#include "sim-draw.h"
#include "tap.h"

#define EXPERIMENTS	10000
#define UNITS		16	/* rounds, or pairs of rounds in duet */
#define WORK		0.5	/* seconds a run takes on a quiet host */
#define MAX_ROUNDS	400
#define ADAPTIVE	1000	/* experiments per case with the stopping rule */
#define N_(a)		(sizeof (a) / sizeof (a)[0])

enum host_kind { STEPS, DRIFT, BIMODAL, NKINDS };
static const char *const kind_names[] = { "steps", "slow drift", "bimodal" };

struct host {
	enum host_kind	 kind;
	struct ts_rng	 r;
	double		 clock;		/* seconds into the experiment */
	double		 level, next_step;	/* steps */
	double		 phase;			/* drift */
	int		 mode;			/* bimodal */
	double		 set1, next_swap;	/* duet: CPU set 1's slowness */
	unsigned char	 sets[MAX_ROUNDS];	/* duet: A's set each round */
	int		 pair;			/* duet: A's set, a pair's first */
};

/* An exponential draw of mean m. */
static double
expo(struct ts_rng *r, double m)
{
	return -m * log(1 - ts_rng_f64(r));
}

static void
host_start(struct host *h, enum host_kind kind, uint64_t seed)
{
	static const double levels[] = { 1.0, 1.25, 1.6 };

	memset(h, 0, sizeof *h);
	h->kind = kind;
	ts_rng_seed(&h->r, seed);
	h->level = levels[ts_rng_below(&h->r, 3)];
	h->next_step = expo(&h->r, 8);
	h->phase = 2 * M_PI * ts_rng_f64(&h->r);
	h->mode = ts_rng_f64(&h->r) < 0.5;
	h->set1 = ts_rng_f64(&h->r) < 0.5 ? 1 : 1 / 0.6;
	h->next_swap = expo(&h->r, 60);
}

/* How much slower than quiet the host is now. */
static double
host_now(struct host *h)
{
	static const double levels[] = { 1.0, 1.25, 1.6 };

	switch (h->kind) {
	case STEPS:
		while (h->clock >= h->next_step) {
			h->level = levels[ts_rng_below(&h->r, 3)];
			h->next_step += expo(&h->r, 8);
		}
		return h->level;
	case DRIFT:
		return 1 + 0.3 * sin(2 * M_PI * h->clock / 120 + h->phase);
	default:
		if (ts_rng_f64(&h->r) < 0.2)
			h->mode = !h->mode;
		return h->mode ? 1.4 : 1.0;
	}
}

/* A run's own noise: 2 %, and one run in twenty caught by a burst. */
static double
own(struct ts_rng *r)
{
	double f = exp(0.02 * sim_normal(r));

	if (ts_rng_f64(r) < 0.05)
		f *= 1 + expo(r, 0.3);
	return f;
}

/* One run of `work` seconds now; the clock moves past it. */
static double
run(struct host *h, double work)
{
	double t = work * host_now(h) * own(&h->r);

	h->clock += t + 0.01;
	return t;
}

/* Round i of an experiment: a[i] and b[i]. */
static void
round_of(struct host *h, enum ts_ab_design d, double theta, size_t i,
    double *a, double *b)
{
	double f, sa, sb;

	if (d == TS_AB_DUET) {
		while (h->clock >= h->next_swap) {
			h->set1 = h->set1 == 1 ? 1 / 0.6 : 1;
			h->next_swap += expo(&h->r, 60);
		}
		f = host_now(h);
		/* Pairs of rounds, a coin for which set A has first. */
		if (i % 2 == 0)
			h->pair = ts_rng_f64(&h->r) < 0.5;
		h->sets[i] = (unsigned char)(i % 2 == 0 ? h->pair : !h->pair);
		sa = h->sets[i] == 0 ? 1 : h->set1;
		sb = h->sets[i] == 0 ? h->set1 : 1;
		*a = WORK * f * sa * own(&h->r);
		*b = WORK * (1 + theta) * f * sb * own(&h->r);
		h->clock += (*a > *b ? *a : *b) + 0.01;
	} else if (ts_rng_f64(&h->r) < 0.5) {
		*a = run(h, WORK);
		*b = run(h, WORK * (1 + theta));
	} else {
		*b = run(h, WORK * (1 + theta));
		*a = run(h, WORK);
	}
}

/* n runs of A, then n of B. */
static void
sequential(struct host *h, double theta, size_t n, double *a, double *b)
{
	size_t i;

	for (i = 0; i < n; i++)
		a[i] = run(h, WORK);
	for (i = 0; i < n; i++)
		b[i] = run(h, WORK * (1 + theta));
}

/* The paired t interval on the log ratios, for comparison. */
static void
paired_t(const double *a, const double *b, size_t n, double *lo, double *hi)
{
	double m = 0, ss = 0, d, t;
	size_t i;

	for (i = 0; i < n; i++)
		m += log(b[i] / a[i]);
	m /= (double)n;
	for (i = 0; i < n; i++) {
		d = log(b[i] / a[i]) - m;
		ss += d * d;
	}
	t = ts_t_critical((double)(n - 1), 0.95);
	*lo = m - t * sqrt(ss / (double)(n - 1) / (double)n);
	*hi = m + t * sqrt(ss / (double)(n - 1) / (double)n);
}

static int
by_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return a < b ? -1 : a > b;
}

/* What a set of experiments gave. */
struct tally {
	size_t	 n, covered, alarms, found, rounds, precise;
	double	*widths;
};

static void
tally_add(struct tally *t, const struct ts_ab_est *e, double theta)
{
	double truth = log(1 + theta);

	t->covered += e->log_low <= truth && truth <= e->log_high;
	t->alarms += ts_ab_verdict(e, false) != TS_AB_SAME;
	t->found += ts_ab_verdict(e, false) == TS_AB_WORSE;
	t->rounds += e->rounds;
	t->widths[t->n++] = e->high - e->low;
}

static double
median_width(struct tally *t)
{
	qsort(t->widths, t->n, sizeof *t->widths, by_double);
	return t->widths[t->n / 2];
}

/* A fixed-size experiment: design d on host kind k, effect theta. */
static void
fixed(enum ts_ab_design d, enum host_kind k, double theta, uint64_t seed,
    struct tally *t, struct tally *tt)
{
	double a[2 * UNITS], b[2 * UNITS], lo, hi;
	size_t n = d == TS_AB_DUET ? 2 * UNITS : UNITS, i;
	struct ts_ab_est e;
	struct host h;
	char err[128];
	size_t x;

	for (x = 0; x < EXPERIMENTS; x++) {
		host_start(&h, k, seed * 1000003 + x);
		if (d == TS_AB_SEQUENTIAL)
			sequential(&h, theta, n, a, b);
		else
			for (i = 0; i < n; i++)
				round_of(&h, d, theta, i, &a[i], &b[i]);
		ts_ab_estimate_sets(d, a, b, h.sets, n, &e, err, sizeof err);
		tally_add(t, &e, theta);
		if (tt == NULL)
			continue;
		paired_t(a, b, n, &lo, &hi);
		e.log_low = lo;
		e.log_high = hi;
		e.low = exp(lo);
		e.high = exp(hi);
		tally_add(tt, &e, theta);
	}
}

/* An adaptive experiment: --precision 1 --max-time 45, at least 10. */
static void
adaptive(enum ts_ab_design d, enum host_kind k, double theta, uint64_t seed,
    size_t count, struct tally *t)
{
	struct ts_ab_stop s = { 0, 10, MAX_ROUNDS, 0.01, 45, 1 };
	double a[MAX_ROUNDS], b[MAX_ROUNDS], hw, round_s;
	enum ts_ab_why why;
	struct ts_ab_est e;
	size_t x, n, last;
	struct host h;
	char err[128];

	s.min_runs = ts_ab_min_rounds(d) > 10 ? ts_ab_min_rounds(d) : 10;
	for (x = 0; x < count; x++) {
		host_start(&h, k, seed * 1000003 + x);
		n = last = 0;
		hw = NAN;
		do {
			round_of(&h, d, theta, n, &a[n], &b[n]);
			n++;
			round_s = h.clock / (double)n;
			if (ts_ab_stop_due(&s, n, last)) {
				ts_ab_estimate_sets(d, a, b, h.sets, n, &e,
				    err, sizeof err);
				hw = ts_ab_stop_width(&e);
				last = n;
			}
			why = ts_ab_stop_check(&s, n, h.clock, round_s, hw);
		} while (why == TS_AB_MORE);
		ts_ab_estimate_sets(d, a, b, h.sets, n, &e, err, sizeof err);
		tally_add(t, &e, theta);
		t->precise += why == TS_AB_STOP_PRECISION;
	}
}

static struct tally
tally_new(size_t n)
{
	struct tally t;

	memset(&t, 0, sizeof t);
	t.widths = calloc(n, sizeof *t.widths);
	return t;
}

static double
pct(size_t k, size_t n)
{
	return 100.0 * (double)k / (double)n;
}

/* The simulations, per design and host; their figures in diagnostics. */
static void
simulations(void)
{
	static const enum ts_ab_design designs[] = { TS_AB_INTERLEAVED,
	    TS_AB_DUET };
	struct tally aa, cc, tt, ad, ap, sq;
	double level, allow;
	size_t di, k, aa_alarms = 0, aa_n = 0;
	int cov_ok = 1, fa_ok = 1, afa_ok = 1;

	for (di = 0; di < 2; di++)
		for (k = 0; k < NKINDS; k++) {
			enum ts_ab_design d = designs[di];

			aa = tally_new(EXPERIMENTS);
			cc = tally_new(EXPERIMENTS);
			tt = tally_new(EXPERIMENTS);
			fixed(d, k, 0, 1 + k, &aa, NULL);
			fixed(d, k, 0.03, 11 + k, &cc,
			    d == TS_AB_INTERLEAVED ? &tt : NULL);
			ts_ab_rank_critical(UNITS, &level);
			diag("%s, %s host, %d %s: coverage %.2f %% (3 %% "
			    "change) and %.2f %% (A/A; exact level %.2f %%), "
			    "A/A false alarms %.2f %%, power on 3 %% %.1f %%, "
			    "median width %.4f", ts_ab_design_name(d),
			    kind_names[k], d == TS_AB_DUET ? 2 * UNITS : UNITS,
			    "rounds",
			    pct(cc.covered, cc.n), pct(aa.covered, aa.n),
			    100 * level, pct(aa.alarms, aa.n),
			    pct(cc.found, cc.n), median_width(&cc));
			cov_ok &= fabs(pct(cc.covered, cc.n) - 95) <= 1.5 &&
			    fabs(pct(aa.covered, aa.n) - 95) <= 1.5;
			fa_ok &= pct(aa.alarms, aa.n) <= 5;
			if (d == TS_AB_INTERLEAVED)
				diag("  paired t on the same rounds: coverage "
				    "%.2f %%, power on 3 %% %.1f %%, median "
				    "width %.4f", pct(tt.covered, tt.n),
				    pct(tt.found, tt.n), median_width(&tt));
			free(aa.widths);
			free(cc.widths);
			free(tt.widths);

			ad = tally_new(ADAPTIVE);
			ap = tally_new(ADAPTIVE);
			adaptive(d, k, 0, 21 + k, ADAPTIVE, &ad);
			adaptive(d, k, 0.03, 31 + k, ADAPTIVE, &ap);
			diag("  --precision 1 --max-time 45: A/A false alarms "
			    "%.2f %%, power on 3 %% %.1f %%, coverage %.2f %%, "
			    "%.1f rounds on average, precision reached in "
			    "%.0f %%", pct(ad.alarms, ad.n),
			    pct(ap.found, ap.n), pct(ap.covered, ap.n),
			    (double)ap.rounds / (double)ap.n,
			    pct(ap.precise, ap.n));
			/* At most 5 %, but for the sampling error of 1000. */
			allow = 5 + 300 * sqrt(0.05 * 0.95 / ADAPTIVE);
			afa_ok &= pct(ad.alarms, ad.n) <= allow;
			aa_alarms += ad.alarms;
			aa_n += ad.n;
			free(ad.widths);
			free(ap.widths);
		}
	ok(cov_ok, "the 95 %% interval covers the true ratio 95 %% +- 1.5 %% "
	    "of the time, interleaved and duet, on every host");
	ok(fa_ok, "A/A false alarms at most 5 %%, %d rounds", UNITS);
	/*
	 * The rule stops on the sizes of the log ratios alone, so the false
	 * alarms are 1 - the interval's exact level at the rounds it ran
	 * (4.9 to 5 % from 30 to 60 rounds); the sample's figure may stray
	 * above 5 % by its sampling error.
	 */
	ok(pct(aa_alarms, aa_n) <= 5 + 200 * sqrt(0.05 * 0.95 /
	    (double)aa_n), "A/A false alarms at most 5 %% with the stopping "
	    "rule, over the %zu experiments (%.2f %%), but for two standard "
	    "errors", aa_n, pct(aa_alarms, aa_n));
	ok(afa_ok, "and in each case, within its sampling error (%.1f %%)",
	    allow);

	for (k = 0; k < NKINDS; k++) {
		sq = tally_new(EXPERIMENTS);
		fixed(TS_AB_SEQUENTIAL, k, 0, 41 + k, &sq, NULL);
		diag("sequential, %s host, %d runs a side: A/A false alarms "
		    "%.1f %%", kind_names[k], UNITS, pct(sq.alarms, sq.n));
		if (k == DRIFT)
			ok(pct(sq.alarms, sq.n) > 20, "sequential runs on a "
			    "drifting host read its drift as a change (A/A "
			    "false alarms %.0f %%)", pct(sq.alarms, sq.n));
		free(sq.widths);
	}
}

/* The arithmetic, on figures whose answer is known. */
static void
known(void)
{
	double a[12], b[12];
	struct ts_ab_est e;
	char err[128];
	size_t i;

	for (i = 0; i < 12; i++) {
		a[i] = 1.0 + 0.01 * (double)i;
		b[i] = a[i] * (i % 2 == 0 ? 1.1 : 1.0 / 1.1 * 1.21);
	}
	ok(ts_ab_estimate(TS_AB_INTERLEAVED, a, b, 12, &e, err,
	    sizeof err) == 0 && fabs(e.ratio - 1.1) < 1e-12 &&
	    fabs(e.low - 1.1) < 1e-12 && fabs(e.high - 1.1) < 1e-12,
	    "every round 1.1: ratio 1.1, interval [1.1, 1.1]");
	ok(e.method == TS_AB_METHOD_SIGNED_RANK && e.units == 12 &&
	    ts_ab_verdict(&e, false) == TS_AB_WORSE &&
	    ts_ab_verdict(&e, true) == TS_AB_BETTER,
	    "B 10 %% higher: worse when lower is better, better when higher");
	ok(ts_ab_worse_beyond(&e, false, 0.05) &&
	    !ts_ab_worse_beyond(&e, false, 0.10) &&
	    !ts_ab_worse_beyond(&e, true, 0.05),
	    "worse beyond 5 %%, not beyond 10 %%; never when higher is better");
	ok(fabs(e.detectable) < 1e-12 && e.half_width < 1e-12,
	    "no spread: nothing left undetectable");

	for (i = 0; i < 12; i++)
		b[i] = a[i] * (i % 2 == 0 ? 1.2 : 1 / 1.2);
	ts_ab_estimate(TS_AB_DUET, a, b, 12, &e, err, sizeof err);
	ok(e.units == 6 && fabs(e.ratio - 1) < 1e-12 &&
	    fabs(e.high - 1) < 1e-12,
	    "duet: a CPU set 1.2x slower cancels within each pair of rounds");
	ts_ab_estimate(TS_AB_INTERLEAVED, a, b, 12, &e, err, sizeof err);
	ok(e.low < 0.9 && e.high > 1.1 && ts_ab_verdict(&e, false) ==
	    TS_AB_SAME, "interleaved, the same figures: a wide interval, no "
	    "change");
	ts_ab_estimate(TS_AB_DUET, a, b, 11, &e, err, sizeof err);
	ok(e.units == 5 && e.method == TS_AB_METHOD_NONE && isnan(e.low) &&
	    ts_ab_verdict(&e, false) == TS_AB_UNDECIDED &&
	    !ts_ab_worse_beyond(&e, false, 0),
	    "duet, 11 rounds: 5 pairs, no interval, undecided");
	{
		static const unsigned char sets[12] = { 0, 0, 0, 1, 1, 0, 1,
		    1, 1, 0, 0, 1 };

		for (i = 0; i < 12; i++)
			a[i] = 1.0 + 0.01 * (double)i;
		for (i = 0; i < 12; i++)
			b[i] = a[i] * 1.1 * (sets[i] == 0 ? 1.2 : 1 / 1.2);
		ts_ab_estimate_sets(TS_AB_DUET, a, b, sets, 12, &e, err,
		    sizeof err);
		ok(e.units == 6 && e.method == TS_AB_METHOD_SIGNED_RANK &&
		    fabs(e.ratio - 1.1) < 1e-12 && fabs(e.low - 1.1) < 1e-12 &&
		    fabs(e.high - 1.1) < 1e-12, "duet, A's sets drawn "
		    "0 0 0 1 1 0 1 1 1 0 0 1: 6 pairs, the k-th round on each "
		    "set together, a set 1.2x slower cancels: ratio 1.1");
		ts_ab_estimate_sets(TS_AB_DUET, a, b, sets, 11, &e, err,
		    sizeof err);
		ok(e.units == 5 && e.method == TS_AB_METHOD_NONE,
		    "the first 11 of those rounds: 5 pairs, the sixth on set "
		    "0 left alone; no interval");
	}
	ok(ts_ab_min_rounds(TS_AB_INTERLEAVED) == 6 &&
	    ts_ab_min_rounds(TS_AB_DUET) == 12 &&
	    ts_ab_min_rounds(TS_AB_SEQUENTIAL) == 2,
	    "fewest rounds for an interval: 6, 12 (duet), 2 (sequential)");

	a[0] = 1;
	a[1] = 3;
	b[0] = 2;
	b[1] = 6;
	ts_ab_estimate(TS_AB_SEQUENTIAL, a, b, 2, &e, err, sizeof err);
	ok(e.method == TS_AB_METHOD_WELCH && fabs(e.ratio - 2) < 1e-12 &&
	    fabs(e.log_high - log(2) - ts_t_critical(2, 0.95) *
	    sqrt(2 * pow(log(3), 2) / 2 / 2)) < 1e-9,
	    "sequential: Welch on the logs (ratio 2, its t interval)");
	b[1] = 0;
	ok(ts_ab_estimate(TS_AB_INTERLEAVED, a, b, 2, &e, err,
	    sizeof err) == -1 && strcmp(err, "round 2: command B's figure is "
	    "0; a ratio needs figures above 0") == 0,
	    "a figure of 0 is refused, naming the round and command");
	ok(isnan(ts_ab_side_half_width(a, 1)) &&
	    fabs(ts_ab_side_half_width((double[]){ 1, 1, 1 }, 3)) == 0,
	    "one command's own half-width: NaN from one run, 0 if constant");
	is_str(ts_ab_design_name(TS_AB_DUET), "duet", "design names");
	is_str(ts_ab_method_name(TS_AB_METHOD_SIGNED_RANK), "signed-rank",
	    "method names");
	is_str(ts_ab_verdict_name(TS_AB_SAME), "same", "verdict names");
}

/*
 * Duet beside a neighbour that always runs: the command that shares its
 * CPU set runs at half speed.  A/A, B the same work: the estimate must
 * not lean.  Without a keeper the neighbour moves, after each round, to
 * the set of the command that finished first (the CPU freed first), and
 * the loser of a round shares in the next: with a strict swap, in every
 * round after; pairs in a random order end that.  threadstone-ab also
 * keeps that CPU busy to the end of the round, and the neighbour stays
 * (one round in twenty it moves, at random).
 */
static void
neighbour(void)
{
	enum { N = 400, R = 40 };
	static const char *const names[] = { "strict swap, no keeper",
	    "pairs in a random order, no keeper",
	    "pairs in a random order, with the keeper" };
	double a[R], b[R], sum[3] = { 0, 0, 0 };
	unsigned char sets[R];
	size_t alarms[3] = { 0, 0, 0 }, x, i;
	struct ts_ab_est e;
	struct ts_rng r;
	char err[128];
	int how, nb, first = 0;

	for (how = 0; how < 3; how++)
		for (x = 0; x < N; x++) {
			ts_rng_seed(&r, 51 + (uint64_t)x);
			nb = (int)(ts_rng_next(&r) >> 63);
			for (i = 0; i < R; i++) {
				if (i % 2 == 0)
					first = how == 0 ? 0 :
					    (int)(ts_rng_next(&r) >> 63);
				sets[i] = (unsigned char)(i % 2 == 0 ? first :
				    !first);
				a[i] = WORK * own(&r) * (sets[i] == nb ? 2 : 1);
				b[i] = WORK * own(&r) * (sets[i] != nb ? 2 : 1);
				if (how < 2)
					nb = a[i] < b[i] ? sets[i] : !sets[i];
				else if (ts_rng_f64(&r) < 0.05)
					nb = (int)(ts_rng_next(&r) >> 63);
			}
			ts_ab_estimate_sets(TS_AB_DUET, a, b, sets, R, &e, err,
			    sizeof err);
			sum[how] += log(e.ratio);
			alarms[how] += ts_ab_verdict(&e, false) != TS_AB_SAME;
		}
	for (how = 0; how < 3; how++)
		diag("duet beside a neighbour, A/A, %d experiments of %d "
		    "rounds, %s: false alarms %.1f %%, mean log ratio %+.4f",
		    N, R, names[how], pct(alarms[how], N), sum[how] / N);
	ok(pct(alarms[0], N) > 50, "a strict swap without the keeper: the "
	    "loser of the first round shares every round after (A/A false "
	    "alarms %.0f %%)", pct(alarms[0], N));
	for (how = 1; how < 3; how++)
		ok(pct(alarms[how], N) <= 5 + 200 * sqrt(0.05 * 0.95 / N) &&
		    fabs(sum[how] / N) < 0.02, "%s: A/A false alarms %.1f %%, "
		    "mean log ratio %+.4f", names[how], pct(alarms[how], N),
		    sum[how] / N);
}

/*
 * Phase-structured hosts (issue 48): a neighbour that changes state every
 * k rounds, through a cycle of a memory stream, idle, a CPU hog and idle
 * (bench/ab-vs-hyperfine.sh's), starting anywhere in it.  Its phases
 * slow the two commands differently: in the stream B by PHASE_C more
 * than A, under the hog A by as much more than B, so that over a cycle
 * neither leans, but the rounds of one phase lean alike.  Each round's
 * log ratio has heavy-tailed noise besides: Student's t with 3 degrees
 * of freedom, scaled by PHASE_NOISE.  The truth is the ratio over whole
 * cycles: 1 under A/A, 1.01 under a 1 % change.
 */
#define PHASE_C		0.02
#define PHASE_NOISE	0.03
#define PHASE_MAX	4000	/* rounds: the time bound's stand-in */

/* The log ratio of round i of an experiment whose cycle starts at `start'. */
static double
phase_round(struct ts_rng *r, size_t k, size_t start, size_t i, double delta)
{
	static const double lean[] = { 1, 0, -1, 0 };

	return delta + PHASE_C * lean[((start + i) / k) % 4] +
	    PHASE_NOISE * sim_student(r, 3);
}

struct phase_tally {
	size_t	 n, alarms, found, covered, correlated, rounds, raw_alarms;
	double	 widened;
};

/*
 * One experiment under the stopping rule at `precision', looked at as
 * threadstone-ab looks (ts_ab_stop_due); a 1 % change when `change'.
 */
static void
phase_experiment(size_t k, double precision, bool change, uint64_t seed,
    struct phase_tally *t, double *a, double *b)
{
	struct ts_ab_stop s = { 0, 10, PHASE_MAX, precision, 0, 1 };
	double delta = change ? log(1.01) : 0, hw = NAN, lo, hi;
	struct ts_ab_est e;
	struct ts_rng r;
	size_t n = 0, last = 0, start;
	char err[128];

	ts_rng_seed(&r, seed);
	start = ts_rng_below(&r, (uint32_t)(4 * k));
	do {
		a[n] = 1;
		b[n] = exp(phase_round(&r, k, start, n, delta));
		n++;
		if (ts_ab_stop_due(&s, n, last)) {
			ts_ab_estimate(TS_AB_INTERLEAVED, a, b, n, &e, err,
			    sizeof err);
			hw = ts_ab_stop_width(&e);
			last = n;
		}
	} while (ts_ab_stop_check(&s, n, 0, 0, hw) == TS_AB_MORE);
	ts_ab_estimate(TS_AB_INTERLEAVED, a, b, n, &e, err, sizeof err);
	t->n++;
	t->rounds += n;
	t->covered += e.log_low <= delta && delta <= e.log_high;
	t->alarms += ts_ab_verdict(&e, false) != TS_AB_SAME;
	t->found += ts_ab_verdict(&e, false) == TS_AB_WORSE;
	if (e.correlated) {
		t->correlated++;
		t->widened += isfinite(e.widened) ? e.widened : 1;
	}
	/* The signed-rank interval alone, had it not been widened. */
	lo = e.log_ratio - (e.log_ratio - e.log_low) / (isfinite(e.widened) ?
	    e.widened : 1);
	hi = e.log_ratio + (e.log_high - e.log_ratio) / (isfinite(e.widened) ?
	    e.widened : 1);
	t->raw_alarms += !(lo <= delta && delta <= hi);
}

static void
phases(void)
{
	static const size_t ks[] = { 5, 20, 80 };
	static const double precs[] = { 0.01, 0.005, 0.0025 };
	const char *env = getenv("TS_AB_PHASE_EXPERIMENTS");
	size_t count = env != NULL ? strtoul(env, NULL, 10) : 0, ki, pi, x, c;
	size_t pooled = 0, pooled_alarms = 0, found = 0, tried = 0;
	double *a = calloc(PHASE_MAX, sizeof *a), *b = calloc(PHASE_MAX,
	    sizeof *b), short_alarms = 0;
	struct phase_tally aa, ch;

	for (ki = 0; ki < N_(ks); ki++)
		for (pi = 0; pi < N_(precs); pi++) {
			/* make check: 40, 20 and 10 experiments a side. */
			c = count > 0 ? count : (size_t)(40 >> pi);
			memset(&aa, 0, sizeof aa);
			memset(&ch, 0, sizeof ch);
			for (x = 0; x < c; x++) {
				phase_experiment(ks[ki], precs[pi], false, 7000 +
				    100 * ki + 10 * pi + 100000 * x, &aa, a, b);
				phase_experiment(ks[ki], precs[pi], true, 8000 +
				    100 * ki + 10 * pi + 100000 * x, &ch, a, b);
			}
			diag("phases every %zu rounds, --precision %g, %zu "
			    "experiments a side: A/A false alarms %.1f %% "
			    "(signed-rank alone %.1f %%), coverage on 1 %% "
			    "%.1f %%, power %.1f %%, %.0f rounds on average, "
			    "correlated in %.0f %% (widened %.2fx)", ks[ki],
			    100 * precs[pi], c, pct(aa.alarms, aa.n),
			    pct(aa.raw_alarms, aa.n), pct(ch.covered, ch.n),
			    pct(ch.found, ch.n), (double)(aa.rounds +
			    ch.rounds) / (double)(aa.n + ch.n),
			    pct(aa.correlated + ch.correlated, aa.n + ch.n),
			    aa.correlated + ch.correlated > 0 ? (aa.widened +
			    ch.widened) / (double)(aa.correlated +
			    ch.correlated) : 1.0);
			if (ks[ki] == 80 && pi == 0) {
				short_alarms = pct(aa.alarms, aa.n);
				continue;
			}
			pooled += aa.n + ch.n;
			pooled_alarms += aa.alarms + (ch.n - ch.covered);
			if (pi > 0) {
				found += ch.found;
				tried += ch.n;
			}
		}
	ok(pct(pooled_alarms, pooled) <= 5 + 200 * sqrt(0.05 * 0.95 /
	    (double)pooled), "phases every 5, 20 and 80 rounds, with the "
	    "stopping rule: the interval missed the truth in %.1f %% of %zu "
	    "experiments (A/A and 1 %%), at most 5 %% but for two standard "
	    "errors", pct(pooled_alarms, pooled), pooled);
	ok(pct(found, tried) >= 90, "a 1 %% change found in %.0f %% of the "
	    "experiments at --precision 0.5 and 0.25", pct(found, tried));
	/*
	 * The limit the man page states: rounds that all ran in one phase
	 * lean alike, and nothing in them tells that phase from a change.
	 */
	ok(short_alarms > 20, "phases of 80 rounds, --precision 1 (some 80 "
	    "rounds): an experiment within one phase reads it as a change "
	    "(A/A false alarms %.0f %%)", short_alarms);
	free(a);
	free(b);
}

int
main(void)
{
	phases();
	known();
	simulations();
	neighbour();
	return done_testing();
}
