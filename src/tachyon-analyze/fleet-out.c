/* SPDX-License-Identifier: MIT */
/*
 * The table and the JSON object of tachyon-analyze.
 */
#include <config.h>

#include <inttypes.h>

#include "buf.h"
#include "fleet-out.h"

/* "v [lo, hi]" with the given format for each. */
static void
est(struct ts_buf *b, const char *fmt, const struct ts_est *e, double k)
{
	ts_buf_printf(b, fmt, e->v * k);
	ts_buf_puts(b, " [");
	ts_buf_printf(b, fmt, e->lo * k);
	ts_buf_puts(b, ", ");
	ts_buf_printf(b, fmt, e->hi * k);
	ts_buf_puts(b, "]");
}

void
ts_fleetout_table(struct ts_buf *b, const struct ts_fleet_result *r,
    const struct ts_fleetout_keys *k)
{
	ts_buf_printf(b, "records        %" PRIu64 " in %zu hosts (%.0f to "
	    "%.0f per host, mean %.1f)\n", r->records, r->hosts,
	    r->per_host_min, r->per_host_max, r->per_host_mean);
	if (r->single_hosts > 0)
		ts_buf_printf(b, "left out       %zu hosts with one record "
		    "(no within-host spread)\n", r->single_hosts);
	if (k->skipped > 0)
		ts_buf_printf(b, "skipped        %" PRIu64 " bad records\n",
		    k->skipped);
	ts_buf_printf(b, "timing         %s: mean %.6g; CV within hosts "
	    "%.2f %%, between hosts %.2f %%, all records %.2f %%\n", k->time,
	    r->mean_t, r->cv_within * 100, r->cv_between * 100,
	    r->cv_total * 100);
	ts_buf_printf(b, "between hosts  %.1f %% of the timing variance\n",
	    r->share_between * 100);
	ts_buf_printf(b, "score          %s, host means against host means "
	    "(%u bootstrap resamples of the hosts, seed %" PRIu64 ")\n",
	    k->score, r->bootstrap, r->seed);
	ts_buf_puts(b, "  R^2          ");
	est(b, "%.3f", &r->r2, 1);
	ts_buf_puts(b, "   slope ");
	est(b, "%.4g", &r->slope, 1);
	ts_buf_puts(b, "\n  R^2 (1/s)    ");
	est(b, "%.3f", &r->r2_inv, 1);
	ts_buf_puts(b, "   slope ");
	est(b, "%.4g", &r->slope_inv, 1);
	ts_buf_puts(b, "\n  Spearman rho ");
	est(b, "%.3f", &r->rho, 1);
	ts_buf_putc(b, '\n');
	if (r->have_threshold)
		ts_buf_printf(b, "threshold      %s < %.6g: drops %zu hosts, "
		    "%" PRIu64 " records, %.1f %% slower (Welch t %.1f); "
		    "spread %.2f %% -> %.2f %%\n", k->score, r->threshold,
		    r->dropped_hosts, r->dropped_records, r->slower_pct,
		    r->welch_t, r->cv_total * 100, r->cv_kept * 100);
	else
		ts_buf_puts(b, "threshold      none: no score threshold marks "
		    "reliably slower hosts\n");
	ts_buf_printf(b, "verdict        %s: %s\n", ts_fleet_verdict_name(r->verdict),
	    r->reason);
}

/* ,"name":{"value":v,"lo":lo,"hi":hi} */
static void
est_json(struct ts_buf *b, const char *name, const struct ts_est *e)
{
	ts_buf_printf(b, ",\"%s\":{\"value\":%.6g,\"lo\":%.6g,\"hi\":%.6g}",
	    name, e->v, e->lo, e->hi);
}

void
ts_fleetout_json(struct ts_buf *b, const struct ts_fleet_result *r,
    const struct ts_fleetout_keys *k)
{
	ts_buf_puts(b, "{\"time_key\":");
	ts_buf_json_string(b, k->time);
	ts_buf_puts(b, ",\"score_key\":");
	ts_buf_json_string(b, k->score);
	ts_buf_puts(b, ",\"host_key\":");
	ts_buf_json_string(b, k->host);
	ts_buf_printf(b, ",\"records\":%" PRIu64 ",\"hosts\":%zu,"
	    "\"records_per_host\":{\"min\":%.0f,\"mean\":%.6g,\"max\":%.0f},"
	    "\"single_record_hosts\":%zu,\"skipped_records\":%" PRIu64 ","
	    "\"mean_time\":%.6g,\"cv_within\":%.6g,\"cv_between\":%.6g,"
	    "\"cv_all\":%.6g,\"share_between\":%.6g,\"bootstrap\":%u,"
	    "\"seed\":%" PRIu64, r->records, r->hosts, r->per_host_min,
	    r->per_host_mean, r->per_host_max, r->single_hosts, k->skipped,
	    r->mean_t, r->cv_within, r->cv_between, r->cv_total,
	    r->share_between, r->bootstrap, r->seed);
	est_json(b, "r2", &r->r2);
	est_json(b, "slope", &r->slope);
	ts_buf_printf(b, ",\"intercept\":%.6g", r->intercept);
	est_json(b, "r2_inverse", &r->r2_inv);
	est_json(b, "slope_inverse", &r->slope_inv);
	ts_buf_printf(b, ",\"intercept_inverse\":%.6g", r->intercept_inv);
	est_json(b, "spearman_rho", &r->rho);
	ts_buf_printf(b, ",\"model\":\"%s\"", r->inverse ? "inverse" :
	    "score");
	if (r->have_threshold)
		ts_buf_printf(b, ",\"threshold\":{\"score\":%.6g,"
		    "\"dropped_hosts\":%zu,\"dropped_records\":%" PRIu64 ","
		    "\"slower_pct\":%.6g,\"welch_t\":%.6g,\"cv_all\":%.6g,"
		    "\"cv_kept\":%.6g}", r->threshold, r->dropped_hosts,
		    r->dropped_records, r->slower_pct, r->welch_t,
		    r->cv_total, r->cv_kept);
	else
		ts_buf_puts(b, ",\"threshold\":null");
	ts_buf_printf(b, ",\"verdict\":\"%s\",\"reason\":",
	    ts_fleet_verdict_name(r->verdict));
	ts_buf_json_string(b, r->reason);
	ts_buf_puts(b, "}\n");
}
