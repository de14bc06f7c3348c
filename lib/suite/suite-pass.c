/* SPDX-License-Identifier: MIT */
/*
 * The runner (see suite-pass.h): workers in lockstep behind one barrier,
 * calibration with every worker active, warm-up and measured rounds.
 */
#include <config.h>

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "host/host-steal.h"
#include "suite/suite-pass.h"
#include "suite/suite-stats.h"
#include "topo/topo.h"
#include "util.h"

/* 2^64 as a double: calibration fails when the next count reaches it. */
#define TWO_POW_64	18446744073709551616.0

/*
 * Settling a kernel's fresh buffers: rounds of about SETTLE_ROUND_S
 * until two in a row agree within SETTLE_AGREE, SETTLE_MAX_S at most.
 * On the 2-vCPU VMs this package measures, a chase over 256 MiB of
 * fresh base pages runs at 3-5 us a load for its first 0.3-0.5 s and
 * only then at its 220-300 ns (bench: 40 ms windows of a plain chase in
 * a new process: 5274, 4624, ... 841, 502, 314, 289, 282 ns), whatever
 * the warm-up rounds count; with transparent huge pages it is steady at
 * once.  Kernels without a sized buffer skip this.
 */
#define SETTLE_ROUND_S	0.01
#define SETTLE_SPAN_S	0.1
#define SETTLE_AGREE	0.05
#define SETTLE_MAX_S	2.0
#define SETTLE_ROUNDS	256

/* State shared by the coordinating thread and every worker of a pass. */
struct pass {
	const struct ts_kernel		*kernel;
	const struct ts_pass_config	*cfg;
	pthread_barrier_t		 barrier;
	/* The gate: workers wait here until every thread exists. */
	pthread_mutex_t			 lock;
	pthread_cond_t			 cond;
	int				 gate;		/* 0 wait, 1 go, -1 abort */
	_Atomic uint64_t		 iters;
	atomic_bool			 stop;
	_Atomic uint64_t		 checksum;
	atomic_uint			 pinned;
	atomic_int			 failed_index;	/* -1: every setup ok */
	atomic_int			 failed_errno;
	_Atomic uint64_t		 page_bytes;	/* thread 0's buffer */
	_Atomic uint64_t		 nivcsw;	/* summed at worker exit */
	_Atomic uint64_t		 run_ns, wait_ns; /* likewise */
	atomic_bool			 wait_unknown;
};

/* One worker thread and its place in the pass. */
struct worker {
	struct pass	*pass;
	unsigned	 index;
	pthread_t	 tid;
};

/* Wait at the gate; return 1 to go on, 0 when the pass was abandoned. */
static int
pass_gate(struct pass *p)
{
	int gate;

	pthread_mutex_lock(&p->lock);
	while (p->gate == 0)
		pthread_cond_wait(&p->cond, &p->lock);
	gate = p->gate;
	pthread_mutex_unlock(&p->lock);
	return gate == 1;
}

/* Open or abandon the gate for every worker. */
static void
pass_open_gate(struct pass *p, int value)
{
	pthread_mutex_lock(&p->lock);
	p->gate = value;
	pthread_cond_broadcast(&p->cond);
	pthread_mutex_unlock(&p->lock);
}

/* A worker: bind, build its own state, then run released rounds. */
static void *
worker_main(void *arg)
{
	struct worker *w = arg;
	struct pass *p = w->pass;
	const struct ts_kernel *k = p->kernel;
	const struct ts_pass_config *cfg = p->cfg;
	ts_kstate *state;
	uint64_t n, sum, csw0, run0 = 0, wait0 = 0, run1, wait1;
	int expected = -1;

	if (!pass_gate(p))
		return NULL;
	if (cfg->pin != NULL && (cfg->exact_core ?
	    ts_topo_bind_exact(cfg->pin, cfg->core) :
	    ts_topo_bind_core(cfg->pin, w->index)) == 0)
		atomic_fetch_add(&p->pinned, 1);
	errno = 0;
	state = k->setup(cfg->threads, w->index, &cfg->params);
	if (state == NULL &&
	    atomic_compare_exchange_strong(&p->failed_index, &expected,
	    (int)w->index))
		atomic_store(&p->failed_errno, errno ? errno : ENOMEM);
	if (state != NULL && w->index == 0)
		atomic_store(&p->page_bytes, ts_kernel_page_bytes(k, state));
	csw0 = ts_thread_nivcsw();
	if (ts_thread_sched_ns(&run0, &wait0) == -1)
		atomic_store(&p->wait_unknown, true);
	pthread_barrier_wait(&p->barrier);		/* ready */
	for (;;) {
		pthread_barrier_wait(&p->barrier);	/* release */
		if (atomic_load_explicit(&p->stop, memory_order_acquire))
			break;
		n = atomic_load_explicit(&p->iters, memory_order_acquire);
		sum = k->run(state, n);
		atomic_fetch_xor_explicit(&p->checksum, sum,
		    memory_order_relaxed);
		pthread_barrier_wait(&p->barrier);	/* collect */
	}
	atomic_fetch_add(&p->nivcsw, ts_thread_nivcsw() - csw0);
	if (ts_thread_sched_ns(&run1, &wait1) == 0 && run1 >= run0 &&
	    wait1 >= wait0) {
		atomic_fetch_add(&p->run_ns, run1 - run0);
		atomic_fetch_add(&p->wait_ns, wait1 - wait0);
	} else
		atomic_store(&p->wait_unknown, true);
	if (state != NULL && k->teardown != NULL)
		k->teardown(state);
	return NULL;
}

