/* SPDX-License-Identifier: MIT */
/*
 * The units a workload's rate is measured in (ThreadStone 2.0.0 section
 * 8): what a kernel descriptor declares and a document records, below
 * both so that lib/kernels/ needs nothing of lib/doc/.
 */
#ifndef TS_UNITS_H
#define TS_UNITS_H

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

#endif /* TS_UNITS_H */
