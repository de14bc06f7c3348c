/* SPDX-License-Identifier: MIT */
/*
 * The Prometheus text format of a reading (see probe-prom.h).  Names
 * follow Prometheus's naming guide: base units (seconds, bytes, accesses
 * per second) named in a suffix, a tachyon_ prefix, a counter with
 * _total for what accumulates, gauges for the rest, a state set for the
 * cache check.  The names of 0.1 that the guide does not allow
 * (tachyon_score, in millions of accesses per second, and the gauge
 * tachyon_textfile_write_errors) are still written beside their
 * successors, marked deprecated in their HELP, for the 0.2 releases.
 */
#include <config.h>

#include <ctype.h>
#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "probe-prom.h"

/* Labels tachyon writes, and those Prometheus adds at scrape time. */
static const char *const own_labels[] = {
	"state", "stage", "version", "probe", "host_id", "hostname",
	"kernel_release", "cpu_model", "resource", "kind", "avg", NULL
};
static const char *const prom_labels[] = { "job", "instance", NULL };

/* The cache check's states, in output order. */
static const char *const states[] = {
	"clear", "cache", "skipped", "off", NULL
};

/* Whether key is in the NULL-ended list. */
static bool
listed(const char *const *list, const char *key)
{
	for (; *list != NULL; list++)
		if (strcmp(key, *list) == 0)
			return true;
	return false;
}

int
ts_prom_label_check(const char *key, char *err, size_t errlen)
{
	size_t i;

	for (i = 0; key[i] != '\0'; i++)
		if (!(isalpha((unsigned char)key[i]) || key[i] == '_' ||
		    (i > 0 && isdigit((unsigned char)key[i]))) ||
		    (unsigned char)key[i] > 127)
			break;
	if (key[0] == '\0' || key[i] != '\0') {
		snprintf(err, errlen, "--tag KEY '%s' is not a Prometheus label "
		    "name: letters, digits and '_', not starting with a digit",
		    key);
		return -1;
	}
	if (strncmp(key, "__", 2) == 0) {
		snprintf(err, errlen, "--tag KEY '%s' starts with '__', which "
		    "Prometheus reserves", key);
		return -1;
	}
	if (listed(own_labels, key) || listed(prom_labels, key)) {
		snprintf(err, errlen, "--tag KEY '%s' is a label %s writes "
		    "itself; choose another", key, listed(own_labels, key) ?
		    "tachyon" : "Prometheus");
		return -1;
	}
	return 0;
}

/* A label value with '\\', '"' and newlines escaped. */
static void
label_value(struct ts_buf *b, const char *v)
{
	ts_buf_putc(b, '"');
	for (; *v != '\0'; v++) {
		if (*v == '\\')
			ts_buf_puts(b, "\\\\");
		else if (*v == '"')
			ts_buf_puts(b, "\\\"");
		else if (*v == '\n')
			ts_buf_puts(b, "\\n");
		else
			ts_buf_putc(b, *v);
	}
	ts_buf_putc(b, '"');
}

/* ,key="value" or {key="value" when value is set; *n counts labels. */
static void
label(struct ts_buf *b, int *n, const char *key, const char *value)
{
	if (value == NULL)
		return;
	ts_buf_putc(b, (*n)++ ? ',' : '{');
	ts_buf_puts(b, key);
	ts_buf_putc(b, '=');
	label_value(b, value);
}

/* The HELP and TYPE lines of a family of this type. */
static void
family_typed(struct ts_buf *b, const char *name, const char *type,
    const char *help)
{
	ts_buf_printf(b, "# HELP %s %s\n# TYPE %s %s\n", name, help, name,
	    type);
}

/* The HELP and TYPE lines of a gauge family. */
static void
family(struct ts_buf *b, const char *name, const char *help)
{
	family_typed(b, name, "gauge", help);
}

/*
 * One sample: name, the labels kv[0]="kv[1]", ... (npairs of them), the
 * tags, value (printed with fmt).
 */
static void
sample_kv(struct ts_buf *b, const char *name, const char *const *kv,
    size_t npairs, const struct ts_promctx *ctx, const char *fmt,
    double value)
{
	size_t i;
	int n = 0;

	ts_buf_puts(b, name);
	for (i = 0; i < npairs; i++)
		label(b, &n, kv[2 * i], kv[2 * i + 1]);
	for (i = 0; i < ctx->ntags; i++)
		label(b, &n, ctx->tags[i].key, ctx->tags[i].value);
	if (n > 0)
		ts_buf_putc(b, '}');
	ts_buf_putc(b, ' ');
	ts_buf_printf(b, fmt, value);
	ts_buf_putc(b, '\n');
}

