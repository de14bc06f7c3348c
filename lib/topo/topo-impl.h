/* SPDX-License-Identifier: MIT */
/*
 * The inside of struct ts_topo, for the files of lib/topo/ alone: the
 * rest of the package sees the opaque type of topo.h.
 */
#ifndef TS_TOPO_IMPL_H
#define TS_TOPO_IMPL_H

#include <hwloc.h>

struct ts_topo {
	hwloc_topology_t	 topology;
	hwloc_cpuset_t		 allowed;	/* the process's CPU binding */
	hwloc_obj_t		*cores;		/* cores meeting `allowed` */
	unsigned		 ncores;
};

#endif /* TS_TOPO_IMPL_H */
