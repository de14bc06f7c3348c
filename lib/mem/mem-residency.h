/* SPDX-License-Identifier: MIT */
/*
 * Does a data footprint sit in the caches?  The package's one
 * cache-residency test: tachyon's warning and its automatic working set,
 * threadstone-run's buffer sizes and threadstone-sweep's DRAM level all
 * ask it, and all answer it the same way.
 *
 * A pointer chase reads slower as its buffer grows for two reasons: its
 * data leaves a cache, or each load needs a longer page walk.  Only the
 * first is the cache.  On a virtual machine with nested paging the second
 * keeps growing with the size long after the data caches are left behind
 * (one thread on an EPYC VM: a random chase reads 145 ns at 16 MiB, 239 at
 * 256 MiB and 310 at 1 GiB), so "a larger size reads slower" says nothing
 * about the cache there.
 *
 * The test therefore compares data footprints while keeping page walks
 * out of the picture.  One mapping of `large` bytes holds two page-local
 * chases (mem-chase.h): one through every 4 KiB group of the mapping, and one
 * through a random selection of its groups that holds `small` bytes.  A
 * page-local chase shares each page walk among 64 loads, so what it reads
 * follows the data footprint (the same VM: 44-48 ns from 16 MiB to 1 GiB).
 * Taking both chases from one mapping makes them share the memory too:
 * freshly faulted memory, which a host may serve more slowly for a while,
 * slows both alike.  Why this design, measured on the EPYC VM above (one
 * thread, best batch of three interleaved turns):
 *
 *   - sparse and dense random chases over one span (equal page footprint)
 *     did not see a 2 MiB footprint in cache inside a 64 MiB span: page
 *     walks dominate both, 174 against 188 ns (a ratio of 1.08);
 *   - page-local chases in two separate mappings raised false alarms:
 *     128 MiB against freshly touched 512 MiB read 45 against 63 ns (1.4);
 *   - page-local chases within one mapping read 128 MiB against 512 MiB at
 *     a ratio of 0.97-1.02 and 2 MiB against 64 MiB at 7-8.
 *
 * When the smaller footprint reads clearly (TS_RESIDENCY_SLOWER) faster
 * per load, some of it is cache-resident.  A first "cache" is measured
 * again, and only a second "cache" stands.
 */
#ifndef TS_MEM_RESIDENCY_H
#define TS_MEM_RESIDENCY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "size.h"

/* The larger footprint reads this much slower per load: cache. */
#define TS_RESIDENCY_SLOWER	1.15
/* The larger footprint is this many times the smaller one... */
#define TS_RESIDENCY_FACTOR	4
/* ...and at least this much, past the data caches of any VM seen. */
#define TS_RESIDENCY_FLOOR	(64 * TS_MIB)
/* One test measures at most this many smaller footprints at once. */
#define TS_RESIDENCY_MAX_SMALL	4

enum ts_residency_verdict {
	TS_RESIDENCY_CLEAR,	/* reads like the larger footprint */
	TS_RESIDENCY_CACHE,	/* clearly faster, twice in a row */
	TS_RESIDENCY_SKIPPED	/* not measured; reason says why */
};

/* One smaller footprint's outcome. */
struct ts_residency {
	enum ts_residency_verdict verdict;
	uint64_t	small_bytes;
	uint64_t	large_bytes;	/* the mapping both chases run in */
	double		ns_small;	/* lowest ns per load of the chase */
	double		ns_large;	/*   over the rounds and measurements */
	unsigned	measurements;	/* 1, or 2 after a first "cache" */
	double		seconds;	/* wall time of the whole test */
	bool		failed;		/* skipped because measuring failed */
	char		reason[192];	/* set when skipped */
};

/*
 * Measure page-local chases through n smaller footprints small[0..n)
 * (each at most large, n <= TS_RESIDENCY_MAX_SMALL) and through all of
 * a mapping of `large` bytes, into ns_small[0..n) and *ns_large (ns per
 * load).  Return 0, or -1 with a one-line reason in err.
 */
typedef int	(*ts_residency_fn)(void *arg, const uint64_t *small, size_t n,
		    uint64_t large, double *ns_small, double *ns_large,
		    char *err, size_t errlen);

/* The rule: ns_large more than TS_RESIDENCY_SLOWER x ns_small. */
bool		 ts_residency_cached(double ns_small, double ns_large);

/*
 * The larger footprint to test `small` bytes against: TS_RESIDENCY_FACTOR
 * times it, at least TS_RESIDENCY_FLOOR and at least 2 x llc (hwloc's
 * largest last-level cache, 0 = unknown: an upper bound of the cache, so
 * twice it is surely past it, however large the real cache); at most
 * 4 x llc and at most `room` (memory the test may map; 0 = unknown), in
 * whole 4 KiB groups.  0 when that is not at least twice `small`: the
 * footprint is past 2 x llc already, or memory is short.
 */
uint64_t	 ts_residency_large(uint64_t small, uint64_t llc,
		    uint64_t room);

/*
 * Test n smaller footprints against one larger one through measure:
 * measure all; when any reads like cache, measure all again, and call a
 * footprint cached only if both measurements say so (each outcome keeps
 * its lowest latencies).  A failed measurement leaves every outcome
 * TS_RESIDENCY_SKIPPED with the reason.  out[0..n) is always filled in.
 */
void		 ts_residency_test(const uint64_t *small, size_t n,
		    uint64_t large, ts_residency_fn measure, void *arg,
		    struct ts_residency *out);

/* What ts_residency_measure needs (its arg). */
struct ts_residency_cfg {
	double		seconds;	/* per chase in one measurement */
	uint64_t	seed;
};

/*
 * The real measurement (a ts_residency_fn): one mapping of `large`
 * bytes, on transparent huge pages where the system grants them and
 * populated by as many threads as there are usable CPUs (on a VM that is
 * what first touching it costs least; page-local chases read alike on
 * either page size), the chases built in it, then three
 * rounds in which each chase is timed for seconds / 3 in batches of
 * TS_PROBE_BATCH loads; the fastest batch of each chase counts.  Before a turn, a chase is warmed with a lap (at
 * most 2^20 loads) in the first round, and later only if it has read
 * like cache so far.  Runs on the calling thread.
 */
int		 ts_residency_measure(void *arg, const uint64_t *small,
		    size_t n, uint64_t large, double *ns_small,
		    double *ns_large, char *err, size_t errlen);

/* The verdict as the documents and JSON lines spell it. */
const char	*ts_residency_name(enum ts_residency_verdict);

#endif /* TS_MEM_RESIDENCY_H */
