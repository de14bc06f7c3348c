/* SPDX-License-Identifier: MIT */
/*
 * The comparison engine on documents built in memory: the original's own
 * compare cases (faster, slower, unchanged within the intervals, latency
 * direction, missing and new workloads, machine mismatch, score deltas),
 * the 0.5 % floor, and the text and JSON layouts; our producer warning,
 * rows whose kernels differ, and what counts as a regression then.
 */
#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "buf.h"
#include "doc/doc-parse.h"
#include "doc/doc-read.h"
#include "report/report-compare.h"
#include "rng.h"
#include "sim-draw.h"
#include "tap.h"
#include "util.h"

/* A workload of a test document: both passes share value and ci95. */
struct wl_spec {
	const char	*id;
	enum ts_unit	 unit;
	double		 single, multi;	/* NAN: pass absent */
	double		 ci95;
};

/* Make a pass with this value and ci95, or NULL for NaN. */
static struct ts_pass *
make_pass(double value, double ci95)
{
	struct ts_pass *p;

	if (isnan(value))
		return NULL;
	p = ts_xcalloc(1, sizeof *p);
	p->threads = 1;
	p->value = value;
	p->stats.ci95 = ci95;
	return p;
}

/* Build a document with the fields compare reads. */
static void
make_doc(struct ts_report *r, const char *cpu, const char *target,
    uint64_t threads, double single_score, double multi_score,
    const struct wl_spec *wl, size_t n)
{
	size_t i;

	memset(r, 0, sizeof *r);
	r->tool_version = ts_xstrdup("2.0.0");
	r->generated_at = ts_xstrdup("2026-01-01T00:00:00Z");
	r->system.cpu_model = cpu != NULL ? ts_xstrdup(cpu) : NULL;
	r->system.logical_cores = threads;
	r->system.os = ts_xstrdup("linux");
	r->system.target = ts_xstrdup(target);
	r->config.threads = threads;
	r->config.samples = 7;
	r->score.has_single_core = !isnan(single_score);
	r->score.single_core = single_score;
	r->score.has_multi_core = !isnan(multi_score);
	r->score.multi_core = multi_score;
	r->workloads = ts_xcalloc(n, sizeof *r->workloads);
	r->nworkloads = n;
	for (i = 0; i < n; i++) {
		r->workloads[i].id = ts_xstrdup(wl[i].id);
		r->workloads[i].name = ts_xstrdup(wl[i].id);
		r->workloads[i].summary = ts_xstrdup("");
		r->workloads[i].unit = wl[i].unit;
		r->workloads[i].single = make_pass(wl[i].single, wl[i].ci95);
		r->workloads[i].multi = make_pass(wl[i].multi, wl[i].ci95);
	}
}

/* Compare one single-pass workload from b to c with the given ci95s. */
static struct ts_compare_row
one_row(enum ts_unit unit, double b, double bci, double c, double cci)
{
	struct wl_spec wb = { "w", unit, b, NAN, bci };
	struct wl_spec wc = { "w", unit, c, NAN, cci };
	struct ts_report rb, rc;
	struct ts_comparison cmp;
	struct ts_compare_row row;

	make_doc(&rb, "cpu", "t", 2, NAN, NAN, &wb, 1);
	make_doc(&rc, "cpu", "t", 2, NAN, NAN, &wc, 1);
	ts_compare(&rb, &rc, &cmp);
	memset(&row, 0, sizeof row);
	if (cmp.nrows[TS_COMPARE_SINGLE] == 1)
		row = cmp.rows[TS_COMPARE_SINGLE][0];
	row.id = NULL;
	ts_comparison_free(&cmp);
	ts_report_free(&rb);
	ts_report_free(&rc);
	return row;
}

