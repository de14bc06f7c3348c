/* SPDX-License-Identifier: MIT */
/*
 * The cache-residency test (see mem-residency.h): the rule, the sizes, the
 * confirmation, and the page-local measurement inside one mapping.
 */
#include <config.h>

#include <sys/mman.h>

#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mem/mem-chase.h"
#include "mem/mem-map.h"
#include "mem/mem-residency.h"
#include "mem/mem-probe.h"
#include "rng.h"
#include "topo/topo-cpus.h"
#include "util.h"

#define GROUP		TS_CHASE_GROUP_BYTES
/* Timed rounds per measurement, each chase once per round. */
#define ROUNDS		3
/* The longest warm-up lap of a chase before it is timed, in loads. */
#define WARM_LOADS	(UINT64_C(1) << 20)
/* The mapping's largest size: a sanity bound, not a policy. */
#define LARGE_MAX	(UINT64_C(1) << 40)

/*
 * Where the final cursors go, so that no chase is dead code; atomic, as
 * tests on several threads (libtachyon-probe's callers) may write it.
 */
static atomic_uint_least64_t residency_sink;

bool
ts_residency_cached(double ns_small, double ns_large)
{
	return ns_large > ns_small * TS_RESIDENCY_SLOWER;
}

const char *
ts_residency_name(enum ts_residency_verdict v)
{
	switch (v) {
	case TS_RESIDENCY_CLEAR:
		return "clear";
	case TS_RESIDENCY_CACHE:
		return "cache";
	default:
		return "skipped";
	}
}

uint64_t
ts_residency_large(uint64_t small, uint64_t llc, uint64_t room)
{
	uint64_t r;

	if (small == 0 || small > LARGE_MAX / TS_RESIDENCY_FACTOR)
		return 0;
	r = small * TS_RESIDENCY_FACTOR;
	if (r < TS_RESIDENCY_FLOOR)
		r = TS_RESIDENCY_FLOOR;
	/* hwloc's size bounds the cache from above: twice it is past it. */
	if (llc != 0 && llc <= LARGE_MAX / 4 && r < llc * 2)
		r = llc * 2;
	if (llc != 0 && llc <= LARGE_MAX / 4 && r > llc * 4)
		r = llc * 4;
	if (room != 0 && r > room)
		r = room;
	r = r / GROUP * GROUP;
	return r >= small * 2 ? r : 0;
}

/* Mark every outcome skipped, with one reason. */
static void
skip_all(struct ts_residency *out, size_t n, bool failed, const char *reason)
{
	size_t i;

	for (i = 0; i < n; i++) {
		out[i].verdict = TS_RESIDENCY_SKIPPED;
		out[i].failed = failed;
		snprintf(out[i].reason, sizeof out[i].reason, "%s", reason);
	}
}

void
ts_residency_test(const uint64_t *small, size_t n, uint64_t large,
    ts_residency_fn measure, void *arg, struct ts_residency *out)
{
	double ns[TS_RESIDENCY_MAX_SMALL], nl, t0 = ts_now();
	char err[sizeof out->reason];
	bool again = false;
	size_t i;

	memset(out, 0, n * sizeof *out);
	for (i = 0; i < n; i++) {
		out[i].small_bytes = small[i];
		out[i].large_bytes = large;
	}
	if (n == 0 || n > TS_RESIDENCY_MAX_SMALL) {
		skip_all(out, n, false, "too many footprints for one test");
		return;
	}
	for (i = 0; i < n; i++)
		if (small[i] == 0 || small[i] * 2 > large) {
			skip_all(out, n, false,
			    "no larger footprint to test against");
			return;
		}
	err[0] = '\0';
	if (measure(arg, small, n, large, ns, &nl, err, sizeof err) == -1) {
		skip_all(out, n, true, err);
		goto out;
	}
	for (i = 0; i < n; i++) {
		out[i].ns_small = ns[i];
		out[i].ns_large = nl;
		out[i].measurements = 1;
		out[i].verdict = ts_residency_cached(ns[i], nl) ?
		    TS_RESIDENCY_CACHE : TS_RESIDENCY_CLEAR;
		again |= out[i].verdict == TS_RESIDENCY_CACHE;
	}
	if (!again)
		goto out;
	/*
	 * A "cache" must not rest on one noisy measurement: measure again
	 * and keep it only if the second agrees.  When both agree, so do
	 * the lowest latencies of each chase, which are kept.
	 */
	if (measure(arg, small, n, large, ns, &nl, err, sizeof err) == -1) {
		skip_all(out, n, true, err);
		goto out;
	}
	for (i = 0; i < n; i++) {
		out[i].measurements = 2;
		if (out[i].verdict == TS_RESIDENCY_CACHE &&
		    !ts_residency_cached(ns[i], nl))
			out[i].verdict = TS_RESIDENCY_CLEAR;
		if (ns[i] < out[i].ns_small)
			out[i].ns_small = ns[i];
		if (nl < out[i].ns_large)
			out[i].ns_large = nl;
	}
out:
	for (i = 0; i < n; i++)
		out[i].seconds = ts_now() - t0;
}

