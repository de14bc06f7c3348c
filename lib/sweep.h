/* SPDX-License-Identifier: MIT */
/*
 * The working-set sweep of ThreadStone 2.0.0 (sections 6.3 and 6.4): one
 * pointer-chase reading per power-of-two size, the JSON array and the
 * table.  Beyond the original, the sizes may run past 256 MiB and every
 * point records the page size that backed its buffer.
 */
#ifndef TS_SWEEP_H
#define TS_SWEEP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "chase.h"
#include "util.h"

/* The chase seed of every sweep size (no thread XOR). */
#define TS_SWEEP_SEED		UINT64_C(0x1A7E4C7A5EED)
/* The smallest working set, and the original's largest. */
#define TS_SWEEP_MIN_BYTES	UINT64_C(4096)
#define TS_SWEEP_ORIG_MAX	(UINT64_C(256) << 20)
/* Room for sizes 2^12 .. 2^63. */
#define TS_SWEEP_MAX_SIZES	52

struct ts_sweep_point {
	uint64_t	bytes;		/* working-set size */
	double		latency_ns;	/* nanoseconds per dependent load */
	uint64_t	page_bytes;	/* page size backing the buffer */
	uint64_t	hops;		/* hops of the reading that counted */
};

/* Called before each size is measured (i counts from 0 of n). */
typedef void	 ts_sweep_progress_fn(void *arg, size_t i, size_t n,
		    uint64_t bytes);

/*
 * Memory this process may still use: MemAvailable from /proc/meminfo,
 * lowered to the cgroup v2 limit's headroom when one is set.  0 when
 * unknown.
 */
uint64_t ts_sweep_mem_available(void);

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
 * Parse a size option: a decimal byte count, optionally followed by K, M,
 * G or T (binary multiples; "KiB" and "KB" spellings accepted, any case).
 * Return 0, or -1 on bad grammar or overflow.
 */
int	 ts_parse_size(const char *, uint64_t *out);

/*
 * Human size as the original prints it: divide by 1024 while at least
 * 1024 and the unit is below GiB, then "%.0f <unit>" ("4 KiB", "1 GiB").
 */
void	 ts_sweep_human(uint64_t bytes, char *buf, size_t len);

/*
 * One reading of section 6.3 on a warmed chase: 1024 hops, times 4 until
 * one run lasts at least min_ms.  Return nanoseconds per hop; *hops gets
 * the hop count of that run.
 */
double	 ts_sweep_reading(struct ts_chase *, uint64_t min_ms, uint64_t *hops);

/* The whole of section 6.3: an untimed lap of `nodes` hops, one reading. */
double	 ts_sweep_time(struct ts_chase *, uint64_t min_ms, uint64_t *hops);

/*
 * Measure every size in order into points[]: warm lap, then `repeat`
 * readings (at least 1; the original takes one) of which the fastest
 * counts.  Return 0, or -1 with errno set (ENOMEM) and *failed_bytes set
 * when a buffer cannot be made.
 */
int	 ts_sweep_run(const uint64_t *sizes, size_t n, uint64_t min_ms,
	    unsigned repeat, bool huge_pages, struct ts_sweep_point *points,
	    ts_sweep_progress_fn *progress, void *arg,
	    uint64_t *failed_bytes);

/*
 * The JSON array of section 6.4 (pretty, two-space indent, no trailing
 * newline): "bytes" and "latency_ns"; when levels is not NULL, also
 * "page_bytes" and "level" after them.  With levels NULL the bytes are
 * the original's exactly.
 */
void	 ts_sweep_json(struct ts_buf *, const struct ts_sweep_point *,
	    size_t n, const char *const *levels);

/*
 * The table of section 6.4, with a level column when levels is not NULL,
 * followed by the original's closing sentence.
 */
void	 ts_sweep_table(struct ts_buf *, const struct ts_sweep_point *,
	    size_t n, const char *const *levels);

#endif /* TS_SWEEP_H */