/* Verdicts and percentages of single rows. */
static void
test_verdicts(void)
{
	struct ts_compare_row r;

	r = one_row(TS_UNIT_GFLOPS, 100, 1, 120, 1);
	is_int(r.verdict, TS_VERDICT_FASTER, "+20 % is faster");
	is_double(r.pct, 20.0, "+20 % change");
	r = one_row(TS_UNIT_GFLOPS, 100, 1, 80, 1);
	is_int(r.verdict, TS_VERDICT_SLOWER, "-20 % is slower");
	is_double(r.pct, -20.0, "-20 % change");
	r = one_row(TS_UNIT_GFLOPS, 100, 5, 102, 5.1);
	is_int(r.verdict, TS_VERDICT_UNCHANGED, "2 % within ±5 % CIs is "
	    "unchanged");
	r = one_row(TS_UNIT_GFLOPS, 100, 0.1, 102, 0.102);
	is_int(r.verdict, TS_VERDICT_FASTER, "2 % with 0.1 % CIs is faster");
	r = one_row(TS_UNIT_GFLOPS, 100, 0.1, 100.6, 0.1);
	is_int(r.verdict, TS_VERDICT_UNCHANGED, "0.6 % with 0.1 % CIs: "
	    "within the floor (0.707 %)");
	r = one_row(TS_UNIT_GFLOPS, 100, 0.1, 100.8, 0.1);
	is_int(r.verdict, TS_VERDICT_FASTER, "0.8 % with 0.1 % CIs: beyond "
	    "the floor");
	ok(fabs(r.threshold - sqrt(0.005 * 0.005 * 2) * 100) < 1e-12,
	    "threshold is the floor in quadrature (%.17g)", r.threshold);
	r = one_row(TS_UNIT_GFLOPS, 100, 3, 105, 4 * 1.05);
	ok(fabs(r.threshold - 5.0) < 1e-12, "3 %% and 4 %% in quadrature "
	    "give 5 %% (%.17g)", r.threshold);
	is_int(r.verdict, TS_VERDICT_UNCHANGED, "5 % change at a 5 % "
	    "threshold is unchanged (<=)");
	r = one_row(TS_UNIT_NANOSECONDS, 100, 1, 80, 1);
	is_int(r.verdict, TS_VERDICT_FASTER, "latency 100 -> 80 is faster");
	is_double(r.pct, 20.0, "latency 100 -> 80 is +20 %");
	r = one_row(TS_UNIT_NANOSECONDS, 118, 0.6, 118, 0.6);
	is_double(r.pct, -0.0, "unchanged latency is -0.0 %, as the original");
	r = one_row(TS_UNIT_GFLOPS, 0, 0, 5, 0);
	is_double(r.pct, 0.0, "zero baseline gives 0 %");
	is_int(r.verdict, TS_VERDICT_UNCHANGED, "zero baseline: unchanged");
	r = one_row(TS_UNIT_GFLOPS, 100, NAN, 101, NAN);
	is_int(r.verdict, TS_VERDICT_FASTER, "NaN ci95 falls back to the "
	    "floor");
	r = one_row(TS_UNIT_GFLOPS, 100, 1, 200, INFINITY);
	is_int(r.verdict, TS_VERDICT_UNCHANGED, "an infinite ci95 hides any "
	    "change");
	r = one_row(TS_UNIT_GFLOPS, 100, 1, NAN, 1);
	is_int(r.verdict, TS_VERDICT_MISSING, "absent candidate pass");
	ok(!r.has_pct && r.has_base && !r.has_cand, "missing row keeps only "
	    "the baseline value");
}

