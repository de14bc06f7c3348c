/* SPDX-License-Identifier: MIT */
/* lib/suite/suite-stats.c: every vector of spec section 3, bit for bit. */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stats/stats-basic.h"
#include "suite/suite-stats.h"
#include "tap.h"

#define N(a)	(sizeof (a) / sizeof (a)[0])

/* Summarise a vector, failing the test run if it has no summary. */
static struct ts_stats
summary(const double *v, size_t n, const char *name)
{
	struct ts_stats st;

	if (!ok(ts_stats_summary(v, n, &st) == 0, "%s: summary exists", name))
		memset(&st, 0, sizeof st);
	return st;
}

/* The kept and rejected counts of the short vectors of section 3. */
static void
test_counts(void)
{
	static const double four[] = { 1, 2, 3, 4 },
	    eight[] = { 7, 7, 7, 7, 7, 7, 7, 7 }, three[] = { 1, 1, 100 },
	    nan4[] = { 10, NAN, 10, 10 }, inf4[] = { 10, INFINITY, 10, 10 },
	    outl[] = { 100, 101, 99, 100.5, 99.5, 100.2, 99.8, 100.1, 99.9,
		500 };
	static const struct {
		const double *v;
		size_t len, n, outliers;
		const char *name;
	} cases[] = {
		{ four, N(four), 4, 0, "[1,2,3,4]: no outliers" },
		{ nan4, N(nan4), 3, 0, "[10,NaN,10,10]: NaN is left out, "
		    "not an outlier" },
		{ inf4, N(inf4), 3, 0, "[10,inf,10,10]: inf is left out" },
		{ outl, N(outl), 9, 1, "outlier vector: 1 outlier" },
		{ eight, N(eight), 8, 0, "eight 7s: MAD 0 keeps all" },
		{ three, N(three), 3, 0, "[1,1,100]: no rejection below 4 "
		    "values" },
	};
	struct ts_stats st;
	size_t i;

	for (i = 0; i < N(cases); i++) {
		st = summary(cases[i].v, cases[i].len, cases[i].name);
		if (!ok(st.n == cases[i].n && st.outliers == cases[i].outliers,
		    "%s (n %zu)", cases[i].name, cases[i].n))
			diag("got n %zu, %zu outliers", st.n, st.outliers);
	}
}

/* The other figures of short vectors. */
static void
test_small_vectors(void)
{
	static const double one[] = { 42 }, four[] = { 1, 2, 3, 4 },
	    eight[] = { 7, 7, 7, 7, 7, 7, 7, 7 },
	    outl[] = { 100, 101, 99, 100.5, 99.5, 100.2, 99.8, 100.1, 99.9,
		500 };
	double big[101], empty[1] = { NAN };
	struct ts_stats st;
	size_t i;

	st = summary(one, N(one), "[42]");
	is_double(st.median, 42.0, "[42]: median 42");
	is_double(st.stddev, 0.0, "[42]: stddev 0");
	is_double(st.ci95, 0.0, "[42]: ci95 0");
	is_int(st.n, 1, "[42]: n 1");
	is_int(st.stability, TS_STABLE, "[42]: stable");
	is_double(st.p05, 42.0, "[42]: p05 is the value");

	st = summary(four, N(four), "[1,2,3,4]");
	is_double(st.median, 2.5, "[1,2,3,4]: median 2.5");

	st = summary(outl, N(outl), "outlier vector");
	ok(st.max < 200, "outlier vector: max < 200 (%g)", st.max);
	is_int(st.stability, TS_STABLE, "outlier vector: stable");

	st = summary(eight, N(eight), "eight 7s");
	is_double(st.cv, 0.0, "eight 7s: cv 0");

	for (i = 0; i < N(big); i++)
		big[i] = (double)(i + 1);
	st = summary(big, N(big), "1..101");
	is_double(st.p05, 6.0, "1..101: p05 6");
	is_double(st.p95, 96.0, "1..101: p95 96");
	is_double(st.median, 51.0, "1..101: median 51");
	is_double(st.min, 1.0, "1..101: min 1");
	is_double(st.max, 101.0, "1..101: max 101");

	ok(ts_stats_summary(empty, 1, &st) == -1, "only NaN: no summary");
	ok(ts_stats_summary(NULL, 0, &st) == -1, "empty: no summary");
}

