/* SPDX-License-Identifier: MIT */
/*
 * Two disjoint CPU sets of whole cores (topo-split.h).
 */
#include <config.h>

#include <hwloc.h>
#include <sched.h>

#include "topo/topo-impl.h"
#include "topo/topo-split.h"

/* Put the first half (rounded down) of the n CPUs of cpus in a. */
static unsigned
halves(const int *cpus, unsigned n, cpu_set_t *a, cpu_set_t *b)
{
	unsigned i;

	for (i = 0; i < n; i++)
		CPU_SET(cpus[i], i < n / 2 ? a : b);
	return n / 2;
}

/* The CPUs of set (an hwloc bitmap) that fit a cpu_set_t, in order. */
static unsigned
list(hwloc_const_bitmap_t set, int *out, unsigned max)
{
	unsigned n = 0;
	int i;

	hwloc_bitmap_foreach_begin(i, set)
		if (n < max && i < CPU_SETSIZE)
			out[n++] = i;
	hwloc_bitmap_foreach_end();
	return n;
}

unsigned
ts_topo_split(const struct ts_topo *t, cpu_set_t *a, cpu_set_t *b)
{
	int cpus[CPU_SETSIZE];
	unsigned i, n = 0, k, ca = 0, cb = 0;
	hwloc_bitmap_t set;
	cpu_set_t mine;

	CPU_ZERO(a);
	CPU_ZERO(b);
	if (t == NULL || t->ncores == 0) {
		CPU_ZERO(&mine);
		if (sched_getaffinity(0, sizeof mine, &mine) == -1)
			return 0;
		for (i = 0; i < CPU_SETSIZE; i++)
			if (CPU_ISSET(i, &mine))
				cpus[n++] = (int)i;
		return halves(cpus, n, a, b);
	}
	set = hwloc_bitmap_alloc();
	if (t->ncores == 1) {
		hwloc_bitmap_and(set, t->cores[0]->cpuset, t->allowed);
		n = list(set, cpus, CPU_SETSIZE);
		hwloc_bitmap_free(set);
		return halves(cpus, n, a, b);
	}
	for (i = 0; i < t->ncores; i++) {
		hwloc_bitmap_and(set, t->cores[i]->cpuset, t->allowed);
		n = list(set, cpus, CPU_SETSIZE);
		for (k = 0; k < n; k++)
			CPU_SET(cpus[k], i < t->ncores / 2 ? a : b);
		if (i < t->ncores / 2)
			ca += n;
		else
			cb += n;
	}
	hwloc_bitmap_free(set);
	return ca < cb ? ca : cb;
}
