/* SPDX-License-Identifier: MIT */
/*
 * The machine's cores and last-level cache as the kernel's sysfs tells
 * them, without hwloc, for libtachyon-probe: hwloc's discovery does not
 * survive an allocation failure (hwloc 2.9 aborts on an assertion in
 * components.c, or dereferences the NULL of a bitmap it could not
 * allocate in hwloc_topology_load and in hwloc_linux_set_tid_cpubind),
 * and the library must return a status instead.  Every allocation here
 * is checked.
 *
 * A process-wide record of the cores the library's threads hold, under
 * a lock, lets concurrent callers spread their threads over free cores
 * instead of each binding its first thread to the first core.
 */
#ifndef TS_TOPO_SYS_H
#define TS_TOPO_SYS_H

#include <sched.h>
#include <stdbool.h>
#include <stdint.h>

/* The cores meeting this process's affinity mask, each as its CPUs. */
struct ts_sys_cores {
	unsigned	 n;
	cpu_set_t	*core;		/* n of them */
	int		*first;		/* each core's lowest CPU */
};

/*
 * Group the CPUs of this process's affinity mask by core (sysfs
 * core_cpus_list, or thread_siblings_list; a CPU without either is a
 * core of its own).  Return 0, or -1 with errno (ENOMEM) and c empty.
 */
int	 ts_sys_cores_read(struct ts_sys_cores *c);
void	 ts_sys_cores_free(struct ts_sys_cores *c);

/*
 * Claim a core for the calling thread: the one of c that the library's
 * threads hold least (the first such), bound with sched_setaffinity.
 * Return its index, or -1 when binding failed (nothing held then);
 * *alone says whether no other thread held it.
 */
int	 ts_sys_core_claim(const struct ts_sys_cores *c, bool *alone);
/* Give back a core that ts_sys_core_claim returned. */
void	 ts_sys_core_release(const struct ts_sys_cores *c, int index);

/*
 * The largest cache of the deepest level among this process's CPUs
 * (unified, or data at level 1), in bytes; 0 when sysfs tells none.
 */
uint64_t ts_sys_llc_bytes(void);

/* The machine's memory (MemTotal of /proc/meminfo), bytes; 0: unknown. */
uint64_t ts_sys_mem_bytes(void);

#endif /* TS_TOPO_SYS_H */