/*
 * One sample: name, the label k="v" (when k is set), the tags, value
 * (printed with fmt).
 */
static void
sample(struct ts_buf *b, const char *name, const char *k, const char *v,
    const struct ts_promctx *ctx, const char *fmt, double value)
{
	const char *kv[2] = { k, v };

	sample_kv(b, name, kv, k != NULL, ctx, fmt, value);
}

/* The gauge family name with one sample. */
static void
gauge(struct ts_buf *b, const char *name, const char *help,
    const struct ts_promctx *ctx, const char *fmt, double value)
{
	family(b, name, help);
	sample(b, name, NULL, NULL, ctx, fmt, value);
}

/* tachyon_info: 1, labelled with the version and the host identity. */
static void
info(struct ts_buf *b, const struct ts_promctx *ctx)
{
	static const char *const dmi_labels[TS_HOSTID_DMI_FIELDS] = {
		"dmi_sys_vendor", "dmi_product_name", "dmi_board_asset_tag",
		"dmi_chassis_asset_tag", "dmi_product_uuid"
	};
	const struct ts_hostid *id = ctx->id;
	size_t i;
	int n = 0;

	family(b, "tachyon_info", "The probe's version and the host's "
	    "identity, as labels; always 1.");
	ts_buf_puts(b, "tachyon_info");
	label(b, &n, "version", PACKAGE_VERSION);
	label(b, &n, "probe", TS_PROBE_NAME);
	if (id != NULL) {
		label(b, &n, "host_id", id->host_id);
		label(b, &n, "hostname", id->hostname);
		label(b, &n, "kernel_release", id->kernel_release);
		label(b, &n, "cpu_model", id->cpu_model);
		for (i = 0; i < TS_HOSTID_DMI_FIELDS; i++)
			label(b, &n, dmi_labels[i], id->dmi[i]);
	}
	for (i = 0; i < ctx->ntags; i++)
		label(b, &n, ctx->tags[i].key, ctx->tags[i].value);
	ts_buf_puts(b, "} 1\n");
}

/* A counter family with one sample. */
static void
counter(struct ts_buf *b, const char *name, const char *help,
    const struct ts_promctx *ctx, double value)
{
	family_typed(b, name, "counter", help);
	sample(b, name, NULL, NULL, ctx, "%.10g", value);
}

/* The reading's run-queue wait, when the kernel said. */
static void
run_queue(struct ts_buf *b, const struct ts_probe_result *r,
    const struct ts_promctx *ctx)
{
	double share = ts_probe_wait_share(r);

	if (r->wait_s < 0)
		return;
	gauge(b, "tachyon_run_queue_wait_seconds", "Time the reading's "
	    "threads spent runnable but waiting for a CPU (the kernel's "
	    "schedstat), summed over the threads.", ctx, "%.6f", r->wait_s);
	if (share >= 0)
		gauge(b, "tachyon_run_queue_wait_ratio", "The share of the "
		    "reading that its most-waiting thread spent waiting for a "
		    "CPU: about 0.5 beside a busy process on its core.", ctx,
		    "%.4f", share);
}

/* The PSI averages of the resources the kernel reports. */
static void
pressure(struct ts_buf *b, const struct ts_probe_host *h,
    const struct ts_promctx *ctx)
{
	static const char *const avgs[3] = { "10s", "60s", "300s" };
	const struct ts_psi_line *l;
	const char *kv[6];
	double v[3];
	size_t i, k, a;
	bool any = false;

	for (i = 0; i < TS_PSI_RESOURCES; i++)
		any |= h->psi[i].some.present;
	if (!any)
		return;
	family(b, "tachyon_pressure_ratio", "The kernel's pressure stall "
	    "information beside the reading: the share of the last 10, 60 or "
	    "300 s in which some task (kind some) or every non-idle task "
	    "(full) waited for the resource.");
	for (i = 0; i < TS_PSI_RESOURCES; i++)
		for (k = 0; k < 2; k++) {
			l = k == 0 ? &h->psi[i].some : &h->psi[i].full;
			if (!l->present)
				continue;
			v[0] = l->avg10;
			v[1] = l->avg60;
			v[2] = l->avg300;
			kv[0] = "resource";
			kv[1] = ts_psi_resources[i];
			kv[2] = "kind";
			kv[3] = k == 0 ? "some" : "full";
			kv[4] = "avg";
			for (a = 0; a < 3; a++) {
				kv[5] = avgs[a];
				sample_kv(b, "tachyon_pressure_ratio", kv, 3, ctx,
				    "%.4f", v[a]);
			}
		}
}

