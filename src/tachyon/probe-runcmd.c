/* SPDX-License-Identifier: MIT */
/*
 * Run a command and measure it: fork, execvp, wait4.
 */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "msg.h"
#include "probe-runcmd.h"
#include "util.h"

/* The running child, for the forwarding handler; 0 when none. */
static volatile sig_atomic_t child_pid;

/* Pass SIGTERM and SIGHUP on to the command, which decides. */
static void
forward(int sig)
{
	if (child_pid > 0)
		(void)kill((pid_t)child_pid, sig);
}

/* A struct timeval in seconds. */
static double
tv_seconds(const struct timeval *tv)
{
	return (double)tv->tv_sec + (double)tv->tv_usec / 1e6;
}

/* Put back the dispositions ts_runcmd() changed. */
static void
restore(const struct sigaction *i, const struct sigaction *q,
    const struct sigaction *t, const struct sigaction *h)
{
	sigaction(SIGINT, i, NULL);
	sigaction(SIGQUIT, q, NULL);
	sigaction(SIGTERM, t, NULL);
	sigaction(SIGHUP, h, NULL);
}

int
ts_runcmd(char *const argv[], struct ts_runcmd *r, char *err, size_t errlen)
{
	struct sigaction ign, fwd, old_int, old_quit, old_term, old_hup;
	struct rusage ru;
	double start;
	pid_t pid, got;
	int status, e, fds[2];
	ssize_t n;

	memset(r, 0, sizeof *r);
	/* Nothing buffered here may be written twice, by both processes. */
	fflush(stdout);
	fflush(stderr);
	memset(&ign, 0, sizeof ign);
	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	sigaction(SIGINT, &ign, &old_int);
	sigaction(SIGQUIT, &ign, &old_quit);
	memset(&fwd, 0, sizeof fwd);
	fwd.sa_handler = forward;
	sigemptyset(&fwd.sa_mask);
	sigaction(SIGTERM, &fwd, &old_term);
	sigaction(SIGHUP, &fwd, &old_hup);
	child_pid = 0;
	if (pipe2(fds, O_CLOEXEC) == -1) {
		e = errno;
		restore(&old_int, &old_quit, &old_term, &old_hup);
		snprintf(err, errlen, "cannot start '%s': %s", argv[0],
		    strerror(e));
		return -1;
	}
	start = ts_now();
	pid = fork();
	if (pid == -1) {
		e = errno;
		close(fds[0]);
		close(fds[1]);
		restore(&old_int, &old_quit, &old_term, &old_hup);
		snprintf(err, errlen, "cannot start '%s': %s", argv[0],
		    strerror(e));
		return -1;
	}
	if (pid == 0) {
		restore(&old_int, &old_quit, &old_term, &old_hup);
		close(fds[0]);
		execvp(argv[0], argv);
		e = errno;
		ts_error("cannot run '%s': %s", argv[0], strerror(e));
		(void)!write(fds[1], &e, sizeof e);
		_exit(e == ENOENT ? TS_RUNCMD_NOTFOUND : TS_RUNCMD_NOEXEC);
	}
	close(fds[1]);
	child_pid = pid;
	do
		got = wait4(pid, &status, 0, &ru);
	while (got == -1 && errno == EINTR);
	r->wall_s = ts_now() - start;
	e = errno;
	child_pid = 0;
	restore(&old_int, &old_quit, &old_term, &old_hup);
	/* The child has ended: the pipe holds execvp's errno, or nothing. */
	do
		n = read(fds[0], &r->exec_errno, sizeof r->exec_errno);
	while (n == -1 && errno == EINTR);
	if (n != (ssize_t)sizeof r->exec_errno)
		r->exec_errno = 0;
	close(fds[0]);
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