/* Rows, mismatch, scores, text and JSON of a small pair. */
static void
test_pair(void)
{
	static const struct wl_spec base[] = {
		{ "dhrystone", TS_UNIT_DHRYSTONES_PER_SEC, 10e6, 80e6, 1e4 },
		{ "sort", TS_UNIT_MELEM_PER_SEC, 100, 900, 0.1 },
		{ "latency", TS_UNIT_NANOSECONDS, 100, NAN, 0.5 },
		{ "gone", TS_UNIT_GFLOPS, NAN, NAN, 0 },
	};
	static const struct wl_spec cand[] = {
		{ "latency", TS_UNIT_NANOSECONDS, 50, NAN, 0.5 },
		{ "dhrystone", TS_UNIT_DHRYSTONES_PER_SEC, 20e6, 40e6, 1e4 },
		{ "new", TS_UNIT_GIB_PER_SEC, 12, NAN, 0.1 },
		{ "empty", TS_UNIT_GIB_PER_SEC, NAN, NAN, 0 },
	};
	struct ts_report rb, rc;
	struct ts_comparison cmp;
	struct ts_buf b;
	const struct ts_compare_row *s, *m;

	make_doc(&rb, "CPU A", "x86_64-unknown-linux-gnu", 8, 1000, 2000,
	    base, 4);
	make_doc(&rc, NULL, "x86_64-unknown-linux-gnu", 8, 1250, NAN,
	    cand, 4);
	ts_compare(&rb, &rc, &cmp);
	is_str(cmp.mismatch, "different CPUs: 'CPU A' vs 'unknown'",
	    "missing CPU model reads as unknown");
	is_int(cmp.nrows[TS_COMPARE_SINGLE], 4, "four single rows");
	is_int(cmp.nrows[TS_COMPARE_MULTI], 2, "two multi rows");
	s = cmp.rows[TS_COMPARE_SINGLE];
	m = cmp.rows[TS_COMPARE_MULTI];
	ok(strcmp(s[0].id, "dhrystone") == 0 && strcmp(s[1].id, "sort") == 0 &&
	    strcmp(s[2].id, "latency") == 0 && strcmp(s[3].id, "new") == 0,
	    "baseline order, then candidate-only ids");
	is_int(s[0].verdict, TS_VERDICT_FASTER, "dhrystone doubled");
	is_double(s[0].pct, 100.0, "dhrystone +100 %");
	is_int(s[1].verdict, TS_VERDICT_MISSING, "sort removed");
	is_int(s[2].verdict, TS_VERDICT_FASTER, "latency halved is faster");
	ok(s[3].verdict == TS_VERDICT_MISSING && !s[3].has_base &&
	    s[3].has_cand, "new workload: candidate value only");
	is_int(m[0].verdict, TS_VERDICT_SLOWER, "multi dhrystone halved");
	ok(ts_comparison_regressed(&cmp), "a slower row is a regression");
	is_int(cmp.count[TS_VERDICT_FASTER], 2, "two faster rows");
	is_int(cmp.count[TS_VERDICT_MISSING], 3, "three missing rows");
	ok(!cmp.single_core.set && !cmp.multi_core.set,
	    "different workloads: no score delta");
	is_str(cmp.scores_differ, "the documents measure different workloads "
	    "(baseline: dhrystone, sort, latency, gone; candidate: latency, "
	    "dhrystone, new, empty)", "and why");

	ts_buf_init(&b);
	ts_render_comparison(&b, &cmp, "a.json", "b.json");
	is_str(b.data,
	    "a.json  \xe2\x86\x92  b.json\n"
	    "\n"
	    "warning: different CPUs: 'CPU A' vs 'unknown'\n"
	    "         this compares two machines, not two versions\n"
	    "\n"
	    "single-thread\n"
	    "  + dhrystone               10.0M \xe2\x86\x92      20.0M   "
	    "+100.0%\n"
	    "  ? sort                      100 \xe2\x86\x92          "
	    "\xe2\x80\x94         \xe2\x80\x94\n"
	    "  + latency                   100 \xe2\x86\x92       50.0    "
	    "+50.0%\n"
	    "  ? new                         \xe2\x80\x94 \xe2\x86\x92       "
	    "12.0         \xe2\x80\x94\n"
	    "\n"
	    "multi-thread\n"
	    "  - dhrystone               80.0M \xe2\x86\x92      40.0M    "
	    "-50.0%\n"
	    "  ? sort                      900 \xe2\x86\x92          "
	    "\xe2\x80\x94         \xe2\x80\x94\n"
	    "\n"
	    "score\n"
	    "  scores not compared: the documents measure different "
	    "workloads (baseline: dhrystone, sort, latency, gone; candidate: "
	    "latency, dhrystone, new, empty)\n",
	    "text layout of a small pair");

	b.len = 0;
	ts_comparison_json(&b, &cmp, "a.json", "b\"q.json");
	ok(strstr(b.data, "\"candidate\": \"b\\\"q.json\"") != NULL,
	    "JSON escapes the path");
	ok(strstr(b.data, "\"verdict\": \"slower\"") != NULL &&
	    strstr(b.data, "\"regression\": true") != NULL,
	    "JSON carries the verdicts and the regression flag");
	ok(strstr(b.data, "\"change_pct\": 100.0,") != NULL,
	    "JSON numbers in serde layout");
	ok(strstr(b.data, "\"multi_core\": null") != NULL,
	    "JSON: undefined score delta is null");
	ok(strstr(b.data, "\"not_compared\": \"the documents measure "
	    "different workloads (baseline: dhrystone") != NULL,
	    "JSON: not_compared says why");
	ok(strstr(b.data, "\"id\": \"new\",\n      \"unit\": \"gib_per_sec\","
	    "\n      \"baseline\": null,\n      \"candidate\": 12.0,\n"
	    "      \"change_pct\": null,\n      \"threshold_pct\": null,\n"
	    "      \"test\": null,\n      \"detectable_pct\": null,\n"
	    "      \"best_execution_change_pct\": null,\n"
	    "      \"host_allowance_pct\": null,\n"
	    "      \"host_took_time\": {\"baseline\": false, "
	    "\"candidate\": false},\n"
	    "      \"verdict\": \"missing\"") != NULL,
	    "JSON row of a new workload");
	ok(b.len > 0 && b.data[b.len - 1] == '\n', "JSON ends in a newline");
	ts_buf_free(&b);
	ts_comparison_free(&cmp);
	ts_report_free(&rc);

	/* The same workloads: the scores are compared. */
	make_doc(&rc, NULL, "x86_64-unknown-linux-gnu", 8, 1250, NAN,
	    base, 4);
	ts_compare(&rb, &rc, &cmp);
	ok(cmp.scores_differ == NULL && cmp.single_core.set &&
	    fabs(cmp.single_core.pct - 25) < 1e-12,
	    "the same workloads: score 1000 -> 1250 is +25 %%");
	ok(!cmp.multi_core.set, "no multi delta without a candidate score");
	ts_buf_init(&b);
	ts_comparison_json(&b, &cmp, "a.json", "b.json");
	ok(strstr(b.data, "\"not_compared\": null") != NULL,
	    "JSON: not_compared null when compared");
	ts_buf_free(&b);
	ts_comparison_free(&cmp);
	ts_report_free(&rc);

	/* Same machine, different thread counts and targets. */
	make_doc(&rc, "CPU A", "aarch64-unknown-linux-gnu", 4, 1000, 2000,
	    base, 4);
	ts_compare(&rb, &rc, &cmp);
	is_str(cmp.mismatch, "different targets: 'x86_64-unknown-linux-gnu' "
	    "vs 'aarch64-unknown-linux-gnu'", "targets are checked second");
	ts_comparison_free(&cmp);
	free(rc.system.target);
	rc.system.target = ts_xstrdup("x86_64-unknown-linux-gnu");
	ts_compare(&rb, &rc, &cmp);
	is_str(cmp.mismatch, "different thread counts: 8 vs 4",
	    "thread counts are checked last");
	ts_comparison_free(&cmp);
	ts_report_free(&rc);

	/* A document against itself: all unchanged, no mismatch. */
	ts_compare(&rb, &rb, &cmp);
	ok(cmp.mismatch == NULL, "self-comparison: same machine");
	ok(!ts_comparison_regressed(&cmp) &&
	    cmp.count[TS_VERDICT_FASTER] == 0 &&
	    cmp.count[TS_VERDICT_UNCHANGED] == 5, "self-comparison: five "
	    "unchanged rows, no regression");
	ok(cmp.multi_core.set && cmp.multi_core.pct == 0,
	    "self-comparison: score delta 0");
	ts_comparison_free(&cmp);
	ts_report_free(&rb);
}

