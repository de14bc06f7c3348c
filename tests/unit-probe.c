/* SPDX-License-Identifier: MIT */
/*
 * Unit tests of the tachyon probe (Sattolo chains, per-thread seeds, the
 * batch accounting) and of the cache check's decisions on synthetic
 * latency curves.
 */
#include <config.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cachecheck.h"
#include "probe.h"
#include "tap.h"

#define MIB	TS_MIB

/*
 * Follow the chain from slot 0; return 1 if it comes back to slot 0 after
 * exactly n steps having visited every slot once (one full-length cycle).
 */
static int
one_cycle(const uint32_t *chain, uint64_t n, unsigned stride)
{
	unsigned char *seen = calloc(n, 1);
	uint64_t steps = 0, slot = 0;
	int good = 1;

	do {
		if (slot % stride != 0 || slot / stride >= n ||
		    seen[slot / stride]) {
			good = 0;
			break;
		}
		seen[slot / stride] = 1;
		slot = chain[slot];
		steps++;
	} while (slot != 0 && steps <= n);
	free(seen);
	return good && slot == 0 && steps == n;
}

/* Build a chain into fresh memory. */
static uint32_t *
build(uint64_t n, unsigned stride, uint64_t seed, unsigned thread)
{
	uint32_t *c = calloc(n * stride, sizeof *c);

	ts_probe_chain_build(c, n, stride, seed, thread);
	return c;
}

/* Sattolo gives one full cycle, for several sizes, seeds and strides. */
static void
test_single_cycle(void)
{
	static const uint64_t sizes[] = { 1, 2, 3, 5, 16, 17, 1000, 65537 };
	static const uint64_t seeds[] = { 0, 1, 42, UINT64_MAX };
	static const unsigned strides[] = { 1, TS_PROBE_LINE_STRIDE };
	size_t a, b, c;
	int all = 1, fixed = 0;
	uint64_t i;

	for (a = 0; a < sizeof sizes / sizeof *sizes; a++)
		for (b = 0; b < sizeof seeds / sizeof *seeds; b++)
			for (c = 0; c < 2; c++) {
				uint32_t *ch = build(sizes[a], strides[c],
				    seeds[b], (unsigned)b);

				if (!one_cycle(ch, sizes[a], strides[c])) {
					all = 0;
					diag("n=%llu seed=%llu stride=%u",
					    (unsigned long long)sizes[a],
					    (unsigned long long)seeds[b],
					    strides[c]);
				}
				for (i = 0; sizes[a] > 1 && i < sizes[a]; i++)
					fixed += ch[i * strides[c]] ==
					    i * strides[c];
				free(ch);
			}
	ok(all, "every chain is one cycle through every slot");
	is_int(fixed, 0, "no slot points to itself");
}

/*
 * Sattolo's draw from [0, i) reaches each of the (n-1)! cyclic orders of
 * n = 4 slots about equally often; a draw from [0, i] would also produce
 * non-cyclic permutations.
 */
static void
test_uniform_cycles(void)
{
	/* A 4-cycle from slot 0 is named by the slots it visits next. */
	static const int codes[6] = { 0x123, 0x132, 0x213, 0x231, 0x312,
	    0x321 };
	int counts[6] = { 0 }, other = 0, k, i, idx, code;
	uint32_t c[4];

	for (k = 0; k < 6000; k++) {
		ts_probe_chain_build(c, 4, 1, (uint64_t)k, 0);
		code = (int)(c[0] << 8 | c[c[0] & 3] << 4 | c[c[c[0] & 3] & 3]);
		idx = -1;
		for (i = 0; i < 6; i++)
			if (codes[i] == code && c[code & 3] == 0)
				idx = i;
		if (idx < 0)
			other++;
		else
			counts[idx]++;
	}
	is_int(other, 0, "n=4: only cyclic permutations");
	for (i = 0; i < 6; i++)
		if (!ok(counts[i] > 850 && counts[i] < 1150,
		    "n=4: cycle %d drawn about 1/6 of the time", i))
			diag("count %d of 6000", counts[i]);
}

