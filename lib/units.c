/* SPDX-License-Identifier: MIT */
/* The units of workload rates: names in documents, labels in tables. */
#include <config.h>

#include <stddef.h>
#include <string.h>

#include "units.h"

static const struct {
	const char	*name;
	const char	*label;
} units[] = {
	[TS_UNIT_DHRYSTONES_PER_SEC] = { "dhrystones_per_sec", "Dhry/s" },
	[TS_UNIT_GFLOPS] = { "gflops", "GFLOP/s" },
	[TS_UNIT_GIB_PER_SEC] = { "gib_per_sec", "GiB/s" },
	[TS_UNIT_MIB_PER_SEC] = { "mib_per_sec", "MiB/s" },
	[TS_UNIT_MELEM_PER_SEC] = { "melem_per_sec", "Melem/s" },
	[TS_UNIT_NANOSECONDS] = { "nanoseconds", "ns" },
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
