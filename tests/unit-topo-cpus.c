/* SPDX-License-Identifier: MIT */
/*
 * lib/topo/topo-cpus.c: cgroup v2 cpu.max texts to whole CPUs, and the
 * counts of this process against its affinity mask.
 */
#include <config.h>

#include <sched.h>

#include "tap.h"
#include "topo/topo-cpus.h"

int
main(void)
{
	struct ts_cpus c;
	cpu_set_t set;
	int n;

	is_int(ts_cpus_parse_cpu_max("max 100000\n"), 0, "max: no quota");
	is_int(ts_cpus_parse_cpu_max("200000 100000\n"), 2, "two CPUs");
	is_int(ts_cpus_parse_cpu_max("250000 100000"), 2,
	    "2.5 CPUs round down");
	is_int(ts_cpus_parse_cpu_max("50000 100000"), 1,
	    "half a CPU counts as one");
	is_int(ts_cpus_parse_cpu_max("100000 0"), 0, "a zero period: none");
	is_int(ts_cpus_parse_cpu_max("-1 100000"), 0,
	    "cgroup v1's -1: none");
	is_int(ts_cpus_parse_cpu_max(""), 0, "empty: none");
	is_int(ts_cpus_parse_cpu_max("garbage"), 0, "one word: none");

	ts_cpus_probe(&c);
	n = sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : 0;
	ok(n == 0 || c.affinity == (unsigned)n,
	    "affinity is the mask's count (%u, %d)", c.affinity, n);
	ok(c.usable >= 1 && c.usable <= c.affinity &&
	    (c.quota == 0 || c.usable <= c.quota),
	    "usable: at least 1, within the mask and the quota (%u)", c.usable);
	return done_testing();
}
