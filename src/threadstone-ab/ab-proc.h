/* SPDX-License-Identifier: MIT */
/*
 * threadstone-ab's commands as processes: each run is a child in a
 * process group of its own, started through the shell (SHELL -c COMMAND)
 * or directly, with standard input from /dev/null and its output
 * discarded (or shown), its standard output kept in memory when the
 * figure is read from it; pinned to a CPU set for duet.  One or two
 * children are released together through a pipe once both exist, timed
 * from that moment to wait4's return, which gives their CPU time and
 * peak memory.  SIGINT, SIGTERM and SIGHUP end every child's whole
 * group: SIGTERM at once, SIGKILL two seconds later (or at a second
 * signal), and the experiment ends after what the rounds measured so
 * far.
 */
#ifndef AB_PROC_H
#define AB_PROC_H

#include <sched.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "ab-guard.h"
#include "ab/ab-metric.h"

/* How commands are started (fixed for the experiment). */
struct ab_how {
	const char	*shell;		/* SHELL for SHELL -c; NULL: none */
	bool		 show_output;	/* let the commands' output through */
	bool		 capture;	/* keep standard output (a figure) */
	bool		 to_end;	/* run even after an interruption */
};

/* One command to start: its text, or its words without a shell. */
struct ab_launch {
	const char	*text;
	char *const	*argv;		/* with shell NULL */
	const cpu_set_t	*cpus;		/* pin to these; NULL: not pinned */
};

/* How one run went. */
struct ab_ran {
	struct ts_ab_sample	 s;
	int			 status;	/* exit status, or 128 + signal */
	int			 signal;	/* that ended it, or 0 */
	int			 exec_errno;	/* could not be run: why */
	int			 stopped;	/* stopped by this signal; -1:
						   a process below it was */
	bool			 overflow;	/* output past AB_OUTPUT_MAX */
	bool			 refused;	/* not run: interrupted before */
	unsigned		 leftovers;	/* processes it left running */
	char			*out;		/* standard output (capture) */
	size_t			 outlen;
};

/*
 * Start the launcher and catch SIGINT, SIGTERM and SIGHUP (those not
 * ignored when the program started, so that a background job's stays
 * ignored); ignore SIGPIPE (a closed standard output is a write error,
 * said when the program ends).  Return 0, or -1 with one line in err.
 */
int	 ab_proc_start(char *err, size_t errlen);

/* End the launcher (everything below it ends) and wait for it. */
void	 ab_proc_end(void);

/* The signal that interrupted the experiment, or 0. */
int	 ab_proc_interrupted(void);

/*
 * Start the n (1 or 2) commands of l together and wait for every one of
 * them; ran[i] gets how l[i] went (free its out with ab_ran_free).
 * Return 0, or -1 with a one-line reason in err when a child could not
 * be started (then none runs).
 */
int	 ab_proc_run(const struct ab_how *, const struct ab_launch *l,
	    size_t n, struct ab_ran *ran, char *err, size_t errlen);

void	 ab_ran_free(struct ab_ran *);

/* Seconds a regex: figure may take to be read. */
#define AB_FIGURE_LIMIT_S	10

/*
 * The figure of a run (ts_ab_metric_value), a regex:'s read in a child
 * process: POSIX regexec backtracks, quadratic or worse in a line's
 * length on some patterns, and cannot be interrupted; the child is
 * ended after AB_FIGURE_LIMIT_S seconds or at once when the experiment
 * is interrupted.  Return 0, -1 with one line in err, or 1 when
 * interrupted.
 */
int	 ab_proc_figure(const struct ts_ab_metric *m, const struct ab_ran *,
	    double *v, char *err, size_t errlen);

/* "exit status 3", "killed by SIGSEGV", "not found" ...: how it ended. */
const char *ab_ran_how(const struct ab_ran *, const struct ab_how *,
	    char *buf, size_t len);

#endif /* AB_PROC_H */
