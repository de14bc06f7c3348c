/* SPDX-License-Identifier: MIT */
/*
 * What the host did during an experiment of rounds: how far tachyon's
 * score moved between rounds, whether the rounds' log ratios moved with
 * it (Spearman's rank correlation, with its two-sided p-value from
 * Student's t on n - 2 degrees of freedom), and the time the host took,
 * judged as threadstone-run judges a pass (suite-executions.h): a round
 * that took TS_LOST_RATIO times the usual (median) round, or a
 * hypervisor that stole more than TS_LOST_STEAL of the CPU time.  Pure
 * arithmetic.
 */
#ifndef TS_AB_HOST_H
#define TS_AB_HOST_H

#include <stdbool.h>
#include <stddef.h>

struct ts_ab_host {
	/* The probe's readings (M accesses/s); 0 readings: no probe. */
	size_t	 readings;
	double	 score_median, score_min, score_max;
	double	 moved;		/* max / min - 1 */
	/* The rounds' log ratios against their scores; NaN: too few. */
	double	 rho, rho_p;
	bool	 moved_with;	/* rho_p < 0.05 */
	/* Time the host took. */
	double	 steal_ms;	/* NaN: not reported */
	double	 steal_share;	/* of the experiment's CPU time; NaN */
	size_t	 lost_rounds;	/* rounds of TS_LOST_RATIO x the usual */
	double	 worst;		/* the slowest round over the usual */
	double	 usual_s;	/* the median round */
	bool	 lost_time;
};

/* Fewest pairs for a correlation (the t approximation of p is rough below). */
#define TS_AB_SPEARMAN_MIN	10

/*
 * Spearman's rho of x and y (n pairs, average ranks for ties) and its
 * two-sided p-value in *p; NaN for both when n < TS_AB_SPEARMAN_MIN or
 * either is constant.
 */
double	 ts_ab_spearman(const double *x, const double *y, size_t n, double *p);

/*
 * The probe's part: scores[0..nscores) are every reading in order,
 * round_score[i] and log_ratio[i] each round's score (NaN: none) and
 * log ratio.
 */
void	 ts_ab_host_probe(struct ts_ab_host *, const double *scores,
	    size_t nscores, const double *round_score,
	    const double *log_ratio, size_t rounds);

/*
 * The time taken: round_s[0..n) how long each round took, steal_ms the
 * steal over the experiment (NaN: unknown), cpu_s the CPU time the
 * rounds could have had (seconds times CPUs).
 */
void	 ts_ab_host_lost(struct ts_ab_host *, const double *round_s, size_t n,
	    double steal_ms, double cpu_s);

/* Start with nothing known (NaN figures, no readings). */
void	 ts_ab_host_init(struct ts_ab_host *);

#endif /* TS_AB_HOST_H */
