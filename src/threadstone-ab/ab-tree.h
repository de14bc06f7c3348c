/* SPDX-License-Identifier: MIT */
/*
 * The processes below this one, as /proc shows them: each process's
 * children (/proc/PID/task/TID/children), or, on a kernel without that
 * file, every process's parent.  For threadstone-ab's launcher, a
 * subreaper: every process its commands start stays below it, whatever
 * they do (background jobs, setsid, double forks), so that this list is
 * everything a command left running.
 */
#ifndef AB_TREE_H
#define AB_TREE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

struct ab_tree {
	pid_t	*pid;
	size_t	 n, cap;
};

/* Every process below this one (not itself) into t; t->n of them. */
void	 ab_tree_list(struct ab_tree *t);
void	 ab_tree_free(struct ab_tree *t);

/*
 * Send sig to every process of t; with SIGTERM, SIGCONT after it, so
 * that a stopped process ends too.
 */
void	 ab_tree_signal(const struct ab_tree *t, int sig);

/* Whether pid is stopped (state T), as /proc says. */
bool	 ab_tree_stopped(pid_t pid);

#endif /* AB_TREE_H */
