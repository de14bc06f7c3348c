/* SPDX-License-Identifier: MIT */
/*
 * threadstone-ab's launcher (ab-guard.h).
 */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ab-guard.h"
#include "ab-tree.h"
#include "util.h"

/* Seconds between two looks for a stopped process below a command. */
#define STOP_SCAN_S	0.5

/* The launcher's state between runs. */
static struct {
	int		 sock;		/* to the program; -1 once it closed */
	int		 sfd;		/* signalfd: SIGCHLD, SIGUSR1, SIGUSR2 */
	int		 null;		/* /dev/null */
	sigset_t	 ign;		/* ignored when the program started */
	bool		 stop;		/* SIGUSR1 came: measured runs refused */
} g;

/*
 * Duet: a thread that keeps the CPU set of the command that finished
 * first busy until the other finishes, so that no CPU comes free in the
 * middle of a round.  A task that moves to the CPU freed first (an in-VM
 * neighbour) would otherwise move by which command was faster, and share
 * the slower one's CPU set in the rounds after.
 */
struct keeper {
	const cpu_set_t	*cpus;
	atomic_int	 stop;
	pthread_t	 thread;
	int		 on;
};

/* One run: what was asked and how it goes. */
struct run {
	const struct ab_req	*rq;
	char			*words;
	int			 memfd[2];	/* captured output, or -1 */
	pid_t			 pid[2];
	int			 out[2];	/* its output pipe, or -1 */
	size_t			 outlen[2];
	int			 report[2];	/* exec's errno, or -1 */
	bool			 done[2];
	size_t			 left;		/* launched, not yet ended */
	double			 start;
	double			 kill_at;	/* SIGKILL then; 0: not ending */
	double			 scan_at;	/* next look for a stop */
	bool			 to_end;	/* AB_REQ_TO_END */
	struct ab_tree		 stopped;	/* stopped at the last look */
	struct keeper		 keeper;
	struct ab_rep		*rep;
};

static void *
keep_busy(void *arg)
{
	struct keeper *k = arg;

	(void)sched_setaffinity(0, sizeof *k->cpus, k->cpus);
	while (!atomic_load_explicit(&k->stop, memory_order_relaxed))
		;
	return NULL;
}

static void
keeper_start(struct keeper *k, const cpu_set_t *cpus)
{
	k->cpus = cpus;
	atomic_init(&k->stop, 0);
	k->on = pthread_create(&k->thread, NULL, keep_busy, k) == 0;
}

static void
keeper_stop(struct keeper *k)
{
	if (!k->on)
		return;
	atomic_store(&k->stop, 1);
	pthread_join(k->thread, NULL);
	k->on = 0;
}

static double
tv_s(const struct timeval *tv)
{
	return (double)tv->tv_sec + (double)tv->tv_usec / 1e6;
}

/* Put fd on target, or _exit from the child. */
static void
move_fd(int fd, int target)
{
	if (fd != target && dup2(fd, target) == -1)
		_exit(AB_NOEXEC);
}

/*
 * The command's process: a session of its own (no controlling terminal,
 * so it cannot stop on reading one), the program's inherited signal
 * dispositions, pinned, its streams; then the gate, then exec.
 */
static void __attribute__((noreturn))
child(struct run *r, size_t i, char **argv, int gate, int report, int out)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE,
	    SIGUSR1, SIGUSR2, SIGCHLD };
	const struct ab_req *rq = r->rq;
	sigset_t none;
	size_t k;
	char c;
	int e;

	(void)setsid();
	for (k = 0; k < sizeof sigs / sizeof sigs[0]; k++)
		signal(sigs[k], sigismember(&g.ign, sigs[k]) == 1 ? SIG_IGN :
		    SIG_DFL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	if (rq->has_cpus[i] &&
	    sched_setaffinity(0, sizeof rq->cpus[i], &rq->cpus[i]) == -1) {
		e = errno;
		(void)!write(report, &e, sizeof e);
		_exit(AB_NOEXEC);
	}
	move_fd(g.null, STDIN_FILENO);
	if (out >= 0)
		move_fd(out, STDOUT_FILENO);
	else if (!(rq->flags & AB_REQ_SHOW))
		move_fd(g.null, STDOUT_FILENO);
	if (!(rq->flags & AB_REQ_SHOW))
		move_fd(g.null, STDERR_FILENO);
	while (read(gate, &c, 1) == -1 && errno == EINTR)
		;
	execvp(argv[0], argv);
	e = errno;
	(void)!write(report, &e, sizeof e);
	_exit(e == ENOENT ? AB_NOTFOUND : AB_NOEXEC);
}

