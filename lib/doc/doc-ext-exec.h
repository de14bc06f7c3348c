/* SPDX-License-Identifier: MIT */
/*
 * extensions.executions: the two-level design of a run (executions x
 * samples) and, for every pass, its execution means, variance components
 * and hierarchical interval, and what the host took from each execution.
 * threadstone-run writes it (lib/suite/suite.c); threadstone-compare
 * tests on the execution level when both documents carry it; verify
 * recomputes the interval from it.  The original ignores the key, so
 * documents stay readable, comparable and verifiable by ThreadStone
 * 2.0.0.
 *
 * Its descriptor is ts_ext_key_executions (lib/doc/doc-ext-keys.c lists
 * it); ts_exec_ext_put() and ts_exec_ext_get() set and find its record.
 */
#ifndef TS_DOC_EXEC_H
#define TS_DOC_EXEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "doc/doc-ext.h"
#include "doc/doc-model.h"

#define TS_EXEC_KEY	"executions"

/* Which pass of a workload a record describes. */
enum ts_exec_which {
	TS_EXEC_SINGLE,		/* "single_thread" */
	TS_EXEC_MULTI		/* "multi_thread" */
};

/* One pass's executions. */
struct ts_exec_pass {
	char		*workload;	/* the workload's id */
	enum ts_exec_which which;
	size_t		 nexec;
	uint32_t	*counts;	/* samples of each, in pass order */
	double		*means;		/* each execution's mean sample */
	double		 mean;		/* mean of the means */
	double		 sd;		/* their sample deviation */
	double		 ci95;		/* t(nexec - 1) * sd / sqrt(nexec) */
	/* Variance components (NaN: not estimable, omitted). */
	double		 var_within, var_between, between_share;
	/* What the host took, per execution (NULL when not recorded). */
	double		*steal_ms;	/* NaN entries: not reported */
	uint64_t	*nivcsw;
	double		*slowest;	/* slowest measured round / usual */
	double		*wall_ms;	/* each execution, setup included */
	double		 usual_round_ms;	/* the pass's median round */
	bool		 lost_time;
	char		*lost_why;	/* set when lost_time */
	bool		 has_precision;	/* with --precision: was it met */
	bool		 precision_met;
};

/* The design and every pass. */
struct ts_exec_design {
	uint64_t	 executions;	/* planned per pass (minimum) */
	uint64_t	 samples;	/* per execution */
	uint64_t	 warmup;	/* per execution */
	uint64_t	 window_ms;
	char		*isolation;	/* how an execution is fresh */
	char		*order;		/* how executions interleave */
	char		*interval;	/* what ci95 is */
	bool		 has_precision;
	double		 precision_pct;
	double		 time_cap_secs;
	bool		 precision_met;	/* every pass */
	struct ts_exec_pass *passes;
	size_t		 npasses;
	/* Read from a document: false when it was not what we write. */
	bool		 valid;
};

extern const struct ts_ext_key ts_ext_key_executions;

/* The JSON name of a pass ("single_thread"). */
const char	*ts_exec_which_name(enum ts_exec_which);

/* Append a zeroed pass record for nexec executions; return it. */
struct ts_exec_pass *ts_exec_pass_add(struct ts_exec_design *,
	    const char *workload, enum ts_exec_which, size_t nexec);

/* The record of a pass, or NULL. */
const struct ts_exec_pass *ts_exec_find(const struct ts_exec_design *,
	    const char *workload, enum ts_exec_which);

/*
 * Put the design into e as extensions.executions (replacing any); *d is
 * taken over (and zeroed).
 */
void	 ts_exec_ext_put(struct ts_extensions *e, struct ts_exec_design *d);

/*
 * The document's extensions.executions, or NULL when it has none or one
 * that is not what ts_exec_ext_put() writes (its design or a pass record
 * incomplete: the original's rules then apply).
 */
const struct ts_exec_design *ts_exec_ext_get(const struct ts_extensions *e);

void	 ts_exec_design_free(struct ts_exec_design *);

#endif /* TS_DOC_EXEC_H */
