/* SPDX-License-Identifier: MIT */
/*
 * lib/suite/suite-score.c: reference table, ratios, the published scores of
 * apple-m4-pro.json and the whole score card and scaling objects of
 * run-signed-at-runtime.json, bit for bit.
 */
#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "num/num-format.h"
#include "num/num-parse.h"
#include "suite/suite-score.h"
#include "tap.h"

#define N(a)	(sizeof (a) / sizeof (a)[0])

/* A number token of a document, read as serde_json reads it. */
static double
num(const char *text)
{
	struct ts_num n;

	if (ts_serde_parse(text, strlen(text), &n) == TS_NUM_ERROR)
		return NAN;
	return n.f;
}

/*
 * A number of a document written at run time: ryu's shortest digits of
 * the in-memory value, which a correctly rounded strtod recovers.
 */
static double
exact(const char *text)
{
	return strtod(text, NULL);
}

/*
 * The table of section 4, typed here from the specification: the kernel
 * descriptors, which are the only copy the package uses, must agree.
 */
static void
test_table(void)
{
	static const char *ids[] = { "dhrystone", "sgemm", "sha256", "sort",
	    "stream", "latency" };
	static const double refs[] = { 22000000.0, 12.0, 250.0, 50.0, 12.0,
	    90.0 };
	static const enum ts_unit units[] = { TS_UNIT_DHRYSTONES_PER_SEC,
	    TS_UNIT_GFLOPS, TS_UNIT_MIB_PER_SEC, TS_UNIT_MELEM_PER_SEC,
	    TS_UNIT_GIB_PER_SEC, TS_UNIT_NANOSECONDS };
	const struct ts_kernel *e;
	double ratio;
	size_t i;

	ok(ts_nkernels >= N(ids), "a row for each of the six kernels of "
	    "section 4 (%zu in all)", ts_nkernels);
	for (i = 0; i < N(ids); i++) {
		e = ts_reference_find(ids[i]);
		ok(e != NULL && e == ts_kernels[i], "%s: row %zu, the registry's "
		    "descriptor", ids[i], i);
		if (e == NULL)
			continue;
		is_double(e->reference, refs[i], "reference value");
		is_int(e->unit, units[i], "unit");
		/* Lower is better for latency only. */
		ok(ts_ratio(2 * refs[i], refs[i], e->unit, &ratio) == 0 &&
		    ratio == (i == 5 ? 0.5 : 2.0), "direction");
	}
	ok(ts_reference_find("fft") == NULL, "unknown id: no row");
	is_str(TS_REFERENCE_NAME, "ThreadStone Reference Core v1",
	    "reference name");
}

/* ratio() and its undefined cases. */
static void
test_ratio(void)
{
	double r = -1;

	ok(ts_ratio(24.0, 12.0, TS_UNIT_GFLOPS, &r) == 0 && r == 2.0,
	    "rate: measured / reference");
	ok(ts_ratio(45.0, 90.0, TS_UNIT_NANOSECONDS, &r) == 0 && r == 2.0,
	    "nanoseconds: reference / measured");
	ok(ts_ratio(num("67972538.84958085"), 22000000.0,
	    TS_UNIT_DHRYSTONES_PER_SEC, &r) == 0, "dhrystone ratio defined");
	is_double(r, num("3.0896608567991297"), "dhrystone ratio of M4 Pro");
	r = 5;
	ok(ts_ratio(0.0, 12.0, TS_UNIT_GFLOPS, &r) == -1 && r == 5,
	    "measured 0: undefined, output untouched");
	ok(ts_ratio(-1.0, 12.0, TS_UNIT_GFLOPS, &r) == -1,
	    "negative measured: undefined");
	ok(ts_ratio(NAN, 12.0, TS_UNIT_GFLOPS, &r) == -1,
	    "NaN measured: undefined");
	ok(ts_ratio(INFINITY, 12.0, TS_UNIT_GFLOPS, &r) == -1,
	    "infinite measured: undefined");
	ok(ts_ratio(1.0, 0.0, TS_UNIT_GFLOPS, &r) == -1,
	    "reference 0: undefined");
	ok(ts_ratio(1.0, INFINITY, TS_UNIT_NANOSECONDS, &r) == -1,
	    "infinite reference: undefined");
}