/*
 * Make r look produced by the original (rustc line, no extensions) or by
 * us (ext: the extensions object's text).
 */
static void
set_producer(struct ts_report *r, const char *tool_version,
    const char *rustc, const char *ext)
{
	struct json_object *v;
	char err[128];

	free(r->tool_version);
	r->tool_version = ts_xstrdup(tool_version);
	free(r->system.rustc_version);
	r->system.rustc_version = rustc != NULL ? ts_xstrdup(rustc) : NULL;
	ts_extensions_free(&r->ext);
	if (ext == NULL)
		return;
	if (ts_json_parse(ext, strlen(ext), &v, err, sizeof err) != 0) {
		diag("bad test JSON: %s", err);
		return;
	}
	ts_ext_read(v, &r->ext);
	json_object_put(v);
}

/* Give r single-core score components named after its workloads. */
static void
add_components(struct ts_report *r)
{
	size_t i;

	r->score.single_components = ts_xcalloc(r->nworkloads,
	    sizeof *r->score.single_components);
	r->score.nsingle_components = r->nworkloads;
	for (i = 0; i < r->nworkloads; i++)
		r->score.single_components[i].id =
		    ts_xstrdup(r->workloads[i].id);
}

#define RUSTC_183	"rustc 1.83.0 (90b35a623 2024-11-26)"
#define RUSTC_180	"rustc 1.80.1 (3f5fd8dd4 2024-08-06)"
#define OURS(v)		"{\"producer\": \"threadstone " v " (C)\", " \
			"\"compiler\": \"gcc (Debian 12.2.0-14) 12.2.0\"}"

