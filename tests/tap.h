/* SPDX-License-Identifier: MIT */
/*
 * A tiny TAP producer for the C unit tests: ok(), skip(), is_int(),
 * is_str(), is_double(), and done_testing() which prints the plan and
 * returns the exit status.  Header-only; each test program includes it once.
 */
#ifndef TS_TAP_H
#define TS_TAP_H

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static int tap_count, tap_failed;

/*
 * What emulates this machine, or NULL: maint/cross-check.sh sets
 * TS_EMULATED under qemu-user, where a test that compares timings skips,
 * saying so (nothing else may skip for it).
 */
static __attribute__((unused)) const char *
tap_emulated(void)
{
	const char *e = getenv("TS_EMULATED");

	return e != NULL && *e != '\0' ? e : NULL;
}

/* Report one test; return cond so callers can print diagnostics. */
static int __attribute__((format(printf, 2, 3), unused))
ok(int cond, const char *fmt, ...)
{
	va_list ap;

	tap_count++;
	if (!cond)
		tap_failed++;
	printf("%sok %d - ", cond ? "" : "not ", tap_count);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
	return cond;
}

/* Report n tests skipped, with the reason ("ok N # SKIP why"). */
static void __attribute__((format(printf, 2, 3), unused))
skip(int n, const char *fmt, ...)
{
	va_list ap;

	while (n-- > 0) {
		tap_count++;
		printf("ok %d # SKIP ", tap_count);
		va_start(ap, fmt);
		vprintf(fmt, ap);
		va_end(ap);
		putchar('\n');
	}
	fflush(stdout);
}

/* Print a diagnostic line ("# ..."). */
static void __attribute__((format(printf, 1, 2), unused))
diag(const char *fmt, ...)
{
	va_list ap;

	fputs("# ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

#define is_int(got, want, name) do {					\
	long long g_ = (long long)(got), w_ = (long long)(want);	\
	if (!ok(g_ == w_, "%s", name))					\
		diag("got %lld, want %lld", g_, w_);			\
} while (0)

#define is_u64(got, want, name) do {					\
	uint64_t g_ = (uint64_t)(got), w_ = (uint64_t)(want);		\
	if (!ok(g_ == w_, "%s", name))					\
		diag("got 0x%016" PRIx64 ", want 0x%016" PRIx64, g_, w_); \
} while (0)

#define is_str(got, want, name) do {					\
	const char *g_ = (got), *w_ = (want);				\
	if (!ok(g_ != NULL && strcmp(g_, w_) == 0, "%s", name))		\
		diag("got \"%s\", want \"%s\"", g_ ? g_ : "(null)", w_); \
} while (0)

/* Exact equality of doubles, bit for bit (0.0 and -0.0 differ). */
#define is_double(got, want, name) do {					\
	double g_ = (got), w_ = (want);					\
	if (!ok(memcmp(&g_, &w_, sizeof g_) == 0, "%s", name))		\
		diag("got %.17g, want %.17g", g_, w_);			\
} while (0)

/* Occurrences of needle in hay, for tests of written text. */
static int __attribute__((unused))
occurrences(const char *hay, const char *needle)
{
	int n = 0;

	while ((hay = strstr(hay, needle)) != NULL) {
		n++;
		hay += strlen(needle);
	}
	return n;
}

/*
 * Run fn(arg) in a child process whose stderr goes into out (len bytes
 * at most, NUL-terminated), for what ends the program; its exit status,
 * -1 when it did not exit (a signal), -2 when there was no child.
 */
static int __attribute__((unused))
tap_child(void (*fn)(void *), void *arg, char *out, size_t len)
{
	int fd[2], status;
	ssize_t n, got = 0;
	pid_t pid;

	fflush(stdout);
	if (pipe(fd) == -1 || (pid = fork()) == -1)
		return -2;
	if (pid == 0) {
		dup2(fd[1], 2);
		close(fd[0]);
		fn(arg);
		_exit(0);
	}
	close(fd[1]);
	while ((size_t)got + 1 < len &&
	    (n = read(fd[0], out + got, len - 1 - (size_t)got)) > 0)
		got += n;
	out[got] = '\0';
	close(fd[0]);
	waitpid(pid, &status, 0);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static int __attribute__((unused))
done_testing(void)
{
	printf("1..%d\n", tap_count);
	return tap_failed ? 1 : 0;
}

#endif /* TS_TAP_H */
