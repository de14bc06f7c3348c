/* SPDX-License-Identifier: MIT */
/*
 * The commands' processes (ab-proc.h).
 */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ab-proc.h"
#include "util.h"

/* Groups whose processes an interruption ends (leaders, or leftovers). */
#define MAX_GROUPS	64
/* Seconds between SIGTERM and SIGKILL to the groups. */
#define GRACE_S		2

static volatile sig_atomic_t interrupted;
/* The signals caught here (the others keep their inherited disposition). */
static sigset_t caught;
static volatile sig_atomic_t ngroups;
static volatile pid_t groups[MAX_GROUPS];

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

static void *
keep_busy(void *arg)
{
	struct keeper *k = arg;

	(void)sched_setaffinity(0, sizeof *k->cpus, k->cpus);
	while (!atomic_load_explicit(&k->stop, memory_order_relaxed))
		;
	return NULL;
}

/* Start k on cpus, its signals blocked (k->on 0: it could not start). */
static void
keeper_start(struct keeper *k, const cpu_set_t *cpus)
{
	sigset_t all, old;

	k->cpus = cpus;
	atomic_init(&k->stop, 0);
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	k->on = pthread_create(&k->thread, NULL, keep_busy, k) == 0;
	pthread_sigmask(SIG_SETMASK, &old, NULL);
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

/* Send sig to every group on the list (safe in a handler). */
static void
signal_groups(int sig)
{
	int i;

	for (i = 0; i < ngroups; i++)
		if (groups[i] > 0)
			(void)kill(-groups[i], sig);
}

/* SIGINT, SIGTERM, SIGHUP: end the groups, gently then not. */
static void
on_stop(int sig)
{
	int e = errno;

	if (interrupted == 0) {
		interrupted = sig;
		signal_groups(SIGTERM);
		(void)alarm(GRACE_S);
	} else
		signal_groups(SIGKILL);
	errno = e;
}

/* SIGALRM: the grace is over. */
static void
on_alarm(int sig)
{
	int e = errno;

	(void)sig;
	if (interrupted != 0)
		signal_groups(SIGKILL);
	errno = e;
}

void
ab_proc_catch_signals(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction sa, old;
	size_t i;

	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sigemptyset(&caught);
	sa.sa_handler = on_stop;
	for (i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
		/* A shell starts background jobs with SIGINT ignored. */
		if (sigaction(sigs[i], NULL, &old) == 0 &&
		    old.sa_handler == SIG_IGN)
			continue;
		sigaction(sigs[i], &sa, NULL);
		sigaddset(&caught, sigs[i]);
	}
	sa.sa_handler = on_alarm;
	sigaction(SIGALRM, &sa, NULL);
	sigaddset(&caught, SIGALRM);
}

int
ab_proc_interrupted(void)
{
	return interrupted;
}

/* Block the caught signals (so the list changes whole); old mask in *old. */
static void
hold(sigset_t *old)
{
	sigset_t s;

	sigemptyset(&s);
	sigaddset(&s, SIGINT);
	sigaddset(&s, SIGTERM);
	sigaddset(&s, SIGHUP);
	sigaddset(&s, SIGALRM);
	sigprocmask(SIG_BLOCK, &s, old);
}

/* Put a group on the list (when there is room). */
static void
group_add(pid_t pgid)
{
	sigset_t old;
	int i;

	hold(&old);
	for (i = 0; i < ngroups; i++)
		if (groups[i] == pgid)
			break;
	if (i == ngroups && ngroups < MAX_GROUPS) {
		groups[ngroups] = pgid;
		ngroups = ngroups + 1;
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	/* Interrupted while it started: it ends with the others. */
	if (interrupted != 0)
		(void)kill(-pgid, SIGTERM);
}

/* Take the groups that are gone off the list. */
static void
groups_prune(void)
{
	sigset_t old;
	int i, j;

	hold(&old);
	for (i = j = 0; i < ngroups; i++)
		if (kill(-groups[i], 0) == 0 || errno == EPERM)
			groups[j++] = groups[i];
	ngroups = j;
	sigprocmask(SIG_SETMASK, &old, NULL);
}

void
ab_proc_kill_leftovers(void)
{
	sigset_t old;

	hold(&old);
	signal_groups(SIGKILL);
	sigprocmask(SIG_SETMASK, &old, NULL);
	groups_prune();
}

/* A timeval in seconds. */
static double
seconds(const struct timeval *tv)
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
 * The child: own group, ended with us, pinned, its streams, then wait
 * at the gate and run.  Never returns.
 */
static void __attribute__((noreturn))
child(const struct ab_how *how, const struct ab_launch *l, pid_t parent,
    int gate, int report, int out, int null)
{
	char *sh[4];
	sigset_t none;
	char c;
	int e, sig;

	(void)setpgid(0, 0);
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) == -1 || getppid() != parent)
		_exit(AB_NOEXEC);
	/* Signals were held across fork: back to the defaults, then let in. */
	for (sig = 1; sig < NSIG; sig++)
		if (sigismember(&caught, sig) == 1)
			signal(sig, SIG_DFL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	if (l->cpus != NULL &&
	    sched_setaffinity(0, sizeof *l->cpus, l->cpus) == -1) {
		e = errno;
		(void)!write(report, &e, sizeof e);
		_exit(AB_NOEXEC);
	}
	move_fd(null, STDIN_FILENO);
	if (out >= 0)
		move_fd(out, STDOUT_FILENO);
	else if (!how->show_output)
		move_fd(null, STDOUT_FILENO);
	if (!how->show_output)
		move_fd(null, STDERR_FILENO);
	/* Both commands start when the gate closes. */
	while (read(gate, &c, 1) == -1 && errno == EINTR)
		;
	if (how->shell != NULL) {
		sh[0] = (char *)how->shell;
		sh[1] = "-c";
		sh[2] = (char *)l->text;
		sh[3] = NULL;
		execvp(sh[0], sh);
	} else
		execvp(l->argv[0], l->argv);
	e = errno;
	(void)!write(report, &e, sizeof e);
	_exit(e == ENOENT ? AB_NOTFOUND : AB_NOEXEC);
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

/* Close the fds of the n launches that are open. */
static void
close_all(int *fds, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (fds[i] >= 0) {
			close(fds[i]);
			fds[i] = -1;
		}
}

int
ab_proc_run(const struct ab_how *how, const struct ab_launch *l, size_t n,
    struct ab_ran *ran, char *err, size_t errlen)
{
	int gate[2], rep[2][2] = { { -1, -1 }, { -1, -1 } }, out[2] = { -1, -1 };
	int null, status, e, k;
	struct keeper keeper;
	pid_t pid[2] = { 0, 0 }, parent = getpid(), got;
	double start, end;
	struct rusage ru;
	sigset_t mask;
	size_t i, left;
	ssize_t r;

	memset(ran, 0, n * sizeof *ran);
	memset(&keeper, 0, sizeof keeper);
	if ((null = open("/dev/null", O_RDWR | O_CLOEXEC)) == -1) {
		snprintf(err, errlen, "cannot open /dev/null: %s",
		    strerror(errno));
		return -1;
	}
	if (pipe2(gate, O_CLOEXEC) == -1) {
		snprintf(err, errlen, "cannot make a pipe: %s", strerror(errno));
		close(null);
		return -1;
	}
	for (i = 0; i < n; i++) {
		if (pipe2(rep[i], O_CLOEXEC) == -1)
			goto sys;
		if (how->capture && (out[i] = memfd_create("threadstone-ab",
		    MFD_CLOEXEC)) == -1)
			goto sys;
	}
	/* Nothing buffered may be written twice. */
	fflush(NULL);
	for (i = 0; i < n; i++) {
		hold(&mask);
		if ((pid[i] = fork()) == -1) {
			e = errno;
			sigprocmask(SIG_SETMASK, &mask, NULL);
			errno = e;
			goto sys;
		}
		if (pid[i] == 0) {
			close(gate[1]);
			close(rep[i][0]);
			child(how, &l[i], parent, gate[0], rep[i][1], out[i],
			    null);
		}
		(void)setpgid(pid[i], pid[i]);
		sigprocmask(SIG_SETMASK, &mask, NULL);
		group_add(pid[i]);
		close(rep[i][1]);
		rep[i][1] = -1;
	}
	close(gate[0]);
	start = ts_now();
	close(gate[1]);
	for (left = n; left > 0;) {
		got = wait4(-1, &status, 0, &ru);
		end = ts_now();
		if (got == -1) {
			if (errno == EINTR)
				continue;
			break;	/* ECHILD: nothing left to wait for */
		}
		for (i = 0; i < n && pid[i] != got; i++)
			;
		if (i == n)
			continue;
		left--;
		if (left == 1 && n == 2 && l[i].cpus != NULL)
			keeper_start(&keeper, l[i].cpus);
		ran[i].s.wall_s = end - start;
		ran[i].s.user_s = seconds(&ru.ru_utime);
		ran[i].s.sys_s = seconds(&ru.ru_stime);
		ran[i].s.maxrss_kib = (double)ru.ru_maxrss;
		if (WIFSIGNALED(status)) {
			ran[i].signal = WTERMSIG(status);
			ran[i].status = 128 + ran[i].signal;
		} else
			ran[i].status = WEXITSTATUS(status);
	}
	keeper_stop(&keeper);
	for (i = 0; i < n; i++) {
		do
			r = read(rep[i][0], &e, sizeof e);
		while (r == -1 && errno == EINTR);
		ran[i].exec_errno = r == (ssize_t)sizeof e ? e : 0;
		if (out[i] >= 0)
			slurp(out[i], &ran[i]);
	}
	for (k = 0; k < 2; k++)
		close_all(rep[k], 2);
	close_all(out, 2);
	close(null);
	groups_prune();
	return 0;
sys:
	e = errno;
	snprintf(err, errlen, "cannot start a command: %s", strerror(e));
	/* The children started so far die before the gate opens. */
	for (i = 0; i < n; i++)
		if (pid[i] > 0) {
			(void)kill(pid[i], SIGKILL);
			while (waitpid(pid[i], &status, 0) == -1 &&
			    errno == EINTR)
				;
		}
	close(gate[1]);
	close(gate[0]);
	for (k = 0; k < 2; k++)
		close_all(rep[k], 2);
	close_all(out, 2);
	close(null);
	groups_prune();
	return -1;
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
