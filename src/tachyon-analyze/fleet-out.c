/* SPDX-License-Identifier: MIT */
/*
 * The table and the JSON object of tachyon-analyze.
 */
#include <config.h>

#include <inttypes.h>
#include <math.h>

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

/* The two rows of a regression: R^2 and slope, of the score and of 1/s. */
static void
fit_rows(struct ts_buf *b, const struct ts_est *r2, const struct ts_est *slope,
    const struct ts_est *r2_inv, const struct ts_est *slope_inv)
{
	ts_buf_puts(b, "  R^2          ");
	est(b, "%.3f", r2, 1);
	ts_buf_puts(b, "   slope ");
	est(b, "%.4g", slope, 1);
	ts_buf_puts(b, "\n  R^2 (1/s)    ");
	est(b, "%.3f", r2_inv, 1);
	ts_buf_puts(b, "   slope ");
	est(b, "%.4g", slope_inv, 1);
	ts_buf_putc(b, '\n');
}

/* The within-host part of the table, then the verdict. */
static void
within_table(struct ts_buf *b, const struct ts_fleet_result *r)
{
	if (r->within_ok) {
		ts_buf_printf(b, "within hosts   each record against its host's "
		    "means, %zu host%s, %" PRIu64 " records (%u bootstrap "
		    "resamples of ", r->within_hosts, r->within_hosts == 1 ?
		    "" : "s", r->within_records, r->bootstrap);
		if (r->by_blocks)
			ts_buf_printf(b, "%zu blocks of time, %.3g record%s "
			    "each)\n", r->clusters, r->block_len,
			    r->block_len == 1 ? "" : "s");
		else
			ts_buf_printf(b, "the %zu hosts)\n", r->clusters);
		fit_rows(b, &r->w_r2, &r->w_slope, &r->w_r2_inv,
		    &r->w_slope_inv);
	} else
		ts_buf_printf(b, "within hosts   no verdict: %s\n",
		    r->within_why);
	ts_buf_printf(b, "explains       %s\n",
	    ts_fleet_explains_name(r->explains));
	ts_buf_printf(b, "verdict        %s: %s\n",
	    ts_fleet_verdict_name(r->verdict), r->reason);
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
	if (!r->between_ok) {
		ts_buf_printf(b, "score          %s, host means against host "
		    "means: no verdict: %s\n", k->score, r->between_why);
		within_table(b, r);
		return;
	}
	ts_buf_printf(b, "score          %s, host means against host means "
	    "(%u bootstrap resamples of the hosts, seed %" PRIu64 ")\n",
	    k->score, r->bootstrap, r->seed);
	fit_rows(b, &r->r2, &r->slope, &r->r2_inv, &r->slope_inv);
	ts_buf_puts(b, "  Spearman rho ");
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
	within_table(b, r);
}

/*
 * "name":v, after a comma unless first; null for a value that is not
 * finite (extreme timings overflow the sums): JSON has no NaN.
 */
static void
num_json(struct ts_buf *b, const char *name, double v, int first)
{
	ts_buf_printf(b, "%s\"%s\":", first ? "" : ",", name);
	if (isfinite(v))
		ts_buf_printf(b, "%.6g", v);
	else
		ts_buf_puts(b, "null");
}

/* ,"name":{"value":v,"lo":lo,"hi":hi} */
static void
est_json(struct ts_buf *b, const char *name, const struct ts_est *e)
{
	if (isnan(e->v)) {
		ts_buf_printf(b, ",\"%s\":null", name);
		return;
	}
	ts_buf_printf(b, ",\"%s\":{", name);
	num_json(b, "value", e->v, 1);
	num_json(b, "lo", e->lo, 0);
	num_json(b, "hi", e->hi, 0);
	ts_buf_putc(b, '}');
}

