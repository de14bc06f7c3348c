/* SPDX-License-Identifier: MIT */
/*
 * Ratios against the frozen reference machine, the two scores and the
 * scaling object (spec section 4).
 */
#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "suite/suite-score.h"
#include "suite/suite-stats.h"
#include "units.h"
#include "util.h"

/*
 * The reference values live in the kernel descriptors only, so that a
 * second copy cannot drift from what runs put in their documents.
 */
const struct ts_kernel *
ts_reference_find(const char *id)
{
	return ts_kernel_find(id);
}

int
ts_ratio(double measured, double reference, enum ts_unit unit, double *out)
{
	if (!isfinite(measured) || !isfinite(reference) || measured <= 0 ||
	    reference <= 0)
		return -1;
	if (ts_unit_lower_is_better(unit))
		*out = reference / measured;
	else
		*out = measured / reference;
	return 0;
}

int
ts_score_of(const struct ts_component *c, size_t n, double *out)
{
	double *r, g;
	size_t i;
	int rc;

	if (n == 0)
		return -1;
	r = ts_xmalloc(n * sizeof *r);
	for (i = 0; i < n; i++)
		r[i] = c[i].ratio;
	rc = ts_geomean(r, n, &g);
	free(r);
	if (rc != 0)
		return -1;
	*out = TS_REFERENCE_SCORE * g;
	return 0;
}

/*
 * Append the component of pass p of workload w to list[*n] if its ratio
 * is defined.
 */
static void
add_component(const struct ts_workload *w, const struct ts_pass *p,
    struct ts_component *list, size_t *n)
{
	double ratio;

	if (p == NULL || ts_ratio(p->value, w->reference, w->unit, &ratio) != 0)
		return;
	list[*n].id = ts_xstrdup(w->id);
	list[*n].measured = p->value;
	list[*n].reference = w->reference;
	list[*n].ratio = ratio;
	(*n)++;
}

void
ts_score_build(const struct ts_workload *w, size_t n, struct ts_score *out)
{
	size_t i;

	memset(out, 0, sizeof *out);
	out->reference = ts_xstrdup(TS_REFERENCE_NAME);
	out->single_components = ts_xcalloc(n ? n : 1,
	    sizeof *out->single_components);
	out->multi_components = ts_xcalloc(n ? n : 1,
	    sizeof *out->multi_components);
	for (i = 0; i < n; i++) {
		add_component(&w[i], w[i].single, out->single_components,
		    &out->nsingle_components);
		add_component(&w[i], w[i].multi, out->multi_components,
		    &out->nmulti_components);
	}
	out->has_single_core = ts_score_of(out->single_components,
	    out->nsingle_components, &out->single_core) == 0;
	out->has_multi_core = ts_score_of(out->multi_components,
	    out->nmulti_components, &out->multi_core) == 0;
}

int
ts_scaling_compute(const struct ts_pass *single, const struct ts_pass *multi,
    enum ts_unit unit, struct ts_scaling *out)
{
	double speedup;

	if (single == NULL || multi == NULL || !isfinite(single->value) ||
	    single->value <= 0 || !isfinite(multi->value))
		return -1;
	if (ts_unit_lower_is_better(unit))
		speedup = single->value / multi->value;
	else
		speedup = multi->value / single->value;
	out->speedup = speedup;
	out->efficiency = speedup / (double)multi->threads;
	out->threads = multi->threads;
	return 0;
}
