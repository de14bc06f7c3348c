/* SPDX-License-Identifier: MIT */
/*
 * tachyon's result formatting: the JSON line (scripts, watch mode) and
 * the human summary.  The field order and decimals are documented.
 */
#include <config.h>

#include <inttypes.h>
#include <math.h>
#include <time.h>

#include "buf.h"
#include "probe-out.h"

const char *
ts_probeout_verdict(const struct ts_probeout_check *chk)
{
	if (chk == NULL || !chk->enabled)
		return "off";
	if (chk->res == NULL)
		return "skipped";
	return ts_residency_name(chk->res->verdict);
}

double
ts_probeout_unix_time(void)
{
	struct timespec now;

	clock_gettime(CLOCK_REALTIME, &now);
	return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

/* Append what the check measured, or why it did not. */
static void
check_fields(struct ts_buf *b, const struct ts_probeout_check *chk)
{
	const struct ts_residency *res = chk->res;
	const struct ts_auto_report *a = chk->autorep;

	if (res != NULL && res->measurements > 0)
		ts_buf_printf(b, ",\"cache_check_bytes\":%" PRIu64 ","
		    "\"cache_check_large_bytes\":%" PRIu64 ","
		    "\"cache_check_ns\":%.2f,\"cache_check_large_ns\":%.2f,"
		    "\"cache_check_seconds\":%.3f", res->small_bytes,
		    res->large_bytes, res->ns_small, res->ns_large,
		    res->seconds);
	else if (chk->enabled && res != NULL && res->reason[0] != '\0') {
		ts_buf_puts(b, ",\"cache_check_reason\":");
		ts_buf_json_string(b, res->reason);
	}
	if (a != NULL)
		ts_buf_printf(b, ",\"auto_steps\":%u,\"auto_stop\":\"%s\","
		    "\"auto_seconds\":%.3f", a->steps,
		    ts_auto_stop_name(a->stop), a->seconds);
}

void
ts_probeout_json_head(struct ts_buf *b, const struct ts_probe_result *r,
    double score, double ns, const struct ts_probeout_check *chk)
{
	ts_buf_printf(b, "{\"probe\":\"%s\",\"version\":\"%s\","
	    "\"million_accesses_per_sec\":%.3f,\"ns_per_access\":%.2f,"
	    "\"accesses\":%" PRIu64 ",\"elapsed_s\":%.3f,\"threads\":%u,"
	    "\"working_set_bytes_per_thread\":%" PRIu64 ",\"cache_check\":"
	    "\"%s\",\"pinned_threads\":%u", TS_PROBE_NAME, PACKAGE_VERSION,
	    score, ns, r->accesses, r->elapsed_s, r->threads,
	    r->working_set_bytes, ts_probeout_verdict(chk), r->pinned);
	if (chk != NULL)
		check_fields(b, chk);
}

void
ts_probeout_json_open(struct ts_buf *b, const struct ts_probe_result *r,
    const struct ts_probeout_check *chk, uint64_t reading, double unix_time)
{
	ts_probeout_json_head(b, r, ts_probe_score(r),
	    ts_probe_ns_per_access(r), chk);
	if (reading > 0)
		ts_buf_printf(b, ",\"reading\":%" PRIu64 ",\"unix_time\":%.3f",
		    reading, unix_time);
}

void
ts_probeout_json(struct ts_buf *b, const struct ts_probe_result *r,
    const struct ts_probeout_check *chk, uint64_t reading, double unix_time)
{
	ts_probeout_json_open(b, r, chk, reading, unix_time);
	ts_buf_puts(b, "}\n");
}

void
ts_probeout_json_watch(struct ts_buf *b, const struct ts_probe_result *r,
    const struct ts_probe_host *h, const struct ts_pw_report *w,
    bool confirm)
{
	const struct ts_pw_estimate *e = &w->est;
	double wait_share = ts_probe_wait_share(r);
	size_t i;

	if (confirm)
		ts_buf_puts(b, ",\"confirm\":true");
	if (r->wait_s >= 0 && wait_share >= 0)
		ts_buf_printf(b, ",\"run_wait_s\":%.6f,\"run_wait_ratio\":%.4f",
		    r->wait_s, wait_share);
	if (!isnan(h->steal_share))
		ts_buf_printf(b, ",\"steal_ratio\":%.4f", h->steal_share);
	if (!isnan(h->busiest_share))
		ts_buf_printf(b, ",\"busiest_cpu_ratio\":%.4f",
		    h->busiest_share);
	for (i = 0; i < TS_PSI_RESOURCES; i++) {
		if (h->psi[i].some.present)
			ts_buf_printf(b, ",\"psi_%s_some_avg10\":%.4f",
			    ts_psi_resources[i], h->psi[i].some.avg10);
		if (h->psi[i].full.present)
			ts_buf_printf(b, ",\"psi_%s_full_avg10\":%.4f",
			    ts_psi_resources[i], h->psi[i].full.avg10);
	}
	if (!isnan(h->cpu_s))
		ts_buf_printf(b, ",\"cpu_s\":%.3f", h->cpu_s);
	if (!isnan(w->reading_cpu_s))
		ts_buf_printf(b, ",\"reading_cpu_s\":%.6f", w->reading_cpu_s);
	if (e->n > 0)
		ts_buf_printf(b, ",\"window_million_accesses_per_sec\":%.3f",
		    e->mean);
	if (e->n > 1)
		ts_buf_printf(b, ",\"window_low\":%.3f,\"window_high\":%.3f",
		    e->low, e->high);
	ts_buf_printf(b, ",\"window_readings\":%zu", e->n);
	if (!isnan(e->baseline))
		ts_buf_printf(b, ",\"baseline_million_accesses_per_sec\":%.3f",
		    e->baseline);
	ts_buf_printf(b, ",\"degraded\":%d", w->degraded ? 1 : 0);
	if (w->interval_s > 0)
		ts_buf_printf(b, ",\"schedule_interval_s\":%.0f", w->interval_s);
}

/* A size in MiB, as every other output of the package writes it. */
static void
mib(struct ts_buf *b, uint64_t bytes)
{
	ts_buf_printf(b, "%.6g MiB", (double)bytes / (double)TS_MIB);
}

/* The summary's last line: what the cache check found, or why none. */
static void
check_line(struct ts_buf *b, const struct ts_probeout_check *chk)
{
	const struct ts_residency *res = chk != NULL ? chk->res : NULL;

	ts_buf_puts(b, "cache check ");
	if (chk == NULL || !chk->enabled) {
		ts_buf_puts(b, "off (--no-cache-check): nothing says the "
		    "chain is out of the cache\n");
		return;
	}
	if (res == NULL || res->verdict == TS_RESIDENCY_SKIPPED) {
		ts_buf_printf(b, "skipped: %s\n", res != NULL &&
		    res->reason[0] != '\0' ? res->reason : "no reason recorded");
		return;
	}
	ts_buf_printf(b, "%s: ", ts_residency_name(res->verdict));
	mib(b, res->small_bytes);
	ts_buf_printf(b, " read %.1f ns per load, ", res->ns_small);
	mib(b, res->large_bytes);
	ts_buf_printf(b, " %.1f ns%s\n", res->ns_large,
	    res->verdict == TS_RESIDENCY_CACHE ? " (in cache: see the warning)"
	    : "");
}

void
ts_probeout_human(struct ts_buf *b, const struct ts_probe_result *r,
    const struct ts_probeout_check *chk)
{
	ts_buf_printf(b, "score %.3f M accesses/s (higher = faster host "
	    "right now)\n", ts_probe_score(r));
	ts_buf_printf(b, "latency %.2f ns/access (under ~40 ns would mean "
	    "cache, not memory)\n", ts_probe_ns_per_access(r));
	ts_buf_printf(b, "%u thread%s x ", r->threads, r->threads == 1 ? "" :
	    "s");
	mib(b, r->working_set_bytes);
	ts_buf_printf(b, " chain, %" PRIu64 " accesses in %.2f s\n",
	    r->accesses, r->elapsed_s);
	check_line(b, chk);
}
