/* SPDX-License-Identifier: MIT */
/*
 * The workload descriptor: what a kernel is, how to set up one thread's
 * state, how to run it, how its rate is computed and scored, and what the
 * suite may size for it.  Each kernel lives in lib/kernels/<id>.c and
 * exports exactly one `const struct ts_kernel`, listed in the registry
 * (lib/kernels/registry.c).  Nothing outside lib/kernels/ knows any
 * particular workload: the runner, the suite, the scores and the programs
 * read the descriptors (tests/kernels-selfcontained.sh checks this).
 */
#ifndef TS_KERNEL_H
#define TS_KERNEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "units.h"

/* Per-thread state is opaque to the runner. */
typedef void ts_kstate;

/* What a pass asks of a kernel's setup, beyond the thread numbers. */
struct ts_kparams {
	/*
	 * Buffer size for the kernels with a sized buffer, in bytes, in
	 * the sense their descriptor's buffer_default says.  0 = that
	 * default.
	 */
	uint64_t	 buffer_bytes;
	/* Ask for transparent huge pages on large buffers (madvise). */
	bool		 huge_pages;
};

struct ts_kernel {
	const char	*id;		/* in documents and for -w */
	const char	*name;		/* the long name, for people */
	const char	*summary;	/* one line, as in the original */
	/*
	 * Scoring (ThreadStone 2.0.0 section 4): the unit of the rate, and the
	 * value of "ThreadStone Reference Core v1" in it.
	 * lib/suite/suite-score.c reads these through ts_reference_find(), for
	 * runs and for documents read from files alike.
	 */
	enum ts_unit	 unit;
	double		 reference;
	bool		 partitioned;	/* working set split across threads */
	bool		 scales;	/* false: single-thread only */
	/*
	 * The sized buffer, for the kernels whose setup honours
	 * ts_kparams.buffer_bytes (the suite's buffer check may grow it,
	 * the user may set it): its default size in bytes, in the sense of
	 * buffer_bytes; the option of threadstone-run that sets it, in MiB
	 * ("--x-mb"), and the option's line in --help (the default is
	 * appended); and what it is called in the suite's messages ("x" for
	 * "the x buffer").  All are 0 / NULL for a kernel without one, and
	 * all set for a kernel with one.
	 */
	uint64_t	 buffer_default;
	const char	*buffer_option;
	const char	*buffer_help;
	const char	*buffer_name;
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
	 * Sized buffers (NULL for a kernel without buffer_default).  Use
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

/*
 * The kernels in suite order, and their count.  A kernel's position here
 * indexes per-kernel arrays such as ts_suite_opts.buffer_bytes, which hold
 * TS_KERNELS_MAX (registry.c checks the registry fits).
 */
#define TS_KERNELS_MAX	16
extern const struct ts_kernel *const ts_kernels[];
extern const size_t ts_nkernels;

/* Look a kernel up by exact id; NULL when unknown. */
const struct ts_kernel *ts_kernel_find(const char *id);
/* A kernel's position in ts_kernels[]; ts_nkernels when not listed. */
size_t	 ts_kernel_index(const struct ts_kernel *);

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
