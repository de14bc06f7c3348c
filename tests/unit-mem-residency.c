/* SPDX-License-Identifier: MIT */
/*
 * The cache-residency test (lib/mem/mem-residency.c) and tachyon's uses of it
 * (lib/mem/mem-probe-cache.c) on synthetic machines, then the real measurement
 * on footprints whose answer is known everywhere.
 */
#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mem/mem-residency.h"
#include "mem/mem-probe-cache.h"
#include "mem/mem-probe.h"
#include "tap.h"

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
static const struct host vm = { 12 * MIB, 8 * MIB, 7, 52, 40, 0, 0, 0, 0 };

/* The walk cost of a page footprint, ns. */
static double
walk_ns(const struct host *h, uint64_t pages_bytes)
{
	return pages_bytes <= h->tlb_reach ? 0 : h->walk_step *
	    log2((double)pages_bytes / (double)h->tlb_reach);
}

/* ns per load of a chase over `bytes` making `loads` loads per page. */
static double
chase_ns(const struct host *h, uint64_t bytes, double loads)
{
	double data = bytes <= h->cache ? h->ns_cache : h->ns_dram;

	return data + walk_ns(h, bytes) / loads;
}

/* A random one-line-per-node chase: one load per page visit. */
static double
random_ns(const struct host *h, uint64_t bytes)
{
	return chase_ns(h, bytes, 1);
}

/* The ts_residency_fn of a synthetic machine: page-local chases. */
static int
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

/* Fixed readings, one pair per call (the last pair repeats). */
struct fixed {
	double	pairs[2][2];		/* (small, large) */
	int	calls;
};

/* The ts_residency_fn that returns struct fixed's readings. */
static int
fixed_measure(void *arg, const uint64_t *small, size_t n, uint64_t large,
    double *ns_small, double *ns_large, char *err, size_t errlen)
{
	struct fixed *f = arg;
	int k = f->calls < 2 ? f->calls : 1;
	size_t i;

	(void)small;
	(void)large;
	(void)err;
	(void)errlen;
	f->calls++;
	for (i = 0; i < n; i++)
		ns_small[i] = f->pairs[k][0];
	*ns_large = f->pairs[k][1];
	return 0;
}

/* The rule and the sizes. */
static void
test_rule(void)
{
	ok(!ts_residency_cached(100, 100), "equal latencies: clear");
	ok(!ts_residency_cached(100, 114), "14 %% slower: clear");
	ok(ts_residency_cached(100, 116), "16 %% slower: cache");
	ok(ts_residency_cached(7, 52), "page-local 7 ns against 52 ns: cache");

	is_u64(ts_residency_large(8 * MIB, 0, 0), 64 * MIB,
	    "small footprints test against the 64 MiB floor");
	is_u64(ts_residency_large(128 * MIB, 0, 0), 512 * MIB, "else 4x");
	is_u64(ts_residency_large(MIB / 4, 8 * MIB, 0), 32 * MIB,
	    "at most 4 x LLC");
	is_u64(ts_residency_large(128 * MIB, 480 * MIB, 0), 960 * MIB,
	    "at least 2 x LLC: hwloc's 480 MiB L3 may be real");
	is_u64(ts_residency_large(128 * MIB, 480 * MIB, 700 * MIB), 700 * MIB,
	    "memory comes first");
	is_u64(ts_residency_large(128 * MIB, 32 * MIB, 0), 0,
	    "no test at 4 x LLC already");
	is_u64(ts_residency_large(64 * MIB, 0, 100 * MIB), 0,
	    "no test when memory leaves no room for twice the footprint");
	is_u64(ts_residency_large(32 * MIB, 0, 100 * MIB), 100 * MIB,
	    "memory caps the larger footprint");
	is_u64(ts_residency_large(MIB + 100, 0, 0), 64 * MIB,
	    "whole 4 KiB groups");
	is_u64(ts_residency_large(0, 0, 0), 0, "nothing to test");
	is_str(ts_residency_name(TS_RESIDENCY_CLEAR), "clear", "name: clear");
	is_str(ts_residency_name(TS_RESIDENCY_CACHE), "cache", "name: cache");
	is_str(ts_residency_name(TS_RESIDENCY_SKIPPED), "skipped",
	    "name: skipped");
}

