/* SPDX-License-Identifier: MIT */
/*
 * Run a command as a child and wait for it, as time(1) does: its
 * standard streams are inherited untouched, and its wall time, CPU time
 * (wait4's rusage) and how it ended are recorded.  Only libc.
 */
#ifndef TS_PROBE_RUNCMD_H
#define TS_PROBE_RUNCMD_H

#include <stddef.h>

/* Exit statuses of a command that could not be run, as env(1) uses. */
#define TS_RUNCMD_NOEXEC	126	/* found but not executable */
#define TS_RUNCMD_NOTFOUND	127	/* not found */

struct ts_runcmd {
	double	 wall_s;	/* fork to reap, monotonic clock */
	double	 user_s;	/* the child's (and its children's) CPU time */
	double	 sys_s;
	int	 exit_status;	/* its exit code, or 128 + signal */
	int	 signal;	/* the signal that ended it, or 0 */
	int	 exec_errno;	/* why it could not be run (execvp's errno), or 0 */
};

/*
 * Run argv[0] (searched in PATH) with argv, wait for it, fill *r.  While
 * it runs SIGINT and SIGQUIT are ignored here, so a terminal's ^C reaches
 * the command alone, and SIGTERM and SIGHUP are passed on to it.  A command that cannot be executed ends with 126 or
 * 127 after one line on stderr from the child, and exec_errno is set (the
 * child sends it through a close-on-exec pipe), so that it is told apart
 * from a command that ran and exited 126 or 127.  Return 0, or -1 with the
 * reason in err when no child could be started.
 */
int	 ts_runcmd(char *const argv[], struct ts_runcmd *r, char *err,
	    size_t errlen);

#endif /* TS_PROBE_RUNCMD_H */
