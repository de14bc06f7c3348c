/* SPDX-License-Identifier: MIT */
/*
 * Unit tests of the tachyon probe: Sattolo chains, per-thread seeds, the
 * batch accounting.  The cache check is tested in unit-residency.c.
 */
#include <config.h>

#include <sys/types.h>
#include <sys/wait.h>

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mem/mem-probe.h"
#include "rng.h"
#include "tap.h"
#include "util.h"


/*
 * Follow the chain from slot 0; return 1 if it comes back to slot 0 after
 * exactly n steps having visited every slot once (one full-length cycle).
 */
static int
one_cycle(const uint32_t *chain, uint64_t n)
{
	unsigned char *seen = calloc(n, 1);
	uint64_t steps = 0, slot = 0;
	int good = 1;

	do {
		if (slot >= n || seen[slot]) {
			good = 0;
			break;
		}
		seen[slot] = 1;
		slot = chain[slot];
		steps++;
	} while (slot != 0 && steps <= n);
	free(seen);
	return good && slot == 0 && steps == n;
}

/* Build a chain into fresh memory. */
static uint32_t *
build(uint64_t n, uint64_t seed, unsigned thread)
{
	uint32_t *c = calloc(n, sizeof *c);

	ts_probe_chain_build(c, n, seed, thread);
	return c;
}

