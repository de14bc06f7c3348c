/* SPDX-License-Identifier: MIT */
/*
 * threadstone-ab's experiment: what was asked (struct ab_opts), what the
 * rounds measured (struct ab_exp), and the run of it: warm-up rounds,
 * then rounds in the design's order until the stopping rule says so,
 * --prepare and --conclude around each run, a probe reading between
 * rounds, --cleanup at the end, progress on a terminal.
 */
#ifndef AB_EXP_H
#define AB_EXP_H

#include <sched.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ab-proc.h"
#include "ab/ab-host.h"
#include "ab/ab-metric.h"
#include "ab/ab-stats.h"
#include "ab/ab-stop.h"

/* What the command line asked for. */
struct ab_opts {
	const char		*command[2];	/* A and B, as given */
	const char		*name[2];	/* --command-name, or the command */
	char		       **argv[2];	/* their words (--shell none) */
	const char		*prepare[2];	/* or NULL */
	const char		*conclude[2];
	const char		*cleanup[2];
	enum ts_ab_design	 design;
	struct ts_ab_metric	 metric;
	bool			 higher_better;
	struct ts_ab_stop	 stop;
	unsigned		 warmup;
	struct ab_how		 how;
	bool			 ignore_failure;
	bool			 probe;
	double			 fail_above;	/* fraction; < 0: no gate */
	uint64_t		 seed;
	bool			 quiet;		/* --quiet */
	bool			 progress;	/* the progress line on stderr */
	cpu_set_t		 cpus[2];	/* duet's two sets */
	const char		*export_json, *export_csv, *export_markdown;
};

/* One command's runs, in the order measured. */
struct ab_side {
	double		*value;		/* the metric */
	double		*wall, *user, *sys, *rss;
	int		*status;
	size_t		 n, cap;
};

/* Why the rounds ended. */
enum ab_end {
	AB_END_STOPPED,		/* the stopping rule: see why */
	AB_END_INTERRUPTED,	/* a signal: see signal */
	AB_END_FAILED		/* a command failed: see error */
};

struct ab_exp {
	struct ab_side	 side[2];
	/* Per round: interleaved, 1 when B ran first; duet, A's CPU set. */
	unsigned char	*order;
	double		*round_s;	/* how long each round took */
	double		*round_score;	/* the probe around it; NaN */
	double		*readings;	/* every probe reading */
	size_t		 rounds, nreadings, cap;
	double		 elapsed_s;	/* the measured rounds, wall clock */
	double		 steal_ms;	/* over them; NaN: not reported */
	unsigned	 online_cpus;
	enum ab_end	 end;
	enum ts_ab_why	 why;
	int		 signal;
	char		*error;		/* AB_END_FAILED: one line */
	/* What the figures say, once the rounds are over (ab_exp_judge). */
	struct ts_ab_est est;
	struct ts_ab_host host;
	enum ts_ab_verdict verdict;
	bool		 gate_failed;	/* --fail-above: worse beyond it */
};

/*
 * Run the experiment o asks for into e.  Return 0 when rounds ran to
 * their end or were interrupted (e->end says which), -1 with e->error
 * set when a command, a --prepare, --conclude or a figure failed; the
 * rounds measured so far stay in e either way.
 */
int	 ab_exp_run(const struct ab_opts *o, struct ab_exp *e);

/*
 * Estimate, judge and describe the host from what e holds.  Return 0,
 * or -1 with e->error set (a figure a ratio cannot be taken of).
 */
int	 ab_exp_judge(const struct ab_opts *o, struct ab_exp *e);

void	 ab_exp_free(struct ab_exp *e);

/*
 * Run the --cleanup commands (each even after a failure or an
 * interruption, to its end), then end the launcher (ab_proc_end): 0, or
 * -1 after one line on stderr for each that failed.
 */
int	 ab_exp_cleanup(const struct ab_opts *o);

#endif /* AB_EXP_H */