/* Stability classes and the trustworthy rule. */
static void
test_stability(void)
{
	is_int(ts_stability_from_cv(0.005), TS_STABLE, "cv 0.005 stable");
	is_int(ts_stability_from_cv(0.02), TS_ACCEPTABLE, "cv 0.02 acceptable");
	is_int(ts_stability_from_cv(0.05), TS_NOISY, "cv 0.05 noisy");
	is_int(ts_stability_from_cv(0.5), TS_UNRELIABLE, "cv 0.5 unreliable");
	is_int(ts_stability_from_cv(NAN), TS_UNRELIABLE, "cv NaN unreliable");
	is_int(ts_stability_from_cv(0.01), TS_ACCEPTABLE, "cv 0.01 acceptable");
	is_int(ts_stability_from_cv(0.10), TS_UNRELIABLE, "cv 0.10 unreliable");
	ok(ts_stability_trustworthy(TS_STABLE) &&
	    ts_stability_trustworthy(TS_ACCEPTABLE) &&
	    !ts_stability_trustworthy(TS_NOISY) &&
	    !ts_stability_trustworthy(TS_UNRELIABLE), "trustworthy classes");
}

/* Inclusive limit and kept order, on values built around the limit. */
static void
test_rejection_edges(void)
{
	/* median 0, deviations 0,0,1,1,x: MAD 1, limit 3 x 1.4826... */
	double limit = TS_MAD_LIMIT * TS_MAD_SCALE;
	double v[] = { 0, 0, -1, 1, limit };
	double w[] = { 0, 0, -1, 1, nextafter(limit, 100) };
	double lo[] = { 10 - 2 * limit, 10, 9, 11, 10 };
	struct ts_stats st;

	st = summary(v, N(v), "value exactly at the limit");
	is_int(st.outliers, 0, "the limit itself is kept (inclusive)");
	st = summary(w, N(w), "value one ulp past the limit");
	is_int(st.outliers, 1, "one ulp past the limit is rejected");
	st = summary(lo, N(lo), "low outlier");
	is_int(st.outliers, 1, "rejection is two-sided");
	is_double(st.min, 9.0, "low outlier: min of kept values");
}

/* The latency pass of run-signed-at-runtime.json. */
static void
test_real_vector(void)
{
	static const char *text[] = { "361.71001066621926",
	    "357.99518222456584", "778.4247192627126", "325.22038326482186",
	    "309.00082693160437" };
	double v[5];
	struct ts_stats st;
	size_t i;

	for (i = 0; i < N(text); i++)
		v[i] = strtod(text[i], NULL);
	st = summary(v, N(v), "latency vector");
	is_int(st.n, 4, "latency: n 4");
	is_int(st.outliers, 1, "latency: outliers 1");
	is_double(st.median, strtod("341.60778274469385", NULL),
	    "latency: median");
	is_double(st.mean, strtod("338.48160077180285", NULL), "latency: mean");
	is_double(st.stddev, strtod("25.595017765970447", NULL),
	    "latency: stddev");
	is_double(st.cv, strtod("0.07561716119165386", NULL), "latency: cv");
	is_double(st.min, strtod("309.00082693160437", NULL), "latency: min");
	is_double(st.max, strtod("361.71001066621926", NULL), "latency: max");
	is_double(st.p05, strtod("311.433760381587", NULL), "latency: p05");
	is_double(st.p95, strtod("361.15278639997126", NULL), "latency: p95");
	is_double(st.ci95, strtod("25.083117410651038", NULL),
	    "latency: ci95");
	is_int(st.stability, TS_NOISY, "latency: noisy");
}

