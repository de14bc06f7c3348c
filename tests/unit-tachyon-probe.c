/* SPDX-License-Identifier: MIT */
/*
 * libtachyon-probe through its public header alone: defaults, every
 * refusal as a code and one line, the structures' sizes in both
 * directions, readings and their rates, the handle and its interrupt,
 * callers on several threads, and the cache check.
 */
#include <config.h>

#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <tachyon-probe.h>

#include "tap.h"

#define MIB	(UINT64_C(1) << 20)
#define BATCH	8192u

/* A caller built against a header with one more field in each struct. */
struct config_next {
	struct tachyon_config	c;
	uint64_t		later;
};
struct result_next {
	struct tachyon_result	r;
	uint64_t		later;
};

/* An error line: there, one line, and no longer than the buffer. */
static int
one_line(const char *err)
{
	return err[0] != '\0' && strchr(err, '\n') == NULL &&
	    strlen(err) < TACHYON_ERRLEN;
}

/* A short, small configuration for the readings below. */
static void
small(struct tachyon_config *cfg)
{
	tachyon_config_init(cfg, sizeof *cfg);
	cfg->duration_s = 0.05;
	cfg->working_set_bytes = MIB;
	cfg->threads = 1;
}

static void
test_defaults(void)
{
	struct tachyon_config cfg;
	struct config_next next;

	is_str(tachyon_version(), PACKAGE_VERSION, "tachyon_version is the "
	    "package's");
	memset(&cfg, 0xa5, sizeof cfg);
	is_int(tachyon_config_init(&cfg, sizeof cfg), TACHYON_OK,
	    "tachyon_config_init");
	ok(cfg.size == sizeof cfg, "it records the caller's size");
	ok(cfg.duration_s == 10, "10 s, as tachyon --seconds");
	ok(cfg.working_set_bytes == 64 * MIB, "64 MiB, as --working-set-mb");
	ok(cfg.seed == 1, "seed 1, as --seed");
	ok(cfg.threads >= 1 && cfg.threads <= 1024, "threads: the usable "
	    "CPUs (%u)", cfg.threads);
	is_int(tachyon_config_init(NULL, sizeof cfg), TACHYON_EINVAL,
	    "no configuration: EINVAL");
	is_int(tachyon_config_init(&cfg, offsetof(struct tachyon_config,
	    threads) + sizeof cfg.threads - 1), TACHYON_ESIZE,
	    "a size below the first layout: ESIZE");
	memset(&next, 0xa5, sizeof next);
	is_int(tachyon_config_init(&next.c, sizeof next), TACHYON_OK,
	    "a newer caller's larger configuration");
	ok(next.later == 0 && next.c.size == sizeof next,
	    "its unknown field zeroed, its size recorded");
}

