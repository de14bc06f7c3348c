/* SPDX-License-Identifier: MIT */
/*
 * compare's test on the execution level (see report-compare.h): Welch's
 * t test on the execution means of the two passes, with the practical
 * floor of 0.5 %.  Executions, not samples, are the independent units
 * here: samples of one process agree far better than processes do, so a
 * test on samples (or on the original's sample intervals) finds changes
 * that are only the next process's luck.
 */
#include <config.h>

#include <math.h>
#include <stdlib.h>

#include "doc/doc-ext-exec.h"
#include "doc/doc-ext-speed.h"
#include "report/report-compare.h"
#include "suite/suite-design.h"
#include "util.h"

/* The practical floor: smaller changes are never reported (0.5 %). */
#define EXEC_FLOOR_PCT	0.5

int
ts_compare_exec_verdict(struct ts_compare_row *row,
    const struct ts_exec_pass *b, const struct ts_exec_pass *c)
{
	struct ts_design_est eb, ec;
	struct ts_welch w;
	double pct, half;

	if (!row->has_pct || b == NULL || c == NULL ||
	    ts_design_from_means(b->means, b->nexec, &eb) == -1 ||
	    ts_design_from_means(c->means, c->nexec, &ec) == -1 ||
	    eb.p < 2 || ec.p < 2 || !(eb.mean != 0) ||
	    ts_welch_test(&eb, &ec, &w) == -1 || !isfinite(w.half))
		return -1;
	pct = w.diff / eb.mean * 100;
	half = fabs(w.half / eb.mean) * 100;
	if (row->unit == TS_UNIT_NANOSECONDS)
		pct = -pct;
	row->test = TS_TEST_EXECUTIONS;
	row->p_value = w.p;
	row->means_pct = pct;
	row->threshold = fmax(half, EXEC_FLOOR_PCT);
	/*
	 * The change of the means decides, but a row whose values (the
	 * medians shown) moved the other way has no consistent change:
	 * execution levels in two modes can pull the two apart.
	 */
	if (fabs(pct) <= row->threshold || (row->pct > 0) != (pct > 0))
		row->verdict = TS_VERDICT_UNCHANGED;
	else if (pct > 0)
		row->verdict = TS_VERDICT_FASTER;
	else
		row->verdict = TS_VERDICT_SLOWER;
	return 0;
}

/* Two disparities differ when their ratio is beyond this. */
#define SPEED_TOLERANCE	1.05

/* "cores equal within 2 %" or "fastest core 1.67x the slowest". */
static char *
speed_words(const struct ts_speed *s)
{
	if (!s->differ)
		return ts_xasprintf("cores equal within their noise (%.2fx)",
		    s->disparity);
	return ts_xasprintf("fastest core %.2fx the slowest", s->disparity);
}

char *
ts_compare_speed_differ(const struct ts_report *base,
    const struct ts_report *cand)
{
	const struct ts_speed *b = ts_speed_ext_get(&base->ext),
	    *c = ts_speed_ext_get(&cand->ext);
	char *wb, *wc, *line;
	double r;

	if (b == NULL || c == NULL || !isfinite(b->disparity) ||
	    !isfinite(c->disparity))
		return NULL;
	r = b->disparity / c->disparity;
	if (b->differ == c->differ && r <= SPEED_TOLERANCE &&
	    r >= 1 / SPEED_TOLERANCE)
		return NULL;
	wb = speed_words(b);
	wc = speed_words(c);
	line = ts_xasprintf("the cores' speeds differ: baseline %s, "
	    "candidate %s", wb, wc);
	free(wb);
	free(wc);
	return line;
}
