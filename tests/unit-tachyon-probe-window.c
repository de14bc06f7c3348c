/* SPDX-License-Identifier: MIT */
/*
 * src/tachyon/probe-window.c on readings of known values: the window's
 * mean and its Student's t interval, the window's reach in time, the
 * baseline (the median of the host's recent past) and its reach, the
 * gauge's rule (a drop below the baseline, a thread's wait for its CPU,
 * --min-score) and its two readings in a row each way, and the budget
 * that spaces the cheap schedule's readings.
 */
#include <config.h>

#include <math.h>
#include <stdio.h>

#include "mem/mem-probe.h"
#include "tachyon/probe-window.h"
#include "tap.h"

static int
near(double a, double b, double tol)
{
	return fabs(a - b) <= tol;
}

/* The window's score and interval on values worked by hand. */
static void
test_interval(void)
{
	static const double v[] = { 10, 12, 14, 16, 18 };
	struct ts_pw_estimate e;
	struct ts_pw_rule rule;
	struct ts_pw_reading r;
	struct ts_pw w;
	double mean, low, high;
	size_t i;

	/* Mean 14, s = sqrt(10), t(0.975, 4) = 2.776445: 14 -+ 3.926. */
	ts_pw_interval(v, 5, &mean, &low, &high);
	ok(near(mean, 14, 1e-12), "mean of 10..18 is 14 (%g)", mean);
	ok(near(low, 14 - 2.776445105 * sqrt(2.0), 1e-6) &&
	    near(high, 14 + 2.776445105 * sqrt(2.0), 1e-6),
	    "95 %% interval [%.4f, %.4f] = 14 -+ t(4) sqrt(10 / 5)", low, high);
	ts_pw_interval(v, 1, &mean, &low, &high);
	ok(mean == 10 && isnan(low) && isnan(high),
	    "one reading: its value, no interval");
	ts_pw_interval(v, 0, &mean, &low, &high);
	ok(isnan(mean), "no reading: no score");

	/* The window holds the readings of its last 600 s, no older. */
	ts_pw_rule_default(&rule);
	ts_pw_init(&w, 600, &rule);
	for (i = 0; i < 5; i++) {
		r.t = 1000 + 100.0 * (double)i;
		r.score = v[i];
		r.wait_share = 0.01;
		(void)ts_pw_add(&w, &r);
	}
	ts_pw_estimate(&w, 1400, &e);
	ok(e.n == 5 && near(e.mean, 14, 1e-12) && near(e.wait_share, 0.01,
	    1e-12), "the window at 1400 s holds the 5 readings since 1000 s");
	ts_pw_estimate(&w, 1750, &e);
	ok(e.n == 3 && near(e.mean, 16, 1e-12),
	    "at 1750 s, a 600 s window holds the last 3 (mean %g)", e.mean);
	ts_pw_estimate(&w, 5000, &e);
	ok(e.n == 0 && isnan(e.mean), "long after: an empty window");
	ts_pw_free(&w);
}

/* Add a reading of score s and wait share q at time t; the gauge after. */
static int
add(struct ts_pw *w, double t, double s, double q, int *confirm)
{
	struct ts_pw_reading r = { t, s, q };

	*confirm = ts_pw_add(w, &r);
	return w->degraded;
}

/* The gauge: its rule, and two readings in a row to change it. */
static void
test_gauge(void)
{
	/* A quiet host: +-5 % about 20, waits under 2 %. */
	static const double quiet[] = { 20.0, 19.2, 20.8, 19.6, 20.4, 19.0,
		21.0, 20.1, 19.9, 20.3 };
	struct ts_pw_rule rule;
	struct ts_pw w;
	double t = 0;
	size_t i;
	int c, d, alarms = 0;

	ts_pw_rule_default(&rule);
	ts_pw_init(&w, 600, &rule);
	/* Before 5 readings there is no baseline: a low one is not judged. */
	d = add(&w, t += 60, 10, 0, &c);
	ok(!d && !c && isnan(w.baseline), "first reading: no baseline, no "
	    "judgement");
	ts_pw_free(&w);
	ts_pw_init(&w, 600, &rule);
	for (i = 0; i < 10; i++)
		alarms += add(&w, t += 60, quiet[i], 0.01, &c) || c;
	ok(alarms == 0, "ten quiet readings: no alarm, no confirmation asked");
	ok(near(w.baseline, 20.0, 1e-12), "baseline: the median of the past "
	    "(%g)", w.baseline);
	d = add(&w, t += 60, 15.0, 0.01, &c);
	ok(!d && !c, "a reading at 0.75 x baseline is not suspect");
	d = add(&w, t += 60, 13.9, 0.01, &c);
	ok(!d && c, "one reading under 0.7 x baseline: a confirmation asked, "
	    "the gauge still 0");
	d = add(&w, t += 20, 20.1, 0.01, &c);
	ok(!d && !c, "a clean confirmation: still 0, nothing pending");
	d = add(&w, t += 40, 13.5, 0.01, &c);
	ok(!d && c, "low again: pending");
	d = add(&w, t += 20, 13.0, 0.01, &c);
	ok(d && !c && w.raised == 1, "two low readings in a row: degraded");
	d = add(&w, t += 40, 13.2, 0.01, &c);
	ok(d && !c, "low while degraded: nothing to confirm");
	d = add(&w, t += 60, 20.0, 0.01, &c);
	ok(d && c, "one clean reading: a confirmation asked, still 1");
	d = add(&w, t += 20, 19.8, 0.01, &c);
	ok(!d && !c && w.raised == 1, "two clean in a row: back to 0");

	/* A busy process on a probe thread's core: its wait, not the score. */
	d = add(&w, t += 60, 19.0, 0.48, &c);
	ok(!d && c, "a thread waiting 48 %% of the reading (usually 1 %%): "
	    "suspect, at 0.95 x baseline");
	d = add(&w, t += 20, 18.5, 0.45, &c);
	ok(d && w.raised == 2, "and again: degraded");
	d = add(&w, t += 60, 19.5, -1, &c);
	ok(d && c, "a reading whose wait is unknown is judged on its score");
	d = add(&w, t += 20, 19.7, 0.2, &c);
	ok(!d, "a wait 19 points above the usual is not suspect: back to 0");
	ts_pw_free(&w);

	/* --min-score: from the first reading, without a baseline. */
	rule.min_score = 25;
	ts_pw_init(&w, 600, &rule);
	(void)add(&w, t += 60, 20, 0, &c);
	d = add(&w, t += 20, 20, 0, &c);
	ok(d, "--min-score 25: two readings of 20 raise the gauge at once");
	ts_pw_free(&w);
}

