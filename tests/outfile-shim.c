/* SPDX-License-Identifier: MIT */
/*
 * An LD_PRELOAD shim for tests/cli-outfile-race.sh: it widens the windows
 * of the file-writing rule (lib/outfile.c) deterministically, so that a
 * test can put another writer's rename, or a SIGTERM, exactly in them.
 * Driven by the environment (nothing happens when TS_SHIM_TARGET is
 * unset):
 *
 *   TS_SHIM_TARGET  the output path, as the program is given it
 *   TS_SHIM_SWAP    a file renamed over TS_SHIM_TARGET right after the
 *                   program's Nth lookup of TS_SHIM_TARGET (open, stat,
 *                   lstat), as if another writer had replaced the file
 *                   between that lookup and the next
 *   TS_SHIM_SWAP_AT  N (default 1)
 *   TS_SHIM_MARK    a file created when the program is paused in a write
 *   TS_SHIM_PAUSE_MS  the pause: the first write of data into a file of
 *                   the target's directory writes half the data, creates
 *                   TS_SHIM_MARK, sleeps this long or until a signal is
 *                   pending (held by the program), and returns the short
 *                   count (the program then writes the rest)
 */
#define _GNU_SOURCE
#include <config.h>
/*
 * The shim defines open and open64, stat and stat64 each under its own
 * name: with 64-bit file offsets (AC_SYS_LARGEFILE, on 32-bit machines)
 * open would be renamed open64, and the programs call the *64 ones.
 */
#undef _FILE_OFFSET_BITS

#include <sys/stat.h>
#include <sys/types.h>

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static int lookups, paused;

typedef ssize_t (*write_fn)(int, const void *, size_t);
typedef int (*open_fn)(const char *, int, ...);
typedef int (*stat_fn)(const char *, struct stat *);

/* The next definition of name (libc's), found once. */
#define REAL(name, type) \
	static type real_##name; \
	if (real_##name == NULL) \
		real_##name = (type)(void (*)(void))dlsym(RTLD_NEXT, #name)

/* After a lookup of path: rename TS_SHIM_SWAP over it, the first time. */
static void
looked_up(const char *path)
{
	const char *target = getenv("TS_SHIM_TARGET");
	const char *swap = getenv("TS_SHIM_SWAP");
	const char *at = getenv("TS_SHIM_SWAP_AT");
	int e = errno;

	if (target == NULL || swap == NULL || path == NULL ||
	    strcmp(path, target) != 0 ||
	    ++lookups != (at != NULL ? atoi(at) : 1))
		return;
	if (rename(swap, target) == -1)
		fprintf(stderr, "outfile-shim: cannot rename %s: %s\n", swap,
		    strerror(errno));
	errno = e;
}

/* Whether fd is a file in the target's directory. */
static int
in_target_dir(int fd)
{
	const char *target = getenv("TS_SHIM_TARGET"), *slash;
	char link[64], name[4096];
	ssize_t n;
	size_t dirlen;

	if (target == NULL || fd < 3 || (slash = strrchr(target, '/')) ==
	    NULL)
		return 0;
	snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
	n = readlink(link, name, sizeof name - 1);
	if (n <= 0)
		return 0;
	name[n] = '\0';
	dirlen = (size_t)(slash - target);
	return strncmp(name, target, dirlen) == 0 && name[dirlen] == '/' &&
	    strchr(name + dirlen + 1, '/') == NULL;
}

ssize_t
write(int fd, const void *buf, size_t len)
{
	const char *ms = getenv("TS_SHIM_PAUSE_MS"), *mark;
	struct timespec ts;
	sigset_t pending;
	ssize_t n;
	long v;
	int mfd;
	REAL(write, write_fn);

	if (paused || ms == NULL || *ms == '\0' || len < 2 || !in_target_dir(fd))
		return real_write(fd, buf, len);
	paused = 1;
	n = real_write(fd, buf, len / 2);
	if ((mark = getenv("TS_SHIM_MARK")) != NULL &&
	    (mfd = open(mark, O_WRONLY | O_CREAT | O_CLOEXEC, 0644)) != -1)
		close(mfd);
	/* In steps of 10 ms; a signal not held ends the pause anyway. */
	for (v = strtol(ms, NULL, 10); v > 0; v -= 10) {
		sigemptyset(&pending);
		if (sigpending(&pending) == 0 && !sigisemptyset(&pending))
			break;
		ts.tv_sec = 0;
		ts.tv_nsec = 10 * 1000000L;
		nanosleep(&ts, NULL);
	}
	return n;
}

/* open and open64: the mode when flags create a file, then the lookup. */
#define OPEN_WRAPPER(name) \
int \
name(const char *path, int flags, ...) \
{ \
	mode_t mode = 0; \
	va_list ap; \
	int fd; \
	REAL(name, open_fn); \
	va_start(ap, flags); \
	if (flags & (O_CREAT | O_TMPFILE)) \
		mode = va_arg(ap, mode_t); \
	va_end(ap); \
	fd = real_##name(path, flags, mode); \
	looked_up(path); \
	return fd; \
}

/* stat, lstat and their 64-bit twins: the call, then the lookup. */
#define STAT_WRAPPER(name, stat_type, fn_type) \
int \
name(const char *path, struct stat_type *st) \
{ \
	int rc; \
	REAL(name, fn_type); \
	rc = real_##name(path, st); \
	looked_up(path); \
	return rc; \
}

/* What the programs call on 32-bit machines (64-bit file offsets). */
typedef int (*stat64_fn)(const char *, struct stat64 *);

OPEN_WRAPPER(open)
OPEN_WRAPPER(open64)
STAT_WRAPPER(stat, stat, stat_fn)
STAT_WRAPPER(lstat, stat, stat_fn)
STAT_WRAPPER(stat64, stat64, stat64_fn)
STAT_WRAPPER(lstat64, stat64, stat64_fn)
