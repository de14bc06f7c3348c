/* SPDX-License-Identifier: MIT */
/*
 * The units a workload's rate is measured in (ThreadStone 2.0.0 section
 * 8): what a kernel descriptor declares and a document records, below
 * both so that lib/kernels/ needs nothing of lib/doc/.
 */
#ifndef TS_UNITS_H
#define TS_UNITS_H

#include <stdbool.h>
#include <stddef.h>

enum ts_unit {
	TS_UNIT_DHRYSTONES_PER_SEC,	/* "dhrystones_per_sec", label "Dhry/s" */
	TS_UNIT_GFLOPS,			/* "gflops", "GFLOP/s" */
	TS_UNIT_GIB_PER_SEC,		/* "gib_per_sec", "GiB/s" */
	TS_UNIT_MIB_PER_SEC,		/* "mib_per_sec", "MiB/s" */
	TS_UNIT_MELEM_PER_SEC,		/* "melem_per_sec", "Melem/s" */
	TS_UNIT_NANOSECONDS		/* "nanoseconds", "ns"; lower is better */
};

/*
 * The JSON name ("gflops") and display label ("GFLOP/s") of a unit, and
 * the unit of a JSON name: 0, or -1 when unknown.
 */
const char	*ts_unit_name(enum ts_unit);
const char	*ts_unit_label(enum ts_unit);
int		 ts_unit_from_name(const char *, enum ts_unit *);

/* How many units there are: they are 0 to ts_unit_count() - 1. */
size_t		 ts_unit_count(void);

/*
 * Whether a lower figure in this unit is the better one (a time, such
 * as a latency), rather than a higher one (a rate).  Every score, ratio,
 * change and verdict asks this, never the unit itself.
 */
bool		 ts_unit_lower_is_better(enum ts_unit);

#endif /* TS_UNITS_H */
