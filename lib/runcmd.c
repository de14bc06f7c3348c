/* SPDX-License-Identifier: MIT */
/*
 * Run a command and measure it: fork, execvp, wait4.
 */
#include <config.h>

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "runcmd.h"
#include "util.h"

/* A struct timeval in seconds. */
static double
tv_seconds(const struct timeval *tv)
{
	return (double)tv->tv_sec + (double)tv->tv_usec / 1e6;
}

int
ts_runcmd(char *const argv[], struct ts_runcmd *r, char *err, size_t errlen)
{
	struct sigaction ign, old_int, old_quit;
	struct rusage ru;
	double start;
	pid_t pid, got;
	int status, e;

	memset(r, 0, sizeof *r);
	/* Nothing buffered here may be written twice, by both processes. */
	fflush(stdout);
	fflush(stderr);
	memset(&ign, 0, sizeof ign);
	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	sigaction(SIGINT, &ign, &old_int);
	sigaction(SIGQUIT, &ign, &old_quit);
	start = ts_now();
	pid = fork();
	if (pid == -1) {
		e = errno;
		sigaction(SIGINT, &old_int, NULL);
		sigaction(SIGQUIT, &old_quit, NULL);
		snprintf(err, errlen, "cannot start '%s': %s", argv[0],
		    strerror(e));
		return -1;
	}
	if (pid == 0) {
		sigaction(SIGINT, &old_int, NULL);
		sigaction(SIGQUIT, &old_quit, NULL);
		execvp(argv[0], argv);
		e = errno;
		ts_error("cannot run '%s': %s", argv[0], strerror(e));
		_exit(e == ENOENT ? TS_RUNCMD_NOTFOUND : TS_RUNCMD_NOEXEC);
	}
	do
		got = wait4(pid, &status, 0, &ru);
	while (got == -1 && errno == EINTR);
	r->wall_s = ts_now() - start;
	e = errno;
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGQUIT, &old_quit, NULL);
	if (got == -1) {
		snprintf(err, errlen, "cannot wait for '%s': %s", argv[0],
		    strerror(e));
		return -1;
	}
	r->user_s = tv_seconds(&ru.ru_utime);
	r->sys_s = tv_seconds(&ru.ru_stime);
	if (WIFSIGNALED(status)) {
		r->signal = WTERMSIG(status);
		r->exit_status = 128 + r->signal;
	} else
		r->exit_status = WEXITSTATUS(status);
	return 0;
}
