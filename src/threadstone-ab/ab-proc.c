/* SPDX-License-Identifier: MIT */
/*
 * The commands' processes (ab-proc.h).
 */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ab-proc.h"
#include "buf.h"
#include "util.h"

/* The launcher and the socket to it. */
static pid_t guard = -1;
static int guard_fd = -1;
static volatile sig_atomic_t interrupted;

/* SIGINT, SIGTERM, SIGHUP: end the run in progress, gently then not. */
static void
on_stop(int sig)
{
	int e = errno;

	if (interrupted == 0) {
		interrupted = sig;
		if (guard > 0)
			(void)kill(guard, SIGUSR1);
	} else if (guard > 0)
		(void)kill(guard, SIGUSR2);
	errno = e;
}

/* The signals ignored when the program started; catch the others. */
static void
catch_signals(sigset_t *ign)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE,
	    SIGUSR1, SIGUSR2, SIGCHLD };
	struct sigaction sa, old;
	size_t i;

	sigemptyset(ign);
	for (i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		if (sigaction(sigs[i], NULL, &old) == 0 &&
		    old.sa_handler == SIG_IGN)
			sigaddset(ign, sigs[i]);
	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = on_stop;
	for (i = 0; i < 3; i++)
		/* A shell starts background jobs with SIGINT ignored. */
		if (sigismember(ign, sigs[i]) != 1)
			sigaction(sigs[i], &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
}

int
ab_proc_start(char *err, size_t errlen)
{
	sigset_t ign, all, old;
	int sv[2];

	sigemptyset(&ign);
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) == -1) {
		snprintf(err, errlen, "cannot make a socket pair: %s",
		    strerror(errno));
		return -1;
	}
	/* Nothing buffered may be written twice. */
	fflush(NULL);
	sigfillset(&all);
	sigprocmask(SIG_SETMASK, &all, &old);
	catch_signals(&ign);
	if ((guard = fork()) == -1) {
		snprintf(err, errlen, "cannot start the process that runs the "
		    "commands: %s", strerror(errno));
		sigprocmask(SIG_SETMASK, &old, NULL);
		close(sv[0]);
		close(sv[1]);
		return -1;
	}
	if (guard == 0) {
		close(sv[0]);
		ab_guard_main(sv[1], &ign);
	}
	close(sv[1]);
	guard_fd = sv[0];
	sigprocmask(SIG_SETMASK, &old, NULL);
	return 0;
}

void
ab_proc_end(void)
{
	int status;

	if (guard_fd >= 0)
		close(guard_fd);
	guard_fd = -1;
	if (guard > 0)
		while (waitpid(guard, &status, 0) == -1 && errno == EINTR)
			;
	guard = -1;
}

int
ab_proc_interrupted(void)
{
	return interrupted;
}

/* Append s and its NUL to b. */
static void
put_word(struct ts_buf *b, const char *s)
{
	ts_buf_add(b, s, strlen(s) + 1);
}

/* The request for l[0..n): its header into rq, its words into b. */
static void
request(const struct ab_how *how, const struct ab_launch *l, size_t n,
    struct ab_req *rq, struct ts_buf *b)
{
	size_t i, k;

	memset(rq, 0, sizeof *rq);
	rq->n = (uint32_t)n;
	rq->flags = (how->show_output ? AB_REQ_SHOW : 0) |
	    (how->capture ? AB_REQ_CAPTURE : 0) |
	    (how->to_end ? AB_REQ_TO_END : 0);
	for (i = 0; i < n; i++) {
		if (l[i].cpus != NULL) {
			rq->has_cpus[i] = 1;
			rq->cpus[i] = *l[i].cpus;
		}
		if (how->shell != NULL) {
			put_word(b, how->shell);
			put_word(b, "-c");
			put_word(b, l[i].text);
			rq->argc[i] = 3;
		} else
			for (k = 0; l[i].argv[k] != NULL; k++, rq->argc[i]++)
				put_word(b, l[i].argv[k]);
	}
	rq->bytes = (uint32_t)b->len;
}

