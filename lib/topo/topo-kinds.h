/* SPDX-License-Identifier: MIT */
/*
 * CPU kinds (hybrid CPUs: performance and efficiency cores) and the plan
 * of which core each pass runs on.  The planner is a pure function of the
 * kinds and of the kind of every core, as lib/topo/topo.c reads them from
 * hwloc's cpukinds, so the tests check it on XML fixtures without
 * running a workload.  A machine with fewer than two kinds gets no plan:
 * its passes run as they always did.
 */
#ifndef TS_TOPO_KINDS_H
#define TS_TOPO_KINDS_H

#include <stdbool.h>

/* Most kinds a plan keeps (hwloc knows of at most three on real parts). */
#define TS_KINDS_MAX	8
/* Room for a kind's name and a CPU list such as "0-3,8-11". */
#define TS_KIND_NAME	32
#define TS_KIND_CPUS	64

/* One CPU kind as hwloc describes it. */
struct ts_kind {
	char		name[TS_KIND_NAME];	/* CoreType, else "kind<rank>" */
	int		rank;		/* hwloc's order: 0 the least performant */
	int		efficiency;	/* hwloc's efficiency; -1 unknown */
	unsigned	ncores;		/* allowed cores of this kind */
	unsigned	core;		/* the core a pass of this kind uses */
	char		cpus[TS_KIND_CPUS];	/* that core's logical CPUs */
};

/* Which cores the passes use. */
struct ts_kind_plan {
	/* Kinds with at least one allowed core, the most performant first;
	 * fewer than two means a homogeneous machine and no plan. */
	struct ts_kind	kinds[TS_KINDS_MAX];
	unsigned	nkinds;
	/* Workers of the multi-thread pass on each kind (worker i runs on
	 * core i modulo the cores), in the order of kinds[]. */
	unsigned	multi_workers[TS_KINDS_MAX];
	unsigned	threads;
};

/*
 * Plan the passes.  kinds[0..nkinds) in any order, with rank and name set
 * (ncores, core and cpus are filled in); core_kind[c] is the rank of core
 * c's kind, or -1 when hwloc gave it none; threads is the multi-thread
 * pass's worker count.  The single-thread pass of a kind runs on its
 * first core (lowest index).  Return the number of kinds in the plan.
 */
unsigned	ts_kinds_plan(const struct ts_kind *kinds, unsigned nkinds,
		    const int *core_kind, unsigned ncores, unsigned threads,
		    struct ts_kind_plan *plan);

/* The planned kind called name, or NULL. */
const struct ts_kind *ts_kinds_find(const struct ts_kind_plan *,
		    const char *name);

#endif /* TS_TOPO_KINDS_H */
