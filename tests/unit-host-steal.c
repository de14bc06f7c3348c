/* SPDX-License-Identifier: MIT */
/* lib/host/host-steal.c: the steal figure of /proc/stat's "cpu" line. */
#include <config.h>

#include <math.h>

#include "host/host-steal.h"
#include "tap.h"

int
main(void)
{
	const char *stat = "cpu  100 2 30 4000 5 0 6 250 0 0\n"
	    "cpu0 50 1 15 2000 2 0 3 125 0 0\n";
	double s;

	is_double(ts_steal_ms_parse(stat, 100), 2500.0,
	    "250 ticks at 100 Hz are 2500 ms");
	ok(isnan(ts_steal_ms_parse("cpu0 1 2 3 4 5 6 7 8\n", 100)),
	    "no aggregate line: not reported");
	ok(isnan(ts_steal_ms_parse("cpu  1 2 3 4 5 6 7\n", 100)),
	    "an old kernel without the steal figure: not reported");
	ok(isnan(ts_steal_ms_parse(stat, 0)), "no clock rate: not reported");
	s = ts_steal_ms();
	ok(isnan(s) || s >= 0, "this machine's steal is a figure or NaN");
	ok(ts_thread_nivcsw() < UINT64_MAX, "involuntary switches read");
	return done_testing();
}
