/* SPDX-License-Identifier: MIT */
/*
 * A night judged as a whole: check's verdict on a new run of every pass
 * against the history of its host, held at one level over all its rows
 * together.
 *
 * A night's passes share its state on a real host (a busy neighbour, a
 * slow hour, a frequency step move them all at once), so each pass's
 * change against its history (a log ratio) is split into the night's
 * common part, the median over its passes, and each pass's remainder.
 * The common part is judged against the same figure of every night of
 * the history (the run as a whole); each pass's remainder against the
 * remainders of its own history, in a tail fitted to every pass's at
 * once.  What the passes share falls on the whole-run test alone, so a
 * night a little slow everywhere does not push one pass out of its own
 * band, and a bad night of the history widens no pass's band.
 *
 * The family: the night fails (a regression) when the run as a whole is
 * worse at TS_HIST_RUN_ALPHA, one-sided, or when any pass's remainder
 * is worse at TS_HIST_PASSES_ALPHA over all the passes together
 * (Bonferroni's bound: each pass at that level over the number of
 * passes, in its fitted tail, which holds whatever the passes'
 * correlation).  The two add up to 3.5 %, under TS_HIST_NIGHT_ALPHA:
 * the rest is the margin for spreads and tails estimated from a history
 * of tens of nights (on one such history the whole run's spread can be
 * a fifth too narrow, and the passes' tail a degree of freedom too light
 * or heavy), so that a night of identical builds fails at most 5 % of
 * the time on the history a user has, not only on average.  A history
 * too short for the split (under TS_HIST_MIN_POINTS nights, or under
 * TS_HIST_RUN_MIN_PASSES passes) judges its passes alone, with
 * TS_HIST_NIGHT_ALPHA split among them.
 */
#ifndef TS_HISTORY_NIGHT_H
#define TS_HISTORY_NIGHT_H

#include <stdbool.h>
#include <stddef.h>

#include "history/history-series.h"

#define TS_HIST_NIGHT_ALPHA	0.05
#define TS_HIST_RUN_ALPHA	0.005
#define TS_HIST_PASSES_ALPHA	0.03

/* Passes a night needs for its common part (and the new night for the
 * whole-run test). */
#define TS_HIST_RUN_MIN_PASSES	3

struct ts_hist_run_judgement {
	/* The run as a whole: within, better, worse or too-few. */
	enum ts_hist_verdict verdict;
	size_t		passes;		/* the new night's passes judged */
	size_t		runs;		/* history nights with a figure */
	double		pct;		/* the new night's common change, % */
	double		center, noise;	/* the history nights' figures, % */
	double		lo, hi;		/* its band, % (+ = better) */
	double		tail_df;	/* of the nights' figures */
	/* The night's verdict, over the whole run and every pass. */
	bool		judged;		/* any row had a verdict */
	bool		run_regression;	/* the whole run fails the family */
	bool		regression;	/* the family failed */
	bool		split;		/* passes judged beyond the run */
	size_t		family;		/* passes in the family */
	double		pass_alpha;	/* each pass's one-sided level */
	double		pass_df;	/* the passes' remainders' tail */
	/*
	 * Power: the slowdown found 90 % of the time (%), of every pass
	 * together (NaN when the run is not judged), and of one pass
	 * alone, the least, median and largest over the passes.
	 */
	double		detect_all_pct;
	double		detect_one_min, detect_one_med, detect_one_max;
};

/*
 * Judge the night whose passes' values are values[0..n), judged first
 * by ts_hist_judge() into j[0..n), each against its series s[i] (NULL,
 * or a judgement without a verdict, is left out): the run as a whole
 * into out, and each pass again, beyond the night's common part when
 * the history allows, its interval, tail, verdict, p, power and family
 * flag replaced in j[i].  Each row's interval and verdict (the whole
 * run's too) stay at their own level, TS_HIST_CHECK_ALPHA two-sided;
 * j[i].regression, out->run_regression and out->regression are the
 * family's.
 */
void	ts_hist_judge_run(const struct ts_hist_series *const *s,
	    struct ts_hist_judgement *j, const double *values, size_t n,
	    struct ts_hist_run_judgement *out);

#endif /* TS_HISTORY_NIGHT_H */