/* Original against ours: the warning, the marked rows, the gate. */
static void
test_producers(void)
{
	static const struct wl_spec base[] = {
		{ "dhrystone", TS_UNIT_DHRYSTONES_PER_SEC, 40e6, NAN, 1e4 },
		{ "sort", TS_UNIT_MELEM_PER_SEC, 70, 140, 0.1 },
		{ "sha256", TS_UNIT_MIB_PER_SEC, 250, 500, 0.5 },
	};
	static const struct wl_spec cand[] = {
		{ "dhrystone", TS_UNIT_DHRYSTONES_PER_SEC, 48e6, NAN, 1e4 },
		{ "sort", TS_UNIT_MELEM_PER_SEC, 40, 80, 0.1 },
		{ "sha256", TS_UNIT_MIB_PER_SEC, 250, 400, 0.5 },
	};
	struct ts_report rb, rc;
	struct ts_comparison cmp;
	struct ts_buf b;
	const struct ts_compare_row *s, *m;

	make_doc(&rb, "CPU A", "t", 2, 1000, NAN, base, 3);
	make_doc(&rc, "CPU A", "t", 2, 900, NAN, cand, 3);
	add_components(&rb);
	set_producer(&rb, "2.0.0", RUSTC_183, NULL);
	set_producer(&rc, "0.1.0", "gcc (Debian 12.2.0-14) 12.2.0",
	    OURS("0.1.0"));
	ts_compare(&rb, &rc, &cmp);
	ok(cmp.mismatch == NULL, "same machine");
	ok(cmp.producers.differ, "original and 0.1.0: producers differ");
	is_str(cmp.producers.base, "ThreadStone 2.0.0 (rustc 1.83.0)",
	    "baseline producer");
	is_str(cmp.producers.cand, "threadstone 0.1.0 (C, gcc 12.2.0)",
	    "candidate producer");
	ok(cmp.producers.nkernels_differ == 2 &&
	    strcmp(cmp.producers.kernels_differ[0], "dhrystone") == 0 &&
	    strcmp(cmp.producers.kernels_differ[1], "sort") == 0,
	    "dhrystone and sort differ, in baseline order");
	s = cmp.rows[TS_COMPARE_SINGLE];
	m = cmp.rows[TS_COMPARE_MULTI];
	ok(s[0].kernel_differs && s[1].kernel_differs &&
	    !s[2].kernel_differs, "single rows: dhrystone and sort marked");
	is_int(s[1].verdict, TS_VERDICT_SLOWER, "sort keeps its verdict");
	is_int(m[1].verdict, TS_VERDICT_SLOWER, "sha256 multi is slower");
	ok(!m[1].kernel_differs, "sha256 is not marked");
	ok(ts_comparison_regressed(&cmp), "a slower sha256 is a regression");
	ok(cmp.single_core.kernel_differs, "the single score includes them");

	ts_buf_init(&b);
	ts_render_comparison(&b, &cmp, "o.json", "c.json");
	is_str(b.data,
	    "o.json  \xe2\x86\x92  c.json\n"
	    "\n"
	    "warning: different producers: 'ThreadStone 2.0.0 (rustc 1.83.0)' "
	    "vs 'threadstone 0.1.0 (C, gcc 12.2.0)'\n"
	    "         dhrystone and sort kernels differ between these "
	    "producers: their changes are not regressions\n"
	    "\n"
	    "single-thread\n"
	    "  + dhrystone               40.0M \xe2\x86\x92      48.0M    "
	    "+20.0%  (different kernel)\n"
	    "  - sort                     70.0 \xe2\x86\x92       40.0    "
	    "-42.9%  (different kernel)\n"
	    "  = sha256                    250 \xe2\x86\x92        250     "
	    "+0.0%\n"
	    "\n"
	    "multi-thread\n"
	    "  - sort                      140 \xe2\x86\x92       80.0    "
	    "-42.9%  (different kernel)\n"
	    "  - sha256                    500 \xe2\x86\x92        400    "
	    "-20.0%\n"
	    "\n"
	    "score\n"
	    "  single-core score -10.0%  (includes different kernels)\n",
	    "text: producer warning, marked rows and score");

	b.len = 0;
	ts_producer_warning(&b, &cmp);
	is_str(b.data, "different producers: 'ThreadStone 2.0.0 (rustc "
	    "1.83.0)' vs 'threadstone 0.1.0 (C, gcc 12.2.0)' (dhrystone and "
	    "sort kernels differ: not counted as regressions)",
	    "the one-line warning for standard error");

	b.len = 0;
	ts_comparison_json(&b, &cmp, "o.json", "c.json");
	ok(strstr(b.data, "  \"machine_mismatch\": null,\n"
	    "  \"producers\": {\n"
	    "    \"baseline\": \"ThreadStone 2.0.0 (rustc 1.83.0)\",\n"
	    "    \"candidate\": \"threadstone 0.1.0 (C, gcc 12.2.0)\",\n"
	    "    \"differ\": true,\n"
	    "    \"kernels_differ\": [\n"
	    "      \"dhrystone\",\n"
	    "      \"sort\"\n"
	    "    ]\n"
	    "  },\n") != NULL, "JSON producers object");
	ok(strstr(b.data, "\"verdict\": \"slower\",\n"
	    "      \"kernel_differs\": true,\n      \"family_p\": null,\n"
	    "      \"regression\": false\n") != NULL,
	    "JSON: the slower sort row is marked");
	ok(strstr(b.data, "\"change_pct\": -10.0,\n"
	    "      \"kernel_differs\": true\n") != NULL,
	    "JSON: the score delta is marked");
	ts_buf_free(&b);
	ts_comparison_free(&cmp);

	/* sha256 multi no longer slower: only different kernels are. */
	rc.workloads[2].multi->value = 500;
	ts_compare(&rb, &rc, &cmp);
	ok(!ts_comparison_regressed(&cmp), "a slower sort whose kernel "
	    "differs is no regression");
	is_int(cmp.count[TS_VERDICT_SLOWER], 2, "but its rows stay slower");
	ts_buf_init(&b);
	ts_comparison_json(&b, &cmp, "o.json", "c.json");
	ok(strstr(b.data, "\"slower\": 2,") != NULL &&
	    strstr(b.data, "\"regression\": false") != NULL,
	    "JSON summary: two slower rows, no regression");
	ts_buf_free(&b);
	ts_comparison_free(&cmp);

	/*
	 * 0.2.0 does the original's Dhrystone but sorts with its own
	 * ipnsort: sort is flagged, a slower Dhrystone is a regression.
	 */
	set_producer(&rc, "0.2.0", NULL, OURS("0.2.0"));
	ts_compare(&rb, &rc, &cmp);
	ok(cmp.producers.differ && cmp.producers.nkernels_differ == 1 &&
	    strcmp(cmp.producers.kernels_differ[0], "sort") == 0,
	    "0.2.0 vs rustc 1.83: producers differ, the sort kernels do");
	ok(!ts_comparison_regressed(&cmp), "so the slower sort is no "
	    "regression");
	ts_buf_init(&b);
	ts_render_comparison(&b, &cmp, "o.json", "c.json");
	ok(strstr(b.data, "\n\nwarning: different producers: 'ThreadStone "
	    "2.0.0 (rustc 1.83.0)' vs 'threadstone 0.2.0 (C, gcc 12.2.0)'\n"
	    "         sort kernels differ between these producers: their "
	    "changes are not regressions\n\nsingle-thread\n") != NULL,
	    "text: the warning names sort only");
	ok(strstr(b.data, "dhrystone               40.0M \xe2\x86\x92      "
	    "48.0M    +20.0%\n") != NULL, "text: the dhrystone row is not "
	    "marked");
	b.len = 0;
	ts_producer_warning(&b, &cmp);
	is_str(b.data, "different producers: 'ThreadStone 2.0.0 (rustc "
	    "1.83.0)' vs 'threadstone 0.2.0 (C, gcc 12.2.0)' (sort kernels "
	    "differ: not counted as regressions)", "stderr line names sort");
	ts_buf_free(&b);
	ts_comparison_free(&cmp);
	rc.workloads[0].single->value = 30e6;
	ts_compare(&rb, &rc, &cmp);
	ok(ts_comparison_regressed(&cmp), "0.2.0 vs rustc 1.83: a slower "
	    "dhrystone is a regression");
	ts_comparison_free(&cmp);
	rc.workloads[0].single->value = 48e6;

	/* Two originals, rustc 1.80 and 1.83, and another machine. */
	set_producer(&rc, "2.0.0", RUSTC_180, NULL);
	free(rc.system.cpu_model);
	rc.system.cpu_model = ts_xstrdup("CPU B");
	ts_compare(&rb, &rc, &cmp);
	ok(cmp.producers.nkernels_differ == 1 &&
	    strcmp(cmp.producers.kernels_differ[0], "sort") == 0,
	    "rustc 1.83 vs 1.80: sort differs");
	ts_buf_init(&b);
	ts_render_comparison(&b, &cmp, "o.json", "c.json");
	ok(strstr(b.data, "\n\nwarning: different CPUs: 'CPU A' vs 'CPU B'\n"
	    "         this compares two machines, not two versions\n\n"
	    "warning: different producers: 'ThreadStone 2.0.0 (rustc 1.83.0)' "
	    "vs 'ThreadStone 2.0.0 (rustc 1.80.1)'\n"
	    "         sort kernels differ between these producers: their "
	    "changes are not regressions\n\nsingle-thread\n") != NULL,
	    "machine warning first, then the producer warning");
	ts_buf_free(&b);
	ts_comparison_free(&cmp);

	/* The same producer: nothing new in any output. */
	set_producer(&rc, "2.0.0", RUSTC_183, NULL);
	ts_compare(&rb, &rc, &cmp);
	ok(!cmp.producers.differ && cmp.producers.nkernels_differ == 0,
	    "same producer: no difference");
	ts_buf_init(&b);
	ts_render_comparison(&b, &cmp, "o.json", "c.json");
	ok(strstr(b.data, "producers") == NULL && strstr(b.data, "kernel") ==
	    NULL, "same producer: no warning, no marks");
	b.len = 0;
	ts_producer_warning(&b, &cmp);
	is_int(b.len, 0, "same producer: nothing for standard error");
	ts_comparison_json(&b, &cmp, "o.json", "c.json");
	ok(strstr(b.data, "\"differ\": false,\n"
	    "    \"kernels_differ\": []\n") != NULL,
	    "JSON: differ false, empty list");
	ts_buf_free(&b);
	ts_comparison_free(&cmp);

	/* Missing and mistyped producer fields never crash. */
	set_producer(&rc, "2.0.0", NULL, "{\"producer\": [], "
	    "\"compiler\": null}");
	free(rb.tool_version);
	rb.tool_version = NULL;
	ts_compare(&rb, &rc, &cmp);
	is_str(cmp.producers.base, "unknown producer (tool_version missing, "
	    "rustc 1.83.0)", "no tool_version: unknown");
	is_str(cmp.producers.cand, "unknown producer (tool_version 2.0.0)",
	    "mistyped producer, no rustc: unknown");
	ok(cmp.producers.differ && cmp.producers.nkernels_differ == 0,
	    "unknown producers differ, no kernel is known to");
	ts_comparison_free(&cmp);
	ts_report_free(&rc);
	ts_report_free(&rb);
}