/* Send the request and the memfds; 0, or -1 with errno. */
static int
send_request(const struct ab_req *rq, const struct ts_buf *b,
    const int *fds, size_t nfd)
{
	char cbuf[CMSG_SPACE(2 * sizeof(int))];
	struct cmsghdr *c;
	struct msghdr m;
	struct iovec v;
	ssize_t put;

	memset(&m, 0, sizeof m);
	memset(cbuf, 0, sizeof cbuf);
	v.iov_base = (void *)rq;
	v.iov_len = sizeof *rq;
	m.msg_iov = &v;
	m.msg_iovlen = 1;
	if (nfd > 0) {
		m.msg_control = cbuf;
		m.msg_controllen = CMSG_SPACE(nfd * sizeof(int));
		c = CMSG_FIRSTHDR(&m);
		c->cmsg_level = SOL_SOCKET;
		c->cmsg_type = SCM_RIGHTS;
		c->cmsg_len = CMSG_LEN(nfd * sizeof(int));
		memcpy(CMSG_DATA(c), fds, nfd * sizeof(int));
	}
	while ((put = sendmsg(guard_fd, &m, MSG_NOSIGNAL)) == -1 &&
	    errno == EINTR)
		;
	if (put != (ssize_t)sizeof *rq)
		return -1;
	/* SIGPIPE is ignored here: a launcher gone is EPIPE. */
	return ts_write_all(guard_fd, b->data, b->len);
}

/* Read what the child's output file holds. */
static void
slurp(int fd, struct ab_ran *r)
{
	struct stat st;
	ssize_t got;
	size_t len;

	r->out = NULL;
	r->outlen = 0;
	if (fstat(fd, &st) == -1 || st.st_size <= 0)
		return;
	len = (size_t)st.st_size;
	if (len > AB_OUTPUT_MAX)
		len = AB_OUTPUT_MAX;
	r->out = ts_xmalloc(len + 1);
	while ((got = pread(fd, r->out, len, 0)) == -1 && errno == EINTR)
		;
	r->outlen = got > 0 ? (size_t)got : 0;
	r->out[r->outlen] = '\0';
}

/* How launch i went, from the answer. */
static void
ran_of(const struct ab_rep *rep, size_t i, struct ab_ran *r)
{
	const struct ab_rep_one *o = &rep->r[i];

	r->s.wall_s = o->wall_s;
	r->s.user_s = o->user_s;
	r->s.sys_s = o->sys_s;
	r->s.maxrss_kib = o->maxrss_kib;
	if (WIFSIGNALED(o->wstatus)) {
		r->signal = WTERMSIG(o->wstatus);
		r->status = 128 + r->signal;
	} else
		r->status = WEXITSTATUS(o->wstatus);
	r->exec_errno = o->exec_errno;
	r->stopped = o->stop_signal;
	r->overflow = o->overflow != 0;
	r->refused = rep->refused != 0;
	r->leftovers = rep->leftovers;
}

int
ab_proc_run(const struct ab_how *how, const struct ab_launch *l, size_t n,
    struct ab_ran *ran, char *err, size_t errlen)
{
	int fds[2] = { -1, -1 }, rc = -1;
	struct ab_req rq;
	struct ab_rep rep;
	struct ts_buf b;
	size_t i;

	memset(ran, 0, n * sizeof *ran);
	ts_buf_init(&b);
	request(how, l, n, &rq, &b);
	for (i = 0; how->capture && i < n; i++)
		if ((fds[i] = memfd_create("threadstone-ab", MFD_CLOEXEC))
		    == -1) {
			snprintf(err, errlen, "cannot keep a command's output: "
			    "%s", strerror(errno));
			goto out;
		}
	if (guard_fd < 0 || send_request(&rq, &b, fds, how->capture ? n : 0)
	    == -1 || ts_read_all(guard_fd, &rep, sizeof rep) == -1) {
		snprintf(err, errlen, "the process that runs the commands has "
		    "ended");
		goto out;
	}
	if (rep.error != 0) {
		snprintf(err, errlen, "%s", rep.msg);
		goto out;
	}
	for (i = 0; i < n; i++) {
		ran_of(&rep, i, &ran[i]);
		if (fds[i] >= 0)
			slurp(fds[i], &ran[i]);
	}
	rc = 0;
out:
	for (i = 0; i < 2; i++)
		if (fds[i] >= 0)
			close(fds[i]);
	ts_buf_free(&b);
	return rc;
}

