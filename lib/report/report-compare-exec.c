/* SPDX-License-Identifier: MIT */
/*
 * compare's test on the execution level (see report-compare.h): the best
 * execution of each pass against the other's, as one compares figures
 * taken on a shared host (best against best), with a threshold from the
 * passes' own best executions.
 *
 * On the 2-vCPU VMs this package measures, execution means come in
 * modes: the host slows a vCPU for tens of seconds at a time (a
 * compute-bound single-thread pass read 36 M/s in some executions and
 * 26 M/s in others of the same run, and whole runs in the slow mode),
 * and memory passes land in a fast or a slow placement.  A test on the
 * means of the executions (Welch's t) counts those modes as the
 * change's noise only within one run, and cried wolf on 48 of 165 rows
 * of an A/A test (6 runs, 15 pairs); the best executions of two runs
 * agree better.  And a change no larger than what the host did to the
 * pass within one run (the range of either run's executions) is not
 * the change's: on three A/A sets of this VM (495 rows) best against
 * best beyond twice the spread of the four best flagged 11.3 % of rows,
 * and 4.0 % with the range as a floor (bench/aa.sh).
 */
#include <config.h>

#include <math.h>
#include <stdlib.h>

#include "doc/doc-ext-exec.h"
#include "doc/doc-ext-speed.h"
#include "report/report-compare.h"
#include "units.h"
#include "util.h"

/* The practical floor: smaller changes are never reported (0.5 %). */
#define EXEC_FLOOR_PCT	0.5
/* The best executions whose spread is a pass's noise, and its weight. */
#define EXEC_TOP	4
#define EXEC_NOISE_X	2.0

/*
 * The best execution of a pass (higher is better unless lower_better),
 * the spread of its EXEC_TOP best and the range of all its executions,
 * as % of the best; -1 when the pass has fewer than two executions.
 */
static int
best_of(const struct ts_exec_pass *e, bool lower_better, double *best,
    double *spread_pct, double *range_pct)
{
	double *v, worst;
	size_t i, n, k;
	int rc = -1;

	if (e == NULL || e->nexec < 2)
		return -1;
	v = ts_xcalloc(e->nexec, sizeof *v);
	for (i = n = 0; i < e->nexec; i++)
		if (isfinite(e->means[i]) && e->means[i] > 0)
			v[n++] = lower_better ? -e->means[i] : e->means[i];
	if (n >= 2) {
		ts_sort_doubles(v, n);
		k = n < EXEC_TOP ? n : EXEC_TOP;
		*best = fabs(v[n - 1]);
		worst = fabs(v[n - k]);
		*spread_pct = fabs(*best - worst) / *best * 100;
		*range_pct = fabs(*best - fabs(v[0])) / *best * 100;
		rc = 0;
	}
	free(v);
	return rc;
}

/* The verdict of a change against the row's threshold. */
static void
decide(struct ts_compare_row *row, double pct)
{
	if (fabs(pct) <= row->threshold)
		row->verdict = TS_VERDICT_UNCHANGED;
	else if (pct > 0)
		row->verdict = TS_VERDICT_FASTER;
	else
		row->verdict = TS_VERDICT_SLOWER;
}

int
ts_compare_exec_verdict(struct ts_compare_row *row,
    const struct ts_exec_pass *b, const struct ts_exec_pass *c)
{
	bool lower = ts_unit_lower_is_better(row->unit);
	double bb, bc, sb, sc, rb, rc, pct;

	if (!row->has_pct || best_of(b, lower, &bb, &sb, &rb) == -1 ||
	    best_of(c, lower, &bc, &sc, &rc) == -1)
		return -1;
	pct = (bc - bb) / bb * 100;
	if (lower)
		pct = -pct;
	row->test = TS_TEST_EXECUTIONS;
	row->best_pct = pct;
	row->shown_base = bb;
	row->shown_cand = bc;
	row->threshold = fmax(fmax(EXEC_NOISE_X * fmax(sb, sc),
	    fmax(rb, rc)), EXEC_FLOOR_PCT);
	decide(row, pct);
	return 0;
}

/*
 * A change the host made to what the threads got at once is no change
 * of the code: the threshold takes it whole, in either direction (a
 * regression hidden by a host that got better is one this pair of runs
 * cannot tell; the detectable change says so).
 */
void
ts_compare_allow_host(struct ts_compare_row *row, double together_pct)
{
	if (!row->has_pct || row->test != TS_TEST_EXECUTIONS ||
	    !isfinite(together_pct))
		return;
	row->has_allowance = true;
	row->allowance = fabs(together_pct);
	row->threshold += row->allowance;
	decide(row, row->best_pct);
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
