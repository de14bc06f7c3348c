/* SPDX-License-Identifier: MIT */
/*
 * The processes below this one (ab-tree.h).
 */
#include <config.h>

#include <ctype.h>
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ab-tree.h"
#include "util.h"

static void
add(struct ab_tree *t, pid_t pid)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		if (t->pid[i] == pid)
			return;
	if (t->n == t->cap) {
		t->cap = t->cap == 0 ? 16 : t->cap * 2;
		t->pid = ts_xrealloc(t->pid, t->cap * sizeof *t->pid);
	}
	t->pid[t->n++] = pid;
}

/* Read a small /proc file into buf; its length, or -1. */
static ssize_t
slurp(const char *path, char *buf, size_t len)
{
	ssize_t got, all = 0;
	int fd;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return -1;
	while ((size_t)all + 1 < len &&
	    (got = read(fd, buf + all, len - 1 - (size_t)all)) > 0)
		all += got;
	close(fd);
	buf[all] = '\0';
	return all;
}

/*
 * Add pid's children, from every thread's children file, to t.  Return
 * -1 when the kernel has no such file (CONFIG_PROC_CHILDREN).
 */
static int
children_of(pid_t pid, struct ab_tree *t)
{
	char path[64], buf[4096], *p, *end;
	struct dirent *d;
	DIR *dir;
	long c;

	snprintf(path, sizeof path, "/proc/%ld/task", (long)pid);
	if ((dir = opendir(path)) == NULL)
		return 0;	/* gone meanwhile */
	while ((d = readdir(dir)) != NULL) {
		if (!isdigit((unsigned char)d->d_name[0]))
			continue;
		snprintf(path, sizeof path, "/proc/%ld/task/%.20s/children",
		    (long)pid, d->d_name);
		if (slurp(path, buf, sizeof buf) == -1) {
			if (pid == getpid() && access(path, F_OK) == -1) {
				closedir(dir);
				return -1;
			}
			continue;
		}
		for (p = buf; (c = strtol(p, &end, 10)) > 0; p = end)
			add(t, (pid_t)c);
	}
	closedir(dir);
	return 0;
}

/* The parent of pid from /proc/PID/stat, or 0. */
static pid_t
parent_of(const char *pid)
{
	char path[64], buf[512], *close_paren;
	long ppid;

	snprintf(path, sizeof path, "/proc/%.20s/stat", pid);
	if (slurp(path, buf, sizeof buf) <= 0 ||
	    (close_paren = strrchr(buf, ')')) == NULL ||
	    sscanf(close_paren + 1, " %*c %ld", &ppid) != 1)
		return 0;
	return (pid_t)ppid;
}

/* Without children files: every process whose parent is in t, until none. */
static void
scan_all(struct ab_tree *t)
{
	struct dirent *d;
	size_t before;
	pid_t ppid;
	DIR *dir;
	size_t i;

	do {
		before = t->n;
		if ((dir = opendir("/proc")) == NULL)
			return;
		while ((d = readdir(dir)) != NULL) {
			if (!isdigit((unsigned char)d->d_name[0]))
				continue;
			ppid = parent_of(d->d_name);
			if (ppid == getpid())
				add(t, (pid_t)atol(d->d_name));
			for (i = 0; i < t->n; i++)
				if (ppid != 0 && t->pid[i] == ppid)
					add(t, (pid_t)atol(d->d_name));
		}
		closedir(dir);
	} while (t->n != before);
}

void
ab_tree_list(struct ab_tree *t)
{
	size_t i;

	t->n = 0;
	if (children_of(getpid(), t) == -1) {
		scan_all(t);
		return;
	}
	for (i = 0; i < t->n; i++)
		(void)children_of(t->pid[i], t);
}

void
ab_tree_free(struct ab_tree *t)
{
	free(t->pid);
	memset(t, 0, sizeof *t);
}

void
ab_tree_signal(const struct ab_tree *t, int sig)
{
	size_t i;

	for (i = 0; i < t->n; i++) {
		(void)kill(t->pid[i], sig);
		if (sig == SIGTERM)
			(void)kill(t->pid[i], SIGCONT);
	}
}

bool
ab_tree_stopped(pid_t pid)
{
	char path[64], buf[512], *close_paren;

	snprintf(path, sizeof path, "/proc/%ld/stat", (long)pid);
	if (slurp(path, buf, sizeof buf) <= 0 ||
	    (close_paren = strrchr(buf, ')')) == NULL)
		return false;
	return close_paren[1] == ' ' && close_paren[2] == 'T';
}
