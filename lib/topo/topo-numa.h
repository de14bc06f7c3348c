/* SPDX-License-Identifier: MIT */
/*
 * NUMA nodes as the loaded-latency matrix needs them: which of this
 * process's cores sit on which node, and memory placed on a chosen node.
 * A machine hwloc shows no NUMA node on is one node holding every core.
 */
#ifndef TS_TOPO_NUMA_H
#define TS_TOPO_NUMA_H

#include <stddef.h>
#include <stdint.h>

struct ts_topo;

/* The most nodes a plan holds; a larger machine's others are left out. */
#define TS_NUMA_MAX_NODES	64

struct ts_numa_node {
	unsigned	 os_index;	/* the node's number, as Linux names it */
	uint64_t	 memory;	/* its local memory in bytes, 0 unknown */
	unsigned	 first_core;	/* index (ts_topo_bind_exact) of its */
	unsigned	 ncores;	/*   first usable core, and how many */
};

struct ts_numa_plan {
	unsigned		 nnodes;	/* nodes with memory, >= 1 */
	unsigned		 omitted;	/* nodes past TS_NUMA_MAX_NODES */
	struct ts_numa_node	 node[TS_NUMA_MAX_NODES];
	/* core_node[i]: the plan's node of usable core i (its first node
	 * when hwloc shows it local to several). */
	unsigned		*core_node;
	unsigned		 ncores;
};

/*
 * Fill the plan from the topology: every NUMA node with memory, in
 * hwloc's order, with the usable cores local to it (a node may have
 * none: memory-only nodes are read from the other nodes' cores).
 * Return 0, or -1 with a reason in err.  Free with ts_numa_plan_free.
 */
int	 ts_numa_plan(const struct ts_topo *, struct ts_numa_plan *,
	    char *err, size_t errlen);
void	 ts_numa_plan_free(struct ts_numa_plan *);

/* The index of the n-th usable core (n from 0) local to node `node`. */
unsigned ts_numa_core(const struct ts_numa_plan *, unsigned node,
	    unsigned n);

/*
 * Make the memory the calling thread (and the threads it creates from
 * now on) faults in come from plan node `node` only; node -1 restores
 * the default policy.  Return 0, or -1 with a reason in err when the
 * topology is not this machine's or the OS refused.
 */
int	 ts_numa_bind_memory(const struct ts_topo *,
	    const struct ts_numa_plan *, int node, char *err, size_t errlen);

#endif /* TS_TOPO_NUMA_H */
