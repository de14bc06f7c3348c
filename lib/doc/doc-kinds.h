/* SPDX-License-Identifier: MIT */
/*
 * The CPU-kind record of a result document, extensions.cpu_kinds: which
 * kinds the machine has, which kind and core the single-thread passes
 * ran on, how many multi-thread workers ran on each kind and, with
 * --per-kind, every workload's single-thread figure on each kind.  It is
 * written only on a machine with at least two kinds, so a homogeneous
 * machine's document has no such key.  The readers take any document:
 * a missing or malformed record reads as no kinds.
 */
#ifndef TS_DOC_KINDS_H
#define TS_DOC_KINDS_H

#include <stdbool.h>
#include <stddef.h>

#include "doc/doc-ext-kinds.h"
#include "doc/doc-model.h"
#include "topo/topo-kinds.h"

/* What the suite did with the plan. */
struct ts_kinds_run {
	/* Single-thread passes pinned to the performance kind's core; when
	 * false, unpinned_reason says why ("disabled by --no-pin", ...). */
	bool		 pin;
	const char	*unpinned_reason;
	unsigned	 single_passes;		/* run on the performance kind */
	unsigned	 single_pinned;		/* of which bound */
	bool		 multi_ran;		/* a multi-thread pass ran */
	bool		 multi_pinned;		/* worker i on core i */
	/* With --per-kind: each workload's passes on each kind
	 * (ts_kinds_pass()), in run order; NULL without. */
	struct ts_ext_kind_workload *per_kind;
	size_t		 nper_kind;
};

/* The record of one pass on one kind, for ts_kinds_run.per_kind. */
struct ts_ext_kind_pass ts_kinds_pass(const struct ts_kind *,
		    const struct ts_pass *, const char *error, bool pinned);

/* Add a workload's pass on a kind to run->per_kind (takes pass over). */
void		 ts_kinds_add(struct ts_kinds_run *, const char *workload,
		    const struct ts_kind *, struct ts_ext_kind_pass pass);

/* Free what ts_kinds_add() gathered and no record took over. */
void		 ts_kinds_run_free(struct ts_kinds_run *);

/* Fill extensions.cpu_kinds (takes run->per_kind over). */
void		 ts_kinds_record(const struct ts_kind_plan *,
		    struct ts_kinds_run *, struct ts_ext_cpu_kinds *);

/* A document's kind names, most performant first; 0 when it has none. */
size_t		 ts_kinds_names(const struct ts_report *, const char **names,
		    size_t max);
/* Whether the document has per-kind single-thread figures. */
bool		 ts_kinds_has_per_kind(const struct ts_report *);
/*
 * A workload's single-thread figure on a kind, with its ci95 (0 when not
 * recorded): 0, or -1 when the document has none.
 */
int		 ts_kinds_value(const struct ts_report *, const char *workload,
		    const char *kind, double *value, double *ci95);
/* The kind the single-thread passes ran on, or NULL. */
const char	*ts_kinds_single_kind(const struct ts_report *);

/* Where a document's single-thread passes ran (strings in the document). */
struct ts_kinds_single {
	const char	*kind;		/* NULL: no record */
	const char	*cpus;		/* NULL when not recorded */
	long long	 core;		/* -1 when not recorded */
	bool		 pinned;
	const char	*reason;	/* why not pinned, or NULL */
};
void		 ts_kinds_single(const struct ts_report *,
		    struct ts_kinds_single *);
/* Multi-thread workers on a kind: 0, or -1 when not recorded. */
int		 ts_kinds_workers(const struct ts_report *, const char *kind,
		    unsigned long long *n);

#endif /* TS_DOC_KINDS_H */