/* A workload id twice in the baseline is listed once. */
static void
test_duplicate_ids(void)
{
	static const struct wl_spec base[] = {
		{ "sort", TS_UNIT_MELEM_PER_SEC, 70, NAN, 0.1 },
		{ "sort", TS_UNIT_MELEM_PER_SEC, 60, NAN, 0.1 },
	};
	struct ts_report rb, rc;
	struct ts_comparison cmp;

	make_doc(&rb, "CPU A", "t", 2, NAN, NAN, base, 2);
	make_doc(&rc, "CPU A", "t", 2, NAN, NAN, base, 1);
	set_producer(&rb, "2.0.0", RUSTC_183, NULL);
	set_producer(&rc, "2.0.0", RUSTC_180, NULL);
	ts_compare(&rb, &rc, &cmp);
	ok(cmp.producers.nkernels_differ == 1, "a duplicated id is listed "
	    "once");
	ok(cmp.nrows[TS_COMPARE_SINGLE] == 2 &&
	    cmp.rows[TS_COMPARE_SINGLE][0].kernel_differs &&
	    cmp.rows[TS_COMPARE_SINGLE][1].kernel_differs,
	    "both of its rows are marked");
	ts_comparison_free(&cmp);
	ts_report_free(&rc);
	ts_report_free(&rb);
}

