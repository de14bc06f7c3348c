/* SPDX-License-Identifier: MIT */
/*
 * Does a memory buffer of the suite sit in cache?  Two pointer chases over
 * the same memory span answer it with the TLB held constant: a sparse one
 * that touches the buffer's size worth of lines spread over the span, and
 * a dense one through every line of the span.  Both touch the same pages,
 * so page walks (which on a virtual machine grow with the span even when
 * nothing is cached) cost both the same; only the cache can make the
 * sparse chase clearly faster.
 */
#ifndef TS_BUFCHECK_H
#define TS_BUFCHECK_H

#include <stdbool.h>
#include <stdint.h>

/* The dense chase must read this much slower to call the buffer cached. */
#define TS_BUFCHECK_SLOWER	1.15
/* The span is this many times the buffer, memory permitting. */
#define TS_BUFCHECK_FACTOR	4

struct ts_bufcheck {
	uint64_t	bytes;		/* the buffer size under test */
	uint64_t	span;		/* memory both chases run through */
	double		ns_sparse;	/* ns per load, `bytes` of lines */
	double		ns_dense;	/* ns per load, every line of span */
	bool		in_cache;	/* dense > TS_BUFCHECK_SLOWER x sparse */
};

/*
 * The span for a buffer of `bytes` when the check may use `limit` bytes:
 * TS_BUFCHECK_FACTOR (or fewer, at least 2) times bytes, in whole 64-byte
 * groups; 0 when not even twice fits.
 */
uint64_t ts_bufcheck_span(uint64_t bytes, uint64_t limit);

/*
 * Measure both chases over `span` (from ts_bufcheck_span) for about
 * `secs` each, on transparent huge pages when the system grants them.
 * Return 0 with *out filled in, or -1 with a reason in err.
 */
int	 ts_bufcheck_run(uint64_t bytes, uint64_t span, double secs,
	    struct ts_bufcheck *out, char *err, size_t errlen);

/* The verdict rule, for tests: dense clearly slower than sparse. */
bool	 ts_bufcheck_cached(double ns_sparse, double ns_dense);

#endif /* TS_BUFCHECK_H */