/*
 * Release the workers, time them until the last one is back; seconds.
 * The clock is read before the release: the workers start only once
 * this thread has reached the barrier, so the round's work always lies
 * within what is timed.  Read after it, a coordinator descheduled
 * between the release and the reading (on a host busy enough, for
 * whole milliseconds) let the workers run part or all of the round
 * untimed: samples of 1000 times the kernel's rate were recorded so,
 * beside a neighbour on a 2-vCPU VM (3 of one run's 8 dhrystone
 * executions), and a best execution is the one such a sample makes.
 * Reading it before costs the barrier's own entry, microseconds.
 */
static double
timed_round(struct pass *p)
{
	double t0;

	t0 = ts_now();
	pthread_barrier_wait(&p->barrier);
	pthread_barrier_wait(&p->barrier);
	return ts_now() - t0;
}

/* Tell the callback something, if there is one. */
static void
notify(ts_progress_fn *fn, void *arg, struct ts_progress *ev,
    enum ts_progress_event event)
{
	if (fn == NULL)
		return;
	ev->event = event;
	fn(ev, arg);
}

/*
 * Grow the iteration count until a round takes at least 90 % of the
 * target (section 2.3).  Return the count, or 0 when it cannot be found;
 * *last gets the seconds of the round that accepted it.
 */
static uint64_t
calibrate(struct pass *p, unsigned *steps, double *last)
{
	double target = p->cfg->window_secs, secs, growth, next;
	uint64_t iters = 1;
	unsigned step;

	for (step = 0; step < TS_CALIBRATION_STEPS; step++) {
		*steps = step + 1;
		atomic_store_explicit(&p->iters, iters, memory_order_release);
		*last = secs = timed_round(p);
		if (secs >= 0.9 * target)
			return iters;
		if (secs < 1e-4)
			growth = 20.0;
		else {
			growth = target / secs;
			if (growth < 1.5)
				growth = 1.5;
			if (growth > 20.0)
				growth = 20.0;
		}
		next = ceil((double)iters * growth);
		if (!isfinite(next) || next >= TWO_POW_64)
			return 0;
		iters = (uint64_t)next;
	}
	return 0;
}

/*
 * Run the kernel until its rate stops moving (see SETTLE_ROUND_S): the
 * latest round's time per iteration within SETTLE_AGREE of the round
 * SETTLE_SPAN_S before it (the transient moves a few per cent a round,
 * so rounds next to each other agree long before it ends).  The
 * seconds spent; nothing is measured here.
 */
static double
settle(struct pass *p)
{
	double spent = 0, secs, per[SETTLE_ROUNDS], at[SETTLE_ROUNDS];
	uint64_t iters = 1;
	size_t n = 0, j;

	while (spent < SETTLE_MAX_S && n < SETTLE_ROUNDS) {
		atomic_store_explicit(&p->iters, iters, memory_order_release);
		secs = timed_round(p);
		spent += secs;
		if (secs < SETTLE_ROUND_S) {
			/* Still growing the round to its length. */
			if (iters > UINT64_MAX / 2)
				break;
			iters *= 2;
			continue;
		}
		per[n] = secs / (double)iters;
		at[n] = spent;
		for (j = n; j-- > 0;)
			if (at[j] <= spent - secs - SETTLE_SPAN_S)
				break;
		if (j < n && fabs(per[n] - per[j]) <= SETTLE_AGREE * per[j])
			break;
		n++;
	}
	return spent;
}

