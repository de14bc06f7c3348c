/* SPDX-License-Identifier: MIT */
/*
 * How many CPUs this process may really use: the CPUs in its affinity
 * mask, capped by a cgroup CPU quota (floor(quota / period), at least 1),
 * as Rust's available_parallelism() counts them.
 */
#ifndef TS_TOPO_CPUS_H
#define TS_TOPO_CPUS_H

struct ts_cpus {
	unsigned	affinity;	/* CPUs in the affinity mask (>= 1) */
	unsigned	quota;		/* cgroup quota in whole CPUs; 0 = none */
	unsigned	usable;		/* min(affinity, quota), at least 1 */
};

/* Fill in the counts; never fails (unknown parts count as unlimited). */
void	ts_cpus_probe(struct ts_cpus *);

/* The cgroup quota in CPUs from a "max 100000" / "200000 100000" text. */
unsigned ts_cpus_parse_cpu_max(const char *text);

#endif /* TS_TOPO_CPUS_H */
