/* SPDX-License-Identifier: MIT */
/*
 * lib/mem/mem-probe-cache.c: tachyon's uses of the cache-residency test
 * on a synthetic machine (tests/mem-host.h): the memory bound, the check
 * of threads x working set with its suggestion, and `--working-set-mb
 * auto`'s range, search, stops and time limit.
 */
#include <config.h>

#include <stdint.h>

#include "mem/mem-probe-cache.h"
#include "mem/mem-probe.h"
#include "mem-host.h"
#include "tap.h"

/* tachyon's check: the total over the threads, bounds, suggestion. */
static void
test_check(void)
{
	struct ts_cache_bounds none = { 0, 0 }, llc32 = { 32 * MIB, 0 };
	struct ts_cache_report rep;
	struct host h = vm;

	ts_cache_check(2 * MIB, 1, &none, host_measure, &h, &rep);
	ok(rep.res.verdict == TS_RESIDENCY_CACHE, "2 MiB on the VM: cache");
	is_u64(rep.suggest_bytes, 64 * MIB, "suggests the larger footprint");
	ts_cache_check(MIB, 4, &none, host_measure, &h, &rep);
	ok(rep.res.verdict == TS_RESIDENCY_CACHE &&
	    rep.res.small_bytes == 4 * MIB, "threads share the cache: the "
	    "total counts");
	is_u64(rep.suggest_bytes, 16 * MIB, "the suggestion is per thread");
	ts_cache_check(64 * MIB, 2, &none, host_measure, &h, &rep);
	ok(rep.res.verdict == TS_RESIDENCY_CLEAR &&
	    rep.res.large_bytes == 512 * MIB, "the default, 2 x 64 MiB: clear "
	    "against 512 MiB");
	h.calls = 0;
	ts_cache_check(64 * MIB, 2, &llc32, host_measure, &h, &rep);
	ok(rep.res.verdict == TS_RESIDENCY_SKIPPED && !rep.res.failed &&
	    h.calls == 0 && rep.res.reason[0] != '\0',
	    "skipped, with a reason, when no larger footprint fits");
}

/* The fake clock of the synthetic machine, for auto's time limit. */
static struct host *clock_host;

/* Return the fake clock. */
static double
fake_clock(void)
{
	return clock_host->clock;
}


/* `--working-set-mb auto`: range, search, stops and time limit. */
static void
test_auto(void)
{
	struct ts_cache_bounds none = { 0, 0 }, llc24 = { 24 * MIB, 0 };
	struct ts_cache_bounds llc8 = { 8 * MIB, 0 }, mem = { 0, 48 * MIB };
	struct ts_cache_bounds big = { 480 * MIB, 10240 * MIB };
	struct ts_cache_bounds llc700 = { 700 * MIB, 0 };
	struct host h = vm;
	struct host metal = { 700 * MIB, 64 * MIB, 12, 80, 0, 0, 0, 0, 0.5 };
	struct ts_auto_report rep;
	struct ts_auto_cfg cfg = { 1, 100, host_measure, NULL, fake_clock };
	uint64_t lo, hi, w;

	ts_auto_range(1, &none, &lo, &hi);
	ok(lo == 64 * MIB && hi == TS_PROBE_MAX_BYTES, "unbounded range");
	ts_auto_range(1, &llc24, &lo, &hi);
	ok(lo == 64 * MIB && hi == 96 * MIB, "ends at 4 x LLC");
	ts_auto_range(1, &llc8, &lo, &hi);
	ok(lo == 64 * MIB && hi == 64 * MIB, "never below the start");
	ts_auto_range(1, &mem, &lo, &hi);
	ok(lo == 48 * MIB && hi == 48 * MIB, "memory lowers the start");
	ts_auto_range(4, &big, &lo, &hi);
	ok(lo == 64 * MIB && hi == 480 * MIB, "4 x LLC shared by 4 threads");

	ok(ts_auto_limit(1) == TS_AUTO_SECONDS && ts_auto_limit(60) == 15,
	    "time limit: 3 s, or a quarter of a long budget");

	clock_host = &h;
	cfg.arg = &h;
	ts_auto_size(&cfg, &big, &w, &rep);
	ok(w == 64 * MIB && rep.steps == 1 && rep.stop == TS_AUTO_CLEAR &&
	    rep.last.res.large_bytes == 960 * MIB &&
	    rep.last.res.verdict == TS_RESIDENCY_CLEAR,
	    "the VM, whose random chase keeps slowing past 12 MiB: 64 MiB, "
	    "one test");
	is_str(ts_auto_stop_name(rep.stop), "clear", "stop: clear");

	/* A bare-metal part with a 700 MiB L3, which hwloc reports. */
	clock_host = &metal;
	cfg.arg = &metal;
	ts_auto_size(&cfg, &llc700, &w, &rep);
	ok(w == 1024 * MIB && rep.steps == 5 && rep.stop == TS_AUTO_CLEAR,
	    "a 700 MiB cache: doubles to 1 GiB in 5 tests");
	cfg.threads = 2;
	ts_auto_size(&cfg, &llc700, &w, &rep);
	ok(w == 512 * MIB && rep.stop == TS_AUTO_CLEAR,
	    "two threads: the total counts");
	cfg.threads = 1;
	ts_auto_size(&cfg, &llc24, &w, &rep);
	ok(w == 64 * MIB && rep.stop == TS_AUTO_BOUND && rep.steps == 0 &&
	    rep.last.res.verdict == TS_RESIDENCY_SKIPPED,
	    "64 MiB is past twice hwloc's 24 MiB: no test, the bound stops it");
	is_str(ts_auto_stop_name(rep.stop), "bound", "stop: bound");

	/* Each measurement costs 0.5 s per GiB mapped; 6 s may be spent. */
	metal.clock = 0;
	cfg.limit = 6;
	ts_auto_size(&cfg, &llc700, &w, &rep);
	ok(rep.stop == TS_AUTO_TIME && w == 256 * MIB && rep.steps == 3 &&
	    rep.seconds <= cfg.limit,
	    "the time limit: no test that would end past 6 s (%.2f s, %u "
	    "tests)", rep.seconds, rep.steps);
	ok(rep.last.res.verdict == TS_RESIDENCY_CACHE,
	    "the last size tested is reported as still in cache");
	is_str(ts_auto_stop_name(rep.stop), "time", "stop: time");

	metal.fail = 1;
	cfg.limit = 100;
	ts_auto_size(&cfg, &none, &w, &rep);
	ok(rep.stop == TS_AUTO_SKIPPED && rep.last.res.failed &&
	    w == 64 * MIB, "a failed test stops at the start, skipped");
	is_str(ts_auto_stop_name(rep.stop), "skipped", "stop: skipped");
}

int
main(void)
{
	is_u64(ts_cache_mem_bound(0, 0), 0, "memory bound: none known");
	is_u64(ts_cache_mem_bound(8 * MIB, 0), 4 * MIB,
	    "memory bound: half of hwloc's");
	is_u64(ts_cache_mem_bound(8 * MIB, 4 * MIB), 2 * MIB,
	    "memory bound: half of the smaller");
	is_u64(ts_cache_mem_bound(0, 6 * MIB), 3 * MIB,
	    "memory bound: half the available");
	test_check();
	test_auto();
	return done_testing();
}
