/* SPDX-License-Identifier: MIT */
/* lib/eta.c: the wording of a time estimate, and the sized estimate. */
#include <config.h>

#include <stdint.h>

#include "eta.h"
#include "tap.h"

int
main(void)
{
	char b[TS_ETA_MAX];
	uint64_t sizes[20];
	double secs[20];
	size_t i;

	is_str(ts_eta_text(0.2, b), "about 1 s left", "under a second: 1 s");
	is_str(ts_eta_text(7.1, b), "about 8 s left", "rounded up");
	is_str(ts_eta_text(21, b), "about 25 s left", "to 5 s above 20 s");
	is_str(ts_eta_text(60, b), "about 1 min left", "a minute");
	is_str(ts_eta_text(81, b), "about 1 min 25 s left", "minutes, seconds");
	is_str(ts_eta_text(7300, b), "about 2 h 1 min left", "hours");
	is_str(ts_eta_text(-1, b), "", "negative: nothing");

	/* A sweep: 4 KiB .. 2 MiB, 0.1 s fixed plus 1 s per MiB. */
	for (i = 0; i < 10; i++) {
		sizes[i] = UINT64_C(4096) << i;
		secs[i] = 0.1 + (double)sizes[i] / (1024.0 * 1024.0);
	}
	is_double(ts_eta_sized(sizes, secs, 0, 10), -1, "nothing finished");
	is_double(ts_eta_sized(sizes, secs, 2, 10), -1,
	    "only steps 64 times smaller than the last: unknown");
	ok(ts_eta_sized(sizes, secs, 8, 10) > 0.2 + 1.5 + 0.5 &&
	    ts_eta_sized(sizes, secs, 8, 10) < 0.2 + 3 + 0.1,
	    "the last two steps foreseen from the cost per byte");
	is_double(ts_eta_sized(sizes, secs, 10, 10), 0, "nothing left");

	/* A suite in executions: each pass's latest execution, times left. */
	{
		double ps[3] = { 2, 4, -1 };
		unsigned left[3] = { 3, 1, 2 };
		double none[2] = { -1, -1 };
		unsigned zero[2] = { 0, 0 }, some[2] = { 1, 1 };

		is_double(ts_eta_passes(ps, left, 3), 3 * 2 + 1 * 4 + 2 * 3,
		    "executions: their latest times, the mean for a new pass");
		is_double(ts_eta_passes(none, some, 2), -1,
		    "executions: nothing run yet, unknown");
		is_double(ts_eta_passes(none, zero, 2), 0,
		    "executions: nothing left");
	}
	return done_testing();
}
