/* SPDX-License-Identifier: MIT */
/*
 * The suite (ThreadStone 2.0.0 section 2.6): system capture, every chosen
 * workload's single- and multi-thread passes, scores, scaling, and our
 * additions (pinning, CPU kinds, measured buffer sizing) under
 * "extensions".  On a machine with two CPU kinds or more, single-thread
 * passes run on a core of the most performant kind (lib/topo-kinds.h).
 */
#ifndef TS_SUITE_H
#define TS_SUITE_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include "doc/doc-model.h"
#include "kernels/kernel.h"
#include "suite/suite-pass.h"

/*
 * The tool_version written into documents: this package's own version, so
 * a signed document never claims to come from the Rust ThreadStone 2.0.0.
 * The schema (version 2) is what makes the two interchangeable.
 */
#define TS_TOOL_VERSION		PACKAGE_VERSION
/* Who wrote the document, recorded under extensions.producer. */
#define TS_PRODUCER		"threadstone " PACKAGE_VERSION " (C)"

/* What a caller of ts_suite_run() is told as the suite goes. */
struct ts_suite_hooks {
	/* Once, before the first pass: how many passes the suite plans. */
	void		 (*start)(unsigned npasses, void *arg);
	/* Between rounds of a pass (see suite-pass.h). */
	ts_progress_fn	*round;
	/* A pass finished (pass != NULL) or failed (error != NULL). */
	void		 (*pass_done)(const struct ts_kernel *, unsigned threads,
			    const struct ts_pass *pass, const char *error,
			    void *arg);
	/* A one-line remark, e.g. what the buffer check is doing. */
	void		 (*note)(const char *, void *arg);
	void		*arg;
};

struct ts_suite_opts {
	const struct ts_kernel *const *kernels;	/* run order */
	size_t		 nkernels;
	uint64_t	 threads;	/* multi pass; 0 = usable CPUs */
	uint32_t	 samples;	/* >= 1 */
	uint32_t	 warmup;
	uint64_t	 window_ms;	/* >= 1 */
	bool		 single_only;
	bool		 multi_only;
	bool		 pin;		/* worker i on physical core i */
	/* On a hybrid CPU: the single-thread pass once per CPU kind. */
	bool		 per_kind;
	bool		 huge_pages;	/* THP for the memory buffers */
	/*
	 * The buffer of each kernel with one (buffer_default != 0), by
	 * registry position (ts_kernel_index()): 0 is the descriptor's
	 * default, grown if the check says.
	 */
	uint64_t	 buffer_bytes[TS_KERNELS_MAX];
	bool		 buffer_check;	/* allow the measured check */
	struct ts_suite_hooks hooks;
};

/* Fill the defaults of the original (7 samples, 2 warm-up, 250 ms). */
void	 ts_suite_defaults(struct ts_suite_opts *);

/*
 * Run the suite and fill *r (free with ts_report_free()).  Failing
 * workloads are recorded in their entries, never fatal.  Every double is
 * as measured: normalise the document before writing it.
 */
void	 ts_suite_run(const struct ts_suite_opts *, struct ts_report *r);

#endif /* TS_SUITE_H */
