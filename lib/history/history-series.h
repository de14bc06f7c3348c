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
 * The filter's conditions appended to a query's "WHERE ..." as
 * " AND ...", with named parameters: the query names documents d, hosts
 * h and, when results is true, results r (otherwise -w and --pass ask
 * for a result of the document).  ts_hist_filter_bind binds them.
 */
void	ts_hist_filter_sql(const struct ts_hist *h,
	    const struct ts_hist_filter *f, bool results, struct ts_buf *sql);
void	ts_hist_filter_bind(const struct ts_hist_filter *f,
	    struct ts_hist_stmt *st);

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
 * Two-sided level of each row's own prediction interval (its ~ + - mark,
 * a 95 % one): ts_hist_judge()'s, and history-night.h's beyond the
 * night's common part.  The gate is not the rows' marks but the night's
 * family (history-night.h), held at 5 % over all its rows together.
 */
#define TS_HIST_CHECK_ALPHA	0.05

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
	 * Set by ts_hist_judge_run() (history-night.h): the tail, interval
	 * and verdict are the pass's beyond its night's common change
	 * (beyond_run; resid_pct is that change's remainder for this pass,
	 * %, + better), still at the row's own level; p is the one-sided
	 * p-value of a pass that worse or worse, in its tail; regression
	 * whether the pass fails the night's family (p at most the level
	 * the family gives each pass); detect_pct the slowdown of this
	 * pass alone that the family finds 90 % of the time (%; NaN when
	 * not judged).
	 */
	bool		beyond_run, regression;
	double		resid_pct, p, detect_pct;
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

/* Whether a judgement is a verdict: within, better or worse. */
bool	ts_hist_judged(const struct ts_hist_judgement *);

/* Within [lo, hi], better or worse. */
enum ts_hist_verdict ts_hist_verdict_of(double value, double lo, double hi,
	    bool higher_is_better);

/* "within", "better", "worse", "new-producer", "too-few", "no-history". */
const char *ts_hist_verdict_name(enum ts_hist_verdict);

#endif /* TS_HISTORY_SERIES_H */
