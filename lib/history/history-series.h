/* SPDX-License-Identifier: MIT */
/*
 * The history read back as series: one per host, workload and pass, its
 * points in time order; the change points of a series, producer changes
 * among them; and a new result judged against its series.
 */
#ifndef TS_HISTORY_SERIES_H
#define TS_HISTORY_SERIES_H

#include <stdbool.h>
#include <stddef.h>

#include "history/history-cpd.h"
#include "history/history-store.h"

/* Which results to read; NULL or -1 for no condition. */
struct ts_hist_filter {
	const char	*host;
	const char	*workload;
	const char	*pass;
	const char	*producer;	/* a substring of the description */
	long long	 since, until;	/* [since, until), seconds */
	const char	*exclude_sha256;	/* leave this document out */
};

struct ts_hist_point {
	long long	doc;		/* documents.id */
	long long	t;		/* documents.unix_time */
	double		value, ci95;
	size_t		producer;	/* index into the series' producers */
};

struct ts_hist_series {
	char			*host, *workload, *pass, *unit;
	bool			 higher_is_better;
	struct ts_hist_point	*pts;
	size_t			 n;
	char			**producers;	/* descriptions, first seen first */
	size_t			 nproducers;
};

/*
 * The series the filter selects, ordered by host, workload and pass, into
 * *out (freed with ts_hist_series_free).  Return how many, or -1 with err.
 */
long	ts_hist_series_load(struct ts_hist *h, const struct ts_hist_filter *,
	    struct ts_hist_series **out, char *err, size_t errlen);
void	ts_hist_series_free(struct ts_hist_series *, size_t n);

enum ts_hist_change_kind {
	TS_HIST_LEVEL,		/* the results moved (the detector's) */
	TS_HIST_PRODUCER	/* another program measured from here on */
};

struct ts_hist_change {
	enum ts_hist_change_kind kind;
	size_t		at;		/* the first point after the change */
	double		before, after;	/* medians of the segments around it */
	double		pct;		/* after against before, %, + = better */
	double		p;		/* Welch's p (level changes), else 1 */
	int		direction;	/* 1 better, -1 worse, 0 producer */
};

/*
 * The change points of s, in time order: a producer change wherever the
 * producer differs from the point before, and the detector's within each
 * stretch of one producer.  *out is malloc'd (NULL when none).
 */
size_t	ts_hist_changes(const struct ts_hist_series *s,
	    const struct ts_cpd_params *, struct ts_hist_change **out);

enum ts_hist_verdict {
	TS_HIST_WITHIN,		/* within the history's noise */
	TS_HIST_BETTER,		/* better beyond it */
	TS_HIST_WORSE,		/* worse beyond it: a regression */
	TS_HIST_NEW_PRODUCER,	/* no history from this producer here */
	TS_HIST_TOO_FEW,	/* too few points since the last change */
	TS_HIST_NO_HISTORY	/* the host never ran this workload and pass */
};

/*
 * Two-sided level of check's prediction interval for one pass, in the
 * tail the pass's history shows (ts_hs_tail_fit()).  With eleven passes
 * and the run as a whole, 0.0005 keeps the false alarms of a run near
 * 4 % with Student's t(3) noise and 3 % of slow runs, 3 of them the slow
 * runs themselves (tests/unit-history-check), and a drop of 5 noise
 * units in one pass of a normal history is still found 9 times in 10.
 */
#define TS_HIST_CHECK_ALPHA	0.0005

/* History points needed since the last change for a verdict. */
#define TS_HIST_MIN_POINTS	5

struct ts_hist_judgement {
	enum ts_hist_verdict verdict;
	size_t		n;		/* points since the last change */
	long long	since;		/* time of the first of them */
	double		center;		/* their median */
	double		noise;		/* their robust standard deviation */
	double		lo, hi;		/* the prediction interval */
	double		pct;		/* value against center, + = better */
	/*
	 * The tail of their deviations from the median: Student's t with
	 * tail_df degrees of freedom (INFINITY: normal) and this scale,
	 * fitted by maximum likelihood; lo and hi are its quantiles.
	 */
	double		tail_df, scale;
	/*
	 * Set by ts_hist_judge_run(): the tail, interval and verdict are
	 * the pass's beyond its run's change (see there).
	 */
	bool		beyond_run;
};