static void
test_refusals(void)
{
	static const struct {
		double		 seconds;
		uint64_t	 bytes;
		unsigned	 threads;
		const char	*what;
	} bad[] = {
		{ 0, MIB, 1, "duration 0" },
		{ -1, MIB, 1, "a negative duration" },
		{ 86400.5, MIB, 1, "a duration past a day" },
		{ 0.05, 0, 1, "no working set" },
		{ 0.05, 3, 1, "3 bytes" },
		{ 0.05, (UINT64_C(16) << 30) + 1, 1, "past 16 GiB" },
		{ 0.05, MIB, 0, "no thread" },
		{ 0.05, MIB, 1025, "1025 threads" },
	};
	struct tachyon_config cfg;
	struct tachyon_result res;
	struct config_next next;
	char err[TACHYON_ERRLEN];
	size_t i;
	int st;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		small(&cfg);
		cfg.duration_s = bad[i].seconds;
		cfg.working_set_bytes = bad[i].bytes;
		cfg.threads = bad[i].threads;
		err[0] = '\0';
		memset(&res, 0xa5, sizeof res);
		st = tachyon_run(&cfg, &res, sizeof res, err, sizeof err);
		ok(st == TACHYON_EINVAL && one_line(err) && res.accesses == 0,
		    "%s: EINVAL and one line (%s)", bad[i].what, err);
	}
	small(&cfg);
	cfg.duration_s = NAN;
	ok(tachyon_run(&cfg, &res, sizeof res, NULL, 0) == TACHYON_EINVAL,
	    "a NaN duration, with no error buffer: EINVAL");
	err[0] = '\0';
	ok(tachyon_run(NULL, &res, sizeof res, err, sizeof err) ==
	    TACHYON_EINVAL && one_line(err), "no configuration (%s)", err);
	ok(tachyon_run(&cfg, NULL, sizeof res, err, sizeof err) ==
	    TACHYON_EINVAL, "no result");
	small(&cfg);
	err[0] = '\0';
	ok(tachyon_run(&cfg, &res, offsetof(struct tachyon_result,
	    interrupted) + sizeof res.interrupted - 1, err, sizeof err) ==
	    TACHYON_ESIZE && one_line(err), "a result below the first "
	    "layout: ESIZE (%s)", err);
	cfg.size = 8;
	err[0] = '\0';
	ok(tachyon_run(&cfg, &res, sizeof res, err, sizeof err) ==
	    TACHYON_ESIZE && one_line(err), "a configuration not filled by "
	    "tachyon_config_init: ESIZE (%s)", err);
	tachyon_config_init(&next.c, sizeof next);
	next.c.duration_s = 0.05;
	next.c.working_set_bytes = MIB;
	next.c.threads = 1;
	next.later = 7;
	err[0] = '\0';
	ok(tachyon_run(&next.c, &res, sizeof res, err, sizeof err) ==
	    TACHYON_ESIZE && one_line(err), "a newer caller's field set: "
	    "ESIZE (%s)", err);
	err[5] = 'x';
	small(&cfg);
	cfg.threads = 0;
	tachyon_run(&cfg, &res, sizeof res, err, 5);
	ok(strlen(err) == 4, "the line is cut to errlen");
	ok(strcmp(tachyon_strerror(TACHYON_EINVAL), "invalid argument") == 0 &&
	    strcmp(tachyon_strerror(99), "unknown status") == 0 &&
	    strcmp(tachyon_strerror(TACHYON_ENOMEM),
	    tachyon_strerror(TACHYON_ETHREAD)) != 0,
	    "tachyon_strerror names each code");
}

static void
test_run(void)
{
	struct tachyon_config cfg;
	struct tachyon_result res;
	struct result_next next;
	struct config_next cnext;
	char err[TACHYON_ERRLEN];
	double mps, ns;

	small(&cfg);
	cfg.threads = 2;
	err[0] = '\0';
	if (!ok(tachyon_run(&cfg, &res, sizeof res, err, sizeof err) ==
	    TACHYON_OK, "a 50 ms reading of 2 x 1 MiB")) {
		printf("# %s\n", err);
		return;
	}
	ok(res.size == sizeof res && TACHYON_HAS(&res, interrupted) &&
	    TACHYON_HAS(&res, max_thread_run_wait_s), "every field filled in");
	if (access("/proc/thread-self/schedstat", R_OK) == 0)
		ok(res.run_wait_s >= 0 && res.max_thread_run_wait_s >= 0 &&
		    res.max_thread_run_wait_s <= res.run_wait_s &&
		    res.run_wait_s <= 2 * res.elapsed_s + 0.01,
		    "the run-queue wait: %.6f s in all, %.6f s at most in one "
		    "thread", res.run_wait_s, res.max_thread_run_wait_s);
	else
		ok(res.run_wait_s < 0, "no schedstat: the wait is unknown");
	ok(res.accesses > 0 && res.accesses % BATCH == 0,
	    "accesses are whole batches (%llu)",
	    (unsigned long long)res.accesses);
	ok(res.threads == 2 && res.working_set_bytes == MIB,
	    "2 threads of 1 MiB");
	ok(res.elapsed_s >= 0.05, "elapsed covers the budget (%.4f s)",
	    res.elapsed_s);
	mps = (double)res.accesses / res.elapsed_s / 1e6;
	ns = res.elapsed_s * 2 / (double)res.accesses * 1e9;
	ok(fabs(res.million_accesses_per_sec - mps) <= 1e-9 * mps &&
	    fabs(res.ns_per_access - ns) <= 1e-9 * ns,
	    "the score is accesses / elapsed / 1e6, the latency elapsed x "
	    "threads / accesses");
	ok(res.interrupted == 0 && res.pinned_threads <= 2,
	    "not interrupted; pinned %u", res.pinned_threads);
	memset(&next, 0xa5, sizeof next);
	ok(tachyon_run(&cfg, &next.r, sizeof next, NULL, 0) == TACHYON_OK &&
	    next.r.size == sizeof next.r && next.later == 0,
	    "a newer caller's result: its own fields filled, the unknown "
	    "one zero, size says which");
	memset(&res, 0xa5, sizeof res);
	ok(tachyon_run(&cfg, &res, offsetof(struct tachyon_result,
	    run_wait_s), NULL, 0) == TACHYON_OK && res.size ==
	    offsetof(struct tachyon_result, run_wait_s) &&
	    !TACHYON_HAS(&res, run_wait_s) && res.accesses > 0 &&
	    ((unsigned char *)&res)[sizeof res - 1] == 0xa5,
	    "a caller of the first layout: its fields filled, nothing written "
	    "past them");
	tachyon_config_init(&cnext.c, sizeof cnext);
	cnext.c.duration_s = 0.05;
	cnext.c.working_set_bytes = MIB;
	cnext.c.threads = 1;
	ok(tachyon_run(&cnext.c, &res, sizeof res, NULL, 0) == TACHYON_OK,
	    "a newer caller's configuration with its new field left zero");
}

