/* SPDX-License-Identifier: MIT */
/*
 * tachyon's output lines from hand-made probe results: the JSON key
 * order, each field's decimals, the appended watch fields, the summary.
 */
#include <config.h>

#include <string.h>

#include "probeout.h"
#include "tap.h"

/* A two-thread reading of 1.5 MiB chains, 0.2004 s long. */
static void
sample(struct ts_probe_result *r)
{
	memset(r, 0, sizeof *r);
	r->accesses = 25198592;
	r->elapsed_s = 0.2004;
	r->threads = 2;
	r->working_set_bytes = 1572864;
	r->pinned = 1;
}

int
main(void)
{
	struct ts_probe_result r;
	struct ts_buf b;

	is_str(ts_probeout_verdict(true, TS_CACHE_CLEAR), "clear",
	    "verdict: clear");
	is_str(ts_probeout_verdict(true, TS_CACHE_IN_CACHE), "cache",
	    "verdict: cache");
	is_str(ts_probeout_verdict(true, TS_CACHE_SKIPPED), "skipped",
	    "verdict: skipped");
	is_str(ts_probeout_verdict(false, TS_CACHE_IN_CACHE), "off",
	    "verdict: off whatever the check said");

	sample(&r);
	ts_buf_init(&b);
	ts_probeout_json(&b, &r, "clear", 0, 1796019960.25);
	is_str(b.data, "{\"probe\":\"memory-chase\",\"version\":\""
	    PACKAGE_VERSION "\",\"million_accesses_per_sec\":125.741,"
	    "\"ns_per_access\":15.91,\"accesses\":25198592,"
	    "\"elapsed_s\":0.200,\"threads\":2,"
	    "\"working_set_bytes_per_thread\":1572864,"
	    "\"cache_check\":\"clear\",\"pinned_threads\":1}\n",
	    "one reading: documented keys, then cache_check, pinned_threads");
	b.len = 0;
	ts_probeout_json(&b, &r, "off", 7, 1796019960.25);
	is_str(b.data, "{\"probe\":\"memory-chase\",\"version\":\""
	    PACKAGE_VERSION "\",\"million_accesses_per_sec\":125.741,"
	    "\"ns_per_access\":15.91,\"accesses\":25198592,"
	    "\"elapsed_s\":0.200,\"threads\":2,"
	    "\"working_set_bytes_per_thread\":1572864,"
	    "\"cache_check\":\"off\",\"pinned_threads\":1,"
	    "\"reading\":7,\"unix_time\":1796019960.250}\n",
	    "watch: reading and unix_time appended, time to 3 decimals");

	b.len = 0;
	ts_probeout_human(&b, &r);
	is_str(b.data,
	    "score 125.741 M accesses/s (higher = faster host right now)\n"
	    "latency 15.91 ns/access (expect ~60-120 ns uncontended DRAM)\n"
	    "2 threads x 1.5 MB chain, 25198592 accesses in 0.20 s\n",
	    "human: three lines");

	/* A zero-length reading must not divide by zero. */
	memset(&r, 0, sizeof r);
	r.threads = 1;
	r.working_set_bytes = 64 * TS_MIB;
	b.len = 0;
	ts_probeout_human(&b, &r);
	is_str(b.data,
	    "score 0.000 M accesses/s (higher = faster host right now)\n"
	    "latency 0.00 ns/access (expect ~60-120 ns uncontended DRAM)\n"
	    "1 threads x 64 MB chain, 0 accesses in 0.00 s\n",
	    "human: an empty reading prints zeros");
	ts_buf_free(&b);
	return done_testing();
}