/*
 * The family's gate on sets of identical builds, counted per experiment
 * (a night), not per row: runs share a state on every pass (a normal
 * factor of 1 %), each pass has its own Student's t(3) noise of 1 %,
 * and 1.5 % of runs are bad hours 10 to 40 % slower on every pass.
 * Reduced counts; bench/night-aa.py counts more through the program.
 */
static const struct wl_spec sim_wl[] = {
	{ "dhrystone", TS_UNIT_DHRYSTONES_PER_SEC, 1e8, 1e9, 0.01 },
	{ "sgemm", TS_UNIT_GFLOPS, 20, 200, 0.01 },
	{ "sha256", TS_UNIT_MIB_PER_SEC, 400, 4000, 0.01 },
	{ "sort", TS_UNIT_MELEM_PER_SEC, 100, 1000, 0.01 },
	{ "stream", TS_UNIT_GIB_PER_SEC, 100, 200, 0.01 },
	{ "latency", TS_UNIT_NANOSECONDS, 100, NAN, 0.01 },
};
#define SIM_NWL	(sizeof sim_wl / sizeof sim_wl[0])

/* One run of the model, every pass slowed by slow. */
static void
sim_run(struct ts_report *r, struct ts_rng *g, double slow)
{
	struct wl_spec wl[SIM_NWL];
	double common = exp(0.01 * sim_normal(g)), bad = 0, f;
	size_t i;

	if (ts_rng_f64(g) < 0.015)
		bad = 0.1 + 0.3 * ts_rng_f64(g);
	memcpy(wl, sim_wl, sizeof wl);
	for (i = 0; i < SIM_NWL; i++) {
		bool lower = wl[i].unit == TS_UNIT_NANOSECONDS;
		double s = (1 + bad) * (1 + slow);

		/* The run's state slows (or speeds) every pass alike. */
		s *= common;
		f = fmax(0.05, 1 + 0.01 * sim_student(g, 3));
		wl[i].single *= lower ? f * s : f / s;
		f = fmax(0.05, 1 + 0.01 * sim_student(g, 3));
		wl[i].multi *= f / s;
	}
	make_doc(r, "Sim CPU", "x86_64-linux", 2, NAN, NAN, wl, SIM_NWL);
}

