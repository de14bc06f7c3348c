/* SPDX-License-Identifier: MIT */
/*
 * Two commands side by side (threadstone-ab's duet) need two disjoint
 * sets of the CPUs this process may use, one each, that do not share a
 * core: whole physical cores in hwloc's order, the first half of them
 * (rounded down) in one set and the rest in the other, so that a core's
 * hardware threads stay together; a single core with several hardware
 * threads has its threads split the same way.  Without a topology, the
 * CPUs of the affinity mask are split in their order.  The sets hold the
 * operating system's CPU numbers, for sched_setaffinity.
 */
#ifndef TS_TOPO_SPLIT_H
#define TS_TOPO_SPLIT_H

#include <sched.h>

struct ts_topo;

/*
 * Fill a and b (topo may be NULL).  Return the number of CPUs in the
 * smaller set: 0 when there are fewer than two CPUs to split.
 */
unsigned	 ts_topo_split(const struct ts_topo *, cpu_set_t *a,
		    cpu_set_t *b);

#endif /* TS_TOPO_SPLIT_H */
