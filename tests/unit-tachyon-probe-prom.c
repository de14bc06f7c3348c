/* SPDX-License-Identifier: MIT */
/*
 * tachyon's Prometheus text from hand-made readings: label names
 * refused and accepted, label values escaped, every family with HELP and
 * TYPE, the cache check's state set, and the file after a failure (the
 * previous series kept, the old error dropped, foreign lines dropped).
 */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "tachyon/probe-prom.h"
#include "tachyon/probe-textfile.h"
#include "tap.h"

/* How many times needle occurs in hay. */
static int
count(const char *hay, const char *needle)
{
	int n = 0;

	for (; (hay = strstr(hay, needle)) != NULL; hay++)
		n++;
	return n;
}

/*
 * A watch's reading: the run-queue wait, the kernel's free signals, the
 * window with its interval, the baseline, the gauge and the schedule,
 * from known values.
 */
static void
test_watch(struct ts_probe_result *r, const struct ts_probeout_check *chk,
    const struct ts_promctx *base)
{
	struct ts_promctx ctx = *base;
	struct ts_probe_host h;
	struct ts_pw_report w;
	struct ts_buf b;

	memset(&h, 0, sizeof h);
	h.steal_s = 12.5;
	h.steal_share = 0.015;
	h.cpu_s = 3.25;
	h.busiest_share = 0.875;
	h.psi[1].some.present = true;
	h.psi[1].some.avg10 = 0.125;
	h.psi[1].some.avg60 = 0.0625;
	memset(&w, 0, sizeof w);
	w.est.n = 10;
	w.est.mean = 20.5;
	w.est.low = 19.25;
	w.est.high = 21.75;
	w.est.baseline = 21;
	w.degraded = true;
	w.raised = 2;
	w.readings = 130;
	w.window_s = 600;
	w.interval_s = 60;
	r->wait_s = 0.025;
	r->max_wait_s = 0.1002;
	ctx.host = &h;
	ctx.watch = &w;
	ts_buf_init(&b);
	ts_prom_reading(&b, r, chk, 1796019960.25, &ctx);
	ok(strstr(b.data, "tachyon_run_queue_wait_seconds{node=") != NULL &&
	    strstr(b.data, "} 0.025000\n") != NULL &&
	    strstr(b.data, "} 0.5000\n") != NULL,
	    "the run-queue wait: 25 ms in all, half of the 0.2004 s reading "
	    "in one thread");
	ok(strstr(b.data, "# TYPE tachyon_steal_seconds_total counter\n") &&
	    strstr(b.data, "} 12.5\n") != NULL &&
	    strstr(b.data, "# TYPE tachyon_steal_ratio gauge\n") != NULL &&
	    strstr(b.data, "} 0.0150\n") != NULL, "steal: counter and share");
	ok(strstr(b.data, "# TYPE tachyon_busiest_cpu_ratio gauge\n") &&
	    strstr(b.data, "} 0.8750\n") != NULL,
	    "the busiest CPU's share at the last check");
	ok(count(b.data, "tachyon_pressure_ratio{") == 3 &&
	    strstr(b.data, "tachyon_pressure_ratio{resource=\"memory\","
	    "kind=\"some\",avg=\"60s\",node=") != NULL &&
	    strstr(b.data, "} 0.0625\n") != NULL,
	    "PSI: only what the kernel gave, labelled by resource, kind, avg");
	ok(strstr(b.data, "# TYPE tachyon_cpu_seconds_total counter\n") &&
	    strstr(b.data, "} 3.25\n") != NULL, "tachyon's own CPU time");
	ok(strstr(b.data, "tachyon_window_accesses_per_second{node=") &&
	    strstr(b.data, "} 20500000\n") != NULL &&
	    strstr(b.data, "} 19250000\n") != NULL &&
	    strstr(b.data, "} 21750000\n") != NULL &&
	    strstr(b.data, "tachyon_window_readings{") != NULL,
	    "the window's score and interval in accesses per second");
	ok(strstr(b.data, "tachyon_baseline_accesses_per_second{") &&
	    strstr(b.data, "} 21000000\n") != NULL, "the baseline");
	ok(strstr(b.data, "tachyon_degraded{node=") != NULL &&
	    strstr(b.data, "# TYPE tachyon_degraded_raised_total counter\n") &&
	    strstr(b.data, "# TYPE tachyon_readings_total counter\n") &&
	    strstr(b.data, "} 130\n") != NULL &&
	    strstr(b.data, "tachyon_schedule_interval_seconds{") != NULL,
	    "the gauge, its counters and the schedule");
	is_int(count(b.data, "# HELP "), count(b.data, "# TYPE "),
	    "every family with HELP and TYPE");
	w.est.n = 1;
	w.est.baseline = NAN;
	b.len = 0;
	ts_prom_reading(&b, r, chk, 1796019960.25, &ctx);
	ok(strstr(b.data, "_lower") == NULL && strstr(b.data, "tachyon_baseline")
	    == NULL, "one reading: no interval; no baseline yet: none written");
	ts_buf_free(&b);
}

