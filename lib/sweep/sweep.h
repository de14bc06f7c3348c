/* SPDX-License-Identifier: MIT */
/*
 * The working-set sweep of ThreadStone 2.0.0 (sections 6.3 and 6.4): one
 * pointer-chase reading per power-of-two size, the JSON array and the
 * table.  Beyond the original, the sizes may run past 256 MiB, every
 * point records the page size that backed its buffer, and every size is
 * also read with a page-local chase through the same buffer (mem-chase.h),
 * whose latency follows the data footprint without the page walks.
 */
#ifndef TS_SWEEP_H
#define TS_SWEEP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "mem/mem-chase.h"
#include "size.h"

/* The chase seed of every sweep size (no thread XOR). */
#define TS_SWEEP_SEED		UINT64_C(0x1A7E4C7A5EED)
/* The seed of the page-local order: groups and lines within them. */
#define TS_SWEEP_LOCAL_SEED	UINT64_C(0x9A6E10CA1C4A5E)
/* The word of each node the page-local chase runs through. */
#define TS_SWEEP_LOCAL_WORD	1u
/* The smallest working set, and the original's largest. */
#define TS_SWEEP_MIN_BYTES	UINT64_C(4096)
#define TS_SWEEP_ORIG_MAX	(256 * TS_MIB)
/* Room for sizes 2^12 .. 2^63. */
#define TS_SWEEP_MAX_SIZES	52

struct ts_sweep_point {
	uint64_t	bytes;		/* working-set size */
	double		latency_ns;	/* nanoseconds per dependent load */
	double		page_local_ns;	/* the same, page-local order */
	uint64_t	page_bytes;	/* page size backing the buffer */
	uint64_t	hops;		/* hops of the reading that counted */
	uint64_t	local_hops;	/*   and of the page-local one */
};

/* Called before each size is measured (i counts from 0 of n). */
typedef void	 ts_sweep_progress_fn(void *arg, size_t i, size_t n,
		    uint64_t bytes);

/* Bytes a chase over `bytes` needs while it is built (buffer + order). */
uint64_t ts_sweep_footprint(uint64_t bytes);

/*
 * The default largest size: the original's 256 MiB, or the power of two
 * at or above 4 x llc when that is larger, halved while its footprint
 * exceeds half of `avail` (avail 0 = unknown, no bound).
 */
uint64_t ts_sweep_default_max(uint64_t llc, uint64_t avail);

/*
 * Fill sizes[] with 4 KiB, 8 KiB, ... up to the largest power of two not
 * above max_bytes.  Return the count (0 when max_bytes < 4 KiB).
 */
size_t	 ts_sweep_sizes(uint64_t max_bytes, uint64_t *sizes, size_t cap);

/*
 * One reading of section 6.3 on a warmed chase: 1024 hops, times 4 until
 * one run lasts at least min_ms.  Return nanoseconds per hop; *hops gets
 * the hop count of that run.
 */
double	 ts_sweep_reading(struct ts_chase *, uint64_t min_ms, uint64_t *hops);

/* The whole of section 6.3: an untimed lap of `nodes` hops, one reading. */
double	 ts_sweep_time(struct ts_chase *, uint64_t min_ms, uint64_t *hops);

/*
 * Link the page-local chase through word TS_SWEEP_LOCAL_WORD of every
 * node of c: all of its 4 KiB groups in a random order drawn from seed,
 * the lines of each group in a random order.  The random chase through
 * word 0 is left as it is.  Return 0 and the word index to start from in
 * *start, or -1 with errno set (ENOMEM).
 */
int	 ts_sweep_link_local(struct ts_chase *, uint64_t seed,
	    uint64_t *start);

/*
 * Section 6.3's reading on any cycle of words, from *cursor (which
 * moves on): 1024 hops, times 4 until one run lasts at least min_ms.
 */
double	 ts_sweep_reading_at(const uint64_t *words, uint64_t *cursor,
	    uint64_t min_ms, uint64_t *hops);

/*
 * Measure every size in order into points[].  Each size's buffer holds
 * the original's random chase and the page-local chase; they take turns
 * so that a change in the machine's load hits both: the random chase's
 * warm lap and reading (section 6.3, untouched), then the page-local
 * chase's lap and reading, then `repeat` - 1 more readings of each in
 * the same alternation (the fastest of each counts; the original takes
 * one).  Return 0, or -1 with errno set (ENOMEM) and *failed_bytes set
 * when a buffer cannot be made.
 */
int	 ts_sweep_run(const uint64_t *sizes, size_t n, uint64_t min_ms,
	    unsigned repeat, bool huge_pages, struct ts_sweep_point *points,
	    ts_sweep_progress_fn *progress, void *arg,
	    uint64_t *failed_bytes);

/*
 * The JSON array of section 6.4 (pretty, two-space indent, no trailing
 * newline): "bytes" and "latency_ns"; when levels is not NULL, also
 * "page_local_ns", "page_bytes" and "level" after them, in that order.
 * With levels NULL the bytes are the original's exactly.
 */
void	 ts_sweep_json(struct ts_buf *, const struct ts_sweep_point *,
	    size_t n, const char *const *levels);

/*
 * The table of section 6.4 followed by the original's closing sentence.
 * When levels is not NULL, with a page-local latency column and a level
 * column, and a sentence on what the level names are taken from.
 */
void	 ts_sweep_table(struct ts_buf *, const struct ts_sweep_point *,
	    size_t n, const char *const *levels);

/*
 * One line on the page walks' share: the random chase's latency less the
 * page-local one at size index `from` (the first size read as memory; n
 * or more for none) and at the largest size.  Nothing when n == 0.
 */
void	 ts_sweep_walks(struct ts_buf *, const struct ts_sweep_point *,
	    size_t n, size_t from);

#endif /* TS_SWEEP_H */