/* Sattolo gives one full cycle, for several sizes and seeds. */
static void
test_single_cycle(void)
{
	static const uint64_t sizes[] = { 1, 2, 3, 5, 16, 17, 1000, 65537 };
	static const uint64_t seeds[] = { 0, 1, 42, UINT64_MAX };
	size_t a, b;
	int all = 1, fixed = 0;
	uint64_t i;

	for (a = 0; a < sizeof sizes / sizeof *sizes; a++)
		for (b = 0; b < sizeof seeds / sizeof *seeds; b++) {
			uint32_t *ch = build(sizes[a], seeds[b], (unsigned)b);

			if (!one_cycle(ch, sizes[a])) {
				all = 0;
				diag("n=%llu seed=%llu",
				    (unsigned long long)sizes[a],
				    (unsigned long long)seeds[b]);
			}
			for (i = 0; sizes[a] > 1 && i < sizes[a]; i++)
				fixed += ch[i] == i;
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
		ts_probe_chain_build(c, 4, (uint64_t)k, 0);
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
	uint32_t *a = build(4096, 7, 0), *b = build(4096, 7, 0);
	uint32_t *t1 = build(4096, 7, 1), *s8 = build(4096, 8, 0);
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

/* A configuration of 64 KiB chains, seed 1. */
static void
tiny(struct ts_probe_config *cfg, double seconds, unsigned threads)
{
	memset(cfg, 0, sizeof *cfg);
	cfg->seconds = seconds;
	cfg->working_set_bytes = 64 * 1024;
	cfg->threads = threads;
	cfg->seed = 1;
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
	double t0, call_s;
	int rc;

	tiny(&cfg, 0.02, 2);
	cfg.bind = count_bind;
	cfg.bind_arg = &calls;
	t0 = ts_now();
	rc = ts_probe_run(&cfg, &r, err, sizeof err);
	call_s = ts_now() - t0;
	ok(rc == 0, "a 20 ms run works");
	ok(r.accesses > 0 && r.accesses % TS_PROBE_BATCH == 0,
	    "accesses are whole batches");
	is_u64(r.working_set_bytes, 64 * 1024, "working set as asked");
	is_int(r.threads, 2, "two threads");
	is_int(calls, 4, "bind called per thread, to build and to chase");
	is_int(r.pinned, 1, "pinned counts successful binds");
	/* Elapsed is the threads' mean chase time, which a loaded host may
	 * start late: the call lasts the budget, elapsed lies within it. */
	ok(call_s >= 0.02 && r.elapsed_s > 0 && r.elapsed_s <= call_s,
	    "the call lasts the budget, elapsed lies within it");
	ok(fabs(ts_probe_score(&r) * r.elapsed_s * 1e6 - (double)r.accesses)
	    < 1, "score = accesses / elapsed / 1e6");
	ok(fabs(ts_probe_ns_per_access(&r) * (double)r.accesses -
	    r.elapsed_s * 2 * 1e9) < 1, "ns = elapsed x threads / accesses");
	{
		struct ts_probe_result w = { .elapsed_s = 0.02,
		    .max_wait_s = 0.01 };

		ok(fabs(ts_probe_wait_share(&w) - 0.5) < 1e-12,
		    "wait share = most-waiting thread's wait / elapsed");
		w.max_wait_s = 0.03;
		ok(ts_probe_wait_share(&w) == 1,
		    "wait share is at most 1 (more threads than CPUs)");
		w.max_wait_s = -1;
		ok(ts_probe_wait_share(&w) == -1, "unknown wait: -1");
		w.max_wait_s = 0.01;
		w.elapsed_s = 0;
		ok(ts_probe_wait_share(&w) == -1, "no elapsed time: -1");
	}

	cfg.stop = &stop;
	cfg.bind = NULL;
	p = ts_probe_open(&cfg, err, sizeof err);
	ok(p != NULL, "open");
	ok(ts_probe_measure(p, 10, &r, err, sizeof err) == 0 &&
	    r.interrupted, "a raised stop flag ends the reading");
	is_u64(r.accesses, 2 * TS_PROBE_BATCH,
	    "one complete batch per thread before stopping");
	/* The warm-up runs before the clock: the call lasts it and the
	 * budget, and the threads' time on the clock leaves it out. */
	atomic_store(&stop, 0);
	t0 = ts_now();
	rc = ts_probe_measure(p, 0.02, &r, err, sizeof err);
	call_s = ts_now() - t0;
	ok(rc == 0 && !r.interrupted && call_s >= TS_PROBE_WARM_S + 0.02 &&
	    r.elapsed_s > 0 && r.elapsed_s <= call_s - TS_PROBE_WARM_S,
	    "a %g s warm-up before the clock, not counted in elapsed "
	    "(call %.4f s, elapsed %.4f s)", TS_PROBE_WARM_S, call_s,
	    r.elapsed_s);
	ts_probe_close(p);

	cfg.stop = NULL;
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

/* Sattolo's plain loop, one swap after another, as the seed wrote it. */
static void
plain_build(uint32_t *chain, uint64_t n, uint64_t seed, unsigned thread)
{
	struct ts_rng rng;
	uint64_t i, j;
	uint32_t tmp;

	for (i = 0; i < n; i++)
		chain[i] = (uint32_t)i;
	ts_rng_seed(&rng, ts_probe_thread_seed(seed, thread));
	for (i = n; i-- > 1;) {
		j = ts_rng_below(&rng, i);
		tmp = chain[i];
		chain[i] = chain[j];
		chain[j] = tmp;
	}
}

/*
 * The build draws its swaps ahead of time to overlap their misses: the
 * chain must be the very one the plain loop gives, for short chains
 * (fewer slots than it draws ahead) and long ones.
 */
static void
test_build_same(void)
{
	static const uint64_t sizes[] = { 1, 2, 3, 15, 16, 17, 18, 33, 1000,
		1 << 20 };
	uint32_t *a, *b;
	size_t i;
	int same = 1;

	a = malloc((1 << 20) * sizeof *a);
	b = malloc((1 << 20) * sizeof *b);
	if (a == NULL || b == NULL) {
		free(a);
		free(b);
		skip(1, "no memory for two 4 MiB chains");
		return;
	}
	for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		ts_probe_chain_build(a, sizes[i], 7, (unsigned)i);
		plain_build(b, sizes[i], 7, (unsigned)i);
		if (memcmp(a, b, sizes[i] * sizeof *a) != 0) {
			diag("n = %llu differs", (unsigned long long)sizes[i]);
			same = 0;
		}
	}
	ok(same, "the chain drawn ahead is the plain loop's, 1 to 2^20 slots");
	free(a);
	free(b);
}

/* Each thread's wait, as a kernel whose counter grows 2 ms a call. */
static _Thread_local uint64_t fake_wait;

static int
wait_step(uint64_t *wait)
{
	fake_wait += 2000000;
	*wait = fake_wait;
	return 0;
}

/* The same, but the kernel says nothing the second time (the chase's end). */
static int
wait_fails(uint64_t *wait)
{
	fake_wait += 2000000;
	*wait = fake_wait;
	return fake_wait > 2000000 ? -1 : 0;
}

/*
 * The run-queue wait: read by each thread around its chase, summed and
 * its largest kept; unknown (negative) without the hook or when a thread
 * could not read it.
 */
static void
test_wait(void)
{
	struct ts_probe_config cfg;
	struct ts_probe_result r;
	char err[256];

	tiny(&cfg, 0.01, 3);
	ok(ts_probe_run(&cfg, &r, err, sizeof err) == 0 && r.wait_s < 0 &&
	    r.max_wait_s < 0, "no hook: the wait is unknown");
	cfg.wait_ns = wait_step;
	ok(ts_probe_run(&cfg, &r, err, sizeof err) == 0, "a run with the hook");
	ok(fabs(r.wait_s - 0.006) < 1e-12 && fabs(r.max_wait_s - 0.002) < 1e-12,
	    "three threads waited 2 ms each: 6 ms in all, 2 ms at most "
	    "(%g, %g)", r.wait_s, r.max_wait_s);
	cfg.threads = 1;
	cfg.wait_ns = wait_fails;
	ok(ts_probe_run(&cfg, &r, err, sizeof err) == 0, "a run whose hook fails");
	ok(r.wait_s < 0 && r.max_wait_s < 0, "one thread without its wait: "
	    "unknown, not a partial sum (%g)", r.wait_s);
}

/*
 * The thread ids of this process, sorted, into ids (at most max); the
 * count, or -1.
 */
static int
task_ids(long *ids, int max)
{
	DIR *d = opendir("/proc/self/task");
	struct dirent *e;
	int n = 0, i, j;
	long t;

	if (d == NULL)
		return -1;
	while ((e = readdir(d)) != NULL && n < max)
		if (e->d_name[0] != '.')
			ids[n++] = strtol(e->d_name, NULL, 10);
	closedir(d);
	for (i = 1; i < n; i++)
		for (j = i; j > 0 && ids[j - 1] > ids[j]; j--) {
			t = ids[j];
			ids[j] = ids[j - 1];
			ids[j - 1] = t;
		}
	return n;
}

/*
 * The probe's threads live from open to close and sleep between
 * readings; a forked child cannot read its parent's probe, and says so.
 */
static void
test_threads(void)
{
	struct ts_probe_config cfg;
	struct ts_probe_result r;
	struct ts_probe *p;
	long before[64], opened[64], later[64];
	int n0, n1, n2, status = 0, rc;
	char err[256];
	pid_t pid;

	tiny(&cfg, 0.02, 3);
	n0 = task_ids(before, 64);
	p = ts_probe_open(&cfg, err, sizeof err);
	ok(p != NULL, "open with 3 threads");
	n1 = task_ids(opened, 64);
	ok(n0 > 0 && n1 == n0 + 3, "open leaves 3 threads (%d, then %d)",
	    n0, n1);
	rc = ts_probe_measure(p, 0.02, &r, err, sizeof err);
	rc |= ts_probe_measure(p, 0.02, &r, err, sizeof err);
	n2 = task_ids(later, 64);
	ok(rc == 0 && r.accesses > 0 && n2 == n1 &&
	    memcmp(opened, later, (size_t)n1 * sizeof *later) == 0,
	    "two readings by the threads open started, no new ones");
	fflush(NULL);
	if ((pid = fork()) == 0) {
		alarm(20);
		errno = 0;
		rc = ts_probe_measure(p, 0.02, &r, err, sizeof err);
		ts_probe_close(p);
		_exit(rc == -1 && errno == ECHILD &&
		    strstr(err, "forked child") != NULL ? 0 : 1);
	}
	ok(pid > 0 && waitpid(pid, &status, 0) == pid &&
	    WIFEXITED(status) && WEXITSTATUS(status) == 0,
	    "a forked child's reading fails with ECHILD and a reason, at "
	    "once, and it may close its copy (status %#x)", status);
	ok(ts_probe_measure(p, 0.02, &r, err, sizeof err) == 0 &&
	    r.accesses > 0, "the parent reads on after the child's close");
	ts_probe_close(p);
	ok(task_ids(later, 64) == n0, "close ends the threads");
}

int
main(void)
{
	test_single_cycle();
	test_uniform_cycles();
	test_determinism();
	test_runs();
	test_threads();
	test_wait();
	test_build_same();
	return done_testing();
}
