/* SPDX-License-Identifier: MIT */
/* NUMA nodes, their cores and memory placement (see topo-numa.h). */
#include <config.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <hwloc.h>

#include "topo/topo-impl.h"
#include "topo/topo-numa.h"
#include "topo/topo.h"

/* The index in os[0..n) of node number os_index, or -1. */
static int
plan_index(const unsigned *os, unsigned n, unsigned os_index)
{
	unsigned i;

	for (i = 0; i < n; i++)
		if (os[i] == os_index)
			return (int)i;
	return -1;
}

int
ts_numa_plan(const struct ts_topo *t, struct ts_numa_plan *p, char *err,
    size_t errlen)
{
	hwloc_obj_t node;
	unsigned os[TS_NUMA_MAX_NODES], i, n = 0, total;
	int k;

	memset(p, 0, sizeof *p);
	total = (unsigned)hwloc_get_nbobjs_by_type(t->topology,
	    HWLOC_OBJ_NUMANODE);
	for (i = 0; i < total; i++) {
		node = hwloc_get_obj_by_type(t->topology, HWLOC_OBJ_NUMANODE,
		    i);
		if (node == NULL)
			continue;
		if (n == TS_NUMA_MAX_NODES) {
			p->omitted++;
			continue;
		}
		os[n] = node->os_index;
		p->node[n].os_index = node->os_index;
		p->node[n].memory = node->attr != NULL ?
		    node->attr->numanode.local_memory : 0;
		n++;
	}
	if (n == 0) {
		/* No node shown: one node, every core, the machine's memory. */
		os[0] = 0;
		p->node[0].memory = ts_topo_memory(t);
		n = 1;
	}
	p->nnodes = n;
	p->ncores = t->ncores;
	p->core_node = calloc(t->ncores ? t->ncores : 1, sizeof *p->core_node);
	if (p->core_node == NULL) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (i = 0; i < t->ncores; i++) {
		hwloc_obj_t c = t->cores[i];
		unsigned j;

		p->core_node[i] = 0;
		if (total == 0 || c->nodeset == NULL)
			continue;
		j = hwloc_bitmap_first(c->nodeset) < 0 ? 0 :
		    (unsigned)hwloc_bitmap_first(c->nodeset);
		k = plan_index(os, n, j);
		p->core_node[i] = k < 0 ? 0 : (unsigned)k;
	}
	for (i = 0; i < t->ncores; i++) {
		struct ts_numa_node *nd = &p->node[p->core_node[i]];

		if (nd->ncores++ == 0)
			nd->first_core = i;
	}
	return 0;
}

void
ts_numa_plan_free(struct ts_numa_plan *p)
{
	free(p->core_node);
	p->core_node = NULL;
}

unsigned
ts_numa_core(const struct ts_numa_plan *p, unsigned node, unsigned n)
{
	unsigned i;

	for (i = 0; i < p->ncores; i++)
		if (p->core_node[i] == node && n-- == 0)
			return i;
	return p->node[node].first_core;
}

int
ts_numa_bind_memory(const struct ts_topo *t, const struct ts_numa_plan *p,
    int node, char *err, size_t errlen)
{
	hwloc_nodeset_t set;
	int rc;

	if (!ts_topo_is_this_machine(t)) {
		snprintf(err, errlen, "the topology is not this machine's");
		return -1;
	}
	if (node < 0) {
		rc = hwloc_set_membind(t->topology,
		    hwloc_topology_get_topology_nodeset(t->topology),
		    HWLOC_MEMBIND_DEFAULT, HWLOC_MEMBIND_THREAD |
		    HWLOC_MEMBIND_BYNODESET);
	} else {
		if ((unsigned)node >= p->nnodes) {
			snprintf(err, errlen, "no NUMA node %d", node);
			return -1;
		}
		set = hwloc_bitmap_alloc();
		if (set == NULL) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		hwloc_bitmap_only(set, p->node[node].os_index);
		rc = hwloc_set_membind(t->topology, set, HWLOC_MEMBIND_BIND,
		    HWLOC_MEMBIND_THREAD | HWLOC_MEMBIND_BYNODESET |
		    HWLOC_MEMBIND_STRICT);
		hwloc_bitmap_free(set);
	}
	if (rc == -1) {
		snprintf(err, errlen, "memory binding to node %d refused: %s",
		    node, strerror(errno));
		return -1;
	}
	return 0;
}
