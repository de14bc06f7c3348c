/* SPDX-License-Identifier: MIT */
/*
 * The tachyon memory probe as a library: per-thread Sattolo chains of
 * 32-bit indices, chased with dependent loads in fixed-size batches for a
 * wall-clock budget.  Config in, result out; no policing of the size.
 */
#ifndef TS_PROBE_H
#define TS_PROBE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What the probe measures; bump when its semantics change. */
#define TS_PROBE_NAME		"memory-chase"
/* Dependent loads between two clock reads. */
#define TS_PROBE_BATCH		8192u
/*
 * Every reading chases this long, untimed, after its threads start
 * together and before their clock starts.  On the 2-vCPU VMs the first
 * tens of milliseconds after an idle spell run slow even with the page
 * tables primed (chases 8-15 s after the last one, means of 20-24: the
 * first 20 ms at 0.87-0.94 of the rate held from 200 ms on, some at
 * half of it or less; 20 ms taken from 20 or 30 ms on at 0.94-0.99): a
 * short reading measured the waking more than the memory.  A long
 * reading hardly notices.
 */
#define TS_PROBE_WARM_S		0.02
/* Largest chain: every slot index must fit in 32 bits. */
#define TS_PROBE_MAX_BYTES	(UINT64_C(4) << 32)

struct ts_probe_config {
	double		 seconds;	/* budget of one reading, > 0 */
	uint64_t	 working_set_bytes; /* per thread */
	unsigned	 threads;	/* concurrent chains, >= 1 */
	uint64_t	 seed;		/* chain permutation seed */
	/* Called by each thread before it allocates and before it chases. */
	int		(*bind)(void *arg, unsigned thread);
	void		*bind_arg;
	/* When non-NULL and set, readings end at the next batch boundary. */
	atomic_int	*stop;
	/*
	 * When non-NULL, called by each thread just after its chase starts
	 * and just after it ends: the calling thread's time waiting, runnable,
	 * for a CPU so far, in ns, into *wait (return 0), or -1 when the
	 * kernel does not say.  The result's wait fields come from it.
	 */
	int		(*wait_ns)(uint64_t *wait);
};

struct ts_probe_result {
	uint64_t	 accesses;	/* completed batches x batch size */
	double		 elapsed_s;	/* each thread's start to end, averaged */
	unsigned	 threads;
	uint64_t	 working_set_bytes; /* per thread, as allocated */
	unsigned	 pinned;	/* threads whose bind call succeeded */
	uint32_t	 fold;		/* final chase positions, XORed */
	bool		 interrupted;	/* ended early by config.stop */
	/*
	 * The threads' time runnable but waiting for a CPU during the chase,
	 * summed, and the most any one of them waited, in seconds; both
	 * negative when config.wait_ns is NULL or failed in some thread.
	 */
	double		 wait_s;
	double		 max_wait_s;
};

struct ts_probe;

/*
 * Start one thread per chain; each allocates, builds and first-touches
 * its chain (bound first when config->bind is set), then sleeps until a
 * reading wakes it.  The threads live until ts_probe_close.  Return NULL
 * with a one-line reason in err and errno set (ENOMEM, EINVAL, EAGAIN).
 */
struct ts_probe	*ts_probe_open(const struct ts_probe_config *, char *err,
		    size_t errlen);
/*
 * One reading, by the threads ts_probe_open started (each bound again
 * when config->bind is set): each reads one slot of every page of its chain
 * (the page tables back in the caches, as a long chase keeps them), then
 * all start at a barrier, chase untimed for TS_PROBE_WARM_S, then chase
 * in batches on the clock and stop at the first batch boundary `seconds`
 * past the warm-up's end.
 * Every thread completes at least one batch.  Return 0, or -1 with the
 * reason in err (errno ECHILD in a child of fork(2), which has none of
 * the threads).
 */
int		 ts_probe_measure(struct ts_probe *, double seconds,
		    struct ts_probe_result *, char *err, size_t errlen);
/* End and join the threads (in a forked child: none), free the chains. */
void		 ts_probe_close(struct ts_probe *);

/* Open, measure once with config->seconds, close. */
int		 ts_probe_run(const struct ts_probe_config *,
		    struct ts_probe_result *, char *err, size_t errlen);

/* The score: accesses / elapsed / 1e6, summed over threads. */
double		 ts_probe_score(const struct ts_probe_result *);
/*
 * The share of the reading its most-waiting thread spent runnable but
 * waiting for a CPU: max_wait_s over elapsed_s, at most 1 (elapsed_s is
 * the threads' mean time, so with more threads than CPUs the quotient
 * can pass 1); -1 when the wait is unknown.  About 0.5 beside a busy
 * process on the thread's core.
 */
double		 ts_probe_wait_share(const struct ts_probe_result *);
/* Per-thread latency: elapsed x threads / accesses, in nanoseconds. */
double		 ts_probe_ns_per_access(const struct ts_probe_result *);

/* The PRNG seed of a thread's chain: differs per thread, fixed per seed. */
uint64_t	 ts_probe_thread_seed(uint64_t seed, unsigned thread);
/*
 * Build a chain of n slots as one cycle through all of them: Sattolo's
 * algorithm, j drawn from [0, i), with splitmix64 seeded by
 * ts_probe_thread_seed(seed, thread).  chain[k] holds the index of the
 * slot after slot k.  n must be >= 1 and <= 2^32.
 */
void		 ts_probe_chain_build(uint32_t *chain, uint64_t n,
		    uint64_t seed, unsigned thread);

#endif /* TS_PROBE_H */
