/* SPDX-License-Identifier: MIT */
/*
 * tachyon's output lines from hand-made probe results: the JSON key
 * order, each field's decimals, the appended watch fields, the summary.
 */
#include <config.h>

#include <string.h>

#include "buf.h"
#include "tachyon/probe-out.h"
#include "tap.h"

/* A two-thread reading of 1.5 MiB chains, 0.2004 s long. */
/*
 * The human summary of r and chk: its score and latency lines begin with
 * score and latency (the rest of each is fixed), and its third and fourth
 * lines are rest.
 */
static void
human_is(const struct ts_probe_result *r, const struct ts_probeout_check *chk,
    const char *score, const char *latency, const char *rest,
    const char *name)
{
	struct ts_buf b, want;

	ts_buf_init(&b);
	ts_buf_init(&want);
	ts_probeout_human(&b, r, chk);
	ts_buf_printf(&want, "%s M accesses/s (higher = faster host right "
	    "now)\n%s ns/access (under ~40 ns would mean cache, not "
	    "memory)\n%s", score, latency, rest);
	is_str(b.data, want.data, name);
	ts_buf_free(&b);
	ts_buf_free(&want);
}

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
	struct ts_residency res;
	struct ts_auto_report ar;
	struct ts_probeout_check chk = { true, &res, NULL };
	struct ts_buf b;

	memset(&res, 0, sizeof res);
	memset(&ar, 0, sizeof ar);
	res.verdict = TS_RESIDENCY_CLEAR;
	res.small_bytes = 3145728;
	res.large_bytes = 67108864;
	res.ns_small = 45.5;
	res.ns_large = 46.127;
	res.measurements = 1;
	res.seconds = 0.5;
	is_str(ts_probeout_verdict(&chk), "clear", "verdict: clear");
	res.verdict = TS_RESIDENCY_CACHE;
	is_str(ts_probeout_verdict(&chk), "cache", "verdict: cache");
	chk.enabled = false;
	is_str(ts_probeout_verdict(&chk), "off",
	    "verdict: off whatever the check said");
	is_str(ts_probeout_verdict(NULL), "off", "verdict: no check is off");
	chk.enabled = true;
	chk.res = NULL;
	is_str(ts_probeout_verdict(&chk), "skipped", "verdict: no test made");
	chk.res = &res;
	res.verdict = TS_RESIDENCY_CLEAR;

	sample(&r);
	ts_buf_init(&b);
	ts_probeout_json(&b, &r, &chk, 0, 1796019960.25);
	is_str(b.data, "{\"probe\":\"memory-chase\",\"version\":\""
	    PACKAGE_VERSION "\",\"million_accesses_per_sec\":125.741,"
	    "\"ns_per_access\":15.91,\"accesses\":25198592,"
	    "\"elapsed_s\":0.200,\"threads\":2,"
	    "\"working_set_bytes_per_thread\":1572864,"
	    "\"cache_check\":\"clear\",\"pinned_threads\":1,"
	    "\"cache_check_bytes\":3145728,\"cache_check_large_bytes\":67108864,"
	    "\"cache_check_ns\":45.50,\"cache_check_large_ns\":46.13,"
	    "\"cache_check_seconds\":0.500}\n",
	    "one reading: documented keys, then cache_check, pinned_threads, "
	    "what the check measured");
	b.len = 0;
	memset(&res, 0, sizeof res);
	res.verdict = TS_RESIDENCY_SKIPPED;
	res.failed = true;
	snprintf(res.reason, sizeof res.reason, "cannot map \"1024\" MiB");
	ar.stop = TS_AUTO_SKIPPED;
	ar.seconds = 0.0125;
	chk.autorep = &ar;
	ts_probeout_json(&b, &r, &chk, 0, 0);
	is_str(b.data, "{\"probe\":\"memory-chase\",\"version\":\""
	    PACKAGE_VERSION "\",\"million_accesses_per_sec\":125.741,"
	    "\"ns_per_access\":15.91,\"accesses\":25198592,"
	    "\"elapsed_s\":0.200,\"threads\":2,"
	    "\"working_set_bytes_per_thread\":1572864,"
	    "\"cache_check\":\"skipped\",\"pinned_threads\":1,"
	    "\"cache_check_reason\":\"cannot map \\\"1024\\\" MiB\","
	    "\"auto_steps\":0,\"auto_stop\":\"skipped\","
	    "\"auto_seconds\":0.013}\n",
	    "a skipped check: its reason, escaped; then auto's fields");
	b.len = 0;
	chk.enabled = false;
	chk.res = NULL;
	chk.autorep = NULL;
	ts_probeout_json(&b, &r, &chk, 7, 1796019960.25);
	is_str(b.data, "{\"probe\":\"memory-chase\",\"version\":\""
	    PACKAGE_VERSION "\",\"million_accesses_per_sec\":125.741,"
	    "\"ns_per_access\":15.91,\"accesses\":25198592,"
	    "\"elapsed_s\":0.200,\"threads\":2,"
	    "\"working_set_bytes_per_thread\":1572864,"
	    "\"cache_check\":\"off\",\"pinned_threads\":1,"
	    "\"reading\":7,\"unix_time\":1796019960.250}\n",
	    "watch: reading and unix_time appended, time to 3 decimals");
	b.len = 0;
	ts_probeout_json_head(&b, &r, 99.5, 20.125, &chk);
	is_str(b.data, "{\"probe\":\"memory-chase\",\"version\":\""
	    PACKAGE_VERSION "\",\"million_accesses_per_sec\":99.500,"
	    "\"ns_per_access\":20.12,\"accesses\":25198592,"
	    "\"elapsed_s\":0.200,\"threads\":2,"
	    "\"working_set_bytes_per_thread\":1572864,"
	    "\"cache_check\":\"off\",\"pinned_threads\":1",
	    "head (--wrap): the given score and latency, left open");

	human_is(&r, &chk, "score 125.741", "latency 15.91",
	    "2 threads x 1.5 MiB chain, 25198592 accesses in 0.20 s\n"
	    "cache check off (--no-cache-check): nothing says the chain is "
	    "out of the cache\n", "human: four lines, sizes in MiB, the check off");
	{
		struct ts_residency res;
		struct ts_probeout_check on = { true, &res, NULL };

		memset(&res, 0, sizeof res);
		res.verdict = TS_RESIDENCY_SKIPPED;
		res.small_bytes = 128 * TS_MIB;
		snprintf(res.reason, sizeof res.reason, "no footprint of "
		    "twice 128 MiB fits within 4 x the last-level cache and "
		    "the memory");
		human_is(&r, &on, "score 125.741", "latency 15.91",
		    "2 threads x 1.5 MiB chain, 25198592 accesses in 0.20 s\n"
		    "cache check skipped: no footprint of twice 128 MiB fits "
		    "within 4 x the last-level cache and the memory\n",
		    "human: a skipped check says so, and why");
		res.verdict = TS_RESIDENCY_CLEAR;
		res.large_bytes = 960 * TS_MIB;
		res.ns_small = 58.86;
		res.ns_large = 59.22;
		res.measurements = 1;
		human_is(&r, &on, "score 125.741", "latency 15.91",
		    "2 threads x 1.5 MiB chain, 25198592 accesses in 0.20 s\n"
		    "cache check clear: 128 MiB read 58.9 ns per load, 960 MiB "
		    "59.2 ns\n", "human: a clear check, with what it measured");
		on.res = NULL;
		human_is(&r, &on, "score 125.741", "latency 15.91",
		    "2 threads x 1.5 MiB chain, 25198592 accesses in 0.20 s\n"
		    "cache check skipped: no reason recorded\n",
		    "human: a check without a test is skipped, never clear");
	}

	/* A zero-length reading must not divide by zero. */
	memset(&r, 0, sizeof r);
	r.threads = 1;
	r.working_set_bytes = 64 * TS_MIB;
	human_is(&r, NULL, "score 0.000", "latency 0.00",
	    "1 thread x 64 MiB chain, 0 accesses in 0.00 s\n"
	    "cache check off (--no-cache-check): nothing says the chain is "
	    "out of the cache\n", "human: an empty reading prints zeros");
	ts_buf_free(&b);
	return done_testing();
}
