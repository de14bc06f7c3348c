/* SPDX-License-Identifier: MIT */
/*
 * lib/host/host-steal.c: the steal figure of /proc/stat's "cpu" line, and
 * a thread's wait for a CPU from schedstat, shown growing when two busy
 * threads share one CPU.
 */
#include <config.h>

#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdbool.h>

#include "host/host-steal.h"
#include "pin-fixture.h"
#include "tap.h"
#include "util.h"

static atomic_bool stop;

static void *
spin(void *arg)
{
	(void)arg;
	while (!atomic_load(&stop))
		;
	return NULL;
}

/*
 * Two busy threads on one CPU for 0.4 s: the share of the time the
 * caller could have run that it waited.
 */
static int
shared_wait(double *share)
{
	cpu_set_t mine, one;
	uint64_t r0, w0, r1, w1;
	pthread_t t;
	double t0;

	if (pin_first_cpu(&mine, &one) == -1)
		return -1;
	atomic_store(&stop, false);
	if (pthread_create(&t, NULL, spin, NULL) != 0)
		return -1;
	if (ts_thread_sched_ns(&r0, &w0) == -1) {
		atomic_store(&stop, true);
		pthread_join(t, NULL);
		return -1;
	}
	for (t0 = ts_now(); ts_now() - t0 < 0.4;)
		;
	atomic_store(&stop, true);
	pthread_join(t, NULL);
	if (ts_thread_sched_ns(&r1, &w1) == -1)
		return -1;
	sched_setaffinity(0, sizeof mine, &mine);
	*share = (double)(w1 - w0) / (double)(r1 - r0 + w1 - w0);
	return 0;
}

/* One of /proc/stat's CPU lines, the parse host-busy.c shares. */
static void
stat_line(void)
{
	unsigned long long f[8];
	int cpu = 0;

	ok(ts_stat_cpu_line("cpu  1 2 3 4 5 6 7 8 9 10\n", &cpu, f) == 8 &&
	    cpu == -1 && f[7] == 8, "the aggregate line: CPU -1, its 8 first "
	    "counts");
	ok(ts_stat_cpu_line("cpu12 1 2 3 4 5 6 7\n", &cpu, f) == 7 &&
	    cpu == 12 && f[6] == 7 && f[7] == 0,
	    "cpu12 of an old kernel: 7 counts, steal 0");
	ok(ts_stat_cpu_line("intr 1 2\n", &cpu, f) == -1 &&
	    ts_stat_cpu_line("cpux 1 2\n", &cpu, f) == -1,
	    "not a CPU line: -1");
}

int
main(void)
{
	const char *stat = "cpu  100 2 30 4000 5 0 6 250 0 0\n"
	    "cpu0 50 1 15 2000 2 0 3 125 0 0\n";
	double s, share;
	uint64_t run = 0, ns = 0;

	is_double(ts_steal_ms_parse(stat, 100), 2500.0,
	    "250 ticks at 100 Hz are 2500 ms");
	ok(isnan(ts_steal_ms_parse("cpu0 1 2 3 4 5 6 7 8\n", 100)),
	    "no aggregate line: not reported");
	ok(isnan(ts_steal_ms_parse("cpu  1 2 3 4 5 6 7\n", 100)),
	    "an old kernel without the steal figure: not reported");
	ok(isnan(ts_steal_ms_parse(stat, 0)), "no clock rate: not reported");
	stat_line();
	s = ts_steal_ms();
	ok(isnan(s) || s >= 0, "this machine's steal is a figure or NaN");
	ok(ts_thread_nivcsw() < UINT64_MAX, "involuntary switches read");

	ok(ts_schedstat_parse("181712405 5678 92\n", &run, &ns) == 0 &&
	    run == 181712405 && ns == 5678,
	    "schedstat: the first figure is the time run, the second the wait");
	ok(ts_schedstat_parse("181712405\n", &run, &ns) == -1 &&
	    ts_schedstat_parse("", &run, &ns) == -1 &&
	    ts_schedstat_parse("1 2x 3\n", &run, &ns) == -1,
	    "a line without them: not reported");
	if (shared_wait(&share) == -1)
		skip(1, "the kernel gives no schedstat, or no CPU to pin to");
	else
		ok(share >= 0.2, "two busy threads on one CPU for 0.4 s: one "
		    "waited %.0f %% of the time it could have run (at least "
		    "20 %%)", share * 100);
	return done_testing();
}
