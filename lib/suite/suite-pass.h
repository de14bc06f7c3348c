/* SPDX-License-Identifier: MIT */
/*
 * The runner: one workload at one thread count (ThreadStone 2.0.0 section
 * 2).  Workers are started once per pass, build their own state, and run
 * in lockstep rounds released and collected by one barrier; the iteration
 * count is calibrated with every worker active.
 */
#ifndef TS_SUITE_PASS_H
#define TS_SUITE_PASS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "doc/doc-model.h"
#include "kernels/kernel.h"

struct ts_topo;

/* Below this median round (ms) a pass is flagged window_too_short. */
#define TS_TOO_SHORT_MS		20.0
/* Calibration gives up after this many rounds. */
#define TS_CALIBRATION_STEPS	48

/* One pass: thread count, rounds and target window. */
struct ts_pass_config {
	unsigned		 threads;	/* >= 1 */
	uint32_t		 samples;	/* >= 1 */
	uint32_t		 warmup;	/* >= 0 */
	double			 window_secs;	/* > 0 */
	/* Pin worker i to physical core i through this topology; NULL = no. */
	const struct ts_topo	*pin;
	/* With pin: every worker on physical core `core` exactly instead
	 * (ts_topo_bind_exact(): fails on a topology not this machine's). */
	bool			 exact_core;
	unsigned		 core;
	struct ts_kparams	 params;	/* buffer size, huge pages */
	/*
	 * Iterations per thread per round, as calibrated by an earlier
	 * execution of the same pass; 0 = calibrate (section 2.3).
	 */
	uint64_t		 iters;
};

/* What a progress callback is told, always between rounds. */
enum ts_progress_event {
	TS_PROGRESS_CALIBRATING,	/* before calibration */
	TS_PROGRESS_CALIBRATED,		/* after round 0 (iters, round_ms) */
	TS_PROGRESS_SAMPLE		/* after each measured round (rate) */
};

struct ts_progress {
	enum ts_progress_event	 event;
	const struct ts_kernel	*kernel;
	unsigned		 threads;
	uint64_t		 iters;		/* calibrated count per thread */
	double			 round_ms;	/* duration of round 0 */
	uint32_t		 done;		/* measured rounds so far */
	uint32_t		 total;		/* measured rounds in the pass */
	double			 rate;		/* the latest sample */
	/*
	 * Filled by the suite (lib/suite/suite.c), 0 and -1 from a lone
	 * pass: the step of the suite this event belongs to (an execution
	 * of a pass, or a --per-kind pass), 1-based, of the `steps` it
	 * plans; and the seconds the rest of the suite should take, -1
	 * unknown (nothing measured yet, or past the plan with --precision).
	 */
	unsigned		 step;
	unsigned		 steps;
	double			 left_s;
};

typedef void	ts_progress_fn(const struct ts_progress *, void *);

/* The raw measurements of a pass, before any statistics. */
struct ts_measurement {
	uint64_t	 iters;		/* calibrated iterations per thread */
	double		*samples;	/* `nsamples` rates, warm-up excluded */
	size_t		 nsamples;
	double		*durations;	/* every round in ms, warm-up included */
	size_t		 ndurations;
	uint64_t	 checksum;	/* XOR of every run()'s checksum */
	unsigned	 pinned;	/* workers bound to their core */
	unsigned	 calib_steps;	/* calibration rounds taken */
	double		 settle_ms;	/* fresh buffers settling, unmeasured */
	/* The accepting calibration round served as warm-up round 0. */
	bool		 reused_warmup;
	uint64_t	 buffer_bytes;	/* sized buffer really used (0: none) */
	uint64_t	 page_bytes;	/* page size behind thread 0's buffer */
	/*
	 * What the host took while the rounds ran: involuntary context
	 * switches of the worker threads (getrusage RUSAGE_THREAD, from
	 * their setup to their end), and the CPU time the hypervisor
	 * reports stolen over the rounds, all CPUs (ms; NaN where the
	 * kernel does not report it).
	 */
	uint64_t	 nivcsw;
	double		 steal_ms;
	/*
	 * The time the worker threads ran, and waited, runnable, for a CPU,
	 * over the same span, summed (ms; NaN where the kernel does not
	 * say): a wait is another task on their cores.
	 */
	double		 run_ms, wait_ms;
};

/*
 * Run the rounds of one pass.  Return 0, or -1 with a one-line reason in
 * err (the spec's texts for zero threads or samples and a failed
 * calibration).  Free the result with ts_measurement_free().
 */
int	 ts_measure(const struct ts_kernel *, const struct ts_pass_config *,
	    ts_progress_fn *, void *arg, struct ts_measurement *, char *err,
	    size_t errlen);
void	 ts_measurement_free(struct ts_measurement *);

/*
 * A whole pass as the document records it (section 2.5): ts_measure()
 * then the summary of the samples and of the durations.  On success fill
 * *out (its samples array is malloc'd) and, when info is not NULL, hand
 * the raw measurement over to it (free with ts_measurement_free()).
 * Return 0, or -1 with a one-line reason in err.
 */
int	 ts_run_pass(const struct ts_kernel *, const struct ts_pass_config *,
	    ts_progress_fn *, void *arg, struct ts_pass *out,
	    struct ts_measurement *info, char *err, size_t errlen);

#endif /* TS_SUITE_PASS_H */