/* The words of launch i: a NULL-ended vector into r->words. */
static char **
words_of(const struct run *r, size_t i)
{
	const struct ab_req *rq = r->rq;
	char **v, *p = r->words;
	size_t k;

	for (k = 0; k < i; k++) {
		uint32_t w;

		for (w = 0; w < rq->argc[k]; w++)
			p += strlen(p) + 1;
	}
	v = ts_xcalloc(rq->argc[i] + 1, sizeof *v);
	for (k = 0; k < rq->argc[i]; k++) {
		v[k] = p;
		p += strlen(p) + 1;
	}
	return v;
}

/*
 * Fork the launches, held at a gate until all exist, and open it.
 * Return 0, or -1 with the reason in the reply (none runs then).
 */
static int
start(struct run *r)
{
	int gate[2], rep[2], pipe_out[2];
	char **argv;
	size_t i;

	if (pipe2(gate, O_CLOEXEC) == -1)
		goto sys;
	for (i = 0; i < r->rq->n; i++) {
		pipe_out[0] = pipe_out[1] = -1;
		if (pipe2(rep, O_CLOEXEC) == -1 ||
		    (r->memfd[i] >= 0 && pipe2(pipe_out, O_CLOEXEC) == -1))
			goto sys_gate;
		argv = words_of(r, i);
		if ((r->pid[i] = fork()) == -1) {
			free(argv);
			goto sys_gate;
		}
		if (r->pid[i] == 0) {
			close(gate[1]);
			child(r, i, argv, gate[0], rep[1], pipe_out[1]);
		}
		free(argv);
		close(rep[1]);
		r->report[i] = rep[0];
		if (pipe_out[0] >= 0) {
			close(pipe_out[1]);
			r->out[i] = pipe_out[0];
			(void)fcntl(r->out[i], F_SETFL, O_NONBLOCK);
		}
		r->left++;
	}
	close(gate[0]);
	r->start = ts_now();
	close(gate[1]);
	return 0;
sys_gate:
	r->rep->error = errno;
	for (i = 0; i < r->rq->n; i++)
		if (r->pid[i] > 0) {
			(void)kill(r->pid[i], SIGKILL);
			while (waitpid(r->pid[i], NULL, 0) == -1 &&
			    errno == EINTR)
				;
		}
	close(gate[0]);
	close(gate[1]);
	r->left = 0;
	goto said;
sys:
	r->rep->error = errno;
said:
	snprintf(r->rep->msg, sizeof r->rep->msg, "cannot start a command: %s",
	    strerror(r->rep->error));
	return -1;
}

/*
 * Begin ending everything below: SIGTERM now and SIGKILL after the grace,
 * or SIGKILL now when the grace is 0.  A SIGTERM already sent with its
 * SIGKILL due no later is left to run; a SIGKILL is always sent (a
 * process that ignores SIGTERM, or one started after the SIGTERM, is
 * ended by it, not waited for).
 */
static void
end_below(struct run *r, double grace)
{
	struct ab_tree t = { 0 };

	if (grace > 0 && r->kill_at != 0 && r->kill_at <= ts_now() + grace)
		return;
	ab_tree_list(&t);
	ab_tree_signal(&t, grace > 0 ? SIGTERM : SIGKILL);
	ab_tree_free(&t);
	r->kill_at = ts_now() + grace;
}

/* Copy what launch i's pipe holds into its memfd, up to the cap. */
static void
pump(struct run *r, size_t i)
{
	char buf[65536];
	size_t keep;
	ssize_t got;

	while (r->out[i] >= 0) {
		got = read(r->out[i], buf, sizeof buf);
		if (got == -1 && errno == EINTR)
			continue;
		if (got <= 0) {
			if (got == 0 || errno != EAGAIN) {
				close(r->out[i]);
				r->out[i] = -1;
			}
			return;
		}
		keep = AB_OUTPUT_MAX - r->outlen[i];
		if ((size_t)got > keep)
			r->rep->r[i].overflow = 1;
		else
			keep = (size_t)got;
		if (keep > 0 && write(r->memfd[i], buf, keep) != (ssize_t)keep)
			r->rep->r[i].overflow = 1;
		r->outlen[i] += keep;
	}
}

/* Reap what has ended; a launch that stopped ends the run. */
static void
reap(struct run *r)
{
	struct ab_rep_one *o;
	struct rusage ru;
	int status;
	pid_t got;
	size_t i;

	while ((got = wait4(-1, &status, WNOHANG | WUNTRACED, &ru)) > 0) {
		for (i = 0; i < r->rq->n && r->pid[i] != got; i++)
			;
		if (i == r->rq->n || r->done[i])
			continue;	/* an orphan of the run, or after a stop */
		o = &r->rep->r[i];
		if (WIFSTOPPED(status)) {
			o->stop_signal = WSTOPSIG(status);
			end_below(r, AB_GRACE_S);
			continue;
		}
		o->wall_s = ts_now() - r->start;
		o->wstatus = status;
		o->user_s = tv_s(&ru.ru_utime);
		o->sys_s = tv_s(&ru.ru_stime);
		o->maxrss_kib = (double)ru.ru_maxrss;
		r->done[i] = true;
		r->left--;
		if (r->left == 1 && r->rq->n == 2 && r->rq->has_cpus[i] &&
		    r->kill_at == 0)
			keeper_start(&r->keeper, &r->rq->cpus[i]);
	}
}

