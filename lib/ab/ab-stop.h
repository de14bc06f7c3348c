/* SPDX-License-Identifier: MIT */
/*
 * When an experiment of rounds stops: after exactly --runs rounds, or
 * adaptively, once at least min_runs rounds are in, when the precision
 * asked is reached (ts_ab_stop_width), or when another round would end
 * past the time allowed, or at max_runs.  The interval is looked at
 * after every round up to TS_AB_CHECK_EVERY rounds, then after every
 * twentieth more, so that recomputing it stays a small share of a long
 * experiment of quick commands.  And how many rounds are left, for the
 * progress line.  Pure arithmetic.
 */
#ifndef TS_AB_STOP_H
#define TS_AB_STOP_H

#include <stdbool.h>
#include <stddef.h>

#include "ab/ab-stats.h"

#define TS_AB_CHECK_EVERY	100

struct ts_ab_stop {
	size_t	 runs;		/* exactly this many rounds; 0: adaptive */
	size_t	 min_runs;	/* adaptive: at least */
	size_t	 max_runs;	/* adaptive: at most */
	double	 precision;	/* adaptive: half-width to reach (0.01 = 1 %) */
	double	 max_time;	/* adaptive: seconds; 0 = no bound */
	size_t	 step;		/* rounds come in groups of this many (>= 1) */
};

/* The adaptive rule's defaults: 10 to 100000 rounds, 1 %, 60 s. */
#define TS_AB_DEFAULT_MIN_RUNS	10
#define TS_AB_DEFAULT_MAX_RUNS	100000
#define TS_AB_DEFAULT_PRECISION	0.01
#define TS_AB_DEFAULT_MAX_TIME	60.0

/* Fill the defaults: adaptive, as above, one round at a time. */
void	 ts_ab_stop_defaults(struct ts_ab_stop *);

enum ts_ab_why {
	TS_AB_MORE,		/* go on */
	TS_AB_STOP_RUNS,	/* --runs done */
	TS_AB_STOP_PRECISION,	/* the precision was reached */
	TS_AB_STOP_TIME,	/* another round would end past max_time */
	TS_AB_STOP_MAX		/* max_runs done */
};

/*
 * Whether to go on after `rounds` rounds, `elapsed` seconds into the
 * experiment, a round taking about round_s; width is the precision the
 * rule judges by (ts_ab_stop_width) at the latest look (NaN: none yet).
 */
enum ts_ab_why	 ts_ab_stop_check(const struct ts_ab_stop *, size_t rounds,
		    double elapsed, double round_s, double width);

/*
 * The precision the rule judges an estimate by: the interval's
 * half-width with each round's sign forgotten (blind_half_width of
 * ab-stats.h), a function of the sizes of the rounds' log ratios alone.
 * The signed-rank interval's confidence holds given those sizes, so a
 * rule that stops on them cannot raise its false alarms, as stopping
 * on the interval's own width does (it stops when the signs happen to
 * agree).  A change far beyond the noise also stops it: the interval's
 * own half-width when the estimate lies TS_AB_FAR half-widths or more
 * from 1 (under no change, a chance of about 1e-6 a look).
 */
double		 ts_ab_stop_width(const struct ts_ab_est *);

#define TS_AB_FAR	2.5

/*
 * Whether the interval should be looked at after `rounds` rounds when it
 * was last looked at after `last` (0: never).
 */
bool		 ts_ab_stop_due(const struct ts_ab_stop *, size_t rounds,
		    size_t last);

/*
 * Rounds still to run, as far as can be told: for --runs, exact; else
 * from how the half-width shrinks (as one over the square root of the
 * rounds), within the time and round bounds.  -1 when nothing can be
 * said yet.
 */
double		 ts_ab_rounds_left(const struct ts_ab_stop *, size_t rounds,
		    double elapsed, double round_s, double half_width);

/* One line's words for why it stopped ("the precision was reached"). */
const char	*ts_ab_why_text(enum ts_ab_why);

#endif /* TS_AB_STOP_H */
