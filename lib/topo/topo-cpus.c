/* SPDX-License-Identifier: MIT */
/* Usable CPU count: affinity mask and cgroup CPU quota (see topo-cpus.h). */
#include <config.h>

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "topo/topo-cgroup.h"
#include "topo/topo-cpus.h"

/* quota / period of a "QUOTA PERIOD" text, 0 for none ("max", -1). */
static double
ratio(const char *text)
{
	long long quota, period;
	char word[32];

	if (sscanf(text, "%31s %lld", word, &period) != 2 || period <= 0 ||
	    strcmp(word, "max") == 0 || (quota = strtoll(word, NULL, 10)) <= 0)
		return 0;
	return (double)quota / (double)period;
}

unsigned
ts_cpus_parse_cpu_max(const char *text)
{
	double q = ratio(text);

	return q == 0 ? 0 : q >= 1 ? (unsigned)q : 1;
}

/* The quota one v2 directory sets (cpu.max), 0 for none. */
static double
v2_dir_quota(const char *dir)
{
	char path[600], buf[64];

	snprintf(path, sizeof path, "%s/cpu.max", dir);
	return ts_read_line(path, buf, sizeof buf) == 0 ? ratio(buf) : 0;
}

/* The quota one v1 directory sets (cpu.cfs_quota_us), 0 for none. */
static double
v1_dir_quota(const char *dir)
{
	char path[600], q[64], p[64], text[160];

	snprintf(path, sizeof path, "%s/cpu.cfs_quota_us", dir);
	if (ts_read_line(path, q, sizeof q) == -1)
		return 0;
	snprintf(path, sizeof path, "%s/cpu.cfs_period_us", dir);
	if (ts_read_line(path, p, sizeof p) == -1)
		return 0;
	q[strcspn(q, "\n")] = '\0';
	snprintf(text, sizeof text, "%s %s", q, p);
	return ratio(text);
}

/*
 * The tightest quota from dir up to the hierarchy's mount point, in
 * whole CPUs (at least 1); 0 for none.  A parent's quota bounds its
 * children's, so a job's own cgroup may set none and still be held.
 */
static unsigned
walk_quota(const char *dir, const char *mount, double (*one)(const char *))
{
	char d[512];
	char *slash;
	double q, best = 0;
	size_t m = strlen(mount);

	if (*dir == '\0')
		return 0;
	snprintf(d, sizeof d, "%s", dir);
	for (;;) {
		q = one(d);
		if (q > 0 && (best == 0 || q < best))
			best = q;
		if (strlen(d) <= m || (slash = strrchr(d, '/')) == NULL ||
		    slash == d)
			break;
		*slash = '\0';
	}
	return best == 0 ? 0 : best >= 1 ? (unsigned)best : 1;
}

unsigned
ts_cpus_quota_of(const struct ts_cgroup *cg)
{
	unsigned q = 0;

	if (cg->v1_cpu && cg->v1_cpu_first)
		q = walk_quota(cg->v1_cpu_dir, cg->v1_cpu_mount, v1_dir_quota);
	if (q == 0 && cg->v2)
		q = walk_quota(cg->v2_dir, cg->v2_mount, v2_dir_quota);
	if (q == 0 && cg->v1_cpu && !cg->v1_cpu_first)
		q = walk_quota(cg->v1_cpu_dir, cg->v1_cpu_mount, v1_dir_quota);
	return q;
}

void
ts_cpus_probe(struct ts_cpus *c)
{
	struct ts_cgroup cg;
	cpu_set_t set;
	long n;

	c->affinity = 0;
	if (sched_getaffinity(0, sizeof set, &set) == 0)
		c->affinity = (unsigned)CPU_COUNT(&set);
	if (c->affinity == 0) {
		n = sysconf(_SC_NPROCESSORS_ONLN);
		c->affinity = n > 0 ? (unsigned)n : 1;
	}
	c->quota = ts_cgroup_read(&cg) == 0 ? ts_cpus_quota_of(&cg) : 0;
	c->usable = c->affinity;
	if (c->quota != 0 && c->quota < c->usable)
		c->usable = c->quota;
}
