/* SPDX-License-Identifier: MIT */
/*
 * Does tachyon's working set clear the cache?  hwloc's last-level cache
 * size and the machine's memory only bound the search; the answers come
 * from short latency measurements at two sizes.
 */
#ifndef TS_CACHECHECK_H
#define TS_CACHECHECK_H

#include <stddef.h>
#include <stdint.h>

#define TS_MIB			(UINT64_C(1) << 20)
/* A larger size more than 15 % slower per access: the chosen one is cache. */
#define TS_CACHE_SLOWER		1.15
/* A doubling within 5 % of the current latency: the curve is flat. */
#define TS_AUTO_FLAT		1.05
/* `--working-set-mb auto` starts here (per thread), as the default does. */
#define TS_AUTO_START		(64 * TS_MIB)
/* The check's larger size is at least this (in total), else 4x. */
#define TS_CHECK_FLOOR		(64 * TS_MIB)

struct ts_cache_bounds {
	uint64_t	llc_bytes;	/* hwloc's largest LLC; 0 unknown */
	uint64_t	mem_bytes;	/* memory the probe may use; 0 unknown */
};

/*
 * Measure the per-access latency (ns) of chases over a_bytes and b_bytes
 * in total, into *ns_a and *ns_b.  Return 0, or -1 on failure.
 */
typedef int	(*ts_latency_pair_fn)(void *arg, uint64_t a_bytes,
		    uint64_t b_bytes, double *ns_a, double *ns_b);

enum ts_cache_verdict {
	TS_CACHE_CLEAR,		/* the larger size reads the same */
	TS_CACHE_IN_CACHE,	/* the larger size reads clearly slower */
	TS_CACHE_SKIPPED	/* no clearly larger size fits the bounds */
};

struct ts_cache_report {
	enum ts_cache_verdict	verdict;
	uint64_t		chosen_bytes;	/* threads x working set */
	uint64_t		larger_bytes;	/* 0 when skipped */
	double			ns_chosen, ns_larger;
	/* Per-thread size (whole MiB) that reaches larger_bytes in total. */
	uint64_t		suggest_bytes;
};

/* MemAvailable from /proc/meminfo in bytes; 0 when unknown. */
uint64_t	 ts_mem_available(void);
/*
 * Memory the probe and its checks may use: half of the smaller known of
 * hwloc's total and the available memory; 0 when neither is known.
 */
uint64_t	 ts_cache_mem_bound(uint64_t hwloc_bytes, uint64_t avail_bytes);

/* Whether ns_chosen is clearly (TS_CACHE_SLOWER) faster than ns_larger. */
int		 ts_cache_in_cache(double ns_chosen, double ns_larger);
/*
 * The larger total size the check compares against: max(4 x total,
 * TS_CHECK_FLOOR), at most 4 x LLC, what memory leaves beside `total`,
 * and one chain's limit; 0 when that is not at least twice `total`.
 */
uint64_t	 ts_cache_larger_size(uint64_t total,
		    const struct ts_cache_bounds *);
/*
 * Compare threads x bytes_per_thread with the larger size through
 * measure; a first pair that says cache is measured again, and the
 * verdict is cache only if both pairs say so.  Return 0 with *rep filled
 * in, or -1 if measure failed.
 */
int		 ts_cache_check(uint64_t bytes_per_thread, unsigned threads,
		    const struct ts_cache_bounds *, ts_latency_pair_fn,
		    void *arg, struct ts_cache_report *rep);

/*
 * `--working-set-mb auto`'s range per thread: the start, TS_AUTO_START
 * (less if memory is short), and the end, 4 x LLC and memory over threads
 * (never below the start).  Both are whole MiB.
 */
void		 ts_auto_range(unsigned threads,
		    const struct ts_cache_bounds *, uint64_t *start,
		    uint64_t *end);
/*
 * Double the per-thread size from the start while the next doubling
 * (capped at the end) reads clearly slower than the current size; stop
 * at the end.  *bytes_per_thread gets the choice and *steps the number
 * of measurements.  Return 0, or -1 if measure failed.
 */
int		 ts_auto_size(unsigned threads, const struct ts_cache_bounds *,
		    ts_latency_pair_fn, void *arg, uint64_t *bytes_per_thread,
		    unsigned *steps);

/* Turns of each size in one quick measurement, interleaved. */
#define TS_QUICK_ROUNDS		3
/* The longest warm-up of the smaller chain before it is timed, seconds. */
#define TS_QUICK_WARM_MAX	0.5

/* What ts_quick_latency_pair needs. */
struct ts_quick {
	double		 seconds;	/* per size, split into turns */
	uint64_t	 seed;
	/*
	 * A smaller size up to this is warmed before it is timed (a larger
	 * one cannot sit in cache); 0 when unknown: always warm.
	 */
	uint64_t	 warm_bytes;
	char		*err;		/* the reason of a failure */
	size_t		 errlen;
};

/*
 * The real measurement (a ts_latency_pair_fn, arg a struct ts_quick):
 * one thread chasing line chains of both sizes, TS_QUICK_ROUNDS turns of
 * each, interleaved, keeping each size's lowest latency of a batch
 * (TS_PROBE_BATCH loads).  Before each of its turns the smaller size a
 * is warmed (its chain followed once round, at most TS_QUICK_WARM_MAX
 * seconds), since a turn of a few milliseconds would otherwise see only
 * the misses of a cold chain; once a reads within TS_AUTO_FLAT of b it
 * is not in cache, and the warming stops.  Reading b cold can only
 * overstate its latency, and that only when a is in cache anyway.
 */
int		 ts_quick_latency_pair(void *arg, uint64_t a_bytes,
		    uint64_t b_bytes, double *ns_a, double *ns_b);

#endif /* TS_CACHECHECK_H */
