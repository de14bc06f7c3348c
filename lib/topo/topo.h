/* SPDX-License-Identifier: MIT */
/*
 * The machine's topology through hwloc: cores, CPU kinds (performance and
 * efficiency cores), cache sizes, memory, and thread binding.  hwloc reads
 * HWLOC_XMLFILE and HWLOC_SYNTHETIC from the environment, which is how the
 * tests give every function here a known topology.  Cache sizes from hwloc
 * are upper bounds (a VM may see its host's whole L3); check them by
 * measurement before relying on them.
 */
#ifndef TS_TOPO_H
#define TS_TOPO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "topo/topo-kinds.h"

struct ts_topo;

/* Load the topology; NULL with a reason in err when hwloc cannot. */
struct ts_topo	*ts_topo_open(char *err, size_t errlen);
void		 ts_topo_close(struct ts_topo *);

/*
 * Largest single cache at a level (1 = L1 data or unified, 2, 3, ...),
 * in bytes; 0 when the level is absent.  For L2 and deeper only unified
 * caches count.
 */
uint64_t	 ts_topo_cache_size(const struct ts_topo *, int level);
/* The sum of every cache instance at that level; 0 when absent. */
uint64_t	 ts_topo_cache_total(const struct ts_topo *, int level);
/* Deepest cache level present (0 if none) and its largest instance. */
int		 ts_topo_llc_level(const struct ts_topo *);
uint64_t	 ts_topo_llc_size(const struct ts_topo *);
/* Cache line size of the first L1 data cache; 0 when unknown. */
uint64_t	 ts_topo_line_size(const struct ts_topo *);

/* Physical cores and logical CPUs this process may run on (at least 1). */
unsigned	 ts_topo_cores(const struct ts_topo *);
unsigned	 ts_topo_pus(const struct ts_topo *);
/* Memory of all NUMA nodes, in bytes; 0 when unknown. */
uint64_t	 ts_topo_memory(const struct ts_topo *);

/*
 * Hybrid CPUs: when hwloc reports at least two CPU kinds, set the logical
 * CPUs of the most performant kind in *perf and of all the others in *eff
 * and return the number of kinds.  Return 0 or 1 (and leave both alone)
 * on a homogeneous or unknown machine.
 */
int		 ts_topo_cpu_kinds(const struct ts_topo *, unsigned *perf,
		    unsigned *eff);

/*
 * Bind the calling thread to physical core `index` modulo the number of
 * cores (its hyperthreads included).  Return 0, or -1 if the OS refused.
 */
int		 ts_topo_bind_core(const struct ts_topo *, unsigned index);

/*
 * The kinds hwloc reports and the plan of which core each pass uses
 * (topo-kinds.h), for a multi-thread pass of `threads` workers.  Return the
 * number of kinds in the plan: 0 on a machine with one kind, or when
 * hwloc knows of none (a kernel without the information reports one).
 */
unsigned	 ts_topo_kind_plan(const struct ts_topo *, unsigned threads,
		    struct ts_kind_plan *);

/* Whether the topology is this machine's (not HWLOC_XMLFILE's or
 * HWLOC_SYNTHETIC's, whose binding calls do nothing). */
bool		 ts_topo_is_this_machine(const struct ts_topo *);

/*
 * Bind the calling thread to physical core `index` exactly (no modulo).
 * Return 0, or -1 when the core does not exist, the topology is not this
 * machine's, or the OS refused.
 */
int		 ts_topo_bind_exact(const struct ts_topo *, unsigned index);

#endif /* TS_TOPO_H */
