/* SPDX-License-Identifier: MIT */
/*
 * What two commands measured on one host say about each other: the
 * ratio B/A of their figures with its 95 % interval, the smallest change
 * the experiment could have found, and the verdict, by the method each
 * design calls for:
 *  - interleaved (rounds of A and B in a random order each round): the
 *    signed-rank interval (ab-rank.h) on each round's log ratio.  The
 *    random order makes whatever the host did between a round's two runs
 *    as likely to land on A as on B, so each round's log ratio is
 *    symmetric about the true one, which is all that interval asks,
 *    while steps, drifts and two-mode hosts give ratios far from normal;
 *  - duet (A and B at once, on two CPU sets, A on each once in each pair
 *    of rounds): the same interval on the mean log ratio of each pair,
 *    in which a slow CPU set slows A once and B once and cancels;
 *  - sequential (every A, then every B, as hyperfine runs them): nothing
 *    pairs the runs, so Welch's t interval on the two means of the logs,
 *    which assumes the host stood still meanwhile.
 * The signed-rank interval also asks that the units be independent.  A
 * host with phases longer than a round, and commands that feel them
 * differently, make neighbouring units alike, and the interval too
 * narrow: when a rank test finds them positively correlated, the
 * interval is widened to the one the same statistic gives on batches of
 * consecutive units (the Hodges-Lehmann estimate of each), which are
 * nearly independent when a batch is longer than the host's phases.
 * The stopping rule's width widens with it, the batches' sizes being
 * as blind to their signs as the rounds' are.
 * Pure arithmetic; nothing here measures or prints.
 */
#ifndef TS_AB_STATS_H
#define TS_AB_STATS_H

#include <stdbool.h>
#include <stddef.h>

enum ts_ab_design {
	TS_AB_INTERLEAVED,
	TS_AB_DUET,
	TS_AB_SEQUENTIAL
};

enum ts_ab_method {
	TS_AB_METHOD_NONE,		/* too few rounds for an interval */
	TS_AB_METHOD_SIGNED_RANK,
	TS_AB_METHOD_WELCH
};

enum ts_ab_verdict {
	TS_AB_UNDECIDED,	/* no interval */
	TS_AB_SAME,		/* the interval holds 1 */
	TS_AB_BETTER,		/* B better than A, beyond the interval */
	TS_AB_WORSE
};

/* The power at which the detectable change is stated. */
#define TS_AB_POWER	0.80

struct ts_ab_est {
	enum ts_ab_design design;
	enum ts_ab_method method;
	size_t		 rounds;	/* rounds (pairs of figures) used */
	size_t		 units;		/* values the interval is on */
	/* log(B/A): estimate and interval; the interval NaN when too few. */
	double		 log_ratio, log_low, log_high;
	double		 ratio, low, high;	/* their exponentials */
	double		 level;		/* the interval's confidence */
	/* (high - low) / 2 / ratio: the precision reached; NaN. */
	double		 half_width;
	/*
	 * The half-width the interval has with each unit's sign forgotten:
	 * the mean over four fixed random patterns of signs given to the
	 * sizes |u_i| in their order (a function of the sizes alone).  The
	 * stopping rule looks at it (ab-stop.h); NaN for sequential or
	 * too few.
	 */
	double		 blind_half_width;
	/*
	 * The smallest change (a fraction of A's figure, either way) that
	 * an experiment of this precision finds TS_AB_POWER of the time
	 * (two-sided, 5 %); NaN without an interval.
	 */
	double		 detectable;
	/*
	 * Whether the units (rounds, or duet's pairs) depend on their
	 * neighbours in time: the lag-1 rank autocorrelation of the units
	 * and the p-value of the test of positive dependence at lags 1..K
	 * (stats-serial.h); NaN when too few or all equal.  Correlated
	 * when p < TS_AB_SERIAL_ALPHA: then the interval is widened to the
	 * one that ts_ab_batches(units) consecutive batches of units give,
	 * by the factor `widened' (1 when not correlated, or when the batches'
	 * interval was no wider; infinite when the units' interval had no
	 * width), and batches says how many (0: not widened).
	 */
	double		 serial_r1, serial_p;
	bool		 correlated;
	size_t		 batches;
	double		 widened;
};

/*
 * The level of the test of serial dependence: the rounds are taken as
 * independent unless it finds them positively correlated at 20 %.  A
 * test of independence that guards an interval errs towards finding
 * dependence: missing it narrows the interval, finding it where there
 * is none costs only the batches' wider interval, one experiment in
 * five (tests/unit-ab-stats.c: at 5 %, phases every 20 rounds at
 * --precision 1 were found correlated in 36 % of the experiments and
 * flagged 10 % of A/A ones; at 20 %, 58 % and 7 %).
 */
#define TS_AB_SERIAL_ALPHA	0.20

/*
 * The batches of correlated units: about the square root of their
 * number (as many batches as units in one, both growing with the
 * experiment), at least TS_AB_RANK_MIN, each at least 2 units long;
 * 0 when there are too few units for that.
 */
size_t		 ts_ab_batches(size_t units);

/* Fewest rounds with which a design gives an interval. */
size_t		 ts_ab_min_rounds(enum ts_ab_design);

/*
 * Estimate from n rounds: a[i] and b[i] are round i's figures of A and
 * B (for sequential, A's i-th and B's i-th runs).  Every figure must be
 * finite and above 0.  Return 0, or -1 with a reason in err (the round
 * and command of the first bad figure).  With too few rounds the
 * estimate is made and the interval is NaN.
 */
int		 ts_ab_estimate(enum ts_ab_design, const double *a,
		    const double *b, size_t n, struct ts_ab_est *out,
		    char *err, size_t errlen);

/*
 * The same, for duet with the CPU set A had in each round (set[i], 0 or
 * 1; NULL: round i had set i % 2).  A unit is a round of A on set 0 and
 * the round of A on set 1 of the same rank among its kind, in time order:
 * every unit has each command once on each set, and rounds without a
 * partner are left out.
 */
int		 ts_ab_estimate_sets(enum ts_ab_design, const double *a,
		    const double *b, const unsigned char *set, size_t n,
		    struct ts_ab_est *out, char *err, size_t errlen);

/* The verdict; higher_better: a higher figure is the better one. */
enum ts_ab_verdict ts_ab_verdict(const struct ts_ab_est *, bool higher_better);

/*
 * Whether B is worse than A by more than frac (0.05 for 5 %) with
 * confidence: the whole interval is beyond 1 + frac (or, when higher is
 * better, below 1 - frac).
 */
bool		 ts_ab_worse_beyond(const struct ts_ab_est *,
		    bool higher_better, double frac);

/*
 * The half-width, as a fraction of the ratio, of the 95 % t interval on
 * the mean log of one command's n figures (sequential's stopping rule
 * for A alone); NaN when n < 2 or a figure is not above 0.
 */
double		 ts_ab_side_half_width(const double *v, size_t n);

const char	*ts_ab_design_name(enum ts_ab_design);
const char	*ts_ab_method_name(enum ts_ab_method);
/* "better", "worse", "same" or "undecided". */
const char	*ts_ab_verdict_name(enum ts_ab_verdict);

#endif /* TS_AB_STATS_H */
