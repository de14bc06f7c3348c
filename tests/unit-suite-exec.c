/* SPDX-License-Identifier: MIT */
/*
 * lib/suite/suite-exec.c: a measure through a pipe and back, whole; a
 * failure's reason; a stream cut short.  lib/topo/topo-speed-judge.c:
 * when cores differ.
 */
#include <config.h>

#include <math.h>
#include <string.h>
#include <unistd.h>

#include "suite/suite-exec.h"
#include "topo/topo-speed.h"
#include "tap.h"

int
main(void)
{
	double samples[] = { 1.5, 2.5, 3.5 }, durations[] = { 10, 11, 12, 13 };
	struct ts_measurement m, r;
	struct ts_speed sp;
	char err[256];
	int fds[2];

	memset(&m, 0, sizeof m);
	m.samples = samples;
	m.nsamples = 3;
	m.durations = durations;
	m.ndurations = 4;
	m.iters = 12345;
	m.nivcsw = 7;
	m.steal_ms = 2.5;
	m.pinned = 2;
	if (pipe(fds) == -1)
		return 99;
	ok(ts_exec_send(fds[1], 0, &m, NULL) == 0, "a measure is sent");
	close(fds[1]);
	ok(ts_exec_receive(fds[0], &r, err, sizeof err) == 0, "and received");
	close(fds[0]);
	ok(r.nsamples == 3 && r.samples[2] == 3.5 && r.ndurations == 4 &&
	    r.durations[3] == 13 && r.iters == 12345 && r.nivcsw == 7 &&
	    r.steal_ms == 2.5 && r.pinned == 2, "whole and unchanged");
	ts_measurement_free(&r);

	if (pipe(fds) == -1)
		return 99;
	ts_exec_send(fds[1], -1, NULL, "workload 'x': cannot set up");
	close(fds[1]);
	ok(ts_exec_receive(fds[0], &r, err, sizeof err) == -1 &&
	    strcmp(err, "workload 'x': cannot set up") == 0,
	    "a failure arrives with its reason");
	close(fds[0]);

	if (pipe(fds) == -1)
		return 99;
	(void)write(fds[1], "TS", 2);
	close(fds[1]);
	ok(ts_exec_receive(fds[0], &r, err, sizeof err) == -1 &&
	    strstr(err, "without sending") != NULL,
	    "a stream cut short is an error, not a measure");
	close(fds[0]);

	memset(&sp, 0, sizeof sp);
	sp.n = 2;
	sp.cores[0].core = 0;
	sp.cores[0].rate = 0.6;
	sp.cores[0].noise = 0.01;
	sp.cores[1].core = 1;
	sp.cores[1].rate = 1.0;
	sp.cores[1].noise = 0.02;
	ts_speed_judge(&sp);
	ok(sp.fastest == 1 && fabs(sp.disparity - 1.0 / 0.6) < 1e-12 &&
	    sp.differ, "a vCPU at 0.60x differs beyond 2 %% noise");
	sp.cores[0].rate = 0.98;
	ts_speed_judge(&sp);
	ok(!sp.differ, "2 %% apart with 2 %% noise: equal");
	sp.cores[0].rate = 0.95;
	sp.cores[1].noise = 0.001;
	ts_speed_judge(&sp);
	ok(sp.differ, "5 %% apart, quiet readings: differ (over the 3 %% floor)");
	return done_testing();
}