/* Same seed and thread: same chain; another thread or seed: another. */
static void
test_determinism(void)
{
	uint32_t *a = build(4096, 1, 7, 0), *b = build(4096, 1, 7, 0);
	uint32_t *t1 = build(4096, 1, 7, 1), *s8 = build(4096, 1, 8, 0);
	uint64_t seeds[64];
	int i, j, distinct = 1;

	ok(memcmp(a, b, 4096 * sizeof *a) == 0, "same seed, same chain");
	ok(memcmp(a, t1, 4096 * sizeof *a) != 0,
	    "threads 0 and 1 get different chains");
	ok(memcmp(a, s8, 4096 * sizeof *a) != 0,
	    "seeds 7 and 8 give different chains");
	for (i = 0; i < 64; i++)
		seeds[i] = ts_probe_thread_seed(1, (unsigned)i);
	for (i = 0; i < 64; i++)
		for (j = 0; j < i; j++)
			distinct &= seeds[i] != seeds[j];
	ok(distinct, "64 threads get 64 distinct seeds");
	free(a);
	free(b);
	free(t1);
	free(s8);
}

/* The bind callback used below: counts calls, succeeds for thread 0. */
static int
count_bind(void *arg, unsigned thread)
{
	atomic_fetch_add((atomic_int *)arg, 1);
	return thread == 0 ? 0 : -1;
}

/* Real runs on tiny chains: accounting, consistency, stop, errors. */
static void
test_runs(void)
{
	struct ts_probe_config cfg;
	struct ts_probe_result r;
	struct ts_probe *p;
	atomic_int calls = 0, stop = 1;
	char err[256];

	memset(&cfg, 0, sizeof cfg);
	cfg.seconds = 0.02;
	cfg.working_set_bytes = 64 * 1024;
	cfg.threads = 2;
	cfg.seed = 1;
	cfg.stride = 1;
	cfg.bind = count_bind;
	cfg.bind_arg = &calls;
	ok(ts_probe_run(&cfg, &r, err, sizeof err) == 0, "a 20 ms run works");
	ok(r.accesses > 0 && r.accesses % TS_PROBE_BATCH == 0,
	    "accesses are whole batches");
	is_u64(r.working_set_bytes, 64 * 1024, "working set as asked");
	is_int(r.threads, 2, "two threads");
	is_int(calls, 4, "bind called per thread, to build and to chase");
	is_int(r.pinned, 1, "pinned counts successful binds");
	ok(r.elapsed_s >= 0.02 && r.elapsed_s < 5, "elapsed covers the budget");
	ok(fabs(ts_probe_score(&r) * r.elapsed_s * 1e6 - (double)r.accesses)
	    < 1, "score = accesses / elapsed / 1e6");
	ok(fabs(ts_probe_ns_per_access(&r) * (double)r.accesses -
	    r.elapsed_s * 2 * 1e9) < 1, "ns = elapsed x threads / accesses");

	cfg.stop = &stop;
	cfg.bind = NULL;
	p = ts_probe_open(&cfg, err, sizeof err);
	ok(p != NULL, "open");
	ok(ts_probe_measure(p, 10, &r, err, sizeof err) == 0 &&
	    r.interrupted, "a raised stop flag ends the reading");
	is_u64(r.accesses, 2 * TS_PROBE_BATCH,
	    "one complete batch per thread before stopping");
	ts_probe_close(p);

	/* The warm-up: once round each chain, in whole batches. */
	cfg.stop = NULL;
	cfg.threads = 1;
	p = ts_probe_open(&cfg, err, sizeof err);
	ok(p != NULL && ts_probe_warm(p, 10, &r, err, sizeof err) == 0 &&
	    !r.interrupted, "warm-up of a 64 KiB chain");
	is_u64(r.accesses, 2 * TS_PROBE_BATCH,
	    "16384 slots: two batches go once round");
	ok(ts_probe_measure(p, 0.02, &r, err, sizeof err) == 0 &&
	    r.best_ns_per_access > 0 &&
	    r.best_ns_per_access <= ts_probe_ns_per_access(&r),
	    "the fastest batch is no slower than the mean (%.2f <= %.2f)",
	    r.best_ns_per_access, ts_probe_ns_per_access(&r));
	ts_probe_close(p);
	cfg.stride = TS_PROBE_LINE_STRIDE;
	cfg.working_set_bytes = 4 * 1024 * 1024;
	p = ts_probe_open(&cfg, err, sizeof err);
	ok(p != NULL && ts_probe_warm(p, 10, &r, err, sizeof err) == 0,
	    "warm-up of a 4 MiB line chain");
	is_u64(r.accesses, 8 * TS_PROBE_BATCH,
	    "65536 lines: eight batches go once round");
	ts_probe_close(p);

	cfg.stride = 1;
	cfg.working_set_bytes = 64 * 1024;
	cfg.threads = 0;
	errno = 0;
	ok(ts_probe_open(&cfg, err, sizeof err) == NULL && errno == EINVAL,
	    "zero threads refused");
	cfg.threads = 1;
	cfg.working_set_bytes = TS_PROBE_MAX_BYTES + 4;
	ok(ts_probe_open(&cfg, err, sizeof err) == NULL && errno == EINVAL,
	    "a working set past 32-bit indices refused");
	cfg.working_set_bytes = 2;
	ok(ts_probe_open(&cfg, err, sizeof err) == NULL,
	    "a working set under one slot refused");
}

