/* SPDX-License-Identifier: MIT */
/*
 * The two-level design's statistics (see suite-design.h): one-way
 * analysis of variance and the t interval over execution means
 * (Student's t from lib/stats/).
 */
#include <config.h>

#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "stats/stats-basic.h"
#include "stats/stats-t.h"
#include "suite/suite-design.h"

/* The between level: mean, deviation and interval of the means. */
static void
between_level(const double *means, size_t p, struct ts_design_est *out)
{
	double var;

	out->p = ts_mean_var_finite(means, p, &out->mean, &var);
	out->df = (double)out->p - 1;
	out->sd = out->p > 1 ? sqrt(var) : 0;
	out->ci95 = out->p > 1 ? ts_t_critical(out->df, TS_DESIGN_LEVEL) *
	    out->sd / sqrt((double)out->p) : 0;
}

int
ts_design_from_means(const double *means, size_t p,
    struct ts_design_est *out)
{
	size_t i;

	memset(out, 0, sizeof *out);
	for (i = 0; i < p; i++)
		if (isfinite(means[i]))
			break;
	if (i == p)
		return -1;
	between_level(means, p, out);
	out->n = out->p;
	out->var_within = out->var_between = out->between_share = NAN;
	return 0;
}

/* The finite samples of one execution: their count and sum. */
static size_t
execution_sum(const double *v, uint32_t count, double *sum)
{
	size_t k = 0;
	uint32_t j;

	*sum = 0;
	for (j = 0; j < count; j++)
		if (isfinite(v[j])) {
			*sum += v[j];
			k++;
		}
	return k;
}

int
ts_design_estimate(const double *samples, const uint32_t *counts, size_t p,
    double *means, struct ts_design_est *out)
{
	double ssw = 0, ssb = 0, grand = 0, sumsq = 0, msw, msb, n0, total,
	    s, d;
	size_t i, k, off = 0, groups = 0, n = 0;
	uint32_t j;
	bool pair = false;

	memset(out, 0, sizeof *out);
	for (i = 0; i < p; i++) {
		k = execution_sum(samples + off, counts[i], &s);
		means[i] = k > 0 ? s / (double)k : NAN;
		for (j = 0; j < counts[i] && k > 0; j++)
			if (isfinite(d = samples[off + j]))
				ssw += (d - means[i]) * (d - means[i]);
		if (k > 0) {
			groups++;
			n += k;
			grand += s;
			sumsq += (double)k * (double)k;
		}
		if (k > 1)
			pair = true;
		off += counts[i];
	}
	if (groups == 0)
		return -1;
	between_level(means, p, out);
	out->n = n;
	out->var_within = out->var_between = out->between_share = NAN;
	if (groups < 2 || !pair)
		return 0;
	total = (double)n;
	grand /= total;
	for (i = 0, off = 0; i < p; off += counts[i], i++) {
		k = execution_sum(samples + off, counts[i], &s);
		if (k > 0)
			ssb += (double)k * (means[i] - grand) *
			    (means[i] - grand);
	}
	msw = ssw / (total - (double)groups);
	msb = ssb / ((double)groups - 1);
	n0 = (total - sumsq / total) / ((double)groups - 1);
	out->var_within = msw;
	out->var_between = fmax(0, (msb - msw) / n0);
	out->between_share = out->var_within + out->var_between > 0 ?
	    out->var_between / (out->var_within + out->var_between) : 0;
	return 0;
}

uint32_t
ts_design_samples(double var_within, double var_between, double exec_cost,
    double sample_cost, uint32_t max)
{
	double n;

	if (max < 1)
		max = 1;
	if (!isfinite(var_within) || !isfinite(var_between) ||
	    !isfinite(exec_cost) || !isfinite(sample_cost) ||
	    var_within <= 0 || var_between < 0 || exec_cost < 0 ||
	    sample_cost <= 0)
		return 1;
	if (var_between == 0)
		return max;
	n = ceil(sqrt(exec_cost * var_within / (sample_cost * var_between)));
	if (!(n >= 1))
		return 1;
	return n > max ? max : (uint32_t)n;
}
