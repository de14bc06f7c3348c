/* SPDX-License-Identifier: MIT */
/*
 * A synthetic machine for the tests of lib/mem/: chases whose cost is
 * the data's latency plus the page walks, measured by a ts_residency_fn.
 * Header-only, like tap.h.
 */
#ifndef TS_MEM_HOST_H
#define TS_MEM_HOST_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>

#include "mem/mem-residency.h"
#include "size.h"

#define MIB	TS_MIB

/*
 * A synthetic machine.  A load costs its data's latency (ns_cache while
 * the data footprint fits in `cache` bytes, ns_dram beyond it) plus the
 * page walk its page visit needs, shared by the loads of one visit.  The
 * walk grows by walk_step ns per doubling of the page footprint past
 * tlb_reach, as nested paging does on a VM.
 */
struct host {
	uint64_t	cache, tlb_reach;
	double		ns_cache, ns_dram, walk_step;
	int		calls;		/* measurements made */
	int		fail;		/* make every measurement fail */
	double		clock;		/* fake seconds, for auto's limit */
	double		cost_per_gib;	/* fake seconds a measurement costs */
};

/* This VM kind: caches end near 12 MiB, walks keep growing after. */
static const struct host vm __attribute__((unused)) = { 12 * MIB,
	8 * MIB, 7, 52, 40, 0, 0, 0, 0 };

/* The walk cost of a page footprint, ns. */
static __attribute__((unused)) double
walk_ns(const struct host *h, uint64_t pages_bytes)
{
	return pages_bytes <= h->tlb_reach ? 0 : h->walk_step *
	    log2((double)pages_bytes / (double)h->tlb_reach);
}

/* ns per load of a chase over `bytes` making `loads` loads per page. */
static __attribute__((unused)) double
chase_ns(const struct host *h, uint64_t bytes, double loads)
{
	double data = bytes <= h->cache ? h->ns_cache : h->ns_dram;

	return data + walk_ns(h, bytes) / loads;
}

/* A random one-line-per-node chase: one load per page visit. */
static __attribute__((unused)) double
random_ns(const struct host *h, uint64_t bytes)
{
	return chase_ns(h, bytes, 1);
}

/* The ts_residency_fn of a synthetic machine: page-local chases. */
static __attribute__((unused)) int
host_measure(void *arg, const uint64_t *small, size_t n, uint64_t large,
    double *ns_small, double *ns_large, char *err, size_t errlen)
{
	struct host *h = arg;
	size_t i;

	h->calls++;
	h->clock += h->cost_per_gib * (double)large / (double)(1024 * MIB);
	if (h->fail) {
		snprintf(err, errlen, "cannot map %llu MiB",
		    (unsigned long long)(large / MIB));
		return -1;
	}
	for (i = 0; i < n; i++)
		ns_small[i] = chase_ns(h, small[i], 64);
	*ns_large = chase_ns(h, large, 64);
	return 0;
}

#endif /* TS_MEM_HOST_H */