/* The published scores of apple-m4-pro.json from its stored ratios. */
static void
test_published_scores(void)
{
	static const char *single[] = { "3.0896608567991297",
	    "1.5931437517124505", "1.6879759065226465", "2.0355135358002583",
	    "9.16076489270745", "0.7652563444554668" };
	static const char *multi[] = { "30.918683054939248",
	    "15.520142150084103", "15.00872529164634", "21.269514724634774",
	    "17.81310710641848" };
	struct ts_component c[6];
	double s = 0;
	size_t i;

	memset(c, 0, sizeof c);
	for (i = 0; i < N(single); i++)
		c[i].ratio = num(single[i]);
	ok(ts_score_of(c, N(single), &s) == 0, "single-core score exists");
	is_double(s, num("2216.44749721414"),
	    "single-core score 2216.44749721414");
	for (i = 0; i < N(multi); i++)
		c[i].ratio = num(multi[i]);
	ok(ts_score_of(c, N(multi), &s) == 0, "multi-core score exists");
	is_double(s, num("19372.76232106885"),
	    "multi-core score 19372.76232106885");
	ok(ts_score_of(c, 0, &s) == -1, "no components: no score");
	c[0].ratio = 0;
	ok(ts_score_of(c, 1, &s) == -1, "undefined mean: no score");
}

/* Fill a pass with a value and thread count. */
static struct ts_pass
pass(const char *value, uint64_t threads)
{
	struct ts_pass p;

	memset(&p, 0, sizeof p);
	p.value = exact(value);
	p.threads = threads;
	return p;
}

/* Fill a workload from the table, with optional passes. */
static struct ts_workload
workload(const char *id, struct ts_pass *single, struct ts_pass *multi)
{
	const struct ts_kernel *e = ts_reference_find(id);
	struct ts_workload w;

	memset(&w, 0, sizeof w);
	w.id = (char *)id;
	w.reference = e->reference;
	w.unit = e->unit;
	w.single = single;
	w.multi = multi;
	return w;
}

/* Compare one component with the document's. */
static void
check_component(const struct ts_component *c, const char *id,
    const char *measured, const char *reference, const char *ratio)
{
	is_str(c->id, id, id);
	is_double(c->measured, exact(measured), "measured");
	is_double(c->reference, exact(reference), "reference");
	is_double(c->ratio, exact(ratio), "ratio");
}

/* The score card and scaling of run-signed-at-runtime.json. */
static void
test_run_document(void)
{
	struct ts_pass sha1 = pass("190.29705461568093", 1),
	    sha2 = pass("229.43780110448748", 2),
	    dhr1 = pass("37202302.21165159", 1),
	    dhr2 = pass("41868633.198843904", 2),
	    lat1 = pass("341.60778274469385", 1);
	struct ts_workload w[3];
	struct ts_score s;
	struct ts_scaling sc;

	w[0] = workload("sha256", &sha1, &sha2);
	w[1] = workload("dhrystone", &dhr1, &dhr2);
	w[2] = workload("latency", &lat1, NULL);
	ts_score_build(w, N(w), &s);
	is_str(s.reference, TS_REFERENCE_NAME, "score reference name");
	ok(s.has_single_core && s.has_multi_core, "both scores present");
	is_double(s.single_core, exact("697.3508191888435"), "single_core");
	is_double(s.multi_core, exact("1321.5863151664016"), "multi_core");
	if (ok(s.nsingle_components == 3, "three single components")) {
		check_component(&s.single_components[0], "sha256",
		    "190.29705461568093", "250.0", "0.7611882184627238");
		check_component(&s.single_components[1], "dhrystone",
		    "37202302.21165159", "22000000.0", "1.6910137368932543");
		check_component(&s.single_components[2], "latency",
		    "341.60778274469385", "90.0", "0.26346003968903414");
	}
	if (ok(s.nmulti_components == 2, "two multi components")) {
		check_component(&s.multi_components[0], "sha256",
		    "229.43780110448748", "250.0", "0.9177512044179499");
		check_component(&s.multi_components[1], "dhrystone",
		    "41868633.198843904", "22000000.0", "1.903119690856541");
	}
	ts_score_free(&s);
	ok(s.reference == NULL && s.nsingle_components == 0, "cleared");

	ok(ts_scaling_compute(&sha1, &sha2, TS_UNIT_MIB_PER_SEC, &sc) == 0,
	    "sha256 scaling exists");
	is_double(sc.speedup, exact("1.2056823557666418"), "sha256 speedup");
	is_double(sc.efficiency, exact("0.6028411778833209"),
	    "sha256 efficiency");
	is_int(sc.threads, 2, "sha256 scaling threads");
	ok(ts_scaling_compute(&dhr1, &dhr2, TS_UNIT_DHRYSTONES_PER_SEC,
	    &sc) == 0, "dhrystone scaling exists");
	is_double(sc.speedup, exact("1.1254312424173265"), "dhrystone speedup");
	is_double(sc.efficiency, exact("0.5627156212086633"),
	    "dhrystone efficiency");
	ok(ts_scaling_compute(&lat1, NULL, TS_UNIT_NANOSECONDS, &sc) == -1,
	    "latency without a multi pass: no scaling");
}

