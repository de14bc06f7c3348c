/* SPDX-License-Identifier: MIT */
/*
 * One execution in a child process (see run-fork.h).  The suite's own
 * process holds no measuring thread and no buffer while a child runs, so
 * the child starts from the same state every time; what differs is what
 * the kernel gives it: pages, their placement, huge pages, the threads'
 * first CPUs.
 */
#include <config.h>

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "run-fork.h"

int
ts_run_fork_execute(const struct ts_kernel *k,
    const struct ts_pass_config *cfg, struct ts_measurement *m, char *err,
    size_t errlen, void *arg)
{
	char why[512];
	int fds[2], rc, status;
	pid_t pid, parent = getpid();

	(void)arg;
	memset(m, 0, sizeof *m);
	if (pipe(fds) == -1) {
		snprintf(err, errlen, "workload '%s': cannot create a pipe for "
		    "an execution: %s", k->id, strerror(errno));
		return -1;
	}
	/* Nothing buffered may be written twice. */
	fflush(NULL);
	if ((pid = fork()) == -1) {
		snprintf(err, errlen, "workload '%s': cannot start an "
		    "execution's process: %s", k->id, strerror(errno));
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	if (pid == 0) {
		/*
		 * The execution ends with the run, however the run ends
		 * (kill -INT, -TERM or -KILL to it alone): a child left
		 * running its threads would load the next measurement.
		 */
		if (prctl(PR_SET_PDEATHSIG, SIGKILL) == -1 ||
		    getppid() != parent)
			_exit(1);
		close(fds[0]);
		signal(SIGPIPE, SIG_IGN);
		rc = ts_measure(k, cfg, NULL, NULL, m, why, sizeof why);
		rc = ts_exec_send(fds[1], rc, m, why);
		_exit(rc == 0 ? 0 : 1);
	}
	close(fds[1]);
	rc = ts_exec_receive(fds[0], m, err, errlen);
	close(fds[0]);
	while (waitpid(pid, &status, 0) == -1 && errno == EINTR)
		;
	if (rc == 0 && !(WIFEXITED(status) && WEXITSTATUS(status) == 0)) {
		ts_measurement_free(m);
		snprintf(err, errlen, "workload '%s': an execution's process "
		    "failed", k->id);
		return -1;
	}
	if (rc == -1 && WIFSIGNALED(status))
		snprintf(err, errlen, "workload '%s': an execution's process "
		    "was killed by signal %d", k->id, WTERMSIG(status));
	return rc;
}
