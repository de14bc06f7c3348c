/* SPDX-License-Identifier: MIT */
/*
 * threadstone-run's executions: each in a process of its own.
 */
#ifndef TS_RUN_FORK_H
#define TS_RUN_FORK_H

#include "suite/suite-exec.h"

/* What the document says makes an execution fresh. */
#define TS_RUN_FORK_ISOLATION	"a process of its own for each execution " \
	"(fork): every buffer mapped, placed and first-touched anew, the " \
	"measuring threads started anew"

/*
 * Fork; the child measures the execution, sends it through a pipe and
 * ends with _exit; the parent reads it and reaps the child.
 */
ts_execute_fn	ts_run_fork_execute;

#endif /* TS_RUN_FORK_H */
