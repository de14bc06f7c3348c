/* SPDX-License-Identifier: MIT */
/*
 * lib/topo/topo-numa.c: the plan of nodes and their cores on hwloc XML
 * fixtures of one, two and four NUMA nodes (never this host's topology).
 */
#include <config.h>

#include <stdlib.h>

#include "tap.h"
#include "topo-fixture.h"
#include "topo/topo-numa.h"

static void
plan(const char *xml, unsigned nodes, unsigned cores_each)
{
	struct ts_numa_plan p;
	struct ts_topo *t;
	char err[256];
	unsigned i, total = 0;
	bool ascending = true;

	if ((t = open_xml(xml)) == NULL) {
		ok(0, "%s opens", xml);
		return;
	}
	if (!ok(ts_numa_plan(t, &p, err, sizeof err) == 0, "%s: planned",
	    xml)) {
		diag("%s", err);
		ts_topo_close(t);
		return;
	}
	is_int(p.nnodes, nodes, "node count");
	for (i = 0; i < p.nnodes; i++) {
		total += p.node[i].ncores;
		if (p.node[i].ncores != cores_each)
			diag("node %u: %u cores", i, p.node[i].ncores);
		if (i > 0 && p.node[i].os_index <= p.node[i - 1].os_index)
			ascending = false;
	}
	is_int(total, p.ncores, "every core in one node");
	ok(p.node[p.nnodes - 1].ncores == cores_each &&
	    p.node[0].ncores == cores_each, "%u cores per node", cores_each);
	ok(ascending, "nodes in hwloc's order, distinct numbers");
	for (i = 0; i < p.nnodes; i++)
		if (p.core_node[ts_numa_core(&p, i, 0)] != i ||
		    ts_numa_core(&p, i, 0) != p.node[i].first_core)
			break;
	ok(i == p.nnodes, "each node's first core is its own");
	if (p.nnodes > 1)
		ok(ts_numa_core(&p, 1, 1) == p.node[1].first_core + 1,
		    "a node's cores are counted in its own order");
	ok(ts_numa_bind_memory(t, &p, 0, err, sizeof err) == -1,
	    "no memory binding on a topology that is not this machine's");
	ts_numa_plan_free(&p);
	ts_topo_close(t);
}

int
main(void)
{
	plan("epyc-vm.xml", 1, 2);
	plan("numa-2node.xml", 2, 4);
	plan("numa-4node.xml", 4, 2);
	return done_testing();
}