/* A synthetic machine: latency as a function of the total size. */
struct curve {
	uint64_t	knee;		/* DRAM from here on */
	double		slope;		/* per doubling past the knee */
	int		calls;
	int		fail;
};

/* Latency in cache: 10 ns; from the knee on 100 ns, growing slowly. */
static double
curve_ns(const struct curve *c, uint64_t bytes)
{
	double ns = 100;
	uint64_t b;

	if (bytes < c->knee)
		return 10 + 90.0 * (double)bytes / (double)c->knee;
	for (b = c->knee * 2; b <= bytes; b *= 2)
		ns *= 1 + c->slope;
	return ns;
}

/* The ts_latency_pair_fn of the synthetic machine. */
static int
curve_pair(void *arg, uint64_t a, uint64_t b, double *na, double *nb)
{
	struct curve *c = arg;

	c->calls++;
	if (c->fail)
		return -1;
	*na = curve_ns(c, a);
	*nb = curve_ns(c, b);
	return 0;
}

/* The verdict, the larger size and its bounds. */
static void
test_check_logic(void)
{
	struct ts_cache_bounds none = { 0, 0 }, llc32 = { 32 * MIB, 0 };
	struct ts_cache_bounds llc8 = { 8 * MIB, 0 }, mem = { 0, 100 * MIB };
	struct ts_cache_report rep;
	struct curve c = { 32 * MIB, 0.03, 0, 0 };

	ok(!ts_cache_in_cache(100, 100), "equal latencies: clear");
	ok(!ts_cache_in_cache(100, 114), "14 %% slower: clear");
	ok(ts_cache_in_cache(100, 116), "16 %% slower: cache");
	ok(ts_cache_in_cache(4, 130), "L2 against DRAM: cache");

	is_u64(ts_cache_larger_size(8 * MIB, &none), 64 * MIB,
	    "small totals compare against the 64 MiB floor");
	is_u64(ts_cache_larger_size(64 * MIB, &none), 256 * MIB, "else 4x");
	is_u64(ts_cache_larger_size(MIB / 4, &llc8), 32 * MIB,
	    "at most 4 x LLC");
	is_u64(ts_cache_larger_size(128 * MIB, &llc32), 0,
	    "skipped at 4 x LLC already");
	is_u64(ts_cache_larger_size(64 * MIB, &mem), 0,
	    "skipped when memory leaves no room");
	is_u64(ts_cache_larger_size(16 * MIB, &mem), 64 * MIB,
	    "memory room beside the chosen size");
	is_u64(ts_cache_larger_size(TS_PROBE_MAX_BYTES, &none), 0,
	    "past one chain's limit: skipped");

	is_u64(ts_cache_mem_bound(0, 0), 0, "memory bound unknown");
	is_u64(ts_cache_mem_bound(8192 * MIB, 4096 * MIB), 2048 * MIB,
	    "half the smaller memory figure");
	is_u64(ts_cache_mem_bound(4096 * MIB, 0), 2048 * MIB,
	    "hwloc's memory alone");

	ok(ts_cache_check(8 * MIB, 1, &none, curve_pair, &c, &rep) == 0 &&
	    rep.verdict == TS_CACHE_IN_CACHE, "8 MiB before a 32 MiB knee: "
	    "cache");
	is_u64(rep.suggest_bytes, 64 * MIB, "suggests the larger size");
	ok(ts_cache_check(2 * MIB, 4, &none, curve_pair, &c, &rep) == 0 &&
	    rep.verdict == TS_CACHE_IN_CACHE && rep.chosen_bytes == 8 * MIB,
	    "threads share the cache: the total counts");
	is_u64(rep.suggest_bytes, 16 * MIB, "suggestion per thread");
	ok(ts_cache_check(64 * MIB, 1, &none, curve_pair, &c, &rep) == 0 &&
	    rep.verdict == TS_CACHE_CLEAR, "64 MiB past the knee: clear");
	c.calls = 0;
	ok(ts_cache_check(64 * MIB, 2, &llc32, curve_pair, &c, &rep) == 0 &&
	    rep.verdict == TS_CACHE_SKIPPED && c.calls == 0,
	    "skipped without measuring when no larger size fits");
	c.calls = 0;
	ok(ts_cache_check(8 * MIB, 1, &none, curve_pair, &c, &rep) == 0 &&
	    rep.verdict == TS_CACHE_IN_CACHE && c.calls == 2,
	    "a cache verdict is measured twice");
	c.calls = 0;
	ok(ts_cache_check(64 * MIB, 1, &none, curve_pair, &c, &rep) == 0 &&
	    rep.verdict == TS_CACHE_CLEAR && c.calls == 1,
	    "a clear verdict is measured once");
	c.fail = 1;
	ok(ts_cache_check(8 * MIB, 1, &none, curve_pair, &c, &rep) == -1,
	    "a failed measurement is reported");
}

