/* SPDX-License-Identifier: MIT */
/*
 * threadstone-ab's launcher: a child of the program, forked before the
 * first round, that starts every command and outlives the program.  It
 * is a child subreaper (PR_SET_CHILD_SUBREAPER): whatever a command
 * starts, in the background, in a session of its own or through a
 * double fork, stays below it, so that at the end of every run it ends
 * everything the run left (SIGTERM, SIGKILL after the grace), and when
 * the program ends in any way, even by SIGKILL, the socket between them
 * closes and it ends everything below it and exits.
 *
 * The program sends a request (struct ab_req and the commands' words,
 * the memfds of captured output beside it) and reads a reply (struct
 * ab_rep).  SIGUSR1 from the program ends the run in progress (SIGTERM,
 * then SIGKILL after the grace) and refuses later runs but those marked
 * AB_REQ_TO_END; SIGUSR2 ends it with SIGKILL at once.
 */
#ifndef AB_GUARD_H
#define AB_GUARD_H

#include <sched.h>
#include <signal.h>
#include <stdint.h>

/* Exit statuses of a command that could not be run, as the shell's. */
#define AB_NOEXEC	126
#define AB_NOTFOUND	127

/* Largest standard output kept for a figure. */
#define AB_OUTPUT_MAX	(64u << 20)

/* Seconds between SIGTERM and SIGKILL. */
#define AB_GRACE_S	2.0

/* Request flags. */
#define AB_REQ_SHOW	1u	/* let the output through */
#define AB_REQ_CAPTURE	2u	/* standard output into the memfd given */
#define AB_REQ_TO_END	4u	/* run even after SIGUSR1 (--cleanup) */

struct ab_req {
	uint32_t	 n;		/* launches, 1 or 2 */
	uint32_t	 flags;
	uint32_t	 has_cpus[2];
	cpu_set_t	 cpus[2];
	uint32_t	 argc[2];
	uint32_t	 bytes;		/* of the NUL-ended words after it */
};

struct ab_rep_one {
	int32_t		 wstatus;	/* wait4's status */
	int32_t		 exec_errno;	/* could not be run: why */
	int32_t		 stop_signal;	/* stopped: the signal; -1: below it */
	int32_t		 overflow;	/* output past AB_OUTPUT_MAX */
	double		 wall_s, user_s, sys_s, maxrss_kib;
};

struct ab_rep {
	int32_t		 error;		/* errno of a failed start, or 0 */
	int32_t		 refused;	/* not run: interrupted before */
	uint32_t	 leftovers;	/* processes left when it ended */
	char		 msg[256];	/* error: one line */
	struct ab_rep_one r[2];
};

/*
 * The launcher's life, on socket fd; ign holds the signals that were
 * ignored when the program started (commands inherit that).  Never
 * returns.
 */
void	 ab_guard_main(int fd, const sigset_t *ign) __attribute__((noreturn));

#endif /* AB_GUARD_H */
