/* SPDX-License-Identifier: MIT */
/*
 * The tachyon probe (see probe.h): chains built and first-touched by the
 * threads that chase them, a barrier start, batches between clock reads.
 */
#include <config.h>

#include <sys/mman.h>

#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "mem/mem-map.h"
#include "mem/mem-probe.h"
#include "rng.h"
#include "size.h"
#include "util.h"

/* One thread's chain and what it did in the last reading. */
struct worker {
	struct ts_probe	*probe;
	unsigned	 index;
	uint32_t	*chain;
	size_t		 map_bytes;
	uint32_t	 cursor;
	int		 error;		/* errno of a failed build */
	int		 pinned;
	uint64_t	 batches;
	double		 start, end;
	bool		 interrupted;
	double		 wait_s;	/* during the chase; < 0: unknown */
};

/* The start gate's states. */
enum { GATE_SHUT, GATE_GO, GATE_ABORT };

/* What the threads do when the round turns. */
enum { JOB_CHASE, JOB_EXIT };

struct ts_probe {
	struct ts_probe_config	 cfg;
	uint64_t		 slots;	/* per chain */
	struct worker		*workers;
	/*
	 * The threads live from ts_probe_open to ts_probe_close and sleep
	 * between readings.  A thread created for each reading shared a
	 * busy CPU worse than one that had slept: beside a memory neighbour
	 * in another task group (a session or a cgroup of its own), in
	 * three runs of bench/probe-threads.sh, created threads' 20 ms
	 * readings scored 0.81-0.90 of 5 s ones (median wait 0.57-0.70 of
	 * the reading), woken threads' 0.87-1.01 (0.51-0.60).
	 */
	pthread_t		*tids;
	unsigned		 started;
	pid_t			 pid;	/* the process whose threads they are */
	/*
	 * The start gate: every thread ready (counted under the lock), then
	 * all released at once through a futex, which wakes them without a
	 * lock to take in turn (a thousand threads on two CPUs took seconds
	 * to get through a condition variable's mutex).  Each job ends when
	 * every thread has counted itself done.
	 */
	pthread_mutex_t		 lock;
	pthread_cond_t		 cond;
	unsigned		 ready, done;
	atomic_int		 gate;
	/* Bumped, with the threads woken through a futex, to hand out job. */
	atomic_int		 round;
	atomic_int		 job;
	/*
	 * One clock for every thread: the warm-up ends at the gate's
	 * opening + TS_PROBE_WARM_S, the reading `seconds` later.
	 */
	double			 warm_end;
	double			 deadline;
};

/*
 * Written after every reading, so the chase's result is observable and
 * no compiler may drop the loads that produce it.  Atomic: probes of
 * several threads (libtachyon-probe's callers) may write it at once.
 */
static atomic_uint_least32_t probe_sink;

/* splitmix64's output function: a bijective 64-bit mixer. */
static uint64_t
mix64(uint64_t z)
{
	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

uint64_t
ts_probe_thread_seed(uint64_t seed, unsigned thread)
{
	return mix64(seed + UINT64_C(0x9E3779B97F4A7C15) *
	    ((uint64_t)thread + 1));
}

/* Swaps whose slot is drawn, and its line fetched, ahead of time. */
#define BUILD_AHEAD	16

void
ts_probe_chain_build(uint32_t *chain, uint64_t n, uint64_t seed,
    unsigned thread)
{
	uint64_t js[BUILD_AHEAD], i, j, k;
	struct ts_rng rng;
	uint32_t tmp;

	/* Writing every slot here is also the first touch of every page. */
	for (i = 0; i < n; i++)
		chain[i] = (uint32_t)i;
	ts_rng_seed(&rng, ts_probe_thread_seed(seed, thread));
	/*
	 * Sattolo: j < i strictly, so the result is a single n-cycle.  The
	 * j of step i is drawn BUILD_AHEAD steps before it is used, in the
	 * same order as ever (the same chain), and its line is asked for
	 * then, so that the random swaps wait for memory side by side
	 * instead of one after another.
	 */
	for (k = 0; k < BUILD_AHEAD && n - 1 - k >= 1 && k < n; k++) {
		js[k] = ts_rng_below(&rng, n - 1 - k);
		__builtin_prefetch(&chain[js[k]], 1);
	}
	for (i = n, k = 0; i-- > 1; k = (k + 1) % BUILD_AHEAD) {
		j = js[k];
		if (i > BUILD_AHEAD) {
			js[k] = ts_rng_below(&rng, i - BUILD_AHEAD);
			__builtin_prefetch(&chain[js[k]], 1);
		}
		tmp = chain[i];
		chain[i] = chain[j];
		chain[j] = tmp;
	}
}

/* Block every signal in the calling thread (workers leave them to main). */
static void
block_signals(sigset_t *old)
{
	sigset_t all;

	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, old);
}