/* Calibrate, then the warm-up and measured rounds; 0 or -1 with err. */
static int
pass_rounds(struct pass *p, ts_progress_fn *fn, void *arg,
    struct ts_measurement *m, char *err, size_t errlen)
{
	const struct ts_pass_config *cfg = p->cfg;
	struct ts_progress ev;
	uint32_t warmup = cfg->warmup, total, r = 0;
	double secs = 0;

	memset(&ev, 0, sizeof ev);
	ev.left_s = -1;
	ev.kernel = p->kernel;
	ev.threads = cfg->threads;
	ev.total = cfg->samples;
	m->steal_ms = ts_steal_ms();
	if (p->kernel->buffer_default != 0) {
		m->settle_ms = settle(p) * 1000.0;
		/*
		 * The settling rounds ran the kernel to its steady rate: they
		 * were its warm-up, unless a calibration follows (whose round
		 * serves as warm-up round 0 anyway).
		 */
		if (cfg->iters != 0)
			warmup = 0;
	}
	total = warmup + cfg->samples;
	if (cfg->iters != 0)
		m->iters = cfg->iters;
	else {
		notify(fn, arg, &ev, TS_PROGRESS_CALIBRATING);
		m->iters = calibrate(p, &m->calib_steps, &secs);
	}
	if (m->iters == 0) {
		snprintf(err, errlen, "workload '%s': could not calibrate an "
		    "iteration count; the inner loop may have been optimised "
		    "away", p->kernel->id);
		return -1;
	}
	ev.iters = m->iters;
	atomic_store_explicit(&p->iters, m->iters, memory_order_release);
	m->durations = ts_xcalloc(total, sizeof *m->durations);
	m->samples = ts_xcalloc(cfg->samples, sizeof *m->samples);
	/*
	 * The round that accepted the count already ran it with every
	 * worker: it serves as warm-up round 0, and the pass runs one
	 * round less for the same samples.
	 */
	if (warmup > 0 && cfg->iters == 0)
		m->reused_warmup = true;
	for (; r < total; r++) {
		if (r > 0 || !m->reused_warmup)
			secs = timed_round(p);
		m->durations[m->ndurations++] = secs * 1000.0;
		if (r >= warmup)
			m->samples[m->nsamples++] = ts_kernel_rate(p->kernel,
			    m->iters, cfg->threads, secs, &cfg->params);
		if (r == 0) {
			ev.round_ms = secs * 1000.0;
			notify(fn, arg, &ev, TS_PROGRESS_CALIBRATED);
		}
		if (r >= warmup) {
			ev.done = (uint32_t)m->nsamples;
			ev.rate = m->samples[m->nsamples - 1];
			notify(fn, arg, &ev, TS_PROGRESS_SAMPLE);
		}
	}
	m->steal_ms = ts_steal_ms() - m->steal_ms;
	return 0;
}

/* Check a pass configuration; NULL or the spec's reason. */
static const char *
config_error(const struct ts_pass_config *cfg)
{
	if (cfg->threads == 0)
		return "thread count must be at least 1";
	if (cfg->samples == 0)
		return "sample count must be at least 1";
	if (!(cfg->window_secs > 0) || !isfinite(cfg->window_secs))
		return "the measurement window must be positive";
	if ((uint64_t)cfg->warmup + cfg->samples > UINT32_MAX)
		return "too many rounds in one pass";
	return NULL;
}

