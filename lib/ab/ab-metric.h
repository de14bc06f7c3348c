/* SPDX-License-Identifier: MIT */
/*
 * What a run of a command yields as its figure: its wall time, its user,
 * system or whole CPU time or its peak resident memory (wait4's), or a
 * number the command prints: json:KEY reads KEY (a dotted path through
 * objects and arrays, "a.b.0.c"; a key holding dots is tried whole first)
 * from its standard output as one JSON document or, failing that, from
 * the last of its lines that is a JSON object holding KEY; regex:RE takes
 * the first match of the POSIX extended regular expression RE in its
 * output, its first group if it has groups, which must be a number.
 * A figure must lie within [TS_AB_FIGURE_MIN, TS_AB_FIGURE_MAX], where
 * ratios of two, their logarithms and squares are exact doubles.
 */
#ifndef TS_AB_METRIC_H
#define TS_AB_METRIC_H

#include <regex.h>
#include <stdbool.h>
#include <stddef.h>

enum ts_ab_metric_kind {
	TS_AB_METRIC_WALL,
	TS_AB_METRIC_USER,
	TS_AB_METRIC_SYSTEM,
	TS_AB_METRIC_CPU,	/* user + system */
	TS_AB_METRIC_MAXRSS,	/* KiB */
	TS_AB_METRIC_JSON,
	TS_AB_METRIC_REGEX
};

struct ts_ab_metric {
	enum ts_ab_metric_kind	 kind;
	char			*name;	/* as given: "wall", "json:t", ... */
	const char		*arg;	/* KEY or RE within name */
	regex_t			 re;
	bool			 re_compiled;
};

/* The range of a figure: ratios, logarithms and squares stay normal. */
#define TS_AB_FIGURE_MIN	1e-150
#define TS_AB_FIGURE_MAX	1e150

/* What wait4 and the clock said of one run. */
struct ts_ab_sample {
	double	 wall_s, user_s, sys_s;
	double	 maxrss_kib;
};

/*
 * Parse --metric's value.  Return 0, or -1 with a one-line reason in err
 * naming what is accepted.
 */
int		 ts_ab_metric_parse(const char *arg, struct ts_ab_metric *,
		    char *err, size_t errlen);
void		 ts_ab_metric_free(struct ts_ab_metric *);

/* Whether the figure is read from the command's output. */
bool		 ts_ab_metric_reads_output(const struct ts_ab_metric *);
/* Whether it is a time in seconds (wall, user, system, cpu). */
bool		 ts_ab_metric_is_time(const struct ts_ab_metric *);
/* Its unit for people: "s", "KiB", or "" for a printed figure. */
const char	*ts_ab_metric_unit(const struct ts_ab_metric *);

/*
 * The figure of one run: from s, or from out[0..len) (the command's
 * standard output; a regex reads through NUL bytes, json: says where
 * one stood when it finds no figure).  An integer of json: past 64
 * bits is read as the double it writes.  Return 0, or -1 with a
 * one-line reason in err (the key missing, no match, not a number),
 * which begins with the metric's name.  A regex's match time is not
 * bounded: a pattern that backtracks takes time quadratic or worse in
 * the length of a line (threadstone-ab runs it in a child process).
 */
int		 ts_ab_metric_value(const struct ts_ab_metric *,
		    const struct ts_ab_sample *s, const char *out, size_t len,
		    double *v, char *err, size_t errlen);

/*
 * Whether v can be a figure (finite, within [TS_AB_FIGURE_MIN,
 * TS_AB_FIGURE_MAX]): 0, or -1 with a one-line reason in err, which
 * begins with the metric's name.
 */
int		 ts_ab_metric_check(const struct ts_ab_metric *, double v,
		    char *err, size_t errlen);

#endif /* TS_AB_METRIC_H */