static void
futex_wait(atomic_int *word, int val)
{
	(void)syscall(SYS_futex, word, FUTEX_WAIT_PRIVATE, val, NULL, NULL, 0);
}

static void
futex_wake_all(atomic_int *word)
{
	(void)syscall(SYS_futex, word, FUTEX_WAKE_PRIVATE, INT_MAX, NULL, NULL,
	    0);
}

/* Worker: count this thread in *count (ready or done), tell the opener. */
static void
count_in(struct ts_probe *pr, unsigned *count)
{
	pthread_mutex_lock(&pr->lock);
	(*count)++;
	pthread_cond_signal(&pr->cond);
	pthread_mutex_unlock(&pr->lock);
}

/* Opener: wait until `want` threads have counted themselves in *count. */
static void
await_count(struct ts_probe *pr, const unsigned *count, unsigned want)
{
	pthread_mutex_lock(&pr->lock);
	while (*count < want)
		pthread_cond_wait(&pr->cond, &pr->lock);
	pthread_mutex_unlock(&pr->lock);
}

/* Worker side of the gate: report ready, wait; false if aborted. */
static bool
gate_wait(struct ts_probe *pr)
{
	int g;

	count_in(pr, &pr->ready);
	while ((g = atomic_load(&pr->gate)) == GATE_SHUT)
		futex_wait(&pr->gate, GATE_SHUT);
	return g == GATE_GO;
}

/* Open the gate (or abort) for every thread waiting at it. */
static void
gate_open(struct ts_probe *pr, int how)
{
	atomic_store(&pr->gate, how);
	futex_wake_all(&pr->gate);
}

/*
 * Worker: bind, allocate and build this thread's chain (a failure is left
 * in w->error).  False when the opener aborted at the gate.
 */
static bool
build_chain(struct worker *w)
{
	const struct ts_probe_config *cfg = &w->probe->cfg;
	void *p;

	if (cfg->bind != NULL)
		w->pinned = cfg->bind(cfg->bind_arg, w->index) == 0;
	if (!gate_wait(w->probe))
		return false;
	w->map_bytes = (size_t)(w->probe->slots * sizeof(uint32_t));
	if ((p = ts_map_populated(w->map_bytes, TS_PAGES_SYSTEM)) == NULL) {
		w->error = errno ? errno : ENOMEM;
		return true;
	}
	w->chain = p;
	ts_probe_chain_build(w->chain, w->probe->slots, cfg->seed, w->index);
	w->cursor = 0;
	return true;
}

/*
 * Read one slot of every page of the chain, in address order, before the
 * clock starts.  A chase after an idle spell finds the page tables that
 * translate its chain evicted from the caches by other work, and its
 * first tens of milliseconds ran at 40-70 % of the rate it settles at: a
 * short reading scored half of what a long one did.  In address order
 * the page-table lines come in side by side, not one dependent walk at a
 * time (64 MiB here: about 4 ms), and the chase starts at the rate a
 * long reading holds.  The sum only keeps the loads.
 */
