/* SPDX-License-Identifier: MIT */
/*
 * lib/units.c: every unit's name reads back as that unit, and a unit
 * says its own direction (ThreadStone 2.0.0 section 8: only the latency's
 * nanoseconds are better lower).
 */
#include <config.h>

#include <stdbool.h>
#include <string.h>

#include "tap.h"
#include "units.h"

int
main(void)
{
	static const struct {
		enum ts_unit unit;
		const char *name, *label;
		bool lower;
	} all[] = {
		{ TS_UNIT_DHRYSTONES_PER_SEC, "dhrystones_per_sec", "Dhry/s",
		    false },
		{ TS_UNIT_GFLOPS, "gflops", "GFLOP/s", false },
		{ TS_UNIT_GIB_PER_SEC, "gib_per_sec", "GiB/s", false },
		{ TS_UNIT_MIB_PER_SEC, "mib_per_sec", "MiB/s", false },
		{ TS_UNIT_MELEM_PER_SEC, "melem_per_sec", "Melem/s", false },
		{ TS_UNIT_NANOSECONDS, "nanoseconds", "ns", true },
	};
	enum ts_unit u;
	size_t i;

	for (i = 0; i < sizeof all / sizeof all[0]; i++) {
		ok(ts_unit_from_name(all[i].name, &u) == 0 &&
		    u == all[i].unit && strcmp(ts_unit_name(u),
		    all[i].name) == 0 && strcmp(ts_unit_label(u),
		    all[i].label) == 0, "%s: name and label %s", all[i].name,
		    all[i].label);
		ok(ts_unit_lower_is_better(all[i].unit) == all[i].lower,
		    "%s: %s is better", all[i].name, all[i].lower ? "lower" :
		    "higher");
	}
	ok(ts_unit_from_name("seconds", &u) == -1, "an unknown name is "
	    "refused");
	ok(!ts_unit_lower_is_better((enum ts_unit)99) &&
	    strcmp(ts_unit_name((enum ts_unit)99), "unknown") == 0,
	    "an unknown unit: higher is better, named unknown");
	return done_testing();
}
