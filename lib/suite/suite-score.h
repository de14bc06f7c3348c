/* SPDX-License-Identifier: MIT */
/*
 * Scoring of ThreadStone 2.0.0 (section 4): the frozen reference table
 * (the kernel descriptors' reference and unit), ratios against it, the single- and multi-core scores (1000 x geometric
 * mean of the ratios) and the scaling object of a workload.
 */
#ifndef TS_SUITE_SCORE_H
#define TS_SUITE_SCORE_H

#include <stdbool.h>
#include <stddef.h>

#include "doc/doc-model.h"
#include "kernels/kernel.h"

/* The score of a machine equal to the reference on every workload. */
#define TS_REFERENCE_SCORE	1000.0

/*
 * The row of the reference table ("ThreadStone Reference Core v1") for a
 * workload id, or NULL: the registry's descriptor of that kernel, whose
 * reference and unit are the row's values (lower is better in
 * nanoseconds only, as ts_ratio() says).  The table is the same for runs
 * and for documents read from files, whoever produced them.
 */
const struct ts_kernel *ts_reference_find(const char *id);

/*
 * measured / reference (reference / measured for nanoseconds) into *out.
 * Return -1, leaving *out alone, when either value is <= 0 or not finite.
 */
int	ts_ratio(double measured, double reference, enum ts_unit unit,
	    double *out);

/*
 * 1000 x the geometric mean of the components' ratios into *out.  Return
 * -1 (the score is absent) when there are no components or the mean is
 * undefined.
 */
int	ts_score_of(const struct ts_component *c, size_t n, double *out);

/*
 * Fill *out from the workloads: reference name, one component per pass
 * with a defined ratio (pass value against the workload's reference and
 * unit; single passes into the single-core list, multi passes into the
 * multi-core list, both in workload order), and the two scores.  Every
 * pointer in *out is newly allocated (ts_report_free() or
 * ts_score_free() releases it); whatever *out held is overwritten.
 */
void	ts_score_build(const struct ts_workload *w, size_t n,
	    struct ts_score *out);


/*
 * The scaling object of a workload: only when both passes exist, the
 * single value is finite and > 0 and the multi value is finite.  Then
 * speedup = multi / single (single / multi for nanoseconds), efficiency =
 * speedup / multi threads, threads = multi threads.  Return 0, or -1 when
 * there is no scaling object.
 */
int	ts_scaling_compute(const struct ts_pass *single,
	    const struct ts_pass *multi, enum ts_unit unit,
	    struct ts_scaling *out);

#endif /* TS_SUITE_SCORE_H */
