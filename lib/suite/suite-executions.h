/* SPDX-License-Identifier: MIT */
/*
 * A pass measured in executions: what each execution brought (samples,
 * rounds, what the host took), and the pass the document records from
 * them: the original's statistics over every sample, with ci95 the
 * interval over the execution means (lib/suite/suite-design.h), and its
 * record under extensions.executions (lib/doc/doc-ext-exec.h).
 */
#ifndef TS_SUITE_EXECUTIONS_H
#define TS_SUITE_EXECUTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "doc/doc-ext-exec.h"
#include "doc/doc-model.h"
#include "kernels/kernel.h"
#include "suite/suite-pass.h"

/*
 * A pass lost time to the host when a measured round took this many
 * times the pass's usual (median) round, when the hypervisor stole more
 * than TS_LOST_STEAL of the CPU time the rounds took, or when its
 * threads (no more than the usable CPUs) waited, runnable, for a CPU
 * more than TS_LOST_WAIT of the time they could have run (ran and
 * waited): another task shared their cores.
 */
#define TS_LOST_RATIO	1.5
#define TS_LOST_STEAL	0.01
#define TS_LOST_WAIT	0.10

struct ts_prun {
	const struct ts_kernel	*k;
	unsigned		 threads;
	enum ts_exec_which	 which;
	char			*error;		/* set: the pass failed */
	bool			 done;		/* no more executions */
	bool			 gave_up;	/* done: --precision out of reach */
	uint64_t		 iters;		/* from the first execution */
	double			*samples;	/* every execution's, in order */
	double			*durations;	/* every round, warm-up too */
	double			*rounds;	/* measured rounds only, ms */
	size_t			 nsamples, ndurations, nrounds;
	/* Per execution. */
	uint32_t		*counts;	/* its samples */
	double			*steal;		/* ms, NaN: not reported */
	double			*slowest;	/* its slowest measured round */
	uint64_t		*nivcsw;
	double			*run;		/* ms the threads ran, NaN: unknown */
	double			*wait;		/* ms they waited for a CPU */
	double			*wall_ms;	/* the whole execution, setup too */
	size_t			 nexec, cap;
};

void	 ts_prun_init(struct ts_prun *, const struct ts_kernel *,
	    unsigned threads, enum ts_exec_which);
void	 ts_prun_free(struct ts_prun *);

/*
 * Keep what one execution measured (m stays the caller's); wall_ms: how
 * long the whole execution took, process and setup included.
 */
void	 ts_prun_add(struct ts_prun *, const struct ts_measurement *m,
	    double wall_ms);

/* Record the pass's failure (the first reason is kept). */
void	 ts_prun_fail(struct ts_prun *, const char *why);

/*
 * Whether the pass's interval is within pct % of its mean (needs two
 * executions or more).
 */
bool	 ts_prun_precise(const struct ts_prun *, double pct);

/*
 * What more executions would give a pass, at the spread its executions
 * show so far (with --precision, to say what the host allows): their
 * deviation and the interval now, as % of their mean; the executions the
 * interval needs to reach pct % (t(n - 1) sd / sqrt(n) <= pct % of the
 * mean); and an execution's median wall time.
 */
struct ts_prun_projection {
	double	spread_pct;
	double	reached_pct;
	size_t	needed;
	double	exec_secs;
};

/*
 * Fill *out; -1 when the pass has under two executions or its mean is 0
 * (nothing to project from).  A pass without spread needs what it has.
 */
int	 ts_prun_project(const struct ts_prun *, double pct,
	    struct ts_prun_projection *out);

/* The interval (% of the mean) n executions give at out's spread. */
double	 ts_prun_reach(const struct ts_prun_projection *, size_t n);

/*
 * The pass as the document records it, into *out (free with
 * ts_pass_free()); and its record appended to d, with what the host
 * took judged against `cpus` usable CPUs.  Return 0, or -1 with a reason
 * in err (every sample non-finite).
 */
int	 ts_prun_finish(const struct ts_prun *, unsigned cpus, bool precision,
	    struct ts_exec_design *d, struct ts_pass *out, char *err,
	    size_t errlen);

#endif /* TS_SUITE_EXECUTIONS_H */
