/* SPDX-License-Identifier: MIT */
/*
 * The statistics of a two-level design (executions x samples, Kalibera
 * and Jones, "Rigorous Benchmarking in Reasonable Time", ISMM 2013): the
 * variance components within and between executions, the interval of
 * the mean over the execution means (Student t, executions - 1 degrees
 * of freedom, lib/stats/stats-t.h), and the number of samples per
 * execution the components call for.
 * Pure arithmetic: nothing here measures, prints or allocates.
 */
#ifndef TS_SUITE_DESIGN_H
#define TS_SUITE_DESIGN_H

#include <stddef.h>
#include <stdint.h>

/* Two-sided confidence of every interval and test here. */
#define TS_DESIGN_LEVEL		0.95

/* What the design of one pass says about its mean. */
struct ts_design_est {
	size_t	 p;		/* executions with at least one finite sample */
	size_t	 n;		/* finite samples over them */
	double	 mean;		/* the mean of the execution means */
	double	 sd;		/* sample deviation of the execution means */
	double	 df;		/* p - 1 */
	double	 ci95;		/* half-width: t(df) * sd / sqrt(p); 0 if p < 2 */
	/*
	 * One-way analysis of variance: the within-execution variance
	 * (pooled, the mean square within) and the between-execution
	 * component (mean square between less the within share, at least
	 * 0), and the between component's share of their sum.  NaN when
	 * not estimable (p < 2, or no execution with two samples).
	 */
	double	 var_within;
	double	 var_between;
	double	 between_share;
};

/*
 * Estimate from p executions whose samples lie one after another in
 * samples: counts[i] of execution i.  Non-finite samples are left out.
 * means (p entries) gets each execution's mean (NaN when it has no
 * finite sample).  Return 0, or -1 when no execution has a finite
 * sample.
 */
int	 ts_design_estimate(const double *samples, const uint32_t *counts,
	    size_t p, double *means, struct ts_design_est *out);

/*
 * The same from execution means alone (the between level): the within
 * components are NaN.  Return -1 when no mean is finite.
 */
int	 ts_design_from_means(const double *means, size_t p,
	    struct ts_design_est *out);

/*
 * Kalibera and Jones's choice of samples per execution: the n that
 * minimises the variance of the mean at a given cost,
 * sqrt(exec_cost * var_within / (sample_cost * var_between)), rounded
 * up and kept within [1, max]; max when var_between is 0 (all the
 * variance is within executions), 1 when var_within is 0 or a figure is
 * not finite or negative.
 */
uint32_t ts_design_samples(double var_within, double var_between,
	    double exec_cost, double sample_cost, uint32_t max);

#endif /* TS_SUITE_DESIGN_H */