/* A noisy machine: the first pair reads a false difference. */
struct noisy {
	double	pairs[2][2];	/* (chosen, larger) per call */
	int	calls;
};

/* The ts_latency_pair_fn of the noisy machine. */
static int
noisy_pair(void *arg, uint64_t a, uint64_t b, double *na, double *nb)
{
	struct noisy *n = arg;
	int k = n->calls < 2 ? n->calls : 1;

	(void)a;
	(void)b;
	n->calls++;
	*na = n->pairs[k][0];
	*nb = n->pairs[k][1];
	return 0;
}

/* One noisy pair is not enough for a warning; two are, at their minima. */
static void
test_check_confirm(void)
{
	struct ts_cache_bounds none = { 0, 0 };
	struct ts_cache_report rep;
	struct noisy once = { { { 100, 140 }, { 110, 115 } }, 0 };
	struct noisy twice = { { { 10, 140 }, { 12, 130 } }, 0 };

	ok(ts_cache_check(64 * MIB, 1, &none, noisy_pair, &once, &rep) == 0 &&
	    rep.verdict == TS_CACHE_CLEAR && once.calls == 2,
	    "a difference the second pair does not repeat: clear");
	ok(ts_cache_check(MIB, 1, &none, noisy_pair, &twice, &rep) == 0 &&
	    rep.verdict == TS_CACHE_IN_CACHE && twice.calls == 2,
	    "a difference both pairs show: cache");
	ok(rep.ns_chosen == 10 && rep.ns_larger == 130,
	    "the warning reports each size's lowest latency");
}

/* `--working-set-mb auto`: its range and its search. */
static void
test_auto(void)
{
	struct ts_cache_bounds none = { 0, 0 }, llc24 = { 24 * MIB, 0 };
	struct ts_cache_bounds llc8 = { 8 * MIB, 0 }, mem = { 0, 48 * MIB };
	struct ts_cache_bounds big = { 480 * MIB, 10240 * MIB };
	struct ts_cache_bounds llc100 = { 100 * MIB, 0 };
	struct curve c = { 512 * MIB, 0.01, 0, 0 };
	uint64_t lo, hi, w;
	unsigned steps;

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

	ok(ts_auto_size(1, &none, curve_pair, &c, &w, &steps) == 0 &&
	    w == 512 * MIB && steps == 4, "doubles up to the knee");
	ok(ts_auto_size(1, &llc100, curve_pair, &c, &w, &steps) == 0 &&
	    w == 400 * MIB && steps == 3, "stops at 4 x LLC");
	ok(ts_auto_size(2, &none, curve_pair, &c, &w, &steps) == 0 &&
	    w == 256 * MIB, "the knee is in total over the threads");
	c.knee = 16 * MIB;
	ok(ts_auto_size(1, &none, curve_pair, &c, &w, &steps) == 0 &&
	    w == 64 * MIB && steps == 1, "flat from the start: 64 MiB");
	c.calls = 0;
	ok(ts_auto_size(1, &llc8, curve_pair, &c, &w, &steps) == 0 &&
	    w == 64 * MIB && c.calls == 0, "no room to grow: no measurement");
	c.fail = 1;
	ok(ts_auto_size(1, &none, curve_pair, &c, &w, &steps) == -1,
	    "a failed measurement is reported");
}

/* The real quick measurement on small line chains. */
static void
test_quick(void)
{
	struct ts_quick q;
	double a = 0, b = 0;
	char err[256];

	memset(&q, 0, sizeof q);
	q.seconds = 0.02;
	q.seed = 1;
	q.err = err;
	q.errlen = sizeof err;
	ok(ts_quick_latency_pair(&q, 64 * 1024, 256 * 1024, &a, &b) == 0 &&
	    a > 0 && b > 0, "quick pair measures both sizes");
}

int
main(void)
{
	test_single_cycle();
	test_uniform_cycles();
	test_determinism();
	test_runs();
	test_check_logic();
	test_check_confirm();
	test_auto();
	test_quick();
	return done_testing();
}
