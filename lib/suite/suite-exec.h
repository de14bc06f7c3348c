/* SPDX-License-Identifier: MIT */
/*
 * One execution of a pass, and how its measurements travel from the
 * process that took them to the suite.  threadstone-run measures every
 * execution in a process of its own (src/threadstone-run/run-fork.c:
 * fork, measure, send, _exit), so that every buffer is mapped, placed and
 * first-touched anew; the suite only sees a ts_execute_fn.  Without one
 * (the library's tests) an execution runs in the calling process, which
 * maps fresh buffers too but keeps the process's own history.
 */
#ifndef TS_SUITE_EXEC_H
#define TS_SUITE_EXEC_H

#include <stddef.h>

#include "kernels/kernel.h"
#include "suite/suite-pass.h"

/*
 * Measure one execution of a pass into *m, as ts_measure() does.  Return
 * 0, or -1 with a one-line reason in err (m is then empty).
 */
typedef int	ts_execute_fn(const struct ts_kernel *,
		    const struct ts_pass_config *, struct ts_measurement *m,
		    char *err, size_t errlen, void *arg);

/* The in-process execution: ts_measure() without progress. */
ts_execute_fn	ts_exec_inprocess;

/*
 * Write the outcome of an execution to fd (a pipe): the measure when rc
 * is 0, else the reason in err.  Return 0, or -1 when the write failed.
 */
int	 ts_exec_send(int fd, int rc, const struct ts_measurement *m,
	    const char *err);

/*
 * Read what ts_exec_send() wrote, to its end.  Return the sender's rc
 * (0 with *m filled; -1 with its reason in err), or -1 with a reason when
 * the stream is cut short or malformed.
 */
int	 ts_exec_receive(int fd, struct ts_measurement *m, char *err,
	    size_t errlen);

#endif /* TS_SUITE_EXEC_H */