/* A process below a launch stopped at two looks in a row ends the run. */
static void
look_for_stops(struct run *r)
{
	struct ab_tree now = { 0 };
	size_t i, j, k;

	ab_tree_list(&now);
	for (i = j = 0; i < now.n; i++)
		if (ab_tree_stopped(now.pid[i]))
			now.pid[j++] = now.pid[i];
	now.n = j;
	for (i = 0; i < now.n; i++)
		for (j = 0; j < r->stopped.n; j++)
			if (now.pid[i] == r->stopped.pid[j] && r->kill_at == 0) {
				for (k = 0; k < r->rq->n; k++)
					if (!r->done[k] &&
					    r->rep->r[k].stop_signal == 0)
						r->rep->r[k].stop_signal = -1;
				end_below(r, AB_GRACE_S);
			}
	ab_tree_free(&r->stopped);
	r->stopped = now;
	r->scan_at = ts_now() + STOP_SCAN_S;
}

/* Take what the signalfd holds: children ended, or the program's word. */
static void
take_signals(struct run *r)
{
	struct signalfd_siginfo si;

	while (read(g.sfd, &si, sizeof si) == (ssize_t)sizeof si) {
		if (si.ssi_signo == SIGUSR1) {
			g.stop = true;
			if (r != NULL && !r->to_end)
				end_below(r, AB_GRACE_S);
		} else if (si.ssi_signo == SIGUSR2 && r != NULL)
			end_below(r, 0);
	}
}

/* The program closed its end: it has ended, however it did. */
static bool
program_gone(void)
{
	char c;
	ssize_t got;

	if (g.sock < 0)
		return true;
	got = recv(g.sock, &c, 1, MSG_PEEK | MSG_DONTWAIT);
	if (got == 0 || (got == -1 && errno != EAGAIN && errno != EINTR)) {
		close(g.sock);
		g.sock = -1;
		return true;
	}
	return false;
}

/* Milliseconds until the next thing to do, for poll. */
static int
timeout_ms(const struct run *r)
{
	double next = r->left > 0 ? r->scan_at : 0, now = ts_now();

	if (r->kill_at != 0 && (next == 0 || r->kill_at < next))
		next = r->kill_at;
	if (next == 0)
		return 100;
	return next <= now ? 0 : (int)((next - now) * 1000) + 1;
}

/* Wait for one thing to happen and take it. */
static void
step(struct run *r)
{
	struct pollfd p[4];
	nfds_t n = 0;
	size_t i;

	p[n].fd = g.sfd;
	p[n++].events = POLLIN;
	if (g.sock >= 0) {
		p[n].fd = g.sock;
		p[n++].events = POLLIN;
	}
	for (i = 0; i < 2; i++)
		if (r->out[i] >= 0) {
			p[n].fd = r->out[i];
			p[n++].events = POLLIN;
		}
	(void)poll(p, n, timeout_ms(r));
	take_signals(r);
	reap(r);
	for (i = 0; i < 2; i++)
		if (r->out[i] >= 0)
			pump(r, i);
	if (g.sock >= 0 && program_gone())
		end_below(r, AB_GRACE_S);
	if (r->kill_at != 0 && ts_now() >= r->kill_at) {
		end_below(r, 0);
		r->kill_at = ts_now() + 0.1;
	}
	if (r->left > 0 && ts_now() >= r->scan_at)
		look_for_stops(r);
}

/*
 * Wait until the launches have ended, then end whatever they left
 * below (counted in the reply), and take the last of their output.
 */
static void
wait_all(struct run *r)
{
	struct ab_tree t = { 0 };
	bool counted = false;
	size_t i;

	r->scan_at = ts_now() + STOP_SCAN_S;
	for (;;) {
		if (r->left == 0) {
			keeper_stop(&r->keeper);
			ab_tree_list(&t);
			if (t.n == 0)
				break;
			if (!counted) {
				r->rep->leftovers = (uint32_t)t.n;
				counted = true;
				end_below(r, AB_GRACE_S);
			}
		}
		step(r);
	}
	ab_tree_free(&t);
	ab_tree_free(&r->stopped);
	for (i = 0; i < 2; i++)
		while (r->out[i] >= 0)
			pump(r, i);
}

