/* SPDX-License-Identifier: MIT */
/*
 * This process's cgroup, as /proc/self/cgroup names it and
 * /proc/self/mountinfo says where its hierarchies are mounted: the one
 * reader of those files, for the CPU quota (topo-cpus.c) and the memory
 * room (host/host-sysinfo.c).
 */
#ifndef TS_TOPO_CGROUP_H
#define TS_TOPO_CGROUP_H

#include <stdbool.h>
#include <stddef.h>

struct ts_cgroup {
	bool	 v2;		/* a "0::PATH" line (the unified hierarchy) */
	char	 v2_dir[512];	/* its directory (mount point and PATH) */
	char	 v2_mount[512];	/* the hierarchy's mount point */
	bool	 v1_cpu;	/* a cgroup v1 line with the cpu controller */
	bool	 v1_cpu_first;	/* that line comes before the "0::" line */
	char	 v1_cpu_dir[512];	/* its directory, "" if not mounted */
	char	 v1_cpu_mount[512];	/* the cpu hierarchy's mount point */
};

/* Read /proc/self/cgroup into *cg: 0, or -1 (all false) if unreadable. */
int	 ts_cgroup_read(struct ts_cgroup *cg);

/*
 * The same from the texts of the two files (for tests): cgroup is
 * /proc/self/cgroup's, mountinfo /proc/self/mountinfo's (NULL: the
 * hierarchies are where systemd mounts them, under /sys/fs/cgroup).
 */
void	 ts_cgroup_parse(struct ts_cgroup *cg, const char *cgroup,
	    const char *mountinfo);

/*
 * The first line of the file name in this process's v2 cgroup (as
 * "cpu.max", "memory.max") into buf: 0, or -1 without a v2 cgroup or
 * when the file cannot be read.
 */
int	 ts_cgroup_v2_line(const struct ts_cgroup *cg, const char *name,
	    char *buf, size_t len);

#endif /* TS_TOPO_CGROUP_H */