static uint32_t
prime_pages(const uint32_t *chain, uint64_t slots)
{
	long page = sysconf(_SC_PAGESIZE);
	uint64_t step = page > 0 ? (uint64_t)page / sizeof *chain : 1024, i;
	uint32_t sum = 0;

	for (i = 0; i < slots; i += step)
		sum += chain[i];
	return sum;
}

/* Whether the caller's stop flag is raised. */
static bool
stop_raised(const struct ts_probe_config *cfg)
{
	return cfg->stop != NULL &&
	    atomic_load_explicit(cfg->stop, memory_order_relaxed);
}

/* Worker: prime, wait for the others, warm up, chase on the clock. */
static void
chase(struct worker *w)
{
	const struct ts_probe_config *cfg = &w->probe->cfg;
	const uint32_t *chain = w->chain;
	uint32_t p = w->cursor;
	uint64_t batches = 0, wait0 = 0, wait1;
	double deadline, now;
	unsigned k;

	if (cfg->bind != NULL)
		w->pinned = cfg->bind(cfg->bind_arg, w->index) == 0;
	w->interrupted = false;
	w->batches = 0;
	w->wait_s = 0;
	atomic_fetch_xor_explicit(&probe_sink, prime_pages(chain,
	    w->probe->slots), memory_order_relaxed);
	if (!gate_wait(w->probe))
		return;
	/* The warm-up (TS_PROBE_WARM_S), off the clock. */
	do {
		for (k = 0; k < TS_PROBE_BATCH; k++)
			p = chain[p];
	} while (ts_now() < w->probe->warm_end && !stop_raised(cfg));
	/* The wait of this chase alone, read outside its clock. */
	if (cfg->wait_ns == NULL || cfg->wait_ns(&wait0) == -1)
		w->wait_s = -1;
	w->start = ts_now();
	/*
	 * The gate's deadline, not this thread's: a thread that gets its
	 * CPU late (more threads than CPUs) reads one batch and ends, so a
	 * reading lasts its budget and not the threads' queue.
	 */
	deadline = w->probe->deadline;
	for (;;) {
		for (k = 0; k < TS_PROBE_BATCH; k++)
			p = chain[p];
		batches++;
		now = w->end = ts_now();
		if (now >= deadline)
			break;
		if (stop_raised(cfg)) {
			w->interrupted = true;
			break;
		}
	}
	w->cursor = p;
	w->batches = batches;
	if (w->wait_s == 0 && cfg->wait_ns(&wait1) == 0 && wait1 >= wait0)
		w->wait_s = (double)(wait1 - wait0) / 1e9;
	else
		w->wait_s = -1;
}

/*
 * A worker's life: build its chain, then a reading each time the round
 * turns, until the job is to exit.
 */
static void *
worker_main(void *arg)
{
	struct worker *w = arg;
	struct ts_probe *pr = w->probe;
	int seen = 0;

	if (!build_chain(w))
		return NULL;
	for (;;) {
		count_in(pr, &pr->done);
		while (atomic_load(&pr->round) == seen)
			futex_wait(&pr->round, seen);
		seen = atomic_load(&pr->round);
		if (atomic_load(&pr->job) == JOB_EXIT)
			return NULL;
		chase(w);
	}
}

/*
 * Start one thread per worker with every signal blocked and let them build
 * their chains.  Return 0, or an errno value if a thread could not be
 * created (the ones already started are released from the gate and
 * joined).
 */
