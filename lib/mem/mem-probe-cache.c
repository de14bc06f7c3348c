/* SPDX-License-Identifier: MIT */
/*
 * tachyon's cache check and automatic working set (see probe-cache.h):
 * sizes and bounds around the residency test.  The decisions depend only
 * on what the measure function returns, so the tests can feed them
 * synthetic machines.
 */
#include <config.h>

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "mem/mem-probe-cache.h"
#include "mem/mem-probe.h"
#include "util.h"

uint64_t
ts_cache_mem_bound(uint64_t hwloc_bytes, uint64_t avail_bytes)
{
	uint64_t m = hwloc_bytes;

	if (m == 0 || (avail_bytes != 0 && avail_bytes < m))
		m = avail_bytes;
	return m / 2;
}

double
ts_cache_check_seconds(double budget)
{
	double s = budget * 0.05;

	return s < 0.05 ? 0.05 : s > 0.25 ? 0.25 : s;
}

void
ts_cache_check(uint64_t bytes_per_thread, unsigned threads,
    const struct ts_cache_bounds *b, ts_residency_fn measure, void *arg,
    struct ts_cache_report *rep)
{
	uint64_t total = bytes_per_thread * threads, large = 0;

	memset(rep, 0, sizeof *rep);
	if (threads != 0)
		large = ts_residency_large(total, b->llc_bytes, b->mem_bytes);
	if (large == 0) {
		rep->res.verdict = TS_RESIDENCY_SKIPPED;
		rep->res.small_bytes = total;
		snprintf(rep->res.reason, sizeof rep->res.reason, "no "
		    "footprint of twice %" PRIu64 " MiB fits within 4 x the "
		    "last-level cache and the memory", total / TS_MIB);
		return;
	}
	ts_residency_test(&total, 1, large, measure, arg, &rep->res);
	rep->suggest_bytes = (large / threads + TS_MIB - 1) / TS_MIB * TS_MIB;
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

double
ts_auto_limit(double seconds)
{
	return seconds * TS_AUTO_SHARE > TS_AUTO_SECONDS ?
	    seconds * TS_AUTO_SHARE : TS_AUTO_SECONDS;
}

const char *
ts_auto_stop_name(enum ts_auto_stop s)
{
	switch (s) {
	case TS_AUTO_CLEAR:
		return "clear";
	case TS_AUTO_BOUND:
		return "bound";
	case TS_AUTO_TIME:
		return "time";
	default:
		return "skipped";
	}
}

void
ts_auto_size(const struct ts_auto_cfg *cfg, const struct ts_cache_bounds *b,
    uint64_t *bytes_per_thread, struct ts_auto_report *rep)
{
	double (*clock)(void) = cfg->clock != NULL ? cfg->clock : ts_now;
	double t0 = clock(), t, last = 0;
	uint64_t w, end;

	memset(rep, 0, sizeof *rep);
	rep->limit = cfg->limit;
	ts_auto_range(cfg->threads, b, &w, &end);
	rep->last.res.verdict = TS_RESIDENCY_SKIPPED;
	rep->last.res.small_bytes = w * cfg->threads;
	for (;;) {
		t = clock();
		ts_cache_check(w, cfg->threads, b, cfg->measure, cfg->arg,
		    &rep->last);
		last = clock() - t;
		if (rep->last.res.verdict == TS_RESIDENCY_SKIPPED) {
			rep->stop = rep->last.res.failed ? TS_AUTO_SKIPPED :
			    TS_AUTO_BOUND;
			break;
		}
		rep->steps++;
		if (rep->last.res.verdict == TS_RESIDENCY_CLEAR) {
			rep->stop = TS_AUTO_CLEAR;
			break;
		}
		if (w >= end) {
			rep->stop = TS_AUTO_BOUND;
			break;
		}
		/* Each doubling costs about twice the test before it. */
		if (clock() - t0 + 2 * last > cfg->limit) {
			rep->stop = TS_AUTO_TIME;
			break;
		}
		w = w * 2 < end ? w * 2 : end;
	}
	rep->seconds = clock() - t0;
	*bytes_per_thread = w;
}