static void
test_handle(void)
{
	struct tachyon_config cfg;
	struct tachyon_result r1, r2;
	struct tachyon_probe *p = (struct tachyon_probe *)&cfg;
	char err[TACHYON_ERRLEN];

	small(&cfg);
	cfg.threads = 0;
	ok(tachyon_open(&cfg, &p, err, sizeof err) == TACHYON_EINVAL &&
	    p == NULL, "tachyon_open refuses, and leaves no handle");
	small(&cfg);
	cfg.threads = 2;
	if (!ok(tachyon_open(&cfg, &p, err, sizeof err) == TACHYON_OK,
	    "tachyon_open")) {
		printf("# %s\n", err);
		return;
	}
	ok(tachyon_measure(p, 0.03, &r1, sizeof r1, err, sizeof err) ==
	    TACHYON_OK && tachyon_measure(p, 0.03, &r2, sizeof r2, err,
	    sizeof err) == TACHYON_OK, "two readings of one set of chains");
	ok(r1.accesses > 0 && r2.accesses > 0 && !r1.interrupted,
	    "both counted accesses");
	ok(tachyon_measure(p, 0, &r1, sizeof r1, err, sizeof err) ==
	    TACHYON_EINVAL && one_line(err), "0 seconds: EINVAL (%s)", err);
	tachyon_interrupt(p);
	ok(tachyon_measure(p, 5, &r1, sizeof r1, err, sizeof err) ==
	    TACHYON_OK && r1.interrupted && r1.accesses == 2 * BATCH &&
	    r1.elapsed_s < 5, "after tachyon_interrupt a 5 s reading ends at "
	    "its first batch (%.4f s)", r1.elapsed_s);
	tachyon_close(p);
	tachyon_close(NULL);
	ok(1, "tachyon_close, and of NULL");
}

static void *
caller(void *arg)
{
	struct tachyon_config cfg;
	struct tachyon_result res;
	int *status = arg;

	small(&cfg);
	cfg.working_set_bytes = 256 * 1024;
	*status = tachyon_run(&cfg, &res, sizeof res, NULL, 0);
	if (*status == TACHYON_OK && res.accesses == 0)
		*status = -1;
	return NULL;
}

static void
test_threads(void)
{
	pthread_t t[4];
	int status[4], i, good = 0;

	for (i = 0; i < 4; i++)
		pthread_create(&t[i], NULL, caller, &status[i]);
	for (i = 0; i < 4; i++) {
		pthread_join(t[i], NULL);
		good += status[i] == TACHYON_OK;
	}
	is_int(good, 4, "four callers' threads read at once");
}

/* One of the concurrent readers of test_spread. */
struct reader {
	struct tachyon_probe	*p;
	pthread_barrier_t	*start;
	struct tachyon_result	 r;
	int			 status;
};

static void *
reader_main(void *arg)
{
	struct reader *rd = arg;

	pthread_barrier_wait(rd->start);
	rd->status = tachyon_measure(rd->p, 0.5, &rd->r, sizeof rd->r, NULL,
	    0);
	return NULL;
}