/* The baseline forgets what is older than its reach. */
static void
test_history(void)
{
	struct ts_pw_rule rule;
	struct ts_pw w;
	double t = 0;
	int c, i;

	ts_pw_rule_default(&rule);
	rule.history_s = 600;
	ts_pw_init(&w, 600, &rule);
	for (i = 0; i < 10; i++)
		(void)add(&w, t += 60, 30, 0, &c);
	for (i = 0; i < 20; i++)
		(void)add(&w, t += 60, 20, 0, &c);
	ok(near(w.baseline, 20, 1e-12) && w.n <= 11,
	    "a 600 s reach: the baseline is the new level (%g, %zu held)",
	    w.baseline, w.n);
	ok(w.raised == 1 && !w.degraded, "the drop from 30 to 20 was "
	    "degraded until the past caught up with it");
	ts_pw_free(&w);
}

/* The budget's bucket, by the numbers. */
static void
test_bucket(void)
{
	struct ts_pw_budget b;
	double t, spent, most, at[2200], sum[2200];
	int i, j, n = 0;

	ts_pw_budget_start(&b, 100, 2.5);
	ok(near(b.credit, TS_PW_BURST, 1e-12) && ts_pw_budget_wait(&b, 0.1,
	    TS_PW_RESERVE) == 0, "a full bucket at the start: a reading "
	    "fits with the reserve left");
	ts_pw_budget_count(&b, 100, 2.5 + TS_PW_BURST - 0.2);
	ok(near(b.credit, 0.2, 1e-12), "%g CPU-s spent: 0.2 in hand",
	    TS_PW_BURST - 0.2);
	ok(ts_pw_budget_wait(&b, 0.1, 0) == 0, "an event's reading of 0.1 "
	    "fits");
	ok(near(ts_pw_budget_wait(&b, 0.1, TS_PW_RESERVE), (0.1 +
	    TS_PW_RESERVE - 0.2) * 3600 / TS_PW_BUDGET, 1e-9), "a routine "
	    "one waits until the reserve is back too: %.0f s",
	    ts_pw_budget_wait(&b, 0.1, TS_PW_RESERVE));
	ok(near(ts_pw_budget_wait(&b, 2, 0), (TS_PW_BURST - 0.2) * 3600 /
	    TS_PW_BUDGET, 1e-9), "a reading dearer than the bucket waits "
	    "for a full one, not for ever");
	ts_pw_budget_count(&b, 100 + 7200, 2.5 + TS_PW_BURST - 0.2);
	ok(near(b.credit, TS_PW_BURST, 1e-12), "two idle hours fill it to "
	    "%g, no more", TS_PW_BURST);
	ts_pw_budget_count(&b, 7400, 2.5 + TS_PW_BURST - 0.2 + 1.5);
	ok(b.credit < 0 && near(ts_pw_budget_wait(&b, 0.1, 0), (0.1 -
	    b.credit) * 3600 / TS_PW_BUDGET, 1e-9), "overspent (a slow "
	    "start, a long reading): the debt is paid first");
	ts_pw_budget_count(&b, 7300, 2.0);
	ok(b.t == 7400 && near(b.cpu, 2.5 + TS_PW_BURST - 0.2 + 1.5, 1e-12),
	    "a clock or a count that goes back changes nothing");
	/*
	 * A greedy schedule: every 10 s it takes the reading the bucket
	 * allows, 0.1 CPU-s each; the most any hour takes.
	 */
	ts_pw_budget_start(&b, 0, 0);
	spent = 0;
	most = 0;
	for (t = 0; t < 6 * 3600; t += 10) {
		ts_pw_budget_count(&b, t, spent);
		if (n < 2200 && ts_pw_budget_wait(&b, 0.1, 0) == 0) {
			spent += 0.1;
			at[n] = t;
			sum[n++] = spent;
		}
	}
	for (i = 0; i < n; i++) {
		for (j = i; j < n && at[j] < at[i] + 3600; j++)
			;
		most = fmax(most, sum[j - 1] - sum[i] + 0.1);
	}
	ok(most <= TS_PW_BUDGET + TS_PW_BURST + 1e-9 && most >=
	    TS_PW_BUDGET, "a schedule that takes all it may: %.2f CPU-s in "
	    "its dearest hour (at most %g)", most, 3.6);
}

