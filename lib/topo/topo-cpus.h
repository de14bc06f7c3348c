/* SPDX-License-Identifier: MIT */
/*
 * How many CPUs this process may really use: the CPUs in its affinity
 * mask, capped by a cgroup CPU quota (floor(quota / period), at least 1;
 * the tightest of its cgroup's and its parents'), as Rust's
 * available_parallelism() counts them.
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

struct ts_cgroup;
/*
 * The quota of a process in cgroup cg, in whole CPUs (0 = none): the
 * tightest that its cgroup or a parent sets, v2's cpu.max or v1's
 * cpu.cfs_quota_us, from the first of the two hierarchies
 * /proc/self/cgroup lists that sets one.
 */
unsigned ts_cpus_quota_of(const struct ts_cgroup *cg);

/* The cgroup quota in CPUs from a "max 100000" / "200000 100000" text. */
unsigned ts_cpus_parse_cpu_max(const char *text);

#endif /* TS_TOPO_CPUS_H */
