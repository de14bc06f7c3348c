/* SPDX-License-Identifier: MIT */
/*
 * The kernel compatibility table: the original's sort changes with the
 * rustc that built it, threadstone 0.1.0 differs from every original on
 * sort and dhrystone, 0.2.0 does the original's dhrystone but sorts with
 * an ipnsort of its own,
 * the other workloads never differ, unknown producers and versions never
 * differ, and this build's own version is in the table.
 */
#include <config.h>

#include <stdbool.h>
#include <string.h>

#include "report/report-kernels.h"
#include "tap.h"

/* A producer of the Rust family built with rustc 1.MINOR.PATCH. */
static struct ts_producer
rust(const char *version, unsigned minor, unsigned patch, bool pre)
{
	struct ts_producer p;

	memset(&p, 0, sizeof p);
	p.family = TS_FAMILY_RUST;
	p.version = (char *)version;
	p.rustc.set = true;
	p.rustc.major = 1;
	p.rustc.minor = minor;
	p.rustc.patch = patch;
	p.rustc.prerelease = pre;
	return p;
}

/* A producer of the C family (ours). */
static struct ts_producer
ours(const char *version)
{
	struct ts_producer p;

	memset(&p, 0, sizeof p);
	p.family = TS_FAMILY_C;
	p.version = (char *)version;
	return p;
}

/* Whether a and b differ on sort and on dhrystone, as expected. */
static void
expect(const struct ts_producer *a, const struct ts_producer *b,
    bool sort, bool dhrystone, const char *what)
{
	static const char *const same[] = {
		"sgemm", "sha256", "stream", "latency", "no-such-workload"
	};
	size_t i;
	bool any = false;

	ok(ts_kernels_differ(a, b, "sort") == sort &&
	    ts_kernels_differ(b, a, "sort") == sort, "%s: sort %s", what,
	    sort ? "differs" : "does not differ");
	ok(ts_kernels_differ(a, b, "dhrystone") == dhrystone &&
	    ts_kernels_differ(b, a, "dhrystone") == dhrystone,
	    "%s: dhrystone %s", what, dhrystone ? "differs" :
	    "does not differ");
	for (i = 0; i < sizeof same / sizeof same[0]; i++)
		any |= ts_kernels_differ(a, b, same[i]);
	ok(!any, "%s: sgemm, sha256, stream, latency never differ", what);
}

/* The facts the table encodes. */
static void
test_facts(void)
{
	struct ts_producer r180 = rust("2.0.0", 80, 0, false);
	struct ts_producer r1801 = rust("2.0.0", 80, 1, false);
	struct ts_producer r181 = rust("2.0.0", 81, 0, false);
	struct ts_producer r183 = rust("2.0.0", 83, 0, false);
	struct ts_producer r195 = rust("2.0.0", 95, 0, false);
	struct ts_producer c010 = ours("0.1.0"), c020 = ours("0.2.0");

	expect(&r180, &r183, true, false, "original rustc 1.80 vs 1.83");
	expect(&r180, &r1801, false, false, "original rustc 1.80.0 vs 1.80.1");
	expect(&r181, &r195, false, false, "original rustc 1.81 vs 1.95");
	expect(&c020, &r183, true, false, "0.2.0 (C) vs original rustc 1.83");
	expect(&c020, &r181, true, false, "0.2.0 (C) vs original rustc 1.81");
	expect(&c020, &r180, true, false, "0.2.0 (C) vs original rustc 1.80");
	expect(&c010, &r183, true, true, "0.1.0 (C) vs original rustc 1.83");
	expect(&c010, &r180, true, true, "0.1.0 (C) vs original rustc 1.80");
	expect(&c010, &c020, true, true, "0.1.0 (C) vs 0.2.0 (C)");
	expect(&c010, &c010, false, false, "0.1.0 (C) vs itself");
	expect(&c020, &c020, false, false, "0.2.0 (C) vs itself");

	ok(ts_kernel_of(&r180, "sort") != NULL &&
	    strstr(ts_kernel_of(&r180, "sort"), "pdqsort") != NULL,
	    "rustc 1.80: pdqsort");
	ok(ts_kernel_of(&r183, "sort") != NULL &&
	    strstr(ts_kernel_of(&r183, "sort"), "ipnsort") != NULL,
	    "rustc 1.83: ipnsort");
	ok(ts_kernel_of(&r183, "sgemm") == NULL, "sgemm has no entry: the "
	    "same everywhere");
}

/* Prereleases, unknown producers and versions, missing rustc. */
static void
test_unknowns(void)
{
	struct ts_producer n181 = rust("2.0.0", 81, 0, true);
	struct ts_producer b180 = rust("2.0.0", 80, 0, true);
	struct ts_producer n182 = rust("2.0.0", 82, 0, true);
	struct ts_producer r180 = rust("2.0.0", 80, 0, false);
	struct ts_producer r183 = rust("2.0.0", 83, 0, false);
	struct ts_producer r210 = rust("2.1.0", 83, 0, false);
	struct ts_producer norustc = rust("2.0.0", 0, 0, false);
	struct ts_producer c030 = ours("0.3.0"), c010 = ours("0.1.0");
	struct ts_producer unknown;

	memset(&unknown, 0, sizeof unknown);
	ok(ts_kernel_of(&n181, "sort") == NULL, "rustc 1.81 nightly: sort "
	    "unknown (ipnsort landed during that cycle)");
	expect(&n181, &r180, false, false, "1.81 nightly vs 1.80");
	expect(&n181, &r183, false, false, "1.81 nightly vs 1.83");
	expect(&b180, &r183, true, false, "1.80 beta vs 1.83");
	expect(&n182, &r180, true, false, "1.82 nightly vs 1.80");

	norustc.rustc.set = false;
	ok(ts_kernel_of(&norustc, "sort") == NULL, "no rustc: sort unknown");
	expect(&norustc, &c010, false, true, "original without rustc vs "
	    "0.1.0: dhrystone still known");

	expect(&r210, &c010, false, false, "an unknown original version");
	expect(&c030, &r180, false, false, "an unknown version of ours");
	expect(&unknown, &c010, false, false, "an unknown producer");
	unknown.version = (char *)"0.1.0";
	expect(&unknown, &r183, false, false, "unknown family with a known "
	    "version");

	ok(!ts_kernels_differ(NULL, &r183, "sort") &&
	    ts_kernel_of(&r183, NULL) == NULL, "NULL arguments are unknown");
}

/* The table must be told about each release of this package. */
static void
test_this_version(void)
{
	ok(ts_kernel_table_knows(TS_FAMILY_C, PACKAGE_VERSION),
	    "this build's version (%s) is in lib/report/report-kernels.c's "
	    "table",
	    PACKAGE_VERSION);
	ok(ts_kernel_table_knows(TS_FAMILY_RUST, "2.0.0") &&
	    !ts_kernel_table_knows(TS_FAMILY_RUST, "0.1.0") &&
	    !ts_kernel_table_knows(TS_FAMILY_UNKNOWN, "0.1.0") &&
	    !ts_kernel_table_knows(TS_FAMILY_C, NULL),
	    "the table knows the original 2.0.0, and nothing unasked");
}

int
main(void)
{
	test_facts();
	test_unknowns();
	test_this_version();
	return done_testing();
}
