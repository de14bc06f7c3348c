/* SPDX-License-Identifier: MIT */
/*
 * Does tachyon's working set clear the cache, and how large must it be
 * to?  hwloc's last-level cache size and the machine's memory only bound
 * the sizes; the answers come from the cache-residency test
 * (mem-residency.h), which page walks cannot fool.
 */
#ifndef TS_PROBE_CACHE_H
#define TS_PROBE_CACHE_H

#include <stddef.h>
#include <stdint.h>

#include "mem/mem-residency.h"
#include "size.h"

/* `--working-set-mb auto` starts here (per thread), as the default does. */
#define TS_AUTO_START		(64 * TS_MIB)
/*
 * `auto` spends at most this long on its tests, or TS_AUTO_SHARE of the
 * budget when that is longer; it starts no test it expects to end later.
 */
#define TS_AUTO_SECONDS		3.0
#define TS_AUTO_SHARE		0.25

struct ts_cache_bounds {
	uint64_t	llc_bytes;	/* hwloc's largest LLC; 0 unknown */
	uint64_t	mem_bytes;	/* memory the probe may use; 0 unknown */
};

struct ts_cache_report {
	/* The test of threads x working set (small_bytes) in total. */
	struct ts_residency	res;
	/* Per-thread size (whole MiB) that reaches res.large_bytes in total. */
	uint64_t		suggest_bytes;
};

/*
 * Memory the probe and its checks may use: half of the smaller known of
 * hwloc's total and the available memory; 0 when neither is known.
 */
uint64_t	 ts_cache_mem_bound(uint64_t hwloc_bytes, uint64_t avail_bytes);

/*
 * The residency test's length per chase for a reading of `budget`
 * seconds: 5 % of it, at least 50 ms and at most 250 ms.
 */
double		 ts_cache_check_seconds(double budget);

/*
 * Test threads x bytes_per_thread against the larger footprint the
 * bounds allow (ts_residency_large) through measure.  rep->res is
 * skipped, without measuring, when no larger footprint fits, and skipped
 * with res.failed set when measuring failed.
 */
void		 ts_cache_check(uint64_t bytes_per_thread, unsigned threads,
		    const struct ts_cache_bounds *, ts_residency_fn measure,
		    void *arg, struct ts_cache_report *rep);

/*
 * `--working-set-mb auto`'s range per thread: the start, TS_AUTO_START
 * (less if memory is short), and the end, 4 x LLC and memory over threads
 * (never below the start).  Both are whole MiB.
 */
void		 ts_auto_range(unsigned threads,
		    const struct ts_cache_bounds *, uint64_t *start,
		    uint64_t *end);

/* Why `auto` stopped where it did. */
enum ts_auto_stop {
	TS_AUTO_CLEAR,		/* the size tested clear of the caches */
	TS_AUTO_BOUND,		/* the range ended (LLC, memory) */
	TS_AUTO_TIME,		/* the next test would pass the time limit */
	TS_AUTO_SKIPPED		/* a test could not be made */
};

struct ts_auto_report {
	enum ts_auto_stop	stop;
	unsigned		steps;		/* tests made */
	double			seconds;	/* spent on them */
	double			limit;		/* the time limit applied */
	/* The last test, of the chosen size (skipped if none was made). */
	struct ts_cache_report	last;
};

/* What ts_auto_size needs beyond the bounds. */
struct ts_auto_cfg {
	unsigned	 threads;
	double		 limit;		/* seconds `auto` may spend */
	ts_residency_fn	 measure;
	void		*arg;
	double		(*clock)(void);	/* NULL: ts_now */
};

/*
 * Double the per-thread size from the start of the range while the
 * residency test says threads x size is (partly) in cache, and stop at
 * the first size it calls clear, at the end of the range, when the next
 * test would end past cfg->limit (a test costs about twice the one
 * before), or when a test cannot be made.  *bytes_per_thread gets the
 * last size tested (the start when none was).
 */
void		 ts_auto_size(const struct ts_auto_cfg *,
		    const struct ts_cache_bounds *, uint64_t *bytes_per_thread,
		    struct ts_auto_report *);

/* The time limit of `auto` for a budget of `seconds` per reading. */
double		 ts_auto_limit(double seconds);

/* The stop reason as JSON spells it: "clear", "bound", "time", "skipped". */
const char	*ts_auto_stop_name(enum ts_auto_stop);

#endif /* TS_PROBE_CACHE_H */