/* Page walks that keep growing do not read as cache; data does. */
static void
test_page_walks(void)
{
	struct host h = vm;
	struct ts_residency r;
	uint64_t s;

	/* The method the test replaces would have been fooled here. */
	ok(random_ns(&h, 512 * MIB) > 1.15 * random_ns(&h, 128 * MIB),
	    "the synthetic VM's random chase reads %.0f ns at 128 MiB and "
	    "%.0f at 512 MiB", random_ns(&h, 128 * MIB),
	    random_ns(&h, 512 * MIB));
	s = 128 * MIB;
	ts_residency_test(&s, 1, 512 * MIB, host_measure, &h, &r);
	ok(r.verdict == TS_RESIDENCY_CLEAR && h.calls == 1,
	    "latency keeps rising with size, the data footprint does not "
	    "matter: clear, measured once (%.1f against %.1f ns)", r.ns_small,
	    r.ns_large);
	s = 2 * MIB;
	h.calls = 0;
	ts_residency_test(&s, 1, 64 * MIB, host_measure, &h, &r);
	ok(r.verdict == TS_RESIDENCY_CACHE && h.calls == 2 &&
	    r.measurements == 2, "a footprint that fits: cache, confirmed by "
	    "a second measurement");
	ok(r.ns_small == 7 && r.small_bytes == 2 * MIB &&
	    r.large_bytes == 64 * MIB, "the outcome keeps both footprints and "
	    "latencies");
}

/* One noisy measurement is not enough for "cache"; two are. */
static void
test_confirmation(void)
{
	struct fixed once = { { { 100, 140 }, { 110, 115 } }, 0 };
	struct fixed twice = { { { 7, 52 }, { 9, 50 } }, 0 };
	struct ts_residency r;
	uint64_t s = 64 * MIB;

	ts_residency_test(&s, 1, 256 * MIB, fixed_measure, &once, &r);
	ok(r.verdict == TS_RESIDENCY_CLEAR && once.calls == 2,
	    "a difference the second measurement does not repeat: clear");
	ts_residency_test(&s, 1, 256 * MIB, fixed_measure, &twice, &r);
	ok(r.verdict == TS_RESIDENCY_CACHE && twice.calls == 2,
	    "page-local 7 ns against 52, then 9 against 50: cache");
	ok(r.ns_small == 7 && r.ns_large == 50,
	    "the outcome keeps each chase's lowest latency");
}

/* Several footprints in one test, and the ways a test is skipped. */
static void
test_several_and_skipped(void)
{
	struct host h = vm;
	struct ts_residency r[3];
	uint64_t s[3] = { MIB, 8 * MIB, 64 * MIB };

	ts_residency_test(s, 3, 256 * MIB, host_measure, &h, r);
	ok(r[0].verdict == TS_RESIDENCY_CACHE &&
	    r[1].verdict == TS_RESIDENCY_CACHE &&
	    r[2].verdict == TS_RESIDENCY_CLEAR && h.calls == 2,
	    "three footprints in one mapping: 1 and 8 MiB cache, 64 MiB clear");
	h.calls = 0;
	h.fail = 1;
	ts_residency_test(s, 1, 64 * MIB, host_measure, &h, r);
	ok(r[0].verdict == TS_RESIDENCY_SKIPPED && r[0].failed &&
	    strstr(r[0].reason, "cannot map") != NULL,
	    "a failed measurement: skipped, with the reason, never clear");
	h.calls = 0;
	s[0] = 40 * MIB;
	ts_residency_test(s, 1, 64 * MIB, host_measure, &h, r);
	ok(r[0].verdict == TS_RESIDENCY_SKIPPED && !r[0].failed &&
	    h.calls == 0, "a larger footprint under twice the smaller: "
	    "skipped without measuring");
}

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

/*
 * The real measurement, on answers every host shares: 64 KiB sits in
 * cache against 64 MiB (the smallest L2 here is 1 MiB, the largest
 * "L3" hwloc reports is hundreds of MiB, but 64 KiB against the 64 MiB
 * floor is cache on all of them).
 */
static void
test_real(void)
{
	struct ts_residency_cfg cfg = { 0.06, 1 };
	struct ts_residency r;
	uint64_t s = 64 * 1024;
	double ns, nl;
	char err[256];
	int rc;

	ns = nl = 0;
	rc = ts_residency_measure(&cfg, &s, 1, 64 * MIB, &ns, &nl, err,
	    sizeof err);
	ok(rc == 0 && ns > 0 && nl > 0, "a real measurement: %.1f and %.1f ns "
	    "per load", ns, nl);
	ts_residency_test(&s, 1, 64 * MIB, ts_residency_measure, &cfg, &r);
	ok(r.verdict == TS_RESIDENCY_CACHE, "64 KiB in a 64 MiB mapping: "
	    "cache (%.1f against %.1f ns)", r.ns_small, r.ns_large);
	ok(r.seconds > 0, "the test's time is recorded");
	ok(ts_residency_measure(&cfg, &s, 1, UINT64_C(1) << 41, &ns, &nl,
	    err, sizeof err) == -1 && err[0] != '\0',
	    "an impossible mapping fails with a reason: %s", err);
}

int
main(void)
{
	test_rule();
	test_page_walks();
	test_confirmation();
	test_several_and_skipped();
	test_check();
	test_auto();
	test_real();
	return done_testing();
}
