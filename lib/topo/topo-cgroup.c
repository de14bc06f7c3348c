/* SPDX-License-Identifier: MIT */
/* This process's cgroup (see topo-cgroup.h). */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "topo/topo-cgroup.h"

/* Whether a cgroup v1 line ("ID:CONTROLLERS:PATH") lists cpu. */
static bool
v1_has_cpu(const char *line)
{
	return strstr(line, ":cpu,") != NULL || strstr(line, ",cpu:") != NULL ||
	    strstr(line, ":cpu:") != NULL;
}

int
ts_cgroup_read(struct ts_cgroup *cg)
{
	char line[sizeof cg->v2_dir + 8];
	const char *rel;
	FILE *f;
	size_t n;

	memset(cg, 0, sizeof *cg);
	f = fopen("/proc/self/cgroup", "r");
	if (f == NULL)
		return -1;
	while (fgets(line, sizeof line, f) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		if (!cg->v2 && strncmp(line, "0::", 3) == 0) {
			rel = strcmp(line + 3, "/") == 0 ? "" : line + 3;
			n = strnlen(rel, sizeof cg->v2_dir - 1);
			memcpy(cg->v2_dir, rel, n);
			cg->v2_dir[n] = '\0';
			cg->v2 = true;
		} else if (!cg->v1_cpu && v1_has_cpu(line)) {
			cg->v1_cpu = true;
			cg->v1_cpu_first = !cg->v2;
		}
	}
	fclose(f);
	return 0;
}

int
ts_cgroup_v2_line(const struct ts_cgroup *cg, const char *name, char *buf,
    size_t len)
{
	char path[sizeof cg->v2_dir + 64];
	FILE *f;
	int rc = -1;

	if (!cg->v2)
		return -1;
	snprintf(path, sizeof path, "/sys/fs/cgroup%s/%s", cg->v2_dir, name);
	f = fopen(path, "r");
	if (f == NULL)
		return -1;
	if (fgets(buf, (int)len, f) != NULL)
		rc = 0;
	fclose(f);
	return rc;
}
