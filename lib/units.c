/* SPDX-License-Identifier: MIT */
/* The units of workload rates: names in documents, labels in tables. */
#include <config.h>

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "units.h"

/* A unit's name, label and direction: the one place a new unit is told. */
static const struct {
	const char	*name;
	const char	*label;
	bool		 lower_better;
} units[] = {
	[TS_UNIT_DHRYSTONES_PER_SEC] = { "dhrystones_per_sec", "Dhry/s",
	    false },
	[TS_UNIT_GFLOPS] = { "gflops", "GFLOP/s", false },
	[TS_UNIT_GIB_PER_SEC] = { "gib_per_sec", "GiB/s", false },
	[TS_UNIT_MIB_PER_SEC] = { "mib_per_sec", "MiB/s", false },
	[TS_UNIT_MELEM_PER_SEC] = { "melem_per_sec", "Melem/s", false },
	[TS_UNIT_NANOSECONDS] = { "nanoseconds", "ns", true },
};

#define NUNITS		(sizeof units / sizeof units[0])

const char *
ts_unit_name(enum ts_unit u)
{
	return (size_t)u < NUNITS ? units[u].name : "unknown";
}

const char *
ts_unit_label(enum ts_unit u)
{
	return (size_t)u < NUNITS ? units[u].label : "?";
}

size_t
ts_unit_count(void)
{
	return NUNITS;
}

bool
ts_unit_lower_is_better(enum ts_unit u)
{
	return (size_t)u < NUNITS && units[u].lower_better;
}

int
ts_unit_from_name(const char *s, enum ts_unit *out)
{
	size_t i;

	for (i = 0; i < NUNITS; i++)
		if (strcmp(s, units[i].name) == 0) {
			*out = (enum ts_unit)i;
			return 0;
		}
	return -1;
}