/* The cheap schedule's spacing and its budget. */
static void
test_budget(void)
{
	double per_hour;

	ok(TS_PROBE_WARM_S == 0.02, "the readings' warm-up is 20 ms (the "
	    "figures below count it)");
	ok(near(ts_pw_thread_cost(0.02, 64.0 * 1024 * 1024), 0.0449152,
	    1e-12), "a thread's reading over 64 MiB: 20 ms of chase, 20 ms "
	    "of warm-up and 16384 pages primed at 0.3 us");
	ok(near(ts_pw_thread_cost(0.02, 1), 0.0400003, 1e-12),
	    "a chain of a byte still has a page to prime");
	ok(near(ts_pw_interval_for(2, 0.02, 64.0 * 1024 * 1024), 135, 1e-9),
	    "2 threads x 20 ms over 64 MiB: a reading every 135 s "
	    "(2.4 CPU-s an hour, to the second)");
	ok(near(ts_pw_interval_for(2, 0.02, 8.0 * 1024 * 1024), 122, 1e-9),
	    "over 8 MiB chains, every 122 s");
	ok(near(ts_pw_interval_for(1, 0.02, 64.0 * 1024 * 1024), 67, 1e-9),
	    "1 thread over 64 MiB: 67 s");
	ok(near(ts_pw_interval_for(1, 1e-4, 4096), TS_PW_MIN_INTERVAL, 1e-9),
	    "1 thread of 0.1 ms: no closer than %g s", TS_PW_MIN_INTERVAL);
	ok(near(ts_pw_interval_for(64, 0.02, 64.0 * 1024 * 1024), 4312,
	    1e-9), "64 threads: every 72 minutes, the same CPU time an hour");
	per_hour = 2 * ts_pw_thread_cost(TS_PW_READING_S, 64.0 * 1024 *
	    1024) * 3600 / ts_pw_interval_for(2, TS_PW_READING_S, 64.0 *
	    1024 * 1024);
	ok(per_hour <= TS_PW_ROUTINE_CPU_H + 0.02 && TS_PW_ROUTINE_CPU_H <
	    TS_PW_BUDGET && TS_PW_BUDGET <= 3.6, "routine readings %.3f "
	    "CPU-s an hour, within the budget of %g, within 3.6", per_hour,
	    TS_PW_BUDGET);
	ok(TS_PW_BUDGET + TS_PW_BURST <= 3.6 + 1e-12 && TS_PW_RESERVE <
	    TS_PW_BURST, "no hour can take more than %g + %g CPU-s, and a "
	    "routine reading leaves %g of it", TS_PW_BUDGET, TS_PW_BURST,
	    TS_PW_RESERVE);
	test_bucket();
}

/* The spacing from the readings' measured cost, and the confirmations. */
static void
test_spacing(void)
{
	const double costs[] = { 0.04, 0.2, 0.078, 0.081, 0.079, 0.5 };

	ok(near(ts_pw_spacing(135, 0.122), 183, 1e-9), "readings of 0.122 "
	    "CPU-s: every 183 s, 2.4 CPU-s an hour");
	ok(near(ts_pw_spacing(135, 0.06), 135, 1e-9), "cheaper than the "
	    "chains' size says: never below its 135 s");
	ok(near(ts_pw_spacing(135, NAN), 135, 1e-9), "no cost measured: "
	    "135 s");
	ok(near(ts_pw_cost_median(costs, 6), 0.081, 1e-12),
	    "the median of the last %d costs, not the oldest",
	    TS_PW_COSTS);
	ok(near(ts_pw_cost_median(costs, 2), 0.12, 1e-12),
	    "two costs: their mean");
	ok(isnan(ts_pw_cost_median(costs, 0)), "none: NaN");
	ok(near(ts_pw_confirm_delay(75), 25, 1e-9), "a confirmation a third "
	    "of 75 s later");
	ok(near(ts_pw_confirm_delay(300), TS_PW_CONFIRM_S, 1e-9),
	    "and never more than %g s later", TS_PW_CONFIRM_S);
}

int
main(void)
{
	test_interval();
	test_gauge();
	test_history();
	test_budget();
	test_spacing();
	return done_testing();
}