/* Take a request and its memfds; -1 when the program has gone. */
static int
take_request(struct ab_req *rq, char **words, int memfd[2])
{
	char cbuf[CMSG_SPACE(2 * sizeof(int))];
	struct cmsghdr *c;
	struct msghdr m;
	struct iovec v;
	ssize_t got;
	size_t nfd;

	memset(&m, 0, sizeof m);
	v.iov_base = rq;
	v.iov_len = sizeof *rq;
	m.msg_iov = &v;
	m.msg_iovlen = 1;
	m.msg_control = cbuf;
	m.msg_controllen = sizeof cbuf;
	while ((got = recvmsg(g.sock, &m, MSG_CMSG_CLOEXEC)) == -1 &&
	    errno == EINTR)
		;
	if (got <= 0)
		return -1;
	memfd[0] = memfd[1] = -1;
	for (c = CMSG_FIRSTHDR(&m); c != NULL; c = CMSG_NXTHDR(&m, c))
		if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS) {
			nfd = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
			memcpy(memfd, CMSG_DATA(c), (nfd > 2 ? 2 : nfd) *
			    sizeof(int));
		}
	if ((size_t)got < sizeof *rq &&
	    ts_read_all(g.sock, (char *)rq + got,
	    sizeof *rq - (size_t)got) == -1)
		return -1;
	if (rq->n < 1 || rq->n > 2)
		return -1;
	*words = ts_xmalloc((size_t)rq->bytes + 1);
	(*words)[rq->bytes] = '\0';
	return ts_read_all(g.sock, *words, rq->bytes);
}

/* One request: run it, answer. */
static void
serve(const struct ab_req *rq, char *words, int memfd[2])
{
	struct ab_rep rep;
	struct run r;
	size_t i;

	memset(&rep, 0, sizeof rep);
	memset(&r, 0, sizeof r);
	r.rq = rq;
	r.words = words;
	r.rep = &rep;
	r.to_end = (rq->flags & AB_REQ_TO_END) != 0;
	for (i = 0; i < 2; i++) {
		r.memfd[i] = memfd[i];
		r.out[i] = r.report[i] = -1;
	}
	take_signals(NULL);
	if (g.stop && !r.to_end)
		rep.refused = 1;
	else if (start(&r) == 0)
		wait_all(&r);
	for (i = 0; i < rq->n; i++)
		if (r.report[i] >= 0) {
			int e;

			if (read(r.report[i], &e, sizeof e) == (ssize_t)sizeof e)
				rep.r[i].exec_errno = e;
			close(r.report[i]);
		}
	for (i = 0; i < 2; i++)
		if (memfd[i] >= 0)
			close(memfd[i]);
	if (g.sock >= 0 &&
	    send(g.sock, &rep, sizeof rep, MSG_NOSIGNAL) != (ssize_t)sizeof rep)
		g.sock = -1;
}

/* At the program's end: whatever is still below ends too. */
static void __attribute__((noreturn))
finish(void)
{
	struct ab_req none;
	struct ab_rep rep;
	struct run r;

	memset(&none, 0, sizeof none);
	memset(&r, 0, sizeof r);
	r.rq = &none;
	r.rep = &rep;
	r.out[0] = r.out[1] = -1;
	wait_all(&r);
	_exit(0);
}

void
ab_guard_main(int fd, const sigset_t *ign)
{
	static const int quiet[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT,
	    SIGPIPE };
	struct pollfd p[2];
	struct ab_req rq;
	sigset_t mine;
	char *words;
	int memfd[2];
	size_t i;

	g.sock = fd;
	g.ign = *ign;
	(void)prctl(PR_SET_CHILD_SUBREAPER, 1);
	for (i = 0; i < sizeof quiet / sizeof quiet[0]; i++)
		signal(quiet[i], SIG_IGN);
	sigemptyset(&mine);
	sigaddset(&mine, SIGCHLD);
	sigaddset(&mine, SIGUSR1);
	sigaddset(&mine, SIGUSR2);
	sigprocmask(SIG_SETMASK, &mine, NULL);
	if ((g.sfd = signalfd(-1, &mine, SFD_NONBLOCK | SFD_CLOEXEC)) == -1 ||
	    (g.null = open("/dev/null", O_RDWR | O_CLOEXEC)) == -1)
		_exit(1);
	(void)dup2(g.null, STDIN_FILENO);
	for (;;) {
		p[0].fd = g.sock;
		p[0].events = POLLIN;
		p[1].fd = g.sfd;
		p[1].events = POLLIN;
		if (poll(p, 2, -1) == -1 && errno != EINTR)
			finish();
		take_signals(NULL);
		if (!(p[0].revents & (POLLIN | POLLHUP | POLLERR)))
			continue;
		words = NULL;
		if (take_request(&rq, &words, memfd) == -1)
			finish();
		serve(&rq, words, memfd);
		free(words);
		if (g.sock < 0)
			finish();
	}
}
