/* SPDX-License-Identifier: MIT */
/*
 * The cache check and the automatic working set (see cachecheck.h).  The
 * decisions are pure functions of latencies, so the tests can feed them
 * synthetic curves; ts_quick_latency_pair supplies real ones.
 */
#include <config.h>

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cachecheck.h"
#include "probe.h"

uint64_t
ts_mem_available(void)
{
	unsigned long long kb;
	char line[256];
	uint64_t bytes = 0;
	FILE *f;

	if ((f = fopen("/proc/meminfo", "r")) == NULL)
		return 0;
	while (fgets(line, sizeof line, f) != NULL)
		if (sscanf(line, "MemAvailable: %llu kB", &kb) == 1) {
			bytes = (uint64_t)kb * 1024;
			break;
		}
	fclose(f);
	return bytes;
}

uint64_t
ts_cache_mem_bound(uint64_t hwloc_bytes, uint64_t avail_bytes)
{
	uint64_t m = hwloc_bytes;

	if (m == 0 || (avail_bytes != 0 && avail_bytes < m))
		m = avail_bytes;
	return m / 2;
}

int
ts_cache_in_cache(double ns_chosen, double ns_larger)
{
	return ns_larger > ns_chosen * TS_CACHE_SLOWER;
}

/* Round down to a whole number of 64-byte lines. */
static uint64_t
lines(uint64_t bytes)
{
	return bytes / 64 * 64;
}

uint64_t
ts_cache_larger_size(uint64_t total, const struct ts_cache_bounds *b)
{
	uint64_t r, room;

	if (total == 0 || total > TS_PROBE_MAX_BYTES / 2)
		return 0;
	r = total * 4 > TS_CHECK_FLOOR ? total * 4 : TS_CHECK_FLOOR;
	if (b->llc_bytes != 0 && r / 4 > b->llc_bytes)
		r = b->llc_bytes * 4;
	/* Both chains exist at once while they are measured in turn. */
	if (b->mem_bytes != 0) {
		room = b->mem_bytes > total ? b->mem_bytes - total : 0;
		if (r > room)
			r = room;
	}
	if (r > TS_PROBE_MAX_BYTES)
		r = TS_PROBE_MAX_BYTES;
	r = lines(r);
	return r >= total * 2 ? r : 0;
}

int
ts_cache_check(uint64_t bytes_per_thread, unsigned threads,
    const struct ts_cache_bounds *b, ts_latency_pair_fn measure, void *arg,
    struct ts_cache_report *rep)
{
	uint64_t total = bytes_per_thread * threads;
	double ns_chosen, ns_larger;

	memset(rep, 0, sizeof *rep);
	rep->chosen_bytes = total;
	rep->verdict = TS_CACHE_SKIPPED;
	if (threads == 0 || (rep->larger_bytes = ts_cache_larger_size(total,
	    b)) == 0)
		return 0;
	if (measure(arg, total, rep->larger_bytes, &rep->ns_chosen,
	    &rep->ns_larger) == -1)
		return -1;
	rep->verdict = TS_CACHE_CLEAR;
	rep->suggest_bytes = (rep->larger_bytes / threads + TS_MIB - 1) /
	    TS_MIB * TS_MIB;
	if (!ts_cache_in_cache(rep->ns_chosen, rep->ns_larger))
		return 0;
	/*
	 * A warning must not rest on one noisy pair: measure again, and
	 * report the lower latency of each size.  When both pairs say
	 * cache, so do those minima.
	 */
	if (measure(arg, total, rep->larger_bytes, &ns_chosen,
	    &ns_larger) == -1)
		return -1;
	if (ts_cache_in_cache(ns_chosen, ns_larger))
		rep->verdict = TS_CACHE_IN_CACHE;
	if (ns_chosen < rep->ns_chosen)
		rep->ns_chosen = ns_chosen;
	if (ns_larger < rep->ns_larger)
		rep->ns_larger = ns_larger;
	return 0;
}

