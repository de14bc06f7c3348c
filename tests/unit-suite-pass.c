/* SPDX-License-Identifier: MIT */
/*
 * lib/suite/suite-pass.c with tiny kernels of our own: pass shape, per-thread
 * setup on the worker's own thread, calibration, failures that must not hang,
 * progress between rounds, pinning.  Behaviour only; no timing asserts beyond
 * a lenient "the window was reached".
 */
#include <config.h>

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/kernel.h"
#include "suite/suite-pass.h"
#include "fake-kernel.h"
#include "tap.h"
#include "topo/topo.h"
#include "util.h"

#define MAXT	8

/* What the spin kernel's setups saw. */
static atomic_int setups;
static pthread_t setup_thread[MAXT];
static pthread_t main_thread;
static atomic_int fail_index = -1;

/* A worker's state: a counter that really depends on every iteration. */
struct spin {
	unsigned	index;
	uint64_t	acc;
};

/* Record which thread set this index up; fail on request. */
static ts_kstate *
spin_setup(unsigned threads, unsigned index, const struct ts_kparams *kp)
{
	struct spin *s;

	(void)threads;
	(void)kp;
	atomic_fetch_add(&setups, 1);
	if (index < MAXT)
		setup_thread[index] = pthread_self();
	if ((int)index == atomic_load(&fail_index)) {
		errno = ENOMEM;
		return NULL;
	}
	s = calloc(1, sizeof *s);
	s->index = index;
	s->acc = index + 1;
	return s;
}

/* A dependent integer chain, so the loop cannot be folded away. */
static uint64_t
spin_run(ts_kstate *st, uint64_t iters)
{
	struct spin *s = st;

	s->acc = fake_chain(s->acc, iters);
	return s->acc | 1;
}

/* Does nothing at all: calibration must give up, not hang. */
static uint64_t
empty_run(ts_kstate *st, uint64_t iters)
{
	(void)st;
	(void)iters;
	return 1;
}

/* Always one: the pass checksum is the parity of the run() calls. */
static uint64_t
one_run(ts_kstate *st, uint64_t iters)
{
	spin_run(st, iters);
	return 1;
}

static const struct ts_kernel spin = {
	.id = "spin", .name = "Spin", .summary = "test",
	.unit = TS_UNIT_MIB_PER_SEC, .reference = 1.0, .scales = true,
	.setup = spin_setup, .run = spin_run, .teardown = fake_teardown,
	.rate = fake_rate,
};

static const struct ts_kernel empty = {
	.id = "empty", .name = "Empty", .summary = "test",
	.unit = TS_UNIT_MIB_PER_SEC, .reference = 1.0, .scales = true,
	.setup = spin_setup, .run = empty_run, .teardown = fake_teardown,
	.rate = fake_rate,
};

static const struct ts_kernel parity = {
	.id = "parity", .name = "Parity", .summary = "test",
	.unit = TS_UNIT_MIB_PER_SEC, .reference = 1.0, .scales = true,
	.setup = spin_setup, .run = one_run, .teardown = fake_teardown,
	.rate = fake_rate,
};

/*
 * A kernel with a buffer whose first 0.3 s run ten times slower, falling
 * to its own speed of one iteration a microsecond, as a chase over fresh
 * base pages does on the VMs measured here (suite-pass.c, settle()).
 */
static double cold_born;

static ts_kstate *
cold_setup(unsigned threads, unsigned index, const struct ts_kparams *kp)
{
	(void)threads;
	(void)index;
	(void)kp;
	cold_born = ts_now();
	return calloc(1, 1);
}

/* Spin for the iterations' cost at the kernel's age. */
static uint64_t
cold_run(ts_kstate *st, uint64_t iters)
{
	double age = ts_now() - cold_born, slow, until;

	(void)st;
	slow = age < 0.3 ? 1.0 + 9.0 * (1.0 - age / 0.3) : 1.0;
	until = ts_now() + (double)iters * 1e-6 * slow;
	while (ts_now() < until)
		;
	return iters | 1;
}

static const struct ts_kernel cold = {
	.id = "cold", .name = "Cold", .summary = "test",
	.unit = TS_UNIT_MIB_PER_SEC, .reference = 1.0, .scales = false,
	.setup = cold_setup, .run = cold_run, .teardown = fake_teardown,
	.rate = fake_rate, .buffer_default = 1,
};

/* Progress as seen by the callback. */
struct seen {
	int	calibrating, calibrated, samples, off_main;
	int	order_ok;
	uint64_t iters;
};

