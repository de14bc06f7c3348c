/* SPDX-License-Identifier: MIT */
/*
 * lib/ab/ab-stop.c: --runs stops at its count; the adaptive rule waits
 * for min_runs and whole pairs, stops on the precision, on the time a
 * round more would take, and at max_runs; the sign-blind width it
 * judges by, and the far-beyond-the-noise exception; when the interval
 * is looked at; the rounds left for the progress line.
 */
#include <config.h>

#include <math.h>

#include "ab/ab-stats.h"
#include "ab/ab-stop.h"
#include "tap.h"

int
main(void)
{
	struct ts_ab_stop fixed = { 20, 0, 0, 0, 0, 1 };
	struct ts_ab_stop s = { 0, 10, 1000, 0.01, 60, 1 };
	struct ts_ab_stop duet = { 0, 12, 1000, 0.01, 60, 2 };
	struct ts_ab_est e;
	double a[40], b[40];
	char err[64];
	size_t i;

	ok(ts_ab_stop_check(&fixed, 19, 1e9, 1, 0) == TS_AB_MORE &&
	    ts_ab_stop_check(&fixed, 20, 0, 1, NAN) == TS_AB_STOP_RUNS,
	    "--runs 20: 19 rounds go on whatever the time, 20 stop");
	is_int(ts_ab_rounds_left(&fixed, 5, 0, 1, NAN), 15,
	    "--runs 20 after 5: 15 left");
	ok(ts_ab_stop_check(&s, 9, 0, 1, 0) == TS_AB_MORE &&
	    ts_ab_stop_check(&s, 10, 0, 1, 0.01) == TS_AB_STOP_PRECISION,
	    "adaptive: no stop before min_runs; then at the precision");
	ok(ts_ab_stop_check(&s, 10, 0, 1, 0.0101) == TS_AB_MORE &&
	    ts_ab_stop_check(&s, 10, 0, 1, NAN) == TS_AB_MORE,
	    "above the precision, or no width yet: go on");
	ok(ts_ab_stop_check(&s, 30, 58.5, 1, 0.05) == TS_AB_MORE &&
	    ts_ab_stop_check(&s, 30, 59.5, 1, 0.05) == TS_AB_STOP_TIME,
	    "a round that would end past --max-time is not started");
	ok(ts_ab_stop_check(&s, 5, 100, 1, 0.05) == TS_AB_MORE,
	    "min_runs are run even past --max-time");
	ok(ts_ab_stop_check(&s, 1000, 0, 1e-9, 0.05) == TS_AB_STOP_MAX,
	    "max_runs ends it");
	ok(ts_ab_stop_check(&duet, 13, 1000, 1, 0) == TS_AB_MORE &&
	    ts_ab_stop_check(&duet, 14, 1000, 1, 0) == TS_AB_STOP_PRECISION,
	    "duet: only whole pairs of rounds stop");
	ok(ts_ab_stop_due(&s, 1, 0) && ts_ab_stop_due(&s, 100, 99) &&
	    ts_ab_stop_due(&s, 210, 200) && !ts_ab_stop_due(&s, 209, 200) &&
	    !ts_ab_stop_due(&duet, 15, 14) && ts_ab_stop_due(&duet, 16, 14),
	    "looked at every round to 100, then every 5 %% more; duet at pairs");
	is_int(ts_ab_rounds_left(&s, 10, 10, 1, 0.02), 30,
	    "twice the precision after 10 rounds: 4 times the rounds, 30 left");
	is_int(ts_ab_rounds_left(&s, 10, 50, 1, 0.02), 10,
	    "unless the time allows 10 more");
	is_int(ts_ab_rounds_left(&s, 3, 3, 1, NAN), 7,
	    "no interval yet: at least min_runs");
	ok(ts_ab_rounds_left(&(struct ts_ab_stop){ 0, 2, 0, 0.01, 0, 1 }, 2,
	    1, 1, NAN) < 0, "nothing to go by: unknown");

	/* Signs that alternate: the sign-blind width is about the same. */
	for (i = 0; i < 20; i++) {
		a[i] = 1;
		b[i] = exp((i % 2 == 0 ? 1 : -1) * 0.001 * (double)(i + 1));
	}
	ts_ab_estimate(TS_AB_INTERLEAVED, a, b, 20, &e, err, sizeof err);
	ok(fabs(e.blind_half_width - e.half_width) / e.half_width < 0.25 &&
	    ts_ab_stop_width(&e) == e.blind_half_width,
	    "signs that cancel: the blind width (%.4f) is about the interval's (%.4f)", e.blind_half_width, e.half_width);
	for (i = 0; i < 20; i++)
		b[i] = 1.02 + 0.002 * (double)(i % 5);
	ts_ab_estimate(TS_AB_INTERLEAVED, a, b, 20, &e, err, sizeof err);
	ok(e.blind_half_width > 0.01 && e.half_width < 0.005,
	    "every round 2-3 %% higher: blind to the signs, the width is the "
	    "sizes' (%.4f), the interval's own %.4f", e.blind_half_width,
	    e.half_width);
	ok(ts_ab_stop_width(&e) == e.half_width,
	    "a change far beyond the noise stops on the interval's own width");
	for (i = 0; i < 20; i++)
		b[i] = i % 3 == 0 ? 0.99 : 1.011;
	ts_ab_estimate(TS_AB_INTERLEAVED, a, b, 20, &e, err, sizeof err);
	ok(ts_ab_stop_width(&e) == e.blind_half_width,
	    "a change within 2.5 half-widths keeps the blind width");
	is_str(ts_ab_why_text(TS_AB_STOP_TIME), "the time allowed ran out",
	    "why it stopped, in words");
	return done_testing();
}