void
ts_auto_range(unsigned threads, const struct ts_cache_bounds *b,
    uint64_t *start, uint64_t *end)
{
	uint64_t lo = TS_AUTO_START, hi = TS_PROBE_MAX_BYTES / threads;

	if (b->llc_bytes != 0 && b->llc_bytes * 4 / threads < hi)
		hi = b->llc_bytes * 4 / threads;
	if (b->mem_bytes != 0 && b->mem_bytes / threads < hi)
		hi = b->mem_bytes / threads;
	/* Memory, not the cache, may push the start below 64 MiB. */
	if (b->mem_bytes != 0 && b->mem_bytes / threads < lo)
		lo = b->mem_bytes / threads;
	lo = lo / TS_MIB * TS_MIB;
	if (lo < TS_MIB)
		lo = TS_MIB;
	hi = hi / TS_MIB * TS_MIB;
	*start = lo;
	*end = hi > lo ? hi : lo;
}

int
ts_auto_size(unsigned threads, const struct ts_cache_bounds *b,
    ts_latency_pair_fn measure, void *arg, uint64_t *bytes_per_thread,
    unsigned *steps)
{
	uint64_t w, end, next;
	double ns_w, ns_next;

	*steps = 0;
	ts_auto_range(threads, b, &w, &end);
	while (w < end) {
		next = w * 2 < end ? w * 2 : end;
		if (measure(arg, w * threads, next * threads, &ns_w,
		    &ns_next) == -1)
			return -1;
		++*steps;
		if (ns_next <= ns_w * TS_AUTO_FLAT)
			break;
		w = next;
	}
	*bytes_per_thread = w;
	return 0;
}

/*
 * One turn on an open single-thread probe: lower *best to the latency of
 * its fastest batch (ns), which preemption and bursts cannot inflate.
 */
static int
turn(struct ts_probe *p, double seconds, double *best, struct ts_quick *q)
{
	struct ts_probe_result r;
	double ns;

	if (ts_probe_measure(p, seconds, &r, q->err, q->errlen) == -1)
		return -1;
	ns = r.best_ns_per_access;
	if (*best == 0 || ns < *best)
		*best = ns;
	return 0;
}

int
ts_quick_latency_pair(void *arg, uint64_t a_bytes, uint64_t b_bytes,
    double *ns_a, double *ns_b)
{
	struct ts_quick *q = arg;
	struct ts_probe_config cfg;
	struct ts_probe *pa = NULL, *pb;
	bool warm;
	int i, rc = -1;

	memset(&cfg, 0, sizeof cfg);
	cfg.seconds = q->seconds / TS_QUICK_ROUNDS;
	cfg.threads = 1;
	cfg.seed = q->seed;
	cfg.stride = TS_PROBE_LINE_STRIDE;
	cfg.huge_pages = true;
	/* The larger chain first, so building it cannot evict the smaller. */
	cfg.working_set_bytes = b_bytes;
	if ((pb = ts_probe_open(&cfg, q->err, q->errlen)) == NULL)
		return -1;
	cfg.working_set_bytes = a_bytes;
	if ((pa = ts_probe_open(&cfg, q->err, q->errlen)) == NULL)
		goto out;
	warm = q->warm_bytes == 0 || a_bytes <= q->warm_bytes;
	*ns_a = *ns_b = 0;
	/* Interleaved, so that a change in the host's load hits both. */
	for (i = 0; i < TS_QUICK_ROUNDS; i++) {
		if ((warm && ts_probe_warm(pa, TS_QUICK_WARM_MAX, NULL,
		    q->err, q->errlen) == -1) ||
		    turn(pa, cfg.seconds, ns_a, q) == -1 ||
		    turn(pb, cfg.seconds, ns_b, q) == -1)
			goto out;
		/* Warm, a reads like b: a is not in cache, stop warming it. */
		if (*ns_b <= *ns_a * TS_AUTO_FLAT)
			warm = false;
	}
	rc = 0;
out:
	ts_probe_close(pa);
	ts_probe_close(pb);
	return rc;
}
