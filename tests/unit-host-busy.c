/* SPDX-License-Identifier: MIT */
/*
 * lib/host/host-busy.c: each CPU's busy ticks out of /proc/stat's text,
 * the busiest CPU of a mask between two reads, and this machine's CPU
 * seen busy while a thread spins on it.
 */
#include <config.h>

#include <math.h>
#include <sched.h>

#include "host/host-busy.h"
#include "pin-fixture.h"
#include "tap.h"
#include "util.h"

/*
 * Spin 0.5 s on the first CPU of this process's mask; *busy gets that
 * CPU's busy share over the spin.  Return 0, or -1 when /proc/stat or the
 * binding is not there.
 */
static int
spin_busy(double *busy)
{
	struct ts_cpu_ticks a = { 0 }, b = { 0 };
	cpu_set_t mine, one;
	double t0;
	int rc = -1;

	if (pin_first_cpu(&mine, &one) == -1)
		return -1;
	if (ts_cpu_ticks_read(&a) > 0) {
		for (t0 = ts_now(); ts_now() - t0 < 0.5;)
			;
		if (ts_cpu_ticks_read(&b) > 0) {
			*busy = ts_cpu_busiest(&a, &b, &one);
			rc = isnan(*busy) ? -1 : 0;
		}
	}
	sched_setaffinity(0, sizeof mine, &mine);
	ts_cpu_ticks_free(&a);
	ts_cpu_ticks_free(&b);
	return rc;
}

int
main(void)
{
	/* user nice system idle iowait irq softirq steal guest guest_nice */
	const char *t0 = "cpu  300 0 100 1600 0 0 0 0 0 0\n"
	    "cpu0 100 0 50 800 0 0 0 0 0 0\n"
	    "cpu2 200 0 50 800 0 0 0 0 0 0\n"
	    "intr 12345 0 0\n";
	const char *t1 = "cpu  0 0 0 0 0 0 0 0 0 0\n"
	    "cpu0 190 0 60 800 0 0 0 0 0 0\n"	/* 100 ticks, all busy */
	    "cpu2 210 0 50 880 10 0 0 0 0 0\n"	/* 100 ticks, 10 busy */
	    "intr 12345 0 0\n";
	const char *t2 = "cpu0 190 0 60 800 0 0 0 40 0 0\n"	/* steal */
	    "cpu2 210 0 50 880 10 0 0 0 0 0\n";
	struct ts_cpu_ticks a = { 0 }, b = { 0 }, c = { 0 };
	cpu_set_t two;
	double busy;

	is_int(ts_cpu_ticks_parse(t0, &a), 2, "two CPU lines; the aggregate "
	    "and interrupt lines are not CPUs");
	ok(a.n == 3 && a.all[1] == 0 && a.all[2] == 1050 && a.busy[2] == 250,
	    "indexed by CPU number, an absent CPU all zero");
	is_int(ts_cpu_ticks_parse(t1, &b), 2, "the second read");
	is_double(ts_cpu_busiest(&a, &b, NULL), 1.0, "cpu0 busy for all of "
	    "its 100 ticks is the busiest");
	CPU_ZERO(&two);
	CPU_SET(2, &two);
	is_double(ts_cpu_busiest(&a, &b, &two), 0.1, "within the mask {2}: "
	    "10 of 100 ticks (iowait is not busy)");
	CPU_ZERO(&two);
	CPU_SET(1, &two);
	ok(isnan(ts_cpu_busiest(&a, &b, &two)), "a mask of absent CPUs: NaN");
	ok(ts_cpu_ticks_parse(t2, &c) == 2 &&
	    ts_cpu_busiest(&b, &c, NULL) == 1.0,
	    "steal ticks are busy ones");
	ok(isnan(ts_cpu_busiest(&b, &a, NULL)), "counters that went back: "
	    "no share");
	is_int(ts_cpu_ticks_parse("cpu  1 2 3 4 5 6 7 8\nintr 1\n", &c), -1,
	    "no CPU line: -1");
	ok(c.n == 0 && c.busy == NULL, "and nothing kept");
	is_int(ts_cpu_ticks_parse("cpu0 1 2 3\n", &c), -1,
	    "a line too short is not a CPU");
	ts_cpu_ticks_free(&a);
	ts_cpu_ticks_free(&b);
	ts_cpu_ticks_free(&c);
	if (spin_busy(&busy) == -1)
		skip(1, "no /proc/stat or no CPU to pin to");
	else
		ok(busy >= 0.5, "a CPU spun on for 0.5 s counted %.0f %% busy "
		    "(at least 50 %%)", busy * 100);
	return done_testing();
}
