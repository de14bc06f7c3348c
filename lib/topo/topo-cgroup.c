/* SPDX-License-Identifier: MIT */
/* This process's cgroup (see topo-cgroup.h). */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "topo/topo-cgroup.h"

/* Whether a comma-separated list names word. */
static bool
lists(const char *list, size_t len, const char *word)
{
	size_t w = strlen(word);
	const char *p = list, *end = list + len, *comma;

	while (p < end) {
		comma = memchr(p, ',', (size_t)(end - p));
		if (comma == NULL)
			comma = end;
		if ((size_t)(comma - p) == w && memcmp(p, word, w) == 0)
			return true;
		p = comma + 1;
	}
	return false;
}

/* dst = mount, then path below the mounted root (which path starts with). */
static void
join(char *dst, size_t len, const char *mount, const char *root,
    const char *path)
{
	size_t r = strlen(root);

	if (strcmp(root, "/") != 0 && strncmp(path, root, r) == 0 &&
	    (path[r] == '/' || path[r] == '\0'))
		path += r;
	if (strcmp(path, "/") == 0)
		path = "";
	snprintf(dst, len, "%s%s", mount, path);
}

/*
 * In mountinfo, the mount of the v2 hierarchy (v2) or of the v1 one with
 * the cpu controller: its mount point and root, 0; -1 if none.
 */
static int
find_mount(const char *mountinfo, bool v2, char *mnt, size_t mlen,
    char *root, size_t rlen)
{
	const char *line = mountinfo, *next, *sep, *opts;
	char f[4][512], type[32];

	for (; line != NULL && *line != '\0'; line = next) {
		next = strchr(line, '\n');
		next = next != NULL ? next + 1 : NULL;
		/* ID PARENT MAJ:MIN ROOT POINT OPTIONS ... - TYPE SOURCE SUPER */
		if (sscanf(line, "%511s %511s %511s %511s", f[0], f[1], f[2],
		    f[3]) != 4 || (sep = strstr(line, " - ")) == NULL ||
		    (next != NULL && sep > next) ||
		    sscanf(sep + 3, "%31s", type) != 1)
			continue;
		if (strcmp(type, v2 ? "cgroup2" : "cgroup") != 0)
			continue;
		if (!v2) {
			const char *end;

			opts = strchr(sep + 3, ' ');
			opts = opts != NULL ? strchr(opts + 1, ' ') : NULL;
			if (opts == NULL)
				continue;
			opts++;
			end = opts + strcspn(opts, " \n");
			if (!lists(opts, (size_t)(end - opts), "cpu"))
				continue;
		}
		/* ROOT is f[3]; the mount point follows it. */
		if (sscanf(line, "%*s %*s %*s %511s %511s", f[0], f[1]) != 2)
			continue;
		snprintf(root, rlen, "%s", f[0]);
		snprintf(mnt, mlen, "%s", f[1]);
		return 0;
	}
	return -1;
}

void
ts_cgroup_parse(struct ts_cgroup *cg, const char *cgroup,
    const char *mountinfo)
{
	char mnt[512], root[512], path[512];
	const char *line = cgroup, *next, *colon;
	bool v1_found = false;
	size_t n;

	memset(cg, 0, sizeof *cg);
	for (; line != NULL && *line != '\0'; line = next) {
		next = strchr(line, '\n');
		n = next != NULL ? (size_t)(next - line) : strlen(line);
		next = next != NULL ? next + 1 : NULL;
		if (n >= sizeof path)
			continue;
		if (!cg->v2 && strncmp(line, "0::", 3) == 0) {
			snprintf(path, sizeof path, "%.*s", (int)(n - 3),
			    line + 3);
			if (mountinfo == NULL || find_mount(mountinfo, true, mnt,
			    sizeof mnt, root, sizeof root) == -1) {
				snprintf(mnt, sizeof mnt, "/sys/fs/cgroup");
				snprintf(root, sizeof root, "/");
			}
			snprintf(cg->v2_mount, sizeof cg->v2_mount, "%s", mnt);
			join(cg->v2_dir, sizeof cg->v2_dir, mnt, root, path);
			cg->v2 = true;
			continue;
		}
		/* ID:CONTROLLERS:PATH */
		if (v1_found || (colon = memchr(line, ':', n)) == NULL)
			continue;
		{
			const char *ctl = colon + 1;
			const char *c2 = memchr(ctl, ':', n - (size_t)(ctl -
			    line));

			if (c2 == NULL || !lists(ctl, (size_t)(c2 - ctl), "cpu"))
				continue;
			v1_found = true;
			cg->v1_cpu = true;
			cg->v1_cpu_first = !cg->v2;
			snprintf(path, sizeof path, "%.*s",
			    (int)(n - (size_t)(c2 + 1 - line)), c2 + 1);
		}
		if (mountinfo == NULL || find_mount(mountinfo, false, mnt,
		    sizeof mnt, root, sizeof root) == -1) {
			snprintf(mnt, sizeof mnt, "/sys/fs/cgroup/cpu");
			snprintf(root, sizeof root, "/");
		}
		snprintf(cg->v1_cpu_mount, sizeof cg->v1_cpu_mount, "%s", mnt);
		join(cg->v1_cpu_dir, sizeof cg->v1_cpu_dir, mnt, root, path);
	}
}

int
ts_cgroup_read(struct ts_cgroup *cg)
{
	struct ts_buf cgroup, mountinfo;
	char err[256];
	bool mounts;

	memset(cg, 0, sizeof *cg);
	if (ts_read_file("/proc/self/cgroup", 1 << 20, &cgroup, err,
	    sizeof err) == -1)
		return -1;
	mounts = ts_read_file("/proc/self/mountinfo", 1 << 24, &mountinfo,
	    err, sizeof err) == 0;
	ts_cgroup_parse(cg, cgroup.data, mounts ? mountinfo.data : NULL);
	if (mounts)
		ts_buf_free(&mountinfo);
	ts_buf_free(&cgroup);
	return 0;
}

int
ts_cgroup_v2_line(const struct ts_cgroup *cg, const char *name, char *buf,
    size_t len)
{
	char path[sizeof cg->v2_dir + 64];

	if (!cg->v2)
		return -1;
	snprintf(path, sizeof path, "%s/%s", cg->v2_dir, name);
	return ts_read_line(path, buf, len);
}
