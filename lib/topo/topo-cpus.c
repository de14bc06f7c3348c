/* SPDX-License-Identifier: MIT */
/* Usable CPU count: affinity mask and cgroup CPU quota (see topo-cpus.h). */
#include <config.h>

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "topo/topo-cgroup.h"
#include "topo/topo-cpus.h"

unsigned
ts_cpus_parse_cpu_max(const char *text)
{
	long long quota, period;
	char word[32];

	if (sscanf(text, "%31s %lld", word, &period) != 2 || period <= 0)
		return 0;
	if (strcmp(word, "max") == 0)
		return 0;
	quota = strtoll(word, NULL, 10);
	if (quota <= 0)
		return 0;
	return quota / period >= 1 ? (unsigned)(quota / period) : 1;
}

/* Read the first line of a small file into buf; -1 if unreadable. */
static int
read_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	int rc = -1;

	if (f == NULL)
		return -1;
	if (fgets(buf, (int)len, f) != NULL)
		rc = 0;
	fclose(f);
	return rc;
}

/* The quota of a v2 cgroup's cpu.max (else the root's); 0 = none. */
static unsigned
v2_quota(const struct ts_cgroup *cg)
{
	char buf[64];

	if (ts_cgroup_v2_line(cg, "cpu.max", buf, sizeof buf) == 0 ||
	    read_line("/sys/fs/cgroup/cpu.max", buf, sizeof buf) == 0)
		return ts_cpus_parse_cpu_max(buf);
	return 0;
}

/* The quota of cgroup v1's cfs files; 0 = none. */
static unsigned
v1_quota(void)
{
	char q[64], p[64], text[160];

	if (read_line("/sys/fs/cgroup/cpu/cpu.cfs_quota_us", q,
	    sizeof q) == -1 ||
	    read_line("/sys/fs/cgroup/cpu/cpu.cfs_period_us", p,
	    sizeof p) == -1)
		return 0;
	q[strcspn(q, "\n")] = '\0';
	snprintf(text, sizeof text, "%s %s", q, p);
	return atoll(q) > 0 ? ts_cpus_parse_cpu_max(text) : 0;
}

/*
 * The quota of this process's cgroup (v2 cpu.max, v1 cfs), from the first
 * of the two that /proc/self/cgroup lists and that sets one; 0 = none.
 */
static unsigned
cgroup_quota(void)
{
	struct ts_cgroup cg;
	unsigned q = 0;

	if (ts_cgroup_read(&cg) == -1)
		return 0;
	if (cg.v1_cpu && cg.v1_cpu_first)
		q = v1_quota();
	if (q == 0 && cg.v2)
		q = v2_quota(&cg);
	if (q == 0 && cg.v1_cpu && !cg.v1_cpu_first)
		q = v1_quota();
	return q;
}

void
ts_cpus_probe(struct ts_cpus *c)
{
	cpu_set_t set;
	long n;

	c->affinity = 0;
	if (sched_getaffinity(0, sizeof set, &set) == 0)
		c->affinity = (unsigned)CPU_COUNT(&set);
	if (c->affinity == 0) {
		n = sysconf(_SC_NPROCESSORS_ONLN);
		c->affinity = n > 0 ? (unsigned)n : 1;
	}
	c->quota = cgroup_quota();
	c->usable = c->affinity;
	if (c->quota != 0 && c->quota < c->usable)
		c->usable = c->quota;
}