/*
 * Judge value, measured by producer (a description), against s (NULL:
 * no history): the points since its last change point, if they are that
 * producer's, give a center (their median), a noise (1.4826 MAD), the
 * tail of their deviations (Student's t fitted by maximum likelihood,
 * ts_hs_tail_fit()) and from that tail a prediction interval for one
 * new run at TS_HIST_CHECK_ALPHA: as wide as the history's own tail
 * calls for, near the normal's when the history is normal.
 */
void	ts_hist_judge(const struct ts_hist_series *s, const char *producer,
	    double value, const struct ts_cpd_params *,
	    struct ts_hist_judgement *out);

/*
 * The run as a whole: a suite-wide change (the host, or a change that
 * touches every workload) moves all of a run's passes at once, and the
 * median of their changes hears it where each pass alone, with its own
 * tail, cannot.  Each run of the history gets the same figure (the
 * median change of its passes against their medians, over the passes
 * judged here), and the new run is judged against them: their median,
 * a robust standard deviation (1.4826 MAD) and Student's t interval
 * (runs - 1 degrees of freedom) at TS_HIST_RUN_ALPHA, two-sided.  The
 * median of several passes has light tails even when each pass's are
 * heavy, and a rare slow run of the history moves neither the median
 * nor the MAD.
 */
#define TS_HIST_RUN_ALPHA	0.0002
/* Passes a run needs for its figure (and the new run for a verdict). */
#define TS_HIST_RUN_MIN_PASSES	3

struct ts_hist_run_judgement {
	enum ts_hist_verdict verdict;	/* within, better, worse or too-few */
	size_t		passes;		/* the new run's passes judged */
	size_t		runs;		/* history runs with a figure */
	double		pct;		/* the new run's median change, % */
	double		center, noise;	/* the history runs' figures, % */
	double		lo, hi;		/* the interval, % (+ = better) */
};

/*
 * Judge the run whose passes' values are values[0..n), judged by
 * ts_hist_judge() into j[0..n), each against its series s[i] (NULL, or
 * a judgement without a verdict, is left out).
 *
 * And judge each of those passes again beyond its run: a slow run of
 * the history (the host busy for its whole length) moves every pass at
 * once, and a pass's tail fitted with those runs in it is so heavy that
 * nothing short of a collapse is out of line.  So when the run has a
 * figure, each pass is judged by its history's deviations less their
 * run's median change (what every pass of a run shares is the run
 * judgement's to hear), in a tail fitted to every pass's such
 * deviations at once, each in units of its own robust deviation: the
 * tail's shape is the host's, and sixty runs of one pass say little
 * about it.  j[i]'s interval, tail and verdict are replaced (beyond_run
 * set).
 */
void	ts_hist_judge_run(const struct ts_hist_series *const *s,
	    struct ts_hist_judgement *j, const double *values, size_t n,
	    struct ts_hist_run_judgement *out);

/*
 * The tachyon records of host in [since, until) (-1: open), in time
 * order: times into *t and scores into *score (malloc'd).  Return how
 * many, or -1 with err.
 */
long	ts_hist_tachyon_load(struct ts_hist *h, const char *host,
	    long long since, long long until, double **t, double **score,
	    char *err, size_t errlen);

struct ts_report;
/*
 * The machine of host's latest document, as compare reads a machine
 * (ts_compare_machine_mismatch): its CPU model and target from the
 * host's row, its thread count from the document, into m's system and
 * config (strings for ts_report_free).  Return 1, 0 when the host has
 * no document, or -1 with err.
 */
int	ts_hist_host_machine(struct ts_hist *h, const char *host,
	    struct ts_report *m, char *err, size_t errlen);

/*
 * How far back check looks: the time of the n-th most recent document of
 * host into *since (-1 when the host has fewer).  Return 0, or -1 with
 * err.
 */
int	ts_hist_recent_since(struct ts_hist *h, const char *host, long n,
	    long long *since, char *err, size_t errlen);

/* The runs of each series check judges by, at most (the most recent). */
#define TS_HIST_CHECK_WINDOW	1000

/* "within", "better", "worse", "new-producer", "too-few", "no-history". */
const char *ts_hist_verdict_name(enum ts_hist_verdict);

#endif /* TS_HISTORY_SERIES_H */