int
ts_measure(const struct ts_kernel *k, const struct ts_pass_config *cfg,
    ts_progress_fn *fn, void *arg, struct ts_measurement *m, char *err,
    size_t errlen)
{
	const char *why;
	struct pass p;
	struct worker *w;
	unsigned i, started = 0;
	int rc = -1, e, failed;

	memset(m, 0, sizeof *m);
	if ((why = config_error(cfg)) != NULL) {
		snprintf(err, errlen, "%s", why);
		return -1;
	}
	memset(&p, 0, sizeof p);
	p.kernel = k;
	p.cfg = cfg;
	atomic_init(&p.iters, 1);
	atomic_init(&p.stop, false);
	atomic_init(&p.checksum, 0);
	atomic_init(&p.pinned, 0);
	atomic_init(&p.failed_index, -1);
	atomic_init(&p.failed_errno, 0);
	atomic_init(&p.page_bytes, 0);
	atomic_init(&p.nivcsw, 0);
	atomic_init(&p.run_ns, 0);
	atomic_init(&p.wait_ns, 0);
	atomic_init(&p.wait_unknown, false);
	pthread_mutex_init(&p.lock, NULL);
	pthread_cond_init(&p.cond, NULL);
	if ((e = pthread_barrier_init(&p.barrier, NULL, cfg->threads + 1))
	    != 0) {
		snprintf(err, errlen, "workload '%s': cannot synchronise %u "
		    "threads: %s", k->id, cfg->threads, strerror(e));
		goto out_lock;
	}
	w = ts_xcalloc(cfg->threads, sizeof *w);
	for (i = 0; i < cfg->threads; i++) {
		w[i].pass = &p;
		w[i].index = i;
		if ((e = pthread_create(&w[i].tid, NULL, worker_main, &w[i]))
		    != 0)
			break;
		started++;
	}
	if (started < cfg->threads) {
		pass_open_gate(&p, -1);
		snprintf(err, errlen, "workload '%s': cannot start thread %u "
		    "of %u: %s", k->id, started + 1, cfg->threads, strerror(e));
		goto out_join;
	}
	pass_open_gate(&p, 1);
	pthread_barrier_wait(&p.barrier);		/* every setup done */
	failed = atomic_load(&p.failed_index);
	if (failed >= 0)
		snprintf(err, errlen, "workload '%s': cannot set up thread %d "
		    "of %u: %s", k->id, failed + 1, cfg->threads,
		    strerror(atomic_load(&p.failed_errno)));
	else
		rc = pass_rounds(&p, fn, arg, m, err, errlen);
	atomic_store_explicit(&p.stop, true, memory_order_release);
	pthread_barrier_wait(&p.barrier);		/* let them see stop */
out_join:
	for (i = 0; i < started; i++)
		pthread_join(w[i].tid, NULL);
	free(w);
	pthread_barrier_destroy(&p.barrier);
	m->checksum = atomic_load(&p.checksum);
	m->pinned = atomic_load(&p.pinned);
	m->page_bytes = atomic_load(&p.page_bytes);
	m->nivcsw = atomic_load(&p.nivcsw);
	m->wait_ms = atomic_load(&p.wait_unknown) ? NAN :
	    (double)atomic_load(&p.wait_ns) / 1e6;
	m->run_ms = atomic_load(&p.wait_unknown) ? NAN :
	    (double)atomic_load(&p.run_ns) / 1e6;
	m->buffer_bytes = ts_kernel_buffer_used(k, cfg->threads, &cfg->params);
out_lock:
	pthread_cond_destroy(&p.cond);
	pthread_mutex_destroy(&p.lock);
	if (rc == -1) {
		ts_measurement_free(m);
		m->pinned = atomic_load(&p.pinned);
	}
	return rc;
}

void
ts_measurement_free(struct ts_measurement *m)
{
	free(m->samples);
	free(m->durations);
	m->samples = m->durations = NULL;
	m->nsamples = m->ndurations = 0;
}

int
ts_run_pass(const struct ts_kernel *k, const struct ts_pass_config *cfg,
    ts_progress_fn *fn, void *arg, struct ts_pass *out,
    struct ts_measurement *info, char *err, size_t errlen)
{
	struct ts_measurement m;
	struct ts_stats window;

	memset(out, 0, sizeof *out);
	if (ts_measure(k, cfg, fn, arg, &m, err, errlen) == -1) {
		if (info != NULL)
			*info = m;
		return -1;
	}
	if (ts_stats_summary(m.samples, m.nsamples, &out->stats) == -1) {
		snprintf(err, errlen, "workload '%s': every sample was "
		    "non-finite", k->id);
		ts_measurement_free(&m);
		if (info != NULL)
			*info = m;
		return -1;
	}
	out->threads = cfg->threads;
	out->iters_per_thread = m.iters;
	out->value = out->stats.median;
	out->samples = ts_xcalloc(m.nsamples, sizeof *out->samples);
	memcpy(out->samples, m.samples, m.nsamples * sizeof *out->samples);
	out->nsamples = m.nsamples;
	out->window_ms = 0.0;
	if (ts_stats_summary(m.durations, m.ndurations, &window) == 0)
		out->window_ms = window.median;
	out->window_too_short = out->window_ms < TS_TOO_SHORT_MS;
	if (info != NULL)
		*info = m;
	else
		ts_measurement_free(&m);
	return 0;
}