int
main(void)
{
	static const char *const bad[] = { "9lives", "a-b", "a.b", "__x",
	    "state", "job", "instance", "host_id", "resource", "kind", "avg",
	    "caf\xc3\xa9", "", NULL };
	static const char *const good[] = { "slurm_job_id", "node", "_x",
	    "Rack2", NULL };
	struct ts_probe_result r;
	struct ts_residency res;
	struct ts_probeout_check chk = { true, &res, NULL };
	struct ts_hostid id;
	struct ts_tag tags[2] = { { "node", "n\"1\\\n" }, { "team", "hpc" } };
	struct ts_promctx ctx = { &id, tags, 2, NULL, NULL, NULL };
	struct ts_prom_writes w = { 0, 0 };
	struct ts_promctx tctx = { &id, tags, 2, &w, NULL, NULL };
	struct ts_buf b, e;
	char err[256], *path;
	size_t i;

	for (i = 0; bad[i] != NULL; i++)
		ok(ts_prom_label_check(bad[i], err, sizeof err) == -1 &&
		    strchr(err, '\n') == NULL, "label '%s' refused: %s", bad[i],
		    err);
	for (i = 0; good[i] != NULL; i++)
		ok(ts_prom_label_check(good[i], err, sizeof err) == 0,
		    "label '%s' accepted", good[i]);

	memset(&r, 0, sizeof r);
	r.accesses = 25198592;
	r.elapsed_s = 0.2004;
	r.threads = 2;
	r.working_set_bytes = 1572864;
	r.pinned = 1;
	r.wait_s = r.max_wait_s = -1;	/* the kernel did not say */
	memset(&res, 0, sizeof res);
	res.verdict = TS_RESIDENCY_CLEAR;
	memset(&id, 0, sizeof id);
	id.hostname = "web-1";
	id.host_id = "i-0abc";
	id.cpu_model = "Some \"CPU\" @ 2GHz";
	ts_buf_init(&b);
	ts_prom_reading(&b, &r, &chk, 1796019960.25, &ctx);
	ok(strstr(b.data, "tachyon_accesses_per_second{node=\"n\\\"1\\\\"
	    "\\n\",team=\"hpc\"} 125741477\n") != NULL,
	    "the score in accesses per second, with the tags as labels, "
	    "escaped");
	ok(strstr(b.data, "# HELP tachyon_score Deprecated: use "
	    "tachyon_accesses_per_second") != NULL &&
	    strstr(b.data, "tachyon_score{node=\"n\\\"1\\\\\\n\","
	    "team=\"hpc\"} 125.741\n") != NULL,
	    "the old name, in millions, marked deprecated in its HELP");
	ok(strstr(b.data, "tachyon_info{version=\"" PACKAGE_VERSION "\","
	    "probe=\"memory-chase\",host_id=\"i-0abc\",hostname=\"web-1\","
	    "cpu_model=\"Some \\\"CPU\\\" @ 2GHz\",node=") != NULL,
	    "tachyon_info: version and identity labels, absent fields left out");
	ok(strstr(b.data, "tachyon_access_latency_seconds{node=") != NULL &&
	    strstr(b.data, "} 1.591e-08\n") != NULL,
	    "the latency in seconds (15.91 ns)");
	ok(strstr(b.data, "tachyon_cache_check{state=\"clear\",node=") != NULL
	    && count(b.data, "tachyon_cache_check{state=") == 4 &&
	    count(b.data, "tachyon_cache_check{state=\"clear\"") == 1,
	    "the cache check: a state set of four");
	ok(strstr(b.data, "} 1796019960.250\n") != NULL &&
	    strstr(b.data, "tachyon_working_set_bytes{") != NULL &&
	    strstr(b.data, "} 1572864\n") != NULL,
	    "timestamp and working set in full");
	is_int(count(b.data, "# HELP "), 11, "eleven families, each with HELP");
	is_int(count(b.data, "# TYPE "), 11, "... and TYPE");
	is_int(count(b.data, "# TYPE tachyon_") - count(b.data, " gauge\n"), 0,
	    "all gauges");
	ok(strstr(b.data, "tachyon_last_error{node=") != NULL &&
	    b.data[b.len - 2] == '0', "a good reading: tachyon_last_error 0");

	/* The file after a failure: the previous reading's series stay. */
	ts_buf_init(&e);
	ts_buf_puts(&b, "foreign_metric 1\n# a comment\n");
	ts_prom_error(&e, b.data, b.len, "reading", 1796019999, &ctx);
	ok(strstr(e.data, "tachyon_score{node=") != NULL &&
	    count(e.data, "tachyon_info{") == 1,
	    "after a failure the last good series stay, info once");
	ok(strstr(e.data, "tachyon_last_error{stage=\"reading\",node=") != NULL
	    && count(e.data, "tachyon_last_error{") == 1 &&
	    count(e.data, "# TYPE tachyon_last_error gauge") == 1,
	    "one tachyon_last_error, with its stage");
	ok(strstr(e.data, "foreign_metric") == NULL &&
	    strstr(e.data, "# a comment") == NULL, "foreign lines dropped");
	ok(strstr(e.data, "tachyon_last_error_timestamp_seconds{node=\"n\\\"1"
	    "\\\\\\n\",team=\"hpc\"} 1796019999.000\n") != NULL,
	    "the failure's time");
	/* A second failure replaces the first's series. */
	b.len = 0;
	ts_prom_error(&b, e.data, e.len, "chains", 1796020000, &ctx);
	ok(count(b.data, "tachyon_last_error{") == 1 &&
	    strstr(b.data, "stage=\"chains\"") != NULL &&
	    count(b.data, "# TYPE tachyon_last_error_timestamp_seconds") == 1,
	    "a second failure replaces the first");
	/* No previous file: the identity and the error alone. */
	b.len = 0;
	ts_prom_error(&b, NULL, 0, "working_set", 1, &ctx);
	ok(count(b.data, "tachyon_info{") == 1 &&
	    strstr(b.data, "tachyon_score") == NULL,
	    "no previous file: info and the error only");

	/*
	 * A textfile's own series: its failed writes, 0 until one fails,
	 * then their count and the time of the last, carried by the next
	 * file written, whether of a reading or of a failure.
	 */
	b.len = 0;
	ts_prom_reading(&b, &r, &chk, 1796019960.25, &tctx);
	ok(strstr(b.data, "# TYPE tachyon_textfile_write_errors_total "
	    "counter\n") != NULL &&
	    strstr(b.data, "tachyon_textfile_write_errors_total{node=") != NULL &&
	    strstr(b.data, "tachyon_textfile_write_errors{node=") != NULL &&
	    strstr(b.data, "# HELP tachyon_textfile_write_errors Deprecated")
	    != NULL &&
	    strstr(b.data, "tachyon_textfile_last_write_error") == NULL &&
	    count(b.data, "# TYPE ") == 13,
	    "a textfile: its failed writes as a counter _total (and the "
	    "deprecated gauge), no failure's time");
	ok(strstr(b.data, "tachyon_last_error{node=") != NULL &&
	    b.data[b.len - 2] == '0', "... and tachyon_last_error 0 last");
	w.errors = 3;
	w.last_error = 1796019990.5;
	b.len = 0;
	ts_prom_reading(&b, &r, &chk, 1796020020.25, &tctx);
	ok(strstr(b.data, "team=\"hpc\"} 3\n") != NULL &&
	    strstr(b.data, "tachyon_textfile_last_write_error_timestamp_seconds"
	    "{node=\"n\\\"1\\\\\\n\",team=\"hpc\"} 1796019990.500\n") != NULL &&
	    count(b.data, "# TYPE ") == 14,
	    "after three failed writes, the next file says so, with the time "
	    "of the last");
	w.errors = 4;
	e.len = 0;
	ts_prom_error(&e, b.data, b.len, "reading", 1796020050, &tctx);
	ok(count(e.data, "tachyon_textfile_write_errors{") == 1 &&
	    count(e.data, "# TYPE tachyon_textfile_write_errors gauge") == 1 &&
	    strstr(e.data, "team=\"hpc\"} 4\n") != NULL &&
	    count(e.data,
	    "tachyon_textfile_last_write_error_timestamp_seconds{") == 1,
	    "a failed reading's file: the failed writes as they are now, "
	    "once");
	ok(strstr(e.data, "tachyon_last_error{stage=\"reading\",node=") != NULL
	    && strstr(e.data, "tachyon_score{node=") != NULL,
	    "... beside the error and the last good series");

	test_watch(&r, &chk, &ctx);

	path = ts_textfile_path("/var/lib/x/");
	is_str(path, "/var/lib/x/tachyon.prom", "DIR/ and DIR name one file");
	free(path);
	path = ts_textfile_path("d");
	is_str(path, "d/tachyon.prom", "DIR/tachyon.prom");
	free(path);
	ok(ts_textfile_check("/nonexistent-dir-24", err, sizeof err) == -1 &&
	    strstr(err, "/nonexistent-dir-24") != NULL,
	    "a missing directory is named: %s", err);
	ts_buf_free(&b);
	ts_buf_free(&e);
	return done_testing();
}