/* Experiments of n runs against n failing the gate, every pass slowed. */
static size_t
sim_sets(struct ts_rng *g, size_t n, size_t experiments, double slow,
    size_t *rows_slower, size_t *rows)
{
	struct ts_report *a = ts_xcalloc(2 * n, sizeof *a);
	const char **paths = ts_xcalloc(2 * n, sizeof *paths);
	struct ts_comparison c;
	size_t e, i, fails = 0;
	int p;

	for (i = 0; i < 2 * n; i++)
		paths[i] = "sim.json";
	*rows_slower = *rows = 0;
	for (e = 0; e < experiments; e++) {
		for (i = 0; i < 2 * n; i++)
			sim_run(&a[i], g, i < n ? 0 : slow);
		ts_compare_sets(a, paths, n, a + n, paths + n, n, &c);
		fails += ts_comparison_regressed(&c);
		for (p = 0; p < TS_COMPARE_NPASSES; p++)
			for (i = 0; i < c.nrows[p]; i++) {
				*rows_slower += c.rows[p][i].verdict ==
				    TS_VERDICT_SLOWER;
				*rows += c.rows[p][i].has_pct;
			}
		ts_comparison_free(&c);
		for (i = 0; i < 2 * n; i++)
			ts_report_free(&a[i]);
	}
	free(a);
	free(paths);
	return fails;
}

static void
test_family_sets(void)
{
	static const size_t sizes[] = { 3, 6, 12 }, counts[] = { 200, 150, 60 };
	struct ts_rng g;
	size_t k, f, f10, rs, rows, rs10, rows10;
	const char *e = getenv("TS_COMPARE_TRIALS");
	size_t mult = e != NULL && atoi(e) > 0 ? (size_t)atoi(e) : 1;

	ts_rng_seed(&g, 44);
	for (k = 0; k < 3; k++) {
		size_t ne = counts[k] * mult;

		f = sim_sets(&g, sizes[k], ne, 0, &rs, &rows);
		f10 = sim_sets(&g, sizes[k], ne / 2, 0.10, &rs10, &rows10);
		diag("%zu against %zu runs, %zu experiments: the gate failed "
		    "%zu (%.1f %%), rows slower %zu of %zu; every pass 10 %% "
		    "slower: failed %zu of %zu", sizes[k], sizes[k], ne, f,
		    100.0 * (double)f / (double)ne, rs, rows, f10, ne / 2);
		/* 5 % and two standard errors of the count. */
		ok(100.0 * (double)f / (double)ne <= 5 + 200 *
		    sqrt(0.05 * 0.95 / (double)ne), "%zu runs a side: A/A "
		    "experiments failing the gate %.1f %% (5 %% and two standard errors)", sizes[k],
		    100.0 * (double)f / (double)ne);
		if (sizes[k] >= 6)
			ok(f10 * 10 >= 9 * (ne / 2), "%zu runs a side: every "
			    "pass 10 %% slower fails the gate >= 90 %% (%zu of "
			    "%zu)", sizes[k], f10, ne / 2);
		else
			ok(f10 * 10 >= 8 * (ne / 2), "3 runs a side (20 "
			    "arrangements: Holm on the rows' t tests): every "
			    "pass 10 %% slower fails the gate >= 80 %% (%zu of "
			    "%zu)", f10, ne / 2);
	}
}

int
main(void)
{
	test_verdicts();
	test_pair();
	test_producers();
	test_duplicate_ids();
	test_family_sets();
	return done_testing();
}