/*
 * Concurrent callers spread their threads: one more one-thread reading
 * at once than this process has CPUs, so that at least one shares a
 * core and says so (pinned_threads 0), and at least one has its own.
 */
static void
test_spread(void)
{
	struct tachyon_config cfg;
	struct reader rd[65];
	pthread_barrier_t start;
	pthread_t t[65];
	cpu_set_t mask;
	int n, i, own = 0, shared = 0, good = 0;

	if (sched_getaffinity(0, sizeof mask, &mask) == -1 ||
	    (n = CPU_COUNT(&mask) + 1) > 65) {
		skip(2, "no affinity mask, or too many CPUs for the test");
		return;
	}
	small(&cfg);
	cfg.working_set_bytes = 256 * 1024;
	pthread_barrier_init(&start, NULL, (unsigned)n);
	for (i = 0; i < n; i++) {
		rd[i].start = &start;
		rd[i].status = tachyon_open(&cfg, &rd[i].p, NULL, 0);
	}
	for (i = 0; i < n; i++)
		pthread_create(&t[i], NULL, reader_main, &rd[i]);
	for (i = 0; i < n; i++) {
		pthread_join(t[i], NULL);
		good += rd[i].status == TACHYON_OK;
		own += rd[i].r.pinned_threads == 1;
		shared += rd[i].r.pinned_threads == 0;
		tachyon_close(rd[i].p);
	}
	pthread_barrier_destroy(&start);
	ok(good == n, "%d concurrent one-thread readings", n);
	ok(own >= 1 && shared >= 1 && own < n, "with %d CPUs: %d on a core of "
	    "their own, %d sharing one and saying so", n - 1, own, shared);
}

/* A chain shorter than a page is rounded up, and the result says so. */
static void
test_tiny(void)
{
	struct tachyon_config cfg;
	struct tachyon_result res;
	char err[TACHYON_ERRLEN];
	int st;

	small(&cfg);
	cfg.working_set_bytes = 4;
	memset(&res, 0, sizeof res);
	st = tachyon_run(&cfg, &res, sizeof res, err, sizeof err);
	ok(st == TACHYON_OK && res.working_set_bytes == 4096, "a 4-byte "
	    "working set: a chain of "
	    "a page, working_set_bytes %llu", (unsigned long long)
	    res.working_set_bytes);
}

static void
test_check(void)
{
	struct tachyon_config cfg;
	struct tachyon_check chk;
	char err[TACHYON_ERRLEN];

	small(&cfg);
	cfg.working_set_bytes = 256 * 1024;
	cfg.duration_s = 1;
	err[0] = '\0';
	if (!ok(tachyon_check_working_set(&cfg, &chk, sizeof chk, err,
	    sizeof err) == TACHYON_OK, "the check of 256 KiB")) {
		printf("# %s\n", err);
		return;
	}
	ok(chk.size == sizeof chk && chk.total_bytes == 256 * 1024 &&
	    chk.large_bytes >= 64 * MIB, "256 KiB against %llu MiB",
	    (unsigned long long)(chk.large_bytes / MIB));
	ok(chk.verdict == TACHYON_CACHE && chk.measurements == 2 &&
	    chk.ns_per_load < chk.large_ns_per_load,
	    "256 KiB reads like cache: %.1f against %.1f ns", chk.ns_per_load,
	    chk.large_ns_per_load);
	ok(chk.suggest_bytes >= 64 * MIB && chk.suggest_bytes % MIB == 0,
	    "it suggests %llu MiB a thread",
	    (unsigned long long)(chk.suggest_bytes / MIB));
	cfg.working_set_bytes = UINT64_C(16) << 30;
	cfg.threads = 1024;
	err[0] = '\0';
	ok(tachyon_check_working_set(&cfg, &chk, sizeof chk, err, sizeof err)
	    == TACHYON_OK && chk.verdict == TACHYON_SKIPPED && one_line(err),
	    "16 TiB in all: skipped, and why (%s)", err);
	ok(tachyon_check_working_set(&cfg, &chk, 8, NULL, 0) == TACHYON_ESIZE,
	    "a check structure below the first layout: ESIZE");
}

int
main(void)
{
	test_defaults();
	test_refusals();
	test_run();
	test_handle();
	test_threads();
	test_spread();
	test_tiny();
	test_check();
	return done_testing();
}
