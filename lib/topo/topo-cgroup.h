/* SPDX-License-Identifier: MIT */
/*
 * This process's cgroup, as /proc/self/cgroup names it: the one reader of
 * that file, for the CPU quota (topo-cpus.c) and the memory room
 * (host/host-sysinfo.c).
 */
#ifndef TS_TOPO_CGROUP_H
#define TS_TOPO_CGROUP_H

#include <stdbool.h>
#include <stddef.h>

struct ts_cgroup {
	bool	 v2;		/* a "0::PATH" line (the unified hierarchy) */
	char	 v2_dir[512];	/* its PATH under /sys/fs/cgroup; "" = root */
	bool	 v1_cpu;	/* a cgroup v1 line with the cpu controller */
	bool	 v1_cpu_first;	/* that line comes before the "0::" line */
};

/* Read /proc/self/cgroup into *cg: 0, or -1 (all false) if unreadable. */
int	 ts_cgroup_read(struct ts_cgroup *cg);

/*
 * The first line of the file name in this process's v2 cgroup (as
 * "cpu.max", "memory.max") into buf: 0, or -1 without a v2 cgroup or
 * when the file cannot be read.
 */
int	 ts_cgroup_v2_line(const struct ts_cgroup *cg, const char *name,
	    char *buf, size_t len);

#endif /* TS_TOPO_CGROUP_H */
