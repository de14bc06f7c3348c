/* SPDX-License-Identifier: MIT */
/*
 * lib/topo/topo-cpus.c and topo-cgroup.c: cgroup v2 cpu.max texts to
 * whole CPUs; /proc/self/cgroup and mountinfo to the directories of this
 * process's cgroups (v1's cpu hierarchy mounted anywhere, a container's
 * cgroup namespace); the quota of a cgroup or of a parent, v1 and v2, in
 * a tree made here; and the counts of this process against its affinity
 * mask.
 */
#include <config.h>

#include <sys/stat.h>

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tap.h"
#include "topo/topo-cgroup.h"
#include "topo/topo-cpus.h"

/* Write text to TMP SUB/NAME, making the folder and its parents. */
static void
put(const char *tmp, const char *sub, const char *name, const char *text)
{
	char path[1024], *p;
	size_t n;
	FILE *f;

	snprintf(path, sizeof path, "%s%s", tmp, sub);
	for (p = path + 1; *p != '\0'; p++)
		if (*p == '/') {
			*p = '\0';
			mkdir(path, 0755);
			*p = '/';
		}
	mkdir(path, 0755);
	n = strlen(path);
	snprintf(path + n, sizeof path - n, "/%s", name);
	if ((f = fopen(path, "w")) == NULL) {
		perror(path);
		exit(99);
	}
	fputs(text, f);
	fclose(f);
}

static void
parsing(void)
{
	struct ts_cgroup cg;

	/* cgroup v1, the cpu controller mounted with cpuacct. */
	ts_cgroup_parse(&cg,
	    "12:memory:/user.slice\n"
	    "4:cpu,cpuacct:/user.slice/job.scope\n"
	    "0::/user.slice/job.scope\n",
	    "25 1 0:22 / /sys/fs/cgroup rw - tmpfs tmpfs rw\n"
	    "30 25 0:26 / /sys/fs/cgroup/unified rw - cgroup2 cgroup2 rw\n"
	    "31 25 0:27 / /sys/fs/cgroup/cpuacct,cpu rw - cgroup cgroup "
	    "rw,cpuacct,cpu\n"
	    "32 25 0:28 / /sys/fs/cgroup/cpuset rw - cgroup cgroup rw,cpuset\n");
	ok(cg.v1_cpu && cg.v1_cpu_first && cg.v2,
	    "v1 cpu line before the v2 line");
	is_str(cg.v1_cpu_dir, "/sys/fs/cgroup/cpuacct,cpu/user.slice/job.scope",
	    "v1: the cpu hierarchy's mount point and the path");
	is_str(cg.v1_cpu_mount, "/sys/fs/cgroup/cpuacct,cpu", "v1: its mount");
	is_str(cg.v2_dir, "/sys/fs/cgroup/unified/user.slice/job.scope",
	    "v2: the cgroup2 mount point and the path");
	/* cpuset is not cpu. */
	ts_cgroup_parse(&cg, "3:cpuset:/a\n0::/b\n",
	    "32 25 0:28 / /sys/fs/cgroup/cpuset rw - cgroup cgroup rw,cpuset\n"
	    "33 25 0:29 / /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n");
	ok(!cg.v1_cpu && cg.v2, "cpuset is not the cpu controller");
	is_str(cg.v2_dir, "/sys/fs/cgroup/b", "v2 alone");
	/* A container: the hierarchy's root is mounted, not its top. */
	ts_cgroup_parse(&cg, "5:cpu:/docker/abc\n",
	    "40 30 0:30 /docker/abc /sys/fs/cgroup/cpu ro - cgroup cgroup "
	    "rw,cpu\n");
	is_str(cg.v1_cpu_dir, "/sys/fs/cgroup/cpu",
	    "a mounted root: the path below it");
	ts_cgroup_parse(&cg, "0::/\n", NULL);
	is_str(cg.v2_dir, "/sys/fs/cgroup", "no mountinfo: /sys/fs/cgroup");
}

/* A v1 CFS quota in TMP SUB: quota microseconds in each 100 ms. */
static void
put_cfs(const char *tmp, const char *sub, const char *quota)
{
	put(tmp, sub, "cpu.cfs_quota_us", quota);
	put(tmp, sub, "cpu.cfs_period_us", "100000\n");
}

/* The quota in a tree made under tmp. */
static void
walking(const char *tmp)
{
	struct ts_cgroup cg;
	char mi[2048];

	/* v1: half a CPU set on the cgroup itself. */
	snprintf(mi, sizeof mi, "31 25 0:27 / %s/cpu rw - cgroup cgroup "
	    "rw,cpu,cpuacct\n", tmp);
	put_cfs(tmp, "/cpu/job", "50000\n");
	put_cfs(tmp, "/cpu", "-1\n");
	ts_cgroup_parse(&cg, "2:cpu,cpuacct:/job\n", mi);
	is_int(ts_cpus_quota_of(&cg), 1, "v1: half a CPU on the cgroup: 1");
	/* v1: three CPUs on the parent, none on the child. */
	put_cfs(tmp, "/cpu/batch/job", "-1\n");
	put_cfs(tmp, "/cpu/batch", "300000\n");
	ts_cgroup_parse(&cg, "2:cpu,cpuacct:/batch/job\n", mi);
	is_int(ts_cpus_quota_of(&cg), 3, "v1: the parent's quota holds");
	/* v2: the tighter of the cgroup's and its parent's. */
	snprintf(mi, sizeof mi, "30 25 0:26 / %s/v2 rw - cgroup2 cgroup2 "
	    "rw\n", tmp);
	put(tmp, "/v2/slice/job", "cpu.max", "400000 100000\n");
	put(tmp, "/v2/slice", "cpu.max", "200000 100000\n");
	ts_cgroup_parse(&cg, "0::/slice/job\n", mi);
	is_int(ts_cpus_quota_of(&cg), 2, "v2: the parent's tighter quota");
	put(tmp, "/v2/slice", "cpu.max", "max 100000\n");
	is_int(ts_cpus_quota_of(&cg), 4, "v2: the cgroup's own");
	/* Nothing above the mount point is read. */
	put(tmp, "", "cpu.max", "100000 100000\n");
	put(tmp, "/v2/slice/job", "cpu.max", "max 100000\n");
	is_int(ts_cpus_quota_of(&cg), 0, "v2: none up to the mount point");
}

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

	parsing();
	{
		char tmp[] = "/tmp/unit-topo-cpus.XXXXXX";
		char cmd[64];

		if (mkdtemp(tmp) == NULL) {
			perror("mkdtemp");
			return 99;
		}
		walking(tmp);
		snprintf(cmd, sizeof cmd, "rm -rf %s", tmp);
		if (system(cmd) != 0)
			diag("could not remove %s", tmp);
	}

	ts_cpus_probe(&c);
	n = sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : 0;
	ok(n == 0 || c.affinity == (unsigned)n,
	    "affinity is the mask's count (%u, %d)", c.affinity, n);
	ok(c.usable >= 1 && c.usable <= c.affinity &&
	    (c.quota == 0 || c.usable <= c.quota),
	    "usable: at least 1, within the mask and the quota (%u)", c.usable);
	return done_testing();
}