/* ,"within":{...}: the within-host part, or why there is none. */
static void
within_json(struct ts_buf *b, const struct ts_fleet_result *r)
{
	ts_buf_printf(b, ",\"within\":{\"hosts\":%zu,\"records\":%" PRIu64,
	    r->within_hosts, r->within_records);
	num_json(b, "share", r->share_within, 0);
	ts_buf_printf(b, ",\"verdict_possible\":%s", r->within_ok ? "true" :
	    "false");
	if (!r->within_ok) {
		ts_buf_puts(b, ",\"why\":");
		ts_buf_json_string(b, r->within_why);
		ts_buf_putc(b, '}');
		return;
	}
	ts_buf_printf(b, ",\"clusters\":\"%s\",\"nclusters\":%zu",
	    r->by_blocks ? "blocks" : "hosts", r->clusters);
	num_json(b, "block_records", r->by_blocks ? r->block_len : 0.0, 0);
	est_json(b, "r2", &r->w_r2);
	est_json(b, "slope", &r->w_slope);
	est_json(b, "r2_inverse", &r->w_r2_inv);
	est_json(b, "slope_inverse", &r->w_slope_inv);
	ts_buf_printf(b, ",\"model\":\"%s\",\"explains\":%s,\"reason\":",
	    r->w_inverse ? "inverse" : "score", r->w_explains ? "true" :
	    "false");
	ts_buf_json_string(b, r->w_reason);
	ts_buf_putc(b, '}');
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
	    "\"failed_records\":%" PRIu64, r->records, r->hosts,
	    r->per_host_min, r->per_host_mean, r->per_host_max,
	    r->single_hosts, k->skipped, k->failed);
	num_json(b, "mean_time", r->mean_t, 0);
	num_json(b, "cv_within", r->cv_within, 0);
	num_json(b, "cv_between", r->cv_between, 0);
	num_json(b, "cv_all", r->cv_total, 0);
	num_json(b, "share_between", r->share_between, 0);
	ts_buf_printf(b, ",\"bootstrap\":%u,\"seed\":%" PRIu64, r->bootstrap,
	    r->seed);
	if (r->between_ok) {
		est_json(b, "r2", &r->r2);
		est_json(b, "slope", &r->slope);
		num_json(b, "intercept", r->intercept, 0);
		est_json(b, "r2_inverse", &r->r2_inv);
		est_json(b, "slope_inverse", &r->slope_inv);
		num_json(b, "intercept_inverse", r->intercept_inv, 0);
		est_json(b, "spearman_rho", &r->rho);
		ts_buf_printf(b, ",\"model\":\"%s\"", r->inverse ?
		    "inverse" : "score");
	} else {
		ts_buf_puts(b, ",\"r2\":null,\"slope\":null,\"intercept\":null,"
		    "\"r2_inverse\":null,\"slope_inverse\":null,"
		    "\"intercept_inverse\":null,\"spearman_rho\":null,"
		    "\"model\":null,\"between_why\":");
		ts_buf_json_string(b, r->between_why);
	}
	if (r->have_threshold) {
		ts_buf_puts(b, ",\"threshold\":{");
		num_json(b, "score", r->threshold, 1);
		ts_buf_printf(b, ",\"dropped_hosts\":%zu,\"dropped_records\":%"
		    PRIu64, r->dropped_hosts, r->dropped_records);
		num_json(b, "slower_pct", r->slower_pct, 0);
		num_json(b, "welch_t", r->welch_t, 0);
		num_json(b, "cv_all", r->cv_total, 0);
		num_json(b, "cv_kept", r->cv_kept, 0);
		ts_buf_putc(b, '}');
	} else
		ts_buf_puts(b, ",\"threshold\":null");
	within_json(b, r);
	ts_buf_printf(b, ",\"explains\":\"%s\",\"normalise_by\":%s",
	    ts_fleet_explains_name(r->explains),
	    r->norm == TS_FLEET_NORM_WITHIN ? "\"within\"" :
	    r->norm == TS_FLEET_NORM_BETWEEN ? "\"between\"" : "null");
	ts_buf_printf(b, ",\"verdict\":\"%s\",\"reason\":",
	    ts_fleet_verdict_name(r->verdict));
	ts_buf_json_string(b, r->reason);
	ts_buf_puts(b, "}\n");
}