/* Count events, check they come from the main thread in order. */
static void
on_progress(const struct ts_progress *ev, void *arg)
{
	struct seen *s = arg;

	if (!pthread_equal(pthread_self(), main_thread))
		s->off_main++;
	switch (ev->event) {
	case TS_PROGRESS_CALIBRATING:
		s->calibrating++;
		break;
	case TS_PROGRESS_CALIBRATED:
		if (s->calibrating != 1 || s->samples != 0)
			s->order_ok = 0;
		s->calibrated++;
		s->iters = ev->iters;
		break;
	case TS_PROGRESS_SAMPLE:
		if (s->calibrated != 1 || ev->done != (uint32_t)s->samples + 1)
			s->order_ok = 0;
		s->samples++;
		break;
	}
}

/* A pass configuration with a short window. */
static struct ts_pass_config
config(unsigned threads, uint32_t samples, uint32_t warmup, double secs)
{
	struct ts_pass_config c;

	memset(&c, 0, sizeof c);
	c.threads = threads;
	c.samples = samples;
	c.warmup = warmup;
	c.window_secs = secs;
	return c;
}

int
main(void)
{
	struct ts_pass_config c;
	struct ts_pass pass;
	struct ts_measurement m;
	struct seen seen;
	struct ts_topo *topo;
	char err[256], msg[256];
	unsigned i;
	int distinct;

	main_thread = pthread_self();

	c = config(0, 3, 1, 0.01);
	ok(ts_measure(&spin, &c, NULL, NULL, &m,
	    err, sizeof err) == -1, "zero threads rejected");
	is_str(err, "thread count must be at least 1", "zero threads: text");
	c = config(1, 0, 1, 0.01);
	ok(ts_measure(&spin, &c, NULL, NULL, &m,
	    err, sizeof err) == -1, "zero samples rejected");
	is_str(err, "sample count must be at least 1", "zero samples: text");
	ok(atomic_load(&setups) == 0, "nothing was set up for a bad config");

	/* Shape: three samples, setup once per thread on its own thread. */
	memset(&seen, 0, sizeof seen);
	seen.order_ok = 1;
	c = config(3, 3, 1, 0.005);
	if (ok(ts_run_pass(&spin, &c, on_progress, &seen, &pass, &m,
	    err, sizeof err) == 0, "3-thread pass runs"))  {
		is_int(pass.nsamples, 3, "three samples");
		is_int(pass.stats.n + pass.stats.outliers, 3,
		    "n + outliers = samples");
		is_int(pass.threads, 3, "threads recorded");
		ok(pass.iters_per_thread >= 1 && pass.iters_per_thread ==
		    m.iters, "iters_per_thread is the calibrated count");
		is_double(pass.value, pass.stats.median, "value = median");
		ok(pass.stats.min <= pass.value && pass.value <= pass.stats.max,
		    "min <= value <= max");
		is_int(m.ndurations, 4, "durations include the warm-up round");
		ok(pass.window_too_short == (pass.window_ms < 20.0),
		    "window_too_short follows window_ms");
		free(pass.samples);
		ts_measurement_free(&m);
	} else
		diag("%s", err);
	is_int(atomic_load(&setups), 3, "setup called once per thread");
	distinct = 1;
	for (i = 0; i < 3; i++) {
		if (pthread_equal(setup_thread[i], main_thread))
			distinct = 0;
		if (i > 0 && pthread_equal(setup_thread[i], setup_thread[0]))
			distinct = 0;
	}
	ok(distinct, "each setup ran on its own worker thread");
	is_int(seen.calibrating, 1, "one calibrating event");
	is_int(seen.calibrated, 1, "one calibrated event");
	is_int(seen.samples, 3, "one sample event per measured round");
	ok(seen.order_ok, "events in order, between rounds");
	is_int(seen.off_main, 0, "progress runs on the calling thread");

	/*
	 * Calibration reaches a 60 ms target (lenient: above 30 ms).  A round
	 * descheduled on a busy machine can pass for a long one and stop the
	 * calibration short, so it has three tries: a calibration that does
	 * not reach its target fails all three.
	 */
	c = config(1, 1, 0, 0.060);
	{
		bool ran = true, reached = false;

		for (i = 0; i < 3 && ran && !reached; i++) {
			ran = ts_run_pass(&spin, &c, NULL, NULL, &pass, NULL,
			    err, sizeof err) == 0;
			if (!ran)
				break;
			free(pass.samples);
			reached = pass.window_ms > 30.0;
			if (!reached)
				diag("try %u: window %.3f ms", i + 1,
				    pass.window_ms);
		}
		ok(ran, "60 ms pass runs");
		ok(reached, "60 ms target gives a window over 30 ms");
	}

	/*
	 * An empty kernel must fail calibration, with the spec's text.  The
	 * 10 s target keeps a loaded machine's scheduling delays (tens of ms
	 * for a round of two threads) from passing for a calibrated round.
	 */
	c = config(2, 2, 0, 10.0);
	ok(ts_run_pass(&empty, &c, NULL, NULL, &pass, NULL,
	    err, sizeof err) == -1, "empty kernel fails instead of hanging");
	is_str(err, "workload 'empty': could not calibrate an iteration "
	    "count; the inner loop may have been optimised away",
	    "calibration failure text");

	/* A failing setup stops the pass before any round. */
	atomic_store(&fail_index, 1);
	memset(&seen, 0, sizeof seen);
	c = config(2, 2, 0, 0.01);
	ok(ts_run_pass(&spin, &c, on_progress, &seen, &pass, NULL,
	    err, sizeof err) == -1, "a failed setup fails the pass");
	snprintf(msg, sizeof msg, "workload 'spin': cannot set up thread 2 of "
	    "2: %s", strerror(ENOMEM));
	is_str(err, msg, "setup failure text");
	is_int(seen.calibrating, 0, "no round after a failed setup");
	atomic_store(&fail_index, -1);

	/* The checksum is the XOR of every run(): here the rounds' parity. */
	c = config(1, 3, 2, 0.002);
	if (ok(ts_measure(&parity, &c, NULL, NULL, &m, err, sizeof err) == 0,
	    "parity pass runs")) {
		ok(m.reused_warmup, "the accepting calibration round is "
		    "warm-up round 0");
		is_int(m.ndurations, 5, "durations: both warm-up rounds and the "
		    "three samples");
		is_u64(m.checksum, (m.calib_steps + 1 + 3) & 1,
		    "checksum folds every round's run() by XOR: one warm-up "
		    "round runs after calibration");
		ts_measurement_free(&m);
	}
	c = config(1, 3, 0, 0.002);
	if (ok(ts_measure(&parity, &c, NULL, NULL, &m, err, sizeof err) == 0,
	    "parity pass without warm-up runs")) {
		ok(!m.reused_warmup && m.ndurations == 3, "without warm-up the "
		    "calibration round is not kept");
		is_u64(m.checksum, (m.calib_steps + 3) & 1,
		    "without warm-up: calibration and the three samples");
		ts_measurement_free(&m);
	}

	/*
	 * Fresh buffers settle before anything counts: without it, the
	 * calibration and samples would all fall in the cold 0.3 s and read
	 * 2-10 times slow (the last of them at least 6 times).  A busy
	 * machine can only make a sample slower, by descheduling the spin
	 * past its end: the best of them is at the warm speed, within a
	 * margin of 0.5.  Rounds descheduled at random can also look alike
	 * early and end the settling short, so it has three tries: settling
	 * that does not wait out the cold start fails all three.
	 */
	c = config(1, 3, 0, 0.01);
	{
		bool ran = true, settled = false, warm = false;
		double best = 0;

		for (i = 0; i < 3 && ran && !(settled && warm); i++) {
			unsigned j;

			ran = ts_measure(&cold, &c, NULL, NULL, &m, err,
			    sizeof err) == 0;
			if (!ran)
				break;
			best = 0;
			for (j = 0; j < m.nsamples; j++)
				best = m.samples[j] > best ? m.samples[j] : best;
			settled = m.settle_ms >= 250.0;
			warm = m.nsamples == 3 && best > 0.5e6;
			if (!settled || !warm)
				diag("try %u: settled in %.0f ms, best sample "
				    "%.0f iterations/s", i + 1, m.settle_ms,
				    best);
			ts_measurement_free(&m);
		}
		ok(ran, "a kernel with a cold buffer runs");
		ok(settled, "it settled through the cold start");
		ok(warm, "the best of its samples at the warm speed");
	}
	c = config(1, 3, 0, 0.01);
	if (ok(ts_measure(&spin, &c, NULL, NULL, &m, err, sizeof err) == 0,
	    "a kernel without a buffer runs")) {
		is_double(m.settle_ms, 0.0, "and does not settle");
		ts_measurement_free(&m);
	}

	/* Pinning through a synthetic topology (binding is a no-op there). */
	unsetenv("HWLOC_XMLFILE");
	setenv("HWLOC_SYNTHETIC", "pack:1 core:2 pu:1", 1);
	topo = ts_topo_open(msg, sizeof msg);
	if (ok(topo != NULL, "synthetic topology for pinning")) {
		c = config(2, 1, 0, 0.002);
		c.pin = topo;
		if (ok(ts_measure(&spin, &c, NULL, NULL, &m,
		    err, sizeof err) == 0, "pinned pass runs")) {
			is_int(m.pinned, 2, "both workers report bound");
			ts_measurement_free(&m);
		}
		/* One exact core, as a CPU kind's pass asks: not this
		 * machine's topology, so the bind fails and the pass runs. */
		c = config(1, 1, 0, 0.002);
		c.pin = topo;
		c.exact_core = true;
		c.core = 1;
		if (ok(ts_measure(&spin, &c, NULL, NULL, &m,
		    err, sizeof err) == 0, "a pass whose exact core cannot be "
		    "bound still runs")) {
			is_int(m.pinned, 0, "and reports its worker unbound");
			ts_measurement_free(&m);
		}
		ts_topo_close(topo);
	}
	return done_testing();
}
