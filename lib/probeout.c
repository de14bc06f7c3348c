/* SPDX-License-Identifier: MIT */
/*
 * tachyon's result formatting: the JSON line (scripts, watch mode) and
 * the human summary.  The field order and decimals are documented.
 */
#include <config.h>

#include <inttypes.h>
#include <time.h>

#include "probeout.h"

const char *
ts_probeout_verdict(bool cache_check, enum ts_cache_verdict v)
{
	if (!cache_check)
		return "off";
	switch (v) {
	case TS_CACHE_CLEAR:
		return "clear";
	case TS_CACHE_IN_CACHE:
		return "cache";
	default:
		return "skipped";
	}
}

double
ts_probeout_unix_time(void)
{
	struct timespec now;

	clock_gettime(CLOCK_REALTIME, &now);
	return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

void
ts_probeout_json(struct ts_buf *b, const struct ts_probe_result *r,
    const char *verdict, uint64_t reading, double unix_time)
{
	ts_buf_printf(b, "{\"probe\":\"%s\",\"version\":\"%s\","
	    "\"million_accesses_per_sec\":%.3f,\"ns_per_access\":%.2f,"
	    "\"accesses\":%" PRIu64 ",\"elapsed_s\":%.3f,\"threads\":%u,"
	    "\"working_set_bytes_per_thread\":%" PRIu64 ",\"cache_check\":"
	    "\"%s\",\"pinned_threads\":%u", TS_PROBE_NAME, PACKAGE_VERSION,
	    ts_probe_score(r), ts_probe_ns_per_access(r), r->accesses,
	    r->elapsed_s, r->threads, r->working_set_bytes, verdict,
	    r->pinned);
	if (reading > 0)
		ts_buf_printf(b, ",\"reading\":%" PRIu64 ",\"unix_time\":%.3f",
		    reading, unix_time);
	ts_buf_puts(b, "}\n");
}

void
ts_probeout_human(struct ts_buf *b, const struct ts_probe_result *r)
{
	ts_buf_printf(b, "score %.3f M accesses/s (higher = faster host "
	    "right now)\n", ts_probe_score(r));
	ts_buf_printf(b, "latency %.2f ns/access (expect ~60-120 ns "
	    "uncontended DRAM)\n", ts_probe_ns_per_access(r));
	ts_buf_printf(b, "%u threads x %.6g MB chain, %" PRIu64 " accesses "
	    "in %.2f s\n", r->threads,
	    (double)r->working_set_bytes / (double)TS_MIB, r->accesses,
	    r->elapsed_s);
}
