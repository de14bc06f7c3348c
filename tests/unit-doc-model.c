/* SPDX-License-Identifier: MIT */
/*
 * lib/doc/doc-model.c: the JSON names and labels of units and stability
 * classes, both ways, and releasing a report.
 */
#include <config.h>

#include <string.h>

#include "doc/doc-model.h"
#include "tap.h"
#include "util.h"

int
main(void)
{
	static const char *const units[] = { "dhrystones_per_sec", "gflops",
	    "gib_per_sec", "mib_per_sec", "melem_per_sec", "nanoseconds" };
	static const char *const labels[] = { "Dhry/s", "GFLOP/s", "GiB/s",
	    "MiB/s", "Melem/s", "ns" };
	static const char *const stab[] = { "stable", "acceptable", "noisy",
	    "unreliable" };
	enum ts_stability s;
	struct ts_report r;
	enum ts_unit u;
	size_t i;
	bool all = true;

	for (i = 0; i < 6; i++)
		all = all && strcmp(ts_unit_name((enum ts_unit)i), units[i]) ==
		    0 && strcmp(ts_unit_label((enum ts_unit)i), labels[i]) == 0 &&
		    ts_unit_from_name(units[i], &u) == 0 && u == (enum ts_unit)i;
	ok(all, "the six units: names, labels and back");
	ok(ts_unit_from_name("flops", &u) == -1 &&
	    ts_unit_from_name("GFLOP/s", &u) == -1,
	    "an unknown unit or a label is not a unit name");
	is_str(ts_unit_name((enum ts_unit)6), "unknown",
	    "a unit out of range is named unknown");
	is_str(ts_unit_label((enum ts_unit)6), "?", "and labelled ?");
	for (i = 0, all = true; i < 4; i++)
		all = all && strcmp(ts_stability_name((enum ts_stability)i),
		    stab[i]) == 0 && ts_stability_from_name(stab[i], &s) == 0 &&
		    s == (enum ts_stability)i;
	ok(all, "the four stability classes: names and back");
	ok(ts_stability_from_name("Stable", &s) == -1,
	    "stability names are case-sensitive");
	is_str(ts_stability_name((enum ts_stability)9), "unreliable",
	    "a class out of range reads as unreliable");

	ts_report_free(NULL);
	memset(&r, 0, sizeof r);
	r.tool_version = ts_xstrdup("1");
	r.workloads = ts_xcalloc(1, sizeof *r.workloads);
	r.nworkloads = 1;
	r.workloads[0].id = ts_xstrdup("sha256");
	r.workloads[0].single = ts_xcalloc(1, sizeof *r.workloads[0].single);
	r.workloads[0].single->samples = ts_xcalloc(3, sizeof(double));
	r.workloads[0].single->nsamples = 3;
	ts_report_free(&r);
	ok(r.tool_version == NULL && r.workloads == NULL &&
	    r.nworkloads == 0, "a freed report is zeroed (NULL is fine)");
	return done_testing();
}
