/* SPDX-License-Identifier: MIT */
/*
 * The extension key cpu_kinds: its typed record and descriptor.  Which
 * kinds the machine has, where the single-thread passes ran, the
 * multi-thread workers on each kind and, with --per-kind, every
 * workload's single-thread figure on each kind.  lib/doc/doc-kinds.c
 * builds the record for a run and answers questions about a document's.
 */
#ifndef TS_DOC_EXT_KINDS_H
#define TS_DOC_EXT_KINDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "doc/doc-ext.h"
#include "doc/doc-model.h"

/* extensions.cpu_kinds.kinds[]: one CPU kind, the most performant first. */
struct ts_ext_kind {
	char			*name;		/* NULL: none in the document */
	uint64_t		 hwloc_rank;
	struct ts_opt_u64	 efficiency;
	uint64_t		 cores;
};

/* extensions.cpu_kinds.per_kind.WORKLOAD.KIND: one single-thread pass. */
struct ts_ext_kind_pass {
	char		*kind;		/* the member's key */
	uint64_t	 core;
	char		*cpus;
	bool		 pinned;
	char		*error;		/* set: not run, and no figures */
	bool		 has_value;	/* the figures below: value, cv... */
	double		 value;
	double		 cv;
	double		 ci95;		/* 0 when not recorded */
	char		*stability;
	uint64_t	 samples;
	uint64_t	 iters_per_thread;
};

/* extensions.cpu_kinds.per_kind.WORKLOAD: its passes, kind by kind. */
struct ts_ext_kind_workload {
	char			*workload;	/* the member's key */
	struct ts_ext_kind_pass	*passes;
	size_t			 npasses;
};

/* extensions.cpu_kinds.multi_thread.workers.KIND */
struct ts_ext_kind_workers {
	char		*kind;
	uint64_t	 n;
};

/* extensions.cpu_kinds.single_thread: where the single-thread passes ran. */
struct ts_ext_kind_single {
	char			*kind;
	struct ts_opt_u64	 core;
	char			*cpus;		/* optional */
	struct ts_opt_u64	 passes;
	struct ts_opt_u64	 passes_pinned;
	bool			 pinned;
	char			*reason;	/* optional */
};

/* extensions.cpu_kinds */
struct ts_ext_cpu_kinds {
	struct ts_ext_kind	*kinds;
	size_t			 nkinds;
	struct ts_ext_kind_single single_thread;
	bool			 has_multi_thread;
	uint64_t		 multi_threads;
	/* Workers per kind when pinned, else the text saying why not. */
	bool			 workers_pinned;
	struct ts_ext_kind_workers *workers;
	size_t			 nworkers;
	char			*workers_text;
	bool			 has_per_kind;
	struct ts_ext_kind_workload *per_kind;
	size_t			 nper_kind;
	char			*single_core_score_kind;
};

extern const struct ts_ext_key ts_ext_key_cpu_kinds;

/* Free what a cpu_kinds record owns and zero it. */
void	ts_ext_cpu_kinds_free(struct ts_ext_cpu_kinds *);

#endif /* TS_DOC_EXT_KINDS_H */
