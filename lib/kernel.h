/* SPDX-License-Identifier: MIT */
/*
 * The workload descriptor: what a kernel is, how to set up one thread's
 * state, how to run it, and how its rate is computed.  Each kernel lives in
 * lib/kernels/<id>.c and exports exactly one `const struct ts_kernel`.
 * The runner (lib/runner.c) knows nothing about any particular workload.
 */
#ifndef TS_KERNEL_H
#define TS_KERNEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model.h"

/* Per-thread state is opaque to the runner. */
typedef void ts_kstate;

/* What a pass asks of a kernel's setup, beyond the thread numbers. */
struct ts_kparams {
	/*
	 * Buffer size for the memory workloads, in bytes (stream: the total
	 * of the three arrays over all threads; latency: the chase buffer).
	 * 0 = the kernel's default (stream 3 x 64 MiB, latency 256 MiB).
	 */
	uint64_t	 buffer_bytes;
	/* Ask for transparent huge pages on large buffers (madvise). */
	bool		 huge_pages;
};

struct ts_kernel {
	const char	*id;		/* "dhrystone" */
	const char	*name;		/* "Dhrystone 2.1" */
	const char	*summary;	/* one line, as in the original */
	enum ts_unit	 unit;
	double		 reference;	/* Reference Core v1 value */
	bool		 partitioned;	/* working set split across threads */
	bool		 scales;	/* false: single-thread only (latency) */
	/*
	 * Allocate, fill and first-touch one thread's state (thread `index`
	 * of `threads`), on that thread.  NULL on failure (errno set).
	 */
	ts_kstate	*(*setup)(unsigned threads, unsigned index,
			    const struct ts_kparams *);
	/* Run exactly `iters` units; return a checksum of computed data. */
	uint64_t	 (*run)(ts_kstate *, uint64_t iters);
	void		 (*teardown)(ts_kstate *);
	/* The rate of `iters` per thread on `threads` threads in `secs`. */
	double		 (*rate)(uint64_t iters, unsigned threads, double secs);
	/* Bytes actually allocated per thread by setup (0 if negligible). */
	uint64_t	 (*footprint)(unsigned threads, unsigned index,
			    const struct ts_kparams *);
	/*
	 * Sized buffers (stream, latency; NULL for the other kernels).  Use
	 * them through the ts_kernel_*() wrappers below, which handle NULL.
	 * rate_sized: the rate of a pass whose setup was given `params`
	 * (rate() above assumes the default sizes).  buffer_used: the buffer
	 * size setup really uses for `params`, in the sense of
	 * ts_kparams.buffer_bytes.  page_bytes: the page size backing one
	 * thread's buffer, read back after setup (0 when unknown).
	 */
	double		 (*rate_sized)(uint64_t iters, unsigned threads,
			    double secs, const struct ts_kparams *);
	uint64_t	 (*buffer_used)(unsigned threads,
			    const struct ts_kparams *);
	uint64_t	 (*page_bytes)(ts_kstate *);
};

/* The registry, in suite order: dhrystone, sgemm, sha256, sort, stream, latency. */
extern const struct ts_kernel ts_kernel_dhrystone;
extern const struct ts_kernel ts_kernel_sgemm;
extern const struct ts_kernel ts_kernel_sha256;
extern const struct ts_kernel ts_kernel_sort;
extern const struct ts_kernel ts_kernel_stream;
extern const struct ts_kernel ts_kernel_latency;

/* The six kernels in suite order, and their count. */
extern const struct ts_kernel *const ts_kernels[];
extern const size_t ts_nkernels;

/* Look a kernel up by exact id; NULL when unknown. */
const struct ts_kernel *ts_kernel_find(const char *id);

/* Partition share: thread i of T gets floor(total/T) + (i < total % T), >= 1. */
uint64_t ts_partition_share(uint64_t total, unsigned threads, unsigned index);

/*
 * The rate of a pass that gave `params` (NULL = defaults) to setup: the
 * kernel's rate_sized when it has one, else its rate.
 */
double	 ts_kernel_rate(const struct ts_kernel *, uint64_t iters,
	    unsigned threads, double secs, const struct ts_kparams *);
/* The buffer bytes really used for `params` (0: no sized buffer). */
uint64_t ts_kernel_buffer_used(const struct ts_kernel *, unsigned threads,
	    const struct ts_kparams *);
/* The page size backing a thread's buffer (0: no buffer or unknown). */
uint64_t ts_kernel_page_bytes(const struct ts_kernel *, ts_kstate *);

#endif /* TS_KERNEL_H */