/* Scaling conditions, and components that drop out. */
static void
test_rules(void)
{
	struct ts_pass a = pass("100", 1), b = pass("300", 4),
	    zero = pass("0", 1), bad = pass("100", 4);
	struct ts_workload w[3];
	struct ts_scaling sc;
	struct ts_score s;

	ok(ts_scaling_compute(&a, &b, TS_UNIT_GFLOPS, &sc) == 0 &&
	    sc.speedup == 3.0 && sc.efficiency == 0.75 && sc.threads == 4,
	    "rate: speedup multi/single, efficiency per thread");
	ok(ts_scaling_compute(&a, &b, TS_UNIT_NANOSECONDS, &sc) == 0 &&
	    sc.speedup == 100.0 / 300.0, "nanoseconds: speedup single/multi");
	ok(ts_scaling_compute(&zero, &b, TS_UNIT_GFLOPS, &sc) == -1,
	    "single value 0: no scaling");
	zero.value = NAN;
	ok(ts_scaling_compute(&zero, &b, TS_UNIT_GFLOPS, &sc) == -1,
	    "single value NaN: no scaling");
	bad.value = INFINITY;
	ok(ts_scaling_compute(&a, &bad, TS_UNIT_GFLOPS, &sc) == -1,
	    "multi value infinite: no scaling");
	bad.value = 0;
	ok(ts_scaling_compute(&a, &bad, TS_UNIT_GFLOPS, &sc) == 0 &&
	    sc.speedup == 0, "multi value 0 is finite: scaling exists");
	ok(ts_scaling_compute(NULL, &b, TS_UNIT_GFLOPS, &sc) == -1,
	    "no single pass: no scaling");

	ts_score_build(NULL, 0, &s);
	ok(!s.has_single_core && !s.has_multi_core &&
	    s.nsingle_components == 0 && s.nmulti_components == 0,
	    "no workloads: both scores absent, empty lists");
	ts_score_free(&s);

	zero.value = 0;
	w[0] = workload("sgemm", &zero, NULL);
	w[1] = workload("sort", NULL, NULL);
	w[2] = workload("stream", NULL, &b);
	ts_score_build(w, N(w), &s);
	ok(!s.has_single_core && s.nsingle_components == 0,
	    "undefined ratio and failed workload drop out: no single score");
	ok(s.has_multi_core && s.nmulti_components == 1 &&
	    strcmp(s.multi_components[0].id, "stream") == 0 &&
	    fabs(s.multi_core - 25000.0) < 1e-9,
	    "multi score from stream only");
	ts_score_free(&s);
	ts_score_free(NULL);
}

int
main(void)
{
	test_table();
	test_ratio();
	test_published_scores();
	test_run_document();
	test_rules();
	return done_testing();
}