/* What the kernel said beside the reading, when ctx has it. */
static void
free_signals(struct ts_buf *b, const struct ts_promctx *ctx)
{
	const struct ts_probe_host *h = ctx->host;

	if (h == NULL)
		return;
	if (!isnan(h->steal_s))
		counter(b, "tachyon_steal_seconds_total", "CPU time the "
		    "hypervisor stole from this host's CPUs since boot, all "
		    "CPUs together (/proc/stat).", ctx, h->steal_s);
	if (!isnan(h->steal_share))
		gauge(b, "tachyon_steal_ratio", "Steal since the previous "
		    "reading, per CPU: the share of the CPUs' time the "
		    "hypervisor took.", ctx, "%.4f", h->steal_share);
	if (!isnan(h->busiest_share))
		gauge(b, "tachyon_busiest_cpu_ratio", "The share of its time "
		    "the busiest of this tachyon's CPUs was busy (not idle, "
		    "steal included) over the watch's last check of them "
		    "(/proc/stat).", ctx, "%.4f", h->busiest_share);
	pressure(b, h, ctx);
	if (!isnan(h->cpu_s))
		counter(b, "tachyon_cpu_seconds_total", "CPU time this tachyon "
		    "has used since it started (user and system, getrusage): "
		    "what the probe costs the host.", ctx, h->cpu_s);
}

/* A watch's window, baseline, gauge and schedule, when ctx has them. */
static void
watch(struct ts_buf *b, const struct ts_promctx *ctx)
{
	const struct ts_pw_report *w = ctx->watch;

	if (w == NULL)
		return;
	if (w->est.n > 0)
		gauge(b, "tachyon_window_accesses_per_second", "The score over "
		    "the window: the mean of its readings, in accesses per "
		    "second.", ctx, "%.0f", w->est.mean * 1e6);
	if (w->est.n > 1) {
		gauge(b, "tachyon_window_accesses_per_second_lower", "The "
		    "lower end of the window score's 95 % interval (Student's "
		    "t).", ctx, "%.0f", w->est.low * 1e6);
		gauge(b, "tachyon_window_accesses_per_second_upper", "The "
		    "upper end of the window score's 95 % interval.", ctx,
		    "%.0f", w->est.high * 1e6);
	}
	gauge(b, "tachyon_window_readings", "Readings in the window.", ctx,
	    "%.0f", (double)w->est.n);
	gauge(b, "tachyon_window_seconds", "The window's length (--window).",
	    ctx, "%.6g", w->window_s);
	if (!isnan(w->est.baseline))
		gauge(b, "tachyon_baseline_accesses_per_second", "The host's "
		    "own recent past: the median score of the readings of the "
		    "last 6 hours, which the degraded gauge compares with.",
		    ctx, "%.0f", w->est.baseline * 1e6);
	gauge(b, "tachyon_degraded", "1 while the host reads degraded: two "
	    "readings in a row below 0.8 times the baseline, or below "
	    "--min-score, or with a thread waiting for its CPU a quarter of "
	    "the reading more than usual; back to 0 after two that are not.",
	    ctx, "%.0f", w->degraded ? 1 : 0);
	counter(b, "tachyon_degraded_raised_total", "Times the degraded gauge "
	    "went to 1 since this tachyon started.", ctx, (double)w->raised);
	counter(b, "tachyon_readings_total", "Readings taken since this "
	    "tachyon started, confirmations included.", ctx,
	    (double)w->readings);
	gauge(b, "tachyon_schedule_interval_seconds", "Time between two "
	    "routine readings of the watch.", ctx, "%.6g", w->interval_s);
}

/* The failed writes of the textfile, when ctx has them. */
static void
writes(struct ts_buf *b, const struct ts_promctx *ctx)
{
	if (ctx->writes == NULL)
		return;
	family_typed(b, "tachyon_textfile_write_errors_total", "counter",
	    "Writes of this file that failed (a full disk, say) since this "
	    "tachyon started; the readings they carried were lost.");
	sample(b, "tachyon_textfile_write_errors_total", NULL, NULL, ctx,
	    "%.0f", (double)ctx->writes->errors);
	gauge(b, "tachyon_textfile_write_errors", "Deprecated: use "
	    "tachyon_textfile_write_errors_total, the same count as a "
	    "counter; this name goes after the 0.2 releases.", ctx, "%.0f",
	    (double)ctx->writes->errors);
	if (ctx->writes->errors > 0)
		gauge(b, "tachyon_textfile_last_write_error_timestamp_seconds",
		    "When a write of this file last failed, in seconds since "
		    "the epoch.", ctx, "%.3f", ctx->writes->last_error);
}

