/* SPDX-License-Identifier: MIT */
/*
 * lib/mem/mem-residency.c: the cache-residency test on synthetic
 * machines (tests/mem-host.h), then the real measurement on footprints
 * whose answer is known everywhere.
 */
#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mem/mem-residency.h"
#include "mem/mem-probe.h"
#include "tap.h"

#include "mem-host.h"

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
	test_real();
	return done_testing();
}
