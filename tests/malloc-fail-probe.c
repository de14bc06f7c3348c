/* SPDX-License-Identifier: MIT */
/*
 * libtachyon-probe under allocation failure: for each allocation point N
 * of a call (tachyon_run, tachyon_check_working_set, tachyon_open,
 * tachyon_measure), a child process makes the N-th allocation fail and
 * makes the call.  Every call must return a status code; none may
 * print, abort, crash or spin.  One line per call says what happened.
 *
 *   malloc-fail-probe [-p] [-s STEP] [-f FIRST] [-l LAST] [-t SECONDS] CALL...
 *
 * -p: the N-th allocation and every one after it fail (memory that has
 * run out), not the N-th alone.
 *   malloc-fail-probe -x N CALL     (point N in this process, for gdb)
 *
 * Exit status: 0 when every point held, 1 when one did not, 77 when the
 * injector cannot work here (AddressSanitizer).
 */
#include <config.h>

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <tachyon-probe.h>

#include "malloc-fail.h"

/* -p: every allocation from the N-th on fails. */
static bool persist;

/* Arm the injector for point n. */
static void
arm(long n)
{
	if (persist && n >= 0)
		malloc_fail_arm_from(n);
	else
		malloc_fail_arm(n);
}

enum outcome { O_STATUS, O_PRINT, O_ABORT, O_CRASH, O_SPIN, O_BAD, O_N };
static const char *const outcome_name[O_N] = { "returned", "printed",
    "aborted", "crashed", "spun", "bad status" };

/* Make CALL with the N-th allocation failing (n < 0: none). */
static int
call(const char *what, long n)
{
	struct tachyon_config cfg;
	struct tachyon_result res;
	struct tachyon_check chk;
	struct tachyon_probe *p;
	char err[TACHYON_ERRLEN];
	int st;

	tachyon_config_init(&cfg, sizeof cfg);
	cfg.duration_s = 0.01;
	cfg.working_set_bytes = 64 << 10;
	cfg.threads = 2;
	if (strcmp(what, "measure") == 0) {
		if ((st = tachyon_open(&cfg, &p, err, sizeof err)) != 0)
			return 100 + st;
		arm(n);
		st = tachyon_measure(p, 0.01, &res, sizeof res, err,
		    sizeof err);
		tachyon_close(p);
		return st;
	}
	arm(n);
	if (strcmp(what, "run") == 0)
		return tachyon_run(&cfg, &res, sizeof res, err, sizeof err);
	if (strcmp(what, "open") == 0) {
		if ((st = tachyon_open(&cfg, &p, err, sizeof err)) == 0)
			tachyon_close(p);
		return st;
	}
	cfg.threads = 1;
	cfg.duration_s = 0.05;
	return tachyon_check_working_set(&cfg, &chk, sizeof chk, err,
	    sizeof err);
}

/* How many allocations CALL makes with none failing. */
static long
count(const char *what)
{
	int fd[2], status;
	long seen = -1;
	pid_t pid;

	if (pipe(fd) == -1 || (pid = fork()) == -1)
		return -1;
	if (pid == 0) {
		(void)call(what, -1);
		seen = malloc_fail_seen();
		(void)!write(fd[1], &seen, sizeof seen);
		_exit(0);
	}
	close(fd[1]);
	if (read(fd[0], &seen, sizeof seen) != (ssize_t)sizeof seen)
		seen = -1;
	close(fd[0]);
	waitpid(pid, &status, 0);
	return seen;
}

/* Make CALL in a child with point n failing; what happened. */
static enum outcome
one(const char *what, long n, double limit, int *status_out)
{
	struct timespec t0, t;
	int fd[2], status = 0;
	char buf[256];
	bool printed = false;
	ssize_t got;
	pid_t pid;

	if (pipe(fd) == -1 || (pid = fork()) == -1)
		return O_BAD;
	if (pid == 0) {
		dup2(fd[1], STDOUT_FILENO);
		dup2(fd[1], STDERR_FILENO);
		close(fd[0]);
		_exit(call(what, n));
	}
	close(fd[1]);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		struct pollfd p = { fd[0], POLLIN, 0 };

		if (waitpid(pid, &status, WNOHANG) == pid)
			break;
		clock_gettime(CLOCK_MONOTONIC, &t);
		if ((double)(t.tv_sec - t0.tv_sec) +
		    (double)(t.tv_nsec - t0.tv_nsec) / 1e9 > limit) {
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			close(fd[0]);
			return O_SPIN;
		}
		if (poll(&p, 1, 20) == 1 && (got = read(fd[0], buf,
		    sizeof buf)) > 0) {
			printed = true;
			fprintf(stderr, "# point %ld printed: %.*s\n", n,
			    (int)got, buf);
		}
	}
	while ((got = read(fd[0], buf, sizeof buf)) > 0) {
		printed = true;
		fprintf(stderr, "# point %ld printed: %.*s\n", n, (int)got, buf);
	}
	close(fd[0]);
	if (WIFSIGNALED(status))
		return WTERMSIG(status) == SIGABRT ? O_ABORT : O_CRASH;
	*status_out = WEXITSTATUS(status);
	if (printed)
		return O_PRINT;
	return *status_out <= TACHYON_ETHREAD ? O_STATUS : O_BAD;
}

/* Every STEP-th point of CALL from first to last: 0 when all held. */
static int
campaign(const char *what, long first, long last, long step, double limit)
{
	long n, total, points = 0, tally[O_N] = { 0 }, codes[5] = { 0 };
	enum outcome o;
	int st, i;

	if ((total = count(what)) < 0) {
		printf("%s: cannot count its allocations\n", what);
		return 1;
	}
	if (last < 0 || last >= total + total / 10 + 5)
		last = total + total / 10 + 5;
	for (n = first; n <= last; n += step) {
		st = -1;
		o = one(what, n, limit, &st);
		tally[o]++;
		points++;
		if (o == O_STATUS)
			codes[st]++;
		else
			fprintf(stderr, "# %s: point %ld %s (status %d)\n",
			    what, n, outcome_name[o], st);
	}
	printf("%s%s: %ld points of %ld..%ld (%ld allocations unfailed), "
	    "every %ld: ", what, persist ? " (every allocation from N on)" :
	    "", points, first, last, total, step);
	for (i = 0; i < 5; i++)
		printf("%s%s %ld", i ? ", " : "", tachyon_strerror(i), codes[i]);
	for (i = 1; i < O_N; i++)
		printf("; %s %ld", outcome_name[i], tally[i]);
	printf("\n");
	fflush(stdout);
	return tally[O_STATUS] == points ? 0 : 1;
}

int
main(int argc, char **argv)
{
	long step = 1, first = 0, last = -1;
	double limit = 60;
	int c, rc = 0;

	while ((c = getopt(argc, argv, "ps:f:l:t:x:")) != -1)
		switch (c) {
		case 'p':
			persist = true;
			break;
		case 'x':
			return optind < argc ? call(argv[optind], atol(optarg)) :
			    2;
		case 's':
			step = atol(optarg) > 0 ? atol(optarg) : 1;
			break;
		case 'f':
			first = atol(optarg);
			break;
		case 'l':
			last = atol(optarg);
			break;
		case 't':
			limit = atof(optarg);
			break;
		default:
			return 2;
		}
	if (!malloc_fail_usable()) {
		printf("the injector cannot work under AddressSanitizer\n");
		return 77;
	}
	for (; optind < argc; optind++)
		if (campaign(argv[optind], first, last, step, limit) != 0)
			rc = 1;
	return rc;
}