void
ts_prom_reading(struct ts_buf *b, const struct ts_probe_result *r,
    const struct ts_probeout_check *chk, double unix_time,
    const struct ts_promctx *ctx)
{
	const char *verdict = ts_probeout_verdict(chk);
	size_t i;

	info(b, ctx);
	gauge(b, "tachyon_accesses_per_second", "Dependent memory accesses "
	    "per second, summed over the threads: the score (higher = faster "
	    "host right now).", ctx, "%.0f", ts_probe_score(r) * 1e6);
	gauge(b, "tachyon_score", "Deprecated: use "
	    "tachyon_accesses_per_second, which is this value times 1e6; "
	    "this name goes after the 0.2 releases.  Millions of dependent "
	    "memory accesses per second, summed over the threads.", ctx,
	    "%.3f", ts_probe_score(r));
	gauge(b, "tachyon_access_latency_seconds", "Time of one dependent "
	    "load in one thread's chase.", ctx, "%.4g",
	    ts_probe_ns_per_access(r) * 1e-9);
	family(b, "tachyon_cache_check", "The check that the working set "
	    "clears the cache: 1 for its verdict (clear, cache, skipped or "
	    "off), 0 for the others.");
	for (i = 0; states[i] != NULL; i++)
		sample(b, "tachyon_cache_check", "state", states[i], ctx, "%.0f",
		    strcmp(states[i], verdict) == 0 ? 1 : 0);
	gauge(b, "tachyon_reading_duration_seconds", "Wall-clock length of "
	    "the reading.", ctx, "%.3f", r->elapsed_s);
	gauge(b, "tachyon_last_run_timestamp_seconds", "When the reading "
	    "ended, in seconds since the epoch.", ctx, "%.3f", unix_time);
	gauge(b, "tachyon_working_set_bytes", "Size of each thread's chain.",
	    ctx, "%.0f", (double)r->working_set_bytes);
	gauge(b, "tachyon_threads", "Concurrent chains.", ctx, "%.0f",
	    (double)r->threads);
	gauge(b, "tachyon_pinned_threads", "Chains bound to a core of their "
	    "own.", ctx, "%.0f", (double)r->pinned);
	run_queue(b, r, ctx);
	free_signals(b, ctx);
	watch(b, ctx);
	writes(b, ctx);
	gauge(b, "tachyon_last_error", "1 when the last reading failed (the "
	    "other series are then the last good reading's), else 0.", ctx,
	    "%.0f", 0);
}

/* The metric name a line of the format is about, and its length. */
static size_t
line_metric(const char *s, size_t len, const char **name)
{
	size_t i;

	if (len > 7 && (strncmp(s, "# HELP ", 7) == 0 ||
	    strncmp(s, "# TYPE ", 7) == 0)) {
		s += 7;
		len -= 7;
	}
	for (i = 0; i < len && (isalnum((unsigned char)s[i]) || s[i] == '_' ||
	    s[i] == ':'); i++)
		;
	*name = s;
	return i;
}

/* Whether name[0..n) is m. */
static int
is(const char *name, size_t n, const char *m)
{
	return n == strlen(m) && strncmp(name, m, n) == 0;
}

void
ts_prom_error(struct ts_buf *b, const char *prev, size_t prevlen,
    const char *stage, double unix_time, const struct ts_promctx *ctx)
{
	const char *p = prev, *end = prev + prevlen, *nl, *name;
	size_t len, n;
	int had_info = 0;

	while (prev != NULL && p < end) {
		nl = memchr(p, '\n', (size_t)(end - p));
		len = nl != NULL ? (size_t)(nl - p) : (size_t)(end - p);
		n = line_metric(p, len, &name);
		/* Only whole lines of tachyon's own families are kept. */
		if (nl != NULL && n > 8 && strncmp(name, "tachyon_", 8) == 0 &&
		    !is(name, n, "tachyon_last_error") &&
		    !is(name, n, "tachyon_last_error_timestamp_seconds") &&
		    !(ctx->writes != NULL && (is(name, n,
		    "tachyon_textfile_write_errors") || is(name, n,
		    "tachyon_textfile_write_errors_total") || is(name, n,
		    "tachyon_textfile_last_write_error_timestamp_seconds")))) {
			ts_buf_add(b, p, len + 1);
			had_info |= is(name, n, "tachyon_info");
		}
		p += len + 1;
	}
	if (!had_info)
		info(b, ctx);
	writes(b, ctx);
	family(b, "tachyon_last_error", "1 when the last reading failed (the "
	    "other series are then the last good reading's), else 0.");
	sample(b, "tachyon_last_error", "stage", stage, ctx, "%.0f", 1);
	gauge(b, "tachyon_last_error_timestamp_seconds", "When the last "
	    "reading failed, in seconds since the epoch.", ctx, "%.3f",
	    unix_time);
}
