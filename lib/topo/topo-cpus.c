/* SPDX-License-Identifier: MIT */
/* Usable CPU count: affinity mask and cgroup CPU quota (see topo-cpus.h). */
#include <config.h>

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

/* The quota of this process's cgroup (v2 cpu.max, else v1 cfs); 0 = none. */
static unsigned
cgroup_quota(void)
{
	char line[256], path[512], v1q[64], v1p[64];
	char *rel;
	FILE *f;
	unsigned q = 0;

	f = fopen("/proc/self/cgroup", "r");
	if (f == NULL)
		return 0;
	while (fgets(line, sizeof line, f) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		if (strncmp(line, "0::", 3) == 0) {
			rel = line + 3;
			snprintf(path, sizeof path, "/sys/fs/cgroup%s/cpu.max",
			    strcmp(rel, "/") == 0 ? "" : rel);
			if (read_line(path, v1q, sizeof v1q) == 0 ||
			    read_line("/sys/fs/cgroup/cpu.max", v1q,
			    sizeof v1q) == 0)
				q = ts_cpus_parse_cpu_max(v1q);
		} else if (strstr(line, ":cpu,") != NULL ||
		    strstr(line, ",cpu:") != NULL ||
		    strstr(line, ":cpu:") != NULL) {
			if (read_line("/sys/fs/cgroup/cpu/cpu.cfs_quota_us",
			    v1q, sizeof v1q) == 0 &&
			    read_line("/sys/fs/cgroup/cpu/cpu.cfs_period_us",
			    v1p, sizeof v1p) == 0) {
				v1q[strcspn(v1q, "\n")] = '\0';
				snprintf(line, sizeof line, "%s %s", v1q, v1p);
				if (atoll(v1q) > 0)
					q = ts_cpus_parse_cpu_max(line);
			}
		}
		if (q != 0)
			break;
	}
	fclose(f);
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