static int
start_workers(struct ts_probe *pr)
{
	sigset_t old;
	unsigned i;
	int rc = 0;

	if ((pr->tids = calloc(pr->cfg.threads, sizeof *pr->tids)) == NULL)
		return ENOMEM;
	pr->pid = getpid();
	atomic_store(&pr->gate, GATE_SHUT);
	block_signals(&old);
	for (i = 0; i < pr->cfg.threads; i++) {
		if ((rc = pthread_create(&pr->tids[i], NULL, worker_main,
		    &pr->workers[i])) != 0)
			break;
		pr->started++;
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	/* Open the gate once every thread waits at it, or abort them all. */
	if (rc == 0)
		await_count(pr, &pr->ready, pr->started);
	gate_open(pr, rc == 0 ? GATE_GO : GATE_ABORT);
	if (rc != 0) {
		for (i = 0; i < pr->started; i++)
			pthread_join(pr->tids[i], NULL);
		pr->started = 0;
		return rc;
	}
	await_count(pr, &pr->done, pr->started);
	return 0;
}

/* Hand every worker the job, which they take up when the round turns. */
static void
hand_out(struct ts_probe *pr, int job)
{
	pthread_mutex_lock(&pr->lock);
	pr->ready = pr->done = 0;
	pthread_mutex_unlock(&pr->lock);
	atomic_store(&pr->gate, GATE_SHUT);
	atomic_store(&pr->job, job);
	atomic_fetch_add(&pr->round, 1);
	futex_wake_all(&pr->round);
}

/*
 * End the workers and join them.  In a child of fork(2) they do not
 * exist: the child only frees its copy of the probe.
 */
static void
stop_workers(struct ts_probe *pr)
{
	unsigned i;

	if (pr->started == 0 || pr->pid != getpid())
		return;
	hand_out(pr, JOB_EXIT);
	for (i = 0; i < pr->started; i++)
		pthread_join(pr->tids[i], NULL);
	pr->started = 0;
}

/* Unmap every chain and free the probe. */
static void
probe_free(struct ts_probe *pr)
{
	unsigned i;

	if (pr == NULL)
		return;
	stop_workers(pr);
	free(pr->tids);
	for (i = 0; i < pr->cfg.threads; i++)
		if (pr->workers[i].chain != NULL)
			munmap(pr->workers[i].chain, pr->workers[i].map_bytes);
	free(pr->workers);
	pthread_mutex_destroy(&pr->lock);
	pthread_cond_destroy(&pr->cond);
	free(pr);
}

struct ts_probe *
ts_probe_open(const struct ts_probe_config *cfg, char *err, size_t errlen)
{
	struct ts_probe *pr;
	uint64_t entries;
	unsigned i;
	int rc;

	if (cfg->threads == 0 || !(cfg->seconds > 0)) {
		snprintf(err, errlen, "invalid probe configuration");
		errno = EINVAL;
		return NULL;
	}
	entries = cfg->working_set_bytes / sizeof(uint32_t);
	if (ts_size_mappable(cfg->working_set_bytes, "working set per thread",
	    err, errlen) != 0) {
		errno = EINVAL;
		return NULL;
	}
	if (cfg->working_set_bytes > TS_PROBE_MAX_BYTES ||
	    entries < 1) {
		snprintf(err, errlen, "working set of %llu bytes per thread "
		    "is outside %llu..%llu", (unsigned long long)
		    cfg->working_set_bytes, (unsigned long long)
		    sizeof(uint32_t),
		    (unsigned long long)TS_PROBE_MAX_BYTES);
		errno = EINVAL;
		return NULL;
	}
	/* No allocator that ends the program: libtachyon-probe runs this. */
	if ((pr = calloc(1, sizeof *pr)) == NULL ||
	    (pr->workers = calloc(cfg->threads, sizeof *pr->workers)) == NULL) {
		free(pr);
		snprintf(err, errlen, "out of memory for %u probe threads",
		    cfg->threads);
		errno = ENOMEM;
		return NULL;
	}
	pr->cfg = *cfg;
	pr->slots = entries;
	pthread_mutex_init(&pr->lock, NULL);
	pthread_cond_init(&pr->cond, NULL);
	for (i = 0; i < cfg->threads; i++) {
		pr->workers[i].probe = pr;
		pr->workers[i].index = i;
	}
	if ((rc = start_workers(pr)) != 0) {
		snprintf(err, errlen, "cannot start %u probe threads: %s",
		    cfg->threads, strerror(rc));
		probe_free(pr);
		errno = rc;
		return NULL;
	}
	for (i = 0; i < cfg->threads; i++) {
		if ((rc = pr->workers[i].error) == 0)
			continue;
		snprintf(err, errlen, "cannot allocate %u x %.6g MiB of "
		    "chains: %s", cfg->threads,
		    (double)cfg->working_set_bytes / (double)TS_MIB, strerror(rc));
		probe_free(pr);
		errno = rc;
		return NULL;
	}
	return pr;
}

int
ts_probe_measure(struct ts_probe *pr, double seconds,
    struct ts_probe_result *res, char *err, size_t errlen)
{
	double spans = 0;
	uint32_t fold = 0;
	bool unknown = false;
	unsigned i;

	memset(res, 0, sizeof *res);
	if (!(seconds > 0)) {
		snprintf(err, errlen, "invalid probe budget");
		errno = EINVAL;
		return -1;
	}
	if (pr->pid != getpid()) {
		snprintf(err, errlen, "the probe's threads are in process %ld, "
		    "which opened it; a forked child must open its own",
		    (long)pr->pid);
		errno = ECHILD;
		return -1;
	}
	hand_out(pr, JOB_CHASE);
	/* Open the gate once every thread has primed its chain and waits. */
	await_count(pr, &pr->ready, pr->started);
	pr->warm_end = ts_now() + TS_PROBE_WARM_S;
	pr->deadline = pr->warm_end + seconds;
	gate_open(pr, GATE_GO);
	await_count(pr, &pr->done, pr->started);
	for (i = 0; i < pr->cfg.threads; i++) {
		const struct worker *w = &pr->workers[i];

		res->accesses += w->batches * TS_PROBE_BATCH;
		spans += w->end - w->start;
		res->pinned += (unsigned)w->pinned;
		res->interrupted |= w->interrupted;
		fold ^= w->cursor;
		res->wait_s += w->wait_s;
		if (w->wait_s > res->max_wait_s)
			res->max_wait_s = w->wait_s;
		unknown |= w->wait_s < 0;
	}
	if (unknown)
		res->wait_s = res->max_wait_s = -1;
	/*
	 * The threads' accesses over their mean chase time, not over the
	 * first start to the last end: a thread that a neighbour preempts in its
	 * last batch ends milliseconds past the deadline while the others
	 * have stopped, and a 20 ms reading counted those idle milliseconds
	 * as slowness (0.77-0.87 of a 1 s reading beside a neighbour, 0.93-
	 * 0.98 from the threads' own times).  For a long reading the two
	 * differ by well under a batch.
	 */
	res->elapsed_s = spans / pr->cfg.threads;
	res->threads = pr->cfg.threads;
	res->working_set_bytes = pr->slots * sizeof(uint32_t);
	res->fold = fold;
	atomic_fetch_xor_explicit(&probe_sink, fold, memory_order_relaxed);
	return 0;
}

void
ts_probe_close(struct ts_probe *pr)
{
	probe_free(pr);
}

int
ts_probe_run(const struct ts_probe_config *cfg, struct ts_probe_result *res,
    char *err, size_t errlen)
{
	struct ts_probe *pr;
	int rc;

	if ((pr = ts_probe_open(cfg, err, errlen)) == NULL)
		return -1;
	rc = ts_probe_measure(pr, cfg->seconds, res, err, errlen);
	ts_probe_close(pr);
	return rc;
}

double
ts_probe_score(const struct ts_probe_result *r)
{
	if (r->elapsed_s <= 0)
		return 0;
	return (double)r->accesses / r->elapsed_s / 1e6;
}

double
ts_probe_wait_share(const struct ts_probe_result *r)
{
	double share;

	if (r->max_wait_s < 0 || !(r->elapsed_s > 0))
		return -1;
	share = r->max_wait_s / r->elapsed_s;
	return share < 1 ? share : 1;
}

double
ts_probe_ns_per_access(const struct ts_probe_result *r)
{
	if (r->accesses == 0)
		return 0;
	return r->elapsed_s * r->threads / (double)r->accesses * 1e9;
}
