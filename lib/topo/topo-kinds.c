/* SPDX-License-Identifier: MIT */
/* The pass planner for CPU kinds (see topo-kinds.h). */
#include <config.h>

#include <string.h>

#include "topo/topo-kinds.h"

/* Index into plan->kinds of the kind ranked rank, or -1. */
static int
slot_of(const struct ts_kind_plan *plan, int rank)
{
	unsigned i;

	for (i = 0; i < plan->nkinds; i++)
		if (plan->kinds[i].rank == rank)
			return (int)i;
	return -1;
}

unsigned
ts_kinds_plan(const struct ts_kind *kinds, unsigned nkinds,
    const int *core_kind, unsigned ncores, unsigned threads,
    struct ts_kind_plan *plan)
{
	struct ts_kind k;
	unsigned i, j, c;
	int s;

	memset(plan, 0, sizeof *plan);
	plan->threads = threads;
	/* Keep the kinds some allowed core has, most performant first. */
	for (i = 0; i < nkinds && plan->nkinds < TS_KINDS_MAX; i++) {
		k = kinds[i];
		k.ncores = 0;
		for (c = 0; c < ncores; c++)
			if (core_kind[c] == k.rank) {
				if (k.ncores++ == 0)
					k.core = c;
			}
		if (k.ncores == 0 || slot_of(plan, k.rank) != -1)
			continue;
		for (j = plan->nkinds; j > 0 &&
		    plan->kinds[j - 1].rank < k.rank; j--)
			plan->kinds[j] = plan->kinds[j - 1];
		plan->kinds[j] = k;
		plan->nkinds++;
	}
	if (plan->nkinds < 2) {
		plan->nkinds = 0;
		return 0;
	}
	for (i = 0; i < threads && ncores > 0; i++)
		if ((s = slot_of(plan, core_kind[i % ncores])) != -1)
			plan->multi_workers[s]++;
	return plan->nkinds;
}

const struct ts_kind *
ts_kinds_find(const struct ts_kind_plan *plan, const char *name)
{
	unsigned i;

	for (i = 0; i < plan->nkinds; i++)
		if (strcmp(plan->kinds[i].name, name) == 0)
			return &plan->kinds[i];
	return NULL;
}