/* CPUs this process may run on, to populate the mapping with. */
static unsigned
usable_cpus(void)
{
	struct ts_cpus c;

	ts_cpus_probe(&c);
	return c.usable;
}

/* One chase being timed: its cursor, its length and its best batch. */
struct chase {
	uint64_t	p;
	uint64_t	loads;		/* loads in one lap */
	double		best;		/* ns per load, 0 = none yet */
};

/* Warm a chase with (at most) a lap if asked, then time it for secs. */
static void
turn(const uint64_t *w, struct chase *c, bool warm, double secs)
{
	double t0, t1, end, ns;
	uint64_t p = c->p;

	if (warm)
		p = ts_chase_follow(w, p, c->loads < WARM_LOADS ? c->loads :
		    WARM_LOADS);
	t0 = ts_now();
	end = t0 + secs;
	do {
		p = ts_chase_follow(w, p, TS_PROBE_BATCH);
		t1 = ts_now();
		ns = (t1 - t0) / TS_PROBE_BATCH * 1e9;
		if (c->best == 0 || ns < c->best)
			c->best = ns;
		t0 = t1;
	} while (t1 < end);
	c->p = p;
}

int
ts_residency_measure(void *arg, const uint64_t *small, size_t n,
    uint64_t large, double *ns_small, double *ns_large, char *err,
    size_t errlen)
{
	const struct ts_residency_cfg *cfg = arg;
	struct chase c[TS_RESIDENCY_MAX_SMALL + 1];
	uint64_t ngroups = large / GROUP, *groups, *w, k, sink = 0;
	struct ts_rng rng;
	size_t i, r;

	/* On 32 bits a size past one mapping's would wrap as a size_t. */
	if (n > TS_RESIDENCY_MAX_SMALL || large < GROUP || large > LARGE_MAX ||
	    large > TS_MAP_MAX_BYTES) {
		snprintf(err, errlen, "cannot test %llu bytes",
		    (unsigned long long)large);
		return -1;
	}
	if ((w = ts_map_populated_by(large, TS_PAGES_HUGE,
	    usable_cpus())) == NULL) {
		snprintf(err, errlen, "cannot map %llu MiB to test against: %s",
		    (unsigned long long)(large >> 20), strerror(errno));
		return -1;
	}
	if ((groups = malloc(ngroups * sizeof *groups)) == NULL) {
		munmap(w, large);
		snprintf(err, errlen, "out of memory for %llu page groups",
		    (unsigned long long)ngroups);
		return -1;
	}
	for (k = 0; k < ngroups; k++)
		groups[k] = k;
	ts_rng_seed(&rng, cfg->seed);
	ts_rng_shuffle_u64(&rng, groups, (size_t)ngroups);
	/*
	 * Word 0 of every line: the whole mapping.  Word i + 1: the first
	 * groups of the same random order, as many as small[i] fills, so
	 * each smaller footprint is a random selection of the mapping.
	 */
	memset(c, 0, sizeof c);
	c[n].p = ts_chase_link_local(w, large / 64, groups, ngroups, 0, &rng);
	c[n].loads = large / 64;
	for (i = 0; i < n; i++) {
		k = (small[i] + GROUP - 1) / GROUP;
		if (k > ngroups)
			k = ngroups;
		ts_rng_shuffle_u64(&rng, groups, (size_t)k);
		c[i].p = ts_chase_link_local(w, large / 64, groups, k,
		    (unsigned)i + 1, &rng);
		c[i].loads = k * TS_CHASE_GROUP_LINES;
	}
	free(groups);
	/*
	 * Interleaved, so that a change in the host's load hits every chase.
	 * A chase that reads like the whole mapping gains nothing from
	 * warming after the first round, so only the others are warmed.
	 */
	for (r = 0; r < ROUNDS; r++)
		for (i = 0; i <= n; i++)
			turn(w, &c[i], r == 0 || (i < n &&
			    ts_residency_cached(c[i].best, c[n].best)),
			    cfg->seconds / ROUNDS);
	for (i = 0; i < n; i++) {
		ns_small[i] = c[i].best;
		sink ^= c[i].p;
	}
	*ns_large = c[n].best;
	atomic_store_explicit(&residency_sink, sink ^ c[n].p,
	    memory_order_relaxed);
	munmap(w, large);
	return 0;
}