/* Check one "stats" line of the fixture against a recomputed summary. */
static int
stats_line_matches(char *line, const struct ts_stats *st)
{
	static const char *stab[] = { "stable", "acceptable", "noisy",
	    "unreliable" };
	const double got[] = { st->median, st->mean, st->stddev, st->cv,
	    st->min, st->max, st->p05, st->p95, st->ci95 };
	char *tok, *save;
	double want;
	size_t i;

	tok = strtok_r(line, " \n", &save);		/* "stats" */
	tok = strtok_r(NULL, " \n", &save);
	if (tok == NULL || strtoull(tok, NULL, 10) != st->n)
		return 0;
	tok = strtok_r(NULL, " \n", &save);
	if (tok == NULL || strtoull(tok, NULL, 10) != st->outliers)
		return 0;
	for (i = 0; i < N(got); i++) {
		tok = strtok_r(NULL, " \n", &save);
		if (tok == NULL)
			return 0;
		want = strtod(tok, NULL);
		if (memcmp(&want, &got[i], sizeof want) != 0) {
			diag("field %zu: got %.17g, want %s", i, got[i], tok);
			return 0;
		}
	}
	tok = strtok_r(NULL, " \n", &save);
	return tok != NULL && strcmp(tok, stab[st->stability]) == 0;
}

/*
 * Every pass of run-signed-at-runtime.json (written at run time, so its
 * numbers are the exact values): recompute all fields from the samples.
 */
static void
test_fixture_passes(void)
{
	const char *srcdir = getenv("top_srcdir");
	char path[4096], line[8192], name[128], *tok, *save;
	double v[256];
	size_t n = 0;
	struct ts_stats st;
	int passes = 0, good = 0;
	FILE *f;

	snprintf(path, sizeof path, "%s/tests/fixtures/stats-passes.txt",
	    srcdir ? srcdir : ".");
	if (!ok((f = fopen(path, "r")) != NULL, "stats-passes.txt opens"))
		return;
	while (fgets(line, sizeof line, f) != NULL) {
		if (strncmp(line, "samples ", 8) == 0) {
			tok = strtok_r(line + 8, " \n", &save);
			snprintf(name, sizeof name, "%s", tok ? tok : "?");
			tok = strtok_r(NULL, " \n", &save);
			n = 0;
			while ((tok = strtok_r(NULL, " \n", &save)) != NULL &&
			    n < N(v))
				v[n++] = strtod(tok, NULL);
			continue;
		}
		passes++;
		if (ts_stats_summary(v, n, &st) == 0 &&
		    stats_line_matches(line, &st))
			good++;
		else
			diag("pass %d (%s) differs", passes, name);
	}
	fclose(f);
	ok(passes >= 5, "%d passes in the fixture", passes);
	is_int(good, passes, "every field of every pass is bit-exact");
}

/* The geometric mean (medians: unit-stats-basic). */
static void
test_geomean(void)
{
	static const double a[] = { 1, 4 }, b[] = { 8, 8, 8 },
	    c[] = { 1e-9, 1e9, 1e-9, 1e9 },
	    neg[] = { 1, -1 }, zero[] = { 1, 0 }, inf[] = { 1, INFINITY };
	double g = -1, nanv[] = { 1, NAN };

	ok(ts_geomean(a, N(a), &g) == 0 && g == 2.0, "geomean [1,4] = 2");
	/*
	 * 3 ln 8 / 3 is not exactly ln 8 in doubles: the original's formula
	 * gives 7.999999999999998 (its test compares with a tolerance).
	 */
	ok(ts_geomean(b, N(b), &g) == 0 && fabs(g - 8.0) < 1e-12,
	    "geomean [8,8,8] = 8 within 1e-12");
	is_double(g, 7.999999999999998, "geomean [8,8,8] bits: exp(sum/3)");
	ok(ts_geomean(c, N(c), &g) == 0 && g == 1.0,
	    "geomean [1e-9,1e9,1e-9,1e9] = 1");
	ok(ts_geomean(a, 0, &g) == -1, "geomean of nothing is undefined");
	ok(ts_geomean(neg, N(neg), &g) == -1, "geomean with -1 undefined");
	ok(ts_geomean(zero, N(zero), &g) == -1, "geomean with 0 undefined");
	ok(ts_geomean(inf, N(inf), &g) == -1, "geomean with inf undefined");
	ok(ts_geomean(nanv, N(nanv), &g) == -1, "geomean with NaN undefined");
}

int
main(void)
{
	test_counts();
	test_small_vectors();
	test_stability();
	test_rejection_edges();
	test_real_vector();
	test_fixture_passes();
	test_geomean();
	return done_testing();
}
