/* SPDX-License-Identifier: MIT */
/*
 * The CPU-kind planner (lib/topo/topo-kinds.c): by itself on made-up cores,
 * and on the hwloc XML fixtures through lib/topo/topo.c, never this host's
 * topology.
 */
#include <config.h>

#include <stdlib.h>

#include "tap.h"
#include "topo-fixture.h"
#include "topo/topo-kinds.h"
#include "topo/topo.h"

/* A kind with only the planner's inputs set. */
static struct ts_kind
kind(const char *name, int rank)
{
	struct ts_kind k = { .rank = rank, .efficiency = rank };

	snprintf(k.name, sizeof k.name, "%s", name);
	return k;
}

static void
pure(void)
{
	struct ts_kind ks[3];
	struct ts_kind_plan plan;
	int cores[6] = { 0, 0, 1, 1, -1, 0 };

	ks[0] = kind("little", 0);
	ks[1] = kind("big", 1);
	is_int(ts_kinds_plan(ks, 2, cores, 6, 4, &plan), 2,
	    "pure: two kinds");
	is_str(plan.kinds[0].name, "big", "pure: the performance kind first");
	is_int(plan.kinds[0].core, 2, "pure: big's first core is core 2");
	is_int(plan.kinds[0].ncores, 2, "pure: two big cores");
	is_int(plan.kinds[1].core, 0, "pure: little's first core is core 0");
	is_int(plan.kinds[1].ncores, 3, "pure: three little cores");
	is_int(plan.multi_workers[0], 2, "pure: 4 workers, 2 on big");
	is_int(plan.multi_workers[1], 2, "pure: 4 workers, 2 on little");
	ok(ts_kinds_find(&plan, "little") == &plan.kinds[1] &&
	    ts_kinds_find(&plan, "medium") == NULL, "pure: find by name");

	is_int(ts_kinds_plan(ks, 2, cores, 2, 2, &plan), 0,
	    "pure: kinds without allowed cores do not count");
	is_int(plan.nkinds, 0, "pure: one kind left, no plan");
	is_int(ts_kinds_plan(ks, 1, cores, 6, 2, &plan), 0,
	    "pure: one kind, no plan");
	is_int(ts_kinds_plan(ks, 0, cores, 6, 2, &plan), 0,
	    "pure: no kinds, no plan");
}

static void
hybrid(void)
{
	struct ts_kind_plan plan;
	struct ts_topo *t = open_xml("hybrid-4p4e.xml");

	if (!ok(t != NULL, "4P+4E fixture loads"))
		return;
	is_int(ts_topo_kind_plan(t, 8, &plan), 2, "4P+4E: two kinds");
	is_str(plan.kinds[0].name, "IntelCore", "4P+4E: P cores first");
	is_int(plan.kinds[0].core, 0, "4P+4E: single thread on core 0");
	is_str(plan.kinds[0].cpus, "0", "4P+4E: which is CPU 0");
	is_int(plan.kinds[0].ncores, 4, "4P+4E: four P cores");
	is_int(plan.kinds[0].rank, 1, "4P+4E: hwloc ranks P cores 1");
	is_str(plan.kinds[1].name, "IntelAtom", "4P+4E: E cores second");
	is_int(plan.kinds[1].core, 4, "4P+4E: E pass on core 4");
	is_str(plan.kinds[1].cpus, "4", "4P+4E: which is CPU 4");
	is_int(plan.multi_workers[0], 4, "4P+4E: 8 workers, 4 on P");
	is_int(plan.multi_workers[1], 4, "4P+4E: 8 workers, 4 on E");
	ts_topo_kind_plan(t, 3, &plan);
	ok(plan.multi_workers[0] == 3 && plan.multi_workers[1] == 0,
	    "4P+4E: 3 workers all on P cores 0-2");
	ts_topo_kind_plan(t, 12, &plan);
	ok(plan.multi_workers[0] == 8 && plan.multi_workers[1] == 4,
	    "4P+4E: 12 workers wrap around, 8 on P and 4 on E");
	ok(!ts_topo_is_this_machine(t), "4P+4E: not this machine's topology");
	ok(ts_topo_bind_exact(t, 0) == -1,
	    "4P+4E: an exact bind to a fixture's core fails");
	ts_topo_close(t);
}

static void
three(void)
{
	struct ts_kind_plan plan;
	struct ts_topo *t = open_xml("arm-3kinds.xml");

	if (!ok(t != NULL, "three-kind fixture loads"))
		return;
	is_int(ts_topo_kind_plan(t, 8, &plan), 3, "3 kinds: three kinds");
	is_str(plan.kinds[0].name, "kind2", "3 kinds: unnamed kinds by rank");
	is_int(plan.kinds[0].efficiency, 2, "3 kinds: big first");
	is_int(plan.kinds[0].core, 6, "3 kinds: big pass on core 6");
	is_str(plan.kinds[0].cpus, "6", "3 kinds: which is CPU 6");
	is_int(plan.kinds[1].core, 4, "3 kinds: middle pass on core 4");
	is_int(plan.kinds[1].ncores, 2, "3 kinds: two middle cores");
	is_int(plan.kinds[2].core, 0, "3 kinds: little pass on core 0");
	is_int(plan.kinds[2].ncores, 4, "3 kinds: four little cores");
	ok(plan.multi_workers[0] == 2 && plan.multi_workers[1] == 2 &&
	    plan.multi_workers[2] == 4, "3 kinds: 8 workers as 2, 2, 4");
	ts_topo_kind_plan(t, 2, &plan);
	ok(plan.multi_workers[0] == 0 && plan.multi_workers[1] == 0 &&
	    plan.multi_workers[2] == 2, "3 kinds: 2 workers on little cores");
	ts_topo_close(t);
}

static void
homogeneous(void)
{
	struct ts_kind_plan plan;
	struct ts_topo *t = open_xml("server-2s.xml");

	if (!ok(t != NULL, "two-socket fixture loads"))
		return;
	is_int(ts_topo_kind_plan(t, 16, &plan), 0, "server: no plan");
	ts_topo_close(t);
}

int
main(void)
{
	pure();
	hybrid();
	three();
	homogeneous();
	return done_testing();
}