/* What the child that reads a figure sends back. */
struct figure {
	int	 rc;
	double	 v;
	char	 err[512];
};

/* Wait for the figure's child: 0 read, -1 timed out or failed, 1 stop. */
static int
figure_wait(int fd, struct figure *f)
{
	double deadline = ts_now() + AB_FIGURE_LIMIT_S, left;
	struct pollfd p;
	size_t got = 0;
	ssize_t r;

	p.fd = fd;
	p.events = POLLIN;
	while (got < sizeof *f) {
		if (interrupted != 0)
			return 1;
		if ((left = deadline - ts_now()) <= 0)
			return -1;
		if (poll(&p, 1, (int)(left * 1000) + 1) <= 0)
			continue;
		r = read(fd, (char *)f + got, sizeof *f - got);
		if (r == -1 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		got += (size_t)r;
	}
	return 0;
}

int
ab_proc_figure(const struct ts_ab_metric *m, const struct ab_ran *ran,
    double *v, char *err, size_t errlen)
{
	struct figure f;
	int fd[2], rc, status;
	pid_t pid;

	if (m->kind != TS_AB_METRIC_REGEX)
		return ts_ab_metric_value(m, &ran->s, ran->out, ran->outlen, v,
		    err, errlen);
	if (pipe2(fd, O_CLOEXEC) == -1 || (pid = fork()) == -1) {
		snprintf(err, errlen, "%s: cannot start the process that reads "
		    "the figure: %s", m->name, strerror(errno));
		return -1;
	}
	if (pid == 0) {
		memset(&f, 0, sizeof f);
		f.rc = ts_ab_metric_value(m, &ran->s, ran->out, ran->outlen,
		    &f.v, f.err, sizeof f.err);
		(void)!write(fd[1], &f, sizeof f);
		_exit(0);
	}
	close(fd[1]);
	memset(&f, 0, sizeof f);
	rc = figure_wait(fd[0], &f);
	close(fd[0]);
	(void)kill(pid, SIGKILL);
	while (waitpid(pid, &status, 0) == -1 && errno == EINTR)
		;
	if (rc == 0) {
		*v = f.v;
		snprintf(err, errlen, "%s", f.err);
		return f.rc;
	}
	if (rc == -1)
		snprintf(err, errlen, "%s: no match within %d s over %zu bytes "
		    "of output: a pattern that backtracks, such as nested or "
		    "repeated groups, takes time quadratic or worse in a line's "
		    "length", m->name, AB_FIGURE_LIMIT_S, ran->outlen);
	return rc;
}

void
ab_ran_free(struct ab_ran *r)
{
	free(r->out);
	r->out = NULL;
	r->outlen = 0;
}

const char *
ab_ran_how(const struct ab_ran *r, const struct ab_how *how, char *buf,
    size_t len)
{
	const char *abbrev;

	if (r->exec_errno != 0)
		snprintf(buf, len, "cannot run it: %s", strerror(r->exec_errno));
	else if (r->stopped > 0 && sigabbrev_np(r->stopped) != NULL)
		snprintf(buf, len, "stopped by SIG%s", sigabbrev_np(r->stopped));
	else if (r->stopped != 0)
		snprintf(buf, len, "a process of it stopped");
	else if (r->signal != 0) {
		abbrev = sigabbrev_np(r->signal);
		if (abbrev != NULL)
			snprintf(buf, len, "killed by SIG%s", abbrev);
		else
			snprintf(buf, len, "killed by signal %d", r->signal);
	} else if (how->shell != NULL && r->status == AB_NOTFOUND)
		snprintf(buf, len, "exit status 127 (the shell's for a command "
		    "not found)");
	else if (how->shell != NULL && r->status == AB_NOEXEC)
		snprintf(buf, len, "exit status 126 (the shell's for a command "
		    "it cannot run)");
	else
		snprintf(buf, len, "exit status %d", r->status);
	return buf;
}
