/* SPDX-License-Identifier: MIT */
/*
 * The suite (ThreadStone 2.0.0 section 2.6): system capture, every chosen
 * workload's single- and multi-thread passes, scores, scaling, and our
 * additions (pinning, CPU kinds, measured buffer sizing) under
 * "extensions".  On a machine with two CPU kinds or more, single-thread
 * passes run on a core of the most performant kind (lib/topo/topo-kinds.h).
 */
#ifndef TS_SUITE_H
#define TS_SUITE_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include "doc/doc-model.h"
#include "kernels/kernel.h"
#include "suite/suite-exec.h"
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
	/*
	 * Between rounds of a pass (see suite-pass.h), and after every
	 * execution; the suite fills step, steps and left_s (its count of
	 * executions and --per-kind passes, and the time the rest should
	 * take).
	 */
	ts_progress_fn	*round;
	/* A pass finished (pass != NULL) or failed (error != NULL). */
	void		 (*pass_done)(const struct ts_kernel *, unsigned threads,
			    const struct ts_pass *pass, const char *error,
			    void *arg);
	/* A one-line remark, e.g. what the buffer check is doing. */
	void		 (*note)(const char *, void *arg);
	/*
	 * A one-line warning (a check skipped, a core not pinned, --per-kind
	 * without effect), for the program to print; NULL drops them.
	 */
	void		 (*warning)(const char *, void *arg);
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
	/*
	 * The design: every pass in `executions` executions of `warmup`
	 * + `samples` rounds each, interleaved across the workloads
	 * (execution k of every pass before execution k + 1 of any).
	 */
	uint32_t	 executions;	/* >= 1 */
	/*
	 * With precision_pct > 0: after `executions`, keep adding one
	 * execution to every pass whose ci95 is above precision_pct % of
	 * its value, until none is or max_seconds have gone by.
	 */
	double		 precision_pct;
	double		 max_seconds;
	/* How an execution is run; NULL: in this process. */
	ts_execute_fn	*execute;
	void		*execute_arg;
	/* What makes an execution fresh there, for the document. */
	const char	*isolation;
	/*
	 * Measure every core's speed first and run the single-thread
	 * passes on the fastest (lib/topo/topo-speed.h); with pinning, on a
	 * machine of one CPU kind.
	 */
	bool		 speed_probe;
	struct ts_suite_hooks hooks;
};

/*
 * The default design, chosen from this package's measurements of the
 * variance within and between executions (threadstone-run(1)).
 */
#define TS_DEFAULT_EXECUTIONS	8
#define TS_DEFAULT_SAMPLES	2
#define TS_DEFAULT_WARMUP	1
#define TS_DEFAULT_WINDOW_MS	40
/* The default cap of --precision, in seconds. */
#define TS_DEFAULT_MAX_SECONDS	300.0

/* Fill the defaults: the design above, pinning, the buffer check. */
void	 ts_suite_defaults(struct ts_suite_opts *);

/*
 * Run the suite and fill *r (free with ts_report_free()).  Failing
 * workloads are recorded in their entries, never fatal.  Every double is
 * as measured: normalise the document before writing it.
 */
void	 ts_suite_run(const struct ts_suite_opts *, struct ts_report *r);

#endif /* TS_SUITE_H */
